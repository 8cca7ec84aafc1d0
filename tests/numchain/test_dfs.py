"""The DFS baselines: the mended defects, the contest program's crossing test and its conditions."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from itertools import pairwise

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numchain.dfs import (
    CROSSING_PARTNERS,
    DX,
    DY,
    dfs_plain,
    dfs_pruned,
    seed_crossing_blocked,
)
from numberlink_sat.numchain.generate import random_puzzle
from numberlink_sat.numchain.model import Puzzle, parse
from numberlink_sat.numchain.solve import lexmin_sat
from numberlink_sat.numchain.verify import verify
from numberlink_sat.sat import Deadline

Walk = list[tuple[int, int]]


def random_walk(n: int, rng: random.Random) -> Walk:
    """A random self-avoiding king walk from a random cell (crossings allowed)."""
    cell = (rng.randrange(n), rng.randrange(n))
    walk = [cell]
    seen = {cell}
    for _ in range(rng.randint(0, n * n)):
        options = [
            (cell[0] + DX[i], cell[1] + DY[i]) for i in range(8)
            if 0 <= cell[0] + DX[i] < n and 0 <= cell[1] + DY[i] < n
            and (cell[0] + DX[i], cell[1] + DY[i]) not in seen
        ]
        if not options:
            break
        cell = rng.choice(options)
        walk.append(cell)
        seen.add(cell)
    return walk


def out_directions(n: int, walk: Walk) -> list[list[int]]:
    st = [[-1] * n for _ in range(n)]
    for (r, c), (rr, cc) in pairwise(walk):
        st[r][c] = [(DX[i], DY[i]) for i in range(8)].index((rr - r, cc - c))
    return st


def crosses_geometrically(walk: Walk, x: int, y: int, i: int) -> bool:
    """Whether the step from (x, y) in direction i crosses a step of the walk."""
    tx, ty = x + DX[i], y + DY[i]
    other = {(x, ty), (tx, y)}  # the other diagonal of the same unit square
    return any({a, b} == other for a, b in pairwise(walk))


def test_seed_crossing_test_is_the_geometric_one_on_out_directions() -> None:
    rng = random.Random(11)
    checked = blocked = 0
    for _ in range(400):
        n = rng.randint(2, 6)
        walk = random_walk(n, rng)
        st = out_directions(n, walk)
        for x in range(n):
            for y in range(n):
                for i in (1, 3, 5, 7):
                    if 0 <= x + DX[i] < n and 0 <= y + DY[i] < n:
                        expect = crosses_geometrically(walk, x, y, i)
                        assert seed_crossing_blocked(st, x, y, i) == expect
                        checked += 1
                        blocked += expect
    assert checked > 10_000 and blocked > 100


def test_crossing_partners_table_matches_the_seed_lines() -> None:
    for i, corners in CROSSING_PARTNERS.items():
        for ddx, ddy, bad in corners:
            # the corner is one step from (x, y) orthogonally, and ``bad`` from it
            # reaches the fourth corner of the square: the other diagonal
            assert abs(ddx) + abs(ddy) == 1
            assert (ddx + DX[bad], ddy + DY[bad]) == (DX[i] - ddx, DY[i] - ddy)


# --- variants that break one condition each ---------------------------------------------


def variant_dfs(p: Puzzle, *, mode: str) -> str | None:
    """The contest program's search with one condition of its crossing test broken (recursive)."""
    n, k, g = p.n, p.k, p.grid
    if g[0][0] != 0 or g[n - 1][n - 1] != (n * n - 1) % k:
        return None
    d = [[0] * n for _ in range(n)]
    st = [[-1] * n for _ in range(n)]
    d[0][0] = 1
    path: list[int] = []

    def blocked(x: int, y: int, i: int) -> bool:
        if mode == "one-corner":
            (ax, ay, a), _ = CROSSING_PARTNERS[i]
            return st[x + ax][y + ay] == a
        if mode == "unmapped":  # the same direction number at both corners
            (ax, ay, a), (bx, by, _) = CROSSING_PARTNERS[i]
            return st[x + ax][y + ay] == a or st[x + bx][y + by] == a
        return seed_crossing_blocked(st, x, y, i)

    def dfs(x: int, y: int, cnt: int) -> bool:
        if x == n - 1 and y == n - 1 and cnt == n * n:
            return True
        for i in range(8):
            tx, ty = x + DX[i], y + DY[i]
            if not (0 <= tx < n and 0 <= ty < n) or d[tx][ty]:
                continue
            if g[tx][ty] != (g[x][y] + 1) % k:
                continue
            if i & 1 and blocked(x, y, i):
                continue
            if mode == "arrival":
                st[tx][ty] = i  # what the program's comment says, not what its code does
            else:
                st[x][y] = i
            d[tx][ty] = 1
            path.append(i)
            if dfs(tx, ty, cnt + 1):
                return True
            path.pop()
            d[tx][ty] = 0
            if mode == "arrival":
                st[tx][ty] = -1
            elif mode != "no-reset":
                st[x][y] = -1
        return False

    return "".join(map(str, path)) if dfs(0, 0, 1) else None


def _boards() -> list[Puzzle]:
    rng = random.Random(5)
    boards = [Puzzle(n, 1, tuple((0,) * n for _ in range(n))) for n in (3, 4)]
    for _ in range(150):
        n = rng.choice([3, 4])
        boards.append(random_puzzle(n, rng.choice([1, 2, 2, 3]), rng)[0])
    return boards


@pytest.mark.parametrize("mode", ["arrival", "no-reset", "one-corner", "unmapped"])
def test_each_condition_of_the_crossing_test_matters(mode: str) -> None:
    wrong = 0
    for p in _boards():
        truth = lexmin_sat(p)  # checked against the brute force in test_agreement
        assert dfs_plain(p) == truth
        answer = variant_dfs(p, mode=mode)
        if answer != truth:
            wrong += 1
            assert answer is None or verify(p, answer) or answer > (truth or "")
    assert wrong > 0, f"breaking '{mode}' should change some answer"


def test_seed_checks_reproduce_the_seed_defects() -> None:
    # K does not divide N*N: the end holds (N*N-1) mod K = 0, not K-1 = 2
    p = parse("2 3\n0 1\n2 0")
    assert dfs_plain(p) == "252"
    assert dfs_plain(p, seed_checks=True) is None  # the contest program prints -1
    # a board that starts with 2: the contest program follows 2, 0, 1, 2 and prints a path
    q = parse("2 3\n2 0\n1 2")
    assert dfs_plain(q) is None
    wrong = dfs_plain(q, seed_checks=True)
    assert wrong == "252" and verify(q, wrong)


def test_end_check_defect_is_common() -> None:
    rng = random.Random(9)
    refused = 0
    for _ in range(40):
        n, k = rng.randint(2, 5), rng.randint(2, 7)
        p, _ = random_puzzle(n, k, rng)
        if (n * n) % k:
            assert dfs_plain(p) is not None
            refused += dfs_plain(p, seed_checks=True) is None
    assert refused > 10


def test_iterative_dfs_handles_n30() -> None:
    rng = random.Random(30)
    p, witness = random_puzzle(30, 900, rng)  # every label once: the path is forced
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # a recursive search would need ~900 frames
    try:
        assert dfs_plain(p) == witness
    finally:
        sys.setrecursionlimit(limit)
    assert dfs_plain(p) == witness
    assert dfs_pruned(p) == witness


def test_dfs_pruned_matches_plain() -> None:
    rng = random.Random(13)
    for _ in range(150):
        n = rng.randint(2, 5)
        k = rng.choice([1, 2, 3, 4, 5, 9])
        p, _ = random_puzzle(n, k, rng, solvable=rng.random() < 0.7)
        try:
            plain = dfs_plain(p, max_steps=100_000)
        except SolveTimeout:
            continue
        assert dfs_pruned(p) == plain


@pytest.mark.parametrize("engine", [dfs_plain, dfs_pruned])
def test_dfs_time_limit_and_step_budget(engine: Callable[..., str | None]) -> None:
    hard = Puzzle(7, 1, tuple((0,) * 7 for _ in range(7)))
    with pytest.raises(SolveTimeout):
        engine(hard, max_steps=5_000)
    with pytest.raises(SolveTimeout):
        engine(hard, Deadline(0.05))
