"""The board vocabulary (numberlink_sat/grid.py) against the encoder and brute force."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.grid import (
    adjacency,
    cell_index,
    forward_neighbours,
    index_cell,
    index_edges,
    index_neighbours,
    orthogonal_neighbours,
    unit_squares,
    walk_path,
)
from numberlink_sat.numberlink.encode import NumberlinkEncoding
from numberlink_sat.numberlink.model import Puzzle


@pytest.mark.parametrize("seed", range(10))
def test_edge_numbering_is_the_encoders(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(2, 7), rng.randint(2, 7)
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    blocked = [c for c in cells[2:] if rng.random() < 0.2]
    enc = NumberlinkEncoding(Puzzle(width, height, {"1": (cells[0], cells[1])}, blocked))
    assert index_edges(width, height, enc.is_open) == enc.edge_cells


@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 4), (3, 2), (5, 5)])
def test_neighbours_agree_with_the_definition(width: int, height: int) -> None:
    for i in range(width * height):
        cell = index_cell(i, width)
        assert cell_index(cell, width) == i
        expected = {(cell[0] + dr, cell[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= cell[0] + dr < height and 0 <= cell[1] + dc < width}
        assert set(orthogonal_neighbours(cell, height, width)) == expected
        assert {index_cell(j, width) for j in index_neighbours(i, width, height)} == expected
        assert set(forward_neighbours(cell, height, width)) == {x for x in expected if x > cell}
    # every adjacent pair is an edge exactly once, and every square is found
    pairs = {(i, cell_index(b, width))
             for i in range(width * height)
             for b in forward_neighbours(index_cell(i, width), height, width)}
    assert pairs == set(index_edges(width, height))
    assert len(list(unit_squares(height, width))) == max(0, width - 1) * max(0, height - 1)


def test_walk_path_stops_at_the_end_a_branch_or_a_loop() -> None:
    ring = adjacency([(0, 1), (1, 2), (2, 3), (3, 0)])
    assert walk_path(0, ring) == [0, 1, 2, 3]  # a loop is walked once
    assert walk_path(0, ring, end=2) == [0, 1, 2]
    assert walk_path(5, ring) == [5]
    assert walk_path(0, {0: [1], 1: [2]}) == [0, 1, 2]  # successor lists
