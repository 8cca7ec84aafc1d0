"""PLACEHOLDER (being replaced by the formats work): minimal token-grid reading only."""

from __future__ import annotations

import json
from pathlib import Path

from numberlink_sat.errors import ParseError
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["format_puzzle", "format_solution", "parse", "parse_solution", "read"]


def parse(text: str, format: str = "auto") -> Puzzle:
    rows = [ln.split() for ln in text.splitlines() if ln.strip()]
    if not rows:
        raise ParseError("empty input", 1, 1)
    h, w = len(rows), len(rows[0])
    ends: dict[str, list[tuple[int, int]]] = {}
    blocked = []
    for r, row in enumerate(rows):
        if len(row) != w:
            raise ParseError(f"row has {len(row)} cells, expected {w}", r + 1, 1)
        for c, tok in enumerate(row):
            if tok == ".":
                continue
            if tok in ("X", "#"):
                blocked.append((r, c))
                continue
            ends.setdefault(tok, []).append((r, c))
    return Puzzle(w, h, {k: (v[0], v[1]) for k, v in ends.items()}, blocked)


def read(path: str | Path, format: str = "auto") -> list[Puzzle]:
    return [parse(Path(path).read_text(), format)]


def format_puzzle(puzzle: Puzzle, format: str = "tokens") -> str:
    g = puzzle.grid()
    return "\n".join(" ".join("." if v is None else (v or "X") for v in row) for row in g) + "\n"


def format_solution(solution: Solution) -> str:
    return json.dumps(solution.to_dict()) + "\n"


def parse_solution(text: str) -> Solution:
    d = json.loads(text)
    return Solution(d["width"], d["height"], {k: [tuple(c) for c in v] for k, v in d["paths"].items()})
