"""A PNG larger than cairo can draw is scaled down to fit, with a note, not a crash."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from numberlink_sat.cli import main
from numberlink_sat.render import png

SEED = Path(__file__).resolve().parents[1] / "data" / "seed000_7x7.txt"

pytestmark = pytest.mark.skipif(not png.png_available(), reason="needs the png extra")


def _size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


@pytest.mark.parametrize("option", [["--cell", "1e9"], ["--scale", "1000"]])
def test_oversized_png_is_scaled_down(option: list[str], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "MAX_PNG_PIXELS", 1 << 20)  # a small picture keeps CI fast
    out = tmp_path / "x.png"
    assert main(["render", str(SEED), "--out", str(out), *option]) == 0
    err = capsys.readouterr().err
    assert "note: the PNG is drawn at scale" in err and "Traceback" not in err
    width, height = _size(out)
    assert max(width, height) <= png.MAX_PNG_SIDE and width * height <= png.MAX_PNG_PIXELS


def test_api_warns() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40000" height="10"></svg>'
    with pytest.warns(png.ImageScaledWarning):
        data = png.svg_to_png(svg)
    assert struct.unpack(">I", data[16:20])[0] <= png.MAX_PNG_SIDE
