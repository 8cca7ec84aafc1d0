"""The ``numberlink-sat`` command line: a thin layer of subcommands over the library.

Each subcommand lives in its own module with a ``register(subparsers)`` function that
adds its parser and sets ``func`` (a callable ``args -> exit code``). :func:`main` maps
what a command raises onto the exit codes of :mod:`numberlink_sat.cli.common`, never a
traceback: a time limit is 4; bad input or usage (a ``NumberlinkSatError``, a file that
cannot be opened) is 2 with a one-line message naming the file; an ``InternalError`` or
any unexpected exception is 70, "internal error, please report" (the traceback with
``-v``); a closed standard output ends quietly.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
import traceback
import warnings
from collections.abc import Sequence
from typing import Any

from numberlink_sat.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_TIMEOUT,
    EXIT_USAGE,
)
from numberlink_sat.errors import InternalError, NumberlinkSatError, SolveTimeout

__all__ = ["build_parser", "main", "run"]

COMMAND_MODULES: tuple[str, ...] = (
    "numberlink_sat.cli.numberlink",
    "numberlink_sat.cli.render",
    "numberlink_sat.cli.generate",
    "numberlink_sat.cli.sheet",
    "numberlink_sat.cli.bench",
    "numberlink_sat.cli.llk",
    "numberlink_sat.cli.chain",
    "numberlink_sat.cli.diagnose",
    "numberlink_sat.cli.certify",
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


KEEP_UNTIL_EXIT: list[BaseException] | None = None
"""Set to a list by ``python -m numberlink_sat``: a timed-out command's data (reachable from
the exception) is kept, and the process ends without freeing it (``os._exit``), so the
clean-up of a board of millions of cells does not run past the time limit."""


def _error(message: str) -> None:
    print(f"numberlink-sat: {message}", file=sys.stderr)


def _silence_stdout() -> None:
    """After a broken pipe: point standard output at devnull so the exit flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's buffer)
        pass


def _internal(exc: BaseException, verbosity: int) -> int:
    kind = "" if isinstance(exc, InternalError) else f"{type(exc).__name__}: "
    _error(f"internal error, please report: {kind}{exc}")
    if verbosity > 0:
        traceback.print_exception(exc, file=sys.stderr)
    else:
        _error("(run again with -v for the traceback)")
    return EXIT_INTERNAL


def _os_error(exc: OSError) -> str:
    """The message of a file that could not be read or written, naming it (an empty
    name, as from ``check ''``, is shown quoted, so the message still says which)."""
    if exc.filename is None:
        return f"error: {exc.strerror or exc}"
    name = exc.filename if exc.filename != "" else "''"
    return f"error: {name}: {exc.strerror or exc}"


def _note(message: Warning | str, category: type[Warning], filename: str, lineno: int,
          file: Any = None, line: str | None = None) -> None:
    """Warnings of the library (a picture scaled down to fit, ...) as one line of text."""
    _error(f"note: {message}")


def _run(args: argparse.Namespace) -> int:
    """The command's exit status; every exception mapped onto the table."""
    verbosity = getattr(args, "verbose", 0)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = _note
        return _mapped(args, verbosity)


def _mapped(args: argparse.Namespace, verbosity: int) -> int:
    try:
        code = int(args.func(args))
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except SolveTimeout as exc:
        _error(f"timeout: {exc}")
        if KEEP_UNTIL_EXIT is not None:  # freeing a huge encoding can take a second
            KEEP_UNTIL_EXIT.append(exc)
        return EXIT_TIMEOUT
    except InternalError as exc:
        return _internal(exc, verbosity)
    except NumberlinkSatError as exc:
        _error(f"error: {exc}")
        return EXIT_USAGE
    except OSError as exc:  # a file that cannot be read or written
        _error(_os_error(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _error("interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:
        return _internal(exc, verbosity)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (also used by ``python -m numberlink_sat``).

    Usage errors found by argparse (and ``--help``) raise ``SystemExit`` as argparse does.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    _configure_logging(getattr(args, "verbose", 0))
    return _run(args)


def run() -> None:
    """The ``numberlink-sat`` program: :func:`main`, then leave without freeing memory.

    A command that timed out on a board of millions of cells would otherwise spend up
    to a second or two freeing it after its answer, past the limit; the process exit
    hands the memory back at once.
    """
    global KEEP_UNTIL_EXIT
    KEEP_UNTIL_EXIT = []
    from numberlink_sat._started import IMPORTED_AT
    from numberlink_sat.cli import common

    common.PROGRAM_START = IMPORTED_AT  # the limit counts the program's own imports
    from numberlink_sat.sat import solvers

    solvers.EXIT_ON_INTERRUPT = EXIT_INTERRUPTED  # Ctrl-C in a solver: leave at once
    if hasattr(sys.stdout, "reconfigure"):  # so leaving at once loses no answer printed
        sys.stdout.reconfigure(line_buffering=True)
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = EXIT_BROKEN_PIPE
    os._exit(code)
