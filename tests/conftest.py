"""Shared pytest fixtures.

``corpus_dir`` is the public puzzle corpus (:func:`numberlink_sat.corpus.corpus_path`:
the folder the ``NUMBERLINK_SAT_CORPUS`` environment variable names, else
``shared/corpus`` beside the repository folder). Its files carry licences that do not fit
this MIT package, so they are never copied here; tests that need them skip when it is absent.

Hypothesis draws new random cases on every run at a developer's desk (that is how it
finds bugs); with the ``CI`` environment variable set (CI runners set ``CI=true``) the
``ci`` profile derandomizes it, so a CI run is reproducible and a red CI points at the
change, not at a lucky draw. A failure found at a desk is pinned with ``@example`` (as
in ``tests/numberlink/test_generate_controls.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from numberlink_sat.corpus import corpus_path

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

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
