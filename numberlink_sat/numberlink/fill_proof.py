"""Under fill: the proof without fill, taken in turns beside the full search.

A solution under fill is a solution without fill, and beside known solutions that fill
the board the *least* second search of the rules without fill is complete
(``docs/encoding.md``, facts 6 and 7). So when that search finds nothing, the known
solutions are all the solutions under fill too. It can be the faster proof by far:
Ahle's inputs4 #4 (36 x 20, 28 pairs) is proven unique by it in about 400 s of CPU,
where the full search under fill had not finished after 1,195 s. Finding solutions is
what it is slow at, so :class:`~numberlink_sat.numberlink.solve.NumberlinkSolver` does
not run it alone: it gives it turns beside the full search, each with a CPU budget,
and keeps its solver (and all it learnt) from one turn to the next. Once it finds a
solution that leaves cells empty no proof can come, but its later turns still give
one more such solution each, a start for a repair (:func:`~.windows.repair_models`).

>>> from numberlink_sat.numberlink.model import Puzzle
>>> from numberlink_sat.numberlink.solve import NumberlinkSolver
>>> from numberlink_sat.sat.deadline import CpuBudget
>>> p = Puzzle(9, 8, {str(r + 1): ((r, 0), (r, 8)) for r in range(8)})  # 8 rows
>>> with NumberlinkSolver(p) as fill:
...     known = list(fill.solutions(1))
>>> proof = ProofWithoutFill(p, NumberlinkSolver(p, fill=False))
>>> turn = proof.turn(known, CpuBudget(10.0))
>>> turn.outcome, turn.search
('proof', 'least')
>>> proof.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from numberlink_sat.errors import InternalError
from numberlink_sat.numberlink.local import shortcuts
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import CpuBudget

if TYPE_CHECKING:
    from numberlink_sat.numberlink.solve import NumberlinkSolver

__all__ = ["ProofWithoutFill", "Turn", "fills_board", "some_touch"]


def fills_board(puzzle: Puzzle, solution: Solution) -> bool:
    """Whether ``solution`` puts every open cell of ``puzzle`` on a path.

    >>> p = Puzzle(3, 1, {"a": ((0, 0), (0, 2))})
    >>> fills_board(p, Solution(3, 1, {"a": [(0, 0), (0, 1), (0, 2)]}))
    True
    """
    used = sum(len(path) for path in solution.paths.values())
    return used == puzzle.width * puzzle.height - len(puzzle.blocked)


def some_touch(puzzle: Puzzle, solutions: Sequence[Solution]) -> bool:
    """Whether some of ``solutions`` touches itself: its shortcut is then a solution
    without fill outside them, and the proof without fill has nothing to prove.

    >>> p = Puzzle(3, 3, {"a": ((0, 0), (2, 2))})
    >>> snake = Solution(3, 3, {"a": [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0),
    ...                               (2, 0), (2, 1), (2, 2)]})
    >>> some_touch(p, [snake]), some_touch(p, [])
    (True, False)
    """
    return any(next(shortcuts(puzzle, solution), None) is not None for solution in solutions)


@dataclass(frozen=True)
class Turn:
    """What one turn of the search without fill said.

    ``outcome``: ``"proof"`` (no solution outside the known ones, under fill either),
    ``"found"`` (``solution`` fills the board: one more solution under fill),
    ``"partial"`` (``solution`` leaves cells empty: no proof can come any more, but the
    next turns give more such solutions, each a start for a repair, until one says
    ``"no proof"``), ``"no proof"`` (nothing more to find, or a known solution touches
    itself: the full search decides) or ``"open"`` (the budget ran out first).
    ``search``: the name of the second search that ran (``"least"``, ``"shortest"``, ...).
    """

    outcome: str
    solution: Solution | None = None
    search: str = ""


class ProofWithoutFill:
    """The second search without fill beside the fill solutions found, in turns.

    ``relaxed`` is a :class:`~numberlink_sat.numberlink.solve.NumberlinkSolver` of the
    same puzzle under the plain rules without fill (this object closes it). Each
    :meth:`turn` first blocks the solutions found since the last one, then searches
    for up to its budget.
    """

    def __init__(self, puzzle: Puzzle, relaxed: NumberlinkSolver, checked: int = 0) -> None:
        if relaxed.options.fill or relaxed.options.no_touch or relaxed.options.no_2x2:
            raise ValueError("the proof without fill needs a solver of the plain rules "
                             "without fill")
        self.puzzle = puzzle
        self.relaxed = relaxed
        self.checked = checked  # known solutions already checked for shortcuts
        self.turns = 0
        self.partial: list[Solution] = []  # the solutions found that leave cells empty

    def turn(self, known: Sequence[Solution], budget: CpuBudget) -> Turn:
        """One turn beside ``known`` (every solution found so far under fill, in the
        order found), for up to ``budget``."""
        fresh, self.checked = known[self.checked:], len(known)
        if some_touch(self.puzzle, fresh):
            return Turn("no proof")
        self.turns += 1
        # beside solutions that leave cells empty the search is no proof (its
        # completeness there is not argued), only a source of more of them
        search, found = self.relaxed.another_beside([*known, *self.partial], budget)
        if found is None:
            return Turn("no proof" if self.partial else "proof", search=search)
        if not isinstance(found, Solution):
            return Turn("open", search=search)
        if fills_board(self.puzzle, found):
            return Turn("found", found, search)
        problems = verify(self.puzzle, found, fill=False)
        if problems:  # pragma: no cover - an encoder bug, never a user error
            raise InternalError("invalid solution: " + "; ".join(problems))
        self.partial.append(found)
        return Turn("partial", found, search)

    def close(self) -> None:
        """Free the solver without fill."""
        self.relaxed.close()
