"""Where the public puzzle corpus is: one answer for tests, benchmarks and bench suites.

The corpus holds real published puzzles (Flow Free levels, Janko's Arukone boards,
Ahle's files, puzz.link URLs) whose licences do not fit this MIT package, so it is never
copied into the repository. It is looked for in the folder named by the
``NUMBERLINK_SAT_CORPUS`` environment variable, else in ``shared/corpus`` beside the
repository folder (see ``docs/benchmarks.md``, "The public corpus"). Whatever needs it
skips when it is absent.

>>> import os
>>> os.environ["NUMBERLINK_SAT_CORPUS"] = "/somewhere/corpus"
>>> corpus_path().as_posix()
'/somewhere/corpus'
>>> del os.environ["NUMBERLINK_SAT_CORPUS"]
>>> corpus_path().parts[-2:]
('shared', 'corpus')
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CORPUS_VARIABLE", "corpus_path", "corpus_root"]

CORPUS_VARIABLE = "NUMBERLINK_SAT_CORPUS"
"""The environment variable that points at a corpus folder."""


def corpus_path() -> Path:
    """Where the corpus is expected (it may be absent)."""
    named = os.environ.get(CORPUS_VARIABLE)
    if named:
        return Path(named)
    return Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def corpus_root() -> Path | None:
    """The corpus folder when it exists, else ``None``."""
    root = corpus_path()
    return root if root.is_dir() else None
