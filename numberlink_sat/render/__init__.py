"""Pictures and text views of puzzles and solutions.

- :mod:`.svg`: SVG of a Numberlink puzzle, a solution, two solutions and their
  differences, a Number Chain route, a Lianliankan link (no dependency).
- :mod:`.palette`: label colours readable on light and dark backgrounds, neighbours far
  apart.
- :mod:`.terminal`: the text grid the CLI prints, in ANSI colour when asked.
- :mod:`.png`: PNG through the optional ``png`` extra, and :func:`write_image`.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> print(render_text(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}, blocked=[(0, 1)])))
1 X 1
"""

from numberlink_sat.render.palette import PALETTE, assign_colours
from numberlink_sat.render.png import MissingExtraError, png_available, svg_to_png, write_image
from numberlink_sat.render.svg import (
    THEMES,
    diff_svg,
    label_colours,
    lianliankan_svg,
    numchain_svg,
    puzzle_svg,
    solution_svg,
)
from numberlink_sat.render.terminal import render_text

__all__ = [
    "PALETTE",
    "THEMES",
    "MissingExtraError",
    "assign_colours",
    "diff_svg",
    "label_colours",
    "lianliankan_svg",
    "numchain_svg",
    "png_available",
    "puzzle_svg",
    "render_text",
    "solution_svg",
    "svg_to_png",
    "write_image",
]
