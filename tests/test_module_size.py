"""No module of the package grows past :data:`MAX_LINES` lines (docs/index.md, "Code
limits"): a module that large holds more than one job and should be split."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "numberlink_sat"

MAX_LINES = 1000
"""The most lines a module may have (the largest today are about 900)."""


def test_no_module_is_too_large() -> None:
    sizes = {
        str(path.relative_to(PACKAGE.parent)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 50  # the walk found the package
    too_large = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert too_large == {}, f"modules over {MAX_LINES} lines: {too_large}"
