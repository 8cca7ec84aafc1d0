"""The independent Numberlink verifier: the right answer passes, each rule is reported."""

from __future__ import annotations

import pytest

from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify

# 3 x 3, labels A (top row) and B (bottom row), the middle cell (1, 1) blocked
PUZZLE = Puzzle(3, 3, {"A": ((0, 0), (0, 2)), "B": ((2, 0), (2, 2))}, blocked=[(1, 1)])
GOOD = {"A": [(0, 0), (0, 1), (0, 2)], "B": [(2, 0), (2, 1), (2, 2)]}


def problems(paths: dict[str, list[tuple[int, int]]], puzzle: Puzzle = PUZZLE,
             **rules: bool) -> list[str]:
    return verify(puzzle, Solution(puzzle.width, puzzle.height, paths), **rules)


def test_a_right_answer_passes() -> None:
    assert problems(GOOD, fill=False) == []


def test_the_board_size_must_match() -> None:
    assert "puzzle is 3x3" in verify(PUZZLE, Solution(2, 3, {}))[0]


@pytest.mark.parametrize(("paths", "expected"), [
    ({"A": GOOD["A"]}, "label B: no path"),
    ({**GOOD, "C": [(1, 0), (1, 2)]}, "label C: not in the puzzle"),
    ({**GOOD, "A": [(0, 0), (0, 1)]}, "path must run from (0, 0) to (0, 2)"),
    ({**GOOD, "A": []}, "label A: empty path"),
    ({**GOOD, "A": [(0, 0), (0, 1), (1, 1), (0, 1), (0, 2)]}, "is blocked"),
    ({**GOOD, "A": [(0, 0), (0, 1), (0, 0), (0, 1), (0, 2)]}, "visited twice"),
    ({**GOOD, "A": [(0, 0), (0, 2)]}, "is not a step to an orthogonal neighbour"),
    ({"A": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 2), (0, 2)], "B": GOOD["B"]},
     "passes through the end of label B"),
    ({"A": GOOD["A"], "B": [(2, 0), (2, 1), (2, 2), (2, 1), (2, 2)]}, "passes through its own end"),
    ({"A": [(0, 0), (1, 0), (2, 0)], "B": GOOD["B"]}, "path must run from"),
])
def test_each_path_rule_is_reported(paths: dict[str, list[tuple[int, int]]],
                                    expected: str) -> None:
    found = problems(paths, fill=False)
    assert any(expected in p for p in found), found


def test_off_the_board() -> None:
    open_board = Puzzle(2, 1, {"A": ((0, 0), (0, 1))})
    found = problems({"A": [(0, 0), (-1, 0), (-1, 1), (0, 1)]}, open_board, fill=False)
    assert any("off the board" in p for p in found), found


def test_two_paths_through_one_cell() -> None:
    cross = Puzzle(3, 3, {"A": ((0, 1), (2, 1)), "B": ((1, 0), (1, 2))})
    found = problems({"A": [(0, 1), (1, 1), (2, 1)], "B": [(1, 0), (1, 1), (1, 2)]}, cross,
                     fill=False)
    assert any("on the paths of A and B" in p for p in found), found


def test_fill_rule() -> None:
    assert problems(GOOD, fill=False) == []
    found = problems(GOOD, fill=True)
    assert found == ["cell (1, 0) lies on no path (fill rule)",
                     "cell (1, 2) lies on no path (fill rule)"]


def test_no_touch_rule() -> None:
    # a U-turn: (0, 0) and (1, 0) are adjacent on A's path without being consecutive
    board = Puzzle(2, 3, {"A": ((0, 0), (1, 0))})
    u_turn = {"A": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (1, 0)]}
    assert problems(u_turn, board) == []
    found = problems(u_turn, board, no_touch=True)
    assert found and all("(no-touch)" in p for p in found)


def test_no_2x2_rule() -> None:
    board = Puzzle(2, 2, {"A": ((0, 0), (1, 0))})
    square = {"A": [(0, 0), (0, 1), (1, 1), (1, 0)]}
    assert problems(square, board) == []
    assert problems(square, board, no_2x2=True) == [
        "label A: 2x2 square at (0, 0) lies on one path (no-2x2)"]
