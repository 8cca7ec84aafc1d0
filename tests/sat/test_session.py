"""The session's up-front refusal of a solver allocation that cannot fit the time left."""

from __future__ import annotations

import time

import pytest

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.pool import VarPool
from numberlink_sat.sat.session import SatSession


def _encoding(num_vars: int) -> Encoding:
    encoding = Encoding(VarPool(num_vars))
    encoding.add([1, 2])
    return encoding


def test_an_allocation_too_big_for_the_time_left_is_refused_at_once() -> None:
    # 30 million variables are estimated at 6 s: a 2 s limit cannot hold them
    started = time.perf_counter()
    with pytest.raises(SolveTimeout, match="cannot be kept: allocating 30,000,000") as info:
        SatSession(_encoding(30_000_000), deadline=Deadline(2.0))
    assert time.perf_counter() - started < 0.5  # before the allocation, not after it
    assert info.value.stage == "loading the solver"
    assert "cannot be interrupted" in str(info.value)


def test_the_estimate_scales_with_the_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SatSession, "SECONDS_PER_VARIABLE", 0.01)
    with pytest.raises(SolveTimeout, match=r"about 10\.0 s"):
        SatSession(_encoding(1000), deadline=Deadline(1.0))
    with SatSession(_encoding(50), deadline=Deadline(1.0)) as session:  # 0.5 s fits
        assert session.solve()
    with SatSession(_encoding(1000)) as session:  # no limit: nothing to keep
        assert session.solve()


@pytest.mark.parametrize("name", ["cadical195", "glucose4", "minisat22"])
def test_propagation_refutes_only_what_unit_propagation_refutes(name: str) -> None:
    """A chain of implications is refuted without search; a formula that needs a
    decision to fail is not (and it is indeed unsatisfiable: no false proof either
    way, only a missed one)."""
    with SatSession(solver=name) as session:
        session.add_clauses([[1, 2], [-1, 2], [-2, 3]])
        assert session.solve([3])
        if name == "cadical195":  # the count is the solver's own; CaDiCaL needs none here
            assert session.conflicts() == 0
        assert session.refuted_by_propagation([-3])
        assert not session.refuted_by_propagation([3])
    with SatSession(solver=name) as session:  # x xor y, both ways: UNSAT, found by search only
        session.add_clauses([[1, 2], [-1, -2], [1, -2], [-1, 2]])
        assert not session.refuted_by_propagation()
        assert not session.solve()


def test_slices_near_the_deadline_fit_the_slowest_rate_seen() -> None:
    """A slice cannot be cut short: near the end of a time limit each slice is sized by
    the slowest seconds per conflict seen so far to fit half the time left, so one slow
    slice does not carry the search far past the limit."""

    class Solver:  # conflicts cost 10 us each, except in the second slice (100 us)
        def __init__(self) -> None:
            self.budget, self.calls, self.budgets = 0, 0, []

        def conf_budget(self, budget: int) -> None:
            self.budget = budget

        def solve_limited(self, assumptions: object = ()) -> None:
            self.calls += 1
            self.budgets.append(self.budget)
            time.sleep(self.budget * (1e-4 if self.calls == 2 else 1e-5))

    with SatSession() as session:
        fake = Solver()
        real, session._solver = session._solver, fake
        started = time.perf_counter()
        try:
            with pytest.raises(SolveTimeout):
                session._solve_in_slices([], Deadline(1.5))
        finally:
            session._solver = real
        assert time.perf_counter() - started < 1.5 + 0.3
        # after the slow slice, slices fit half the time left at 100 us a conflict, so
        # the last ones are the smallest allowed; without the rule they kept doubling
        assert max(fake.budgets[2:]) <= 1.5 / 2 / 1e-4
        assert fake.budgets[-1] == 100


def _pigeons(holes: int) -> list[list[int]]:
    """holes + 1 pigeons in ``holes`` holes: unsatisfiable, and hard enough that the
    search's settings change its conflict count."""
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    clauses += [[-var[p, h], -var[q, h]] for h in range(holes)
                for p in range(holes + 1) for q in range(p + 1, holes + 1)]
    return clauses


def _conflicts_with(options: dict[str, dict[str, int]],
                    monkeypatch: pytest.MonkeyPatch) -> int | None:
    monkeypatch.setattr(SatSession, "SOLVER_OPTIONS", options)
    with SatSession(_pigeons(7), solver="cadical195") as session:
        assert session.solve() is False
        return session.conflicts()


def test_solver_options_reach_cadical(monkeypatch: pytest.MonkeyPatch) -> None:
    default = _conflicts_with({}, monkeypatch)
    assert default == _conflicts_with({"glucose4": {"x": 1}}, monkeypatch)  # not this one
    # always in the stable mode: a different search, so a different number of conflicts
    assert default != _conflicts_with({"cadical195": {"stabilizeonly": 1}}, monkeypatch)


@pytest.mark.parametrize(("solver", "options", "message"), [
    ("glucose4", {"seed": 1}, "glucose4 takes none"),
    ("cadical195", {"rephaseint": "many"}, "a whole number, got 'rephaseint': 'many'"),
    ("cadical195", {"rephaseint": True}, "a whole number"),
    ("cadical195", {"no such": 1}, "a whole number, got 'no such'"),
])
def test_bad_solver_options_are_refused(solver: str, options: dict[str, object], message: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SatSession, "SOLVER_OPTIONS", {solver: options})
    with pytest.raises(InvalidArgumentError, match=message):
        SatSession([[1, 2]], solver=solver)
