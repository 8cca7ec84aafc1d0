"""The independent judge of Numberlink solutions.

Plain Python over the puzzle and the paths: it never imports the encoder or PySAT, so a
bug in the encoding cannot hide itself. Every solver answer passes through it in the
tests, the CLI and the benchmarks.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
>>> verify(p, Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]}))
[]
>>> for problem in verify(p, Solution(3, 1, {"1": [(0, 0), (0, 2)]})):
...     print(problem)
label 1: (0, 0) -> (0, 2) is not a step to an orthogonal neighbour
cell (0, 1) lies on no path (fill rule)
"""

from __future__ import annotations

from collections.abc import Mapping

from numberlink_sat.grid import Cell, forward_neighbours, unit_squares
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["verify"]


def verify(
    puzzle: Puzzle,
    solution: Solution,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
) -> list[str]:
    """The rule violations of ``solution`` for ``puzzle``; an empty list when it is valid.

    Checks: one path per label and no other; each path runs from one end of its label to
    the other through orthogonal steps, on the board, off blocked cells, without
    repeating a cell; no cell on two paths; with ``fill`` every open cell is on a path;
    with ``no_touch`` two adjacent cells of one path are consecutive on it; with
    ``no_2x2`` no 2 x 2 square lies on one path.
    """
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [
            f"solution is {solution.width}x{solution.height}, "
            f"puzzle is {puzzle.width}x{puzzle.height}"
        ]
    paths = solution.paths
    problems = [f"label {label}: no path" for label in puzzle.endpoints if label not in paths]
    problems += [f"label {label}: not in the puzzle" for label in paths
                 if label not in puzzle.endpoints]
    owner = _owners(puzzle, paths, problems)
    if fill:
        problems += [f"cell {cell} lies on no path (fill rule)"
                     for cell in puzzle.open_cells() if cell not in owner]
    if no_touch:
        for label, path in paths.items():
            problems += _touches(puzzle, label, path)
    if no_2x2:
        problems += _squares(puzzle, owner)
    return problems


def _owners(puzzle: Puzzle, paths: Mapping[str, tuple[Cell, ...]],
            problems: list[str]) -> dict[Cell, str]:
    """Each cell's (first) path; every path's own faults and shared cells go to
    ``problems``."""
    owner: dict[Cell, str] = {}
    for label, path in paths.items():
        if label not in puzzle.endpoints:
            continue
        problems.extend(_check_path(puzzle, label, path))
        for cell in path:
            if cell in owner and owner[cell] != label:
                problems.append(f"cell {cell} is on the paths of {owner[cell]} and {label}")
            owner.setdefault(cell, label)
    return owner


def _touches(puzzle: Puzzle, label: str, path: tuple[Cell, ...]) -> list[str]:
    """No-touch: two adjacent cells of one path are consecutive on it."""
    problems = []
    position = {cell: i for i, cell in enumerate(path)}
    for cell, i in position.items():
        for other in forward_neighbours(cell, puzzle.height, puzzle.width):
            j = position.get(other)
            if j is not None and abs(i - j) != 1:
                problems.append(
                    f"label {label}: path touches itself at {cell} and {other} (no-touch)"
                )
    return problems


def _squares(puzzle: Puzzle, owner: Mapping[Cell, str]) -> list[str]:
    """No-2x2: no unit square lies on one path."""
    problems = []
    for square in unit_squares(puzzle.height, puzzle.width):
        owners = [owner.get(x) for x in square]
        if owners[0] is not None and all(s == owners[0] for s in owners):
            problems.append(
                f"label {owners[0]}: 2x2 square at {square[0]} lies on one path (no-2x2)"
            )
    return problems


def _check_path(puzzle: Puzzle, label: str, path: tuple[Cell, ...]) -> list[str]:
    problems: list[str] = []
    if not path:
        return [f"label {label}: empty path"]
    a, b = puzzle.endpoints[label]
    if {path[0], path[-1]} != {a, b} or len(path) < 2:
        problems.append(f"label {label}: path must run from {a} to {b}")
    seen: set[Cell] = set()
    for i, cell in enumerate(path):
        r, c = cell
        if not (0 <= r < puzzle.height and 0 <= c < puzzle.width):
            problems.append(f"label {label}: cell {cell} is off the board")
        elif cell in puzzle.blocked:
            problems.append(f"label {label}: cell {cell} is blocked")
        if cell in seen:
            problems.append(f"label {label}: cell {cell} is visited twice")
        seen.add(cell)
        other = puzzle.label_at.get(cell)
        if other is not None and other != label:
            problems.append(f"label {label}: passes through the end of label {other} at {cell}")
        if 0 < i < len(path) - 1 and other == label:
            problems.append(f"label {label}: passes through its own end {cell}")
        if i:
            pr, pc = path[i - 1]
            if abs(pr - r) + abs(pc - c) != 1:
                problems.append(
                    f"label {label}: {path[i - 1]} -> {cell} is not a step to an "
                    "orthogonal neighbour"
                )
    return problems
