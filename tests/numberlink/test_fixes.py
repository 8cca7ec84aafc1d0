"""Every fix re-checked by the exhaustive counter; redundant pairs likewise."""

from __future__ import annotations

import random

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.fixes import find_fixes, new_label, redundant_pairs
from numberlink_sat.numberlink.model import Puzzle, Solution
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import VARIANTS, random_puzzle


def brute_count(puzzle: Puzzle, variant: dict[str, bool]) -> list[Solution] | None:
    found = brute_path_sets(puzzle, node_budget=300_000, **variant)
    if found is None:
        return None
    return [Solution(puzzle.width, puzzle.height, p) for p in found]


def not_unique_boards(seed: int, want: int) -> list[tuple[Puzzle, dict[str, bool]]]:
    rng = random.Random(seed)
    out: list[tuple[Puzzle, dict[str, bool]]] = []
    while len(out) < want:
        puzzle = random_puzzle(rng, max_side=4)
        variant = rng.choice(VARIANTS)
        found = brute_count(puzzle, variant)
        if found is not None and len(found) >= 2:
            out.append((puzzle, variant))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_every_fix_is_unique_by_an_independent_count(seed: int) -> None:
    fixed = 0
    for puzzle, variant in not_unique_boards(900 + seed, 12):
        report = find_fixes(puzzle, max_fixes=50, **variant)
        assert report.diagnosis.status == "multiple"
        sizes = [f.size for f in report.fixes]
        assert sizes == sorted(sizes)
        for fix in report.fixes:
            found = brute_count(fix.puzzle, variant)
            assert found is not None
            assert found == [fix.solution], (puzzle.to_dict(), variant, fix.description)
            assert fix.puzzle != puzzle
        fixed += bool(report.fixes)
        if report.complete and not report.fixes:
            assert "no single edit" in report.message
    assert fixed >= 6


def test_blocked_cells_can_be_refused() -> None:
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2))})
    with_blocks = find_fixes(p, fill=False)
    assert any(f.kind == "block cell" for f in with_blocks.fixes)
    fixed = 0
    for puzzle, variant in not_unique_boards(77, 8):
        without = find_fixes(puzzle, allow_blocked=False, max_fixes=50, **variant)
        assert all(f.kind != "block cell" for f in without.fixes)
        assert all(f.puzzle.blocked == puzzle.blocked for f in without.fixes)
        fixed += bool(without.fixes)
    assert fixed >= 2


def test_unique_and_unsolvable_puzzles_need_no_fix() -> None:
    unique = find_fixes(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}))
    assert not unique.fixes and unique.message == "the puzzle is already unique"
    none = find_fixes(Puzzle(2, 2, {"A": ((0, 0), (1, 1))}))
    assert not none.fixes and "no solution" in none.message


def test_new_label_avoids_the_old_ones() -> None:
    p = Puzzle(4, 1, {"9": ((0, 0), (0, 1)), "10": ((0, 2), (0, 3))})
    assert new_label(p) == "11"
    assert new_label(Puzzle(4, 1, {"A": ((0, 0), (0, 1)), "x": ((0, 2), (0, 3))})) == "B"


def test_redundant_pairs_against_the_exhaustive_count() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 15:
        puzzle = random_puzzle(rng, max_side=4)
        variant = {"fill": False, "no_touch": rng.random() < 0.3, "no_2x2": False}
        found = brute_count(puzzle, variant)
        if found is None or len(found) != 1:
            continue
        checked += 1
        got = {r.label for r in redundant_pairs(puzzle, no_touch=variant["no_touch"])}
        for label in puzzle.labels:
            ends = {k: v for k, v in puzzle.endpoints.items() if k != label}
            rest = brute_count(Puzzle(puzzle.width, puzzle.height, ends, puzzle.blocked),
                               variant)
            assert rest is not None
            assert (label in got) == (len(rest) == 1), (puzzle.to_dict(), label)


def test_redundant_pairs_refuses_a_puzzle_that_is_not_unique() -> None:
    with pytest.raises(ValueError):
        redundant_pairs(Puzzle(3, 2, {"1": ((0, 0), (0, 2))}))


def test_a_time_limit_stops_the_search() -> None:
    p = Puzzle(6, 6, {"1": ((0, 0), (5, 5)), "2": ((0, 5), (2, 3))})
    report = find_fixes(p, fill=False, time_limit=0.05)
    assert report.seconds < 1.0
    for fix in report.fixes:
        assert nl.count_solutions(fix.puzzle, 2, fill=False) == 1
