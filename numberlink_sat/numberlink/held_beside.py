"""The held-path proof in a child process beside a uniqueness search here.

Once :func:`~numberlink_sat.numberlink.solve.counted` (and so ``is_unique``,
``count_solutions(limit=2)`` and ``solutions(limit=2)``) has a first solution and its
search for a second one has run :data:`HELD_BESIDE_AFTER` seconds of CPU without an
answer, :class:`HeldBeside` starts :func:`~numberlink_sat.numberlink.held.held_path_proof`
on that solution in a child process, on the core the second solver has just left. The
search here goes on; the first answer wins. Both answers are exact: the held-path proof
says "unique" only when proven (every verdict is checked against exhaustive counts under
all eight rule variants in ``tests/numberlink/test_held.py``), and its second solution
is verified here like any other. On the hand-made 42x25 under the Nikoli rule the plain
search has never ended while the held-path proof decides it (``docs/encoding.md``,
"Paths held"), so this is what lets ``is_unique`` answer there.

The child runs the proof with its defaults (the four longest paths, each lemma within
:data:`~numberlink_sat.numberlink.held.DEFAULT_LEMMA_TIME_LIMIT`, the final search as
one search) and starts no children of its own (it is a daemonic process: its lemmas'
counts run SAT alone).

>>> from numberlink_sat.numberlink.model import Puzzle, Solution
>>> from numberlink_sat.sat.deadline import Deadline
>>> p = Puzzle(3, 1, {"a": ((0, 0), (0, 2))})
>>> s = Solution(3, 1, {"a": [(0, 0), (0, 1), (0, 2)]})
>>> with HeldBeside(p, (True, False, False), s, Deadline(10), solver="cadical195",
...                 start_after=0.0) as beside:  # doctest: +SKIP
...     while not beside.poll():
...         pass
...     beside.answer[0]
1
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from numberlink_sat.beside import Beside, send_result
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.sat.deadline import Deadline

if TYPE_CHECKING:  # held imports solve, which imports this module
    from numberlink_sat.numberlink.held import HeldLemma

__all__ = ["HELD_BESIDE_AFTER", "STARTED_MESSAGE", "HeldBeside"]

_log = logging.getLogger(__name__)

HELD_BESIDE_AFTER = 10.0
"""CPU seconds the search for a second solution runs here, after the first solution, before
the held-path proof starts beside it. Most boards are decided well before then (in the
committed corpus run, ``benchmarks/results/znumlin-corpus/``, 16 of the 952 board-rule
rows on the second solver's boards ran out of their 10 s); where one is not, the second
core is idle (the second solver stops at the first solution), so the proof costs the
search here nothing but memory bandwidth."""

STARTED_MESSAGE = ("the held-path proof starts beside the search for a second solution "
                   "(%.1f s of CPU after the first)")
"""The INFO record (its ``msg``, the CPU seconds its one argument) this module's logger
writes when the proof's child starts: a benchmark that wants to know whether, and when,
the proof started listens for it (``benchmarks/held_beside_bench.py``)."""


def _held_answer(puzzle: Puzzle, rules: tuple[bool, bool, bool], solution: Solution,
                 solver: str, deadline: Deadline) -> tuple[str, dict[str, list[Any]] | None] | None:
    """The child's work: the proof's verdict and a second solution's paths, or ``None``
    when it did not decide."""
    from numberlink_sat.numberlink.held import held_path_proof

    fill, no_touch, no_2x2 = rules
    proof = held_path_proof(puzzle, solution, fill=fill, no_touch=no_touch, no_2x2=no_2x2,
                            solver=solver, time_limit=deadline.left(), on_lemma=_log_lemma)
    if proof.verdict == "unique":
        return "unique", None
    if proof.verdict == "multiple" and proof.second is not None:
        return "multiple", {label: list(path) for label, path in proof.second.paths.items()}
    return None


def _log_lemma(lemma: HeldLemma) -> None:
    """One lemma of the proof beside, in the ``-v`` log (its search's own lines say what
    it built; this says what it proved, so that a designer sees the proof go on)."""
    said = {"unique": "held (every other solution changes it)",
            "second": "not held: its lemma found a second solution",
            "timeout": "not held: its lemma ran past its time"}.get(lemma.answer,
                                                                    lemma.answer)
    _log.info("held-path proof beside: path %s (%d cells) %s, %.1f s", lemma.label,
              lemma.cells, said, lemma.seconds)


class HeldBeside(Beside[tuple[int, list[Solution]]]):
    """:func:`~numberlink_sat.numberlink.held.held_path_proof` on ``solution`` in a child
    process (see the module's docstring) once this process has used ``start_after``
    seconds of CPU (default :data:`HELD_BESIDE_AFTER`): its :attr:`answer` is
    ``(1, [solution])`` or ``(2, [solution, second])``, the second not yet verified."""

    def __init__(self, puzzle: Puzzle, rules: tuple[bool, bool, bool], solution: Solution,
                 deadline: Deadline, *, solver: str, start_after: float | None = None,
                 ) -> None:
        super().__init__(start_after=HELD_BESIDE_AFTER if start_after is None else start_after)
        self.puzzle, self.rules, self.solution = puzzle, rules, solution
        self.deadline, self.solver = deadline, solver

    def job(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        return send_result, (partial(_held_answer, self.puzzle, self.rules, self.solution,
                                     self.solver, self.deadline),)

    def _start(self) -> None:
        super()._start()
        if self.started_at is not None:
            _log.info(STARTED_MESSAGE, self.cpu_spent())

    def accept(self, message: Any) -> tuple[int, list[Solution]] | None:
        if message is None:
            return None
        verdict, paths = message
        if verdict == "unique":
            return 1, [self.solution]
        width, height = self.puzzle.width, self.puzzle.height
        return 2, [self.solution, Solution(width, height, paths)]
