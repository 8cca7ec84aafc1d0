"""A hint for a player: the next edge that is forced by the clues and what is drawn.

The drawing (line segments and crosses) is first checked with the solver: when no
solution agrees with it, the hint is "your drawing cannot be completed", with the cells
of the drawn marks that conflict (from the solver's failed assumptions). Otherwise
the rule engine of the difficulty score (:mod:`.deduce`) looks for the next decision,
in the order a player would: plain propagation, then a one-step lookahead, then a
two-step one (within the score's probe budget); past those, the forced map under the
drawing (SAT) names an edge and the reason class is ``search``. Every rule is sound,
so the hinted edge has that value in every solution that agrees with the drawing.

>>> from numberlink_sat.numberlink.model import Puzzle
>>> h = hint(Puzzle(3, 1, {"1": ((0, 0), (0, 2))}))
>>> h.status, h.edge, h.used, h.reason
('hint', ((0, 0), (0, 1)), True, 'propagation')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from numberlink_sat.errors import InternalError, InvalidPuzzleError
from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.deduce import UNKNOWN, UNUSED, USED, Board, Contradiction
from numberlink_sat.numberlink.diagnose import Backbone
from numberlink_sat.numberlink.difficulty import (
    PROBE_BUDGET,
    OutOfBudget,
    ProbeBudget,
    lookahead_step,
)
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import SatSession
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["Hint", "hint"]

RULE_TEXT = {
    "degree": "a cell's number of lines",
    "loop": "it would close a loop",
    "labels": "it would join two different labels",
    "no-touch": "a path may not touch itself",
    "bridge": "every way between the two ends passes here",
    "reach": "no path can reach the cell",
}
"""Plain words for the engine's rule names."""


@dataclass(frozen=True)
class Hint:
    """The answer: ``status`` is ``hint``, ``complete``, ``ambiguous``, ``conflict``
    or ``no solution``; for a hint, ``edge`` with ``used`` (draw it) or not (cross
    it), the reason class and the rule; for a conflict, the cells involved."""

    status: str
    edge: Edge | None = None
    used: bool | None = None
    reason: str = ""
    rule: str = ""
    conflict_cells: tuple[Cell, ...] = ()

    @property
    def message(self) -> str:
        """One line for the player."""
        if self.status == "conflict":
            cells = " ".join(f"({r},{c})" for r, c in self.conflict_cells)
            return f"your drawing cannot be completed; look at {cells}"
        if self.status == "no solution":
            return "the puzzle has no solution"
        if self.status == "complete":
            return "every edge is decided: the drawing is complete"
        if self.status == "ambiguous":
            return "no edge is forced any more: several solutions agree with the drawing"
        assert self.edge is not None
        (r1, c1), (r2, c2) = self.edge
        verb = "draw a line" if self.used else "put a cross"
        because = RULE_TEXT.get(self.rule, self.rule)
        return f"{verb} between ({r1},{c1}) and ({r2},{c2}) [{self.reason}: {because}]"


def _literals(enc: NumberlinkEncoding, marks: Iterable[Edge], positive: bool,
              ) -> list[int]:
    out = []
    for a, b in marks:
        var = enc.edge_var(a, b)
        if var is None:
            raise InvalidPuzzleError(f"{a}-{b} is not an edge between two open cells")
        out.append(var if positive else -var)
    return out


def _conflict(enc: NumberlinkEncoding, session: SatSession, base: Sequence[int]) -> Hint:
    core = session.core() or list(base)
    cells = sorted({c for lit in core for c in enc.cell_edges[abs(lit) - enc.first_edge_var]})
    return Hint("conflict", conflict_cells=tuple(cells))


def _from_log(board: Board, start: int) -> Hint | None:
    for e, value, why in board.log[start:]:
        if why != "given":
            return Hint("hint", board.edge_cells(e), value == USED, "propagation", why)
    return None


def _by_search(board: Board, state: Backbone, enc: NumberlinkEncoding) -> Hint:
    """An edge the SAT forced map fixes and the engine has not decided."""
    for var, lit in sorted(state.forced.items()):
        cells = enc.cell_edges[var - enc.first_edge_var]
        e = board.edge_index(*cells)
        if board.state[e] == UNKNOWN:
            return Hint("hint", cells, lit > 0, "search", "forced in every solution")
    return Hint("ambiguous")


def hint(
    puzzle: Puzzle,
    drawn: Iterable[Edge] = (),
    crossed: Iterable[Edge] = (),
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    solver: str = DEFAULT_SOLVER,
    time_limit: float | None = None,
) -> Hint:
    """The next forced edge after the lines ``drawn`` and the ``crossed`` edges.

    Raises :class:`~numberlink_sat.errors.InvalidPuzzleError` for a mark that is not
    an edge of the board and :class:`~numberlink_sat.errors.SolveTimeout` past
    ``time_limit``.
    """
    drawn, crossed = list(drawn), list(crossed)
    options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    deadline = Deadline(time_limit)
    enc = NumberlinkEncoding(puzzle, options, deadline)
    base = _literals(enc, drawn, True) + _literals(enc, crossed, False)
    with SatSession(enc, solver=solver, deadline=deadline) as session:
        if session.solve_with_cuts(enc.find_cuts, base) is None:
            if session.solve_with_cuts(enc.find_cuts) is None:
                return Hint("no solution")
            session.solve_with_cuts(enc.find_cuts, base)
            return _conflict(enc, session, base)
        board = Board(puzzle, fill=fill, no_touch=no_touch, no_2x2=no_2x2)
        found = _by_rules(board, drawn, crossed)
        if found is not None:
            return found
        state = Backbone(puzzle, options)
        state.run(enc, session, 2, base)
        return _by_search(board, state, enc)


def _by_rules(board: Board, drawn: list[Edge], crossed: list[Edge]) -> Hint | None:
    """The engine's next decision after the drawing (``None``: it finds none)."""
    try:
        for edges, value in ((drawn, USED), (crossed, UNUSED)):
            for a, b in edges:
                board.decide(board.edge_index(a, b), value)
        given = len(board.log)
        board.propagate()
        found = _from_log(board, given)
        if found is not None:
            return found
        if UNKNOWN not in board.state:
            return Hint("complete")
        budget = ProbeBudget(PROBE_BUDGET)
        for depth in (1, 2):
            try:
                step = lookahead_step(board, depth, 0, budget)
            except OutOfBudget:
                return None
            if step is not None:
                return Hint("hint", board.edge_cells(step.edge), step.value == USED,
                            f"lookahead {depth}", step.why)
    except Contradiction as exc:  # pragma: no cover - the rules are sound
        raise InternalError(f"the rule engine refuted a drawing the solver completed: "
                            f"{exc.why}") from exc
    return None
