"""Jobs on forked children (numberlink_sat.fanout): every outcome delivered, at most
``workers`` at once, the run ended on request or at ``kill_at``, errors and deaths told
apart, and the same outcomes where no child can start."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import pytest

import numberlink_sat.beside as beside
from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.fanout import Outcome, run_forked


def _gather(jobs: list[Callable[[], Any]], workers: int, stop_at: int | None = None,
            kill_at: float | None = None) -> dict[int, Outcome]:
    seen: dict[int, Outcome] = {}

    def keep(index: int, outcome: Outcome) -> bool:
        seen[index] = outcome
        return index != stop_at

    run_forked(jobs, workers, on_outcome=keep, kill_at=kill_at)
    return seen


def _pid_and_time() -> tuple[int, float, float]:
    began = time.perf_counter()
    time.sleep(0.3)
    return os.getpid(), began, time.perf_counter()


def test_every_job_runs_in_a_child_and_at_most_workers_at_once() -> None:
    seen = _gather([_pid_and_time] * 5, workers=2)
    assert sorted(seen) == [0, 1, 2, 3, 4]
    assert all(outcome.status == "ok" for outcome in seen.values())
    spans = [outcome.value for outcome in seen.values()]
    assert os.getpid() not in {pid for pid, _, _ in spans}
    for _, began, _ in spans:  # jobs running at any job's start, itself included
        assert sum(1 for _, b, e in spans if b <= began < e) <= 2


def test_the_callback_ends_the_run_and_kill_at_kills_the_late() -> None:
    def slow() -> int:
        time.sleep(30)
        return 1

    began = time.perf_counter()
    seen = _gather([lambda: 0, slow, slow], workers=1, stop_at=0)
    assert list(seen) == [0] and time.perf_counter() - began < 10
    seen = _gather([lambda: 7, slow, slow, slow], workers=2,
                   kill_at=time.perf_counter() + 1.0)
    assert seen[0] == Outcome("ok", 7)  # then job 2 starts in its place
    assert seen[1].status == seen[2].status == "killed" and 3 not in seen  # never started
    assert time.perf_counter() - began < 10


def test_an_exception_and_a_death_are_told_apart() -> None:
    def fails() -> int:
        raise ValueError("bad cell")

    seen = _gather([fails, lambda: os._exit(3)], workers=2)
    assert seen[0].status == "error" and "ValueError: bad cell" in seen[0].reason
    assert seen[1].status == "died" and "exit code 3" in seen[1].reason


def test_without_children_the_jobs_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", False)
    seen = _gather([os.getpid, lambda: 1 // 0], workers=2)
    assert seen[0] == Outcome("ok", os.getpid())
    assert seen[1].status == "error" and "ZeroDivisionError" in seen[1].reason


@pytest.mark.parametrize("workers", [0, -1, 1.5, True])
def test_bad_worker_counts_are_refused(workers: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="workers"):
        run_forked([], workers, on_outcome=lambda i, o: True)


@pytest.mark.parametrize("children", [True, False])
def test_jobs_appended_by_the_callback_run_too(monkeypatch: pytest.MonkeyPatch,
                                               children: bool) -> None:
    monkeypatch.setattr(beside, "START_CHILDREN", children)
    jobs: list[Callable[[], Any]] = [lambda: 2]
    seen: dict[int, Any] = {}

    def halve(index: int, outcome: Outcome) -> bool:
        seen[index] = outcome.value
        if outcome.value > 0:  # each value's job adds one for the value below it
            jobs.append(lambda value=outcome.value - 1: value)
        return True

    run_forked(jobs, workers=2, on_outcome=halve)
    assert seen == {0: 2, 1: 1, 2: 0} and len(jobs) == 3
