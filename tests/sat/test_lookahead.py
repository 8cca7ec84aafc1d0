"""Cubes by lookahead: an exact partition of the models, checked by brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.lookahead import Lookahead


def _models(clauses: list[list[int]], num_vars: int) -> list[set[int]]:
    """Every model, by trying every assignment."""
    out = []
    for values in itertools.product((False, True), repeat=num_vars):
        model = {v if values[v - 1] else -v for v in range(1, num_vars + 1)}
        if all(any(lit in model for lit in clause) for clause in clauses):
            out.append(model)
    return out


def _random_cnf(rng: random.Random, num_vars: int, num_clauses: int) -> list[list[int]]:
    return [[rng.choice((1, -1)) * v for v in rng.sample(range(1, num_vars + 1),
                                                         rng.randint(1, 3))]
            for _ in range(num_clauses)]


@pytest.mark.parametrize("seed", range(60))
def test_every_model_lies_in_exactly_one_cube(seed: int) -> None:
    rng = random.Random(seed)
    num_vars = rng.randint(3, 9)
    clauses = _random_cnf(rng, num_vars, rng.randint(2, 3 * num_vars))
    assumptions = [rng.choice((1, -1)) * rng.randint(1, num_vars)] if seed % 3 == 0 else []
    branch_on = rng.sample(range(1, num_vars + 1), rng.randint(1, num_vars))
    depth = rng.randint(0, 4)
    models = [m for m in _models(clauses, num_vars) if all(a in m for a in assumptions)]
    with Lookahead(clauses, branch_on) as look:
        cubes = look.split((), depth, assumptions)
    for model in models:
        assert sum(all(lit in model for lit in cube) for cube in cubes) == 1
    for cube in cubes:
        assert len({abs(lit) for lit in cube}) == len(cube)  # no variable twice
    assert len(cubes) <= 2 ** depth


def test_a_split_extends_the_cube_it_is_given() -> None:
    clauses = [[1, 2, 3], [-1, -2], [-2, -3], [3, 4]]
    models = _models(clauses, 4)
    with Lookahead(clauses, [1, 2, 3, 4]) as look:
        cubes = look.split((2,), 2)
    assert cubes and all(cube[0] == 2 for cube in cubes)
    inside = [m for m in models if 2 in m]
    assert sorted(sum(all(lit in m for lit in c) for c in cubes) for m in inside) == \
        [1] * len(inside)


def test_propagation_refutes_every_cube_of_a_formula_without_models() -> None:
    with Lookahead([[1, 2], [1, -2], [-1, 2], [-1, -2]], [1, 2]) as look:
        assert look.split((), 3) == []


def test_added_clauses_narrow_the_cubes() -> None:
    with Lookahead([[1, 2]], [1, 2]) as look:
        before = look.split((), 2)
        look.add_clauses([[-1]])
        after = look.split((), 2)
    assert len(before) == 3 and after == [(-1, 2)]  # units of the solver itself join the cube


def test_depth_zero_is_the_cube_itself_with_what_it_forces() -> None:
    with Lookahead([[1, 2], [-1, 3], [-2, 3]], [1, 2, 3]) as look:
        assert look.split((), 0) == [(3,)]


@pytest.mark.parametrize("depth", [-1, 1.5, True, "2"])
def test_a_depth_that_is_no_count_is_refused(depth: object) -> None:
    with Lookahead([[1, 2]], [1, 2]) as look, \
            pytest.raises(InvalidArgumentError, match="depth"):
        look.split((), depth)  # type: ignore[arg-type]


def test_variable_zero_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="0"):
        Lookahead([[1]], [0, 1])


def test_a_past_deadline_stops_the_split() -> None:
    with Lookahead([[1, 2]], [1, 2]) as look, pytest.raises(SolveTimeout):
        look.split((), 2, deadline=Deadline(0))
