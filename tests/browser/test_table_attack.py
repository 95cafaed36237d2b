"""Issue 36: the attack played from a player's phone. On their turn the phone offers the foes
and the weapons on the sheet, shows the odds rulescore gives the players (never a foe's
number), takes the faces of the player's own dice, and the GM's device chooses the target's
defence (GURPS) before the attack is done by the rules; Basic Fantasy's is done at once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import ARRIVES, screenshot
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_attack_page import ARMED, ROUTINE, to_bruno
from tests.browser.test_fight_page import add_foes, give_dice, press, replayed
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved
from tests.browser.test_table import join

ORCS = [{"name": "Orc", "count": "2", "hp": "17", "basic_speed": "5", "dr": "1", "dodge": "8", "parry": "9"}]
GOBLIN = [{"monster": "goblin", "count": "1"}]
ORC = [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "5", "skill": "12", "damage": "1d+1 cut"}]


@contextmanager
def gm_and_phone(browser, site_url: str, characters: dict, system: str, party: str, foes: list[dict[str, str]],
                 seat: str) -> Iterator[tuple]:
    """A GM's tablet with a fight begun (the table rolling its own dice) and `seat`'s phone joined,
    axe ready in both (an init script: the site's policy stays in force)."""
    gm_context = browser.new_context(**SCREENS["tablet"])
    phone_context = browser.new_context(**SCREENS["phone"])
    for context in (gm_context, phone_context):
        context.add_init_script(script=AXE)
    try:
        gm = gm_context.new_page()
        start_with(gm, site_url, characters, system, party)
        gm.check("[data-own-dice]")
        dice = TableDice()
        add_foes(gm, foes)
        press(gm, '[data-action="apply-action"]', dice)
        phone = phone_context.new_page()
        join(gm, phone, site_url, seat)
        yield gm, phone, dice
    finally:
        gm_context.close()
        phone_context.close()


def attack_shown(phone) -> None:
    phone.locator("[data-table-attack]").wait_for()
    phone.locator("[data-table-odds] [data-attack-odds]").wait_for(timeout=ARRIVES)


def test_a_gurps_attack_from_the_phone_with_the_players_own_dice(browser, site_url):
    with gm_and_phone(browser, site_url, ARMED, "gurps", "Bruno alone", ORCS, "g1") as (gm, phone, dice):
        to_bruno(gm, dice)
        attack_shown(phone)
        state = saved(gm)
        view = session.view(state)
        foes = [one for one in view["fight"]["combatants"] if one["side"] == "foes"]
        targets = phone.locator("[data-table-target] option").evaluate_all("els => els.map(e => e.value)")
        assert targets == [one["id"] for one in foes]  # the foes, in the fight's order
        assert phone.locator("[data-table-weapon] option").all_inner_texts() == ["Long Axe (Swing)"]  # its usage
        assert phone.locator('label[for="table-rolled"]').inner_text() == "Your own dice (3d6)"
        # The odds: Bruno's own to-hit chance and damage; the orc's defences by name only.
        odds = session.preview(state, {"do": "attack", "who": "g1", "target": foes[0]["id"], "weapon": 0},
                               gm=False)["attack"]
        shown = phone.locator("[data-table-odds]").inner_text()
        assert f"{round(odds['to_hit']['chance'] * 100)} %" in shown and odds["damage"]["dice"] in shown
        assert "Parry (the defender's to choose)" in shown and "Parry 9" not in shown and "Dodge 8" not in shown
        screenshot(phone, "table-phone-attack.png")
        assert audit(phone) == []  # the turn, the attack and its odds, the defence, as a reader meets them
        # Bad faces: the phone says what to fix; faces that are not 3d6's: the GM's device says so.
        kept = saved(gm)
        phone.fill("[data-table-rolled]", "5 x 3")
        phone.click('[data-action="request-attack"]')
        assert "give each of the 3 faces of the 3d6 you rolled, from 1 to 6 (e.g. 5 4 3)" in \
            phone.locator("[data-table-said]").inner_text()
        phone.fill("[data-table-rolled]", "7 7 7")
        phone.click('[data-action="request-attack"]')
        assert "from 1 to 6" in phone.locator("[data-table-said]").inner_text()
        assert saved(gm) == kept
        # "I rolled 5, 4, 3": the GM's device asks the GM for the orc's defence, then does it.
        phone.fill("[data-table-rolled]", "5 4 3")
        phone.click('[data-action="request-attack"]')
        waiting = gm.locator("[data-table-request]")
        waiting.wait_for()
        assert "Bruno asks to attack Orc 1 with Long Axe (Swing)." in waiting.inner_text()
        phone.wait_for_function("() => document.querySelector('[data-table-said]').textContent"
                                ".includes('The GM chooses the target')")
        assert saved(gm) == kept  # nothing done until the GM chooses
        screenshot(gm.locator("[data-table]"), "table-gm-defence-tablet.png")
        assert audit(gm) == []
        # The GM rolls their own dice: asked here for each roll the player did not give, then done.
        press(gm, '[data-table-request] [data-action="approve-request"][data-defence="parry"]', dice)
        assert len(saved(gm)["done"]) == len(kept["done"]) + 1
        done = saved(gm)["done"][-1]
        assert done["action"] == {"do": "attack", "who": "g1", "target": foes[0]["id"], "weapon": 0,
                                  "defence": "parry"}
        assert done["dice"][0] == [3, 6, [5, 4, 3]]  # the player's own roll, the rest rolled on the GM's device
        python = replayed("gurps", ["g1"], saved(gm), ARMED)
        assert session.view(python) == session.view(saved(gm))
        line = next(entry["text"] for entry in reversed(session.view(python)["log"]) if "attacks" in entry["text"])
        assert "12 against" in line
        phone.wait_for_function("text => document.querySelector('[data-table-view] [data-session-log]')"
                                ".textContent.includes(text)", arg=line, timeout=ARRIVES)
        assert phone.locator("[data-table-said]").inner_text() == "Done."
        assert gm.locator("[data-table-request]").count() == 0


def test_a_basic_fantasy_attack_from_the_phone_is_done_at_once(browser, site_url):
    with gm_and_phone(browser, site_url, ROUTINE, "bfrpg", "Alda alone", GOBLIN, "b1") as (gm, phone, dice):
        # Round 2 (in round 1 either side may be surprised and unable to attack), Alda's turn.
        while (fight := session.view(saved(gm), gm=True)["fight"])["current"] != "b1" or fight["round"] < 2:
            press(gm, '[data-action="next-turn"]', dice)
        attack_shown(phone)
        assert phone.locator('label[for="table-rolled"]').inner_text() == "Your own dice (1d20)"
        # A goblin's Armor Class is the GM's: the players' odds say so instead of a number.
        assert "the GM's screen shows the odds" in phone.locator("[data-table-odds]").inner_text()
        kept = saved(gm)
        phone.fill("[data-table-rolled]", "17")
        phone.click('[data-action="request-attack"]')
        give_dice(gm, dice, len(kept["done"]), "the phone's attack")  # the GM rolls the rest, asked here
        done = saved(gm)["done"][-1]
        assert done["action"] == {"do": "attack", "who": "b1", "target": "f1", "weapon": 0}
        assert done["dice"][0] == [1, 20, [17]]
        assert gm.locator("[data-table-request]").count() == 0  # no defence to choose in Basic Fantasy
        python = replayed("bfrpg", ["b1"], saved(gm), ROUTINE)
        assert session.view(python) == session.view(saved(gm))
        assert json.dumps(session.view(python)["log"][-1]["text"]) != ""


def test_a_player_says_how_they_defend_and_the_gms_attack_on_them_starts_on_it(browser, site_url):
    with gm_and_phone(browser, site_url, ARMED, "gurps", "Bruno alone", ORC, "g1") as (gm, phone, dice):
        # The choice is drawn with the fight's view, a moment after the phone has joined.
        phone.locator("[data-table-defence] option").first.wait_for(state="attached")
        assert phone.locator("[data-table-defence] option").all_inner_texts() == [
            "Whatever the GM asks", "Dodge", "Parry", "Block", "No defence"]
        phone.select_option("[data-table-defence]", "parry")
        phone.check("[data-table-retreat]")
        gm.wait_for_function("() => document.querySelector('[data-table-seats] [data-seat=\"g1\"]')"
                             ".textContent.includes('defends with Parry, retreating')")
        phone.wait_for_function("() => document.querySelector('[data-table-said]').textContent"
                                ".includes('will start on Parry, retreating')")
        while session.view(saved(gm), gm=True)["fight"]["current"] != "f1":
            press(gm, '[data-action="next-turn"]', dice)
        gm.click('[data-fight] [data-action="fight-attack"][data-who="f1"]')
        fields = gm.locator("[data-session-fields]")
        assert fields.locator('[data-field="target"]').input_value() == "g1"
        assert fields.locator('[data-field="defence"]').input_value() == "parry"
        assert fields.locator('[data-field="retreat"]').is_checked()
        kept = len(saved(gm)["done"])
        press(gm, '[data-action="apply-action"]', dice)
        done = saved(gm)["done"][kept]["action"]
        assert done["do"] == "attack" and done["target"] == "g1" and done["defence"] == "parry"
        assert done["retreat"] is True
