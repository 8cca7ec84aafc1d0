"""The SVG pictures: well-formed XML, one path per label, the right cells, true geometry."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.grid import KING_STEPS
from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.render import (
    diff_svg,
    label_colours,
    lianliankan_svg,
    numchain_svg,
    puzzle_svg,
    solution_svg,
)

DATA = Path(__file__).resolve().parents[1] / "data"
NS = "{http://www.w3.org/2000/svg}"


def seed_example() -> tuple[Puzzle, Solution]:
    puzzle = parse((DATA / "seed000_7x7.txt").read_text())
    solution = parse_solution((DATA / "seed000_7x7_solution.txt").read_text())
    return puzzle, solution


def elements(svg: str, tag: str, cls: str | None = None) -> list[ET.Element]:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == NS + "svg"
    found = root.iter(NS + tag)
    if cls is None:
        return list(found)
    return [e for e in found if cls in (e.get("class") or "").split()]


def path_points(d: str) -> list[tuple[float, float]]:
    """The vertices of an ``M x y L x y ...`` path."""
    assert re.fullmatch(r"M[-\d.]+ [-\d.]+( L[-\d.]+ [-\d.]+)*", d), d
    numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def to_cells(points: list[tuple[float, float]], size: float, x0: float, y0: float):
    cells = []
    for x, y in points:
        c, r = (x - x0) / size - 0.5, (y - y0) / size - 0.5
        assert abs(c - round(c)) < 1e-6 and abs(r - round(r)) < 1e-6
        cells.append((round(r), round(c)))
    return cells


def test_solution_svg_one_path_per_label_and_every_cell():
    puzzle, solution = seed_example()
    svg = solution_svg(puzzle, solution, cell=40)
    paths = elements(svg, "path", "path")
    assert sorted(p.get("data-label") for p in paths) == sorted(puzzle.labels)
    assert len(elements(svg, "path")) == len(puzzle.labels)  # no other <path> at all
    cells = elements(svg, "rect", "cell")
    assert len(cells) == puzzle.width * puzzle.height
    blocked = {
        (round((float(e.get("y")) - 20) / 40), round((float(e.get("x")) - 20) / 40))
        for e in elements(svg, "rect", "blocked")
    }
    assert blocked == set(puzzle.blocked)
    assert len(elements(svg, "circle", "end")) == 2 * len(puzzle.labels)
    labels = sorted(t.text for t in elements(svg, "text", "label"))
    assert labels == sorted(lab for lab in puzzle.labels for _ in range(2))


def test_solution_svg_lines_run_through_the_path_cells_in_order():
    puzzle, solution = seed_example()
    svg = solution_svg(puzzle, solution, cell=30)
    for element in elements(svg, "path", "path"):
        label = element.get("data-label")
        cells = to_cells(path_points(element.get("d")), 30, 15, 15)
        assert tuple(cells) == solution.paths[label]


def test_colours_match_between_puzzle_and_solution_when_shared():
    puzzle, solution = seed_example()
    colours = label_colours(puzzle, solution)
    drawn = {
        e.get("data-label"): e.get("fill")
        for e in elements(puzzle_svg(puzzle, colours=colours), "circle", "end")
    }
    stroked = {
        e.get("data-label"): e.get("stroke")
        for e in elements(solution_svg(puzzle, solution), "path", "path")
    }
    assert drawn == stroked == colours
    assert len(set(colours.values())) == len(puzzle.labels)


def test_puzzle_svg_has_no_paths_and_dark_theme_differs():
    puzzle, _ = seed_example()
    light, dark = puzzle_svg(puzzle), puzzle_svg(puzzle, theme="dark")
    assert elements(light, "path") == []
    assert len(elements(dark, "rect", "cell")) == 49
    assert light != dark
    with pytest.raises(ValueError, match="unknown theme"):
        puzzle_svg(puzzle, theme="sepia")


def test_diff_svg_marks_exactly_the_differing_cells_on_both_panels():
    puzzle = Puzzle(3, 3, {"1": ((0, 0), (2, 2))})
    first = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0),
                                  (2, 0), (2, 1), (2, 2)]})
    second = Solution(3, 3, {"1": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1),
                                   (0, 2), (1, 2), (2, 2)]})
    svg = diff_svg(puzzle, first, second, cell=40)
    root = ET.fromstring(svg)
    panels = [g for g in root.iter(NS + "g") if g.get("class") == "panel"]
    assert len(panels) == 2
    expected = first.differing_cells(second)
    assert expected  # the two solutions do differ
    for panel, x0 in zip(panels, (20, 20 + 120 + 20), strict=True):
        assert len([e for e in panel.iter(NS + "path")]) == 1
        assert len([e for e in panel.iter(NS + "rect") if e.get("class") == "cell"]) == 9
        marked = set()
        for e in panel.iter(NS + "rect"):
            if e.get("class") == "diff":
                marked.add((int((float(e.get("y")) - 20 - 32) // 40),
                            int((float(e.get("x")) - x0) // 40)))
        assert marked == expected
    assert f"{len(expected)} cells differ" in svg


def test_diff_of_equal_solutions_marks_nothing():
    puzzle, solution = seed_example()
    svg = diff_svg(puzzle, solution, solution)
    assert elements(svg, "rect", "diff") == []
    assert "0 cells differ" in svg


def test_board_size_mismatch_is_an_error():
    puzzle, _ = seed_example()
    with pytest.raises(InvalidPuzzleError, match="7x7"):
        solution_svg(puzzle, Solution(2, 2, {}))


def test_labels_are_escaped():
    puzzle = Puzzle(3, 1, {"<&>": ((0, 0), (0, 2))})
    solution = Solution(3, 1, {"<&>": [(0, 0), (0, 1), (0, 2)]})
    svg = solution_svg(puzzle, solution)
    assert [t.text for t in elements(svg, "text", "label")] == ["<&>", "<&>"]
    assert elements(svg, "path", "path")[0].get("data-label") == "<&>"


def random_solution(rng: random.Random, width: int, height: int) -> tuple[Puzzle, Solution]:
    """Disjoint random walks (not a valid Numberlink answer; the renderer draws anything)."""
    free = {(r, c) for r in range(height) for c in range(width)}
    paths = {}
    for number in range(1, width * height):
        if len(free) < 2:
            break
        start = rng.choice(sorted(free))
        path = [start]
        free.discard(start)
        while rng.random() < 0.8:
            r, c = path[-1]
            options = [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in free]
            if not options:
                break
            path.append(rng.choice(options))
            free.discard(path[-1])
        if len(path) >= 2:
            paths[str(number)] = path
    blocked = set(rng.sample(sorted(free), len(free) // 2))
    puzzle = Puzzle(width, height, {lab: (p[0], p[-1]) for lab, p in paths.items()}, blocked)
    return puzzle, Solution(width, height, paths)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 10**6))
def test_random_boards_render_well_formed(width, height, seed):
    puzzle, solution = random_solution(random.Random(seed), width, height)
    svg = solution_svg(puzzle, solution, theme="dark" if seed % 2 else "light")
    assert len(elements(svg, "path", "path")) == len(puzzle.labels)
    assert len(elements(svg, "rect", "cell")) == width * height
    assert len(elements(svg, "rect", "blocked")) == len(puzzle.blocked)
    for element in elements(svg, "path", "path"):
        cells = to_cells(path_points(element.get("d")), 40, 20, 20)
        assert tuple(cells) == solution.paths[element.get("data-label")]


def walk(answer: str) -> list[tuple[int, int]]:
    cells = [(0, 0)]
    for ch in answer:
        dr, dc = KING_STEPS[int(ch)]
        cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
    return cells


def test_numchain_svg_route_numbers_and_directions():
    grid = [[0, 2, 0], [1, 1, 1], [2, 0, 2]]
    svg = numchain_svg(grid, "41255214", cell=44)
    assert len(elements(svg, "rect", "cell")) == 9
    (route,) = elements(svg, "path", "path")
    assert to_cells(path_points(route.get("d")), 44, 22, 22) == walk("41255214")
    assert "".join(t.text for t in elements(svg, "text", "direction")) == "41255214"
    numbers = [int(t.text) for t in elements(svg, "text", "number")]
    assert numbers == [v for row in grid for v in row]


@pytest.mark.parametrize("answer", [None, "", "-1"])
def test_numchain_svg_without_route(answer):
    svg = numchain_svg([[0, 1], [1, 0]], answer)
    assert elements(svg, "path") == []
    assert ("no path" in svg) == (answer == "-1")


@pytest.mark.parametrize(
    ("answer", "message"), [("48", "not a direction"), ("0", "leaves the board")]
)
def test_numchain_svg_rejects_bad_routes(answer, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        numchain_svg([[0, 1], [1, 0]], answer)


def test_numchain_svg_rejects_ragged_grid():
    with pytest.raises(InvalidPuzzleError, match="row 1"):
        numchain_svg([[0, 1], [1]], None)


def test_lianliankan_svg_tiles_and_link_through_the_outer_ring():
    grid = [[1, 0, 2, 3], [0, 0, 0, 1], [2, 4, 4, 3]]
    link = [(0, 0), (-1, 0), (-1, 3), (1, 3)]
    svg = lianliankan_svg(grid, link, cell=40)
    assert len(elements(svg, "rect", "cell")) == 12
    tiles = elements(svg, "rect", "tile")
    assert sorted(int(t.get("data-picture")) for t in tiles) == sorted(
        v for row in grid for v in row if v
    )
    (drawn,) = elements(svg, "path", "link")
    assert to_cells(path_points(drawn.get("d")), 40, 60, 60) == link
    assert len(elements(svg, "rect", "link-end")) == 2
    assert "2 turns" in svg
    # equal pictures share a colour, different ones do not
    fill = {}
    for t in tiles:
        fill.setdefault(t.get("data-picture"), set()).add(t.get("fill"))
    assert all(len(f) == 1 for f in fill.values())
    assert len({next(iter(f)) for f in fill.values()}) == len(fill)


def test_lianliankan_svg_without_link_and_bad_links():
    grid = [[1, 1]]
    assert elements(lianliankan_svg(grid), "path") == []
    with pytest.raises(InvalidPuzzleError, match="one row or column"):
        lianliankan_svg(grid, [(0, 0), (1, 1)])
    with pytest.raises(InvalidPuzzleError, match="outside the board"):
        lianliankan_svg(grid, [(0, 0), (0, 5)])
