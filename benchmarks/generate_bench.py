"""Benchmark the Numberlink generator: proven-unique puzzles per board size.

For each size it generates ``count`` puzzles (seeds ``seed .. seed+count-1``) and reports
the median / max wall time per proven-unique puzzle, the split between building the
seeds' paths and proving uniqueness, how often the raw seed-algorithm output was
already unique, how many repair steps (cuts, trims) and rounds were needed, and the SAT
calls. Writes one CSV row per puzzle and a Markdown summary table.

Goals (issue 3): 20x20 under 0.5 s median, 50x50 under 5 s, 100x100 under 60 s.
Anchor: the public Python generator of the ``W H`` corpus takes 1.2 s per 20x20 board.

Usage::

    python benchmarks/generate_bench.py                # 20x20 x20, 50x50 x5, 100x100 x2
    python benchmarks/generate_bench.py --quick        # 10x10 x10, 20x20 x10, 50x50 x2
    python benchmarks/generate_bench.py --sizes 30x30 --count 10 --solver glucose4
    python benchmarks/generate_bench.py --no-touch     # unique under the no-touch rule
    python benchmarks/generate_bench.py --no-blocked   # boards without blocked cells
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from numberlink_sat.numberlink.generator import (
    GENERATOR_SOLVER,
    GenerationFailed,
    generate_with_solution,
)
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.solvers import INCREMENTAL_SOLVERS

FULL = [((20, 20), 20), ((50, 50), 5), ((100, 100), 2)]
QUICK = [((10, 10), 10), ((20, 20), 10), ((50, 50), 2)]

FIELDS = (
    "size", "seed", "solver", "ok", "seconds", "seconds_paths", "seconds_proving",
    "labels", "blocked", "raw_unique", "repair_steps", "cuts", "trims", "reroutes",
    "repair_rounds",
    "local_rounds",
    "solve_calls", "skipped_models", "attempts", "timeouts",
)


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h or w)


def run_size(width: int, height: int, count: int, seed: int, args: argparse.Namespace,
             ) -> list[dict[str, Any]]:
    rows = []
    variant = {"fill": not args.no_fill, "no_touch": args.no_touch}
    for s in range(seed, seed + count):
        started = time.perf_counter()
        row: dict[str, Any] = {"size": f"{width}x{height}", "seed": s, "solver": args.solver}
        try:
            g = generate_with_solution(width, height, seed=s, solver=args.solver,
                                       time_limit=args.time_limit,
                                       allow_blocked=not args.no_blocked, **variant)
        except GenerationFailed as exc:
            row.update(ok=False, seconds=time.perf_counter() - started)
            print(f"  {width}x{height} seed {s}: FAILED {exc}", file=sys.stderr)
            rows.append(row)
            continue
        assert verify(g.puzzle, g.solution, **variant) == []
        row.update(ok=True, **{k: v for k, v in g.stats.as_dict().items() if k in FIELDS})
        rows.append(row)
        print(f"  {width}x{height} seed {s}: {row['seconds']:.2f} s "
              f"(paths {row['seconds_paths']:.3f}, proving {row['seconds_proving']:.2f}), "
              f"{row['labels']} labels, {row['repair_steps']} repairs in "
              f"{row['repair_rounds']} rounds, {row['solve_calls']} SAT calls",
              file=sys.stderr, flush=True)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ok = [r for r in rows if r.get("ok")]

    def med(key: str) -> float:
        return statistics.median(r[key] for r in ok) if ok else float("nan")

    def mean(key: str) -> float:
        return statistics.fmean(r[key] for r in ok) if ok else float("nan")

    return {
        "size": rows[0]["size"],
        "n": len(rows),
        "failed": len(rows) - len(ok),
        "median s": med("seconds"),
        "max s": max((r["seconds"] for r in ok), default=float("nan")),
        "median paths s": med("seconds_paths"),
        "median proving s": med("seconds_proving"),
        "proving share": (sum(r["seconds_proving"] for r in ok)
                          / max(sum(r["seconds"] for r in ok), 1e-12)) if ok else float("nan"),
        "raw unique": f"{sum(bool(r['raw_unique']) for r in ok)}/{len(ok)}",
        "mean repairs": mean("repair_steps"),
        "mean trims": mean("trims"),
        "mean reroutes": mean("reroutes"),
        "mean rounds (global)": mean("repair_rounds"),
        "mean rounds (window)": mean("local_rounds"),
        "mean SAT calls": mean("solve_calls"),
        "mean labels": mean("labels"),
        "mean blocked": mean("blocked"),
    }


def markdown(summaries: list[dict[str, Any]]) -> str:
    keys = list(summaries[0])
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    for s in summaries:
        cells = [f"{v:.3f}" if isinstance(v, float) and k.endswith(" s") else
                 f"{v:.2f}" if isinstance(v, float) and k == "proving share" else
                 f"{v:.1f}" if isinstance(v, float) else str(v) for k, v in s.items()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about a minute)")
    parser.add_argument("--sizes", nargs="*", type=_size, help="e.g. 20x20 50x50")
    parser.add_argument("--count", type=int, default=None, help="puzzles per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solver", default=GENERATOR_SOLVER, choices=INCREMENTAL_SOLVERS)
    parser.add_argument("--time-limit", type=float, default=120.0,
                        help="seconds per candidate (default 120)")
    parser.add_argument("--no-fill", action="store_true")
    parser.add_argument("--no-touch", action="store_true")
    parser.add_argument("--no-blocked", action="store_true")
    parser.add_argument("--out", default="benchmarks/results",
                        help="directory for generate-SOLVER[-quick].csv and .md")
    args = parser.parse_args(argv)

    plan = QUICK if args.quick else FULL
    if args.sizes:
        plan = [(s, args.count or 5) for s in args.sizes]
    elif args.count:
        plan = [(s, args.count) for s, _ in plan]
    all_rows: list[dict[str, Any]] = []
    summaries = []
    for (w, h), count in plan:
        rows = run_size(w, h, count, args.seed, args)
        all_rows += rows
        summaries.append(summarise(rows))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"generate-{args.solver}" + ("-quick" if args.quick else "") + (
        "-" + "-".join(f"{w}x{h}" for (w, h), _ in plan) if args.sizes else "") + (
        "-nofill" if args.no_fill else "") + ("-notouch" if args.no_touch else "") + (
        "-noblocked" if args.no_blocked else "")
    with (out / f"{stem}.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(all_rows)
    variant = ("no fill" if args.no_fill else "fill") + (
        ", no-touch" if args.no_touch else "") + (", no blocked cells" if args.no_blocked else "")
    table = (f"Generator, solver {args.solver}, rules: {variant}, seeds from {args.seed}\n\n"
             + markdown(summaries))
    (out / f"{stem}.md").write_text(table)
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
