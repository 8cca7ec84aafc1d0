"""``benchmarks/gap_split_bench.py``: a verdict as the exhaustive count says, a log
that a second run takes every proven cube from, and usage errors that name the file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.solve import NumberlinkSolver
from tests.bench.scripts import load_script
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_chain import generate_with_solution

solve_module = sys.modules["numberlink_sat.numberlink.solve"]


@pytest.fixture(autouse=True)
def _cubes_on_small_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Nikoli second search (and so the cubes) from the first cell, no proof by
    propagation alone: these boards have 25 cells."""
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(NumberlinkSolver, "_propagation_proof", lambda self, state: False)


def _url() -> tuple[str, Puzzle]:
    puzzle = generate_with_solution(5, 5, seed=11, allow_blocked=False, fill=False).puzzle
    return puzzlink.to_url(puzzle), puzzle


def test_a_verdict_and_a_resumed_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, puzzle = _url()
    found = brute_path_sets(puzzle, fill=False)
    assert found is not None and len(found) == 1
    script = load_script("gap_split_bench")
    log = tmp_path / "cubes.jsonl"
    assert script.main(["--url", url, "--workers", "1", "--log", str(log)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["verdict"] == "unique" and first["proven"] > 0 and first["open"] == 0
    assert script.main(["--url", url, "--workers", "1", "--log", str(log)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["verdict"] == "unique" and again["asked"] == 0
    assert again["from_log"] == first["proven"]


def test_bad_arguments_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("gap_split_bench")
    urls = tmp_path / "urls.txt"
    urls.write_text(_url()[0] + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        script.main(["--urls", str(urls), "--line", "2"])
    assert stop.value.code == 2
    assert f"{urls} has 1 URLs, not a line 2" in capsys.readouterr().err
    urls.write_text("https://puzz.link/p?numlin/3/3/zzz\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        script.main(["--urls", str(urls)])
    assert f"{urls}:1:" in str(stop.value.code)
