"""Replay a removal order and list what is wrong with it (independent of the solvers).

Plain Python on lists: it does not import the link search, the solvers or PySAT. A move
is legal when both cells hold the same picture and some line of at most three straight
segments joins them through empty cells (ring cells too with ``outside_ring``). Lines are
checked by trying every corner pair: a line ``a -> p -> q -> b`` with ``p`` in ``a``'s row
or column and ``q`` in ``b``'s, ``p`` and ``q`` on one row or column.

>>> verify([[1, 2, 2, 1]], [((0, 1), (0, 2)), ((0, 0), (0, 3))])
[]
>>> for problem in verify([[1, 2, 2, 1]], [((0, 0), (0, 3))]): print(problem)
move 1: (0, 0)-(0, 3): no line with at most two turns joins them
board not cleared: 4 tiles remain
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["verify"]

Cell = tuple[int, int]


def _grid_of(board: Any) -> list[list[int]]:
    rows = board.cells if hasattr(board, "cells") else board
    return [list(row) for row in rows]


def _segment_clear(grid: list[list[int]], p: Cell, q: Cell, ring: bool,
                   ends: tuple[Cell, Cell]) -> bool:
    """Whether every cell on the straight segment p..q (inclusive) is empty or an end."""
    h, w = len(grid), len(grid[0])
    if p[0] != q[0] and p[1] != q[1]:
        return False
    dr = (q[0] > p[0]) - (q[0] < p[0])
    dc = (q[1] > p[1]) - (q[1] < p[1])
    r, c = p
    while True:
        if (r, c) not in ends:
            if 0 <= r < h and 0 <= c < w:
                if grid[r][c] != 0:
                    return False
            elif not (ring and -1 <= r <= h and -1 <= c <= w):
                return False
        if (r, c) == q:
            return True
        r, c = r + dr, c + dc


def _joined(grid: list[list[int]], a: Cell, b: Cell, ring: bool) -> bool:
    h, w = len(grid), len(grid[0])
    rlo, rhi, clo, chi = (-1, h, -1, w) if ring else (0, h - 1, 0, w - 1)
    ends = (a, b)
    # middle segment horizontal in row r: a -> (r, a.col) -> (r, b.col) -> b
    for r in range(rlo, rhi + 1):
        p, q = (r, a[1]), (r, b[1])
        if (_segment_clear(grid, a, p, ring, ends) and _segment_clear(grid, p, q, ring, ends)
                and _segment_clear(grid, q, b, ring, ends)):
            return True
    # middle segment vertical in column c
    for c in range(clo, chi + 1):
        p, q = (a[0], c), (b[0], c)
        if (_segment_clear(grid, a, p, ring, ends) and _segment_clear(grid, p, q, ring, ends)
                and _segment_clear(grid, q, b, ring, ends)):
            return True
    return False


def _is_cell(x: Any) -> bool:
    return (isinstance(x, (tuple, list)) and len(x) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in x))


def verify(board: Any, order: Sequence[Any], outside_ring: bool = False,
           gravity: bool = False) -> list[str]:
    """Problems with ``order`` as a way to clear ``board``; an empty list means it clears it.

    ``board`` is a :class:`~numberlink_sat.lianliankan.board.Board` or a list of lists of
    ints; ``order`` a list of pairs of cells. Replay stops at the first illegal move. With
    ``gravity``, after each removal the cells above each removed cell move down one.
    """
    grid = _grid_of(board)
    h, w = len(grid), len(grid[0]) if grid else 0
    problems: list[str] = []
    for i, move in enumerate(order, start=1):
        if not (isinstance(move, (tuple, list)) and len(move) == 2
                and _is_cell(move[0]) and _is_cell(move[1])):
            problems.append(f"move {i}: {move!r} is not a pair of (row, col) cells")
            break
        a: Cell = (move[0][0], move[0][1])
        b: Cell = (move[1][0], move[1][1])
        name = f"move {i}: {a}-{b}"
        bad = [x for x in (a, b) if not (0 <= x[0] < h and 0 <= x[1] < w)]
        if bad:
            problems.append(f"{name}: cell {bad[0]} is off the {h}x{w} board")
            break
        if a == b:
            problems.append(f"{name}: the same cell twice")
            break
        if grid[a[0]][a[1]] == 0 or grid[b[0]][b[1]] == 0:
            empty = a if grid[a[0]][a[1]] == 0 else b
            problems.append(f"{name}: cell {empty} is empty")
            break
        if grid[a[0]][a[1]] != grid[b[0]][b[1]]:
            problems.append(f"{name}: different pictures {grid[a[0]][a[1]]} and "
                            f"{grid[b[0]][b[1]]}")
            break
        if not _joined(grid, a, b, outside_ring):
            problems.append(f"{name}: no line with at most two turns joins them")
            break
        grid[a[0]][a[1]] = 0
        grid[b[0]][b[1]] = 0
        if gravity:
            for col in {a[1], b[1]}:
                gone = {x[0] for x in (a, b) if x[1] == col}
                kept = [grid[r][col] for r in range(h) if r not in gone]
                column = [0] * len(gone) + kept
                for r in range(h):
                    grid[r][col] = column[r]
    left = sum(1 for row in grid for v in row if v)
    if left:
        problems.append(f"board not cleared: {left} tiles remain")
    return problems
