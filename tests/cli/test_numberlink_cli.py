"""``numberlink-sat solve``, ``check`` and ``verify``: output, JSON, exit codes, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import numberlink_sat as nl
from numberlink_sat.cli import main

SEED = Path(__file__).resolve().parents[1] / "data" / "seed000_7x7.txt"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_verified_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", str(SEED), "--color", "never"], capsys)
    assert code == 0
    rows = [line.split() for line in out.strip().splitlines()]
    assert len(rows) == 7 and all(len(r) == 7 for r in rows)
    assert rows[0] == ["4"] * 7


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", str(SEED), "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "solved"
    puzzle = nl.parse(SEED.read_text())
    solution = nl.Solution(7, 7, {k: [tuple(c) for c in v] for k, v in record["paths"].items()})
    assert nl.verify(puzzle, solution) == []


def test_no_solution_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "cross.txt"
    f.write_text(". A .\nB . B\n. A .\n")
    code, out, _ = run(["solve", str(f)], capsys)
    assert code == 1 and "no solution" in out
    code, out, _ = run(["check", str(f), "--json"], capsys)
    assert code == 1 and json.loads(out) == {
        "status": "no solution", "variant": "fill", "paths": None,
        "rules": {"fill": True, "no_touch": False, "no_2x2": False, "stated": None},
    }


def test_check_unique_and_multiple(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(SEED), "--all-variants"], capsys)
    assert code == 0 and out.startswith("unique (fill)")
    assert "no-touch  unique" in out
    f = tmp_path / "two.txt"
    f.write_text("1 . .\n. . .\n. . 1\n")
    code, out, _ = run(["check", str(f), "--color", "never"], capsys)
    assert code == 3
    assert "not unique" in out and "second solution:" in out and "differ on" in out
    code, out, _ = run(["check", str(f), "--json"], capsys)
    record = json.loads(out)
    assert code == 3 and record["status"] == "multiple"
    assert record["paths"] != record["second"] and record["differ"]
    code, out, _ = run(["check", str(f), "--no-fill", "--json", "--all-variants"], capsys)
    assert json.loads(out)["variants"]["no-touch"] == "multiple"


def test_several_puzzles_first_nonzero_exit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "many.txt"
    f.write_text("3 1\nA.A\n3 3\n.A.\nB.B\n.A.\n2 1\nAA\n0 0\n")
    code, out, _ = run(["solve", str(f), "--json"], capsys)
    statuses = [json.loads(line)["status"] for line in out.strip().splitlines()]
    assert statuses == ["solved", "no solution", "solved"] and code == 1
    code, out, _ = run(["solve", str(f)], capsys)
    assert out.count("# puzzle") == 3


def test_stdin_and_timeout(monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 . 1\n"))
    code, out, _ = run(["solve", "-"], capsys)
    assert code == 0 and out.split() == ["1", "1", "1"]
    big = "\n".join(" ".join("." for _ in range(300)) for _ in range(299))
    big += "\n" + " ".join(["a", "a"] + ["."] * 298) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(big))
    code, out, _err = run(["solve", "-", "--time-limit", "0.01"], capsys)
    assert code == 4 and "timeout" in out


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("1 . 2\n", "bad.txt:1:1: label '1'"),
        ("1 . 1\n. .\n", "bad.txt:2:"),
        ("", "empty"),
        ("1 1 1\n", "bad.txt:1:5:"),
    ],
)
def test_bad_input_exit_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, needle: str
) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(text)
    code, _out, err = run(["solve", str(f)], capsys)
    assert code == 2 and "Traceback" not in err and needle in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["solve", str(SEED), "--solver", "nope"], ["solve"],
                 ["solve", "/no/such/file"], ["check", str(SEED), "--time-limit", "-1"]):
        with pytest.raises(SystemExit) as info:
            code = main(args)
            raise SystemExit(code)
        assert info.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_verify_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = nl.parse(SEED.read_text())
    solution = nl.solve(puzzle)
    assert solution is not None
    good = tmp_path / "good.json"
    good.write_text(nl.format_solution(solution))
    code, out, _ = run(["verify", str(SEED), str(good)], capsys)
    assert code == 0 and out.startswith("valid")
    paths = {k: list(v) for k, v in solution.paths.items()}
    paths["4"] = paths["4"][:-1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"width": 7, "height": 7, "paths": paths}))
    code, out, _ = run(["verify", str(SEED), str(bad)], capsys)
    assert code == 1 and "label 4" in out


def test_svg_and_dimacs_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg, cnf = tmp_path / "s.svg", tmp_path / "s.cnf"
    code, _, _ = run(["solve", str(SEED), "--svg", str(svg), "--dimacs", str(cnf)], capsys)
    assert code == 0 and svg.read_text().lstrip().startswith("<")
    header = [ln for ln in cnf.read_text().splitlines() if ln.startswith("p cnf")]
    assert len(header) == 1


def test_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "numberlink_sat", "solve", str(SEED), "--json"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "solved"


def test_verbose_reports_stages_on_stderr(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", str(SEED), "--json"], capsys)
    assert code == 0 and err == ""
    for args in (["-v", "solve", str(SEED), "--json"], ["solve", str(SEED), "--json", "-v"]):
        code, out2, err = run(args, capsys)
        assert code == 0 and out2 == out  # standard output unchanged
        assert "CNF of" in err and "clauses" in err and "SAT call" not in err
    code, _, err = run(["-vv", "check", str(SEED)], capsys)  # the 7x7 seed is forced:
    assert code == 0 and "SAT call 1" in err and "unit propagation alone" in err
    two = tmp_path / "two.txt"  # two solutions: the second comes from a second call
    two.write_text("1 . .\n. . .\n. . 1\n")
    code, _, err = run(["-vv", "check", str(two)], capsys)
    assert code == 3 and "SAT call 2" in err
    cross = tmp_path / "cross.txt"
    cross.write_text(". A .\nB . B\n. A .\n")
    code, _, err = run(["-v", "solve", str(cross), "--no-fill"], capsys)
    assert code == 1 and "pre-check: no solution" in err
    code, _, err = run(["solve", str(SEED)], capsys)  # quiet again
    assert err == ""


def test_check_shows_the_solution_found_before_a_timeout(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from numberlink_sat.cli import numberlink as cli_numberlink
    from numberlink_sat.errors import SolveTimeout

    puzzle = nl.parse(SEED.read_text())
    first = nl.solve(puzzle)
    assert first is not None

    def stuck(*args: object, **kwargs: object) -> None:
        raise SolveTimeout("time limit of 1 s passed", elapsed=1.0, found=(first,))

    monkeypatch.setattr(cli_numberlink, "counted", stuck)
    code, out, _ = run(["check", str(SEED), "--color", "never"], capsys)
    assert code == 4 and out.startswith("timeout (fill)")
    assert "one solution found (below)" in out and "uniqueness is undecided" in out
    assert out.strip().splitlines()[2].split() == ["4"] * 7  # the grid follows
    code, out, _ = run(["check", str(SEED), "--json"], capsys)
    record = json.loads(out)
    assert code == 4 and record["status"] == "timeout" and record["found"] == 1
    assert record["paths"] == {k: [list(c) for c in v] for k, v in first.paths.items()}


def test_a_long_check_on_a_terminal_says_where_it_stands(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from numberlink_sat.cli import numberlink as cli_numberlink

    def reporting(*args: object, progress: object = None, **kwargs: object) -> object:
        assert callable(progress)
        progress(10.2, 0)
        progress(20.4, 1)
        return 1, [nl.solve(nl.parse(SEED.read_text()))], "sat"

    monkeypatch.setattr(cli_numberlink, "counted", reporting)
    monkeypatch.setattr(cli_numberlink, "_stderr_is_terminal", lambda: True)
    code, _out, err = run(["check", str(SEED)], capsys)
    assert code == 0
    assert "10 s: no solution found yet" in err
    assert "20 s: one solution found, looking for a second" in err
    monkeypatch.setattr(cli_numberlink, "_stderr_is_terminal", lambda: False)

    def quiet(*args: object, progress: object = None, **kwargs: object) -> object:
        assert progress is None  # no reports into a file or a pipe
        return 1, [nl.solve(nl.parse(SEED.read_text()))], "sat"

    monkeypatch.setattr(cli_numberlink, "counted", quiet)
    code, _out, err = run(["check", str(SEED)], capsys)
    assert code == 0 and err == ""


def test_check_local(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(SEED), "--local", "1", "--color", "never"], capsys)
    assert code == 0
    assert out.startswith("locally unique (fill): no other solution changes 1 path or fewer")
    assert "not a proof of uniqueness" in out
    code, out, _ = run(["check", str(SEED), "--local", "2", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "locally unique"
    assert record["local"]["proven_up_to"] == 2 and record["paths"]
    labels = len(nl.parse(SEED.read_text()).labels)
    code, out, _ = run(["check", str(SEED), "--local", str(labels)], capsys)
    assert code == 0 and out.startswith("unique (fill): every group of paths was checked")
    f = tmp_path / "two.txt"
    f.write_text("1 . .\n. . .\n. . 1\n")
    code, out, _ = run(["check", str(f), "--local", "3", "--color", "never"], capsys)
    assert code == 3 and "a second solution changes only 1 path (1)" in out
    assert "second solution:" in out
    code, _out, err = run(["check", str(f), "--local", "2", "--all-variants"], capsys)
    assert code == 2 and "--local does not combine" in err


def test_check_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(SEED), "--by-merges", "--color", "never"], capsys)
    assert code == 0
    assert out.startswith("unique (fill): along a chain of merges, ")
    assert "from a split puzzle of" in out
    code, out, _ = run(["check", str(SEED), "--by-merges", "--no-fill", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "unique" and record["paths"]
    assert record["chain"]["proven"] == record["chain"]["merges"]
    f = tmp_path / "two.txt"
    f.write_text("1 . .\n. . .\n. . 1\n")
    code, out, _ = run(["check", str(f), "--by-merges", "--no-fill", "--color", "never"], capsys)
    assert code == 3 and out.startswith("not unique (no fill): a second solution")
    assert "second solution:" in out
    f.write_text("1 2 .\n. . .\n. 2 1\n")
    code, out, _ = run(["check", str(f), "--by-merges", "--no-fill"], capsys)
    assert code == 1 and out.startswith("no solution")
    code, _out, err = run(["check", str(f), "--by-merges", "--local", "2"], capsys)
    assert code == 2 and "--by-merges does not combine" in err


def test_check_with_paths_held(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(SEED), "--by-held-paths", "--color", "never"], capsys)
    assert code == 0
    assert out.startswith("unique (fill): with paths held, 4 lemmas asked, paths held: ")
    code, out, _ = run(["check", str(SEED), "--by-held-paths", "--no-fill", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "unique" and record["paths"]
    assert len(record["held"]["lemmas"]) == 4
    assert record["held"]["held"] == [lemma["label"] for lemma in record["held"]["lemmas"]
                                      if lemma["answer"] == "unique"]
    lemmas = record["held"]["lemmas"]  # each takes those proven before it as given
    assert [lemma["given"] for lemma in lemmas] == [
        [earlier["label"] for earlier in lemmas[:n] if earlier["answer"] == "unique"]
        for n in range(len(lemmas))]
    f = tmp_path / "two.txt"
    f.write_text("1 . . 1\n. . . .\n2 . . 2\n")
    code, out, _ = run(["check", str(f), "--by-held-paths", "2", "--no-fill",
                        "--color", "never"], capsys)
    assert code == 3 and out.startswith("not unique (no fill): a second solution; 1 lemma")
    assert "second solution:" in out
    code, _out, err = run(["check", str(f), "--by-held-paths", "1,9", "--no-fill"], capsys)
    assert code == 2 and "no path labelled '9'" in err and "Traceback" not in err
    code, _out, err = run(["check", str(f), "--by-held-paths", "--by-merges"], capsys)
    assert code == 2 and "--by-held-paths does not combine" in err


def test_long_proofs_write_their_steps_with_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    # stderr is not a terminal here: a line per lemma or merge only with -v
    for flags, needle in ((["--by-held-paths"], " cells): unique in "),
                          (["--by-merges"], ": merge to ")):
        code, _out, err = run(["check", str(SEED), *flags, "--no-fill"], capsys)
        assert code == 0 and needle not in err
        code, _out, err = run(["check", str(SEED), *flags, "--no-fill", "-v"], capsys)
        assert code == 0 and needle in err, err[-2000:]


def test_check_with_paths_held_inside_lemmas(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # a lemma time too short for any direct lemma: each is proven with paths held inside
    code, out, _ = run(["check", str(SEED), "--by-held-paths", "--no-fill", "--json",
                        "--lemma-time-limit", "1e-9", "--held-depth", "1"], capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "unique"
    lemmas = record["held"]["lemmas"]
    direct = [lemma for lemma in lemmas if lemma["inside"] is None]
    deep = [lemma for lemma in lemmas if lemma["inside"] is not None]
    assert len(direct) == len(deep) == 4 and {d["answer"] for d in direct} == {"timeout"}
    assert all(d["answer"] == "unique" and d["inside"]["final_seconds"] > 0 for d in deep)
    assert record["held"]["held"] == [d["label"] for d in deep]
    # the second deep lemma holds the first one's path without a lemma of its own
    assert deep[1]["inside"]["inherited"] == [deep[0]["label"]]
    assert all(inner["within"] == [deep[0]["label"]]
               for inner in deep[0]["inside"]["lemmas"])
    f = tmp_path / "two.txt"
    f.write_text("1 . . 1\n. . . .\n2 . . 2\n")
    code, _out, err = run(["check", str(f), "--held-depth", "1"], capsys)
    assert code == 2 and "need --by-held-paths" in err
    code, _out, err = run(["check", str(f), "--by-held-paths", "--deep-lemma-time-limit",
                           "5"], capsys)
    assert code == 2 and "needs --held-depth" in err
    with pytest.raises(SystemExit) as info:
        main(["check", str(f), "--by-held-paths", "--held-depth", "0"])
    assert info.value.code == 2 and "at least 1" in capsys.readouterr().err


def test_check_with_the_final_search_in_cases(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "cases.jsonl"
    args = ["check", str(SEED), "--by-held-paths", "--no-fill", "--json",
            "--case-time-limit", "60", "--presplit", "1", "--jobs", "2",
            "--chain-log", str(log)]
    code, out, _ = run(args, capsys)
    record = json.loads(out)
    assert code == 0 and record["status"] == "unique"
    cases = record["held"]["cases"]
    assert cases[0]["case"] == "the whole search" and cases[0]["answer"] == "split"
    assert len(cases) > 2 and {c["answer"] for c in cases[1:]} == {"unique"}
    assert not any(c["from_log"] for c in cases)
    code, out, _ = run([*args[:4], "--color", "never", *args[5:]], capsys)
    assert code == 0 and f"({len(cases) - 1} cases, {len(cases) - 1} from the log)" in out
    # one case at a time, so they end in the order asked: most edges kept first
    code, out, _ = run([*args[:9], "--case-order", "late-first"], capsys)
    again = json.loads(out)["held"]["cases"]
    assert code == 0 and sorted(c["case"] for c in again) == sorted(c["case"] for c in cases)
    kept = [[-cut[1] for cut in c["cuts"]] for c in again[1:]]
    assert kept == sorted(kept) and kept != kept[::-1]
    # eager: a case where a path leaves within a run from its first edge is not asked
    code, out, _ = run([*args[:9], "--eager-split"], capsys)
    eager = json.loads(out)["held"]["cases"]
    assert code == 0 and json.loads(out)["status"] == "unique"
    early = [c for c in eager if c["cuts"] and c["cuts"][-1][1] == 0
             and c["cuts"][-1][2] > 1]
    assert early and all(c["answer"] == "split" for c in early)
    f = tmp_path / "two.txt"
    f.write_text("1 . . 1\n. . . .\n2 . . 2\n")
    code, out, _ = run(["check", str(f), "--by-held-paths", "2", "--no-fill",
                        "--case-time-limit", "30", "--color", "never"], capsys)
    assert code == 3 and out.startswith("not unique (no fill): a second solution")
    for bad, said in ((["--by-held-paths", "--jobs", "2"], "need --case-time-limit"),
                      (["--case-time-limit", "5"], "need --by-held-paths"),
                      (["--presplit", "1"], "need --by-held-paths"),
                      (["--case-order", "late-first"], "need --by-held-paths"),
                      (["--eager-split"], "need --by-held-paths"),
                      (["--by-held-paths", "--eager-split"], "need --case-time-limit"),
                      (["--by-held-paths", "--case-order", "late-first"],
                       "need --case-time-limit")):
        code, _out, err = run(["check", str(f), *bad], capsys)
        assert code == 2 and said in err and "Traceback" not in err


def test_check_chain_in_parallel_with_a_log(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "chain.jsonl"
    command = ["check", str(SEED), "--by-merges", "--jobs", "2", "--chain-log", str(log),
               "--json"]
    code, out, _ = run(command, capsys)
    first = json.loads(out)
    assert code == 0 and first["status"] == "unique"
    assert first["chain"]["from_log"] == 0 and not first["chain"]["split_from_log"]
    code, out, _ = run(command, capsys)
    again = json.loads(out)
    assert code == 0 and again["status"] == "unique" and again["chain"]["split_from_log"]
    assert again["chain"]["from_log"] == again["chain"]["proven"] == first["chain"]["proven"]
    code, out, _ = run([*command[:-1], "--color", "never"], capsys)
    assert code == 0 and f"({again['chain']['proven']} from the log)" in out
    log.write_text(log.read_text() + "oops\n")
    lines = len(log.read_text().splitlines())
    code, _out, err = run(command, capsys)
    assert code == 2 and f"chain.jsonl, line {lines}: not a JSON line" in err
    assert "Traceback" not in err
    code, _out, err = run(["check", str(SEED), "--jobs", "2"], capsys)
    assert code == 2 and "--jobs and --chain-log need --by-merges" in err


def test_a_chain_log_that_cannot_be_written(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no-such-folder" / "chain.jsonl"
    code, _out, err = run(["check", str(SEED), "--by-merges", "--chain-log", str(missing)],
                          capsys)
    assert code == 2 and "no-such-folder" in err and "Traceback" not in err
