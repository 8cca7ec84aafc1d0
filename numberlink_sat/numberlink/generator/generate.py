"""Generate Numberlink puzzles whose unique solution is proven by SAT.

The seeds' construction (:mod:`.paths`) draws random non-touching paths over the whole
board; their ends are the labels and the cells left over (isolated) are blocked. The
candidate is then proven unique, or repaired by cutting paths until it is
(:mod:`.uniqueness`). Only proven-unique puzzles are returned: a candidate that cannot
be repaired within the controls, or that the solver cannot decide within
``time_limit``, is dropped and a new one drawn, up to ``max_attempts``.

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

import random
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from numberlink_sat.errors import (
    InternalError,
    InvalidArgumentError,
    InvalidPuzzleError,
    NumberlinkSatError,
    SolveTimeout,
)
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.encode import RuleOptions
from numberlink_sat.numberlink.generator.paths import random_paths
from numberlink_sat.numberlink.generator.uniqueness import RepairFailed, prove_and_repair
from numberlink_sat.numberlink.model import MAX_SIDE, Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import check_solver

__all__ = [
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_TIME_LIMIT",
    "GENERATOR_SOLVER",
    "GeneratedPuzzle",
    "GenerationFailed",
    "GenerationStats",
    "check_controls",
    "generate",
    "generate_many",
    "generate_with_solution",
]

DEFAULT_TIME_LIMIT = 120.0
"""Seconds allowed to prove (and repair) one candidate; past it the candidate is dropped."""

DEFAULT_MAX_ATTEMPTS = 10
"""Candidates drawn before :func:`generate` gives up."""

GENERATOR_SOLVER = "glucose4"
"""The generator's default PySAT solver: measured about 3x faster than ``cadical195``
on this workload (many incremental calls, a blocked intended solution; 100x100 median
16.6 s against 48.5 s, ``benchmarks/results/generate-*.md``). Any incremental solver
can be passed as ``solver=``."""


class GenerationFailed(NumberlinkSatError):
    """No candidate could be made unique within the controls and ``max_attempts``."""


@dataclass(frozen=True)
class GenerationStats:
    """What making one puzzle took.

    ``repair_steps`` = ``cuts`` + ``trims`` + ``reroutes`` (path ends moved, only
    without blocked cells), made in ``repair_rounds`` global rounds and
    ``local_rounds`` window rounds; ``raw_unique``: the accepted candidate was
    already unique as the seeds' algorithm drew it; ``attempts``: candidates drawn (the
    rejected ones included); times in seconds, summed over all attempts.
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

    @property
    def seconds(self) -> float:
        """Total time: building paths plus proving."""
        return self.seconds_paths + self.seconds_proving

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


def _check_int(name: str, value: Any, low: int, *, none_ok: bool = True) -> None:
    if value is None and none_ok:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        raise InvalidArgumentError(f"{name} must be >= {low}, got {value}")


def check_controls(
    width: Any,
    height: Any,
    *,
    min_length: Any = 2,
    max_length: Any = None,
    min_labels: Any = None,
    max_labels: Any = None,
    max_attempts: Any = DEFAULT_MAX_ATTEMPTS,
    time_limit: Any = DEFAULT_TIME_LIMIT,
) -> None:
    """Raise a clear error for controls no generator run can honour.

    >>> check_controls(1, 1)
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.InvalidPuzzleError: a 1x1 board has no two adjacent cells; \
need at least 2 cells
    """
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidPuzzleError(f"{name} must be an int, not {type(value).__name__}")
        if not 1 <= value <= MAX_SIDE:
            raise InvalidPuzzleError(f"{name} {value} is out of range 1..{MAX_SIDE}")
    if width * height < 2:
        raise InvalidPuzzleError(
            f"a {width}x{height} board has no two adjacent cells; need at least 2 cells"
        )
    _check_int("min_length", min_length, 2, none_ok=False)
    _check_int("max_length", max_length, 2)
    _check_int("min_labels", min_labels, 1)
    _check_int("max_labels", max_labels, 1)
    _check_int("max_attempts", max_attempts, 1, none_ok=False)
    if max_length is not None and min_length > max_length:
        raise InvalidArgumentError(f"min_length {min_length} is above max_length {max_length}")
    if min_labels is not None and max_labels is not None and min_labels > max_labels:
        raise InvalidArgumentError(f"min_labels {min_labels} is above max_labels {max_labels}")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise InvalidArgumentError(
                f"time_limit must be a number of seconds or None, not {time_limit!r}")
        if not time_limit > 0:
            raise InvalidArgumentError(f"time_limit must be > 0, got {time_limit}")


def _shape(
    width: int,
    height: int,
    rng: random.Random,
    *,
    min_length: int,
    max_length: int | None,
    allow_blocked: bool,
    induced: bool = False,
) -> tuple[list[list[int]], set[int]] | None:
    """One candidate: the seeds' paths as cell indices, and the blocked cells (or None).

    Paths shorter than ``min_length`` become blocked cells (rejected without
    ``allow_blocked``). Without ``allow_blocked``, every isolated cell is appended to a
    neighbouring path end when it can be, else a neighbouring path is split there and
    the cell appended to one piece (with ``induced``, only where the path does not come
    to touch itself); failing both, the candidate is rejected.
    """
    raw = random_paths(width, height, rng, max_length=max_length)
    paths: list[list[int]] = []
    blocked: set[int] = {r * width + c for r, c in raw.isolated}
    for p in raw.paths:
        cells = [r * width + c for r, c in p]
        if len(cells) >= min_length:
            paths.append(cells)
        elif allow_blocked:
            blocked.update(cells)
        else:
            return None
    if blocked and not allow_blocked:
        ends: dict[int, int] = {}
        for k, path in enumerate(paths):
            ends[path[0]] = k
            ends[path[-1]] = k
        owner = {i: k for k, path in enumerate(paths) for i in path}
        for x in sorted(blocked):
            r, c = divmod(x, width)
            around = [y for y in (x - width if r else -1, x + 1 if c + 1 < width else -1,
                                  x + width if r + 1 < height else -1, x - 1 if c else -1)
                      if y >= 0]
            options = []
            for y in around:
                k = ends.get(y, -1)
                if k < 0 or (max_length is not None and len(paths[k]) >= max_length):
                    continue
                if induced and any(owner.get(z) == k for z in around if z != y):
                    continue
                options.append((y, k))
            if not options:
                if not _split_into(x, around, paths, ends, owner, rng,
                                   min_length=min_length, max_length=max_length,
                                   induced=induced):
                    return None
                continue
            y, k = options[rng.randrange(len(options))]
            del ends[y]
            if paths[k][0] == y:
                paths[k].insert(0, x)
            else:
                paths[k].append(x)
            ends[x] = k
            owner[x] = k
        blocked = set()
    return paths, blocked


def _split_into(
    x: int,
    around: list[int],
    paths: list[list[int]],
    ends: dict[int, int],
    owner: dict[int, int],
    rng: random.Random,
    *,
    min_length: int,
    max_length: int | None,
    induced: bool,
) -> bool:
    """Take leftover cell ``x`` into a path through a neighbour ``y``: split it there.

    ``a .. y z .. b`` becomes ``a .. y x`` and ``z .. b`` (or ``x y .. b`` and
    ``a .. w``): both valid paths, every cell still covered. Returns False when no
    split keeps the lengths within bounds (and, with ``induced``, the new path from
    touching itself).
    """
    options = []
    for y in around:
        k = owner.get(y, -1)
        if k < 0:
            continue
        path = paths[k]
        pos = path.index(y)
        for forward in (True, False):
            head = [*path[: pos + 1], x] if forward else [x, *path[pos:]]
            rest = path[pos + 1:] if forward else path[:pos]
            if len(rest) < min_length or (max_length is not None and len(head) > max_length):
                continue
            if induced and any(owner.get(z) == k and z != y and z not in rest for z in around):
                continue
            options.append((k, head, rest))
    if not options:
        return False
    k, head, rest = options[rng.randrange(len(options))]
    paths[k] = head
    paths.append(rest)
    new = len(paths) - 1
    for i in rest:
        owner[i] = new
    owner[x] = k
    for i in (head[0], head[-1]):
        ends[i] = k
    for i in (rest[0], rest[-1]):
        ends[i] = new
    return True


def _merge_down(
    paths: list[list[int]],
    blocked: set[int],
    target: int,
    width: int,
    height: int,
    rng: random.Random,
    *,
    max_length: int | None,
    induced: bool,
) -> bool:
    """Join paths end to end until at most ``target`` remain (for ``max_labels``).

    Two paths ``.. x`` and ``y ..`` with ``x`` next to ``y`` become one path ``.. x y ..``,
    or ``.. x b y ..`` through a blocked cell ``b`` next to both (it is unblocked); the
    intended solution stays valid. With ``induced`` only joins that keep the path from
    touching itself are made. Returns whether the target was reached.
    """

    def nbrs(i: int) -> list[int]:
        r, c = divmod(i, width)
        return [j for j, ok in ((i - width, r > 0), (i + 1, c + 1 < width),
                                (i + width, r + 1 < height), (i - 1, c > 0)) if ok]

    while len(paths) > target:
        ends = {}
        for k, p in enumerate(paths):
            ends[p[0]] = k
            ends[p[-1]] = k
        joins: list[tuple[int, int, list[int], int, int]] = []
        for x, k in ends.items():
            for y in nbrs(x):
                via: list[int] = []
                m = ends.get(y, -1)
                if m < 0 and y in blocked:
                    for z in nbrs(y):
                        m2 = ends.get(z, -1)
                        if m2 > k:
                            joins.append((x, k, [y], z, m2))
                    continue
                if m > k:
                    joins.append((x, k, via, y, m))
        rng.shuffle(joins)
        for x, k, via, y, m in joins:
            if max_length is not None and len(paths[k]) + len(via) + len(paths[m]) > max_length:
                continue
            first = paths[k] if paths[k][-1] == x else paths[k][::-1]
            second = paths[m] if paths[m][0] == y else paths[m][::-1]
            joined = first + via + second
            if induced:
                position = {c: i for i, c in enumerate(joined)}
                if any(abs(position.get(j, i + 1) - i) != 1
                       for i, c in enumerate(joined) for j in nbrs(c) if j in position):
                    continue
            paths[k] = joined
            del paths[m]
            blocked.difference_update(via)
            break
        else:
            return False
    return True


def _finish(
    width: int, height: int, segments: list[list[int]], blocked: frozenset[Cell]
) -> tuple[Puzzle, Solution]:
    """Labels ``1..k`` in row-major order of the first end; each path from that end."""
    oriented = [seg if seg[0] < seg[-1] else seg[::-1] for seg in segments]
    oriented.sort(key=lambda seg: seg[0])
    paths = {
        str(k + 1): [divmod(i, width) for i in seg] for k, seg in enumerate(oriented)
    }
    puzzle = Puzzle(width, height, {lab: (p[0], p[-1]) for lab, p in paths.items()}, blocked)
    return puzzle, Solution(width, height, paths)


def generate_with_solution(
    width: int,
    height: int,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    min_length: int = 2,
    max_length: int | None = None,
    min_labels: int | None = None,
    max_labels: int | None = None,
    allow_blocked: bool = True,
    solver: str = GENERATOR_SOLVER,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    max_rounds: int = 200,
    local_window: int | None = 10,
) -> GeneratedPuzzle:
    """A random ``width`` x ``height`` puzzle proven unique under the chosen rules.

    Randomness comes only from ``seed`` or ``rng`` (a ``random.Random``, advanced in
    place; give at most one): the same seed gives the same puzzle, as long as no
    candidate hits ``time_limit`` (a timeout depends on the machine).

    Controls: ``fill``/``no_touch``/``no_2x2`` the rule variant the uniqueness holds
    under; ``min_length``/``max_length`` cells per path (``max_length`` stops the
    seeds' walk; repairs never cut below ``min_length``; drawn paths below it become
    blocked cells); ``min_labels``/``max_labels`` the label count (above ``max_labels``,
    paths whose ends touch are joined, leaving a tenth of the bound for repairs; below
    ``min_labels`` the longest path is cut); ``allow_blocked=False`` forbids blocked
    cells (isolated cells are then appended to a neighbouring path end).
    ``time_limit`` bounds the proof of one candidate, ``max_attempts`` the candidates,
    ``max_rounds`` the repair rounds per candidate; ``local_window`` the side of the
    windows in which boards of 900 cells or more are repaired before the global proof
    (``None``: off; a speed knob, never a correctness one).

    Raises :class:`GenerationFailed` when no candidate succeeded (with
    :class:`~numberlink_sat.errors.SolveTimeout` as its cause if every one timed out),
    and ``ValueError``/:class:`~numberlink_sat.errors.InvalidPuzzleError` for bad
    controls.
    """
    check_controls(width, height, min_length=min_length, max_length=max_length,
                   min_labels=min_labels, max_labels=max_labels,
                   max_attempts=max_attempts, time_limit=time_limit)
    _check_int("max_rounds", max_rounds, 0, none_ok=False)
    solver = check_solver(solver)
    options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    if seed is not None and rng is not None:
        raise InvalidArgumentError("give seed or rng, not both")
    if rng is None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidArgumentError(f"seed must be an int or None, not {type(seed).__name__}")
        rng = random.Random(seed)
    elif not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")

    seconds_paths = seconds_proving = 0.0
    timeouts = 0
    reasons: list[str] = []
    last_timeout: SolveTimeout | None = None
    for attempt in range(1, max_attempts + 1):
        started = time.perf_counter()
        shaped = _shape(width, height, rng, min_length=min_length, max_length=max_length,
                        allow_blocked=allow_blocked, induced=no_touch or no_2x2)
        if shaped is None:
            seconds_paths += time.perf_counter() - started
            reasons.append("drawn paths break the length/blocked controls")
            continue
        paths, blocked = shaped
        drawn, merged = len(paths), True
        if max_labels is not None and drawn > max_labels:
            # leave room for the repairs, which add labels
            target = max(min_labels or 1, max_labels - max(1, max_labels // 10))
            merged = _merge_down(paths, blocked, target, width, height, rng,
                                 max_length=max_length,
                                 induced=no_touch or no_2x2)
        seconds_paths += time.perf_counter() - started
        if not merged:
            reasons.append(f"{drawn} paths drawn, cannot join them down to max_labels="
                           f"{max_labels}")
            continue
        blocked_cells = {divmod(i, width) for i in blocked}
        drawn_puzzle, drawn_solution = _finish(width, height, paths, frozenset(blocked_cells))
        problems = verify(drawn_puzzle, drawn_solution, **options.as_kwargs())
        if problems:  # e.g. a leftover cell appended to a path end made it touch itself
            reasons.append("drawn paths break the rules: " + problems[0])
            continue
        started = time.perf_counter()
        try:
            result = prove_and_repair(
                width, height, paths, blocked_cells,
                options=options, deadline=Deadline(time_limit), solver=solver,
                min_length=min_length, min_labels=min_labels, max_labels=max_labels,
                allow_trim=allow_blocked, max_rounds=max_rounds, local_window=local_window,
            )
        except SolveTimeout as exc:
            timeouts += 1
            last_timeout = exc
            reasons.append(f"timeout: {exc}")
            continue
        except RepairFailed as exc:
            reasons.append(str(exc))
            continue
        finally:
            seconds_proving += time.perf_counter() - started
        puzzle, solution = _finish(width, height, result.segments, result.blocked)
        problems = verify(puzzle, solution, **options.as_kwargs())
        if problems:  # pragma: no cover - repairs keep the intended solution valid
            raise InternalError("repaired intended solution is invalid: " + problems[0])
        stats = GenerationStats(
            labels=len(puzzle.labels),
            blocked=len(puzzle.blocked),
            repair_steps=result.cuts + result.trims + result.reroutes,
            cuts=result.cuts,
            trims=result.trims,
            reroutes=result.reroutes,
            repair_rounds=result.rounds,
            local_rounds=result.local_rounds,
            solve_calls=result.solve_calls,
            raw_unique=result.raw_unique,
            attempts=attempt,
            timeouts=timeouts,
            skipped_models=result.skipped_models,
            seconds_paths=seconds_paths,
            seconds_proving=seconds_proving,
        )
        return GeneratedPuzzle(puzzle, solution, stats)
    message = (
        f"no proven-unique {width}x{height} puzzle in {max_attempts} attempts "
        f"({options.describe()}); last: {reasons[-1] if reasons else '?'}"
    )
    if timeouts == max_attempts and last_timeout is not None:
        raise GenerationFailed(message) from last_timeout
    raise GenerationFailed(message)


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
    **controls: Any,
) -> Iterator[GeneratedPuzzle]:
    """``count`` puzzles from one random stream seeded by ``seed`` (reproducible).

    >>> [g.puzzle for g in generate_many(4, 4, 2, seed=5)] == \
[g.puzzle for g in generate_many(4, 4, 2, seed=5)]
    True
    """
    _check_int("count", count, 0, none_ok=False)
    check_controls(width, height, **{
        k: v for k, v in controls.items()
        if k in ("min_length", "max_length", "min_labels", "max_labels", "max_attempts",
                 "time_limit")
    })
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidArgumentError(f"seed must be an int or None, not {type(seed).__name__}")
    rng = random.Random(seed)

    def stream() -> Iterator[GeneratedPuzzle]:
        for _ in range(count):
            yield generate_with_solution(width, height, rng=rng, **controls)

    return stream()
