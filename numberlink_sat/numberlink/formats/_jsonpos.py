"""A small JSON reader that remembers where every value starts.

The standard :mod:`json` module reports syntax errors with a position but forgets
positions once the text is read; the puzzle and solution readers need them to name
the line and column of a value that is valid JSON but not a valid puzzle.

>>> node, end = parse_json('{"a": [1, 2]}')
>>> node.kind, [key for key, _, _ in node.value]
('object', ['a'])
>>> node.value[0][2].value[1].value, node.value[0][2].value[1].offset
(2, 10)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink.formats._common import line_column

__all__ = ["JsonNode", "parse_json"]

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_WHITE = re.compile(r"[ \t\r\n]*")
_STRING_BODY = re.compile(r'(?:[^"\\\x00-\x1f]|\\.)*"')
_LITERALS = {"true": True, "false": False, "null": None}
_MAX_DEPTH = 64
_MAX_NUMBER = 100


@dataclass(frozen=True)
class JsonNode:
    """A JSON value and the character offset where it starts.

    ``kind`` is ``object`` (``value`` a list of ``(key, key_offset, node)``), ``array``
    (a list of nodes), ``string``, ``number``, ``bool`` or ``null``.
    """

    kind: str
    value: Any
    offset: int


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, message: str, offset: int) -> ParseError:
        return ParseError(message, *line_column(self.text, offset))

    def skip(self, pos: int) -> int:
        match = _WHITE.match(self.text, pos)
        assert match is not None
        return match.end()

    def value(self, pos: int, depth: int) -> tuple[JsonNode, int]:
        pos = self.skip(pos)
        if depth > _MAX_DEPTH:
            raise self.fail(f"JSON nested deeper than {_MAX_DEPTH} levels", pos)
        if pos >= len(self.text):
            raise self.fail("JSON value expected, found the end of input", pos)
        char = self.text[pos]
        if char == "{":
            return self.object(pos, depth)
        if char == "[":
            return self.array(pos, depth)
        if char == '"':
            text, end = self.string(pos)
            return JsonNode("string", text, pos), end
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, pos):
                kind = "null" if literal is None else "bool"
                return JsonNode(kind, literal, pos), pos + len(word)
        match = _NUMBER.match(self.text, pos)
        if match:
            if len(match.group()) > _MAX_NUMBER:
                raise self.fail(f"number longer than {_MAX_NUMBER} characters", pos)
            number = json.loads(match.group())
            return JsonNode("number", number, pos), match.end()
        raise self.fail(f"JSON value expected, found {char!r}", pos)

    def string(self, pos: int) -> tuple[str, int]:
        match = _STRING_BODY.match(self.text, pos + 1)
        if not match:
            raise self.fail("unterminated or invalid JSON string", pos)
        try:
            text = json.loads(self.text[pos : match.end()])
        except json.JSONDecodeError as exc:
            raise self.fail(f"invalid JSON string: {exc.msg}", pos + exc.pos) from None
        assert isinstance(text, str)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise self.fail("JSON string with a lone surrogate (not Unicode text)", pos) from None
        return text, match.end()

    def object(self, pos: int, depth: int) -> tuple[JsonNode, int]:
        start = pos
        members: list[tuple[str, int, JsonNode]] = []
        seen: set[str] = set()
        pos = self.skip(pos + 1)
        if self.text.startswith("}", pos):
            return JsonNode("object", members, start), pos + 1
        while True:
            pos = self.skip(pos)
            if not self.text.startswith('"', pos):
                raise self.fail("JSON object key (a string in double quotes) expected", pos)
            key_offset = pos
            key, pos = self.string(pos)
            if key in seen:
                raise self.fail(f"duplicate key {key!r}", key_offset)
            seen.add(key)
            pos = self.skip(pos)
            if not self.text.startswith(":", pos):
                raise self.fail("':' expected after the object key", pos)
            node, pos = self.value(pos + 1, depth + 1)
            members.append((key, key_offset, node))
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("}", pos):
                return JsonNode("object", members, start), pos + 1
            raise self.fail("',' or '}' expected in the JSON object", pos)

    def array(self, pos: int, depth: int) -> tuple[JsonNode, int]:
        start = pos
        items: list[JsonNode] = []
        pos = self.skip(pos + 1)
        if self.text.startswith("]", pos):
            return JsonNode("array", items, start), pos + 1
        while True:
            node, pos = self.value(pos, depth + 1)
            items.append(node)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("]", pos):
                return JsonNode("array", items, start), pos + 1
            raise self.fail("',' or ']' expected in the JSON array", pos)


def parse_json(text: str, start: int = 0) -> tuple[JsonNode, int]:
    """Read one JSON value from ``text`` at ``start``; returns it and the offset after it.

    Errors are :class:`ParseError` with the line and column of the fault. A byte order
    mark at ``start`` is skipped.
    """
    if text.startswith("\ufeff", start):
        start += 1
    return _Reader(text).value(start, 0)
