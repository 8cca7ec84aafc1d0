"""Generate Numberlink puzzles whose unique solution is proven by SAT.

The random-path construction (:mod:`.paths`, or :mod:`.symmetry` for a clue symmetry) draws
random non-touching paths over the whole board; :mod:`.design` shapes them to the
controls (leftover cells blocked, empty or taken in; clues off the border and apart;
the share of empty cells). The candidate is then proven unique, or repaired by
cutting paths until it is (:mod:`.uniqueness`). Only proven-unique puzzles that meet
every control are returned: a candidate that cannot be repaired within the controls,
or that uses up its time or conflict budget, is dropped and a new one drawn, up to
``max_attempts``.

>>> g = generate_with_solution(5, 4, seed=3)
>>> g.puzzle == generate(5, 4, seed=3)
True
>>> from numberlink_sat.numberlink.verify import verify
>>> verify(g.puzzle, g.solution)
[]
>>> g.stats.labels == len(g.puzzle.labels)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from numberlink_sat.errors import (
    InternalError,
    InvalidArgumentError,
    NumberlinkSatError,
    SolveTimeout,
)
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.difficulty import rate
from numberlink_sat.numberlink.generator.budget import BudgetExhausted, ProofBudget
from numberlink_sat.numberlink.generator.controls import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_TIME_LIMIT,
    GENERATOR_SOLVER,
    GeneratorControls,
    check_controls,
)
from numberlink_sat.numberlink.generator.design import (
    Layout,
    make_empty,
    merge_down,
    settle_leftovers,
    space_ends,
)
from numberlink_sat.numberlink.generator.paths import random_paths
from numberlink_sat.numberlink.generator.symmetry import mirror_map, symmetric_paths
from numberlink_sat.numberlink.generator.thin import (
    DEFAULT_PROOF_TIME_LIMIT,
    Thinned,
    relabelled,
    thin,
)
from numberlink_sat.numberlink.generator.uniqueness import (
    ProofResult,
    RepairFailed,
    RepairPolicy,
    prove_and_repair,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline

__all__ = [
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_TIME_LIMIT",
    "GENERATOR_SOLVER",
    "GeneratedPuzzle",
    "GenerationFailed",
    "GenerationStats",
    "GeneratorControls",
    "check_controls",
    "control_problems",
    "generate",
    "generate_many",
    "generate_with_solution",
    "make_controls",
]


class GenerationFailed(NumberlinkSatError):
    """No candidate could be made unique within the controls and ``max_attempts``."""


@dataclass(frozen=True)
class GenerationStats:
    """What making one puzzle took.

    ``repair_steps`` = ``cuts`` + ``trims`` + ``reroutes`` + ``gap_cuts`` (path ends
    moved, only without blocked cells; gap cuts take a cell off the middle of a path),
    made in ``repair_rounds`` global rounds and ``local_rounds`` window rounds;
    ``raw_unique``: the accepted candidate was already unique as drawn; ``attempts``:
    attempts made (each draws up to :data:`DRAWS_PER_ATTEMPT` candidates until one meets
    the shape controls, then proves it); ``draws``: candidates drawn in all (the rejected
    ones included); ``empty``: cells on no path and not
    blocked; ``conflicts``: SAT conflicts over all attempts; times in seconds, summed
    over all attempts. With ``thin``: ``thin_merges`` and ``thin_shifts`` kept moves,
    ``thin_asked`` candidates proven or refuted, ``seconds_thinning`` (the accepted
    puzzle's walk).
    """

    labels: int
    blocked: int
    repair_steps: int
    cuts: int
    trims: int
    reroutes: int
    repair_rounds: int
    local_rounds: int
    solve_calls: int
    raw_unique: bool
    attempts: int
    timeouts: int
    skipped_models: int
    seconds_paths: float
    seconds_proving: float
    gap_cuts: int = 0
    empty: int = 0
    conflicts: int = 0
    rejected: dict[str, int] = field(default_factory=dict, compare=False)
    difficulty: float | None = None
    difficulty_grade: str | None = None
    draws: int = 0
    thin_merges: int = 0
    thin_shifts: int = 0
    thin_asked: int = 0
    seconds_thinning: float = 0.0

    @property
    def seconds(self) -> float:
        """Total time: building paths, proving and thinning."""
        return self.seconds_paths + self.seconds_proving + self.seconds_thinning

    def as_dict(self) -> dict[str, Any]:
        """A plain dict (for JSON and CSV rows)."""
        d = asdict(self)
        d["seconds"] = self.seconds
        return d


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A proven-unique puzzle, its (only) solution and the statistics of making it."""

    puzzle: Puzzle
    solution: Solution
    stats: GenerationStats


def _finish(
    width: int, height: int, segments: list[list[int]], blocked: frozenset[Cell]
) -> tuple[Puzzle, Solution]:
    """Labels ``1..k`` in row-major order of the first end; each path from that end."""
    cells = {str(k): [divmod(i, width) for i in seg] for k, seg in enumerate(segments)}
    return relabelled(width, height, cells, blocked)


def _empty_bounds(c: GeneratorControls) -> tuple[int, int]:
    assert c.empty_share is not None
    cells = c.width * c.height
    return math.ceil(c.empty_share[0] * cells - 1e-9), math.floor(c.empty_share[1] * cells + 1e-9)


def control_problems(puzzle: Puzzle, solution: Solution, c: GeneratorControls, *,
                     rate_it: bool = True) -> list[str]:
    """What a generated puzzle breaks of the controls ``c`` (empty: it meets them all).

    Uniqueness is not judged here (a proof is); the rules, lengths, labels, blocked
    and empty cells, symmetry, clue placement and (with ``rate_it``) the difficulty are.

    >>> g = generate_with_solution(6, 6, seed=2, no_border_clues=True)
    >>> control_problems(g.puzzle, g.solution, GeneratorControls(6, 6, no_border_clues=True))
    []
    """
    out = [f"rules: {p}" for p in verify(puzzle, solution, **c.rules.as_kwargs())]
    lengths = [len(p) for p in solution.paths.values()]
    n = len(puzzle.labels)
    if n == 0:
        out.append("no labels")
    if any(x < c.shortest_path for x in lengths):
        out.append(f"a path shorter than {c.shortest_path}")
    if c.max_length is not None and any(x > c.max_length for x in lengths):
        out.append(f"a path longer than {c.max_length}")
    if c.min_labels is not None and n < c.min_labels:
        out.append(f"{n} labels < min_labels {c.min_labels}")
    if c.max_labels is not None and n > c.max_labels:
        out.append(f"{n} labels > max_labels {c.max_labels}")
    if puzzle.blocked and not c.blocked_allowed:
        out.append(f"{len(puzzle.blocked)} blocked cells")
    if c.empty_share is not None:
        low, high = _empty_bounds(c)
        empty = c.width * c.height - sum(lengths) - len(puzzle.blocked)
        if not low <= empty <= high:
            out.append(f"{empty} empty cells, not within {low}..{high}")
    if c.difficulty is not None and rate_it:
        score = rate(puzzle, fill=c.rules.fill, no_touch=c.rules.no_touch,
                     no_2x2=c.rules.no_2x2).score
        if not c.difficulty[0] <= score <= c.difficulty[1]:
            out.append(f"difficulty {score:g} not within {c.difficulty[0]:g}.."
                       f"{c.difficulty[1]:g}")
    return out + _placement_problems(puzzle, c)


def _placement_problems(puzzle: Puzzle, c: GeneratorControls) -> list[str]:
    """Symmetry, border and spacing of the clues (and blocked cells)."""
    out: list[str] = []
    ends = {cell for pair in puzzle.endpoints.values() for cell in pair}
    m = mirror_map(c.width, c.height, c.symmetry)
    if m is not None:
        w = c.width
        for name, cells in (("clues", ends), ("blocked cells", set(puzzle.blocked))):
            if {divmod(m[r * w + col], w) for r, col in cells} != cells:
                out.append(f"{name} not {c.symmetry}-symmetric")
    if c.no_border_clues and any(r in (0, c.height - 1) or col in (0, c.width - 1)
                                 for r, col in ends):
        out.append("a clue on the border")
    if c.no_adjacent_ends and any((r + dr, col + dc) in ends for r, col in ends
                                  for dr, dc in ((0, 1), (1, 0))):
        out.append("two clues side by side")
    return out


DRAWS_PER_ATTEMPT = 25
"""Candidates drawn per attempt until one meets the shape controls (empty share, clue
placement, leftovers); each attempt then proves at most one."""

_CHECK_DRAWN_CELLS = 40_000
"""Boards up to this size get the drawn intended solution verified before the proof."""


@dataclass
class _Attempts:
    """The state of one :func:`generate_with_solution` call across its candidates."""

    controls: GeneratorControls
    rng: random.Random
    run_deadline: Deadline
    mirror: list[int] | None
    seconds_paths: float = 0.0
    seconds_proving: float = 0.0
    timeouts: int = 0
    conflicts: int = 0
    draws: int = 0
    reasons: list[str] = field(default_factory=list)
    rejected: dict[str, int] = field(default_factory=dict)
    last_timeout: SolveTimeout | None = None

    def reject(self, phase: str, why: str) -> None:
        self.reasons.append(why)
        self.rejected[phase] = self.rejected.get(phase, 0) + 1

    @property
    def removed(self) -> str:
        """What a cell taken off a path becomes: blocked, empty, or nothing may be taken."""
        c = self.controls
        if c.blocked_allowed:
            return "blocked"
        return "empty" if c.designs_empty_cells else "none"

    def policy(self) -> RepairPolicy:
        c = self.controls
        return RepairPolicy(
            min_length=c.shortest_path, cuts=not c.no_adjacent_ends, removed=self.removed,
            gaps=c.no_adjacent_ends or c.symmetry != "none" or c.no_border_clues,
            mirror=self.mirror, border_free=c.no_border_clues,
            spaced_ends=c.no_adjacent_ends)

    # -- phase 1: draw and shape ------------------------------------------------
    def draw(self) -> Layout | None:
        """One candidate shaped to the controls, or None (the reason recorded)."""
        c, rng = self.controls, self.rng
        w, h = c.width, c.height
        if self.mirror is None:
            raw = random_paths(w, h, rng, max_length=c.max_length, deadline=self.run_deadline)
            paths = [[r * w + col for r, col in p] for p in raw.paths]
            free = {r * w + col for r, col in raw.isolated}
        else:
            paths, free = symmetric_paths(w, h, rng, self.mirror, max_length=c.max_length,
                                          deadline=self.run_deadline)
        layout = Layout(w, h, paths, free, set(), self.mirror)
        induced = not c.fill or c.no_touch or c.no_2x2
        if not settle_leftovers(layout, rng, shortest=c.shortest_path, max_length=c.max_length,
                                removed=self.removed, induced=induced):
            self.reject("leftovers", "drawn paths break the length/blocked controls")
            return None
        if c.max_labels is not None and len(layout.paths) > c.max_labels and not c.thin:
            drawn = len(layout.paths)
            # leave room for the repairs, which add labels
            target = max(c.min_labels or 1, c.max_labels - max(1, c.max_labels // 10))
            if self.mirror is not None or not merge_down(
                    layout, target, rng, max_length=c.max_length, induced=induced):
                self.reject("max_labels", f"{drawn} paths drawn, cannot join them down to "
                            f"max_labels={c.max_labels}")
                return None
        if (c.no_border_clues or c.no_adjacent_ends) and not space_ends(
                layout, shortest=c.shortest_path, removed=self.removed,
                border=c.no_border_clues, spaced=c.no_adjacent_ends):
            self.reject("clue placement", "clues cannot be moved off the border / apart")
            return None
        if c.designs_empty_cells:
            low, high = _empty_bounds(c)
            if not make_empty(layout, rng, low=low, high=high, shortest=c.shortest_path,
                              border=c.no_border_clues, spaced=c.no_adjacent_ends):
                self.reject("empty share", f"{len(layout.free)} empty cells, not within "
                            f"{low}..{high}")
                return None
        if not layout.paths:
            self.reject("leftovers", "no path left on the board")
            return None
        return layout

    def check_drawn(self, layout: Layout) -> bool:
        c = self.controls
        blocked = frozenset(divmod(i, c.width) for i in layout.blocked)
        puzzle, solution = _finish(c.width, c.height, layout.paths, blocked)
        problems = verify(puzzle, solution, **c.rules.as_kwargs())
        if problems:  # e.g. a leftover cell appended to a path end made it touch itself
            self.reject("rules", "drawn paths break the rules: " + problems[0])
            return False
        return True

    def draw_shaped(self) -> Layout | None:
        """:meth:`draw` until a candidate meets the shape controls, at most
        :data:`DRAWS_PER_ATTEMPT` times (drawing is cheap next to a proof)."""
        for _ in range(DRAWS_PER_ATTEMPT):
            self.draws += 1
            layout = self.draw()
            if layout is not None:
                return layout
            self.run_deadline.check("generating")
        return None

    # -- phase 2: prove and repair ----------------------------------------------
    def budget(self) -> ProofBudget:
        c = self.controls
        limit = c.candidate_time_limit
        left = self.run_deadline.remaining()
        if left is not None:
            limit = left if limit is None else min(limit, left)
        return ProofBudget(c.solver, Deadline(max(0.0, limit) if limit is not None else None),
                           conflict_budget=c.conflict_budget)

    def prove(self, layout: Layout) -> ProofResult | None:
        c = self.controls
        budget = self.budget()
        started = time.perf_counter()
        try:
            return prove_and_repair(
                c.width, c.height, layout.paths,
                frozenset(divmod(i, c.width) for i in layout.blocked),
                options=c.rules, deadline=budget.deadline, solver=c.solver,
                min_labels=c.min_labels, max_labels=None if c.thin else c.max_labels,
                max_rounds=c.max_rounds,
                local_window=c.local_window, policy=self.policy(), budget=budget,
            )
        except SolveTimeout as exc:
            self.run_deadline.check("generating")  # the whole run is over: raise
            self.timeouts += 1
            self.last_timeout = exc
            self.reject("timeout", f"timeout: {exc}")
        except BudgetExhausted as exc:
            self.reject("conflict budget", str(exc))
        except RepairFailed as exc:
            self.reject("repairs", str(exc))
        finally:
            self.seconds_proving += time.perf_counter() - started
            self.conflicts += budget.spent
        return None

    # -- phase 3: accept -----------------------------------------------------------
    def accept(self, result: ProofResult, attempt: int) -> GeneratedPuzzle | None:
        c = self.controls
        puzzle, solution = _finish(c.width, c.height, result.segments, result.blocked)
        problems = verify(puzzle, solution, **c.rules.as_kwargs())
        if problems:  # pragma: no cover - repairs keep the intended solution valid
            raise InternalError("repaired intended solution is invalid: " + problems[0])
        thinned = self.thin(puzzle, solution) if c.thin else None
        if thinned is not None:
            puzzle, solution = thinned.puzzle, thinned.solution
            if c.max_labels is not None and len(puzzle.labels) > c.max_labels:
                self.reject("thin", f"thinned to {len(puzzle.labels)} labels, not down to "
                            f"max_labels={c.max_labels} ({thinned.stopped})")
                return None
        broken = control_problems(puzzle, solution, c, rate_it=False)
        if broken:
            self.reject("controls after repairs", broken[0])
            return None
        score = grade = None
        if c.rates:
            self.run_deadline.check("generating")
            rated = rate(puzzle, **c.rules.as_kwargs(), deadline=self.run_deadline)
            score, grade = rated.score, rated.grade
            if c.difficulty is not None and not c.difficulty[0] <= score <= c.difficulty[1]:
                self.reject("difficulty", f"difficulty {score:g} not within "
                            f"{c.difficulty[0]:g}..{c.difficulty[1]:g}")
                return None
        stats = GenerationStats(
            labels=len(puzzle.labels),
            blocked=len(puzzle.blocked),
            repair_steps=result.cuts + result.trims + result.reroutes + result.gaps // 2,
            cuts=result.cuts,
            trims=result.trims,
            reroutes=result.reroutes,
            repair_rounds=result.rounds,
            local_rounds=result.local_rounds,
            solve_calls=result.solve_calls,
            raw_unique=result.raw_unique,
            attempts=attempt,
            timeouts=self.timeouts,
            skipped_models=result.skipped_models,
            seconds_paths=self.seconds_paths,
            seconds_proving=self.seconds_proving,
            gap_cuts=result.gaps // 2,
            empty=c.width * c.height - sum(len(p) for p in result.segments)
            - len(result.blocked),
            conflicts=self.conflicts,
            rejected=dict(self.rejected),
            difficulty=score,
            difficulty_grade=grade,
            draws=self.draws,
            thin_merges=thinned.merges if thinned else 0,
            thin_shifts=len(thinned.steps) - thinned.merges if thinned else 0,
            thin_asked=thinned.asked if thinned else 0,
            seconds_thinning=thinned.seconds if thinned else 0.0,
        )
        return GeneratedPuzzle(puzzle, solution, stats)

    def thin(self, puzzle: Puzzle, solution: Solution) -> Thinned | None:
        """The proven puzzle thinned towards ``max_labels`` (module ``thin``), every
        candidate kept to the length, ``min_labels`` and clue-placement controls; ``None`` when the
        time left did not even cover the first proof."""
        c = self.controls
        limit = self.run_deadline.within(c.thin_time_limit).time_limit

        def keep(p: Puzzle, s: Solution) -> bool:
            longest = max(len(path) for path in s.paths.values())
            return ((c.max_length is None or longest <= c.max_length)
                    and len(p.labels) >= (c.min_labels or 1)
                    and not _placement_problems(p, c))

        try:
            return thin(puzzle, solution, fill=c.fill, no_touch=c.no_touch, no_2x2=c.no_2x2,
                        target_labels=c.max_labels if c.max_labels is not None
                        else c.min_labels,
                        min_length=c.shortest_path, time_limit=limit, rng=self.rng,
                        solver=c.solver, keep=keep,
                        proof_time_limit=min(DEFAULT_PROOF_TIME_LIMIT, limit or math.inf))
        except SolveTimeout:
            return None
        finally:
            self.run_deadline.check("generating")

    def run(self) -> GeneratedPuzzle:
        c = self.controls
        for attempt in range(1, c.max_attempts + 1):
            self.run_deadline.check("generating")
            started = time.perf_counter()
            layout = self.draw_shaped()
            self.run_deadline.check("generating")
            # valid by construction; checked on boards where it is cheap (the final
            # answer is always checked by the verifier)
            ok = layout is not None and (c.width * c.height > _CHECK_DRAWN_CELLS
                                         or self.check_drawn(layout))
            self.seconds_paths += time.perf_counter() - started
            if not ok or layout is None:
                continue
            result = self.prove(layout)
            if result is None:
                continue
            made = self.accept(result, attempt)
            if made is not None:
                return made
        message = (
            f"no proven-unique {c.width}x{c.height} puzzle in {c.max_attempts} attempts "
            f"({c.rules.describe()}); last: {self.reasons[-1] if self.reasons else '?'}"
        )
        if self.timeouts == c.max_attempts and self.last_timeout is not None:
            raise GenerationFailed(message) from self.last_timeout
        raise GenerationFailed(message)


_CONTROL_NAMES = frozenset(f.name for f in fields(GeneratorControls) if f.init) - {
    "width", "height", "candidate_time_limit"}


def _make_rng(seed: Any, rng: Any) -> random.Random:
    if seed is not None and rng is not None:
        raise InvalidArgumentError("give seed or rng, not both")
    if rng is None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidArgumentError(
                f"seed must be an int or None, not {type(seed).__name__}")
        return random.Random(seed)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    return rng


def make_controls(width: Any, height: Any, **controls: Any) -> GeneratorControls:
    """:class:`GeneratorControls` from the keyword names of :func:`generate_with_solution`.

    ``time_limit`` is the per-candidate limit there (``candidate_time_limit`` here).

    >>> make_controls(4, 4, time_limit=5).candidate_time_limit
    5
    """
    if "time_limit" in controls:
        controls["candidate_time_limit"] = controls.pop("time_limit")
    unknown = set(controls) - _CONTROL_NAMES - {"candidate_time_limit"}
    if unknown:
        raise TypeError(f"unknown generator control(s): {', '.join(sorted(unknown))}")
    return GeneratorControls(width, height, **controls)


def generate_with_solution(
    width: int,
    height: int,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    controls: GeneratorControls | None = None,
    total_time_limit: float | None = None,
    **options: Any,
) -> GeneratedPuzzle:
    """A random ``width`` x ``height`` puzzle proven unique under the chosen rules.

    Randomness comes only from ``seed`` or ``rng`` (a ``random.Random``, advanced in
    place; give at most one): the same seed gives the same puzzle, on any machine, as
    long as no candidate hits a wall-clock limit (use ``conflict_budget`` for a
    machine-independent one).

    The controls are the fields of :class:`GeneratorControls`, given as keywords (or
    as one ``controls`` object): ``fill``/``no_touch``/``no_2x2`` the rule variant the
    uniqueness holds under; ``min_length``/``max_length`` cells per path;
    ``min_labels``/``max_labels`` the label count (above ``max_labels``, paths whose
    ends touch are joined, leaving a tenth of the bound for repairs; below
    ``min_labels`` the longest path is cut); ``allow_blocked=False`` forbids blocked
    cells; ``empty_share=(lo, hi)`` (without fill) cells left empty by design;
    ``symmetry``; ``no_adjacent_ends``; ``no_border_clues``; ``time_limit`` bounds
    the proof of one candidate (``candidate_time_limit``), ``total_time_limit`` the
    whole call (past it :class:`~numberlink_sat.errors.SolveTimeout` is raised);
    ``conflict_budget``, ``max_attempts``, ``max_rounds``, ``local_window``;
    ``thin=True`` joins paths of the proven puzzle while it stays unique, down to
    ``max_labels`` (which then is not met by joining drawn paths) or for at most
    ``thin_time_limit`` seconds (module :mod:`.thin`; a walk cut short by a wall-clock
    limit is not reproducible by seed).

    Raises :class:`GenerationFailed` when no candidate succeeded (with
    :class:`~numberlink_sat.errors.SolveTimeout` as its cause if every one timed out),
    and ``ValueError``/:class:`~numberlink_sat.errors.InvalidPuzzleError` for bad
    controls.
    """
    c = controls if controls is not None else make_controls(width, height, **options)
    if controls is not None and (options or (c.width, c.height) != (width, height)):
        raise InvalidArgumentError(
            "give controls or keyword controls, not both, for the same size")
    _check_total(total_time_limit)
    attempts = _Attempts(c, _make_rng(seed, rng), Deadline(total_time_limit),
                         mirror_map(c.width, c.height, c.symmetry))
    return attempts.run()


def _check_total(total_time_limit: Any) -> None:
    if total_time_limit is not None and (
            isinstance(total_time_limit, bool) or not isinstance(total_time_limit, (int, float))
            or not total_time_limit > 0):
        raise InvalidArgumentError(
            f"total_time_limit must be a positive number of seconds or None, "
            f"not {total_time_limit!r}")


def generate(width: int, height: int, **controls: Any) -> Puzzle:
    """A random puzzle proven unique; see :func:`generate_with_solution` for the controls.

    >>> p = generate(6, 6, seed=1)
    >>> (p.width, p.height) == (6, 6) and len(p.labels) >= 1
    True
    """
    return generate_with_solution(width, height, **controls).puzzle


def generate_many(
    width: int,
    height: int,
    count: int,
    *,
    seed: int | None = None,
    total_time_limit: float | None = None,
    **controls: Any,
) -> Iterator[GeneratedPuzzle]:
    """``count`` puzzles from one random stream seeded by ``seed`` (reproducible).

    ``total_time_limit`` covers the whole stream: past it, the next puzzle raises
    :class:`~numberlink_sat.errors.SolveTimeout` (the puzzles already yielded stand).

    >>> [g.puzzle for g in generate_many(4, 4, 2, seed=5)] == \
[g.puzzle for g in generate_many(4, 4, 2, seed=5)]
    True
    """
    _check_int("count", count, 0)
    c = make_controls(width, height, **controls)
    _check_total(total_time_limit)
    rng = _make_rng(seed, None)
    deadline = Deadline(total_time_limit)

    def stream() -> Iterator[GeneratedPuzzle]:
        for _ in range(count):
            left = deadline.remaining()
            if left is not None and left <= 0:
                deadline.check("generating")
            yield generate_with_solution(width, height, rng=rng, controls=c,
                                         total_time_limit=left)

    return stream()


def _check_int(name: str, value: Any, low: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        raise InvalidArgumentError(f"{name} must be >= {low}, got {value}")
