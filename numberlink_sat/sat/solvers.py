"""Which PySAT solvers the incremental loop can use, and clear errors for the rest.

>>> check_solver("cadical195")
'cadical195'
>>> try:
...     check_solver("kissat404")
... except ValueError as err:
...     print(str(err)[:62])
solver 'kissat404' is not incremental in PySAT (no assumptions
"""

from __future__ import annotations

__all__ = ["DEFAULT_SOLVER", "INCREMENTAL_SOLVERS", "check_solver"]

DEFAULT_SOLVER = "cadical195"

INCREMENTAL_SOLVERS: tuple[str, ...] = (
    "cadical153",
    "cadical195",
    "cadical300",
    "glucose3",
    "glucose4",
    "glucose42",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minisat22",
)
"""Solvers that take clauses between calls and support conflict budgets (time limits)."""

_REFUSED = {
    "kissat404": "is not incremental in PySAT (no assumptions, no clauses between calls)",
    "lingeling": "has no conflict budget or interrupt in PySAT, so time limits cannot work",
    "cadical103": "has no conflict budget in PySAT, so time limits cannot work",
    "cryptosat": "is not usable in this PySAT build",
    "gluecard3": "is a cardinality solver; use glucose3",
    "gluecard4": "is a cardinality solver; use glucose4",
    "minicard": "is a cardinality solver; use minisat22",
    "minisatep": "is the propagator-only MiniSat build; use minisat22",
    "ergo": "is not a CDCL solver suited to the loop",
}


def check_solver(name: str) -> str:
    """Return ``name`` if the loop can use it, else raise ``UnknownSolverError``."""
    from numberlink_sat.errors import UnknownSolverError

    choices = ", ".join(INCREMENTAL_SOLVERS)
    if not isinstance(name, str):
        raise UnknownSolverError(f"solver must be a name (str), not {type(name).__name__}")
    if name in INCREMENTAL_SOLVERS:
        return name
    if name in _REFUSED:
        raise UnknownSolverError(f"solver {name!r} {_REFUSED[name]}; use one of: {choices}")
    raise UnknownSolverError(f"unknown solver {name!r}; use one of: {choices}")
