"""The ``compact`` format: one row per line, one character per cell, no separators.

``.`` is an empty cell, ``X`` and ``#`` are blocked, a letter or digit is a label.
One puzzle per text.

>>> p = read_puzzles("A.B\\n#..\\nA.B\\n")[0]
>>> sorted(p.endpoints), sorted(p.blocked)
(['A', 'B'], [(1, 0)])
>>> print(write_puzzle(p), end="")
A.B
X..
A.B
"""

from __future__ import annotations

import re

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    check_size,
    single_block,
    split_lines,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["NAME", "read_puzzles", "write_puzzle"]

NAME = "compact"
EMPTY = "."
BLOCKED = ("X", "#")
_NOT_EMPTY = re.compile(r"[^.]")


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a compact grid, as a list."""
    rows = single_block(split_lines(text), NAME)
    width = len(rows[0].text.rstrip())
    check_size(width, len(rows), rows[0].number, 1, 1)
    builder = GridBuilder(width, len(rows))
    for r, line in enumerate(rows):
        row = line.text.rstrip()
        if len(row) > width:
            raise ParseError(
                f"row {r + 1} has {len(row)} cells, the first row (line {rows[0].number}) "
                f"has {width}",
                line.number,
                width + 1,
            )
        for match in _NOT_EMPTY.finditer(row):
            c, char = match.start(), match.group()
            if char in BLOCKED:
                builder.block(r, c)
            elif char.isalnum():
                builder.label(char, r, c, line=line.number, column=c + 1)
            elif char.isspace():
                raise ParseError(
                    "white space inside a compact row (cells are one character each; "
                    "use the tokens format for separated cells)",
                    line.number,
                    c + 1,
                )
            else:
                raise ParseError(
                    f"unknown symbol {char!r}: a cell is '.' (empty), 'X' or '#' (blocked), "
                    "or a one-character label (a letter or digit)",
                    line.number,
                    c + 1,
                )
        if len(row) < width:
            raise ParseError(
                f"row {r + 1} has {len(row)} cells, the first row (line {rows[0].number}) "
                f"has {width}",
                line.number,
                len(row) + 1,
            )
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless every label is one letter or digit but ``X``."""
    for label in puzzle.labels:
        if len(label) != 1 or not label.isalnum() or label in BLOCKED:
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is one letter "
                "or digit other than 'X' (use the tokens or json format)"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """The compact grid of ``puzzle``, ending with a newline."""
    check_writable(puzzle)
    return "".join(
        "".join(EMPTY if v is None else (v or BLOCKED[0]) for v in row) + "\n"
        for row in puzzle.grid()
    )
