"""The second solver's child (``second_solver``): without fill, the rules under fill
first, then the rules asked for; only a solution is taken from the first try."""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import pytest

from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.numberlink import second_solver
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import CpuBudget, Deadline
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


def _burn(seconds: float) -> None:
    """Use ``seconds`` of this process's CPU (a search between two polls)."""
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


def test_the_walk_here_answers_with_a_fill_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the plain rules, with ``walk_here``, polling gives a switch walk in this
    process its turns (the child never starts here): it answers with a solution that
    verifies under fill, and says so in ``answered_by``; under either rule."""
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 0.0)
    board = numberlink_loose(10, 10, random.Random(3))
    for fill in (True, False):
        beside = second_solver.SolverBeside(
            board, (fill, False, False), "glucose4", Deadline(30), start_after=1e9,
            run=real_solve_with, walk_here=True)
        polls = 0
        while not beside.poll() and polls < 10_000:
            polls += 1
            _burn(0.01)
        assert beside.answered_by == "walk here" and beside.answer is not None
        (found,) = beside.answer
        assert found is not None and not verify(board, found, fill=True)
        assert beside._child is None


def test_the_walk_here_keeps_to_its_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a board whose walk never ends (two crossing pairs), after
    ``WALK_HERE_AFTER`` of CPU the walk gets about ``WALK_HERE_SHARE`` of it, in turns;
    and the phases' CPU budgets do not count its turns."""
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 0.2)
    monkeypatch.setattr(second_solver, "WALK_HERE_TURN", 0.05)
    crossing = Puzzle(2, 2, {"1": ((0, 0), (1, 1)), "2": ((0, 1), (1, 0))})
    beside = second_solver.SolverBeside(
        crossing, (True, False, False), "glucose4", Deadline(30), start_after=1e9,
        run=real_solve_with, walk_here=True)
    budget = CpuBudget(60.0)
    start = time.process_time()
    while time.process_time() - start < 1.2:
        assert not beside.poll()
        _burn(0.01)
    after = time.process_time() - start - 0.2
    assert 0.3 * after <= beside.walk_seconds <= 0.5 * after + 0.1
    assert budget.spent() <= time.process_time() - start - beside.walk_seconds + 0.05


def test_where_no_child_will_start_the_walk_here_starts_when_the_childs_would(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``start_after`` infinite (no child can start): the walk here starts after
    ``WALK_ALONE_AFTER``; with a child to come, only after ``WALK_HERE_AFTER``."""
    monkeypatch.setattr(second_solver, "WALK_ALONE_AFTER", 0.1)
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 1e9)
    monkeypatch.setattr(second_solver, "WALK_HERE_TURN", 0.05)
    crossing = Puzzle(2, 2, {"1": ((0, 0), (1, 1)), "2": ((0, 1), (1, 0))})
    for start_after, walks in ((float("inf"), True), (1e9, False)):
        beside = second_solver.SolverBeside(
            crossing, (True, False, False), "glucose4", Deadline(30),
            start_after=start_after, run=real_solve_with, walk_here=True)
        start = time.process_time()
        while time.process_time() - start < 0.5:
            assert not beside.poll()
            _burn(0.01)
        assert (beside.walk_seconds > 0.05) is walks
        assert beside._child is None


def test_no_walk_here_unless_asked_and_under_the_plain_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``walk_here`` off, or ``no_touch`` / ``no_2x2`` asked (rules the walk does not
    know): polling runs no walk."""
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 0.0)
    board = numberlink_loose(6, 6, random.Random(1))
    for rules, walk_here in (((True, False, False), False), ((True, True, False), True),
                             ((False, False, True), True)):
        beside = second_solver.SolverBeside(board, rules, "glucose4", Deadline(30),
                                            start_after=1e9, run=real_solve_with,
                                            walk_here=walk_here)
        assert beside.walk is None
        for _ in range(20):
            assert not beside.poll()
        assert beside.walk_seconds == 0.0 and beside.answer is None
