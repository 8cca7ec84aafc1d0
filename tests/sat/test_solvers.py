"""Solver names, and Ctrl-C inside a PySAT call."""

from __future__ import annotations

import pytest

from numberlink_sat.errors import UnknownSolverError
from numberlink_sat.sat.solvers import INCREMENTAL_SOLVERS, check_solver


def test_every_listed_solver_is_accepted_and_others_are_refused_with_a_reason() -> None:
    for name in INCREMENTAL_SOLVERS:
        assert check_solver(name) == name
    with pytest.raises(UnknownSolverError, match="not incremental"):
        check_solver("kissat404")
    with pytest.raises(UnknownSolverError):
        check_solver("no-such-solver")


def test_a_ctrl_c_caught_by_pysat_becomes_keyboard_interrupt_and_the_solver_is_left_alone(
) -> None:
    from pysat.solvers import Solver

    from numberlink_sat.sat.solvers import ctrl_c_as_interrupt

    pysat_error = type("error", (Exception,), {"__module__": "pysolvers"})
    solver = Solver(name="cadical195", bootstrap_with=[[1, 2]])
    with pytest.raises(KeyboardInterrupt), ctrl_c_as_interrupt(solver):
        raise pysat_error("Caught keyboard interrupt")
    assert solver.solver.cadical is None  # abandoned: PySAT will not free it
    solver.delete()  # a no-op now
    with pytest.raises(ValueError, match="other"), ctrl_c_as_interrupt(None):
        raise ValueError("other errors pass through")
    with pytest.raises(pysat_error), ctrl_c_as_interrupt(None):
        raise pysat_error("some other solver error")
