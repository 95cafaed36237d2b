"""The GM's attack form starts right (issue 42, items 6 and 8): each usage of a weapon its own
choice named by it, the attacker's best weapon and then their last one, a target who is not the
attacker, the target's best defence (and "none" after an All-Out Attack, which is then done, not
refused); a surprised fighter is offered no attack, and the GM reads why."""

from __future__ import annotations

import json

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.test_fight_page import add_foes, press
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved

SPEAR = [{"name": "Spear", "usage": "Thrust", "skill": 12, "damage": "thr+2 imp", "parry": "9", "reach": "1"},
         {"name": "Spear", "usage": "Swung", "skill": 13, "damage": "sw+1 cut", "parry": "9", "reach": "1"},
         {"name": "Spear", "usage": "Thrown", "skill": 11, "damage": "thr+3 imp"}]
CHARACTERS = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "g1", "name": "Kara", "system": "gurps",
     "fields": {"st": "12", "dx": "13", "ht": "11", "basic_speed": "7", "weapons": json.dumps(SPEAR)}},
    {"id": "b1", "name": "Alda", "system": "bfrpg", "fields": {"race": "dwarf", "strength": "16", "hp": "30"}},
], "parties": [{"id": "p1", "name": "Kara alone", "system": "gurps", "members": ["g1"]},
               {"id": "p2", "name": "Alda alone", "system": "bfrpg", "members": ["b1"]}]}
# Rook: Dodge 8 (Speed 5), Parry 11 (3 + half of skill 16): its best defence is its Parry.
ROOK = {"name": "Rook", "hp": "40", "basic_speed": "5", "skill": "16", "weapon": "Club", "damage": "1d+1 cr"}
FIELDS = "[data-session-fields]"


class Ones(TableDice):
    """The table rolls 1 on every die (a surprise roll that surprises)."""

    def faces(self, count: int, sides: int) -> list[int]:
        return [1] * count


def field(page, name: str):
    return page.locator(f'{FIELDS} [data-field="{name}"]')


def attack_form(page, who: str):
    """The attack form opened from `who`'s own button, once its preview (the odds) is drawn."""
    page.click(f'[data-fight] [data-combatant="{who}"] [data-action="fight-attack"]')
    page.locator("[data-session-preview] [data-attack-odds]").wait_for()


def test_the_gms_attack_form_starts_on_the_right_weapon_target_and_defence(browser, site_url):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        start_with(page, site_url, CHARACTERS, "gurps", "Kara alone")
        page.check("[data-own-dice]")
        dice = TableDice()
        add_foes(page, [ROOK])
        press(page, '[data-action="apply-action"]', dice)
        assert session.view(saved(page), gm=True)["fight"]["current"] == "g1"
        attack_form(page, "g1")
        weapon = field(page, "weapon")
        labels = weapon.locator("option").all_inner_texts()
        assert [text.split(",")[0] for text in labels] == ["Spear (Thrust)", "Spear (Swung)", "Spear (Thrown)"]
        assert weapon.input_value() == "1"  # Swung, skill 13: her best
        assert field(page, "target").input_value() == "f1"
        assert field(page, "defence").input_value() == "parry"  # Rook's Parry 11 over its Dodge 8
        weapon.select_option("0")  # the GM picks the Thrust
        page.wait_for_timeout(400)  # the preview follows
        press(page, '[data-action="apply-action"]', dice)
        done = saved(page)["done"][-1]["action"]
        assert done["do"] == "attack" and done["weapon"] == "0" and done["target"] == "f1"
        assert "Spear (Thrust)" in page.inner_text("[data-session-log]")
        # The GM's screen: Kara has made her attack, and says so instead of offering another.
        assert page.locator('[data-fight] [data-action="fight-attack"][data-who="g1"]').count() == 0
        assert "every attack" in page.inner_text('[data-fight] [data-no-attack="g1"]')
        press(page, '[data-action="next-turn"]', dice)
        # Rook's turn: its target is Kara, never Rook; her best defence as the preview has it.
        attack_form(page, "f1")
        assert field(page, "target").input_value() == "g1"
        best = session.preview(saved(page), {"do": "attack", "who": "f1", "target": "g1"})["attack"]["defence_best"]
        assert field(page, "defence").input_value() == best
        press(page, '[data-action="next-turn"]', dice)
        # Round 2: Kara's form starts on the weapon she used last.
        attack_form(page, "g1")
        assert field(page, "weapon").input_value() == "0"
        # An All-Out Attack: Rook's attack on her then starts on No defence, and is done, not refused.
        page.click('[data-fight] [data-combatant="g1"] [data-action="fight-maneuver"]')
        field(page, "maneuver").select_option("all_out_attack")
        press(page, '[data-action="apply-action"]', dice)
        press(page, '[data-action="next-turn"]', dice)
        attack_form(page, "f1")
        defence = field(page, "defence")
        assert defence.input_value() == "none"
        assert defence.locator("option:not([disabled])").evaluate_all("os => os.map(o => o.value)") == ["none"]
        kept = len(saved(page)["done"])
        press(page, '[data-action="apply-action"]', dice)
        done = saved(page)["done"][kept]["action"]
        assert done["do"] == "attack" and done["who"] == "f1" and done["defence"] == "none"
    finally:
        context.close()


def test_a_surprised_fighter_is_offered_no_attack_and_the_gm_reads_why(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start_with(page, site_url, CHARACTERS, "bfrpg", "Alda alone")
        page.check("[data-own-dice]")
        dice = Ones()
        add_foes(page, [{"name": "Orc", "hp": "8"}])
        field(page, "surprise").select_option("party")
        press(page, '[data-action="apply-action"]', dice)
        fight = session.view(saved(page), gm=True)["fight"]
        assert fight["current"] == "b1"  # surprised, on her turn
        assert page.locator('[data-fight] [data-action="fight-attack"]').count() == 0
        said = page.inner_text('[data-fight] [data-no-attack="b1"]')
        assert said == "Alda is surprised and cannot attack this round."
        # The Attack roll (the orc may attack) starts on the orc, at Alda; Alda chosen, the GM reads why.
        page.select_option("[data-session-action]", "attack")
        assert (field(page, "who").input_value(), field(page, "target").input_value()) == ("f1", "b1")
        field(page, "who").select_option("b1")
        page.wait_for_function("() => document.querySelector('[data-session-preview] [data-no-attack]')")
        assert page.inner_text("[data-session-preview]") == said
        assert field(page, "target").input_value() == "f1"  # never the attacker
    finally:
        context.close()
