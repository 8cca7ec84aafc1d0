"""The chain's log (numberlink.chain_log): a fingerprint per question, records kept
across instances, a broken line named by file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink.chain_log import ChainLog, fingerprint

PIECES = {"1": [[(0, 0), (0, 1)], [(0, 2), (0, 3)]]}
RULES = {"fill": True, "no_touch": False, "no_2x2": False}


def test_every_part_of_a_question_changes_its_fingerprint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = fingerprint(4, 1, [], RULES, PIECES, [(0, 0), (0, 1)])
    assert base == fingerprint(4, 1, [], dict(reversed(RULES.items())), PIECES,
                               [(0, 0), (0, 1)])
    others = [
        fingerprint(4, 2, [], RULES, PIECES, [(0, 0), (0, 1)]),
        fingerprint(4, 1, [(0, 3)], RULES, PIECES, [(0, 0), (0, 1)]),
        fingerprint(4, 1, [], {**RULES, "no_2x2": True}, PIECES, [(0, 0), (0, 1)]),
        fingerprint(4, 1, [], RULES, {"1": [[(0, 0), (0, 1), (0, 2), (0, 3)]]},
                    [(0, 0), (0, 1)]),
        fingerprint(4, 1, [], RULES, PIECES, [(0, 2), (0, 3)]),
        fingerprint(4, 1, [], RULES, PIECES, None),
    ]
    monkeypatch.setattr("numberlink_sat.__version__", "0.0.0-other")
    others.append(fingerprint(4, 1, [], RULES, PIECES, [(0, 0), (0, 1)]))
    assert len({base, *others}) == len(others) + 1


def test_records_outlive_the_instance(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    log = ChainLog(path)
    assert path.exists() and not log.proven("k1") and log.solution("p") is None
    log.add_step("k1", {"pairs": 3, "merged_cells": 4})
    log.add_solution("p", {"1": [(0, 0), (0, 1)]})
    again = ChainLog(path)
    assert again.proven("k1") and not again.proven("k2")
    assert again.solution("p") == {"1": [(0, 0), (0, 1)]}
    path.write_text(path.read_text() + '{"kind": "step", "key": "k3", "answer": "timeout"}\n')
    assert not ChainLog(path).proven("k3")  # only "unique" steps are kept


def test_split_cases_outlive_the_instance(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    log = ChainLog(path)
    assert not log.was_split("c1")
    log.add_split("c1", {"cuts": [["6", 0, 8]]})
    again = ChainLog(path)
    assert again.was_split("c1") and not again.proven("c1") and not again.was_split("c2")


def test_the_facts_of_each_record_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    log = ChainLog(path)
    assert log.facts("k1") is None and log.recorded() == frozenset()
    log.add_step("k1", {"seconds": 1.5})
    log.add_split("c1", {"cuts": [["6", 0, 8]], "seconds": 900.0})
    log.add_solution("p", {"1": [(0, 0), (0, 1)]})
    for read in (log, ChainLog(path)):  # as written and as read back
        step, split = read.facts("k1"), read.facts("c1")
        assert step is not None and split is not None
        assert (step["kind"], step["seconds"]) == ("step", 1.5)
        assert (split["kind"], split["seconds"], split["cuts"]) == ("split", 900.0,
                                                                    [["6", 0, 8]])
        assert read.recorded() == {"k1", "c1"} and read.facts("p") is None


def test_a_broken_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text('\n["a list"]\n')
    with pytest.raises(ParseError, match=r"log.jsonl, line 2: .*needs a \"key\"") as error:
        ChainLog(path)
    assert error.value.line == 2
