"""Uniqueness with paths held (``numberlink.held``) beside the direct count.

For every puzz.link URL of the given files (the shared hand-made set by default) and
each rule asked for: ``count_solutions(limit=2)`` within ``--count-limit`` seconds,
then ``held_path_proof`` within ``--time-limit`` (each lemma within ``--lemma-limit``;
with ``--depth`` > 0 a lemma that ran out is asked again with paths held inside it,
within ``--deep-limit``). Per puzzle and rule: both verdicts, their wall and CPU
seconds, the paths held, the deep lemmas, the final search's seconds. Every solution
the proof returns is checked again by the verifier; a verdict of one way that
contradicts the other's stops the run. Every lemma, at every level, goes to
``lemmas.csv``.

    python benchmarks/held_bench.py --rule nikoli
    python benchmarks/held_bench.py --rule nikoli --depth 1 --time-limit 5400

Writes ``held.csv``, ``lemmas.csv`` and ``held.md``; default output
``benchmarks/results/held/``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.numberlink.held import HeldLemma, HeldPathProof, held_path_proof

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import direct_and_walked, walk_parser, walk_rows, write_tables

FIELDS = ("puzzle", "size", "pairs", "rule", "count", "count_wall", "count_cpu", "held_proof",
          "depth", "held_wall", "held_cpu", "lemmas", "deep_lemmas", "held", "final_wall")
LEMMA_FIELDS = ("puzzle", "rule", "within", "label", "cells", "answer", "deep", "seconds",
                "cpu_seconds")


def _every_lemma(proof: HeldPathProof) -> list[HeldLemma]:
    """The lemmas of ``proof`` and of every proof inside them, each after its inner ones."""
    found: list[HeldLemma] = []
    for lemma in proof.lemmas:
        if lemma.inside is not None:
            found += _every_lemma(lemma.inside)
        found.append(lemma)
    return found


def one(name: str, puzzle: nl.Puzzle, fill: bool, args: argparse.Namespace
        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The row of one puzzle under one rule, and its lemmas."""
    rule = "fill" if fill else "nikoli"

    def report(lemma: HeldLemma) -> None:
        inside = f" inside {'-'.join(lemma.within)}" if lemma.within else ""
        print(f"  {name} {rule}: path {lemma.label}{inside} ({lemma.cells} cells): "
              f"{lemma.answer} in {lemma.seconds:.2f} s", file=sys.stderr, flush=True)

    row, proof = direct_and_walked(
        name, puzzle, fill, args.count_limit,
        lambda: held_path_proof(puzzle, fill=fill, lemma_time_limit=args.lemma_limit,
                                depth=args.depth, deep_lemma_time_limit=args.deep_limit,
                                time_limit=args.time_limit, on_lemma=report),
        "proof with paths held")
    lemmas = _every_lemma(proof)
    row |= {"held_proof": proof.verdict, "depth": args.depth,
            "held_wall": round(proof.seconds, 2), "held_cpu": round(proof.cpu_seconds, 2),
            "lemmas": len(lemmas),
            "deep_lemmas": sum(lemma.inside is not None for lemma in lemmas),
            "held": " ".join(proof.held), "final_wall": round(proof.final_seconds, 2)}
    print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
    return row, [{"puzzle": name, "rule": rule, "within": " ".join(lemma.within),
                  "label": lemma.label, "cells": lemma.cells, "answer": lemma.answer,
                  "deep": lemma.inside is not None, "seconds": round(lemma.seconds, 3),
                  "cpu_seconds": round(lemma.cpu_seconds, 3)} for lemma in lemmas]


def main(argv: list[str] | None = None) -> int:
    parser = walk_parser(__doc__.split("\n\n")[0], "held")
    parser.add_argument("--lemma-limit", type=positive_seconds, default=10.0)
    parser.add_argument("--depth", type=int, default=0, choices=range(4), metavar="{0..3}",
                        help="levels of paths held inside a lemma that ran out (default 0)")
    parser.add_argument("--deep-limit", type=positive_seconds, default=1200.0)
    args = parser.parse_args(argv)
    rows, lemmas = walk_rows(args, one)
    markdown = write_tables(
        args.out, [("held.csv", FIELDS, rows), ("lemmas.csv", LEMMA_FIELDS, lemmas)],
        "Uniqueness with paths held, beside the direct count",
        "`count`: `count_solutions(limit=2)` within the count limit; `held_proof`: "
        "`held_path_proof` (`docs/encoding.md`, \"Paths held\"); `held`: the paths held at "
        "the top; `deep_lemmas`: lemmas asked with paths held inside them.",
        "held_bench.py", argv)
    print(f"wrote {args.out}/held.csv, lemmas.csv, {markdown.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
