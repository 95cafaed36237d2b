"""Offline at the table: first visit online, then every page, calculator and the search with
the network cut; a new build taking over cleanly; the site under a sub-path."""

from __future__ import annotations

import json
import re
import shutil
import struct

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    expected_outputs,
    follow_link,
    mark_visit,
    set_input,
    shown_outputs,
    theme_search,
    theme_settled,
    wait_for_python,
    wait_live,
    wait_settled,
)
from tests.browser.stats import STATS
from widgets import offline, packed
from widgets.serve import serve_in_thread
from widgets.snapshot import SNAPSHOT_URL, WORKER

pytestmark = pytest.mark.fresh_device  # first visits, saving offline and updates: devices new to the site

SNAPSHOT_CACHE = "rules-engine-snapshot"  # engine-snapshot.js: the device's own snapshot, beside the site's cache
FILES_CACHE = "rules-engine-files"  # engine-files.js: the engine's big files decompressed on the device
ENGINE_CACHES = (SNAPSHOT_CACHE, FILES_CACHE)

SUBPATH = "rules/"  # served below a sub-path, as on a project's GitHub Pages


@pytest.fixture
def hosted(site_dir, tmp_path):
    """A private copy of the built site at http://127.0.0.1:PORT/rules/ (tests may change it)."""
    shutil.copytree(site_dir, tmp_path / SUBPATH)
    server, url = serve_in_thread(str(tmp_path))
    yield {"url": url + SUBPATH, "dir": tmp_path / SUBPATH, "server": server}
    server.shutdown()
    server.server_close()


@pytest.fixture
def site_url(hosted):
    """The page guard's idea of "local" follows the private server."""
    return hosted["url"]


def pages_of(site_dir):
    return sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                  for p in site_dir.rglob("index.html"))


def wait_offline_ready(page):
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)


# Each page records the Content-Security-Policy violations it meets.
WATCH_POLICY = """window.__violations = [];
    document.addEventListener('securitypolicyviolation',
        e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""


def check_whole_page(page, path: str, live: bool):
    """A page loaded anew: its Content-Security-Policy strict and never violated, its calculators
    live (when ``live``) and every field labelled, results announced politely (one live
    region a form, told one sentence per settled result, never the results themselves). The page
    guard fails the test on any request to another host."""
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'self'" in policy and "unsafe-eval'" not in policy.replace("wasm-unsafe-eval'", ""), path
    forms = page.locator("form[data-calculator]")
    if forms.count():
        if live:
            wait_live(page)
            assert page.locator("form[data-calculator][data-state=ready]").count() == forms.count(), path
        unlabelled = page.evaluate("""() => [...document.querySelectorAll('form[data-calculator] [name]')]
            .filter(f => !(f.labels && f.labels.length && f.labels[0].textContent.trim()))
            .map(f => f.name)""")
        assert unlabelled == [], (path, unlabelled)
        assert page.locator("form[data-calculator] [data-announce][aria-live='polite']").count() == forms.count()
        assert page.locator("form[data-calculator] .rc-results[aria-live]").count() == 0
    assert page.evaluate("window.__violations") == [], path
    STATS["pages loaded with no request to another host"] += 1
    STATS["pages checked against the CSP"] += 1


def test_everything_works_offline_after_one_visit(page, context, hosted):
    url, site = hosted["url"], hosted["dir"]
    for calc in rulescore.catalogue():  # every calculator is on a page of the site
        html = (site / calc["page"] / "index.html").read_text(encoding="utf-8")
        assert f'data-calculator="{calc["id"]}"' in html, calc["id"]
    context.add_init_script(WATCH_POLICY)
    page.goto(url + "gurps/jumping/")
    mark_visit(page)
    wait_offline_ready(page)
    assert "offline" in page.locator("[data-offline-status]").text_content()
    cache_names = [name for name in page.evaluate("caches.keys()") if name not in ENGINE_CACHES]
    assert len(cache_names) == 1 and cache_names[0].startswith("rules-at-the-table-")
    # The device makes its engine snapshot seconds later, as a returning reader's has: the pages
    # below start from it (a plain start offline is test_a_first_visit_downloads_...'s).
    page.wait_for_function("() => document.documentElement.dataset.offlineSnapshot === 'saved'", timeout=120_000)

    context.set_offline(True)
    pages = pages_of(site)
    fresh = context.new_page()
    started: set[str] = set()
    for path in pages:
        fresh.goto(url + path)  # a whole new document, as when the tablet opens the site again
        assert fresh.locator("h1").first.is_visible(), path
        if path.startswith("table"):  # a player's phone joins a table with no network but the table's
            fresh.locator("textarea[data-table-offer]").wait_for()
        # The engine, one worker for every page, starts from the snapshot on the first calculator
        # page of each part of the site (gurps/, bfrpg/, ...); every calculator computes below.
        section = path.split("/")[0]
        live = bool(fresh.locator("form[data-calculator]").count()) and section not in started
        check_whole_page(fresh, path, live)
        if live:
            started.add(section)
            assert fresh.evaluate("document.documentElement.dataset.engineBoot") == "snapshot", path
    assert len(started) >= 4, started
    fresh.close()
    # Every calculator computes offline: the first page goes from page to page by link (its
    # engine, started online, stays), each page coming from the device's copy.
    for calc in rulescore.catalogue():
        follow_link(page, url + calc["page"])
        wait_live(page)
        form = calculator(page, calc["id"])
        spec = calc["inputs"][0]
        value = spec["max"] if spec["kind"] in ("int", "number") else spec["default"]
        set_input(form, spec, str(value).lower())
        wait_settled(form)
        assert shown_outputs(form) == expected_outputs(respond(calc["id"], {spec["name"]: str(value).lower()}))
    follow_link(page, url)
    theme_settled(page)
    assert theme_search(page, "jump").count() >= 1
    assert page.evaluate("window.__violations") == []  # the search too keeps to the policy
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"offline: {len(pages)} pages and {len(rulescore.catalogue())} calculators worked with the network cut; "
          f"built site {size / 1e6:.1f} MB")


# The plain copies' hashes the engine keeps them under (engine-files.js: a cache of its own, a header).
KEPT_HASHES = """async ([cache, urls]) => {
  const kept = await caches.open(cache);
  return Promise.all(urls.map(async (url) => (await kept.match(url))?.headers.get("x-rules-plain-hash") ?? null));
}"""
DROP = """async (urls) => {
  for (const name of await caches.keys()) for (const url of urls) await (await caches.open(name)).delete(url);
}"""


def test_a_first_visit_downloads_the_engine_compressed_once_and_later_starts_read_it_plain(page, context, hosted):
    url, site, server = hosted["url"], hosted["dir"], hosted["server"]
    calc = rulescore.catalogue()[0]
    page.goto(url + calc["page"])
    wait_live(page)
    assert calculator(page, calc["id"]).get_attribute("data-state") == "ready"
    wait_offline_ready(page)
    # Each packed file's .zst is sent once (the service worker's copy came from the HTTP cache)
    # and no plain copy is asked for: the built site has none.
    sent = [path.removeprefix("/" + SUBPATH) for path, code in server.transfers if code == 200]
    for relative in packed.PACKED:
        assert sent.count(relative + packed.SUFFIX) == 1, relative
        assert relative not in [path.removeprefix("/" + SUBPATH) for path in server.requested]
    # The decompressed bytes are kept in the engine's own cache under the plain URLs, with the
    # hashes the build told the worker.
    told = re.search(r"^const PACKED = (.*);$", (site / WORKER).read_text(encoding="utf-8"), re.M).group(1)
    hashes = [json.loads(told)[relative]["hash"] for relative in packed.PACKED]
    plain_urls = [url + relative for relative in packed.PACKED]
    wait_for_python(page, lambda: page.evaluate(KEPT_HASHES, [FILES_CACHE, plain_urls]) == hashes,
                    "the plain copies kept", timeout=30)

    # Offline, the .zst gone from every cache and a plain boot asked for: the engine can only
    # have started from the kept plain files, without decompressing anything.
    page.evaluate(DROP, [plain + packed.SUFFIX for plain in plain_urls])
    context.set_offline(True)
    page.add_init_script("window.rulesEngineBoot = 'plain'")
    page.reload()
    wait_live(page)
    assert page.evaluate("document.documentElement.dataset.engineBoot") == "plain"
    form = calculator(page, calc["id"])
    spec = calc["inputs"][0]
    value = str(spec["max"] if spec["kind"] in ("int", "number") else spec["default"]).lower()
    set_input(form, spec, value)
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond(calc["id"], {spec["name"]: value}))


def test_a_new_build_takes_over_cleanly(page, hosted):
    url, site, server = hosted["url"], hosted["dir"], hosted["server"]
    page.goto(url)
    wait_offline_ready(page)
    # The engine's memory snapshot, made on the device once the site is saved, on a page without
    # calculators too (tests/browser/test_snapshot.py).
    page.wait_for_function("() => document.documentElement.dataset.offlineSnapshot === 'saved'", timeout=120_000)
    (old_version,) = [name for name in page.evaluate("caches.keys()") if name not in ENGINE_CACHES]

    # A changed build: one page differs, so the precache list and its version change.
    index = site / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</h1>", " (second edition)</h1>", 1),
                     encoding="utf-8")
    saved = offline.write_service_worker(site)
    server.requested.clear()
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.offline === 'update'", timeout=60_000)
    # The new version's progress can reach the page after it was installed: the offer stays.
    page.evaluate("""() => navigator.serviceWorker.dispatchEvent(
        new MessageEvent("message", { data: { type: "precache-progress", done: 4, total: 90 } }))""")
    assert page.evaluate("document.documentElement.dataset.offline") == "update"
    assert "second edition" not in page.locator("h1").first.text_content()  # never a mix
    with page.expect_navigation():
        page.locator(".rc-offline-action").click()
    page.wait_for_selector("h1:has-text('second edition')")
    wait_offline_ready(page)
    assert sorted(page.evaluate("caches.keys()")) == sorted([*ENGINE_CACHES, f"rules-at-the-table-{saved['version']}"])
    assert saved["version"] not in old_version
    # Unchanged files came from the old cache, not the network; the snapshot, made for the same
    # engine, is kept through the update (its own cache) and nothing asks the server for one.
    assert not [p for p in server.requested if p.endswith((".zst", ".wasm", "python_stdlib.zip", ".snapshot"))]
    assert page.evaluate("async (url) => Boolean(await caches.match(url))", url + SNAPSHOT_URL)
    assert "/rules/index.html" in server.requested or "/rules/" in server.requested


def test_a_broken_engine_says_so_and_offers_a_retry(page, hosted):
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    calc = rulescore.catalogue()[0]
    page.goto(hosted["url"] + calc["page"])
    form = calculator(page, calc["id"])
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'error'",
                           timeout=60_000)
    assert "could not start" in form.locator("[data-status]").text_content()
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    page.unroute("**/pyodide.asm.wasm*")
    form.locator("[data-retry]").click()
    wait_live(page)
    assert form.get_attribute("data-state") == "ready"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_site_installs_on_a_home_screen(page, hosted):
    page.goto(hosted["url"])
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate("async (href) => (await fetch(href)).json()", href)
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["theme_color"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        data = (hosted["dir"] / icon["src"]).read_bytes()
        width, height = _png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    touch = page.locator('link[rel="apple-touch-icon"]').get_attribute("href")
    data = page.evaluate("async (h) => Array.from(new Uint8Array(await (await fetch(h)).arrayBuffer()))", touch)
    assert _png_size(bytes(data)) == (180, 180)
