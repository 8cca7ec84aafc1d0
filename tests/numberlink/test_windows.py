"""Window searches: a second solution that differs from the first only inside a window."""

from __future__ import annotations

import numpy as np

import numberlink_sat as nl
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.windows import window_models
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession


def _first_and_window(puzzle: Puzzle, window: int,
                      fill: bool = False) -> tuple[Solution, Solution | None, NumberlinkEncoding]:
    enc = NumberlinkEncoding(puzzle, RuleOptions(fill=fill), Deadline(None))
    with SatSession(enc) as session:
        model = session.solve_with_cuts(enc.find_cuts)
        assert model is not None
        first = enc.decode(model)
        session.add_clause(enc.solution_blocking_clause(first))
        found = next(window_models(enc, session, first, Deadline(None), window=window,
                                   seconds=10), None)
    return first, None if found is None else enc.decode(found), enc


def test_the_other_solution_differs_only_inside_one_window() -> None:
    puzzle = Puzzle(8, 7, {"1": ((0, 0), (0, 7)), "2": ((6, 0), (6, 7))})
    first, other, enc = _first_and_window(puzzle, window=3)
    assert other is not None and other != first
    assert nl.verify(puzzle, other, fill=False) == []
    changed = np.flatnonzero(np.asarray(enc.literals_of(first)) != np.asarray(
        enc.literals_of(other)))
    a, b = enc.edge_ends
    cells = np.concatenate([a[changed], b[changed]])
    rows, cols = np.divmod(cells, puzzle.width)
    assert rows.max() - rows.min() < 3 and cols.max() - cols.min() < 3


def test_nothing_on_a_unique_board_nor_on_a_board_smaller_than_two_windows() -> None:
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    assert _first_and_window(rows, window=3, fill=True)[1] is None  # one solution only
    small = Puzzle(4, 4, {"1": ((0, 0), (3, 3))})  # 16 cells <= 2 * 3 * 3
    assert _first_and_window(small, window=3)[1] is None
    assert _first_and_window(small, window=2)[1] is not None
