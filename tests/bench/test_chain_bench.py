"""benchmarks/chain_bench.py on a small puzz.link board: both engines agree, the chain
runs on two workers, and a second run takes every step from the log."""

from __future__ import annotations

import csv
from pathlib import Path

from tests.bench.scripts import load_script

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_a_chain_row_per_rule_and_a_resumed_run(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(URL + "\n")
    argv = ["--urls", str(urls), "--min-cells", "0", "--piece-length", "2", "--workers",
            "2", "--log-dir", str(tmp_path / "logs"), "--out", str(tmp_path / "out")]
    bench = load_script("chain_bench")
    assert bench.main(argv) == 0
    with open(tmp_path / "out" / "chain.csv", encoding="utf-8") as handle:
        first = list(csv.DictReader(handle))
    assert [row["rule"] for row in first] == ["nikoli", "fill"]
    for row in first:
        assert row["chain"] == row["count"] == "unique" and row["workers"] == "2"
        assert int(row["proven"]) == int(row["merges"]) > 0 and row["logged"] == "0"
    assert bench.main(argv) == 0
    with open(tmp_path / "out" / "chain.csv", encoding="utf-8") as handle:
        again = list(csv.DictReader(handle))
    assert [row["logged"] for row in again] == [row["proven"] for row in first]
    with open(tmp_path / "out" / "steps.csv", encoding="utf-8") as handle:
        assert all(step["logged"] == "True" for step in csv.DictReader(handle))
