"""SVG pictures of puzzles and solutions, written by hand (no dependency).

Every picture is one self-contained SVG document with plain presentation attributes
(no CSS, no scripts, no external fonts), so browsers, GitHub and cairosvg all draw it the
same way. The elements carry classes a test or a style sheet can find:

- ``rect.cell``: one per board cell (``rect.cell.blocked`` for a blocked cell),
- ``path.path``: one per drawn path (a Numberlink label, the Number Chain route),
  ``path.link`` for a Lianliankan link,
- ``circle.end`` and ``text.label``: the endpoints and their labels,
- ``rect.diff``: the cells where two solutions differ.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
>>> s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
>>> text = solution_svg(p, s)
>>> text.startswith("<svg") and text.count('class="path"') == 1
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from xml.sax.saxutils import escape, quoteattr

from numberlink_sat.errors import InvalidArgumentError, InvalidPuzzleError
from numberlink_sat.grid import KING_STEPS, Cell
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.render.palette import (
    DARK_BACKGROUND,
    LIGHT_BACKGROUND,
    adjacency_from_cells,
    assign_colours,
    extended_palette,
    text_colour_on,
)

__all__ = [
    "THEMES",
    "Theme",
    "diff_svg",
    "label_colours",
    "lianliankan_svg",
    "numchain_svg",
    "puzzle_svg",
    "solution_svg",
]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@dataclass(frozen=True)
class Theme:
    """The neutral colours of a picture; the label colours come from the palette."""

    name: str
    background: str
    cell: str
    grid: str
    blocked: str
    text: str
    muted: str
    mark: str


THEMES: dict[str, Theme] = {
    "light": Theme("light", "#f4f4f4", LIGHT_BACKGROUND, "#c8c8c8", "#5a5a5a", "#1a1a1a",
                   "#6a6a6a", "#000000"),
    "dark": Theme("dark", "#111111", DARK_BACKGROUND, "#3c3c3c", "#8a8a8a", "#eeeeee",
                  "#a0a0a0", "#ffffff"),
}
"""``light`` (the default) and ``dark``: cell, grid-line and text colours."""


def _theme(theme: str | Theme) -> Theme:
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise InvalidArgumentError(
            f"unknown theme {theme!r}; choose one of {', '.join(THEMES)}") from None


@lru_cache(maxsize=1 << 16)
def _num(value: float) -> str:
    """A coordinate without float noise: ``12``, ``12.5`` (cached: a board repeats them)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@lru_cache(maxsize=1 << 16)
def _quoted(value: str) -> str:
    """``quoteattr(value)``, cached: classes, colours and coordinates repeat."""
    return quoteattr(value)


class _Doc:
    """A tiny SVG writer: elements are appended as text lines."""

    def __init__(self, width: float, height: float, title: str, theme: Theme) -> None:
        self.width, self.height = width, height
        self.lines = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" '
            f'role="img" font-family={quoteattr(FONT)}>',
            f"<title>{escape(title)}</title>",
        ]
        self.rect(0, 0, width, height, fill=theme.background, cls="background")

    def add(self, tag: str, attrs: Mapping[str, str | float | None], text: str = "") -> None:
        parts = [tag]
        for key, value in attrs.items():
            if value is None:
                continue
            shown = _num(value) if isinstance(value, (int, float)) else value
            parts.append(f"{key}={_quoted(shown)}")
        head = " ".join(parts)
        self.lines.append(f"<{head}>{escape(text)}</{tag}>" if text else f"<{head}/>")

    def rect(
        self, x: float, y: float, w: float, h: float, *, cls: str, **attrs: str | float | None
    ) -> None:
        self.add("rect", {"class": cls, "x": x, "y": y, "width": w, "height": h,
                          **{k.replace("_", "-"): v for k, v in attrs.items()}})

    def text(self, x: float, y: float, text: str, size: float, *, cls: str,
             fill: str, weight: str = "normal") -> None:
        # The baseline sits a third of the font size below the centre, which centres
        # digits and capitals without relying on dominant-baseline support.
        self.add("text", {"class": cls, "x": x, "y": y + size * 0.36, "font-size": size,
                          "font-weight": weight, "text-anchor": "middle", "fill": fill}, text)

    def open(self, cls: str, **attrs: str) -> None:
        extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
        self.lines.append(f'<g class="{cls}"{extra}>')

    def close(self) -> None:
        self.lines.append("</g>")

    def finish(self) -> str:
        return "\n".join([*self.lines, "</svg>"]) + "\n"


def _label_size(label: str, cell: float) -> float:
    """Font size that fits ``label`` inside an endpoint disc."""
    return cell * (0.42 if len(label) <= 2 else 0.84 / len(label))


def _centre(cell: Cell, size: float, x0: float, y0: float) -> tuple[float, float]:
    r, c = cell
    return (x0 + (c + 0.5) * size, y0 + (r + 0.5) * size)


def _path_data(points: Sequence[Cell], size: float, x0: float, y0: float) -> str:
    coords = [_centre(p, size, x0, y0) for p in points]
    return " ".join(
        f"{'M' if i == 0 else 'L'}{_num(x)} {_num(y)}" for i, (x, y) in enumerate(coords)
    )


def label_colours(puzzle: Puzzle, *solutions: Solution) -> dict[str, str]:
    """A colour per label of ``puzzle``, neighbouring labels far apart.

    Labels are neighbours when their paths touch in any of ``solutions``, or, without
    a solution, when their endpoints are within two steps of each other. Giving the same
    solutions gives the same colours, so a puzzle and its solution can share them.

    >>> p = Puzzle(2, 2, {"a": ((0, 0), (0, 1)), "b": ((1, 0), (1, 1))})
    >>> sorted(label_colours(p))
    ['a', 'b']
    """
    pairs: set[tuple[str, str]] = set()
    ends = [(cell, label) for label, pair in puzzle.endpoints.items() for cell in pair]
    for i, (a, la) in enumerate(ends):
        for b, lb in ends[i + 1:]:
            if la != lb and abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 2:
                pairs.add((la, lb))
    for solution in solutions:
        pairs |= adjacency_from_cells(solution.label_of())
    return assign_colours(puzzle.labels, pairs)


def _draw_board(
    doc: _Doc,
    puzzle: Puzzle,
    solution: Solution | None,
    colours: Mapping[str, str],
    *,
    size: float,
    x0: float,
    y0: float,
    theme: Theme,
    marked: Iterable[Cell] = (),
) -> None:
    doc.open("cells")
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            blocked = (r, c) in puzzle.blocked
            doc.rect(x0 + c * size, y0 + r * size, size, size,
                     cls="cell blocked" if blocked else "cell",
                     fill=theme.blocked if blocked else theme.cell,
                     stroke=theme.grid, stroke_width=1)
    doc.close()
    if solution is not None:
        doc.open("paths")
        for label, path in solution.paths.items():
            if not path:
                continue
            colour = colours.get(label, theme.muted)
            doc.add("path", {"class": "path", "data-label": label,
                             "d": _path_data(path, size, x0, y0), "fill": "none",
                             "stroke": colour, "stroke-width": size * 0.32,
                             "stroke-linecap": "round", "stroke-linejoin": "round"})
        doc.close()
    doc.open("endpoints")
    for label, pair in puzzle.endpoints.items():
        colour = colours.get(label, theme.muted)
        for cell in pair:
            x, y = _centre(cell, size, x0, y0)
            doc.add("circle", {"class": "end", "data-label": label, "cx": x, "cy": y,
                               "r": size * 0.38, "fill": colour, "stroke": theme.cell,
                               "stroke-width": size * 0.04})
            doc.text(x, y, label, _label_size(label, size), cls="label",
                     fill=text_colour_on(colour), weight="bold")
    doc.close()
    cells = sorted(set(marked))
    if cells:
        doc.open("differences")
        inset = size * 0.06
        for r, c in cells:
            doc.rect(x0 + c * size + inset, y0 + r * size + inset, size - 2 * inset,
                     size - 2 * inset, cls="diff", fill="none", stroke=theme.mark,
                     stroke_width=size * 0.07, stroke_dasharray=f"{_num(size * 0.16)}")
        doc.close()


def _margin(size: float) -> float:
    return size * 0.5


def puzzle_svg(
    puzzle: Puzzle,
    *,
    cell: float = 40,
    theme: str | Theme = "light",
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> str:
    """An SVG of ``puzzle``: the board, blocked cells shaded, endpoints as labelled discs.

    ``colours`` maps labels to ``#rrggbb`` (default :func:`label_colours`); pass the
    colours of a solution picture to make the two match.

    >>> svg = puzzle_svg(Puzzle(2, 1, {"7": ((0, 0), (0, 1))}))
    >>> svg.count('class="cell"'), svg.count('class="end"')
    (2, 2)
    """
    th = _theme(theme)
    colours = dict(colours) if colours is not None else label_colours(puzzle)
    pad = _margin(cell)
    doc = _Doc(puzzle.width * cell + 2 * pad, puzzle.height * cell + 2 * pad,
               title or f"Numberlink puzzle, {puzzle.width}x{puzzle.height}, "
               f"{len(puzzle.labels)} labels", th)
    _draw_board(doc, puzzle, None, colours, size=cell, x0=pad, y0=pad, theme=th)
    return doc.finish()


def solution_svg(
    puzzle: Puzzle,
    solution: Solution,
    *,
    cell: float = 40,
    theme: str | Theme = "light",
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> str:
    """An SVG of ``solution``: each path a thick line of its label's colour through the
    cell centres, over the board of ``puzzle`` with its labelled endpoints.

    >>> p = Puzzle(2, 2, {"a": ((0, 0), (0, 1)), "b": ((1, 0), (1, 1))})
    >>> s = Solution(2, 2, {"a": [(0, 0), (0, 1)], "b": [(1, 0), (1, 1)]})
    >>> solution_svg(p, s).count('class="path"')
    2
    """
    _same_board(puzzle, solution)
    th = _theme(theme)
    colours = dict(colours) if colours is not None else label_colours(puzzle, solution)
    pad = _margin(cell)
    doc = _Doc(puzzle.width * cell + 2 * pad, puzzle.height * cell + 2 * pad,
               title or f"Numberlink solution, {puzzle.width}x{puzzle.height}, "
               f"{len(puzzle.labels)} labels", th)
    _draw_board(doc, puzzle, solution, colours, size=cell, x0=pad, y0=pad, theme=th)
    return doc.finish()


def _same_board(puzzle: Puzzle, solution: Solution) -> None:
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        raise InvalidPuzzleError(
            f"solution is {solution.width}x{solution.height}, "
            f"puzzle is {puzzle.width}x{puzzle.height}"
        )


def diff_svg(
    puzzle: Puzzle,
    first: Solution,
    second: Solution,
    *,
    cell: float = 40,
    theme: str | Theme = "light",
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> str:
    """Two solutions side by side, the cells where they differ outlined (dashed) on both.

    The differing cells are :meth:`Solution.differing_cells`: a different label or a
    different path edge. Both panels use the same colours.

    >>> p = Puzzle(2, 2, {"1": ((0, 0), (1, 0))})
    >>> a = Solution(2, 2, {"1": [(0, 0), (0, 1), (1, 1), (1, 0)]})
    >>> b = Solution(2, 2, {"1": [(0, 0), (1, 0)]})
    >>> diff_svg(p, a, b).count('class="diff"')  # 4 cells, marked on both panels
    8
    """
    _same_board(puzzle, first)
    _same_board(puzzle, second)
    th = _theme(theme)
    colours = dict(colours) if colours is not None else label_colours(puzzle, first, second)
    marked = first.differing_cells(second)
    pad = _margin(cell)
    head = cell * 0.8
    board_w, board_h = puzzle.width * cell, puzzle.height * cell
    width = 2 * board_w + 3 * pad
    height = board_h + 2 * pad + 2 * head
    n = len(marked)
    caption = f"{n} cell{'s' if n != 1 else ''} differ (dashed outline)"
    doc = _Doc(width, height, title or f"Two Numberlink solutions, {caption}", th)
    for index, (name, solution) in enumerate((("first solution", first),
                                              ("second solution", second))):
        x0 = pad + index * (board_w + pad)
        doc.text(x0 + board_w / 2, pad + head / 2 - cell * 0.1, name, cell * 0.36,
                 cls="caption", fill=th.text, weight="bold")
        doc.open("panel", data_panel=str(index + 1))
        _draw_board(doc, puzzle, solution, colours, size=cell, x0=x0, y0=pad + head,
                    theme=th, marked=marked)
        doc.close()
    doc.text(width / 2, pad + head + board_h + head / 2, caption, cell * 0.32,
             cls="caption", fill=th.text)
    return doc.finish()


def _check_grid(grid: Sequence[Sequence[int]], what: str) -> tuple[int, int]:
    if not grid or not grid[0]:
        raise InvalidPuzzleError(f"{what}: the board is empty")
    width = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != width:
            raise InvalidPuzzleError(f"{what}: row {r} has {len(row)} cells, expected {width}")
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidPuzzleError(f"{what}: cell {(r, c)} holds {value!r}, not an int")
    return len(grid), width


def _chain_cells(answer: str, height: int, width: int) -> list[Cell]:
    cells: list[Cell] = [(0, 0)]
    for i, ch in enumerate(answer):
        if ch not in "01234567":
            raise InvalidPuzzleError(
                f"direction string: character {i + 1} is {ch!r}, not a direction 0..7"
            )
        dr, dc = KING_STEPS[int(ch)]
        r, c = cells[-1][0] + dr, cells[-1][1] + dc
        if not (0 <= r < height and 0 <= c < width):
            raise InvalidPuzzleError(
                f"direction string: step {i + 1} ({ch}) leaves the board at {(r, c)}"
            )
        cells.append((r, c))
    return cells


def numchain_svg(
    grid: Sequence[Sequence[int]],
    answer: str | None,
    *,
    cell: float = 44,
    theme: str | Theme = "light",
    title: str | None = None,
) -> str:
    """A Number Chain board with its numbers and, when ``answer`` is a direction string,
    the route from the top-left cell with each step's direction number on it.

    ``answer`` ``None``, ``""`` on a board of more than one cell, or ``"-1"`` draws the
    board alone, captioned "no path" for ``"-1"``. Cells are tinted by their number.

    >>> svg = numchain_svg([[0, 2, 0], [1, 1, 1], [2, 0, 2]], "41255214")
    >>> svg.count('class="cell"'), svg.count('class="path"'), svg.count('class="direction"')
    (9, 1, 8)
    """
    th = _theme(theme)
    height, width = _check_grid(grid, "Number Chain")
    steps = (answer or "").strip()
    no_path = steps == "-1"
    route = _chain_cells(steps, height, width) if steps and not no_path else None
    values = sorted({v for row in grid for v in row})
    tint = dict(zip(values, extended_palette(len(values)), strict=False))
    pad = _margin(cell)
    foot = cell * 0.8
    doc = _Doc(width * cell + 2 * pad, height * cell + 2 * pad + foot,
               title or f"Number Chain board {width}x{height}"
               + (f", route {steps}" if route else ", no path" if no_path else ""), th)
    doc.open("cells")
    for r in range(height):
        for c in range(width):
            doc.rect(pad + c * cell, pad + r * cell, cell, cell, cls="cell",
                     fill=tint[grid[r][c]], fill_opacity=0.22, stroke=th.grid,
                     stroke_width=1)
    doc.close()
    if route and len(route) > 1:
        colour = extended_palette(3)[2]
        doc.add("path", {"class": "path", "d": _path_data(route, cell, pad, pad),
                         "fill": "none", "stroke": colour, "stroke-width": cell * 0.1,
                         "stroke-linecap": "round", "stroke-linejoin": "round"})
        doc.open("directions")
        for step, (a, b) in enumerate(pairwise(route)):
            (xa, ya), (xb, yb) = _centre(a, cell, pad, pad), _centre(b, cell, pad, pad)
            x, y = (xa + xb) / 2, (ya + yb) / 2
            doc.add("circle", {"class": "step", "cx": x, "cy": y, "r": cell * 0.15,
                               "fill": th.cell, "stroke": colour, "stroke-width": cell * 0.04})
            doc.text(x, y, steps[step], cell * 0.2,
                     cls="direction", fill=th.text)
        doc.close()
    doc.open("numbers")
    for r in range(height):
        for c in range(width):
            x, y = _centre((r, c), cell, pad, pad)
            on_route = route is not None and (r, c) in (route[0], route[-1])
            doc.add("circle", {"class": "ends" if on_route else "disc", "cx": x, "cy": y,
                               "r": cell * 0.22, "fill": th.cell,
                               "stroke": th.text if on_route else "none",
                               "stroke-width": cell * 0.05})
            doc.text(x, y, str(grid[r][c]), cell * 0.3, cls="number", fill=th.text,
                     weight="bold")
    doc.close()
    caption = f"route {steps}" if route else "no path" if no_path else ""
    if caption:
        doc.text(pad + width * cell / 2, pad + height * cell + foot / 2, caption,
                 cell * 0.3, cls="caption", fill=th.text)
    return doc.finish()


def lianliankan_svg(
    grid: Sequence[Sequence[int]],
    link: Sequence[Cell] | None = None,
    *,
    cell: float = 40,
    theme: str | Theme = "light",
    title: str | None = None,
) -> str:
    """A Lianliankan board (0 = empty, equal positive numbers = the same picture) and
    optionally one link drawn through the centres of the cells in ``link``.

    The board is drawn inside its one-cell outer ring (dashed), so a link may use row or
    column ``-1`` and ``height``/``width``. Consecutive link cells must share a row or a
    column (they may be every cell of the line, or just its corners).

    >>> svg = lianliankan_svg([[1, 0, 1], [2, 2, 0]], [(0, 0), (0, 1), (0, 2)])
    >>> svg.count('class="cell"'), svg.count('class="tile"'), svg.count('class="link"')
    (6, 4, 1)
    """
    th = _theme(theme)
    height, width = _check_grid(grid, "Lianliankan")
    points = [tuple(p) for p in (link or ())]
    for i, p in enumerate(points):
        if len(p) != 2 or not (-1 <= p[0] <= height and -1 <= p[1] <= width):
            raise InvalidPuzzleError(
                f"link point {i + 1} {p} is outside the board and its one-cell ring"
            )
    for i, (a, b) in enumerate(pairwise(points)):
        if a == b or (a[0] != b[0] and a[1] != b[1]):
            raise InvalidPuzzleError(
                f"link points {i + 1} and {i + 2} ({a} -> {b}) are not on one row or column"
            )
    owner = {(r, c): str(v) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0}
    pictures = sorted(set(owner.values()), key=int)
    colours = assign_colours(pictures, adjacency_from_cells(owner))
    pad = _margin(cell)
    x0 = y0 = pad + cell  # room for the outer ring
    turns = sum(
        1
        for a, b, c in zip(points, points[1:], points[2:], strict=False)
        if (a[0] == b[0]) != (b[0] == c[0])
    )
    described = f", link with {turns} turn{'s' if turns != 1 else ''}" if len(points) > 1 else ""
    doc = _Doc((width + 2) * cell + 2 * pad, (height + 2) * cell + 2 * pad,
               title or f"Lianliankan board {width}x{height}{described}", th)
    doc.rect(pad, pad, (width + 2) * cell, (height + 2) * cell,
             cls="ring", fill="none", stroke=th.grid, stroke_width=1,
             stroke_dasharray=_num(cell * 0.12))
    doc.open("cells")
    for r in range(height):
        for c in range(width):
            doc.rect(x0 + c * cell, y0 + r * cell, cell, cell, cls="cell", fill=th.cell,
                     stroke=th.grid, stroke_width=1)
    doc.close()
    cells = [(int(p[0]), int(p[1])) for p in points]
    if len(cells) > 1:
        doc.add("path", {"class": "link", "d": _path_data(cells, cell, x0, y0),
                         "fill": "none", "stroke": th.mark, "stroke-width": cell * 0.09,
                         "stroke-linecap": "round", "stroke-linejoin": "round"})
    doc.open("tiles")
    inset = cell * 0.08
    for (r, c), picture in owner.items():
        colour = colours[picture]
        doc.rect(x0 + c * cell + inset, y0 + r * cell + inset, cell - 2 * inset,
                 cell - 2 * inset, cls="tile", data_picture=picture, rx=cell * 0.14,
                 fill=colour)
        x, y = _centre((r, c), cell, x0, y0)
        doc.text(x, y, picture, _label_size(picture, cell), cls="label",
                 fill=text_colour_on(colour), weight="bold")
    doc.close()
    if len(cells) > 1:
        for end in (cells[0], cells[-1]):
            doc.rect(x0 + end[1] * cell + 1, y0 + end[0] * cell + 1, cell - 2, cell - 2,
                     cls="link-end", fill="none", stroke=th.mark, stroke_width=cell * 0.08)
    return doc.finish()
