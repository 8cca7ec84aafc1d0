"""The ZDD counter against exhaustive counts, and the race beside SAT."""

from __future__ import annotations

import importlib
import random
import time
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink import zdd
from numberlink_sat.numberlink.model import Puzzle, Solution
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import random_puzzle

pytestmark = pytest.mark.skipif(not zdd.available(), reason="graphillion not installed")

solve_module = importlib.import_module("numberlink_sat.numberlink.solve")


@pytest.mark.parametrize("fill", [True, False])
def test_counts_and_solutions_equal_exhaustive_search(fill: bool) -> None:
    rng = random.Random(5 + fill)
    compared = 0
    for _ in range(150):
        puzzle = random_puzzle(rng, max_side=4)
        expected = brute_path_sets(puzzle, fill=fill, node_budget=100_000)
        if expected is None or not zdd.fits(puzzle):
            continue
        count, found = zdd.zdd_solutions(puzzle, fill=fill, limit=None)
        truth = {Solution(puzzle.width, puzzle.height, p) for p in expected}
        assert count == len(truth), puzzle.to_dict()
        assert {Solution(puzzle.width, puzzle.height, p) for p in found} == truth
        compared += 1
    assert compared > 100


def test_only_plain_rules_and_narrow_boards_fit() -> None:
    p = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    assert zdd.fits(p)
    assert not zdd.fits(p, no_touch=True) and not zdd.fits(p, no_2x2=True)
    wide = zdd.ZDD_MAX_WIDTH + 1
    assert not zdd.fits(Puzzle(wide, wide, {"1": ((0, 0), (1, 1))}))


def test_race_gives_exact_verified_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "RACE_MIN_CELLS", 0)
    monkeypatch.setattr(solve_module, "RACE_AFTER_SECONDS", 0.0)
    rng = random.Random(9)
    engines = set()
    for _ in range(6):
        puzzle = random_puzzle(rng, max_side=4)
        for fill in (True, False):
            expected = brute_path_sets(puzzle, fill=fill, node_budget=100_000)
            if expected is None:
                continue
            count, found, engine = solve_module.counted(puzzle, None, fill=fill)
            engines.add(engine)
            assert count == len(expected) == len(found)
            assert nl.count_solutions(puzzle, 2, fill=fill) == min(2, len(expected))
    assert engines <= {"zdd", "sat"} and engines


def _slow_sat() -> list[Solution]:
    time.sleep(30)
    return []


def test_race_takes_the_first_answer() -> None:
    """With a SAT side that never answers in time the ZDD's exact count wins."""
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    expected = brute_path_sets(puzzle, fill=False)
    assert expected is not None
    name, count, found = zdd.race(puzzle, _slow_sat, fill=False, limit=None, time_limit=20)
    assert (name, count, len(found)) == ("zdd", len(expected), len(expected))
    name, count, _ = zdd.race(puzzle, lambda: [], fill=False, limit=2, time_limit=20)
    assert name in {"sat", "zdd"}


def test_race_keeps_the_time_limit(corpus_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from numberlink_sat.numberlink import formats

    path = corpus_dir / "numberlink" / "thomasahle-numberlink" / "janko"
    puzzle = formats.read(path)[147]  # 8.9e13 solutions without fill
    monkeypatch.setattr(solve_module, "RACE_AFTER_SECONDS", 0.2)
    started = time.perf_counter()
    with pytest.raises(SolveTimeout, match="side by side"):
        solve_module.counted(puzzle, None, fill=False, time_limit=1.0)
    assert time.perf_counter() - started < 1.0 + 0.5


def test_zdd_beside_gives_the_exact_count() -> None:
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    expected = brute_path_sets(puzzle, fill=False)
    assert expected is not None
    with zdd.ZddBeside(puzzle, fill=False, limit=None, start_after=0.0) as beside:
        started = time.perf_counter()
        while not beside.poll():
            assert time.perf_counter() - started < 20
            time.sleep(0.01)
        assert beside.answer is not None
        count, found = beside.answer
    truth = {Solution(3, 3, p) for p in expected}
    assert count == len(truth) and set(found) == truth


class _EndlessSolver:
    """A SAT side that never answers but keeps asking its deadline, as slices do, and
    spends CPU between the checks as a real search does (the ZDD starts after
    ``RACE_AFTER_SECONDS`` of CPU: a sleeping stand-in took 11-15 s to get there, and
    past the 20 s limit on a loaded machine)."""

    def __init__(self, puzzle: Puzzle, **options: object) -> None:
        self.deadline = options["deadline"]

    def __enter__(self) -> _EndlessSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def solutions(self, limit: int | None, known: object = ()) -> list[Solution]:
        while True:
            self.deadline.check("solving")  # type: ignore[attr-defined]
            busy_until = time.process_time() + 0.01
            while time.process_time() < busy_until:
                pass


def test_counting_stops_sat_when_the_zdd_beside_it_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "RACE_MIN_CELLS", 0)
    monkeypatch.setattr(solve_module, "RACE_AFTER_SECONDS", 0.1)
    monkeypatch.setattr(solve_module, "NumberlinkSolver", _EndlessSolver)
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    expected = brute_path_sets(puzzle, fill=False)
    assert expected is not None
    count, found, engine = solve_module.counted(puzzle, None, fill=False, time_limit=20)
    assert (engine, count, len(found)) == ("zdd", len(expected), len(expected))
