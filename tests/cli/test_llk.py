"""The ``numberlink-sat llk`` subcommands and their exit codes."""

from __future__ import annotations

import json

from numberlink_sat.cli import main
from numberlink_sat.lianliankan import parse_board, verify


def _write(tmp_path, text, name="b.txt"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_solve_prints_a_verified_order(tmp_path, capsys):
    path = _write(tmp_path, "1 2 1\n3 3 2\n")
    assert main(["llk", "solve", path]) == 0
    lines = capsys.readouterr().out.split("\n")
    order = [((int(a), int(b)), (int(c), int(d)))
             for a, b, c, d in (line.split() for line in lines if line)]
    assert verify(parse_board("1 2 1\n3 3 2\n"), order) == []


def test_solve_json_ring_and_no_solution(tmp_path, capsys):
    path = _write(tmp_path, "[[1, 2], [2, 1]]")
    assert main(["llk", "solve", path, "--ring", "--json"]) == 1
    assert json.loads(capsys.readouterr().out) == {"clearable": False, "order": None}
    assert main(["llk", "solve", path, "--method", "sat"]) == 1
    assert "cannot be cleared" in capsys.readouterr().err


def test_bad_input_exits_2(tmp_path, capsys):
    assert main(["llk", "solve", _write(tmp_path, "1 1\n2 -1\n")]) == 2
    assert ".txt:2:3: " in capsys.readouterr().err
    assert main(["llk", "hint", _write(tmp_path, "1 1\n2\n")]) == 2
    assert main(["llk", "solve", _write(tmp_path, "1 2\n1 1\n")]) == 2
    assert "odd" in capsys.readouterr().err
    assert main(["llk", "generate", "3", "3"]) == 2
    assert main(["llk", "solve", "--gravity", "--method", "sat",
                 _write(tmp_path, "1 1\n")]) == 2


def test_timeout_exits_4(tmp_path, capsys):
    b = "\n".join(" ".join(str((r * 12 + c) * 7 % 36 + 1) for c in range(12)) for r in range(12))
    path = _write(tmp_path, b)
    assert main(["llk", "solve", path, "--ring", "--time-limit", "0.000001"]) == 4
    assert "timeout" in capsys.readouterr().err


def test_hint_and_generate(tmp_path, capsys):
    assert main(["llk", "generate", "4", "6", "--seed", "3", "--ring", "--json",
                 "--order"]) == 0
    data = json.loads(capsys.readouterr().out)
    board = parse_board(json.dumps(data["board"]))
    order = [(tuple(a), tuple(b)) for a, b in data["order"]]
    assert verify(board, order, outside_ring=True) == []
    path = _write(tmp_path, board.to_text())
    assert main(["llk", "hint", path, "--ring", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)
    assert hint["clearable"] and not hint["stuck"]
    assert main(["llk", "hint", _write(tmp_path, "1 2\n2 1\n", "s.txt")]) == 1
    assert "stuck" in capsys.readouterr().err
    assert main(["llk", "generate", "2", "4", "--copies", "2", "--seed", "1", "--order"]) == 0
    out = capsys.readouterr().out
    assert out.count("# ") == 4


def test_hint_honours_the_solver(tmp_path, capsys, monkeypatch):
    from numberlink_sat.lianliankan import play

    seen = {}
    real = play.solve

    def spy(*args, **kwargs):
        seen.update(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "solve", spy)
    assert main(["llk", "hint", _write(tmp_path, "1 2 2 1\n"), "--solver", "glucose4"]) == 0
    assert seen["solver"] == "glucose4"
    assert capsys.readouterr().out == "0 1 0 2\n"
