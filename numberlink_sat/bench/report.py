"""Write benchmark results: CSV / JSON lines, a Markdown summary, and plots.

- ``results.jsonl``: a header line (``{"type": "header", ...}``: machine, package
  versions, suite, engines, time limit, command) then one line per row.
- ``results.csv``: the same rows, flat columns (the header is in ``header.json``).
- ``failures.jsonl``: wrong answers, crashes and disagreements (never in the tables).
- ``summary.md``: per family, kind and size, the median time of each engine (timeouts
  count as slower than every finished run), solved counts, and the ratios SAT/DFS and
  SAT/CP-SAT of those medians (below 1: SAT is faster).
- ``time_vs_size_<family>_<kind>.png`` / ``.svg``: median time against board side per
  engine, log scale (needs matplotlib, the ``plot`` extra; skipped without it).

>>> median_time([0.1, 0.3, math.inf])
0.3
>>> fmt_ratio(0.5, 2.0, 10.0, 10.0)
'0.25'
>>> fmt_ratio(0.5, math.inf, 10.0, 10.0)
'< 0.05'
"""

from __future__ import annotations

import csv
import datetime as _dt
import json
import math
import os
import platform
import sys
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

__all__ = [
    "CSV_COLUMNS",
    "fmt_ratio",
    "machine_header",
    "median_time",
    "plot",
    "read_results",
    "summary_markdown",
    "write_all",
]

CSV_COLUMNS = (
    "case", "family", "kind", "size", "side", "seed", "engine", "status", "wall_s", "cpu_s",
    "peak_rss_mb", "extra_rss_mb", "variables", "clauses", "calls", "cut_rounds", "cuts",
    "nodes", "steps", "time_limit", "answer", "rss_scope", "params", "stats",
)

_PACKAGES = ("numberlink-sat", "python-sat", "numpy", "networkx", "ortools", "dask",
             "distributed", "matplotlib", "tqdm")


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> float | None:
    try:
        return round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        return None


def _git_state() -> dict[str, Any]:
    """The commit of the source tree the package runs from, and whether it has edits."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "numberlink_sat"],
                               cwd=root, capture_output=True, text=True, timeout=10,
                               check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return {}
    return {"commit": head, "uncommitted_changes_in_package": bool(dirty)}


def machine_header(**run: Any) -> dict[str, Any]:
    """Machine, package versions and the run's settings (``run``), for the results header."""
    try:
        load = list(os.getloadavg())
    except OSError:
        load = []
    return {
        "type": "header",
        "started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "python": sys.version.split()[0],
            "cpu": _cpu_model(),
            "cpus": os.cpu_count(),
            "memory_gib": _memory_gib(),
            "load_average_at_start": [round(x, 2) for x in load],
        },
        "packages": {name: _version(name) for name in _PACKAGES},
        "source": _git_state(),
        "run": run,
    }


def median_time(values: Iterable[float]) -> float:
    """The median, timeouts given as ``inf`` (so half or more timeouts give ``inf``)."""
    vals = sorted(values)
    if not vals:
        return math.nan
    n = len(vals)
    if n % 2:
        return vals[n // 2]
    a, b = vals[n // 2 - 1], vals[n // 2]
    if math.isinf(b):
        return math.inf
    return (a + b) / 2


def fmt_time(t: float, limit: float | None) -> str:
    """Seconds for a table cell; ``> limit`` for a timeout median."""
    if math.isnan(t):
        return "-"
    if math.isinf(t):
        return f"> {limit:g}" if limit else "timeout"
    return f"{t:.3f}" if t < 10 else f"{t:.1f}"


def fmt_ratio(sat: float, other: float, sat_limit: float | None,
              other_limit: float | None) -> str:
    """``sat / other`` of two medians; a bound when one of them timed out."""
    if math.isnan(sat) or math.isnan(other):
        return "-"
    if math.isinf(sat) and math.isinf(other):
        return "both time out"
    if math.isinf(other):
        return f"< {_num(sat / other_limit)}" if other_limit else "-"
    if math.isinf(sat):
        return f"> {_num(sat_limit / other)}" if sat_limit and other > 0 else "-"
    if other <= 0:
        return "-"
    return _num(sat / other)


def _num(x: float) -> str:
    """A ratio with two significant digits, without exponents for everyday sizes."""
    if x >= 100:
        return f"{x:.0f}"
    if x >= 1e-4:
        return f"{x:.2g}"
    return f"{x:.1e}"


def _value(row: dict[str, Any], metric: str) -> float:
    if row["status"] == "timeout":
        return math.inf
    v = row.get(metric)
    return float(v) if isinstance(v, (int, float)) and not math.isnan(float(v)) else math.inf


def _group(rows: Sequence[dict[str, Any]]) -> dict[tuple[str, str, int, str], list[dict[str, Any]]]:
    out: dict[tuple[str, str, int, str], list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault((r["family"], r["kind"], int(r["side"]), r["size"]), []).append(r)
    return out


def _engines_of(rows: Sequence[dict[str, Any]]) -> list[str]:
    order = {"sat": 0, "dfs": 1, "dfs-pruned": 2, "cpsat": 3}
    return sorted({r["engine"] for r in rows}, key=lambda e: (order.get(e.split(":")[0], 9), e))


def _limit(rows: Sequence[dict[str, Any]]) -> float | None:
    lims = [float(r["time_limit"]) for r in rows if r.get("time_limit")]
    return max(lims) if lims else None


def summary_markdown(
    rows: Sequence[dict[str, Any]],
    header: dict[str, Any] | None = None,
    failures: Sequence[dict[str, Any]] = (),
    metric: str = "cpu_s",
) -> str:
    """The Markdown summary: per family/kind/size, medians per engine and the ratios."""
    what = "CPU" if metric == "cpu_s" else "wall-clock"
    out = ["# Benchmark summary\n"]
    if header:
        out += _header_lines(header)
    n_failed = len(failures) or int((header or {}).get("run", {}).get("failures", 0))
    out.append(f"- {len(rows)} rows, {n_failed} failures (wrong answers, crashes, "
               "disagreements; listed in failures.jsonl, never counted below)")
    out.append("")
    out.append(f"Cells: median {what} seconds over the seeds of a size, then solved/total. "
               "A timeout counts as slower than any finished run, so a median of `> T` means "
               "half or more timed out. Ratios are SAT time / other engine time of the "
               "medians: below 1 SAT is faster; a bound (`<`, `>`) where one side timed out.")
    out.append("")
    groups = _group(rows)
    families: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for fam, kind, side, size in groups:
        families.setdefault((fam, kind), []).append((side, size))
    for (fam, kind), sizes in sorted(families.items()):
        fam_rows = [r for r in rows if r["family"] == fam and r["kind"] == kind]
        engines = _engines_of(fam_rows)
        ratio_cols = [e for e in engines if e in ("dfs", "dfs-pruned", "cpsat")
                      and "sat" in engines]
        out.append(f"## {fam} / {kind}\n")
        head = ["size", "boards"] + engines + [f"SAT/{e.upper()}" for e in ratio_cols]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for side, size in sorted(set(sizes)):
            line = _size_line(groups[(fam, kind, side, size)], size, engines, ratio_cols, metric)
            out.append("| " + " | ".join(line) + " |")
        out.append("")
    return "\n".join(out) + "\n"


def _header_lines(header: dict[str, Any]) -> list[str]:
    """The run's machine, packages, source and settings, one list item each."""
    m, run = header.get("machine", {}), header.get("run", {})
    out = [f"- started: {header.get('started')}; command: `{run.get('command', '')}`",
           f"- machine: {m.get('cpu')}, {m.get('cpus')} CPUs, {m.get('memory_gib')} GiB, "
           f"Python {m.get('python')}; load average at start "
           f"{m.get('load_average_at_start')}"]
    pk = ", ".join(f"{k} {v}" for k, v in header.get("packages", {}).items() if v)
    out.append(f"- packages: {pk}")
    src = header.get("source") or {}
    if src:
        out.append(f"- source: commit {src.get('commit', '?')[:10]}"
                   + (" plus uncommitted changes" if src.get("uncommitted_changes_in_package")
                      else ""))
    if run.get("note"):
        out.append(f"- note: {run['note']}")
    out.append(f"- suite `{run.get('suite')}`, engines {run.get('engines')}, per-row time "
               f"limit {run.get('time_limit')} s, jobs {run.get('jobs')}"
               + (f", scheduler {run['scheduler']}" if run.get("scheduler") else ""))
    out += [f"- skipped: {note['family']} / {note['engine']}: {note['reason']}"
            for note in run.get("skipped", [])]
    return out


def _size_line(cell_rows: list[dict[str, Any]], size: str, engines: list[str],
               ratio_cols: list[str], metric: str) -> list[str]:
    """One table row: boards, each engine's median (solved/total), the SAT ratios."""
    line = [size, str(len({r["case"] for r in cell_rows}))]
    med: dict[str, float] = {}
    lim: dict[str, float | None] = {}
    for e in engines:
        er = [r for r in cell_rows if r["engine"] == e]
        if not er:
            line.append("-")
            med[e] = math.nan
            continue
        med[e] = median_time(_value(r, metric) for r in er)
        lim[e] = _limit(er)
        solved = sum(r["status"] in ("ok", "none") for r in er)
        line.append(f"{fmt_time(med[e], lim[e])} ({solved}/{len(er)})")
    line += [fmt_ratio(med["sat"], med[e], lim.get("sat"), lim.get(e)) for e in ratio_cols]
    return line


def plot(rows: Sequence[dict[str, Any]], out_dir: Path, metric: str = "cpu_s") -> list[Path]:
    """Time against board side per engine (log y), one PNG and one SVG per family/kind.

    Returns the files written; an empty list when matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    written: list[Path] = []
    kinds = sorted({(r["family"], r["kind"]) for r in rows})
    for fam, kind in kinds:
        fam_rows = [r for r in rows if r["family"] == fam and r["kind"] == kind]
        limit = _limit(fam_rows)
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        for position, e in enumerate(_engines_of(fam_rows)):
            by_side: dict[int, list[float]] = {}
            for r in fam_rows:
                if r["engine"] == e:
                    by_side.setdefault(int(r["side"]), []).append(_value(r, metric))
            xs = sorted(by_side)
            meds = [median_time(by_side[x]) for x in xs]
            done_x = [x for x, m in zip(xs, meds, strict=True) if math.isfinite(m)]
            done_y = [max(m, 1e-4) for m in meds if math.isfinite(m)]
            (line,) = ax.plot(done_x, done_y, marker="o", label=e)
            to_x = [x for x, m in zip(xs, meds, strict=True) if math.isinf(m)]
            if to_x and limit:
                # one row of crosses per engine, stacked just above the limit line
                ax.plot(to_x, [limit * 1.25**position] * len(to_x), marker="x",
                        linestyle="none", color=line.get_color(), markersize=9)
        if limit:
            ax.axhline(limit, color="grey", linestyle=":", linewidth=1)
            ax.text(0.01, limit, f"time limit {limit:g} s (x: median timed out)",
                    transform=ax.get_yaxis_transform(), va="bottom", fontsize=8, color="grey")
        ax.set_yscale("log")
        sides = sorted({int(r["side"]) for r in fam_rows})
        if len(sides) > 1 and sides[-1] / max(sides[0], 1) >= 4:
            ax.set_xscale("log")
            ax.set_xticks(sides)
            ax.set_xticklabels([str(s) for s in sides])
            ax.minorticks_off()
        ax.set_xlabel("board side (cells)")
        ax.set_ylabel(f"median {'CPU' if metric == 'cpu_s' else 'wall'} time (s)")
        ax.set_title(f"{fam} / {kind}")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = out_dir / f"time_vs_size_{fam}_{kind}.{ext}"
            fig.savefig(path, dpi=110)
            written.append(path)
        plt.close(fig)
    return written


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k in CSV_COLUMNS:
        v = row.get(k, "")
        if isinstance(v, (dict, list)):
            v = json.dumps(v, sort_keys=True)
        elif isinstance(v, float):
            v = "" if math.isnan(v) else round(v, 6)
        out[k] = v
    return out


def read_results(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the rows of a ``results.jsonl`` written by :func:`write_all`."""
    header: dict[str, Any] = {}
    rows: list[dict[str, Any]] = []
    with Path(path).open() as handle:
        for line in handle:
            if not line.strip():
                continue
            item = json.loads(line)
            kind = item.pop("type", "row")
            if kind == "header":
                header = {"type": "header", **item}
            else:
                rows.append(item)
    return header, rows


def write_all(
    out_dir: str | Path,
    header: dict[str, Any],
    rows: Sequence[dict[str, Any]],
    failures: Sequence[dict[str, Any]] = (),
    formats: Sequence[str] = ("csv", "jsonl"),
    plots: bool = True,
    metric: str = "cpu_s",
    write_failures: bool = True,
) -> list[Path]:
    """Write every output into ``out_dir`` (created); the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ordered = sorted(rows, key=lambda r: (r["family"], r["kind"], r["side"], r["case"],
                                          r["engine"]))
    written: list[Path] = []
    (out / "header.json").write_text(json.dumps(header, indent=2, default=str) + "\n")
    written.append(out / "header.json")
    if "jsonl" in formats:
        path = out / "results.jsonl"
        with path.open("w") as handle:
            handle.write(json.dumps(header, default=str) + "\n")
            for r in ordered:
                handle.write(json.dumps({"type": "row", **r}, default=str) + "\n")
        written.append(path)
    if "csv" in formats:
        path = out / "results.csv"
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(CSV_COLUMNS))
            writer.writeheader()
            for r in ordered:
                writer.writerow(_flat(r))
        written.append(path)
    if write_failures:
        path = out / "failures.jsonl"
        with path.open("w") as handle:
            for r in failures:
                handle.write(json.dumps(r, default=str) + "\n")
        written.append(path)
    path = out / "summary.md"
    path.write_text(summary_markdown(ordered, header, failures, metric))
    written.append(path)
    if plots:
        written += plot(ordered, out, metric)
    return written

