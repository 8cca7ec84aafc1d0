"""A backtracking Numberlink solver: the baseline the SAT solver is measured against.

Written as a careful engineer would in a day, not as a straw man. It visits the cells in
one fixed order (row by row along the shorter side of the board, so the frontier is as
short as it can be) and decides, for each cell, its edge to the right and its edge down;
the edges from the left and from above were decided at earlier cells. Partial paths are
tracked as segments whose two ends know each other (a "mate" table, as in frontier-based
path enumeration), so joining two ends of one segment (a closed loop) is refused at once.
A segment started in an empty cell is *colourless*: its label is not guessed but fixed
when it reaches an end cell or joins a labelled segment, so the search never branches
over labels, only over the two edges of each cell.

Pruning, all of it (nothing else is done):

1. **Local rules**: a label's end cell gets exactly one edge, of its own label; any other
   open cell gets two edges (with ``fill``; none or two without it) of one label; an
   edge never enters a blocked cell, a foreign end, or an end that already has its edge.
2. **Loops**: two ends of the same segment are never joined.
3. **Dead ends**: after each cell, its two undecided neighbours must still be able to reach
   their degree (edges already coming in plus undecided open neighbours left).
4. **Cut-off endpoints**: after each cell the undecided open cells are split into connected
   regions (a flood fill). In every region, the labels with an odd number of open ends
   (edges hanging into the region plus unreached end cells) need at least as many
   colourless ends there to pair with, and the number of open ends is even; a region
   whose open ends are all ends of segments lying with both ends in it, without an end
   cell, can only close loops.
5. **Stranded regions** (with ``fill``): a region with no open end at all can never be
   covered, so the branch is cut.

It does *not* do what the fastest path-growing solvers do (forced moves, bottleneck or
"chamber" reasoning, 2 x 2 rules, heuristics for the order of the cells), so it is a fair
day's work, not the state of the art.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(3, 2, {"a": ((0, 0), (0, 2)), "b": ((1, 0), (1, 2))})
>>> sorted(solve_dfs(p).paths.items())
[('a', ((0, 0), (0, 1), (0, 2))), ('b', ((1, 0), (1, 1), (1, 2)))]
>>> count_solutions_dfs(Puzzle(2, 2, {"a": ((0, 0), (1, 1))}), fill=False)
2
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.grid import Cell, adjacency, walk_path
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.sat.deadline import Deadline

__all__ = ["count_solutions_dfs", "solutions_dfs", "solve_dfs"]

_CHECK_EVERY = 256
NONE = -1
"""``in_lab`` value: no edge hangs into the cell from that side."""
COLOURLESS = -2
"""``in_lab`` value: the edge belongs to a segment whose label is not known yet."""


class _Stop(Exception):
    """Raised inside the search when enough solutions were found."""


class _Search:
    """The search state over a board in search coordinates (maybe transposed)."""

    def __init__(self, puzzle: Puzzle, fill: bool, deadline: Deadline) -> None:
        self.puzzle = puzzle
        self.fill = fill
        self.deadline = deadline
        self.transpose = puzzle.width > puzzle.height
        if self.transpose:
            self.H, self.W = puzzle.width, puzzle.height
        else:
            self.H, self.W = puzzle.height, puzzle.width
        n = self.H * self.W
        self.n = n
        self.labels = list(puzzle.labels)
        self.blocked = bytearray(n)
        for cell in puzzle.blocked:
            self.blocked[self._index(cell)] = 1
        self.endlab = [-1] * n
        self.ends: list[tuple[int, int]] = []
        for li, label in enumerate(self.labels):
            a, b = puzzle.endpoints[label]
            ia, ib = self._index(a), self._index(b)
            self.endlab[ia] = li
            self.endlab[ib] = li
            self.ends.append((ia, ib))
        # Dangling edges: end id e = 2 * cell + d, d = 0 from above, d = 1 from the left.
        # in_lab[e]: the label of the dangling edge, NONE, or COLOURLESS.
        self.in_lab = [NONE] * (2 * n)
        # mate[e]: the other end of e's segment: an end id (>= 0) or ~cell of a label end.
        self.mate = [0] * (2 * n)
        self.right = bytearray(n)
        self.down = bytearray(n)
        self.complete = bytearray(len(self.labels))
        self.ndone = 0
        self.nodes = 0
        self.region_checks = 0
        self.stamp = [0] * n
        self.gen = 0
        self.found: list[Solution] = []
        self.limit = 1
        self.on_solution: Callable[[], None] | None = None

    # -- coordinates ------------------------------------------------------------
    def _index(self, cell: Cell) -> int:
        r, c = cell
        if self.transpose:
            r, c = c, r
        return r * self.W + c

    def _cell(self, i: int) -> Cell:
        r, c = divmod(i, self.W)
        return (c, r) if self.transpose else (r, c)

    # -- local tests ------------------------------------------------------------
    def _can_enter(self, t: int, d: int, label: int, other: int) -> bool:
        """Whether a new edge of ``label`` (segment's other end ``other``) may enter ``t``."""
        el = self.endlab[t]
        if el >= 0:
            if label >= 0 and el != label:
                return False
            return not (d == 1 and self.in_lab[2 * t] != NONE)
        if d == 1:
            up = self.in_lab[2 * t]
            if up != NONE:
                if up >= 0 and label >= 0 and up != label:
                    return False
                if other == 2 * t:
                    return False
        return True

    def _dead_end(self, y: int, k: int) -> bool:
        """Whether undecided cell ``y`` can no longer reach its degree (k is decided)."""
        if self.blocked[y]:
            return False
        W = self.W
        have = (self.in_lab[2 * y] != NONE) + (self.in_lab[2 * y + 1] != NONE)
        need = 1 if self.endlab[y] >= 0 else 2
        if have > need:
            return True
        if not self.fill and have == 0 and need == 2:
            return False
        c = y % W
        pot = have
        if c + 1 < W and not self.blocked[y + 1]:
            pot += 1
        if y + W < self.n and not self.blocked[y + W]:
            pot += 1
        if c > 0 and y - 1 > k and not self.blocked[y - 1]:
            pot += 1
        return pot < need

    # -- regions ----------------------------------------------------------------
    def _regions_ok(self, k: int) -> bool:
        """Flood-fill the undecided open cells after ``k`` and test every region.

        In a region: the labels with an odd number of open ends need as many colourless
        ends to pair with, and the total is even; the open ends must not all be dangling
        ends whose partners lie in the region too (those can only close loops); with
        ``fill`` a region needs at least one open end.
        """
        self.region_checks += 1
        self.gen += 1
        gen = self.gen
        stamp, blocked = self.stamp, self.blocked
        for start in range(k + 1, self.n):
            if blocked[start] or stamp[start] == gen:
                continue
            if not self._region_ok(*self._flood(start, k, gen)):
                return False
        return True

    def _flood(self, start: int, k: int, gen: int) -> tuple[list[int], set[int], int, bool]:
        """The region of ``start`` among the undecided cells after ``k``: its open ends,
        the labels with an odd count of them, the colourless ends, whether it holds an end
        cell (cells are stamped ``gen``)."""
        stamp, blocked = self.stamp, self.blocked
        W, n = self.W, self.n
        in_lab, endlab = self.in_lab, self.endlab
        stamp[start] = gen
        stack = [start]
        ends: list[int] = []
        odd: set[int] = set()
        colourless = 0
        has_terminal = False
        while stack:
            y = stack.pop()
            for e in (2 * y, 2 * y + 1):
                lab = in_lab[e]
                if lab != NONE:
                    ends.append(e)
                    if lab == COLOURLESS:
                        colourless += 1
                    elif lab in odd:
                        odd.remove(lab)
                    else:
                        odd.add(lab)
            lab = endlab[y]
            if lab >= 0:
                has_terminal = True
                if lab in odd:
                    odd.remove(lab)
                else:
                    odd.add(lab)
            c = y % W
            if c + 1 < W:
                z = y + 1
                if not blocked[z] and stamp[z] != gen:
                    stamp[z] = gen
                    stack.append(z)
            if c > 0:
                z = y - 1
                if z > k and not blocked[z] and stamp[z] != gen:
                    stamp[z] = gen
                    stack.append(z)
            z = y + W
            if z < n and not blocked[z] and stamp[z] != gen:
                stamp[z] = gen
                stack.append(z)
            z = y - W
            if z > k and not blocked[z] and stamp[z] != gen:
                stamp[z] = gen
                stack.append(z)
        return ends, odd, colourless, has_terminal

    def _region_ok(self, ends: list[int], odd: set[int], colourless: int,
                   has_terminal: bool) -> bool:
        if not ends and not has_terminal:
            return not self.fill
        if len(odd) > colourless or (len(odd) + colourless) % 2:
            return False
        if not has_terminal:
            inside = set(ends)
            if all(self.mate[e] in inside for e in ends):
                return False
        return True

    # -- the search -------------------------------------------------------------
    def run(self) -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 2 * self.n + 1000))
        try:
            self._rec(0)
        except _Stop:
            pass
        finally:
            sys.setrecursionlimit(old)

    def _next(self, k: int) -> None:
        """Cell ``k`` is decided: prune, then go on with ``k + 1``."""
        W = self.W
        c = k % W
        if c + 1 < W and self._dead_end(k + 1, k):
            return
        if k + W < self.n and self._dead_end(k + W, k):
            return
        if not self._regions_ok(k):
            return
        self._rec(k + 1)

    # Kept whole (C901, PLR0915): the search node; a helper call per branch slows the
    # baseline the SAT solver is measured against
    def _rec(self, k: int) -> None:  # noqa: C901, PLR0915
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            self.deadline.check("searching (dfs)")
        n, W = self.n, self.W
        while k < n and self.blocked[k]:
            k += 1
        if k == n:
            if self.ndone == len(self.labels):
                self._record()
            return
        r, c = divmod(k, W)
        eu, el = 2 * k, 2 * k + 1
        in_lab = self.in_lab
        lu, ll = in_lab[eu], in_lab[el]
        can_r = c + 1 < W and not self.blocked[k + 1]
        can_d = r + 1 < self.H and not self.blocked[k + W]
        mate = self.mate
        self.right[k] = 0
        self.down[k] = 0
        lab = self.endlab[k]
        if lab >= 0:
            if lu != NONE or ll != NONE:
                e = eu if lu != NONE else el
                if in_lab[e] >= 0 and in_lab[e] != lab:
                    return  # a segment that took another label on its way here
                m = mate[e]
                if m < 0:
                    self.complete[lab] = 1
                    self.ndone += 1
                    self._next(k)
                    self.complete[lab] = 0
                    self.ndone -= 1
                else:
                    old, old_lab = mate[m], in_lab[m]
                    mate[m] = ~k
                    in_lab[m] = lab  # a colourless segment takes this end's label
                    self._next(k)
                    mate[m], in_lab[m] = old, old_lab
                return
            self._extend(k, lab, ~k, None, can_r, can_d)
            return
        if lu != NONE and ll != NONE:
            if (lu >= 0 and ll >= 0 and lu != ll) or mate[eu] == el:
                return
            ma, mb = mate[eu], mate[el]
            if ma < 0 and mb < 0:
                self.complete[lu] = 1
                self.ndone += 1
                self._next(k)
                self.complete[lu] = 0
                self.ndone -= 1
                return
            olda = (mate[ma], in_lab[ma]) if ma >= 0 else (0, NONE)
            oldb = (mate[mb], in_lab[mb]) if mb >= 0 else (0, NONE)
            if ma >= 0:
                mate[ma] = mb
                if lu == COLOURLESS:
                    in_lab[ma] = ll
            if mb >= 0:
                mate[mb] = ma
                if ll == COLOURLESS:
                    in_lab[mb] = lu
            self._next(k)
            if ma >= 0:
                mate[ma], in_lab[ma] = olda
            if mb >= 0:
                mate[mb], in_lab[mb] = oldb
            return
        if lu != NONE or ll != NONE:
            e = eu if lu != NONE else el
            self._extend(k, in_lab[e], mate[e], mate[e], can_r, can_d)
            return
        if not self.fill:
            self._next(k)
        if can_r and can_d:
            self._fresh(k)

    def _extend(
        self, k: int, lab: int, other: int, relink: int | None, can_r: bool, can_d: bool
    ) -> None:
        """Continue a segment (other end ``other``) out of ``k`` to the right or down."""
        mate, in_lab = self.mate, self.in_lab
        for d in (1, 0):
            if d == 1:
                if not can_r:
                    continue
                t = k + 1
            else:
                if not can_d:
                    continue
                t = k + self.W
            if not self._can_enter(t, d, lab, other):
                continue
            e2 = 2 * t + d
            in_lab[e2] = lab
            mate[e2] = other
            old = 0
            if relink is not None and relink >= 0:
                old = mate[relink]
                mate[relink] = e2
            if d == 1:
                self.right[k] = 1
            else:
                self.down[k] = 1
            self._next(k)
            self.right[k] = 0
            self.down[k] = 0
            if relink is not None and relink >= 0:
                mate[relink] = old
            in_lab[e2] = NONE

    def _fresh(self, k: int) -> None:
        """Start a new, colourless segment at ``k`` going right and down.

        Its label is not guessed: it is fixed when the segment meets an end cell or a
        labelled segment (so there is no branching over labels here).
        """
        tr, td = k + 1, k + self.W
        er, ed = 2 * tr + 1, 2 * td
        if not self._can_enter(tr, 1, COLOURLESS, ed):
            return
        in_lab, mate = self.in_lab, self.mate
        in_lab[er] = COLOURLESS
        in_lab[ed] = COLOURLESS
        mate[er] = ed
        mate[ed] = er
        self.right[k] = 1
        self.down[k] = 1
        self._next(k)
        self.right[k] = 0
        self.down[k] = 0
        in_lab[er] = NONE
        in_lab[ed] = NONE

    def _record(self) -> None:
        W = self.W
        used = [(k, k + 1) for k in range(self.n) if self.right[k]]
        used += [(k, k + W) for k in range(self.n) if self.down[k]]
        links = adjacency(used)
        paths: dict[str, list[Cell]] = {}
        for li, label in enumerate(self.labels):
            a, b = self.ends[li]
            paths[label] = [self._cell(i) for i in walk_path(a, links, end=b)]
        self.found.append(Solution(self.puzzle.width, self.puzzle.height, paths))
        if len(self.found) >= self.limit:
            raise _Stop


def _search(
    puzzle: Puzzle, fill: bool, time_limit: float | None, limit: int, stats: dict[str, Any] | None
) -> list[Solution]:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, not {type(puzzle).__name__}")
    deadline = Deadline(time_limit)
    search = _Search(puzzle, fill, deadline)
    search.limit = limit
    try:
        search.run()
    except SolveTimeout:
        if stats is not None:
            stats.update(nodes=search.nodes, region_checks=search.region_checks)
        raise
    if stats is not None:
        stats.update(nodes=search.nodes, region_checks=search.region_checks)
    return search.found


def solve_dfs(
    puzzle: Puzzle,
    fill: bool = True,
    time_limit: float | None = None,
    *,
    stats: dict[str, Any] | None = None,
) -> Solution | None:
    """One solution of ``puzzle`` by backtracking, or ``None`` when there is none.

    Raises :class:`~numberlink_sat.errors.SolveTimeout` after ``time_limit`` seconds.
    ``stats``, when given, receives ``nodes`` (search nodes) and ``region_checks``.
    """
    found = _search(puzzle, fill, time_limit, 1, stats)
    return found[0] if found else None


def solutions_dfs(
    puzzle: Puzzle,
    fill: bool = True,
    limit: int = 2,
    time_limit: float | None = None,
) -> list[Solution]:
    """Up to ``limit`` distinct solutions (distinct as sets of path edges)."""
    if limit < 1:
        raise InvalidArgumentError(f"limit must be >= 1, got {limit}")
    return _search(puzzle, fill, time_limit, limit, None)


def count_solutions_dfs(
    puzzle: Puzzle,
    fill: bool = True,
    limit: int = 1_000_000,
    time_limit: float | None = None,
) -> int:
    """The number of solutions, counted up to ``limit``."""
    return len(solutions_dfs(puzzle, fill, limit, time_limit))
