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

3. **A lemma may take the lemmas before it as given.** Once every other solution of
   ``H`` is known to change ``q``, a second solution ``T`` of ``H - p`` changes ``q``
   too: ``T`` with ``p``'s path put back is a second solution of ``H`` (point 2), which
   changes ``q``, and it has ``T``'s path ``q``. So the lemma for ``p`` asks only for a
   second solution of ``H - p`` that changes every path held before it (the final
   search of ``H - p``, :func:`~numberlink_sat.numberlink.held_cases.final_search`):
   "none" still proves ``H - p`` unique. The first lemma of a level with nothing held
   before it is a plain count. On the hand-made 42x25, with 19, 5, 17, 16 and 42 held,
   the lemmas of paths 41, 7 and 28 took 9.0, 12.5 and 39.2 s this way, where the plain
   counts ran past 60 s (session 39, ``docs/encoding.md``).

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

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.held_cases import (
    DEFAULT_CASE_FAN,
    FinalCase,
    check_case_order,
    check_eager_split,
    final_search,
    split_final_search,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import counted, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_DEEP_LEMMA_TIME_LIMIT", "DEFAULT_HELD", "DEFAULT_LEMMA_TIME_LIMIT",
           "HeldLemma", "HeldPathProof", "held_lemma", "held_path_proof",
           "held_puzzle"]

DEFAULT_HELD = 4
"""Paths whose lemma is tried when none are named: the longest ones. On the hand-made
26x26 the two lemmas proven within 60 s (4.4 and 2.6 s) held two of its three longest
paths, on the 42x25 the longest; the shorter ones all ran past 60 s as plain counts.
Given the paths held before them (point 3 above) several take 9-120 s (session 39), but
holding them shortened the 42x25's final search by a tenth only, so the default stays."""

DEFAULT_LEMMA_TIME_LIMIT = 10.0
"""Seconds each lemma may take: a lemma is only worth holding when it is cheap."""

DEFAULT_DEEP_LEMMA_TIME_LIMIT = 1200.0
"""Seconds a lemma proven with paths held inside it may take (``depth`` > 0). On the
hand-made 26x26, path 18 held took 753 s and 846 s that way (798 s asked directly)."""


@dataclass(frozen=True)
class HeldLemma:
    """One lemma asked: the label held, its path's cells, what ``H - p`` gave ("unique":
    every other solution changes the path; "second": a second solution of the puzzle;
    "timeout") and its seconds. ``within``: the paths held around it (empty at the top
    level: the lemma is about ``H - within - label``); ``inside``: for a lemma asked
    with paths held inside it (``depth`` > 0), that proof; ``given``: for a lemma asked
    directly, the paths held before it (proven at this level or inherited), whose lemmas
    its search took as given (see :func:`held_path_proof`)."""

    label: str
    cells: int
    answer: str
    seconds: float
    cpu_seconds: float
    within: tuple[str, ...] = ()
    inside: HeldPathProof | None = None
    given: tuple[str, ...] = ()


@dataclass(frozen=True)
class HeldPathProof:
    """What :func:`held_path_proof` found.

    ``verdict``: "unique", "multiple" (``second`` is a second solution, verified),
    "none" (no solution) or "undecided" (time ran out); ``held``: the labels whose lemma
    was proven (the final search was told that each changes); ``lemmas``: every lemma
    asked at this level (those inside a deep lemma are in its ``inside``);
    ``final_seconds``: the final search's wall time (0 when it did not run);
    ``inherited``: inside a deep lemma, the labels held without a lemma of their own
    because the level above proved them (empty at the top); ``cases``: with a
    ``case_time_limit``, every case of the final search asked (:mod:`.held_cases`).
    """

    verdict: str
    solution: Solution | None
    second: Solution | None
    held: tuple[str, ...]
    lemmas: tuple[HeldLemma, ...]
    final_seconds: float
    seconds: float
    cpu_seconds: float
    inherited: tuple[str, ...] = ()
    cases: tuple[FinalCase, ...] = ()


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


def held_path_proof(  # noqa: PLR0913
    puzzle: Puzzle,
    solution: Solution | None = None,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    labels: Sequence[str] | None = None,
    lemma_time_limit: float | None = DEFAULT_LEMMA_TIME_LIMIT,
    depth: int = 0,
    deep_lemma_time_limit: float | None = DEFAULT_DEEP_LEMMA_TIME_LIMIT,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
    on_lemma: Callable[[HeldLemma], None] | None = None,
    case_time_limit: float | None = None,
    workers: int = 1,
    log: str | os.PathLike[str] | None = None,
    case_fan: int = DEFAULT_CASE_FAN,
    presplit: int = 0,
    on_case: Callable[[FinalCase], None] | None = None,
    case_order: str = "made",
    eager_split: bool = False,
) -> HeldPathProof:
    """Decide whether ``puzzle`` is unique with paths held (module docstring).

    ``solution``: a known solution (verified here), else one is found first. ``labels``:
    the paths to hold, in order (default: the :data:`DEFAULT_HELD` longest of the
    solution); each lemma gets ``lemma_time_limit`` seconds (``None``: no limit but
    ``time_limit``), and one that runs past it is not held. A lemma that finds a second
    solution ends the proof ("multiple"). Past ``time_limit`` the verdict is
    "undecided", never a guess; ``on_lemma`` sees every lemma as it ends, those proven
    inside another one too (their ``within`` names the paths held around them). Each
    lemma takes those held before it as given (point 3 of the module's docstring; its
    ``given`` names them), so the order of ``labels`` matters: the cheapest first.

    ``depth`` > 0: a lemma that ran past ``lemma_time_limit`` is asked again *with paths
    held inside it*, by this same proof on ``H - p`` (``deep_lemma_time_limit`` seconds,
    ``depth - 1`` levels further down). Inside it, every path already held outside is
    held without a lemma of its own (``H - q`` unique makes ``H - p - q`` unique), and
    the :data:`DEFAULT_HELD` longest other paths are tried.

    ``case_time_limit`` (seconds): the final search (at every level) runs in cases
    (:func:`~numberlink_sat.numberlink.held_cases.split_final_search`): a case that runs
    past it is split into ``case_fan`` smaller ones, ``presplit`` levels are split before
    any is asked, ``workers`` cases run at once in child processes, and the cases
    proven are kept in ``log`` (a JSON-lines file) so that a later run resumes;
    ``on_case`` sees every case as it ends; ``case_order`` (one of
    :data:`~numberlink_sat.numberlink.held_cases.CASE_ORDERS`): which waiting cases
    are asked first; ``eager_split``: cases where a path leaves within a run of edges
    from its first are split at once, not asked
    (:func:`~numberlink_sat.numberlink.held_cases.leaves_early`).

    >>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    >>> proof = held_path_proof(p, fill=True, lemma_time_limit=0.0, depth=1)
    >>> proof.verdict, [(lemma.label, lemma.answer) for lemma in proof.lemmas]
    ('unique', [('1', 'timeout'), ('2', 'timeout'), ('1', 'unique'), ('2', 'unique')])
    >>> proof.lemmas[3].inside.inherited, proof.held
    (('1',), ('1', '2'))
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    deadline = Deadline(time_limit)
    Deadline(lemma_time_limit)  # raises for a negative or non-number limit
    Deadline(deep_lemma_time_limit)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise InvalidArgumentError(f"depth must be a whole number >= 0, got {depth!r}")
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
            return _nothing_held("undecided", started, cpu)
        if solution is None:
            return _nothing_held("none", started, cpu)
    split = _split(case_time_limit, workers, log, case_fan, presplit, on_case, case_order,
                   eager_split)
    asked = _Asked(rules, solver, lemma_time_limit, deep_lemma_time_limit, on_lemma, split)
    return _prove(puzzle, solution, _labels_to_hold(solution, labels), (), (), depth,
                  asked, deadline, started, cpu)


def _split(case_time_limit: float | None, workers: int,
           log: str | os.PathLike[str] | None, fan: int, presplit: int,
           on_case: Callable[[FinalCase], None] | None,
           case_order: str, eager_split: bool = False) -> _Split | None:
    """How the final searches run (``None``: one search each); the settings checked."""
    check_eager_split(eager_split)
    if case_time_limit is None:
        if (workers != 1 or log is not None or fan != DEFAULT_CASE_FAN or presplit
                or case_order != "made" or eager_split):
            raise InvalidArgumentError("workers, log, case_fan, presplit, case_order and "
                                       "eager_split need a case_time_limit (the final "
                                       "search in cases)")
        return None
    Deadline(case_time_limit)  # raises for a negative or non-number limit
    for name, value, least in (("workers", workers, 1), ("case_fan", fan, 2),
                               ("presplit", presplit, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidArgumentError(f"{name} must be a whole number >= {least}, "
                                       f"got {value!r}")
    check_case_order(case_order)
    return _Split(case_time_limit, workers, log, fan, presplit, on_case, case_order,
                  eager_split)


def held_lemma(
    puzzle: Puzzle,
    solution: Solution,
    label: str,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    time_limit: float | None = DEFAULT_LEMMA_TIME_LIMIT,
    solver: str = DEFAULT_SOLVER,
) -> tuple[HeldLemma, Solution | None]:
    """One lemma of :func:`held_path_proof` on its own: is ``H - label`` unique (within
    ``time_limit`` seconds)? The lemma ("unique": every solution of ``puzzle`` other
    than ``solution`` changes the path; "second"; "timeout") and, for "second", a second
    solution of ``puzzle`` (verified).

    >>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    >>> s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    >>> lemma, second = held_lemma(p, s, "2")
    >>> lemma.answer, lemma.cells, second
    ('unique', 3, None)
    """
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    Deadline(time_limit)  # raises for a negative or non-number limit
    problems = verify(puzzle, solution, **rules)
    if problems:
        raise InvalidArgumentError("the solution does not solve the puzzle: " + problems[0])
    (label,) = _labels_to_hold(solution, [label])
    asked = _Asked(rules, solver, time_limit, None, None)
    return _lemma(puzzle, solution, label, (), asked, Deadline(None))


def _nothing_held(verdict: str, started: float, cpu: float) -> HeldPathProof:
    return HeldPathProof(verdict, None, None, (), (), 0.0, time.perf_counter() - started,
                         cpu_seconds() - cpu)


@dataclass(frozen=True)
class _Split:
    """How the final searches run in cases (:mod:`.held_cases`)."""

    case_time_limit: float | None
    workers: int
    log: str | os.PathLike[str] | None
    fan: int
    presplit: int
    on_case: Callable[[FinalCase], None] | None
    case_order: str
    eager_split: bool = False


@dataclass(frozen=True)
class _Asked:
    """What every level of one proof shares: the rules, the solver, the limits, the
    callback and how the final search runs (``split``: ``None`` for one search)."""

    rules: dict[str, bool]
    solver: str
    lemma_time_limit: float | None
    deep_lemma_time_limit: float | None
    on_lemma: Callable[[HeldLemma], None] | None
    split: _Split | None = None


def _prove(puzzle: Puzzle, solution: Solution, labels: Sequence[str],
           inherited: tuple[str, ...], within: tuple[str, ...], depth: int, asked: _Asked,
           deadline: Deadline, started: float, cpu: float) -> HeldPathProof:
    """One level of :func:`held_path_proof`: ``solution`` (verified) solves ``puzzle``,
    which is the top puzzle with the paths ``within`` held; the ``inherited`` labels
    are held without a lemma (proven one level up)."""
    lemmas: list[HeldLemma] = []
    held: list[str] = []
    timed_out: list[str] = []
    final_seconds = 0.0
    cases: tuple[FinalCase, ...] = ()

    def answer(verdict: str, second: Solution | None = None) -> HeldPathProof:
        return HeldPathProof(verdict, solution, second, tuple(held), tuple(lemmas),
                             final_seconds, time.perf_counter() - started,
                             cpu_seconds() - cpu, inherited, cases)

    def asked_one(lemma: HeldLemma, second: Solution | None) -> bool:
        """Record ``lemma``; whether the proof goes on."""
        lemmas.append(lemma)
        if asked.on_lemma is not None:
            asked.on_lemma(lemma)
        if lemma.answer == "unique":
            held.append(lemma.label)
        return second is None and not deadline.expired()

    for label in labels:
        lemma, second = _lemma(puzzle, solution, label, within, asked, deadline,
                               inherited + tuple(held))
        if lemma.answer == "timeout":
            timed_out.append(label)
        if not asked_one(lemma, second):
            return answer("undecided" if second is None else "multiple", second)
    if depth > 0:
        for label in timed_out:
            lemma, second = _deep_lemma(puzzle, solution, label, inherited + tuple(held),
                                        within, depth, asked, deadline)
            if not asked_one(lemma, second):
                return answer("undecided" if second is None else "multiple", second)
    final_started = time.perf_counter()
    if asked.split is not None:
        split = asked.split
        search = split_final_search(
            puzzle, solution, inherited + tuple(held), rules=asked.rules,
            case_time_limit=split.case_time_limit, deadline=deadline, solver=asked.solver,
            workers=split.workers, log=split.log, fan=split.fan, presplit=split.presplit,
            on_case=split.on_case, case_order=split.case_order,
            eager_split=split.eager_split)
        final_seconds, cases = time.perf_counter() - final_started, search.cases
        return answer(search.verdict, search.second)
    try:
        found = final_search(puzzle, solution, inherited + tuple(held), asked.rules,
                             asked.solver, deadline)
    except SolveTimeout:
        final_seconds = time.perf_counter() - final_started
        return answer("undecided")
    final_seconds = time.perf_counter() - final_started
    if len(found) == 1:
        return answer("unique")
    return answer("multiple", found[1])


def _labels_to_hold(solution: Solution, labels: Sequence[str] | None,
                    exclude: Sequence[str] = ()) -> list[str]:
    """The labels named (checked), or the :data:`DEFAULT_HELD` longest paths not in
    ``exclude``."""
    if labels is None:
        longest = sorted((k for k in solution.paths if k not in exclude),
                         key=lambda k: (-len(solution.paths[k]), k))
        return longest[:DEFAULT_HELD]
    if isinstance(labels, str):
        raise InvalidArgumentError("labels must be a sequence of labels, not one string")
    chosen = [str(label) for label in labels]
    unknown = [label for label in chosen if label not in solution.paths]
    if unknown:
        raise InvalidArgumentError(f"no path labelled {unknown[0]!r} in the puzzle")
    return list(dict.fromkeys(chosen))


def _lemma(puzzle: Puzzle, solution: Solution, label: str, within: tuple[str, ...],
           asked: _Asked, deadline: Deadline, given: tuple[str, ...] = (),
           ) -> tuple[HeldLemma, Solution | None]:
    """Decide ``H - label`` within the lemma limit, taking the lemmas of the paths
    ``given`` as proven: only a second solution of ``H - label`` that changes each of them
    is looked for (:func:`held_path_proof`); a second solution of it comes back joined
    into one of ``H``."""
    started, cpu = time.perf_counter(), cpu_seconds()
    rules = asked.rules
    held = held_puzzle(puzzle, solution, label)
    rest = _without(solution, label)

    def lemma(result: str) -> HeldLemma:
        return HeldLemma(label, len(solution.paths[label]), result,
                         time.perf_counter() - started, cpu_seconds() - cpu, within,
                         given=given)

    box = deadline.sooner(Deadline(asked.lemma_time_limit))
    try:
        if given:
            found = final_search(held, rest, given, rules, asked.solver, box)
            count = len(found)
        else:
            count, found, _ = counted(held, 2, fill=rules["fill"],
                                      no_touch=rules["no_touch"], no_2x2=rules["no_2x2"],
                                      solver=asked.solver, time_limit=box.left(),
                                      held_beside=False)  # a lemma is SAT's alone
    except SolveTimeout:
        return lemma("timeout"), None
    if count == 1:
        return lemma("unique"), None
    others = [s for s in found if s != rest]
    if count == 0 or not others:  # pragma: no cover - the solution minus the path solves it
        raise InternalError(f"holding path {label!r} lost the puzzle's own solution")
    return lemma("second"), _put_back(puzzle, solution, label, others[0], rules)


def _deep_lemma(puzzle: Puzzle, solution: Solution, label: str, held: tuple[str, ...],
                within: tuple[str, ...], depth: int, asked: _Asked, deadline: Deadline
                ) -> tuple[HeldLemma, Solution | None]:
    """Decide ``H - label`` with paths held inside it: ``held`` (proven at this level or
    inherited) without lemmas, the longest others with theirs, ``depth - 1`` levels on."""
    started, cpu = time.perf_counter(), cpu_seconds()
    inner = held_puzzle(puzzle, solution, label)
    rest = _without(solution, label)
    others = _labels_to_hold(rest, None, exclude=held)
    proof = _prove(inner, rest, others, held, (*within, label), depth - 1, asked,
                   deadline.sooner(Deadline(asked.deep_lemma_time_limit)), started, cpu)
    result = {"unique": "unique", "multiple": "second", "undecided": "timeout"}.get(
        proof.verdict)
    if result is None or (result == "second" and proof.second is None):
        raise InternalError(  # pragma: no cover - the solution minus the path solves it
            f"holding path {label!r} lost the puzzle's own solution")
    lemma = HeldLemma(label, len(solution.paths[label]), result,
                      time.perf_counter() - started, cpu_seconds() - cpu, within, proof)
    if proof.second is None:
        return lemma, None
    return lemma, _put_back(puzzle, solution, label, proof.second, asked.rules)


def _without(solution: Solution, label: str) -> Solution:
    """``solution`` without its path ``label``: a solution of ``H - label``."""
    return Solution(solution.width, solution.height,
                    {k: p for k, p in solution.paths.items() if k != label})


def _put_back(puzzle: Puzzle, solution: Solution, label: str, second: Solution,
              rules: dict[str, bool]) -> Solution:
    """A second solution of ``H - label`` with ``solution``'s path ``label`` put back:
    a second solution of ``H``, verified."""
    joined = Solution(puzzle.width, puzzle.height,
                      {**second.paths, label: list(solution.paths[label])})
    problems = verify(puzzle, joined, **rules)
    if problems:  # pragma: no cover - the rules hold path by path
        raise InternalError(f"a second solution with path {label!r} held put back does "
                            f"not solve the puzzle: {problems[0]}")
    return joined
