"""Hard to break: bad values in every field, hostile links, the page's security policy, and a
worker that dies mid-use."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import calculator, expected_outputs, set_input, shown_outputs, wait_live, wait_settled
from tests.browser.stats import STATS

CATALOGUE = rulescore.catalogue()
IDS = [calc["id"] for calc in CATALOGUE]
BAD_VALUES = ["", "abc", "-1", "1e400", "NaN", "١٢", "9" * 10_000]
LEAKS = re.compile(r"\b(NaN|undefined|Traceback|null|\[object Object\])\b")


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_bad_values_in_every_field_say_what_is_wrong_and_fixing_brings_the_result_back(page, site_url, calc):
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    wait_live(page)
    good = shown_outputs(form)
    for spec in (s for s in calc["inputs"] if s["kind"] in ("int", "number")):
        for bad in BAD_VALUES:
            set_input(form, spec, bad)
            wait_settled(form)
            STATS["bad values typed in the browser"] += 1
            expected = respond(calc["id"], {spec["name"]: bad})
            text = form.inner_text().replace(bad, "")
            assert not LEAKS.search(text), LEAKS.search(text)
            if bad == "":
                # Emptied to type anew: not an error. Nothing is computed, the last result
                # stays (greyed) and the field quietly asks for a value.
                assert form.get_attribute("data-state") == "ready" and form.get_attribute("data-error") is None
                assert form.get_attribute("data-pending") == "input" and "rc-stale" in form.get_attribute("class")
                assert not form.locator(f'[data-error-for="{spec["name"]}"]').is_visible()
                assert form.locator(f'[data-needed-for="{spec["name"]}"]').is_visible()
                assert form.locator(f'[name="{spec["name"]}"]').get_attribute("aria-invalid") is None
                assert shown_outputs(form) == good
                continue
            if expected["ok"]:  # some fields allow -1: then it is simply a result
                assert form.get_attribute("data-state") == "ready"
                assert shown_outputs(form) == expected_outputs(expected)
                good = shown_outputs(form)  # now the last good result
                continue
            message = form.locator(f'[data-error-for="{spec["name"]}"]')
            assert form.get_attribute("data-state") == "error" and form.get_attribute("data-error") == "input"
            assert message.is_visible() and message.text_content() == expected["message"]
            assert form.locator(f'[name="{spec["name"]}"]').get_attribute("aria-invalid") == "true"
            assert shown_outputs(form) == good  # the last good result stays, greyed
            assert "rc-stale" in form.get_attribute("class")
        set_input(form, spec, str(spec["default"]))
        wait_settled(form)
        assert form.get_attribute("data-state") == "ready"
        assert not form.locator(f'[data-error-for="{spec["name"]}"]').is_visible()
        good = shown_outputs(form)
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


def test_every_page_keeps_to_its_content_security_policy(page, site_url, site_dir):
    page.add_init_script("""window.__violations = [];
        document.addEventListener('securitypolicyviolation',
            e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    pages = sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                   for p in site_dir.rglob("index.html"))
    for path in pages:
        page.goto(site_url + path)
        policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
        assert "default-src 'self'" in policy and "unsafe-eval'" not in policy.replace("wasm-unsafe-eval'", "")
        if page.locator("form[data-calculator]").count():
            wait_live(page)
        assert page.evaluate("window.__violations") == [], path
        STATS["pages checked against the CSP"] += 1
    page.keyboard.press("s")
    page.keyboard.type("encumbrance", delay=20)
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    assert page.evaluate("window.__violations") == []


def test_a_worker_that_dies_is_noticed_and_replaced(page, site_url):
    calc = next(c for c in CATALOGUE if c["id"] == "gurps.jump")
    page.goto(site_url + calc["page"])
    form = calculator(page, "gurps.jump")
    wait_live(page)
    (engine,) = [w for w in page.workers if w.url.endswith("engine-worker.js")]
    engine.evaluate("self.close()")  # the engine dies without a word
    set_input(form, calc["inputs"][0], "9")
    page.wait_for_function("() => document.querySelector('form[data-calculator]').dataset.state === 'loading'",
                           timeout=30_000)
    assert "restarting" in form.locator("[data-status]").text_content()
    wait_live(page)
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond("gurps.jump", {"basic_move": "9", "running_yards": "0"}))
