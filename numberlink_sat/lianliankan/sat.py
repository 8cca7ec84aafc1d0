"""Clearability by SAT (without gravity): a matching, a route per pair, no precedence cycle.

A board is clearable iff (proof in ``docs/lianliankan.md``):

- the tiles of each picture are matched in pairs (variable ``m[a, b]``, exactly one per tile),
- each matched pair picks a *route*: a line of at most three segments between its tiles on
  the initial board (variable ``x[a, b, k]``; tiles lying on it must leave earlier), and
- the relation "tile pair P must leave before pair Q" (a tile of P lies on Q's route) has
  no cycle.

Routes are compared by the set of tiles they cross; a route whose set contains another
route's set is dropped (the smaller one is never worse). Cycles are forbidden lazily with
the shared loop :meth:`~numberlink_sat.sat.SatSession.solve_with_cuts`: in a model, build
the precedence graph, find short cycles ``P1 -> P2 -> ... -> Pk -> P1`` and add, for each,
the cut "one of these pairs is not matched, or some ``Pi`` takes a route that crosses no
tile of ``P(i-1)``". It is valid because in a real clearing order some arc of the cycle is
missing; it does not depend on which of the crossing routes the model chose, so one cut
removes many models.

:class:`LlkEncoding` holds the clauses only; :class:`LlkSatSolver` owns the solver and
can be resumed with a new deadline, keeping its learned clauses and cuts.

>>> from numberlink_sat.lianliankan.board import parse_board
>>> sat_order(parse_board("1 2 2 1"))
[((0, 1), (0, 2)), ((0, 0), (0, 3))]
>>> sat_order(parse_board("1 2\\n2 1"), outside_ring=True) is None
True
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from types import TracebackType

from numberlink_sat.lianliankan.board import Board, Cell
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.constraints import at_most_one, exactly_one
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import Model, SatSession, SessionStats
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver

__all__ = ["LlkEncoding", "LlkSatSolver", "routes_between", "sat_order"]

Move = tuple[Cell, Cell]


def routes_between(board: Board, a: Cell, b: Cell, outside_ring: bool) -> list[frozenset[Cell]]:
    """The minimal sets of tiles crossed by lines of <= 3 segments from ``a`` to ``b``.

    Lines run on the initial board (with the ring if asked); a line through ``a`` or ``b``
    before its end is skipped. The empty set means "linked now".

    >>> from numberlink_sat.lianliankan.board import parse_board
    >>> routes_between(parse_board("1 2 2 1"), (0, 0), (0, 3), False)
    [frozenset({(0, 1), (0, 2)})]
    """
    h, w = board.height, board.width
    lo_r, hi_r, lo_c, hi_c = (-1, h, -1, w) if outside_ring else (0, h - 1, 0, w - 1)

    def walk(p: Cell, q: Cell, out: list[Cell]) -> None:
        dr = (q[0] > p[0]) - (q[0] < p[0])
        dc = (q[1] > p[1]) - (q[1] < p[1])
        r, c = p
        while (r, c) != q:
            r, c = r + dr, c + dc
            out.append((r, c))

    found: set[frozenset[Cell]] = set()
    corners: list[tuple[Cell, Cell]] = []
    corners += [((r, a[1]), (r, b[1])) for r in range(lo_r, hi_r + 1)]
    corners += [((a[0], c), (b[0], c)) for c in range(lo_c, hi_c + 1)]
    for p, q in corners:
        seq: list[Cell] = []
        walk(a, p, seq)
        walk(p, q, seq)
        walk(q, b, seq)
        inner = seq[:-1]
        if (not seq or seq[-1] != b or len(set(inner)) != len(inner)
                or a in inner or b in inner):
            continue
        if not all(lo_r <= r <= hi_r and lo_c <= c <= hi_c for r, c in inner):
            continue
        found.add(frozenset((r, c) for r, c in inner
                            if 0 <= r < h and 0 <= c < w and board.cells[r][c]))
    minimal = [s for s in found if not any(o < s for o in found)]
    minimal.sort(key=lambda s: (len(s), sorted(s)))
    return minimal


@dataclass
class _Pair:
    a: int
    b: int
    var: int
    routes: list[tuple[int, frozenset[int]]] = field(default_factory=list)  # (var, blockers)


class LlkEncoding(Encoding):
    """The SAT model of one board: clauses, decoding (:meth:`order`) and cycle cuts.

    ``deadline`` bounds the encoding only; :class:`LlkSatSolver` runs the solver.
    """

    def __init__(self, board: Board, outside_ring: bool = False,
                 deadline: Deadline | None = None) -> None:
        super().__init__()
        self.board = board
        self.outside_ring = outside_ring
        deadline = deadline if deadline is not None else Deadline(None)
        self.cells: list[Cell] = board.tiles()
        index = {c: i for i, c in enumerate(self.cells)}
        self.pairs: list[_Pair] = []
        by_tile: dict[int, list[int]] = {i: [] for i in range(len(self.cells))}
        for cells in board.pictures().values():
            ids = [index[c] for c in cells]
            for i, ta in enumerate(ids):
                for tb in ids[i + 1:]:
                    pair = _Pair(ta, tb, self.pool.new())
                    routes = routes_between(board, self.cells[ta], self.cells[tb], outside_ring)
                    for cells_crossed in routes:
                        pair.routes.append(
                            (self.pool.new(), frozenset(index[c] for c in cells_crossed)))
                    by_tile[ta].append(len(self.pairs))
                    by_tile[tb].append(len(self.pairs))
                    self.pairs.append(pair)
                    rv = [v for v, _ in pair.routes]
                    self.clauses.append([-pair.var, *rv])
                    self.clauses.extend([-v, pair.var] for v in rv)
                    self.clauses.extend(at_most_one(rv, self.pool))
            deadline.check("encoding")
        self.pair_of_tile = by_tile
        for ps in by_tile.values():
            self.clauses.extend(exactly_one([self.pairs[p].var for p in ps], self.pool))
        # 2-cycles eagerly: a route of P crossing a tile of Q and a route of Q crossing a
        # tile of P cannot both be chosen.
        crossing: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(self.cells))}
        for pi, pair in enumerate(self.pairs):
            for var, tiles_crossed in pair.routes:
                for t in tiles_crossed:
                    crossing[t].append((pi, var))
        seen: set[tuple[int, int]] = set()
        for pair in self.pairs:
            back = crossing[pair.a] + crossing[pair.b]
            if not back:
                continue
            for var, crossed in pair.routes:
                qset = {q for t in crossed for q in by_tile[t]}
                for qi, qvar in back:
                    if qi in qset and (qvar, var) not in seen:
                        seen.add((var, qvar))
                        self.clauses.append([-var, -qvar])
            deadline.check("encoding")
        self.cut_count = 0

    # -- decoding ----------------------------------------------------------------
    def _chosen(self, model: Model) -> tuple[list[int], dict[int, int], dict[int, int]]:
        """Matched pairs, tile -> its pair, pair -> index of its first true route."""
        chosen = [i for i, p in enumerate(self.pairs) if model[p.var]]
        owner: dict[int, int] = {}
        route: dict[int, int] = {}
        for i in chosen:
            p = self.pairs[i]
            owner[p.a] = i
            owner[p.b] = i
            route[i] = next(k for k, (v, _) in enumerate(p.routes) if model[v])
        return chosen, owner, route

    def _graph(self, model: Model) -> tuple[list[int], dict[int, list[int]], dict[int, int]]:
        chosen, owner, route = self._chosen(model)
        preds: dict[int, list[int]] = {i: [] for i in chosen}
        for i in chosen:
            blockers = self.pairs[i].routes[route[i]][1]
            preds[i] = sorted({owner[t] for t in blockers})
        return chosen, preds, route

    def find_cuts(self, model: Model) -> list[list[int]]:
        """Cuts for short cycles of the precedence graph of ``model`` (empty: acyclic)."""
        chosen, preds, _ = self._graph(model)
        cycles = _short_cycles(chosen, preds)
        cuts = []
        for cycle in cycles:
            # cycle: P1 -> P2 -> ... -> Pk -> P1 (each Pi must leave before P(i+1))
            clause = [-self.pairs[p].var for p in cycle]
            k = len(cycle)
            for j in range(k):
                prev, cur = cycle[j - 1], cycle[j]
                pa, pb = self.pairs[prev].a, self.pairs[prev].b
                clause.extend(v for v, bl in self.pairs[cur].routes
                              if pa not in bl and pb not in bl)
            cuts.append(clause)
        self.cut_count += len(cuts)
        return cuts

    def order(self, model: Model) -> list[Move]:
        """The removal order of an acyclic model (a topological order of the pairs)."""
        chosen, preds, _ = self._graph(model)
        indeg = {i: len(preds[i]) for i in chosen}
        succs: dict[int, list[int]] = {i: [] for i in chosen}
        for i in chosen:
            for j in preds[i]:
                succs[j].append(i)
        ready = deque(sorted(i for i in chosen if indeg[i] == 0))
        out: list[Move] = []
        while ready:
            i = ready.popleft()
            p = self.pairs[i]
            out.append((self.cells[p.a], self.cells[p.b]))
            for j in succs[i]:
                indeg[j] -= 1
                if indeg[j] == 0:
                    ready.append(j)
        return out


class LlkSatSolver:
    """The solver lifecycle over one :class:`LlkEncoding`: run, resume, free.

    Each :meth:`resume` runs the lazy cycle-cut loop until its deadline; a later call
    goes on with the same solver, its learned clauses and cuts. Use it as a context
    manager (or call :meth:`close`) so the solver is freed.

    >>> from numberlink_sat.lianliankan.board import parse_board
    >>> with LlkSatSolver(LlkEncoding(parse_board("1 1 2 2"))) as engine:
    ...     engine.resume(Deadline(None))
    [((0, 0), (0, 1)), ((0, 2), (0, 3))]
    """

    def __init__(self, encoding: LlkEncoding, solver: str = DEFAULT_SOLVER) -> None:
        self.encoding = encoding
        self.solver = check_solver(solver)
        self._session: SatSession | None = None

    @property
    def stats(self) -> SessionStats | None:
        """What the solver did so far (``None`` before the first call)."""
        return None if self._session is None else self._session.stats

    def resume(self, deadline: Deadline) -> list[Move] | None:
        """A clearing order, ``None`` when there is none; :class:`SolveTimeout` past
        ``deadline`` (then it may be called again with a new deadline)."""
        enc = self.encoding
        if any(len(cs) % 2 for cs in enc.board.pictures().values()):
            return None  # a picture with an odd number of tiles is never cleared
        if not enc.cells:
            return []
        if self._session is None:
            self._session = SatSession(enc, solver=self.solver)
        model = self._session.solve_with_cuts(enc.find_cuts, deadline=deadline)
        return None if model is None else enc.order(model)

    def close(self) -> None:
        """Free the solver."""
        if self._session is not None:
            self._session.close()
            self._session = None

    def __enter__(self) -> LlkSatSolver:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _short_cycles(nodes: list[int], preds: dict[int, list[int]]) -> list[list[int]]:
    """A few short cycles, as lists of nodes P1..Pk with Pi -> P(i+1) (i.e. Pi in preds of
    P(i+1)) and Pk -> P1; at most one per start node, node-disjoint where possible."""
    succs: dict[int, list[int]] = {v: [] for v in nodes}
    for v in nodes:
        for u in preds[v]:
            succs[u].append(v)
    cycles: list[list[int]] = []
    for comp in _cyclic_components(nodes, succs, preds):
        members = set(comp)
        used: set[int] = set()
        for start in sorted(comp):
            if start in used:
                continue
            cyc = _cycle_through(start, members, succs)
            if cyc is None or (used & set(cyc) and cycles):
                continue
            used |= set(cyc)
            cycles.append(cyc)
            if len(cycles) >= 20:
                return cycles
    return cycles


def _cyclic_components(nodes: list[int], succs: dict[int, list[int]],
                       preds: dict[int, list[int]]) -> list[list[int]]:
    """The strongly connected components that hold a cycle (iterative Tarjan)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on: set[int] = set()
    stack: list[int] = []
    comps: list[list[int]] = []

    def visit(v: int) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)

    for root in nodes:
        if root in index:
            continue
        visit(root)
        work = [(root, iter(succs[root]))]
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    visit(nxt)
                    work.append((nxt, iter(succs[nxt])))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = _pop_component(stack, on, v)
                if len(comp) > 1 or v in preds[v]:
                    comps.append(comp)
    return comps


def _pop_component(stack: list[int], on: set[int], root: int) -> list[int]:
    comp = []
    while True:
        x = stack.pop()
        on.discard(x)
        comp.append(x)
        if x == root:
            return comp


def _cycle_through(start: int, members: set[int], succs: dict[int, list[int]]) -> list[int] | None:
    """A shortest cycle from ``start`` inside ``members`` (breadth first), arcs forward."""
    parent: dict[int, int] = {}
    queue = deque([start])
    while queue and start not in parent:
        v = queue.popleft()
        for u in succs[v]:
            if u not in members:
                continue
            if u == start:
                parent[start] = v
                break
            if u not in parent:
                parent[u] = v
                queue.append(u)
    if start not in parent:
        return None
    cyc = [start]
    v = parent[start]
    while v != start:
        cyc.append(v)
        v = parent[v]
    cyc.reverse()  # start ... ; arcs go forward
    return [cyc[-1], *cyc[:-1]] if cyc[0] != start else cyc


def sat_order(board: Board, outside_ring: bool = False, deadline: Deadline | None = None,
              solver: str = DEFAULT_SOLVER) -> list[Move] | None:
    """A clearing order found by SAT, or None when the board cannot be cleared."""
    deadline = deadline if deadline is not None else Deadline(None)
    with LlkSatSolver(LlkEncoding(board, outside_ring, deadline), solver) as engine:
        return engine.resume(deadline)
