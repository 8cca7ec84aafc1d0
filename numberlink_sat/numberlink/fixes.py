"""Small edits that make a puzzle unique, and the pairs a unique puzzle can do without.

Four kinds of edit are tried, smallest first (``size`` is the number of cells whose
clue changes):

- ``block cell`` (size 1): a cell made blocked, only where the format has blocked cells;
- ``new pair`` (size 2): a new pair at the two ends of a straight run of cells the
  first solution leaves empty (without fill), or on two free cells of the undecided
  region (tried after the straight runs without fill, last with fill);
- ``move end`` (size 2): one end of a label moved to an empty cell nearby;
- ``add pair`` (size 3): a path of the first solution cut between two neighbouring
  cells ``x`` and ``y``: ``x`` becomes an end of the label, ``y`` and the label's far
  end the ends of a new one (two new clues, one renumbered).

Each candidate is first screened with the solutions already known: a known solution
that, carried over to the edited puzzle (split at the cut, shortened at a moved end),
passes the verifier there, is a solution of it; two of them rule the edit out without
a search. A candidate that survives is counted (limit 2) by the solver under the same
rules, and its one solution checked by the verifier: every fix returned is proven.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2))})
>>> report = find_fixes(p, fill=False)
>>> [(f.kind, f.size) for f in report.fixes][:2]
[('block cell', 1), ('block cell', 1)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from numberlink_sat.errors import InternalError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.diagnose import Diagnosis, cpu_seconds, diagnose
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.precheck import prove_unsolvable
from numberlink_sat.numberlink.solve import solutions
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = [
    "FREE_PAIRS",
    "KNOWN_SOLUTIONS",
    "MOVE_DISTANCE",
    "Fix",
    "FixReport",
    "RedundantPair",
    "find_fixes",
    "new_label",
    "redundant_pairs",
]

KNOWN_SOLUTIONS = 12
"""How many solutions of the puzzle are collected to screen candidate edits."""

MOVE_DISTANCE = 2
"""How far (in steps) a moved end may go."""


@dataclass(frozen=True)
class Fix:
    """One proven edit: what changed, the new puzzle and its only solution."""

    kind: str
    description: str
    size: int
    puzzle: Puzzle
    solution: Solution
    url: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON."""
        return {
            "kind": self.kind,
            "edit": self.description,
            "size": self.size,
            "puzzle": self.puzzle.to_dict(),
            "url": self.url,
            "solution": {lab: [list(c) for c in p] for lab, p in self.solution.paths.items()},
        }


@dataclass(frozen=True)
class FixReport:
    """The fixes found, ranked by size, and how the search went.

    ``complete`` is true when every candidate was decided (no time limit or
    ``max_fixes`` stop); ``tried`` counts candidates screened, ``counted`` those that
    needed a solver count.
    """

    fixes: tuple[Fix, ...]
    tried: int
    counted: int
    complete: bool
    seconds: float
    cpu_seconds: float
    diagnosis: Diagnosis
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def message(self) -> str:
        """One line: how many fixes, or that no single edit works (within the limit)."""
        if self.diagnosis.status == "unique":
            return "the puzzle is already unique"
        if self.diagnosis.status != "multiple":
            return f"no fix: the puzzle's status is {self.diagnosis.status}"
        if self.fixes:
            return f"{len(self.fixes)} single-edit fix(es) found"
        if self.complete:
            return "no single edit of the kinds tried leaves exactly one solution"
        return "no single edit found within the limit"


def new_label(puzzle: Puzzle) -> str:
    """A label not in ``puzzle``: the next number when all labels are numbers.

    >>> new_label(Puzzle(2, 1, {"3": ((0, 0), (0, 1))}))
    '4'
    >>> new_label(Puzzle(2, 1, {"A": ((0, 0), (0, 1))}))
    'B'
    """
    labels = set(puzzle.labels)
    if labels and all(lab.isdigit() for lab in labels):
        return str(max(int(lab) for lab in labels) + 1)
    for code in [*range(ord("A"), ord("Z") + 1), *range(ord("a"), ord("z") + 1)]:
        if chr(code) not in labels:
            return chr(code)
    k = len(labels) + 1
    while str(k) in labels:
        k += 1
    return str(k)


# -- candidate edits ------------------------------------------------------------
# Each candidate: (kind, description, size, new puzzle, carry) where carry maps a
# solution of the old puzzle to its counterpart in the new one (None: no counterpart).

Carry = Callable[[Solution], Solution | None]
Candidate = tuple[str, str, int, Puzzle, Carry]


def _edited(puzzle: Puzzle, ends: dict[str, tuple[Cell, Cell]],
            blocked: Iterable[Cell]) -> Puzzle:
    """``puzzle`` with new ends and blocked cells, keeping its stated rule and genre."""
    return Puzzle(puzzle.width, puzzle.height, ends, blocked, rules=puzzle.rules,
                  genre=puzzle.genre)


def _same(solution: Solution) -> Solution | None:
    return solution


def _block_candidates(puzzle: Puzzle, d: Diagnosis) -> Iterator[Candidate]:
    ends = set(puzzle.label_at)
    for cell in sorted(d.undecided_cells - ends):
        p = _edited(puzzle, dict(puzzle.endpoints), [*puzzle.blocked, cell])
        yield ("block cell", f"block cell {cell}", 1, p, _same)


def _near(cell: Cell, distance: int) -> list[Cell]:
    r, c = cell
    return sorted(((r + dr, c + dc) for dr in range(-distance, distance + 1)
                   for dc in range(-distance, distance + 1)
                   if 0 < abs(dr) + abs(dc) <= distance),
                  key=lambda x: (abs(x[0] - r) + abs(x[1] - c), x))


def _shortened(label: str, old: Cell, new: Cell) -> Carry:
    def carry(solution: Solution) -> Solution | None:
        path = list(solution.paths[label])
        if path[-1] == old:
            path.reverse()
        if new not in path:
            return None
        paths: dict[str, Iterable[Cell]] = dict(solution.paths)
        paths[label] = path[path.index(new):]
        return Solution(solution.width, solution.height, paths)
    return carry


def _move_candidates(puzzle: Puzzle, d: Diagnosis) -> Iterator[Candidate]:
    hot = d.undecided_cells
    moves = []
    for label, (a, b) in puzzle.endpoints.items():
        for old, keep in ((a, b), (b, a)):
            for new in _near(old, MOVE_DISTANCE):
                if not puzzle.is_open(new) or new in puzzle.label_at:
                    continue
                # ends next to the undecided region first
                rank = (0 if new in hot or old in hot else 1, abs(new[0] - old[0])
                        + abs(new[1] - old[1]))
                moves.append((rank, label, old, keep, new))
    moves.sort(key=lambda m: m[0])
    for _rank, label, old, keep, new in moves:
        ends = dict(puzzle.endpoints)
        ends[label] = (keep, new) if puzzle.endpoints[label][0] == keep else (new, keep)
        p = _edited(puzzle, ends, puzzle.blocked)
        yield ("move end", f"move the end of {label} from {old} to {new}", 2, p,
               _shortened(label, old, new))


def _added(extra: str, segment: list[Cell]) -> Carry:
    def carry(solution: Solution) -> Solution | None:
        taken = solution.label_of()
        if any(c in taken for c in segment):
            return None
        paths: dict[str, Iterable[Cell]] = dict(solution.paths)
        paths[extra] = segment
        return Solution(solution.width, solution.height, paths)
    return carry


MAX_SEGMENT = 6
"""Longest straight run of empty cells a new pair is laid along."""


def _segments(puzzle: Puzzle, empty: set[Cell]) -> Iterator[list[Cell]]:
    """Straight runs of 2..MAX_SEGMENT cells of ``empty``, along rows and columns."""
    for r, c in sorted(empty):
        for dr, dc in ((0, 1), (1, 0)):
            run = [(r, c)]
            while len(run) < MAX_SEGMENT:
                nxt = (run[-1][0] + dr, run[-1][1] + dc)
                if nxt not in empty:
                    break
                run.append(nxt)
                yield list(run)


def _new_pair_candidates(puzzle: Puzzle, d: Diagnosis) -> Iterator[Candidate]:
    """A new pair whose path is a straight run of cells the first solution leaves empty
    (without fill only: with fill no cell is empty)."""
    if d.fill:
        return
    taken = d.solutions[0].label_of()
    empty = {c for c in puzzle.open_cells() if c not in taken and c not in puzzle.label_at}
    hot = d.undecided_cells
    extra = new_label(puzzle)
    runs = sorted(_segments(puzzle, empty),
                  key=lambda seg: (0 if hot & set(seg) else 1, len(seg), seg))
    for seg in runs:
        ends = dict(puzzle.endpoints)
        ends[extra] = (seg[0], seg[-1])
        yield ("new pair", f"add pair {extra} at {seg[0]} and {seg[-1]}", 2,
               _edited(puzzle, ends, puzzle.blocked), _added(extra, seg))


def _no_carry(solution: Solution) -> Solution | None:
    return None


FREE_PAIRS = 200
"""At most this many new pairs on two cells of the undecided region are tried."""


def _free_pair_candidates(puzzle: Puzzle, d: Diagnosis) -> Iterator[Candidate]:
    """A new pair on two free cells of the undecided region, farthest apart first
    (no known solution carries over: each is counted)."""
    cells = sorted(d.undecided_cells - set(puzzle.label_at))
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
             if abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 2]
    pairs.sort(key=lambda ab: (-(abs(ab[0][0] - ab[1][0]) + abs(ab[0][1] - ab[1][1])), ab))
    extra = new_label(puzzle)
    for a, b in pairs[:FREE_PAIRS]:
        ends = dict(puzzle.endpoints)
        ends[extra] = (a, b)
        yield ("new pair", f"add pair {extra} at {a} and {b}", 2,
               _edited(puzzle, ends, puzzle.blocked), _no_carry)


def _split(label: str, x: Cell, y: Cell, extra: str) -> Carry:
    def carry(solution: Solution) -> Solution | None:
        path = list(solution.paths[label])
        if x not in path or y not in path:
            return None
        i, j = path.index(x), path.index(y)
        if j != i + 1:
            return None
        paths: dict[str, Iterable[Cell]] = dict(solution.paths)
        paths[label], paths[extra] = path[:j], path[j:]
        return Solution(solution.width, solution.height, paths)
    return carry


def _cut_candidates(puzzle: Puzzle, d: Diagnosis) -> Iterator[Candidate]:
    first = d.solutions[0]
    others = d.solutions[1:]
    extra = new_label(puzzle)
    cuts = []
    for label, path in first.paths.items():
        for k in range(1, len(path) - 2):
            x, y = path[k], path[k + 1]
            edge = (x, y) if x <= y else (y, x)
            # where the solutions differ first
            rank = 0 if edge in d.undecided else 1
            if others and any(edge not in s.edges() for s in others):
                rank = min(rank, 0)
            cuts.append((rank, label, x, y))
    cuts.sort(key=lambda c: c[0])
    for _rank, label, x, y in cuts:
        a, b = first.paths[label][0], first.paths[label][-1]
        ends = dict(puzzle.endpoints)
        ends[label] = (a, x)
        ends[extra] = (y, b)
        p = _edited(puzzle, ends, puzzle.blocked)
        yield ("add pair", f"cut {label} between {x} and {y}: {label} at {x}, new pair "
               f"{extra} at {y} and {b}", 3, p, _split(label, x, y, extra))


# -- the search -----------------------------------------------------------------

def _screen(known: Iterable[Solution], carry: Carry, p: Puzzle, rules: dict[str, bool]) -> int:
    """How many distinct known solutions carry over to ``p`` as valid solutions (max 2)."""
    alive: set[Solution] = set()
    for solution in known:
        moved = carry(solution)
        if moved is not None and not verify(p, moved, **rules):
            alive.add(moved)
            if len(alive) >= 2:
                break
    return len(alive)


def _url_of(puzzle: Puzzle, rules: dict[str, bool]) -> str | None:
    """A puzz.link URL of ``puzzle`` whose genre states exactly ``rules``, when there is
    one: ``numlin`` without fill, ``arukone`` with; none for no-touch or no-2x2."""
    from numberlink_sat.numberlink import formats

    if rules["no_touch"] or rules["no_2x2"] or "puzzlink" not in formats.FORMATS:
        return None
    genre = "arukone" if rules["fill"] else "numlin"
    p = Puzzle(puzzle.width, puzzle.height, dict(puzzle.endpoints), puzzle.blocked,
               genre=genre)
    if not formats.can_hold(p, "puzzlink"):
        return None
    url = formats.format_puzzle(p, "puzzlink").strip()
    back = formats.parse(url)
    if back != puzzle or back.rules is None or back.rules.as_kwargs() != rules:
        return None
    return url


def _proven_unique(p: Puzzle, rules: dict[str, bool], deadline: Deadline,
                   solver: str) -> Solution | None:
    """The only solution of ``p``, or ``None`` when it has none or several.

    One plain session (the lazy-cut loop and blocking, as the forced map uses): for
    the many small counts of a fix search it is cheaper than the solver's seed phases.
    """
    if prove_unsolvable(p, fill=rules["fill"]) is not None:
        return None
    options = RuleOptions(fill=rules["fill"], no_touch=rules["no_touch"],
                          no_2x2=rules["no_2x2"])
    enc = NumberlinkEncoding(p, options, deadline)
    with SatSession(enc, solver=solver, deadline=deadline) as session:
        models = list(session.enumerate(enc.find_cuts, enc.blocking_clause, limit=2))
    if len(models) != 1:
        return None
    only = enc.decode(models[0])
    problems = verify(p, only, **rules)
    if problems:  # pragma: no cover - an encoder bug
        raise InternalError("invalid solution: " + "; ".join(problems))
    return only


def _known_solutions(puzzle: Puzzle, d: Diagnosis, rules: dict[str, bool],
                     deadline: Deadline, solver: str) -> list[Solution]:
    known = list(d.solutions)
    try:
        more = solutions(puzzle, KNOWN_SOLUTIONS, solver=solver,
                         time_limit=None if deadline.time_limit is None
                         else max(0.0, 0.2 * (deadline.remaining() or 0.0)), **rules)
    except SolveTimeout:
        more = []
    known.extend(s for s in more if s not in known)
    return known


def find_fixes(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    time_limit: float | None = None,
    max_fixes: int = 5,
    allow_blocked: bool | None = None,
    kinds: Iterable[str] = ("block cell", "new pair", "move end", "add pair"),
    diagnosis: Diagnosis | None = None,
    solver: str = DEFAULT_SOLVER,
) -> FixReport:
    """Up to ``max_fixes`` single edits that leave ``puzzle`` exactly one solution.

    ``allow_blocked=False`` skips blocked cells (formats without them); by default they
    are tried unless the puzzle came from a genre that has none (a puzz.link URL:
    ``puzzle.genre`` is set). A ``diagnosis`` made under the same rules saves the first step. Past
    ``time_limit`` the fixes proven so far come back with ``complete=False``.
    """
    started, cpu = time.perf_counter(), cpu_seconds()
    deadline = Deadline(time_limit)
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    d = diagnosis if diagnosis is not None else diagnose(
        puzzle, time_limit=time_limit, solver=solver, **rules)
    fixes: list[Fix] = []
    tried = counted = 0
    complete = True

    def report() -> FixReport:
        fixes.sort(key=lambda f: f.size)
        return FixReport(tuple(fixes), tried, counted, complete,
                         time.perf_counter() - started, cpu_seconds() - cpu, d)

    if d.status != "multiple":
        complete = d.status != "timeout"
        return report()
    known = _known_solutions(puzzle, d, rules, deadline, solver)
    wanted = set(kinds)
    sources = [("block cell", _block_candidates), ("new pair", _new_pair_candidates),
               ("move end", _move_candidates), ("add pair", _cut_candidates),
               ("new pair", _free_pair_candidates)]
    if not fill:  # where cells may stay empty a new pair is the natural repair: earlier
        sources.insert(2, sources.pop())
    if allow_blocked is None:
        allow_blocked = puzzle.genre is None
    if not allow_blocked:
        wanted.discard("block cell")
    try:
        for kind, source in sources:
            if kind not in wanted:
                continue
            for name, text, size, p, carry in source(puzzle, d):
                if len(fixes) >= max_fixes:
                    complete = False
                    return report()
                deadline.check("searching fixes")
                tried += 1
                if _screen(known, carry, p, rules) >= 2:
                    continue
                counted += 1
                only = _proven_unique(p, rules, deadline, solver)
                if only is not None:
                    fixes.append(Fix(name, text, size, p, only, _url_of(p, rules)))
    except SolveTimeout:
        complete = False
    return report()


# -- redundant pairs --------------------------------------------------------------

@dataclass(frozen=True)
class RedundantPair:
    """A pair whose removal leaves the old solution, minus its path, as the only one."""

    label: str
    puzzle: Puzzle
    solution: Solution


def redundant_pairs(
    puzzle: Puzzle,
    *,
    no_touch: bool = False,
    no_2x2: bool = False,
    time_limit: float | None = None,
    solver: str = DEFAULT_SOLVER,
) -> list[RedundantPair]:
    """The pairs of a unique puzzle, under the rules without fill, that can go.

    Removing a pair frees its cells; it is redundant when the puzzle left has exactly
    one solution (which is then the old one without that path, still valid there).
    Raises ``ValueError`` when ``puzzle`` is not unique under these rules, and
    :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit``.

    >>> p = Puzzle(3, 3, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2)), "3": ((2, 0), (2, 2))})
    >>> [r.label for r in redundant_pairs(p)]
    []
    """
    rules = {"fill": False, "no_touch": no_touch, "no_2x2": no_2x2}
    deadline = Deadline(time_limit)
    found = solutions(puzzle, 2, solver=solver, time_limit=time_limit, **rules)
    if len(found) != 1:
        raise ValueError(f"the puzzle has {'no' if not found else 'several'} solution(s) "
                         "under these rules; redundant pairs need a unique puzzle")
    old = found[0]
    out: list[RedundantPair] = []
    for label in puzzle.labels:
        ends = {lab: pair for lab, pair in puzzle.endpoints.items() if lab != label}
        p = Puzzle(puzzle.width, puzzle.height, ends, puzzle.blocked)
        rest = Solution(puzzle.width, puzzle.height,
                        {lab: path for lab, path in old.paths.items() if lab != label})
        deadline.check("searching redundant pairs")
        left = deadline.remaining()
        answers = solutions(p, 2, solver=solver, time_limit=left if left is None
                            else max(0.0, left), **rules)
        if len(answers) == 1:
            if answers[0] != rest or verify(p, rest, **rules):  # pragma: no cover - a bug
                raise InternalError(f"removing {label}: the one solution left is not the "
                                    "old one minus its path")
            out.append(RedundantPair(label, p, rest))
    return out
