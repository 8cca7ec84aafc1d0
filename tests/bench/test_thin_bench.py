"""``benchmarks/thin_bench.py``: thinned boards rechecked, their URLs readable again."""

from __future__ import annotations

import csv
from pathlib import Path

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
