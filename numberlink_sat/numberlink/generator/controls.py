"""The generator's controls: one frozen object, validated once before any work.

Every control is checked for its type and range, and together for feasibility: a
request no board can meet (a 20-cell path on a 5x5 board, more labels than cells
allow, an empty-cell share under the fill rule) is a clear error up front, never a
long run that ends in nothing.

>>> c = GeneratorControls(8, 8, symmetry="rot180", no_border_clues=True)
>>> c.symmetry, c.rules.describe()
('rot180', 'fill')
>>> GeneratorControls(5, 5, min_length=20)
Traceback (most recent call last):
...
numberlink_sat.errors.InvalidPuzzleError: min_length 20 is more than the longest \
non-touching path of a 5x5 board (17 cells)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from numberlink_sat.errors import InvalidArgumentError, InvalidPuzzleError
from numberlink_sat.numberlink.encode import RuleOptions
from numberlink_sat.numberlink.model import MAX_SIDE
from numberlink_sat.sat.solvers import check_solver

__all__ = [
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_TIME_LIMIT",
    "GENERATOR_SOLVER",
    "MAX_CELLS",
    "SYMMETRIES",
    "GeneratorControls",
    "check_controls",
    "longest_induced_path",
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

MAX_CELLS = 25_000_000
"""The largest board the generator accepts (the bound the puzzle readers keep)."""

SYMMETRIES = ("none", "rot180", "mirror-lr", "mirror-tb")
"""Clue symmetries: none, a half turn, a mirror left-right, a mirror top-bottom."""


def _check_int(name: str, value: Any, low: int, *, none_ok: bool = True) -> None:
    if value is None and none_ok:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int, not {type(value).__name__}")
    if value < low:
        raise InvalidArgumentError(f"{name} must be >= {low}, got {value}")


def _check_seconds(name: str, value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidArgumentError(
            f"{name} must be a number of seconds or None, not {value!r}")
    if not value > 0 or math.isnan(value):
        raise InvalidArgumentError(f"{name} must be > 0, got {value}")


def _check_range(name: str, value: Any, low: float, high: float) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        lo, hi = value
        lo, hi = float(lo), float(hi)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{name} must be a pair (min, max), not {value!r}") from None
    if not (low <= lo <= hi <= high):
        raise InvalidArgumentError(
            f"{name} must be (min, max) with {low:g} <= min <= max <= {high:g}, "
            f"got ({lo:g}, {hi:g})")
    return lo, hi


@lru_cache(maxsize=256)
def longest_induced_path(width: int, height: int) -> int:
    """Cells of the longest path that never touches itself on a ``width`` x ``height`` board.

    Exact (a depth-first search) up to 36 cells; above, an upper bound: such a path
    holds at most 3 cells of any 2x2 square, counted on a tiling by 2x2 squares plus
    the odd row and column.

    >>> longest_induced_path(3, 3), longest_induced_path(5, 5), longest_induced_path(1, 9)
    (7, 17, 9)
    """
    if width == 1 or height == 1:
        return width * height
    if width * height > 36:
        blocks = (width // 2) * (height // 2)
        rest = (width % 2) * height + (height % 2) * width - (width % 2) * (height % 2)
        return 3 * blocks + rest
    return _search_induced(width, height)


def _search_induced(w: int, h: int) -> int:
    n = w * h
    nbrs = [[j for j, ok in ((i - w, i >= w), (i + 1, i % w < w - 1), (i + w, i < n - w),
                             (i - 1, i % w > 0)) if ok] for i in range(n)]
    on = bytearray(n)
    touching = [0] * n
    best = 0

    def place(x: int, delta: int) -> None:
        on[x] = delta > 0
        for y in nbrs[x]:
            touching[y] += delta

    def grow(tail: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        for x in nbrs[tail]:
            if not on[x] and touching[x] == 1:
                place(x, 1)
                grow(x, length + 1)
                place(x, -1)

    for start in range(n):
        r, c = divmod(start, w)
        if r <= (h - 1) // 2 and c <= (w - 1) // 2:  # the board's own symmetries
            place(start, 1)
            grow(start, 1)
            place(start, -1)
    return best


@dataclass(frozen=True)
class GeneratorControls:
    """Everything a generator run is asked to honour, validated once in ``__post_init__``.

    Rules (``fill``, ``no_touch``, ``no_2x2``) say under which variant the puzzle is
    unique. Shape: ``min_length``/``max_length`` cells per path, ``min_labels``/
    ``max_labels``, ``allow_blocked``; ``empty_share=(lo, hi)`` (only without fill): the
    intended solution leaves that share of the cells empty, no cell is blocked;
    ``symmetry`` one of :data:`SYMMETRIES` (the clue cells, and the blocked ones, map
    onto each other); ``no_adjacent_ends``: no two clue cells side by side (so no
    2-cell path); ``no_border_clues``: no clue on the board's edge;
    ``difficulty=(lo, hi)``: the score of :func:`~numberlink_sat.numberlink.difficulty.rate`
    (``rate_difficulty``: rate every puzzle, even without a range). Work:
    ``solver``, ``candidate_time_limit`` (seconds per candidate), ``conflict_budget``
    (SAT conflicts per candidate, a machine-independent limit), ``max_attempts``,
    ``max_rounds``, ``local_window``. ``thin``: once proven, the puzzle is thinned
    (:func:`~numberlink_sat.numberlink.generator.thin.thin`: paths joined while it stays
    unique) down to ``max_labels`` or as far as ``thin_time_limit`` seconds allow.

    >>> GeneratorControls(4, 4, fill=True, empty_share=(0.1, 0.2))
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.InvalidArgumentError: empty_share needs fill=False (under the \
fill rule every open cell is on a path)
    """

    width: int
    height: int
    fill: bool = True
    no_touch: bool = False
    no_2x2: bool = False
    min_length: int = 2
    max_length: int | None = None
    min_labels: int | None = None
    max_labels: int | None = None
    allow_blocked: bool = True
    empty_share: tuple[float, float] | None = None
    symmetry: str = "none"
    no_adjacent_ends: bool = False
    no_border_clues: bool = False
    difficulty: tuple[float, float] | None = None
    rate_difficulty: bool = False
    solver: str = GENERATOR_SOLVER
    candidate_time_limit: float | None = DEFAULT_TIME_LIMIT
    conflict_budget: int | None = None
    max_attempts: int = DEFAULT_MAX_ATTEMPTS
    max_rounds: int = 200
    local_window: int | None = 10
    thin: bool = False
    thin_time_limit: float | None = 60.0
    rules: RuleOptions = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._check_board()
        self._check_numbers()
        set_ = object.__setattr__
        set_(self, "solver", check_solver(self.solver))
        set_(self, "rules", RuleOptions(fill=self.fill, no_touch=self.no_touch,
                                        no_2x2=self.no_2x2))
        set_(self, "empty_share", _check_range("empty_share", self.empty_share, 0.0, 1.0))
        set_(self, "difficulty", _check_range("difficulty", self.difficulty, 0.0, math.inf))
        if self.symmetry not in SYMMETRIES:
            raise InvalidArgumentError(f"symmetry must be one of {', '.join(SYMMETRIES)}, "
                             f"not {self.symmetry!r}")
        self._check_feasible()

    def _check_board(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidPuzzleError(f"{name} must be an int, not {type(value).__name__}")
            if not 1 <= value <= MAX_SIDE:
                raise InvalidPuzzleError(f"{name} {value} is out of range 1..{MAX_SIDE}")
        cells = self.width * self.height
        if cells < 2:
            raise InvalidPuzzleError(
                f"a {self.width}x{self.height} board has no two adjacent cells; "
                "need at least 2 cells"
            )
        if cells > MAX_CELLS:
            raise InvalidPuzzleError(
                f"a {self.width}x{self.height} board has {cells} cells, more than the "
                f"{MAX_CELLS} the generator accepts"
            )

    def _check_numbers(self) -> None:
        for name in ("fill", "no_touch", "no_2x2", "allow_blocked", "no_adjacent_ends",
                     "no_border_clues", "rate_difficulty", "thin"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidArgumentError(
                    f"{name} must be True or False, not {getattr(self, name)!r}")
        _check_int("min_length", self.min_length, 2, none_ok=False)
        _check_int("max_length", self.max_length, 2)
        _check_int("min_labels", self.min_labels, 1)
        _check_int("max_labels", self.max_labels, 1)
        _check_int("max_attempts", self.max_attempts, 1, none_ok=False)
        _check_int("max_rounds", self.max_rounds, 0, none_ok=False)
        _check_int("local_window", self.local_window, 2)
        _check_int("conflict_budget", self.conflict_budget, 1)
        _check_seconds("candidate_time_limit", self.candidate_time_limit)
        _check_seconds("thin_time_limit", self.thin_time_limit)
        if self.max_length is not None and self.min_length > self.max_length:
            raise InvalidArgumentError(f"min_length {self.min_length} is above max_length "
                             f"{self.max_length}")
        if (self.min_labels is not None and self.max_labels is not None
                and self.min_labels > self.max_labels):
            raise InvalidArgumentError(f"min_labels {self.min_labels} is above max_labels "
                             f"{self.max_labels}")

    @property
    def shortest_path(self) -> int:
        """The shortest path allowed: ``min_length``, at least 3 with ``no_adjacent_ends``."""
        return max(self.min_length, 3) if self.no_adjacent_ends else self.min_length

    @property
    def rates(self) -> bool:
        """Whether every accepted puzzle is rated (a difficulty range, or asked for)."""
        return self.rate_difficulty or self.difficulty is not None

    @property
    def designs_empty_cells(self) -> bool:
        """Whether the intended solution leaves cells empty by design (``empty_share``)."""
        return self.empty_share is not None

    @property
    def blocked_allowed(self) -> bool:
        """Whether the puzzle may have blocked cells (never with ``empty_share``)."""
        return self.allow_blocked and self.empty_share is None

    def _check_feasible(self) -> None:
        w, h = self.width, self.height
        cells = w * h
        if self.empty_share is not None and self.fill:
            raise InvalidArgumentError("empty_share needs fill=False (under the fill rule "
                                       "every open cell is on a path)")
        longest = longest_induced_path(w, h)
        shortest = self.shortest_path
        if shortest > longest:
            what = "min_length" if shortest == self.min_length else \
                "no_adjacent_ends: paths of"
            raise InvalidPuzzleError(
                f"{what} {shortest} is more than the longest non-touching path of a "
                f"{w}x{h} board ({longest} cells)"
            )
        if self.min_labels is not None and self.min_labels * shortest > cells:
            raise InvalidPuzzleError(
                f"min_labels {self.min_labels} paths of {shortest}+ cells do not fit on a "
                f"{w}x{h} board ({cells} cells)"
            )
        if self.no_border_clues and (w < 3 or h < 3 or (w - 2) * (h - 2) < 2):
            raise InvalidPuzzleError(
                f"no_border_clues: a {w}x{h} board has fewer than 2 cells off the border"
            )
        if self.empty_share is not None and (self.no_border_clues or self.no_adjacent_ends):
            raise InvalidArgumentError(
                "empty_share together with no_border_clues or no_adjacent_ends is not "
                "supported yet: the clue moves empty the border and spaced clues allow no "
                "cut, and no such candidate was ever proven unique here; drop one of them"
            )
        if self.thin and self.symmetry != "none":
            raise InvalidArgumentError(
                "thin does not keep clue symmetry (a join removes two clues that are "
                "rarely each other's mirror image); drop one of them")
        if self.empty_share is not None:
            most = (cells - shortest) / cells
            if self.empty_share[0] > most:
                raise InvalidPuzzleError(
                    f"empty_share min {self.empty_share[0]:g} leaves no room for a path of "
                    f"{shortest} cells on a {w}x{h} board (at most {most:.3f})"
                )


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
    GeneratorControls(width, height, min_length=min_length, max_length=max_length,
                      min_labels=min_labels, max_labels=max_labels,
                      max_attempts=max_attempts, candidate_time_limit=time_limit)
