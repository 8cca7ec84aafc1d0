"""The time-limit contract, command by command, on inputs crafted to be slow.

Every command with ``--time-limit`` returns (or exits 4) within the limit plus
``max(10 %, 0.5 s)``, measured around the whole in-process ``main(argv)`` call: reading the
file, every pre-pass, the search and the clean-up (the one-time import of the command
modules is done before, as a process does it once at start). As the ``numberlink-sat``
program does, a timed-out command's encoding is kept until the program leaves
(:data:`numberlink_sat.cli.KEEP_UNTIL_EXIT`): freeing a 300x300 chain encoding takes
0.15 s here and more on a slower machine, after the answer is out. The full table with
larger limits, measured around whole processes, is ``benchmarks/limits_bench.py``.
"""

from __future__ import annotations

import contextlib
import io
import time
from pathlib import Path

import pytest

from numberlink_sat import cli
from numberlink_sat.bench.slow_inputs import chain_board, llk_row, open_numberlink
from numberlink_sat.cli import build_parser, main

LIMIT = 1.0


@pytest.fixture(autouse=True, scope="module")
def _imported() -> None:
    build_parser()  # imports every command module once


def margin(limit: float) -> float:
    """The stated margin over a time limit."""
    return max(0.1 * limit, 0.5)


def _timed(argv: list[str]) -> tuple[int, float]:
    out, err = io.StringIO(), io.StringIO()
    kept: list[BaseException] = []
    cli.KEEP_UNTIL_EXIT = kept  # as run() does for the program
    try:
        start = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        elapsed = time.perf_counter() - start
    finally:
        cli.KEEP_UNTIL_EXIT = None
        kept.clear()  # the program's exit, here: free what the timeout kept
    assert "Traceback" not in err.getvalue()
    return code, elapsed


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


CASES = {
    "chain brute 10x10": (["chain", "{f}", "--method", "brute"], chain_board(10)),
    "chain dfs 10x10": (["chain", "{f}", "--method", "dfs"], chain_board(10)),
    "chain dfs-pruned 10x10": (["chain", "{f}", "--method", "dfs-pruned"], chain_board(10)),
    "chain sat 300x300": (["chain", "{f}"], chain_board(300)),
    "llk solve --gravity 1x4000": (["llk", "solve", "{f}", "--gravity"], llk_row(2000)),
    "llk generate 100x100": (["llk", "generate", "100", "100"], ""),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_limit_kept(name: str, tmp_path: Path) -> None:
    argv, text = CASES[name]
    path = _write(tmp_path, "input.txt", text) if text else ""
    code, elapsed = _timed([a.format(f=path) for a in argv] + ["--time-limit", str(LIMIT)])
    assert code in (0, 1, 4)
    assert elapsed <= LIMIT + margin(LIMIT), f"{name}: {elapsed:.2f} s for {LIMIT} s"


def test_check_all_variants_shares_one_limit(tmp_path: Path) -> None:
    # the window search and the local moves check the deadline too; on a fast run the
    # main check may find its second solution in time (3, "not unique"), which is exact
    path = _write(tmp_path, "open.txt", open_numberlink(150))
    code, elapsed = _timed(["check", path, "--all-variants", "--time-limit", str(LIMIT)])
    assert code in (3, 4)
    assert elapsed <= LIMIT + margin(LIMIT), f"{elapsed:.2f} s for {LIMIT} s"


def test_all_variants_after_the_limit_answer_timeout(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # once the puzzle's limit is spent, the other variants are not given a fresh one
    path = _write(tmp_path, "open.txt", open_numberlink(150))
    start = time.perf_counter()
    assert main(["check", path, "--all-variants", "--time-limit", "0.2"]) == 4
    out = capsys.readouterr().out
    assert out.count("timeout") == 4
    assert time.perf_counter() - start < 4 * 0.2 + 3  # not four full limits plus slack


def test_generate_whole_run_limit(tmp_path: Path) -> None:
    # the limit covers the whole run: finished puzzles are kept, exit 4 when fewer came out
    out = tmp_path / "made"
    code, elapsed = _timed(["generate", "--size", "12x12", "--count", "500", "--out", str(out),
                            "--time-limit", str(LIMIT)])
    assert code == 4
    assert elapsed <= LIMIT + margin(LIMIT), f"{elapsed:.2f} s for {LIMIT} s"
    assert any(out.iterdir())  # the puzzles finished before the limit are on disk


def test_generate_large_board_limit(tmp_path: Path) -> None:
    code, elapsed = _timed(["generate", "--size", "300x300", "--out", str(tmp_path),
                            "--time-limit", str(LIMIT)])
    assert code == 4
    assert elapsed <= LIMIT + margin(LIMIT), f"{elapsed:.2f} s for {LIMIT} s"
