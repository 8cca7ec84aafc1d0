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

import time
from collections.abc import Iterator
from typing import Any

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.precheck import prove_unsolvable
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession, SessionStats
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver

__all__ = [
    "STRENGTHENED_SECONDS",
    "STRENGTHENED_SHARE",
    "NumberlinkSolver",
    "count_solutions",
    "is_unique",
    "solutions",
    "solve",
]

STRENGTHENED_SHARE = 0.5
"""Share of a time limit that :func:`solve` gives the no-touch-strengthened first try."""

STRENGTHENED_SECONDS = 10.0
"""How long that first try may run when there is no time limit."""


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
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"expected a Puzzle, got {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2, labels=labels)
        check_solver(solver)
        self.deadline = deadline if deadline is not None else Deadline(time_limit)
        self.unsolvable_reason = prove_unsolvable(puzzle, fill=fill)
        self.encoding: NumberlinkEncoding | None = None
        self.session: SatSession | None = None
        self.stats = SessionStats(solver=solver)
        if self.unsolvable_reason is None:
            started = time.perf_counter()
            self.encoding = NumberlinkEncoding(puzzle, self.options, self.deadline)
            encoded = time.perf_counter()
            self.session = SatSession(
                self.encoding.clauses, solver=solver, deadline=self.deadline,
                num_vars=self.encoding.num_vars,
            )
            self.stats = self.session.stats
            self.stats.encode_seconds = encoded - started
            self.stats.extra["load_seconds"] = time.perf_counter() - encoded
            self.stats.variables = self.encoding.num_vars
            self.stats.clauses = self.encoding.num_clauses
            self.deadline.check("loading the solver")

    def solutions(self, limit: int | None = None) -> Iterator[Solution]:
        """Distinct solutions, verified, until ``limit`` (``None``: all) or none is left."""
        if self.session is None or self.encoding is None:
            return
        enc = self.encoding
        for model in self.session.enumerate(enc.find_cuts, enc.blocking_clause, limit):
            solution = enc.decode(model)
            problems = verify(self.puzzle, solution, **self.options.as_kwargs())
            if problems:  # pragma: no cover - an encoder bug, never a user error
                raise AssertionError(
                    "the SAT encoding produced an invalid solution: " + "; ".join(problems)
                )
            yield solution

    def close(self) -> None:
        """Free the SAT solver."""
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> NumberlinkSolver:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"limit must be a positive int or None, got {limit!r}")


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

    Under the plain rules (touching allowed) the search first runs with ``no_touch``
    added, which propagates far better on loose boards (measured: a 25x25 Janko board
    in 2.4 s against over 20 s), for up to :data:`STRENGTHENED_SHARE` of the time
    limit (:data:`STRENGTHENED_SECONDS` without one). Any solution it finds also
    obeys the plain rules (and is verified under them). Without ``fill`` a "no" from
    it is final too: shortcutting a path where it touches itself only empties cells,
    so a solvable puzzle always has a solution that does not touch itself. Otherwise
    the plain search runs as usual.
    """
    deadline = Deadline(time_limit)
    if not no_touch:
        share = STRENGTHENED_SECONDS
        left = deadline.remaining()
        if left is not None:
            share = min(share, STRENGTHENED_SHARE * left)
        try:
            with NumberlinkSolver(
                puzzle, fill=fill, no_touch=True, no_2x2=no_2x2, solver=solver, time_limit=share
            ) as first:
                found = next(first.solutions(1), None)
        except SolveTimeout:
            pass
        else:
            if found is not None:
                problems = verify(puzzle, found, fill=fill, no_2x2=no_2x2)
                if problems:  # pragma: no cover - an encoder bug
                    raise AssertionError("invalid solution: " + "; ".join(problems))
                return found
            if not fill:
                return None
    with NumberlinkSolver(
        puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver, deadline=deadline
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
