"""An encoding as data: clauses, the pool that numbered them, and DIMACS export.

>>> enc = Encoding()
>>> x = enc.pool.new("x")
>>> enc.add([x])
>>> print(enc.to_dimacs(), end="")
p cnf 1 1
1 0
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from numberlink_sat.sat.pool import VarPool

__all__ = ["Encoding"]


class Encoding:
    """Clauses plus their :class:`VarPool`. Puzzle encoders subclass or wrap it."""

    def __init__(self, pool: VarPool | None = None) -> None:
        self.pool = pool if pool is not None else VarPool()
        self.clauses: list[list[int]] = []

    def add(self, clause: list[int]) -> None:
        """Append one clause."""
        self.clauses.append(clause)

    def extend(self, clauses: Iterable[list[int]]) -> None:
        """Append many clauses."""
        self.clauses.extend(clauses)

    @property
    def num_vars(self) -> int:
        """The largest variable number handed out."""
        return self.pool.top

    @property
    def num_clauses(self) -> int:
        """How many clauses the encoding holds."""
        return len(self.clauses)

    def to_dimacs(self, comments: Iterable[str] = (), extra: Iterable[list[int]] = ()) -> str:
        """DIMACS text; ``comments`` become ``c`` lines, ``extra`` clauses (e.g. cuts) are added.

        Note: a puzzle encoding is a relaxation until the lazy cuts are added, so a model
        of the exported CNF from another solver must still be decoded and verified.
        """
        extra_list = list(extra)
        lines = [f"c {c}" for c in comments]
        lines.append(f"p cnf {self.pool.top} {len(self.clauses) + len(extra_list)}")
        for clause in self.clauses:
            lines.append(" ".join(map(str, clause)) + " 0")
        for clause in extra_list:
            lines.append(" ".join(map(str, clause)) + " 0")
        return "\n".join(lines) + "\n"

    def write_dimacs(self, path: str | Path, comments: Iterable[str] = (),
                     extra: Iterable[list[int]] = ()) -> None:
        """Write :meth:`to_dimacs` to ``path``."""
        Path(path).write_text(self.to_dimacs(comments, extra), encoding="ascii")
