"""numberlink-sat chain: exactly the contest output, exit codes, stdin, bad input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from numberlink_sat.cli import main

SAMPLE = "3 3\n0 2 0\n1 1 1\n2 0 2\n"


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    stdin: str | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("method", ["sat", "dfs", "dfs-pruned", "brute"])
def test_sample_file(
    method: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "in.txt"
    path.write_text(SAMPLE)
    assert run(["chain", str(path), "--method", method], capsys, monkeypatch) == (
        0, "41255214\n", ""
    )


def test_stdin_default_and_dash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["chain"], capsys, monkeypatch, SAMPLE)[:2] == (0, "41255214\n")
    assert run(["chain", "-", "--solver", "minisat22"], capsys, monkeypatch, SAMPLE)[:2] == (
        0, "41255214\n"
    )


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("1 1\n0\n", "\n"),  # empty path: an empty line
        ("1 3\n2\n", "-1\n"),
        ("2 2\n1 0\n0 1\n", "-1\n"),
        ("2 3\n0 1\n2 0\n", "252\n"),  # the contest program would print -1 here
    ],
)
def test_contest_outputs_exit_zero(
    text: str, out: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for method in ("sat", "dfs"):
        assert run(["chain", "--method", method], capsys, monkeypatch, text) == (0, out, "")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty input"),
        ("2\n", "two integers"),
        ("0 1\n", "N = 0"),
        ("2 0\n0 0\n0 0\n", "K = 0"),
        ("2 2\n0 1\n1\n", "<stdin>:3:2: row 2 has 1 number"),
        ("2 2\n0 1\n1 7\n", "<stdin>:3:3: 7 is outside 0..1"),
        ("2 2\n0 one\n1 0\n", "<stdin>:2:3: expected an integer, found 'one'"),
    ],
)
def test_bad_input_exit_2(
    text: str, fragment: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(["chain"], capsys, monkeypatch, text)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_missing_file_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["chain", str(tmp_path / "nope.txt")], capsys, monkeypatch)
    assert code == 2 and out == "" and "nope.txt" in err


def test_timeout_exit_4(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = "30 1\n" + "\n".join(" ".join(["0"] * 30) for _ in range(30)) + "\n"
    code, out, err = run(["chain", "--time-limit", "0.2"], capsys, monkeypatch, board)
    assert code == 4 and out == "" and "time limit" in err
    code, out, err = run(["chain", "--time-limit", "0.2", "--method", "dfs"],
                         capsys, monkeypatch, board)
    assert code == 4 and out == ""


def test_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["chain", "--method", "magic"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["chain", "--time-limit", "-1"])
    assert info.value.code == 2
