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

from hypothesis import settings

# POST /api/pair computes in this process during the tests (hundreds of requests;
# a child process each would add ~0.1 s apiece); tests/test_web_hostile.py tests
# the default, a child process stopped at the time budget.
os.environ.setdefault("SWISSCHESS_PAIR_ISOLATION", "thread")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")
