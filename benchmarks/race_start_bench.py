"""When should the ZDD counter start beside SAT? Measured times, simulated policies.

``count_solutions`` runs SAT alone for ``RACE_AFTER_SECONDS`` of CPU, then starts the ZDD
counter in a child process beside it (both engines then run; the first answer wins).
This benchmark measures, per corpus board that the race applies to (100 cells and
more, the ZDD can hold it) and per rule, the two engines **alone**: SAT's CPU seconds
for ``counted(p, 2, engine="sat")`` and the ZDD child's CPU seconds (the real
:class:`~numberlink_sat.numberlink.zdd.ZddBeside`, fork and graphillion's import
included). From those it simulates start policies: start the child after ``s`` CPU
seconds of SAT, then let SAT wait up to ``w`` seconds for it (a wait costs wall-clock
time but no CPU) before both run. Per policy and rule: total and median CPU (both
processes), total wall time, the most wall time any board loses against the policy of
today (``s`` = 1, ``w`` = 0), and, given the CSV of ``znumlin_corpus_bench.py``, the
boards where the library would be behind znumlin's CPU time by more than 0.05 s.

Every solution is checked by the verifier, and where both engines decide, their
verdicts (none / unique / multiple) must agree: a disagreement stops the run.

    python benchmarks/race_start_bench.py --znumlin-csv Z1.csv Z2.csv
    python benchmarks/race_start_bench.py --times T.csv --znumlin-csv Z1.csv Z2.csv

(``T.csv``: a ``times.csv`` of an earlier run, e.g. ``benchmarks/results/race-start/``;
``Z1.csv``, ``Z2.csv``: ``znumlin-corpus.csv`` of sessions 25 and 24, under
``benchmarks/results/znumlin-corpus-s25/`` and ``-s24/``.)

Writes ``times.csv`` (the measured times; ``--times`` simulates from such a file
without measuring again) and ``race-start.md`` (default
``benchmarks/results/race-start/``).
"""

from __future__ import annotations

import argparse
import csv
import platform
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink import zdd
from numberlink_sat.numberlink.solve import RACE_AFTER_SECONDS, RACE_MIN_CELLS, counted

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import children_cpu, verdict
from numberlink_corpus_bench import CORPUS, FILES, puzzles_of

RULES = {"fill": True, "nikoli": False}
FIELDS = ("file", "puzzle", "size", "rule", "sat_verdict", "sat_cpu", "zdd_count", "zdd_cpu")
POLICIES = ((1.0, 0.0), (0.5, 0.0), (0.2, 0.0), (0.1, 0.0), (0.0, 0.0), (1.0, 0.5),
            (0.5, 0.5), (0.2, 0.5), (0.2, 1.0), (0.1, 0.5), (0.0, 1.0))
NEVER = float("inf")


def sat_alone(puzzle: nl.Puzzle, fill: bool, limit: float) -> tuple[str, float]:
    """SAT's verdict (or ``"timeout"``) and CPU seconds, every solution verified."""
    started = time.process_time()
    try:
        count, found, _engine = counted(puzzle, 2, fill=fill, engine="sat", time_limit=limit)
    except SolveTimeout:
        return "timeout", time.process_time() - started
    cpu = time.process_time() - started
    for solution in found:
        if nl.verify(puzzle, solution, fill=fill):
            raise SystemExit("WRONG SOLUTION from SAT")
    return verdict(count), cpu


def zdd_alone(puzzle: nl.Puzzle, fill: bool, limit: float) -> tuple[str, float]:
    """The ZDD child's exact count (or ``"timeout"``, ``"failed"``) and CPU seconds."""
    before, started = children_cpu(), time.perf_counter()
    with zdd.ZddBeside(puzzle, fill=fill, limit=2, start_after=0.0) as beside:
        while not beside.poll() and not beside.failed \
                and time.perf_counter() - started < limit:
            time.sleep(0.002)
        answer = beside.answer
    cpu = children_cpu() - before  # the child is joined when the beside closes
    if answer is None:
        return ("timeout" if time.perf_counter() - started >= limit else "failed"), cpu
    count, found = answer
    for solution in found:
        if nl.verify(puzzle, solution, fill=fill):
            raise SystemExit("WRONG SOLUTION from the ZDD")
    return str(count), cpu


def measure(files: Iterable[str], rules: Iterable[str], limit: float) -> list[dict[str, object]]:
    """Both engines alone on every board the race applies to."""
    rows: list[dict[str, object]] = []
    for name in files:
        for ident, puzzle in puzzles_of(name, 2500):
            if puzzle.width * puzzle.height < RACE_MIN_CELLS or not zdd.fits(puzzle):
                continue
            for rule in rules:
                fill = RULES[rule]
                sat_verdict, sat_cpu = sat_alone(puzzle, fill, limit)
                zdd_count, zdd_cpu = zdd_alone(puzzle, fill, limit)
                if sat_verdict != "timeout" and zdd_count.isdigit() and \
                        verdict(int(zdd_count)) != sat_verdict:
                    raise SystemExit(f"DISAGREEMENT on {ident} ({rule}): SAT {sat_verdict}, "
                                     f"ZDD {zdd_count}")
                row = {"file": name, "puzzle": ident,
                       "size": f"{puzzle.width}x{puzzle.height}", "rule": rule,
                       "sat_verdict": sat_verdict, "sat_cpu": round(sat_cpu, 4),
                       "zdd_count": zdd_count, "zdd_cpu": round(zdd_cpu, 4)}
                print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
                rows.append(row)
    return rows


def simulate(sat: float, zdd_time: float, start: float, wait: float) -> tuple[float, float]:
    """CPU and wall seconds of one board under a policy, from the engines' times alone
    (``inf``: the engine did not answer). SAT runs alone until ``start``; the child
    then runs while SAT waits up to ``wait``; then both run until the first answer."""
    if sat <= start:
        return sat, sat
    if zdd_time <= wait:
        return start + zdd_time, start + zdd_time
    both = min(sat - start, zdd_time - wait)
    return start + wait + 2 * both, start + wait + both


def summary(rows: list[dict[str, object]], theirs: dict[tuple[str, str], float],
            command: str) -> list[str]:
    """The policies side by side, per rule."""
    page = ["# When the ZDD starts beside SAT: simulated policies", "",
            f"`{command}`; Python {platform.python_version()}, "
            f"{len(rows)} rows. `s`: CPU seconds of SAT alone before the ZDD child "
            "starts; `w`: seconds SAT then waits for it (wall time, no CPU). Times "
            "simulated from each engine alone; `lost wall`: the most wall time a board "
            f"loses against today's policy (`s` = {RACE_AFTER_SECONDS:g}, `w` = 0); "
            "`behind`: boards where znumlin's CPU time is lower by more than 0.05 s "
            "(of those both decide). Boards neither engine decides are left out.", ""]
    for rule in RULES:
        mine = [r for r in rows if r["rule"] == rule]
        times = []
        for r in mine:
            sat = NEVER if r["sat_verdict"] == "timeout" else float(str(r["sat_cpu"]))
            count = str(r["zdd_count"])
            zdd_time = float(str(r["zdd_cpu"])) if count.isdigit() else NEVER
            if min(sat, zdd_time) < NEVER:
                times.append((str(r["puzzle"]), sat, zdd_time))
        if not times:
            continue
        page += [f"## {rule} ({len(times)} boards)", "",
                 "| s | w | CPU total | CPU median | wall total | lost wall | behind znumlin |",
                 "| --- | --- | --- | --- | --- | --- | --- |"]
        for start, wait in POLICIES:
            cpu, wall, lost, behind, both = [], [], 0.0, [], 0
            for puzzle, sat, zdd_time in times:
                c, w = simulate(sat, zdd_time, start, wait)
                today = simulate(sat, zdd_time, RACE_AFTER_SECONDS, 0.0)[1]
                cpu.append(c)
                wall.append(w)
                lost = max(lost, w - today)
                if (puzzle, rule) in theirs:
                    both += 1
                    if c > theirs[puzzle, rule] + 0.05:
                        behind.append(f"{puzzle} {c:.2f}/{theirs[puzzle, rule]:.2f}")
            shown = f"{len(behind)} of {both}" + (": " + ", ".join(behind) if behind else "")
            page.append(f"| {start:g} | {wait:g} | {sum(cpu):.1f} | {statistics.median(cpu):.3f} "
                        f"| {sum(wall):.1f} | {lost:.2f} | {shown} |")
        page.append("")
    return page


def znumlin_times(paths: list[Path]) -> dict[tuple[str, str], float]:
    """znumlin's CPU seconds per (puzzle, rule) where it decided, from bench CSVs."""
    out = {}
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                if row["znumlin"].isdigit():
                    out[row["puzzle"], row["rule"]] = float(row["znumlin_cpu"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=[f for f in FILES if f != "inputs6"],
                        choices=sorted(FILES))
    parser.add_argument("--rules", nargs="+", default=list(RULES), choices=list(RULES))
    parser.add_argument("--time-limit", type=positive_seconds, default=10.0,
                        help="seconds per engine and board (default 10)")
    parser.add_argument("--times", type=Path, help="simulate from this times.csv instead")
    parser.add_argument("--znumlin-csv", nargs="*", type=Path, default=[],
                        help="CSV files of znumlin_corpus_bench.py (znumlin's CPU times)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/race-start"))
    args = parser.parse_args(argv)
    inputs = [("--times", args.times), *(("--znumlin-csv", path) for path in args.znumlin_csv)]
    for option, path in inputs:
        if path is not None and not path.is_file():
            parser.error(f"{option} {path}: no such file")
    command = " ".join(["python benchmarks/race_start_bench.py", *(argv or sys.argv[1:])])
    if args.times is not None:
        with args.times.open(encoding="utf-8") as handle:
            rows: list[dict[str, object]] = list(csv.DictReader(handle))
    elif not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}; nothing to run", file=sys.stderr)
        return 0
    elif not zdd.available():
        print("graphillion is not installed (the zdd extra); nothing to run", file=sys.stderr)
        return 0
    else:
        rows = measure(args.files, args.rules, args.time_limit)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.times is None:
        with (args.out / "times.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(rows)
    page = summary(rows, znumlin_times(args.znumlin_csv), command)
    (args.out / "race-start.md").write_text("\n".join(page) + "\n", encoding="utf-8")
    print("\n".join(page))
    return 0


if __name__ == "__main__":
    sys.exit(main())
