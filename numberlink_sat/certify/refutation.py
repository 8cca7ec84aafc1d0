"""Check a DRAT/DRUP refutation with ``dratify``, a checker that shares no code with
the SAT solvers, within an optional time limit.

``dratify`` replays the proof forward: every added clause must follow from the
clauses present at that point by unit propagation (RUP) or be a resolution
asymmetric tautology (RAT), and the proof must reach the empty clause.

>>> check_refutation(2, [(1, 2), (-1, 2), (1, -2), (-1, -2)], "2 0\\n0\\n").ok
True
>>> check_refutation(2, [(1, 2), (-1, 2), (1, -2)], "2 0\\n0\\n", engine="python").reason
'step 2: clause is neither RUP nor RAT with respect to the clauses available at this point'

Two engines: ``python`` (dratify's own pure-Python checker, paced so that a time
limit stops it between steps) and ``native`` (dratify's Rust checker, which the
``cdclkit-native`` package registers; about 5-30x faster here; under a time limit it
runs in a child process that is stopped at the limit). ``auto`` takes the native one
when it is installed. Both are independent of PySAT; dratify tests them against
each other.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

from numberlink_sat.certify.layout import CertificateUnreadable

__all__ = ["ENGINES", "RefutationCheck", "check_refutation", "checker_version",
           "native_available"]

ENGINES = ("auto", "python", "native")
"""Which DRAT checker runs: ``auto`` (native when installed), ``python``, ``native``."""

_STEPS_BETWEEN_CLOCK_READS = 2_000

_NATIVE_IN_PROCESS_STEPS = 20_000
"""Proofs up to this many steps are checked natively in this process even under a time
limit (measured: well under 0.2 s), when more than a second is left; longer ones run in
a child process that is stopped at the limit."""


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


def native_available() -> bool:
    """Whether dratify's native checker is installed (``cdclkit-native`` registers it)."""
    dratify = _dratify()
    if not dratify.native_available():
        try:
            import cdclkit  # noqa: F401  (importing it registers the native checker)
        except ImportError:
            return False
    return bool(dratify.native_available())


def _engine(engine: str) -> str:
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")
    if engine == "python" or (engine == "auto" and not native_available()):
        return "python"
    if not native_available():
        raise CertificateUnreadable(
            "the native proof checker is not installed: "
            "pip install 'numberlink-sat[certify-native]'")
    return "native"


def checker_version(engine: str = "auto") -> str:
    """The checker that ``engine`` runs, with its version."""
    kind = "native engine" if _engine(engine) == "native" else "pure Python"
    return f"dratify {_dratify().__version__}, {kind}"


def _dratify() -> ModuleType:
    try:
        import dratify
    except ImportError:
        raise CertificateUnreadable(
            "checking a proof needs the dratify package: pip install 'numberlink-sat[certify]'"
        ) from None
    return dratify


def check_refutation(num_vars: int, clauses: Sequence[Sequence[int]], proof: str,
                     time_limit: float | None = None, engine: str = "auto") -> RefutationCheck:
    """Whether ``proof`` (DRAT text) refutes the clauses (DIMACS literals)."""
    engine = _engine(engine)
    dratify = _dratify()
    started = time.perf_counter()
    formula = dratify.CNF(num_vars)
    for clause in clauses:  # DIMACS -> dratify's internal literals (2 * (v - 1) + sign)
        formula.add([(abs(d) - 1) << 1 | (d < 0) for d in clause])
    try:
        steps = dratify.parse_proof(proof)
    except ValueError as exc:
        return RefutationCheck(False, f"the proof cannot be read: {exc}")
    if engine == "native":  # dratify bounds the literals itself on this path
        return _native(dratify, formula, steps, started, time_limit)
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


def _result(fields: tuple[bool, str, int, int, int, int], seconds: float) -> RefutationCheck:
    ok, reason, steps, rup, rat, failed = fields
    if not ok and failed > 0:
        reason = f"step {failed}: {reason}"
    return RefutationCheck(ok, reason, steps=steps, rup_steps=rup, rat_steps=rat,
                           seconds=seconds)


def _native(dratify: ModuleType, formula: object, steps: list[tuple[str, tuple[int, ...]]],
            started: float, time_limit: float | None) -> RefutationCheck:
    """The native checker; under a time limit in a child process stopped at the limit."""
    def run() -> tuple[bool, str, int, int, int, int]:
        try:
            r = dratify.check_proof(formula, steps, engine="native")
        except ValueError as exc:  # a literal no proof of this formula can hold
            return False, f"the proof cannot be used: {exc}", 0, 0, 0, 0
        return (bool(r.ok), str(r.reason), int(r.steps), int(r.rup_steps), int(r.rat_steps),
                int(r.failed_step))

    left = None if time_limit is None else time_limit - (time.perf_counter() - started)
    if (left is None or "fork" not in multiprocessing.get_all_start_methods()
            or (len(steps) <= _NATIVE_IN_PROCESS_STEPS and left > 1.0)):
        return _result(run(), time.perf_counter() - started)
    left = max(0.0, left)
    fields = _in_child(run, left)
    if fields is None:
        return RefutationCheck(False, f"time limit of {time_limit:g} s passed while the "
                               f"native checker ran ({len(steps)} proof steps)",
                               seconds=time.perf_counter() - started, timed_out=True)
    return _result(fields, time.perf_counter() - started)


def _in_child(fn: Callable[[], tuple[bool, str, int, int, int, int]],
              seconds: float) -> tuple[bool, str, int, int, int, int] | None:
    """``fn()`` in a forked child; ``None`` if it has not answered within ``seconds``."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def child() -> None:
        sender.send(fn())

    process = context.Process(target=child, daemon=True)
    process.start()
    sender.close()
    try:
        if receiver.poll(seconds):
            return receiver.recv()  # type: ignore[no-any-return]
        return None
    except EOFError:  # pragma: no cover - the child died without an answer
        raise RuntimeError("the native proof checker's process ended without an answer"
                           ) from None
    finally:
        process.kill()
        process.join()
        receiver.close()
