"""A long proof's proven steps kept on disk, so that it can resume: a chain of merges, or
the cases of a held-path proof's final search.

:func:`~numberlink_sat.numberlink.chain.chain_proof` with ``log=PATH`` appends one JSON
line per proven step (and one with the first solution it used). A later call with the
same log skips every step whose *fingerprint* it finds there: a SHA-256 of the board,
the rules, the pieces of the step's puzzle, the merged path and the library's version.
So only the very same question, asked by the same version, is ever taken from the log;
anything else (another solution, other rules, a new version) is proven again. The
proof reports how many steps came from the log (``ChainProof.logged_steps``): a verdict
that rests on a log rests on whoever wrote it, as a cache would.

Each line is an object with ``"kind"`` "step" (``key``, ``pairs``, ``merged_cells``,
``answer`` "unique", ``seconds``, ``cpu_seconds``, ``version``), "solution" (``key``
of the puzzle and rules, ``paths``: label to a list of ``[row, column]``) or "split"
(``key`` of a held-path case that ran past its time and was split into smaller ones:
a resumed proof splits it at once; :mod:`~numberlink_sat.numberlink.held_cases` writes
its own facts beside the key).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "chain.jsonl")
>>> log = ChainLog(path)
>>> log.add_step("abc", {"pairs": 3, "merged_cells": 6, "seconds": 0.1, "cpu_seconds": 0.1})
>>> ChainLog(path).proven("abc")
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from numberlink_sat.errors import ParseError
from numberlink_sat.grid import Cell
from numberlink_sat.numberlink.model import Puzzle, Solution

__all__ = ["ChainLog", "fingerprint", "question_fingerprint"]


def _version() -> str:
    from numberlink_sat import __version__
    return __version__


def fingerprint(width: int, height: int, blocked: Sequence[Cell], rules: Mapping[str, bool],
                pieces: Mapping[str, Sequence[Sequence[Cell]]],
                merged: Sequence[Cell] | None) -> str:
    """The SHA-256 (hex) that names one question of a chain: the split puzzle's
    (``merged`` is ``None``) or one merge's, under ``rules``, by this library version.

    >>> a = fingerprint(2, 1, [], {"fill": True}, {"1": [[(0, 0), (0, 1)]]}, None)
    >>> a == fingerprint(2, 1, [], {"fill": False}, {"1": [[(0, 0), (0, 1)]]}, None)
    False
    """
    text = json.dumps({
        "version": _version(), "size": [width, height],
        "blocked": sorted([list(cell) for cell in blocked]),
        "rules": {name: bool(value) for name, value in sorted(rules.items())},
        "pieces": {label: [[list(cell) for cell in part] for part in parts]
                   for label, parts in sorted(pieces.items())},
        "merged": None if merged is None else [list(cell) for cell in merged],
    }, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def question_fingerprint(kind: str, puzzle: Puzzle, solution: Solution,
                         rules: Mapping[str, bool], **details: Any) -> str:
    """The SHA-256 (hex) naming one piece of a proof beside a known ``solution``: its
    ``kind``, the board, ``rules`` (the library's defaults filled in: ``{"fill": False}``
    and the three rules spelt out name the same question), the solution, the
    library's version and the piece's own ``details`` (JSON values).

    >>> p = Puzzle(2, 1, {"1": ((0, 0), (0, 1))})
    >>> s = Solution(2, 1, {"1": [(0, 0), (0, 1)]})
    >>> a = question_fingerprint("gap cube", p, s, {"fill": False}, gaps=[3])
    >>> a == question_fingerprint("gap cube", p, s, {"fill": False, "no_2x2": False}, gaps=[3])
    True
    >>> a == question_fingerprint("gap cube", p, s, {"fill": False}, gaps=[4])
    False
    """
    text = json.dumps({
        "version": _version(), "kind": kind,
        "size": [puzzle.width, puzzle.height],
        "blocked": sorted([list(cell) for cell in puzzle.blocked]),
        "pairs": {label: [list(cell) for cell in ends]
                  for label, ends in sorted(puzzle.endpoints.items())},
        "rules": {"fill": bool(rules.get("fill", True)),
                  "no_touch": bool(rules.get("no_touch", False)),
                  "no_2x2": bool(rules.get("no_2x2", False))},
        "solution": {label: [list(cell) for cell in path]
                     for label, path in sorted(solution.paths.items())},
        **details,
    }, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


class ChainLog:
    """The steps proven so far (read from ``path`` if it exists), appended to as the
    chain goes on. A line that is not a record of this format is an error naming the
    file and the line (:class:`~numberlink_sat.errors.ParseError`)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self._steps: set[str] = set()
        self._split: set[str] = set()
        self._solutions: dict[str, dict[str, list[Cell]]] = {}
        self._facts: dict[str, dict[str, Any]] = {}  # the record of each step or split
        if os.path.exists(self.path):
            self._read()
        with open(self.path, "a", encoding="utf-8"):  # cannot be written: say so now
            pass

    def _read(self) -> None:
        with open(self.path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    self._take(_record(line, self.path, number), self.path, number)

    def _take(self, record: dict[str, Any], path: str, number: int) -> None:
        kind = record.get("kind")
        if kind == "step" and record.get("answer") == "unique":
            self._steps.add(record["key"])
            self._facts[record["key"]] = record
        elif kind == "solution":
            try:
                self._solutions[record["key"]] = {
                    str(label): [(int(r), int(c)) for r, c in cells]
                    for label, cells in record["paths"].items()}
            except (KeyError, TypeError, ValueError, AttributeError):
                raise _bad(path, number, "a solution record without its paths") from None
        elif kind == "split":
            self._split.add(record["key"])
            self._facts[record["key"]] = record
        elif kind != "step":
            raise _bad(path, number, f"a record of unknown kind {kind!r}")

    def proven(self, key: str) -> bool:
        """Whether the step named ``key`` (:func:`fingerprint`) was proven unique."""
        return key in self._steps

    def was_split(self, key: str) -> bool:
        """Whether the case named ``key`` ran past its time once and was split."""
        return key in self._split

    def add_split(self, key: str, facts: Mapping[str, Any]) -> None:
        """Keep a case that ran past its time and was split (``facts``: what it was)."""
        self._facts[key] = self._append({"kind": "split", "key": key, **facts})
        self._split.add(key)

    def facts(self, key: str) -> Mapping[str, Any] | None:
        """The record kept for the step proven or the case split named ``key`` (its
        ``seconds`` and whatever its writer put beside the key), or ``None``."""
        return self._facts.get(key)

    def recorded(self) -> frozenset[str]:
        """The keys of every step proven and every case split in the log."""
        return frozenset(self._steps | self._split)

    def solution(self, key: str) -> dict[str, list[Cell]] | None:
        """The paths of the first solution kept for the puzzle named ``key``."""
        return self._solutions.get(key)

    def add_step(self, key: str, facts: Mapping[str, Any]) -> None:
        """Keep a step proven unique (``facts``: its pairs, cells, seconds)."""
        self._facts[key] = self._append({"kind": "step", "key": key, "answer": "unique",
                                         **facts})
        self._steps.add(key)

    def add_solution(self, key: str, paths: Mapping[str, Sequence[Cell]]) -> None:
        """Keep the first solution used for the puzzle named ``key``."""
        cells = {label: [list(cell) for cell in path] for label, path in paths.items()}
        self._append({"kind": "solution", "key": key, "paths": cells})
        self._solutions[key] = {label: list(path) for label, path in paths.items()}

    def _append(self, record: dict[str, Any]) -> dict[str, Any]:
        """One line, written at once (a concurrent writer's lines stay whole); the
        record as written."""
        record = {**record, "version": _version()}
        line = json.dumps(record, sort_keys=True) + "\n"
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line)
        return record


def _record(line: str, path: str, number: int) -> dict[str, Any]:
    """One line's record, or a :class:`ParseError` naming the file and the line."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise _bad(path, number, f"not a JSON line ({error.msg})") from None
    if not isinstance(record, dict) or not isinstance(record.get("key"), str):
        raise _bad(path, number, "a chain-log record needs a \"key\"")
    return record


def _bad(path: str, number: int, text: str) -> ParseError:
    """The error for line ``number`` of the log ``path`` (its ``line`` set)."""
    error = ParseError(f"{path}, line {number}: {text}")
    error.line = number
    return error
