"""Merge the detached cycles of a SAT model into its path (a primal heuristic).

A model of the relaxed encoding is a path from the start to the end plus detached
cycles. Often a cycle runs right beside the path: with a path step ``a -> b`` and a
cycle step ``c -> d`` such that ``a -> d`` and ``c -> b`` are allowed moves, replacing
the two steps by those two splices the cycle into the path
(``a -> d -> ... -> c -> b``). If every cycle can be spliced this way without a
crossing and without touching the protected steps, the result is a legal full path:
a witness that the SAT question has the answer "yes", found without another round
of cuts. The search uses it only as a witness (an upper bound on the next
directions); every "no" still comes from the solver.

>>> from numberlink_sat.numchain.model import Puzzle
>>> from numberlink_sat.numchain.encode import encode
>>> enc = encode(Puzzle(3, 1, ((0, 0, 0), (0, 0, 0), (0, 0, 0))))
>>> succ = [1, 2, 5, 4, 3, 8, 7, 6, -1]   # path 0-1-2-5-8, cycles 3<->4 and 6<->7
>>> fixed = splice_cycles(enc, succ, protected=frozenset())
>>> fixed is not None and len(path_cells(fixed, enc.start)) == 9
True
"""

from __future__ import annotations

from collections.abc import Collection

from numberlink_sat.numchain.encode import ChainEncoding

__all__ = ["path_cells", "splice_cycles"]


def path_cells(succ: list[int], start: int) -> list[int]:
    """The cells of the path that starts at ``start`` and follows ``succ``."""
    out = [start]
    seen = {start}
    u = succ[start]
    while u >= 0 and u not in seen:
        out.append(u)
        seen.add(u)
        u = succ[u]
    return out


def _centre(n: int, u: int, v: int) -> int:
    """A key of the unit square a diagonal step cuts, or -1 for an orthogonal step."""
    ru, cu = divmod(u, n)
    rv, cv = divmod(v, n)
    if ru == rv or cu == cv:
        return -1
    return (ru + rv) * (2 * n + 1) + (cu + cv)


def splice_cycles(
    enc: ChainEncoding, succ: list[int], protected: Collection[int],
    forbidden: Collection[int] = (),
) -> list[int] | None:
    """A full path (as a successor list) built by splicing every cycle into the path.

    ``protected`` are cells whose outgoing step must stay (the fixed prefix and the
    step being asked about); ``forbidden`` are move variables that must stay unused.
    Returns ``None`` when some cycle cannot be spliced.
    """
    splicer = _Splicer(enc, succ, protected, forbidden)
    for first in range(enc.n * enc.n):
        if not splicer.on_path[first] and not splicer.splice_cycle(first):
            return None
    return splicer.succ


class _Splicer:
    """The state of :func:`splice_cycles`: successors, predecessors, cells on the path,
    and how many steps cut each unit square diagonally (two may never cross)."""

    def __init__(self, enc: ChainEncoding, succ: list[int], protected: Collection[int],
                 forbidden: Collection[int]) -> None:
        n = enc.n
        size = n * n
        self.enc, self.n = enc, n
        self.protected, self.forbidden = protected, forbidden
        self.succ = list(succ)
        self.on_path = bytearray(size)
        for u in path_cells(self.succ, enc.start):
            self.on_path[u] = 1
        self.pred = [-1] * size
        self.used: dict[int, int] = {}
        for u, v in enumerate(self.succ):
            if v >= 0:
                self.pred[v] = u
                self._count(_centre(n, u, v), 1)

    def _count(self, key: int, delta: int) -> None:
        if key >= 0:
            self.used[key] = self.used.get(key, 0) + delta

    def _allowed(self, u: int, v: int) -> int:
        n = self.n
        dr, dc = v // n - u // n, v % n - u % n
        if max(abs(dr), abs(dc)) != 1:
            return 0
        var = self.enc.arc_var[u][_DIR[(dr, dc)]]
        return 0 if var in self.forbidden else var

    def _free(self, key: int) -> bool:
        return key < 0 or self.used.get(key, 0) == 0

    def _swap_fits(self, a: int, b: int, c: int, d: int) -> bool:
        """Whether ``a -> d`` and ``c -> b`` may replace ``a -> b`` and ``c -> d``
        without a crossing; if so the diagonal counts already hold the new steps."""
        n = self.n
        old_ab, old_cd = _centre(n, a, b), _centre(n, c, d)
        new_ad, new_cb = _centre(n, a, d), _centre(n, c, b)
        self._count(old_ab, -1)
        self._count(old_cd, -1)
        if self._free(new_ad) and self._free(new_cb) and (new_ad < 0 or new_ad != new_cb):
            self._count(new_ad, 1)
            self._count(new_cb, 1)
            return True
        self._count(old_ab, 1)
        self._count(old_cd, 1)
        return False

    def splice_at(self, c: int, d: int) -> int:
        """A path cell ``b`` such that ``pred(b) -> d`` and ``c -> b`` splice; else -1."""
        n = self.n
        rc, cc = divmod(c, n)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rb, cb = rc + dr, cc + dc
                if (dr == 0 and dc == 0) or not (0 <= rb < n and 0 <= cb < n):
                    continue
                b = rb * n + cb
                a = self.pred[b]
                if not self.on_path[b] or a < 0 or a in self.protected:
                    continue
                if self._allowed(a, d) and self._allowed(c, b) and self._swap_fits(a, b, c, d):
                    return b
        return -1

    def splice_cycle(self, first: int) -> bool:
        """Splice the cycle through ``first`` into the path; False when it cannot be."""
        succ = self.succ
        cycle = [first]
        u = succ[first]
        while u != first:
            cycle.append(u)
            u = succ[u]
        orientations = [{c: succ[c] for c in cycle}]
        if self.enc.puzzle.k <= 2:  # labels 0,1 alternate (or are all 0): reversed is legal
            orientations.append({succ[c]: c for c in cycle})
        for nxt in orientations:
            for c in cycle:
                d = nxt[c]
                b = self.splice_at(c, d)
                if b >= 0:
                    self._rewire(cycle, nxt, b, c, d)
                    return True
        return False

    def _rewire(self, cycle: list[int], nxt: dict[int, int], b: int, c: int, d: int) -> None:
        succ, pred = self.succ, self.pred
        a = pred[b]
        for w, x in nxt.items():
            succ[w] = x
            pred[x] = w
        succ[a], succ[c] = d, b
        pred[d], pred[b] = a, c
        for w in cycle:
            self.on_path[w] = 1


_DIR = {(-1, 0): 0, (-1, 1): 1, (0, 1): 2, (1, 1): 3, (1, 0): 4, (1, -1): 5, (0, -1): 6,
        (-1, -1): 7}


def cannot_finish(
    enc: ChainEncoding, visited: bytearray, head: int, squares: Collection[int] = (),
    near: Collection[int] | None = None,
) -> bool:
    """Whether the path that has visited ``visited`` and stands on ``head`` surely fails.

    ``squares`` are the unit squares (see ``ChainEncoding.square_of``) a diagonal step
    of the path so far cuts; moves across them are not available any more. Exact
    reasons only (a ``True`` is a proof): some unvisited cell cannot be reached from
    ``head`` by available moves through unvisited cells, some unvisited cell has no
    available move in (from an unvisited cell, or from ``head``; into the end from
    ``head`` only if the end is the last cell left), some unvisited cell other than the
    end has no available move to an unvisited cell or only one neighbour to go in and
    out through, or two cells can only be entered from ``head`` (or only leave into the
    end). A ``False`` proves nothing.

    ``near`` (optional) limits the cell-by-cell tests to these cells: a caller that
    knows the tests passed on the empty board passes the cells next to the path, the
    head and the end, the only ones whose moves changed (a weaker but faster test).
    """
    square_of = enc.square_of
    size = len(visited)
    end = enc.end
    seen = bytearray(visited)
    stack = [head]
    reached = 0
    out_arcs = enc.out_arcs
    while stack:
        u = stack.pop()
        for _, var, v in out_arcs[u]:
            if not seen[v] and square_of.get(var, -1) not in squares:
                seen[v] = 1
                reached += 1
                stack.append(v)
    missing = size - sum(visited) - reached
    if missing > 0:
        return True
    remaining = size - sum(visited)
    only_from_head = only_to_end = 0
    in_arcs = enc.in_arcs
    for w in range(size) if near is None else near:
        if visited[w]:
            continue
        # ways in: from an unvisited cell, or from the head (into the end only when
        # the end is the last cell left)
        ins = {
            x for var, x in in_arcs[w]
            if square_of.get(var, -1) not in squares
            and ((not visited[x]) or (x == head and (w != end or remaining == 1)))
        }
        if not ins:
            return True
        if w == end:
            continue
        outs = {
            v for _, var, v in out_arcs[w]
            if not visited[v] and square_of.get(var, -1) not in squares
        }
        if not outs or (len(ins) == 1 and ins == outs):
            return True  # no way out, or in and out through the same single cell
        if ins == {head}:
            only_from_head += 1
        if outs == {end}:
            only_to_end += 1
        if only_from_head > 1 or only_to_end > 1:
            return True  # the head has one move left, the end one way in
    return False
