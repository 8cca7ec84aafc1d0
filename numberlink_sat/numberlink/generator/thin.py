"""Thinning: fewer clues, one solution (the density of hand-made puzzles).

The generator's puzzles have about one pair per 7-8 cells; designers draw far fewer
(the puzz.link 26x26: one pair per 31 cells). :func:`thin` walks from a puzzle proven
unique towards fewer pairs, keeping its solution ``S`` (the paths are only regrouped,
never redrawn), with two moves on ``S``:

- **merge**: two paths whose ends lie side by side become one path (two clues fewer);
- **shift**: an end ``x`` of path ``a`` lies next to an inner cell ``y`` of path ``b``:
  ``a`` takes ``y`` and the part of ``b`` from ``y`` to one of ``b``'s ends, ``b`` keeps
  the rest (as many clues as before, two of them moved).

A move is kept only when the new puzzle is **proven unique** (at most one solution
within ``proof_time_limit``; a second solution or a timeout rejects it), so the walk
stays on unique puzzles. It has to, under the plain rules: a merge of a puzzle with
a second solution ``T`` has a second solution too (``T`` with the two paths joined at
the same two cells; under ``no_touch`` or ``no_2x2`` the joined path may break the rule,
so there it is only likely).
Each step tries the merges in random order, and when none is proven, the shifts (a
sideways step that may open new merges); a puzzle is never asked twice. The walk stops
at ``target_labels``, after ``max_steps`` steps, when no move is proven, or at
``time_limit`` (then ``partial`` is true); every answer is proven unique and its
solution checked by the verifier.

Without fill (the Nikoli rule) a path that touches itself always has a shortcut, a
second solution, so such moves are not even asked.

The proof of a step knows more than a fresh count would (:func:`count_after_move`): the
puzzle before the move was unique, so a second solution of the new one must change one
of the paths the move made (one that keeps them all, with the move undone, would be a
second solution of the unique puzzle before). One clause says so, and the search starts
from ``S`` as a known solution instead of finding it again.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(4, 1, {"1": ((0, 0), (0, 1)), "2": ((0, 2), (0, 3))})
>>> s = Solution(4, 1, {"1": [(0, 0), (0, 1)], "2": [(0, 2), (0, 3)]})
>>> t = thin(p, s, seed=1)
>>> t.labels_before, len(t.puzzle.labels), t.puzzle.endpoints["1"]
(2, 1, ((0, 0), (0, 3)))
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.grid import Cell, orthogonal_neighbours
from numberlink_sat.numberlink.chain import solutions_after_move
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.fill_proof import some_touch
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import count_solutions
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_PROOF_TIME_LIMIT", "ThinStep", "Thinned", "changed_paths",
           "count_after_move", "merges", "relabelled", "shifts", "thin"]

DEFAULT_PROOF_TIME_LIMIT = 5.0
"""Seconds one candidate's uniqueness proof may take before the move is dropped."""

Paths = dict[str, list[Cell]]


@dataclass(frozen=True)
class ThinStep:
    """One kept move: ``kind`` ("merge" or "shift"), the labels after it, the seconds
    of its proof and how many candidates the step asked before it."""

    kind: str
    labels: int
    proof_seconds: float
    asked: int


@dataclass(frozen=True)
class Thinned:
    """What :func:`thin` made: the thinnest proven-unique ``puzzle`` and its only
    ``solution``, and how the walk went.

    ``asked`` candidates were given to the prover: ``timeouts`` of them ran past
    ``proof_time_limit``, ``multiple`` had a second solution. ``steps`` holds every
    kept move. ``stopped`` says why the walk ended: "target", "steps", "stuck" (no
    move proven) or "time" (then ``partial`` is true).
    """

    puzzle: Puzzle
    solution: Solution
    labels_before: int
    steps: tuple[ThinStep, ...]
    asked: int
    timeouts: int
    multiple: int
    stopped: str
    seconds: float
    cpu_seconds: float

    @property
    def partial(self) -> bool:
        """Whether the time limit ended the walk."""
        return self.stopped == "time"

    @property
    def merges(self) -> int:
        """Kept merges: ``labels_before - merges`` labels are left."""
        return sum(1 for step in self.steps if step.kind == "merge")


def merges(solution: Solution) -> Iterator[Paths]:
    """The path sets made by joining two paths of ``solution`` whose ends lie side by
    side (the joined path keeps the first label in sorted order).

    >>> s = Solution(4, 1, {"1": [(0, 1), (0, 0)], "2": [(0, 2), (0, 3)]})
    >>> list(merges(s))
    [{'1': [(0, 0), (0, 1), (0, 2), (0, 3)]}]
    """
    ends: dict[Cell, tuple[str, bool]] = {}
    for label, path in solution.paths.items():
        ends[path[-1]] = (label, True)
        ends[path[0]] = (label, False)
    seen: set[tuple[str, str, Cell, Cell]] = set()
    for x in sorted(ends):
        a, a_last = ends[x]
        for y in orthogonal_neighbours(x, solution.height, solution.width):
            if y not in ends or ends[y][0] == a:
                continue
            b, b_last = ends[y]
            first, second = sorted((a, b))
            low, high = sorted((x, y))
            key = (first, second, low, high)
            if key in seen:
                continue
            seen.add(key)
            head = solution.paths[a] if a_last else solution.paths[a][::-1]
            tail = solution.paths[b][::-1] if b_last else solution.paths[b]
            paths = {lab: list(p) for lab, p in solution.paths.items() if lab not in (a, b)}
            paths[first] = list(head) + list(tail)
            yield paths


def shifts(solution: Solution, min_length: int = 2) -> Iterator[Paths]:
    """The path sets made by one shift (see the module's docstring): ``a`` ends at
    ``x`` next to ``y``, an inner cell of ``b``; ``a`` takes ``y`` and ``b`` up to one
    of its ends, ``b`` keeps the other part (at least ``min_length`` cells).

    >>> s = Solution(4, 2, {"1": [(0, 0), (0, 1)],
    ...                     "2": [(1, 0), (1, 1), (1, 2), (0, 2), (0, 3)]})
    >>> {"1": [(0, 0), (0, 1), (0, 2), (0, 3)], "2": [(1, 0), (1, 1), (1, 2)]} in list(
    ...     shifts(s))
    True
    """
    owner: dict[Cell, tuple[str, int]] = {}
    for label, path in solution.paths.items():
        for i, cell in enumerate(path):
            owner[cell] = (label, i)
    for a in sorted(solution.paths):
        path_a = solution.paths[a]
        for x, head in ((path_a[-1], path_a), (path_a[0], path_a[::-1])):
            for y in orthogonal_neighbours(x, solution.height, solution.width):
                if y not in owner or owner[y][0] == a:
                    continue
                b, i = owner[y]
                path_b = solution.paths[b]
                if i in (0, len(path_b) - 1):
                    continue
                for taken, kept in ((path_b[i::-1], path_b[i + 1:]),
                                    (path_b[i:], path_b[:i])):
                    if len(kept) < min_length:
                        continue
                    paths = {lab: list(p) for lab, p in solution.paths.items()
                             if lab not in (a, b)}
                    paths[a] = list(head) + list(taken)
                    paths[b] = list(kept)
                    yield paths
                if len(path_a) == 1:
                    break  # a one-cell path: both ends are x


def changed_paths(before: Solution, after: Mapping[str, Sequence[Cell]]) -> list[list[Cell]]:
    """The paths of ``after`` that are not paths of ``before`` (in either direction):
    what a move made.

    >>> s = Solution(4, 1, {"1": [(0, 1), (0, 0)], "2": [(0, 2), (0, 3)]})
    >>> changed_paths(s, {"1": [(0, 0), (0, 1)], "2": [(0, 2), (0, 3)]})
    []
    >>> changed_paths(s, next(merges(s)))
    [[(0, 0), (0, 1), (0, 2), (0, 3)]]
    """
    old = {tuple(p) for p in before.paths.values()}
    return [list(p) for p in after.values()
            if tuple(p) not in old and tuple(p[::-1]) not in old]


def count_after_move(
    puzzle: Puzzle,
    solution: Solution,
    changed: Sequence[Sequence[Cell]],
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> int:
    """The solutions of ``puzzle`` up to 2, **given** that it was made by a move (a merge
    or a shift) from a puzzle that has exactly one solution under the same rules, and
    that ``solution`` is that one with its paths regrouped; ``changed``: the paths of
    ``solution`` that the move made (:func:`changed_paths`).

    Why a second solution ``T`` must change one of them: if ``T`` kept every changed
    path, undoing the move on ``T`` (splitting the merged path again at the two joined
    cells; giving the shifted cells back) would give a solution of the puzzle before,
    since every other path, the set of used cells and each moved path as it was in the
    unique solution are unchanged, and the rules (fill, paths that do not touch
    themselves, no 2 x 2 square of one path) hold path by path; it would differ from
    the unique solution, which is impossible. So one clause, "some edge of the changed
    paths is unused", rules out nothing that matters, and ``solution`` is given to the
    search as known (:meth:`NumberlinkSolver.solutions`). The clause goes into the
    exact-rule search only; under fill the second search without fill keeps its own
    solver without it (its "no" needs every solution of the looser rule).
    ``SolveTimeout`` past ``time_limit``.

    >>> s = Solution(4, 1, {"1": [(0, 0), (0, 1)], "2": [(0, 2), (0, 3)]})
    >>> joined = next(merges(s))
    >>> p, t = relabelled(4, 1, joined)
    >>> count_after_move(p, t, changed_paths(s, joined), fill=False)
    1
    """
    return len(solutions_after_move(puzzle, solution, changed, fill=fill, no_touch=no_touch,
                                    no_2x2=no_2x2, solver=solver, time_limit=time_limit))


def relabelled(width: int, height: int, paths: Mapping[str, Sequence[Cell]],
               blocked: Iterable[Cell] = ()) -> tuple[Puzzle, Solution]:
    """The puzzle and solution of ``paths``, labelled ``1..k`` in row-major order of each
    path's first end, each path from that end (how the generator names its puzzles).

    >>> p, s = relabelled(3, 2, {"b": [(1, 2), (1, 0)], "a": [(0, 2), (0, 0)]})
    >>> dict(p.endpoints)
    {'1': ((0, 0), (0, 2)), '2': ((1, 0), (1, 2))}
    """
    oriented = sorted((list(p) if p[0] <= p[-1] else list(p)[::-1] for p in paths.values()),
                      key=lambda p: p[0])
    named = {str(k + 1): p for k, p in enumerate(oriented)}
    ends = {lab: (p[0], p[-1]) for lab, p in named.items()}
    return Puzzle(width, height, ends, frozenset(blocked)), Solution(width, height, named)


def _key(paths: Mapping[str, Sequence[Cell]]) -> frozenset[frozenset[Cell]]:
    """The clue pairs of a path set (what a candidate puzzle is)."""
    return frozenset(frozenset((p[0], p[-1])) for p in paths.values())


def _check_arguments(seed: int | None, rng: random.Random | None, target_labels: int | None,
                     max_steps: int | None, min_length: int,
                     proof_time_limit: float | None) -> None:
    if seed is not None and rng is not None:
        raise InvalidArgumentError("give seed or rng, not both")
    for name, value, low in (("target_labels", target_labels, 1), ("max_steps", max_steps, 0)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < low):
            raise InvalidArgumentError(f"{name} must be an int >= {low} or None, not {value!r}")
    if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 1:
        raise InvalidArgumentError(f"min_length must be an int >= 1, not {min_length!r}")
    Deadline(proof_time_limit)  # raises for a negative or non-number limit


class _Walk:
    """The state of one :func:`thin` call: the rules, the limits and the counts."""

    def __init__(self, puzzle: Puzzle, rules: dict[str, bool], deadline: Deadline,
                 proof_time_limit: float | None, solver: str,
                 keep: Callable[[Puzzle, Solution], bool] | None) -> None:
        self.puzzle, self.rules, self.deadline = puzzle, rules, deadline
        self.proof_time_limit, self.solver, self.keep = proof_time_limit, solver, keep
        self.shortcuts_lose = not rules["fill"] or rules["no_touch"]
        self.seen: set[frozenset[frozenset[Cell]]] = set()
        self.asked = self.timeouts = self.multiple = 0

    def proof_limit(self) -> float | None:
        """Seconds for one proof: ``proof_time_limit``, never past the deadline."""
        return self.deadline.within(self.proof_time_limit).time_limit

    def count(self, puzzle: Puzzle) -> int:
        """Solutions of ``puzzle`` up to 2 (``SolveTimeout`` past the proof limit)."""
        return count_solutions(puzzle, 2, solver=self.solver, time_limit=self.proof_limit(),
                               **self.rules)

    def count_after(self, puzzle: Puzzle, solution: Solution, changed: list[list[Cell]]) -> int:
        """:func:`count_after_move` within the proof limit (the walk's puzzle is unique)."""
        return count_after_move(puzzle, solution, changed, solver=self.solver,
                                time_limit=self.proof_limit(), **self.rules)

    def proven(self, current: Solution, paths: Paths) -> tuple[Solution, float] | None:
        """The candidate's solution and proof seconds when it is proven unique
        (``current``: the unique solution it was made from)."""
        key = _key(paths)
        if key in self.seen:
            return None
        self.seen.add(key)
        puzzle, solution = relabelled(self.puzzle.width, self.puzzle.height, paths,
                                      self.puzzle.blocked)
        if self.shortcuts_lose and some_touch(puzzle, [solution]):
            return None
        if verify(puzzle, solution, **self.rules):
            return None  # e.g. a joined path that builds a 2 x 2 block
        if self.keep is not None and not self.keep(puzzle, solution):
            return None
        self.asked += 1
        began = time.perf_counter()
        try:
            count = self.count_after(puzzle, solution, changed_paths(current, paths))
        except SolveTimeout:
            self.timeouts += 1
            return None
        if count != 1:
            self.multiple += 1
            return None
        return solution, time.perf_counter() - began

    def step(self, current: Solution, moves: list[tuple[str, list[Paths]]],
             min_length: int) -> tuple[Solution, ThinStep] | None:
        """The first move proven unique, merges before shifts, or ``None``."""
        asked_before = self.asked
        for kind, candidates in moves:
            for paths in candidates:
                if self.deadline.expired():
                    return None
                if min(len(p) for p in paths.values()) < min_length:
                    continue
                made = self.proven(current, paths)
                if made is not None:
                    solution, seconds = made
                    return solution, ThinStep(kind, len(solution.paths), seconds,
                                              self.asked - asked_before)
        return None


def thin(  # noqa: PLR0913
    puzzle: Puzzle,
    solution: Solution,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    target_labels: int | None = None,
    max_steps: int | None = None,
    min_length: int = 2,
    proof_time_limit: float | None = DEFAULT_PROOF_TIME_LIMIT,
    time_limit: float | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    solver: str = DEFAULT_SOLVER,
    on_step: Callable[[ThinStep], None] | None = None,
    keep: Callable[[Puzzle, Solution], bool] | None = None,
) -> Thinned:
    """Fewer pairs for a puzzle proven unique, the same solution (module docstring).

    ``solution`` must solve ``puzzle`` under the rules given, and the puzzle must be
    unique: it is proven first (:class:`~numberlink_sat.errors.InvalidArgumentError`
    when it has a second solution, :class:`~numberlink_sat.errors.SolveTimeout` when the
    proof takes longer than ``proof_time_limit``). The walk is random (``seed`` or
    ``rng``): the same seed gives the same puzzle as long as no proof reaches its time
    limit. The labels of the result are ``1..k`` in row-major order of each path's first
    cell (as the generator names them). ``on_step`` is called with every kept move;
    ``keep(puzzle, solution)``, when given, must accept a candidate before it is asked
    (the generator's controls: clue placement, path lengths).
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    _check_arguments(seed, rng, target_labels, max_steps, min_length, proof_time_limit)
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    problems = verify(puzzle, solution, **rules)
    if problems:
        raise InvalidArgumentError("the solution does not solve the puzzle: " + problems[0])
    walk = _Walk(puzzle, rules, Deadline(time_limit), proof_time_limit, solver, keep)
    if walk.count(puzzle) != 1:
        raise InvalidArgumentError("the puzzle has a second solution: thin needs a unique one")
    shuffle = random.Random(seed) if rng is None else rng
    walk.seen.add(_key(solution.paths))
    current, stopped = solution, "stuck"
    steps: list[ThinStep] = []
    while True:
        if target_labels is not None and len(current.paths) <= target_labels:
            stopped = "target"
            break
        if max_steps is not None and len(steps) >= max_steps:
            stopped = "steps"
            break
        moves = [("merge", list(merges(current))), ("shift", list(shifts(current, min_length)))]
        for _, candidates in moves:
            shuffle.shuffle(candidates)
        made = walk.step(current, moves, min_length)
        if made is None:
            stopped = "time" if walk.deadline.expired() else "stuck"
            break
        current, kept = made
        steps.append(kept)
        if on_step is not None:
            on_step(kept)
    final_puzzle, final_solution = relabelled(puzzle.width, puzzle.height, current.paths,
                                              puzzle.blocked)
    return Thinned(final_puzzle, final_solution, len(solution.paths), tuple(steps),
                   walk.asked, walk.timeouts, walk.multiple, stopped,
                   time.perf_counter() - started, cpu_seconds() - cpu)
