"""The session's up-front refusal of a solver allocation that cannot fit the time left."""

from __future__ import annotations

import time

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.pool import VarPool
from numberlink_sat.sat.session import SatSession


def _encoding(num_vars: int) -> Encoding:
    encoding = Encoding(VarPool(num_vars))
    encoding.add([1, 2])
    return encoding


def test_an_allocation_too_big_for_the_time_left_is_refused_at_once() -> None:
    # 30 million variables are estimated at 6 s: a 2 s limit cannot hold them
    started = time.perf_counter()
    with pytest.raises(SolveTimeout, match="cannot be kept: allocating 30,000,000") as info:
        SatSession(_encoding(30_000_000), deadline=Deadline(2.0))
    assert time.perf_counter() - started < 0.5  # before the allocation, not after it
    assert info.value.stage == "loading the solver"
    assert "cannot be interrupted" in str(info.value)


def test_the_estimate_scales_with_the_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SatSession, "SECONDS_PER_VARIABLE", 0.01)
    with pytest.raises(SolveTimeout, match=r"about 10\.0 s"):
        SatSession(_encoding(1000), deadline=Deadline(1.0))
    with SatSession(_encoding(50), deadline=Deadline(1.0)) as session:  # 0.5 s fits
        assert session.solve()
    with SatSession(_encoding(1000)) as session:  # no limit: nothing to keep
        assert session.solve()
