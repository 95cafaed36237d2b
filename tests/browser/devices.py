"""Browser contexts kept between tests, as a reader's device is kept between visits.

A new browser context is a device that has never seen the site: its first page starts the
engine plain, saves the whole site offline and then makes the engine's memory snapshot. On the
project's 2-core machine that cost about 7 s of CPU per context (TESTING.md, "Kept devices"),
more than most tests spend on what they check. So the tests' contexts come from
here: a context the site was already saved on (its service worker, its caches and its snapshot
kept), with everything a reader keeps (localStorage, IndexedDB) emptied between tests; its
pages start the engine from the snapshot, as a returning reader's do.

A test that needs a device new to the site (the first visit, saving offline, making the
snapshot, a held or refused engine download) says ``@pytest.mark.fresh_device`` and gets a new
context. A context a test changed in ways that cannot be undone (routes, offline, permissions,
exposed functions, another origin visited) is closed instead of kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest

from tests.browser.stats import STATS

FRESH_DEVICE = pytest.StashKey[bool]()  # the running test's marker (tests/browser/conftest.py)
# Context methods whose effect outlasts the test: a context they were called on is not kept.
LASTING = ("route", "route_from_har", "route_web_socket", "expose_binding", "expose_function", "set_offline",
           "grant_permissions", "clear_permissions", "set_extra_http_headers", "set_geolocation", "add_cookies",
           "set_default_timeout", "set_default_navigation_timeout", "set_storage_state")
# What a reader keeps on the device, emptied between tests (Cache Storage and the service
# worker are the site's, and stay).
FORGET = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    await new Promise((resolve, reject) => {
      const asked = indexedDB.deleteDatabase(name);
      asked.onsuccess = resolve;
      asked.onerror = () => reject(asked.error);
      asked.onblocked = () => reject(new Error(`${name} is still open`));
    });
  }
  return localStorage.length + (await indexedDB.databases()).length;
}"""
SAVED = "() => document.documentElement.dataset.offlineSnapshot === 'saved'"
KEPT_PER_KIND = 3  # contexts kept free per set of context arguments (a GM and two phones)
# Every kept device may use the clipboard, so a test asking for it needs no device of its own.
KEPT_PERMISSIONS = ["clipboard-read", "clipboard-write"]


def device_kind(arguments: dict) -> dict:
    """The context arguments that make one kept device unlike another: the clipboard's
    permissions (every kept device has them) and accepting downloads (Playwright's default) do not."""
    return {name: value for name, value in arguments.items()
            if not (name == "permissions" and set(value) <= set(KEPT_PERMISSIONS))
            and not (name == "accept_downloads" and value)}


class KeptDevices:
    """Stands for the session's browser: ``new_context`` gives a kept device (see above)."""

    def __init__(self, browser, site_url: str, wants_fresh: Callable[[], bool]):
        self.browser = browser
        self.wants_fresh = wants_fresh
        self.site_url = site_url
        self.origin = urlsplit(site_url).netloc
        self.free: dict[str, list] = {}

    def __getattr__(self, name):
        return getattr(self.browser, name)

    def new_context(self, **arguments):
        if self.wants_fresh() or arguments.get("java_script_enabled") is False:  # no script: nothing to save
            return self.browser.new_context(**arguments)
        made_with = device_kind(arguments)
        kind = json.dumps(made_with, sort_keys=True, default=str)
        free = self.free.setdefault(kind, [])
        if free:
            context = free.pop()
            STATS["browser contexts taken from the kept devices"] += 1
        else:
            context = self._saved_device({**made_with, "permissions": KEPT_PERMISSIONS})
            STATS["kept devices made (the site saved, the snapshot made)"] += 1
        # pytest-playwright wraps close() on the context it is handed: undone each time.
        context.close = lambda *args, **kwargs: self._give_back(context, kind, *args, **kwargs)
        return context

    def _saved_device(self, arguments):
        context = self.browser.new_context(**arguments)
        kept = {"listeners": [], "disposables": [], "lasting": False}
        context._rules_kept = kept

        def on(event, handler):
            kept["listeners"].append((event, handler))
            type(context).on(context, event, handler)

        def init_script(*args, **kwargs):
            disposable = type(context).add_init_script(context, *args, **kwargs)
            kept["disposables"].append(disposable)
            return disposable

        def lasting(name):
            def call(*args, **kwargs):
                kept["lasting"] = True
                return getattr(type(context), name)(context, *args, **kwargs)
            return call

        context.on = on
        context.add_init_script = init_script
        for name in LASTING:
            setattr(context, name, lasting(name))
        # Another origin's storage is not emptied here: a context whose page went there is not
        # kept. (Storage needs a document of that origin; a request is not watched, see PageGuard.)
        type(context).on(context, "page", lambda page: page.on(
            "framenavigated", lambda frame: self._elsewhere(kept, frame.url)))
        page = context.new_page()
        page.goto(self.site_url)
        page.wait_for_function(SAVED, timeout=90_000)
        page.close()
        return context

    def _elsewhere(self, kept, url: str):
        parts = urlsplit(url)
        if parts.scheme in ("http", "https") and parts.netloc != self.origin:
            kept["lasting"] = True

    def _give_back(self, context, kind: str, *args, **kwargs):
        kept = context._rules_kept
        for event, handler in kept["listeners"]:
            try:
                type(context).remove_listener(context, event, handler)
            except KeyError:  # a once() handler already gone
                pass
        kept["listeners"].clear()
        free = self.free.setdefault(kind, [])
        if kept["lasting"] or len(free) >= KEPT_PER_KIND or context.is_closed():
            type(context).close(context, *args, **kwargs)
            return
        for page in list(context.pages):
            page.close()
        for disposable in kept["disposables"]:
            disposable.close()
        kept["disposables"].clear()
        page = context.new_page()
        try:
            page.goto(self.site_url + "sitemap.xml")
            left = page.evaluate(FORGET)
        except Exception:  # noqa: BLE001 (a device that cannot be emptied is not kept)
            left = -1
        page.close()
        if left != 0:
            type(context).close(context)
            return
        free.append(context)

    def close(self):
        for free in self.free.values():
            for context in free:
                type(context).close(context)
        self.free.clear()
