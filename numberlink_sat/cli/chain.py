"""``numberlink-sat chain``: the Number Chain (数字接龙) contest program.

Reads the contest input (``N K`` and N rows of N labels) from a file or standard
input and prints exactly the contest output: the smallest direction string, ``-1``,
or an empty line for a 1x1 board holding 0. The exit status is 0 whenever an answer
is printed (``-1`` included); bad input exits 2, a passed time limit 4.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from numberlink_sat.cli.common import EXIT_OK, add_solver_options, parse_input, time_left
from numberlink_sat.errors import InternalError
from numberlink_sat.numchain.model import format_answer, parse
from numberlink_sat.numchain.solve import METHODS, solve
from numberlink_sat.numchain.verify import verify

__all__ = ["register", "run"]


def run(args: argparse.Namespace) -> int:
    """Solve one board and print the contest answer line."""
    started = time.perf_counter()
    puzzle = parse_input(args.file, parse)
    answer = solve(puzzle, args.method, solver=args.solver,
                   time_limit=time_left(args, started))
    if answer is not None:
        problems = verify(puzzle, answer)
        if problems:  # a solver bug: never print a wrong answer silently
            raise InternalError(f"the {args.method} answer {answer!r} "
                                f"fails verification: {problems[0]}")
    print(format_answer(answer))
    return EXIT_OK


def register(sub: Any) -> None:
    """Add the ``chain`` subcommand."""
    parser = sub.add_parser(
        "chain",
        help="Number Chain (数字接龙): print the smallest direction string or -1",
        description=(
            "Solve a Number Chain board in the contest format (first line 'N K', then N "
            "lines of N labels) and print the contest answer: the lexicographically "
            "smallest direction string, -1 when no path exists, or an empty line for a "
            "1x1 board holding 0. Exit status 0 whenever an answer is printed."
        ),
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="the board (default '-': standard input)")
    parser.add_argument("--method", choices=METHODS, default="sat",
                        help="engine: sat (default), dfs (the contest's search, mended), "
                             "dfs-pruned, brute (tiny boards only)")
    add_solver_options(parser)
    parser.set_defaults(func=run)
