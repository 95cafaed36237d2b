"""Reading and driving calculator forms the way a person would."""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# ms: the bound on waiting for what one tab or device sends another to show there. It says
# whether it comes, not how fast (bench/table.py and bench/map.py time that): bounds of 1-2 s
# were missed under the suite's load on two cores.
ARRIVES = 15_000

# Screenshots to look at after a run; the README's pictures in media/ are copied from here by
# hand, so a test run never changes a file of the repository.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"

SETTLED = """form => !form.hasAttribute('aria-busy')
    && (form.dataset.state === 'ready' || form.dataset.state === 'error')"""
OUTPUTS = """form => Object.fromEntries([...form.querySelectorAll('[data-output]')]
    .map(el => [el.dataset.output, [el.dataset.value, el.textContent]]))"""

# Everything a test reads from a form, in one round trip to the page. "Visible" is what
# Playwright's is_visible() means: a non-empty box and no visibility: hidden.
READ_FORM = """form => {
    const visible = el => { const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
    const byName = (selector, key, read) => Object.fromEntries(
        [...form.querySelectorAll(selector)].map(el => [el.getAttribute(key), read(el)]));
    return {
        state: form.dataset.state, error: form.getAttribute('data-error'),
        pending: form.getAttribute('data-pending'), busy: form.hasAttribute('aria-busy'),
        stale: form.classList.contains('rc-stale'), text: form.innerText,
        status: (form.querySelector('[data-status]') || {}).textContent,
        outputs: Object.fromEntries([...form.querySelectorAll('[data-output]')]
            .map(el => [el.dataset.output, [el.dataset.value, el.textContent]])),
        steps: [...form.querySelectorAll('[data-steps] li .rc-step')].map(el => el.textContent),
        captions: [...form.querySelectorAll('[data-charts] figcaption')].map(el => el.textContent),
        messages: byName('[data-error-for]', 'data-error-for', el => visible(el) ? el.textContent : null),
        needed: byName('[data-needed-for]', 'data-needed-for', visible),
        invalid: byName('[name]', 'name', el => el.getAttribute('aria-invalid')),
        values: byName('[name]', 'name', el => el.type === 'checkbox' ? String(el.checked) : el.value),
    };
}"""


def calculator(page, calc_id: str):
    return page.locator(f'form[data-calculator="{calc_id}"]').first


def wait_settled(form, timeout: float = 60_000):
    """The newest request has been answered (a result or an input error is shown)."""
    form.page.wait_for_function(SETTLED, arg=form.element_handle(), timeout=timeout)


def read_form(form) -> dict:
    """The form as shown (READ_FORM), outputs as {name: (exact value, text)}."""
    return outputs_parsed(form.evaluate(READ_FORM))


def outputs_parsed(found: dict) -> dict:
    """A READ_FORM result with each output's exact value parsed from its JSON."""
    found["outputs"] = {name: (json.loads(value), text) for name, (value, text) in found["outputs"].items()}
    return found


def settled(form, timeout: float = 60_000) -> dict:
    """wait_settled, then read_form."""
    wait_settled(form, timeout)
    return read_form(form)


# The theme's script has run and read the sitemap: from then on it takes links over (instant
# navigation). A calculator page runs it after the engine's first answers (engine-start.js).
THEME_READY = "Boolean(window.document$) && document.documentElement.dataset.sitemap === 'read'"


def wait_live(page, timeout: float = 60_000):
    """Every calculator on the page has left the static and loading states, its character
    picker is filled from the store (the bar shows once the store is read), and the theme is
    ready for links (THEME_READY: a link clicked before is a full load, not the theme's instant
    navigation)."""
    try:
        page.wait_for_function(
            "() => [...document.querySelectorAll('form[data-calculator]')].every(f => "
            "(f.dataset.state === 'ready' || f.dataset.state === 'error') && "
            f"!f.querySelector('[data-character-bar][hidden]')) && {THEME_READY}", timeout=timeout)
    except PlaywrightTimeoutError as error:  # say where it stopped: an engine that never came up is rare
        raise AssertionError(f"{page.url} not live within {timeout / 1000:.0f} s: {page.evaluate(WHERE_IT_STOPPED)}") \
            from error


WHERE_IT_STOPPED = """() => ({
    page: {...document.documentElement.dataset},
    theme: Boolean(window.document$), sitemap: document.documentElement.dataset.sitemap,
    forms: [...document.querySelectorAll('form[data-calculator]')].map(f => [f.dataset.calculator, f.dataset.state,
        Boolean(f.querySelector('[data-character-bar][hidden]'))]),
})"""


def set_input(form, spec: dict, text: str):
    field = form.locator(f'[name="{spec["name"]}"]')
    if spec["kind"] in ("bool", "choice") and not field.is_visible():
        return set_inputs(form, {spec["name"]: text})  # offered as chips: the control is out of sight
    if spec["kind"] == "bool":
        field.set_checked(text == "true")
    elif spec["kind"] == "choice":
        field.select_option(text)
    else:
        field.fill(text)


# Several fields at once, each as the form sees typing: its value, then an "input" event.
SET_INPUTS = """(form, values) => {
    for (const [name, value] of Object.entries(values)) {
        const field = form.querySelector(`[name="${CSS.escape(name)}"]`);
        if (field.type === 'checkbox') field.checked = value === 'true';
        else field.value = value;
        if (field.type !== 'checkbox' && field.value !== value) throw new Error(`${name} cannot take ${value}`);
        field.dispatchEvent(new Event('input', { bubbles: true }));
    }
}"""


def set_inputs(form, values: dict):
    """Every field named in values set in one round trip to the page (set_input types one)."""
    form.evaluate(SET_INPUTS, values)


# set_inputs, then the form settled on the answer and read: one round trip to the page for
# what set_inputs, settled and read_form take five or more (the sweeps type over 2,000 values).
SET_AND_READ = f"""async (form, values) => {{
    ({SET_INPUTS})(form, values);
    const settled = () => ({SETTLED})(form);
    await new Promise((resolve, reject) => {{
        if (settled()) return resolve();
        const timer = setTimeout(() => {{ watch.disconnect(); reject(new Error('not settled within 60 s')); }}, 60000);
        const watch = new MutationObserver(() => {{
            if (settled()) {{ watch.disconnect(); clearTimeout(timer); resolve(); }}
        }});
        watch.observe(form, {{ attributes: true }});
    }});
    return ({READ_FORM})(form);
}}"""


def set_inputs_and_read(form, values: dict) -> dict:
    """set_inputs, then settled: the form as shown once the answer to these values is in."""
    return outputs_parsed(form.evaluate(SET_AND_READ, values))


def shown_outputs(form) -> dict:
    """{name: (exact value, text)} as the page shows them."""
    return {name: (json.loads(value), text) for name, (value, text) in form.evaluate(OUTPUTS).items()}


def shown_steps(form) -> list[str]:
    return form.locator("[data-steps] li .rc-step").all_text_contents()


def expected_outputs(answer: dict) -> dict:
    return {name: (shown["value"], shown["text"]) for name, shown in answer["outputs"].items()}


def is_engine_worker(worker) -> bool:
    """A calculator engine worker (a new device's snapshot maker runs the same script)."""
    return worker.url.endswith("engine-worker.js")


def engine_workers(page) -> list:
    """The page's calculator engine workers."""
    return [worker for worker in page.workers if is_engine_worker(worker)]


def worker_name(worker) -> str | None:
    """A worker's name ("make-snapshot" for the snapshot's maker; "" for the engine), or None for a
    worker that ended while it was asked (the snapshot's maker, done between listing and asking)."""
    try:
        return str(worker.evaluate("self.name"))
    except PlaywrightError:  # Worker.evaluate: Target page, context or browser has been closed
        return None


def wait_for_python(page, condition, what: str, timeout: float = 60.0):
    """Until condition() holds: Playwright delivers events (route handlers, workers) while the
    page is being waited on, so this polls with short waits up to a generous deadline."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        page.wait_for_timeout(20)


# Moving a page on by instant navigation (mkdocs-material's navigation.instant), as a reader
# clicking a link does: the page, its module scripts and the engine worker stay.
#
# Before leaving, unless the inputs are to be kept: every form back to its defaults with the
# app's own Reset (which also cancels a pending save of its inputs, so nothing typed here is
# remembered for a later visit) and nothing left on the device. Then a link to the next page
# is clicked; the theme takes it over (a same-site page in the sitemap) and replaces the
# content's container, which carries a mark until then.
# WebKit refuses a page more than 100 history writes in 10 seconds (the theme writes two per
# page change, a calculator's reset one), which a reader's clicks never approach but a test's
# walk over every page would: page changes are kept 350 ms apart. Returns the ms still to
# wait (nothing done), or 0 once the link is clicked.
LEAVE_BY_LINK = """([href, keepInputs]) => {
    const wait = (window.__leftAt ?? -Infinity) + 350 - performance.now();
    if (wait > 0) return wait;
    window.__leftAt = performance.now();
    if (!keepInputs) {
        for (const reset of document.querySelectorAll('form[data-calculator] [data-action="reset"]')) reset.click();
        localStorage.clear();
        indexedDB.deleteDatabase('rules-at-the-table');  // the page's connections step aside (store.js)
    }
    // The theme closes its search and drawer 125 ms after a page change (its subscription
    // to location$, made at start-up, delays by a timer); a timer of the same length set
    // after it here runs after it, and marks that moment (see theme_settled).
    window.__themeSettledAt = null;
    if (window.location$ && typeof window.location$.subscribe === 'function') {
        const once = window.location$.subscribe(url => {
            once.unsubscribe();
            setTimeout(() => { window.__themeSettledAt = url.pathname; }, 125);
        });
    }
    const container = document.querySelector('[data-md-component="container"]');
    container.dataset.testLeaving = '';
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'next page';
    container.append(link);
    link.click();
    return 0;
}"""
ARRIVED = """(path) => !document.querySelector('[data-md-component="container"][data-test-leaving]')
    && location.pathname === path"""


def theme_settled(page):
    """After follow_link: the theme has done what it does late after a page change (closing
    its search). A test that opens the search right after a page change waits for this."""
    page.wait_for_function("() => window.__themeSettledAt === location.pathname")


def theme_search(page, words: str):
    """The theme's search opened by its shortcut and ``words`` typed; its results once shown."""
    page.keyboard.press("s")  # mkdocs-material's search shortcut
    page.keyboard.type(words, delay=20)  # the first letter starts the index; the last is answered
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    return page.locator(".md-search-result__item")


def mark_visit(page):
    """Marks the loaded document: a page change that reloads it loses the mark."""
    page.evaluate("window.__sameVisit = true; window.__themeSettledAt = location.pathname")


def follow_link(page, url: str, keep_inputs: bool = False):
    """Moves ``page`` (marked by mark_visit) to ``url`` by a link; fails if that reloaded it.
    The theme ignores a link to the page already shown, so that goes by the home page."""
    steps = [url]
    if page.evaluate("location.pathname") == urlsplit(url).path:
        steps.insert(0, page.evaluate("document.querySelector('a.md-logo').href"))  # the site's home
    for step in steps:
        while (wait_ms := page.evaluate(LEAVE_BY_LINK, [step, keep_inputs])) > 0:
            time.sleep(wait_ms / 1000)
        page.wait_for_function(ARRIVED, arg=urlsplit(step).path, timeout=30_000)
        assert page.evaluate("window.__sameVisit") is True, f"following a link to {step} reloaded the page"


# What the site keeps on the device (widgets/assets/kept/store.js: IndexedDB "rules-at-the-table",
# one object store per kind, plus "meta"), read or cleared straight from IndexedDB as a test
# looks at it from outside the app. Opening never creates the database: a page that has
# kept nothing reads as empty.
KEPT = """async ([name, key]) => {
    const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('rules-at-the-table');
        request.onupgradeneeded = () => request.transaction.abort();  // nothing kept yet
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
    });
    if (!db) return key ? null : [];
    try {
        const read = db.transaction(name).objectStore(name);
        const request = key ? read.get(key) : read.getAll();
        return await new Promise((resolve) => { request.onsuccess = () => resolve(request.result ?? null); });
    } finally { db.close(); }
}"""
FORGET_KEPT = """() => new Promise((resolve) => {
    localStorage.clear();
    const request = indexedDB.deleteDatabase('rules-at-the-table');
    request.onsuccess = request.onerror = request.onblocked = () => resolve(true);
})"""


def kept(page, kind: str) -> list[dict]:
    """Every record of a kind ("characters", "parties", "sessions") as stored."""
    return sorted(page.evaluate(KEPT, [kind, None]), key=lambda record: record["id"])


def state_of(record: dict) -> dict:
    """A session record's state: the Session page writes it as its JSON text, older records and
    backups hold it as an object."""
    state = record["state"]
    return json.loads(state) if isinstance(state, str) else state


def kept_meta(page, key: str):
    """A meta value as stored: "rolls", "open-session", "last-backup"."""
    return page.evaluate(KEPT, ["meta", key])


def forget_kept(page):
    """Everything the site keeps on the device deleted (the page's open connections step aside)."""
    page.evaluate(FORGET_KEPT)


def screenshot(page, name: str, **options) -> Path:
    """Saves what the page shows as test-results/screenshots/<name>."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path), **options)
    return path
