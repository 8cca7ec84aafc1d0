"""Hand-made puzzles under the Nikoli rule (no fill) and under fill: verdict, time, engine.

The boards: the puz.link URLs of the corpus, a few corpus boards that were slow before
(Janko's 24x14 Arukone boards 104, 147 and 217, Ahle's inputs4 #2, Flow Free
``extreme_12x12_28``) and the bench's ``loose`` family (a random Hamiltonian path
cut into W pieces; both rules since session 10, fill only before). Per puzzle and
rule: ``solve`` (one solution) and ``count_solutions(limit=2)`` (unique / multiple /
none), wall and CPU seconds (the children's CPU included: the count may race the ZDD
counter or the second solver beside SAT), the engine that answered, every answer
verified. With ``--znumlin PATH`` (the exact ZDD
counter ``znumlin`` of kunisura/algorithms2012, built from source, never shipped)
its count and CPU time are added as a comparison. With ``--numlin-v2 PATH`` (semiexp's
Nikoli-rule backtracking solver ``numlin_v2``, built from source, never shipped) the
Nikoli rows get its count and CPU time too: it counts the solutions of its canonical
form (no U-turn, corners turned one way where the square's fourth cell is empty), so
its "1" is not a proof of uniqueness by itself (docs/benchmarks.md). With ``--local K``,
rows whose count timed out get the local check (``check --local K``): ``<= k`` says
that no other solution changes ``k`` paths or fewer.

    python benchmarks/handmade_bench.py --out benchmarks/results/handmade
    python benchmarks/handmade_bench.py --znumlin /tmp/znumlin --time-limit 20
    python benchmarks/handmade_bench.py --numlin-v2 /tmp/numlin_v2/target/release/numlin
    python benchmarks/handmade_bench.py --urls more-urls.txt   # more hand-made URLs
    python benchmarks/handmade_bench.py --local 4   # where undecided: the local check
    python benchmarks/handmade_bench.py --urls benchmarks/results/thin/designed.url \
        --urls-only   # the puzzles designed here (thin_bench.py), no corpus needed

Writes ``handmade.csv`` and ``handmade.md``.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.bench.instances import numberlink_loose
from numberlink_sat.cli.common import positive_seconds
from numberlink_sat.corpus import corpus_path
from numberlink_sat.errors import NumberlinkSatError, ParseError, SolveTimeout
from numberlink_sat.numberlink.formats import puzzlink
from numberlink_sat.numberlink.locality import LocalCheck, local_uniqueness
from numberlink_sat.numberlink.solve import counted

CORPUS = corpus_path() / "numberlink"
CORPUS_BOARDS = (
    ("janko#104", "thomasahle-numberlink/janko", 104),
    ("janko#147", "thomasahle-numberlink/janko", 147),
    ("janko#217", "thomasahle-numberlink/janko", 217),
    ("inputs4#2", "thomasahle-numberlink/inputs4", 2),
    ("flow extreme_12x12_28", "mzucker-flow_solver/puzzles/extreme_12x12_28.txt", 0),
)
LOOSE_SIDES = (20, 30, 40)
FIELDS = ("puzzle", "size", "pairs", "rule", "solve", "solve_wall", "solve_cpu", "verdict",
          "engine", "count_wall", "count_cpu", "znumlin", "znumlin_cpu", "numlin_v2",
          "numlin_v2_cpu", "local", "local_cpu")


def boards(extra: Sequence[Path] = (), *, urls_only: bool = False
           ) -> list[tuple[str, nl.Puzzle, tuple[bool, ...]]]:
    """(name, puzzle, the fill values to run) for every board of the benchmark; the
    puzz.link URLs of the files in ``extra`` (one a line) come after the corpus's.
    ``urls_only``: the boards of ``extra`` alone (no corpus needed)."""
    out: list[tuple[str, nl.Puzzle, tuple[bool, ...]]] = []
    urls: dict[str, nl.Puzzle] = {}
    files = list(extra) if urls_only else [CORPUS / "puzzlink" / "urls.txt", *extra]
    for path in files:
        for url, puzzle in read_urls(path):
            urls.setdefault(url, puzzle)
    for url, puzzle in urls.items():
        genre = url.split("?", 1)[1].split("/", 1)[0]
        out.append((f"{genre} {url.split('/')[-1][:12]}", puzzle, (False, True)))
    if urls_only:
        return out
    for name, relative, index in CORPUS_BOARDS:
        out.append((name, nl.read(CORPUS / relative)[index], (False, True)))
    rng = random.Random(2026)
    for side in LOOSE_SIDES:
        out.append((f"loose {side}x{side}", numberlink_loose(side, side, rng), (False, True)))
    return out


def read_urls(path: Path) -> list[tuple[str, nl.Puzzle]]:
    """(URL, puzzle) for every line of ``path`` that starts with ``http`` (other lines
    are skipped, and so is what follows the URL on its line); an unreadable file or a
    malformed URL stops the bench with a message that names the file, the line and the
    column.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "urls.txt")
    ...     _ = path.write_text("# mine\\nhttps://puzz.link/p?numlin/3/3/zzz\\n")
    ...     read_urls(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    SystemExit: .../urls.txt:2:32: 'z' skips 20 empty cells ...
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"{path}: cannot read the URL file: {exc}") from None
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        url = line.split()[0] if line.split() else ""  # what follows it is a comment
        if not url.startswith("http"):
            continue
        try:
            puzzle = puzzlink.parse_url(url, line=number, column=line.index(url) + 1)
        except NumberlinkSatError as exc:
            line_number, column = number, None
            if isinstance(exc, ParseError):
                line_number, column = exc.line or number, exc.column
            where = f"{line_number}" if column is None else f"{line_number}:{column}"
            raise SystemExit(f"{path}:{where}: {getattr(exc, 'message', exc)}") from None
        found.append((url, puzzle))
    return found


def named_puzzles(paths: Sequence[Path], min_cells: int, max_cells: int | None = None
                  ) -> list[tuple[str, nl.Puzzle]]:
    """(short name, puzzle) for every URL of the files ``paths`` on ``min_cells`` to
    ``max_cells`` cells: the name is the puzz.link type and the start of the data."""
    return [(f"{url.split('?', 1)[1].split('/', 1)[0]} {url.split('/')[-1][:12]}", puzzle)
            for path in paths for url, puzzle in read_urls(path)
            if min_cells <= puzzle.width * puzzle.height <= (max_cells or puzzle.width
                                                             * puzzle.height)]


def walk_parser(description: str, topic: str) -> argparse.ArgumentParser:
    """The options shared by the benches that walk a proof over the URLs of files
    (``chain_bench.py``, ``held_bench.py``): ``--urls``, ``--rule``, ``--min-cells``,
    ``--count-limit``, ``--time-limit`` and ``--out`` (``benchmarks/results/TOPIC``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--urls", type=Path, nargs="+",
                        default=[CORPUS / "puzzlink" / "urls.txt"],
                        help="files of puzz.link URLs, one a line")
    parser.add_argument("--rule", choices=("nikoli", "fill", "both"), default="both")
    parser.add_argument("--min-cells", type=int, default=100,
                        help="skip boards of fewer cells (default 100)")
    parser.add_argument("--max-cells", type=int, default=None,
                        help="skip boards of more cells (default: none skipped)")
    parser.add_argument("--count-limit", type=positive_seconds, default=60.0)
    parser.add_argument("--time-limit", type=positive_seconds, default=1800.0)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results") / topic)
    return parser


Row = dict[str, Any]


def direct_and_walked(name: str, puzzle: nl.Puzzle, fill: bool, limit: float,
                      walk: Callable[[], Any], what: str) -> tuple[Row, Any]:
    """The direct ``count_solutions(limit=2)`` within ``limit`` seconds, then ``walk()``
    (a proof with ``verdict``, ``solution`` and ``second``): the row's first columns
    (puzzle to ``count_cpu``) and the proof. Every solution of the proof is checked by
    the verifier, and a verdict that contradicts the count's stops the run (``what``
    names the proof in the message)."""
    rule = "fill" if fill else "nikoli"
    result, count_wall, count_cpu = timed_count(puzzle, fill, limit)
    direct = "timeout" if isinstance(result, str) else verdict(result[0])
    proof = walk()
    for solution in (proof.solution, proof.second):
        if solution is not None and nl.verify(puzzle, solution, fill=fill):
            raise SystemExit(f"WRONG: {name} ({rule}): the {what}'s solution does not verify")
    decided = {"unique", "multiple", "none"}
    if direct in decided and proof.verdict in decided and direct != proof.verdict:
        raise SystemExit(f"WRONG: {name} ({rule}): count says {direct}, {what} "
                         f"{proof.verdict}")
    return {"puzzle": name, "size": f"{puzzle.width}x{puzzle.height}",
            "pairs": len(puzzle.labels), "rule": rule, "count": direct,
            "count_wall": round(count_wall, 2), "count_cpu": round(count_cpu, 2)}, proof


def walk_rows(args: argparse.Namespace,
              one: Callable[[str, nl.Puzzle, bool, argparse.Namespace], tuple[Row, list[Row]]]
              ) -> tuple[list[Row], list[Row]]:
    """``one(name, puzzle, fill, args)`` for every puzzle of ``args.urls`` and rule of
    ``args.rule`` (Nikoli first): the rows and, joined, the detail rows."""
    rules = {"nikoli": (False,), "fill": (True,), "both": (False, True)}[args.rule]
    rows: list[Row] = []
    details: list[Row] = []
    for name, puzzle in named_puzzles(args.urls, args.min_cells, args.max_cells):
        for fill in rules:
            row, more = one(name, puzzle, fill, args)
            rows.append(row)
            details += more
    return rows, details


def write_tables(out: Path, tables: Sequence[tuple[str, Sequence[str], list[dict[str, Any]]]],
                 title: str, note: str, script: str, argv: list[str] | None) -> Path:
    """Each ``(file name, fields, rows)`` of ``tables`` as a CSV file in ``out``, and the
    first one as a Markdown table under ``title``, the command (``script`` with ``argv``,
    default the command line's) and ``note``; the Markdown file's path (the first CSV's
    name, ``.md``)."""
    out.mkdir(parents=True, exist_ok=True)
    for filename, fields, data in tables:
        with open(out / filename, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(fields))
            writer.writeheader()
            writer.writerows(data)
    command = f"python benchmarks/{script} " + " ".join(
        argv if argv is not None else sys.argv[1:])
    _, fields, rows = tables[0]
    lines = [f"# {title}", "", f"`{command.strip()}`; Python {platform.python_version()}, "
             f"2 shared cores. {note}", "",
             "| " + " | ".join(fields) + " |", "|" + " --- |" * len(fields)]
    lines += ["| " + " | ".join(str(row[f]) for f in fields) + " |" for row in rows]
    markdown = out / Path(tables[0][0]).with_suffix(".md").name
    markdown.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return markdown


def verdict(count: int) -> str:
    """A solution count (up to the limit asked) as the benches' verdict.

    >>> verdict(0), verdict(1), verdict(2)
    ('none', 'unique', 'multiple')
    """
    return {0: "none", 1: "unique"}.get(count, "multiple")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(job: object) -> tuple[object, float, float]:
    """Run ``job()``; its answer (or ``"timeout"``), wall and CPU seconds (children too)."""
    wall, cpu = time.perf_counter(), time.process_time() + children_cpu()
    try:
        answer = job()  # type: ignore[operator]
    except SolveTimeout:
        answer = "timeout"
    return answer, time.perf_counter() - wall, time.process_time() + children_cpu() - cpu


def timed_count(puzzle: nl.Puzzle, fill: bool, limit: float
                ) -> tuple[tuple[int, list[nl.Solution], str] | str, float, float]:
    """``counted(puzzle, 2)`` timed as by :func:`timed`: ``(count, solutions, engine)``
    or ``"timeout"``, wall and CPU seconds; every solution checked by the verifier (a
    refusal stops the run)."""
    result, wall, cpu = timed(lambda: counted(puzzle, 2, fill=fill, time_limit=limit))
    if isinstance(result, tuple):
        for other in result[1]:
            problems = nl.verify(puzzle, other, fill=fill)
            if problems:
                raise SystemExit(f"WRONG SOLUTION: {problems}")
    return result, wall, cpu  # type: ignore[return-value]


def znumlin(binary: str, puzzle: nl.Puzzle, fill: bool, limit: float) -> tuple[str, float]:
    """znumlin's count and CPU seconds (its frontier runs along the first line: the
    board is given narrow side first)."""
    if puzzle.width > puzzle.height:
        puzzle = nl.Puzzle(puzzle.height, puzzle.width,
                           {k: ((a[1], a[0]), (b[1], b[0])) for k, (a, b) in
                            puzzle.endpoints.items()},
                           [(c, r) for r, c in puzzle.blocked])
    labels = {cell: str(k + 1) for k, ab in enumerate(puzzle.endpoints.values()) for cell in ab}
    rows = [f"{puzzle.width} {puzzle.height}"]
    for r in range(puzzle.height):
        rows.append(" ".join(labels.get((r, c), "*" if (r, c) in puzzle.blocked else "-")
                             for c in range(puzzle.width)))
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as handle:
        handle.write("\n".join(rows) + "\n")
    try:
        return peer_count([binary, *([] if fill else ["-kansai"]), handle.name], limit,
                          r"#solution = (\d+)")
    finally:
        Path(handle.name).unlink()


def peer_count(command: list[str], limit: float, pattern: str) -> tuple[str, float]:
    r"""Run a peer's ``command`` for at most ``limit`` seconds: the count that
    ``pattern``'s first group finds in its output ("timeout"; "error" when there is
    none) and the CPU seconds of the child.

    >>> peer_count(["/bin/echo", "solutions: 3"], 5.0, r"^solutions: (\d+)$")[0]
    '3'
    """
    before = children_cpu()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit,
                              check=False)
    except subprocess.TimeoutExpired:
        return "timeout", children_cpu() - before
    found = re.search(pattern, f"{done.stdout}\n{done.stderr}", re.MULTILINE)
    return (found.group(1) if found else "error"), children_cpu() - before


def numlin_v2(binary: str, puzzle: nl.Puzzle, limit: float) -> tuple[str, float]:
    """numlin_v2's count of its canonical solutions under the Nikoli rule and its CPU
    seconds: "timeout", "error" (no count in its output) or "n/a" (it has no blocked
    cells). The puzzle goes to it as a puzz.link URL, labels renumbered 1, 2, ...

    >>> numlin_v2("/bin/false", nl.Puzzle(3, 1, {"a": ((0, 0), (0, 2))}), 5.0)[0]
    'error'
    """
    if puzzle.blocked:
        return "n/a", 0.0
    renumbered = nl.Puzzle(puzzle.width, puzzle.height,
                           {str(k + 1): ends for k, ends in enumerate(puzzle.endpoints.values())})
    return peer_count([binary, puzzlink.to_url(renumbered)], limit, r"^solutions: (\d+)$")


def run(puzzle: nl.Puzzle, fill: bool, limit: float, binary: str | None,
        local: int | None = None, numlin_v2_binary: str | None = None) -> dict[str, object]:
    solution, solve_wall, solve_cpu = timed(lambda: nl.solve(puzzle, fill=fill, time_limit=limit))
    if isinstance(solution, nl.Solution):
        assert nl.verify(puzzle, solution, fill=fill) == []
        solved = "solved"
    else:
        solved = "none" if solution is None else "timeout"
    result, count_wall, count_cpu = timed_count(puzzle, fill, limit)
    count_verdict, engine = "timeout", "-"
    if isinstance(result, tuple):
        count, _found, engine = result
        count_verdict = verdict(count)
    row: dict[str, object] = {
        "size": f"{puzzle.width}x{puzzle.height}", "pairs": len(puzzle.endpoints),
        "rule": "fill" if fill else "nikoli", "solve": solved,
        "solve_wall": round(solve_wall, 3), "solve_cpu": round(solve_cpu, 3),
        "verdict": count_verdict, "engine": engine, "count_wall": round(count_wall, 3),
        "count_cpu": round(count_cpu, 3), "znumlin": "", "znumlin_cpu": "",
    }
    if binary:
        answer, cpu = znumlin(binary, puzzle, fill, limit)
        row["znumlin"], row["znumlin_cpu"] = answer, round(cpu, 3)
    row["numlin_v2"], row["numlin_v2_cpu"] = "", ""
    if numlin_v2_binary and not fill:
        answer, cpu = numlin_v2(numlin_v2_binary, puzzle, limit)
        row["numlin_v2"], row["numlin_v2_cpu"] = answer, round(cpu, 3)
    row["local"], row["local_cpu"] = "", ""
    if local is not None and count_verdict == "timeout":
        row["local"], row["local_cpu"] = local_evidence(puzzle, fill, limit, local)
    return row


def local_evidence(puzzle: nl.Puzzle, fill: bool, limit: float, paths: int) -> tuple[str, float]:
    """Where the count gave up: ``<= k`` when no other solution changes ``k`` paths or
    fewer (``check --local``), ``found k`` for a second solution changing ``k``."""
    check, _wall, cpu = timed(lambda: local_uniqueness(puzzle, max_paths=paths, fill=fill,
                                                       time_limit=limit))
    if not isinstance(check, LocalCheck):
        return "timeout", round(cpu, 3)
    if check.second is not None:
        assert nl.verify(puzzle, check.second, fill=fill) == []
        return f"found {len(check.group)}", round(cpu, 3)
    return f"<= {check.proven_up_to}", round(cpu, 3)


def write(rows: list[dict[str, object]], out: Path, limit: float, command: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "handmade.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        "# Hand-made puzzles: Nikoli rule (no fill) and fill", "",
        f"`{command or f'python benchmarks/handmade_bench.py --time-limit {limit:g}'}`; Python "
        f"{platform.python_version()}, 2 shared cores (busy: read CPU seconds, not wall). "
        "`count` is `count_solutions(limit=2)`; CPU includes child processes.", "",
        "| puzzle | size | pairs | rule | solve | wall s | CPU s | count | engine | wall s "
        "| CPU s | znumlin | CPU s | numlin_v2 | CPU s | local | CPU s |",
        "| " + " | ".join(["---"] * len(FIELDS)) + " |",
    ]
    for row in rows:
        lines.append("| " + " | ".join(str(row[f]) for f in FIELDS) + " |")
    for rule in ("nikoli", "fill"):
        decided = [r for r in rows if r["rule"] == rule and r["verdict"] != "timeout"]
        times = [float(str(r["count_cpu"])) for r in decided]
        if times:
            lines.append("")
            lines.append(f"{rule}: {len(decided)} of {sum(r['rule'] == rule for r in rows)} "
                         f"decided within {limit:g} s; median count CPU "
                         f"{statistics.median(times):.2f} s")
    (out / "handmade.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=positive_seconds, default=20.0)
    parser.add_argument("--znumlin", help="path of a znumlin binary to compare with")
    parser.add_argument("--numlin-v2", metavar="PATH",
                        help="path of a numlin_v2 binary (semiexp) to compare with under the "
                             "Nikoli rule")
    parser.add_argument("--only", help="run the boards whose name contains this")
    parser.add_argument("--urls", type=Path, action="append", default=[],
                        help="a file of more puzz.link URLs, one a line (repeatable): "
                             "hand-made puzzles kept outside the repository")
    parser.add_argument("--urls-only", action="store_true",
                        help="run only the boards of the --urls files (no corpus needed), "
                             "e.g. benchmarks/results/thin/designed.url")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/handmade"))
    parser.add_argument("--local", type=int, metavar="K",
                        help="where the count times out, prove that no other solution "
                             "changes K paths or fewer (the 'local' column: '<= k')")
    args = parser.parse_args(argv)
    if args.znumlin and not os.access(args.znumlin, os.X_OK):
        parser.error(f"--znumlin {args.znumlin}: no executable file there")
    if args.numlin_v2 and not os.access(args.numlin_v2, os.X_OK):
        parser.error(f"--numlin-v2 {args.numlin_v2}: no executable file there")
    if args.urls_only and not args.urls:
        parser.error("--urls-only needs at least one --urls FILE")
    rows = []
    for name, puzzle, fills in boards(args.urls, urls_only=args.urls_only):
        if args.only and args.only not in name:
            continue
        for fill in fills:
            row = {"puzzle": name, **run(puzzle, fill, args.time_limit, args.znumlin,
                                         args.local, args.numlin_v2)}
            print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
            rows.append(row)
    shown = ["PATH" if a in (args.znumlin, args.numlin_v2) else a
             for a in (argv or sys.argv[1:])]
    write(rows, args.out, args.time_limit,
          " ".join(["python benchmarks/handmade_bench.py", *shown]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
