"""The state of one enumeration: when it has room for more solutions."""

from __future__ import annotations

from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.search_state import SearchState
from numberlink_sat.numberlink.solve import NumberlinkSolver


def test_room_until_the_limit_or_a_proof() -> None:
    puzzle = Puzzle(2, 2, {"1": ((0, 0), (1, 1))})
    with NumberlinkSolver(puzzle, fill=False) as engine:
        two = list(engine.solutions(None))
    assert len(two) == 2
    state = SearchState(limit=2)
    state.found.append(two[0])
    assert state.room()
    state.found.append(two[1])
    assert not state.room()  # the limit is reached
    endless = SearchState(limit=None)
    endless.found.extend(two)
    assert endless.room()
    endless.finished = True
    assert not endless.room()
