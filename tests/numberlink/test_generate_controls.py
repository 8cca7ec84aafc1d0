"""The generator's controls: validated up front, honoured by every puzzle it returns.

Uniqueness is judged by the exhaustive enumerator of ``exhaustive.py`` (no SAT code),
the controls by :func:`control_problems` and by direct checks here.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from numberlink_sat.cli import main
from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.numberlink.generator import (
    GenerationFailed,
    GeneratorControls,
    control_problems,
    generate_with_solution,
    longest_induced_path,
    make_controls,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from tests.numberlink.exhaustive import brute_path_sets


def _unique(puzzle: Puzzle, solution: Solution, fill: bool) -> bool:
    found = brute_path_sets(puzzle, fill=fill)
    assert found is not None, "enumeration budget"
    return [Solution(puzzle.width, puzzle.height, f) for f in found] == [solution]


def test_min_length_20_on_5x5_is_an_error_never_an_empty_board(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InvalidPuzzleError, match="longest non-touching path"):
        generate_with_solution(5, 5, min_length=20)
    assert main(["generate", "--size", "5x5", "--min-length", "20"]) == 2
    captured = capsys.readouterr()
    assert "unique" not in captured.err and captured.out == ""
    assert "min_length 20" in captured.err


def test_longest_induced_path_small_boards() -> None:
    assert [longest_induced_path(n, n) for n in (2, 3, 4, 5)] == [3, 7, 11, 17]
    assert longest_induced_path(2, 1) == 2


@pytest.mark.parametrize("kwargs, match", [
    ({"empty_share": (0.1, 0.2)}, "fill=False"),
    ({"fill": False, "empty_share": (0.3, 0.1)}, "min <= max"),
    ({"fill": False, "empty_share": (0.99, 1.0)}, "no room"),
    ({"symmetry": "spiral"}, "symmetry"),
    ({"no_border_clues": True, "width": 3, "height": 3}, "border"),
    ({"min_labels": 9, "no_adjacent_ends": True}, "do not fit"),
    ({"conflict_budget": 0}, "conflict_budget"),
    ({"no_adjacent_ends": 1}, "True or False"),
    ({"difficulty": (50, 10)}, "difficulty"),
    ({"fill": False, "empty_share": (0.1, 0.3), "no_border_clues": True}, "not supported"),
    ({"fill": False, "empty_share": (0.1, 0.3), "no_adjacent_ends": True}, "not supported"),
])
def test_impossible_or_bad_controls_fail_up_front(kwargs: dict[str, Any], match: str) -> None:
    size = {"width": kwargs.pop("width", 5), "height": kwargs.pop("height", 5)}
    with pytest.raises(ValueError, match=match):
        GeneratorControls(**size, **kwargs)


def test_controls_object_and_keywords_agree() -> None:
    c = make_controls(6, 6, symmetry="rot180", time_limit=30)
    assert c.candidate_time_limit == 30
    a = generate_with_solution(6, 6, seed=4, controls=c)
    b = generate_with_solution(6, 6, seed=4, symmetry="rot180", time_limit=30)
    assert a.puzzle == b.puzzle
    with pytest.raises(TypeError, match="unknown"):
        make_controls(6, 6, colour=True)


_CONTROLS = st.fixed_dictionaries({}, optional={
    "symmetry": st.sampled_from(["none", "rot180", "mirror-lr", "mirror-tb"]),
    "no_border_clues": st.booleans(),
    "no_adjacent_ends": st.booleans(),
    "min_length": st.integers(2, 4),
    "allow_blocked": st.booleans(),
    "difficulty": st.sampled_from([(0.0, 30.0), (20.0, 1000.0)]),
})


@settings(max_examples=30, deadline=None)
@given(width=st.integers(3, 5), height=st.integers(3, 5), seed=st.integers(0, 10**6),
       fill=st.booleans(), empty=st.booleans(), extra=_CONTROLS)
# a repair that removed every cell of a segment once crashed the plan (min of nothing)
@example(width=4, height=4, seed=6105, fill=False, empty=True,
         extra={"difficulty": (20.0, 1000.0), "no_adjacent_ends": False,
                "symmetry": "mirror-lr"})
def test_property_every_control_met_and_unique(width: int, height: int, seed: int,
                                               fill: bool, empty: bool,
                                               extra: dict[str, Any]) -> None:
    kwargs: dict[str, Any] = {"fill": fill, **extra}
    if empty and not fill:
        kwargs["empty_share"] = (0.1, 0.4)
    try:
        controls = make_controls(width, height, max_attempts=20, **kwargs)
    except ValueError:
        event("refused up front")
        return  # refused up front: fine (tested above)
    try:
        g = generate_with_solution(width, height, seed=seed, controls=controls)
    except GenerationFailed:
        event("unlucky")
        return  # an unlucky draw; never a wrong puzzle
    event("made")
    assert control_problems(g.puzzle, g.solution, controls) == []
    assert g.puzzle.labels
    assert _unique(g.puzzle, g.solution, fill)


@pytest.mark.parametrize("symmetry", ["rot180", "mirror-lr", "mirror-tb"])
def test_symmetry_is_exact_on_clues_and_blocked_cells(symmetry: str) -> None:
    w, h = 9, 8
    for seed in range(6):
        g = generate_with_solution(9, 8, seed=seed, symmetry=symmetry, min_length=3,
                                   max_attempts=30)
        ends = {c for pair in g.puzzle.endpoints.values() for c in pair}
        image = {
            "rot180": lambda r, c: (h - 1 - r, w - 1 - c),
            "mirror-lr": lambda r, c: (r, w - 1 - c),
            "mirror-tb": lambda r, c: (h - 1 - r, c),
        }[symmetry]
        assert {image(*x) for x in ends} == ends
        assert {image(*x) for x in g.puzzle.blocked} == set(g.puzzle.blocked)
        assert all(len(p) >= 3 for p in g.solution.paths.values())


def test_empty_cells_by_design_are_unique_under_the_nikoli_rule() -> None:
    seen = 0
    for seed in range(8):
        g = generate_with_solution(5, 5, seed=seed, fill=False, empty_share=(0.12, 0.4),
                                   max_attempts=40)
        assert not g.puzzle.blocked
        empty = 25 - sum(len(p) for p in g.solution.paths.values())
        assert 3 <= empty <= 10 and g.stats.empty == empty
        assert verify(g.puzzle, g.solution, fill=False) == []
        assert _unique(g.puzzle, g.solution, fill=False)
        seen += 1
    assert seen == 8


def test_border_and_spacing_controls() -> None:
    for seed in range(6):
        g = generate_with_solution(7, 7, seed=seed, no_border_clues=True,
                                   no_adjacent_ends=True, max_attempts=40)
        ends = [c for pair in g.puzzle.endpoints.values() for c in pair]
        assert all(0 < r < 6 and 0 < c < 6 for r, c in ends)
        cells = set(ends)
        assert not any((r + 1, c) in cells or (r, c + 1) in cells for r, c in ends)
        assert _unique(g.puzzle, g.solution, True)


def test_difficulty_range_is_met_and_reported() -> None:
    from numberlink_sat.numberlink.difficulty import rate

    for seed in range(4):
        g = generate_with_solution(8, 8, seed=seed, difficulty=(40.0, 400.0), max_attempts=60)
        score = rate(g.puzzle).score
        assert 40.0 <= score <= 400.0 and g.stats.difficulty == score
        assert g.stats.difficulty_grade is not None


def test_a_generated_puzzle_stays_hashable() -> None:
    g = generate_with_solution(4, 4, seed=1)
    assert isinstance(hash(g), int) and isinstance(hash(g.stats), int)  # TypeError before
