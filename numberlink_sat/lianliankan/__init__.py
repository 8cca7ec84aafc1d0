"""Lianliankan (连连看, Shisen-Sho): links with at most two turns, clearability, play.

A board is rows of integers, 0 empty, equal positive numbers the same picture. Two tiles of
the same picture leave together when a line of at most three straight segments (two turns)
joins them through empty cells; with ``outside_ring`` lines may also run through one ring
of empty cells around the board; with ``gravity`` (KShisen's) the tiles above a removed
tile fall down.

>>> import numberlink_sat.lianliankan as llk
>>> b = llk.parse_board('''
... 1 2 1
... 3 3 2
... ''')
>>> llk.link(b, (0, 0), (0, 2), outside_ring=True)
[(0, 0), (-1, 0), (-1, 1), (-1, 2), (0, 2)]
>>> order = llk.solve(b)
>>> order
[((1, 0), (1, 1)), ((0, 1), (1, 2)), ((0, 0), (0, 2))]
>>> llk.verify(b, order)
[]
>>> llk.solve([[1, 2], [2, 1]], outside_ring=True) is None
True
"""

from numberlink_sat.lianliankan.board import (
    Board,
    BoardLike,
    Cell,
    as_board,
    parse_board,
    parse_json_board,
    read_board,
)
from numberlink_sat.lianliankan.link import available_moves, link, linkable, turns
from numberlink_sat.lianliankan.play import (
    GreedyResult,
    generate,
    generate_with_order,
    greedy_play,
    hint,
    is_stuck,
    shuffle,
)
from numberlink_sat.lianliankan.solve import METHODS, Move, is_clearable, solve
from numberlink_sat.lianliankan.verify import verify

__all__ = [
    "METHODS",
    "Board",
    "BoardLike",
    "Cell",
    "GreedyResult",
    "Move",
    "as_board",
    "available_moves",
    "generate",
    "generate_with_order",
    "greedy_play",
    "hint",
    "is_clearable",
    "is_stuck",
    "link",
    "linkable",
    "parse_board",
    "parse_json_board",
    "read_board",
    "shuffle",
    "solve",
    "turns",
    "verify",
]
