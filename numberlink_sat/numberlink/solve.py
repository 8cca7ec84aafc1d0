"""Solve Numberlink, enumerate distinct solutions, count them, prove uniqueness.

Every answer is checked by the independent verifier before it is returned; a verifier
complaint is a bug and raises ``AssertionError`` rather than passing a wrong answer on.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(2, 2, {"1": ((0, 0), (0, 1)), "2": ((1, 0), (1, 1))})
>>> solve(p).paths["2"]
((1, 0), (1, 1))
>>> count_solutions(p), is_unique(p)
(1, True)
>>> count_solutions(Puzzle(2, 2, {"1": ((0, 0), (1, 1))}), fill=False, limit=None)
2
"""

from __future__ import annotations

import itertools
import logging
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from numberlink_sat.beside import can_start_child
from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink import zdd
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.fill_proof import ProofWithoutFill, fills_board, some_touch
from numberlink_sat.numberlink.held_beside import HeldBeside
from numberlink_sat.numberlink.local import local_alternatives, shortcuts, u_turn_transfers
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.nikoli_phases import EDGE_BY_EDGE, NikoliPhases
from numberlink_sat.numberlink.precheck import prove_unsolvable
from numberlink_sat.numberlink.race import count_beside
from numberlink_sat.numberlink.search_state import SearchState
from numberlink_sat.numberlink.second_solver import SolverBeside
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.numberlink.windows import repair_models, window_models, window_sides
from numberlink_sat.sat.deadline import CpuBudget, Deadline, Heartbeat
from numberlink_sat.sat.session import Accept, Model, SatSession, SessionStats
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver

__all__ = [
    "EDGE_BY_EDGE", "FILL_FIRST_SECONDS", "FILL_FIRST_SHARE", "FULL_TURN_SECONDS",
    "GLANCE_MAX_CELLS", "GLANCE_SECONDS", "LARGER_WINDOWS", "LATE_AFTER_SECONDS",
    "LATE_WINDOWS", "LATE_WINDOW_FIRST_CAP", "LATE_WINDOW_SECONDS", "LATE_WINDOW_SHARE",
    "PROGRESS_SECONDS", "RACE_AFTER_SECONDS", "RACE_MIN_CELLS", "SECOND_SOLVER",
    "SECOND_SOLVER_AFTER", "SECOND_SOLVER_MAX_CELLS", "STRENGTHENED_SECONDS",
    "STRENGTHENED_SHARE", "STRENGTHEN_MAX_CELLS", "STRENGTHEN_MIN_CELLS", "WINDOW",
    "WINDOW_SECONDS", "WITHOUT_FILL_SECONDS", "WITHOUT_FILL_SHARE", "NumberlinkSolver",
    "count_solutions", "counted", "is_unique", "solutions", "solve"]

_log = logging.getLogger(__name__)

STRENGTHENED_SHARE = 0.5
"""Share of a time limit that the first try without U-turns may use."""

STRENGTHENED_SECONDS = 10.0
"""How long that first try may run. This and the other phase budgets below
(``*_SECONDS``) are CPU seconds of this process (:class:`CpuBudget`), so that
load on the machine does not change which phase answers; their ``*_SHARE`` of a time
limit is of the wall-clock time left, as the limit itself is."""

STRENGTHEN_MIN_CELLS = 65
"""Boards smaller than this (8x8 and smaller) are solved directly: the restricted
phases cost more than they save there (corpus boards of at most 64 cells, median
``count_solutions(limit=2)``: 6.6 against 19.6 ms of CPU without fill, 4.4 against
14.2 ms with fill, the worst 13 ms; from 65 to 100 cells the direct search has tails of
0.5-1.4 s, so the restricted phases stay there: ``docs/encoding.md``)."""

STRENGTHEN_MAX_CELLS = 100_000
"""Boards larger than this skip the strengthened first try: a second CNF costs more."""

RACE_AFTER_SECONDS = 1.0
"""How long (CPU seconds) counting runs SAT alone before the ZDD starts beside it. SAT goes on
in this process while the ZDD runs in a child (:class:`~numberlink_sat.numberlink.zdd.
ZddBeside`), so starting the ZDD costs the second core only, not SAT's progress. One
second: SAT alone decides most boards before then (the hand-made 13x13 and 14x14 in
0.4-1 s); other starts and waits measured: ``docs/encoding.md``."""

RACE_MIN_CELLS = 100
"""Boards smaller than this are counted by SAT alone (starting two processes costs more)."""

SECOND_SOLVER = "maplechrono"
"""The PySAT solver :func:`solve` runs beside the default one (CaDiCaL) when that one
has not answered within :data:`SECOND_SOLVER_AFTER` seconds. Their searches are
heavy-tailed in different places: on nine loose 20x20 boards (a Hamiltonian path cut
into 20 pieces) MapleChrono found a solution in 0.1-1.8 s on six, CaDiCaL on two, in
0.7-12 s; both failed on one."""

SECOND_SOLVER_AFTER = 1.0
"""How long (CPU seconds) :func:`solve` runs one solver alone before the second starts
beside it."""

SECOND_SOLVER_MAX_CELLS = 40_000
"""Boards with more cells than this get no second solver (a second encoding costs as
much memory as the first: a 1002 x 1002 board takes gigabytes)."""

WINDOW = 6
"""Side of the windows in which a second solution is first looked for."""

LARGER_WINDOWS = (10,)
"""Sides of the windows tried after :data:`WINDOW`'s, in the same budget (session 24)."""

WINDOW_SECONDS = 5.0
"""How long the window phase may run per solution before the global search (CPU s)."""

LATE_WINDOWS = (14,)
"""Sides of the windows tried once, late, round the first solution of a board still
undecided (session 25): under fill after the first turn of the second search without
fill, else after :data:`LATE_AFTER_SECONDS` of the second search."""

LATE_WINDOW_SECONDS = 10.0
"""The late windows may take this many CPU seconds, or as many as the search has taken
so far when that is more: they at most double a search's time (or add 10 s)."""

LATE_WINDOW_SHARE = 0.8
"""With a time limit, the late windows may take at most this share of the wall-clock
time it leaves (session 26; half until then, which left `inputs9` #30 undecided at a
limit of 10 s under fill although its sweep finds the second solution by 8 s)."""

LATE_WINDOW_FIRST_CAP = 1.0
"""The CPU seconds each late window may take in the first round of their sweep, four
times as many in each next round for those left open: one hard window does not hold up
the rest (``inputs9`` #30 without fill: 38 s on one window, 0.9 s on the one that holds
the second solution)."""

LATE_AFTER_SECONDS = 8.0
"""The CPU seconds of a second search that takes no turns (without fill, or under fill
with no second search without fill beside it) before the late windows."""

FILL_FIRST_SHARE = 0.2
"""Without fill: share of a time limit that the first try under fill may use."""

FILL_FIRST_SECONDS = 2.0
"""Without fill: how long the first try under fill may run at most (CPU s)."""

WITHOUT_FILL_SHARE = 0.5
"""Under fill: share of the time left that the second search without fill may use
(half: inside the SAT-alone window before a race, a quarter was too little)."""

WITHOUT_FILL_SECONDS = 4.0
"""Under fill: the most CPU seconds of the first turn of the second search without fill
(4 since the repairs: inputs4 #3's proof and Janko #175's repair need 2.5-3 s of it,
against 8 s more for the full search's turn first; ``docs/encoding.md``, fact 9)."""

FULL_TURN_SECONDS = 8.0
"""Under fill, once that first turn has run out: the CPU seconds of the full search's
first turn, after which the second search without fill gets as many (or
:data:`WITHOUT_FILL_SHARE` of the time left), then both double (:mod:`.fill_proof`)."""

GLANCE_SECONDS, GLANCE_MAX_CELLS = 0.1, 400
"""Under fill, on boards of up to ``GLANCE_MAX_CELLS`` cells: how long the full search
runs before the second search without fill (CPU s), whose solver costs small boards
more than their search (0.1 s and 400 cells since the transfer clauses of fact 8;
measurements in ``docs/encoding.md``, facts 6 and 8)."""

PROGRESS_SECONDS = 10.0
"""How often :func:`counted` calls its ``progress`` callback, in seconds."""

_TIMED_OUT = "timed out"


class NumberlinkSolver(NikoliPhases):
    """One puzzle, one rule variant, one incremental SAT solver.

    ``solutions()`` yields distinct verified solutions; cuts and blocking clauses stay in
    the solver, so asking for a second solution after the first costs one more search.
    ``stats`` tells what was done (variables, clauses, calls, cut rounds, times; in
    ``stats.extra["phases"]`` which phase found how many solutions, and in
    ``stats.extra["proof"]`` which search proved there are no more).
    ``unsolvable_reason`` is set when a cheap pre-check proved there is no solution.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> with NumberlinkSolver(Puzzle(3, 1, {"a": ((0, 0), (0, 2))})) as s:
    ...     [len(x.paths["a"]) for x in s.solutions()]
    [3]
    """

    # Kept whole (PLR0913): a public constructor; each option is a keyword of its own
    def __init__(  # noqa: PLR0913
        self,
        puzzle: Puzzle,
        *,
        fill: bool = True,
        no_touch: bool = False,
        no_2x2: bool = False,
        solver: str = DEFAULT_SOLVER,
        time_limit: float | None = None,
        deadline: Deadline | None = None,
        labels: str = "log",
        no_u_turn: bool = False,
        seed_strengthened: bool = True,
        window_search: bool = True,
        absorb_loops: bool = True,
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"expected a Puzzle, got {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.options = RuleOptions(
            fill=fill, no_touch=no_touch, no_2x2=no_2x2, labels=labels, no_u_turn=no_u_turn
        )
        check_solver(solver)
        self.deadline = deadline if deadline is not None else Deadline(time_limit)
        self.seed_strengthened = seed_strengthened
        self.window_search = window_search
        self.absorb_loops = absorb_loops
        self._unblocked: list[Solution] = []
        self._proof: ProofWithoutFill | None = None  # under fill, while it may still prove
        self._beside: SearchState | None = None  # the known solutions of another_beside
        self.selectors: dict[str, int] = {}
        self._restrictions: list[str] = []
        self.unsolvable_reason = prove_unsolvable(puzzle, fill=fill)
        if self.unsolvable_reason is not None:
            _log.info("pre-check: no solution: %s", self.unsolvable_reason)
        self.encoding: NumberlinkEncoding | None = None
        self.session: SatSession | None = None
        self.stats = SessionStats(solver=solver)
        if self.unsolvable_reason is None:
            self._build(solver)

    def _build(self, solver: str) -> None:
        puzzle = self.puzzle
        _log.info("%dx%d board, %s: building the CNF", puzzle.width, puzzle.height,
                  self.options.describe())
        started = time.perf_counter()
        self.encoding = NumberlinkEncoding(puzzle, self.options, self.deadline)
        encoded = time.perf_counter()
        self.session = SatSession(self.encoding, solver=solver, deadline=self.deadline)
        self.stats = self.session.stats
        self.stats.encode_seconds = encoded - started
        self._add_restrictions()
        self.stats.extra["load_seconds"] = time.perf_counter() - encoded
        self.stats.variables = self.encoding.num_vars
        self.stats.clauses = self.encoding.num_clauses
        _log.info(
            "CNF of %d variables and %d clauses built in %.2f s, loaded into %s in "
            "%.2f s", self.stats.variables, self.stats.clauses,
            self.stats.encode_seconds, solver, self.stats.extra["load_seconds"],
        )
        self.deadline.check("loading the solver")

    def _add_restrictions(self) -> None:
        """Decide which restrictions the phases may switch on (loaded on first use).

        ``u_turn``: no three edges of a unit square (not under ``no_touch``, which has
        them for good); ``fill``: every cell on a path (without fill); ``touch``: no
        path touches itself (without fill); ``gap``: no detour gap round a unit square
        (without fill, plain rules only); ``bypass`` and ``flip``: the clauses of a
        shortest and of a least second solution (plain rules, no fill); ``transfer``:
        no U-turn transfer to a lesser solution (fill, plain rules). Each is loaded
        into the solver behind a selector literal the first time a phase asks for it
        (:meth:`_selector`): clauses guarded by a selector that is not assumed are
        satisfied by making it false, so the rules asked for are unchanged; see
        ``docs/encoding.md`` for why each restricted search is complete or merely a
        first try."""
        options = self.options
        if not self.seed_strengthened or not _strengthen(self.puzzle):
            return
        names = [] if options.no_u_turn else ["u_turn"]
        if options.fill and not (options.no_touch or options.no_2x2):
            names.append("transfer")
        if not options.fill:
            names.append("fill")
            if not options.no_touch:
                names.append("touch")
            if not (options.no_touch or options.no_2x2):
                names += ["gap", "bypass", "flip"]
        self._restrictions = names

    def _selector(self, name: str) -> int | None:
        """The selector literal of a restriction, its clauses loaded on first use
        (``None``: the restriction does not apply)."""
        if name in self.selectors:
            return self.selectors[name]
        if name not in self._restrictions:
            return None
        enc, session = self.encoding, self.session
        assert enc is not None and session is not None
        self.selectors[name] = guard = enc.pool.new()
        if name == "u_turn":
            session.add_block(enc.u_turn_block(guard))
        else:
            build = {"fill": enc.fill_clauses, "touch": enc.touch_clauses,
                     "gap": enc.detour_gap_clauses, "bypass": enc.bypass_clauses,
                     "flip": enc.flip_clauses, "transfer": enc.transfer_clauses}[name]
            session.add_clauses(build(guard))
        return guard

    # -- the phases ------------------------------------------------------------------
    def solutions(self, limit: int | None = None,
                  known: Sequence[Solution] = ()) -> Iterator[Solution]:
        """Distinct solutions, verified, until ``limit`` (``None``: all) or none is left;
        ``known`` solutions (of these rules, found elsewhere) come first, verified.

        One solver serves every phase; restrictions are switched on by assumptions,
        so what it learns and every cut and blocking clause carry over. The phases:

        - without fill, a first try **under fill** (a solution that fills the board is
          a solution without fill too), for a short share of the time;
        - without fill, after the first solution, the **window searches** of it (other
          solutions that differ only inside a small window: a second solution of
          boards that have many, at once), then the rest of the Nikoli searches;
        - without fill, the **Nikoli searches** (:mod:`.nikoli_phases`): the first
          solution with no U-turn and (plain rules) no detour gap, then more solutions
          with no U-turn for as long as no solution found has a detour gap. Both are
          complete: their "no" is final (the proofs are in ``docs/encoding.md``); a
          detour gap gives a second solution by itself;
        - with fill, a first try **without U-turns** (a restriction that propagates far
          better, not complete) for up to :data:`STRENGTHENED_SHARE` of the time;
        - with fill, the **second search without fill** in turns (:mod:`.fill_proof`);
          a solution it finds that leaves cells empty is **repaired** where it can be:
          a fill solution that differs from it near its empty cells (:mod:`.windows`);
        - once, on a board still undecided after the first turn of that search (with
          fill) or :data:`LATE_AFTER_SECONDS` of a second search without turns, the
          **late windows**: larger ones (:data:`LATE_WINDOWS`) round the first
          solution;
        - the **full search** under exactly the rules asked for, which decides the
          rest, after two cheap sources: 2-opt neighbours of every solution
          (:mod:`~numberlink_sat.numberlink.local`) and solutions that differ from a
          known one only inside a small window (:mod:`.windows`).

        In every search, a model that still has detached loops is first made a
        solution by dropping them (without ``fill``) or absorbing them into paths
        (plain rules, :mod:`~numberlink_sat.numberlink.absorb`) before any cut round.
        """
        for number, solution in enumerate(known, 1):
            problems = verify(self.puzzle, solution, **self.options.as_kwargs())
            if problems:
                raise InvalidArgumentError(f"known solution {number} is not a solution "
                                           "under these rules: " + "; ".join(problems))
        if self.session is None:
            return
        state = SearchState(limit)
        for solution in known:
            if state.room() and solution not in state.seen:
                self._record(state, solution)
                state.window_queue.append(solution)
                yield solution
        phases = ((self._fill_first, self._nikoli_first, self._windows_first, self._nikoli_more)
                  if not self.options.fill
                  else (self._restricted_first, self._windows_first, self._without_fill))
        try:
            for phase in (*phases, self._full_search):
                if not state.room() or self._propagation_proof(state):
                    return
                yield from phase(state)
        finally:
            self._drop_proof()

    def _propagation_proof(self, state: SearchState) -> bool:
        """Whether unit propagation alone, under the exact rules with every solution
        found blocked, proves that none is left (``stats.extra["proof"]``: ``"unit
        propagation"``). Tried once per new solution and only while the solver has met
        no conflict: one propagation, where a forced board (a strip, a corridor) would
        otherwise pay for the restricted and window phases."""
        if not state.found or state.propagated == len(state.found):
            return False
        state.propagated = len(state.found)
        assert self.session is not None
        if self.session.conflicts() != 0:
            return False  # not a board that propagation settles (and the call perturbs)
        self._block_found()
        if not self.session.refuted_by_propagation():
            return False
        state.finished = True
        self.stats.extra["proof"] = "unit propagation"
        _log.info("unit propagation alone rules out any other solution (no search)")
        return True

    def _fill_first(self, state: SearchState) -> Iterator[Solution]:
        guard = self._selector("fill")
        if guard is None or state.found:
            return
        budget = self._budget(FILL_FIRST_SECONDS, FILL_FIRST_SHARE)
        _log.info("first try under fill, for up to %s", budget)
        # no U-turn either: a heuristic here (with fill it is not complete)
        u_turn = self._selector("u_turn")
        found = self._search(state, [guard] if u_turn is None else [guard, u_turn], budget)
        if isinstance(found, Solution):
            state.window_queue.append(found)
            yield from self._emit(state, found, "fill first")

    def _restricted_first(self, state: SearchState) -> Iterator[Solution]:
        guard = self._selector("u_turn")
        if guard is None:
            return
        phase_end = self._budget(STRENGTHENED_SECONDS, STRENGTHENED_SHARE)
        _log.info("first try without U-turns (a restriction), for up to %s", phase_end)
        while state.room():
            found = self._search(state, [guard], phase_end)
            if not isinstance(found, Solution):
                return
            state.window_queue.append(found)
            yield from self._emit(state, found, "no U-turn first")

    def _windows_first(self, state: SearchState) -> Iterator[Solution]:
        """The window searches of the solutions found, which find a second solution
        of boards that have many: under fill before the search without fill, without
        fill before the Nikoli second search (what was measured in its place:
        ``docs/encoding.md``, "Window search")."""
        while state.window_queue and self.window_search and state.room():
            yield from self._window_neighbours(state, state.window_queue.pop())

    def _without_fill(self, state: SearchState) -> Iterator[Solution]:
        """Under fill (plain rules): the least second search of the rules without fill
        beside the known solutions (:mod:`.fill_proof`), a first turn of up to
        :data:`WITHOUT_FILL_SECONDS`; the full search gives it more turns. A solution
        under fill is one without fill, so its "no" proves that the known solutions
        are all (``docs/encoding.md``); a solution it finds counts only when it fills
        the board, else the full search alone decides."""
        options = self.options
        yield from self._transfers(state)
        if (not state.found or not state.room() or options.no_touch or options.no_2x2
                or not self._restrictions or some_touch(self.puzzle, state.found)):
            return
        small = self.puzzle.width * self.puzzle.height <= GLANCE_MAX_CELLS
        glance = (self._search(state, self._full_guard(state),
                               self._budget(GLANCE_SECONDS, WITHOUT_FILL_SHARE))
                  if GLANCE_SECONDS > 0 and small else _TIMED_OUT)  # the full search, briefly
        if glance is None or isinstance(glance, Solution):
            yield from self._full_answer(state, glance, "full search at a glance")
            return
        budget = self._budget(WITHOUT_FILL_SECONDS, WITHOUT_FILL_SHARE)  # building counts
        relaxed = NumberlinkSolver(self.puzzle, fill=False, solver=self.stats.solver,
                                   deadline=self.deadline)
        self._proof = ProofWithoutFill(self.puzzle, relaxed, checked=len(state.found))
        yield from self._proof_turn(state, budget)
        yield from self._late_windows(state)

    def another_beside(self, known: Sequence[Solution], budget: CpuBudget | None = None,
                       assumptions: Sequence[int] = ()) -> tuple[str, Solution | str | None]:
        """Without fill: one call of the strongest complete second search beside
        ``known`` (verified solutions of these rules; each new one is recorded and
        blocked, and stays so for later calls): its name and a solution outside
        ``known``, ``None`` (there is none) or ``"timed out"`` (``budget`` ran out).
        With ``assumptions`` (literals of :attr:`encoding`, e.g. a cube of
        :class:`~numberlink_sat.sat.lookahead.Lookahead`) the search is told they
        hold: ``None`` then says there is none under them (a solution found keeps to
        them, unless it was made by absorbing a model's detached loops: it is then a
        solution beside ``known`` all the same).
        Under fill the restricted searches are not complete: a ``ValueError`` there."""
        if self.options.fill:
            raise ValueError("another_beside needs an engine without fill")
        if self.session is None:  # the pre-check proved there is no solution at all
            return "pre-check", None
        if self._beside is None:
            self._beside = SearchState(None)
        for solution in known:
            if solution not in self._beside.seen:
                self._record(self._beside, solution)
        name, guards = (("full", []) if self._selector("u_turn") is None
                        else self._second_search(self._beside))
        return name, self._search(self._beside, [*guards, *assumptions], budget)

    def beside_guards(self) -> list[int]:
        """The selector literals that :meth:`another_beside` assumes now (those of its
        strongest second search; ``[]`` before its first call or with no restriction):
        a :class:`~numberlink_sat.sat.lookahead.Lookahead` that assumes them propagates
        the same restrictions."""
        if self._beside is None or self._selector("u_turn") is None:
            return []
        return self._second_search(self._beside)[1]

    def _proof_turn(self, state: SearchState, budget: CpuBudget) -> Iterator[Solution]:
        """One turn of the proof without fill; it ends unless the budget ran out or it
        found a solution: under fill (one more), or not (a start for a repair)."""
        proof = self._proof
        assert proof is not None
        _log.info("second search without fill beside %d known (turn %d), for up to %s",
                  len(state.found), proof.turns + 1, budget)
        turn = proof.turn(state.found, budget)
        self.stats.extra["without fill turns"] = proof.turns
        if turn.outcome in ("partial", "no proof"):
            self.stats.extra["without fill"] = "no proof"
        repairing = turn.outcome == "partial" and self.window_search
        if turn.outcome == "found":
            assert turn.solution is not None  # verified under fill by _emit
            yield from self._emit(state, turn.solution, "without fill")
        elif repairing:
            assert turn.solution is not None  # verified without fill by the turn
            yield from self._window_neighbours(state, turn.solution, "repair")
        if turn.outcome == "proof":
            state.finished = True
            self.stats.extra["proof"] = f"{turn.search} search without fill"
        if turn.outcome in ("proof", "no proof", "partial") and not repairing:
            _log.info("second search without fill: %s", turn.outcome)  # its last turn
            self._drop_proof()

    def _drop_proof(self) -> None:
        if self._proof is not None:
            self._proof.close()
            self._proof = None

    def _budget(self, seconds: float, share: float) -> CpuBudget:
        """A phase's budget: ``seconds`` of CPU, and with a time limit no more than
        ``share`` of the wall-clock time left (the limit is the caller's promise)."""
        left = self.deadline.remaining()
        return CpuBudget(seconds, wall=None if left is None else max(0.0, share * left))

    def _full_search(self, state: SearchState) -> Iterator[Solution]:
        """The search under the exact rules, to the end; while the proof without fill
        is alive, in turns with it: :data:`FULL_TURN_SECONDS` of CPU, then as much to
        the proof, both doubled after each pair of turns."""
        seconds = FULL_TURN_SECONDS
        while state.room() and not self._propagation_proof(state):
            if state.window_queue and self.window_search:
                yield from self._window_neighbours(state, state.window_queue.pop())
                continue
            if state.transfers_checked < len(state.found):
                yield from self._transfers(state)
                continue
            alone = self._proof is None  # no turns: the late windows may interrupt it once
            found = self._search(state, self._full_guard(state), self._late_budget(state)
                                 if alone else self._budget(seconds, 1.0))
            if isinstance(found, str) and alone:
                yield from self._late_windows(state)
                continue
            if isinstance(found, str):  # its turn is over: the proof's turn
                yield from self._proof_turn(state, self._budget(seconds, WITHOUT_FILL_SHARE))
                seconds = max(2 * seconds, 0.05)  # a budget of 0 would never let one start
                continue
            yield from self._full_answer(state, found, "full search")

    def _transfers(self, state: SearchState) -> Iterator[Solution]:
        """Under fill: the U-turn transfers of new solutions (:func:`~.local.u_turn_transfers`)."""
        while state.transfers_checked < len(state.found) and state.room():
            solution = state.found[state.transfers_checked]
            state.transfers_checked += 1
            moves = u_turn_transfers(solution) if "transfer" in self._restrictions else ()
            for other in itertools.takewhile(lambda _: state.room(), moves):
                yield from self._emit(state, other, "U-turn transfer")

    def _full_guard(self, state: SearchState) -> list[int]:
        """What the full search assumes: under fill (plain rules), once every transfer
        of every solution found is found too, no transfer to a lesser solution (fact 8
        of ``docs/encoding.md``: the least solution outside the known ones has none).
        Not for a first solution: the switch walks' windows slowed down with them."""
        closed = 0 < state.transfers_checked == len(state.found)  # else no guard
        guard = self._selector("transfer") if closed else None
        self.stats.extra["transfer clauses"] = guard is not None
        return [] if guard is None else [guard]

    def _full_answer(self, state: SearchState, found: Solution | None,
                     phase: str) -> Iterator[Solution]:
        """What a full search said: no solution left (a proof), or one more."""
        if found is None:
            state.finished = True
            self.stats.extra["proof"] = phase
        else:
            state.window_queue.append(found)
            yield from self._emit(state, found, phase)

    # -- what the phases share --------------------------------------------------------
    def _emit(self, state: SearchState, solution: Solution, phase: str, *,
              checked: bool = False) -> Iterator[Solution]:
        """Yield a new solution (verified unless ``checked``), then its 2-opt neighbours."""
        if not checked and not self._fresh(state, solution):
            return
        phases = self.stats.extra.setdefault("phases", {})
        phases[phase] = phases.get(phase, 0) + 1
        _log.info("solution %d found (%s) and verified", len(state.found), phase)
        yield solution
        yield from self._neighbours(state)

    def _fresh(self, state: SearchState, solution: Solution) -> bool:
        """Record a solution not seen before after the verifier has checked it."""
        if solution in state.seen:
            return False
        problems = verify(self.puzzle, solution, **self.options.as_kwargs())
        if problems:  # pragma: no cover - an encoder bug, never a user error
            raise InternalError("invalid solution: " + "; ".join(problems))
        self._record(state, solution)
        return True

    def _record(self, state: SearchState, solution: Solution) -> None:
        """Record a verified solution: seen, found, blocked before the next search."""
        state.partial = state.partial or not fills_board(self.puzzle, solution)
        state.seen.add(solution)
        state.found.append(solution)
        self._unblocked.append(solution)  # blocked before the next search
        state.local_queue.append(solution)

    def _neighbours(self, state: SearchState) -> Iterator[Solution]:
        """2-opt neighbours of the solutions found (:mod:`.local`), while wanted."""
        while state.local_queue and state.room():
            solution = state.local_queue.pop()
            moves = local_alternatives(self.puzzle, solution, deadline=self.deadline,
                                       **self.options.as_kwargs())
            if not self.options.fill and not self.options.no_touch:
                moves = itertools.chain(moves, shortcuts(self.puzzle, solution))
            for other in moves:
                if not state.room():
                    return
                self.deadline.check("trying local moves")
                if self._fresh(state, other):
                    self.stats.extra["local_moves"] = self.stats.extra.get("local_moves", 0) + 1
                    yield other

    def _window_neighbours(self, state: SearchState, solution: Solution,
                           phase: str = "window") -> Iterator[Solution]:
        """Solutions that differ from ``solution`` in a window only (``"late"``: in a
        larger one), or (``"repair"``, under fill) only near the cells it leaves empty
        (:mod:`.windows`)."""
        enc, session = self.encoding, self.session
        assert enc is not None and session is not None
        self._block_found()
        if phase == "repair":
            models = repair_models(enc, session, solution, self.deadline)
        elif phase == "late":
            left = self.deadline.remaining()
            spent = time.process_time() - state.started
            models = window_models(enc, session, solution, self.deadline, window=LATE_WINDOWS,
                                   seconds=max(LATE_WINDOW_SECONDS, spent),
                                   wall=None if left is None else LATE_WINDOW_SHARE * left,
                                   first_cap=LATE_WINDOW_FIRST_CAP)
        else:
            models = window_models(enc, session, solution, self.deadline,
                                   window=(WINDOW, *LARGER_WINDOWS), seconds=WINDOW_SECONDS)
        for model in models:
            self.stats.extra[f"{phase}_hits"] = self.stats.extra.get(f"{phase}_hits", 0) + 1
            if not state.room():
                return
            found = enc.decode(model)
            if self._fresh(state, found):
                state.window_queue.append(found)
                yield from self._emit(state, found, phase, checked=True)

    def _late_pending(self, state: SearchState) -> bool:
        """Whether the late windows are still to come: a solution is known, they have
        not had their sweep, and some window of :data:`LATE_WINDOWS` is less than half
        of the board."""
        sides = window_sides(self.puzzle.width, self.puzzle.height, LATE_WINDOWS)
        return self.window_search and bool(state.found and sides) and not state.late_done

    def _late_budget(self, state: SearchState) -> CpuBudget | None:
        """The budget of a search that takes no turns and that the late windows follow
        (:data:`LATE_AFTER_SECONDS`), ``None`` when none follow."""
        pending = self._late_pending(state)
        return self._budget(LATE_AFTER_SECONDS, WITHOUT_FILL_SHARE) if pending else None

    def _late_windows(self, state: SearchState) -> Iterator[Solution]:
        """Once per search, on a board still undecided: the windows of
        :data:`LATE_WINDOWS` round the first solution (``docs/encoding.md``, "Window
        search"); a board with another solution in one is decided at once."""
        if state.room() and self._late_pending(state):
            state.late_done = True
            _log.info("late windows of side %s round the first solution", LATE_WINDOWS)
            yield from self._window_neighbours(state, state.found[0], "late")

    def _search(self, state: SearchState, assumptions: list[int],
                budget: CpuBudget | None = None) -> Solution | str | None:
        """One search under ``assumptions``: a new solution, ``None`` (none is left) or
        :data:`_TIMED_OUT` when the phase's CPU ``budget`` ran out before the time limit
        did."""
        session, enc = self.session, self.encoding
        assert session is not None and enc is not None
        self._block_found()
        try:
            with session.budget_box(budget):
                found = session.solve_with_cuts(
                    lambda m: self._cuts_or_absorb(state, m), assumptions)
        except SolveTimeout:
            self.deadline.check("solving")
            return _TIMED_OUT
        if found is None or isinstance(found, Solution):
            return found
        return enc.decode(found)

    def _cuts_or_absorb(
        self, state: SearchState, model: Model
    ) -> list[list[int]] | Accept[Solution]:
        """The model's loop cuts, or the solution made of it (its cuts go in all the same).

        A model with detached loops is first turned into a solution by dropping or
        absorbing its loops (see :mod:`.absorb`).
        """
        enc = self.encoding
        assert enc is not None
        cuts = enc.find_cuts(model)
        if cuts and self.absorb_loops:
            solution = enc.absorbed_solution(model)
            if solution is not None and solution not in state.seen:
                _log.info("absorbed %d detached loop(s) of a model into a solution",
                          len(cuts))
                self.stats.extra["absorbed"] = self.stats.extra.get("absorbed", 0) + 1
                return Accept(solution, cuts)
        return cuts

    def _block_found(self) -> None:
        """Add the blocking clauses of the solutions found since the last search.

        Blocking waits until a search needs it: a 1002 x 1002 solution's clause has a
        million literals, wasted when the caller wanted one solution.
        """
        assert self.encoding is not None and self.session is not None
        for solution in self._unblocked:
            self.session.add_clause(self.encoding.solution_blocking_clause(solution))
            self.session.stats.blocks += 1
        self._unblocked.clear()

    def close(self) -> None:
        """Free the SAT solver (and the proof without fill's, if one is open)."""
        self._drop_proof()
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> NumberlinkSolver:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _race_pays(puzzle: Puzzle, limit: int | None, *, no_touch: bool, no_2x2: bool) -> bool:
    """Whether counting should race the ZDD beside SAT (see :func:`counted`)."""
    return ((limit is None or limit > 1) and puzzle.width * puzzle.height >= RACE_MIN_CELLS
            and zdd.fits(puzzle, no_touch=no_touch, no_2x2=no_2x2) and zdd.can_race())


def _strengthen(puzzle: Puzzle) -> bool:
    """Whether the board's size calls for the strengthened first try."""
    return STRENGTHEN_MIN_CELLS <= puzzle.width * puzzle.height <= STRENGTHEN_MAX_CELLS


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InvalidArgumentError(f"limit must be a positive int or None, got {limit!r}")


def solutions(
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> list[Solution]:
    """Up to ``limit`` distinct solutions (``None``: all), so a designer can compare two.

    Raises :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit`` seconds
    (encoding included). Where it applies, the ZDD counter runs beside SAT
    (:func:`counted`).
    """
    return counted(puzzle, limit, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                   solver=solver, time_limit=time_limit)[1]


def counted(  # noqa: PLR0913
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
    engine: str = "auto",
    keep: int | None = None,
    progress: Callable[[float, int], None] | None = None,
    held_beside: bool = True,
) -> tuple[int, list[Solution], str]:
    """The number of solutions (up to ``limit``), up to ``keep`` of them (default:
    ``limit``), and the engine that answered (``"sat"``, ``"zdd"`` or ``"held"``).

    With ``engine="auto"`` on boards of :data:`RACE_MIN_CELLS` cells and more that
    the ZDD can hold (plain rules, narrow side up to
    :data:`~numberlink_sat.numberlink.zdd.ZDD_MAX_WIDTH`), the ZDD counter starts in a
    child process once SAT has run :data:`RACE_AFTER_SECONDS` without an answer
    (:class:`~numberlink_sat.numberlink.zdd.ZddBeside`); SAT goes on here and stops
    between two slices as soon as the ZDD has answered: the first answer wins, and
    the ZDD's count is exact, so
    ``limit=None`` counts without enumerating. On boards of that size the ZDD cannot
    hold, the second solver of :func:`solve` runs beside instead, for a first solution
    that SAT here then counts on from (:mod:`~numberlink_sat.numberlink.race`).
    On those boards, a count up to 2 (``is_unique``) whose search for a second solution
    runs on :data:`~numberlink_sat.numberlink.held_beside.HELD_BESIDE_AFTER` seconds of
    CPU after the first solution gets the held-path proof on the second core
    (:mod:`~numberlink_sat.numberlink.held_beside`; ``held_beside=False``: not); its
    verdict is exact too, and the first answer wins (``"held"``).
    ``engine="sat"``: SAT alone. Every solution returned is verified.

    ``progress``, when given, is called about every :data:`PROGRESS_SECONDS` while
    SAT searches, with the seconds spent and the number of solutions found so far (a
    long uniqueness proof can then say "solvable, still looking for a second one").
    A :class:`SolveTimeout` carries the solutions found before it in ``found``.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> counted(Puzzle(2, 2, {"1": ((0, 0), (1, 1))}), None, fill=False)[::2]
    (2, 'sat')
    """
    _check_limit(limit)
    if engine not in ("auto", "sat"):
        raise InvalidArgumentError(f"engine must be 'auto' or 'sat', got {engine!r}")
    keep = limit if keep is None else keep

    deadline = Deadline(time_limit)
    partial: list[Solution] = []  # SAT's solutions so far, for a timeout to carry
    if progress is not None:
        report = progress
        deadline = deadline.until(Heartbeat(PROGRESS_SECONDS,
                                            lambda seconds: report(seconds, len(partial))))

    def sat_job(stop: Callable[[], bool] | None, known: Sequence[Solution]) -> list[Solution]:
        with NumberlinkSolver(
            puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
            deadline=deadline if stop is None else deadline.until(stop),
        ) as sat:
            for solution in sat.solutions(limit, known=known):
                partial.append(solution)
            return list(partial)

    race = engine == "auto"
    zdd_race = race and _race_pays(puzzle, limit, no_touch=no_touch, no_2x2=no_2x2)
    second = (_second_solver(puzzle, solver, "auto")
              if race and not zdd_race and puzzle.width * puzzle.height >= RACE_MIN_CELLS
              else None)
    held_for = None
    if second is not None and held_beside and limit == 2 and can_start_child():
        def held_for(first: Solution) -> HeldBeside:
            return HeldBeside(puzzle, (fill, no_touch, no_2x2), first, deadline, solver=solver)
    try:
        count, found, name = count_beside(
            puzzle, (fill, no_touch, no_2x2), keep, sat_job, deadline,
            zdd_after=RACE_AFTER_SECONDS if zdd_race else None, second=second,
            second_after=_child_after(), partial=partial, run=_solve_with,
            held_for=held_for)
    except SolveTimeout as error:
        error.found = tuple(_verified(puzzle, partial if keep is None else partial[:keep],
                                      "sat", fill=fill, no_touch=no_touch, no_2x2=no_2x2))
        raise
    _verified(puzzle, found, name, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    if len(set(found)) != len(found) or (count and not found and keep != 0):
        raise InternalError(f"{name} gave {count} solution(s) but {len(found)} distinct ones")
    if limit is not None:
        count = min(count, limit)
    return count, found[:keep] if keep is not None else found, name


def _verified(puzzle: Puzzle, found: list[Solution], engine: str, *, fill: bool,
              no_touch: bool, no_2x2: bool) -> list[Solution]:
    """``found``, each solution checked by the verifier (a refusal is an engine bug)."""
    for solution in found:
        problems = verify(puzzle, solution, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
        if problems:  # pragma: no cover - an engine bug, never a user error
            raise InternalError(f"invalid solution from {engine}: " + "; ".join(problems))
    return found


def solve(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
    second_solver: str | None = "auto",
) -> Solution | None:
    """One solution, or ``None`` when it is proven that there is none.

    The first answer of :meth:`NumberlinkSolver.solutions`, the same machine that
    counts: on boards of :data:`STRENGTHEN_MIN_CELLS` cells and more, without fill a
    short try under fill and then the complete search with no U-turn and no detour
    gap; with fill a first try without U-turns (about 5 s for the 270 Janko boards,
    where some 25x25 ones took over 20 s each without it), then the full search.

    ``second_solver`` names a PySAT solver that starts in a child process, the same
    machine with another solver, once ``solver`` has run :data:`SECOND_SOLVER_AFTER`
    seconds without an answer; the first answer wins (either engine's solution is
    verified here) and the time limit holds as without it. Without fill that child
    first looks for a solution under fill (:mod:`~numberlink_sat.numberlink.second_solver`:
    where the paths are few and long, that is where the second solver finds one).
    ``"auto"``:
    :data:`SECOND_SOLVER` beside the default solver on boards of up to
    :data:`SECOND_SOLVER_MAX_CELLS` cells, none otherwise; ``None``: never. Where no child
    can start (no ``fork``, a daemonic worker) the switch walk here still runs.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> solve(Puzzle(3, 1, {"a": ((0, 0), (0, 2))}), second_solver=None).paths["a"]
    ((0, 0), (0, 1), (0, 2))
    """
    second = _second_solver(puzzle, solver, second_solver)
    rules = (fill, no_touch, no_2x2)
    if second is None:
        return _solve_with(puzzle, rules, solver, Deadline(time_limit))
    deadline = Deadline(time_limit)
    with SolverBeside(puzzle, rules, second, deadline, start_after=_child_after(),
                      run=_solve_with, walk_here=True) as beside:
        try:
            return _solve_with(puzzle, rules, solver, deadline.until(beside.poll))
        except SolveTimeout:
            if beside.answer is None:
                raise
    found = beside.answer[0]
    engine = beside.engine
    _log.info("%s answered first after %.2f s", engine, deadline.elapsed())
    if found is not None:
        problems = verify(puzzle, found, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
        if problems:  # pragma: no cover - an engine bug, never a user error
            raise InternalError(f"invalid solution from {engine}: " + "; ".join(problems))
    return found


def _second_solver(puzzle: Puzzle, solver: str, asked: str | None) -> str | None:
    """The solver to run beside ``solver`` in :func:`solve`, or ``None``."""
    if asked is None:
        return None
    if asked != "auto":
        return check_solver(asked)
    if (solver != DEFAULT_SOLVER or solver == SECOND_SOLVER
            or puzzle.width * puzzle.height > SECOND_SOLVER_MAX_CELLS):
        return None
    return SECOND_SOLVER


def _child_after() -> float:
    """CPU seconds before the second solver's child starts: never where this process
    may start no child (:func:`~numberlink_sat.beside.can_start_child`); the walk here
    runs all the same."""
    return SECOND_SOLVER_AFTER if can_start_child() else math.inf


def _solve_with(puzzle: Puzzle, rules: tuple[bool, bool, bool], solver: str,
                deadline: Deadline) -> Solution | None:
    """The first answer of one :class:`NumberlinkSolver` (``rules``: fill, no_touch,
    no_2x2)."""
    fill, no_touch, no_2x2 = rules
    with NumberlinkSolver(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                          solver=solver, deadline=deadline) as engine:
        return next(engine.solutions(1), None)


def count_solutions(
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> int:
    """The number of distinct solutions (distinct path sets), counted up to ``limit``.

    ``limit=None`` counts them all: exactly and without enumerating where the ZDD
    counter applies (see :func:`counted`), one by one otherwise.
    """
    return counted(
        puzzle, limit, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
        time_limit=time_limit, keep=2,
    )[0]


def is_unique(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> bool:
    """Whether the puzzle has exactly one solution under the chosen rule variant."""
    return count_solutions(
        puzzle, 2, fill=fill, no_touch=no_touch, no_2x2=no_2x2, solver=solver,
        time_limit=time_limit,
    ) == 1
