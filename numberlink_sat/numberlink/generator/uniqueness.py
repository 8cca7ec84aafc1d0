"""Prove a generated puzzle unique, repairing it by cutting paths while it is not.

The intended solution ``S1`` is the set of paths the construction drew. Repeat: look
for a solution ``T != S1``; none (UNSAT) proves uniqueness. Otherwise pick, in every
connected piece of ``S1 xor T``, an edge ``e = (u, v)`` that ``S1`` uses and ``T`` does
not, inside one path ``a .. u v .. b`` (not its first or last edge): **cut** it. The
path becomes two labels, ``a .. u`` and ``v .. b``. When only a first or last edge
``a v`` qualifies, **trim** it instead: ``a`` becomes a blocked cell, ``v`` the new end
(the same argument as below, with ``a`` blocked instead of an end).

Why a cut is a safe repair (``docs/generator.md`` has the long form):

- ``S1`` minus the cut edges is a solution of the new puzzle: each piece is a path
  between the two ends of its new label; nothing else changed.
- ``T`` dies: it does not use ``e``, so ``u`` (not an end before) has 0 or 2 path
  edges in ``T``, never the 1 an end cell needs.
- No solution is born (plain rules, with or without fill): from a solution ``T'`` of
  the new puzzle, adding the cut edges back joins ``a .. u`` and ``v .. b`` into one
  path ``a .. b``, so ``T' + cuts`` solved the old puzzle. The new solutions are the
  old ones that use every cut edge (in the right direction, with the right label),
  minus the cuts: the count strictly drops at every round.

So for the plain rules one incremental SAT session over the *original* puzzle serves
every round (:class:`IncrementalProver`): a cut adds the unit clause "edge ``e`` is
used" and fixes the label of its two cells; a model that solves the original puzzle but
not the current one (it runs through a cut edge the wrong way) is blocked, which is
sound because a model invalid now stays invalid after more cuts. ``no_touch`` and
``no_2x2`` are not kept by re-joining (two labels may touch where one path may not), so
under them every round re-encodes the current puzzle (:class:`RebuildProver`).

Big boards first go through :func:`_local_repairs`: small windows with the intended
paths fixed outside, cheap to solve, whose second solutions are second solutions of
the whole board; they only make repair steps, the global proof still decides.

>>> from numberlink_sat.numberlink.encode import RuleOptions
>>> from numberlink_sat.sat.deadline import Deadline
>>> paths = [[0, 1, 2], [3, 4, 5]]            # a 3x2 board, two straight rows
>>> result = prove_and_repair(3, 2, paths, (), options=RuleOptions(), deadline=Deadline(None))
>>> result.segments, result.rounds
([[0, 1, 2], [3, 4, 5]], 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from numberlink_sat.errors import InternalError, NumberlinkSatError
from numberlink_sat.grid import (
    Cell,
    IndexEdge,
    adjacency,
    cell_index,
    index_cell,
    walk_path,
)
from numberlink_sat.grid import index_edge as _edge
from numberlink_sat.grid import index_neighbours as _neighbours
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.generator.budget import ProofBudget
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = [
    "IncrementalProver",
    "ProofResult",
    "RebuildProver",
    "RepairFailed",
    "RepairPolicy",
    "prove_and_repair",
    "solution_from_edges",
]

class RepairFailed(NumberlinkSatError):
    """The candidate could not be made unique within the controls (discard it)."""


@dataclass
class ProofResult:
    """The proven-unique paths and what proving them took."""

    segments: list[list[int]]
    rounds: int = 0
    local_rounds: int = 0
    cuts: int = 0
    trims: int = 0
    reroutes: int = 0
    blocked: frozenset[Cell] = frozenset()
    raw_unique: bool = True
    solve_calls: int = 0
    skipped_models: int = 0
    gaps: int = 0
    history: list[int] = field(default_factory=list)

    def count(self, steps: Iterable[tuple[str, IndexEdge, int]]) -> None:
        """Tally repair steps by kind (a gap cut names two edges)."""
        for kind, _e, _o in steps:
            if kind == "cut":
                self.cuts += 1
            elif kind == "trim":
                self.trims += 1
            else:
                self.gaps += 1


def _path_edges(seg: Sequence[int]) -> Iterable[IndexEdge]:
    for k in range(len(seg) - 1):
        yield _edge(seg[k], seg[k + 1])


def _puzzle(width: int, height: int, segments: Sequence[Sequence[int]],
            blocked: Iterable[Cell]) -> Puzzle:
    ends = {
        str(k): (divmod(seg[0], width), divmod(seg[-1], width))
        for k, seg in enumerate(segments)
    }
    return Puzzle(width, height, ends, blocked)


def solution_from_edges(puzzle: Puzzle, edges: Iterable[IndexEdge]) -> Solution:
    """Read the paths of ``puzzle``'s labels off a set of used edges (cell indices).

    Each label's path is walked from its first end; whatever the edges are, the result
    is a :class:`Solution` that :func:`verify` then judges.

    >>> p = Puzzle(3, 1, {"a": ((0, 0), (0, 2))})
    >>> solution_from_edges(p, [(0, 1), (1, 2)]).paths["a"]
    ((0, 0), (0, 1), (0, 2))
    """
    width = puzzle.width
    links = adjacency(edges)
    paths: dict[str, list[Cell]] = {}
    for label, (a, _b) in puzzle.endpoints.items():
        path = walk_path(cell_index(a, width), links)
        paths[label] = [index_cell(x, width) for x in path]
    return Solution(puzzle.width, puzzle.height, paths)


def _index_edges(solution: Solution, width: int) -> set[IndexEdge]:
    return {
        _edge(a[0] * width + a[1], b[0] * width + b[1]) for a, b in solution.edges()
    }


def _edge_vars(enc: NumberlinkEncoding) -> dict[IndexEdge, int]:
    """Edge (cell indices) -> its variable (the encoding's own map)."""
    return enc.edge_literals


class IncrementalProver:
    """One SAT session over the original puzzle for every round (plain rules only)."""

    def __init__(self, width: int, height: int, paths: Sequence[Sequence[int]],
                 blocked: Iterable[Cell], *, fill: bool, budget: ProofBudget) -> None:
        self.width = width
        base = _puzzle(width, height, paths, blocked)
        self.fill = fill
        self.enc = NumberlinkEncoding(base, RuleOptions(fill=fill), budget.deadline)
        self.edge_var = _edge_vars(self.enc)
        self.session = budget.session(self.enc, num_vars=self.enc.num_vars)
        self.cut_edges: set[IndexEdge] = set()
        self.skipped = 0
        block = [-self._var(e) for p in paths for e in _path_edges(p)]
        self.session.add_clause(block)

    def _var(self, e: IndexEdge) -> int:
        return self.edge_var[e]

    @property
    def calls(self) -> int:
        """SAT calls so far."""
        return self.session.stats.calls

    def add_cut(self, e: IndexEdge, original_path: int) -> None:
        """The current puzzle was cut or trimmed at ``e``, inside ``original_path``.

        Both become "edge ``e`` is used, by that path": the solutions of the current
        puzzle are the original ones that use every such edge, minus those edges.
        """
        self.cut_edges.add(e)
        clauses = [[self._var(e)]]
        for cell in e:
            clauses += self.enc.fix_label(cell, original_path)
        self.session.add_clauses(clauses)

    def second(self, current: Puzzle, intended: Solution) -> Solution | None:
        """A solution of ``current`` other than ``intended``, or ``None`` (unique)."""
        enc, session = self.enc, self.session
        while True:
            model = session.solve_with_cuts(enc.find_cuts)
            if model is None:
                return None
            used = {_edge(i, j) for i, j in enc.used_edges(model)}
            other = solution_from_edges(current, used - self.cut_edges)
            if not verify(current, other, fill=self.fill):
                return other
            # solves the original puzzle but not the current one: never will again
            self.skipped += 1
            session.add_clause(enc.blocking_clause(model))

    def close(self) -> None:
        """Free the solver."""
        self.session.close()


class RebuildProver:
    """A fresh encoding of the current puzzle every round (any rule variant)."""

    def __init__(self, *, options: RuleOptions, budget: ProofBudget) -> None:
        self.options = options
        self.budget = budget
        self.calls = 0
        self.skipped = 0

    def add_cut(self, e: IndexEdge, original_path: int) -> None:
        """Nothing to remember: the next round encodes the cut puzzle."""

    def second(self, current: Puzzle, intended: Solution) -> Solution | None:
        """A solution of ``current`` other than ``intended``, or ``None`` (unique)."""
        enc = NumberlinkEncoding(current, self.options, self.budget.deadline)
        with self.budget.session(enc, num_vars=enc.num_vars) as session:
            edge_var = _edge_vars(enc)
            width = current.width
            session.add_clause([-edge_var[e] for e in _index_edges(intended, width)])
            try:
                model = session.solve_with_cuts(enc.find_cuts)
            finally:
                self.calls += session.stats.calls
            if model is None:
                return None
            other = enc.decode(model)
        problems = verify(current, other, **self.options.as_kwargs())
        if problems:  # pragma: no cover - an encoder bug
            raise InternalError("encoder returned an invalid solution: " + "; ".join(problems))
        return other

    def close(self) -> None:
        """Nothing held between rounds."""


def _pieces(diff: set[IndexEdge]) -> list[list[IndexEdge]]:
    """The connected pieces of an edge set, each sorted, in a fixed order."""
    adjacency: dict[int, list[IndexEdge]] = {}
    for e in diff:
        adjacency.setdefault(e[0], []).append(e)
        adjacency.setdefault(e[1], []).append(e)
    seen: set[IndexEdge] = set()
    pieces: list[list[IndexEdge]] = []
    for start in sorted(diff):
        if start in seen:
            continue
        piece, stack = [], [start]
        seen.add(start)
        while stack:
            e = stack.pop()
            piece.append(e)
            for cell in e:
                for f in adjacency[cell]:
                    if f not in seen:
                        seen.add(f)
                        stack.append(f)
        pieces.append(sorted(piece))
    return pieces


@dataclass(frozen=True)
class RepairPolicy:
    """Which repair steps a candidate admits, and what every new clue must respect.

    ``min_length``: no piece shorter; ``cuts``: plain cuts (a cut leaves two clues side
    by side, so ``spaced_ends`` forbids them); ``removed``: what a cell taken off a path
    becomes, ``"blocked"``, ``"empty"`` (without fill) or ``"none"`` (no trims nor gap
    cuts); ``gaps``: gap cuts (a cell in the middle of a path taken off, its two
    neighbours the new ends); ``mirror``: every step is made with its image;
    ``border_free``: no new clue on the border; ``spaced_ends``: no new clue next to
    another clue.

    >>> RepairPolicy().removed, RepairPolicy().cuts
    ('blocked', True)
    """

    min_length: int = 2
    cuts: bool = True
    removed: str = "blocked"
    gaps: bool = False
    mirror: Sequence[int] | None = None
    border_free: bool = False
    spaced_ends: bool = False
    isolated_blocked: bool = True

    @property
    def sound_for_incremental(self) -> bool:
        """Whether every step keeps "the new solutions are old ones" (no empty cells made)."""
        return self.removed != "empty"


@dataclass
class _Plan:
    """One repair step (with its mirror image): the new segments and the prover's edges."""

    kind: str
    segments: list[list[int]]
    origin: list[int]
    removed: list[int]
    edges: list[tuple[IndexEdge, int]]
    shortest: int


def _on_border(i: int, width: int, height: int) -> bool:
    r, c = divmod(i, width)
    return r in (0, height - 1) or c in (0, width - 1)


@dataclass
class _Marks:
    """Where a step changes the segments: cuts after positions, cells dropped, edges."""

    cut_after: dict[int, set[int]] = field(default_factory=dict)
    drop: dict[int, set[int]] = field(default_factory=dict)
    edges: list[tuple[IndexEdge, int]] = field(default_factory=list)


def _anchors(anchor: IndexEdge | int, mirror: Sequence[int] | None) -> list[IndexEdge | int]:
    """``anchor`` and, with a symmetry, its image (once when it maps onto itself)."""
    if mirror is None:
        return [anchor]
    image: IndexEdge | int = (_edge(mirror[anchor[0]], mirror[anchor[1]])
                              if isinstance(anchor, tuple) else mirror[anchor])
    return [anchor] if image == anchor else [anchor, image]


def _mark_cut(marks: _Marks, e: IndexEdge, seg_of: dict[int, int],
              segments: list[list[int]], origin: list[int]) -> bool:
    k = seg_of.get(e[0], -1)
    if k < 0:
        return False
    seg = segments[k]
    pos = seg.index(e[0])
    if pos + 1 < len(seg) and seg[pos + 1] == e[1]:
        marks.cut_after.setdefault(k, set()).add(pos)
    elif pos > 0 and seg[pos - 1] == e[1]:
        marks.cut_after.setdefault(k, set()).add(pos - 1)
    else:
        return False
    marks.edges.append((e, origin[k]))
    return True


def _mark_drop(marks: _Marks, cell: int, kind: str, seg_of: dict[int, int],
               segments: list[list[int]], origin: list[int]) -> bool:
    k = seg_of.get(cell, -1)
    if k < 0:
        return False
    seg = segments[k]
    pos = seg.index(cell)
    if (kind == "trim") != (pos in (0, len(seg) - 1)):  # a trim at an end, a gap inside
        return False
    marks.drop.setdefault(k, set()).add(pos)
    marks.edges.extend((_edge(cell, seg[q]), origin[k]) for q in (pos - 1, pos + 1)
                       if 0 <= q < len(seg))
    return True


def _pieces_of(seg: list[int], cut_after: set[int], drop: set[int]) -> list[list[int]]:
    """``seg`` split after the positions ``cut_after``, without the positions ``drop``."""
    pieces: list[list[int]] = []
    piece: list[int] = []
    for pos, i in enumerate(seg):
        if pos not in drop:
            piece.append(i)
        elif piece:
            pieces.append(piece)
            piece = []
        if pos in cut_after and piece:
            pieces.append(piece)
            piece = []
    if piece:
        pieces.append(piece)
    return pieces


def _plan(
    segments: list[list[int]],
    origin: list[int],
    blocked: set[int],
    kind: str,
    anchor: IndexEdge | int,
    policy: RepairPolicy,
    width: int,
    height: int,
) -> _Plan | None:
    """The step ``kind`` at ``anchor`` (an edge to cut, a cell to trim or gap), or None.

    With a mirror the image step is made too; None when any piece gets shorter than
    ``min_length``, a removed cell is not where the kind needs it, or a new clue breaks
    the border or spacing rule.
    """
    seg_of = {i: k for k, seg in enumerate(segments) for i in seg}
    marks = _Marks()
    for a in _anchors(anchor, policy.mirror):
        if isinstance(a, tuple):
            ok = _mark_cut(marks, a, seg_of, segments, origin)
        else:
            ok = _mark_drop(marks, a, kind, seg_of, segments, origin) and not (
                kind == "trim" and policy.isolated_blocked and policy.removed == "blocked"
                and any(x in blocked for x in _neighbours(a, width, height)))
        if not ok:
            return None
    new_segments: list[list[int]] = []
    new_origin: list[int] = []
    new_ends: set[int] = set()
    shortest = width * height
    for k, seg in enumerate(segments):
        pieces = [seg]
        if k in marks.cut_after or k in marks.drop:
            pieces = _pieces_of(seg, marks.cut_after.get(k, set()), marks.drop.get(k, set()))
            if any(len(piece) < policy.min_length for piece in pieces):
                return None
            shortest = min([shortest, *(len(piece) for piece in pieces)])
            new_ends.update(end for piece in pieces for end in (piece[0], piece[-1])
                            if end not in (seg[0], seg[-1]))
        new_segments.extend(pieces)
        new_origin.extend([origin[k]] * len(pieces))
    if not _ends_ok(new_segments, new_ends, policy, width, height):
        return None
    removed = [segments[k][p] for k, ps in marks.drop.items() for p in ps]
    return _Plan(kind, new_segments, new_origin, removed, marks.edges, shortest)


def _ends_ok(segments: list[list[int]], new_ends: set[int], policy: RepairPolicy,
             width: int, height: int) -> bool:
    if policy.border_free and any(_on_border(i, width, height) for i in new_ends):
        return False
    if policy.spaced_ends:
        ends = {i for seg in segments for i in (seg[0], seg[-1])}
        for i in new_ends:
            if any(j in ends for j in _neighbours(i, width, height)):
                return False
    return True


def _repair_round(
    segments: list[list[int]],
    origin: list[int],
    blocked: set[int],
    intended: set[IndexEdge],
    other: set[IndexEdge],
    *,
    policy: RepairPolicy,
    width: int,
    height: int,
) -> list[tuple[str, IndexEdge, int]]:
    """Change the segments so that ``other`` dies; returns ``(kind, edge, origin)`` per edge.

    In every connected piece of ``intended xor other``, one step on an edge that
    ``intended`` uses and ``other`` does not: a **cut** there (the most balanced one,
    both parts at ``min_length`` cells or more); failing that, a **trim** of such an
    edge's end cell (it leaves the path: blocked, or empty without fill); failing that,
    a **gap cut** at one of its cells (taken off the middle of the path). Each step
    kills ``other``: a cell that was no end becomes one, or a cell ``other`` used
    becomes blocked. ``policy`` says which steps are allowed (and mirrors them).
    """
    steps: list[tuple[str, IndexEdge, int]] = []
    for piece in _pieces(intended ^ other):
        plan = _best_plan(segments, origin, blocked, piece, intended, other, policy,
                          width, height)
        if plan is None:
            continue
        segments[:] = plan.segments
        origin[:] = plan.origin
        if plan.removed and policy.removed == "blocked":
            blocked.update(plan.removed)
        steps.extend((plan.kind, e, o) for e, o in plan.edges)
    return steps


def _best_plan(
    segments: list[list[int]],
    origin: list[int],
    blocked: set[int],
    piece: list[IndexEdge],
    intended: set[IndexEdge],
    other: set[IndexEdge],
    policy: RepairPolicy,
    width: int,
    height: int,
) -> _Plan | None:
    useful = [e for e in piece if e in intended and e not in other]
    best: tuple[int, _Plan] | None = None
    if policy.cuts:
        for e in useful:
            plan = _plan(segments, origin, blocked, "cut", e, policy, width, height)
            if plan is not None and (best is None or plan.shortest > best[0]):
                best = (plan.shortest, plan)
    if best is not None:
        return best[1]
    if policy.removed == "none":
        return None
    for kind in ("trim", *(("gap",) if policy.gaps else ())):
        for e in useful:
            for cell in e:
                plan = _plan(segments, origin, blocked, kind, cell, policy, width, height)
                if plan is not None:
                    return plan
    return None


def _joins_at(target: list[int], z: int, a: int) -> list[tuple[list[int], list[int]]]:
    """``a`` joined to path ``target`` at its cell ``z``: (the new path, the rest cut off)."""
    if z == target[-1]:
        return [([*target, a], [])]
    if z == target[0]:
        return [([a, *target], [])]
    pos = target.index(z)
    return [([*target[: pos + 1], a], target[pos + 1:]), ([a, *target[pos:]], target[:pos])]


def _reroute(
    segments: list[list[int]],
    intended: set[IndexEdge],
    other: set[IndexEdge],
    *,
    width: int,
    height: int,
    min_length: int,
    induced: bool,
) -> bool:
    """Without blocked cells, move a path end that the other solution leaves elsewhere.

    For an edge ``a v`` at the end of a path, used by the intended solution and not by
    the other one: ``a`` leaves its path (``v`` becomes the end) and joins a
    neighbouring path, appended to its end or, splitting it there, after a neighbour
    cell. Every cell stays covered, so the changed intended solution is valid (with
    ``induced``, no path comes to touch itself); it is not a subset argument any more,
    so the caller proves the new puzzle afresh. Returns whether a move was made.
    """
    owner = {i: k for k, seg in enumerate(segments) for i in seg}
    for e in sorted(intended - other):
        for a, v in (e, e[::-1]):
            k = owner[a]
            seg = segments[k]
            if len(seg) - 1 < min_length or a not in (seg[0], seg[-1]):
                continue
            if v not in (seg[1], seg[-2]):
                continue
            around = _neighbours(a, width, height)
            for z in around:
                m = owner.get(z, -1)
                if m < 0 or m == k:
                    continue
                for head, rest in _joins_at(segments[m], z, a):
                    if rest and len(rest) < min_length:
                        continue
                    if induced and any(y in head and y != z for y in around):
                        continue
                    segments[k] = seg[1:] if seg[0] == a else seg[:-1]
                    segments[m] = head
                    if rest:
                        segments.append(rest)
                    return True
    return False


def _split_longest(segments: list[list[int]], origin: list[int], blocked: set[int],
                   policy: RepairPolicy, width: int, height: int) -> _Plan | None:
    """A cut near the middle of the longest segment that the policy admits, if any."""
    order = sorted(range(len(segments)), key=lambda k: -len(segments[k]))
    for k in order[:8]:
        seg = segments[k]
        if len(seg) < 2 * policy.min_length:
            break
        mid = len(seg) // 2 - 1
        for off in range(len(seg)):
            for pos in (mid - off, mid + off):
                if not 0 <= pos < len(seg) - 1:
                    continue
                e = _edge(seg[pos], seg[pos + 1])
                kind = "cut" if policy.cuts else "gap"
                anchor: IndexEdge | int = e if policy.cuts else seg[pos + 1]
                if kind == "gap" and (not policy.gaps or policy.removed == "none"):
                    return None
                plan = _plan(segments, origin, blocked, kind, anchor, policy, width, height)
                if plan is not None:
                    return plan
    return None


def _starts(n: int, window: int) -> list[int]:
    """Window origins along one side: half-overlapping, the last flush with the edge."""
    if n <= window:
        return [0]
    stride = max(1, window // 2)
    out = list(range(0, n - window, stride))
    out.append(n - window)
    return out


@dataclass(frozen=True)
class _Window:
    """A ``wc`` x ``wr`` window at row ``r0``, column ``c0`` of a board ``width`` wide."""

    r0: int
    c0: int
    wr: int
    wc: int
    width: int

    def inside(self, i: int) -> bool:
        r, c = divmod(i, self.width)
        return self.r0 <= r < self.r0 + self.wr and self.c0 <= c < self.c0 + self.wc

    def cell(self, i: int) -> Cell:
        r, c = divmod(i, self.width)
        return (r - self.r0, c - self.c0)

    def local(self, i: int) -> int:
        r, c = self.cell(i)
        return r * self.wc + c

    def to_global(self, j: int) -> int:
        r, c = divmod(j, self.wc)
        return (r + self.r0) * self.width + c + self.c0


def _window_puzzle(win: _Window, segments: list[list[int]], ids: list[int],
                   blocked: set[int]) -> tuple[Puzzle, set[IndexEdge]]:
    """The window's sub-puzzle (each run of a path inside is a label, a 1-cell run a
    blocked cell) and the intended edges inside it."""
    ends: dict[str, tuple[Cell, Cell]] = {}
    sub_blocked: set[Cell] = {win.cell(i) for i in blocked if win.inside(i)}
    inside_edges: set[IndexEdge] = set()
    for k in ids:
        run: list[int] = []
        for i in [*segments[k], -1]:
            if i >= 0 and win.inside(i):
                run.append(i)
                continue
            if len(run) == 1:
                sub_blocked.add(win.cell(run[0]))
            elif run:
                ends[str(len(ends))] = (win.cell(run[0]), win.cell(run[-1]))
                inside_edges.update(_path_edges(run))
            run = []
    return Puzzle(win.wc, win.wr, ends, sub_blocked), inside_edges


def _window_other(win: _Window, sub: Puzzle, inside_edges: set[IndexEdge],
                  options: RuleOptions, budget: ProofBudget,
                  result: ProofResult) -> set[IndexEdge] | None:
    """Another solution of the window's sub-puzzle, as board edges, or None."""
    enc = NumberlinkEncoding(sub, options, budget.deadline)
    edge_var = _edge_vars(enc)
    with budget.session(enc, num_vars=enc.num_vars) as session:
        session.add_clause([-edge_var[_edge(win.local(a), win.local(b))]
                            for a, b in inside_edges])
        model = session.solve_with_cuts(enc.find_cuts)
        result.solve_calls += session.stats.calls
    if model is None:
        return None
    return {_edge(win.to_global(i), win.to_global(j)) for i, j in enc.used_edges(model)}


# Kept whole (PLR0913): the repair loop's state passes in as arguments
def _local_repairs(  # noqa: PLR0913
    width: int,
    height: int,
    segments: list[list[int]],
    origin: list[int],
    blocked: set[int],
    result: ProofResult,
    *,
    window: int,
    options: RuleOptions,
    budget: ProofBudget,
    policy: RepairPolicy,
    max_tries: int = 20,
) -> None:
    """Repair the second solutions that live inside one window, before the global proof.

    A window of ``window`` x ``window`` cells, the intended paths fixed outside it: each
    maximal run of an intended path inside the window becomes a label of a small
    sub-puzzle (a one-cell run is a blocked cell there). Another solution of the
    sub-puzzle, with the intended paths outside, is another solution of the whole
    puzzle (each run still joins its two cells, the outside joins the runs as before),
    so the same repair steps apply. Small boards solve fast, while the raw big board is
    loose and slow to solve; after these local repairs the global proof has little left
    to find. This phase only makes repair steps, which keep the intended solution;
    the global proof that follows decides uniqueness.
    """
    seg_of = _segment_index(segments, width * height)
    for r0 in _starts(height, window):
        for c0 in _starts(width, window):
            win = _Window(r0, c0, min(window, height - r0), min(window, width - c0), width)
            for _ in range(max_tries):
                budget.deadline.check("local repairs")
                ids = sorted({seg_of[(r0 + dr) * width + c0 + dc]
                              for dr in range(win.wr) for dc in range(win.wc)} - {-1})
                sub, inside_edges = _window_puzzle(win, segments, ids, blocked)
                if not inside_edges:
                    break
                other = _window_other(win, sub, inside_edges, options, budget, result)
                if other is None:
                    break
                steps = _repair_round(segments, origin, blocked, inside_edges, other,
                                      policy=policy, width=width, height=height)
                if not steps:
                    break
                result.local_rounds += 1
                result.count(steps)
                seg_of = _segment_index(segments, width * height)


def _segment_index(segments: list[list[int]], n: int) -> list[int]:
    """Cell -> the index of its segment (-1: on none)."""
    seg_of = [-1] * n
    for k, seg in enumerate(segments):
        for i in seg:
            seg_of[i] = k
    return seg_of


def _policy_of(min_length: int, allow_trim: bool, policy: RepairPolicy | None) -> RepairPolicy:
    if policy is not None:
        return policy
    return RepairPolicy(min_length=min_length, removed="blocked" if allow_trim else "none")


@dataclass
class _Repairs:
    """The state of one prove-and-repair run: the paths now, the prover, the tallies."""

    width: int
    height: int
    segments: list[list[int]]
    blocked: set[int]
    options: RuleOptions
    policy: RepairPolicy
    budget: ProofBudget
    result: ProofResult
    origin: list[int] = field(default_factory=list)
    prover: IncrementalProver | RebuildProver | None = None

    @property
    def incremental(self) -> bool:
        plain = not (self.options.no_touch or self.options.no_2x2)
        return plain and self.policy.sound_for_incremental

    def fresh_prover(self) -> None:
        """Prove the current puzzle from scratch (after a step outside the subset argument)."""
        self.close_prover()
        self.origin = list(range(len(self.segments)))
        if self.incremental:
            self.prover = IncrementalProver(
                self.width, self.height, self.segments, _cells(self.blocked, self.width),
                fill=self.options.fill, budget=self.budget)
        else:
            self.prover = RebuildProver(options=self.options, budget=self.budget)

    def close_prover(self) -> None:
        if self.prover is not None:
            self.result.solve_calls += self.prover.calls
            self.result.skipped_models += self.prover.skipped
            self.prover.close()
            self.prover = None

    def apply(self, steps: list[tuple[str, IndexEdge, int]]) -> None:
        """Tell the prover about the steps (or start a fresh one when it cannot follow)."""
        self.result.count(steps)
        if not self.incremental:
            if isinstance(self.prover, IncrementalProver):  # pragma: no cover - defensive
                self.fresh_prover()
            return
        assert self.prover is not None
        for _kind, e, path_index in steps:
            self.prover.add_cut(e, path_index)

    def reach_min_labels(self, min_labels: int | None) -> None:
        while min_labels is not None and len(self.segments) < min_labels:
            plan = _split_longest(self.segments, self.origin, self.blocked, self.policy,
                                  self.width, self.height)
            if plan is None:
                raise RepairFailed(f"cannot reach min_labels={min_labels}")
            self.segments[:] = plan.segments
            self.origin[:] = plan.origin
            if plan.removed and self.policy.removed == "blocked":
                self.blocked.update(plan.removed)
            self.apply([(plan.kind, e, o) for e, o in plan.edges])
            if self.policy.removed == "empty" and plan.removed:
                self.fresh_prover()

    def second(self) -> tuple[set[IndexEdge], set[IndexEdge]] | None:
        """The intended edges and a second solution's edges, or None (proven unique)."""
        assert self.prover is not None
        current = _puzzle(self.width, self.height, self.segments,
                          _cells(self.blocked, self.width))
        intended_edges = {e for seg in self.segments for e in _path_edges(seg)}
        intended = solution_from_edges(current, intended_edges)
        other = self.prover.second(current, intended)
        if other is None:
            return None
        return intended_edges, _index_edges(other, self.width)

    def repair(self, intended: set[IndexEdge], other: set[IndexEdge]) -> None:
        """One round of steps against ``other``; a reroute or nothing when none fits."""
        steps = _repair_round(self.segments, self.origin, self.blocked, intended, other,
                              policy=self.policy, width=self.width, height=self.height)
        if steps:
            self.apply(steps)
            if not self.policy.sound_for_incremental and any(k != "cut" for k, _e, _o in steps):
                self.fresh_prover()
            self.result.history.append(len(steps))
            return
        p = self.policy
        if (p.removed != "blocked" and p.mirror is None and not p.border_free
                and not p.spaced_ends and _reroute(
                    self.segments, intended, other, width=self.width, height=self.height,
                    min_length=p.min_length, induced=not self.options.fill
                    or self.options.no_touch or self.options.no_2x2)):
            # a changed intended solution: prove the new puzzle from scratch
            self.result.reroutes += 1
            self.fresh_prover()
            return
        raise RepairFailed("no admissible cut or trim separates the two solutions")


# Kept whole (PLR0913): public keywords the generator's controls pass through
def prove_and_repair(  # noqa: PLR0913
    width: int,
    height: int,
    paths: Sequence[Sequence[int]],
    blocked: Iterable[Cell],
    *,
    options: RuleOptions,
    deadline: Deadline,
    solver: str = DEFAULT_SOLVER,
    min_length: int = 2,
    min_labels: int | None = None,
    max_labels: int | None = None,
    allow_trim: bool = True,
    max_rounds: int = 200,
    local_window: int | None = 10,
    local_min_cells: int = 900,
    policy: RepairPolicy | None = None,
    budget: ProofBudget | None = None,
) -> ProofResult:
    """Make the puzzle whose intended solution is ``paths`` unique, proving it.

    ``paths`` are lists of cell indices, each from end to end; the intended solution
    must be valid under ``options``. Returns the final paths (cut pieces), the blocked
    cells (trims add some) and statistics. Raises :class:`RepairFailed` when no
    admissible step kills a second solution, the label bounds cannot be met, or
    ``max_rounds`` rounds pass; raises :class:`~numberlink_sat.errors.SolveTimeout` past
    the deadline, and :class:`~.budget.BudgetExhausted` past ``budget``'s conflicts.
    Never returns a puzzle that was not proven unique.

    ``policy`` (default: cuts, trims into blocked cells when ``allow_trim``, pieces of
    ``min_length``) says which repair steps are allowed. Boards of ``local_min_cells``
    cells or more first get :func:`_local_repairs` in ``local_window``-sized windows
    (``None``: never).
    """
    pol = _policy_of(min_length, allow_trim, policy)
    state = _Repairs(width, height, [list(p) for p in paths],
                     {r * width + c for r, c in blocked}, options, pol,
                     budget if budget is not None else ProofBudget(solver, deadline),
                     ProofResult([]))
    state.origin = list(range(len(state.segments)))
    result = state.result
    if local_window is not None and width * height >= local_min_cells:
        _local_repairs(width, height, state.segments, state.origin, state.blocked, result,
                       window=local_window, options=options, budget=state.budget,
                       policy=pol)
        if result.local_rounds:
            result.raw_unique = False
    state.fresh_prover()
    try:
        state.reach_min_labels(min_labels)
        while True:
            if max_labels is not None and len(state.segments) > max_labels:
                raise RepairFailed(f"{len(state.segments)} labels, more than "
                                   f"max_labels={max_labels}")
            found = state.second()
            if found is None:
                break
            result.raw_unique = False
            result.rounds += 1
            if result.rounds > max_rounds:
                raise RepairFailed(f"still not unique after {max_rounds} repair rounds")
            state.repair(*found)
    finally:
        state.close_prover()
    result.segments = state.segments
    result.blocked = _cells(state.blocked, width)
    return result


def _cells(indices: Iterable[int], width: int) -> frozenset[Cell]:
    return frozenset(divmod(i, width) for i in indices)
