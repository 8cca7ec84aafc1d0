"""The crafted slow inputs read back as the puzzles they describe."""

from __future__ import annotations

import numberlink_sat as nl
from numberlink_sat.bench.slow_inputs import chain_board, llk_row, open_numberlink, row_numberlink
from numberlink_sat.lianliankan.board import parse_board
from numberlink_sat.numchain import model as numchain


def test_slow_inputs_parse() -> None:
    assert len(nl.parse(open_numberlink(5)).endpoints) == 2
    assert len(nl.parse(row_numberlink(4)).endpoints) == 4
    assert numchain.parse(chain_board(3)).n == 3
    assert parse_board(llk_row(3)).tile_count() == 6
