"""The SAT solver against an exhaustive count, on small boards, under every variant."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import numberlink_sat as nl
from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.sat.deadline import CpuBudget
from tests.numberlink.exhaustive import brute_path_sets, gaps_by_the_rules

VARIANTS = [
    {"fill": f, "no_touch": t, "no_2x2": q}
    for f, t, q in itertools.product((True, False), repeat=3)
]


def random_puzzle(rng: random.Random, max_side: int = 5) -> Puzzle:
    """A random small board: 1-4 labels, a few blocked cells."""
    while True:
        width, height = rng.randint(1, max_side), rng.randint(1, max_side)
        cells = [(r, c) for r in range(height) for c in range(width)]
        if len(cells) < 2:
            continue
        rng.shuffle(cells)
        labels = rng.randint(1, min(4, len(cells) // 2))
        ends = {str(k + 1): (cells[2 * k], cells[2 * k + 1]) for k in range(labels)}
        rest = cells[2 * labels:]
        blocked = [c for c in rest if rng.random() < 0.12]
        return Puzzle(width, height, ends, blocked)


def as_solution(puzzle: Puzzle, paths: dict[str, list[Cell]]) -> Solution:
    return Solution(puzzle.width, puzzle.height, paths)


def check_against_brute(puzzle: Puzzle, variant: dict[str, bool]) -> bool:
    """Compare the full SAT enumeration with the brute force; False if brute gave up."""
    expected = brute_path_sets(puzzle, node_budget=200_000, **variant)
    if expected is None:
        return False
    found = nl.solutions(puzzle, None, **variant)
    assert len(found) == len(expected), (puzzle.to_dict(), variant)
    assert set(found) == {as_solution(puzzle, p) for p in expected}
    for solution in found:
        assert nl.verify(puzzle, solution, **variant) == []
    # the public verbs agree with the enumeration
    assert nl.count_solutions(puzzle, 2, **variant) == min(2, len(expected))
    assert nl.is_unique(puzzle, **variant) == (len(expected) == 1)
    single = nl.solve(puzzle, **variant)
    assert (single is None) == (not expected)
    if single is not None:
        assert nl.verify(puzzle, single, **variant) == []
    return True


@pytest.mark.parametrize("seed", range(8))
def test_counts_equal_exhaustive_search(seed: int) -> None:
    """~1,000 random boards up to 5x5, each under all 8 combinations of the options."""
    rng = random.Random(seed)
    compared = 0
    for _ in range(125):
        puzzle = random_puzzle(rng)
        for variant in VARIANTS:
            compared += check_against_brute(puzzle, variant)
    assert compared >= 0.9 * 125 * len(VARIANTS)


@pytest.mark.slow
def test_counts_equal_exhaustive_search_many() -> None:
    rng = random.Random(12345)
    for _ in range(3000):
        puzzle = random_puzzle(rng)
        for variant in VARIANTS:
            check_against_brute(puzzle, variant)


def test_dense_boards_with_many_solutions() -> None:
    """Boards chosen to have several solutions (open 4x4 and 5x5 with few labels)."""
    boards = [
        Puzzle(4, 4, {"a": ((0, 0), (3, 3))}),
        Puzzle(4, 4, {"a": ((0, 0), (0, 3)), "b": ((3, 0), (3, 3))}),
        Puzzle(5, 4, {"a": ((0, 0), (3, 4)), "b": ((1, 1), (2, 3))}),
        Puzzle(5, 5, {"a": ((0, 0), (4, 4)), "b": ((0, 4), (2, 2)), "c": ((4, 0), (3, 1))}),
    ]
    multi = 0
    for puzzle in boards:
        for variant in VARIANTS:
            assert check_against_brute(puzzle, variant)
        multi += nl.count_solutions(puzzle, None) > 1
    assert multi >= 2


def transformed(puzzle: Puzzle, f: object) -> Puzzle:
    assert callable(f)
    w, h = puzzle.width, puzzle.height
    cells = [f(r, c, w, h) for r in range(h) for c in range(w)]
    new_h = max(r for r, _ in cells) + 1
    new_w = max(c for _, c in cells) + 1
    return Puzzle(
        new_w, new_h,
        {lab: (f(*a, w, h), f(*b, w, h)) for lab, (a, b) in puzzle.endpoints.items()},
        [f(r, c, w, h) for r, c in puzzle.blocked],
    )


SYMMETRIES = {
    "rotate": lambda r, c, w, h: (c, h - 1 - r),
    "mirror": lambda r, c, w, h: (r, w - 1 - c),
    "flip": lambda r, c, w, h: (h - 1 - r, c),
    "transpose": lambda r, c, w, h: (c, r),
}


@pytest.mark.parametrize("name", sorted(SYMMETRIES))
def test_symmetry_keeps_the_count(name: str) -> None:
    rng = random.Random(name)
    for _ in range(60):
        puzzle = random_puzzle(rng, 5)
        variant = rng.choice(VARIANTS)
        other = transformed(puzzle, SYMMETRIES[name])
        assert nl.count_solutions(puzzle, None, **variant) == nl.count_solutions(
            other, None, **variant
        )


def test_seed_example_is_unique_and_matches_the_seed(data_dir: object) -> None:
    from pathlib import Path

    assert isinstance(data_dir, Path)
    puzzle = nl.parse((data_dir / "seed000_7x7.txt").read_text())
    solution = nl.solve(puzzle)
    assert solution is not None and nl.verify(puzzle, solution) == []
    expected = nl.parse_solution((data_dir / "seed000_7x7_solution.txt").read_text())
    assert solution == expected
    for variant in VARIANTS:
        assert nl.is_unique(puzzle, **variant)


def test_loop_cut_is_needed_and_applied() -> None:
    """An open 4x4 with one short label: without the loop cuts the rest fills with loops."""
    puzzle = Puzzle(4, 4, {"a": ((0, 0), (0, 1))})
    # the only fill solutions snake through every cell; a loop artefact would fail verify
    for solution in nl.solutions(puzzle, None):
        assert nl.verify(puzzle, solution) == []
        assert sum(len(p) for p in solution.paths.values()) == 16


def test_unsolvable_cases() -> None:
    crossing = Puzzle(3, 3, {"A": ((0, 1), (2, 1)), "B": ((1, 0), (1, 2))})
    walled = Puzzle(3, 1, {"A": ((0, 0), (0, 2))}, blocked=[(0, 1)])
    empty_room = Puzzle(3, 1, {"A": ((0, 0), (0, 1))})
    for puzzle in (crossing, walled):
        assert nl.solve(puzzle) is None
        assert nl.solve(puzzle, fill=False) is None
        assert nl.count_solutions(puzzle) == 0
    assert nl.solve(empty_room) is None
    assert nl.solve(empty_room, fill=False) is not None


def test_no_labels_and_all_blocked() -> None:
    assert nl.solve(Puzzle(2, 1, {}, blocked=[(0, 0), (0, 1)])) is not None
    assert nl.solve(Puzzle(2, 2, {})) is None  # only a loop could fill it
    assert nl.count_solutions(Puzzle(2, 2, {}), fill=False) == 1


def test_limit_and_options_are_checked() -> None:
    p = Puzzle(3, 1, {"a": ((0, 0), (0, 2))})
    with pytest.raises(ValueError):
        nl.count_solutions(p, 0)
    with pytest.raises(nl.UnknownSolverError):
        nl.solve(p, solver="nope")
    with pytest.raises(nl.UnknownSolverError, match="incremental"):
        nl.solve(p, solver="kissat404")
    with pytest.raises(TypeError):
        nl.solve(p, fill="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("solver", ["cadical195", "glucose42", "minisat22", "cadical300"])
def test_solvers_agree(solver: str) -> None:
    rng = random.Random(solver)
    for _ in range(30):
        puzzle = random_puzzle(rng, 5)
        assert nl.count_solutions(puzzle, None) == nl.count_solutions(puzzle, None, solver=solver)


def test_time_limit_covers_encoding() -> None:
    puzzle = Puzzle(300, 300, {"a": ((0, 0), (299, 299)), "b": ((0, 299), (5, 6))})
    with pytest.raises(nl.SolveTimeout) as info:
        nl.count_solutions(puzzle, 2, time_limit=0.01)
    assert isinstance(info.value, TimeoutError)
    assert info.value.elapsed is not None and info.value.elapsed < 5


def test_edge_lookup_on_thin_boards() -> None:
    from numberlink_sat.numberlink.encode import NumberlinkEncoding

    for width, height in ((1, 4), (4, 1), (2, 3)):
        puzzle = Puzzle(width, height, {"a": ((0, 0), (height - 1, width - 1))})
        enc = NumberlinkEncoding(puzzle)
        seen = set()
        for r in range(height):
            for c in range(width):
                for other in ((r + 1, c), (r, c + 1)):
                    if other[0] < height and other[1] < width:
                        var = enc.edge_var((r, c), other)
                        assert var is not None and enc.edge_var(other, (r, c)) == var
                        seen.add(var)
        assert seen == set(enc.edge_vars())
        assert enc.edge_var((0, 0), (0, 0)) is None


def test_shortcut_phases_do_not_change_counts() -> None:
    """Strengthened seeding, 2-opt moves, window search and loop absorption leave exact
    counts as they are."""
    from numberlink_sat.bench.instances import numberlink_dense, numberlink_loose
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    rng = random.Random(7)
    hits = 0
    for k in range(16):
        puzzle = (numberlink_loose(9, 9, rng, labels=rng.randint(12, 18)) if k % 2
                  else numberlink_dense(9, 9, rng))
        variant = VARIANTS[k % 4]  # the fill variants
        with NumberlinkSolver(puzzle, seed_strengthened=False, window_search=False,
                              absorb_loops=False, **variant) as bare:
            expected = set(bare.solutions(30))
        with NumberlinkSolver(puzzle, **variant) as full:
            got = list(full.solutions(None if len(expected) < 30 else 30))
            hits += full.stats.extra.get("window_hits", 0)
        assert len(got) == len(set(got))
        if len(expected) < 30:
            assert set(got) == expected
        else:
            assert len(got) == 30
        for solution in got:
            assert nl.verify(puzzle, solution, **variant) == []
    assert hits > 0


def test_window_phase_without_fill_keeps_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without fill the window searches of the first solution run before the Nikoli
    second search (they find a second solution of boards that have many at once);
    the sets of solutions stay those of the bare enumeration."""
    from numberlink_sat.bench.instances import numberlink_dense, numberlink_loose
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    order: list[str] = []
    for name in ("_window_neighbours", "_nikoli_more"):
        method = getattr(NumberlinkSolver, name)

        def spy(self: NumberlinkSolver, *args: object, _m: object = method,
                _n: str = name) -> Iterator[nl.Solution]:
            order.append(_n)
            yield from _m(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(NumberlinkSolver, name, spy)
    rng = random.Random(11)
    windows_first = 0
    for k in range(12):
        puzzle = (numberlink_loose(9, 9, rng, labels=rng.randint(12, 18)) if k % 2
                  else numberlink_dense(9, 9, rng))
        variant = VARIANTS[4 + k % 4]  # the variants without fill
        with NumberlinkSolver(puzzle, seed_strengthened=False, window_search=False,
                              absorb_loops=False, **variant) as bare:
            expected = set(bare.solutions(30))
        for limit in (2, None if len(expected) < 30 else 30):
            order.clear()
            with NumberlinkSolver(puzzle, **variant) as full:
                got = list(full.solutions(limit))
            windows_first += order[:1] == ["_window_neighbours"]
            assert len(got) == len(set(got)) == min(len(expected), limit or len(expected))
            assert set(got) <= expected or len(expected) == 30
            for solution in got:
                assert nl.verify(puzzle, solution, **variant) == []
    assert windows_first > 0


def _restricted_phases_against_brute(
    seed: int, boards: int,
    make: Callable[[random.Random], Puzzle] = lambda rng: random_puzzle(rng, max_side=4),
) -> dict[str, int]:
    """Every phase switched on even on tiny boards (``make`` draws them), compared with
    exhaustive counts under all eight variants: the full enumeration, limit 2,
    uniqueness, one solution."""
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    rng = random.Random(seed)
    hits: dict[str, int] = {}
    for _ in range(boards):
        puzzle = make(rng)
        for variant in VARIANTS:
            expected = brute_path_sets(puzzle, node_budget=100_000, **variant)
            if expected is None:
                continue
            truth = {as_solution(puzzle, p) for p in expected}
            for limit in (None, 1, 2, 3):
                with NumberlinkSolver(puzzle, **variant) as engine:
                    got = list(engine.solutions(limit))
                    for phase, count in engine.stats.extra.get("phases", {}).items():
                        hits[phase] = hits.get(phase, 0) + count
                    proof = engine.stats.extra.get("proof")
                    if proof is not None:
                        if engine.stats.extra.get("transfer clauses"):
                            proof += " with transfer clauses"
                        hits["proof: " + proof] = hits.get("proof: " + proof, 0) + 1
                assert len(got) == len(set(got)) == min(len(truth), limit or len(truth)), (
                    puzzle.to_dict(), variant, limit)
                assert set(got) <= truth
                for solution in got:
                    assert nl.verify(puzzle, solution, **variant) == []
    return hits


def test_late_windows_keep_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The late windows keep counts exact under all eight variants, and they fire: here
    windows of side 2, every earlier window switched off, and what comes before them
    made to run out at once (tiny boards would be decided first): the first turn of the
    search without fill (with fill), the bounded second search (without)."""
    import importlib

    from numberlink_sat.bench.instances import numberlink_loose

    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    engine = solve_module.NumberlinkSolver
    _every_phase_on_tiny_boards(monkeypatch, glance=0.0)
    monkeypatch.setattr(solve_module, "WINDOW", 100)  # too large: skipped
    monkeypatch.setattr(solve_module, "LARGER_WINDOWS", ())
    monkeypatch.setattr(solve_module, "LATE_WINDOWS", (2, 3))
    ran_out = CpuBudget(0.0)
    search, late_budget, proof_turn = engine._search, engine._late_budget, engine._proof_turn

    def bounded_search_runs_out(self: Any, state: Any, assumptions: list[int],
                                budget: Any = None) -> Any:
        return solve_module._TIMED_OUT if budget is ran_out else search(
            self, state, assumptions, budget)

    def first_turn_runs_out(self: Any, state: Any, budget: Any) -> Iterator[Solution]:
        if self.stats.extra.setdefault("turns run out", 0) > 0:
            yield from proof_turn(self, state, budget)
        self.stats.extra["turns run out"] += 1

    monkeypatch.setattr(engine, "_search", bounded_search_runs_out)
    monkeypatch.setattr(engine, "_late_budget",
                        lambda self, state: ran_out if late_budget(self, state) else None)
    monkeypatch.setattr(engine, "_proof_turn", first_turn_runs_out)
    late_windows, late_found = engine._late_windows, {True: 0, False: 0}

    def counting_late_windows(self: Any, state: Any) -> Iterator[Solution]:
        for solution in late_windows(self, state):
            late_found[self.options.fill] += 1
            yield solution

    monkeypatch.setattr(engine, "_late_windows", counting_late_windows)
    _restricted_phases_against_brute(7, 25, lambda rng: numberlink_loose(
        rng.randint(3, 5), rng.randint(3, 5), rng, rng.randint(1, 3)))
    assert late_found[True] > 5 and late_found[False] > 5, late_found


def test_u_turn_transfers_keep_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under fill, the transfers of the solutions found and the full search with the
    transfer clauses (fact 8) keep counts exact, on boards cut from a random
    Hamiltonian path (many solutions, many U-turns), under all eight variants."""
    from numberlink_sat.bench.instances import numberlink_loose

    _every_phase_on_tiny_boards(monkeypatch, glance=0.0)
    hits = _restricted_phases_against_brute(61, 25, lambda rng: numberlink_loose(
        rng.randint(3, 5), rng.randint(3, 5), rng, rng.randint(1, 3)))
    assert hits.get("U-turn transfer", 0) > 5, hits
    assert hits.get("proof: full search with transfer clauses", 0) > 5, hits


def test_repairs_keep_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under fill, a repair (a fill solution near the empty cells of a solution
    without fill, :func:`~numberlink_sat.numberlink.windows.repair_models`) is one
    more solution and counts stay exact. Beside each known fill solution in turn, with
    the first try without U-turns left out, every turn of the second search without
    fill is made to find the solution without fill (from the exhaustive ones) nearest
    to a fill solution not known yet, even beside solutions that touch themselves:
    always a safe answer, as the full search then decides."""
    import importlib

    from numberlink_sat.bench.instances import numberlink_loose
    from numberlink_sat.numberlink.fill_proof import ProofWithoutFill, Turn
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    _every_phase_on_tiny_boards(monkeypatch, glance=0.0)
    partial: list[Solution] = []
    truth: set[Solution] = set()

    def no_proof(self: ProofWithoutFill, known: list[Solution], budget: object) -> Turn:
        missing = sorted(truth - set(known), key=lambda s: sorted(s.edges()))
        if not partial or not missing:
            return Turn("no proof")
        target = missing[0].edges()
        return Turn("partial", min(partial, key=lambda s: len(s.edges() ^ target)))

    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    monkeypatch.setattr(ProofWithoutFill, "turn", no_proof)
    monkeypatch.setattr(solve_module, "some_touch", lambda puzzle, found: False)
    monkeypatch.setattr(NumberlinkSolver, "_restricted_first", lambda self, state: iter(()))
    rng = random.Random(71)
    hits = 0
    for _ in range(40):  # long boards: a radius round the empty cells leaves edges fixed
        puzzle = numberlink_loose(rng.randint(6, 9), rng.randint(3, 4), rng, rng.randint(3, 6))
        nikoli = brute_path_sets(puzzle, fill=False, node_budget=100_000)
        fill = brute_path_sets(puzzle, fill=True, node_budget=100_000)
        if nikoli is None or fill is None:
            continue
        cells = puzzle.width * puzzle.height
        partial[:] = [s for s in (as_solution(puzzle, p) for p in nikoli)
                      if sum(map(len, s.paths.values())) < cells]
        truth.clear()
        truth.update(as_solution(puzzle, p) for p in fill)
        for known, limit in itertools.product(sorted(truth, key=str)[:3], (None, 2)):
            with NumberlinkSolver(puzzle) as engine:
                got = list(engine.solutions(limit, known=[known]))
                hits += engine.stats.extra.get("phases", {}).get("repair", 0)
            assert len(got) == len(set(got)) == min(len(truth), limit or len(truth))
            assert set(got) <= truth
    assert hits > 5, hits


def _every_phase_on_tiny_boards(monkeypatch: pytest.MonkeyPatch, *, glance: float) -> None:
    """The restricted phases switched on even on tiny boards, where unit propagation
    would end many counts before the phases under test run (its own test is below);
    ``glance``: the CPU seconds of the full search before the second search without
    fill (0: none, as it too would decide most tiny boards first)."""
    import importlib

    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_propagation_proof",
                        lambda self, state: False)
    monkeypatch.setattr(solve_module, "GLANCE_SECONDS", glance)


def test_restricted_phases_keep_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fill first, the no-U-turn / no-touch / shortest / no-detour-gap searches, shortcuts and
    detours keep counts exact (each phase is forced on tiny boards and must fire)."""
    _every_phase_on_tiny_boards(monkeypatch, glance=0.0)
    hits = _restricted_phases_against_brute(12, 40)
    for phase in ("fill first", "nikoli first", "detour", "proof: no U-turn search",
                  "proof: no touch search", "proof: shortest search",
                  "proof: least search", "proof: least search without fill"):
        assert hits.get(phase, 0) > 0, hits
    assert hits.get("proof: full search with transfer clauses", 0) > 0, hits


@pytest.mark.slow
def test_restricted_phases_keep_exact_counts_many(monkeypatch: pytest.MonkeyPatch) -> None:
    _every_phase_on_tiny_boards(monkeypatch, glance=0.0)
    hits: dict[str, int] = {}
    for seed in range(100, 106):
        for phase, count in _restricted_phases_against_brute(seed, 60).items():
            hits[phase] = hits.get(phase, 0) + count
    assert hits.get("nikoli more", 0) > 0, hits  # a second search that finds one


def test_glance_of_the_full_search_keeps_exact_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under fill the full search runs for a moment before the second search without
    fill; given all the time it needs, it answers every count there, and the counts
    stay those of the exhaustive counter. (Its other answer, one more solution, is
    the full search's own code; on 2,000 random boards up to 6 x 6 the 2-opt
    neighbours always found such a solution first.)"""
    _every_phase_on_tiny_boards(monkeypatch, glance=60.0)
    hits = _restricted_phases_against_brute(7, 25)
    assert hits.get("proof: full search at a glance with transfer clauses", 0) > 0, hits
    assert hits.get("proof: least search without fill", 0) == 0, hits


def _has_empty_shortcut(puzzle: Puzzle, solution: Solution) -> bool:
    """An empty cell next to two cells of one path that are not joined through the
    fourth cell of their square (written from the rule, not from the encoder)."""
    owner = solution.label_of()
    index = {cell: i for path in solution.paths.values() for i, cell in enumerate(path)}
    for e in puzzle.open_cells():
        if e in owner:
            continue
        r, c = e
        near = [x for x in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if x in owner]
        for x, y in itertools.combinations(near, 2):
            if owner[x] != owner[y]:
                continue
            if abs(index[x] - index[y]) != 2:
                return True
    return False


def _touches(solution: Solution) -> bool:
    for path in solution.paths.values():
        index = {cell: i for i, cell in enumerate(path)}
        for i, (r, c) in enumerate(path):
            for x in ((r + 1, c), (r, c + 1)):
                if x in index and abs(index[x] - i) > 1:
                    return True
    return False


def _solved_nikoli_boards(seed: int, boards: int) -> Iterator[tuple[Puzzle, list[Solution]]]:
    """Random boards up to 4 x 4 with every solution under the plain rules without
    fill (by the exhaustive counter); boards without any are skipped."""
    rng = random.Random(seed)
    for _ in range(boards):
        puzzle = random_puzzle(rng, max_side=4)
        expected = brute_path_sets(puzzle, fill=False, node_budget=100_000)
        if expected:
            yield puzzle, [as_solution(puzzle, p) for p in expected]


def test_a_shortest_second_solution_exists_whenever_one_does() -> None:
    """The argument behind the "shortest" second search, checked on every solution of
    small boards (plain rules, no fill): when a solution has no empty detour and no
    empty bypass, any other solution implies another one that neither touches itself
    nor has a shortcut through an empty cell; and the clauses say exactly that."""
    from numberlink_sat.numberlink.local import empty_bypass, empty_detour

    checked = shortest_only = 0
    for puzzle, truth in _solved_nikoli_boards(seed=31, boards=150):
        shortest = [t for t in truth if not _touches(t) and not _has_empty_shortcut(puzzle, t)]
        for first in truth:
            if empty_detour(puzzle, first) is None and empty_bypass(puzzle, first) is None:
                others = [t for t in shortest if t != first]
                assert others or len(truth) == 1, (puzzle.to_dict(), first.paths)
                checked += len(truth) > 1
        shortest_only += _forbidden_exactly(puzzle, truth, "bypass_clauses",
                                            _has_empty_shortcut)
    assert checked > 20 and shortest_only > 20, (checked, shortest_only)


def _forbidden_exactly(puzzle: Puzzle, truth: list[Solution], clauses: str,
                       rule: Callable[[Puzzle, Solution], bool], *, fill: bool = False) -> int:
    """Check that the encoder's restriction ``clauses`` (a method name) forbids exactly
    the solutions ``rule`` flags; the number forbidden."""
    from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
    from numberlink_sat.sat.session import SatSession

    forbidden = 0
    enc = NumberlinkEncoding(puzzle, RuleOptions(fill=fill))
    with SatSession(enc) as session:
        guard = enc.pool.new()
        session.add_clauses(getattr(enc, clauses)(guard))
        for t in truth:
            allowed = session.solve([guard, *enc.literals_of(t)])
            assert allowed == (not rule(puzzle, t)), (clauses, t.paths)
            forbidden += not allowed
    return forbidden


def _flips(puzzle: Puzzle, solution: Solution) -> Iterator[tuple[Cell, Cell]]:
    """``(m, z)`` for every turn ``x-m-y`` of a path whose fourth square cell ``z`` is
    open and on no path (written from the rule, not from the encoder)."""
    owner = solution.label_of()
    for path in solution.paths.values():
        for x, m, y in zip(path, path[1:], path[2:], strict=False):
            z = (x[0] + y[0] - m[0], x[1] + y[1] - m[1])
            if z != m and puzzle.is_open(z) and z not in owner:
                yield m, z


def _has_lowering_flip(puzzle: Puzzle, solution: Solution) -> bool:
    """A flip to a ``z`` before ``m`` in row-major order."""
    return any(z < m for m, z in _flips(puzzle, solution))


def test_a_least_second_solution_exists_whenever_one_does() -> None:
    """The argument behind the "least" second search (fact 7 of docs/encoding.md),
    checked on every solution of small boards (plain rules, no fill): when a known
    solution fills the board, any other solution implies another one that does not
    touch itself, has no shortcut through an empty cell and no corner flip towards an
    earlier cell; and the flip clauses forbid exactly the solutions with such a flip."""

    checked = flipped = least_differs = 0
    for puzzle, truth in _solved_nikoli_boards(seed=47, boards=300):
        open_cells = sum(1 for _ in puzzle.open_cells())
        least = [t for t in truth if not _touches(t) and not _has_empty_shortcut(puzzle, t)
                 and not _has_lowering_flip(puzzle, t)]
        shortest = [t for t in truth if not _touches(t) and not _has_empty_shortcut(puzzle, t)]
        least_differs += len(least) < len(shortest)
        for first in truth:
            if sum(len(p) for p in first.paths.values()) == open_cells:
                others = [t for t in least if t != first]
                assert others or len(truth) == 1, (puzzle.to_dict(), first.paths)
                checked += len(truth) > 1
        flipped += _forbidden_exactly(puzzle, truth, "flip_clauses", _has_lowering_flip)
    assert checked > 20 and flipped > 20 and least_differs > 5, (checked, flipped, least_differs)


def _has_u_turn(solution: Solution) -> bool:
    """A path running round three sides ``a-b-c-d`` of a unit square (from the rule)."""
    for path in solution.paths.values():
        for a, _b, _c, d in zip(path, path[1:], path[2:], path[3:], strict=False):
            if abs(a[0] - d[0]) + abs(a[1] - d[1]) == 1:
                return True
    return False


def _has_square_gap(puzzle: Puzzle, solution: Solution) -> bool:
    """A used edge ``a-d`` whose two neighbours across a unit square are open cells on
    no path (read off the rules, not from the encoder or ``local.detour_gaps``)."""
    return any(gaps_by_the_rules(puzzle, solution.paths))


def _has_raising_flip(puzzle: Puzzle, solution: Solution) -> bool:
    """A flip to a ``z`` *after* ``m``: the reverse of a lowering flip."""
    return any(z > m for m, z in _flips(puzzle, solution))


def test_a_greatest_second_solution_exists_whenever_one_does() -> None:
    """The *greatest* second solution (most cells used, then the least weight; session
    47 of docs/encoding.md, measured and not adopted), checked on every solution of
    small boards (plain rules, no fill): when a known solution has no U-turn (so no
    detour gives it) and no flip towards a later cell (so no lowering flip gives it),
    any other solution implies another one with no square detour gap and no corner
    flip towards an earlier cell; and the gap clauses forbid exactly those gaps."""
    checked = gapped = 0
    for puzzle, truth in _solved_nikoli_boards(seed=61, boards=300):
        greatest = [t for t in truth
                    if not _has_square_gap(puzzle, t) and not _has_lowering_flip(puzzle, t)]
        for first in truth:
            if not _has_u_turn(first) and not _has_raising_flip(puzzle, first):
                others = [t for t in greatest if t != first]
                assert others or len(truth) == 1, (puzzle.to_dict(), first.paths)
                checked += len(truth) > 1
        gapped += _forbidden_exactly(puzzle, truth, "detour_gap_clauses", _has_square_gap)
    assert checked > 20 and gapped > 20, (checked, gapped)


def test_no_second_search_may_forbid_both_u_turns_and_square_gaps() -> None:
    """A shortcut round a U-turn leaves a square gap, and the detour through that gap
    makes the U-turn again, so no order of the solutions forbids both. On this 3 x 4
    board one solution fills the board without a U-turn, and each of the other seven
    has a U-turn or a square gap: a second search under both restrictions would call
    the puzzle unique (docs/encoding.md, session 47)."""
    puzzle = Puzzle(3, 4, {"1": ((0, 1), (0, 2)), "2": ((2, 1), (1, 1))})
    truth = [as_solution(puzzle, p) for p in brute_path_sets(puzzle, fill=False)]
    open_cells = sum(1 for _ in puzzle.open_cells())
    filled = [t for t in truth if sum(len(p) for p in t.paths.values()) == open_cells]
    assert len(truth) == 8 and len(filled) == 1 and not _has_u_turn(filled[0])
    others = [t for t in truth if t != filled[0]]
    assert all(_has_u_turn(t) or _has_square_gap(puzzle, t) for t in others)
    assert any(not _has_u_turn(t) for t in others)  # each restriction alone keeps some
    assert any(not _has_square_gap(puzzle, t) for t in others)
    assert nl.count_solutions(puzzle, fill=False, limit=None) == 8


def _transfers(solution: Solution) -> list[tuple[set[Edge], set[Edge]]]:
    """Every U-turn transfer of a solution as (edges it drops, edges it adds), written
    from the rule (a U-turn ``a-b-c-d`` of one path, a path along ``b'-c'`` beyond
    ``b-c``), not from the encoder or ``local.u_turn_transfers``."""
    edges = set(solution.edges())
    moves = []
    for path in solution.paths.values():
        for a, b, c, d in zip(path, path[1:], path[2:], path[3:], strict=False):
            far_b = (2 * b[0] - a[0], 2 * b[1] - a[1])
            far_c = (2 * c[0] - d[0], 2 * c[1] - d[1])
            if (abs(a[0] - d[0]) + abs(a[1] - d[1]) == 1
                    and tuple(sorted((far_b, far_c))) in edges):
                drop = {tuple(sorted(e)) for e in ((a, b), (c, d), (far_b, far_c))}
                add = {tuple(sorted(e)) for e in ((a, d), (b, far_b), (c, far_c))}
                moves.append((drop, add))
    return moves  # type: ignore[return-value]


def _edge_rank(edge: Edge, width: int) -> tuple[int, int]:
    """The encoder's documented edge order: cell by cell (row-major), right before down."""
    (r, c), (r2, _c2) = edge
    return r * width + c, int(r2 != r)


def _has_lowering_transfer(puzzle: Puzzle, solution: Solution) -> bool:
    """A U-turn transfer to a lesser solution: one that drops the first edge (in edge
    order) of the six it changes."""
    def first(edges: set[Edge]) -> tuple[int, int]:
        return min(_edge_rank(e, puzzle.width) for e in edges)

    return any(first(drop) < first(add) for drop, add in _transfers(solution))


def test_a_least_second_solution_under_fill_exists_whenever_one_does() -> None:
    """The argument behind the transfer clauses (fact 8 of docs/encoding.md), checked
    on every solution of small boards (fill, plain rules): each U-turn transfer is
    another solution; when the known solutions hold every transfer of each other,
    any other solution implies one with no transfer to a lesser solution; and the
    clauses forbid exactly those."""
    from numberlink_sat.bench.instances import numberlink_loose

    rng = random.Random(53)
    checked = forbidden = moves = 0
    for _ in range(150):  # a random Hamiltonian path cut into pieces: many solutions
        puzzle = numberlink_loose(rng.randint(2, 5), rng.randint(3, 5), rng, rng.randint(1, 3))
        found = brute_path_sets(puzzle, node_budget=100_000)
        if not found:
            continue
        truth = [as_solution(puzzle, p) for p in found]
        edge_sets = {frozenset(tuple(sorted(e)) for e in t.edges()): t for t in truth}
        moved_to: dict[Solution, list[Solution]] = {}
        for t in truth:
            for drop, add in _transfers(t):
                moved = (frozenset(tuple(sorted(e)) for e in t.edges()) - drop) | add
                assert moved in edge_sets and edge_sets[moved] != t, (puzzle.to_dict(), t.paths)
                moved_to.setdefault(t, []).append(edge_sets[moved])
                moves += 1
        least = [t for t in truth if not _has_lowering_transfer(puzzle, t)]
        for first in truth:  # known: ``first`` and every solution transfers reach from it
            known, todo = {first}, [first]
            while todo:
                for other in moved_to.get(todo.pop(), []):
                    if other not in known:
                        known.add(other)
                        todo.append(other)
            outside = [t for t in least if t not in known]
            assert outside or len(known) == len(truth), (puzzle.to_dict(), first.paths)
            checked += len(known) < len(truth)
        forbidden += _forbidden_exactly(puzzle, truth, "transfer_clauses",
                                        _has_lowering_transfer, fill=True)
    assert checked > 20 and forbidden > 20 and moves > 50, (checked, forbidden, moves)


@pytest.mark.parametrize(("url", "expected"), [
    ("https://puzz.link/p?numlin/2/2/g11g", 2),   # . 1 / 1 . : round either free corner
    ("https://puzz.link/p?numlin/3/3/h1g1j", 8),
])
def test_corner_variants_are_counted_not_canonized(url: str, expected: int) -> None:
    """Boards whose solutions differ by a corner flip or a detour: a solver that keeps
    only "canonical" solutions (semiexp's cspuz numlin says one answer on both, see
    docs/encoding.md) would call them unique; the Nikoli rule counts every one."""
    from numberlink_sat.numberlink.formats import puzzlink

    puzzle = puzzlink.parse_url(url)
    truth = brute_path_sets(puzzle, node_budget=200_000, fill=False, no_touch=False,
                            no_2x2=False)
    assert truth is not None and len(truth) == expected
    assert nl.count_solutions(puzzle, None, fill=False) == expected
    assert nl.is_unique(puzzle, fill=False) is False


def test_second_search_without_fill_keeps_fill_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under fill, the shortest second search without fill either proves the known
    solutions complete or hands over to the full search; both happen on dense 6 x 6
    boards, and the solutions equal the bare solver's (and the exhaustive counter's
    where it finishes)."""
    import importlib

    from numberlink_sat.bench.instances import numberlink_dense

    solve_module = importlib.import_module("numberlink_sat.numberlink.solve")
    monkeypatch.setattr(solve_module, "STRENGTHEN_MIN_CELLS", 0)
    # dense 6 x 6 boards are often forced: unit propagation would prove them first, and
    # the glance of the full search would decide most of them
    monkeypatch.setattr(solve_module.NumberlinkSolver, "_propagation_proof",
                        lambda self, state: False)
    monkeypatch.setattr(solve_module, "GLANCE_SECONDS", 0.0)
    rng = random.Random(3)
    outcomes: dict[str, int] = {}
    for _ in range(60):
        puzzle = numberlink_dense(6, 6, rng)
        with solve_module.NumberlinkSolver(puzzle, seed_strengthened=False) as bare:
            expected = set(bare.solutions(None))
        brute = brute_path_sets(puzzle, node_budget=50_000)
        if brute is not None:
            assert expected == {as_solution(puzzle, p) for p in brute}
        for limit in (2, None):
            with solve_module.NumberlinkSolver(puzzle) as engine:
                got = list(engine.solutions(limit))
                key = str(engine.stats.extra.get("proof") or engine.stats.extra.get("without fill"))
                outcomes[key] = outcomes.get(key, 0) + 1
            assert len(got) == len(set(got)) == min(len(expected), limit or len(expected))
            assert set(got) <= expected
    assert outcomes.get("least search without fill", 0) > 10, outcomes
    assert outcomes.get("no proof", 0) + outcomes.get("full search", 0) > 5, outcomes


def test_a_timeout_carries_the_verified_solutions_found_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from numberlink_sat.errors import InternalError, SolveTimeout
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    puzzle = nl.parse("1 . .\n. . .\n. . 1\n")
    every = list(nl.solutions(puzzle, limit=None))
    assert len(every) == 2
    yielded: list[Solution] = []

    def stuck_after_one(self: object, limit: int | None = None,
                        known: object = ()) -> Iterator[Solution]:
        yield yielded[0]
        raise SolveTimeout("stuck in the second search", elapsed=0.0, stage="solving")

    monkeypatch.setattr(NumberlinkSolver, "solutions", stuck_after_one)
    yielded.append(every[1])
    for call in (lambda: nl.is_unique(puzzle), lambda: nl.count_solutions(puzzle, None)):
        with pytest.raises(SolveTimeout) as info:
            call()
        assert info.value.found == (every[1],)
    broken = Solution(3, 3, {"1": [(0, 0), (1, 1), (2, 2)]})  # diagonal steps
    yielded[0] = broken
    with pytest.raises(InternalError, match="invalid solution"):
        nl.is_unique(puzzle)


def test_progress_is_reported_while_the_search_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import time

    from numberlink_sat.errors import SolveTimeout
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    solve_module = sys.modules["numberlink_sat.numberlink.solve"]
    puzzle = nl.parse("1 . .\n. . .\n. . 1\n")
    first = nl.solve(puzzle)
    assert first is not None

    def slow_second_search(self: NumberlinkSolver, limit: int | None = None,
                           known: object = ()) -> Iterator[Solution]:
        yield first
        ends = time.perf_counter() + 0.5
        while time.perf_counter() < ends:  # what the slices do: ask the deadline
            assert not self.deadline.expired()
            time.sleep(0.01)
        raise SolveTimeout("stuck", elapsed=0.5, stage="solving")

    monkeypatch.setattr(solve_module, "PROGRESS_SECONDS", 0.1)
    monkeypatch.setattr(NumberlinkSolver, "solutions", slow_second_search)
    reports: list[tuple[float, int]] = []
    with pytest.raises(SolveTimeout):
        solve_module.counted(puzzle, 2, progress=lambda t, n: reports.append((t, n)))
    assert 2 <= len(reports) <= 6 and all(n == 1 for _, n in reports)
    times = [t for t, _ in reports]
    assert all(b - a >= 0.1 for a, b in itertools.pairwise(times))


def test_unit_propagation_proves_forced_boards_and_never_cuts_a_count_short() -> None:
    """A strip's solution is forced: unit propagation alone proves it is the only one,
    under every variant. On random boards, wherever the step proves, the exhaustive
    count is 1 or 0 more than found, i.e. the count stays exact (the comparisons with
    the exhaustive search above run it too)."""
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    # long enough for the phases (small boards go straight to the full search)
    strip = Puzzle(80, 1, {"a": ((0, 0), (0, 30)), "b": ((0, 31), (0, 79))})
    for variant in VARIANTS:
        with NumberlinkSolver(strip, **variant) as solver:
            assert len(list(solver.solutions(None))) == 1
            assert solver.stats.extra["proof"] == "unit propagation"
    rng = random.Random(2026)
    proved = 0
    for _ in range(300):
        puzzle = random_puzzle(rng, max_side=4)
        variant = rng.choice(VARIANTS)
        expected = brute_path_sets(puzzle, node_budget=200_000, **variant)
        assert expected is not None
        with NumberlinkSolver(puzzle, **variant) as solver:
            found = list(solver.solutions(None))
            proved += solver.stats.extra.get("proof") == "unit propagation"
        assert set(found) == {as_solution(puzzle, p) for p in expected}, puzzle.to_dict()
    assert proved >= 20
