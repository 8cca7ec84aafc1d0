"""``benchmarks/handmade_bench.py``: a row per rule, and the local check's column."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import numberlink_sat as nl
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("handmade_bench")


def test_a_row_verifies_and_the_local_column_waits_for_a_timeout(bench: ModuleType) -> None:
    seed = nl.read(Path(__file__).parents[1] / "data" / "seed000_7x7.txt")[0]
    row = bench.run(seed, True, 20.0, None, local=2)
    assert row["verdict"] == "unique" and row["solve"] == "solved"
    assert row["local"] == ""  # decided: no local check needed


def test_the_local_evidence(bench: ModuleType) -> None:
    seed = nl.read(Path(__file__).parents[1] / "data" / "seed000_7x7.txt")[0]
    assert bench.local_evidence(seed, True, 20.0, 2)[0] == "<= 2"
    two = nl.parse("1 . .\n. . .\n. . 1\n")
    assert bench.local_evidence(two, True, 20.0, 2)[0] == "found 1"


def test_a_bad_url_file_names_the_file_line_and_column(bench: ModuleType, tmp_path: Path) -> None:
    urls = tmp_path / "more.txt"
    urls.write_text("# kept outside\n\n  https://puzz.link/p?numlin/3/3/zzz\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        bench.read_urls(urls)
    assert str(stop.value).startswith(f"{urls}:3:34: 'z' skips 20 empty cells")
    with pytest.raises(SystemExit, match="cannot read the URL file"):
        bench.read_urls(tmp_path / "missing.txt")


def test_good_url_lines_are_read_and_others_skipped(bench: ModuleType, tmp_path: Path) -> None:
    urls = tmp_path / "more.txt"
    urls.write_text("# a comment\nhttps://puzz.link/p?arukone/4/4/12l3123j  4x4, mine\n",
                    encoding="utf-8")
    [(url, puzzle)] = bench.read_urls(urls)
    assert url.endswith("12l3123j") and (puzzle.width, puzzle.height) == (4, 4)


@pytest.mark.parametrize("option", ["--znumlin", "--numlin-v2"])
def test_a_missing_peer_binary_is_a_usage_error(bench: ModuleType, tmp_path: Path, option: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main([option, str(tmp_path / "peer"), "--out", str(tmp_path)])
    assert stop.value.code == 2
    assert f"{option} {tmp_path / 'peer'}: no executable file there" in capsys.readouterr().err


def test_urls_only_runs_the_given_files_alone(bench: ModuleType, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    urls = tmp_path / "designed.url"
    urls.write_text("https://puzz.link/p?numlin/6/6/k1g2h3k1j43l2k4 6x6 nikoli seed 1\n",
                    encoding="utf-8")
    [(name, puzzle, fills)] = bench.boards([urls], urls_only=True)
    assert name.startswith("numlin ") and fills == (False, True)
    assert (puzzle.width, len(puzzle.labels)) == (6, 4)
    assert bench.main(["--urls", str(urls), "--urls-only", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "handmade.md").read_text(encoding="utf-8")
    assert page.count("| numlin k1g2h3k1j43l") == 2
    with pytest.raises(SystemExit) as stop:
        bench.main(["--urls-only", "--out", str(tmp_path)])
    assert stop.value.code == 2
    assert "--urls-only needs at least one --urls FILE" in capsys.readouterr().err


def _fake_binary(folder: Path, body: str) -> str:
    path = folder / "numlin"
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def test_numlin_v2_gets_the_nikoli_rows_as_a_url(bench: ModuleType, tmp_path: Path) -> None:
    seen = tmp_path / "seen.txt"
    binary = _fake_binary(tmp_path, f'echo "$1" > {seen}\necho "solutions: 3"\n'
                                    'echo "visited boards: 17"')
    board = nl.parse("https://puzz.link/p?arukone/5/5/1m2h3g3h1m2", format="puzzlink")
    row = bench.run(board, False, 20.0, None, numlin_v2_binary=binary)
    assert row["numlin_v2"] == "3" and float(str(row["numlin_v2_cpu"])) >= 0
    url = seen.read_text(encoding="utf-8").strip()
    assert url.startswith("https://puzz.link/p?numlin/5/5/")
    back = nl.parse(url, format="puzzlink")
    assert sorted(back.endpoints.values()) == sorted(board.endpoints.values())
    assert back.blocked == board.blocked == frozenset()
    fill_row = bench.run(board, True, 20.0, None, numlin_v2_binary=binary)
    assert fill_row["numlin_v2"] == ""  # the Nikoli rule only


def test_numlin_v2_timeouts_errors_and_blocked_cells(bench: ModuleType, tmp_path: Path) -> None:
    board = nl.parse("https://puzz.link/p?numlin/6/6/j4h14m2n2h133k", format="puzzlink")
    slow = _fake_binary(tmp_path, "exec sleep 5")
    assert bench.numlin_v2(slow, board, 0.3)[0] == "timeout"
    silent = _fake_binary(tmp_path, "echo 'thread main panicked'")
    assert bench.numlin_v2(silent, board, 5.0)[0] == "error"
    seed = nl.read(Path(__file__).parents[1] / "data" / "seed000_7x7.txt")[0]
    assert seed.blocked and bench.numlin_v2(silent, seed, 5.0) == ("n/a", 0.0)
