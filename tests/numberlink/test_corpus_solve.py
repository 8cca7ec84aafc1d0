"""The public corpus: every puzzle read, solved and verified, or shown to have no solution.

The corpus lives in ``../shared/corpus`` (licences that do not fit MIT); these tests skip
when it is absent. Known answers come from the corpus READMEs (measured by other tools).
The few boards the SAT core cannot yet decide quickly are marked ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.solve import NumberlinkSolver

FLOW = "numberlink/mzucker-flow_solver/puzzles"
AHLE = "numberlink/thomasahle-numberlink"
MULTIPLE_UNDER_PLAIN = {
    "jumbo_13x13_26.txt", "jumbo_14x14_01.txt", "jumbo_14x14_19.txt", "jumbo_14x14_30.txt",
}


def flow_files(corpus_dir: Path) -> list[Path]:
    return sorted((corpus_dir / FLOW).glob("*.txt"))


def test_flow_free_levels_counts(corpus_dir: Path) -> None:
    """Unique under fill + no-touch (the game's convention); four have two plain solutions."""
    files = flow_files(corpus_dir)
    assert len(files) == 29
    for path in files:
        puzzle = nl.read(path)[0]
        plain = nl.solutions(puzzle, 2, time_limit=60)
        no_touch = nl.solutions(puzzle, 2, no_touch=True, time_limit=60)
        for solution in plain:
            assert nl.verify(puzzle, solution) == []
        for solution in no_touch:
            assert nl.verify(puzzle, solution, no_touch=True) == []
        if path.name == "unsolvable_cross.txt":
            assert plain == [] and no_touch == []
            continue
        assert len(no_touch) == 1, path.name
        assert len(plain) == (2 if path.name in MULTIPLE_UNDER_PLAIN else 1), path.name


def test_flow_hint_is_the_no_touch_solution(corpus_dir: Path) -> None:
    puzzle = nl.read(corpus_dir / FLOW / "jumbo_14x14_19.txt")[0]
    hint = (corpus_dir / FLOW.replace("puzzles", "hints") / "jumbo_14x14_19.txt").read_text()
    solution = nl.solve(puzzle, no_touch=True)
    assert solution is not None
    grid = ["".join(x or "." for x in row) for row in solution.grid()]
    assert grid == hint.split()[: puzzle.height]


def test_znumlin_example_has_two_solutions(corpus_dir: Path) -> None:
    puzzle = nl.read(corpus_dir / "numberlink/kunisura-algorithms2012/numlin001.dat")[0]
    assert nl.count_solutions(puzzle, None) == 2


def test_adc_3d_samples_are_refused(corpus_dir: Path) -> None:
    for name in ("NL_Q00.txt", "issue82.txt"):
        with pytest.raises(nl.ParseError, match="3-D"):
            nl.read(corpus_dir / "numberlink/kotarot-nl-solver" / name)


def solve_file(path: Path, limit: float) -> dict[str, int]:
    """Solve every puzzle of a file under fill + no-touch (the files' convention)."""
    tally = {"solved": 0, "none": 0}
    for puzzle in nl.read(path):
        solution = nl.solve(puzzle, no_touch=True, time_limit=limit)
        if solution is None:
            tally["none"] += 1
        else:
            assert nl.verify(puzzle, solution, no_touch=True) == []
            tally["solved"] += 1
    return tally


# files the SAT core answers in seconds; (file, puzzles, expected "none" answers)
QUICK_FILES = [
    ("inputs1", 10, 0), ("inputs2", 3, 1), ("inputs3", 20, 0), ("inputs5", 20, 8),
    ("inputs7", 1, 1), ("inputs8", 1, 0), ("janko", 270, 0),
]


@pytest.mark.parametrize(("name", "count", "impossible"), QUICK_FILES)
def test_ahle_files(corpus_dir: Path, name: str, count: int, impossible: int) -> None:
    tally = solve_file(corpus_dir / AHLE / name, limit=120)
    assert tally == {"solved": count - impossible, "none": impossible}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "count", "impossible"), [
    ("inputs4", 11, 0), ("inputs9", 101, 0), ("inputs10", 11, 0),
])
def test_ahle_big_files(corpus_dir: Path, name: str, count: int, impossible: int) -> None:
    tally = solve_file(corpus_dir / AHLE / name, limit=600)
    assert tally == {"solved": count - impossible, "none": impossible}


@pytest.mark.slow
def test_ahle_inputs6_small_board(corpus_dir: Path) -> None:
    """inputs6 also holds three 1002x1002 boards (see below); its 122x123 board."""
    puzzles = nl.read(corpus_dir / AHLE / "inputs6")
    assert [(p.width, p.height) for p in puzzles] == [(1002, 1002)] * 3 + [(122, 123)]
    solution = nl.solve(puzzles[3], no_touch=True, time_limit=600)
    assert solution is not None and nl.verify(puzzles[3], solution, no_touch=True) == []


def test_ahle_inputs6_unsolvable_huge_boards(corpus_dir: Path) -> None:
    """Two of the three 1002x1002 boards are proven unsolvable by the pre-checks at once."""
    puzzles = nl.read(corpus_dir / AHLE / "inputs6")
    for puzzle, rule in ((puzzles[1], "clockwise order"), (puzzles[2], "even and")):
        with NumberlinkSolver(puzzle) as engine:
            assert engine.unsolvable_reason is not None and rule in engine.unsolvable_reason
            assert engine.encoding is None  # no CNF was built
        assert nl.solve(puzzle) is None


@pytest.mark.slow
def test_ahle_inputs6_huge_board_is_solved(corpus_dir: Path) -> None:
    """The solvable 1002x1002 board: 17M clauses, loops absorbed, verified (~40 s, ~4.5 GB)."""
    puzzle = nl.read(corpus_dir / AHLE / "inputs6")[0]
    solution = nl.solve(puzzle, time_limit=600)
    assert solution is not None and nl.verify(puzzle, solution) == []
    assert sum(len(path) for path in solution.paths.values()) == 1002 * 1002
