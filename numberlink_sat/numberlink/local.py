"""Quick second solutions by local rewiring (a 2-opt move on one unit square).

Where a solution's path runs along both opposite sides of a unit square, say through
the edges ``a-b`` and ``c-d`` with ``a`` next to ``c`` and ``b`` next to ``d``, swapping
them for ``a-c`` and ``b-d`` keeps every cell's degree. The result is either the same
path taking another route (a new solution) or a path plus a detached loop (not one).
Each candidate is rebuilt from its edges and passed through the independent verifier,
so only valid solutions come out. Under ``no_touch`` such moves never apply (a path
along two opposite sides of a square touches itself), so they serve the plain rules,
where SAT finds a second solution slowest on loose boards.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(2, 3, {"a": ((0, 0), (0, 1))})
>>> s = Solution(2, 3, {"a": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]})
>>> list(local_alternatives(p, s))
[]
>>> q = Puzzle(3, 2, {"a": ((0, 0), (1, 0))})
>>> s = Solution(3, 2, {"a": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]})
>>> list(local_alternatives(q, s))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify

__all__ = ["Gap", "add_detour", "detour_gaps", "local_alternatives"]


def _paths_from_edges(puzzle: Puzzle, edges: set[Edge]) -> dict[str, list[Cell]] | None:
    adjacency: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    paths: dict[str, list[Cell]] = {}
    covered = 0
    for label, (start, end) in puzzle.endpoints.items():
        path = [start]
        prev: Cell | None = None
        cur = start
        while True:
            nxt = [x for x in adjacency.get(cur, ()) if x != prev]
            if len(nxt) != 1 or (cur == end and prev is not None):
                break
            prev, cur = cur, nxt[0]
            path.append(cur)
            if len(path) > len(adjacency) + 1:
                return None
        if path[-1] != end:
            return None
        paths[label] = path
        covered += len(path)
    if covered != len(adjacency):
        return None  # some edges form a detached loop
    return paths


def _stays_one_path(
    old: tuple[Edge, Edge], new: tuple[Edge, Edge], index: dict[Cell, int]
) -> bool:
    """Whether swapping two edges of one path for ``new`` leaves a single path.

    With the old edges ``u1-v1`` and ``u2-v2`` in path order (``u1`` first), the path is
    ``S..u1 v1..u2 v2..E``; it stays one path only if the new edges are ``u1-u2`` and
    ``v1-v2`` (the middle part is then walked backwards); ``u1-v2`` and ``v1-u2`` close
    the middle part into a loop. This makes a candidate cost O(1) instead of rebuilding
    every path, which matters on big boards (a 1002x1002 snake has ~250k such squares).

    >>> idx = {(0, 0): 0, (0, 1): 1, (1, 1): 2, (1, 0): 3}
    >>> _stays_one_path((((0, 0), (0, 1)), ((1, 0), (1, 1))),
    ...                 (((0, 0), (1, 0)), ((0, 1), (1, 1))), idx)
    False
    """
    (p, q), (r, s) = old
    u1, v1 = (p, q) if index[p] < index[q] else (q, p)
    u2, v2 = (r, s) if index[r] < index[s] else (s, r)
    if index[u1] > index[u2]:
        u1, v1, u2, v2 = u2, v2, u1, v1
    wanted = {frozenset((u1, u2)), frozenset((v1, v2))}
    return {frozenset(edge) for edge in new} == wanted


def local_alternatives(
    puzzle: Puzzle,
    solution: Solution,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
) -> Iterator[Solution]:
    """Valid solutions that differ from ``solution`` by one square's 2-opt move."""
    if no_touch:
        return
    edges = set(solution.edges())
    owner = solution.label_of()
    index = {cell: i for path in solution.paths.values() for i, cell in enumerate(path)}
    seen: set[frozenset[Edge]] = set()
    for r in range(puzzle.height - 1):
        for c in range(puzzle.width - 1):
            a, b, c2, d = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            label = owner.get(a)
            if label is None or not all(owner.get(x) == label for x in (b, c2, d)):
                continue
            # horizontal sides used, swap for vertical ones; or the other way round
            for old, new in (
                (((a, b), (c2, d)), ((a, c2), (b, d))),
                (((a, c2), (b, d)), ((a, b), (c2, d))),
            ):
                if not all(e in edges for e in old) or any(e in edges for e in new):
                    continue
                if not _stays_one_path(old, new, index):
                    continue  # the move would split off a loop: skip without rebuilding
                changed = (edges - set(old)) | set(new)
                key = frozenset(changed)
                if key in seen:
                    continue
                seen.add(key)
                paths = _paths_from_edges(puzzle, changed)
                if paths is None:
                    continue
                candidate = Solution(puzzle.width, puzzle.height, paths)
                if not verify(puzzle, candidate, fill=fill, no_touch=no_touch, no_2x2=no_2x2):
                    yield candidate


Gap = tuple[Cell, Cell, Cell, Cell]
"""A detour gap ``(a, b, c, d)``: the edge ``a-d`` is used, ``a-b-c-d`` runs along the
other three sides of its unit square and ``b``, ``c`` lie on no path."""


def detour_gaps(puzzle: Puzzle, solution: Solution) -> list[Gap]:
    """The detour gaps of a solution (rules without fill), in board order.

    Replacing ``a-d`` by ``a-b-c-d`` keeps every path simple and joins the same ends,
    so under the plain rules without fill (touching allowed, no 2 x 2 rule) a gap means
    a second solution (:func:`add_detour`). Under ``no_2x2`` the detour always makes
    ``a, b, c, d`` one path's 2 x 2 block; under ``no_touch`` it may touch the path.

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(2, 2, {"a": ((0, 0), (0, 1))})
    >>> detour_gaps(p, Solution(2, 2, {"a": [(0, 0), (0, 1)]}))
    [((0, 0), (1, 0), (1, 1), (0, 1))]
    """
    edges = solution.edges()
    owner = solution.label_of()
    gaps: list[Gap] = []
    for a, d in sorted(edges):
        (r, c), (r2, c2) = a, d
        dr, dc = (1, 0) if r == r2 else (0, 1)  # the two sides across the square
        for sign in (1, -1):
            b = (r + sign * dr, c + sign * dc)
            e = (r2 + sign * dr, c2 + sign * dc)
            if all(puzzle.is_open(x) and x not in owner for x in (b, e)):
                gaps.append((a, b, e, d))
    return gaps


def add_detour(solution: Solution, gap: Gap) -> Solution:
    """The solution with the gap's edge ``a-d`` replaced by the detour ``a-b-c-d``.

    >>> from numberlink_sat.numberlink.model import Solution
    >>> s = Solution(2, 2, {"a": [(0, 0), (0, 1)]})
    >>> add_detour(s, ((0, 0), (1, 0), (1, 1), (0, 1))).paths["a"]
    ((0, 0), (1, 0), (1, 1), (0, 1))
    """
    a, b, c, d = gap
    paths: dict[str, list[Cell]] = {}
    for label, path in solution.paths.items():
        cells = list(path)
        for k in range(len(cells) - 1):
            if {cells[k], cells[k + 1]} == {a, d}:
                middle = [b, c] if cells[k] == a else [c, b]
                cells[k + 1:k + 1] = middle
                break
        paths[label] = cells
    return Solution(solution.width, solution.height, paths)
