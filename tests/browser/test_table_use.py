"""At the table: share links, remembered inputs, the working with its rule links, the
Calculators page, keyboard-only use, and a layout that fits a tablet and a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import calculator, expected_outputs, shown_outputs, wait_live, wait_settled
from tests.browser.stats import STATS

CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}
JUMP = CATALOGUE["gurps.jump"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def open_jump(page, url):
    page.goto(url)
    form = calculator(page, "gurps.jump")
    wait_live(page)
    wait_settled(form)
    return form


def test_a_shared_link_restores_inputs_and_result(page, context, site_url):
    form = open_jump(page, site_url + JUMP["page"])
    form.locator('[name="basic_move"]').fill("7")
    form.locator('[name="running_yards"]').fill("3")
    wait_settled(form)
    page.wait_for_url("**?gurps.jump=basic_move:7,running_yards:3")  # written once typing pauses
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    form.locator('[data-action="copy-link"]').click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url and "Link copied" in form.locator("[data-status]").text_content()

    other = context.new_page()
    other.goto(site_url)
    other.evaluate("localStorage.clear()")  # only the link can bring the inputs back
    form2 = open_jump(other, copied)
    assert form2.locator('[name="basic_move"]').input_value() == "7"
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump", {"basic_move": "7", "running_yards": "3"}))


def test_inputs_are_remembered_and_reset(page, context, site_url):
    form = open_jump(page, site_url + JUMP["page"])
    form.locator('[name="basic_move"]').fill("8")
    wait_settled(form)
    page.wait_for_url("**basic_move:8**")  # saved on the device at the same moment
    again = context.new_page()
    form2 = open_jump(again, site_url + JUMP["page"])  # no query: the device remembers
    assert form2.locator('[name="basic_move"]').input_value() == "8"
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump", {"basic_move": "8", "running_yards": "0"}))
    form2.locator('[data-action="reset"]').click()
    wait_settled(form2)
    assert form2.locator('[name="basic_move"]').input_value() == str(JUMP["inputs"][0]["default"])
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump"))
    assert "?" not in again.url
    third = context.new_page()
    form3 = open_jump(third, site_url + JUMP["page"])
    assert form3.locator('[name="basic_move"]').input_value() == str(JUMP["inputs"][0]["default"])


def test_the_working_links_each_step_to_its_rule(page, site_url):
    form = open_jump(page, site_url + JUMP["page"] + "?gurps.jump=basic_move:6,running_yards:4")
    form.locator(".rc-working summary").click()
    links = form.locator("[data-steps] a.rc-rule")
    answer = respond("gurps.jump", {"basic_move": "6", "running_yards": "4"})
    assert links.count() == sum(1 for rule in answer["rules"] if rule)
    for i in range(links.count()):
        href = links.nth(i).get_attribute("href")
        assert href.startswith("#") and page.locator(f"[id='{href[1:]}']").count() == 1
    links.last.click()
    assert page.url.endswith("#running-jumps")


def test_the_calculators_page_lists_and_filters_every_calculator(page, site_url):
    page.goto(site_url + "calculators/")
    items = page.locator("[data-filter-text]")
    assert items.count() == len(CATALOGUE)
    for calc in CATALOGUE.values():
        assert page.locator(f'a[href*="{calc["page"]}#calc-{calc["id"].replace(".", "-")}"]').count() == 1
    page.fill("[data-calculator-filter]", "jump")
    visible = page.locator("[data-filter-text]:visible")
    texts = [visible.nth(i).get_attribute("data-filter-text") for i in range(visible.count())]
    assert texts and all("jump" in text for text in texts) and len(texts) < len(CATALOGUE)
    assert "of" in page.locator("[data-filter-count]").text_content()
    page.locator("[data-filter-text]:visible a").first.click()
    page.wait_for_url("**/gurps/jumping/#calc-gurps-jump")


def test_keyboard_only(page, site_url):
    form = open_jump(page, site_url + JUMP["page"])
    field = form.locator('[name="basic_move"]')
    for _ in range(80):  # from the top of the page, Tab until the first field has focus
        page.keyboard.press("Tab")
        if field.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the calculator")
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    wait_settled(form)
    assert shown_outputs(form)["standing_high_jump_in"][0] == 32
    page.keyboard.press("Tab")  # the "+" stepper
    assert page.evaluate("document.activeElement.dataset.stepper") == "1"
    page.keyboard.press("Enter")
    wait_settled(form)
    assert field.input_value() == "8"
    assert shown_outputs(form) == expected_outputs(respond("gurps.jump", {"basic_move": "8", "running_yards": "0"}))
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "SUMMARY":
            break
    page.keyboard.press("Enter")
    assert form.locator(".rc-working").evaluate("d => d.open")


def test_every_field_is_labelled_and_results_are_announced_politely(page, site_url, site_dir):
    for calc in CATALOGUE.values():
        html = (site_dir / calc["page"] / "index.html").read_text(encoding="utf-8")
        assert f'data-calculator="{calc["id"]}"' in html
    pages = sorted({calc["page"] for calc in CATALOGUE.values()})
    for path in pages:
        page.goto(site_url + path)
        unlabelled = page.evaluate("""() => [...document.querySelectorAll('form[data-calculator] [name]')]
            .filter(f => !(f.labels && f.labels.length && f.labels[0].textContent.trim()))
            .map(f => f.name)""")
        assert unlabelled == [], (path, unlabelled)
        assert page.locator("form[data-calculator] .rc-results:not([aria-live='polite'])").count() == 0


@pytest.mark.parametrize("width, height", [(768, 1024), (390, 844)], ids=["tablet", "phone"])
def test_fits_a_tablet_and_a_phone(browser, site_url, site_dir, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=width < 500, device_scale_factor=1)
    page = context.new_page()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pages = sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                   for p in site_dir.rglob("index.html"))
    try:
        for path in pages:
            page.goto(site_url + path)
            if page.locator("form[data-calculator]").count():
                wait_live(page)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {width}x{height}"
            small = page.evaluate("""() => [...document.querySelectorAll(
                    'form[data-calculator] input[type=text], form[data-calculator] select, '
                    + 'form[data-calculator] button')]
                .filter(el => el.offsetParent !== null)
                .filter(el => { const r = el.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
                .map(el => el.name || el.textContent)""")
            assert small == [], f"{path}: touch targets under 44 px: {small}"
            # The keypad: digits for whole numbers, digits and a decimal separator for other
            # numbers, the full keyboard (which has a minus key on iOS) where negatives are allowed.
            modes = page.evaluate("""() => [...document.querySelectorAll('form[data-calculator] input[type=text]')]
                .map(el => [el.inputMode, Number(el.dataset.min) < 0, el.closest('.rc-field-number') !== null])""")
            for mode, negatives, decimals in modes:
                assert mode == ("text" if negatives else "decimal" if decimals else "numeric"), (path, mode)
            # Dice charts: a sensible size on every screen, a legend where colours mean something.
            charts = page.evaluate("""() => [...document.querySelectorAll('.rc-chart svg')]
                .filter(svg => svg.getClientRects().length)
                .map(svg => { const r = svg.getBoundingClientRect(); return [r.width, r.height]; })""")
            assert all(0 < w <= 330 and 0 < h <= 200 for w, h in charts), (path, charts)
            name = (path.strip("/").replace("/", "-") or "home") + f"-{width}x{height}.png"
            page.screenshot(path=str(SCREENSHOTS / name), full_page=False)
            STATS[f"pages checked at {width}x{height}"] += 1
    finally:
        context.close()


def test_a_burst_of_edits_still_ends_on_the_right_result(page, site_url):
    """A held stepper or fast typing: hundreds of edits within seconds (browsers throttle URL
    rewrites; the result must never depend on that)."""
    form = open_jump(page, site_url + JUMP["page"])
    page.evaluate("""() => {
        const field = document.querySelector('form[data-calculator="gurps.jump"] [name="basic_move"]');
        for (let i = 0; i < 300; i++) {
            field.value = String(1 + (i % 20));
            field.dispatchEvent(new Event('input', { bubbles: true }));
        }
    }""")
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond("gurps.jump", {"basic_move": "20", "running_yards": "0"}))
    page.wait_for_url("**basic_move:20**")
