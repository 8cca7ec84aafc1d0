"""Reading and writing Numberlink puzzles and solutions in every supported text format.

============  ==========================================================================
format        what it is
============  ==========================================================================
``tokens``    cells separated by white space; ``.`` empty, ``X``/``#`` blocked
``compact``   one character per cell; ``.`` empty, ``X``/``#`` blocked
``pipes``     a pipe table, ``| v |`` per cell, ``| |`` empty, ``| X |`` blocked
``wh``        Ahle's files: ``W H`` header per puzzle, ``#`` blocked, ``X`` a label
``flow``      Zucker's Flow Free files: square, letters are labels, no blocked cells
``colsrows``  znumlin files: ``COLS ROWS`` header, digit runs are labels
``adc``       the contest's ``SIZE WxH`` / ``LINE#k (x,y)-(x,y)`` form (2-D only)
``json``      ``{"width", "height", "blocked", "endpoints"}``
``puzzlink``  puzz.link URLs ``https://puzz.link/p?numlin/W/H/BODY``, one a line
``pzprv3``    the file puzz.link saves: the board, then its answer as edge marks
============  ==========================================================================

Solutions have two formats (:data:`SOLUTION_FORMATS`): ``json`` (the paths, see
:mod:`~numberlink_sat.numberlink.formats.solution`) and ``pzprv3`` (the board with
the paths drawn, as puzz.link opens it).

``format="auto"`` picks one by :func:`detect_format`; an explicit format always wins.
Every reading error is a :class:`~numberlink_sat.errors.ParseError` naming the line
and column; a puzzle that a format cannot hold is an
:class:`~numberlink_sat.errors.InvalidPuzzleError` from :func:`format_puzzle`.

>>> p = parse("1 . 1\\n. X .")
>>> print(format_puzzle(p, "compact"), end="")
1.1
.X.
>>> parse(format_puzzle(p, "wh"), "wh") == p
True
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink.formats import (
    adc,
    colsrows,
    compact,
    flow,
    jsonfmt,
    pipes,
    puzzlink,
    pzprv3,
    tokens,
    wh,
)
from numberlink_sat.numberlink.formats import solution as _json_solution
from numberlink_sat.numberlink.formats._common import (
    Line,
    is_blank,
    line_column,
    split_lines,
    token_spans,
)
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = [
    "FORMATS",
    "SOLUTION_FORMATS",
    "AmbiguousFormatWarning",
    "can_hold",
    "detect_format",
    "format_puzzle",
    "format_solution",
    "parse",
    "parse_solution",
    "read",
    "read_text",
]

_MODULES: dict[str, ModuleType] = {
    module.NAME: module
    for module in (tokens, compact, pipes, wh, flow, colsrows, adc, jsonfmt, puzzlink, pzprv3)
}

FORMATS: tuple[str, ...] = tuple(_MODULES)
"""Every format name, in the order of the table above."""

_READERS: dict[str, Callable[[str], list[Puzzle]]] = {
    name: module.read_puzzles for name, module in _MODULES.items()
}
_WRITERS: dict[str, Callable[[Puzzle], str]] = {
    name: module.write_puzzle for name, module in _MODULES.items()
}

_SIZE_LINE = re.compile(r"\s*SIZE\s", re.IGNORECASE)


class AmbiguousFormatWarning(UserWarning):
    """``format="auto"`` found a text that reads validly in two formats and chose one."""


def _first_header(lines: list[Line]) -> tuple[int, re.Match[str]] | None:
    """Index and match of the first non-comment line if it is a two-integer header."""
    for index, line in enumerate(lines):
        if is_blank(line) or line.text.lstrip().startswith("#"):
            continue
        match = colsrows.HEADER.match(line.text)
        return (index, match) if match else None
    return None


def _rows_fit(lines: list[Line], width: int, height: int) -> bool:
    """Whether the next ``height`` non-blank lines hold ``width`` tokens each."""
    rows = [ln for ln in lines if not is_blank(ln)][:height]
    return len(rows) == height and all(len(token_spans(r.text)) == width for r in rows)


def detect_format(text: str) -> str:
    """The format ``format="auto"`` reads ``text`` in, by the order of the table above.

    A first line (past ``#`` comments) that is a URL with a ``?`` query ->
    ``puzzlink``; a first line ``pzprv3`` -> ``pzprv3``;
    a line starting with ``|`` -> ``pipes``; a ``SIZE`` line -> ``adc``; a JSON object
    -> ``json``; a first non-comment line of two integers followed by rows of one
    character per cell -> ``wh``, or by rows of that many white-space separated tokens
    -> ``colsrows``; rows with white space -> ``tokens``; else ``compact`` (never
    ``flow``, which reads the same but for ``X``). When a ``colsrows`` text also reads
    as a token grid, an :class:`AmbiguousFormatWarning` says so.

    >>> detect_format("2 2\\n1.\\n.1"), detect_format("1 . 1"), detect_format("1.1")
    ('wh', 'tokens', 'compact')
    """
    lines = split_lines(text)
    content = [ln for ln in lines if not is_blank(ln)]
    if not content:
        raise ParseError("empty input: no puzzle", 1, 1)
    first = content[0].text.lstrip()
    if puzzlink.looks_like_url(text):
        return puzzlink.NAME
    if pzprv3.looks_like_pzprv3(text):
        return pzprv3.NAME
    if first.startswith("|"):
        return pipes.NAME
    if _SIZE_LINE.match(first):
        return adc.NAME
    if first.startswith("{"):
        return jsonfmt.NAME
    header = _first_header(lines)
    if header is not None:
        index, match = header
        after = [ln for ln in lines[index + 1 :] if not is_blank(ln)]
        comma = bool(match.group(2))
        if after and not comma and len(token_spans(after[0].text)) == 1:
            return wh.NAME
        a, b = int(match.group(1)), int(match.group(3))
        width, height = (b, a) if comma else (a, b)
        if comma or (width >= 1 and _rows_fit(after, width, height)):
            if not comma and _reads_as(text, tokens.NAME):
                warnings.warn(
                    f"the first line {content[0].text.strip()!r} reads as a 'COLS ROWS' "
                    "header (format 'colsrows') and as the first row of a token grid "
                    "(format 'tokens'); reading it as colsrows; name the format to choose",
                    AmbiguousFormatWarning,
                    stacklevel=3,
                )
            return colsrows.NAME
    if any(ch.isspace() for ch in content[0].text.strip()):
        return tokens.NAME
    return compact.NAME


def _reads_as(text: str, name: str) -> bool:
    try:
        _READERS[name](text)
    except ParseError:
        return False
    return True


def _check_format(name: str, *, allow_auto: bool) -> str:
    """``name`` if it is a format (or ``auto`` when reading), else a :class:`ParseError`:
    at line 1, column 1 when reading (every reading error names a place), without a
    place when writing."""
    if name == "auto" and allow_auto:
        return name
    if name not in _MODULES:
        choices = ", ".join((("auto",) if allow_auto else ()) + FORMATS)
        message = f"unknown format {name!r}; choose one of {choices}"
        if allow_auto:
            raise ParseError(message, 1, 1)
        raise ParseError(message)
    return name


def read_text(text: str, format: str = "auto") -> list[Puzzle]:
    """Every puzzle in ``text`` (several only in the ``wh`` format), in order."""
    name = _check_format(format, allow_auto=True)
    text = text.removeprefix("\ufeff")
    if name == "auto":
        name = detect_format(text)
    return _READERS[name](text)


def parse(text: str, format: str = "auto") -> Puzzle:
    """The one puzzle in ``text``; several puzzles are a :class:`ParseError` (use
    :func:`read` or :func:`read_text` for those).

    >>> parse("X.\\n.X", "flow").labels
    ('X',)
    >>> parse("3 1\\nX.X\\n3 1\\nY.Y")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.ParseError: line 3, column 1: the text holds 2 puzzles where one ...
    """
    puzzles = read_text(text, format)
    if len(puzzles) > 1:
        second = _second_puzzle_line(text)
        raise ParseError(
            f"the text holds {len(puzzles)} puzzles where one is expected; "
            "use numberlink_sat.read() (or read_text()) to get them all",
            second,
            1,
        )
    return puzzles[0]


def _second_puzzle_line(text: str) -> int:
    """The line of the second ``W H`` header of a wh text, or of the second URL of a
    puzzlink text (1 if none is found)."""
    count = 0
    lines = split_lines(text)
    urls = [ln.number for ln in lines if puzzlink.looks_like_url(ln.text)]
    if len(urls) > 1:
        return urls[1]
    index = 0
    while index < len(lines):
        match = wh.HEADER.match(lines[index].text)
        if match and not lines[index].text.lstrip().startswith("#"):
            count += 1
            if count == 2:
                return lines[index].number
            index += 1 + int(match.group(2))
            continue
        index += 1
    return 1


def read(path: str | Path, format: str = "auto") -> list[Puzzle]:
    """Every puzzle in the file at ``path`` (UTF-8), in order.

    A byte that is not UTF-8 is a :class:`ParseError` at its line and column.
    """
    _check_format(format, allow_auto=True)
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} is not UTF-8 text", *line_column(good, len(good))
        ) from None
    return read_text(text, format)


def can_hold(puzzle: Puzzle, format: str) -> bool:
    """Whether :func:`format_puzzle` can write ``puzzle`` in ``format``.

    >>> p = parse("12 . 12")
    >>> can_hold(p, "tokens"), can_hold(p, "compact")
    (True, False)
    """
    name = _check_format(format, allow_auto=False)
    check = getattr(_MODULES[name], "check_writable", None)
    if check is None:
        return True
    try:
        check(puzzle)
    except ValueError:
        return False
    return True


def format_puzzle(puzzle: Puzzle, format: str = "tokens") -> str:
    """``puzzle`` as text in ``format`` (one of :data:`FORMATS`), ending with a newline.

    A puzzle the format cannot hold (a two-character label in a one-character format,
    blocked cells where the format has none, a non-square board in ``flow``, a label
    that is one of the format's symbols) raises
    :class:`~numberlink_sat.errors.InvalidPuzzleError`. Parsing the text in the same
    format gives ``puzzle`` back.
    """
    name = _check_format(format, allow_auto=False)
    return _WRITERS[name](puzzle)


SOLUTION_FORMATS: tuple[str, ...] = ("json", pzprv3.NAME)
"""The solution formats: ``json`` (paths, optionally a label grid) and ``pzprv3``."""


def _check_solution_format(name: str, *, allow_auto: bool) -> str:
    if name in SOLUTION_FORMATS or (allow_auto and name == "auto"):
        return name
    choices = ", ".join((("auto",) if allow_auto else ()) + SOLUTION_FORMATS)
    message = f"unknown solution format {name!r}; choose one of {choices}"
    if allow_auto:
        raise ParseError(message, 1, 1)
    raise ParseError(message)


def parse_solution(text: str, format: str = "auto") -> Solution:
    """The :class:`~numberlink_sat.numberlink.model.Solution` of a solution text:
    ``json`` (see :func:`numberlink_sat.numberlink.formats.solution.parse_solution`)
    or ``pzprv3`` (the lines drawn in a puzz.link file; cross marks are not lines).
    ``auto`` reads a text whose first line is ``pzprv3`` (or a puzz.link URL that
    carries a pzprv3 file) as ``pzprv3``, else ``json``.

    >>> parse_solution("pzprv3/numlin/1/2/1 1 /1 /").paths
    mappingproxy({'1': ((0, 0), (0, 1))})
    """
    name = _check_solution_format(format, allow_auto=True)
    if name != "json" and puzzlink.looks_like_url(text):
        line = next(ln for ln in split_lines(text) if not is_blank(ln))
        column = len(line.text) - len(line.text.lstrip()) + 1
        found = puzzlink.read_embedded(
            line.text, pzprv3.parse_solution, line=line.number, column=column
        )
        if found is not None:
            return found
    if name == "pzprv3" or (name == "auto" and pzprv3.looks_like_pzprv3(text)):
        return pzprv3.parse_solution(text)
    return _json_solution.parse_solution(text)


def format_solution(
    solution: Solution,
    format: str = "json",
    *,
    grid: bool = True,
    puzzle: Puzzle | None = None,
) -> str:
    """``solution`` as text in a solution format (:data:`SOLUTION_FORMATS`).

    ``json``: the paths, and with ``grid`` the label grid (see
    :func:`numberlink_sat.numberlink.formats.solution.format_solution`; ``puzzle``
    marks its blocked cells). ``pzprv3``: the board with the paths drawn, for
    puzz.link to open; ``puzzle`` gives its genre (Arukone or numlin) and must have
    plain number labels and no blocked cells
    (:class:`~numberlink_sat.errors.InvalidPuzzleError` otherwise).

    >>> s = Solution(2, 1, {"1": [(0, 0), (0, 1)]})
    >>> format_solution(s, "pzprv3").split("\\n")[4:6]
    ['1 1 ', '1 ']
    """
    name = _check_solution_format(format, allow_auto=False)
    if name == "pzprv3":
        return pzprv3.write_solution(solution, puzzle)
    return _json_solution.format_solution(solution, grid=grid, puzzle=puzzle)
