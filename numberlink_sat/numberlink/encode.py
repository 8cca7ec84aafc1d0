"""Numberlink as CNF: edge variables, degree clauses, binary label bits, lazy loop cuts.

The encoding (see ``docs/encoding.md`` for the reasoning and the roads not taken):

- one Boolean per grid edge between two open cells (``True``: a path uses it);
- exact degree as plain clauses: an end cell 1, any other open cell 2, or 0/2 with
  ``fill=False``;
- the label as ``ceil(log2 k)`` bits per cell, fixed at the ends and equal along every
  used edge (no one-hot, no at-most-one clauses);
- no 2 x 2 cycle: for every unit square, not all four edges;
- ``no_touch``: two adjacent cells on paths with no edge between them carry different
  labels; ``no_2x2``: no 2 x 2 square whose four cells carry one label;
- what remains are detached loops, removed lazily by :meth:`NumberlinkEncoding.find_cuts`:
  a loop's cell set ``S`` holds no end cell, so any used edge inside ``S`` forces a used
  edge on the boundary of ``S`` (one clause with ``fill``, since every cell is used).

>>> from numberlink_sat.numberlink.model import Puzzle
>>> enc = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (1, 0))}))
>>> enc.num_edges, enc.bits
(4, 0)
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property

import numpy as np
import numpy.typing as npt

from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.absorb import absorb_loops, loop_components
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.rules import LABEL_ENCODINGS, RuleOptions
from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.constraints import degree_in_set, exactly_k, exactly_one
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.session import Model

__all__ = ["LABEL_ENCODINGS", "NumberlinkEncoding", "RuleOptions"]

Clause = list[int]

CHUNK = 1 << 16
"""Rows (cells or edges) per piece of a big clause block: the deadline is checked
between pieces, so building a million-cell encoding stops soon after the limit."""

def _three_of_four(sides: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Every three of the four columns of ``sides``, one row per square and choice."""
    t, lf, b, r = sides[:, 0], sides[:, 1], sides[:, 2], sides[:, 3]
    block = np.stack([np.stack([t, lf, b], axis=1), np.stack([t, lf, r], axis=1),
                      np.stack([t, b, r], axis=1), np.stack([lf, b, r], axis=1)], axis=1)
    return block.reshape(-1, 3)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Building millions of small lists is about 3x faster with the cyclic GC off."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class NumberlinkEncoding(Encoding):
    """The CNF of one puzzle under one rule variant, with decoding and loop cuts.

    Cells are numbered ``index = row * width + col``. ``edge_cells[k]`` gives the two cell
    indices of edge ``k`` and ``edge_var(k) = first_edge_var + k`` its variable.
    """

    # Kept whole (PLR0915): lays out the variables in the order the layout methods rely on
    def __init__(  # noqa: PLR0915
        self,
        puzzle: Puzzle,
        options: RuleOptions | None = None,
        deadline: Deadline | None = None,
    ) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.options = options if options is not None else RuleOptions()
        deadline = deadline if deadline is not None else Deadline(None)
        width, height = puzzle.width, puzzle.height
        self.width = width
        n = width * height
        is_open = bytearray(b"\x01") * n
        for r, c in puzzle.blocked:
            is_open[r * width + c] = 0
        self.is_open = is_open
        self.labels: tuple[str, ...] = puzzle.labels
        terminal = [-1] * n
        for k, (a, b) in enumerate(puzzle.endpoints.values()):
            terminal[a[0] * width + a[1]] = k
            terminal[b[0] * width + b[1]] = k
        self.terminal = terminal

        # -- edges: right and down neighbours between open cells, numbered in the
        # order "cell by cell, its right edge before its down edge" --------------------
        open_grid = np.frombuffer(bytes(is_open), dtype=np.uint8).astype(bool)
        open_grid = open_grid.reshape(height, width)
        has_right = np.zeros((height, width), dtype=bool)
        has_right[:, :-1] = open_grid[:, :-1] & open_grid[:, 1:]
        has_down = np.zeros((height, width), dtype=bool)
        has_down[:-1, :] = open_grid[:-1, :] & open_grid[1:, :]
        flags = np.stack([has_right.ravel(), has_down.ravel()], axis=1).ravel()
        self.num_edges = int(flags.sum())
        self.first_edge_var = self.pool.block(self.num_edges, "edge")
        numbers = np.where(flags, np.cumsum(flags) - 1 + self.first_edge_var, 0)
        numbers = numbers.reshape(n, 2)
        right_np = numbers[:, 0].copy()  # edge variable to the right neighbour (0: none)
        down_np = numbers[:, 1].copy()
        self._edge_first = np.repeat(np.arange(n), 2)[flags]
        self._edge_second = self._edge_first + np.where(
            np.tile([True, False], n)[flags], 1, width)
        # incident edges of each cell in the order up, left, right, down (0: none)
        up_np = np.zeros(n, dtype=np.int64)
        up_np[width:] = down_np[:n - width]
        left_np = np.zeros(n, dtype=np.int64)
        left_np[1:] = right_np[:-1]
        around = np.stack([up_np, left_np, right_np, down_np], axis=1)
        self._around = around
        self.right: list[int] = right_np.tolist()
        self.down: list[int] = down_np.tolist()
        deadline.check("encoding")

        k_labels = len(self.labels)
        self.onehot = self.options.labels == "onehot" and k_labels > 1
        if self.onehot:
            self.bits = k_labels
        else:
            self.bits = (k_labels - 1).bit_length() if k_labels > 1 else 0
        self.first_bit_var = self.pool.block(n * self.bits, "label bit")
        self._used: dict[int, int] = {}  # cell -> its "on a path" literal (used_literal)
        self._differ: dict[tuple[int, int], int] = {}
        deadline.check("encoding")
        with _gc_paused():
            self._degree_clauses(deadline)
            deadline.check("encoding")
            self._label_clauses(deadline)
            deadline.check("encoding")
            self._square_clauses()
            if self.options.no_touch or self.options.no_2x2:
                self._style_clauses()
        deadline.check("encoding")

    # -- variables ----------------------------------------------------------------
    @property
    def edge_ends(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The first and second cell index of every edge, as arrays in edge order (the
        second is the first's right or lower neighbour; read-only views).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> first, second = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (1, 0))})).edge_ends
        >>> first.tolist(), second.tolist()
        ([0, 0, 1, 2], [1, 2, 3, 3])
        """
        first, second = self._edge_first.view(), self._edge_second.view()
        first.flags.writeable = second.flags.writeable = False
        return first, second

    @cached_property
    def edge_cells(self) -> list[tuple[int, int]]:
        """The two cell indices of each edge, by edge number (built on first use)."""
        return list(zip(self._edge_first.tolist(), self._edge_second.tolist(), strict=True))

    @cached_property
    def incident(self) -> list[list[int]]:
        """The edge variables at each cell: up, left, right, down (built on first use)."""
        return [[v for v in row if v] for row in self._around.tolist()]

    def bit_var(self, cell_index: int, bit: int) -> int:
        """Variable of label bit ``bit`` of a cell."""
        return self.first_bit_var + cell_index * self.bits + bit

    def edge_var(self, a: Cell, b: Cell) -> int | None:
        """The variable of the edge between two orthogonally adjacent cells (or None)."""
        (ra, ca), (rb, cb) = sorted((a, b))
        i = ra * self.width + ca
        if rb == ra and cb == ca + 1:
            return self.right[i] or None
        if cb == ca and rb == ra + 1:
            return self.down[i] or None
        return None

    def edge_vars(self) -> range:
        """All edge variables."""
        return range(self.first_edge_var, self.first_edge_var + self.num_edges)

    # -- clauses ------------------------------------------------------------------
    def _degree_clauses(self, deadline: Deadline) -> None:
        """Exact degrees as clause blocks: one template per (kind, number of edges).

        A template is built once over placeholders ``1..d`` and applied to every cell
        of its kind at once (numpy), one block per template clause width, added in
        pieces of :data:`CHUNK` cells with the deadline checked between them.
        """
        fill = self.options.fill
        terminal = np.asarray(self.terminal)
        is_open = np.frombuffer(bytes(self.is_open), dtype=np.uint8).astype(bool)
        around = self._around
        degree = (around != 0).sum(axis=1)
        # the incident edges packed to the left, in the order up, left, right, down
        order = np.argsort(~(around != 0), axis=1, kind="stable")
        packed = np.take_along_axis(around, order, axis=1)
        kinds = (("end", is_open & (terminal >= 0)),
                 ("two" if fill else "zero-or-two", is_open & (terminal < 0)))
        for kind, mask in kinds:
            for d in range(5):
                cells = np.flatnonzero(mask & (degree == d))
                if not len(cells):
                    continue
                lits = list(range(1, d + 1))
                if kind == "end":
                    template = exactly_one(lits)
                elif kind == "two":
                    template = exactly_k(lits, 2)
                else:
                    template = degree_in_set(lits, {0, 2})
                edges = packed[cells, :d]
                by_width: dict[int, list[npt.NDArray[np.int64]]] = {}
                for clause in template:
                    if not clause:  # no way to meet the degree: the empty clause
                        self.clauses.append([])
                        continue
                    columns = [edges[:, abs(x) - 1] * (1 if x > 0 else -1) for x in clause]
                    by_width.setdefault(len(clause), []).append(np.stack(columns, axis=1))
                for parts in by_width.values():
                    # rows cell by cell: all clauses of one cell next to each other
                    for start in range(0, len(cells), CHUNK):
                        deadline.check("encoding")
                        piece = [part[start:start + CHUNK] for part in parts]
                        self.add_block(np.stack(piece, axis=1).reshape(-1, parts[0].shape[1]))

    def _label_clauses(self, deadline: Deadline) -> None:
        """A used edge joins cells of one label; the end cells carry their label.

        The edge clauses are added in pieces of :data:`CHUNK` edges (in the same order
        as one block), with the deadline checked between them.
        """
        bits = self.bits
        if not bits:
            return
        offsets = np.arange(bits, dtype=np.int64)
        for start in range(0, self.num_edges, CHUNK):
            deadline.check("encoding")
            stop = min(start + CHUNK, self.num_edges)
            edges = np.arange(start, stop, dtype=np.int64) + self.first_edge_var
            bi = (self.first_bit_var + self._edge_first[start:stop, None] * bits) + offsets
            bj = (self.first_bit_var + self._edge_second[start:stop, None] * bits) + offsets
            e = np.broadcast_to(edges[:, None], bi.shape)  # (edges, bits)
            # per edge and bit: (-e, -bi, bj) and (-e, bi, -bj)
            block = np.stack([np.stack([-e, -bi, bj], axis=-1),
                              np.stack([-e, bi, -bj], axis=-1)], axis=2)
            self.add_block(block.reshape(-1, 3))
        add = self.clauses.append
        for i, label_index in enumerate(self.terminal):
            if i % CHUNK == 0:
                deadline.check("encoding")
            if label_index >= 0:
                base = self.first_bit_var + i * bits
                for t in range(bits):
                    on = t == label_index if self.onehot else (label_index >> t) & 1
                    add([base + t] if on else [-(base + t)])
            elif self.onehot and self.is_open[i]:
                base = self.first_bit_var + i * bits
                lits = list(range(base, base + bits))
                self.clauses.extend(exactly_one(lits, self.pool))

    def _square_clauses(self) -> None:
        """No 2 x 2 cycle: not all four edges of a unit square (always valid).

        With ``no_touch`` (or the ``no_u_turn`` restriction), not even three: three edges
        of a square are one path turning back on itself, whose first and last cells are
        adjacent without being consecutive (a "U-turn"). These local clauses let unit
        propagation see what the label bits alone cannot (that two cells share a label
        before the label is known).
        """
        _where, sides = self._square_sides()
        if not len(sides):
            return
        if self.options.no_u_turn:
            self.add_block(_three_of_four(-sides))
        else:
            self.add_block(-sides)

    def _square_sides(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Unit squares with four edges: their top-left cells and edge variables.

        The second array has one row per square: top, left, bottom, right edge.
        """
        width = self.width
        right, down = self._around[:, 2], self._around[:, 3]
        n = len(right)
        if n <= width:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 4), dtype=np.int64)
        top, left = right[:n - width], down[:n - width]
        bottom = right[width:]
        rside = down[1:n - width + 1]
        where = np.flatnonzero((top != 0) & (left != 0) & (bottom != 0) & (rside != 0))
        sides = np.stack([top[where], left[where], bottom[where], rside[where]], axis=1)
        return where, sides

    # -- restrictions a solver switches on by assuming a selector literal ------------
    def u_turn_block(self, guard: int) -> npt.NDArray[np.int64]:
        """"No U-turn" under ``guard``: no three edges of a unit square, one row each.

        Rows ``(-guard, -x, -y, -z)``; with ``guard`` assumed they are the clauses
        :data:`RuleOptions.no_u_turn` adds for good.

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> enc = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (0, 1))}))
        >>> enc.u_turn_block(99).tolist()
        [[-99, -1, -2, -4], [-99, -1, -2, -3], [-99, -1, -4, -3], [-99, -2, -4, -3]]
        """
        _where, sides = self._square_sides()
        rows = _three_of_four(-sides)
        return np.concatenate([np.full((len(rows), 1), -guard, dtype=np.int64), rows], axis=1)

    def detour_gap_clauses(self, guard: int) -> list[Clause]:
        """"No detour gap" under ``guard`` (meant for the rules without fill).

        A detour gap is a used edge ``a-d`` of a unit square whose two other cells
        ``b`` (next to ``a``) and ``c`` (next to ``d``) lie on no path. Per square and
        side: the edge is unused, or one of the edges at ``b`` or ``c`` is used. Sides
        whose opposite cells hold an end are skipped (an end is always on a path).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(2, 2, {"1": ((0, 0), (0, 1))})
        >>> NumberlinkEncoding(p, RuleOptions(fill=False)).detour_gap_clauses(99)
        [[-99, -1, 2, 4, 3]]
        """
        where, sides = self._square_sides()
        width, terminal, incident = self.width, self.terminal, self.incident
        clauses: list[Clause] = []
        for i, (top, left, bottom, rside) in zip(where.tolist(), sides.tolist(), strict=True):
            a, b, c, d = i, i + 1, i + width, i + width + 1
            # each side with the two cells across the square from it
            for edge, p, q in ((top, c, d), (bottom, a, b), (left, b, d), (rside, a, c)):
                if terminal[p] >= 0 or terminal[q] >= 0:
                    continue
                around = list(dict.fromkeys(incident[p] + incident[q]))
                clauses.append([-guard, -edge, *around])
        return clauses

    def detour_gap_literals(self) -> tuple[list[tuple[Cell, str]], list[int], list[Clause]]:
        """One new literal per square side that can be a detour gap, true exactly when
        it is one: the side's edge is used and both cells across the square are on no
        path (no edge at either). Sides in board order (squares row by row by their
        top-left cell; sides top, bottom, left, right), those whose cells across hold an
        end left out, as in :meth:`detour_gap_clauses`. Returns the sides (top-left
        cell, side), their literals and the clauses that define them; the clauses are
        definitions and constrain nothing else.

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> enc = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (0, 1))}), RuleOptions(fill=False))
        >>> sides, literals, clauses = enc.detour_gap_literals()
        >>> sides, clauses[-1] == [literals[0], -1, 2, 4, 3]
        ([((0, 0), 'top')], True)
        """
        where, sides = self._square_sides()
        width, terminal, incident = self.width, self.terminal, self.incident
        names: list[tuple[Cell, str]] = []
        literals: list[int] = []
        clauses: list[Clause] = []
        for i, (top, left, bottom, rside) in zip(where.tolist(), sides.tolist(), strict=True):
            a, b, c, d = i, i + 1, i + width, i + width + 1
            for name, edge, p, q in (("top", top, c, d), ("bottom", bottom, a, b),
                                     ("left", left, b, d), ("right", rside, a, c)):
                if terminal[p] >= 0 or terminal[q] >= 0:
                    continue
                gap = self.pool.new()
                around = list(dict.fromkeys(incident[p] + incident[q]))
                clauses += [[-gap, edge], *([-gap, -other] for other in around)]
                clauses.append([gap, -edge, *around])
                names.append((divmod(i, width), name))
                literals.append(gap)
        return names, literals, clauses

    def touch_clauses(self, guard: int) -> list[Clause]:
        """"No path touches itself" under ``guard``, for a CNF built without it.

        The ``no_touch`` clause of every edge (used, or a cell off the paths, or the
        labels differ), behind ``-guard``, after the definitions of the "on a path" and
        "labels differ" literals they use (which are also kept in :attr:`clauses`:
        definitions constrain nothing else).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
        >>> enc = NumberlinkEncoding(p, RuleOptions(fill=False))
        >>> enc.touch_clauses(9)[-2:]
        [[-9, 1, -3], [-9, 2, -3]]
        """
        start = len(self.clauses)
        body: list[Clause] = []
        for k, (i, j) in enumerate(self.edge_cells):
            body.append([-guard, self.first_edge_var + k, *self._same_path_tail(i, j)])
        return self.clauses[start:] + body

    def bypass_clauses(self, guard: int) -> list[Clause]:
        """"No shortcut through one empty cell" under ``guard`` (plain rules, no fill).

        For an open cell ``e`` that holds no end and two of its neighbours ``x`` and
        ``y``: if ``e`` lies on no path while ``x`` and ``y`` lie on one, the path must
        run ``x-z-y`` through the fourth cell ``z`` of their square (diagonal ``x, y``);
        opposite ``x, y`` (or a missing ``z``) are forbidden outright. Otherwise the
        path between them is at least four edges long and ``x-e-y`` is a shorter one.
        These are the clauses of a *shortest* second solution (``docs/encoding.md``).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
        >>> enc = NumberlinkEncoding(p, RuleOptions(fill=False))
        >>> enc.bypass_clauses(9)[-1]
        [-9, 3]
        """
        start = len(self.clauses)
        width, height = self.width, len(self.is_open) // self.width
        body: list[Clause] = []
        for e in range(len(self.is_open)):
            if not self.is_open[e] or self.terminal[e] >= 0:
                continue
            used = self.used_literal(e)
            assert used is not None
            er, ec = divmod(e, width)
            around = [(er + dr) * width + ec + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                      if 0 <= er + dr < height and 0 <= ec + dc < width
                      and self.is_open[(er + dr) * width + ec + dc]]
            for x, y in itertools.combinations(around, 2):
                head = [-guard, used, *self._same_path_tail(x, y)]
                (xr, xc), (yr, yc) = divmod(x, width), divmod(y, width)
                z = (xr + yr - er) * width + xc + yc - ec
                if xr == yr or xc == yc or not self.is_open[z]:
                    body.append(head)
                    continue
                for u, v in ((x, z), (z, y)):
                    edge = self.edge_var(divmod(u, width), divmod(v, width))
                    assert edge is not None
                    body.append([*head, edge])
        return self.clauses[start:] + body

    def flip_clauses(self, guard: int) -> list[Clause]:
        """"No corner flip towards an earlier cell" under ``guard`` (plain rules, no fill).

        A path that turns at ``m`` (``x-m-y`` round a unit square) while the fourth
        cell ``z`` of that square lies on no path can run ``x-z-y`` instead: the same
        length, ``m`` empty in place of ``z``. Give every cell its row-major index as
        weight; a flip from ``m`` to an earlier ``z`` lowers the sum of the weights of
        the used cells. The clause per square and corner with ``z`` before ``m``:
        ``x-m`` unused, or ``m-y`` unused, or ``z`` on a path. These belong to a
        *least* second solution (``docs/encoding.md``, fact 7).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 2, {"1": ((0, 0), (0, 2))})
        >>> enc = NumberlinkEncoding(p, RuleOptions(fill=False))
        >>> body = enc.flip_clauses(99)[-2:]  # m = (1, 0) and (1, 2), z = (0, 1)
        >>> [[enc.edge_cells[abs(v) - 1] for v in c[1:3]] for c in body]
        [[(3, 4), (0, 3)], [(2, 5), (4, 5)]]
        """
        start = len(self.clauses)
        width = self.width
        where, _sides = self._square_sides()
        body: list[Clause] = []
        for a in where.tolist():
            ring = (a, a + 1, a + width + 1, a + width)  # the square's cells, round it
            for k, m in enumerate(ring):
                z = ring[(k + 2) % 4]
                if z > m or self.terminal[z] >= 0 or self.terminal[m] >= 0:
                    continue  # a later z; an end z (always on a path) or m (no turn)
                x, y = ring[k - 1], ring[(k + 1) % 4]
                used = self.used_literal(z)
                assert used is not None
                into = self.edge_var(divmod(x, width), divmod(m, width))
                out = self.edge_var(divmod(m, width), divmod(y, width))
                assert into is not None and out is not None
                body.append([-guard, -into, -out, used])
        return self.clauses[start:] + body

    def transfer_clauses(self, guard: int) -> list[Clause]:
        """"No U-turn transfer to a lesser solution" under ``guard`` (fill, plain rules).

        Two unit squares share an edge ``b-c``; ``a-d`` is the far side of one, ``b'-c'``
        of the other (``a``, ``b'`` next to ``b``). A path with the U-turn ``a-b-c-d``
        beside a path using ``b'-c'`` can hand ``b`` and ``c`` over: ``a-d`` and
        ``b'-b-c-c'`` instead. Every cell stays used and every path simple, so under
        fill and the plain rules this *U-turn transfer* always gives another solution;
        it changes six edges and its reverse is again a transfer. Solutions are ordered
        by their edges in edge order (a solution that uses the first edge where two
        differ is the greater); of the two sides of every transfer the greater one is
        forbidden, one clause of four edges each. These belong to a least second
        solution under fill (``docs/encoding.md``, fact 8).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> enc = NumberlinkEncoding(Puzzle(3, 2, {"1": ((0, 0), (1, 0))}))
        >>> clauses = enc.transfer_clauses(99)  # b, c = cells 1, 4 (a 3 x 2 board)
        >>> [[enc.edge_cells[-v - enc.first_edge_var] for v in c[1:]] for c in clauses]
        [[(0, 1), (1, 4), (3, 4), (2, 5)]]
        """
        width, height = self.width, len(self.terminal) // self.width
        right, down, terminal = self.right, self.down, self.terminal
        clauses: list[Clause] = []
        for b in range(width * height):
            row, col = divmod(b, width)
            sides = []
            if 0 < row < height - 1 and right[b]:  # b-c across, squares above and below
                a, c = b - width, b + 1
                sides.append((c, right[b], down[a], down[a + 1], right[b + width], right[a],
                              down[b], down[c]))
            if 0 < col < width - 1 and down[b]:  # b-c down, squares left and right
                a, c = b - 1, b + width
                sides.append((c, down[b], right[a], right[c - 1], down[b + 1], down[a],
                              right[b], right[c]))
            for c, bc, ab, cd, far, ad, near_b, near_c in sides:
                if not all((ab, cd, far, ad, near_b, near_c)):
                    continue  # a blocked cell
                if terminal[b] >= 0 or terminal[c] >= 0:
                    continue  # an end is never inside a U-turn
                one, other = (ab, bc, cd, far), (near_b, bc, near_c, ad)
                greater = one if min(ab, cd, far) < min(ad, near_b, near_c) else other
                clauses.append([-guard, *(-v for v in greater)])
        return clauses

    def fill_clauses(self, guard: int) -> list[Clause]:
        """"Every cell on a path" under ``guard``, for a CNF built without ``fill``.

        With the degree clauses "0 or 2" these are the missing half of "exactly 2":
        at least two edges at every cell that holds no end (any ``d - 1`` of its ``d``
        edges contain a used one), so unit propagation is as strong as under ``fill``.

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 1, {"1": ((0, 0), (0, 2))})
        >>> NumberlinkEncoding(p, RuleOptions(fill=False)).fill_clauses(9)
        [[-9, 2], [-9, 1]]
        """
        clauses: list[Clause] = []
        for i, label in enumerate(self.terminal):
            if label >= 0 or not self.is_open[i]:
                continue
            edges = self.incident[i]
            if len(edges) < 2:
                clauses.append([-guard])
                continue
            for skip in range(len(edges)):
                clauses.append([-guard, *(e for k, e in enumerate(edges) if k != skip)])
        return clauses

    def used_literal(self, i: int) -> int | None:
        """A literal true when cell ``i`` lies on a path; ``None`` when it always does."""
        if self.terminal[i] >= 0 or self.options.fill:
            return None
        var = self._used.get(i)
        if var is None:
            var = self.pool.new()
            inc = self.incident[i]
            self.clauses.append([-var, *inc])
            self.clauses.extend([-e, var] for e in inc)
            self._used[i] = var
        return var

    def _same_path_tail(self, i: int, j: int) -> list[int]:
        """The literals of "``i`` or ``j`` unused, or their labels differ": the clause
        tail that permits a forbidden shape only when the two cells are not on one path."""
        tail = []
        for x in (i, j):
            used = self.used_literal(x)
            if used is not None:
                tail.append(-used)
        differ = self._differ_literal(i, j)
        if differ is not None:
            tail.append(differ)
        return tail

    def _differ_literal(self, i: int, j: int) -> int | None:
        """A literal that implies cells ``i`` and ``j`` carry different labels (None: never)."""
        if not self.bits:
            return None
        key = (i, j)
        var = self._differ.get(key)
        if var is None:
            var = self.pool.new()
            if self.onehot:
                for t in range(self.bits):
                    self.clauses.append([-var, -self.bit_var(i, t), -self.bit_var(j, t)])
                self._differ[key] = var
                return var
            ds = []
            for t in range(self.bits):
                d = self.pool.new()
                bi, bj = self.bit_var(i, t), self.bit_var(j, t)
                self.clauses.append([-d, bi, bj])
                self.clauses.append([-d, -bi, -bj])
                ds.append(d)
            self.clauses.append([-var, *ds])
            self._differ[key] = var
        return var

    def _no_touch_blocks(self) -> None:
        """No-touch under fill with label bits, for every edge at once (numpy).

        The same clauses as the general path below: for the edge ``e`` between cells
        ``i`` and ``j``, ``e or differ(i, j)``, where ``differ`` implies that some bit
        ``t`` has ``d_t``: ``b[i,t] != b[j,t]``. Variables are numbered edge by edge
        (``differ`` then its ``d_t``), as the general path would.
        """
        m, bits = self.num_edges, self.bits
        if not m:
            return
        edges = np.arange(m, dtype=np.int64) + self.first_edge_var
        if not bits:  # one label: two adjacent cells are always on its path
            self.add_block(edges[:, None])
            return
        base = self.pool.block(m * (bits + 1), "no-touch differ")
        differ = base + np.arange(m, dtype=np.int64) * (bits + 1)
        d = differ[:, None] + 1 + np.arange(bits, dtype=np.int64)  # (m, bits)
        offsets = np.arange(bits, dtype=np.int64)
        bi = self.first_bit_var + self._edge_first[:, None] * bits + offsets
        bj = self.first_bit_var + self._edge_second[:, None] * bits + offsets
        pair = np.stack([np.stack([-d, bi, bj], axis=-1), np.stack([-d, -bi, -bj], axis=-1)],
                        axis=2)
        self.add_block(pair.reshape(-1, 3))
        self.add_block(np.concatenate([-differ[:, None], d], axis=1))
        self.add_block(np.stack([edges, differ], axis=1))
        if self.options.no_2x2:  # the 2x2 clauses look the differ literals up by pair
            self._differ.update(zip(self.edge_cells, differ.tolist(), strict=True))

    def _style_clauses(self) -> None:
        width, n = self.width, len(self.is_open)
        add = self.clauses.append

        same_path_guard = self._same_path_tail

        if self.options.no_touch and self.options.fill and not self.onehot:
            self._no_touch_blocks()
        elif self.options.no_touch:
            for i in range(n):
                if not self.is_open[i]:
                    continue
                for j, edge in ((i + 1, self.right[i]), (i + width, self.down[i])):
                    if edge:
                        # adjacent and both on one path => the edge between them is used
                        add([edge, *same_path_guard(i, j)])
        if self.options.no_2x2:
            for i in range(n):
                c = i % width
                if c + 1 >= width or i + width >= n:
                    continue
                square = (i, i + 1, i + width, i + width + 1)
                if not all(self.is_open[x] for x in square):
                    continue
                tail: list[int] = []
                for x in square:
                    used = self.used_literal(x)
                    if used is not None:
                        tail.append(-used)
                for a, b in ((i, i + 1), (i, i + width), (i + 1, i + width + 1)):
                    differ = self._differ_literal(a, b)
                    if differ is not None:
                        tail.append(differ)
                add(tail)

    # -- reading models -------------------------------------------------------------
    def used_edges(self, model: Model) -> list[tuple[int, int]]:
        """Cell-index pairs of the edges the model uses."""
        first = self.first_edge_var
        cells = self.edge_cells
        return [cells[v - first] for v in model.true_vars(self.edge_vars())]

    def find_cuts(self, model: Model) -> list[Clause]:
        """Clauses cutting every detached loop of ``model`` (empty when there is none).

        A loop's cell set ``S`` contains no end cell, so every path through ``S`` enters
        it from outside: with ``fill``, the clause "some boundary edge of ``S`` is used";
        without, "an edge inside ``S`` is used only if some boundary edge is", through
        one auxiliary literal. The loops are found with numpy (:mod:`.absorb`).
        """
        right, down = self.edge_arrays(model)
        cuts: list[Clause] = []
        for loop in loop_components(self.width, self.puzzle.height, self.end_cells,
                                    right, down):
            cuts.extend(self._region_cut(set(loop)))
        return cuts

    def loop_cuts(self, model: Model) -> list[tuple[list[int], list[Clause]]]:
        """Each detached loop of ``model``: its cell indices and the clauses cutting it.

        The cuts of :meth:`find_cuts`, each with the cell set that justifies it (a
        certificate lists the set beside the clauses).
        """
        right, down = self.edge_arrays(model)
        loops = loop_components(self.width, self.puzzle.height, self.end_cells, right, down)
        return [(list(loop), self._region_cut(set(loop))) for loop in loops]

    @cached_property
    def end_cells(self) -> list[int]:
        """Indices of the end cells."""
        return [i for i, label in enumerate(self.terminal) if label >= 0]

    def _region_cut(self, region: set[int]) -> list[Clause]:
        boundary: list[int] = []
        inside: list[int] = []
        for i in region:
            for var in self.incident[i]:
                a, b = self.edge_cells[var - self.first_edge_var]
                other = b if a == i else a
                if other in region:
                    if a == i:
                        inside.append(var)
                else:
                    boundary.append(var)
        if self.options.fill:
            return [boundary]
        gate = self.pool.new()
        return [[-gate, *boundary], *([-e, gate] for e in inside)]

    def edge_arrays(self, model: Model) -> tuple[bytearray, bytearray]:
        """The used edges as two arrays over cell indices (see :mod:`.absorb`)."""
        values = model.truth_array()
        top = self.first_edge_var + self.num_edges - 1  # the last edge variable
        if len(values) <= top:  # variables the solver never saw read as False
            values = np.concatenate([values, np.zeros(top + 1 - len(values), np.uint8)])
        right = values[self._around[:, 2]]
        down = values[self._around[:, 3]]
        return bytearray(right.tobytes()), bytearray(down.tobytes())

    def absorbed_solution(self, model: Model) -> Solution | None:
        """A solution made from a model that still has detached loops, or ``None``.

        Without ``fill`` the loops are dropped (valid under every variant); under
        ``fill`` and the plain rules they are joined to paths by square swaps
        (:func:`~numberlink_sat.numberlink.absorb.absorb_loops`); otherwise ``None``.
        """
        if not self.options.fill:
            return self.decode(model)
        if self.options.no_touch or self.options.no_2x2:
            return None
        right, down = self.edge_arrays(model)
        if not absorb_loops(self.width, self.puzzle.height, self.end_cells, right, down):
            return None
        return self._paths(right, down)

    def decode(self, model: Model) -> Solution:
        """The paths of an accepted model (one that :meth:`find_cuts` accepts).

        Detached loops, if the model has any, are left out.
        """
        return self._paths(*self.edge_arrays(model))

    def _paths(self, right: bytearray, down: bytearray) -> Solution:
        """Walk each label's path from its first end along the used edges."""
        width = self.width
        paths: dict[str, list[Cell]] = {}
        for label, (a, _b) in self.puzzle.endpoints.items():
            start = a[0] * width + a[1]
            path = [start]
            prev, cur = -1, start
            while True:
                if right[cur] and cur + 1 != prev:
                    nxt = cur + 1
                elif down[cur] and cur + width != prev:
                    nxt = cur + width
                elif cur % width and right[cur - 1] and cur - 1 != prev:
                    nxt = cur - 1
                elif cur >= width and down[cur - width] and cur - width != prev:
                    nxt = cur - width
                else:
                    break
                prev, cur = cur, nxt
                path.append(cur)
            paths[label] = [divmod(x, width) for x in path]
        return Solution(self.puzzle.width, self.puzzle.height, paths)

    def blocking_clause(self, model: Model) -> Clause:
        """Rules out exactly this set of used edges (this solution), nothing else."""
        return [-v for v in model.true_vars(self.edge_vars())]

    def solution_blocking_clause(self, solution: Solution) -> Clause:
        """The blocking clause of a solution found outside the solver."""
        clause = []
        for a, b in solution.edges():
            var = self.edge_var(a, b)
            if var is None:
                raise ValueError(f"edge {a}-{b} is not an edge of this board")
            clause.append(-var)
        return clause

    # -- layout: this encoding's own numbering, for callers outside the encoder -------
    @cached_property
    def edge_literals(self) -> dict[tuple[int, int], int]:
        """Edge (two cell indices ``row * width + col``, smaller first) -> its variable.

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> enc = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (1, 0))}))
        >>> enc.edge_literals
        {(0, 1): 1, (0, 2): 2, (1, 3): 3, (2, 3): 4}
        """
        first = self.first_edge_var
        return {pair: first + k for k, pair in enumerate(self.edge_cells)}

    @cached_property
    def cell_edges(self) -> list[tuple[Cell, Cell]]:
        """The two cells ``(row, col)`` of each edge, by edge number (smaller cell first).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> NumberlinkEncoding(Puzzle(2, 1, {"1": ((0, 0), (0, 1))})).cell_edges
        [((0, 0), (0, 1))]
        """
        width = self.width
        return [(divmod(i, width), divmod(j, width)) for i, j in self.edge_cells]

    def literals_of(self, solution: Solution) -> list[int]:
        """The edge literals that fix ``solution``: one per edge, in edge order.

        Edge ``k``'s literal is its variable when the solution uses the edge and its
        negation otherwise, so as assumptions they allow exactly this solution's paths
        (the label bits follow). Raises ``ValueError`` for an edge the board lacks.

        >>> from numberlink_sat.numberlink.model import Puzzle, Solution
        >>> enc = NumberlinkEncoding(Puzzle(2, 2, {"1": ((0, 0), (1, 0))}))
        >>> enc.literals_of(Solution(2, 2, {"1": [(0, 0), (0, 1), (1, 1), (1, 0)]}))
        [1, -2, 3, 4]
        """
        literals = [-v for v in self.edge_vars()]
        first = self.first_edge_var
        for a, b in solution.edges():
            var = self.edge_var(a, b)
            if var is None:
                raise ValueError(f"edge {a}-{b} is not an edge of this board")
            literals[var - first] = var
        return literals

    def label_literals(self, cell: Cell | int, label: str | int) -> list[int]:
        """The literals that say "``cell`` carries ``label``" (as assumptions or units).

        ``cell`` is ``(row, col)`` or an index, ``label`` a label name or its index in
        :attr:`labels`. Binary labels give one literal per bit, one-hot labels one per
        label; a board with one label needs none (``[]``).

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 2, {"A": ((0, 0), (0, 2)), "B": ((1, 0), (1, 2))})
        >>> NumberlinkEncoding(p).label_literals((0, 1), "B")
        [9]
        >>> NumberlinkEncoding(p, RuleOptions(labels="onehot")).label_literals(1, 1)
        [-10, 11]
        """
        index = cell if isinstance(cell, int) else cell[0] * self.width + cell[1]
        if not 0 <= index < len(self.is_open):
            raise ValueError(f"cell {cell} is not on this board")
        k = self.labels.index(label) if isinstance(label, str) else label
        if not 0 <= k < len(self.labels):
            raise ValueError(f"label index {k} is out of range")
        literals = []
        for t in range(self.bits):
            on = t == k if self.onehot else (k >> t) & 1
            var = self.bit_var(index, t)
            literals.append(var if on else -var)
        return literals

    def fix_label(self, cell: Cell | int, label: str | int) -> list[list[int]]:
        """Unit clauses fixing ``label`` at ``cell`` (see :meth:`label_literals`).

        They are returned, not added: give them to a session (``add_clauses``) or
        append them to :attr:`clauses` before the session is built.

        >>> from numberlink_sat.numberlink.model import Puzzle
        >>> p = Puzzle(3, 2, {"A": ((0, 0), (0, 2)), "B": ((1, 0), (1, 2))})
        >>> NumberlinkEncoding(p).fix_label((1, 1), "A")
        [[-12]]
        """
        return [[lit] for lit in self.label_literals(cell, label)]
