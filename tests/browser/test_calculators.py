"""Every calculator in the catalogue, live in Chromium, against rulescore in CPython."""

from __future__ import annotations

import re
from html import unescape

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    expected_outputs,
    set_input,
    shown_outputs,
    shown_steps,
    wait_live,
    wait_settled,
)
from tests.browser.stats import STATS
from tests.samples import sample_cases

CATALOGUE = rulescore.catalogue()
IDS = [calc["id"] for calc in CATALOGUE]


def open_calculator(page, site_url, calc):
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    wait_live(page)
    assert form.get_attribute("data-state") == "ready"
    return form


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_page_shows_exactly_what_rulescore_computes(page, site_url, calc):
    form = open_calculator(page, site_url, calc)
    specs = {spec["name"]: spec for spec in calc["inputs"]}
    cases = sample_cases(calc)
    # The untouched form first: derived defaults must follow the other fields as rulescore says.
    answer = respond(calc["id"])
    assert shown_outputs(form) == expected_outputs(answer)
    for case in cases:
        for name, text in case.items():
            set_input(form, specs[name], text)
        wait_settled(form)
        answer = respond(calc["id"], case)
        assert answer["ok"], (case, answer)
        assert form.get_attribute("data-state") == "ready", case
        assert shown_outputs(form) == expected_outputs(answer), case
        assert shown_steps(form) == answer["steps"], case
        # Dice charts: the same figures, in the same order, as rulescore drew them.
        captions = form.locator("[data-charts] figcaption").all_text_contents()
        assert captions == [unescape(re.search(r"<figcaption>(.*?)</figcaption>", svg).group(1))
                            for svg in answer["charts"]], case
    STATS["sampled input sets matched in the browser"] += len(cases)
    assert cases


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_static_result_is_there_without_javascript(browser, site_url, calc):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + calc["page"])
        form = calculator(page, calc["id"])
        assert form.get_attribute("data-state") == "static"
        assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
        assert shown_steps(form) == respond(calc["id"])["steps"]
    finally:
        context.close()


def test_static_result_is_there_while_the_engine_loads(page, site_url):
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    calc = CATALOGUE[0]
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'loading'")
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    assert "Starting" in form.locator("[data-status]").text_content()
    page.wait_for_timeout(200)
    assert held, "the engine should be waiting for the runtime"
    for route in held:
        route.continue_()
    wait_live(page)
    assert form.get_attribute("data-state") == "ready"


def test_engine_failure_is_said_plainly_and_keeps_the_static_result(page, site_url):
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    calc = CATALOGUE[0]
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'error'",
                           timeout=60_000)
    assert form.get_attribute("data-error") == "engine"
    assert "could not start" in form.locator("[data-status]").text_content()
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    assert page.locator("h1").first.is_visible()  # the rules stay readable


def test_a_browser_without_module_workers_says_so_and_keeps_the_static_result(page, site_url):
    # Firefox before 114 and Safari before 15 cannot start a module worker at all.
    page.add_init_script("window.Worker = function () { throw new TypeError('module workers are not supported'); };")
    calc = CATALOGUE[0]
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    failed = "() => document.querySelector('form[data-calculator]').dataset.state === 'error'"
    page.wait_for_function(failed, timeout=30_000)
    status = form.locator("[data-status]")
    assert form.get_attribute("data-error") == "engine"
    assert "could not start" in status.text_content() and "module workers are not supported" in status.text_content()
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    # Trying again fails the same way and says so again, rather than waiting for ever.
    form.locator("[data-retry]").click()
    page.wait_for_function(failed, timeout=30_000)
    assert "could not start" in status.text_content() and form.locator("[data-retry]").count() == 1


def test_every_page_loads_with_nothing_from_other_hosts(page, site_url, site_dir, guard):
    pages = sorted(p.parent.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html"))
    assert len(pages) >= 4
    for path in pages:
        page.goto(site_url + ("" if path == "." else path + "/"))
        if page.locator("form[data-calculator]").count():
            wait_live(page)
            assert page.locator("form[data-calculator][data-state=ready]").count() == \
                page.locator("form[data-calculator]").count()
    assert any(url.endswith("pyodide.asm.wasm") for url in guard.requests), "the engine was never loaded"
    STATS["pages loaded with no request to another host"] += len(pages)
