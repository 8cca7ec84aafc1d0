"""Independent jobs in forked child processes, a few at a time; the parent gathers.

:func:`run_forked` runs zero-argument callables (closures are fine: the children are
forked, nothing is pickled but the results) on at most ``workers`` children at once, in
the order given, and hands every outcome to ``on_outcome`` in this process as soon as
it arrives. The callback may end the run (a second solution found, say): the children
still running are killed. Past ``kill_at`` (a :func:`time.perf_counter` instant) every
child still running is killed too, so a job that overstays its own time limit cannot
hold the caller. Where no child can start (no ``fork``, a daemonic worker, or
``beside.START_CHILDREN`` off) the jobs run here, one after another, with the same
outcomes: the answers never depend on the process they were computed in.

An outcome is a :class:`Outcome`: ``"ok"`` with the job's value, ``"error"`` with a
one-line reason (an exception in the job), ``"died"`` (a child that ended without an
answer, say killed out of memory) or ``"killed"`` (still running at ``kill_at``).

>>> seen = []
>>> def keep(index, outcome):
...     seen.append((index, outcome.value))
...     return True
>>> run_forked([lambda: 2, lambda: 3], workers=2, on_outcome=keep)
>>> sorted(seen)
[(0, 2), (1, 3)]
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from numberlink_sat.beside import _child_body, can_start_child
from numberlink_sat.errors import InvalidArgumentError

__all__ = ["KILL_GRACE", "Outcome", "run_forked"]

KILL_GRACE = 5.0
"""Seconds past a caller's time limit after which its children still running are killed
(``kill_at``): each job's own slices keep the limit; this only guards against one that
does not."""


@dataclass(frozen=True)
class Outcome:
    """What one job gave: ``status`` "ok" (``value`` is its result), "error", "died" or
    "killed" (``reason`` says what went wrong; ``value`` is ``None``)."""

    status: str
    value: Any = None
    reason: str = ""


def _outcome_of(job: Callable[[], Any]) -> Outcome:
    """Run ``job``: its value, or the exception it raised as an "error"."""
    try:
        return Outcome("ok", job())
    except Exception as error:
        return Outcome("error", reason=f"{type(error).__name__}: {error}")


def _send_outcome(conn: Connection, job: Callable[[], Any]) -> None:
    """A child's body: run ``job`` and send its :class:`Outcome`."""
    outcome = _outcome_of(job)
    try:
        conn.send(outcome)
    except Exception as error:
        conn.send(Outcome("error", reason=f"the result could not be sent back: {error}"))


def _run_here(jobs: Sequence[Callable[[], Any]],
              on_outcome: Callable[[int, Outcome], bool]) -> None:
    """The jobs one after another in this process (where no child can start)."""
    for index, job in enumerate(jobs):
        if not on_outcome(index, _outcome_of(job)):
            return


def run_forked(
    jobs: Sequence[Callable[[], Any]],
    workers: int,
    *,
    on_outcome: Callable[[int, Outcome], bool],
    kill_at: float | None = None,
) -> None:
    """Run ``jobs`` on at most ``workers`` forked children, in the order given.

    ``on_outcome(index, outcome)`` is called here for each job as it ends; returning
    ``False`` ends the run (the children still running are killed, the jobs not yet
    started never start, and neither gets an outcome). Past ``kill_at`` (a
    :func:`time.perf_counter` instant, ``None``: never) the children still running are
    killed, each with a "killed" outcome, and the jobs not yet started never start.
    Jobs that ``on_outcome`` appends to ``jobs`` (a list) run after those given.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgumentError(f"workers must be an int >= 1, not {workers!r}")
    if not can_start_child():
        _run_here(jobs, on_outcome)
        return
    context: Any = multiprocessing.get_context("fork")
    started = 0
    running: dict[Connection, tuple[int, Any]] = {}
    try:
        while started < len(jobs) or running:
            while started < len(jobs) and len(running) < workers:
                index = started
                started += 1
                receive, send = context.Pipe(duplex=False)
                child = context.Process(target=_child_body, daemon=True, args=(
                    _send_outcome, os.getpid(), send, jobs[index]))
                child.start()
                send.close()
                running[receive] = (index, child)
            timeout = None if kill_at is None else max(0.0, kill_at - time.perf_counter())
            ready = wait(list(running), timeout=timeout)
            if not ready:  # past kill_at: nothing more is waited for
                late = sorted(index for index, _ in running.values())
                _stop_all(running)
                for index in late:
                    if not on_outcome(index, Outcome("killed", reason="killed at the time "
                                                     "limit")):
                        return
                return
            for conn in ready:
                index, child = running.pop(conn)  # type: ignore[call-overload]
                outcome = _receive(conn, child)  # type: ignore[arg-type]
                if not on_outcome(index, outcome):
                    return
    finally:
        _stop_all(running)


def _receive(conn: Connection, child: Any) -> Outcome:
    """The outcome a child sent, or an "error" one when it died without sending."""
    try:
        outcome = conn.recv()
    except (EOFError, OSError):
        outcome = None
    conn.close()
    child.join()
    if isinstance(outcome, Outcome):
        return outcome
    return Outcome("died", reason=f"the child process ended without an answer (exit code "
                   f"{child.exitcode}; out of memory?)")


def _stop_all(running: dict[Connection, tuple[int, Any]]) -> None:
    """Kill every child still running and close its pipe."""
    for conn, (_, child) in running.items():
        if child.is_alive():
            child.kill()
        child.join()
        conn.close()
    running.clear()
