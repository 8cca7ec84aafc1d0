"""A first solution under fill by local search: square switches, then a window re-solved.

SAT finds boards with few long paths hard under fill (the bench's ``loose`` family, a
random Hamiltonian path cut into pieces): without the label bits the same CNF is solved
with no conflict at all, and with them CaDiCaL solves no loose 30x30 in minutes.
:func:`switch_search` starts where SAT is easy and repairs what it gets wrong:

1. **A degree model**: every open cell on two edges, every end on one, nothing else
   (a cardinality CNF, solved without conflicts). It is a set of paths and loops that
   fills the board; a path may join two ends of different labels (a *wrong join*).
2. **Square switches**: where a unit square has two opposite edges used and the other
   two unused, using the other two instead keeps every degree. It splits, joins or
   reconnects the one or two components through the square. Simulated annealing over
   random switches lowers the number of *defects* (loops and wrong joins; a move that
   adds ``d`` defects is taken with probability ``exp(-d / T)``, ``T`` falling from
   :data:`HOT` to :data:`COLD` over :data:`COOLING_STEPS` switches, then again).
   :data:`FOCUS` of the squares are drawn among those touching a defect. A switch's
   outcome is read off without walking the board: every component keeps its two ends
   and every cell its place along its component, and the two links a switch removes,
   placed along their components, say which new components it makes and what their
   ends are (:meth:`_Annealing.after_switch`); only a switch that is kept walks the
   components it changed, to number and place their cells again. (Before session 19
   every switch tried walked its components: now about twice the switches per second
   on 18x18 boards and 2.6x on 40x40 ones, the same walk switch for switch.)
3. **Windows re-solved by SAT**: a rectangle of the board becomes a puzzle of its own,
   solved by the SAT machine (``run``): every cell outside it is blocked, and each
   stretch of a component inside it is cut at its two tips. Going out of the window
   from a tip, the component reaches an end of some label or comes back in; a tip
   that reaches (or is) an end of label ``L`` becomes an end of ``L`` in the window's
   puzzle, and a stretch with a tip that comes back in joins its own two tips. So the
   window may join again what a wrong join split: a label's two pieces outside meet
   inside. Its solution put in place of the window's links is kept when the defects
   fall, undone otherwise. Once at most :data:`FEW_DEFECTS` are left, the window is the
   smallest rectangle round them, grown by 1, then 2; and every :data:`LNS_EVERY`
   switches, a 9 x 9 window round a random cell of a random defect (a large
   neighbourhood step). The first kind waits while such repairs have taken more than
   :data:`REPAIR_SHARE` of the walk's CPU time (on a stalled walk each runs to its limit).

It answers only with a solution, verified here under fill and the plain rules; its
"nothing found" proves nothing. It knows the plain rules only (no ``no_touch``, no
``no_2x2``). Figures (``docs/encoding.md``, "Session 11: square switches"): the nine
loose 20x20 boards of the bench all solved; with ``solve``'s 15 s, six or seven of the
nine loose 30x30 (median 4.7-5.3 s), one or two of three loose 40x40 in 20 s. Since
session 19 ("Session 19: a switch's outcome without a walk"), ``solve`` with its two
walks at 15 s: the bench's nine 30x30 boards under both rules, each within 8.1 s
(medians 3.3 and 3.5 s), and 15 and 14 of 18 runs of nine fresh 40x40 boards.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> from numberlink_sat.sat.deadline import Deadline
>>> p = Puzzle(3, 2, {"a": ((0, 0), (1, 0)), "b": ((0, 1), (1, 1))}, [(0, 2), (1, 2)])
>>> switch_search(p, Deadline(5), run=lambda *args: None).paths["a"]
((0, 0), (1, 0))
"""

from __future__ import annotations

import itertools
import logging
import math
import random
import time
from collections.abc import Callable

import numpy as np

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.grid import Cell, cell_index, walk_path
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.constraints import exactly_k
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession

__all__ = [
    "COLD", "COOLING_STEPS", "FEW_DEFECTS", "FOCUS", "HOT", "REPAIR_SHARE", "Resolve",
    "SwitchWalk", "switch_search",
]

_log = logging.getLogger(__name__)

HOT = 0.4
"""Temperature at the start of each cooling round."""

COLD = 0.04
"""Temperature at the end of each cooling round."""

COOLING_STEPS = 500_000
"""Switches tried per cooling round (about 3.5 s of CPU on a 30x30 board)."""

FOCUS = 0.8
"""Share of the switches tried on a square next to a defect (the rest anywhere)."""

FEW_DEFECTS = 4
"""Defects left at which a window round them is re-solved by SAT."""

REPAIR_EVERY = 20_000
"""Switches tried between two window repairs."""

REPAIR_SECONDS = 1.0
"""Time limit (seconds) of one window's SAT call."""

REPAIR_SHARE = 0.25
"""Largest share of the walk's CPU time spent in those repairs (a repair waits while
the repairs so far have taken more)."""

LNS_EVERY = 20_000
"""Switches tried between two re-solved small windows (any number of defects left)."""

LNS_RADIUS = 4
"""A small window reaches this many cells round a cell of a defect (9 x 9)."""

LNS_SECONDS = 0.5
"""Time limit (seconds) of one small window's SAT call."""

_CHECK_EVERY = 1000  # switches between two looks at the deadline and the temperature

Resolve = Callable[[Puzzle, Deadline], Solution | None]
"""``resolve(window_puzzle, deadline)``: a solution under fill, ``None`` when there is
none; :class:`~numberlink_sat.errors.SolveTimeout` at the deadline."""

Links = list[list[int]]  # per cell index, the cells it is joined to (0 to 2)


def switch_search(puzzle: Puzzle, deadline: Deadline, *, run: Resolve,
                  rng: random.Random | None = None) -> Solution | None:
    """A solution under fill (plain rules), or ``None`` when none was found in time.

    ``run`` solves a window's puzzle (the SAT machine); ``rng`` drives the switches
    (``random.Random(0)`` when omitted: the same board gives the same walk). One
    :meth:`SwitchWalk.advance` of a new :class:`SwitchWalk`.
    """
    return SwitchWalk(puzzle, run=run, rng=rng).advance(deadline)


class SwitchWalk:
    """The switch search in turns: each :meth:`advance` goes on from where the last one
    stopped (the links, the defects, the cooling schedule and the repairs' share).

    So another search can take turns with it in one process (``solve`` lets the SAT
    search here and a walk of another seed share the core: ``second_solver.py``).

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> p = Puzzle(3, 2, {"a": ((0, 0), (1, 0)), "b": ((0, 1), (1, 1))}, [(0, 2), (1, 2)])
    >>> walk = SwitchWalk(p, run=lambda *args: None, rng=random.Random(1))
    >>> walk.advance(Deadline(5)).paths["b"], walk.finished
    (((0, 1), (1, 1)), True)
    """

    def __init__(self, puzzle: Puzzle, *, run: Resolve, rng: random.Random | None = None) -> None:
        self.puzzle, self.run = puzzle, run
        self.rng = rng or random.Random(0)
        self._walk: _Annealing | None = None
        self.finished = False
        """Whether the walk is over: solved, refused, or with no degree model to start
        from (then no later call does anything)."""

    def advance(self, deadline: Deadline) -> Solution | None:
        """Walk on until a solution (returned) or the deadline (``None``)."""
        if self.finished:
            return None
        if self._walk is None:
            links = _degree_model(self.puzzle, deadline)
            if links is None:
                # no degree model, or none by the deadline: the walk has no start
                self.finished = not deadline.passed()
                return None
            self._walk = _Annealing(self.puzzle, links, self.rng)
        walk, puzzle, run = self._walk, self.puzzle, self.run

        def repair() -> bool:
            return _repair(puzzle, walk, deadline, run)

        def lns() -> bool:
            return _lns(puzzle, walk, deadline, run)

        if not walk.anneal(deadline, repair, lns):
            return None
        self.finished = True
        solution = walk.solution()
        problems = verify(puzzle, solution, fill=True)
        if problems:  # not expected: with no defect left every path joins its own ends
            _log.warning("switch search: its answer is refused (%s)", "; ".join(problems))
            return None
        return solution


def _degree_model(puzzle: Puzzle, deadline: Deadline) -> Links | None:
    """Edges giving every open cell degree 2 and every end degree 1 (``None``: none, or
    not found by the deadline)."""
    width, height = puzzle.width, puzzle.height
    ends = {cell for pair in puzzle.endpoints.values() for cell in pair}
    encoding = Encoding()
    edges: dict[tuple[int, int], int] = {}
    for i in range(width * height):
        if divmod(i, width) not in puzzle.blocked:
            for j in (i + 1, i + width):
                if (j < width * height and (j == i + width or j % width)
                        and divmod(j, width) not in puzzle.blocked):
                    edges[i, j] = encoding.pool.new()
    touching: dict[int, list[int]] = {}
    for (i, j), var in edges.items():
        touching.setdefault(i, []).append(var)
        touching.setdefault(j, []).append(var)
    for i in range(width * height):
        if divmod(i, width) in puzzle.blocked:
            continue
        degree = 1 if divmod(i, width) in ends else 2
        encoding.extend(exactly_k(touching.get(i, []), degree, encoding.pool))
    try:  # the deadline may pass while the solver loads, too
        with SatSession(encoding, deadline=deadline) as session:
            if not session.solve():
                return None
            model = session.model()
    except SolveTimeout:
        return None
    links: Links = [[] for _ in range(width * height)]
    for (i, j), var in edges.items():
        if model[var]:
            links[i].append(j)
            links[j].append(i)
    return links


class _Annealing:
    """The switch walk: links between cells, the number of defects, the temperature."""

    def __init__(self, puzzle: Puzzle, links: Links, rng: random.Random) -> None:
        self.puzzle, self.links, self.rng = puzzle, links, rng
        width = puzzle.width
        self.label: dict[int, str] = {
            r * width + c: name for name, pair in puzzle.endpoints.items() for r, c in pair}
        self.open = [i for i in range(width * puzzle.height)
                     if divmod(i, width) not in puzzle.blocked]
        self.squares = [i for i in self.open
                        if i % width < width - 1 and i // width < puzzle.height - 1
                        and all(divmod(j, width) not in puzzle.blocked
                                for j in (i + 1, i + width, i + width + 1))]
        self.is_square = np.zeros(width * puzzle.height, dtype=bool)
        self.is_square[self.squares] = True
        self.is_end = [i in self.label for i in range(width * puzzle.height)]
        self._open_cells = np.asarray(self.open, dtype=np.int64)  # for near_defects
        self.defects = self.count_defects()
        # kept from one anneal() to the next: switches tried, the last repairs, the CPU
        # seconds of the walk and of its repairs
        self.steps, self.last_repair, self.last_lns = 0, -REPAIR_EVERY, 0
        self.cpu, self.repairing = 0.0, 0.0

    def count_defects(self) -> int:
        """Loops and wrong joins, counted afresh (each component's count kept too)."""
        self.owner = [-1] * len(self.links)  # per cell, its component's number
        self.place = [0] * len(self.links)  # per cell, its place along its component
        self.flaw: list[int] = []  # per component number, 1 for a defect
        self.ends_of: list[tuple[int, ...] | None] = []  # per number: its ends (a loop: None)
        self.length: list[int] = []  # per component number, its number of cells
        self.free: list[int] = []  # component numbers no cell has any more
        for cells, ends in self.components():
            self._own(cells, ends, self.bad(ends))
        return sum(self.flaw)

    def _own(self, cells: list[int], ends: tuple[int, ...] | None, flaw: int,
             number: int | None = None) -> None:
        """Give ``cells`` (in order along their component: :meth:`component`) one
        component number (``number``, or a free or new one), and each its place."""
        if number is None:
            number = self.free.pop() if self.free else len(self.flaw)
            if number == len(self.flaw):
                self.flaw.append(flaw)
                self.ends_of.append(ends)
                self.length.append(0)
        self.flaw[number], self.ends_of[number], self.length[number] = flaw, ends, len(cells)
        owner, place = self.owner, self.place
        for at, i in enumerate(cells):
            owner[i] = number
            place[i] = at

    def component(self, start: int) -> tuple[list[int], tuple[int, ...] | None]:
        """The cells of the component through ``start`` in their order along it (a path
        from one end to the other, a loop round from ``start``) and its two ends in that
        order (``None``: a loop).

        Every open cell has two links and every end one (the degree model's invariant,
        which switches and windows keep), so a walk either meets an end or comes back
        to ``start``; a cell with another number of links fails the unpacking below
        instead of walking for ever."""
        links, cells = self.links, [start]
        if self.is_end[start]:
            (first,) = links[start]
            tip = self._follow(start, first, cells)  # never None from an end
            return cells, None if tip is None else (start, tip)
        first, second = links[start]
        tip = self._follow(start, first, cells)
        if tip is None:
            return cells, None
        back = len(cells)
        other = self._follow(start, second, cells)
        if other is None:  # not expected: a path came back to where it started
            return cells, None
        return [*cells[back - 1:0:-1], start, *cells[back:]], (tip, other)

    def _follow(self, prev: int, cur: int, cells: list[int]) -> int | None:
        """Walk on from ``prev`` to ``cur``, adding each cell passed to ``cells``, to the
        end reached (``None``: back at ``cells[0]``, a loop)."""
        links, is_end, start, append = self.links, self.is_end, cells[0], cells.append
        while not is_end[cur]:
            if cur == start:
                return None
            append(cur)
            a, b = links[cur]
            prev, cur = cur, (a if a != prev else b)
        append(cur)
        return cur

    def after_switch(self, p1: int, q1: int, p2: int, q2: int) -> tuple[
            tuple[int, ...] | None, bool, tuple[int, ...] | None]:
        """What switching the links ``p1-q1`` and ``p2-q2`` into ``p1-p2`` and ``q1-q2``
        makes, from the components' kept ends and places alone (no walk): the ends of
        the component through ``p1`` afterwards (``None``: a loop), whether ``q2`` lies
        on it, and the ends of ``q2``'s component when it does not. Asked before the
        switch's links are kept (the places are those of the links before it)."""
        owner, place, ends_of = self.owner, self.place, self.ends_of
        one, two = owner[p1], owner[p2]
        if one != two:  # two components become one, or two paths swap halves
            ends, other = ends_of[one], ends_of[two]
            if ends is None or other is None:
                return (other if ends is None else ends), True, None
            p1_side = ends[0] if place[p1] < place[q1] else ends[1]
            p2_side = other[0] if place[p2] < place[q2] else other[1]
            return ((p1_side, p2_side), False,
                    (ends[1] if p1_side == ends[0] else ends[0],
                     other[1] if p2_side == other[0] else other[0]))
        ends, size = ends_of[one], self.length[one]
        # each link as (x, y): y after x along the component
        if ends is None:
            x1, y1 = (p1, q1) if place[q1] == (place[p1] + 1) % size else (q1, p1)
            x2, y2 = (p2, q2) if place[q2] == (place[p2] + 1) % size else (q2, p2)
        else:
            x1, y1 = (p1, q1) if place[p1] < place[q1] else (q1, p1)
            x2, y2 = (p2, q2) if place[p2] < place[q2] else (q2, p2)
            if place[x1] > place[x2]:
                x1, y1, x2, y2 = x2, y2, x1, y1
        if (x1 in (p1, p2)) == (x2 in (p1, p2)):  # x1-x2 and y1-y2: one component again
            return ends, True, None
        # x1-y2 and y1-x2: the stretch y1 ... x2 closes into a loop; the rest keeps the ends
        on_rest = p1 in (x1, y2)
        if on_rest == (q2 in (x1, y2)):
            return (ends if on_rest else None), True, None
        return (ends, False, None) if on_rest else (None, False, ends)

    def components(self) -> list[tuple[list[int], tuple[int, ...] | None]]:
        """Every component of the open cells."""
        seen: set[int] = set()
        found = []
        for i in self.open:
            if i not in seen:
                cells, ends = self.component(i)
                seen.update(cells)
                found.append((cells, ends))
        return found

    def bad(self, ends: tuple[int, ...] | None) -> int:
        """1 for a defect (a loop, or a path joining two labels), else 0."""
        if ends is None or len(ends) != 2:
            return 1
        return int(self.label.get(ends[0]) != self.label.get(ends[1]))


    def anneal(self, deadline: Deadline, repair: Callable[[], bool],
               lns: Callable[[], bool]) -> bool:
        """Switch until no defect is left (True) or the deadline passes (False);
        ``repair`` (few defects) and ``lns`` (any) re-solve windows now and then and
        say whether the defects fell. A later call goes on where this one stopped."""
        entered = time.process_time()
        try:
            return self._anneal(deadline, repair, lns, entered)
        finally:
            self.cpu += time.process_time() - entered

    def _anneal(self, deadline: Deadline, repair: Callable[[], bool],  # noqa: PLR0915
                lns: Callable[[], bool], entered: float) -> bool:
        # one function on purpose: the switch loop is the hot path, and a method call
        # per switch would cost more than the walk's own bookkeeping
        links, rng, squares, width = self.links, self.rng, self.squares, self.puzzle.width
        if not squares:
            return self.defects == 0
        steps, last_repair, last_lns = self.steps, self.last_repair, self.last_lns
        share = (steps % COOLING_STEPS) / COOLING_STEPS
        temperature = HOT * (COLD / HOT) ** share
        near = self.near_defects() if steps else []  # a first call as before turns existed
        draw, component, bad, own = rng.random, self.component, self.bad, self._own
        after = self.after_switch
        owner, flaw = self.owner, self.flaw
        started = entered - self.cpu  # CPU seconds: the walk's start, as if in one call
        try:
            while self.defects > 0:
                steps += 1
                if steps % _CHECK_EVERY == 0:
                    if deadline.expired():
                        steps -= 1  # the next call takes this step again, as one call would
                        return False
                    share = (steps % COOLING_STEPS) / COOLING_STEPS
                    temperature = HOT * (COLD / HOT) ** share
                    near = self.near_defects()
                if self.defects <= FEW_DEFECTS and steps - last_repair >= REPAIR_EVERY:
                    last_repair, before = steps, time.process_time()  # the clock only here
                    if self.repairing <= REPAIR_SHARE * (before - started):
                        if repair() and self.defects == 0:
                            return True
                        self.repairing += time.process_time() - before
                        owner, flaw = self.owner, self.flaw  # a window counts them afresh
                if self.defects > 0 and steps - last_lns >= LNS_EVERY:
                    last_lns = steps
                    if lns() and self.defects == 0:
                        return True
                    owner, flaw = self.owner, self.flaw
                pool = near if near and draw() < FOCUS else squares
                a = pool[int(draw() * len(pool))]
                b, c, d = a + 1, a + width + 1, a + width  # clockwise from the top left
                if (b in links[a] and c in links[d] and d not in links[a]
                        and c not in links[b]):
                    top_bottom = True
                elif (d in links[a] and c in links[b] and b not in links[a]
                      and c not in links[d]):
                    top_bottom = False
                else:
                    continue
                first, second = owner[a], owner[c]
                before = flaw[first] + (flaw[second] if second != first else 0)
                # most switches are undone: the new components' ends come from the kept
                # ends and places, and the cells are walked only for a switch that is kept
                ends, joined, other = (after(a, b, d, c) if top_bottom else after(a, d, b, c))
                new_flaw = bad(ends)
                other_flaw = 0 if joined else bad(other)
                change = new_flaw + other_flaw - before
                if change <= 0 or draw() < math.exp(-change / temperature):
                    _turn(links, a, b, c, d, top_bottom)
                    self.defects += change
                    own(*component(a), new_flaw, first)
                    if not joined:
                        own(*component(c), other_flaw, second if second != first else None)
                    elif second != first:
                        self.free.append(second)  # two components became one
            return True
        finally:
            self.steps, self.last_repair, self.last_lns = steps, last_repair, last_lns

    def near_defects(self) -> list[int]:
        """The squares with a corner on a defect's cell (where :data:`FOCUS` of the
        switches are tried)."""
        width = self.puzzle.width
        cells = self._open_cells
        bad = cells[np.asarray(self.flaw, dtype=bool)[np.asarray(self.owner)[cells]]]
        corners = np.concatenate((bad, bad - 1, bad - width, bad - width - 1))
        corners = corners[corners >= 0]
        found: list[int] = np.unique(corners[self.is_square[corners]]).tolist()
        return found

    def solution(self) -> Solution:
        """Each label's path walked from its first end (the verifier judges it)."""
        width = self.puzzle.width
        links = dict(enumerate(self.links))
        paths = {name: [divmod(i, width) for i in walk_path(
                     cell_index(start, width), links, cell_index(end, width))]
                 for name, (start, end) in self.puzzle.endpoints.items()}
        return Solution(width, self.puzzle.height, paths)

    def defect_cells(self) -> list[list[int]]:
        """The cells of each defect (by the kept counts), in board order."""
        groups: dict[int, list[int]] = {}
        owner, flaw = self.owner, self.flaw
        for i in self.open:
            if flaw[owner[i]]:
                groups.setdefault(owner[i], []).append(i)
        return list(groups.values())


def _turn(links: Links, a: int, b: int, c: int, d: int, top_bottom: bool) -> None:
    """Switch the square ``a b c d`` (clockwise from the top left) in place: its used
    top and bottom edges become its left and right ones (``top_bottom``), or back."""
    if top_bottom:  # a-b, d-c -> a-d, b-c
        swaps = ((a, b, d), (b, a, c), (c, d, b), (d, c, a))
    else:  # a-d, b-c -> a-b, d-c
        swaps = ((a, d, b), (b, c, a), (c, b, d), (d, a, c))
    for cell, old, new in swaps:
        mine = links[cell]
        mine[mine.index(old)] = new


def _repair(puzzle: Puzzle, walk: _Annealing, deadline: Deadline, run: Resolve) -> bool:
    """Re-solve the smallest window round the defects (margin 1, then 2); True when the
    defects fell."""
    bad = {i for cells in walk.defect_cells() for i in cells}
    return any(_try_window(walk, _Window(puzzle, walk, bad, margin), deadline, run,
                           REPAIR_SECONDS) for margin in (1, 2))


def _lns(puzzle: Puzzle, walk: _Annealing, deadline: Deadline, run: Resolve) -> bool:
    """Re-solve a small window round a random cell of a random defect."""
    bad = walk.defect_cells()
    if not bad:
        return False
    cell = walk.rng.choice(walk.rng.choice(bad))
    return _try_window(walk, _Window(puzzle, walk, {cell}, LNS_RADIUS), deadline, run,
                       LNS_SECONDS)


def _try_window(walk: _Annealing, window: _Window, deadline: Deadline, run: Resolve,
                seconds: float) -> bool:
    """Solve the window and keep its solution if the defects fall (True)."""
    sub = window.puzzle()
    if sub is None:
        return False
    try:
        found = run(sub, deadline.within(seconds))
    except SolveTimeout:
        return False
    if found is None:
        return False
    saved = window.put(found)
    after = walk.count_defects()
    if after < walk.defects:
        walk.defects = after
        return True
    for i, old in saved.items():
        walk.links[i] = old
    walk.count_defects()  # the components' numbers of the links put back
    return False


class _Window:
    """A rectangle round some cells, with the cells whose links all leave it taken out."""

    def __init__(self, puzzle: Puzzle, walk: _Annealing, cells: set[int], margin: int) -> None:
        self.board, self.walk = puzzle, walk
        width = puzzle.width
        rows = [i // width for i in cells]
        cols = [i % width for i in cells]
        top, bottom = max(0, min(rows) - margin), min(puzzle.height - 1, max(rows) + margin)
        left, right = max(0, min(cols) - margin), min(width - 1, max(cols) + margin)
        inside = {r * width + c for r in range(top, bottom + 1) for c in range(left, right + 1)
                  if (r, c) not in puzzle.blocked}
        while True:  # a cell all of whose links leave the window stays as it is
            alone = {i for i in inside if not any(j in inside for j in walk.links[i])}
            if not alone:
                break
            inside -= alone
        self.cells = inside

    def puzzle(self) -> Puzzle | None:
        """The window as a puzzle (``None``: some label would get one end only)."""
        width, links, inside = self.board.width, self.walk.links, self.cells
        pairs: dict[str, tuple[Cell, Cell]] = {}
        terminals: dict[str, list[int]] = {}
        seen: set[int] = set()
        for i in sorted(inside):
            if i in seen:
                continue
            stretch = self._stretch(i)
            seen |= stretch
            tips = [j for j in stretch if sum(k in stretch for k in links[j]) < 2]
            if not tips:
                continue  # a loop inside: its cells are free
            reached = [self._reaches(j, stretch) for j in tips]
            if None in reached:
                a, b = tips
                pairs[f"stretch {len(pairs)}"] = (divmod(a, width), divmod(b, width))
                continue
            for j, name in zip(tips, reached, strict=True):
                terminals.setdefault(str(name), []).append(j)
        for name, ends in terminals.items():
            if len(ends) != 2:
                return None
            pairs[f"label {name}"] = (divmod(ends[0], width), divmod(ends[1], width))
        blocked = [divmod(i, width) for i in range(width * self.board.height)
                   if i not in inside]
        return Puzzle(width, self.board.height, pairs, blocked)

    def _reaches(self, tip: int, stretch: set[int]) -> str | None:
        """The label whose end the component reaches from ``tip`` going out of the
        window (the tip's own label at an end); ``None`` when it comes back in."""
        links, inside, label = self.walk.links, self.cells, self.walk.label
        out = [j for j in links[tip] if j not in stretch]
        if not out:
            return label.get(tip)
        prev, cur = tip, out[0]
        while cur not in inside:
            step = [k for k in links[cur] if k != prev]
            if not step:
                return label.get(cur)
            prev, cur = cur, step[0]
        return None

    def _stretch(self, start: int) -> set[int]:
        links, inside = self.walk.links, self.cells
        stretch = {start}
        for first in links[start]:
            prev, cur = start, first
            while cur in inside and cur not in stretch:
                stretch.add(cur)
                step = [k for k in links[cur] if k != prev]
                if not step:
                    break
                prev, cur = cur, step[0]
        return stretch

    def put(self, found: Solution) -> dict[int, list[int]]:
        """The window's solution in place of its links; the links it replaced."""
        width, links, inside = self.board.width, self.walk.links, self.cells
        saved = {i: list(links[i]) for i in inside}
        for i in inside:
            links[i] = [j for j in links[i] if j not in inside]
        for path in found.paths.values():
            for (ra, ca), (rb, cb) in itertools.pairwise(path):
                a, b = ra * width + ca, rb * width + cb
                links[a].append(b)
                links[b].append(a)
        return saved
