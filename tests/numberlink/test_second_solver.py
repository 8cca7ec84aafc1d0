"""The second solver's child (``second_solver``): without fill, the rules under fill
first, then the rules asked for; only a solution is taken from the first try."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from numberlink_sat.numberlink import second_solver
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve_beside import _stuck_default

solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
real_solve_with = solve_module._solve_with


def _child_answer(puzzle: Puzzle, rules: tuple[bool, bool, bool],
                  asked: list[tuple[bool, bool, bool]]) -> Any:
    """What the second solver's child sends, run in this process, recording the rules
    of each run."""

    def recorded(puzzle: Puzzle, rules: tuple[bool, bool, bool], solver: str,
                 deadline: Deadline) -> Any:
        asked.append(rules)
        return real_solve_with(puzzle, rules, solver, deadline)

    child = second_solver.SolverBeside(puzzle, rules, "glucose4", Deadline(30),
                                       start_after=0.0, run=recorded)
    _send, (work,) = child.job()
    return work()


def test_without_fill_the_second_solver_tries_fill_first() -> None:
    """Without fill the child runs the rules under fill first and takes only a solution
    from that try: a board whose one solution leaves a cell empty, or that has none,
    goes on to the rules asked for."""
    filled = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    asked: list[tuple[bool, bool, bool]] = []
    assert _child_answer(filled, (False, False, False), asked) == (
        {"1": [(0, 0), (0, 1), (0, 2)]},)
    assert asked == [(True, False, False)]

    empty_cell = Puzzle(3, 1, {"1": ((0, 0), (0, 1))})  # (0, 2) stays empty
    assert not brute_path_sets(empty_cell, fill=True)
    asked.clear()
    assert _child_answer(empty_cell, (False, True, False), asked) == (
        {"1": [(0, 0), (0, 1)]},)
    assert asked == [(True, True, False), (False, True, False)]

    crossing = Puzzle(2, 2, {"1": ((0, 0), (1, 1)), "2": ((0, 1), (1, 0))})
    assert not brute_path_sets(crossing, fill=False)
    asked.clear()
    assert _child_answer(crossing, (False, False, False), asked) == (None,)
    assert asked == [(True, False, False), (False, False, False)]

    asked.clear()
    assert _child_answer(filled, (True, False, False), asked) is not None
    assert asked == [(True, False, False)]  # under fill: the rules asked, once


def test_a_fill_try_that_runs_out_of_time_leaves_the_rest_to_the_rules_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time for the try under fill, the child still answers without fill."""
    monkeypatch.setattr(solve_module, "_solve_with", _stuck_default)
    monkeypatch.setattr(solve_module, "SECOND_SOLVER_AFTER", 0.0)
    monkeypatch.setattr(second_solver, "FILL_TRY_SECONDS", 0.0)
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2)), "2": ((0, 2), (1, 2))})
    assert brute_path_sets(puzzle, fill=False)
    found = solve_module.solve(puzzle, fill=False, second_solver="glucose4", time_limit=30)
    assert found is not None and not verify(puzzle, found, fill=False)
