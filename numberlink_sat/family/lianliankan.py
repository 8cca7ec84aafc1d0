"""Lianliankan behind the common verbs (:class:`LianliankanFamily`).

The answer is a clearing order (pairs of cells removed in turn); the rules are
:class:`LlkRules` (``outside_ring``, ``gravity``). Engines: ``auto`` (the exact search
interleaved with SAT slices), ``search`` (the exact search alone, also called ``dfs``
in the benchmarks) and ``sat`` (without gravity).

>>> from numberlink_sat.family import get_family
>>> llk = get_family("lianliankan")
>>> board = llk.parse("1 2 2 1")
>>> llk.solve(board, engine="sat")
[((0, 1), (0, 2)), ((0, 0), (0, 3))]
>>> llk.solve(llk.parse("1 2\\n2 1"), rules=llk.rules(outside_ring=True)) is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.family.base import Picture, PuzzleFamily, grid_text
from numberlink_sat.lianliankan.board import Board, BoardLike, Cell, as_board

__all__ = ["LianliankanFamily", "LlkRules"]

Move = tuple[Cell, Cell]


@dataclass(frozen=True)
class LlkRules:
    """``outside_ring``: links may run through the empty ring around the board;
    ``gravity``: the tiles above a removed tile fall down."""

    outside_ring: bool = False
    gravity: bool = False


class LianliankanFamily(PuzzleFamily[BoardLike, list[Move], LlkRules]):
    """Lianliankan: :mod:`numberlink_sat.lianliankan` behind the common verbs."""

    name: ClassVar[str] = "lianliankan"
    engines: ClassVar[tuple[str, ...]] = ("auto", "search", "sat", "dfs")
    no_answer: ClassVar[str] = "cannot be cleared"
    rule_names: ClassVar[tuple[str, ...]] = ("outside_ring", "gravity")

    def rules(self, **options: bool) -> LlkRules:
        unknown = set(options) - set(self.rule_names)
        if unknown:
            raise InvalidArgumentError(f"lianliankan has no rule {sorted(unknown)[0]!r}")
        return LlkRules(**options)

    def bench_rules(self, kind: str) -> LlkRules:
        return LlkRules(outside_ring=kind == "ring")

    def parse_all(self, text: str, *, format: str = "auto") -> list[BoardLike]:
        from numberlink_sat.lianliankan.board import parse_board

        return [parse_board(text)]

    def format(self, puzzle: BoardLike) -> str:
        rows = as_board(puzzle).cells
        return "\n".join(" ".join(str(v) for v in row) for row in rows)

    def format_answer(self, puzzle: BoardLike, answer: list[Move] | None) -> str:
        if answer is None:
            return self.no_answer
        return " ".join(f"{a[0]},{a[1]}:{b[0]},{b[1]}" for a, b in answer)

    def run_engine(self, puzzle: BoardLike, *, engine: str, rules: LlkRules, solver: str,
                   time_limit: float | None, counters: dict[str, Any]) -> list[Move] | None:
        base = engine.split(":", 1)[0]
        board = as_board(puzzle)
        if base in ("search", "dfs"):
            return self._search(board, rules, time_limit, counters)
        if base == "sat":
            return self._sat(board, rules, solver, time_limit, counters)
        from numberlink_sat.lianliankan.solve import solve

        return solve(board, rules.outside_ring, rules.gravity, time_limit, "auto", solver)

    @staticmethod
    def _search(board: Board, rules: LlkRules, time_limit: float | None,
                counters: dict[str, Any]) -> list[Move] | None:
        from numberlink_sat.lianliankan.search import Searcher
        from numberlink_sat.sat.deadline import Deadline

        searcher = Searcher(board, outside_ring=rules.outside_ring, gravity=rules.gravity)
        try:
            return searcher.run(Deadline(time_limit))
        finally:
            counters["nodes"] = searcher.nodes

    @staticmethod
    def _sat(board: Board, rules: LlkRules, solver: str, time_limit: float | None,
             counters: dict[str, Any]) -> list[Move] | None:
        from numberlink_sat.lianliankan.sat import LlkEncoding, LlkSatSolver
        from numberlink_sat.sat.deadline import Deadline

        if rules.gravity:
            raise InvalidArgumentError("the SAT engine has no gravity model")
        deadline = Deadline(time_limit)
        enc = LlkEncoding(board, rules.outside_ring, deadline)
        counters.update(variables=enc.num_vars, clauses=enc.num_clauses)
        with LlkSatSolver(enc, solver) as engine:
            try:
                return engine.resume(deadline)
            finally:
                if engine.stats is not None:
                    counters.update({k: v for k, v in engine.stats.as_dict().items()
                                     if k not in ("variables", "clauses")})

    def verify(self, puzzle: BoardLike, answer: list[Move], *,
               rules: LlkRules | None = None) -> list[str]:
        from numberlink_sat.lianliankan.verify import verify

        rules = rules if rules is not None else self.rules()
        order = getattr(answer, "order", answer)
        return list(verify(puzzle, order, outside_ring=rules.outside_ring,
                           gravity=rules.gravity))

    def generate(self, *, width: int, height: int, seed: int | None = None,
                 rules: LlkRules | None = None) -> BoardLike:
        """A full clearable board, each picture twice (``width * height`` even)."""
        from numberlink_sat.lianliankan.play import generate

        rules = rules if rules is not None else self.rules()
        return generate(height, width, copies=2, seed=seed, outside_ring=rules.outside_ring,
                        gravity=rules.gravity)

    def render(self, puzzle: BoardLike, answer: list[Move] | None = None, *,
               rules: LlkRules | None = None, cell: float = 40.0, theme: str = "light",
               colour: bool = False, lines: bool = False) -> Picture:
        """The board and the link of the answer's first pair (an order of one pair
        draws that link); no link of at most two turns is an error."""
        from numberlink_sat.errors import NumberlinkSatError
        from numberlink_sat.lianliankan.link import link
        from numberlink_sat.render import lianliankan_svg

        rules = rules if rules is not None else self.rules()
        board = as_board(puzzle)
        grid = [list(row) for row in board.cells]
        text = grid_text(grid)
        cells = None
        if answer:
            a, b = answer[0]
            cells = link(board, a, b, outside_ring=rules.outside_ring)
            if cells is None:
                raise NumberlinkSatError(f"no link of at most two turns joins {a} and {b}")
            text += "\nlink: " + " ".join(f"{r},{c}" for r, c in cells)
        return Picture(lianliankan_svg(grid, cells, cell=cell, theme=theme), text)

    def render_no_answer(self, puzzle: BoardLike, *, rules: LlkRules | None = None,
                         cell: float = 40.0, theme: str = "light",
                         colour: bool = False) -> Picture | None:
        """The board, noting that it cannot be cleared."""
        picture = self.render(puzzle, None, rules=rules, cell=cell, theme=theme)
        return Picture(picture.svg, picture.text, self.no_answer)

    def answer_note(self, answer: list[Move]) -> str:
        return "clearing order: " + self.format_answer([], answer)

    def expand(self, names: Sequence[str]) -> list[str]:
        return [n for n in names if n.split(":", 1)[0] in ("sat", "dfs")]

    def warm_up(self, engine: str) -> None:
        for module in ("search", "sat", "verify"):
            importlib.import_module(f"numberlink_sat.lianliankan.{module}")
