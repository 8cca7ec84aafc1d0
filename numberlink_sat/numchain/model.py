"""The Number Chain (数字接龙) puzzle type and its contest text format.

A :class:`Puzzle` is an ``n`` x ``n`` board of labels in ``0..k-1``. The contest
input is ``N K`` on the first line, then ``N`` lines of ``N`` integers; the output is
one line: the direction string, ``-1``, or an empty line for a 1x1 board holding 0.

>>> p = parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2\\n")
>>> p.n, p.k, p.label((2, 2))
(3, 3, 2)
>>> format_answer("41255214"), format_answer(None), format_answer("")
('41255214', '-1', '')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from numberlink_sat.bounds import MAX_CELLS, MAX_CHAIN_K
from numberlink_sat.errors import InvalidPuzzleError, ParseError
from numberlink_sat.grid import Cell

__all__ = [
    "DIRECTION_CHARS",
    "MAX_SIDE",
    "NO_PATH",
    "Puzzle",
    "expected_label",
    "format_answer",
    "format_puzzle",
    "impossibility",
    "label_counts",
    "parse",
]

MAX_SIDE = math.isqrt(MAX_CELLS)
"""Largest ``n`` accepted: 5,000, so that a board holds at most
:data:`~numberlink_sat.bounds.MAX_CELLS` cells (the contest allows 10)."""

NO_PATH = "-1"
"""The contest output when no path exists."""

DIRECTION_CHARS = "01234567"
"""The characters of a direction string (direction ``d`` is ``grid.KING_STEPS[d]``)."""


def expected_label(index: int, k: int) -> int:
    """The label the ``index``-th cell of the path (0-based) must hold.

    >>> [expected_label(i, 3) for i in range(7)]
    [0, 1, 2, 0, 1, 2, 0]
    """
    return index % k


@dataclass(frozen=True)
class Puzzle:
    """An ``n`` x ``n`` Number Chain board; ``grid[r][c]`` is the label of cell ``(r, c)``.

    The constructor checks ``n >= 1``, ``k >= 1``, the shape of ``grid`` and that every
    label lies in ``0..k-1``, raising :class:`~numberlink_sat.errors.InvalidPuzzleError`
    naming the cell otherwise.

    >>> Puzzle(2, 2, ((0, 1), (1, 1))).cells
    4
    >>> Puzzle(2, 2, ((0, 1), (1, 2)))
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.InvalidPuzzleError: cell (1, 1) holds 2, outside 0..1 (K = 2)
    """

    n: int
    k: int
    grid: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        for name, value in (("N", self.n), ("K", self.k)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidPuzzleError(f"{name} must be an int, not {type(value).__name__}")
        if not 1 <= self.n <= MAX_SIDE:
            raise InvalidPuzzleError(f"N = {self.n} is out of range 1..{MAX_SIDE}")
        if not 1 <= self.k <= MAX_CHAIN_K:
            raise InvalidPuzzleError(f"K = {self.k} is out of range 1..{MAX_CHAIN_K}")
        grid = tuple(tuple(row) for row in self.grid)
        object.__setattr__(self, "grid", grid)
        if len(grid) != self.n:
            raise InvalidPuzzleError(f"the board has {len(grid)} rows, N = {self.n}")
        for r, row in enumerate(grid):
            if len(row) != self.n:
                raise InvalidPuzzleError(f"row {r} has {len(row)} cells, N = {self.n}")
            for c, value in enumerate(row):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise InvalidPuzzleError(f"cell ({r}, {c}) holds {value!r}, not an int")
                if not 0 <= value < self.k:
                    raise InvalidPuzzleError(
                        f"cell ({r}, {c}) holds {value}, outside 0..{self.k - 1} (K = {self.k})"
                    )

    @classmethod
    def from_rows(cls, k: int, rows: Iterable[Sequence[int]]) -> Puzzle:
        """A puzzle from its rows (``n`` is the number of rows).

        >>> Puzzle.from_rows(2, [[0, 1], [1, 0]]).n
        2
        """
        grid = tuple(tuple(row) for row in rows)
        return cls(len(grid), k, grid)

    @property
    def cells(self) -> int:
        """The number of cells, ``n * n``."""
        return self.n * self.n

    @property
    def start(self) -> Cell:
        """The first cell of every path, ``(0, 0)``."""
        return (0, 0)

    @property
    def end(self) -> Cell:
        """The last cell of every path, ``(n-1, n-1)``."""
        return (self.n - 1, self.n - 1)

    def label(self, cell: Cell) -> int:
        """The label of ``cell``."""
        return self.grid[cell[0]][cell[1]]


def _ints(line: str, lineno: int) -> list[tuple[int, int]]:
    """The integers of ``line`` with their 1-based columns; ParseError on anything else."""
    out: list[tuple[int, int]] = []
    col = 0
    length = len(line)
    while col < length:
        if line[col].isspace():
            col += 1
            continue
        start = col
        while col < length and not line[col].isspace():
            col += 1
        token = line[start:col]
        body = token[1:] if token[0] in "+-" else token
        if not body.isascii() or not body.isdigit():
            raise ParseError(f"expected an integer, found {token!r}", lineno, start + 1)
        out.append((int(token), start + 1))
    return out


def parse(text: str) -> Puzzle:
    """Read the contest input: ``N K``, then ``N`` lines of ``N`` integers.

    Blank lines are ignored. Every error names its line and column: text that is not
    an integer, ``N`` or ``K`` below 1, a row with the wrong count, too few or too many
    rows, a label outside ``0..K-1``.

    >>> parse("1 1\\n0").grid
    ((0,),)
    >>> parse("2 2\\n0 1\\n1")
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.ParseError: line 3, column 2: row 2 has 1 number, expected N = 2
    >>> parse("2 2\\n0 1\\n1 5")
    Traceback (most recent call last):
    ...
    numberlink_sat.errors.ParseError: line 3, column 3: 5 is outside 0..1 (K = 2)
    """
    text = text.removeprefix("\ufeff")  # a byte-order mark; splitlines takes CRLF too
    lines = [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip()]
    if not lines:
        raise ParseError("empty input: expected 'N K' on the first line", 1, 1)
    head_no, head = lines[0]
    head_ints = _ints(head, head_no)
    if len(head_ints) != 2:
        raise ParseError(
            f"the first line must hold two integers 'N K', found {len(head_ints)}",
            head_no, head_ints[2][1] if len(head_ints) > 2 else len(head) + 1,
        )
    (n, n_col), (k, k_col) = head_ints
    if n < 1:
        raise ParseError(f"N = {n} must be at least 1", head_no, n_col)
    if n > MAX_SIDE:
        raise ParseError(f"N = {n} is larger than {MAX_SIDE}", head_no, n_col)
    if k < 1:
        raise ParseError(f"K = {k} must be at least 1", head_no, k_col)
    if k > MAX_CHAIN_K:
        raise ParseError(f"K = {k} is larger than {MAX_CHAIN_K}", head_no, k_col)
    rows: list[tuple[int, ...]] = []
    for index, (lineno, line) in enumerate(lines[1:]):
        if index >= n:
            raise ParseError(f"extra line after the {n} rows of the board", lineno, 1)
        values = _ints(line, lineno)
        if len(values) != n:
            plural = "number" if len(values) == 1 else "numbers"
            col = values[n][1] if len(values) > n else len(line.rstrip()) + 1
            raise ParseError(
                f"row {index + 1} has {len(values)} {plural}, expected N = {n}", lineno, col
            )
        for value, col in values:
            if not 0 <= value < k:
                raise ParseError(f"{value} is outside 0..{k - 1} (K = {k})", lineno, col)
        rows.append(tuple(v for v, _ in values))
    if len(rows) < n:
        last = lines[-1][0]
        raise ParseError(f"the board has {len(rows)} rows, expected N = {n}", last + 1, 1)
    return Puzzle(n, k, tuple(rows))


def format_puzzle(puzzle: Puzzle) -> str:
    """The contest input text of ``puzzle`` (the inverse of :func:`parse`).

    >>> print(format_puzzle(Puzzle(2, 3, ((0, 1), (2, 0)))), end="")
    2 3
    0 1
    2 0
    """
    lines = [f"{puzzle.n} {puzzle.k}"]
    lines.extend(" ".join(map(str, row)) for row in puzzle.grid)
    return "\n".join(lines) + "\n"


def format_answer(answer: str | None) -> str:
    """The contest output line (without newline): the direction string, or ``-1`` for ``None``."""
    return NO_PATH if answer is None else answer


def label_counts(n: int, k: int) -> list[int]:
    """How many cells of a full path hold each label ``0..k-1`` (positions ``0..n*n-1``).

    >>> label_counts(3, 4)
    [3, 2, 2, 2]
    """
    total = n * n
    return [total // k + (1 if j < total % k else 0) for j in range(k)]


def impossibility(puzzle: Puzzle) -> str | None:
    """A reason no path can exist, found by the cheap exact checks; ``None`` if they pass.

    The path visits every cell once, so the ``i``-th cell holds ``i mod K``: the start
    must hold 0, the end ``(N*N-1) mod K``, and each label must occur exactly as often
    as it does in ``0, 1, ..., K-1, 0, ...`` of length ``N*N``.

    >>> impossibility(Puzzle(2, 3, ((0, 1), (2, 0)))) is None
    True
    >>> impossibility(Puzzle(2, 3, ((0, 1), (2, 1))))
    'the end cell (1, 1) holds 1, the path must end with (2*2-1) mod 3 = 0'
    """
    n, k = puzzle.n, puzzle.k
    if puzzle.grid[0][0] != 0:
        return f"the start cell (0, 0) holds {puzzle.grid[0][0]}, the path must start with 0"
    want_end = (n * n - 1) % k
    if puzzle.grid[n - 1][n - 1] != want_end:
        return (
            f"the end cell ({n - 1}, {n - 1}) holds {puzzle.grid[n - 1][n - 1]}, "
            f"the path must end with ({n}*{n}-1) mod {k} = {want_end}"
        )
    have = Counter(value for row in puzzle.grid for value in row)
    # labels from n*n on are never on the path, so with K > N*N each of 0..N*N-1 is
    # needed once (and then no cell is left for a larger one)
    wants = label_counts(n, k) if k <= n * n else [1] * (n * n)
    for label, want in enumerate(wants):
        if have[label] != want:
            return f"label {label} occurs {have[label]} times, a full path needs it {want} times"
    return None
