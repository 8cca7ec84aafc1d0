"""The picture of a forced map: the settled part greyed, the undecided region highlighted.

- ``rect.cell.settled``: a cell whose every edge is the same in all solutions (grey);
- ``rect.cell.undecided``: a cell at an edge two solutions disagree on (amber), also
  outlined (``rect.undecided``, dashed);
- ``rect.cell.unproven``: what a time limit left open (the plain cell colour);
- ``path.forced``: an edge every solution uses, in its label's colour when the forced
  line it belongs to reaches an end, else grey;
- ``circle.end`` and ``text.label``: the endpoints, as in every other picture.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> from numberlink_sat.numberlink.diagnose import diagnose
>>> d = diagnose(Puzzle(3, 2, {"1": ((0, 0), (0, 2))}), fill=False)
>>> svg = diagnosis_svg(d)
>>> svg.count('class="cell undecided"') > 0, svg.count('class="end"')
(True, 2)
"""

from __future__ import annotations

from collections.abc import Mapping

from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.diagnose import Diagnosis
from numberlink_sat.render.palette import text_colour_on
from numberlink_sat.render.svg import (
    Theme,
    _centre,
    _Doc,
    _label_size,
    _margin,
    _num,
    _theme,
    label_colours,
)

__all__ = ["SETTLED", "UNDECIDED", "diagnosis_svg", "forced_labels"]

SETTLED = {"light": "#d2d2d2", "dark": "#2a2a2a"}
"""Fill of the settled cells, by theme."""

UNDECIDED = {"light": "#ffd36e", "dark": "#7a5a00"}
"""Fill of the undecided cells, by theme."""


def forced_labels(diagnosis: Diagnosis) -> dict[Edge, str | None]:
    """Each forced-used edge with the label of its forced line (``None``: no end on it).

    A forced line that reaches an end carries that end's label in every solution.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> from numberlink_sat.numberlink.diagnose import diagnose
    >>> forced_labels(diagnose(Puzzle(2, 1, {"1": ((0, 0), (0, 1))})))
    {((0, 0), (0, 1)): '1'}
    """
    neighbours: dict[Cell, list[Cell]] = {}
    for a, b in diagnosis.forced_used:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    label_of: dict[Cell, str] = {}
    for cell, label in diagnosis.puzzle.label_at.items():
        stack = [cell]
        while stack:
            here = stack.pop()
            if here in label_of:
                continue
            label_of[here] = label
            stack.extend(n for n in neighbours.get(here, ()) if n not in label_of)
    return {edge: label_of.get(edge[0]) for edge in sorted(diagnosis.forced_used)}


def _cell_kind(diagnosis: Diagnosis, cell: Cell) -> str:
    if cell in diagnosis.puzzle.blocked:
        return "blocked"
    if cell in diagnosis.undecided_cells:
        return "undecided"
    if cell in diagnosis.settled_cells:
        return "settled"
    return "unproven"


def _caption(diagnosis: Diagnosis) -> str:
    n_und = len(diagnosis.undecided_cells)
    head = {"unique": "unique", "multiple": "not unique", "no solution": "no solution",
            "timeout": "time limit: partial"}[diagnosis.status]
    text = (f"{head} ({diagnosis.rules}): {len(diagnosis.forced)} edges forced, "
            f"{len(diagnosis.undecided)} undecided on {n_und} cells")
    if diagnosis.partial:
        text += f", {len(diagnosis.unproven)} unproven"
    return text


def _draw_cells(doc: _Doc, diagnosis: Diagnosis, th: Theme, size: float, pad: float) -> None:
    fills = {"blocked": th.blocked, "undecided": UNDECIDED.get(th.name, UNDECIDED["light"]),
             "settled": SETTLED.get(th.name, SETTLED["light"]), "unproven": th.cell}
    doc.open("cells")
    puzzle = diagnosis.puzzle
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            kind = _cell_kind(diagnosis, (r, c))
            doc.rect(pad + c * size, pad + r * size, size, size, cls=f"cell {kind}",
                     fill=fills[kind], stroke=th.grid, stroke_width=1)
    doc.close()
    doc.open("undecided-region")
    inset = size * 0.06
    for r, c in sorted(diagnosis.undecided_cells):
        doc.rect(pad + c * size + inset, pad + r * size + inset, size - 2 * inset,
                 size - 2 * inset, cls="undecided", fill="none", stroke=th.mark,
                 stroke_width=size * 0.05, stroke_dasharray=_num(size * 0.16))
    doc.close()


def _draw_forced(doc: _Doc, diagnosis: Diagnosis, colours: Mapping[str, str], th: Theme,
                 size: float, pad: float) -> None:
    doc.open("forced")
    for (a, b), label in forced_labels(diagnosis).items():
        (x1, y1), (x2, y2) = _centre(a, size, pad, pad), _centre(b, size, pad, pad)
        colour = colours.get(label, th.muted) if label is not None else th.muted
        doc.add("path", {"class": "forced", "data-label": label,
                         "d": f"M{_num(x1)} {_num(y1)} L{_num(x2)} {_num(y2)}",
                         "stroke": colour, "stroke-width": size * 0.32,
                         "stroke-linecap": "round", "fill": "none"})
    doc.close()
    doc.open("endpoints")
    for cell, label in diagnosis.puzzle.label_at.items():
        colour = colours.get(label, th.muted)
        x, y = _centre(cell, size, pad, pad)
        doc.add("circle", {"class": "end", "data-label": label, "cx": x, "cy": y,
                           "r": size * 0.38, "fill": colour, "stroke": th.cell,
                           "stroke-width": size * 0.04})
        doc.text(x, y, label, _label_size(label, size), cls="label",
                 fill=text_colour_on(colour), weight="bold")
    doc.close()


def diagnosis_svg(
    diagnosis: Diagnosis,
    *,
    cell: float = 40,
    theme: str | Theme = "light",
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> str:
    """An SVG of the forced map of ``diagnosis``, with a one-line caption below.

    Colours match :func:`~numberlink_sat.render.svg.solution_svg` of its first
    solution unless ``colours`` is given.
    """
    th = _theme(theme)
    puzzle = diagnosis.puzzle
    if colours is None:
        colours = label_colours(puzzle, *diagnosis.solutions[:1])
    pad = _margin(cell)
    caption = _caption(diagnosis)
    board_w, board_h = puzzle.width * cell, puzzle.height * cell
    doc = _Doc(board_w + 2 * pad, board_h + 2 * pad + cell * 0.8,
               title or f"Numberlink forced map, {puzzle.width}x{puzzle.height}: {caption}", th)
    _draw_cells(doc, diagnosis, th, cell, pad)
    _draw_forced(doc, diagnosis, colours, th, cell, pad)
    doc.text(pad + board_w / 2, pad + board_h + cell * 0.45, caption,
             min(cell * 0.32, 1.6 * board_w / max(len(caption), 1)), cls="caption",
             fill=th.text)
    return doc.finish()
