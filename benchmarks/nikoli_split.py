"""Where a Nikoli-rule uniqueness proof spends its time: the second search, split.

Takes the first solution ``S`` of a puzz.link URL under fill (the designer's usual
case: a Nikoli-rule solution that fills the board), then runs one part of the second
search of the plain Nikoli rule (no fill) beside it (``docs/encoding.md``,
"Where the time goes now"):

- ``fill``: every cell used, no path touching itself, ``S`` blocked;
- ``empty``: some cell empty, under the clauses of a least second solution (fact 7:
  no touch, no U-turn, no bypass, no corner flip towards an earlier cell);
  ``--at-most K`` adds "at most K cells empty" (a sequential counter);
- ``most``: the whole second search under the *opposite* order (most used cells
  first: no detour gap, no corner flip towards an earlier cell). Valid when ``S``
  fills the board and has no U-turn (run only when it does not touch itself at
  all); kept to show that it is slower.

``--keep LABEL ...`` fixes those labels' paths as they are in ``S`` (by assumptions on
their edges): how much of the difficulty is in the other paths (session 7: on the
26x26 any half of the paths kept leaves nothing to search).

``--changed LABEL ...`` asks for each of those labels' paths to differ from ``S`` (one
clause a path: some edge of it unused). It is what a *held-path lemma* says ("the
puzzle with that path's cells blocked has one solution", proven by ``numberlink-sat
check --by-held-paths``, ``docs/designer.md``): a second solution keeping the path
would leave a second solution of the smaller puzzle. The script does not prove the
lemmas: the part with ``--changed`` is the whole part only where they hold (session
52: the 26x26's lemmas for paths 6, 15 and 18 as DIMACS for Kissat).

``--agree SIDE:Q ...`` fixes every edge within ``Q`` rows or columns of that side of the
board (``top``, ``bottom``, ``left``, ``right``) as it is in ``S``; ``--differ SIDE:Q ...``
asks for some edge of that band to differ from ``S`` (one clause per band). They say
where a second solution would have to change the known one (session 49: on the 26x26
and the 42x25 the least search with the top two rows as in ``S`` ends in 48-77 s,
where the whole search takes 32 minutes to hours).

``--sides same`` asks for a second solution whose every path passes every end of the
other pairs on the same side as in ``S``; ``--sides differ`` for one where some path
passes some end on the other side. Which side is read off a ray from each end off the
border to the nearest side: the parity of the path's crossings of that ray (a path
that passes the end on the other side crosses it once more or once less). The two
sides cover the part. Session 50: on every board measured, the 26x26 and the 42x25
included, ``same`` is "none" before the first conflict (at most 0.5 s), so the whole
difficulty is in ``differ``: a second solution would have to route some path round
some end the other way.

``--changed-ends-at-most M`` asks for a second solution that passes at most ``M`` ends
on the other side (with any path): a sequential counter over one literal an end
(session 50: on the 26x26 and the 42x25, no second solution changes the side at 8
ends or fewer, each proven in under 40 s).

``--cuts D`` adds *cut conditions*, the counting argument behind routing paths of a
given topology: a path whose ends lie on the two sides of a curve crosses it an odd
number of times, so at least once, and no edge carries two paths, so at most as many
paths cross a curve an odd number of times as it has edges. The curves
(:func:`dual_curves`): four rays from every end, the straight line between two ends in
one row or column, and two L-shaped lines between two ends at most ``D`` apart. Every
solution satisfies them (they add no solution and remove none); the question is
whether stating them saves the solver the search that would find them (session 53: on
the 26x26 they do not).

``--side-parts B1 B2 ...`` runs the part as ``same`` and the ordered pieces of
``differ``: piece ``k`` keeps the first ``k`` parities as in ``S`` and asks the next one
to differ, so together they cover ``differ``. One solver takes them from the last back,
each for up to ``B1`` seconds of CPU, then the ones left open for ``B2``, and so on,
printing how many stay open.

``--cubes B1 B2 ...`` splits the ``empty`` part (with ``--at-most`` and ``--keep``
if given) into cubes instead, one per open cell
``c``: "``c`` is the first empty cell in row-major order" (every cell before it used,
``c`` empty). Together they are the part. One solver takes them from the last cell
back (what it learns carries over), each for up to ``B1`` seconds of CPU; the cubes
left open are tried again for ``B2`` seconds, and so on. Each pass prints how many are
left open and in which rows their first empty cell lies (session 20: on the 26x26
and the 42x25 the open ones are those whose first empty cell comes early, where the
prefix of used cells is short).

With ``--dimacs FILE`` the part is written as DIMACS instead (its assumptions as unit
clauses) for other solvers. Detached loops are not excluded there (the library cuts
them lazily): an UNSAT answer is a proof, a model still has to be checked.

    python benchmarks/nikoli_split.py URL --part fill
    python benchmarks/nikoli_split.py URL --part empty --at-most 2 --time-limit 300
    python benchmarks/nikoli_split.py URL --part empty --keep 1 2 3 4 5 6 7 8 9 10 11
    python benchmarks/nikoli_split.py URL --part empty --dimacs /tmp/empty.cnf
    python benchmarks/nikoli_split.py URL --part empty --changed 6 15 18 --dimacs /tmp/held.cnf
    python benchmarks/nikoli_split.py URL --part empty --cubes 3 10 30
    python benchmarks/nikoli_split.py URL --part empty --agree top:2 --time-limit 300
    python benchmarks/nikoli_split.py URL --differ top:2 --agree bottom:2
    python benchmarks/nikoli_split.py URL --part empty --sides same
    python benchmarks/nikoli_split.py URL --part empty --side-parts 5 30 120
    python benchmarks/nikoli_split.py URL --part empty --changed-ends-at-most 8

This uses :class:`~numberlink_sat.numberlink.solve.NumberlinkSolver`'s internal
searches on purpose: it measures them. One line per run: the part, the answer
("none", "found" or "timeout"), wall seconds, conflicts.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Iterable, Sequence

from pysat.card import CardEnc, EncType

from numberlink_sat.cli.common import non_negative_int, positive_seconds
from numberlink_sat.errors import NumberlinkSatError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.held_cases import add_case
from numberlink_sat.numberlink.local import shortcuts
from numberlink_sat.numberlink.model import Puzzle, Solution, path_edges
from numberlink_sat.numberlink.search_state import SearchState
from numberlink_sat.numberlink.solve import _TIMED_OUT, NumberlinkSolver, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import CpuBudget

BAND_SIDES = ("top", "bottom", "left", "right")
SIDES = ("same", "differ")

PARTS = {
    "fill": ("fill", "touch", "u_turn"),
    "empty": ("touch", "u_turn", "bypass", "flip"),
    "most": ("gap", "flip"),
}


def _some_cell_empty(solver: NumberlinkSolver) -> tuple[int, list[int], list[int]]:
    """A new literal that implies "some open cell lies on no path", the "on a path"
    literals of the cells that may be empty, and those cells (row-major indices)."""
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    start = len(enc.clauses)
    used = [(i, enc.used_literal(i)) for i, is_open in enumerate(enc.is_open) if is_open]
    cells = [i for i, lit in used if lit is not None]
    on_path = [lit for _, lit in used if lit is not None]
    session.add_clauses(enc.clauses[start:])  # definitions made on the way
    guard = enc.pool.new()
    session.add_clause([-guard, *(-lit for lit in on_path)])
    return guard, on_path, cells


def _at_most_empty(solver: NumberlinkSolver, on_path: list[int], bound: int) -> int:
    """A new literal that implies "at most ``bound`` of these cells empty"."""
    return _at_most(solver, [-lit for lit in on_path], bound)


def _at_most(solver: NumberlinkSolver, literals: list[int], bound: int) -> int:
    """A new literal that implies "at most ``bound`` of ``literals`` true" (a sequential
    counter)."""
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    guard = enc.pool.new()
    card = CardEnc.atmost(literals, bound=bound, top_id=guard, encoding=EncType.seqcounter)
    while enc.pool.new() < card.nv:  # the counter's auxiliaries are taken
        pass
    session.add_clauses([[-guard, *clause] for clause in card.clauses])
    return guard


def band(text: str) -> tuple[str, int]:
    """``SIDE:Q`` of ``--agree`` and ``--differ``: a side of the board and a width.

    >>> band("top:2")
    ('top', 2)
    >>> band("middle:2")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a band is SIDE:Q with SIDE one of top, bottom, left, right \
and Q a whole number >= 1, got 'middle:2'
    """
    side, _, width = text.partition(":")
    if side not in BAND_SIDES or not width.isdigit() or int(width) < 1:
        raise argparse.ArgumentTypeError(
            f"a band is SIDE:Q with SIDE one of {', '.join(BAND_SIDES)} and Q a whole "
            f"number >= 1, got {text!r}")
    return side, int(width)


def _band_literals(solver: NumberlinkSolver, first: Solution,
                   where: tuple[str, int]) -> list[int]:
    """For every edge with a cell in the band ``where``, the literal "as in ``first``"."""
    enc = solver.encoding
    assert enc is not None
    side, width = where
    height, across = solver.puzzle.height, solver.puzzle.width

    def inside(cell: int) -> bool:
        row, col = divmod(cell, across)
        return {"top": row < width, "bottom": row >= height - width,
                "left": col < width, "right": col >= across - width}[side]

    used = first.edges()  # each edge smaller cell first, as the encoding's edge_cells
    return [var if (divmod(a, across), divmod(b, across)) in used else -var
            for var, (a, b) in zip(enc.edge_vars(), enc.edge_cells, strict=True)
            if inside(a) or inside(b)]


def _band_assumptions(solver: NumberlinkSolver, first: Solution,
                      agree: Sequence[tuple[str, int]],
                      differ: Sequence[tuple[str, int]]) -> list[int]:
    """``--agree``: the bands' edges as in ``first``; ``--differ``: one new literal a
    band that implies "some edge of the band not as in ``first``"."""
    assumptions = [lit for where in agree for lit in _band_literals(solver, first, where)]
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    for where in differ:
        guard = enc.pool.new()
        session.add_clause([-guard, *(-lit for lit in _band_literals(solver, first, where))])
        assumptions.append(guard)
    return assumptions


def _bands_text(agree: Sequence[tuple[str, int]], differ: Sequence[tuple[str, int]]) -> str:
    """How the bands asked read in the result line."""
    words = [f"agrees on {', '.join(f'{s}:{q}' for s, q in agree)}" if agree else "",
             f"differs on {', '.join(f'{s}:{q}' for s, q in differ)}" if differ else ""]
    said = "; ".join(word for word in words if word)
    return f" ({said})" if said else ""


def end_rays(puzzle: Puzzle) -> dict[Cell, list[tuple[Cell, Cell]]]:
    """For every end off the border, the edges its ray to the nearest side crosses.

    The ray leaves the end's centre just right of its column (up or down) or just
    below its row (left or right), so it crosses the edges from its column to the
    next (or its row to the next) on the way out; ties go up, down, left, right.
    Edges with a blocked cell are left out (no path uses them). An end on the
    border has no ray: no path can pass it on the border's side.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> end_rays(Puzzle(5, 4, {"A": ((1, 3), (0, 0)), "B": ((2, 1), (3, 4))}))
    {(1, 3): [((0, 3), (0, 4))], (2, 1): [((3, 1), (3, 2))]}
    """
    height, width = puzzle.height, puzzle.width
    rays: dict[Cell, list[tuple[Cell, Cell]]] = {}
    for ends in puzzle.endpoints.values():
        for row, col in ends:
            if not (0 < row < height - 1 and 0 < col < width - 1):
                continue
            candidates = [
                [((r, col), (r, col + 1)) for r in range(row - 1, -1, -1)],
                [((r, col), (r, col + 1)) for r in range(row + 1, height)],
                [((row, c), (row + 1, c)) for c in range(col - 1, -1, -1)],
                [((row, c), (row + 1, c)) for c in range(col + 1, width)],
            ]
            ray = min(candidates, key=len)
            rays[(row, col)] = [(a, b) for a, b in ray
                                if a not in puzzle.blocked and b not in puzzle.blocked]
    return rays


def side_parities(puzzle: Puzzle, solution: Solution) -> dict[tuple[str, Cell], int]:
    """For every label and every end of another label off the border: the parity of
    the number of times the label's path crosses that end's ray (:func:`end_rays`).

    Two solutions pass an end on the same side with a path exactly when they agree
    here (the closed curve of the two paths winds round the end an even number of
    times).

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(3, 3, {"A": ((1, 1), (2, 2)), "B": ((1, 0), (1, 2))})
    >>> up = Solution(3, 3, {"A": [(1, 1), (2, 1), (2, 2)],
    ...                      "B": [(1, 0), (0, 0), (0, 1), (0, 2), (1, 2)]})
    >>> side_parities(p, up)
    {('B', (1, 1)): 1}
    """
    used = {label: set(path_edges(path)) for label, path in solution.paths.items()}
    owner = puzzle.label_at
    return {(label, end): sum(edge in steps for edge in ray) % 2
            for end, ray in end_rays(puzzle).items()
            for label, steps in used.items() if label != owner[end]}


Curve = tuple[Cell, Cell | None, list[tuple[Cell, Cell]]]
"""A dual curve from an end to another end (or to the border, ``None``): the edges it
crosses."""


def dual_curves(puzzle: Puzzle, max_distance: int) -> list[Curve]:
    """Curves for the cut conditions of ``--cuts``: from every end, the four straight
    lines to the sides of the board; between two ends of different pairs in one row or
    column, the straight line; between two ends of different pairs in different rows
    and columns, at most ``max_distance`` apart (Manhattan), both L-shaped lines.

    A line runs just right of an end's column (vertical) or just below its row
    (horizontal), as the rays of :func:`end_rays` do, and crosses one edge a row or
    column it passes. An L leaves the first end vertically and turns on the row border
    next to the second end, on the first end's side, then runs to the second end's
    column. Edges off the board or at a blocked cell are left out (no path uses them),
    and so are curves with no edge left.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> p = Puzzle(3, 3, {"A": ((0, 0), (2, 2)), "B": ((1, 2), (2, 0))})
    >>> for first, second, edges in dual_curves(p, 5):
    ...     if second is not None:
    ...         print(first, second, edges)
    (0, 0) (2, 0) [((1, 0), (1, 1))]
    (0, 0) (1, 2) [((0, 1), (1, 1))]
    (1, 2) (0, 0) [((0, 1), (1, 1)), ((0, 2), (1, 2))]
    """
    height, width = puzzle.height, puzzle.width

    def on_board(edges: Iterable[tuple[Cell, Cell]]) -> list[tuple[Cell, Cell]]:
        return [(a, b) for a, b in edges
                if b[0] < height and b[1] < width
                and a not in puzzle.blocked and b not in puzzle.blocked]

    def down_line(col: int, rows: Iterable[int]) -> list[tuple[Cell, Cell]]:
        return [((r, col), (r, col + 1)) for r in rows]

    def across_line(row: int, cols: Iterable[int]) -> list[tuple[Cell, Cell]]:
        return [((row, c), (row + 1, c)) for c in cols]

    owner = puzzle.label_at
    ends = sorted(owner)
    found: list[Curve] = []
    for row, col in ends:  # the four rays
        for edges in (down_line(col, range(row)), down_line(col, range(row + 1, height)),
                      across_line(row, range(col)), across_line(row, range(col + 1, width))):
            found.append(((row, col), None, on_board(edges)))
    for first, second in itertools.combinations(ends, 2):  # straight between two ends
        (r1, c1), (r2, c2) = first, second
        if owner[first] != owner[second] and (r1 == r2 or c1 == c2):
            edges = (down_line(c1, range(r1 + 1, r2)) if c1 == c2
                     else across_line(r1, range(min(c1, c2) + 1, max(c1, c2))))
            found.append((first, second, on_board(edges)))
    for first, second in itertools.permutations(ends, 2):  # L-shaped between two ends
        (r1, c1), (r2, c2) = first, second
        if (owner[first] == owner[second] or r1 == r2 or c1 == c2
                or abs(r1 - r2) + abs(c1 - c2) > max_distance):
            continue
        turn = r2 - 1 if r2 > r1 else r2  # the row border next to the second end
        rows = range(r1 + 1, r2) if r2 > r1 else range(r2 + 1, r1)
        cols = range(c1 + 1, c2) if c2 > c1 else range(c2 + 1, c1 + 1)
        found.append((first, second, on_board([*down_line(c1, rows),
                                               *across_line(turn, cols)])))
    return [curve for curve in found if curve[2]]


def _cut_guard(solver: NumberlinkSolver, curves: Sequence[Curve]) -> tuple[int, int]:
    """A new literal that implies, for every curve, "at most as many paths cross it an
    odd number of times as it has edges" (the curve's own end pairs left out), and how
    many curves can bind (more paths than edges).

    Each such path uses at least one of the curve's edges, and no edge is used by two
    paths, so every solution satisfies all of them: they add no reasoning the clauses
    do not imply, only a shorter way to it, where a topology would push more paths
    across a curve than it has room for."""
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    owner = solver.puzzle.label_at
    crossings = _Crossings(solver)
    bounds: list[tuple[list[int], int]] = []
    for first, second, edges in curves:
        mine = {owner[first], owner.get(second or first)}
        labels = [label for label in solver.puzzle.endpoints if label not in mine]
        if len(labels) > len(edges):
            bounds.append(([crossings.parity(label, edges) for label in labels], len(edges)))
    crossings.flush()
    guard = enc.pool.new()
    session.add_clauses([[-guard, _at_most(solver, odd, room)] for odd, room in bounds])
    return guard, len(bounds)


class _Crossings:
    """Literals "this edge is used and its first cell carries this label", made once
    each, and the parity of a label's crossings of a list of edges (a chain of XOR
    definitions); the clauses wait in :attr:`clauses` until :meth:`flush` gives them
    to the solver's session."""

    def __init__(self, solver: NumberlinkSolver) -> None:
        assert solver.encoding is not None and solver.session is not None
        self.solver = solver
        self.clauses: list[list[int]] = []
        self._crossing: dict[tuple[str, Cell, Cell], int] = {}

    def crosses(self, label: str, a: Cell, b: Cell) -> int:
        """The literal "edge ``a-b`` used, ``a`` of ``label``"."""
        enc = self.solver.encoding
        assert enc is not None
        if (label, a, b) not in self._crossing:
            edge = enc.edge_var(a, b)
            assert edge is not None  # the callers leave out blocked cells
            bits = enc.label_literals(a, label)
            self._crossing[(label, a, b)] = lit = enc.pool.new()
            self.clauses.extend([[-lit, edge], *([-lit, bit] for bit in bits),
                                 [lit, -edge, *(-bit for bit in bits)]])
        return self._crossing[(label, a, b)]

    def parity(self, label: str, edges: Sequence[tuple[Cell, Cell]]) -> int:
        """A literal true exactly when ``label``'s path uses an odd number of ``edges``
        (at least one edge)."""
        enc = self.solver.encoding
        assert enc is not None
        chain = self.crosses(label, *edges[0])
        for a, b in edges[1:]:
            step, out = self.crosses(label, a, b), enc.pool.new()
            self.clauses.extend([[-out, chain, step], [-out, -chain, -step],
                                 [out, -chain, step], [out, chain, -step]])
            chain = out
        return chain

    def flush(self) -> None:
        """Give the clauses made so far to the session."""
        session = self.solver.session
        assert session is not None
        session.add_clauses(self.clauses)
        self.clauses = []


def _side_literals(solver: NumberlinkSolver, first: Solution) -> dict[tuple[str, Cell], int]:
    """For every entry of :func:`side_parities`, a literal "as in ``first``": the
    parity of the label's crossings, a chain of XOR definitions over literals
    "this edge used and its first cell of this label" (added to the session)."""
    crossings = _Crossings(solver)
    rays = end_rays(solver.puzzle)
    literals = {}
    for (label, end), parity in side_parities(solver.puzzle, first).items():
        if not rays[end]:
            continue  # blocked cells all the way: the parity is 0 in every solution
        chain = crossings.parity(label, rays[end])
        literals[(label, end)] = chain if parity else -chain
    crossings.flush()
    return literals


def _side_pieces(solver: NumberlinkSolver, known: SearchState, assumptions: list[int],
                 literals: list[int], budgets: Sequence[float], part: str) -> str:
    """The part as ``same`` (piece ``len(literals)``) and the ordered pieces of
    ``differ`` (piece ``k``: ``literals[:k]`` kept, ``literals[k]`` not), from the last
    back, in passes of growing CPU budgets."""
    count = len(literals) + 1
    return _in_passes(
        solver, known, list(reversed(range(count))), budgets,
        lambda k: [*assumptions, *literals[:k], *(-lit for lit in literals[k:k + 1])],
        name=f"{part} (side pieces)", noun="piece",
        where=lambda left: f", pieces {min(left)}-{max(left)}",
        at=lambda k: f"in piece {k} of {count}")


def _sides_assumptions(solver: NumberlinkSolver, literals: dict[tuple[str, Cell], int],
                       sides: str | None, changed_ends: int | None = None) -> list[int]:
    """Given the literals "parity as in ``S``" (:func:`_side_literals`): ``same``: all
    of them; ``differ``: a new literal that implies "some parity not as in ``S``";
    ``changed_ends``: one that implies "at most that many ends passed the other way";
    none without either."""
    assumptions = [] if changed_ends is None else [
        _changed_ends_at_most(solver, literals, changed_ends)]
    if sides is None:
        return assumptions
    if sides == "same":
        return assumptions + list(literals.values())
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    guard = enc.pool.new()
    session.add_clause([-guard, *(-lit for lit in literals.values())])
    return [*assumptions, guard]


def _changed_ends_at_most(solver: NumberlinkSolver, literals: dict[tuple[str, Cell], int],
                          bound: int) -> int:
    """A new literal that implies "at most ``bound`` ends are passed by some path on the
    other side than in ``S``", from the literals of :func:`_side_literals` (one literal
    an end, then a sequential counter)."""
    enc, session = solver.encoding, solver.session
    assert enc is not None and session is not None
    by_end: dict[Cell, list[int]] = {}
    for (_label, end), same in literals.items():
        by_end.setdefault(end, []).append(same)
    changed = []
    for sames in by_end.values():
        end_changed = enc.pool.new()
        session.add_clauses([[-end_changed, *(-same for same in sames)],
                             *([same, end_changed] for same in sames)])
        changed.append(end_changed)
    return _at_most(solver, changed, bound)


def _refused(part: str, dimacs: str | None, cubes: Sequence[float], sides: str | None,
             side_parts: Sequence[float]) -> str | None:
    """Why these options do not go together (``None``: they do)."""
    if cubes and part != "empty":
        return "--cubes splits the empty part only"
    if cubes and dimacs is not None:
        return "--cubes solves: it does not write DIMACS"
    if side_parts and (dimacs is not None or cubes or sides is not None):
        return "--side-parts solves the whole part: not with --dimacs, --cubes or --sides"
    return None


# Kept flat (PLR0913): one keyword per command-line option
def run(url: str, part: str, *, at_most: int | None, time_limit: float,  # noqa: PLR0913
        dimacs: str | None, keep: Sequence[str] = (), cubes: Sequence[float] = (),
        agree: Sequence[tuple[str, int]] = (),
        differ: Sequence[tuple[str, int]] = (), sides: str | None = None,
        side_parts: Sequence[float] = (), changed_ends: int | None = None,
        changed: Sequence[str] = (), cuts: int | None = None) -> str:
    """Run (or write) one part of the second search; the result line."""
    puzzle = puzzlink.parse_url(url)
    solver = NumberlinkSolver(puzzle, fill=False, time_limit=time_limit)
    given = _record_clauses(solver) if dimacs is not None else []
    first = solve(puzzle, time_limit=time_limit)  # under fill: a Nikoli solution too
    if first is None:
        return "no solution fills the board: the split assumes one does"
    if part == "most" and next(shortcuts(puzzle, first), None) is not None:
        return "the fill solution touches itself: its shortcut is a second solution"
    known = SearchState(None)
    solver._record(known, first)
    selectors = [solver._selector(name) for name in PARTS[part]]
    if None in selectors:
        return f"part {part!r} does not apply to these rules"
    assumptions = [s for s in selectors if s is not None]
    refused = _refused(part, dimacs, cubes, sides, side_parts)
    if refused is not None:
        return refused
    on_path: list[int] = []
    cells: list[int] = []
    if part == "empty":
        guard, on_path, cells = _some_cell_empty(solver)
        assumptions.append(guard)
        if at_most is not None:
            assumptions.append(_at_most_empty(solver, on_path, at_most))
    unknown = [label for label in [*keep, *changed] if label not in first.paths]
    if unknown:
        return f"no such label: {', '.join(unknown)}"
    assumptions += _kept_edges(solver, first, keep)
    # the held-path proof's own clauses, not assumptions: they hold for the whole run
    # (and its DIMACS)
    add_case(solver, first, changed)
    assumptions += _band_assumptions(solver, first, agree, differ)
    # the side parities' definitions, built once for --sides, --side-parts and the bound
    side_literals = (_side_literals(solver, first)
                     if sides or side_parts or changed_ends is not None else {})
    assumptions += _sides_assumptions(solver, side_literals, sides, changed_ends)
    binding = None
    if cuts is not None:
        guard, binding = _cut_guard(solver, dual_curves(puzzle, cuts))
        assumptions.append(guard)
    if dimacs is not None:
        return _write_dimacs(solver, given, assumptions, dimacs)
    if side_parts:  # with the kept paths, bands and bound, if any, in every piece
        return _side_pieces(solver, known, assumptions,
                            list(side_literals.values()), side_parts, part)
    if cubes:  # with the kept paths and the bound, if any, in every cube
        rows = [cell // puzzle.width for cell in cells]
        return _first_empty_cubes(solver, known, assumptions, on_path, rows, cubes)
    started = time.perf_counter()
    try:
        found = solver._search(known, assumptions)
        answer = "none" if found is None else _checked(solver, found)
    except SolveTimeout:
        answer = "timeout"
    wall = time.perf_counter() - started
    bound = _bounds_text(at_most, keep, changed, agree, differ, sides, changed_ends, binding)
    return (f"{part}{bound}: {answer} in {wall:.2f} s, "
            f"{solver.stats.conflicts} conflicts")


def _bounds_text(at_most: int | None, keep: Sequence[str],
                 changed: Sequence[str], agree: Sequence[tuple[str, int]],
                 differ: Sequence[tuple[str, int]], sides: str | None,
                 changed_ends: int | None, binding: int | None) -> str:
    """What narrows the part, in words, for the result line.

    >>> _bounds_text(4, [], ["3"], [], [], None, None, 7)
    ' (at most 4 empty) (1 paths changed) (cut conditions on 7 curves)'
    """
    bound = "" if at_most is None else f" (at most {at_most} empty)"
    bound += f" ({len(keep)} paths kept)" if keep else ""
    bound += f" ({len(changed)} paths changed)" if changed else ""
    bound += _bands_text(agree, differ)
    bound += {"same": " (every end passed on the same side)",
              "differ": " (some end passed on the other side)"}.get(sides or "", "")
    if changed_ends is not None:
        bound += f" (at most {changed_ends} ends passed the other way)"
    if binding is not None:
        bound += f" (cut conditions on {binding} curves)"
    return bound


def _kept_edges(solver: NumberlinkSolver, first: Solution, keep: Sequence[str]) -> list[int]:
    """The edge variables of the ``keep`` labels' paths in ``first`` (the negated
    blocking clause of each path alone)."""
    enc = solver.encoding
    assert enc is not None
    return [-literal for label in keep for literal in enc.solution_blocking_clause(
        Solution(first.width, first.height, {label: first.paths[label]}))]


def _checked(solver: NumberlinkSolver, found: object) -> str:
    """"found" once the verifier accepts the solution (it never imports an encoder)."""
    assert isinstance(found, Solution)
    problems = verify(solver.puzzle, found, **solver.options.as_kwargs())
    return "found" if not problems else "INVALID SOLUTION: " + "; ".join(problems)


def _first_empty_cubes(solver: NumberlinkSolver, known: SearchState, assumptions: list[int],
                       on_path: list[int], rows: list[int], budgets: Sequence[float]) -> str:
    """The ``empty`` part as one cube per cell (the first empty cell in row-major
    order; ``rows`` gives each cell's row), in passes of growing CPU budgets."""
    return _in_passes(
        solver, known, list(reversed(range(len(on_path)))), budgets,
        lambda cube: [*assumptions, *on_path[:cube], -on_path[cube]],
        name="empty (cubes)", noun="cube",
        where=lambda left: f", first empty cell in rows {rows[min(left)]}-{rows[max(left)]}",
        at=lambda cube: f"first empty cell in row {rows[cube]}")


def _in_passes(solver: NumberlinkSolver, known: SearchState, pieces: list[int],
               budgets: Sequence[float], assumptions_of: Callable[[int], list[int]], *,
               name: str, noun: str, where: Callable[[list[int]], str],
               at: Callable[[int], str]) -> str:
    """Search every piece (in the order given, one solver) for up to the first budget of
    CPU seconds, then the ones left open for the next, and so on: a line per pass
    (``where`` describes the open pieces), then the summary; the first solution found
    ends it (``at`` says in which piece)."""
    open_pieces, started = pieces, time.perf_counter()
    for budget in budgets:
        left = []
        for piece in open_pieces:
            try:
                found = solver._search(known, assumptions_of(piece), CpuBudget(budget))
            except SolveTimeout:
                return (f"{name}: timeout with {len(open_pieces)} {noun}s of the pass "
                        f"at {budget:g} s still to try")
            if found is _TIMED_OUT:
                left.append(piece)
            elif found is not None:
                return (f"{name}: {_checked(solver, found)}, {at(piece)}, "
                        f"after {time.perf_counter() - started:.0f} s")
        open_pieces = left
        print(f"  {budget:g} s a {noun}: {len(left)} of {len(pieces)} {noun}s open"
              f"{where(left) if left else ''}, {time.perf_counter() - started:.0f} s so far",
              flush=True)
        if not left:
            break
    answer = "none" if not open_pieces else f"{len(open_pieces)} {noun}s open"
    return (f"{name}: {answer} in {time.perf_counter() - started:.2f} s, "
            f"{solver.stats.conflicts} conflicts")


def _record_clauses(solver: NumberlinkSolver) -> list[list[int]]:
    """From now on, a copy of every clause given to the solver's session (the base
    CNF is in the encoding already; ``add_block`` and ``add_clause`` go through
    ``add_clauses``)."""
    session = solver.session
    assert session is not None
    given: list[list[int]] = []
    add = session.add_clauses

    def add_and_keep(clauses: Iterable[Sequence[int]]) -> None:
        kept = [list(clause) for clause in clauses]
        given.extend(kept)
        add(kept)

    session.add_clauses = add_and_keep  # type: ignore[method-assign]
    return given


def _write_dimacs(solver: NumberlinkSolver, given: list[list[int]],
                  assumptions: list[int], path: str) -> str:
    """The encoding, every clause given since, the blocks of the solutions found and
    the assumptions as unit clauses."""
    enc = solver.encoding
    assert enc is not None
    solver._block_found()
    extra = given + [[a] for a in assumptions]
    enc.write_dimacs(path, comments=["nikoli_split: the assumptions are the last unit clauses"],
                     extra=extra)
    return f"wrote {path} ({enc.pool.top} variables, {enc.num_clauses + len(extra)} clauses)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="a puzz.link numlin URL")
    parser.add_argument("--part", choices=sorted(PARTS), default="empty")
    parser.add_argument("--at-most", type=non_negative_int, default=None, metavar="K",
                        help="with --part empty: at most K cells empty")
    parser.add_argument("--time-limit", type=positive_seconds, default=60.0)
    parser.add_argument("--keep", nargs="+", default=[], metavar="LABEL",
                        help="fix these labels' paths as in the fill solution")
    parser.add_argument("--changed", nargs="+", default=[], metavar="LABEL",
                        help="each of these labels' paths differs from the fill solution "
                             "(what a held-path lemma says; not proven here)")
    parser.add_argument("--dimacs", metavar="FILE", help="write the CNF instead of solving")
    parser.add_argument("--cubes", nargs="+", type=positive_seconds, default=[],
                        metavar="SECONDS",
                        help="with --part empty: one cube per first empty cell, passes of "
                             "these CPU budgets a cube")
    parser.add_argument("--agree", nargs="+", type=band, default=[], metavar="SIDE:Q",
                        help="fix every edge within Q rows or columns of SIDE (top, "
                             "bottom, left, right) as in the fill solution")
    parser.add_argument("--differ", nargs="+", type=band, default=[], metavar="SIDE:Q",
                        help="some edge within Q rows or columns of SIDE differs from "
                             "the fill solution")
    parser.add_argument("--sides", choices=SIDES, default=None,
                        help="every path passes every end on the same side as in the fill "
                             "solution, or some path passes some end on the other side")
    parser.add_argument("--side-parts", nargs="+", type=positive_seconds, default=[],
                        metavar="SECONDS",
                        help="the part as --sides same and the ordered pieces of --sides "
                             "differ, passes of these CPU budgets a piece")
    parser.add_argument("--changed-ends-at-most", type=non_negative_int, default=None,
                        metavar="M",
                        help="at most M ends passed by some path on the other side than "
                             "in the fill solution")
    parser.add_argument("--cuts", type=non_negative_int, default=None, metavar="D",
                        help="cut conditions: at most as many paths cross a curve an odd "
                             "number of times as it has edges (rays from every end, "
                             "lines between ends in a row or column, L-shapes between "
                             "ends at most D apart)")
    args = parser.parse_args(argv)
    try:
        puzzlink.parse_url(args.url)
    except NumberlinkSatError as exc:
        parser.error(f"the URL {args.url!r}: {exc}")
    print(run(args.url, args.part, at_most=args.at_most, time_limit=args.time_limit,
              dimacs=args.dimacs, keep=args.keep, cubes=args.cubes, agree=args.agree,
              differ=args.differ, sides=args.sides, side_parts=args.side_parts,
              changed_ends=args.changed_ends_at_most, changed=args.changed,
              cuts=args.cuts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
