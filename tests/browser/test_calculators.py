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
    read_form,
    set_input,
    set_inputs_and_read,
    settled,
    shown_outputs,
    shown_steps,
    wait_for_python,
    wait_live,
)
from tests.browser.stats import STATS
from tests.samples import sample_cases

CATALOGUE = rulescore.catalogue()
IDS = [calc["id"] for calc in CATALOGUE]


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_page_shows_exactly_what_rulescore_computes(live, calc):
    page = live.open(calc["page"])  # the game system's live page, moved here by a link
    form = calculator(page, calc["id"])
    specs = {spec["name"]: spec for spec in calc["inputs"]}
    cases = sample_cases(calc)
    # The untouched form first: derived defaults must follow the other fields as rulescore says.
    shown = read_form(form)
    assert shown["state"] == "ready"
    assert shown["outputs"] == expected_outputs(respond(calc["id"]))
    # The first case typed field by field as a person does; the rest set a case at a time.
    for name, text in cases[0].items():
        set_input(form, specs[name], text)
    for i, case in enumerate(cases):
        shown = set_inputs_and_read(form, case) if i else settled(form)
        answer = respond(calc["id"], case)
        assert answer["ok"], (case, answer)
        assert shown["values"] == case  # (a choice the form lacks could not have been set)
        assert shown["state"] == "ready", case
        assert shown["outputs"] == expected_outputs(answer), case
        assert shown["steps"] == answer["steps"], case
        # Dice charts: the same figures, in the same order, as rulescore drew them.
        assert shown["captions"] == [unescape(re.search(r"<figcaption>(.*?)</figcaption>", svg).group(1))
                                     for svg in answer["charts"]], case
    STATS["sampled input sets matched in the browser"] += len(cases)
    assert cases


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_static_result_is_there_without_javascript(live, calc):
    page = live.load(calc["page"], screen="nojs")  # one page with scripts off, loaded anew
    form = calculator(page, calc["id"])
    answer = respond(calc["id"])
    assert form.get_attribute("data-state") == "static"
    assert shown_outputs(form) == expected_outputs(answer)
    assert shown_steps(form) == answer["steps"]
    # Outputs that do not apply to the default inputs are hidden by the build itself.
    for name, shown in answer["outputs"].items():
        row = form.locator(f'[data-output="{name}"]').locator("xpath=ancestor::div[contains(@class,'rc-output')]")
        assert row.is_visible() == (shown["value"] is not None), name


@pytest.mark.fresh_device
def test_static_result_is_there_while_the_engine_loads(page, site_url):
    held = []
    page.route("**/pyodide/pyodide.asm.wasm*", lambda route: held.append(route))
    calc = CATALOGUE[0]
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'loading'")
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    assert "Starting" in form.locator("[data-status]").text_content()
    wait_for_python(page, lambda: held, "the engine to ask for the runtime (held back)")
    for route in held:
        route.continue_()
    wait_live(page)
    assert form.get_attribute("data-state") == "ready"


@pytest.mark.fresh_device
def test_engine_failure_is_said_plainly_and_keeps_the_static_result(page, site_url):
    page.route("**/pyodide/pyodide.asm.wasm*", lambda route: route.abort())
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


# Every page's full load (its policy, labels, live regions, nothing from other hosts) is checked
# in tests/browser/test_offline.py, where each page is loaded anew with the network cut: one
# load of each page serves both.
