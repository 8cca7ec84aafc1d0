"""Random Number Chain boards: a random non-crossing Hamiltonian king path, labelled.

:func:`random_path` starts from a fixed Hamiltonian path from ``(0, 0)`` to
``(n-1, n-1)`` and applies random *segment reversals* (2-opt moves that keep both
ends): cut the path after positions ``i`` and ``j``, reverse the middle, keep the
result when the two new steps are king steps that cross no diagonal of the path.
:func:`random_puzzle` labels the path ``0, 1, ..., K-1, 0, ...`` (solvable board) and,
with ``solvable=False``, swaps two labels (a board the cheap checks cannot refute,
usually without a path). Randomness only through the given ``random.Random``.

>>> import random
>>> from numberlink_sat.numchain.verify import verify
>>> p, answer = random_puzzle(6, 3, random.Random(1))
>>> verify(p, answer)
[]
"""

from __future__ import annotations

import random
from itertools import pairwise

from numberlink_sat.numchain.model import Puzzle

__all__ = ["directions_of", "random_path", "random_puzzle", "snake_path"]

Cell = tuple[int, int]
_STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def snake_path(n: int) -> list[Cell]:
    """A Hamiltonian king path from ``(0, 0)`` to ``(n-1, n-1)`` without crossings.

    Rows are walked in a boustrophedon; for even ``n`` the last two rows are walked
    column by column so that the path ends in the corner.

    >>> snake_path(2)
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    path: list[Cell] = []
    top = n if n % 2 == 1 else n - 2
    for r in range(top):
        cols = range(n) if r % 2 == 0 else range(n - 1, -1, -1)
        path.extend((r, c) for c in cols)
    if n % 2 == 0:
        for c in range(n):  # enter each column of the last two rows at the top
            path.extend(((n - 2, c), (n - 1, c)))
        # (n-2, c) -> (n-1, c) -> (n-2, c+1): a diagonal step up; the squares differ,
        # so the diagonals never cross
    return path


def _adjacent(a: Cell, b: Cell) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _centre(a: Cell, b: Cell) -> Cell | None:
    """The doubled centre of the unit square a diagonal step cuts (None: not diagonal)."""
    if a[0] != b[0] and a[1] != b[1]:
        return (a[0] + b[0], a[1] + b[1])
    return None


def random_path(n: int, rng: random.Random, moves: int | None = None) -> list[Cell]:
    """A random non-crossing Hamiltonian king path from ``(0, 0)`` to ``(n-1, n-1)``."""
    path = snake_path(n)
    size = len(path)
    if size < 4:
        return path
    used: dict[Cell, int] = {}
    for a, b in pairwise(path):
        key = _centre(a, b)
        if key is not None:
            used[key] = used.get(key, 0) + 1
    attempts = moves if moves is not None else 30 * size
    for _ in range(attempts):
        i = rng.randrange(0, size - 2)
        j = rng.randrange(i + 1, size - 1)
        a, b, c, d = path[i], path[i + 1], path[j], path[j + 1]
        if not (_adjacent(a, c) and _adjacent(b, d)):
            continue
        old = [_centre(a, b), _centre(c, d)]
        new = [_centre(a, c), _centre(b, d)]
        for key in old:
            if key is not None:
                used[key] -= 1
        ok = new[0] is None or new[0] != new[1]  # the two new steps must not cross
        ok = ok and all(key is None or used.get(key, 0) == 0 for key in new)
        if ok:
            for key in new:
                if key is not None:
                    used[key] = used.get(key, 0) + 1
            path[i + 1 : j + 1] = path[i + 1 : j + 1][::-1]
        else:
            for key in old:
                if key is not None:
                    used[key] += 1
    return path


def directions_of(path: list[Cell]) -> str:
    """The direction string of a path of king steps.

    >>> directions_of([(0, 0), (0, 1), (1, 0), (1, 1)])
    '252'
    """
    return "".join(
        str(_STEPS.index((b[0] - a[0], b[1] - a[1]))) for a, b in pairwise(path)
    )


def random_puzzle(
    n: int, k: int, rng: random.Random, *, solvable: bool = True
) -> tuple[Puzzle, str | None]:
    """A random board and a legal (not necessarily smallest) answer, or ``None``.

    With ``solvable=False`` two cells with different labels (neither the start nor the
    end) swap labels, so the label counts still pass; the answer is then ``None``
    (whether a path exists is for the solvers to find out; with K = 1 or fewer than
    two inner cells nothing can be swapped and the board keeps its path).
    """
    path = random_path(n, rng)
    grid = [[0] * n for _ in range(n)]
    for index, (r, c) in enumerate(path):
        grid[r][c] = index % k
    answer: str | None = directions_of(path)
    if not solvable:
        inner = path[1:-1]
        for _ in range(20 if len(inner) >= 2 else 0):
            (r1, c1), (r2, c2) = rng.sample(inner, 2)
            if grid[r1][c1] != grid[r2][c2]:
                grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
                break
        answer = None
    return Puzzle(n, k, tuple(tuple(row) for row in grid)), answer
