"""``numberlink-sat generate`` at scale: per-puzzle seeds, workers, resume, manifest, limits."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path

import pytest

from numberlink_sat.cli import main
from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.verify import verify
from tests.numberlink.exhaustive import brute_path_sets


def _puzzles(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.glob("puzzle-*.txt"))}


def _manifest(folder: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (folder / "manifest.jsonl").read_text().splitlines()]


def test_same_seed_same_puzzles_whatever_the_workers_and_resumed(tmp_path: Path) -> None:
    base = ["generate", "--size", "6x6", "--seed", "11", "-q"]
    assert main([*base, "--count", "6", "--out", str(tmp_path / "one")]) == 0
    assert main([*base, "--count", "6", "--jobs", "2", "--out", str(tmp_path / "two")]) == 0
    # a resumed run: 2 first, then the rest; the manifest's puzzles are skipped
    assert main([*base, "--count", "2", "--out", str(tmp_path / "re")]) == 0
    assert main([*base, "--count", "6", "--out", str(tmp_path / "re")]) == 0
    one = _puzzles(tmp_path / "one")
    assert len(one) == 6
    assert one == _puzzles(tmp_path / "two") == _puzzles(tmp_path / "re")
    rows = _manifest(tmp_path / "re")
    assert sorted(int(str(r["index"])) for r in rows) == list(range(6))


def test_manifest_urls_and_every_format(tmp_path: Path) -> None:
    out = tmp_path / "set"
    assert main(["generate", "--size", "5x5", "--count", "3", "--seed", "2", "--no-fill",
                 "--empty", "0.1-0.35", "--format", "all", "-q", "--out", str(out),
                 "--max-attempts", "40"]) == 0
    rows = _manifest(out)
    assert len(rows) == 3
    urls = (out / "puzzles.url").read_text().split()
    assert len(urls) == 3
    for row in rows:
        assert row["rules"] == {"fill": False, "no_touch": False, "no_2x2": False}
        assert row["size"] == "5x5" and row["blocked"] == 0
        lengths = row["path_lengths"]
        assert isinstance(lengths, list) and row["pairs"] == len(lengths)
        assert row["empty"] == 25 - sum(lengths) and int(str(row["empty"])) >= 3
        files = row["files"]
        assert isinstance(files, dict)
        solution = parse_solution((out / files["solution"]).read_text())
        for fmt, name in files.items():
            if "solution" in fmt:
                continue
            own = files.get(f"{fmt}-solution")
            answer = parse_solution((out / own).read_text()) if own else solution
            puzzle = parse((out / name).read_text(), fmt)
            assert verify(puzzle, answer, fill=False) == []
        puzzle = parse(str(row["url"]))
        drawn = (out / files["pzprv3-solution"]).read_text()  # the answer puzz.link opens
        assert parse(drawn, "pzprv3") == puzzle
        assert verify(puzzle, parse_solution(drawn, "pzprv3"), fill=False) == []
        found = brute_path_sets(puzzle, fill=False)
        assert found is not None and len(found) == 1


def test_whole_run_time_limit_keeps_the_finished_puzzles(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    code = main(["generate", "--size", "12x12", "--count", "100000", "--seed", "1",
                 "--time-limit", "1", "-q", "--out", str(tmp_path)])
    took = time.perf_counter() - started
    assert code == 4
    err = capsys.readouterr().err
    assert "within the time limit" in err and "of 100000" in err
    assert took < 1 + 0.5 + 0.5  # the promise, plus this test's own start-up slack
    made = _manifest(tmp_path)
    assert len(made) >= 1 and len(_puzzles(tmp_path)) == len(made)
    assert f"found {len(made)} of 100000" in err


def test_conflict_budget_and_candidate_limit_options(tmp_path: Path) -> None:
    assert main(["generate", "--size", "6x6", "--seed", "3", "--conflict-budget", "100000",
                 "--candidate-time-limit", "30", "-q", "--out", str(tmp_path)]) == 0
    with pytest.raises(SystemExit) as info:
        main(["generate", "--size", "6x6", "--conflict-budget", "0", "-q"])
    assert info.value.code == 2


def test_bad_manifest_line_is_a_clear_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "manifest.jsonl").write_text("{not json\n")
    assert main(["generate", "--size", "4x4", "-q", "--out", str(tmp_path)]) == 2
    assert "manifest.jsonl:1" in capsys.readouterr().err


def test_difficulty_range_in_the_manifest_and_on_the_sheet(tmp_path: Path) -> None:
    out = tmp_path / "rated"
    assert main(["generate", "--size", "7x7", "--count", "3", "--seed", "8",
                 "--difficulty", "30-500", "--max-attempts", "60", "-q",
                 "--out", str(out)]) == 0
    rows = _manifest(out)
    scores = [float(str(r["difficulty"])) for r in rows]
    assert len(scores) == 3 and all(30 <= s <= 500 for s in scores)
    assert all(r["difficulty_grade"] for r in rows)
    assert main(["sheet", str(out), "--out", str(tmp_path / "b.svg"), "-q",
                 "--per-page", "3"]) == 0
    first = (tmp_path / "b-01.svg").read_text()
    assert f"difficulty {scores[0]:g} (" in first


@pytest.mark.parametrize("rules", [[], ["--no-fill"]])
def test_thin_joins_paths_down_to_max_labels_and_stays_unique(tmp_path: Path,
                                                             rules: list[str]) -> None:
    out = tmp_path / "thin"
    assert main(["generate", "--size", "5x5", "--seed", "2", "--no-blocked", "--thin",
                 "--max-labels", "3", "--count", "2", *rules, "-q", "--out", str(out)]) == 0
    fill = not rules
    rows = _manifest(out)
    assert len(rows) == 2 and all(int(str(row["pairs"])) <= 3 for row in rows)
    with (out / "stats.csv").open(encoding="utf-8") as handle:
        stats = list(csv.DictReader(handle))
    assert len(stats) == 2 and all(int(row["thin_merges"]) >= 1 for row in stats)
    for row in rows:
        files = row["files"]
        assert isinstance(files, dict)
        puzzle = parse((out / files["tokens"]).read_text())
        found = brute_path_sets(puzzle, fill=fill)
        assert found is not None and len(found) == 1, files
        solution = parse_solution((out / files["solution"]).read_text())
        assert not verify(puzzle, solution, fill=fill)
        assert {tuple(p) for p in found[0].values()} == {
            tuple(p) for p in solution.paths.values()}


def test_thin_refuses_symmetry_and_a_zero_thin_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "6x6", "--thin", "--symmetry", "rot180"]) == 2
    assert "thin does not keep clue symmetry" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--size", "6x6", "--thin", "--thin-time", "0"])
    assert stop.value.code == 2


def test_thin_stops_at_min_labels(tmp_path: Path) -> None:
    out = tmp_path / "floor"
    assert main(["generate", "--size", "6x6", "--seed", "1", "--no-blocked", "--thin",
                 "--min-labels", "5", "-q", "--out", str(out)]) == 0
    [row] = _manifest(out)
    assert int(str(row["pairs"])) == 5  # the walk stops there
    with (out / "stats.csv").open(encoding="utf-8") as handle:
        [stats] = list(csv.DictReader(handle))
    assert int(stats["thin_merges"]) >= 1


def test_a_resumed_run_keeps_the_columns_of_an_older_stats_file(tmp_path: Path) -> None:
    out = tmp_path / "old"
    base = ["generate", "--size", "5x5", "--seed", "4", "-q", "--out", str(out)]
    assert main([*base, "--count", "1"]) == 0
    stats = out / "stats.csv"
    lines = stats.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")[:-3]  # as written before the thin columns
    stats.write_text("\n".join([",".join(header)] + [",".join(line.split(",")[:-3])
                                                      for line in lines[1:]]) + "\n",
                     encoding="utf-8")
    assert main([*base, "--count", "2"]) == 0
    with stats.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) == 3 and all(len(row) == len(header) for row in rows)


@pytest.mark.parametrize(("count", "message"), [("-1", "must be at least 0, got '-1'"),
                                                ("two", "not a whole number: 'two'")])
def test_a_bad_count_is_a_usage_error_naming_the_option(
        count: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--size", "5x5", "--count", count])
    assert stop.value.code == 2
    assert f"argument --count: {message}" in capsys.readouterr().err
