"""SAT encoding of Number Chain on the shared core (:mod:`numberlink_sat.sat`).

One Boolean per *allowed move*: a king step ``u -> v`` exists only when ``v`` holds the
label after ``u``'s (``(label(u) + 1) mod K``), ``v`` is not the start and ``u`` is not
the end. Then

- the start must hold 0 (else the empty clause): with the moves following the labels,
  the ``i``-th cell of the path then holds ``i mod K``, so the end label and the label
  counts need no clauses (the solver still gets the cheap checks first);
- every cell but the end has exactly one move out, every cell but the start one in;
- the two diagonals of every unit square are not both used (4 binary clauses at most);
- short cycles the labels allow are forbidden eagerly: 2-cycles when K divides 2,
  triangles (all inside one unit square) when K divides 3;
- every other detached cycle is cut lazily: for a cycle on the cell set ``S`` (it holds
  neither the start nor the end), the path must leave ``S`` and enter it, so two clauses
  are added ("some move from ``S`` to outside", "some move into ``S``"), plus one for
  the union of all cycles when there are several, and the solver goes on
  (incrementally). ``acyclic="eager"`` / ``"order"`` instead forbid every cycle up front
  (vertex elimination / binary positions; both measured slower, kept as options).

A model accepted by the cut finder is exactly a legal path, read off by
:meth:`ChainEncoding.directions`.

>>> from numberlink_sat.numchain.model import parse
>>> enc = encode(parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2"))
>>> enc.num_arcs, len(enc.clauses) > 0
(16, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numchain.model import Puzzle
from numberlink_sat.sat import Deadline, Encoding, Model, exactly_one

__all__ = ["ACYCLIC_MODES", "Arc", "ChainEncoding", "encode"]

ACYCLIC_MODES: tuple[str, ...] = ("lazy", "eager", "order")
"""How detached cycles are excluded: lazy cuts (default), eager vertex elimination, or
binary path positions."""

Clause = list[int]

Arc = tuple[int, int, int]
"""An allowed move out of a cell: ``(direction, variable, target cell index)``."""

_DR = (-1, -1, 0, 1, 1, 1, 0, -1)
_DC = (0, 1, 1, 1, 0, -1, -1, -1)
_DIRECTION = {(dr, dc): d for d, (dr, dc) in enumerate(zip(_DR, _DC, strict=True))}


_T = TypeVar("_T")

_CHUNK = 1 << 16
"""Lists built between two deadline checks."""


def _lists(count: int, make: Callable[[], _T], deadline: Deadline) -> list[_T]:
    """``[make() for _ in range(count)]``, built in chunks with the deadline checked."""
    out: list[_T] = []
    for start in range(0, count, _CHUNK):
        deadline.check("encoding")
        out.extend(make() for _ in range(min(_CHUNK, count - start)))
    return out


class ChainEncoding(Encoding):
    """Clauses over the move variables of one puzzle, plus what decoding and cuts need.

    Cells are numbered ``r * n + c``. ``out_arcs[u]`` lists the allowed moves out of
    ``u`` in direction order; ``arc_var[u][d]`` is the variable of direction ``d`` from
    ``u`` (0 where the move is not allowed).
    """

    def __init__(
        self, puzzle: Puzzle, deadline: Deadline | None = None, *, acyclic: str = "lazy"
    ) -> None:
        if acyclic not in ACYCLIC_MODES:
            raise InvalidArgumentError(
                f"unknown acyclic mode {acyclic!r}; use one of {ACYCLIC_MODES}")
        super().__init__()
        self.puzzle = puzzle
        n = puzzle.n
        self.n = n
        size = n * n
        self.start = 0
        self.end = size - 1
        deadline = deadline if deadline is not None else Deadline(None)
        labels = [v for row in puzzle.grid for v in row]
        self.enter_cuts = True
        self._arcs(labels, deadline)
        self.num_arcs = self.pool.top
        deadline.check("encoding")
        self.neighbours: list[set[int]] = [
            {
                (r + dr) * n + (c + dc)
                for dr, dc in zip(_DR, _DC, strict=True)
                if 0 <= r + dr < n and 0 <= c + dc < n
            }
            for r in range(n) for c in range(n)
        ]
        """The king neighbours of every cell (cell indices)."""
        deadline.check("encoding")
        self.arc_tail = [0] * (self.num_arcs + 1)
        for u, arcs in enumerate(self.out_arcs):
            for _, var, _ in arcs:
                self.arc_tail[var] = u
        deadline.check("encoding")
        self._degree_clauses(labels, deadline)
        deadline.check("encoding")
        self._crossing_clauses(deadline)
        deadline.check("encoding")
        self._short_cycle_clauses(deadline)
        deadline.check("encoding")
        self.acyclic = acyclic
        if acyclic == "eager":
            self._vertex_elimination(deadline)
        elif acyclic == "order":
            self._positions(deadline)

    def _arcs(self, labels: list[int], deadline: Deadline) -> None:
        """One variable per allowed move, in cell order and direction order."""
        n, k, size = self.n, self.puzzle.k, self.n * self.n
        self.out_arcs: list[list[Arc]] = _lists(size, list, deadline)
        self.in_vars: list[list[int]] = _lists(size, list, deadline)
        self.in_arcs: list[list[tuple[int, int]]] = _lists(size, list, deadline)
        self.arc_var: list[list[int]] = _lists(size, lambda: [0] * 8, deadline)
        self.var_head: dict[int, int] = {}
        self.square_of: dict[int, int] = {}
        """For a diagonal move: the unit square it cuts, as ``r * n + c`` of its top-left."""
        for u in range(size):
            if u % n == 0:  # once a row: a large board must not outlast the limit
                deadline.check("encoding")
            if u == self.end:
                continue
            r, c = divmod(u, n)
            nxt = (labels[u] + 1) % k
            for d in range(8):
                rr, cc = r + _DR[d], c + _DC[d]
                if not (0 <= rr < n and 0 <= cc < n):
                    continue
                v = rr * n + cc
                if v != self.start and labels[v] == nxt:
                    self._add_arc(u, d, v, min(r, rr) * n + min(c, cc))

    def _add_arc(self, u: int, d: int, v: int, square: int) -> None:
        var = self.pool.new()
        self.out_arcs[u].append((d, var, v))
        self.in_vars[v].append(var)
        self.in_arcs[v].append((var, u))
        self.arc_var[u][d] = var
        self.var_head[var] = v
        if d & 1:
            self.square_of[var] = square

    def _degree_clauses(self, labels: list[int], deadline: Deadline) -> None:
        """One move out of every cell but the end, one in to every cell but the start."""
        add = self.clauses.extend
        if labels[self.start] != 0:
            # the moves only make labels follow each other; the start fixes the phase
            # (then the end label and the label counts follow by themselves)
            add([[]])
        n = self.n
        for u in range(n * n):
            if u % n == 0:
                deadline.check("encoding")
            if u != self.end:
                add(exactly_one([var for _, var, _ in self.out_arcs[u]], self.pool))
            if u != self.start:
                add(exactly_one(self.in_vars[u], self.pool))

    def _crossing_clauses(self, deadline: Deadline) -> None:
        """The two diagonals of a unit square are not both used."""
        n = self.n
        for r in range(n - 1):
            deadline.check("encoding")
            for c in range(n - 1):
                a, b = r * n + c, r * n + c + 1
                cc_, d_ = a + n, b + n  # (r+1, c), (r+1, c+1)
                main = [self.arc_var[a][3], self.arc_var[d_][7]]  # (r,c)<->(r+1,c+1)
                anti = [self.arc_var[b][5], self.arc_var[cc_][1]]  # (r,c+1)<->(r+1,c)
                self.clauses.extend([-x, -y] for x in main if x for y in anti if y)

    def _short_cycle_clauses(self, deadline: Deadline) -> None:
        """2-cycles when K divides 2, triangles when K divides 3 (none other fits)."""
        n, k = self.n, self.puzzle.k
        if 2 % k == 0:
            for u in range(n * n):
                if u % n == 0:
                    deadline.check("encoding")
                for _, var, v in self.out_arcs[u]:
                    back = self._var(v, u)
                    if v > u and back:
                        self.clauses.append([-var, -back])
        if 3 % k == 0:
            self._triangles()

    def _var(self, u: int, v: int) -> int:
        """The variable of the move ``u -> v`` (0 if not allowed or not adjacent)."""
        n = self.n
        dr, dc = v // n - u // n, v % n - u % n
        for d in range(8):
            if _DR[d] == dr and _DC[d] == dc:
                return self.arc_var[u][d]
        return 0

    def _triangles(self) -> None:
        n = self.n
        for r in range(n - 1):
            for c in range(n - 1):
                square = (r * n + c, r * n + c + 1, (r + 1) * n + c + 1, (r + 1) * n + c)
                for skip in range(4):
                    tri = [x for i, x in enumerate(square) if i != skip]
                    for order in (tri, tri[::-1]):
                        lits = [
                            self._var(order[i], order[(i + 1) % 3]) for i in range(3)
                        ]
                        if all(lits):
                            self.clauses.append([-x for x in lits])

    def _vertex_elimination(self, deadline: Deadline) -> None:
        """Forbid every cycle eagerly (vertex elimination, Rankooh and Rintanen).

        Cells are eliminated in row-major order. Eliminating ``v`` links each remaining
        neighbour ``u`` with a move into ``v`` to each remaining ``w`` with a move out of
        ``v``: ``e(u,v) and e(v,w) -> e(u,w)``, and ``not (e(u,v) and e(v,u))``, over
        "reaches" variables ``e`` (each move implies its own). The arc set is acyclic exactly when
        these clauses can be satisfied. About ``n**4`` clauses on an open board.
        """
        size = self.n * self.n
        edge: dict[tuple[int, int], int] = {}
        adj: list[set[int]] = [set() for _ in range(size)]
        new = self.pool.new
        out = self.clauses
        for u, arcs in enumerate(self.out_arcs):
            for _, var, v in arcs:
                reach = new()  # a move implies "reaches"; reaches must not imply a move
                out.append([-var, reach])
                edge[(u, v)] = reach
                adj[u].add(v)
                adj[v].add(u)
        for v in range(size):
            if v % 64 == 0:
                deadline.check("encoding")
            later = [x for x in adj[v] if x > v]
            ins = [(u, edge[(u, v)]) for u in later if (u, v) in edge]
            outs = [(w, edge[(v, w)]) for w in later if (v, w) in edge]
            for u, uv in ins:
                for w, vw in outs:
                    if u == w:
                        if u > v:  # each 2-cycle once
                            out.append([-uv, -vw])
                        continue
                    uw = edge.get((u, w))
                    if uw is None:
                        uw = new()
                        edge[(u, w)] = uw
                        adj[u].add(w)
                        adj[w].add(u)
                    out.append([-uv, -vw, uw])
            for x in later:
                adj[x].discard(v)
        self.num_reach = self.pool.top - self.num_arcs

    def _positions(self, deadline: Deadline) -> None:
        """Binary position of every cell on the path; a move ``u -> v`` sets pos(v) = pos(u)+1."""
        size = self.n * self.n
        bits = max(1, (size - 1).bit_length())
        new = self.pool.new
        out = self.clauses
        pos = [[new() for _ in range(bits)] for _ in range(size)]
        out.extend([-b] for b in pos[self.start])
        last = size - 1
        out.extend([b if (last >> i) & 1 else -b] for i, b in enumerate(pos[self.end]))
        for u, arcs in enumerate(self.out_arcs):
            if not arcs:
                continue
            p = pos[u]
            q = [new() for _ in range(bits)]  # q = p + 1 (mod 2**bits)
            carry = p[0]
            out.extend([[q[0], p[0]], [-q[0], -p[0]]])
            for i in range(1, bits):
                a, c, r = p[i], carry, q[i]
                out.extend([[-r, a, c], [-r, -a, -c], [r, -a, c], [r, a, -c]])
                if i < bits - 1:
                    nc = new()
                    out.extend([[-nc, a], [-nc, c], [nc, -a, -c]])
                    carry = nc
            for _, var, v in arcs:
                for i in range(bits):
                    out.append([-var, -q[i], pos[v][i]])
                    out.append([-var, q[i], -pos[v][i]])
            if u % 64 == 0:
                deadline.check("encoding")

    # -- decoding and cuts ---------------------------------------------------------
    def successors(self, model: Model) -> list[int]:
        """``succ[u]``: the cell the model moves to from ``u`` (-1 for none)."""
        succ = [-1] * (self.n * self.n)
        tail, head = self.arc_tail, self.var_head
        for var in model.true_vars(range(1, self.num_arcs + 1)):
            succ[tail[var]] = head[var]
        return succ

    def find_cuts(self, model: Model) -> list[Clause]:
        """One clause per detached cycle of the model: the path must leave its cell set.

        With ``enter_cuts`` (the default) a second clause says it must also be entered.
        """
        return self.cycle_cuts(self.successors(model))

    def cycle_cuts(self, succ: list[int]) -> list[Clause]:
        """:meth:`find_cuts` for a successor list."""
        return self.cuts_for(self.cycles(succ))

    def cycles(self, succ: list[int]) -> list[list[int]]:
        """The detached cycles of a successor list (empty: it is one full path)."""
        size = self.n * self.n
        on_path = bytearray(size)
        u = self.start
        on_path[u] = 1
        count = 1
        while succ[u] >= 0 and not on_path[succ[u]]:
            u = succ[u]
            on_path[u] = 1
            count += 1
        if count == size:
            return []
        found: list[list[int]] = []
        for first in range(size):
            if on_path[first]:
                continue
            cycle = []
            u = first
            while not on_path[u]:
                on_path[u] = 1
                cycle.append(u)
                u = succ[u]
            found.append(cycle)
        return found

    def cuts_for(self, cycles: list[list[int]]) -> list[Clause]:
        """The cut clauses of :meth:`find_cuts` for the given detached cycles."""
        cuts: list[Clause] = []
        for cycle in cycles:
            inside = set(cycle)
            cuts.append(
                [var for w in cycle for _, var, v in self.out_arcs[w] if v not in inside]
            )
            if self.enter_cuts:
                cuts.append([var for w in cycle for var, v in self.in_arcs[w] if v not in inside])
        if len(cycles) > 1:
            # all cycles together: the path must leave the union of the cells it misses
            # (the cut that ends a search whose path closed off the rest of the board)
            outside = {w for cycle in cycles for w in cycle}
            cuts.append(
                [var for w in outside for _, var, v in self.out_arcs[w] if v not in outside]
            )
        return cuts

    def directions(self, model: Model) -> list[int]:
        """The direction string of an accepted model, as a list of ints 0..7."""
        return self.directions_of(self.successors(model))

    def directions_of(self, succ: list[int]) -> list[int]:
        """The directions of the full path a successor list describes."""
        out: list[int] = []
        u = self.start
        n = self.n
        for _ in range(n * n - 1):
            v = succ[u]
            if v < 0:  # pragma: no cover - callers pass full paths only
                raise AssertionError("successor list without a full path")
            out.append(_DIRECTION[(v // n - u // n, v % n - u % n)])
            u = v
        return out


def encode(
    puzzle: Puzzle, deadline: Deadline | None = None, *, acyclic: str = "lazy"
) -> ChainEncoding:
    """The :class:`ChainEncoding` of ``puzzle`` (``deadline`` is checked between stages)."""
    return ChainEncoding(puzzle, deadline, acyclic=acyclic)
