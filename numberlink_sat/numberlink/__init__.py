"""Numberlink: connect equal labels by non-crossing paths.

The verbs: :func:`parse`, :func:`read`, :func:`format_puzzle`, :func:`format_solution`,
:func:`solve`, :func:`solutions`, :func:`count_solutions`, :func:`is_unique`,
:func:`verify`, :func:`diagnose`.
"""

from numberlink_sat.numberlink.diagnose import Diagnosis, diagnose
from numberlink_sat.numberlink.formats import (
    format_puzzle,
    format_solution,
    parse,
    parse_solution,
    read,
)
from numberlink_sat.numberlink.generator import generate
from numberlink_sat.numberlink.model import Puzzle, Solution
from numberlink_sat.numberlink.solve import count_solutions, is_unique, solutions, solve
from numberlink_sat.numberlink.verify import verify

__all__ = [
    "Diagnosis",
    "Puzzle",
    "Solution",
    "count_solutions",
    "diagnose",
    "format_puzzle",
    "format_solution",
    "generate",
    "is_unique",
    "parse",
    "parse_solution",
    "read",
    "solutions",
    "solve",
    "verify",
]
