"""Printable sheets: N puzzles a page, then the answer keys, as SVG pages or one PDF.

Each page is an SVG document sized in points (A4 or Letter) with a title, the
puzzles in a grid of boards (each with its number, size and difficulty when known)
and a page number; the answer pages follow, with the same numbers. The boards are the
pictures of :mod:`.svg` in a print theme (white cells, black numbers), nested as
``<svg class="board">`` (``class="answer"`` on answer pages). :func:`sheet_pdf` joins
the pages into one PDF through cairosvg (the ``png`` extra).

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
>>> s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
>>> pages = sheet_pages([SheetItem(p, s)] * 5, per_page=4, title="Demo")
>>> len(pages), [page.count('class="board"') for page in pages]
(4, [4, 1, 0, 0])
>>> [page.count('class="answer"') for page in pages]
[0, 0, 4, 1]
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.render.png import _cairosvg
from numberlink_sat.render.svg import Theme, label_colours, puzzle_svg, solution_svg

__all__ = ["PAPERS", "SheetItem", "layout_grid", "sheet_pages", "sheet_pdf"]

PAPERS: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Paper sizes in points (width, height), portrait."""

PRINT_THEME = Theme("print", "#ffffff", "#ffffff", "#606060", "#202020", "#000000",
                    "#505050", "#000000")

MARGIN = 36.0
HEADER = 34.0
FOOTER = 22.0
CAPTION = 16.0
GAP = 14.0
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@dataclass(frozen=True)
class SheetItem:
    """One puzzle on a sheet, its answer (``None``: no answer page) and its difficulty."""

    puzzle: Puzzle
    solution: Solution | None = None
    difficulty: str | None = None


def layout_grid(per_page: int, width: float, height: float) -> tuple[int, int]:
    """Columns and rows for ``per_page`` boards on a ``width`` x ``height`` area.

    >>> layout_grid(4, 500, 700), layout_grid(6, 500, 700), layout_grid(1, 500, 700)
    ((2, 2), (2, 3), (1, 1))
    """
    best: tuple[float, int, int] | None = None
    for cols in range(1, per_page + 1):
        rows = math.ceil(per_page / cols)
        side = min(width / cols, height / rows)
        if best is None or side > best[0] + 1e-9:
            best = (side, cols, rows)
    assert best is not None
    return best[1], best[2]


_ROOT = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" width="([\d.]+)" '
                   r'height="([\d.]+)"')


def _nested(svg: str, cls: str, x: float, y: float, w: float, h: float) -> str:
    """``svg`` (a board picture) as a nested ``<svg>`` filling the box, aspect kept."""
    body = svg.split("\n", 1)
    match = _ROOT.match(body[0])
    if match is None:  # pragma: no cover - the pictures of render.svg always match
        raise InvalidArgumentError("not a board picture")
    head = (f'<svg class="{cls}" x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" '
            f'preserveAspectRatio="xMidYMin meet"' + body[0][match.end():])
    return head + "\n" + body[1]


def _page(title: str, paper: tuple[float, float], number: int, total: int,
          boxes: list[tuple[str, str, str]], cols: int, rows: int) -> str:
    """One page: the header, ``boxes`` (caption, class, picture) in the grid, the footer."""
    pw, ph = paper
    area_w = pw - 2 * MARGIN
    area_h = ph - 2 * MARGIN - HEADER - FOOTER
    slot_w = (area_w - (cols - 1) * GAP) / cols
    slot_h = (area_h - (rows - 1) * GAP) / rows
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{pw}pt" height="{ph}pt" '
        f'viewBox="0 0 {pw} {ph}" font-family="{FONT}">',
        f'<rect x="0" y="0" width="{pw}" height="{ph}" fill="#ffffff"/>',
        f'<text class="title" x="{pw / 2:.2f}" y="{MARGIN + 18:.2f}" font-size="18" '
        f'text-anchor="middle" fill="#000000">{escape(title)}</text>',
    ]
    top = MARGIN + HEADER
    for k, (caption, cls, picture) in enumerate(boxes):
        r, c = divmod(k, cols)
        x = MARGIN + c * (slot_w + GAP)
        y = top + r * (slot_h + GAP)
        out.append(f'<text class="caption" x="{x + slot_w / 2:.2f}" y="{y + 11:.2f}" '
                   f'font-size="10" text-anchor="middle" fill="#000000">{escape(caption)}'
                   "</text>")
        out.append(_nested(picture, cls, x, y + CAPTION, slot_w, slot_h - CAPTION))
    out.append(f'<text class="page-number" x="{pw / 2:.2f}" y="{ph - MARGIN + 4:.2f}" '
               f'font-size="9" text-anchor="middle" fill="#404040">{number} / {total}</text>')
    out.append("</svg>\n")
    return "\n".join(out)


def _caption(k: int, item: SheetItem, answer: bool) -> str:
    p = item.puzzle
    parts = [f"{'Answer' if answer else 'No.'} {k}", f"{p.width}x{p.height}"]
    if item.difficulty:
        parts.append(f"difficulty {item.difficulty}")
    return " · ".join(parts)


def sheet_pages(
    items: Sequence[SheetItem],
    *,
    paper: str = "a4",
    per_page: int = 4,
    title: str = "Numberlink",
    answers: bool = True,
) -> list[str]:
    """The SVG pages: ``per_page`` puzzles a page, then their answers (if ``answers``)."""
    if paper not in PAPERS:
        raise InvalidArgumentError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if isinstance(per_page, bool) or not isinstance(per_page, int) or not 1 <= per_page <= 64:
        raise InvalidArgumentError(f"per_page must be an int in 1..64, not {per_page!r}")
    if not items:
        raise InvalidArgumentError("no puzzles for the sheet")
    size = PAPERS[paper]
    cols, rows = layout_grid(per_page, size[0] - 2 * MARGIN,
                             size[1] - 2 * MARGIN - HEADER - FOOTER)
    boxes: list[list[tuple[str, str, str]]] = []
    for start in range(0, len(items), per_page):
        boxes.append([
            (_caption(start + k + 1, it, False), "board",
             puzzle_svg(it.puzzle, theme=PRINT_THEME,
                        colours=dict.fromkeys(it.puzzle.labels, "#ffffff")))
            for k, it in enumerate(items[start:start + per_page])
        ])
    keyed = [(k + 1, it) for k, it in enumerate(items) if it.solution is not None]
    if answers:
        for start in range(0, len(keyed), per_page):
            boxes.append([
                (_caption(k, it, True), "answer",
                 solution_svg(it.puzzle, it.solution, theme=PRINT_THEME,
                              colours=label_colours(it.puzzle, it.solution)))
                for k, it in keyed[start:start + per_page] if it.solution is not None
            ])
    total = len(boxes)
    return [
        _page(title if n == 0 else f"{title} (answers)" if page[0][1] == "answer" else title,
              size, n + 1, total, page, cols, rows)
        for n, page in enumerate(boxes)
    ]


def sheet_pdf(pages: Sequence[str]) -> bytes:
    """One PDF of the SVG ``pages`` (through cairosvg: the ``png`` extra)."""
    if not pages:
        raise InvalidArgumentError("no pages")
    _cairosvg()  # a clear error when the extra is missing
    from cairosvg.parser import Tree  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from cairosvg.surface import PDFSurface  # type: ignore[import-not-found, import-untyped, unused-ignore]

    out = io.BytesIO()
    surface = PDFSurface(Tree(bytestring=pages[0].encode("utf-8")), out, 96)
    for page in pages[1:]:
        surface.cairo.show_page()
        surface.draw(Tree(bytestring=page.encode("utf-8")))
    surface.finish()
    return out.getvalue()
