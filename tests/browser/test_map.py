"""Issue 44: the party's map, a GM's tablet (768 x 1024) and the mapper's phone (390 x 844) in
separate browser contexts over the table's WebRTC data channel. The GM gives Bram's seat the
pen; Bram drags a corridor on his phone and the GM's tablet draws it (bench/map.py times it); the GM
walks the party 12 squares along it and the clock and the torch move as rulescore says; a
reload keeps it all; the exports are real images; keyboard alone draws a room; axe on the
map's controls at both sizes; screenshots for the README."""

from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.helpers import ARRIVES, screenshot, wait_for_python
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_fight_page import press
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved
from tests.browser.test_table import KEEP_CHANNEL, join
from tests.browser.test_table_evening import connected, invitation, phone_reply, take

HUMANS: dict[str, Any] = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": "h1", "name": "Ana", "system": "bfrpg", "fields": {"race": "human", "load_lb": "20"}},
    {"id": "h2", "name": "Bram", "system": "bfrpg", "fields": {"race": "human", "load_lb": "30"}},
], "parties": [{"id": "p1", "name": "Two humans", "system": "bfrpg", "members": ["h1", "h2"]}]}


def in_sight(page) -> None:
    """The sheet scrolled into view, and still: the theme scrolls smoothly, and a square's place
    read mid-scroll is not where the finger lands."""
    page.locator("[data-map-sheet]").scroll_into_view_if_needed()
    page.wait_for_function("""() => new Promise((done) => {
        const top = () => document.querySelector('[data-map-sheet]').getBoundingClientRect().top;
        const before = top();
        requestAnimationFrame(() => requestAnimationFrame(() => done(top() === before)));
    })""")


def box_of(page, x: int, y: int) -> dict[str, float]:
    box = page.locator(f'[data-square="{x},{y}"]').bounding_box()
    assert box is not None, f"square ({x}, {y}) is not drawn"
    return box


def centre(page, x: int, y: int) -> tuple[float, float]:
    box = box_of(page, x, y)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A finger (here the mouse) from one square's middle to another's, through the squares between."""
    in_sight(page)
    page.mouse.move(*centre(page, *start))
    page.mouse.down()
    page.mouse.move(*centre(page, *end), steps=12)
    page.mouse.up()


def tap(page, x: int, y: int, across: float = 0.5) -> None:
    """A tap on a square, `across` of the way from its west side to its east (a side's tap near it)."""
    in_sight(page)
    box = box_of(page, x, y)
    page.mouse.click(box["x"] + box["width"] * across, box["y"] + box["height"] / 2)


def tool(page, name: str) -> None:
    page.click(f'[data-map-tool="{name}"]')
    assert page.locator(f'[data-map-tool="{name}"]').get_attribute("aria-pressed") == "true"


def gm_turns_left(gm) -> int:
    return int(gm.locator("[data-session-lights] [data-turns-left]").first.get_attribute("data-turns-left"))


def test_the_mapper_draws_the_gm_walks_and_the_clock_keeps_up(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"], accept_downloads=True)
    phone_context = browser.new_context(**SCREENS["phone"])
    for context in (gm_context, phone_context):
        context.add_init_script(script=AXE)
    phone_context.add_init_script(script=f"({KEEP_CHANNEL})()")
    try:
        gm = gm_context.new_page()
        start_with(gm, site_url, HUMANS, "bfrpg", "Two humans", "The sunken temple")
        assert gm.locator("[data-map]").is_visible()  # shown with the open session on a tablet
        gm.select_option("[data-session-action]", "light")
        press(gm, '[data-action="apply-action"]', TableDice())
        gm.locator("[data-session-lights] [data-turns-left]").wait_for()
        phone = phone_context.new_page()
        join(gm, phone, site_url, "h2")
        # Not the mapper yet: the phone sees the map folded away, nothing to draw with.
        assert phone.locator("[data-map]").is_hidden() and phone.locator("[data-map-open]").is_visible()
        gm.select_option("select[data-map-mapper]", "h2")
        phone.wait_for_selector("[data-map]:not([hidden])", timeout=ARRIVES)  # the pen opens the map
        assert phone.locator('[data-map-tool="room"]').is_enabled()
        assert phone.locator('[data-map-tool="party"]').is_disabled()  # the marker stays the GM's
        assert session.view(saved(gm))["map"]["mapper"] == "h2"

        # Hostile strokes sent raw over the channel are refused by field, and the session is untouched.
        before = json.dumps(saved(gm))
        phone.evaluate("""() => {
            window.rcHeard = [];
            window.rcChannel.addEventListener('message', (event) => window.rcHeard.push(JSON.parse(event.data)));
            const ask = (id, action) => window.rcChannel.send(
                JSON.stringify({ v: 1, type: 'request', id, seen: 0, action }));
            ask('h-1', { do: 'map_draw', shape: 'room', at: [0, 0], size: [1000, 1000] });
            ask('h-2', { do: 'map_draw', shape: 'note', at: [1, 1], text: 'x'.repeat(3000) });
            ask('h-3', { do: 'map_draw', shape: 'wall', at: [-1, 100], side: 'n' });
            ask('h-4', { do: 'map_draw', shape: 'note', at: [1, 1], text: 'mine', gm: true });
            ask('h-5', { do: 'map_move', path: Array.from({ length: 300 }, (_, i) => [i % 10, 0]) });
            window.rcChannel.send(JSON.stringify({ v: 1, type: 'request', id: 'h-6', seen: 0,
                action: { do: 'map_draw', shape: 'note', at: [1, 1], text: 'x'.repeat(50000) } }));
        }""")
        phone.wait_for_function("() => window.rcHeard.filter((m) => m.type === 'refused').length >= 6", timeout=ARRIVES)
        refused = {m["id"]: m["message"] for m in phone.evaluate("window.rcHeard") if m["type"] == "refused"}
        assert refused["h-1"].startswith("Size:"), refused
        assert refused["h-2"].startswith("Note:") and "500" in refused["h-2"], refused
        assert refused["h-3"].startswith("Square:"), refused
        assert "GM alone" in refused["h-4"] and "pen" in refused["h-5"], refused
        assert refused[""].startswith("Request: longer than 4000 characters"), refused  # the 50,000: too big to read
        assert json.dumps(saved(gm)) == before
        # Bram drags a corridor, 13 squares by 3; the GM's tablet draws it.
        tool(phone, "room")
        drag(phone, (1, 1), (13, 3))
        gm.wait_for_selector("[data-map-room]", timeout=ARRIVES)
        rooms = session.view(saved(gm))["map"]["rooms"]
        assert [(room["at"], room["size"]) for room in rooms] == [([1, 1], [13, 3])]
        phone.wait_for_selector("[data-map-room]", timeout=ARRIVES)
        # With "I approve each drawing" ticked, Bram's next stroke waits in the GM's list, named.
        gm.check("[data-map-ask]")
        phone.wait_for_function("() => document.querySelector('[data-map-summary]').textContent !== ''")
        gm.wait_for_function("() => document.querySelector('[data-map-ask]').checked")
        assert session.view(saved(gm))["map"]["ask"] is True
        tool(phone, "stairs")
        tap(phone, 2, 2)
        waiting = gm.locator("[data-table-requests] li")
        waiting.first.wait_for(timeout=ARRIVES)
        assert "Bram asks to draw stairs at (2, 2) on the map." in waiting.first.inner_text()
        assert session.view(saved(gm))["map"]["stairs"] == []
        waiting.first.locator('[data-action="approve-request"]').click()
        gm.wait_for_selector("[data-map-stairs]", state="attached", timeout=ARRIVES)
        gm.uncheck("[data-map-ask]")
        gm.wait_for_function("() => !document.querySelector('[data-map-ask]').checked")
        assert session.view(saved(gm))["map"]["ask"] is False
        # A door on the corridor's east end, by a tap near that side of the last square.
        tool(phone, "door")
        phone.select_option("[data-map-door]", "stuck")
        tap(phone, 13, 2, across=0.9)
        gm.wait_for_selector("[data-map-door-id]", state="attached", timeout=ARRIVES)
        doors = session.view(saved(gm))["map"]["doors"]
        assert [(door["at"], door["side"], door["door"]) for door in doors] == [([13, 2], "e", "stuck")]

        # The GM puts the party at the west end, then drags the marker 12 squares east.
        turn, left = session.view(saved(gm))["turn"], gm_turns_left(gm)
        tool(gm, "party")
        tap(gm, 1, 2)
        gm.wait_for_selector("[data-map-party]")
        assert session.view(saved(gm))["map"]["party"] == [1, 2]
        assert session.view(saved(gm))["turn"] == turn  # put on the map: no time
        drag(gm, (1, 2), (13, 2))
        gm.wait_for_function(f"() => document.querySelector('[data-session-clock]').dataset.turn === '{turn + 1}'",
                             timeout=ARRIVES)
        view = session.view(saved(gm), gm=True)
        assert view["map"]["party"] == [13, 2]
        assert view["turn"] == turn + 1  # 120' at 3 x 40' a turn: one turn
        assert view["lights"][0]["turns_left"] == left - 1 == gm_turns_left(gm)  # the torch burned one
        assert any("120'" in line["text"] for line in view["log"])
        phone.wait_for_function("() => document.querySelector('[data-table-view] [data-session-clock]')"
                                f".dataset.turn === '{turn + 1}'", timeout=ARRIVES)
        phone.wait_for_selector("[data-map-party]")
        # Ana searches 30' of the corridor's north wall (3 squares): a turn per 10', the GM's roll.
        tool(gm, "search")
        gm.select_option("[data-map-searcher]", "h1")
        drag(gm, (4, 1), (6, 1))
        gm.wait_for_function("() => document.querySelector('[data-session-clock]').dataset.turn === "
                             f"'{turn + 4}'", timeout=ARRIVES)
        searched = session.view(saved(gm), gm=True)["log"]
        assert any("Ana searches the wall from (4, 1) to (6, 1) for secret doors: 30' of wall" in line["text"]
                   and "Rolled" in line["text"] for line in searched)
        assert not any("Rolled" in line["text"] for line in session.view(saved(gm))["log"])  # the GM's alone
        tool(gm, "party")
        # A step off the map is refused in words, and nothing moves.
        tap(gm, 14, 2)
        said = gm.locator("[data-map-said]")
        said.wait_for()
        assert "(14, 2)" in said.inner_text()
        assert session.view(saved(gm))["map"]["party"] == [13, 2]

        # The exports are real images of the drawing.
        # (A phone is connected: a download is not "leaving the session", so nothing is asked.)
        asked: list[str] = []
        gm.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        gm.click('[data-action="map-exports"]')  # export and print fold under one button
        with gm.expect_download() as download:
            gm.click('[data-action="map-svg"]')
        svg = ET.fromstring(Path(download.value.path()).read_bytes())
        assert svg.tag.endswith("svg") and len(svg.findall(".//{http://www.w3.org/2000/svg}rect")) >= 3
        with gm.expect_download() as download:
            gm.click('[data-action="map-png"]')
        png = Path(download.value.path()).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert width >= 13 * 24 and height >= 3 * 24  # 24 pixels a square, the corridor and a margin
        assert asked == []

        # A reload keeps the map, the party and the clock; undo takes back the walk.
        gm.reload()  # (the browser asks first, a phone being connected: accepted)
        assert asked == ["beforeunload"]
        gm.locator("[data-map-room]").wait_for()
        assert gm.locator("[data-map-party]").count() == 1
        assert gm.locator("[data-session-clock]").get_attribute("data-turn") == str(turn + 4)
        gm.click('[data-action="undo"]')  # the search
        gm.wait_for_function(f"() => document.querySelector('[data-session-clock]').dataset.turn === '{turn + 1}'")
        gm.click('[data-action="undo"]')  # the walk
        gm.wait_for_function(f"() => document.querySelector('[data-session-clock]').dataset.turn === '{turn}'")
        # The clock is drawn as soon as the engine answers; the state is stored just after.
        wait_for_python(gm, lambda: session.view(saved(gm))["map"]["party"] == [1, 2], "the undone walk stored")
        gm.click('[data-action="redo"]')
        gm.wait_for_function(f"() => document.querySelector('[data-session-clock]').dataset.turn === '{turn + 1}'")
        wait_for_python(gm, lambda: session.view(saved(gm))["map"]["party"] == [13, 2], "the walk redone stored")
        # The phone lost the GM at the reload; one Invite again and it is back, with the pen.
        phone.wait_for_selector('[data-table-status][data-state="disconnected"]', timeout=10_000)
        gm.locator('[data-table-seats] [data-seat="h2"] [data-action="invite-seat"]').click()
        assert "Bram's reply taken" in take(gm, phone_reply(phone, site_url, invitation(gm, "h2")))
        connected(gm, phone, "h2")
        phone.wait_for_function("() => document.querySelector('[data-table-view]').dataset.live === 'true'")
        assert phone.locator('[data-map-tool="room"]').is_enabled()
        # The GM draws on: a passage south to a hall, a wall in it, stairs down and a note.
        tool(gm, "room")
        drag(gm, (6, 4), (7, 7))
        drag(gm, (3, 8), (11, 11))
        tool(gm, "wall")
        tap(gm, 9, 9, across=0.04)  # near the square's west side
        tool(gm, "stairs")
        tap(gm, 10, 10)
        tool(gm, "note")
        gm.fill("[data-map-note-text]", "Altar: a cold draught")
        tap(gm, 4, 9)
        gm.wait_for_selector("[data-map-note]", state="attached")
        shown = session.view(saved(gm))["map"]
        assert (len(shown["rooms"]), len(shown["walls"]), len(shown["stairs"]), len(shown["notes"])) == (3, 1, 2, 1)
        assert [(wall["at"], wall["side"]) for wall in shown["walls"]] == [([9, 9], "w")]
        assert gm.locator("[data-map-room]").count() == 3
        phone.wait_for_function("() => document.querySelectorAll('[data-map-room]').length === 3", timeout=ARRIVES)
        # Screenshots of the map (the README's and the docs' is the tablet's).
        gm.click('[data-action="map-fit"]')
        gm.evaluate("""() => window.scrollBy({ top: document.querySelector('.rc-map').getBoundingClientRect().top - 120,
                                              behavior: 'instant' })""")
        screenshot(gm, "map-gm-tablet.png")
        phone.click('[data-action="map-fit"]')
        phone.locator("[data-map-sheet]").scroll_into_view_if_needed()
        screenshot(phone, "map-mapper-phone.png")
        assert audit(gm) == []
        assert audit(phone) == []
    finally:
        gm_context.close()
        phone_context.close()


def test_the_keyboard_draws_and_walks_and_the_map_folds_away(browser, site_url):
    context = browser.new_context(**SCREENS["phone"])
    context.add_init_script(script=AXE)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme="dark")  # axe in the dark scheme here
        start_with(page, site_url, HUMANS, "bfrpg", "Two humans", "By keys")
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"  # the theme's dark one
        sheet = page.locator("[data-map-sheet]")
        sheet.focus()
        # Room: Enter at one corner, arrows to the other, Enter again.
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        for key in ["ArrowRight"] * 4 + ["ArrowDown"]:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        page.locator("[data-map-room]").wait_for()
        assert [(r["at"], r["size"]) for r in session.view(saved(page))["map"]["rooms"]] == [([1, 1], [5, 2])]
        # The party put down by Enter and walked by arrows: four squares east, one turn's third.
        tool(page, "party")
        sheet.focus()
        page.keyboard.press("ArrowUp")  # the cursor back to (5, 1)
        for _ in range(4):
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        page.locator("[data-map-party]").wait_for()
        for _ in range(4):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('[data-session-summary]') !== null")
        page.wait_for_function("() => /\\(5, 1\\)/.test(document.querySelector('[data-map-summary]').textContent)")
        state = saved(page)
        assert session.view(state)["map"]["party"] == [5, 1]
        assert state["clock"]["rounds"] == 20  # 40' of 120' a turn: a third of 60 rounds
        # Two fingers pinch the sheet: it zooms in (the part in view narrows) and nothing is drawn.
        before = float(sheet.get_attribute("viewBox").split()[2])
        box = sheet.bounding_box()
        middle_x, middle_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        fingers = [(1, -40), (2, 40)]
        for finger, offset in fingers:
            sheet.dispatch_event("pointerdown", {"pointerId": finger, "pointerType": "touch", "isPrimary": finger == 1,
                                                 "clientX": middle_x + offset, "clientY": middle_y, "button": 0})
        for step in range(1, 6):
            for finger, offset in fingers:
                spread = middle_x + offset * (1 + step / 5)
                sheet.dispatch_event("pointermove", {"pointerId": finger, "pointerType": "touch", "clientX": spread,
                                                     "clientY": middle_y})
        for finger, offset in fingers:
            sheet.dispatch_event("pointerup", {"pointerId": finger, "pointerType": "touch",
                                               "clientX": middle_x + offset * 2, "clientY": middle_y})
        after = float(sheet.get_attribute("viewBox").split()[2])
        assert after < before * 0.7, (before, after)  # fingers twice as far apart: about half as many squares
        assert page.locator("[data-map-room]").count() == 1 and page.locator("[data-map-preview]").get_attribute(
            "visibility") == "hidden"
        # A second level is a sheet of its own: a room there leaves level 1 as it was.
        tool(page, "room")
        page.click('[data-action="map-level-new"]')
        assert page.locator("[data-map-level]").input_value() == "2"
        assert page.locator("[data-map-room]").count() == 0
        page.click('[data-action="map-fit"]')
        drag(page, (2, 2), (4, 3))
        page.locator("[data-map-room]").wait_for()
        rooms = session.view(saved(page))["map"]["rooms"]
        assert [(room["level"], room["at"], room["size"]) for room in rooms] == [(1, [1, 1], [5, 2]),
                                                                                 (2, [2, 2], [3, 2])]
        assert session.view(saved(page))["map"]["levels"] == [1, 2]
        page.select_option("[data-map-level]", "1")
        assert page.locator("[data-map-room]").count() == 1
        # Fold away, one tap back.
        page.click('[data-action="map-fold"]')
        assert page.locator("[data-map]").is_hidden()
        page.click("[data-map-open]")
        assert page.locator("[data-map]").is_visible()
        page.locator("[data-map-sheet]").scroll_into_view_if_needed()
        screenshot(page, "map-keyboard-phone-dark.png")
        # Print: the level shown alone, on one A4 page (the browser's print dialog stubbed, the page
        # as printed read back as a PDF).
        page.evaluate("() => { window.print = () => {}; }")
        page.click('[data-action="map-exports"]')
        page.click('[data-action="map-print"]')
        assert page.locator("[data-map-print] svg [data-map-room]").count() == 1  # level 1 shown
        page.emulate_media(media="print")
        assert page.locator(".md-header").is_hidden() and page.locator("[data-map-print]").is_visible()
        pdf = page.pdf(prefer_css_page_size=True)
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
        page.emulate_media(media="screen")
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        assert page.locator("[data-map-print]").count() == 0
        assert audit(page) == []
        saved_text = json.dumps(state)
        assert "map" in saved_text
    finally:
        context.close()
