"""Designed here: puzzles thinned to the density of hand-made ones, and what it costs.

For each size, seed and rule: a generated puzzle without blocked cells (proven unique),
then ``thin`` (``numberlink.generator.thin``) for up to ``--time-limit`` seconds: paths
joined end to end while the puzzle stays unique, each step proven
(``count_after_move``, generator.md section 2c). Per board: labels before and after,
cells per pair, kept merges and shifts, candidates asked (refuted by a second solution /
past the proof limit), the median and last proof seconds, why the walk stopped, wall
and CPU seconds.
Every final puzzle is checked by the verifier with its solution and proven unique again
from scratch (``count_solutions(limit=2)``, no time limit below ``--recheck-limit``).

    python benchmarks/thin_bench.py
    python benchmarks/thin_bench.py --sizes 14x14 20x20 --seeds 1-3 --time-limit 240
    python benchmarks/thin_bench.py --rule nikoli --sizes 26x26 --seeds 1 --time-limit 600
    python benchmarks/thin_bench.py --from benchmarks/results/thin/designed.url \
        --rule nikoli --sizes 26x26 --time-limit 3600 --proof-limit 30

``--from FILE`` starts from the puzzles of a ``designed.url`` (those of the sizes,
seeds and rule asked: the seed is read from the line's comment, ``seed N``) instead of
generating: their walks go on from where an earlier run left them, the solution found
again (it is the only one). ``--proof-limit`` is the seconds one step's proof may take
(default 5, ``DEFAULT_PROOF_TIME_LIMIT``): further walks need more.

Writes ``thin.csv`` (one row a board), ``steps.csv`` (every kept move: labels and proof
seconds, the cost of a proof as the pairs thin out), ``thin.md``, ``thin.png`` (if
matplotlib is installed) and ``designed.url``: the final puzzles as puzz.link URLs
(``numlin`` for the Nikoli rule, ``arukone`` for fill; a comment line for a fill puzzle
with more than the 52 pairs an Arukone URL holds), designed here and free to commit,
for ``handmade_bench.py --urls`` (with znumlin beside, an independent count).
Default output ``benchmarks/results/thin/``.
"""

from __future__ import annotations

import argparse
import csv
import platform
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.cli.generate import parse_size
from numberlink_sat.errors import InvalidArgumentError, SolveTimeout
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.formats.puzzlink import ARUKONE_MAX, MAX_CLUE, to_url
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.generator.thin import DEFAULT_PROOF_TIME_LIMIT, ThinStep, thin
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.rules import RuleOptions

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import read_urls
from loose_bench import seeds_of

FIELDS = ("size", "rule", "seed", "labels_before", "labels", "cells_per_pair", "merges",
          "shifts", "asked", "multiple", "timeouts", "proof_median", "proof_last",
          "stopped", "wall", "cpu", "recheck", "recheck_wall", "proof_limit")
STEP_FIELDS = ("size", "rule", "seed", "kind", "labels", "proof_seconds", "asked", "at")


def designed(path: Path) -> list[tuple[Puzzle, int]]:
    """The puzzles of a ``designed.url`` with the seed its comment names (``seed N``;
    the line's number when it names none).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "designed.url")
    ...     _ = path.write_text("https://puzz.link/p?numlin/2/2/1g1g 2x2 nikoli seed 7\\n"
    ...                         "# a note\\nhttps://puzz.link/p?arukone/2/2/1g1g\\n")
    ...     [(p.width, _fills(p), seed) for p, seed in designed(path)]
    [(2, False, 7), (2, True, 3)]
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"{path}: cannot read the URL file: {exc}") from None
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
             if line.split() and line.split()[0].startswith("http")]
    seeds = [int(found.group(1)) if (found := re.search(r"\bseed (\d+)", line)) else number
             for number, line in lines]
    return [(puzzle, seed) for (_url, puzzle), seed in zip(read_urls(path), seeds, strict=True)]


def _fills(puzzle: Puzzle) -> bool:
    """Whether the puzzle's genre asks for fill (``arukone``) or not (``numlin``)."""
    return puzzle.rules is None or puzzle.rules.fill


def one_board(width: int, height: int, seed: int, fill: bool, limit: float,
              recheck_limit: float, proof_limit: float = DEFAULT_PROOF_TIME_LIMIT,
              start: Puzzle | None = None) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Generate (or take ``start``), thin, check again: the board's row, its steps and
    its URL."""
    rule = "fill" if fill else "nikoli"
    started, cpu = time.perf_counter(), cpu_seconds()
    if start is None:
        made = generate_with_solution(width, height, seed=seed, fill=fill,
                                      allow_blocked=False)
        puzzle, solution = made.puzzle, made.solution
    else:
        found = nl.solve(start, fill=fill)
        if found is None:
            raise SystemExit(f"the designed {width}x{height} seed {seed} ({rule}) has no "
                             "solution under its rule")
        puzzle, solution = start, found
    steps: list[dict[str, Any]] = []

    def record(step: ThinStep) -> None:
        steps.append({"size": f"{width}x{height}", "rule": rule, "seed": seed,
                      "kind": step.kind, "labels": step.labels,
                      "proof_seconds": round(step.proof_seconds, 3), "asked": step.asked,
                      "at": round(time.perf_counter() - started, 1)})
        print(f"  {width}x{height} {rule} seed {seed}: {step.kind} -> {step.labels} labels "
              f"(proof {step.proof_seconds:.2f} s)", file=sys.stderr, flush=True)

    try:
        result = thin(puzzle, solution, fill=fill, seed=seed, time_limit=limit,
                      proof_time_limit=proof_limit, on_step=record)
    except (InvalidArgumentError, SolveTimeout) as exc:  # a start that is not proven unique
        raise SystemExit(f"the {width}x{height} seed {seed} ({rule}) cannot be thinned: "
                         + (str(exc) if isinstance(exc, InvalidArgumentError) else
                            f"its uniqueness proof takes longer than {proof_limit:g} s")) from None
    wall, used = time.perf_counter() - started, cpu_seconds() - cpu
    problems = nl.verify(result.puzzle, result.solution, fill=fill)
    if problems:
        raise SystemExit(f"WRONG: the thinned {width}x{height} seed {seed} ({rule}): "
                         + problems[0])
    began = time.perf_counter()
    try:
        count: int | str = nl.count_solutions(result.puzzle, 2, fill=fill,
                                              time_limit=recheck_limit)
    except SolveTimeout:
        count = "timeout"
    if count not in (1, "timeout"):
        raise SystemExit(f"WRONG: the thinned {width}x{height} seed {seed} ({rule}) has "
                         f"{count} solutions on a fresh count")
    proofs = [step.proof_seconds for step in result.steps]
    labels = len(result.puzzle.labels)
    row = {"size": f"{width}x{height}", "rule": rule, "seed": seed,
           "labels_before": result.labels_before, "labels": labels,
           "cells_per_pair": round(width * height / labels, 1), "merges": result.merges,
           "shifts": len(result.steps) - result.merges, "asked": result.asked,
           "multiple": result.multiple, "timeouts": result.timeouts,
           "proof_median": round(statistics.median(proofs), 3) if proofs else "",
           "proof_last": round(proofs[-1], 3) if proofs else "", "stopped": result.stopped,
           "wall": round(wall, 1), "cpu": round(used, 1),
           "recheck": "unique" if count == 1 else "timeout",
           "recheck_wall": round(time.perf_counter() - began, 2), "proof_limit": proof_limit}
    genre = "arukone" if fill else "numlin"
    tagged = Puzzle(width, height, dict(result.puzzle.endpoints), genre=genre,
                    rules=RuleOptions(fill=fill))
    top = ARUKONE_MAX if fill else MAX_CLUE
    if labels > top:  # puzz.link's Arukone clues stop at 52
        return row, steps, f"# {genre} holds clues 1..{top} only:"
    return row, steps, to_url(tagged)


def proof_limits_text(rows: list[dict[str, Any]], proof_limit: float) -> str:
    """How long a step's proof could take, as the rows record it (``proof_limit``);
    ``proof_limit`` (this command's) for rows of runs that did not record it.

    >>> proof_limits_text([{"proof_limit": 30}, {"proof_limit": 30.0}], 5)
    '30 s a proof at most'
    >>> proof_limits_text([{"proof_limit": 5}, {"proof_limit": ""}], 5)
    '5 s a proof at most'
    >>> proof_limits_text([{"proof_limit": 5}, {"proof_limit": 30}], 5)
    'a proof at most the seconds of its row (`proof_limit`: 5, 30)'
    """
    limits = sorted({float(row["proof_limit"]) if row.get("proof_limit", "") != ""
                     else float(proof_limit) for row in rows} or {float(proof_limit)})
    if len(limits) == 1:
        return f"{limits[0]:g} s a proof at most"
    return ("a proof at most the seconds of its row (`proof_limit`: "
            + ", ".join(f"{limit:g}" for limit in limits) + ")")


def summary(rows: list[dict[str, Any]], command: str,
            proof_limit: float = DEFAULT_PROOF_TIME_LIMIT) -> str:
    """The page: one row a board, then the medians per size and rule. ``proof_limit``
    stands for the rows that do not record their own (runs before session 54)."""
    lines = ["# Designed here: generated puzzles thinned to hand-made density", "",
             f"`{command}`; Python {platform.python_version()}, 2 shared cores. A walk "
             "keeps a move only when it proves the new puzzle unique (`count_after_move`: "
             "the solution known, one clause that a second one changes a moved path; "
             f"{proof_limits_text(rows, proof_limit)}); `recheck` counts the final puzzle "
             "again from scratch "
             "(`count_solutions(limit=2)`).", "",
             "| " + " | ".join(FIELDS) + " |", "|" + " --- |" * len(FIELDS)]
    lines += ["| " + " | ".join(str(row[f]) for f in FIELDS) + " |" for row in rows]
    lines.append("")
    for size in sorted({r["size"] for r in rows}, key=lambda s: int(s.split("x")[0])):
        for rule in ("nikoli", "fill"):
            some = [r for r in rows if r["size"] == size and r["rule"] == rule]
            if some:
                lines.append(
                    f"{size} {rule}: {len(some)} boards, median labels "
                    f"{statistics.median(r['labels_before'] for r in some):g} -> "
                    f"{statistics.median(r['labels'] for r in some):g} "
                    f"(median {statistics.median(r['cells_per_pair'] for r in some):g} "
                    f"cells a pair), median wall {statistics.median(r['wall'] for r in some):g} s")
                lines.append("")
    return "\n".join(lines)


def plot(steps: list[dict[str, Any]], out: Path) -> Path | None:
    """Proof seconds of every kept move against the cells per pair it left."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(8, 5))
    for (size, rule), marker in zip(sorted({(s["size"], s["rule"]) for s in steps}),
                                    "os^vD<>ph*", strict=False):
        width, height = (int(x) for x in size.split("x"))
        mine = [s for s in steps if s["size"] == size and s["rule"] == rule]
        ax.plot([width * height / s["labels"] for s in mine],
                [max(s["proof_seconds"], 1e-3) for s in mine], marker, markersize=3,
                linestyle="none", label=f"{size} {rule}")
    ax.set_yscale("log")
    ax.set_xlabel("cells per pair after the move")
    ax.set_ylabel("seconds to prove the new puzzle unique")
    ax.set_title("Thinning: the proof gets dearer as the pairs thin out")
    if steps:  # a walk stuck at once has no point to name
        ax.legend(fontsize=8)
    path = out / "thin.png"
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _read_csv(path: Path, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """The rows of an earlier run's CSV, numbers as numbers again."""
    def value(text: str) -> Any:
        for kind in (int, float):
            try:
                return kind(text)
            except ValueError:
                pass
        return text

    with path.open(encoding="utf-8", newline="") as handle:
        return [{k: value(row.get(k, "")) for k in fields} for row in csv.DictReader(handle)]


def _boards(args: argparse.Namespace, rules: list[bool]
            ) -> list[tuple[int, int, int, bool, Puzzle | None]]:
    """(width, height, seed, fill, the puzzle to start from or None) for every walk asked."""
    if args.start is None:
        return [(width, height, seed, fill, None)
                for width, height in args.sizes or [(14, 14), (20, 20)]
                for fill in rules for seed in args.seeds]
    return [(puzzle.width, puzzle.height, seed, _fills(puzzle), puzzle)
            for puzzle, seed in designed(args.start)
            if _fills(puzzle) in rules and seed in args.seeds
            and (args.sizes is None or (puzzle.width, puzzle.height) in args.sizes)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", type=parse_size, default=None,
                        metavar="WxH", help="board sizes (default 14x14 20x20; with --from: "
                        "every size in the file)")
    parser.add_argument("--seeds", type=seeds_of, default=[1, 2, 3],
                        help='generator seeds, "1-3" or "1,4" (default 1-3)')
    parser.add_argument("--rule", choices=("nikoli", "fill", "both"), default="both")
    parser.add_argument("--time-limit", type=positive_seconds, default=120.0,
                        help="seconds of thinning per board (default 120)")
    parser.add_argument("--recheck-limit", type=positive_seconds, default=60.0,
                        help="seconds for the fresh count of each final puzzle (default 60)")
    parser.add_argument("--proof-limit", type=positive_seconds,
                        default=DEFAULT_PROOF_TIME_LIMIT,
                        help="seconds one step's proof may take (default "
                        f"{DEFAULT_PROOF_TIME_LIMIT:g})")
    parser.add_argument("--from", dest="start", type=Path, metavar="FILE",
                        help="go on from the puzzles of this designed.url (the sizes, "
                        "seeds and rule asked) instead of generating")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/thin"))
    parser.add_argument("--merge", type=Path, nargs="+", metavar="DIR",
                        help="no run: join the outputs of earlier runs (their thin.csv, "
                        "steps.csv and designed.url) into --out; rows that do not record "
                        "their proof limit are taken to have had --proof-limit's")
    args = parser.parse_args(argv)
    rules = {"nikoli": [False], "fill": [True], "both": [False, True]}[args.rule]
    rows: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    urls: list[str] = []
    for folder in args.merge or []:
        try:
            rows += _read_csv(folder / "thin.csv", FIELDS)
            steps += _read_csv(folder / "steps.csv", STEP_FIELDS)
            urls += (folder / "designed.url").read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            parser.error(f"--merge {folder}: {exc.strerror or exc}")
    walks = [] if args.merge else _boards(args, rules)
    if args.start is not None and not walks:
        parser.error(f"--from {args.start}: no puzzle of the sizes, seeds and rule asked")
    for width, height, seed, fill, start in walks:
        row, walk, url = one_board(width, height, seed, fill, args.time_limit,
                                   args.recheck_limit, args.proof_limit, start)
        rows.append(row)
        steps += walk
        urls.append(f"{url} {row['size']} {row['rule']} seed {seed}: {row['labels']} pairs")
        print(" ".join(f"{k}={row[k]}" for k in FIELDS), flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, fields, data in (("thin.csv", FIELDS, rows), ("steps.csv", STEP_FIELDS, steps)):
        with (args.out / name).open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields)
            writer.writeheader()
            writer.writerows(data)
    (args.out / "designed.url").write_text("\n".join(urls) + "\n", encoding="utf-8")
    command = "python benchmarks/thin_bench.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    (args.out / "thin.md").write_text(summary(rows, command.strip(), args.proof_limit),
                                      encoding="utf-8")
    plot(steps, args.out)
    print(f"wrote {args.out}/thin.csv, steps.csv, thin.md, designed.url")
    return 0


if __name__ == "__main__":
    sys.exit(main())
