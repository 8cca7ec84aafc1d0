"""The ``json`` format: one JSON object per puzzle.

``{"width": W, "height": H, "blocked": [[r, c], ...], "endpoints": {label: [[r, c],
[r, c]], ...}}``, rows and columns 0-based; ``blocked`` may be left out. A label is
any non-empty string. Errors name the line and column of the faulty value.

>>> p = read_puzzles('{"width": 2, "height": 1, "endpoints": {"a b": [[0, 0], [0, 1]]}}')[0]
>>> p.endpoints["a b"]
((0, 0), (0, 1))
>>> write_puzzle(p)
'{"width": 2, "height": 1, "blocked": [], "endpoints": {"a b": [[0, 0], [0, 1]]}}\\n'
"""

from __future__ import annotations

import json

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink.formats._common import (
    MAX_CELLS,
    GridBuilder,
    line_column,
)
from numberlink_sat.numberlink.formats._jsonpos import JsonNode, parse_json
from numberlink_sat.numberlink.model import MAX_SIDE, Puzzle

__all__ = [
    "NAME",
    "puzzle_from_node",
    "read_cell",
    "read_int",
    "read_object",
    "read_puzzles",
    "read_size",
    "write_puzzle",
]

NAME = "json"
_KEYS = ("width", "height", "blocked", "endpoints")


def read_object(text: str, node: JsonNode, keys: tuple[str, ...]) -> dict[str, JsonNode]:
    """The members of a JSON object; a key outside ``keys`` is a :class:`ParseError`."""
    if node.kind != "object":
        raise ParseError(
            f"expected a JSON object, found {node.kind}", *line_column(text, node.offset)
        )
    members: dict[str, JsonNode] = {}
    for key, key_offset, value in node.value:
        if key not in keys:
            raise ParseError(
                f"unknown key {key!r} (expected {', '.join(keys)})",
                *line_column(text, key_offset),
            )
        members[key] = value
    return members


def read_int(text: str, node: JsonNode, what: str) -> int:
    """An integer JSON value (not a bool, not a float)."""
    if node.kind != "number" or not isinstance(node.value, int):
        raise ParseError(f"{what} must be an integer", *line_column(text, node.offset))
    return node.value


def read_cell(text: str, node: JsonNode, width: int, height: int, what: str) -> tuple[int, int]:
    """A ``[row, col]`` pair on the ``width`` x ``height`` board."""
    if node.kind != "array" or len(node.value) != 2:
        raise ParseError(f"{what} must be a [row, col] pair", *line_column(text, node.offset))
    row = read_int(text, node.value[0], f"the row of {what}")
    col = read_int(text, node.value[1], f"the column of {what}")
    if not (0 <= row < height and 0 <= col < width):
        raise ParseError(
            f"{what} [{row}, {col}] is off the {width}x{height} board",
            *line_column(text, node.offset),
        )
    return row, col


def read_size(text: str, members: dict[str, JsonNode], root: JsonNode) -> tuple[int, int]:
    """``width`` and ``height`` of a puzzle or solution object, checked for range."""
    for key in ("width", "height"):
        if key not in members:
            raise ParseError(f"missing key {key!r}", *line_column(text, root.offset))
    width = read_int(text, members["width"], "width")
    height = read_int(text, members["height"], "height")
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIDE:
            raise ParseError(
                f"{name} {value} is out of range 1..{MAX_SIDE}",
                *line_column(text, members[name].offset),
            )
    if width * height > MAX_CELLS:
        raise ParseError(
            f"a {width}x{height} board has {width * height} cells, more than {MAX_CELLS}",
            *line_column(text, members["width"].offset),
        )
    return width, height


def puzzle_from_node(text: str, root: JsonNode) -> Puzzle:
    """The puzzle held by a JSON object node."""
    members = read_object(text, root, _KEYS)
    width, height = read_size(text, members, root)
    builder = GridBuilder(width, height)
    blocked = members.get("blocked")
    if blocked is not None:
        if blocked.kind != "array":
            raise ParseError(
                "'blocked' must be a list of [row, col]", *line_column(text, blocked.offset)
            )
        for item in blocked.value:
            r, c = read_cell(text, item, width, height, "a blocked cell")
            line, column = line_column(text, item.offset)
            builder.block(r, c, line=line, column=column)
    if "endpoints" not in members:
        raise ParseError("missing key 'endpoints'", *line_column(text, root.offset))
    ends = members["endpoints"]
    if ends.kind != "object":
        raise ParseError(
            "'endpoints' must be an object {label: [[r, c], [r, c]]}",
            *line_column(text, ends.offset),
        )
    for label, key_offset, pair in ends.value:
        if not label:
            raise ParseError("a label must not be empty", *line_column(text, key_offset))
        if pair.kind != "array" or len(pair.value) != 2:
            raise ParseError(
                f"label {label!r} needs exactly two cells [[r, c], [r, c]]",
                *line_column(text, pair.offset),
            )
        for item in pair.value:
            r, c = read_cell(text, item, width, height, f"an end of label {label!r}")
            line, column = line_column(text, item.offset)
            builder.label(label, r, c, line=line, column=column)
    return builder.build()


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a JSON text, as a list."""
    if not text.strip():
        raise ParseError("empty input: no puzzle", 1, 1)
    root, end = parse_json(text)
    if root.kind == "array":
        raise ParseError(
            "a JSON list: the json format holds one puzzle object per text",
            *line_column(text, root.offset),
        )
    rest = text[end:]
    if rest.strip():
        offset = end + len(rest) - len(rest.lstrip())
        raise ParseError(
            "text after the JSON object: the json format holds one puzzle per text",
            *line_column(text, offset),
        )
    return [puzzle_from_node(text, root)]


def write_puzzle(puzzle: Puzzle) -> str:
    """``puzzle`` as one line of JSON, ending with a newline."""
    return json.dumps(puzzle.to_dict(), ensure_ascii=False) + "\n"
