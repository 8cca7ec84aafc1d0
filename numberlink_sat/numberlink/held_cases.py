"""The final search of a held-path proof, whole or split into cases that can run on
several cores and resume.

The final search of :func:`~numberlink_sat.numberlink.held.held_path_proof` asks for a
solution other than the known one ``S`` that changes every held path. On the hand-made
26x26 under the Nikoli rule it ran past 6,500 s as one search (session 35). Split it:

- Take a path ``p`` of ``S``, its edges ``e1, e2, ..., em`` walked from its first cell.
  Any solution either keeps all of them (``p`` *kept whole*) or has a first edge ``ek``
  it does not use, with ``e1 .. e(k-1)`` used: *``p`` leaves at edge k*. These cases do
  not overlap and cover every solution; neighbouring ones merge into a :class:`Cut`
  "``e1 .. e(kept)`` used, not all of ``e(kept+1) .. e(upto)``" (one unit clause per
  kept edge and one clause). For a held path, "kept whole" is already excluded.
- A case that runs past its time (``case_time_limit``) is split again: its last cut's
  edges into up to ``fan`` smaller runs, or, when that cut is one edge or the whole
  path, along the next path (held paths first, then the longest), kept whole or
  leaving in up to ``fan`` runs. So the hard corners are asked again in smaller and
  smaller pieces, and the easy ones (most: a path that leaves late is almost fixed) end
  at once.
- With ``eager_split``, a case whose last cut is a run of several edges starting at its
  path's *first* edge ("``p`` leaves within edges 1-k") is split into its runs at once,
  without being asked: on the 26x26's log such cases ran past their time 21 times of 27,
  and the time lost to them was 12,720 s, against 2,183 s for the six that ended
  (``docs/encoding.md``, "Eager splitting").

**Why the verdict stays exact.** The cases partition the solutions the final search
asks about, so "no second solution in any case" is "none at all". Each case search keeps
the final search's restrictions (no U-turn, no detour gap, the least second solution):
they are properties of a solution alone, and the least second solution that changes the
held paths (which the whole search would find) lies in one of the cases and has them,
so that case's search finds a second solution. A second solution found is verified here
against the puzzle, whatever case it came from. Tests compare the verdicts with
exhaustive counts on small boards under all eight rule variants, with cases as small
as one edge.

**Resuming.** With a log (:class:`~numberlink_sat.numberlink.chain_log.ChainLog`), every
case proven and every case split is written as it ends, named by a SHA-256 of the board,
the rules, the known solution, the held paths, the case's cuts and the library's
version: a later run with the same log takes those and asks only the rest.
:func:`case_state` reads a log back into the same tree of cases without asking any:
what is proven, split and still pending.

Measured on the hand-made 26x26 (``docs/encoding.md``, "The final search in cases"):
the lemma ``H - 18`` took 798 s as one search; split along path 6 into 8 runs of edges,
seven of its eight cases took 0.2-44 s each, and the hard corner (path 6 leaving its
first cell another way) about 200 s a piece even split further: the cases cost about
what the one search cost, but they run on two cores and resume.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
>>> s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
>>> search = split_final_search(p, s, ["1"], rules={"fill": False}, case_time_limit=10,
...                             presplit=1)
>>> search.verdict, [case.answer for case in search.cases]
('unique', ['split', 'unique', 'unique'])
>>> [case.describe() for case in search.cases]
['the whole search', '1 leaves at edge 1', '1 leaves at edge 2']
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.fanout import KILL_GRACE, Outcome, run_forked
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.chain_log import ChainLog, question_fingerprint
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["CASE_ORDERS", "DEFAULT_CASE_FAN", "CaseState", "Cut", "FinalCase", "SplitSearch",
           "add_case", "case_clauses", "case_fingerprint", "case_state", "check_case_order",
           "check_eager_split", "cuts_json", "final_search", "leaves_early", "split_case",
           "split_final_search"]

DEFAULT_CASE_FAN = 8
"""Runs of edges a case is split into when it runs past its time. On the 26x26's lemma
``H - 18``, 8 runs of path 6 left one case past 400 s (the first run; the others took
0.2-44 s), and its 8 single edges one past 300 s again (its first edge; the others
0.1-45 s): a wider fan costs a case for every run that is easy, a narrower one more
rounds of time-outs."""


CASE_ORDERS = ("made", "late-first")
"""How the cases waiting when a split search starts are asked: ``"made"``, in the order
the splitting made them (the hard corner, where the held paths leave at their first
edges, comes first); ``"late-first"``, those where the first path split along keeps
the most edges of the known solution first, ties broken by the next path, and so on
(where a path leaves late it is almost fixed, and the case is usually easy). The order
changes neither the cases nor the verdict, only which cases end first: on a run that
resumes a log, ``"late-first"`` proves the easy rest before the time goes to the hard
corner. Cases split later are asked after those waiting."""


@dataclass(frozen=True)
class Cut:
    """One path's part of a case: its first ``kept`` edges (walked from the first cell
    of the known solution's path) are used, and not all of the edges ``kept + 1`` to
    ``upto`` are. ``kept == upto``: the path is kept whole (``upto`` is then its number
    of edges).

    >>> Cut("6", 0, 8).describe(), Cut("6", 3, 4).describe(), Cut("6", 9, 9).describe()
    ('6 leaves within edges 1-8', '6 leaves at edge 4', '6 kept whole')
    """

    label: str
    kept: int
    upto: int

    def describe(self) -> str:
        """The cut in words."""
        if self.kept == self.upto:
            return f"{self.label} kept whole"
        if self.upto == self.kept + 1:
            return f"{self.label} leaves at edge {self.upto}"
        return f"{self.label} leaves within edges {self.kept + 1}-{self.upto}"


@dataclass(frozen=True)
class FinalCase:
    """One case asked: its cuts, the answer ("unique": no second solution in it;
    "second"; "timeout"; "failed": its child process died, say out of memory; "split":
    split before it was asked, see ``presplit`` and ``eager_split``), its seconds,
    whether it was ``split`` into smaller cases (after a time-out, or at once), and
    whether the answer came ``from_log``."""

    cuts: tuple[Cut, ...]
    answer: str
    seconds: float
    cpu_seconds: float
    split: bool = False
    from_log: bool = False

    def describe(self) -> str:
        """The case's cuts in words ("the whole search" for the first one)."""
        return ", ".join(cut.describe() for cut in self.cuts) or "the whole search"


@dataclass(frozen=True)
class SplitSearch:
    """What :func:`split_final_search` found: ``verdict`` "unique", "multiple" (with
    ``second``, verified) or "undecided"; every case asked, in the order they ended."""

    verdict: str
    second: Solution | None
    cases: tuple[FinalCase, ...]


@dataclass(frozen=True)
class CaseState:
    """Where a split final search stands by its log (:func:`case_state`), no case asked:
    the cases ``proven`` and those ``split`` after running past their time (each with
    the seconds the log kept), how many were split at once (``presplit``,
    ``eager_split``), the cases still ``pending`` in the order the search would ask
    them, and how many of the log's records are ``unused``: not in this tree (the cases
    of a lemma's own final search, a case below one proven, or another question: a
    different solution, rules or version)."""

    proven: tuple[FinalCase, ...]
    split: tuple[FinalCase, ...]
    split_at_once: int
    pending: tuple[tuple[Cut, ...], ...]
    unused: int

    def summary(self) -> str:
        """The state in one line."""
        proven = sum(case.seconds for case in self.proven)
        lost = sum(case.seconds for case in self.split)
        return (f"proven {len(self.proven)} ({proven:.0f} s), split {len(self.split)} "
                f"({lost:.0f} s spent before the split), pending {len(self.pending)}, "
                f"split at once {self.split_at_once}; {self.unused} records of the log "
                f"not in this tree")


def _path_edges(solution: Solution, label: str) -> list[tuple[Cell, Cell]]:
    path = solution.paths[label]
    return list(itertools.pairwise(path))


def case_clauses(edge_var: Callable[[Cell, Cell], int | None], solution: Solution,
                 cuts: Sequence[Cut]) -> list[list[int]]:
    """The clauses of a case: a unit clause per kept edge, one clause "not all of the
    next ones" (``edge_var``: an encoding's :meth:`edge_var`).

    >>> s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
    >>> case_clauses(lambda a, b: 10 * a[1] + b[1], s, [Cut("1", 1, 2)])
    [[1], [-12]]
    """
    clauses: list[list[int]] = []
    for cut in cuts:
        literals = []
        for a, b in _path_edges(solution, cut.label):
            var = edge_var(a, b)
            if var is None:  # pragma: no cover - the solution was verified on this board
                raise InternalError(f"edge {a}-{b} is not an edge of this board")
            literals.append(var)
        clauses.extend([var] for var in literals[:cut.kept])
        if cut.upto > cut.kept:
            clauses.append([-var for var in literals[cut.kept:cut.upto]])
    return clauses


def final_search(puzzle: Puzzle, solution: Solution, held: Sequence[str],
                 rules: Mapping[str, bool], solver: str, deadline: Deadline,
                 cuts: Sequence[Cut] = ()) -> list[Solution]:
    """``solution`` and at most one more, the search told that every held path changes
    (and, with ``cuts``, that the solution lies in that case); raises
    :class:`~numberlink_sat.errors.SolveTimeout` past ``deadline``.

    The window searches stay on: they find nothing on a unique puzzle, but what the
    solver learns in them (each window a small search with everything outside fixed)
    makes the global search after them short. Without them the lemma ``H - 6`` of the
    hand-made 26x26 ran past 67 s of CPU where with them it took 22 s (session 33,
    ``docs/encoding.md``)."""
    with NumberlinkSolver(puzzle, fill=rules.get("fill", True),
                          no_touch=rules.get("no_touch", False),
                          no_2x2=rules.get("no_2x2", False), solver=solver,
                          time_limit=deadline.left()) as engine:
        add_case(engine, solution, held, cuts)
        return list(engine.solutions(2, known=[solution]))


def add_case(engine: NumberlinkSolver, solution: Solution, held: Sequence[str],
             cuts: Sequence[Cut] = ()) -> None:
    """Tell ``engine`` that every ``held`` path of ``solution`` changes and that the
    solution lies in the case ``cuts``: the clauses :func:`final_search` asks under."""
    if engine.session is None or engine.encoding is None:  # pragma: no cover - a bug
        raise InternalError("a pre-check refuted a puzzle that has a known solution")
    for label in held:
        alone = Solution(solution.width, solution.height, {label: solution.paths[label]})
        clause = engine.encoding.solution_blocking_clause(alone)
        if clause:
            engine.session.add_clause(clause)
    engine.session.add_clauses(case_clauses(engine.encoding.edge_var, solution, cuts))


def _runs(kept: int, upto: int, fan: int) -> list[tuple[int, int]]:
    """``kept + 1 .. upto`` cut into at most ``fan`` runs of nearly equal length."""
    count = min(fan, upto - kept)
    bounds = [kept + round(i * (upto - kept) / count) for i in range(count + 1)]
    return list(itertools.pairwise(bounds))


def split_case(cuts: Sequence[Cut], solution: Solution, order: Sequence[str],
               held: Sequence[str], fan: int = DEFAULT_CASE_FAN) -> list[tuple[Cut, ...]]:
    """The smaller cases that together make the case ``cuts``: its last cut's run of
    edges in up to ``fan`` runs, else the next label of ``order`` not yet cut, kept whole
    (unless it is ``held``: the final search already excludes that) or leaving in up to
    ``fan`` runs. Empty when nothing is left to split.

    >>> s = Solution(4, 1, {"1": [(0, 0), (0, 1), (0, 2), (0, 3)]})
    >>> [[c.describe() for c in case] for case in split_case((), s, ["1"], [], fan=2)]
    [['1 kept whole'], ['1 leaves within edges 1-2'], ['1 leaves at edge 3']]
    >>> [[c.describe() for c in case] for case in split_case((Cut("1", 0, 2),), s, ["1"],
    ...                                                         [], fan=2)]
    [['1 leaves at edge 1'], ['1 leaves at edge 2']]
    """
    if cuts and cuts[-1].upto - cuts[-1].kept > 1:
        *before, last = cuts
        return [(*before, Cut(last.label, kept, upto))
                for kept, upto in _runs(last.kept, last.upto, fan)]
    done = {cut.label for cut in cuts}
    for label in order:
        if label in done:
            continue
        edges = len(solution.paths[label]) - 1
        whole = [] if label in held else [(*cuts, Cut(label, edges, edges))]
        return whole + [(*cuts, Cut(label, kept, upto)) for kept, upto in _runs(0, edges, fan)]
    return []


def case_fingerprint(puzzle: Puzzle, solution: Solution, held: Sequence[str],
                     rules: Mapping[str, bool], cuts: Sequence[Cut]) -> str:
    """The SHA-256 (hex) that names one case's question, by this library version
    (``rules`` with the library's defaults filled in: ``{"fill": False}`` and the three
    rules spelt out name the same question)."""
    return question_fingerprint("held case", puzzle, solution, rules, held=sorted(held),
                                cuts=cuts_json(cuts))


def _ask_case(puzzle: Puzzle, solution: Solution, held: Sequence[str],
              rules: Mapping[str, bool], solver: str, cuts: tuple[Cut, ...],
              case_time_limit: float | None, deadline: Deadline,
              ) -> tuple[str, dict[str, list[Cell]] | None, float, float]:
    """One case's search (run in a child process): its answer, the paths of a second
    solution, seconds and CPU seconds. Its time counts from its start, within the
    whole search's ``deadline``."""
    started, cpu = time.perf_counter(), cpu_seconds()
    limit = Deadline(case_time_limit).sooner(deadline)
    try:
        found = final_search(puzzle, solution, held, rules, solver, limit, cuts)
    except SolveTimeout:
        return "timeout", None, time.perf_counter() - started, cpu_seconds() - cpu
    second = {label: list(path) for label, path in found[1].paths.items()} \
        if len(found) > 1 else None
    return ("second" if second else "unique", second, time.perf_counter() - started,
            cpu_seconds() - cpu)


class _Cases:
    """The cases of one split search: those waiting (as jobs), those ended, the log."""

    def __init__(self, puzzle: Puzzle, solution: Solution, held: Sequence[str],  # noqa: PLR0913
                 rules: Mapping[str, bool], solver: str, case_time_limit: float | None,
                 deadline: Deadline, fan: int, log: ChainLog | None,
                 on_case: Callable[[FinalCase], None] | None, eager_split: bool) -> None:
        self.puzzle, self.solution, self.held = puzzle, solution, tuple(held)
        self.eager_split = eager_split  # split the cases that leaves_early names, unasked
        self.rules, self.solver, self.fan, self.log = dict(rules), solver, fan, log
        self.case_time_limit, self.deadline, self.on_case = case_time_limit, deadline, on_case
        self.order = [*self.held, *sorted(
            (label for label in solution.paths if label not in self.held),
            key=lambda label: (-len(solution.paths[label]), label))]
        self.jobs: list[Callable[[], Any]] = []
        self.asked: list[tuple[Cut, ...]] = []
        self.ended: list[FinalCase] = []
        self.open = 0  # cases neither proven nor split
        self.second: Solution | None = None

    def key(self, cuts: Sequence[Cut]) -> str:
        return case_fingerprint(self.puzzle, self.solution, self.held, self.rules, cuts)

    def end(self, case: FinalCase) -> None:
        self.ended.append(case)
        if self.on_case is not None:
            self.on_case(case)

    def add(self, cuts: tuple[Cut, ...], presplit: int = 0) -> None:
        """Queue the case ``cuts``, or take it from the log, or split it at once
        (``presplit`` > 0 levels still to split before asking, or ``eager_split`` and
        the case :func:`leaves_early`; a case the log has proven is taken from it)."""
        smaller = self.smaller(cuts) if presplit > 0 else []
        if smaller:
            self.end(FinalCase(cuts, "split", 0.0, 0.0, split=True))
            for case in smaller:
                self.add(case, presplit - 1)
            return
        if self.log is not None:
            key = self.key(cuts)
            if self.log.proven(key):
                self.end(FinalCase(cuts, "unique", 0.0, 0.0, from_log=True))
                return
            if self.log.was_split(key):
                self.end(FinalCase(cuts, "timeout", 0.0, 0.0, split=True, from_log=True))
                for piece in self.smaller(cuts):
                    self.add(piece)
                return
        if self.eager_split and leaves_early(cuts):
            self.end(FinalCase(cuts, "split", 0.0, 0.0, split=True))
            for piece in self.smaller(cuts):
                self.add(piece)
            return
        self.open += 1
        self.asked.append(cuts)
        self.jobs.append(partial(_ask_case, self.puzzle, self.solution, self.held,
                                 self.rules, self.solver, cuts, self.case_time_limit,
                                 self.deadline))

    def late_first(self) -> None:
        """Reorder the cases waiting: most edges kept first, path by path in the order
        they were split along (:data:`CASE_ORDERS`)."""
        order = sorted(range(len(self.asked)),
                       key=lambda index: tuple(-cut.kept for cut in self.asked[index]))
        self.asked = [self.asked[index] for index in order]
        self.jobs = [self.jobs[index] for index in order]

    def smaller(self, cuts: tuple[Cut, ...]) -> list[tuple[Cut, ...]]:
        return split_case(cuts, self.solution, self.order, self.held, self.fan)

    def take(self, index: int, outcome: Outcome) -> bool:
        """One case's outcome; whether the search goes on."""
        cuts = self.asked[index]
        if outcome.status == "error":  # an exception in a search: a bug, not an answer
            raise InternalError(f"a case of the final search failed in its child process: "
                                f"{outcome.reason}")
        if outcome.status != "ok":  # killed at the time limit, or the child died
            answer = "timeout" if outcome.status == "killed" else "failed"
            self.end(FinalCase(cuts, answer, 0.0, 0.0))
            return outcome.status != "killed"
        answer, second, seconds, cpu = outcome.value
        if answer == "second":
            self.second = self.verified(second)
            self.end(FinalCase(cuts, answer, seconds, cpu))
            return False
        if answer == "unique":
            self.open -= 1
            self.end(FinalCase(cuts, answer, seconds, cpu))
            if self.log is not None:
                self.log.add_step(self.key(cuts), {"cuts": cuts_json(cuts),
                                                   "seconds": round(seconds, 3),
                                                   "cpu_seconds": round(cpu, 3)})
            return not self.deadline.expired()
        smaller = self.smaller(cuts) if not self.deadline.expired() else []
        self.end(FinalCase(cuts, "timeout", seconds, cpu, split=bool(smaller)))
        if smaller:
            self.open -= 1
            if self.log is not None:
                self.log.add_split(self.key(cuts), {"cuts": cuts_json(cuts),
                                                    "seconds": round(seconds, 3)})
            for piece in smaller:
                self.add(piece)
        return not self.deadline.expired()

    def verified(self, paths: dict[str, list[Cell]] | None) -> Solution:
        """A second solution sent by a child, checked here."""
        if paths is None:  # pragma: no cover - "second" always carries its paths
            raise InternalError("a case found a second solution but sent no paths")
        second = Solution(self.puzzle.width, self.puzzle.height, paths)
        problems = verify(self.puzzle, second, **self.rules)
        if problems or second == self.solution:  # pragma: no cover - verified in the child
            raise InternalError("a case's second solution does not solve the puzzle: "
                                + (problems[0] if problems else "it is the known one"))
        return second


def case_state(
    puzzle: Puzzle,
    solution: Solution,
    held: Sequence[str],
    *,
    rules: Mapping[str, bool],
    log: str | os.PathLike[str] | ChainLog,
    fan: int = DEFAULT_CASE_FAN,
    presplit: int = 0,
    case_order: str = "made",
    eager_split: bool = False,
) -> CaseState:
    """Where :func:`split_final_search` with these arguments would stand on ``log``,
    without asking any case: the very tree of cases it would walk (the same cases,
    fingerprints and splitting), read back from the log. A log written for another
    solution, rules or library version leaves every case pending and every record
    unused.

    >>> import os, tempfile
    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    >>> s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    >>> log = os.path.join(tempfile.mkdtemp(), "cases.jsonl")
    >>> [[cut.describe() for cut in cuts]
    ...  for cuts in case_state(p, s, ["1"], rules={"fill": False}, log=log, presplit=1).pending]
    [['1 leaves at edge 1'], ['1 leaves at edge 2']]
    >>> _ = split_final_search(p, s, ["1"], rules={"fill": False}, case_time_limit=10,
    ...                        presplit=1, log=log)
    >>> state = case_state(p, s, ["1"], rules={"fill": False}, log=log, presplit=1)
    >>> len(state.proven), len(state.split), state.split_at_once, state.pending, state.unused
    (2, 0, 1, (), 0)
    """
    _check_splitting(solution, held, fan, presplit, case_order, eager_split)
    chain_log = log if isinstance(log, ChainLog) else ChainLog(log)
    cases = _Cases(puzzle, solution, held, rules, DEFAULT_SOLVER, None, Deadline(None), fan,
                   chain_log, None, eager_split)
    cases.add((), presplit)
    if case_order == "late-first":
        cases.late_first()
    seen = {cases.key(case.cuts) for case in cases.ended if case.from_log}

    def logged(case: FinalCase) -> FinalCase:
        facts = chain_log.facts(cases.key(case.cuts)) or {}
        return FinalCase(case.cuts, case.answer, float(facts.get("seconds", 0.0)),
                         float(facts.get("cpu_seconds", 0.0)), case.split, from_log=True)

    return CaseState(
        proven=tuple(logged(case) for case in cases.ended if case.answer == "unique"),
        split=tuple(logged(case) for case in cases.ended if case.answer == "timeout"),
        split_at_once=sum(case.answer == "split" for case in cases.ended),
        pending=tuple(cases.asked),
        unused=len(chain_log.recorded() - seen))


def leaves_early(cuts: Sequence[Cut]) -> bool:
    """Whether the case ``cuts`` is one ``eager_split`` splits at once: its last cut is
    a run of more than one edge that starts at its path's first edge.

    >>> leaves_early((Cut("6", 0, 8),)), leaves_early((Cut("6", 0, 1),))
    (True, False)
    >>> leaves_early((Cut("6", 0, 1), Cut("15", 3, 9))), leaves_early(())
    (False, False)
    """
    return bool(cuts) and cuts[-1].kept == 0 and cuts[-1].upto > 1


def check_case_order(case_order: object) -> None:
    """Raise :class:`~numberlink_sat.errors.InvalidArgumentError` unless ``case_order``
    is one of :data:`CASE_ORDERS`.

    >>> check_case_order("late-first")
    """
    if case_order not in CASE_ORDERS:
        raise InvalidArgumentError(f"case_order must be one of {', '.join(CASE_ORDERS)}, "
                                   f"got {case_order!r}")


def check_eager_split(eager_split: object) -> None:
    """Raise :class:`~numberlink_sat.errors.InvalidArgumentError` unless ``eager_split``
    is a bool.

    >>> check_eager_split(True)
    """
    if not isinstance(eager_split, bool):
        raise InvalidArgumentError(f"eager_split must be True or False, got {eager_split!r}")


def _check_splitting(solution: Solution, held: Sequence[str], fan: object,
                     presplit: object, case_order: object, eager_split: object) -> None:
    """Refuse the arguments of :func:`split_final_search` that make no sense."""
    unknown = [label for label in held if label not in solution.paths]
    if unknown:
        raise InvalidArgumentError(f"no path labelled {unknown[0]!r} in the solution")
    if isinstance(fan, bool) or not isinstance(fan, int) or fan < 2:
        raise InvalidArgumentError(f"fan must be a whole number >= 2, got {fan!r}")
    if isinstance(presplit, bool) or not isinstance(presplit, int) or presplit < 0:
        raise InvalidArgumentError(f"presplit must be a whole number >= 0, got {presplit!r}")
    check_case_order(case_order)
    check_eager_split(eager_split)


def cuts_json(cuts: Sequence[Cut]) -> list[list[Any]]:
    """A case's cuts as JSON lists ``[label, kept, upto]`` (the log, the key, ``--json``).

    >>> cuts_json([Cut("6", 0, 8)])
    [['6', 0, 8]]
    """
    return [[cut.label, cut.kept, cut.upto] for cut in cuts]


def split_final_search(  # noqa: PLR0913
    puzzle: Puzzle,
    solution: Solution,
    held: Sequence[str],
    *,
    rules: Mapping[str, bool],
    case_time_limit: float | None,
    deadline: Deadline | None = None,
    solver: str = DEFAULT_SOLVER,
    workers: int = 1,
    log: str | os.PathLike[str] | ChainLog | None = None,
    fan: int = DEFAULT_CASE_FAN,
    presplit: int = 0,
    on_case: Callable[[FinalCase], None] | None = None,
    case_order: str = "made",
    eager_split: bool = False,
) -> SplitSearch:
    """The final search (a solution other than ``solution`` that changes every ``held``
    path) in cases (module docstring): the whole search first, each case that runs past
    ``case_time_limit`` seconds split into smaller ones, ``workers`` cases at a time in
    child processes, until every case is proven, a second solution is found (verified)
    or ``deadline`` passes ("undecided"). ``presplit``: levels of cases split before any
    is asked (1: skip the whole search, known to be long). ``log``: a path (or
    :class:`ChainLog`) where proven and split cases are kept, and taken from on a later
    run. ``on_case`` sees every case as it ends. ``case_order``: one of
    :data:`CASE_ORDERS`, the order the cases waiting at the start are asked in.
    ``eager_split``: split at once, without asking, every case whose path leaves within
    a run of edges from its first (:func:`leaves_early`; module docstring).
    """
    deadline = deadline or Deadline(None)
    Deadline(case_time_limit)  # raises for a negative or non-number limit
    _check_splitting(solution, held, fan, presplit, case_order, eager_split)
    chain_log = ChainLog(log) if log is not None and not isinstance(log, ChainLog) else log
    cases = _Cases(puzzle, solution, held, rules, solver, case_time_limit, deadline, fan,
                   chain_log, on_case, eager_split)
    cases.add((), presplit)
    if case_order == "late-first":
        cases.late_first()
    limit = deadline.remaining()
    kill_at = None if limit is None else time.perf_counter() + limit + KILL_GRACE
    run_forked(cases.jobs, workers, on_outcome=cases.take, kill_at=kill_at)
    if cases.second is not None:
        return SplitSearch("multiple", cases.second, tuple(cases.ended))
    failed = any(case.answer in ("timeout", "failed") and not case.split
                 for case in cases.ended)
    verdict = "unique" if cases.open == 0 and not failed else "undecided"
    return SplitSearch(verdict, None, tuple(cases.ended))
