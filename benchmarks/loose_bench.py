"""The loose family under both rules: `solve` and `count_solutions`, side by side.

A loose board (``numberlink_loose``) is a random Hamiltonian path cut into as many
pieces as the board is wide: few long paths that fill the board, so it has a solution
under fill, which is a solution under the Nikoli rule too. Per board and rule:
``solve`` (the second solver beside, as by default) and ``count_solutions(limit=2)``
(``counted``: the engines beside it, as by default), wall and CPU seconds (children
included), every solution checked by the verifier, and the ratio of ``solve``'s times
"without fill / with fill" where both answered. The page gives, per size, how many
boards each rule solved and counted, and the median times. The times are heavy-tailed
(a walk of the switch search may answer in 3 s or not in 30 s), so ``--repeat N`` runs
every board ``N`` times: the counts are then over all runs, and the medians too.

    python benchmarks/loose_bench.py
    python benchmarks/loose_bench.py --sides 20 30 --seeds 1-9 --time-limit 15
    python benchmarks/loose_bench.py --sides 30 --seeds 1-9 --repeat 3
    python benchmarks/loose_bench.py --in-worker --out benchmarks/results/loose/in-worker

``--in-worker`` runs every board in a daemonic worker process, as research code that
spreads boards over a ``multiprocessing.Pool`` does: such a process may start no child,
so no second solver runs beside and the switch walk in the worker itself is the only one.

Writes ``loose.csv`` and ``loose.md`` (default ``benchmarks/results/loose/``).
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import platform
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.cli.common import positive_seconds

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import timed, timed_count

FIELDS = ("side", "seed", "run", "pairs", "fill", "fill_cpu", "nikoli", "nikoli_cpu", "ratio",
          "fill_count", "fill_count_wall", "nikoli_count", "nikoli_count_wall")


def seeds_of(text: str) -> list[int]:
    """``"1-9"`` or ``"1,4,7"`` as a list of seeds; anything else is a usage error.

    >>> seeds_of("3-5"), seeds_of("1,4")
    ([3, 4, 5], [1, 4])
    """
    try:
        if "-" in text:
            low, high = text.split("-", 1)
            seeds = list(range(int(low), int(high) + 1))
        else:
            seeds = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f'{text!r}: expected "1-9" or "1,4,7"') from None
    if not seeds:
        raise argparse.ArgumentTypeError(f"{text!r}: no seed in that range")
    return seeds


def run(side: int, seed: int, limit: float, repeat: int = 1) -> dict[str, object]:
    """One board, both rules: the answers ("solved" / "timeout"), wall and CPU seconds
    (``repeat``: which run of the board this is)."""
    puzzle = numberlink_loose(side, side, random.Random(seed))
    row: dict[str, object] = {"side": side, "seed": seed, "run": repeat,
                              "pairs": len(puzzle.endpoints)}
    walls = {}
    for name, fill in (("fill", True), ("nikoli", False)):
        answer, wall, cpu = timed(lambda fill=fill: nl.solve(puzzle, fill=fill,
                                                               time_limit=limit))
        if answer is None:  # a loose board always has a solution under both rules
            raise SystemExit(f"WRONG: no solution said for loose {side}x{side} seed {seed}")
        if isinstance(answer, nl.Solution):
            problems = nl.verify(puzzle, answer, fill=fill)
            if problems:
                raise SystemExit(f"WRONG SOLUTION: {problems}")
            row[name], walls[name] = round(wall, 3), wall
        else:
            row[name] = "timeout"
        row[f"{name}_cpu"] = round(cpu, 3)
        result, wall, _cpu = timed_count(puzzle, fill, limit)
        row[f"{name}_count"], row[f"{name}_count_wall"] = "timeout", round(wall, 3)
        if isinstance(result, tuple):
            count = result[0]
            if count == 0:
                raise SystemExit(f"WRONG: no solution counted for loose {side}x{side}")
            row[f"{name}_count"] = count
    row["ratio"] = (round(walls["nikoli"] / walls["fill"], 2)
                    if len(walls) == 2 else "")
    return row


def _run_and_send(send: Any, args: tuple[int, int, float, int]) -> None:
    """:func:`run` in a worker: its row, or a wrong answer's message, sent back."""
    try:
        send.send(run(*args))
    except SystemExit as stop:
        send.send(str(stop.code))


def run_in_worker(side: int, seed: int, limit: float, repeat: int = 1) -> dict[str, object]:
    """:func:`run` in a daemonic worker process, as a ``multiprocessing.Pool``'s
    workers are (forked, so nothing is pickled but the row)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    worker = context.Process(target=_run_and_send, args=(send, (side, seed, limit, repeat)),
                             daemon=True)
    worker.start()
    send.close()
    try:
        row = receive.recv()
    except EOFError:
        row = f"the worker for loose {side}x{side} seed {seed} died"
    finally:
        worker.join()
    if isinstance(row, str):
        raise SystemExit(row)
    return dict(row)


def summary(rows: list[dict[str, object]], limit: float, command: str,
            in_worker: bool = False) -> list[str]:
    """The markdown page: per size, solved counts and medians under each rule
    (``in_worker``: the boards ran in a daemonic worker, :func:`run_in_worker`)."""
    lines = ["# The loose family: `solve` and `count_solutions`, with fill and without", "",
             f"`{command}`; Python {platform.python_version()}, 2 shared cores, time limit "
             f"{limit:g} s. Wall seconds of `solve` and of `count_solutions(limit=2)` "
             "(engines beside, by default); every solution verified. Ratio: `solve` "
             "without fill / with fill, where both solved."
             + (" Every board in a daemonic worker process, as a `multiprocessing.Pool`'s "
                "(no child can start there: no second solver, the walk in the worker only)."
                if in_worker else ""),
             "", "| side | boards | runs each | solved with fill | solved without fill | "
             "median wall with fill | median wall without fill | median ratio | counted "
             "(limit 2) with fill | counted without fill |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for side in sorted({int(str(r["side"])) for r in rows}):
        mine = [r for r in rows if r["side"] == side]
        boards = len({r["seed"] for r in mine})
        cells = [str(side), str(boards), str(len(mine) // boards)]
        for name in ("fill", "nikoli"):
            cells.append(str(sum(r[name] != "timeout" for r in mine)))
        for name in ("fill", "nikoli"):
            times = [float(str(r[name])) for r in mine if r[name] != "timeout"]
            cells.append(f"{statistics.median(times):.2f}" if times else "-")
        ratios = [float(str(r["ratio"])) for r in mine if r["ratio"] != ""]
        cells.append(f"{statistics.median(ratios):.2f}" if ratios else "-")
        for name in ("fill", "nikoli"):
            cells.append(str(sum(r[f"{name}_count"] != "timeout" for r in mine)))
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "The solved and counted columns count runs (boards times runs each).",
              "", "| side | seed | run | solve with fill (s) | solve without fill (s) | ratio | "
              "count with fill | count without fill |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {r['side']} | {r['seed']} | {r['run']} | {r['fill']} | {r['nikoli']} | "
              f"{r['ratio']} | {_count_cell(r, 'fill')} | {_count_cell(r, 'nikoli')} |"
              for r in rows]
    return lines


def _count_cell(row: dict[str, object], name: str) -> str:
    """A count and its wall seconds ("timeout" alone when it timed out)."""
    count = row[f"{name}_count"]
    return "timeout" if count == "timeout" else f"{count} in {row[f'{name}_count_wall']} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[20, 30])
    parser.add_argument("--seeds", type=seeds_of, default="1-9", help='"1-9" or "1,4,7"')
    parser.add_argument("--time-limit", type=positive_seconds, default=15.0)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of every board (the times are heavy-tailed)")
    parser.add_argument("--in-worker", action="store_true",
                        help="run every board in a daemonic worker process (as in a Pool)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/loose"))
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    rows = []
    for side in args.sides:
        for seed in args.seeds:
            for repeat in range(1, args.repeat + 1):
                row = (run_in_worker if args.in_worker else run)(
                    side, seed, args.time_limit, repeat)
                print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
                rows.append(row)
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "loose.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    command = " ".join(["python benchmarks/loose_bench.py", *(argv or sys.argv[1:])])
    text = "\n".join(summary(rows, args.time_limit, command, args.in_worker)) + "\n"
    (args.out / "loose.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
