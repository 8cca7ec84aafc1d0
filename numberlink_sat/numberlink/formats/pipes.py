"""The ``pipes`` format: a cell per ``| v |``, rows like ``| || 2 || X |``.

``| |`` is an empty cell, ``| X |`` blocked, and any other content a label (a run of
letters and digits). Two-digit numbers are often printed as ``| 12|``; both that and
``| 12 |`` are read. One puzzle per text.

>>> p = read_puzzles("| 1 || || 1 |\\n| || X || |\\n")[0]
>>> p.endpoints["1"], sorted(p.blocked)
(((0, 0), (0, 2)), [(1, 1)])
>>> print(write_puzzle(p), end="")
| 1 || || 1 |
| || X || |
"""

from __future__ import annotations

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    Line,
    check_size,
    single_block,
    split_lines,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["NAME", "read_puzzles", "split_row", "write_puzzle"]

NAME = "pipes"
BLOCKED = "X"


def split_row(line: Line) -> list[tuple[str, int, int]]:
    """The cells of one pipe row: stripped content, its 1-based column, and the column
    of the cell's opening ``|``.

    >>> split_row(Line(1, "| 4 || || 12|"))
    [('4', 3, 1), ('', 7, 6), ('12', 11, 9)]
    """
    text = line.text
    cells: list[tuple[str, int, int]] = []
    pos = 0
    while pos < len(text):
        char = text[pos]
        if char.isspace():
            pos += 1
            continue
        if char != "|":
            raise ParseError(
                f"unexpected {char!r} between cells: a pipe row is a run of '| v |' cells",
                line.number,
                pos + 1,
            )
        end = text.find("|", pos + 1)
        if end < 0:
            raise ParseError("cell opened with '|' is not closed", line.number, pos + 1)
        content = text[pos + 1 : end]
        stripped = content.strip()
        offset = len(content) - len(content.lstrip()) if stripped else 0
        cells.append((stripped, pos + 2 + offset, pos + 1))
        pos = end + 1
    return cells


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a pipe table, as a list."""
    rows = single_block(split_lines(text), NAME)
    table = [split_row(line) for line in rows]
    width = len(table[0])
    check_size(width, len(rows), rows[0].number, 1, 1)
    builder = GridBuilder(width, len(rows))
    for r, (line, cells) in enumerate(zip(rows, table, strict=True)):
        if len(cells) != width:
            column = cells[width][2] if len(cells) > width else len(line.text.rstrip()) + 1
            raise ParseError(
                f"row {r + 1} has {len(cells)} cells, the first row (line {rows[0].number}) "
                f"has {width}",
                line.number,
                column,
            )
        for c, (content, column, _) in enumerate(cells):
            if not content:
                continue
            if content == BLOCKED:
                builder.block(r, c)
            elif content.isalnum():
                builder.label(content, r, c, line=line.number, column=column)
            else:
                raise ParseError(
                    f"unknown symbol {content!r}: a pipe cell is '| |' (empty), '| X |' "
                    "(blocked) or a label of letters and digits",
                    line.number,
                    column,
                )
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless every label is letters and digits but ``X``."""
    for label in puzzle.labels:
        if not label.isalnum() or label == BLOCKED:
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is a run of "
                "letters and digits other than 'X' (use the json format)"
            )


def _cell(value: str | None) -> str:
    if value is None:
        return "| |"
    text = value or BLOCKED
    return f"| {text}|" if len(text) == 2 else f"| {text} |"


def write_puzzle(puzzle: Puzzle) -> str:
    """The pipe table of ``puzzle`` in the pipe-table form, ending with a newline."""
    check_writable(puzzle)
    return "".join("".join(_cell(v) for v in row) + "\n" for row in puzzle.grid())
