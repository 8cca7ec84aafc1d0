"""Shaping a drawn candidate to the controls, before any proof.

Each phase works on the intended solution as lists of cell indices (each path from
end to end) and keeps it valid: cells leave a path only at its ends, or become part of
one only at its ends or where it is split; every step with a clue symmetry is made
together with its image. The phases:

- :func:`settle_leftovers`: paths shorter than allowed and the cells on no path become
  blocked cells, empty cells (without fill) or are taken into neighbouring paths;
- :func:`merge_down`: paths joined end to end until few enough labels remain;
- :func:`space_ends`: clues moved off the border and apart, by taking end cells off;
- :func:`make_empty`: end cells taken off until the asked share of empty cells is
  reached, never where an empty region would touch one path twice (a second path
  through it would then exist under the no-fill rule: a detour).

>>> import random
>>> paths, free = [[0, 1, 2], [3, 4, 5]], set()
>>> layout = Layout(3, 2, paths, free, set(), None)
>>> layout.take_end(0, 2, "empty"), layout.paths
(True, [[0, 1], [3, 4, 5]])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Layout", "make_empty", "merge_down", "settle_leftovers", "space_ends"]


def neighbours(i: int, width: int, height: int) -> list[int]:
    """The orthogonal neighbours of cell index ``i``."""
    r, c = divmod(i, width)
    return [j for j, ok in ((i - width, r > 0), (i + 1, c + 1 < width),
                            (i + width, r + 1 < height), (i - 1, c > 0)) if ok]


@dataclass
class Layout:
    """An intended solution in the making: paths, blocked cells, free (empty) cells."""

    width: int
    height: int
    paths: list[list[int]]
    free: set[int]
    blocked: set[int]
    mirror: Sequence[int] | None

    def nbrs(self, i: int) -> list[int]:
        return neighbours(i, self.width, self.height)

    def owner(self) -> dict[int, int]:
        return {i: k for k, p in enumerate(self.paths) for i in p}

    def ends(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for k, p in enumerate(self.paths):
            out[p[0]] = k
            out[p[-1]] = k
        return out

    def on_border(self, i: int) -> bool:
        r, c = divmod(i, self.width)
        return r in (0, self.height - 1) or c in (0, self.width - 1)

    def drop_path(self, k: int, into: str) -> None:
        """Remove path ``k`` entirely; its cells become ``into`` (blocked or empty)."""
        cells = self.paths.pop(k)
        (self.blocked if into == "blocked" else self.free).update(cells)

    def take_end(self, k: int, cell: int, into: str) -> bool:
        """Take end ``cell`` off path ``k`` (and its image off the image path)."""
        todo = [cell]
        if self.mirror is not None and self.mirror[cell] != cell:
            todo.append(self.mirror[cell])
        owner = self.owner()
        for x in todo:
            j = owner.get(x, -1)
            if j < 0 or x not in (self.paths[j][0], self.paths[j][-1]):
                return False
        for x in todo:
            path = self.paths[owner[x]]
            if len(path) < 2 or x not in (path[0], path[-1]):
                return False
            if path[0] == x:
                del path[0]
            else:
                path.pop()
            (self.blocked if into == "blocked" else self.free).add(x)
        return True

    def prune(self, shortest: int, into: str) -> None:
        """Drop every path shorter than ``shortest`` (their cells go ``into``)."""
        for k in range(len(self.paths) - 1, -1, -1):
            if len(self.paths[k]) < shortest:
                self.drop_path(k, into)


def _absorb(layout: Layout, rng: random.Random, *, min_length: int,
            max_length: int | None, induced: bool, strict: bool = True) -> bool:
    """Take every free cell into a path: appended to a neighbouring end, else by a split.

    A free cell ``x`` next to an end of a path is appended there; failing that, a
    neighbouring path ``a .. y z .. b`` is split at ``y`` and ``x`` appended to one piece
    (``a .. y x`` and ``z .. b``). With ``induced`` only where no path comes to touch
    itself. False when a cell fits nowhere (with ``strict``; else it stays free).
    """
    paths = layout.paths
    ends = layout.ends()
    owner = layout.owner()
    left: set[int] = set()
    for x in sorted(layout.free):
        around = layout.nbrs(x)
        options = []
        for y in around:
            k = ends.get(y, -1)
            if k < 0 or (max_length is not None and len(paths[k]) >= max_length):
                continue
            if induced and any(owner.get(z) == k for z in around if z != y):
                continue
            options.append((y, k))
        if not options:
            if not _split_into(x, around, paths, ends, owner, rng, min_length=min_length,
                               max_length=max_length, induced=induced):
                if strict:
                    return False
                left.add(x)
            continue
        y, k = options[rng.randrange(len(options))]
        del ends[y]
        if paths[k][0] == y:
            paths[k].insert(0, x)
        else:
            paths[k].append(x)
        ends[x] = k
        owner[x] = k
    layout.free = left
    return True


def _split_into(x: int, around: list[int], paths: list[list[int]], ends: dict[int, int],
                owner: dict[int, int], rng: random.Random, *, min_length: int,
                max_length: int | None, induced: bool) -> bool:
    """Take leftover cell ``x`` into a path through a neighbour ``y``: split it there.

    ``a .. y z .. b`` becomes ``a .. y x`` and ``z .. b`` (or ``x y .. b`` and
    ``a .. w``): both valid paths, every cell still covered.
    """
    options = []
    for y in around:
        k = owner.get(y, -1)
        if k < 0:
            continue
        path = paths[k]
        pos = path.index(y)
        for forward in (True, False):
            head = [*path[: pos + 1], x] if forward else [x, *path[pos:]]
            rest = path[pos + 1:] if forward else path[:pos]
            if len(rest) < min_length or len(head) < min_length or (
                    max_length is not None and len(head) > max_length):
                continue
            if induced and any(owner.get(z) == k and z != y and z not in rest for z in around):
                continue
            options.append((k, head, rest))
    if not options:
        return False
    k, head, rest = options[rng.randrange(len(options))]
    paths[k] = head
    paths.append(rest)
    new = len(paths) - 1
    for i in rest:
        owner[i] = new
    owner[x] = k
    for i in (head[0], head[-1]):
        ends[i] = k
    for i in (rest[0], rest[-1]):
        ends[i] = new
    return True


def _absorb_mirrored(layout: Layout, *, max_length: int | None, strict: bool = True) -> bool:
    """:func:`_absorb` with a symmetry: each free cell and its image appended to image ends."""
    m = layout.mirror
    assert m is not None
    left: set[int] = set()
    for x in sorted(layout.free):
        if x in layout.free and x not in left and not _append_pair(layout, x, max_length):
            if strict:
                return False
            left.update((x, m[x]))
    return True


def _append_pair(layout: Layout, x: int, max_length: int | None) -> bool:
    """Append free ``x`` to a neighbouring end, and its image to the image end."""
    m = layout.mirror
    assert m is not None
    if m[x] == x:
        return False
    ends, owner = layout.ends(), layout.owner()
    for y in layout.nbrs(x):
        k, j = ends.get(y, -1), ends.get(m[y], -1)
        if k < 0 or j < 0:
            continue
        grown = len(layout.paths[k]) + (2 if j == k else 1)
        if max_length is not None and grown > max_length:
            continue
        if any(owner.get(z) == k for z in layout.nbrs(x) if z != y):
            continue
        if j == k and m[x] in layout.nbrs(x):
            continue
        for cell, end, path in ((x, y, layout.paths[k]), (m[x], m[y], layout.paths[j])):
            if path[0] == end:
                path.insert(0, cell)
            else:
                path.append(cell)
            layout.free.discard(cell)
        return True
    return False


def settle_leftovers(layout: Layout, rng: random.Random, *, shortest: int,
                     max_length: int | None, removed: str, induced: bool) -> bool:
    """Short paths and cells on no path: ``removed`` (blocked/empty) or taken in ("none").

    Empty cells are first taken into paths where they fit; the others stay empty (a
    region that touches a path twice is left to the repairs).
    """
    if removed == "empty":
        layout.prune(shortest, removed)
        if layout.mirror is not None:
            _absorb_mirrored(layout, max_length=max_length, strict=False)
        else:
            _absorb(layout, rng, min_length=shortest, max_length=max_length, induced=True,
                    strict=False)
        return all(len(p) >= shortest for p in layout.paths)
    if removed != "none":
        layout.prune(shortest, removed)
        if removed == "blocked":
            layout.blocked |= layout.free
            layout.free = set()
        return True
    if any(len(p) < shortest for p in layout.paths):
        return False
    if not layout.free:
        return True
    if layout.mirror is not None:
        return _absorb_mirrored(layout, max_length=max_length)
    return _absorb(layout, rng, min_length=shortest, max_length=max_length, induced=induced)


def merge_down(layout: Layout, target: int, rng: random.Random, *,
               max_length: int | None, induced: bool) -> bool:
    """Join paths end to end until at most ``target`` remain (for ``max_labels``).

    Two paths ``.. x`` and ``y ..`` with ``x`` next to ``y`` become one path ``.. x y ..``,
    or ``.. x b y ..`` through a blocked cell ``b`` next to both (it is unblocked); the
    intended solution stays valid. With ``induced`` only joins that keep the path from
    touching itself are made. Returns whether the target was reached.
    """
    paths, blocked = layout.paths, layout.blocked
    while len(paths) > target:
        ends = layout.ends()
        joins: list[tuple[int, int, list[int], int, int]] = []
        for x, k in ends.items():
            for y in layout.nbrs(x):
                m = ends.get(y, -1)
                if m < 0 and y in blocked:
                    for z in layout.nbrs(y):
                        m2 = ends.get(z, -1)
                        if m2 > k:
                            joins.append((x, k, [y], z, m2))
                    continue
                if m > k:
                    joins.append((x, k, [], y, m))
        rng.shuffle(joins)
        for x, k, via, y, m in joins:
            if max_length is not None and len(paths[k]) + len(via) + len(paths[m]) > max_length:
                continue
            first = paths[k] if paths[k][-1] == x else paths[k][::-1]
            second = paths[m] if paths[m][0] == y else paths[m][::-1]
            joined = first + via + second
            if induced:
                position = {c: i for i, c in enumerate(joined)}
                if any(abs(position.get(j, i + 1) - i) != 1
                       for i, c in enumerate(joined) for j in layout.nbrs(c) if j in position):
                    continue
            paths[k] = joined
            del paths[m]
            blocked.difference_update(via)
            break
        else:
            return False
    return True


def space_ends(layout: Layout, *, shortest: int, removed: str, border: bool,
               spaced: bool) -> bool:
    """Take end cells off until no clue is on the border (``border``) or next to another.

    Cells taken off become ``removed`` (blocked or empty); a path that gets shorter than
    ``shortest`` is dropped whole. False when a clue must move and nothing may be removed.
    """
    for _ in range(layout.width * layout.height):
        move = _next_move(layout, border=border, spaced=spaced)
        if move is None:
            return True
        if removed == "none":
            return False
        k, cell = move
        if len(layout.paths[k]) <= shortest:
            image = -1
            if layout.mirror is not None:
                image = layout.owner().get(layout.mirror[cell], -1)
            for j in sorted({k, image} - {-1}, reverse=True):
                layout.drop_path(j, removed)
            continue
        if not layout.take_end(k, cell, removed):
            return False
        layout.prune(shortest, removed)
    return False  # pragma: no cover - every move removes a cell


def _next_move(layout: Layout, *, border: bool, spaced: bool) -> tuple[int, int] | None:
    """The first clue (path, cell) that must move, in a fixed order, or None."""
    ends = layout.ends()
    for x in sorted(ends):
        if border and layout.on_border(x):
            return ends[x], x
    if spaced:
        for x in sorted(ends):
            for y in layout.nbrs(x):
                if y in ends:
                    # move the clue of the longer path (the other keeps its length)
                    kx, ky = ends[x], ends[y]
                    if len(layout.paths[ky]) > len(layout.paths[kx]):
                        return ky, y
                    return kx, x
    return None


def _region_ok(layout: Layout, start: set[int], owner: dict[int, int]) -> bool:
    """Whether the empty region round ``start`` touches every path at one cell at most."""
    seen = set(start)
    stack = list(start)
    touched: dict[int, int] = {}
    while stack:
        x = stack.pop()
        for y in layout.nbrs(x):
            if y in layout.free:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
                continue
            k = owner.get(y, -1)
            if k >= 0 and touched.setdefault(k, y) != y:
                return False
    return True


def make_empty(layout: Layout, rng: random.Random, *, low: int, high: int, shortest: int,
               border: bool, spaced: bool) -> bool:
    """Take end cells off (they become empty) until ``low..high`` cells are empty.

    The count aimed at is drawn between the bounds. An end is taken only when its empty
    region then touches every path at one cell at most (no detour through it), the path
    keeps ``shortest`` cells and the new clue keeps the border and spacing rules.
    Returns whether the count is within the bounds.
    """
    aim = rng.randint(low, high)
    progress = True
    while len(layout.free) < aim and progress:
        progress = False
        ends = [(k, x) for x, k in sorted(layout.ends().items())]
        rng.shuffle(ends)
        for k, x in ends:
            if len(layout.free) >= aim:
                break
            path = layout.paths[k] if k < len(layout.paths) else []
            if len(path) > shortest and x in (path[0], path[-1]) and _try_take(
                    layout, k, x, border=border, spaced=spaced):
                progress = True
    return low <= len(layout.free) <= high


def _try_take(layout: Layout, k: int, x: int, *, border: bool, spaced: bool) -> bool:
    before = ([list(p) for p in layout.paths], set(layout.free))
    if not layout.take_end(k, x, "empty"):
        return False
    owner = layout.owner()
    moved = {x} | ({layout.mirror[x]} if layout.mirror is not None else set())
    ok = all(len(p) >= 2 for p in layout.paths) and _region_ok(layout, moved, owner)
    if ok and (border or spaced):
        ok = _next_move(layout, border=border, spaced=spaced) is None
    if not ok:
        layout.paths, layout.free = before
    return ok
