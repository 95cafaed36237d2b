"""Issue 42: a whole evening at the table, a GM's tablet and players' phones in separate browser
contexts over real WebRTC data channels. Pairing forgives a wrong or stale reply; a request is
taken once by its id; the screen is kept on while connected; a GM's reload keeps the seats,
each one "Invite again" away, and a phone that lost its GM says so at once, in view, keeping
the table as last seen (after its own reload too); a request waiting for the GM shows in the
page's sticky head; the phone's turn fits a thumb; a browser that hides its local address
gets "Allow the camera to connect"."""

from __future__ import annotations

import json
import re

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import ARRIVES, screenshot, wait_for_python
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_attack_page import ARMED, to_bruno
from tests.browser.test_fight_page import add_foes, begin_fight, give_dice, press
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved
from tests.browser.test_table import KEEP_CHANNEL, join
from tests.browser.test_table_attack import ORC, attack_shown, gm_and_phone

# navigator.wakeLock as a stand-in that records what the page asks of it ("on", "off").
WAKE = """() => {
    window.rcWake = [];
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: async (kind) => {
        window.rcWake.push('on');
        const lock = { released: false, release: async () => { lock.released = true; window.rcWake.push('off'); } };
        return lock;
    } } });
}"""
# A browser that hides its local address until the page holds the camera: the candidates of
# the descriptions it makes are ".local" names (window.rcHide = "named") or none ("none")
# until getUserMedia was called, then the browser's own (here Chromium's own mDNS names, which
# resolve on this machine); getUserMedia gives a canvas's stream, kept to check it stops.
HIDDEN_NAME = "4f1c2b3a-9d8e-4c7b-a6f5-e4d3c2b1a098.local"  # resolves nowhere
HIDING = """(hide) => {
    window.rcHide = hide;
    window.rcCamera = 0;
    navigator.mediaDevices.getUserMedia = async () => {
        window.rcCamera += 1;
        const canvas = document.createElement('canvas');
        canvas.getContext('2d').fillRect(0, 0, 1, 1);
        window.rcStream = canvas.captureStream(1);
        return window.rcStream;
    };
    const real = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, 'localDescription');
    Object.defineProperty(RTCPeerConnection.prototype, 'localDescription', { configurable: true, get() {
        const made = real.get.call(this);
        if (!made || window.rcCamera || !window.rcHide) return made;
        const sdp = made.sdp.split('\\r\\n').flatMap((line) => {
            if (!line.startsWith('a=candidate:')) return [line];
            if (window.rcHide === 'none') return [];
            const parts = line.split(' ');
            parts[4] = 'HIDDEN_NAME';
            return [parts.join(' ')];
        });
        return { type: made.type, sdp: sdp.join('\\r\\n') };
    } });
}""".replace("HIDDEN_NAME", HIDDEN_NAME)


def invitation(gm, seat: str) -> str:
    block = gm.locator(f'[data-table-invitation][data-seat="{seat}"]')
    block.locator("[data-table-code]").wait_for()
    assert block.locator("[data-table-qr]").count() == 1
    return block.locator("[data-table-code]").inner_text()


def phone_reply(phone, site_url: str, code: str) -> str:
    if not phone.url.endswith("/table/"):
        phone.goto(site_url + "table/")
    phone.fill("[data-table-offer]", code)
    phone.click('[data-action="join-table"]')
    answer = phone.locator("[data-table-reply] [data-table-code]")
    answer.wait_for()
    return answer.inner_text()


def take(gm, reply: str) -> str:
    """The GM pastes a reply and taps Connect; what the answer's status line then says."""
    gm.fill("[data-table-answer]", reply)
    gm.click('[data-action="accept-player"]')
    status = gm.locator("[data-table-answer-status]")
    # Connect first says it is reading the reply (so the previous reply's words never stand for
    # this one's), then refused or taken.
    gm.wait_for_function("() => ['refused', 'taken'].includes("
                         "document.querySelector('[data-table-answer-status]').dataset.state)")
    return status.inner_text()


def connected(gm, phone, seat: str) -> None:
    phone.wait_for_selector('[data-table-status][data-state="connected"]', timeout=10_000)
    gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"][data-connected="true"]', timeout=10_000)


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 100) <= height


def test_pairing_forgives_and_a_request_is_taken_once(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"])
    gm_context.add_init_script(script=AXE)
    phone_contexts = [browser.new_context(**SCREENS["phone"]) for _ in range(2)]
    try:
        gm = gm_context.new_page()
        dice = begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4"}])
        gm.evaluate("window.rulesTableConnectMs = 1500")
        bruno, dana = (context.new_page() for context in phone_contexts)
        for phone in (bruno, dana):
            phone.add_init_script(script=f"({KEEP_CHANNEL})()")
        # Two invitations at once, each in its own block naming its seat.
        for seat in ("g1", "g2"):
            gm.select_option("[data-table-seat]", seat)
            gm.click('[data-action="invite-player"]')
        codes = {seat: invitation(gm, seat) for seat in ("g1", "g2")}
        assert codes["g1"] != codes["g2"]
        assert "Bruno's phone" in gm.locator('[data-table-invitation][data-seat="g1"]').inner_text()
        replies = {"g1": phone_reply(bruno, site_url, codes["g1"]), "g2": phone_reply(dana, site_url, codes["g2"])}
        # The reply of the first invited, pasted after the second was invited: taken for its seat.
        assert "Bruno's reply taken" in take(gm, replies["g1"])
        connected(gm, bruno, "g1")
        assert gm.locator('[data-table-invitation][data-seat="g1"]').count() == 0
        assert "Dana's reply taken" in take(gm, replies["g2"])
        connected(gm, dana, "g2")
        assert gm.locator("[data-table-invite]").is_hidden()
        # Bruno's seat invited again by slip: Bruno stays connected until a new reply is taken. A
        # stale reply, a damaged one and one made for another table: refused in words, live seats untouched.
        gm.select_option("[data-table-seat]", "g1")
        gm.click('[data-action="invite-player"]')
        invitation(gm, "g1")
        assert "answers no invitation waiting on this device" in take(gm, replies["g1"])
        assert take(gm, replies["g2"][:40]).startswith("Reply code: This code is cut short or damaged")
        foreign = "~".join(replies["g2"].split("~")[:7] + ["zzzz"])
        assert "answers no invitation" in take(gm, foreign)
        assert gm.locator("[data-table-answer-status]").get_attribute("role") == "status"
        gm.wait_for_timeout(2_000)  # past the connection report's limit
        for seat, phone in (("g1", bruno), ("g2", dana)):
            assert gm.locator(f'[data-table-seats] [data-seat="{seat}"]').get_attribute("data-connected") == "true"
            assert phone.locator("[data-table-status]").get_attribute("data-state") == "connected"
        assert gm.locator("[data-table-trouble]").count() == 0  # nothing failed: no report
        assert audit(gm) == []
        gm.click('[data-table-invitation][data-seat="g1"] [data-action="cancel-invitation"]')
        assert gm.locator("[data-table-invitation]").count() == 0
        # A request sent twice with one id (a double tap, a replay) is done once and answered twice alike.
        current = session.view(saved(gm), gm=True)["fight"]["current"]
        while current not in ("g1", "g2"):
            press(gm, '[data-fight] [data-action="next-turn"]', dice)
            current = session.view(saved(gm), gm=True)["fight"]["current"]
        phone = bruno if current == "g1" else dana
        phone.locator("[data-table-turn]").wait_for()
        before = len(saved(gm)["done"])
        request = json.dumps({"v": 1, "type": "request", "id": "twice-1", "seen": 0,
                              "action": {"do": "maneuver", "who": current, "maneuver": "all_out_attack"}})
        phone.evaluate("""text => {
            window.rcHeard = [];
            window.rcChannel.addEventListener('message', (event) => window.rcHeard.push(JSON.parse(event.data)));
            window.rcChannel.send(text); window.rcChannel.send(text); }""", request)
        phone.wait_for_function("() => window.rcHeard.filter(m => m.id === 'twice-1').length >= 2")
        wait_for_python(gm, lambda: len(saved(gm)["done"]) == before + 1, "the maneuver, once")
        gm.wait_for_timeout(500)
        assert len(saved(gm)["done"]) == before + 1
        answers = [one for one in phone.evaluate("window.rcHeard") if one.get("id") == "twice-1"]
        assert [one["type"] for one in answers] == ["done", "done"]
        # The page's own requests bear ids of their own page: a reloaded phone's never meet the old ones.
        ids = phone.evaluate("""() => { const sent = []; const send = window.rcChannel.send.bind(window.rcChannel);
            window.rcChannel.send = (text) => { sent.push(JSON.parse(text).id); return send(text); };
            document.querySelector('[data-action="request-next-turn"]').click(); return sent; }""")
        assert ids and re.fullmatch(r"[a-z0-9]{2,}-r\d+", ids[0]), ids
    finally:
        gm_context.close()
        for context in phone_contexts:
            context.close()


def test_a_gm_reload_and_a_lost_phone_come_back_in_one_step(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"])
    phone_context = browser.new_context(**SCREENS["phone"])
    for context in (gm_context, phone_context):
        context.add_init_script(script=f"({WAKE})()")
        context.add_init_script(script=AXE)
    try:
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4"}])
        phone = phone_context.new_page()
        join(gm, phone, site_url, "g1")
        # The screen is kept on while connected, on both; the phone's switch lets it go.
        phone.wait_for_function("() => window.rcWake.includes('on')")
        gm.wait_for_function("() => window.rcWake.includes('on')")
        phone.uncheck("[data-table-wake]")
        phone.wait_for_function("() => window.rcWake.at(-1) === 'off'")
        phone.check("[data-table-wake]")
        phone.wait_for_function("() => window.rcWake.at(-1) === 'on'")
        # Leaving or reloading with a seat connected asks first (the browser's own prompt).
        prevented = "() => { const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); " \
                    "return e.defaultPrevented; }"
        assert gm.evaluate(prevented) is True
        shown = phone.locator("[data-table-view] [data-fight-current]").get_attribute("data-fight-current")
        # The site's own links change the page without unloading it: they ask too, and "stay" stays.
        asked: list[str] = []
        gm.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        gm.locator("article a[href*='characters']").first.click()
        gm.wait_for_timeout(500)
        assert asked and "phones lose the table" in asked[0] and gm.url.endswith("/session/")
        assert gm.locator('[data-table-seats] [data-seat="g1"]').get_attribute("data-connected") == "true"
        gm.on("dialog", lambda dialog: dialog.accept())
        gm.reload()
        # The phone says at once, in view, since when it lost the GM, with the invitation's field ready.
        phone.wait_for_selector('[data-table-status][data-state="disconnected"]', timeout=10_000)
        assert phone.locator("[data-table-status]").inner_text().startswith("Not connected since ")
        phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert in_view(phone, "[data-table-status]")  # sticky at the top wherever the phone is scrolled
        offer = phone.locator("[data-table-offer]")
        assert offer.is_visible() and offer.input_value() == ""
        assert phone.locator("[data-table-turn]").is_hidden()  # no request can be sent: none is offered
        assert phone.locator("[data-table-view]").get_attribute("data-live") == "false"
        assert phone.locator("[data-table-stale]").inner_text().startswith("Not live: the table as it was at ")
        assert phone.evaluate("window.rcWake.at(-1)") == "off"
        phone.evaluate("window.scrollTo(0, 0)")
        for screen in ("phone", "tablet"):
            phone.set_viewport_size(SCREENS[screen]["viewport"])
            screenshot(phone, f"table-phone-lost-{screen}.png")
        phone.set_viewport_size(SCREENS["phone"]["viewport"])
        assert audit(phone) == []
        # The GM's panel after the reload: the seat kept, not connected, one "Invite again" away.
        seat = gm.locator('[data-table-seats] [data-seat="g1"]')
        seat.wait_for()
        assert seat.get_attribute("data-connected") == "false"
        assert gm.locator("[data-table-refused]").is_hidden()  # nothing refused: no empty list
        for screen in ("phone", "tablet"):
            gm.set_viewport_size(SCREENS[screen]["viewport"])
            gm.locator("[data-table]").scroll_into_view_if_needed()
            screenshot(gm, f"table-gm-after-reload-{screen}.png")
        gm.set_viewport_size(SCREENS["tablet"]["viewport"])
        assert audit(gm) == []
        assert gm.evaluate(prevented) is False  # nobody connected: nothing to ask
        # The phone reloaded too: the table as last seen, marked as not live.
        phone.reload()
        phone.locator("[data-table-stale]").wait_for()
        assert phone.locator("[data-table-view] [data-fight-current]").get_attribute("data-fight-current") == shown
        assert phone.locator("[data-table-view]").get_attribute("data-live") == "false"
        # One tap on the GM's side, one scan each way: the seat and character back.
        seat.locator('[data-action="invite-seat"]').click()
        reply = phone_reply(phone, site_url, invitation(gm, "g1"))
        assert "Bruno's reply taken" in take(gm, reply)
        connected(gm, phone, "g1")
        phone.wait_for_function("() => document.querySelector('[data-table-view]').dataset.live === 'true'")
        assert phone.locator("[data-table-stale]").is_hidden()
        assert "You play Bruno" in phone.locator("[data-table-me]").inner_text()
    finally:
        gm_context.close()
        phone_context.close()


def test_the_gm_sees_what_the_phones_ask_and_a_turn_fits_a_thumb(browser, site_url):
    with gm_and_phone(browser, site_url, ARMED, "gurps", "Bruno alone", ORC, "g1") as (gm, phone, dice):
        gm.check("[data-table-approve]")
        to_bruno(gm, dice)
        attack_shown(phone)
        # The turn starts on Attack; the own-dice field is a thumb's size, with an edge and a text keyboard.
        assert phone.locator("[data-table-maneuver]").input_value() == "attack"
        rolled = phone.locator("[data-table-rolled]")
        box = rolled.bounding_box()
        assert box and box["height"] >= 44
        edge = rolled.evaluate("e => { const s = getComputedStyle(e); return [s.borderTopWidth, s.borderTopStyle, "
                               "s.borderTopColor, s.backgroundColor]; }")
        assert float(edge[0].removesuffix("px")) >= 1 and edge[1] != "none" and edge[2] != edge[3]
        assert rolled.get_attribute("inputmode") in (None, "text") and rolled.get_attribute("type") == "text"
        assert "e.g. 5 4 3" in phone.locator("#table-rolled-hint").inner_text()
        # A request waiting for the GM shows in the head, wherever the GM has scrolled.
        gm.evaluate("window.scrollTo(0, 0)")
        phone.select_option("[data-table-maneuver]", "all_out_attack")
        phone.click('[data-action="request-maneuver"]')
        waiting = gm.locator("[data-table-waiting]")
        waiting.wait_for()
        assert waiting.inner_text() == "Bruno's phone asks for the maneuver All-Out Attack. Approve or refuse."
        assert in_view(gm, "[data-table-waiting]")
        gm.locator("[data-session-log]").evaluate("log => log.scrollIntoView({block: 'end'})")  # the session's foot
        assert in_view(gm, "[data-table-waiting]")
        gm.evaluate("""() => {
            Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
            document.dispatchEvent(new Event('visibilitychange')); }""")
        assert gm.title().startswith("(1) ")
        gm.evaluate("""() => { delete document.visibilityState;
            document.dispatchEvent(new Event('visibilitychange')); }""")
        assert not gm.title().startswith("(")
        gm.evaluate("window.scrollTo(0, 0)")
        for screen in ("phone", "tablet"):
            gm.set_viewport_size(SCREENS[screen]["viewport"])
            screenshot(gm, f"table-gm-waiting-{screen}.png")
        gm.set_viewport_size(SCREENS["tablet"]["viewport"])
        assert audit(gm) == []
        waiting.click()
        assert in_view(gm, "[data-table-request]")
        assert gm.evaluate("() => document.activeElement?.closest('[data-table-request]') !== null")
        before = len(saved(gm)["done"])
        gm.click('[data-table-request] [data-action="approve-request"]')
        wait_for_python(gm, lambda: len(saved(gm)["done"]) == before + 1, "the approved maneuver")
        gm.wait_for_function("() => document.querySelector('[data-table-waiting]').hidden")
        gm.uncheck("[data-table-approve]")
        # "543" reads as 5, 4, 3 for 3d6, and Enter asks for the attack.
        for screen in ("tablet", "phone"):
            phone.set_viewport_size(SCREENS[screen]["viewport"])
            phone.locator("[data-table-turn]").scroll_into_view_if_needed()
            screenshot(phone, f"table-phone-turn-{screen}.png")
        rolled.fill("543")
        rolled.press("Enter")
        gm.locator('[data-table-request] [data-action="approve-request"][data-defence="parry"]').wait_for()
        gm.click('[data-table-request] [data-action="approve-request"][data-defence="parry"]')
        # The GM rolls their own dice: the phone's attack asks here for the rolls its player did not give, named.
        asked = gm.locator("[data-session-dice] [data-dice-asked]")
        asked.wait_for()
        assert asked.inner_text() == "Orc's Parry: roll 3d6 (rolled so far: 5 4 3)."
        give_dice(gm, dice, before + 1, "the phone's attack")
        assert saved(gm)["done"][-1]["dice"][0] == [3, 6, [5, 4, 3]]
        # The attack made, the turn offers none, and says why (rulescore's own sentence).
        phone.wait_for_function("() => !document.querySelector('[data-table-no-attack]').hidden", timeout=ARRIVES)
        reason = phone.locator("[data-table-no-attack]").inner_text()
        expected = session.view(saved(gm), gm=True)["fight"]["combatants"]
        bruno = next(one for one in expected if one["id"] == "g1")
        assert bruno["no_attack"] and reason == f"No attack this turn: {bruno['no_attack']}"
        assert phone.locator("[data-table-attack]").is_hidden()


def test_the_reply_qr_is_in_view_and_basic_fantasy_has_no_maneuver(browser, site_url):
    from tests.browser.test_attack_page import ROUTINE
    from tests.browser.test_table_attack import GOBLIN
    with gm_and_phone(browser, site_url, ROUTINE, "bfrpg", "Alda alone", GOBLIN, "b1") as (gm, phone, dice):
        while (fight := session.view(saved(gm), gm=True)["fight"])["current"] != "b1" or fight["round"] < 2:
            press(gm, '[data-action="next-turn"]', dice)
        attack_shown(phone)
        assert phone.locator("[data-table-maneuver-area]").is_hidden()
        assert "e.g. 14" in phone.locator("#table-rolled-hint").inner_text()
        kept = saved(gm)
        phone.fill("[data-table-rolled]", "14")
        phone.press("[data-table-rolled]", "Enter")
        give_dice(gm, dice, len(kept["done"]), "the attack by Enter")
        assert saved(gm)["done"][-1]["dice"][0] == [1, 20, [14]]
    # A phone of 390 x 844: the reply's QR in view once it joins.
    gm_context = browser.new_context(**SCREENS["tablet"])
    phone_context = browser.new_context(**SCREENS["phone"])
    try:
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4"}])
        gm.click('[data-action="invite-player"]')
        phone = phone_context.new_page()
        phone_reply(phone, site_url, invitation(gm, "g1"))
        qr = phone.locator("[data-table-reply] [data-table-qr]").bounding_box()
        assert qr and qr["y"] >= 0 and qr["y"] + qr["height"] <= SCREENS["phone"]["viewport"]["height"]
    finally:
        gm_context.close()
        phone_context.close()


def test_allow_the_camera_when_a_browser_hides_its_address(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"])
    gm_context.add_init_script(script=AXE)
    phone_context = browser.new_context(**SCREENS["phone"])
    try:
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4"}])
        gm.evaluate(f"({HIDING})('none')")
        gm.evaluate("window.rulesTableConnectMs = 2000")
        # No local address at all: no code is shown, only the camera's offer.
        gm.click('[data-action="invite-player"]')
        block = gm.locator('[data-table-invitation][data-seat="g1"]')
        block.locator('[data-action="allow-camera-seat"]').wait_for()
        assert block.locator("[data-table-code]").count() == 0
        assert "no local address" in block.inner_text()
        # Only hidden ".local" names on both sides: the connection fails, and the GM is offered the camera.
        gm.evaluate("window.rcHide = 'named'")
        gm.click('[data-action="invite-player"]')
        code = invitation(gm, "g1")
        assert HIDDEN_NAME in code
        phone = phone_context.new_page()
        phone.goto(site_url + "table/")
        phone.evaluate(f"({HIDING})('named')")
        reply = phone_reply(phone, site_url, code)
        assert HIDDEN_NAME in reply
        take(gm, reply)
        camera = gm.locator('[data-table-trouble] [data-action="allow-camera"]')
        camera.wait_for(timeout=15_000)
        assert "hidden local name" in gm.locator("[data-table-trouble]").inner_text()
        assert audit(gm) == []
        camera.click()
        fresh = invitation(gm, "g1")
        assert HIDDEN_NAME not in fresh and fresh != code
        assert gm.evaluate("window.rcCamera") == 1
        assert gm.evaluate("window.rcStream.getTracks().every(t => t.readyState === 'ended')")  # used, then let go
        # The phone: no address at all until the camera is allowed, then a reply that connects.
        phone.evaluate("window.rcHide = 'none'")
        phone.fill("[data-table-offer]", fresh)
        phone.click('[data-action="join-table"]')
        phone.locator('[data-table-reply] [data-action="allow-camera"]').wait_for()
        assert phone.locator("[data-table-reply] [data-table-code]").count() == 0
        phone.click('[data-table-reply] [data-action="allow-camera"]')
        answer = phone.locator("[data-table-reply] [data-table-code]")
        answer.wait_for()
        assert HIDDEN_NAME not in answer.inner_text() and phone.evaluate("window.rcCamera") == 1
        take(gm, answer.inner_text())
        connected(gm, phone, "g1")
    finally:
        gm_context.close()
        phone_context.close()


def test_a_phones_head_opened_leaves_the_page_room(browser, site_url):
    from bench.evening import CHARACTERS as SIX
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        start_with(page, site_url, SIX, "gurps", "The six")
        page.check("[data-own-dice]")
        add_foes(page, [{"name": "Orc", "count": "3", "hp": "17", "basic_speed": "4"}])
        press(page, '[data-action="apply-action"]', TableDice())
        page.evaluate("window.scrollTo(0, 0)")
        page.click('[data-action="toggle-head"]')
        page.wait_for_selector(".rc-session-head[data-head-open]")
        height = page.locator(".rc-session-head").bounding_box()["height"]
        summary = page.locator("[data-session-summary]")
        assert summary.is_visible() and "Hana" in summary.inner_text()  # the whole party, scrolled within
        screenshot(page, "session-head-open-phone.png")
        assert height <= 0.22 * SCREENS["phone"]["viewport"]["height"], height  # 290 of 844 px before
    finally:
        context.close()
