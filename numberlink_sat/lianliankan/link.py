"""Links: lines of at most three segments (two turns) through empty cells.

Two exact methods, tested against each other and against a brute force:

- :func:`link` returns the cells of a line. It is a shortest-path search over states
  ``(cell, direction)`` ordered by (turns, length), never leaving a state with more than two
  turns: a plain cell-only BFS is wrong here, because the first way to reach a cell may use
  more turns than a longer way that continues straight.
- :class:`LinkGrid` answers yes/no fast on bitmasks, for the solvers. Every line of at most
  three segments has a middle segment (possibly empty): a horizontal middle segment in row
  ``r`` joins ``(r, ca)`` and ``(r, cb)``, reached from ``a`` and ``b`` by straight vertical
  runs of empty cells. So ``a`` and ``b`` link iff some row ``r`` lies in both vertical runs
  and the cells strictly between ``ca`` and ``cb`` in row ``r`` are empty, or the same with
  rows and columns exchanged.

With ``outside_ring=True`` the board is surrounded by one ring of empty cells that lines may
use; ring cells have row or column ``-1`` or the board size.

>>> from numberlink_sat.lianliankan.board import parse_board
>>> b = parse_board('''
... 1 2 1
... 3 3 2
... ''')
>>> link(b, (0, 0), (0, 2)) is None
True
>>> link(b, (0, 0), (0, 2), outside_ring=True)
[(0, 0), (-1, 0), (-1, 1), (-1, 2), (0, 2)]
>>> link(b, (1, 0), (1, 1))
[(1, 0), (1, 1)]
>>> available_moves(b, outside_ring=True)
[((0, 0), (0, 2)), ((1, 0), (1, 1))]
"""

from __future__ import annotations

import heapq

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.lianliankan.board import Board, BoardLike, Cell, as_board

__all__ = ["LinkGrid", "available_moves", "link", "linkable", "turns"]

_DIRS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _check_cell(board: Board, cell: Cell, name: str) -> Cell:
    if (not isinstance(cell, tuple) or len(cell) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
        raise InvalidArgumentError(f"{name} must be a (row, col) pair of ints, got {cell!r}")
    if not board.in_bounds(cell):
        raise InvalidArgumentError(f"{name} = {cell} is off the {board.height}x{board.width} board")
    return cell


def link(board: BoardLike, a: Cell, b: Cell, outside_ring: bool = False) -> list[Cell] | None:
    """The cells (from ``a`` to ``b``) of a line with at most two turns joining two equal tiles.

    Returns ``None`` when there is no such line, or when ``a`` and ``b`` are not two distinct
    tiles of the same picture. The line found has the fewest turns, then the fewest cells.
    """
    board = as_board(board)
    a = _check_cell(board, tuple(a), "a")  # type: ignore[arg-type]
    b = _check_cell(board, tuple(b), "b")  # type: ignore[arg-type]
    if a == b or board[a] == 0 or board[a] != board[b]:
        return None
    h, w = board.height, board.width
    lo_r, hi_r, lo_c, hi_c = (-1, h, -1, w) if outside_ring else (0, h - 1, 0, w - 1)

    def free(cell: Cell) -> bool:
        r, c = cell
        if not (lo_r <= r <= hi_r and lo_c <= c <= hi_c):
            return False
        if 0 <= r < h and 0 <= c < w:
            return board.cells[r][c] == 0
        return True  # a ring cell

    # Dijkstra over (cell, direction) with cost (turns, steps); turns never exceed 2.
    start = (0, 0, a, -1)
    best: dict[tuple[Cell, int], tuple[int, int]] = {}
    parent: dict[tuple[Cell, int], tuple[Cell, int] | None] = {}
    heap: list[tuple[int, int, Cell, int]] = [start]
    parent[(a, -1)] = None
    best[(a, -1)] = (0, 0)
    while heap:
        t, s, cell, d = heapq.heappop(heap)
        if best.get((cell, d)) != (t, s):
            continue
        if cell == b:
            path = [cell]
            key: tuple[Cell, int] | None = parent[(cell, d)]
            while key is not None:
                path.append(key[0])
                key = parent[key]
            path.reverse()
            return path
        for nd, (dr, dc) in enumerate(_DIRS):
            if d >= 0 and nd == (d + 2) % 4:
                continue  # never reverse
            nt = t + (0 if d < 0 or nd == d else 1)
            if nt > 2:
                continue
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt != b and not free(nxt):
                continue
            cost = (nt, s + 1)
            if (nxt, nd) not in best or cost < best[(nxt, nd)]:
                best[(nxt, nd)] = cost
                parent[(nxt, nd)] = (cell, d)
                heapq.heappush(heap, (nt, s + 1, nxt, nd))
    return None


def turns(path: list[Cell]) -> int:
    """How many times a line of cells changes direction.

    >>> turns([(0, 0), (0, 1), (1, 1), (1, 2)])
    2
    """
    dirs = [(path[i + 1][0] - path[i][0], path[i + 1][1] - path[i][1])
            for i in range(len(path) - 1)]
    return sum(1 for i in range(len(dirs) - 1) if dirs[i] != dirs[i + 1])


class LinkGrid:
    """Empty cells of a board as bitmasks, padded by one ring, for fast link tests.

    Padded coordinates: board cell ``(r, c)`` is ``(r + 1, c + 1)``. Ring cells are empty
    with ``outside_ring`` and blocked without. Tiles are removed with :meth:`clear` and
    put back with :meth:`fill`.

    >>> from numberlink_sat.lianliankan.board import parse_board
    >>> g = LinkGrid(parse_board("1 2 2 1"), outside_ring=False)
    >>> g.linkable((1, 1), (1, 4))
    False
    >>> g.clear((1, 2)); g.clear((1, 3)); g.linkable((1, 1), (1, 4))
    True
    """

    __slots__ = ("cols", "height", "rows", "width")

    def __init__(self, board: Board, outside_ring: bool) -> None:
        self.height = board.height + 2
        self.width = board.width + 2
        self.rows = [0] * self.height  # bit c of rows[r]: padded (r, c) is empty
        self.cols = [0] * self.width   # bit r of cols[c]
        for r in range(self.height):
            for c in range(self.width):
                inside = 1 <= r <= board.height and 1 <= c <= board.width
                empty = board.cells[r - 1][c - 1] == 0 if inside else outside_ring
                if empty:
                    self.rows[r] |= 1 << c
                    self.cols[c] |= 1 << r

    def copy(self) -> LinkGrid:
        """An independent copy."""
        new = LinkGrid.__new__(LinkGrid)
        new.height, new.width = self.height, self.width
        new.rows, new.cols = self.rows[:], self.cols[:]
        return new

    def clear(self, p: Cell) -> None:
        """Mark padded cell ``p`` empty."""
        r, c = p
        self.rows[r] |= 1 << c
        self.cols[c] |= 1 << r

    def fill(self, p: Cell) -> None:
        """Mark padded cell ``p`` occupied."""
        r, c = p
        self.rows[r] &= ~(1 << c)
        self.cols[c] &= ~(1 << r)

    @staticmethod
    def _run(mask: int, i: int) -> int:
        """The maximal run of set bits of ``mask | 1 << i`` that contains bit ``i``."""
        m = mask | (1 << i)
        x = m >> i
        up = ((~x) & (x + 1)).bit_length() - 1  # trailing ones of x
        below = ~m & ((1 << i) - 1)
        lo = below.bit_length()
        return ((1 << (i + up)) - 1) ^ ((1 << lo) - 1)

    def runs(self, p: Cell) -> tuple[int, int]:
        """The straight runs of empty cells through padded cell ``p``: (rows of the vertical
        run as a bitmask, columns of the horizontal run). Runs only grow as cells empty, so
        a run computed earlier is a subset of the current one."""
        r, c = p
        return self._run(self.cols[c], r), self._run(self.rows[r], c)

    def linkable_runs(self, a: Cell, runs_a: tuple[int, int], b: Cell,
                      runs_b: tuple[int, int]) -> bool:
        """:meth:`linkable` with runs from :meth:`runs` (possibly older: then the answer
        may be a false "no", never a false "yes")."""
        ra, ca = a
        rb, cb = b
        rows, cols = self.rows, self.cols
        ok = runs_a[0] & runs_b[0]
        if ok:
            lo, hi = (ca, cb) if ca < cb else (cb, ca)
            for c in range(lo + 1, hi):
                ok &= cols[c]
                if not ok:
                    break
            if ok:
                return True
        ok = runs_a[1] & runs_b[1]
        if ok:
            lo, hi = (ra, rb) if ra < rb else (rb, ra)
            for r in range(lo + 1, hi):
                ok &= rows[r]
                if not ok:
                    break
            if ok:
                return True
        return False

    def linkable(self, a: Cell, b: Cell) -> bool:
        """Whether padded cells ``a`` and ``b`` join by a line of <= 3 segments."""
        ra, ca = a
        rb, cb = b
        rows, cols, run = self.rows, self.cols, self._run
        # horizontal middle segment in some row r
        ok = run(cols[ca], ra) & run(cols[cb], rb)
        if ok:
            lo, hi = (ca, cb) if ca < cb else (cb, ca)
            for c in range(lo + 1, hi):
                ok &= cols[c]
                if not ok:
                    break
            if ok:
                return True
        # vertical middle segment in some column c
        ok = run(rows[ra], ca) & run(rows[rb], cb)
        if ok:
            lo, hi = (ra, rb) if ra < rb else (rb, ra)
            for r in range(lo + 1, hi):
                ok &= rows[r]
                if not ok:
                    break
            if ok:
                return True
        return False


def linkable(board: BoardLike, a: Cell, b: Cell, outside_ring: bool = False) -> bool:
    """Whether the tiles at ``a`` and ``b`` can be removed together now.

    >>> linkable([[1, 0, 1]], (0, 0), (0, 2))
    True
    """
    board = as_board(board)
    a = _check_cell(board, tuple(a), "a")  # type: ignore[arg-type]
    b = _check_cell(board, tuple(b), "b")  # type: ignore[arg-type]
    if a == b or board[a] == 0 or board[a] != board[b]:
        return False
    grid = LinkGrid(board, outside_ring)
    return grid.linkable((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1))


def available_moves(board: BoardLike, outside_ring: bool = False) -> list[tuple[Cell, Cell]]:
    """Every pair of equal tiles that can be removed now, in row-major order of both cells."""
    board = as_board(board)
    grid = LinkGrid(board, outside_ring)
    out: list[tuple[Cell, Cell]] = []
    for cells in board.pictures().values():
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if grid.linkable((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1)):
                    out.append((a, b))
    out.sort()
    return out
