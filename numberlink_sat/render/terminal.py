"""Text views of Numberlink boards for the terminal: plain, or in ANSI colour.

The plain form is the ``tokens`` text format: ``.`` an empty cell, ``X`` a blocked one,
labels as written, columns padded to the longest label, so a puzzle printed this way
reads back in. A solution prints its label in every cell of its path (the seeds' form).
With ``colour=True`` each label also gets its background colour (xterm 256 colours,
from the same palette as the SVG pictures) and endpoints are bold and underlined; the
label is still printed in every cell, so colour never carries the meaning alone. The
caller decides about colour (the CLI: a terminal, no ``NO_COLOR``, ``--colour``).

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "22": ((1, 0), (1, 2))})
>>> print(render_text(p))
1  .  1
22 .  22
>>> s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "22": [(1, 0), (1, 1), (1, 2)]})
>>> print(render_text(p, s))
1  1  1
22 22 22
>>> "\\x1b[" in render_text(p, s, colour=True)
True
"""

from __future__ import annotations

from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.render.palette import text_colour_on
from numberlink_sat.render.svg import label_colours

__all__ = ["BLOCKED", "EMPTY", "ansi_256", "render_text"]

EMPTY = "."
BLOCKED = "X"

_CUBE = (0, 95, 135, 175, 215, 255)


def ansi_256(colour: str) -> int:
    """The nearest xterm-256 colour-cube index of a ``#rrggbb`` colour.

    >>> ansi_256("#ff0000"), ansi_256("#000000"), ansi_256("#ffffff")
    (196, 16, 231)
    """
    text = colour.lstrip("#")
    rgb = [int(text[i:i + 2], 16) for i in (0, 2, 4)]
    steps = [min(range(6), key=lambda i, v=v: abs(_CUBE[i] - v)) for v in rgb]  # type: ignore[misc]
    return 16 + 36 * steps[0] + 6 * steps[1] + steps[2]


def _sgr(*codes: str) -> str:
    return "\x1b[" + ";".join(codes) + "m"


_RESET = _sgr("0")


def render_text(puzzle: Puzzle, solution: Solution | None = None, colour: bool = False) -> str:
    """The board of ``puzzle`` (and of ``solution`` when given) as lines of text.

    No trailing newline. With ``colour`` the cells carry ANSI escape codes.
    """
    grid: list[list[str | None]] = [[None] * puzzle.width for _ in range(puzzle.height)]
    if solution is not None:
        for label, path in solution.paths.items():
            for r, c in path:
                if 0 <= r < puzzle.height and 0 <= c < puzzle.width:
                    grid[r][c] = label
    ends = dict(puzzle.label_at)
    for cell, label in ends.items():
        grid[cell[0]][cell[1]] = label
    width = max([1, *(len(lab) for lab in puzzle.labels)])
    colours = (
        label_colours(puzzle, solution) if solution is not None else label_colours(puzzle)
    ) if colour else {}
    lines = []
    for r in range(puzzle.height):
        cells = []
        for c in range(puzzle.width):
            owner = grid[r][c]
            blocked = (r, c) in puzzle.blocked
            token = BLOCKED if blocked else EMPTY
            if owner is not None and not blocked:
                token = owner
            if not colour:
                cells.append(token.ljust(width))
                continue
            padded = f" {token.ljust(width)} "
            if blocked:
                cells.append(_sgr("7", "2") + padded + _RESET)
            elif owner is None:
                cells.append(_sgr("2") + padded + _RESET)
            else:
                back = colours[owner]
                fore = "231" if text_colour_on(back) == "#ffffff" else "16"
                style = ["48", "5", str(ansi_256(back)), "38", "5", fore]
                if (r, c) in ends:
                    style = ["1", "4", *style]
                cells.append(_sgr(*style) + padded + _RESET)
        sep = "" if colour else " "
        lines.append(sep.join(cells).rstrip())
    return "\n".join(lines)
