"""Debian's Chromium driven by Playwright, for the tests that read pages in a real browser (the
download site's, the studio's). Set up by .ci/run (apt chromium, npm axe-core); without them
the tests are skipped, except under CI, where they must run."""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if not Path(CHROMIUM).is_file():
        return "Debian's chromium is not installed (apt-get install chromium)"
    if not AXE.is_file():
        return "axe-core is not installed (npm ci --prefix tests/browser)"
    return None


@pytest.fixture(scope="module")
def browser():
    missing = missing_browser()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()
