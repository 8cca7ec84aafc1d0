"""The final search in cases (numberlink.held_cases): the cases partition the solutions
(checked on every solution of small boards), every verdict agrees with an exhaustive
count under all eight rule variants, and a log resumes a search."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

import numberlink_sat.beside as beside
from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.held import held_path_proof
from numberlink_sat.numberlink.held_cases import (
    CASE_ORDERS,
    Cut,
    case_fingerprint,
    case_state,
    leaves_early,
    split_case,
    split_final_search,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_chain import VARIANTS, _boards

Paths = Mapping[str, Sequence[Cell]]


def _edges(path: Sequence[Cell]) -> list[frozenset[Cell]]:
    return [frozenset(pair) for pair in itertools.pairwise(path)]


def _in_case(known: Paths, other: Paths, cuts: Sequence[Cut]) -> bool:
    """Whether the solution ``other`` lies in the case ``cuts`` (read off the
    definition: the first ``kept`` edges of the known path used, not all of the next
    ones up to ``upto``)."""
    used = {edge for path in other.values() for edge in _edges(path)}
    for cut in cuts:
        edges = _edges(known[cut.label])
        if not all(edge in used for edge in edges[:cut.kept]):
            return False
        if cut.upto > cut.kept and all(edge in used for edge in edges[cut.kept:cut.upto]):
            return False
    return True


def _leaves(solution: Solution, held: Sequence[str], fan: int) -> list[tuple[Cut, ...]]:
    order = sorted(solution.paths, key=lambda label: (-len(solution.paths[label]), label))
    order = [*held, *(label for label in order if label not in held)]
    leaves, todo = [], [()]
    while todo:
        cuts = todo.pop()
        smaller = split_case(cuts, solution, order, held, fan)
        if smaller:
            todo.extend(smaller)
        else:
            leaves.append(cuts)
    return leaves


@pytest.mark.parametrize("fan", [2, 3, 8])
def test_the_cases_split_the_solutions_exactly(fan: int) -> None:
    # every solution other than the known one (that changes the held paths) lies in
    # exactly one leaf case; the known one in none when a path is held
    checked = 0
    for puzzle in _boards({"fill": False, "no_touch": False, "no_2x2": False}, 7)[:16]:
        found = brute_path_sets(puzzle, fill=False)
        assert found
        known = found[0]
        solution = Solution(puzzle.width, puzzle.height, {k: list(v) for k, v in known.items()})
        for held in ((), (max(known, key=lambda k: len(known[k])),)):
            leaves = _leaves(solution, held, fan)
            for other in found:
                wanted = 0 if any(other[k] == known[k] for k in held) else 1
                assert sum(_in_case(known, other, cuts) for cuts in leaves) == wanted
                checked += 1
    assert checked >= 50


def test_split_case_names_runs_then_the_next_path() -> None:
    s = Solution(5, 2, {"1": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
                        "2": [(1, 0), (1, 1)]})
    first = split_case((), s, ["1", "2"], ["1"], fan=2)
    assert first == [(Cut("1", 0, 2),), (Cut("1", 2, 4),)]  # held: never kept whole
    assert split_case(first[1], s, ["1", "2"], ["1"], fan=8) == [
        (Cut("1", 2, 3),), (Cut("1", 3, 4),)]
    assert split_case((Cut("1", 3, 4),), s, ["1", "2"], ["1"]) == [
        (Cut("1", 3, 4), Cut("2", 1, 1)), (Cut("1", 3, 4), Cut("2", 0, 1))]
    assert split_case((Cut("1", 3, 4), Cut("2", 0, 1)), s, ["1", "2"], ["1"]) == []


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_every_verdict_agrees_with_an_exhaustive_count(
        monkeypatch: pytest.MonkeyPatch, fill: bool, no_touch: bool, no_2x2: bool) -> None:
    # cases split at once down to single edges of two paths, asked in this process
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    verdicts: dict[str, int] = {}
    asked = 0
    for puzzle in _boards(rules, 9):
        found = brute_path_sets(puzzle, **rules)
        assert found is not None
        if not found:
            continue
        solution = solve(puzzle, **rules)
        assert solution is not None
        search = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                                    fan=2, presplit=4)
        verdicts[search.verdict] = verdicts.get(search.verdict, 0) + 1
        assert search.verdict == ("unique" if len(found) == 1 else "multiple")
        if search.second is not None:
            assert search.second != solution and not verify(puzzle, search.second, **rules)
        asked += sum(case.answer in ("unique", "second") for case in search.cases)
    assert verdicts.get("unique", 0) >= 5 and verdicts.get("multiple", 0) >= 3
    assert asked >= 40


@pytest.mark.parametrize("fill", [True, False])
def test_held_path_proofs_in_cases_agree_with_an_exhaustive_count(
        monkeypatch: pytest.MonkeyPatch, fill: bool) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    rules = {"fill": fill, "no_touch": False, "no_2x2": False}
    verdicts: dict[str, int] = {}
    for puzzle in _boards(rules, 5):
        found = brute_path_sets(puzzle, **rules)
        assert found is not None
        proof = held_path_proof(puzzle, case_time_limit=60, case_fan=2, presplit=2, **rules)
        verdicts[proof.verdict] = verdicts.get(proof.verdict, 0) + 1
        assert proof.verdict == (("unique" if len(found) == 1 else "multiple") if found
                                 else "none")
        if proof.verdict == "unique" and proof.held:  # the final search ran in cases
            assert proof.cases and proof.cases[0].answer == "split"
    assert verdicts.get("unique", 0) >= 5 and verdicts.get("multiple", 0) >= 3


def _board() -> tuple[Puzzle, Solution]:
    """A unique 5x5 (fill) whose final search splits into a few dozen cases."""
    for puzzle in _boards({"fill": True, "no_touch": False, "no_2x2": False}, 5):
        found = brute_path_sets(puzzle, fill=True)
        if found and len(found) == 1 and len(found[0]) >= 3:
            solution = Solution(puzzle.width, puzzle.height,
                                {k: list(v) for k, v in found[0].items()})
            return puzzle, solution
    raise AssertionError("no unique board with three paths")  # pragma: no cover


def test_a_log_resumes_the_cases(tmp_path: Path) -> None:
    puzzle, solution = _board()
    rules = {"fill": True}
    log = tmp_path / "cases.jsonl"
    first = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                               presplit=1, fan=2, log=log, workers=2)  # in children
    assert first.verdict == "unique"
    proven = [case for case in first.cases if case.answer == "unique"]
    assert proven and not any(case.from_log for case in first.cases)
    again = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                               presplit=1, fan=2, log=log)
    assert again.verdict == "unique"
    assert {c.cuts for c in again.cases if c.from_log} == {c.cuts for c in proven}
    # other rules are another question: nothing is taken from the log
    other = split_final_search(puzzle, solution, (), rules={"fill": False},
                               case_time_limit=60, presplit=1, fan=2, log=log)
    assert not any(case.from_log for case in other.cases)


def test_cases_past_their_time_are_split_and_resumed_split(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    puzzle, solution = _board()
    rules = {"fill": True}
    log = tmp_path / "cases.jsonl"
    # no time at all: every case is split until nothing is left to split
    stuck = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=0.0,
                               fan=2, log=log)
    assert stuck.verdict == "undecided"
    assert stuck.cases[0].describe() == "the whole search" and stuck.cases[0].split
    leaves = [case for case in stuck.cases if not case.split]
    assert leaves and all(case.answer == "timeout" for case in leaves)
    # with time, the splits come from the log and only the smallest cases are asked
    resumed = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                                 fan=2, log=log)
    assert resumed.verdict == "unique"
    assert {c.cuts for c in resumed.cases if c.from_log} == {
        c.cuts for c in stuck.cases if c.split}
    assert {c.cuts for c in resumed.cases if not c.from_log} == {c.cuts for c in leaves}
    # past the whole search's time nothing is split: the answer is "undecided"
    late = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                              fan=2, deadline=Deadline(0.0))
    assert late.verdict == "undecided"
    assert [(c.answer, c.split) for c in late.cases] == [("timeout", False)]


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_late_first_asks_the_same_cases_easy_first_with_the_same_verdicts(
        monkeypatch: pytest.MonkeyPatch, fill: bool, no_touch: bool, no_2x2: bool) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)  # cases end in the order asked
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    reordered = 0
    for puzzle in _boards(rules, 6):
        found = brute_path_sets(puzzle, **rules)
        if not found:
            continue
        solution = solve(puzzle, **rules)
        assert solution is not None
        searches = {order: split_final_search(puzzle, solution, (), rules=rules,
                                              case_time_limit=60, fan=2, presplit=3,
                                              case_order=order)
                    for order in CASE_ORDERS}
        made, late = searches["made"], searches["late-first"]
        assert made.verdict == late.verdict == ("unique" if len(found) == 1
                                                else "multiple")
        asked = {order: [case.cuts for case in search.cases if not case.split]
                 for order, search in searches.items()}
        if made.verdict == "unique":  # every case asked, in either order
            assert sorted(asked["made"], key=repr) == sorted(asked["late-first"], key=repr)
            kept = [tuple(-cut.kept for cut in cuts) for cuts in asked["late-first"]]
            assert kept == sorted(kept)
            reordered += asked["made"] != asked["late-first"]
    assert reordered >= 2


@pytest.mark.parametrize(("fill", "no_touch", "no_2x2"), VARIANTS)
def test_eager_split_never_asks_a_case_leaving_early_and_keeps_every_verdict(
        monkeypatch: pytest.MonkeyPatch, fill: bool, no_touch: bool, no_2x2: bool) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    rules = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
    verdicts: dict[str, int] = {}
    eager = 0
    for puzzle in _boards(rules, 8):
        found = brute_path_sets(puzzle, **rules)
        if not found:
            continue
        solution = solve(puzzle, **rules)
        assert solution is not None
        search = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                                    fan=2, presplit=1, eager_split=True)
        verdicts[search.verdict] = verdicts.get(search.verdict, 0) + 1
        assert search.verdict == ("unique" if len(found) == 1 else "multiple")
        if search.second is not None:
            assert search.second != solution and not verify(puzzle, search.second, **rules)
        for case in search.cases:
            if leaves_early(case.cuts):  # split without being asked
                assert (case.answer, case.split, case.seconds) == ("split", True, 0.0)
                eager += 1
            elif case.cuts:
                assert case.answer != "split"
    assert verdicts.get("unique", 0) >= 3 and verdicts.get("multiple", 0) >= 2
    assert eager >= 5


def test_eager_split_takes_the_cases_a_log_has_proven(tmp_path: Path) -> None:
    puzzle, solution = _board()
    rules = {"fill": True}
    log = tmp_path / "cases.jsonl"
    first = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                               presplit=1, fan=2, log=log)
    assert first.verdict == "unique"
    early = {case.cuts for case in first.cases
             if case.answer == "unique" and leaves_early(case.cuts)}
    assert early  # asked whole without eager_split
    again = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                               presplit=1, fan=2, log=log, eager_split=True)
    assert again.verdict == "unique"
    assert early <= {case.cuts for case in again.cases if case.from_log}
    assert all(case.from_log or case.answer == "split" for case in again.cases)


def test_the_state_of_a_log_is_the_tree_the_search_walks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    puzzle, solution = _board()
    rules = {"fill": True}
    log = tmp_path / "cases.jsonl"
    # an empty log: the first level of cases is pending, in the order asked
    empty = case_state(puzzle, solution, (), rules=rules, log=log, fan=2, presplit=1,
                       case_order="late-first")
    first = split_case((), solution, sorted(
        solution.paths, key=lambda label: (-len(solution.paths[label]), label)), (), 2)
    assert empty.pending == tuple(sorted(first, key=lambda cuts: -cuts[0].kept))
    assert (empty.proven, empty.split, empty.split_at_once, empty.unused) == ((), (), 1, 0)
    # no time at all: every case split down to the smallest, which are left pending
    stuck = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=0.0,
                               fan=2, log=log)
    state = case_state(puzzle, solution, (), rules=rules, log=log, fan=2)
    assert {case.cuts for case in state.split} == {c.cuts for c in stuck.cases if c.split}
    assert set(state.pending) == {c.cuts for c in stuck.cases if not c.split}
    assert not state.proven and state.unused == 0
    assert all(case.seconds >= 0.0 and case.from_log for case in state.split)
    # resumed with time: the log's state becomes every case proven, none pending
    done = split_final_search(puzzle, solution, (), rules=rules, case_time_limit=60,
                              fan=2, log=log)
    assert done.verdict == "unique"
    state = case_state(puzzle, solution, (), rules=rules, log=log, fan=2)
    assert not state.pending and state.unused == 0
    assert {case.cuts for case in state.proven} == {
        c.cuts for c in done.cases if c.answer == "unique"}
    assert [case.seconds for case in state.proven] == [
        round(c.seconds, 3) for c in done.cases if c.answer == "unique"]
    # another question (other rules, or another splitting): nothing of the log is used
    other = case_state(puzzle, solution, (), rules={"fill": False}, log=log, fan=2)
    assert not other.proven and other.pending == ((),)
    assert other.unused == len(state.proven) + len(state.split)
    with pytest.raises(InvalidArgumentError, match="fan"):
        case_state(puzzle, solution, (), rules=rules, log=log, fan=1)
    with pytest.raises(InvalidArgumentError, match="case_order"):
        case_state(puzzle, solution, (), rules=rules, log=log, case_order="easy")


def test_a_second_solution_is_found_in_its_case() -> None:
    # two pairs on a 3x3 without fill: "1" may go straight or round the middle
    p = Puzzle(3, 3, {"1": ((0, 0), (0, 2)), "2": ((2, 0), (2, 2))})
    s = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(2, 0), (2, 1), (2, 2)]})
    search = split_final_search(p, s, ["1"], rules={"fill": False}, case_time_limit=60,
                                presplit=1)
    assert search.verdict == "multiple" and search.second is not None
    assert search.second != s and not verify(p, search.second, fill=False)
    assert search.cases[-1].answer == "second"


def test_the_fingerprint_names_the_whole_question() -> None:
    p = Puzzle(3, 3, {"1": ((0, 0), (0, 2)), "2": ((2, 0), (2, 2))})
    s = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(2, 0), (2, 1), (2, 2)]})
    base = case_fingerprint(p, s, ["1"], {"fill": False}, [Cut("1", 0, 1)])
    assert base == case_fingerprint(p, s, ["1"], {"fill": False, "no_touch": False,
                                                  "no_2x2": False}, [Cut("1", 0, 1)])
    assert len({base,
                case_fingerprint(p, s, [], {"fill": False}, [Cut("1", 0, 1)]),
                case_fingerprint(p, s, ["1"], {"fill": True}, [Cut("1", 0, 1)]),
                case_fingerprint(p, s, ["1"], {"fill": False}, [Cut("1", 0, 2)]),
                case_fingerprint(p, s, ["1"], {"fill": False}, [])}) == 5


def test_bad_arguments_are_refused() -> None:
    p = Puzzle(3, 2, {"1": ((0, 0), (0, 2)), "2": ((1, 0), (1, 2))})
    s = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)], "2": [(1, 0), (1, 1), (1, 2)]})
    for bad in ({"fan": 1}, {"presplit": -1}, {"case_time_limit": -1.0},
                {"case_order": "hard-first"}, {"eager_split": "yes"}):
        with pytest.raises(InvalidArgumentError):
            split_final_search(p, s, [], rules={"fill": True}, **{"case_time_limit": 1.0,
                                                                  **bad})
    with pytest.raises(InvalidArgumentError, match="'9'"):
        split_final_search(p, s, ["9"], rules={"fill": True}, case_time_limit=1.0)
    with pytest.raises(InvalidArgumentError, match="need a case_time_limit"):
        held_path_proof(p, workers=2)
    with pytest.raises(InvalidArgumentError, match="need a case_time_limit"):
        held_path_proof(p, case_order="late-first")
    with pytest.raises(InvalidArgumentError, match="need a case_time_limit"):
        held_path_proof(p, eager_split=True)
    with pytest.raises(InvalidArgumentError, match="eager_split must be True or False"):
        held_path_proof(p, case_time_limit=1.0, eager_split=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="case_order must be one of"):
        held_path_proof(p, case_time_limit=1.0, case_order="easy")
    for bad in ({"workers": 0}, {"case_fan": 1}, {"presplit": -1}, {"workers": True}):
        with pytest.raises(InvalidArgumentError, match=next(iter(bad))):  # before any lemma
            held_path_proof(p, case_time_limit=1.0, **bad)  # type: ignore[arg-type]
