"""Hints lead to the solution; a drawing no solution agrees with is reported."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.numberlink.diagnose import board_edges, diagnose
from numberlink_sat.numberlink.generator import generate
from numberlink_sat.numberlink.hint import hint
from numberlink_sat.numberlink.model import Puzzle
from tests.numberlink.test_solve import VARIANTS


@pytest.mark.parametrize("seed", range(3))
def test_following_the_hints_draws_the_unique_solution(seed: int) -> None:
    puzzle = generate(5, 5, seed=seed)
    solution = diagnose(puzzle).solutions[0]
    used = solution.edges()
    drawn: list[tuple[tuple[int, int], tuple[int, int]]] = []
    crossed: list[tuple[tuple[int, int], tuple[int, int]]] = []
    reasons = set()
    for _ in range(len(board_edges(puzzle)) + 1):
        h = hint(puzzle, drawn, crossed)
        if h.status == "complete":
            break
        assert h.status == "hint" and h.edge is not None
        assert (h.edge in used) == h.used, h.message
        (drawn if h.used else crossed).append(h.edge)
        reasons.add(h.reason)
    assert set(drawn) == used
    assert "propagation" in reasons


def test_a_wrong_line_cannot_be_completed() -> None:
    puzzle = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    h = hint(puzzle, drawn=[((0, 0), (1, 0))])
    assert h.status == "conflict"
    assert {(0, 0), (1, 0)} <= set(h.conflict_cells)
    assert "cannot be completed" in h.message


def test_no_solution_and_ambiguous_boards() -> None:
    assert hint(Puzzle(2, 2, {"A": ((0, 0), (1, 1))})).status == "no solution"
    h = hint(Puzzle(3, 3, {"1": ((0, 0), (2, 2))}), fill=False)
    assert h.status in ("hint", "ambiguous")


def test_hints_are_forced_under_every_variant() -> None:
    rng = random.Random(11)
    for _ in range(10):
        puzzle = generate(4, 4, seed=rng.randrange(1000))
        for variant in VARIANTS:
            d = diagnose(puzzle, **variant)
            h = hint(puzzle, **variant)
            if h.status == "hint":
                assert h.edge in (d.forced_used if h.used else d.forced_unused)
            elif h.status == "no solution":
                assert d.count == 0


def test_a_mark_off_the_board_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError):
        hint(Puzzle(2, 1, {"1": ((0, 0), (0, 1))}), drawn=[((0, 0), (1, 1))])
