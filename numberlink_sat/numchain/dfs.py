"""The contest program's depth-first search, mended, and a pruned variant beside it.

:func:`dfs_plain` is the contest program's algorithm: from ``(0, 0)`` try the directions 0..7 in
order, step to an unvisited cell holding the next label, and skip a diagonal step that
crosses an earlier one; the first full path found is the smallest. It is iterative (an
explicit stack), so ``N = 30`` does not hit Python's recursion limit.

**Mended defects of the contest program.**

1. *End label.* It refuses every board whose last cell is not ``K-1``; the rules
   put ``(N*N-1) mod K`` there. The two differ whenever K does not divide N*N (e.g.
   ``N = 2, K = 3``), where it prints -1 for solvable boards.
2. *Start label.* It never checks that ``(0, 0)`` holds 0, so on a board starting
   with another label it can print a path whose labels read ``1, 2, ...``.

**When its ``st`` crossing test is right.** The program keeps ``st[x][y]`` and, before
a diagonal step from ``(x, y)``, looks at the two *other* corners of the unit square the
step cuts: for direction 1 (up-right) it refuses if ``st[x-1][y] == 3`` or
``st[x][y+1] == 7``, and likewise for 3, 5 and 7. That test is exact if and only if

- ``st[c]`` holds the direction of the step *out of* ``c`` (set just before stepping
  from ``c``), not the direction by which ``c`` was entered, even though the program's
  comment says "the direction used to reach each cell"; then every step of the current
  path is recorded once, at its tail;
- ``st[c]`` is reset to -1 when that step is undone on backtracking (otherwise stale
  steps of abandoned branches refuse legal moves, and the search answers -1 or a
  larger string);
- both other corners are tested, since the crossing diagonal may have been walked in
  either direction;
- the direction compared at each corner is the one pointing along the other diagonal
  *from that corner* (for a step 1 from ``(x, y)``: 3 at ``(x-1, y)``, 7 at ``(x, y+1)``;
  for 3: 1 at ``(x+1, y)``, 5 at ``(x, y+1)``; for 5: 3 at ``(x, y-1)``, 7 at ``(x+1, y)``;
  for 7: 1 at ``(x, y-1)``, 5 at ``(x-1, y)``);
- only diagonal steps are tested (an orthogonal step never crosses anything).

The program's code meets all five, so its crossing test is right as written; this module
keeps it (:func:`seed_crossing_blocked`) and the tests check it against the geometric
definition on every state, and show that each listed condition matters.

:func:`dfs_pruned` adds pruning that is not in the contest program: the exact label-count check,
no entering the end cell early, and a dead-end test around the current cell.

>>> from numberlink_sat.numchain.model import parse
>>> dfs_plain(parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2"))
'41255214'
>>> dfs_plain(parse("2 3\\n0 1\\n2 0")), dfs_plain(parse("2 3\\n0 2\\n1 0"))
('252', '414')

(The contest program prints -1 for both: their last cell holds 0, not K-1 = 2.)
"""

from __future__ import annotations

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numchain.model import Puzzle, impossibility
from numberlink_sat.sat.deadline import Deadline

__all__ = [
    "CROSSING_PARTNERS",
    "DFS_CHECK_EVERY",
    "dfs_plain",
    "dfs_pruned",
    "seed_crossing_blocked",
]

DX = (-1, -1, 0, 1, 1, 1, 0, -1)
"""Row offsets of the directions 0..7 (the contest program's ``dx``)."""
DY = (0, 1, 1, 1, 0, -1, -1, -1)
"""Column offsets of the directions 0..7 (the contest program's ``dy``)."""

CROSSING_PARTNERS: dict[int, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    1: ((-1, 0, 3), (0, 1, 7)),
    3: ((1, 0, 1), (0, 1, 5)),
    5: ((0, -1, 3), (1, 0, 7)),
    7: ((0, -1, 1), (-1, 0, 5)),
}
"""For a diagonal direction from ``(x, y)``: the two other corners ``(dx, dy)`` of its
unit square and the direction that, taken out of that corner, crosses it (the contest program's
four ``if`` lines)."""

DFS_CHECK_EVERY = 4096
"""Steps between two deadline checks."""


def seed_crossing_blocked(st: list[list[int]], x: int, y: int, i: int) -> bool:
    """The contest program's test: would direction ``i`` from ``(x, y)`` cross a recorded step?

    ``st[r][c]`` is the direction of the step out of ``(r, c)`` on the current path, or
    -1. The step itself must stay on the board (then both corners do too).

    >>> st = [[-1, -1], [-1, -1]]
    >>> st[0][1] = 5            # a step (0, 1) -> (1, 0)
    >>> seed_crossing_blocked(st, 0, 0, 3), seed_crossing_blocked(st, 1, 1, 7)
    (True, True)
    """
    if i == 1 and (st[x - 1][y] == 3 or st[x][y + 1] == 7):
        return True
    if i == 3 and (st[x + 1][y] == 1 or st[x][y + 1] == 5):
        return True
    if i == 5 and (st[x][y - 1] == 3 or st[x + 1][y] == 7):
        return True
    return i == 7 and (st[x][y - 1] == 1 or st[x - 1][y] == 5)


def _check_limits(steps: int, max_steps: int | None, deadline: Deadline | None) -> None:
    """Raise :class:`SolveTimeout` once the step budget or the deadline is spent."""
    if max_steps is not None and steps >= max_steps:
        raise SolveTimeout(f"DFS step budget of {max_steps} spent", stage="dfs")
    if deadline is not None and deadline.expired():
        raise _timeout(deadline, steps)


def _timeout(deadline: Deadline, steps: int) -> SolveTimeout:
    elapsed = deadline.elapsed()
    return SolveTimeout(
        f"time limit of {deadline.time_limit:g} s passed in the DFS "
        f"(after {elapsed:.2f} s, {steps} steps)",
        elapsed=elapsed,
        stage="dfs",
    )


# Kept whole (PLR0915): the contest program's loop, so it reads as that program
def dfs_plain(  # noqa: PLR0915
    puzzle: Puzzle,
    deadline: Deadline | None = None,
    max_steps: int | None = None,
    stats: dict[str, int] | None = None,
    *,
    seed_checks: bool = False,
) -> str | None:
    """The contest program's DFS with its end and start checks mended; ``None`` when no path exists.

    ``deadline`` (checked every :data:`DFS_CHECK_EVERY` steps) and ``max_steps`` raise
    :class:`~numberlink_sat.errors.SolveTimeout`. ``stats["steps"]`` receives the number
    of steps taken (moves made). ``seed_checks=True`` restores the program's defective
    checks (end must hold K-1, start unchecked), for tests and demonstrations only.
    """
    n, k = puzzle.n, puzzle.k
    g = [list(row) for row in puzzle.grid]
    if seed_checks:
        if g[n - 1][n - 1] != k - 1:
            return None
    # mended: the contest program checked only g[n-1][n-1] == k-1 (and never the start)
    elif g[0][0] != 0 or g[n - 1][n - 1] != (n * n - 1) % k:
        return None
    d = [[0] * n for _ in range(n)]
    st = [[-1] * n for _ in range(n)]
    d[0][0] = 1
    path: list[int] = []
    tried = [0]  # tried[depth]: the next direction to try from the cell at that depth
    x = y = 0
    cnt = 1
    total = n * n
    steps = 0
    budget = DFS_CHECK_EVERY
    try:
        while True:
            if x == n - 1 and y == n - 1 and cnt == total:
                return "".join(map(str, path))
            i = tried[-1]
            moved = False
            gxy = g[x][y]
            while i < 8:
                tx, ty = x + DX[i], y + DY[i]
                if (
                    0 <= tx < n and 0 <= ty < n and d[tx][ty] == 0
                    and ((gxy == k - 1 and g[tx][ty] == 0) or g[tx][ty] == gxy + 1)
                    and not (i & 1 and seed_crossing_blocked(st, x, y, i))
                ):
                    tried[-1] = i + 1
                    st[x][y] = i
                    d[tx][ty] = 1
                    path.append(i)
                    tried.append(0)
                    x, y = tx, ty
                    cnt += 1
                    moved = True
                    break
                i += 1
            if moved:
                steps += 1
                budget -= 1
                if budget == 0:
                    budget = DFS_CHECK_EVERY
                    _check_limits(steps, max_steps, deadline)
                continue
            tried.pop()
            if not path:
                return None
            d[x][y] = 0
            i = path.pop()
            x, y = x - DX[i], y - DY[i]
            st[x][y] = -1
            cnt -= 1
    finally:
        if stats is not None:
            stats["steps"] = steps


def _moves(puzzle: Puzzle) -> tuple[list[list[tuple[int, int]]], list[list[int]],
                                    list[list[int]]]:
    """Successor (direction, cell) and predecessor lists by labels and board alone, in
    direction order, and every cell's king neighbours."""
    n, k = puzzle.n, puzzle.k
    total, end = n * n, n * n - 1
    lab = [v for row in puzzle.grid for v in row]
    succ: list[list[tuple[int, int]]] = [[] for _ in range(total)]
    pred: list[list[int]] = [[] for _ in range(total)]
    nbrs: list[list[int]] = [[] for _ in range(total)]
    for u in range(total):
        r, c = divmod(u, n)
        for i in range(8):
            rr, cc = r + DX[i], c + DY[i]
            if 0 <= rr < n and 0 <= cc < n:
                v = rr * n + cc
                nbrs[u].append(v)
                if lab[v] == (lab[u] + 1) % k and v != 0 and u != end:
                    succ[u].append((i, v))
                    pred[v].append(u)
    return succ, pred, nbrs


# Kept whole (C901, PLR0915): one search loop; a call per step would slow the baseline
def dfs_pruned(  # noqa: C901, PLR0915
    puzzle: Puzzle,
    deadline: Deadline | None = None,
    max_steps: int | None = None,
    stats: dict[str, int] | None = None,
) -> str | None:
    """A second baseline: the same search order with exact pruning the contest program lacks.

    Before searching, the label counts are checked (:func:`~.model.impossibility`).
    During the search the end cell is entered only as the last cell, and after every
    step each unvisited cell next to the old or the new current cell must still have a
    way in (from an unvisited cell or the new current cell) and, unless it is the end,
    a way out to an unvisited cell; otherwise the step is undone. The answer is the
    same as :func:`dfs_plain`'s.
    """
    if impossibility(puzzle) is not None:
        return None
    n = puzzle.n
    total = n * n
    if total == 1:
        return ""
    end = total - 1
    succ, pred, nbrs = _moves(puzzle)
    visited = bytearray(total)
    visited[0] = 1
    out_dir = [-1] * total  # the contest program's st, flattened

    def crosses(u: int, i: int) -> bool:
        x, y = divmod(u, n)
        for ddx, ddy, bad in CROSSING_PARTNERS[i]:
            if out_dir[(x + ddx) * n + (y + ddy)] == bad:
                return True
        return False

    def stuck(w: int, head: int) -> bool:
        if visited[w]:
            return False
        if not any(p == head or not visited[p] for p in pred[w]):
            return True
        return w != end and not any(not visited[v] for _, v in succ[w])

    path: list[int] = []
    cells = [0]
    tried = [0]
    steps = 0
    budget = DFS_CHECK_EVERY
    try:
        while True:
            u = cells[-1]
            if len(cells) == total:
                return "".join(map(str, path))
            options = succ[u]
            j = tried[-1]
            moved = False
            while j < len(options):
                i, v = options[j]
                j += 1
                if visited[v] or (v == end and len(cells) != total - 1):
                    continue
                if i & 1 and crosses(u, i):
                    continue
                visited[v] = 1
                if any(stuck(w, v) for w in nbrs[u]) or any(stuck(w, v) for w in nbrs[v]):
                    visited[v] = 0
                    continue
                tried[-1] = j
                out_dir[u] = i
                path.append(i)
                cells.append(v)
                tried.append(0)
                moved = True
                break
            if moved:
                steps += 1
                budget -= 1
                if budget == 0:
                    budget = DFS_CHECK_EVERY
                    _check_limits(steps, max_steps, deadline)
                continue
            tried.pop()
            if not path:
                return None
            visited[cells.pop()] = 0
            path.pop()
            out_dir[cells[-1]] = -1
    finally:
        if stats is not None:
            stats["steps"] = steps
