"""The rule options of a Numberlink puzzle, beside the model: :class:`RuleOptions`.

A puzzle read from a source that knows its genre carries them (``Puzzle.rules``); the
solver, the encoder and the verifier take them as keyword arguments. Nothing here
imports the encoder or a SAT solver, so the model and the verifier can use it.

>>> RuleOptions(fill=False) == RuleOptions(fill=False)
True
>>> RuleOptions(fill=True, no_touch=True).describe()
'fill, no-touch'
"""

from __future__ import annotations

from numberlink_sat.errors import InvalidArgumentError

__all__ = ["LABEL_ENCODINGS", "RuleOptions"]

LABEL_ENCODINGS = ("log", "onehot")
"""How a cell's label is written: ``log`` (binary bits) or ``onehot`` (one per label)."""


class RuleOptions:
    """The three rule options, validated once.

    ``fill``: every open cell lies on a path; ``no_touch``: a path never runs beside
    itself; ``no_2x2``: no 2 x 2 square of one path. ``labels`` and ``no_u_turn`` are
    choices of the encoding, not rules of the game. Two options are equal when every
    field is.

    >>> RuleOptions(fill=True, no_touch=True).describe()
    'fill, no-touch'
    >>> RuleOptions(fill=False).as_kwargs()
    {'fill': False, 'no_touch': False, 'no_2x2': False}
    """

    __slots__ = ("fill", "labels", "no_2x2", "no_touch", "no_u_turn")

    def __init__(self, fill: bool = True, no_touch: bool = False, no_2x2: bool = False,
                 labels: str = "log", no_u_turn: bool = False) -> None:
        for name, value in (("fill", fill), ("no_touch", no_touch), ("no_2x2", no_2x2),
                            ("no_u_turn", no_u_turn)):
            if not isinstance(value, bool):
                raise InvalidArgumentError(f"{name} must be True or False, not {value!r}")
        if labels not in LABEL_ENCODINGS:
            raise InvalidArgumentError(f"labels must be one of {LABEL_ENCODINGS}, not {labels!r}")
        self.fill = fill
        self.no_touch = no_touch
        self.no_2x2 = no_2x2
        self.labels = labels
        # not a rule of the game: a restriction the solver tries first (see solve.py);
        # no_touch implies it
        self.no_u_turn = no_u_turn or no_touch

    def describe(self) -> str:
        """A short human name of the variant, e.g. ``'fill, no-touch'``."""
        parts = ["fill" if self.fill else "no fill"]
        if self.no_touch:
            parts.append("no-touch")
        if self.no_2x2:
            parts.append("no-2x2")
        if self.no_u_turn and not self.no_touch:
            parts.append("no-U-turn (restriction)")
        return ", ".join(parts)

    def as_kwargs(self) -> dict[str, bool]:
        """The options as keyword arguments (for ``verify``)."""
        return {"fill": self.fill, "no_touch": self.no_touch, "no_2x2": self.no_2x2}

    def _key(self) -> tuple[bool, bool, bool, str, bool]:
        return (self.fill, self.no_touch, self.no_2x2, self.labels, self.no_u_turn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleOptions):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"RuleOptions(fill={self.fill}, no_touch={self.no_touch}, no_2x2={self.no_2x2}"
            + (f", labels={self.labels!r}" if self.labels != "log" else "")
            + (", no_u_turn=True" if self.no_u_turn and not self.no_touch else "")
            + ")"
        )
