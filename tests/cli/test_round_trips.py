"""What solve and check print or write is read back by verify."""

from __future__ import annotations

from pathlib import Path

import pytest

from numberlink_sat.cli import main

SEED = Path(__file__).resolve().parents[1] / "data" / "seed000_7x7.txt"


@pytest.mark.parametrize("command", [["solve", "--json"], ["check", "--json"]])
def test_json_output_verifies(command: list[str], tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command[0], str(SEED), *command[1:]]) == 0
    record = tmp_path / "record.json"
    record.write_text(capsys.readouterr().out)
    assert main(["verify", str(SEED), str(record)]) == 0
    assert capsys.readouterr().out.startswith("valid")


def test_solve_out_writes_a_solution_file(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "answer.txt"
    assert main(["solve", str(SEED), "--out", str(out)]) == 0
    assert out.read_text().startswith('{"width": 7, "height": 7, "paths": {')
    assert main(["verify", str(SEED), str(out)]) == 0
    assert "valid" in capsys.readouterr().out


def test_a_record_without_solution_is_bad_input(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "timeout.json"
    record.write_text('{"status": "timeout", "paths": null}\n')
    assert main(["verify", str(SEED), str(record)]) == 2
    assert f"{record}:1:1: the record holds no solution" in capsys.readouterr().err


def test_a_wrong_record_is_reported_by_the_verifier(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "wrong.json"
    record.write_text('{"status": "solved", "paths": {"1": [[0, 0], [0, 1]]}}\n')
    assert main(["verify", str(SEED), str(record)]) == 1
