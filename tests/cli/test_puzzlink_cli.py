"""puzz.link URLs and pzprv3 files on the command line: the genre's rule, --fill, errors.

The boards are pzprjs's test boards (MIT licence, see tests/data/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.cli import main

NUMLIN = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ARUKONE = "https://puzz.link/p?arukone/4/4/12l3123j"
DATA = Path(__file__).resolve().parents[1] / "data"
ANSWER = DATA / "pzprjs" / "numlin_5x5.pzprv3.txt"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _solution(record: dict[str, object], size: int) -> nl.Solution:
    paths = record["paths"]
    assert isinstance(paths, dict)
    return nl.Solution(size, size, {k: [tuple(c) for c in v] for k, v in paths.items()})


def test_solve_a_url_under_its_genre_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", NUMLIN, "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "solved"
    assert record["rules"] == {"fill": False, "no_touch": False, "no_2x2": False,
                               "stated": "numlin"}
    assert nl.verify(nl.parse(NUMLIN), _solution(record, 5), fill=False) == []
    code, out, err = run(["solve", NUMLIN, "--color", "never"], capsys)
    assert code == 0 and "rules: no fill (the numlin rule; --fill to change it)" in err
    assert len(out.split()) == 25


def test_fill_flag_goes_back_to_fill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check", NUMLIN, "--fill", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["variant"] == "fill" and record["rules"]["fill"] is True
    assert nl.verify(nl.parse(NUMLIN), _solution(record, 5), fill=True) == []
    code, out, err = run(["check", NUMLIN, "--fill"], capsys)
    assert out.startswith("unique (fill)") and "the flags over the numlin rule" in err


def test_plain_file_keeps_the_default(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "five.txt"
    f.write_text(nl.format_puzzle(nl.parse(NUMLIN), "tokens"))
    code, out, err = run(["check", str(f)], capsys)
    assert code == 0 and out.startswith("unique (fill)") and err == ""
    code, out, err = run(["check", str(f), "--no-fill"], capsys)
    assert out.startswith("unique (no fill)") and err == ""


def test_all_variants_keep_the_genre_fill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", NUMLIN, "--all-variants", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["variant"] == "no fill"
    assert set(record["variants"]) == {"plain", "no-touch", "no-2x2"}


def test_a_file_of_urls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "urls.txt"
    f.write_text(f"{NUMLIN}\n{ARUKONE}\n")
    code, out, err = run(["check", str(f), "--json"], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first["index"] == 0 and second["index"] == 1
    assert first["rules"]["stated"] == "numlin" and first["rules"]["fill"] is False
    assert second["rules"]["stated"] == "arukone" and second["rules"]["fill"] is True
    code, out, err = run(["solve", str(f), "--color", "never"], capsys)
    assert code == 0
    assert err.count("rules:") == 2 and "arukone rule" in err


@pytest.mark.parametrize(
    ("url", "where", "words"),
    [
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", ":1:42:", "the body ends after 24"),
        ("https://puzz.link/p?slither/5/5/1j2h3m1h2j3", ":1:21:", "unknown genre"),
        ("https://puzz.link/p?numlin/0/5/1", ":1:28:", "width 0 is out of range"),
        ("https://puzz.link/p?numlin/100000/100000/zz", ":1:28:", "more than 25000000"),
        ("https://puzz.link/p?numlin/3/1/1g2", ":1:32:", "clue 1 appears only once"),
    ],
)
@pytest.mark.parametrize("command", ["solve", "check", "render"])
def test_bad_urls_exit_2_naming_the_position(
    command: str, url: str, where: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([command, url], capsys)
    assert code == 2 and out == "" and "Traceback" not in err
    assert f"{url}{where}" in err and words in err


def test_verify_a_pzprv3_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["verify", NUMLIN, str(ANSWER)], capsys)
    assert code == 0 and out == "valid (no fill)\n" and "numlin rule" in err
    code, out, _ = run(["verify", str(ANSWER), str(ANSWER), "--fill"], capsys)
    assert code == 0 and out == "valid (fill)\n"
    # a json solution file of the same answer says the same
    solution = nl.parse_solution(ANSWER.read_text())
    as_json = tmp_path / "answer.json"
    as_json.write_text(nl.format_solution(solution))
    code, out, _ = run(["verify", NUMLIN, str(as_json)], capsys)
    assert code == 0 and out == "valid (no fill)\n"
    code, _, err = run(["verify", NUMLIN, str(ANSWER), "--solution-format", "json"], capsys)
    assert code == 2 and f"{ANSWER}:1:1:" in err


def test_verify_an_answer_that_is_not_paths(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    text = ANSWER.read_text().splitlines()
    text[10] = "0 1 0 0"  # the third row: a second line from (2, 1) to (2, 2)
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("\n".join(text) + "\n")
    code, _, err = run(["verify", NUMLIN, str(wrong)], capsys)
    assert code == 2 and f"{wrong}:" in err and "branch" in err


def test_verify_reports_violations_of_real_paths(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # the middle cell stays empty: right for numlin, wrong under --fill
    f = tmp_path / "short.txt"
    f.write_text("pzprv3/numlin/1/5/1 1 . 2 2 /1 0 0 1 /")
    code, out, _ = run(["verify", str(f), str(f)], capsys)
    assert code == 0 and out == "valid (no fill)\n"
    code, out, _ = run(["verify", str(f), str(f), "--fill"], capsys)
    assert code == 1 and out == "cell (0, 2) lies on no path (fill rule)\n"


def test_render_a_url(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["render", NUMLIN, "--solve", "--colour", "never"], capsys)
    assert code == 0 and "numlin rule" in err
    code, out, err = run(["render", NUMLIN, "--colour", "never"], capsys)
    assert code == 0 and err == "" and out.split()[0] == "1"


def test_solve_writes_a_pzprv3_answer(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "answer.txt"
    code, _, _ = run(["solve", NUMLIN, "--pzprv3", str(out_file)], capsys)
    assert code == 0
    text = out_file.read_text()
    assert text.startswith("pzprv3\nnumlin\n5\n5\n")
    assert nl.verify(nl.parse(NUMLIN), nl.parse_solution(text), fill=False) == []
    code, out, _ = run(["verify", NUMLIN, str(out_file)], capsys)
    assert code == 0 and out == "valid (no fill)\n"
    seed = DATA / "seed000_7x7.txt"  # blocked cells: refused before solving
    code, out, err = run(["solve", str(seed), "--pzprv3", str(tmp_path / "x.txt")], capsys)
    assert code == 2 and out == "" and f"{seed}: --pzprv3: " in err and "blocked" in err
    assert not (tmp_path / "x.txt").exists()


def test_verify_a_url_that_carries_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    board = ANSWER.read_text().replace("\n", "/").replace(" ", "%20")
    url = "https://puzz.link/p?" + board
    code, out, _ = run(["verify", url, url], capsys)
    assert code == 0 and out == "valid (no fill)\n"
