"""The CP-SAT engine agrees with the DFS baseline (itself checked by brute force)."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.numberlink.cpsat import CpSatUnavailable, cpsat_available, solve_cpsat
from numberlink_sat.numberlink.dfs import solve_dfs
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.verify import verify

pytestmark = pytest.mark.skipif(not cpsat_available(), reason="ortools not installed (extra cpsat)")


@pytest.mark.parametrize("fill", [True, False])
def test_cpsat_agrees_with_dfs(fill: bool) -> None:
    rng = random.Random(77 + fill)
    solvable = 0
    for _ in range(40):
        w, h = rng.choice([(3, 3), (4, 3), (4, 4), (5, 4)])
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        k = rng.randint(1, 3)
        ends = {chr(65 + i): (cells[2 * i], cells[2 * i + 1]) for i in range(k)}
        blocked = [x for x in cells[2 * k :] if rng.random() < 0.1]
        puzzle = Puzzle(w, h, ends, blocked)
        ours = solve_cpsat(puzzle, fill=fill, time_limit=10)
        base = solve_dfs(puzzle, fill=fill)
        assert (ours is None) == (base is None), puzzle.to_dict()
        if ours is not None:
            assert verify(puzzle, ours, fill=fill) == []
            solvable += 1
    assert solvable >= 5


def test_cpsat_stats_and_blocked() -> None:
    puzzle = Puzzle(3, 3, {"a": ((0, 0), (2, 2))}, blocked=[(1, 1)])
    stats: dict[str, float] = {}
    sol = solve_cpsat(puzzle, stats=stats)
    assert sol is None  # 8 cells around a hole: no Hamiltonian a-path between opposite corners
    assert stats["variables"] > 0
    sol = solve_cpsat(puzzle, fill=False)
    assert sol is not None and verify(puzzle, sol, fill=False) == []


def test_unavailable_error_is_clear() -> None:
    err = CpSatUnavailable("x")
    assert isinstance(err, ImportError)
