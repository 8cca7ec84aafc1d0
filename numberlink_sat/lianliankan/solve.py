"""``solve``: a removal order that clears a board, ``None`` when none exists.

Methods:

- ``"search"``: the exact search (:mod:`.search`); works with and without gravity.
- ``"sat"``: the SAT engine (:mod:`.sat`); without gravity only.
- ``"auto"`` (default): the search, interleaved on boards of at most
  :data:`SAT_TILE_LIMIT` tiles with slices of the SAT engine (each engine keeps its state
  between slices: the search its dead positions, the solver its learned clauses and cuts;
  budgets double). The search finds orders on clearable boards and proves most dead boards
  dead at once (relaxed game); the SAT engine helps on small boards whose proof needs many
  nodes. With gravity ``"auto"`` is the search.

Every order returned has been replayed by the independent :func:`~.verify.verify`.

>>> solve([[1, 2, 2, 1]])
[((0, 1), (0, 2)), ((0, 0), (0, 3))]
>>> solve([[1, 2], [2, 1]], outside_ring=True) is None
True
>>> solve([[1, 2], [2, 1]], method="sat") is None
True
"""

from __future__ import annotations

from numberlink_sat.errors import InternalError, InvalidArgumentError, SolveTimeout
from numberlink_sat.lianliankan.board import Board, BoardLike, Cell, as_board
from numberlink_sat.lianliankan.sat import LlkEncoding, LlkSatSolver, sat_order
from numberlink_sat.lianliankan.search import OutOfBudget, Searcher
from numberlink_sat.lianliankan.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver

__all__ = ["METHODS", "SAT_TILE_LIMIT", "Move", "is_clearable", "solve"]

Move = tuple[Cell, Cell]
METHODS = ("auto", "search", "sat")
SAT_TILE_LIMIT = 100
"""``auto`` runs SAT slices only on boards with at most this many tiles (measured: the
lazy cycle cuts do not converge in useful time on larger full boards)."""


def _checked(board: Board, order: list[Move] | None, ring: bool, gravity: bool,
             engine: str) -> list[Move] | None:
    if order is None:
        return None
    problems = verify(board, order, outside_ring=ring, gravity=gravity)
    if problems:  # pragma: no cover - an engine bug; never hand out a wrong order
        raise InternalError(f"the {engine} engine returned a bad order: {problems[0]}")
    return order


def solve(board: BoardLike, outside_ring: bool = False, gravity: bool = False,
          time_limit: float | None = None, method: str = "auto",
          solver: str = DEFAULT_SOLVER) -> list[Move] | None:
    """A list of pairs removed in order to clear ``board``, or ``None`` if it cannot be.

    Raises :class:`~numberlink_sat.errors.SolveTimeout` past ``time_limit`` seconds and
    ``ValueError`` for an unknown method or ``method="sat"`` with ``gravity``.
    """
    if method not in METHODS:
        raise InvalidArgumentError(f"unknown method {method!r}; use one of {', '.join(METHODS)}")
    if method == "sat" and gravity:
        raise InvalidArgumentError(
            "the SAT engine has no gravity model; use method='search' or 'auto'")
    check_solver(solver)
    board = as_board(board)
    deadline = Deadline(time_limit)
    if board.odd_pictures():
        return None
    if method == "search" or gravity:
        order = Searcher(board, outside_ring, gravity).run(deadline)
        return _checked(board, order, outside_ring, gravity, "search")
    if method == "sat":
        return _checked(board, sat_order(board, outside_ring, deadline, solver),
                        outside_ring, False, "SAT")
    return _auto(board, outside_ring, deadline, solver)


def _auto(board: Board, ring: bool, deadline: Deadline, solver: str) -> list[Move] | None:
    searcher = Searcher(board, ring, False)
    if board.tile_count() > SAT_TILE_LIMIT:
        return _checked(board, searcher.run(deadline), ring, False, "search")
    engine: LlkSatSolver | None = None
    nodes, seconds = 200, 0.1
    try:
        while True:
            try:
                return _checked(board, searcher.run(deadline, max_nodes=nodes), ring, False,
                                "search")
            except OutOfBudget:
                pass
            if engine is None:
                engine = LlkSatSolver(LlkEncoding(board, ring, deadline), solver)
            try:
                order = engine.resume(deadline.within(seconds))
                return _checked(board, order, ring, False, "SAT")
            except SolveTimeout:
                deadline.check("solving")
            nodes *= 2
            seconds *= 2
    finally:
        if engine is not None:
            engine.close()


def is_clearable(board: BoardLike, outside_ring: bool = False, gravity: bool = False,
                 time_limit: float | None = None) -> bool:
    """Whether some removal order clears ``board``.

    >>> is_clearable([[1, 1, 2, 2]])
    True
    """
    return solve(board, outside_ring, gravity, time_limit) is not None
