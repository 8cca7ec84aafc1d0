"""``numberlink-sat diagnose``: verdicts, exit codes, the forced map, JSON and the picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.cli import main

SEED = Path(__file__).resolve().parents[1] / "data" / "seed000_7x7.txt"

# a Flow Free style board with one pair taken away: not unique without fill
NOT_UNIQUE = "......B\n.....OR\n.O.....\n...GC..\n..G....\n....R..\n.....BC\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_unique_puzzle_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["diagnose", str(SEED)], capsys)
    assert code == 0
    assert out.startswith("unique (fill); solutions: 1")


def test_not_unique_exits_3_with_the_undecided_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(NOT_UNIQUE)
    svg = tmp_path / "map.svg"
    code, out, _ = run(["diagnose", str(path), "--no-fill", "--svg", str(svg)], capsys)
    assert code == 3
    assert "not unique (no fill)" in out and "?" in out
    picture = svg.read_text()
    assert 'class="cell undecided"' in picture and 'class="cell settled"' in picture


def test_json_record_matches_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(NOT_UNIQUE)
    code, out, _ = run(["diagnose", str(path), "--no-fill", "--json"], capsys)
    record = json.loads(out)
    d = nl.diagnose(nl.parse(NOT_UNIQUE), fill=False)
    assert code == 3 and record["status"] == "multiple"
    assert record["undecided"] == d.to_dict()["undecided"]
    puzzle = nl.parse(NOT_UNIQUE)
    for paths in record["solutions"]:
        s = nl.Solution(7, 7, {k: [tuple(c) for c in v] for k, v in paths.items()})
        assert nl.verify(puzzle, s, fill=False) == []


def test_no_solution_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text("A .\n. A\n")
    code, out, _ = run(["diagnose", str(path)], capsys)
    assert code == 1 and out.startswith("no solution")


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text("")
    code, _, err = run(["diagnose", str(path)], capsys)
    assert code == 2 and str(path) in err
    code, _, err = run(["diagnose", str(tmp_path / "missing.txt")], capsys)
    assert code == 2 and "missing.txt" in err


def test_fixes_are_printed_and_proven(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(NOT_UNIQUE)
    code, out, _ = run(["diagnose", str(path), "--no-fill", "--fixes", "--json"], capsys)
    record = json.loads(out)
    assert code == 3 and record["fixes"]
    for fix in record["fixes"]:
        d = fix["puzzle"]
        puzzle = nl.Puzzle(d["width"], d["height"],
                           {k: tuple(tuple(c) for c in v) for k, v in d["endpoints"].items()},
                           [tuple(c) for c in d["blocked"]])
        assert nl.count_solutions(puzzle, 2, fill=False) == 1
    code, out, _ = run(["diagnose", str(path), "--no-fill", "--fixes", "--no-blocked"], capsys)
    assert code == 3 and "block cell" not in out and "fixes:" in out


def test_redundant_pairs_of_a_unique_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1 . . 1\n2 . . 2\n3 . . 3\n")
    code, out, _ = run(["diagnose", str(path), "--no-fill", "--redundant"], capsys)
    assert code == 0 and "redundant pairs: none" in out
