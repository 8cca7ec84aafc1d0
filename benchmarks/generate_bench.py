"""Benchmark the Numberlink generator: proven-unique puzzles per board size.

For each size it generates ``count`` puzzles (seeds ``seed .. seed+count-1``) and reports
the median / max wall time per proven-unique puzzle, the split between building the
random paths and proving uniqueness, how often the raw random-path output was
already unique, how many repair steps (cuts, trims) and rounds were needed, and the SAT
calls. Writes one CSV row per puzzle and a Markdown summary table.

Goals: 20x20 under 0.5 s median, 50x50 under 5 s, 100x100 under 60 s.
Anchor: the public Python generator of the ``W H`` corpus takes 1.2 s per 20x20 board.

Usage::

    python benchmarks/generate_bench.py                # 20x20 x20, 50x50 x5, 100x100 x2
    python benchmarks/generate_bench.py --quick        # 10x10 x10, 20x20 x10, 50x50 x2
    python benchmarks/generate_bench.py --sizes 30x30 --count 10 --solver glucose4
    python benchmarks/generate_bench.py --no-touch     # unique under the no-touch rule
    python benchmarks/generate_bench.py --no-blocked   # boards without blocked cells
    python benchmarks/generate_bench.py --suite designer   # speed goals + acceptance rates
    python benchmarks/generate_bench.py --suite batch --count 400 --jobs 2  # throughput

The ``designer`` suite times the speed goals (a 15x15 with 10-30 % empty cells unique
under the no-fill rule; a 20x20 with a half-turn symmetry and no 2-cell paths) and
reports the acceptance rate of each control (puzzles made / candidates drawn) on 10x10;
the ``batch`` suite makes ``--count`` 10x10 puzzles on ``--jobs`` processes the way
``generate --jobs`` does. Both write to ``benchmarks/results/generate/`` and report CPU
time (``time.process_time``) next to wall time, the box being shared.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from numberlink_sat.cli.common import positive_seconds
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


DESIGNER_GOALS: list[tuple[str, tuple[int, int], dict[str, Any], float]] = [
    ("15x15, no fill, 10-30 % empty", (15, 15),
     {"fill": False, "empty_share": (0.10, 0.30)}, 1.0),
    ("20x20, rot180, no 2-cell paths", (20, 20), {"symmetry": "rot180", "min_length": 3}, 0.5),
]

ACCEPTANCE: list[tuple[str, dict[str, Any]]] = [
    ("plain (fill, blocked allowed)", {}),
    ("no fill", {"fill": False}),
    ("no fill, 10-30 % empty", {"fill": False, "empty_share": (0.10, 0.30)}),
    ("no blocked cells", {"allow_blocked": False}),
    ("min length 3", {"min_length": 3}),
    ("symmetry rot180", {"symmetry": "rot180"}),
    ("symmetry mirror-lr", {"symmetry": "mirror-lr"}),
    ("symmetry mirror-tb", {"symmetry": "mirror-tb"}),
    ("no border clues", {"no_border_clues": True}),
    ("no adjacent ends", {"no_adjacent_ends": True}),
    ("difficulty 40-400", {"difficulty": (40.0, 400.0)}),
    ("difficulty 100-1000", {"difficulty": (100.0, 1000.0)}),
    ("no fill, empty, rot180", {"fill": False, "empty_share": (0.10, 0.30),
                                "symmetry": "rot180"}),
]


def _timed(width: int, height: int, seed: int, controls: dict[str, Any]) -> dict[str, Any]:
    from numberlink_sat.numberlink.generator import control_problems, make_controls

    c = make_controls(width, height, max_attempts=40, **controls)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        g = generate_with_solution(width, height, seed=seed, controls=c)
    except GenerationFailed:
        return {"ok": False, "seconds": time.perf_counter() - wall,
                "cpu": time.process_time() - cpu, "attempts": c.max_attempts * 25}
    row = {"ok": True, "seconds": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
           "attempts": g.stats.draws, "empty": g.stats.empty, "labels": g.stats.labels,
           "rejected": g.stats.rejected}
    assert control_problems(g.puzzle, g.solution, c) == []
    assert verify(g.puzzle, g.solution, **c.rules.as_kwargs()) == []
    return row


def _designer_row(name: str, size: tuple[int, int], controls: dict[str, Any], count: int,
                  seed: int, goal: float | None) -> dict[str, Any]:
    rows = [_timed(*size, s, controls) for s in range(seed, seed + count)]
    ok = [r for r in rows if r["ok"]]
    attempts = sum(r["attempts"] for r in rows)
    rejected: dict[str, int] = {}
    for r in ok:
        for k, v in r["rejected"].items():
            rejected[k] = rejected.get(k, 0) + v
    median_s = statistics.median(r["seconds"] for r in ok) if ok else float("nan")
    out = {
        "case": name, "size": f"{size[0]}x{size[1]}", "n": count, "made": len(ok),
        "median s": median_s,
        "median cpu s": statistics.median(r["cpu"] for r in ok) if ok else float("nan"),
        "acceptance": f"{len(ok)}/{attempts} = {len(ok) / max(attempts, 1):.0%}",
        "mean empty": statistics.fmean(r["empty"] for r in ok) if ok else float("nan"),
        "rejected (why)": ", ".join(f"{k} {v}" for k, v in sorted(rejected.items())) or "-",
    }
    if goal is not None:
        out["goal"] = f"< {goal:g} s: {'met' if ok and median_s < goal else 'NOT met'}"
    print(out, file=sys.stderr, flush=True)
    return out


def designer_suite(args: argparse.Namespace) -> str:
    count = args.count or 20
    goals = [_designer_row(n, size, c, count, args.seed, goal)
             for n, size, c, goal in DESIGNER_GOALS]
    rates = [_designer_row(n, (10, 10), c, count, args.seed, None) for n, c in ACCEPTANCE]
    return (f"Speed goals (seeds from {args.seed})\n\n" + markdown(goals)
            + "\nAcceptance per control, 10x10 (puzzles made / candidates drawn)\n\n"
            + markdown(rates))


def batch_suite(args: argparse.Namespace) -> str:
    from numberlink_sat.numberlink.generator.batch import Task, puzzle_seed, run_tasks

    count = args.count or 400
    controls: dict[str, Any] = {"width": 10, "height": 10, "candidate_time_limit": None,
                                "conflict_budget": 200_000}
    tasks = [Task(i, puzzle_seed(args.seed, i), controls, None) for i in range(count)]
    wall, cpu = time.perf_counter(), time.process_time()
    records = list(run_tasks(tasks, jobs=args.jobs, controls=controls))
    took = time.perf_counter() - wall
    worker_cpu = sum(r.get("cpu_seconds", 0.0) for r in records)
    made = sum(r["ok"] for r in records)
    per = took / max(made, 1)
    row = {"puzzles": f"{made}/{count}", "jobs": args.jobs, "wall s": took,
           "main cpu s": time.process_time() - cpu, "worker cpu s": worker_cpu,
           "wall per puzzle ms": 1000 * per,
           "10,000 extrapolated min": 10_000 * per / 60}
    print(row, file=sys.stderr)
    return (f"Batch: {count} proven-unique 10x10 (fill rule), --jobs {args.jobs}, run seed "
            f"{args.seed}; 10,000 extrapolated linearly from this count\n\n"
            + markdown([row]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", choices=("sizes", "designer", "batch"), default="sizes",
                        help="sizes (default): per-size timings; designer: goals and "
                        "acceptance; batch: throughput on --jobs processes")
    parser.add_argument("--jobs", type=int, default=2, help="processes for --suite batch")
    parser.add_argument("--quick", action="store_true", help="a short run (about a minute)")
    parser.add_argument("--sizes", nargs="*", type=_size, help="e.g. 20x20 50x50")
    parser.add_argument("--count", type=int, default=None, help="puzzles per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solver", default=GENERATOR_SOLVER, choices=INCREMENTAL_SOLVERS)
    parser.add_argument("--time-limit", type=positive_seconds, default=120.0,
                        help="seconds per candidate (default 120)")
    parser.add_argument("--no-fill", action="store_true")
    parser.add_argument("--no-touch", action="store_true")
    parser.add_argument("--no-blocked", action="store_true")
    parser.add_argument("--out", default="benchmarks/results",
                        help="directory for generate-SOLVER[-quick].csv and .md")
    args = parser.parse_args(argv)
    if args.suite != "sizes":
        table = designer_suite(args) if args.suite == "designer" else batch_suite(args)
        out = Path(args.out) / "generate"
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{args.suite}.md").write_text(table)
        print(table)
        return 0

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
