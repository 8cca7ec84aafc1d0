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

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["DEFAULT_SOLVER", "INCREMENTAL_SOLVERS", "check_solver", "ctrl_c_as_interrupt"]

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


@contextmanager
def ctrl_c_as_interrupt(solver: Any = None) -> Iterator[None]:
    """Around a call of the PySAT ``solver``: Ctrl-C raises :class:`KeyboardInterrupt`.

    PySAT's C solvers catch SIGINT themselves, jump out of the search and raise their
    module's own ``error`` ("Caught keyboard interrupt"), which would look like a
    crash; callers (and the command line, which exits 130 on an interrupt) expect the
    usual exception. A solver left that way may be inconsistent (freeing it crashed
    the process now and then), so it is abandoned: never freed, its memory handed
    back when the process ends.

    >>> with ctrl_c_as_interrupt():
    ...     pass
    """
    try:
        yield
    except Exception as exc:
        if type(exc).__module__ == "pysolvers" and "keyboard interrupt" in str(exc).lower():
            if EXIT_ON_INTERRUPT is not None:
                os.write(2, b"numberlink-sat: interrupted\n")
                os._exit(EXIT_ON_INTERRUPT)
            if solver is not None:
                _abandon(solver)
            raise KeyboardInterrupt from exc
        raise


EXIT_ON_INTERRUPT: int | None = None
"""Set by the command line: after Ctrl-C inside a solver call the process leaves at
once with this status. The solver may have been stopped inside ``malloc``, holding
its lock, and then the next ``free`` anywhere waits for ever (seen: a command that
printed "interrupted" and never ended) or the heap is corrupt (seen: "double free"):
nothing more is safe. Library callers get :class:`KeyboardInterrupt` and an
abandoned solver, the best PySAT's way of stopping allows."""


def _abandon(solver: Any) -> None:
    """Make PySAT forget the native solver behind ``solver`` so that nothing frees it."""
    inner = getattr(solver, "solver", solver)
    for name, value in list(vars(inner).items()):
        if type(value).__name__ == "PyCapsule":
            setattr(inner, name, None)
