"""The forced map against the intersection of all solutions, enumerated exhaustively."""

from __future__ import annotations

import random

import pytest

import numberlink_sat as nl
from numberlink_sat.grid import Edge
from numberlink_sat.numberlink.diagnose import Diagnosis, board_edges, diagnose
from numberlink_sat.numberlink.model import Puzzle, Solution, path_edges
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import VARIANTS, random_puzzle


def brute_backbone(
    puzzle: Puzzle, variant: dict[str, bool]
) -> tuple[int, set[Edge], set[Edge]] | None:
    """(solution count, edges used by all, edges used by none), by exhaustive search."""
    found = brute_path_sets(puzzle, node_budget=200_000, **variant)
    if found is None:
        return None
    every = set(board_edges(puzzle))
    used_sets = [{e for p in paths.values() for e in path_edges(p)} for paths in found]
    if not used_sets:
        return 0, set(), set()
    always = set.intersection(*used_sets)
    never = every - set.union(*used_sets)
    return len(found), always, never


def check(puzzle: Puzzle, variant: dict[str, bool], first_two: bool = True) -> bool:
    expected = brute_backbone(puzzle, variant)
    if expected is None:
        return False
    count, always, never = expected
    d = diagnose(puzzle, count_limit=3, first_two=first_two, **variant)
    key = (puzzle.to_dict(), variant)
    assert not d.partial
    assert d.count == min(count, 3), key
    for s in d.solutions:
        assert nl.verify(puzzle, s, **variant) == []
    if count == 0:
        assert d.status == "no solution" and not d.solutions
        return True
    assert d.forced_used == always, key
    assert d.forced_unused == never, key
    assert d.undecided == set(board_edges(puzzle)) - always - never, key
    assert not d.unproven
    assert d.status == ("unique" if count == 1 else "multiple")
    if count >= 2:
        first, second = d.solutions
        assert first != second
        assert first.edges() ^ second.edges() <= d.undecided
    return True


@pytest.mark.parametrize("seed", range(6))
def test_forced_map_equals_the_intersection_of_all_solutions(seed: int) -> None:
    rng = random.Random(1500 + seed)
    compared = 0
    for _ in range(40):
        puzzle = random_puzzle(rng, max_side=4)
        for variant in VARIANTS:
            compared += check(puzzle, variant, first_two=seed % 2 == 0)
    assert compared >= 0.9 * 40 * len(VARIANTS)


def test_dense_boards_with_many_solutions() -> None:
    """Few labels on open boards: many solutions, large undecided regions, loop cuts."""
    rng = random.Random(7)
    compared = 0
    for _ in range(8):
        w, h = rng.randint(3, 4), rng.randint(3, 4)
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        puzzle = Puzzle(w, h, {"1": (cells[0], cells[1]), "2": (cells[2], cells[3])})
        for variant in VARIANTS:
            compared += check(puzzle, variant) + check(puzzle, variant, first_two=False)
    assert compared >= 100


def test_settled_cells_and_the_json_form() -> None:
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2))})
    d = diagnose(p, fill=False)
    assert d.status == "multiple"
    # the top row can be the path, or it can dip into the bottom row
    assert (0, 0) not in d.settled_cells
    data = d.to_dict()
    assert data["status"] == "multiple" and len(data["solutions"]) == 2
    assert data["count_exact"] is False
    unique = diagnose(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}))
    assert unique.unique and unique.settled_cells == {(0, 0), (0, 1), (0, 2)}
    assert unique.forced_used == {((0, 0), (0, 1)), ((0, 1), (0, 2))}


def test_no_solution_from_the_pre_check_and_from_sat() -> None:
    d = diagnose(Puzzle(2, 2, {"A": ((0, 0), (1, 1))}))
    assert d.status == "no solution" and d.reason is not None and d.count == 0
    crossing = Puzzle(3, 3, {"a": ((0, 1), (2, 1)), "b": ((1, 0), (1, 2))})
    d = diagnose(crossing, fill=False)
    assert d.status == "no solution" and not d.settled_cells


def test_time_limit_returns_a_partial_result() -> None:
    """A tiny limit on a board with many solutions: partial, never SolveTimeout."""
    p = Puzzle(12, 12, {"1": ((0, 0), (0, 11)), "2": ((11, 0), (11, 11))})
    d = diagnose(p, fill=False, time_limit=0.0)
    assert d.partial and d.status == "timeout"
    assert d.unproven == set(board_edges(p)) and not d.forced
    assert d.seconds < 1.5


def test_count_limit_counts_further() -> None:
    p = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    expected = brute_path_sets(p, fill=False)
    assert expected is not None
    d = diagnose(p, fill=False, count_limit=100)
    assert d.count == len(expected) < 100
    assert isinstance(d, Diagnosis) and not d.partial
    assert all(isinstance(s, Solution) for s in d.solutions)


def test_arguments_are_checked() -> None:
    p = Puzzle(2, 1, {"1": ((0, 0), (0, 1))})
    with pytest.raises(ValueError):
        diagnose(p, count_limit=1)
    with pytest.raises(TypeError):
        diagnose("1 1")  # type: ignore[arg-type]


def test_a_time_limit_keeps_what_was_found() -> None:
    """Solutions found before the limit are kept; whatever is marked undecided is."""
    p = Puzzle(14, 14, {"1": ((0, 0), (0, 13)), "2": ((13, 0), (13, 13))})
    d = diagnose(p, fill=False, time_limit=0.5, count_limit=10_000)
    assert d.partial and d.seconds < 1.5
    for s in d.solutions:
        assert nl.verify(p, s, fill=False) == []
    if len(d.solutions) == 2:
        assert d.solutions[0].edges() ^ d.solutions[1].edges() <= d.undecided
    assert not (d.forced & d.undecided)
