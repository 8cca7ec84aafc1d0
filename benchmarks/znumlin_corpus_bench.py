"""The whole Numberlink corpus against znumlin, under the Nikoli rule and under fill.

Per board and rule: ``count_solutions(limit=2)`` (CPU seconds, the race's children
included; the engine that answered) and the exact count of kunisura's ZDD counter
``znumlin`` (built from its source with ``fetch``, never shipped; ``-kansai`` for the
Nikoli rule) with its CPU seconds. Every solution the library returns is verified, and
where both decide, the verdicts must agree with znumlin's count (0 / 1 / more): a
disagreement stops the run. The summary counts, per file and rule, the boards each
decides and on how many of those decided by both the library is ahead, with the
median CPU ratio.

    python benchmarks/znumlin_corpus_bench.py --znumlin /tmp/znumlin
    python benchmarks/znumlin_corpus_bench.py --znumlin /tmp/znumlin --files janko --rules nikoli
    python benchmarks/znumlin_corpus_bench.py --merge a/znumlin-corpus.csv b/znumlin-corpus.csv
    python benchmarks/znumlin_corpus_bench.py --znumlin /tmp/znumlin --resume a/znumlin-corpus.csv

Writes ``znumlin-corpus.csv`` and ``znumlin-corpus.md`` (default
``benchmarks/results/znumlin-corpus/``); ``--merge`` writes them from the CSV files
of earlier runs (two runs side by side on the two cores, say) without running
anything; ``--resume`` skips the boards and rules already in the given CSV files (a run
stopped at its time budget goes on where it stopped). Boards of more than
``--max-cells`` cells (default 2500: inputs6's million-cell board) are left out.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import statistics
import sys
from pathlib import Path

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import timed_count, verdict, znumlin
from numberlink_corpus_bench import CORPUS, FILES, puzzles_of

RULES = {"nikoli": False, "fill": True}
FIELDS = ("file", "puzzle", "size", "pairs", "rule", "verdict", "engine", "cpu",
          "znumlin", "znumlin_cpu", "ahead", "limit", "command")


def verdict_of(count: str) -> str:
    """znumlin's exact count as a verdict."""
    if not count.isdigit():
        return count
    return verdict(int(count))


def run(puzzle: nl.Puzzle, fill: bool, limit: float, binary: str) -> dict[str, object]:
    """One board under one rule: both engines, checked against each other."""
    result, _wall, cpu = timed_count(puzzle, fill, limit)
    mine, engine = "timeout", "-"
    if isinstance(result, tuple):
        count, _found, engine = result
        mine = verdict(count)
    count_text, z_cpu = znumlin(binary, puzzle, fill, limit)
    theirs = verdict_of(count_text)
    decided = {"none", "unique", "multiple"}
    if mine in decided and theirs in decided and mine != theirs:
        raise SystemExit(f"DISAGREEMENT: library {mine}, znumlin {count_text}")
    ahead = ""
    if mine in decided and theirs in decided:
        ahead = "library" if cpu <= z_cpu else "znumlin"
    return {"size": f"{puzzle.width}x{puzzle.height}", "pairs": len(puzzle.endpoints),
            "rule": "fill" if fill else "nikoli", "verdict": mine, "engine": engine,
            "cpu": round(cpu, 3), "znumlin": count_text, "znumlin_cpu": round(z_cpu, 3),
            "ahead": ahead}


def summary(rows: list[dict[str, object]], command: str) -> list[str]:
    """The markdown page: one line per file and rule, then the boards znumlin won."""
    limits = sorted({float(str(r["limit"])) for r in rows})
    limit = " / ".join(f"{x:g}" for x in limits)
    lines = [
        "# The Numberlink corpus against znumlin, both rules", "",
        f"`{command}`; Python {platform.python_version()}, 2 shared cores, time limit "
        f"{limit} s (per run). Library: `count_solutions(limit=2)`, CPU of the process and its "
        "children. znumlin: exact count, its CPU. Verdicts agree wherever both decide "
        "(checked in every row).", "",
        "| file | rule | boards | library decides | znumlin decides | both | library ahead "
        "| median CPU ratio library/znumlin |", "| " + " | ".join(["---"] * 8) + " |",
    ]
    keys = dict.fromkeys((str(r["file"]), str(r["rule"])) for r in rows)
    for name, rule in keys:
        mine = [r for r in rows if r["file"] == name and r["rule"] == rule]
        both = [r for r in mine if r["ahead"]]
        ratios = [float(str(r["cpu"])) / max(float(str(r["znumlin_cpu"])), 1e-3) for r in both]
        median = f"{statistics.median(ratios):.2f}" if ratios else "-"
        lines.append(
            f"| {name} | {rule} | {len(mine)} | "
            f"{sum(r['verdict'] != 'timeout' for r in mine)} | "
            f"{sum(verdict_of(str(r['znumlin'])) in ('none', 'unique', 'multiple') for r in mine)}"
            f" | {len(both)} | {sum(r['ahead'] == 'library' for r in both)} | {median} |")
    lost = [r for r in rows if r["ahead"] == "znumlin"
            and float(str(r["cpu"])) - float(str(r["znumlin_cpu"])) > 0.05]
    lines += ["", f"Boards where znumlin is ahead by more than 0.05 s of CPU: {len(lost)}.", ""]
    if lost:
        lines += ["| file | puzzle | size | rule | library CPU s | engine | znumlin CPU s |",
                  "| " + " | ".join(["---"] * 7) + " |"]
        lines += [f"| {r['file']} | {r['puzzle']} | {r['size']} | {r['rule']} | {r['cpu']} | "
                  f"{r['engine']} | {r['znumlin_cpu']} |" for r in lost]
    undecided = [r for r in rows if r["verdict"] == "timeout"]
    lines += ["", f"Boards the library leaves undecided: {len(undecided)}"
              + "".join(f"; {r['file']} {r['puzzle']} {r['rule']} (znumlin {r['znumlin']})"
                        for r in undecided) + "."]
    return lines


def _done(paths: list[Path]) -> set[tuple[str, str, str]]:
    """The (file, puzzle, rule) triples already measured in these CSV files."""
    done: set[tuple[str, str, str]] = set()
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            done |= {(r["file"], r["puzzle"], r["rule"]) for r in csv.DictReader(handle)}
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--znumlin", help="path of a znumlin binary (needed unless --merge)")
    parser.add_argument("--merge", nargs="+", type=Path, metavar="CSV",
                        help="summarise the rows of these CSV files instead of running")
    parser.add_argument("--files", nargs="+", default=[f for f in FILES if f != "inputs6"],
                        choices=sorted(FILES))
    parser.add_argument("--rules", nargs="+", default=list(RULES), choices=list(RULES))
    parser.add_argument("--resume", nargs="+", type=Path, default=[], metavar="CSV",
                        help="skip the boards and rules already in these CSV files")
    parser.add_argument("--time-limit", type=positive_seconds, default=20.0)
    parser.add_argument("--max-cells", type=int, default=2500)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/znumlin-corpus"))
    args = parser.parse_args(argv)
    if args.znumlin and not os.access(args.znumlin, os.X_OK):
        parser.error(f"--znumlin {args.znumlin}: no executable file there")
    for option, paths in (("--merge", args.merge or []), ("--resume", args.resume)):
        for path in paths:
            if not path.is_file():
                parser.error(f"{option} {path}: no such file")
    rows: list[dict[str, object]] = []
    if args.merge:
        for path in args.merge:
            with path.open(encoding="utf-8") as handle:
                rows += list(csv.DictReader(handle))
        command = "python benchmarks/znumlin_corpus_bench.py --merge " + " ".join(
            f"{path.parent.name}/{path.name}" for path in args.merge)
        command += "".join(f"`, `{c}" for c in sorted({str(r["command"]) for r in rows}))
    elif args.znumlin is None:
        parser.error("--znumlin PATH is needed to run the benchmark")
    elif not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}; nothing to run", file=sys.stderr)
        return 0
    else:
        shown = ["PATH" if a == args.znumlin else a for a in (argv or sys.argv[1:])]
        command = " ".join(["python benchmarks/znumlin_corpus_bench.py", *shown])
        done = _done(args.resume)
        for name in args.files:
            for ident, puzzle in puzzles_of(name, args.max_cells):
                for rule in args.rules:
                    if (name, ident, rule) in done:
                        continue
                    row = {"file": name, "puzzle": ident,
                           **run(puzzle, RULES[rule], args.time_limit, args.znumlin),
                           "limit": args.time_limit, "command": command}
                    print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
                    rows.append(row)
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "znumlin-corpus.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    page = summary(rows, command)
    (args.out / "znumlin-corpus.md").write_text("\n".join(page) + "\n", encoding="utf-8")
    print("\n".join(page))
    return 0


if __name__ == "__main__":
    sys.exit(main())
