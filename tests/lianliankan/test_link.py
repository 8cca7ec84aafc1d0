"""Links against a brute force over every line of at most three segments."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.lianliankan import Board, as_board, available_moves, link, linkable, turns
from numberlink_sat.lianliankan.link import LinkGrid
from numberlink_sat.lianliankan.verify import verify
from tests.lianliankan.llk_brute import brute_linkable, lines, random_board


def _check_path(board: Board, path, a, b, ring: bool) -> None:
    assert path[0] == a and path[-1] == b
    assert turns(path) <= 2
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        assert abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1
    h, w = board.height, board.width
    for r, c in path[1:-1]:
        if 0 <= r < h and 0 <= c < w:
            assert board.cells[r][c] == 0
        else:
            assert ring and -1 <= r <= h and -1 <= c <= w


@pytest.mark.parametrize("ring", [False, True])
def test_link_matches_brute_force_on_random_boards(ring):
    rng = random.Random(11 + ring)
    checked = linked = 0
    for _ in range(150):
        h, w = rng.randint(1, 5), rng.randint(2, 5)
        n = rng.randint(2, h * w)
        board = random_board(rng, h, w, n, 2, even=False)
        grid = LinkGrid(board, ring)
        tiles = board.tiles()
        for i, a in enumerate(tiles):
            for b in tiles[i + 1:]:
                expect = brute_linkable(board, a, b, ring)
                fast = grid.linkable((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1))
                assert fast == expect, (board.cells, a, b, ring)
                if board[a] == board[b]:
                    path = link(board, a, b, outside_ring=ring)
                    assert (path is not None) == expect, (board.cells, a, b)
                    assert linkable(board, a, b, ring) == expect
                    if path is not None:
                        _check_path(board, path, a, b, ring)
                        # fewest turns: no brute-force line has fewer
                        assert turns(path) == min(turns(x) for x in lines(board, a, b, ring))
                        linked += 1
                    # the verifier's own line test agrees (a one-move order on this pair)
                    one = verify(board, [(a, b)], outside_ring=ring)
                    assert (not one or "no line" not in one[0]) == expect
                checked += 1
    assert checked > 500 and linked > 50


def test_line_must_go_around():
    b = as_board([[1, 2, 1], [0, 2, 0], [0, 0, 0]])
    path = link(b, (0, 0), (0, 2))
    assert path == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    assert turns(path) == 2


def test_exactly_two_turns():
    b = as_board([[1, 3, 0], [0, 0, 0], [0, 3, 1]])
    path = link(b, (0, 0), (2, 2))
    assert path is not None and turns(path) == 2
    assert min(turns(x) for x in lines(b, (0, 0), (2, 2), False)) == 2  # no 1-turn line


def test_three_turns_needed_means_no_link():
    b = as_board([[0, 0, 0, 2], [1, 2, 0, 1], [2, 2, 0, 0]])
    assert link(b, (1, 0), (1, 3)) is None
    assert not linkable(b, (1, 0), (1, 3))
    # a 4-segment line exists: up, right, down, right
    assert (b[0, 0], b[0, 1], b[0, 2], b[1, 2]) == (0, 0, 0, 0)
    # the ring does not help here either: around the top still needs 3 turns
    assert link(b, (1, 0), (1, 3), outside_ring=True) is None


def test_link_only_through_the_ring():
    b = as_board([[1, 2, 1, 2]])
    assert link(b, (0, 0), (0, 2)) is None
    path = link(b, (0, 0), (0, 2), outside_ring=True)
    assert path is not None and len(path) == 5 and turns(path) == 2
    assert all(r in (-1, 1) for r, _ in path[1:-1])  # above or below the board
    assert available_moves(b) == []
    assert available_moves(b, outside_ring=True) == [((0, 0), (0, 2)), ((0, 1), (0, 3))]


def test_link_refuses_non_pairs_and_bad_cells():
    b = as_board([[1, 1, 2, 2]])
    assert link(b, (0, 0), (0, 2)) is None  # different pictures
    assert link(b, (0, 0), (0, 0)) is None
    with pytest.raises(ValueError, match="off the 1x4 board"):
        link(b, (0, 0), (1, 0))
    with pytest.raises(ValueError, match="pair of ints"):
        link(b, (0, 0), (0, "1"))  # type: ignore[arg-type]
