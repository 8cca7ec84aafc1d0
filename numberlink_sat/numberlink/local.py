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

from numberlink_sat.grid import Cell, Edge, adjacency
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline

__all__ = [
    "Gap",
    "add_bypass",
    "add_detour",
    "detour_gaps",
    "empty_bypass",
    "empty_detour",
    "local_alternatives",
    "shortcuts",
    "u_turn_transfers",
]


def _paths_from_edges(puzzle: Puzzle, edges: set[Edge]) -> dict[str, list[Cell]] | None:
    # walked by hand, not by grid.walk_path: a branching cell must refuse the move
    links = adjacency(edges)
    paths: dict[str, list[Cell]] = {}
    covered = 0
    for label, (start, end) in puzzle.endpoints.items():
        path = [start]
        prev: Cell | None = None
        cur = start
        while True:
            nxt = [x for x in links.get(cur, ()) if x != prev]
            if len(nxt) != 1 or (cur == end and prev is not None):
                break
            prev, cur = cur, nxt[0]
            path.append(cur)
            if len(path) > len(links) + 1:
                return None
        if path[-1] != end:
            return None
        paths[label] = path
        covered += len(path)
    if covered != len(links):
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
    deadline: Deadline | None = None,
) -> Iterator[Solution]:
    """Valid solutions that differ from ``solution`` by one square's 2-opt move.

    With a ``deadline``, the scan raises :class:`~numberlink_sat.errors.SolveTimeout`
    once it has passed (checked once per row and before each candidate is rebuilt).
    """
    if no_touch:
        return
    if deadline is None:
        deadline = Deadline(None)
    edges = set(solution.edges())
    owner = solution.label_of()
    index = {cell: i for path in solution.paths.values() for i, cell in enumerate(path)}
    seen: set[frozenset[Edge]] = set()
    for r in range(puzzle.height - 1):
        deadline.check("trying local moves")
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
                deadline.check("trying local moves")
                paths = _paths_from_edges(puzzle, changed)
                if paths is None:
                    continue
                candidate = Solution(puzzle.width, puzzle.height, paths)
                if not verify(puzzle, candidate, fill=fill, no_touch=no_touch, no_2x2=no_2x2):
                    yield candidate


Gap = tuple[Cell, ...]
"""A detour gap ``(a, b, ..., c, d)``: the edge ``a-d`` is used and ``b, ..., c`` is a
path of open cells on no path, ``b`` next to ``a`` and ``c`` next to ``d``. The
smallest ones, ``(a, b, c, d)`` round a unit square, are what :func:`detour_gaps`
lists; :func:`empty_detour` finds any."""


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


def _splice(solution: Solution, gap: Gap, steps: int) -> Solution:
    """The solution with the cells strictly between the gap's ends (``steps`` apart on
    one path) replaced by the gap's middle cells."""
    a, d, middle_cells = gap[0], gap[-1], list(gap[1:-1])
    paths: dict[str, list[Cell]] = {}
    for label, path in solution.paths.items():
        cells = list(path)
        for k in range(len(cells) - steps):
            if {cells[k], cells[k + steps]} == {a, d}:
                middle = middle_cells if cells[k] == a else middle_cells[::-1]
                cells[k + 1:k + steps] = middle
                break
        paths[label] = cells
    return Solution(solution.width, solution.height, paths)


def add_detour(solution: Solution, gap: Gap) -> Solution:
    """The solution with the gap's edge ``a-d`` replaced by the detour ``a-b-...-c-d``.

    >>> from numberlink_sat.numberlink.model import Solution
    >>> s = Solution(2, 2, {"a": [(0, 0), (0, 1)]})
    >>> add_detour(s, ((0, 0), (1, 0), (1, 1), (0, 1))).paths["a"]
    ((0, 0), (1, 0), (1, 1), (0, 1))
    """
    return _splice(solution, gap, 1)


def _neighbours4(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    r, c = cell
    return (r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)


def empty_detour(puzzle: Puzzle, solution: Solution) -> Gap | None:
    """A detour gap of any length, or ``None`` when the solution has none.

    That is a used edge ``a-d`` and a path of empty open cells from a neighbour of
    ``a`` to a neighbour of ``d``. Replacing the edge by that path keeps every path
    simple and joins the same ends, so under the plain rules without fill such a gap
    is a second solution (:func:`add_detour`). A solution without one is what the
    touch-free second search needs (``docs/encoding.md``).

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(2, 3, {"a": ((0, 0), (0, 1))})
    >>> empty_detour(p, Solution(2, 3, {"a": [(0, 0), (0, 1)]}))
    ((0, 0), (1, 0), (1, 1), (0, 1))
    """
    free, component = _free_components(puzzle, solution)
    for a, d in sorted(solution.edges()):
        near_a = {component[x] for x in _neighbours4(a) if x in free}
        ends = [x for x in _neighbours4(d) if x in free and component[x] in near_a]
        if ends:
            return _empty_path(free, a, d, component[ends[0]])
    return None


def _free_components(puzzle: Puzzle, solution: Solution) -> tuple[set[Cell], dict[Cell, int]]:
    """The open cells on no path, and the number of the empty region of each."""
    owner = solution.label_of()
    free = {x for x in puzzle.open_cells() if x not in owner}
    component: dict[Cell, int] = {}
    for cell in free:
        if cell in component:
            continue
        component[cell] = len(component)
        stack = [cell]
        while stack:
            for nxt in _neighbours4(stack.pop()):
                if nxt in free and nxt not in component:
                    component[nxt] = component[cell]
                    stack.append(nxt)
    return free, component


def empty_bypass(puzzle: Puzzle, solution: Solution) -> Gap | None:
    """A bypass, or ``None`` when the solution has none.

    That is three consecutive cells ``x, m, y`` of one path and a path of empty open
    cells from a neighbour of ``x`` to a neighbour of ``y``: the route ``x``, those
    cells, ``y`` instead of ``x-m-y`` is a second solution under the plain rules
    without fill (:func:`add_bypass`). With :func:`empty_detour` (two consecutive cells)
    it is what the shortest-second-solution search needs to be absent
    (``docs/encoding.md``).

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(3, 2, {"a": ((0, 0), (0, 2))})
    >>> empty_bypass(p, Solution(3, 2, {"a": [(0, 0), (0, 1), (0, 2)]}))
    ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))
    """
    free, component = _free_components(puzzle, solution)
    if not free:
        return None
    for path in solution.paths.values():
        for x, y in zip(path, path[2:], strict=False):
            near_x = {component[c] for c in _neighbours4(x) if c in free}
            ends = [c for c in _neighbours4(y) if c in free and component[c] in near_x]
            if ends:
                return _empty_path(free, x, y, component[ends[0]])
    return None


def add_bypass(solution: Solution, gap: Gap) -> Solution:
    """The solution with the cell between the bypass's ends ``x`` and ``y`` (two steps
    apart on one path) replaced by the bypass's empty cells.

    >>> from numberlink_sat.numberlink.model import Solution
    >>> s = Solution(3, 2, {"a": [(0, 0), (0, 1), (0, 2)]})
    >>> add_bypass(s, ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))).paths["a"]
    ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))
    """
    return _splice(solution, gap, 2)


def _empty_path(free: set[Cell], a: Cell, d: Cell, part: object) -> Gap:
    """``a``, a shortest path of free cells from a neighbour of ``a`` to one of ``d``, ``d``."""
    parent: dict[Cell, Cell] = {x: a for x in _neighbours4(a) if x in free}
    frontier = list(parent)
    while frontier:
        following = []
        for cell in frontier:
            if d in _neighbours4(cell):
                path = [cell]
                while path[-1] != a:
                    path.append(parent[path[-1]])
                return (*path[::-1], d)
            for nxt in _neighbours4(cell):
                if nxt in free and nxt not in parent:
                    parent[nxt] = cell
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no free path from {a} to {d} in component {part}")


def shortcuts(puzzle: Puzzle, solution: Solution) -> Iterator[Solution]:
    """Solutions (rules without fill) made by cutting out a stretch where a path touches
    itself: cells ``x`` and ``y`` of one path adjacent but not consecutive.

    Dropping the cells between them and joining ``x-y`` keeps one simple path between
    the same ends and only empties cells, so the result keeps ``no_2x2`` too (callers
    verify it anyway). A solution of the rules without fill with no such stretch is
    what a unique puzzle needs: any touch is a second solution.

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(2, 2, {"a": ((0, 0), (0, 1))})
    >>> s = Solution(2, 2, {"a": [(0, 0), (1, 0), (1, 1), (0, 1)]})
    >>> [x.paths["a"] for x in shortcuts(p, s)]
    [((0, 0), (0, 1))]
    """
    for label, path in solution.paths.items():
        index = {cell: i for i, cell in enumerate(path)}
        for i, cell in enumerate(path):
            for nxt in _neighbours4(cell):
                j = index.get(nxt)
                if j is not None and j > i + 1:
                    paths = {k: list(v) for k, v in solution.paths.items()}
                    paths[label] = [*path[:i + 1], *path[j:]]
                    yield Solution(solution.width, solution.height, paths)


def u_turn_transfers(solution: Solution) -> Iterator[Solution]:
    """Solutions (fill, plain rules) made by a *U-turn transfer*: where a path turns
    back round a unit square, ``a-b-c-d`` with ``a`` next to ``d``, and a path (the
    same or another) runs ``b'-c'`` along the far side of the next square (``b'``
    next to ``b``, ``c'`` next to ``c``), the first path takes ``a-d`` and the second
    ``b'-b-c-c'``.

    Every cell stays on a path and every path stays simple between the same ends, so
    the result is another solution under fill and the plain rules (not under
    ``no_2x2``: ``b', b, c, c'`` become one path's square; callers verify anyway).
    The least second search under fill needs every transfer of every known solution
    known too (``docs/encoding.md``, fact 8).

    >>> from numberlink_sat.numberlink.model import Solution
    >>> s = Solution(3, 2, {"a": [(0, 0), (0, 1), (1, 1), (1, 0)], "b": [(0, 2), (1, 2)]})
    >>> [dict(x.paths) for x in u_turn_transfers(s)]
    [{'a': ((0, 0), (1, 0)), 'b': ((0, 2), (0, 1), (1, 1), (1, 2))}]
    """
    owner = solution.label_of()
    for label, path in solution.paths.items():
        for a, b, c, d in zip(path, path[1:], path[2:], path[3:], strict=False):
            if abs(a[0] - d[0]) + abs(a[1] - d[1]) != 1:
                continue  # not a U-turn
            near_b = (2 * b[0] - a[0], 2 * b[1] - a[1])
            near_c = (2 * c[0] - d[0], 2 * c[1] - d[1])
            other = owner.get(near_b)
            if other is None or owner.get(near_c) != other:
                continue
            paths = {k: list(v) for k, v in solution.paths.items()}
            paths[label].remove(b)
            paths[label].remove(c)
            route = paths[other]
            i, j = route.index(near_b), route.index(near_c)
            if abs(i - j) != 1:
                continue  # b' and c' on one path, not joined by an edge
            route[max(i, j):max(i, j)] = [b, c] if i < j else [c, b]
            yield Solution(solution.width, solution.height, paths)
