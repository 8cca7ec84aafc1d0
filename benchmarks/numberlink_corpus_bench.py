"""Numberlink on the public corpus: solve and uniqueness, per file and rule variant.

Every answer is checked by the independent verifier; a wrong answer stops the run.
Everything runs in one process, one puzzle after another, so totals are comparable
with the anchors of the Numberlink core issue (Janko file in one process).

    python benchmarks/numberlink_corpus_bench.py --out benchmarks/results/corpus
    python benchmarks/numberlink_corpus_bench.py --files janko --modes count:no-touch

Writes ``corpus.csv`` (one row per puzzle and mode) and ``corpus.md`` (per file and
mode: puzzles, answers, timeouts, median / max / total seconds).
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
from numberlink_sat.corpus import corpus_path
from numberlink_sat.numberlink.solve import NumberlinkSolver

CORPUS = corpus_path() / "numberlink"
FILES = {
    "janko": "thomasahle-numberlink/janko",
    "inputs1": "thomasahle-numberlink/inputs1",
    "inputs2": "thomasahle-numberlink/inputs2",
    "inputs3": "thomasahle-numberlink/inputs3",
    "inputs4": "thomasahle-numberlink/inputs4",
    "inputs5": "thomasahle-numberlink/inputs5",
    "inputs7": "thomasahle-numberlink/inputs7",
    "inputs8": "thomasahle-numberlink/inputs8",
    "inputs9": "thomasahle-numberlink/inputs9",
    "inputs10": "thomasahle-numberlink/inputs10",
    "inputs6": "thomasahle-numberlink/inputs6",
    "flow": "mzucker-flow_solver/puzzles",
}
MODES = ("solve:plain", "solve:no-touch", "count:plain", "count:no-touch")


def puzzles_of(name: str, max_cells: int) -> list[tuple[str, nl.Puzzle]]:
    path = CORPUS / FILES[name]
    files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
    out = []
    for f in files:
        for k, puzzle in enumerate(nl.read(f)):
            if puzzle.width * puzzle.height <= max_cells:
                out.append((f"{f.name}#{k}", puzzle))
    return out


def run_one(
    puzzle: nl.Puzzle, mode: str, limit: float, solver: str
) -> tuple[str, float, dict[str, Any]]:
    verb, variant = mode.split(":")
    no_touch = variant == "no-touch"
    started = time.perf_counter()
    try:
        if verb == "solve":
            solution = nl.solve(puzzle, solver=solver, time_limit=limit, no_touch=no_touch)
            answer = "none" if solution is None else "solved"
            if solution is not None and nl.verify(puzzle, solution, no_touch=no_touch):
                raise SystemExit(f"WRONG ANSWER: {mode}")
            stats: dict[str, Any] = {}
        else:
            with NumberlinkSolver(puzzle, solver=solver, time_limit=limit, no_touch=no_touch) as s:
                found = list(s.solutions(2))
                stats = s.stats.as_dict()
            for solution in found:
                if nl.verify(puzzle, solution, no_touch=no_touch):
                    raise SystemExit(f"WRONG ANSWER: {mode}")
            answer = {0: "none", 1: "unique"}.get(len(found), "multiple")
    except nl.SolveTimeout:
        answer, stats = "timeout", {}
    return answer, time.perf_counter() - started, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=["janko", "flow", "inputs1", "inputs3",
                                                       "inputs5", "inputs9", "inputs10"],
                        choices=sorted(FILES))
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    parser.add_argument("--time-limit", type=positive_seconds, default=20.0)
    parser.add_argument("--max-cells", type=int, default=10_000)
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/corpus"))
    args = parser.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}; nothing to run", file=sys.stderr)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in args.files:
        puzzles = puzzles_of(name, args.max_cells)
        for mode in args.modes:
            for ident, puzzle in puzzles:
                answer, seconds, stats = run_one(puzzle, mode, args.time_limit, args.solver)
                rows.append({"file": name, "puzzle": ident, "mode": mode,
                             "size": f"{puzzle.width}x{puzzle.height}",
                             "labels": len(puzzle.labels), "answer": answer,
                             "seconds": round(seconds, 4),
                             "calls": stats.get("calls", ""),
                             "window_hits": stats.get("window_hits", "")})
            done = [r for r in rows if r["file"] == name and r["mode"] == mode]
            total = sum(r["seconds"] for r in done)
            print(f"{name:9} {mode:15} {len(done):4} puzzles {total:8.2f} s", flush=True)
    with open(args.out / "corpus.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        f"# Numberlink corpus, {args.solver}, limit {args.time_limit:g} s per puzzle",
        "",
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"numberlink_sat {nl.__version__}; one process, puzzles one after another; "
        "every answer verified.",
        "",
        "| file | mode | puzzles | answers | timeouts | median s | max s | total s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in args.files:
        for mode in args.modes:
            done = [r for r in rows if r["file"] == name and r["mode"] == mode]
            if not done:
                continue
            secs = [r["seconds"] for r in done]
            answers: dict[str, int] = {}
            for r in done:
                answers[r["answer"]] = answers.get(r["answer"], 0) + 1
            shown = ", ".join(f"{k} {v}" for k, v in sorted(answers.items()) if k != "timeout")
            lines.append(
                f"| {name} | {mode} | {len(done)} | {shown} | {answers.get('timeout', 0)} | "
                f"{statistics.median(secs):.3f} | {max(secs):.2f} | {sum(secs):.1f} |"
            )
    (args.out / "corpus.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
