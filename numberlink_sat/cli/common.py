"""What every subcommand shares: exit codes, reading input, colour decisions, error output.

Exit codes (a contract; tools rely on them):

====  =========================================
0     solved, or unique
1     no solution
2     bad input or usage
3     not unique
4     time limit passed
====  =========================================
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO

from numberlink_sat.sat.solvers import DEFAULT_SOLVER, INCREMENTAL_SOLVERS

__all__ = [
    "EXIT_NOT_UNIQUE",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "EXIT_TIMEOUT",
    "EXIT_USAGE",
    "add_solver_options",
    "positive_int",
    "positive_number",
    "positive_seconds",
    "read_input",
    "use_colour",
]

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_NOT_UNIQUE = 3
EXIT_TIMEOUT = 4


def read_input(path: str) -> str:
    """The text of ``path``, or of standard input when ``path`` is ``-``."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8", errors="strict") as handle:
        return handle.read()


def use_colour(stream: IO[str], mode: str = "auto") -> bool:
    """Colour when asked (``always``), never with ``never`` or ``NO_COLOR``, else if a TTY."""
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    if mode == "always":
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def positive_number(text: str, what: str = "a number") -> float:
    """argparse type for a number > 0 (``what`` names it in the error)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """argparse type for a time limit in seconds (> 0)."""
    return positive_number(text, "a number of seconds")


def positive_int(text: str) -> int:
    """argparse type for a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """``--solver`` and ``--time-limit``, the same on every subcommand that solves."""
    parser.add_argument(
        "--solver",
        default=DEFAULT_SOLVER,
        choices=INCREMENTAL_SOLVERS,
        metavar="NAME",
        help=f"PySAT solver (default {DEFAULT_SOLVER}; one of {', '.join(INCREMENTAL_SOLVERS)})",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_seconds,
        default=None,
        metavar="SECONDS",
        help="give up after this many seconds (exit 4)",
    )
