"""Label colours: readable on both themes, distinct, neighbours far apart."""

from __future__ import annotations

import itertools
import random

import pytest

from numberlink_sat.render.palette import (
    DARK_BACKGROUND,
    LIGHT_BACKGROUND,
    PALETTE,
    _farthest_first,
    adjacency_from_cells,
    assign_colours,
    colour_distance,
    contrast_ratio,
    extended_palette,
)


def test_written_out_palette_is_the_computed_one():
    assert _farthest_first(len(PALETTE), True) == PALETTE


def test_every_colour_keeps_3_to_1_contrast_on_light_and_dark():
    weak = [
        colour
        for colour in extended_palette(400)
        if min(contrast_ratio(colour, LIGHT_BACKGROUND),
               contrast_ratio(colour, DARK_BACKGROUND)) < 3.0
    ]
    assert weak == []


def test_base_colours_are_clearly_distinct():
    closest = min(colour_distance(a, b) for a, b in itertools.combinations(PALETTE, 2))
    assert closest > 15  # CIE76: about 2.3 is "just noticeable"


@pytest.mark.parametrize("count", [1, 20, 21, 150, 900])
def test_extended_palette_is_distinct_and_starts_with_the_base(count):
    colours = extended_palette(count)
    assert len(colours) >= count
    assert len(set(colours)) == len(colours)
    assert colours[: min(count, len(PALETTE))] == PALETTE[: min(count, len(PALETTE))]


def grid_owner(width: int, height: int, rng: random.Random, labels: int):
    """A random board of labels in blobs, to get a dense neighbour graph."""
    return {(r, c): str((r // 2 * width + c // 2 + rng.randrange(2)) % labels)
            for r in range(height) for c in range(width)}


def min_neighbour_distance(colours, pairs):
    return min(colour_distance(colours[a], colours[b]) for a, b in pairs)


@pytest.mark.parametrize("seed", range(5))
def test_neighbours_get_farther_colours_than_palette_order(seed):
    rng = random.Random(seed)
    owner = grid_owner(24, 24, rng, 90)
    labels = sorted(set(owner.values()), key=int)
    pairs = adjacency_from_cells(owner)
    colours = assign_colours(labels, pairs)
    assert set(colours) == set(labels)
    assert len(set(colours.values())) == len(labels)  # every label its own colour
    in_order = dict(zip(labels, extended_palette(len(labels)), strict=False))
    assert min_neighbour_distance(colours, pairs) > min_neighbour_distance(in_order, pairs)
    assert min_neighbour_distance(colours, pairs) > 10


def test_assignment_is_deterministic_and_respects_a_given_palette():
    pairs = [("a", "b"), ("b", "c")]
    assert assign_colours("abc", pairs) == assign_colours("abc", pairs)
    mine = ["#000000", "#ffffff", "#ff0000"]
    got = assign_colours("abc", pairs, palette=mine)
    assert sorted(got.values()) == sorted(mine)
    with pytest.raises(ValueError, match="colours"):
        assign_colours("abcd", palette=mine)


def test_adjacency_ignores_same_label_and_diagonals():
    owner = {(0, 0): "a", (0, 1): "a", (1, 1): "b", (1, 0): "c", (2, 2): "d"}
    assert adjacency_from_cells(owner) == {("a", "b"), ("a", "c"), ("b", "c")}
