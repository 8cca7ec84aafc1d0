"""The one time-limit mechanism: a wall-clock deadline checked between steps.

CaDiCaL in PySAT cannot be interrupted, so solvers are run in conflict-budget slices
(:class:`~numberlink_sat.sat.session.SatSession`) and the deadline is checked between
slices, and by encoders between chunks of clauses. ``time_limit=None`` means no limit.
A time limit is wall-clock (a promise to the caller); the *shares* of it that the
phases of one search may use are :class:`CpuBudget` stop conditions, so that a busy
machine does not change which phase answers.

>>> d = Deadline(None)
>>> d.expired(), d.remaining()
(False, None)
>>> Deadline(0.0).expired()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout

__all__ = ["CpuBudget", "Deadline", "Heartbeat", "cpu_aside"]


class Deadline:
    """A wall-clock deadline ``time_limit`` seconds after creation (or never).

    ``stop``, when given, is asked at every check as well: once it returns true the
    deadline counts as expired (another engine has answered, say). Deadlines made from
    this one by :meth:`within` and :meth:`sooner` keep it.

    >>> Deadline(None, stop=lambda: True).within(5.0).expired()
    True
    """

    __slots__ = ("start", "stop", "time_limit")

    def __init__(self, time_limit: float | None,
                 stop: Callable[[], bool] | None = None) -> None:
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
                raise InvalidArgumentError("time_limit must be a number of seconds or None")
            if time_limit < 0 or time_limit != time_limit:
                raise InvalidArgumentError(f"time_limit must be >= 0, got {time_limit}")
        self.time_limit = None if time_limit is None else float(time_limit)
        self.start = time.perf_counter()
        self.stop = stop

    def elapsed(self) -> float:
        """Seconds since the deadline was created."""
        return time.perf_counter() - self.start

    def remaining(self) -> float | None:
        """Seconds left (may be negative), or ``None`` without a limit."""
        if self.time_limit is None:
            return None
        return self.time_limit - self.elapsed()

    def left(self) -> float | None:
        """Seconds left, never below zero (a limit passed gives 0: a call made with it
        times out at once), or ``None`` without a limit."""
        remaining = self.remaining()
        return None if remaining is None else max(0.0, remaining)

    def passed(self) -> bool:
        """Whether the time limit itself has passed (``stop`` is not asked).

        >>> Deadline(0.0, stop=lambda: False).passed(), Deadline(None, stop=lambda: True).passed()
        (True, False)
        """
        left = self.remaining()
        return left is not None and left <= 0

    def expired(self) -> bool:
        """Whether the limit has passed (or ``stop`` says to stop)."""
        return self.passed() or (self.stop is not None and self.stop())

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
        return Deadline(None if limit is None else max(0.0, limit), self.stop)

    def sooner(self, other: Deadline | None) -> Deadline:
        """Whichever of this deadline and ``other`` ends first (``None``: this one),
        asking both ``stop`` conditions.

        >>> d = Deadline(None)
        >>> d.sooner(None) is d, Deadline(0.0).sooner(d).time_limit
        (True, 0.0)
        """
        if other is None:
            return self
        first, second = self, other
        if other.time_limit is not None:
            mine = self.remaining()
            theirs = other.remaining()
            assert theirs is not None
            if mine is None or theirs < mine:
                first, second = other, self
        if second.stop is None or second.stop is first.stop:
            return first
        return first._ending_also(second.stop)

    def until(self, stop: Callable[[], bool]) -> Deadline:
        """This deadline, ending also as soon as ``stop`` holds (any earlier ``stop`` is
        still asked).

        >>> Deadline(None).until(lambda: True).expired()
        True
        """
        return self._ending_also(stop)

    def _ending_also(self, stop: Callable[[], bool]) -> Deadline:
        copy = Deadline(None, stop if self.stop is None else _either(self.stop, stop))
        copy.start, copy.time_limit = self.start, self.time_limit
        return copy

    def timeout(self, stage: str = "", detail: str = "") -> SolveTimeout:
        """The :class:`SolveTimeout` to raise now that the deadline has expired.

        >>> str(Deadline(0.0).timeout("solving"))[:38]
        'time limit of 0 s passed while solving'
        """
        elapsed = self.elapsed()
        where = f" while {stage}" if stage else ""
        more = f", {detail}" if detail else ""
        left = self.remaining()
        if self.time_limit is not None and left is not None and left <= 0:
            text = (f"time limit of {self.time_limit:g} s passed{where} "
                    f"(after {elapsed:.2f} s{more})")
        else:
            text = f"stopped{where} by its stop condition (after {elapsed:.2f} s{more})"
        return SolveTimeout(text, elapsed=elapsed, stage=stage)

    def check(self, stage: str = "") -> None:
        """Raise :class:`SolveTimeout` if the limit has passed (or ``stop`` holds)."""
        if self.expired():
            raise self.timeout(stage)


def _either(first: Callable[[], bool], second: Callable[[], bool]) -> Callable[[], bool]:
    """A stop condition that holds when either holds."""
    def stop() -> bool:
        return first() or second()
    return stop


class Heartbeat:
    """A ``stop`` condition that never stops: every ``every`` seconds (from its
    creation) it calls ``report`` with the seconds since then, so a long search says
    where it stands between its slices.

    >>> beats = []
    >>> beat = Heartbeat(0.0, beats.append)
    >>> beat(), len(beats)
    (False, 1)
    """

    __slots__ = ("every", "next_at", "report", "start")

    def __init__(self, every: float, report: Callable[[float], None]) -> None:
        self.every = every
        self.report = report
        self.start = time.perf_counter()
        self.next_at = every

    def __call__(self) -> bool:
        elapsed = time.perf_counter() - self.start
        if elapsed >= self.next_at:
            self.next_at = elapsed + self.every
            self.report(elapsed)
        return False


_aside = [0.0]  # CPU seconds this process has used inside cpu_aside() blocks


@contextmanager
def cpu_aside() -> Iterator[None]:
    """CPU time used inside the block counts against no :class:`CpuBudget`.

    For work that takes turns with a search (``solve``'s own switch walk beside its SAT
    search): the phases of the search keep their CPU shares, as if the turns had run
    on another core. Blocks must not be nested (the inner one would count twice).

    >>> budget = CpuBudget(60.0)
    >>> with cpu_aside():
    ...     _ = sum(range(2_000_000))
    >>> budget.spent() < 0.01
    True
    """
    started = time.process_time()
    try:
        yield
    finally:
        _aside[0] += time.process_time() - started


class CpuBudget:
    """A stop condition that holds once this process has used ``seconds`` of CPU time
    since the budget was made (or, with ``wall``, once ``wall`` seconds have passed).

    The phases of a search (a first try under a restriction, the windows, the second
    search without fill) each get a share of the work before the next one starts.
    Measured in wall-clock seconds that share shrinks whenever the process waits for
    a core, and on a busy machine a phase that proves uniqueness in 1 s of CPU was cut
    off and the answer came from a slower phase (or not at all) instead. Measured in
    CPU seconds the phases do the same work whatever the load. ``wall`` keeps a phase
    within its share of a caller's time limit, which is a wall-clock promise (the
    limit itself still ends everything: combine with :meth:`Deadline.until`).

    >>> budget = CpuBudget(60.0)
    >>> budget(), 0.0 < budget.remaining() <= 60.0, str(budget)
    (False, True, '60 s of CPU')
    >>> CpuBudget(0.0)(), CpuBudget(60.0, wall=0.0)(), str(CpuBudget(2, wall=4.5))
    (True, True, '2 s of CPU, 4.5 s of wall-clock time')
    """

    __slots__ = ("aside_start", "seconds", "start", "wall", "wall_start")

    def __init__(self, seconds: float, wall: float | None = None) -> None:
        self.seconds = seconds
        self.wall = wall
        self.start = time.process_time()
        self.aside_start = _aside[0]
        self.wall_start = time.perf_counter()

    def spent(self) -> float:
        """CPU seconds this process has used since the budget was made, less those used
        inside :func:`cpu_aside` blocks."""
        return time.process_time() - self.start - (_aside[0] - self.aside_start)

    def remaining(self) -> float:
        """CPU seconds left (may be negative)."""
        return self.seconds - self.spent()

    def __call__(self) -> bool:
        return self.remaining() <= 0 or (
            self.wall is not None and time.perf_counter() - self.wall_start >= self.wall)

    def __str__(self) -> str:
        text = f"{self.seconds:g} s of CPU"
        return text if self.wall is None else f"{text}, {self.wall:.3g} s of wall-clock time"
