"""The files of a certificate directory and how each is read (no solver code here).

=================  ==========================================================
file               what it holds
=================  ==========================================================
``manifest.json``  the claim, versions, sizes, timings and what is trusted
``rules.json``     the rule variant: ``{"fill", "no_touch", "no_2x2"}``
``puzzle.json``    the puzzle in the project's ``json`` format
``solution.json``  the known solution (the solution file format), if any
``second.json``    a second solution ("not unique" only)
``model.txt``      the solver's full assignment for the known solution
``formula.cnf``    DIMACS: the base clauses, then every extra clause
``extras.jsonl``   one JSON object per group of extra clauses, with its reason
``varmap.json``    the variables of edges (cell pairs) and label bits
``proof.drat``     the DRAT/DRUP refutation of ``formula.cnf`` (text)
=================  ==========================================================

>>> parse_dimacs_clauses("p cnf 2 2\\n1 -2 0\\n2 0\\n")
(2, [(1, -2), (2,)])
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from numberlink_sat.errors import NumberlinkSatError

__all__ = [
    "CLAIMS",
    "EXTRAS",
    "FORMAT",
    "FORMULA",
    "MANIFEST",
    "MODEL",
    "PROOF",
    "PUZZLE",
    "RULES",
    "SECOND",
    "SOLUTION",
    "VARMAP",
    "CertificateUnreadable",
    "parse_dimacs_clauses",
    "read_json",
    "read_jsonl",
    "read_text",
]

FORMAT = "numberlink-sat certificate 1"
"""The ``format`` entry of every manifest this version writes and reads."""

CLAIMS = ("unique", "no solution", "not unique", "solvable")
"""What a certificate can claim about its puzzle under its rules."""

MANIFEST = "manifest.json"
RULES = "rules.json"
PUZZLE = "puzzle.json"
SOLUTION = "solution.json"
SECOND = "second.json"
MODEL = "model.txt"
FORMULA = "formula.cnf"
EXTRAS = "extras.jsonl"
VARMAP = "varmap.json"
PROOF = "proof.drat"


class CertificateUnreadable(NumberlinkSatError, ValueError):
    """A certificate directory that is missing, incomplete or not in the expected form."""


def read_text(directory: Path, name: str) -> str:
    """The text of one certificate file (``CertificateUnreadable`` if absent or not text)."""
    path = directory / name
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CertificateUnreadable(f"{path}: missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CertificateUnreadable(f"{path}: cannot be read: {exc}") from None


def read_json(directory: Path, name: str) -> Any:
    """One JSON file of the certificate."""
    text = read_text(directory, name)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CertificateUnreadable(
            f"{directory / name}: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


def read_jsonl(directory: Path, name: str) -> list[Any]:
    """A JSON-lines file: one value per non-blank line."""
    values = []
    for number, line in enumerate(read_text(directory, name).splitlines(), 1):
        if not line.strip():
            continue
        try:
            values.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise CertificateUnreadable(
                f"{directory / name}: line {number}, column {exc.colno}: {exc.msg}"
            ) from None
    return values


def parse_dimacs_clauses(text: str, where: str = "formula") -> tuple[int, list[tuple[int, ...]]]:
    """The declared variable count and the clauses, in order, of strict DIMACS text.

    Strict: one ``p cnf V C`` header before any clause, every clause ended by ``0``
    (clauses may span lines), ``C`` clauses exactly, no literal beyond ``V``.
    """
    header: tuple[int, int] | None = None
    clauses: list[tuple[int, ...]] = []
    current: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped[0] == "c":
            continue
        if stripped[0] == "p":
            header = _header(stripped, header, where, number)
            continue
        if header is None:
            raise CertificateUnreadable(f"{where}: line {number}: clause before the header")
        lits = _literals(stripped, where, number)
        if max(lits) > header[0] or -min(lits) > header[0]:
            raise CertificateUnreadable(
                f"{where}: line {number}: a literal beyond {header[0]} variables")
        if not current and lits[-1] == 0 and 0 not in lits[:-1]:
            clauses.append(tuple(lits[:-1]))  # the usual case: one clause on one line
            continue
        for lit in lits:
            if lit:
                current.append(lit)
            else:
                clauses.append(tuple(current))
                current = []
    if header is None:
        raise CertificateUnreadable(f"{where}: no 'p cnf' header")
    if current:
        raise CertificateUnreadable(f"{where}: the last clause is not ended by 0")
    if len(clauses) != header[1]:
        raise CertificateUnreadable(
            f"{where}: the header declares {header[1]} clauses, the file holds {len(clauses)}")
    return header[0], clauses


def _literals(line: str, where: str, number: int) -> list[int]:
    try:
        return list(map(int, line.split()))
    except ValueError:
        pass
    out = []
    for token in line.split():
        try:
            out.append(int(token))
        except ValueError:
            raise CertificateUnreadable(
                f"{where}: line {number}: {token!r} is not a literal") from None
    return out


def _header(line: str, seen: tuple[int, int] | None, where: str,
            number: int) -> tuple[int, int]:
    parts = line.split()
    if seen is not None:
        raise CertificateUnreadable(f"{where}: line {number}: a second header")
    if len(parts) != 4 or parts[1] != "cnf" or not (parts[2] + parts[3]).isdigit():
        raise CertificateUnreadable(f"{where}: line {number}: bad header {line!r}")
    return int(parts[2]), int(parts[3])
