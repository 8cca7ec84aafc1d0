"""Absorb detached loops into paths by square swaps (plain rules with ``fill``).

The CNF without loop cuts (degrees, labels, no 2 x 2 cycle) has models made of the
wanted paths plus detached loops. Cutting the loops lazily needs one more solver call
per round, and on big open boards under ``fill`` the rounds can run for minutes: each
cut moves the loops elsewhere (a 100 x 100 board with four labels: 23 rounds, 457 s).
Under the plain rules there is a shortcut. Where a loop runs along one side of a unit
square and another component along the opposite side, say through the edges ``a-b``
(loop) and ``c-d`` (other) with ``a`` next to ``c`` and ``b`` next to ``d``, replacing
them by ``a-c`` and ``b-d`` keeps every cell's degree and joins the two: a path and a
loop become one longer path between the same two ends, two loops one loop. Doing this
until no loop is left turns the model into a solution: every cell is still covered,
every path still joins its own two ends. The new path may touch itself and the square
becomes one path's 2 x 2 block, so this serves only the plain rules (neither
``no_touch`` nor ``no_2x2``). Without ``fill`` loops are simply dropped instead.

When some loop has no such square next to it, :func:`absorb_loops` gives up (returns
``False``) and the caller falls back to cutting loops; the answer is checked by the
independent verifier like every other.

Edges are two arrays over cell indices ``i = row * width + col``: ``right[i]`` for the
edge ``i - i+1``, ``down[i]`` for ``i - i+width`` (1 when used).

A 2-wide, 3-high board whose label joins (0, 0) and (0, 1) directly, beside a loop
through the four cells below (cells 0 1 / 2 3 / 4 5):

>>> right = bytearray([1, 0, 1, 0, 1, 0])   # edges 0-1, 2-3, 4-5
>>> down = bytearray([0, 0, 1, 1, 0, 0])    # edges 2-4, 3-5
>>> absorb_loops(2, 3, [0, 1], right, down)
True
>>> list(right), list(down)                 # the path 0-2-4-5-3-1
([0, 0, 0, 0, 1, 0], [1, 1, 1, 1, 0, 0])
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from numberlink_sat.components import UnionFind, merge_pairs

__all__ = ["absorb_loops", "edge_components", "loop_components"]

EdgeArray = bytearray
"""``right`` / ``down`` arrays: one byte per cell, 1 where the edge is used."""


def edge_components(
    width: int, height: int, right: EdgeArray, down: EdgeArray
) -> NDArray[np.int64]:
    """For each cell, the smallest cell of its component along the used edges (numpy).

    >>> right = bytearray([1, 0, 0, 0])   # 2 x 2 board, one edge (0,0)-(0,1)
    >>> edge_components(2, 2, right, bytearray(4)).tolist()
    [0, 0, 2, 3]
    """
    n = width * height
    r = np.flatnonzero(np.frombuffer(right, dtype=np.uint8))
    d = np.flatnonzero(np.frombuffer(down, dtype=np.uint8))
    a = np.concatenate([r, d]).astype(np.int64)
    b = np.concatenate([r + 1, d + width]).astype(np.int64)
    return merge_pairs(n, a, b)


def _used_cells(width: int, right: EdgeArray, down: EdgeArray) -> NDArray[np.bool_]:
    r = np.frombuffer(bytes(right), dtype=np.uint8).astype(bool)
    d = np.frombuffer(bytes(down), dtype=np.uint8).astype(bool)
    used: NDArray[np.bool_] = r | d
    used[1:] |= r[:-1]
    used[width:] |= d[:len(d) - width]
    return used


def loop_components(
    width: int, height: int, ends: Iterable[int], right: EdgeArray, down: EdgeArray
) -> list[list[int]]:
    """The cell lists of the detached loops (components holding no end cell).

    >>> right = bytearray([1, 1, 0, 1, 1, 0])   # a ring around a 3 x 2 board
    >>> down = bytearray([1, 0, 1, 0, 0, 0])
    >>> [sorted(loop) for loop in loop_components(3, 2, [], right, down)]
    [[0, 1, 2, 3, 4, 5]]
    >>> loop_components(3, 2, [0, 5], right, down)   # with an end on it: a path
    []
    """
    roots = edge_components(width, height, right, down)
    return _loops(roots, _used_cells(width, right, down), ends)


def _loops(roots: NDArray[np.int64], used: NDArray[np.bool_],
           ends: Iterable[int]) -> list[list[int]]:
    end_list = np.fromiter(ends, dtype=np.int64)
    in_loop = used & ~np.isin(roots, roots[end_list])
    cells = np.flatnonzero(in_loop)
    if not len(cells):
        return []
    order = np.argsort(roots[cells], kind="stable")
    cells, keys = cells[order], roots[cells][order]
    cuts = np.flatnonzero(np.diff(keys)) + 1
    return [part.tolist() for part in np.split(cells, cuts)]


# Kept whole (C901): one in-place pass; the swap test is a closure over its union-find
def absorb_loops(  # noqa: C901
    width: int, height: int, ends: Iterable[int], right: bytearray, down: bytearray
) -> bool:
    """Join every detached loop to a path or another loop; ``True`` when none is left.

    ``right`` and ``down`` are changed in place (also when it gives up, in which case
    the edges still form paths between the same ends plus fewer, larger loops).
    """
    ends = list(ends)
    roots = edge_components(width, height, right, down)
    loops = _loops(roots, _used_cells(width, right, down), ends)
    if not loops:
        return True
    n = width * height
    comp: list[int] = roots.tolist()  # a component's smallest cell stands for it
    is_loop = [False] * n
    loop_cells: list[int] = []
    for cells in loops:
        is_loop[comp[cells[0]]] = True
        loop_cells.extend(cells)
    loops_left = len(loops)
    joined = UnionFind(n)
    find = joined.find

    def try_swap(a: int, b: int, c: int, d: int, horizontal: bool) -> bool:
        # edges a-b and c-d are parallel sides of one unit square (a next to c)
        ra, rc = find(comp[a]), find(comp[c])
        if ra == rc or not (is_loop[ra] or is_loop[rc]):
            return False
        if horizontal:  # a-b, c-d horizontal; c = a + width; new a-c, b-d vertical
            right[a] = right[c] = 0
            down[a] = down[b] = 1
        else:  # a-b, c-d vertical; c = a + 1; new a-c, b-d horizontal
            down[a] = down[c] = 0
            right[a] = right[b] = 1
        still_loop = is_loop[ra] and is_loop[rc]
        is_loop[joined.union(ra, rc)] = still_loop
        return True

    changed = True
    while loops_left and changed:
        changed = False
        for x in loop_cells:
            col = x % width
            # the used edges at x, each with the two squares on its sides
            if right[x]:
                for y in (x - width, x + width):
                    if 0 <= y < n and right[y]:
                        a, c = (y, x) if y < x else (x, y)
                        if try_swap(a, a + 1, c, c + 1, True):
                            loops_left -= 1
                            changed = True
                            break
            if down[x]:
                for y in ((x - 1) if col else -1, (x + 1) if col + 1 < width else -1):
                    if y >= 0 and down[y]:
                        a, c = (y, x) if y < x else (x, y)
                        if try_swap(a, a + width, c, c + width, False):
                            loops_left -= 1
                            changed = True
                            break
            if not loops_left:
                break
    return loops_left == 0
