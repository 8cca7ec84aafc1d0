"""Write the pictures under docs/img from hand-written examples (no solver needed).

Run from the repository root: ``python docs/img/make_images.py``. ``tests/test_docs.py``
checks that the committed pictures equal what this script makes, so re-run it after
changing the renderer. Every Numberlink solution here is checked by the verifier first.
"""

from __future__ import annotations

import sys
from pathlib import Path

from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.render import (
    diff_svg,
    label_colours,
    lianliankan_svg,
    numchain_svg,
    puzzle_svg,
    solution_svg,
)

HERE = Path(__file__).resolve().parent

SEED_PUZZLE = """\
. . . . . . 4
. . . . . 3 .
. . 2 2 . . 3
. . . . X . 1
. . 6 . . 7 7
5 4 . X . X 1
. 5 . 6 . . .
"""
"""The 7 x 7 example (docs/examples/seed-7x7.txt holds the same puzzle)."""

SEED_PATHS = {
    "4": [(0, 6), (0, 5), (0, 4), (0, 3), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0),
          (4, 0), (4, 1), (5, 1)],
    "3": [(1, 5), (1, 6), (2, 6)],
    "2": [(2, 2), (2, 3)],
    "1": [(3, 6), (3, 5), (2, 5), (2, 4), (1, 4), (1, 3), (1, 2), (1, 1), (2, 1), (3, 1),
          (3, 2), (3, 3), (4, 3), (4, 4), (5, 4), (6, 4), (6, 5), (6, 6), (5, 6)],
    "6": [(4, 2), (5, 2), (6, 2), (6, 3)],
    "7": [(4, 5), (4, 6)],
    "5": [(5, 0), (6, 0), (6, 1)],
}
"""Its solution."""


def tokens(text: str) -> Puzzle:
    """A puzzle from the tokens format (kept here so the script needs no parser)."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    ends: dict[str, list[tuple[int, int]]] = {}
    blocked = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token == "X":
                blocked.append((r, c))
            elif token != ".":
                ends.setdefault(token, []).append((r, c))
    return Puzzle(len(rows[0]), len(rows), {k: (v[0], v[1]) for k, v in ends.items()}, blocked)


def checked(puzzle: Puzzle, paths: dict[str, list[tuple[int, int]]], **rules: bool) -> Solution:
    solution = Solution(puzzle.width, puzzle.height, paths)
    problems = verify(puzzle, solution, **rules)
    if problems:
        raise SystemExit(f"example solution is wrong: {problems}")
    return solution


def images() -> dict[str, str]:
    """File name -> SVG text of every picture."""
    out: dict[str, str] = {}

    seed = tokens(SEED_PUZZLE)
    seed_solution = checked(seed, SEED_PATHS)
    colours = label_colours(seed, seed_solution)
    out["readme-puzzle.svg"] = puzzle_svg(seed, colours=colours,
                                          title="Numberlink puzzle (7x7)")
    out["readme-solution.svg"] = solution_svg(seed, seed_solution, colours=colours,
                                              title="Its solution (7x7)")

    relaxed = tokens("1 . . 1\n. X . .\n")
    out["rules-relaxed.svg"] = solution_svg(
        relaxed,
        checked(relaxed, {"1": [(0, 0), (0, 1), (0, 2), (0, 3)]}, fill=False),
        title="Solved only when cells may stay empty (fill off)",
    )

    touch = tokens("1 . .\n1 . .\n")
    out["rules-touch.svg"] = solution_svg(
        touch,
        checked(touch, {"1": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]}),
        title="The only solution: the path touches itself and fills a 2x2 square",
    )

    two = tokens("1 . .\n. . .\n. . 1\n")
    out["rules-two-solutions.svg"] = diff_svg(
        two,
        checked(two, {"1": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1),
                            (2, 2)]}),
        checked(two, {"1": [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2), (1, 2),
                            (2, 2)]}),
        title="Not unique: two solutions, differing cells outlined",
    )

    out["numchain-sample.svg"] = numchain_svg([[0, 2, 0], [1, 1, 1], [2, 0, 2]], "41255214",
                                              title="Number Chain sample, answer 41255214")

    board = [[1, 0, 2, 3], [0, 0, 0, 1], [2, 4, 4, 3]]
    out["lianliankan-one-turn.svg"] = lianliankan_svg(board, [(0, 0), (1, 0), (1, 3)])
    out["lianliankan-two-turns.svg"] = lianliankan_svg(board, [(0, 2), (1, 2), (1, 0), (2, 0)])
    out["lianliankan-ring.svg"] = lianliankan_svg(board, [(0, 3), (0, 4), (2, 4), (2, 3)])
    return out


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else HERE
    for name, svg in images().items():
        (target / name).write_text(svg, encoding="utf-8")
        print(f"wrote {target / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
