"""The solution file: JSON paths, then optionally the label grid for people.

``{"width": W, "height": H, "paths": {label: [[r, c], ...]}}`` lists each path from one
end to the other (so a path that touches itself is not ambiguous). After it a writer
may put the label grid in token form (``.`` where no path passes); a reader checks
that this grid agrees with the paths.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
>>> text = format_solution(s)
>>> print(text, end="")
{"width": 3, "height": 1, "paths": {
  "1": [[0, 0], [0, 1], [0, 2]]
}}
<BLANKLINE>
1 1 1
>>> parse_solution(text) == s
True
"""

from __future__ import annotations

import json
import re

from numberlink_sat.errors import ParseError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.formats._common import (
    end_of,
    is_blank,
    line_column,
    split_lines,
    token_spans,
)
from numberlink_sat.numberlink.formats._jsonpos import parse_json
from numberlink_sat.numberlink.formats.jsonfmt import read_cell, read_object, read_size
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["format_solution", "parse_solution"]

_KEYS = ("width", "height", "paths")
_OFF_PATH = (".", "X", "#")


def _grid_text(solution: Solution, blocked: frozenset[Cell]) -> str | None:
    labels = list(solution.paths)
    if any(not label or any(ch.isspace() for ch in label) for label in labels):
        return None
    size = max((len(label) for label in labels), default=1)
    out = []
    for r, row in enumerate(solution.grid()):
        cells = [
            ("X" if (r, c) in blocked else ".") if v is None else v for c, v in enumerate(row)
        ]
        out.append(" ".join(v.rjust(size) for v in cells) + "\n")
    return "".join(out)


def format_solution(
    solution: Solution, *, grid: bool = True, puzzle: Puzzle | None = None
) -> str:
    """The solution file text of ``solution``: the JSON paths, one path per line, and with
    ``grid`` the label grid in token form after a blank line (``.`` where no path passes,
    ``X`` on the blocked cells of ``puzzle`` when it is given; the grid is left out when
    a label holds white space, which a token grid cannot show)."""
    head = f'{{"width": {solution.width}, "height": {solution.height}, "paths": {{'
    items = [
        f"  {json.dumps(label, ensure_ascii=False)}: {json.dumps([list(c) for c in path])}"
        for label, path in solution.paths.items()
    ]
    text = head + ("\n" + ",\n".join(items) + "\n}}\n" if items else "}}\n")
    if grid:
        board = _grid_text(solution, puzzle.blocked if puzzle is not None else frozenset())
        if board is not None:
            text += "\n" + board
    return text


def _check_grid(text: str, end: int, solution: Solution) -> None:
    end_line, _ = line_column(text, end)
    lines = split_lines(text)
    tail = re.split(r"\r\n|\r|\n", text[end:], maxsplit=1)[0]
    if tail.strip():
        raise ParseError(
            "text after the JSON object on the same line; the label grid starts on a new line",
            *line_column(text, end + len(tail) - len(tail.lstrip())),
        )
    rows = [ln for ln in lines[end_line:] if not is_blank(ln)]
    if not rows:
        return
    owners: dict[Cell, set[str]] = {}
    for label, path in solution.paths.items():
        for cell in path:
            owners.setdefault(cell, set()).add(label)
    for r, line in enumerate(rows):
        if r >= solution.height:
            raise ParseError(
                f"the label grid has more than {solution.height} rows (height)", line.number, 1
            )
        cells = token_spans(line.text)
        if len(cells) != solution.width:
            column = (
                cells[solution.width][1]
                if len(cells) > solution.width
                else len(line.text.rstrip()) + 1
            )
            raise ParseError(
                f"grid row {r + 1} has {len(cells)} cells, width is {solution.width}",
                line.number,
                column,
            )
        for c, (token, column) in enumerate(cells):
            here = owners.get((r, c), set())
            if here and token not in here:
                raise ParseError(
                    f"the grid says {token!r} at (row {r}, column {c}) but the path of "
                    f"{sorted(here)[0]!r} passes there",
                    line.number,
                    column,
                )
            if not here and token not in _OFF_PATH:
                raise ParseError(
                    f"the grid says {token!r} at (row {r}, column {c}) but no path passes "
                    "there ('.' expected)",
                    line.number,
                    column,
                )
    if len(rows) < solution.height:
        raise ParseError(
            f"the label grid has {len(rows)} rows, height is {solution.height}",
            end_of(lines),
            1,
        )


def parse_solution(text: str) -> Solution:
    """The :class:`Solution` of a solution file (JSON paths, optional label grid after).

    Errors are :class:`ParseError` naming the line and column. Whether the paths solve a
    puzzle is not checked here: that is :func:`~numberlink_sat.numberlink.verify.verify`'s job.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ParseError("empty input: no solution", 1, 1)
    root, end = parse_json(text)
    members = read_object(text, root, _KEYS)
    width, height = read_size(text, members, root)
    if "paths" not in members:
        raise ParseError("missing key 'paths'", *line_column(text, root.offset))
    node = members["paths"]
    if node.kind != "object":
        raise ParseError(
            "'paths' must be an object {label: [[r, c], ...]}", *line_column(text, node.offset)
        )
    paths: dict[str, list[Cell]] = {}
    for label, key_offset, path in node.value:
        if not label:
            raise ParseError("a label must not be empty", *line_column(text, key_offset))
        if path.kind != "array" or not path.value:
            raise ParseError(
                f"the path of {label!r} must be a non-empty list of [row, col]",
                *line_column(text, path.offset),
            )
        paths[label] = [
            read_cell(text, item, width, height, f"a cell of the path of {label!r}")
            for item in path.value
        ]
    solution = Solution(width, height, paths)
    _check_grid(text, end, solution)
    return solution
