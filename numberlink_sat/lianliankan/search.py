"""Exact clearability search: safe moves, take-or-ban branching, memoised dead positions.

Without gravity the game is *monotone*: removing tiles only empties cells, and a line
through empty cells stays a line when more cells are empty. Two facts follow (proofs in
``docs/lianliankan.md``):

1. **Safe groups.** Tiles are split into *groups* that must be matched among themselves
   (first the pictures; branching splits them). If the tiles of a group can all be paired
   by lines that exist *now*, removing the whole group now never turns a clearable
   position into a dead one. In particular the last two tiles of a picture are removed as
   soon as they link.
2. **Branching is complete.** If the pair ``t u`` is removable now, every clearing order
   either pairs them (then removing them now is safe, by 1.) or never does: the search
   branches on "remove ``t u`` now" / "ban ``t u``". (The older partner branching, one
   child per possible partner of ``t``, is kept behind ``binary = False``.)

The search plays safe groups to a fixpoint, proves positions dead with the *relaxed game*
(a tile may leave when it links to any tile position of its group; if even that leaves a
tile behind, the position is dead), remembers dead positions (groups and bans left), and
branches as above; in *probing* phases each candidate child is first checked with the
relaxed game, so forced moves need no branching. With gravity (KShisen's: tiles fall down
after each removal) the game is not monotone, so the search branches on every available
move (moves that make fewer tiles fall first), again with a memo of dead boards; only a
picture whose tiles all have nothing above them and pair up now is removed without
branching (no tile moves, so the non-gravity argument carries over).

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
        self.probes = 0
        self.plain_nodes = max(100, len(self.cells))
        """Node budget of the first phase (100, or the tile count if larger); the search
        alternates plain and probing phases (restarting from the root, keeping the dead
        positions), budgets doubling every two phases."""
        self.probe_width = 24
        """Children probed per node in probing phases: each child of a candidate branching
        is checked with the relaxed game; dead children are dropped and a single survivor
        is committed without branching. Costly per node, but it cuts the tree of hard
        boards by orders of magnitude."""
        self._phase = 0
        self.binary = True
        """Branch on "remove this removable pair now / never pair them" (True) or on the
        partner of one tile (False)."""
        self.relaxed_checks: int | None = None
        """Link tests per tile the relaxed game may spend before giving up without a
        proof (None: no limit; measured: a limit of 4 made hard 12x12 boards slower)."""
        self._budget: int | None = None
        self._deadline = Deadline(None)

    # -- public ------------------------------------------------------------------
    def run(self, deadline: Deadline | None = None, max_nodes: int | None = None
            ) -> list[Move] | None:
        """A clearing order, or None if none exists.

        The first :attr:`plain_nodes` nodes (over all calls) search without probing; then
        the search restarts with probing (:attr:`probe_width`), keeping the dead positions.
        Raises :class:`~numberlink_sat.errors.SolveTimeout` past the deadline and
        :class:`OutOfBudget` after ``max_nodes`` more nodes.
        """
        self._deadline = deadline if deadline is not None else Deadline(None)
        self._deadline.check("searching")
        limit = None if max_nodes is None else self.nodes + max_nodes
        if any(len(cs) % 2 for cs in self.board.pictures().values()):
            return None
        while True:
            if self.gravity:
                self.probes, cap = 0, None
            else:
                # alternate plain and probing phases, budgets doubling every two phases
                plain = self._phase % 2 == 0
                self.probes = 0 if plain else self.probe_width
                cap = self.nodes + self.plain_nodes * 2 ** (self._phase // 2)
            if limit is not None:
                cap = limit if cap is None else min(cap, limit)
            self._budget = cap
            try:
                return self._start()
            except OutOfBudget:
                if limit is not None and self.nodes >= limit:
                    raise
                self._phase += 1

    def _start(self) -> list[Move] | None:
        if self.gravity:
            return self._gravity_dfs(self.board.cells)
        groups: dict[int, list[int]] = {}
        for t, p in enumerate(self.pic):
            groups.setdefault(p, []).append(t)
        grid = LinkGrid(self.board, self.outside_ring)
        moves: list[Move] = []
        start = [tuple(g) for g in groups.values()]
        found = (self._dfs2(start, frozenset(), grid, moves) if self.binary
                 else self._dfs(start, grid, moves))
        return moves if found else None

    # -- without gravity ---------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self._budget is not None and self.nodes > self._budget:
            raise OutOfBudget
        self._deadline.check("searching")

    def _closure(self, groups: list[tuple[int, ...]], grid: LinkGrid, moves: list[Move],
                 banned: frozenset[tuple[int, int]] = frozenset()
                 ) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], set[tuple[int, int]]]]:
        """Remove safe groups until none is left; returns the groups left and their links."""
        pos, cells = self.pos, self.cells
        linkable = grid.linkable_runs
        runs = grid.runs
        links: dict[tuple[int, ...], set[tuple[int, int]]] = {}
        changed = True
        while changed:
            changed = False
            left: list[tuple[int, ...]] = []
            links = {}
            # runs computed once per pass: stale runs only hide links (the next pass, after
            # a change, sees them), they never invent one
            run = {t: runs(pos[t]) for g in groups for t in g}
            for g in groups:
                if len(g) == 2:
                    a, b = g
                    if g not in banned and linkable(pos[a], run[a], pos[b], run[b]):
                        grid.clear(pos[a])
                        grid.clear(pos[b])
                        moves.append((cells[a], cells[b]))
                        changed = True
                    else:
                        left.append(g)
                        links[g] = set()
                    continue
                linked = {(a, b) for i, a in enumerate(g) for b in g[i + 1:]
                          if (a, b) not in banned
                          and linkable(pos[a], run[a], pos[b], run[b])}
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

    def _relaxed(self, groups: list[tuple[int, ...]], grid: LinkGrid,
                 hint: dict[int, tuple[int, int]] | None = None,
                 banned: frozenset[tuple[int, int]] = frozenset()
                 ) -> dict[int, tuple[int, int]] | None:
        """The relaxed game: None if it cannot free every tile (so the position is dead),
        else how it freed them (tile -> (step, the partner position it linked to)); past
        :attr:`relaxed_checks` link tests per tile it stops with the tiles freed so far.

        Relaxed game: a tile may leave when it links to another tile *position* of its
        group, whether that tile is still there or already left. Every real play is a
        relaxed play, and the relaxed game is monotone, so its fixpoint is unique. A
        ``hint`` (the answer for an ancestor position: fewer empty cells, coarser groups)
        orders the work: tiles are tried in its order, its partner first, so one pass
        usually suffices, and link tests are skipped while the replay follows the hint.
        """
        pos = self.pos
        g = grid.copy()
        linkable = g.linkable_runs
        runs = g.runs
        group_of = {t: grp for grp in groups for t in grp}
        pending = list(group_of)
        if hint:
            far = (len(hint) + 1, -1)
            pending.sort(key=lambda t: hint.get(t, far)[0])
        out: dict[int, tuple[int, int]] = {}
        step = 0
        # Replaying a hint from an ancestor position (whose empty cells are a subset of
        # ours and whose groups contain ours) needs no link test while every tile so far
        # has been freed in the hint's order: the line the hint used is still there.
        trusted = bool(hint)
        budget = (self.relaxed_checks * len(pending) if self.relaxed_checks is not None
                  else 1 << 62)
        while pending:
            still: list[int] = []
            for t in pending:
                pt = pos[t]
                grp = group_of[t]
                first = hint[t][1] if hint and t in hint else -1
                if first >= 0 and banned and ((t, first) if t < first else (first, t)) in banned:
                    first = -1
                partner = -1
                if trusted and first >= 0 and first in grp:
                    partner = first
                else:
                    budget -= len(grp)
                    rt = runs(pt)
                    if first >= 0 and first in grp and linkable(pt, rt, pos[first],
                                                                runs(pos[first])):
                        partner = first
                    else:
                        for u in grp:
                            if (u != t and u != first
                                    and not (banned and ((t, u) if t < u else (u, t)) in banned)
                                    and linkable(pt, rt, pos[u], runs(pos[u]))):
                                partner = u
                                break
                if partner < 0:
                    still.append(t)
                    trusted = False
                    continue
                g.clear(pt)
                out[t] = (step, partner)
                step += 1
            if len(still) == len(pending):
                return None
            if budget < 0:  # too costly here: give up (no proof), keep the partial order
                return out
            pending = still
        return out

    def _child_dead(self, groups: list[tuple[int, ...]], grid: LinkGrid, g: tuple[int, ...],
                    t: int, u: int, linked: set[tuple[int, int]],
                    hint: dict[int, tuple[int, int]],
                    banned: frozenset[tuple[int, int]] = frozenset()) -> bool:
        """Whether committing ``t`` to partner ``u`` leaves a relaxed-dead position."""
        pair = (t, u) if t < u else (u, t)
        rest = tuple(v for v in g if v not in pair)
        base = [h for h in groups if h != g]
        if rest:
            base.append(rest)
        if pair in linked:  # removed at once
            child = grid.copy()
            child.clear(self.pos[t])
            child.clear(self.pos[u])
            return self._relaxed(base, child, hint, banned) is None
        return self._relaxed([*base, pair], grid, hint, banned) is None


    # Kept whole (C901, PLR0915): one search node per call, its prunings share its locals
    def _dfs(self, groups: list[tuple[int, ...]], grid: LinkGrid, moves: list[Move],  # noqa: C901, PLR0915
             hint: dict[int, tuple[int, int]] | None = None) -> bool:
        self._tick()
        mark = len(moves)
        keys: list[frozenset[tuple[int, ...]]] = []

        def dead() -> bool:
            self.dead.update(keys)
            del moves[mark:]
            return False

        while True:
            groups, links = self._closure(groups, grid, moves)
            if not groups:
                return True
            key = frozenset(groups)
            keys.append(key)
            if key in self.dead:
                return dead()
            relaxed = self._relaxed(groups, grid, hint)
            if relaxed is None:
                return dead()
            hint = relaxed
            # candidates: per group, the tile with the fewest linked partners (at least one)
            cands: list[tuple[int, int, tuple[int, ...], int]] = []
            for g in groups:
                linked = links[g]
                if not linked:
                    continue
                best_t, best_n = -1, 0
                for t in g:
                    n = sum(1 for a, b in linked if t in (a, b))
                    if n and (best_t < 0 or n < best_n):
                        best_t, best_n = t, n
                cands.append((best_n, len(g), g, best_t))
            if not cands:  # no move at all
                return dead()
            cands.sort(key=lambda x: (x[0], x[1]))
            # probe: children that the relaxed game kills are dropped; one left is forced
            choice: tuple[tuple[int, ...], int, list[int]] | None = None
            forced = False
            spent = 0
            for _, _, g, t in cands:
                if spent >= self.probes:
                    break
                linked = links[g]
                alive = []
                for u in g:
                    if u != t and not self._child_dead(groups, grid, g, t, u, linked, hint):
                        alive.append(u)
                    self._deadline.check("searching")
                spent += len(g) - 1
                if not alive:
                    return dead()
                alive.sort(key=lambda u: 0 if ((t, u) if t < u else (u, t)) in linked else 1)
                if len(alive) == 1:
                    u = alive[0]
                    pair = (t, u) if t < u else (u, t)
                    rest = tuple(v for v in g if v not in pair)
                    groups = [h for h in groups if h != g] + [pair] + ([rest] if rest else [])
                    forced = True
                    break
                if choice is None or len(alive) < len(choice[2]):
                    choice = (g, t, alive)
            if forced:
                continue
            if choice is None:  # no probing: branch on the first candidate, linked first
                _, _, g, t = cands[0]
                alive = sorted((u for u in g if u != t), key=lambda u: 0 if (
                    (t, u) if t < u else (u, t)) in links[g] else 1)
            else:
                g, t, alive = choice
            base = [h for h in groups if h != g]
            for u in alive:
                pair = (t, u) if t < u else (u, t)
                rest = tuple(v for v in g if v not in pair)
                child = [*base, pair, *([rest] if rest else [])]
                if self._dfs(child, grid.copy(), moves, hint):
                    return True
            return dead()

    # Kept whole (C901, PLR0915): as _dfs, with the take-or-ban branching
    def _dfs2(self, groups: list[tuple[int, ...]], banned: frozenset[tuple[int, int]],  # noqa: C901, PLR0915
              grid: LinkGrid, moves: list[Move],
              hint: dict[int, tuple[int, int]] | None = None) -> bool:
        """Binary branching: remove a removable pair now, or ban that pair for good."""
        self._tick()
        mark = len(moves)
        keys: list[object] = []

        def dead() -> bool:
            self.dead.update(keys)
            del moves[mark:]
            return False

        while True:
            groups, links = self._closure(groups, grid, moves, banned)
            if not groups:
                return True
            group_of = {t: g for g in groups for t in g}
            banned = frozenset(p for p in banned
                               if p[0] in group_of and group_of[p[0]] == group_of.get(p[1]))
            if any(len(g) == 2 and g in banned for g in groups):
                return dead()
            key = (frozenset(groups), banned)
            keys.append(key)
            if key in self.dead:
                return dead()
            relaxed = self._relaxed(groups, grid, hint, banned)
            if relaxed is None:
                return dead()
            hint = relaxed
            cands: list[tuple[int, int, tuple[int, ...], int, int]] = []
            for g in groups:
                linked = links[g]
                if not linked:
                    continue
                best: tuple[int, int, int] | None = None
                for t in g:
                    partners = [b if a == t else a for a, b in linked if t in (a, b)]
                    if partners and (best is None or len(partners) < best[0]):
                        best = (len(partners), t, partners[0])
                assert best is not None
                cands.append((best[0], len(g), g, best[1], best[2]))
            if not cands:
                return dead()
            cands.sort(key=lambda x: (x[0], x[1]))
            forced = False
            spent = 0
            for _, _, g, t, u in cands:
                if spent >= self.probes:
                    break
                spent += 2
                pair = (t, u) if t < u else (u, t)
                take_dead = self._child_dead(groups, grid, g, t, u, links[g], hint, banned)
                ban_dead = self._relaxed(groups, grid, hint, banned | {pair}) is None
                self._deadline.check("searching")
                if take_dead and ban_dead:
                    return dead()
                if take_dead:
                    banned = banned | {pair}
                    forced = True
                    break
                if ban_dead:
                    rest = tuple(v for v in g if v not in pair)
                    groups = [h for h in groups if h != g] + [pair] + ([rest] if rest else [])
                    forced = True
                    break
            if forced:
                continue
            _, _, g, t, u = cands[0]
            pair = (t, u) if t < u else (u, t)
            rest = tuple(v for v in g if v not in pair)
            take = [h for h in groups if h != g] + [pair] + ([rest] if rest else [])
            if self._dfs2(take, banned, grid.copy(), moves, hint):
                return True
            if self._dfs2(list(groups), banned | {pair}, grid.copy(), moves, hint):
                return True
            return dead()

    # -- with gravity ------------------------------------------------------------
    def _gravity_dfs(self, cells: tuple[tuple[int, ...], ...]) -> list[Move] | None:
        self._tick()
        board = Board(cells)
        safe: list[Move] = []
        board = self._gravity_safe(board, safe)
        if board.is_clear():
            return safe
        if board.cells in self.dead:
            return None
        grid = LinkGrid(board, self.outside_ring)

        def falls(cell: Cell) -> int:
            """How many tiles sit above ``cell`` (they fall when it goes)."""
            r, c = cell
            return sum(1 for x in range(r) if board.cells[x][c])

        options: list[tuple[int, int, Move]] = []
        for pic_cells in board.pictures().values():
            last = len(pic_cells) == 2
            for i, a in enumerate(pic_cells):
                for b in pic_cells[i + 1:]:
                    if grid.linkable((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1)):
                        # last pair of a picture first, then moves that move fewer tiles
                        options.append((0 if last else 1, falls(a) + falls(b), (a, b)))
        options.sort()
        for _, _, (a, b) in options:
            sub = self._gravity_dfs(board.remove(a, b, gravity=True).cells)
            if sub is not None:
                return [*safe, (a, b), *sub]
        self.dead.add(board.cells)
        return None

    def _gravity_safe(self, board: Board, moves: list[Move]) -> Board:
        """Remove, to a fixpoint, pictures whose tiles all have nothing above them and pair
        up by lines that exist now (safe: see ``docs/lianliankan.md``, Lemma 6).

        Nothing falls when such tiles go, so the removals only open lines: a picture that
        qualifies keeps qualifying, the fixpoint is the same whatever the order, and one
        link grid is updated in place instead of being rebuilt after every removal.
        """
        cells = [list(row) for row in board.cells]
        grid = LinkGrid(board, self.outside_ring)
        pictures = board.pictures()
        changed = True
        while changed:
            changed = False
            for picture, pic_cells in list(pictures.items()):
                self._deadline.check("removing safe pairs")
                if any(cells[x][c] for r, c in pic_cells for x in range(r)):
                    continue
                ids = tuple(range(len(pic_cells)))
                pads = [(r + 1, c + 1) for r, c in pic_cells]
                linked = {(i, j) for i in ids for j in ids[i + 1:]
                          if grid.linkable(pads[i], pads[j])}
                match = _perfect_matching(ids, linked)
                if match is None:
                    continue
                for i, j in match:
                    moves.append((pic_cells[i], pic_cells[j]))
                for (r, c), pad in zip(pic_cells, pads, strict=True):
                    cells[r][c] = 0
                    grid.clear(pad)
                del pictures[picture]
                changed = True
        return Board(tuple(tuple(row) for row in cells))


def search_order(board: Board, outside_ring: bool = False, gravity: bool = False,
                 deadline: Deadline | None = None) -> list[Move] | None:
    """A clearing order found by the exact search, or None when the board cannot be cleared."""
    return Searcher(board, outside_ring, gravity).run(deadline)
