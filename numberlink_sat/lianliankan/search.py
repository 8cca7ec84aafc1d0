"""Exact clearability search: safe moves, branching on partners, memoised dead positions.

Without gravity the game is *monotone*: removing tiles only empties cells, and a line
through empty cells stays a line when more cells are empty. Two facts follow (proofs in
``docs/lianliankan.md``):

1. **Safe groups.** Tiles are split into *groups* that must be matched among themselves
   (first the pictures; branching splits them). If the tiles of a group can all be paired
   by lines that exist *now*, removing the whole group now never turns a clearable
   position into a dead one. In particular the last two tiles of a picture are removed as
   soon as they link.
2. **Partner branching is complete.** In any clearing order a tile ``t`` of a group of four
   or more leaves with one partner ``u`` of its group; branching on ``u`` (the pair
   ``{t, u}`` becomes a group of its own, the rest stays a group) covers every order.

The search plays safe groups to a fixpoint, then branches on the partner of one tile that
has a partner it links to now (that partner first: it is removed at once), remembering
positions (the set of groups left) proven dead. With gravity (KShisen's: tiles fall down
after each removal) the game is not monotone, so the search branches on every available
move, again with a memo of dead boards.

>>> from numberlink_sat.lianliankan.board import parse_board
>>> search_order(parse_board("1 2 2 1"))
[((0, 1), (0, 2)), ((0, 0), (0, 3))]
>>> search_order(parse_board("1 2\\n2 1"), outside_ring=True) is None
True
"""

from __future__ import annotations

from numberlink_sat.lianliankan.board import Board, Cell
from numberlink_sat.lianliankan.link import LinkGrid
from numberlink_sat.sat.deadline import Deadline

__all__ = ["OutOfBudget", "Searcher", "search_order"]

Move = tuple[Cell, Cell]


class OutOfBudget(Exception):
    """The search used up its node budget (used to interleave engines; not a user error)."""


def _perfect_matching(tiles: tuple[int, ...], linked: set[tuple[int, int]]) -> list[
        tuple[int, int]] | None:
    """Pairs covering ``tiles`` with every pair in ``linked`` (small inputs), or None."""
    if not tiles:
        return []
    first, rest = tiles[0], tiles[1:]
    for i, u in enumerate(rest):
        key = (first, u) if first < u else (u, first)
        if key in linked:
            sub = _perfect_matching(rest[:i] + rest[i + 1:], linked)
            if sub is not None:
                return [key, *sub]
    return None


class Searcher:
    """The exact search on one board; :meth:`run` may be called again with a larger budget.

    Dead positions found so far are kept between calls (they stay dead), so an interleaved
    engine loses little by pausing the search.
    """

    def __init__(self, board: Board, outside_ring: bool = False, gravity: bool = False) -> None:
        self.board = board
        self.outside_ring = outside_ring
        self.gravity = gravity
        self.cells: list[Cell] = board.tiles()
        self.pos: list[Cell] = [(r + 1, c + 1) for r, c in self.cells]
        self.pic: list[int] = [board[c] for c in self.cells]
        self.dead: set[object] = set()
        self.nodes = 0
        self._budget: int | None = None
        self._deadline = Deadline(None)

    # -- public ------------------------------------------------------------------
    def run(self, deadline: Deadline | None = None, max_nodes: int | None = None
            ) -> list[Move] | None:
        """A clearing order, or None if none exists.

        Raises :class:`~numberlink_sat.errors.SolveTimeout` past the deadline and
        :class:`OutOfBudget` after ``max_nodes`` more nodes.
        """
        self._deadline = deadline if deadline is not None else Deadline(None)
        self._budget = None if max_nodes is None else self.nodes + max_nodes
        self._deadline.check("searching")
        if any(len(cs) % 2 for cs in self.board.pictures().values()):
            return None
        if self.gravity:
            return self._gravity_dfs(self.board.cells)
        groups: dict[int, list[int]] = {}
        for t, p in enumerate(self.pic):
            groups.setdefault(p, []).append(t)
        grid = LinkGrid(self.board, self.outside_ring)
        moves: list[Move] = []
        if self._dfs([tuple(g) for g in groups.values()], grid, moves):
            return moves
        return None

    # -- without gravity ---------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self._budget is not None and self.nodes > self._budget:
            raise OutOfBudget
        if self.nodes % 16 == 0:
            self._deadline.check("searching")

    def _closure(self, groups: list[tuple[int, ...]], grid: LinkGrid, moves: list[Move]
                 ) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], set[tuple[int, int]]]]:
        """Remove safe groups until none is left; returns the groups left and their links."""
        pos, cells = self.pos, self.cells
        linkable = grid.linkable
        links: dict[tuple[int, ...], set[tuple[int, int]]] = {}
        changed = True
        while changed:
            changed = False
            left: list[tuple[int, ...]] = []
            links = {}
            for g in groups:
                if len(g) == 2:
                    a, b = g
                    if linkable(pos[a], pos[b]):
                        grid.clear(pos[a])
                        grid.clear(pos[b])
                        moves.append((cells[a], cells[b]))
                        changed = True
                    else:
                        left.append(g)
                        links[g] = set()
                    continue
                linked = {(a, b) for i, a in enumerate(g) for b in g[i + 1:]
                          if linkable(pos[a], pos[b])}
                match = _perfect_matching(g, linked) if len(linked) * 2 >= len(g) else None
                if match is not None:
                    for a, b in match:
                        grid.clear(pos[a])
                        grid.clear(pos[b])
                        moves.append((cells[a], cells[b]))
                    changed = True
                else:
                    left.append(g)
                    links[g] = linked
            groups = left
        return groups, links

    def _relaxed_dead(self, groups: list[tuple[int, ...]], grid: LinkGrid) -> bool:
        """True if even the relaxed game cannot free every tile (so the position is dead).

        Relaxed game: a tile may leave when it links to another tile *position* of its
        group, whether that tile is still there or already left. Every real play is a
        relaxed play, and the relaxed game is monotone, so its fixpoint is unique.
        """
        pos = self.pos
        g = grid.copy()
        linkable = g.linkable
        pending = [(t, grp) for grp in groups for t in grp]
        changed = True
        while changed and pending:
            changed = False
            still: list[tuple[int, tuple[int, ...]]] = []
            for t, grp in pending:
                pt = pos[t]
                if any(u != t and linkable(pt, pos[u]) for u in grp):
                    g.clear(pt)
                    changed = True
                else:
                    still.append((t, grp))
            pending = still
        return bool(pending)

    def _dfs(self, groups: list[tuple[int, ...]], grid: LinkGrid, moves: list[Move]) -> bool:
        self._tick()
        mark = len(moves)
        groups, links = self._closure(groups, grid, moves)
        if not groups:
            return True
        key = frozenset(groups)
        if key in self.dead:
            del moves[mark:]
            return False
        if self._relaxed_dead(groups, grid):
            self.dead.add(key)
            del moves[mark:]
            return False
        # branch: the group/tile with the fewest linked partners (but at least one)
        best: tuple[int, int, tuple[int, ...], int] | None = None
        for g in groups:
            linked = links[g]
            if not linked:
                continue
            for t in g:
                partners = sum(1 for a, b in linked if t in (a, b))
                if partners == 0:
                    continue
                score = (partners, len(g))
                if best is None or score < best[:2]:
                    best = (partners, len(g), g, t)
        if best is None:  # no move at all
            self.dead.add(key)
            del moves[mark:]
            return False
        _, _, g, t = best
        linked = links[g]
        others = [u for u in g if u != t]
        others.sort(key=lambda u: 0 if ((t, u) if t < u else (u, t)) in linked else 1)
        base = [h for h in groups if h != g]
        for u in others:
            rest = tuple(v for v in g if v not in (t, u))
            pair = (t, u) if t < u else (u, t)
            child = [*base, pair, rest]
            if self._dfs(child, grid.copy(), moves):
                return True
        self.dead.add(key)
        del moves[mark:]
        return False

    # -- with gravity ------------------------------------------------------------
    def _gravity_dfs(self, cells: tuple[tuple[int, ...], ...]) -> list[Move] | None:
        board = Board(cells)
        self._tick()
        if board.is_clear():
            return []
        if cells in self.dead:
            return None
        grid = LinkGrid(board, self.outside_ring)
        pictures = board.pictures()
        options: list[tuple[int, Move]] = []
        for pic_cells in pictures.values():
            last = len(pic_cells) == 2
            for i, a in enumerate(pic_cells):
                for b in pic_cells[i + 1:]:
                    if grid.linkable((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1)):
                        # last pair of a picture first, then the lower tiles first
                        options.append((0 if last else 1, (a, b)))
        options.sort(key=lambda o: (o[0], -(o[1][0][0] + o[1][1][0]), o[1]))
        for _, (a, b) in options:
            sub = self._gravity_dfs(board.remove(a, b, gravity=True).cells)
            if sub is not None:
                return [(a, b), *sub]
        self.dead.add(cells)
        return None


def search_order(board: Board, outside_ring: bool = False, gravity: bool = False,
                 deadline: Deadline | None = None) -> list[Move] | None:
    """A clearing order found by the exact search, or None when the board cannot be cleared."""
    return Searcher(board, outside_ring, gravity).run(deadline)
