"""``numberlink-sat llk solve|hint|generate``: the Lianliankan (Shisen-Sho) subcommands.

Exit codes: 0 solved (or a hint / a board printed), 1 the board cannot be cleared,
2 bad input, 4 time limit passed.

Boards are read as rows of integers (0 empty) or JSON; orders print one move per line as
``r1 c1 r2 c2`` (0-based), or as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from numberlink_sat.cli.common import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    add_solver_options,
    parse_input,
    positive_seconds,
    time_left,
)

__all__ = ["register"]


def _board_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ring", action="store_true",
                        help="lines may run through one ring of empty cells around the board")
    parser.add_argument("--gravity", action="store_true",
                        help="KShisen gravity: after each removal the tiles above fall down")
    parser.add_argument("--json", action="store_true", help="print JSON")


def register(sub: Any) -> None:
    """Add the ``llk`` subcommand group."""
    llk = sub.add_parser(
        "llk", help="Lianliankan / Shisen-Sho: clear a board of tile pairs",
        description="Lianliankan (Shisen-Sho): remove pairs of equal tiles joined by a line "
                    "with at most two turns. Exit codes: 0 ok, 1 cannot be cleared, "
                    "2 bad input, 4 timeout.")
    verbs = llk.add_subparsers(dest="llk_command", metavar="VERB")
    verbs.required = True

    p = verbs.add_parser("solve", help="find an order that clears the board (exit 1: none)")
    p.add_argument("board", help="board file (rows of integers, 0 empty, or JSON); - = stdin")
    _board_options(p)
    p.add_argument("--method", choices=("auto", "search", "sat"), default="auto",
                   help="engine (default auto: search, with SAT slices on small boards)")
    add_solver_options(p)
    p.set_defaults(func=_solve)

    p = verbs.add_parser("hint", help="a move after which the board can still be cleared")
    p.add_argument("board", help="board file; - = stdin")
    _board_options(p)
    add_solver_options(p)
    p.set_defaults(func=_hint)

    p = verbs.add_parser("generate", help="a full board that is clearable by construction")
    p.add_argument("rows", type=int, help="board height, in cells")
    p.add_argument("cols", type=int, help="board width, in cells")
    p.add_argument("--copies", type=int, choices=(2, 4), default=4,
                   help="tiles of each picture (default 4; the cell count must be a multiple)")
    p.add_argument("--pictures", type=int, default=None,
                   help="cycle pairs over this many pictures instead (KShisen: 36)")
    p.add_argument("--seed", type=int, default=None, help="random seed")
    p.add_argument("--order", action="store_true", help="also print the clearing order")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="SECONDS",
                   help="give up after this many seconds (exit 4)")
    _board_options(p)
    p.set_defaults(func=_generate)


def _read(args: argparse.Namespace) -> Any:
    from numberlink_sat.lianliankan.board import parse_board

    return parse_input(args.board, parse_board)


def _move_text(move: Any) -> str:
    (r1, c1), (r2, c2) = move
    return f"{r1} {c1} {r2} {c2}"


def _move_json(move: Any) -> list[list[int]]:
    return [list(move[0]), list(move[1])]


def _solve(args: argparse.Namespace) -> int:
    from numberlink_sat.lianliankan.solve import solve

    started = time.perf_counter()
    board = _read(args)
    order = solve(board, outside_ring=args.ring, gravity=args.gravity,
                  time_limit=time_left(args, started), method=args.method, solver=args.solver)
    if args.json:
        print(json.dumps({"clearable": order is not None,
                          "order": None if order is None else [_move_json(m) for m in order]}))
    elif order is None:
        print("cannot be cleared", file=sys.stderr)
    else:
        for move in order:
            print(_move_text(move))
    return EXIT_OK if order is not None else EXIT_NO_SOLUTION


def _hint(args: argparse.Namespace) -> int:
    from numberlink_sat.lianliankan.play import hint, is_stuck

    started = time.perf_counter()
    board = _read(args)
    if board.is_clear():
        print("the board is already clear", file=sys.stderr)
        return EXIT_OK
    move = hint(board, outside_ring=args.ring, gravity=args.gravity,
                time_limit=time_left(args, started), solver=args.solver)
    stuck = is_stuck(board, outside_ring=args.ring)
    if args.json:
        print(json.dumps({"clearable": move is not None, "stuck": stuck,
                          "move": None if move is None else _move_json(move)}))
    elif move is None:
        print("stuck: no move" if stuck else "cannot be cleared (moves exist, all lose)",
              file=sys.stderr)
    else:
        print(_move_text(move))
    return EXIT_OK if move is not None else EXIT_NO_SOLUTION


def _generate(args: argparse.Namespace) -> int:
    from numberlink_sat.lianliankan.play import generate_with_order

    board, order = generate_with_order(args.rows, args.cols, copies=args.copies,
                                       seed=args.seed, outside_ring=args.ring,
                                       gravity=args.gravity, pictures=args.pictures,
                                       time_limit=args.time_limit)
    if args.json:
        data: dict[str, Any] = {"board": board.to_rows(), "ring": args.ring,
                                "gravity": args.gravity}
        if args.order:
            data["order"] = [_move_json(m) for m in order]
        print(json.dumps(data))
    else:
        print(board.to_text())
        if args.order:
            print()
            for move in order:
                print("# " + _move_text(move))
    return EXIT_OK
