"""One incremental PySAT solver with lazy cuts, blocking, time limits and statistics.

The loop every puzzle shares: solve; hand the model to a *cut finder*; if it returns
clauses (e.g. "this detached loop must be entered from outside"), add them and solve
again on the same solver, keeping learned clauses; when it returns none, the model is
accepted. A finder may also *repair* a model it cannot accept as it is: it returns
:class:`Accept` with the witness it made of the model (and the cuts that still hold),
and the loop hands back that witness. Enumeration adds a blocking clause per accepted
model and goes on cutting.

Every call takes an optional ``deadline`` that can only shorten the session's own,
and :meth:`SatSession.time_box` bounds a stretch of calls the same way.

>>> with SatSession([[1, 2], [-1, -2]]) as s:
...     models = list(s.enumerate(lambda m: [], lambda m: [-v for v in (1, 2) if m[v]]))
>>> sorted(tuple(m.true_vars([1, 2])) for m in models)
[(1,), (2,)]
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, ClassVar, Generic, TypeVar, overload

import numpy as np
import numpy.typing as npt
from pysat.solvers import Solver

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver, ctrl_c_as_interrupt

__all__ = ["Accept", "CutFinder", "Model", "RepairFinder", "SatSession", "SessionStats"]

_log = logging.getLogger(__name__)

Clause = list[int]


class Model:
    """A satisfying assignment: ``model[v]`` is the truth value of variable ``v``.

    Variables the solver never saw read as ``False``.
    """

    __slots__ = ("_values",)

    def __init__(self, literals: Sequence[int]) -> None:
        values = bytearray(len(literals) + 1)
        for lit in literals:
            if lit > 0:
                values[lit] = 1
        self._values = values

    def __getitem__(self, var: int) -> bool:
        return var < len(self._values) and self._values[var] == 1

    def true_vars(self, variables: Iterable[int]) -> list[int]:
        """The variables among ``variables`` that are true, in the given order."""
        vals = self._values
        n = len(vals)
        return [v for v in variables if v < n and vals[v]]

    def truth_array(self) -> npt.NDArray[np.uint8]:
        """The values as a numpy array indexed by variable (1: true; index 0 unused).

        A read-only view, no copy: vectorised decoders index it with arrays of variables.
        """
        return np.frombuffer(bytes(self._values), dtype=np.uint8)

    @property
    def size(self) -> int:
        """The number of variables the model covers."""
        return len(self._values) - 1


W = TypeVar("W")


@dataclass(frozen=True)
class Accept(Generic[W]):
    """A cut finder's verdict "accept ``witness`` in place of this model".

    ``cuts`` (clauses the model violates, still valid for later calls) are added to the
    solver all the same, so the next call does not see the same model again.

    >>> Accept("repaired", [[1, 2]]).cuts
    [[1, 2]]
    """

    witness: W
    cuts: list[Clause] = field(default_factory=list)


CutFinder = Callable[[Model], list[Clause]]
"""Given a model, the clauses it violates (cuts); an empty list accepts the model."""

RepairFinder = Callable[[Model], "list[Clause] | Accept[W]"]
"""A cut finder that may also repair: cuts, ``[]`` (accept the model) or :class:`Accept`."""


@dataclass
class SessionStats:
    """What a session did: solver calls, cut rounds, cuts, repairs, clauses added, timings."""

    solver: str = DEFAULT_SOLVER
    variables: int = 0
    clauses: int = 0
    calls: int = 0
    cut_rounds: int = 0
    cuts: int = 0
    blocks: int = 0
    conflicts: int = 0
    repairs: int = 0
    encode_seconds: float = 0.0
    solve_seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """A plain dict (for JSON rows and benchmarks)."""
        d = {k: v for k, v in self.__dict__.items() if k != "extra"}
        d.update(self.extra)
        return d


_C_ADDERS: dict[str, tuple[str, str]] = {
    "cadical153": ("cadical", "cadical153_add_cl"),
    "cadical195": ("cadical", "cadical195_add_cl"),
    "cadical300": ("cadical", "cadical300_add_cl"),
    "glucose3": ("glucose", "glucose3_add_cl"),
    "glucose4": ("glucose", "glucose41_add_cl"),
    "glucose42": ("glucose", "glucose421_add_cl"),
    "maplechrono": ("maplesat", "maplechrono_add_cl"),
    "maplecm": ("maplesat", "maplecm_add_cl"),
    "maplesat": ("maplesat", "maplesat_add_cl"),
    "mergesat3": ("mergesat", "mergesat3_add_cl"),
    "minisat22": ("minisat", "minisat22_add_cl"),
}
"""Solver name -> (backend attribute holding the C handle, C function adding one clause)."""


def _direct_adder(solver: Any) -> tuple[Callable[[Any, Sequence[int]], Any], Any, Any] | None:
    """The C-level "add one clause" of a PySAT solver, or None to use the public API."""
    try:
        import pysolvers  # PySAT's compiled module
    except ImportError:  # pragma: no cover - every PySAT wheel ships it
        return None
    backend = getattr(solver, "solver", None)
    entry = _C_ADDERS.get(getattr(solver, "_numberlink_sat_name", ""))
    if backend is None or entry is None:
        return None
    handle = getattr(backend, entry[0], None)
    add = getattr(pysolvers, entry[1], None)
    if handle is None or add is None:
        return None
    return add, handle, backend


class SatSession:
    """An incremental solver over ``clauses`` with the shared lazy-cut loop.

    ``solver`` is a PySAT name (see :data:`~numberlink_sat.sat.solvers.INCREMENTAL_SOLVERS`);
    ``deadline`` bounds every call (conflict-budget slices with a wall-clock check, since
    CaDiCaL cannot be interrupted); a call's own ``deadline=`` or a :meth:`time_box`
    can shorten it, never extend it. Use it as a context manager so the solver is freed.
    """

    FIRST_SLICE = 2_000
    MAX_SLICE = 1_000_000
    SLICE_SECONDS = (0.25, 1.0)
    """A slice (of conflicts) doubles when it took less than the first of these seconds
    and halves when it took more than the second. Each slice is one solver call, and
    CaDiCaL starts every call afresh in some ways (its search-mode and rephasing
    schedules, read in its source in session 35): on the hand-made 26x26's lemma
    ``H - 6`` (Nikoli rule, an idle machine) slices held near 2,000 conflicts by the
    window 0.05-0.3 s of sessions 1-33 made the
    proof take 21 s of CPU or more in 6 runs of 6, where fixed slices of 10,000
    conflicts or more took 3.5-4.2 s in 8 of 8, and this window 5.3-5.6 s in 3 of 3
    (session 34, ``docs/encoding.md``, "Slices"). Near a deadline the slice still
    shrinks to fit half the time left."""

    SOLVER_OPTIONS: ClassVar[dict[str, dict[str, int]]] = {}
    """Options set on every new solver of the named kind before it sees a clause, e.g.
    ``{"cadical195": {"rephaseint": 10_000}}`` (CaDiCaL's own option names, through
    PySAT's ``configure``; only the CaDiCaL solvers take options). Empty by default:
    the options measured in session 35 (``docs/encoding.md``, "What a solver call
    starts afresh") changed single proofs by up to fivefold either way and helped none
    reliably. Set it in the process that solves (a child process started by the race
    does not see it). A name CaDiCaL does not know is ignored by CaDiCaL itself."""

    SECONDS_PER_VARIABLE = 2e-7
    """What the solver's one uninterruptible allocation costs per variable, rounded up.

    Measured with CaDiCaL 1.9.5 on one core: 0.14 s for 1 million variables, 0.51 s for
    4 million, 1.5-2.6 s for 13 million (the more for a loaded machine).
    """

    BLOCK_CHUNK = 1 << 16
    """Rows of a clause block turned into Python lists at a time while loading."""

    def __init__(
        self,
        clauses: Iterable[Clause] | Encoding = (),
        *,
        solver: str = DEFAULT_SOLVER,
        deadline: Deadline | None = None,
        num_vars: int = 0,
    ) -> None:
        self.name = check_solver(solver)
        self.deadline = deadline if deadline is not None else Deadline(None)
        if isinstance(clauses, Encoding):
            num_vars = num_vars or clauses.num_vars
        self.stats = SessionStats(solver=self.name, variables=num_vars)
        self._slice = self.FIRST_SLICE
        self._worst_rate = 0.0  # the slowest seconds per conflict of a slice so far
        self._listeners: list[Callable[[Sequence[Sequence[int]]], None]] = []
        self._solver: Any = Solver(name=self.name)
        self._solver._numberlink_sat_name = self.name
        options = self.SOLVER_OPTIONS.get(self.name)
        if options:
            try:
                _configure(self._solver, self.name, options)
            except InvalidArgumentError:
                self.close()
                raise
        try:
            if isinstance(clauses, Encoding):
                self._reserve(num_vars)
                self.add_clauses(clauses.clauses)
                for block in clauses.blocks:
                    self.add_block(block)
            else:
                self.add_clauses(clauses)
        except SolveTimeout:
            self.close()
            raise

    # -- clauses -------------------------------------------------------------
    def _reserve(self, num_vars: int) -> None:
        """Make the solver allocate ``num_vars`` variables at once (a tautology on the last).

        CaDiCaL grows its variable tables to the largest literal seen, copying them each
        time: clauses met in rising variable order (the label units of a million-cell
        board) made loading take seconds more than one allocation does. A tautology
        holds in every model, so the formula is unchanged.
        """
        self.deadline.check("loading the solver")
        if num_vars <= 1:
            return
        self._check_fits(num_vars)
        self._solver.add_clause([num_vars, -num_vars])

    def _check_fits(self, num_vars: int) -> None:
        """Refuse up front an allocation that cannot end before the deadline.

        The solver cannot be interrupted while it allocates; that step costs about
        :data:`SECONDS_PER_VARIABLE` per variable (about 1.5-2.6 s for the 13 million of a
        1000x1000 board), so starting it too late would overrun the limit by that much.

        >>> with SatSession(deadline=Deadline(1.0)) as s:
        ...     try:
        ...         s._check_fits(10**9)
        ...     except SolveTimeout as exc:
        ...         print(str(exc)[:60])
        time limit of 1 s cannot be kept: allocating 1,000,000,000 s
        """
        remaining = self.deadline.remaining()
        cost = num_vars * self.SECONDS_PER_VARIABLE
        if remaining is None or cost < remaining:
            return
        elapsed = self.deadline.elapsed()
        raise SolveTimeout(
            f"time limit of {self.deadline.time_limit:g} s cannot be kept: allocating "
            f"{num_vars:,} solver variables takes about {cost:.1f} s, which cannot be "
            f"interrupted, and {remaining:.2f} s remain (after {elapsed:.2f} s)",
            elapsed=elapsed,
            stage="loading the solver",
        )

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add clauses (lists or tuples of literals, permanently) to the solver.

        Loading is the floor of the whole pipeline on easy boards (measured: 70 % of the
        time to solve the 270 Janko boards went into PySAT's per-clause Python wrapper),
        so clauses go straight to the solver's C entry point when this PySAT build has
        it, and through ``append_formula`` otherwise.
        """
        if not isinstance(clauses, list):
            clauses = list(clauses)
        if not clauses:
            return
        for listener in self._listeners:
            listener(clauses)
        fast = _direct_adder(self._solver)
        if fast is None:
            self._solver.append_formula(clauses)
        else:
            add, handle, backend = fast
            ok = True
            for clause in clauses:
                if add(handle, clause) is False:
                    ok = False
            if not ok:
                backend.status = False
        self.stats.clauses += len(clauses)

    def add_block(self, block: npt.NDArray[np.int64]) -> None:
        """Add the rows of a clause block (see :class:`~numberlink_sat.sat.cnf.Encoding`).

        Rows become Python tuples :data:`BLOCK_CHUNK` at a time, so a block of millions
        of clauses never exists as Python objects all at once; the deadline is checked
        between chunks. Zipping the columns' lists is about 2.5x faster than
        ``ndarray.tolist()`` on rows (0.22 against 0.55 s per million ternary clauses).
        """
        for start in range(0, len(block), self.BLOCK_CHUNK):
            self.deadline.check("loading the solver")
            chunk = block[start:start + self.BLOCK_CHUNK]
            columns = [chunk[:, k].tolist() for k in range(chunk.shape[1])]
            self.add_clauses(list(zip(*columns, strict=True)))

    def add_clause(self, clause: Clause) -> None:
        """Add one clause."""
        self.add_clauses([clause])

    def listen(self, listener: Callable[[Sequence[Sequence[int]]], None]) -> Callable[[], None]:
        """Call ``listener`` with every batch of clauses added from now on (lazy cuts,
        blocking clauses, restrictions loaded late), so that a second solver can follow
        this one, e.g. a :class:`~numberlink_sat.sat.lookahead.Lookahead`; returns the
        function that stops it.

        >>> heard = []
        >>> with SatSession([[1, 2]]) as s:
        ...     stop = s.listen(heard.extend)
        ...     s.add_clause([-1])
        ...     stop()
        ...     s.add_clause([2])
        >>> heard
        [[-1]]
        """
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    # -- solving -------------------------------------------------------------
    def solve(self, assumptions: Sequence[int] = (), *, deadline: Deadline | None = None) -> bool:
        """One SAT call under ``assumptions``. Raises :class:`SolveTimeout` past the deadline.

        ``deadline`` bounds this call only; the session's deadline still holds.
        """
        active = self.deadline.sooner(deadline)
        active.check("solving")
        self.stats.calls += 1
        started = time.perf_counter()
        answer: bool | None = None
        try:
            with ctrl_c_as_interrupt(self._solver):
                if active.time_limit is None and active.stop is None:
                    answer = bool(self._solver.solve(assumptions=list(assumptions)))
                else:
                    answer = self._solve_in_slices(list(assumptions), active)
            return answer
        finally:
            spent = time.perf_counter() - started
            self.stats.solve_seconds += spent
            _log.debug("SAT call %d (%d assumptions): %s in %.3f s", self.stats.calls,
                       len(assumptions), {True: "SAT", False: "UNSAT", None: "stopped"}[answer],
                       spent)

    def _solve_in_slices(self, assumptions: list[int], deadline: Deadline) -> bool:
        while True:
            self._solver.conf_budget(self._slice)
            t0 = time.perf_counter()
            answer = self._solver.solve_limited(assumptions=assumptions)
            took = time.perf_counter() - t0
            if answer is not None:
                return bool(answer)
            self.stats.conflicts += self._slice
            if deadline.expired():
                raise deadline.timeout("solving", f"{self.stats.calls} solver calls, "
                                                  f"{self.stats.cut_rounds} cut rounds")
            # keep each slice within SLICE_SECONDS so the limit is honoured closely
            remaining = deadline.remaining()
            self._worst_rate = max(self._worst_rate, took / self._slice)
            short, long = self.SLICE_SECONDS
            if took < short and self._slice < self.MAX_SLICE:
                self._slice *= 2
            elif ((took > long or (remaining is not None and took > remaining))
                  and self._slice > 100):
                self._slice //= 2
            if remaining is not None and self._worst_rate > 0:
                # a slice cannot be cut short, and some run several times slower than
                # the one before (measured: 0.1 -> 0.78 s for 1,000 conflicts), so near
                # the end the slice is sized by the slowest rate seen, to fit half the
                # time left
                fits = int(remaining / (2 * self._worst_rate))
                self._slice = max(100, min(self._slice, fits))

    @contextmanager
    def time_box(self, seconds: float | None) -> Iterator[Deadline]:
        """Bound every call inside the ``with`` block to ``seconds`` from now.

        The box never outlasts the session's deadline; on leaving it the session's
        deadline is back. A :class:`SolveTimeout` inside the box says the box ran out;
        check the deadline yielded, or the session's, to tell which one.

        >>> with SatSession([[1]]) as s, s.time_box(5.0) as box:
        ...     s.solve(), box.time_limit
        (True, 5.0)
        """
        with self._boxed(self.deadline.within(seconds)) as box:
            yield box

    @contextmanager
    def budget_box(self, budget: Callable[[], bool] | None) -> Iterator[Deadline]:
        """Bound every call inside the ``with`` block by the session's deadline and by
        ``budget`` (a stop condition such as a :class:`~numberlink_sat.sat.deadline.CpuBudget`;
        ``None``: the deadline alone). As with :meth:`time_box`, a
        :class:`SolveTimeout` inside says the box or the deadline ran out.

        >>> from numberlink_sat.sat.deadline import CpuBudget
        >>> with SatSession([[1]]) as s, s.budget_box(CpuBudget(5.0)) as box:
        ...     s.solve(), box.expired()
        (True, False)
        """
        with self._boxed(self.deadline if budget is None
                         else self.deadline.until(budget)) as box:
            yield box

    @contextmanager
    def _boxed(self, box: Deadline) -> Iterator[Deadline]:
        """The session's deadline is ``box`` inside the ``with`` block, then back."""
        outer, self.deadline = self.deadline, box
        try:
            yield box
        finally:
            self.deadline = outer

    def model(self) -> Model:
        """The model of the last satisfiable call."""
        return Model(self._solver.get_model())

    @overload
    def solve_with_cuts(
        self, find_cuts: CutFinder, assumptions: Sequence[int] = (), *,
        deadline: Deadline | None = None,
    ) -> Model | None: ...

    @overload
    def solve_with_cuts(
        self, find_cuts: RepairFinder[W], assumptions: Sequence[int] = (), *,
        deadline: Deadline | None = None,
    ) -> Model | W | None: ...

    def solve_with_cuts(
        self, find_cuts: RepairFinder[W], assumptions: Sequence[int] = (), *,
        deadline: Deadline | None = None,
    ) -> Model | W | None:
        """Solve, adding lazy cuts until the cut finder accepts a model (or UNSAT: ``None``).

        A finder returning :class:`Accept` ends the loop with its witness (a repaired
        model); its cuts are added first. ``deadline`` bounds the whole loop.

        >>> with SatSession([[1, 2]]) as s:
        ...     s.solve_with_cuts(lambda m: Accept("fixed") if m[1] else [[1]])
        'fixed'
        """
        active = self.deadline.sooner(deadline)
        while self.solve(assumptions, deadline=active):
            model = self.model()
            verdict = find_cuts(model)
            if isinstance(verdict, Accept):
                self.stats.repairs += 1
                if verdict.cuts:
                    self._add_cuts(verdict.cuts)
                return verdict.witness
            if not verdict:
                return model
            self._add_cuts(verdict)
        return None

    def _add_cuts(self, cuts: list[Clause]) -> None:
        self.stats.cut_rounds += 1
        self.stats.cuts += len(cuts)
        _log.info("cut round %d: %d cut(s)", self.stats.cut_rounds, len(cuts))
        self.add_clauses(cuts)

    def enumerate(
        self,
        find_cuts: CutFinder,
        block: Callable[[Model], Clause],
        limit: int | None = None,
        assumptions: Sequence[int] = (),
        *,
        deadline: Deadline | None = None,
    ) -> Iterator[Model]:
        """Yield accepted models one by one, blocking each with ``block(model)``.

        Stops after ``limit`` models (``None``: all). Blocking clauses are permanent.
        """
        found = 0
        while limit is None or found < limit:
            model = self.solve_with_cuts(find_cuts, assumptions, deadline=deadline)
            if model is None:
                return
            found += 1
            yield model
            clause = block(model)
            self.stats.blocks += 1
            self.add_clause(clause)

    # -- extras --------------------------------------------------------------
    def core(self) -> list[int] | None:
        """The failed assumptions of the last unsatisfiable call (solver permitting)."""
        core = self._solver.get_core()
        return None if core is None else list(core)

    def conflicts(self) -> int | None:
        """The conflicts the solver has met so far, all calls together (``None``: the
        solver does not say)."""
        try:
            stats = self._solver.accum_stats()
        except (AttributeError, NotImplementedError):
            return None
        return None if not stats else int(stats.get("conflicts", 0))

    def refuted_by_propagation(self, assumptions: Sequence[int] = ()) -> bool:
        """Whether unit propagation alone, without search, finds the clauses (under
        ``assumptions``) contradictory: a proof that they have no model, nothing learnt.
        ``False`` also when the solver cannot propagate on request.

        >>> with SatSession() as s:
        ...     s.add_clauses([[1, 2], [-1, 2], [-2, 3]])
        ...     s.refuted_by_propagation([-3]), s.refuted_by_propagation([3])
        (True, False)
        """
        try:
            status, _implied = self._solver.propagate(assumptions=list(assumptions))
        except NotImplementedError:
            return False
        return not status

    def implied_by_propagation(self, assumptions: Sequence[int] = ()) -> set[int] | None:
        """The literals unit propagation fixes under ``assumptions`` (with them), or
        ``None`` when propagation finds the clauses contradictory. An empty set when
        the solver cannot propagate on request (nothing is then known to be implied).

        >>> with SatSession() as s:
        ...     s.add_clauses([[1, 2], [-1, 2], [-2, 3]])
        ...     sorted(s.implied_by_propagation([-3]) or ()), sorted(s.implied_by_propagation([2]))
        ([], [2, 3])
        """
        try:
            status, implied = self._solver.propagate(assumptions=list(assumptions))
        except NotImplementedError:
            return set()
        return set(implied) if status else None

    def close(self) -> None:
        """Free the solver; past the deadline, a moment later in the background.

        Freeing a solver loaded with millions of clauses holds the interpreter for up to
        a couple of seconds; a call that ran out of time hands back its
        :class:`SolveTimeout` first (:func:`_free_later`).
        """
        if self._solver is not None:
            if self.deadline.passed():
                _free_later(self._solver)
            else:
                self._solver.delete()
            self._solver = None

    def __enter__(self) -> SatSession:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


FREE_DELAY = 1.0
"""Seconds a timed-out session's solver waits before it is freed (see :func:`_free_later`)."""


def _configure(solver: Any, name: str, options: dict[str, int]) -> None:
    """Set ``options`` on a new PySAT ``solver`` (see :attr:`SatSession.SOLVER_OPTIONS`).

    >>> _configure(Solver(name="glucose4"), "glucose4", {"seed": 1})
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.InvalidArgumentError: solver options: glucose4 takes none (CaDiCaL only)
    """
    configure = getattr(solver.solver, "configure", None)
    if configure is None:
        raise InvalidArgumentError(
            f"solver options: {name} takes none (CaDiCaL only)")
    for key, value in options.items():
        if not (isinstance(key, str) and key.isidentifier()) or isinstance(value, bool) \
                or not isinstance(value, int):
            raise InvalidArgumentError(
                f"solver options: expected an option name and a whole number, got "
                f"{key!r}: {value!r}")
    configure(dict(options))


def _free_later(solver: Any) -> None:
    """Free ``solver`` in a daemon thread after :data:`FREE_DELAY` seconds.

    The solver's C code keeps the interpreter lock while it frees, so freeing at once,
    even in a thread, would delay the caller; the pause lets the caller get its answer
    (a :class:`SolveTimeout`) first. A process that ends sooner simply never frees it.

    >>> s = Solver(name="minisat22"); _free_later(s)
    """
    def free() -> None:
        time.sleep(FREE_DELAY)
        solver.delete()

    threading.Thread(target=free, name="numberlink-sat-free", daemon=True).start()
