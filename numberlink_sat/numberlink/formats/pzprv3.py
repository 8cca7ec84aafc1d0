"""The ``pzprv3`` format: the file puzz.link (pzprjs) saves and opens, answer included.

A Numberlink file holds, one item a line (pzprjs also accepts ``/`` between items)::

    pzprv3
    numlin
    ROWS
    COLS
    ROWS lines of COLS cells: a clue number, '.' empty, '-' a '?' clue
    ROWS lines of COLS-1 marks on the edges between side-by-side cells
    ROWS-1 lines of COLS marks on the edges between a cell and the one below

An edge mark is ``1`` (a line drawn), ``-1`` (a cross: the player marked that no line
goes there) or ``0``. Rows come before columns. An Arukone file (``arukone``) has one
more line after the size, ``passallcell`` (every cell used) or ``dontpassallcell``, and
writes its clues as letters: ``A``-``Z`` are 1-26, ``a``-``z`` 27-52. Whatever
follows the marks (pzprjs's history or metadata) is not read.

Labels are the clue numbers in decimal, as in the ``puzzlink`` format; the puzzle
carries the genre's rule (``Puzzle.rules``, ``Puzzle.genre``). The drawn lines are a
:class:`~numberlink_sat.numberlink.model.Solution` when they form one path between
the two cells of every clue (:func:`parse_solution`); :func:`read_pzprv3_marks`
gives the drawing as it is, lines and crosses, for a player's unfinished work.

>>> text = "pzprv3/numlin/1/3/1 . 1 /1 1 /"
>>> p = read_puzzles(text)[0]
>>> dict(p.endpoints), p.rules.fill
({'1': ((0, 0), (0, 2))}, False)
>>> parse_solution(text).paths["1"]
((0, 0), (0, 1), (0, 2))
>>> write_solution(parse_solution(text)).splitlines()
['pzprv3', 'numlin', '1', '3', '1 . 1 ', '1 1 ']
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.formats._common import check_size, line_column
from numberlink_sat.numberlink.formats.puzzlink import GENRES, clue_puzzle
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = [
    "NAME",
    "Pzprv3File",
    "check_writable",
    "looks_like_pzprv3",
    "read_puzzles",
    "read_pzprv3",
    "read_pzprv3_marks",
    "solution_from_lines",
    "write_puzzle",
    "write_solution",
]

NAME = "pzprv3"

_FILL_LINE = {"passallcell": True, "dontpassallcell": False}
_HEADER = re.compile(r"pzprv3(\.\d+)?")
_SEPARATOR = re.compile(r"\r\n|\r|\n|/")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TOKEN = re.compile(r"\S+")


def looks_like_pzprv3(text: str) -> bool:
    """Whether the first non-blank line of ``text`` starts with the ``pzprv3`` header.

    >>> looks_like_pzprv3("pzprv3\\nnumlin\\n"), looks_like_pzprv3("pzprv3/numlin/1/2/")
    (True, True)
    >>> looks_like_pzprv3("1 . 1")
    False
    """
    for line in text.removeprefix("\ufeff").splitlines():
        if line.strip():
            return _HEADER.fullmatch(re.split(r"[/\s]", line.strip())[0]) is not None
    return False


@dataclass(frozen=True)
class Pzprv3File:
    """What a pzprv3 file holds: the puzzle and the edge marks of its answer.

    ``lines`` and ``crosses`` are edges ``(cell, cell)``, smaller cell first, as in
    :mod:`numberlink_sat.grid`; both are empty when the file has no answer part
    (``has_answer`` False).
    """

    puzzle: Puzzle
    lines: frozenset[Edge]
    crosses: frozenset[Edge]
    has_answer: bool
    cell_positions: dict[Cell, tuple[int, int]]
    """Cell -> line and column where the board part writes it (for error messages)."""


@dataclass(frozen=True)
class _Item:
    """One item (line, or ``/``-separated part) of the file and where it starts."""

    text: str
    offset: int


class _Reader:
    """Walks the items of a pzprv3 text and reports errors at their line and column."""

    def __init__(self, text: str) -> None:
        self.text = text.removeprefix("\ufeff")
        self.items: list[_Item] = []
        start = 0
        for match in _SEPARATOR.finditer(self.text):
            self.items.append(_Item(self.text[start : match.start()], start))
            start = match.end()
        if start < len(self.text):  # no empty item after a final line break or '/'
            self.items.append(_Item(self.text[start:], start))
        self.index = 0

    def error(self, message: str, offset: int) -> ParseError:
        return ParseError(message, *line_column(self.text, offset))

    def end_offset(self) -> int:
        return len(self.text.rstrip())

    def next(self, what: str) -> _Item:
        if self.index >= len(self.items):
            raise self.error(f"the file ends where {what} is expected", self.end_offset())
        item = self.items[self.index]
        self.index += 1
        return item

    def word(self, what: str) -> tuple[str, int]:
        item = self.next(what)
        stripped = item.text.strip()
        if not stripped:
            raise self.error(f"{what} is expected, found an empty line", item.offset)
        return stripped, item.offset + item.text.index(stripped)

    def tokens(self, count: int, what: str) -> list[tuple[str, int]]:
        item = self.next(what)
        found = [(m.group(), item.offset + m.start()) for m in _TOKEN.finditer(item.text)]
        if len(found) != count:
            where = found[count][1] if len(found) > count else item.offset + len(
                item.text.rstrip()
            )
            raise self.error(f"{what} has {len(found)} entries, {count} expected", where)
        return found

    def rest_is_blank(self) -> bool:
        return all(not item.text.strip() for item in self.items[self.index :])


def _read_header(reader: _Reader) -> tuple[str, bool, int, int]:
    """Genre, whether every cell is used (arukone), rows and columns."""
    header, offset = reader.word("the header 'pzprv3'")
    if _HEADER.fullmatch(header) is None:
        raise reader.error(f"not a pzprv3 file: the first line is {header!r}", offset)
    pid, offset = reader.word("the genre")
    genre = GENRES.get(pid)
    if genre is None:
        known = ", ".join(GENRES)
        raise reader.error(f"unknown genre {pid!r}: this reader knows {known}", offset)
    sizes = []
    for what in ("the number of rows", "the number of columns"):
        word, at = reader.word(what)
        if not word.isascii() or not word.isdigit():
            raise reader.error(f"{what} must be a whole number, not {word!r}", at)
        sizes.append((int(word), at))
    (rows, rows_at), (cols, cols_at) = sizes
    try:
        check_size(cols, rows, 1, 1, 1)
    except ParseError as exc:  # the same bounds as every format, at this file's places
        at = rows_at if exc.message.startswith("height") else cols_at
        raise reader.error(exc.message, at) from None
    fill = True
    if genre == "arukone":
        word, at = reader.word("'passallcell' or 'dontpassallcell'")
        if word not in _FILL_LINE:
            raise reader.error(
                f"expected 'passallcell' or 'dontpassallcell', found {word!r}", at
            )
        fill = _FILL_LINE[word]
    return genre, fill, rows, cols


def _clue_value(token: str, genre: str) -> int | None:
    """The clue of a cell token (``None`` for an empty cell); ``0`` when unreadable."""
    if token == ".":
        return None
    if genre == "arukone":
        if len(token) == 1 and "A" <= token <= "Z":
            return ord(token) - ord("A") + 1
        if len(token) == 1 and "a" <= token <= "z":
            return ord(token) - ord("a") + 27
        return 0
    return int(token) if token.isascii() and token.isdigit() else 0


def _read_cells(
    reader: _Reader, genre: str, rows: int, cols: int, offsets: dict[Cell, int]
) -> dict[int, list[tuple[Cell, int]]]:
    """Clue number -> its cells with the offset where each is written; ``offsets``
    gets the offset of every cell."""
    clues: dict[int, list[tuple[Cell, int]]] = {}
    for r in range(rows):
        for c, (token, at) in enumerate(reader.tokens(cols, f"row {r + 1} of the board")):
            offsets[(r, c)] = at
            if token == "-":
                raise reader.error(
                    f"a '?' clue ('-') at cell (row {r}, column {c}): a Numberlink clue "
                    "needs its number",
                    at,
                )
            value = _clue_value(token, genre)
            if value is None:
                continue
            if value == 0:
                kind = "a letter A-Z or a-z" if genre == "arukone" else "a number from 1"
                raise reader.error(
                    f"cell (row {r}, column {c}) holds {token!r}: a clue is {kind}, "
                    "'.' an empty cell",
                    at,
                )
            clues.setdefault(value, []).append(((r, c), at))
    return clues


def _read_marks(
    reader: _Reader, rows: int, cols: int
) -> tuple[frozenset[Edge], frozenset[Edge]]:
    """The line and cross marks of the two edge sections."""
    lines: set[Edge] = set()
    crosses: set[Edge] = set()
    sections = (
        (rows, cols - 1, (0, 1), "row {} of the marks between side-by-side cells"),
        (rows - 1, cols, (1, 0), "row {} of the marks between a cell and the one below"),
    )
    for count, width, (dr, dc), what in sections:
        for r in range(count):
            for c, (token, at) in enumerate(reader.tokens(width, what.format(r + 1))):
                edge = ((r, c), (r + dr, c + dc))
                if token == "-1":
                    crosses.add(edge)
                elif token.isascii() and token.isdigit():
                    if int(token) > 0:
                        lines.add(edge)
                else:
                    raise reader.error(
                        f"edge mark {token!r} between {edge[0]} and {edge[1]}: a mark is "
                        "1 (line), -1 (cross) or 0",
                        at,
                    )
    return frozenset(lines), frozenset(crosses)


def read_pzprv3(text: str, *, answer: bool = False) -> Pzprv3File:
    """The puzzle and the edge marks of a pzprv3 text; with ``answer`` the mark
    sections must be there (else a file that ends after the board has none).

    >>> f = read_pzprv3("pzprv3/numlin/1/3/1 . 1 /1 -1 /")
    >>> sorted(f.lines), sorted(f.crosses)
    ([((0, 0), (0, 1))], [((0, 1), (0, 2))])
    """
    reader = _Reader(text)
    genre, fill, rows, cols = _read_header(reader)
    offsets: dict[Cell, int] = {}
    clues = _read_cells(reader, genre, rows, cols, offsets)
    puzzle = clue_puzzle(cols, rows, clues, genre, fill, reader.error)
    positions = _positions(reader.text, offsets)
    if not answer and reader.rest_is_blank():
        return Pzprv3File(puzzle, frozenset(), frozenset(), False, positions)
    lines, crosses = _read_marks(reader, rows, cols)
    return Pzprv3File(puzzle, lines, crosses, True, positions)


def _positions(text: str, offsets: dict[Cell, int]) -> dict[Cell, tuple[int, int]]:
    """Offsets (ascending, row-major) -> 1-based line and column, in one pass."""
    out: dict[Cell, tuple[int, int]] = {}
    line, line_start, scanned = 1, 0, 0
    for cell, offset in offsets.items():
        for match in _LINE_BREAK.finditer(text, scanned, offset):
            line += 1
            line_start = match.end()
        scanned = offset
        out[cell] = (line, offset - line_start + 1)
    return out


def read_pzprv3_marks(text: str) -> tuple[frozenset[Edge], frozenset[Edge]]:
    """The drawn line edges and the cross-marked edges of a pzprv3 text, as they are
    (a player's unfinished drawing too); a file without an answer part has none.

    >>> read_pzprv3_marks("pzprv3/numlin/2/1/1 /1 ///1 /")  # no side-by-side cells
    (frozenset({((0, 0), (1, 0))}), frozenset())
    """
    found = read_pzprv3(text)
    return found.lines, found.crosses


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a pzprv3 text, as a list (its answer part is not read)."""
    return [read_pzprv3(text).puzzle]


def _adjacency(lines: frozenset[Edge]) -> dict[Cell, list[Cell]]:
    around: dict[Cell, list[Cell]] = {}
    for a, b in sorted(lines):
        around.setdefault(a, []).append(b)
        around.setdefault(b, []).append(a)
    return around


def solution_from_lines(
    puzzle: Puzzle,
    lines: frozenset[Edge],
    where: dict[Cell, tuple[int, int]] | None = None,
) -> Solution:
    """The paths that the drawn ``lines`` make between the two cells of every label.

    Lines that branch, run through or stop short of a clue, join two different
    clues, or stand apart from every clue (a loop, a loose piece) are a
    :class:`ParseError` naming the cell (at the line and column of ``where[cell]``
    when it is known).

    >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    >>> solution_from_lines(p, frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2))})).paths
    mappingproxy({'1': ((0, 0), (0, 1), (0, 2))})
    """
    where = where or {}
    around = _adjacency(lines)

    def fail(message: str, cell: Cell) -> ParseError:
        return ParseError(message, *where.get(cell, (None, None)))

    for cell, near in around.items():
        if len(near) > 2:
            kind = "cross" if len(near) == 4 else "branch"
            raise fail(f"the lines {kind} at cell {cell}", cell)
    for end, label in puzzle.label_at.items():
        count = len(around.get(end, ()))
        if count != 1:
            what = "no line" if count == 0 else "a line running through it"
            raise fail(f"clue {label} at cell {end} has {what}", end)
    paths: dict[str, list[Cell]] = {}
    for label, (start, goal) in puzzle.endpoints.items():
        path = _walk(start, around)
        last = path[-1]
        if last != goal:
            other = puzzle.label_at.get(last)
            ends = f"at clue {other}" if other is not None else "at a cell without a clue"
            raise fail(f"the line from clue {label} at {start} ends {ends}, {last}", last)
        paths[label] = path
    used = {e for p in paths.values() for e in itertools.pairwise(p)}
    loose = [e for e in sorted(lines) if e not in used and (e[1], e[0]) not in used]
    if loose:
        raise fail(
            f"the line through {loose[0][0]} and {loose[0][1]} joins no clue "
            "(a loop or a loose piece)",
            loose[0][0],
        )
    return Solution(puzzle.width, puzzle.height, paths)


def _walk(start: Cell, around: dict[Cell, list[Cell]]) -> list[Cell]:
    """The cells from ``start`` (one line) along the lines to the next line end."""
    path = [start]
    previous, here = start, around[start][0]
    path.append(here)
    while len(around[here]) == 2:
        a, b = around[here]
        previous, here = here, (b if a == previous else a)
        path.append(here)
    return path


def parse_solution(text: str) -> Solution:
    """The paths of the answer drawn in a pzprv3 text (cross marks are not lines)."""
    found = read_pzprv3(text, answer=True)
    return solution_from_lines(found.puzzle, found.lines, found.cell_positions)


def _clue_token(label: str, genre: str) -> str:
    number = int(label)
    if genre == "arukone":
        return chr(ord("A") + number - 1) if number <= 26 else chr(ord("a") + number - 27)
    return label


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless ``puzzle`` fits a pzprv3 file: no
    blocked cells, every label a positive whole number written plainly (at most
    52 in an Arukone puzzle, whose clues are letters)."""
    puzzlink.check_writable(puzzle, NAME)


def _text(puzzle: Puzzle, lines: frozenset[Edge]) -> str:
    genre = "arukone" if puzzle.genre == "arukone" else "numlin"
    out = ["pzprv3", genre, str(puzzle.height), str(puzzle.width)]
    if genre == "arukone":
        fill = puzzle.rules is None or puzzle.rules.fill
        out.append("passallcell" if fill else "dontpassallcell")
    for row in puzzle.grid():
        out.append("".join(("." if v is None else _clue_token(v, genre)) + " " for v in row))
    for count, width, (dr, dc) in ((puzzle.height, puzzle.width - 1, (0, 1)),
                                   (puzzle.height - 1, puzzle.width, (1, 0))):
        for r in range(count):
            out.append("".join(
                ("1 " if ((r, c), (r + dr, c + dc)) in lines else "0 ") for c in range(width)
            ))
    return "\n".join(out) + "\n"


def write_puzzle(puzzle: Puzzle) -> str:
    """The pzprv3 file of ``puzzle`` with no answer drawn."""
    check_writable(puzzle)
    return _text(puzzle, frozenset())


def write_solution(solution: Solution, puzzle: Puzzle | None = None) -> str:
    """The pzprv3 file of ``puzzle`` with ``solution``'s paths drawn as lines, for
    puzz.link to open. Without ``puzzle`` the clues are the ends of the paths (and
    the genre numlin); ``puzzle`` gives the genre and, for Arukone, the fill line."""
    if puzzle is None:
        puzzle = Puzzle(
            solution.width,
            solution.height,
            {label: (path[0], path[-1]) for label, path in solution.paths.items()},
        )
    check_writable(puzzle)
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        raise InvalidPuzzleError(
            f"the solution is {solution.width}x{solution.height}, "
            f"the puzzle {puzzle.width}x{puzzle.height}"
        )
    return _text(puzzle, solution.edges())
