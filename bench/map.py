"""The party's map (issue 44, item 5 "Speed"): a 60 x 60 sheet holding 500 shapes (rooms, walls,
doors, stairs, notes) in a Basic Fantasy session, opened on a GM's tablet (768 x 1024) with
three phones (390 x 844, each in its own browser context) joined over real WebRTC data channels
and the first phone's seat given the pen.

A. "A drag to drawn within one frame on the tablet (p95)": N room drags on the GM's page with
   real mouse events; per pointermove that changed the preview rect, the event's timeStamp ->
   the next animation frame (and -> that frame's rendering done: a message posted from the
   frame's callback); per drag, pointerup -> the next frame (the room shown, waiting) and ->
   the rules' own room drawn ([data-map-room] count grew: the engine's answer). Against one
   frame (1000/60 ms) and, measured in the same run, the page's own requestAnimationFrame
   interval: idle (before the drags) and during the drags.
B. "A mapper's stroke on every phone within a second": N rooms dragged on the mapper's phone;
   its pointerup -> the room drawn (and painted) on every phone and on the GM's page, against
   one second and against the GM's own release -> its room drawn from the rules' view (A).

Times come from one clock shared by the pages (performance.timeOrigin + now()); the pages are
instrumented from outside by an init script (nothing in widgets/ is touched).
``./run bench map [--strokes N]`` alone, and the last part of ``./run bench``. Figures only."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.fight import OPEN
from bench.table import INSTRUMENT as TABLE_INSTRUMENT
from bench.table import SETTLED, measured, percentile
from bench.table import seat_phone as join_seat
from rulescore import session
from rulescore.play.map_shapes import edge
from tests.browser.conftest import SCREENS

FRAME_MS = 1000 / 60
GOAL_MS = 1000
SHAPES, SIDE = 500, 60
WARM_UP = 3
WAIT_MS = 15_000
PARTY = [{"id": f"m{i + 1}", "name": name, "system": "bfrpg", "fields": {"race": "human", "load_lb": "20"}}
         for i, name in enumerate(["Ana", "Bram", "Cora"])]
SEATS: list[str] = [str(one["id"]) for one in PARTY]
SESSION_ID = "s-bench-map"

# Before any script of every page (with bench/table.py's data-channel log): each pointer event on
# the sheet logged at capture (its own timeStamp, on the shared clock) and after its handlers (the
# preview rect before and after), then at the next animation frame and when that frame's
# rendering is done (a message posted from the frame's callback); the rooms drawn, each time
# their count changes (a MutationObserver on the shapes' group: when the page's draw returned),
# then at the next frame; and, between start and stop, every frame's time.
INSTRUMENT = """(() => {
    const clock = () => performance.timeOrigin + performance.now();
    const bench = window.rcMap = {clock, events: [], rooms: [], frames: [], framing: false};
    const rendered = (one) => {  // called from a frame's callback: runs once that frame's rendering is done
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { one.rendered = clock(); };
        channel.port2.postMessage(0);
    };
    const after = (one) => requestAnimationFrame(() => { one.frame = clock(); rendered(one); });
    const preview = () => {
        const rect = document.querySelector('[data-map-preview]');
        return ['x', 'y', 'width', 'height', 'visibility', 'data-pending'].map(n => rect?.getAttribute(n)).join();
    };
    const logged = new WeakMap();
    for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
        window.addEventListener(type, (event) => {
            if (!event.target.closest?.('svg[data-map-sheet]')) return;
            const one = {type, sent: performance.timeOrigin + event.timeStamp, start: clock(), before: preview(),
                         frame: null, rendered: null};
            logged.set(event, one);
            bench.events.push(one);
        }, true);
        window.addEventListener(type, (event) => {
            const one = logged.get(event);
            if (!one) return;
            one.handled = clock();
            one.changed = preview() !== one.before;
            if (one.changed || type === 'pointerup') after(one);
        });
    }
    let count = 0;
    new MutationObserver((records) => {
        const group = records.find(r => r.target.matches?.('[data-map-shapes]'))?.target;
        if (!group) return;
        const now = group.querySelectorAll('[data-map-room]').length;
        if (now === count) return;
        count = now;
        const one = {at: clock(), count: now, frame: null, rendered: null};
        bench.rooms.push(one);
        after(one);
    }).observe(document, {childList: true, subtree: true});
    let loop = 0;  // one frame loop at a time: a stopped one's last callback ends it
    const tick = (mine) => () => {
        if (mine !== loop) return;
        const one = {frame: clock(), rendered: null};
        bench.frames.push(one);
        rendered(one);
        requestAnimationFrame(tick(mine));
    };
    bench.startFrames = () => { bench.frames = []; loop += 1; requestAnimationFrame(tick(loop)); };
    bench.stopFrames = () => { loop += 1; return bench.frames.filter(one => one.rendered !== null); };
})()"""
MARK = """() => { const b = window.rcMap; performance.clearMeasures();
    return {events: b.events.length, rooms: document.querySelectorAll('[data-map-room]').length,
            heard: window.rcBench.heard.length}; }"""
# The drag's pointer events since the mark, once its pointerup's frame came.
DRAG_DONE = """(mark) => { const events = window.rcMap.events.slice(mark.events);
    const up = events.find(one => one.type === 'pointerup');
    return up?.rendered != null && events.filter(one => !one.changed || one.rendered != null).length === events.length
        && events; }"""
# The first rooms' draw since the mark with more rooms than then, once its frame came.
ROOM_DRAWN = """(mark) => { const one = window.rcMap.rooms.find(one => one.count > mark.rooms
        && one.at >= performance.timeOrigin + mark.since);
    return one?.rendered != null && one; }"""
# What the page's data channels heard since the mark (UTF-8 bytes, when), and the engine worker's
# own time since (engine.js's rc-session-worker-<op> entries).
SINCE = """(mark) => { const utf8 = new TextEncoder();
    const heard = window.rcBench.heard.slice(mark.heard)
        .map(one => ({at: one.at, bytes: utf8.encode(String(one.data)).length}));
    const worker = performance.getEntriesByType('measure').filter(e => e.name.startsWith('rc-session-worker-'))
        .reduce((sum, e) => sum + e.duration, 0);
    window.rcBench.heard.length = 0; window.rcBench.sent.length = 0;  // the log let go as it is read
    return {heard, worker}; }"""


def map_actions(count: int = SHAPES, side: int = SIDE, seed: int = 44) -> list[dict]:
    """`count` distinct map_draw actions spread over a side x side sheet: rooms 1 to 6 squares
    each way, walls and doors on any side, stairs, notes (none drawn twice: a wall on the east
    side of a square is the wall on the west side of the next)."""
    rng, actions, seen = random.Random(seed), list[dict](), set()
    kinds = ["room", "room", "wall", "wall", "wall", "door", "door", "stairs", "note"]
    while len(actions) < count:
        kind = kinds[len(actions) % len(kinds)]
        x, y = rng.randrange(side), rng.randrange(side)
        action: dict[str, Any] = {"do": "map_draw", "shape": kind, "at": [x, y], "level": 1}
        if kind == "room":
            action["size"] = [min(rng.randint(1, 6), side - x), min(rng.randint(1, 6), side - y)]
        elif kind in ("wall", "door"):
            action["side"] = rng.choice("nesw")
        if kind == "door":
            action["door"] = rng.choice(["plain", "stuck", "locked", "secret"])
        elif kind == "stairs":
            action["way"] = rng.choice(["up", "down"])
        elif kind == "note":
            action["text"] = f"Note {len(actions) + 1}: a statue, a draught, a smell of smoke"
        where = edge(action["at"], action["side"]) if kind in ("wall", "door") else (x, y, json.dumps(action))
        if (kind == "door", where) not in seen:
            seen.add((kind == "door", where))
            actions.append(action)
    return actions


def mapped_state() -> dict:
    """A Basic Fantasy session of three whose map holds SHAPES shapes; every action accepted."""
    state = session.new("bfrpg", PARTY)
    for number, action in enumerate(map_actions(), 1):
        try:
            state = session.apply(state, action)
        except Exception as error:
            raise RuntimeError(f"map action {number} ({action}) was refused: {error}") from error
    shapes = state["map"]["shapes"]
    if len(shapes) != SHAPES:
        raise RuntimeError(f"the map holds {len(shapes)} shapes, not {SHAPES}")
    return state


def room_plan(state: dict, count: int, seed: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Rooms to drag, from corner to corner, 3 to 8 squares each way, in rows and columns 1..48
    (in view on both screens), none the same as a room drawn already."""
    rng = random.Random(seed)
    taken = {(tuple(one["at"]), tuple(one["size"])) for one in state["map"]["shapes"] if one["shape"] == "room"}
    plan: list[tuple[tuple[int, int], tuple[int, int]]] = []
    while len(plan) < count:
        at, size = (rng.randint(1, 40), rng.randint(1, 40)), (rng.randint(3, 8), rng.randint(3, 8))
        if (at, size) not in taken:
            taken.add((at, size))
            plan.append(((at[0], at[1]), (at[0] + size[0] - 1, at[1] + size[1] - 1)))
    return plan


def seat_phone(gm, phone, site_url: str, seat: str) -> None:
    """bench/table.py's join, waiting for the phone's live view and its map rather than a fight."""
    join_seat(gm, phone, site_url, seat, live="[data-table-view][data-live='true']")
    phone.wait_for_function(f"() => document.querySelectorAll('[data-map-room]').length >= {SHAPES // 5}",
                            timeout=20_000)


def centre(page, x: int, y: int) -> tuple[float, float]:
    box = page.locator(f'[data-square="{x},{y}"]').bounding_box()
    viewport = page.viewport_size
    if box is None or not (0 <= box["x"] and box["x"] + box["width"] <= viewport["width"]
                           and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]):
        raise RuntimeError(f"square ({x}, {y}) is not in view: {box}")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
    """A mouse from one square's middle to another's through the squares between, as a finger."""
    page.mouse.move(*centre(page, *start))
    page.mouse.down()
    page.mouse.move(*centre(page, *end), steps=steps)
    page.mouse.up()


def in_sight(page) -> None:
    page.locator("[data-map-sheet]").evaluate("""sheet => { const box = sheet.getBoundingClientRect();
        window.scrollTo({behavior: 'instant', top: window.scrollY + box.top - (innerHeight - box.height) / 2}); }""")


def room_on(page, mark: dict, what: str) -> dict:
    try:
        return page.wait_for_function(ROOM_DRAWN, arg=mark, timeout=WAIT_MS, polling=20).json_value()
    except Exception as error:
        raise RuntimeError(f"{what}: no new room drawn within {WAIT_MS / 1000:.0f} s") from error


def set_up(browser, site_url: str):
    state = mapped_state()
    contexts = [browser.new_context(**SCREENS["tablet"])] + [browser.new_context(**SCREENS["phone"]) for _ in SEATS]
    for context in contexts:
        context.add_init_script(TABLE_INSTRUMENT)
        context.add_init_script(INSTRUMENT)
    gm = contexts[0].new_page()
    gm.goto(site_url + "session/")
    gm.wait_for_function("() => document.querySelector('[data-session-status]')?.textContent === 'Ready.'",
                         timeout=120_000)
    record = {"id": SESSION_ID, "name": "The 500-shape delve", "system": "bfrpg",
              "updated": "2026-11-28T20:00:00Z", "state": state, "rev": 1}
    gm.evaluate(OPEN, {"kept": [record], "id": SESSION_ID})
    gm.reload()
    gm.wait_for_function(f"() => document.querySelectorAll('[data-map-room]').length === "
                         f"{sum(1 for one in state['map']['shapes'] if one['shape'] == 'room')}", timeout=120_000)
    phones = [context.new_page() for context in contexts[1:]]
    for seat, phone in zip(SEATS, phones, strict=True):
        seat_phone(gm, phone, site_url, seat)
    gm.select_option("select[data-map-mapper]", SEATS[0])  # the pen: the first phone's seat
    phones[0].wait_for_selector("[data-map]:not([hidden])", timeout=WAIT_MS)
    for phone in phones[1:]:  # the others open the map themselves: every phone draws it in sight
        phone.click('[data-action="map-open"]')
        phone.wait_for_selector("[data-map]:not([hidden])")
    for page in (gm, *phones):  # saving the site offline (each context's own) is done
        page.wait_for_function(SETTLED, timeout=300_000, polling=200)
    gm.click('[data-map-tool="room"]')
    return state, contexts, gm, phones


def gm_drags(gm, phones: list, plan: list) -> list[dict]:
    """Measure A: the GM's room drags, each waited for on the GM's page and on every phone."""
    out = []
    for start, end in plan:
        in_sight(gm)
        marks = [page.evaluate(MARK) for page in (gm, *phones)]
        since = gm.evaluate("performance.now()")
        drag(gm, start, end)
        events = gm.wait_for_function(DRAG_DONE, arg=marks[0], timeout=WAIT_MS, polling=20).json_value()
        room = room_on(gm, {**marks[0], "since": since}, f"the GM's drag {start}-{end}")
        for phone, mark in zip(phones, marks[1:], strict=True):
            room_on(phone, {**mark, "since": 0}, f"a phone after the GM's drag {start}-{end}")
        worker = gm.evaluate(SINCE, marks[0])["worker"]
        for phone, mark in zip(phones, marks[1:], strict=True):
            phone.evaluate(SINCE, mark)
        out.append({"events": events, "room": room, "worker": worker})
        gm.wait_for_timeout(100)
    return out


def mapper_strokes(gm, phones: list, plan: list) -> list[dict]:
    """Measure B: rooms dragged on the mapper's phone, each waited for on every page."""
    mapper = phones[0]
    mapper.click('[data-map-tool="room"]')
    out = []
    for start, end in plan:
        in_sight(mapper)
        pages = (mapper, *phones[1:], gm)
        marks = [page.evaluate(MARK) for page in pages]
        drag(mapper, start, end)
        events = mapper.wait_for_function(DRAG_DONE, arg=marks[0], timeout=WAIT_MS, polling=20).json_value()
        up = next(one for one in events if one["type"] == "pointerup")
        rooms = [room_on(page, {**mark, "since": 0}, f"stroke {start}-{end}, page {i}")
                 for i, (page, mark) in enumerate(zip(pages, marks, strict=True))]
        since = [page.evaluate(SINCE, mark) for page, mark in zip(pages, marks, strict=True)]
        out.append({"events": events, "up": up, "rooms": rooms, "heard": [one["heard"] for one in since],
                    "worker": since[-1]["worker"]})
        gm.wait_for_timeout(100)
    return out


def measure_map(browser, site_url: str, strokes: int = 40) -> dict:
    state, contexts, gm, phones = set_up(browser, site_url)
    try:
        plan = room_plan(state, 2 * (WARM_UP + strokes), seed=45)
        gm.evaluate("window.rcMap.startFrames()")
        gm.wait_for_timeout(2_000)
        idle = gm.evaluate("window.rcMap.stopFrames()")
        gm.evaluate("window.rcMap.startFrames()")
        drags = gm_drags(gm, phones, plan[:WARM_UP + strokes])[WARM_UP:]
        during = gm.evaluate("window.rcMap.stopFrames()")
        stroked = mapper_strokes(gm, phones, plan[WARM_UP + strokes:])[WARM_UP:]
    finally:
        for context in contexts:
            context.close()
    results = summarise(drags, stroked, idle, during)
    results["figures"] = figures(results)
    return results


def summarise(drags: list[dict], strokes: list[dict], idle: list[dict], during: list[dict]) -> dict:
    def ups(drag: dict) -> dict:
        return next(one for one in drag["events"] if one["type"] == "pointerup")

    moves = [one for drag in drags for one in drag["events"] if one["type"] == "pointermove"]
    changed = [one for one in moves if one["changed"]]
    mapper_moves = [one for stroke in strokes for one in stroke["events"] if one["type"] == "pointermove"
                    and one["changed"]]
    room_ms = [[room["at"] - stroke["up"]["sent"] for room in stroke["rooms"]] for stroke in strokes]
    room_painted_ms = [[room["frame"] - stroke["up"]["sent"] for room in stroke["rooms"]] for stroke in strokes]
    return {
        "shapes": SHAPES, "sheet": SIDE, "phones": len(SEATS), "drags": len(drags), "strokes": len(strokes),
        "frame_ms": FRAME_MS, "goal_ms": GOAL_MS,
        "frame_interval_idle_ms": [b["frame"] - a["frame"] for a, b in zip(idle, idle[1:], strict=False)],
        "frame_rendering_idle_ms": [one["rendered"] - one["frame"] for one in idle],
        "frame_interval_during_drags_ms": [b["frame"] - a["frame"] for a, b in zip(during, during[1:], strict=False)],
        "move_frame_rendering_ms": [one["rendered"] - one["frame"] for one in changed],
        "moves": len(moves), "moves_changing_the_preview": len(changed),
        "move_to_frame_ms": [one["frame"] - one["sent"] for one in changed],
        "move_to_rendered_ms": [one["rendered"] - one["sent"] for one in changed],
        "move_queued_ms": [one["start"] - one["sent"] for one in changed],
        "move_handled_ms": [one["handled"] - one["start"] for one in changed],
        "up_to_frame_ms": [ups(drag)["frame"] - ups(drag)["sent"] for drag in drags],
        "up_to_room_drawn_ms": [drag["room"]["at"] - ups(drag)["sent"] for drag in drags],
        "up_to_room_painted_ms": [drag["room"]["frame"] - ups(drag)["sent"] for drag in drags],
        "gm_worker_ms_a_drag": [drag["worker"] for drag in drags],
        "mapper_move_to_frame_ms": [one["frame"] - one["sent"] for one in mapper_moves],
        "mapper_up_to_frame_ms": [stroke["up"]["frame"] - stroke["up"]["sent"] for stroke in strokes],
        # pages in order: the mapper's phone, the other phones, the GM's page
        "stroke_room_drawn_ms": room_ms, "stroke_room_painted_ms": room_painted_ms,
        "gm_worker_ms_a_stroke": [stroke["worker"] for stroke in strokes],
        "stroke_bytes_heard": [[sum(one["bytes"] for one in heard) for heard in stroke["heard"]] for stroke in strokes],
    }


def figures(results: dict) -> dict:
    def three(values: list[float]) -> dict:
        return {"median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values)}

    out = {name: three(results[name]) for name in (
        "frame_interval_idle_ms", "frame_rendering_idle_ms", "frame_interval_during_drags_ms", "move_to_frame_ms",
        "move_frame_rendering_ms", "move_to_rendered_ms",
        "move_queued_ms", "move_handled_ms", "up_to_frame_ms", "up_to_room_drawn_ms", "up_to_room_painted_ms",
        "gm_worker_ms_a_drag", "mapper_move_to_frame_ms", "mapper_up_to_frame_ms", "gm_worker_ms_a_stroke")}
    drawn, painted = results["stroke_room_drawn_ms"], results["stroke_room_painted_ms"]
    out["every_page_drawn_ms"] = three([max(one) for one in drawn])
    out["every_page_painted_ms"] = three([max(one) for one in painted])
    out["mapper_phone_drawn_ms"] = three([one[0] for one in drawn])
    out["other_phones_drawn_ms"] = three([value for one in drawn for value in one[1:-1]])
    out["gm_page_drawn_ms"] = three([one[-1] for one in drawn])
    out["phone_bytes_a_stroke"] = three([value for one in results["stroke_bytes_heard"] for value in one[:-1]])
    idle, own = out["frame_interval_idle_ms"], out["up_to_room_drawn_ms"]
    for name in ("move_to_frame_ms", "move_to_rendered_ms", "up_to_frame_ms"):
        out[name]["ratio_to_idle_frame"] = {s: out[name][s] / idle[s] for s in ("median", "p95")}
    for name in ("every_page_drawn_ms", "every_page_painted_ms"):
        out[name]["ratio_to_gm_own"] = {s: out[name][s] / max(own[s], 0.1) for s in ("median", "p95")}
    out["drag_target_met"] = out["move_to_frame_ms"]["p95"] <= FRAME_MS
    out["stroke_target_met"] = out["every_page_painted_ms"]["max"] <= GOAL_MS
    return out


def table_lines(results: dict) -> list[str]:
    """The printed table (``./run bench map`` and the end of ``./run bench``)."""
    got = results["figures"]

    def row(name: str, key: str, ratio: str = "") -> str:
        one = got[key]
        ratios = one.get(ratio, {})
        shown = f"  {ratios['median']:5.2f}x {ratios['p95']:5.2f}x" if ratios else ""
        return f"  {name:60} {one['median']:8.1f} {one['p95']:8.1f} {one['max']:8.1f}{shown}"

    head = f"  {'measure':60} {'median':>8} {'p95':>8} {'max':>8}"
    a, b = got["move_to_frame_ms"]["p95"], got["every_page_painted_ms"]["max"]
    return [
        f"\n9. The map: a 60 x 60 sheet of {results['shapes']} shapes, the GM's tablet and {results['phones']} phones",
        f"  A. the GM's room drags on the tablet: {results['drags']} drags, {results['moves']} pointermoves, "
        f"{results['moves_changing_the_preview']} of which changed the preview (ms; ratio to an idle frame)",
        head + f"  {'ratio':>6} {'ratio p95':>8}",
        row("baseline: the page's own frame interval, idle", "frame_interval_idle_ms"),
        row("baseline: the page's own frame interval, during the drags", "frame_interval_during_drags_ms"),
        f"  {'one frame':60} {FRAME_MS:8.1f}",
        row("pointermove -> next frame (the preview drawn)", "move_to_frame_ms", "ratio_to_idle_frame"),
        row("pointermove -> that frame's rendering done", "move_to_rendered_ms", "ratio_to_idle_frame"),
        row("  of which: event queued before the page's listeners", "move_queued_ms"),
        row("  of which: the page's own pointermove handling", "move_handled_ms"),
        row("  of which: that frame's rendering (frame -> done)", "move_frame_rendering_ms"),
        row("baseline: an idle frame's rendering (frame -> done)", "frame_rendering_idle_ms"),
        row("pointerup -> next frame (the room shown, waiting)", "up_to_frame_ms", "ratio_to_idle_frame"),
        row("pointerup -> the rules' room drawn (engine's answer)", "up_to_room_drawn_ms"),
        row("pointerup -> the rules' room painted (next frame)", "up_to_room_painted_ms"),
        row("the engine worker's own time a drag (all its ops)", "gm_worker_ms_a_drag"),
        f"  target: a drag to drawn within one frame (p95): {'met' if got['drag_target_met'] else 'missed'} "
        f"({a:.1f} vs {FRAME_MS:.1f} ms)",
        f"  B. the mapper's strokes: {results['strokes']} rooms dragged on the mapper's phone "
        f"(ms from its pointerup; ratio to the GM's own release -> room drawn)",
        head + f"  {'ratio':>6} {'ratio p95':>8}",
        row("baseline: the GM's own drag, release -> its room drawn (A)", "up_to_room_drawn_ms"),
        row("the mapper's phone: pointermove -> next frame", "mapper_move_to_frame_ms"),
        row("the mapper's phone: pointerup -> next frame (room waiting)", "mapper_up_to_frame_ms"),
        row("the mapper's phone: the rules' room drawn", "mapper_phone_drawn_ms"),
        row("the other phones: the room drawn", "other_phones_drawn_ms"),
        row("the GM's page: the room drawn", "gm_page_drawn_ms"),
        row("every phone and the GM's page: drawn (the slowest)", "every_page_drawn_ms", "ratio_to_gm_own"),
        row("every phone and the GM's page: painted (the slowest)", "every_page_painted_ms", "ratio_to_gm_own"),
        row("the engine worker's own time a stroke (all its ops)", "gm_worker_ms_a_stroke"),
        row("bytes a phone hears a stroke", "phone_bytes_a_stroke"),
        f"  target: a stroke on every phone within a second: {'met' if got['stroke_target_met'] else 'missed'} "
        f"(slowest {b:.0f} ms)",
    ]


def main(argv=None) -> int:
    """``./run bench map``: builds the site, serves it and measures this alone."""
    parser = argparse.ArgumentParser(description="The party's map: drags on a tablet, strokes on phones.")
    parser.add_argument("--strokes", type=int, default=40, help="drags measured on the GM's tablet and strokes on "
                        "the mapper's phone, each (after a few not counted)")
    parser.add_argument("--out", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    results = measured(lambda browser, url: measure_map(browser, url, max(args.strokes, 1)))
    print("\n".join(table_lines(results)))
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
