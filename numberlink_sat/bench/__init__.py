"""Benchmarks: suites over board sizes, engines side by side, verified rows, reports.

- :mod:`.suites`: the cases of the ``tiny``, ``quick`` and ``full`` suites (fixed seeds).
- :mod:`.instances`: boards with a planted answer, made from a seed.
- :mod:`.engines`: SAT, DFS baselines and CP-SAT behind one calling form, plus verifiers.
- :mod:`.runner`: rows in worker processes (process pool or Dask), timed and verified.
- :mod:`.report`: CSV / JSON lines, the Markdown summary, plots.

The command line is ``numberlink-sat bench`` (:mod:`numberlink_sat.cli.bench`).
"""

__all__: list[str] = []
