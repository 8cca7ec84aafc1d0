"""Benchmark instances made from a seed, solvable by construction (a planted answer).

The library's generator re-solves every puzzle to prove it unique, which is right for
users and wrong for a benchmark that wants 100x100 boards in milliseconds, so the suites
use these small makers instead:

- :func:`hamiltonian_path`: a random Hamiltonian path of a cell set, by *backbite* moves
  (an end steps onto a neighbour on the path and the part beyond is reversed), started
  from a serpentine path; optionally with one end fixed and the other walked to a target.
- :func:`numberlink_dense`: the path cut greedily into *induced* pieces (no piece touches
  itself): many short paths, like Flow Free boards.
- :func:`numberlink_loose`: the path cut into ``width`` pieces of equal length: few long
  wandering paths, the family every encoding tried so far finds hard.
- :func:`numchain_planted`: a king-move path from corner to corner, labels ``i mod K``.
- :func:`lianliankan_planted`: pairs added in reverse play (each new pair links through
  the empty cells of the board so far), so removing them in the opposite order clears it.

>>> import random
>>> p = numberlink_dense(6, 6, random.Random(1))
>>> p.width, p.height, len(p.labels) > 1
(6, 6, True)
>>> sorted(set(sum(numchain_planted(4, 3, random.Random(2)), ())))
[0, 1, 2]
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

import numpy as np

from numberlink_sat.numberlink.model import Puzzle

__all__ = [
    "hamiltonian_path",
    "lianliankan_planted",
    "links_within_two_turns",
    "numberlink_dense",
    "numberlink_loose",
    "numchain_planted",
]

Cell = tuple[int, int]


def _serpentine(cells: set[Cell], width: int, height: int) -> list[Cell]:
    """A Hamiltonian path of the full board by rows, left-right then right-left."""
    path: list[Cell] = []
    for r in range(height):
        cols = range(width) if r % 2 == 0 else range(width - 1, -1, -1)
        path.extend((r, c) for c in cols if (r, c) in cells)
    return path


def hamiltonian_path(
    width: int,
    height: int,
    rng: random.Random,
    *,
    moves: int | None = None,
    start: Cell | None = None,
    end: Cell | None = None,
) -> list[Cell]:
    """A random Hamiltonian path of the ``width`` x ``height`` board.

    With ``start`` (and ``end``), the path runs from ``start`` (to ``end``); the ends are
    walked there by backbite moves, and ``RuntimeError`` says the walk gave up (parity or
    a thin board may forbid it).

    >>> path = hamiltonian_path(4, 3, random.Random(0))
    >>> len(path), len(set(path))
    (12, 12)
    """
    cells = {(r, c) for r in range(height) for c in range(width)}
    order = _serpentine(cells, width, height)
    cell_of = sorted(cells)
    if len(cell_of) == 1:
        return list(cell_of)
    walk = _Backbite(cell_of, order, rng)
    walk.scramble(moves if moves is not None else 8 * walk.n + 200)
    if start is None:
        return walk.cells()
    found = walk.ends_at(start, end)
    if found is None:
        raise RuntimeError(f"could not walk the path's ends to {start} and {end}")
    return found


class _Backbite:
    """A Hamiltonian path under backbite moves (the tail end bites a neighbour) and
    reversals; ``pos`` is each cell's place on the path."""

    def __init__(self, cell_of: list[Cell], order: list[Cell], rng: random.Random) -> None:
        self.cell_of, self.rng = cell_of, rng
        self.index = {cell: i for i, cell in enumerate(cell_of)}
        self.n = n = len(cell_of)
        self.nbrs: list[list[int]] = [[] for _ in range(n)]
        for (r, c), i in self.index.items():
            for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if v in self.index:
                    self.nbrs[i].append(self.index[v])
        self.path = np.array([self.index[x] for x in order], dtype=np.int64)
        self.pos = np.empty(n, dtype=np.int64)
        self.pos[self.path] = np.arange(n)

    def cells(self) -> list[Cell]:
        return [self.cell_of[int(i)] for i in self.path]

    def backbite_tail(self) -> None:
        path, pos = self.path, self.pos
        t, prev = int(path[-1]), int(path[-2])
        choices = [v for v in self.nbrs[t] if v != prev]
        if not choices:
            return
        i = int(pos[self.rng.choice(choices)])
        tail = path[i + 1:][::-1].copy()
        path[i + 1:] = tail
        pos[tail] = np.arange(i + 1, self.n)

    def flip(self) -> None:
        self.path = self.path[::-1].copy()
        self.pos[self.path] = np.arange(self.n)

    def step(self) -> None:
        if self.rng.random() < 0.5:
            self.flip()
        self.backbite_tail()

    def scramble(self, moves: int) -> None:
        for _ in range(moves):
            self.step()

    def ends_at(self, start: Cell, end: Cell | None) -> list[Cell] | None:
        """The path run from ``start`` (to ``end``), or None when the walk gives up.

        With one end fixed, the other end's walk can be confined to part of the board,
        so both ends move until one is at ``start``, then the other until it is at
        ``end``, and the path is scrambled again when that walk does not get there.
        """
        n = self.n
        want = self.index[start]
        goal = self.index[end] if end is not None else None
        for _ in range(60):
            for _ in range(40 * n + 100):
                if int(self.path[0]) == want or int(self.path[-1]) == want:
                    break
                self.step()
            if int(self.path[-1]) == want:
                self.flip()
            if int(self.path[0]) != want:
                continue
            if goal is None:
                return self.cells()
            for _ in range(20 * n + 100):
                if int(self.path[-1]) == goal:
                    return self.cells()
                self.backbite_tail()
            self.scramble(n)
        return None


def _label(i: int) -> str:
    return str(i + 1)


def _puzzle_from_pieces(width: int, height: int, pieces: Sequence[Sequence[Cell]]) -> Puzzle:
    ends: dict[str, tuple[Cell, Cell]] = {}
    blocked: list[Cell] = []
    for piece in pieces:
        if len(piece) == 1:
            blocked.append(piece[0])
        else:
            ends[_label(len(ends))] = (piece[0], piece[-1])
    return Puzzle(width, height, ends, blocked)


def numberlink_dense(width: int, height: int, rng: random.Random) -> Puzzle:
    """A Flow-Free-like board: a random Hamiltonian path cut greedily into induced pieces.

    A piece ends where the next cell would touch it other than at its last cell; a
    piece of one cell becomes a blocked cell.
    """
    path = hamiltonian_path(width, height, rng)
    pieces: list[list[Cell]] = []
    current: list[Cell] = []
    members: set[Cell] = set()
    for cell in path:
        if current:
            r, c = cell
            touching = [
                v
                for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if v in members and v != current[-1]
            ]
            if touching:
                pieces.append(current)
                current, members = [], set()
        current.append(cell)
        members.add(cell)
    pieces.append(current)
    return _puzzle_from_pieces(width, height, pieces)


def numberlink_loose(
    width: int, height: int, rng: random.Random, labels: int | None = None
) -> Puzzle:
    """A loose board: a random Hamiltonian path cut into ``labels`` (default ``width``)
    pieces of nearly equal length; the pieces may touch themselves."""
    path = hamiltonian_path(width, height, rng)
    k = max(1, min(labels if labels is not None else width, len(path) // 2))
    bounds = [round(i * len(path) / k) for i in range(k + 1)]
    pieces = [path[bounds[i] : bounds[i + 1]] for i in range(k)]
    return _puzzle_from_pieces(width, height, pieces)


def numchain_planted(n: int, k: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """The rows of an N x N Number Chain board with a planted path, labels ``i mod k``.

    Odd ``n``: an orthogonal path from corner to corner. Even ``n`` (where parity forbids
    an orthogonal corner-to-corner path): an orthogonal path over the top half, one
    diagonal step into the bottom half, an orthogonal path over the bottom half. The
    diagonal crosses nothing: the other diagonal of its square joins the two halves too,
    and the path crosses between them only once.
    """
    if n == 1:
        return ((0,),)
    if n % 2:
        path = hamiltonian_path(n, n, rng, start=(0, 0), end=(n - 1, n - 1))
    else:
        half = n // 2
        for _ in range(50):
            j = rng.randrange(n)
            if (half - 1 + j) % 2 == 0:
                continue  # the top half's path must end on the other colour from (0, 0)
            j2 = j + rng.choice((-1, 1))
            if not 0 <= j2 < n:
                continue
            try:
                top = hamiltonian_path(n, half, rng, start=(0, 0), end=(half - 1, j))
                bottom = hamiltonian_path(n, half, rng, start=(0, j2), end=(half - 1, n - 1))
            except RuntimeError:
                continue
            path = top + [(r + half, c) for r, c in bottom]
            break
        else:  # pragma: no cover
            raise RuntimeError(f"no planted path found for N = {n}")
    grid = [[0] * n for _ in range(n)]
    for i, (r, c) in enumerate(path):
        grid[r][c] = i % k
    return tuple(tuple(row) for row in grid)


def links_within_two_turns(
    grid: Sequence[Sequence[int]], a: Cell, outside_ring: bool = False
) -> set[Cell]:
    """Every board cell a line from ``a`` with at most two turns may end on.

    The line runs through empty (0) cells only; the cell it ends on may be empty or not
    (the caller picks what it needs). With ``outside_ring`` the line may also use one
    ring of empty cells around the board.

    >>> sorted(links_within_two_turns([[1, 0, 1]], (0, 0)))
    [(0, 1), (0, 2)]
    """
    h, w = len(grid), len(grid[0])
    pad = 1 if outside_ring else 0

    def empty(r: int, c: int) -> bool:
        if 0 <= r < h and 0 <= c < w:
            return grid[r][c] == 0
        return outside_ring and -1 <= r <= h and -1 <= c <= w

    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    best: dict[tuple[int, int, int], int] = {}
    reached: set[Cell] = set()
    queue: deque[tuple[int, int, int, int]] = deque()
    for d in range(4):
        queue.append((a[0], a[1], d, 0))
    while queue:
        r, c, d, t = queue.popleft()
        dr, dc = steps[d]
        nr, nc = r + dr, c + dc
        if not (-pad <= nr < h + pad and -pad <= nc < w + pad):
            continue
        if 0 <= nr < h and 0 <= nc < w:
            reached.add((nr, nc))
        if not empty(nr, nc):
            continue
        for d2 in range(4):
            t2 = t + (d2 != d)
            if t2 > 2 or (steps[d2][0] == -dr and steps[d2][1] == -dc):
                continue
            key = (nr, nc, d2)
            if best.get(key, 3) <= t2:
                continue
            best[key] = t2
            queue.append((nr, nc, d2, t2))
    reached.discard(a)
    return reached


def lianliankan_planted(
    width: int,
    height: int,
    rng: random.Random,
    *,
    outside_ring: bool = False,
    pictures: int | None = None,
) -> tuple[tuple[int, ...], ...]:
    """A clearable board built by reverse play: each added pair links through the empty
    cells of the board as it was before, so removing the pairs last-first clears it.
    Cells where no further pair fits stay empty (few, near the end)."""
    grid = [[0] * width for _ in range(height)]
    kinds = pictures if pictures is not None else max(2, width * height // 8)
    empties = [(r, c) for r in range(height) for c in range(width)]
    fails = 0
    while len(empties) >= 2 and fails < 4 * len(empties) + 20:
        a = rng.choice(empties)
        options = [
            b for b in links_within_two_turns(grid, a, outside_ring) if grid[b[0]][b[1]] == 0
        ]
        if not options:
            fails += 1
            continue
        b = rng.choice(sorted(options))
        pic = rng.randint(1, kinds)
        grid[a[0]][a[1]] = pic
        grid[b[0]][b[1]] = pic
        empties.remove(a)
        empties.remove(b)
    return tuple(tuple(row) for row in grid)
