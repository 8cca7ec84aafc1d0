"""The random-path construction over a union-find of the board's cells.

A solution is built first and the puzzle read off it (``docs/generator.md``):

1. pick, at random, two orthogonally adjacent cells ``a, b`` on no path yet (stop when
   no such pair is left anywhere); they start a new path; union them;
2. repeat: ``a := b``; pick at random a neighbour ``b`` of ``a`` that lies on no path
   and whose *only* neighbour on the current path is ``a``; union them; stop when
   there is none;
3. the first and last cells of the path are its ends.

Cells left on no path have no free neighbour (else step 1 would have gone on), so they
are isolated: they become blocked cells and no two of them touch.

The union-find uses path halving and union by size; the current path is the set of
the previous cell, so "only neighbour on the current path" is one ``find`` per
neighbour. The start pair is drawn
as: a cell uniformly among the free cells that still have a free neighbour, then one
of its free neighbours uniformly. ``max_length`` (an addition for the designer's
controls) stops a path when it has that many cells.

>>> import random
>>> rp = random_paths(4, 3, random.Random(7))
>>> sorted(len(p) for p in rp.paths) == sorted(len(p) for p in random_paths(4, 3, 7).paths)
True
>>> sum(len(p) for p in rp.paths) + len(rp.isolated)
12
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from numberlink_sat.components import UnionFind
from numberlink_sat.grid import Cell, index_neighbours
from numberlink_sat.sat.deadline import Deadline

__all__ = ["RandomPaths", "UnionFind", "as_rng", "random_paths"]


@dataclass(frozen=True)
class RandomPaths:
    """What the construction produced: the paths (each from end to end) and the isolated cells."""

    width: int
    height: int
    paths: tuple[tuple[Cell, ...], ...]
    isolated: frozenset[Cell]


def as_rng(seed: int | random.Random | None) -> random.Random:
    """A ``random.Random``: the one given, or a new one seeded with ``seed``."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


def _neighbour_lists(width: int, height: int,
                     deadline: Deadline | None = None) -> list[list[int]]:
    """Each cell's neighbours; ``deadline`` is checked every 65,536 cells (a board of
    millions of cells takes seconds here)."""
    n = width * height
    nbrs: list[list[int]] = []
    for start in range(0, n, 1 << 16):
        if deadline is not None:
            deadline.check("drawing paths")
        nbrs.extend(index_neighbours(i, width, height)
                    for i in range(start, min(n, start + (1 << 16))))
    return nbrs


def _extensions(b: int, root: int, nbrs: list[list[int]], on_path: bytearray,
                uf: UnionFind) -> list[int]:
    """The free neighbours ``x`` of ``b`` whose only neighbour on the current path
    (the set of ``root``) is ``b``."""
    options = []
    for x in nbrs[b]:
        if on_path[x]:
            continue
        touching = 0
        for y in nbrs[x]:
            if on_path[y] and uf.find(y) == root:
                touching += 1
        if touching == 1:
            options.append(x)
    return options


def random_paths(
    width: int,
    height: int,
    rng: int | random.Random | None = None,
    *,
    max_length: int | None = None,
    deadline: Deadline | None = None,
) -> RandomPaths:
    """Cover a ``width`` x ``height`` board with random non-touching paths.

    ``rng`` is a ``random.Random`` or a seed. Every path has at least 2 cells, never
    touches itself (two of its cells are adjacent only when consecutive), and at most
    ``max_length`` cells when given (``>= 2``). The cells on no path are pairwise
    non-adjacent. ``deadline`` is checked every 64 paths (``SolveTimeout``).
    """
    if max_length is not None and max_length < 2:
        raise ValueError(f"max_length must be >= 2, got {max_length}")
    rand = as_rng(rng)
    n = width * height
    nbrs = _neighbour_lists(width, height, deadline)
    uf = UnionFind(n)
    on_path = bytearray(n)
    # free cells that may still start a path, with O(1) removal by swapping
    cand = list(range(n))
    pos = list(range(n))

    def drop(x: int) -> None:
        i = pos[x]
        if i < 0:
            return
        last = cand.pop()
        if last != x:
            cand[i] = last
            pos[last] = i
        pos[x] = -1

    limit = n if max_length is None else max_length
    paths: list[tuple[Cell, ...]] = []
    randrange = rand.randrange
    while cand:
        if deadline is not None and not len(paths) & 63:
            deadline.check("drawing paths")
        a = cand[randrange(len(cand))]
        free = [x for x in nbrs[a] if not on_path[x]]
        if not free:  # isolated for good: cells only ever leave the free set
            drop(a)
            continue
        b = free[randrange(len(free))]
        on_path[a] = on_path[b] = 1
        drop(a)
        drop(b)
        root = uf.union(a, b)
        path = [a, b]
        while len(path) < limit:
            options = _extensions(b, root, nbrs, on_path, uf)
            if not options:
                break
            x = options[randrange(len(options))]
            on_path[x] = 1
            drop(x)
            root = uf.union(b, x)
            path.append(x)
            b = x
        paths.append(tuple(divmod(i, width) for i in path))
    isolated = frozenset(divmod(i, width) for i in range(n) if not on_path[i])
    return RandomPaths(width, height, tuple(paths), isolated)
