"""The benchmark harness end to end: CLI into a tmp dir, honest rows, failures apart."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import pytest

from numberlink_sat.bench import engines, report
from numberlink_sat.bench.runner import Task, cross_check, make_tasks, run_row, run_tasks
from numberlink_sat.bench.suites import Case, build, suite
from numberlink_sat.cli import main
from numberlink_sat.numberlink.cpsat import cpsat_available
from numberlink_sat.numberlink.model import Solution


def test_cli_tiny_suite_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench"
    engine_list = "sat,dfs,cpsat" if cpsat_available() else "sat,dfs"
    code = main([
        "bench", "--suite", "tiny", "--engines", engine_list, "--families",
        "numberlink,numchain", "--jobs", "2", "--out", str(out), "--no-progress",
        "--no-plots", "--time-limit", "20",
    ])
    assert code == 0, capsys.readouterr().err
    lines = (out / "results.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "header"
    assert header["machine"]["cpus"] and header["packages"]["python-sat"]
    rows = [json.loads(x) for x in lines[1:]]
    # every case of the tiny suite in the two families, times every engine it offers here
    cases = [c for c in suite("tiny") if c.family in ("numberlink", "numchain")]
    tasks, _ = make_tasks(cases, engine_list.split(","), 20.0)
    expected = len(tasks)
    assert len(rows) == expected
    assert {r["engine"] for r in rows} >= {"dfs"}  # our own baseline is always there
    for row in rows:
        assert row["status"] == "ok", row  # planted boards, generous limit: all solved
        assert row["wall_s"] >= 0 and row["cpu_s"] >= 0 and row["peak_rss_mb"] > 0
    sat_rows = [r for r in rows if r["engine"] == "sat"]  # none while a SAT engine is missing
    assert all(r["variables"] > 0 and r["clauses"] > 0 and r["calls"] >= 1 for r in sat_rows)
    with (out / "results.csv").open() as handle:
        assert len(list(csv.DictReader(handle))) == expected
    summary = (out / "summary.md").read_text()
    assert "## numberlink / dense" in summary and "SAT/DFS" in summary
    assert (out / "failures.jsonl").read_text() == ""
    # the summary can be redrawn from the rows alone
    again = tmp_path / "again"
    assert main(["bench", "--from-results", str(out / "results.jsonl"), "--out", str(again),
                 "--no-plots"]) == 0
    assert (again / "summary.md").read_text() == summary


def test_wrong_answers_are_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    case = Case("numberlink", "dense", 5, 5, 1)
    puzzle = build(case)
    label = puzzle.labels[0]
    a, b = puzzle.endpoints[label]
    bogus = Solution(5, 5, {label: [a, b]})  # a jump, and the other labels missing

    def fake_run(*args: Any, **kwargs: Any) -> Any:
        return bogus

    monkeypatch.setattr(engines, "run", fake_run)
    row = run_row(Task(case, "dfs", 5.0), isolate=False)
    assert row["status"] == "wrong" and row["problems"]

    monkeypatch.setattr(engines, "run", lambda *a, **k: None)
    row = run_row(Task(case, "dfs", 5.0), isolate=False)
    assert row["status"] == "wrong"  # "no solution" on a planted board


def test_timeouts_are_rows_and_cross_check() -> None:
    case = Case("numberlink", "loose", 14, 14, 7)
    row = run_row(Task(case, "dfs", 0.2))
    assert row["status"] == "timeout"
    assert row["wall_s"] < 10
    rows = [
        {"case": "x", "family": "numchain", "engine": "sat", "status": "ok", "answer": "a"},
        {"case": "x", "family": "numchain", "engine": "dfs", "status": "ok", "answer": "b"},
        {"case": "y", "family": "numberlink", "engine": "sat", "status": "ok", "answer": "c"},
        {"case": "y", "family": "numberlink", "engine": "dfs", "status": "none", "answer": ""},
    ]
    cross_check(rows)
    assert [r["status"] for r in rows] == ["disagree", "disagree", "ok", "wrong"]


def test_missing_engines_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "unavailable",
                        lambda fam, eng: "not here" if eng == "cpsat" else None)
    tasks, notes = make_tasks(suite("tiny"), ["sat", "cpsat"], 1.0)
    assert tasks and all(t.engine == "sat" for t in tasks)
    assert notes == [{"family": "numberlink", "engine": "cpsat", "reason": "not here"}]


def test_summary_and_plots(tmp_path: Path) -> None:
    rows = []
    for side, sat_t, dfs_t in ((5, 0.01, 0.02), (10, 0.02, math.inf)):
        for eng, t in (("sat", sat_t), ("dfs", dfs_t)):
            rows.append({
                "case": f"c{side}", "family": "numberlink", "kind": "dense", "side": side,
                "size": f"{side}x{side}", "engine": eng, "time_limit": 1.0,
                "status": "timeout" if math.isinf(t) else "ok", "cpu_s": t, "wall_s": t,
            })
    text = report.summary_markdown(rows)
    assert "| 5x5 | 1 | 0.010 (1/1) | 0.020 (1/1) | 0.5 |" in text
    assert "| 10x10 | 1 | 0.020 (1/1) | > 1 (0/1) | < 0.02 |" in text
    pytest.importorskip("matplotlib")
    files = report.plot(rows, tmp_path)
    assert {p.suffix for p in files} == {".png", ".svg"}
    assert all(p.stat().st_size > 1000 for p in files)


def test_local_pool_and_serial_give_the_same_rows() -> None:
    tasks, _ = make_tasks(suite("tiny")[:2], ["dfs"], 10.0)
    serial = run_tasks(tasks, jobs=1)
    pooled = run_tasks(tasks, jobs=2, batch_size=1)
    key = sorted((r["case"], r["status"], r["answer"]) for r in serial)
    assert key == sorted((r["case"], r["status"], r["answer"]) for r in pooled)


def test_a_row_that_ignores_its_limit_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from numberlink_sat.bench import runner

    def stubborn(*args: Any, **kwargs: Any) -> Any:
        time.sleep(30)  # an engine that never checks its deadline

    monkeypatch.setattr(engines, "run", stubborn)
    monkeypatch.setattr(runner, "HARD_FACTOR", 1.0)
    monkeypatch.setattr(runner, "HARD_GRACE", 0.5)
    started = time.perf_counter()
    row = run_row(Task(Case("numberlink", "dense", 5, 5, 1), "dfs", 0.5))
    assert time.perf_counter() - started < 10
    assert row["status"] == "timeout" and "killed" in row["stats"]["killed"]


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["bench", "--engines", "sat,magic", "--out", str(tmp_path)]) == 2
    assert "unknown engine 'magic'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--jobs", "0"])
    assert exc.value.code == 2


def test_an_unknown_family_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "--families", "sudoku", "--out", str(tmp_path)]) == 2
    assert "unknown puzzle family 'sudoku'" in capsys.readouterr().err
