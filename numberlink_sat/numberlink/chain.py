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

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.fanout import KILL_GRACE, Outcome, run_forked
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.chain_log import ChainLog, fingerprint
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver, counted, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_PIECE_LENGTH", "STEP_WINDOWS", "ChainProof", "ChainStep", "chain_proof",
           "join_pieces", "planned_merges", "solutions_after_move", "split_paths"]

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
    what its proof said ("unique", "second", "timeout", or "failed": the child process
    that ran it died, say out of memory) and its seconds."""

    pairs: int
    merged_cells: int
    answer: str
    seconds: float
    cpu_seconds: float = 0.0
    """CPU seconds of the step's proof (in the child process that ran it, if any)."""
    logged: bool = False
    """Taken from the chain's log (proven by an earlier run), not proven in this one."""


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
    split_logged: bool = False
    """Whether the split puzzle's uniqueness was taken from the log."""

    @property
    def proven_steps(self) -> int:
        """Merges proven unique (the chain's length so far)."""
        return sum(1 for step in self.steps if step.answer == "unique")

    @property
    def logged_steps(self) -> int:
        """Merges taken from the log (:mod:`~numberlink_sat.numberlink.chain_log`)."""
        return sum(1 for step in self.steps if step.logged)


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


def planned_merges(pieces: Pieces) -> list[tuple[str, int]]:
    """The merges :func:`chain_proof` makes when each is proven at its first try: at
    every step the shortest two neighbouring pieces (then by label and position), as
    ``(label, k)``: pieces ``k`` and ``k + 1`` of ``label`` joined.

    >>> planned_merges({"a": [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(0, 4), (0, 5), (0, 6)]]})
    [('a', 0), ('a', 0)]
    """
    left = {label: [len(part) for part in parts] for label, parts in pieces.items()}
    plan: list[tuple[str, int]] = []
    while any(len(sizes) > 1 for sizes in left.values()):
        label, k = _merge_options(left)[0]
        left[label][k:k + 2] = [left[label][k] + left[label][k + 1]]
        plan.append((label, k))
    return plan


def _merge_options(sizes: Mapping[str, Sequence[int]]) -> list[tuple[str, int]]:
    """Every merge of two neighbouring pieces (their cell counts by label), shortest
    merged piece first, then by label and position."""
    return [(label, k) for _, label, k in sorted(
        (cells[k] + cells[k + 1], label, k)
        for label, cells in sizes.items() for k in range(len(cells) - 1))]


def _logged_step(trial: Pieces, merged: Sequence[Cell]) -> ChainStep:
    """The step of a merge taken from the log."""
    return ChainStep(_pairs(trial), len(merged), "unique", 0.0, logged=True)


def _pairs(pieces: Pieces) -> int:
    """The pairs of the pieces puzzle (one per piece)."""
    return sum(len(parts) for parts in pieces.values())


def _merged(pieces: Pieces, label: str, k: int) -> tuple[Pieces, list[Cell]]:
    """``pieces`` with pieces ``k`` and ``k + 1`` of ``label`` joined (a copy), and the
    joined path."""
    trial = {lab: list(parts) for lab, parts in pieces.items()}
    merged = trial[label][k] + trial[label][k + 1]
    trial[label][k:k + 2] = [merged]
    return trial, merged


class _Chain:
    """The state of one :func:`chain_proof`: the puzzle, the rules, the log."""

    def __init__(self, puzzle: Puzzle, rules: Mapping[str, bool], solver: str,
                 deadline: Deadline, step_time_limit: float | None,
                 on_step: Callable[[ChainStep], None] | None,
                 log: ChainLog | None) -> None:
        self.puzzle, self.rules, self.solver = puzzle, dict(rules), solver
        self.deadline, self.step_time_limit, self.on_step = deadline, step_time_limit, on_step
        self.log = log
        self.steps: list[ChainStep] = []
        self.split_pairs = 0
        self.split_logged = False

    def key(self, pieces: Pieces, merged: Sequence[Cell] | None) -> str:
        """The fingerprint of a question of this chain (:mod:`.chain_log`)."""
        return fingerprint(self.puzzle.width, self.puzzle.height, sorted(self.puzzle.blocked),
                           self.rules, pieces, merged)

    def logged(self, pieces: Pieces, merged: Sequence[Cell] | None) -> bool:
        """Whether the log holds this question proven."""
        return self.log is not None and self.log.proven(self.key(pieces, merged))

    def keep(self, step: ChainStep, pieces: Pieces, merged: Sequence[Cell]) -> None:
        """Note a step asked (and log it when proven here)."""
        self.steps.append(step)
        if self.log is not None and step.answer == "unique" and not step.logged:
            self.log.add_step(self.key(pieces, merged), {
                "pairs": step.pairs, "merged_cells": step.merged_cells,
                "seconds": round(step.seconds, 3), "cpu_seconds": round(step.cpu_seconds, 3)})
        if self.on_step is not None:
            self.on_step(step)

    def walk(self, pieces: Pieces, solution: Solution, workers: int,
             tries: int) -> tuple[str, Solution | None]:
        """Decide the split puzzle of ``pieces``, then merge back to the puzzle: the
        verdict and, for "multiple", the second solution of the puzzle."""
        split, split_solution = _pieces_puzzle(self.puzzle.width, self.puzzle.height, pieces,
                                               self.puzzle.blocked)
        self.split_pairs = len(split.labels)
        self.split_logged = self.logged(pieces, None)
        if not self.split_logged:
            try:
                _, found, _ = counted(split, 2, fill=self.rules["fill"],
                                      no_touch=self.rules["no_touch"],
                                      no_2x2=self.rules["no_2x2"], solver=self.solver,
                                      time_limit=self.deadline.remaining(),
                                      held_beside=False)  # a step is SAT's alone
            except SolveTimeout:
                return "undecided", None
            if len(found) > 1:
                outside = found[1] if found[0] == split_solution else found[0]
                return self.second_verdict(pieces, outside, solution)
            if self.log is not None:
                self.log.add_step(self.key(pieces, None), {"pairs": self.split_pairs,
                                                           "merged_cells": 0})
        if workers > 1:
            said, where, other = self.in_parallel(pieces, workers)
            if said != "unique":
                return ("undecided", None) if other is None else self.second_verdict(
                    where, other, solution)
        while any(len(parts) > 1 for parts in pieces.values()):
            sizes = {label: [len(part) for part in parts] for label, parts in pieces.items()}
            for label, k in _merge_options(sizes)[:tries]:
                if self.deadline.expired():
                    return "undecided", None
                said, other = self.step(pieces, label, k)
                if said == "unique":
                    break
                if other is not None:
                    return self.second_verdict(pieces, other, solution)
            else:
                return "undecided", None
        if {frozenset(e) for e in self.puzzle.endpoints.values()} != {
                frozenset((p[0], p[-1])) for parts in pieces.values() for p in parts}:
            raise InternalError("the chain did not end at the puzzle's clues")  # pragma: no cover
        return "unique", None

    def second_verdict(self, pieces: Pieces, found: Solution,
                       first: Solution) -> tuple[str, Solution | None]:
        """"multiple" with the puzzle's second solution joined from ``found`` (a solution
        of the pieces puzzle other than ``first``'s pieces), "undecided" when the joined
        paths break ``no_touch`` / ``no_2x2``."""
        second = self.joined_second(pieces, found, first)
        return ("multiple", second) if second is not None else ("undecided", None)

    def joined_second(self, pieces: Pieces, found: Solution,
                      first: Solution) -> Solution | None:
        """The second solution of the puzzle joined from ``found``, if the rules keep it."""
        second = join_pieces(self.puzzle, pieces, found)
        if second == first or verify(self.puzzle, second, **self.rules):
            return None
        return second

    def prove(self, trial: Pieces, merged: list[Cell]) -> tuple[ChainStep, Solution | None]:
        """Prove one merge (``trial``: the pieces after it): the step and, for "second",
        the solution of the pieces puzzle found. Runs in whichever process calls it."""
        puzzle, solution = _pieces_puzzle(self.puzzle.width, self.puzzle.height, trial,
                                          self.puzzle.blocked)
        began, cpu = time.perf_counter(), time.process_time()
        limit = self.deadline.within(self.step_time_limit).time_limit
        try:
            found = solutions_after_move(puzzle, solution, [merged], solver=self.solver,
                                         time_limit=limit, window_search=STEP_WINDOWS,
                                         **self.rules)
            answer = "unique" if len(found) == 1 else "second"
        except SolveTimeout:
            found, answer = [], "timeout"
        step = ChainStep(len(puzzle.labels), len(merged), answer, time.perf_counter() - began,
                         time.process_time() - cpu)
        return step, found[1] if answer == "second" else None

    def step(self, pieces: Pieces, label: str, k: int) -> tuple[str, Solution | None]:
        """Merge pieces ``k`` and ``k + 1`` of ``label`` (in place when proven): the
        answer and, for "second", the solution of the pieces puzzle found."""
        trial, merged = _merged(pieces, label, k)
        if self.logged(trial, merged):
            step, other = _logged_step(trial, merged), None
        else:
            step, other = self.prove(trial, merged)
        self.keep(step, trial, merged)
        if step.answer != "timeout":  # kept, or the puzzle the second solution belongs to
            pieces.clear()
            pieces.update(trial)
        return step.answer, other

    def in_parallel(self, pieces: Pieces, workers: int) -> tuple[str, Pieces, Solution | None]:
        """Every planned merge as an independent proof on ``workers`` child processes,
        the longest merges first: "unique" (all proven), "second" (with the pieces of the
        puzzle it belongs to and the solution found) or "undecided"."""
        states: list[tuple[Pieces, list[Cell]]] = []
        current = pieces
        for label, k in planned_merges(pieces):
            current, merged = _merged(current, label, k)
            states.append((current, merged))
        todo = []
        for index, (trial, merged) in enumerate(states):
            if self.logged(trial, merged):
                self.keep(_logged_step(trial, merged), trial, merged)
            else:
                todo.append(index)
        todo.sort(key=lambda i: (-len(states[i][1]), -i))
        found: list[tuple[int, Solution]] = []

        def take(position: int, outcome: Outcome) -> bool:
            index = todo[position]
            trial, merged = states[index]
            if outcome.status == "ok":
                step, other = outcome.value
            elif outcome.status == "error":  # an exception in a proof: a bug, not an answer
                raise InternalError(f"a merge's proof failed in its child process: "
                                    f"{outcome.reason}")
            else:  # killed past the time limit, or the child died
                step, other = ChainStep(_pairs(trial), len(merged), "timeout"
                                        if outcome.status == "killed" else "failed", 0.0), None
            self.keep(step, trial, merged)
            if other is not None:
                found.append((index, other))
                return False
            if self.deadline.expired():  # no merge starts past the time limit
                return False
            return step.answer == "unique" or self.log is not None

        limit = self.deadline.remaining()
        kill_at = None if limit is None else time.perf_counter() + limit + KILL_GRACE
        jobs = [partial(self.prove, *states[index]) for index in todo]
        run_forked(jobs, workers, on_outcome=take, kill_at=kill_at)
        self.steps.sort(key=lambda step: -step.pairs)  # the plan's order
        if found:
            index, other = found[0]
            return "second", states[index][0], other
        if len(self.steps) == len(states) and all(s.answer == "unique" for s in self.steps):
            if states:
                pieces.clear()
                pieces.update(states[-1][0])
            return "unique", pieces, None
        return "undecided", pieces, None




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
    workers: int = 1,
    log: str | os.PathLike[str] | None = None,
) -> ChainProof:
    """Decide whether ``puzzle`` is unique along a chain of merges (module docstring).

    ``solution``: a known solution (verified here), else the one kept in ``log`` for
    this puzzle and these rules, else one is found first. The split puzzle is decided by
    :func:`~numberlink_sat.numberlink.solve.counted`; each merge by
    :func:`solutions_after_move` within ``step_time_limit`` (default: no limit but
    ``time_limit``). With ``workers=1`` the merges run here one after another; when a
    merge runs past its limit, up to ``tries`` merges in all are tried at that step,
    shortest first. With ``workers=N > 1`` the planned merges
    (:func:`planned_merges`) run as independent proofs (each assumes only that the
    puzzle before it is unique, which the merge before proves) on N forked child
    processes, the longest first; ``tries`` does not apply. ``log``: a file of proven
    steps (:mod:`~numberlink_sat.numberlink.chain_log`): steps found there are not
    proven again, steps proven here are added, and with a log the other merges go on
    after one has run past its limit, so that a later run with a larger limit resumes.
    Past ``time_limit`` (or with a step not proven) the verdict is "undecided", never a
    guess; ``on_step`` sees every step as it ends.
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise InvalidArgumentError(f"tries must be an int >= 1, not {tries!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgumentError(f"workers must be an int >= 1, not {workers!r}")
    Deadline(step_time_limit)  # raises for a negative or non-number limit
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    deadline = Deadline(time_limit)
    chain = _Chain(puzzle, rules, solver, deadline, step_time_limit, on_step,
                   None if log is None else ChainLog(log))

    def answer(verdict: str, first: Solution | None, second: Solution | None = None,
               split: int = 0) -> ChainProof:
        return ChainProof(verdict, first, second, split, tuple(chain.steps),
                          time.perf_counter() - started, cpu_seconds() - cpu,
                          chain.split_logged)

    solution = _first_solution(chain, solution)
    if solution is None:
        try:
            solution = solve(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                             solver=solver, time_limit=deadline.remaining())
        except SolveTimeout:
            return answer("undecided", None)
        if solution is None:
            return answer("none", None)
        if chain.log is not None:
            chain.log.add_solution(chain.key(_whole(puzzle), None), solution.paths)
    pieces = split_paths(solution, piece_length)
    verdict, second = chain.walk(pieces, solution, workers, tries)
    return answer(verdict, solution, second, chain.split_pairs)


def _whole(puzzle: Puzzle) -> Pieces:
    """The puzzle's pairs as one-piece "pieces" (its clue cells): names its log key."""
    return {label: [[a, b]] for label, (a, b) in puzzle.endpoints.items()}


def _first_solution(chain: _Chain, given: Solution | None) -> Solution | None:
    """``given`` (verified), else the solution the log keeps for this puzzle (verified;
    one that does not solve it is ignored), else ``None``."""
    puzzle = chain.puzzle
    if given is not None:
        problems = verify(puzzle, given, **chain.rules)
        if problems:
            raise InvalidArgumentError("the solution does not solve the puzzle: "
                                       + problems[0])
        return given
    if chain.log is None:
        return None
    paths = chain.log.solution(chain.key(_whole(puzzle), None))
    if paths is None:
        return None
    try:
        kept = Solution(puzzle.width, puzzle.height, paths)
    except ValueError:
        return None
    return None if verify(puzzle, kept, **chain.rules) else kept
