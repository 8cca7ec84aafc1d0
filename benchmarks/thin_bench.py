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
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.cli.generate import parse_size
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.formats.puzzlink import ARUKONE_MAX, MAX_CLUE, to_url
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.generator.thin import ThinStep, thin
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.rules import RuleOptions

sys.path.insert(0, str(Path(__file__).parent))
from loose_bench import seeds_of

FIELDS = ("size", "rule", "seed", "labels_before", "labels", "cells_per_pair", "merges",
          "shifts", "asked", "multiple", "timeouts", "proof_median", "proof_last",
          "stopped", "wall", "cpu", "recheck", "recheck_wall")
STEP_FIELDS = ("size", "rule", "seed", "kind", "labels", "proof_seconds", "asked", "at")


def one_board(width: int, height: int, seed: int, fill: bool, limit: float,
              recheck_limit: float) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """Generate, thin, check again: the board's row, its steps and its URL."""
    rule = "fill" if fill else "nikoli"
    started, cpu = time.perf_counter(), cpu_seconds()
    made = generate_with_solution(width, height, seed=seed, fill=fill, allow_blocked=False)
    steps: list[dict[str, Any]] = []

    def record(step: ThinStep) -> None:
        steps.append({"size": f"{width}x{height}", "rule": rule, "seed": seed,
                      "kind": step.kind, "labels": step.labels,
                      "proof_seconds": round(step.proof_seconds, 3), "asked": step.asked,
                      "at": round(time.perf_counter() - started, 1)})
        print(f"  {width}x{height} {rule} seed {seed}: {step.kind} -> {step.labels} labels "
              f"(proof {step.proof_seconds:.2f} s)", file=sys.stderr, flush=True)

    result = thin(made.puzzle, made.solution, fill=fill, seed=seed, time_limit=limit,
                  on_step=record)
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
           "recheck_wall": round(time.perf_counter() - began, 2)}
    genre = "arukone" if fill else "numlin"
    tagged = Puzzle(width, height, dict(result.puzzle.endpoints), genre=genre,
                    rules=RuleOptions(fill=fill))
    top = ARUKONE_MAX if fill else MAX_CLUE
    if labels > top:  # puzz.link's Arukone clues stop at 52
        return row, steps, f"# {genre} holds clues 1..{top} only:"
    return row, steps, to_url(tagged)


def summary(rows: list[dict[str, Any]], command: str) -> str:
    """The page: one row a board, then the medians per size and rule."""
    lines = ["# Designed here: generated puzzles thinned to hand-made density", "",
             f"`{command}`; Python {platform.python_version()}, 2 shared cores. A walk "
             "keeps a move only when it proves the new puzzle unique (`count_after_move`: "
             "the solution known, one clause that a second one changes a moved path; 5 s "
             "a proof at most); `recheck` counts the final puzzle again from scratch "
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", type=parse_size, default=[(14, 14), (20, 20)],
                        metavar="WxH", help="board sizes (default 14x14 20x20)")
    parser.add_argument("--seeds", type=seeds_of, default=[1, 2, 3],
                        help='generator seeds, "1-3" or "1,4" (default 1-3)')
    parser.add_argument("--rule", choices=("nikoli", "fill", "both"), default="both")
    parser.add_argument("--time-limit", type=positive_seconds, default=120.0,
                        help="seconds of thinning per board (default 120)")
    parser.add_argument("--recheck-limit", type=positive_seconds, default=60.0,
                        help="seconds for the fresh count of each final puzzle (default 60)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/thin"))
    parser.add_argument("--merge", type=Path, nargs="+", metavar="DIR",
                        help="no run: join the outputs of earlier runs (their thin.csv, "
                        "steps.csv and designed.url) into --out")
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
    for width, height in [] if args.merge else args.sizes:
        for fill in rules:
            for seed in args.seeds:
                row, walk, url = one_board(width, height, seed, fill, args.time_limit,
                                           args.recheck_limit)
                rows.append(row)
                steps += walk
                urls.append(f"{url} {row['size']} {row['rule']} seed {seed}: "
                            f"{row['labels']} pairs")
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
    (args.out / "thin.md").write_text(summary(rows, command.strip()), encoding="utf-8")
    plot(steps, args.out)
    print(f"wrote {args.out}/thin.csv, steps.csv, thin.md, designed.url")
    return 0


if __name__ == "__main__":
    sys.exit(main())
