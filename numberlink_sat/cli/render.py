"""``numberlink-sat render``: draw a puzzle (and its solution) as text, SVG or PNG.

``numberlink-sat render FILE [--solve | --diff | --solution SOLUTION] [--out board.svg]``.
Without ``--out`` the board is printed as text (ANSI colour on a terminal unless
``NO_COLOR`` is set or ``--colour never``); ``--out -`` writes the SVG to standard output.

Exit status: 0 drawn (and solved, or unique with ``--diff``), 1 no solution, 2 bad input
or usage, 3 not unique (``--diff`` then draws two solutions and where they differ),
4 time limit passed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    InputFileError,
    add_solver_options,
    display_name,
    parse_input,
    positive_number,
    use_colour,
)
from numberlink_sat.cli.numberlink import add_rule_flags, load_puzzles, load_solution, rule_choice
from numberlink_sat.errors import NumberlinkSatError
from numberlink_sat.family.base import Picture, PuzzleFamily

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
    what.add_argument("--solution", metavar="SOLUTION",
                      help="Numberlink: draw this solution (a solution file, pzprv3, or the "
                      "first line of solve/check --json), verified against the puzzle first")
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


def _emit(args: argparse.Namespace, picture: Picture) -> None:
    """Write the picture to ``--out`` (or stdout for ``-``), else print the text view."""
    from numberlink_sat.render import write_image

    if picture.note:
        print(picture.note, file=sys.stderr)
    if args.out == "-":
        sys.stdout.write(picture.svg)
    elif args.out:
        kind = write_image(picture.svg, args.out, scale=args.scale)
        print(f"wrote {kind.upper()} {args.out}", file=sys.stderr)
    else:
        print(picture.text)


_ONLY_FOR = {
    "diff": ("numberlink", "--diff"),
    "fill": ("numberlink", "--fill/--no-fill"),
    "no_touch": ("numberlink", "--no-touch"),
    "no_2x2": ("numberlink", "--no-2x2"),
    "lines": ("numberlink", "--lines"),
    "solution": ("numberlink", "--solution"),
    "answer": ("numchain", "--answer"),
    "link": ("lianliankan", "--link"),
    "outside_ring": ("lianliankan", "--outside-ring"),
}


def run(args: argparse.Namespace) -> int:
    """Carry out ``render`` for parsed ``args``; returns the exit status."""
    from numberlink_sat.family import get_family

    for dest, (kind, flag) in _ONLY_FOR.items():
        given = getattr(args, dest) is not None if dest == "fill" else getattr(args, dest)
        if given not in (None, False) and args.kind != kind:
            raise NumberlinkSatError(f"{flag} applies to --kind {kind} only")
    family = get_family(args.kind)
    reader = _READERS.get(family.name)
    puzzles = reader(args) if reader is not None else parse_input(
        args.file, lambda text: family.parse_all(text, format=args.format))
    if not 1 <= args.index <= len(puzzles):
        raise NumberlinkSatError(
            f"--index {args.index}: the file holds {len(puzzles)} puzzle(s)"
        )
    puzzle = puzzles[args.index - 1]
    choose = _RULE_CHOICE.get(family.name, _flag_rules)
    rules, rule_note = choose(family, puzzle, args)
    style: dict[str, Any] = {
        "rules": rules, "cell": args.cell, "theme": args.theme,
        "colour": use_colour(sys.stdout, args.colour),
    }
    given = args.answer if args.answer is not None else [args.link] if args.link else None
    if args.solution is not None:
        given = _given_solution(puzzle, args, rules)
    if given is not None or not (args.solve or args.diff):
        _emit(args, family.render(puzzle, given, lines=args.lines, **style))
        return EXIT_OK
    if rule_note:
        print(rule_note, file=sys.stderr)
    found = _answers(family, puzzle, args, rules)
    if not found:
        picture = family.render_no_answer(puzzle, **style)
        if picture is None:
            print(family.no_answer, file=sys.stderr)
        else:
            _emit(args, picture)
        return EXIT_NO_SOLUTION
    if len(found) == 1:
        if args.diff:
            print("unique", file=sys.stderr)
        picture = family.render(puzzle, found[0], lines=args.lines, **style)
        note = family.answer_note(found[0])
        _emit(args, Picture(picture.svg, picture.text, note) if note else picture)
        return EXIT_OK
    print("not unique", file=sys.stderr)
    style.pop("rules")
    _emit(args, family.render_pair(puzzle, found[0], found[1], **style))
    return EXIT_NOT_UNIQUE


def _answers(family: PuzzleFamily[Any, Any, Any], puzzle: Any, args: argparse.Namespace,
             rules: Any) -> list[Any]:
    """The verified answers to draw: up to two with ``--diff``, else at most one."""
    options = {"rules": rules, "solver": args.solver, "time_limit": args.time_limit}
    if family.enumerates:
        return family.solutions(puzzle, limit=2 if args.diff else 1, **options)
    answer = family.solve(puzzle, **options)
    return [] if answer is None else [answer]


def _given_solution(puzzle: Any, args: argparse.Namespace, rules: Any) -> Any:
    """The ``--solution`` file's solution, once the verifier accepts it under ``rules``."""
    from numberlink_sat.numberlink.verify import verify

    solution = load_solution(args.solution, puzzle)
    problems = verify(puzzle, solution, **rules.as_kwargs())
    if problems:
        raise InputFileError(
            args.solution, f"not a solution of {display_name(args.file)} "
            f"({rules.describe()}): " + "; ".join(str(p) for p in problems[:3])
            + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""))
    return solution


def _flag_rules(family: PuzzleFamily[Any, Any, Any], puzzle: Any,
                args: argparse.Namespace) -> tuple[Any, str]:
    """The family's rules from the command-line flags it knows."""
    flags = {"outside_ring": args.outside_ring}
    return family.rules(**{k: v for k, v in flags.items() if k in family.rule_names}), ""


def _numberlink_rules(family: PuzzleFamily[Any, Any, Any], puzzle: Any,
                      args: argparse.Namespace) -> tuple[Any, str]:
    """The flags over the rule the puzzle states (a puzz.link genre), and a note of it."""
    rules, source = rule_choice(puzzle, args)
    note = f"rules: {rules.describe()} ({source})" if puzzle.rules is not None else ""
    return rules, note


_READERS: dict[str, Callable[[argparse.Namespace], list[Any]]] = {
    "numberlink": lambda args: load_puzzles(args.file, args.format),
}
"""How a FILE argument is read where a family accepts more than text (Numberlink: a
puzz.link URL or a file of them); the others read the text with ``parse_all``."""

_RULE_CHOICE = {"numberlink": _numberlink_rules}
"""Where a puzzle can state its own rule (Numberlink), flags and puzzle are merged."""
