"""``numberlink-sat generate``: proven-unique random puzzles, written to files.

``numberlink-sat generate --size 20x20 --count 100 --seed 1 --out DIR`` writes
``DIR/puzzle-0001.txt`` (the puzzle, ``--format``, default ``tokens``) and
``DIR/puzzle-0001.solution.json`` (the spec's solution file) per puzzle, plus
``DIR/stats.csv`` (one row of statistics per puzzle). Without ``--out`` the puzzles go
to standard output, separated by blank lines. A progress bar (tqdm when installed, else
a status line) runs on standard error when it is a terminal.

Exit status: 0 all puzzles made; 1 a puzzle could not be made within the controls;
2 bad controls; 4 every candidate of a puzzle hit the time limit.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path
from typing import IO, Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_TIMEOUT,
    add_solver_options,
)
from numberlink_sat.errors import InvalidPuzzleError, SolveTimeout
from numberlink_sat.numberlink.formats import FORMATS, can_hold, format_puzzle, format_solution
from numberlink_sat.numberlink.generator import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_TIME_LIMIT,
    GENERATOR_SOLVER,
    GeneratedPuzzle,
    GenerationFailed,
    check_controls,
    generate_many,
)
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["parse_size", "register", "relabel_for", "run"]

_ONE_CHAR = "123456789ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz"


def parse_size(text: str) -> tuple[int, int]:
    """``"20x30"`` -> ``(20, 30)`` (width, height); ``"7"`` -> ``(7, 7)``.

    >>> parse_size("20x30"), parse_size("7")
    ((20, 30), (7, 7))
    """
    parts = text.lower().replace("×", "x").split("x")
    try:
        if len(parts) == 1:
            width = height = int(parts[0])
        elif len(parts) == 2:
            width, height = int(parts[0]), int(parts[1])
        else:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"size must be WIDTHxHEIGHT (e.g. 20x20), not {text!r}"
        ) from None
    return width, height


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"count must be an integer, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"count must be >= 0, got {value}")
    return value


def relabel_for(puzzle: Puzzle, solution: Solution, format: str) -> tuple[Puzzle, Solution]:
    """The same puzzle and solution with labels the format can write.

    Labels stay ``1..k`` when the format holds them; one-character formats get
    ``1-9, A-Z, a-z`` (without ``X``/``x``), ``flow`` letters only.

    >>> from numberlink_sat.numberlink.model import Puzzle, Solution
    >>> p = Puzzle(2, 1, {"10": ((0, 0), (0, 1))})
    >>> relabel_for(p, Solution(2, 1, {"10": [(0, 0), (0, 1)]}), "compact")[0].labels
    ('1',)
    """
    if can_hold(puzzle, format):
        return puzzle, solution
    for alphabet in (_ONE_CHAR, _LETTERS):
        if len(puzzle.labels) > len(alphabet):
            continue
        names = dict(zip(puzzle.labels, alphabet, strict=False))
        new_puzzle = Puzzle(
            puzzle.width, puzzle.height,
            {names[lab]: ends for lab, ends in puzzle.endpoints.items()}, puzzle.blocked,
        )
        if can_hold(new_puzzle, format):
            paths = {names[lab]: p for lab, p in solution.paths.items()}
            return new_puzzle, Solution(solution.width, solution.height, paths)
    raise InvalidPuzzleError(
        f"format {format!r} cannot hold a puzzle with {len(puzzle.labels)} labels"
        + (" and blocked cells (try --no-blocked)" if puzzle.blocked else "")
        + "; --format tokens and json hold every puzzle"
    )


def _holds_blocked(format: str) -> bool:
    """Whether ``format`` can write blocked cells at all."""
    probe = Puzzle(3, 1, {"1": ((0, 0), (0, 1))}, blocked=[(0, 2)])
    return can_hold(probe, format)


class _Progress:
    """tqdm when installed and wanted, else a plain status line on a terminal."""

    def __init__(self, total: int, enabled: bool, stream: IO[str]) -> None:
        self.total, self.done, self.stream = total, 0, stream
        self.enabled = enabled
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:  # pragma: no cover - depends on the environment
                self.bar = None
            else:
                self.bar = tqdm(total=total, file=stream, unit="puzzle", leave=False)

    def update(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(1)
        else:  # pragma: no cover - only without tqdm
            print(f"\rgenerated {self.done}/{self.total}", end="", file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.enabled:  # pragma: no cover - only without tqdm
            print(file=self.stream)


_STAT_FIELDS = (
    "file", "width", "height", "labels", "blocked", "repair_steps", "cuts", "trims",
    "reroutes", "repair_rounds", "local_rounds", "solve_calls", "raw_unique", "attempts",
    "timeouts",
    "seconds_paths", "seconds_proving", "seconds",
)


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles as the options say; returns the exit status."""
    width, height = args.size
    controls: dict[str, Any] = {
        "fill": not args.no_fill,
        "no_touch": args.no_touch,
        "no_2x2": args.no_2x2,
        "min_length": args.min_length,
        "max_length": args.max_length,
        "min_labels": args.min_labels,
        "max_labels": args.max_labels,
        "allow_blocked": not args.no_blocked,
        "solver": args.solver,
        "time_limit": args.time_limit if args.time_limit is not None else DEFAULT_TIME_LIMIT,
        "max_attempts": args.max_attempts,
    }
    check_controls(width, height, **{
        k: controls[k] for k in ("min_length", "max_length", "min_labels", "max_labels",
                                 "max_attempts", "time_limit")
    })
    if not args.no_blocked and not _holds_blocked(args.format):
        raise InvalidPuzzleError(
            f"format {args.format!r} has no blocked cells; add --no-blocked "
            "(or use --format tokens or json)"
        )
    out: Path | None = Path(args.out) if args.out else None
    ext = ".json" if args.format == "json" else ".txt"
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    stderr = sys.stderr
    show = not args.quiet and args.count > 1 and hasattr(stderr, "isatty") and stderr.isatty()
    progress = _Progress(args.count, show, stderr)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    stream = generate_many(width, height, args.count, seed=args.seed, **controls)
    try:
        for index in range(1, args.count + 1):
            try:
                made: GeneratedPuzzle = next(stream)
            except GenerationFailed as exc:
                progress.close()
                if isinstance(exc.__cause__, SolveTimeout):
                    print(f"numberlink-sat: timeout: puzzle {index}: {exc}", file=stderr)
                    return EXIT_TIMEOUT
                print(f"numberlink-sat: puzzle {index}: {exc}", file=stderr)
                return EXIT_NO_SOLUTION
            puzzle, solution = relabel_for(made.puzzle, made.solution, args.format)
            text = format_puzzle(puzzle, args.format)
            name = f"{args.prefix}{index:04d}"
            if out is None:
                sys.stdout.write(("\n" if index > 1 else "") + text)
            else:
                (out / f"{name}{ext}").write_text(text, encoding="utf-8")
                (out / f"{name}.solution.json").write_text(
                    format_solution(solution, puzzle=puzzle), encoding="utf-8"
                )
            row = {"file": f"{name}{ext}", "width": width, "height": height,
                   **made.stats.as_dict()}
            rows.append({k: row[k] for k in _STAT_FIELDS})
            progress.update()
    finally:
        progress.close()
    if out is not None:
        with (out / "stats.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=_STAT_FIELDS)
            writer.writeheader()
            for row in rows:
                writer.writerow({k: f"{v:.4f}" if isinstance(v, float) else v
                                 for k, v in row.items()})
    if not args.quiet:
        took = time.perf_counter() - started
        where = f" into {out}" if out is not None else ""
        print(f"{len(rows)} unique {width}x{height} puzzles{where} in {took:.2f} s",
              file=stderr)
    return EXIT_OK


def register(subparsers: Any) -> None:
    """Add the ``generate`` subcommand."""
    p = subparsers.add_parser(
        "generate",
        help="generate random Numberlink puzzles proven unique",
        description="Generate Numberlink puzzles by the seeds' union-find random paths; "
        "every puzzle is proven unique (under the chosen rules) by SAT, "
        "repaired by cutting paths when it is not.",
    )
    p.add_argument("--size", type=parse_size, default=(10, 10), metavar="WxH",
                   help="board size, e.g. 20x20 or 30x15 (default 10x10)")
    p.add_argument("--count", type=_count, default=1, help="number of puzzles (default 1)")
    p.add_argument("--seed", type=int, default=None,
                   help="random seed: the same seed gives the same puzzles")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="directory for puzzle, solution and stats.csv files "
                   "(default: puzzles to standard output)")
    p.add_argument("--format", choices=FORMATS, default="tokens",
                   help="puzzle file format (default tokens)")
    p.add_argument("--prefix", default="puzzle-", help="file name prefix (default puzzle-)")
    p.add_argument("--min-length", type=int, default=2, metavar="N",
                   help="shortest path in cells (default 2)")
    p.add_argument("--max-length", type=int, default=None, metavar="N",
                   help="longest path in cells")
    p.add_argument("--min-labels", type=int, default=None, metavar="N")
    p.add_argument("--max-labels", type=int, default=None, metavar="N")
    p.add_argument("--no-blocked", action="store_true",
                   help="no blocked cells (leftover cells extend a path end)")
    p.add_argument("--no-fill", action="store_true",
                   help="unique under the relaxed rule (cells may stay empty)")
    p.add_argument("--no-touch", action="store_true",
                   help="unique under the no-touch convention")
    p.add_argument("--no-2x2", action="store_true",
                   help="unique under the no-2x2 convention")
    p.add_argument("--max-attempts", type=int, default=DEFAULT_MAX_ATTEMPTS, metavar="N",
                   help=f"candidates per puzzle before giving up (default "
                   f"{DEFAULT_MAX_ATTEMPTS})")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar or summary")
    add_solver_options(p)
    for action in p._actions:  # the generator's own default solver, said in the help
        if action.dest == "solver":
            action.default = GENERATOR_SOLVER
            action.help = f"PySAT solver (default {GENERATOR_SOLVER}, the fastest measured here)"
    p.set_defaults(func=run)
    p.epilog = (
        f"--time-limit bounds the proof of one candidate (default {DEFAULT_TIME_LIMIT:g} s); "
        "a candidate past it is dropped, never called unique."
    )
