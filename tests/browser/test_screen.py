"""The GM screens (/screen/<system>/) on a 1024x768 tablet in landscape: every calculator of the
system as a tile, no scrolling with or without a panel open, results equal to rulescore's, rule
links that land; printed on at most two A4 pages; the open session's summary; the "Calculators
only" view of a rules page and back; a GM screen offline.

The screens share one live page at 1024x768 (``screen="gm"``); the rules pages use their
system's desktop live page."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

import rulescore
from rulescore import session
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    expected_outputs,
    follow_link,
    screenshot,
    set_inputs,
    settled,
    shown_outputs,
    wait_live,
)
from tests.samples import sample_cases

CATALOGUE = rulescore.catalogue()
SYSTEMS = ("bfrpg", "gurps", "shell")
OF_SYSTEM = {system: [calc for calc in CATALOGUE if calc["id"].split(".")[0] == system] for system in SYSTEMS}
# Opened at 1024x768, these panels scroll inside: fourteen results and six dice charts, and the
# modifier pickers, whose chips (a row of choices each) outgrow one screen.
SCROLLS_INSIDE = {"bfrpg.chances", "bfrpg.modifiers", "gurps.modifiers", "shell.modifiers"}
CONTENT = "article.md-content__inner"  # the page's own article (search results are articles too)

NOT_SCROLLING = """() => { const d = document.documentElement;
    return {height: [d.scrollHeight, innerHeight], width: [d.scrollWidth, innerWidth]}; }"""
# A box whose content is taller or wider than the box: a tile that clips what it shows.
SPILLS = "el => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1"


def assert_not_scrolling(page, what: str):
    sizes = page.evaluate(NOT_SCROLLING)
    assert sizes["height"][0] <= sizes["height"][1] and sizes["width"][0] <= sizes["width"][1], (what, sizes)


def tile(page, calc_id: str):
    return page.locator(f'[data-screen-tile="{calc_id}"]')


def headline(answer: dict, calc: dict) -> list[str]:
    """The first two outputs that apply: what a closed tile shows."""
    return [spec["name"] for spec in calc["outputs"] if answer["outputs"][spec["name"]]["value"] is not None][:2]


def shown_headline(page, calc_id: str) -> list[str]:
    return tile(page, calc_id).evaluate("""t => [...t.querySelectorAll('[data-output]')]
        .filter(el => el.getBoundingClientRect().height > 0).map(el => el.dataset.output)""")


def a_case(calc: dict) -> dict:
    """The last sampled input set rulescore accepts (a random combination of every input)."""
    return next(case for case in reversed(sample_cases(calc)) if respond(calc["id"], case)["ok"])


@pytest.mark.parametrize("system", SYSTEMS)
def test_gm_screen_fits_a_tablet_and_every_calculator_is_live_on_it(live, system, site_dir, site_url):
    page = live.open(f"screen/{system}/", screen="gm")
    calcs = OF_SYSTEM[system]
    assert page.eval_on_selector_all(".rc-tile", "ts => ts.map(t => t.dataset.screenTile)") == [c["id"] for c in calcs]
    assert page.locator("form[data-calculator][data-state=ready]").count() == len(calcs)
    # No rules prose: the page is its title and the screen.
    assert page.eval_on_selector_all(f"{CONTENT} > *", "els => els.map(e => e.tagName)") == ["H1", "DIV"]
    assert_not_scrolling(page, "closed")
    assert page.eval_on_selector_all(".rc-tile", f"ts => ts.filter({SPILLS}).map(t => t.dataset.screenTile)") == []
    for calc in calcs:
        # Each tile's "§" lands on its form on its rules page, among the rules it applies.
        href = tile(page, calc["id"]).locator(".rc-tile-rule").evaluate("a => a.href")
        parts = urlsplit(href)
        path = parts.path[len(urlsplit(site_url).path):]
        assert path == calc["page"] and parts.fragment, href
        assert f'id="{parts.fragment}"' in (site_dir / path / "index.html").read_text(encoding="utf-8"), href
        assert shown_headline(page, calc["id"]) == headline(respond(calc["id"]), calc)

    # Every tile opens into a panel over the screen; the page still does not scroll, and the
    # panel holds the whole form (but SCROLLS_INSIDE, which scroll inside the panel).
    scrolling = set()
    for calc in calcs:
        opener = tile(page, calc["id"]).locator("[data-action=open-tile]")
        opener.click()
        assert opener.get_attribute("aria-expanded") == "true"
        # Its first field is in sight (a field offered as chips shows the chips, not its control).
        assert tile(page, calc["id"]).locator(".rc-inputs .rc-field").first.is_visible()
        assert_not_scrolling(page, calc["id"])
        if tile(page, calc["id"]).evaluate(SPILLS):
            scrolling.add(calc["id"])
        page.keyboard.press("Escape")
        assert opener.get_attribute("aria-expanded") == "false"
    assert scrolling == SCROLLS_INSIDE & {c["id"] for c in calcs}

    # The densest form, opened and filled in: rulescore's answer, and its tile's headline after.
    calc = max(calcs, key=lambda c: len(c["inputs"]))
    tile(page, calc["id"]).locator(".rc-tile-open").click()
    form = calculator(page, calc["id"])
    case = a_case(calc)
    set_inputs(form, case)
    answer = respond(calc["id"], case)
    assert settled(form)["outputs"] == expected_outputs(answer)
    assert_not_scrolling(page, f"{calc['id']} open")
    if system == "gurps":
        screenshot(page, "gm-screen-gurps-tablet.png")
    tile(page, calc["id"]).locator("[data-action=close-tile]").click()
    assert shown_headline(page, calc["id"]) == headline(answer, calc)
    if system == "gurps":
        screenshot(page, "gm-screen-gurps-tablet-tiles.png")
    assert shown_outputs(form) == expected_outputs(answer)


@pytest.mark.parametrize("system", SYSTEMS)
def test_gm_screen_prints_every_calculator_on_two_a4_pages(live, system):
    page = live.open(f"screen/{system}/", screen="gm")
    page.emulate_media(media="print")
    try:
        # Printed: each form's inputs and results, none of the screen's buttons.
        missing = page.evaluate("""() => [...document.querySelectorAll('form[data-calculator]')].filter(f =>
            !f.querySelector('.rc-inputs').getBoundingClientRect().height
            || !f.querySelector('.rc-outputs').getBoundingClientRect().height).map(f => f.dataset.calculator)""")
        buttons = page.locator(".rc-tile-head").evaluate_all("heads => heads.filter(h => h.offsetParent).length")
    finally:
        page.emulate_media(media="screen")
    assert missing == [] and buttons == 0
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
    assert 1 <= pages <= 2, pages


# A BFRPG party's evening so far: two lights, a wound, time gone by.
PARTY = [{"id": "c1", "name": "Alda", "system": "bfrpg", "fields": {"race": "dwarf", "strength": "16", "hp": "9"}},
         {"id": "c2", "name": "Pip", "system": "bfrpg", "fields": {"race": "halfling"}}]
ACTIONS = [{"do": "light", "source": "torch", "by": "c1"}, {"do": "light", "source": "lantern", "by": "c2"},
           {"do": "damage", "who": "c1", "hp": "3"}, {"do": "advance", "turns": "2"}]


def evening() -> dict:
    state = session.new("bfrpg", PARTY)
    for action in ACTIONS:
        state = session.apply(state, action, lambda count, sides: [1] * count)
    return state


def test_the_open_sessions_summary_is_on_its_systems_screen(live, site_url):
    page = live.open("screen/bfrpg/", screen="gm")
    assert page.locator("[data-screen-session]").is_hidden()  # no session yet
    state = evening()
    stored = {"format": "rules-at-the-table/sessions", "version": 1, "open": "s1", "sessions": [
        {"id": "s1", "name": "The sunken temple", "system": "bfrpg", "updated": "2026-11-24T20:00:00", "state": state}]}
    page.evaluate("s => localStorage.setItem('rules-at-the-table:sessions', s)", json.dumps(stored))
    follow_link(page, site_url + "screen/gurps/", keep_inputs=True)
    wait_live(page)
    assert page.locator("[data-screen-session]").is_hidden()  # a BFRPG session, a GURPS screen
    follow_link(page, site_url + "screen/bfrpg/", keep_inputs=True)
    strip = page.locator("[data-screen-session]:not([hidden])")
    strip.wait_for()
    view = session.view(state, gm=True)
    clock = strip.locator("[data-screen-clock]")
    assert (clock.get_attribute("data-turn"), clock.get_attribute("data-round")) == (str(view["turn"]),
                                                                                    str(view["round"]))
    assert strip.locator("[data-light]").evaluate_all("ls => ls.map(l => [l.dataset.light, l.dataset.burning])") == [
        [str(light["id"]), str(light["burning"]).lower()] for light in view["lights"]]
    people = strip.locator("[data-character-id]")
    assert people.evaluate_all("ps => ps.map(p => p.dataset.characterId)") == [p["id"] for p in view["characters"]]
    for person, shown in zip(view["characters"], people.all_text_contents(), strict=True):
        assert shown.startswith(person["name"]) and person["figures"][0] in shown, shown
    assert strip.locator("a").get_attribute("href").endswith("/session/")
    assert_not_scrolling(page, "with the session")


# One rules page per system, with more than one calculator.
RULES_PAGES = {"bfrpg": "bfrpg/dungeon/", "gurps": "gurps/attacking-and-defending/", "shell": "shell/combat/"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_calculators_only_hides_the_prose_keeps_them_live_and_gives_the_page_back(live, system, site_url):
    path = RULES_PAGES[system]
    page = live.open(path)
    article = page.locator(CONTENT)
    built = article.inner_html()
    ids = page.eval_on_selector_all("form[data-calculator]", "fs => fs.map(f => f.dataset.calculator)")
    toggle = page.locator("[data-action=calculator-only]")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.eval_on_selector_all(".rc-tile", "ts => ts.map(t => t.dataset.screenTile)") == ids
    assert not page.locator(f"{CONTENT} > h2").first.is_visible()
    assert not page.locator(f"{CONTENT} > p").first.is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert article.inner_html() == built  # the page exactly as it was

    # Remembered on this device: the next rules page opens with its calculators only.
    toggle.click()
    calc = next(c for c in CATALOGUE if c["id"] == ids[-1])
    tile(page, calc["id"]).locator("[data-action=open-tile]").click()
    form = calculator(page, calc["id"])
    case = a_case(calc)
    set_inputs(form, case)
    assert settled(form)["outputs"] == expected_outputs(respond(calc["id"], case))
    page.keyboard.press("Escape")
    other = next(c["page"] for c in OF_SYSTEM[system] if c["page"] != path)
    follow_link(page, site_url + other, keep_inputs=True)
    wait_live(page)
    assert page.locator("[data-action=calculator-only]").get_attribute("aria-pressed") == "true"
    assert page.locator(".rc-tile").count() == page.locator("form[data-calculator]").count() >= 1
    page.locator("[data-action=calculator-only]").click()
    assert page.locator(".rc-tile").count() == 0 and page.locator(f"{CONTENT} > p").first.is_visible()


@pytest.mark.fresh_device
def test_a_gm_screen_works_offline_after_one_visit(page, context, site_url):
    page.goto(site_url + "screen/gurps/")
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    context.set_offline(True)
    cold = context.new_page()  # the tablet opens another screen with no network
    cold.goto(site_url + "screen/shell/")
    wait_live(cold)
    calc = OF_SYSTEM["shell"][0]
    tile(cold, calc["id"]).locator("[data-action=open-tile]").click()
    form = calculator(cold, calc["id"])
    case = a_case(calc)
    set_inputs(form, case)
    assert settled(form)["outputs"] == expected_outputs(respond(calc["id"], case))
