"""Number Chain (数字接龙): the lexicographically smallest king path by SAT.

An N x N board of labels 0..K-1; the path starts at (0, 0), ends at (N-1, N-1),
visits every cell once, reads 0, 1, ..., K-1, 0, ... and never crosses two
diagonal steps. The answer is the smallest direction string (0 up, clockwise to 7
up-left), ``-1`` when there is none.

>>> from numberlink_sat.numchain import parse, solve, verify, format_answer
>>> p = parse("3 3\\n0 2 0\\n1 1 1\\n2 0 2")
>>> answer = solve(p)
>>> format_answer(answer), verify(p, answer)
('41255214', [])
>>> solve(p, method="dfs")
'41255214'
"""

from numberlink_sat.numchain.brute import all_paths, brute_force
from numberlink_sat.numchain.dfs import dfs_plain, dfs_pruned, seed_crossing_blocked
from numberlink_sat.numchain.generate import random_puzzle
from numberlink_sat.numchain.model import (
    NO_PATH,
    Puzzle,
    format_answer,
    format_puzzle,
    impossibility,
    parse,
)
from numberlink_sat.numchain.solve import METHODS, lexmin_sat, solve
from numberlink_sat.numchain.verify import is_valid, verify

__all__ = [
    "METHODS",
    "NO_PATH",
    "Puzzle",
    "all_paths",
    "brute_force",
    "dfs_plain",
    "dfs_pruned",
    "format_answer",
    "format_puzzle",
    "impossibility",
    "is_valid",
    "lexmin_sat",
    "parse",
    "random_puzzle",
    "seed_crossing_blocked",
    "solve",
    "verify",
]
