"""Check a DRAT/DRUP refutation with ``dratify``, a checker that shares no code with
the SAT solvers, within an optional time limit.

``dratify`` replays the proof forward: every added clause must follow from the
clauses present at that point by unit propagation (RUP) or be a resolution
asymmetric tautology (RAT), and the proof must reach the empty clause.

>>> check_refutation(2, [(1, 2), (-1, 2), (1, -2), (-1, -2)], "2 0\\n0\\n").ok
True
>>> check_refutation(2, [(1, 2), (-1, 2), (1, -2)], "2 0\\n0\\n").reason
'step 2: clause is neither RUP nor RAT with respect to the clauses available at this point'
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

from numberlink_sat.certify.layout import CertificateUnreadable

__all__ = ["RefutationCheck", "check_refutation", "checker_version"]

_STEPS_BETWEEN_CLOCK_READS = 2_000


@dataclass
class RefutationCheck:
    """The outcome: ``ok`` (the proof refutes the formula), why, and the work done.

    ``timed_out`` means the time limit passed first: neither accepted nor rejected.
    """

    ok: bool
    reason: str
    steps: int = 0
    rup_steps: int = 0
    rat_steps: int = 0
    seconds: float = 0.0
    timed_out: bool = False


class _OutOfTime(Exception):
    pass


def checker_version() -> str:
    """``dratify`` and its version (``CertificateUnreadable`` when it is not installed)."""
    return f"dratify {_dratify().__version__}"


def _dratify() -> ModuleType:
    try:
        import dratify
    except ImportError:
        raise CertificateUnreadable(
            "checking a proof needs the dratify package: pip install 'numberlink-sat[certify]'"
        ) from None
    return dratify


def check_refutation(num_vars: int, clauses: Sequence[Sequence[int]], proof: str,
                     time_limit: float | None = None) -> RefutationCheck:
    """Whether ``proof`` (DRAT text) refutes the clauses (DIMACS literals)."""
    dratify = _dratify()
    started = time.perf_counter()
    formula = dratify.CNF(num_vars)
    for clause in clauses:
        formula.add_dimacs(clause)
    try:
        steps = dratify.parse_proof(proof)
    except ValueError as exc:
        return RefutationCheck(False, f"the proof cannot be read: {exc}")
    bound = num_vars + sum(len(lits) for _kind, lits in steps)
    for number, (_kind, lits) in enumerate(steps, 1):
        if any((lit >> 1) + 1 > bound for lit in lits):
            return RefutationCheck(False, f"step {number}: a variable beyond any the proof "
                                          "could introduce")
    checker = dratify.DRATChecker(formula)

    def paced() -> Iterator[tuple[str, tuple[int, ...]]]:
        for number, step in enumerate(steps):
            if (time_limit is not None and number % _STEPS_BETWEEN_CLOCK_READS == 0
                    and time.perf_counter() - started > time_limit):
                raise _OutOfTime
            yield step

    try:
        result = checker.check(paced())
    except _OutOfTime:
        done = checker.result
        return RefutationCheck(False, f"time limit of {time_limit:g} s passed after "
                               f"{done.steps} of {len(steps)} proof steps",
                               steps=done.steps, rup_steps=done.rup_steps,
                               rat_steps=done.rat_steps,
                               seconds=time.perf_counter() - started, timed_out=True)
    reason = str(result.reason)
    if not result.ok and result.failed_step > 0:
        reason = f"step {result.failed_step}: {reason}"
    return RefutationCheck(bool(result.ok), reason, steps=int(result.steps),
                           rup_steps=int(result.rup_steps), rat_steps=int(result.rat_steps),
                           seconds=time.perf_counter() - started)
