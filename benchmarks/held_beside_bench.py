"""``count_solutions(limit=2)`` with and without the held-path proof beside it.

Per board and rule, in one run and in random order: ``counted(puzzle, 2)`` as it is
(the held-path proof starts on the second core once the search for a second solution
has run ``HELD_BESIDE_AFTER`` seconds of CPU after the first solution) and with
``held_beside=False`` (SAT alone after the first solution), each within the same time
limit. Verdict, the engine that answered, wall and CPU seconds (the children's
included), and when the held-path proof started (wall seconds into the count, read from
the library's log record ``STARTED_MESSAGE``; ``-``: it never started, so the row says
nothing about it); every solution returned is checked by the verifier, and where both settings
decide, their verdicts must agree (a disagreement stops the run).

    python benchmarks/held_beside_bench.py --boards janko:104 inputs4:3 --time-limit 60
    python benchmarks/held_beside_bench.py --urls urls.txt --rules nikoli --time-limit 3600

Boards are ``FILE:INDEX`` of the corpus files of ``numberlink_corpus_bench.py``
(0-based, in file order) or the puzz.link URLs of ``--urls`` (one a line; the hand-made
ones are not in this repository). Writes ``held-beside.csv`` and ``held-beside.md``
(default ``benchmarks/results/held-beside/``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import logging
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.numberlink.formats.puzzlink import parse_url
from numberlink_sat.numberlink.held_beside import STARTED_MESSAGE
from numberlink_sat.numberlink.solve import counted

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import timed, verdict
from numberlink_corpus_bench import FILES, puzzles_of

RULES = {"nikoli": False, "fill": True}
SETTINGS = ("beside", "alone")
FIELDS = ("puzzle", "size", "pairs", "rule", "setting", "verdict", "engine", "wall", "cpu",
          "held_started", "limit")


class StartRecorder(logging.Handler):
    """Notes the moment (``time.perf_counter()``) the held-path proof's child starts, from
    the library's INFO record :data:`STARTED_MESSAGE` (only this process's records: the
    child's own lines come from another process)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.started: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg == STARTED_MESSAGE and self.started is None:
            self.started = time.perf_counter()


@contextlib.contextmanager
def listening() -> Iterator[StartRecorder]:
    """A fresh :class:`StartRecorder` on the held-path proof's logger, at INFO while in
    the ``with`` block (the logger's level and handlers are as before after it)."""
    logger = logging.getLogger("numberlink_sat.numberlink.held_beside")
    recorder, level = StartRecorder(), logger.level
    logger.addHandler(recorder)
    if logger.getEffectiveLevel() > logging.INFO:
        logger.setLevel(logging.INFO)
    try:
        yield recorder
    finally:
        logger.removeHandler(recorder)
        logger.setLevel(level)


def boards(names: list[str], urls: Path | None) -> list[tuple[str, nl.Puzzle]]:
    """The boards asked for, named as in the tables (``ValueError``: one is not there)."""
    chosen = []
    for name in names:
        file, _, index = name.partition(":")
        if file not in FILES or not index.isdigit():
            raise ValueError(f"--boards {name}: expected FILE:INDEX with FILE one of "
                             f"{', '.join(FILES)} (e.g. janko:104)")
        found = dict(puzzles_of(file, 10**9))
        wanted = [key for key in found if key.endswith(f"#{index}")]
        if len(wanted) != 1:
            raise ValueError(f"--boards {name}: {file} has {len(found)} boards")
        chosen.append((f"{file}#{index}", found[wanted[0]]))
    if urls is not None:
        if not urls.is_file():
            raise ValueError(f"--urls {urls}: no such file")
        for number, line in enumerate(urls.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip() and not line.lstrip().startswith("#"):
                url = line.split()[0]
                chosen.append((f"url {url.rsplit('/', 1)[-1][:12]}",
                               parse_url(url, line=number)))
    return chosen


def run(puzzle: nl.Puzzle, fill: bool, setting: str, limit: float) -> dict[str, object]:
    """One count under one setting, its solutions verified."""
    with listening() as recorder:
        began = time.perf_counter()
        result, wall, cpu = timed(lambda: counted(puzzle, 2, fill=fill, time_limit=limit,
                                                  held_beside=setting == "beside"))
    started = "-" if recorder.started is None else round(recorder.started - began, 3)
    answer, engine = "timeout", "-"
    if isinstance(result, tuple):
        count, found, engine = result
        for solution in found:
            problems = nl.verify(puzzle, solution, fill=fill)
            if problems:
                raise SystemExit(f"WRONG SOLUTION ({engine}): {problems[0]}")
        answer = verdict(count)
    return {"verdict": answer, "engine": engine, "wall": round(wall, 3),
            "cpu": round(cpu, 3), "held_started": started, "limit": limit}


def summary(rows: list[dict[str, object]], command: str) -> list[str]:
    """The Markdown table: one line per board and rule, both settings side by side."""
    lines = [
        "# `count_solutions(limit=2)` with the held-path proof beside it, and without",
        "",
        f"`{command}`; Python {platform.python_version()}, 2 cores. `beside`: as the",
        "library runs it; `alone`: `held_beside=False`. CPU seconds include the child",
        "processes (the second solver, the held-path proof). `held from`: wall seconds",
        "into the count when the held-path proof started (`-`: it did not start). Every",
        "solution verified.",
        "",
        "| puzzle | size | pairs | rule | beside | engine | held from | wall s | CPU s "
        "| alone | wall s | CPU s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    keyed = {(r["puzzle"], r["rule"], r["setting"]): r for r in rows}
    ratios = []
    for (puzzle, rule, setting), row in keyed.items():
        if setting != "beside":
            continue
        alone = keyed.get((puzzle, rule, "alone"), {})
        lines.append(f"| {puzzle} | {row['size']} | {row['pairs']} | {rule} | "
                     f"{row['verdict']} | {row['engine']} | {row['held_started']} | "
                     f"{row['wall']} | {row['cpu']} | "
                     f"{alone.get('verdict', '')} | {alone.get('wall', '')} | "
                     f"{alone.get('cpu', '')} |")
        if row["verdict"] != "timeout" and alone.get("verdict") not in (None, "timeout"):
            ratios.append(float(str(row["wall"])) / max(float(str(alone["wall"])), 1e-3))
    decided = {s: sum(r["verdict"] != "timeout" for r in rows if r["setting"] == s)
               for s in SETTINGS}
    started = sum(r["held_started"] != "-" for r in rows if r["setting"] == "beside")
    lines += ["", f"Decided: beside {decided['beside']}, alone {decided['alone']} of "
              f"{len(rows) // 2} board-rule pairs; the held-path proof started on "
              f"{started}."]
    if ratios:
        pairs = f"{len(ratios)} pair{'' if len(ratios) == 1 else 's'}"
        lines.append(f"Where both decided: median wall ratio beside / alone "
                     f"{statistics.median(ratios):.2f} ({pairs}).")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="*", default=[], metavar="FILE:INDEX")
    parser.add_argument("--urls", type=Path, help="a file of puzz.link URLs, one a line")
    parser.add_argument("--rules", nargs="+", default=list(RULES), choices=list(RULES))
    parser.add_argument("--time-limit", type=positive_seconds, default=60.0)
    parser.add_argument("--seed", type=int, default=1, help="order of the two settings")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/held-beside"))
    args = parser.parse_args(argv)
    try:
        chosen = boards(args.boards, args.urls)
    except ValueError as error:
        parser.error(str(error))
    if not chosen:
        parser.error("name boards with --boards or --urls")
    command = "python benchmarks/held_beside_bench.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    rng = random.Random(args.seed)
    rows: list[dict[str, object]] = []
    args.out.mkdir(parents=True, exist_ok=True)
    for name, puzzle in chosen:
        for rule in args.rules:
            answers = {}
            for setting in rng.sample(SETTINGS, 2):
                row = {"puzzle": name, "size": f"{puzzle.width}x{puzzle.height}",
                       "pairs": len(puzzle.endpoints), "rule": rule, "setting": setting,
                       **run(puzzle, RULES[rule], setting, args.time_limit)}
                rows.append(row)
                answers[setting] = row["verdict"]
                print(", ".join(f"{k}={row[k]}" for k in FIELDS), flush=True)
            if "timeout" not in answers.values() and len(set(answers.values())) > 1:
                raise SystemExit(f"DISAGREEMENT on {name} ({rule}): {answers}")
            with open(args.out / "held-beside.csv", "w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, FIELDS)
                writer.writeheader()
                writer.writerows(rows)
            (args.out / "held-beside.md").write_text("\n".join(summary(rows, command)) + "\n",
                                                     encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
