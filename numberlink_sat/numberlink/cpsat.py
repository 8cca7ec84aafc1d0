"""Numberlink with OR-tools CP-SAT and its circuit constraint: what a user might pick instead.

An optional engine (``pip install numberlink-sat[cpsat]``), used in the benchmarks and as
a cross-check. The model: one node per open cell plus a depot (node 0); arcs in both
directions between adjacent open cells, an arc depot -> first end and last end -> depot
of every label, fixed true; ``AddMultipleCircuit`` (every node has one arc in and one out,
every cycle passes through the depot), and an integer colour per cell, equal along every
used arc, fixed at the ends. So each circuit runs depot -> s_c -> ... -> t_c -> depot and
no detached loop can exist. Without ``fill`` every other cell gets a self-loop literal
(the cell stays empty). CP-SAT runs with one worker unless told otherwise.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(3, 2, {"a": ((0, 0), (0, 2)), "b": ((1, 0), (1, 2))})
>>> sorted(solve_cpsat(p).paths["b"])  # doctest: +SKIP
[(1, 0), (1, 1), (1, 2)]
"""

from __future__ import annotations

import time
from typing import Any

from numberlink_sat.errors import InternalError, NumberlinkSatError, SolveTimeout
from numberlink_sat.grid import Cell, orthogonal_neighbours, walk_path
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["CpSatUnavailable", "cpsat_available", "solve_cpsat"]


class CpSatUnavailable(NumberlinkSatError, ImportError):
    """OR-tools is not installed (``pip install numberlink-sat[cpsat]``)."""


def cpsat_available() -> bool:
    """Whether OR-tools CP-SAT can be imported.

    >>> isinstance(cpsat_available(), bool)
    True
    """
    try:
        import ortools.sat.python.cp_model  # noqa: F401
    except ImportError:
        return False
    return True


def _cp_model() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError as exc:
        raise CpSatUnavailable(
            "the CP-SAT engine needs OR-tools: pip install 'numberlink-sat[cpsat]'"
        ) from exc
    return cp_model


def _circuit_model(model: Any, puzzle: Puzzle, fill: bool
                   ) -> tuple[list[tuple[int, int, Any]], dict[tuple[Cell, Cell], Any]]:
    """The paths as one multiple-circuit constraint through a depot (node 0): each label's
    first end is entered from the depot and its last end returns there; a cell off every
    path (without fill) takes a self-loop. Returns the arcs and each move's literal."""
    cells = list(puzzle.open_cells())
    node = {cell: i + 1 for i, cell in enumerate(cells)}
    first = {a: lab for lab, (a, _) in puzzle.endpoints.items()}
    last = {b: lab for lab, (_, b) in puzzle.endpoints.items()}
    index = {lab: i for i, lab in enumerate(puzzle.labels)}
    k = max(len(index), 1)
    colour = {cell: model.NewIntVar(0, k - 1, f"c{cell}") for cell in cells}
    for lab, (a, b) in puzzle.endpoints.items():
        model.Add(colour[a] == index[lab])
        model.Add(colour[b] == index[lab])
    arcs: list[tuple[int, int, Any]] = []
    arc_of: dict[tuple[Cell, Cell], Any] = {}
    true = model.NewConstant(1)
    for cell in cells:
        if cell in first:
            arcs.append((0, node[cell], true))
        if cell in last:
            arcs.append((node[cell], 0, true))
        elif not fill and cell not in first:
            arcs.append((node[cell], node[cell], model.NewBoolVar(f"skip{cell}")))
    for u in cells:
        if u in last:
            continue  # the last end only returns to the depot
        for v in orthogonal_neighbours(u, puzzle.height, puzzle.width):
            if v not in node or v in first:
                continue  # the first end is entered only from the depot
            lit = model.NewBoolVar(f"a{u}{v}")
            arc_of[(u, v)] = lit
            arcs.append((node[u], node[v], lit))
            model.Add(colour[u] == colour[v]).OnlyEnforceIf(lit)
    if cells:
        model.AddMultipleCircuit(arcs)
    return arcs, arc_of


def solve_cpsat(
    puzzle: Puzzle,
    fill: bool = True,
    time_limit: float | None = None,
    *,
    workers: int = 1,
    stats: dict[str, Any] | None = None,
) -> Solution | None:
    """One solution of ``puzzle`` found by CP-SAT, or ``None`` when CP-SAT proves there is none.

    Raises :class:`CpSatUnavailable` without OR-tools and
    :class:`~numberlink_sat.errors.SolveTimeout` when ``time_limit`` passes first.
    ``stats``, when given, receives ``variables``, ``constraints``, ``arcs``, ``branches``,
    ``conflicts`` and ``encode_seconds``.
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, not {type(puzzle).__name__}")
    cp_model = _cp_model()
    started = time.perf_counter()
    model = cp_model.CpModel()
    arcs, arc_of = _circuit_model(model, puzzle, fill)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = max(1, int(workers))
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(1e-3, float(time_limit))
    encode_seconds = time.perf_counter() - started
    status = solver.Solve(model)
    if stats is not None:
        proto = model.Proto()
        stats.update(
            variables=len(proto.variables),
            constraints=len(proto.constraints),
            arcs=len(arcs),
            branches=int(solver.NumBranches()),
            conflicts=int(solver.NumConflicts()),
            encode_seconds=encode_seconds,
        )
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        elapsed = time.perf_counter() - started
        raise SolveTimeout(
            f"CP-SAT gave no answer within {time_limit} s (status "
            f"{solver.StatusName(status)}, after {elapsed:.2f} s)",
            elapsed=elapsed,
            stage="solving (cpsat)",
        )
    succ = {u: [v] for (u, v), lit in arc_of.items() if solver.Value(lit)}
    paths: dict[str, list[Cell]] = {}
    for lab, (a, b) in puzzle.endpoints.items():
        paths[lab] = path = walk_path(a, succ, end=b)
        if path[-1] != b:  # pragma: no cover - a bug of the model above
            raise InternalError("CP-SAT returned a broken circuit")
    return Solution(puzzle.width, puzzle.height, paths)
