"""Fights on the Session page (issue 29): a GURPS fight of two characters and three foes run for
three rounds from the page with the table's dice equals rulescore.session in Python, in both
views, and the page shows whose turn it is; a BFRPG fight with monsters picked from the list,
resumed after a reload on the same turn, offline; screenshots of a fight in progress."""

from __future__ import annotations

import re

import pytest

from rulescore import session
from rulescore.web import respond
from tests.browser.conftest import SCREENS
from tests.browser.helpers import calculator, expected_outputs, screenshot, settled, wait_for_python, wait_live
from tests.browser.test_session import ASKING_OR_REFUSED, TableDice, open_session_page, start_with
from tests.browser.test_session import saved_state as saved

CHARACTERS: dict = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "g1", "name": "Bruno", "system": "gurps", "fields": {"st": "12", "dx": "13", "ht": "11"}},
    {"id": "g2", "name": "Dana", "system": "gurps", "fields": {"st": "10", "dx": "12", "ht": "12"}},
    {"id": "b1", "name": "Alda", "system": "bfrpg", "fields": {"race": "dwarf", "strength": "16", "hp": "9"}},
], "parties": [{"id": "p1", "name": "The pair", "system": "gurps", "members": ["g1", "g2"]},
               {"id": "p2", "name": "Alda alone", "system": "bfrpg", "members": ["b1"]}]}


def start(page, url, system: str, party: str):
    start_with(page, url, CHARACTERS, system, party)
    page.check("[data-own-dice]")


def replayed(system: str, party_ids: list[str], state: dict, characters: dict | None = None) -> dict:
    """The page's actions, with the dice it recorded, applied by rulescore in Python to a new
    session of the party's characters (from ``characters``, this module's own by default)."""
    members: list[dict] = [c for c in (characters or CHARACTERS)["characters"] if c["id"] in party_ids]
    python = session.new(system, members)
    for event in state["done"]:
        rolls: list[list[int]] = [list(used[2]) for used in event["dice"]]

        def roll(count: int, sides: int, rolls: list[list[int]] = rolls) -> list[int]:
            return rolls.pop(0)

        python = session.apply(python, event["action"], roll=roll)
    return python


def press(page, selector: str, dice: TableDice, key: str | None = None):
    """Taps a button (or presses `key`), then gives the table's dice for every roll asked for."""
    done = len(saved(page)["done"])
    page.keyboard.press(key) if key else page.click(selector)
    give_dice(page, dice, done, selector)


def give_dice(page, dice: TableDice, done: int, what: str):
    """Gives the table's dice for every roll asked for until the session has more than `done` actions."""
    while True:
        wait_for_python(page, lambda: len(saved(page)["done"]) > done or page.evaluate(ASKING_OR_REFUSED),
                        f"{what} to be saved, or dice to be asked for")
        message = page.locator("[data-session-message]")
        assert message.is_hidden(), message.inner_text()
        if len(saved(page)["done"]) > done:
            return
        faces = page.locator("[data-session-dice] [data-face]")
        for i, face in enumerate(dice.faces(faces.count(), int(faces.first.get_attribute("data-sides")))):
            faces.nth(i).fill(str(face))
        page.click('[data-action="apply-action"]')


def add_foes(page, rows: list[dict[str, str]]):
    page.select_option("[data-session-action]", "fight")
    for number, row in enumerate(rows):
        if number:
            page.click('[data-session-fields] [data-action="add-foe"]')
        fields = page.locator("[data-session-fields] [data-foe-row]").nth(number)
        for name, value in row.items():
            if name == "monster":  # picked from the rulebook's list through its filter
                fields.locator("[data-choice-filter]").fill(value)
                fields.locator('[data-foe-field="monster"]').select_option(value)
            else:
                fields.locator(f'[data-foe-field="{name}"]').fill(value)


def begin_fight(page, url: str, party: str, foes: list[dict[str, str]], system: str = "gurps") -> TableDice:
    """A session of `party` started on the page and a fight begun against `foes`, the table
    rolling its own dice (returned, to go on with)."""
    start(page, url, system, party)
    dice = TableDice()
    add_foes(page, foes)
    press(page, '[data-action="apply-action"]', dice)
    return dice


def shown_fight(page) -> tuple[str, str, list[str]]:
    panel = page.locator("[data-fight]")
    return (panel.locator("[data-fight-round]").get_attribute("data-fight-round"),
            panel.locator("[data-fight-current]").get_attribute("data-fight-current"),
            panel.locator("[data-combatant]").evaluate_all("els => els.map(e => e.dataset.combatant)"))


def check(page, system: str, party_ids: list[str]):
    state = saved(page)
    python = replayed(system, party_ids, state)
    for gm in (True, False):
        assert session.view(python, gm=gm) == session.view(state, gm=gm)
    fight = session.view(python, gm=True)["fight"]
    assert shown_fight(page) == (str(fight["round"]), fight["current"] or "", fight["order"])
    return python


def test_a_gurps_fight_of_two_and_three_foes_for_three_rounds_equals_python_in_both_views(browser, site_url):
    context = browser.new_context(**SCREENS["tablet"])
    try:
        page = context.new_page()
        dice = begin_fight(page, site_url, "The pair",
                           [{"name": "Goblin", "count": "3", "hp": "8", "basic_speed": "5.5", "dx": "11"}])
        check(page, "gurps", ["g1", "g2"])
        assert page.locator("[data-fight] [data-combatant]").count() == 5
        turns = 0
        while session.view(saved(page), gm=True)["fight"]["round"] <= 3:
            fight = session.view(saved(page), gm=True)["fight"]
            current = fight["current"]
            side = next(one["side"] for one in fight["combatants"] if one["id"] == current)
            if turns % 3 == 0:  # a maneuver chosen from the combatant's own button
                page.click(f'[data-fight] [data-combatant="{current}"] [data-action="fight-maneuver"]')
                page.select_option('[data-session-fields] [data-field="maneuver"]',
                                   "all_out_attack" if side == "foes" else "all_out_defense")
                press(page, '[data-action="apply-action"]', dice)
            if turns % 4 == 1:  # one-tap damage: a foe hurt by the party, or a character by a foe
                target = next(one for one in fight["combatants"] if one["side"] != side and not one["out"])
                page.click(f'[data-fight] [data-combatant="{target["id"]}"] [data-action="fight-damage"]')
                assert page.locator('[data-session-fields] [data-field="who"]').input_value() == target["id"]
                page.fill('[data-session-fields] [data-field="damage"]', "4")
                press(page, '[data-action="apply-action"]', dice)
            if turns % 5 == 3:  # a character defends on someone else's turn (All-Out Defense: allowed)
                defender = next(one for one in fight["combatants"] if one["side"] == "party" and not one["out"])
                page.click(f'[data-fight] [data-combatant="{defender["id"]}"] [data-action="fight-defend"]')
                page.select_option('[data-session-fields] [data-field="defence"]', "dodge")
                press(page, '[data-action="apply-action"]', dice)
            press(page, '[data-action="next-turn"]', dice, key="Alt+KeyN" if turns == 2 else None)
            turns += 1
            check(page, "gurps", ["g1", "g2"])
        assert turns >= 15
        python = check(page, "gurps", ["g1", "g2"])
        # The players' view: the order and whose turn, the foes in words, never their numbers.
        page.locator("[data-fight-current]").evaluate("e => e.scrollIntoView({block: 'center'})")
        screenshot(page, "fight-gm-tablet.png")
        page.click('[data-action="toggle-gm"]')
        players = session.view(python)["fight"]
        for one in players["combatants"]:
            text = page.locator(f'[data-fight] [data-combatant="{one["id"]}"]').inner_text()
            if one["side"] == "foes":
                assert one["looks"] in text and not re.search(r"HP \S+ of \d+", text), text
        assert shown_fight(page)[1] == players["current"]
        screenshot(page, "fight-players-tablet.png")
        # The players' view shows and does only what a player may: no GM control anywhere (issue 34).
        assert page.locator("[data-fight] [data-fight-calculators]").count() == 0  # the foes' figures: GM only
        assert page.locator("[data-fight] .rc-fight-buttons button").count() == 0
        for control in ("[data-session-act]", '[data-action="undo"]', '[data-action="write-back"]',
                        "[data-fight] [data-action='next-turn']"):
            assert page.locator(control).first.is_hidden(), control
        # The injury calculator opens from a goblin with its figures filled in.
        page.click('[data-action="toggle-gm"]')
        goblin = next(one for one in session.view(python, gm=True)["fight"]["combatants"] if one["id"] == "f2")
        link = next(calc for calc in goblin["calculators"] if calc["id"] == "gurps.injury")
        row = page.locator('[data-fight] [data-combatant="f2"]')
        disclosure = row.locator("[data-fight-calculators]")
        assert disclosure.evaluate("d => getComputedStyle(d).borderTopWidth") == "0px"  # not the theme's note box
        disclosure.locator("summary").click()
        row.locator('[data-calculator-link="gurps.injury"]').click()
        page.wait_for_url("**/gurps/injury/**")
        wait_live(page)
        form = calculator(page, "gurps.injury")
        assert settled(form)["outputs"] == expected_outputs(respond("gurps.injury", {
            name: str(value).lower() if isinstance(value, bool) else str(value)
            for name, value in link["inputs"].items()}))
        assert form.locator('[name="hp_lost_before"]').input_value() == str(link["inputs"]["hp_lost_before"])
    finally:
        context.close()


@pytest.mark.fresh_device
def test_a_bfrpg_fight_with_monsters_from_the_list_resumes_after_a_reload_offline(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        open_session_page(page, site_url)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
        context.set_offline(True)
        start(page, site_url, "bfrpg", "Alda alone")
        dice = TableDice()
        add_foes(page, [{"monster": "goblin", "count": "2"}, {"monster": "hobgoblin"}])
        press(page, '[data-action="apply-action"]', dice)
        python = check(page, "bfrpg", ["b1"])
        names = [one["name"] for one in session.view(python, gm=True)["fight"]["combatants"]]
        assert names == ["Alda", "Goblin 1", "Goblin 2", "Hobgoblin"]
        # The one whose turn it is attacks from their own button: the target starts on the other side.
        current = session.view(python, gm=True)["fight"]["current"]
        page.click(f'[data-fight] [data-combatant="{current}"] [data-action="fight-attack"]')
        target = page.locator('[data-session-fields] [data-field="target"]').input_value()
        assert (target == "b1") == (current != "b1")
        if target == "b1":
            page.fill('[data-session-fields] [data-field="ac"]', "14")  # Alda's Armor Class, not on her sheet
        press(page, '[data-action="apply-action"]', dice)
        assert " attacks " in page.inner_text("[data-session-log] li >> nth=0")
        check(page, "bfrpg", ["b1"])
        press(page, '[data-action="next-turn"]', dice)
        before = check(page, "bfrpg", ["b1"])
        page.reload()
        page.wait_for_selector("[data-fight]:not([hidden])", timeout=60_000)
        fight = session.view(before, gm=True)["fight"]
        assert shown_fight(page) == (str(fight["round"]), fight["current"] or "", fight["order"])
        assert f"Fight round {fight['round']}" in page.inner_text("[data-session-summary]")
        page.locator("[data-fight-current]").evaluate("e => e.scrollIntoView({block: 'center'})")
        screenshot(page, "fight-bfrpg-phone.png")
    finally:
        context.close()


# A tab that hears nothing from the others while `window.rcDeaf` is set: a screen not yet caught up.
DEAF_TAB = """() => { const Real = window.BroadcastChannel;
    window.BroadcastChannel = class extends Real {
        set onmessage(listener) { super.onmessage = (event) => { if (!window.rcDeaf) listener(event); }; }
        get onmessage() { return super.onmessage; } }; }"""


def test_next_turn_tapped_on_a_screen_not_yet_caught_up_skips_nobody(browser, site_url):
    """The GM's tablet and a second screen show Bruno's turn; the tablet ends it. Next turn
    tapped on the second screen before it heard of that is refused (it named Bruno's turn), so
    the next fighter keeps theirs; the screen says so and shows the newest state."""
    context = browser.new_context(**SCREENS["tablet"])
    try:
        tablet = context.new_page()
        dice = begin_fight(tablet, site_url, "The pair", [{"name": "Goblin", "count": "2", "basic_speed": "4"}])
        other = context.new_page()
        other.add_init_script(script=f"({DEAF_TAB})()")
        open_session_page(other, site_url)
        other.wait_for_selector("[data-fight]:not([hidden])")
        shown_first = shown_fight(other)[1]
        other.evaluate("() => { window.rcDeaf = true; }")
        press(tablet, '[data-action="next-turn"]', dice)
        now = session.view(saved(tablet), gm=True)["fight"]["current"]
        assert now != shown_first and shown_fight(other)[1] == shown_first  # the other screen has not caught up
        other.click('[data-action="next-turn"]')
        message = other.locator("[data-session-message]")
        message.wait_for(state="visible")
        assert "turn has already ended" in message.inner_text() and "nothing was changed" in message.inner_text()
        done = [entry["action"] for entry in saved(tablet)["done"]]
        assert [action["do"] for action in done].count("next_turn") == 1
        assert done[-1] == {"do": "next_turn", "current": shown_first}
        other.wait_for_function("id => document.querySelector('[data-fight-current]').dataset.fightCurrent === id",
                                arg=now)
    finally:
        context.close()


def test_ending_a_fight_on_a_phone_leaves_the_action_picker_in_sight_below_the_sticky_head(browser, site_url):
    """The action list changes when a fight ends; the browser keeps the tapped Do it in place, which
    pushed the picker under the sticky head (the second audit): it is brought back below it."""
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start(page, site_url, "bfrpg", "Alda alone")
        dice = TableDice()
        add_foes(page, [{"monster": "goblin", "count": "3"}])
        press(page, '[data-action="apply-action"]', dice)
        page.select_option("[data-session-action]", "end_fight")
        page.locator('[data-action="apply-action"]').scroll_into_view_if_needed()
        press(page, '[data-action="apply-action"]', dice)
        page.wait_for_function("() => document.querySelector('[data-session-action]').value !== 'end_fight'")
        top, head = page.evaluate("() => [document.querySelector('[data-session-action]').getBoundingClientRect().top,"
                                  " document.querySelector('.rc-session-head').getBoundingClientRect().bottom]")
        assert head <= top < 844, (top, head)
    finally:
        context.close()
