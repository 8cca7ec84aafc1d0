"""Certificates: an answer about a Numberlink puzzle that others can check without us.

:func:`certificate` answers "unique?" (or "solvable?") by the plain SAT path under
exactly the rules asked for: no restricted first try, no window search, no pre-check,
no absorption. It builds the CNF, runs the lazy-cut loop on one incremental solver,
blocks the first solution and goes on to UNSAT, recording every extra clause with its
reason (a loop cut: the cell set of the loop; a block: the solution it excludes). The
final formula (base clauses, then the extras) is written as DIMACS and solved once
more, from scratch, by a proof-logging solver; its DRAT proof goes beside it. The
checker in :mod:`numberlink_sat.certify` reads the directory with code of its own.

The files are listed in :mod:`numberlink_sat.certify.layout`. A proof that passes
``time_limit`` or ``max_proof_bytes`` is not written: the certificate then says it is
incomplete and why, and the checker rejects it.

>>> import tempfile
>>> from numberlink_sat.numberlink.model import Puzzle
>>> p = Puzzle(2, 2, {"1": ((0, 0), (0, 1)), "2": ((1, 0), (1, 1))})
>>> with tempfile.TemporaryDirectory() as out:
...     cert = certificate(p, out=out)
...     cert.claim, cert.complete, len(cert.solutions)
('unique', True, 1)
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from pysat.solvers import Solver

from numberlink_sat.certify import layout
from numberlink_sat.errors import InternalError
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.formats import format_puzzle, format_solution
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import Model, SatSession
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, check_solver, ctrl_c_as_interrupt

__all__ = [
    "DEFAULT_PROOF_SOLVER",
    "PROOF_SOLVERS",
    "QUESTIONS",
    "Certificate",
    "certificate",
]

PROOF_SOLVERS: tuple[str, ...] = (
    "cadical153",
    "cadical195",
    "cadical300",
    "glucose3",
    "glucose4",
    "glucose42",
    "lingeling",
    "maplechrono",
    "maplecm",
)
"""PySAT solvers whose ``with_proof=True`` proofs ``dratify`` accepted (measured; see
``docs/certificates.md``). ``maplesat`` writes proofs with shifted variables, MiniSat,
Minicard and MergeSat write none."""

DEFAULT_PROOF_SOLVER = "cadical195"

QUESTIONS = ("unique", "solve")
"""``unique``: is there exactly one solution? ``solve``: is there any?"""

_SLICE = 20_000  # conflicts per proof-solver call between clock and size checks


@dataclass(frozen=True)
class Certificate:
    """What :func:`certificate` wrote to ``directory`` and what it claims.

    ``claim`` is one of ``unique``, ``no solution``, ``not unique``, ``solvable``;
    ``complete`` is False when the proof was not produced (``incomplete`` says why).
    Sizes and timings are those of the final formula and its proof.
    """

    directory: Path
    claim: str
    complete: bool
    incomplete: str | None
    solutions: tuple[Solution, ...]
    variables: int = 0
    base_clauses: int = 0
    extra_clauses: int = 0
    loop_cuts: int = 0
    proof_lines: int = 0
    proof_bytes: int = 0
    proof_solver: str = ""
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def needs_proof(self) -> bool:
        """Whether the claim rests on a refutation (``unique``, ``no solution``)."""
        return self.claim in ("unique", "no solution")


@dataclass
class _Extra:
    tag: str
    clauses: list[list[int]]
    cells: list[list[int]] | None = None
    gate: int | None = None

    def as_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"tag": self.tag}
        if self.tag == "block":
            entry["solution"] = layout.SOLUTION
        else:
            entry["cells"] = self.cells
            if self.gate is not None:
                entry["gate"] = self.gate
        entry["clauses"] = self.clauses
        return entry


class _Search:
    """The plain lazy-cut search on one incremental solver, recording every extra clause."""

    def __init__(self, enc: NumberlinkEncoding, session: SatSession) -> None:
        self.enc = enc
        self.session = session
        self.extras: list[_Extra] = []
        self.first_model: Model | None = None

    def cuts(self, model: Model) -> list[list[int]]:
        enc = self.enc
        found = enc.loop_cuts(model)
        for cells, clauses in found:
            gate = None if enc.options.fill else -clauses[0][0]
            self.extras.append(_Extra("loop-cut", [list(c) for c in clauses],
                                      [list(divmod(i, enc.width)) for i in sorted(cells)], gate))
        return [clause for _cells, clauses in found for clause in clauses]

    def solutions(self, limit: int) -> list[Solution]:
        """Up to ``limit`` distinct verified solutions; each but the last is blocked."""
        found: list[Solution] = []
        while len(found) < limit:
            model = self.session.solve_with_cuts(self.cuts)
            if model is None:
                break
            solution = self.enc.decode(model)
            problems = verify(self.enc.puzzle, solution, **self.enc.options.as_kwargs())
            if problems or solution in found:  # pragma: no cover - an encoder bug
                raise InternalError("certificate search: invalid solution: "
                                    + "; ".join(problems or ["found twice"]))
            if not found:
                self.first_model = model
            found.append(solution)
            if len(found) < limit:
                block = self.enc.solution_blocking_clause(solution)
                self.extras.append(_Extra("block", [block]))
                self.session.add_clause(block)
        return found


def certificate(
    puzzle: Puzzle,
    *,
    fill: bool = True,
    no_touch: bool = False,
    no_2x2: bool = False,
    out: str | Path,
    question: str = "unique",
    solver: str = DEFAULT_SOLVER,
    proof_solver: str = DEFAULT_PROOF_SOLVER,
    time_limit: float | None = None,
    max_proof_bytes: int | None = None,
) -> Certificate:
    """Answer ``question`` about ``puzzle`` and write a checkable certificate to ``out``.

    ``question="unique"`` yields ``unique``, ``not unique`` (two verified solutions) or
    ``no solution``; ``"solve"`` yields ``solvable`` (a verified solution) or ``no
    solution``. ``solver`` runs the incremental search, ``proof_solver`` (one of
    :data:`PROOF_SOLVERS`) the final proof-logging solve. ``time_limit`` bounds it all:
    past it during the search :class:`~numberlink_sat.errors.SolveTimeout` is raised
    (nothing is known yet); past it during the proof, or with a proof over
    ``max_proof_bytes``, the certificate is written incomplete, saying why.
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"expected a Puzzle, got {type(puzzle).__name__}")
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {QUESTIONS}, not {question!r}")
    if proof_solver not in PROOF_SOLVERS:
        raise ValueError(f"proof_solver must be one of {', '.join(PROOF_SOLVERS)}, "
                         f"not {proof_solver!r}")
    check_solver(solver)
    deadline = Deadline(time_limit)
    options = RuleOptions(fill=fill, no_touch=no_touch, no_2x2=no_2x2)
    directory = _prepare(Path(out))
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    enc = NumberlinkEncoding(puzzle, options, deadline)
    base_top = enc.num_vars  # the variables of the base formula (loop cuts add gates)
    with SatSession(enc, solver=solver, deadline=deadline) as session:
        search = _Search(enc, session)
        found = search.solutions(2 if question == "unique" else 1)
    seconds["search"] = time.perf_counter() - started
    claim = _claim(question, len(found))
    _write_answer(directory, puzzle, options, found)
    if claim not in ("unique", "no solution"):
        _write_manifest(directory, claim, options, solver, seconds, extra={"complete": True})
        return Certificate(directory, claim, True, None, tuple(found), seconds=seconds)
    return _prove(directory, claim, enc, search, tuple(found), deadline, proof_solver,
                  max_proof_bytes, seconds, solver, base_top)


def _claim(question: str, count: int) -> str:
    if count == 0:
        return "no solution"
    if question == "solve":
        return "solvable"
    return "unique" if count == 1 else "not unique"


def _prepare(directory: Path) -> Path:
    """Create ``directory``; remove certificate files an earlier run left in it."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in (layout.MANIFEST, layout.RULES, layout.PUZZLE, layout.SOLUTION,
                 layout.SECOND, layout.MODEL, layout.FORMULA, layout.EXTRAS, layout.VARMAP,
                 layout.PROOF):
        (directory / name).unlink(missing_ok=True)
    return directory


def _write_answer(directory: Path, puzzle: Puzzle, options: RuleOptions,
                  found: Sequence[Solution]) -> None:
    (directory / layout.PUZZLE).write_text(format_puzzle(puzzle, "json"), encoding="utf-8")
    (directory / layout.RULES).write_text(json.dumps(options.as_kwargs()) + "\n",
                                          encoding="utf-8")
    for name, solution in zip((layout.SOLUTION, layout.SECOND), found, strict=False):
        (directory / name).write_text(format_solution(solution, puzzle=puzzle), encoding="utf-8")


# Kept whole (PLR0913): one step of certify; the run's state passes in as arguments
def _prove(directory: Path, claim: str, enc: NumberlinkEncoding, search: _Search,  # noqa: PLR0913
           found: tuple[Solution, ...], deadline: Deadline, proof_solver: str,
           max_proof_bytes: int | None, seconds: dict[str, float],
           solver: str, base_top: int) -> Certificate:
    started = time.perf_counter()
    base = enc.num_clauses
    variables = enc.num_vars  # gates of loop cuts included: the pool handed them out
    extras = [clause for extra in search.extras for clause in extra.clauses]
    digest = _write_formula(directory / layout.FORMULA, enc, extras, variables)
    _write_jsonl(directory / layout.EXTRAS, (extra.as_json() for extra in search.extras))
    _write_varmap(directory / layout.VARMAP, enc)
    if search.first_model is not None:
        _write_model(directory / layout.MODEL, search.first_model, base_top)
    seconds["write"] = time.perf_counter() - started
    started = time.perf_counter()
    proof, incomplete = _refute(enc, extras, proof_solver, deadline, max_proof_bytes)
    proof_bytes = 0
    if proof is not None:
        text = "\n".join(proof) + "\n"
        (directory / layout.PROOF).write_text(text, encoding="ascii")
        proof_bytes = len(text)
    seconds["proof"] = time.perf_counter() - started
    cuts = sum(1 for extra in search.extras if extra.tag == "loop-cut")
    cert = Certificate(
        directory, claim, incomplete is None, incomplete, found, variables=variables,
        base_clauses=base, extra_clauses=len(extras), loop_cuts=cuts,
        proof_lines=len(proof) if proof is not None else 0, proof_bytes=proof_bytes,
        proof_solver=proof_solver, seconds=seconds,
    )
    _write_manifest(directory, claim, enc.options, solver, seconds, extra={
        "complete": cert.complete, "incomplete": incomplete, "proof_solver": proof_solver,
        "variables": variables, "base_clauses": base, "extra_clauses": len(extras),
        "loop_cuts": cuts, "blocks": len(search.extras) - cuts,
        "proof_lines": cert.proof_lines, "proof_bytes": proof_bytes,
        "formula_sha256": digest,
    })
    return cert


def _clause_lines(enc: NumberlinkEncoding, extras: list[list[int]]) -> Iterator[str]:
    for clause in enc.clauses:
        yield " ".join(map(str, clause)) + " 0\n"
    for block in enc.blocks:
        for start in range(0, len(block), 1 << 16):
            rows = block[start:start + (1 << 16)].tolist()
            yield "".join(" ".join(map(str, row)) + " 0\n" for row in rows)
    for clause in extras:
        yield " ".join(map(str, clause)) + " 0\n"


def _write_formula(path: Path, enc: NumberlinkEncoding, extras: list[list[int]],
                   variables: int) -> str:
    """Write the DIMACS file; return its SHA-256."""
    digest = hashlib.sha256()
    total = enc.num_clauses + len(extras)
    with path.open("w", encoding="ascii") as handle:
        for piece in (
            f"c numberlink_sat certificate: {enc.num_clauses} base clauses, then "
            f"{len(extras)} extra clauses (see {layout.EXTRAS})\n",
            f"p cnf {variables} {total}\n",
            *_clause_lines(enc, extras),
        ):
            handle.write(piece)
            digest.update(piece.encode("ascii"))
    return digest.hexdigest()


def _write_jsonl(path: Path, rows: Iterator[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, separators=(",", ":")) + "\n")


def _write_varmap(path: Path, enc: NumberlinkEncoding) -> None:
    width = enc.width
    edges = [[enc.first_edge_var + k, *a, *b] for k, (a, b) in enumerate(enc.cell_edges)]
    bits = [[*divmod(i, width), *(enc.bit_var(i, t) for t in range(enc.bits))]
            for i in range(len(enc.is_open)) if enc.is_open[i] and enc.bits]
    varmap = {
        "edges": edges,
        "labels": list(enc.labels),
        "label_bits": {
            "encoding": "onehot" if enc.onehot else "binary: bit t of the label's index",
            "cells": bits,
        },
    }
    path.write_text(json.dumps(varmap, separators=(",", ":")) + "\n", encoding="utf-8")


def _write_model(path: Path, model: Model, variables: int) -> None:
    values = model.truth_array()[1:variables + 1]
    values = np.concatenate([values, np.zeros(variables - len(values), np.uint8)])
    lits = np.arange(1, variables + 1) * np.where(values == 1, 1, -1)
    lines = [" ".join(map(str, lits[k:k + 20].tolist())) for k in range(0, variables, 20)]
    path.write_text("".join(f"v {line}\n" for line in lines) + "v 0\n", encoding="ascii")


def _refute(enc: NumberlinkEncoding, extras: list[list[int]], name: str, deadline: Deadline,
            max_bytes: int | None) -> tuple[list[str] | None, str | None]:
    """The proof of the final formula from one fresh solver, or ``None`` and why not."""
    with Solver(name=name, with_proof=True) as prover:
        prover.append_formula(enc.clauses)
        for block in enc.blocks:
            for start in range(0, len(block), 1 << 16):
                prover.append_formula(block[start:start + (1 << 16)].tolist())
        prover.append_formula(extras)
        answer = _solve_within(prover, deadline, max_bytes)
        if isinstance(answer, str):
            return None, answer
        if answer:
            raise InternalError("the final formula of a certificate has a model: the "
                                "incremental search and the proof solver disagree")
        proof = prover.get_proof()
    if max_bytes is not None and sum(len(line) + 1 for line in proof) > max_bytes:
        return None, f"the proof is larger than max_proof_bytes={max_bytes}"
    return list(proof), None


def _proof_file_size(prover: Any) -> int:
    handle = getattr(getattr(prover, "solver", None), "prfile", None)
    try:
        return os.fstat(handle.fileno()).st_size if handle is not None else 0
    except (OSError, ValueError):  # pragma: no cover - a closed or odd handle
        return 0


def _solve_within(prover: Any, deadline: Deadline, max_bytes: int | None) -> bool | str:
    """Solve in conflict slices; a string says which limit stopped it."""
    with ctrl_c_as_interrupt(prover):
        return _slices(prover, deadline, max_bytes)


def _slices(prover: Any, deadline: Deadline, max_bytes: int | None) -> bool | str:
    if deadline.time_limit is None and max_bytes is None:
        return bool(prover.solve())
    while True:
        prover.conf_budget(_SLICE)
        answer = prover.solve_limited()
        if answer is not None:
            return bool(answer)
        if deadline.expired():
            return (f"the proof solve passed the time limit of {deadline.time_limit:g} s "
                    f"(after {deadline.elapsed():.1f} s in all)")
        if max_bytes is not None and _proof_file_size(prover) > max_bytes:
            return f"the proof grew past max_proof_bytes={max_bytes} before it was done"


def _write_manifest(directory: Path, claim: str, options: RuleOptions, solver: str,
                    seconds: dict[str, float], extra: dict[str, Any]) -> None:
    import pysat

    from numberlink_sat import __version__

    manifest: dict[str, Any] = {
        "format": layout.FORMAT,
        "claim": claim,
        "rules": options.as_kwargs(),
        "library": f"numberlink_sat {__version__}",
        "pysat": getattr(pysat, "__version__", "unknown"),
        "search_solver": solver,
        "mode": "plain SAT path: no pre-check, no restricted first try, no window "
                "search, no loop absorption, no ZDD",
        "trusted": [],
        **extra,
        "seconds": {k: round(v, 4) for k, v in seconds.items()},
    }
    (directory / layout.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n",
                                             encoding="utf-8")
