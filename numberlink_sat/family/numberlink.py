"""Numberlink behind the common verbs (:class:`NumberlinkFamily`).

Engines: ``sat`` (the incremental SAT solver), ``dfs`` (the backtracking baseline) and
``cpsat`` (OR-tools CP-SAT, the ``cpsat`` extra); the last two know the fill rule only.

>>> from numberlink_sat.family import get_family
>>> nl = get_family("numberlink")
>>> p = nl.parse("1 . 1")
>>> nl.solve(p, engine="dfs").paths["1"]
((0, 0), (0, 1), (0, 2))
>>> nl.count(p, rules=nl.rules(fill=False))
1
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.family.base import Picture, PuzzleFamily
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import RuleOptions
from numberlink_sat.sat.solvers import DEFAULT_SOLVER

__all__ = ["NumberlinkFamily"]


class NumberlinkFamily(PuzzleFamily[Puzzle, Solution, RuleOptions]):
    """Numberlink: :mod:`numberlink_sat.numberlink` behind the common verbs."""

    name: ClassVar[str] = "numberlink"
    engines: ClassVar[tuple[str, ...]] = ("sat", "dfs", "cpsat")
    enumerates: ClassVar[bool] = True
    rule_names: ClassVar[tuple[str, ...]] = ("fill", "no_touch", "no_2x2")

    def rules(self, **options: bool) -> RuleOptions:
        """``fill``, ``no_touch`` and ``no_2x2`` (see :class:`RuleOptions`)."""
        unknown = set(options) - set(self.rule_names)
        if unknown:
            raise InvalidArgumentError(f"numberlink has no rule {sorted(unknown)[0]!r}")
        return RuleOptions(fill=options.get("fill", True),
                           no_touch=options.get("no_touch", False),
                           no_2x2=options.get("no_2x2", False))

    def parse_all(self, text: str, *, format: str = "auto") -> list[Puzzle]:
        from numberlink_sat.numberlink.formats import read_text

        return read_text(text, format)

    def parse(self, text: str, *, format: str = "auto") -> Puzzle:
        from numberlink_sat.numberlink.formats import parse

        return parse(text, format)

    def format(self, puzzle: Puzzle) -> str:
        from numberlink_sat.numberlink.formats import format_puzzle

        return format_puzzle(puzzle)

    def format_answer(self, puzzle: Puzzle, answer: Solution | None) -> str:
        from numberlink_sat.numberlink.formats import format_solution

        return "no solution" if answer is None else format_solution(answer, puzzle=puzzle)

    def run_engine(self, puzzle: Puzzle, *, engine: str, rules: RuleOptions, solver: str,
                   time_limit: float | None, counters: dict[str, Any]) -> Solution | None:
        base = engine.split(":", 1)[0]
        if base == "sat":
            from numberlink_sat.numberlink.solve import NumberlinkSolver

            with NumberlinkSolver(puzzle, fill=rules.fill, no_touch=rules.no_touch,
                                  no_2x2=rules.no_2x2, solver=solver,
                                  time_limit=time_limit) as s:
                try:
                    return next(iter(s.solutions(1)), None)
                finally:
                    counters.update(s.stats.as_dict())
        if rules.no_touch or rules.no_2x2:
            raise InvalidArgumentError(f"the {base} engine knows the fill rule only")
        if base == "dfs":
            from numberlink_sat.numberlink.dfs import solve_dfs

            return solve_dfs(puzzle, rules.fill, time_limit, stats=counters)
        from numberlink_sat.numberlink.cpsat import solve_cpsat

        return solve_cpsat(puzzle, rules.fill, time_limit, stats=counters)

    def solutions(self, puzzle: Puzzle, *, limit: int | None = 2,
                  rules: RuleOptions | None = None, solver: str = DEFAULT_SOLVER,
                  time_limit: float | None = None) -> list[Solution]:
        from numberlink_sat.numberlink.solve import solutions

        rules = rules if rules is not None else self.rules()
        found = solutions(puzzle, limit, solver=solver, time_limit=time_limit,
                          **rules.as_kwargs())
        for answer in found:
            self.check(puzzle, answer, rules=rules, engine="sat")
        return found

    def verify(self, puzzle: Puzzle, answer: Solution, *,
               rules: RuleOptions | None = None) -> list[str]:
        from numberlink_sat.numberlink.verify import verify

        rules = rules if rules is not None else self.rules()
        return verify(puzzle, answer, **rules.as_kwargs())

    def generate(self, *, width: int, height: int, seed: int | None = None,
                 rules: RuleOptions | None = None) -> Puzzle:
        from numberlink_sat.numberlink.generator import generate

        rules = rules if rules is not None else self.rules()
        return generate(width, height, seed=seed, **rules.as_kwargs())

    def render(self, puzzle: Puzzle, answer: Solution | None = None, *,
               rules: RuleOptions | None = None, cell: float = 40.0, theme: str = "light",
               colour: bool = False, lines: bool = False) -> Picture:
        from numberlink_sat.render import puzzle_svg, render_text, solution_svg

        svg = (puzzle_svg(puzzle, cell=cell, theme=theme) if answer is None
               else solution_svg(puzzle, answer, cell=cell, theme=theme))
        return Picture(svg, render_text(puzzle, answer, colour=colour, lines=lines))

    def render_pair(self, puzzle: Puzzle, first: Solution, second: Solution, *,
                    cell: float = 40.0, theme: str = "light", colour: bool = False) -> Picture:
        from numberlink_sat.render import diff_svg, render_text

        cells = first.differing_cells(second)
        text = "\n\n".join([
            "first solution:\n" + render_text(puzzle, first, colour=colour, lines=True),
            "second solution:\n" + render_text(puzzle, second, colour=colour, lines=True),
            f"{len(cells)} cells differ (*):\n" + "\n".join(
                " ".join("*" if (r, c) in cells else "." for c in range(puzzle.width))
                for r in range(puzzle.height)
            ),
        ])
        return Picture(diff_svg(puzzle, first, second, cell=cell, theme=theme), text)

    def unavailable(self, engine: str) -> str | None:
        if engine == "cpsat":
            from numberlink_sat.numberlink.cpsat import cpsat_available

            return None if cpsat_available() else "ortools not installed (extra cpsat)"
        return super().unavailable(engine)

    def warm_up(self, engine: str) -> None:
        importlib.import_module("numberlink_sat.numberlink.verify")
        module = {"sat": "numberlink_sat.numberlink.solve", "dfs": "numberlink_sat.numberlink.dfs",
                  "cpsat": "ortools.sat.python.cp_model"}[engine.split(":", 1)[0]]
        importlib.import_module(module)

    def answer_key(self, answer: Solution) -> str:
        return repr(sorted(answer.edges()))
