"""SAT, both DFS baselines and the brute force agree on thousands of small boards.

Exhaustive where it is cheap (every 2x2 board for K = 1..5; every 3x3 board with
K = 1..4 that passes the label counts, plus samples of those that do not), random
boards beyond (3x3 with K = 5..10, 4x4 and 5x5 with K = 1..N*N+1, solvable and not).
The brute force walks every label-following path and keeps the smallest that the
verifier accepts; on loose boards (small K) it is capped and then the SAT answer is
checked against both DFS only. Every answer passes the independent verifier.
"""

from __future__ import annotations

import itertools
import random

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numchain.brute import brute_force
from numberlink_sat.numchain.dfs import dfs_plain, dfs_pruned
from numberlink_sat.numchain.generate import random_puzzle
from numberlink_sat.numchain.model import Puzzle, impossibility, label_counts
from numberlink_sat.numchain.solve import lexmin_sat
from numberlink_sat.numchain.verify import verify

BRUTE_NODES = 20_000
DFS_STEPS = 200_000


def _capped(fn: object, *args: object, **kwargs: object) -> tuple[bool, str | None]:
    try:
        return True, fn(*args, **kwargs)  # type: ignore[operator]
    except SolveTimeout:
        return False, None


def check_board(p: Puzzle, *, precheck_sat: bool = True) -> tuple[str | None, bool]:
    """Compare every engine on ``p``; returns the answer and whether brute force ran."""
    sat = lexmin_sat(p, precheck=precheck_sat)
    if sat is not None:
        assert verify(p, sat) == [], (p, sat)
    for engine in (dfs_plain, dfs_pruned):
        done, answer = _capped(engine, p, max_steps=DFS_STEPS)
        if done:
            assert answer == sat, (engine.__name__, p, answer, sat)
    done, brute = _capped(brute_force, p, max_nodes=BRUTE_NODES)
    if done:
        assert brute == sat, ("brute", p, brute, sat)
    return sat, done


def boards_with_right_counts(n: int, k: int) -> list[Puzzle]:
    """Every n x n board whose start, end and label counts pass the cheap checks."""
    counts = label_counts(n, k)
    counts[0] -= 1
    end = (n * n - 1) % k
    counts[end] -= 1
    inner = [label for label, c in enumerate(counts) for _ in range(c)]
    boards = []
    for perm in sorted(set(itertools.permutations(inner))):
        cells = [0, *perm, end]
        boards.append(Puzzle(n, k, tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n))))
    return boards


def test_every_2x2_board_all_k() -> None:
    solved = 0
    for k in range(1, 6):
        for cells in itertools.product(range(k), repeat=4):
            p = Puzzle(2, k, (cells[:2], cells[2:]))
            answer, _ = check_board(p, precheck_sat=False)
            assert (answer is not None) == (impossibility(p) is None)  # 2x2 is king-complete
            solved += answer is not None
    assert solved > 0


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_every_3x3_board_with_right_counts(k: int) -> None:
    boards = boards_with_right_counts(3, k)
    assert len(boards) == {1: 1, 2: 35, 3: 210, 4: 630}[k]
    outcomes = {True: 0, False: 0}
    brute_runs = 0
    for p in boards:
        answer, brute_ran = check_board(p)
        outcomes[answer is not None] += 1
        brute_runs += brute_ran
    assert brute_runs == len(boards)
    assert outcomes[True] > 0
    if k >= 2:
        assert outcomes[False] > 0


def test_3x3_boards_failing_the_counts_have_no_path_in_every_engine() -> None:
    rng = random.Random(33)
    for _ in range(300):
        k = rng.randint(1, 10)
        p = Puzzle(3, k, tuple(tuple(rng.randrange(k) for _ in range(3)) for _ in range(3)))
        if impossibility(p) is None:
            continue
        assert lexmin_sat(p, precheck=False) is None  # the encoding alone proves it
        check_board(p)


def test_random_3x3_larger_k() -> None:
    rng = random.Random(35)
    for k in range(5, 11):
        for _ in range(60):
            p, _ = random_puzzle(3, k, rng, solvable=rng.random() < 0.6)
            _, brute_ran = check_board(p)
            assert brute_ran


@pytest.mark.parametrize("n", [4, 5])
def test_random_boards(n: int) -> None:
    rng = random.Random(100 + n)
    per_k = 60 if n == 4 else 22
    compared = total = solved = unsolved = 0
    for k in range(1, n * n + 2):
        for i in range(per_k):
            if k == 1 and i > 0:
                break  # one all-zero board per size
            p, witness = random_puzzle(n, k, rng, solvable=i % 3 != 2)
            if i % 7 == 6:  # shuffled inner labels: right counts, usually no path
                cells = [v for row in p.grid for v in row]
                inner = cells[1:-1]
                rng.shuffle(inner)
                cells = [cells[0], *inner, cells[-1]]
                p = Puzzle(n, k, tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n)))
                witness = None
            answer, brute_ran = check_board(p)
            if witness is not None:
                assert answer is not None and answer <= witness
            solved += answer is not None
            unsolved += answer is None
            compared += brute_ran
            total += 1
    assert solved > 0 and unsolved > 0
    assert compared >= 0.8 * total


def test_strategies_and_options_agree() -> None:
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randint(3, 6)
        k = rng.choice([1, 2, 2, 3, 4, 7])
        p, _ = random_puzzle(n, k, rng, solvable=rng.random() < 0.7)
        base = lexmin_sat(p)
        assert lexmin_sat(p, strategy="smallest") == base
        assert lexmin_sat(p, splice=False, prune=False) == base
        assert lexmin_sat(p, solver="minisat22") == base
