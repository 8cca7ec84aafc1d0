"""Counting with the second solver beside SAT (``race``), and counts that start from
known solutions: exact against the exhaustive search under every rule variant."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

import pytest

import numberlink_sat as nl
from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink import second_solver
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.race import count_beside
from numberlink_sat.numberlink.solve import NumberlinkSolver, _solve_with
from numberlink_sat.sat.deadline import Deadline
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import VARIANTS, as_solution, random_puzzle


def _brute(puzzle: Puzzle, variant: dict[str, bool]) -> set[Solution] | None:
    paths = brute_path_sets(puzzle, node_budget=200_000, **variant)
    return None if paths is None else {as_solution(puzzle, p) for p in paths}


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_enumeration_from_a_known_solution_is_exact(variant: dict[str, bool]) -> None:
    """Every solution once, the known one first, whichever solution is known: the
    phases that look for a first solution are skipped, the searches after it decide."""
    rng = random.Random(sum(2 ** k * v for k, v in enumerate(variant.values())))
    compared = 0
    for _ in range(400):
        if compared == 25:
            break
        puzzle = random_puzzle(rng, max_side=5)
        expected = _brute(puzzle, variant)
        if not expected:
            continue
        known = rng.choice(sorted(expected, key=lambda s: sorted(s.paths.items())))
        with NumberlinkSolver(puzzle, **variant) as solver:
            found = list(solver.solutions(None, known=[known]))
        assert found[0] == known
        assert len(found) == len(expected) and set(found) == expected, puzzle.to_dict()
        compared += 1
    assert compared == 25


def test_a_known_solution_that_breaks_the_rules_is_refused() -> None:
    puzzle = Puzzle(2, 2, {"1": ((0, 0), (1, 0))})
    short = Solution(2, 2, {"1": [(0, 0), (1, 0)]})  # leaves a column empty
    with NumberlinkSolver(puzzle, fill=True) as solver, pytest.raises(
            InvalidArgumentError, match="known solution 1"):
        next(solver.solutions(2, known=[short]))


def _stuck_until_known(puzzle: Puzzle, variant: dict[str, bool],
                       partial: list[Solution]) -> Callable[..., list[Solution]]:
    """A count here that never finds a first solution by itself (it waits for ``stop``,
    as SAT's slices do) and counts for real once it is given one."""

    def job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        if not known:
            while stop is None or not stop():
                time.sleep(0.005)
            raise SolveTimeout("stopped", elapsed=0.0, stage="counting")
        with NumberlinkSolver(puzzle, **variant) as sat:
            partial.extend(sat.solutions(2, known=known))
        return list(partial)

    return job


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_second_solvers_first_answer_gives_exact_counts(variant: dict[str, bool]) -> None:
    """With SAT here stuck, the child's first solution (or its proof of none) is where
    the count comes from: the counts up to 2 equal the exhaustive ones."""
    rules = (variant["fill"], variant["no_touch"], variant["no_2x2"])
    rng = random.Random(7 + sum(rules))
    for _ in range(4):
        puzzle = random_puzzle(rng, max_side=4)
        expected = _brute(puzzle, variant)
        assert expected is not None
        partial: list[Solution] = []
        count, found, engine = count_beside(
            puzzle, rules, 2, _stuck_until_known(puzzle, variant, partial), Deadline(30),
            zdd_after=None, second="glucose4", second_after=0.0, partial=partial, run=_solve_with)
        assert (count, engine) == (min(2, len(expected)), "sat"), puzzle.to_dict()
        assert set(found) <= expected and len(found) == count


def test_sat_here_keeps_the_count_once_it_has_a_solution() -> None:
    """The child only looks for a first solution: once SAT here has one, the child is
    stopped and never answers for the count."""
    puzzle = Puzzle(4, 4, {"a": ((0, 0), (3, 3))})
    partial: list[Solution] = []

    def job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        assert stop is not None and not known
        with NumberlinkSolver(puzzle, fill=False) as sat:
            for solution in sat.solutions(None):
                partial.append(solution)
                assert not stop()  # the child was closed, so it never stops SAT
        return list(partial)

    count, found, _ = count_beside(puzzle, (False, False, False), None, job,
                                   Deadline(30), zdd_after=None, second="glucose4",
                                   second_after=0.0, partial=partial, run=_solve_with)
    assert count == len(found) == nl.count_solutions(puzzle, None, fill=False) > 2


def test_a_first_solution_from_the_child_is_kept_when_time_runs_out() -> None:
    """When the count from the child's solution runs out of time at once, the timeout
    still carries that solution (``counted`` verifies it and hands it on)."""
    puzzle = Puzzle(3, 3, {"a": ((0, 0), (2, 2))})
    partial: list[Solution] = []

    def job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        while not known and (stop is None or not stop()):
            time.sleep(0.005)
        raise SolveTimeout("out of time", elapsed=0.0, stage="counting")

    with pytest.raises(SolveTimeout):
        count_beside(puzzle, (True, False, False), 2, job, Deadline(30), zdd_after=None,
                     second="glucose4", second_after=0.0, partial=partial, run=_solve_with)
    assert len(partial) == 1 and not nl.verify(puzzle, partial[0], fill=True)


@pytest.mark.parametrize("fill", [True, False])
def test_the_walk_heres_first_solution_gives_exact_counts(
        fill: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """With SAT here stuck and the child never started, the switch walk in this process
    finds a first solution under fill and the count goes on from it: under either rule
    the counts up to 2 equal the exhaustive ones (boards with a fill solution: the walk
    finds nothing else)."""
    monkeypatch.setattr(second_solver, "WALK_HERE_AFTER", 0.0)
    monkeypatch.setattr(second_solver, "WALK_HERE_SHARE", 1.0)  # SAT here only sleeps
    variant = {"fill": fill, "no_touch": False, "no_2x2": False}
    rng = random.Random(23 + fill)
    compared = 0
    for _ in range(300):
        if compared == 12:
            break
        puzzle = random_puzzle(rng, max_side=5)
        if not _brute(puzzle, {**variant, "fill": True}):
            continue  # no fill solution: the walk would never answer
        expected = _brute(puzzle, variant)
        assert expected
        partial: list[Solution] = []
        count, found, engine = count_beside(
            puzzle, (fill, False, False), 2, _stuck_until_known(puzzle, variant, partial),
            Deadline(30), zdd_after=None, second="glucose4", second_after=1e9,
            partial=partial, run=_solve_with)
        assert (count, engine) == (min(2, len(expected)), "sat"), puzzle.to_dict()
        assert set(found) <= expected and len(found) == count
        assert not nl.verify(puzzle, found[0], fill=True)  # the walk's, first
        compared += 1
    assert compared == 12
