"""``benchmarks/race_start_bench.py``: the engines alone, and the simulated policies."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink import zdd
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("race_start_bench")


def test_a_policy_pays_both_engines_only_while_both_run(bench: ModuleType) -> None:
    # SAT answers before the start: the child never runs
    assert bench.simulate(0.3, 0.1, 0.5, 0.0) == (0.3, 0.3)
    # the ZDD answers while SAT waits: SAT's time before it, then the child's alone
    assert bench.simulate(2.0, 0.4, 0.5, 0.5) == pytest.approx((0.9, 0.9))
    # both run from 1 s on; the ZDD answers 0.5 s later: 1 + 2 * 0.5 of CPU
    assert bench.simulate(3.0, 0.5, 1.0, 0.0) == pytest.approx((2.0, 1.5))
    # a wait that runs out: SAT resumes, both run until SAT's answer
    assert bench.simulate(1.5, math.inf, 0.5, 0.5) == pytest.approx((3.0, 2.0))


def test_the_summary_counts_the_boards_behind_znumlin(bench: ModuleType) -> None:
    rows = [{"puzzle": "a", "rule": "fill", "sat_verdict": "unique", "sat_cpu": "2.0",
             "zdd_count": "1", "zdd_cpu": "0.4"},
            {"puzzle": "b", "rule": "fill", "sat_verdict": "timeout", "sat_cpu": "10",
             "zdd_count": "timeout", "zdd_cpu": "10"}]
    page = "\n".join(bench.summary(rows, {("a", "fill"): 1.0}, "cmd"))
    assert "## fill (1 boards)" in page  # the board neither decides is left out
    assert "## nikoli" not in page  # no rows
    assert "| 1 | 0 | 1.8 | 1.800 | 1.4 | 0.00 | 1 of 1: a 1.80/1.00 |" in page
    assert "| 0 | 1 | 0.4 | 0.400 | 0.4 | 0.00 | 0 of 1 |" in page


@pytest.mark.skipif(not zdd.available() or not zdd.can_race(), reason="needs the zdd extra")
def test_both_engines_alone_agree(bench: ModuleType) -> None:
    puzzle = nl.Puzzle(10, 10, {"1": ((0, 0), (9, 9)), "2": ((0, 9), (5, 5))})
    sat_verdict, sat_cpu = bench.sat_alone(puzzle, False, 20.0)
    count, zdd_cpu = bench.zdd_alone(puzzle, False, 20.0)
    assert sat_verdict == "multiple" and int(count) > 2
    assert sat_cpu > 0 and zdd_cpu > 0
