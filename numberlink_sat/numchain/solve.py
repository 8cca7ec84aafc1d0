"""Solve Number Chain: the lexicographically smallest direction string, or ``None``.

``method="sat"`` (the default) runs the greedy prefix search on ONE incremental solver
(:func:`lexmin_sat`); ``"dfs"`` is the contest program's search (mended), ``"dfs-pruned"`` the
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
from numberlink_sat.sat import DEFAULT_SOLVER, Accept, Deadline, Model, SatSession

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

    Each call runs the shared lazy-cut loop; with ``splice=True`` a model whose only
    fault is detached cycles is first offered to :func:`~.repair.splice_cycles`, and a
    spliced full path is accepted as the witness "yes" (the loop's repair step; its cuts
    are added only with ``cuts_on_splice=True``: measured slower). Every "no" comes from
    the solver. With ``prune=True`` candidates that :func:`~.repair.cannot_finish`
    refutes are ruled out without a call. ``acyclic`` picks the cycle exclusion of the
    encoding (:data:`~.encode.ACYCLIC_MODES`); ``precheck=False`` skips the cheap label
    checks (the tests use it to exercise the encoding on impossible boards).
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
    with SatSession(enc, solver=solver, deadline=deadline) as session:
        search = _PrefixSearch(enc, session, strategy=strategy, splice=splice, prune=prune,
                               cuts_on_splice=cuts_on_splice)
        try:
            return search.run()
        finally:
            if stats is not None:
                stats.update(session.stats.as_dict())
                stats["arcs"] = enc.num_arcs
                stats["spliced"] = search.spliced
                stats["pruned"] = search.pruned


class _PrefixSearch:
    """The state of :func:`lexmin_sat`: the fixed prefix and what is known about moves.

    Phases: :meth:`first_path` (any full path), then per step :meth:`settle_step`
    (ask below the current direction until it is proven smallest) and :meth:`fix_step`.
    """

    def __init__(self, enc: ChainEncoding, session: SatSession, *, strategy: str,
                 splice: bool, prune: bool, cuts_on_splice: bool) -> None:
        self.enc = enc
        self.session = session
        self.strategy = strategy
        self.splice = splice
        self.prune = prune
        self.cuts_on_splice = cuts_on_splice
        # cells whose moves the prefix changed: next to the path, and next to the end
        self.near: set[int] = enc.neighbours[enc.start] | enc.neighbours[enc.end] | {enc.end}
        self.total = enc.puzzle.cells
        self.visited = bytearray(self.total)
        self.visited[enc.start] = 1
        self.protected: set[int] = set()  # cells whose step is fixed (or being asked)
        self.refuted: set[int] = set()  # move variables proven unusable
        self.squares: set[int] = set()  # unit squares cut by a diagonal of the prefix
        self.answer: list[int] = []
        self.spliced = 0
        self.pruned = 0
        self._succ: list[int] = []  # the successor list of the last model looked at

    # -- the cut loop with its repair step ---------------------------------------------
    def _judge(self, model: Model) -> list[list[int]] | Accept[list[int]]:
        """Accept a full path, repair one with detached cycles by splicing, or cut."""
        enc = self.enc
        self._succ = succ = enc.successors(model)
        cycles = enc.cycles(succ)
        if not cycles:
            return []
        if self.splice:
            fixed = splice_cycles(enc, succ, self.protected, self.refuted)
            if fixed is not None:
                self.spliced += 1
                return Accept(fixed, enc.cuts_for(cycles) if self.cuts_on_splice else [])
        return enc.cuts_for(cycles)

    def query(self, assumptions: list[int]) -> list[int] | None:
        """A full path under ``assumptions`` (its directions), or None when UNSAT."""
        found = self.session.solve_with_cuts(self._judge, assumptions)
        if found is None:
            return None
        succ = self._succ if isinstance(found, Model) else found
        return self.enc.directions_of(succ)

    # -- phases ---------------------------------------------------------------------
    def run(self) -> str | None:
        """The smallest direction string, or None when there is no path at all."""
        current = self.first_path()
        if current is None:
            return None
        u = self.enc.start
        for step in range(self.total - 1):
            self.protected.add(u)
            current = self.settle_step(u, step, current)
            u = self.fix_step(u, current[step])
        return "".join(map(str, self.answer))

    def first_path(self) -> list[int] | None:
        """Any full path (directions), or None when the board has none."""
        return self.query([])

    def candidates(self, u: int, step: int, d: int) -> list[int]:
        """The moves out of ``u`` with a smaller direction than ``d`` still open."""
        enc, last = self.enc, step == self.total - 2
        return [
            var for dd, var, v in enc.out_arcs[u]
            if dd < d and not self.visited[v] and var not in self.refuted
            and (v != enc.end or last)
        ]

    def settle_step(self, u: int, step: int, current: list[int]) -> list[int]:
        """A full path whose direction at ``step`` is the smallest possible there."""
        while True:
            cands = self.candidates(u, step, current[step])
            if not cands:
                return current
            if self.prune and self._prune(cands):
                continue
            found = self._ask(cands)
            if found is None:
                if self.strategy == "below" and len(cands) > 1:
                    return current  # no candidate is possible: current[step] is right
                continue
            current = found

    def _prune(self, cands: list[int]) -> bool:
        """Refute the candidates that surely fail without a call; whether any did."""
        dead = [var for var in cands if self._dead_end(var)]
        if not dead:
            return False
        self.pruned += len(dead)
        self._refute(dead)
        return True

    def _ask(self, cands: list[int]) -> list[int] | None:
        """A full path using one of ``cands`` (refuting what the solver rules out)."""
        session = self.session
        if self.strategy == "smallest" or len(cands) == 1:
            found = self.query([cands[0]])
            if found is None:
                self._refute(cands[:1])
            return found
        act = self.enc.pool.new()
        session.add_clause([-act, *cands])
        found = self.query([act])
        session.add_clause([-act])
        if found is None:
            self._refute(cands)
        return found

    def _refute(self, moves: list[int]) -> None:
        self.refuted.update(moves)
        self.session.add_clauses([[-var] for var in moves])

    def fix_step(self, u: int, d: int) -> int:
        """Fix the move in direction ``d`` out of ``u``; the cell it reaches."""
        enc = self.enc
        var = enc.arc_var[u][d]
        self.session.add_clause([var])
        self.answer.append(d)
        v = enc.var_head[var]
        self.visited[v] = 1
        self.near |= enc.neighbours[v]
        if var in enc.square_of:
            self.squares.add(enc.square_of[var])
        return v

    def _dead_end(self, var: int) -> bool:
        """Whether the move ``var`` next surely fails (see :func:`~.repair.cannot_finish`)."""
        enc = self.enc
        head = enc.var_head[var]
        square = enc.square_of.get(var, -1)
        self.visited[head] = 1
        if square >= 0:
            self.squares.add(square)
        try:
            return cannot_finish(enc, self.visited, head, self.squares,
                                 self.near | enc.neighbours[head])
        finally:
            self.visited[head] = 0
            self.squares.discard(square)


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
        return brute_force(puzzle, deadline=deadline)
    raise InvalidArgumentError(f"unknown method {method!r}; use one of {', '.join(METHODS)}")

