"""Absorb detached loops into paths by square swaps (plain rules with ``fill``).

The CNF without loop cuts (degrees, labels, no 2 x 2 cycle) has models made of the
wanted paths plus detached loops. Cutting the loops lazily needs one more solver call
per round, and on big open boards under ``fill`` the rounds never end: each cut moves
the loops elsewhere (a 100 x 100 board with four labels took over 400 s of rounds).
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

__all__ = ["absorb_loops", "loop_components"]


def _neighbours(i: int, width: int, right: bytearray, down: bytearray) -> list[int]:
    out = []
    if right[i]:
        out.append(i + 1)
    if down[i]:
        out.append(i + width)
    if i % width and right[i - 1]:
        out.append(i - 1)
    if i >= width and down[i - width]:
        out.append(i - width)
    return out


def loop_components(
    width: int, height: int, ends: Iterable[int], right: bytearray, down: bytearray
) -> list[list[int]]:
    """The cell lists of the detached loops (components holding no end cell).

    >>> right = bytearray([1, 1, 0, 1, 1, 0])   # a ring around a 3 x 2 board
    >>> down = bytearray([1, 0, 1, 0, 0, 0])
    >>> [sorted(loop) for loop in loop_components(3, 2, [], right, down)]
    [[0, 1, 2, 3, 4, 5]]
    >>> loop_components(3, 2, [0, 5], right, down)   # with an end on it: a path
    []
    """
    n = width * height
    seen = bytearray(n)
    for end in ends:
        _flood(end, width, right, down, seen)
    loops = []
    for i in range(n):
        if seen[i] or not (right[i] or down[i]):
            continue
        loops.append(_flood(i, width, right, down, seen))
    return loops


def _flood(start: int, width: int, right: bytearray, down: bytearray,
           seen: bytearray) -> list[int]:
    seen[start] = 1
    stack, comp = [start], [start]
    while stack:
        for nxt in _neighbours(stack.pop(), width, right, down):
            if not seen[nxt]:
                seen[nxt] = 1
                comp.append(nxt)
                stack.append(nxt)
    return comp


def absorb_loops(
    width: int, height: int, ends: Iterable[int], right: bytearray, down: bytearray
) -> bool:
    """Join every detached loop to a path or another loop; ``True`` when none is left.

    ``right`` and ``down`` are changed in place (also when it gives up, in which case
    the edges still form paths between the same ends plus fewer, larger loops).
    """
    n = width * height
    ends = list(ends)
    comp = [-1] * n
    is_loop: list[bool] = []
    seen = bytearray(n)
    for end in ends:
        if not seen[end]:
            for cell in _flood(end, width, right, down, seen):
                comp[cell] = len(is_loop)
            is_loop.append(False)
    loop_cells: list[int] = []
    for cells in loop_components(width, height, ends, right, down):
        for cell in cells:
            comp[cell] = len(is_loop)
        is_loop.append(True)
        loop_cells.extend(cells)
    loops_left = sum(is_loop)
    if not loops_left:
        return True
    parent = list(range(len(is_loop)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

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
        parent[ra] = rc
        is_loop[rc] = is_loop[ra] and is_loop[rc]
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
