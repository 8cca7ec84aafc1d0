"""Uniqueness along a chain of merges (numberlink.chain): every verdict against brute
force, under all eight rule variants."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import numberlink_sat.numberlink.chain as chain_module
from numberlink_sat.errors import InternalError, InvalidArgumentError, ParseError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.chain import chain_proof, join_pieces, planned_merges, split_paths
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.generator.thin import shifts
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_thin import _walk_cases

VARIANTS = [(fill, no_touch, no_2x2) for fill in (True, False)
            for no_touch in (False, True) for no_2x2 in (False, True)]


def _boards(rules: dict[str, bool], seed: int,
            sizes: Sequence[tuple[int, int]] = ((3, 3), (4, 3), (4, 4), (5, 3)),
            count: int = 14) -> list[Puzzle]:
    """Small puzzles (``count`` generated of the ``sizes``), unique (generated) and
    often not (a shift of a generated one); under fill with ``no_touch`` or ``no_2x2``,
    where those are rare, also every puzzle with two solutions that two moves from a
    unique one reach (test_thin's walk)."""
    if rules["fill"] and (rules["no_touch"] or rules["no_2x2"]):
        cases = _walk_cases(rules, 40, [(5, 5), (6, 5), (6, 6)], 11)  # as in test_thin
        two = [case[0] for case in cases if case[3] == 2]
        return two + [case[0] for case in cases if case[3] == 1][:20]
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        width, height = rng.choice(list(sizes))
        made = generate_with_solution(width, height, seed=rng.randrange(10**6),
                                      allow_blocked=False, **rules)
        boards.append(made.puzzle)
        for paths in list(shifts(made.solution))[:2]:
            boards.append(Puzzle(width, height, {k: (p[0], p[-1]) for k, p in paths.items()}))
    return boards


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_every_verdict_agrees_with_an_exhaustive_count(fill: bool, no_touch: bool,
                                                       no_2x2: bool) -> None:
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    plain = not (no_touch or no_2x2)
    verdicts: dict[str, int] = {}
    for puzzle in _boards(rules, 3):
        found = brute_path_sets(puzzle, **rules)
        assert found is not None
        for piece_length in (2, 3):
            proof = chain_proof(puzzle, piece_length=piece_length, **rules)
            verdicts[proof.verdict] = verdicts.get(proof.verdict, 0) + 1
            if proof.verdict == "unique":
                assert len(found) == 1
            elif proof.verdict == "multiple":
                assert len(found) >= 2
                assert proof.solution is not None and proof.second is not None
                assert proof.second != proof.solution
                assert not verify(puzzle, proof.second, **rules)
            elif proof.verdict == "none":
                assert not found
            else:  # undecided: only where a joined path may break a rule
                assert proof.verdict == "undecided" and not plain and len(found) >= 2
            if plain and found:  # the plain rules always decide (no time limit)
                assert proof.verdict == ("unique" if len(found) == 1 else "multiple")
    assert verdicts.get("unique", 0) >= 10
    assert verdicts.get("multiple", 0) + verdicts.get("undecided", 0) >= 5


def test_a_long_chain_is_walked_and_counted() -> None:
    made = generate_with_solution(8, 8, seed=5, fill=False, allow_blocked=False)
    steps = []
    proof = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2,
                        on_step=steps.append)
    assert proof.verdict == "unique" and proof.solution == made.solution
    cells = sum(len(p) for p in made.solution.paths.values())
    assert proof.split_pairs > len(made.puzzle.labels)
    assert proof.proven_steps == proof.split_pairs - len(made.puzzle.labels)
    assert list(proof.steps) == steps
    assert all(step.answer == "unique" for step in steps)
    assert steps[-1].pairs == len(made.puzzle.labels) and cells >= steps[-1].merged_cells


def test_split_and_join_are_inverse() -> None:
    made = generate_with_solution(7, 6, seed=2, allow_blocked=False)
    for length in (2, 3, 5, 100):
        pieces = split_paths(made.solution, length)
        for label, parts in pieces.items():
            assert all(len(part) >= 2 for part in parts)
            assert [c for part in parts for c in part] == list(made.solution.paths[label])
        flat = {f"{lab}.{k}": part[::-1] if k % 2 else part
                for lab, parts in pieces.items() for k, part in enumerate(parts)}
        assert join_pieces(made.puzzle, pieces, Solution(7, 6, flat)) == made.solution


def test_no_solution_and_a_time_limit() -> None:
    blocked_off = Puzzle(3, 3, {"1": ((0, 0), (2, 2)), "2": ((0, 2), (2, 0))})
    assert chain_proof(blocked_off, fill=False).verdict == "none"
    made = generate_with_solution(16, 16, seed=1, fill=False, allow_blocked=False)
    for workers in (1, 2):
        began = time.perf_counter()
        proof = chain_proof(made.puzzle, fill=False, piece_length=2, time_limit=0.5,
                            workers=workers)
        assert proof.verdict in ("undecided", "unique")
        assert proof.seconds < 0.5 + 1.5 and time.perf_counter() - began < 0.5 + 1.5


def test_bad_input_is_refused() -> None:
    p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    with pytest.raises(InvalidArgumentError, match="does not solve"):
        chain_proof(p, Solution(3, 1, {"1": [(0, 0), (0, 1)]}))
    for bad in ({"piece_length": 1}, {"tries": 0}, {"step_time_limit": -1.0}):
        with pytest.raises(InvalidArgumentError):
            chain_proof(p, **bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_parallel_merges_give_the_same_verdicts(fill: bool, no_touch: bool,
                                                no_2x2: bool) -> None:
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    for puzzle in _boards(rules, 4)[:18]:
        found = brute_path_sets(puzzle, **rules)
        assert found is not None
        alone = chain_proof(puzzle, piece_length=2, **rules)
        both = chain_proof(puzzle, piece_length=2, workers=2, **rules)
        assert both.verdict == alone.verdict
        if both.verdict == "unique":
            assert len(found) == 1 and both.proven_steps == len(both.steps)
            assert [step.pairs for step in both.steps] == [step.pairs for step in alone.steps]
        elif both.verdict == "multiple":
            assert both.second is not None and both.second != both.solution
            assert not verify(puzzle, both.second, **rules) and len(found) >= 2
        elif both.verdict == "none":
            assert not found


def test_planned_merges_are_the_chain_walked() -> None:
    made = generate_with_solution(8, 8, seed=5, fill=False, allow_blocked=False)
    pieces = split_paths(made.solution, 2)
    plan = planned_merges(pieces)
    assert len(plan) == sum(len(parts) - 1 for parts in pieces.values())
    proof = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2)
    assert len(proof.steps) == len(plan)  # every first try proven: the plan, step by step


def test_a_log_lets_a_chain_resume(tmp_path: Path) -> None:
    made = generate_with_solution(8, 8, seed=5, fill=False, allow_blocked=False)
    log = tmp_path / "chain.jsonl"
    first = chain_proof(made.puzzle, fill=False, piece_length=2, log=log)
    assert first.verdict == "unique" and first.logged_steps == 0 and not first.split_logged
    again = chain_proof(made.puzzle, fill=False, piece_length=2, log=log, workers=2)
    assert again.verdict == "unique" and again.split_logged
    assert again.logged_steps == len(again.steps) == first.proven_steps
    assert again.solution == first.solution  # the solution kept in the log
    other_rules = chain_proof(made.puzzle, fill=False, no_2x2=True, piece_length=2, log=log)
    assert other_rules.logged_steps == 0 and not other_rules.split_logged
    other_pieces = chain_proof(made.puzzle, fill=False, piece_length=3, log=log)
    assert other_pieces.verdict == "unique" and not other_pieces.split_logged
    assert other_pieces.logged_steps < other_pieces.proven_steps  # only the very same merges


def _stalls_on(cells: int) -> Callable[..., list[Solution]]:
    """solutions_after_move, except that a merge of ``cells`` cells runs out of time."""
    real = chain_module.solutions_after_move

    def patched(puzzle: Puzzle, solution: Solution, changed: list[list[Cell]],
                **options: object) -> list[Solution]:
        if len(changed[0]) == cells:
            raise SolveTimeout("stalled on purpose")
        return real(puzzle, solution, changed, **options)  # type: ignore[arg-type]

    return patched


def test_with_a_log_the_other_merges_go_on_past_a_timeout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = generate_with_solution(8, 8, seed=5, fill=False, allow_blocked=False)
    pieces = split_paths(made.solution, 2)
    states = []
    for label, k in planned_merges(pieces):
        pieces[label][k:k + 2] = [pieces[label][k] + pieces[label][k + 1]]
        states.append(pieces[label][k])
    stalled = len(states[len(states) // 2])
    log = tmp_path / "chain.jsonl"
    with monkeypatch.context() as patch:
        patch.setattr(chain_module, "solutions_after_move", _stalls_on(stalled))
        cut = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2,
                          workers=2, log=log)
    timed_out = sum(1 for step in cut.steps if step.answer == "timeout")
    assert cut.verdict == "undecided" and timed_out >= 1
    assert len(cut.steps) == len(states)  # with a log every merge was tried
    resumed = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2,
                          workers=2, log=log)
    assert resumed.verdict == "unique"
    assert resumed.logged_steps == len(states) - timed_out
    with monkeypatch.context() as patch:  # without a log the run stops at once
        patch.setattr(chain_module, "solutions_after_move", _stalls_on(stalled))
        stopped = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2,
                              workers=1)
    assert stopped.verdict == "undecided"


def test_a_child_that_dies_or_fails_is_never_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    made = generate_with_solution(6, 6, seed=3, fill=False, allow_blocked=False)

    def dies(*args: object, **options: object) -> list[Solution]:
        os._exit(9)

    monkeypatch.setattr(chain_module, "solutions_after_move", dies)
    proof = chain_proof(made.puzzle, made.solution, fill=False, piece_length=2, workers=2)
    assert proof.verdict == "undecided"
    assert proof.steps and {step.answer for step in proof.steps} == {"failed"}

    def fails(*args: object, **options: object) -> list[Solution]:
        raise KeyError("a bug")

    monkeypatch.setattr(chain_module, "solutions_after_move", fails)
    with pytest.raises(InternalError, match="KeyError"):
        chain_proof(made.puzzle, made.solution, fill=False, piece_length=2, workers=2)


def test_a_broken_log_names_its_file_and_line(tmp_path: Path) -> None:
    p = Puzzle(4, 1, {"1": ((0, 0), (0, 3))})
    log = tmp_path / "chain.jsonl"
    chain_proof(p, piece_length=2, log=log)
    lines = log.read_text().splitlines()
    assert len(lines) >= 2
    for bad, said in (("{not json", "not a JSON line"), ('{"kind": "step"}', "key"),
                      ('{"kind": "other", "key": "x"}', "unknown kind"),
                      ('{"kind": "solution", "key": "x"}', "without its paths")):
        log.write_text("\n".join([*lines, bad]) + "\n")
        with pytest.raises(ParseError, match=f"chain.jsonl, line {len(lines) + 1}: .*{said}"):
            chain_proof(p, piece_length=2, log=log)
    with pytest.raises(InvalidArgumentError, match="workers"):
        chain_proof(p, workers=0)
