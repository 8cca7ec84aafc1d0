"""The ``puzzlink`` format: puzz.link (pzprjs) URLs of Numberlink and Arukone, one a line.

A URL ``https://puzz.link/p?numlin/W/H/BODY`` is a whole puzzle: ``W`` columns, ``H``
rows and the clue numbers of the cells in row-major order, written in pzprjs's
``number16`` cell code (see :func:`decode_number16`). ``numberlink`` is another name
of ``numlin``; ``arukone/W/H/BODY`` is the Arukone genre, and ``arukone/e/W/H/BODY``
its variant where cells may stay empty. Any host is read (``puzz.link/p``,
``pzv.jp/p.html``, a local copy); the writer uses ``https://puzz.link/p``.

Labels are the clue numbers as written in decimal (``"12"`` for the code ``c``). A
puzzle read here carries the genre's rule (``Puzzle.rules``): ``numlin`` is the
Nikoli rule (cells may stay empty, paths may touch), ``arukone`` asks every cell to be
used unless its flag part holds ``e``; neither forbids touching. ``Puzzle.genre``
keeps ``"numlin"`` or ``"arukone"``, so that the writer gives an Arukone URL back.

A URL may also carry a whole pzprv3 file, answer included (``p?pzprv3/numlin/...``,
as puzz.link links a board in progress): it reads as that file does.

A text may hold several URLs, one a line (blank lines and lines starting with ``#``
are skipped); every reading error names the line and the column of the URL.

>>> p = read_puzzles("https://puzz.link/p?numlin/5/1/1h1g")[0]
>>> p.width, p.height, dict(p.endpoints), p.rules.fill
(5, 1, {'1': ((0, 0), (0, 3))}, False)
>>> write_puzzle(p)
'https://puzz.link/p?numlin/5/1/1h1g\\n'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import unquote

from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.formats._common import check_size, split_lines
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.rules import RuleOptions

__all__ = [
    "ARUKONE_MAX",
    "GENRES",
    "MAX_CLUE",
    "NAME",
    "check_writable",
    "clue_puzzle",
    "decode_number16",
    "encode_number16",
    "genre_rules",
    "looks_like_url",
    "parse_url",
    "read_embedded",
    "read_puzzles",
    "to_url",
    "write_puzzle",
]

NAME = "puzzlink"

GENRES = {"numlin": "numlin", "numberlink": "numlin", "arukone": "arukone"}
"""Genre names in a URL -> the genre they mean."""

MAX_CLUE = 77776 + 0xFFFFF
"""Largest number ``number16`` can write (``$`` and five hex digits)."""

ARUKONE_MAX = 52
"""Largest Arukone clue: pzprjs shows its clues as letters, ``A``-``Z`` then ``a``-``z``."""

BASE_URL = "https://puzz.link/p?"

# number16: lead character -> (hex digits after it, value added)
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
         "*": (4, 12240), "$": (5, 77776)}
_HEX = frozenset("0123456789abcdefABCDEF")
_FIRST_RUN, _LAST_RUN = "g", "z"
_MAX_RUN = ord(_LAST_RUN) - ord(_FIRST_RUN) + 1
_URL = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*://)?[^\s?]*\?[^\s/]*/\S*")
_OPTION = re.compile(r"(?:\w+=\w*&)*")
_FILE_QUERY = re.compile(r"pzprv3(?:\.\d+)?/")
T = TypeVar("T")


def looks_like_url(text: str) -> bool:
    """Whether the first line of ``text`` that is neither blank nor a ``#`` comment is
    one word with a ``?`` query holding a ``/`` (a URL such as puzz.link writes).

    >>> looks_like_url("https://puzz.link/p?numlin/2/1/11"), looks_like_url("1 . 1")
    (True, False)
    """
    for line in split_lines(text):
        stripped = line.text.strip()
        if stripped and not stripped.startswith("#"):
            return _URL.fullmatch(stripped) is not None
    return False


def genre_rules(genre: str, flags: str = "") -> RuleOptions:
    """The rule a puzz.link genre states: ``numlin`` the Nikoli rule (no fill),
    ``arukone`` fill unless ``flags`` holds ``e``; touching is allowed in both.

    >>> genre_rules("arukone").fill, genre_rules("arukone", "e").fill
    (True, False)
    """
    if genre == "arukone":
        return RuleOptions(fill="e" not in flags)
    return RuleOptions(fill=False)


def decode_number16(
    body: str, width: int, height: int, *, line: int = 1, column: int = 1
) -> dict[Cell, int]:
    """The clue numbers of a ``number16`` body, by cell; errors name the position.

    Each cell is ``0``-``9``/``a``-``f`` (one hex digit), ``-`` and two hex digits,
    ``+`` and three, ``=`` three (+4096), ``%`` or ``@`` three (+8192), ``*`` four
    (+12240) or ``$`` five (+77776); ``.`` is a ``?`` clue (refused here: a Numberlink
    clue needs its number); ``g``..``z`` skip 1..20 empty cells. The body must cover
    exactly ``width x height`` cells. ``column`` is where the body starts in its line.

    >>> decode_number16("1h-1cg", 5, 1)
    {(0, 0): 1, (0, 3): 28}
    """
    return {
        cell: value
        for cell, (value, _) in _decode(body, width, height, line, column).items()
    }


def _decode(
    body: str, width: int, height: int, line: int, column: int
) -> dict[Cell, tuple[int, int]]:
    """Cell -> (clue value, column where it is written)."""
    total = width * height
    clues: dict[Cell, tuple[int, int]] = {}
    cell = i = 0
    while i < len(body):
        char = body[i]
        if cell >= total:
            raise ParseError(
                f"the body goes on past the last of the {width}x{height} = {total} cells "
                f"(body position {i + 1}: {body[i:i + 8]!r})",
                line,
                column + i,
            )
        if _FIRST_RUN <= char <= _LAST_RUN:
            run = ord(char) - ord(_FIRST_RUN) + 1
            if cell + run > total:
                raise ParseError(
                    f"{char!r} skips {run} empty cells from cell {_name(cell, width)}, "
                    f"past the last of the {width}x{height} cells (body position {i + 1})",
                    line,
                    column + i,
                )
            cell += run
            i += 1
            continue
        value, size = _read_number(body, i, cell, width, line, column)
        clues[divmod(cell, width)] = (value, column + i)
        cell += 1
        i += size
    if cell < total:
        raise ParseError(
            f"the body ends after {cell} of the {width}x{height} = {total} cells "
            f"(at body position {len(body) + 1}; the next cell is {_name(cell, width)}): "
            "is the URL cut short?",
            line,
            column + len(body),
        )
    return clues


def _name(cell: int, width: int) -> str:
    r, c = divmod(cell, width)
    return f"(row {r}, column {c})"


def _read_number(
    body: str, i: int, cell: int, width: int, line: int, column: int
) -> tuple[int, int]:
    """The clue value at ``body[i]`` and how many characters it takes."""
    char = body[i]
    where = f"cell {_name(cell, width)}, body position {i + 1}"
    if char in "0123456789abcdef":
        value, size = int(char, 16), 1
    elif char in _WIDE:
        digits, offset = _WIDE[char]
        code = body[i + 1 : i + 1 + digits]
        if len(code) < digits or not set(code) <= _HEX:
            raise ParseError(
                f"{char!r} needs {digits} hex digits after it, found {code!r} ({where}); "
                "is the URL cut short?",
                line,
                column + i,
            )
        value, size = int(code, 16) + offset, 1 + digits
    elif char == ".":
        raise ParseError(
            f"a '?' clue ('.') at {where}: a Numberlink clue needs its number",
            line,
            column + i,
        )
    else:
        raise ParseError(
            f"unknown character {char!r} at {where}: number16 cells are 0-9, a-f, '-', "
            "'+', '=', '%', '@', '*', '$' (numbers), '.' ('?') or g-z (empty runs)",
            line,
            column + i,
        )
    if value == 0:
        raise ParseError(f"clue 0 at {where}: clue numbers start at 1", line, column + i)
    return value, size


def encode_number16(values: dict[Cell, int], width: int, height: int) -> str:
    """The ``number16`` body of clue ``values`` (by cell) on a ``width x height`` board.

    >>> encode_number16({(0, 0): 1, (0, 3): 28}, 5, 1)
    '1h-1cg'
    """
    out: list[str] = []
    done = 0  # cells written so far, row-major
    for index, value in sorted((r * width + c, v) for (r, c), v in values.items()):
        out.append(_skip(index - done))
        out.append(_write_number(value))
        done = index + 1
    out.append(_skip(width * height - done))
    return "".join(out)


def _skip(count: int) -> str:
    """The run letters that skip ``count`` empty cells (``z`` is 20 of them)."""
    whole, rest = divmod(count, _MAX_RUN)
    return _LAST_RUN * whole + (chr(ord(_FIRST_RUN) + rest - 1) if rest else "")


# number16 writing: (first value past the range, lead, value subtracted, hex digits)
_WRITE = ((16, "", 0, 1), (256, "-", 0, 2), (4096, "+", 0, 3), (8192, "=", 4096, 3),
          (12240, "@", 8192, 3), (77776, "*", 12240, 4), (MAX_CLUE + 1, "$", 77776, 5))


def _write_number(value: int) -> str:
    for limit, lead, offset, digits in _WRITE:
        if value < limit:
            return f"{lead}{value - offset:0{digits}x}"
    raise InvalidPuzzleError(f"clue {value} is past {MAX_CLUE}, the largest number16 holds")


def _split_query(url: str, line: int, column: int) -> tuple[str, int]:
    """The part after ``?`` (and after ``type=...&`` options) and its column."""
    if _URL.fullmatch(url) is None:
        raise ParseError(
            "not a puzz.link URL: expected https://puzz.link/p?GENRE/W/H/BODY", line, column
        )
    start = url.index("?") + 1
    options = _OPTION.match(url, start)
    if options is not None:
        start = options.end()
    return url[start:], column + start


def read_embedded(
    url: str, read: Callable[[str], T], *, line: int = 1, column: int = 1
) -> T | None:
    """``read`` applied to the pzprv3 file a URL carries (puz.link's
    ``p?pzprv3/GENRE/ROWS/COLS/...`` form, percent-decoded), or ``None`` when the URL
    is not of that form. Errors point into the URL (at the start of the file part
    when percent-escapes moved the places).

    >>> from numberlink_sat.numberlink.formats.pzprv3 import read_pzprv3
    >>> found = read_embedded("https://puzz.link/p?pzprv3/numlin/1/2/1%201%20/1%20/", read_pzprv3)
    >>> sorted(found.lines)
    [((0, 0), (0, 1))]
    """
    query, at = _split_query(url.strip(), line, column)
    if _FILE_QUERY.match(query) is None:
        return None
    text = unquote(query)
    try:
        return read(text)
    except ParseError as exc:
        if text == query and exc.line == 1 and exc.column is not None:
            raise ParseError(exc.message, line, at + exc.column - 1) from None
        raise ParseError(f"in the pzprv3 file of the URL: {exc}", line, at) from None


def parse_url(url: str, *, line: int = 1, column: int = 1) -> Puzzle:
    """The puzzle of one puzz.link URL (``column``: where it starts in its line).

    >>> parse_url("http://pzv.jp/p.html?arukone/e/3/1/1g1").rules.fill
    False
    """
    from numberlink_sat.numberlink.formats.pzprv3 import read_pzprv3

    embedded = read_embedded(url, read_pzprv3, line=line, column=column)
    if embedded is not None:
        return embedded.puzzle
    query, at = _split_query(url, line, column)
    parts = query.split("/")
    spans: list[tuple[str, int]] = []
    for part in parts:
        spans.append((part, at))
        at += len(part) + 1
    pid, pid_column = spans.pop(0)
    genre = GENRES.get(re.sub(r"_(edit|play)$", "", pid))
    if genre is None:
        known = ", ".join(GENRES)
        raise ParseError(f"unknown genre {pid!r}: this reader knows {known}", line, pid_column)
    flags = _read_flags(spans, genre, line)
    width, height = _read_size(spans, line, at - 1)
    if spans and spans[-1][0] == "" and len(spans) > 1:
        spans.pop()  # pzprjs may end a URL with '/'
    if not spans:
        raise ParseError("the body is missing after W/H: is the URL cut short?", line, at - 1)
    if len(spans) > 1:
        raise ParseError(
            "unexpected '/' in the body: it is one part after W/H", line, spans[1][1] - 1
        )
    body, body_column = spans[0]
    by_value: dict[int, list[tuple[Cell, int]]] = {}
    for cell, (value, where) in _decode(body, width, height, line, body_column).items():
        by_value.setdefault(value, []).append((cell, where))

    def error(message: str, column: int) -> ParseError:
        return ParseError(message, line, column)

    return clue_puzzle(width, height, by_value, genre, "e" not in flags, error)


def _read_flags(spans: list[tuple[str, int]], genre: str, line: int) -> str:
    """Pop the flag part (before W/H) if there is one and check it."""
    if not spans or spans[0][0].isdigit():
        return ""
    flags, column = spans.pop(0)
    if flags.startswith("v:"):
        raise ParseError(f"{genre} has no variants ({flags!r})", line, column)
    allowed = "e" if genre == "arukone" else ""
    bad = [ch for ch in flags if ch not in allowed]
    if bad or not flags:
        what = "its only flag is 'e' (cells may stay empty)" if allowed else "it takes no flag"
        raise ParseError(
            f"{genre}: {what}; found {flags!r} where the width or a flag is expected",
            line,
            column + (flags.index(bad[0]) if bad else 0),
        )
    return flags


def _read_size(spans: list[tuple[str, int]], line: int, end: int) -> tuple[int, int]:
    """Pop and check the width and height parts."""
    numbers: list[tuple[int, int]] = []
    for what in ("width", "height"):
        if not spans:
            raise ParseError(f"the {what} is missing: is the URL cut short?", line, end)
        text, column = spans.pop(0)
        if not text.isdigit() or not text.isascii():
            raise ParseError(f"the {what} must be a whole number, not {text!r}", line, column)
        numbers.append((int(text), column))
    (width, width_column), (height, height_column) = numbers
    check_size(width, height, line, width_column, height_column)
    return width, height


def clue_puzzle(
    width: int,
    height: int,
    clues: dict[int, list[tuple[Cell, int]]],
    genre: str,
    fill: bool,
    error: Callable[[str, int], ParseError],
) -> Puzzle:
    """The puzzle of clue number -> its cells (each with where it is written), checked:
    every number twice, Arukone numbers at most :data:`ARUKONE_MAX`; ``error(message,
    where)`` makes the :class:`ParseError` (shared by the URL and the file reader)."""
    for value, where in clues.items():
        if genre == "arukone" and value > ARUKONE_MAX:
            raise error(
                f"arukone clue {value} at {_cell_name(where[0][0])} is past {ARUKONE_MAX} "
                "(pzprjs writes arukone clues as letters A-Z, a-z)",
                where[0][1],
            )
        if len(where) != 2:
            count = "only once" if len(where) == 1 else f"{len(where)} times"
            raise error(
                f"clue {value} appears {count}, at "
                + ", ".join(_cell_name(c) for c, _ in where)
                + "; every number must appear exactly twice",
                where[min(2, len(where) - 1)][1],
            )
    return Puzzle(
        width,
        height,
        {str(value): (a[0], b[0]) for value, (a, b) in sorted(clues.items())},
        rules=genre_rules(genre, "" if fill else "e"),
        genre=genre,
    )


def _cell_name(cell: Cell) -> str:
    return f"(row {cell[0]}, column {cell[1]})"


def read_puzzles(text: str) -> list[Puzzle]:
    """Every URL of ``text``, one a line (blank lines and ``#`` lines skipped)."""
    puzzles = []
    for line in split_lines(text):
        stripped = line.text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        column = line.text.index(stripped) + 1
        puzzles.append(parse_url(stripped, line=line.number, column=column))
    if not puzzles:
        raise ParseError("empty input: no URL", 1, 1)
    return puzzles


def _clue_number(label: str) -> int | None:
    if not label.isascii() or not label.isdigit() or label != str(int(label)):
        return None
    return int(label)


def check_writable(puzzle: Puzzle, format_name: str = NAME) -> None:
    """Raise :class:`InvalidPuzzleError` unless ``puzzle`` fits a URL (or a pzprv3
    file): no blocked cells, every label a positive whole number in plain decimal (at
    most :data:`MAX_CLUE`, :data:`ARUKONE_MAX` for an Arukone puzzle). Labels are
    never renumbered silently."""
    if puzzle.blocked:
        raise InvalidPuzzleError(
            f"the {format_name} format cannot hold blocked cells (puzz.link's numlin has "
            f"none); {len(puzzle.blocked)} cells are blocked"
        )
    top = ARUKONE_MAX if puzzle.genre == "arukone" else MAX_CLUE
    for label in puzzle.labels:
        number = _clue_number(label)
        if number is None or not 1 <= number <= top:
            raise InvalidPuzzleError(
                f"the {format_name} format cannot hold label {label!r}: a clue there is a "
                f"whole number 1..{top} written plainly (relabel the puzzle first)"
            )


def to_url(puzzle: Puzzle) -> str:
    """The puz.link URL of ``puzzle``: ``numlin`` unless it was read as Arukone, then
    ``arukone`` (with the ``e`` flag when its rules do not ask for fill).

    >>> to_url(Puzzle(3, 1, {"2": ((0, 0), (0, 2))}))
    'https://puzz.link/p?numlin/3/1/2g2'
    """
    check_writable(puzzle)
    values = {cell: int(label) for cell, label in puzzle.label_at.items()}
    body = encode_number16(values, puzzle.width, puzzle.height)
    genre = "arukone" if puzzle.genre == "arukone" else "numlin"
    flag = "e/" if genre == "arukone" and puzzle.rules is not None and not puzzle.rules.fill else ""
    return f"{BASE_URL}{genre}/{flag}{puzzle.width}/{puzzle.height}/{body}"


def write_puzzle(puzzle: Puzzle) -> str:
    """The URL of ``puzzle`` and a newline."""
    return to_url(puzzle) + "\n"
