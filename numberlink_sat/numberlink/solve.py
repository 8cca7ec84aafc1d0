"""Solve Numberlink, enumerate distinct solutions, count them, prove uniqueness.

Every answer is checked by the independent verifier before it is returned; a verifier
complaint is a bug and raises ``AssertionError`` rather than passing a wrong answer on.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(2, 2, {"1": ((0, 0), (0, 1)), "2": ((1, 0), (1, 1))})
>>> solve(p).paths["2"]
((1, 0), (1, 1))
>>> count_solutions(p), is_unique(p)
(1, True)
>>> count_solutions(Puzzle(2, 2, {"1": ((0, 0), (1, 1))}), fill=False, limit=None)
2
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.local import local_alternatives
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.precheck import prove_unsolvable
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import Model, SatSession, SessionStats
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver

__all__ = [
    "STRENGTHENED_SECONDS",
    "STRENGTHENED_SHARE",
    "STRENGTHEN_MAX_CELLS",
    "STRENGTHEN_MIN_CELLS",
    "WINDOW",
    "WINDOW_SECONDS",
    "NumberlinkSolver",
    "count_solutions",
    "is_unique",
    "solutions",
    "solve",
]

_log = logging.getLogger(__name__)

STRENGTHENED_SHARE = 0.5
"""Share of a time limit that the first try without U-turns may use."""

STRENGTHENED_SECONDS = 10.0
"""How long that first try may run when there is no time limit."""

STRENGTHEN_MIN_CELLS = 64
"""Boards smaller than this are solved directly: the strengthened first try costs more."""

STRENGTHEN_MAX_CELLS = 100_000
"""Boards larger than this skip the strengthened first try: a second CNF costs more."""

WINDOW = 6
"""Side of the windows in which a second solution is first looked for."""

WINDOW_SECONDS = 5.0
"""How long the window phase may run per solution before the global search."""


class NumberlinkSolver:
    """One puzzle, one rule variant, one incremental SAT solver.

    ``solutions()`` yields distinct verified solutions; cuts and blocking clauses stay in
    the solver, so asking for a second solution after the first costs one more search.
    ``stats`` tells what was done (variables, clauses, calls, cut rounds, times).
    ``unsolvable_reason`` is set when a cheap pre-check proved there is no solution.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> with NumberlinkSolver(Puzzle(3, 1, {"a": ((0, 0), (0, 2))})) as s:
    ...     [len(x.paths["a"]) for x in s.solutions()]
    [3]
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        fill: bool = True,
        no_touch: bool = False,
        no_2x2: bool = False,
        solver: str = DEFAULT_SOLVER,
        time_limit: float | None = None,
        deadline: Deadline | None = None,
        labels: str = "log",
        no_u_turn: bool = False,
        seed_strengthened: bool = True,
        window_search: bool = True,
        absorb_loops: bool = True,
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"expected a Puzzle, got {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.options = RuleOptions(
            fill=fill, no_touch=no_touch, no_2x2=no_2x2, labels=labels, no_u_turn=no_u_turn
        )
        check_solver(solver)
        self.deadline = deadline if deadline is not None else Deadline(time_limit)
        self.seed_strengthened = seed_strengthened
        self.window_search = window_search
        self.absorb_loops = absorb_loops
        self._unblocked: list[Solution] = []
        self.unsolvable_reason = prove_unsolvable(puzzle, fill=fill)
        if self.unsolvable_reason is not None:
            _log.info("pre-check: no solution: %s", self.unsolvable_reason)
        self.encoding: NumberlinkEncoding | None = None
        self.session: SatSession | None = None
        self.stats = SessionStats(solver=solver)
        if self.unsolvable_reason is None:
            _log.info("%dx%d board, %s: building the CNF", puzzle.width, puzzle.height,
                      self.options.describe())
            started = time.perf_counter()
            self.encoding = NumberlinkEncoding(puzzle, self.options, self.deadline)
            encoded = time.perf_counter()
            self.session = SatSession(self.encoding, solver=solver, deadline=self.deadline)
            self.stats = self.session.stats
            self.stats.encode_seconds = encoded - started
            self.stats.extra["load_seconds"] = time.perf_counter() - encoded
            self.stats.variables = self.encoding.num_vars
            self.stats.clauses = self.encoding.num_clauses
            _log.info(
                "CNF of %d variables and %d clauses built in %.2f s, loaded into %s in "
                "%.2f s", self.stats.variables, self.stats.clauses,
                self.stats.encode_seconds, solver, self.stats.extra["load_seconds"],
            )
            self.deadline.check("loading the solver")

    def solutions(self, limit: int | None = None) -> Iterator[Solution]:
        """Distinct solutions, verified, until ``limit`` (``None``: all) or none is left.

        Before the search under exactly the rules asked for, whose answers are all
        blocked in it like its own, come cheaper sources: solutions without U-turns from
        a restricted solver that propagates far better (for up to half the time limit),
        2-opt neighbours of every solution found (:mod:`~numberlink_sat.numberlink.local`)
        and solutions that differ from a known one only inside a small window
        (:meth:`_window_search`). The full search then finds the rest, so counts and
        uniqueness are exact. In it, a model that still has detached loops is first
        made a solution by dropping them (without ``fill``) or absorbing them into
        paths (plain rules, :mod:`~numberlink_sat.numberlink.absorb`) before any cut
        round: on big open boards the rounds are what takes time.
        """
        if self.session is None or self.encoding is None:
            return
        enc, session = self.encoding, self.session
        seen: set[Solution] = set()
        queue: list[Solution] = []

        def fresh(solution: Solution) -> bool:
            if solution in seen:
                return False
            problems = verify(self.puzzle, solution, **self.options.as_kwargs())
            if problems:  # pragma: no cover - an encoder bug, never a user error
                raise InternalError("invalid solution: " + "; ".join(problems))
            seen.add(solution)
            _log.info("solution %d found and verified", len(seen))
            self._unblocked.append(solution)  # blocked before the next search
            queue.append(solution)
            return True

        def room() -> bool:
            return limit is None or len(seen) < limit

        def neighbours() -> Iterator[Solution]:
            while queue and room():
                for other in local_alternatives(
                    self.puzzle, queue.pop(), **self.options.as_kwargs()
                ):
                    if not room():
                        return
                    if fresh(other):
                        self.stats.extra["local_moves"] = (
                            self.stats.extra.get("local_moves", 0) + 1
                        )
                        yield other

        def window_neighbours(solution: Solution) -> Iterator[Solution]:
            for model in self._window_search(solution):
                if not room():
                    return
                if fresh(enc.decode(model)):
                    yield queue[-1]
                    yield from neighbours()

        absorbed: list[Solution] = []

        def cuts_or_absorb(model: Model) -> list[list[int]]:
            # a model with detached loops is first turned into a solution by dropping
            # or absorbing its loops (see absorb.py); its cuts go in all the same
            cuts = enc.find_cuts(model)
            if cuts and self.absorb_loops:
                solution = enc.absorbed_solution(model)
                if solution is not None and solution not in seen:
                    _log.info("absorbed %d detached loop(s) of a model into a solution",
                              len(cuts))
                    session.add_clauses(cuts)
                    self.stats.extra["absorbed"] = self.stats.extra.get("absorbed", 0) + 1
                    absorbed.append(solution)
                    return []
            return cuts

        found_here: list[Solution] = []
        if self.seed_strengthened and not self.options.no_u_turn and _strengthen(self.puzzle):
            for solution in self._strengthened(limit):
                if not room():
                    return
                if fresh(solution):
                    found_here.append(solution)
                    yield solution
                    yield from neighbours()
        while room():
            if found_here and self.window_search:
                yield from window_neighbours(found_here.pop())
                continue
            self._block_found()
            model = session.solve_with_cuts(cuts_or_absorb)
            if model is None:
                return
            if fresh(absorbed.pop() if absorbed else enc.decode(model)):
                found_here.append(queue[-1])
                yield queue[-1]
                yield from neighbours()

    def _block_found(self) -> None:
        """Add the blocking clauses of the solutions found since the last search.

        Blocking waits until a search needs it: a 1002 x 1002 solution's clause has a
        million literals, wasted when the caller wanted one solution.
        """
        assert self.encoding is not None and self.session is not None
        for solution in self._unblocked:
            self.session.add_clause(self.encoding.solution_blocking_clause(solution))
            self.session.stats.blocks += 1
        self._unblocked.clear()

    def _window_search(self, solution: Solution) -> Iterator[Model]:
        """Other solutions that differ from ``solution`` only inside a small window.

        Every edge not inside the window is fixed to its value in ``solution`` by
        assumptions on the same incremental solver (its learned clauses and cuts stay
        valid), so each call is a small search. Windows of :data:`WINDOW` cells slide
        with half that stride; the phase stops after :data:`WINDOW_SECONDS`. Finding
        nothing here proves nothing: the global search decides.
        """
        enc, session = self.encoding, self.session
        assert enc is not None and session is not None
        used = solution.edges()
        width, height = self.puzzle.width, self.puzzle.height
        if width * height <= WINDOW * WINDOW * 2:
            return
        values = []
        for k, (i, j) in enumerate(enc.edge_cells):
            a, b = divmod(i, width), divmod(j, width)
            var = enc.first_edge_var + k
            values.append((a, b, var if (a, b) in used else -var))
        phase_end = Deadline(WINDOW_SECONDS)
        outer = session.deadline
        step = max(1, WINDOW // 2)
        tops = range(0, max(1, height - WINDOW + step), step)
        lefts = range(0, max(1, width - WINDOW + step), step)
        try:
            for top in tops:
                for left in lefts:
                    if phase_end.expired():
                        return
                    assumptions = [
                        lit for a, b, lit in values
                        if not (top <= a[0] < top + WINDOW and left <= a[1] < left + WINDOW
                                and top <= b[0] < top + WINDOW and left <= b[1] < left + WINDOW)
                    ]
                    left_time = phase_end.remaining()
                    outer_left = outer.remaining()
                    if outer_left is not None and left_time is not None:
                        left_time = min(left_time, outer_left)
                    session.deadline = Deadline(max(0.0, left_time or 0.0))
                    try:
                        self._block_found()
                        model = session.solve_with_cuts(enc.find_cuts, assumptions)
                    except SolveTimeout:
                        outer.check("searching windows")
                        return
                    if model is not None:
                        self.stats.extra["window_hits"] = (
                            self.stats.extra.get("window_hits", 0) + 1
                        )
                        yield model
                        return
        finally:
            session.deadline = outer

    def _strengthened(self, limit: int | None) -> Iterator[Solution]:
        """Solutions under the same rules without U-turns, within a share of the time."""
        share = STRENGTHENED_SECONDS
        left = self.deadline.remaining()
        if left is not None:
            share = min(share, STRENGTHENED_SHARE * left)
        options = self.options
        try:
            with NumberlinkSolver(
                self.puzzle, fill=options.fill, no_touch=options.no_touch,
                no_2x2=options.no_2x2, no_u_turn=True, seed_strengthened=False,
                window_search=False, solver=self.stats.solver, time_limit=max(share, 0.0),
            ) as strong:
                yield from strong.solutions(limit)
        except SolveTimeout:
            return

    def close(self) -> None:
        """Free the SAT solver."""
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> NumberlinkSolver:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _strengthen(puzzle: Puzzle) -> bool:
    """Whether the board's size calls for the strengthened first try."""
    return STRENGTHEN_MIN_CELLS <= puzzle.width * puzzle.height <= STRENGTHEN_MAX_CELLS


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InvalidArgumentError(f"limit must be a positive int or None, got {limit!r}")


def solutions(
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> list[Solution]:
    """Up to ``limit`` distinct solutions (``None``: all), so a designer can compare two.

    Raises :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit`` seconds
    (encoding included).
    """
    _check_limit(limit)
    with NumberlinkSolver(
        puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
        time_limit=time_limit,
    ) as engine:
        return list(engine.solutions(limit))


def solve(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> Solution | None:
    """One solution, or ``None`` when it is proven that there is none.

    Under the plain rules (touching allowed) the search first runs with no "U-turn"
    allowed (three edges of one unit square), a restriction that propagates far better
    on loose boards (the 270 Janko boards: about 5 s in all; some 25x25 ones took over
    20 s each without it), for up to :data:`STRENGTHENED_SHARE` of the time limit
    (:data:`STRENGTHENED_SECONDS` without one). Any solution it finds obeys the plain
    rules too (and is verified under them). Without ``fill`` a "no" from it is final
    too: a U-turn's first and last cells are adjacent, so the path can be shortcut
    there, which only empties cells; a solvable puzzle therefore always has a solution
    without U-turns. Otherwise the plain search runs as usual.
    """
    deadline = Deadline(time_limit)
    if not no_touch and _strengthen(puzzle):
        share = STRENGTHENED_SECONDS
        left = deadline.remaining()
        if left is not None:
            share = min(share, STRENGTHENED_SHARE * left)
        _log.info("first try without U-turns (a restriction), for up to %.1f s", share)
        try:
            with NumberlinkSolver(
                puzzle, fill=fill, no_2x2=no_2x2, no_u_turn=True, seed_strengthened=False,
                window_search=False, solver=solver, time_limit=share,
            ) as first:
                found = next(first.solutions(1), None)
        except SolveTimeout:
            _log.info("first try timed out; the search under the rules asked for follows")
        else:
            if found is not None:
                problems = verify(puzzle, found, fill=fill, no_2x2=no_2x2)
                if problems:  # pragma: no cover - an encoder bug
                    raise InternalError("invalid solution: " + "; ".join(problems))
                return found
            if not fill:
                return None
    # the restricted try above is all the seeding one solution needs: the engine's own
    # seed phase would build and search the same restricted CNF a second time
    with NumberlinkSolver(
        puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver, deadline=deadline,
        seed_strengthened=False,
    ) as engine:
        return next(engine.solutions(1), None)


def count_solutions(
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> int:
    """The number of distinct solutions (distinct path sets), counted up to ``limit``."""
    return len(solutions(
        puzzle, limit, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
        time_limit=time_limit,
    ))


def is_unique(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> bool:
    """Whether the puzzle has exactly one solution under the chosen rule variant."""
    return count_solutions(
        puzzle, 2, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
        time_limit=time_limit,
    ) == 1
