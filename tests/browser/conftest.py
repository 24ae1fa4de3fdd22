"""What the browser tests share: Debian's Chromium, driven by Playwright."""

from __future__ import annotations

import pytest

#: Debian's Chromium (``apt-get install chromium``, as .ci/system-packages.sh does).
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for the module's tests (skipped without Playwright)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()
