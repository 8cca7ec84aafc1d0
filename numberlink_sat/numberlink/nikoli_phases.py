"""The searches without fill (the Nikoli rule), a part of
:class:`~numberlink_sat.numberlink.solve.NumberlinkSolver`.

A first solution with no U-turn (and, under the plain rules, no detour gap or the
least one), then more solutions by the strongest complete second search that the
solutions found so far allow: *least*, *shortest*, *no touch* or *no U-turn*
(``docs/encoding.md``, facts 2 to 7, has the proofs that each is complete). A solution
with a detour gap gives another by itself (:func:`~.local.add_detour`).

:class:`NikoliPhases` is mixed into the solver, whose selectors, searches and
bookkeeping it uses; it keeps the rule-specific phases out of ``solve.py``.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> from numberlink_sat.numberlink.solve import NumberlinkSolver
>>> p = Puzzle(9, 9, {"1": ((0, 0), (8, 8))})
>>> with NumberlinkSolver(p, fill=False) as engine:  # a first with no U-turn, a second in a window
...     len(list(engine.solutions(limit=2))), sorted(engine.stats.extra["phases"])
(2, ['nikoli first', 'window'])
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.local import (
    add_bypass,
    add_detour,
    detour_gaps,
    empty_bypass,
    empty_detour,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.search_state import SearchState
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.session import SatSession, SessionStats

if TYPE_CHECKING:
    from numberlink_sat.sat.deadline import CpuBudget

__all__ = ["EDGE_BY_EDGE", "NikoliPhases", "SecondSearch"]

SecondSearch = Callable[[SearchState, str, list[int]], "Solution | str | None"]
"""A second search asked in pieces (:attr:`NikoliPhases.second_search_in_pieces`)."""

_log = logging.getLogger("numberlink_sat.numberlink.solve")  # the solver's log, as before

EDGE_BY_EDGE = False
"""Whether the complete second searches without fill run one call per edge of a known
solution ("this edge unused") instead of one with the solutions blocked."""


class NikoliPhases:
    """The phases of a search without fill (mixed into ``NumberlinkSolver``)."""

    puzzle: Puzzle
    options: RuleOptions
    stats: SessionStats
    encoding: NumberlinkEncoding | None
    session: SatSession | None
    second_search_in_pieces: SecondSearch | None = None
    """When set, the complete second search without fill is handed to it (the search's
    name and assumptions) instead of being asked as one search; it returns what
    :meth:`_search` would: a solution, ``None`` (no other) or a time-out marker.
    :mod:`~numberlink_sat.numberlink.gap_cubes` asks the search in cubes this way."""

    if TYPE_CHECKING:  # provided by NumberlinkSolver
        def _selector(self, name: str) -> int | None: ...
        def _search(self, state: SearchState, assumptions: list[int],
                    budget: CpuBudget | None = None) -> Solution | str | None: ...
        def _emit(self, state: SearchState, solution: Solution, phase: str, *,
                  checked: bool = False) -> Iterator[Solution]: ...
        def _neighbours(self, state: SearchState) -> Iterator[Solution]: ...
        def _fresh(self, state: SearchState, solution: Solution) -> bool: ...
        def _late_budget(self, state: SearchState) -> CpuBudget | None: ...
        def _late_windows(self, state: SearchState) -> Iterator[Solution]: ...

    def _nikoli_first(self, state: SearchState) -> Iterator[Solution]:
        u_turn = self._selector("u_turn")
        if u_turn is None or state.found:
            return
        gap, touch = self._selector("gap"), self._selector("touch")
        tries: list[tuple[str, list[int]]] = []
        if gap is not None and touch is not None:
            tries.append(("no touch and no detour gap", [touch, u_turn, gap]))
        # with nothing known, the least search (plain rules) is complete (fact 7)
        least = self._second_search(state)
        if least[0] == "least":
            tries.append(least)
        else:
            if gap is not None:
                tries.append(("no U-turn and no detour gap", [u_turn, gap]))
            tries.append(("no U-turn", [u_turn]))
        for name, assumptions in tries:
            _log.info("first solution with %s", name)
            found = self._search(state, assumptions)
            if isinstance(found, Solution):
                state.window_queue.append(found)
                yield from self._emit(state, found, "nikoli first")
                return
        # the last search is complete (facts 4 and 7): no solution at all
        state.finished = True
        self.stats.extra["proof"] = f"{tries[-1][0]} search"

    def _nikoli_more(self, state: SearchState) -> Iterator[Solution]:
        if self._selector("u_turn") is None:
            return
        while state.room():
            yield from self._detours(state)
            yield from self._neighbours(state)
            if not state.room() or state.gapped:
                return
            if state.gaps_checked < len(state.found):
                continue
            name, assumptions = self._second_search(state)
            _log.info("next solution with %s (%d known, none with a detour gap)", name,
                      len(state.found))
            found = self._ask_second(state, name, assumptions)
            if isinstance(found, str):  # the late windows' turn, then the search again
                yield from self._late_windows(state)
                continue
            if found is None:
                state.finished = True
                self.stats.extra["proof"] = f"{name} search"
                return
            assert isinstance(found, Solution)
            yield from self._emit(state, found, "nikoli more")

    def _ask_second(self, state: SearchState, name: str,
                    assumptions: list[int]) -> Solution | str | None:
        """The second search ``name`` under ``assumptions``: edge by edge
        (:data:`EDGE_BY_EDGE`), in pieces (:attr:`second_search_in_pieces`) or as one
        search with the late windows' budget."""
        if EDGE_BY_EDGE:
            return self._edge_by_edge(state, assumptions)
        if self.second_search_in_pieces is not None:
            return self.second_search_in_pieces(state, name, assumptions)
        return self._search(state, assumptions, self._late_budget(state))

    def _second_search(self, state: SearchState) -> tuple[str, list[int]]:
        """The strongest complete search for one more solution that the solutions
        found so far allow (the arguments are in ``docs/encoding.md``): a *least* one
        (shortest, and no corner flip to an earlier cell) while every known solution
        fills the board; a *shortest* one (no touch, no shortcut through an empty
        cell) while no known solution has an empty detour or bypass; one that does
        not touch itself while none has an empty detour; else one without U-turns."""
        u_turn, touch = self._selector("u_turn"), self._selector("touch")
        assert u_turn is not None
        if touch is None or state.long_gapped:
            return "no U-turn", [u_turn]
        bypass = None if state.bypassed else self._selector("bypass")
        if bypass is None:
            return "no touch", [touch, u_turn]
        flip = None if state.partial else self._selector("flip")
        if flip is None:
            return "shortest", [touch, u_turn, bypass]
        return "least", [touch, u_turn, bypass, flip]

    def _edge_by_edge(self, state: SearchState, assumptions: list[int]) -> Solution | None:
        """A solution outside the known ones under ``assumptions``, one edge at a time:
        any other solution lacks some edge of a known ``S`` (every cell of ``S`` has
        its full degree), so one call per edge of ``S`` under "this edge unused"
        decides; after an UNSAT, "restrictions imply the edge" is added (implied)."""
        enc, session = self.encoding, self.session
        assert enc is not None and session is not None
        guards = [-x for x in assumptions]
        for a, b in sorted(state.found[0].edges()):
            var = enc.edge_var(a, b)
            assert var is not None
            found = self._search(state, [*assumptions, -var])
            if found is not None:
                assert isinstance(found, Solution)
                return found
            session.add_clause([*guards, var])
        return None

    def _detours(self, state: SearchState) -> Iterator[Solution]:
        """Check new solutions for detour gaps: each gap, filled in, may be one more
        solution (always under the plain rules); the verifier decides."""
        while state.gaps_checked < len(state.found) and state.room():
            solution = state.found[state.gaps_checked]
            state.gaps_checked += 1
            others = []
            bypass = empty_bypass(self.puzzle, solution)
            if bypass is not None:
                state.bypassed = True
                others.append(add_bypass(solution, bypass))
            long_gap = empty_detour(self.puzzle, solution)
            if long_gap is not None:
                state.long_gapped = True
                gaps = detour_gaps(self.puzzle, solution)
                state.gapped = state.gapped or bool(gaps)
                others += [add_detour(solution, gap) for gap in (long_gap, *gaps[:1])]
            for other in others:
                if (state.room() and other not in state.seen
                        and not verify(self.puzzle, other, **self.options.as_kwargs())):
                    self._fresh(state, other)
                    yield from self._emit(state, other, "detour", checked=True)

