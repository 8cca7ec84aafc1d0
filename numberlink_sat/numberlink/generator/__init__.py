"""The Numberlink generator: union-find random paths, proven unique by SAT.

- :mod:`.controls`: :class:`GeneratorControls`, every control validated once;
- :mod:`.paths`: the random-path construction over a union-find;
- :mod:`.symmetry`: the same construction in mirror pairs (clue symmetry);
- :mod:`.design`: shaping a drawn candidate (leftover cells, clue placement, empty
  cells by design);
- :mod:`.budget`: SAT work per candidate in fixed conflict slices (reproducible);
- :mod:`.uniqueness`: the prove-and-repair loop (cut a path where a second solution
  leaves it; trim a path end, or take a cell off its middle, when no cut fits);
- :mod:`.generate`: the public API, in phases (draw, shape, prove, accept);
- :mod:`.thin`: fewer pairs for a proven puzzle, each step proven (``thin=True``).

>>> from numberlink_sat.numberlink.generator import generate
>>> generate(3, 3, seed=0).width
3
"""

from numberlink_sat.numberlink.generator.controls import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_TIME_LIMIT,
    GENERATOR_SOLVER,
    SYMMETRIES,
    GeneratorControls,
    check_controls,
    longest_induced_path,
)
from numberlink_sat.numberlink.generator.generate import (
    GeneratedPuzzle,
    GenerationFailed,
    GenerationStats,
    control_problems,
    generate,
    generate_many,
    generate_with_solution,
    make_controls,
)
from numberlink_sat.numberlink.generator.paths import RandomPaths, UnionFind, random_paths
from numberlink_sat.numberlink.generator.thin import Thinned, ThinStep, thin

__all__ = [
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_TIME_LIMIT",
    "GENERATOR_SOLVER",
    "SYMMETRIES",
    "GeneratedPuzzle",
    "GenerationFailed",
    "GenerationStats",
    "GeneratorControls",
    "RandomPaths",
    "ThinStep",
    "Thinned",
    "UnionFind",
    "check_controls",
    "control_problems",
    "generate",
    "generate_many",
    "generate_with_solution",
    "longest_induced_path",
    "make_controls",
    "random_paths",
    "thin",
]
