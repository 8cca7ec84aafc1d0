"""How one held lemma's time spreads over runs, by time limit, slice size and solver options.

A lemma of ``held_path_proof`` ("``H - p`` is unique", ``docs/encoding.md``, "Paths
held") is one uniqueness proof on a smaller board. Its time varies from run to run, and
with how the search is cut into solver calls: the session runs the solver in slices of
conflicts, doubling a slice that took less than ``SHORT`` seconds and halving one that
took more than ``LONG`` (``SatSession.SLICE_SECONDS``). For every puzz.link URL of the
given files, each rule asked for and each path named (default: the 4 longest of the
solution), every configuration (a time limit of ``--limits``, a slice window of
``--slices`` and CaDiCaL options of ``--cadical-options``, set through
``SatSession.SOLVER_OPTIONS``) is run ``--runs`` times, the configurations taking
turns, through ``held_lemma``. Per path and configuration: how many runs held it ("unique"), found a
second solution or timed out, and the median and largest wall and CPU seconds. Every
second solution is checked by the verifier, and a path held in one run and refuted in
another stops the run.

    python benchmarks/lemma_spread_bench.py --urls FILE --rule nikoli --labels 6,15 \\
        --limits 20 --slices 0.05,0.3 0.25,1 --runs 8
    python benchmarks/lemma_spread_bench.py --urls FILE --labels 6,15 --limits 40 \\
        --cadical-options default rephaseint=10000 stabilizeonly=1 --runs 3

Writes ``spread.csv`` (one row a path and configuration), ``runs.csv`` (every run) and
``spread.md``; default output ``benchmarks/results/lemma_spread/``.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_int, positive_seconds
from numberlink_sat.numberlink.held import DEFAULT_HELD, held_lemma
from numberlink_sat.sat.session import SatSession

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import CORPUS, named_puzzles, write_tables

CADICAL = ("cadical153", "cadical195", "cadical300")
FIELDS = ("puzzle", "rule", "label", "cells", "config", "runs", "held", "second", "timeout",
          "median_wall", "max_wall", "median_cpu", "max_cpu")
RUN_FIELDS = ("puzzle", "rule", "label", "cells", "config", "run", "answer", "wall", "cpu")


def window(text: str) -> tuple[float, float]:
    """``SHORT,LONG`` slice seconds.

    >>> window("0.05,0.3")
    (0.05, 0.3)
    """
    try:
        short, long = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected SHORT,LONG slice seconds such as 0.05,0.3, got {text!r}") from None
    if not 0 < short < long:
        raise argparse.ArgumentTypeError(f"need 0 < SHORT < LONG, got {text!r}")
    return short, long


def cadical_options(text: str) -> dict[str, int]:
    """``default`` (no options) or ``NAME=VALUE,...`` (CaDiCaL's option names).

    >>> cadical_options("rephaseint=10000,stabilizeonly=1")
    {'rephaseint': 10000, 'stabilizeonly': 1}
    >>> cadical_options("default")
    {}
    """
    if text == "default":
        return {}
    options = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        try:
            options[name.strip()] = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected NAME=VALUE,... such as rephaseint=10000, or default, got {text!r}"
            ) from None
        if not name.strip().isidentifier():
            raise argparse.ArgumentTypeError(f"not an option name: {name!r} in {text!r}")
    return options


def config_name(limit: float, slices: tuple[float, float], options: dict[str, int]) -> str:
    """How a configuration reads in the tables.

    >>> config_name(40.0, (0.25, 1.0), {"rephaseint": 10000})
    '40 s, slices 0.25-1 s, rephaseint=10000'
    """
    text = f"{limit:g} s, slices {slices[0]:g}-{slices[1]:g} s"
    return text + "".join(f", {name}={value}" for name, value in options.items())


def runs_of(name: str, puzzle: nl.Puzzle, fill: bool, args: argparse.Namespace
            ) -> list[dict[str, Any]]:
    """Every run of every path and configuration on one puzzle under one rule."""
    rule = "fill" if fill else "nikoli"
    solution = nl.solve(puzzle, fill=fill)
    if solution is None or nl.verify(puzzle, solution, fill=fill):
        raise SystemExit(f"{name} ({rule}): no verified solution to hold paths of")
    labels = (args.labels.split(",") if args.labels else
              sorted(solution.paths, key=lambda k: (-len(solution.paths[k]), k))[:DEFAULT_HELD])
    rows: list[dict[str, Any]] = []
    default, default_options = SatSession.SLICE_SECONDS, SatSession.SOLVER_OPTIONS
    try:
        for run, label in itertools.product(range(args.runs), labels):
            for limit, slices, options in itertools.product(args.limits, args.slices,
                                                            args.cadical_options):
                SatSession.SLICE_SECONDS = slices
                SatSession.SOLVER_OPTIONS = {name: options for name in CADICAL}
                wall, cpu = time.perf_counter(), time.process_time()
                lemma, second = held_lemma(puzzle, solution, label, fill=fill,
                                           time_limit=limit)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                if second is not None and nl.verify(puzzle, second, fill=fill):
                    raise SystemExit(f"WRONG: {name} ({rule}): path {label}'s second "
                                     "solution does not verify")
                rows.append({"puzzle": name, "rule": rule, "label": label,
                             "cells": lemma.cells,
                             "config": config_name(limit, slices, options),
                             "run": run, "answer": lemma.answer,
                             "wall": round(wall, 2), "cpu": round(cpu, 2)})
                print(" ".join(f"{k}={v}" for k, v in rows[-1].items()), flush=True)
    finally:
        SatSession.SLICE_SECONDS, SatSession.SOLVER_OPTIONS = default, default_options
    return rows


def summary(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row a puzzle, rule, path and configuration; a path both held and refuted
    stops the run."""
    groups: dict[tuple[str, str, str, str], list[dict[str, Any]]] = {}
    for run in runs:
        groups.setdefault((run["puzzle"], run["rule"], run["label"], run["config"]),
                          []).append(run)
    rows = []
    for (puzzle, rule, label, setting), group in groups.items():
        answers = [run["answer"] for run in group]
        if "unique" in answers and "second" in answers:
            raise SystemExit(f"WRONG: {puzzle} ({rule}): path {label} held and refuted")
        walls, cpus = [run["wall"] for run in group], [run["cpu"] for run in group]
        rows.append({"puzzle": puzzle, "rule": rule, "label": label,
                     "cells": group[0]["cells"], "config": setting, "runs": len(group),
                     "held": answers.count("unique"), "second": answers.count("second"),
                     "timeout": answers.count("timeout"),
                     "median_wall": round(statistics.median(walls), 2), "max_wall": max(walls),
                     "median_cpu": round(statistics.median(cpus), 2), "max_cpu": max(cpus)})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urls", type=Path, nargs="+",
                        default=[CORPUS / "puzzlink" / "urls.txt"],
                        help="files of puzz.link URLs, one a line")
    parser.add_argument("--rule", choices=("nikoli", "fill", "both"), default="nikoli")
    parser.add_argument("--min-cells", type=int, default=100,
                        help="skip boards of fewer cells (default 100)")
    parser.add_argument("--labels", help="comma-separated paths to hold (default: the "
                        f"{DEFAULT_HELD} longest of each puzzle's solution)")
    parser.add_argument("--limits", type=positive_seconds, nargs="+", default=[20.0],
                        metavar="SECONDS", help="each lemma's time limits (default 20)")
    parser.add_argument("--slices", type=window, nargs="+",
                        default=[SatSession.SLICE_SECONDS], metavar="SHORT,LONG",
                        help="slice windows (default: the library's, "
                        f"{SatSession.SLICE_SECONDS[0]:g},{SatSession.SLICE_SECONDS[1]:g})")
    parser.add_argument("--cadical-options", type=cadical_options, nargs="+",
                        default=[{}], metavar="NAME=VALUE,...",
                        help="CaDiCaL options, one configuration each (default: none; "
                        "'default' for none beside others)")
    parser.add_argument("--runs", type=positive_int, default=8)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/lemma_spread"))
    args = parser.parse_args(argv)
    rules = {"nikoli": (False,), "fill": (True,), "both": (False, True)}[args.rule]
    runs = [row for name, puzzle in named_puzzles(args.urls, args.min_cells)
            for fill in rules for row in runs_of(name, puzzle, fill, args)]
    markdown = write_tables(
        args.out, [("spread.csv", FIELDS, summary(runs)), ("runs.csv", RUN_FIELDS, runs)],
        "One held lemma over many runs, by time limit, slice window and solver options",
        "Each configuration: a lemma time limit, the session's slice window "
        "(`SatSession.SLICE_SECONDS`: a slice doubles below SHORT seconds and halves above "
        "LONG) and any CaDiCaL options (`SatSession.SOLVER_OPTIONS`); "
        "`held`, `second`, `timeout`: runs that ended so (`held_lemma`); the "
        "configurations take turns within each run.",
        "lemma_spread_bench.py", argv)
    print(f"wrote {args.out}/spread.csv, runs.csv, {markdown.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
