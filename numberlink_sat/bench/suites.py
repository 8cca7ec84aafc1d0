"""The benchmark suites: which boards, of which sizes, with which seeds.

A :class:`Case` is a small, picklable recipe (family, kind, size, seed, parameters); the
board itself is built from it inside the worker by :func:`build`, so a 100x100 board
never travels through a pipe and every worker builds the very same board.

Families and kinds:

- ``numberlink``: ``dense`` (Flow-Free-like, many short induced paths), ``loose`` (as many
  long paths as the board is wide), ``corpus`` (the public puzzles in
  corpus folder, :func:`numberlink_sat.corpus.corpus_root`, skipped when absent).
- ``numchain``: a planted corner-to-corner path, ``N`` x ``N`` with labels ``0..K-1``.
- ``lianliankan``: a board cleared by a planted order, ``ring`` (the line may use an
  empty ring around the board) or ``plain``.

>>> cases = suite("quick")
>>> {c.family for c in cases} >= {"numberlink", "numchain", "lianliankan"}
True
>>> c = next(c for c in cases if c.kind == "dense")
>>> build(c).width == c.width
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from numberlink_sat.bench import instances
from numberlink_sat.corpus import corpus_root

__all__ = ["SUITES", "Case", "build", "corpus_root", "suite"]

SUITES: tuple[str, ...] = ("tiny", "quick", "full")
"""``tiny`` (the tests' smoke suite, seconds), ``quick`` (a few minutes on 2 cores), ``full``."""


@dataclass(frozen=True)
class Case:
    """One benchmark board as a recipe; ``solvable`` is ``True`` when an answer is planted."""

    family: str
    kind: str
    width: int
    height: int
    seed: int = 0
    params: tuple[tuple[str, Any], ...] = ()
    solvable: bool | None = True
    source: str = ""
    index: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def size(self) -> str:
        """``WxH`` (``N`` x ``N`` for Number Chain)."""
        return f"{self.width}x{self.height}"

    @property
    def side(self) -> int:
        """The longer side, the x axis of the plots."""
        return max(self.width, self.height)

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter by name."""
        return dict(self.params).get(name, default)

    @property
    def id(self) -> str:
        """A short unique name, e.g. ``numberlink/dense/10x10/s1``."""
        extra = "".join(f"/{k}{v}" for k, v in self.params)
        src = f"/{Path(self.source).name}#{self.index}" if self.source else ""
        return f"{self.family}/{self.kind}/{self.size}{extra}{src}/s{self.seed}"

    def as_dict(self) -> dict[str, Any]:
        """The columns a result row repeats."""
        return {
            "case": self.id,
            "family": self.family,
            "kind": self.kind,
            "size": self.size,
            "side": self.side,
            "seed": self.seed,
            "params": dict(self.params),
            "planted": self.solvable,
        }




def _corpus_cases(which: str) -> list[Case]:
    root = corpus_root()
    if root is None:
        return []
    try:
        from numberlink_sat.numberlink.formats import read
    except ImportError:  # pragma: no cover - the formats package is part of the library
        return []
    files: list[tuple[Path, str]] = []
    flow = root / "numberlink" / "mzucker-flow_solver" / "puzzles"
    ahle = root / "numberlink" / "thomasahle-numberlink"
    if flow.is_dir():
        files += [(p, "flow") for p in sorted(flow.glob("*.txt"))]
    if which == "quick":
        take_janko = 6
    else:
        files += [(ahle / n, "wh") for n in ("inputs1", "inputs2", "inputs3", "inputs4",
                                              "inputs5", "inputs7", "inputs8")]
        take_janko = 10_000
    files += [(ahle / "janko", "wh")]
    cases: list[Case] = []
    for path, fmt in files:
        if not path.is_file():
            continue
        try:
            puzzles = read(path, fmt)
        except Exception:  # a corpus file we cannot read is skipped
            continue
        limit = take_janko if path.name == "janko" else len(puzzles)
        for i, p in enumerate(puzzles[:limit]):
            if max(p.width, p.height) > 100:
                continue
            known_none = "unsolvable" in path.name
            cases.append(
                Case("numberlink", "corpus", p.width, p.height, 0, (),
                     False if known_none else None, str(path), i, {"format": fmt})
            )
    return cases


def _seeds(count: int, base: int) -> list[int]:
    return [base + i for i in range(count)]


def suite(name: str) -> list[Case]:
    """The cases of suite ``name`` (one of :data:`SUITES`), in a fixed order."""
    if name not in SUITES:
        raise ValueError(f"unknown suite {name!r}; use one of: {', '.join(SUITES)}")
    cases: list[Case] = []
    if name == "tiny":
        nl_sizes, nl_seeds = [5, 7], 1
        loose_sizes = [5, 7]
        nc = [(3, 1), (4, 2), (5, 3)]
        ll = [6]
    elif name == "quick":
        nl_sizes, nl_seeds = [5, 7, 10, 15, 20, 30, 40, 60], 2
        loose_sizes = [5, 7, 10, 12, 15, 20, 30]
        nc = [(n, k) for n in (3, 5, 6, 8, 10, 12) for k in (1, 2, 5)]
        ll = [6, 10, 14]
    else:
        nl_sizes, nl_seeds = [5, 7, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100], 5
        loose_sizes = [5, 7, 10, 12, 15, 20, 25, 30, 40, 50]
        nc = [(n, k) for n in (3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30) for k in (1, 2, 3, 4, 5)]
        ll = [6, 8, 10, 12, 14, 16, 18, 20]
    for n in nl_sizes:
        for s in _seeds(nl_seeds, 1000 + n):
            cases.append(Case("numberlink", "dense", n, n, s))
    for n in loose_sizes:
        for s in _seeds(nl_seeds, 2000 + n):
            cases.append(Case("numberlink", "loose", n, n, s))
    if name != "tiny":
        cases += _corpus_cases(name)
    nc_seeds = 1 if name != "full" else 3
    for n, k in nc:
        for s in _seeds(nc_seeds, 3000 + 31 * n + k):
            cases.append(Case("numchain", "planted", n, n, s, (("K", k),)))
    ll_seeds = 1 if name != "full" else 3
    for n in ll:
        for ring in (False, True):
            for s in _seeds(ll_seeds, 4000 + n):
                cases.append(Case("lianliankan", "ring" if ring else "plain", n, n, s))
    return cases


def build(case: Case) -> Any:
    """The board of ``case``: a Numberlink ``Puzzle``, Number Chain ``Puzzle`` or the rows of a
    Lianliankan board (built from the seed, or read from the corpus)."""
    builder = _BUILDERS.get((case.family, case.kind))
    if builder is None:
        raise ValueError(f"cannot build case {case.id}")
    return builder(case, random.Random(case.seed))


def _corpus(case: Case, rng: random.Random) -> Any:
    from numberlink_sat.numberlink.formats import read

    return read(case.source, case.extra.get("format", "auto"))[case.index]


def _numchain(case: Case, rng: random.Random) -> Any:
    from numberlink_sat.numchain.model import Puzzle as ChainPuzzle

    k = int(case.param("K", 1))
    return ChainPuzzle.from_rows(k, instances.numchain_planted(case.width, k, rng))


def _lianliankan(case: Case, rng: random.Random) -> Any:
    return instances.lianliankan_planted(case.width, case.height, rng,
                                         outside_ring=case.kind == "ring")


_BUILDERS: dict[tuple[str, str], Callable[[Case, random.Random], Any]] = {
    ("numberlink", "dense"): lambda c, rng: instances.numberlink_dense(c.width, c.height, rng),
    ("numberlink", "loose"): lambda c, rng: instances.numberlink_loose(c.width, c.height, rng),
    ("numberlink", "corpus"): _corpus,
    ("numchain", "planted"): _numchain,
    ("lianliankan", "plain"): _lianliankan,
    ("lianliankan", "ring"): _lianliankan,
}
"""How the board of each (family, kind) of case is made."""
