"""The table (issue 36): a GM's action reaching six players' phones. One GM page (tablet size)
runs a GURPS session of six characters and two foes with a fight begun; six phone pages, each
in its own browser context, join their own seats over real WebRTC data channels, the codes
carried as text. The GM taps Next turn N times (after a few taps not counted); for each tap
and each phone: the GM's click -> the change message arrived -> the phone's view drawn (its
message handler returned) -> the next animation frame ("painted"), and the bytes it received.
The baseline, measured in the same run: the GM page's own click -> its own view drawn for the
same tap. Times come from one clock shared by the pages (performance.timeOrigin + now()).
Nothing in widgets/ is touched: the pages are instrumented from outside by an init script.
``./run bench table [--actions N]`` alone, and a part of ``./run bench``. Figures only."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import SCREENS
from tests.browser.test_fight_page import add_foes, press
from tests.browser.test_session import TableDice, start_with

NAMES = ["Bruno", "Dana", "Ezra", "Fay", "Gus", "Hana"]
SEATS = [f"g{i + 1}" for i in range(len(NAMES))]
CHARACTERS: dict = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": seat, "name": name, "system": "gurps", "fields": {"st": str(10 + i % 3), "dx": str(11 + i % 3), "ht": "11"}}
    for i, (seat, name) in enumerate(zip(SEATS, NAMES, strict=True))],
    "parties": [{"id": "p6", "name": "The six", "system": "gurps", "members": SEATS}]}
FOES = [{"name": "Orc", "count": "2", "hp": "17", "basic_speed": "4", "dr": "3"}]
WARM_UP = 5
FRAME_MS = 1000 / 60
WAIT_MS = 15_000  # for one tap's change to reach one phone

# Before any script of every page: each message a data channel delivers is logged when its
# first handler starts (arrival), when its last handler returned (the page's synchronous draw),
# with the fighter a phone's view shows then, and at the next animation frame; each message
# sent too. Both the onmessage setter and
# addEventListener("message") are wrapped; a message is logged once whatever its handlers.
INSTRUMENT = """(() => {
    const clock = () => performance.timeOrigin + performance.now();
    const bench = window.rcBench = {clock, heard: [], sent: [], tap: null};
    const proto = RTCDataChannel.prototype;
    const seen = new WeakMap();
    const wrap = (handler) => function (event) {
        let one = seen.get(event);
        if (!one) {
            one = {at: clock(), data: event.data, drawn: null, painted: null};
            seen.set(event, one);
            bench.heard.push(one);
        }
        try { return typeof handler === 'function' ? handler.call(this, event) : handler.handleEvent(event); }
        finally {
            one.drawn = clock();
            one.shown = document.querySelector('[data-table-view] [data-fight-current]')?.dataset.fightCurrent;
            requestAnimationFrame(() => { one.painted = clock(); });
        }
    };
    const property = Object.getOwnPropertyDescriptor(proto, 'onmessage');
    const given = new WeakMap();
    Object.defineProperty(proto, 'onmessage', {
        configurable: true, enumerable: property.enumerable,
        get() { return given.has(this) ? given.get(this) : property.get.call(this); },
        set(handler) {
            given.set(this, handler);
            property.set.call(this, typeof handler === 'function' ? wrap(handler) : handler);
        },
    });
    const wrapped = new WeakMap();
    const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
    proto.addEventListener = function (type, listener, options) {
        if (type !== 'message' || !listener) return add.call(this, type, listener, options);
        if (!wrapped.has(listener)) wrapped.set(listener, wrap(listener));
        return add.call(this, type, wrapped.get(listener), options);
    };
    proto.removeEventListener = function (type, listener, options) {
        return remove.call(this, type, (type === 'message' && wrapped.get(listener)) || listener, options);
    };
    const send = proto.send;
    proto.send = function (data) { bench.sent.push({at: clock(), data}); return send.call(this, data); };
})()"""

# The GM's tap: the click's time, and (a MutationObserver on the fight panel) when the page has
# drawn a new current fighter, then the next animation frame.
TAP = """() => {
    const bench = window.rcBench, panel = document.querySelector('[data-fight]');
    const before = panel.querySelector('[data-fight-current]').dataset.fightCurrent;
    const tap = bench.tap = {at: 0, before, current: null, drawn: null, painted: null, sent: bench.sent.length};
    const observer = new MutationObserver(() => {
        const now = panel.querySelector('[data-fight-current]')?.dataset.fightCurrent;
        if (now === undefined || now === before) return;
        observer.disconnect();
        tap.drawn = bench.clock();
        tap.current = now;
        requestAnimationFrame(() => { tap.painted = bench.clock(); });
    });
    observer.observe(panel, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['data-fight-current']});
    performance.clearMeasures();  // engine.js's user-timing entries: the worker's own time by op
    tap.at = bench.clock();
    panel.querySelector('[data-action="next-turn"]').click();
    return tap.at;
}"""
GM_DRAWN = """() => { const tap = window.rcBench.tap;
    return tap.painted !== null && {at: tap.at, current: tap.current, drawn: tap.drawn, painted: tap.painted}; }"""
# What the GM sent since the tap, to its seats (when, to which seat, what), and the engine
# worker's own time on each op asked since (engine.js's rc-session-worker-<op> entries).
GM_SENT = """() => {
    const sent = window.rcBench.sent.slice(window.rcBench.tap.sent).map(one => {
        const message = JSON.parse(one.data);
        return {at: one.at, seat: message.seat ?? null, type: message.type, seq: message.seq ?? null}; });
    const worker = {};
    for (const entry of performance.getEntriesByType('measure')) {
        if (!entry.name.startsWith('rc-session-worker-')) continue;
        const op = entry.name.slice('rc-session-worker-'.length);
        worker[op] = worker[op] ?? {count: 0, ms: 0};
        worker[op].count += 1;
        worker[op].ms += entry.duration;
    }
    return {sent, worker};
}"""
# A phone: the first message since `since` after whose handling its view showed `current` as the
# fighter, once painted (a change the phone set aside, asking for a snapshot, does not count).
PHONE_DRAWN = """([since, current]) => {
    const heard = window.rcBench.heard;
    let i = heard.length;
    while (i > 0 && heard[i - 1].at >= since) i--;
    const one = heard.slice(i).find(one => one.shown === current);
    return one?.painted != null && {at: one.at, drawn: one.drawn, painted: one.painted, after: heard.length - i};
}"""
# Everything a phone heard and sent: time, UTF-8 bytes, type and number.
PHONE_LOG = """() => {
    const utf8 = new TextEncoder(), parsed = (data) => { try { return JSON.parse(data); } catch { return {}; } };
    const shape = (one) => { const message = parsed(one.data);
        return {at: one.at, bytes: utf8.encode(String(one.data)).length, type: message.type ?? null,
                seq: message.seq ?? null}; };
    return {heard: window.rcBench.heard.map(shape), sent: window.rcBench.sent.map(shape)};
}"""
SETTLED = """() => { const html = document.documentElement.dataset;
    return ['ready', 'failed', 'unavailable', 'update'].includes(html.offline)
        && (html.offline !== 'ready' || html.offlineSnapshot !== undefined); }"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


LIVE_FIGHT = "[data-table-view][data-live='true'] [data-fight-current]"


def seat_phone(gm, phone, site_url: str, seat: str, again: bool = False, live: str = LIVE_FIGHT) -> None:
    """tests/browser/test_table.py's join, without its screenshots: the GM invites `seat` (with
    `again`, by the seat's own Invite again), the phone pastes the invitation, the GM pastes the
    phone's reply; both say connected, and the phone draws the table live (`live` is there)."""
    if not phone.url.endswith("/table/"):
        phone.goto(site_url + "table/")
    if again:
        gm.click(f'[data-table-seats] [data-seat="{seat}"] [data-action="invite-seat"]')
    else:
        gm.select_option("[data-table-seat]", seat)
        gm.click('[data-action="invite-player"]')
    invitation = gm.locator(f'[data-table-invitation][data-seat="{seat}"] [data-table-code]')
    invitation.wait_for(timeout=20_000)
    phone.fill("[data-table-offer]", invitation.inner_text())
    phone.click('[data-action="join-table"]')
    answer = phone.locator("[data-table-reply] [data-table-code]")
    answer.wait_for(timeout=20_000)
    gm.fill("[data-table-answer]", answer.inner_text())
    gm.click('[data-action="accept-player"]')
    phone.wait_for_selector('[data-table-status][data-state="connected"]', timeout=20_000)
    gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"][data-connected="true"]', timeout=20_000)
    phone.wait_for_selector(live, state="attached", timeout=20_000)


def tap_once(gm, phones: dict, number: int) -> dict:
    """One Next turn on the GM's page, waited for on the GM's page and on every phone."""
    gm.evaluate(TAP)
    try:
        mine = gm.wait_for_function(GM_DRAWN, timeout=WAIT_MS, polling=10).json_value()
    except Exception as error:
        raise RuntimeError(f"tap {number}: the GM's page did not draw a new current fighter within "
                           f"{WAIT_MS / 1000:.0f} s") from error
    seen = {}
    for seat, phone in phones.items():
        try:
            seen[seat] = phone.wait_for_function(PHONE_DRAWN, arg=[mine["at"], mine["current"]],
                                                 timeout=WAIT_MS, polling=10).json_value()
        except Exception as error:
            raise RuntimeError(f"tap {number}: the phone on seat {seat} did not draw the change (current fighter "
                               f"{mine['current']}) within {WAIT_MS / 1000:.0f} s of the GM's page drawing it; "
                               f"it heard {phone.evaluate('window.rcBench.heard.length')} messages in all") from error
    return {"gm": mine, "phones": seen, **gm.evaluate(GM_SENT)}


def measure_table(browser, site_url: str, actions: int = 100) -> dict:
    contexts = [browser.new_context(**SCREENS["tablet"])] + [browser.new_context(**SCREENS["phone"]) for _ in SEATS]
    try:
        for context in contexts:
            context.add_init_script(INSTRUMENT)
        gm = contexts[0].new_page()
        start_with(gm, site_url, CHARACTERS, "gurps", "The six")
        add_foes(gm, FOES)
        press(gm, '[data-action="apply-action"]', TableDice())  # the engine rolls: own dice stay unticked
        gm.wait_for_selector("[data-fight]:not([hidden]) [data-action='next-turn']", timeout=30_000)
        phones = {}
        for seat, context in zip(SEATS, contexts[1:], strict=True):
            phones[seat] = context.new_page()
            seat_phone(gm, phones[seat], site_url, seat)
        for page in (gm, *phones.values()):  # saving the site offline (each context's own) is done
            page.wait_for_function(SETTLED, timeout=300_000, polling=200)
        gm.wait_for_timeout(500)
        taps = []
        for number in range(WARM_UP + actions):
            taps.append(tap_once(gm, phones, number + 1))
            gm.wait_for_timeout(100)  # the GM page's write-back and list settle
        logs = {seat: phone.evaluate(PHONE_LOG) for seat, phone in phones.items()}
    finally:
        for context in contexts:
            context.close()
    results = summarise(taps[WARM_UP:], logs, taps[WARM_UP]["gm"]["at"])
    results["figures"] = figures(results)
    return results


def summarise(taps: list[dict], logs: dict, since: float) -> dict:
    clicks = [tap["gm"]["at"] for tap in taps] + [float("inf")]

    def after_click(kind: str) -> dict[str, list[float]]:
        return {seat: [tap["phones"][seat][kind] - tap["gm"]["at"] for tap in taps] for seat in SEATS}

    drawn, painted, arrived = after_click("drawn"), after_click("painted"), after_click("at")
    received = {seat: [0] * len(taps) for seat in SEATS}  # bytes, binned by the tap before them
    heard_types: dict[str, int] = {}
    for seat, log in logs.items():
        for one in log["heard"]:
            if one["at"] < since:
                continue
            heard_types[one["type"]] = heard_types.get(one["type"], 0) + 1
            received[seat][next(i for i in range(len(taps)) if clicks[i + 1] > one["at"])] += one["bytes"]
    # A phone asks for a snapshot once when it joins, and again for each change it set aside.
    again = [at for log in logs.values() for at in [one["at"] for one in log["sent"] if one["type"] == "snapshot"][1:]]
    asked_again = {"warm_up": sum(1 for at in again if at < since), "measured": sum(1 for at in again if at >= since)}
    sends = [[one["at"] - tap["gm"]["drawn"] for one in tap["sent"] if one["type"] == "change"] for tap in taps]
    return {
        "actions": len(taps), "phones": len(SEATS), "frame_ms": FRAME_MS,
        "gm_drawn_ms": [tap["gm"]["drawn"] - tap["gm"]["at"] for tap in taps],
        "gm_painted_ms": [tap["gm"]["painted"] - tap["gm"]["at"] for tap in taps],
        "phone_arrived_ms": arrived, "phone_drawn_ms": drawn, "phone_painted_ms": painted,
        "slowest_phone_drawn_ms": [max(drawn[seat][i] for seat in SEATS) for i in range(len(taps))],
        "slowest_phone_painted_ms": [max(painted[seat][i] for seat in SEATS) for i in range(len(taps))],
        "gm_first_send_after_own_draw_ms": [min(one) for one in sends if one],
        "gm_last_send_after_own_draw_ms": [max(one) for one in sends if one],
        "worker_ms": {op: [tap["worker"].get(op, {}).get("ms", 0.0) for tap in taps]
                      for op in sorted({op for tap in taps for op in tap["worker"]})},
        "worker_ops": {op: sum(tap["worker"][op]["count"] for tap in taps if op in tap["worker"])
                       for op in sorted({op for tap in taps for op in tap["worker"]})},
        "bytes_received": received, "messages_heard": heard_types, "snapshots_asked_again": asked_again,
    }


def figures(results: dict) -> dict:
    """Medians and p95s of the run's lists, the ratios and the target."""
    med = statistics.median

    def both(values: list[float]) -> dict:
        return {"median": med(values), "p95": percentile(values, 0.95)}

    def flat(per_seat: dict) -> list:
        return [value for values in per_seat.values() for value in values]

    out = {name: both(results[name]) for name in ("gm_drawn_ms", "gm_painted_ms", "slowest_phone_drawn_ms",
                                                  "slowest_phone_painted_ms", "gm_first_send_after_own_draw_ms",
                                                  "gm_last_send_after_own_draw_ms")}
    for name in ("phone_arrived_ms", "phone_drawn_ms", "phone_painted_ms"):
        out[name] = both(flat(results[name]))
    drawn, arrived = results["phone_drawn_ms"], results["phone_arrived_ms"]
    own = {seat: [d - a for d, a in zip(drawn[seat], arrived[seat], strict=True)] for seat in SEATS}
    out["phone_own_draw_ms"] = both(flat(own))
    for kind in ("drawn", "painted"):
        out[f"ratio_{kind}"] = {stat: out[f"phone_{kind}_ms"][stat] / max(out[f"gm_{kind}_ms"][stat], 0.1)
                                for stat in ("median", "p95")}
    out["target_met"] = {stat: out["phone_drawn_ms"][stat] <= out["gm_drawn_ms"][stat] + FRAME_MS
                         for stat in ("median", "p95")}
    out["worker_ms"] = {op: both(values) for op, values in results["worker_ms"].items()}
    out["worker_ms_all_ops"] = both([sum(one) for one in zip(*results["worker_ms"].values(), strict=True)])
    per_phone = flat(results["bytes_received"])
    all_phones = [sum(values) for values in zip(*results["bytes_received"].values(), strict=True)]
    out["bytes_per_phone_per_action"] = {"median": med(per_phone), "max": max(per_phone)}
    out["bytes_all_phones_per_action"] = {"median": med(all_phones), "max": max(all_phones)}
    return out


def table_lines(results: dict) -> list[str]:
    """The printed table (``./run bench table`` and the end of ``./run bench``)."""
    got = results["figures"]
    phones, actions = results["phones"], results["actions"]

    def row(name: str, key: str | dict) -> str:
        pair = got[key] if isinstance(key, str) else key
        return f"  {name:62} {pair['median']:8.1f} {pair['p95']:8.1f}"

    def ratio(name: str, key: str) -> str:
        return f"  {name:62} {got[key]['median']:7.2f}x {got[key]['p95']:7.2f}x"

    met = got["target_met"]
    verdict = ", ".join(f"{stat} {'met' if met[stat] else 'missed'} ({got['phone_drawn_ms'][stat]:.1f} vs "
                        f"{got['gm_drawn_ms'][stat]:.1f} + {FRAME_MS:.1f} ms)" for stat in ("median", "p95"))
    each, every = got["bytes_per_phone_per_action"], got["bytes_all_phones_per_action"]
    heard = ", ".join(f"{count} {kind}" for kind, count in sorted(results["messages_heard"].items(), key=str))
    again = results["snapshots_asked_again"]
    return [
        f"\n8. The table: the GM's Next turn -> {phones} phones' views, {actions} taps "
        f"(ms from the GM's click)",
        f"  {'measure':62} {'median':>8} {'p95':>8}",
        row("baseline: the GM page's own view drawn", "gm_drawn_ms"),
        row("baseline: the GM page's own view painted (next frame)", "gm_painted_ms"),
        f"  {'one frame':62} {FRAME_MS:8.1f}",
        row(f"a phone: the change arrived (all {phones} phones, every tap)", "phone_arrived_ms"),
        row("a phone: its view drawn (message handler returned)", "phone_drawn_ms"),
        row("a phone: its view painted (next frame)", "phone_painted_ms"),
        row("the slowest phone of each tap: drawn", "slowest_phone_drawn_ms"),
        row("the slowest phone of each tap: painted", "slowest_phone_painted_ms"),
        row("a phone's own draw (arrived -> drawn)", "phone_own_draw_ms"),
        row("the GM page: its own draw -> first phone's change sent", "gm_first_send_after_own_draw_ms"),
        row("the GM page: its own draw -> last phone's change sent", "gm_last_send_after_own_draw_ms"),
        *(row(f"the engine worker's own time a tap: {op} ({results['worker_ops'][op] / actions:g} a tap)", pair)
          for op, pair in got["worker_ms"].items()),
        row("the engine worker's own time a tap, all ops", "worker_ms_all_ops"),
        ratio("ratio: phone drawn / GM's own drawn", "ratio_drawn"),
        ratio("ratio: phone painted / GM's own painted", "ratio_painted"),
        f"  target: phone drawn within GM's own time + one frame: {verdict}",
        f"  bytes a phone receives per tap: median {each['median']:,.0f}, max {each['max']:,}; all {phones} phones "
        f"per tap: median {every['median']:,.0f}, max {every['max']:,}",
        f"  messages the phones heard: {heard or 'none'}; snapshots asked for again (a change set aside): "
        f"{again['measured']} (in the {WARM_UP} taps not counted: {again['warm_up']})",
    ]


def measured(measure: Callable[[Any, str], dict]) -> dict:
    """Builds the site into a scratch folder, serves it on 127.0.0.1 and returns ``measure(browser,
    url)`` run in Chromium (this benchmark's and bench/evening.py's)."""
    import os
    import shutil

    from playwright.sync_api import sync_playwright

    from bench.benchmark import build
    from tests.browser.conftest import CHROMIUM_ARGS
    from widgets.serve import serve_in_thread

    scratch = Path(tempfile.mkdtemp(prefix="rules-bench-table-"))
    site = scratch / "site"
    site.mkdir()
    server, url = serve_in_thread(str(site))
    build(site, url)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("RULES_CHROMIUM")
                                                 or shutil.which("chromium"), args=CHROMIUM_ARGS)
            results = measure(browser, url)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(scratch, ignore_errors=True)
    return results


def main(argv=None) -> int:
    """``./run bench table``: builds the site, serves it and measures this alone."""
    import json

    parser = argparse.ArgumentParser(description="A GM's action reaching six phones at the table.")
    parser.add_argument("--actions", type=int, default=100, help="taps measured (after a few not counted)")
    parser.add_argument("--out", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.actions < 1:
        parser.error("--actions: at least 1")
    results = measured(lambda browser, url: measure_table(browser, url, args.actions))
    print("\n".join(table_lines(results)))
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
