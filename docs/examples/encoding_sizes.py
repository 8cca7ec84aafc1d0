"""Sizes and times of the Numberlink encoding (the table in docs/encoding.md).

Run from the repository root: ``python docs/examples/encoding_sizes.py``. Times are wall
seconds on whatever machine runs it, encoding and solver loading included; the boards
are the 7x7 example and generated puzzles (seed 1), all unique under the fill rule.
"""

from __future__ import annotations

import time

import numberlink_sat as nl
from numberlink_sat.numberlink.generator import generate
from numberlink_sat.numberlink.solve import NumberlinkSolver


def main() -> None:
    rows = [("seed 7x7", nl.read("docs/examples/seed-7x7.txt")[0])]
    rows += [(f"generated {n}x{n}", generate(n, n, seed=1)) for n in (10, 20, 30, 40)]
    print("| board | labels | edge variables | all variables | clauses "
          "| first solution (s) | cut rounds | uniqueness proved (s) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, puzzle in rows:
        start = time.perf_counter()
        with NumberlinkSolver(puzzle) as engine:
            found = engine.solutions(2)
            next(found)
            first = time.perf_counter() - start
            more = list(found)
            total = time.perf_counter() - start
            stats, edges = engine.stats, engine.encoding.num_edges if engine.encoding else 0
        answer = "unique" if not more else "not unique"
        print(f"| {name} | {len(puzzle.labels)} | {edges} | {stats.variables} "
              f"| {stats.clauses} | {first:.3f} | {stats.cut_rounds} | {total:.3f} ({answer}) |")


if __name__ == "__main__":
    main()
