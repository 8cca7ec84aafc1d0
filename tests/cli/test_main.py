"""The CLI's one error contract: which exception becomes which exit code and message."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pytest

from numberlink_sat import cli
from numberlink_sat.cli import common
from numberlink_sat.errors import InternalError, InvalidPuzzleError, ParseError, SolveTimeout

DATA = Path(__file__).resolve().parents[1] / "data"
SEED = DATA / "seed000_7x7.txt"


def _run_raising(exc: BaseException, capsys: pytest.CaptureFixture[str],
                 verbose: int = 0) -> tuple[int, str]:
    def boom(_args: argparse.Namespace) -> int:
        raise exc

    code = cli._run(argparse.Namespace(func=boom, verbose=verbose))
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("exc", "code", "needle"), [
    (SolveTimeout("time limit of 1 s passed"), 4, "timeout: time limit of 1 s"),
    (ParseError("bad", 1, 2), 2, "error: line 1, column 2: bad"),
    (InvalidPuzzleError("label 1 once"), 2, "error: label 1 once"),
    (FileNotFoundError(2, "No such file or directory", "x.txt"), 2, "x.txt: No such file"),
    (FileNotFoundError(2, "No such file or directory", ""), 2, "error: '': No such file"),
    (PermissionError(13, "Permission denied"), 2, "error: Permission denied"),
    (InternalError("invalid solution"), 70, "internal error, please report: invalid solution"),
    (ValueError("a bug, not bad input"), 70, "internal error, please report: ValueError"),
    (RecursionError("deep"), 70, "internal error, please report"),
    (KeyboardInterrupt(), 130, "interrupted"),
])
def test_each_exception_maps_to_its_code(exc: BaseException, code: int, needle: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    got, err = _run_raising(exc, capsys)
    assert got == code and needle in err and "Traceback" not in err


def test_traceback_only_with_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run_raising(RuntimeError("oops"), capsys, verbose=1)
    assert code == 70 and "Traceback" in err and "RuntimeError: oops" in err
    _code, err = _run_raising(RuntimeError("oops"), capsys)
    assert "-v for the traceback" in err


def test_broken_pipe_is_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run_raising(BrokenPipeError(32, "Broken pipe"), capsys)
    assert code == common.EXIT_BROKEN_PIPE and err == ""


def test_broken_pipe_in_a_real_pipe() -> None:
    # a 200x200 board drawn as text: far more output than the pipe buffer holds
    rows = [["."] * 200 for _ in range(200)]
    rows[0][0] = rows[-1][-1] = "1"
    text = "\n".join(" ".join(row) for row in rows) + "\n"
    proc = subprocess.Popen([sys.executable, "-m", "numberlink_sat", "render", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # type: ignore[union-attr]
    _out, err = proc.communicate(text.encode())
    assert b"Traceback" not in err and b"Broken pipe" not in err
    assert proc.returncode in (0, common.EXIT_BROKEN_PIPE)


def test_verify_names_the_file_at_fault(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    bad_puzzle = tmp_path / "puzzle.txt"
    bad_puzzle.write_text("1 . 2\n")
    bad_solution = tmp_path / "solution.json"
    bad_solution.write_text('{"width": 7, "height": 7, "paths": {"1": [[0, 0], [0')
    good_solution = DATA / "seed000_7x7_solution.txt"
    assert cli.main(["verify", str(bad_puzzle), str(good_solution)]) == 2
    assert f"{bad_puzzle}:1:1: label '1'" in capsys.readouterr().err
    assert cli.main(["verify", str(SEED), str(bad_solution)]) == 2
    err = capsys.readouterr().err
    assert f"{bad_solution}:1:" in err and str(SEED) not in err


def test_undecodable_bytes_name_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"1 . 1\n. \xe9 .\n")
    with pytest.raises(common.InputFileError) as info:
        common.read_input(str(path))
    assert str(info.value) == f"{path}:2:3: not UTF-8 text (byte 0xe9)"


@pytest.mark.parametrize("raw", [b"\xef\xbb\xbf1 . 1\r\n", b"1 . 1\r", b"1 . 1\n"])
def test_bom_and_line_ends(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(raw)
    assert common.read_input(str(path)) == "1 . 1\n"


def test_stdin_is_named(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 . 2\n"))
    assert cli.main(["solve", "-"]) == 2
    assert "<stdin>:1:1:" in capsys.readouterr().err


def _loose_board(tmp_path: Path, side: int) -> Path:
    import random

    import numberlink_sat.numberlink as nl
    from numberlink_sat.bench.instances import numberlink_loose

    path = tmp_path / f"loose{side}.txt"
    path.write_text(nl.format_puzzle(numberlink_loose(side, side, random.Random(1))))
    return path


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("solver", ["glucose4", "cadical195"])
def test_ctrl_c_during_a_search_exits_130_at_once(tmp_path: Path, solver: str) -> None:
    """Ctrl-C inside a PySAT call (glucose4: one uninterrupted call; cadical195: slices
    with a second solver beside) ends the command with 130, no hang, no crash."""
    import signal
    import time

    board = _loose_board(tmp_path, 40)  # no engine solves it in minutes
    proc = subprocess.Popen([sys.executable, "-m", "numberlink_sat", "solve", str(board),
                             "--solver", solver],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(3.0)
    if proc.poll() is not None:
        pytest.skip("the board was solved before the interrupt: nothing to test")
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the command did not end within 20 s of Ctrl-C")
    assert proc.returncode == common.EXIT_INTERRUPTED, err.decode()
    assert b"interrupted" in err and b"Traceback" not in err and b"internal error" not in err
