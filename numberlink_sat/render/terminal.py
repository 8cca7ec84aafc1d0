"""Text views of Numberlink boards for the terminal: plain, or in ANSI colour.

The plain form is the ``tokens`` text format: ``.`` an empty cell, ``X`` a blocked one,
labels as written, columns padded to the longest label, so a puzzle printed this way
reads back in. A solution prints its label in every cell of its path.
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

from itertools import pairwise

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


def _cell_styles(colours: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Per label, the escape codes of its path cells and of its two ends (once per label)."""
    out: dict[str, tuple[str, str]] = {}
    for label, back in colours.items():
        fore = "231" if text_colour_on(back) == "#ffffff" else "16"
        style = ["48", "5", str(ansi_256(back)), "38", "5", fore]
        out[label] = (_sgr(*style), _sgr("1", "4", *style))
    return out


_RESET = _sgr("0")


def render_text(
    puzzle: Puzzle, solution: Solution | None = None, colour: bool = False, *,
    lines: bool = False,
) -> str:
    """The board of ``puzzle`` (and of ``solution`` when given) as lines of text.

    No trailing newline. With ``colour`` the cells carry ANSI escape codes. With
    ``lines`` a solution is drawn with box-drawing characters between its ends, which
    shows the way a path runs even where it touches itself.
    """
    if lines and solution is not None:
        return _render_lines(puzzle, solution, colour)
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
    styles = _cell_styles(colours)
    rows = []
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
                plain, end = styles[owner]
                cells.append((end if (r, c) in ends else plain) + padded + _RESET)
        sep = "" if colour else " "
        rows.append(sep.join(cells).rstrip())
    return "\n".join(rows)


_BOX = {
    frozenset("LR"): "─", frozenset("UD"): "│", frozenset("DR"): "┌", frozenset("DL"): "┐",
    frozenset("UR"): "└", frozenset("UL"): "┘", frozenset("L"): "─", frozenset("R"): "─",
    frozenset("U"): "│", frozenset("D"): "│",
}


def _render_lines(puzzle: Puzzle, solution: Solution, colour: bool) -> str:
    """Paths as box-drawing lines, labels on the ends, ``.`` empty, ``X`` blocked.

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(3, 2, {"1": ((0, 0), (1, 0))})
    >>> print(_render_lines(p, Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2), (1, 2),
    ...                                              (1, 1), (1, 0)]}), False))
    1───┐
    1───┘
    """
    links: dict[tuple[int, int], set[str]] = {}
    owner: dict[tuple[int, int], str] = {}
    for label, path in solution.paths.items():
        for a, b in pairwise(path):
            owner[a] = owner[b] = label
            (ra, ca), (rb, cb) = a, b
            if ra == rb and abs(ca - cb) == 1:
                links.setdefault(a, set()).add("R" if cb > ca else "L")
                links.setdefault(b, set()).add("L" if cb > ca else "R")
            elif ca == cb and abs(ra - rb) == 1:
                links.setdefault(a, set()).add("D" if rb > ra else "U")
                links.setdefault(b, set()).add("U" if rb > ra else "D")
    ends = dict(puzzle.label_at)
    width = max([1, *(len(lab) for lab in puzzle.labels)])
    colours = label_colours(puzzle, solution) if colour else {}
    codes = {label: str(ansi_256(value)) for label, value in colours.items()}
    rows = []
    for r in range(puzzle.height):
        parts = []
        for c in range(puzzle.width):
            cell = (r, c)
            joins = links.get(cell, set())
            who = ends.get(cell) or owner.get(cell)
            if cell in puzzle.blocked:
                text = BLOCKED.ljust(width)
            elif cell in ends:
                text = ends[cell].ljust(width, "─" if "R" in joins else " ")
            elif joins:
                text = _BOX.get(frozenset(joins), "?").ljust(width, "─" if "R" in joins else " ")
            else:
                text = EMPTY.ljust(width)
            gap = "─" if "R" in joins and c + 1 < puzzle.width else " "
            if colour and who is not None and cell not in puzzle.blocked:
                code = codes[who]
                style = ("1", "4", "38", "5", code) if cell in ends else ("38", "5", code)
                text = _sgr(*style) + text + _RESET
                gap = _sgr("38", "5", code) + gap + _RESET if gap != " " else gap
            parts.append(text + (gap if c + 1 < puzzle.width else ""))
        rows.append("".join(parts).rstrip())
    return "\n".join(rows)
