"""The SAT core every puzzle family shares.

- :mod:`.pool`: one variable pool (numbers handed out in blocks, optional names).
- :mod:`.constraints`: plain-clause cardinality helpers and degree constraints over
  undirected edges and over directed arcs.
- :mod:`.solvers`: which PySAT solvers can run the incremental loop, with clear errors.
- :mod:`.deadline`: the one time-limit mechanism (wall clock, conflict budgets).
- :mod:`.session`: one incremental solver with a pluggable lazy-cut finder, enumeration
  by blocking clauses, and statistics.
- :mod:`.cnf`: an encoding as data (clauses + named variables) and DIMACS export.
- :mod:`.lookahead`: a formula's models split into disjoint cubes by lookahead (the
  first half of cube-and-conquer).

PySAT is imported only in this package and in the puzzle encoders.
"""

from numberlink_sat.sat.cnf import Encoding
from numberlink_sat.sat.constraints import (
    at_least_one,
    at_most_k,
    at_most_one,
    degree_in_set,
    directed_degree,
    exactly_k,
    exactly_one,
)
from numberlink_sat.sat.deadline import Deadline
from numberlink_sat.sat.pool import VarPool
from numberlink_sat.sat.session import Accept, Model, SatSession, SessionStats
from numberlink_sat.sat.solvers import DEFAULT_SOLVER, INCREMENTAL_SOLVERS, check_solver

__all__ = [
    "DEFAULT_SOLVER",
    "INCREMENTAL_SOLVERS",
    "Accept",
    "Deadline",
    "Encoding",
    "Model",
    "SatSession",
    "SessionStats",
    "VarPool",
    "at_least_one",
    "at_most_k",
    "at_most_one",
    "check_solver",
    "degree_in_set",
    "directed_degree",
    "exactly_k",
    "exactly_one",
]
