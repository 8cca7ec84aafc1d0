"""The switch search (``switches``): local search under fill from a degree model, a
window re-solved by SAT; it answers only with solutions the verifier accepts."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink import second_solver, switches
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.switches import switch_search
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from tests.numberlink.exhaustive import brute_path_sets

solve_module = importlib.import_module("numberlink_sat.numberlink.solve")


def _window_machine(sub: Puzzle, deadline: Deadline) -> Solution | None:
    """The SAT machine under fill, as the second solver's child gives it."""
    return solve_module._solve_with(sub, (True, False, False), "cadical195", deadline)


def _solves_loose_boards(side: int, seeds: range) -> None:
    """The switch search answers every loose ``side`` x ``side`` board of these seeds
    with a solution the verifier accepts under fill."""
    for seed in seeds:
        board = numberlink_loose(side, side, random.Random(seed))
        found = switch_search(board, Deadline(20), run=_window_machine)
        assert found is not None and not verify(board, found, fill=True)


def _random_board(rng: random.Random) -> Puzzle:
    """A small loose board, sometimes with a few of its cells blocked instead."""
    side = rng.randrange(3, 9)
    board = numberlink_loose(side, rng.randrange(3, 9), rng, labels=rng.randrange(1, side + 1))
    if rng.random() < 0.5:
        return board
    ends = {cell for pair in board.endpoints.values() for cell in pair}
    free = [(r, c) for r in range(board.height) for c in range(board.width) if (r, c) not in ends]
    blocked = rng.sample(free, min(len(free), rng.randrange(1, 4)))
    return Puzzle(board.width, board.height, dict(board.endpoints), blocked)


def test_every_answer_is_a_fill_solution_and_none_is_claimed_wrongly() -> None:
    """On 60 small boards (some with blocked cells, some without a fill solution): an
    answer verifies under fill, and where the exhaustive counter finds a fill solution
    on a board without blocked cells the switch search finds one too."""
    rng = random.Random(11)
    answered = 0
    for _ in range(60):
        board = _random_board(rng)
        found = switch_search(board, Deadline(5), run=_window_machine)
        if found is not None:
            assert not verify(board, found, fill=True)
            answered += 1
        elif not board.blocked and board.width * board.height <= 16:
            assert not brute_path_sets(board, fill=True)
    assert answered >= 30


def test_boards_without_a_fill_solution_get_no_answer() -> None:
    """A cell that cannot have two edges ends it at once; two crossing pairs keep it
    switching until the deadline, then ``None``."""
    dead_end = Puzzle(3, 1, {"a": ((0, 0), (0, 1))})
    assert switch_search(dead_end, Deadline(5), run=_window_machine) is None
    crossing = Puzzle(2, 2, {"1": ((0, 0), (1, 1)), "2": ((0, 1), (1, 0))})
    assert switch_search(crossing, Deadline(0.3), run=_window_machine) is None


def test_the_window_repair_alone_solves_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the repair asked at once (every defect count is "few"), the window round the
    whole degree model's defects is re-solved by SAT: its solution put in place of the
    window verifies on the whole board."""
    monkeypatch.setattr(switches, "FEW_DEFECTS", 10**6)
    monkeypatch.setattr(switches, "REPAIR_EVERY", 1)
    repaired: list[bool] = []
    real_repair = switches._repair

    def counted_repair(*args: Any) -> bool:
        done = real_repair(*args)
        repaired.append(done)
        return done

    monkeypatch.setattr(switches, "_repair", counted_repair)
    _solves_loose_boards(8, range(8))
    assert any(repaired)


def test_the_repairs_keep_to_their_share_of_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no share of the time left to them, the repairs wait after the first (the
    first is free: none has taken any time yet), and the walk alone still answers with
    solutions the verifier accepts. (Every window fails here, so without the share a
    repair would be tried after every switch.)"""
    monkeypatch.setattr(switches, "FEW_DEFECTS", 10**6)
    monkeypatch.setattr(switches, "REPAIR_EVERY", 1)
    monkeypatch.setattr(switches, "REPAIR_SHARE", 0.0)
    calls: list[int] = []
    real_repair = switches._repair

    def counted_repair(*args: Any) -> bool:
        calls[-1] += 1
        return real_repair(*args)

    monkeypatch.setattr(switches, "_repair", counted_repair)
    for seed in range(4):
        calls.append(0)
        board = numberlink_loose(8, 8, random.Random(seed))
        found = switch_search(board, Deadline(20), run=lambda *args: None)
        assert found is not None and not verify(board, found, fill=True)
    assert max(calls) == 1


def test_small_windows_keep_only_what_helps(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a small window round a defect every 200 switches (label ends re-paired
    across the window), every answer still verifies, such windows do lower the defects,
    and a window whose solution does not is undone (the walk's count stays exact)."""
    monkeypatch.setattr(switches, "FEW_DEFECTS", 0)
    monkeypatch.setattr(switches, "LNS_EVERY", 200)
    monkeypatch.setattr(switches, "LNS_RADIUS", 2)
    outcomes: list[bool] = []
    real_try = switches._try_window

    def checked_try(walk: Any, *args: Any) -> bool:
        kept = real_try(walk, *args)
        outcomes.append(kept)
        assert walk.defects == walk.count_defects()
        return kept

    monkeypatch.setattr(switches, "_try_window", checked_try)
    _solves_loose_boards(9, range(6))
    assert True in outcomes and False in outcomes


def test_the_switch_search_solves_loose_boards_sat_does_not_get_to() -> None:
    """The second solver's child answers a loose 20x20 through the switch search when
    the SAT machine on the whole board never answers (the windows still go to SAT)."""
    board = numberlink_loose(20, 20, random.Random(9))

    def whole_board_stuck(puzzle: Puzzle, rules: tuple[bool, bool, bool], solver: str,
                          deadline: Deadline) -> Solution | None:
        if puzzle == board:
            raise SolveTimeout("stuck on purpose")
        return solve_module._solve_with(puzzle, rules, solver, deadline)

    for fill in (True, False):
        child = second_solver.SolverBeside(board, (fill, False, False), "cadical195",
                                           Deadline(60), start_after=0.0, run=whole_board_stuck)
        _send, (work,) = child.job()
        (paths,) = work()
        assert paths is not None
        found = Solution(board.width, board.height, paths)
        assert not verify(board, found, fill=True)


def test_the_switch_search_is_for_the_plain_rules_only() -> None:
    board = Puzzle(3, 1, {"a": ((0, 0), (0, 2))})
    plain = second_solver.SolverBeside(board, (True, False, False), "glucose4", Deadline(1),
                                       start_after=0.0, run=lambda *a: None)
    touching = second_solver.SolverBeside(board, (True, True, False), "glucose4", Deadline(1),
                                          start_after=0.0, run=lambda *a: None)
    assert plain.switches and not touching.switches


def test_the_kept_defect_counts_match_a_fresh_count() -> None:
    """The walk keeps each component's defect between switches instead of walking it
    again: after thousands of switches every cell's kept count is its component's."""
    for seed in range(4):
        board = numberlink_loose(12, 12, random.Random(seed))
        links = switches._degree_model(board, Deadline(10))
        assert links is not None
        walk = switches._Annealing(board, links, random.Random(seed))
        walk.anneal(Deadline(0.3), repair=lambda: False, lns=lambda: False)
        for cells, ends in walk.components():
            assert {walk.flaw[walk.owner[i]] for i in cells} == {walk.bad(ends)}
        assert walk.defects == walk.count_defects()


def _looks_while_annealing(walk: Any, seconds: float) -> int:
    """Anneal; at every small-window turn check the kept counts, component numbers,
    ends and places against a fresh walk and every cell's degree against the start.
    The number of checks made."""
    degrees = [len(cell_links) for cell_links in walk.links]
    looks = 0

    def look() -> bool:
        nonlocal looks
        looks += 1
        for cells, ends in walk.components():  # kept number, ends, length and places
            number = walk.owner[cells[0]]
            assert {walk.owner[i] for i in cells} == {number}
            assert walk.length[number] == len(cells)
            if ends is None:  # a loop: its places go round it from any cell
                assert walk.ends_of[number] is None
                start = walk.place[cells[0]]
                assert [walk.place[i] for i in cells] == [
                    (start + k) % len(cells) for k in range(len(cells))] or [
                    walk.place[i] for i in cells] == [
                    (start - k) % len(cells) for k in range(len(cells))]
            else:  # a path: its places count from one end to the other
                places = [walk.place[i] for i in cells]
                assert places in (list(range(len(cells))), list(range(len(cells)))[::-1])
                in_order = (cells[0], cells[-1]) if places[0] == 0 else (cells[-1], cells[0])
                assert walk.ends_of[number] == in_order
        assert walk.defects == walk.count_defects()
        assert [len(cell_links) for cell_links in walk.links] == degrees
        return False

    walk.anneal(Deadline(seconds), repair=lambda: False, lns=look)
    return looks


@pytest.mark.parametrize("focus", [0.0, 1.0])
def test_the_kept_counts_hold_however_the_squares_are_drawn(
        monkeypatch: pytest.MonkeyPatch, focus: float) -> None:
    """Squares drawn anywhere or only next to a defect: the counts kept after every
    thousand switches equal a fresh count, and every open cell keeps its degree."""
    monkeypatch.setattr(switches, "FOCUS", focus)
    monkeypatch.setattr(switches, "LNS_EVERY", 1000)
    looks = 0
    for seed in range(6):
        board = numberlink_loose(10, 10, random.Random(seed))
        links = switches._degree_model(board, Deadline(10))
        assert links is not None
        looks += _looks_while_annealing(switches._Annealing(board, links, random.Random(seed)),
                                        0.3)
    assert looks >= 6


def test_the_focus_squares_are_those_touching_a_defect() -> None:
    """``near_defects`` lists exactly the squares with a corner on a defect's cell."""
    board = numberlink_loose(9, 9, random.Random(2))
    links = switches._degree_model(board, Deadline(10))
    assert links is not None
    walk = switches._Annealing(board, links, random.Random(2))
    bad = {i for cells in walk.defect_cells() for i in cells}
    assert bad, "the degree model of this board has a defect"
    width = board.width
    expected = [a for a in walk.squares if bad & {a, a + 1, a + width, a + width + 1}]
    assert walk.near_defects() == expected


def test_a_walk_in_turns_is_the_walk_in_one_call() -> None:
    """:class:`SwitchWalk` goes on where it stopped: with windows that never answer
    (so only the seeded switches move), a walk advanced in many short turns ends with
    the solution of the same walk run in one call."""
    for side, seed in ((12, 5), (14, 1)):  # walks of about 18,000 and 36,000 switches
        board = numberlink_loose(side, side, random.Random(seed))
        whole = switch_search(board, Deadline(20), run=lambda *args: None,
                              rng=random.Random(5))
        assert whole is not None
        walk = switches.SwitchWalk(board, run=lambda *args: None, rng=random.Random(5))
        turns, found = 0, None
        while found is None and turns < 10_000:
            turns += 1
            found = walk.advance(Deadline(0.002))
        assert found == whole and walk.finished and turns >= 5
        assert walk.advance(Deadline(5)) is None  # a finished walk does nothing more


def test_a_turn_that_ends_before_the_degree_model_is_loaded_is_only_a_turn() -> None:
    """A turn whose deadline has passed before the degree model's solver is loaded
    (a busy machine, a short turn) returns nothing and leaves the walk to the next
    turn; it raised SolveTimeout from the loading once, which made the walk in turns
    fail now and then."""
    board = numberlink_loose(12, 12, random.Random(5))
    walk = switches.SwitchWalk(board, run=lambda *args: None, rng=random.Random(5))
    assert walk.advance(Deadline(0.0)) is None and not walk.finished
    whole = switch_search(board, Deadline(20), run=lambda *args: None, rng=random.Random(5))
    assert whole is not None and walk.advance(Deadline(20)) == whole


def test_a_walk_without_a_degree_model_is_over_at_once() -> None:
    """No degree model (a single cell between two ends cannot have degree 2 here):
    the walk is finished after its first turn and never starts again."""
    board = Puzzle(3, 2, {"a": ((0, 0), (0, 2)), "b": ((1, 0), (1, 2))}, [(1, 1)])
    walk = switches.SwitchWalk(board, run=lambda *args: None)
    assert walk.advance(Deadline(5)) is None and walk.finished


def test_a_switchs_outcome_from_the_kept_places_is_the_walked_one() -> None:
    """``after_switch`` (the new components' ends from the kept ends and places, no
    walk) says what walking the switched links finds, on every kind of switch: two
    paths, a path and a loop, two loops, one path or one loop split or turned;
    switches are kept at random so the places are tested as they are kept too."""
    kinds: set[tuple[bool, bool, bool]] = set()
    for seed in range(12):
        rng = random.Random(seed)
        board = numberlink_loose(rng.randrange(5, 12), rng.randrange(5, 12), rng)
        links = switches._degree_model(board, Deadline(10))
        assert links is not None
        walk = switches._Annealing(board, links, rng)
        width = board.width
        for _ in range(3000):
            a = rng.choice(walk.squares)
            b, c, d = a + 1, a + width + 1, a + width
            if b in links[a] and c in links[d] and d not in links[a] and c not in links[b]:
                top_bottom, switch = True, (a, b, d, c)
            elif d in links[a] and c in links[b] and b not in links[a] and c not in links[d]:
                top_bottom, switch = False, (a, d, b, c)
            else:
                continue
            predicted = walk.after_switch(*switch)
            same = walk.owner[a] == walk.owner[c]
            switches._turn(links, a, b, c, d, top_bottom)
            cells, ends = walk.component(a)
            joined = c in cells
            other = None if joined else walk.component(c)[1]
            assert predicted[1] == joined
            assert _as_set(predicted[0]) == _as_set(ends)
            assert _as_set(predicted[2]) == _as_set(other)
            kinds.add((same, ends is None, joined))
            if rng.random() < 0.5:
                switches._turn(links, a, b, c, d, not top_bottom)
            else:
                walk.defects = walk.count_defects()  # kept: the places afresh
    assert len(kinds) >= 6, kinds


def _as_set(ends: tuple[int, ...] | None) -> frozenset[int] | None:
    return None if ends is None else frozenset(ends)
