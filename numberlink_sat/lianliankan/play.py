"""Playing: greedy auto-play, hints, deadlock test, shuffles and board generation.

- :func:`greedy_play` removes, again and again, the first removable pair in row-major order
  (the simple auto-play of casual games); it can get stuck on a clearable board.
- :func:`hint` returns a move after which the board can still be cleared (the first move
  of an order found by :func:`~.solve.solve`), ``None`` when the board cannot be cleared.
- :func:`is_stuck` means *no move now*; a board that is not stuck may still be impossible.
- :func:`shuffle` rearranges the remaining tiles on their cells so the board is clearable.
- :func:`generate` builds full boards that are clearable by construction: starting from
  a full board of distinct tile ids, random pairs of tiles that link *regardless of
  picture* are removed (with gravity if asked) until the board is clear; the pair removed
  at step ``i`` then gets the ``i``-th picture, so that order clears the labelled board.
  It is replayed by :func:`~.verify.verify` before the board is returned. Peeling never
  gets stuck (proof in :func:`_peel`), so no retries are needed.

>>> from numberlink_sat.lianliankan.verify import verify
>>> b, order = generate_with_order(4, 4, copies=4, seed=1, outside_ring=True)
>>> verify(b, order, outside_ring=True)
[]
>>> sorted(len(cells) for cells in b.pictures().values())
[4, 4, 4, 4]
>>> is_stuck([[1, 2], [2, 1]]), is_stuck([[1, 1]])
(True, False)
>>> greedy_play([[1, 2, 2, 1]]).cleared
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from numberlink_sat.bounds import check_cells
from numberlink_sat.errors import InternalError, InvalidPuzzleError
from numberlink_sat.lianliankan.board import Board, BoardLike, Cell, as_board
from numberlink_sat.lianliankan.link import LinkGrid, available_moves
from numberlink_sat.lianliankan.solve import Move, solve
from numberlink_sat.lianliankan.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = [
    "GreedyResult",
    "generate",
    "generate_with_order",
    "greedy_play",
    "hint",
    "is_stuck",
    "shuffle",
]


@dataclass(frozen=True)
class GreedyResult:
    """What the greedy player did: the moves, the board it ended on, whether it is clear."""

    order: list[Move]
    board: Board

    @property
    def cleared(self) -> bool:
        """Whether the greedy player cleared the board."""
        return self.board.is_clear()


def greedy_play(board: BoardLike, outside_ring: bool = False,
                gravity: bool = False) -> GreedyResult:
    """Remove the first removable pair (row-major in both cells) until none is left."""
    board = as_board(board)
    order: list[Move] = []
    while True:
        moves = available_moves(board, outside_ring)
        if not moves:
            return GreedyResult(order, board)
        a, b = moves[0]
        order.append((a, b))
        board = board.remove(a, b, gravity=gravity)


def is_stuck(board: BoardLike, outside_ring: bool = False) -> bool:
    """Tiles remain but no pair can be removed now (not the same as "cannot be cleared")."""
    board = as_board(board)
    return not board.is_clear() and not available_moves(board, outside_ring)


def hint(board: BoardLike, outside_ring: bool = False, gravity: bool = False,
         time_limit: float | None = None, solver: str = DEFAULT_SOLVER) -> Move | None:
    """A move after which the board can still be cleared; None if it cannot be cleared
    (or is already clear). Raises ``SolveTimeout`` past ``time_limit``; ``solver`` is
    the PySAT solver of the SAT slices (as in :func:`~.solve.solve`).

    >>> hint([[1, 2, 2, 1]])
    ((0, 1), (0, 2))
    """
    order = solve(board, outside_ring, gravity, time_limit, solver=solver)
    if not order:
        return None
    return order[0]


# -- construction ----------------------------------------------------------------


def _peel(ids: Board, ring: bool, gravity: bool, rng: random.Random,
          deadline: Deadline | None = None) -> list[tuple[Move, tuple[int, int]]]:
    """Remove random linkable pairs of tiles, ignoring pictures, until the board is clear.

    ``ids`` holds distinct tile ids. Returns, per step, the cells removed and their ids.
    It never gets stuck: if some row or column holds two tiles, the two nearest ones in it
    link by a straight line; otherwise every tile is alone in its row and column, and any
    two link with one turn. Without gravity the link grid and the tile list are updated
    in place (the same random choices as rebuilding them after every step).
    """
    board = ids
    deadline = deadline if deadline is not None else Deadline(None)
    out: list[tuple[Move, tuple[int, int]]] = []
    tiles = board.tiles()
    deadline.check("building the board")
    grid = LinkGrid(board, ring)
    while tiles:
        deadline.check("building the board")
        if gravity:
            grid = LinkGrid(board, ring)
        starts = tiles[:]
        rng.shuffle(starts)
        for a in starts:
            pa = (a[0] + 1, a[1] + 1)
            partners = [b for b in tiles if b != a and grid.linkable(pa, (b[0] + 1, b[1] + 1))]
            if partners:
                b = rng.choice(partners)
                break
        else:  # pragma: no cover - impossible, see the docstring
            raise InternalError("no linkable pair of tiles")
        move = (a, b) if a < b else (b, a)
        out.append((move, (board[move[0]], board[move[1]])))
        if gravity:
            board = board.remove(a, b, gravity=True)
            tiles = board.tiles()
        else:  # nothing moves: ``board`` keeps the ids, the grid and the list follow
            for r, c in move:
                tiles.remove((r, c))
                grid.clear((r + 1, c + 1))
    return out


def _build(cells: list[Cell], height: int, width: int, labels: list[int], ring: bool,
           gravity: bool, rng: random.Random,
           deadline: Deadline | None = None) -> tuple[Board, list[Move]]:
    """Pictures ``labels`` (one per pair) on ``cells`` so that the board is clearable.

    Tiles are peeled off in pairs (:func:`_peel`); pair ``i`` gets picture ``labels[i]``;
    the peeling order clears the labelled board.
    """
    deadline = deadline if deadline is not None else Deadline(None)
    ids = Board.empty(height, width)
    deadline.check("building the board")
    ids = ids.with_tiles({c: i + 1 for i, c in enumerate(cells)})
    deadline.check("building the board")
    steps = _peel(ids, ring, gravity, rng, deadline)
    label_of: dict[int, int] = {}
    for (_, (x, y)), lab in zip(steps, labels, strict=True):
        label_of[x] = lab
        label_of[y] = lab
    board = Board(tuple(tuple(label_of[v] if v else 0 for v in row) for row in ids.cells))
    order = [move for move, _ in steps]
    problems = verify(board, order, outside_ring=ring, gravity=gravity)
    if problems:  # pragma: no cover - construction bug
        raise InternalError(f"built board fails: {problems[0]}")
    return board, order


def _picture_pairs(count: int, copies: int, pictures: int | None,
                   rng: random.Random) -> list[int]:
    """``count`` pictures, one per pair, so that each picture has ``copies`` tiles (or, with
    ``pictures``, pairs cycle over that many pictures), shuffled."""
    if pictures is None:
        per = copies // 2
        labels = [1 + i // per for i in range(count)]
    else:
        labels = [1 + i % pictures for i in range(count)]
    rng.shuffle(labels)
    return labels


def _check_size(rows: int, cols: int, copies: int, pictures: int | None) -> None:
    for name, v in (("rows", rows), ("cols", cols), ("copies", copies)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise InvalidPuzzleError(f"{name} must be a positive integer, got {v!r}")
    if copies % 2:
        raise InvalidPuzzleError(f"copies must be even (tiles leave in pairs), got {copies}")
    check_cells(cols, rows)
    cells = rows * cols
    if pictures is not None:
        if isinstance(pictures, bool) or not isinstance(pictures, int) or pictures < 1:
            raise InvalidPuzzleError(f"pictures must be a positive integer, got {pictures!r}")
        if cells % 2:
            raise InvalidPuzzleError(
                f"a {rows}x{cols} board has {cells} cells, an odd number: tiles come in pairs")
    elif cells % copies:
        raise InvalidPuzzleError(
            f"a {rows}x{cols} board has {cells} cells, not a multiple of {copies} "
            f"({copies} copies of each picture)")


def generate_with_order(rows: int, cols: int, copies: int = 4, seed: int | None = None,
                        outside_ring: bool = False, gravity: bool = False,
                        pictures: int | None = None,
                        time_limit: float | None = None) -> tuple[Board, list[Move]]:
    """A full clearable ``rows`` x ``cols`` board and an order that clears it.

    Each picture appears ``copies`` times (2 or 4; the cell count must be a multiple), or,
    with ``pictures``, the pairs cycle over that many pictures (KShisen uses 36).
    Raises :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit`` seconds.
    """
    deadline = Deadline(time_limit)
    _check_size(rows, cols, copies, pictures)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    deadline.check("building the board")
    labels = _picture_pairs(len(cells) // 2, copies, pictures, rng)
    deadline.check("building the board")
    return _build(cells, rows, cols, labels, outside_ring, gravity, rng, deadline)


def generate(rows: int, cols: int, copies: int = 4, seed: int | None = None,
             outside_ring: bool = False, gravity: bool = False,
             pictures: int | None = None, time_limit: float | None = None) -> Board:
    """A full ``rows`` x ``cols`` board that is clearable (see :func:`generate_with_order`).

    >>> b = generate(2, 4, copies=2, seed=3, outside_ring=True)
    >>> b.tile_count(), sorted(len(cells) for cells in b.pictures().values())
    (8, [2, 2, 2, 2])
    """
    return generate_with_order(rows, cols, copies, seed, outside_ring, gravity, pictures,
                               time_limit)[0]


def shuffle(board: BoardLike, seed: int | None = None, outside_ring: bool = False,
            gravity: bool = False) -> Board:
    """The remaining tiles rearranged on the same cells so that the board is clearable
    (built like :func:`generate`, so it is clearable by construction and checked).

    >>> b = shuffle([[1, 2], [2, 1]], seed=0)
    >>> is_stuck(b), sorted(v for row in b.cells for v in row)
    (False, [1, 1, 2, 2])
    """
    board = as_board(board)
    rng = random.Random(seed)
    cells = board.tiles()
    pair_labels = sorted(board[c] for c in cells)[::2]  # even counts: sorted tiles pair up
    rng.shuffle(pair_labels)
    rng.shuffle(cells)
    return _build(cells, board.height, board.width, pair_labels, outside_ring, gravity, rng)[0]
