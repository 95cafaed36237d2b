"""Issue 43: the GM's shelf. At 768 x 1024 and at 390 x 844: a GURPS creature from a GCS file
(a fixture we wrote) kept on the shelf from the Characters page's import, a fight against two of
them started from the Session page's shelf in two taps, one biting with its Natural Attacks
(Bite), what the page kept replayed by rulescore in Python; an encounter kept and started in a
tap; a foe row of the fight form kept; the shelf in the backup; a database of the site's earlier
version opened with its characters kept; axe on the shelf; screenshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import SCREENSHOTS, wait_for_python
from tests.browser.helpers import kept as kept_records
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_fight_page import replayed
from tests.browser.test_session import open_session_page, start_with
from tests.browser.test_session import saved_state as saved

WOLF_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "import" / "gcs-creature-foe.gcs"
CHARACTERS: dict = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "g1", "name": "Nell", "system": "gurps", "fields": {"st": "10", "dx": "10", "ht": "10"}},
], "parties": [{"id": "p1", "name": "Nell alone", "system": "gurps", "members": ["g1"]}]}


def keep_wolf_from_import(page, url: str) -> None:
    page.goto(url + "characters/")
    page.wait_for_selector("[data-character-library]:not([hidden])")
    page.set_input_files("[data-foreign-import-file]", str(WOLF_FILE))
    preview = page.locator("[data-foreign-preview]")
    wait_for_python(page, lambda: preview.get_attribute("data-foreign-state") == "asking", "the import's preview")
    assert "Cave Wolf" in preview.inner_text()
    preview.locator('[data-action="foreign-keep-foe"]').click()
    wait_for_python(page, lambda: preview.get_attribute("data-foreign-state") == "done", "the foe to be kept")
    assert "on the GM's shelf" in preview.inner_text()
    page.wait_for_function("() => document.querySelector('[data-shelf-home]').textContent.includes('Cave Wolf')")
    assert page.locator("[data-character-home]").inner_text().count("Cave Wolf") == 0  # not a character


def log_has(page, text: str) -> None:
    page.wait_for_function("t => [...document.querySelectorAll('[data-session-log] li')]"
                           ".some(li => li.textContent.includes(t))", arg=text, timeout=30_000)


@pytest.mark.parametrize("screen", ["tablet", "phone"])
def test_a_creature_from_gcs_kept_on_the_shelf_fights_as_two_and_bites(browser, site_url, screen):
    context = browser.new_context(**SCREENS[screen])
    context.add_init_script(script=AXE)
    try:
        page = context.new_page()
        start_with(page, site_url, CHARACTERS, "gurps", "Nell alone")  # the party, moved in as an older site kept it
        keep_wolf_from_import(page, site_url)
        assert audit(page) == []  # the shelf's list and each character's Keep as a foe
        page.locator("[data-character-library]").screenshot(path=str(SCREENSHOTS / f"shelf-characters-{screen}.png"))
        open_session_page(page, site_url)
        page.wait_for_selector("[data-session-active]:not([hidden])")
        shelf = page.locator("[data-shelf]")
        shelf.locator("summary").click()
        wolf = shelf.locator("[data-shelf-foe]", has_text="Cave Wolf")
        wolf.locator("[data-shelf-count]").fill("2")  # tap 1
        shelf.screenshot(path=str(SCREENSHOTS / f"shelf-session-{screen}.png"))
        assert audit(page) == []
        wolf.locator('[data-action="shelf-fight"]').click()  # tap 2
        page.wait_for_selector("[data-fight]:not([hidden])")
        state = saved(page)
        assert [one["name"] for one in state["fight"]["combatants"].values() if one["side"] == "foes"] == [
            "Cave Wolf 1", "Cave Wolf 2"]
        assert wolf.locator('[data-action="shelf-fight"]').inner_text() == "Join the fight"
        # Cave Wolf 1 bites Nell: the fight's own Attack button, its Bite chosen
        page.click('[data-fight] [data-combatant="f1"] [data-action="fight-attack"]')
        weapon = page.locator('[data-session-fields] [data-field="weapon"]')
        bite = weapon.locator("option", has_text="Natural Attacks (Bite)")
        assert bite.inner_text() == "Natural Attacks (Bite), 1d+1 cut, skill 13"  # the sheet's, in the GM's view
        weapon.select_option(bite.get_attribute("value"))
        assert page.locator('[data-session-fields] [data-field="target"]').input_value() == "g1"
        page.click('[data-action="apply-action"]')
        log_has(page, "Cave Wolf 1 attacks Nell with Natural Attacks (Bite)")
        assert page.locator("[data-session-message]").is_hidden()
        state = saved(page)
        assert state["done"][-1]["action"]["do"] == "attack"
        python = replayed("gurps", ["g1"], state, CHARACTERS)
        for gm in (True, False):
            assert session.view(python, gm=gm) == session.view(state, gm=gm)
        page.locator("[data-fight]").screenshot(path=str(SCREENSHOTS / f"shelf-bite-{screen}.png"))
        # The players' view: no shelf, no figures of the wolves
        page.click('[data-action="toggle-gm"]')
        assert page.locator("[data-shelf]").is_hidden()
        assert "1d+1" not in page.locator("[data-fight]").inner_text()
        page.click('[data-action="toggle-gm"]')
        # An encounter kept, then started in one tap once this fight is over
        page.select_option("[data-session-action]", "end_fight")
        page.click('[data-action="apply-action"]')
        page.wait_for_selector("[data-fight]", state="hidden")
        page.fill("[data-shelf-name]", "Goblin patrol")
        page.fill("[data-shelf-text]", "2 goblins and an ogre")
        page.click('[data-action="shelf-keep-text"]')
        patrol = shelf.locator("[data-shelf-encounter]", has_text="Goblin patrol")
        patrol.wait_for()
        patrol.locator('[data-action="shelf-encounter"]').click()
        page.wait_for_selector("[data-fight]:not([hidden])")
        assert [one["name"] for one in saved(page)["fight"]["combatants"].values() if one["side"] == "foes"] == [
            "Goblin 1", "Goblin 2", "Ogre"]
        log_has(page, "A fight begins")
        assert shelf.locator('[data-action="shelf-fight"]').first.inner_text() == "Join the fight"
        assert audit(page) == []  # the shelf during a fight
        page.locator("[data-fight]").screenshot(path=str(SCREENSHOTS / f"shelf-encounter-{screen}.png"))
        # The backup holds the shelf: the foe and the encounter
        shelf_kept = kept_records(page, "shelf")
        assert sorted(one["name"] for one in shelf_kept) == ["Cave Wolf", "Goblin patrol"]
    finally:
        context.close()


def test_a_foe_row_kept_backed_up_and_restored_and_an_earlier_database_opened(browser, site_url, tmp_path):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        page.goto(site_url)
        # The site's earlier database (version 1: no shelf) holding a character, as a device has it
        page.evaluate("""c => new Promise((done, fail) => {
            const open = indexedDB.open('rules-at-the-table', 1);
            open.onupgradeneeded = () => {
                for (const name of ['characters', 'parties', 'sessions', 'heads']) {
                    open.result.createObjectStore(name, {keyPath: 'id'});
                }
                open.result.createObjectStore('meta');
            };
            open.onsuccess = () => {
                const tx = open.result.transaction('characters', 'readwrite');
                tx.objectStore('characters').put(c);
                tx.oncomplete = () => { open.result.close(); done(); };
            };
            open.onerror = () => fail(open.error);
        })""", {**CHARACTERS["characters"][0], "rev": 1})
        open_session_page(page, site_url)
        page.select_option('[name="session_system"]', "gurps")
        page.select_option("[data-session-party]", "all")  # Every GURPS character: Nell, kept through the upgrade
        page.click('[data-action="start-session"]')
        page.wait_for_selector("[data-session-active]:not([hidden])")
        assert [member["name"] for member in saved(page)["party"]] == ["Nell"]
        # A foe typed into the fight form, kept on the shelf as it stands
        page.select_option("[data-session-action]", "fight")
        row = page.locator("[data-session-fields] [data-foe-row]").first
        row.locator('[data-foe-field="name"]').fill("Cutthroat")
        row.locator('[data-foe-field="hp"]').fill("13")
        row.locator('[data-action="shelf-keep-row"]').click()
        row.locator("[data-shelf-row-said]", has_text="is on the shelf").wait_for()
        (foe,) = kept_records(page, "shelf")
        assert (foe["name"], foe["row"]["hp"], foe["kind"]) == ("Cutthroat", "13", "foe")
        version = page.evaluate("""() => new Promise(done => {
            const open = indexedDB.open('rules-at-the-table');
            open.onsuccess = () => { const v = open.result.version; open.result.close(); done(v); };
        })""")
        assert version == 2
        assert json.dumps(kept_records(page, "characters")).count("Nell") == 1
        # The backup holds the shelf; deleted, then restored, the foe comes back as it was
        page.goto(site_url + "characters/")
        page.wait_for_function("() => document.querySelector('[data-shelf-home]').textContent.includes('Cutthroat')")
        page.locator("[data-everything] summary").click()
        with page.expect_download() as download:
            page.locator('[data-action="backup-everything"]').click()
        path = tmp_path / "everything.json"
        download.value.save_as(path)
        backup = json.loads(path.read_text())
        assert backup["version"] == 2 and [one["name"] for one in backup["shelf"]] == ["Cutthroat"]
        page.locator('[data-shelf-home] [data-action="delete-shelf"]').click()
        page.locator('[data-shelf-home] [data-action="delete-shelf"]').click()  # "Really delete?"
        wait_for_python(page, lambda: not kept_records(page, "shelf"), "the foe to be deleted")
        page.wait_for_function("() => !document.querySelector('[data-shelf-home]').textContent.includes('Cutthroat')")
        page.locator("[data-restore-file]").set_input_files(str(path))
        preview = page.locator("[data-restore-preview]")
        page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState"
                               " === 'asking'")
        assert "1 record of the GM's shelf" in preview.inner_text()
        preview.locator('[data-action="confirm-restore"]').click()
        page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState"
                               " === 'done'")
        assert [one["row"] for one in kept_records(page, "shelf")] == [foe["row"]]
        # The restored records drawn (the shelf lists the foe again) before the next tap.
        page.wait_for_function("() => document.querySelector('[data-shelf-home]').textContent.includes('Cutthroat')")
        # A character copied to the shelf as a foe: its sheet, the character left as it was
        keep = page.locator('[data-character-home] [data-action="keep-as-foe"]')
        keep.click()
        # Said on the button as the page draws it after the copy (the list is drawn anew with it).
        page.wait_for_function("() => document.querySelector('[data-character-home] [data-action=\"keep-as-foe\"]')"
                               "?.textContent === 'Kept as a foe'")
        page.wait_for_function("() => document.querySelector('[data-shelf-home]').textContent.includes('Nell')")
        copied = next(one for one in kept_records(page, "shelf") if one["name"] == "Nell")
        assert copied["sheet"] == CHARACTERS["characters"][0]["fields"] and len(kept_records(page, "characters")) == 1
        # Exported with the characters, and imported back: a shelf record here as it is is not doubled
        with page.expect_download() as download:
            page.locator('[data-action="export-characters"]').click()
        exported = tmp_path / "characters.json"
        download.value.save_as(exported)
        assert sorted(one["name"] for one in json.loads(exported.read_text())["shelf"]) == ["Cutthroat", "Nell"]
        gone = page.locator('[data-shelf-home] li', has_text="Cutthroat").locator('[data-action="delete-shelf"]')
        gone.click()
        gone.click()
        wait_for_python(page, lambda: len(kept_records(page, "shelf")) == 1, "Cutthroat to be deleted")
        page.set_input_files("[data-import-file]", str(exported))
        question = page.locator("[data-import-preview]")
        page.wait_for_function("() => document.querySelector('[data-import-preview]').dataset.importState"
                               " === 'asking'")
        assert question.locator("[data-import-shelf]").inner_text() == "For the GM's shelf: Cutthroat (GURPS)."
        question.locator('[data-action="confirm-import"]').click()
        wait_for_python(page, lambda: len(kept_records(page, "shelf")) == 2, "Cutthroat to come back")
        assert sorted(one["name"] for one in kept_records(page, "shelf")) == ["Cutthroat", "Nell"]
    finally:
        context.close()


def test_the_shelf_in_two_tabs(browser, site_url):
    """A foe kept from a character in the Characters tab shows on the Session tab's shelf, and one
    deleted there leaves the Characters tab's list: each tab follows the other's change."""
    context = browser.new_context(**SCREENS["tablet"])
    try:
        session_tab = context.new_page()
        start_with(session_tab, site_url, CHARACTERS, "gurps", "Nell alone")
        session_tab.locator("[data-shelf] summary").click()
        characters_tab = context.new_page()
        characters_tab.goto(site_url + "characters/")
        characters_tab.wait_for_selector("[data-character-library]:not([hidden])")
        characters_tab.locator('[data-character-home] [data-action="keep-as-foe"]').click()
        characters_tab.wait_for_function("() => document.querySelector('[data-shelf-home]').textContent"
                                         ".includes('Nell')")
        session_tab.wait_for_function("() => document.querySelector('[data-shelf-list]').textContent.includes('Nell')")
        delete = session_tab.locator("[data-shelf-foe]", has_text="Nell").locator('[data-action="shelf-delete"]')
        delete.click()
        delete.click()  # "Really delete?"
        characters_tab.wait_for_function("() => !document.querySelector('[data-shelf-home]').textContent"
                                         ".includes('Nell')")
        assert kept_records(characters_tab, "shelf") == []
    finally:
        context.close()
