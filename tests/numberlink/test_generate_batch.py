"""Batches: per-puzzle seeds, the same puzzles on any scheduler, the whole-call limit."""

from __future__ import annotations

import time

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.numberlink.generator import generate_many, generate_with_solution
from numberlink_sat.numberlink.generator.batch import (
    Task,
    load_record,
    make_one,
    puzzle_seed,
    run_tasks,
)

CONTROLS = {"width": 7, "height": 6, "symmetry": "mirror-tb", "min_length": 3}


def _texts(records: list[dict[str, object]]) -> dict[object, object]:
    return {r["index"]: load_record(r) for r in records if r["ok"]}


def test_a_task_is_the_puzzle_of_its_seed() -> None:
    seed = puzzle_seed(3, 5)
    record = make_one(Task(5, seed, CONTROLS, None))
    alone = generate_with_solution(7, 6, seed=seed, symmetry="mirror-tb", min_length=3)
    assert record["ok"] and record["pairs"] == len(alone.puzzle.labels)
    assert record["path_lengths"] == [len(alone.solution.paths[x]) for x in alone.puzzle.labels]


def test_process_pool_gives_the_serial_puzzles() -> None:
    tasks = [Task(i, puzzle_seed(9, i), CONTROLS, None) for i in range(6)]
    serial = _texts(list(run_tasks(tasks, jobs=1, controls=CONTROLS)))
    pooled = _texts(list(run_tasks(tasks, jobs=2, controls=CONTROLS)))
    assert len(serial) == 6 and serial == pooled


@pytest.mark.slow
def test_dask_gives_the_serial_puzzles() -> None:
    pytest.importorskip("distributed", reason="dask[distributed] not installed")
    tasks = [Task(i, puzzle_seed(4, i), CONTROLS, None) for i in range(4)]
    serial = _texts(list(run_tasks(tasks, jobs=1)))
    on_dask = _texts(list(run_tasks(tasks, jobs=2, scheduler="local")))
    assert len(serial) == 4 and serial == on_dask


def test_the_run_deadline_stops_the_batch_and_keeps_what_was_made() -> None:
    ends = time.time() + 0.6
    tasks = (Task(i, puzzle_seed(1, i), {"width": 12, "height": 12}, ends)
             for i in range(10**6))
    started = time.perf_counter()
    records = list(run_tasks(tasks, jobs=1, ends_at=ends))
    assert time.perf_counter() - started < 0.6 + 0.5
    assert records[-1]["timeout"] and sum(r["ok"] for r in records) >= 1


def test_total_time_limit_of_one_call_and_of_a_stream() -> None:
    started = time.perf_counter()
    with pytest.raises(SolveTimeout):
        generate_with_solution(300, 300, seed=1, total_time_limit=0.5)
    assert time.perf_counter() - started < 0.5 + 0.5
    stream = generate_many(8, 8, 10**6, seed=2, total_time_limit=0.5)
    made = 0
    started = time.perf_counter()
    with pytest.raises(SolveTimeout):
        for _ in stream:
            made += 1
    assert made >= 1 and time.perf_counter() - started < 0.5 + 0.5
