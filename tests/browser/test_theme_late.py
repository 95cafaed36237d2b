"""A calculator page runs the theme's script (mkdocs-material's bundle) only once the engine
has answered its calculators, or at once when the reader touches or types first (a key of
the theme's own, "/" to search, is handed to it)
(widgets/engine-start.js): the engine's start then has the page's second core to itself. The
theme must still take the page over as if it had come first."""

from __future__ import annotations

import pytest

from tests.browser.helpers import wait_live

PAGE = "gurps/encumbrance/"
# What every calculator's state was when the theme's script had run.
THEME_SAW = """() => document.addEventListener('rc:theme', () => {
    window.__themeSaw = [...document.querySelectorAll('form[data-calculator]')].map(f => f.dataset.state);
}, { once: true })"""
SCHEME = "document.body.dataset.mdColorScheme"
PALETTE_SWITCH = 'label.md-header__button[for^="__palette"]:visible'
# The theme's components for a page (its sidebars, table of contents, header title) mount when it
# announces the page (document$); one of them takes this attribute off the sidebars' scrollers.
UNMOUNTED = "document.querySelectorAll('[data-md-scrollfix]').length"


def test_the_theme_runs_after_the_calculators_answered_and_takes_the_page_over(page, site_url):
    page.add_init_script(f"({THEME_SAW})()")
    page.goto(site_url + PAGE)
    assert page.locator('script[src*="assets/javascripts/bundle."]').count() == 0  # not in the page as served
    wait_live(page)
    saw = page.evaluate("window.__themeSaw")
    assert saw and set(saw) == {"ready"}, f"the theme ran while the calculators were {saw}"
    # The theme heard of this page although its DOMContentLoaded had passed.
    assert page.evaluate(UNMOUNTED) == 0
    before = page.evaluate(SCHEME)
    page.locator(PALETTE_SWITCH).first.click()
    page.wait_for_function(f"before => {SCHEME} !== before", arg=before)


@pytest.mark.fresh_device
def test_a_key_pressed_before_the_engine_answers_brings_the_theme_and_does_its_work(page, context, site_url):
    # The engine worker's script never arrives, and the theme's own time limit is a minute away:
    # only the reader can bring the theme now.
    context.route("**/engine-worker.js", lambda route: None)
    page.add_init_script("window.rulesThemeLatestMs = 60000")
    page.goto(site_url + PAGE)
    page.wait_for_timeout(500)
    assert not page.evaluate("Boolean(window.document$)"), "the theme ran before the engine answered"
    assert page.evaluate(UNMOUNTED) > 0
    page.keyboard.press("/")  # the theme's own shortcut to its search, pressed before it ran
    page.wait_for_function("() => document.activeElement?.matches('input.md-search__input')", timeout=10_000)
    page.keyboard.type("jump")
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0")
    assert page.evaluate("[...document.querySelectorAll('form[data-calculator]')].map(f => f.dataset.state)") \
        == ["loading"]  # the engine still has not answered
    assert page.evaluate(UNMOUNTED) == 0
    page.keyboard.press("Escape")  # the search closed, the header's switch is back
    before = page.evaluate(SCHEME)
    page.locator(PALETTE_SWITCH).first.click()
    page.wait_for_function(f"before => {SCHEME} !== before", arg=before)
