"""Local uniqueness: no second solution changes only a few neighbouring paths.

A designer's usual flaw is local: two or three paths that can be drawn another way
while the rest stays. The full uniqueness proof may be out of reach on a big board
(the hand-made 26x26 under the Nikoli rule: its solution in a tenth of a second, no
proof in hours), but the local question is cheap: for every small *group* of paths,
keep every other path as it is in the known solution ``S`` and ask the SAT solver
(with ``S`` blocked) for another solution. ``UNSAT`` for every group of at most ``k``
paths proves that **every other solution changes more than ``k`` paths**; a model is a
second solution, verified, that changes only that group.

Only *connected* groups are asked, in the graph whose nodes are the labels of ``S``,
two labels joined when their paths lie side by side or both border one region of empty
cells. That suffices: if a solution ``T`` differs from ``S`` in the set ``D`` of paths,
``T``'s paths of one connected part ``D1`` of ``D`` run only through cells of ``D1``'s
paths in ``S`` and empty cells next to them (every other cell holds a path of ``S`` that
``T`` keeps, or lies behind one), so ``S`` with only ``D1`` redrawn as in ``T`` is a
solution too, under every rule variant (each style rule speaks of one path at a time),
and differs from ``S``. So the smallest ``D`` is connected, and when every group has
been asked up to the number of labels, the puzzle is proven unique.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> check = local_uniqueness(Puzzle(3, 3, {"1": ((0, 0), (2, 2))}), max_paths=1)
>>> check.proven_up_to, sorted(check.group), check.second is not None
(0, ['1'], True)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.grid import Cell, orthogonal_neighbours
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["LocalCheck", "local_uniqueness", "path_groups"]


@dataclass(frozen=True)
class LocalCheck:
    """What :func:`local_uniqueness` proved about the solution ``solution``.

    ``proven_up_to``: every other solution changes more than this many paths (0: not
    even one path is settled). ``second``: a second solution that changes only the
    paths ``group`` (``None`` when none was found). ``unique``: every group up to the
    number of labels was refuted, a full proof. ``partial``: the time limit passed
    before ``max_paths`` was reached.
    """

    solution: Solution
    max_paths: int
    proven_up_to: int
    second: Solution | None
    group: tuple[str, ...]
    groups_checked: int
    seconds: float
    unique: bool
    partial: bool


def path_groups(puzzle: Puzzle, solution: Solution, size: int) -> list[tuple[str, ...]]:
    """The connected groups of ``size`` labels (see the module's docstring), sorted.

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(3, 2, {"a": ((0, 0), (0, 2)), "b": ((1, 0), (1, 2))})
    >>> s = Solution(3, 2, {"a": [(0, 0), (0, 1), (0, 2)], "b": [(1, 0), (1, 1), (1, 2)]})
    >>> path_groups(p, s, 1), path_groups(p, s, 2)
    ([('a',), ('b',)], [('a', 'b')])
    """
    if size < 1:
        return []
    return list(_groups_by_size(_label_graph(puzzle, solution), size))[-1]


def _groups_by_size(neighbours: dict[str, set[str]], largest: int
                    ) -> Iterator[list[tuple[str, ...]]]:
    """The connected groups of 1, 2, ..., ``largest`` labels, one sorted list a size,
    each size grown from the one before by a neighbour of some member."""
    groups: set[frozenset[str]] = {frozenset([label]) for label in neighbours}
    for size in range(1, largest + 1):
        if size > 1:
            groups = {group | {other} for group in groups for label in group
                      for other in neighbours[label] if other not in group}
        yield sorted(tuple(sorted(group)) for group in groups)


def _label_graph(puzzle: Puzzle, solution: Solution) -> dict[str, set[str]]:
    """Labels joined when their paths touch or border one region of empty cells."""
    owner: dict[Cell, str] = {}
    for label, path in solution.paths.items():
        for cell in path:
            owner[cell] = label
    neighbours: dict[str, set[str]] = {label: set() for label in solution.paths}
    region_of: dict[Cell, int] = {}
    borders: list[set[str]] = []
    for start in puzzle.open_cells():
        if start in owner or start in region_of:
            continue
        borders.append(set())
        stack = [start]
        region_of[start] = len(borders) - 1
        while stack:
            cell = stack.pop()
            for near in _around(puzzle, cell):
                if near in owner:
                    borders[-1].add(owner[near])
                elif near not in region_of:
                    region_of[near] = len(borders) - 1
                    stack.append(near)
    for cell, label in owner.items():
        for near in _around(puzzle, cell):
            other = owner.get(near)
            if other is not None and other != label:
                neighbours[label].add(other)
    for labels in borders:
        for label in labels:
            neighbours[label] |= labels - {label}
    return neighbours


def _around(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    return [near for near in orthogonal_neighbours(cell, puzzle.height, puzzle.width)
            if puzzle.is_open(near)]


def local_uniqueness(
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    max_paths: int = 3,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> LocalCheck:
    """Prove that no other solution changes at most ``max_paths`` neighbouring paths of
    ``solution`` (found with :func:`~numberlink_sat.numberlink.solve.solve` when not
    given), or find one that does. Groups are asked by size, so a second solution
    returned changes as few paths as any.

    A time limit stops between two groups (and inside a long one) and returns what was
    proven with ``partial=True``; ``SolveTimeout`` comes only when no solution could be
    found in time. Raises :class:`~numberlink_sat.errors.InvalidArgumentError` for a
    ``solution`` that is not one of ``puzzle``.
    """
    if isinstance(max_paths, bool) or not isinstance(max_paths, int) or max_paths < 1:
        raise InvalidArgumentError(f"max_paths must be an int >= 1, got {max_paths!r}")
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    started = time.perf_counter()
    deadline = Deadline(time_limit)
    if solution is None:
        solution = solve(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                         solver=solver, time_limit=time_limit)
        if solution is None:
            raise InvalidArgumentError("the puzzle has no solution to check locally")
    elif problems := verify(puzzle, solution, **rules):
        raise InvalidArgumentError("the solution given is not a solution of the puzzle: "
                                   + "; ".join(problems))
    labels = len(solution.paths)
    checked, proven, partial = 0, 0, False
    enc = NumberlinkEncoding(puzzle, RuleOptions(fill=fill, no_touch=no_touch,
                                                 no_2x2=no_2x2), deadline)
    with SatSession(enc, solver=solver, deadline=deadline) as session:
        session.add_clause(enc.solution_blocking_clause(solution))
        sizes = _groups_by_size(_label_graph(puzzle, solution), min(max_paths, labels))
        for size, groups in enumerate(sizes, start=1):
            for group in groups:
                kept = [enc.edge_var(a, b) for label, path in solution.paths.items()
                        if label not in group for a, b in itertools.pairwise(path)]
                try:
                    model = session.solve_with_cuts(enc.find_cuts,
                                                    [v for v in kept if v is not None])
                except SolveTimeout:
                    partial = True
                    break
                checked += 1
                if model is not None:
                    second = enc.decode(model)
                    problems = verify(puzzle, second, **rules)
                    if problems or second == solution:  # pragma: no cover - an encoder bug
                        raise InternalError("invalid local second solution: "
                                            + "; ".join(problems or ["the same solution"]))
                    return LocalCheck(solution, max_paths, proven, second, group, checked,
                                      time.perf_counter() - started, False, False)
            if partial:
                break
            proven = size
    return LocalCheck(solution, max_paths, proven, None, (), checked,
                      time.perf_counter() - started, proven >= labels, partial)
