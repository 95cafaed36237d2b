"""Hard to break: bad values in every field, hostile links and a worker that dies mid-use (the
page's security policy: tests/browser/test_calculators.py, every page loaded whole)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    engine_workers,
    expected_outputs,
    read_form,
    set_input,
    set_inputs_and_read,
    shown_outputs,
    wait_live,
    wait_settled,
)
from tests.browser.stats import STATS

CATALOGUE = rulescore.catalogue()
IDS = [calc["id"] for calc in CATALOGUE]
BAD_VALUES = ["", "abc", "-1", "1e400", "NaN", "١٢", "9" * 10_000]
LEAKS = re.compile(r"\b(NaN|undefined|Traceback|null|\[object Object\])\b")


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_bad_values_in_every_field_say_what_is_wrong_and_fixing_brings_the_result_back(live, calc):
    page = live.open(calc["page"])
    form = calculator(page, calc["id"])
    good = read_form(form)["outputs"]
    for spec in (s for s in calc["inputs"] if s["kind"] in ("int", "number")):
        name = spec["name"]
        for bad in BAD_VALUES:
            shown = set_inputs_and_read(form, {name: bad})
            STATS["bad values typed in the browser"] += 1
            expected = respond(calc["id"], {name: bad})
            text = shown["text"].replace(bad, "")
            assert not LEAKS.search(text), LEAKS.search(text)
            if bad == "":
                # Emptied to type anew: not an error. Nothing is computed, the last result
                # stays (greyed) and the field quietly asks for a value.
                assert shown["state"] == "ready" and shown["error"] is None
                assert shown["pending"] == "input" and shown["stale"]
                assert shown["messages"][name] is None  # no error message on show
                assert shown["needed"][name]
                assert shown["invalid"][name] is None
                assert shown["outputs"] == good
                continue
            if expected["ok"]:  # some fields allow -1: then it is simply a result
                assert shown["state"] == "ready"
                assert shown["outputs"] == expected_outputs(expected)
                good = shown["outputs"]  # now the last good result
                continue
            assert shown["state"] == "error" and shown["error"] == "input"
            assert shown["messages"][name] == expected["message"]  # on show, and rulescore's words
            assert shown["invalid"][name] == "true"
            assert shown["outputs"] == good  # the last good result stays, greyed
            assert shown["stale"]
        shown = set_inputs_and_read(form, {name: str(spec["default"])})
        assert shown["state"] == "ready"
        assert shown["messages"][name] is None
        good = shown["outputs"]
        assert good == expected_outputs(respond(calc["id"]))  # every field back at its default


PAYLOADS = ['<img src=x onerror="window.__pwned=1">', '"><script>window.__pwned=1</script>',
            "javascript:window.__pwned=1", "</form><svg onload=window.__pwned=1>"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_links_are_data_never_code(page, site_url, payload):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    calc = next(c for c in CATALOGUE if c["id"] == "gurps.jump")
    url = (f"{site_url}{calc['page']}?gurps.jump=basic_move:{quote(payload, safe='')},running_yards:2"
           f"&{quote(payload, safe='')}=1#{quote(payload, safe='')}")
    page.goto(url)
    form = calculator(page, "gurps.jump")
    wait_live(page)
    wait_settled(form)
    # The payload sits in the field as text and is quoted back as text in the message.
    assert form.locator('[name="basic_move"]').input_value() == payload
    assert form.get_attribute("data-state") == "error"
    assert payload[:40] in form.locator('[data-error-for="basic_move"]').text_content()
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img[src=x], svg[onload], form script").count() == 0
    assert not dialogs
    set_input(form, calc["inputs"][0], "6")
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond("gurps.jump", {"basic_move": "6", "running_yards": "2"}))


def test_a_worker_that_dies_is_noticed_and_replaced(live):
    calc = next(c for c in CATALOGUE if c["id"] == "gurps.jump")
    page = live.open(calc["page"])
    form = calculator(page, "gurps.jump")
    (engine,) = engine_workers(page)
    engine.evaluate("self.close()")  # the engine dies without a word
    set_input(form, calc["inputs"][0], "9")
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'loading'",
                           timeout=30_000)
    assert "restarting" in form.locator("[data-status]").text_content()
    wait_live(page)
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond("gurps.jump", {"basic_move": "9", "running_yards": "0"}))
