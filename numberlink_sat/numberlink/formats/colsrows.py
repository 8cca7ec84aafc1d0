"""The ``colsrows`` format of the znumlin examples (Yoshinaka et al., 2012).

Lines are skipped until one starts with a digit: that line is ``COLS ROWS`` (width
first) or ``ROWS, COLS`` (with a comma). Then one line per row, cells separated by
white space: a run of digits is a label (``12``; ``07`` and ``7`` differ), any other
single character an empty cell. There are no blocked cells. One puzzle per text.

>>> p = read_puzzles("c a comment\\n3 2\\n1 - 2\\n2 - 1\\n")[0]
>>> p.width, p.height, p.endpoints["2"]
(3, 2, ((0, 2), (1, 0)))
>>> read_puzzles("2, 3\\n1 - 1\\n- - -\\n")[0].width
3
>>> print(write_puzzle(p), end="")
3 2
1 - 2
2 - 1
"""

from __future__ import annotations

import re

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    check_size,
    end_of,
    is_blank,
    split_lines,
    token_spans,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["HEADER", "NAME", "read_puzzles", "write_puzzle"]

NAME = "colsrows"
EMPTY = "-"
HEADER = re.compile(r"\s*([+-]?\d+)(?:\s*(,)\s*|\s+)([+-]?\d+)\s*$")
"""``COLS ROWS``, or ``ROWS, COLS`` when group 2 is a comma."""
_DIGITS = re.compile(r"[0-9]+")


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a znumlin text, as a list."""
    lines = split_lines(text)
    if not any(not is_blank(ln) for ln in lines):
        raise ParseError("empty input: no puzzle", 1, 1)
    index = 0
    while index < len(lines) and not lines[index].text.lstrip()[:1].isdigit():
        index += 1
    if index == len(lines):
        raise ParseError(
            "no 'COLS ROWS' header: no line starts with a digit", end_of(lines), 1
        )
    header = lines[index]
    match = HEADER.match(header.text)
    if not match:
        raise ParseError(
            "expected a 'COLS ROWS' (or 'ROWS, COLS') header of two integers",
            header.number,
            len(header.text) - len(header.text.lstrip()) + 1,
        )
    first, second = int(match.group(1)), int(match.group(3))
    at_first, at_second = match.start(1) + 1, match.start(3) + 1
    if match.group(2):
        height, width, height_at, width_at = first, second, at_first, at_second
    else:
        width, height, width_at, height_at = first, second, at_first, at_second
    check_size(width, height, header.number, width_at, height_at)
    builder = GridBuilder(width, height)
    for r in range(height):
        index += 1
        if index >= len(lines):
            raise ParseError(
                f"end of input: row {r + 1} of {height} missing "
                f"(the header at line {header.number} says {width} x {height})",
                end_of(lines),
                1,
            )
        line = lines[index]
        cells = token_spans(line.text)
        if len(cells) != width:
            column = cells[width][1] if len(cells) > width else len(line.text.rstrip()) + 1
            raise ParseError(
                f"row {r + 1} has {len(cells)} cells, the header at line {header.number} "
                f"says {width}",
                line.number,
                column,
            )
        for c, (token, column) in enumerate(cells):
            if _DIGITS.fullmatch(token):
                builder.label(token, r, c, line=line.number, column=column)
            elif len(token) != 1:
                raise ParseError(
                    f"unknown symbol {token!r}: a cell is a number (a label) or one other "
                    "character (empty)",
                    line.number,
                    column,
                )
    for line in lines[index + 1 :]:
        if not is_blank(line):
            raise ParseError(
                f"text after the {height} rows the header at line {header.number} announces "
                f"({width} x {height}); the {NAME} format holds one puzzle per text",
                line.number,
                len(line.text) - len(line.text.lstrip()) + 1,
            )
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless nothing is blocked and every label is a
    run of digits."""
    if puzzle.blocked:
        raise InvalidPuzzleError(f"the {NAME} format has no blocked cells")
    for label in puzzle.labels:
        if not _DIGITS.fullmatch(label):
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is a number"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """``COLS ROWS`` and the rows of ``puzzle`` (``-`` for empty), ending with a newline."""
    check_writable(puzzle)
    size = max((len(label) for label in puzzle.labels), default=1)
    rows = (
        " ".join((EMPTY if v is None else v).rjust(size) for v in row) for row in puzzle.grid()
    )
    return f"{puzzle.width} {puzzle.height}\n" + "".join(row + "\n" for row in rows)
