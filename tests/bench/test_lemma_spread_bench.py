"""benchmarks/lemma_spread_bench.py on a small puzz.link board: a row per path and
configuration, the runs add up, the library's slice window and solver options are put
back, and a bad window or option is a usage error."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from numberlink_sat.sat.session import SatSession
from tests.bench.scripts import load_script

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_a_row_per_path_and_configuration(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(URL + "\n")
    bench = load_script("lemma_spread_bench")
    out = tmp_path / "out"
    default = SatSession.SLICE_SECONDS
    assert bench.main(["--urls", str(urls), "--min-cells", "0", "--runs", "2",
                       "--limits", "5", "1e-9", "--slices", "0.05,0.3", "0.25,1",
                       "--out", str(out)]) == 0
    assert default == SatSession.SLICE_SECONDS
    with open(out / "spread.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 3 * 4  # the 5x5's three paths, two limits times two windows
    for row in rows:
        assert int(row["held"]) + int(row["second"]) + int(row["timeout"]) == 2
    assert all(row["timeout"] == "0" for row in rows if row["config"].startswith("5 s"))
    assert all(row["timeout"] == "2" for row in rows if row["config"].startswith("1e-09 s"))
    with open(out / "runs.csv", encoding="utf-8") as handle:
        assert len(list(csv.DictReader(handle))) == 3 * 4 * 2
    assert (out / "spread.md").read_text().startswith("# One held lemma over many runs")


def test_a_bad_window_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("lemma_spread_bench")
    for bad in ("0.3", "0.3,0.05", "0,1", "a,b"):
        with pytest.raises(SystemExit) as info:
            bench.main(["--slices", bad])
        assert info.value.code == 2 and "SHORT" in capsys.readouterr().err


def test_solver_options_are_configurations(tmp_path: Path) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(URL + "\n")
    bench = load_script("lemma_spread_bench")
    out = tmp_path / "out"
    assert bench.main(["--urls", str(urls), "--min-cells", "0", "--runs", "1",
                       "--labels", "1", "--cadical-options", "default",
                       "rephaseint=10000,stabilizeonly=1", "--out", str(out)]) == 0
    assert SatSession.SOLVER_OPTIONS == {}
    with open(out / "spread.csv", encoding="utf-8") as handle:
        configs = [row["config"] for row in csv.DictReader(handle)]
    assert configs == ["20 s, slices 0.25-1 s",
                       "20 s, slices 0.25-1 s, rephaseint=10000, stabilizeonly=1"]


def test_a_bad_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("lemma_spread_bench")
    for bad in ("rephaseint", "rephaseint=x", "=3", "a b=1"):
        with pytest.raises(SystemExit) as info:
            bench.main(["--cadical-options", bad])
        assert info.value.code == 2 and "--cadical-options" in capsys.readouterr().err
