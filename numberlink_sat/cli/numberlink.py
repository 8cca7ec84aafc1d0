"""``numberlink-sat solve``, ``check`` and ``verify``: Numberlink from the command line.

Every answer is checked by the independent verifier before it is printed. For a file
of several puzzles each is answered in turn and the exit status is the first non-zero
one (see :mod:`numberlink_sat.cli.common` for the codes).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from numberlink_sat.cli.certify import add_certificate_option, certified_check, certified_solve
from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    InputFileError,
    add_solver_options,
    parse_input,
    use_colour,
)
from numberlink_sat.errors import InternalError, SolveTimeout
from numberlink_sat.numberlink.encode import RuleOptions
from numberlink_sat.numberlink.formats import FORMATS, parse_solution, read_text
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import NumberlinkSolver, solve
from numberlink_sat.numberlink.verify import verify

__all__ = ["register"]

VARIANTS: dict[str, dict[str, bool]] = {
    "plain": {"no_touch": False, "no_2x2": False},
    "no-touch": {"no_touch": True, "no_2x2": False},
    "no-2x2": {"no_touch": False, "no_2x2": True},
}


def register(sub: Any) -> None:
    """Add the ``solve``, ``check`` and ``verify`` subcommands."""
    p = sub.add_parser(
        "solve", help="solve Numberlink puzzles and print the solution",
        description="Solve each puzzle of FILE (or standard input with -) and print it solved. "
        "Exit 0 solved, 1 no solution, 2 bad input, 4 time limit.",
    )
    _add_common(p)
    add_certificate_option(p)
    p.add_argument("--dimacs", metavar="PATH",
                   help="also write the base CNF (before lazy loop cuts) in DIMACS form")
    p.set_defaults(func=run_solve)

    c = sub.add_parser(
        "check", help="tell whether puzzles have exactly one solution",
        description="Check each puzzle of FILE for uniqueness under the chosen rule variant. "
        "Exit 0 unique, 1 no solution, 2 bad input, 3 not unique, 4 time limit.",
    )
    _add_common(c)
    add_certificate_option(c)
    c.add_argument("--all-variants", action="store_true",
                   help="also answer under plain, no-touch and no-2x2 side by side")
    c.set_defaults(func=run_check)

    v = sub.add_parser(
        "verify", help="check a solution file against a puzzle",
        description="Print the rule violations of SOLUTION (the JSON solution format) for "
        "PUZZLE. Exit 0 valid, 1 invalid, 2 bad input.",
    )
    v.add_argument("puzzle", metavar="PUZZLE")
    v.add_argument("solution", metavar="SOLUTION")
    v.add_argument("--format", default="auto", choices=("auto", *FORMATS))
    _add_variant_flags(v)
    v.set_defaults(func=run_verify)


def _add_variant_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-fill", dest="fill", action="store_false",
                   help="cells may stay empty (default: every open cell on a path)")
    p.add_argument("--no-touch", action="store_true",
                   help="a path may not touch itself (the Flow Free / Arukone convention)")
    p.add_argument("--no-2x2", dest="no_2x2", action="store_true",
                   help="no 2x2 square of cells on one path")


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS),
                   help="input format (default: detect)")
    _add_variant_flags(p)
    add_solver_options(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per puzzle instead of a grid")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"),
                   help="colour the grid (default: when printing to a terminal; NO_COLOR wins)")
    p.add_argument("--svg", metavar="PATH",
                   help="also draw the answer to PATH (.svg, or .png with the png extra)")


def _load(args: argparse.Namespace) -> list[Puzzle]:
    puzzles = parse_input(args.file, lambda text: read_text(text, args.format))
    if not puzzles:
        raise InputFileError(args.file, "no puzzle found")
    return puzzles


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {"fill": args.fill, "no_touch": args.no_touch, "no_2x2": args.no_2x2}


def _variant_name(args: argparse.Namespace) -> str:
    return RuleOptions(**_options(args)).describe()


def _svg_path(base: str, index: int, total: int) -> str:
    if total == 1:
        return base
    path = Path(base)
    return str(path.with_name(f"{path.stem}-{index + 1}{path.suffix}"))


def _grid(puzzle: Puzzle, solution: Solution | None, colour: bool, lines: bool = False) -> str:
    from numberlink_sat.render import render_text

    return render_text(puzzle, solution, colour, lines=lines)


def _checked(puzzle: Puzzle, solution: Solution, options: dict[str, Any]) -> Solution:
    problems = verify(puzzle, solution, **options)
    if problems:  # pragma: no cover - would be an encoder bug
        raise InternalError("solver answer failed verification: " + "; ".join(problems))
    return solution


def _paths_json(solution: Solution | None) -> dict[str, list[list[int]]] | None:
    if solution is None:
        return None
    return {label: [list(c) for c in path] for label, path in solution.paths.items()}


def _header(index: int, total: int, puzzle: Puzzle) -> str | None:
    if total == 1:
        return None
    return f"# puzzle {index + 1} of {total} ({puzzle.width}x{puzzle.height})"


def run_solve(args: argparse.Namespace) -> int:
    """Solve every puzzle of the input; the exit status is the first non-zero one."""
    puzzles = _load(args)
    options = _options(args)
    colour = use_colour(sys.stdout, args.color) and not args.json
    worst = EXIT_OK
    for index, puzzle in enumerate(puzzles):
        if args.dimacs:
            _write_dimacs(puzzle, options, _svg_path(args.dimacs, index, len(puzzles)))
        try:
            found = (certified_solve(puzzle, options, args,
                                     _svg_path(args.certificate, index, len(puzzles)))
                     if args.certificate else
                     solve(puzzle, solver=args.solver, time_limit=args.time_limit, **options))
            code, status = (EXIT_OK, "solved") if found else (EXIT_NO_SOLUTION, "no solution")
            if found is not None:
                _checked(puzzle, found, options)
        except SolveTimeout as exc:
            found, code, status = None, EXIT_TIMEOUT, "timeout"
            if not args.json:
                print(f"numberlink-sat: timeout: {exc}", file=sys.stderr)
        if args.json:
            record: dict[str, Any] = {"status": status, "paths": _paths_json(found)}
            if len(puzzles) > 1:
                record["index"] = index
            print(json.dumps(record))
        else:
            head = _header(index, len(puzzles), puzzle)
            if head:
                print(head)
            print(_grid(puzzle, found, colour) if found else status)
        if args.svg and found is not None:
            from numberlink_sat.render import solution_svg, write_image

            write_image(solution_svg(puzzle, found), _svg_path(args.svg, index, len(puzzles)))
        worst = worst or code
    return worst


def _write_dimacs(puzzle: Puzzle, options: dict[str, Any], path: str) -> None:
    from numberlink_sat.numberlink.encode import NumberlinkEncoding

    enc = NumberlinkEncoding(puzzle, RuleOptions(**options))
    comments = [
        f"numberlink_sat {puzzle.width}x{puzzle.height}, {len(puzzle.labels)} labels",
        "base CNF: detached loops are not yet excluded; verify any model's paths",
    ]
    for k, (a, b) in enumerate(enc.cell_edges):
        comments.append(f"edge {enc.first_edge_var + k} {a[0]} {a[1]} {b[0]} {b[1]}")
    enc.write_dimacs(path, comments)


def _check_one(
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace
) -> tuple[str, list[Solution]]:
    """Status (unique / multiple / no solution / timeout) and the solutions found."""
    try:
        with NumberlinkSolver(
            puzzle, solver=args.solver, time_limit=args.time_limit, **options
        ) as engine:
            found = list(engine.solutions(2))
    except SolveTimeout:
        return "timeout", []
    for solution in found:
        _checked(puzzle, solution, options)
    status = {0: "no solution", 1: "unique"}.get(len(found), "multiple")
    return status, found


_STATUS_EXIT = {
    "unique": EXIT_OK, "no solution": EXIT_NO_SOLUTION, "multiple": EXIT_NOT_UNIQUE,
    "timeout": EXIT_TIMEOUT,
}
_STATUS_TEXT = {
    "unique": "unique", "no solution": "no solution", "multiple": "not unique",
    "timeout": "timeout",
}


def run_check(args: argparse.Namespace) -> int:
    """Check every puzzle of the input for uniqueness."""
    puzzles = _load(args)
    options = _options(args)
    colour = use_colour(sys.stdout, args.color) and not args.json
    worst = EXIT_OK
    for index, puzzle in enumerate(puzzles):
        status, found = (certified_check(puzzle, options, args,
                                         _svg_path(args.certificate, index, len(puzzles)))
                         if args.certificate else _check_one(puzzle, options, args))
        others: dict[str, str] = {}
        if args.all_variants:
            for name, flags in VARIANTS.items():
                others[name] = _check_one(puzzle, {"fill": args.fill, **flags}, args)[0]
        if args.json:
            record: dict[str, Any] = {
                "status": status,
                "variant": _variant_name(args),
                "paths": _paths_json(found[0] if found else None),
            }
            if len(found) > 1:
                record["second"] = _paths_json(found[1])
                record["differ"] = sorted(list(c) for c in found[0].differing_cells(found[1]))
            if others:
                record["variants"] = others
            if len(puzzles) > 1:
                record["index"] = index
            print(json.dumps(record))
        else:
            head = _header(index, len(puzzles), puzzle)
            if head:
                print(head)
            print(f"{_STATUS_TEXT[status]} ({_variant_name(args)})")
            if others:
                for name, answer in others.items():
                    print(f"  {name:9} {_STATUS_TEXT[answer]}")
            if len(found) > 1:
                differ = found[0].differing_cells(found[1])
                # drawn with lines: two label grids can look alike where paths touch
                print("first solution:")
                print(_grid(puzzle, found[0], colour, lines=True))
                print("second solution:")
                print(_grid(puzzle, found[1], colour, lines=True))
                print(f"they differ on {len(differ)} cells: "
                      + " ".join(f"({r},{c})" for r, c in sorted(differ)))
            elif found:
                print(_grid(puzzle, found[0], colour))
        if args.svg and found:
            from numberlink_sat.render import diff_svg, solution_svg, write_image

            picture = (diff_svg(puzzle, found[0], found[1]) if len(found) > 1
                       else solution_svg(puzzle, found[0]))
            write_image(picture, _svg_path(args.svg, index, len(puzzles)))
        worst = worst or _STATUS_EXIT[status]
    return worst


def run_verify(args: argparse.Namespace) -> int:
    """Print the violations of a solution file; exit 0 when valid, 1 when not."""
    puzzles = parse_input(args.puzzle, lambda text: read_text(text, args.format))
    if len(puzzles) != 1:
        print(f"numberlink-sat: error: {args.puzzle} holds {len(puzzles)} puzzles; "
              "verify takes one", file=sys.stderr)
        return EXIT_USAGE
    solution = parse_input(args.solution, parse_solution)
    problems = verify(puzzles[0], solution, **_options(args))
    for problem in problems:
        print(problem)
    if not problems:
        print(f"valid ({_variant_name(args)})")
    return EXIT_NO_SOLUTION if problems else EXIT_OK
