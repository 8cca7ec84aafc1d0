"""Benchmark Lianliankan clearability: search vs SAT vs combined, on random full boards.

Boards: random full ``n x n`` boards (every cell a tile), shuffled with seed ``seed + i``.
Pairs cycle over ``min(--pictures, n*n/4)`` pictures (default 36, KShisen's tile set): up
to 12x12 every picture appears 4 times (12x12 is KShisen's 144 tiles, 36 x 4); larger
boards keep 36 pictures with more copies each. With ``--copies K`` every picture appears
exactly K times instead (``n*n/K`` pictures). Each board is decided with
and without the outside ring by each engine, in this one process, with a per-row time
limit; every order found is replayed by the independent verifier (a failure aborts).

Writes one CSV row per (board, ring, engine) and a Markdown table of medians and worst
times per size, plus how often random boards are clearable (decided by any engine).

Goals: 12x12 ring boards decided in under 1 s median and 10 s worst; 20x20
boards decided within 30 s.

Usage::

    python benchmarks/lianliankan_bench.py --quick           # 6, 8, 12, 16; 4 boards; 10 s
    python benchmarks/lianliankan_bench.py                   # 6..20 step 2; 10 boards; 30 s
    python benchmarks/lianliankan_bench.py --sizes 12 --boards 30 --engines auto --rings ring
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.lianliankan import Board, solve, verify

FIELDS = ("size", "ring", "seed", "engine", "status", "seconds", "moves")
ENGINES = ("search", "sat", "auto")


def random_full_board(n: int, seed: int, pictures: int | None, copies: int) -> Board:
    """A random full n x n board (see the module docstring)."""
    rng = random.Random(seed)
    cells = n * n
    if pictures is not None:
        kinds = max(1, min(pictures, cells // 4))
        tiles = [(i % kinds) + 1 for i in range(cells // 2) for _ in range(2)]
    else:
        tiles = [i // copies + 1 for i in range(cells)]
    rng.shuffle(tiles)
    return Board(tuple(tuple(tiles[r * n:(r + 1) * n]) for r in range(n)))


def run_one(board: Board, ring: bool, engine: str, limit: float) -> tuple[str, float, int]:
    """(status, seconds, moves) with status clear / dead / timeout."""
    t0 = time.perf_counter()
    try:
        order = solve(board, outside_ring=ring, method=engine, time_limit=limit)
    except SolveTimeout:
        return "timeout", time.perf_counter() - t0, 0
    took = time.perf_counter() - t0
    if order is None:
        return "dead", took, 0
    problems = verify(board, order, outside_ring=ring)
    if problems:
        raise SystemExit(f"BUG: {engine} order fails verification: {problems[0]}")
    return "clear", took, len(order)


def _summary(rows: list[dict[str, Any]], limit: float) -> str:
    def fmt(x: float) -> str:
        return f"> {limit:g}" if x == float("inf") else f"{x:.2f}"

    out = ["| size | ring | engine | boards | decided | clear | dead | median s | worst s |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    keys = sorted({(r["size"], r["ring"], r["engine"]) for r in rows},
                  key=lambda k: (k[0], k[1], ENGINES.index(k[2])))
    for size, ring, engine in keys:
        sel = [r for r in rows if (r["size"], r["ring"], r["engine"]) == (size, ring, engine)]
        times = [r["seconds"] if r["status"] != "timeout" else float("inf") for r in sel]
        decided = sum(1 for r in sel if r["status"] != "timeout")
        med = statistics.median(times)
        worst = max(times)
        out.append(f"| {size}x{size} | {'yes' if ring else 'no'} | {engine} | {len(sel)} | "
                   f"{decided} | {sum(1 for r in sel if r['status'] == 'clear')} | "
                   f"{sum(1 for r in sel if r['status'] == 'dead')} | {fmt(med)} | "
                   f"{fmt(worst)} |")
    out.append("")
    out.append("How often random full boards are clearable (a board counts as decided when "
               "any engine decided it):")
    out.append("")
    out.append("| size | ring | boards | decided | clearable | share of decided |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: |")
    for size, ring in sorted({(r["size"], r["ring"]) for r in rows}):
        verdict: dict[int, str] = {}
        for r in rows:
            if (r["size"], r["ring"]) == (size, ring) and r["status"] != "timeout":
                verdict[r["seed"]] = r["status"]
        boards = len({r["seed"] for r in rows if (r["size"], r["ring"]) == (size, ring)})
        clear = sum(1 for v in verdict.values() if v == "clear")
        share = f"{100 * clear / len(verdict):.0f}%" if verdict else "-"
        out.append(f"| {size}x{size} | {'yes' if ring else 'no'} | {boards} | {len(verdict)} | "
                   f"{clear} | {share} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="sizes 6 8 12 16, 4 boards, 10 s")
    ap.add_argument("--sizes", type=int, nargs="+", default=None)
    ap.add_argument("--boards", type=int, default=None, help="boards per size")
    ap.add_argument("--time-limit", type=positive_seconds, default=None, help="seconds per row")
    ap.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES))
    ap.add_argument("--rings", nargs="+", choices=("ring", "no-ring"),
                    default=["ring", "no-ring"])
    ap.add_argument("--sat-max-size", type=int, default=12,
                    help="run the SAT engine alone only up to this size (default 12)")
    ap.add_argument("--pictures", type=int, default=36)
    ap.add_argument("--copies", type=int, default=None,
                    help="exactly this many tiles per picture instead of --pictures")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="benchmarks/results/lianliankan",
                    help="output prefix (.csv and .md are added)")
    args = ap.parse_args(argv)
    sizes = args.sizes or ([6, 8, 12, 16] if args.quick else [6, 8, 10, 12, 14, 16, 18, 20])
    boards = args.boards or (4 if args.quick else 10)
    limit = args.time_limit or (10.0 if args.quick else 30.0)
    pictures = None if args.copies else args.pictures
    rows: list[dict[str, Any]] = []
    for n in sizes:
        for ring in [x == "ring" for x in args.rings]:
            for i in range(boards):
                seed = args.seed + i
                board = random_full_board(n, seed, pictures, args.copies or 4)
                for engine in args.engines:
                    if engine == "sat" and n > args.sat_max_size:
                        continue
                    status, took, moves = run_one(board, ring, engine, limit)
                    row = {"size": n, "ring": ring, "seed": seed, "engine": engine,
                           "status": status, "seconds": round(took, 4), "moves": moves}
                    rows.append(row)
                    print(f"{n}x{n} ring={ring!s:5} seed={seed:3} {engine:6} {status:7} "
                          f"{took:7.2f} s", file=sys.stderr, flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_suffix(".csv"), "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    table = _summary(rows, limit)
    kind = (f"min({pictures}, n*n/4) pictures" if pictures
            else f"{args.copies} copies per picture")
    header = (f"# Lianliankan benchmark\n\nRandom full boards, {kind}, {boards} boards per "
              f"size, time limit {limit:g} s per row, one process.\n\n")
    out.with_suffix(".md").write_text(header + table)
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
