"""``solve`` with a second SAT solver beside the first: exact, verified, within the limit."""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import pytest

import numberlink_sat.beside as beside_module
from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.beside import Beside
from numberlink_sat.errors import SolveTimeout, UnknownSolverError
from numberlink_sat.numberlink import second_solver, zdd
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
    """Both solvers stuck, and the child's SAT try outlasting the limit (so its switch
    walk, which would solve this board, never starts): a timeout within the limit."""
    monkeypatch.setattr(solve_module, "_solve_with", _stuck_default)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    monkeypatch.setattr(second_solver, "SWITCH_AFTER", 10.0)
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


@pytest.mark.parametrize("fill", [True, False])
def test_where_no_child_can_start_the_walk_here_still_answers(
        monkeypatch: pytest.MonkeyPatch, fill: bool) -> None:
    """No ``fork``, or a daemonic worker (a ``multiprocessing.Pool``'s): no child is
    ever started, yet the switch walk here takes its turns and answers, under either
    rule, with a verified solution (CaDiCaL stuck on the whole board, its windows
    real)."""
    board = numberlink_loose(10, 10, random.Random(3))

    def stuck_on_the_board(puzzle: Puzzle, rules: tuple[bool, bool, bool], solver: str,
                           deadline: Deadline) -> Any:
        if puzzle is not board:
            return real_solve_with(puzzle, rules, solver, deadline)
        while True:
            deadline.check("solving")
            time.sleep(0.01)

    def no_child(self: Beside[Any]) -> None:
        raise AssertionError("a child was started")

    monkeypatch.setattr(solve_module, "_solve_with", stuck_on_the_board)
    monkeypatch.setattr(solve_module, "can_start_child", lambda: False)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    monkeypatch.setattr(second_solver, "WALK_ALONE_AFTER", 0.0)  # no child: this one
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 1e9)
    monkeypatch.setattr(second_solver, "WALK_HERE_SHARE", 1.0)  # SAT here only sleeps
    monkeypatch.setattr(Beside, "_start", no_child)
    assert solve_module._child_after() == float("inf")
    found = solve_module.solve(board, fill=fill, time_limit=30)
    assert found is not None and not verify(board, found, fill=True)


def test_the_child_starts_where_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "can_start_child", lambda: True)
    assert solve_module._child_after() == solve_module.SECOND_SOLVER_AFTER


@pytest.mark.parametrize("fill", [True, False])
def test_start_children_off_keeps_every_child_out_and_the_answers_exact(
        monkeypatch: pytest.MonkeyPatch, fill: bool) -> None:
    """``beside.START_CHILDREN = False`` (threads on Python 3.12+): no child starts, not
    even where both would start at once, and the counts stay exact."""
    def no_child(self: Beside[Any]) -> None:
        raise AssertionError("a child was started")

    monkeypatch.setattr(beside_module, "START_CHILDREN", False)
    monkeypatch.setattr(Beside, "_start", no_child)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    monkeypatch.setattr(solve_module, "RACE_AFTER_SECONDS", 0.0)
    monkeypatch.setattr(solve_module, "RACE_MIN_CELLS", 1)
    assert solve_module._child_after() == float("inf") and not zdd.can_race()
    rng = random.Random(12)
    for _ in range(6):
        puzzle = random_puzzle(rng, max_side=4)
        expected = brute_path_sets(puzzle, fill=fill)
        assert expected is not None
        count = solve_module.count_solutions(puzzle, None, fill=fill, time_limit=30)
        assert count == len(expected)
        found = solve_module.solve(puzzle, fill=fill, time_limit=30)
        assert (found is None) == (not expected)
        assert found is None or not verify(puzzle, found, fill=fill)
