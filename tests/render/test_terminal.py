"""Text output: plain tokens that read back, ANSI colour only when asked."""

from __future__ import annotations

import re
from pathlib import Path

from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.render import render_text
from numberlink_sat.render.terminal import ansi_256

DATA = Path(__file__).resolve().parents[1] / "data"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def seed_example() -> tuple[Puzzle, Solution]:
    puzzle = parse((DATA / "seed000_7x7.txt").read_text())
    solution = parse_solution((DATA / "seed000_7x7_solution.txt").read_text())
    return puzzle, solution


def test_plain_puzzle_text_reads_back_as_the_same_puzzle():
    puzzle, _ = seed_example()
    text = render_text(puzzle)
    assert "\x1b" not in text
    assert parse(text, "tokens") == puzzle
    assert text.splitlines()[0] == ". . . . . . 4"


def test_plain_solution_text_is_the_label_grid():
    puzzle, solution = seed_example()
    text = render_text(puzzle, solution)
    assert "\x1b" not in text
    grid = [line.split() for line in text.splitlines()]
    expected = [
        ["X" if (r, c) in puzzle.blocked else lab for c, lab in enumerate(row)]
        for r, row in enumerate(solution.grid())
    ]
    assert grid == expected


def test_colour_text_has_the_same_tokens_once_escapes_are_removed():
    puzzle, solution = seed_example()
    coloured = render_text(puzzle, solution, colour=True)
    assert ANSI.search(coloured)
    stripped = [line.split() for line in ANSI.sub("", coloured).splitlines()]
    assert stripped == [line.split() for line in render_text(puzzle, solution).splitlines()]
    # endpoints bold and underlined: 2 per label
    assert coloured.count("\x1b[1;4;") == 2 * len(puzzle.labels)


def test_long_labels_are_padded_to_one_width():
    puzzle = Puzzle(3, 1, {"10": ((0, 0), (0, 2))})
    assert render_text(puzzle) == "10 .  10"
    assert render_text(puzzle, Solution(3, 1, {"10": [(0, 0), (0, 1), (0, 2)]})) == "10 10 10"


def test_relaxed_solution_keeps_empty_cells_as_dots():
    puzzle = Puzzle(3, 2, {"1": ((0, 0), (0, 2))})
    solution = Solution(3, 2, {"1": [(0, 0), (0, 1), (0, 2)]})
    assert render_text(puzzle, solution) == "1 1 1\n. . ."


def test_ansi_256_cube():
    assert ansi_256("#ff0000") == 196
    assert ansi_256("#00ff00") == 46
    assert ansi_256("#5f87af") == 16 + 36 * 1 + 6 * 2 + 3


def test_lines_view_follows_each_path():
    puzzle, solution = seed_example()
    text = render_text(puzzle, solution, lines=True)
    assert "\x1b" not in text
    rows = text.splitlines()
    assert len(rows) == puzzle.height
    # every cell sits at column 2*c; ends show their label, path cells a line piece
    # whose arms point exactly at the path's neighbours
    arms = {"─": "LR", "│": "UD", "┌": "DR", "┐": "DL", "└": "UR", "┘": "UL"}
    for label, path in solution.paths.items():
        for i, (r, c) in enumerate(path):
            ch = rows[r][2 * c]
            if i in (0, len(path) - 1):
                assert ch == label
                continue
            want = set()
            for (pr, pc) in (path[i - 1], path[i + 1]):
                want.add({(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}[(pr - r, pc - c)])
            assert set(arms[ch]) == want, (label, (r, c), ch)
    for r, c in puzzle.blocked:
        assert rows[r][2 * c] == "X"


def test_lines_view_tells_two_solutions_apart_where_labels_cannot():
    puzzle = parse("1 . .\n. . .\n. . 1")
    first = Solution(3, 3, {"1": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0),
                                  (2, 1), (2, 2)]})
    second = Solution(3, 3, {"1": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2),
                                   (1, 2), (2, 2)]})
    assert render_text(puzzle, first) == render_text(puzzle, second)
    assert render_text(puzzle, first, lines=True) != render_text(puzzle, second, lines=True)
    coloured = render_text(puzzle, first, lines=True, colour=True)
    assert ANSI.sub("", coloured) == render_text(puzzle, first, lines=True)
