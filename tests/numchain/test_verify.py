"""The independent verifier: what it accepts and what it reports."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from numberlink_sat.numchain.model import Puzzle, parse
from numberlink_sat.numchain.verify import is_valid, verify

SAMPLE = parse("3 3\n0 2 0\n1 1 1\n2 0 2")
ZEROS2 = Puzzle(2, 1, ((0, 0), (0, 0)))


def test_sample_answer_is_legal() -> None:
    assert verify(SAMPLE, "41255214") == []
    assert is_valid(Puzzle(1, 1, ((0,),)), "")


def test_reports_each_rule() -> None:
    assert "other than 0-7" in verify(SAMPLE, "4125521x")[0]
    assert any("steps" in m for m in verify(SAMPLE, "4125521"))
    assert any("leaves the board" in m for m in verify(SAMPLE, "01234567"))
    assert any("second time" in m for m in verify(ZEROS2, "262"))
    assert any("sequence needs" in m for m in verify(SAMPLE, "25241252"))
    assert any("ends at" in m for m in verify(ZEROS2, "305"))
    # (0,0)->(1,1) and (1,0)->(0,1) cross; the path also ends off the corner
    crossing = Puzzle(2, 1, ((0, 0), (0, 0)))
    assert any("crosses" in m for m in verify(crossing, "361"))
    assert any("start with 0" in m for m in verify(Puzzle(1, 2, ((1,),)), ""))


def test_verifier_imports_no_solver() -> None:
    module = importlib.import_module("numberlink_sat.numchain.verify")
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names}
    assert all("sat" not in (name or "").split(".")[1:2] for name in imported)
    assert not any(
        (name or "").endswith(("encode", "solve", "dfs", "brute", "repair"))
        for name in imported
    )
