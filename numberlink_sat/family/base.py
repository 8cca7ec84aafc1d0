"""The contract every puzzle family meets: the same verbs, keyword-only and typed.

A family adapts its package's public functions (which keep their own names and return
types) to one shape, so the benchmark, the CLI and the renderer handle the three puzzles
without asking which one they hold. The verbs:

- :meth:`~PuzzleFamily.parse` / :meth:`~PuzzleFamily.parse_all` and
  :meth:`~PuzzleFamily.format` / :meth:`~PuzzleFamily.format_answer`: text in and out;
- :meth:`~PuzzleFamily.solve`: one answer or ``None``, **always verified**: a complaint
  of the family's independent verifier about our own answer raises
  :class:`~numberlink_sat.errors.InternalError`;
- :meth:`~PuzzleFamily.solutions` / :meth:`~PuzzleFamily.count` where several answers
  mean something (:attr:`~PuzzleFamily.enumerates`), else :class:`UnsupportedVerb`;
- :meth:`~PuzzleFamily.verify`, :meth:`~PuzzleFamily.generate`,
  :meth:`~PuzzleFamily.render` (a :class:`Picture`: SVG and text);
- for measurements, :meth:`~PuzzleFamily.run_engine` (the raw engine, not verified:
  the benchmark verifies outside the timing) and :meth:`~PuzzleFamily.digest`.

Every solve fills the same :class:`SolveStats`.

>>> from numberlink_sat.family import get_family
>>> chain = get_family("numchain")
>>> puzzle = chain.parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2")
>>> stats = SolveStats()
>>> chain.solve(puzzle, stats=stats), stats.engine, stats.counters["calls"] >= 1
('41255214', 'sat', True)
"""

from __future__ import annotations

import hashlib
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from numberlink_sat.errors import InternalError, InvalidArgumentError, NumberlinkSatError
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["Picture", "PuzzleFamily", "SolveStats", "UnsupportedVerb"]

P = TypeVar("P")
A = TypeVar("A")
R = TypeVar("R")


class UnsupportedVerb(NumberlinkSatError, NotImplementedError):
    """A verb that means nothing for this family (e.g. counting Number Chain answers)."""


@dataclass
class SolveStats:
    """What one solve did, the same fields for every family.

    ``counters`` holds the engine's own figures (solver calls, cut rounds, search nodes,
    DFS steps, ...) under the names the engine reports them.

    >>> SolveStats("sat", 0.5, 0.4, {"calls": 3}).as_dict()
    {'engine': 'sat', 'seconds': 0.5, 'cpu_seconds': 0.4, 'calls': 3}
    """

    engine: str = ""
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    counters: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """A flat dict (for JSON rows)."""
        return {"engine": self.engine, "seconds": self.seconds,
                "cpu_seconds": self.cpu_seconds, **self.counters}


@dataclass(frozen=True)
class Picture:
    """A drawing of a puzzle: ``svg`` for files, ``text`` for the terminal, and a
    ``note`` worth a line on standard error (empty when there is none)."""

    svg: str
    text: str
    note: str = ""


class PuzzleFamily(ABC, Generic[P, A, R]):
    """One puzzle family behind the common verbs (``P`` puzzle, ``A`` answer, ``R`` rules)."""

    name: ClassVar[str]
    """The family's name on the command line and in benchmark rows."""
    engines: ClassVar[tuple[str, ...]]
    """The engines :meth:`solve` offers, the default first (``sat`` may carry ``:SOLVER``)."""
    enumerates: ClassVar[bool] = False
    """Whether :meth:`solutions` and :meth:`count` mean something for this family."""
    no_answer: ClassVar[str] = "no solution"
    """What the CLI says when :meth:`solve` finds no answer."""
    unique_answer: ClassVar[bool] = False
    """Whether every engine must give the same answer (Number Chain's smallest path)."""
    rule_names: ClassVar[tuple[str, ...]] = ()
    """The keyword arguments :meth:`rules` takes."""

    # -- rules and text ------------------------------------------------------------------
    @abstractmethod
    def rules(self, **options: bool) -> R:
        """The family's rule object from flags (:attr:`rule_names`; others raise
        :class:`~numberlink_sat.errors.InvalidArgumentError`)."""

    def bench_rules(self, kind: str) -> R:
        """The rules a benchmark instance of ``kind`` is played under."""
        return self.rules()

    @abstractmethod
    def parse_all(self, text: str, *, format: str = "auto") -> list[P]:
        """Every puzzle in ``text``."""

    def parse(self, text: str, *, format: str = "auto") -> P:
        """The one puzzle in ``text``."""
        return self.parse_all(text, format=format)[0]

    @abstractmethod
    def format(self, puzzle: P) -> str:
        """The puzzle as text that :meth:`parse` reads back."""

    @abstractmethod
    def format_answer(self, puzzle: P, answer: A | None) -> str:
        """An answer (or "none") as text."""

    # -- solving -------------------------------------------------------------------------
    @abstractmethod
    def run_engine(self, puzzle: P, *, engine: str, rules: R, solver: str,
                   time_limit: float | None, counters: dict[str, Any]) -> A | None:
        """The raw answer of ``engine`` (not verified), filling ``counters``."""

    def solve(self, puzzle: P, *, rules: R | None = None, engine: str | None = None,
              solver: str = DEFAULT_SOLVER, time_limit: float | None = None,
              stats: SolveStats | None = None) -> A | None:
        """One verified answer, or ``None`` when there is none.

        Raises :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit`` and
        :class:`~numberlink_sat.errors.InternalError` if the verifier rejects the answer.
        """
        rules = rules if rules is not None else self.rules()
        engine = engine if engine is not None else self.engines[0]
        if engine.split(":", 1)[0] not in self.engines:
            raise InvalidArgumentError(
                f"{self.name} has no engine {engine!r}; use one of {', '.join(self.engines)}")
        solver = solver_of(engine) if ":" in engine else solver
        stats = stats if stats is not None else SolveStats()
        stats.engine = engine
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            answer = self.run_engine(puzzle, engine=engine, rules=rules, solver=solver,
                                     time_limit=time_limit, counters=stats.counters)
        finally:
            stats.seconds = time.perf_counter() - wall
            stats.cpu_seconds = time.process_time() - cpu
        if answer is not None:
            self.check(puzzle, answer, rules=rules, engine=engine)
        return answer

    def check(self, puzzle: P, answer: A, *, rules: R, engine: str) -> None:
        """Raise :class:`~numberlink_sat.errors.InternalError` if ``answer`` is wrong."""
        problems = self.verify(puzzle, answer, rules=rules)
        if problems:
            raise InternalError(f"the {self.name} {engine} engine gave an answer that fails "
                                f"verification: {'; '.join(problems[:5])}")

    def solutions(self, puzzle: P, *, limit: int | None = 2, rules: R | None = None,
                  solver: str = DEFAULT_SOLVER, time_limit: float | None = None) -> list[A]:
        """Up to ``limit`` distinct verified answers (``None``: all)."""
        raise UnsupportedVerb(f"{self.name}: answers are not enumerated")

    def count(self, puzzle: P, *, limit: int | None = 2, rules: R | None = None,
              solver: str = DEFAULT_SOLVER, time_limit: float | None = None) -> int:
        """How many answers there are, counted up to ``limit``."""
        return len(self.solutions(puzzle, limit=limit, rules=rules, solver=solver,
                                  time_limit=time_limit))

    @abstractmethod
    def verify(self, puzzle: P, answer: A, *, rules: R | None = None) -> list[str]:
        """The independent verifier's complaints (empty: the answer is right)."""

    # -- making and drawing ----------------------------------------------------------------
    @abstractmethod
    def generate(self, *, width: int, height: int, seed: int | None = None,
                 rules: R | None = None) -> P:
        """A random puzzle of this size (one with an answer)."""

    @abstractmethod
    def render(self, puzzle: P, answer: A | None = None, *, rules: R | None = None,
               cell: float = 40.0, theme: str = "light", colour: bool = False,
               lines: bool = False) -> Picture:
        """The puzzle, and its answer when given, as a :class:`Picture`."""

    def render_no_answer(self, puzzle: P, *, rules: R | None = None, cell: float = 40.0,
                         theme: str = "light", colour: bool = False) -> Picture | None:
        """What to draw when there is no answer (``None``: nothing, say :attr:`no_answer`)."""
        return None

    def answer_note(self, answer: A) -> str:
        """A line about a found answer for standard error (empty: none)."""
        return ""

    def render_pair(self, puzzle: P, first: A, second: A, *, cell: float = 40.0,
                    theme: str = "light", colour: bool = False) -> Picture:
        """Two answers side by side and where they differ (families that enumerate)."""
        raise UnsupportedVerb(f"{self.name}: no drawing of two answers")

    # -- measuring -------------------------------------------------------------------------
    def expand(self, names: Sequence[str]) -> list[str]:
        """The engine rows to run for the engine names asked for."""
        return [name for name in names if name.split(":", 1)[0] in self.engines]

    def unavailable(self, engine: str) -> str | None:
        """Why ``engine`` cannot run here, or ``None`` when it can."""
        base, _, solver = engine.partition(":")
        if base not in self.engines:
            return f"no engine {engine!r} for {self.name}"
        if solver:
            from numberlink_sat.errors import UnknownSolverError
            from numberlink_sat.sat.solvers import check_solver

            try:
                check_solver(solver)
            except UnknownSolverError as exc:
                return str(exc)
        return None

    def warm_up(self, engine: str) -> None:
        """Import what ``engine`` needs, so that import time is not timed."""

    def answer_key(self, answer: A) -> str:
        """A text that is equal for equal answers (see :meth:`digest`)."""
        return repr(answer)

    def digest(self, answer: A | None) -> str:
        """A short fingerprint of an answer, to compare engines where it is unique."""
        if answer is None:
            return "none"
        return hashlib.sha1(self.answer_key(answer).encode()).hexdigest()[:12]


def grid_text(rows: Sequence[Sequence[int]]) -> str:
    """Rows of numbers as text, right-aligned in columns.

    >>> print(grid_text([[1, 10], [2, 3]]))
     1 10
     2  3
    """
    width = max((len(str(v)) for row in rows for v in row), default=1)
    return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in rows)


def solver_of(engine: str) -> str:
    """The PySAT solver an engine name carries (``sat:glucose4``), else the default.

    >>> solver_of("sat:glucose4"), solver_of("dfs") == DEFAULT_SOLVER
    ('glucose4', True)
    """
    return engine.split(":", 1)[1] if ":" in engine else DEFAULT_SOLVER
