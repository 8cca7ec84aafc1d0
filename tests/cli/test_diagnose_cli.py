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


def agrees_with_the_rows(record: dict[str, object]) -> bool:
    """For ``1 . 1 / 2 . 2``: the hint agrees with the solution (rows used, columns not)."""
    (r1, _), (r2, _) = record["edge"]  # type: ignore[misc]
    return record["status"] == "hint" and record["used"] == (r1 == r2)


def test_hint_gives_the_next_forced_edge(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["hint", str(SEED)], capsys)
    assert code == 0 and out.startswith(("draw a line", "put a cross"))
    code, out, _ = run(["hint", str(SEED), "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "hint" and record["reason"] == "propagation"


def test_hint_reports_a_drawing_that_cannot_be_completed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1 . 1\n2 . 2\n")
    drawing = tmp_path / "d.json"
    drawing.write_text(json.dumps({"lines": [[[0, 0], [1, 0]]], "crosses": []}))
    code, out, _ = run(["hint", str(puzzle), "--drawn", str(drawing)], capsys)
    assert code == 1 and "cannot be completed" in out and "(1,0)" in out
    drawing.write_text("[[[0, 0], [0, 1]]]")
    code, out, _ = run(["hint", str(puzzle), "--drawn", str(drawing), "--json"], capsys)
    assert code == 0 and agrees_with_the_rows(json.loads(out))


def test_hint_reads_a_pzprv3_drawing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.txt"
    saved.write_text("pzprv3\nnumlin\n2\n3\n1 . 1 \n2 . 2 \n1 0 \n0 0 \n0 0 0 \n")
    code, out, err = run(["hint", str(saved), "--json"], capsys)
    assert code == 0, err
    record = json.loads(out)
    assert agrees_with_the_rows(record)
    assert record["edge"] != [[0, 0], [0, 1]]  # drawn already


def test_hint_bad_drawings_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1 . 1\n2 . 2\n")
    drawing = tmp_path / "d.json"
    for text in ("{not json", '{"lines": 3}', '[[[0, 0], [5, 5]]]', '{"arrows": []}'):
        drawing.write_text(text)
        code, _, err = run(["hint", str(puzzle), "--drawn", str(drawing)], capsys)
        assert code == 2 and str(drawing) in err, text
