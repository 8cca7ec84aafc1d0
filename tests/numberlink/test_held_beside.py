"""The held-path proof beside a count (``held_beside``): with SAT here stuck after its
first solution, the child's verdict is the count, and it equals the exhaustive one under
every rule variant; through ``counted`` the counts stay exact whichever engine answers."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence

import pytest

import numberlink_sat as nl
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink import held_beside
from numberlink_sat.numberlink.held_beside import HeldBeside
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.race import count_beside
from numberlink_sat.numberlink.solve import NumberlinkSolver, _solve_with
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_chain import _boards
from tests.numberlink.test_solve import VARIANTS, as_solution

solve = importlib.import_module("numberlink_sat.numberlink.solve")


def _brute(puzzle: Puzzle, variant: dict[str, bool]) -> set[Solution] | None:
    paths = brute_path_sets(puzzle, node_budget=200_000, **variant)
    return None if paths is None else {as_solution(puzzle, p) for p in paths}


def _puzzles(variant: dict[str, bool], seed: int, want: int
             ) -> list[tuple[Puzzle, set[Solution]]]:
    """``want`` small solvable puzzles with their exhaustive solution sets, about half
    of them unique (the boards of the chain's and the held proof's tests)."""
    unique: list[tuple[Puzzle, set[Solution]]] = []
    multiple: list[tuple[Puzzle, set[Solution]]] = []
    for puzzle in _boards(variant, seed):
        expected = _brute(puzzle, variant)
        if expected:
            (unique if len(expected) == 1 else multiple).append((puzzle, expected))
    chosen = unique[:want - want // 2] + multiple[:want // 2]
    assert len(chosen) == want
    return chosen


def _stuck_after_first(puzzle: Puzzle, variant: dict[str, bool],
                       partial: list[Solution]) -> Callable[..., list[Solution]]:
    """A count here that finds a first solution and then never a second: it waits for
    ``stop``, as SAT's slices do."""

    def job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        assert stop is not None and not known
        with NumberlinkSolver(puzzle, **variant) as sat:
            partial.append(next(sat.solutions(1)))
        _wait_for(stop)
        raise SolveTimeout("stopped", elapsed=0.0, stage="counting")

    return job


def _wait_for(stop: Callable[[], bool]) -> None:
    deadline = time.perf_counter() + 60
    while not stop():
        assert time.perf_counter() < deadline, "no answer beside in 60 s"
        time.sleep(0.005)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_held_proofs_verdict_gives_exact_counts(variant: dict[str, bool]) -> None:
    """SAT here has a first solution and stalls: the held-path proof in the child
    decides, and the count up to 2 is the exhaustive one (its second solution one of
    the puzzle's)."""
    rules = (variant["fill"], variant["no_touch"], variant["no_2x2"])
    for puzzle, expected in _puzzles(variant, 11 + sum(rules), want=5):
        partial: list[Solution] = []

        def held_for(first: Solution, puzzle: Puzzle = puzzle) -> HeldBeside:
            return HeldBeside(puzzle, rules, first, Deadline(60), solver=DEFAULT_SOLVER,
                              start_after=0.0)

        count, found, engine = count_beside(
            puzzle, rules, 2, _stuck_after_first(puzzle, variant, partial),
            Deadline(60), zdd_after=None, second="glucose4", second_after=1e9,
            partial=partial, run=_solve_with, held_for=held_for)
        assert (count, engine) == (min(2, len(expected)), "held"), puzzle.to_dict()
        assert len(set(found)) == len(found) == count and set(found) <= expected


@pytest.mark.parametrize("variant", VARIANTS[::3])
def test_a_first_solution_from_the_second_solver_gets_the_held_proof_too(
        variant: dict[str, bool]) -> None:
    """When the second solver's child finds the first solution, the count that goes on
    from it has the held-path proof beside it as well."""
    rules = (variant["fill"], variant["no_touch"], variant["no_2x2"])
    for puzzle, expected in _puzzles(variant, 5 + sum(rules), want=4):
        partial: list[Solution] = []

        def job(stop: Callable[[], bool] | None, known: Sequence[Solution],
                puzzle: Puzzle = puzzle) -> list[Solution]:
            assert stop is not None
            _wait_for(stop)  # first the child's solution, then the held proof's answer
            raise SolveTimeout("stopped", elapsed=0.0, stage="counting")

        def held_for(first: Solution, puzzle: Puzzle = puzzle) -> HeldBeside:
            return HeldBeside(puzzle, rules, first, Deadline(60), solver=DEFAULT_SOLVER,
                              start_after=0.0)

        count, found, engine = count_beside(
            puzzle, rules, 2, job, Deadline(60), zdd_after=None, second="glucose4",
            second_after=0.0, partial=partial, run=_solve_with, held_for=held_for)
        assert (count, engine) == (min(2, len(expected)), "held"), puzzle.to_dict()
        assert set(found) <= expected and len(found) == count


def test_an_undecided_held_proof_leaves_the_count_to_sat() -> None:
    """A held-path proof out of time sends no answer: the count here goes on and
    answers itself."""
    puzzle = Puzzle(4, 4, {"a": ((0, 0), (3, 3))})
    partial: list[Solution] = []
    polls: list[bool] = []

    def job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        assert stop is not None and not known
        with NumberlinkSolver(puzzle, fill=False) as sat:
            partial.append(next(sat.solutions(1)))
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline:  # until the child has given up
            polls.append(stop())
            if polls[-1] or (polls and _held[0].failed):
                break
            time.sleep(0.005)
        return count_all()

    def count_all() -> list[Solution]:
        partial[:] = nl.solutions(puzzle, 2, fill=False)
        return list(partial)

    _held: list[HeldBeside] = []

    def held_for(first: Solution) -> HeldBeside:
        _held.append(HeldBeside(puzzle, (False, False, False), first, Deadline(0.0),
                                solver=DEFAULT_SOLVER, start_after=0.0))
        return _held[0]

    count, _, engine = count_beside(
        puzzle, (False, False, False), 2, job, Deadline(30), zdd_after=None,
        second="glucose4", second_after=1e9, partial=partial, run=_solve_with,
        held_for=held_for)
    assert (count, engine) == (2, "sat") and not any(polls) and _held[0].failed


@pytest.mark.parametrize("variant", VARIANTS)
def test_counts_stay_exact_with_the_held_proof_started_at_once(
        variant: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``counted`` on boards that take the second-solver road (the ZDD kept out,
    the proof beside started at the first solution), every count up to 2 is the
    exhaustive one, whichever engine answered."""
    monkeypatch.setattr(solve, "RACE_MIN_CELLS", 0)
    monkeypatch.setattr(solve, "_race_pays", lambda *args, **kwargs: False)
    monkeypatch.setattr(held_beside, "HELD_BESIDE_AFTER", 0.0)
    rules = (variant["fill"], variant["no_touch"], variant["no_2x2"])
    for puzzle, expected in _puzzles(variant, 3 + sum(rules), want=5):
        count, found, engine = solve.counted(puzzle, 2, time_limit=60, **variant)
        assert count == min(2, len(expected)) and engine in ("sat", "held"), puzzle.to_dict()
        assert set(found) <= expected


def test_the_held_proof_is_offered_only_where_it_applies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a count up to 2 on the second-solver road gets a held-path proof: not other
    limits, not ``held_beside=False`` (a lemma's or a chain step's own count), not SAT
    alone."""
    monkeypatch.setattr(solve, "RACE_MIN_CELLS", 0)
    monkeypatch.setattr(solve, "_race_pays", lambda *args, **kwargs: False)
    offered: list[bool] = []
    real = solve.count_beside

    def spy(*args: object, **kwargs: object) -> tuple[int, list[Solution], str]:
        offered.append(kwargs.get("held_for") is not None)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solve, "count_beside", spy)
    puzzle = Puzzle(4, 4, {"a": ((0, 0), (3, 3))})
    assert solve.counted(puzzle, None, fill=False)[0] > 2
    assert solve.counted(puzzle, 3, fill=False)[0] == 3
    assert solve.counted(puzzle, 2, fill=False, held_beside=False)[0] == 2
    assert solve.counted(puzzle, 2, fill=False, engine="sat")[0] == 2
    assert solve.counted(puzzle, 2, fill=False)[0] == 2
    assert offered == [False, False, False, False, True]


def test_the_proof_beside_logs_each_lemma(caplog: pytest.LogCaptureFixture) -> None:
    # the child's work, run here: its lemmas reach the -v log, its verdict is exact
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    first = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    with caplog.at_level("INFO", logger=held_beside.__name__):
        answer = held_beside._held_answer(p, (True, False, False), first, DEFAULT_SOLVER,
                                          Deadline(60))
    assert answer == ("unique", None)
    said = [r.getMessage() for r in caplog.records if "held-path proof beside" in r.message]
    assert len(said) == 2 and all("held (every other solution changes it)" in line
                                  for line in said)
    assert {line.split("beside: path ")[1].split(" ")[0] for line in said} == {"1", "2"}


def test_the_start_is_logged_with_its_own_record(caplog: pytest.LogCaptureFixture) -> None:
    # benchmarks listen for this record to say whether, and when, the proof started
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    first = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    with caplog.at_level("INFO", logger=held_beside.__name__), \
            HeldBeside(p, (True, False, False), first, Deadline(60),
                       solver=DEFAULT_SOLVER, start_after=1e9) as late:
        assert not late.poll()
        assert not [r for r in caplog.records if r.msg == held_beside.STARTED_MESSAGE]
        with HeldBeside(p, (True, False, False), first, Deadline(60),
                        solver=DEFAULT_SOLVER, start_after=0.0) as beside:
            _wait_for(beside.poll)
    started = [r for r in caplog.records if r.msg == held_beside.STARTED_MESSAGE]
    assert len(started) == 1 and started[0].args and started[0].args[0] >= 0
    assert beside.answer is not None and beside.answer[0] == 1
