"""The Numberlink generator: the seeds' union-find random paths, proven unique by SAT.

- :mod:`.paths`: the seeds' construction over a real union-find;
- :mod:`.uniqueness`: the prove-and-repair loop (cut a path where a second solution
  leaves it; trim a path end into a blocked cell when no cut fits);
- :mod:`.generate`: the public API with the designer's controls and statistics.

>>> from numberlink_sat.numberlink.generator import generate
>>> generate(3, 3, seed=0).width
3
"""

from numberlink_sat.numberlink.generator.generate import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_TIME_LIMIT,
    GENERATOR_SOLVER,
    GeneratedPuzzle,
    GenerationFailed,
    GenerationStats,
    check_controls,
    generate,
    generate_many,
    generate_with_solution,
)
from numberlink_sat.numberlink.generator.paths import RandomPaths, UnionFind, random_paths

__all__ = [
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_TIME_LIMIT",
    "GENERATOR_SOLVER",
    "GeneratedPuzzle",
    "GenerationFailed",
    "GenerationStats",
    "RandomPaths",
    "UnionFind",
    "check_controls",
    "generate",
    "generate_many",
    "generate_with_solution",
    "random_paths",
]
