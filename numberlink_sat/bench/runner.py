"""Run benchmark rows: one board x one engine, in a worker process, timed and verified.

Each row is measured in a process of its own, forked from a worker that has already
imported the engine (so import time is not timed), which gives a clean CPU time and
peak memory (``ru_maxrss``) per row, and a hard stop: the engine's own time limit ends
it in time, and a row still running well past it is killed and recorded as a timeout.

The answer is checked by the family's independent verifier inside the worker: a wrong
answer (or an engine that says "no solution" on a board with a planted answer) becomes a
*failure*, not a row. Rows run on a local process pool (``jobs`` workers) or, given a
scheduler address, on a Dask distributed cluster, many rows per task.

>>> from numberlink_sat.bench.suites import Case
>>> row = run_row(Task(Case("numberlink", "dense", 5, 5, 1), "dfs", 5.0))
>>> row["status"], row["engine"], row["family"]
('ok', 'dfs', 'numberlink')
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import os
import resource
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from numberlink_sat.bench import engines
from numberlink_sat.bench.suites import Case, build
from numberlink_sat.family import get_family

__all__ = [
    "FAILED",
    "Task",
    "cross_check",
    "make_tasks",
    "run_batch",
    "run_row",
    "run_tasks",
]

FAILED = ("wrong", "error", "disagree")
"""Statuses that are failures (reported apart, never in the tables)."""

HARD_FACTOR = 2.0
HARD_GRACE = 60.0
"""A row is killed after ``HARD_FACTOR * time_limit + HARD_GRACE`` seconds (board building
and verification included)."""


@dataclass(frozen=True)
class Task:
    """One row to run: a case, an engine name and the per-row time limit in seconds."""

    case: Case
    engine: str
    time_limit: float | None


def make_tasks(
    cases: Iterable[Case], engine_names: Sequence[str], time_limit: float | None
) -> tuple[list[Task], list[dict[str, Any]]]:
    """Tasks for every case and every engine its family offers, and the skipped engines.

    An engine whose module is missing is skipped once per family, with the reason.
    """
    tasks: list[Task] = []
    skipped: dict[tuple[str, str], str] = {}
    for case in cases:
        for engine in engines.expand(engine_names, case.family):
            key = (case.family, engine)
            if key not in skipped:
                skipped[key] = engines.unavailable(case.family, engine) or ""
            if skipped[key]:
                continue
            tasks.append(Task(case, engine, time_limit))
    notes = [
        {"family": f, "engine": e, "reason": why} for (f, e), why in skipped.items() if why
    ]
    return tasks, notes


def _rss_mb() -> float:
    """The resident set size now, in MiB (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _maxrss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


_COLUMNS = ("variables", "clauses", "calls", "cut_rounds", "cuts", "nodes", "steps")


def _measure(task: Task, scope: str) -> dict[str, Any]:
    """Build, run and verify one row in this process."""
    from numberlink_sat.errors import SolveTimeout

    case, engine = task.case, task.engine
    row: dict[str, Any] = case.as_dict()
    row.update(engine=engine, time_limit=task.time_limit, rss_scope=scope)
    board = build(case)
    engines.warm_up(case.family, engine)
    stats: dict[str, Any] = {}
    base_rss = _rss_mb()
    cpu0 = _cpu()
    t0 = time.perf_counter()
    answer: Any = None
    try:
        answer = engines.run(case.family, case.kind, engine, board, task.time_limit, stats)
        status = "ok" if answer is not None else "none"
    except SolveTimeout:
        status = "timeout"
    except Exception as exc:  # an engine crash is a failure row
        status = "error"
        row["problems"] = [f"{type(exc).__name__}: {exc}"]
        row["traceback"] = traceback.format_exc(limit=6)
    row["wall_s"] = time.perf_counter() - t0
    row["cpu_s"] = _cpu() - cpu0
    row["peak_rss_mb"] = round(_maxrss_mb(), 1)
    row["base_rss_mb"] = round(base_rss, 1)
    row["extra_rss_mb"] = round(max(0.0, row["peak_rss_mb"] - base_rss), 1)
    if status == "ok":
        problems = engines.check(case.family, case.kind, board, answer)
        if problems:
            status = "wrong"
            row["problems"] = problems[:10]
    elif status == "none" and case.solvable:
        status = "wrong"
        row["problems"] = ["said 'no solution' on a board with a planted answer"]
    row["status"] = status
    row["answer"] = engines.digest(case.family, answer) if status == "ok" else ""
    for key in _COLUMNS:
        if key in stats:
            row[key] = stats[key]
    row["stats"] = {
        k: (round(v, 6) if isinstance(v, float) else v)
        for k, v in stats.items()
        if k not in _COLUMNS and isinstance(v, (int, float, str, bool))
    }
    return row


def _timeout_row(task: Task, elapsed: float, why: str) -> dict[str, Any]:
    row: dict[str, Any] = task.case.as_dict()
    row.update(
        engine=task.engine, time_limit=task.time_limit, rss_scope="row", status="timeout",
        wall_s=elapsed, cpu_s=math.nan, answer="", stats={"killed": why},
    )
    return row


def run_row(task: Task, isolate: bool = True) -> dict[str, Any]:
    """Run one row; with ``isolate`` (POSIX) in a forked child process of its own."""
    if not isolate or not hasattr(os, "fork"):
        return _measure(task, "process")
    with contextlib.suppress(ImportError):  # import before forking: the child starts warm
        engines.warm_up(task.case.family, task.engine)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: measure, send one JSON line, leave without cleanup
        code = 0
        try:
            os.close(read_fd)
            data = json.dumps(_measure(task, "row"), default=str).encode()
            view = memoryview(data)
            while view:
                view = view[os.write(write_fd, view) :]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    limit = task.time_limit if task.time_limit is not None else 3600.0
    hard = HARD_FACTOR * limit + HARD_GRACE
    started = time.perf_counter()
    chunks: list[bytes] = []
    killed = False
    try:
        while True:
            left = hard - (time.perf_counter() - started)
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            ready, _, _ = select.select([read_fd], [], [], min(left, 1.0))
            if ready:
                chunk = os.read(read_fd, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - started
    if killed:
        return _timeout_row(task, elapsed, f"killed after {hard:.0f} s")
    try:
        row: dict[str, Any] = json.loads(b"".join(chunks))
    except ValueError:
        row = task.case.as_dict()
        row.update(engine=task.engine, time_limit=task.time_limit, status="error",
                   wall_s=elapsed, answer="",
                   problems=[f"worker died (wait status {status})"], stats={})
    return row


def run_batch(tasks: Sequence[Task], isolate: bool = True) -> list[dict[str, Any]]:
    """Run several rows one after the other (one pool or Dask task)."""
    return [run_row(t, isolate) for t in tasks]


def _batches(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def run_tasks(
    tasks: Sequence[Task],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    batch_size: int | None = None,
    isolate: bool = True,
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
) -> list[dict[str, Any]]:
    """Run ``tasks`` and return their rows (in completion order).

    ``scheduler`` (a Dask scheduler address, or ``"local"`` for a LocalCluster of
    ``jobs`` workers) runs batches of ``batch_size`` rows per Dask task; otherwise a
    process pool of ``jobs`` workers runs them (``jobs=1``: in this process, each row
    still forked). ``on_rows`` is called with every finished batch (progress, streaming).
    """
    rows: list[dict[str, Any]] = []

    def done(batch_rows: list[dict[str, Any]]) -> None:
        rows.extend(batch_rows)
        if on_rows is not None:
            on_rows(batch_rows)

    if scheduler is not None:
        _run_dask(tasks, scheduler, jobs, batch_size, isolate, done)
        return rows
    size = batch_size or 1
    batches = _batches(tasks, size)
    if jobs <= 1:
        for batch in batches:
            done(run_batch(batch, isolate))
        return rows
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[dict[str, Any]]]] = {
            pool.submit(run_batch, b, isolate) for b in batches
        }
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                done(fut.result())
    return rows


def _run_dask(
    tasks: Sequence[Task],
    scheduler: str,
    jobs: int,
    batch_size: int | None,
    isolate: bool,
    done: Callable[[list[dict[str, Any]]], None],
) -> None:
    try:
        dist: Any = importlib.import_module("distributed")
    except ImportError as exc:
        from numberlink_sat.errors import NumberlinkSatError

        raise NumberlinkSatError(
            "--scheduler needs Dask: pip install 'numberlink-sat[dask]'"
        ) from exc
    cluster = None
    if scheduler == "local":
        cluster = dist.LocalCluster(
            n_workers=max(1, jobs), threads_per_worker=1, processes=True,
            dashboard_address=None,
        )
        client = dist.Client(cluster)
    else:
        client = dist.Client(scheduler)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        size = batch_size or max(1, min(50, math.ceil(len(tasks) / (4 * workers))))
        batches = _batches(tasks, size)
        futures = client.map(run_batch, batches, isolate=isolate, pure=False)
        for fut in dist.as_completed(futures):
            done(fut.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def cross_check(rows: list[dict[str, Any]]) -> None:
    """Mark disagreements between engines on one board as failures, in place.

    A ``none`` where another engine found a verified answer is wrong; Number Chain
    answers (the unique lexicographically smallest path) must be equal.
    """
    by_case: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_case.setdefault(row["case"], []).append(row)
    for case_rows in by_case.values():
        solved = [r for r in case_rows if r["status"] == "ok"]
        if not solved:
            continue
        for r in case_rows:
            if r["status"] == "none":
                r["status"] = "wrong"
                r["problems"] = [f"said 'no solution' but {solved[0]['engine']} found one"]
        if get_family(case_rows[0]["family"]).unique_answer:
            answers = {r["answer"] for r in solved}
            if len(answers) > 1:
                for r in solved:
                    r["status"] = "disagree"
                    r["problems"] = [f"engines gave different smallest paths: {sorted(answers)}"]
