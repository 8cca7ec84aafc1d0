"""An exact counter by a frontier-based ZDD (graphillion), raced beside SAT.

A solution under the plain rules is a set of grid edges in which every end cell has
degree 1, every other open cell degree 2 (with fill) or 0 or 2 (without), there is no
cycle, and each label's two ends are connected while different labels are not.
graphillion builds the family of all such edge sets as a zero-suppressed decision
diagram, edge by edge along the narrow side of the board, so its size depends on the
board's width (the "frontier"), not on the number of solutions: it counts the 8.9e13
solutions of a 24x14 Arukone board in seconds where SAT enumerates one at a time.
Only the plain rules fit this form (``no_touch`` and ``no_2x2`` are not degree or
connectivity constraints), and only narrow boards: :func:`fits`.

:class:`ZddBeside` runs the ZDD in a child process beside a SAT search in this
process (the machine's two cores): the search asks it between its conflict-budget
slices (a :class:`~numberlink_sat.sat.deadline.Deadline`'s ``stop`` condition) and
stops as soon as the ZDD has answered, so neither the search's progress nor the time
limit is lost. :func:`race` runs both engines in two child processes instead and takes
the first answer. Every solution either engine gives is checked by the verifier in
the parent.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> count, found = zdd_solutions(Puzzle(2, 2, {"1": ((0, 0), (1, 1))}), fill=False, limit=5)
>>> count, len(found)
(2, 2)
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from numberlink_sat.beside import Beside, can_start_child
from numberlink_sat.errors import InternalError, SolveTimeout
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = [
    "ZDD_MAX_CELLS",
    "ZDD_MAX_WIDTH",
    "ZddBeside",
    "available",
    "can_race",
    "fits",
    "race",
    "zdd_solutions",
]

ZDD_MAX_WIDTH = 14
"""Boards whose narrow side is wider than this are left to SAT (the diagram explodes)."""

ZDD_MAX_CELLS = 1_000
"""Boards with more open cells than this are left to SAT."""

ZDD_MEMORY = 4 << 30
"""Address space the ZDD child may map beyond what it inherits, in bytes."""

Paths = dict[str, list[Cell]]


def available() -> bool:
    """Whether graphillion is installed (the ``zdd`` extra)."""
    # found, not imported: the parent of the race never loads it (see race)
    return importlib.util.find_spec("graphillion") is not None


def can_race() -> bool:
    """Whether this process may start the race's children (see
    :func:`~numberlink_sat.beside.can_start_child`)."""
    return can_start_child()


def fits(puzzle: Puzzle, *, no_touch: bool = False, no_2x2: bool = False) -> bool:
    """Whether the ZDD engine applies: plain rules, a narrow board, graphillion present.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> fits(Puzzle(3, 3, {"1": ((0, 0), (2, 2))})), fits(Puzzle(3, 3, {}))
    (True, False)
    """
    if no_touch or no_2x2 or not puzzle.endpoints:
        return False
    cells = puzzle.width * puzzle.height - len(puzzle.blocked)
    return (min(puzzle.width, puzzle.height) <= ZDD_MAX_WIDTH and cells <= ZDD_MAX_CELLS
            and available())


def _universe(puzzle: Puzzle) -> list[tuple[Cell, Cell]]:
    """The open grid edges, ordered along the narrow side (a frontier of that width)."""
    across = puzzle.width > puzzle.height  # walk column by column

    def order(cell: Cell) -> tuple[int, int]:
        return (cell[1], cell[0]) if across else cell

    edges = []
    for cell in sorted(puzzle.open_cells(), key=order):
        r, c = cell
        for other in ((r + 1, c), (r, c + 1)) if across else ((r, c + 1), (r + 1, c)):
            if puzzle.is_open(other):
                edges.append((cell, other))
    return edges


def zdd_solutions(puzzle: Puzzle, *, fill: bool = True, limit: int | None = 2
                  ) -> tuple[int, list[Paths]]:
    """The exact number of solutions under the plain rules and up to ``limit`` of them.

    The solutions come as path dictionaries (label -> cells), not yet verified.
    """
    from graphillion import GraphSet

    edges = _universe(puzzle)
    ends = puzzle.label_at
    touched = {x for edge in edges for x in edge}
    for cell in puzzle.open_cells():
        if cell not in touched and (cell in ends or fill):
            return 0, []  # an end (or, with fill, any cell) that no edge reaches
    if not edges:
        return 1, [{}]
    GraphSet.set_universe(edges, traversal="as-is")
    degrees = {cell: (range(1, 2) if cell in ends else range(2, 3) if fill else [0, 2])
               for cell in touched}
    family = GraphSet.graphs(vertex_groups=[list(ab) for ab in puzzle.endpoints.values()],
                             degree_constraints=degrees, no_loop=True)
    count = int(family.len())
    found: list[Paths] = []
    if count:
        for graph in family:
            found.append(_paths(puzzle, graph))
            if limit is not None and len(found) >= limit:
                break
    return count, found


def _paths(puzzle: Puzzle, graph: list[tuple[Cell, Cell]]) -> Paths:
    """Walk each label's path from its first end along the edges of ``graph``."""
    adjacent: dict[Cell, list[Cell]] = {}
    for a, b in graph:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    paths: Paths = {}
    for label, (start, _end) in puzzle.endpoints.items():
        path, prev = [start], None
        while True:
            nxt = [x for x in adjacent.get(path[-1], []) if x != prev]
            if not nxt or (len(path) > 1 and path[-1] in puzzle.label_at):
                break
            prev = path[-1]
            path.append(nxt[0])
        paths[label] = path
    return paths


# -- the race --------------------------------------------------------------------------
def _zdd_child(conn: Connection, board: tuple[Any, ...], fill: bool, limit: int | None) -> None:
    import os

    # one thread: the other core is SAT's (graphillion's OpenMP threads would compete
    # with it and spin; read when graphillion is first imported, which is here)
    os.environ["OMP_NUM_THREADS"] = "1"
    puzzle = Puzzle(*board)
    try:  # room for the diagram on top of what the (forked) child already maps
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            mapped = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (mapped + ZDD_MEMORY, mapped + ZDD_MEMORY))
    except (ImportError, ValueError, OSError):  # pragma: no cover - platform dependent
        pass
    try:
        count, found = zdd_solutions(puzzle, fill=fill, limit=limit)
        conn.send(("zdd", count, found))
    except MemoryError:  # pragma: no cover - depends on the board
        conn.send(("zdd", None, []))


def _sat_child(conn: Connection, job: Callable[[], list[Solution]]) -> None:
    try:
        found = job()
    except SolveTimeout:
        conn.send(("sat timeout", None, []))
        return
    except Exception as error:  # handed to the parent, which raises it
        conn.send(("sat error", f"{type(error).__name__}: {error}", []))
        return
    conn.send(("sat", len(found), [{k: list(v) for k, v in s.paths.items()} for s in found]))


class ZddBeside(Beside[tuple[int, list[Solution]]]):
    """The ZDD counter in a child process beside a SAT search here (see
    :class:`~numberlink_sat.beside.Beside`): its :attr:`answer` is the exact count and
    up to ``limit`` solutions, not yet verified.

    >>> from numberlink_sat.numberlink.model import Puzzle
    >>> with ZddBeside(Puzzle(2, 2, {"1": ((0, 0), (1, 1))}), fill=False, limit=5,
    ...                start_after=0.0) as beside:  # doctest: +SKIP
    ...     while not beside.poll():
    ...         pass
    ...     beside.answer[0]
    2
    """

    def __init__(self, puzzle: Puzzle, *, fill: bool, limit: int | None,
                 start_after: float) -> None:
        super().__init__(start_after=start_after)
        self.puzzle, self.fill, self.limit = puzzle, fill, limit
        # graphillion's threads do not survive a fork of a process that has used it
        self.start_method = "spawn" if "graphillion" in sys.modules else "fork"

    def job(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        board = (self.puzzle.width, self.puzzle.height,
                 {k: list(v) for k, v in self.puzzle.endpoints.items()},
                 sorted(self.puzzle.blocked))
        return _zdd_child, (board, self.fill, self.limit)

    def accept(self, message: Any) -> tuple[int, list[Solution]] | None:
        _name, count, found = message
        if count is None:  # out of memory
            return None
        width, height = self.puzzle.width, self.puzzle.height
        return count, [Solution(width, height, paths) for paths in found]


def race(
    puzzle: Puzzle,
    sat_job: Callable[[], list[Solution]],
    *,
    fill: bool,
    limit: int | None,
    time_limit: float | None,
) -> tuple[str, int, list[Solution]]:
    """Run the ZDD and ``sat_job`` side by side; the first to answer wins.

    Returns the winner's name (``"zdd"`` or ``"sat"``), the number of solutions (the
    exact count from the ZDD, at most ``limit`` from SAT) and up to ``limit``
    solutions. Raises :class:`SolveTimeout` when neither answers within
    ``time_limit``; both children are killed either way. An error in the SAT child
    (a bug) is raised here as :class:`~numberlink_sat.errors.InternalError`.
    """
    started = time.perf_counter()
    children = []
    board = (puzzle.width, puzzle.height, {k: list(v) for k, v in puzzle.endpoints.items()},
             sorted(puzzle.blocked))
    # graphillion's threads do not survive a fork of a process that has used it, so
    # the ZDD child is spawned then (a slower start); the SAT child is always forked
    # (it runs a closure)
    zdd_start = "spawn" if "graphillion" in sys.modules else "fork"
    jobs = ((zdd_start, _zdd_child, (board, fill, limit)), ("fork", _sat_child, (sat_job,)))
    for method, target, args in jobs:
        context: Any = multiprocessing.get_context(method)
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=target, args=(send, *args), daemon=True)
        child.start()
        send.close()
        children.append((child, receive))
    try:
        return _first_answer(puzzle, children, started, time_limit)
    finally:
        for child, receive in children:
            if child.is_alive():
                child.kill()
            child.join()
            receive.close()


def _first_answer(
    puzzle: Puzzle,
    children: list[tuple[Any, Connection]],
    started: float,
    time_limit: float | None,
) -> tuple[str, int, list[Solution]]:
    from multiprocessing.connection import wait

    waiting = {receive: child for child, receive in children}
    while waiting:
        left = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if left is not None and left <= 0:
            break
        for ready in wait(list(waiting), timeout=left):
            assert isinstance(ready, Connection)
            child = waiting.pop(ready)
            try:
                name, count, found = ready.recv()
            except EOFError:  # the child died (out of memory, say): the other decides
                child.join()
                continue
            if name == "sat error":
                raise InternalError(f"the SAT engine failed: {count}")
            if count is None:  # a timeout of its own, or the ZDD ran out of memory
                continue
            solutions = [Solution(puzzle.width, puzzle.height, paths) for paths in found]
            return name, count, solutions
    elapsed = time.perf_counter() - started
    if time_limit is None:  # both children died without an answer
        raise InternalError("neither the ZDD nor the SAT engine answered")
    raise SolveTimeout(f"time limit of {time_limit:g} s passed while counting (after "
                       f"{elapsed:.2f} s, ZDD and SAT side by side)", elapsed=elapsed,
                       stage="counting")
