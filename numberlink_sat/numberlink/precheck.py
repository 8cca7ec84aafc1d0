"""Cheap exact proofs that a puzzle has no solution, run before any SAT call.

Each check returns a reason (``str``) when it proves "no solution", else ``None``.
They are sound for every rule variant (the fill and parity checks only under ``fill``):

- ``separated``: a label's two ends lie in different connected regions of open cells;
- ``empty region``: with ``fill``, a region of open cells holds no end cell;
- ``crossing on the rim``: two labels whose four ends all lie on the outer rim of the
  board alternate around it (A B A B); their paths would have to cross (planarity);
- ``colour parity``: with ``fill``, colour the cells like a chessboard; a path alternates
  colours, so it covers one cell more of its ends' colour when both ends have the same
  colour and as many of each otherwise. Every open cell of a region lies on a path, so
  (even cells - odd cells) of the region must equal (labels with both ends even) -
  (labels with both ends odd);
- ``cyclic order around a cluster``: an 8-connected cluster ``K`` of blocked and end
  cells that touches no rim cell is a hole no path passes (a path cannot slip between two
  diagonal cells of ``K``). The labels with one end in ``K`` and the other on the rim join
  the outer boundary of the annulus to the inner one by disjoint curves, so they meet
  ``K``'s outer contour in the same clockwise cyclic order as the rim (a label whose end
  meets the contour in several separate stretches is left out: its place is not certain).
  A label with both ends on the rim must not separate the rim ends of two of them
  either, and an end of such a label with no side on ``K``'s outer contour cannot be
  reached at all.

The regions come from runs of open cells per row joined by a union-find (numpy), so a
1002x1002 board takes a fraction of a second.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> cross = Puzzle(3, 3, {"A": ((0, 1), (2, 1)), "B": ((1, 0), (1, 2))})
>>> prove_unsolvable(cross, fill=False)
'labels A and B end on the outer rim in alternating order, so their paths would cross'
>>> swapped = Puzzle(6, 6, {"A": ((0, 0), (2, 2)), "B": ((0, 5), (2, 3)),
...                         "C": ((5, 5), (3, 2)), "D": ((5, 0), (3, 3))})
>>> print(prove_unsolvable(swapped, fill=False))  # doctest: +NORMALIZE_WHITESPACE
labels A, B, C, D end on the cluster of end and blocked cells around (2, 2) in clockwise
order A B D C, but their other ends lie on the outer rim in clockwise order A B C D:
disjoint paths keep the cyclic order, so two would cross
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, combinations

import numpy as np
from numpy.typing import NDArray

from numberlink_sat.components import merge_pairs
from numberlink_sat.grid import ORTHOGONAL_STEPS, Cell
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["cluster_order", "colour_parity", "outer_contour", "prove_unsolvable", "rim_order"]

IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]


def prove_unsolvable(puzzle: Puzzle, *, fill: bool = True) -> str | None:
    """A reason the puzzle has no solution, or ``None`` when no cheap proof applies.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> print(prove_unsolvable(Puzzle(2, 2, {"A": ((0, 0), (1, 1))}), fill=True))
    the region around (0, 0) has 2 even and 2 odd cells (difference 0), but with fill its \
labels need a difference of 1 - 0 = 1 (labels with both ends even, minus both ends odd)
    """
    open_grid = _open_grid(puzzle)
    regions = _Components(open_grid, diagonal=False)
    return (
        _regions(puzzle, regions, fill)
        or _rim_crossing(puzzle)
        or (_parity(puzzle, regions) if fill else None)
        or cluster_order(puzzle, open_grid)
    )


def colour_parity(puzzle: Puzzle) -> str | None:
    """The colour-parity proof (valid under ``fill`` only), on its own.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> colour_parity(Puzzle(3, 1, {"A": ((0, 0), (0, 2))})) is None
    True
    >>> colour_parity(Puzzle(3, 1, {"A": ((0, 0), (0, 1))})) is None
    False
    """
    return _parity(puzzle, _Components(_open_grid(puzzle), diagonal=False))


def _open_grid(puzzle: Puzzle) -> BoolArray:
    grid = np.ones((puzzle.height, puzzle.width), dtype=np.bool_)
    if puzzle.blocked:
        flat = np.fromiter(chain.from_iterable(puzzle.blocked), dtype=np.int64,
                           count=2 * len(puzzle.blocked))
        grid[flat[0::2], flat[1::2]] = False
    return grid


def _segment_starts(mask: BoolArray) -> BoolArray:
    """``mask`` where the cell to the left is not in ``mask``: one cell per row segment."""
    first: BoolArray = mask.copy()
    first[:, 1:] &= ~mask[:, :-1]
    return first


class _Components:
    """Connected components of the True cells of a grid, found from runs along rows.

    Runs of True cells along each row are the nodes; two runs in consecutive rows are
    joined where they touch (vertically, and diagonally with ``diagonal``). The joins are
    merged by hooking each root onto the smallest root it touches and pointer jumping,
    all in numpy, so a 1002x1002 board takes some milliseconds.
    ``region[run_id[r, c]]`` is the component of a True cell ``(r, c)``; components are
    numbered by their row-major first cell, whose run is ``first_run[region]``.
    """

    run_row: IntArray
    run_start: IntArray
    run_end: IntArray
    run_id: IntArray
    region: IntArray
    first_run: IntArray

    def __init__(self, grid: BoolArray, *, diagonal: bool) -> None:
        height, width = grid.shape
        padded = np.zeros((height, width + 2), dtype=np.int8)
        padded[:, 1:-1] = grid
        step = np.diff(padded, axis=1)
        start_row, start_col = np.nonzero(step == 1)
        _, end_col = np.nonzero(step == -1)
        self.run_row = start_row.astype(np.int64)
        self.run_start = start_col.astype(np.int64)
        self.run_end = end_col.astype(np.int64)
        starts = np.zeros(height * width, dtype=np.int64)
        starts[self.run_row * width + self.run_start] = 1
        self.run_id = (np.cumsum(starts) - 1).reshape(height, width)
        # Two runs overlap (or touch diagonally) along one segment of columns: keep the
        # first cell of each segment, so each pair of runs appears about once.
        pairs = [(grid[:-1] & grid[1:], self.run_id[:-1], self.run_id[1:])]
        if diagonal:
            pairs.append((grid[:-1, :-1] & grid[1:, 1:], self.run_id[:-1, :-1],
                          self.run_id[1:, 1:]))
            pairs.append((grid[:-1, 1:] & grid[1:, :-1], self.run_id[:-1, 1:],
                          self.run_id[1:, :-1]))
        upper_parts, lower_parts = [], []
        for touch, upper, lower in pairs:
            first = _segment_starts(touch)
            upper_parts.append(upper[first])
            lower_parts.append(lower[first])
        root = merge_pairs(
            len(self.run_row), np.concatenate(upper_parts), np.concatenate(lower_parts)
        )
        is_root = root == np.arange(len(root))
        self.first_run = np.flatnonzero(is_root).astype(np.int64)
        self.region = (np.cumsum(is_root) - 1)[root].astype(np.int64)

    def of(self, cell: Cell) -> int:
        return int(self.region[self.run_id[cell]])

    def first_cell(self, region: int) -> Cell:
        run = int(self.first_run[region])
        return (int(self.run_row[run]), int(self.run_start[run]))

    def count(self) -> int:
        return len(self.first_run)


def _regions(puzzle: Puzzle, regions: _Components, fill: bool) -> str | None:
    for label, (a, b) in puzzle.endpoints.items():
        if regions.of(a) != regions.of(b):
            return f"the ends of label {label} at {a} and {b} lie in separate regions"
    if fill:
        with_end = np.zeros(regions.count(), dtype=np.bool_)
        for cell in puzzle.label_at:
            with_end[regions.of(cell)] = True
        empty = np.flatnonzero(~with_end)
        if len(empty):
            cell = regions.first_cell(int(empty[0]))
            return f"the region around {cell} holds no end cell, so it cannot be filled"
    return None


def _parity(puzzle: Puzzle, regions: _Components) -> str | None:
    # Cells (r, c) with r + c even in a run [s, e) of row r: half the run, rounded up when
    # its first cell is even.
    length = regions.run_end - regions.run_start
    first_even = (regions.run_start + regions.run_row) % 2 == 0
    even_per_run = (length + first_even) // 2
    n = regions.count()
    even = np.bincount(regions.region, weights=even_per_run, minlength=n).astype(np.int64)
    total = np.bincount(regions.region, weights=length, minlength=n).astype(np.int64)
    both_even = np.zeros(n, dtype=np.int64)
    both_odd = np.zeros(n, dtype=np.int64)
    for a, b in puzzle.endpoints.values():
        colour_a, colour_b = sum(a) % 2, sum(b) % 2
        if colour_a == colour_b:
            region = regions.of(a)
            if colour_a == 0:
                both_even[region] += 1
            else:
                both_odd[region] += 1
    need = both_even - both_odd
    have = 2 * even - total
    wrong = np.flatnonzero(have != need)
    if not len(wrong):
        return None
    region = int(wrong[0])
    return (
        f"the region around {regions.first_cell(region)} has {int(even[region])} even and "
        f"{int(total[region] - even[region])} odd cells (difference {int(have[region])}), "
        f"but with fill its labels need a difference of {int(both_even[region])} - "
        f"{int(both_odd[region])} = {int(need[region])} (labels with both ends even, minus "
        "both ends odd)"
    )


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


# Directions 0..3 = up, right, down, left (clockwise, ORTHOGONAL_STEPS) of a corner.
# Relative to the corner (y, x) reached heading d: the cell ahead on the left and on the
# right, and the cell on the right of the side leaving (y, x) in direction d.
_AHEAD_LEFT = ((-1, -1), (-1, 0), (0, 0), (0, -1))
_AHEAD_RIGHT = ((-1, 0), (0, 0), (0, -1), (-1, -1))


def outer_contour(cluster: set[Cell] | frozenset[Cell]) -> list[Cell]:
    """The cells of an 8-connected ``cluster`` along its outer contour, clockwise.

    The walk follows the sides of the cluster's squares that face the unbounded outside,
    keeping the cluster on the right; it lists, for each side, the cluster cell it
    belongs to (a cell with several consecutive outer sides repeats). Outside cells are
    4-connected (a path cannot pass between diagonal cells), so at a corner where two
    cluster cells touch diagonally the walk turns to hug the same outside cell. It starts
    on the top side of the row-major first cell.

    >>> outer_contour({(0, 0)})
    [(0, 0), (0, 0), (0, 0), (0, 0)]
    >>> outer_contour({(1, 1), (1, 2), (2, 1), (2, 2)})
    [(1, 1), (1, 2), (1, 2), (2, 2), (2, 2), (2, 1), (2, 1), (1, 1)]
    >>> outer_contour({(0, 0), (1, 1)})
    [(0, 0), (0, 0), (1, 1), (1, 1), (1, 1), (1, 1), (0, 0), (0, 0)]
    """
    top = min(cluster)
    corner = top  # the top-left corner of the first cell: corners share cell coordinates
    heading = 1
    start = (corner, heading)
    walk: list[Cell] = []
    while True:
        # The side from ``corner`` in direction ``heading`` has the cluster on its right.
        y, x = corner
        dy, dx = _AHEAD_RIGHT[heading]  # the cell on the right of that side
        walk.append((y + dy, x + dx))
        sy, sx = ORTHOGONAL_STEPS[heading]
        corner = (y + sy, x + sx)
        y, x = corner
        ly, lx = _AHEAD_LEFT[heading]
        ry, rx = _AHEAD_RIGHT[heading]
        if (y + ly, x + lx) in cluster:
            heading = (heading + 3) % 4
        elif (y + ry, x + rx) not in cluster:
            heading = (heading + 1) % 4
        if (corner, heading) == start:
            return walk


def cluster_order(puzzle: Puzzle, open_grid: BoolArray | None = None) -> str | None:
    """The cluster proofs (valid under every rule variant): a reason, or ``None``.

    For each 8-connected cluster of blocked and end cells with an end in it and no rim
    cell, take the labels with one end in it and the other end on the rim. They must
    reach the cluster's outer contour (else: no solution), in the rim's clockwise cyclic
    order, and no label with both ends on the rim may separate the rim ends of two of
    them. The order is compared over the labels whose end in the cluster meets the
    contour along one unbroken stretch, so that its place in the order is certain (an
    end met in several stretches could be entered from any: its label is left out).

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> ends = {"A": ((0, 0), (2, 2)), "B": ((0, 5), (2, 3)), "C": ((5, 5), (3, 3)),
    ...         "D": ((5, 0), (3, 2))}
    >>> cluster_order(Puzzle(6, 6, ends)) is None
    True
    >>> print(cluster_order(Puzzle(5, 5, {"A": ((0, 0), (2, 2)), "B": ((0, 4), (2, 3)),
    ...                                   "M": ((0, 2), (4, 2))})))
    label M joins the rim cells (0, 2) and (4, 2), which separate the rim ends of labels \
A and B whose other ends lie on the cluster of end and blocked cells around (2, 2): one \
of them would have to cross it
    """
    order = rim_order(puzzle.width, puzzle.height)
    if not order or not puzzle.endpoints:
        return None
    if open_grid is None:
        open_grid = _open_grid(puzzle)
    wall = ~open_grid
    ends = np.array(list(puzzle.label_at), dtype=np.int64)
    wall[ends[:, 0], ends[:, 1]] = True
    clusters = _Components(wall, diagonal=True)
    on_rim = (
        (clusters.run_row == 0) | (clusters.run_row == puzzle.height - 1)
        | (clusters.run_start == 0) | (clusters.run_end == puzzle.width)
    )
    touches_rim = np.zeros(clusters.count(), dtype=np.bool_)
    touches_rim[clusters.region[on_rim]] = True
    # cluster -> (label, its end in the cluster, its end on the rim)
    members: dict[int, list[tuple[str, Cell, Cell]]] = {}
    rim_pairs: list[tuple[str, Cell, Cell]] = []
    for label, (a, b) in puzzle.endpoints.items():
        if a in order and b in order:
            rim_pairs.append((label, a, b) if order[a] < order[b] else (label, b, a))
            continue
        for inner, outer in ((a, b), (b, a)):
            if outer in order:
                cluster = clusters.of(inner)
                if not touches_rim[cluster]:
                    members.setdefault(cluster, []).append((label, inner, outer))
    if not members:
        return None
    wanted = np.array(sorted(members), dtype=np.int64)
    runs = np.flatnonzero(np.isin(clusters.region, wanted))
    cells: dict[int, set[Cell]] = {cluster: set() for cluster in members}
    for run in runs.tolist():
        row = int(clusters.run_row[run])
        cells[int(clusters.region[run])].update(
            (row, col) for col in range(int(clusters.run_start[run]), int(clusters.run_end[run]))
        )
    for cluster in sorted(members):
        reason = _one_cluster(cells[cluster], members[cluster], rim_pairs, order)
        if reason:
            return reason
    return None


def _one_cluster(
    cluster: set[Cell],
    labels: Sequence[tuple[str, Cell, Cell]],
    rim_pairs: Sequence[tuple[str, Cell, Cell]],
    order: dict[Cell, int],
) -> str | None:
    name = f"the cluster of end and blocked cells around {min(cluster)}"
    walk = outer_contour(cluster)
    first_at: dict[Cell, int] = {}
    stretches: dict[Cell, int] = {}
    for i, cell in enumerate(walk):
        first_at.setdefault(cell, i)
        if walk[i - 1] != cell:
            stretches[cell] = stretches.get(cell, 0) + 1
    for label, inner, _ in labels:
        if inner not in first_at:
            return (
                f"the end of label {label} at {inner} is walled in by {name}, so its path "
                "from the rim cannot reach it"
            )
    rim_at = sorted((order[outer], label) for label, _, outer in labels)
    if len(rim_at) >= 2 and rim_pairs:
        # A chord (lo, hi) separates two of these rim ends unless both its ends fall in
        # the same gap between cyclically consecutive ones.
        positions = np.array([pos for pos, _ in rim_at], dtype=np.int64)
        lo = np.array([order[a] for _, a, _ in rim_pairs], dtype=np.int64)
        hi = np.array([order[b] for _, _, b in rim_pairs], dtype=np.int64)
        gap_lo = np.searchsorted(positions, lo) % len(positions)
        gap_hi = np.searchsorted(positions, hi) % len(positions)
        split = np.flatnonzero(gap_lo != gap_hi)
        if len(split):
            label, a, b = rim_pairs[int(split[0])]
            inside = [lab for pos, lab in rim_at if order[a] < pos < order[b]]
            outside = [lab for pos, lab in rim_at if not order[a] < pos < order[b]]
            one, two = sorted((inside[0], outside[0]))
            return (
                f"label {label} joins the rim cells {a} and {b}, which separate the rim "
                f"ends of labels {one} and {two} whose other ends lie on {name}: one of "
                "them would have to cross it"
            )
    # An end that meets the outside along several stretches of the walk could be entered
    # from any of them: its label is left out (the others still keep their order).
    placed = [(lab, inner, outer) for lab, inner, outer in labels if stretches.get(inner, 1) == 1]
    if len(placed) < 3:
        return None
    rim_seq = [label for _, label in sorted((order[outer], lab) for lab, _, outer in placed)]
    contour_seq = [label for _, label in sorted((first_at[inner], lab) for lab, inner, _ in placed)]
    shift = contour_seq.index(rim_seq[0])
    if contour_seq[shift:] + contour_seq[:shift] == rim_seq:
        return None
    listed = ", ".join(sorted(rim_seq))
    return (
        f"labels {listed} end on {name} in clockwise order {' '.join(contour_seq)}, but "
        f"their other ends lie on the outer rim in clockwise order {' '.join(rim_seq)}: "
        "disjoint paths keep the cyclic order, so two would cross"
    )
