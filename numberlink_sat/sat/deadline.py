"""The one time-limit mechanism: a wall-clock deadline checked between steps.

CaDiCaL in PySAT cannot be interrupted, so solvers are run in conflict-budget slices
(:class:`~numberlink_sat.sat.session.SatSession`) and the deadline is checked between
slices, and by encoders between chunks of clauses. ``time_limit=None`` means no limit.

>>> d = Deadline(None)
>>> d.expired(), d.remaining()
(False, None)
>>> Deadline(0.0).expired()
True
"""

from __future__ import annotations

import time

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout

__all__ = ["Deadline"]


class Deadline:
    """A wall-clock deadline ``time_limit`` seconds after creation (or never)."""

    __slots__ = ("start", "time_limit")

    def __init__(self, time_limit: float | None) -> None:
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
                raise InvalidArgumentError("time_limit must be a number of seconds or None")
            if time_limit < 0 or time_limit != time_limit:
                raise InvalidArgumentError(f"time_limit must be >= 0, got {time_limit}")
        self.time_limit = None if time_limit is None else float(time_limit)
        self.start = time.perf_counter()

    def elapsed(self) -> float:
        """Seconds since the deadline was created."""
        return time.perf_counter() - self.start

    def remaining(self) -> float | None:
        """Seconds left (may be negative), or ``None`` without a limit."""
        if self.time_limit is None:
            return None
        return self.time_limit - self.elapsed()

    def expired(self) -> bool:
        """Whether the limit has passed."""
        left = self.remaining()
        return left is not None and left <= 0

    def within(self, seconds: float | None) -> Deadline:
        """A new deadline ``seconds`` from now that never ends after this one.

        ``None`` keeps this deadline's end (a copy starting now).

        >>> outer = Deadline(0.5)
        >>> outer.within(60).time_limit <= 0.5
        True
        >>> Deadline(None).within(None).time_limit is None
        True
        """
        left = self.remaining()
        if seconds is None:
            limit = left
        elif left is None:
            limit = seconds
        else:
            limit = min(seconds, left)
        return Deadline(None if limit is None else max(0.0, limit))

    def sooner(self, other: Deadline | None) -> Deadline:
        """Whichever of this deadline and ``other`` ends first (``None``: this one).

        >>> d = Deadline(None)
        >>> d.sooner(None) is d, Deadline(0.0).sooner(d).time_limit
        (True, 0.0)
        """
        if other is None or other.time_limit is None:
            return self
        mine = self.remaining()
        if mine is None:
            return other
        theirs = other.remaining()
        assert theirs is not None
        return other if theirs < mine else self

    def check(self, stage: str = "") -> None:
        """Raise :class:`SolveTimeout` if the limit has passed."""
        if self.expired():
            elapsed = self.elapsed()
            where = f" while {stage}" if stage else ""
            raise SolveTimeout(
                f"time limit of {self.time_limit:g} s passed{where} (after {elapsed:.2f} s)",
                elapsed=elapsed,
                stage=stage,
            )
