"""Thinning (numberlink.generator.thin): every answer unique by exhaustive count."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.fill_proof import some_touch
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.generator.thin import merges, shifts, thin
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from tests.numberlink.exhaustive import brute_path_sets

VARIANTS = [(fill, no_touch, no_2x2) for fill in (True, False)
            for no_touch in (False, True) for no_2x2 in (False, True)]


def _rules(fill: bool, no_touch: bool, no_2x2: bool) -> dict[str, bool]:
    return {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}


def _ends(paths: dict[str, list[tuple[int, int]]]) -> dict[str, tuple[tuple[int, int], ...]]:
    return {lab: (p[0], p[-1]) for lab, p in paths.items()}


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_every_thinned_puzzle_has_exactly_its_solution(fill: bool, no_touch: bool,
                                                       no_2x2: bool) -> None:
    rules = _rules(fill, no_touch, no_2x2)
    thinned_some = 0
    for seed in range(6):
        width, height = (4, 4) if seed % 2 else (5, 4)
        made = generate_with_solution(width, height, seed=seed, allow_blocked=False, **rules)
        result = thin(made.puzzle, made.solution, seed=seed, **rules)
        assert not verify(result.puzzle, result.solution, **rules)
        found = brute_path_sets(result.puzzle, **rules)
        assert found is not None and len(found) == 1
        assert _ends(found[0]) == _ends(result.solution.paths)
        assert {tuple(p) for p in found[0].values()} == {
            tuple(p) for p in result.solution.paths.values()}
        labels = len(result.puzzle.labels)
        assert labels == result.labels_before - result.merges
        assert [s.labels for s in result.steps][-1:] in ([], [labels])
        assert result.stopped == "stuck"
        assert result.asked == result.multiple + result.timeouts + len(result.steps)
        thinned_some += labels < result.labels_before
    assert thinned_some >= 1  # the walk does thin


@pytest.mark.parametrize("fill", [True, False])
def test_a_merge_of_a_puzzle_with_two_solutions_has_two(fill: bool) -> None:
    """Why the walk keeps to unique puzzles (plain rules): joining the same two paths of
    a second solution gives a second solution of the merged puzzle."""
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        width, height = rng.choice([(3, 3), (4, 3), (4, 4)])
        made = generate_with_solution(width, height, seed=rng.randrange(10**6),
                                      allow_blocked=False, fill=True)
        for paths in shifts(made.solution):  # shifted puzzles: often two solutions
            p = Puzzle(width, height, _ends(paths))
            before = brute_path_sets(p, fill=fill)
            if before is None or len(before) < 2:
                continue
            for joined in merges(Solution(width, height, paths)):
                after = brute_path_sets(Puzzle(width, height, _ends(joined)), fill=fill)
                assert after is not None and len(after) >= 2
                checked += 1
    assert checked >= 20


def test_moves_keep_the_solution_a_solution() -> None:
    for seed in range(20):
        made = generate_with_solution(6, 5, seed=seed, allow_blocked=False)
        s = made.solution
        cells = sorted(c for p in s.paths.values() for c in p)
        for paths in [*merges(s), *shifts(s)]:
            assert sorted(c for p in paths.values() for c in p) == cells
            moved = Solution(6, 5, paths)
            assert not verify(Puzzle(6, 5, _ends(paths)), moved)
        assert all(len(p) == len(s.paths) - 1 for p in merges(s))
        assert all(len(p) == len(s.paths) for p in shifts(s))


def test_a_self_touching_path_is_never_asked_without_fill() -> None:
    def touches(path: list[tuple[int, int]]) -> bool:
        paths = {"1": path}
        return some_touch(Puzzle(3, 3, _ends(paths)), [Solution(3, 3, paths)])

    assert touches([(0, 0), (0, 1), (1, 1), (1, 0)])
    assert not touches([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)])
    made = generate_with_solution(8, 8, seed=3, fill=False, allow_blocked=False)
    result = thin(made.puzzle, made.solution, fill=False, seed=3, max_steps=10)
    assert not some_touch(result.puzzle, [result.solution])


def test_the_same_seed_gives_the_same_walk() -> None:
    made = generate_with_solution(7, 7, seed=11, allow_blocked=False, fill=False)
    first = thin(made.puzzle, made.solution, fill=False, seed=5, max_steps=15)
    again = thin(made.puzzle, made.solution, fill=False, seed=5, max_steps=15)
    assert [(s.kind, s.labels, s.asked) for s in first.steps] == [
        (s.kind, s.labels, s.asked) for s in again.steps]
    assert first.puzzle.endpoints == again.puzzle.endpoints


def test_target_and_step_bounds() -> None:
    made = generate_with_solution(8, 8, seed=2, allow_blocked=False)
    target = len(made.puzzle.labels) - 2
    result = thin(made.puzzle, made.solution, seed=1, target_labels=target)
    assert result.stopped == "target" and len(result.puzzle.labels) == target
    none = thin(made.puzzle, made.solution, seed=1, max_steps=0)
    assert none.stopped == "steps" and none.puzzle.endpoints == made.puzzle.endpoints


def test_a_time_limit_is_kept_and_the_answer_stays_proven() -> None:
    made = generate_with_solution(16, 16, seed=4, allow_blocked=False, fill=False)
    result = thin(made.puzzle, made.solution, fill=False, seed=4, time_limit=1.0)
    assert result.stopped in ("time", "stuck")
    assert result.seconds < 1.0 + 1.5
    assert not verify(result.puzzle, result.solution, fill=False)


def test_bad_input_is_refused() -> None:
    p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
    with pytest.raises(InvalidArgumentError, match="second solution"):
        thin(Puzzle(3, 2, {"1": ((0, 0), (0, 2))}),
             Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)]}), fill=False)
    with pytest.raises(InvalidArgumentError, match="does not solve"):
        thin(p, Solution(3, 1, {"1": [(0, 0), (0, 1)]}))
    for bad in ({"target_labels": 0}, {"max_steps": -1}, {"min_length": 0},
                {"seed": 1, "rng": random.Random(1)}, {"proof_time_limit": -1.0},
                {"target_labels": True}):
        with pytest.raises(InvalidArgumentError):
            thin(p, s, **bad)  # type: ignore[arg-type]
