"""Every page and the states a reader reaches pass axe-core (WCAG 2.0, 2.1 and 2.2, A and AA)
in the light and the dark colour scheme, with no violation allowed; keyboard-only walks;
text at 200 %; reduced motion (issue 27).

axe-core is pinned in package.json as a development dependency: installed for the tests,
never part of the built site. It is put into each page by an init script of the test's context
(Playwright adds those outside the site's Content-Security-Policy, which rightly refuses
inline scripts and stays in force)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import SCREENS
from tests.browser.helpers import calculator, follow_link, mark_visit, screenshot, wait_live, wait_settled
from tests.browser.test_characters import make_character
from tests.browser.test_kept import do, start_bfrpg_session

ROOT = Path(__file__).resolve().parents[2]
AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
FIXTURES = ROOT / "tests" / "fixtures" / "import"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
RUN_AXE = """async (tags) => {
    const found = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return found.violations.map(v => `${v.id} (${v.impact}): ${v.help} at `
        + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')); }"""


def audit(page) -> list[str]:
    """axe-core's violations on the page as it is now, once the theme's header has finished
    fading between the site's name and the page's title, and its "Back to top" button coming or
    going after a scroll (mid-fade, their text is part opacity, and axe reads its contrast low)."""
    page.wait_for_function("() => ['.md-header', '.md-top'].every(part => !document.querySelector(part)"
                           "?.getAnimations({ subtree: true }).some(a => a.playState === 'running'))")
    assert page.evaluate("() => typeof window.axe === 'object'"), "axe is put in by the context (audited_context)"
    return page.evaluate(RUN_AXE, TAGS)


def pages_of(site_dir: Path) -> list[str]:
    paths = sorted(str(index.relative_to(site_dir).parent) + "/" for index in site_dir.rglob("index.html")
                   if not {"assets", "bare", "pyodide"} & set(index.relative_to(site_dir).parts))
    return ["" if path == "./" else path for path in paths]


def audited_context(browser, screen: str = "tablet"):
    """A device of that screen with axe in each page, the light scheme first (Playwright's
    default); audit_both_schemes switches to the dark one and back."""
    context = browser.new_context(**SCREENS[screen])
    context.add_init_script(script=AXE)
    return context


PALETTES = {"default", "slate"}  # the theme's light and dark colour schemes


def audit_both_schemes(page) -> list[str]:
    """audit() in the colour scheme the page is in, then in the other one, switched by the
    header's toggle as a reader does (each page is loaded once for both)."""
    found, seen = [], set()
    for _ in PALETTES:
        palette = page.evaluate("document.body.dataset.mdColorScheme")
        seen.add(palette)
        found += [f"({palette}) {problem}" for problem in audit(page)]
        page.locator('[data-md-component="palette"] label:not([hidden])').click()
        page.wait_for_function("p => document.body.dataset.mdColorScheme !== p", arg=palette)
    assert seen == PALETTES
    return found


def test_every_page_passes_axe_in_both_colour_schemes(browser, site_url, site_dir):
    context = audited_context(browser)
    try:
        page = context.new_page()
        problems = {}
        paths = pages_of(site_dir)
        assert len(paths) > 40
        for i, path in enumerate(paths):
            if i == 0:
                page.goto(site_url + path)
                mark_visit(page)
            else:
                follow_link(page, site_url + path)
            wait_live(page)
            if found := audit_both_schemes(page):
                problems[path or "/"] = found
        assert problems == {}, "\n".join(f"{path}: {found}" for path, found in problems.items())
    finally:
        context.close()


def test_the_states_a_reader_reaches_pass_axe(browser, site_url, tmp_path):
    context = audited_context(browser)
    problems: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        page.goto(site_url + "gurps/encumbrance/")
        wait_live(page)
        form = calculator(page, "gurps.encumbrance")
        form.locator('[name="st"]').fill("abc")
        wait_settled(form)
        assert form.locator('[data-error-for="st"]').is_visible()
        problems["an input error shown"] = audit_both_schemes(page)
        page.goto(site_url + "gurps/success-rolls/")
        wait_live(page)
        picker = calculator(page, "gurps.modifiers")
        picker.locator('[data-chips-for="shock"] [data-chip-value="-2"]').click()
        wait_settled(picker)
        problems["a modifier picker in use"] = audit_both_schemes(page)
        roll = calculator(page, "gurps.success_roll")
        roll.locator('[data-action="roll"]').click()
        page.wait_for_function("f => f.querySelector('[data-roll-outcome]').dataset.total", arg=roll.element_handle())
        problems["a roll made"] = audit_both_schemes(page)
        page.goto(site_url + "characters/")
        page.wait_for_function("() => [...document.querySelectorAll('form[data-character-editor]')]"
                               ".every(f => f.dataset.state === 'ready')", timeout=60_000)
        make_character(page, "gurps", "Ana", {"st": "11"})
        problems["a character saved"] = audit_both_schemes(page)
        page.locator("[data-foreign-import-file]").set_input_files(str(FIXTURES / "gcs-v4.gcs"))
        page.wait_for_function(
            "() => document.querySelector('[data-foreign-preview]')?.dataset.foreignState === 'asking'")
        problems["an import's preview with its cross-check"] = audit_both_schemes(page)
        start_bfrpg_session(page, site_url)
        do(page, "damage", {"who": "Alda", "hp": "3"})
        page.wait_for_function("() => document.querySelectorAll('[data-session-log] li').length > 0")
        problems["a session started, an action taken"] = audit_both_schemes(page)
        page.select_option("[data-session-action]", "fight")  # the foe rows, the monster filter
        page.locator("[data-choice-filter]").fill("goblin")
        problems["a fight's foes being typed in"] = audit_both_schemes(page)
        page.click('[data-action="apply-action"]')
        page.locator("[data-fight]:not([hidden]) [data-combatant]").first.wait_for()
        problems["a fight in progress"] = audit_both_schemes(page)
        page.click('[data-action="toggle-gm"]')
        problems["the players' view of the fight"] = audit_both_schemes(page)
        page.goto(site_url + "screen/gurps/")
        wait_live(page)
        page.locator(".rc-tile [data-action=open-tile]").first.click()
        page.locator(".rc-tile[data-open]").wait_for()
        problems["a GM screen panel open"] = audit_both_schemes(page)
    finally:
        context.close()
    failing = {state: found for state, found in problems.items() if found}
    assert failing == {}, "\n".join(f"{state}: {found}" for state, found in failing.items())


def tab_to(page, selector: str, limit: int = 400):
    """Presses Tab until the focused element matches selector (a keyboard user's way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only_a_character_a_session_action_and_a_gm_screen_panel(page, site_url):
    page.goto(site_url + "characters/")
    page.wait_for_function("() => [...document.querySelectorAll('form[data-character-editor]')]"
                           ".every(f => f.dataset.state === 'ready')", timeout=60_000)
    tab_to(page, 'form[data-character-editor="gurps"] [name="name"]')
    page.keyboard.type("Kay")
    tab_to(page, 'form[data-character-editor="gurps"] [data-action="save-character"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('form[data-character-editor=\"gurps\"] [data-status]')"
                           ".textContent === 'Saved Kay.'")
    start_bfrpg_session(page, site_url)
    page.evaluate("() => document.activeElement.blur()")
    tab_to(page, "[data-session-action]")
    page.select_option("[data-session-action]", "advance_turns")  # a select is chosen with the arrow keys
    tab_to(page, '[data-session-fields] [data-field="turns"]')
    page.keyboard.type("2")
    tab_to(page, '[data-action="apply-action"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('[data-session-clock]').dataset.turn === '2'")
    page.goto(site_url + "screen/gurps/")
    wait_live(page)
    tab_to(page, ".rc-tile [data-action=open-tile]")
    opener = page.evaluate("() => document.activeElement.closest('.rc-tile').dataset.screenTile")
    page.keyboard.press("Enter")
    page.locator(f'.rc-tile[data-screen-tile="{opener}"][data-open]').wait_for()
    assert page.evaluate("() => document.activeElement.matches('[data-action=close-tile]')")  # focus into the panel
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.rc-tile[data-open]')")
    assert page.evaluate("t => document.activeElement.closest('.rc-tile')?.dataset.screenTile === t "
                         "&& document.activeElement.matches('[data-action=open-tile]')", opener)  # and back


def test_a_result_is_announced_once_when_the_reader_stops_typing(page, site_url):
    page.goto(site_url + "gurps/encumbrance/")
    wait_live(page)
    form = calculator(page, "gurps.encumbrance")
    region = form.locator("[data-announce]")
    assert region.get_attribute("aria-live") == "polite"
    page.evaluate("""r => { window.__told = []; new MutationObserver(() => window.__told.push(r.textContent))
        .observe(r, { childList: true, characterData: true, subtree: true }); }""", region.element_handle())
    st = form.locator('[name="st"]')
    st.select_text()  # typed over, not beside the default (10): "1", then "14", both allowed
    st.press_sequentially("14", delay=60)
    wait_settled(form)
    assert st.input_value() == "14" and form.get_attribute("data-state") == "ready"
    page.wait_for_function("() => window.__told.length > 0")
    page.wait_for_timeout(1200)
    told = page.evaluate("() => window.__told")
    assert len(told) == 1 and told[0].startswith("Encumbrance") and "Basic Lift" in told[0], told
    # "1" (allowed) then "1a" (refused): the refusal stands, and the greyed result is not read out.
    page.evaluate("() => { window.__told.length = 0; }")
    st.select_text()
    st.press_sequentially("1a", delay=60)
    wait_settled(form)
    assert form.get_attribute("data-state") == "error"
    page.wait_for_timeout(1200)
    assert page.evaluate("() => window.__told") == []


@pytest.mark.parametrize("path", ["gurps/encumbrance/", "characters/", "session/"])
def test_text_at_200_percent_is_not_cut_off(browser, site_url, path):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        if path == "session/":
            start_bfrpg_session(page, site_url)
        else:
            page.goto(site_url + path)
            wait_live(page)
        page.evaluate("() => { document.documentElement.style.fontSize = '250%'; }")  # the theme's 125 % doubled
        page.wait_for_timeout(200)
        overflow = page.evaluate("""() => ({ page: document.documentElement.scrollWidth - window.innerWidth,
            cut: [...document.querySelectorAll('article button, article label, article dd, article dt, article input')]
                .filter(el => el.offsetParent && el.scrollWidth > el.clientWidth + 2
                    && getComputedStyle(el).overflowX !== 'visible')
                .map(el => el.outerHTML.slice(0, 80)) })""")
        assert overflow["page"] <= 0 and overflow["cut"] == [], overflow
        screenshot(page, f"text-200-{path.strip('/').replace('/', '-')}.png")
    finally:
        context.close()


def test_reduced_motion_is_followed(page, site_url):
    page.emulate_media(reduced_motion="reduce")  # the reader's setting, for this page
    page.goto(site_url + "gurps/encumbrance/")
    duration = page.evaluate("""() => getComputedStyle(
        document.querySelector('.rc-working > summary'), '::before').transitionDuration""")
    assert duration == "0s"
    page.emulate_media(reduced_motion="no-preference")  # and the motion is back without it
    assert page.evaluate("""() => getComputedStyle(
        document.querySelector('.rc-working > summary'), '::before').transitionDuration""") != "0s"
