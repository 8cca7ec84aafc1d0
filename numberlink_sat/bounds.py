"""The size bounds every constructor, reader and generator applies, before allocating.

One bound on cells covers the three puzzles: :data:`MAX_CELLS` (25 million), far beyond
what any engine here solves, small enough that a board of that size fits in memory.
Number Chain's ``K`` is bounded by the same figure (a label ``K - 1`` larger than the
cell count could never be reached anyway), and JSON input may nest at most
:data:`MAX_JSON_DEPTH` levels. A violation is an
:class:`~numberlink_sat.errors.InvalidPuzzleError` naming the size.

>>> check_cells(5000, 5000, "board")
>>> try:
...     check_cells(100_000, 100_000, "board")
... except InvalidPuzzleError as err:
...     print(err)
a 100000x100000 board has 10000000000 cells, more than the 25000000 accepted
>>> json_depth('{"rows": [[1, 2], [2, 1]]}')
3
"""

from __future__ import annotations

import re

from numberlink_sat.errors import InvalidPuzzleError

__all__ = ["MAX_CELLS", "MAX_CHAIN_K", "MAX_JSON_DEPTH", "check_cells", "json_depth"]

MAX_CELLS = 25_000_000
"""Largest board, in cells (width x height), of any puzzle."""

MAX_CHAIN_K = MAX_CELLS
"""Largest Number Chain ``K``."""

MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays and objects a JSON reader accepts."""


_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def check_cells(width: int, height: int, what: str = "board") -> None:
    """Raise :class:`InvalidPuzzleError` when ``width * height`` exceeds :data:`MAX_CELLS`."""
    cells = width * height
    if cells > MAX_CELLS:
        raise InvalidPuzzleError(
            f"a {width}x{height} {what} has {cells} cells, more than the {MAX_CELLS} accepted")


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text`` (strings skipped)."""
    depth = deepest = 0
    for match in _BRACKET_OR_STRING.finditer(text):
        ch = match.group()
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest
