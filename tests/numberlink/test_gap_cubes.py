"""The second search in gap cubes (numberlink.gap_cubes): the gap literals mean what the
rules say, the cubes split the solutions exactly, every verdict agrees with an
exhaustive count, cubes past their time are cut or left open, and a log resumes."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import numberlink_sat.beside as beside
from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.numberlink.encode import NumberlinkEncoding
from numberlink_sat.numberlink.gap_cubes import GapCube, gap_split_search
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.solve import NumberlinkSolver, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession
from tests.numberlink.exhaustive import brute_path_sets, gaps_by_the_rules
from tests.numberlink.test_chain import VARIANTS, _boards, generate_with_solution

solve_module = sys.modules["numberlink_sat.numberlink.solve"]


def _in_cube(cube: GapCube, gaps: Sequence[bool]) -> bool:
    """Whether a solution with these gaps meets the cube's assumptions (literal
    ``q + 1`` standing for a gap at position ``q``)."""
    return all(gaps[abs(x) - 1] == (x > 0) for x in cube.assumptions(range(1, len(gaps) + 1)))


def _walk_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small boards reach the Nikoli second search (and so the cubes): the restrictions
    on from the first cell, no proof by propagation alone, workers in this process."""
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(NumberlinkSolver, "_propagation_proof", lambda self, state: False)


def _generated(rules: dict[str, bool], seed: int, count: int) -> list[Puzzle]:
    """Generated 5x5 to 6x5 boards (unique) and two shifts of each (often not)."""
    return _boards(rules, seed, sizes=[(5, 5), (6, 5), (6, 4)], count=count)


def test_gap_literals_are_true_exactly_at_the_gaps_of_the_rules() -> None:
    checked = gaps_seen = 0
    rules = {"fill": False, "no_touch": False, "no_2x2": False}
    for puzzle in _boards(rules, 7) + _generated(rules, 5, 4):
        encoding = NumberlinkEncoding(puzzle, RuleOptions(fill=False))
        _sides, literals, clauses = encoding.detour_gap_literals()
        order = literals[::-1]
        found = brute_path_sets(puzzle, fill=False, node_budget=400_000)
        for paths in (found or [])[:30]:
            used = {frozenset(pair) for path in paths.values()
                    for pair in itertools.pairwise(path)}
            fixed = []
            for r, c in itertools.product(range(puzzle.height), range(puzzle.width)):
                for other in ((r, c + 1), (r + 1, c)):
                    var = encoding.edge_var((r, c), other)
                    if var is not None:
                        fixed.append(var if frozenset(((r, c), other)) in used else -var)
            with SatSession() as session:
                session.add_clauses(clauses)
                assert session.solve(fixed)
                model = session.model()
            expected = gaps_by_the_rules(puzzle, paths)
            assert [model[g] for g in order] == expected
            checked += 1
            gaps_seen += sum(expected)
    assert checked >= 100 and gaps_seen >= 20


def test_the_cubes_split_every_solution_exactly() -> None:
    # the gap-free part and the first cubes hold each solution once; an open cube is
    # its closed cube and its children: followed down, each solution lies in exactly
    # one part at every level, and ends in the closed cube of its own gaps
    rules = {"fill": False, "no_touch": False, "no_2x2": False}
    checked = levels = 0
    for puzzle in _boards(rules, 8) + _generated(rules, 6, 4):
        for paths in (brute_path_sets(puzzle, fill=False, node_budget=400_000) or [])[:40]:
            gaps = gaps_by_the_rules(puzzle, paths)
            n = len(gaps)
            parts = [GapCube((), closed=True), *(GapCube((p,)) for p in range(n))]
            while True:
                inside = [part for part in parts if _in_cube(part, gaps)]
                assert len(inside) == 1
                cube = inside[0]
                if cube.closed:
                    break
                levels += 1
                parts = [GapCube(cube.gaps, closed=True),
                         *(GapCube((*cube.gaps, q)) for q in range(cube.gaps[-1] + 1, n))]
            assert cube.gaps == tuple(q for q in range(n) if gaps[q])
            checked += 1
    assert checked >= 100 and levels >= 100


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_every_verdict_agrees_with_an_exhaustive_count(
        monkeypatch: pytest.MonkeyPatch, fill: bool, no_touch: bool, no_2x2: bool) -> None:
    _walk_here(monkeypatch)
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    verdicts: dict[str, int] = {}
    asked = 0
    for puzzle in _boards(rules, 9) + ([] if fill else _generated(rules, 9, 6)):
        found = brute_path_sets(puzzle, **rules, node_budget=400_000)
        for paths in (found or [])[:2]:
            known = Solution(puzzle.width, puzzle.height, {k: list(v) for k, v in paths.items()})
            split = gap_split_search(puzzle, known, rules=rules, presplit=2,
                                     block_steps=(1, 2), window_search=False)
            assert split.verdict == ("unique" if len(found) == 1 else "multiple")
            verdicts[split.verdict] = verdicts.get(split.verdict, 0) + 1
            if split.second is not None:
                assert split.second != known and not verify(puzzle, split.second, **rules)
            asked += split.asked
    assert verdicts.get("unique", 0) >= 5 and verdicts.get("multiple", 0) >= 3
    if not fill and not no_touch:  # the Nikoli second search runs in cubes
        assert asked >= 20


@pytest.mark.parametrize("no_2x2", [False, True])
def test_cutting_and_blocks_keep_the_verdict(monkeypatch: pytest.MonkeyPatch,
                                             no_2x2: bool) -> None:
    # propagation never refutes a cube here, so every cut cube is blocked and pruned
    _walk_here(monkeypatch)
    real = SatSession.implied_by_propagation
    monkeypatch.setattr(SatSession, "implied_by_propagation",
                        lambda self, assumptions=(): real(self, assumptions) or set())
    rules = {"fill": False, "no_2x2": no_2x2}
    totals = {"unique": 0, "multiple": 0, "blocks": 0, "pruned": 0, "cut from a walk": 0}
    for puzzle in _generated(rules, 7, 10):
        found = brute_path_sets(puzzle, **rules, node_budget=400_000)
        if not found:
            continue
        for paths in found[:2]:
            known = Solution(puzzle.width, puzzle.height, {k: list(v) for k, v in paths.items()})
            split = gap_split_search(puzzle, known, rules=rules, presplit=2,
                                     block_steps=(1, 2), window_search=False)
            assert split.verdict == ("unique" if len(found) == 1 else "multiple")
            totals[split.verdict] += 1
            totals["blocks"] += split.blocks
            totals["pruned"] += split.pruned
    assert totals["unique"] >= 10 and totals["multiple"] >= 10
    assert totals["blocks"] >= 20 and totals["pruned"] >= 20


def _walked_board() -> tuple[Puzzle, Solution]:
    """A unique generated 5x5 whose second search runs in cubes."""
    made = generate_with_solution(5, 5, seed=11, allow_blocked=False, fill=False)
    known = solve(made.puzzle, fill=False)
    assert known is not None
    return made.puzzle, known


def test_cubes_past_their_time_are_cut_and_a_closed_one_left_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _walk_here(monkeypatch)
    puzzle, known = _walked_board()
    stuck = gap_split_search(puzzle, known, rules={"fill": False}, cube_time_limit=1e-9,
                             window_search=False)
    # every first cube was cut; the gap-free part cannot be, and is left open
    assert stuck.verdict == "undecided" and stuck.cut == stuck.sides > 0
    assert GapCube((), closed=True) in stuck.open
    done = gap_split_search(puzzle, known, rules={"fill": False}, window_search=False)
    assert done.verdict == "unique" and not done.open
    assert done.proven + done.refuted >= done.sides + 1
    late = gap_split_search(puzzle, known, rules={"fill": False}, deadline=Deadline(0.0))
    assert late.verdict == "undecided" and len(late.open) == late.sides + 1


def test_a_log_resumes_the_cubes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(NumberlinkSolver, "_propagation_proof", lambda self, state: False)
    puzzle, known = _walked_board()
    log = tmp_path / "cubes.jsonl"
    first = gap_split_search(puzzle, known, rules={"fill": False}, log=log, workers=2,
                             presplit=1, window_search=False)  # in two children
    assert first.verdict == "unique" and first.proven > 0 and first.from_log == 0
    again = gap_split_search(puzzle, known, rules={"fill": False}, log=log, presplit=1,
                             window_search=False)
    assert again.verdict == "unique" and again.asked == 0
    assert again.from_log == first.proven and again.refuted == first.refuted
    # other rules are another question: nothing is taken from the log
    other = gap_split_search(puzzle, known, rules={"fill": False, "no_2x2": True}, log=log,
                             window_search=False)
    assert other.from_log == 0


def test_bad_arguments_are_refused() -> None:
    puzzle, known = _walked_board()
    for wrong in ({"workers": 0}, {"presplit": -1}, {"cube_time_limit": 0},
                  {"cube_time_limit": "3"}, {"workers": True}):
        with pytest.raises(InvalidArgumentError):
            gap_split_search(puzzle, known, rules={"fill": False}, **wrong)  # type: ignore[arg-type]
    other = Solution(known.width, known.height, {k: v[:1] for k, v in known.paths.items()})
    with pytest.raises(InvalidArgumentError, match="does not solve"):
        gap_split_search(puzzle, other, rules={"fill": False})
