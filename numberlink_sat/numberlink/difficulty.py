"""How hard a puzzle is, from the deductions it needs (not from solver time).

The score is computed on the rule engine of :mod:`.deduce` (edge states and the
game's rules, no SAT), so a faster encoding elsewhere never moves it:

1. *propagation*: the rules applied to a fixpoint, counting rounds;
2. when propagation stalls, a *one-step lookahead*: assume an undecided edge at the
   tip of a line (an end, or a cell with one used edge) used, or unused, and
   propagate; a contradiction decides the edge the other way. Edges are tried in
   board order; each decision found is one lookahead step;
3. when no one-step lookahead helps, a *two-step lookahead*: inside an assumption,
   one-step lookaheads on the edges at the cells it changed;
4. what remains undecided after that needs search (or the puzzle is not unique), as
   does what is left when :data:`PROBE_BUDGET` trial propagations are spent (a count,
   not a time, so the score does not depend on the machine).

Scale (version :data:`DIFFICULTY_SCALE_VERSION`)::

    score = rounds + 5 * one-step steps + 25 * two-step steps
            + 100 * (1 + undecided edges / edges)        (only if not settled)

and the grade is the deepest lookahead used: ``propagation``, ``lookahead 1``,
``lookahead 2`` or ``search``. The procedure is deterministic: the same puzzle and
rules always give the same score.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> d = rate(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}))
>>> d.grade, d.score, d.settled
('propagation', 2.0, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from numberlink_sat.numberlink.deduce import (
    DEDUCTION_RULES_VERSION,
    UNKNOWN,
    UNUSED,
    USED,
    Board,
    Contradiction,
)
from numberlink_sat.numberlink.encode import RuleOptions
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.sat.deadline import Deadline

__all__ = [
    "DIFFICULTY_SCALE_VERSION",
    "GRADES",
    "PROBE_BUDGET",
    "Difficulty",
    "OutOfBudget",
    "ProbeBudget",
    "Step",
    "lookahead_step",
    "rate",
]

DIFFICULTY_SCALE_VERSION = 1
"""The version of the scale; scores of different versions are not comparable."""

GRADES = ("propagation", "lookahead 1", "lookahead 2", "search")
"""Grade by the deepest lookahead needed (index = depth; ``search``: not settled)."""

WEIGHTS = (1, 5, 25, 100)
"""Score weights: a propagation round, a one-step and a two-step lookahead step, and
the surcharge for a puzzle the lookaheads cannot settle."""


PROBE_BUDGET = 600
"""Trial propagations one rating may spend; past it the rest counts as search."""


@dataclass(frozen=True)
class Step:
    """One lookahead decision: ``edge`` gets ``value`` because the other value fails."""

    depth: int
    edge: int
    value: int
    why: str


@dataclass(frozen=True)
class Difficulty:
    """The deductions a puzzle needs, and its score on scale ``version``."""

    score: float
    grade: str
    depth: int
    rounds: int
    lookahead1: int
    lookahead2: int
    settled: bool
    unknown_left: int
    rules: str
    version: int
    seconds: float
    cpu_seconds: float
    solvable: bool = True

    def to_dict(self) -> dict[str, object]:
        """A plain dict for JSON."""
        return dict(self.__dict__)


class ProbeBudget:
    """A count of trial propagations left; deterministic, unlike a time limit."""

    def __init__(self, probes: int, deadline: Deadline | None = None) -> None:
        self.left = probes
        self.deadline = deadline

    def spend(self) -> None:
        """Use one trial; raises :class:`OutOfBudget` past the count, and
        :class:`~numberlink_sat.errors.SolveTimeout` past the deadline (which never
        changes a score: the rating either finishes as it would have or raises)."""
        self.left -= 1
        if self.left < 0:
            raise OutOfBudget
        if self.deadline is not None:
            self.deadline.check("rating the difficulty")


class OutOfBudget(Exception):
    """The trial propagations of a :class:`ProbeBudget` are spent."""


_UNLIMITED = ProbeBudget(1 << 62)


def _trial(board: Board, e: int, value: int,
           budget: ProbeBudget) -> tuple[Board, Contradiction | None]:
    """A copy of ``board`` with ``e = value`` propagated (one trial of the budget), and
    the contradiction it led to, if any."""
    budget.spend()
    trial = board.copy()
    try:
        trial.decide(e, value)
        trial.propagate()
    except Contradiction as exc:
        return trial, exc
    return trial, None


def _refutes(board: Board, e: int, value: int,
             budget: ProbeBudget = _UNLIMITED) -> Contradiction | None:
    """The contradiction that ``e = value`` leads to by propagation, or ``None``."""
    return _trial(board, e, value, budget)[1]


def _refutes_deep(board: Board, e: int, value: int,
                  budget: ProbeBudget = _UNLIMITED) -> Contradiction | None:
    """A contradiction of ``e = value`` found with one-step lookaheads inside it."""
    trial, failed = _trial(board, e, value, budget)
    if failed is not None:
        return failed
    changed = {c for f, s in enumerate(trial.state) if s != board.state[f]
               for c in trial.edges[f]}
    inner = sorted({f for c in changed for f in trial.at[c] if trial.state[f] == UNKNOWN})
    try:
        for f in inner:
            for v in (USED, UNUSED):
                if trial.state[f] == UNKNOWN and _refutes(trial, f, v, budget) is not None:
                    trial.why = "lookahead"
                    trial.decide(f, USED + UNUSED - v)
                    trial.propagate()
    except Contradiction as exc:
        return exc
    return None


def _at_a_tip(board: Board, e: int) -> bool:
    """Whether edge ``e`` touches a line's tip: an end, or a cell with one used edge."""
    return any(board.used[c] == 1 or board.end_label[c] >= 0 for c in board.edges[e])


def lookahead_step(board: Board, depth: int, start: int = 0,
                   budget: ProbeBudget = _UNLIMITED) -> Step | None:
    """Find and apply one lookahead decision of ``depth`` (1 or 2), scanning edges
    from ``start`` round the board; ``None`` when there is none.

    Raises :class:`~numberlink_sat.numberlink.deduce.Contradiction` when both values
    of an edge fail (the state has no solution).
    """
    refute = _refutes if depth == 1 else _refutes_deep
    m = len(board.state)
    for k in range(m):
        e = (start + k) % m
        if board.state[e] != UNKNOWN or not _at_a_tip(board, e):
            continue
        for value in (USED, UNUSED):
            failed = refute(board, e, value, budget)
            if failed is not None:
                board.why = f"lookahead {depth}"
                board.decide(e, USED + UNUSED - value)
                board.propagate()
                return Step(depth, e, USED + UNUSED - value, failed.why)
    return None


def rate(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    max_depth: int = 2,
    deadline: Deadline | None = None,
) -> Difficulty:
    """The difficulty of ``puzzle`` under the rule variant (see the module text).

    ``max_depth`` (0, 1 or 2) bounds the lookahead; a lower bound rates fewer puzzles
    as settled and is faster. ``deadline`` bounds the work (checked at every trial
    propagation): past it, :class:`~numberlink_sat.errors.SolveTimeout`; the score
    itself depends on the puzzle and the rules only.
    """
    if max_depth not in (0, 1, 2):
        raise ValueError(f"max_depth must be 0, 1 or 2, got {max_depth!r}")
    started, cpu = time.perf_counter(), time.process_time()
    board = Board(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    counts = [0, 0, 0]
    solvable = True
    budget = ProbeBudget(PROBE_BUDGET, deadline)
    try:
        board.propagate()
        depth = 1
        cursor = 0
        while depth <= max_depth and UNKNOWN in board.state:
            step = lookahead_step(board, depth, cursor, budget)
            if step is None:
                depth += 1
                continue
            counts[depth] += 1
            cursor = step.edge + 1
            depth = 1
    except Contradiction:
        solvable = False
    except OutOfBudget:
        pass
    left = board.state.count(UNKNOWN)
    settled = solvable and left == 0
    deepest = max((d for d in (1, 2) if counts[d]), default=0)
    if not settled:
        deepest = 3
    score = (WEIGHTS[0] * board.rounds + WEIGHTS[1] * counts[1] + WEIGHTS[2] * counts[2]
             + (0 if settled else WEIGHTS[3] * (1 + left / max(1, len(board.state)))))
    return Difficulty(
        score=round(float(score), 1), grade=GRADES[deepest], depth=deepest, rounds=board.rounds,
        lookahead1=counts[1], lookahead2=counts[2], settled=settled, unknown_left=left,
        rules=RuleOptions(fill, no_touch, no_2x2).describe(),
        version=DIFFICULTY_SCALE_VERSION * 100 + DEDUCTION_RULES_VERSION,
        seconds=time.perf_counter() - started, cpu_seconds=time.process_time() - cpu,
        solvable=solvable,
    )
