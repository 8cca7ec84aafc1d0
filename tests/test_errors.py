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


@pytest.mark.parametrize("call", [
    lambda: numberlink_sat.solve(numberlink_sat.parse("1 . 1"), time_limit=-1),
    lambda: numberlink_sat.solve(numberlink_sat.parse("1 . 1"), time_limit="5"),
    lambda: list(numberlink_sat.solutions(numberlink_sat.parse("1 . 1"), limit=0)),
], ids=["negative time_limit", "time_limit of the wrong kind", "limit 0"])
def test_bad_arguments_raise_invalid_argument_error(call: object) -> None:
    with pytest.raises(errors.InvalidArgumentError):
        call()  # type: ignore[operator]


def test_unknown_methods_raise_invalid_argument_error() -> None:
    from numberlink_sat.lianliankan.solve import solve as llk_solve
    from numberlink_sat.numchain.model import parse as chain_parse
    from numberlink_sat.numchain.solve import solve as chain_solve

    with pytest.raises(errors.InvalidArgumentError):
        chain_solve(chain_parse("1 1\n0\n"), "nope")
    with pytest.raises(errors.InvalidArgumentError):
        llk_solve([[1, 1]], method="nope")
