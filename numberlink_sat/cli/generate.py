"""``numberlink-sat generate``: proven-unique random puzzles, written to files.

``numberlink-sat generate --size 20x20 --count 100 --seed 1 --out DIR`` writes
``DIR/puzzle-0001.txt`` (the puzzle, ``--format``, default ``tokens``; ``--format all``
or a comma list writes one file per format), ``DIR/puzzle-0001.solution.json`` (the
solution file) per puzzle, ``DIR/puzzles.url`` (the puzz.link URL of each puzzle
without blocked cells), ``DIR/manifest.jsonl`` (one JSON line per puzzle: seed, size,
rules, pairs, path lengths, empty cells, time, solve calls) and ``DIR/stats.csv``.
Puzzle ``i`` has its own seed derived from ``--seed`` and ``i``: ``--jobs N`` (a process
pool) or ``--scheduler`` (Dask) give the same puzzles as one process, and a run into a
directory that already has a manifest makes only the puzzles not in it (resumable).
Without ``--out`` the puzzles go to standard output, separated by blank lines.

``--time-limit`` covers the whole run (the puzzles finished are kept);
``--candidate-time-limit`` bounds one candidate's proof; ``--conflict-budget`` drops a
candidate after that many SAT conflicts (the same on every machine). ``--thin`` joins
paths of each proven puzzle while it stays unique, down to ``--max-labels`` or for
``--thin-time`` seconds (``numberlink.generator.thin``).

Exit status: 0 all puzzles made; 1 a puzzle could not be made within the controls;
2 bad controls; 4 the time limit ended the run with fewer puzzles than asked.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path
from typing import IO, Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_TIMEOUT,
    add_solver_options,
    non_negative_int,
    positive_int,
    positive_seconds,
)
from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.numberlink.formats import FORMATS, can_hold, format_puzzle, format_solution
from numberlink_sat.numberlink.generator import (
    DEFAULT_MAX_ATTEMPTS,
    GENERATOR_SOLVER,
    SYMMETRIES,
    make_controls,
)
from numberlink_sat.numberlink.generator.batch import (
    Task,
    deadline_epoch,
    load_record,
    puzzle_seed,
    run_tasks,
)
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions

__all__ = ["parse_range", "parse_size", "register", "relabel_for", "run"]

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


def parse_range(text: str) -> tuple[float, float]:
    """``"0.1-0.3"`` -> ``(0.1, 0.3)``; ``"10%-30%"`` too; ``"0.2"`` -> ``(0.2, 0.2)``.

    >>> parse_range("0.1-0.3"), parse_range("10%-30%"), parse_range("0.2")
    ((0.1, 0.3), (0.1, 0.3), (0.2, 0.2))
    """
    def one(part: str) -> float:
        part = part.strip()
        return float(part[:-1]) / 100 if part.endswith("%") else float(part)

    try:
        parts = [one(x) for x in text.split("-")]
    except ValueError:
        parts = []
    if len(parts) not in (1, 2):
        raise argparse.ArgumentTypeError(f"a range is MIN-MAX (e.g. 0.1-0.3), not {text!r}")
    return parts[0], parts[-1]


def _score_range(text: str) -> tuple[float, float]:
    """``"20-200"`` -> ``(20.0, 200.0)``; ``"50-"`` -> ``(50.0, inf)``."""
    low, sep, high = text.partition("-")
    try:
        lo = float(low)
        hi = float(high) if high.strip() else float("inf") if sep else lo
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a score range is MIN-MAX (e.g. 20-200), not {text!r}") from None
    return lo, hi


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
    "file", "width", "height", "labels", "blocked", "empty", "repair_steps", "cuts", "trims",
    "reroutes", "gap_cuts", "repair_rounds", "local_rounds", "solve_calls", "conflicts",
    "raw_unique", "attempts", "timeouts", "seconds_paths", "seconds_proving", "seconds",
    "thin_merges", "thin_shifts", "seconds_thinning",
)

MANIFEST = "manifest.jsonl"
"""The manifest's file name inside ``--out``: one JSON line per puzzle made."""


def _formats(text: str) -> list[str]:
    names = list(FORMATS) if text == "all" else [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in names if x not in FORMATS]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown format {', '.join(bad) or text!r}; use 'all' or some of: "
            f"{', '.join(FORMATS)}")
    return names


def _controls(args: argparse.Namespace) -> dict[str, Any]:
    """The generator keywords the options ask for (validated by the caller, once)."""
    width, height = args.size
    controls: dict[str, Any] = {
        "width": width, "height": height,
        "fill": not args.no_fill, "no_touch": args.no_touch, "no_2x2": args.no_2x2,
        "min_length": args.min_length, "max_length": args.max_length,
        "min_labels": args.min_labels, "max_labels": args.max_labels,
        "allow_blocked": not args.no_blocked, "solver": args.solver,
        "candidate_time_limit": args.candidate_time_limit,
        "conflict_budget": args.conflict_budget, "max_attempts": args.max_attempts,
        "symmetry": args.symmetry, "no_adjacent_ends": args.no_adjacent_ends,
        "no_border_clues": args.no_border_clues,
        "difficulty": args.difficulty, "rate_difficulty": args.rate,
        "thin": args.thin, "thin_time_limit": args.thin_time,
    }
    if args.empty is not None:
        controls["empty_share"] = args.empty
        controls["allow_blocked"] = False
    return controls


def _check_formats(args: argparse.Namespace, controls: dict[str, Any]) -> None:
    blocked = controls["allow_blocked"]
    for fmt in args.format:
        # puzz.link files beside other formats are written for puzzles without blocked cells
        if blocked and not _holds_blocked(fmt) and not (fmt == "puzzlink" and
                                                        len(args.format) > 1):
            raise InvalidPuzzleError(
                f"format {fmt!r} has no blocked cells; add --no-blocked "
                "(or use --format tokens or json)"
            )


def _read_manifest(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InvalidPuzzleError(f"{path}:{number}: not a JSON line ({exc.msg})") from None
    return rows


class _Writer:
    """Files, manifest, URLs and statistics of one run (or standard output)."""

    def __init__(self, args: argparse.Namespace, controls: dict[str, Any]) -> None:
        self.args = args
        self.out: Path | None = Path(args.out) if args.out else None
        self.rules = RuleOptions(fill=controls["fill"], no_touch=controls["no_touch"],
                                 no_2x2=controls["no_2x2"])
        self.controls = {k: v for k, v in controls.items() if k not in ("solver",)}
        self.rows: list[dict[str, Any]] = []
        self.waiting: dict[int, str] = {}
        self.next_print = 0
        self.done_before: set[int] = set()
        if self.out is not None:
            self.out.mkdir(parents=True, exist_ok=True)
            old = _read_manifest(self.out / MANIFEST)
            self.done_before = {int(r["index"]) for r in old}

    def name(self, index: int) -> str:
        return f"{self.args.prefix}{index + 1:04d}"

    def add(self, record: dict[str, Any], run_seed: int) -> None:
        puzzle, solution = load_record(record)
        genre = "numlin" if not self.rules.fill else "arukone"
        puzzle = puzzle.with_rules(self.rules, genre)
        first = self.args.format[0]
        if self.out is None:
            shown, _ = relabel_for(puzzle, solution, first)
            self.waiting[record["index"]] = format_puzzle(shown, first)
            while self.next_print in self.waiting:
                sys.stdout.write(("\n" if self.next_print else "") +
                                 self.waiting.pop(self.next_print))
                self.next_print += 1
            return
        files = self.write_files(record["index"], puzzle, solution)
        url = None
        if not puzzle.blocked:
            url = format_puzzle(puzzle, "puzzlink").strip()
            with (self.out / "puzzles.url").open("a", encoding="utf-8") as handle:
                handle.write(url + "\n")
        self.manifest(record, run_seed, files, url)

    def write_files(self, index: int, puzzle: Puzzle, solution: Solution) -> dict[str, str]:
        assert self.out is not None
        name = self.name(index)
        files: dict[str, str] = {}
        several = len(self.args.format) > 1
        first, first_solution = relabel_for(puzzle, solution, self.args.format[0])
        for fmt in self.args.format:
            if fmt == "puzzlink" and puzzle.blocked:
                continue
            shown, shown_solution = relabel_for(puzzle, solution, fmt)
            ext = ".json" if fmt == "json" else ".url" if fmt == "puzzlink" else ".txt"
            file = f"{name}.{fmt}{ext}" if several else f"{name}{ext}"
            (self.out / file).write_text(format_puzzle(shown, fmt), encoding="utf-8")
            files[fmt] = file
            if shown.labels != first.labels:  # a format that needs other label names
                own = f"{name}.{fmt}.solution.json"
                (self.out / own).write_text(format_solution(shown_solution, puzzle=shown),
                                            encoding="utf-8")
                files[f"{fmt}-solution"] = own
        # the solution file with the labels of the first format's file
        solution_file = f"{name}.solution.json"
        (self.out / solution_file).write_text(format_solution(first_solution, puzzle=first),
                                              encoding="utf-8")
        files["solution"] = solution_file
        answer = self.pzprv3_answer(puzzle, solution)
        if answer is not None:  # the other solution format: puzz.link opens it
            (self.out / f"{name}.solution.pzprv3.txt").write_text(answer, encoding="utf-8")
            files["pzprv3-solution"] = f"{name}.solution.pzprv3.txt"
        return files

    @staticmethod
    def pzprv3_answer(puzzle: Puzzle, solution: Solution) -> str | None:
        """The puzzle with its solution drawn as a pzprv3 file, or ``None`` when the
        puzzle cannot be one (blocked cells, or labels a relabelling cannot number)."""
        if puzzle.blocked:
            return None
        shown, shown_solution = relabel_for(puzzle, solution, "pzprv3")
        try:
            return format_solution(shown_solution, "pzprv3", puzzle=shown)
        except InvalidPuzzleError:
            return None

    def manifest(self, record: dict[str, Any], run_seed: int, files: dict[str, str],
                 url: str | None) -> None:
        assert self.out is not None
        stats = record["stats"]
        line = {
            "index": record["index"], "seed": record["seed"], "run_seed": run_seed,
            "size": f"{record['width']}x{record['height']}",
            "rules": {"fill": self.rules.fill, "no_touch": self.rules.no_touch,
                      "no_2x2": self.rules.no_2x2},
            "pairs": record["pairs"], "path_lengths": record["path_lengths"],
            "empty": record["empty"], "blocked": record["blocked"],
            "difficulty": record["difficulty"], "difficulty_grade": record["difficulty_grade"],
            "seconds": round(record["seconds"], 4),
            "cpu_seconds": round(record["cpu_seconds"], 4),
            "solve_calls": record["solve_calls"], "conflicts": record["conflicts"],
            "attempts": record["attempts"], "files": files, "url": url,
            "controls": self.controls,
        }
        with (self.out / MANIFEST).open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line, sort_keys=True) + "\n")
        row = {"file": next(iter(files.values())), "width": record["width"],
               "height": record["height"], **stats}
        self.rows.append({k: row.get(k, "") for k in _STAT_FIELDS})

    def close(self) -> None:
        if self.out is None or not self.rows:
            return
        path = self.out / "stats.csv"
        new = not path.exists()
        fields: list[str] = list(_STAT_FIELDS)
        if not new:  # a resumed run keeps the columns of the file it appends to
            with path.open(newline="", encoding="utf-8") as old:
                fields = next(csv.reader(old), []) or fields
        with path.open("a", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields, restval="",
                                    extrasaction="ignore")
            if new:
                writer.writeheader()
            for row in sorted(self.rows, key=lambda r: str(r["file"])):
                writer.writerow({k: f"{v:.4f}" if isinstance(v, float) else v
                                 for k, v in row.items()})


def _run_seed(args: argparse.Namespace, writer: _Writer) -> int:
    if args.seed is not None:
        return int(args.seed)
    if writer.out is not None:
        old = _read_manifest(writer.out / MANIFEST)
        if old:
            return int(old[0]["run_seed"])
    return random.SystemRandom().randrange(2**31)


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles as the options say; returns the exit status."""
    controls = _controls(args)
    kwargs = dict(controls)
    make_controls(kwargs.pop("width"), kwargs.pop("height"), **kwargs)  # bad: exit 2 now
    _check_formats(args, controls)
    writer = _Writer(args, controls)
    run_seed = _run_seed(args, writer)
    ends_at = deadline_epoch(args.time_limit)
    todo = args.count - len([i for i in writer.done_before if i < args.count])
    tasks = (Task(i, puzzle_seed(run_seed, i), controls, ends_at)
             for i in range(args.count) if i not in writer.done_before)
    stderr = sys.stderr
    show = not args.quiet and todo > 1 and hasattr(stderr, "isatty") and stderr.isatty()
    progress = _Progress(todo, show, stderr)
    started = time.perf_counter()
    failures: list[dict[str, Any]] = []
    made = 0
    try:
        for record in run_tasks(tasks, jobs=args.jobs, scheduler=args.scheduler,
                                controls=controls, ends_at=ends_at):
            if record["ok"]:
                writer.add(record, run_seed)
                made += 1
            else:
                failures.append(record)
            progress.update()
    finally:
        progress.close()
        writer.close()
    before = len([i for i in writer.done_before if i < args.count])
    return _report(args, made + before, failures, time.perf_counter() - started, writer)


def _report(args: argparse.Namespace, made: int, failures: list[dict[str, Any]],
            took: float, writer: _Writer) -> int:
    width, height = args.size
    stderr = sys.stderr
    if made >= args.count:
        if not args.quiet:
            where = f" into {writer.out}" if writer.out is not None else ""
            print(f"{made} unique {width}x{height} puzzles{where} in {took:.2f} s",
                  file=stderr)
        return EXIT_OK
    timeouts = [f for f in failures if f.get("timeout")]
    first = min(failures, key=lambda f: f["index"]) if failures else None
    why = f"; puzzle {first['index'] + 1}: {first['reason']}" if first else ""
    if timeouts:
        print(f"numberlink-sat: timeout: found {made} of {args.count} {width}x{height} "
              f"puzzles within the time limit{why}", file=stderr)
        return EXIT_TIMEOUT
    print(f"numberlink-sat: found {made} of {args.count} {width}x{height} puzzles{why}",
          file=stderr)
    return EXIT_NO_SOLUTION


def _add_control_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--min-length", type=int, default=2, metavar="N",
                   help="shortest path in cells (default 2)")
    p.add_argument("--max-length", type=int, default=None, metavar="N",
                   help="longest path in cells")
    p.add_argument("--min-labels", type=int, default=None, metavar="N",
                   help="fewest labels (paths)")
    p.add_argument("--max-labels", type=int, default=None, metavar="N",
                   help="most labels (paths)")
    p.add_argument("--no-blocked", action="store_true",
                   help="no blocked cells (leftover cells extend a path end)")
    p.add_argument("--no-fill", action="store_true",
                   help="unique under the relaxed rule (cells may stay empty)")
    p.add_argument("--no-touch", action="store_true",
                   help="unique under the no-touch convention")
    p.add_argument("--no-2x2", action="store_true",
                   help="unique under the no-2x2 convention")
    p.add_argument("--empty", type=parse_range, default=None, metavar="MIN-MAX",
                   help="with --no-fill: share of cells the solution leaves empty, e.g. "
                   "0.1-0.3 (no blocked cells; the Nikoli style)")
    p.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                   help="clue symmetry (default none)")
    p.add_argument("--no-adjacent-ends", action="store_true",
                   help="no two clues side by side (so no 2-cell paths)")
    p.add_argument("--no-border-clues", action="store_true",
                   help="no clue on the board's edge")
    p.add_argument("--difficulty", type=_score_range, default=None, metavar="MIN-MAX",
                   help="difficulty score range (numberlink.difficulty.rate), e.g. 20-200")
    p.add_argument("--rate", action="store_true",
                   help="rate every puzzle's difficulty for the manifest and sheets "
                   "(implied by --difficulty; costs time on big boards)")
    p.add_argument("--max-attempts", type=int, default=DEFAULT_MAX_ATTEMPTS, metavar="N",
                   help=f"candidates per puzzle before giving up (default "
                   f"{DEFAULT_MAX_ATTEMPTS})")
    p.add_argument("--candidate-time-limit", type=positive_seconds, default=None,
                   metavar="SECONDS",
                   help="drop a candidate whose proof takes longer (depends on the machine)")
    p.add_argument("--conflict-budget", type=positive_int, default=None, metavar="N",
                   help="drop a candidate after N SAT conflicts (the same on every machine)")
    p.add_argument("--thin", action="store_true",
                   help="once proven, join paths end to end while the puzzle stays unique "
                   "(each step proven), down to --max-labels or as far as --thin-time "
                   "allows: the few long paths of hand-made puzzles")
    p.add_argument("--thin-time", type=positive_seconds, default=60.0, metavar="SECONDS",
                   help="seconds of thinning per puzzle (default 60)")


def register(subparsers: Any) -> None:
    """Add the ``generate`` subcommand."""
    p = subparsers.add_parser(
        "generate",
        help="generate random Numberlink puzzles proven unique",
        description="Generate Numberlink puzzles by union-find random paths; "
        "every puzzle is proven unique (under the chosen rules) by SAT, "
        "repaired by cutting paths when it is not.",
    )
    p.add_argument("--size", type=parse_size, default=(10, 10), metavar="WxH",
                   help="board size, e.g. 20x20 or 30x15 (default 10x10)")
    p.add_argument("--count", type=non_negative_int, default=1,
                   help="number of puzzles (default 1)")
    p.add_argument("--seed", type=int, default=None,
                   help="run seed: the same seed gives the same puzzles (puzzle i gets a "
                   "seed derived from it and i)")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="directory for puzzle, solution, manifest.jsonl, puzzles.url and "
                   "stats.csv files; puzzles already in its manifest are skipped "
                   "(default: puzzles to standard output)")
    p.add_argument("--format", type=_formats, default=["tokens"], metavar="FORMAT",
                   help=f"puzzle file format(s): one of {', '.join(FORMATS)}, a comma "
                   "list, or 'all' (default tokens)")
    p.add_argument("--prefix", default="puzzle-", help="file name prefix (default puzzle-)")
    _add_control_options(p)
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help="worker processes (default 1); the puzzles do not depend on it")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on a Dask scheduler (tcp://host:8786), or 'local' for a "
                   "LocalCluster of --jobs workers (needs the dask extra)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar or summary")
    add_solver_options(p)
    for action in p._actions:  # the generator's own default solver, said in the help
        if action.dest == "solver":
            action.default = GENERATOR_SOLVER
            action.help = f"PySAT solver (default {GENERATOR_SOLVER}, the fastest measured here)"
        if action.dest == "time_limit":
            action.help = ("seconds for the whole run: the puzzles finished are kept, exit 4 "
                           "when fewer than --count came out")
    p.set_defaults(func=run)
    p.epilog = (
        "A candidate past --candidate-time-limit or --conflict-budget is dropped, never "
        "called unique; with --conflict-budget alone the same seed gives the same "
        "puzzles on every machine."
    )
