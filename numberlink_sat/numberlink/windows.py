"""Window searches: other solutions that differ from a known one only inside a small window.

Every edge outside the window is fixed to its value in the known solution by
assumptions on the caller's incremental solver (its learnt clauses and cuts stay valid),
so each call is a small search. A board with many solutions usually has a second one
that differs from the first in a corner, and this finds it in a few small calls where a
global search may wander. Finding nothing proves nothing: the global search decides.

:func:`repair_models` is the same search round the empty cells of a solution without
fill: under fill, a solution that differs from it only near its empty cells.

>>> from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
>>> from numberlink_sat.numberlink.model import Puzzle
>>> from numberlink_sat.sat.deadline import Deadline
>>> from numberlink_sat.sat.session import SatSession
>>> p = Puzzle(5, 5, {"1": ((0, 0), (4, 4))})
>>> enc = NumberlinkEncoding(p, RuleOptions(fill=False), Deadline(None))
>>> with SatSession(enc) as session:
...     first = enc.decode(session.solve_with_cuts(enc.find_cuts))
...     session.add_clause(enc.solution_blocking_clause(first))
...     other = next(window_models(enc, session, first, Deadline(None), window=3, seconds=5))
...     enc.decode(other) != first
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import numpy.typing as npt

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.encode import NumberlinkEncoding
from numberlink_sat.numberlink.model import Solution
from numberlink_sat.sat.deadline import CpuBudget, Deadline
from numberlink_sat.sat.session import Model, SatSession

__all__ = ["REPAIR_MOST_FREE", "REPAIR_RADII", "REPAIR_SECONDS", "repair_models",
           "window_models", "window_sides"]

REPAIR_RADII = (1, 2, 3, 4)
"""How far from an empty cell (king moves) the edges :func:`repair_models` frees may lie,
one search per radius, the nearest first."""

REPAIR_MOST_FREE = 0.75
"""The repair stops before a radius that would free more than this share of the edges:
that search is nearly the full search, and slower with its few fixed edges (Janko #127:
4.0 s with 47 of 544 edges fixed, where the full search finds a second solution in
1.2 s)."""

REPAIR_SECONDS = 1.0
"""How long a repair may run at most (CPU s)."""


def window_sides(width: int, height: int, window: int | Sequence[int]) -> list[int]:
    """The sides of ``window`` (one or several) that :func:`window_models` tries on a
    ``width`` x ``height`` board: those whose window is less than half of it.

    >>> window_sides(19, 20, (6, 10, 14)), window_sides(20, 20, (6, 10, 14))
    ([6, 10], [6, 10, 14])
    """
    return [side for side in ([window] if isinstance(window, int) else window)
            if width * height > side * side * 2]


def window_models(enc: NumberlinkEncoding, session: SatSession, solution: Solution,
                  deadline: Deadline, *, window: int | Sequence[int], seconds: float,
                  wall: float | None = None, first_cap: float | None = None) -> Iterator[Model]:
    """Models of ``session`` (its cuts applied) that agree with ``solution`` on every
    edge outside one window of ``window`` x ``window`` cells (``window`` one side or
    several); at most one is yielded.

    Windows slide with half their side as stride; with several sides, every window of
    the first side comes before those of the next. A side is skipped on a board of at
    most twice its window's cells (such a window is most of the board). The search
    stops after ``seconds`` of CPU (all sides together; or ``wall`` seconds of wall-clock
    time) or at the first model. With ``first_cap``, the windows are tried in rounds:
    each for at most ``first_cap`` CPU seconds in the first round, those left open four
    times as long in each round after it, so that a window whose search is hard does not
    hold up the others.
    Blocking the known solutions is the caller's job (the session must already
    exclude ``solution``, or it is found again). :class:`SolveTimeout` is raised only
    when ``deadline`` has passed.
    """
    if first_cap is not None and not first_cap > 0:
        raise ValueError(f"first_cap must be a positive number of seconds, got {first_cap}")
    width, height = enc.puzzle.width, enc.puzzle.height
    sides = window_sides(width, height, window)
    if not sides:
        return

    def windows() -> Iterator[npt.NDArray[np.bool_]]:
        # an edge joins two cells of one row or one column: its first cell's row and
        # column and its second cell's say whether it lies inside a window
        first, second = enc.edge_ends
        first_row, first_col = np.divmod(first, width)
        second_row, second_col = np.divmod(second, width)
        for side in sides:
            step = max(1, side // 2)
            for top in range(0, max(1, height - side + step), step):
                rows_in = (first_row >= top) & (second_row < top + side)
                for left in range(0, max(1, width - side + step), step):
                    yield rows_in & (first_col >= left) & (second_col < left + side)

    yield from _first_model(enc, session, solution, windows(), CpuBudget(seconds, wall=wall),
                            deadline, "searching windows", first_cap)


def repair_models(enc: NumberlinkEncoding, session: SatSession, partial: Solution,
                  deadline: Deadline, *, seconds: float = REPAIR_SECONDS) -> Iterator[Model]:
    """Models of ``session`` (its cuts applied) that agree with ``partial``, a solution
    that leaves cells empty, on every edge but those whose two cells both lie within
    ``r`` king moves of one of its empty cells, for ``r`` in :data:`REPAIR_RADII` while
    that frees at most :data:`REPAIR_MOST_FREE` of the edges; at most one is yielded.

    Under fill the second search without fill may find such a solution where the full
    search finds no second one for a long time; a fill solution is often a small
    change of it away (Janko #175: 44 empty cells, radius 2, 0.05 s;
    ``docs/encoding.md``). The search stops after ``seconds`` of CPU, at the first
    model, or before a radius frees too many edges (that is the full search's work).
    :class:`SolveTimeout` is raised only when ``deadline`` has passed.

    >>> from numberlink_sat.numberlink.encode import RuleOptions
    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> p = Puzzle(4, 4, {str(r): ((r, 0), (r, 3)) for r in (0, 2, 3)})
    >>> partial = Solution(4, 4, {str(r): [(r, c) for c in range(4)] for r in (0, 2, 3)})
    >>> enc = NumberlinkEncoding(p, RuleOptions(), Deadline(None))
    >>> with SatSession(enc) as session:
    ...     fill = enc.decode(next(repair_models(enc, session, partial, Deadline(None),
    ...                                          seconds=5)))
    >>> sum(map(len, fill.paths.values())), fill.paths["3"] == partial.paths["3"]
    (16, True)
    """
    width, height = enc.puzzle.width, enc.puzzle.height
    empty = np.frombuffer(bytes(enc.is_open), dtype=np.uint8).reshape(height, width) > 0
    for path in partial.paths.values():
        for row, col in path:
            empty[row, col] = False

    def rounds() -> Iterator[npt.NDArray[np.bool_]]:
        first, second = enc.edge_ends
        near, radius = empty, 0
        for target in REPAIR_RADII:
            while radius < target:  # one more king move round every empty cell
                padded = np.pad(near, 1)
                near = np.logical_or.reduce([padded[1 + dr:1 + dr + height,
                                                    1 + dc:1 + dc + width]
                                             for dr in (-1, 0, 1) for dc in (-1, 0, 1)])
                radius += 1
            flat = near.ravel()
            inside = flat[first] & flat[second]
            if inside.mean() > REPAIR_MOST_FREE:
                return
            yield inside

    if empty.any():
        yield from _first_model(enc, session, partial, rounds(), CpuBudget(seconds),
                                deadline, "repairing a solution without fill")


def _first_model(enc: NumberlinkEncoding, session: SatSession, solution: Solution,
                 masks: Iterator[npt.NDArray[np.bool_]], phase_end: CpuBudget,
                 deadline: Deadline, doing: str, first_cap: float | None = None,
                 ) -> Iterator[Model]:
    """The first model with every edge outside a mask fixed as in ``solution``, one
    search per mask in turn, until ``phase_end`` (past ``deadline``, SolveTimeout);
    with ``first_cap``, in rounds of growing caps per mask (see :func:`window_models`)."""
    literals = np.asarray(enc.literals_of(solution), dtype=np.int64)
    pending: Iterable[npt.NDArray[np.bool_]] = masks
    cap = first_cap
    while True:
        left_open = []
        for inside in pending:
            if phase_end():
                return
            deadline.check(doing)
            try:
                with (session.budget_box(phase_end),  # and within it, the cap of the round
                      session.budget_box(None if cap is None else CpuBudget(cap))):
                    model = session.solve_with_cuts(enc.find_cuts, literals[~inside].tolist())
            except SolveTimeout:
                deadline.check(doing)
                if cap is None or phase_end():
                    return
                left_open.append(inside)  # its cap ran out: again in the next round
                continue
            if model is not None:
                yield model
                return
        if cap is None or not left_open:
            return
        pending, cap = left_open, 4 * cap

