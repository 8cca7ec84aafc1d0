"""``numberlink-sat render``: exit codes, outputs, colour decisions."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from numberlink_sat.cli import main
from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.render import png_available

DATA = Path(__file__).resolve().parents[1] / "data"
SEED = DATA / "seed000_7x7.txt"
NS = "{http://www.w3.org/2000/svg}"


def solver_ready() -> bool:
    from numberlink_sat.numberlink.solve import solve

    try:
        solve(Puzzle(2, 1, {"1": ((0, 0), (0, 1))}))
    except NotImplementedError:
        return False
    return True


needs_solver = pytest.mark.skipif(not solver_ready(), reason="Numberlink solver not landed")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def classes(svg: str, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter(NS + tag) if e.get("class") == cls]


def test_render_puzzle_as_text(capsys: pytest.CaptureFixture[str]):
    assert main(["render", str(SEED)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out  # captured stdout is not a terminal
    assert parse(out, "tokens") == parse(SEED.read_text())


def test_render_puzzle_svg_to_stdout(capsys: pytest.CaptureFixture[str]):
    assert main(["render", str(SEED), "--out", "-", "--theme", "dark"]) == 0
    svg = capsys.readouterr().out
    assert len(classes(svg, "rect", "cell")) + len(classes(svg, "rect", "cell blocked")) == 49
    assert classes(svg, "path", "path") == []


@needs_solver
def test_render_solve_writes_the_solution_svg(tmp_path: Path, capsys):
    out = tmp_path / "board.svg"
    assert main(["render", str(SEED), "--solve", "--out", str(out)]) == 0
    svg = out.read_text()
    assert len(classes(svg, "path", "path")) == 7
    assert "wrote SVG" in capsys.readouterr().err


@needs_solver
def test_render_solve_text_is_the_seed_solution(capsys: pytest.CaptureFixture[str]):
    assert main(["render", str(SEED), "--solve", "--colour", "never"]) == 0
    out = capsys.readouterr().out
    solution = parse_solution((DATA / "seed000_7x7_solution.txt").read_text())
    puzzle = parse(SEED.read_text())
    expected = [
        ["X" if (r, c) in puzzle.blocked else lab for c, lab in enumerate(row)]
        for r, row in enumerate(solution.grid())
    ]
    assert [line.split() for line in out.splitlines()] == expected


@needs_solver
def test_render_diff_of_a_puzzle_with_two_solutions(tmp_path: Path, capsys):
    path = write(tmp_path, "two.txt", "1 . .\n. . .\n. . 1\n")
    out = tmp_path / "diff.svg"
    assert main(["render", str(path), "--diff", "--out", str(out)]) == 3
    svg = out.read_text()
    assert len(classes(svg, "g", "panel")) == 2
    assert len(classes(svg, "path", "path")) == 2
    assert classes(svg, "rect", "diff")
    assert "not unique" in capsys.readouterr().err


@needs_solver
def test_render_diff_of_a_unique_puzzle(capsys: pytest.CaptureFixture[str]):
    assert main(["render", str(SEED), "--diff", "--out", "-"]) == 0
    captured = capsys.readouterr()
    assert "unique" in captured.err
    assert len(classes(captured.out, "path", "path")) == 7


@needs_solver
def test_render_no_solution_exits_1(tmp_path: Path):
    path = write(tmp_path, "cross.txt", "1 2\n2 1\n")
    assert main(["render", str(path), "--solve"]) == 1


@needs_solver
def test_render_rule_variant_changes_the_answer(tmp_path: Path):
    # 1 . 1 over an empty row: solvable only when cells may stay empty
    path = write(tmp_path, "relaxed.txt", "1 . 1\n. X .\n")
    assert main(["render", str(path), "--solve", "--no-fill"]) == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["render", "missing-file.txt"], "No such file"),
        (["render", str(SEED), "--out", "x.gif"], ".svg or .png"),
        (["render", str(SEED), "--index", "2"], "holds 1 puzzle"),
    ],
)
def test_bad_input_exits_2_with_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_bad_puzzle_text_exits_2(tmp_path: Path, capsys):
    path = write(tmp_path, "bad.txt", "1 . .\n. . 2\n")
    assert main(["render", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_usage_error_exits_2():
    with pytest.raises(SystemExit) as info:
        main(["render", str(SEED), "--solve", "--diff"])
    assert info.value.code == 2


@pytest.mark.skipif(not png_available(), reason="png extra (cairosvg) not installed")
def test_render_png(tmp_path: Path):
    out = tmp_path / "board.png"
    assert main(["render", str(SEED), "--out", str(out), "--scale", "1"]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def run_cli(*args: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-m", "numberlink_sat", *args],
        capture_output=True, text=True, env=env, check=False, timeout=60,
    )


def test_colour_always_gives_ansi_and_no_color_wins():
    coloured = run_cli("render", str(SEED), "--colour", "always", env_extra={})
    assert coloured.returncode == 0
    assert "\x1b[" in coloured.stdout
    plain = run_cli("render", str(SEED), "--colour", "always", env_extra={"NO_COLOR": "1"})
    assert plain.returncode == 0
    assert "\x1b" not in plain.stdout
    default = run_cli("render", str(SEED), env_extra={})  # a pipe, not a terminal
    assert "\x1b" not in default.stdout




def test_render_numchain_answer(tmp_path: Path, capsys):
    pytest.importorskip("numberlink_sat.numchain.model")
    path = write(tmp_path, "nc.txt", "3 3\n0 2 0\n1 1 1\n2 0 2\n")
    assert main(["render", str(path), "--kind", "numchain", "--answer", "41255214",
                 "--out", "-"]) == 0
    svg = capsys.readouterr().out
    assert len(classes(svg, "path", "path")) == 1
    assert "".join(t.text for t in classes(svg, "text", "direction")) == "41255214"


def test_render_numchain_solve(tmp_path: Path, capsys):
    pytest.importorskip("numberlink_sat.numchain.solve")
    path = write(tmp_path, "nc.txt", "3 3\n0 2 0\n1 1 1\n2 0 2\n")
    assert main(["render", str(path), "--kind", "numchain", "--solve"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "41255214"


def test_render_lianliankan_link(tmp_path: Path, capsys):
    pytest.importorskip("numberlink_sat.lianliankan.solve")
    path = write(tmp_path, "ll.txt", "1 0 2 3\n0 0 0 1\n2 4 4 3\n")
    assert main(["render", str(path), "--kind", "lianliankan", "--link", "0,0:1,3",
                 "--out", "-"]) == 0
    svg = capsys.readouterr().out
    assert len(classes(svg, "path", "link")) == 1
    # the two 3s join only through the ring outside the board
    assert main(["render", str(path), "--kind", "lianliankan", "--link", "0,3:2,3"]) == 2
    assert "no link" in capsys.readouterr().err
    assert main(["render", str(path), "--kind", "lianliankan", "--link", "0,3:2,3",
                 "--outside-ring", "--out", "-"]) == 0
    assert "2 turns" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--kind", "numchain", "--diff"],
        ["--kind", "lianliankan", "--no-touch"],
        ["--kind", "numchain", "--no-fill"],
        ["--kind", "lianliankan", "--fill"],
        ["--answer", "0"],
        ["--link", "0,0:0,1"],
        ["--kind", "numchain", "--outside-ring"],
    ],
)
def test_options_of_another_kind_are_usage_errors(argv, capsys):
    assert main(["render", str(SEED), *argv]) == 2
    assert "applies to --kind" in capsys.readouterr().err


def test_render_reads_standard_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1 . 1\n"))
    assert main(["render", "-"]) == 0
    assert capsys.readouterr().out.strip() == "1 . 1"


def test_render_lianliankan_solve(tmp_path: Path, capsys):
    pytest.importorskip("numberlink_sat.lianliankan.solve")
    path = write(tmp_path, "ll.txt", "1 0 2 3\n0 0 0 1\n2 4 4 3\n")
    assert main(["render", str(path), "--kind", "lianliankan", "--solve"]) == 0
    captured = capsys.readouterr()
    assert "clearing order:" in captured.err
    assert captured.out.splitlines()[-1].startswith("link: ")
    stuck = write(tmp_path, "stuck.txt", "1 2\n2 1\n")
    assert main(["render", str(stuck), "--kind", "lianliankan", "--solve",
                 "--outside-ring"]) == 1
    assert "cannot be cleared" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("no_color", "coloured"), [(None, True), ("1", False)])
def test_a_terminal_gets_colour_unless_no_color(no_color, coloured):
    import pty  # noqa: F401  (POSIX only; the skipif above guards it)

    master, slave = os.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_color:
        env["NO_COLOR"] = no_color
    try:
        done = subprocess.run(
            [sys.executable, "-m", "numberlink_sat", "render", str(SEED)],
            stdout=slave, stderr=subprocess.PIPE, env=env, timeout=60, check=False,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the terminal's other end is closed
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
    assert done.returncode == 0
    assert (b"\x1b[" in b"".join(chunks)) == coloured


@needs_solver
@pytest.mark.parametrize("command", [["solve", "--out"], ["solve", "--json"],
                                     ["check", "--json"]])
def test_render_solution_draws_what_solve_or_check_wrote(command, tmp_path: Path, capsys):
    answer = tmp_path / "answer.txt"
    if command[1] == "--out":
        assert main(["solve", str(SEED), "--out", str(answer)]) == 0
    else:
        assert main([command[0], str(SEED), command[1]]) == 0
        answer.write_text(capsys.readouterr().out)
    capsys.readouterr()
    assert main(["render", str(SEED), "--solve", "--colour", "never"]) == 0
    solved = capsys.readouterr().out
    assert main(["render", str(SEED), "--solution", str(answer), "--colour", "never"]) == 0
    assert capsys.readouterr().out == solved
    out = tmp_path / "board.svg"
    assert main(["render", str(SEED), "--solution", str(answer), "--out", str(out)]) == 0
    assert len(classes(out.read_text(), "path", "path")) == 7


def test_render_solution_reads_the_solution_file_format(capsys):
    solution = DATA / "seed000_7x7_solution.txt"
    assert main(["render", str(SEED), "--solution", str(solution), "--colour", "never"]) == 0
    puzzle = parse(SEED.read_text())
    expected = [
        ["X" if (r, c) in puzzle.blocked else lab for c, lab in enumerate(row)]
        for r, row in enumerate(parse_solution(solution.read_text()).grid())
    ]
    assert [line.split() for line in capsys.readouterr().out.splitlines()] == expected


@pytest.mark.parametrize(("text", "message"), [
    ('{"status": "solved", "paths": {"1": [[0, 0], [0, 1]]}}\n', "not a solution of"),
    ('{"status": "timeout", "paths": null}\n', ":1:1: the record holds no solution"),
    ("not a solution\n", "wrong.txt:"),
])
def test_render_a_wrong_solution_exits_2_naming_the_file(text, message, tmp_path: Path,
                                                          capsys):
    wrong = write(tmp_path, "wrong.txt", text)
    assert main(["render", str(SEED), "--solution", str(wrong)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"numberlink-sat: error: {wrong}")
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_render_solution_is_for_numberlink_only(tmp_path: Path, capsys):
    board = write(tmp_path, "chain.txt", "1 2\n2 1\n")
    assert main(["render", "--kind", "numchain", str(board), "--solution", str(board)]) == 2
    assert "--solution applies to --kind numberlink only" in capsys.readouterr().err
