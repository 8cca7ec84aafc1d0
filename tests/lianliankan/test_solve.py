"""The engines against exhaustive search on tiny boards; every order replayed by verify."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.lianliankan import Board, as_board, solve, verify
from numberlink_sat.lianliankan.sat import LlkEncoding, LlkSatSolver, routes_between
from numberlink_sat.lianliankan.search import Searcher
from numberlink_sat.sat.deadline import Deadline
from tests.lianliankan.llk_brute import brute_clearable, random_board


def _tiny_boards(seed: int, count: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        h, w = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
        tiles = rng.choice([t for t in (4, 6, 8, 10, 12, h * w - h * w % 2) if t <= h * w])
        out.append(random_board(rng, h, w, tiles, rng.choice([2, 3, 4]), even=True))
    # dead with the ring and with gravity too: crossed pairs, with and without a move first
    out += [as_board([[1, 2], [2, 1]]), as_board([[1, 2], [2, 1], [3, 3]])]
    return out


@pytest.mark.parametrize("ring", [False, True])
def test_engines_match_exhaustive_search(ring):
    outcomes = set()
    for board in _tiny_boards(5 + ring, 70):
        expect = brute_clearable(board, ring, False)
        outcomes.add(expect)
        for method in ("search", "sat", "auto"):
            order = solve(board, outside_ring=ring, method=method)
            assert (order is not None) == expect, (board.cells, method)
            if order is not None:
                assert verify(board, order, outside_ring=ring) == []
    assert outcomes == {True, False}


def test_full_tiny_boards_match_exhaustive_search():
    rng = random.Random(3)
    outcomes = set()
    for _ in range(40):
        h, w = rng.choice([(2, 4), (3, 4), (4, 4)])
        labels = [1 + (i // 2) % 3 for i in range(h * w)]
        rng.shuffle(labels)
        board = Board(tuple(tuple(labels[r * w:(r + 1) * w]) for r in range(h)))
        for ring in (False, True):
            expect = brute_clearable(board, ring, False)
            outcomes.add(expect)
            for method in ("search", "sat"):
                order = solve(board, outside_ring=ring, method=method)
                assert (order is not None) == expect, (board.cells, ring, method)
                if order is not None:
                    assert verify(board, order, outside_ring=ring) == []
    assert outcomes == {True, False}


@pytest.mark.parametrize("ring", [False, True])
def test_gravity_search_matches_exhaustive_search(ring):
    outcomes = set()
    for board in _tiny_boards(21 + ring, 50):
        expect = brute_clearable(board, ring, True)
        outcomes.add(expect)
        order = solve(board, outside_ring=ring, gravity=True)
        assert (order is not None) == expect, board.cells
        if order is not None:
            assert verify(board, order, outside_ring=ring, gravity=True) == []
    assert outcomes == {True, False}


def test_gravity_changes_the_answer():
    # without gravity the 2s block the 1s for good; with gravity removing the 3s drops
    # the top 1 next to the bottom one
    b = as_board([[1, 0], [3, 3], [2, 2], [1, 2], [2, 0]])
    assert solve(b, gravity=True) is not None
    assert verify(b, solve(b, gravity=True), gravity=True) == []


def test_some_first_moves_lose():
    b = as_board([[2, 0, 0, 1], [3, 1, 1, 0], [1, 3, 2, 0]])
    from numberlink_sat.lianliankan import available_moves, hint

    moves = available_moves(b)
    results = {m: solve(b.remove(*m)) is not None for m in moves}
    assert True in results.values() and False in results.values()
    move = hint(b)
    assert move is not None and results[move]


def test_routes_are_minimal_crossing_sets():
    b = as_board([[1, 2, 2, 1], [0, 3, 3, 0]])
    routes = routes_between(b, (0, 0), (0, 3), False)
    # straight through the 2s, or down-across-up through the 3s; longer detours that
    # cross a superset (none here) would be dropped
    assert routes == [frozenset({(0, 1), (0, 2)}), frozenset({(1, 1), (1, 2)})]
    assert routes_between(b, (0, 0), (0, 3), True) == [frozenset()]  # over the top


def test_sat_rejects_gravity_and_unknown_methods():
    with pytest.raises(ValueError, match="no gravity model"):
        solve([[1, 1]], gravity=True, method="sat")
    with pytest.raises(ValueError, match="unknown method"):
        solve([[1, 1]], method="magic")


def test_time_limit_raises_solve_timeout():
    rng = random.Random(0)
    labels = [1 + i % 36 for i in range(144) for _ in range(1)]
    labels = [(i // 2) % 36 + 1 for i in range(144)]
    rng.shuffle(labels)
    board = Board(tuple(tuple(labels[r * 12:(r + 1) * 12]) for r in range(12)))
    for method in ("search", "sat"):
        with pytest.raises(SolveTimeout):
            solve(board, outside_ring=True, method=method, time_limit=0.0)


def test_searcher_budget_and_sat_resume_keep_state():
    board = as_board([[1, 2, 1, 2], [3, 4, 3, 4], [1, 2, 1, 2], [3, 4, 3, 4]])
    s = Searcher(board, True)
    first = s.run()
    assert first is not None and verify(board, first, outside_ring=True) == []
    with LlkSatSolver(LlkEncoding(board, True)) as engine:
        with pytest.raises(SolveTimeout):
            engine.resume(Deadline(0.0))
        order = engine.resume(Deadline(None))  # the same solver goes on
        assert engine.stats is not None and engine.stats.calls >= 1
    assert order is not None and verify(board, order, outside_ring=True) == []


def test_empty_board_is_cleared_by_no_moves():
    assert solve([[0, 0]]) == []
    assert solve([[0, 0]], method="sat") == []


def test_relaxed_game_with_hints_agrees_with_plain_fixpoint():
    """The relaxed game's answer does not depend on the hint replayed (unique fixpoint)."""
    from numberlink_sat.lianliankan.link import LinkGrid

    rng = random.Random(17)
    compared = dead = 0
    for _ in range(60):
        n = rng.choice([4, 6])
        labels = [(i // 2) % rng.choice([2, 3, 4]) + 1 for i in range(n * n)]
        rng.shuffle(labels)
        board = Board(tuple(tuple(labels[r * n:(r + 1) * n]) for r in range(n)))
        ring = rng.random() < 0.5
        s = Searcher(board, ring)
        groups: dict[int, list[int]] = {}
        for t, p in enumerate(s.pic):
            groups.setdefault(p, []).append(t)
        gs = [tuple(g) for g in groups.values()]
        grid = LinkGrid(board, ring)
        hint = s._relaxed(gs, grid)
        if hint is None:
            continue
        # descend: remove some removable pairs for real, split some groups
        for _ in range(rng.randint(1, 4)):
            g = rng.choice(gs)
            if len(g) < 2:
                continue
            t, u = rng.sample(list(g), 2)
            rest = tuple(v for v in g if v not in (t, u))
            gs = [h for h in gs if h != g] + ([rest] if rest else [])
            if grid.linkable(s.pos[t], s.pos[u]):
                grid.clear(s.pos[t])
                grid.clear(s.pos[u])
            else:
                gs.append((t, u))
        plain = s._relaxed(gs, grid) is None
        assert (s._relaxed(gs, grid, hint) is None) == plain
        compared += 1
        dead += plain
    assert compared > 30 and 0 < dead < compared


@pytest.mark.parametrize("binary", [True, False])
def test_both_branching_schemes_and_probing_match_exhaustive_search(binary):
    outcomes = set()
    for i, board in enumerate(_tiny_boards(40 + binary, 50)):
        ring = i % 2 == 1
        expect = brute_clearable(board, ring, False)
        outcomes.add(expect)
        s = Searcher(board, ring)
        s.binary = binary
        s.plain_nodes = 1  # switch to probing phases almost at once
        order = s.run()
        assert (order is not None) == expect, (board.cells, ring)
        if order is not None:
            assert verify(board, order, outside_ring=ring) == []
    assert outcomes == {True, False}


def test_the_encoding_exports_dimacs() -> None:
    from pysat.formula import CNF

    enc = LlkEncoding(as_board([[1, 2, 1, 2], [2, 1, 2, 1]]), True)
    cnf = CNF(from_string=enc.to_dimacs())
    assert cnf.nv == enc.num_vars and len(cnf.clauses) == enc.num_clauses > 0
    assert cnf.clauses == list(enc.iter_clauses())
