"""Solve Number Chain: the lexicographically smallest direction string, or ``None``.

``method="sat"`` (the default) runs the greedy prefix search on ONE incremental solver
(:func:`lexmin_sat`); ``"dfs"`` is the seed's search (mended), ``"dfs-pruned"`` the
pruned one, ``"brute"`` the brute force for tiny boards. Every method honours
``time_limit`` through the shared :class:`~numberlink_sat.sat.Deadline` and raises
:class:`~numberlink_sat.errors.SolveTimeout` past it.

>>> from numberlink_sat.numchain.model import parse
>>> p = parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2")
>>> solve(p), solve(p, method="dfs")
('41255214', '41255214')
>>> solve(parse("2 2\\n1 0\\n0 1")) is None
True
"""

from __future__ import annotations

from typing import Any

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numchain.brute import brute_force
from numberlink_sat.numchain.dfs import dfs_plain, dfs_pruned
from numberlink_sat.numchain.encode import ChainEncoding, encode
from numberlink_sat.numchain.model import Puzzle, impossibility
from numberlink_sat.numchain.repair import cannot_finish, splice_cycles
from numberlink_sat.sat import DEFAULT_SOLVER, Deadline, SatSession

__all__ = ["METHODS", "STRATEGIES", "lexmin_sat", "solve"]

METHODS: tuple[str, ...] = ("sat", "dfs", "dfs-pruned", "brute")
"""The engines :func:`solve` offers."""

STRATEGIES: tuple[str, ...] = ("below", "smallest")
"""How :func:`lexmin_sat` looks for a smaller direction at a step (see there)."""


def lexmin_sat(
    puzzle: Puzzle,
    solver: str = DEFAULT_SOLVER,
    deadline: Deadline | None = None,
    *,
    precheck: bool = True,
    strategy: str = "below",
    acyclic: str = "lazy",
    splice: bool = True,
    prune: bool = True,
    cuts_on_splice: bool = False,
    stats: dict[str, Any] | None = None,
) -> str | None:
    """The smallest direction string by SAT, fixing the prefix greedily.

    One solver holds the encoding. A first call (with lazy cuts) gives some full path.
    Then, step by step from the start: let ``d`` be the direction the current path
    takes at this step. The allowed moves with a smaller direction that still lead to
    an unvisited cell are the only candidates; with none, ``d`` is right without a
    call. Otherwise one call asks whether *any* of them is possible (``strategy="below"``:
    a clause ``-a or m1 or m2 ...`` under the assumption ``a``); UNSAT fixes ``d``,
    SAT gives a path with a smaller direction, and the question is asked again below
    it. ``strategy="smallest"`` instead tests the smallest candidate alone first.
    Fixed steps and refuted moves become unit clauses (the prefix never changes again),
    so later calls get easier.

    Each call runs the lazy-cut loop; with ``splice=True`` a model whose only fault is
    detached cycles is first offered to :func:`~.repair.splice_cycles`, and a spliced
    full path is taken as the witness "yes" (its cuts are added only with
    ``cuts_on_splice=True``: measured slower). Every "no" comes from the solver. With
    ``prune=True`` candidates that :func:`~.repair.cannot_finish` refutes are ruled
    out without a call. ``acyclic`` picks the cycle exclusion of the encoding
    (:data:`~.encode.ACYCLIC_MODES`); ``precheck=False`` skips the cheap label checks
    (the tests use it to exercise the encoding on impossible boards).
    """
    if strategy not in STRATEGIES:
        raise InvalidArgumentError(
            f"unknown strategy {strategy!r}; use one of {', '.join(STRATEGIES)}")
    deadline = deadline if deadline is not None else Deadline(None)
    if puzzle.n == 1:
        return "" if puzzle.grid[0][0] == 0 else None
    if precheck and impossibility(puzzle) is not None:
        return None
    enc = encode(puzzle, deadline, acyclic=acyclic)
    # cells whose moves the prefix changed: next to the path, and next to the end
    near: set[int] = enc.neighbours[enc.start] | enc.neighbours[enc.end] | {enc.end}
    total = puzzle.cells
    visited = bytearray(total)
    visited[enc.start] = 1
    protected: set[int] = set()
    refuted: set[int] = set()
    squares: set[int] = set()  # unit squares cut by a diagonal of the fixed prefix
    spliced = 0
    pruned = 0
    with SatSession(enc.clauses, solver=solver, deadline=deadline, num_vars=enc.pool.top) as s:

        def query(assumptions: list[int]) -> list[int] | None:
            """A full path under ``assumptions`` (directions), or None when UNSAT."""
            nonlocal spliced
            while s.solve(assumptions):
                succ = enc.successors(s.model())
                cycles = enc.cycles(succ)
                if not cycles:
                    return enc.directions_of(succ)
                if splice:
                    fixed = splice_cycles(enc, succ, protected, refuted)
                    if fixed is not None:
                        spliced += 1
                        if cuts_on_splice:
                            s.add_clauses(enc.cuts_for(cycles))
                        return enc.directions_of(fixed)
                cuts = enc.cuts_for(cycles)
                s.stats.cut_rounds += 1
                s.stats.cuts += len(cuts)
                s.add_clauses(cuts)
            return None

        try:
            current = query([])
            if current is None:
                return None
            answer: list[int] = []
            u = enc.start
            for step in range(total - 1):
                last = step == total - 2
                protected.add(u)
                d = current[step]
                while True:
                    cands = [
                        var for dd, var, v in enc.out_arcs[u]
                        if dd < d and not visited[v] and var not in refuted
                        and (v != enc.end or last)
                    ]
                    if not cands:
                        break
                    if prune:
                        dead = [
                            var for var in cands
                            if _dead_end(enc, visited, squares, var, near)
                        ]
                        if dead:
                            pruned += len(dead)
                            refuted.update(dead)
                            s.add_clauses([[-var] for var in dead])
                            continue
                    if strategy == "smallest" or len(cands) == 1:
                        test = cands[0]
                        found = query([test])
                        if found is None:
                            refuted.add(test)
                            s.add_clause([-test])
                            continue
                    else:
                        act = enc.pool.new()
                        s.add_clause([-act, *cands])
                        found = query([act])
                        s.add_clause([-act])
                        if found is None:
                            refuted.update(cands)
                            s.add_clauses([[-var] for var in cands])
                            break
                    current = found
                    d = current[step]
                var = enc.arc_var[u][d]
                s.add_clause([var])
                answer.append(d)
                u = enc.var_head[var]
                visited[u] = 1
                near |= enc.neighbours[u]
                if var in enc.square_of:
                    squares.add(enc.square_of[var])
            return "".join(map(str, answer))
        finally:
            if stats is not None:
                stats.update(s.stats.as_dict())
                stats["arcs"] = enc.num_arcs
                stats["spliced"] = spliced
                stats["pruned"] = pruned


def _dead_end(
    enc: ChainEncoding, visited: bytearray, squares: set[int], var: int, near: set[int]
) -> bool:
    """Whether the move ``var`` next surely fails (see :func:`~.repair.cannot_finish`)."""
    head = enc.var_head[var]
    square = enc.square_of.get(var, -1)
    visited[head] = 1
    if square >= 0:
        squares.add(square)
    try:
        return cannot_finish(enc, visited, head, squares, near | enc.neighbours[head])
    finally:
        visited[head] = 0
        squares.discard(square)


def solve(
    puzzle: Puzzle,
    method: str = "sat",
    *,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
    stats: dict[str, Any] | None = None,
) -> str | None:
    """The lexicographically smallest direction string of ``puzzle``, or ``None``.

    ``method`` is one of :data:`METHODS`; ``solver`` the PySAT solver (``"sat"`` only);
    ``time_limit`` in seconds raises :class:`~numberlink_sat.errors.SolveTimeout` past it.
    ``stats`` (a dict) receives what the engine did (solver calls, DFS steps, ...).
    For a 1x1 board the answer is ``""`` when the cell holds 0.
    """
    deadline = Deadline(time_limit)
    if method == "sat":
        return lexmin_sat(puzzle, solver, deadline, stats=stats)
    if method in ("dfs", "dfs-pruned"):
        engine = dfs_plain if method == "dfs" else dfs_pruned
        steps: dict[str, int] = {}
        try:
            return engine(puzzle, deadline, stats=steps)
        finally:
            if stats is not None:
                stats.update(steps)
    if method == "brute":
        result = brute_force(puzzle)
        deadline.check("brute force")
        return result
    raise InvalidArgumentError(f"unknown method {method!r}; use one of {', '.join(METHODS)}")

