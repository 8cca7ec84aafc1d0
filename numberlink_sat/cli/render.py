"""``numberlink-sat render``: draw a puzzle (and its solution) as text, SVG or PNG.

``numberlink-sat render FILE [--solve] [--out board.svg|board.png]``. Without ``--out``
the board is printed as text (ANSI colour on a terminal unless ``NO_COLOR`` is set or
``--colour never``); ``--out -`` writes the SVG to standard output.

Exit status: 0 drawn (and solved, or unique with ``--diff``), 1 no solution, 2 bad input
or usage, 3 not unique (``--diff`` then draws two solutions and where they differ),
4 time limit passed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    add_solver_options,
    parse_input,
    positive_number,
    use_colour,
)
from numberlink_sat.cli.numberlink import add_rule_flags, load_puzzles, rule_choice
from numberlink_sat.errors import NumberlinkSatError

__all__ = ["register", "run"]

KINDS = ("numberlink", "numchain", "lianliankan")


def _cell_pair(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """argparse type for ``--link R,C:R,C``."""
    try:
        first, second = text.split(":")
        a = tuple(int(x) for x in first.split(","))
        b = tuple(int(x) for x in second.split(","))
        if len(a) != 2 or len(b) != 2:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected two cells as R,C:R,C (0-based), got {text!r}"
        ) from None
    return (a[0], a[1]), (b[0], b[1])


def register(sub: Any) -> None:
    """Add the ``render`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser(
        "render",
        help="draw a puzzle or its solution (text, SVG or PNG)",
        description="Draw a puzzle, its solution (--solve) or two differing solutions "
        "(--diff) as text on the terminal, or as SVG/PNG with --out.",
        epilog="exit status: 0 drawn/solved/unique, 1 no solution, 2 bad input or usage, "
        "3 not unique (--diff), 4 time limit",
    )
    p.add_argument("file", metavar="FILE",
                   help="puzzle file, - for standard input, or (Numberlink) a puzz.link URL")
    p.add_argument("--kind", choices=KINDS, default="numberlink",
                   help="which puzzle the file holds (default numberlink)")
    p.add_argument("--format", default="auto", metavar="NAME",
                   help="Numberlink text format (default auto; see docs/formats.md)")
    p.add_argument("--index", type=int, default=1, metavar="N",
                   help="which puzzle of a file holding several (1-based, default 1)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--solve", action="store_true", help="solve first and draw the solution")
    what.add_argument("--diff", action="store_true",
                      help="Numberlink: look for two solutions; draw both and mark where "
                      "they differ (exit 3), or the only one (exit 0)")
    p.add_argument("--out", metavar="PATH",
                   help="write the picture here: .svg or .png (PNG needs the png extra); "
                   "- writes SVG to standard output")
    p.add_argument("--theme", choices=("light", "dark"), default="light",
                   help="colours of the picture's board (default light)")
    p.add_argument("--cell", type=positive_number, default=40.0, metavar="PX",
                   help="cell size in the picture (default 40)")
    p.add_argument("--scale", type=positive_number, default=2.0, metavar="X",
                   help="PNG pixels per picture unit (default 2)")
    p.add_argument("--lines", action="store_true",
                   help="text output: draw paths with box-drawing lines instead of "
                   "repeating labels (--diff always does)")
    p.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                   help="ANSI colour in text output (default auto: on a terminal without "
                   "NO_COLOR)")
    rules = p.add_argument_group("Numberlink rule variants (with --solve/--diff)")
    add_rule_flags(rules)
    other = p.add_argument_group("Number Chain and Lianliankan")
    other.add_argument("--answer", metavar="DIRS",
                       help="Number Chain: draw this direction string instead of solving")
    other.add_argument("--link", type=_cell_pair, metavar="R,C:R,C",
                       help="Lianliankan: draw the link joining these two tiles")
    other.add_argument("--outside-ring", "--ring", action="store_true",
                       help="Lianliankan: links may run through the empty ring outside")
    add_solver_options(p)
    p.set_defaults(func=run)


def _emit(args: argparse.Namespace, svg_text: str, text: str) -> None:
    """Write the picture to ``--out`` (or stdout for ``-``), else print the text view."""
    from numberlink_sat.render import write_image

    if args.out == "-":
        sys.stdout.write(svg_text)
    elif args.out:
        kind = write_image(svg_text, args.out, scale=args.scale)
        print(f"wrote {kind.upper()} {args.out}", file=sys.stderr)
    else:
        print(text)


_ONLY_FOR = {
    "diff": ("numberlink", "--diff"),
    "fill": ("numberlink", "--fill/--no-fill"),
    "no_touch": ("numberlink", "--no-touch"),
    "no_2x2": ("numberlink", "--no-2x2"),
    "lines": ("numberlink", "--lines"),
    "answer": ("numchain", "--answer"),
    "link": ("lianliankan", "--link"),
    "outside_ring": ("lianliankan", "--outside-ring"),
}


def run(args: argparse.Namespace) -> int:
    """Carry out ``render`` for parsed ``args``; returns the exit status."""
    for dest, (kind, flag) in _ONLY_FOR.items():
        if getattr(args, dest) not in (None, False) and args.kind != kind:
            raise NumberlinkSatError(f"{flag} applies to --kind {kind} only")
    if args.kind == "numchain":
        return _run_numchain(args)
    if args.kind == "lianliankan":
        return _run_lianliankan(args)
    return _run_numberlink(args)


def _run_numberlink(args: argparse.Namespace) -> int:
    from numberlink_sat.numberlink.verify import verify
    from numberlink_sat.render import diff_svg, puzzle_svg, render_text, solution_svg

    puzzles = load_puzzles(args.file, args.format)
    if not 1 <= args.index <= len(puzzles):
        raise NumberlinkSatError(
            f"--index {args.index}: the file holds {len(puzzles)} puzzle(s)"
        )
    puzzle = puzzles[args.index - 1]
    colour = use_colour(sys.stdout, args.colour)
    style = {"cell": args.cell, "theme": args.theme}
    if not (args.solve or args.diff):
        _emit(args, puzzle_svg(puzzle, **style), render_text(puzzle, colour=colour))
        return EXIT_OK

    from numberlink_sat.numberlink.solve import solutions

    rules, source = rule_choice(puzzle, args)
    if puzzle.rules is not None:
        print(f"rules: {rules.describe()} ({source})", file=sys.stderr)
    found = list(solutions(puzzle, limit=2 if args.diff else 1, solver=args.solver,
                           time_limit=args.time_limit, **rules.as_kwargs()))
    for solution in found:
        problems = verify(puzzle, solution, **rules.as_kwargs())
        if problems:  # the independent judge disagrees with the solver: never draw it
            raise NumberlinkSatError("internal error, solver answer fails verify: "
                                     + "; ".join(problems))
    if not found:
        print("no solution", file=sys.stderr)
        return EXIT_NO_SOLUTION
    if len(found) == 1:
        if args.diff:
            print("unique", file=sys.stderr)
        _emit(args, solution_svg(puzzle, found[0], **style),
              render_text(puzzle, found[0], colour=colour, lines=args.lines))
        return EXIT_OK
    first, second = found
    cells = first.differing_cells(second)
    text = "\n\n".join([
        "first solution:\n" + render_text(puzzle, first, colour=colour, lines=True),
        "second solution:\n" + render_text(puzzle, second, colour=colour, lines=True),
        f"{len(cells)} cells differ (*):\n" + "\n".join(
            " ".join("*" if (r, c) in cells else "." for c in range(puzzle.width))
            for r in range(puzzle.height)
        ),
    ])
    print("not unique", file=sys.stderr)
    _emit(args, diff_svg(puzzle, first, second, **style), text)
    return EXIT_NOT_UNIQUE


def _run_numchain(args: argparse.Namespace) -> int:
    from numberlink_sat.numchain.model import parse
    from numberlink_sat.render import numchain_svg

    puzzle = parse_input(args.file, parse)
    grid = [list(row) for row in puzzle.grid]
    answer: str | None = args.answer
    status = EXIT_OK
    if args.solve and answer is None:
        from numberlink_sat.numchain.solve import solve
        from numberlink_sat.numchain.verify import verify

        answer = solve(puzzle, solver=args.solver, time_limit=args.time_limit)
        if answer is None:
            answer, status = "-1", EXIT_NO_SOLUTION
        else:
            problems = verify(puzzle, answer)
            if problems:
                raise NumberlinkSatError("internal error, solver answer fails verify: "
                                         + "; ".join(problems))
    width = max(len(str(v)) for row in grid for v in row)
    text = "\n".join(" ".join(str(v).rjust(width) for v in row) for row in grid)
    if answer is not None:
        text += "\n" + answer
    _emit(args, numchain_svg(grid, answer, cell=args.cell * 1.1, theme=args.theme), text)
    return status


def _run_lianliankan(args: argparse.Namespace) -> int:
    from numberlink_sat.lianliankan.board import parse_board
    from numberlink_sat.lianliankan.link import link
    from numberlink_sat.render import lianliankan_svg

    board = parse_input(args.file, parse_board)
    grid = [list(row) for row in board.cells]
    status = EXIT_OK
    note = ""
    pair = args.link
    if args.solve and pair is None:
        from numberlink_sat.lianliankan import solve

        order = solve(board, outside_ring=args.outside_ring, time_limit=args.time_limit,
                      solver=args.solver)
        if order is None:
            status, note = EXIT_NO_SOLUTION, "cannot be cleared"
        else:
            note = "clearing order: " + " ".join(
                f"{a[0]},{a[1]}:{b[0]},{b[1]}" for a, b in order
            )
            pair = order[0] if order else None
    cells = None
    if pair is not None:
        cells = link(board, pair[0], pair[1], outside_ring=args.outside_ring)
        if cells is None:
            raise NumberlinkSatError(
                f"no link of at most two turns joins {pair[0]} and {pair[1]}"
            )
    width = max(len(str(v)) for row in grid for v in row)
    text = "\n".join(" ".join(str(v).rjust(width) for v in row) for row in grid)
    if cells is not None:
        text += "\nlink: " + " ".join(f"{r},{c}" for r, c in cells)
    if note:
        print(note, file=sys.stderr)
    _emit(args, lianliankan_svg(grid, cells, cell=args.cell, theme=args.theme), text)
    return status
