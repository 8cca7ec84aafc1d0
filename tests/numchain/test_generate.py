"""Random boards: the planted path is legal, the generator is reproducible."""

from __future__ import annotations

import random

from numberlink_sat.numchain.generate import (
    directions_of,
    random_path,
    random_puzzle,
    snake_path,
)
from numberlink_sat.numchain.model import Puzzle, impossibility
from numberlink_sat.numchain.verify import verify


def test_snake_and_random_paths_are_legal() -> None:
    rng = random.Random(8)
    for n in range(1, 16):
        zeros = Puzzle(n, 1, tuple((0,) * n for _ in range(n)))
        assert verify(zeros, directions_of(snake_path(n))) == []
        for _ in range(3):
            assert verify(zeros, directions_of(random_path(n, rng))) == []


def test_random_puzzles() -> None:
    rng = random.Random(9)
    for _ in range(100):
        n, k = rng.randint(1, 9), rng.randint(1, 12)
        p, witness = random_puzzle(n, k, rng)
        assert witness is not None and verify(p, witness) == []
        q, none = random_puzzle(n, k, rng, solvable=False)
        assert none is None and impossibility(q) is None


def test_reproducible_and_varied() -> None:
    a = random_puzzle(8, 3, random.Random(1))
    assert a == random_puzzle(8, 3, random.Random(1))
    paths = {directions_of(random_path(6, random.Random(s))) for s in range(10)}
    assert len(paths) > 5
