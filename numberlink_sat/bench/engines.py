"""The engines the benchmarks compare, per puzzle family, adapted to one calling form.

An engine takes a board and a time limit, fills a ``stats`` dict, and returns its answer
(``None`` for "no solution"); :func:`check` hands the answer to the family's independent
verifier. Engines whose module is missing (a family still being written, OR-tools not
installed) are reported by :func:`unavailable` and skipped cleanly.

Engine names on the command line: ``sat`` (or ``sat:SOLVER`` for another PySAT solver),
``dfs`` (Numberlink: :mod:`numberlink_sat.numberlink.dfs`; Number Chain: the seed's DFS
*and* the pruned DFS, as ``dfs`` and ``dfs-pruned``; Lianliankan: the exact search) and
``cpsat`` (Numberlink only).

>>> expand(["sat", "dfs"], "numchain")
['sat', 'dfs', 'dfs-pruned']
>>> expand(["sat:glucose42", "cpsat"], "numberlink")
['sat:glucose42', 'cpsat']
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

__all__ = ["ENGINES", "check", "digest", "expand", "run", "unavailable", "warm_up"]

ENGINES: dict[str, tuple[str, ...]] = {
    "numberlink": ("sat", "dfs", "cpsat"),
    "numchain": ("sat", "dfs", "dfs-pruned"),
    "lianliankan": ("sat", "dfs"),
}
"""The engines each family offers (``sat`` may carry ``:SOLVER``)."""


def expand(engines: Sequence[str], family: str) -> list[str]:
    """The engine rows to run for ``family`` given the names asked for."""
    out: list[str] = []
    offered = ENGINES.get(family, ())
    for name in engines:
        base = name.split(":", 1)[0]
        if base == "dfs" and family == "numchain":
            out += ["dfs", "dfs-pruned"]
        elif base in offered:
            out.append(name)
    return out


def _solver_of(engine: str) -> str:
    from numberlink_sat.sat.solvers import DEFAULT_SOLVER

    return engine.split(":", 1)[1] if ":" in engine else DEFAULT_SOLVER


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def unavailable(family: str, engine: str) -> str | None:
    """Why ``engine`` cannot run for ``family`` here, or ``None`` when it can."""
    base = engine.split(":", 1)[0]
    if base == "sat" and ":" in engine:
        from numberlink_sat.errors import UnknownSolverError
        from numberlink_sat.sat.solvers import check_solver

        try:
            check_solver(_solver_of(engine))
        except UnknownSolverError as exc:
            return str(exc)
    if family == "numberlink":
        if base == "sat":
            mod = _module("numberlink_sat.numberlink.solve")
            if mod is None or not hasattr(mod, "NumberlinkSolver"):
                return "numberlink_sat.numberlink.solve has no NumberlinkSolver yet"
            return None
        if base == "dfs":
            return None
        if base == "cpsat":
            from numberlink_sat.numberlink.cpsat import cpsat_available

            return None if cpsat_available() else "ortools not installed (extra cpsat)"
    if family == "numchain":
        mod = _module("numberlink_sat.numchain.solve")
        if mod is None or _module("numberlink_sat.numchain.verify") is None:
            return "numberlink_sat.numchain is not there yet"
        methods = getattr(mod, "METHODS", ())
        return None if base in methods else f"numchain has no method {base!r}"
    if family == "lianliankan":
        if _module("numberlink_sat.lianliankan.verify") is None:
            return "numberlink_sat.lianliankan.verify is not there yet"
        if base == "dfs":
            ok = _module("numberlink_sat.lianliankan.search") is not None
            return None if ok else "numberlink_sat.lianliankan.search is not there yet"
        if base == "sat":
            mod = _module("numberlink_sat.lianliankan.sat")
            if mod is None or not hasattr(mod, "LlkEncoding"):
                return "numberlink_sat.lianliankan.sat (the SAT engine) is not there yet"
            return None
    return f"no engine {engine!r} for {family}"


def warm_up(family: str, engine: str) -> None:
    """Import what ``engine`` needs, so that import time is not timed."""
    base = engine.split(":", 1)[0]
    if family == "numberlink":
        importlib.import_module("numberlink_sat.numberlink.verify")
        if base == "sat":
            importlib.import_module("numberlink_sat.numberlink.solve")
        elif base == "dfs":
            importlib.import_module("numberlink_sat.numberlink.dfs")
        elif base == "cpsat":
            importlib.import_module("ortools.sat.python.cp_model")
    elif family == "numchain":
        importlib.import_module("numberlink_sat.numchain.solve")
        importlib.import_module("numberlink_sat.numchain.verify")
    elif family == "lianliankan":
        importlib.import_module("numberlink_sat.lianliankan.board")
        importlib.import_module("numberlink_sat.lianliankan.verify")
        importlib.import_module(
            "numberlink_sat.lianliankan.search" if base == "dfs"
            else "numberlink_sat.lianliankan.sat"
        )


def run(family: str, kind: str, engine: str, board: Any, time_limit: float | None,
        stats: dict[str, Any]) -> Any:
    """Run ``engine`` on ``board``; the answer (``None``: no solution). Raises SolveTimeout."""
    base = engine.split(":", 1)[0]
    if family == "numberlink":
        if base == "sat":
            from numberlink_sat.numberlink.solve import NumberlinkSolver

            with NumberlinkSolver(board, solver=_solver_of(engine), time_limit=time_limit) as s:
                try:
                    return next(iter(s.solutions(1)), None)
                finally:
                    stats.update(s.stats.as_dict())
        if base == "dfs":
            from numberlink_sat.numberlink.dfs import solve_dfs

            return solve_dfs(board, time_limit=time_limit, stats=stats)
        if base == "cpsat":
            from numberlink_sat.numberlink.cpsat import solve_cpsat

            return solve_cpsat(board, time_limit=time_limit, stats=stats)
    if family == "numchain":
        from numberlink_sat.numchain.solve import solve

        kwargs: dict[str, Any] = {"time_limit": time_limit, "stats": stats}
        if base == "sat":
            kwargs["solver"] = _solver_of(engine)
        return solve(board, base, **kwargs)
    if family == "lianliankan":
        ring = kind == "ring"
        from numberlink_sat.lianliankan.board import Board

        b = Board.from_rows([list(r) for r in board])
        if base == "dfs":
            from numberlink_sat.lianliankan.search import Searcher
            from numberlink_sat.sat.deadline import Deadline

            searcher = Searcher(b, outside_ring=ring)
            try:
                return searcher.run(Deadline(time_limit))
            finally:
                stats["nodes"] = searcher.nodes
        if base == "sat":
            from numberlink_sat.lianliankan.sat import LlkEncoding, LlkSatSolver
            from numberlink_sat.sat.deadline import Deadline

            deadline = Deadline(time_limit)
            enc = LlkEncoding(b, ring, deadline)
            stats["variables"] = enc.num_vars
            stats["clauses"] = enc.num_clauses
            with LlkSatSolver(enc, _solver_of(engine)) as llk:
                try:
                    return llk.resume(deadline)
                finally:
                    if llk.stats is not None:
                        stats.update(
                            {k: v for k, v in llk.stats.as_dict().items()
                             if k not in ("variables", "clauses")}
                        )
    raise ValueError(f"no engine {engine!r} for {family}")


def check(family: str, kind: str, board: Any, answer: Any) -> list[str]:
    """The independent verifier's complaints about a (not ``None``) answer."""
    if family == "numberlink":
        from numberlink_sat.numberlink.verify import verify

        return verify(board, answer)
    if family == "numchain":
        from numberlink_sat.numchain.verify import verify as verify_chain

        return list(verify_chain(board, answer))
    if family == "lianliankan":
        from numberlink_sat.lianliankan.verify import verify as verify_ll

        order = getattr(answer, "order", answer)
        return list(verify_ll([list(r) for r in board], order, outside_ring=kind == "ring"))
    raise ValueError(f"unknown family {family!r}")


def digest(family: str, answer: Any) -> str:
    """A short fingerprint of an answer, to compare engines where the answer is unique."""
    import hashlib

    if answer is None:
        return "none"
    if family == "numchain":
        text = str(answer)
    elif family == "numberlink":
        text = repr(sorted(answer.edges()))
    else:
        text = repr(getattr(answer, "order", answer))
    return hashlib.sha1(text.encode()).hexdigest()[:12]
