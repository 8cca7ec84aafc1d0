"""Tests of the Numberlink generator: the random paths, the repair loop, the API, the CLI.

Uniqueness is checked on small boards by an exhaustive path enumerator written here,
independent of the SAT code (it never imports the encoder or PySAT); the rule judge
for the style variants is the independent verifier.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberlink_sat.cli import main
from numberlink_sat.errors import InvalidPuzzleError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.encode import RuleOptions
from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.generator import (
    GenerationFailed,
    UnionFind,
    generate,
    generate_many,
    generate_with_solution,
    random_paths,
)
from numberlink_sat.numberlink.generator.uniqueness import prove_and_repair
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline

# --------------------------------------------------------------------------------------
# an exhaustive solution counter, independent of the SAT code


def _nbrs(cell: Cell, width: int, height: int) -> Iterator[Cell]:
    r, c = cell
    for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
        if 0 <= rr < height and 0 <= cc < width:
            yield (rr, cc)


def _free_regions(occupied: set[Cell], w: int, h: int) -> dict[Cell, int]:
    """Each free cell's region number (4-connected flood fill)."""
    region: dict[Cell, int] = {}
    rid = 0
    for r in range(h):
        for c in range(w):
            if (r, c) in occupied or (r, c) in region:
                continue
            stack = [(r, c)]
            region[(r, c)] = rid
            while stack:
                x = stack.pop()
                for y in _nbrs(x, w, h):
                    if y not in occupied and y not in region:
                        region[y] = rid
                        stack.append(y)
            rid += 1
    return region


def _free_regions_ok(occupied: set[Cell], rest: Sequence[tuple[str, tuple[Cell, Cell]]],
                     w: int, h: int, *, fill: bool) -> bool:
    """Every remaining label's ends can still be joined through free cells; with fill,
    every free region touches a remaining label's ends."""
    region = _free_regions(occupied, w, h)
    touched: set[int] = set()
    for _label, (a, b) in rest:
        ra = {region[y] for y in _nbrs(a, w, h) if y in region}
        rb = {region[y] for y in _nbrs(b, w, h) if y in region}
        if b not in set(_nbrs(a, w, h)) and not ra & rb:
            return False
        touched |= ra & rb
    return not fill or all(i in touched for i in set(region.values()))


def brute_solutions(
    puzzle: Puzzle, *, fill: bool = True, no_touch: bool = False, no_2x2: bool = False,
    limit: int | None = None,
) -> list[Solution]:
    """Every solution (up to ``limit``) by depth-first search over simple paths."""
    w, h = puzzle.width, puzzle.height
    items = sorted(puzzle.endpoints.items(),
                   key=lambda kv: abs(kv[1][0][0] - kv[1][1][0]) + abs(kv[1][0][1] - kv[1][1][1]))
    n_open = w * h - len(puzzle.blocked)
    found: list[Solution] = []

    class Enough(Exception):
        pass

    def free_region_ok(occupied: set[Cell], k: int) -> bool:
        return _free_regions_ok(occupied, items[k:], w, h, fill=fill)

    def rec(k: int, occupied: set[Cell], chosen: dict[str, list[Cell]]) -> None:
        if k == len(items):
            if fill and len(occupied) != n_open + len(puzzle.blocked):
                return
            sol = Solution(w, h, chosen)
            if verify(puzzle, sol, fill=fill, no_touch=no_touch, no_2x2=no_2x2):
                return
            found.append(sol)
            if limit is not None and len(found) >= limit:
                raise Enough
            return
        label, (a, b) = items[k]
        path = [a]
        on = {a}

        def walk(x: Cell) -> None:
            for y in _nbrs(x, w, h):
                if y == b:
                    chosen[label] = [*path, b]
                    new = occupied | on | {b}
                    if k + 1 == len(items) or free_region_ok(new, k + 1):
                        rec(k + 1, new, chosen)
                    del chosen[label]
                elif y not in occupied and y not in on:
                    path.append(y)
                    on.add(y)
                    walk(y)
                    path.pop()
                    on.discard(y)

        walk(a)

    ends = {c for pair in puzzle.endpoints.values() for c in pair}
    with contextlib.suppress(Enough):
        rec(0, set(puzzle.blocked) | ends, {})
    return found


def test_brute_counter_knows_small_cases() -> None:
    # a 2x2 board with one label on adjacent corners: with fill the path must go round
    p = Puzzle(2, 2, {"1": ((0, 0), (1, 0))})
    assert len(brute_solutions(p)) == 1
    assert len(brute_solutions(p, fill=False)) == 2
    # two labels in a 3x3 ring round a blocked centre... two ways round for label 1
    q = Puzzle(3, 3, {"1": ((0, 0), (2, 2))}, blocked=[(1, 1)])
    assert len(brute_solutions(q, fill=False)) == 2
    assert brute_solutions(q) == []


# --------------------------------------------------------------------------------------
# union-find and the random paths


def test_union_find_merges_and_compresses() -> None:
    uf = UnionFind(10)
    for a, b in ((0, 1), (2, 3), (1, 3), (5, 6), (6, 7), (7, 8)):
        uf.union(a, b)
    assert uf.same(0, 2) and uf.same(5, 8) and not uf.same(0, 5)
    assert uf.size_of(3) == 4 and uf.size_of(9) == 1
    root = uf.find(8)
    assert all(uf.find(x) == root for x in (5, 6, 7, 8))


def _check_paths(width: int, height: int, seed: int, max_length: int | None = None) -> None:
    rp = random_paths(width, height, seed, max_length=max_length)
    owner: dict[Cell, int] = {}
    for k, p in enumerate(rp.paths):
        assert len(p) >= 2
        if max_length is not None:
            assert len(p) <= max_length
        position = {cell: i for i, cell in enumerate(p)}
        assert len(position) == len(p), "a path repeats a cell"
        for i, cell in enumerate(p):
            assert cell not in owner
            owner[cell] = k
            # never touches itself: adjacent cells of one path are consecutive on it
            for y in _nbrs(cell, width, height):
                j = position.get(y)
                if j is not None:
                    assert abs(i - j) == 1
    assert set(owner).isdisjoint(rp.isolated)
    assert len(owner) + len(rp.isolated) == width * height
    for cell in rp.isolated:  # isolated: every neighbour lies on a path
        assert all(y in owner for y in _nbrs(cell, width, height))
    # the stop rule: a free neighbour of a path's last cell (free when the path ended:
    # isolated or on a later path) would have touched the path elsewhere
    for k, p in enumerate(rp.paths):
        if max_length is not None and len(p) == max_length:
            continue
        on = set(p)
        for y in _nbrs(p[-1], width, height):
            if y in on or (y in owner and owner[y] < k):
                continue
            touching = sum(1 for z in _nbrs(y, width, height) if z in on)
            assert touching >= 2, f"path {k} could have gone on to {y}"


@pytest.mark.parametrize("size", [(1, 2), (2, 1), (1, 7), (6, 1), (2, 2), (3, 5), (7, 7),
                                  (12, 5), (20, 20)])
def test_random_paths_follow_the_seed_rules(size: tuple[int, int]) -> None:
    for seed in range(15):
        _check_paths(*size, seed)


def test_random_paths_honour_max_length() -> None:
    for seed in range(10):
        _check_paths(9, 8, seed, max_length=4)


def test_random_paths_same_seed_same_paths() -> None:
    assert random_paths(9, 6, 42) == random_paths(9, 6, 42)
    assert random_paths(9, 6, random.Random(42)) == random_paths(9, 6, 42)
    assert len({random_paths(9, 6, s).paths for s in range(8)}) > 1


# --------------------------------------------------------------------------------------
# the generator


def _adjacent_blocked(puzzle: Puzzle) -> list[tuple[Cell, Cell]]:
    return [(a, b) for a in puzzle.blocked for b in _nbrs(a, puzzle.width, puzzle.height)
            if b in puzzle.blocked and a < b]


def test_same_seed_same_puzzle() -> None:
    a = generate_with_solution(9, 7, seed=11)
    b = generate_with_solution(9, 7, seed=11)
    assert a.puzzle == b.puzzle and a.solution == b.solution
    assert generate(9, 7, seed=11) == a.puzzle
    assert generate(9, 7, rng=random.Random(11)) == a.puzzle
    assert len({generate(9, 7, seed=s) for s in range(6)}) > 1
    many = [g.puzzle for g in generate_many(5, 5, 4, seed=3)]
    assert many == [g.puzzle for g in generate_many(5, 5, 4, seed=3)]


SMALL = [(2, 3), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (1, 5), (6, 2)]


@pytest.mark.parametrize("size", SMALL)
def test_generated_puzzles_are_unique_by_exhaustive_count(size: tuple[int, int]) -> None:
    for seed in range(12):
        g = generate_with_solution(*size, seed=seed)
        assert verify(g.puzzle, g.solution) == []
        found = brute_solutions(g.puzzle, limit=2)
        assert found == [g.solution], f"seed {seed}: {len(found)} solutions"
        assert _adjacent_blocked(g.puzzle) == []


@pytest.mark.parametrize("variant", [{"fill": False}, {"no_touch": True},
                                     {"no_2x2": True}, {"fill": False, "no_touch": True}])
def test_unique_under_the_asked_variant(variant: dict[str, Any]) -> None:
    for size in ((4, 4), (5, 4), (5, 5)):
        for seed in range(6):
            g = generate_with_solution(*size, seed=seed, **variant)
            assert verify(g.puzzle, g.solution, **variant) == []
            assert brute_solutions(g.puzzle, limit=2, **variant) == [g.solution]


def test_repairs_happen_and_keep_the_intended_solution() -> None:
    repaired = 0
    for seed in range(40):
        g = generate_with_solution(5, 5, seed=seed)
        s = g.stats
        assert s.repair_steps == s.cuts + s.trims
        assert s.raw_unique == (s.repair_rounds == 0)
        if s.repair_steps:
            repaired += 1
            assert brute_solutions(g.puzzle, limit=2) == [g.solution]
    assert repaired >= 3  # plain-rule 5x5 boards are often not unique as drawn


def test_a_cut_never_adds_solutions() -> None:
    # the claim the repair rests on: cutting an intended path inside gives a puzzle whose
    # solutions, with the cut edge added back, are solutions of the old puzzle
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        rp = random_paths(4, 4, seed)
        paths = [list(p) for p in rp.paths]
        longs = [k for k, p in enumerate(paths) if len(p) >= 4]
        if not longs:
            continue
        k = rng.choice(longs)
        pos = rng.randrange(1, len(paths[k]) - 2)
        old = Puzzle(4, 4, {str(i): (p[0], p[-1]) for i, p in enumerate(paths)}, rp.isolated)
        cut = [*paths[:k], paths[k][: pos + 1], paths[k][pos + 1:], *paths[k + 1:]]
        new = Puzzle(4, 4, {str(i): (p[0], p[-1]) for i, p in enumerate(cut)}, rp.isolated)
        for fill in (True, False):
            before = brute_solutions(old, fill=fill)
            after = brute_solutions(new, fill=fill)
            assert 1 <= len(after) <= len(before)
            old_edges = {s.edges() for s in before}
            edge = tuple(sorted((paths[k][pos], paths[k][pos + 1])))
            assert all(s.edges() | {edge} in old_edges for s in after)
        checked += 1
    assert checked >= 10


def test_prove_and_repair_on_a_known_ambiguous_board() -> None:
    # one path snaking over a 3x3 board: several Hamiltonian paths join its ends
    path = [0, 1, 2, 5, 4, 3, 6, 7, 8]
    old = Puzzle(3, 3, {"a": ((0, 0), (2, 2))})
    assert len(brute_solutions(old)) > 1
    result = prove_and_repair(3, 3, [path], (), options=RuleOptions(), deadline=Deadline(10))
    assert result.rounds >= 1 and not result.raw_unique
    pieces = result.segments
    assert sorted(c for seg in pieces for c in seg) == list(range(9))
    puzzle = Puzzle(3, 3, {str(k): (divmod(s[0], 3), divmod(s[-1], 3))
                           for k, s in enumerate(pieces)}, result.blocked)
    intended = Solution(3, 3, {str(k): [divmod(i, 3) for i in s] for k, s in enumerate(pieces)})
    assert brute_solutions(puzzle, limit=2) == [intended]


def test_blocked_cells_never_touch() -> None:
    for seed in range(10):
        for size in ((8, 8), (13, 6)):
            g = generate_with_solution(*size, seed=seed)
            assert _adjacent_blocked(g.puzzle) == []
            assert g.stats.blocked == len(g.puzzle.blocked)
            assert g.stats.labels == len(g.puzzle.labels)
            assert g.stats.solve_calls >= 1 and g.stats.attempts >= 1


def test_controls_are_honoured() -> None:
    for seed in range(5):
        g = generate_with_solution(8, 8, seed=seed, max_length=5, min_length=3,
                                   max_attempts=30)
        assert all(3 <= len(p) <= 5 for p in g.solution.paths.values())
        g = generate_with_solution(6, 6, seed=seed, min_labels=9)
        assert len(g.puzzle.labels) >= 9
        g = generate_with_solution(6, 6, seed=seed, max_labels=12, max_attempts=50)
        assert len(g.puzzle.labels) <= 12
        g = generate_with_solution(6, 6, seed=seed, max_labels=5, max_attempts=30)
        assert len(g.puzzle.labels) <= 5  # paths joined end to end, then repaired
        assert brute_solutions(g.puzzle, limit=2) == [g.solution]
        g = generate_with_solution(5, 5, seed=seed, allow_blocked=False, max_attempts=100)
        assert not g.puzzle.blocked
        assert brute_solutions(g.puzzle, limit=2) == [g.solution]


@pytest.mark.parametrize("kwargs", [
    {"width": 0, "height": 0},
    {"width": 1, "height": 1},
    {"width": -3, "height": 4},
    {"width": 4.0, "height": 4},
    {"width": True, "height": 4},
    {"width": "4", "height": 4},
    {"width": 4, "height": 4, "min_length": 5, "max_length": 3},
    {"width": 4, "height": 4, "min_labels": 5, "max_labels": 3},
    {"width": 4, "height": 4, "min_length": 1},
    {"width": 4, "height": 4, "max_attempts": 0},
    {"width": 4, "height": 4, "time_limit": 0},
    {"width": 4, "height": 4, "seed": 1, "rng": random.Random(1)},
    {"width": 4, "height": 4, "solver": "nosuch"},
])
def test_bad_controls_raise_clear_errors(kwargs: dict[str, object]) -> None:
    width, height = kwargs.pop("width"), kwargs.pop("height")
    with pytest.raises(ValueError, match=r"\S"):
        generate_with_solution(width, height, **kwargs)  # type: ignore[arg-type]


def test_bad_size_is_an_invalid_puzzle_error_and_bad_count_a_value_error() -> None:
    with pytest.raises(InvalidPuzzleError, match="1x1"):
        generate(1, 1)
    with pytest.raises(InvalidPuzzleError, match="width"):
        generate(0, 0)
    with pytest.raises(ValueError, match="count"):
        generate_many(4, 4, -1)


def test_a_timeout_is_never_a_puzzle() -> None:
    with pytest.raises(GenerationFailed) as info:
        generate(12, 12, seed=1, time_limit=1e-9, max_attempts=2)
    assert isinstance(info.value.__cause__, SolveTimeout)


# --------------------------------------------------------------------------------------
# the command line


def test_cli_writes_files_that_parse_back_and_verify(tmp_path: Path) -> None:
    out = tmp_path / "gen"
    code = main(["generate", "--size", "5x4", "--count", "3", "--seed", "7",
                 "--out", str(out), "-q"])
    assert code == 0
    for i in (1, 2, 3):
        puzzle = parse((out / f"puzzle-{i:04d}.txt").read_text())
        solution = parse_solution((out / f"puzzle-{i:04d}.solution.json").read_text())
        assert (puzzle.width, puzzle.height) == (5, 4)
        assert verify(puzzle, solution) == []
        assert brute_solutions(puzzle, limit=2) == [solution]
    rows = (out / "stats.csv").read_text().splitlines()
    assert len(rows) == 4 and rows[0].startswith("file,")
    again = tmp_path / "again"
    assert main(["generate", "--size", "5x4", "--count", "3", "--seed", "7",
                 "--out", str(again), "-q"]) == 0
    assert (again / "puzzle-0002.txt").read_text() == (out / "puzzle-0002.txt").read_text()


def test_cli_formats_and_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "json"
    assert main(["generate", "--size", "6x6", "--seed", "1", "--format", "json",
                 "--no-touch", "--out", str(out), "-q"]) == 0
    puzzle = parse((out / "puzzle-0001.json").read_text(), "json")
    solution = parse_solution((out / "puzzle-0001.solution.json").read_text())
    assert verify(puzzle, solution, no_touch=True) == []
    assert main(["generate", "--size", "7x5", "--seed", "2", "--format", "compact", "-q"]) == 0
    printed = capsys.readouterr().out
    assert parse(printed, "compact").width == 7


@pytest.mark.parametrize("argv", [
    ["--size", "1x1"], ["--size", "0x0"], ["--count", "-1"], ["--size", "axb"],
    ["--min-length", "5", "--max-length", "3"], ["--min-labels", "4", "--max-labels", "2"],
])
def test_cli_bad_controls_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["generate", *argv, "-q"])
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_local_window_repairs_keep_the_answer_unique() -> None:
    # the window phase (normally for boards of 900+ cells) forced on small boards
    local = 0
    w = 7
    for seed in range(12):
        rp = random_paths(w, w, seed)
        paths = [[r * w + c for r, c in p] for p in rp.paths]
        result = prove_and_repair(w, w, paths, rp.isolated, options=RuleOptions(),
                                  deadline=Deadline(10), local_window=5, local_min_cells=0)
        local += result.local_rounds
        pieces = result.segments
        puzzle = Puzzle(w, w, {str(k): (divmod(s[0], w), divmod(s[-1], w))
                               for k, s in enumerate(pieces)}, result.blocked)
        intended = Solution(w, w, {str(k): [divmod(i, w) for i in s]
                                   for k, s in enumerate(pieces)})
        assert brute_solutions(puzzle, limit=2) == [intended]
    assert local >= 2  # the windows did find and repair second solutions


def test_a_bigger_board_is_unique_by_a_fresh_solver() -> None:
    # 30x30 runs the window phase; a fresh SAT enumeration (no shared session) agrees
    from numberlink_sat.numberlink.solve import solutions

    g = generate_with_solution(30, 30, seed=4)
    assert verify(g.puzzle, g.solution) == []
    assert solutions(g.puzzle, limit=2) == [g.solution]


def test_cli_timeout_exits_4_and_impossible_controls_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--size", "12x12", "--time-limit", "0.000001",
                 "--max-attempts", "2", "-q", "--out", str(tmp_path)]) == 4
    assert "timeout" in capsys.readouterr().err
    # 8x8 boards draw ~8 labels; at most 1 cannot be met
    assert main(["generate", "--size", "8x8", "--max-labels", "1", "--max-attempts", "2",
                 "-q"]) == 1
    err = capsys.readouterr().err
    assert "max_labels" in err and "Traceback" not in err


def test_cli_no_blocked(tmp_path: Path) -> None:
    assert main(["generate", "--size", "5x5", "--seed", "3", "--no-blocked",
                 "--max-attempts", "100", "--out", str(tmp_path), "-q"]) == 0
    puzzle = parse((tmp_path / "puzzle-0001.txt").read_text())
    assert not puzzle.blocked


@pytest.mark.parametrize("fmt", ["tokens", "compact", "pipes", "wh", "json", "flow",
                                 "colsrows", "adc"])
def test_cli_every_format_parses_back(fmt: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--size", "6x6", "--seed", "3", "--format", fmt, "-q",
            "--out", str(tmp_path)]
    if fmt in ("flow", "colsrows", "adc"):  # formats without blocked cells
        assert main(argv) == 2
        assert "--no-blocked" in capsys.readouterr().err
        argv += ["--no-blocked", "--max-attempts", "100"]
    assert main(argv) == 0
    ext = "json" if fmt == "json" else "txt"
    puzzle = parse((tmp_path / f"puzzle-0001.{ext}").read_text(), fmt)
    solution = parse_solution((tmp_path / "puzzle-0001.solution.json").read_text())
    assert verify(puzzle, solution) == []
    assert brute_solutions(puzzle, limit=2) == [solution]


@settings(max_examples=40, deadline=None)
@given(width=st.integers(1, 6), height=st.integers(1, 6), seed=st.integers(0, 10**6),
       fill=st.booleans())
def test_property_generate_solve_verify(width: int, height: int, seed: int,
                                        fill: bool) -> None:
    if width * height < 2:
        with pytest.raises(InvalidPuzzleError):
            generate(width, height, seed=seed)
        return
    g = generate_with_solution(width, height, seed=seed, fill=fill)
    assert (g.puzzle.width, g.puzzle.height) == (width, height)
    assert verify(g.puzzle, g.solution, fill=fill) == []
    assert brute_solutions(g.puzzle, fill=fill, limit=2) == [g.solution]
    assert _adjacent_blocked(g.puzzle) == []


def test_no_blocked_cells_with_reroutes_stays_unique() -> None:
    # without blocked cells a path end that a second solution leaves elsewhere is moved
    # onto a neighbouring path (a reroute), then the new puzzle is proven afresh
    reroutes = 0
    for size in ((5, 5), (7, 7)):
        for seed in range(30):
            g = generate_with_solution(*size, seed=seed, allow_blocked=False, max_attempts=50)
            assert not g.puzzle.blocked
            reroutes += g.stats.reroutes
            if g.stats.reroutes:
                assert brute_solutions(g.puzzle, limit=2) == [g.solution]
    assert reroutes >= 2


def test_cli_progress_bar_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm")  # the progress extra draws the bar asserted below
    class FakeTerminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["generate", "--size", "4x4", "--count", "3", "--seed", "1",
                 "--out", str(tmp_path)]) == 0
    text = err.getvalue()
    assert "0/3" in text and "3 unique 4x4 puzzles" in text  # tqdm refreshes each 0.1 s
