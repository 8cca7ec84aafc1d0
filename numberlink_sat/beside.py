"""A second engine in a child process beside a search in this one; the first answer wins.

The search here runs in conflict-budget slices and asks, between two slices, the
``stop`` condition of its :class:`~numberlink_sat.sat.deadline.Deadline`. Made that
condition, :meth:`Beside.poll` starts the child once this process has used
``start_after`` seconds of CPU time since the ``Beside`` was made (the search's work,
whatever the load on the machine) and holds from the moment the child has sent a
usable answer (then in :attr:`Beside.answer`). So the search loses none of its
progress, the time limit is kept by the search's own slices, and the second core works
only on boards that the first engine did not settle at once. A child that fails (out
of memory, an error) never stops the search. Subclasses say what the child runs
(:meth:`Beside.job`) and how its message becomes an answer (:meth:`Beside.accept`).

>>> class Double(Beside[int]):
...     def job(self):
...         return send_result, (lambda: 21 * 2,)
...     def accept(self, message):
...         return message
>>> with Double(start_after=0.0) as beside:  # doctest: +SKIP
...     while not beside.poll():
...         pass
...     beside.answer
42
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

__all__ = ["START_CHILDREN", "Beside", "can_start_child", "send_result"]

T = TypeVar("T")
B = TypeVar("B", bound="Beside[Any]")


START_CHILDREN = True
"""``False``: the searches start no child process, as in a daemonic worker (the second
solver and the ZDD counter stay out; the switch walk still runs here, from
``second_solver.WALK_ALONE_AFTER`` on). For code that calls the library from threads on
Python 3.12 and later, where ``multiprocessing`` warns at every ``fork`` of a process
with threads, and for sandboxes that forbid children. Certificate checks under a time
limit still use their child, which keeps that limit.

>>> import numberlink_sat.beside as beside
>>> beside.START_CHILDREN = False; beside.can_start_child()
False
>>> beside.START_CHILDREN = True
"""


def can_start_child() -> bool:
    """Whether this process may start a forked child (:data:`START_CHILDREN` is true,
    ``fork`` exists and this is not a daemonic worker, which may not have children)."""
    if not START_CHILDREN or multiprocessing.current_process().daemon:
        return False
    return "fork" in multiprocessing.get_all_start_methods()


def _child_body(target: Callable[..., None], parent: int, *args: Any) -> None:
    """A child's start: die with the parent (a parent that leaves at once after
    Ctrl-C cannot stop its children), then run ``target``."""
    _die_with_parent(parent)
    target(*args)


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when its parent ends (elsewhere: nothing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # no prctl: the parent's close() still kills it
        return
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(0)


_PR_SET_PDEATHSIG = 1


def send_result(conn: Connection, work: Callable[[], Any]) -> None:
    """A child's body: run ``work`` and send what it returns (``None`` on an error)."""
    try:
        conn.send(work())
    except Exception:  # the search in the parent goes on without this engine
        conn.send(None)


def _start_failure(name: str, method: str, error: BaseException) -> str:
    """The warning given when a child cannot start: what failed and the usual cure."""
    words = " ".join(str(error).split())
    first = words.split(". ")[0].rstrip(".")
    text = f"{name}: the child process did not start ({type(error).__name__}: {first})"
    if method == "spawn":
        text += ("; a spawned child imports the main module again, so a script must "
                 "start its work under `if __name__ == \"__main__\":`")
    return text + "; the search goes on without it"


class Beside(Generic[T]):
    """One child process beside a search here (see the module's docstring)."""

    start_method = "fork"
    """How the child starts: ``fork`` (cheap, closures allowed) or ``spawn``."""

    def __init__(self, *, start_after: float) -> None:
        self.start_after = start_after
        self.created = time.perf_counter()
        self._cpu_at_creation = time.process_time()
        self.answer: T | None = None
        self.started_at: float | None = None
        self._child: Any = None
        self._receive: Connection | None = None
        self._failed = False

    @property
    def failed(self) -> bool:
        """Whether the child failed (did not start, died, or sent no usable answer):
        :meth:`poll` then never holds and the search here goes on alone."""
        return self._failed

    def cpu_spent(self) -> float:
        """CPU seconds this process has used since this ``Beside`` was made."""
        return time.process_time() - self._cpu_at_creation

    def job(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        """The child's target and its arguments after the pipe's sending end."""
        raise NotImplementedError

    def accept(self, message: Any) -> T | None:
        """The answer in the child's message, or ``None`` when it has none."""
        raise NotImplementedError

    def poll(self) -> bool:
        """Whether the child has answered (starting it when its time has come)."""
        if self.answer is not None:
            return True
        if self._failed:
            return False
        if self._receive is None:
            if self.cpu_spent() >= self.start_after:
                self._start()
            return False
        if not self._receive.poll():
            return False
        try:
            message = self._receive.recv()
        except EOFError:  # the child died (out of memory, say)
            message = None
        self.answer = None if message is None else self.accept(message)
        self._failed = self.answer is None
        return not self._failed

    def _start(self) -> None:
        target, args = self.job()
        try:  # no such start method here (no fork on Windows) is a failed start too
            context: Any = multiprocessing.get_context(self.start_method)
        except ValueError as error:
            self._give_up(error)
            return
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_child_body, args=(target, os.getpid(), send, *args),
                                daemon=True)
        try:
            child.start()
        except Exception as error:  # no process left, or spawn outside a main guard
            send.close()
            receive.close()
            self._give_up(error)
            return
        send.close()
        self._child = child
        self._receive = receive
        self.started_at = time.perf_counter()

    def _give_up(self, error: BaseException) -> None:
        """No child: say why once; the search here goes on alone."""
        self._failed = True
        warnings.warn(_start_failure(type(self).__name__, self.start_method, error),
                      RuntimeWarning, stacklevel=3)

    def close(self) -> None:
        """Kill the child if it still runs."""
        if self._child is not None:
            if self._child.is_alive():
                self._child.kill()
            self._child.join()
            self._child = None
        if self._receive is not None:
            self._receive.close()
            self._receive = None
            self._failed = self.answer is None

    def __enter__(self: B) -> B:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
