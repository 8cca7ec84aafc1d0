"""The exception hierarchy: every deliberate error is a NumberlinkSatError."""

from __future__ import annotations

import pytest

import numberlink_sat
from numberlink_sat import errors
from numberlink_sat.errors import InternalError, NumberlinkSatError


@pytest.mark.parametrize("cls, builtin", [
    (errors.ParseError, ValueError), (errors.InvalidPuzzleError, ValueError),
    (errors.UnknownSolverError, ValueError), (errors.SolveTimeout, TimeoutError),
    (InternalError, AssertionError),
])
def test_each_error_is_also_the_expected_builtin(cls: type[Exception], builtin: type) -> None:
    assert issubclass(cls, NumberlinkSatError)
    assert issubclass(cls, builtin)


def test_internal_error_is_not_bad_input() -> None:
    # The CLI maps ValueError-like input errors to exit 2; a bug must never look like one.
    assert not issubclass(InternalError, ValueError)
    assert numberlink_sat.InternalError is InternalError
