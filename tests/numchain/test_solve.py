"""solve(): the sample, edge cases, time limits, methods and solvers."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import SolveTimeout, UnknownSolverError
from numberlink_sat.numchain import METHODS, Puzzle, parse, solve, verify
from numberlink_sat.numchain.brute import brute_force
from numberlink_sat.numchain.encode import encode
from numberlink_sat.numchain.generate import random_puzzle
from numberlink_sat.numchain.solve import lexmin_sat

SAMPLE = parse("3 3\n0 2 0\n1 1 1\n2 0 2")


@pytest.mark.parametrize("method", METHODS)
def test_sample(method: str) -> None:
    assert solve(SAMPLE, method) == "41255214"


@pytest.mark.parametrize("method", METHODS)
def test_one_cell(method: str) -> None:
    for k in (1, 2, 5):
        assert solve(Puzzle(1, k, ((0,),)), method) == ""
    assert solve(Puzzle(1, 2, ((1,),)), method) is None


@pytest.mark.parametrize("method", METHODS)
def test_k1_small_boards(method: str) -> None:
    for n in (2, 3):
        p = Puzzle(n, 1, tuple((0,) * n for _ in range(n)))
        answer = solve(p, method)
        assert answer is not None and verify(p, answer) == []
        assert answer == brute_force(p)


def test_k1_up_to_10_is_legal_and_below_the_snake() -> None:
    from numberlink_sat.numchain.generate import directions_of, snake_path

    for n in range(2, 11):
        p = Puzzle(n, 1, tuple((0,) * n for _ in range(n)))
        answer = solve(p)
        assert answer is not None and verify(p, answer) == []
        assert answer <= directions_of(snake_path(n))


@pytest.mark.parametrize("method", METHODS)
def test_k_larger_than_the_board(method: str) -> None:
    # K > N*N: every label at most once, the path reads 0, 1, ..., N*N-1
    p = Puzzle(2, 7, ((0, 2), (1, 3)))
    assert solve(p, method) == "414"
    assert solve(Puzzle(2, 7, ((0, 2), (1, 6))), method) is None
    rng = random.Random(2)
    q, witness = random_puzzle(4, 20, rng)
    assert solve(q, method) == witness  # distinct labels: the only path


def test_unsolvable_with_right_counts() -> None:
    # counts, start and end pass, but 1 and 2 are not king neighbours of what follows
    p = parse("3 3\n0 1 2\n2 0 0\n1 1 2")
    assert brute_force(p) is None
    for method in METHODS:
        assert solve(p, method) is None


def test_time_limit_raises() -> None:
    p = Puzzle(30, 1, tuple((0,) * 30 for _ in range(30)))
    with pytest.raises(SolveTimeout):
        solve(p, time_limit=0.3)
    with pytest.raises(SolveTimeout):
        solve(Puzzle(9, 1, tuple((0,) * 9 for _ in range(9))), "dfs", time_limit=0.2)


def test_unknown_method_and_solver() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        solve(SAMPLE, "magic")
    with pytest.raises(UnknownSolverError):
        solve(SAMPLE, solver="kissat404")
    with pytest.raises(ValueError, match="unknown strategy"):
        lexmin_sat(SAMPLE, strategy="magic")


def test_stats_are_reported() -> None:
    stats: dict[str, object] = {}
    solve(Puzzle(6, 1, tuple((0,) * 6 for _ in range(6))), stats=stats)
    assert int(str(stats["calls"])) >= 1 and "cut_rounds" in stats
    steps: dict[str, object] = {}
    solve(SAMPLE, "dfs", stats=steps)
    assert int(str(steps["steps"])) >= 8


def test_encoding_shape() -> None:
    enc = encode(SAMPLE)
    # every move goes to a king neighbour holding the next label
    labels = [v for row in SAMPLE.grid for v in row]
    for u, arcs in enumerate(enc.out_arcs):
        for _, _, v in arcs:
            assert labels[v] == (labels[u] + 1) % 3
            assert max(abs(u // 3 - v // 3), abs(u % 3 - v % 3)) == 1
            assert v != enc.start and u != enc.end
    assert all(not arcs for arcs in [enc.out_arcs[enc.end]])
    assert enc.in_vars[enc.start] == []


@pytest.mark.parametrize("acyclic", ["eager", "order"])
def test_eager_cycle_exclusions_agree(acyclic: str) -> None:
    rng = random.Random(21)
    for _ in range(30):
        n = rng.randint(2, 5)
        p, _ = random_puzzle(n, rng.choice([1, 2, 3, 5]), rng, solvable=rng.random() < 0.7)
        assert lexmin_sat(p, acyclic=acyclic) == lexmin_sat(p)


def test_the_encoding_exports_dimacs() -> None:
    from pysat.formula import CNF

    enc = encode(SAMPLE)
    cnf = CNF(from_string=enc.to_dimacs(["number chain 3x3"]))
    assert cnf.nv == enc.num_vars and len(cnf.clauses) == enc.num_clauses
    assert cnf.clauses == list(enc.iter_clauses())
