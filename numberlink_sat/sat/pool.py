"""One variable pool: positive integers handed out one by one or in blocks.

Unlike PySAT's ``IDPool`` it does not hash an object per variable, which matters on
boards with millions of edges; names are optional and kept only when asked for (for
DIMACS comments and debugging).

>>> pool = VarPool()
>>> pool.new("x")
1
>>> start = pool.block(3)
>>> start, pool.top
(2, 4)
>>> pool.name_of(1)
'x'
"""

from __future__ import annotations

__all__ = ["VarPool"]


class VarPool:
    """Hands out fresh variable numbers; ``top`` is the largest used so far."""

    __slots__ = ("_names", "top")

    def __init__(self, top: int = 0) -> None:
        self.top = top
        self._names: dict[int, str] = {}

    def new(self, name: str | None = None) -> int:
        """A fresh variable, optionally named."""
        self.top += 1
        if name is not None:
            self._names[self.top] = name
        return self.top

    def block(self, count: int, name: str | None = None) -> int:
        """Reserve ``count`` consecutive variables; returns the first.

        ``name`` (if given) names the block: variable ``start + i`` reads ``name[i]``.
        """
        if count < 0:
            raise ValueError("count must be >= 0")
        start = self.top + 1
        self.top += count
        if name is not None and count:
            self._names[start] = f"{name}[0..{count - 1}]"
        return start

    def name_of(self, var: int) -> str | None:
        """The name given to ``var`` (or to the block it starts), if any."""
        return self._names.get(abs(var))

    def names(self) -> dict[int, str]:
        """All names given so far (variable -> name)."""
        return dict(self._names)
