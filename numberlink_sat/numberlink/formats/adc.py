"""The ``adc`` format of the DA Symposium Algorithm Design Contest (2-D form).

``SIZE WxH`` (``x`` or ``X``), ``LINE_NUM n``, then n lines ``LINE#k (x,y)-(x,y)``
giving the two ends of line k; ``x`` is the column and ``y`` the row, both 0-based.
The two ends may also be separated by white space: ``LINE#k (x,y) (x,y)``. The label
is the number k as written. There are no blocked cells. The 3-D multi-layer form
(``SIZE WxHxD``, ``(x,y,z)`` ends, ``VIA#`` lines) is refused with a clear message.

>>> p = read_puzzles("SIZE 3X2\\nLINE_NUM 1\\nLINE#1 (0,0)-(2,1)\\n")[0]
>>> p.width, p.height, p.endpoints["1"]
(3, 2, ((0, 0), (1, 2)))
>>> print(write_puzzle(p), end="")
SIZE 3X2
LINE_NUM 1
LINE#1 (0,0)-(2,1)
"""

from __future__ import annotations

import re

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

NAME = "adc"
_SIZE = re.compile(
    r"\s*SIZE\s+([+-]?\d+)\s*[xX]\s*([+-]?\d+)(?:\s*[xX]\s*([+-]?\d+))?\s*$", re.IGNORECASE
)
_LINE_NUM = re.compile(r"\s*LINE_NUM\s+([+-]?\d+)\s*$", re.IGNORECASE)
_LINE = re.compile(r"\s*LINE#(\d+)\s*(.*)$", re.IGNORECASE)
_VIA = re.compile(r"\s*VIA#", re.IGNORECASE)
_POINT = re.compile(r"\(\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*(?:,\s*([+-]?\d+)\s*)?\)")
_SEPARATOR = re.compile(r"\s*-?\s*")
_DIGITS = re.compile(r"[0-9]+")
_REFUSED = (
    "3-D multi-layer ADC puzzles (SIZE WxHxD, (x,y,z) ends, VIA lines) are not supported; "
    "only the 2-D form 'SIZE WxH' with 'LINE#k (x,y)-(x,y)' lines is read"
)


def _ends(line_text: str, start: int, number: int) -> list[tuple[int, int, int]]:
    """The two ``(x, y)`` ends written from ``start`` on, each with its 1-based column."""
    points: list[tuple[int, int, int]] = []
    pos = start
    for index in range(2):
        if index:
            sep = _SEPARATOR.match(line_text, pos)
            assert sep is not None
            pos = sep.end()
        match = _POINT.match(line_text, pos)
        if not match:
            raise ParseError(
                "expected '(x,y)' (column, row) for an end of the line", number, pos + 1
            )
        if match.group(3) is not None:
            raise ParseError(_REFUSED, number, match.start(3) + 1)
        points.append((int(match.group(1)), int(match.group(2)), pos + 1))
        pos = match.end()
    if line_text[pos:].strip():
        column = pos + len(line_text[pos:]) - len(line_text[pos:].lstrip()) + 1
        raise ParseError("unexpected text after the two ends of the line", number, column)
    return points


def read_puzzles(text: str) -> list[Puzzle]:
    """The one puzzle of a 2-D ADC text, as a list."""
    lines = [ln for ln in split_lines(text) if not is_blank(ln)]
    if not lines:
        raise ParseError("empty input: no puzzle", 1, 1)
    first = lines[0]
    size = _SIZE.match(first.text)
    if not size:
        raise ParseError("expected 'SIZE WxH' as the first line", first.number, 1)
    if size.group(3) is not None:
        raise ParseError(_REFUSED, first.number, size.start(3) + 1)
    width, height = int(size.group(1)), int(size.group(2))
    check_size(width, height, first.number, size.start(1) + 1, size.start(2) + 1)
    builder = GridBuilder(width, height)
    count: tuple[int, int] | None = None
    seen: dict[str, int] = {}
    for line in lines[1:]:
        if _VIA.match(line.text):
            raise ParseError(_REFUSED, line.number, 1)
        line_num = _LINE_NUM.match(line.text)
        if line_num:
            if count is not None:
                raise ParseError(
                    f"a second LINE_NUM line (the first is at line {count[1]})", line.number, 1
                )
            count = (int(line_num.group(1)), line.number)
            continue
        match = _LINE.match(line.text)
        if not match:
            raise ParseError(
                f"expected 'LINE#k (x,y)-(x,y)' or 'LINE_NUM n', found {line.text.strip()[:20]!r}",
                line.number,
                len(line.text) - len(line.text.lstrip()) + 1,
            )
        label = match.group(1)
        if label in seen:
            raise ParseError(
                f"LINE#{label} is given twice (first at line {seen[label]})",
                line.number,
                match.start(1) + 1,
            )
        seen[label] = line.number
        for x, y, column in _ends(line.text, match.start(2), line.number):
            if not (0 <= x < width and 0 <= y < height):
                raise ParseError(
                    f"end ({x},{y}) of LINE#{label} is off the {width}x{height} board "
                    "(x is the column, y the row, both from 0)",
                    line.number,
                    column,
                )
            builder.label(label, y, x, line=line.number, column=column)
    if count is None:
        raise ParseError("no 'LINE_NUM n' line", end_of(lines), 1)
    if count[0] != len(seen):
        raise ParseError(
            f"LINE_NUM says {count[0]} lines, the text has {len(seen)} LINE# lines",
            count[1],
            1,
        )
    return [builder.build()]


def check_writable(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless nothing is blocked and every label is a
    number."""
    if puzzle.blocked:
        raise InvalidPuzzleError(f"the {NAME} format has no blocked cells")
    for label in puzzle.labels:
        if not _DIGITS.fullmatch(label):
            raise InvalidPuzzleError(
                f"the {NAME} format cannot hold label {label!r}: a label there is a number"
            )


def write_puzzle(puzzle: Puzzle) -> str:
    """The 2-D ADC text of ``puzzle``, ending with a newline."""
    check_writable(puzzle)
    out = [f"SIZE {puzzle.width}X{puzzle.height}", f"LINE_NUM {len(puzzle.labels)}"]
    for label, ((r1, c1), (r2, c2)) in puzzle.endpoints.items():
        out.append(f"LINE#{label} ({c1},{r1})-({c2},{r2})")
    return "\n".join(out) + "\n"
