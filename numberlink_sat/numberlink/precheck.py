"""Cheap exact proofs that a puzzle has no solution, run before any SAT call.

Each check returns a reason (``str``) when it proves "no solution", else ``None``.
They are sound for every rule variant (and the fill check only under ``fill``):

- ``separated``: a label's two ends lie in different connected regions of open cells;
- ``empty region``: with ``fill``, a region of open cells holds no end cell;
- ``crossing on the rim``: two labels whose four ends all lie on the outer rim of the
  board alternate around it (A B A B); their paths would have to cross (planarity).

>>> from numberlink_sat.numberlink.model import Puzzle
>>> cross = Puzzle(3, 3, {"A": ((0, 1), (2, 1)), "B": ((1, 0), (1, 2))})
>>> prove_unsolvable(cross, fill=False)
'labels A and B end on the outer rim in alternating order, so their paths would cross'
"""

from __future__ import annotations

from itertools import combinations

from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["prove_unsolvable", "rim_order"]


def prove_unsolvable(puzzle: Puzzle, *, fill: bool = True) -> str | None:
    """A reason the puzzle has no solution, or ``None`` when no cheap proof applies."""
    return _regions(puzzle, fill) or _rim_crossing(puzzle)


def _regions(puzzle: Puzzle, fill: bool) -> str | None:
    region_of: dict[Cell, int] = {}
    regions = 0
    for start in puzzle.open_cells():
        if start in region_of:
            continue
        region_of[start] = regions
        stack = [start]
        while stack:
            r, c = stack.pop()
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if puzzle.is_open(nxt) and nxt not in region_of:
                    region_of[nxt] = regions
                    stack.append(nxt)
        regions += 1
    for label, (a, b) in puzzle.endpoints.items():
        if region_of[a] != region_of[b]:
            return f"the ends of label {label} at {a} and {b} lie in separate regions"
    if fill:
        with_end = {region_of[cell] for cell in puzzle.label_at}
        for cell, region in region_of.items():
            if region not in with_end:
                return f"the region around {cell} holds no end cell, so it cannot be filled"
    return None


def rim_order(width: int, height: int) -> dict[Cell, int]:
    """Position of each rim cell walking clockwise from (0, 0); empty for 1-wide boards.

    >>> rim_order(3, 2)
    {(0, 0): 0, (0, 1): 1, (0, 2): 2, (1, 2): 3, (1, 1): 4, (1, 0): 5}
    """
    if width < 2 or height < 2:
        return {}
    walk: list[Cell] = [(0, c) for c in range(width)]
    walk += [(r, width - 1) for r in range(1, height)]
    walk += [(height - 1, c) for c in range(width - 2, -1, -1)]
    walk += [(r, 0) for r in range(height - 2, 0, -1)]
    return {cell: i for i, cell in enumerate(walk)}


def _rim_crossing(puzzle: Puzzle) -> str | None:
    # Each rim cell touches the board's outline along one connected arc (boards at least
    # 2 wide and 2 high), so a path between two rim cells splits the board in two sides
    # and a 4-connected path cannot pass from one side to the other without sharing a cell.
    order = rim_order(puzzle.width, puzzle.height)
    on_rim = []
    for label, (a, b) in puzzle.endpoints.items():
        if a in order and b in order:
            lo, hi = sorted((order[a], order[b]))
            on_rim.append((label, lo, hi))
    for (la, a1, a2), (lb, b1, b2) in combinations(on_rim, 2):
        if (a1 < b1 < a2) != (a1 < b2 < a2):
            return f"labels {la} and {lb} end on the outer rim in alternating order, " \
                "so their paths would cross"
    return None
