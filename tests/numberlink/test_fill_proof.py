"""The proof without fill, in turns beside the full search under fill: the counts stay
exact whatever the turns' budgets cut off, under every rule variant."""

from __future__ import annotations

import importlib
import random

import pytest

import numberlink_sat as nl
from numberlink_sat.numberlink.fill_proof import ProofWithoutFill
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.sat.deadline import CpuBudget
from tests.numberlink.test_solve import _restricted_phases_against_brute

solve_module = importlib.import_module("numberlink_sat.numberlink.solve")


class _RandomStop:
    """A budget that says "spent" at random: each poll (one before a call's first
    slice of conflicts, one after each slice) with probability ``p``."""

    def __init__(self, rng: random.Random, p: float) -> None:
        self.rng, self.p = rng, p

    def __call__(self) -> bool:
        return self.rng.random() < self.p


def _cut_at_random(monkeypatch: pytest.MonkeyPatch, rng: random.Random, p: float) -> None:
    """Every phase budget of ``NumberlinkSolver`` (the first tries, the glance, the
    turns of the full search and of the proof without fill) ends at random, and the
    phases run even on tiny boards."""
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_propagation_proof",
                        lambda self, state: False)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_budget",
                        lambda self, seconds, share: _RandomStop(rng, p))


def _outcome(engine: solve_module.NumberlinkSolver) -> str:
    extra = engine.stats.extra
    turns = extra.get("without fill turns", 0)
    said = extra.get("proof") or extra.get("without fill") or "limit"
    found = extra.get("phases", {}).get("without fill", 0)
    return f"{said}, {'one turn' if turns == 1 else 'turns' if turns else 'no turn'}" + (
        ", found one" if found else "")


def test_turns_cut_at_random_keep_exact_counts_on_dense_boards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Dense 6 x 6 boards under fill (several solutions, or one): whichever turn is cut
    off, the solutions are the bare solver's, and the proof without fill proves some
    counts after one turn and some after several. (Its third outcome, a second
    solution under fill, is rare on random boards: one in 400 had it; the test below
    takes that board.)"""
    from numberlink_sat.bench.instances import numberlink_dense

    rng = random.Random(5)
    boards = [numberlink_dense(6, 6, rng) for _ in range(40)]
    expected = []
    for puzzle in boards:
        with solve_module.NumberlinkSolver(puzzle, seed_strengthened=False) as bare:
            expected.append(set(bare.solutions(None)))
    _cut_at_random(monkeypatch, random.Random(11), 0.6)
    outcomes: dict[str, int] = {}
    for puzzle, truth in zip(boards, expected, strict=True):
        for limit in (2, None):
            with solve_module.NumberlinkSolver(puzzle) as engine:
                got = list(engine.solutions(limit))
                key = _outcome(engine)
            outcomes[key] = outcomes.get(key, 0) + 1
            assert len(got) == len(set(got)) == min(len(truth), limit or len(truth)), key
            assert set(got) <= truth
            for solution in got:
                assert nl.verify(puzzle, solution) == []
    assert outcomes.get("least search without fill, turns", 0) > 0, outcomes
    assert outcomes.get("least search without fill, one turn", 0) > 0, outcomes
    assert outcomes.get("full search, turns", 0) > 0, outcomes


def test_turns_cut_at_random_keep_exact_counts_under_every_variant(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random boards up to 4 x 4 against the exhaustive counter, all eight variants and
    limits None, 1, 2, 3, every phase's budget cut at random."""
    _cut_at_random(monkeypatch, random.Random(2), 0.5)
    monkeypatch.setattr(solve_module, "GLANCE_SECONDS", 0.0)  # it decides most tiny boards
    hits = _restricted_phases_against_brute(21, 40)
    assert hits.get("proof: least search without fill", 0) > 0, hits
    assert hits.get("proof: full search", 0) > 0, hits


def test_a_turn_says_proof_found_no_proof_or_open() -> None:
    # 8 rows of 9 cells, a pair at both ends of each: one solution under both rules
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    with solve_module.NumberlinkSolver(rows) as fill:
        known = list(fill.solutions(None))
    assert len(known) == 1
    proof = ProofWithoutFill(rows, solve_module.NumberlinkSolver(rows, fill=False))
    assert proof.turn(known, CpuBudget(0.0)).outcome == "open"  # no time at all
    turn = proof.turn(known, CpuBudget(30.0))
    assert (turn.outcome, turn.search, proof.turns) == ("proof", "least", 2)
    proof.close()
    # one pair in an empty 9 x 8: no fill solution known yet, the first found fills or not
    lone = Puzzle(9, 8, {"1": ((0, 0), (7, 8))})
    proof = ProofWithoutFill(lone, solve_module.NumberlinkSolver(lone, fill=False))
    turn = proof.turn([], CpuBudget(30.0))
    assert turn.outcome in ("found", "partial") and turn.solution is not None
    fills = sum(len(p) for p in turn.solution.paths.values()) == 72
    assert (turn.outcome == "found") == fills
    assert nl.verify(lone, turn.solution, fill=fills) == []
    proof.close()


# one solution under fill (it does not touch itself) and two more without fill, which
# leave cells empty (found by a search over random dense and loose boards)
ONE_FILL_TWO_MORE = Puzzle(7, 5, {"1": ((4, 6), (3, 5)), "2": ((3, 6), (0, 5)),
                                  "3": ((1, 5), (4, 3)), "4": ((3, 3), (0, 4)),
                                  "5": ((0, 3), (2, 1)), "6": ((1, 1), (3, 0))},
                           blocked=[(3, 1)])


def test_after_a_solution_with_empty_cells_the_turns_give_more_and_prove_nothing() -> None:
    """Once a turn found a solution that leaves cells empty, later turns search beside
    it too (a new one each, a start for a repair) and never claim a proof: when none
    is left they say "no proof"."""
    puzzle = ONE_FILL_TWO_MORE
    fill = nl.solutions(puzzle, None)
    nikoli = set(nl.solutions(puzzle, None, fill=False))
    assert len(fill) == 1 and len(nikoli) == 3 and set(fill) < nikoli
    proof = ProofWithoutFill(puzzle, solve_module.NumberlinkSolver(puzzle, fill=False))
    turns = [proof.turn(fill, CpuBudget(30.0)) for _ in range(3)]
    proof.close()
    assert [turn.outcome for turn in turns] == ["partial", "partial", "no proof"]
    assert {turn.solution for turn in turns[:2]} == nikoli - set(fill)


def test_a_known_solution_that_touches_itself_leaves_nothing_to_prove() -> None:
    # under fill the path from corner to corner of a 3 x 3 board snakes and touches itself
    snake = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    with solve_module.NumberlinkSolver(snake) as fill:
        known = list(fill.solutions(None))
    assert known
    proof = ProofWithoutFill(snake, solve_module.NumberlinkSolver(snake, fill=False))
    assert proof.turn(known, CpuBudget(30.0)).outcome == "no proof"
    assert proof.turns == 0  # decided before any search
    proof.close()


def test_the_proof_needs_the_plain_rules_without_fill() -> None:
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    for options in ({"fill": True}, {"fill": False, "no_touch": True},
                    {"fill": False, "no_2x2": True}):
        with solve_module.NumberlinkSolver(rows, **options) as wrong, \
                pytest.raises(ValueError, match="plain rules without fill"):
            ProofWithoutFill(rows, wrong)


def test_under_fill_the_full_search_hands_turns_to_the_proof(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With budgets of 0 for the first turns (no search at all), the turns go on and
    grow until one search decides; the solver without fill is freed at the end."""
    monkeypatch.setattr(solve_module, "WITHOUT_FILL_SECONDS", 0.0)
    monkeypatch.setattr(solve_module, "FULL_TURN_SECONDS", 0.0)
    monkeypatch.setattr(solve_module, "GLANCE_SECONDS", 0.0)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_propagation_proof",
                        lambda self, state: False)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_window_neighbours",
                        lambda self, state, solution, phase="window": iter(()))
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    with solve_module.NumberlinkSolver(rows) as engine:
        assert len(list(engine.solutions(2))) == 1
        assert engine._proof is None  # closed when the count ended
        extra = engine.stats.extra
    assert extra["proof"] in ("least search without fill", "full search"), extra
    assert extra["without fill turns"] > 1, extra


# two solutions under fill, and no others without fill: the least search without fill
# beside either finds the other (found by a search over 400 random dense boards)
TWO_FILLS = Puzzle(6, 5, {"1": ((3, 3), (2, 2)), "2": ((3, 2), (4, 0)),
                          "3": ((4, 1), (2, 1)), "4": ((1, 1), (3, 4))})


def test_a_turn_finds_a_second_solution_that_fills_the_board() -> None:
    both = nl.solutions(TWO_FILLS, None)
    assert len(both) == 2 and nl.count_solutions(TWO_FILLS, None, fill=False) == 2
    for first, second in (both, both[::-1]):
        proof = ProofWithoutFill(TWO_FILLS, solve_module.NumberlinkSolver(TWO_FILLS,
                                                                          fill=False))
        turn = proof.turn([first], CpuBudget(30.0))
        assert (turn.outcome, turn.solution) == ("found", second)
        assert proof.turn([first, second], CpuBudget(30.0)).outcome == "proof"
        proof.close()


def test_the_count_takes_a_solution_the_proof_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(solve_module, "GLANCE_SECONDS", 0.0)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_propagation_proof",
                        lambda self, state: False)
    for name in ("_neighbours", "_restricted_first"):  # they would find it first
        monkeypatch.setattr(solve_module.NumberlinkSolver, name, lambda self, state: iter(()))
    first, second = nl.solutions(TWO_FILLS, None)
    with solve_module.NumberlinkSolver(TWO_FILLS) as engine:
        assert list(engine.solutions(None, known=[first])) == [first, second]
        extra = engine.stats.extra
        assert engine._proof is None  # the solver without fill is freed at the end
    assert extra["phases"].get("without fill") == 1, extra
    assert extra["proof"] in ("full search", "least search without fill"), extra


def test_another_beside_refuses_fill_and_trusts_the_pre_check() -> None:
    rows = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})
    with solve_module.NumberlinkSolver(rows) as fill, pytest.raises(ValueError,
                                                                    match="without fill"):
        fill.another_beside([])
    crossing = Puzzle(3, 3, {"1": ((0, 0), (2, 2)), "2": ((0, 2), (2, 0))})  # corners
    with solve_module.NumberlinkSolver(crossing, fill=False) as none:
        assert none.unsolvable_reason is not None
        assert none.another_beside([]) == ("pre-check", None)


@pytest.mark.parametrize("variant", [{"no_touch": t, "no_2x2": q}
                                     for t in (False, True) for q in (False, True)])
def test_another_beside_under_assumptions_keeps_to_them_and_misses_nothing(
        variant: dict[str, bool]) -> None:
    # a puzzle with a second solution: of "edge e used" and "edge e unused" the search
    # finds one in at least one half (its restrictions keep one second solution of
    # every puzzle that has one), and what it finds is a solution, in the half it was
    # asked in unless it was made by absorbing a model's loops
    from tests.numberlink.test_held_beside import _puzzles
    asked = 0
    for puzzle, expected in _puzzles({"fill": False, **variant}, 3, 6):
        if len(expected) < 2:
            continue
        known = min(expected, key=lambda s: sorted(s.paths.items()))
        with solve_module.NumberlinkSolver(puzzle, fill=False, **variant) as engine:
            assert engine.beside_guards() == []  # before the first call
            assert engine.encoding is not None
            edge_vars = list(engine.encoding.edge_vars())[:6]
        for var in edge_vars:
            halves = []
            for lit in (var, -var):  # a fresh engine each: found solutions stay blocked
                with solve_module.NumberlinkSolver(puzzle, fill=False, **variant) as engine:
                    assert engine.encoding is not None
                    found = engine.another_beside([known], assumptions=[lit])[1]
                    assert set(engine.beside_guards()) <= set(engine.selectors.values())
                    if isinstance(found, nl.Solution):
                        assert found in expected and found != known
                        used = {engine.encoding.edge_var(a, b) for a, b in found.edges()}
                        # a model's detached loops absorbed may leave the half
                        assert (var in used) == (lit > 0) or engine.stats.extra["absorbed"]
                halves.append(found)
            assert any(isinstance(found, nl.Solution) for found in halves)
            asked += 1
    assert asked >= 6
