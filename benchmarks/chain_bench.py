"""Uniqueness along a chain of merges (``numberlink.chain``) beside the direct count.

For every puzz.link URL of the given files (the shared hand-made set by default) and
each rule asked for: ``count_solutions(limit=2)`` within ``--count-limit`` seconds,
then ``chain_proof`` within ``--time-limit`` (each merge within ``--step-limit``).
Per puzzle and rule: both verdicts, their wall and CPU seconds, the pairs of the split
puzzle, the merges proven, the slowest step. Every solution the chain returns is
checked again by the verifier; a verdict of one engine that contradicts the other's
stops the run. Every merge's seconds go to ``steps.csv``.

    python benchmarks/chain_bench.py --rule nikoli
    python benchmarks/chain_bench.py --urls more-urls.txt --rule both --time-limit 3600
    python benchmarks/chain_bench.py --rule nikoli --workers 2 --log-dir chain-logs

Writes ``chain.csv``, ``steps.csv`` and ``chain.md``; default output
``benchmarks/results/chain/``.
"""

from __future__ import annotations

import argparse
import csv
import platform
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_int, positive_seconds
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.chain import DEFAULT_PIECE_LENGTH, ChainStep, chain_proof
from numberlink_sat.numberlink.diagnose import cpu_seconds
from numberlink_sat.numberlink.solve import counted

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import CORPUS, read_urls

FIELDS = ("puzzle", "size", "pairs", "rule", "count", "count_wall", "count_cpu", "chain",
          "workers", "chain_wall", "chain_cpu", "split_pairs", "merges", "proven", "logged",
          "slowest_step")
STEP_FIELDS = ("puzzle", "rule", "pairs", "merged_cells", "answer", "seconds", "cpu_seconds",
               "logged")
VERDICT = {0: "none", 1: "unique", 2: "multiple"}


def one(name: str, puzzle: nl.Puzzle, fill: bool, args: argparse.Namespace
        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The row of one puzzle under one rule, and its chain's steps."""
    rule = "fill" if fill else "nikoli"
    began, cpu = time.perf_counter(), cpu_seconds()
    try:
        direct = VERDICT[counted(puzzle, 2, fill=fill, time_limit=args.count_limit)[0]]
    except SolveTimeout:
        direct = "timeout"
    count_wall, count_cpu = time.perf_counter() - began, cpu_seconds() - cpu
    steps: list[dict[str, Any]] = []

    def record(step: ChainStep) -> None:
        steps.append({"puzzle": name, "rule": rule, "pairs": step.pairs,
                      "merged_cells": step.merged_cells, "answer": step.answer,
                      "seconds": round(step.seconds, 3),
                      "cpu_seconds": round(step.cpu_seconds, 3), "logged": step.logged})
        print(f"  {name} {rule}: {step.pairs} pairs, merged {step.merged_cells} cells: "
              f"{step.answer} in {step.seconds:.2f} s", file=sys.stderr, flush=True)

    proof = chain_proof(puzzle, fill=fill, piece_length=args.piece_length,
                        time_limit=args.time_limit, step_time_limit=args.step_limit,
                        on_step=record, workers=args.workers,
                        log=None if args.log_dir is None else
                        args.log_dir / f"{name.replace(' ', '-')}-{rule}.jsonl")
    for solution in (proof.solution, proof.second):
        if solution is not None and nl.verify(puzzle, solution, fill=fill):
            raise SystemExit(f"WRONG: {name} ({rule}): the chain's solution does not verify")
    decided = {"unique", "multiple", "none"}
    if direct in decided and proof.verdict in decided and direct != proof.verdict:
        raise SystemExit(f"WRONG: {name} ({rule}): count says {direct}, chain "
                         f"{proof.verdict}")
    row = {"puzzle": name, "size": f"{puzzle.width}x{puzzle.height}",
           "pairs": len(puzzle.labels), "rule": rule, "count": direct,
           "count_wall": round(count_wall, 2), "count_cpu": round(count_cpu, 2),
           "chain": proof.verdict, "workers": args.workers, "chain_wall": round(proof.seconds, 2),
           "chain_cpu": round(proof.cpu_seconds, 2), "split_pairs": proof.split_pairs,
           "merges": len(proof.steps), "proven": proof.proven_steps,
           "logged": proof.logged_steps,
           "slowest_step": round(max((s.seconds for s in proof.steps), default=0.0), 2)}
    print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
    return row, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urls", type=Path, nargs="+",
                        default=[CORPUS / "puzzlink" / "urls.txt"],
                        help="files of puzz.link URLs, one a line")
    parser.add_argument("--rule", choices=("nikoli", "fill", "both"), default="both")
    parser.add_argument("--min-cells", type=int, default=100,
                        help="skip boards of fewer cells (default 100)")
    parser.add_argument("--count-limit", type=positive_seconds, default=60.0)
    parser.add_argument("--time-limit", type=positive_seconds, default=1800.0)
    parser.add_argument("--step-limit", type=positive_seconds, default=900.0)
    parser.add_argument("--piece-length", type=int, default=DEFAULT_PIECE_LENGTH)
    parser.add_argument("--workers", type=positive_int, default=1,
                        help="child processes proving the planned merges (default 1)")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="keep each chain's proven steps in DIR/NAME-RULE.jsonl and "
                        "resume from them (the 'logged' column counts those taken)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/chain"))
    args = parser.parse_args(argv)
    rules = {"nikoli": (False,), "fill": (True,), "both": (False, True)}[args.rule]
    if args.log_dir is not None:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    for path in args.urls:
        for url, puzzle in read_urls(path):
            if puzzle.width * puzzle.height < args.min_cells:
                continue
            name = f"{url.split('?', 1)[1].split('/', 1)[0]} {url.split('/')[-1][:12]}"
            for fill in rules:
                row, walked = one(name, puzzle, fill, args)
                rows.append(row)
                steps += walked
    args.out.mkdir(parents=True, exist_ok=True)
    for filename, fields, data in (("chain.csv", FIELDS, rows), ("steps.csv", STEP_FIELDS,
                                                                  steps)):
        with open(args.out / filename, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields)
            writer.writeheader()
            writer.writerows(data)
    command = "python benchmarks/chain_bench.py " + " ".join(
        a for a in (argv if argv is not None else sys.argv[1:]))
    lines = ["# Uniqueness along a chain of merges, beside the direct count", "",
             f"`{command.strip()}`; Python {platform.python_version()}, 2 shared cores. "
             "`count`: `count_solutions(limit=2)` within the count limit; `chain`: "
             "`chain_proof` (every merge proven, `docs/encoding.md`).", "",
             "| " + " | ".join(FIELDS) + " |", "|" + " --- |" * len(FIELDS)]
    lines += ["| " + " | ".join(str(row[f]) for f in FIELDS) + " |" for row in rows]
    (args.out / "chain.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}/chain.csv, steps.csv, chain.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
