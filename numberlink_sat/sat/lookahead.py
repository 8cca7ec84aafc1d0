"""Cubes by lookahead: a formula's models split into disjoint cubes (cube-and-conquer).

A *cube* is a list of literals. :meth:`Lookahead.split` chooses, ``depth`` times over,
the variable whose two values make unit propagation fix the most literals (the product
of the two counts, as march-style lookahead solvers score), and branches on it. On the
way it uses what propagation proves:

- a literal whose propagation conflicts is false in every model (a *failed literal*),
  so its negation joins the cube (no model is lost);
- a cube whose propagation conflicts has no model and is dropped.

So every model of the clauses that satisfies the cube split (and the ``assumptions``)
satisfies exactly one of the cubes returned: the cubes partition the search. A hard
search can then be asked cube by cube (as assumptions of an incremental solver, which
keeps what it learns from one cube to the next), each cube with its own time.

>>> with Lookahead([[1, 2], [-1, 3], [-2, 3], [-3, 4, 5]], [1, 2, 3, 4, 5]) as look:
...     look.split((), 1)  # 3 holds in every model (-3 fails): forced into the cubes
[(3, 1), (3, -1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import TracebackType
from typing import Any

from pysat.solvers import Solver

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.sat.deadline import Deadline

__all__ = ["Lookahead"]

Cube = tuple[int, ...]


class Lookahead:
    """Unit propagation over ``clauses`` (PySAT's Glucose 4, which can propagate
    without searching), branching on ``variables``. Clauses can be added later
    (:meth:`add_clauses`, e.g. the lazy cuts a search found), which only sharpens
    the cubes. Use it as a context manager so the solver is freed.
    """

    def __init__(self, clauses: Iterable[Sequence[int]], variables: Iterable[int]) -> None:
        self.variables = sorted({abs(v) for v in variables})
        if not all(self.variables):
            raise InvalidArgumentError("a variable of the lookahead cannot be 0")
        self._solver: Any = Solver(name="g4")
        self.add_clauses(clauses)
        self.propagations = 0

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add clauses (implied by the formula, or narrowing it)."""
        for clause in clauses:
            self._solver.add_clause(list(clause))

    def _propagate(self, literals: Sequence[int]) -> tuple[bool, list[int]]:
        self.propagations += 1
        ok, fixed = self._solver.propagate(assumptions=list(literals))
        return bool(ok), fixed

    def _settle(self, cube: list[int], assumptions: list[int]) -> tuple[list[int], set[int]]:
        """The literals propagation fixes under ``cube`` and the variables of those and
        of the cube; ``LookupError`` when propagation refutes the cube."""
        ok, fixed = self._propagate(assumptions + cube)
        if not ok:
            raise LookupError
        return fixed, {abs(lit) for lit in fixed} | {abs(lit) for lit in cube}

    def _branch(self, cube: list[int], assumptions: list[int]) -> int | None:
        """The variable to branch on next (``None``: propagation fixes every one), after
        adding every failed literal's negation to ``cube``; raises ``LookupError``
        when the cube has no model by propagation. Variables that propagation already
        fixes are not branched on (nor added to the cube: they follow from it). A
        failed literal found part way through a scan joins the cube and the scan goes
        on (the scores before it are a little stale); the scan starts again only when
        the variable it chose has become fixed."""
        while True:
            fixed, known = self._settle(cube, assumptions)
            best, score = None, -1
            for var in self.variables:
                if var in known:
                    continue
                up, fixed_up = self._propagate(assumptions + cube + [var])
                down, fixed_down = self._propagate(assumptions + cube + [-var])
                if not up or not down:
                    if not up and not down:
                        raise LookupError
                    cube.append(-var if not up else var)  # one side propagated cleanly
                    fixed, known = self._settle(cube, assumptions)
                    continue
                product = (len(fixed_up) - len(fixed) + 1) * (len(fixed_down) - len(fixed) + 1)
                if product > score:
                    best, score = var, product
            if best is None or best not in known:
                return best

    def split(self, cube: Sequence[int], depth: int, assumptions: Sequence[int] = (), *,
              deadline: Deadline | None = None) -> list[Cube]:
        """The cubes (each extending ``cube``) of a split ``depth`` levels deep under
        ``assumptions``; ``[]`` when propagation refutes every one. ``deadline`` is
        checked before each branch (raises :class:`~numberlink_sat.errors.SolveTimeout`).

        >>> with Lookahead([[1, 2]], [1, 2]) as look:
        ...     look.split((), 2)
        [(1, 2), (1, -2), (-1,)]
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise InvalidArgumentError(f"the depth of a split must be an integer >= 0, "
                                       f"got {depth!r}")
        base = list(assumptions)
        out: list[Cube] = []
        todo: list[tuple[list[int], int]] = [(list(cube), depth)]
        while todo:
            current, left = todo.pop()
            if deadline is not None:
                deadline.check("splitting into cubes")
            try:
                var = self._branch(current, base)
            except LookupError:
                continue
            if left == 0 or var is None:
                out.append(tuple(current))
                continue
            todo.append(([*current, -var], left - 1))
            todo.append(([*current, var], left - 1))
        return out

    def close(self) -> None:
        """Free the solver."""
        if self._solver is not None:
            self._solver.delete()
            self._solver = None

    def __enter__(self) -> Lookahead:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
