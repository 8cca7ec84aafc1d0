"""The shared SAT core: constraints against truth tables, the session loop, time limits."""

from __future__ import annotations

import itertools
import time

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from numberlink_sat.errors import SolveTimeout, UnknownSolverError
from numberlink_sat.sat import (
    INCREMENTAL_SOLVERS,
    Accept,
    Deadline,
    Encoding,
    SatSession,
    VarPool,
    at_most_k,
    check_solver,
    degree_in_set,
    directed_degree,
    exactly_k,
)


def exact_truth_table(n: int, clauses: list[list[int]], allowed: set[int]) -> None:
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        for bits in itertools.product((0, 1), repeat=n):
            assumptions = [i + 1 if b else -(i + 1) for i, b in enumerate(bits)]
            assert solver.solve(assumptions=assumptions) == (sum(bits) in allowed), bits


@pytest.mark.parametrize("n", range(7))
def test_degree_in_set_matches_truth_table(n: int) -> None:
    for allowed in ({0, 2}, {1}, {2}, {0}, {1, 3}, {0, 1, 2}, {0, 3}, {2, 4}, set()):
        exact_truth_table(n, degree_in_set(list(range(1, n + 1)), allowed), allowed)


@pytest.mark.parametrize("n", [0, 1, 2, 4, 8, 11, 12])
def test_cardinalities_match_truth_table(n: int) -> None:
    for k in range(n + 2):
        pool = VarPool(n)
        exact_truth_table(n, exactly_k(list(range(1, n + 1)), k, pool), {k})
        pool = VarPool(n)
        exact_truth_table(n, at_most_k(list(range(1, n + 1)), k, pool), set(range(k + 1)))


def test_direct_encoding_sizes() -> None:
    assert len(exactly_k([1, 2, 3, 4], 2)) == 8
    assert len(exactly_k(list(range(1, 9)), 2)) == 64
    assert len(directed_degree([1, 2], [3, 4], 1, 1)) == 4


def test_pool_and_dimacs() -> None:
    enc = Encoding()
    a, b = enc.pool.new("a"), enc.pool.new()
    enc.add([a, -b])
    text = enc.to_dimacs(["hello"], extra=[[b]])
    assert text.splitlines() == ["c hello", "p cnf 2 2", "1 -2 0", "2 0"]
    assert enc.pool.name_of(-a) == "a"


def test_session_cut_loop_and_enumeration() -> None:
    # models of (x1 or x2 or x3); the cut finder refuses any model with x1 true
    seen: list[list[int]] = []

    def cuts(model: object) -> list[list[int]]:
        assert hasattr(model, "true_vars")
        true = model.true_vars([1, 2, 3])  # type: ignore[attr-defined]
        seen.append(true)
        return [[-1]] if 1 in true else []

    with SatSession([[1, 2, 3]]) as session:
        models = list(session.enumerate(
            cuts, lambda m: [-v if m[v] else v for v in (1, 2, 3)]
        ))
        assert all(not m[1] for m in models)
        assert len(models) == 3  # {2}, {3}, {2, 3}
        assert session.stats.blocks == 3


@pytest.mark.parametrize("solver", INCREMENTAL_SOLVERS)
def test_every_listed_solver_runs_and_honours_the_time_limit(solver: str) -> None:
    with SatSession([[1, 2], [-1, -2]], solver=solver) as session:
        assert session.solve()
    started = time.perf_counter()
    with pytest.raises(SolveTimeout), SatSession(
        PHP(10).clauses, solver=solver, deadline=Deadline(0.3)
    ) as session:
        session.solve()
    assert time.perf_counter() - started < 5


def test_solver_names_are_checked() -> None:
    assert check_solver("glucose4") == "glucose4"
    for bad in ("kissat404", "lingeling", "pysat", ""):
        with pytest.raises(UnknownSolverError):
            check_solver(bad)


def test_deadline() -> None:
    assert Deadline(None).remaining() is None
    with pytest.raises(ValueError):
        Deadline(-1)
    with pytest.raises(SolveTimeout):
        Deadline(0).check("testing")


def test_per_call_deadline_shortens_and_never_extends() -> None:
    # PHP(10) takes far longer than 0.3 s: the per-call deadline must stop it
    with SatSession(PHP(10).clauses) as session:
        started = time.perf_counter()
        with pytest.raises(SolveTimeout):
            session.solve(deadline=Deadline(0.3))
        assert time.perf_counter() - started < 3
        # the session itself has no limit: a later easy call under no deadline works
        assert session.deadline.time_limit is None
    with SatSession(PHP(10).clauses, deadline=Deadline(0.3)) as session:
        started = time.perf_counter()
        with pytest.raises(SolveTimeout):
            session.solve(deadline=Deadline(60))  # the session's 0.3 s still holds
        assert time.perf_counter() - started < 3


def test_time_box_restores_the_session_deadline() -> None:
    outer = Deadline(100)
    with SatSession(PHP(10).clauses, deadline=outer) as session:
        with pytest.raises(SolveTimeout), session.time_box(0.3) as box:
            assert box.time_limit == pytest.approx(0.3)
            session.solve()
        assert session.deadline is outer
        with session.time_box(1000) as box:  # never beyond the outer deadline
            assert box.time_limit is not None and box.time_limit <= 100


def test_repair_step_accepts_a_witness_and_keeps_its_cuts() -> None:
    # (x1 or x2): the finder repairs any model with x1 into the string "repaired",
    # and cuts x1 so that the next call must find x2
    def finder(model: object) -> list[list[int]] | Accept[str]:
        if model[1]:  # type: ignore[index]
            return Accept("repaired", [[-1]])
        return []

    with SatSession([[1, 2], [1, -2]]) as session:  # forces x1 first
        assert session.solve_with_cuts(finder) == "repaired"
        assert session.stats.repairs == 1 and session.stats.cuts == 1
        assert session.solve_with_cuts(finder) is None  # x1 is cut, x1 is forced: UNSAT
    with SatSession([[1, 2]]) as session:
        session.add_clause([-1])
        result = session.solve_with_cuts(finder)
        assert result is not None and not isinstance(result, str) and result[2]
