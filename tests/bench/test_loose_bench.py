"""``benchmarks/loose_bench.py``: both rules per board, verified, and the page."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from types import ModuleType

import pytest

from numberlink_sat.beside import can_start_child
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("loose_bench")


def test_seeds_are_read_as_ranges_or_lists(bench: ModuleType) -> None:
    assert bench.seeds_of("1-3") == [1, 2, 3]
    assert bench.seeds_of("4,7") == [4, 7]


def test_a_small_board_is_solved_under_both_rules(bench: ModuleType, tmp_path: Path) -> None:
    row = bench.run(6, 1, 20.0)
    assert isinstance(row["fill"], float) and isinstance(row["nikoli"], float)
    assert row["ratio"] != ""
    assert bench.main(["--sides", "5", "--seeds", "1", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "loose.md").read_text()
    assert "| 5 | 1 | 1 | 1 | 1 |" in page
    assert (tmp_path / "loose.csv").read_text().startswith("side,seed,run,pairs,fill")


def test_repeated_runs_are_counted_over_all_runs(bench: ModuleType, tmp_path: Path) -> None:
    """With ``--repeat 2``, two boards run twice each: four runs solved per rule, each
    run a row of its own."""
    args = ["--sides", "5", "--seeds", "1-2", "--repeat", "2", "--out", str(tmp_path)]
    assert bench.main(args) == 0
    page = (tmp_path / "loose.md").read_text()
    assert "| 5 | 2 | 2 | 4 | 4 |" in page
    assert "| 5 | 2 | 2 |" in page.split("runs (boards times runs each).")[1]
    assert len((tmp_path / "loose.csv").read_text().splitlines()) == 1 + 4


def test_a_repeat_below_one_is_refused(bench: ModuleType) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main(["--repeat", "0"])
    assert stop.value.code == 2


def test_in_a_worker_the_board_runs_where_no_child_can_start(
        bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--in-worker``: each board runs in a daemonic process (no child may start there,
    as in a ``multiprocessing.Pool``), its row comes back, the page says so; a wrong
    answer there stops the bench with its message."""
    assert bench.main(["--sides", "5", "--seeds", "1", "--in-worker",
                       "--out", str(tmp_path)]) == 0
    page = (tmp_path / "loose.md").read_text()
    assert "| 5 | 1 | 1 | 1 | 1 |" in page and "daemonic worker" in page

    def where(side: int, seed: int, limit: float, repeat: int) -> dict[str, object]:
        return {"daemon": multiprocessing.current_process().daemon,
                "child": can_start_child()}

    monkeypatch.setattr(bench, "run", where)
    assert bench.run_in_worker(5, 1, 1.0) == {"daemon": True, "child": False}

    def wrong(side: int, seed: int, limit: float, repeat: int) -> dict[str, object]:
        raise SystemExit("WRONG: made up")

    monkeypatch.setattr(bench, "run", wrong)
    with pytest.raises(SystemExit, match="WRONG: made up"):
        bench.run_in_worker(5, 1, 1.0)
