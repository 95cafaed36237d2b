"""Instant navigation wherever the site is hosted: the build's site_url names one address,
but GitHub Pages serves it under a sub-path and a laptop on the Wi-Fi by its own address.
A page change must still keep the page, and so the one engine worker, alive."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.browser.devices import SAVED
from tests.browser.helpers import calculator, engine_workers, is_engine_worker, wait_for_python, wait_live, wait_settled
from widgets.serve import serve_in_thread

pytestmark = pytest.mark.fresh_device  # the site served elsewhere: a device new to that address

SUBPATH = "rules/"


@pytest.fixture
def elsewhere(site_dir, tmp_path):
    """The built site at http://localhost:PORT/rules/: another host name, port and path than
    the http://127.0.0.1:8000/ it was built for."""
    shutil.copytree(site_dir, tmp_path / SUBPATH)
    server, url = serve_in_thread(str(tmp_path))
    yield url.replace("127.0.0.1", "localhost") + SUBPATH
    server.shutdown()
    server.server_close()


@pytest.fixture
def site_url(elsewhere):
    """The page guard's idea of "local" follows this server."""
    return elsewhere


def test_instant_navigation_keeps_one_engine_wherever_the_site_is_served(page, elsewhere, site_dir):
    built_for = re.search(r"<loc>(.*?)</loc>", (site_dir / "sitemap.xml").read_text(encoding="utf-8")).group(1)
    assert not elsewhere.startswith(built_for)  # the sitemap names another address than this one
    page.goto(elsewhere + "gurps/encumbrance/")
    wait_live(page)
    # A device new to this address makes the engine's snapshot in a second worker of the same
    # script once the site is saved: let it come and go before counting engines.
    page.wait_for_function(SAVED, timeout=120_000)
    wait_for_python(page, lambda: len(engine_workers(page)) == 1, "the snapshot's maker to end", timeout=5)
    engines = []  # engine workers started from here on: none, if the page is kept
    page.on("worker", lambda worker: is_engine_worker(worker) and engines.append(worker))
    page.evaluate("window.__sameVisit = true")  # gone if the next page is a full reload
    page.locator('.md-nav a[href$="jumping/"]').first.click()
    page.wait_for_url("**/rules/gurps/jumping/")
    form = calculator(page, "gurps.jump")
    wait_live(page)
    wait_settled(form)
    assert form.get_attribute("data-state") == "ready"
    assert page.evaluate("window.__sameVisit") is True, "the page was reloaded: no instant navigation"
    assert not engines and len(engine_workers(page)) == 1
    assert page.title() == "Jumping · GURPS Lite · Rules at the Table"
    # Back to the first page: the same worker again, and its calculator live at once.
    page.go_back()
    page.wait_for_url("**/rules/gurps/encumbrance/")
    wait_live(page)
    assert page.evaluate("window.__sameVisit") is True and not engines
