"""The engines the benchmarks compare, reached through each puzzle family's contract.

An engine takes a board and a time limit, fills a ``stats`` dict, and returns its answer
(``None`` for "no solution"): :meth:`~numberlink_sat.family.PuzzleFamily.run_engine`,
not verified, so that verification is not timed; :func:`check` then hands the answer to
the family's independent verifier. Engines that cannot run here (OR-tools not installed,
an unknown PySAT solver) are reported by :func:`unavailable` and skipped cleanly.

Engine names on the command line: ``sat`` (or ``sat:SOLVER`` for another PySAT solver),
``dfs`` (Numberlink: :mod:`numberlink_sat.numberlink.dfs`; Number Chain: the plain DFS
*and* the pruned DFS, as ``dfs`` and ``dfs-pruned``; Lianliankan: the exact search) and
``cpsat`` (Numberlink only).

>>> expand(["sat", "dfs"], "numchain")
['sat', 'dfs', 'dfs-pruned']
>>> expand(["sat:glucose42", "cpsat"], "numberlink")
['sat:glucose42', 'cpsat']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numberlink_sat.family import FAMILIES, get_family

__all__ = ["ENGINES", "check", "digest", "expand", "run", "unavailable", "warm_up"]

ENGINES: dict[str, tuple[str, ...]] = {
    name: tuple(family.expand(["sat", "dfs", "cpsat"])) for name, family in FAMILIES.items()
}
"""The engines each family offers to the benchmarks (``sat`` may carry ``:SOLVER``)."""


def expand(engines: Sequence[str], family: str) -> list[str]:
    """The engine rows to run for ``family`` given the names asked for."""
    return get_family(family).expand(engines)


def unavailable(family: str, engine: str) -> str | None:
    """Why ``engine`` cannot run for ``family`` here, or ``None`` when it can."""
    return get_family(family).unavailable(engine)


def warm_up(family: str, engine: str) -> None:
    """Import what ``engine`` needs, so that import time is not timed."""
    get_family(family).warm_up(engine)


def run(family: str, kind: str, engine: str, board: Any, time_limit: float | None,
        stats: dict[str, Any]) -> Any:
    """Run ``engine`` on ``board``; the answer (``None``: no solution). Raises SolveTimeout."""
    fam = get_family(family)
    from numberlink_sat.family.base import solver_of

    return fam.run_engine(board, engine=engine, rules=fam.bench_rules(kind),
                          solver=solver_of(engine), time_limit=time_limit, counters=stats)


def check(family: str, kind: str, board: Any, answer: Any) -> list[str]:
    """The independent verifier's complaints about a (not ``None``) answer."""
    fam = get_family(family)
    return fam.verify(board, answer, rules=fam.bench_rules(kind))


def digest(family: str, answer: Any) -> str:
    """A short fingerprint of an answer, to compare engines where the answer is unique."""
    return get_family(family).digest(answer)
