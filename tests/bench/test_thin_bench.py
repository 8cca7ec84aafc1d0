"""``benchmarks/thin_bench.py``: thinned boards rechecked, their URLs readable again."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.formats import parse
from tests.bench.scripts import load_script
from tests.numberlink.exhaustive import brute_path_sets


def test_small_boards_are_thinned_rechecked_and_written(tmp_path: Path) -> None:
    bench = load_script("thin_bench")
    assert bench.main(["--sizes", "5x5", "--seeds", "1-2", "--time-limit", "20",
                       "--out", str(tmp_path)]) == 0
    with (tmp_path / "thin.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 4 and {r["rule"] for r in rows} == {"nikoli", "fill"}
    assert all(r["recheck"] == "unique" for r in rows)
    assert all(int(r["labels"]) == int(r["labels_before"]) - int(r["merges"]) for r in rows)
    lines = (tmp_path / "designed.url").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for line, row in zip(lines, rows, strict=True):
        puzzle = parse(line.split()[0])
        fill = row["rule"] == "fill"
        assert puzzle.genre == ("arukone" if fill else "numlin")
        assert len(puzzle.labels) == int(row["labels"])
        found = brute_path_sets(puzzle, fill=fill)
        assert found is not None and len(found) == 1
        assert nl.count_solutions(puzzle, 2, fill=fill) == 1
    assert "cells a pair" in (tmp_path / "thin.md").read_text(encoding="utf-8")


def test_runs_are_merged_and_a_missing_one_is_a_usage_error(tmp_path: Path) -> None:
    bench = load_script("thin_bench")
    for seed in ("1", "2"):
        assert bench.main(["--sizes", "4x4", "--seeds", seed, "--rule", "nikoli",
                           "--time-limit", "10", "--out", str(tmp_path / seed)]) == 0
    assert bench.main(["--merge", str(tmp_path / "1"), str(tmp_path / "2"),
                       "--out", str(tmp_path / "both")]) == 0
    with (tmp_path / "both" / "thin.csv").open(encoding="utf-8") as handle:
        assert [row["seed"] for row in csv.DictReader(handle)] == ["1", "2"]
    page = (tmp_path / "both" / "thin.md").read_text(encoding="utf-8")
    assert "5 s a proof at most" in page  # both runs had the default limit
    assert len((tmp_path / "both" / "designed.url").read_text().splitlines()) == 2
    with pytest.raises(SystemExit) as stop:
        bench.main(["--merge", str(tmp_path / "none"), "--out", str(tmp_path / "x")])
    assert stop.value.code == 2


def test_a_merge_names_the_proof_limits_its_runs_had(tmp_path: Path) -> None:
    """Each row records its run's ``--proof-limit``; a merge of runs with other limits
    than its own names theirs, not its default."""
    bench = load_script("thin_bench")
    for seed, limit in (("1", "7"), ("2", "9")):
        assert bench.main(["--sizes", "4x4", "--seeds", seed, "--rule", "nikoli",
                           "--time-limit", "10", "--proof-limit", limit,
                           "--out", str(tmp_path / seed)]) == 0
    with (tmp_path / "1" / "thin.csv").open(encoding="utf-8") as handle:
        assert [row["proof_limit"] for row in csv.DictReader(handle)] == ["7.0"]
    assert "7 s a proof at most" in (tmp_path / "1" / "thin.md").read_text(encoding="utf-8")
    assert bench.main(["--merge", str(tmp_path / "1"), str(tmp_path / "2"),
                       "--out", str(tmp_path / "both")]) == 0
    page = (tmp_path / "both" / "thin.md").read_text(encoding="utf-8")
    assert "(`proof_limit`: 7, 9)" in page and "5 s a proof" not in page


def test_a_walk_goes_on_from_a_designed_puzzle(tmp_path: Path) -> None:
    """``--from`` takes the puzzle of the seed and rule asked from a designed.url (not a
    newly generated one) and thins it further, each step within ``--proof-limit``."""
    bench = load_script("thin_bench")
    assert bench.main(["--sizes", "5x5", "--seeds", "1-2", "--time-limit", "20",
                       "--out", str(tmp_path / "first")]) == 0
    with (tmp_path / "first" / "thin.csv").open(encoding="utf-8") as handle:
        (before,) = [row for row in csv.DictReader(handle)
                     if row["seed"] == "2" and row["rule"] == "nikoli"]
    assert int(before["merges"]) > 0  # so a new walk would start with more pairs
    assert bench.main(["--from", str(tmp_path / "first" / "designed.url"), "--rule",
                       "nikoli", "--seeds", "2", "--time-limit", "20", "--proof-limit", "7",
                       "--out", str(tmp_path / "again")]) == 0
    with (tmp_path / "again" / "thin.csv").open(encoding="utf-8") as handle:
        (row,) = list(csv.DictReader(handle))
    assert (row["seed"], row["rule"], row["recheck"]) == ("2", "nikoli", "unique")
    assert row["labels_before"] == before["labels"]
    assert int(row["labels"]) <= int(before["labels"])
    (line,) = (tmp_path / "again" / "designed.url").read_text(encoding="utf-8").splitlines()
    found = brute_path_sets(parse(line.split()[0]), fill=False)
    assert found is not None and len(found) == 1
    assert "7 s a proof at most" in (tmp_path / "again" / "thin.md").read_text(encoding="utf-8")


def test_a_bad_start_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file, a file with no puzzle of the sizes asked, and a puzzle with two
    solutions each stop the bench with a message, not a traceback."""
    bench = load_script("thin_bench")
    with pytest.raises(SystemExit) as stop:
        bench.main(["--from", str(tmp_path / "none.url"), "--out", str(tmp_path / "x")])
    assert "none.url: cannot read the URL file" in str(stop.value.code)
    two = tmp_path / "two.url"  # ". 1 / 1 .": round either free corner
    two.write_text("https://puzz.link/p?numlin/2/2/g11g 2x2 nikoli seed 1\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        bench.main(["--from", str(two), "--sizes", "3x3", "--out", str(tmp_path / "x")])
    assert stop.value.code == 2
    assert "no puzzle of the sizes, seeds and rule asked" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        bench.main(["--from", str(two), "--out", str(tmp_path / "x")])
    assert str(stop.value.code).startswith("the 2x2 seed 1 (nikoli) cannot be thinned: ")
