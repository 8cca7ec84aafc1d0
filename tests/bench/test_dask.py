"""The Dask path on a LocalCluster started inside the test (skipped without dask)."""

from __future__ import annotations

import pytest

from numberlink_sat.bench.runner import make_tasks, run_tasks
from numberlink_sat.bench.suites import suite

distributed = pytest.importorskip("distributed", reason="dask[distributed] not installed")


def test_dask_local_cluster_batches_and_verifies() -> None:
    cases = [c for c in suite("tiny") if c.family in ("numberlink", "numchain")]
    tasks, _ = make_tasks(cases, ["sat", "dfs"], 20.0)
    batches: list[int] = []
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        rows = run_tasks(
            tasks, scheduler=cluster.scheduler_address, batch_size=3,
            on_rows=lambda b: batches.append(len(b)),
        )
    assert len(rows) == len(tasks)
    assert max(batches) == 3 and sum(batches) == len(tasks)  # several rows per Dask task
    assert all(r["status"] == "ok" for r in rows), [r for r in rows if r["status"] != "ok"]
    assert {r["rss_scope"] for r in rows} == {"row"}  # still one forked process per row
