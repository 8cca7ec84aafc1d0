"""Cardinality and degree constraints as plain clause lists (lists of ints).

Small cardinalities (a cell's 4 or 8 edges) use the direct binomial encoding, which
needs no auxiliary variables: exactly-2 of 4 is 8 clauses, exactly-2 of 8 is 64.
Larger ones use a sequential counter with variables from the :class:`VarPool`.

>>> exactly_k([1, 2, 3], 1)
[[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]]
>>> len(exactly_k([1, 2, 3, 4], 2))
8
>>> degree_in_set([1, 2], {0, 2})
[[-1, 2], [1, -2]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from numberlink_sat.sat.pool import VarPool

__all__ = [
    "DIRECT_LIMIT",
    "at_least_k",
    "at_least_one",
    "at_most_k",
    "at_most_one",
    "degree_in_set",
    "directed_degree",
    "exactly_k",
    "exactly_one",
]

Clause = list[int]

DIRECT_LIMIT = 10
"""Up to this many literals, cardinalities are written as binomial clauses (no aux vars)."""


def at_least_one(lits: Sequence[int]) -> list[Clause]:
    """One clause: some literal is true (an empty input gives the empty clause)."""
    return [list(lits)]


def at_most_k(lits: Sequence[int], k: int, pool: VarPool | None = None) -> list[Clause]:
    """At most ``k`` of ``lits`` are true."""
    n = len(lits)
    if k < 0:
        return [[]]
    if k >= n:
        return []
    if k == 0:
        return [[-x] for x in lits]
    if n <= DIRECT_LIMIT or pool is None:
        return [[-x for x in sub] for sub in combinations(lits, k + 1)]
    return _seq_counter_at_most(list(lits), k, pool)


def at_least_k(lits: Sequence[int], k: int, pool: VarPool | None = None) -> list[Clause]:
    """At least ``k`` of ``lits`` are true (at most ``n - k`` are false)."""
    n = len(lits)
    if k <= 0:
        return []
    if k > n:
        return [[]]
    if n <= DIRECT_LIMIT or pool is None:
        return [list(sub) for sub in combinations(lits, n - k + 1)]
    return at_most_k([-x for x in lits], n - k, pool)


def at_most_one(lits: Sequence[int], pool: VarPool | None = None) -> list[Clause]:
    """At most one of ``lits`` is true (pairwise up to ``DIRECT_LIMIT``, else a counter)."""
    return at_most_k(lits, 1, pool)


def exactly_one(lits: Sequence[int], pool: VarPool | None = None) -> list[Clause]:
    """Exactly one of ``lits`` is true."""
    return at_least_one(lits) + at_most_one(lits, pool)


def exactly_k(lits: Sequence[int], k: int, pool: VarPool | None = None) -> list[Clause]:
    """Exactly ``k`` of ``lits`` are true."""
    if k == 1:
        return exactly_one(lits, pool)
    return at_least_k(lits, k, pool) + at_most_k(lits, k, pool)


def degree_in_set(lits: Sequence[int], allowed: Iterable[int]) -> list[Clause]:
    """The number of true literals lies in ``allowed`` (direct encoding, small inputs).

    Every forbidden count is ruled out by clauses over the smallest subsets that
    decide it; the result is simplified by subsumption. Meant for cell degrees
    (4 or 8 literals), e.g. ``{0, 2}`` for a cell that may stay empty.
    """
    n = len(lits)
    ok = {d for d in allowed if 0 <= d <= n}
    if not ok:
        return [[]]
    lo, hi = min(ok), max(ok)
    clauses: list[Clause] = at_least_k(lits, lo) + at_most_k(lits, hi)
    # counts strictly between lo and hi that are forbidden: for each set T of exactly d
    # true literals, forbid "T true and the rest false".
    for d in range(lo + 1, hi):
        if d in ok:
            continue
        for true_set in combinations(range(n), d):
            clauses.append(
                [-lits[i] if i in true_set else lits[i] for i in range(n)]
            )
    return _subsume(clauses) if lo + 1 < hi else clauses


def _subsume(clauses: list[Clause]) -> list[Clause]:
    """Drop clauses that are supersets of others, and strengthen by resolution on pairs.

    Only used on tiny clause sets (one cell's degree), so quadratic is fine.
    """
    changed = True
    sets = [frozenset(c) for c in clauses]
    while changed:
        changed = False
        # self-subsuming resolution: c1 = A + x, c2 = A + B - x  => c2 loses -x
        for i, a in enumerate(sets):
            for j, b in enumerate(sets):
                if i == j:
                    continue
                for lit in a:
                    if -lit in b and (a - {lit}) <= (b - {-lit}):
                        sets[j] = b - {-lit}
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    unique = list(dict.fromkeys(sets))
    kept = [c for c in unique if not any(o < c for o in unique)]
    return [sorted(c, key=lambda x: (abs(x), x)) for c in kept]


def directed_degree(
    out_arcs: Sequence[int], in_arcs: Sequence[int], out_count: int, in_count: int,
    pool: VarPool | None = None,
) -> list[Clause]:
    """Exactly ``out_count`` outgoing and ``in_count`` incoming arcs at a vertex."""
    return exactly_k(out_arcs, out_count, pool) + exactly_k(in_arcs, in_count, pool)


def _seq_counter_at_most(lits: list[int], k: int, pool: VarPool) -> list[Clause]:
    """Sinz's sequential counter for at-most-k: O(n k) clauses and aux variables."""
    n = len(lits)
    # s[i][j] <=> at least j+1 of lits[0..i] are true (only the -> direction is needed)
    s = [[pool.new() for _ in range(k)] for _ in range(n - 1)]
    out: list[Clause] = [[-lits[0], s[0][0]]]
    out.extend([-s[0][j]] for j in range(1, k))
    for i in range(1, n - 1):
        out.append([-lits[i], s[i][0]])
        out.append([-s[i - 1][0], s[i][0]])
        for j in range(1, k):
            out.append([-lits[i], -s[i - 1][j - 1], s[i][j]])
            out.append([-s[i - 1][j], s[i][j]])
        out.append([-lits[i], -s[i - 1][k - 1]])
    out.append([-lits[n - 1], -s[n - 2][k - 1]])
    return out
