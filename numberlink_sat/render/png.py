"""PNG output through the optional ``png`` extra (cairosvg), and writing images by suffix.

``pip install 'numberlink-sat[png]'`` brings cairosvg, which turns the SVG this package
writes into PNG pixel for pixel; it needs the Cairo C library (Debian/Ubuntu
``libcairo2``, macOS ``brew install cairo``). Without it, asking for PNG raises
:class:`MissingExtraError` with that advice, never an ImportError traceback.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "empty.svg")
>>> write_image('<svg xmlns="http://www.w3.org/2000/svg"/>', path)
'svg'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from numberlink_sat.errors import InvalidArgumentError, NumberlinkSatError

__all__ = ["IMAGE_SUFFIXES", "MissingExtraError", "png_available", "svg_to_png", "write_image"]

IMAGE_SUFFIXES = (".svg", ".png")
"""The file suffixes :func:`write_image` understands."""

_ADVICE = (
    "PNG output needs the optional extra: pip install 'numberlink-sat[png]' "
    "(cairosvg, which also needs the Cairo library, e.g. Debian's libcairo2); "
    "or write .svg instead"
)


class MissingExtraError(NumberlinkSatError, ImportError):
    """An optional dependency is not installed; the message says which extra to install."""


def _cairosvg() -> Any:
    try:
        import cairosvg  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except (ImportError, OSError) as exc:  # OSError: cairosvg present, libcairo missing
        raise MissingExtraError(f"{_ADVICE} ({exc})") from None
    return cairosvg


def png_available() -> bool:
    """Whether PNG output works here (cairosvg and the Cairo library can be loaded)."""
    try:
        _cairosvg()
    except MissingExtraError:
        return False
    return True


def svg_to_png(svg_text: str, *, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document (``scale`` 2 doubles the pixel size)."""
    if not scale > 0:
        raise InvalidArgumentError(f"scale must be > 0, got {scale!r}")
    data = _cairosvg().svg2png(bytestring=svg_text.encode("utf-8"), scale=scale)
    return bytes(data)


def write_image(svg_text: str, path: str | Path, *, scale: float = 1.0) -> str:
    """Write ``svg_text`` to ``path`` as SVG or PNG, chosen by the suffix; returns the kind.

    Any other suffix is a :class:`ValueError` naming the two that work.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        target.write_text(svg_text, encoding="utf-8")
        return "svg"
    if suffix == ".png":
        target.write_bytes(svg_to_png(svg_text, scale=scale))
        return "png"
    raise InvalidArgumentError(
        f"cannot tell the image type of {str(target)!r}: use a name ending in .svg or .png"
    )
