"""The ``flow`` format of Matt Zucker's Flow Free files: a square grid, no header.

The board size N is the length of the first line, and exactly N rows follow (later
lines are ignored; CRLF line ends are fine). A letter is a label, any other
character an empty cell. There are no blocked cells.

>>> p = read_puzzles("R.G\\n...\\nG.R\\nignored\\n")[0]
>>> p.width, p.endpoints["R"]
(3, ((0, 0), (2, 2)))
>>> print(write_puzzle(p), end="")
R.G
...
G.R
"""

from __future__ import annotations

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.numberlink.formats._common import (
    GridBuilder,
    check_size,
    end_of,
    is_blank,
    split_lines,
)
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["NAME", "read_puzzles", "write_puzzle"]

NAME = "flow"
EMPTY = "."


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a Flow Free text, as a list."""
    lines = split_lines(text)
    start = 0
    while start < len(lines) and is_blank(lines[start]):
        start += 1
    if start == len(lines):
        raise ParseError("empty input: no puzzle rows", 1, 1)
    size = len(lines[start].text)
    check_size(size, size, lines[start].number, 1, 1)
    builder = GridBuilder(size, size)
    for r in range(size):
        if start + r >= len(lines):
            raise ParseError(
                f"end of input: row {r + 1} of {size} missing (the first row has {size} "
                "characters and the board is square)",
                end_of(lines),
                1,
            )
        line = lines[start + r]
        if len(line.text) != size:
            raise ParseError(
                f"row {r + 1} has {len(line.text)} characters, the first row has {size} "
                "(the board is square)",
                line.number,
                min(len(line.text), size) + 1,
            )
        for c, char in enumerate(line.text):
            if char.isalpha():
                builder.label(char, r, c, line=line.number, column=c + 1)
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless the board is square, nothing is blocked
    and every label is one letter."""
    if puzzle.width != puzzle.height:
        raise InvalidPuzzleError(
            f"the {NAME} format holds square boards only, not {puzzle.width}x{puzzle.height}"
        )
    if puzzle.blocked:
        raise InvalidPuzzleError(f"the {NAME} format has no blocked cells")
    for label in puzzle.labels:
        if len(label) != 1 or not label.isalpha():
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is one letter"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """The Flow Free grid of ``puzzle``, ending with a newline."""
    check_writable(puzzle)
    return "".join(
        "".join(EMPTY if v is None else v for v in row) + "\n" for row in puzzle.grid()
    )
