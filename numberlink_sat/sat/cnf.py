"""An encoding as data: clauses, the pool that numbered them, and DIMACS export.

Clauses live in a plain list (``clauses``) and, for encoders that build them with
numpy, in *blocks*: 2-D integer arrays whose rows are clauses of one width. A block of
millions of clauses costs a few bytes per literal instead of a Python list per clause
(a 1002 x 1002 Numberlink board has 17M clauses), and goes to the solver in chunks.

>>> import numpy as np
>>> enc = Encoding()
>>> x, y = enc.pool.new("x"), enc.pool.new("y")
>>> enc.add([x])
>>> enc.add_block(np.array([[-x, y], [x, -y]]))
>>> enc.num_clauses, list(enc.iter_clauses())
(3, [[1], [-1, 2], [1, -2]])
>>> print(enc.to_dimacs(), end="")
p cnf 2 3
1 0
-1 2 0
1 -2 0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt

from numberlink_sat.sat.pool import VarPool

__all__ = ["Encoding"]


class Encoding:
    """Clauses plus their :class:`VarPool`. Puzzle encoders subclass or wrap it."""

    def __init__(self, pool: VarPool | None = None) -> None:
        self.pool = pool if pool is not None else VarPool()
        self.clauses: list[list[int]] = []
        self.blocks: list[npt.NDArray[np.int64]] = []

    def add(self, clause: list[int]) -> None:
        """Append one clause."""
        self.clauses.append(clause)

    def extend(self, clauses: Iterable[list[int]]) -> None:
        """Append many clauses."""
        self.clauses.extend(clauses)

    def add_block(self, block: npt.ArrayLike) -> None:
        """Append the rows of a 2-D integer array as clauses (all of one width)."""
        array = np.asarray(block, dtype=np.int64)
        if array.ndim != 2:
            raise ValueError(f"a clause block must be 2-D, got shape {array.shape}")
        if array.size and not array.all():
            raise ValueError("a clause block must not hold the literal 0")
        if len(array):
            self.blocks.append(array)

    def iter_clauses(self) -> Iterator[list[int]]:
        """Every clause, the list first and then the blocks row by row."""
        yield from self.clauses
        for block in self.blocks:
            yield from block.tolist()

    @property
    def num_vars(self) -> int:
        """The largest variable number handed out."""
        return self.pool.top

    @property
    def num_clauses(self) -> int:
        """How many clauses the encoding holds."""
        return len(self.clauses) + sum(len(block) for block in self.blocks)

    def to_dimacs(self, comments: Iterable[str] = (), extra: Iterable[list[int]] = ()) -> str:
        """DIMACS text; ``comments`` become ``c`` lines, ``extra`` clauses (e.g. cuts) are added.

        Note: a puzzle encoding is a relaxation until the lazy cuts are added, so a model
        of the exported CNF from another solver must still be decoded and verified.
        """
        extra_list = list(extra)
        lines = [f"c {c}" for c in comments]
        lines.append(f"p cnf {self.pool.top} {self.num_clauses + len(extra_list)}")
        for clause in self.iter_clauses():
            lines.append(" ".join(map(str, clause)) + " 0")
        for clause in extra_list:
            lines.append(" ".join(map(str, clause)) + " 0")
        return "\n".join(lines) + "\n"

    def write_dimacs(self, path: str | Path, comments: Iterable[str] = (),
                     extra: Iterable[list[int]] = ()) -> None:
        """Write :meth:`to_dimacs` to ``path``."""
        Path(path).write_text(self.to_dimacs(comments, extra), encoding="ascii")
