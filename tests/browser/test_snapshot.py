"""The engine's memory snapshot, made on the device: after one visit the engine starts from it,
answers exactly as a plain boot and CPython do for the whole catalogue, rolls dice of its own on
each load, works offline, and a corrupted or stale snapshot costs a plain boot, never a
calculator, and is made again.

One browser context makes the first visit, which makes the snapshot; the tests share it (and
the device makes it again when they spoil it)."""

from __future__ import annotations

import json

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.conftest import PageGuard
from tests.browser.helpers import calculator, expected_outputs, shown_outputs, wait_live
from tests.samples import sample_cases
from widgets import snapshot

pytestmark = pytest.mark.fresh_device  # the device makes its snapshot on its first visit

PAGE = "gurps/encumbrance/"
SNAPSHOT = "assets/engine/engine.snapshot"
WORKER = "assets/widgets/engine/engine-worker.js"

# Starts an engine worker of the site ("plain" asks it to ignore the snapshot), sends it every
# request at once and returns how it booted and its answers, in order.
ASK_A_WORKER = """async ([url, name, requests]) => {
    const worker = new Worker(url, { type: "module", name });
    const boot = await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => data.type === "ready" ? resolve(data) : reject(new Error(data.message));
    });
    const answers = new Array(requests.length);
    let left = requests.length;
    await new Promise(resolve => {
        worker.onmessage = ({ data }) => { answers[data.seq] = data.response; if (--left === 0) resolve(); };
        requests.forEach((request, seq) => worker.postMessage({ ...request, seq }));
    });
    worker.terminate();
    return { boot, answers };
}"""

# Replaces the cached snapshot with a spoiled copy: "stale" names another key in its header,
# as a snapshot of another wheel would; "corrupt" keeps the key and zeroes 8 MB of memory.
SPOIL = """async ([url, how]) => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const found = await cache.match(url);
        if (!found) continue;
        const bytes = new Uint8Array(await found.arrayBuffer());
        const header = new TextDecoder().decode(bytes.subarray(0, 128));
        if (how === "stale") {
            const key = header.split("\\n")[1];
            const other = key.replace(/^./, c => c === "0" ? "1" : "0");
            bytes.set(new TextEncoder().encode(other), header.indexOf(key));
        } else {
            bytes.fill(0, 128 + 4 * 2 ** 20, 128 + 12 * 2 ** 20);
        }
        await cache.put(url, new Response(bytes));
        return true;
    }
    return false;
}"""

class Visited:
    """A browser context that has visited the site once: offline copy and snapshot cached."""

    def __init__(self, browser, site_url: str):
        self.site_url = site_url
        self.guard = PageGuard(site_url)
        self.context = self.guard.watch(browser.new_context(), every_request=True)
        self.page = self.context.new_page()
        self.page.goto(site_url + PAGE)
        assert self.boot() == "plain"  # the first visit: nothing cached yet
        self.wait_snapshot_cached()

    def boot(self) -> str:
        self.page.wait_for_function("() => document.documentElement.dataset.engineBoot", timeout=60_000)
        wait_live(self.page)
        return self.page.evaluate("document.documentElement.dataset.engineBoot")

    def reload(self) -> str:
        self.page.reload()
        return self.boot()

    def wait_snapshot_cached(self):
        """offline.js has the device make the snapshot once the site is saved, on every load
        that did not start from it; it says when the snapshot is kept (at once when it was)."""
        self.page.wait_for_function("() => document.documentElement.dataset.offlineSnapshot === 'saved'",
                                    timeout=120_000)

    def ask(self, name: str, requests: list[dict]) -> dict:
        return self.page.evaluate(ASK_A_WORKER, [self.site_url + WORKER, name, requests])


@pytest.fixture(scope="module")
def visited(browser, site_url):
    held = Visited(browser, site_url)
    yield held
    held.context.close()


@pytest.fixture
def judged(visited, request):
    """The shared context, judged on what it reported during this test."""
    since = visited.guard.mark()
    yield visited
    allow = bool(request.node.get_closest_marker("allow_page_errors"))
    visited.page.evaluate("0")
    problems = visited.guard.problems(since, allow)
    assert not problems, "\n".join(problems)


KEPT = """async ([url, header]) => {
    const kept = await (await caches.open("rules-engine-snapshot")).match(url);
    return kept && [kept.headers.get(header), (await kept.arrayBuffer()).byteLength];
}"""


def test_the_snapshot_is_made_on_the_device_for_this_builds_key_and_never_downloaded(judged, site_dir):
    key = snapshot.snapshot_key(site_dir)
    kept_key, size = judged.page.evaluate(KEPT, [judged.site_url + SNAPSHOT, "x-rules-snapshot-key"])
    assert kept_key == key and size > 10_000_000  # Pyodide's heap: about 21 MB
    assert json.dumps({"url": SNAPSHOT, "key": key}) in (site_dir / WORKER).read_text()
    assert not [url for url in judged.guard.requests if url.endswith(".snapshot")]
    # A load that started from it keeps it as it is.
    assert judged.reload() == "snapshot"
    judged.wait_snapshot_cached()
    assert judged.page.evaluate(KEPT, [judged.site_url + SNAPSHOT, "x-rules-snapshot-key"])[0] == key


def test_a_later_visit_starts_from_the_snapshot_and_answers_the_whole_catalogue_like_plain_and_cpython(judged):
    assert judged.reload() == "snapshot"
    form = calculator(judged.page, "gurps.encumbrance")
    assert shown_outputs(form) == expected_outputs(respond("gurps.encumbrance", {}))

    requests = [{"id": calc["id"], "inputs": inputs}
                for calc in rulescore.catalogue() for inputs in sample_cases(calc)]
    from_snapshot = judged.ask("", requests)
    plain = judged.ask("plain", requests)
    assert from_snapshot["boot"]["boot"] == "snapshot" and plain["boot"]["boot"] == "plain"
    cpython = [json.loads(json.dumps(respond(r["id"], r["inputs"]))) for r in requests]
    assert len(requests) > 500
    answers = zip(requests, from_snapshot["answers"], plain["answers"], cpython, strict=True)
    for request, snap, boot, expected in answers:
        assert snap == boot == expected, request


def test_two_loads_from_the_snapshot_roll_different_dice(judged):
    # 7 rolls of 3d6 a load: two loads agreeing on all 21 dice by chance is 1 in 6**21.
    requests = [{"id": "gurps.success_roll", "inputs": {}, "roll": True, "dice": None}] * 7
    rolled = []
    for _ in range(2):
        assert judged.reload() == "snapshot"
        answer = judged.ask("", requests)
        assert answer["boot"]["boot"] == "snapshot"
        rolled.append([r["roll"]["dice"] for r in answer["answers"]])
    assert all(len(dice) == 3 for dice in rolled[0] + rolled[1])
    assert rolled[0] != rolled[1]


def test_offline_after_one_visit_the_engine_starts_from_the_snapshot(judged):
    judged.context.set_offline(True)
    try:
        assert judged.reload() == "snapshot"
        form = calculator(judged.page, "gurps.encumbrance")
        assert shown_outputs(form) == expected_outputs(respond("gurps.encumbrance", {}))
    finally:
        judged.context.set_offline(False)


@pytest.mark.allow_page_errors  # a corrupted snapshot may make Pyodide log its failure
@pytest.mark.parametrize("spoiled, boot", [("stale", "plain-stale-snapshot"),
                                           ("corrupt", "plain-after-snapshot-failed")])
def test_a_stale_or_corrupted_snapshot_falls_back_to_a_plain_boot_and_the_calculators_work(judged, spoiled, boot):
    assert judged.page.evaluate(SPOIL, [judged.site_url + SNAPSHOT, spoiled])
    assert judged.reload() == boot
    form = calculator(judged.page, "gurps.encumbrance")
    assert form.get_attribute("data-state") == "ready"
    assert shown_outputs(form) == expected_outputs(respond("gurps.encumbrance", {}))
    # The spoiled copy was dropped and this load made the build's snapshot again: the next
    # load starts from it.
    judged.wait_snapshot_cached()
    assert judged.reload() == "snapshot"
