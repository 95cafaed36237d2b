"""Browser fixtures: Debian's Chromium when present, and a guard on every page.

Like shinylive's tests, every browser test fails if its page logs an error, throws, or
requests anything from a host other than the local test server; tests that break things
on purpose say so with ``@pytest.mark.allow_page_errors``.
"""

from __future__ import annotations

import os
import shutil
from urllib.parse import urlsplit

import pytest

# Flags that keep Chromium quiet on a machine with no network but loopback.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith("tests/browser"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Use the system Chromium (Debian's package) unless Playwright has its own browser."""
    executable = os.environ.get("RULES_CHROMIUM") or shutil.which("chromium")
    launch = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]}
    if executable:
        launch["executable_path"] = executable
    return launch


class PageGuard:
    """Collects page errors, console errors and requests to other hosts in a browser context."""

    def __init__(self, context, site_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        local = urlsplit(site_url).netloc
        context.on("weberror", lambda error: self.errors.append(f"page error: {error.error}"))
        context.on("console", lambda message: message.type == "error" and self.errors.append(
            f"console error: {message.text} ({message.location.get('url', '')})"))

        def on_request(request):
            self.requests.append(request.url)
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != local:
                self.foreign.append(request.url)

        context.on("request", on_request)


@pytest.fixture
def guard(context, site_url, request):
    watcher = PageGuard(context, site_url)
    yield watcher
    assert not watcher.foreign, f"requests to other hosts: {watcher.foreign}"
    if not request.node.get_closest_marker("allow_page_errors"):
        assert not watcher.errors, "\n".join(watcher.errors)


@pytest.fixture(autouse=True)
def _guard_every_page(guard):
    return guard
