"""numberlink_sat: solve, check and generate grid path puzzles with SAT.

The Numberlink verbs live at the top level; Number Chain and Lianliankan have their
own subpackages (``numberlink_sat.numchain``, ``numberlink_sat.lianliankan``).

>>> import numberlink_sat as nl
>>> p = nl.parse("1 . 1")
>>> nl.solve(p).paths["1"]
((0, 0), (0, 1), (0, 2))
>>> nl.is_unique(p)
True
"""

import logging

from numberlink_sat import _started  # noqa: F401  (first: the program's clock)
from numberlink_sat.errors import (
    InternalError,
    InvalidPuzzleError,
    NumberlinkSatError,
    ParseError,
    SolveTimeout,
    UnknownSolverError,
)
from numberlink_sat.numberlink import (
    Diagnosis,
    Puzzle,
    Solution,
    count_solutions,
    diagnose,
    format_puzzle,
    format_solution,
    generate,
    is_unique,
    parse,
    parse_solution,
    read,
    solutions,
    solve,
    verify,
)

__version__ = "0.1.0"

# The library reports its stages (pre-check, CNF size, loading, cut rounds) on the
# "numberlink_sat" logger at INFO and DEBUG; silent unless the application configures
# logging (the CLI does with -v).
logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = [
    "Diagnosis",
    "InternalError",
    "InvalidPuzzleError",
    "NumberlinkSatError",
    "ParseError",
    "Puzzle",
    "Solution",
    "SolveTimeout",
    "UnknownSolverError",
    "__version__",
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
