"""``benchmarks/case_cubes.py``: a case asked cube by cube gives the exhaustive verdict
under every rule variant without fill (a held path changes; with cubes forced down to
single edges, and with the usual limits), and the script's usage errors."""

from __future__ import annotations

import itertools

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.held_cases import Cut
from tests.bench.scripts import load_script
from tests.bench.test_usage_errors import usage_error
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_held_beside import _puzzles

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
NO_FILL = [{"no_touch": t, "no_2x2": q} for t in (False, True) for q in (False, True)]


@pytest.mark.parametrize("variant", NO_FILL, ids=lambda v: "-".join(k for k in v if v[k])
                         or "nikoli")
@pytest.mark.parametrize(("cube_limit", "split_on"), [(0.0, "edges"), (30.0, "edges"),
                                                     (0.0, "all")])
def test_the_cubes_give_the_exhaustive_verdict(variant: dict[str, bool],
                                               cube_limit: float, split_on: str) -> None:
    script = load_script("case_cubes")
    for puzzle, expected in _puzzles({"fill": False, **variant}, 7, 8):
        known = min(expected, key=lambda s: sorted(s.paths.items()))
        for held in ([], [min(known.paths)]):
            others = [s for s in expected
                      if all(s.paths[h] != known.paths[h] and s.paths[h][::-1] != known.paths[h]
                             for h in held) and s != known]
            run = script.ask_in_cubes(puzzle, known, held, (), warm=0.0,
                                      cube_limit=cube_limit, depth=2, step=1, total=120.0,
                                      rules=variant, split_on=split_on,
                                      on_cube=lambda _: None)
            assert run.verdict == ("multiple" if others else "unique"), (puzzle, held)
            if run.second is not None:
                assert run.second in others


def _in_case(solution: nl.Solution, known: nl.Solution, cut: Cut) -> bool:
    """Whether ``solution`` lies in the case ``cut`` of ``known`` (by its edges)."""
    path = known.paths[cut.label]
    edges = [frozenset(pair) for pair in itertools.pairwise(path)]
    used = {frozenset(edge) for edge in solution.edges()}
    return all(e in used for e in edges[:cut.kept]) and (
        cut.kept == cut.upto or not all(e in used for e in edges[cut.kept:cut.upto]))


@pytest.mark.parametrize("first_edge_only", [True, False])
def test_a_case_is_asked_within_its_cuts(first_edge_only: bool) -> None:
    # the verdict of a case is "is there a solution other than the known one in it?",
    # against the exhaustive sets of small puzzles with several solutions
    script = load_script("case_cubes")
    asked = {True: 0, False: 0}
    for puzzle, expected in _puzzles({"fill": False}, 11, 10):
        known = min(expected, key=lambda s: sorted(s.paths.items()))
        for label in known.paths:
            edges = len(known.paths[label]) - 1
            cut = Cut(label, 0, 1 if first_edge_only else edges)
            others = [s for s in expected if s != known and _in_case(s, known, cut)]
            run = script.ask_in_cubes(puzzle, known, [], (cut,), warm=0.0, cube_limit=0.0,
                                      depth=2, step=1, total=120.0, on_cube=lambda _: None)
            assert run.verdict == ("multiple" if others else "unique"), (puzzle, cut)
            if run.second is not None:
                assert run.second in others
            asked[bool(others)] += 1
    assert asked[True] and asked[False]  # both verdicts were met


def test_the_script_prints_the_verdict_and_the_table(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    script = load_script("case_cubes")
    assert script.main(["--url", URL, "--held", "1", "--warm", "0", "--cube-limit", "0",
                        "--depth", "2", "--total", "60"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("warm-up: ")
    verdict = next(line for line in out if line.startswith("verdict: "))
    assert verdict in ("verdict: unique", "verdict: multiple")
    assert "| depth | refuted | median s | refuted s | past their time |" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--case", "1:0"], "a cut is label:kept:upto, got '1:0'"),
    (["--case", "9:0:1"], "no path labelled '9'"),
    (["--case", "1:0:99"], "does not fit"),
    (["--case", "1:2:1"], "does not fit"),
    (["--held", "7"], "no path labelled '7'"),
    (["--depth", "-1"], "--depth must be >= 0"),
    (["--step", "0"], "--step >= 1"),
    (["--total", "-1"], "--total must be >= 0"),
])
def test_bad_arguments_are_usage_errors(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert message in usage_error("case_cubes", ["--url", URL, *argv], capsys)



@pytest.mark.parametrize("split_on", ["edges", "all"])
@pytest.mark.parametrize("depth", [0, 2, 4])
def test_the_cubes_of_a_unique_puzzle_are_each_refuted(depth: int, split_on: str) -> None:
    # a board that propagation does not decide: its cubes are asked, and refuted
    puzzle = nl.parse("https://puzz.link/p?numlin/6/6/j4h14m2n2h133k", format="puzzlink")
    assert len(brute_path_sets(puzzle, fill=False) or []) == 1
    known = nl.solve(puzzle, fill=False)
    assert known is not None
    script = load_script("case_cubes")
    run = script.ask_in_cubes(puzzle, known, [], (), warm=0.0, cube_limit=30.0,
                              depth=depth, step=1, total=120.0, split_on=split_on,
                              on_cube=lambda _: None)
    assert run.verdict == "unique" and sum(map(len, run.refuted.values())) >= 1
    assert set(run.refuted) == {depth}
