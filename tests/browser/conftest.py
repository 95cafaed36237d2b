"""Browser fixtures: Debian's Chromium when present, a guard on every page, and live pages
that boot the engine once and are shared by many tests.

Like shinylive's tests, every browser test fails if its page logs an error, throws, or
requests anything from a host other than the local test server; tests that break things
on purpose say so with ``@pytest.mark.allow_page_errors``. The guard watches every browser
context a test uses: its own (the ``page``/``context`` fixtures) and the shared live pages,
where a test answers for everything the page reported since the previous test on it was judged.

Booting Pyodide takes seconds, so most tests do not load a page: they take a shared live
page (``live``) that has booted the engine once and moves between pages by the theme's
instant navigation, as a reader clicking a link does. Fresh page loads are kept for what
needs them: first load, pending state, offline, engine failure, hosting, every page's full
load.
"""

from __future__ import annotations

import os
import shutil
from urllib.parse import urlsplit

import pytest

from tests.browser.devices import FRESH_DEVICE, KeptDevices
from tests.browser.helpers import follow_link, mark_visit, wait_live

# Flags that keep Chromium quiet on a machine with no network but loopback. No host name but
# the test server's resolves, so a request to any other host fails, and the guard hears of it
# as a failed request: it need not be told of every request a page makes (a message to this
# process for each of about 150 requests a page load), which cost the suite seconds of CPU.
# (.local: WebRTC's host candidates between two contexts, kept working.)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost, EXCLUDE *.local",
]


def chromium_executable() -> str | None:
    """The Chromium the tests drive: ``RULES_CHROMIUM`` if set, else Debian's old headless shell
    (chromium-headless-shell, the build Playwright itself uses for headless runs: the same Blink
    and V8 without the desktop browser around them, about a quarter less CPU for the same tests,
    TESTING.md), else the desktop ``chromium``; None: Playwright's own browser, if installed.
    The benchmarks time the desktop browser, the one a reader has (bench/benchmark.py)."""
    return (os.environ.get("RULES_CHROMIUM") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium"))


# Viewports of the shared live pages besides the desktop one (name -> new_context arguments).
SCREENS = {
    "desktop": {},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "device_scale_factor": 1},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 1},
}
# A tablet in landscape, the GM screens' target (tests/browser/test_screen.py).
SCREENS["gm"] = {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "device_scale_factor": 1}
SCREENS["nojs"] = {"java_script_enabled": False}  # the build's static pages, as without scripts
SCREENS["nojs-phone"] = {**SCREENS["phone"], "java_script_enabled": False}


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith("tests/browser"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive the tests' Chromium (``chromium_executable``) with CHROMIUM_ARGS."""
    executable = chromium_executable()
    launch = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]}
    if executable:
        launch["executable_path"] = executable
    return launch


@pytest.fixture(scope="session")
def browser(browser, served_site, pytestconfig):
    """The browser as the tests use it: its new contexts are kept devices (devices.py)."""
    devices = KeptDevices(browser, served_site, lambda: pytestconfig.stash.get(FRESH_DEVICE, False))
    yield devices
    devices.close()


def pytest_runtest_setup(item):
    # Before any fixture of the test is made: a module's shared context is made in its first test's set-up.
    item.config.stash[FRESH_DEVICE] = bool(item.get_closest_marker("fresh_device"))


class PageGuard:
    """Collects page errors, console errors and requests to other hosts in browser contexts.

    It only appends; ``mark()`` and ``problems(since)`` judge one stretch of time, so a guard
    on a shared context can fail exactly the test during which something went wrong. Requests
    to other hosts are seen as they fail (CHROMIUM_ARGS); ``watch(context, every_request=True)``
    also lists every request, for a test that checks where files came from.
    """

    def __init__(self, site_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        self.local = urlsplit(site_url).netloc

    def watch(self, context, every_request: bool = False):
        context.on("weberror", lambda error: self.errors.append(f"page error: {error.error}"))
        context.on("console", self._on_console)
        if every_request:  # a foreign request is judged as it is made (once: not again as it fails)
            context.on("request", self._on_request)
        else:
            context.on("requestfailed", lambda request: self._check_host(request.url))
        return context

    def _on_console(self, message):
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location.get('url', '')})")

    def _on_request(self, request):
        self.requests.append(request.url)
        self._check_host(request.url)

    def _check_host(self, url: str):
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != self.local:
            self.foreign.append(url)

    def mark(self) -> tuple[int, int, int]:
        return len(self.errors), len(self.foreign), len(self.requests)

    def problems(self, since=(0, 0, 0), allow_errors=False) -> list[str]:
        found = []
        if self.foreign[since[1]:]:
            found.append(f"requests to other hosts: {self.foreign[since[1]:]}")
        if not allow_errors:
            found.extend(self.errors[since[0]:])
        return found


def _judge(guard: PageGuard, request, since=(0, 0, 0), pages=()):
    allow = bool(request.node.get_closest_marker("allow_page_errors"))
    problems = guard.problems(since, allow) + placeholders(pages)
    assert not problems, "\n".join(problems)


# A page never shows a placeholder for a value it lacks: whatever state a test left it in.
PLACEHOLDERS = r"""() => (document.body?.innerText.match(/\b(undefined|NaN|null)\b/g) ?? [])"""


def placeholders(pages) -> list[str]:
    found = []
    for page in pages:
        if page.is_closed():
            continue
        try:
            shown = page.evaluate(PLACEHOLDERS)
        except Exception:  # a page between documents has no text to judge
            continue
        if shown:
            found.append(f"{page.url} shows {sorted(set(shown))}")
    return found


@pytest.fixture
def guard(context, site_url, request):
    """The guard of the test's own context (pytest-playwright's ``context`` and ``page``)."""
    watcher = PageGuard(site_url)
    watcher.watch(context)
    yield watcher
    _judge(watcher, request, pages=context.pages)


@pytest.fixture(autouse=True)
def _guard_every_page(request):
    """Tests with their own page are guarded from its first request; tests on shared live pages
    are judged by the ``live`` fixture."""
    if {"page", "context"} & set(request.fixturenames):
        request.getfixturevalue("guard")


# --- Shared live pages ----------------------------------------------------------------------

class LivePage:
    """One browser context and page for many tests: loaded once (the engine boots once), then
    moved from page to page by instant navigation."""

    def __init__(self, browser, site_url: str, **context_args):
        self.site_url = site_url
        self.guard = PageGuard(site_url)
        self.context = self.guard.watch(browser.new_context(**context_args))
        self.page = self.context.new_page()
        self.loaded = False
        self.judged = self.guard.mark()  # what the guard has already judged, test by test

    def open(self, path: str, keep_inputs: bool = False):
        """The page at ``path`` (relative to the site, may carry ?query and #hash), every
        calculator on it live; its forms start from their defaults unless keep_inputs."""
        if not self.loaded:
            self.page.goto(self.site_url + path)
            mark_visit(self.page)
            self.loaded = True
        else:
            follow_link(self.page, self.site_url + path, keep_inputs=keep_inputs)
        wait_live(self.page)
        return self.page

    def load(self, path: str):
        """A full load of ``path``: for the pages without scripts, where it starts no engine."""
        self.page.goto(self.site_url + path)
        return self.page

    def close(self):
        self.context.close()


class LivePages:
    """The session's live pages, one per screen, made when first asked for. (One per game system
    each was a kept device more to make, about 7 s of CPU each, for no check of its own.)"""

    def __init__(self, browser, site_url):
        self.browser, self.site_url = browser, site_url
        self.pages: dict[str, LivePage] = {}

    def get(self, screen: str) -> LivePage:
        if screen not in self.pages:
            arguments = {**SCREENS[screen], "permissions": ["clipboard-read", "clipboard-write"]}
            self.pages[screen] = LivePage(self.browser, self.site_url, **arguments)
        return self.pages[screen]

    def discard(self, live: LivePage):
        for key, held in list(self.pages.items()):
            if held is live:
                del self.pages[key]
        live.close()

    def close(self):
        for live in self.pages.values():
            live.close()
        self.pages.clear()


@pytest.fixture(scope="session")
def live_pages(browser, site_url):
    pages = LivePages(browser, site_url)
    yield pages
    pages.close()


class Live:
    """What a test holds: ``live.open(path)`` gives the shared page (or ``live.open(path,
    screen="phone")``), live at that path."""

    def __init__(self, pages: LivePages):
        self.pages = pages
        self.used: dict[int, LivePage] = {}

    def holder(self, screen: str = "desktop") -> LivePage:
        live = self.pages.get(screen)
        # Judged from where the previous test's judgement ended: nothing falls between tests.
        self.used.setdefault(id(live), live)
        return live

    def open(self, path: str, screen: str = "desktop", keep_inputs: bool = False):
        return self.holder(screen).open(path, keep_inputs=keep_inputs)

    def load(self, path: str, screen: str):
        return self.holder(screen).load(path)


@pytest.fixture
def live(live_pages, request):
    held = Live(live_pages)
    yield held
    failed = getattr(request.node, "rep_call", None) is None or request.node.rep_call.failed
    allow = bool(request.node.get_closest_marker("allow_page_errors"))
    problems = []
    for shared in held.used.values():
        if not shared.page.is_closed():
            shared.page.evaluate("0")  # events the page sent before now have been delivered
        found = shared.guard.problems(shared.judged, allow) + placeholders([shared.page])
        shared.judged = shared.guard.mark()
        if failed or found:  # the next test gets a clean page, not this one's leftovers
            live_pages.discard(shared)
        problems += found
    assert not problems, "\n".join(problems)
