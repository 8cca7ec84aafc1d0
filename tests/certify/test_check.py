"""The checker rejects what it must: a corrupted proof, a dropped clause, a wrong
solution, a forged cut; and it shares no code with the solver."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from numberlink_sat.certify import CertificateUnreadable, check_certificate, layout
from numberlink_sat.certify.refutation import native_available
from numberlink_sat.cli import main
from numberlink_sat.numberlink.certificate import certificate
from numberlink_sat.numberlink.model import Puzzle

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def unique_cert(tmp_path: Path) -> Path:
    """A unique answer whose search needed a loop cut, with a proof of 20 steps."""
    out = tmp_path / "cert"
    cert = certificate(Puzzle(4, 2, {"1": ((0, 0), (1, 0))}), out=out)
    assert cert.claim == "unique" and cert.loop_cuts > 0 and cert.proof_lines > 5
    return out


def _reject(directory: Path, capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["certify", str(directory)]) == 1
    out = capsys.readouterr().out
    assert "rejected:" in out
    for word in words:
        assert word in out, out
    return out


def _formula(directory: Path) -> tuple[list[str], list[str]]:
    lines = (directory / layout.FORMULA).read_text().splitlines()
    head = [x for x in lines if x.startswith(("c", "p"))]
    return head, [x for x in lines if not x.startswith(("c", "p"))]


def _write_formula(directory: Path, head: list[str], body: list[str], variables: int) -> None:
    head = [x for x in head if x.startswith("c")] + [f"p cnf {variables} {len(body)}"]
    (directory / layout.FORMULA).write_text("\n".join(head + body) + "\n")


def _variables(directory: Path) -> int:
    return int(next(x for x in _formula(directory)[0] if x.startswith("p")).split()[2])


def test_accepted_and_exit_zero(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", str(unique_cert)]) == 0
    out = capsys.readouterr().out
    assert "accepted: unique" in out
    assert "not checked" in out and "base clauses" in out


def test_corrupted_proof(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proof = unique_cert / layout.PROOF
    lines = proof.read_text().splitlines()
    proof.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    _reject(unique_cert, capsys, "never derives the empty clause")
    proof.write_text("1 2 x 0\n0\n")
    _reject(unique_cert, capsys, "cannot be read")


def test_a_proof_of_nothing(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (unique_cert / layout.PROOF).write_text("0\n")
    _reject(unique_cert, capsys, "neither RUP nor RAT")


def test_dropped_extra_clause(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, body = _formula(unique_cert)
    _write_formula(unique_cert, head, body[:-1], _variables(unique_cert))
    _reject(unique_cert, capsys, "is not its", "base clauses followed by")


def test_dropped_base_clause(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, body = _formula(unique_cert)
    _write_formula(unique_cert, head, body[1:], _variables(unique_cert))
    _reject(unique_cert, capsys, "base clauses followed by")


def test_wrong_solution(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = unique_cert / layout.SOLUTION
    path.write_text('{"width": 4, "height": 2, "paths": {"1": [[0, 0], [1, 0]]}}\n')
    _reject(unique_cert, capsys, "solution.json breaks the rules", "lies on no path")


def _forge_first_cut(directory: Path, change: dict[str, object]) -> None:
    """Replace the first loop cut's entry, and its clauses in formula.cnf alike."""
    extras = [json.loads(x) for x in (directory / layout.EXTRAS).read_text().splitlines()]
    k = next(i for i, e in enumerate(extras) if e["tag"] == "loop-cut")
    head, body = _formula(directory)
    base = len(body) - sum(len(e["clauses"]) for e in extras)
    start = base + sum(len(e["clauses"]) for e in extras[:k])
    old = extras[k]
    extras[k] = {**old, **change}
    new_lines = [" ".join(map(str, c)) + " 0" for c in extras[k]["clauses"]]
    body[start:start + len(old["clauses"])] = new_lines
    _write_formula(directory, head, body, _variables(directory))
    (directory / layout.EXTRAS).write_text("".join(json.dumps(e) + "\n" for e in extras))


def test_forged_cut(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extras = [json.loads(x) for x in (unique_cert / layout.EXTRAS).read_text().splitlines()]
    cut = next(e for e in extras if e["tag"] == "loop-cut")
    # a stronger clause than the loop argument allows: one boundary edge dropped
    _forge_first_cut(unique_cert, {"clauses": [cut["clauses"][0][1:]]})
    _reject(unique_cert, capsys, "not what the loop argument allows")


def test_cut_through_an_end_cell(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extras = [json.loads(x) for x in (unique_cert / layout.EXTRAS).read_text().splitlines()]
    cut = next(e for e in extras if e["tag"] == "loop-cut")
    _forge_first_cut(unique_cert, {"cells": [*cut["cells"], [0, 0]]})
    _reject(unique_cert, capsys, "is an end of label 1")


def test_forged_block(unique_cert: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extras = [json.loads(x) for x in (unique_cert / layout.EXTRAS).read_text().splitlines()]
    k = next(i for i, e in enumerate(extras) if e["tag"] == "block")
    extras[k]["tag"] = "loop-cut"
    (unique_cert / layout.EXTRAS).write_text("".join(json.dumps(e) + "\n" for e in extras))
    _reject(unique_cert, capsys, "loop cut")


def test_unreadable(tmp_path: Path, unique_cert: Path,
                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", str(tmp_path / "missing")]) == 2
    (unique_cert / layout.MANIFEST).write_text("{not json")
    assert main(["certify", str(unique_cert)]) == 2
    assert "manifest.json: line 1" in capsys.readouterr().err
    with pytest.raises(CertificateUnreadable):
        check_certificate(unique_cert)


def test_time_limit_on_the_proof_check(tmp_path: Path) -> None:
    out = tmp_path / "c"
    certificate(Puzzle(6, 6, {"1": ((0, 0), (5, 5)), "2": ((0, 5), (5, 0)),
                              "3": ((2, 2), (3, 3))}), out=out)
    report = check_certificate(out, time_limit=0.0)
    assert report.timed_out and not report.accepted
    assert main(["certify", str(out), "--time-limit", "1e-9"]) == 4


def test_gate_cuts_without_fill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A valid gate cut is accepted; a gate that is not fresh is not."""
    out = tmp_path / "c"
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (0, 2))}, blocked=[(1, 0), (1, 1), (1, 2)])
    assert certificate(puzzle, out=out, fill=False).claim == "unique"
    head, body = _formula(out)
    varmap = json.loads((out / layout.VARMAP).read_text())
    inside = [row[0] for row in varmap["edges"] if row[1] == 2]
    gate = _variables(out) + 1
    clauses = [[-gate], *([-e, gate] for e in inside)]
    entry = {"tag": "loop-cut", "cells": [[2, 0], [2, 1], [2, 2]], "gate": gate,
             "clauses": clauses}
    with (out / layout.EXTRAS).open("a") as handle:
        handle.write(json.dumps(entry) + "\n")
    _write_formula(out, head, body + [" ".join(map(str, c)) + " 0" for c in clauses], gate)
    assert check_certificate(out).accepted
    _forge_first_cut(out, {"gate": inside[0], "clauses": [[-inside[0]],
                                                          *([-e, inside[0]] for e in inside)]})
    _reject(out, capsys, "not a fresh variable")


def test_check_and_solve_write_certificates(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1 . 1\n2 . 2\n")
    assert main(["check", str(puzzle), "--certificate", str(tmp_path / "u")]) == 0
    assert main(["certify", str(tmp_path / "u")]) == 0
    puzzle.write_text("1 2\n2 1\n")
    assert main(["solve", str(puzzle), "--certificate", str(tmp_path / "n")]) == 1
    assert main(["certify", str(tmp_path / "n")]) == 0
    assert "accepted: no solution" in capsys.readouterr().out
    puzzle.write_text("1 . .\n. . 1\n")
    assert main(["check", str(puzzle), "--no-fill", "--certificate", str(tmp_path / "m")]) == 3
    assert main(["certify", str(tmp_path / "m")]) == 0
    assert "accepted: not unique" in capsys.readouterr().out


FORBIDDEN = ("pysat", "numberlink_sat.sat", "numberlink_sat.bench")
ALLOWED_NUMBERLINK = ("numberlink_sat.numberlink.verify", "numberlink_sat.numberlink.model",
                      "numberlink_sat.numberlink.rules",
                      "numberlink_sat.numberlink.formats")


def _module_file(name: str) -> Path | None:
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_checker_imports_no_solver_code() -> None:
    """Every module the checker's code reaches (package __init__ files aside)."""
    package = ROOT / "numberlink_sat" / "certify"
    todo = [f"numberlink_sat.certify.{p.stem}" for p in package.glob("*.py")]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        assert not name.startswith(FORBIDDEN), name
        if name.startswith("numberlink_sat.numberlink"):
            assert name.startswith(ALLOWED_NUMBERLINK), name
        path = _module_file(name) if name.startswith("numberlink_sat") else None
        if path is not None:
            todo.extend(_imports(path))
    assert "numberlink_sat.numberlink.verify" in seen


ENGINES_HERE = ["python"] + (["native"] if native_available() else [])


@pytest.mark.parametrize("engine", ENGINES_HERE)
@pytest.mark.parametrize("time_limit", [None, 60.0])
def test_both_proof_engines_give_the_same_verdicts(unique_cert: Path, engine: str,
                                                    time_limit: float | None) -> None:
    report = check_certificate(unique_cert, engine=engine, time_limit=time_limit)
    assert report.accepted and report.proof is not None and report.proof.steps > 5
    proof = unique_cert / layout.PROOF
    lines = proof.read_text().splitlines()
    proof.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    report = check_certificate(unique_cert, engine=engine, time_limit=time_limit)
    assert not report.accepted and not report.timed_out
    assert "never derives the empty clause" in (report.reason or "")


def test_unknown_engine(unique_cert: Path) -> None:
    with pytest.raises(ValueError, match="engine"):
        check_certificate(unique_cert, engine="drat-trim")


@pytest.mark.skipif(not native_available(), reason="the native checker is not installed")
def test_native_checker_in_a_child_process(unique_cert: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from numberlink_sat.certify import refutation

    monkeypatch.setattr(refutation, "_NATIVE_IN_PROCESS_STEPS", 0)
    report = check_certificate(unique_cert, engine="native", time_limit=60.0)
    assert report.accepted and report.proof is not None and report.proof.steps > 5


def test_solve_certificate_of_a_solution(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1 . 1\n")
    assert main(["solve", str(puzzle), "--certificate", str(tmp_path / "s")]) == 0
    assert "certificate of 'solvable'" in capsys.readouterr().err
    assert main(["certify", str(tmp_path / "s"), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["accepted"] and record["claim"] == "solvable"
    (tmp_path / "s" / layout.SOLUTION).write_text(
        '{"width": 3, "height": 1, "paths": {"1": [[0, 0], [0, 2]]}}\n')
    assert main(["certify", str(tmp_path / "s")]) == 1


@pytest.mark.parametrize("engine", ENGINES_HERE)
def test_a_proof_with_a_wild_variable(unique_cert: Path, engine: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    (unique_cert / layout.PROOF).write_text("99999999 0\n0\n")
    report = check_certificate(unique_cert, engine=engine)
    assert not report.accepted and not report.timed_out
    assert "variable" in (report.reason or "")
