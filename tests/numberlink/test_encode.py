"""The encoder's layout questions (edge literals, a solution's literals, label literals)."""

from __future__ import annotations

import random

import pytest

from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.sat import SatSession
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import VARIANTS, random_puzzle


def _solutions(puzzle: Puzzle, variant: dict[str, bool]) -> list[Solution] | None:
    found = brute_path_sets(puzzle, node_budget=100_000, **variant)
    if found is None:
        return None
    return [Solution(puzzle.width, puzzle.height, paths) for paths in found]


@pytest.mark.parametrize("labels", ["log", "onehot"])
@pytest.mark.parametrize("seed", range(6))
def test_literals_of_fix_exactly_one_solution(seed: int, labels: str) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < 4:
        puzzle = random_puzzle(rng, max_side=4)
        variant = VARIANTS[rng.randrange(len(VARIANTS))]
        solutions = _solutions(puzzle, variant)
        if not solutions:
            continue
        checked += 1
        options = RuleOptions(labels=labels, **variant)
        enc = NumberlinkEncoding(puzzle, options)
        assert len(enc.edge_literals) == enc.num_edges
        for k, (a, b) in enumerate(enc.cell_edges):
            assert enc.edge_var(a, b) == enc.first_edge_var + k
        for solution in solutions:
            with SatSession(enc) as session:
                model = session.solve_with_cuts(enc.find_cuts, enc.literals_of(solution))
                assert model is not None and enc.decode(model) == solution
                # the label of every path cell, as the encoder writes it, holds
                for label, path in solution.paths.items():
                    for cell in path:
                        assert all(model[lit] if lit > 0 else not model[-lit]
                                   for lit in enc.label_literals(cell, label))
                    # and another label on the path's second cell is refused
                    others = [x for x in enc.labels if x != label]
                    if others and len(path) > 2:
                        wrong = enc.label_literals(path[1], others[0])
                        assert not session.solve([*enc.literals_of(solution), *wrong])


def test_label_literals_check_their_arguments() -> None:
    enc = NumberlinkEncoding(Puzzle(2, 1, {"1": ((0, 0), (0, 1))}))
    assert enc.label_literals((0, 0), "1") == []  # one label: no bits
    with pytest.raises(ValueError):
        enc.label_literals((5, 5), "1")
    with pytest.raises(ValueError):
        enc.label_literals(0, 3)
    with pytest.raises(ValueError):
        enc.literals_of(Solution(2, 1, {"1": [(0, 0), (1, 0)]}))


def test_used_literal_without_a_style_rule() -> None:
    puzzle = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    enc = NumberlinkEncoding(puzzle, RuleOptions(fill=False))
    var = enc.used_literal(1)
    assert var is not None and enc.used_literal(1) == var
    with SatSession(enc) as session:
        assert session.solve([var]) and not session.solve([-var])
