"""The Session page as a table uses it: a 30-action BFRPG delve with the table's own dice
reaches the same view in the page as rulescore.session gives in Python; a reload in the middle
resumes; it works offline; a GURPS fighter taking damage past 1/3 HP, 0 and −HP shows each
effect."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulescore import session
from tests.browser.helpers import kept, kept_meta, state_of, wait_for_python

CHARACTERS: dict[str, Any] = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "c1", "name": "Alda", "system": "bfrpg", "fields": {"race": "dwarf", "strength": "16", "hp": "9"}},
    {"id": "c2", "name": "Pip", "system": "bfrpg", "fields": {"race": "halfling", "intelligence": "13"}},
    {"id": "g1", "name": "Bruno", "system": "gurps", "fields": {"st": "12", "dx": "13", "ht": "11"}},
], "parties": [{"id": "p1", "name": "Tuesday group", "system": "bfrpg", "members": ["c1", "c2"]},
               {"id": "p2", "name": "Bruno alone", "system": "gurps", "members": ["g1"]}]}
# The faces the table "rolls", in turn (each taken modulo the die's sides).
FACES = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5, 0, 2, 8, 8]

DELVE = [
    ("light", {"source": "torch", "by": "c1"}), ("light", {"source": "lantern", "by": "c2"}),
    ("search_secret_doors", {"by": "c2"}), ("search_traps", {"by": "c1"}), ("advance_rounds", {"rounds": "10"}),
    ("listen", {"by": "c2"}), ("force", {"door": "stuck", "by": "c1"}), ("advance_turns", {"turns": "1"}),
    ("damage", {"who": "c1", "hp": "3"}), ("advance_rounds", {"rounds": "5"}), ("damage", {"who": "c2", "hp": "2"}),
    ("advance_rounds", {"rounds": "7"}), ("listen", {"by": "c1"}), ("advance_turns", {"turns": "2"}),
    ("search_secret_doors", {"by": "c1", "area": "the crypt"}),  # 15: the page is reloaded after this one
    ("force", {"door": "locked", "by": "c2"}), ("advance_turns", {"turns": "1"}), ("heal", {"who": "c1", "hp": "2"}),
    ("light", {"source": "candle", "height_in": "1", "by": "c2"}), ("advance_rounds", {"rounds": "30"}),
    ("damage", {"who": "c2", "hp": "1"}), ("advance_turns", {"turns": "3"}), ("search_traps", {"by": "c2"}),
    ("advance_rounds", {"rounds": "12"}), ("listen", {"by": "c1"}), ("advance_turns", {"turns": "2"}),
    ("force", {"door": "bend_bars", "by": "c1"}), ("advance_turns", {"turns": "1"}), ("heal", {"who": "c2", "hp": "1"}),
    ("advance_turns", {"turns": "6"}),
]


@pytest.fixture
def url(site_url):
    return site_url


class TableDice:
    """Faces as a player enters them: the next of FACES, fitted to the die."""

    def __init__(self):
        self.at = 0

    def faces(self, count: int, sides: int) -> list[int]:
        out = [(FACES[(self.at + i) % len(FACES)] - 1) % sides + 1 for i in range(count)]
        self.at += count
        return out


def python_action(system: str, action_id: str, given: dict) -> dict:
    """The action the page builds from its form: fixed keys, the fields given, every other field
    at the default the form shows (members unticked, "nobody in particular" left out)."""
    entry = next(a for a in session.actions(system) if a["id"] == action_id)
    action = {"do": entry["do"], **entry["fixed"]}
    for field in entry["fields"]:
        name = field["name"]
        if name in given:
            action[name] = given[name]
        elif field["who"] == "many":
            action[name] = []
        elif field["who"] == "one":
            continue
        elif field["kind"] == "choice":
            action[name] = field["default"] if field["default"] is not None else field["choices"][0]
        elif field["kind"] == "bool":
            action[name] = bool(field["default"])
        elif field["default"] is not None:
            action[name] = str(field["default"])
    return action


def open_session_page(page, url: str):
    page.goto(url + "session/")
    page.wait_for_function("() => document.querySelector('[data-session-status]')?.textContent.length > 0"
                           " && document.querySelector('[data-session-status]').textContent !== "
                           "'Starting the rules engine…'", timeout=60_000)


def start_with(page, url: str, characters: dict, system: str, party: str, name: str = ""):
    """Characters put on the device as an older site kept them (moved in on the first visit),
    then a session of `system` started for `party`."""
    page.goto(url)
    page.evaluate("s => localStorage.setItem('rules-at-the-table:characters', s)", json.dumps(characters))
    open_session_page(page, url)
    page.select_option('[name="session_system"]', system)
    page.select_option("[data-session-party]", label=party)
    if name:
        page.fill('[name="session_name"]', name)
    page.click('[data-action="start-session"]')
    page.wait_for_selector("[data-session-active]:not([hidden])")


def start(page, url: str, system: str, party: str, name: str):
    start_with(page, url, CHARACTERS, system, party, name)
    page.check("[data-own-dice]")


def saved_state(page) -> dict:
    """The open session's state as kept on the device, once the last action's is stored (the
    page draws an action's outcome before it writes it)."""
    page.wait_for_function("() => document.querySelector('[data-session-saving]') === null")
    open_id = kept_meta(page, "open-session")
    return state_of(next(s for s in kept(page, "sessions") if s["id"] == open_id))


ASKING_OR_REFUSED = """() => {
    const faces = document.querySelectorAll('[data-session-dice]:not([hidden]) [data-face]');
    return (faces.length > 0 && [...faces].every(f => f.value === ''))
        || !document.querySelector('[data-session-message]').hidden; }"""


def act(page, action_id: str, fields: dict, dice: TableDice) -> list[list[int]]:
    """Does one action through the page with the table's dice; returns the rolls entered."""
    page.select_option("[data-session-action]", action_id)
    if not page.locator("[data-own-dice]").is_checked():
        page.check("[data-own-dice]")
    for name, value in fields.items():
        control = page.locator(f'[data-session-fields] [data-field="{name}"]')
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    done = len(saved_state(page)["done"])
    rolled: list[list[int]] = []
    page.click('[data-action="apply-action"]')
    while True:
        wait_for_python(page, lambda: len(saved_state(page)["done"]) > done or page.evaluate(ASKING_OR_REFUSED),
                        f"{action_id} to be saved, or dice to be asked for")
        message = page.locator("[data-session-message]")
        assert message.is_hidden(), f"{action_id}: {message.inner_text()}"
        if len(saved_state(page)["done"]) > done:
            return rolled
        faces = page.locator("[data-session-dice] [data-face]")
        count, sides = faces.count(), int(faces.first.get_attribute("data-sides"))
        roll = dice.faces(count, sides)
        for i, face in enumerate(roll):
            faces.nth(i).fill(str(face))
        rolled.append(roll)
        page.click('[data-action="apply-action"]')


def python_session(system: str, party_ids: list[str], steps: list[tuple[str, dict, list[list[int]]]]) -> dict:
    party = [c for c in CHARACTERS["characters"] if c["id"] in party_ids]
    state = session.new(system, party)
    for action_id, fields, rolls in steps:
        queue = [list(r) for r in rolls]

        def roll(count: int, sides: int, queue: list[list[int]] = queue) -> list[int]:
            return queue.pop(0)

        state = session.apply(state, python_action(system, action_id, fields), roll=roll)
        assert not queue, (action_id, queue)
    return state


def shown_clock(page) -> tuple[int, int]:
    clock = page.locator("[data-session-clock]")
    return int(clock.get_attribute("data-turn")), int(clock.get_attribute("data-round"))


def check_page_matches(page, state: dict):
    """The page's saved session gives rulescore's views, and the page shows them."""
    saved = saved_state(page)
    for gm in (True, False):
        assert session.view(saved, gm=gm) == session.view(state, gm=gm)
    view = session.view(state, gm=page.locator('[data-action="toggle-gm"]').get_attribute("aria-pressed") == "true")
    assert shown_clock(page) == (view["turn"], view["round"])
    assert page.locator("[data-session-log] li").count() == len(view["log"])
    burning = page.locator("[data-session-lights] [data-light]")
    assert [b == "true" for b in burning.evaluate_all("els => els.map(e => e.dataset.burning)")] == \
        [light["burning"] for light in view["lights"]]


def test_a_delve_of_thirty_actions_with_the_tables_dice_matches_python_and_resumes(page, url):
    start(page, url, "bfrpg", "Tuesday group", "The sunken temple")
    dice = TableDice()
    steps = []
    for number, (action_id, fields) in enumerate(DELVE, start=1):
        steps.append((action_id, fields, act(page, action_id, fields, dice)))
        if number == 15:
            before = shown_clock(page)
            page.reload()
            page.wait_for_selector("[data-session-active]:not([hidden])", timeout=60_000)
            assert shown_clock(page) == before  # resumed where it was
            check_page_matches(page, python_session("bfrpg", ["c1", "c2"], steps))
    state = python_session("bfrpg", ["c1", "c2"], steps)
    assert len(state["done"]) == 30 and sum(len(rolls) for _, _, rolls in steps) >= 10
    check_page_matches(page, state)
    # The players never see a rolled duration; the GM does.
    gm_lights = page.locator("[data-session-lights]").inner_text()
    page.click('[data-action="toggle-gm"]')
    players = page.locator("[data-session-lights]").inner_text()
    assert "turns left" not in players and ("turns left" in gm_lights or not any(
        light["burning"] for light in session.view(state)["lights"]))
    check_page_matches(page, state)
    assert page.locator('[data-action="undo"]').is_hidden()  # the players' view has no GM controls
    page.click('[data-action="toggle-gm"]')
    # Undo takes back the last action, redo puts it back with the same dice.
    page.click('[data-action="undo"]')
    wait_for_python(page, lambda: len(saved_state(page)["done"]) == 29, "undo to be saved")
    check_page_matches(page, session.undo(state))
    page.click('[data-action="redo"]')
    wait_for_python(page, lambda: len(saved_state(page)["done"]) == 30, "redo to be saved")
    check_page_matches(page, state)


def test_a_gurps_fighter_past_a_third_zero_and_minus_hp(page, url):
    start(page, url, "gurps", "Bruno alone", "The ambush")
    dice = TableDice()
    person = page.locator('[data-session-characters] [data-character-id="g1"]')
    steps = []
    for damage, words in (("9", "Move and Dodge halved"), ("3", "HT roll each turn to stay conscious"),
                          ("13", "death")):
        fields = {"who": "g1", "damage": damage, "type": "crushing"}
        steps.append(("damage", fields, act(page, "damage", fields, dice)))
        assert words.lower() in person.inner_text().lower(), (damage, person.inner_text())
        check_page_matches(page, python_session("gurps", ["g1"], steps))
    assert session.view(python_session("gurps", ["g1"], steps))["characters"][0]["hp"] == 12 - 9 - 3 - 13


@pytest.mark.fresh_device
def test_sessions_work_offline(page, context, url):
    open_session_page(page, url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    context.set_offline(True)
    start(page, url, "bfrpg", "Tuesday group", "Offline delve")
    dice = TableDice()
    steps = [(action_id, fields, act(page, action_id, fields, dice))
             for action_id, fields in DELVE[:6]]
    check_page_matches(page, python_session("bfrpg", ["c1", "c2"], steps))
    # Deleting the open session asks once ("Really delete?"), then the page has none open.
    remove = page.locator('[data-session-list] [data-action="delete-session"]').first
    if page.locator("[data-session-other]").get_attribute("open") is None:
        page.locator("[data-session-other] summary").click()
    remove.click()
    assert remove.inner_text() == "Really delete?"
    remove.click()
    page.wait_for_selector("[data-session-active]", state="hidden")
    assert page.locator("[data-session-list] li").count() == 0
