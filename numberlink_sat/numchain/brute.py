"""Brute force for small boards: every label-following path, judged by :func:`verify`.

It shares nothing with the solvers but the puzzle type: it walks every path of king
steps through unvisited cells whose labels follow 0, 1, ..., K-1, 0, ... (no crossing
test, no order), hands each complete one to the independent verifier, and returns the
smallest string that passes. Exponential: meant for tests on boards up to about 4x4,
with ``max_nodes`` or a ``deadline`` to give up (``SolveTimeout``) on boards that are
too loose. It recurses once per cell, so it refuses boards of more than
:data:`MAX_BRUTE_CELLS` cells (``InvalidArgumentError``).

>>> from numberlink_sat.numchain.model import parse
>>> brute_force(parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2"))
'41255214'
>>> sorted(all_paths(parse("2 1\\n0 0\\n0 0")))
['252', '414']
"""

from __future__ import annotations

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.numchain.model import Puzzle
from numberlink_sat.numchain.verify import verify
from numberlink_sat.sat.deadline import Deadline

__all__ = ["MAX_BRUTE_CELLS", "all_paths", "brute_force"]

MAX_BRUTE_CELLS = 400
"""The largest board (in cells) the brute force takes: one recursion level per cell."""

CHECK_EVERY = 1024
"""Nodes between two deadline checks."""

_STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def all_paths(puzzle: Puzzle, max_nodes: int | None = None,
              deadline: Deadline | None = None) -> list[str]:
    """Every direction string that :func:`verify` accepts, in no particular order."""
    n, k = puzzle.n, puzzle.k
    if n * n > MAX_BRUTE_CELLS:
        raise InvalidArgumentError(
            f"the brute force takes boards of up to {MAX_BRUTE_CELLS} cells, not {n}x{n}")
    if puzzle.grid[0][0] != 0:
        return []
    found: list[str] = []
    seen = {(0, 0)}
    trail: list[str] = []
    nodes = 0

    def walk(r: int, c: int) -> None:
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise SolveTimeout(f"brute force gave up after {max_nodes} nodes", stage="brute")
        if deadline is not None and nodes % CHECK_EVERY == 0:
            deadline.check("running the brute force")
        if len(seen) == n * n:
            answer = "".join(trail)
            if not verify(puzzle, answer):
                found.append(answer)
            return
        want = len(seen) % k
        for d, (dr, dc) in enumerate(_STEPS):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in seen:
                if puzzle.grid[rr][cc] != want:
                    continue
                seen.add((rr, cc))
                trail.append(str(d))
                walk(rr, cc)
                trail.pop()
                seen.remove((rr, cc))

    walk(0, 0)
    return found


def brute_force(puzzle: Puzzle, max_nodes: int | None = None,
                deadline: Deadline | None = None) -> str | None:
    """The smallest legal direction string, or ``None``.

    ``SolveTimeout`` past ``max_nodes`` or ``deadline``.
    """
    paths = all_paths(puzzle, max_nodes, deadline)
    return min(paths) if paths else None
