"""The ``tokens`` format: one row per line, cells separated by white space.

``.`` is an empty cell, ``X`` and ``#`` are blocked, and any other token must be a
label: a run of letters and digits (``7``, ``12``, ``A``, ``x``). Labels are kept as
written, so ``07`` and ``7`` are two labels. One puzzle per text.

>>> p = read_puzzles("1 . 12\\nX . .\\n1 . 12\\n")[0]
>>> p.width, p.height, sorted(p.endpoints), sorted(p.blocked)
(3, 3, ['1', '12'], [(1, 0)])
>>> print(write_puzzle(p), end="")
 1  . 12
 X  .  .
 1  . 12
"""

from __future__ import annotations

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    check_size,
    single_block,
    split_lines,
    token_spans,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["NAME", "is_token_label", "read_puzzles", "write_puzzle"]

NAME = "tokens"
EMPTY = "."
BLOCKED = ("X", "#")


def is_token_label(text: str) -> bool:
    """Whether ``text`` can be a label of the token grid: letters and digits, not ``X``.

    >>> is_token_label("12"), is_token_label("X"), is_token_label("a-b")
    (True, False, False)
    """
    return text.isalnum() and text not in BLOCKED


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a token grid, as a list (the shape every reader returns)."""
    rows = single_block(split_lines(text), NAME)
    first = token_spans(rows[0].text)
    width = len(first)
    check_size(width, len(rows), rows[0].number, 1, 1)
    builder = GridBuilder(width, len(rows))
    for r, line in enumerate(rows):
        cells = token_spans(line.text)
        if len(cells) > width:
            raise ParseError(
                f"row {r + 1} has {len(cells)} cells, the first row (line {rows[0].number}) "
                f"has {width}",
                line.number,
                cells[width][1],
            )
        if len(cells) < width:
            raise ParseError(
                f"row {r + 1} has {len(cells)} cells, the first row (line {rows[0].number}) "
                f"has {width}",
                line.number,
                len(line.text.rstrip()) + 1,
            )
        for c, (token, column) in enumerate(cells):
            if token == EMPTY:
                continue
            if token in BLOCKED:
                builder.block(r, c)
            elif token.isalnum():
                builder.label(token, r, c, line=line.number, column=column)
            else:
                raise ParseError(
                    f"unknown symbol {token!r}: a cell is '.' (empty), 'X' or '#' (blocked), "
                    "or a label of letters and digits",
                    line.number,
                    column,
                )
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` when a label cannot be written as a token."""
    for label in puzzle.labels:
        if not is_token_label(label):
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is a run of "
                "letters and digits other than 'X' (use the json format)"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """The token grid of ``puzzle``, columns right-aligned, ending with a newline."""
    check_writable(puzzle)
    cells = [
        [EMPTY if v is None else (v or BLOCKED[0]) for v in row] for row in puzzle.grid()
    ]
    size = max((len(label) for label in puzzle.labels), default=1)
    return "".join(" ".join(v.rjust(size) for v in row) + "\n" for row in cells)
