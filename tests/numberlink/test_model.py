"""Puzzles and solutions as values: pickled, copied and sent to worker processes."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import pytest

from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.solve import solve
from numberlink_sat.numberlink.verify import verify

BOARD = Puzzle(4, 3, {"b": ((0, 0), (0, 3)), "a": ((2, 0), (2, 3))}, blocked=[(1, 2), (1, 1)],
               rules=RuleOptions(fill=False), genre="arukone")


def _same_puzzle(copied: Puzzle, original: Puzzle) -> None:
    assert copied == original and hash(copied) == hash(original)
    assert list(copied.endpoints.items()) == list(original.endpoints.items())  # label order
    assert copied.blocked == original.blocked
    assert (copied.rules, copied.genre) == (original.rules, original.genre)


@pytest.mark.parametrize("how", [lambda x: pickle.loads(pickle.dumps(x)), copy.copy,
                                 copy.deepcopy], ids=["pickle", "copy", "deepcopy"])
def test_a_puzzle_and_its_solution_survive_pickling_and_copying(how: object) -> None:
    found = solve(BOARD, fill=False, second_solver=None)
    assert found is not None
    _same_puzzle(how(BOARD), BOARD)  # type: ignore[operator]
    plain = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    _same_puzzle(how(plain), plain)  # type: ignore[operator]
    again = how(found)  # type: ignore[operator]
    assert isinstance(again, Solution) and again == found
    assert dict(again.paths) == dict(found.paths)
    with pytest.raises(AttributeError):
        again.width = 5


def _solve_in_worker(puzzle: Puzzle) -> Solution | None:
    return solve(puzzle, time_limit=60)


def test_boards_solved_in_a_process_pool_come_back_verified() -> None:
    """Research code runs boards in a ``multiprocessing.Pool``: the puzzles go to the
    workers (daemonic, so the second solver's child cannot start there) and their
    solutions come back."""
    boards = [numberlink_loose(8, 8, random.Random(seed)) for seed in (1, 2)]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        answers = pool.map(_solve_in_worker, boards)
    for board, found in zip(boards, answers, strict=True):
        assert found is not None and not verify(board, found, fill=True)
