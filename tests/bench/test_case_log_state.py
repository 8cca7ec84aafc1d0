"""``benchmarks/case_log_state.py``: the state of a case log, as the library reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.held_cases import case_state, split_final_search
from tests.bench.scripts import load_script
from tests.bench.test_usage_errors import usage_error

URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_the_state_printed_is_the_librarys(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = nl.parse(URL, format="puzzlink")
    solution = nl.solve(puzzle, fill=False)
    assert solution is not None
    log = tmp_path / "cases.jsonl"
    # no time: every case split down to the smallest, left pending
    split_final_search(puzzle, solution, ["1"], rules={"fill": False}, case_time_limit=0.0,
                       fan=2, presplit=1, log=log)
    state = case_state(puzzle, solution, ["1"], rules={"fill": False}, log=log, fan=2,
                       presplit=1)
    assert state.split and state.pending
    script = load_script("case_log_state")
    argv = ["--url", URL, "--held", "1", "--fan", "2", "--presplit", "1", str(log)]
    assert script.main([*argv, "--by-last-cut"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == state.summary()
    assert sum(line.startswith("  pending: ") for line in out) == len(state.pending)
    assert "| last cut | proven | median s | proven s | split after their time | lost s |" \
        in out
    # the same log read from a file of URLs, its line named
    urls = tmp_path / "urls.txt"
    urls.write_text("https://puzz.link/p?arukone/4/4/12l3123j\n" + URL + "\n")
    assert script.main(["--urls", str(urls), "--line", "2", *argv[2:]]) == 0
    assert capsys.readouterr().out.splitlines()[0] == state.summary()


def test_bad_arguments_are_usage_errors(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "cases.jsonl"
    assert usage_error("case_log_state", ["--url", URL, "--held", "1", str(log)],
                       capsys).endswith(f"{log}: no such log")
    log.write_text("not json\n")
    assert "line 1: not a JSON line" in usage_error(
        "case_log_state", ["--url", URL, "--held", "1", str(log)], capsys)
    log.write_text("")
    urls = tmp_path / "urls.txt"
    urls.write_text(URL + "\n")
    assert usage_error("case_log_state", ["--urls", str(urls), "--line", "3", "--held", "1",
                                          str(log)], capsys).endswith("not a line 3")
    assert "no path labelled '9'" in usage_error(
        "case_log_state", ["--url", URL, "--held", "9", str(log)], capsys)
    assert "skips" in usage_error(
        "case_log_state", ["--url", "https://puzz.link/p?numlin/3/3/zzz", "--held", "1",
                           str(log)], capsys)
