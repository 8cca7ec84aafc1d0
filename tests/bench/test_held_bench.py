"""benchmarks/held_bench.py on a small puzz.link board: both ways agree, and with no time
for a direct lemma every lemma is proven with paths held inside it."""

from __future__ import annotations

import csv
from pathlib import Path

from tests.bench.scripts import load_script

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_a_held_row_per_rule_and_deep_lemmas(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(URL + "\n")
    bench = load_script("held_bench")
    argv = ["--urls", str(urls), "--min-cells", "0", "--out", str(tmp_path / "out")]
    assert bench.main(argv) == 0
    with open(tmp_path / "out" / "held.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["rule"] for row in rows] == ["nikoli", "fill"]
    assert all(row["held_proof"] == row["count"] == "unique" for row in rows)
    assert bench.main([*argv, "--lemma-limit", "1e-9", "--depth", "1",
                       "--rule", "nikoli"]) == 0
    with open(tmp_path / "out" / "held.csv", encoding="utf-8") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["held_proof"] == "unique" and int(row["deep_lemmas"]) == 3
    with open(tmp_path / "out" / "lemmas.csv", encoding="utf-8") as handle:
        lemmas = list(csv.DictReader(handle))
    assert [lemma["answer"] for lemma in lemmas if lemma["deep"] == "True"] == ["unique"] * 3
    assert any(lemma["within"] for lemma in lemmas)
    assert (tmp_path / "out" / "held.md").read_text().startswith("# Uniqueness with paths")
    assert bench.main([*argv, "--max-cells", "24"]) == 0  # the 5x5 is skipped
    assert (tmp_path / "out" / "held.csv").read_text().count("\n") == 1
