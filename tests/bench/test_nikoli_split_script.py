"""``benchmarks/nikoli_split.py``: each part of the split second search answers as
the exhaustive count says, and its DIMACS is the same formula."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

import numberlink_sat as nl
from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.model import Puzzle, path_edges
from tests.bench.scripts import load_script

# unique under the Nikoli rule, and its solution fills the board
UNIQUE = Puzzle(4, 4, {"1": ((3, 3), (3, 0)), "2": ((3, 2), (3, 1)),
                       "3": ((0, 3), (1, 0)), "4": ((0, 2), (0, 0))})
# two Nikoli solutions: one fills the board, the other leaves cells empty
TWO = Puzzle(4, 4, {"1": ((3, 2), (2, 1)), "2": ((3, 3), (2, 2)),
                    "3": ((3, 0), (1, 3)), "4": ((0, 1), (0, 0))})
# two Nikoli solutions, both filling the board: paths 2 and 3 swap round pair 1's ends
SWAP = Puzzle(4, 4, {"1": ((1, 1), (2, 1)), "2": ((2, 2), (0, 3)), "3": ((1, 2), (3, 3))})


@pytest.fixture(autouse=True)
def _restrictions_on_small_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The restricted searches are switched on from 64 cells; these boards have 16."""
    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)


@pytest.fixture(scope="module")
def split() -> ModuleType:
    return load_script("nikoli_split")


def test_the_boards_are_what_the_comments_say() -> None:
    assert nl.count_solutions(UNIQUE, fill=False, limit=3) == 1
    sizes = sorted(sum(map(len, s.paths.values()))
                   for s in nl.solutions(TWO, fill=False, limit=3))
    assert sizes[0] < 16 and sizes[-1] == 16 and len(sizes) == 2


@pytest.mark.parametrize("part", ["fill", "empty", "most"])
def test_every_part_finds_nothing_beside_a_unique_solution(split: ModuleType, part: str) -> None:
    line = split.run(puzzlink.to_url(UNIQUE), part, at_most=None, time_limit=30, dimacs=None)
    assert line.startswith(f"{part}: none in "), line


def test_the_empty_part_finds_the_second_solution(split: ModuleType) -> None:
    url = puzzlink.to_url(TWO)
    assert split.run(url, "empty", at_most=None, time_limit=30, dimacs=None).startswith(
        "empty: found")
    assert split.run(url, "fill", at_most=None, time_limit=30, dimacs=None).startswith(
        "fill: none")


@pytest.mark.parametrize(("puzzle", "satisfiable"), [(UNIQUE, False), (TWO, True)])
def test_the_dimacs_is_the_formula_searched(split: ModuleType, tmp_path: Path,
                                            puzzle: Puzzle, satisfiable: bool) -> None:
    path = tmp_path / "empty.cnf"
    line = split.run(puzzlink.to_url(puzzle), "empty", at_most=None, time_limit=30,
                     dimacs=str(path))
    assert line.startswith(f"wrote {path}")
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(path)).clauses) as solver:
        assert solver.solve() is satisfiable


def test_kept_paths_narrow_the_search(split: ModuleType) -> None:
    """Keeping every path as in the fill solution leaves only that solution, which is
    blocked; keeping none finds the second one; a label not on the board is named."""
    url = puzzlink.to_url(TWO)
    kept = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                     keep=sorted(TWO.endpoints))
    assert kept.startswith("empty (4 paths kept): none"), kept
    assert split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                     keep=[]).startswith("empty: found")
    assert split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                     keep=["9"]) == "no such label: 9"


@pytest.mark.parametrize(("changed", "keep", "answer"), [
    (["3"], [], "empty (1 paths changed): found"),  # only path 3 differs in TWO
    (["1"], [], "empty (1 paths changed): none"),
    (["3"], ["3"], "empty (1 paths kept) (1 paths changed): none"),
    (["2", "3"], [], "empty (2 paths changed): none"),
    (["3", "9"], [], "no such label: 9"),
])
def test_changed_paths_ask_each_path_to_differ(split: ModuleType, changed: list[str],
                                               keep: list[str], answer: str) -> None:
    """TWO's second solution changes path 3 alone: asking path 3 to change finds it,
    asking path 1 or 2 (too) to change, or path 3 kept as well, leaves nothing."""
    line = split.run(puzzlink.to_url(TWO), "empty", at_most=None, time_limit=30,
                     dimacs=None, keep=keep, changed=changed)
    assert line.startswith(answer), line


@pytest.mark.parametrize(("changed", "satisfiable"), [(["3"], True), (["1"], False)])
def test_the_dimacs_keeps_the_changed_paths(split: ModuleType, tmp_path: Path,
                                            changed: list[str], satisfiable: bool) -> None:
    path = tmp_path / "held.cnf"
    split.run(puzzlink.to_url(TWO), "empty", at_most=None, time_limit=30,
              dimacs=str(path), changed=changed)
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(path)).clauses) as solver:
        assert solver.solve() is satisfiable


def test_the_first_empty_cell_cubes_answer_as_the_whole_part(split: ModuleType) -> None:
    """One cube per first empty cell covers the part: none beside the unique board's
    solution, the second solution of the other board; only the empty part splits."""
    unique = split.run(puzzlink.to_url(UNIQUE), "empty", at_most=None, time_limit=30,
                       dimacs=None, cubes=[1.0])
    assert unique.startswith("empty (cubes): none in "), unique
    two = split.run(puzzlink.to_url(TWO), "empty", at_most=None, time_limit=30,
                    dimacs=None, cubes=[1.0])
    assert two.startswith("empty (cubes): found, first empty cell in row "), two
    assert split.run(puzzlink.to_url(TWO), "fill", at_most=None, time_limit=30, dimacs=None,
                     cubes=[1.0]) == "--cubes splits the empty part only"


def test_the_cubes_keep_the_kept_paths_and_write_no_dimacs(split: ModuleType,
                                                           tmp_path: Path) -> None:
    """Kept paths hold in every cube (all four kept: nothing beside the blocked fill
    solution); with a bound of no empty cell the cubes find nothing either; DIMACS and
    cubes do not go together."""
    url = puzzlink.to_url(TWO)
    kept = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                     keep=sorted(TWO.endpoints), cubes=[1.0])
    assert kept.startswith("empty (cubes): none in "), kept
    bounded = split.run(url, "empty", at_most=0, time_limit=30, dimacs=None, cubes=[1.0])
    assert bounded.startswith("empty (cubes): none in "), bounded
    assert split.run(url, "empty", at_most=None, time_limit=30, dimacs=str(tmp_path / "x"),
                     cubes=[1.0]) == "--cubes solves: it does not write DIMACS"


def _agrees(first: nl.Solution, other: nl.Solution, side: str, width: int) -> bool:
    """Whether ``other`` uses exactly the steps of ``first`` that touch the band (read
    off the paths, no encoder)."""
    def inside(cell: tuple[int, int]) -> bool:
        row, col = cell
        return {"top": row < width, "bottom": row >= first.height - width,
                "left": col < width, "right": col >= first.width - width}[side]

    def near(solution: nl.Solution) -> set[tuple[tuple[int, int], tuple[int, int]]]:
        return {edge for edge in solution.edges() if any(inside(cell) for cell in edge)}

    return near(first) == near(other)


@pytest.mark.parametrize("where", [("top", 1), ("bottom", 1), ("left", 1), ("right", 1),
                                   ("top", 2), ("bottom", 3)])
def test_bands_find_the_second_solution_where_it_agrees_or_differs(
        split: ModuleType, where: tuple[str, int]) -> None:
    """``--agree`` finds the board's other solution exactly when it keeps the band as
    the fill solution has it, ``--differ`` exactly when it does not."""
    first = nl.solve(TWO)
    assert first is not None
    (other,) = [s for s in nl.solutions(TWO, fill=False, limit=3) if s != first]
    agrees = _agrees(first, other, *where)
    url = puzzlink.to_url(TWO)
    kept = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None, agree=[where])
    changed = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                        differ=[where])
    assert kept.startswith("empty (agrees on " + ":".join(map(str, where)) + "): "
                           + ("found" if agrees else "none")), kept
    assert changed.startswith("empty (differs on " + ":".join(map(str, where)) + "): "
                              + ("none" if agrees else "found")), changed


def test_bands_together_and_a_bad_band(split: ModuleType,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Agreeing on every side leaves nothing beside the blocked fill solution of the
    unique board; a band that is not SIDE:Q stops the script with a usage error."""
    url = puzzlink.to_url(UNIQUE)
    line = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                     agree=[("top", 1), ("bottom", 1)], differ=[("left", 1)])
    assert line.startswith("empty (agrees on top:1, bottom:1; differs on left:1): none"), line
    with pytest.raises(SystemExit) as stop:
        split.main([url, "--agree", "middle:2"])
    assert stop.value.code == 2
    assert "a band is SIDE:Q" in capsys.readouterr().err


@pytest.mark.parametrize("bands", [{"differ": [("top", 1)]}, {"differ": [("bottom", 1)]},
                                   {"agree": [("top", 1)]}, {"agree": [("bottom", 1)]}])
def test_the_dimacs_keeps_the_bands(split: ModuleType, tmp_path: Path,
                                    bands: dict[str, list[tuple[str, int]]]) -> None:
    """The DIMACS of a part with bands is satisfiable exactly when the search finds a
    solution."""
    url, path = puzzlink.to_url(TWO), tmp_path / "bands.cnf"
    line = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None, **bands)
    split.run(url, "empty", at_most=None, time_limit=30, dimacs=str(path), **bands)
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(path)).clauses) as solver:
        assert solver.solve() is (": found" in line), line


def _up_parities(puzzle: Puzzle, solution: nl.Solution) -> dict[tuple[str, tuple[int, int]], int]:
    """For every path and inner end of another pair, the parity of the path's crossings
    of a ray straight up from the end (just right of its column). That is not the
    script's ray to the nearest side, but two rays from one end differ by the same
    amount for every path with the same ends, so comparisons agree."""
    steps = {label: set(path_edges(path)) for label, path in solution.paths.items()}
    return {(label, (row, col)): sum(((r, col), (r, col + 1)) in used
                                     for r in range(row)) % 2
            for owner, ends in puzzle.endpoints.items() for row, col in ends
            if 0 < row < puzzle.height - 1 and 0 < col < puzzle.width - 1
            for label, used in steps.items() if label != owner}


def _changed_ends(puzzle: Puzzle, first: nl.Solution,
                  other: nl.Solution) -> set[tuple[int, int]]:
    """The ends that some path of ``other`` passes on the other side than in ``first``."""
    mine, theirs = _up_parities(puzzle, first), _up_parities(puzzle, other)
    return {end for (label, end), parity in mine.items() if theirs[(label, end)] != parity}


def _same_sides(puzzle: Puzzle, first: nl.Solution, other: nl.Solution) -> bool:
    """Whether every path of ``other`` passes every inner end of another pair on the
    side ``first``'s does."""
    return not _changed_ends(puzzle, first, other)


@pytest.mark.parametrize(("puzzle", "part"), [(TWO, "empty"), (SWAP, "fill")])
def test_sides_find_the_second_solution_where_it_passes_the_ends(
        split: ModuleType, puzzle: Puzzle, part: str) -> None:
    """``--sides same`` finds the board's other solution exactly when it passes every
    end on the fill solution's side, ``--sides differ`` exactly when it does not; both
    happen (TWO: same sides; SWAP: paths 2 and 3 pass pair 1 the other way)."""
    first = nl.solve(puzzle)
    assert first is not None
    (other,) = [s for s in nl.solutions(puzzle, fill=False, limit=3) if s != first]
    same = _same_sides(puzzle, first, other)
    assert same is (puzzle is TWO)
    url = puzzlink.to_url(puzzle)
    alike = split.run(url, part, at_most=None, time_limit=30, dimacs=None, sides="same")
    unlike = split.run(url, part, at_most=None, time_limit=30, dimacs=None, sides="differ")
    assert alike.startswith(f"{part} (every end passed on the same side): "
                            + ("found" if same else "none")), alike
    assert unlike.startswith(f"{part} (some end passed on the other side): "
                             + ("none" if same else "found")), unlike


def test_side_parities_read_the_paths(split: ModuleType) -> None:
    """SWAP's two solutions differ in the side on which paths 2 and 3 pass pair 1's
    ends and each other's inner end, and in nothing else; border ends get no ray."""
    first = nl.solve(SWAP)
    assert first is not None
    (other,) = [s for s in nl.solutions(SWAP, fill=False, limit=3) if s != first]
    mine, theirs = split.side_parities(SWAP, first), split.side_parities(SWAP, other)
    assert set(split.end_rays(SWAP)) == {(1, 1), (2, 1), (2, 2), (1, 2)}
    assert {key for key in mine if mine[key] != theirs[key]} == {
        ("2", (1, 1)), ("2", (2, 1)), ("2", (1, 2)),
        ("3", (1, 1)), ("3", (2, 1)), ("3", (2, 2))}


@pytest.mark.parametrize(("puzzle", "part", "sides"),
                         [(TWO, "empty", "same"), (TWO, "empty", "differ"),
                          (SWAP, "fill", "same"), (SWAP, "fill", "differ")])
def test_the_dimacs_keeps_the_sides(split: ModuleType, tmp_path: Path, puzzle: Puzzle,
                                    part: str, sides: str) -> None:
    """The DIMACS of a part with ``--sides`` is satisfiable exactly when the search
    finds a solution."""
    url, path = puzzlink.to_url(puzzle), tmp_path / "sides.cnf"
    line = split.run(url, part, at_most=None, time_limit=30, dimacs=None, sides=sides)
    split.run(url, part, at_most=None, time_limit=30, dimacs=str(path), sides=sides)
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(path)).clauses) as solver:
        assert solver.solve() is (": found" in line), line


@pytest.mark.parametrize(("puzzle", "part"), [(UNIQUE, "empty"), (UNIQUE, "fill"),
                                              (TWO, "empty"), (SWAP, "fill")])
def test_the_side_pieces_answer_as_the_whole_part(split: ModuleType, puzzle: Puzzle,
                                                  part: str) -> None:
    """``--side-parts`` finds a second solution exactly when the part does, in the piece
    ``same`` (the last) when it passes every end on the fill solution's side."""
    url = puzzlink.to_url(puzzle)
    whole = split.run(url, part, at_most=None, time_limit=30, dimacs=None)
    pieces = split.run(url, part, at_most=None, time_limit=30, dimacs=None,
                       side_parts=[1.0])
    first = nl.solve(puzzle)
    assert first is not None
    count = len(split.side_parities(puzzle, first)) + 1
    if ": none" in whole:
        assert pieces.startswith(f"{part} (side pieces): none in "), pieces
    else:
        assert ": found" in whole, whole
        assert pieces.startswith(f"{part} (side pieces): found, in piece "), pieces
        piece = int(pieces.split(" in piece ")[1].split()[0])
        if puzzle is TWO:  # its other solution passes every end on the same side
            assert piece == count - 1, pieces
        else:
            assert piece < count - 1, pieces


def test_side_pieces_refuse_what_they_cannot_do(split: ModuleType, tmp_path: Path) -> None:
    """The pieces solve the whole part: no DIMACS, no cubes, no single side."""
    url = puzzlink.to_url(TWO)
    for extra in ({"dimacs": str(tmp_path / "x.cnf")}, {"cubes": [1.0]}, {"sides": "same"}):
        options = {"dimacs": None, **extra}
        line = split.run(url, "empty", at_most=None, time_limit=30, side_parts=[1.0],
                         **options)
        assert line == ("--side-parts solves the whole part: not with --dimacs, --cubes "
                        "or --sides"), line
    assert not (tmp_path / "x.cnf").exists()


@pytest.mark.parametrize(("puzzle", "part"), [(TWO, "empty"), (SWAP, "fill")])
def test_changed_ends_at_most_counts_the_ends_passed_the_other_way(
        split: ModuleType, puzzle: Puzzle, part: str) -> None:
    """With ``--changed-ends-at-most M`` the board's other solution is found exactly
    when it passes at most ``M`` ends the other way (TWO: none; SWAP: four)."""
    first = nl.solve(puzzle)
    assert first is not None
    (other,) = [s for s in nl.solutions(puzzle, fill=False, limit=3) if s != first]
    changed = len(_changed_ends(puzzle, first, other))
    assert changed == (0 if puzzle is TWO else 4)
    url = puzzlink.to_url(puzzle)
    for bound in sorted({0, max(changed - 1, 0), changed, changed + 1}):
        line = split.run(url, part, at_most=None, time_limit=30, dimacs=None,
                         changed_ends=bound)
        expected = "found" if changed <= bound else "none"
        assert line.startswith(f"{part} (at most {bound} ends passed the other way): "
                               + expected), line


def test_no_bound_on_changed_ends_finds_beside_a_unique_solution(split: ModuleType) -> None:
    """The unique board has nothing to find, however many ends may change."""
    url = puzzlink.to_url(UNIQUE)
    for bound in (0, 2, 8):
        line = split.run(url, "empty", at_most=None, time_limit=30, dimacs=None,
                         changed_ends=bound)
        assert ": none in " in line, line


def _odd_crossers(puzzle: Puzzle, solution: nl.Solution,
                  curve: tuple[tuple[int, int], tuple[int, int] | None,
                               list[tuple[tuple[int, int], tuple[int, int]]]]
                  ) -> tuple[int, int, int]:
    """For one curve of ``dual_curves``: how many paths (the curve's own end pairs left
    out) use an odd number of its edges, how many may, and how many edges it has."""
    first, second, edges = curve
    owner = {end: label for label, ends in puzzle.endpoints.items() for end in ends}
    mine = {owner[first], owner[second if second is not None else first]}
    used = {label: set(path_edges(path)) for label, path in solution.paths.items()
            if label not in mine}
    odd = sum(sum(edge in steps for edge in edges) % 2 for steps in used.values())
    return odd, len(used), len(edges)


@pytest.mark.parametrize("puzzle", [UNIQUE, TWO, SWAP])
def test_every_solution_meets_the_cut_conditions_some_tightly(split: ModuleType,
                                                              puzzle: Puzzle) -> None:
    """Read off the paths: no curve has more odd crossers than edges, and each board's
    solutions fill some curve exactly, so a bound one too small would lose them."""
    curves = split.dual_curves(puzzle, 8)
    for solution in nl.solutions(puzzle, fill=False, limit=None):
        counts = [_odd_crossers(puzzle, solution, curve) for curve in curves]
        assert all(odd <= room for odd, _paths, room in counts)
        assert any(odd == room < paths for odd, paths, room in counts)


@pytest.mark.parametrize(("puzzle", "part"), [(UNIQUE, "empty"), (UNIQUE, "fill"),
                                              (TWO, "empty"), (TWO, "fill"),
                                              (SWAP, "fill"), (SWAP, "empty")])
def test_cut_conditions_change_no_answer(split: ModuleType, puzzle: Puzzle,
                                         part: str) -> None:
    """``--cuts`` finds a second solution exactly when the part without it does (TWO's
    and SWAP's second solutions fill some curve exactly, see above)."""
    url = puzzlink.to_url(puzzle)
    plain = split.run(url, part, at_most=None, time_limit=30, dimacs=None)
    cut = split.run(url, part, at_most=None, time_limit=30, dimacs=None, cuts=8)
    assert cut.startswith(f"{part} (cut conditions on "), cut
    assert (": found" in cut) is (": found" in plain), (plain, cut)
    # TWO's second solution leaves cells empty, SWAP's fills the board
    assert (": found" in plain) is ((puzzle, part) in ((TWO, "empty"), (SWAP, "fill"))), plain


@pytest.mark.parametrize("puzzle", [TWO, SWAP])
def test_crossing_parities_are_read_off_the_edges(split: ModuleType, puzzle: Puzzle) -> None:
    """With a solution's edges as assumptions, each parity literal of every curve and
    path is true exactly when the path uses an odd number of the curve's edges."""
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    curves = split.dual_curves(puzzle, 8)
    for solution in nl.solutions(puzzle, fill=False, limit=None):
        solver = NumberlinkSolver(puzzle, fill=False, time_limit=30)
        crossings = split._Crossings(solver)
        parity = {(k, label): crossings.parity(label, edges)
                  for k, (_first, _second, edges) in enumerate(curves)
                  for label in puzzle.endpoints}
        crossings.flush()
        assert solver.session.solve(solver.encoding.literals_of(solution))
        model = solver.session.model()
        for (k, label), literal in parity.items():
            steps = set(path_edges(solution.paths[label]))
            assert model[literal] is bool(sum(edge in steps for edge in curves[k][2]) % 2)
