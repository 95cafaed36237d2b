"""Round three (issue 33): what a GM and a new player hit around the rules, at phone and tablet
sizes: the front door, the Characters page, messages where the eye is, the session's head on a
phone, a calculator's result in sight while its inputs are edited."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS
from tests.browser.helpers import kept, screenshot
from tests.browser.test_characters import BRUNO, editor, make_character, open_characters
from tests.browser.test_fight_page import add_foes, press
from tests.browser.test_session import TableDice, start_with

BOX = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.top, r.bottom]; }"
IN_VIEW = """el => { const r = el.getBoundingClientRect();
    return r.top >= 48 && r.bottom <= innerHeight; }"""  # below the theme's 48 px bar
BOTH = ["phone", "tablet"]


@pytest.fixture
def url(site_url):
    return site_url


@pytest.fixture(params=BOTH)
def screen(request, browser):
    """A fresh browser context at a phone's or a tablet's size: (name, context)."""
    context = browser.new_context(**SCREENS[request.param])
    yield request.param, context
    context.close()


def test_the_front_door_leads_to_characters_sessions_and_the_gm_screens(screen, url):
    name, context = screen
    page = context.new_page()
    page.goto(url)
    door = page.locator(".rc-front-door")
    links = {a.inner_text(): a.get_attribute("href") for a in door.locator("a").all()}
    assert links["Keep your characters"].rstrip("/").endswith("characters")
    assert links["Run a session"].rstrip("/").endswith("session")
    assert {links[game].rstrip("/").rsplit("/", 1)[-1] for game in ("Basic Fantasy", "GURPS", "SHELL")} == {
        "bfrpg", "gurps", "shell"}
    assert "GM screen" in door.inner_text()
    assert door.evaluate(IN_VIEW.replace("r.bottom <= innerHeight", "r.top < innerHeight"))  # on the first screen
    screenshot(page, f"round-three-home-{name}.png")


def test_the_characters_page_opens_on_the_roster_new_character_and_one_import(screen, url):
    name, context = screen
    page = context.new_page()
    open_characters(page, url)
    home = page.locator("[data-character-home]")
    assert "No characters yet" in home.inner_text()
    for control in ("[data-action='new-character-top']", "[data-import-file]", "[data-character-home]"):
        assert page.locator(control).evaluate("el => el.getBoundingClientRect().top < innerHeight"), control
    assert page.locator("[data-import-file]").count() == 1  # one control for every kind of file
    assert not page.get_by_text("Everything the site keeps (characters, parties").is_visible()  # folded away
    page.select_option("[data-new-character-system]", "bfrpg")
    page.click("[data-action='new-character-top']")
    assert page.evaluate("() => document.activeElement.closest('form')?.dataset.characterEditor") == "bfrpg"
    assert page.evaluate("() => document.activeElement.name") == "name"
    make_character(page, "gurps", "Bruno", BRUNO)
    page.evaluate("() => scrollTo(0, 0)")
    assert home.locator("li").all_inner_texts()[0].startswith("Bruno")
    screenshot(page, f"round-three-characters-{name}.png")
    home.locator("[data-action='open-character']").click()
    assert page.evaluate("() => document.activeElement.value") == "Bruno"
    assert editor(page, "gurps").evaluate("f => f.dataset.editing") != ""


def test_a_refused_save_says_why_beside_the_button_and_focuses_the_field(screen, url):
    name, context = screen
    page = context.new_page()
    open_characters(page, url)
    form = editor(page, "gurps")
    form.locator("[data-action='new-character']").click()
    save = form.locator("[data-action='save-character']")
    save.click()
    status = form.locator("[data-status]")
    page.wait_for_function("s => s.textContent.startsWith('Not saved')", arg=status.element_handle())
    assert status.inner_text() == "Not saved: Name is empty."
    assert page.evaluate("() => document.activeElement.name") == "name"
    save.scroll_into_view_if_needed()
    assert status.evaluate(IN_VIEW)  # the status sits with the button, in view
    screenshot(page, f"round-three-not-saved-{name}.png")
    # The party form: its message at its own field.
    parties = form.locator("[data-parties]")
    parties.locator("[data-action='new-party']").click()
    beside = parties.locator("[data-party-status]")
    assert "New party is empty" in beside.inner_text()
    assert page.evaluate("() => document.activeElement.matches('[data-party-name]')")
    assert beside.evaluate(IN_VIEW)


def test_share_opens_where_the_button_is_and_a_shared_link_asks_in_view(screen, url, browser):
    name, context = screen
    page = context.new_page()
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    share = editor(page, "gurps").locator("[data-character-roster] [data-action='share-character']")
    share.scroll_into_view_if_needed()
    share.click()
    link_field = page.locator("[data-share-link]")
    link_field.wait_for()
    assert page.evaluate("() => document.activeElement.matches('[data-share-link]')")
    assert link_field.evaluate(IN_VIEW)
    # The panel sits under the roster the button is in, not at the top of the page.
    shared_top = page.evaluate(BOX, "[data-share]")[0]
    roster_bottom = editor(page, "gurps").locator("[data-character-roster]").evaluate(
        "el => el.getBoundingClientRect().bottom")
    assert 0 <= shared_top - roster_bottom < 40
    screenshot(page, f"round-three-share-{name}.png")
    link = link_field.input_value()
    other = browser.new_context(**SCREENS[name])
    try:
        phone = other.new_page()
        phone.goto(link)
        phone.wait_for_function(
            "() => document.querySelector('[data-import-preview]')?.dataset.importState === 'asking'", timeout=60_000)
        question = phone.locator("[data-import-preview]")
        assert question.locator(".rc-import-question").inner_text() == "Import Ana?"
        assert phone.evaluate("() => document.activeElement.dataset.action") == "confirm-import"
        assert question.locator("[data-action='confirm-import']").evaluate(IN_VIEW)
        screenshot(phone, f"round-three-link-import-{name}.png")
    finally:
        other.close()


def test_any_file_goes_where_it_belongs_and_says_what_it_was(page, url, tmp_path):
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    page.locator("[data-everything] summary").click()
    with page.expect_download() as download:
        page.locator('[data-action="backup-everything"]').click()
    backup = tmp_path / "everything.json"
    download.value.save_as(backup)
    with page.expect_download() as download:
        page.locator('[data-action="export-characters"]').click()
    characters = tmp_path / "characters.json"
    download.value.save_as(characters)
    link = tmp_path / "link.txt"
    share = editor(page, "gurps").locator("[data-action='share-character']")
    share.click()
    link.write_text(page.locator("[data-share-link]").input_value() + "\n")
    kind = page.locator("[data-import-kind]")
    # A backup given to the import goes to Restore, with its question.
    page.locator("[data-import-file]").set_input_files(str(backup))
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'asking'")
    assert "backup" in kind.inner_text() and kind.get_attribute("data-import-kind") == "backup"
    # A characters file given to Restore goes to the import.
    page.locator("[data-restore-file]").set_input_files(str(characters))
    page.wait_for_function("() => document.querySelector('[data-import-preview]').dataset.importState === 'asking'")
    assert kind.get_attribute("data-import-kind") == "characters"
    assert page.locator("[data-restore-preview]").is_hidden()
    # A file holding a share link imports what the link carries.
    page.locator("[data-import-file]").set_input_files(str(link))
    page.wait_for_function("() => document.querySelector('[data-import-kind]').dataset.importKind === 'link' && "
                           "document.querySelector('[data-import-preview]').dataset.importState === 'asking'")
    assert kind.get_attribute("data-import-kind") == "link" and "Ana" in page.inner_text("[data-import-preview]")
    assert [c["name"] for c in kept(page, "characters")] == ["Ana"]  # nothing changed before a yes


FOUR = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": f"c{i}", "name": name, "system": "bfrpg", "fields": {"hp": "8"}}
    for i, name in enumerate(["Alda", "Pip", "Corwin Longname of the Western Marches", "Dara"])],
    "parties": [{"id": "p4", "name": "Four", "system": "bfrpg", "members": ["c0", "c1", "c2", "c3"]}]}


def test_the_session_head_on_a_phone_is_one_line_with_the_rest_on_a_tap(browser, url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start_with(page, url, FOUR, "bfrpg", "Four")
        dice = TableDice()
        page.check("[data-own-dice]")
        add_foes(page, [{"monster": "goblin", "count": "3"}])
        press(page, '[data-action="apply-action"]', dice)
        page.wait_for_selector("[data-fight]:not([hidden])")
        page.locator('[data-action="apply-action"]').scroll_into_view_if_needed()
        top, bottom = page.evaluate(BOX, ".rc-session-head")
        height = SCREENS["phone"]["viewport"]["height"]
        assert bottom <= 0.2 * height, f"the head ends at {bottom:.0f} px of {height} (bar included)"
        assert page.locator("[data-head-next-turn]").is_visible()
        assert not page.locator("[data-session-summary]").is_visible()
        screenshot(page, "round-three-session-head-phone.png")
        toggle = page.locator("[data-head-toggle]")
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true"
        assert page.locator("[data-session-summary]").is_visible() and "Alda" in page.inner_text(
            "[data-session-summary]")
        screenshot(page, "round-three-session-head-open-phone.png")
    finally:
        context.close()


def test_a_calculators_main_result_stays_in_sight_on_a_phone(live):
    page = live.open("gurps/encumbrance/", screen="phone")
    form = page.locator("form[data-calculator='gurps.encumbrance']")
    fields = form.locator(".rc-inputs input[name]")
    last = fields.nth(fields.count() - 1)
    fields.nth(0).fill("14")
    last.scroll_into_view_if_needed()
    last.focus()
    line = form.locator("[data-result-line]")
    page.wait_for_function("l => l.textContent.includes('Basic Lift (BL): 39 lb')", arg=line.element_handle())
    assert line.evaluate(IN_VIEW.replace(">= 48", ">= 40"))
    assert last.evaluate(IN_VIEW)
    screenshot(page, "round-three-result-line-phone.png")


def test_in_a_fight_time_passing_is_not_offered_and_the_day_offers_sleep_and_bed_rest(browser, url):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        start_with(page, url, FOUR, "bfrpg", "Four")
        offered = "() => [...document.querySelectorAll('[data-session-action] option')].map(o => o.value)"
        before = page.evaluate(offered)
        assert "advance_turns" in before and "day_rest" in before and "next_turn" not in before
        page.select_option("[data-session-action]", "day_rest")
        fields = page.locator("[data-session-fields]")
        assert fields.locator('[data-field="sleep"]').count() == 1
        assert fields.locator('[data-field="bed_rest"]').count() == 1
        dice = TableDice()
        page.check("[data-own-dice]")
        add_foes(page, [{"monster": "goblin", "count": "1"}])
        press(page, '[data-action="apply-action"]', dice)
        page.wait_for_selector("[data-fight]:not([hidden])")
        during = page.evaluate(offered)
        assert "next_turn" in during and not {"advance_turns", "advance_rounds", "day_rest", "fight"} & set(during)
        screenshot(page, "round-three-fight-actions-tablet.png")
    finally:
        context.close()


def test_wounds_are_written_back_to_the_characters_asked_first_and_a_changed_sheet_is_never_overwritten(
        browser, url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start_with(page, url, FOUR, "bfrpg", "Four")
        dice = TableDice()
        page.check("[data-own-dice]")
        for who, hp in (("Alda", "3"), ("Pip", "2")):
            page.select_option("[data-session-action]", "damage")
            page.locator('[data-session-fields] [data-field="who"]').select_option(label=who)
            page.locator('[data-session-fields] [data-field="hp"]').fill(hp)
            press(page, '[data-action="apply-action"]', dice)
        # Pip's sheet changes in another tab while the session runs: HP lost 1 there.
        other = context.new_page()
        open_characters(other, url)
        pip = editor(other, "bfrpg")
        pip.locator("[data-character-roster] li", has_text="Pip").locator("[data-action='edit-character']").click()
        pip.locator('[name="hp_lost"]').fill("1")
        pip.locator('[data-action="save-character"]').click()
        other.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Pip.'",
                                arg=pip.element_handle())
        other.close()
        page.click('[data-action="close-session"]')
        area = page.locator("[data-write-back]")
        page.wait_for_function("() => document.querySelector('[data-write-back]').dataset.writeBackState === 'asking'")
        lines = area.locator("[data-write-back-line]").all_inner_texts()
        assert lines == ["Alda: Hit points lost 0 → 3.", "Pip: Hit points lost 0 → 2."]
        assert {c["name"]: c["fields"].get("hp_lost") for c in kept(page, "characters")}["Alda"] in (None, "0")
        screenshot(page, "round-three-write-back-phone.png")
        area.locator("[data-action='confirm-write-back']").click()
        page.wait_for_function("() => document.querySelector('[data-write-back]').dataset.writeBackState"
                               " === 'conflict'")
        conflict = area.locator("[data-write-back-conflict]")
        assert "Pip's sheet changed since the session began" in conflict.inner_text()
        assert "Hit points lost 1 on the sheet, 2 after the session" in conflict.inner_text()
        sheets = {c["name"]: c["fields"].get("hp_lost") for c in kept(page, "characters")}
        assert sheets["Alda"] == "3" and sheets["Pip"] == "1"  # Pip's own change is not written over
        screenshot(page, "round-three-write-back-conflict-phone.png")
        conflict.locator("[data-action='take-session-figures']").click()
        page.wait_for_function("() => !document.querySelector('[data-write-back-conflict] button')")
        assert {c["name"]: c["fields"].get("hp_lost") for c in kept(page, "characters")}["Pip"] == "2"
        # Every sheet now holds the session's figures: Close closes without asking again.
        page.click('[data-action="close-session"]')
        page.wait_for_function("() => document.querySelector('[data-session-active]').hidden")
    finally:
        context.close()
