"""The Session page after what a GM hit (issue 27, items 2, 3, 5 and 6): conditions and labelled
figures beside each character, what is due with them, characters joining and leaving a session
under way, GURPS healing, forms that start on the first member and on unmultiplied damage, a
preview of the injury before it is applied, messages with names, and one minus sign."""

from __future__ import annotations

from rulescore import session
from rulescore.core import MINUS
from tests.browser.helpers import wait_for_python
from tests.browser.test_kept import do
from tests.browser.test_session import saved_state as saved
from tests.browser.test_session import start_with

CHARACTERS = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "g1", "name": "Bruno", "system": "gurps", "fields": {"st": "12", "dx": "13", "ht": "11"}},
    {"id": "g2", "name": "Dana", "system": "gurps", "fields": {"st": "10", "ht": "12"}},
    {"id": "s1", "name": "Kess", "system": "shell", "fields": {}},
], "parties": [{"id": "p1", "name": "Bruno alone", "system": "gurps", "members": ["g1"]},
               {"id": "p2", "name": "Kess alone", "system": "shell", "members": ["s1"]}]}


def start(page, url, system: str, party: str):
    start_with(page, url, CHARACTERS, system, party)


def done_count(page, count: int, what: str):
    wait_for_python(page, lambda: len(saved(page)["done"]) == count, what)


def person(page, ident: str):
    return page.locator(f'[data-session-characters] [data-character-id="{ident}"]')


def test_gurps_forms_start_where_a_gm_expects_preview_the_injury_and_heal(page, site_url):
    start(page, site_url, "gurps", "Bruno alone")
    page.select_option("[data-session-action]", "damage")
    who = page.locator('[data-session-fields] [data-field="who"]')
    assert who.input_value() == "g1" and "nobody" not in who.inner_text()  # on the first member
    assert page.locator('[data-session-fields] [data-field="type"]').input_value() == "crushing"
    page.fill('[data-session-fields] [data-field="damage"]', "9")
    preview = page.locator("[data-session-preview]")
    preview.wait_for(state="visible")
    expected = session.preview(session.new("gurps", [CHARACTERS["characters"][0]]),
                               {"do": "damage", "who": "g1", "damage": 9, "dr": 0, "type": "crushing",
                                "torso": True})
    assert expected["lines"][0] in preview.inner_text()  # "Bruno takes 9 ... 12 → 3 of 12 HP ..."
    assert saved(page)["done"] == []  # shown, not done
    page.click('[data-action="apply-action"]')
    done_count(page, 1, "the damage to be saved")
    assert "HP 3 of 12" in person(page, "g1").inner_text()
    # Past zero: the log and the character say −6 with the site's one minus sign.
    do(page, "damage", {"damage": "9"})
    done_count(page, 2, "more damage")
    page.wait_for_function("() => document.querySelector('[data-session-characters]').textContent.includes('HP ')"
                           " && document.querySelectorAll('[data-session-log] li').length >= 2")
    shown = person(page, "g1").inner_text() + page.inner_text("[data-session-log]")
    assert f"HP {MINUS}6 of 12" in shown and " -6" not in shown and "HT roll each turn to stay conscious" in shown
    # What is due for Bruno is drawn: the HT roll to stay conscious, unless the major wound's roll
    # (the engine's dice) already knocked him out.
    due = session.view(saved(page))["characters"][0]["due"]
    assert ("HT roll to stay conscious" in shown) == bool(due)
    # Healing: HP given back, up to the full score.
    do(page, "heal", {"hp": "4", "how": "a healing potion"})
    done_count(page, 3, "the healing")
    assert f"HP {MINUS}2 of 12" in person(page, "g1").inner_text()
    assert "(a healing potion)" in page.inner_text("[data-session-log]")
    # Time that does not pass is refused, by its label, and nothing is logged.
    do(page, "advance_turns", {"turns": "0"})
    message = page.locator("[data-session-message]")
    message.wait_for(state="visible")
    assert message.inner_text().startswith("Turns:") and len(saved(page)["done"]) == 3


def test_a_character_joins_and_leaves_a_session_under_way(page, site_url):
    start(page, site_url, "gurps", "Bruno alone")
    page.select_option("[data-session-action]", "join")
    joiner = page.locator('[data-session-fields] [data-field="character"]')
    assert joiner.evaluate("s => [...s.options].map(o => o.textContent)") == ["Dana"]  # not Bruno, not Kess
    page.click('[data-action="apply-action"]')
    done_count(page, 1, "Dana to join")
    person(page, "g2").wait_for()
    assert "Dana joins the party." in page.inner_text("[data-session-log]")
    # The forms now offer Dana too; a wrong pick is refused by name, never by id.
    page.select_option("[data-session-action]", "damage")
    assert page.locator('[data-session-fields] [data-field="who"] option').all_text_contents() == ["Bruno", "Dana"]
    do(page, "leave", {"who": "Dana"})
    done_count(page, 2, "Dana to leave")
    page.wait_for_function("() => !document.querySelector('[data-session-characters] [data-character-id=\"g2\"]')")
    assert "Dana leaves the party." in page.inner_text("[data-session-log]")
    page.select_option("[data-session-action]", "join")
    assert page.locator('[data-session-fields] [data-field="character"] option').all_text_contents() == ["Dana"]


def test_shell_says_stunned_beside_the_character_and_labels_damage_against_hp(page, site_url):
    start(page, site_url, "shell", "Kess alone")
    do(page, "damage", {"damage": "6", "location": "Arm"})
    done_count(page, 1, "the damage to be saved")
    view = session.view(saved(page), gm=True)["characters"][0]
    kess = person(page, "s1")
    kess.locator("[data-condition]").wait_for()
    assert kess.locator("[data-condition]").inner_text() == view["condition"] == "stunned"
    assert view["figures"][0] in kess.inner_text() and view["figures"][0].startswith("damage taken 4 of ")
    assert f"Kess {view['figures'][0]} (stunned)" in page.inner_text("[data-session-summary]")
