"""The deadline's stop condition: carried along, asked between slices, reported."""

from __future__ import annotations

import itertools
import time

import pytest

from numberlink_sat.errors import SolveTimeout
from numberlink_sat.sat.deadline import CpuBudget, Deadline
from numberlink_sat.sat.session import SatSession


def pigeonhole(holes: int) -> list[list[int]]:
    """holes + 1 pigeons in ``holes`` holes: UNSAT, and hard for CDCL from about 10."""
    var = {(p, h): p * holes + h + 1 for p in range(holes + 1) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes + 1)]
    for h in range(holes):
        for p, q in itertools.combinations(range(holes + 1), 2):
            clauses.append([-var[p, h], -var[q, h]])
    return clauses


def test_stop_is_kept_by_within_and_sooner() -> None:
    flag = {"stop": False}
    deadline = Deadline(None, stop=lambda: flag["stop"])
    inner = deadline.within(10.0)
    tighter = Deadline(5.0).sooner(deadline)
    looser = deadline.sooner(Deadline(50.0))
    assert not any(d.expired() for d in (deadline, inner, tighter, looser))
    assert tighter.time_limit == 5.0 and looser.time_limit == 50.0
    flag["stop"] = True
    assert all(d.expired() for d in (deadline, inner, tighter, looser))
    with pytest.raises(SolveTimeout, match="stopped while solving by its stop condition"):
        inner.check("solving")


def test_a_clock_without_stop_is_unchanged() -> None:
    assert Deadline(None).sooner(Deadline(1.0)).stop is None
    with pytest.raises(SolveTimeout, match="time limit of 0 s passed"):
        Deadline(0.0, stop=lambda: False).check()


def test_a_search_without_time_limit_stops_when_told() -> None:
    """The stop condition alone makes the session solve in slices and ask it."""
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3

    with (SatSession(pigeonhole(11), deadline=Deadline(None, stop=stop)) as session,
          pytest.raises(SolveTimeout, match="stopped")):
        session.solve()
    assert len(asked) >= 3  # once before the call, then between slices (and at close)


def test_closing_a_session_does_not_ask_the_stop_condition() -> None:
    from numberlink_sat.sat.session import SatSession

    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return False

    session = SatSession(deadline=Deadline(None, stop=stop))
    session.add_clause([1, 2])
    session.close()
    assert asked == []  # asking would start a child just as the search ends


def test_a_heartbeat_reports_at_its_pace_and_never_stops() -> None:
    import itertools
    import time

    from numberlink_sat.sat.deadline import Heartbeat

    beats: list[float] = []
    beat = Heartbeat(0.05, beats.append)
    ends = time.perf_counter() + 0.3
    while time.perf_counter() < ends:
        assert not Deadline(None, stop=beat).expired()
        time.sleep(0.005)
    assert 3 <= len(beats) <= 6
    assert all(b - a >= 0.05 for a, b in itertools.pairwise(beats))


def test_a_cpu_budget_is_not_spent_by_waiting() -> None:
    """A phase's share counts the CPU the process uses, not the time it waits: after
    0.3 s of sleep a 0.2 s wall-clock deadline has passed, a 0.2 s CPU budget has not;
    busy work spends it."""
    budget, wall = CpuBudget(0.2), Deadline(0.2)
    time.sleep(0.3)
    assert wall.expired() and not budget()
    assert budget.remaining() > 0.15
    while not budget():  # pragma: no branch - ends once 0.2 s of CPU is used
        sum(range(10_000))
    assert budget.spent() >= 0.2


def test_a_budget_box_bounds_the_calls_inside_it_only() -> None:
    """Inside the box a spent budget stops the search (a SolveTimeout naming the stop
    condition); the session's own deadline comes back after it."""
    with SatSession(pigeonhole(11)) as session:
        with pytest.raises(SolveTimeout, match="stop condition"), \
                session.budget_box(CpuBudget(0.1)):
            session.solve()
        assert session.deadline.stop is None and session.deadline.time_limit is None
        with session.budget_box(None) as box:
            assert box is session.deadline
