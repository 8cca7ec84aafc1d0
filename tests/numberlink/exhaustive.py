"""An exhaustive Numberlink counter, independent of the SAT code (tests only).

It enumerates every simple path of every label in turn (depth-first, no clause, no
solver) and checks the rules on each complete set of paths. Exponential: only for
boards of a few cells. ``node_budget`` stops runaway cases (returns ``None``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle

Paths = Mapping[str, Sequence[Cell]]


class BudgetExceeded(Exception):
    """The enumeration visited more nodes than allowed."""


def _rules_hold(chosen: dict[str, list[Cell]], open_cells: set[Cell], *, fill: bool,
                no_touch: bool, no_2x2: bool) -> bool:
    """The rules that only a complete set of paths can be judged on."""
    owner = {cell: lab for lab, path in chosen.items() for cell in path}
    if fill and set(owner) != open_cells:
        return False
    if no_touch and any(_touches(path) for path in chosen.values()):
        return False
    return not (no_2x2 and any(
        all(owner.get(x) == lab for x in ((r + 1, c), (r, c + 1), (r + 1, c + 1)))
        for (r, c), lab in owner.items()))


def _touches(path: list[Cell]) -> bool:
    """Two adjacent cells of the path that are not consecutive on it."""
    pos = {cell: i for i, cell in enumerate(path)}
    return any(other in pos and abs(pos[other] - i) != 1
               for (r, c), i in pos.items() for other in ((r + 1, c), (r, c + 1)))


def brute_path_sets(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    node_budget: int = 2_000_000,
) -> list[dict[str, list[Cell]]] | None:
    """Every valid set of paths, or ``None`` if the budget ran out."""
    labels = list(puzzle.endpoints)
    ends = set(puzzle.label_at)
    open_cells = set(puzzle.open_cells())
    used: set[Cell] = set()
    chosen: dict[str, list[Cell]] = {}
    found: list[dict[str, list[Cell]]] = []
    nodes = [0]

    def rules_hold() -> bool:
        return _rules_hold(chosen, open_cells, fill=fill, no_touch=no_touch, no_2x2=no_2x2)

    def extend(k: int, path: list[Cell], target: Cell) -> None:
        nodes[0] += 1
        if nodes[0] > node_budget:
            raise BudgetExceeded
        r, c = path[-1]
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt == target:
                chosen[labels[k]] = [*path, nxt]
                used.add(nxt)
                place(k + 1)
                used.discard(nxt)
                del chosen[labels[k]]
            elif nxt in open_cells and nxt not in used and nxt not in ends:
                used.add(nxt)
                path.append(nxt)
                extend(k, path, target)
                path.pop()
                used.discard(nxt)

    def place(k: int) -> None:
        if k == len(labels):
            if rules_hold():
                found.append({lab: list(p) for lab, p in chosen.items()})
            return
        a, b = puzzle.endpoints[labels[k]]
        used.add(a)
        extend(k, [a], b)
        used.discard(a)

    try:
        place(0)
    except BudgetExceeded:
        return None
    return found


def gaps_by_the_rules(puzzle: Puzzle, paths: Paths) -> list[bool]:
    """Whether each square side is a detour gap, read off the rules: squares row by row
    (four open cells), sides top, bottom, left, right; a side whose two cells across
    hold an end is left out; a gap is a used edge whose two cells across lie on no
    path. Returned in the gap order: the reverse of that board order."""
    used = {frozenset(pair) for path in paths.values() for pair in itertools.pairwise(path)}
    on_path = {cell for path in paths.values() for cell in path}
    ends = set(puzzle.label_at)
    blocked = set(puzzle.blocked)
    gaps = []
    for r in range(puzzle.height - 1):
        for c in range(puzzle.width - 1):
            a, b, x, d = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            if {a, b, x, d} & blocked:
                continue
            for edge, across in (((a, b), (x, d)), ((x, d), (a, b)),
                                 ((a, x), (b, d)), ((b, d), (a, x))):
                if set(across) & ends:
                    continue
                gaps.append(frozenset(edge) in used and not set(across) & on_path)
    return gaps[::-1]
