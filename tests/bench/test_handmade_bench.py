"""``benchmarks/handmade_bench.py``: a row per rule, and the local check's column."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import numberlink_sat as nl
from tests.bench.scripts import load_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("handmade_bench")


def test_a_row_verifies_and_the_local_column_waits_for_a_timeout(bench: ModuleType) -> None:
    seed = nl.read(Path(__file__).parents[1] / "data" / "seed000_7x7.txt")[0]
    row = bench.run(seed, True, 20.0, None, local=2)
    assert row["verdict"] == "unique" and row["solve"] == "solved"
    assert row["local"] == ""  # decided: no local check needed


def test_the_local_evidence(bench: ModuleType) -> None:
    seed = nl.read(Path(__file__).parents[1] / "data" / "seed000_7x7.txt")[0]
    assert bench.local_evidence(seed, True, 20.0, 2)[0] == "<= 2"
    two = nl.parse("1 . .\n. . .\n. . 1\n")
    assert bench.local_evidence(two, True, 20.0, 2)[0] == "found 1"
