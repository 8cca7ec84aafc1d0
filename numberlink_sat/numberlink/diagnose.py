"""The forced map of a puzzle: which edges every solution uses, which none, which differ.

An edge is *forced used* when every solution uses it, *forced unused* when none does,
and *undecided* otherwise (two solutions disagree on it). The set of forced edges is
the puzzle's backbone; a puzzle is unique exactly when no edge is undecided.

The algorithm is the standard one for backbones, on one incremental SAT session under
exactly the rules asked for (no restriction):

1. find a first solution ``S1``; every edge is a candidate, with its value in ``S1``;
2. ask for a solution that differs from ``S1`` on at least one candidate (one clause
   behind a fresh activation literal, assumed for that call, retired afterwards);
3. a solution found disagrees with ``S1`` on some candidates: they are undecided and
   leave the set; "no such solution" proves every remaining candidate forced.

Each solution found is a new distinct one, so the same loop counts solutions (and
gives two differing ones). Loop cuts found on the way are valid clauses and stay.
With a time limit the result proven so far comes back marked ``partial``: the edges
shown undecided are final, the remaining candidates are ``unproven``.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> d = diagnose(Puzzle(2, 2, {"1": ((0, 0), (1, 0))}), fill=False)
>>> d.status, d.count, len(d.forced_used), len(d.undecided)
('multiple', 2, 0, 4)
>>> diagnose(Puzzle(3, 1, {"1": ((0, 0), (0, 2))})).status
'unique'
"""

from __future__ import annotations

import resource
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from numberlink_sat.errors import InternalError, SolveTimeout
from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.precheck import prove_unsolvable
from numberlink_sat.numberlink.solve import NumberlinkSolver
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import Model, SatSession
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["Backbone", "Diagnosis", "board_edges", "cpu_seconds", "diagnose"]


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished child processes (the solver may
    run an engine in a forked child)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def board_edges(puzzle: Puzzle) -> list[Edge]:
    """Every edge between two orthogonally adjacent open cells, smaller cell first.

    >>> board_edges(Puzzle(2, 1, {"1": ((0, 0), (0, 1))}))
    [((0, 0), (0, 1))]
    """
    edges: list[Edge] = []
    for r, c in puzzle.open_cells():
        for other in ((r, c + 1), (r + 1, c)):
            if puzzle.is_open(other):
                edges.append(((r, c), other))
    return edges


@dataclass(frozen=True)
class Diagnosis:
    """What the solutions of a puzzle agree on, under one rule variant.

    ``count`` is the number of distinct solutions found, at most ``count_limit``; it is
    exact when it is below the limit and the result is not ``partial``. ``solutions``
    holds the first solution and, when there is one, a second that differs from it.
    ``unproven`` lists the edges a time limit left undecided either way (empty unless
    ``partial``). ``reason`` says why there is no solution when a pre-check proved it.
    """

    puzzle: Puzzle
    fill: bool
    no_touch: bool
    no_2x2: bool
    forced_used: frozenset[Edge]
    forced_unused: frozenset[Edge]
    undecided: frozenset[Edge]
    unproven: frozenset[Edge]
    solutions: tuple[Solution, ...]
    count: int
    count_limit: int
    partial: bool
    reason: str | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    stats: Mapping[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> str:
        """``unique``, ``multiple``, ``no solution`` or ``timeout`` (nothing decided)."""
        if self.count >= 2:
            return "multiple"
        if self.partial:
            return "timeout"
        return "unique" if self.count == 1 else "no solution"

    @property
    def unique(self) -> bool:
        """Whether the puzzle is proven to have exactly one solution."""
        return self.status == "unique"

    @property
    def rules(self) -> str:
        """The rule variant in words, e.g. ``'fill, no-touch'``."""
        return RuleOptions(self.fill, self.no_touch, self.no_2x2).describe()

    @property
    def forced(self) -> frozenset[Edge]:
        """Every proven-forced edge, used or unused."""
        return self.forced_used | self.forced_unused

    def _cells_of(self, edges: Iterable[Edge]) -> set[Cell]:
        return {cell for edge in edges for cell in edge}

    @property
    def undecided_cells(self) -> frozenset[Cell]:
        """Cells at an undecided edge: where solutions differ."""
        return frozenset(self._cells_of(self.undecided))

    @property
    def settled_cells(self) -> frozenset[Cell]:
        """Open cells whose every edge is proven forced (the same in every solution)."""
        if self.count == 0:
            return frozenset()
        loose = self._cells_of(self.undecided | self.unproven)
        return frozenset(c for c in self.puzzle.open_cells() if c not in loose)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON: status, rules, edge lists, count, solutions, times."""

        def edges(es: frozenset[Edge]) -> list[list[list[int]]]:
            return [[list(a), list(b)] for a, b in sorted(es)]

        return {
            "status": self.status,
            "rules": self.rules,
            "partial": self.partial,
            "count": self.count,
            "count_limit": self.count_limit,
            "count_exact": self.count < self.count_limit and not self.partial,
            "forced_used": edges(self.forced_used),
            "forced_unused": edges(self.forced_unused),
            "undecided": edges(self.undecided),
            "unproven": edges(self.unproven),
            "settled_cells": sorted(list(c) for c in self.settled_cells),
            "undecided_cells": sorted(list(c) for c in self.undecided_cells),
            "solutions": [
                {lab: [list(c) for c in p] for lab, p in s.paths.items()}
                for s in self.solutions
            ],
            "reason": self.reason,
            "seconds": round(self.seconds, 4),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "stats": dict(self.stats),
        }


class Backbone:
    """One backbone run: its state stays readable when a time limit interrupts it.

    ``forced`` maps each proven-forced edge variable to its literal, ``undecided``
    holds the variables two solutions disagree on, ``candidates`` the rest.
    """

    def __init__(self, puzzle: Puzzle, options: RuleOptions) -> None:
        self.puzzle = puzzle
        self.options = options
        self.solutions: list[Solution] = []
        self.found = 0
        self.forced: dict[int, int] = {}  # edge variable -> its literal in every solution
        self.undecided: set[int] = set()
        self.candidates: dict[int, int] = {}
        self.queries = 0
        self.blocking: list[list[int]] = []  # one clause per solution found

    def checked(self, enc: NumberlinkEncoding, model: Model) -> Solution:
        solution = enc.decode(model)
        problems = verify(self.puzzle, solution, **self.options.as_kwargs())
        if problems:  # pragma: no cover - an encoder bug, never a user error
            raise InternalError("invalid solution: " + "; ".join(problems))
        self.found += 1
        self.blocking.append(enc.blocking_clause(model))
        if len(self.solutions) < 2:
            self.solutions.append(solution)
        return solution

    def run(self, enc: NumberlinkEncoding, session: SatSession, count_limit: int,
            base: Sequence[int] = ()) -> None:
        """The backbone of the solutions that agree with the literals ``base``."""
        model = session.solve_with_cuts(enc.find_cuts, base)
        if model is None:
            return
        self.checked(enc, model)
        self.candidates = {v: v if model[v] else -v for v in enc.edge_vars()}
        self._loop(enc, session, count_limit, base)

    def seed(self, enc: NumberlinkEncoding, known: Sequence[Solution]) -> None:
        """Start from distinct solutions found elsewhere (verified here too)."""
        for solution in known:
            problems = verify(self.puzzle, solution, **self.options.as_kwargs())
            if problems:  # pragma: no cover - a solver bug
                raise InternalError("invalid solution: " + "; ".join(problems))
            self.found += 1
            self.blocking.append(enc.solution_blocking_clause(solution))
            if len(self.solutions) < 2:
                self.solutions.append(solution)
        first = dict(zip(enc.edge_vars(), enc.literals_of(known[0]), strict=True))
        for other in known[1:]:
            for var, lit in zip(enc.edge_vars(), enc.literals_of(other), strict=True):
                if first.get(var) not in (None, lit):
                    del first[var]
                    self.undecided.add(var)
        self.candidates = first

    def _loop(self, enc: NumberlinkEncoding, session: SatSession, count_limit: int,
              base: Sequence[int]) -> None:
        """Ask "a solution that differs from the first on some candidate" until none."""
        while self.candidates:
            act = enc.pool.new()
            session.add_clause([-act, *(-lit for lit in self.candidates.values())])
            self.queries += 1
            other = session.solve_with_cuts(enc.find_cuts, [*base, act])
            session.add_clause([-act])  # the question is retired, its clause satisfied
            if other is None:
                self.forced.update(self.candidates)
                self.candidates = {}
                break
            self.checked(enc, other)
            for var, lit in list(self.candidates.items()):
                if other[var] != (lit > 0):
                    del self.candidates[var]
                    self.undecided.add(var)
        self._count_more(enc, session, count_limit, base)

    def continue_from_seed(self, enc: NumberlinkEncoding, session: SatSession,
                           count_limit: int) -> None:
        """The loop after :meth:`seed` (the known solutions blocked for the count)."""
        self._loop(enc, session, count_limit, ())

    def _count_more(self, enc: NumberlinkEncoding, session: SatSession, limit: int,
                    base: Sequence[int]) -> None:
        """Go on counting past the solutions the backbone loop met, up to ``limit``."""
        if self.found >= limit or not self.undecided:
            return
        session.add_clauses(self.blocking)
        for model in session.enumerate(enc.find_cuts, enc.blocking_clause,
                                       limit=limit - self.found, assumptions=base):
            self.checked(enc, model)


def _first_two(puzzle: Puzzle, options: RuleOptions, deadline: Deadline, solver: str,
               found: list[Solution]) -> list[Solution]:
    """Up to two solutions from the library's solver, appended to ``found`` as they come
    (so a time limit keeps the first)."""
    deadline.check("finding solutions")
    with NumberlinkSolver(puzzle, fill=options.fill, no_touch=options.no_touch,
                          no_2x2=options.no_2x2, solver=solver, deadline=deadline) as engine:
        for solution in engine.solutions(2):
            found.append(solution)
    return found


# Kept whole (C901, PLR0915): its phases share the partial result a time limit hands back
def diagnose(  # noqa: C901, PLR0915
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    time_limit: float | None = None,
    count_limit: int = 2,
    solver: str = DEFAULT_SOLVER,
    first_two: bool = True,
) -> Diagnosis:
    """The forced map of ``puzzle`` under the rule variant asked for.

    Never raises :class:`~numberlink_sat.errors.SolveTimeout`: past ``time_limit``
    the result proven so far comes back with ``partial=True``. ``count_limit`` (>= 2)
    bounds the solution count. Every solution is checked by the verifier.

    With ``first_two`` (the default) the first two solutions come from the library's
    solver (:func:`~numberlink_sat.numberlink.solve.solutions`, whose exact count uses
    proven shortcuts, e.g. without fill a U-turn is a second solution by itself): a
    unique puzzle is then done, every edge taking its one value; otherwise the loop
    above goes on from the two. ``first_two=False`` runs the loop alone.
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"expected a Puzzle, got {type(puzzle).__name__}")
    if isinstance(count_limit, bool) or not isinstance(count_limit, int) or count_limit < 2:
        raise ValueError(f"count_limit must be an int >= 2, got {count_limit!r}")
    started, cpu = time.perf_counter(), cpu_seconds()
    options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    deadline = Deadline(time_limit)
    state = Backbone(puzzle, options)
    reason = prove_unsolvable(puzzle, fill=fill)
    partial = False
    enc: NumberlinkEncoding | None = None
    stats: dict[str, Any] = {}
    early: list[Solution] = []
    if reason is None:
        try:
            known = (_first_two(puzzle, options, deadline, solver, early)
                     if first_two else None)
            enc = NumberlinkEncoding(puzzle, options, deadline)
            if known is not None:
                stats["first_two_seconds"] = round(time.perf_counter() - started, 4)
            if known:
                state.seed(enc, known)
            if known is None or len(known) > 1:
                with SatSession(enc, solver=solver, deadline=deadline) as session:
                    try:
                        if known is None:
                            state.run(enc, session, count_limit)
                        else:
                            state.continue_from_seed(enc, session, count_limit)
                    finally:
                        stats.update(session.stats.as_dict())
            elif known:  # unique: every edge takes its value in the one solution
                state.forced.update(state.candidates)
                state.candidates = {}
        except SolveTimeout:
            partial = True
            if early and not state.found:  # the first solution came before the limit
                if enc is not None:
                    state.seed(enc, early)
                else:
                    state.solutions, state.found = early[:2], len(early)
    stats["queries"] = state.queries

    def edges(variables: Iterable[int]) -> frozenset[Edge]:
        if enc is None:
            return frozenset()
        cells, first = enc.cell_edges, enc.first_edge_var
        return frozenset(cells[v - first] for v in variables)

    unproven = set(state.candidates) if state.found else set()
    if partial and not state.found and enc is not None:
        unproven = set(enc.edge_vars())
    unproven_edges = edges(unproven)
    if partial and enc is None:
        unproven_edges = frozenset(board_edges(puzzle))
    return Diagnosis(
        puzzle=puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
        forced_used=edges(v for v, lit in state.forced.items() if lit > 0),
        forced_unused=edges(v for v, lit in state.forced.items() if lit < 0),
        undecided=edges(state.undecided),
        unproven=unproven_edges,
        solutions=tuple(state.solutions),
        count=min(state.found, count_limit),
        count_limit=count_limit,
        partial=partial,
        reason=reason,
        seconds=time.perf_counter() - started,
        cpu_seconds=cpu_seconds() - cpu,
        stats=stats,
    )
