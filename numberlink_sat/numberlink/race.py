"""Counting with a second engine beside SAT, in a child process; the first answer wins.

:func:`~numberlink_sat.numberlink.solve.counted` runs SAT here and, where it pays, one
engine beside it on the second core (:class:`~numberlink_sat.beside.Beside`):

- on boards the ZDD counter can hold, **the ZDD counter**
  (:class:`~numberlink_sat.numberlink.zdd.ZddBeside`): its count is exact, so its
  answer ends the count;
- on the others, **the second SAT solver for a first solution**
  (:class:`~numberlink_sat.numberlink.second_solver.SolverBeside`, the machine of
  :func:`~numberlink_sat.numberlink.solve.solve` beside it): where SAT here has not
  found a first solution when that child answers, the count starts again from the
  child's solution (verified, then the window searches and the second searches, as
  after any first solution), and a child's proof that there is none is the answer.
  Under the plain rules a switch walk of this process's own takes turns with SAT
  here once SAT has run a few seconds of CPU (``walk_here`` of
  :class:`~numberlink_sat.numberlink.second_solver.SolverBeside`); its solution is
  taken like the child's. Once SAT here has a solution of its own the child and the
  walk are stopped: the rest of a count is SAT's. So ``count_solutions`` and
  ``is_unique`` find a first solution wherever ``solve`` does (loose 20x20 boards
  under both rules: ``docs/encoding.md``). Where a uniqueness question (a count up to
  2) then runs on, **the held-path proof** takes that core
  (:class:`~numberlink_sat.numberlink.held_beside.HeldBeside`, made by ``held_for``
  from the first solution): its verdict, exact like SAT's, ends the count.

``sat_job(stop, known)`` is the count here: the solutions up to the limit (``known``
first), stopping with :class:`~numberlink_sat.errors.SolveTimeout` when ``stop()``
says so or the deadline passes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import ExitStack

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink import zdd
from numberlink_sat.numberlink.held_beside import HeldBeside
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.second_solver import Machine, Rules, SolverBeside
from numberlink_sat.sat.deadline import Deadline

__all__ = ["SatJob", "count_beside"]

_log = logging.getLogger(__name__)

SatJob = Callable[[Callable[[], bool] | None, Sequence[Solution]], list[Solution]]
"""The count here: ``sat_job(stop, known)`` (see the module's docstring)."""

HeldFor = Callable[[Solution], HeldBeside]
"""Makes the held-path proof's child for a first solution (see the module's docstring)."""


def count_beside(  # noqa: PLR0913
    puzzle: Puzzle, rules: Rules, keep: int | None, sat_job: SatJob, deadline: Deadline, *,
    zdd_after: float | None, second: str | None, second_after: float,
    partial: list[Solution], run: Machine, held_for: HeldFor | None = None,
) -> tuple[int, list[Solution], str]:
    """The count, its solutions and the engine that answered (``"sat"``, ``"zdd"`` or
    ``"held"``).

    ``zdd_after``: race the ZDD counter from that many CPU seconds on (``None``: no);
    else ``second`` names the solver to run beside for a first solution from
    ``second_after`` CPU seconds on (``None``: SAT alone), running the machine ``run``
    there. ``partial`` is the list ``sat_job`` adds its solutions to as it finds them.
    ``held_for`` (with ``second`` only): the held-path proof to run beside once there is
    a first solution (``None``: none).

    >>> from numberlink_sat.numberlink.solve import counted
    >>> counted(Puzzle(3, 1, {"a": ((0, 0), (0, 2))}))[::2]
    (1, 'sat')
    """
    if zdd_after is not None:
        return _with_zdd(puzzle, rules, keep, sat_job, deadline, zdd_after)
    if second is not None:
        child = SolverBeside(puzzle, rules, second, deadline, start_after=second_after,
                             run=run, walk_here=True)
        with child:
            return _with_second_solver(child, sat_job, deadline, partial, held_for)
    found = sat_job(None, ())
    return len(found), found, "sat"


def _with_zdd(puzzle: Puzzle, rules: Rules, keep: int | None, sat_job: SatJob,
              deadline: Deadline, after: float) -> tuple[int, list[Solution], str]:
    """SAT here, the ZDD in a child; SAT stops between its slices once the ZDD answered."""
    fill = rules[0]
    with zdd.ZddBeside(puzzle, fill=fill, limit=keep, start_after=after) as beside:
        try:
            found = sat_job(beside.poll, ())
            return len(found), found, "sat"
        except SolveTimeout:
            if beside.answer is None:
                if beside.started_at is None:
                    raise
                elapsed = deadline.elapsed()
                raise SolveTimeout(
                    f"time limit of {deadline.time_limit or 0:g} s passed while "
                    f"counting (after {elapsed:.2f} s, SAT and the ZDD side by side)",
                    elapsed=elapsed, stage="counting") from None
            count, found = beside.answer
            _log.info("the ZDD answered first (%d solution(s), after %.1f s of SAT)",
                      count, deadline.elapsed())
            return count, found, "zdd"


def _with_second_solver(beside: SolverBeside, sat_job: SatJob, deadline: Deadline,
                        partial: list[Solution], held_for: HeldFor | None,
                        ) -> tuple[int, list[Solution], str]:
    """SAT here, the second solver in a child for a first solution only (stopped once
    ``partial``, SAT's solutions so far, is not empty); from then on the held-path proof
    made by ``held_for`` in a child, when given."""
    with ExitStack() as stack:
        held: list[HeldBeside] = []

        def held_poll(first: Solution) -> bool:
            if held_for is None:
                return False
            if not held:
                held.append(stack.enter_context(held_for(first)))
            return held[0].poll()

        def stop() -> bool:
            if partial:
                beside.close()  # SAT here has its first solution: the rest is SAT's
                return held_poll(partial[0])
            return beside.poll()

        try:
            found = sat_job(stop, ())
            return len(found), found, "sat"
        except SolveTimeout:
            if held and held[0].answer is not None:
                return _from_held(held[0], deadline)
            if beside.answer is None or partial:
                raise
        beside.close()
        (first,) = beside.answer
        if first is None:
            _log.info("the second solver (%s) proved that there is no solution",
                      beside.solver)
            return 0, [], "sat"
        _log.info("%s found a first solution after %.2f s; counting goes on from it",
                  beside.engine, deadline.elapsed())
        try:
            found = sat_job(lambda: held_poll(first), (first,))
        except SolveTimeout:
            if held and held[0].answer is not None:
                return _from_held(held[0], deadline)
            if first not in partial:  # out of time before the count could take it in
                partial.insert(0, first)
            raise
        return len(found), found, "sat"


def _from_held(held: HeldBeside, deadline: Deadline) -> tuple[int, list[Solution], str]:
    """The held-path proof's answer, which ended the count here."""
    count, found = held.answer or (0, [])
    _log.info("the held-path proof answered first (%s) after %.1f s",
              "unique" if count == 1 else "a second solution", deadline.elapsed())
    return count, found, "held"
