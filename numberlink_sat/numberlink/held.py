"""Uniqueness with paths held: lemmas on smaller puzzles, then one search told that every
held path changes.

Let ``S`` be a solution of the puzzle ``H`` and ``p`` one of its paths. *Hold* ``p``:
block the cells of ``S``'s path ``p`` and drop ``p``'s pair. Call that puzzle ``H - p``.

1. **If** ``H - p`` **is unique, every other solution of** ``H`` **changes** ``p``. A
   solution ``S'`` other than ``S`` that keeps every edge of ``p`` has ``p``'s path
   exactly (its two ends have degree one), so its other paths avoid those cells and form
   a solution of ``H - p``; that one is ``S`` without ``p`` (unique), so ``S' = S``.
2. **If** ``H - p`` **has a second solution** ``T``, ``T`` with ``p``'s path put back is a
   second solution of ``H`` (``p``'s cells are exactly the ones ``T`` leaves out; the
   per-path rules ``no_touch`` and ``no_2x2`` hold path by path), checked by the verifier.

So :func:`held_path_proof` proves the lemma "``H - p`` is unique" for a few paths (the
longest first: holding a long path cuts the board most), then asks the second-solution
search of ``H`` with one clause per proven lemma, "some edge of ``p`` is unused". The
search keeps its usual restrictions (no U-turn, the least second solution): each maps a
second solution to another second solution, which by the lemmas changes the held paths
too, so the clauses and the restrictions together lose nothing. "unique" means the final
search found no other solution; every second solution returned is verified.

Measured (``docs/encoding.md``, "Paths held", session 32): the hand-made 42x25 (44 pairs)
under the Nikoli rule, holding its longest path (160 cells): the lemma in 2.3 s, the
final search about 45 minutes of CPU: the first proof that it is unique.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
>>> proof = held_path_proof(p, fill=True)
>>> proof.verdict, proof.held
('unique', ('1', '2'))
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver, counted, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_HELD", "DEFAULT_LEMMA_TIME_LIMIT", "HeldLemma", "HeldPathProof",
           "held_path_proof", "held_puzzle"]

DEFAULT_HELD = 4
"""Paths whose lemma is tried when none are named: the longest ones. On the hand-made
26x26 the two lemmas proven within 60 s (4.4 and 2.6 s) held two of its three longest
paths, on the 42x25 the longest; the shorter ones all ran past 60 s."""

DEFAULT_LEMMA_TIME_LIMIT = 10.0
"""Seconds each lemma may take: a lemma is only worth holding when it is cheap."""


@dataclass(frozen=True)
class HeldLemma:
    """One lemma asked: the label held, its path's cells, what ``H - p`` gave ("unique":
    every other solution changes the path; "second": a second solution of the puzzle;
    "timeout") and its seconds."""

    label: str
    cells: int
    answer: str
    seconds: float
    cpu_seconds: float


@dataclass(frozen=True)
class HeldPathProof:
    """What :func:`held_path_proof` found.

    ``verdict``: "unique", "multiple" (``second`` is a second solution, verified),
    "none" (no solution) or "undecided" (time ran out); ``held``: the labels whose lemma
    was proven (the final search was told that each changes); ``lemmas``: every lemma
    asked; ``final_seconds``: the final search's wall time (0 when it did not run).
    """

    verdict: str
    solution: Solution | None
    second: Solution | None
    held: tuple[str, ...]
    lemmas: tuple[HeldLemma, ...]
    final_seconds: float
    seconds: float
    cpu_seconds: float


def held_puzzle(puzzle: Puzzle, solution: Solution, label: str) -> Puzzle:
    """``H - p``: ``puzzle`` with the cells of ``solution``'s path ``label`` blocked and
    that label's pair dropped.

    >>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    >>> s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    >>> q = held_puzzle(p, s, "1")
    >>> sorted(q.endpoints), sorted(q.blocked)
    (['2'], [(0, 0), (0, 1), (0, 2)])
    """
    if label not in solution.paths:
        raise InvalidArgumentError(f"no path labelled {label!r} in the solution")
    return Puzzle(puzzle.width, puzzle.height,
                  {k: ends for k, ends in puzzle.endpoints.items() if k != label},
                  frozenset(puzzle.blocked) | frozenset(solution.paths[label]))


def held_path_proof(
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    labels: Sequence[str] | None = None,
    lemma_time_limit: float | None = DEFAULT_LEMMA_TIME_LIMIT,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    on_lemma: Callable[[HeldLemma], None] | None = None,
) -> HeldPathProof:
    """Decide whether ``puzzle`` is unique with paths held (module docstring).

    ``solution``: a known solution (verified here), else one is found first. ``labels``:
    the paths to hold, in order (default: the :data:`DEFAULT_HELD` longest of the
    solution); each lemma gets ``lemma_time_limit`` seconds (``None``: no limit but
    ``time_limit``), and one that runs past it is not held. A lemma that finds a second
    solution ends the proof ("multiple"). Past ``time_limit`` the verdict is
    "undecided", never a guess; ``on_lemma`` sees every lemma as it ends.
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    deadline = Deadline(time_limit)
    Deadline(lemma_time_limit)  # raises for a negative or non-number limit
    lemmas: list[HeldLemma] = []
    held: list[str] = []
    final_seconds = 0.0

    def answer(verdict: str, first: Solution | None, second: Solution | None = None
               ) -> HeldPathProof:
        return HeldPathProof(verdict, first, second, tuple(held), tuple(lemmas),
                             final_seconds, time.perf_counter() - started,
                             cpu_seconds() - cpu)

    if solution is not None:
        problems = verify(puzzle, solution, **rules)
        if problems:
            raise InvalidArgumentError("the solution does not solve the puzzle: "
                                       + problems[0])
    else:
        try:
            solution = solve(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                             solver=solver, time_limit=deadline.left())
        except SolveTimeout:
            return answer("undecided", None)
        if solution is None:
            return answer("none", None)
    for label in _labels_to_hold(solution, labels):
        lemma, second = _lemma(puzzle, solution, label, rules, solver,
                               deadline.sooner(Deadline(lemma_time_limit)))
        lemmas.append(lemma)
        if on_lemma is not None:
            on_lemma(lemma)
        if second is not None:
            return answer("multiple", solution, second)
        if lemma.answer == "unique":
            held.append(label)
        if deadline.expired():
            return answer("undecided", solution)
    final_started = time.perf_counter()
    try:
        found = _final_search(puzzle, solution, held, rules, solver, deadline)
    except SolveTimeout:
        final_seconds = time.perf_counter() - final_started
        return answer("undecided", solution)
    final_seconds = time.perf_counter() - final_started
    if len(found) == 1:
        return answer("unique", solution)
    return answer("multiple", solution, found[1])


def _labels_to_hold(solution: Solution, labels: Sequence[str] | None) -> list[str]:
    """The labels named (checked), or the :data:`DEFAULT_HELD` longest paths."""
    if labels is None:
        longest = sorted(solution.paths, key=lambda k: (-len(solution.paths[k]), k))
        return longest[:DEFAULT_HELD]
    if isinstance(labels, str):
        raise InvalidArgumentError("labels must be a sequence of labels, not one string")
    chosen = [str(label) for label in labels]
    unknown = [label for label in chosen if label not in solution.paths]
    if unknown:
        raise InvalidArgumentError(f"no path labelled {unknown[0]!r} in the puzzle")
    return list(dict.fromkeys(chosen))


def _lemma(puzzle: Puzzle, solution: Solution, label: str, rules: dict[str, bool],
           solver: str, box: Deadline) -> tuple[HeldLemma, Solution | None]:
    """Decide ``H - label``; a second solution of it comes back joined into one of ``H``."""
    started, cpu = time.perf_counter(), cpu_seconds()
    path = solution.paths[label]
    held = held_puzzle(puzzle, solution, label)
    rest = Solution(puzzle.width, puzzle.height,
                    {k: p for k, p in solution.paths.items() if k != label})

    def lemma(result: str) -> HeldLemma:
        return HeldLemma(label, len(path), result, time.perf_counter() - started,
                         cpu_seconds() - cpu)

    try:
        count, found, _ = counted(held, 2, fill=rules["fill"], no_touch=rules["no_touch"],
                                  no_2x2=rules["no_2x2"], solver=solver,
                                  time_limit=box.left())
    except SolveTimeout:
        return lemma("timeout"), None
    if count == 1:
        return lemma("unique"), None
    others = [s for s in found if s != rest]
    if count == 0 or not others:  # pragma: no cover - the solution minus the path solves it
        raise InternalError(f"holding path {label!r} lost the puzzle's own solution")
    joined = Solution(puzzle.width, puzzle.height, {**others[0].paths, label: list(path)})
    problems = verify(puzzle, joined, **rules)
    if problems:  # pragma: no cover - the rules hold path by path
        raise InternalError(f"a second solution with path {label!r} held put back does "
                            f"not solve the puzzle: {problems[0]}")
    return lemma("second"), joined


def _final_search(puzzle: Puzzle, solution: Solution, held: Sequence[str],
                  rules: dict[str, bool], solver: str, deadline: Deadline) -> list[Solution]:
    """``solution`` and at most one more, the search told that every held path changes."""
    with NumberlinkSolver(puzzle, fill=rules["fill"], no_touch=rules["no_touch"],
                          no_2x2=rules["no_2x2"], solver=solver, time_limit=deadline.left(),
                          window_search=False) as engine:
        if engine.session is None or engine.encoding is None:  # pragma: no cover - a bug
            raise InternalError("a pre-check refuted a puzzle that has a known solution")
        for label in held:
            alone = Solution(puzzle.width, puzzle.height, {label: solution.paths[label]})
            clause = engine.encoding.solution_blocking_clause(alone)
            if clause:
                engine.session.add_clause(clause)
        return list(engine.solutions(2, known=[solution]))
