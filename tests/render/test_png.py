"""PNG output through the optional extra, and the clear error without it."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

from numberlink_sat.errors import NumberlinkSatError
from numberlink_sat.numberlink.model import Puzzle
from numberlink_sat.render import MissingExtraError, png_available, puzzle_svg, write_image
from numberlink_sat.render.png import svg_to_png

PUZZLE = Puzzle(3, 2, {"1": ((0, 0), (0, 2))}, blocked=[(1, 1)])


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


needs_png = pytest.mark.skipif(not png_available(), reason="png extra (cairosvg) not installed")


@needs_png
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_png_has_the_svg_size_times_scale(tmp_path: Path, scale: float):
    svg = puzzle_svg(PUZZLE, cell=40)  # 3x2 cells + 2 * 20 margin = 160 x 120
    path = tmp_path / "board.png"
    assert write_image(svg, path, scale=scale) == "png"
    assert png_size(path.read_bytes()) == (int(160 * scale), int(120 * scale))


@needs_png
def test_png_pixels_show_the_board():
    from io import BytesIO

    pil = pytest.importorskip("PIL.Image")
    image = pil.open(BytesIO(svg_to_png(puzzle_svg(PUZZLE, cell=40)))).convert("RGB")
    # centre of the blocked cell (1, 1) is the theme's blocked grey; an empty cell is white
    assert image.getpixel((20 + 60, 20 + 60)) == (0x5A, 0x5A, 0x5A)
    assert image.getpixel((20 + 100, 20 + 55)) == (0xFF, 0xFF, 0xFF)


def test_svg_suffix_needs_no_extra(tmp_path: Path):
    path = tmp_path / "Board.SVG"
    assert write_image(puzzle_svg(PUZZLE), path) == "svg"
    assert path.read_text().startswith("<svg")


def test_unknown_suffix_is_a_value_error(tmp_path: Path):
    with pytest.raises(ValueError, match=r"\.svg or \.png"):
        write_image(puzzle_svg(PUZZLE), tmp_path / "board.gif")


def test_missing_extra_gives_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # makes the import fail
    assert not png_available()
    with pytest.raises(MissingExtraError, match=r"numberlink-sat\[png\]") as info:
        write_image(puzzle_svg(PUZZLE), tmp_path / "board.png")
    assert isinstance(info.value, NumberlinkSatError)
    assert not (tmp_path / "board.png").exists()
