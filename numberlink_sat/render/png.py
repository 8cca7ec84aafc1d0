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

import re
import warnings
from pathlib import Path
from typing import Any

from numberlink_sat.errors import InvalidArgumentError, NumberlinkSatError

__all__ = [
    "IMAGE_SUFFIXES",
    "MAX_PNG_PIXELS",
    "MAX_PNG_SIDE",
    "ImageScaledWarning",
    "MissingExtraError",
    "fitting_scale",
    "png_available",
    "svg_to_png",
    "write_image",
]

MAX_PNG_SIDE = 32_767
"""Cairo's largest image side, in pixels."""

MAX_PNG_PIXELS = 1 << 26
"""Largest PNG drawn, in pixels (about 67 million: 256 MB of RGBA while drawing)."""

_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([0-9.eE+]+)"[^>]*?\bheight="([0-9.eE+]+)"')

IMAGE_SUFFIXES = (".svg", ".png")
"""The file suffixes :func:`write_image` understands."""

_ADVICE = (
    "PNG output needs the optional extra: pip install 'numberlink-sat[png]' "
    "(cairosvg, which also needs the Cairo library, e.g. Debian's libcairo2); "
    "or write .svg instead"
)


class ImageScaledWarning(UserWarning):
    """A PNG drawn smaller than asked, to fit :data:`MAX_PNG_SIDE` and :data:`MAX_PNG_PIXELS`."""


def fitting_scale(svg_text: str, scale: float) -> float:
    """``scale``, or the largest smaller one at which the PNG of ``svg_text`` fits the bounds.

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="10">'
    >>> fitting_scale(svg, 2.0) < 0.33
    True
    >>> fitting_scale(svg.replace("100000", "100"), 2.0)
    2.0
    """
    match = _SIZE.search(svg_text)
    if match is None:
        return scale
    width, height = float(match.group(1)), float(match.group(2))
    if width <= 0 or height <= 0:
        return scale
    fit = min(MAX_PNG_SIDE / width, MAX_PNG_SIDE / height,
              (MAX_PNG_PIXELS / (width * height)) ** 0.5)
    return scale if scale <= fit else fit * 0.999


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
    """The PNG bytes of an SVG document (``scale`` 2 doubles the pixel size).

    A picture that would exceed :data:`MAX_PNG_SIDE` pixels on a side or
    :data:`MAX_PNG_PIXELS` in all is drawn smaller, to fit, with an
    :class:`ImageScaledWarning` saying so.
    """
    if not scale > 0 or scale != scale or scale == float("inf"):
        raise InvalidArgumentError(f"scale must be a finite number > 0, got {scale!r}")
    fit = fitting_scale(svg_text, scale)
    if fit < scale:
        warnings.warn(f"the PNG is drawn at scale {fit:.3g} instead of {scale:g}, to fit "
                      f"{MAX_PNG_SIDE} pixels a side and {MAX_PNG_PIXELS} in all",
                      ImageScaledWarning, stacklevel=2)
    cairosvg = _cairosvg()
    data = cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=fit)
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
