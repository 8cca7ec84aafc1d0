"""The justification of every extra clause, rebuilt from the puzzle alone.

Two kinds of clause may follow the base formula in a certificate:

- a **loop cut** names a set ``S`` of open cells holding no end cell. Every path of
  a solution that uses an edge inside ``S`` has its two ends outside ``S``, so it
  crosses the boundary of ``S``. With ``fill`` every cell of ``S`` lies on a path, so
  the one clause "some boundary edge of ``S`` is used" holds in every solution.
  Without ``fill`` the cut is "an inside edge implies a boundary edge", written with
  a fresh gate literal ``g``: ``(-g or boundary...)`` and ``(-e or g)`` per inside
  edge ``e`` (every solution satisfies them with ``g`` = "some inside edge is used").
- a **block** names a verified solution and is "not every edge of it is used". No
  other solution uses all of those edges: its cells already have their full degree,
  so the extra edges of another solution would form loops of their own.

The code here builds the expected clauses from the cell set (or the solution) and
the variable map, and compares them with the clauses the certificate lists. It
imports no encoder and no solver.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(2, 2, {"1": ((0, 0), (0, 1))})
>>> edges = board_edges(p)
>>> sorted(edges)
[((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
>>> varmap = {e: k + 1 for k, e in enumerate(sorted(edges))}
>>> loop_cut_clauses(p, {(1, 0), (1, 1)}, varmap, fill=True)
[(2, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.model import Puzzle, Solution, path_edges

__all__ = [
    "JustificationError",
    "block_clause",
    "board_edges",
    "check_edge_map",
    "loop_cut_clauses",
    "region_of",
]


class JustificationError(Exception):
    """An extra clause that its stated reason does not justify (the message says why)."""


def board_edges(puzzle: Puzzle) -> set[Edge]:
    """Every pair of orthogonally adjacent open cells, smaller cell first."""
    edges: set[Edge] = set()
    for r, c in puzzle.open_cells():
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] < puzzle.height and other[1] < puzzle.width and puzzle.is_open(other):
                edges.add(((r, c), other))
    return edges


def check_edge_map(puzzle: Puzzle, rows: Any, num_vars: int) -> dict[Edge, int]:
    """The edge -> variable map of ``varmap.json``, checked against the board.

    Every edge of the board must appear exactly once, nothing else may, and the
    variables must be distinct and declared by the formula.
    """
    if not isinstance(rows, list):
        raise JustificationError("varmap: 'edges' is not a list")
    mapping: dict[Edge, int] = {}
    used: set[int] = set()
    for row in rows:
        if (not isinstance(row, list) or len(row) != 5
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in row)):
            raise JustificationError(f"varmap: bad edge entry {row!r}")
        var, a, b = row[0], (row[1], row[2]), (row[3], row[4])
        edge = (min(a, b), max(a, b))
        if not 1 <= var <= num_vars or var in used:
            raise JustificationError(f"varmap: edge variable {var} is repeated or undeclared")
        if edge in mapping:
            raise JustificationError(f"varmap: edge {edge} is listed twice")
        used.add(var)
        mapping[edge] = var
    expected = board_edges(puzzle)
    if set(mapping) != expected:
        extra = sorted(set(mapping) - expected)
        missing = sorted(expected - set(mapping))
        raise JustificationError(
            f"varmap: edges do not match the board (not edges: {extra[:3]}, "
            f"missing: {missing[:3]})"
        )
    return mapping


def region_of(puzzle: Puzzle, cells: Any) -> set[Cell]:
    """The cell set of a loop cut, checked: non-empty, open, distinct, no end cell."""
    if not isinstance(cells, list) or not cells:
        raise JustificationError("a loop cut needs a non-empty list of cells")
    region: set[Cell] = set()
    for item in cells:
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            raise JustificationError(f"loop cut: {item!r} is not a [row, col] cell")
        cell = (item[0], item[1])
        if not (0 <= cell[0] < puzzle.height and 0 <= cell[1] < puzzle.width):
            raise JustificationError(f"loop cut: cell {cell} is off the board")
        if not puzzle.is_open(cell):
            raise JustificationError(f"loop cut: cell {cell} is blocked")
        if cell in puzzle.label_at:
            raise JustificationError(
                f"loop cut: cell {cell} is an end of label {puzzle.label_at[cell]}, "
                "so paths need not leave the set")
        if cell in region:
            raise JustificationError(f"loop cut: cell {cell} is listed twice")
        region.add(cell)
    return region


def loop_cut_clauses(puzzle: Puzzle, region: set[Cell], edge_var: Mapping[Edge, int], *,
                     fill: bool, gate: int | None = None) -> list[tuple[int, ...]]:
    """The clauses the loop argument allows for ``region``, literals sorted.

    With ``fill``: one clause of the boundary edges. Without: the gate clauses.
    """
    boundary: list[int] = []
    inside: list[int] = []
    for r, c in region:
        for other in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            edge = ((r, c), other) if (r, c) < other else (other, (r, c))
            var = edge_var.get(edge)
            if var is None:
                continue
            if other not in region:
                boundary.append(var)
            elif (r, c) < other:  # an inside edge, counted from its smaller cell
                inside.append(var)
    if fill:
        return [tuple(sorted(boundary))]
    if gate is None:
        raise JustificationError("a loop cut without fill needs its gate variable")
    return [tuple(sorted([-gate, *boundary])), *(tuple(sorted([-e, gate])) for e in inside)]


def block_clause(solution: Solution, edge_var: Mapping[Edge, int]) -> tuple[int, ...]:
    """The clause "not every edge of ``solution`` is used", literals sorted."""
    lits: list[int] = []
    for path in solution.paths.values():
        for a, b in path_edges(path):
            edge = (min(a, b), max(a, b))
            if edge not in edge_var:
                raise JustificationError(f"block: edge {edge} of the solution is not a board edge")
            lits.append(-edge_var[edge])
    return tuple(sorted(lits))


def normalised(clauses: Iterable[Iterable[int]]) -> list[tuple[int, ...]]:
    """Clauses with sorted literals, in sorted order (for comparing as sets)."""
    return sorted(tuple(sorted(c)) for c in clauses)
