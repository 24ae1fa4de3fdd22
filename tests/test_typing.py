"""The type checker, so that the README's test command (which CI runs) covers it.

mypy reads its configuration from ``pyproject.toml``: every module of
``src/swisschess`` is checked, the model, the formats and the pairing result
types and registry strictly.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean():
    r = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
