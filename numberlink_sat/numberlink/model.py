"""The Numberlink types: :class:`Puzzle` and :class:`Solution`.

Both are immutable and hashable. A puzzle is a ``width`` x ``height`` board with
blocked cells and, for every label, its two end cells; a solution is one path per
label, each an ordered list of cells from one end to the other.

>>> p = Puzzle(3, 1, endpoints={"1": ((0, 0), (0, 2))})
>>> p.width, p.height, p.labels
(3, 1, ('1',))
>>> s = Solution(3, 1, {"1": [(0, 0), (0, 1), (0, 2)]})
>>> s.grid()
[['1', '1', '1']]

A puzzle may carry the rule its source states (``rules``, a
:class:`~numberlink_sat.numberlink.rules.RuleOptions`) and the genre it was read as
(``genre``, e.g. ``"numlin"``); neither is part of ``==`` or ``hash``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from numberlink_sat.bounds import check_cells
from numberlink_sat.errors import InvalidPuzzleError
from numberlink_sat.grid import Cell, Edge
from numberlink_sat.numberlink.rules import RuleOptions

__all__ = ["MAX_SIDE", "Puzzle", "Solution", "path_edges"]

MAX_SIDE = 100_000
"""Largest width or height accepted (a sanity bound, far above what SAT can solve)."""


def _check_size(width: int, height: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidPuzzleError(f"{name} must be an int, not {type(value).__name__}")
        if not 1 <= value <= MAX_SIDE:
            raise InvalidPuzzleError(f"{name} {value} is out of range 1..{MAX_SIDE}")
    check_cells(width, height)


def _as_cell(value: Any, what: str) -> Cell:
    try:
        r, c = value
        cell = (int(r), int(c))
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"{what}: {value!r} is not a (row, col) pair") from None
    return cell


class Puzzle:
    """A Numberlink puzzle: board size, blocked cells and the two ends of every label.

    ``blocked`` is a frozenset of ``(row, col)``; ``endpoints`` a read-only mapping from
    label (a ``str``, kept as written) to its two end cells, in the order the labels were
    given. The constructor checks the puzzle and raises
    :class:`~numberlink_sat.errors.InvalidPuzzleError` on a cell off the board, a cell
    used twice, or a label whose ends coincide.

    ``rules`` is the rule the puzzle's source states (``None``: it says none; the
    library's verbs keep their own defaults either way, the command line uses it when
    no rule flag is given) and ``genre`` the genre name the source gave (``None``, or
    ``"numlin"`` / ``"arukone"`` for puzz.link). Neither takes part in ``==`` or ``hash``.

    >>> Puzzle(2, 2, endpoints={"A": ((0, 0), (1, 1))}, blocked=[(0, 1)]).blocked
    frozenset({(0, 1)})
    >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))}, rules=RuleOptions(fill=False))
    >>> p.rules.fill, p == Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
    (False, True)
    """

    __slots__ = (
        "_endpoints", "_hash", "_label_at", "blocked", "genre", "height", "rules", "width"
    )

    width: int
    height: int
    blocked: frozenset[Cell]
    _endpoints: MappingProxyType[str, tuple[Cell, Cell]]
    _label_at: MappingProxyType[Cell, str]
    _hash: int
    rules: RuleOptions | None
    genre: str | None

    def __init__(
        self,
        width: int,
        height: int,
        endpoints: Mapping[str, tuple[Cell, Cell] | Iterable[Cell]],
        blocked: Iterable[Cell] = (),
        *,
        rules: RuleOptions | None = None,
        genre: str | None = None,
    ) -> None:
        _check_size(width, height)
        if rules is not None and not isinstance(rules, RuleOptions):
            raise InvalidPuzzleError(f"rules must be a RuleOptions or None, not {rules!r}")
        if genre is not None and not isinstance(genre, str):
            raise InvalidPuzzleError(f"genre must be a str or None, not {genre!r}")
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "genre", genre)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        blocked_set = frozenset(_as_cell(b, "blocked cell") for b in blocked)
        for cell in blocked_set:
            self._check_on_board(cell, "blocked cell")
        label_at: dict[Cell, str] = {}
        ends: dict[str, tuple[Cell, Cell]] = {}
        for label, pair in endpoints.items():
            if not isinstance(label, str) or not label:
                raise InvalidPuzzleError(f"label {label!r} must be a non-empty str")
            pair_list = list(pair)
            if len(pair_list) != 2:
                raise InvalidPuzzleError(
                    f"label {label!r} has {len(pair_list)} cells; every label needs exactly two"
                )
            a, b = (_as_cell(x, f"end of label {label!r}") for x in pair_list)
            for cell in (a, b):
                self._check_on_board(cell, f"end of label {label!r}")
                if cell in blocked_set:
                    raise InvalidPuzzleError(f"end of label {label!r} at {cell} is blocked")
                if cell in label_at:
                    raise InvalidPuzzleError(
                        f"cell {cell} holds both label {label_at[cell]!r} and {label!r}"
                    )
                label_at[cell] = label
            ends[label] = (a, b)
        object.__setattr__(self, "blocked", blocked_set)
        object.__setattr__(self, "_endpoints", MappingProxyType(ends))
        object.__setattr__(self, "_label_at", MappingProxyType(label_at))
        object.__setattr__(
            self,
            "_hash",
            hash((width, height, blocked_set, frozenset(_pair_key(ends)))),
        )

    def _check_on_board(self, cell: Cell, what: str) -> None:
        r, c = cell
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise InvalidPuzzleError(
                f"{what} {cell} is off the {self.width}x{self.height} board"
            )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Puzzle is immutable")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (and copied) as the arguments that build it again, so puzzles go to
        and from ``multiprocessing`` workers."""
        return _rebuilt_puzzle, (self.width, self.height, dict(self._endpoints),
                                 sorted(self.blocked), self.rules, self.genre)

    def with_rules(self, rules: RuleOptions | None, genre: str | None = None) -> Puzzle:
        """The same puzzle carrying ``rules`` (and ``genre`` when given, else its own).

        >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))}).with_rules(RuleOptions(fill=False))
        >>> p.rules.describe(), p.genre
        ('no fill', None)
        """
        return Puzzle(
            self.width,
            self.height,
            self._endpoints,
            self.blocked,
            rules=rules,
            genre=self.genre if genre is None else genre,
        )

    @property
    def endpoints(self) -> Mapping[str, tuple[Cell, Cell]]:
        """Label -> its two end cells (read-only)."""
        return self._endpoints

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels in the order they were given."""
        return tuple(self._endpoints)

    @property
    def label_at(self) -> Mapping[Cell, str]:
        """End cell -> its label (read-only)."""
        return self._label_at

    def is_open(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board and not blocked."""
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and cell not in self.blocked

    def open_cells(self) -> Iterator[Cell]:
        """Every non-blocked cell, row-major."""
        for r in range(self.height):
            for c in range(self.width):
                if (r, c) not in self.blocked:
                    yield (r, c)

    def grid(self) -> list[list[str | None]]:
        """Rows of cells: the label of an end cell, ``None`` for an empty cell, ``""`` blocked."""
        rows: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        for r, c in self.blocked:
            rows[r][c] = ""
        for cell, label in self._label_at.items():
            rows[cell[0]][cell[1]] = label
        return rows

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return (
            self.width == other.width
            and self.height == other.height
            and self.blocked == other.blocked
            and _pair_key(self._endpoints) == _pair_key(other._endpoints)
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return (
            f"Puzzle(width={self.width}, height={self.height}, labels={len(self._endpoints)}, "
            f"blocked={len(self.blocked)})"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (docs/formats.md): width, height, blocked and endpoints as lists."""
        return {
            "width": self.width,
            "height": self.height,
            "blocked": [list(c) for c in sorted(self.blocked)],
            "endpoints": {lab: [list(a), list(b)] for lab, (a, b) in self._endpoints.items()},
        }


def _rebuilt_puzzle(width: int, height: int, endpoints: dict[str, tuple[Cell, Cell]],
                    blocked: list[Cell], rules: RuleOptions | None,
                    genre: str | None) -> Puzzle:
    """:class:`Puzzle` from its pickled form (its keyword arguments by position)."""
    return Puzzle(width, height, endpoints, blocked, rules=rules, genre=genre)


def _pair_key(ends: Mapping[str, tuple[Cell, Cell]]) -> dict[str, frozenset[Cell]]:
    """Label -> its ends as a set: the order of a label's two ends does not matter."""
    return {label: frozenset(pair) for label, pair in ends.items()}


def path_edges(path: Iterable[Cell]) -> Iterator[Edge]:
    """The undirected edges between consecutive cells of ``path``, smaller cell first."""
    it = iter(path)
    prev = next(it, None)
    for cell in it:
        assert prev is not None
        yield (prev, cell) if prev <= cell else (cell, prev)
        prev = cell


class Solution:
    """One path per label, each an ordered tuple of cells from one end to the other.

    Two solutions are equal when their paths are equal as sets of edges (either end
    may come first). ``grid()`` gives the label of each cell (``None`` off every path).

    >>> a = Solution(2, 1, {"1": [(0, 0), (0, 1)]})
    >>> a == Solution(2, 1, {"1": [(0, 1), (0, 0)]})
    True
    """

    __slots__ = ("_key", "_paths", "height", "width")

    width: int
    height: int
    _paths: MappingProxyType[str, tuple[Cell, ...]]
    _key: frozenset[tuple[str, frozenset[Edge]]]

    def __init__(self, width: int, height: int, paths: Mapping[str, Iterable[Cell]]) -> None:
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        frozen = {lab: tuple((int(r), int(c)) for r, c in p) for lab, p in paths.items()}
        object.__setattr__(self, "_paths", MappingProxyType(frozen))
        key = frozenset(
            (lab, frozenset(path_edges(p)) if len(p) > 1 else frozenset({(p[0], p[0])}))
            for lab, p in frozen.items()
            if p
        )
        object.__setattr__(self, "_key", key)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Solution is immutable")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (and copied) as the arguments that build it again."""
        return Solution, (self.width, self.height, dict(self._paths))

    @property
    def paths(self) -> Mapping[str, tuple[Cell, ...]]:
        """Label -> ordered cells of its path, from one end to the other (read-only)."""
        return self._paths

    def edges(self) -> frozenset[Edge]:
        """Every used edge of every path."""
        return frozenset(e for p in self._paths.values() for e in path_edges(p))

    def label_of(self) -> dict[Cell, str]:
        """Cell -> label of the path through it."""
        return {cell: lab for lab, p in self._paths.items() for cell in p}

    def grid(self) -> list[list[str | None]]:
        """Rows of labels; ``None`` where no path passes."""
        rows: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        for lab, p in self._paths.items():
            for r, c in p:
                if 0 <= r < self.height and 0 <= c < self.width:
                    rows[r][c] = lab
        return rows

    def differing_cells(self, other: Solution) -> set[Cell]:
        """Cells whose label, or whose path edges, differ between ``self`` and ``other``."""
        mine, theirs = self.label_of(), other.label_of()
        out = {c for c in set(mine) | set(theirs) if mine.get(c) != theirs.get(c)}
        for e in self.edges() ^ other.edges():
            out.update(e)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return (self.width, self.height, self._key) == (other.width, other.height, other._key)

    def __hash__(self) -> int:
        return hash((self.width, self.height, self._key))

    def __repr__(self) -> str:
        return f"Solution(width={self.width}, height={self.height}, paths={len(self._paths)})"

    def to_dict(self) -> dict[str, Any]:
        """The JSON solution form (docs/formats.md)."""
        return {
            "width": self.width,
            "height": self.height,
            "paths": {lab: [list(c) for c in p] for lab, p in self._paths.items()},
        }
