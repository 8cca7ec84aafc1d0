"""Window searches: other solutions that differ from a known one only inside a small window.

Every edge outside the window is fixed to its value in the known solution by
assumptions on the caller's incremental solver (its learnt clauses and cuts stay valid),
so each call is a small search. A board with many solutions usually has a second one
that differs from the first in a corner, and this finds it in a few small calls where a
global search may wander. Finding nothing proves nothing: the global search decides.

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

from collections.abc import Iterator

import numpy as np

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.encode import NumberlinkEncoding
from numberlink_sat.numberlink.model import Solution
from numberlink_sat.sat.deadline import CpuBudget, Deadline
from numberlink_sat.sat.session import Model, SatSession

__all__ = ["window_models"]


def window_models(enc: NumberlinkEncoding, session: SatSession, solution: Solution,
                  deadline: Deadline, *, window: int, seconds: float) -> Iterator[Model]:
    """Models of ``session`` (its cuts applied) that agree with ``solution`` on every
    edge outside one window of ``window`` x ``window`` cells; at most one is yielded.

    Windows slide with half their side as stride; the search stops after ``seconds``
    of CPU or at the first model. Blocking the known solutions is the caller's job
    (the session must already exclude ``solution``, or it is found again).
    :class:`SolveTimeout` is raised only when ``deadline`` has passed.
    """
    width, height = enc.puzzle.width, enc.puzzle.height
    if width * height <= window * window * 2:
        return
    literals = np.asarray(enc.literals_of(solution), dtype=np.int64)
    # an edge joins two cells of one row or one column: its first cell's row and
    # column and its second cell's say whether it lies inside a window
    first, second = enc.edge_ends
    first_row, first_col = np.divmod(first, width)
    second_row, second_col = np.divmod(second, width)
    phase_end = CpuBudget(seconds)
    step = max(1, window // 2)
    for top in range(0, max(1, height - window + step), step):
        rows_in = (first_row >= top) & (second_row < top + window)
        for left in range(0, max(1, width - window + step), step):
            if phase_end():
                return
            deadline.check("searching windows")
            inside = rows_in & (first_col >= left) & (second_col < left + window)
            try:
                with session.budget_box(phase_end):
                    model = session.solve_with_cuts(enc.find_cuts, literals[~inside].tolist())
            except SolveTimeout:
                deadline.check("searching windows")
                return
            if model is not None:
                yield model
                return
