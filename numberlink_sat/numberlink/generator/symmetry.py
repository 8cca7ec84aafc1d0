"""Symmetric random paths: the random-path growth, done in mirror pairs.

A clue symmetry (a half turn, a mirror left-right or top-bottom) is a map ``m`` of
the cells onto themselves with ``m(m(x)) == x`` that keeps adjacency. Paths are grown
as the plain construction grows them (:mod:`.paths`: start at two free adjacent
cells, extend from the last cell to a free neighbour whose only neighbour on the path
is that cell), except that every cell taken also takes its image:

- a **pair**: path ``P`` and its image ``m(P)``, two labels, disjoint; a new cell ``x``
  of ``P`` needs ``m(x)`` free, and ``x != m(x)``;
- a **self-symmetric** path, started on a cell ``a = m(a)`` (the centre of an odd
  board under a half turn, the middle column or row under a mirror) or on an edge
  ``a, m(a)`` across the axis; it grows at both ends at once, ``x`` at one end and
  ``m(x)`` at the other, and must not touch itself across the axis.

So the set of ends (the clues) and the set of cells on no path both map onto
themselves: symmetry is built in, not filtered afterwards.

>>> import random
>>> m = mirror_map(5, 4, "rot180")
>>> paths, left = symmetric_paths(5, 4, random.Random(1), m)
>>> ends = {i for p in paths for i in (p[0], p[-1])}
>>> {m[i] for i in ends} == ends and {m[i] for i in left} == left
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from numberlink_sat.errors import InvalidArgumentError
from numberlink_sat.sat.deadline import Deadline

__all__ = ["mirror_map", "symmetric_paths"]


def mirror_map(width: int, height: int, symmetry: str) -> list[int] | None:
    """Cell index -> the index of its image, or ``None`` for ``"none"``.

    >>> mirror_map(3, 2, "mirror-lr")
    [2, 1, 0, 5, 4, 3]
    >>> mirror_map(3, 2, "rot180")
    [5, 4, 3, 2, 1, 0]
    """
    if symmetry == "none":
        return None
    out = []
    for i in range(width * height):
        r, c = divmod(i, width)
        if symmetry == "rot180":
            r, c = height - 1 - r, width - 1 - c
        elif symmetry == "mirror-lr":
            c = width - 1 - c
        elif symmetry == "mirror-tb":
            r = height - 1 - r
        else:
            raise InvalidArgumentError(f"unknown symmetry {symmetry!r}")
        out.append(r * width + c)
    return out


def _nbrs(width: int, height: int) -> list[list[int]]:
    n = width * height
    return [[j for j, ok in ((i - width, i >= width), (i + 1, i % width < width - 1),
                             (i + width, i < n - width), (i - 1, i % width > 0)) if ok]
            for i in range(n)]


class _Grower:
    """The board state of the symmetric construction."""

    def __init__(self, width: int, height: int, mirror: Sequence[int],
                 rng: random.Random, max_length: int | None) -> None:
        self.n = width * height
        self.nbrs = _nbrs(width, height)
        self.mirror = mirror
        self.rng = rng
        self.owner = [-1] * self.n
        self.limit = self.n if max_length is None else max_length
        self.paths: list[list[int]] = []

    def free(self, x: int) -> bool:
        return self.owner[x] < 0

    def take(self, x: int, pid: int) -> None:
        self.owner[x] = pid

    def only_touch(self, x: int, tail: int, pid: int, also: int = -1) -> bool:
        """Whether ``tail`` is ``x``'s only neighbour owned by ``pid`` (or being ``also``)."""
        return not any(y != tail and (self.owner[y] == pid or y == also)
                       for y in self.nbrs[x])

    def options(self, tail: int, pid: int, self_symmetric: bool) -> list[int]:
        m = self.mirror
        out = []
        for x in self.nbrs[tail]:
            mx = m[x]
            if not self.free(x) or not self.free(mx) or mx == x:
                continue
            if self_symmetric:
                if mx in self.nbrs[x] or not self.only_touch(x, tail, pid, also=mx):
                    continue
            elif not self.only_touch(x, tail, pid):
                continue
            out.append(x)
        return out

    def grow_pair(self, a: int, b: int) -> None:
        m = self.mirror
        pid, qid = len(self.paths), len(self.paths) + 1
        path = [a, b]
        for x in path:
            self.take(x, pid)
            self.take(m[x], qid)
        while len(path) < self.limit:
            choice = self.options(path[-1], pid, False)
            if not choice:
                break
            x = choice[self.rng.randrange(len(choice))]
            self.take(x, pid)
            self.take(m[x], qid)
            path.append(x)
        self.paths.append(path)
        self.paths.append([m[x] for x in path])

    def grow_self_symmetric(self, core: list[int]) -> bool:
        """``core`` is ``[a]`` with ``a`` fixed, or ``[a]`` with ``m(a)`` next to ``a``."""
        m = self.mirror
        pid = len(self.paths)
        arm = list(core) if m[core[0]] != core[0] else []
        middle = [] if arm else list(core)
        for x in [*middle, *arm, *(m[x] for x in arm)]:
            self.take(x, pid)
        tail = (arm or middle)[-1]
        while 2 * len(arm) + len(middle) + 2 <= self.limit:
            choice = self.options(tail, pid, True)
            if not choice:
                break
            x = choice[self.rng.randrange(len(choice))]
            self.take(x, pid)
            self.take(m[x], pid)
            arm.append(x)
            tail = x
        whole = [m[x] for x in reversed(arm)] + middle + arm
        if len(whole) < 2:  # a fixed cell that could not grow: leave it free
            self.owner[core[0]] = -1
            return False
        self.paths.append(whole)
        return True

    def start(self, a: int) -> bool:
        """Try to start a path (or a pair) at ``a``; False when ``a`` can start none."""
        m = self.mirror
        free_nbrs = [b for b in self.nbrs[a] if self.free(b)]
        self.rng.shuffle(free_nbrs)
        if m[a] == a:
            return self.grow_self_symmetric([a])
        if not self.free(m[a]):
            return False
        for b in free_nbrs:
            if b == m[a]:
                return self.grow_self_symmetric([a])
            mb = m[b]
            if mb != b and self.free(mb) and mb != a:
                self.grow_pair(a, b)
                return True
        return False


def symmetric_paths(
    width: int,
    height: int,
    rng: random.Random,
    mirror: Sequence[int],
    *,
    max_length: int | None = None,
    deadline: Deadline | None = None,
) -> tuple[list[list[int]], set[int]]:
    """Paths (cell indices, end to end) closed under ``mirror``, and the cells on none.

    Every path is induced (two of its cells are adjacent only when consecutive);
    the image of a path is a path (itself, reversed, for a self-symmetric one).
    """
    g = _Grower(width, height, mirror, rng, max_length)
    if deadline is not None:
        deadline.check("drawing paths")
    cand = list(range(g.n))
    while cand:
        if deadline is not None and not len(cand) & 255:
            deadline.check("drawing paths")
        k = rng.randrange(len(cand))
        a = cand[k]
        if not g.free(a) or not g.start(a):
            cand[k] = cand[-1]
            cand.pop()
    left = {i for i in range(g.n) if g.owner[i] < 0}
    return g.paths, left
