"""Browser fixtures: Debian's chromium driven by Playwright (its own browser download is unavailable).

The browser is per test: Playwright's sync API runs an event loop in this thread, so a test
prepares its rows in fixtures listed *before* ``page`` and touches the ORM no more once the
browser runs; the database flush after the test happens when the loop is gone.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    assert os.path.exists(executable), "chromium is required for browser tests (make test installs it as root)"
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


#: How long a browser step or ``expect`` waits for the page to get there. A limit, not a measure: on a loaded
#: machine a websocket reply can take longer than Playwright's default five seconds of ``expect``.
PAGE_TIMEOUT_MS = 30_000


@pytest.fixture
def page(browser) -> Iterator[object]:
    from playwright.sync_api import expect

    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    yield page
    context.close()
    assert violations == [], violations  # the portal works under its own CSP

