"""The board vocabulary: cells, indices, neighbours, edges and walking paths.

Cells are ``(row, col)`` tuples, rows from the top and columns from the left, 0-based.
Where speed matters a cell is an *index* ``row * width + col`` (row-major), an edge a
pair of indices, smaller first (:data:`IndexEdge`). Nothing here knows about puzzles
or SAT: every puzzle family and engine builds on it.

>>> cell_index((1, 2), width=3), index_cell(5, width=3)
(5, (1, 2))
>>> list(orthogonal_neighbours((0, 0), 2, 3))
[(0, 1), (1, 0)]
>>> index_edges(2, 2)
[(0, 1), (0, 2), (1, 3), (2, 3)]
>>> walk_path(0, adjacency([(0, 1), (1, 3), (3, 2)]))
[0, 1, 3, 2]
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

__all__ = [
    "KING_STEPS",
    "ORTHOGONAL_STEPS",
    "Cell",
    "Edge",
    "IndexEdge",
    "adjacency",
    "cell_index",
    "forward_neighbours",
    "index_cell",
    "index_edge",
    "index_edges",
    "index_neighbours",
    "orthogonal_neighbours",
    "unit_squares",
    "walk_path",
]

Cell = tuple[int, int]
"""A board position ``(row, col)``."""

Edge = tuple[Cell, Cell]
"""An undirected edge between two cells, smaller cell first."""

IndexEdge = tuple[int, int]
"""An undirected edge between two cell indices, smaller index first."""

ORTHOGONAL_STEPS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Up, right, down, left."""

KING_STEPS: tuple[Cell, ...] = (
    (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
)
"""The 8 king moves, numbered clockwise from up as Number Chain numbers its directions."""

T = TypeVar("T", bound=Hashable)


# -- cells and indices -----------------------------------------------------------------
def cell_index(cell: Cell, width: int) -> int:
    """The row-major index of ``cell`` on a board ``width`` columns wide."""
    return cell[0] * width + cell[1]


def index_cell(index: int, width: int) -> Cell:
    """The cell of a row-major index (the inverse of :func:`cell_index`)."""
    r, c = divmod(index, width)
    return (r, c)


def index_edge(i: int, j: int) -> IndexEdge:
    """The edge between cell indices ``i`` and ``j``, smaller first.

    >>> index_edge(4, 1)
    (1, 4)
    """
    return (i, j) if i < j else (j, i)


# -- neighbours ------------------------------------------------------------------------
def orthogonal_neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """The up to 4 orthogonal neighbours of ``cell``, sorted (up, left, right, down)."""
    r, c = cell
    for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
        if 0 <= rr < height and 0 <= cc < width:
            yield (rr, cc)


def forward_neighbours(cell: Cell, height: int, width: int) -> Iterator[Cell]:
    """The right and the lower neighbour of ``cell`` (each adjacent pair once).

    >>> list(forward_neighbours((0, 1), 2, 2))
    [(1, 1)]
    """
    r, c = cell
    if c + 1 < width:
        yield (r, c + 1)
    if r + 1 < height:
        yield (r + 1, c)


def index_neighbours(index: int, width: int, height: int) -> list[int]:
    """The orthogonal neighbours of a cell index in the order up, right, down, left.

    >>> index_neighbours(4, 3, 3)
    [1, 5, 7, 3]
    """
    r, c = divmod(index, width)
    out = []
    if r > 0:
        out.append(index - width)
    if c + 1 < width:
        out.append(index + 1)
    if r + 1 < height:
        out.append(index + width)
    if c > 0:
        out.append(index - 1)
    return out


def unit_squares(height: int, width: int) -> Iterator[tuple[Cell, Cell, Cell, Cell]]:
    """Every 2 x 2 square as (top-left, top-right, bottom-left, bottom-right).

    >>> list(unit_squares(2, 3))
    [((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 1), (0, 2), (1, 1), (1, 2))]
    """
    for r in range(height - 1):
        for c in range(width - 1):
            yield ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))


# -- edges -----------------------------------------------------------------------------
def index_edges(width: int, height: int, is_open: Sequence[int] | None = None) -> list[IndexEdge]:
    """Every edge between two open cells, numbered cell by cell, right edge before down.

    This is the numbering of the Numberlink encoding's edge variables (edge ``k`` is
    variable ``first_edge_var + k``). ``is_open[i]`` false marks a blocked cell
    (``None``: every cell is open).

    >>> index_edges(2, 2, is_open=[1, 1, 0, 1])
    [(0, 1), (1, 3)]
    """
    def open_(i: int) -> bool:
        return is_open is None or bool(is_open[i])

    out: list[IndexEdge] = []
    for i in range(width * height):
        if not open_(i):
            continue
        if (i + 1) % width and open_(i + 1):
            out.append((i, i + 1))
        if i + width < width * height and open_(i + width):
            out.append((i, i + width))
    return out


def adjacency(edges: Iterable[tuple[T, T]]) -> dict[T, list[T]]:
    """Each node's neighbours along ``edges`` (undirected), in the order the edges come.

    >>> adjacency([((0, 0), (0, 1))])
    {(0, 0): [(0, 1)], (0, 1): [(0, 0)]}
    """
    out: dict[T, list[T]] = {}
    for a, b in edges:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return out


def walk_path(start: T, links: Mapping[T, Collection[T]], end: T | None = None) -> list[T]:
    """The path from ``start`` along ``links``, to ``end`` or until it cannot go on.

    Each step takes the first neighbour not on the path yet, so a path is walked
    exactly and a branching or a loop is cut short (a verifier judges the result).
    ``links`` may be :func:`adjacency` (undirected) or successor lists (directed).

    >>> walk_path("a", {"a": ["b"], "b": ["a", "c"], "c": ["b"]}, end="b")
    ['a', 'b']
    """
    path = [start]
    seen = {start}
    cur = start
    while cur != end:
        nxt = next((x for x in links.get(cur, ()) if x not in seen), None)
        if nxt is None:
            break
        cur = nxt
        seen.add(cur)
        path.append(cur)
    return path
