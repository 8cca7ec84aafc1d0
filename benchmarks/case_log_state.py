"""Where a held-path proof's final search in cases stands, read from its case log.

A long final search in cases (``numberlink.held_cases.split_final_search``, or
``numberlink-sat check --by-held-paths ... --case-time-limit S --chain-log LOG``) keeps
every case proven and every case split in its log. This script reads that log back into
the tree of cases the search would walk (``held_cases.case_state``: the same splitting,
the same fingerprints, no case asked) and prints where it stands: the cases proven, the
cases split after their time, the cases still pending (in the order the search would ask
them), and, with ``--by-last-cut``, the seconds proven and lost to splits by the kind of
each case's last cut. The known solution is ``solve(puzzle)`` under the rule asked: on
a unique puzzle that is the one the log was written for.

    python benchmarks/case_log_state.py --urls ../shared/corpus/numberlink/puzzlink/urls.txt \\
        --line 9 --rule nikoli --held 6,15,18 --presplit 1 --eager-split \\
        --case-order late-first --by-last-cut \\
        benchmarks/results/held/cases-session36/26x26-cases.jsonl

(the hand-made 26x26's state, ``benchmarks/results/held/cases-session36/26x26-state.txt``).
Prints to standard output; exit 2 for a bad argument, a file that cannot be read or a
puzzle without a solution under the rule.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

import numberlink_sat as nl
from numberlink_sat.errors import NumberlinkSatError
from numberlink_sat.numberlink.held_cases import (
    CASE_ORDERS,
    DEFAULT_CASE_FAN,
    CaseState,
    Cut,
    FinalCase,
    case_state,
)

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import read_urls


def last_cut_kind(cuts: Sequence[Cut]) -> str:
    """The kind of a case's last cut, for the table by last cut.

    >>> last_cut_kind((Cut("6", 0, 1),)), last_cut_kind((Cut("6", 0, 8), ))
    ('edge 1', 'run from edge 1')
    >>> last_cut_kind((Cut("6", 3, 4),)), last_cut_kind((Cut("6", 3, 9),))
    ('one later edge', 'run of later edges')
    >>> last_cut_kind((Cut("6", 9, 9),)), last_cut_kind(())
    ('kept whole', 'the whole search')
    """
    if not cuts:
        return "the whole search"
    last = cuts[-1]
    if last.kept == last.upto:
        return "kept whole"
    if last.kept == 0:
        return "edge 1" if last.upto == 1 else "run from edge 1"
    return "one later edge" if last.upto == last.kept + 1 else "run of later edges"


def by_last_cut(state: CaseState) -> list[str]:
    """Lines of a Markdown table: per kind of last cut, the cases proven (count, median
    and total seconds) and split after their time (count, seconds lost)."""
    kinds: dict[str, tuple[list[float], list[float]]] = {}
    for cases, column in ((state.proven, 0), (state.split, 1)):
        for case in cases:
            kinds.setdefault(last_cut_kind(case.cuts), ([], []))[column].append(case.seconds)
    lines = ["| last cut | proven | median s | proven s | split after their time | lost s |",
             "| --- | --- | --- | --- | --- | --- |"]
    for kind, (proven, split) in sorted(kinds.items()):
        median = f"{statistics.median(proven):.1f}" if proven else "-"
        lines.append(f"| {kind} | {len(proven)} | {median} | {sum(proven):.0f} | "
                     f"{len(split)} | {sum(split):.0f} |")
    return lines


def report(state: CaseState, *, table: bool) -> str:
    """The state as text: the summary line, the pending cases, the table if asked."""
    lines = [state.summary()]
    lines += [f"  pending: {FinalCase(cuts, 'pending', 0.0, 0.0).describe()}"
              for cuts in state.pending]
    if table:
        lines += ["", *by_last_cut(state)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, read the puzzle and the log, print the state."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, help="the case log (JSON lines)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="the puzzle as a puzz.link URL")
    source.add_argument("--urls", type=Path, help="a file of puzz.link URLs, one a line")
    parser.add_argument("--line", type=int, default=1, help="which line of --urls (from 1)")
    parser.add_argument("--rule", choices=("nikoli", "fill"), default="nikoli")
    parser.add_argument("--held", required=True, help="the held paths, e.g. 6,15,18")
    parser.add_argument("--fan", type=int, default=DEFAULT_CASE_FAN)
    parser.add_argument("--presplit", type=int, default=0)
    parser.add_argument("--case-order", choices=CASE_ORDERS, default="made")
    parser.add_argument("--eager-split", action="store_true")
    parser.add_argument("--by-last-cut", action="store_true",
                        help="add a table of seconds by the kind of each case's last cut")
    args = parser.parse_args(argv)
    if not args.log.is_file():
        parser.error(f"{args.log}: no such log")
    if args.urls is not None:
        urls = read_urls(args.urls)
        if not 1 <= args.line <= len(urls):
            parser.error(f"{args.urls} has {len(urls)} URLs, not a line {args.line}")
    fill = args.rule == "fill"
    try:
        puzzle = (nl.parse(args.url, format="puzzlink") if args.url is not None
                  else urls[args.line - 1][1])
        solution = nl.solve(puzzle, fill=fill)
        if solution is None:
            parser.error(f"the puzzle has no solution under the {args.rule} rule")
        state = case_state(puzzle, solution, args.held.split(","), rules={"fill": fill},
                           log=args.log, fan=args.fan, presplit=args.presplit,
                           case_order=args.case_order, eager_split=args.eager_split)
    except NumberlinkSatError as error:
        parser.error(str(error))
    sys.stdout.write(report(state, table=args.by_last_cut))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
