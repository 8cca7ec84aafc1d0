"""What every subcommand shares: exit codes, reading input, colour decisions, error output.

Exit codes (a contract; tools rely on them):

====  ==========================================================
0     solved, or unique
1     no solution
2     bad input or usage (the message names the file and place)
3     not unique
4     time limit passed
70    internal error (a bug: please report it)
130   interrupted (Ctrl-C)
141   standard output closed early (``| head``): stop quietly
====  ==========================================================

Errors in an input file read through :func:`parse_input` name the file, then the
line and column when the reader knows them:

>>> from numberlink_sat.numchain.model import parse
>>> try:
...     parse_input("-", parse, text="3 x")
... except InputFileError as err:
...     print(err)
<stdin>:1:3: expected an integer, found 'x'
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from typing import IO, TypeVar

from numberlink_sat.errors import InvalidPuzzleError, NumberlinkSatError, ParseError
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, INCREMENTAL_SOLVERS

T = TypeVar("T")

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_UNIQUE",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "EXIT_TIMEOUT",
    "EXIT_USAGE",
    "InputFileError",
    "add_solver_options",
    "display_name",
    "parse_input",
    "positive_int",
    "positive_number",
    "positive_seconds",
    "read_input",
    "time_left",
    "use_colour",
]

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_NOT_UNIQUE = 3
EXIT_TIMEOUT = 4
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141


class InputFileError(NumberlinkSatError, ValueError):
    """Bad input in a file: printed ``FILE:LINE:COLUMN: message`` (the parts known)."""

    def __init__(self, path: str, message: str, line: int | None = None,
                 column: int | None = None) -> None:
        self.path = display_name(path)
        self.message = message
        self.line = line
        self.column = column
        where = [self.path] + [str(n) for n in (line, column) if n is not None]
        super().__init__(":".join(where) + ": " + message)


def display_name(path: str) -> str:
    """How an input is named in messages: the path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def _decode(path: str, data: bytes) -> str:
    """UTF-8 text (a leading byte-order mark dropped, CRLF and CR made LF)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputFileError(path, f"not UTF-8 text (byte {data[exc.start]:#04x})",
                             line, column) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_input(path: str) -> str:
    """The text of ``path``, or of standard input when ``path`` is ``-``.

    The bytes must be UTF-8 (a byte-order mark is dropped); line ends may be LF, CRLF or CR.
    """
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream put in place by a caller or a test
            return _decode(path, sys.stdin.read().encode("utf-8", "surrogateescape"))
        return _decode(path, stream.read())
    with open(path, "rb") as handle:
        return _decode(path, handle.read())


def parse_input(path: str, parse: Callable[[str], T], text: str | None = None) -> T:
    """``parse`` applied to the text of ``path``; its input errors name the file.

    ``text`` is the file's text when the caller has read it already.
    """
    if text is None:
        text = read_input(path)
    try:
        return parse(text)
    except ParseError as exc:
        raise InputFileError(path, exc.message, exc.line, exc.column) from exc
    except InvalidPuzzleError as exc:
        raise InputFileError(path, str(exc)) from exc


def time_left(args: argparse.Namespace, started: float) -> float | None:
    """What remains of ``--time-limit`` after the time since ``started`` (``perf_counter``).

    Commands that answer one input start the clock before reading it, so that reading a
    large file counts against the limit too.
    """
    limit: float | None = getattr(args, "time_limit", None)
    if limit is None:
        return None
    if PROGRAM_START is not None:  # the program: count its start-up too
        started = min(started, PROGRAM_START)
    return max(0.0, limit - (time.perf_counter() - started))


PROGRAM_START: float | None = None
"""Set by the ``numberlink-sat`` program (:func:`numberlink_sat.cli.run`) to the moment the
package was first imported; :func:`time_left` then counts from there. Unset in process
(tests, ``main(argv)``), where the command's own start is the clock."""


def use_colour(stream: IO[str], mode: str = "auto") -> bool:
    """Colour when asked (``always``), never with ``never`` or ``NO_COLOR``, else if a TTY."""
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    if mode == "always":
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def positive_number(text: str, what: str = "a number") -> float:
    """argparse type for a finite number > 0 (``what`` names it in the error)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text!r}")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """argparse type for a time limit in seconds (> 0)."""
    return positive_number(text, "a number of seconds")


def _whole_number(text: str, least: int) -> int:
    """A whole number at least ``least``, or argparse's usage error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """argparse type for a whole number >= 1."""
    return _whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """argparse type for a whole number >= 0 (a count or a bound that may be 0).

    >>> non_negative_int("0")
    0
    >>> non_negative_int("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be at least 0, got '-1'
    """
    return _whole_number(text, 0)


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
