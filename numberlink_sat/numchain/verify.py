"""The independent judge of a Number Chain answer (plain Python; no SAT, no solver code).

:func:`verify` lists every rule a direction string breaks; an empty list means the
string is a legal path. It cannot tell whether the string is the *smallest* legal
one: the tests compare the solvers with a brute force for that.

>>> from numberlink_sat.numchain.model import parse
>>> p = parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2")
>>> verify(p, "41255214")
[]
>>> verify(p, "41255241")[:1]
['step 7 (direction 4) from (2, 1) leaves the board']
"""

from __future__ import annotations

from numberlink_sat.numchain.model import Puzzle

__all__ = ["is_valid", "verify"]

# The contest's direction table, written out here again on purpose (row, col offsets):
# 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left.
_DR = (-1, -1, 0, 1, 1, 1, 0, -1)
_DC = (0, 1, 1, 1, 0, -1, -1, -1)


def verify(puzzle: Puzzle, answer: str) -> list[str]:
    """The rules ``answer`` breaks on ``puzzle`` (empty: a legal path).

    Checked: only digits 0-7; length ``n*n - 1``; the path starts at ``(0, 0)``, stays
    on the board, visits every cell once and ends at ``(n-1, n-1)``; the labels read
    0, 1, ..., K-1, 0, ...; no two diagonal steps cross.
    """
    n, k = puzzle.n, puzzle.k
    problems: list[str] = []
    bad = sorted({ch for ch in answer if ch not in "01234567"})
    if bad:
        return [f"answer holds characters other than 0-7: {''.join(bad)!r}"]
    if len(answer) != n * n - 1:
        problems.append(f"answer has {len(answer)} steps, a full path has {n * n - 1}")
    r, c = 0, 0
    seen = {(0, 0)}
    if puzzle.grid[0][0] != 0:
        problems.append(f"cell (0, 0) holds {puzzle.grid[0][0]}, the path must start with 0")
    used_diagonals: set[tuple[int, int]] = set()  # centre of the unit square, doubled
    for step, ch in enumerate(answer, start=1):
        d = int(ch)
        rr, cc = r + _DR[d], c + _DC[d]
        if not (0 <= rr < n and 0 <= cc < n):
            problems.append(f"step {step} (direction {d}) from ({r}, {c}) leaves the board")
            return problems
        if (rr, cc) in seen:
            problems.append(f"step {step} enters ({rr}, {cc}) a second time")
        seen.add((rr, cc))
        want = step % k
        if puzzle.grid[rr][cc] != want:
            problems.append(
                f"step {step} reaches ({rr}, {cc}) holding {puzzle.grid[rr][cc]}, "
                f"the sequence needs {want}"
            )
        if rr != r and cc != c:
            centre = (r + rr, c + cc)  # the two diagonals of one square share this
            if centre in used_diagonals:
                problems.append(
                    f"step {step} from ({r}, {c}) to ({rr}, {cc}) crosses an earlier "
                    "diagonal step"
                )
            used_diagonals.add(centre)
        r, c = rr, cc
    if len(answer) == n * n - 1 and (r, c) != (n - 1, n - 1):
        problems.append(f"the path ends at ({r}, {c}), not at ({n - 1}, {n - 1})")
    missing = n * n - len(seen)
    if missing > 0:
        problems.append(f"{missing} cell(s) never visited")
    return problems


def is_valid(puzzle: Puzzle, answer: str) -> bool:
    """Whether :func:`verify` finds nothing wrong.

    >>> from numberlink_sat.numchain.model import Puzzle
    >>> is_valid(Puzzle(1, 1, ((0,),)), "")
    True
    """
    return not verify(puzzle, answer)
