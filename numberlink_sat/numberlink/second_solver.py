"""The second SAT solver of :func:`~numberlink_sat.numberlink.solve.solve`, in a child.

:func:`~numberlink_sat.numberlink.solve.solve` runs the whole solving machine with a
second PySAT solver in a child process once the first has used its
:data:`~numberlink_sat.numberlink.solve.SECOND_SOLVER_AFTER` of CPU without an answer
(:class:`~numberlink_sat.beside.Beside`); the first answer wins and the parent verifies
it. This module says what that child runs.

Under fill it runs the same rules. **Without fill** (the Nikoli rule) it first runs the
same rules *under fill*, for up to :data:`FILL_TRY_SHARE` of the time left (at most
:data:`FILL_TRY_SECONDS`): a solution that fills the board is a solution without fill
too, and on boards whose paths are few and long the fill encoding is where the second
solver finds one. Only a solution counts from that try: its "no solution" (no solution
fills the board) and its timeout prove nothing without fill, so the child then runs the
rules asked for, complete, for the rest of the time. Measured on the bench's nine loose
20x20 boards (a Hamiltonian path cut into 20 pieces; ``docs/encoding.md``): without
fill, 0 of 9 solved within 15 s before, 6 of 9 after, each within 1.3 times its time
under fill.

Under the plain rules (no ``no_touch``, no ``no_2x2``) the child starts with a try of
its own: SAT under fill for :data:`SWITCH_AFTER` seconds, then the **switch search**
(:mod:`~numberlink_sat.numberlink.switches`: local search from a model of the degrees
alone, SAT re-solving a window round the last defects) for up to
:data:`SWITCH_SHARE` of the time left. Only a solution counts from the switch search;
the short SAT try's "no solution" is the answer under fill (the same rules) and, without
fill, sends the child straight to the rules asked for.

**A walk here too** (``walk_here``, plain rules): the switch search's run times are
heavy-tailed across its random seeds (on loose 30x30 boards a walk that finds nothing in
15 s with one seed often answers in seconds with another), so once the search in this
process has used :data:`WALK_HERE_AFTER` seconds of CPU, a walk of another seed
(:data:`WALK_HERE_SEED`) takes turns with it in this process, :data:`WALK_HERE_SHARE` of
the CPU from then on in turns of :data:`WALK_HERE_TURN` seconds (between two of the
search's slices, when it asks :meth:`SolverBeside.poll`). The search loses none of its
progress, and its phases keep their CPU shares (:func:`~numberlink_sat.sat.deadline.cpu_aside`).
Where no child will start (``start_after`` is infinite: a daemonic worker, no ``fork``,
``beside.START_CHILDREN`` off; :func:`~numberlink_sat.beside.can_start_child`),
the walk here is the only walk, so it starts when the child's would have, after
:data:`WALK_ALONE_AFTER` seconds.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> child = SolverBeside(Puzzle(3, 1, {"a": ((0, 0), (0, 2))}), (False, False, False),
...                      "glucose4", Deadline(10), start_after=0.0, run=lambda *a: None)
>>> child.rules_tried()
[(True, False, False), (False, False, False)]
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable
from typing import Any

from numberlink_sat.beside import Beside, send_result
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.switches import SwitchWalk, switch_search
from numberlink_sat.sat.deadline import Deadline, cpu_aside
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["FILL_TRY_SECONDS", "FILL_TRY_SHARE", "SWITCH_AFTER", "SWITCH_SECONDS", "SWITCH_SHARE",
           "WALK_ALONE_AFTER", "WALK_HERE_AFTER", "WALK_HERE_SEED", "WALK_HERE_SHARE",
           "WALK_HERE_TURN", "Machine", "Rules", "SolverBeside"]

_log = logging.getLogger(__name__)

Rules = tuple[bool, bool, bool]
"""``(fill, no_touch, no_2x2)``."""

Machine = Callable[[Puzzle, Rules, str, Deadline], Solution | None]
"""``run(puzzle, rules, solver, deadline)``: the first solution, or ``None`` when it
proved there is none; :class:`~numberlink_sat.errors.SolveTimeout` at the deadline."""

FILL_TRY_SHARE = 0.5
"""Without fill: share of the time left that the second solver first spends under fill."""

FILL_TRY_SECONDS = 30.0
"""Without fill: how long (seconds) the second solver's try under fill may run at most."""

SWITCH_AFTER = 0.5
"""Plain rules: seconds the second solver runs under fill before the switch search (2 s
until session 19; with the walk 2.6x faster, the fresh loose 30x30 and 40x40 boards
answer 1-2 s sooner with 0.5 s, the 20x20 as before, and the corpus boards whose first
solution needs the child were not slower: ``docs/encoding.md``, "Session 19")."""

SWITCH_SHARE = 0.8
"""Plain rules: share of the time left that the switch search may use."""

SWITCH_SECONDS = 60.0
"""Plain rules: how long (seconds) the switch search may run at most."""

WALK_HERE_AFTER = 3.0
"""Plain rules, ``walk_here``: CPU seconds of the search here before its own walk starts."""

WALK_ALONE_AFTER = 1.0
"""The same where no child will start: the walk here stands in for the child's walk.
In a ``Pool`` worker, loose 20x20 boards are solved in a median 1.2 s with it, 3.2 s
with :data:`WALK_HERE_AFTER` (docs/encoding.md)."""

WALK_HERE_SHARE = 0.5
"""Share of this process's CPU that walk takes from then on."""

WALK_HERE_TURN = 0.5
"""Seconds of one turn of that walk."""

WALK_HERE_SEED = 1
"""The seed of that walk (the child's walk has seed 0)."""

_UNDECIDED = object()  # a try that found no solution and proved nothing


def _share_of(limit: Deadline, share: float, most: float) -> float:
    """Seconds for a try: ``share`` of the time left, at most ``most``."""
    left = limit.remaining()
    return most if left is None else min(most, share * max(0.0, left))


class SolverBeside(Beside[tuple[Solution | None]]):
    """The solving machine with another solver in a child process; the answer is a
    1-tuple (``(None,)``: that solver proved there is no solution).

    ``run`` is the machine (:data:`Machine`) the child runs. ``walk_here``: under the
    plain rules, a switch walk of this process's own takes turns with the search that
    asks :meth:`poll` (see the module's docstring); :attr:`answered_by` says which
    answered.
    """

    def __init__(self, puzzle: Puzzle, rules: Rules, solver: str, deadline: Deadline, *,
                 start_after: float, run: Machine, walk_here: bool = False) -> None:
        super().__init__(start_after=start_after)
        self.puzzle, self.rules, self.solver, self.deadline = puzzle, rules, solver, deadline
        self.run = run
        self.walk: SwitchWalk | None = None
        if walk_here and self.switches:
            self.walk = SwitchWalk(puzzle, run=self._window, rng=random.Random(WALK_HERE_SEED))
        self.walk_after = WALK_HERE_AFTER if math.isfinite(start_after) else WALK_ALONE_AFTER
        """CPU seconds of the search here before the walk here starts."""
        self.walk_seconds = 0.0
        """CPU seconds this process has given its walk so far."""
        self.answered_by: str | None = None
        """``"child"`` or ``"walk here"`` once :attr:`answer` is set."""

    def poll(self) -> bool:
        """Whether the child or the walk here has answered; starts the child when its
        time has come, and gives the walk here its turn when that has come."""
        if super().poll():
            if self.answered_by is None:
                self.answered_by = "child"
            return True
        return self._walk_turn()

    @property
    def engine(self) -> str:
        """Who answered, for messages: the child's solver or the walk here."""
        if self.answered_by == "walk here":
            return "the switch walk here"
        return f"the second solver ({self.solver})"

    def _walk_turn(self) -> bool:
        walk = self.walk
        if walk is None or walk.finished:
            return False
        used = self.cpu_spent() - self.walk_after
        if used < 0 or self.walk_seconds > WALK_HERE_SHARE * used:
            return False
        if self.walk_seconds == 0.0:
            _log.info("a switch walk (seed %d) takes turns with the search here, %.0f %% of "
                      "the CPU from now on", WALK_HERE_SEED, 100 * WALK_HERE_SHARE)
        before = time.process_time()
        with cpu_aside():
            found = walk.advance(self.deadline.within(WALK_HERE_TURN))
        self.walk_seconds += time.process_time() - before
        if found is None:
            return False
        _log.info("the switch walk here found a solution after %.1f s of its CPU",
                  self.walk_seconds)
        self.answer, self.answered_by = (found,), "walk here"
        return True

    def _window(self, sub: Puzzle, deadline: Deadline) -> Solution | None:
        """A walk's window solved by the SAT machine under fill, with CaDiCaL: on the
        loose 20x20 boards its windows answer sooner than MapleChrono's (median 3.2
        against 4.3 s for the whole switch search)."""
        return self.run(sub, self.rules_tried()[0], DEFAULT_SOLVER, deadline)

    @property
    def switches(self) -> bool:
        """Whether the child tries the switch search (plain rules only: it knows no
        ``no_touch`` and no ``no_2x2``)."""
        return not self.rules[1] and not self.rules[2]

    def rules_tried(self) -> list[Rules]:
        """The rule sets the child runs, in order: without fill, fill first."""
        fill, no_touch, no_2x2 = self.rules
        return [self.rules] if fill else [(True, no_touch, no_2x2), self.rules]

    def job(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        left = self.deadline.remaining()
        limit = Deadline(None if left is None else max(0.0, left))

        def work() -> tuple[dict[str, list[Cell]] | None]:
            found = self._switch_try(limit) if self.switches else _UNDECIDED
            if found is None and self.rules[0]:
                return (None,)  # the first try ran the rules asked for: a proof
            if found is _UNDECIDED and not self.rules[0]:
                found = self._fill_try(limit)
            if not isinstance(found, Solution):
                found = self.run(self.puzzle, self.rules, self.solver, limit.within(None))
            return (None if found is None else {k: list(v) for k, v in found.paths.items()},)

        return send_result, (work,)

    def _switch_try(self, limit: Deadline) -> Solution | object | None:
        """Under the plain rules: SAT under fill for :data:`SWITCH_AFTER` seconds, then
        the switch search for :data:`SWITCH_SHARE` of the time left (at most
        :data:`SWITCH_SECONDS`). A solution; ``None`` when SAT proved that no solution
        fills the board; :data:`_UNDECIDED` otherwise."""
        fill_rules = self.rules_tried()[0]
        try:
            return self.run(self.puzzle, fill_rules, self.solver, limit.within(SWITCH_AFTER))
        except SolveTimeout:
            pass
        seconds = _share_of(limit, SWITCH_SHARE, SWITCH_SECONDS)
        found = switch_search(self.puzzle, limit.within(seconds), run=self._window)
        return _UNDECIDED if found is None else found

    def _fill_try(self, limit: Deadline) -> Solution | None:
        """A solution under fill within this try's share of ``limit``, or ``None``."""
        seconds = _share_of(limit, FILL_TRY_SHARE, FILL_TRY_SECONDS)
        try:
            return self.run(self.puzzle, self.rules_tried()[0], self.solver,
                            limit.within(seconds))
        except SolveTimeout:
            return None

    def accept(self, message: Any) -> tuple[Solution | None] | None:
        (paths,) = message
        if paths is None:
            return (None,)
        return (Solution(self.puzzle.width, self.puzzle.height, paths),)
