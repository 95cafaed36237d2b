"""The tests' kept devices (tests/browser/devices.py): a context handed back is emptied of what
a reader keeps and keeps what the site saved, and one a test changed for good is not kept."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, PageGuard
from tests.browser.helpers import wait_for_python, wait_live

KEEP_SOMETHING = """async () => {
  localStorage.setItem("left-behind", "1");
  await new Promise((resolve) => {
    const opened = indexedDB.open("left-behind", 1);
    opened.onupgradeneeded = () => opened.result.createObjectStore("things");
    opened.onsuccess = () => { opened.result.close(); resolve(); };
  });
}"""
WHAT_IS_KEPT = """async () => ({
  local: Object.keys(localStorage),
  databases: (await indexedDB.databases()).map((database) => database.name),
  caches: (await caches.keys()).sort(),
  controlled: Boolean(navigator.serviceWorker.controller),
})"""


def test_a_kept_device_comes_back_emptied_with_the_site_still_saved(browser, site_url):
    first = browser.new_context(**SCREENS["phone"])
    page = first.new_page()
    page.goto(site_url + "characters/")
    page.evaluate(KEEP_SOMETHING)
    first.close()
    again = browser.new_context(**SCREENS["phone"])
    try:
        assert again is first  # the same device, kept
        assert not again.pages
        page = again.new_page()
        page.goto(site_url + "gurps/encumbrance/")
        wait_live(page)
        kept = page.evaluate(WHAT_IS_KEPT)
        assert "left-behind" not in kept["local"]
        assert "left-behind" not in kept["databases"]
        assert {"rules-engine-files", "rules-engine-snapshot"} <= set(kept["caches"])
        assert kept["controlled"]
        assert page.evaluate("document.documentElement.dataset.engineBoot") == "snapshot"
    finally:
        again.close()


def test_a_device_changed_for_good_is_not_kept(browser, site_url):
    changed = browser.new_context(**SCREENS["tablet"])
    changed.new_page().goto(site_url)
    changed.set_offline(True)
    changed.close()
    assert changed.is_closed()
    other = browser.new_context(**SCREENS["tablet"])
    try:
        assert other is not changed
    finally:
        other.close()


@pytest.mark.fresh_device
def test_a_test_that_asks_for_a_fresh_device_gets_one(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        page.goto(site_url + "gurps/encumbrance/")
        wait_live(page)
        assert page.evaluate("document.documentElement.dataset.engineBoot") == "plain"
    finally:
        context.close()


def test_a_device_whose_page_went_to_another_origin_is_not_kept(browser, site_url):
    wandered = browser.new_context(**SCREENS["tablet"])
    page = wandered.new_page()
    page.goto(site_url)
    page.goto(site_url.replace("127.0.0.1", "localhost"))  # the same server, another origin
    wandered.close()
    assert wandered.is_closed()  # its storage there would not have been emptied


def test_the_guard_hears_of_a_request_to_another_host(browser, site_url):
    """Other hosts do not resolve in the tests' Chromium (CHROMIUM_ARGS): the request fails, and
    the guard, which is not told of every request, hears of that one."""
    guard = PageGuard(site_url)
    context = guard.watch(browser.new_context())
    try:
        page = context.new_page()
        page.goto(site_url + "sitemap.xml")  # a document without the site's policy, which would refuse it first
        assert page.evaluate("fetch('http://elsewhere.example/engine.js').then(() => 'answered', () => 'refused')") \
            == "refused"
        # The failure's event may come after the page's answer.
        wait_for_python(page, lambda: guard.foreign, "the guard to hear of the failed request", timeout=5)
        assert guard.foreign == ["http://elsewhere.example/engine.js"]
        assert any("requests to other hosts" in problem for problem in guard.problems())
    finally:
        context.close()


def test_a_device_asked_for_with_the_clipboard_is_the_kept_one_of_its_screen(browser, site_url):
    plain = browser.new_context(**SCREENS["phone"])
    plain.close()
    asked = browser.new_context(**SCREENS["phone"], permissions=["clipboard-read"])
    try:
        assert asked is plain
        page = asked.new_page()
        page.goto(site_url)
        page.evaluate("navigator.clipboard.writeText('kept')")
        assert page.evaluate("navigator.clipboard.readText()") == "kept"
    finally:
        asked.close()
