"""benchmarks/held_beside_bench.py on a small puzz.link board: both settings side by side,
verified and agreeing; bad board names are usage errors."""

from __future__ import annotations

import csv
import logging
import time
from pathlib import Path

import pytest

from numberlink_sat.numberlink import held_beside
from numberlink_sat.numberlink.held_beside import STARTED_MESSAGE
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
    assert ("Decided: beside 2, alone 2 of 2 board-rule pairs; the held-path proof "
            "started on 0.") in table
    assert {row["held_started"] for row in rows} == {"-"}  # decided at once


def test_the_proofs_start_is_read_from_the_librarys_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A count that logs the start (as ``HeldBeside`` does) gets its wall seconds in
    the ``held_started`` column; one that does not, ``-``."""
    bench = load_script("held_beside_bench")
    started = logging.getLogger(held_beside.__name__)

    def fake_counted(puzzle: object, limit: int, *, fill: bool, time_limit: float,
                     held_beside: bool) -> tuple[int, list[object], str]:
        if held_beside:
            time.sleep(0.05)
            started.info(STARTED_MESSAGE, 10.0)
        return 2, [], "held" if held_beside else "sat"

    monkeypatch.setattr(bench, "counted", fake_counted)
    level = started.level
    rows = [bench.run(None, False, setting, 5.0) for setting in ("beside", "alone")]
    assert isinstance(rows[0]["held_started"], float)
    assert 0.05 <= rows[0]["held_started"] <= rows[0]["wall"]
    assert rows[1]["held_started"] == "-"
    assert started.level == level and not started.handlers  # left as it was


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
