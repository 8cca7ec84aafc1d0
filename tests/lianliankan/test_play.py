"""Greedy play, hints, stuck vs dead, shuffles and generated boards."""

from __future__ import annotations

import pytest

from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.lianliankan import (
    as_board,
    available_moves,
    generate,
    generate_with_order,
    greedy_play,
    hint,
    is_stuck,
    shuffle,
    solve,
    verify,
)


def test_greedy_gets_stuck_where_an_order_exists():
    b = as_board([[2, 2, 1], [1, 2, 4], [0, 4, 2]])
    result = greedy_play(b)
    assert not result.cleared and is_stuck(result.board)
    assert verify(b, result.order) == ["board not cleared: "
                                       f"{result.board.tile_count()} tiles remain"]
    order = solve(b)
    assert order is not None and verify(b, order) == []


def test_greedy_takes_the_first_pair_in_row_major_order():
    b = as_board([[1, 2, 2, 1], [3, 0, 0, 3]])
    result = greedy_play(b)
    assert result.order[0] == available_moves(b)[0] == ((0, 1), (0, 2))
    assert result.cleared and verify(b, result.order) == []


def test_stuck_is_not_the_same_as_dead():
    stuck = as_board([[1, 2], [2, 1]])
    assert is_stuck(stuck) and solve(stuck) is None
    dead_not_stuck = as_board([[1, 2], [2, 1], [3, 3]])
    assert not is_stuck(dead_not_stuck) and solve(dead_not_stuck) is None
    assert hint(dead_not_stuck) is None
    assert not is_stuck([[0, 0]])  # clear is not stuck


def test_hint_keeps_the_board_clearable():
    b, _ = generate_with_order(6, 6, copies=4, seed=4)
    move = hint(b)
    assert move is not None
    assert solve(b.remove(*move)) is not None


@pytest.mark.parametrize(("rows", "cols", "copies", "ring", "gravity"), [
    (2, 2, 4, False, False),
    (6, 6, 4, False, False),
    (6, 8, 4, True, False),
    (5, 6, 2, False, False),
    (8, 8, 4, False, True),
    (6, 6, 2, True, True),
])
def test_generated_boards_are_full_and_clearable(rows, cols, copies, ring, gravity):
    b, order = generate_with_order(rows, cols, copies=copies, seed=9, outside_ring=ring,
                                   gravity=gravity)
    assert b.height == rows and b.width == cols and b.tile_count() == rows * cols
    assert {len(c) for c in b.pictures().values()} == {copies}
    assert verify(b, order, outside_ring=ring, gravity=gravity) == []
    found = solve(b, outside_ring=ring, gravity=gravity, time_limit=30)
    assert found is not None
    assert verify(b, found, outside_ring=ring, gravity=gravity) == []


def test_generate_is_seeded_and_checks_sizes():
    assert generate(6, 6, seed=1) == generate(6, 6, seed=1)
    assert generate(6, 6, seed=1) != generate(6, 6, seed=2)
    b = generate(6, 6, seed=1, pictures=5)
    assert len(b.pictures()) == 5
    with pytest.raises(InvalidPuzzleError, match="not a multiple of 4"):
        generate(3, 6, copies=4)
    with pytest.raises(InvalidPuzzleError, match="not a multiple of 2"):
        generate(3, 3, copies=2)
    with pytest.raises(InvalidPuzzleError, match="must be even"):
        generate(3, 3, copies=3)
    with pytest.raises(InvalidPuzzleError, match="odd number"):
        generate(3, 3, pictures=4)


@pytest.mark.parametrize(("ring", "gravity"), [(False, False), (True, False), (True, True)])
def test_shuffle_keeps_tiles_and_cells_and_is_clearable(ring, gravity):
    b = as_board([[1, 2], [2, 1], [3, 3], [0, 4], [4, 0]])
    if gravity:
        b = as_board([[0, 0], [1, 2], [2, 1], [3, 3], [4, 4]])
    for seed in range(5):
        new = shuffle(b, seed=seed, outside_ring=ring, gravity=gravity)
        assert sorted(new.tiles()) == sorted(b.tiles())
        assert sorted(new[c] for c in new.tiles()) == sorted(b[c] for c in b.tiles())
        order = solve(new, outside_ring=ring, gravity=gravity)
        assert order is not None
        assert verify(new, order, outside_ring=ring, gravity=gravity) == []
