"""Brute forces for the Lianliankan tests (independent of the package's link code)."""

from __future__ import annotations

import random

from numberlink_sat.lianliankan.board import Board

Cell = tuple[int, int]
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _free(grid: tuple[tuple[int, ...], ...], cell: Cell, ring: bool) -> bool:
    h, w = len(grid), len(grid[0])
    r, c = cell
    if 0 <= r < h and 0 <= c < w:
        return grid[r][c] == 0
    return ring and -1 <= r <= h and -1 <= c <= w


def lines(board: Board, a: Cell, b: Cell, ring: bool) -> list[list[Cell]]:
    """Every line of 1..3 straight segments (any lengths >= 1, turns of 90 degrees) from
    ``a`` to ``b`` through free cells, enumerated one segment at a time."""
    grid = board.cells
    out: list[list[Cell]] = []

    def extend(path: list[Cell], last_dir: int | None, segments: int) -> None:
        if segments == 3:
            return
        for d, (dr, dc) in enumerate(DIRS):
            if last_dir is not None and (d == last_dir or d == (last_dir + 2) % 4):
                continue
            r, c = path[-1]
            seg = list(path)
            while True:
                r, c = r + dr, c + dc
                if (r, c) == b:
                    out.append([*seg, (r, c)])
                    break
                if not _free(grid, (r, c), ring):
                    break
                seg.append((r, c))
                extend(seg, d, segments + 1)

    extend([a], None, 0)
    return out


def brute_linkable(board: Board, a: Cell, b: Cell, ring: bool) -> bool:
    """Whether some line of at most 3 segments joins a and b (pictures not checked)."""
    return bool(lines(board, a, b, ring))


def brute_moves(board: Board, ring: bool) -> list[tuple[Cell, Cell]]:
    """Every removable pair (same picture, brute-force link)."""
    tiles = board.tiles()
    return [(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1:]
            if board[a] == board[b] and brute_linkable(board, a, b, ring)]


def brute_clearable(board: Board, ring: bool, gravity: bool,
                    memo: dict[tuple[tuple[int, ...], ...], bool] | None = None) -> bool:
    """Exhaustive search over every move (memo of positions)."""
    if memo is None:
        memo = {}
    if board.is_clear():
        return True
    if board.cells in memo:
        return memo[board.cells]
    ok = any(brute_clearable(board.remove(a, b, gravity), ring, gravity, memo)
             for a, b in brute_moves(board, ring))
    memo[board.cells] = ok
    return ok


def random_board(rng: random.Random, h: int, w: int, tiles: int, pictures: int,
                 even: bool = True) -> Board:
    """A random board with ``tiles`` tiles over ``pictures`` pictures (even counts if asked)."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    pos = rng.sample(cells, tiles)
    if even:
        labels = [1 + rng.randrange(pictures) for _ in range(tiles // 2) for _ in range(1)]
        labels = [x for x in labels for _ in range(2)]
    else:
        labels = [1 + rng.randrange(pictures) for _ in range(tiles)]
    rng.shuffle(labels)
    return Board.empty(h, w).with_tiles(dict(zip(pos, labels, strict=True)))
