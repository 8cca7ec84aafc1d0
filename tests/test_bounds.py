"""Size bounds: one cell bound for every puzzle, K and JSON depth, clear errors, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from numberlink_sat import bounds
from numberlink_sat.cli import main
from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.lianliankan.board import Board, parse_board
from numberlink_sat.lianliankan.play import generate as llk_generate
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.numchain import model as chain

REGRESSIONS = Path(__file__).resolve().parent / "data" / "regressions"


def test_numberlink_puzzle_refuses_too_many_cells() -> None:
    with pytest.raises(InvalidPuzzleError, match="more than the 25000000"):
        Puzzle(100_000, 100_000, {"1": ((0, 0), (0, 1))})


def test_number_chain_bounds() -> None:
    assert chain.MAX_SIDE ** 2 <= bounds.MAX_CELLS
    with pytest.raises(InvalidPuzzleError):
        chain.Puzzle(2, bounds.MAX_CHAIN_K + 1, ((0, 1), (1, 0)))
    with pytest.raises(ParseError, match="K = 1000000000000 is larger"):
        chain.parse((REGRESSIONS / "chain_huge_k.txt").read_text())
    with pytest.raises(ParseError, match="N = 5001 is larger"):
        chain.parse("5001 2\n")


def test_number_chain_k_above_the_cell_count_is_cheap() -> None:
    # labels from N*N on never appear on a path: K far above it allocates nothing per label
    puzzle = chain.Puzzle(2, bounds.MAX_CHAIN_K, ((0, 1), (2, 3)))
    assert chain.impossibility(puzzle) is None
    assert chain.impossibility(chain.Puzzle(2, bounds.MAX_CHAIN_K, ((0, 9), (2, 3)))) == (
        "label 1 occurs 0 times, a full path needs it 1 times")


def test_lianliankan_bounds() -> None:
    with pytest.raises(InvalidPuzzleError, match="cells, more than"):
        Board.empty(100_000, 100_000)
    with pytest.raises(InvalidPuzzleError, match="cells, more than"):
        llk_generate(100_000, 100_000)
    with pytest.raises(ParseError, match="nested deeper than 64"):
        parse_board((REGRESSIONS / "llk_nested_2000.json").read_text())


@pytest.mark.parametrize(("argv", "code", "needle"), [
    (["chain", str(REGRESSIONS / "chain_huge_k.txt")], 2, "chain_huge_k.txt:1:3: K ="),
    (["llk", "solve", str(REGRESSIONS / "llk_nested_2000.json")], 2, "nested deeper than 64"),
    (["llk", "generate", "100000", "100000"], 2, "cells, more than"),
    (["render", str(REGRESSIONS / "numberlink_bom_crlf.txt"), "--cell", "inf"], 2,
     "finite"),
])
def test_regressions_exit_cleanly(argv: list[str], code: int, needle: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    try:
        got = main(argv)
    except SystemExit as exc:  # argparse usage errors
        got = int(exc.code or 0)
    err = capsys.readouterr().err
    assert got == code and needle in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "code"), [
    (["chain", str(REGRESSIONS / "chain_bom_crlf.txt")], 0),
    (["llk", "solve", str(REGRESSIONS / "llk_bom_crlf.txt")], 0),
    (["solve", str(REGRESSIONS / "numberlink_bom_crlf.txt")], 0),
])
def test_every_reader_takes_a_bom_and_crlf(argv: list[str], code: int,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == code, capsys.readouterr().err


def test_api_readers_take_a_bom_and_crlf() -> None:
    assert chain.parse("\ufeff2 2\r\n0 1\r\n0 1\r\n").grid == ((0, 1), (0, 1))
    assert parse_board("\ufeff1 2\r\n2 1\r\n").cells == ((1, 2), (2, 1))
