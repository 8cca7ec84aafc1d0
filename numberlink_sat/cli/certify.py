"""``numberlink-sat certify DIR`` and the ``--certificate DIR`` option of check/solve.

``certify`` checks a certificate directory with the independent checker
(:mod:`numberlink_sat.certify`) and prints what it checked and what it did not.
Exit 0 accepted, 1 rejected (the reason is printed), 2 unreadable, 4 time limit.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from numberlink_sat.cli.common import EXIT_NO_SOLUTION, EXIT_OK, EXIT_TIMEOUT, positive_seconds

__all__ = ["add_certificate_option", "certified_check", "certified_solve", "register"]

_STATUS = {"unique": "unique", "not unique": "multiple", "no solution": "no solution",
           "solvable": "solved"}


def register(sub: Any) -> None:
    """Add the ``certify`` subcommand."""
    p = sub.add_parser(
        "certify", help="check a certificate written by check/solve --certificate",
        description="Check the certificate in DIR without trusting the solver: the puzzle "
        "and solution with the independent verifier, every extra clause against its reason, "
        "the DRAT proof with dratify. Exit 0 accepted, 1 rejected, 2 unreadable, "
        "4 time limit.",
    )
    p.add_argument("directory", metavar="DIR", help="a certificate directory")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="SECONDS",
                   help="give up on the proof check after this many seconds (exit 4)")
    p.add_argument("--engine", default="auto", choices=("auto", "python", "native"),
                   help="DRAT checker: dratify's native engine when installed (auto), its "
                        "pure-Python one, or the native one")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.set_defaults(func=run_certify)


def run_certify(args: argparse.Namespace) -> int:
    """Check one certificate directory and print the report."""
    from numberlink_sat.certify import check_certificate

    report = check_certificate(args.directory, time_limit=args.time_limit, engine=args.engine)
    if args.json:
        print(json.dumps({
            "directory": str(report.directory), "claim": report.claim,
            "accepted": report.accepted, "reason": report.reason,
            "timed_out": report.timed_out, "checked": report.checked,
            "not_checked": report.not_checked,
        }))
    else:
        print(report.summary())
    if report.accepted:
        return EXIT_OK
    return EXIT_TIMEOUT if report.timed_out else EXIT_NO_SOLUTION


def add_certificate_option(parser: argparse.ArgumentParser) -> None:
    """``--certificate DIR`` on ``check`` and ``solve``."""
    parser.add_argument(
        "--certificate", metavar="DIR", default=None,
        help="answer by the plain SAT path and write a checkable certificate to DIR "
             "(DIR-2, DIR-3, ... for further puzzles); check it with 'certify DIR'")


def _certify(puzzle: Any, options: dict[str, Any], args: argparse.Namespace, out: str,
             question: str) -> Any:
    from numberlink_sat.numberlink.certificate import certificate

    cert = certificate(puzzle, out=out, question=question, solver=args.solver,
                       time_limit=args.time_limit, **options)
    note = "" if cert.complete else f" (incomplete: {cert.incomplete})"
    print(f"numberlink-sat: certificate of '{cert.claim}' written to {out}{note}",
          file=sys.stderr)
    return cert


def certified_check(puzzle: Any, options: dict[str, Any], args: argparse.Namespace,
                    out: str) -> tuple[str, list[Any]]:
    """``check`` by the certificate path: the status and the solutions found."""
    from numberlink_sat.errors import SolveTimeout

    try:
        cert = _certify(puzzle, options, args, out, "unique")
    except SolveTimeout:
        return "timeout", []
    return _STATUS[cert.claim], list(cert.solutions)


def certified_solve(puzzle: Any, options: dict[str, Any], args: argparse.Namespace,
                    out: str) -> Any:
    """``solve`` by the certificate path: the solution, or ``None`` (no solution)."""
    cert = _certify(puzzle, options, args, out, "solve")
    return cert.solutions[0] if cert.solutions else None
