"""Uniqueness along a chain of merges: a hard puzzle decided through easier ones made
from its own solution.

Cut every path of a solution ``S`` of the puzzle ``H`` into pieces of about
``piece_length`` cells: the *split puzzle* ``P0`` has the pieces' ends as its clues. It
is dense, so it is decided quickly. Then join the pieces back, two neighbours at a time:
``P1``, ``P2``, ..., ``Pn``, which has the clue pairs of ``H``. Two facts make every step
a small question:

1. **A step's proof may assume the puzzle before it was unique**: then a second solution
   of ``Pi`` must change the merged path (one that kept it, split again at the two
   joined cells, would be a second solution of ``P(i-1)``), so the search is told so by
   one clause (:func:`solutions_after_move`).
2. **A second solution anywhere is one of** ``H``: under the plain rules, the pieces of a
   second solution of ``Pi`` joined at the same cells make a solution of ``H`` other
   than ``S`` (joining is the same map for both, and adds the same edges).

So if every step is proven, ``H`` is unique (induction from ``P0``); if ``P0`` or a step
has a second solution, ``H`` has one, joined from it and checked by the verifier. Under
``no_touch`` or ``no_2x2`` a joined path may break the rule: such a second solution is
only reported when the verifier accepts it for ``H``, and the answer is "undecided"
otherwise. Nothing is assumed that is not proven: the verdict "unique" rests on the
proof of ``P0`` and of every step, each under the exact rules.

The steps get dearer as the pieces grow (``docs/encoding.md``, "Proof by a chain of
merges"); the merges are tried shortest first, and when one runs past its time another
is tried (``tries``), since any order of merges reaches ``H``.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(4, 2, {"1": ((0, 0), (1, 0))})
>>> proof = chain_proof(p, fill=True, piece_length=2)
>>> proof.verdict, proof.split_pairs, len(proof.steps)
('unique', 4, 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver, counted, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_PIECE_LENGTH", "STEP_WINDOWS", "ChainProof", "ChainStep", "chain_proof",
           "join_pieces", "solutions_after_move", "split_paths"]

DEFAULT_PIECE_LENGTH = 8
"""Cells a piece of the split puzzle has (about): 8 gives a 26x26 split puzzle of about
one pair per 8 cells, decided in a fraction of a second."""

STEP_WINDOWS = False
"""Whether a merge's proof runs the window searches (:class:`NumberlinkSolver`'s
``window_search``). They find a second solution fast on boards that have many; a merge
almost always has none (the puzzle before it was unique), and on the 26x26 hand-made
board under the Nikoli rule they doubled a merge's CPU time (``docs/encoding.md``)."""

Pieces = dict[str, list[list[Cell]]]


@dataclass(frozen=True)
class ChainStep:
    """One merge asked: the pairs of the puzzle it made, the cells of the merged path,
    what its proof said ("unique", "second" or "timeout") and its seconds."""

    pairs: int
    merged_cells: int
    answer: str
    seconds: float


@dataclass(frozen=True)
class ChainProof:
    """What :func:`chain_proof` found.

    ``verdict``: "unique" (every step proven), "multiple" (``second`` is a second
    solution of the puzzle, verified), "none" (no solution at all) or "undecided" (time
    ran out, or under ``no_touch`` / ``no_2x2`` a second solution of a step that does not
    join into one of the puzzle). ``solution`` is the first solution, ``split_pairs``
    the pairs of the split puzzle, ``steps`` every merge asked (kept or not).
    """

    verdict: str
    solution: Solution | None
    second: Solution | None
    split_pairs: int
    steps: tuple[ChainStep, ...]
    seconds: float
    cpu_seconds: float

    @property
    def proven_steps(self) -> int:
        """Merges proven unique (the chain's length so far)."""
        return sum(1 for step in self.steps if step.answer == "unique")


def split_paths(solution: Solution, piece_length: int = DEFAULT_PIECE_LENGTH) -> Pieces:
    """Each path of ``solution`` cut into consecutive pieces of about ``piece_length``
    cells (never fewer than 2), by label.

    >>> s = Solution(6, 1, {"a": [(0, c) for c in range(6)]})
    >>> split_paths(s, 3)["a"]
    [[(0, 0), (0, 1), (0, 2)], [(0, 3), (0, 4), (0, 5)]]
    """
    if isinstance(piece_length, bool) or not isinstance(piece_length, int) or piece_length < 2:
        raise InvalidArgumentError(f"piece_length must be an int >= 2, not {piece_length!r}")
    pieces: Pieces = {}
    for label, path in solution.paths.items():
        count = max(1, min(round(len(path) / piece_length), len(path) // 2))
        bounds = [round(k * len(path) / count) for k in range(count + 1)]
        pieces[label] = [list(path[bounds[k]:bounds[k + 1]]) for k in range(count)]
    return pieces


def _pieces_puzzle(width: int, height: int, pieces: Pieces,
                   blocked: frozenset[Cell]) -> tuple[Puzzle, Solution]:
    """The puzzle whose pairs are the pieces' ends, and its solution (the pieces)."""
    paths = {f"{label}.{k}": piece for label, parts in pieces.items()
             for k, piece in enumerate(parts)}
    ends = {name: (piece[0], piece[-1]) for name, piece in paths.items()}
    return Puzzle(width, height, ends, blocked), Solution(width, height, paths)


def join_pieces(puzzle: Puzzle, pieces: Pieces, found: Solution) -> Solution:
    """The solution of ``puzzle`` made of ``found`` (a solution of a puzzle whose pairs
    are the ends of ``pieces``): for each label, the paths between its pieces' ends,
    joined in order. It may break ``no_touch`` / ``no_2x2``; the caller verifies it.

    >>> p = Puzzle(4, 1, {"a": ((0, 0), (0, 3))})
    >>> parts = {"a": [[(0, 0), (0, 1)], [(0, 2), (0, 3)]]}
    >>> found = Solution(4, 1, {"x": [(0, 1), (0, 0)], "y": [(0, 2), (0, 3)]})
    >>> join_pieces(p, parts, found).paths["a"]
    ((0, 0), (0, 1), (0, 2), (0, 3))
    """
    by_ends = {frozenset((path[0], path[-1])): path for path in found.paths.values()}
    joined: dict[str, list[Cell]] = {}
    for label, parts in pieces.items():
        cells: list[Cell] = []
        for piece in parts:
            path = list(by_ends[frozenset((piece[0], piece[-1]))])
            cells += path if path[0] == piece[0] else path[::-1]
        joined[label] = cells
    return Solution(puzzle.width, puzzle.height, joined)


def solutions_after_move(
    puzzle: Puzzle,
    solution: Solution,
    changed: Sequence[Sequence[Cell]],
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
    window_search: bool = True,
) -> list[Solution]:
    """``solution`` and at most one more solution of ``puzzle``, **given** that the
    puzzle was made by a move from one with exactly one solution under the same rules
    and that ``solution`` is that one regrouped; ``changed``: the paths the move made.
    A second solution must change one of them
    (:func:`~numberlink_sat.numberlink.generator.thin.count_after_move` says why), so the
    search is told so by one clause, "some edge of the changed paths is unused", in the
    search under the exact rules only (under fill the second search without fill keeps
    its own solver without it). Every solution is verified; ``SolveTimeout`` past
    ``time_limit``. ``window_search=False`` leaves out the window searches (a speed
    choice: they only ever find solutions, never prove there is none).

    >>> p = Puzzle(4, 1, {"1": ((0, 0), (0, 3))})
    >>> s = Solution(4, 1, {"1": [(0, 0), (0, 1), (0, 2), (0, 3)]})
    >>> len(solutions_after_move(p, s, [s.paths["1"]], fill=False))
    1
    """
    problems = verify(puzzle, solution, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    if problems:
        raise InvalidArgumentError("the solution does not solve the puzzle: " + problems[0])
    with NumberlinkSolver(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
                          time_limit=time_limit, window_search=window_search) as engine:
        if engine.session is None or engine.encoding is None:  # pragma: no cover - a bug
            raise InternalError("a pre-check refuted a puzzle that has a known solution")
        moved = Solution(puzzle.width, puzzle.height,
                         {str(k): path for k, path in enumerate(changed)})
        try:  # "not all of these edges": the blocking clause of the moved paths alone
            clause = engine.encoding.solution_blocking_clause(moved)
        except ValueError as error:
            raise InvalidArgumentError(str(error)) from None
        if not clause:  # a changed path without an edge: nothing to change
            raise InvalidArgumentError("a move's proof needs a changed path of two cells "
                                       "or more")
        engine.session.add_clause(clause)
        return list(engine.solutions(2, known=[solution]))


class _Chain:
    """The state of one :func:`chain_proof`: the puzzle, the rules, the pieces, the log."""

    def __init__(self, puzzle: Puzzle, rules: Mapping[str, bool], solver: str,
                 deadline: Deadline, step_time_limit: float | None,
                 on_step: Callable[[ChainStep], None] | None) -> None:
        self.puzzle, self.rules, self.solver = puzzle, dict(rules), solver
        self.deadline, self.step_time_limit, self.on_step = deadline, step_time_limit, on_step
        self.steps: list[ChainStep] = []

    def joined_second(self, pieces: Pieces, found: Solution,
                      first: Solution) -> Solution | None:
        """The second solution of the puzzle joined from ``found``, if the rules keep it."""
        second = join_pieces(self.puzzle, pieces, found)
        if second == first or verify(self.puzzle, second, **self.rules):
            return None
        return second

    def step(self, pieces: Pieces, label: str, k: int) -> tuple[str, Solution | None]:
        """Merge pieces ``k`` and ``k + 1`` of ``label`` (in place when proven): the
        answer and, for "second", the solution of the pieces puzzle found."""
        trial = {lab: list(parts) for lab, parts in pieces.items()}
        merged = trial[label][k] + trial[label][k + 1]
        trial[label][k:k + 2] = [merged]
        puzzle, solution = _pieces_puzzle(self.puzzle.width, self.puzzle.height, trial,
                                          self.puzzle.blocked)
        began = time.perf_counter()
        limit = self.deadline.within(self.step_time_limit).time_limit
        try:
            found = solutions_after_move(puzzle, solution, [merged], solver=self.solver,
                                         time_limit=limit, window_search=STEP_WINDOWS,
                                         **self.rules)
            answer = "unique" if len(found) == 1 else "second"
        except SolveTimeout:
            found, answer = [], "timeout"
        kept = ChainStep(len(puzzle.labels), len(merged), answer,
                         time.perf_counter() - began)
        self.steps.append(kept)
        if self.on_step is not None:
            self.on_step(kept)
        if answer != "timeout":  # kept, or the puzzle the second solution belongs to
            pieces.clear()
            pieces.update(trial)
        return answer, found[1] if answer == "second" else None


def chain_proof(  # noqa: PLR0913
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    piece_length: int = DEFAULT_PIECE_LENGTH,
    time_limit: float | None = None,
    step_time_limit: float | None = None,
    tries: int = 3,
    solver: str = DEFAULT_SOLVER,
    on_step: Callable[[ChainStep], None] | None = None,
) -> ChainProof:
    """Decide whether ``puzzle`` is unique along a chain of merges (module docstring).

    ``solution``: a known solution (verified here), else one is found first. The split
    puzzle is decided by :func:`~numberlink_sat.numberlink.solve.counted`; each merge by
    :func:`solutions_after_move` within ``step_time_limit`` (default: no limit but
    ``time_limit``); when a merge runs past it, up to ``tries`` merges in all are tried
    at that step, shortest first. Past ``time_limit`` (or with every try of a step
    timed out) the verdict is "undecided", never a guess.
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise InvalidArgumentError(f"tries must be an int >= 1, not {tries!r}")
    Deadline(step_time_limit)  # raises for a negative or non-number limit
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    deadline = Deadline(time_limit)
    chain = _Chain(puzzle, rules, solver, deadline, step_time_limit, on_step)

    def answer(verdict: str, first: Solution | None, second: Solution | None = None,
               split: int = 0) -> ChainProof:
        return ChainProof(verdict, first, second, split, tuple(chain.steps),
                          time.perf_counter() - started, cpu_seconds() - cpu)

    if solution is None:
        try:
            solution = solve(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                             solver=solver, time_limit=deadline.remaining())
        except SolveTimeout:
            return answer("undecided", None)
        if solution is None:
            return answer("none", None)
    else:
        problems = verify(puzzle, solution, **rules)
        if problems:
            raise InvalidArgumentError("the solution does not solve the puzzle: "
                                       + problems[0])
    pieces = split_paths(solution, piece_length)
    split, split_solution = _pieces_puzzle(puzzle.width, puzzle.height, pieces, puzzle.blocked)
    split_pairs = len(split.labels)
    try:
        _, found, _ = counted(split, 2, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                              solver=solver, time_limit=deadline.remaining())
    except SolveTimeout:
        return answer("undecided", solution, split=split_pairs)
    if len(found) > 1:
        outside = found[1] if found[0] == split_solution else found[0]
        second = chain.joined_second(pieces, outside, solution)
        return answer("multiple" if second else "undecided", solution, second, split_pairs)
    while any(len(parts) > 1 for parts in pieces.values()):
        options = sorted((len(parts[k]) + len(parts[k + 1]), label, k)
                         for label, parts in pieces.items() for k in range(len(parts) - 1))
        for _, label, k in options[:tries]:
            if deadline.expired():
                return answer("undecided", solution, split=split_pairs)
            said, other = chain.step(pieces, label, k)
            if said == "unique":
                break
            if said == "second":
                assert other is not None
                second = chain.joined_second(pieces, other, solution)
                return answer("multiple" if second else "undecided", solution, second,
                              split_pairs)
        else:
            return answer("undecided", solution, split=split_pairs)
    if {frozenset(e) for e in puzzle.endpoints.values()} != {
            frozenset((p[0], p[-1])) for parts in pieces.values() for p in parts}:
        raise InternalError("the chain did not end at the puzzle's clues")  # pragma: no cover
    return answer("unique", solution, split=split_pairs)
