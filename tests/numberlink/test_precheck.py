"""The cheap "no solution" proofs of ``precheck`` against exhaustive search.

Every check must be sound: whenever it says "no solution", the exhaustive counter of
``exhaustive.py`` (independent of SAT and of the checks) finds none, under the plain rules
(``fill=False``) for the checks that claim every variant and under ``fill`` for the fill
and parity checks. The random boards are biased so that the checks fire often (the tests
also assert that they do), and boards built from a known set of paths (solvable by
construction, checked by the verifier) must never be refuted.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.precheck import (
    cluster_order,
    colour_parity,
    outer_contour,
    prove_unsolvable,
    rim_order,
)
from tests.numberlink.exhaustive import brute_path_sets

# Small cluster shapes (cells relative to their top-left corner): blocks, L shapes,
# diagonal pairs and chains, straight pairs, a ring of four diagonal cells, a plus, an X.
SHAPES: list[list[Cell]] = [
    [(0, 0), (0, 1), (1, 0), (1, 1)],
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (1, 0), (1, 1)],
    [(0, 1), (1, 0), (1, 1)],
    [(0, 0), (1, 1)],
    [(0, 1), (1, 0)],
    [(0, 0), (0, 1)],
    [(0, 0), (1, 0)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 0), (0, 1), (0, 2)],
    [(0, 1), (1, 0), (1, 2), (2, 1)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
]


def king_ring(cells: list[Cell]) -> set[Cell]:
    """The cells and their 8 neighbours."""
    return {(r + a, c + b) for r, c in cells for a in (-1, 0, 1) for b in (-1, 0, 1)}


def place_shape(rng: random.Random, width: int, height: int) -> list[Cell]:
    """A random shape placed off the rim (rows 1..height-2, columns 1..width-2)."""
    fits = [
        s for s in SHAPES
        if max(r for r, _ in s) <= height - 3 and max(c for _, c in s) <= width - 3
    ]
    shape = rng.choice(fits)
    dr = rng.randint(1, height - 2 - max(r for r, _ in shape))
    dc = rng.randint(1, width - 2 - max(c for _, c in shape))
    cells = [(r + dr, c + dc) for r, c in shape]
    rng.shuffle(cells)
    return cells


SMALL = [(5, 5), (6, 5), (5, 6), (6, 4), (4, 6), (5, 4)]
"""Board sizes for the cluster boards; 6x6 is added where an X (3x3) shape needs room."""


def cluster_board(rng: random.Random, sizes: list[tuple[int, int]] = SMALL) -> Puzzle:
    """2-5 ends in an interior cluster (other cluster cells blocked), partners on the rim.

    Rim partners are mostly kept off the cluster's 8-neighbourhood (else the cluster
    touches the rim and the check stays out); sometimes a label joins two rim cells.
    """
    width, height = rng.choice(sizes)
    cells = place_shape(rng, width, height)
    k = rng.randint(min(2, len(cells)), min(5, len(cells)))
    near = king_ring(cells)
    rim = [x for x in rim_order(width, height) if x not in near or rng.random() < 0.1]
    rng.shuffle(rim)
    ends: dict[str, tuple[Cell, Cell]] = {}
    blocked = set(cells[k:])
    for i, cell in enumerate(cells[:k]):
        if rim:
            ends["ABCDE"[i]] = (cell, rim.pop())
        else:
            blocked.add(cell)
    if len(rim) >= 2 and rng.random() < 0.3:
        ends["M"] = (rim.pop(), rim.pop())
    return Puzzle(width, height, ends, blocked)


def parity_board(rng: random.Random) -> Puzzle:
    """A small random board whose label colours often disagree with its cell colours."""
    while True:
        width, height = rng.choice([(3, 3), (4, 3), (3, 4), (4, 4), (5, 3), (2, 5), (5, 4)])
        cells = [(r, c) for r in range(height) for c in range(width)]
        rng.shuffle(cells)
        labels = rng.randint(1, 4)
        ends = {str(k + 1): (cells[2 * k], cells[2 * k + 1]) for k in range(labels)}
        rest = cells[2 * labels:]
        blocked = [c for c in rest if rng.random() < 0.15]
        if len(blocked) < len(rest):
            return Puzzle(width, height, ends, blocked)


def no_solution(puzzle: Puzzle, *, fill: bool, budget: int = 400_000) -> bool | None:
    """Whether the exhaustive count is 0 (``None``: the budget ran out)."""
    found = brute_path_sets(puzzle, fill=fill, node_budget=budget)
    return None if found is None else not found


# -- the two new checks against exhaustive search ----------------------------------------


def test_cluster_order_is_sound_and_fires() -> None:
    rng = random.Random(20261130)
    tried = fired = undecided = 0
    kinds = dict.fromkeys(("clockwise order", "separate the rim ends", "walled in"), 0)
    for i in range(1500):
        puzzle = cluster_board(rng, [*SMALL, (6, 6)] if i % 3 == 0 else SMALL)
        tried += 1
        reason = cluster_order(puzzle)
        if reason is None:
            continue
        fired += 1
        for kind in kinds:
            kinds[kind] += kind in reason
        verdict = no_solution(puzzle, fill=False)
        if verdict is None:
            undecided += 1
            continue
        assert verdict, f"cluster check refuted a solvable board: {puzzle.to_dict()}: {reason}"
        # What the check claims for the plain rules holds for the whole pre-check too.
        assert prove_unsolvable(puzzle, fill=False) is not None
    assert fired >= tried // 8, (tried, fired)
    assert undecided <= fired // 20, (fired, undecided)
    assert min(kinds.values()) >= 5, kinds


def test_colour_parity_is_sound_and_fires() -> None:
    rng = random.Random(7)
    tried = fired = undecided = 0
    for _ in range(1500):
        puzzle = parity_board(rng)
        tried += 1
        reason = colour_parity(puzzle)
        if reason is None:
            continue
        fired += 1
        verdict = no_solution(puzzle, fill=True)
        if verdict is None:
            undecided += 1
            continue
        assert verdict, f"parity refuted a solvable board: {puzzle.to_dict()}: {reason}"
    assert fired >= tried // 4, (tried, fired)
    assert undecided <= fired // 20, (fired, undecided)


def test_parity_is_not_a_plain_rule_proof() -> None:
    # Under the plain rules a path may skip cells: the parity argument needs fill.
    puzzle = Puzzle(2, 2, {"A": ((0, 0), (1, 1))})
    assert colour_parity(puzzle) is not None
    assert prove_unsolvable(puzzle, fill=True) is not None
    assert prove_unsolvable(puzzle, fill=False) is None
    assert no_solution(puzzle, fill=False) is False


def test_whole_precheck_is_sound_on_random_boards() -> None:
    """All checks together, both fill settings, on boards of both kinds."""
    rng = random.Random(99)
    fired = {True: 0, False: 0}
    for i in range(800):
        puzzle = cluster_board(rng) if i % 2 else parity_board(rng)
        for fill in (True, False):
            if prove_unsolvable(puzzle, fill=fill) is None:
                continue
            fired[fill] += 1
            assert no_solution(puzzle, fill=fill) is not False, (puzzle.to_dict(), fill)
    assert fired[True] >= 200 and fired[False] >= 50, fired


# -- boards solvable by construction ----------------------------------------------------


def walk_to_rim(
    rng: random.Random, start: Cell, used: set[Cell], width: int, height: int
) -> list[Cell] | None:
    """A random self-avoiding walk from ``start`` over unused cells to the first rim cell."""
    path = [start]
    seen = set(used) | {start}
    r, c = start
    while (0 < r < height - 1 and 0 < c < width - 1) or len(path) == 1:
        steps = [
            (r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) not in seen
        ]
        if not steps:
            return None
        r, c = rng.choice(steps)
        path.append((r, c))
        seen.add((r, c))
    return path


def star_solution(rng: random.Random) -> tuple[Puzzle, Puzzle, Solution]:
    """Paths from an interior cluster out to the rim, plus some rim-to-rim paths.

    Returns the puzzle with only the cluster's other cells blocked (solvable under the
    plain rules), the same with every cell off the paths blocked (solvable with fill),
    and the paths.
    """
    while True:
        width, height = rng.randint(5, 9), rng.randint(5, 9)
        cells = place_shape(rng, width, height)
        k = rng.randint(1, len(cells))
        used = set(cells)
        paths: dict[str, list[Cell]] = {}
        for i, end in enumerate(cells[:k]):
            path = walk_to_rim(rng, end, used, width, height)
            if path is None:
                break
            paths["ABCDE"[i]] = path
            used.update(path)
        else:
            for j in range(rng.randint(0, 3)):
                free = [x for x in rim_order(width, height) if x not in used]
                if not free:
                    break
                path = walk_to_rim(rng, rng.choice(free), used, width, height)
                if path is not None:
                    paths[f"R{j}"] = path
                    used.update(path)
            ends = {lab: (p[0], p[-1]) for lab, p in paths.items()}
            on_paths = {cell for p in paths.values() for cell in p}
            everything = {(r, c) for r in range(height) for c in range(width)}
            plain = Puzzle(width, height, ends, cells[k:])
            filled = Puzzle(width, height, ends, everything - on_paths)
            return plain, filled, Solution(width, height, paths)


def test_boards_solvable_by_construction_are_never_refuted() -> None:
    rng = random.Random(5)
    relevant = 0
    for _ in range(1500):
        plain, filled, solution = star_solution(rng)
        assert nl.verify(plain, solution, fill=False) == []
        assert nl.verify(filled, solution, fill=True) == []
        assert prove_unsolvable(plain, fill=False) is None, plain.to_dict()
        assert prove_unsolvable(filled, fill=True) is None, filled.to_dict()
        assert prove_unsolvable(filled, fill=False) is None, filled.to_dict()
        # Boards where the order check has something to compare: >= 3 inner-to-rim labels.
        rim = rim_order(plain.width, plain.height)
        relevant += sum((a in rim) != (b in rim) for a, b in plain.endpoints.values()) >= 3
    assert relevant >= 300, relevant


# -- symmetry ---------------------------------------------------------------------------


def rotate(puzzle: Puzzle) -> Puzzle:
    """A quarter turn clockwise: (r, c) -> (c, height - 1 - r)."""
    def f(cell: Cell) -> Cell:
        return (cell[1], puzzle.height - 1 - cell[0])
    return Puzzle(
        puzzle.height, puzzle.width,
        {lab: (f(a), f(b)) for lab, (a, b) in puzzle.endpoints.items()},
        [f(x) for x in puzzle.blocked],
    )


def mirror(puzzle: Puzzle) -> Puzzle:
    """Left-right mirror: (r, c) -> (r, width - 1 - c)."""
    def f(cell: Cell) -> Cell:
        return (cell[0], puzzle.width - 1 - cell[1])
    return Puzzle(
        puzzle.width, puzzle.height,
        {lab: (f(a), f(b)) for lab, (a, b) in puzzle.endpoints.items()},
        [f(x) for x in puzzle.blocked],
    )


def symmetries(puzzle: Puzzle) -> list[Puzzle]:
    """The 8 images of the board under rotations and mirrors."""
    out = []
    for base in (puzzle, mirror(puzzle)):
        for _ in range(4):
            out.append(base)
            base = rotate(base)
    return out


CHECKS: dict[str, Callable[[Puzzle], str | None]] = {
    "cluster": cluster_order,
    "parity": colour_parity,
    "plain": lambda p: prove_unsolvable(p, fill=False),
    "fill": lambda p: prove_unsolvable(p, fill=True),
}


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_rotations_and_mirrors_keep_the_verdict(name: str) -> None:
    check = CHECKS[name]
    rng = random.Random(name)
    fired = 0
    for i in range(150):
        puzzle = cluster_board(rng) if i % 2 else parity_board(rng)
        verdicts = {check(image) is None for image in symmetries(puzzle)}
        assert len(verdicts) == 1, puzzle.to_dict()
        fired += not verdicts.pop()
    assert fired >= 10, fired


# -- the contour walk ---------------------------------------------------------------------


def outer_sides(cluster: set[Cell]) -> list[Cell]:
    """The cells of ``cluster`` with one entry per side facing the unbounded outside.

    Independent of the walk: flood the 4-connected outside from a corner of a padded
    bounding box.
    """
    rows = [r for r, _ in cluster]
    cols = [c for _, c in cluster]
    lo_r, hi_r, lo_c, hi_c = min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 1
    outside = {(lo_r, lo_c)}
    stack = [(lo_r, lo_c)]
    while stack:
        r, c = stack.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (lo_r <= nxt[0] <= hi_r and lo_c <= nxt[1] <= hi_c and nxt not in cluster
                    and nxt not in outside):
                outside.add(nxt)
                stack.append(nxt)
    return sorted(
        (r, c) for r, c in cluster
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if nxt in outside
    )


def random_cluster(rng: random.Random) -> set[Cell]:
    """A random 8-connected set of cells grown one king step at a time."""
    cells = {(0, 0)}
    for _ in range(rng.randint(0, 14)):
        r, c = rng.choice(sorted(cells))
        cells.add((r + rng.randint(-1, 1), c + rng.randint(-1, 1)))
    return cells


def test_outer_contour_lists_each_outer_side_once() -> None:
    rng = random.Random(3)
    for _ in range(500):
        cluster = random_cluster(rng)
        walk = outer_contour(cluster)
        assert sorted(walk) == outer_sides(cluster), sorted(cluster)
        # Consecutive sides belong to the same cell or to two 8-adjacent cells.
        for a, b in zip(walk, walk[1:] + walk[:1], strict=True):
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1


def test_outer_contour_skips_the_inner_hole_and_turns_at_pinches() -> None:
    ring = {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    walk = outer_contour(ring)
    assert len(walk) == 12 and (1, 1) not in walk
    # Two squares touching at a corner: each meets the outside along one stretch.
    assert outer_contour({(0, 1), (1, 0)}) == [
        (0, 1), (0, 1), (0, 1), (1, 0), (1, 0), (1, 0), (1, 0), (0, 1),
    ]


# -- the region and cluster components ---------------------------------------------------


def flood_components(cells: set[Cell], steps: list[Cell]) -> list[set[Cell]]:
    """The connected components of ``cells`` under ``steps``, by plain flood fill."""
    left, out = set(cells), []
    while left:
        start = min(left)
        part, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in steps:
                nxt = (r + dr, c + dc)
                if nxt in left and nxt not in part:
                    part.add(nxt)
                    stack.append(nxt)
        left -= part
        out.append(part)
    return out


@pytest.mark.parametrize("diagonal", [False, True])
def test_components_match_a_flood_fill(diagonal: bool) -> None:
    import numpy as np

    from numberlink_sat.numberlink.precheck import _Components

    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    rng = random.Random(f"components {diagonal}")
    for _ in range(300):
        height, width = rng.randint(1, 14), rng.randint(1, 14)
        density = rng.random()
        grid = np.array([[rng.random() < density for _ in range(width)]
                         for _ in range(height)], dtype=np.bool_)
        cells = {(r, c) for r in range(height) for c in range(width) if grid[r, c]}
        found = _Components(grid, diagonal=diagonal)
        expected = flood_components(cells, steps)  # in order of their row-major first cell
        assert found.count() == len(expected)
        for number, part in enumerate(expected):
            assert found.first_cell(number) == min(part)
            assert {found.of(cell) for cell in part} == {number}


# -- small hand-made cases --------------------------------------------------------------


def test_old_checks_on_small_boards() -> None:
    separated = Puzzle(3, 1, {"A": ((0, 0), (0, 2))}, blocked=[(0, 1)])
    assert "separate regions" in str(prove_unsolvable(separated, fill=False))
    walled = Puzzle(3, 3, {"A": ((0, 0), (0, 1))}, blocked=[(1, 0), (1, 1), (1, 2)])
    reason = prove_unsolvable(walled, fill=True)
    assert reason is not None and "holds no end cell" in reason and "(2, 0)" in reason
    assert prove_unsolvable(walled, fill=False) is None
    cross = Puzzle(3, 3, {"A": ((0, 1), (2, 1)), "B": ((1, 0), (1, 2))})
    assert "alternating" in str(prove_unsolvable(cross, fill=False))
    for puzzle in (separated, cross):
        assert no_solution(puzzle, fill=False)
    assert no_solution(walled, fill=True)


def test_cluster_order_cases() -> None:
    # 7x7, 2x2 block of ends in the middle, partners on the corners.
    good = {"A": ((0, 0), (2, 2)), "B": ((0, 6), (2, 3)), "C": ((6, 6), (3, 3)),
            "D": ((6, 0), (3, 2))}
    assert cluster_order(Puzzle(7, 7, good)) is None
    bad = dict(good, C=((6, 6), (3, 2)), D=((6, 0), (3, 3)))
    reason = cluster_order(Puzzle(7, 7, bad))
    assert reason is not None and "clockwise order" in reason
    # With only two labels around the cluster, any order is possible.
    two = {"A": ((0, 0), (2, 2)), "B": ((6, 5), (3, 3))}
    assert cluster_order(Puzzle(7, 7, two)) is None
    # A cluster touching the rim is left alone.
    touching = dict(bad, E=((1, 0), (0, 5)))
    assert cluster_order(Puzzle(7, 7, touching, blocked=[(1, 1)])) is None
    # An end with no side on the outer contour: walled in by four other ends.
    walled = {"A": ((0, 0), (3, 3)), "B": ((0, 6), (2, 3)), "C": ((6, 6), (3, 4)),
              "D": ((6, 0), (4, 3)), "E": ((6, 3), (3, 2))}
    reason = cluster_order(Puzzle(7, 7, walled))
    assert reason is not None and "walled in" in reason


def test_ambiguous_position_is_skipped() -> None:
    # B's end (4, 4) is the centre of an X of five ends: it meets the outside along four
    # stretches, one in each gap between the arms, so its place in the cyclic order is not
    # certain and the order check stays out. Reading B at its first stretch (between A
    # and D) would refute this solvable board: B's path enters between C and E.
    ends = {"A": ((0, 1), (3, 3)), "D": ((0, 7), (3, 5)), "C": ((7, 8), (5, 5)),
            "B": ((8, 4), (4, 4)), "E": ((8, 1), (5, 3))}
    puzzle = Puzzle(9, 9, ends)
    walk = outer_contour({(3, 3), (4, 4), (5, 5), (3, 5), (5, 3)})
    stretches = sum(1 for i, cell in enumerate(walk) if cell == (4, 4) and walk[i - 1] != cell)
    assert stretches == 4
    assert cluster_order(puzzle) is None
    solution = nl.solve(puzzle, fill=False)
    assert solution is not None and nl.verify(puzzle, solution, fill=False) == []


def test_ambiguous_label_is_left_out_of_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # As above with C and E swapped on the rim: whatever B does, A D C E around the X
    # against A D E C on the rim cannot be drawn. SAT agrees with the pre-check turned off.
    ends = {"A": ((0, 1), (3, 3)), "D": ((0, 7), (3, 5)), "C": ((8, 1), (5, 5)),
            "B": ((8, 4), (4, 4)), "E": ((7, 8), (5, 3))}
    puzzle = Puzzle(9, 9, ends)
    reason = cluster_order(puzzle)
    assert reason is not None and "order A D C E" in reason and "order A D E C" in reason
    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    calls: list[Puzzle] = []
    monkeypatch.setattr(
        solve_module, "prove_unsolvable", lambda puzzle, fill: calls.append(puzzle)
    )
    assert nl.solve(puzzle, fill=False) is None
    assert calls, "the pre-check was not switched off"


# -- the 1002x1002 boards of inputs6 ----------------------------------------------------


def test_inputs6_huge_boards(corpus_dir: Path) -> None:
    boards = nl.read(corpus_dir / "numberlink/thomasahle-numberlink/inputs6")[:3]
    assert [(p.width, p.height) for p in boards] == [(1002, 1002)] * 3
    solvable, crossed, parity = boards
    for fill in (True, False):
        assert prove_unsolvable(solvable, fill=fill) is None
    assert cluster_order(crossed) is not None
    for fill in (True, False):
        assert "clockwise order" in str(prove_unsolvable(crossed, fill=fill))
    assert cluster_order(parity) is None
    reason = prove_unsolvable(parity, fill=True)
    assert reason is not None and "502002 even and 502002 odd" in reason
    assert prove_unsolvable(parity, fill=False) is None
