"""``numberlink-sat bench``: run a benchmark suite and write results, a summary and plots.

Example::

    numberlink-sat bench --suite quick --engines sat,dfs,cpsat --jobs 2 --out bench-out
    numberlink-sat bench --suite full --scheduler tcp://10.0.0.5:8786 --out bench-full

Exit status 0 when every row is a verified answer, a proven "no solution" or a timeout;
1 when any row failed (a wrong answer, a crash, engines that disagree): those are listed
in ``failures.jsonl`` and on standard error; 2 on bad usage.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import Any

from numberlink_sat.cli.common import EXIT_OK, positive_int, positive_seconds
from numberlink_sat.errors import InvalidArgumentError

__all__ = ["register", "run"]

DEFAULT_LIMITS = {"tiny": 5.0, "quick": 5.0, "full": 60.0}


def register(sub: Any) -> None:
    """Add the ``bench`` subcommand."""
    from numberlink_sat.bench.suites import SUITES

    p = sub.add_parser(
        "bench",
        help="run a benchmark suite (SAT against DFS and CP-SAT), write tables and plots",
        description="Run a benchmark suite: every board x every engine, each row in a worker "
        "process with a time limit, every answer verified. Writes results.csv, "
        "results.jsonl, summary.md and plots into --out.",
    )
    p.add_argument("--suite", choices=SUITES, default="quick",
                   help="tiny (seconds), quick (a few minutes on 2 cores) or full")
    p.add_argument("--engines", default="sat,dfs,cpsat", metavar="LIST",
                   help="comma-separated: sat, sat:SOLVER (another PySAT solver), dfs, cpsat "
                   "(default sat,dfs,cpsat; engines a family lacks are skipped)")
    p.add_argument("--families", default="numberlink,numchain,lianliankan", metavar="LIST",
                   help="puzzle families to run (default all three)")
    p.add_argument("--kinds", default=None, metavar="LIST",
                   help="only these kinds (dense, loose, corpus, planted, plain, ring)")
    p.add_argument("--max-side", type=positive_int, default=None, metavar="N",
                   help="leave out boards with a side above N")
    p.add_argument("--min-side", type=positive_int, default=None, metavar="N",
                   help="leave out boards with a side below N")
    p.add_argument("--seeds", type=positive_int, default=None, metavar="N",
                   help="keep only the first N seeds of every size")
    p.add_argument("--jobs", type=positive_int, default=2, metavar="N",
                   help="worker processes (default 2); with --scheduler local, Dask workers")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on a Dask distributed scheduler (tcp://host:8786), or 'local' "
                   "for a LocalCluster of --jobs workers (needs the dask extra)")
    p.add_argument("--batch-size", type=positive_int, default=None, metavar="N",
                   help="rows per task (default 1 on the process pool; about rows/(4 x "
                   "workers), at most 50, on Dask)")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="SECONDS",
                   help="per-row time limit (default: tiny 5, quick 5, full 60)")
    p.add_argument("--out", default="bench-results", metavar="DIR",
                   help="output directory (default bench-results)")
    p.add_argument("--format", default="csv,jsonl", metavar="LIST",
                   help="result files: csv, jsonl or both (default)")
    p.add_argument("--metric", choices=("cpu", "wall"), default="cpu",
                   help="time shown in the summary and plots (default cpu: fairer on a shared "
                   "machine; both are in the results)")
    p.add_argument("--no-plots", action="store_true", help="do not draw plots")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--no-isolate", action="store_true",
                   help="run rows inside the worker instead of a forked child per row "
                   "(peak memory is then the worker's)")
    p.add_argument("--list", action="store_true", help="print the rows and exit")
    p.add_argument("--from-results", default=None, metavar="FILE",
                   help="run nothing: redraw the summary and plots in --out from a "
                   "results.jsonl written before")
    p.set_defaults(func=run)


class _Progress:
    """tqdm when installed (the progress extra), else a plain counter on standard error."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.count, self.enabled = total, 0, enabled
        self.failed = 0
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm

                tqdm.monitor_interval = 0  # no monitor thread: rows are forked from here
                self.bar = tqdm(total=total, unit="row", file=sys.stderr, dynamic_ncols=True)
            except ImportError:
                self.bar = None

    def update(self, rows: list[dict[str, Any]]) -> None:
        self.count += len(rows)
        self.failed += sum(r["status"] in ("wrong", "error") for r in rows)
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(len(rows))
            if self.failed:
                self.bar.set_postfix(failed=self.failed)
        else:
            print(f"\r{self.count}/{self.total} rows", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.enabled:
            print(file=sys.stderr)


def _split(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def run(args: argparse.Namespace) -> int:
    """Run the suite as the arguments say; the exit status."""
    from numberlink_sat.bench import report
    from numberlink_sat.bench.runner import FAILED, cross_check, make_tasks, run_tasks
    from numberlink_sat.bench.suites import suite

    engine_names = _split(args.engines)
    for name in engine_names:
        if name.split(":", 1)[0] not in ("sat", "dfs", "cpsat"):
            raise InvalidArgumentError(f"unknown engine {name!r}; use sat, sat:SOLVER, dfs, cpsat")
    from numberlink_sat.family import get_family

    families = set(_split(args.families))
    for name in families:
        get_family(name)  # an unknown family is a usage error, not an empty run
    kinds = set(_split(args.kinds)) if args.kinds else None
    formats = _split(args.format)
    if not set(formats) <= {"csv", "jsonl"} or not formats:
        raise InvalidArgumentError(f"--format takes csv, jsonl or both, not {args.format!r}")
    metric = "cpu_s" if args.metric == "cpu" else "wall_s"
    if args.from_results:
        header, old_rows = report.read_results(args.from_results)
        written = report.write_all(args.out, header, old_rows, [], formats,
                                   plots=not args.no_plots, metric=metric,
                                   write_failures=False)
        print(f"{len(old_rows)} rows; wrote {len(written)} files to {args.out}")
        return EXIT_OK
    limit = args.time_limit if args.time_limit is not None else DEFAULT_LIMITS[args.suite]
    cases = [
        c for c in suite(args.suite)
        if c.family in families and (kinds is None or c.kind in kinds)
        and (args.max_side is None or c.side <= args.max_side)
        and (args.min_side is None or c.side >= args.min_side)
    ]
    if args.seeds is not None:
        kept: dict[tuple[Any, ...], int] = {}
        chosen = []
        for c in cases:
            key = (c.family, c.kind, c.size, c.params, c.source, c.index)
            if kept.get(key, 0) < args.seeds:
                kept[key] = kept.get(key, 0) + 1
                chosen.append(c)
        cases = chosen
    tasks, skipped = make_tasks(cases, engine_names, limit)
    for note in skipped:
        print(f"numberlink-sat: bench: skipping {note['family']} / {note['engine']}: "
              f"{note['reason']}", file=sys.stderr)
    if args.list:
        for t in tasks:
            print(f"{t.case.id}\t{t.engine}")
        return EXIT_OK
    header = report.machine_header(
        command="numberlink-sat " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        if sys.argv and sys.argv[0].endswith(("numberlink-sat", "__main__.py")) else
        f"numberlink-sat bench --suite {args.suite} --engines {args.engines} "
        f"--jobs {args.jobs} --time-limit {limit:g}",
        suite=args.suite, engines=engine_names, families=sorted(families),
        time_limit=limit, jobs=args.jobs, scheduler=args.scheduler,
        isolate=not args.no_isolate, rows=len(tasks), skipped=skipped,
        note="shared machine: 2 cores used by several people at once; CPU times are the "
        "fairer measure, wall times include waiting for a core",
    )
    progress = _Progress(len(tasks), not args.no_progress)
    started = time.perf_counter()
    try:
        rows = run_tasks(
            tasks, jobs=args.jobs, scheduler=args.scheduler, batch_size=args.batch_size,
            isolate=not args.no_isolate, on_rows=progress.update,
        )
    finally:
        progress.close()
    header["run"]["seconds"] = round(time.perf_counter() - started, 1)
    cross_check(rows)
    failures = [r for r in rows if r["status"] in FAILED]
    header["run"]["failures"] = len(failures)
    good = [r for r in rows if r["status"] not in FAILED]
    written = report.write_all(args.out, header, good, failures, formats,
                               plots=not args.no_plots, metric=metric)
    timeouts = sum(r["status"] == "timeout" for r in good)
    print(f"{len(good)} rows ({timeouts} timeouts), {len(failures)} failures, "
          f"{header['run']['seconds']} s; wrote {len(written)} files to {args.out}")
    for r in failures:
        print(f"numberlink-sat: bench: FAILED {r['case']} {r['engine']}: {r['status']}: "
              f"{'; '.join(r.get('problems', []))}", file=sys.stderr)
    return 1 if failures else EXIT_OK
