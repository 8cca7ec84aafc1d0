"""The designer's tools, timed: forced map, fixes, difficulty (wall and CPU seconds).

Tasks (each run ``--repeat`` times; medians reported):

- ``forced-map``: :func:`~numberlink_sat.numberlink.diagnose.diagnose` of generated
  unique 30x30 puzzles (with and without fill) and of the hand-made puzz.link puzzles
  of the corpus under their genre's rule (the 26x26 among them), with a time limit;
- ``fixes``: :func:`~numberlink_sat.numberlink.fixes.find_fixes` on 20x20 puzzles made
  not unique by taking one pair away from a generated unique one;
- ``difficulty``: :func:`~numberlink_sat.numberlink.difficulty.rate` of generated
  15x15 puzzles, and of the rated Flow Free boards of the corpus, with the rank
  correlation of the score against the packs (regular < extreme, and jumbo).

Every answer is re-checked: solutions by the verifier, every fix by a separate count.

Goals: forced map of a 30x30 unique puzzle < 5 s, of the hand-made 26x26 < 10 s;
fixes for a non-unique 20x20 < 30 s; difficulty of a 15x15 < 2 s.

Usage::

    python benchmarks/diagnose_bench.py                  # everything, 3 repeats
    python benchmarks/diagnose_bench.py --only difficulty --repeat 1
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.corpus import corpus_path
from numberlink_sat.numberlink.diagnose import cpu_seconds, diagnose
from numberlink_sat.numberlink.difficulty import rate
from numberlink_sat.numberlink.fixes import find_fixes
from numberlink_sat.numberlink.formats import parse
from numberlink_sat.numberlink.generator import generate
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.numberlink.solve import count_solutions
from numberlink_sat.numberlink.verify import verify

CORPUS = corpus_path() / "numberlink"
URLS = CORPUS / "puzzlink" / "urls.txt"
FLOW = CORPUS / "mzucker-flow_solver" / "puzzles"
OUT = Path(__file__).resolve().parent / "results" / "diagnose"
T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    """The result, wall seconds and CPU seconds of ``fn()`` (its child processes too)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    out = fn()
    return out, time.perf_counter() - wall, cpu_seconds() - cpu


def medians(fn: Callable[[], T], repeat: int) -> tuple[T, float, float]:
    runs = [timed(fn) for _ in range(repeat)]
    return (runs[-1][0], statistics.median(r[1] for r in runs),
            statistics.median(r[2] for r in runs))


def forced_map_rows(repeat: int, limit: float) -> Iterator[dict[str, Any]]:
    for fill in (True, False):
        for seed in (1, 2, 3):
            p = generate(30, 30, seed=seed, fill=fill)
            d, wall, cpu = medians(partial(diagnose, p, fill=fill, time_limit=limit), repeat)
            for s in d.solutions:
                assert not verify(p, s, fill=fill)
            yield {"task": "forced-map", "board": f"generated 30x30 seed {seed}",
                   "rules": d.rules, "answer": d.status, "wall": wall, "cpu": cpu,
                   "detail": f"{len(d.forced)} forced, {d.stats.get('queries', 0)} backbone "
                   "queries"}
    if not URLS.is_file():
        return
    for url in URLS.read_text().split():
        p = parse(url)
        rules = p.rules if p.rules is not None else RuleOptions()
        d, wall, cpu = medians(partial(diagnose, p, time_limit=limit, fill=rules.fill,
                                       no_touch=rules.no_touch, no_2x2=rules.no_2x2), 1)
        for s in d.solutions:
            assert not verify(p, s, **rules.as_kwargs())
        yield {"task": "forced-map", "board": f"puzz.link {p.genre} {p.width}x{p.height}",
               "rules": d.rules, "answer": d.status + (" (partial)" if d.partial else ""),
               "wall": wall, "cpu": cpu,
               "detail": f"{len(d.forced)} forced, {len(d.undecided)} undecided, "
               f"{len(d.unproven)} unproven"}


def not_unique_20(fill: bool) -> Iterator[tuple[int, Puzzle]]:
    """Generated unique 20x20 puzzles with one pair taken away, when that leaves
    a solvable puzzle with several solutions."""
    for seed in range(1, 40):
        p = generate(20, 20, seed=seed, fill=fill)
        for label in p.labels[:4]:
            ends = {k: v for k, v in p.endpoints.items() if k != label}
            q = Puzzle(20, 20, ends, p.blocked)
            if count_solutions(q, 2, fill=fill, time_limit=20) == 2:
                yield seed, q
                break


def fixes_rows(repeat: int, limit: float) -> Iterator[dict[str, Any]]:
    for fill in (False, True):
        boards = not_unique_20(fill)
        for _ in range(3):
            seed, q = next(boards)
            report, wall, cpu = medians(
                partial(find_fixes, q, fill=fill, max_fixes=3, time_limit=limit), repeat)
            for fix in report.fixes:
                assert count_solutions(fix.puzzle, 2, fill=fill) == 1
                assert not verify(fix.puzzle, fix.solution, fill=fill)
            kinds = ", ".join(f.kind for f in report.fixes) or "none"
            yield {"task": "fixes", "board": f"generated 20x20 seed {seed} minus a pair",
                   "rules": report.diagnosis.rules,
                   "answer": f"{len(report.fixes)} fixes ({kinds})", "wall": wall,
                   "cpu": cpu, "detail": f"{report.tried} screened, {report.counted} counted"}


def difficulty_rows(repeat: int) -> Iterator[dict[str, Any]]:
    for seed in (1, 2, 3):
        p = generate(15, 15, seed=seed)
        d, wall, cpu = medians(partial(rate, p), repeat)
        yield {"task": "difficulty", "board": f"generated 15x15 seed {seed}",
               "rules": d.rules, "answer": f"{d.score} ({d.grade})", "wall": wall,
               "cpu": cpu, "detail": f"{d.rounds} rounds, {d.lookahead1}+{d.lookahead2} "
               f"lookaheads, {d.unknown_left} left"}


def flow_rows() -> Iterator[dict[str, Any]]:
    if not FLOW.is_dir():
        return
    for path in sorted(FLOW.glob("*.txt")):
        if path.stem.startswith("unsolvable"):
            continue
        d, wall, cpu = timed(partial(_rate_file, path))
        yield {"task": "rated", "board": path.stem, "rules": d.rules,
               "answer": f"{d.score} ({d.grade})", "wall": wall, "cpu": cpu,
               "detail": f"{d.rounds} rounds, {d.lookahead1}+{d.lookahead2} lookaheads, "
               f"{d.unknown_left} left", "score": d.score}


def _rate_file(path: Path) -> Any:
    """The difficulty rating of the puzzle in ``path``."""
    return rate(parse(path.read_text()))


def correlations(rows: list[dict[str, Any]]) -> list[str]:
    """Rank correlations of the ratings with the corpus' own grades (needs scipy)."""
    try:
        from scipy.stats import kendalltau, spearmanr
    except ImportError:
        return ["rank correlations left out: scipy is not installed "
                "(pip install -e '.[stats]')"]

    rated = [r for r in rows if r["task"] == "rated"]
    out = []
    for name, order in (("regular < extreme < jumbo", ("regular", "extreme", "jumbo")),
                        ("regular < jumbo < extreme", ("regular", "jumbo", "extreme")),
                        ("regular < extreme (jumbo left out)", ("regular", "extreme"))):
        pairs = [(order.index(r["board"].split("_")[0]), r["score"]) for r in rated
                 if r["board"].split("_")[0] in order]
        if len(pairs) < 3:
            continue
        groups, scores = zip(*pairs, strict=True)
        rho, p_rho = spearmanr(groups, scores)
        tau, p_tau = kendalltau(groups, scores)
        out.append(f"{name}: n={len(pairs)}, Spearman {rho:.2f} (p {p_rho:.3f}), "
                   f"Kendall tau-b {tau:.2f} (p {p_tau:.3f})")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--time-limit", type=positive_seconds, default=60.0)
    ap.add_argument("--only", choices=("forced-map", "fixes", "difficulty", "rated"))
    ap.add_argument("--name", default="diagnose", help="stem of the result files")
    args = ap.parse_args(argv)
    tasks: dict[str, Callable[[], Iterator[dict[str, Any]]]] = {
        "forced-map": lambda: forced_map_rows(args.repeat, args.time_limit),
        "fixes": lambda: fixes_rows(args.repeat, args.time_limit),
        "difficulty": lambda: difficulty_rows(args.repeat),
        "rated": flow_rows,
    }
    rows: list[dict[str, Any]] = []
    for name, task in tasks.items():
        if args.only and name != args.only:
            continue
        for row in task():
            rows.append(row)
            print(f"{row['task']:10} {row['board']:40} {row['rules']:22} {row['answer']:28} "
                  f"{row['wall']:7.2f} s wall {row['cpu']:7.2f} s CPU  {row['detail']}",
                  flush=True)
    notes = correlations(rows) if any(r["task"] == "rated" for r in rows) else []
    for line in notes:
        print(line)
    OUT.mkdir(parents=True, exist_ok=True)
    fields = ["task", "board", "rules", "answer", "wall", "cpu", "detail"]
    with open(OUT / f"{args.name}.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    lines = [f"# {args.name}: `python benchmarks/diagnose_bench.py "
             f"{' '.join(argv if argv is not None else sys.argv[1:])}`".rstrip() + "",
             "", "Medians of wall and CPU seconds (CPU: this process and its finished "
             "children; 2 shared cores, so CPU is the steadier figure).", "",
             "| task | board | rules | answer | wall s | CPU s | detail |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {r['task']} | {r['board']} | {r['rules']} | {r['answer']} | "
              f"{r['wall']:.2f} | {r['cpu']:.2f} | {r['detail']} |" for r in rows]
    if notes:
        lines += ["", "Rank correlation of the difficulty score with the packs:", ""]
        lines += [f"- {n}" for n in notes]
    (OUT / f"{args.name}.md").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
