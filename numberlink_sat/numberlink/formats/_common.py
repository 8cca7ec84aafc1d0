"""What the format readers share: line splitting, size bounds and the puzzle builder.

A reader walks the text line by line and hands every cell to a :class:`GridBuilder`,
which remembers where each label was written, so that a label seen once or three
times is reported at the line and column (both 1-based) where it stands.

>>> b = GridBuilder(3, 1)
>>> b.label("7", 0, 0, line=1, column=1)
>>> b.label("7", 0, 2, line=1, column=5)
>>> b.build().endpoints["7"]
((0, 0), (0, 2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from numberlink_sat.bounds import MAX_CELLS
from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import MAX_SIDE, Puzzle

__all__ = [
    "MAX_CELLS",
    "GridBuilder",
    "Line",
    "check_size",
    "end_of",
    "is_blank",
    "line_column",
    "single_block",
    "split_lines",
    "token_spans",
]


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class Line:
    """One line of the input without its line break; ``number`` is 1-based."""

    number: int
    text: str


def split_lines(text: str) -> list[Line]:
    """The lines of ``text`` (LF, CRLF or CR breaks), numbered from 1; a BOM is dropped.

    >>> [(ln.number, ln.text) for ln in split_lines("a\\r\\nb\\n")]
    [(1, 'a'), (2, 'b')]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    parts = _LINE_BREAK.split(text)
    if parts and parts[-1] == "":
        parts.pop()
    return [Line(i + 1, part) for i, part in enumerate(parts)]


def is_blank(line: Line) -> bool:
    """Whether the line holds only white space."""
    return not line.text.strip()


def token_spans(text: str) -> list[tuple[str, int]]:
    """The white-space separated tokens of ``text`` with their 1-based start columns.

    >>> token_spans(" 12 .  X")
    [('12', 2), ('.', 5), ('X', 8)]
    """
    return [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]


def check_size(
    width: int,
    height: int,
    line: int,
    width_column: int,
    height_column: int,
) -> None:
    """Raise :class:`ParseError` unless ``1 <= width, height <= MAX_SIDE`` and the board is
    at most :data:`MAX_CELLS` cells; the error points at the offending number."""
    for name, value, column in (("width", width, width_column), ("height", height, height_column)):
        if not 1 <= value <= MAX_SIDE:
            raise ParseError(f"{name} {value} is out of range 1..{MAX_SIDE}", line, column)
    if width * height > MAX_CELLS:
        raise ParseError(
            f"a {width}x{height} board has {width * height} cells, more than {MAX_CELLS}",
            line,
            width_column,
        )


@dataclass
class GridBuilder:
    """Collects the cells of one puzzle and checks that every label appears exactly twice."""

    width: int
    height: int
    blocked: list[Cell] = field(default_factory=list)
    _ends: dict[str, list[tuple[Cell, int, int]]] = field(default_factory=dict)
    _taken: dict[Cell, tuple[str, int, int]] = field(default_factory=dict)

    def label(self, label: str, row: int, col: int, *, line: int, column: int) -> None:
        """Record ``label`` at ``(row, col)``, written at ``line``/``column`` of the text.

        Only formats that list ends (adc, json) can name one cell twice; that is an error
        at the second mention.
        """
        self._take(row, col, f"label {label!r}", line, column)
        seen = self._ends.setdefault(label, [])
        if len(seen) == 2:
            where = " and ".join(f"line {ln}, column {co}" for _, ln, co in seen)
            raise ParseError(
                f"label {label!r} appears a third time (already at {where}); "
                "every label needs exactly two cells",
                line,
                column,
            )
        seen.append(((row, col), line, column))

    def block(self, row: int, col: int, *, line: int = 0, column: int = 0) -> None:
        """Record a blocked cell (``line``/``column`` where it is written, if known)."""
        if line:
            self._take(row, col, "a block", line, column)
        self.blocked.append((row, col))

    def _take(self, row: int, col: int, what: str, line: int, column: int) -> None:
        if (row, col) in self._taken:
            other, at_line, at_column = self._taken[(row, col)]
            raise ParseError(
                f"cell (row {row}, column {col}) is given twice: it already holds {other} "
                f"(line {at_line}, column {at_column})",
                line,
                column,
            )
        self._taken[(row, col)] = (what, line, column)

    def build(self) -> Puzzle:
        """The puzzle; a label seen only once is a :class:`ParseError` at its position."""
        for label, seen in self._ends.items():
            if len(seen) == 1:
                _, line, column = seen[0]
                raise ParseError(
                    f"label {label!r} appears only once; every label needs exactly two cells",
                    line,
                    column,
                )
        first = min((s[0][1:] for s in self._ends.values()), default=(1, 1))
        try:
            return Puzzle(
                self.width,
                self.height,
                {label: (seen[0][0], seen[1][0]) for label, seen in self._ends.items()},
                self.blocked,
            )
        except InvalidPuzzleError as exc:  # pragma: no cover - the checks above prevent it
            raise ParseError(str(exc), *first) from exc


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of character ``offset`` in ``text`` (any line breaks).

    >>> line_column("ab\\ncd", 4)
    (2, 2)
    """
    before = text[:offset]
    breaks = list(_LINE_BREAK.finditer(before))
    if not breaks:
        return 1, offset + 1
    return len(breaks) + 1, offset - breaks[-1].end() + 1


def single_block(lines: list[Line], format_name: str) -> list[Line]:
    """The non-blank lines of a one-puzzle text, with leading and trailing blank lines
    dropped; rows after a blank line are a second puzzle, a :class:`ParseError`."""
    rows: list[Line] = []
    gap: Line | None = None
    for line in lines:
        if is_blank(line):
            if rows:
                gap = line
            continue
        if gap is not None:
            raise ParseError(
                f"more rows after the blank line {gap.number}: the {format_name} format holds "
                "one puzzle per text (the wh format holds several; read() returns them all)",
                line.number,
                1,
            )
        rows.append(line)
    if not rows:
        raise ParseError("empty input: no puzzle rows", 1, 1)
    return rows


def end_of(lines: list[Line]) -> int:
    """The line number just past the last line (where "end of input" errors point)."""
    return lines[-1].number + 1 if lines else 1
