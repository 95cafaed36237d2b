"""The fight's action form as issue 34 found it on a tablet: maneuvers offered only when they
will be accepted and starting on the fighter's own, a maneuver's option and Feint's margin only
for the maneuvers that have them, the defence previewed for the defender, a monster's figures in
its row as soon as it is picked, and the players' view without the GM's controls."""

from __future__ import annotations

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import screenshot
from tests.browser.test_fight_page import begin_fight, press, start
from tests.browser.test_session import TableDice
from tests.browser.test_session import saved_state as saved

SHOWN = "sel => { const box = document.querySelector(sel)?.closest('.rc-field'); return !!box && !box.hidden; }"


def test_the_maneuver_form_offers_what_is_open_and_only_the_fields_that_apply(browser, site_url):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        dice = begin_fight(page, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "10", "basic_speed": "5",
                                                          "dr": "3"}])
        fight = session.view(saved(page), gm=True)["fight"]
        current = fight["current"]
        page.click(f'[data-fight] [data-combatant="{current}"] [data-action="fight-maneuver"]')
        maneuver = page.locator('[data-session-fields] [data-field="maneuver"]')
        offered = maneuver.evaluate("s => [...s.options].map(o => o.value)")
        assert offered == fight["maneuvers_open"]
        now = next(one for one in fight["combatants"] if one["id"] == current)
        assert maneuver.input_value() == now["maneuver_default"] != "do_nothing"
        for chosen, option, target, margin in (("attack", False, False, False), ("all_out_attack", True, True, True),
                                               ("feint", False, True, True), ("aim", False, True, False)):
            maneuver.select_option(chosen)
            shown = [page.evaluate(SHOWN, f'[data-session-fields] [data-field="{name}"]')
                     for name in ("option", "target", "margin")]
            assert shown == [option, target, margin], chosen
        screenshot(page, "fight-form-aim-tablet.png")
        press(page, '[data-action="apply-action"]', dice)  # Aim, with its target: accepted
        assert saved(page)["done"][-1]["action"]["maneuver"] == "aim"
        assert "option" not in saved(page)["done"][-1]["action"]
        # Damage to the orc starts from its own DR 3, and the preview says so.
        orc = next(one["id"] for one in fight["combatants"] if one["side"] == "foes")
        page.click(f'[data-fight] [data-combatant="{orc}"] [data-action="fight-damage"]')
        page.fill('[data-session-fields] [data-field="damage"]', "5")
        preview = page.locator("[data-session-preview]")
        page.wait_for_function("p => !p.hidden && p.textContent.includes('DR 3')", arg=preview.element_handle())
        # The players' view: no control a player may not use.
        page.click('[data-action="toggle-gm"]')
        assert page.locator("[data-fight] .rc-fight-buttons button").count() == 0
        assert page.locator("[data-session-act]").is_hidden()
        screenshot(page, "fight-players-view-tablet.png")
    finally:
        context.close()


def test_a_monster_picked_fills_its_row_with_its_figures(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start(page, site_url, "bfrpg", "Alda alone")
        page.select_option("[data-session-action]", "fight")
        row = page.locator("[data-session-fields] [data-foe-row]").first
        row.locator("[data-choice-filter]").fill("ogre")
        row.locator('[data-foe-field="monster"]').select_option("ogre")
        figures = {name: row.locator(f'[data-foe-field="{name}"]').input_value()
                   for name in ("hit_dice", "ac", "morale", "attack_bonus")}
        fields = next(f for f in session.actions("bfrpg") if f["id"] == "fight")["fields"]
        expected = next(inner for field in fields for inner in field.get("fields", [])
                        if inner["name"] == "monster")["choice_figures"]["ogre"]
        assert figures == {name: str(expected[name]) for name in figures}
        said = row.locator("[data-monster-figures]").inner_text()
        assert expected["attacks"] in said and expected["movement"] in said
        screenshot(page, "fight-monster-picked-phone.png")
        row.locator('[data-foe-field="ac"]').fill("15")  # every figure stays the GM's to change
        dice = TableDice()
        press(page, '[data-action="apply-action"]', dice)
        ogre = next(one for one in session.view(saved(page), gm=True)["fight"]["combatants"] if one["side"] == "foes")
        assert ogre["ac"] == 15 and "AC 15" in ogre["figures"]
    finally:
        context.close()
