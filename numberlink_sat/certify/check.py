"""``check_certificate``: check a certificate directory without trusting the solver.

What is checked, in order (the first failure rejects the certificate):

1. the puzzle and the rules are read with the project's format reader;
2. every solution the certificate holds satisfies the rules (the independent
   verifier); "not unique" needs two different ones, "solvable" one: nothing more;
3. the variable map lists exactly the edges of the board;
4. ``formula.cnf`` is the base clauses followed by exactly the extra clauses;
5. every extra clause is what its reason allows (:mod:`.justify`): a loop cut is
   rebuilt from its cell set, a block from the verified solution it excludes;
6. for "unique", the solver's assignment of the known solution satisfies every base
   clause (so the base formula does not shut that solution out);
7. the DRAT/DRUP proof refutes ``formula.cnf`` (:mod:`.refutation`).

What is **not** checked: that the base clauses say what the rules say (every
solution of the puzzle satisfies them). The library's exhaustive tests cover that on
small boards; no certificate does. The report says so.

>>> report = check_certificate("no/such/dir")
Traceback (most recent call last):
...
numberlink_sat.certify.layout.CertificateUnreadable: no/such/dir: not a directory
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from numberlink_sat.certify import layout
from numberlink_sat.certify.justify import (
    JustificationError,
    block_clause,
    check_edge_map,
    loop_cut_clauses,
    normalised,
    region_of,
)
from numberlink_sat.certify.layout import CertificateUnreadable
from numberlink_sat.certify.refutation import RefutationCheck, check_refutation, checker_version
from numberlink_sat.errors import NumberlinkSatError
from numberlink_sat.grid import Edge
from numberlink_sat.numberlink.formats import parse, parse_solution
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.verify import verify

__all__ = ["BASE_NOT_CHECKED", "VERIFIER_TRUSTED", "CertificateReport", "check_certificate"]

BASE_NOT_CHECKED = (
    "that the base clauses of formula.cnf encode the rules (every solution of the "
    "puzzle satisfies them): covered by the library's exhaustive tests on small boards "
    "under all 8 rule variants, not by this certificate"
)

VERIFIER_TRUSTED = (
    "that the independent verifier (numberlink/verify.py) states the rules as "
    "docs/rules.md does"
)


@dataclass
class CertificateReport:
    """The verdict on one certificate and exactly what it rests on.

    ``accepted`` is the verdict; ``reason`` says why not (``None`` when accepted);
    ``timed_out`` means the time limit passed before a verdict. ``checked`` lists what
    was checked, ``not_checked`` what the claim still trusts.
    """

    directory: Path
    claim: str
    accepted: bool = False
    reason: str | None = None
    timed_out: bool = False
    checked: list[str] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)
    proof: RefutationCheck | None = None

    def summary(self) -> str:
        """The report as text, for people."""
        if self.accepted:
            head = f"accepted: {self.claim}"
        elif self.timed_out:
            head = f"not decided: {self.reason}"
        else:
            head = f"rejected: {self.reason}"
        lines = [f"{self.directory}: {head}", "checked:"]
        lines += [f"  - {item}" for item in self.checked]
        lines.append("not checked (trusted):")
        lines += [f"  - {item}" for item in self.not_checked]
        return "\n".join(lines)


def check_certificate(directory: str | Path, *, time_limit: float | None = None,
                      engine: str = "auto") -> CertificateReport:
    """Check the certificate in ``directory``; ``time_limit`` bounds the proof check.

    ``engine`` picks the DRAT checker (see :data:`~numberlink_sat.certify.refutation.ENGINES`).

    Raises :class:`~numberlink_sat.certify.layout.CertificateUnreadable` when the
    directory is not a readable certificate; any other flaw rejects it in the report.
    """
    where = Path(directory)
    if not where.is_dir():
        raise CertificateUnreadable(f"{directory}: not a directory")
    manifest = layout.read_json(where, layout.MANIFEST)
    claim = _claim(where, manifest)
    rules = _rules(where)
    puzzle = _puzzle(where)
    report = CertificateReport(where, claim)
    if claim in ("unique", "no solution"):
        report.not_checked.append(BASE_NOT_CHECKED)
        report.not_checked.append(f"the proof checker itself ({checker_version(engine)})")
    report.not_checked.append(VERIFIER_TRUSTED)
    report.not_checked += [str(x) for x in manifest.get("trusted", [])]
    try:
        _check(where, manifest, rules, puzzle, report, time_limit, engine)
    except JustificationError as exc:
        report.accepted, report.reason = False, str(exc)
    return report


def _check(where: Path, manifest: dict[str, Any], rules: dict[str, bool], puzzle: Puzzle,
           report: CertificateReport, time_limit: float | None, engine: str) -> None:
    claim = report.claim
    report.checked.append(
        f"puzzle {puzzle.width}x{puzzle.height} with {len(puzzle.labels)} labels, rules "
        f"{_describe(rules)}, read from {layout.PUZZLE} and {layout.RULES}")
    solutions = _solutions(where, claim, puzzle, rules, report)
    if claim in ("solvable", "not unique"):
        report.accepted = True
        return
    if not manifest.get("complete", False):
        raise JustificationError(
            f"the certificate is incomplete: {manifest.get('incomplete', 'no proof')}")
    num_vars, clauses = layout.parse_dimacs_clauses(
        layout.read_text(where, layout.FORMULA), str(where / layout.FORMULA))
    varmap = layout.read_json(where, layout.VARMAP)
    if not isinstance(varmap, dict):
        raise CertificateUnreadable(f"{where / layout.VARMAP}: not a JSON object")
    edge_var = check_edge_map(puzzle, varmap.get("edges"), num_vars)
    report.checked.append(f"{layout.VARMAP}: its {len(edge_var)} edge variables are exactly "
                          "the edges between adjacent open cells of the board")
    base = _base_count(manifest, len(clauses))
    _check_extras(layout.read_jsonl(where, layout.EXTRAS), clauses, base, puzzle, rules,
                  solutions, edge_var, report)
    if claim == "unique":
        _check_model(where, clauses[:base], solutions[0], edge_var, report)
    _check_proof(where, num_vars, clauses, time_limit, engine, report)


def _claim(where: Path, manifest: Any) -> str:
    if not isinstance(manifest, dict) or manifest.get("format") != layout.FORMAT:
        raise CertificateUnreadable(
            f"{where / layout.MANIFEST}: not a certificate manifest ({layout.FORMAT!r})")
    claim = manifest.get("claim")
    if claim not in layout.CLAIMS:
        raise CertificateUnreadable(f"{where / layout.MANIFEST}: unknown claim {claim!r}")
    return str(claim)


def _rules(where: Path) -> dict[str, bool]:
    rules = layout.read_json(where, layout.RULES)
    keys = ("fill", "no_touch", "no_2x2")
    if (not isinstance(rules, dict) or set(rules) != set(keys)
            or not all(isinstance(rules[k], bool) for k in keys)):
        raise CertificateUnreadable(
            f"{where / layout.RULES}: expected true/false values for exactly {', '.join(keys)}")
    return {k: rules[k] for k in keys}


def _describe(rules: dict[str, bool]) -> str:
    parts = ["fill" if rules["fill"] else "no fill"]
    parts += [name for key, name in (("no_touch", "no-touch"), ("no_2x2", "no-2x2"))
              if rules[key]]
    return ", ".join(parts)


def _puzzle(where: Path) -> Puzzle:
    try:
        return parse(layout.read_text(where, layout.PUZZLE), "json")
    except NumberlinkSatError as exc:
        if isinstance(exc, CertificateUnreadable):
            raise
        raise CertificateUnreadable(f"{where / layout.PUZZLE}: {exc}") from None


def _read_solution(where: Path, name: str) -> Solution:
    try:
        return parse_solution(layout.read_text(where, name))
    except NumberlinkSatError as exc:
        if isinstance(exc, CertificateUnreadable):
            raise
        raise CertificateUnreadable(f"{where / name}: {exc}") from None


def _solutions(where: Path, claim: str, puzzle: Puzzle, rules: dict[str, bool],
               report: CertificateReport) -> list[Solution]:
    names = {"unique": [layout.SOLUTION], "solvable": [layout.SOLUTION],
             "not unique": [layout.SOLUTION, layout.SECOND], "no solution": []}[claim]
    if claim == "no solution" and (where / layout.SOLUTION).exists():
        raise JustificationError(f"a 'no solution' certificate holds {layout.SOLUTION}")
    found = []
    for name in names:
        solution = _read_solution(where, name)
        problems = verify(puzzle, solution, **rules)
        if problems:
            raise JustificationError(f"{name} breaks the rules: " + "; ".join(problems[:3]))
        found.append(solution)
        report.checked.append(f"{name} satisfies every rule (the independent verifier)")
    if len(found) == 2 and found[0] == found[1]:
        raise JustificationError(f"{layout.SOLUTION} and {layout.SECOND} are the same solution")
    if len(found) == 2:
        report.checked.append("the two solutions differ on "
                              f"{len(found[0].differing_cells(found[1]))} cells")
    return found


def _base_count(manifest: dict[str, Any], total: int) -> int:
    base = manifest.get("base_clauses")
    if not isinstance(base, int) or isinstance(base, bool) or not 0 <= base <= total:
        raise JustificationError(f"the manifest's base_clauses {base!r} does not fit the "
                                 f"{total} clauses of {layout.FORMULA}")
    return base


def _entry_clauses(entry: Any, number: int) -> list[tuple[int, ...]]:
    if not isinstance(entry, dict) or not isinstance(entry.get("clauses"), list):
        raise JustificationError(f"{layout.EXTRAS} entry {number}: no clause list")
    out = []
    for clause in entry["clauses"]:
        if not isinstance(clause, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) and x for x in clause):
            raise JustificationError(f"{layout.EXTRAS} entry {number}: bad clause {clause!r}")
        out.append(tuple(clause))
    return out


def _check_extras(entries: list[Any], clauses: list[tuple[int, ...]], base: int,
                  puzzle: Puzzle, rules: dict[str, bool], solutions: list[Solution],
                  edge_var: dict[Edge, int], report: CertificateReport) -> None:
    listed = [_entry_clauses(entry, k) for k, entry in enumerate(entries, 1)]
    tail = [c for group in listed for c in group]
    if tail != clauses[base:]:
        first = next((k for k, (a, b) in enumerate(zip(tail, clauses[base:], strict=False))
                      if a != b), min(len(tail), len(clauses) - base))
        raise JustificationError(
            f"{layout.FORMULA} is not its {base} base clauses followed by the "
            f"{len(tail)} extra clauses of {layout.EXTRAS} (they part at extra clause "
            f"{first + 1}; the file has {len(clauses) - base} after the base)")
    report.checked.append(f"{layout.FORMULA} is its {base} base clauses followed by exactly "
                          f"the {len(tail)} extra clauses of {layout.EXTRAS}")
    taken = {abs(lit) for clause in clauses[:base] for lit in clause} | set(edge_var.values())
    counts = {"loop-cut": 0, "block": 0}
    for number, (entry, group) in enumerate(zip(entries, listed, strict=True), 1):
        tag = entry.get("tag")
        if tag == "loop-cut":
            _check_cut(entry, group, number, puzzle, rules, edge_var, taken)
        elif tag == "block":
            _check_block(entry, group, number, report.claim, solutions, edge_var, counts)
        else:
            raise JustificationError(f"{layout.EXTRAS} entry {number}: unknown reason {tag!r}")
        counts[str(tag)] += 1
    if report.claim == "unique" and counts["block"] != 1:
        raise JustificationError("a 'unique' certificate needs exactly one block clause, the "
                                 f"known solution's; it has {counts['block']}")
    report.checked.append(
        f"{counts['loop-cut']} loop cut(s): each is exactly what the loop argument allows "
        "for its cell set (no end cell in it)")
    if counts["block"]:
        report.checked.append("1 block clause: it excludes exactly the known, verified "
                              "solution and nothing else")


def _check_cut(entry: dict[str, Any], group: list[tuple[int, ...]], number: int,
               puzzle: Puzzle, rules: dict[str, bool], edge_var: dict[Edge, int],
               taken: set[int]) -> None:
    region = region_of(puzzle, entry.get("cells"))
    gate = entry.get("gate")
    if not rules["fill"]:
        if not isinstance(gate, int) or isinstance(gate, bool) or gate <= 0 or gate in taken:
            raise JustificationError(
                f"{layout.EXTRAS} entry {number}: the loop cut's gate {gate!r} is not a fresh "
                "variable (it occurs in the base clauses, the edges or another cut)")
        taken.add(gate)
    expected = loop_cut_clauses(puzzle, region, edge_var, fill=rules["fill"],
                                gate=gate if not rules["fill"] else None)
    if normalised(group) != normalised(expected):
        raise JustificationError(
            f"{layout.EXTRAS} entry {number}: the loop cut on {len(region)} cells is not "
            "what the loop argument allows for that cell set")


def _check_block(entry: dict[str, Any], group: list[tuple[int, ...]], number: int, claim: str,
                 solutions: list[Solution], edge_var: dict[Edge, int],
                 counts: dict[str, int]) -> None:
    if claim != "unique" or entry.get("solution") != layout.SOLUTION or counts["block"]:
        raise JustificationError(
            f"{layout.EXTRAS} entry {number}: a block clause may only exclude the one known "
            f"solution of a 'unique' certificate ({layout.SOLUTION})")
    if normalised(group) != [block_clause(solutions[0], edge_var)]:
        raise JustificationError(
            f"{layout.EXTRAS} entry {number}: the block clause does not exclude exactly the "
            f"solution of {layout.SOLUTION}")


def _check_model(where: Path, base: list[tuple[int, ...]], solution: Solution,
                 edge_var: dict[Edge, int], report: CertificateReport) -> None:
    true: set[int] = set()
    for number, line in enumerate(layout.read_text(where, layout.MODEL).splitlines(), 1):
        tokens = line.split()
        if not tokens or tokens[0] != "v":
            continue
        try:
            true.update(int(t) for t in tokens[1:] if int(t) > 0)
        except ValueError:
            raise CertificateUnreadable(f"{where / layout.MODEL}: line {number}: "
                                        "not a literal") from None
    used = {var for edge, var in edge_var.items() if var in true}
    if used != {-lit for lit in block_clause(solution, edge_var)}:
        raise JustificationError(f"{layout.MODEL} does not use exactly the edges of "
                                 f"{layout.SOLUTION}")
    for number, clause in enumerate(base, 1):
        if not any((lit in true) if lit > 0 else (-lit not in true) for lit in clause):
            raise JustificationError(
                f"the known solution's assignment ({layout.MODEL}) breaks base clause "
                f"{number} {list(clause)}: the base formula shuts out a valid solution")
    report.checked.append(f"{layout.MODEL}: the known solution, with its label bits, "
                          f"satisfies all {len(base)} base clauses")


def _check_proof(where: Path, num_vars: int, clauses: list[tuple[int, ...]],
                 time_limit: float | None, engine: str, report: CertificateReport) -> None:
    result = check_refutation(num_vars, clauses, layout.read_text(where, layout.PROOF),
                              time_limit, engine)
    report.proof = result
    if result.timed_out:
        report.timed_out, report.reason = True, result.reason
        return
    if not result.ok:
        raise JustificationError(f"{layout.PROOF} does not refute {layout.FORMULA}: "
                                 f"{result.reason}")
    report.checked.append(
        f"{layout.PROOF}: {result.reason}, {result.steps} steps ({result.rup_steps} RUP, "
        f"{result.rat_steps} RAT), so {layout.FORMULA} has no model "
        f"({checker_version(engine)}, {result.seconds:.2f} s)")
    statement = ("every assignment satisfying the base clauses and the loop cuts is the "
                 "known solution" if report.claim == "unique" else
                 "no assignment satisfies the base clauses and the loop cuts")
    report.checked.append(f"hence: {statement}")
    report.accepted = True
