"""An immutable Lianliankan board: rows of integers, ``0`` empty, equal positive = same picture.

Boards come from text (rows of whitespace-separated integers, ``#`` comments and blank
lines ignored), from JSON (a list of lists, or an object with a ``"board"`` list of lists),
or from a list of lists of ints; every verb accepts any of these (see :func:`as_board`).

Every picture must appear an even number of times (tiles leave in pairs), rows must have
equal length and numbers must be non-negative integers; anything else is a clear error
naming the line and column (text) or the cell (lists).

>>> b = parse_board('''
... 1 2
... 2 1
... ''')
>>> b.height, b.width, b[0, 1]
(2, 2, 2)
>>> b.tiles()
[(0, 0), (0, 1), (1, 0), (1, 1)]
>>> print(b.remove((0, 0), (1, 1)).to_text())
0 2
2 0
>>> parse_board("1 2\\n1")
Traceback (most recent call last):
...
numberlink_sat.errors.ParseError: line 2, column 1: ragged rows: this row has 1 numbers, row 1 has 2
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from numberlink_sat.bounds import MAX_CELLS, MAX_JSON_DEPTH, check_cells, json_depth
from numberlink_sat.errors import InvalidPuzzleError, ParseError

__all__ = [
    "Board",
    "BoardLike",
    "Cell",
    "as_board",
    "parse_board",
    "parse_json_board",
    "read_board",
]

Cell = tuple[int, int]
"""A position ``(row, col)``; ring cells (``outside_ring``) have row/col ``-1`` or the size."""


@dataclass(frozen=True)
class Board:
    """A rectangular grid of tiles; ``cells[r][c]`` is 0 (empty) or a picture number > 0.

    Construct with :meth:`from_rows` (validates) rather than directly.
    """

    cells: tuple[tuple[int, ...], ...]

    # -- construction ------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], check_pairs: bool = True) -> Board:
        """Validate a list of lists of ints (cells named in errors) and build a board."""
        if hasattr(rows, "tolist"):  # a numpy array
            rows = rows.tolist()
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
            raise InvalidPuzzleError("a board must be a list of rows (lists of ints)")
        if len(rows) == 0:
            raise InvalidPuzzleError("a board needs at least one row")
        first = rows[0]
        if not isinstance(first, (str, bytes)) and isinstance(first, Sequence):
            check_cells(len(first), len(rows))
        out: list[tuple[int, ...]] = []
        width = -1
        for r, row in enumerate(rows):
            if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
                raise InvalidPuzzleError(f"row {r} is not a list of ints")
            if width < 0:
                width = len(row)
                if width == 0:
                    raise InvalidPuzzleError("row 0 is empty")
            elif len(row) != width:
                raise InvalidPuzzleError(
                    f"ragged rows: row {r} has {len(row)} cells, row 0 has {width}")
            vals: list[int] = []
            for c, v in enumerate(row):
                if isinstance(v, bool) or not isinstance(v, int):
                    raise InvalidPuzzleError(f"cell ({r}, {c}): {v!r} is not an integer")
                if v < 0:
                    raise InvalidPuzzleError(f"cell ({r}, {c}): negative number {v}")
                vals.append(int(v))
            out.append(tuple(vals))
        board = cls(tuple(out))
        if check_pairs:
            odd = board.odd_pictures()
            if odd:
                pic = odd[0]
                where = ", ".join(str(c) for c in board.cells_of(pic))
                raise InvalidPuzzleError(
                    f"picture {pic} appears an odd number of times "
                    f"({len(board.cells_of(pic))}) at {where}; tiles are removed in pairs")
        return board

    @classmethod
    def empty(cls, height: int, width: int) -> Board:
        """An empty ``height`` x ``width`` board."""
        if height < 1 or width < 1:
            raise InvalidPuzzleError(f"a board needs positive size, got {height}x{width}")
        check_cells(width, height)
        return cls(tuple((0,) * width for _ in range(height)))

    # -- queries -----------------------------------------------------------------
    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.cells)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.cells[0])

    def __getitem__(self, cell: Cell) -> int:
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise IndexError(f"cell {cell} is off the {self.height}x{self.width} board")
        return self.cells[r][c]

    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` lies on the board (not on the ring)."""
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def tiles(self) -> list[Cell]:
        """Every occupied cell, row-major."""
        return [(r, c) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v]

    def tile_count(self) -> int:
        """How many tiles remain."""
        return sum(1 for row in self.cells for v in row if v)

    def is_clear(self) -> bool:
        """Whether no tile remains."""
        return all(v == 0 for row in self.cells for v in row)

    def pictures(self) -> dict[int, list[Cell]]:
        """Picture -> its cells (row-major), pictures in increasing order."""
        out: dict[int, list[Cell]] = {}
        for cell in self.tiles():
            out.setdefault(self[cell], []).append(cell)
        return dict(sorted(out.items()))

    def cells_of(self, picture: int) -> list[Cell]:
        """The cells holding ``picture``."""
        return [cell for cell in self.tiles() if self[cell] == picture]

    def odd_pictures(self) -> list[int]:
        """Pictures with an odd number of tiles (a board with any cannot be cleared)."""
        return [p for p, cs in self.pictures().items() if len(cs) % 2]

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.cells)

    # -- changes (new boards) ----------------------------------------------------
    def remove(self, a: Cell, b: Cell, gravity: bool = False) -> Board:
        """The board after removing the tiles at ``a`` and ``b`` (no legality check).

        With ``gravity`` (KShisen's), each column loses the removed cells and the cells
        above them move down: the column is the old one minus those cells, padded with
        empty cells at the top.
        """
        grid = [list(row) for row in self.cells]
        for r, c in (a, b):
            grid[r][c] = 0
        if gravity:
            for col in {a[1], b[1]}:
                gone = {r for (r, c) in (a, b) if c == col}
                kept = [grid[r][col] for r in range(self.height) if r not in gone]
                column = [0] * len(gone) + kept
                for r in range(self.height):
                    grid[r][col] = column[r]
        return Board(tuple(tuple(row) for row in grid))

    def with_tiles(self, assignment: dict[Cell, int]) -> Board:
        """A copy with some cells set (``0`` empties a cell); no pair check."""
        grid = [list(row) for row in self.cells]
        for (r, c), v in assignment.items():
            grid[r][c] = v
        return Board(tuple(tuple(row) for row in grid))

    # -- output ------------------------------------------------------------------
    def to_rows(self) -> list[list[int]]:
        """A list of lists of ints."""
        return [list(row) for row in self.cells]

    def to_text(self) -> str:
        """Rows of integers, right-aligned to the widest number."""
        wide = max(len(str(v)) for row in self.cells for v in row)
        return "\n".join(" ".join(str(v).rjust(wide) for v in row) for row in self.cells)

    def to_json(self) -> str:
        """A JSON list of lists."""
        return json.dumps(self.to_rows())

    def __str__(self) -> str:
        return self.to_text()


BoardLike = Union[Board, Sequence[Sequence[int]]]  # noqa: UP007 (a runtime alias on 3.10)
"""A :class:`Board` or a list of lists of ints."""


def as_board(board: BoardLike) -> Board:
    """Return ``board`` if it is a :class:`Board`, else validate it as a list of lists."""
    if isinstance(board, Board):
        return board
    return Board.from_rows(board)


def parse_board(text: str) -> Board:
    """Parse rows of whitespace-separated non-negative integers (``#`` starts a comment).

    Text starting with ``[`` or ``{`` is read as JSON (:func:`parse_json_board`). A
    leading byte-order mark is skipped; lines may end in LF, CRLF or CR.
    """
    text = text.removeprefix("\ufeff")
    stripped = text.lstrip()
    if stripped.startswith(("[", "{")):
        return parse_json_board(text)
    rows: list[tuple[int, ...]] = []
    first_line = 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        values: list[int] = []
        for col, token in _tokens(body):
            try:
                value = int(token, 10)
            except ValueError:
                raise ParseError(f"{token!r} is not an integer", lineno, col) from None
            if value < 0:
                raise ParseError(f"negative number {value}", lineno, col)
            values.append(value)
        if rows and len(values) != len(rows[0]):
            raise ParseError(
                f"ragged rows: this row has {len(values)} numbers, row 1 has {len(rows[0])}",
                lineno, 1)
        if not rows:
            first_line = lineno
        if (len(rows) + 1) * len(values) > MAX_CELLS:
            raise ParseError(f"more than {MAX_CELLS} cells", lineno, 1)
        rows.append(tuple(values))
    if not rows:
        raise ParseError("no board: the text has no rows of numbers")
    board = Board(tuple(rows))
    _check_pairs_text(board, first_line, text)
    return board


def _tokens(line: str) -> Iterator[tuple[int, str]]:
    """(1-based column, token) for each whitespace-separated token."""
    col = 0
    n = len(line)
    while col < n:
        while col < n and line[col].isspace():
            col += 1
        start = col
        while col < n and not line[col].isspace():
            col += 1
        if start < col:
            yield start + 1, line[start:col]


def _check_pairs_text(board: Board, first_line: int, text: str) -> None:
    odd = board.odd_pictures()
    if not odd:
        return
    pic = odd[0]
    cells = board.cells_of(pic)
    # locate the last tile of that picture in the text for a line/column
    r, c = cells[-1]
    line_no, column = _locate(text, r, c)
    raise ParseError(
        f"picture {pic} appears {len(cells)} times (odd) at cells "
        f"{', '.join(map(str, cells))}; tiles are removed in pairs", line_no, column)


def _locate(text: str, row: int, col: int) -> tuple[int, int]:
    """Line and column of board cell (row, col) in the text."""
    seen = -1
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        seen += 1
        if seen == row:
            for i, (column, _tok) in enumerate(_tokens(body)):
                if i == col:
                    return lineno, column
    return 0, 0  # pragma: no cover - cells always come from the text


def parse_json_board(text: str) -> Board:
    """Parse JSON: a list of lists of ints, or an object whose ``"board"`` is one."""
    if json_depth(text) > MAX_JSON_DEPTH:
        raise ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", 1, 1)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if isinstance(data, dict):
        if "board" not in data:
            raise ParseError('a JSON object must have a "board" list of lists')
        data = data["board"]
    if not isinstance(data, list):
        raise ParseError("JSON board must be a list of lists of ints")
    return Board.from_rows(data)


def read_board(path: str | Path) -> Board:
    """Read a board file (text rows or JSON)."""
    return parse_board(Path(path).read_text(encoding="utf-8"))
