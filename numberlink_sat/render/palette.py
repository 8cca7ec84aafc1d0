"""Colours for labels: a categorical palette readable on light and dark backgrounds.

Every colour of the palette has a relative luminance between about 0.14 and 0.30, so it
keeps a contrast of at least 3:1 (the WCAG level for graphics) both against white and
against the near-black ``#1e1e1e`` of the dark theme. Hues are spread around the circle
and lightness alternates, so colours next to each other in the list differ a lot.

With more labels than colours the palette is extended by generated colours, and the
colours are handed out by greedy graph colouring: labels whose paths touch are
neighbours, and each label takes, of the colours no label uses yet, the one farthest
(in CIELAB) from the colours of its neighbours. Colour never carries the meaning alone:
every picture also writes the label on each endpoint.

>>> len(PALETTE) >= 20
True
>>> assign_colours(["1", "2"], adjacency=[("1", "2")]) == {"1": PALETTE[0], "2": PALETTE[1]}
True
>>> contrast_ratio(PALETTE[0], "#ffffff") >= 3 and contrast_ratio(PALETTE[0], "#1e1e1e") >= 3
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from numberlink_sat.errors import InvalidArgumentError

__all__ = [
    "CHOICE_WINDOW",
    "DARK_BACKGROUND",
    "EXACT_LABELS",
    "LIGHT_BACKGROUND",
    "PALETTE",
    "adjacency_from_cells",
    "assign_colours",
    "colour_distance",
    "contrast_ratio",
    "extended_palette",
    "relative_luminance",
    "text_colour_on",
]

LIGHT_BACKGROUND = "#ffffff"
"""Cell colour of the light theme."""

DARK_BACKGROUND = "#1e1e1e"
"""Cell colour of the dark theme."""

_LIGHTNESS_LEVELS = (47.0, 54.0, 61.0)
"""L* levels of the colours: inside the band where 3:1 contrast holds on both themes."""

_MAX_CHROMA = 72.0
"""Chroma cap, so that no colour is neon."""

_BASE_SIZE = 20

# --- colour science (sRGB <-> CIELAB, D65) -------------------------------------------

def _to_linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _from_linear(value: float) -> float:
    return 12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055


def _hex_to_rgb(colour: str) -> tuple[float, float, float]:
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def _rgb_to_hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, x)) * 255):02x}" for x in rgb)


_WHITE = (0.95047, 1.0, 1.08883)
_M_TO_XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
_M_TO_RGB = ((3.2406, -1.5372, -0.4986), (-0.9689, 1.8758, 0.0415), (0.0557, -0.2040, 1.0570))


@lru_cache(maxsize=4096)
def _lab(colour: str) -> tuple[float, float, float]:
    lin = [_to_linear(x) for x in _hex_to_rgb(colour)]
    xyz = [sum(m * v for m, v in zip(row, lin, strict=True)) for row in _M_TO_XYZ]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def _lch_to_rgb(lightness: float, chroma: float, hue: float) -> tuple[float, float, float]:
    a = chroma * math.cos(math.radians(hue))
    b = chroma * math.sin(math.radians(hue))
    fy = (lightness + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def finv(t: float) -> float:
        return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    xyz = [finv(fx) * _WHITE[0], finv(fy) * _WHITE[1], finv(fz) * _WHITE[2]]
    lin = [sum(m * v for m, v in zip(row, xyz, strict=True)) for row in _M_TO_RGB]
    return (_from_linear(lin[0]), _from_linear(lin[1]), _from_linear(lin[2]))


def _lch_colour(lightness: float, hue: float) -> str:
    """The most saturated in-gamut sRGB colour of this lightness and hue."""
    low, high = 0.0, 150.0
    for _ in range(30):
        mid = (low + high) / 2
        if all(-1e-9 <= x <= 1 + 1e-9 for x in _lch_to_rgb(lightness, mid, hue)):
            low = mid
        else:
            high = mid
    return _rgb_to_hex(_lch_to_rgb(lightness, low, hue))


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour (0 black .. 1 white).

    >>> relative_luminance("#ffffff"), relative_luminance("#000000")
    (1.0, 0.0)
    """
    r, g, b = (_to_linear(x) for x in _hex_to_rgb(colour))
    return round(0.2126 * r + 0.7152 * g + 0.0722 * b, 6)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours, 1 (none) .. 21 (black on white).

    >>> contrast_ratio("#000000", "#ffffff")
    21.0
    """
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return round((a + 0.05) / (b + 0.05), 3)


def colour_distance(first: str, second: str) -> float:
    """Euclidean distance of two colours in CIELAB (CIE76 delta E; ~2.3 is just visible).

    >>> colour_distance("#ff0000", "#ff0000")
    0.0
    """
    return round(math.dist(_lab(first), _lab(second)), 6)


def text_colour_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``.

    >>> text_colour_on("#ffffff"), text_colour_on("#000000")
    ('#000000', '#ffffff')
    """
    white, black = contrast_ratio(colour, "#ffffff"), contrast_ratio(colour, "#000000")
    return "#ffffff" if white >= black else "#000000"


def _capped_colour(lightness: float, hue: float, chroma: float) -> str:
    rgb = _lch_to_rgb(lightness, chroma, hue)
    if all(-1e-9 <= x <= 1 + 1e-9 for x in rgb):
        return _rgb_to_hex(rgb)
    return _lch_colour(lightness, hue)


@lru_cache(maxsize=1)
def _candidates() -> tuple[tuple[str, tuple[float, float, float]], ...]:
    """Candidate colours: hues every 3 degrees, three lightness levels, two chromas."""
    out: dict[str, tuple[float, float, float]] = {}
    for scale in (1.0, 0.6):
        for lightness in _LIGHTNESS_LEVELS:
            for step in range(120):
                colour = _capped_colour(lightness, step * 3.0, _MAX_CHROMA * scale)
                out.setdefault(colour, _lab(colour))
    return tuple(out.items())


@lru_cache(maxsize=8)
def _farthest_first(count: int, full_chroma_only: bool) -> tuple[str, ...]:
    """Farthest-point order over the candidates, starting from the red at L* 54."""
    pool = list(_candidates())
    if full_chroma_only:
        pool = pool[: len(pool) // 2]
    first = _capped_colour(54.0, 30.0, _MAX_CHROMA)
    chosen = [first]
    nearest = [math.dist(lab, _lab(first)) for _, lab in pool]
    while len(chosen) < min(count, len(pool)):
        index = max(range(len(pool)), key=lambda i: (nearest[i], -i))
        colour, lab = pool[index]
        chosen.append(colour)
        nearest = [
            min(d, math.dist(lab, other)) for d, (_, other) in zip(nearest, pool, strict=True)
        ]
    return tuple(chosen)


PALETTE: tuple[str, ...] = (
    "#e84547", "#10aa43", "#107efa", "#007b88", "#b48e00",
    "#c32e9c", "#5b7a00", "#00a781", "#e57423", "#0074b7",
    "#8e52cb", "#ff5290", "#a26000", "#61a41a", "#008141",
    "#7d7000", "#949900", "#c64218", "#d71d54", "#00a4a0",
)
"""The base colours, in the order they are handed out: each is the candidate farthest
(in CIELAB) from all before it, so the first few are the most distinct. Written out to
keep imports fast; equal to ``_farthest_first(20, True)`` (a test checks it)."""


def extended_palette(count: int) -> tuple[str, ...]:
    """At least ``count`` distinct colours: :data:`PALETTE`, then more of the same kind.

    The extension goes on with farthest-point picks among about 700 candidate colours
    (every one inside the contrast band); past those, colours along the golden angle.

    >>> ext = extended_palette(50)
    >>> len(ext), len(set(ext)), ext[:len(PALETTE)] == PALETTE
    (50, 50, True)
    """
    colours = list(PALETTE)
    if count <= len(colours):
        return tuple(colours)
    seen = set(colours)
    for colour in _farthest_first(len(_candidates()), False):
        if len(colours) >= count:
            break
        if colour not in seen:
            seen.add(colour)
            colours.append(colour)
    step = 0
    while len(colours) < count:
        hue = (step * 137.50776405) % 360
        lightness = _LIGHTNESS_LEVELS[step % 3] + (step // 3) % 5 - 2
        colour = _capped_colour(lightness, hue, _MAX_CHROMA * (0.5 + (step % 7) / 12))
        step += 1
        if colour not in seen:
            seen.add(colour)
            colours.append(colour)
    return tuple(colours)


EXACT_LABELS = 256
"""Up to this many labels, each label weighs every free colour."""

CHOICE_WINDOW = 64
"""Beyond :data:`EXACT_LABELS`, how many free colours (in palette order) a label weighs."""


def assign_colours(
    labels: Iterable[str],
    adjacency: Iterable[tuple[str, str]] = (),
    palette: Sequence[str] | None = None,
) -> dict[str, str]:
    """A colour per label, every label its own, neighbouring labels far apart.

    ``adjacency`` lists pairs of labels whose paths touch. Labels are coloured in order
    of decreasing number of neighbours (ties: the order given); each takes the unused
    colour that is farthest from its already coloured neighbours, ties going to the
    earlier palette entry. Without ``palette`` the colours are the first ``len(labels)``
    of :func:`extended_palette`, the most distinct ones. Deterministic. A label without
    coloured neighbours takes the first free colour; with more than
    :data:`EXACT_LABELS` labels, a label with neighbours chooses among the first
    :data:`CHOICE_WINDOW` free colours only, so the time stays linear in the labels.

    >>> colours = assign_colours("abc", [("a", "b"), ("b", "c"), ("a", "c")])
    >>> len(set(colours.values()))
    3
    """
    import networkx as nx

    order = list(dict.fromkeys(labels))
    graph = nx.Graph()
    graph.add_nodes_from(order)
    graph.add_edges_from((a, b) for a, b in adjacency if a != b and a in graph and b in graph)
    # Exactly as many colours as labels: the first ones of the palette are the most
    # distinct, and the greedy pass only decides which label gets which.
    colours = (
        list(palette) if palette is not None else list(extended_palette(len(order))[: len(order)])
    )
    if len(colours) < len(order):
        raise InvalidArgumentError(f"{len(order)} labels but only {len(colours)} colours")
    position = {label: i for i, label in enumerate(order)}
    ranked = sorted(order, key=lambda lab: (-graph.degree(lab), position[lab]))
    rank = {colour: i for i, colour in reversed(list(enumerate(colours)))}
    free = dict.fromkeys(colours)  # insertion-ordered set, in palette order
    window = None if len(order) <= EXACT_LABELS else CHOICE_WINDOW
    chosen: dict[str, str] = {}
    for label in ranked:
        near = [chosen[n] for n in graph.neighbors(label) if n in chosen]
        if not near:  # every free colour scores infinity: the earliest one wins
            best = next(iter(free))
        else:
            best = max(
                itertools.islice(free, window),
                key=lambda col: (min(colour_distance(col, other) for other in near),
                                 -rank[col]),
            )
        chosen[label] = best
        del free[best]
    return {label: chosen[label] for label in order}


def adjacency_from_cells(owner: Mapping[tuple[int, int], str]) -> set[tuple[str, str]]:
    """Pairs of distinct labels that own orthogonally adjacent cells.

    >>> sorted(adjacency_from_cells({(0, 0): "a", (0, 1): "b", (5, 5): "c"}))
    [('a', 'b')]
    """
    pairs: set[tuple[str, str]] = set()
    for (r, c), label in owner.items():
        for other_cell in ((r, c + 1), (r + 1, c)):
            other = owner.get(other_cell)
            if other is not None and other != label:
                pairs.add((label, other) if label < other else (other, label))
    return pairs
