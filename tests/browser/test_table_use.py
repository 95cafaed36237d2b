"""At the table: share links, remembered inputs, the working with its rule links, the
Calculators page, keyboard-only use, and a layout that fits a tablet and a phone."""

from __future__ import annotations

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import calculator, expected_outputs, screenshot, shown_outputs, wait_settled
from tests.browser.stats import STATS

CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}
JUMP = CATALOGUE["gurps.jump"]


def open_jump(live, path=JUMP["page"], keep_inputs=False):
    """The jumping page on the shared live page; its form as a new visitor finds it, or as
    this device left it (keep_inputs)."""
    page = live.open(path, keep_inputs=keep_inputs)
    form = calculator(page, "gurps.jump")
    wait_settled(form)
    return page, form


def test_a_shared_link_restores_inputs_and_result(live, site_url):
    page, form = open_jump(live)
    form.locator('[name="basic_move"]').fill("7")
    form.locator('[name="running_yards"]').fill("3")
    wait_settled(form)
    page.wait_for_url("**?gurps.jump=basic_move:7,running_yards:3")  # written once typing pauses
    form.locator('[data-action="copy-link"]').click()  # the live pages may use the clipboard
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url and "Link copied" in form.locator("[data-status]").text_content()
    assert copied.startswith(site_url)
    # Opened again with nothing remembered on the device: only the link brings the inputs back.
    page, form2 = open_jump(live, copied[len(site_url):])
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('gurps.jump'))") == []
    assert form2.locator('[name="basic_move"]').input_value() == "7"
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump", {"basic_move": "7", "running_yards": "3"}))


def test_inputs_are_remembered_and_reset(live):
    page, form = open_jump(live)
    form.locator('[name="basic_move"]').fill("8")
    wait_settled(form)
    page.wait_for_url("**basic_move:8**")  # saved on the device at the same moment
    page, form2 = open_jump(live, keep_inputs=True)  # back later, no query: the device remembers
    assert "?" not in page.url
    assert form2.locator('[name="basic_move"]').input_value() == "8"
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump", {"basic_move": "8", "running_yards": "0"}))
    form2.locator('[data-action="reset"]').click()
    wait_settled(form2)
    assert form2.locator('[name="basic_move"]').input_value() == str(JUMP["inputs"][0]["default"])
    assert shown_outputs(form2) == expected_outputs(respond("gurps.jump"))
    assert "?" not in page.url
    page, form3 = open_jump(live, keep_inputs=True)
    assert form3.locator('[name="basic_move"]').input_value() == str(JUMP["inputs"][0]["default"])


def test_the_working_links_each_step_to_its_rule(live):
    page, form = open_jump(live, JUMP["page"] + "?gurps.jump=basic_move:6,running_yards:4")
    form.locator(".rc-working summary").click()
    links = form.locator("[data-steps] a.rc-rule")
    answer = respond("gurps.jump", {"basic_move": "6", "running_yards": "4"})
    assert links.count() == sum(1 for rule in answer["rules"] if rule)
    for i in range(links.count()):
        href = links.nth(i).get_attribute("href")
        assert href.startswith("#") and page.locator(f"[id='{href[1:]}']").count() == 1
    links.last.click()
    assert page.url.endswith("#running-jumps")


def test_the_calculators_page_lists_and_filters_every_calculator(live):
    page = live.open("calculators/")
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


def test_keyboard_only(live):
    page, form = open_jump(live)
    field = form.locator('[name="basic_move"]')
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")  # from the top, nothing focused
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


@pytest.mark.parametrize("screen", ["tablet", "phone"])
def test_fits_a_tablet_and_a_phone(live, site_dir, screen):
    """Every page at 768x1024 and at 390x844 (touch; the phone as a mobile browser), one shared
    page per screen going from page to page by link."""
    pages = sorted("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
                   for p in site_dir.rglob("index.html"))
    for path in pages:
        page = live.open(path, screen=screen)
        width, height = page.viewport_size["width"], page.viewport_size["height"]
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
        screenshot(page, name, full_page=False)
        STATS[f"pages checked at {width}x{height}"] += 1


def test_a_burst_of_edits_still_ends_on_the_right_result(live):
    """A held stepper or fast typing: hundreds of edits within seconds (browsers throttle URL
    rewrites; the result must never depend on that)."""
    page, form = open_jump(live)
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
