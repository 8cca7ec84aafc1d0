"""The independent Lianliankan verifier: a clearing order passes, each rule is reported."""

from __future__ import annotations

from typing import Any

import pytest

from numberlink_sat.lianliankan.verify import verify

BOARD = [[1, 2, 2, 1], [3, 0, 0, 3]]
GOOD = [((0, 1), (0, 2)), ((0, 0), (0, 3)), ((1, 0), (1, 3))]


def test_a_clearing_order_passes() -> None:
    assert verify(BOARD, GOOD) == []


@pytest.mark.parametrize(("order", "expected"), [
    ([((0, 1),)], "is not a pair of (row, col) cells"),
    ([((0, 1), (5, 2))], "is off the 2x4 board"),
    ([((0, 1), (0, 1))], "the same cell twice"),
    ([((1, 1), (1, 2))], "is empty"),
    ([((0, 0), (0, 1))], "different pictures 1 and 2"),
    ([((0, 0), (0, 3))], "no line with at most two turns joins them"),
    (GOOD[:2], "board not cleared: 2 tiles remain"),
])
def test_each_rule_is_reported(order: list[Any], expected: str) -> None:
    found = verify(BOARD, order)
    assert any(expected in p for p in found), found


def test_the_outside_ring() -> None:
    board = [[1, 2, 1, 2]]  # the 1s join only around the board, above it
    order = [((0, 0), (0, 2)), ((0, 1), (0, 3))]
    assert any("no line" in p for p in verify(board, order))
    assert verify(board, order, outside_ring=True) == []


def test_gravity_moves_the_tiles_down() -> None:
    board = [[2, 0], [1, 1], [2, 3], [0, 3]]
    # without gravity the 2s are two rows apart with a 1 between; with it, after the 1s go,
    # the top 2 falls onto the other one
    order = [((1, 0), (1, 1)), ((1, 0), (2, 0)), ((2, 1), (3, 1))]
    assert verify(board, order, gravity=True) == []
    assert verify(board, order) != []
