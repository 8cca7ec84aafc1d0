"""The complete second search without fill asked in *gap cubes*: many small searches
that can run on several cores and resume, instead of one long one.

A *detour gap* is a used edge ``a-d`` of a unit square whose two other cells lie on no
path (:meth:`~.encode.NumberlinkEncoding.detour_gap_literals` makes one literal per
square side that can be one). Number those sides in the reverse of board order
(position 0 is the last side of the bottom-right square). Every solution either has no
gap at all (the *gap-free part*) or has a first gap in that order, at some position
``p``: the cube ``(p,)`` is "a gap at ``p``, none before it". So the gap-free part and
the ``n`` cubes ``(p,)`` do not overlap and cover every solution.

A cube that runs past its time (``cube_time_limit`` seconds of CPU) is cut again by its
*next* gap: the cube ``P`` (gaps at the positions ``P``, none at any other position
before the last of ``P``) is the *closed* cube "``P`` and no other gap at all" and the
cubes ``P + (q,)`` for every ``q`` after the last of ``P``. Two cheap steps prune those
children before any is asked: unit propagation (a child whose gap the cube's
assumptions already rule out), and *blocks*: one search "some gap at ``a`` or later"
(a single clause behind a fresh literal), which, when it has no solution, drops every
child from ``a`` on.

**Why the verdict stays exact.** The cubes are a case split of the very search the
solver would ask (:meth:`~.nikoli_phases.NikoliPhases._second_search`, the *least*
second solution on a board whose known solution fills it), made by adding assumptions
over literals whose definitions constrain nothing else; each cube's search is that
search under them. So "no solution in the gap-free part nor in any cube" is "no
second solution". A cube that runs out of time is never counted proven: it is cut, and
a closed cube (which cannot be cut by gaps) that runs past ``20 x cube_time_limit``
leaves the verdict "undecided". A second solution found in any cube is verified against
the puzzle here. Tests compare the verdicts with exhaustive counts on small boards
under the rule variants, with cube limits small enough that cutting and blocks are used.

**Resuming.** With a ``log`` (:class:`~numberlink_sat.numberlink.chain_log.ChainLog`),
every cube proven, cut or blocked is written as it ends, named by a SHA-256 of the board,
the rules, the known solution, the cube and the library's version; a later run takes
them from the log (a cube once cut is cut again at once, without being asked).

Measured on the hand-made 26x26 and 42x25 (``docs/encoding.md``, "Gap cubes"): almost
every cube ends in milliseconds; the hard ones lie along the bottom border.

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> p = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
>>> s = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]})
>>> split = gap_split_search(p, s, rules={"fill": False})
>>> split.verdict, split.second is not None
('multiple', True)
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.fanout import KILL_GRACE, Outcome, run_forked
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.chain_log import ChainLog, question_fingerprint
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.search_state import SearchState
from numberlink_sat.numberlink.solve import NumberlinkSolver
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import CpuBudget, Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["DEFAULT_CUBE_TIME_LIMIT", "GapCube", "GapSplit", "gap_split_search"]

_log = logging.getLogger(__name__)

DEFAULT_CUBE_TIME_LIMIT = 3.0
"""CPU seconds a cube may take before it is cut by its next gap (measured on the
26x26: most cubes end in milliseconds, and those past 3 s rarely end by 60 s)."""

PROGRESS_SECONDS = 30.0
"""How often (at most) a worker logs its progress, in seconds."""

CLOSED_FACTOR = 20
"""A closed cube may take this many times ``cube_time_limit`` (it cannot be cut)."""

BLOCK_STEPS = (64, 256, 1024)
"""Where the blocks of a cut cube start: this many positions after its last gap."""


@dataclass(frozen=True)
class GapCube:
    """Gaps at the positions ``gaps`` (increasing), none at any other position before
    the last of them; ``closed``: no other gap at all (``()`` closed: the gap-free
    part).

    >>> GapCube((3,)).assumptions([10, 11, 12, 13, 14])
    [13, -10, -11, -12]
    >>> GapCube((1, 3), closed=True).assumptions([10, 11, 12, 13, 14])
    [11, 13, -10, -12, -14]
    >>> GapCube((), closed=True).describe(), GapCube((3, 7)).describe()
    ('no gap at all', 'first gaps at 3, 7')
    """

    gaps: tuple[int, ...]
    closed: bool = False

    def assumptions(self, literals: Sequence[int]) -> list[int]:
        """The cube as assumptions over the gap literals (``literals[q]``: position q)."""
        top = len(literals) if self.closed else self.gaps[-1]
        inside = set(self.gaps)
        return [*(literals[q] for q in self.gaps),
                *(-literals[q] for q in range(top) if q not in inside)]

    def describe(self) -> str:
        """The cube in words."""
        if not self.gaps:
            return "no gap at all"
        where = ", ".join(map(str, self.gaps))
        return f"gaps at {where} and no other" if self.closed else f"first gaps at {where}"


@dataclass
class GapSplit:
    """What :func:`gap_split_search` found: ``verdict`` "unique", "multiple" (with
    ``second``, verified) or "undecided"; how many searches were ``asked`` (cubes and
    blocks), how many cubes were ``proven`` (by a search; ``from_log``: by an earlier
    run's) or ``refuted`` by unit propagation when they were to be cut, how many were
    ``cut`` after running past their time, how many children were ``pruned`` (by
    propagation or a block), how many ``blocks`` held, the ``sides`` of the gap order,
    the ``seconds`` and CPU seconds (this process and the workers), and the cubes left
    ``open``."""

    verdict: str
    second: Solution | None = None
    sides: int = 0
    asked: int = 0
    proven: int = 0
    refuted: int = 0
    from_log: int = 0
    cut: int = 0
    pruned: int = 0
    blocks: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    open: list[GapCube] = field(default_factory=list)


def cube_fingerprint(puzzle: Puzzle, solution: Solution, rules: Mapping[str, bool],
                     cube: GapCube, block_from: int | None = None) -> str:
    """The SHA-256 (hex) naming one cube's question (or, with ``block_from``, its block
    "some gap at ``block_from`` or later") by this library version."""
    return question_fingerprint("gap cube", puzzle, solution, rules, gaps=list(cube.gaps),
                                closed=cube.closed, block_from=block_from)


class _CubeWalk:
    """One worker's cubes, walked depth first inside one solver: the second search's
    stand-in (:attr:`~.nikoli_phases.NikoliPhases.second_search_in_pieces`)."""

    def __init__(self, engine: NumberlinkSolver, puzzle: Puzzle, solution: Solution,
                 rules: Mapping[str, bool], tops: list[GapCube], cube_time_limit: float,
                 log: ChainLog | None, presplit: int = 0,
                 block_steps: Sequence[int] = BLOCK_STEPS) -> None:
        self.engine, self.puzzle, self.solution, self.rules = engine, puzzle, solution, rules
        self.stack = tops[::-1]
        self.cube_time_limit, self.log = cube_time_limit, log
        self.presplit, self.block_steps = presplit, tuple(block_steps)
        self.counts = {"asked": 0, "proven": 0, "refuted": 0, "from_log": 0, "cut": 0,
                       "pruned": 0, "blocks": 0}
        self.open: list[GapCube] = []
        self.literals: list[int] = []
        self.current: GapCube | None = None  # the cube being asked or cut
        self.reported = time.perf_counter()

    def left(self) -> list[GapCube]:
        """The cubes not proven: those left open, the one being asked, those waiting."""
        now = [] if self.current is None else [self.current]
        return [*self.open, *now, *self.stack[::-1]]

    def key(self, cube: GapCube, block_from: int | None = None) -> str:
        return cube_fingerprint(self.puzzle, self.solution, self.rules, cube, block_from)

    def __call__(self, state: SearchState, name: str,
                 assumptions: list[int]) -> Solution | str | None:
        engine = self.engine
        enc, session = engine.encoding, engine.session
        assert enc is not None and session is not None
        _sides, board_order, clauses = enc.detour_gap_literals()
        session.add_clauses(clauses)
        self.literals = board_order[::-1]
        _log.info("the %s second search in gap cubes: %d sides, %d cubes to start from",
                  name, len(self.literals), len(self.stack))
        while self.stack:
            self.current = cube = self.stack.pop()
            found = self._ask(state, assumptions, cube)
            self.current = None
            if found is not None:
                return found
        return None

    def _ask(self, state: SearchState, assumptions: list[int],
             cube: GapCube) -> Solution | None:
        """One cube: proven (nothing to return), cut (its children pushed), left open
        (a closed cube past its time) or a solution."""
        key = self.key(cube)
        if self.log is not None and self.log.proven(key):
            self.counts["from_log"] += 1
            return None
        if (self.log is not None and self.log.was_split(key)) or (
                not cube.closed and len(cube.gaps) < self.presplit):
            return self._cut(state, assumptions, cube, asked=False)
        cube_assumptions = [*assumptions, *cube.assumptions(self.literals)]
        limit = self.cube_time_limit * (CLOSED_FACTOR if cube.closed else 1)
        started, cpu = time.perf_counter(), time.process_time()
        self.counts["asked"] += 1
        found = self.engine._search(state, cube_assumptions, CpuBudget(limit))
        facts = {"gaps": list(cube.gaps), "closed": cube.closed,
                 "seconds": round(time.perf_counter() - started, 3),
                 "cpu_seconds": round(time.process_time() - cpu, 3)}
        if found is None:
            self.counts["proven"] += 1
            if self.log is not None:
                self.log.add_step(key, facts)
            if time.perf_counter() - self.reported > PROGRESS_SECONDS:
                self.reported = time.perf_counter()
                _log.info("gap cubes: %d proven, %d cut, %d waiting; now at %s",
                          self.counts["proven"], self.counts["cut"], len(self.stack),
                          cube.describe())
            return None
        if isinstance(found, Solution):
            return found
        if cube.closed:
            self.open.append(cube)
            return None
        if self.log is not None:
            self.log.add_split(key, facts)
        return self._cut(state, assumptions, cube, asked=True)

    def _cut(self, state: SearchState, assumptions: list[int], cube: GapCube, *,
             asked: bool) -> Solution | None:
        """Push the closed cube and the children of ``cube`` that propagation and the
        blocks leave."""
        self.counts["cut"] += asked
        _log.info("gap cube %s cut (%d proven so far, %d waiting)", cube.describe(),
                  self.counts["proven"], len(self.stack))
        session = self.engine.session
        assert session is not None
        literals, last = self.literals, cube.gaps[-1]
        implied = session.implied_by_propagation([*assumptions,
                                                  *cube.assumptions(literals)])
        if implied is None:  # the cube itself is refuted
            self.counts["refuted"] += 1
            return None
        end = len(literals)
        for step in self.block_steps:
            start = last + step
            if start >= end:
                break
            answer = self._block(state, assumptions, cube, start)
            if isinstance(answer, Solution):
                return answer
            if answer is None:
                end = start
                break
        children = [GapCube((*cube.gaps, q)) for q in range(last + 1, end)
                    if -literals[q] not in implied]
        self.counts["pruned"] += len(literals) - last - 1 - len(children)
        self.stack.extend([GapCube(cube.gaps, closed=True), *children][::-1])
        return None

    def _block(self, state: SearchState, assumptions: list[int], cube: GapCube,
               start: int) -> Solution | str | None:
        """The cube with "some gap at ``start`` or later": ``None`` when it has no
        solution (then no child from ``start`` on has one)."""
        key = self.key(cube, start)
        if self.log is not None and self.log.proven(key):
            self.counts["blocks"] += 1
            return None
        engine = self.engine
        assert engine.encoding is not None and engine.session is not None
        guard = engine.encoding.pool.new()
        engine.session.add_clause([-guard, *self.literals[start:]])
        inside = set(cube.gaps)
        block_assumptions = [*assumptions, *(self.literals[q] for q in cube.gaps),
                             *(-self.literals[q] for q in range(start) if q not in inside),
                             guard]
        self.counts["asked"] += 1
        found = engine._search(state, block_assumptions, CpuBudget(self.cube_time_limit))
        if found is None:
            self.counts["blocks"] += 1
            if self.log is not None:
                self.log.add_step(key, {"gaps": list(cube.gaps), "block_from": start})
        return found


def _ask_worker(puzzle: Puzzle, solution: Solution, rules: Mapping[str, bool],  # noqa: PLR0913
                solver: str, tops: list[GapCube], cube_time_limit: float,
                deadline: Deadline, log_path: str | None, presplit: int,
                block_steps: Sequence[int], window_search: bool) -> dict[str, Any]:
    """One worker's share of the cubes in one solver (run in a child process)."""
    started, cpu = time.perf_counter(), time.process_time()
    log = ChainLog(log_path) if log_path is not None else None
    report: dict[str, Any] = {"second": None, "sides": 0, "counts": {},
                              "open": [[list(c.gaps), c.closed] for c in tops]}
    try:
        with NumberlinkSolver(puzzle, fill=rules.get("fill", True),
                              no_touch=rules.get("no_touch", False),
                              no_2x2=rules.get("no_2x2", False), solver=solver,
                              time_limit=deadline.left(),
                              window_search=window_search) as engine:
            walk = _CubeWalk(engine, puzzle, solution, rules, tops, cube_time_limit, log,
                             presplit, block_steps)
            engine.second_search_in_pieces = walk
            try:
                found = list(engine.solutions(2, known=[solution]))
                left = walk.open
            except SolveTimeout:
                found, left = [solution], walk.left() if walk.literals else tops
            second = found[1] if len(found) > 1 else None
            report.update(
                second=None if second is None else
                {label: list(path) for label, path in second.paths.items()},
                open=[[list(c.gaps), c.closed] for c in left],
                sides=len(walk.literals), counts=walk.counts)
    except SolveTimeout:  # the time ran out while the solver was being built
        pass
    report.update(seconds=time.perf_counter() - started,
                  cpu_seconds=time.process_time() - cpu)
    return report


def gap_split_search(  # noqa: PLR0913
    puzzle: Puzzle,
    solution: Solution,
    *,
    rules: Mapping[str, bool],
    cube_time_limit: float = DEFAULT_CUBE_TIME_LIMIT,
    deadline: Deadline | None = None,
    solver: str = DEFAULT_SOLVER,
    workers: int = 1,
    log: str | os.PathLike[str] | None = None,
    on_worker: Callable[[int, dict[str, Any]], None] | None = None,
    presplit: int = 0,
    block_steps: Sequence[int] = BLOCK_STEPS,
    window_search: bool = True,
) -> GapSplit:
    """Whether ``puzzle`` has a solution other than ``solution`` under ``rules``, the
    second search asked in gap cubes (module docstring) on ``workers`` child processes
    (each takes every ``workers``-th cube, in one solver), until every cube is proven, a
    second solution is found (verified) or ``deadline`` passes ("undecided", with the
    cubes left ``open``). ``log``: a path where the cubes proven and cut are kept and
    taken from on a later run. ``on_worker`` sees each worker's report as it ends.
    Where the library does not ask the Nikoli second search (under fill, with
    ``no_touch``, or on boards under :data:`~.solve.STRENGTHEN_MIN_CELLS` cells) no
    cube is asked: each worker decides with the library's own searches (``asked`` 0).
    ``presplit``: cut every cube with fewer gaps than this at once, without asking it.
    ``block_steps``: where a cut cube's blocks start, past its last gap
    (:data:`BLOCK_STEPS`). ``window_search``: whether each worker's solver first
    looks for a second solution in small windows round the known one (what it learns
    there helps the cubes; a second solution there ends the search at once).
    """
    deadline = deadline or Deadline(None)
    Deadline(cube_time_limit)  # raises for a negative or non-number limit
    if not isinstance(cube_time_limit, (int, float)) or cube_time_limit <= 0:
        raise InvalidArgumentError(f"cube_time_limit must be a positive number of seconds, "
                                   f"got {cube_time_limit!r}")
    for name, value, least in (("workers", workers, 1), ("presplit", presplit, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidArgumentError(f"{name} must be a whole number >= {least}, "
                                       f"got {value!r}")
    problems = verify(puzzle, solution, **rules)
    if problems:
        raise InvalidArgumentError(f"the known solution does not solve the puzzle: "
                                   f"{problems[0]}")
    log_path = None if log is None else ChainLog(log).path  # a bad log fails here
    sides = _side_count(puzzle, rules)
    tops = [GapCube((), closed=True), *(GapCube((p,)) for p in range(sides))]
    jobs = [lambda share=tops[w::workers]: _ask_worker(
        puzzle, solution, rules, solver, share, cube_time_limit, deadline, log_path,
        presplit, tuple(block_steps), window_search)
        for w in range(min(workers, len(tops)))]
    split = GapSplit("unique", sides=sides)
    started, cpu = time.perf_counter(), time.process_time()

    def take(index: int, outcome: Outcome) -> bool:
        if outcome.status == "error":
            raise InternalError(f"a worker of the gap split failed: {outcome.reason}")
        if outcome.status != "ok":  # killed at the time limit, or the child died
            split.verdict = "undecided"
            split.open.extend(tops[index::workers])
            return outcome.status != "killed"
        report = outcome.value
        if on_worker is not None:
            on_worker(index, report)
        for name, count in report["counts"].items():
            setattr(split, name, getattr(split, name) + count)
        split.cpu_seconds += report["cpu_seconds"]
        split.open.extend(GapCube(tuple(gaps), closed) for gaps, closed in report["open"])
        if report["second"] is not None:
            split.second = _verified(puzzle, solution, rules, report["second"])
            split.verdict = "multiple"
            return False
        return True

    limit = deadline.remaining()
    kill_at = None if limit is None else time.perf_counter() + limit + KILL_GRACE
    run_forked(jobs, workers, on_outcome=take, kill_at=kill_at)
    split.seconds = time.perf_counter() - started
    split.cpu_seconds += time.process_time() - cpu
    if split.verdict == "unique" and split.open:
        split.verdict = "undecided"
    return split


def _side_count(puzzle: Puzzle, rules: Mapping[str, bool]) -> int:
    """How many square sides the gap order has on this board under these rules."""
    from numberlink_sat.numberlink.encode import NumberlinkEncoding
    from numberlink_sat.numberlink.rules import RuleOptions
    options = RuleOptions(fill=rules.get("fill", True), no_touch=rules.get("no_touch", False),
                          no_2x2=rules.get("no_2x2", False))
    return len(NumberlinkEncoding(puzzle, options).detour_gap_literals()[0])


def _verified(puzzle: Puzzle, solution: Solution, rules: Mapping[str, bool],
              paths: dict[str, list[Cell]]) -> Solution:
    """A second solution sent by a worker, checked here."""
    second = Solution(puzzle.width, puzzle.height, paths)
    problems = verify(puzzle, second, **rules)
    if problems or second == solution:  # pragma: no cover - verified in the child
        raise InternalError("a gap cube's second solution does not solve the puzzle: "
                            + (problems[0] if problems else "it is the known one"))
    return second
