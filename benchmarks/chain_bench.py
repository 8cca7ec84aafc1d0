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
import sys
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_int, positive_seconds
from numberlink_sat.numberlink.chain import DEFAULT_PIECE_LENGTH, ChainStep, chain_proof

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import direct_and_walked, walk_parser, walk_rows, write_tables

FIELDS = ("puzzle", "size", "pairs", "rule", "count", "count_wall", "count_cpu", "chain",
          "workers", "chain_wall", "chain_cpu", "split_pairs", "merges", "proven", "logged",
          "slowest_step")
STEP_FIELDS = ("puzzle", "rule", "pairs", "merged_cells", "answer", "seconds", "cpu_seconds",
               "logged")


def one(name: str, puzzle: nl.Puzzle, fill: bool, args: argparse.Namespace
        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The row of one puzzle under one rule, and its chain's steps."""
    rule = "fill" if fill else "nikoli"
    steps: list[dict[str, Any]] = []

    def record(step: ChainStep) -> None:
        steps.append({"puzzle": name, "rule": rule, "pairs": step.pairs,
                      "merged_cells": step.merged_cells, "answer": step.answer,
                      "seconds": round(step.seconds, 3),
                      "cpu_seconds": round(step.cpu_seconds, 3), "logged": step.logged})
        print(f"  {name} {rule}: {step.pairs} pairs, merged {step.merged_cells} cells: "
              f"{step.answer} in {step.seconds:.2f} s", file=sys.stderr, flush=True)

    row, proof = direct_and_walked(
        name, puzzle, fill, args.count_limit,
        lambda: chain_proof(puzzle, fill=fill, piece_length=args.piece_length,
                            time_limit=args.time_limit, step_time_limit=args.step_limit,
                            on_step=record, workers=args.workers,
                            log=None if args.log_dir is None else
                            args.log_dir / f"{name.replace(' ', '-')}-{rule}.jsonl"),
        "chain")
    row |= {"chain": proof.verdict, "workers": args.workers,
            "chain_wall": round(proof.seconds, 2), "chain_cpu": round(proof.cpu_seconds, 2),
            "split_pairs": proof.split_pairs, "merges": len(proof.steps),
            "proven": proof.proven_steps, "logged": proof.logged_steps,
            "slowest_step": round(max((s.seconds for s in proof.steps), default=0.0), 2)}
    print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
    return row, steps


def main(argv: list[str] | None = None) -> int:
    parser = walk_parser(__doc__.split("\n\n")[0], "chain")
    parser.add_argument("--step-limit", type=positive_seconds, default=900.0)
    parser.add_argument("--piece-length", type=int, default=DEFAULT_PIECE_LENGTH)
    parser.add_argument("--workers", type=positive_int, default=1,
                        help="child processes proving the planned merges (default 1)")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="keep each chain's proven steps in DIR/NAME-RULE.jsonl and "
                        "resume from them (the 'logged' column counts those taken)")
    args = parser.parse_args(argv)
    if args.log_dir is not None:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    rows, steps = walk_rows(args, one)
    markdown = write_tables(
        args.out, [("chain.csv", FIELDS, rows), ("steps.csv", STEP_FIELDS, steps)],
        "Uniqueness along a chain of merges, beside the direct count",
        "`count`: `count_solutions(limit=2)` within the count limit; `chain`: `chain_proof` "
        "(every merge proven, `docs/encoding.md`).", "chain_bench.py", argv)
    print(f"wrote {args.out}/chain.csv, steps.csv, {markdown.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
