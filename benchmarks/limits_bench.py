"""The time-limit contract, command by command, on the slow cases, with large limits.

Every command with ``--time-limit L`` must come back (answer, or exit 4) within
``L + max(10 %, 0.5 s)``. This script runs each slow case as its own process, measures
the wall time and the CPU time of the child, and subtracts the start-up time of an
empty command (``numberlink-sat --version``: interpreter and imports, measured here) to
get the time the command itself took. Inputs are written into a temporary folder.

Writes ``limits.csv`` and ``limits.md`` into ``--out``.

Usage::

    python benchmarks/limits_bench.py --out benchmarks/results/limits
    python benchmarks/limits_bench.py --limit 2 --skip-huge --out /tmp/limits
"""

from __future__ import annotations

import argparse
import csv
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from numberlink_sat.bench.slow_inputs import chain_board, llk_row, open_numberlink, row_numberlink

COMMAND = [sys.executable, "-m", "numberlink_sat"]

API = "--api"
"""A case whose argv starts with this runs ``numberlink_sat.solve(puzzle, time_limit=L)``
in a fresh interpreter (the API path: no ``os._exit``, the caller gets the exception)."""

API_SCRIPT = """
import sys, time
import numberlink_sat
from numberlink_sat.errors import SolveTimeout
puzzle = numberlink_sat.read(sys.argv[1])[0]
start = time.perf_counter()
code = 0
try:
    numberlink_sat.solve(puzzle, time_limit=float(sys.argv[2]))
except SolveTimeout:
    code = 4
print(time.perf_counter() - start, flush=True)
sys.exit(code)
"""
"""Prints the seconds from the call to its return: that is the case's ``command`` time."""


def cases(folder: Path, huge: bool) -> list[tuple[str, list[str]]]:
    def write(name: str, text: str) -> str:
        path = folder / name
        path.write_text(text)
        return str(path)

    llk40 = folder / "llk40.txt"
    llk40.write_text(subprocess.run([*COMMAND, "llk", "generate", "40", "40", "--seed", "1"],
                                    capture_output=True, text=True, check=True).stdout)
    out = [
        ("chain --method brute 10x10 (K=1)", ["chain", write("c10.txt", chain_board(10)),
                                               "--method", "brute"]),
        ("chain --method dfs 10x10 (K=1)", ["chain", str(folder / "c10.txt"),
                                             "--method", "dfs"]),
        ("chain (SAT) 1000x1000 (K=1)", ["chain", write("c1000.txt", chain_board(1000))]),
        ("llk solve --gravity 1x10,000", ["llk", "solve", write("l1.txt", llk_row(5000)),
                                          "--gravity"]),
        ("llk solve --gravity 1x30,000", ["llk", "solve", write("l3.txt", llk_row(15000)),
                                          "--gravity"]),
        ("llk solve --method sat 40x40", ["llk", "solve", str(llk40), "--method", "sat"]),
        ("llk generate 100 100", ["llk", "generate", "100", "100"]),
        ("check --all-variants 150x150 open", ["check", write("o150.txt", open_numberlink(150)),
                                               "--all-variants"]),
        ("generate --size 300x300", ["generate", "--size", "300x300", "--out",
                                     str(folder / "gen")]),
    ]
    if huge:
        out.append(("solve 1000x1000 (1000 labels)", ["solve",
                                                       write("n1000.txt", row_numberlink(1000))]))
        out.append(("API solve(p, time_limit=L) 1000x1000", [API, str(folder / "n1000.txt")]))
    return out


def run(argv: list[str], limit: float | None) -> tuple[int, float, float, str]:
    """Exit code, wall seconds, child CPU seconds and standard output of one command."""
    extra = [] if limit is None else ["--time-limit", f"{limit:g}"]
    command = [*COMMAND, *argv, *extra]
    if argv[:1] == [API]:
        command = [sys.executable, "-c", API_SCRIPT, argv[1], f"{limit:g}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.returncode, wall, cpu, proc.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=float, default=5.0, help="time limit of every case")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/limits"),
                        help="folder for limits.csv and limits.md")
    parser.add_argument("--skip-huge", action="store_true",
                        help="leave out the 1000x1000 Numberlink board (about 3 GB)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    startup = statistics.median(run(["--version"], None)[1] for _ in range(3))
    margin = max(0.1 * args.limit, 0.5)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, argv in cases(Path(tmp), not args.skip_huge):
            code, wall, cpu, stdout = run(argv, args.limit)
            own = float(stdout.split()[-1]) if argv[:1] == [API] else wall - startup
            rows.append({"case": name, "limit_s": args.limit, "exit": code,
                         "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                         "command_s": round(own, 2),
                         "kept": own <= args.limit + margin})
            print(f"{name:40} exit {code}  wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
                  f"command {own:6.2f} s  {'kept' if own <= args.limit + margin else 'OVER'}",
                  flush=True)
    with open(args.out / "limits.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        f"# Time limits kept: limit {args.limit:g} s, margin {margin:g} s",
        "",
        f"Start-up of an empty command (subtracted): {startup:.2f} s wall. "
        "`command` = wall - start-up (for the API row: from the call to its return, "
        "timed inside the process); `kept` = command <= limit + margin.",
        "",
        "| case | exit | wall s | CPU s | command s | kept |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    lines += [f"| {r['case']} | {r['exit']} | {r['wall_s']} | {r['cpu_s']} | "
              f"{r['command_s']} | {'yes' if r['kept'] else '**no**'} |" for r in rows]
    (args.out / "limits.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
