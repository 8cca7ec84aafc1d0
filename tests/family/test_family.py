"""The PuzzleFamily contract: the same verbs for the three puzzles, one verify policy."""

from __future__ import annotations

from typing import Any

import pytest

from numberlink_sat.errors import InternalError, InvalidArgumentError
from numberlink_sat.family import FAMILIES, SolveStats, UnsupportedVerb, get_family

SAMPLES = {
    "numberlink": "1 2 .\n. 2 .\n1 . .",
    "numchain": "3 3\n0 2 0\n1 1 1\n2 0 2",
    "lianliankan": "1 2 2 1\n3 4 4 3",
}
SIZES = {"numberlink": (5, 5), "numchain": (5, 5), "lianliankan": (4, 4)}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_family_has_the_same_verbs(name: str) -> None:
    family = get_family(name)
    puzzle = family.parse(SAMPLES[name])
    assert family.format(family.parse(family.format(puzzle))) == family.format(puzzle)
    stats = SolveStats()
    answer = family.solve(puzzle, stats=stats)
    assert answer is not None and family.verify(puzzle, answer) == []
    assert stats.engine == family.engines[0] and stats.seconds >= stats.cpu_seconds * 0
    assert isinstance(family.format_answer(puzzle, answer), str)
    picture = family.render(puzzle, answer)
    assert picture.svg.startswith("<svg") or "<svg" in picture.svg
    assert picture.text
    width, height = SIZES[name]
    made = family.generate(width=width, height=height, seed=3)
    found = family.solve(made)
    assert found is not None and family.verify(made, found) == []
    assert family.digest(found) == family.digest(found) != family.digest(None)


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_wrong_engine_answer_is_an_internal_error(name: str, monkeypatch: Any) -> None:
    family = get_family(name)
    puzzle = family.parse(SAMPLES[name])
    right = family.solve(puzzle)
    assert right is not None
    wrong: Any
    if name == "numberlink":  # a path jumping from one end to the other, one label only
        from numberlink_sat.numberlink.model import Solution

        label = puzzle.labels[0]
        wrong = Solution(puzzle.width, puzzle.height, {label: list(puzzle.endpoints[label])})
    elif name == "numchain":
        wrong = "0" * 8  # eight steps up from the top-left corner
    else:
        wrong = right[-1:]  # the last pair alone: blocked, and the board is not cleared
    assert family.verify(puzzle, wrong)
    monkeypatch.setattr(type(family), "run_engine", lambda self, *a, **k: wrong)
    with pytest.raises(InternalError):
        family.solve(puzzle)


def test_counting_where_it_means_something() -> None:
    nl = get_family("numberlink")
    puzzle = nl.parse("1 . 1")
    assert nl.count(puzzle, rules=nl.rules(fill=False)) == 1
    assert len(nl.solutions(nl.parse("1 . .\n. . .\n. . 1"), limit=None,
                            rules=nl.rules(fill=False))) > 1
    chain = get_family("numchain")
    with pytest.raises(UnsupportedVerb):
        chain.count(chain.parse(SAMPLES["numchain"]))


def test_rules_and_engines_are_checked() -> None:
    with pytest.raises(InvalidArgumentError):
        get_family("numberlink").rules(gravity=True)
    with pytest.raises(InvalidArgumentError):
        get_family("numchain").rules(fill=False)
    with pytest.raises(InvalidArgumentError):
        get_family("lianliankan").solve(get_family("lianliankan").parse("1 1"), engine="zdd")
    with pytest.raises(InvalidArgumentError):
        get_family("sudoku")
    llk = get_family("lianliankan")
    ring = llk.rules(outside_ring=True)
    assert llk.solve(llk.parse("1 2\n2 1"), rules=ring) is None
    assert llk.solve(llk.parse("1 2\n2 1"), rules=ring, engine="sat") is None
