"""The DFS baseline against an independent brute force on tiny boards."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.dfs import count_solutions_dfs, solutions_dfs, solve_dfs
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify

Cell = tuple[int, int]


def brute_count(puzzle: Puzzle, fill: bool) -> int:
    """Count solutions by trying every simple path of every label (no pruning but overlap)."""
    labels = list(puzzle.labels)
    open_cells = set(puzzle.open_cells())
    ends = set(puzzle.label_at)

    def paths(a: Cell, b: Cell, used: set[Cell]) -> list[list[Cell]]:
        out: list[list[Cell]] = []
        path = [a]

        def go(cur: Cell) -> None:
            if cur == b:
                out.append(list(path))
                return
            r, c = cur
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nxt not in open_cells or nxt in used or nxt in path:
                    continue
                if nxt in ends and nxt != b:
                    continue
                path.append(nxt)
                go(nxt)
                path.pop()

        go(a)
        return out

    def rec(i: int, used: set[Cell]) -> int:
        if i == len(labels):
            return int(not fill or used == open_cells)
        a, b = puzzle.endpoints[labels[i]]
        total = 0
        for p in paths(a, b, used):
            total += rec(i + 1, used | set(p))
        return total

    return rec(0, set())


def random_puzzle(rng: random.Random, width: int, height: int, labels: int) -> Puzzle:
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    ends = {str(i): (cells[2 * i], cells[2 * i + 1]) for i in range(labels)}
    rest = cells[2 * labels :]
    blocked = [x for x in rest if rng.random() < 0.15]
    return Puzzle(width, height, ends, blocked)


@pytest.mark.parametrize("fill", [True, False])
def test_dfs_counts_match_brute_force(fill: bool) -> None:
    rng = random.Random(20261130 + fill)
    checked = solvable = 0
    for _ in range(120):
        w, h = rng.choice([(2, 3), (3, 3), (4, 3), (3, 4), (4, 4)])
        k = rng.randint(1, 3)
        puzzle = random_puzzle(rng, w, h, k)
        expected = brute_count(puzzle, fill)
        found = solutions_dfs(puzzle, fill=fill, limit=10_000)
        assert len(found) == expected, (puzzle.to_dict(), fill)
        assert len(set(found)) == len(found)
        for sol in found:
            assert verify(puzzle, sol, fill=fill) == []
        checked += 1
        solvable += expected > 0
    assert checked == 120
    assert solvable >= 10  # the sample is not all trivially unsolvable


def test_solve_dfs_none_and_wide_boards() -> None:
    # crossing labels: no solution
    crossing = Puzzle(3, 3, {"a": ((0, 1), (2, 1)), "b": ((1, 0), (1, 2))})
    assert solve_dfs(crossing) is None
    assert solve_dfs(crossing, fill=False) is None
    # a wide board is searched transposed; the answer is in the caller's coordinates
    wide = Puzzle(5, 2, {"a": ((0, 0), (0, 4)), "b": ((1, 0), (1, 4))})
    sol = solve_dfs(wide)
    assert isinstance(sol, Solution)
    assert verify(wide, sol) == []
    assert count_solutions_dfs(wide) == brute_count(wide, True) == 1


def test_dfs_time_limit_raises() -> None:
    # a 12x12 board with two far-apart labels has a huge search space under no-fill
    rng = random.Random(5)
    puzzle = random_puzzle(rng, 12, 12, 2)
    with pytest.raises(SolveTimeout):
        count_solutions_dfs(puzzle, fill=False, time_limit=0.05)


def test_dfs_stats() -> None:
    stats: dict[str, int] = {}
    puzzle = Puzzle(3, 2, {"a": ((0, 0), (0, 2)), "b": ((1, 0), (1, 2))})
    assert solve_dfs(puzzle, stats=stats) is not None
    assert stats["nodes"] >= 1
