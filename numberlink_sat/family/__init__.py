"""One contract for the three puzzles: :class:`PuzzleFamily` and its registry.

>>> sorted(FAMILIES)
['lianliankan', 'numberlink', 'numchain']
>>> get_family("numberlink").enumerates, get_family("numchain").enumerates
(True, False)
"""

from __future__ import annotations

from typing import Any

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.family.base import Picture, PuzzleFamily, SolveStats, UnsupportedVerb
from numberlink_sat.family.lianliankan import LianliankanFamily, LlkRules
from numberlink_sat.family.numberlink import NumberlinkFamily
from numberlink_sat.family.numchain import ChainRules, NumberChainFamily

__all__ = [
    "FAMILIES",
    "ChainRules",
    "LianliankanFamily",
    "LlkRules",
    "NumberChainFamily",
    "NumberlinkFamily",
    "Picture",
    "PuzzleFamily",
    "SolveStats",
    "UnsupportedVerb",
    "get_family",
]

FAMILIES: dict[str, PuzzleFamily[Any, Any, Any]] = {
    family.name: family
    for family in (NumberlinkFamily(), NumberChainFamily(), LianliankanFamily())
}
"""Every family by name."""


def get_family(name: str) -> PuzzleFamily[Any, Any, Any]:
    """The family called ``name`` (InvalidArgumentError for an unknown one)."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise InvalidArgumentError(
            f"unknown puzzle family {name!r}; use one of {', '.join(sorted(FAMILIES))}"
        ) from None
