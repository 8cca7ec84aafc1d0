"""Benchmark Number Chain: the SAT lexicographic search against the contest DFS.

Both engines run in this process on the same boards, each with the same per-row time
limit (the DFS checks the shared ``Deadline`` every few thousand steps, so it stops on
time). Every answer is checked by the independent verifier, and where both finish
their answers must be equal. Boards: for K = 1 the all-zero board (one per size); for
K >= 2 random solvable boards (a random non-crossing Hamiltonian path, labelled) and
boards with shuffled inner labels (right counts, usually no path). Once the DFS has
timed out on every board of a (N, K), larger N with that K are skipped for it.

Writes ``numchain.csv`` (one row per board and engine), ``numchain.md`` (medians per
N and K, and the DFS/SAT ratio) and ``numchain.png`` (if matplotlib is installed)
into ``--out``.

Usage::

    python benchmarks/numchain_bench.py --out benchmarks/results/numchain
    python benchmarks/numchain_bench.py --quick --out /tmp/nc
    python benchmarks/numchain_bench.py --sizes 10,20,30 --ks 1,2,3 --boards 5 --time-limit 60
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
from numberlink_sat.numchain.generate import random_puzzle
from numberlink_sat.numchain.model import Puzzle
from numberlink_sat.numchain.solve import solve
from numberlink_sat.numchain.verify import verify
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, INCREMENTAL_SOLVERS

FULL_SIZES = [3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30]
QUICK_SIZES = [3, 4, 5, 6, 8, 10, 15, 20]
FIELDS = (
    "n", "k", "board", "kind", "method", "status", "seconds", "verified", "agree",
    "calls", "cut_rounds", "spliced", "pruned", "steps",
)


def boards(n: int, k: int, count: int, unsolvable: int, seed: int) -> list[tuple[str, Puzzle]]:
    """The boards of one (N, K): (kind, puzzle) pairs."""
    if k == 1:
        return [("zeros", Puzzle(n, 1, tuple((0,) * n for _ in range(n))))]
    rng = random.Random(seed * 1_000_003 + n * 101 + k)
    out: list[tuple[str, Puzzle]] = []
    for _ in range(count):
        out.append(("solvable", random_puzzle(n, k, rng)[0]))
    for _ in range(unsolvable):
        p = random_puzzle(n, k, rng)[0]
        cells = [v for row in p.grid for v in row]
        inner = cells[1:-1]
        rng.shuffle(inner)
        cells = [cells[0], *inner, cells[-1]]
        out.append(("shuffled", Puzzle(n, k, tuple(
            tuple(cells[r * n:(r + 1) * n]) for r in range(n)))))
    return out


def run_one(p: Puzzle, method: str, args: argparse.Namespace) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    started = time.perf_counter()
    try:
        answer = solve(p, method, solver=args.solver, time_limit=args.time_limit, stats=stats)
        status = "path" if answer is not None else "none"
    except SolveTimeout:
        answer, status = None, "timeout"
    seconds = time.perf_counter() - started
    verified = ""
    if answer is not None:
        problems = verify(p, answer)
        verified = "yes" if not problems else "NO: " + problems[0]
        if problems:
            print(f"VERIFY FAILED ({method}, n={p.n}, k={p.k}): {problems[0]}", file=sys.stderr)
    return {
        "method": method, "status": status, "seconds": round(seconds, 4),
        "verified": verified, "answer": answer,
        "calls": stats.get("calls", ""), "cut_rounds": stats.get("cut_rounds", ""),
        "spliced": stats.get("spliced", ""), "pruned": stats.get("pruned", ""),
        "steps": stats.get("steps", ""),
    }


def _num(seconds: float) -> str:
    return f"{seconds:.4f}" if seconds < 0.01 else f"{seconds:.3f}"


def _fmt(seconds: list[float], timeouts: int, limit: float) -> str:
    if not seconds and not timeouts:
        return "-"
    values = seconds + [limit] * timeouts
    med = statistics.median(values)
    text = f">{limit:g}" if med >= limit and timeouts else _num(med)
    return text + (f" ({timeouts} t/o)" if timeouts else "")


def summarise(rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    limit = args.time_limit
    lines = [
        "# Number Chain: SAT (lexicographic search) vs the contest DFS (mended)",
        "",
        f"Command: `python benchmarks/numchain_bench.py {' '.join(sys.argv[1:])}`  ",
        f"Solver `{args.solver}`, time limit {limit:g} s per board and engine; seconds "
        "are wall time per board, median over the boards of a row (timeouts count as the "
        "limit). `dfs/sat` is the ratio of the medians (`>=` when the DFS timed out on "
        "some board); `skipped`: the DFS timed out on every board of a smaller N.",
        "",
        "| N | K | boards | paths | SAT median s | SAT max s | DFS median s | dfs/sat |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    keys = sorted({(r["n"], r["k"]) for r in rows})
    for n, k in keys:
        group = [r for r in rows if r["n"] == n and r["k"] == k]
        sat = [r for r in group if r["method"] == "sat"]
        dfs = [r for r in group if r["method"] == "dfs"]
        sat_ok = [r["seconds"] for r in sat if r["status"] in ("path", "none")]
        sat_to = sum(r["status"] == "timeout" for r in sat)
        dfs_ok = [r["seconds"] for r in dfs if r["status"] in ("path", "none")]
        dfs_to = sum(r["status"] == "timeout" for r in dfs)
        skipped = sum(r["status"] == "skipped" for r in dfs)
        paths = sum(r["status"] == "path" for r in sat)
        sat_max = _num(max(sat_ok)) if sat_ok else "-"
        dfs_text = "skipped" if skipped and not dfs_ok and not dfs_to else _fmt(
            dfs_ok, dfs_to, limit)
        ratio = "-"
        if sat_ok and not sat_to and (dfs_ok or dfs_to) and not skipped:
            s_med = statistics.median(sat_ok)
            d_med = statistics.median(dfs_ok + [limit] * dfs_to)
            ratio = (">= " if dfs_to else "") + f"{d_med / max(s_med, 1e-4):.1f}"
        lines.append(
            f"| {n} | {k} | {len(sat)} | {paths} | {_fmt(sat_ok, sat_to, limit)} | {sat_max} "
            f"| {dfs_text} | {ratio} |"
        )
    disagreements = [r for r in rows if r.get("agree") == "NO"]
    bad = [r for r in rows if str(r.get("verified", "")).startswith("NO")]
    lines += ["", f"Answers failing the verifier: {len(bad)}. "
              f"SAT/DFS disagreements: {len(disagreements)}."]
    return "\n".join(lines) + "\n"


def plot(rows: list[dict[str, Any]], out: Path, limit: float) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(8, 5))
    ks = sorted({r["k"] for r in rows})
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for index, k in enumerate(ks):
        colour = colours[index % len(colours)]
        for method, style in (("sat", "-o"), ("dfs", "--x")):
            xs, ys = [], []
            for n in sorted({r["n"] for r in rows if r["k"] == k}):
                vals = [r["seconds"] if r["status"] != "timeout" else limit
                        for r in rows if r["n"] == n and r["k"] == k and r["method"] == method
                        and r["status"] != "skipped"]
                if vals:
                    xs.append(n)
                    ys.append(max(statistics.median(vals), 1e-4))
            if xs:
                ax.plot(xs, ys, style, color=colour, label=f"{method.upper()} K={k}")
    ax.axhline(limit, color="grey", linewidth=0.8, linestyle=":")
    ax.set_yscale("log")
    ax.set_xlabel("N (board is N x N)")
    ax.set_ylabel("median seconds per board (time limit = dotted line)")
    ax.set_title("Number Chain: SAT lexicographic search vs contest DFS")
    ax.legend(ncol=2, fontsize=8)
    path = out / "numchain.png"
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/numchain"))
    parser.add_argument("--quick", action="store_true",
                        help=f"sizes {QUICK_SIZES}, 2 boards, 2 s limit")
    parser.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")])
    parser.add_argument("--ks", type=lambda s: [int(x) for x in s.split(",")],
                        default=[1, 2, 3, 4, 5])
    parser.add_argument("--boards", type=int, default=None,
                        help="solvable boards per (N, K >= 2) (default 3, quick 2)")
    parser.add_argument("--unsolvable", type=int, default=1,
                        help="boards with shuffled labels per (N, K >= 2)")
    parser.add_argument("--time-limit", type=positive_seconds, default=None,
                        help="seconds per board and engine (default 20, quick 2)")
    parser.add_argument("--solver", default=DEFAULT_SOLVER, choices=INCREMENTAL_SOLVERS)
    parser.add_argument("--no-dfs", action="store_true", help="SAT only")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def _run_group(n: int, k: int, count: int, args: argparse.Namespace, dfs_dead: set[int],
               rows: list[dict[str, Any]]) -> None:
    """SAT (and the DFS unless it timed out on every board of this K before) on the
    boards of one (N, K); the DFS is dropped for K once it times out on all of them."""
    group = boards(n, k, count, args.unsolvable, args.seed)
    dfs_timeouts = 0
    for index, (kind, p) in enumerate(group):
        base = {"n": n, "k": k, "board": index, "kind": kind}
        sat = run_one(p, "sat", args)
        rows.append({**base, **sat})
        if args.no_dfs:
            continue
        if k in dfs_dead:
            rows.append({**base, "method": "dfs", "status": "skipped"})
            continue
        dfs = run_one(p, "dfs", args)
        dfs_timeouts += dfs["status"] == "timeout"
        agree = ""
        if sat["status"] != "timeout" and dfs["status"] != "timeout":
            agree = "yes" if sat["answer"] == dfs["answer"] else "NO"
            if agree == "NO":
                print(f"DISAGREE n={n} k={k} board={index}", file=sys.stderr)
        rows.append({**base, **dfs, "agree": agree})
        rows[-2]["agree"] = agree
    if not args.no_dfs and k not in dfs_dead and dfs_timeouts == len(group):
        dfs_dead.add(k)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    sizes = args.sizes or (QUICK_SIZES if args.quick else FULL_SIZES)
    count = args.boards if args.boards is not None else (2 if args.quick else 3)
    if args.time_limit is None:
        args.time_limit = 2.0 if args.quick else 20.0
    args.out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    dfs_dead: set[int] = set()  # K values where the DFS timed out on every board
    for n in sizes:
        for k in args.ks:
            _run_group(n, k, count, args, dfs_dead, rows)
            sat_rows = [r for r in rows if r["n"] == n and r["k"] == k and r["method"] == "sat"]
            print(f"N={n:2d} K={k}: SAT " + " ".join(
                f"{r['seconds']:.3f}" if r["status"] != "timeout" else "t/o" for r in sat_rows),
                flush=True)
    csv_path = args.out / "numchain.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    md = summarise(rows, args)
    (args.out / "numchain.md").write_text(md, encoding="utf-8")
    picture = plot(rows, args.out, args.time_limit)
    print(md)
    print(f"wrote {csv_path}, {args.out / 'numchain.md'}" + (f", {picture}" if picture else ""))
    bad = [r for r in rows if str(r.get("verified", "")).startswith("NO") or r.get("agree") == "NO"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
