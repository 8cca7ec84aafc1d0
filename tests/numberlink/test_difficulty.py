"""The rule engine is sound (checked against the forced map); the score is stable."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from numberlink_sat.numberlink.deduce import UNUSED, USED, Board, Contradiction
from numberlink_sat.numberlink.diagnose import diagnose
from numberlink_sat.numberlink.difficulty import GRADES, lookahead_step, rate
from numberlink_sat.numberlink.formats import parse
from numberlink_sat.numberlink.generator import generate
from tests.numberlink.test_solve import VARIANTS, random_puzzle

FLOW = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "numberlink" / \
    "mzucker-flow_solver" / "puzzles"


def check_sound(board: Board, variant: dict[str, bool]) -> None:
    d = diagnose(board.puzzle, **variant)
    try:
        board.propagate()
        while lookahead_step(board, 1) is not None:
            pass
    except Contradiction:
        assert d.count == 0, (board.puzzle.to_dict(), variant)
        return
    if d.count == 0:
        return
    for e, s in enumerate(board.state):
        edge = board.edge_cells(e)
        if s == USED:
            assert edge in d.forced_used, (board.puzzle.to_dict(), variant, edge)
        elif s == UNUSED:
            assert edge in d.forced_unused, (board.puzzle.to_dict(), variant, edge)


@pytest.mark.parametrize("seed", range(4))
def test_deductions_agree_with_every_solution(seed: int) -> None:
    rng = random.Random(4200 + seed)
    for _ in range(30):
        puzzle = random_puzzle(rng, max_side=5)
        for variant in VARIANTS:
            check_sound(Board(puzzle, **variant), variant)


def test_a_settled_board_is_the_unique_solution() -> None:
    for seed in range(6):
        puzzle = generate(6, 6, seed=seed)
        board = Board(puzzle)
        board.propagate()
        while lookahead_step(board, 1) or lookahead_step(board, 2):
            pass
        d = diagnose(puzzle)
        assert d.unique
        if not board.unknown_edges():
            assert board.solution_edges() == d.solutions[0].edges()


def test_scores_are_deterministic_and_graded() -> None:
    puzzle = generate(8, 8, seed=3)
    first, again = rate(puzzle), rate(puzzle)
    assert (first.score, first.grade, first.rounds) == (again.score, again.grade, again.rounds)
    assert first.grade in GRADES and first.version >= 101
    assert rate(parse("1 . 1")).grade == "propagation"
    unsolvable = rate(parse("1 2\n2 1"))
    assert not unsolvable.solvable and not unsolvable.settled


def test_scores_do_not_depend_on_the_hash_seed() -> None:
    code = ("import json, sys; from numberlink_sat.numberlink.generator import generate; "
            "from numberlink_sat.numberlink.difficulty import rate; "
            "r = [rate(generate(9, 9, seed=s), fill=f).score for s in (1, 2) "
            "for f in (True, False)]; print(json.dumps(r))")
    outs = set()
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
                             cwd=Path(__file__).resolve().parents[2])
        outs.add(tuple(json.loads(out.stdout)))
    assert len(outs) == 1


@pytest.mark.skipif(not FLOW.is_dir(), reason="the shared corpus is not here")
def test_the_small_rated_puzzles_need_no_lookahead() -> None:
    for name in ("regular_5x5_01", "regular_6x6_01", "regular_7x7_01"):
        d = rate(parse((FLOW / f"{name}.txt").read_text()))
        assert d.settled and d.grade == "propagation", name


def test_max_depth_is_checked() -> None:
    with pytest.raises(ValueError):
        rate(parse("1 . 1"), max_depth=3)


def test_a_deadline_bounds_the_rating_and_never_moves_the_score() -> None:
    from numberlink_sat.errors import SolveTimeout
    from numberlink_sat.sat.deadline import Deadline

    puzzle = generate(12, 12, seed=0)
    plain = rate(puzzle)
    assert plain.lookahead1 > 0  # the rating needs trial propagations, where it is checked
    assert rate(puzzle, deadline=Deadline(60.0)).score == plain.score
    with pytest.raises(SolveTimeout):
        rate(puzzle, deadline=Deadline(0.0))
