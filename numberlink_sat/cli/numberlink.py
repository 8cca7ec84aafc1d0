"""``numberlink-sat solve``, ``check`` and ``verify``: Numberlink from the command line.

Every answer is checked by the independent verifier before it is printed. For a file
of several puzzles each is answered in turn and the exit status is the first non-zero
one (see :mod:`numberlink_sat.cli.common` for the codes).

A puzzle argument is a file, ``-`` (standard input) or a puzz.link URL itself; a file
may hold several URLs, one a line (:func:`load_puzzles`). The rule is the one the
puzzle states (``Puzzle.rules``, e.g. a ``numlin`` URL's no fill) for every option no
flag gives, else the command line's default (fill); :func:`rule_choice` decides it and
the commands say which rule they used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from numberlink_sat.bounds import json_depth
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
    positive_int,
    positive_seconds,
    time_left,
    use_colour,
)
from numberlink_sat.errors import (
    InternalError,
    InvalidArgumentError,
    InvalidPuzzleError,
    ParseError,
    SolveTimeout,
)
from numberlink_sat.numberlink.chain import ChainProof, ChainStep, chain_proof
from numberlink_sat.numberlink.formats import (
    FORMATS,
    SOLUTION_FORMATS,
    parse_solution,
    pzprv3,
    read_text,
)
from numberlink_sat.numberlink.formats.puzzlink import looks_like_url
from numberlink_sat.numberlink.formats.solution import format_solution
from numberlink_sat.numberlink.held import (
    DEFAULT_DEEP_LEMMA_TIME_LIMIT,
    DEFAULT_LEMMA_TIME_LIMIT,
    HeldLemma,
    HeldPathProof,
    held_path_proof,
)
from numberlink_sat.numberlink.held_cases import CASE_ORDERS, FinalCase, cuts_json
from numberlink_sat.numberlink.locality import LocalCheck, local_uniqueness
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.solve import counted, solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline

__all__ = ["add_rule_flags", "load_puzzles", "load_solution", "register", "rule_choice"]

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
    p.add_argument("--out", metavar="PATH",
                   help="also write the solution file (JSON paths and the label grid), "
                   "which verify reads")
    p.add_argument("--pzprv3", metavar="PATH",
                   help="also write the answer as a pzprv3 file, which puzz.link opens "
                   "(File > Open); the labels must be clue numbers, no blocked cells")
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
    c.add_argument("--local", type=positive_int, default=None, metavar="K",
                   help="only prove that no other solution changes at most K neighbouring "
                   "paths (seconds on boards whose full proof takes hours); exit 0 "
                   "'locally unique', 3 with a second solution that changes K paths or "
                   "fewer; a full proof ('unique') when K covers every path")
    c.add_argument("--by-merges", action="store_true",
                   help="decide along a chain of merges: the solution's paths cut into "
                   "short pieces, joined back one at a time, each step proven (for large "
                   "boards with few pairs, where the direct proof does not finish; "
                   "minutes, not seconds)")
    c.add_argument("--by-held-paths", nargs="?", const="auto", default=None,
                   metavar="LABELS",
                   help="decide with paths held: for each path named (comma-separated "
                   "labels; default: the 4 longest of the solution) prove the puzzle with "
                   "that path's cells blocked unique, so every other solution must change "
                   "it, then search once for a solution that changes them all")
    c.add_argument("--lemma-time-limit", type=positive_seconds, default=None,
                   metavar="SECONDS",
                   help="with --by-held-paths: seconds each lemma may take (default "
                   f"{DEFAULT_LEMMA_TIME_LIMIT:g}); one that runs past it is not held")
    c.add_argument("--held-depth", type=positive_int, default=None, metavar="N",
                   help="with --by-held-paths: ask a lemma that ran past its time again "
                   "with paths held inside it, up to N levels down (each level holds "
                   "the paths proven around it for free)")
    c.add_argument("--deep-lemma-time-limit", type=positive_seconds, default=None,
                   metavar="SECONDS",
                   help="with --held-depth: seconds each lemma proven with paths held "
                   f"inside it may take (default {DEFAULT_DEEP_LEMMA_TIME_LIMIT:g})")
    c.add_argument("--case-time-limit", type=positive_seconds, default=None,
                   metavar="SECONDS",
                   help="with --by-held-paths: run the final search in cases (where the "
                   "held paths first leave the solution); a case that runs past SECONDS "
                   "is split into smaller ones")
    c.add_argument("--presplit", type=positive_int, default=None, metavar="N",
                   help="with --case-time-limit: split N levels of cases before asking "
                   "any (1: skip the whole final search, known to be long)")
    c.add_argument("--case-order", choices=CASE_ORDERS, default=None,
                   help="with --case-time-limit: which waiting cases are asked first: "
                   "'made' (as split, the hard corner first; the default) or "
                   "'late-first' (where the first held path keeps the most edges of "
                   "the solution, then the next: usually the easy ones; for a run that "
                   "resumes a log)")
    c.add_argument("--eager-split", action="store_true", default=None,
                   help="with --case-time-limit: split at once, without asking, every "
                   "case where a path leaves within a run of edges from its first "
                   "(such cases nearly always run past their time)")
    c.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help="with --by-merges: prove the merges as independent proofs on N "
                   "child processes, the longest first; with --case-time-limit: N cases "
                   "at once (default 1: one after another)")
    c.add_argument("--chain-log", metavar="PATH",
                   help="with --by-merges or --case-time-limit: keep every proven step "
                   "or case in PATH (JSON lines) and skip those already there, so that a "
                   "long proof resumes where an earlier run stopped")
    c.set_defaults(func=run_check)

    v = sub.add_parser(
        "verify", help="check a solution file against a puzzle",
        description="Print the rule violations of SOLUTION (the JSON solution format, or a "
        "pzprv3 file with the answer drawn) for PUZZLE (a file or a puzz.link URL). "
        "Exit 0 valid, 1 invalid, 2 bad input.",
    )
    v.add_argument("puzzle", metavar="PUZZLE", help="puzzle file, puzz.link URL, or -")
    v.add_argument("solution", metavar="SOLUTION",
                   help="solution file (json or pzprv3), or a puzz.link URL carrying a "
                   "pzprv3 file")
    v.add_argument("--format", default="auto", choices=("auto", *FORMATS),
                   help="the puzzle's format (default: detect)")
    v.add_argument("--solution-format", default="auto", choices=("auto", *SOLUTION_FORMATS),
                   help="the solution's format (default: pzprv3 if it starts so, else json)")
    add_rule_flags(v)
    v.set_defaults(func=run_verify)


def add_rule_flags(p: Any) -> None:
    """``--fill`` / ``--no-fill``, ``--no-touch`` and ``--no-2x2`` on parser (or group)
    ``p``; ``fill`` is ``None`` when neither fill flag is given (see :func:`rule_choice`)."""
    p.add_argument("--fill", dest="fill", action="store_const", const=True, default=None,
                   help="every open cell on a path (the default, unless the puzzle's genre "
                   "says otherwise, as a numlin URL does)")
    p.add_argument("--no-fill", dest="fill", action="store_const", const=False,
                   help="cells may stay empty (the Nikoli rule)")
    p.add_argument("--no-touch", action="store_true",
                   help="a path may not touch itself (the Flow Free convention)")
    p.add_argument("--no-2x2", dest="no_2x2", action="store_true",
                   help="no 2x2 square of cells on one path")


def rule_choice(puzzle: Puzzle, args: argparse.Namespace) -> tuple[RuleOptions, str]:
    """The rule to use for ``puzzle`` and a note of where it came from.

    A flag decides its own option; an option no flag gives comes from
    ``puzzle.rules`` when the puzzle states a rule, else from the command line's
    default (fill, touching allowed, 2x2 allowed).
    """
    stated = puzzle.rules
    flags = args.fill is not None or args.no_touch or args.no_2x2
    if stated is None:
        fill = True if args.fill is None else args.fill
        rules = RuleOptions(fill=fill, no_touch=args.no_touch, no_2x2=args.no_2x2)
        return rules, ("the flags" if flags else "the default; --no-fill for the Nikoli rule")
    rules = RuleOptions(
        fill=stated.fill if args.fill is None else args.fill,
        no_touch=stated.no_touch or args.no_touch,
        no_2x2=stated.no_2x2 or args.no_2x2,
    )
    genre = puzzle.genre or "puzzle"
    if not flags:
        change = "--fill" if not stated.fill else "--no-fill"
        return rules, f"the {genre} rule; {change} to change it"
    return rules, f"the flags over the {genre} rule ({stated.describe()})"


class _RuleNotes:
    """Prints ``rules: ...`` on standard error for a puzzle that states its rule (a
    puzz.link genre), when it changes from one such puzzle to the next (so a file of
    URLs of one genre says it once). Puzzles that state none stay quiet: their rule is
    the flags' (``check`` and ``verify`` name it in their answer)."""

    def __init__(self) -> None:
        self.last: tuple[RuleOptions, str] | None = None

    def __call__(self, rules: RuleOptions, source: str, puzzle: Puzzle) -> None:
        if puzzle.rules is not None and self.last != (rules, source):
            print(f"rules: {rules.describe()} ({source})", file=sys.stderr)
            self.last = (rules, source)


def _rules_json(rules: RuleOptions, puzzle: Puzzle) -> dict[str, Any]:
    return {**rules.as_kwargs(), "stated": None if puzzle.rules is None else puzzle.genre}


def _url_text(arg: str) -> str | None:
    """``arg`` itself when it is a URL and no file has that name, else ``None``."""
    if arg != "-" and "\n" not in arg and not os.path.exists(arg) and looks_like_url(arg):
        return arg
    return None


def load_puzzles(arg: str, format: str = "auto") -> list[Puzzle]:
    """The puzzles of ``arg``: a file (several puzzles, or URLs one a line), ``-`` for
    standard input, or a puzz.link URL given on the command line (when no file of that
    name exists). Errors name the file (or the URL) and the line and column."""
    puzzles = parse_input(arg, lambda text: read_text(text, format), text=_url_text(arg))
    if not puzzles:
        raise InputFileError(arg, "no puzzle found")
    return puzzles


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE",
                   help="puzzle file (or a file of puzz.link URLs, one a line), a puzz.link "
                   "URL, or - for standard input")
    p.add_argument("--format", default="auto", choices=("auto", *FORMATS),
                   help="input format (default: detect)")
    add_rule_flags(p)
    add_solver_options(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per puzzle instead of a grid")
    p.add_argument("--color", "--colour", dest="color", default="auto",
                   choices=("auto", "always", "never"),
                   help="colour the grid (default: when printing to a terminal; NO_COLOR wins)")
    p.add_argument("--svg", metavar="PATH",
                   help="also draw the answer to PATH (.svg, or .png with the png extra)")


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
    """Solve every puzzle of the input; the exit status is the first non-zero one.

    Each puzzle has its own ``--time-limit``; reading the input counts against the first.
    """
    started = time.perf_counter()
    puzzles = load_puzzles(args.file, args.format)
    if args.pzprv3:
        for puzzle in puzzles:  # before any solving: refuse what the file cannot hold
            try:
                pzprv3.check_writable(puzzle)
            except InvalidPuzzleError as exc:
                raise InputFileError(args.file, f"--pzprv3: {exc}") from exc
    colour = use_colour(sys.stdout, args.color) and not args.json
    note = _RuleNotes()
    worst = EXIT_OK
    for index, puzzle in enumerate(puzzles):
        rules, source = rule_choice(puzzle, args)
        options = rules.as_kwargs()
        if not args.json:
            note(rules, source, puzzle)
        if args.dimacs:
            _write_dimacs(puzzle, options, _svg_path(args.dimacs, index, len(puzzles)))
        try:
            found = (certified_solve(puzzle, options, args,
                                     _svg_path(args.certificate, index, len(puzzles)))
                     if args.certificate else
                     solve(puzzle, solver=args.solver, fill=rules.fill,
                           no_touch=rules.no_touch, no_2x2=rules.no_2x2,
                           time_limit=time_left(args, started) if index == 0
                           else args.time_limit))
            code, status = (EXIT_OK, "solved") if found else (EXIT_NO_SOLUTION, "no solution")
            if found is not None:
                _checked(puzzle, found, options)
        except SolveTimeout as exc:
            found, code, status = None, EXIT_TIMEOUT, "timeout"
            if not args.json:
                print(f"numberlink-sat: timeout: {exc}", file=sys.stderr)
        if args.json:
            record: dict[str, Any] = {
                "status": status, "paths": _paths_json(found),
                "rules": _rules_json(rules, puzzle),
            }
            if len(puzzles) > 1:
                record["index"] = index
            print(json.dumps(record))
        else:
            head = _header(index, len(puzzles), puzzle)
            if head:
                print(head)
            print(_grid(puzzle, found, colour) if found else status)
        _write_answers(args, puzzle, found, _svg_path, index, len(puzzles))
        worst = worst or code
    return worst


def _write_answers(args: argparse.Namespace, puzzle: Puzzle, found: Solution | None,
                   name: Any, index: int, total: int) -> None:
    """``--svg`` and ``--pzprv3`` of ``solve`` for one solved puzzle."""
    if found is None:
        return
    if args.svg:
        from numberlink_sat.render import solution_svg, write_image

        write_image(solution_svg(puzzle, found), name(args.svg, index, total))
    if args.pzprv3:
        path = name(args.pzprv3, index, total)
        Path(path).write_text(pzprv3.write_solution(found, puzzle), encoding="utf-8")
    if args.out:
        Path(name(args.out, index, total)).write_text(
            format_solution(found, puzzle=puzzle), encoding="utf-8")


def _record_solution(text: str, puzzle: Puzzle) -> Solution | None:
    """The paths of a ``solve --json`` or ``check --json`` line; ``None`` for other text."""
    first = text.lstrip().split("\n", 1)[0]
    if not first.startswith("{") or '"status"' not in first or json_depth(first) > 8:
        return None
    try:
        record = json.loads(first)
    except ValueError:
        return None
    if not isinstance(record, dict) or "status" not in record or "width" in record:
        return None
    paths = record.get("paths")
    if not isinstance(paths, dict):
        raise ParseError(f"the record holds no solution (status {record['status']!r})", 1, 1)
    try:
        return Solution(puzzle.width, puzzle.height,
                        {str(label): [tuple(cell) for cell in path]
                         for label, path in paths.items()})
    except (TypeError, ValueError) as exc:
        raise ParseError(f"bad paths in the record: {exc}", 1, 1) from None


def load_solution(arg: str, puzzle: Puzzle, format: str = "auto") -> Solution:
    """The solution of ``arg`` for ``puzzle``: a solution file (json or pzprv3), the first
    record line of what ``solve --json`` or ``check --json`` print, ``-`` for standard
    input, or a puzz.link URL carrying an answer. Errors name the file and the line.

    Not verified here: the caller runs the verifier under the rules it chose.
    """
    return parse_input(arg, lambda text: _record_solution(text, puzzle)
                       or parse_solution(text, format), text=_url_text(arg))


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
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace,
    clock: Deadline | None = None,
) -> tuple[str, list[Solution]]:
    """Status (unique / multiple / no solution / timeout) and the solutions found.

    ``clock`` is the puzzle's deadline when several checks share its time limit.
    """
    left = args.time_limit if clock is None else clock.remaining()
    try:
        # counted() races the exact ZDD counter beside SAT where it pays (see its doc)
        _, found, _ = counted(
            puzzle, 2, solver=args.solver,
            time_limit=None if left is None else max(0.0, left),
            progress=_ProgressLine(args.time_limit) if _stderr_is_terminal() else None,
            **options,
        )
        status = {0: "no solution", 1: "unique"}.get(len(found), "multiple")
    except SolveTimeout as exc:  # the solutions found before the limit still count
        status, found = "timeout", list(exc.found)
    for solution in found:
        _checked(puzzle, solution, options)
    return status, found


def _stderr_is_terminal() -> bool:
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


def _shows_steps(args: argparse.Namespace) -> bool:
    """Whether a long proof writes a line per step (a merge, a lemma, a case) to
    standard error: on a terminal, and with ``-v`` anywhere (a run logged to a file is
    where a designer most needs to see how far a proof of hours went)."""
    return _stderr_is_terminal() or getattr(args, "verbose", 0) > 0


class _ProgressLine:
    """A long ``check`` on a terminal says, every few seconds, where it stands."""

    def __init__(self, limit: float | None) -> None:
        self.until = ("Ctrl-C stops; --time-limit sets a limit" if limit is None
                      else f"limit {limit:g} s")

    def __call__(self, seconds: float, found: int) -> None:
        where = ("no solution found yet" if found == 0 else
                 "one solution found, looking for a second" if found == 1 else
                 f"{found} solutions found")
        print(f"numberlink-sat: {seconds:.0f} s: {where} ({self.until})", file=sys.stderr,
              flush=True)


def _check_local(
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace, clock: Deadline,
) -> tuple[str, list[Solution], LocalCheck | None]:
    """``check --local K``: status, the solutions to show, what was proven."""
    if args.certificate or args.all_variants:
        raise InvalidArgumentError("--local does not combine with --certificate or "
                                   "--all-variants")
    def left() -> float | None:
        return clock.left()

    try:
        first = solve(puzzle, solver=args.solver, time_limit=left(), **options)
        if first is None:
            return "no solution", [], None
        local = local_uniqueness(puzzle, _checked(puzzle, first, options),
                                 max_paths=args.local, solver=args.solver,
                                 time_limit=left(), **options)
    except SolveTimeout:
        return "timeout", [], None
    if local.second is not None:
        return "multiple", [local.solution, local.second], local
    status = ("unique" if local.unique else "timeout" if local.partial
              else "locally unique")
    return status, [local.solution], local


def _check_chain(
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace, clock: Deadline,
) -> tuple[str, list[Solution], ChainProof]:
    """``check --by-merges``: status, the solutions to show and the chain walked."""
    if args.certificate or args.all_variants or args.local is not None:
        raise InvalidArgumentError("--by-merges does not combine with --certificate, "
                                   "--all-variants or --local")
    shown = _shows_steps(args)

    def report(step: ChainStep) -> None:
        if shown:
            how = "from the log" if step.logged else f"in {step.seconds:.1f} s"
            print(f"numberlink-sat: {clock.elapsed():.0f} s: merge to {step.pairs} pairs "
                  f"({step.merged_cells} cells): {step.answer} {how}",
                  file=sys.stderr, flush=True)

    proof = chain_proof(puzzle, solver=args.solver, on_step=report, time_limit=clock.left(),
                        workers=args.jobs, log=args.chain_log, **options)
    found = [_checked(puzzle, s, options) for s in (proof.solution, proof.second)
             if s is not None]
    status = _VERDICT_STATUS[proof.verdict]
    return status, found, proof


_VERDICT_STATUS = {"unique": "unique", "multiple": "multiple", "none": "no solution",
                   "undecided": "timeout"}
"""A chain's or a held-path proof's verdict -> the status of ``check``."""


def _walk_line(verdict: str, rules: RuleOptions, unique: str, multiple: str,
               undecided: str) -> str:
    """The first line of ``check --by-merges`` / ``--by-held-paths`` for a verdict."""
    if verdict == "unique":
        return f"unique ({rules.describe()}): {unique}"
    if verdict == "multiple":
        return f"not unique ({rules.describe()}): {multiple}"
    if verdict == "none":
        return f"no solution ({rules.describe()})"
    return f"timeout ({rules.describe()}): {undecided}"


def _check_held(
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace, clock: Deadline,
) -> tuple[str, list[Solution], HeldPathProof]:
    """``check --by-held-paths``: status, the solutions to show and the lemmas asked."""
    if (args.certificate or args.all_variants or args.local is not None
            or args.by_merges):
        raise InvalidArgumentError("--by-held-paths does not combine with --by-merges, "
                                   "--certificate, --all-variants or --local")
    if args.deep_lemma_time_limit is not None and args.held_depth is None:
        raise InvalidArgumentError("--deep-lemma-time-limit needs --held-depth")
    if args.case_time_limit is None and (args.jobs != 1 or args.chain_log is not None
                                         or args.presplit is not None
                                         or args.case_order is not None
                                         or args.eager_split is not None):
        raise InvalidArgumentError("with --by-held-paths, --jobs, --chain-log, "
                                   "--presplit, --case-order and --eager-split need "
                                   "--case-time-limit")
    shown = _shows_steps(args)

    def report_case(case: FinalCase) -> None:
        if shown and (case.seconds >= 1.0 or case.answer not in ("unique", "split")):
            how = "from the log" if case.from_log else f"in {case.seconds:.1f} s"
            more = ", split" if case.split else ""
            print(f"numberlink-sat: {clock.elapsed():.0f} s: case {case.describe()}: "
                  f"{case.answer}{more} {how}", file=sys.stderr, flush=True)

    def report(lemma: HeldLemma) -> None:
        if shown:
            inside = f" inside {'-'.join(lemma.within)}" if lemma.within else ""
            deep = " with paths held in it" if lemma.inside is not None else (
                f" given {','.join(lemma.given)}" if lemma.given else "")
            print(f"numberlink-sat: {clock.elapsed():.0f} s: path {lemma.label} held"
                  f"{inside} ({lemma.cells} cells){deep}: {lemma.answer} in "
                  f"{lemma.seconds:.1f} s", file=sys.stderr, flush=True)

    labels = None if args.by_held_paths == "auto" else [
        label.strip() for label in args.by_held_paths.split(",") if label.strip()]
    proof = held_path_proof(
        puzzle, solver=args.solver, labels=labels, on_lemma=report, time_limit=clock.left(),
        lemma_time_limit=args.lemma_time_limit or DEFAULT_LEMMA_TIME_LIMIT,
        depth=args.held_depth or 0,
        deep_lemma_time_limit=args.deep_lemma_time_limit or DEFAULT_DEEP_LEMMA_TIME_LIMIT,
        case_time_limit=args.case_time_limit, workers=args.jobs, log=args.chain_log,
        presplit=args.presplit or 0, on_case=report_case,
        case_order=args.case_order or "made", eager_split=bool(args.eager_split),
        **options)
    found = [_checked(puzzle, s, options) for s in (proof.solution, proof.second)
             if s is not None]
    status = _VERDICT_STATUS[proof.verdict]
    return status, found, proof


def _held_text(proof: HeldPathProof, rules: RuleOptions) -> str:
    """The first line of ``check --by-held-paths``."""
    held = ", ".join(proof.held) if proof.held else "none"
    asked = [case for case in proof.cases if case.answer != "split"]
    logged = sum(case.from_log for case in asked)
    cases = (f" ({len(asked)} case{'' if len(asked) == 1 else 's'}"
             f"{f', {logged} from the log' if logged else ''})" if proof.cases else "")
    done = (f"{len(proof.lemmas)} lemma{'' if len(proof.lemmas) == 1 else 's'} asked, "
            f"paths held: {held}; {proof.seconds:.1f} s in all, final search "
            f"{proof.final_seconds:.1f} s{cases}")
    return _walk_line(proof.verdict, rules, f"with paths held, {done}",
                      f"a second solution; {done}", f"undecided; {done}")


def _held_json(proof: HeldPathProof) -> dict[str, Any]:
    """The ``held`` key of ``check --by-held-paths --json``; a deep lemma's own proof
    nests under its ``inside`` key (with the labels it ``inherited``)."""
    return {"held": list(proof.held),
            "inherited": list(proof.inherited),
            "lemmas": [{"label": lemma.label, "within": list(lemma.within),
                        "given": list(lemma.given), "cells": lemma.cells, "answer": lemma.answer,
                        "seconds": round(lemma.seconds, 3),
                        "inside": None if lemma.inside is None else _held_json(lemma.inside)}
                       for lemma in proof.lemmas],
            "final_seconds": round(proof.final_seconds, 3),
            "cases": [{"cuts": cuts_json(case.cuts),
                       "case": case.describe(), "answer": case.answer,
                       "split": case.split, "from_log": case.from_log,
                       "seconds": round(case.seconds, 3)} for case in proof.cases],
            "seconds": round(proof.seconds, 3)}


def _chain_text(proof: ChainProof, rules: RuleOptions) -> str:
    """The first line of ``check --by-merges``."""
    logged = f" ({proof.logged_steps} from the log)" if proof.logged_steps else ""
    walked = (f"{proof.proven_steps} merge{'' if proof.proven_steps == 1 else 's'} proven"
              f"{logged} from a split puzzle of {proof.split_pairs} pairs in "
              f"{proof.seconds:.1f} s")
    return _walk_line(proof.verdict, rules, f"along a chain of merges, {walked}",
                      f"a second solution after {walked}", f"undecided after {walked}")


def _chain_json(proof: ChainProof) -> dict[str, Any]:
    return {"split_pairs": proof.split_pairs, "merges": len(proof.steps),
            "proven": proof.proven_steps, "from_log": proof.logged_steps,
            "split_from_log": proof.split_logged, "seconds": round(proof.seconds, 3)}


def _local_text(local: LocalCheck, rules: RuleOptions) -> str:
    """The first line of ``check --local``."""
    proven = (f"no other solution changes {local.proven_up_to} path"
              f"{'' if local.proven_up_to == 1 else 's'} or fewer")
    if local.second is not None:
        changed = ", ".join(local.group)
        return (f"not unique ({rules.describe()}): a second solution changes only "
                f"{len(local.group)} path{'' if len(local.group) == 1 else 's'} ({changed})")
    if local.unique:
        return f"unique ({rules.describe()}): every group of paths was checked"
    if local.partial:
        return (f"timeout ({rules.describe()}): {proven}; groups of "
                f"{local.proven_up_to + 1} undecided")
    return f"locally unique ({rules.describe()}): {proven} (not a proof of uniqueness)"


def _local_json(local: LocalCheck) -> dict[str, Any]:
    return {"max_paths": local.max_paths, "proven_up_to": local.proven_up_to,
            "group": list(local.group), "groups_checked": local.groups_checked,
            "seconds": round(local.seconds, 3)}


_STATUS_EXIT = {
    "unique": EXIT_OK, "no solution": EXIT_NO_SOLUTION, "multiple": EXIT_NOT_UNIQUE,
    "timeout": EXIT_TIMEOUT, "locally unique": EXIT_OK,
}
_STATUS_TEXT = {
    "unique": "unique", "no solution": "no solution", "multiple": "not unique",
    "timeout": "timeout", "locally unique": "locally unique",
}


def _decide(
    puzzle: Puzzle, options: dict[str, Any], args: argparse.Namespace, clock: Deadline,
    certificate: str | None,
) -> tuple[str, list[Solution], LocalCheck | None, ChainProof | HeldPathProof | None]:
    """One puzzle's answer by the way asked (``--by-merges``, ``--by-held-paths``,
    ``--local``, ``--certificate`` or the default count): status, solutions, what was
    walked."""
    if args.by_held_paths is not None:
        status, found, held = _check_held(puzzle, options, args, clock)
        return status, found, None, held
    if (args.lemma_time_limit is not None or args.held_depth is not None
            or args.deep_lemma_time_limit is not None or args.case_time_limit is not None
            or args.presplit is not None or args.case_order is not None
            or args.eager_split is not None):
        raise InvalidArgumentError("--lemma-time-limit, --held-depth, "
                                   "--deep-lemma-time-limit, --case-time-limit, "
                                   "--presplit, --case-order and --eager-split need "
                                   "--by-held-paths")
    if args.by_merges:
        status, found, chain = _check_chain(puzzle, options, args, clock)
        return status, found, None, chain
    if args.jobs != 1 or args.chain_log is not None:
        raise InvalidArgumentError("--jobs and --chain-log need --by-merges or "
                                   "--by-held-paths with --case-time-limit")
    if args.local is not None:
        status, found, local = _check_local(puzzle, options, args, clock)
        return status, found, local, None
    if certificate is not None:
        return (*certified_check(puzzle, options, args, certificate), None, None)
    return (*_check_one(puzzle, options, args, clock), None, None)


def _walked_json(local: LocalCheck | None,
                 walked: ChainProof | HeldPathProof | None) -> dict[str, Any]:
    """The JSON keys of a ``--local``, ``--by-merges`` or ``--by-held-paths`` answer."""
    if local is not None:
        return {"local": _local_json(local)}
    if isinstance(walked, ChainProof):
        return {"chain": _chain_json(walked)}
    if isinstance(walked, HeldPathProof):
        return {"held": _held_json(walked)}
    return {}


def _walked_text(local: LocalCheck | None, walked: ChainProof | HeldPathProof | None,
                 rules: RuleOptions) -> str | None:
    """The first line of a ``--local``, ``--by-merges`` or ``--by-held-paths`` answer."""
    if local is not None:
        return _local_text(local, rules)
    if isinstance(walked, ChainProof):
        return _chain_text(walked, rules)
    if isinstance(walked, HeldPathProof):
        return _held_text(walked, rules)
    return None


def run_check(args: argparse.Namespace) -> int:
    """Check every puzzle of the input for uniqueness.

    Each puzzle has its own ``--time-limit``; reading the input counts against the first.
    """
    started = time.perf_counter()
    puzzles = load_puzzles(args.file, args.format)
    colour = use_colour(sys.stdout, args.color) and not args.json
    note = _RuleNotes()
    worst = EXIT_OK
    for index, puzzle in enumerate(puzzles):
        rules, source = rule_choice(puzzle, args)
        options = rules.as_kwargs()
        # one limit per puzzle, --all-variants included
        clock = Deadline(time_left(args, started) if index == 0 else args.time_limit)
        status, found, local, chain = _decide(puzzle, options, args, clock,
                                              _svg_path(args.certificate, index, len(puzzles))
                                              if args.certificate else None)
        others: dict[str, str] = {}
        if args.all_variants:
            for name, flags in VARIANTS.items():
                others[name] = _check_one(puzzle, {"fill": rules.fill, **flags}, args,
                                          clock)[0]
        if args.json:
            record: dict[str, Any] = {
                "status": status,
                "variant": rules.describe(),
                "rules": _rules_json(rules, puzzle),
                "paths": _paths_json(found[0] if found else None),
            }
            if status == "timeout":
                record["found"] = len(found)  # verified, before the limit
            record.update(_walked_json(local, chain))
            if len(found) > 1:
                record["second"] = _paths_json(found[1])
                record["differ"] = sorted(list(c) for c in found[0].differing_cells(found[1]))
            if others:
                record["variants"] = others
            if len(puzzles) > 1:
                record["index"] = index
            print(json.dumps(record))
        else:
            note(rules, source, puzzle)
            head = _header(index, len(puzzles), puzzle)
            if head:
                print(head)
            walked = _walked_text(local, chain, rules)
            if walked:
                print(walked)
            _print_check(puzzle, status, found, others, rules, colour,
                         local is None and chain is None)
        if args.svg and found:
            from numberlink_sat.render import diff_svg, solution_svg, write_image

            picture = (diff_svg(puzzle, found[0], found[1]) if len(found) > 1
                       else solution_svg(puzzle, found[0]))
            write_image(picture, _svg_path(args.svg, index, len(puzzles)))
        worst = worst or _STATUS_EXIT[status]
    return worst


def _print_check(puzzle: Puzzle, status: str, found: list[Solution], others: dict[str, str],
                 rules: RuleOptions, colour: bool, head: bool = True) -> None:
    """The text answer of ``check`` for one puzzle (``head``: its first line too)."""
    if head:
        print(f"{_STATUS_TEXT[status]} ({rules.describe()})")
    if status == "timeout" and found and head:
        print("solvable: one solution found (below), no second one before the time "
              "limit, so uniqueness is undecided; --local 4 proves quickly whether "
              "another solution changes 4 paths or fewer")
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


def run_verify(args: argparse.Namespace) -> int:
    """Print the violations of a solution file; exit 0 when valid, 1 when not."""
    puzzles = load_puzzles(args.puzzle, args.format)
    if len(puzzles) != 1:
        print(f"numberlink-sat: error: {args.puzzle} holds {len(puzzles)} puzzles; "
              "verify takes one", file=sys.stderr)
        return EXIT_USAGE
    solution = load_solution(args.solution, puzzles[0], args.solution_format)
    rules, source = rule_choice(puzzles[0], args)
    _RuleNotes()(rules, source, puzzles[0])
    problems = verify(puzzles[0], solution, **rules.as_kwargs())
    for problem in problems:
        print(problem)
    if not problems:
        print(f"valid ({rules.describe()})")
    return EXIT_NO_SOLUTION if problems else EXIT_OK
