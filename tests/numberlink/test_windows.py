"""Window searches: a second solution that differs from the first only inside a window."""

from __future__ import annotations

import numpy as np
import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.windows import (
    REPAIR_MOST_FREE,
    REPAIR_RADII,
    repair_models,
    window_models,
)
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession


def _first_and_window(puzzle: Puzzle, window: int | tuple[int, ...], fill: bool = False,
                      first_cap: float | None = None,
                      ) -> tuple[Solution, Solution | None, NumberlinkEncoding]:
    enc = NumberlinkEncoding(puzzle, RuleOptions(fill=fill), Deadline(None))
    with SatSession(enc) as session:
        model = session.solve_with_cuts(enc.find_cuts)
        assert model is not None
        first = enc.decode(model)
        session.add_clause(enc.solution_blocking_clause(first))
        found = next(window_models(enc, session, first, Deadline(None), window=window,
                                   seconds=10, first_cap=first_cap), None)
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


def test_in_rounds_a_window_left_open_is_tried_again() -> None:
    """With a cap per window so small that every search runs out at once, the rounds
    (each cap four times the last) still reach the window that holds the other solution,
    and it is the same kind of answer: verified, other than the first."""
    puzzle = Puzzle(8, 7, {"1": ((0, 0), (0, 7)), "2": ((6, 0), (6, 7))})
    first, other, _ = _first_and_window(puzzle, window=3, first_cap=1e-9)
    assert other is not None and other != first
    assert nl.verify(puzzle, other, fill=False) == []
    with pytest.raises(ValueError, match="first_cap"):
        _first_and_window(puzzle, window=3, first_cap=0.0)


def test_nothing_on_a_unique_board_nor_on_a_board_smaller_than_two_windows() -> None:
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    assert _first_and_window(rows, window=3, fill=True)[1] is None  # one solution only
    small = Puzzle(4, 4, {"1": ((0, 0), (3, 3))})  # 16 cells <= 2 * 3 * 3
    assert _first_and_window(small, window=3)[1] is None
    assert _first_and_window(small, window=2)[1] is not None


def _fits_a_window(puzzle: Puzzle, changed: set[tuple[tuple[int, int], tuple[int, int]]],
                   side: int) -> bool:
    """Whether every changed edge lies inside one window of ``side`` (windows slide with
    half their side as stride, as documented)."""
    step = max(1, side // 2)
    cells = {cell for edge in changed for cell in edge}
    return any(all(top <= r < top + side and left <= c < left + side for r, c in cells)
               for top in range(0, max(1, puzzle.height - side + step), step)
               for left in range(0, max(1, puzzle.width - side + step), step))


def test_with_several_sides_the_smallest_windows_come_first() -> None:
    """Against exhaustive solutions of small boards, with the sides (2, 3): a model is
    found exactly when some other solution differs from the first only inside a window
    of either side; when one fits a window of side 2, the model found does too; and a
    side too large for the board is skipped while the others still run."""
    import random

    from numberlink_sat.bench.instances import numberlink_loose
    from tests.numberlink.exhaustive import brute_path_sets

    rng = random.Random(11)
    smallest = larger = none = 0
    for _ in range(60):
        puzzle = numberlink_loose(rng.randint(5, 6), rng.randint(5, 6), rng, rng.randint(3, 8))
        fill = rng.random() < 0.5
        truth = brute_path_sets(puzzle, fill=fill, node_budget=200_000)
        if truth is None:
            continue
        first, other, _ = _first_and_window(puzzle, (2, 9, 3), fill)  # 9: too large
        others = [set(o.edges()) ^ set(first.edges())
                  for o in (Solution(puzzle.width, puzzle.height, paths) for paths in truth)
                  if set(o.edges()) != set(first.edges())]
        fits = {side: any(_fits_a_window(puzzle, o, side) for o in others) for side in (2, 3)}
        if other is None:
            none += 1
            assert not fits[2] and not fits[3], (puzzle.to_dict(), fill)
            continue
        assert nl.verify(puzzle, other, fill=fill) == []
        changed = set(other.edges()) ^ set(first.edges())
        assert changed
        if fits[2]:
            smallest += 1
            assert _fits_a_window(puzzle, changed, 2), (puzzle.to_dict(), fill)
        else:
            larger += 1
            assert _fits_a_window(puzzle, changed, 3), (puzzle.to_dict(), fill)
    assert smallest > 5 and larger > 5 and none > 5, (smallest, larger, none)


def _king_near(puzzle: Puzzle, partial: Solution, radius: int) -> set[tuple[int, int]]:
    """The cells within ``radius`` king moves of a cell ``partial`` leaves empty."""
    used = {cell for path in partial.paths.values() for cell in path}
    empty = [cell for cell in puzzle.open_cells() if cell not in used]
    return {(r + dr, c + dc) for r, c in empty for dr in range(-radius, radius + 1)
            for dc in range(-radius, radius + 1)}


def test_repairs_are_fill_solutions_that_keep_the_far_edges() -> None:
    """Against exhaustive solutions of small boards cut from Hamiltonian paths: for
    every solution without fill that leaves cells empty, the repair yields a solution
    under fill that agrees with it outside the largest radius; and it yields one
    whenever some fill solution agrees with it outside the smallest radius (unless
    that radius already frees too many edges to be tried)."""
    import random

    from numberlink_sat.bench.instances import numberlink_loose
    from numberlink_sat.grid import Edge
    from tests.numberlink.exhaustive import brute_path_sets

    def edges(solution: Solution) -> set[Edge]:
        return set(solution.edges())

    rng = random.Random(5)
    repaired = checked = refused = 0
    for _ in range(30):
        puzzle = numberlink_loose(rng.randint(4, 6), rng.randint(4, 5), rng, rng.randint(2, 4))
        nikoli = brute_path_sets(puzzle, fill=False, node_budget=200_000)
        fill = brute_path_sets(puzzle, fill=True, node_budget=200_000)
        if nikoli is None or fill is None:
            continue
        fills = [Solution(puzzle.width, puzzle.height, p) for p in fill]
        enc = NumberlinkEncoding(puzzle, RuleOptions(), Deadline(None))
        all_edges = set(enc.cell_edges)
        for paths in rng.sample(nikoli, min(len(nikoli), 25)):
            partial = Solution(puzzle.width, puzzle.height, paths)
            if sum(map(len, partial.paths.values())) == puzzle.width * puzzle.height:
                continue  # fills the board: nothing to repair
            checked += 1
            with SatSession(enc) as session:
                model = next(repair_models(enc, session, partial, Deadline(None),
                                           seconds=10), None)
            near = [_king_near(puzzle, partial, r) for r in (REPAIR_RADII[0], REPAIR_RADII[-1])]
            far = [{e for e in all_edges if not (e[0] in n and e[1] in n)} for n in near]
            if model is not None:
                found = enc.decode(model)
                repaired += 1
                assert nl.verify(puzzle, found, fill=True) == []
                assert edges(found) & far[1] == edges(partial) & far[1]
            elif len(far[0]) >= (1 - REPAIR_MOST_FREE) * len(all_edges):  # radius 1 ran
                refused += 1
                assert not any(edges(f) & far[0] == edges(partial) & far[0] for f in fills)
    assert checked > 100 and repaired > 20 and refused > 5, (checked, repaired, refused)
