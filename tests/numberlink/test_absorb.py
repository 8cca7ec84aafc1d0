"""Loop absorption: models with detached loops made into solutions (absorb.py)."""

from __future__ import annotations

import itertools
import random

import numberlink_sat as nl
from numberlink_sat.numberlink.absorb import absorb_loops, loop_components
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.solve import NumberlinkSolver
from numberlink_sat.sat.session import SatSession
from tests.numberlink.exhaustive import brute_path_sets


def ring_beside_dominoes() -> tuple[bytearray, bytearray]:
    """3 wide, 4 high: a ring through rows 0-1, three vertical dominoes below it."""
    right = bytearray(12)
    down = bytearray(12)
    right[0] = right[1] = right[3] = right[4] = 1  # top and bottom of the ring
    down[0] = down[2] = 1                          # its two sides
    down[6] = down[7] = down[8] = 1                # the dominoes (2,c)-(3,c)
    return right, down


def test_a_loop_without_a_parallel_neighbour_is_left() -> None:
    right, down = ring_beside_dominoes()
    ends = [6, 7, 8, 9, 10, 11]
    assert [sorted(x) for x in loop_components(3, 4, ends, right, down)] == [[0, 1, 2, 3, 4, 5]]
    assert not absorb_loops(3, 4, ends, right, down)
    # the puzzle behind it has no solution: the loop cuts decide, absorption cannot lie
    puzzle = Puzzle(3, 4, {"a": ((2, 0), (3, 0)), "b": ((2, 1), (3, 1)), "c": ((2, 2), (3, 2))})
    assert brute_path_sets(puzzle) == []
    assert nl.solve(puzzle) is None


def test_two_loops_and_a_path_become_one_path() -> None:
    # 4 wide, 3 high: the label runs along row 0; below it two rings around the cells
    # (1..2, 0..1) and (1..2, 2..3) (2x2 rings are cut by the CNF, fine for this test)
    right = bytearray(12)
    down = bytearray(12)
    right[0] = right[1] = right[2] = 1            # path (0,0)-(0,3)
    for a in (4, 6):                               # rings with top-left cell 4 and 6
        right[a] = right[a + 4] = 1
        down[a] = down[a + 1] = 1
    ends = [0, 3]
    assert len(loop_components(4, 3, ends, right, down)) == 2
    r, d = right, down
    assert absorb_loops(4, 3, ends, r, d)
    assert loop_components(4, 3, ends, r, d) == []
    cells = {i for i in range(12) if r[i] or d[i]} | {i + 1 for i in range(12) if r[i]}
    cells |= {i + 4 for i in range(12) if d[i]}
    assert cells == set(range(12))
    degree = [0] * 12
    for i in range(12):
        if r[i]:
            degree[i] += 1
            degree[i + 1] += 1
        if d[i]:
            degree[i] += 1
            degree[i + 4] += 1
    assert degree == [1, 2, 2, 1, *([2] * 8)]


def random_open_board(rng: random.Random, max_side: int = 9) -> Puzzle:
    """A mostly open board with a few labels: first models are full of loops."""
    width, height = rng.randint(4, max_side), rng.randint(4, max_side)
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    labels = rng.randint(1, 3)
    ends = {str(k): (cells[2 * k], cells[2 * k + 1]) for k in range(labels)}
    blocked = [c for c in cells[2 * labels:] if rng.random() < 0.05]
    return Puzzle(width, height, ends, blocked)


def test_absorbed_models_verify_under_the_rules_they_claim() -> None:
    """Raw relaxation models with loops: every absorbed one passes the verifier."""
    rng = random.Random(11)
    with_loops = absorbed = swapped = 0
    for _ in range(300):
        puzzle = random_open_board(rng)
        for fill, no_touch, no_2x2 in itertools.product((True, False), repeat=3):
            options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2)
            enc = NumberlinkEncoding(puzzle, options)
            with SatSession(enc) as session:
                if not session.solve():
                    continue
                model = session.model()
            if not enc.find_cuts(model):
                continue
            with_loops += 1
            solution = enc.absorbed_solution(model)
            if fill and (no_touch or no_2x2):
                assert solution is None  # absorption would break the style rule
                continue
            if solution is not None:
                absorbed += 1
                swapped += fill
                assert nl.verify(puzzle, solution, **options.as_kwargs()) == [], puzzle
    assert with_loops >= 100 and absorbed >= 0.5 * with_loops, (with_loops, absorbed)
    assert swapped >= 20, swapped


LIMIT = 12


def test_absorption_leaves_exact_counts_alone() -> None:
    """Enumerating with and without absorption gives the same solution sets."""
    rng = random.Random(5)
    fired = 0
    for k in range(40):
        puzzle = random_open_board(rng, 5) if k % 2 else Puzzle(
            4, 4, {"a": ((0, 0), (rng.randint(0, 3), rng.randint(1, 3)))})
        fill = k % 4 != 3
        with NumberlinkSolver(puzzle, fill=fill, absorb_loops=False) as bare:
            expected = set(bare.solutions(LIMIT))
        with NumberlinkSolver(puzzle, fill=fill) as full:
            got = list(full.solutions(LIMIT))
            fired += full.stats.extra.get("absorbed", 0)
        assert len(got) == len(set(got))
        if len(expected) < LIMIT:
            assert set(got) == expected, puzzle
        else:
            assert len(got) == LIMIT
    assert fired > 0
