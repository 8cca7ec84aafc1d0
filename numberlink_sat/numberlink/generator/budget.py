"""SAT work of one candidate, bounded by conflicts and a wall-clock deadline.

The generator's proofs run in conflict slices of a fixed, growing size (2,000,
doubling up to 64,000), whatever the machine does: the solver sees the same
calls on every machine and in every worker, so the same seed gives the same
puzzle. A ``conflict_budget`` (conflicts per candidate) decides, reproducibly, when a
candidate is dropped; the wall-clock ``deadline`` is checked between slices and only
ever stops the run (it never changes which puzzle comes out).

>>> b = ProofBudget("glucose4", Deadline(None), conflict_budget=10)
>>> b.spent, b.conflict_budget
(0, 10)
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from typing import Any

from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession
from numberlink_sat.sat.solvers import ctrl_c_as_interrupt

__all__ = ["BudgetExhausted", "BudgetSession", "ProofBudget"]

_log = logging.getLogger(__name__)

FIRST_SLICE = 2_000
MAX_SLICE = 64_000


class BudgetExhausted(Exception):
    """The candidate used up its conflict budget (it is dropped, reproducibly)."""


class ProofBudget:
    """The solver, the deadline and the conflicts left for one candidate."""

    def __init__(self, solver: str, deadline: Deadline, *,
                 conflict_budget: int | None = None) -> None:
        self.solver = solver
        self.deadline = deadline
        self.conflict_budget = conflict_budget
        self.spent = 0

    def session(self, clauses: Iterable[list[int]] | Encoding = (), *,
                num_vars: int = 0) -> BudgetSession:
        """A new SAT session that charges its conflicts to this budget."""
        return BudgetSession(self, clauses, num_vars=num_vars)

    def charge(self, conflicts: int) -> None:
        """Count ``conflicts``; raise :class:`BudgetExhausted` past the budget."""
        self.spent += conflicts
        if self.conflict_budget is not None and self.spent > self.conflict_budget:
            raise BudgetExhausted(
                f"conflict budget of {self.conflict_budget} used up ({self.spent})"
            )


def _conflicts(solver: Any) -> int | None:
    try:
        stats = solver.accum_stats()
    except (AttributeError, NotImplementedError):  # pragma: no cover - solver dependent
        return None
    value = stats.get("conflicts") if isinstance(stats, dict) else None
    return int(value) if value is not None else None


class BudgetSession(SatSession):
    """A :class:`SatSession` whose calls run in fixed slices charged to a budget."""

    def __init__(self, budget: ProofBudget, clauses: Iterable[list[int]] | Encoding = (),
                 *, num_vars: int = 0) -> None:
        super().__init__(clauses, solver=budget.solver, deadline=budget.deadline,
                         num_vars=num_vars)
        self.budget = budget

    def solve(self, assumptions: Sequence[int] = (), *,
              deadline: Deadline | None = None) -> bool:
        """One SAT call in fixed slices; ``SolveTimeout`` / ``BudgetExhausted`` stop it."""
        active = self.deadline.sooner(deadline)
        active.check("solving")
        self.stats.calls += 1
        started = time.perf_counter()
        solver = self._solver
        size = FIRST_SLICE
        try:
            while True:
                before = _conflicts(solver)
                solver.conf_budget(size)
                with ctrl_c_as_interrupt(solver):
                    answer = solver.solve_limited(assumptions=list(assumptions))
                after = _conflicts(solver)
                used = size if before is None or after is None else after - before
                self.stats.conflicts += used
                self.budget.charge(used)
                if answer is not None:
                    return bool(answer)
                active.check("solving")
                size = min(2 * size, MAX_SLICE)
        finally:
            spent = time.perf_counter() - started
            self.stats.solve_seconds += spent
            _log.debug("SAT call %d: %.3f s", self.stats.calls, spent)
