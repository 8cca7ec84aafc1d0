"""PLACEHOLDER: being written (solve, solutions, count_solutions, is_unique)."""
from __future__ import annotations
from typing import Any
def solve(puzzle: Any, **kw: Any) -> Any: raise NotImplementedError
def solutions(puzzle: Any, limit: int = 2, **kw: Any) -> Any: raise NotImplementedError
def count_solutions(puzzle: Any, limit: int = 2, **kw: Any) -> Any: raise NotImplementedError
def is_unique(puzzle: Any, **kw: Any) -> Any: raise NotImplementedError
