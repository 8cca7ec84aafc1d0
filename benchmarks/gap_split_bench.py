"""Whether a puzz.link puzzle is unique under the Nikoli rule, its second search asked in
gap cubes (:mod:`numberlink_sat.numberlink.gap_cubes`) on several cores, with a log
that a later run resumes.

The first solution is the library's (``solve(p, fill=False)``); the second search runs
in ``--workers`` child processes, each cube for up to ``--cube-time-limit`` seconds of
CPU before it is cut by its next gap, until the verdict or ``--time-limit``. Progress
(every cube cut) goes to stderr with ``-v``; the result is one JSON object on stdout:
verdict, the second solution verified by the independent verifier, counts, seconds.

    python benchmarks/gap_split_bench.py --urls ../shared/corpus/numberlink/puzzlink/urls.txt \\
        --line 9 --workers 2 --time-limit 2700 --log 26x26-gap-cubes.jsonl -v

Exit 0 with a verdict, 3 when undecided at the time limit, 2 for bad arguments (a
message naming the file, line and column of a bad URL).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

import numberlink_sat as nl
from numberlink_sat.cli.common import positive_int, positive_seconds
from numberlink_sat.errors import NumberlinkSatError
from numberlink_sat.numberlink.gap_cubes import DEFAULT_CUBE_TIME_LIMIT, gap_split_search
from numberlink_sat.numberlink.solve import solve
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline

sys.path.insert(0, str(Path(__file__).parent))
from handmade_bench import read_urls


def run(puzzle: nl.Puzzle, *, workers: int, cube_time_limit: float,
        time_limit: float | None, log: str | None) -> dict[str, Any]:
    """The gap split of ``puzzle`` under the Nikoli rule, as one record."""
    started, deadline = time.perf_counter(), Deadline(time_limit)
    first = solve(puzzle, fill=False, time_limit=time_limit)
    if first is None:
        return {"verdict": "none", "seconds": round(time.perf_counter() - started, 2)}
    first_seconds = time.perf_counter() - started
    split = gap_split_search(puzzle, first, rules={"fill": False},
                             cube_time_limit=cube_time_limit, deadline=deadline,
                             workers=workers, log=log)
    second_checked = None if split.second is None else not verify(puzzle, split.second,
                                                                   fill=False)
    return {"size": f"{puzzle.width}x{puzzle.height}", "pairs": len(puzzle.endpoints),
            "verdict": split.verdict, "second_verified": second_checked,
            "first_seconds": round(first_seconds, 2), "sides": split.sides,
            "asked": split.asked, "proven": split.proven, "refuted": split.refuted,
            "from_log": split.from_log, "cut": split.cut, "pruned": split.pruned,
            "blocks": split.blocks, "open": len(split.open),
            "open_first": [list(cube.gaps) for cube in split.open[:20]],
            "seconds": round(split.seconds, 1), "cpu_seconds": round(split.cpu_seconds, 1),
            "workers": workers, "cube_time_limit": cube_time_limit}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="the puzzle as a puzz.link URL")
    source.add_argument("--urls", type=Path, help="a file of puzz.link URLs, one a line")
    parser.add_argument("--line", type=positive_int, default=1,
                        help="which URL of --urls (from 1)")
    parser.add_argument("--workers", type=positive_int, default=2)
    parser.add_argument("--cube-time-limit", type=positive_seconds,
                        default=DEFAULT_CUBE_TIME_LIMIT)
    parser.add_argument("--time-limit", type=positive_seconds, default=None)
    parser.add_argument("--log", help="a JSON-lines file of cubes proven (resumed)")
    parser.add_argument("-v", "--verbose", action="store_true", help="progress on stderr")
    args = parser.parse_args(argv)
    if args.verbose:
        logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                            format="%(asctime)s %(message)s")
        logging.getLogger("numberlink_sat.numberlink.solve").setLevel(logging.WARNING)
    if args.urls is not None:
        urls = read_urls(args.urls)
        if not 1 <= args.line <= len(urls):
            parser.error(f"{args.urls} has {len(urls)} URLs, not a line {args.line}")
    try:
        puzzle = (nl.parse(args.url, format="puzzlink") if args.url is not None
                  else urls[args.line - 1][1])
        record = run(puzzle, workers=args.workers, cube_time_limit=args.cube_time_limit,
                     time_limit=args.time_limit, log=args.log)
    except NumberlinkSatError as error:
        parser.error(str(error))
    print(json.dumps(record))
    return 0 if record["verdict"] != "undecided" else 3


if __name__ == "__main__":
    sys.exit(main())
