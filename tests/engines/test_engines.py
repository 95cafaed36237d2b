"""The same checks in WebKit and Firefox as in Chromium: calculators against rulescore in
CPython, bad input, and offline use with the server stopped.

By default a representative subset: one calculator per game system (every kind of input, a
derived field, decimals, negative ranges, a dice chart), each page's offline copy reached by
link and a cold start offline on one page per game system. ``--all-engines``: every
calculator and a cold load of every page offline. Either way one browser session per engine
boots the engine once and goes from calculator to calculator by instant navigation.
"""

from __future__ import annotations

import json
import shutil
import statistics
import time
from urllib.parse import urlsplit

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import ARRIVED, LEAVE_BY_LINK, SCREENSHOTS, THEME_READY
from tests.browser.stats import STATS
from tests.engines.conftest import SUBSET
from tests.samples import sample_cases
from widgets.serve import serve_in_thread

CATALOGUE = rulescore.catalogue()
BY_ID = {calc["id"]: calc for calc in CATALOGUE}
READY_TIMES: dict[str, list[float]] = {}  # cold loads: navigation -> every calculator live
INSTANT_TIMES: dict[str, list[float]] = {}  # by link: page change -> every calculator live

ALL_LIVE = f"""return [...document.querySelectorAll('form[data-calculator]')]
    .every(f => f.dataset.state === 'ready' || f.dataset.state === 'error') && {THEME_READY}"""
SETTLED = """const f = document.querySelector(`form[data-calculator="${arguments[0]}"]`);
    return !f.hasAttribute('aria-busy') && (f.dataset.state === 'ready' || f.dataset.state === 'error')"""
OUTPUTS = """const f = document.querySelector(`form[data-calculator="${arguments[0]}"]`);
    return Object.fromEntries([...f.querySelectorAll('[data-output]')]
        .map(el => [el.dataset.output, [el.dataset.value, el.textContent]]))"""
# Type into a field the way the form sees it: set the value, then the "input" event.
SET_INPUT = """const [id, name, value] = arguments;
    const field = document.querySelector(`form[data-calculator="${id}"] [name="${name}"]`);
    if (field.type === 'checkbox') field.checked = value === 'true'; else field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));"""
STATE = """const f = document.querySelector(`form[data-calculator="${arguments[0]}"]`);
    const m = f.querySelector(`[data-error-for="${arguments[1]}"]`);
    return [f.dataset.state, f.dataset.error || null, m && !m.hidden ? m.textContent : null]"""
PENDING = """const f = document.querySelector(`form[data-calculator="${arguments[0]}"]`);
    return [f.dataset.pending || null, !f.querySelector(`[data-needed-for="${arguments[1]}"]`).hidden]"""


def wait_until(driver, script, *args, timeout=120.0):
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            if driver.execute_script(script, *args):
                return
        except WebDriverException as error:  # a document still loading cannot run scripts yet
            last_error = error
        time.sleep(0.03)
    raise AssertionError(f"{driver.engine}: timed out on {driver.current_url} waiting for {script[:60]}... "
                         f"(last error: {last_error})")


def open_page(driver, url):
    """A full load of url (the engine starts anew), every calculator live."""
    started = time.perf_counter()
    driver.get(url)
    wait_until(driver, ALL_LIVE)
    READY_TIMES.setdefault(driver.engine, []).append(time.perf_counter() - started)
    driver.execute_script("window.__sameVisit = true")


def follow_link(driver, url, keep_inputs=False):
    """To url as a reader clicking a link does (the theme's instant navigation: the page and its
    engine stay); by the home page when url is the page already shown. Fails on a reload."""
    started = time.perf_counter()
    steps = [url]
    if driver.execute_script("return location.pathname") == urlsplit(url).path:
        steps.insert(0, driver.execute_script("return document.querySelector('a.md-logo').href"))
    for step in steps:
        while (wait_ms := driver.execute_script(f"return ({LEAVE_BY_LINK})(arguments[0])", [step, keep_inputs])) > 0:
            time.sleep(wait_ms / 1000)
        wait_until(driver, f"return ({ARRIVED})(arguments[0])", urlsplit(step).path)
        assert driver.execute_script("return window.__sameVisit") is True, \
            f"{driver.engine}: following a link to {step} reloaded the page"
    wait_until(driver, ALL_LIVE)
    INSTANT_TIMES.setdefault(driver.engine, []).append(time.perf_counter() - started)


def go(driver, url):
    """The live session to url: a full load the first time, by link after that."""
    if driver.execute_script("return window.__sameVisit === true"):
        follow_link(driver, url)
    else:
        open_page(driver, url)


def outputs(driver, calc_id):
    return {name: (json.loads(value), text) for name, (value, text) in driver.execute_script(OUTPUTS, calc_id).items()}


def expected(answer):
    return {name: (shown["value"], shown["text"]) for name, shown in answer["outputs"].items()}


def test_every_calculator_matches_cpython_and_handles_bad_input(driver, site_url, calc):
    go(driver, site_url + calc["page"])
    calc_id = calc["id"]
    assert outputs(driver, calc_id) == expected(respond(calc_id))
    for case in sample_cases(calc, random_cases=3):
        for name, text in case.items():
            driver.execute_script(SET_INPUT, calc_id, name, text)
        wait_until(driver, SETTLED, calc_id)
        answer = respond(calc_id, case)
        assert driver.execute_script(STATE, calc_id, "")[0] == "ready", (driver.engine, case)
        assert outputs(driver, calc_id) == expected(answer), (driver.engine, case)
        STATS[f"{driver.engine}: sampled input sets matched"] += 1
    good = outputs(driver, calc_id)
    for spec in [s for s in calc["inputs"] if s["kind"] in ("int", "number")][:2]:
        for bad in ("abc", "", "1e400", "١٢", "NaN"):
            driver.execute_script(SET_INPUT, calc_id, spec["name"], bad)
            wait_until(driver, SETTLED, calc_id)
            if bad == "":  # emptied to type anew: pending, not an error; the last result stays
                assert driver.execute_script(PENDING, calc_id, spec["name"]) == ["input", True], driver.engine
                assert outputs(driver, calc_id) == good
                continue
            state, error, message = driver.execute_script(STATE, calc_id, spec["name"])
            assert (state, error) == ("error", "input"), (driver.engine, spec["name"], bad)
            assert message == respond(calc_id, {**case, spec["name"]: bad})["message"]
            assert outputs(driver, calc_id) == good  # the last good result stays
            STATS[f"{driver.engine}: bad values checked"] += 1
        driver.execute_script(SET_INPUT, calc_id, spec["name"], case[spec["name"]])
        wait_until(driver, SETTLED, calc_id)
        assert driver.execute_script(STATE, calc_id, spec["name"]) == ["ready", None, None]


@pytest.fixture
def hosted(site_dir, tmp_path):
    shutil.copytree(site_dir, tmp_path / "rules")
    server, url = serve_in_thread(str(tmp_path))
    yield server, url + "rules/"
    server.server_close()


def pages_of(site_dir):
    return sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                  for p in site_dir.rglob("index.html"))


def use_calculators_offline(driver, engine, path, by_page):
    for calc in by_page.get(path, []):
        spec = next((s for s in calc["inputs"] if s["kind"] in ("int", "number")), None)
        if spec is None:
            continue
        value = str(spec["max"])
        driver.execute_script(SET_INPUT, calc["id"], spec["name"], value)
        wait_until(driver, SETTLED, calc["id"])
        assert outputs(driver, calc["id"]) == expected(respond(calc["id"], {spec["name"]: value}))
        STATS[f"{engine}: calculators used offline"] += 1


def test_offline_with_the_server_stopped(engine, request, hosted, site_dir):
    from tests.engines.conftest import display_for, make_driver

    server, url = hosted
    every = request.config.getoption("--all-engines")
    driver = make_driver(engine, display_for(engine, request))
    driver.engine = engine
    try:
        open_page(driver, url + "gurps/jumping/")
        wait_until(driver, "return document.documentElement.dataset.offline === 'ready'", timeout=180)
        server.shutdown()  # nothing answers any more: only the offline cache can
        pages = pages_of(site_dir)
        by_page = {}
        for calc in CATALOGUE:
            by_page.setdefault(calc["page"], []).append(calc)
        # Cold starts from the device's copy: every page (--all-engines) or the home page and
        # one calculator page per game system.
        cold = pages if every else ["", *sorted({BY_ID[calc_id]["page"] for calc_id in SUBSET})]
        for path in cold:
            open_page(driver, url + path)
            assert driver.execute_script("return document.querySelector('h1') !== null"), path
            use_calculators_offline(driver, engine, path, by_page)
            STATS[f"{engine}: pages opened offline (cold)"] += 1
        # Every page's copy, reached by link from the last one, its calculators computing.
        for path in pages:
            follow_link(driver, url + path)
            assert driver.execute_script("return document.querySelector('h1') !== null"), path
            use_calculators_offline(driver, engine, path, by_page)
            STATS[f"{engine}: pages opened offline (by link)"] += 1
    finally:
        driver.quit()


ONE_PAGE_PER_SYSTEM = ("bfrpg/dungeon/", "gurps/encumbrance/", "shell/combat/")


def test_tablet_size_screenshots(driver, site_url):
    """Each system's busiest page at iPad size: nothing scrolls sideways; the PNGs are for people."""
    driver.set_window_size(768, 1024)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for path in ONE_PAGE_PER_SYSTEM:
            go(driver, site_url + path)
            width = driver.execute_script("return window.innerWidth")
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{driver.engine}: {path} scrolls sideways by {overflow}px at width {width}"
            name = f"{driver.engine}-{path.strip('/').replace('/', '-')}-768.png"
            assert driver.save_screenshot(str(SCREENSHOTS / name))
    finally:
        driver.set_window_size(1280, 1000)


def test_report_engine_figures(engine):
    """Last in the module: time to engine ready per engine, into the run's summary."""
    times = READY_TIMES.get(engine, [])
    assert times, f"{engine}: no page was opened"
    STATS[f"{engine}: page -> calculators live, median ms"] = round(statistics.median(times) * 1000)
    if INSTANT_TIMES.get(engine):
        STATS[f"{engine}: link to another page -> calculators live, median ms"] = round(
            statistics.median(INSTANT_TIMES[engine]) * 1000)


EDITORS_READY = """return [...document.querySelectorAll('form[data-character-editor]')]
    .every(f => f.dataset.state === 'ready')"""
MAKE_BRUNO = """const form = document.querySelector('form[data-character-editor="gurps"]');
    form.querySelector('[data-action="new-character"]').click();
    form.querySelector('[name="name"]').value = 'Bruno';
    for (const [name, value] of Object.entries({st: '12', dx: '13', ht: '11', load_lb: '31'})) {
        const field = form.querySelector(`[name="${name}"]`);
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
    }"""
# The picker is filled once the page has read the store, a moment after the page is live.
HAS_CHOICE = """const [id, name] = arguments;
    const picker = document.querySelector(`form[data-calculator="${id}"] [data-character-picker]`);
    return Boolean(picker) && [...picker.options].some(o => o.textContent === name)"""
PICK = """const [id, name] = arguments;
    const picker = document.querySelector(`form[data-calculator="${id}"] [data-character-picker]`);
    picker.value = [...picker.options].find(o => o.textContent === name).value;
    picker.dispatchEvent(new Event('change', { bubbles: true }));"""


def test_a_character_a_roll_and_a_session(driver, site_url):
    """What a table does all evening, in this engine: a character saved and picked in a
    calculator (the result rulescore's for their figures), a roll (rulescore.resolve's outcome for
    the faces shown), and a session whose clock moves."""
    go(driver, site_url + "characters/")
    wait_until(driver, EDITORS_READY)
    driver.execute_script(MAKE_BRUNO)
    wait_until(driver, SETTLED.replace("form[data-calculator=", "form[data-character-editor=")
               .replace("${arguments[0]}", "gurps"))
    driver.execute_script("document.querySelector('form[data-character-editor=\"gurps\"] "
                          "[data-action=\"save-character\"]').click()")
    wait_until(driver, "return document.querySelector('form[data-character-editor=\"gurps\"] [data-status]')"
                       ".textContent === 'Saved Bruno.'")
    follow_link(driver, site_url + "gurps/encumbrance/", keep_inputs=True)
    wait_until(driver, HAS_CHOICE, "gurps.encumbrance", "Bruno")
    driver.execute_script(PICK, "gurps.encumbrance", "Bruno")
    wait_until(driver, "return document.querySelector('form[data-calculator=\"gurps.encumbrance\"]')"
                       ".dataset.character === 'Bruno'")
    wait_until(driver, SETTLED, "gurps.encumbrance")
    figures = rulescore.derive("gurps", {"st": "12", "dx": "13", "ht": "11", "load_lb": "31"})
    bound = {spec["name"]: (figures[spec["character"]] if spec["character"] in figures
                            else figures.inputs[spec["character"]])
             for spec in BY_ID["gurps.encumbrance"]["inputs"] if spec["character"]}
    assert outputs(driver, "gurps.encumbrance") == expected(respond("gurps.encumbrance", bound)), driver.engine
    follow_link(driver, site_url + "gurps/success-rolls/", keep_inputs=True)
    driver.execute_script("document.querySelector('form[data-calculator=\"gurps.success_roll\"] "
                          "[data-action=\"roll\"]').click()")
    wait_until(driver, "return Boolean(document.querySelector('form[data-calculator=\"gurps.success_roll\"] "
                       "[data-roll-outcome]').dataset.dice)")
    shown = driver.execute_script("return {...document.querySelector('form[data-calculator=\"gurps.success_roll\"] "
                                  "[data-roll-outcome]').dataset}")
    resolved = rulescore.resolve("gurps.success_roll", {}, dice=json.loads(shown["dice"]))
    assert (shown["outcome"], int(shown["margin"])) == (resolved["outcome"], resolved["margin"]), driver.engine
    follow_link(driver, site_url + "session/", keep_inputs=True)
    wait_until(driver, "return document.querySelector('[data-session-status]').textContent === 'Ready.'")
    driver.execute_script("""const system = document.querySelector('[name="session_system"]');
        system.value = 'gurps'; system.dispatchEvent(new Event('change', { bubbles: true }));
        document.querySelector('[data-action="start-session"]').click();""")
    wait_until(driver, "return !document.querySelector('[data-session-active]').hidden")
    driver.execute_script("""const pick = document.querySelector('[data-session-action]');
        pick.value = 'advance_turns'; pick.dispatchEvent(new Event('change', { bubbles: true }));
        document.querySelector('[data-field="turns"]').value = '3';
        document.querySelector('[data-action="apply-action"]').click();""")
    wait_until(driver, "return document.querySelector('[data-session-clock]').dataset.turn === '3'")
    assert "Bruno" in driver.execute_script("return document.querySelector('[data-session-characters]').textContent")
    STATS[f"{driver.engine}: character, roll and session checked"] += 1


ROSTER = """return [...document.querySelectorAll('form[data-character-editor="gurps"] [data-character-roster]'
    + ' .rc-roster-name')].map(e => e.textContent).sort()"""
SAVE_AS = """const [name, st] = arguments;
    const form = document.querySelector('form[data-character-editor="gurps"]');
    form.querySelector('[data-action="new-character"]').click();
    form.querySelector('[name="name"]').value = name;
    const field = form.querySelector('[name="st"]');
    field.value = st;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    form.querySelector('[data-action="save-character"]').click();"""
SAVED = """return document.querySelector('form[data-character-editor="gurps"] [data-status]').textContent
    === `Saved ${arguments[0]}.`"""
FORGET = """const done = arguments[arguments.length - 1];
    localStorage.clear();
    const request = indexedDB.deleteDatabase('rules-at-the-table');
    request.onsuccess = request.onerror = request.onblocked = () => done(true);"""


def test_the_old_storage_moves_in_and_two_tabs_keep_both_characters(driver, site_url):
    """What an older version kept in localStorage moves into IndexedDB once (the old copy goes
    after); then a character saved in each of two tabs is kept, and each tab shows both."""
    old = {"format": "rules-at-the-table/characters", "version": 1, "parties": [],
           "characters": [{"id": "c-old", "name": "Old Hand", "system": "gurps", "fields": {"st": "10"}}]}
    driver.get(site_url)
    driver.execute_async_script(FORGET)  # what earlier tests in this browser kept
    driver.execute_script("localStorage.setItem('rules-at-the-table:characters', arguments[0])", json.dumps(old))
    driver.get(site_url + "characters/")
    wait_until(driver, EDITORS_READY)
    wait_until(driver, ROSTER.replace("return ", "return (") + ").includes('Old Hand')")
    assert driver.execute_script("return localStorage.getItem('rules-at-the-table:characters')") is None
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    second = driver.current_window_handle
    try:
        driver.get(site_url + "characters/")  # opened before Ana is saved
        wait_until(driver, EDITORS_READY)
        driver.switch_to.window(first)
        driver.execute_script(SAVE_AS, "Ana", "11")
        wait_until(driver, SAVED, "Ana")
        driver.switch_to.window(second)
        wait_until(driver, ROSTER.replace("return ", "return (") + ").includes('Ana')", timeout=10)
        driver.execute_script(SAVE_AS, "Bruno", "12")
        wait_until(driver, SAVED, "Bruno")
        driver.switch_to.window(first)
        wait_until(driver, ROSTER.replace("return ", "return (") + ").includes('Bruno')", timeout=10)
        assert driver.execute_script(ROSTER) == ["Ana", "Bruno", "Old Hand"], driver.engine
        driver.get(site_url + "characters/")
        wait_until(driver, ROSTER.replace("return ", "return (") + ").length === 3")
        STATS[f"{driver.engine}: two tabs and the move from localStorage checked"] += 1
    finally:
        driver.switch_to.window(second)
        driver.close()
        driver.switch_to.window(first)
        driver.execute_async_script(FORGET)
