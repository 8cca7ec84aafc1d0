"""Shared pytest fixtures.

``corpus_dir`` is the public puzzle corpus (:func:`numberlink_sat.corpus.corpus_path`:
the folder the ``NUMBERLINK_SAT_CORPUS`` environment variable names, else
``shared/corpus`` beside the repository folder). Its files carry licences that do not fit
this MIT package, so they are never copied here; tests that need them skip when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from numberlink_sat.corpus import corpus_path

CORPUS_DIR = corpus_path()
"""Where the corpus is expected (it may be absent)."""

DATA_DIR = Path(__file__).resolve().parent / "data"
"""Puzzles written for these tests (and the 7x7 example of the docs)."""


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The corpus folder; skips the test with a message when it is not there."""
    if not (CORPUS_DIR / "numberlink").is_dir():
        pytest.skip(
            f"public puzzle corpus not found at {CORPUS_DIR} (it lives in shared/corpus "
            "beside the repository, or where NUMBERLINK_SAT_CORPUS points, and is not "
            "shipped with it: licences)"
        )
    return CORPUS_DIR


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """``tests/data``: puzzles written for the tests and the 7x7 example of the docs."""
    return DATA_DIR
