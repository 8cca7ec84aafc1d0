"""A child engine beside a search: started on time, its answer taken, its failure ignored."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from numberlink_sat.beside import Beside, send_result


class _Job(Beside[int]):
    def __init__(self, work: Callable[[], Any], start_after: float) -> None:
        super().__init__(start_after=start_after)
        self.work = work

    def job(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        return send_result, (self.work,)

    def accept(self, message: Any) -> int | None:
        return int(message) if message != "nothing" else None


def _wait(beside: Beside[int], seconds: float = 20.0) -> bool:
    ends = time.perf_counter() + seconds
    while time.perf_counter() < ends:
        if beside.poll():
            return True
        time.sleep(0.01)
    return False


def _fail() -> int:
    raise RuntimeError("an engine error")


def test_the_child_starts_only_when_due_and_its_answer_stops_the_search() -> None:
    """Due means: this process has worked ``start_after`` CPU seconds (waiting does
    not count, so a busy machine starts the child after the same work)."""
    with _Job(lambda: 42, start_after=0.3) as beside:
        assert not beside.poll() and beside.started_at is None  # not due yet
        time.sleep(0.4)
        assert not beside.poll() and beside.started_at is None  # slept: still not due
        spent = time.process_time()
        while beside.started_at is None:  # work until it starts
            sum(range(10_000))
            beside.poll()
        assert time.process_time() - spent >= 0.2
        assert _wait(beside)
        assert beside.answer == 42 and beside.started_at - beside.created >= 0.3


def test_a_failing_child_never_stops_the_search() -> None:
    for work in (_fail, lambda: "nothing"):
        with _Job(work, start_after=0.0) as beside:
            assert not beside.failed  # not started yet
            assert not _wait(beside, 2.0)
            assert beside.answer is None and beside.failed
    with _Job(lambda: 42, start_after=0.0) as beside:
        assert _wait(beside) and not beside.failed


def test_closing_kills_a_child_that_still_runs() -> None:
    with _Job(lambda: time.sleep(60), start_after=0.0) as beside:
        beside.poll()
        child = beside._child
        assert child is not None and child.is_alive()
    assert not child.is_alive()


class _Refusing:
    """A multiprocessing context whose processes cannot start (no process left)."""

    def Pipe(self, duplex: bool) -> Any:
        import multiprocessing

        return multiprocessing.Pipe(duplex)

    def Process(self, **kwargs: Any) -> Any:
        class _Process:
            def start(self) -> None:
                raise OSError("[Errno 11] Resource temporarily unavailable")

        return _Process()


def test_a_child_that_cannot_start_leaves_the_search_alone_with_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: _Refusing())
    with _Job(lambda: 42, start_after=0.0) as beside:
        with pytest.warns(RuntimeWarning, match="did not start.*Resource temporarily"):
            assert not beside.poll()
        assert not beside.poll() and beside.answer is None  # no second try
        assert beside.started_at is None and beside.failed


def test_the_spawn_failure_names_the_main_guard() -> None:
    from numberlink_sat.beside import _start_failure

    text = _start_failure("ZddBeside", "spawn", RuntimeError("\n  An attempt has been made\n"))
    assert "RuntimeError: An attempt has been made" in text
    assert '__name__ == "__main__"' in text and text.endswith("goes on without it")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_a_child_dies_with_a_parent_that_leaves_at_once(tmp_path: Path) -> None:
    """The command line leaves by ``os._exit`` after Ctrl-C in a solver call, so no
    ``close()`` runs: the child must not outlive it."""
    import os
    import subprocess

    script = (
        "import os, sys, time\n"
        "from tests.test_beside import _Job\n"
        "job = _Job(lambda: time.sleep(120), start_after=0.0)\n"
        "job.poll()\n"
        "print(job._child.pid, flush=True)\n"
        "time.sleep(0.5)\n"
        "os._exit(0)\n"
    )
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=root, timeout=60, check=True).stdout
    child = int(out.split()[0])
    ends = time.perf_counter() + 10
    while time.perf_counter() < ends:
        try:
            state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return
        if state in ("Z", "X"):  # dead, waiting to be reaped by whoever adopted it
            return
        time.sleep(0.1)
    os.kill(child, 9)
    pytest.fail("the child outlived its parent")


def test_a_start_method_this_platform_lacks_is_a_failed_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``fork`` (Windows): the search goes on alone with a warning, no traceback."""
    import multiprocessing

    def no_such_method(method: str) -> Any:
        raise ValueError(f"cannot find context for {method!r}")

    monkeypatch.setattr(multiprocessing, "get_context", no_such_method)
    with _Job(lambda: 42, start_after=0.0) as beside:
        with pytest.warns(RuntimeWarning, match="did not start.*cannot find context"):
            assert not beside.poll()
        assert not beside.poll() and beside.answer is None and beside.started_at is None
