"""Bad arguments to the benchmark scripts: a usage error (exit 2) that names the
argument and the file, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench.scripts import load_script


def usage_error(script: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The message of the usage error ``script`` gives for ``argv`` (exit code 2)."""
    with pytest.raises(SystemExit) as stop:
        load_script(script).main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_loose_seeds_that_are_not_a_range(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    out = ["--out", str(tmp_path)]
    message = usage_error("loose_bench", ["--seeds", "x", *out], capsys)
    assert message.endswith('\'x\': expected "1-9" or "1,4,7"')
    message = usage_error("loose_bench", ["--seeds", "5-3", *out], capsys)
    assert message.endswith("'5-3': no seed in that range")


def test_race_start_csv_files_that_are_missing(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    missing = tmp_path / "times.csv"
    message = usage_error("race_start_bench", ["--times", str(missing), "--out", str(tmp_path)],
                          capsys)
    assert message.endswith(f"--times {missing}: no such file")
    message = usage_error("race_start_bench", ["--znumlin-csv", str(missing)], capsys)
    assert message.endswith(f"--znumlin-csv {missing}: no such file")


def test_znumlin_corpus_without_its_binary_or_csv(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    binary = tmp_path / "znumlin"
    assert usage_error("znumlin_corpus_bench", ["--znumlin", str(binary)], capsys).endswith(
        f"--znumlin {binary}: no executable file there")
    binary.write_text("not executable\n", encoding="utf-8")
    assert "no executable file there" in usage_error(
        "znumlin_corpus_bench", ["--znumlin", str(binary)], capsys)
    merged = tmp_path / "rows.csv"
    assert usage_error("znumlin_corpus_bench", ["--merge", str(merged)], capsys).endswith(
        f"--merge {merged}: no such file")


def test_nikoli_split_with_a_bad_url(capsys: pytest.CaptureFixture[str]) -> None:
    message = usage_error("nikoli_split", ["https://puzz.link/p?numlin/3/3/zzz"], capsys)
    assert "line 1, column 32: 'z' skips 20 empty cells" in message


@pytest.mark.parametrize(("option", "value", "expected"), [
    ("--at-most", "-1", "argument --at-most: must be at least 0, got '-1'"),
    ("--changed-ends-at-most", "-2", "argument --changed-ends-at-most: must be at least 0, "
                                     "got '-2'"),
    ("--changed-ends-at-most", "x", "argument --changed-ends-at-most: not a whole number: 'x'"),
    ("--cubes", "-1", "argument --cubes: must be > 0, got '-1'"),
    ("--side-parts", "0", "argument --side-parts: must be > 0, got '0'"),
])
def test_nikoli_split_bounds_and_budgets(option: str, value: str, expected: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://puzz.link/p?numlin/3/3/1g2j1g2"
    assert usage_error("nikoli_split", [url, option, value], capsys).endswith(expected)


@pytest.mark.parametrize("script", ["certificate_bench", "diagnose_bench", "generate_bench",
                                    "handmade_bench", "held_bench", "huge_boards",
                                    "lianliankan_bench",
                                    "loose_bench", "numberlink_corpus_bench", "numchain_bench",
                                    "race_start_bench", "thin_bench", "znumlin_corpus_bench"])
def test_every_time_limit_is_a_positive_number(script: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert usage_error(script, ["--time-limit", "-1"], capsys).endswith(
        "argument --time-limit: must be > 0, got '-1'")
    assert usage_error(script, ["--time-limit", "nan"], capsys).endswith(
        "must be a finite number, got 'nan'")
