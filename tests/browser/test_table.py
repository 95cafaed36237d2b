"""Issue 36 (first part): players' phones join the GM's session over real WebRTC data channels
between separate browser contexts, the codes carried as text. Each phone shows what
rulescore.session.view(state, gm=False) gives (no foe's number anywhere on it), follows the
GM's changes, and plays its own turn by requests the GM's device checks by the rules."""

from __future__ import annotations

import json

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import ARRIVES, screenshot, wait_for_python
from tests.browser.test_fight_page import add_foes, begin_fight, press, start
from tests.browser.test_session import TableDice
from tests.browser.test_session import saved_state as saved

# The phone's channel, kept where a test can send through it what no page of ours would.
KEEP_CHANNEL = """() => {
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) { window.rcChannel = this; return send.call(this, data); };
}"""
SEATS = {"g1": "Bruno", "g2": "Dana"}


def join(gm, phone, site_url: str, seat: str) -> None:
    """The GM invites `seat`; the phone pastes the invitation, the GM pastes the phone's reply."""
    if not phone.url.endswith("/table/"):
        phone.goto(site_url + "table/")
    gm.select_option("[data-table-seat]", seat)
    gm.click('[data-action="invite-player"]')
    invitation = gm.locator("[data-table-invite] [data-table-code]")
    invitation.wait_for()
    assert gm.locator("[data-table-invite] [data-table-qr]").count() == 1 and len(invitation.inner_text()) < 300
    screenshot(gm.locator("[data-table]"), f"table-gm-invitation-{seat}-tablet.png")
    phone.fill("[data-table-offer]", invitation.inner_text())
    phone.click('[data-action="join-table"]')
    answer = phone.locator("[data-table-reply] [data-table-code]")
    answer.wait_for()
    assert phone.locator("[data-table-reply] [data-table-qr]").count() == 1 and len(answer.inner_text()) < 300
    gm.fill("[data-table-answer]", answer.inner_text())
    gm.click('[data-action="accept-player"]')
    phone.wait_for_selector('[data-table-status][data-state="connected"]', timeout=10_000)
    assert phone.locator("textarea[data-table-offer]").is_hidden()  # the screen is the table's now
    gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"][data-connected="true"]', timeout=10_000)


def shown_current(phone) -> str:
    return phone.locator("[data-table-view] [data-fight-current]").get_attribute("data-fight-current") or ""


def same_as_python(gm, phone, seat: str) -> None:
    """The phone draws rulescore's players' view of the session kept on the GM's device."""
    state = saved(gm)
    view = session.view(state)
    fight = view["fight"]
    phone.wait_for_function("id => document.querySelector('[data-table-view] [data-fight-current]')?.dataset"
                            ".fightCurrent === id", arg=fight["current"] or "", timeout=ARRIVES)
    order = phone.locator("[data-table-view] [data-combatant]").evaluate_all("els => els.map(e => e.dataset.combatant)")
    assert order == fight["order"]
    me = phone.locator("[data-table-me]").inner_text()
    mine = next(one for one in view["characters"] if one["id"] == seat)
    assert f"You play {SEATS[seat]}" in me and all(figure in me for figure in mine["figures"])
    text = phone.locator("body").inner_text()
    gm_view = session.view(state, gm=True)
    for foe in (one for one in gm_view["fight"]["combatants"] if one["side"] == "foes"):
        for figure in foe["figures"]:  # the GM's figures of a foe ("HP 17 of 17") never reach a phone
            assert figure not in text, figure
    assert "turns_left" not in phone.content()


def test_two_phones_follow_and_play_a_gurps_fight(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"])
    phone_contexts = {seat: browser.new_context(**SCREENS["phone"]) for seat in SEATS}
    try:
        gm = gm_context.new_page()
        dice = begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "2", "hp": "17", "basic_speed": "4",
                                                        "dr": "3"}])
        phones = {}
        for seat, context in phone_contexts.items():
            phones[seat] = context.new_page()
            phones[seat].add_init_script(script=f"({KEEP_CHANNEL})()")
            join(gm, phones[seat], site_url, seat)
        for seat, phone in phones.items():
            same_as_python(gm, phone, seat)
        # Two rounds: whoever's turn it is ends it, from the GM's device or from their phone.
        for step in range(8):
            current = session.view(saved(gm), gm=True)["fight"]["current"]
            before = len(saved(gm)["done"])
            if current in phones and step % 2 == 0:
                phone = phones[current]
                phone.locator("[data-table-turn]").wait_for()
                phone.select_option("[data-table-maneuver]", "all_out_attack")
                phone.click('[data-action="request-maneuver"]')
                wait_for_python(gm, lambda done=before + 1: len(saved(gm)["done"]) == done, "the phone's maneuver")
                chosen = {"do": "maneuver", "who": current, "maneuver": "all_out_attack"}
                assert saved(gm)["done"][-1]["action"] == chosen
                phone.click('[data-action="request-next-turn"]')
                wait_for_python(gm, lambda done=before + 2: len(saved(gm)["done"]) == done, "the phone's Next turn")
                assert saved(gm)["done"][-1]["action"] == {"do": "next_turn", "current": current}
            else:
                press(gm, '[data-fight] [data-action="next-turn"]', dice)
            for seat, phone in phones.items():
                same_as_python(gm, phone, seat)  # once the GM's device has saved the change
        assert session.view(saved(gm), gm=True)["fight"]["round"] >= 2
        phones["g1"].locator("[data-table-me]").scroll_into_view_if_needed()
        screenshot(phones["g1"], "table-phone-mid-fight.png")  # a phone's screen, as its player holds it
        # Refused, and the session untouched: another seat's character, out of turn, bad messages, a flood.
        current = session.view(saved(gm), gm=True)["fight"]["current"]
        other = next(seat for seat in phones if seat != current)
        kept = saved(gm)
        said = phones[other].locator("[data-table-said]")
        phones[other].evaluate("() => document.querySelector('[data-table-turn]').hidden = false")
        phones[other].click('[data-action="request-next-turn"]')
        phones[other].wait_for_function("() => document.querySelector('[data-table-said]').textContent"
                                        ".startsWith('Not done')")
        assert f"not {SEATS[other]}'s turn" in said.inner_text()
        for bad in (json.dumps({"v": 1, "type": "request", "id": "x", "action": {"do": "maneuver", "who": current,
                                                                                "maneuver": "attack"}}),
                    "{not json", "x" * 5000):
            phones[other].evaluate("text => window.rcChannel.send(text)", bad)
        phones[other].evaluate("""() => {
            window.rcHeard = [];
            window.rcChannel.addEventListener('message', (event) => window.rcHeard.push(JSON.parse(event.data)));
            for (let i = 0; i < 30; i++) window.rcChannel.send(JSON.stringify(
                {v: 1, type: 'request', id: 'f' + i, action: {do: 'next_turn'}})); }""")
        phones[other].wait_for_function("() => window.rcHeard.filter(m => m.type === 'refused').length >= 30")
        heard = phones[other].evaluate("window.rcHeard")
        assert sum("too many at once" in one["message"] for one in heard) >= 20  # the rate limit held them back
        # The GM's panel lists the newest 20 refusals, by the player's name, however long the flood.
        logged = gm.locator("[data-table-refused] li").all_text_contents()
        assert len(logged) == 20 and all(f"{SEATS[other]}: " in line for line in logged)
        assert "too many at once" in logged[-1]
        assert all(one["type"] == "refused" for one in heard if one["type"] != "change")
        assert saved(gm) == kept
        assert said.inner_text().startswith("Not done")
        # With approval on, the current player's request waits for the GM.
        gm.check("[data-table-approve]")
        phones[current].select_option("[data-table-maneuver]", "all_out_defense")
        phones[current].click('[data-action="request-maneuver"]')
        gm.locator("[data-table-request]").wait_for()
        assert "Bruno" in gm.locator("[data-table-request]").inner_text() or "Dana" in gm.locator(
            "[data-table-request]").inner_text()
        assert saved(gm) == kept
        gm.click('[data-action="approve-request"]')
        wait_for_python(gm, lambda: len(saved(gm)["done"]) == len(kept["done"]) + 1, "the approved maneuver")
        assert saved(gm)["done"][-1]["action"]["maneuver"] == "all_out_defense"
        gm.uncheck("[data-table-approve]")
        # A phone closed: its seat shows as not connected; a new page on it rejoins the same seat.
        phones[other].close()
        gm.wait_for_selector(f'[data-seat="{other}"][data-connected="false"]', timeout=8_000)
        assert "not connected since" in gm.locator(f'[data-seat="{other}"]').inner_text()
        phones[other] = phone_contexts[other].new_page()
        join(gm, phones[other], site_url, other)
        assert gm.locator(f'[data-table-seats] [data-seat="{other}"]').count() == 1
        same_as_python(gm, phones[other], other)
    finally:
        for context in (gm_context, *phone_contexts.values()):
            context.close()


def test_a_bfrpg_session_is_followed_on_a_phone(browser, site_url):
    """The clock, a torch (burning, never its turns left) and a fight's order, on Alda's phone."""
    gm_context = browser.new_context(**SCREENS["tablet"])
    phone_context = browser.new_context(**SCREENS["phone"])
    try:
        gm = gm_context.new_page()
        start(gm, site_url, "bfrpg", "Alda alone")
        dice = TableDice()
        gm.select_option("[data-session-action]", "light")
        press(gm, '[data-action="apply-action"]', dice)
        phone = phone_context.new_page()
        join(gm, phone, site_url, "b1")
        view = session.view(saved(gm))
        assert phone.locator("[data-table-view] [data-session-clock]").inner_text() == view["clock"]
        light = phone.locator("[data-table-view] [data-light]")
        assert light.count() == 1 and light.get_attribute("data-burning") == "true"
        assert phone.locator("[data-turns-left]").count() == 0  # how long it lasts is the GM's
        gm.select_option("[data-session-action]", "advance_turns")
        gm.fill('[data-session-fields] [data-field="turns"]', "2")
        press(gm, '[data-action="apply-action"]', dice)
        phone.wait_for_function("text => document.querySelector('[data-table-view] [data-session-clock]')"
                                ".textContent === text", arg=session.view(saved(gm))["clock"], timeout=ARRIVES)
        add_foes(gm, [{"monster": "goblin", "count": "2"}])
        press(gm, '[data-action="apply-action"]', dice)
        fight = session.view(saved(gm))["fight"]
        phone.wait_for_function("id => document.querySelector('[data-table-view] [data-fight-current]')?.dataset"
                                ".fightCurrent === id", arg=fight["current"] or "", timeout=ARRIVES)
        combatants = phone.locator("[data-table-view] [data-combatant]")
        assert combatants.evaluate_all("els => els.map(e => e.dataset.combatant)") == fight["order"]
    finally:
        gm_context.close()
        phone_context.close()
