"""The ``numberlink-sat`` command line: a thin layer of subcommands over the library.

Each subcommand lives in its own module with a ``register(subparsers)`` function that
adds its parser and sets ``func`` (a callable ``args -> exit code``). Errors the library
raises on purpose become a one-line message and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from numberlink_sat.cli.common import EXIT_TIMEOUT, EXIT_USAGE
from numberlink_sat.errors import NumberlinkSatError, SolveTimeout

__all__ = ["build_parser", "main"]

COMMAND_MODULES: tuple[str, ...] = (
    "numberlink_sat.cli.numberlink",
    "numberlink_sat.cli.render",
    "numberlink_sat.cli.generate",
    "numberlink_sat.cli.bench",
    "numberlink_sat.cli.llk",
    "numberlink_sat.cli.chain",
    "numberlink_sat.cli.diagnose",
)
"""Modules that each register one or more subcommands, in help order."""


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on exit status 2 and no traceback (the default, kept)."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every registered subcommand."""
    from numberlink_sat import __version__

    parser = _Parser(
        prog="numberlink-sat",
        description="Solve, check and generate grid path puzzles with SAT.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0, help=VERBOSE_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    for command in sub.choices.values():
        # also after the subcommand; SUPPRESS keeps a -v given before it
        command.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS,
                             help=VERBOSE_HELP)
    return parser


LOG_FORMAT = "numberlink-sat: %(relativeCreated)8.0f ms  %(message)s"
"""Stage reports with the milliseconds since start."""

VERBOSE_HELP = "report stages on standard error (-v: steps and timings, -vv: every SAT call)"


class _CliLogHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time (tests swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.setStream(sys.stderr)
        super().emit(record)


def _configure_logging(verbosity: int) -> None:
    """Send the library's stage reports to standard error for ``-v`` / ``-vv``."""
    logger = logging.getLogger("numberlink_sat")
    for handler in [h for h in logger.handlers if isinstance(h, _CliLogHandler)]:
        logger.removeHandler(handler)
    if verbosity <= 0:
        logger.setLevel(logging.NOTSET)
        return
    handler = _CliLogHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO if verbosity == 1 else logging.DEBUG)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (also used by ``python -m numberlink_sat``)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _configure_logging(getattr(args, "verbose", 0))
    try:
        return int(args.func(args))
    except SolveTimeout as exc:
        print(f"numberlink-sat: timeout: {exc}", file=sys.stderr)
        return EXIT_TIMEOUT
    except (NumberlinkSatError, ValueError) as exc:
        print(f"numberlink-sat: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"numberlink-sat: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("numberlink-sat: interrupted", file=sys.stderr)
        return 130
