"""A small rule engine over edge states, independent of the SAT encoding.

Every edge between two open cells is *unknown*, *used* or *unused*. The rules are the
game's own, read directly:

- degree: an end has exactly one used edge; any other cell two (with fill), or zero
  or two (without);
- chains: used edges form chains; an edge joining the two tips of one chain would
  close a loop (unused); a chain may carry at most one label, so an edge joining two
  chains of different labels is unused; a loop or two labels on one chain is a
  contradiction;
- no-touch: two adjacent cells of one label are consecutive on its path (the edge
  between them is used); no-2x2: four cells of one label in a square contradict;
- reachability (at a fixpoint): each label's ends must be joinable through edges
  that are not unused and cells no other label holds, and an edge every such way
  uses (a bridge between the two ends) is used; without fill a cell no label can
  reach is empty, with fill it is a contradiction.

:class:`Board` keeps the state and propagates; :meth:`Board.propagate` counts the
*rounds* (each round applies the rules to the cells the previous one changed). It is
the base of the difficulty score and of the player's hints, so its rules are part of
the published scale: a change here changes :data:`DEDUCTION_RULES_VERSION`.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> b = Board(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}))
>>> b.propagate(), b.unknown_edges()
(2, [])
"""

from __future__ import annotations

from collections.abc import Iterable

from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.model import Puzzle

__all__ = ["DEDUCTION_RULES_VERSION", "UNKNOWN", "UNUSED", "USED", "Board", "Contradiction"]

DEDUCTION_RULES_VERSION = 1
"""The version of the rule set (a change of rules moves scores: bump it)."""

UNKNOWN, USED, UNUSED = 0, 1, 2


class Contradiction(Exception):
    """The state breaks a rule; ``cells`` says where."""

    def __init__(self, why: str, cells: Iterable[int]) -> None:
        super().__init__(why)
        self.why = why
        self.cells = tuple(cells)


class Board:
    """The edge states of one puzzle under one rule variant, with propagation."""

    def __init__(self, puzzle: Puzzle, *, fill: bool = True, no_touch: bool = False,
                 no_2x2: bool = False) -> None:
        self.puzzle = puzzle
        self.fill, self.no_touch, self.no_2x2 = fill, no_touch, no_2x2
        w, h = puzzle.width, puzzle.height
        self.width = w
        n = w * h
        self.open = [puzzle.is_open(divmod(i, w)) for i in range(n)]
        self.edges: list[tuple[int, int]] = []
        self.at: list[list[int]] = [[] for _ in range(n)]  # edge numbers at each cell
        for i in range(n):
            if not self.open[i]:
                continue
            r, c = divmod(i, w)
            for j, ok in ((i + 1, c + 1 < w), (i + w, r + 1 < h)):
                if ok and self.open[j]:
                    self.at[i].append(len(self.edges))
                    self.at[j].append(len(self.edges))
                    self.edges.append((i, j))
        self.end_label: list[int] = [-1] * n
        self.ends: list[tuple[int, int]] = []
        for k, (a, b) in enumerate(puzzle.endpoints.values()):
            ia, ib = a[0] * w + a[1], b[0] * w + b[1]
            self.end_label[ia] = self.end_label[ib] = k
            self.ends.append((ia, ib))
        self.state = [UNKNOWN] * len(self.edges)
        self.nbrs: list[list[tuple[int, int]]] = [
            [(e, self.edges[e][1] if self.edges[e][0] == i else self.edges[e][0])
             for e in self.at[i]] for i in range(n)]
        self.used = [0] * n
        self.free = [len(x) for x in self.at]
        self.other = list(range(n))  # at a chain tip: the chain's other tip
        self.label = list(self.end_label)  # the label of each cell, when known
        self._queue: list[int] = [i for i in range(n) if self.open[i]]
        self.rounds = 0
        self.why = "given"  # the rule now deciding edges (recorded in ``log``)
        self.log: list[tuple[int, int, str]] = []  # (edge, value, rule) in order

    # -- state ---------------------------------------------------------------
    def copy(self) -> Board:
        """An independent copy (for a lookahead)."""
        new = object.__new__(Board)
        new.__dict__.update(self.__dict__)
        for name in ("state", "used", "free", "other", "label", "_queue", "log"):
            setattr(new, name, list(getattr(self, name)))
        return new

    def edge_index(self, a: Cell, b: Cell) -> int:
        """The number of the edge between two adjacent open cells (``KeyError``: none)."""
        i, j = sorted((a[0] * self.width + a[1], b[0] * self.width + b[1]))
        for e in self.at[i]:
            if self.edges[e] == (i, j):
                return e
        raise KeyError(f"no edge between {a} and {b}")

    def edge_cells(self, e: int) -> Edge:
        """The two cells of edge ``e``, smaller first."""
        i, j = self.edges[e]
        return (divmod(i, self.width), divmod(j, self.width))

    def unknown_edges(self) -> list[int]:
        """The edges not yet decided."""
        return [e for e, s in enumerate(self.state) if s == UNKNOWN]

    def _max_degree(self, i: int) -> int:
        return 1 if self.end_label[i] >= 0 else 2

    # -- setting edges -------------------------------------------------------
    def decide(self, e: int, value: int) -> None:
        """Decide edge ``e`` (``USED`` or ``UNUSED``); raises :class:`Contradiction`."""
        old = self.state[e]
        if old == value:
            return
        i, j = self.edges[e]
        if old != UNKNOWN:
            raise Contradiction("an edge both used and unused", (i, j))
        self.state[e] = value
        self.log.append((e, value, self.why))
        self.free[i] -= 1
        self.free[j] -= 1
        self._queue += (i, j)
        if value == USED:
            self._join(i, j)
        elif self.no_touch and self.label[i] >= 0 and self.label[i] == self.label[j]:
            raise Contradiction("a path touches itself (no-touch)", (i, j))

    def _join(self, i: int, j: int) -> None:
        for x in (i, j):
            self.used[x] += 1
            if self.used[x] > self._max_degree(x):
                raise Contradiction("too many lines at a cell", (x,))
        a, b = self.other[i], self.other[j]
        if a == j:
            raise Contradiction("a loop", (i, j))
        li, lj = self.label[i], self.label[j]
        if li >= 0 and lj >= 0 and li != lj:
            raise Contradiction("two labels joined", (i, j))
        self.other[a], self.other[b] = b, a
        lab = li if li >= 0 else lj
        if lab >= 0:
            if li < 0:
                self._paint(a, i, lab)
            if lj < 0:
                self._paint(b, j, lab)
        self._queue += (a, b)

    def _paint(self, start: int, stop: int, lab: int) -> None:
        """Give label ``lab`` to the chain cells from tip ``start`` to ``stop``."""
        prev, cur = -1, start
        while True:
            self._label_cell(cur, lab)
            if cur == stop:
                return
            nxt = -1
            for e in self.at[cur]:
                if self.state[e] == USED:
                    x, y = self.edges[e]
                    other = y if x == cur else x
                    if other != prev:
                        nxt = other
                        break
            if nxt < 0:  # pragma: no cover - the chain always reaches ``stop``
                return
            prev, cur = cur, nxt

    def _label_cell(self, i: int, lab: int) -> None:
        self.label[i] = lab
        self._queue.append(i)
        if self.no_2x2:
            self._check_squares(i, lab)

    def _check_squares(self, i: int, lab: int) -> None:
        w = self.width
        r, c = divmod(i, w)
        for dr in (-1, 0):
            for dc in (-1, 0):
                top, left = r + dr, c + dc
                if not (0 <= top < self.puzzle.height - 1 and 0 <= left < w - 1):
                    continue
                square = (top * w + left, top * w + left + 1, (top + 1) * w + left,
                          (top + 1) * w + left + 1)
                if all(self.label[x] == lab for x in square):
                    raise Contradiction("a 2x2 square on one path (no-2x2)", square)

    # -- local rules -----------------------------------------------------------
    def _set_all(self, i: int, value: int) -> None:
        for e in self.at[i]:
            if self.state[e] == UNKNOWN:
                self.decide(e, value)

    def _degree(self, i: int) -> None:
        self.why = "degree"
        u, k = self.used[i], self.free[i]
        if self.end_label[i] >= 0:
            lo, hi = 1, 1
        elif self.fill:
            lo, hi = 2, 2
        else:
            lo, hi = (0 if u == 0 else 2), 2
            if u == 1 and k == 0:
                raise Contradiction("a line stops at a cell", (i,))
        if u > hi or u + k < lo:
            raise Contradiction("a cell cannot get its lines", (i,))
        if k and u == hi:
            self._set_all(i, UNUSED)
        elif k and u + k == lo:
            self._set_all(i, USED)
        elif k == 1 and not self.fill and self.end_label[i] < 0:
            self._set_all(i, USED if u == 1 else UNUSED)

    def _tip(self, i: int) -> None:
        """At a chain tip: no loop, no second label."""
        if self.used[i] >= self._max_degree(i):
            return
        mine = self.label[i]
        tip = self.other[i]
        for e in self.at[i]:
            if self.state[e] != UNKNOWN:
                continue
            x, y = self.edges[e]
            n = y if x == i else x
            if n == tip and self.used[i] + self.used[n] > 0:
                self.why = "loop"
                self.decide(e, UNUSED)
            elif mine >= 0 and self.label[n] >= 0 and self.label[n] != mine:
                self.why = "labels"
                self.decide(e, UNUSED)
            elif self.no_touch and mine >= 0 and self.label[n] == mine:
                self.why = "no-touch"
                self.decide(e, USED)

    def _local(self, i: int) -> None:
        self._degree(i)
        self._tip(i)

    # -- the global rule -----------------------------------------------------
    def _reach(self, k: int) -> tuple[bytearray, list[int]]:
        """Cells label ``k`` can reach from its first end (through cells free or its
        own, along edges not unused), and the edges every way to its second end uses
        (the bridges that separate the two ends), by one depth-first search."""
        start, goal = self.ends[k]
        n = len(self.open)
        order = [0] * n  # discovery number (0: unseen)
        low = [0] * n
        has_goal = bytearray(n)  # the subtree of a cell holds the goal
        via = [-1] * n  # the tree edge into each cell
        nxt_index = [0] * n
        label, state, nbrs = self.label, self.state, self.nbrs
        order[start] = low[start] = 1
        counter = 1
        stack = [start]
        bridges: list[int] = []
        while stack:
            cur = stack[-1]
            links = nbrs[cur]
            idx = nxt_index[cur]
            pushed = False
            while idx < len(links):
                e, nxt = links[idx]
                idx += 1
                if e == via[cur] or state[e] == UNUSED or label[nxt] not in (-1, k):
                    continue
                if order[nxt]:
                    if order[nxt] < low[cur]:
                        low[cur] = order[nxt]
                    continue
                counter += 1
                order[nxt] = low[nxt] = counter
                via[nxt] = e
                if nxt == goal:
                    has_goal[nxt] = 1
                stack.append(nxt)
                pushed = True
                break
            nxt_index[cur] = idx
            if pushed:
                continue
            stack.pop()
            if stack:
                parent = stack[-1]
                if low[cur] < low[parent]:
                    low[parent] = low[cur]
                if has_goal[cur]:
                    has_goal[parent] = 1
                    if low[cur] > order[parent] and state[via[cur]] == UNKNOWN:
                        bridges.append(via[cur])
        return bytearray(1 if x else 0 for x in order), bridges

    def _global(self) -> None:
        covered = bytearray(len(self.open))
        for k, (_a, b) in enumerate(self.ends):
            seen, bridges = self._reach(k)
            if not seen[b]:
                raise Contradiction("a label's ends cannot be joined", self.ends[k])
            self.why = "bridge"
            for e in bridges:
                self.decide(e, USED)
            for i in range(len(covered)):
                covered[i] |= seen[i]
        self.why = "reach"
        for i in range(len(self.open)):
            if not self.open[i] or covered[i]:
                continue
            if self.fill:
                raise Contradiction("no path can reach a cell (fill)", (i,))
            if self.free[i]:
                self._set_all(i, UNUSED)

    # -- propagation ---------------------------------------------------------
    def propagate(self) -> int:
        """Apply the rules to a fixpoint; the number of rounds it took.

        Raises :class:`Contradiction` when the state breaks a rule.
        """
        rounds = 0
        while True:
            while self._queue:
                rounds += 1
                batch, self._queue = self._queue, []
                for i in dict.fromkeys(batch):
                    self._local(i)
            self._global()
            if not self._queue:
                break
        self.rounds += rounds
        return rounds

    def solution_edges(self) -> set[Edge]:
        """The used edges as cell pairs."""
        return {self.edge_cells(e) for e, s in enumerate(self.state) if s == USED}
