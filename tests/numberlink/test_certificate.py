"""Certificates against the exhaustive count, under every rule variant, checked end to end."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from numberlink_sat.certify import check_certificate, layout
from numberlink_sat.certify.layout import parse_dimacs_clauses
from numberlink_sat.numberlink.certificate import PROOF_SOLVERS, certificate
from numberlink_sat.numberlink.encode import NumberlinkEncoding, RuleOptions
from numberlink_sat.numberlink.model import Puzzle
from tests.numberlink.exhaustive import brute_path_sets
from tests.numberlink.test_solve import random_puzzle

VARIANTS = [
    {"fill": f, "no_touch": t, "no_2x2": q}
    for f, t, q in itertools.product((True, False), repeat=3)
]

CLAIM_OF_COUNT = {0: "no solution", 1: "unique"}


def _certified(puzzle: Puzzle, variant: dict[str, bool], out: Path) -> tuple[str, int]:
    """The certificate's claim (checked by the checker) and its number of loop cuts."""
    cert = certificate(puzzle, out=out, **variant)
    report = check_certificate(out)
    assert report.accepted, (puzzle.to_dict(), variant, report.reason)
    assert report.claim == cert.claim
    return cert.claim, cert.loop_cuts


def test_claims_match_the_exhaustive_count_under_every_variant(tmp_path: Path) -> None:
    """Random boards up to 4x4 under all 8 variants: claim = exhaustive count, all accepted."""
    rng = random.Random(17)
    claims: dict[str, int] = {}
    cuts = {True: 0, False: 0}
    for k in range(40):
        puzzle = random_puzzle(rng, max_side=4)
        for v, variant in enumerate(VARIANTS):
            expected = brute_path_sets(puzzle, node_budget=200_000, **variant)
            if expected is None:
                continue
            claim, loop_cuts = _certified(puzzle, variant, tmp_path / f"{k}-{v}")
            assert claim == CLAIM_OF_COUNT.get(len(expected), "not unique"), (
                puzzle.to_dict(), variant)
            claims[claim] = claims.get(claim, 0) + 1
            cuts[variant["fill"]] += loop_cuts
    assert claims.get("unique", 0) >= 20 and claims.get("no solution", 0) >= 20
    assert claims.get("not unique", 0) >= 20


def test_loop_cuts_are_certified_with_and_without_fill(tmp_path: Path) -> None:
    """An open board whose search meets detached loops: cuts are recorded and accepted."""
    puzzle = Puzzle(4, 4, {"1": ((0, 0), (3, 3)), "2": ((0, 3), (1, 2))})
    for fill in (True, False):
        for no_touch, no_2x2 in itertools.product((False, True), repeat=2):
            variant = {"fill": fill, "no_touch": no_touch, "no_2x2": no_2x2}
            expected = brute_path_sets(puzzle, **variant)
            assert expected is not None
            out = tmp_path / f"{fill}-{no_touch}-{no_2x2}"
            claim, _cuts = _certified(puzzle, variant, out)
            assert claim == CLAIM_OF_COUNT.get(len(expected), "not unique")


def _loopy() -> Puzzle:
    """Under fill no solution: the cells left of the wall can only hold loops."""
    return Puzzle(5, 4, {"1": ((2, 3), (1, 3))}, blocked=[(0, 2), (3, 2)])


def test_a_no_solution_certificate_rests_on_cuts(tmp_path: Path) -> None:
    puzzle = _loopy()
    cert = certificate(puzzle, out=tmp_path)
    assert cert.claim == "no solution" and cert.loop_cuts > 0 and cert.complete
    report = check_certificate(tmp_path)
    assert report.accepted
    assert any("loop cut" in line for line in report.checked)
    assert not (tmp_path / layout.SOLUTION).exists()


def test_a_unique_certificate_with_a_loop_cut(tmp_path: Path) -> None:
    cert = certificate(Puzzle(4, 2, {"1": ((0, 0), (1, 0))}), out=tmp_path)
    assert cert.claim == "unique" and cert.loop_cuts > 0
    assert check_certificate(tmp_path).accepted


def test_base_part_is_the_encoders_cnf(tmp_path: Path) -> None:
    puzzle = Puzzle(4, 3, {"1": ((0, 0), (2, 3)), "2": ((0, 3), (2, 0))})
    for variant in VARIANTS:
        cert = certificate(puzzle, out=tmp_path, **variant)
        if not cert.needs_proof:
            continue
        _, clauses = parse_dimacs_clauses((tmp_path / layout.FORMULA).read_text())
        enc = NumberlinkEncoding(puzzle, RuleOptions(**variant))
        assert clauses[:cert.base_clauses] == [tuple(c) for c in enc.iter_clauses()]
        manifest = json.loads((tmp_path / layout.MANIFEST).read_text())
        assert manifest["base_clauses"] == enc.num_clauses


def test_not_unique_and_solvable_certificates(tmp_path: Path) -> None:
    puzzle = Puzzle(2, 2, {"1": ((0, 0), (1, 1))})
    cert = certificate(puzzle, out=tmp_path / "u", fill=False)
    assert cert.claim == "not unique" and len(cert.solutions) == 2
    assert check_certificate(tmp_path / "u").accepted
    cert = certificate(puzzle, out=tmp_path / "s", question="solve", fill=False)
    assert cert.claim == "solvable"
    assert check_certificate(tmp_path / "s").accepted
    assert not (tmp_path / "s" / layout.PROOF).exists()


@pytest.mark.parametrize("name", PROOF_SOLVERS)
def test_every_listed_proof_solver_gives_an_accepted_proof(tmp_path: Path, name: str) -> None:
    cert = certificate(_loopy(), out=tmp_path, proof_solver=name)
    assert cert.proof_solver == name
    assert check_certificate(tmp_path).accepted


def test_limits_give_an_incomplete_certificate(tmp_path: Path) -> None:
    puzzle = Puzzle(6, 6, {"1": ((0, 0), (5, 5)), "2": ((0, 5), (5, 0)), "3": ((2, 2), (3, 3))})
    cert = certificate(puzzle, out=tmp_path, max_proof_bytes=1)
    assert cert.needs_proof and not cert.complete
    assert "max_proof_bytes" in (cert.incomplete or "")
    report = check_certificate(tmp_path)
    assert not report.accepted and "incomplete" in (report.reason or "")


def test_bad_arguments() -> None:
    puzzle = Puzzle(2, 1, {"1": ((0, 0), (0, 1))})
    with pytest.raises(ValueError, match="question"):
        certificate(puzzle, out="unused", question="count")
    with pytest.raises(ValueError, match="proof_solver"):
        certificate(puzzle, out="unused", proof_solver="maplesat")
    with pytest.raises(TypeError):
        certificate("1 . 1", out="unused")  # type: ignore[arg-type]


def test_a_proof_solve_past_the_time_limit_says_so(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof solve runs in conflict slices; past the limit the certificate is incomplete."""
    from numberlink_sat.numberlink import certificate as module
    from numberlink_sat.sat.deadline import Deadline

    puzzle = Puzzle(6, 6, {"1": ((0, 0), (5, 5)), "2": ((0, 5), (5, 0)), "3": ((2, 2), (3, 3))})
    enc = NumberlinkEncoding(puzzle, RuleOptions())
    monkeypatch.setattr(module, "_SLICE", 1)
    proof, why = module._refute(enc, [], "cadical195", Deadline(0.0), None)
    assert proof is None and "time limit" in (why or "")
    proof, why = module._refute(enc, [], "cadical195", Deadline(60.0), None)
    assert proof is not None and why is None


def test_a_search_past_the_time_limit_raises(tmp_path: Path) -> None:
    from numberlink_sat.errors import SolveTimeout

    with pytest.raises(SolveTimeout):
        certificate(Puzzle(9, 9, {"1": ((0, 0), (8, 8))}), out=tmp_path, time_limit=0.0)


def test_a_walled_off_region_gives_an_empty_cut(tmp_path: Path) -> None:
    """Under fill, a region with no end and no way out: its cut is the empty clause."""
    puzzle = Puzzle(6, 2, {"1": ((0, 0), (1, 0))}, blocked=[(0, 1), (1, 1)])
    cert = certificate(puzzle, out=tmp_path)
    assert cert.claim == "no solution" and cert.loop_cuts == 1
    entry = json.loads((tmp_path / layout.EXTRAS).read_text().splitlines()[0])
    assert entry["clauses"] == [[]] and len(entry["cells"]) == 8
    assert check_certificate(tmp_path).accepted
