"""``numberlink-sat diagnose`` and ``hint``: the designer's and the player's views.

What every solution agrees on (the forced map), where two solutions differ, and, on
request, small edits that make the puzzle unique (``--fixes``), the pairs a unique
puzzle can do without (``--redundant``) and its difficulty (``--difficulty``). Exit
codes as ``check``: 0 unique, 1 no solution, 2 bad input, 3 not unique, 4 time limit
(the part proven by then is printed). ``hint`` tells a player the next forced edge.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIMEOUT,
    InputFileError,
    add_solver_options,
    parse_input,
    positive_int,
    read_input,
)
from numberlink_sat.cli.numberlink import add_rule_flags, load_puzzles, rule_choice
from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.grid import Edge
from numberlink_sat.numberlink.diagnose import Diagnosis, diagnose
from numberlink_sat.numberlink.difficulty import Difficulty, rate
from numberlink_sat.numberlink.fixes import FixReport, find_fixes, redundant_pairs
from numberlink_sat.numberlink.formats import FORMATS, can_hold, detect_format
from numberlink_sat.numberlink.formats.pzprv3 import read_pzprv3_marks
from numberlink_sat.numberlink.hint import hint
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.render.diagnosis import forced_labels

__all__ = ["diagnosis_exit", "forced_map_text", "load", "read_drawing", "register"]


def register(sub: Any) -> None:
    """Add the ``diagnose`` and ``hint`` subcommands."""
    register_diagnose(sub)
    register_hint(sub)


def register_diagnose(sub: Any) -> None:
    """Add the ``diagnose`` subcommand."""
    p = sub.add_parser(
        "diagnose", help="show what every solution agrees on and where they differ",
        description="The forced map of each puzzle of PUZZLE: edges every solution uses "
        "or none does, the undecided region, two differing solutions. Exit 0 unique, "
        "1 no solution, 2 bad input, 3 not unique, 4 time limit (partial result printed).",
    )
    add_puzzle_arguments(p)
    p.add_argument("--count-limit", type=positive_int, default=2, metavar="N",
                   help="count solutions up to N (default 2; at least 2)")
    p.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    p.add_argument("--svg", metavar="PATH",
                   help="draw the forced map to PATH (.svg, or .png with the png extra)")
    p.add_argument("--fixes", action="store_true",
                   help="when not unique: look for single edits that leave one solution")
    p.add_argument("--max-fixes", type=positive_int, default=3, metavar="N",
                   help="stop after N fixes (default 3)")
    p.add_argument("--no-blocked", dest="allow_blocked", action="store_false", default=None,
                   help="fixes may not block cells (default: only if the input format "
                   "has blocked cells)")
    p.add_argument("--redundant", action="store_true",
                   help="when unique without fill: list the pairs the puzzle can do without")
    p.add_argument("--difficulty", action="store_true",
                   help="rate the puzzle: the deductions it needs (see docs/designer.md)")
    p.set_defaults(func=run_diagnose)


def add_puzzle_arguments(p: argparse.ArgumentParser) -> None:
    """The puzzle, its format, the rule flags, ``--solver`` and ``--time-limit``."""
    p.add_argument("file", metavar="PUZZLE",
                   help="puzzle file (or a file of puzz.link URLs), a puzz.link URL, or - "
                   "for standard input")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS),
                   help="input format (default: detect)")
    add_rule_flags(p)
    add_solver_options(p)


def load(args: argparse.Namespace) -> list[Puzzle]:
    """The puzzles of the ``file`` argument; sets ``args.input_format`` (the format
    read, detected when ``auto``; ``None`` when it cannot be told again)."""
    puzzles = load_puzzles(args.file, args.format)
    args.input_format = args.format if args.format != "auto" else None
    if args.input_format is None and args.file != "-" and os.path.isfile(args.file):
        args.input_format = detect_format(read_input(args.file))
    return puzzles


def blocked_allowed(puzzle: Puzzle, input_format: str | None) -> bool:
    """Whether fixes may block a cell: not for a puzzle of a genre without blocked
    cells (a puzz.link URL), nor in a format that cannot hold one more."""
    if puzzle.genre is not None:
        return False
    free = [c for c in puzzle.open_cells() if c not in puzzle.label_at]
    if not free or input_format is None:
        return bool(free)
    trial = Puzzle(puzzle.width, puzzle.height, dict(puzzle.endpoints),
                   [*puzzle.blocked, free[0]])
    return can_hold(trial, input_format)


def rules_of(puzzle: Puzzle, args: argparse.Namespace) -> dict[str, bool]:
    """The rules for ``puzzle`` (the flags over the rule its source states), as keyword
    arguments; a stated rule is said on standard error."""
    rules, source = rule_choice(puzzle, args)
    if puzzle.rules is not None:
        print(f"rules: {rules.describe()} ({source})", file=sys.stderr)
    return rules.as_kwargs()


def diagnosis_exit(d: Diagnosis) -> int:
    """The exit status of a diagnosis: 4 whenever the time limit cut it short."""
    if d.partial:
        return EXIT_TIMEOUT
    return {"unique": EXIT_OK, "multiple": EXIT_NOT_UNIQUE}.get(d.status, EXIT_NO_SOLUTION)


def forced_map_text(d: Diagnosis) -> str:
    """The board with each settled cell's label, ``?`` where solutions differ.

    A settled cell off every path (without fill) shows ``-``; a cell on a forced line
    that reaches no end shows ``+``; a blocked cell ``X``; a cell left open by a time
    limit ``.``.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> print(forced_map_text(diagnose(Puzzle(3, 2, {"1": ((0, 0), (0, 2))}), fill=False)))
    1 ? 1
    ? ? ?
    """
    puzzle = d.puzzle
    label_of: dict[tuple[int, int], str] = {}
    for (a, b), label in forced_labels(d).items():
        for cell in (a, b):
            label_of[cell] = label if label is not None else "+"
    label_of.update(puzzle.label_at)
    width = max([1, *(len(lab) for lab in puzzle.labels)])
    rows = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            cell = (r, c)
            if cell in puzzle.blocked:
                text = "X"
            elif cell in puzzle.label_at:
                text = puzzle.label_at[cell]
            elif cell in d.undecided_cells:
                text = "?"
            elif cell in d.settled_cells:
                text = label_of.get(cell, "-")
            else:
                text = "."
            row.append(text.ljust(width))
        rows.append(" ".join(row).rstrip())
    return "\n".join(rows)


def summary_lines(d: Diagnosis) -> list[str]:
    """The verdict and the figures of a diagnosis, as printed."""
    verdict = {"unique": "unique", "multiple": "not unique", "no solution": "no solution",
               "timeout": "timeout"}[d.status]
    count = f"{d.count}" if d.count < d.count_limit and not d.partial else f"at least {d.count}"
    if d.partial and not d.count:
        count = "none found yet"
    lines = [f"{verdict} ({d.rules}); solutions: {count}"]
    if d.reason:
        lines.append(f"reason: {d.reason}")
    if d.partial:
        lines.append(f"time limit passed: partial result, {len(d.unproven)} edges unproven")
    if d.count:
        open_cells = sum(1 for _ in d.puzzle.open_cells())
        lines.append(f"forced edges: {len(d.forced_used)} used, {len(d.forced_unused)} unused; "
                     f"undecided: {len(d.undecided)}; settled cells: {len(d.settled_cells)} "
                     f"of {open_cells}")
    if d.undecided_cells:
        lines.append("undecided cells: "
                     + " ".join(f"({r},{c})" for r, c in sorted(d.undecided_cells)))
    lines.append(f"time: {d.seconds:.2f} s wall, {d.cpu_seconds:.2f} s CPU, "
                 f"{d.stats.get('queries', 0)} backbone queries")
    return lines


def _svg_path(base: str, index: int, total: int) -> str:
    if total == 1:
        return base
    stem, dot, ext = base.rpartition(".")
    return f"{stem}-{index + 1}.{ext}" if dot else f"{base}-{index + 1}"


def run_diagnose(args: argparse.Namespace) -> int:
    """Diagnose every puzzle of the input; the exit status is the first non-zero one."""
    puzzles = load(args)
    worst = EXIT_OK
    for index, puzzle in enumerate(puzzles):
        d = diagnose(puzzle, time_limit=args.time_limit, count_limit=max(2, args.count_limit),
                     solver=args.solver, **rules_of(puzzle, args))
        if args.json:
            record = d.to_dict() | _extras_json(args, puzzle, d)
            if len(puzzles) > 1:
                record["index"] = index
            print(json.dumps(record))
        else:
            if len(puzzles) > 1:
                print(f"# puzzle {index + 1} of {len(puzzles)} ({puzzle.width}x{puzzle.height})")
            print("\n".join(summary_lines(d)))
            if d.count:
                print(forced_map_text(d))
        _extras(args, puzzle, d)
        if args.svg:
            from numberlink_sat.render import write_image
            from numberlink_sat.render.diagnosis import diagnosis_svg

            write_image(diagnosis_svg(d), _svg_path(args.svg, index, len(puzzles)))
        worst = worst or diagnosis_exit(d)
        sys.stdout.flush()
    return worst


def _left(args: argparse.Namespace, d: Diagnosis) -> float | None:
    """What the time limit leaves after the diagnosis (one limit for the whole puzzle)."""
    if args.time_limit is None:
        return None
    limit: float = args.time_limit
    return max(0.0, limit - d.seconds)


def _fix_report(args: argparse.Namespace, puzzle: Puzzle, d: Diagnosis) -> FixReport | None:
    if not args.fixes or d.status != "multiple":
        return None
    allow = args.allow_blocked
    if allow is None:
        allow = blocked_allowed(puzzle, args.input_format)
    return find_fixes(puzzle, fill=d.fill, no_touch=d.no_touch, no_2x2=d.no_2x2,
                      time_limit=_left(args, d), max_fixes=args.max_fixes,
                      allow_blocked=allow, diagnosis=d, solver=args.solver)


def _redundant(args: argparse.Namespace, puzzle: Puzzle, d: Diagnosis) -> list[str] | None:
    if not args.redundant or not d.unique or d.fill:
        return None
    return [r.label for r in redundant_pairs(puzzle, no_touch=d.no_touch, no_2x2=d.no_2x2,
                                             time_limit=_left(args, d), solver=args.solver)]


def _extras_json(args: argparse.Namespace, puzzle: Puzzle, d: Diagnosis) -> dict[str, Any]:
    out: dict[str, Any] = {}
    report = _fix_report(args, puzzle, d)
    if report is not None:
        out["fixes"] = [f.to_dict() for f in report.fixes]
        out["fixes_complete"] = report.complete
        out["fixes_message"] = report.message
    redundant = _redundant(args, puzzle, d)
    if redundant is not None:
        out["redundant"] = redundant
    if args.difficulty:
        out["difficulty"] = _rating(puzzle, d).to_dict()
    return out


def _rating(puzzle: Puzzle, d: Diagnosis) -> Difficulty:
    return rate(puzzle, fill=d.fill, no_touch=d.no_touch, no_2x2=d.no_2x2)


def _extras(args: argparse.Namespace, puzzle: Puzzle, d: Diagnosis) -> None:
    """The text of ``--fixes`` and ``--redundant`` (nothing in JSON mode)."""
    if args.json:
        return
    from numberlink_sat.render import render_text

    report = _fix_report(args, puzzle, d)
    if report is not None:
        print(f"fixes: {report.message} ({report.tried} edits screened, {report.counted} "
              f"counted, {report.seconds:.2f} s)")
        for rank, fix in enumerate(report.fixes, 1):
            print(f"{rank}. {fix.kind} (size {fix.size}): {fix.description}")
            if fix.url:
                print(f"   {fix.url}")
            print(render_text(fix.puzzle, fix.solution))
    redundant = _redundant(args, puzzle, d)
    if redundant is not None:
        print("redundant pairs: " + (" ".join(redundant) if redundant else "none"))
    if args.difficulty:
        r = _rating(puzzle, d)
        print(f"difficulty: {r.score:g} ({r.grade}; {r.rounds} propagation rounds, "
              f"{r.lookahead1} one-step and {r.lookahead2} two-step lookaheads, "
              f"{r.unknown_left} edges left; scale v{r.version})")


def register_hint(sub: Any) -> None:
    """Add the ``hint`` subcommand."""
    p = sub.add_parser(
        "hint", help="the next edge forced by the clues and what is drawn",
        description="Tell the next edge that is forced by the clues and the drawing, with "
        "the reason class (propagation, lookahead 1, lookahead 2, search). The drawing "
        "comes from --drawn FILE (a pzprv3 file with line and cross marks, or JSON: a "
        "list of drawn edges [[[r,c],[r,c]], ...] or {'lines': [...], 'crosses': "
        "[...]}), or from PUZZLE itself when it is a pzprv3 file. Exit 0 with a hint, "
        "1 when the drawing cannot be completed (or no solution), 2 bad input, 4 time "
        "limit.",
    )
    add_puzzle_arguments(p)
    p.add_argument("--drawn", metavar="FILE", help="the player's drawing (pzprv3 or JSON)")
    p.add_argument("--json", action="store_true", help="print the hint as a JSON object")
    p.set_defaults(func=run_hint)


def _edge_list(path: str, value: Any, what: str) -> list[Edge]:
    if not isinstance(value, list):
        raise InputFileError(path, f"{what} must be a list of edges [[r, c], [r, c]]")
    edges: list[Edge] = []
    for k, item in enumerate(value):
        try:
            (r1, c1), (r2, c2) = item
            a, b = (int(r1), int(c1)), (int(r2), int(c2))
        except (TypeError, ValueError):
            raise InputFileError(path, f"{what} item {k + 1}: {item!r} is not "
                                 "[[row, col], [row, col]]") from None
        edges.append((a, b) if a <= b else (b, a))
    return edges


def read_drawing(path: str, text: str | None = None) -> tuple[list[Edge], list[Edge]]:
    """The drawn lines and crosses of a pzprv3 or JSON drawing file."""
    if text is None:
        text = read_input(path)
    if text.lstrip().startswith("pzprv3"):
        lines, crosses = parse_input(path, read_pzprv3_marks, text)
        return sorted(lines), sorted(crosses)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(path, f"not JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if isinstance(data, dict):
        unknown = set(data) - {"lines", "crosses"}
        if unknown:
            raise InputFileError(path, f"unknown keys {sorted(unknown)}; use lines, crosses")
        return (_edge_list(path, data.get("lines", []), "lines"),
                _edge_list(path, data.get("crosses", []), "crosses"))
    return _edge_list(path, data, "the drawing"), []


def run_hint(args: argparse.Namespace) -> int:
    """Print the next forced edge (exit 0) or why there is none to give (exit 1)."""
    puzzles = load(args)
    if len(puzzles) != 1:
        raise InputFileError(args.file, f"holds {len(puzzles)} puzzles; hint takes one")
    puzzle = puzzles[0]
    drawn: tuple[list[Edge], list[Edge]] = ([], [])
    if args.drawn:
        drawn = read_drawing(args.drawn)
    elif args.file != "-" and os.path.isfile(args.file):
        text = read_input(args.file)
        if text.lstrip().startswith("pzprv3"):
            drawn = read_drawing(args.file, text)
    try:
        answer = hint(puzzle, drawn[0], drawn[1], solver=args.solver,
                      time_limit=args.time_limit, **rules_of(puzzle, args))
    except InvalidPuzzleError as exc:
        raise InputFileError(args.drawn or args.file, str(exc)) from None
    if args.json:
        print(json.dumps({
            "status": answer.status, "message": answer.message,
            "edge": None if answer.edge is None else [list(c) for c in answer.edge],
            "used": answer.used, "reason": answer.reason, "rule": answer.rule,
            "conflict_cells": [list(c) for c in answer.conflict_cells],
        }))
    else:
        print(answer.message)
    return EXIT_NO_SOLUTION if answer.status in ("conflict", "no solution") else EXIT_OK
