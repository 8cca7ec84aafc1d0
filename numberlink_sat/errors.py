"""The one exception hierarchy of numberlink_sat.

Every error the library raises on purpose derives from :class:`NumberlinkSatError`,
so a caller can catch them all at once, and each also derives from the builtin a
Python user would expect (``ValueError`` for bad input, ``TimeoutError`` for a time
limit).

>>> from numberlink_sat.errors import ParseError
>>> err = ParseError("label '3' appears once", line=2, column=5)
>>> str(err)
"line 2, column 5: label '3' appears once"
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "InternalError",
    "InvalidArgumentError",
    "InvalidPuzzleError",
    "NumberlinkSatError",
    "ParseError",
    "SolveTimeout",
    "UnknownSolverError",
]


class NumberlinkSatError(Exception):
    """Base class of every error raised on purpose by numberlink_sat."""


class ParseError(NumberlinkSatError, ValueError):
    """Malformed puzzle text. ``line`` and ``column`` are 1-based (``None`` when unknown)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class InvalidPuzzleError(NumberlinkSatError, ValueError):
    """A puzzle object that breaks the rules of its family (a label once, a cell out of range)."""


class InvalidArgumentError(NumberlinkSatError, ValueError, TypeError):
    """An argument of a call out of its range or of the wrong kind.

    A negative ``time_limit``, a ``limit`` of 0, an unknown ``method``, a board larger
    than the size bounds. It is both a ``ValueError`` and a ``TypeError``, so code that
    caught either builtin before keeps working.

    >>> issubclass(InvalidArgumentError, ValueError), issubclass(InvalidArgumentError, TypeError)
    (True, True)
    """


class UnknownSolverError(NumberlinkSatError, ValueError):
    """A SAT solver name that PySAT does not offer, or one that cannot run the incremental loop."""


class SolveTimeout(NumberlinkSatError, TimeoutError):
    """The time limit passed before an answer was proven.

    ``elapsed`` is the wall time spent, in seconds, and ``stage`` names what was running.
    ``found`` holds the verified solutions found before the limit, when the call that
    ran out of time was counting them (Numberlink's ``counted``, ``count_solutions``,
    ``is_unique``): a timeout after one solution says "solvable, uniqueness undecided".

    >>> err = SolveTimeout("time limit of 5 s passed", elapsed=5.0, stage="counting")
    >>> err.stage, err.found
    ('counting', ())
    """

    def __init__(self, message: str, elapsed: float | None = None, stage: str = "",
                 found: tuple[Any, ...] = ()) -> None:
        self.elapsed = elapsed
        self.stage = stage
        self.found = found
        super().__init__(message)


class InternalError(NumberlinkSatError, AssertionError):
    """A bug of numberlink_sat itself: the independent verifier refused one of our own answers.

    It is never the caller's fault, so it is not a ``ValueError``; it derives from
    ``AssertionError`` because that is what such a complaint always raised. The command
    line reports it as "internal error, please report" with exit code 70.

    >>> err = InternalError("invalid solution: label 1 is not connected")
    >>> isinstance(err, AssertionError), isinstance(err, ValueError)
    (True, False)
    """
