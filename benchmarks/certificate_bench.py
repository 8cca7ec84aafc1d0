"""Certificates: what a checkable "unique" / "no solution" costs, per board size.

For each board it times, in this process (wall and CPU seconds):

- the plain check (``NumberlinkSolver(...).solutions(2)``, the library's usual path);
- producing the certificate (:func:`numberlink_sat.numberlink.certificate.certificate`:
  the plain lazy-cut search, writing the files, the one proof-logging solve);
- checking it (:func:`numberlink_sat.certify.check_certificate`, dratify's native engine
  when installed, else its pure-Python one; ``--engine`` chooses);

and reports the proof's size (lines, bytes), the extra clauses, and the ratio of the
certificate (produced + checked) to the plain check. Boards: generated unique puzzles
(5x5 to 40x40, a few seeds each) and the Flow Free boards of the corpus
(:func:`numberlink_sat.corpus.corpus_path`, skipped when absent). Every claim is
compared with the plain check's answer, and every certificate must be accepted.

Goals: a certified "unique" for a 20x20 produced and checked in under 10 s, 40x40 in
under 60 s; the certificate at most 3x the plain check.

Usage::

    python benchmarks/certificate_bench.py                 # sizes 5..40, 3 seeds, corpus
    python benchmarks/certificate_bench.py --sizes 20 40 --seeds 5 --proof-solver cadical153
    python benchmarks/certificate_bench.py --engine python   # the pure-Python checker
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from numberlink_sat.certify import check_certificate
from numberlink_sat.certify.refutation import ENGINES, checker_version, native_available
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.corpus import corpus_path
from numberlink_sat.numberlink.certificate import DEFAULT_PROOF_SOLVER, PROOF_SOLVERS, certificate
from numberlink_sat.numberlink.formats import read
from numberlink_sat.numberlink.generator import generate_with_solution
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.solve import NumberlinkSolver

CORPUS = corpus_path() / "numberlink"
FLOW = CORPUS / "mzucker-flow_solver" / "puzzles"
T = TypeVar("T")


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the native checker runs
    in a child under a time limit)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    """The result, wall seconds and CPU seconds of ``fn()``."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = fn()
    return result, time.perf_counter() - wall, cpu_seconds() - cpu


def boards(sizes: list[int], seeds: int) -> Iterator[tuple[str, Puzzle]]:
    for size in sizes:
        for seed in range(1, seeds + 1):
            yield f"gen {size}x{size} #{seed}", generate_with_solution(size, size,
                                                                      seed=seed).puzzle
    if FLOW.is_dir():
        for path in sorted(FLOW.glob("*.txt")):
            for k, puzzle in enumerate(read(path, "flow")):
                yield f"{path.stem}#{k}", puzzle


def measure(name: str, puzzle: Puzzle, proof_solver: str, limit: float,
            engine: str) -> dict[str, Any]:
    def plain() -> int:
        with NumberlinkSolver(puzzle) as engine:
            return len(list(engine.solutions(2)))

    count, plain_wall, plain_cpu = timed(plain)
    with tempfile.TemporaryDirectory() as out:
        cert, make_wall, make_cpu = timed(lambda: certificate(
            puzzle, out=out, proof_solver=proof_solver, time_limit=limit))
        report, check_wall, check_cpu = timed(lambda: check_certificate(out, time_limit=limit,
                                                                  engine=engine))
    expected = {0: "no solution", 1: "unique"}.get(count, "not unique")
    if cert.claim != expected:
        raise SystemExit(f"{name}: certificate says {cert.claim}, plain check {expected}")
    if cert.complete and not report.accepted and not report.timed_out:
        raise SystemExit(f"{name}: certificate rejected: {report.reason}")
    return {
        "board": name, "size": f"{puzzle.width}x{puzzle.height}", "claim": cert.claim,
        "complete": cert.complete, "accepted": report.accepted,
        "plain_wall": plain_wall, "plain_cpu": plain_cpu,
        "make_wall": make_wall, "make_cpu": make_cpu,
        "check_wall": check_wall, "check_cpu": check_cpu,
        "ratio": (make_wall + check_wall) / plain_wall if plain_wall else 0.0,
        "ratio_cpu": (make_cpu + check_cpu) / plain_cpu if plain_cpu else 0.0,
        "variables": cert.variables, "base_clauses": cert.base_clauses,
        "extra_clauses": cert.extra_clauses, "loop_cuts": cert.loop_cuts,
        "proof_lines": cert.proof_lines, "proof_bytes": cert.proof_bytes,
        "proof_steps": report.proof.steps if report.proof else 0,
        "check_timed_out": report.timed_out,
    }


def summary(rows: list[dict[str, Any]], proof_solver: str, engine: str) -> str:
    lines = [
        f"# Certificates ({proof_solver} proofs, checked by {engine})",
        "",
        "Medians per group; seconds are wall (CPU in brackets). total = produced + checked;",
        "ratio = total / plain check (wall; CPU in brackets).",
        "",
        "| boards | n | claims | plain s | produce s | check s | total s | ratio | "
        "proof lines | proof KB |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        key = row["board"].split(" #")[0] if row["board"].startswith("gen") else (
            "corpus " + row["board"].split("_")[0])
        groups.setdefault(key, []).append(row)

    def med(group: list[dict[str, Any]], key: str) -> float:
        return float(statistics.median(r[key] for r in group))

    for key, group in groups.items():
        claims = ", ".join(sorted({r["claim"] for r in group}))
        lines.append(
            f"| {key} | {len(group)} | {claims} | {med(group, 'plain_wall'):.2f} "
            f"({med(group, 'plain_cpu'):.2f}) | {med(group, 'make_wall'):.2f} "
            f"({med(group, 'make_cpu'):.2f}) | {med(group, 'check_wall'):.2f} "
            f"({med(group, 'check_cpu'):.2f}) | "
            f"{med(group, 'make_wall') + med(group, 'check_wall'):.2f} | "
            f"{med(group, 'ratio'):.1f} ({med(group, 'ratio_cpu'):.1f}) | "
            f"{med(group, 'proof_lines'):.0f} | "
            f"{med(group, 'proof_bytes') / 1024:.0f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 10, 20, 30, 40])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--proof-solver", default=DEFAULT_PROOF_SOLVER, choices=PROOF_SOLVERS)
    parser.add_argument("--time-limit", type=positive_seconds, default=120.0,
                        help="limit for producing and for checking each certificate")
    parser.add_argument("--engine", default="auto", choices=ENGINES)
    parser.add_argument("--no-corpus", action="store_true")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/certificates"))
    args = parser.parse_args(argv)
    global FLOW
    if args.no_corpus:
        FLOW = Path("/nonexistent")
    rows = []
    for name, puzzle in boards(args.sizes, args.seeds):
        row = measure(name, puzzle, args.proof_solver, args.time_limit, args.engine)
        print(f"{name:28} {row['claim']:11} plain {row['plain_wall']:6.2f} s  produce "
              f"{row['make_wall']:6.2f} s  check {row['check_wall']:6.2f} s  proof "
              f"{row['proof_lines']:>8} lines", file=sys.stderr)
        rows.append(row)
    args.out.mkdir(parents=True, exist_ok=True)
    engine = "native" if args.engine == "native" or (
        args.engine == "auto" and native_available()) else "python"
    checker = checker_version(engine)
    stem = f"certificates-{args.proof_solver}-{engine}"
    with open(args.out / f"{stem}.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    (args.out / f"{stem}.md").write_text(summary(rows, args.proof_solver, checker))
    print(summary(rows, args.proof_solver, checker))
    return 0


if __name__ == "__main__":
    sys.exit(main())
