"""2-opt neighbours (local.py): exactly the valid one-square moves, found cheaply."""

from __future__ import annotations

import random

import pytest

import numberlink_sat as nl
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.grid import Edge
from numberlink_sat.numberlink.local import (
    _paths_from_edges,
    add_bypass,
    empty_bypass,
    local_alternatives,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.sat.deadline import Deadline
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_absorb import random_open_board
from tests.numberlink.test_solve import random_puzzle


def every_valid_move(puzzle: Puzzle, solution: Solution) -> set[Solution]:
    """Reference: try every square swap, rebuild the paths, keep what verifies."""
    edges = set(solution.edges())
    found = set()
    for r in range(puzzle.height - 1):
        for c in range(puzzle.width - 1):
            a, b, c2, d = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            pairs: tuple[tuple[tuple[Edge, Edge], tuple[Edge, Edge]], ...] = (
                (((a, b), (c2, d)), ((a, c2), (b, d))),
                (((a, c2), (b, d)), ((a, b), (c2, d))),
            )
            for old, new in pairs:
                if not all(e in edges for e in old) or any(e in edges for e in new):
                    continue
                paths = _paths_from_edges(puzzle, (edges - set(old)) | set(new))
                if paths is None:
                    continue
                candidate = Solution(puzzle.width, puzzle.height, paths)
                if not nl.verify(puzzle, candidate):
                    found.add(candidate)
    return found


def test_moves_equal_the_rebuild_everything_reference() -> None:
    rng = random.Random(3)
    compared = moves = 0
    for _ in range(250):
        puzzle = random_open_board(rng, 7)
        for solution in nl.solutions(puzzle, 3):
            got = list(local_alternatives(puzzle, solution))
            assert len(got) == len(set(got))
            assert set(got) == every_valid_move(puzzle, solution) - {solution}
            compared += 1
            moves += len(got)
    assert compared >= 100 and moves >= 50, (compared, moves)


def test_no_moves_under_no_touch() -> None:
    puzzle = Puzzle(3, 2, {"a": ((0, 0), (1, 0))})
    solution = nl.solve(puzzle)
    assert solution is not None
    assert list(local_alternatives(puzzle, solution, no_touch=True)) == []


def test_a_passed_deadline_stops_the_moves() -> None:
    # the same moves with a generous deadline; a passed one raises instead of answering
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        puzzle = random_open_board(rng, 7)
        solution = nl.solve(puzzle)
        if solution is None or not list(local_alternatives(puzzle, solution)):
            continue
        assert (list(local_alternatives(puzzle, solution, deadline=Deadline(60)))
                == list(local_alternatives(puzzle, solution)))
        with pytest.raises(SolveTimeout):
            list(local_alternatives(puzzle, solution, deadline=Deadline(0)))
        checked += 1
    assert checked >= 5, checked


def test_empty_bypass_is_a_second_solution() -> None:
    """A bypass found on random small solutions (no fill) gives a valid different one,
    and a solution that fills the board has none."""
    rng = random.Random(5)
    found = 0
    for _ in range(120):
        puzzle = random_puzzle(rng, max_side=4)
        for paths in brute_path_sets(puzzle, fill=False, node_budget=50_000) or []:
            solution = nl.Solution(puzzle.width, puzzle.height, paths)
            gap = empty_bypass(puzzle, solution)
            if gap is None:
                continue
            other = add_bypass(solution, gap)
            assert other != solution
            assert nl.verify(puzzle, other, fill=False) == []
            found += 1
    assert found > 10
    full = nl.Puzzle(3, 2, {"a": ((0, 0), (1, 0))})
    snake = nl.Solution(3, 2, {"a": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]})
    assert empty_bypass(full, snake) is None


def test_u_turn_transfers_are_solutions_and_reversible() -> None:
    """Every U-turn transfer of a fill solution is another fill solution under the
    plain rules, one per U-turn beside a parallel edge, and transferring back from it
    gives the first solution again."""
    from numberlink_sat.bench.instances import numberlink_loose
    from numberlink_sat.numberlink.local import u_turn_transfers
    from tests.numberlink.test_solve import _transfers, as_solution

    rng = random.Random(17)
    moves = 0
    for _ in range(60):
        puzzle = numberlink_loose(rng.randint(3, 5), rng.randint(3, 5), rng, rng.randint(1, 3))
        for paths in brute_path_sets(puzzle, node_budget=50_000) or []:
            solution = as_solution(puzzle, paths)
            moved = list(u_turn_transfers(solution))
            assert len(moved) == len(_transfers(solution))
            for other in moved:
                assert other != solution
                assert nl.verify(puzzle, other) == []
                assert solution in set(u_turn_transfers(other))
                moves += 1
    assert moves > 100, moves


def test_no_u_turn_transfer_under_no_2x2() -> None:
    """A transfer makes ``b', b, c, c'`` one path's 2 x 2 block: never a solution under
    ``no_2x2`` (which is why the transfer clauses serve the plain rules only)."""
    from numberlink_sat.numberlink.local import u_turn_transfers

    s = Solution(3, 2, {"a": [(0, 0), (0, 1), (1, 1), (1, 0)], "b": [(0, 2), (1, 2)]})
    puzzle = Puzzle(3, 2, {"a": ((0, 0), (1, 0)), "b": ((0, 2), (1, 2))})
    (moved,) = u_turn_transfers(s)
    assert nl.verify(puzzle, moved) == []
    assert nl.verify(puzzle, moved, no_2x2=True) != []
