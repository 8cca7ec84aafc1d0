"""``solve`` with a second SAT solver beside the first: exact, verified, within the limit."""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import pytest

from numberlink_sat.errors import SolveTimeout, UnknownSolverError
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import random_puzzle

solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
real_solve_with = solve_module._solve_with


def _stuck_default(puzzle: Puzzle, rules: tuple[bool, bool, bool], solver: str,
                   deadline: Deadline) -> Any:
    """The default solver never answers (but keeps asking its deadline, as slices do);
    any other solver is the real one."""
    if solver != DEFAULT_SOLVER:
        return real_solve_with(puzzle, rules, solver, deadline)
    while True:
        deadline.check("solving")
        time.sleep(0.01)


VARIANTS = [(True, False, False), (False, False, False), (True, True, False),
            (False, False, True)]


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_second_solvers_answer_is_exact_and_verified(
        monkeypatch: pytest.MonkeyPatch, rules: tuple[bool, bool, bool]) -> None:
    """With the default solver stuck, every answer comes from the second one: a solution
    exactly when the exhaustive search finds one, and a valid one."""
    monkeypatch.setattr(solve_module, "_solve_with", _stuck_default)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    fill, no_touch, no_2x2 = rules
    rng = random.Random(11 + sum(rules))
    for _ in range(6):
        puzzle = random_puzzle(rng, max_side=4)
        expected = brute_path_sets(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
        assert expected is not None
        found = solve_module.solve(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                                   second_solver="glucose4", time_limit=30)
        assert (found is not None) == bool(expected), puzzle.to_dict()
        if found is not None:
            assert not verify(puzzle, found, fill=fill, no_touch=no_touch, no_2x2=no_2x2)


def test_the_time_limit_holds_with_both_solvers_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "_solve_with", _stuck_default)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    started = time.perf_counter()
    with pytest.raises(SolveTimeout):
        solve_module.solve(puzzle, second_solver=DEFAULT_SOLVER, time_limit=1.0)
    assert time.perf_counter() - started < 1.5


def test_which_second_solver() -> None:
    small, large = Puzzle(3, 3, {"1": ((0, 0), (2, 2))}), Puzzle(
        300, 300, {"1": ((0, 0), (2, 2))})
    choose = solve_module._second_solver
    assert choose(small, DEFAULT_SOLVER, "auto") == solve_module.SECOND_SOLVER
    assert choose(large, DEFAULT_SOLVER, "auto") is None  # memory: no second encoding
    assert choose(small, "glucose4", "auto") is None  # a solver asked for is kept alone
    assert choose(small, DEFAULT_SOLVER, None) is None
    assert choose(small, "glucose4", "minisat22") == "minisat22"
    with pytest.raises(UnknownSolverError):
        solve_module.solve(small, second_solver="no-such-solver")
