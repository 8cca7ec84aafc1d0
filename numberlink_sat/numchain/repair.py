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
    n = enc.n
    size = n * n
    succ = list(succ)
    on_path = bytearray(size)
    for u in path_cells(succ, enc.start):
        on_path[u] = 1
    pred = [-1] * size
    used: dict[int, int] = {}
    for u, v in enumerate(succ):
        if v >= 0:
            pred[v] = u
            key = _centre(n, u, v)
            if key >= 0:
                used[key] = used.get(key, 0) + 1
    arc_var = enc.arc_var
    row_of = [u // n for u in range(size)]
    col_of = [u % n for u in range(size)]

    def allowed(u: int, v: int) -> int:
        dr, dc = row_of[v] - row_of[u], col_of[v] - col_of[u]
        if max(abs(dr), abs(dc)) != 1:
            return 0
        var = arc_var[u][_DIR[(dr, dc)]]
        return 0 if var in forbidden else var

    def free(key: int) -> bool:
        return key < 0 or used.get(key, 0) == 0

    def _splice_at(c: int, d: int) -> int:
        """A path cell ``b`` such that ``pred(b) -> d`` and ``c -> b`` splice; else -1.

        On success the diagonal bookkeeping already holds the two new steps.
        """
        rc, cc = row_of[c], col_of[c]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rb, cb = rc + dr, cc + dc
                if (dr == 0 and dc == 0) or not (0 <= rb < n and 0 <= cb < n):
                    continue
                b = rb * n + cb
                a = pred[b]
                if not on_path[b] or a < 0 or a in protected:
                    continue
                if not allowed(a, d) or not allowed(c, b):
                    continue
                old_ab, old_cd = _centre(n, a, b), _centre(n, c, d)
                new_ad, new_cb = _centre(n, a, d), _centre(n, c, b)
                for key in (old_ab, old_cd):
                    if key >= 0:
                        used[key] -= 1
                if free(new_ad) and free(new_cb) and (new_ad < 0 or new_ad != new_cb):
                    for key in (new_ad, new_cb):
                        if key >= 0:
                            used[key] = used.get(key, 0) + 1
                    return b
                for key in (old_ab, old_cd):
                    if key >= 0:
                        used[key] += 1
        return -1

    for first in range(size):
        if on_path[first]:
            continue
        cycle = [first]
        u = succ[first]
        while u != first:
            cycle.append(u)
            u = succ[u]
        orientations = [{c: succ[c] for c in cycle}]
        if enc.puzzle.k <= 2:  # labels 0,1 alternate (or are all 0): a reversed cycle is legal
            orientations.append({succ[c]: c for c in cycle})
        done = False
        for nxt in orientations:
            for c in cycle:
                d = nxt[c]
                b = _splice_at(c, d)
                if b >= 0:
                    a = pred[b]
                    for w, x in nxt.items():
                        succ[w] = x
                        pred[x] = w
                    succ[a], succ[c] = d, b
                    pred[d], pred[b] = a, c
                    for w in cycle:
                        on_path[w] = 1
                    done = True
                    break
            if done:
                break
        if not done:
            return None
    return succ


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
