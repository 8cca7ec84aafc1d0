"""Many puzzles at once: one seed per puzzle, on a process pool or a Dask cluster.

Puzzle ``i`` of a run seeded ``s`` gets its own seed :func:`puzzle_seed` ``(s, i)``
and is made by :func:`make_one` alone, so the same run seed gives the same puzzles
whatever the number of workers, the order they finish in, or a resumed run that
skips the indices already made. A wall-clock limit for the whole run is an absolute
time every worker checks (it only ever stops work: a puzzle finished is the same
puzzle); a candidate is dropped by its conflict budget, the same on every machine.

>>> puzzle_seed(1, 0) == puzzle_seed(1, 0) != puzzle_seed(1, 1)
True
>>> rec = make_one(Task(0, puzzle_seed(7, 0), {"width": 4, "height": 4}, None))
>>> rec["ok"], rec["width"], rec["index"]
(True, 4, 0)
"""

from __future__ import annotations

import hashlib
import importlib
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from numberlink_sat.errors import NumberlinkSatError, SolveTimeout
from numberlink_sat.numberlink.generator.generate import (
    GeneratedPuzzle,
    GenerationFailed,
    generate_with_solution,
    make_controls,
)
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["Task", "make_one", "puzzle_seed", "record_puzzle", "run_tasks"]


def puzzle_seed(run_seed: int, index: int) -> int:
    """The seed of puzzle ``index`` in a run seeded ``run_seed`` (a 63-bit integer)."""
    digest = hashlib.sha256(f"numberlink-generate/{run_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Task:
    """Puzzle ``index`` with its ``seed``, the controls (keywords) and the run's end.

    ``ends_at`` is a ``time.time()`` value (``None``: no limit for the run).
    """

    index: int
    seed: int
    controls: dict[str, Any]
    ends_at: float | None


def make_one(task: Task) -> dict[str, Any]:
    """Make puzzle ``task.index``: a plain record (picklable, JSON-ready).

    ``ok`` is True with ``puzzle``/``solution`` (plain lists, :func:`load_record`) and
    the statistics, or
    False with ``reason`` and ``timeout`` (True when the run's time was up).
    """
    kwargs = dict(task.controls)
    width, height = kwargs.pop("width"), kwargs.pop("height")
    base: dict[str, Any] = {"index": task.index, "seed": task.seed, "width": width,
                            "height": height}
    started = time.perf_counter()
    cpu = time.process_time()
    left = None if task.ends_at is None else task.ends_at - time.time()
    try:
        if left is not None and left <= 0:
            raise SolveTimeout("the run's time limit passed before this puzzle started")
        made = generate_with_solution(width, height, seed=task.seed,
                                      total_time_limit=left, **kwargs)
    except SolveTimeout as exc:
        return {**base, "ok": False, "timeout": True, "reason": str(exc)}
    except GenerationFailed as exc:
        timeout = isinstance(exc.__cause__, SolveTimeout)
        return {**base, "ok": False, "timeout": timeout, "reason": str(exc)}
    return {**base, **record_puzzle(made), "seconds": time.perf_counter() - started,
            "cpu_seconds": time.process_time() - cpu}


def record_puzzle(made: GeneratedPuzzle) -> dict[str, Any]:
    """The record fields of a made puzzle: the texts, counts, path lengths, statistics."""
    puzzle, solution = made.puzzle, made.solution
    lengths = [len(solution.paths[label]) for label in puzzle.labels]
    cells = puzzle.width * puzzle.height
    stats = made.stats.as_dict()
    return {
        "ok": True,
        "puzzle": {"endpoints": {lab: [list(a), list(b)]
                                 for lab, (a, b) in puzzle.endpoints.items()},
                   "blocked": sorted(list(c) for c in puzzle.blocked)},
        "solution": {lab: [list(c) for c in path] for lab, path in solution.paths.items()},
        "pairs": len(puzzle.labels),
        "path_lengths": lengths,
        "blocked": len(puzzle.blocked),
        "empty": cells - sum(lengths) - len(puzzle.blocked),
        "solve_calls": stats["solve_calls"],
        "conflicts": stats["conflicts"],
        "attempts": stats["attempts"],
        "difficulty": stats["difficulty"],
        "difficulty_grade": stats["difficulty_grade"],
        "stats": stats,
    }


def load_record(record: dict[str, Any]) -> tuple[Puzzle, Solution]:
    """The puzzle and solution of a record made by :func:`make_one`."""
    w, h = record["width"], record["height"]
    ends = {lab: ((a[0], a[1]), (b[0], b[1]))
            for lab, (a, b) in record["puzzle"]["endpoints"].items()}
    puzzle = Puzzle(w, h, ends, [(r, c) for r, c in record["puzzle"]["blocked"]])
    paths = {lab: [(r, c) for r, c in path] for lab, path in record["solution"].items()}
    return puzzle, Solution(w, h, paths)


def _check_controls(controls: dict[str, Any]) -> None:
    kwargs = dict(controls)
    make_controls(kwargs.pop("width"), kwargs.pop("height"), **kwargs)


def run_tasks(
    tasks: Iterable[Task],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    controls: dict[str, Any] | None = None,
    ends_at: float | None = None,
) -> Iterator[dict[str, Any]]:
    """Records of ``tasks`` in completion order, on ``jobs`` processes or a Dask cluster.

    ``scheduler``: a Dask scheduler address, or ``"local"`` for a LocalCluster of
    ``jobs`` workers (needs the ``dask`` extra). ``controls`` (the tasks' controls) are
    validated here, once, before any worker starts. Once ``ends_at`` (a ``time.time()``)
    has passed, no task is started any more: the run stops after one timeout record.
    """
    if controls is not None:
        _check_controls(controls)
    if scheduler is not None:
        yield from _run_dask(list(tasks), scheduler, jobs)
        return
    if jobs <= 1:
        for task in tasks:
            record = make_one(task)
            yield record
            if record.get("timeout") and ends_at is not None and time.time() >= ends_at:
                return
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from _drain(pool.submit, iter(tasks), ends_at, window=4 * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _drain(submit: Callable[..., Future[dict[str, Any]]], tasks: Iterator[Task],
           ends_at: float | None, *, window: int) -> Iterator[dict[str, Any]]:
    """Keep ``window`` tasks in flight; none is submitted after ``ends_at``."""
    pending: set[Future[dict[str, Any]]] = set()

    def top_up() -> None:
        while len(pending) < window and (ends_at is None or time.time() < ends_at):
            task = next(tasks, None)
            if task is None:
                return
            pending.add(submit(make_one, task))

    top_up()
    while pending:
        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        for fut in finished:
            if not fut.cancelled():
                yield fut.result()
        top_up()


def _run_dask(tasks: Sequence[Task], scheduler: str, jobs: int) -> Iterator[dict[str, Any]]:
    try:
        dist: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise NumberlinkSatError(
            "--scheduler needs Dask: pip install 'numberlink-sat[dask]'"
        ) from exc
    cluster = None
    if scheduler == "local":
        cluster = dist.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1,
                                    processes=True, dashboard_address=None)
        client = dist.Client(cluster)
    else:
        client = dist.Client(scheduler)
    try:
        futures = client.map(make_one, list(tasks), pure=False)
        for fut in dist.as_completed(futures):
            yield fut.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def deadline_epoch(time_limit: float | None) -> float | None:
    """The ``time.time()`` at which a run of ``time_limit`` seconds ends (or None)."""
    if time_limit is None or math.isinf(time_limit):
        return None
    return time.time() + time_limit
