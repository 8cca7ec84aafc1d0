"""Local uniqueness against exhaustive search: the fewest paths any other solution
changes, under all eight rule variants."""

from __future__ import annotations

import random

import pytest

import numberlink_sat as nl
from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.locality import local_uniqueness, path_groups
from numberlink_sat.numberlink.model import Puzzle, Solution
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import VARIANTS, random_puzzle


def _changed(first: Solution, other: Solution) -> set[str]:
    return {label for label in first.paths if first.paths[label] != other.paths[label]
            and first.paths[label] != tuple(reversed(other.paths[label]))}


def _fewest_changed(puzzle: Puzzle, first: Solution, variant: dict[str, bool]) -> int | None:
    """The fewest paths another solution changes (exhaustively), ``None`` if unique;
    raises ``LookupError`` when the brute force gives up."""
    every = brute_path_sets(puzzle, node_budget=200_000, **variant)
    if every is None:
        raise LookupError
    others = [Solution(puzzle.width, puzzle.height, p) for p in every]
    counts = [len(_changed(first, other)) for other in others if other != first]
    return min(counts) if counts else None


def _compare(puzzle: Puzzle, variant: dict[str, bool], max_paths: int) -> str | None:
    """Which way the check went ("found" or "proven"), ``None`` when not compared."""
    first = nl.solve(puzzle, **variant)
    if first is None:
        return None
    try:
        fewest = _fewest_changed(puzzle, first, variant)
    except LookupError:
        return None
    check = local_uniqueness(puzzle, first, max_paths=max_paths, **variant)
    assert not check.partial
    if fewest is not None and fewest <= max_paths:
        assert check.second is not None, (puzzle.to_dict(), variant)
        assert nl.verify(puzzle, check.second, **variant) == []
        assert _changed(first, check.second) <= set(check.group)
        assert len(check.group) == fewest and check.proven_up_to == fewest - 1
        assert not check.unique
        return f"found {fewest}"
        assert check.second is None, (puzzle.to_dict(), variant, check.group)
        assert check.proven_up_to == min(max_paths, len(puzzle.labels))
        assert check.unique == (max_paths >= len(puzzle.labels))
        assert check.unique <= (fewest is None)  # "unique" only when it is
    return "unique" if check.unique else "proven"


@pytest.mark.parametrize("seed", range(3))
def test_the_fewest_changed_paths_match_exhaustive_search(seed: int) -> None:
    """~250 random boards up to 5x5 with up to 4 labels, every variant, groups of 1-3."""
    rng = random.Random(seed)
    outcomes: list[str | None] = []
    for _ in range(35):
        puzzle = random_puzzle(rng)
        for variant in VARIANTS:
            outcomes.append(_compare(puzzle, variant, rng.randint(1, 3)))
    seen = set(outcomes)
    assert len(outcomes) - outcomes.count(None) >= 60
    assert {"found 1", "unique", "proven"} <= seen, seen


def test_a_second_solution_that_must_change_two_paths() -> None:
    """Found by a search over 3,000 random boards: without fill, no touch and no 2x2,
    every other solution changes two paths at least."""
    puzzle = Puzzle(4, 5, {"1": ((4, 0), (2, 1)), "2": ((0, 0), (0, 2)),
                           "3": ((1, 0), (3, 1))}, blocked=[(2, 3), (4, 3)])
    variant = {"fill": False, "no_touch": True, "no_2x2": True}
    first = nl.solve(puzzle, **variant)
    assert first is not None and _fewest_changed(puzzle, first, variant) == 2
    assert _compare(puzzle, variant, 1) == "proven"
    assert _compare(puzzle, variant, 2) == "found 2"
    for other in VARIANTS:
        _compare(puzzle, other, 3)


@pytest.mark.slow
def test_the_fewest_changed_paths_match_exhaustive_search_many() -> None:
    rng = random.Random(777)
    for _ in range(1500):
        puzzle = random_puzzle(rng, max_side=6)
        for variant in VARIANTS:
            _compare(puzzle, variant, rng.randint(1, 4))


def test_groups_are_the_connected_sets_of_touching_paths_and_empty_regions() -> None:
    # rows 1 and 3 are empty: a meets c through row 1, c meets b through row 3
    puzzle = Puzzle(3, 5, {"a": ((0, 0), (0, 2)), "c": ((2, 0), (2, 2)),
                           "b": ((4, 0), (4, 2))})
    solution = Solution(3, 5, {"a": [(0, 0), (0, 1), (0, 2)],
                               "c": [(2, 0), (2, 1), (2, 2)],
                               "b": [(4, 0), (4, 1), (4, 2)]})
    assert path_groups(puzzle, solution, 2) == [("a", "c"), ("b", "c")]
    assert path_groups(puzzle, solution, 3) == [("a", "b", "c")]
    assert path_groups(puzzle, solution, 0) == []


def test_bad_arguments_are_refused() -> None:
    puzzle = nl.parse("1 . 1\n")
    with pytest.raises(InvalidArgumentError, match="max_paths"):
        local_uniqueness(puzzle, max_paths=0)
    wrong = Solution(3, 1, {"1": [(0, 0), (0, 1)]})
    with pytest.raises(InvalidArgumentError, match="not a solution"):
        local_uniqueness(puzzle, wrong)
    with pytest.raises(InvalidArgumentError, match="no solution"):
        local_uniqueness(nl.parse("1 2 1 2\n"))
