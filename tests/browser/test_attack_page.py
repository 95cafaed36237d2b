"""The attack played, not recorded (issue 34): from the fight panel, the attacker's weapon, the
target with its DR, the odds before the dice, the defence, the damage and the wound, in a few
taps, equal to rulescore.session in Python for the same dice; the players' view without a foe's
numbers or a GM control."""

from __future__ import annotations

import json
import re

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import screenshot
from tests.browser.test_fight_page import add_foes, press, replayed
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved

AXE = {"name": "Long Axe", "usage": "Swing", "skill": 14, "damage": "sw+3 cut", "parry": "10U", "block": "No",
       "reach": "1,2"}
ARMED = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "g1", "name": "Bruno", "system": "gurps",
     "fields": {"st": "12", "dx": "13", "ht": "11", "basic_speed": "7", "weapons": json.dumps([AXE]), "dr": "2"}},
], "parties": [{"id": "p1", "name": "Bruno alone", "system": "gurps", "members": ["g1"]}]}


def to_bruno(page, dice: TableDice):
    """Next turn until it is Bruno's."""
    while session.view(saved(page), gm=True)["fight"]["current"] != "g1":
        press(page, '[data-action="next-turn"]', dice)


def test_a_gurps_attack_from_the_sheets_weapon_on_a_foe_with_dr_in_two_taps(browser, site_url):
    for screen in ("tablet", "phone"):
        context = browser.new_context(**SCREENS[screen])
        try:
            page = context.new_page()
            start_with(page, site_url, ARMED, "gurps", "Bruno alone")
            page.check("[data-own-dice]")
            dice = TableDice()
            add_foes(page, [{"name": "Orc", "hp": "12", "dr": "3", "basic_speed": "5", "skill": "11",
                             "weapon": "Club", "damage": "1d+1 cr"}])
            press(page, '[data-action="apply-action"]', dice)
            to_bruno(page, dice)
            # The GM learns the orc wears better armour: its figures, each starting on its own.
            page.click('[data-fight] [data-combatant="f1"] [data-action="fight-edit-foe"]')
            dr = page.locator('[data-session-fields] [data-field="dr"]')
            assert dr.input_value() == "3"
            assert page.locator('[data-session-fields] [data-field="damage"]').input_value() == "1d+1 cr"
            dr.fill("4")
            screenshot(page, f"foe-figures-{screen}.png")
            press(page, '[data-action="apply-action"]', dice)
            assert saved(page)["fight"]["combatants"]["f1"]["dr"] == 4
            assert page.locator("[data-session-log] li", has_text="DR 3 → 4").count() == 1
            page.uncheck("[data-own-dice]")  # the site's dice from here: the taps a GM makes
            done = len(saved(page)["done"])
            page.click('[data-fight] [data-combatant="g1"] [data-action="fight-attack"]')  # tap 1
            weapon = page.locator('[data-session-fields] [data-field="weapon"]')
            assert "Long Axe" in weapon.locator("option:checked").inner_text()
            assert page.locator('[data-session-fields] [data-field="target"]').input_value() != "g1"
            odds = page.locator("[data-attack-odds]")
            odds.wait_for()
            assert re.search(r"to hit 14 or less, \d+ %", odds.inner_text())
            assert "Dodge" in odds.inner_text() and "Damage" in odds.inner_text()
            screenshot(page, f"attack-odds-{screen}.png")
            page.click('[data-action="apply-action"]')  # tap 2: rolled, defended, damaged, wounded
            page.wait_for_function("() => [...document.querySelectorAll('[data-session-log] li')]"
                                   ".some(li => li.textContent.includes('Long Axe'))")
            assert page.locator("[data-session-message]").is_hidden()
            state = saved(page)
            assert len(state["done"]) == done + 1 and state["done"][-1]["action"]["do"] == "attack"
            python = replayed("gurps", ["g1"], state, ARMED)
            assert session.view(python, gm=True) == session.view(state, gm=True)
            line = page.locator("[data-session-log] li", has_text="Long Axe").first.inner_text()
            assert "Orc" in line and re.search(r"\d+ against \d+", line)
            screenshot(page, f"attack-done-{screen}.png")
            # The players' view: the foe in words, no control a player may not use.
            page.click('[data-action="toggle-gm"]')
            orc = page.locator('[data-fight] [data-combatant]', has_text="Orc").first.inner_text()
            assert not re.search(r"HP \S+ of \d+|DR \d", orc), orc
            assert page.locator("[data-fight] .rc-fight-buttons button").count() == 0
            assert page.locator("[data-session-act]").is_hidden()
        finally:
            context.close()


ROUTINE: dict = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "b1", "name": "Alda", "system": "bfrpg", "fields": {"race": "dwarf", "strength": "16", "hp": "30",
                                                              "weapons": json.dumps([{"name": "Axe", "damage": "1d8",
                                                                                      "kind": "melee"}])}},
    {"id": "s1", "name": "Kess", "system": "shell", "fields": {"st": "12",
                                                              "weapons": json.dumps([{"name": "Sword",
                                                                                      "damage": "+1 cut"}])}},
], "parties": [{"id": "p1", "name": "Alda alone", "system": "bfrpg", "members": ["b1"]},
               {"id": "p2", "name": "Kess alone", "system": "shell", "members": ["s1"]}]}


def until_side(page, dice: TableDice, side: str):
    """Next turn until a combatant of `side` acts; returns its id."""
    while True:
        fight = session.view(saved(page), gm=True)["fight"]
        now = next(one for one in fight["combatants"] if one["id"] == fight["current"])
        if now["side"] == side:
            return now["id"]
        press(page, '[data-action="next-turn"]', dice)


def test_a_bfrpg_bears_three_attack_routine_on_a_character_with_the_tables_dice(browser, site_url):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        start_with(page, site_url, ROUTINE, "bfrpg", "Alda alone")
        page.check("[data-own-dice]")
        dice = TableDice()
        page.select_option("[data-session-action]", "fight")
        row = page.locator("[data-session-fields] [data-foe-row]").first
        row.locator("[data-choice-filter]").fill("black")
        row.locator('[data-foe-field="monster"]').select_option("bear_black")
        press(page, '[data-action="apply-action"]', dice)
        bear = until_side(page, dice, "foes")
        page.click(f'[data-fight] [data-combatant="{bear}"] [data-action="fight-attack"]')
        assert page.locator('[data-session-fields] [data-field="target"]').input_value() == "b1"
        odds = page.locator("[data-attack-odds]")
        odds.wait_for()
        assert odds.locator('[data-odds="to-hit"]').count() >= 3  # each attack of the routine with its odds
        screenshot(page, "attack-routine-tablet.png")
        done = len(saved(page)["done"])
        press(page, '[data-action="apply-action"]', dice)  # the table's dice, asked roll by roll
        state = saved(page)
        assert len(state["done"]) == done + 1 and len(state["done"][-1]["dice"]) >= 3
        assert session.view(replayed("bfrpg", ["b1"], state, ROUTINE), gm=True) == session.view(state, gm=True)
    finally:
        context.close()


def test_a_shell_attack_from_the_sheets_sword(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start_with(page, site_url, ROUTINE, "shell", "Kess alone")
        page.check("[data-own-dice]")
        dice = TableDice()
        add_foes(page, [{"name": "Bandit", "hp": "12", "dr": "1"}])
        press(page, '[data-action="apply-action"]', dice)
        until_side(page, dice, "party")
        page.click('[data-fight] [data-combatant="s1"] [data-action="fight-attack"]')
        assert "Sword" in page.locator('[data-session-fields] [data-field="weapon"] option:checked').inner_text()
        page.locator("[data-attack-odds]").wait_for()
        screenshot(page, "attack-shell-phone.png")
        done = len(saved(page)["done"])
        press(page, '[data-action="apply-action"]', dice)
        state = saved(page)
        assert len(state["done"]) == done + 1 and state["done"][-1]["action"]["do"] == "attack"
        assert session.view(replayed("shell", ["s1"], state, ROUTINE), gm=True) == session.view(state, gm=True)
        assert page.locator("[data-session-log] li", has_text="Sword").count() >= 1
    finally:
        context.close()


def test_a_weapon_typed_on_the_sheet_is_checked_kept_and_shown_again(browser, site_url):
    from tests.browser.helpers import kept, wait_settled
    from tests.browser.test_characters import editor, open_characters

    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        open_characters(page, site_url)
        form = editor(page, "gurps")
        form.locator("[data-action='new-character']").click()
        form.locator('[name="name"]').fill("Bruno")
        form.locator("[data-list-field='weapons'] [data-action='add-list-item']").click()
        item = form.locator("[data-list-item]").first
        item.locator('[data-item-field="name"]').fill("Long Axe")
        item.locator('[data-item-field="skill"]').fill("14")
        item.locator('[data-item-field="damage"]').fill("sw+3 banana")
        wait_settled(form)
        error = form.locator('[data-error-for="weapons"]')
        assert "Long Axe" in error.inner_text() and "Damage" in error.inner_text()  # said at the list, by label
        item.locator('[data-item-field="damage"]').fill("sw+3 cut")
        wait_settled(form)
        assert error.is_hidden()
        screenshot(page, "weapons-on-the-sheet-phone.png")
        form.locator('[data-action="save-character"]').click()
        page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Bruno.'",
                               arg=form.element_handle())
        weapons = json.loads(kept(page, "characters")[0]["fields"]["weapons"])
        assert [(w["name"], w["skill"], w["damage"]) for w in weapons] == [("Long Axe", "14", "sw+3 cut")]
        page.reload()
        open_characters(page, site_url)
        editor(page, "gurps").locator("[data-action='edit-character']").click()
        assert editor(page, "gurps").locator('[data-list-item] [data-item-field="name"]').input_value() == "Long Axe"
    finally:
        context.close()


def test_a_bfrpg_weapon_picked_from_the_rulebooks_table_brings_its_damage(browser, site_url):
    from tests.browser.helpers import wait_settled
    from tests.browser.test_characters import editor, open_characters

    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        open_characters(page, site_url)
        form = editor(page, "bfrpg")
        form.locator("[data-list-field='weapons'] [data-action='add-list-item']").click()
        name = form.locator('[data-list-item] [data-item-field="name"]').first
        suggestions = page.evaluate("i => [...i.list.options].map(o => o.value)", name.element_handle())
        assert "Battle axe" in suggestions and len(suggestions) > 10
        name.fill("Battle axe")
        wait_settled(form)
        item = form.locator("[data-list-item]").first
        assert item.locator('[data-item-field="damage"]').input_value() == "1d8"
        assert item.locator('[data-item-field="kind"]').input_value() == "melee"
    finally:
        context.close()
