"""At the table, round two (issue 27): what a GM hit running a session on a tablet and a phone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS
from tests.browser.helpers import screenshot, wait_live, wait_settled
from tests.browser.test_kept import do, start_bfrpg_session

BOX = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.top, r.bottom]; }"
TOP_BUTTON_OVER_A_SESSION_BUTTON = """() => {
    const top = document.querySelector('.md-top');
    if (!top || top.hidden || getComputedStyle(top).visibility === 'hidden' || top.classList.contains('rc-top-aside')
        || !top.classList.contains('md-top--shown') && getComputedStyle(top).opacity === '0') return [];
    const t = top.getBoundingClientRect();
    return [...document.querySelectorAll('[data-session-active] button')].filter(b => {
        const r = b.getBoundingClientRect();
        return r.width && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
    }).map(b => b.textContent); }"""


@pytest.fixture
def url(site_url):
    return site_url


@pytest.mark.parametrize("screen", ["tablet", "phone"])
def test_start_shows_the_session_at_once_and_its_head_stays_in_sight(browser, url, screen):
    context = browser.new_context(**SCREENS[screen])
    try:
        page = context.new_page()
        height = SCREENS[screen]["viewport"]["height"]
        start_bfrpg_session(page, url)
        top, _ = page.evaluate(BOX, "[data-session-name]")
        assert 0 <= top < height / 3, f"the new session's name is at {top:.0f} px of {height}"
        assert page.evaluate("() => document.activeElement.matches('[data-session-name]')")
        assert not page.locator("[data-session-new]").is_visible()  # folded away under the session
        screenshot(page, f"session-after-start-{screen}.png")
        do(page, "advance_turns", {"turns": "2"})
        page.wait_for_function("() => document.querySelector('[data-session-clock]').dataset.turn === '2'")
        page.locator('[data-action="apply-action"]').scroll_into_view_if_needed()
        page.mouse.wheel(0, -40)  # a reader scrolling back up a little: the theme shows its top button
        page.wait_for_timeout(300)
        clock_top, clock_bottom = page.evaluate(BOX, "[data-session-clock]")
        summary_top, summary_bottom = page.evaluate(BOX, "[data-session-summary]")
        assert 0 <= clock_top and clock_bottom <= height, "the clock scrolled away from the action form"
        assert 0 <= summary_top and summary_bottom <= height and "Alda" in page.inner_text("[data-session-summary]")
        assert page.locator('[data-action="apply-action"]').is_visible()
        assert page.evaluate(TOP_BUTTON_OVER_A_SESSION_BUTTON) == []
        screenshot(page, f"session-mid-{screen}.png")
    finally:
        context.close()


def test_a_wrong_face_is_marked_on_its_field_and_the_roll_boxes_use_the_sites_look(page, site_url):
    # A page of its own: on the shared live page an earlier test's choice of die could stay,
    # and with it which faces are wrong.
    page.goto(site_url + "gurps/success-rolls/")
    wait_live(page)
    form = page.locator('form[data-calculator="gurps.success_roll"]')
    wait_settled(form)  # its first answer drawn: typed faces are not redrawn under the test
    form.locator(".rc-rolled summary").click()
    faces = form.locator("[data-face]")
    for i, face in enumerate(["4", "7", "2"]):
        faces.nth(i).fill(face)
    form.locator('[data-action="use-faces"]').click()
    assert [faces.nth(i).get_attribute("aria-invalid") for i in range(3)] == [None, "true", None]
    assert "die 2 of 3" in form.locator("[data-roll-outcome]").inner_text()
    assert page.evaluate("() => document.activeElement.matches('[data-face]:nth-child(2)')")
    faces.nth(1).fill("5")
    form.locator('[data-action="use-faces"]').click()
    page.wait_for_function("f => f.querySelector('[data-roll-outcome]').dataset.dice === '[4,5,2]'",
                           arg=form.element_handle())
    assert faces.nth(1).get_attribute("aria-invalid") is None
    # No admonition box: the theme's "note" look (border, shadow, pencil icon) is not applied.
    looks = form.evaluate("""f => [...f.querySelectorAll('.rc-rolled, .rc-roll-history')].map(d => {
        const style = getComputedStyle(d);
        return [style.borderTopWidth, style.boxShadow]; })""")
    assert looks == [["0px", "none"], ["0px", "none"]]
