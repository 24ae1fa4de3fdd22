"""Test-wide settings.

Hypothesis profiles: property tests draw new random examples on every local
run (``dev``, hypothesis's defaults), but in CI (environment variable ``CI``
set, as ``.ci/run`` does) they are derandomised (``ci``): the examples come
from a fixed seed derived from each test, so no random draw can block a
landing, and no example database is written.  Choose one explicitly with
``pytest --hypothesis-profile=dev|ci``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# POST /api/pair computes in this process during the tests (hundreds of requests;
# a child process each would add ~0.1 s apiece); tests/test_web_hostile.py tests
# the default, a child process stopped at the time budget.
os.environ.setdefault("SWISSCHESS_PAIR_ISOLATION", "thread")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    """The path of a new event database for the command-line tests (with
    ``storehelp.run``): the test runs in ``tmp_path`` and ``SWISSCHESS_DB`` is
    unset, so no database outside the test is read or written."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWISSCHESS_DB", raising=False)
    return str(tmp_path / "event.db")
