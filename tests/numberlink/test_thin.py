"""Thinning (numberlink.generator.thin): every answer unique by exhaustive count."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.fill_proof import some_touch
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.generator.thin import (
    changed_paths,
    count_after_move,
    merges,
    relabelled,
    shifts,
    thin,
)
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


def _not_unique(seed: int, rounds: int, fill: bool) -> Iterator[Solution]:
    """Shifted solutions of small generated puzzles whose puzzle has two solutions or
    more (exhaustive count) under ``fill``: starts that are not unique."""
    rng = random.Random(seed)
    for _ in range(rounds):
        width, height = rng.choice([(3, 3), (4, 3), (4, 4)])
        made = generate_with_solution(width, height, seed=rng.randrange(10**6),
                                      allow_blocked=False, fill=True)
        for paths in shifts(made.solution):  # shifted puzzles: often two solutions
            found = brute_path_sets(Puzzle(width, height, _ends(paths)), fill=fill)
            if found is not None and len(found) >= 2:
                yield Solution(width, height, paths)


@pytest.mark.parametrize("fill", [True, False])
def test_a_merge_of_a_puzzle_with_two_solutions_has_two(fill: bool) -> None:
    """Why the walk keeps to unique puzzles (plain rules): joining the same two paths of
    a second solution gives a second solution of the merged puzzle."""
    checked = 0
    for before in _not_unique(7, 60, fill):
        for joined in merges(before):
            after = brute_path_sets(Puzzle(before.width, before.height, _ends(joined)),
                                    fill=fill)
            assert after is not None and len(after) >= 2
            checked += 1
    assert checked >= 20


def _moves(solution: Solution) -> list[dict[str, list[tuple[int, int]]]]:
    return [*merges(solution), *shifts(solution)]


def _walk_cases(rules: dict[str, bool], boards: int, sizes: list[tuple[int, int]],
                seed: int) -> list[tuple[Puzzle, Solution, list[list[tuple[int, int]]], int]]:
    """Every move of small unique puzzles, two moves deep (each unique puzzle reached is
    moved again): the candidate, its solution, the changed paths and its exhaustive
    count up to 2."""
    rng = random.Random(seed)
    cases = []
    for _ in range(boards):
        width, height = rng.choice(sizes)
        made = generate_with_solution(width, height, seed=rng.randrange(10**6),
                                      allow_blocked=False, **rules)
        frontier = [made.solution]
        for _depth in range(2):
            unique = []
            for before in frontier:
                for paths in _moves(before):
                    puzzle, solution = relabelled(width, height, paths)
                    if verify(puzzle, solution, **rules):
                        continue  # e.g. a joined path with a 2 x 2 square
                    found = brute_path_sets(puzzle, **rules)
                    assert found is not None
                    cases.append((puzzle, solution, changed_paths(before, paths),
                                  min(len(found), 2)))
                    if len(found) == 1 and len(unique) < 4:
                        unique.append(solution)
            frontier = unique
    return cases


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_a_step_proof_agrees_with_an_exhaustive_count(fill: bool, no_touch: bool,
                                                      no_2x2: bool) -> None:
    """The argument of count_after_move (a second solution changes a moved path),
    checked against brute force on moves of unique puzzles: every move with a second
    solution (where a wrong clause would hide it) and 40 without."""
    rules = _rules(fill, no_touch, no_2x2)
    rare = no_touch or (fill and no_2x2)  # second solutions are rare there: larger boards
    cases = _walk_cases(rules, 40 if rare else 12,
                        [(5, 5), (6, 5), (6, 6)] if rare else [(4, 3), (4, 4), (5, 4)], 11)
    two = [case for case in cases if case[3] == 2]
    one = [case for case in cases if case[3] == 1][:40]
    assert len(two) >= 5 and len(one) == 40  # both answers are checked
    for puzzle, solution, changed, expected in two + one:
        assert changed
        assert count_after_move(puzzle, solution, changed, **rules) == expected


def test_a_step_proof_needs_a_unique_puzzle_before_the_move() -> None:
    """From a puzzle with two solutions the clause may hide a real second solution:
    the premise is needed (so the test above has teeth)."""
    hidden = 0
    for before in _not_unique(5, 80, False):
        for paths in merges(before):
            puzzle, solution = relabelled(before.width, before.height, paths)
            found = brute_path_sets(puzzle, fill=False) or []
            counted = count_after_move(puzzle, solution, changed_paths(before, paths),
                                       fill=False)
            assert counted <= min(len(found), 2)
            hidden += counted < min(len(found), 2)
    assert hidden >= 1


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
    with pytest.raises(InvalidArgumentError, match="changed path"):
        count_after_move(p, s, [[(0, 0)]])
    with pytest.raises(InvalidArgumentError, match="does not solve"):
        top = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)]})  # leaves a row empty
        count_after_move(Puzzle(3, 2, {"1": ((0, 0), (0, 2))}), top, [list(top.paths["1"])])
    for bad in ({"target_labels": 0}, {"max_steps": -1}, {"min_length": 0},
                {"seed": 1, "rng": random.Random(1)}, {"proof_time_limit": -1.0},
                {"target_labels": True}):
        with pytest.raises(InvalidArgumentError):
            thin(p, s, **bad)  # type: ignore[arg-type]
