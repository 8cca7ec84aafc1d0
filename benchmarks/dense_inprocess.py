"""SAT against CP-SAT on dense Flow-Free-like boards, in one process (no forked rows).

The benchmark harness runs each row in a forked child, which adds the same start-up to
every engine; this script times the solve calls alone, CPU seconds, every answer verified.

    python benchmarks/dense_inprocess.py --sizes 20 40 60 --boards 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numberlink_sat as nl
from numberlink_sat.bench.instances import numberlink_dense
from numberlink_sat.numberlink.cpsat import solve_cpsat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 40, 60])
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| size | boards | SAT median CPU s | CP-SAT median CPU s | SAT/CP-SAT |")
    print("|---|---|---|---|---|")
    for n in args.sizes:
        boards = [numberlink_dense(n, n, rng) for _ in range(args.boards)]
        medians = []
        for engine in (nl.solve, solve_cpsat):
            times = []
            for puzzle in boards:
                started = time.process_time()
                solution = engine(puzzle)
                times.append(time.process_time() - started)
                if solution is None or nl.verify(puzzle, solution):
                    raise SystemExit(f"wrong answer from {engine.__name__} on {n}x{n}")
            medians.append(statistics.median(times))
        print(f"| {n}x{n} | {args.boards} | {medians[0]:.3f} | {medians[1]:.3f} | "
              f"{medians[0] / medians[1]:.2f} |")


if __name__ == "__main__":
    main()
