"""Number Chain behind the common verbs (:class:`NumberChainFamily`).

The answer is the lexicographically smallest direction string (``str``); there is no
rule option (:class:`ChainRules` is empty) and answers are not enumerated.

>>> from numberlink_sat.family import get_family
>>> chain = get_family("numchain")
>>> p = chain.generate(width=4, height=4, seed=2)
>>> answer = chain.solve(p, engine="dfs-pruned")
>>> chain.verify(p, answer), answer == chain.solve(p)
([], True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.family.base import Picture, PuzzleFamily, grid_text
from numberlink_sat.numchain.model import Puzzle

__all__ = ["ChainRules", "NumberChainFamily"]

GENERATED_LABELS = 3
"""How many labels (K) :meth:`NumberChainFamily.generate` writes."""


@dataclass(frozen=True)
class ChainRules:
    """Number Chain has no rule options."""


class NumberChainFamily(PuzzleFamily[Puzzle, str, ChainRules]):
    """Number Chain: :mod:`numberlink_sat.numchain` behind the common verbs."""

    name: ClassVar[str] = "numchain"
    engines: ClassVar[tuple[str, ...]] = ("sat", "dfs", "dfs-pruned", "brute")
    unique_answer: ClassVar[bool] = True

    def rules(self, **options: bool) -> ChainRules:
        if options:
            raise InvalidArgumentError(f"numchain has no rule {sorted(options)[0]!r}")
        return ChainRules()

    def parse_all(self, text: str, *, format: str = "auto") -> list[Puzzle]:
        from numberlink_sat.numchain.model import parse

        return [parse(text)]

    def format(self, puzzle: Puzzle) -> str:
        from numberlink_sat.numchain.model import format_puzzle

        return format_puzzle(puzzle)

    def format_answer(self, puzzle: Puzzle, answer: str | None) -> str:
        from numberlink_sat.numchain.model import format_answer

        return format_answer(answer)

    def run_engine(self, puzzle: Puzzle, *, engine: str, rules: ChainRules, solver: str,
                   time_limit: float | None, counters: dict[str, Any]) -> str | None:
        from numberlink_sat.numchain.solve import solve

        base = engine.split(":", 1)[0]
        return solve(puzzle, base, solver=solver, time_limit=time_limit, stats=counters)

    def verify(self, puzzle: Puzzle, answer: str, *,
               rules: ChainRules | None = None) -> list[str]:
        from numberlink_sat.numchain.verify import verify

        return list(verify(puzzle, answer))

    def generate(self, *, width: int, height: int, seed: int | None = None,
                 rules: ChainRules | None = None) -> Puzzle:
        """A random solvable ``n`` x ``n`` board (``width`` must equal ``height``)."""
        from numberlink_sat.numchain.generate import random_puzzle

        if width != height:
            raise InvalidArgumentError(f"Number Chain boards are square, not {width}x{height}")
        return random_puzzle(width, GENERATED_LABELS, random.Random(seed))[0]

    def render(self, puzzle: Puzzle, answer: str | None = None, *,
               rules: ChainRules | None = None, cell: float = 40.0, theme: str = "light",
               colour: bool = False, lines: bool = False) -> Picture:
        """The labels and the route (numbers get a tenth more room than Numberlink cells)."""
        from numberlink_sat.render import numchain_svg

        grid = [list(row) for row in puzzle.grid]
        text = grid_text(grid)
        if answer is not None:
            text += "\n" + answer
        return Picture(numchain_svg(grid, answer, cell=cell * 1.1, theme=theme), text)

    def render_no_answer(self, puzzle: Puzzle, *, rules: ChainRules | None = None,
                         cell: float = 40.0, theme: str = "light",
                         colour: bool = False) -> Picture | None:
        """The board with the answer ``-1`` (no route)."""
        from numberlink_sat.numchain.model import format_answer

        return self.render(puzzle, format_answer(None), cell=cell, theme=theme)

    def expand(self, names: Sequence[str]) -> list[str]:
        """``dfs`` stands for both DFS engines (the plain and the pruned one)."""
        out: list[str] = []
        for name in names:
            base = name.split(":", 1)[0]
            out += ["dfs", "dfs-pruned"] if base == "dfs" else [name] * (base in self.engines)
        return out

    def warm_up(self, engine: str) -> None:
        for module in ("solve", "verify"):
            importlib.import_module(f"numberlink_sat.numchain.{module}")
