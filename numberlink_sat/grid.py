"""Cells, neighbourhoods and crossing diagonals on a rectangular board.

Cells are ``(row, col)`` tuples, rows from the top and columns from the left, 0-based.
Nothing here knows about puzzles or SAT: every puzzle family builds on it.

>>> list(orthogonal_neighbours((0, 0), 2, 3))
[(0, 1), (1, 0)]
>>> KING_STEPS[3]
(1, 1)
>>> sorted(grid_edges(2, 2))
[((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = [
    "KING_STEPS",
    "ORTHOGONAL_STEPS",
    "Cell",
    "Edge",
    "cells",
    "crossing_diagonal_pairs",
    "grid_edges",
    "in_bounds",
    "king_neighbours",
    "orthogonal_neighbours",
]

Cell = tuple[int, int]
"""A board position ``(row, col)``."""

Edge = tuple[Cell, Cell]
"""An undirected edge between two cells, smaller cell first."""

ORTHOGONAL_STEPS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Up, right, down, left."""

KING_STEPS: tuple[Cell, ...] = (
    (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
)
"""The 8 king moves, numbered clockwise from up as Number Chain numbers its directions."""


def in_bounds(cell: Cell, height: int, width: int) -> bool:
    """Whether ``cell`` lies on a ``height`` x ``width`` board."""
    r, c = cell
    return 0 <= r < height and 0 <= c < width


def cells(height: int, width: int) -> Iterator[Cell]:
    """Every cell in row-major order."""
    for r in range(height):
        for c in range(width):
            yield (r, c)


def _neighbours(cell: Cell, height: int, width: int, steps: Iterable[Cell]) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if 0 <= rr < height and 0 <= cc < width:
            yield (rr, cc)


def orthogonal_neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """The up to 4 orthogonal neighbours of ``cell``, sorted (row-major)."""
    return iter(sorted(_neighbours(cell, height, width, ORTHOGONAL_STEPS)))


def king_neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """The up to 8 king neighbours of ``cell``, in direction order 0..7."""
    return _neighbours(cell, height, width, KING_STEPS)


def grid_edges(height: int, width: int, *, diagonal: bool = False) -> Iterator[Edge]:
    """Every undirected edge of the grid graph once, smaller cell first.

    With ``diagonal=True`` the king graph's diagonal edges are included too.
    """
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                yield ((r, c), (r, c + 1))
            if r + 1 < height:
                yield ((r, c), (r + 1, c))
            if diagonal and r + 1 < height:
                if c + 1 < width:
                    yield ((r, c), (r + 1, c + 1))
                if c - 1 >= 0:
                    yield ((r, c), (r + 1, c - 1))


def crossing_diagonal_pairs(height: int, width: int) -> Iterator[tuple[Edge, Edge]]:
    """For every unit square, its two diagonals (which cross at the square's centre).

    >>> list(crossing_diagonal_pairs(2, 2))
    [(((0, 0), (1, 1)), ((0, 1), (1, 0)))]
    """
    for r in range(height - 1):
        for c in range(width - 1):
            yield (((r, c), (r + 1, c + 1)), ((r, c + 1), (r + 1, c)))
