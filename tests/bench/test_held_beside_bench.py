"""benchmarks/held_beside_bench.py on a small puzz.link board: both settings side by side,
verified and agreeing; bad board names are usage errors."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.bench.scripts import load_script

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_both_settings_per_rule(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text("# a comment\n" + URL + "\n")
    bench = load_script("held_beside_bench")
    assert bench.main(["--urls", str(urls), "--time-limit", "30",
                       "--out", str(tmp_path / "out")]) == 0
    with open(tmp_path / "out" / "held-beside.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert sorted((row["rule"], row["setting"]) for row in rows) == [
        ("fill", "alone"), ("fill", "beside"), ("nikoli", "alone"), ("nikoli", "beside")]
    assert {row["verdict"] for row in rows} == {"unique"}
    table = (tmp_path / "out" / "held-beside.md").read_text()
    assert table.startswith("# `count_solutions(limit=2)` with the held-path proof")
    assert "Decided: beside 2, alone 2 of 2 board-rule pairs." in table


@pytest.mark.parametrize(("argv", "message"), [
    (["--boards", "janko"], "--boards janko: expected FILE:INDEX"),
    (["--boards", "nowhere:3"], "--boards nowhere:3: expected FILE:INDEX"),
    (["--urls", "missing.txt"], "--urls missing.txt: no such file"),
    ([], "name boards with --boards or --urls"),
])
def test_bad_boards_are_usage_errors(argv: list[str], message: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        load_script("held_beside_bench").main([*argv, "--out", str(tmp_path)])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
