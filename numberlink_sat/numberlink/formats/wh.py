"""The ``wh`` format of Thomas Ahle's files: several puzzles, each after a ``W H`` header.

Between puzzles, blank lines are skipped and a line whose first non-blank character is
``#`` is a comment. A header ``W H`` (width, then height) is followed by exactly H rows
of exactly W characters: ``.`` empty, ``#`` blocked, and any other printable character
a label (``X`` too; the Janko file uses ``[ \\ ] ^ _ `` `` as labels). A header ``0 0``
ends the input; whatever follows is ignored.

>>> ps = read_puzzles("# two puzzles\\n3 1\\nX.X\\n\\n2 2\\na#\\n.a\\n0 0\\nrest")
>>> [(p.width, p.height, p.labels) for p in ps]
[(3, 1, ('X',)), (2, 2, ('a',))]
>>> print(write_puzzle(ps[1]), end="")
2 2
a#
.a
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    Line,
    check_size,
    end_of,
    is_blank,
    split_lines,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["HEADER", "NAME", "read_puzzles", "write_puzzle", "write_puzzles"]

NAME = "wh"
EMPTY = "."
BLOCKED = "#"
HEADER = re.compile(r"\s*([+-]?\d+)\s+([+-]?\d+)\s*$")
"""A ``W H`` header line (signs are matched so that a negative size gets a clear error)."""
_NOT_EMPTY = re.compile(r"[^.]")


def _is_comment(line: Line) -> bool:
    return line.text.lstrip().startswith("#")


def _read_body(lines: list[Line], start: int, header: Line, width: int, height: int) -> Puzzle:
    builder = GridBuilder(width, height)
    for r in range(height):
        index = start + r
        if index >= len(lines):
            raise ParseError(
                f"end of input: row {r + 1} of {height} missing "
                f"(the header at line {header.number} says {width} x {height})",
                end_of(lines),
                1,
            )
        line = lines[index]
        row = line.text.rstrip()
        if len(row) > width:
            raise ParseError(
                f"row {r + 1} has {len(row)} cells, the header at line {header.number} "
                f"says {width}",
                line.number,
                width + 1,
            )
        for match in _NOT_EMPTY.finditer(row):
            c, char = match.start(), match.group()
            if char == BLOCKED:
                builder.block(r, c)
            elif char.isspace() or not char.isprintable():
                raise ParseError(
                    f"unknown symbol {char!r} in a wh row: a cell is '.', '#' or a printable "
                    "character (a label)",
                    line.number,
                    c + 1,
                )
            else:
                builder.label(char, r, c, line=line.number, column=c + 1)
        if len(row) < width:
            what = "is blank" if not row else f"has {len(row)} cells"
            raise ParseError(
                f"row {r + 1} of {height} {what}, the header at line {header.number} "
                f"says {width}",
                line.number,
                len(row) + 1,
            )
    return builder.build()


def read_puzzles(text: str) -> list[Puzzle]:
    """Every puzzle of a wh text, in order; at least one."""
    lines = split_lines(text)
    puzzles: list[Puzzle] = []
    index = 0
    body_end = -1  # index just past the last puzzle body
    last: tuple[int, int, int] = (0, 0, 0)  # header line, width, height of that puzzle
    while index < len(lines):
        line = lines[index]
        if is_blank(line) or _is_comment(line):
            index += 1
            continue
        match = HEADER.match(line.text)
        if not match:
            column = len(line.text) - len(line.text.lstrip()) + 1
            if index == body_end and len(line.text.rstrip()) == last[1]:
                raise ParseError(
                    f"one row more than the {last[2]} rows the header at line {last[0]} "
                    f"announces ({last[1]} x {last[2]}); a 'W H' header was expected here",
                    line.number,
                    column,
                )
            raise ParseError(
                "expected a 'W H' header (two integers: width and height), a '#' comment "
                f"or a blank line, found {line.text.strip()[:20]!r}",
                line.number,
                column,
            )
        width, height = int(match.group(1)), int(match.group(2))
        if width == 0 and height == 0:
            break
        check_size(width, height, line.number, match.start(1) + 1, match.start(2) + 1)
        puzzles.append(_read_body(lines, index + 1, line, width, height))
        index += 1 + height
        body_end, last = index, (line.number, width, height)
    if not puzzles:
        if not any(not is_blank(ln) for ln in lines):
            raise ParseError("empty input: no puzzle", 1, 1)
        raise ParseError("no puzzle: expected a 'W H' header line", end_of(lines), 1)
    return puzzles


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless every label is one printable character
    other than ``.`` and ``#`` (and not white space)."""
    for label in puzzle.labels:
        if (
            len(label) != 1
            or label in (EMPTY, BLOCKED)
            or label.isspace()
            or not label.isprintable()
        ):
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is one "
                "printable character other than '.', '#' and white space"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """``W H`` and the rows of ``puzzle``, ending with a newline."""
    check_writable(puzzle)
    rows = (
        "".join(EMPTY if v is None else (v or BLOCKED) for v in row) for row in puzzle.grid()
    )
    return f"{puzzle.width} {puzzle.height}\n" + "".join(row + "\n" for row in rows)


def write_puzzles(puzzles: Iterable[Puzzle]) -> str:
    """Several puzzles in one wh text, separated by blank lines and ended by ``0 0``."""
    return "\n".join(write_puzzle(p) for p in puzzles) + "\n0 0\n"
