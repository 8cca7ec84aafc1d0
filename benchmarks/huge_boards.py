"""The 1002x1002 boards of Ahle's ``inputs6``: time and memory by phase and solver.

Each run happens in a fresh child process so that its peak memory (``ru_maxrss``) is
its own. Phases: pre-check, encoding (numpy clause blocks), loading into the solver,
SAT, turning the model into verified paths (loops absorbed, verifier run), and the
independent verifier once more on its own. Every answer is checked; a wrong one stops
the run.

    python benchmarks/huge_boards.py --out benchmarks/results/huge
    python benchmarks/huge_boards.py --solvers cadical195 minisat22 --scaled 250 500

``--scaled N`` adds a synthetic N x N board of the same shape as the solvable one
(four labels from the corners to the four centre cells), to see how time grows. With
N = 2 (mod 4) each quadrant has odd sides like inputs6#0 and one snake fills it; with
N = 0 (mod 4) the colour count forces paths across quadrants and SAT gets much harder
(100 x 100: 0.05 to over 20 s depending on clause order alone).
Writes ``huge.csv`` and ``huge.md``.
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.corpus import corpus_path
from numberlink_sat.numberlink.model import Puzzle

INPUTS6 = corpus_path() / "numberlink" / "thomasahle-numberlink" / "inputs6"
FIELDS = ("board", "solver", "status", "cells", "clauses", "precheck_s", "encode_s", "load_s",
          "sat_s", "paths_s", "verify_s", "total_s", "peak_rss_mb", "absorbed")


def corners_to_centre(size: int) -> Puzzle:
    """The shape of inputs6 board 0 at any even size: corners to the four centre cells."""
    h = size // 2
    return Puzzle(size, size, {
        "a": ((0, 0), (h - 1, h - 1)), "b": ((0, size - 1), (h - 1, h)),
        "c": ((h, h - 1), (size - 1, 0)), "d": ((h, h), (size - 1, size - 1)),
    })


def board(name: str) -> Puzzle:
    if name.startswith("scaled"):
        return corners_to_centre(int(name.removeprefix("scaled")))
    return nl.read(INPUTS6)[int(name.removeprefix("inputs6#"))]


def run_one(name: str, solver: str, limit: float) -> dict[str, Any]:
    """One board with one solver, in this process (the child)."""
    from numberlink_sat.numberlink.solve import NumberlinkSolver

    puzzle = board(name)
    row: dict[str, Any] = {"board": name, "solver": solver, "cells": puzzle.width * puzzle.height}
    started = time.perf_counter()
    with NumberlinkSolver(puzzle, solver=solver, time_limit=limit, seed_strengthened=False,
                          window_search=False) as engine:
        built = time.perf_counter()
        stats = engine.stats
        if engine.unsolvable_reason is not None:
            row.update(status="no solution (pre-check)", precheck_s=built - started)
            solution = None
        else:
            solution = next(engine.solutions(1), None)
            row["status"] = "solved" if solution is not None else "no solution"
        done = time.perf_counter()
        encode = stats.encode_seconds
        load = stats.extra.get("load_seconds", 0.0)
        if engine.encoding is not None:
            row.update(precheck_s=built - started - encode - load, encode_s=encode,
                       load_s=load, sat_s=stats.solve_seconds,
                       paths_s=done - built - stats.solve_seconds,
                       clauses=stats.clauses, absorbed=stats.extra.get("absorbed", 0))
    if solution is not None:
        checked = time.perf_counter()
        problems = nl.verify(puzzle, solution)
        row["verify_s"] = time.perf_counter() - checked
        if problems:
            raise SystemExit(f"{name}: INVALID SOLUTION: {problems[:3]}")
    row["total_s"] = time.perf_counter() - started
    row["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def in_child(name: str, solver: str, limit: float) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--one", name, solver, "--time-limit", str(limit)],
        capture_output=True, text=True, check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{name} with {solver} failed:\n{out.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return "" if value is None else str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solvers", nargs="+", default=["cadical195", "glucose4", "minisat22"])
    parser.add_argument("--boards", nargs="+", default=["inputs6#0", "inputs6#1", "inputs6#2"])
    parser.add_argument("--scaled", nargs="*", type=int, default=[],
                        help="also synthetic N x N boards shaped like inputs6#0 (N even)")
    parser.add_argument("--time-limit", type=positive_seconds, default=600.0)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/huge"))
    parser.add_argument("--one", nargs=2, metavar=("BOARD", "SOLVER"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(run_one(args.one[0], args.one[1], args.time_limit)))
        return 0
    if not INPUTS6.exists() and any(b.startswith("inputs6") for b in args.boards):
        print(f"corpus not found at {INPUTS6}; use --boards with --scaled only", file=sys.stderr)
        return 2
    boards = [*(f"scaled{n}" for n in args.scaled), *args.boards]
    rows = []
    for name in boards:
        for solver in args.solvers:
            row = in_child(name, solver, args.time_limit)
            rows.append(row)
            print(" ".join(f"{k}={fmt(row.get(k))}" for k in FIELDS if k in row), flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "huge.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows({k: row.get(k) for k in FIELDS} for row in rows)
    lines = [
        "# The 1002x1002 boards of inputs6 (one child process per row)",
        "",
        f"Machine: {platform.machine()}, Python {platform.python_version()}; "
        f"`python benchmarks/huge_boards.py {' '.join(argv or sys.argv[1:])}`. "
        "Seconds per phase; peak RSS of the child. Every solution verified.",
        "",
        "| " + " | ".join(FIELDS) + " |",
        "|" + "---|" * len(FIELDS),
    ]
    lines += ["| " + " | ".join(fmt(row.get(k)) for k in FIELDS) + " |" for row in rows]
    (args.out / "huge.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
