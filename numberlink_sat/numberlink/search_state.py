"""What one enumeration of :class:`~numberlink_sat.numberlink.solve.NumberlinkSolver`
knows so far: the solutions found, what they showed, and whether the search is over.

The phases of a search read it to choose the strongest complete second search that the
solutions found allow (``docs/encoding.md``, facts 4 to 8) and to know when to stop.

>>> state = SearchState(limit=2)
>>> state.room(), state.found
(True, [])
>>> state.finished = True  # a complete search said there is nothing more
>>> state.room()
False
"""

from __future__ import annotations

import time

from numberlink_sat.numberlink.model import Solution

__all__ = ["SearchState"]


class SearchState:
    """What one enumeration knows so far (one per call of ``solutions``)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.found: list[Solution] = []
        self.seen: set[Solution] = set()
        self.local_queue: list[Solution] = []  # waiting for their 2-opt neighbours
        self.window_queue: list[Solution] = []  # waiting for their window search
        self.gaps_checked = 0  # solutions in ``found`` already checked for detour gaps
        self.gapped = False  # some solution found has a detour gap round a square
        self.long_gapped = False  # some solution found has a detour gap of any length
        self.bypassed = False  # some solution found has an empty bypass
        self.partial = False  # some solution found leaves an open cell empty
        self.transfers_checked = 0  # solutions in ``found`` checked for U-turn transfers
        self.finished = False  # a complete search said there is nothing more
        self.propagated = 0  # solutions found when unit propagation last tried a proof
        self.late_done = False  # the late windows have had their one sweep
        self.started = time.process_time()  # the CPU time when the enumeration began

    def room(self) -> bool:
        """Whether more solutions are wanted and may exist."""
        return not self.finished and (self.limit is None or len(self.found) < self.limit)
