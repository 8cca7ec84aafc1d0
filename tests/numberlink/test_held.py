"""Uniqueness with paths held (numberlink.held): every verdict against brute force,
under all eight rule variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink import held as held_module
from numberlink_sat.numberlink.held import (
    HeldPathProof,
    held_lemma,
    held_path_proof,
    held_puzzle,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_chain import VARIANTS, _boards


def _norm(paths: Mapping[str, Sequence[Cell]]) -> dict[str, list[Cell]]:
    return {str(k): [tuple(c) for c in v] for k, v in paths.items()}  # type: ignore[misc]


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_every_verdict_agrees_with_an_exhaustive_count(fill: bool, no_touch: bool,
                                                       no_2x2: bool) -> None:
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    verdicts: dict[str, int] = {}
    held_any = given = 0
    for puzzle in _boards(rules, 5):
        found = brute_path_sets(puzzle, **rules)
        assert found is not None
        for labels in (None, sorted(puzzle.endpoints)[:1]):
            proof = held_path_proof(puzzle, labels=labels, **rules)
            verdicts[proof.verdict] = verdicts.get(proof.verdict, 0) + 1
            held_any += bool(proof.held)
            if not found:
                assert proof.verdict == "none"
                continue
            assert proof.verdict == ("unique" if len(found) == 1 else "multiple")
            if proof.verdict == "multiple":
                assert proof.solution is not None and proof.second is not None
                assert proof.second != proof.solution
                assert not verify(puzzle, proof.second, **rules)
            assert proof.solution is not None
            first = _norm(proof.solution.paths)
            for lemma in proof.lemmas:  # a lemma held is a true fact about every solution
                assert set(lemma.given) <= set(proof.held)  # only lemmas proven are given
                given += bool(lemma.given) and lemma.answer != "timeout"
                if lemma.answer == "unique":
                    assert all(_norm(s)[lemma.label] != first[lemma.label]
                               for s in found if _norm(s) != first)
    assert verdicts.get("unique", 0) >= 10
    assert verdicts.get("multiple", 0) >= 5
    assert held_any >= 5
    assert given >= 5  # lemmas that took the ones before them as given were asked


def _lemmas_hold(proof: HeldPathProof, first: Mapping[str, list[Cell]],
                 found: list[dict[str, list[Cell]]]) -> int:
    """Check every lemma and inherited label of ``proof``, at every level, against the
    brute-force solutions ``found``: "``H - W - p`` is unique" says that the only
    solution keeping the paths ``W`` and ``p`` of the ``first`` is the first. The number
    of deep lemmas proven."""

    def true_of_every_solution(kept: Sequence[str]) -> bool:
        return all(s == first for s in found if all(s[k] == first[k] for k in kept))

    deep = 0
    for lemma in proof.lemmas:
        if lemma.answer == "unique":
            assert true_of_every_solution((*lemma.within, lemma.label))
        if lemma.inside is not None:
            for label in lemma.inside.inherited:
                assert true_of_every_solution((*lemma.within, lemma.label, label))
            deep += lemma.answer == "unique"
            deep += _lemmas_hold(lemma.inside, first, found)
    return deep


def _agrees(puzzle: Puzzle, proof: HeldPathProof, found: list[dict[str, list[Cell]]],
            rules: Mapping[str, bool]) -> int | None:
    """Check ``proof``'s verdict, its second solution and every lemma at every level
    against the brute-force solutions ``found``: the number of deep lemmas proven, or
    ``None`` when the puzzle has no solution (the verdict is then "none")."""
    if not found:
        assert proof.verdict == "none"
        return None
    assert proof.verdict == ("unique" if len(found) == 1 else "multiple")
    if proof.second is not None:
        assert not verify(puzzle, proof.second, **rules)
        assert _norm(proof.second.paths) in found
    assert proof.solution is not None
    return _lemmas_hold(proof, _norm(proof.solution.paths), found)


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_deep_lemmas_agree_with_an_exhaustive_count(fill: bool, no_touch: bool,
                                                    no_2x2: bool) -> None:
    # lemma_time_limit=0 times every direct lemma out, so every lemma is proven with
    # paths held inside it, and the paths held outside are inherited inside
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    verdicts: dict[str, int] = {}
    deep = inherited = 0
    for puzzle in _boards(rules, 5):
        found = [_norm(s) for s in brute_path_sets(puzzle, **rules) or []]
        for depth in (1, 2):
            proof = held_path_proof(puzzle, lemma_time_limit=0.0, depth=depth, **rules)
            verdicts[proof.verdict] = verdicts.get(proof.verdict, 0) + 1
            proven_deep = _agrees(puzzle, proof, found, rules)
            if proven_deep is None:
                continue
            deep += proven_deep
            inherited += sum(bool(lemma.inside and lemma.inside.inherited)
                             for lemma in proof.lemmas)
    assert verdicts.get("unique", 0) >= 10
    assert verdicts.get("multiple", 0) >= 5
    assert deep >= 10 and inherited >= 5


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_lemmas_given_inside_deep_lemmas_agree_with_an_exhaustive_count(
        fill: bool, no_touch: bool, no_2x2: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # every direct lemma of the top level times out, those inside run: inside a deep
    # lemma each direct lemma is given the paths inherited and those held before it
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    plain = held_module._lemma

    def top_times_out(puzzle: Puzzle, solution: Solution, label: str,
                      within: tuple[str, ...], *args: Any) -> Any:
        if not within:
            return held_module.HeldLemma(label, len(solution.paths[label]), "timeout",
                                         0.0, 0.0), None
        return plain(puzzle, solution, label, within, *args)

    monkeypatch.setattr(held_module, "_lemma", top_times_out)
    verdicts: dict[str, int] = {}
    given = 0
    for puzzle in _boards(rules, 7):
        found = [_norm(s) for s in brute_path_sets(puzzle, **rules) or []]
        proof = held_path_proof(puzzle, depth=1, **rules)
        verdicts[proof.verdict] = verdicts.get(proof.verdict, 0) + 1
        if _agrees(puzzle, proof, found, rules) is None:
            continue
        for lemma in proof.lemmas:
            if lemma.inside is not None:
                given += sum(bool(inner.given) and inner.answer != "timeout"
                             for inner in lemma.inside.lemmas)
    assert verdicts.get("unique", 0) >= 5 and verdicts.get("multiple", 0) >= 3
    assert given >= 5


def test_a_second_solution_of_a_held_puzzle_is_put_back_together() -> None:
    # two pairs on a 3x3 without fill: holding "2" (the bottom row) leaves "1" free to
    # go straight or round the middle, so the lemma itself finds the second solution
    p = Puzzle(3, 3, {"1": ((0, 0), (0, 2)), "2": ((2, 0), (2, 2))})
    s = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(2, 0), (2, 1), (2, 2)]})
    proof = held_path_proof(p, s, fill=False, labels=["2"])
    assert proof.verdict == "multiple"
    assert [lemma.answer for lemma in proof.lemmas] == ["second"]
    assert proof.final_seconds == 0.0
    assert proof.second is not None and not verify(p, proof.second, fill=False)
    assert proof.second.paths["2"] == s.paths["2"]


def test_one_lemma_on_its_own() -> None:
    # the 3x3 above: holding "2" leaves "1" a second way round
    p = Puzzle(3, 3, {"1": ((0, 0), (0, 2)), "2": ((2, 0), (2, 2))})
    s = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(2, 0), (2, 1), (2, 2)]})
    lemma, second = held_lemma(p, s, "2", fill=False)
    assert (lemma.label, lemma.answer, lemma.cells) == ("2", "second", 3)
    assert second is not None and second != s and not verify(p, second, fill=False)
    assert second.paths["2"] == s.paths["2"]
    assert held_lemma(p, s, "1", fill=False, time_limit=0.0)[0].answer == "timeout"
    with pytest.raises(InvalidArgumentError):
        held_lemma(p, s, "1", fill=False, time_limit=-1)
    with pytest.raises(InvalidArgumentError, match="'9'"):
        held_lemma(p, s, "9", fill=False)
    with pytest.raises(InvalidArgumentError, match="does not solve"):
        held_lemma(p, Solution(3, 3, {"1": s.paths["1"]}), "1", fill=False)


def test_held_puzzle_blocks_the_path_and_drops_its_pair() -> None:
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    q = held_puzzle(p, s, "2")
    assert sorted(q.endpoints) == ["1"] and q.blocked == frozenset(s.paths["2"])
    with pytest.raises(InvalidArgumentError, match="'3'"):
        held_puzzle(p, s, "3")


def test_bad_arguments_are_refused() -> None:
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    wrong = Solution(3, 2, {"1": [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)],
                            "2": [(1, 2)] * 2})
    with pytest.raises(InvalidArgumentError):
        held_path_proof(p, wrong)
    with pytest.raises(InvalidArgumentError, match="'9'"):
        held_path_proof(p, labels=["9"])
    with pytest.raises(InvalidArgumentError, match="one string"):
        held_path_proof(p, labels="1")
    with pytest.raises(InvalidArgumentError):
        held_path_proof(p, lemma_time_limit=-1)


def test_no_solution_and_time_limit() -> None:
    crossing = Puzzle(2, 2, {"1": ((0, 0), (1, 1)), "2": ((0, 1), (1, 0))})
    assert held_path_proof(crossing, fill=False).verdict == "none"
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    proof = held_path_proof(p, time_limit=0.0)
    assert proof.verdict == "undecided" and proof.second is None
