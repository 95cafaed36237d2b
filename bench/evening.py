"""An evening at the table (issue 42): a GM's tablet and six players' phones, each page in its
own browser context over real WebRTC data channels, through a simulated evening: the GM's
actions (Next turn on the fight panel), the phones' own requests (End my turn on their turn),
each phone asleep once (its page gone, as a locked iPhone loses it, then opened again and
rejoined by "Invite again") and the GM's page reloaded twice (every phone rejoined the same
way). It prints each phone's delay (the GM's click -> the change drawn on the phone; median,
p95), the GM page's JavaScript heap at the start, before each reload and at the end (after a
forced collection), and checks that the session the GM's device saved, replayed in CPython by
rulescore, equals what every phone last drew (the players' view). Figures and one check:
``./run bench evening [--actions N] [--requests N]``."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from bench.table import INSTRUMENT, PHONE_DRAWN, SETTLED, TAP, WAIT_MS, measured, percentile, seat_phone
from rulescore import session
from tests.browser.conftest import SCREENS
from tests.browser.test_fight_page import add_foes, press
from tests.browser.test_session import TableDice, start_with
from tests.browser.test_session import saved_state as saved

NAMES = ["Bruno", "Dana", "Ezra", "Fay", "Gus", "Hana"]
SEATS = [f"g{i + 1}" for i in range(len(NAMES))]
CHARACTERS: dict = {"format": "rules-at-the-table/characters", "version": 1, "characters": [
    {"id": seat, "name": name, "system": "gurps", "fields": {"st": str(10 + i % 3), "dx": str(11 + i % 3), "ht": "11"}}
    for i, (seat, name) in enumerate(zip(SEATS, NAMES, strict=True))],
    "parties": [{"id": "p6", "name": "The six", "system": "gurps", "members": SEATS}]}
FOES = [{"name": "Orc", "count": "2", "hp": "17", "basic_speed": "4", "dr": "3"}]
GM_DRAWN = """() => { const tap = window.rcBench.tap;
    return tap.painted !== null && {at: tap.at, current: tap.current, drawn: tap.drawn}; }"""
# The instrument keeps every message it saw; once an action is measured they are let go, so that
# the GM page's heap is the page's own.
FORGET = "() => { window.rcBench.sent.length = 0; window.rcBench.heard.length = 0; }"
LAST_SEEN = "() => JSON.parse(localStorage.getItem('rules-table-last-seen') ?? 'null')?.message?.view ?? null"


def heap_mb(gm) -> float:
    """The GM page's JavaScript heap in use after a forced collection, in MB."""
    cdp = gm.context.new_cdp_session(gm)
    cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"]
    cdp.detach()
    return used / 1e6


def all_drawn(gm, phones: dict, since: float, current: str, number: int) -> dict:
    seen = {}
    for seat, phone in phones.items():
        try:
            seen[seat] = phone.wait_for_function(PHONE_DRAWN, arg=[since, current], timeout=WAIT_MS,
                                                 polling=10).json_value()
        except Exception as error:
            raise RuntimeError(f"action {number}: the phone on seat {seat} did not draw {current}'s turn") from error
    return seen


def gm_tap(gm, phones: dict, number: int) -> dict:
    gm.evaluate(TAP)
    mine = gm.wait_for_function(GM_DRAWN, timeout=WAIT_MS, polling=10).json_value()
    return {"gm": mine, "phones": all_drawn(gm, phones, mine["at"], mine["current"], number)}


def phone_request(gm, phones: dict, seat: str, number: int) -> dict:
    """The current player's phone ends its turn: its click -> every phone drew the next fighter."""
    phone = phones[seat]
    at = phone.evaluate("() => window.rcBench.clock()")
    done = len(saved(gm)["done"])
    phone.click('[data-action="request-next-turn"]')
    gm.wait_for_function(f"() => document.querySelector('[data-fight] [data-fight-current]')?.dataset.fightCurrent "
                         f"!== {json.dumps(seat)}", timeout=WAIT_MS, polling=10)
    current = gm.locator("[data-fight] [data-fight-current]").get_attribute("data-fight-current")
    seen = all_drawn(gm, phones, at, current or "", number)
    if len(saved(gm)["done"]) != done + 1:
        raise RuntimeError(f"action {number}: {seat}'s End my turn was not done exactly once")
    return {"phone_at": at, "phones": seen}


def evening(browser, site_url: str, actions: int, requests: int) -> dict:
    contexts = [browser.new_context(**SCREENS["tablet"])] + [browser.new_context(**SCREENS["phone"]) for _ in SEATS]
    try:
        for context in contexts:
            context.add_init_script(INSTRUMENT)
        gm = contexts[0].new_page()
        gm.on("dialog", lambda dialog: dialog.accept())  # the leave prompt of a reload with phones connected
        start_with(gm, site_url, CHARACTERS, "gurps", "The six")
        add_foes(gm, FOES)
        press(gm, '[data-action="apply-action"]', TableDice())
        phones = {seat: context.new_page() for seat, context in zip(SEATS, contexts[1:], strict=True)}
        for seat, phone in phones.items():
            seat_phone(gm, phone, site_url, seat)
        for page in (gm, *phones.values()):
            page.wait_for_function(SETTLED, timeout=300_000, polling=200)
        heap = {"start": heap_mb(gm)}
        sleeps = {round((i + 1) * actions / (len(SEATS) + 1)): seat for i, seat in enumerate(SEATS)}
        reloads = {round(actions * 0.7), round(actions * 0.85)}
        delays: list[dict] = []
        from_phones: list[dict] = []
        asked = 0
        for number in range(1, actions + requests + 1):
            current = gm.locator("[data-fight] [data-fight-current]").get_attribute("data-fight-current") or ""
            gm_left = actions - len(delays)
            if current in phones and asked < requests and (gm_left <= 0 or number % 9 < 2):
                from_phones.append(phone_request(gm, phones, current, number))
                asked += 1
            elif gm_left > 0:
                delays.append(gm_tap(gm, phones, number))
            else:
                continue
            for page in (gm, *phones.values()):
                page.evaluate(FORGET)
            tapped = len(delays)
            if tapped in sleeps and not delays[-1].get("slept"):  # a phone's screen locks: its page is gone
                seat = sleeps.pop(tapped)
                delays[-1]["slept"] = seat
                phones[seat].close()
                gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"][data-connected="false"]',
                                     timeout=20_000)
                phones[seat] = contexts[1 + SEATS.index(seat)].new_page()
                seat_phone(gm, phones[seat], site_url, seat, again=True)
            if tapped in reloads and not delays[-1].get("reloaded"):
                reloads.discard(tapped)
                delays[-1]["reloaded"] = True
                heap[f"before reload at action {tapped}"] = heap_mb(gm)
                gm.reload()
                gm.wait_for_selector("[data-fight]:not([hidden]) [data-action='next-turn']", timeout=60_000)
                for seat, phone in phones.items():
                    phone.wait_for_selector('[data-table-status][data-state="disconnected"]', timeout=20_000)
                    gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"] [data-action="invite-seat"]',
                                         timeout=20_000)
                    seat_phone(gm, phone, site_url, seat, again=True)
        heap["end"] = heap_mb(gm)
        state = saved(gm)
        shown = {seat: phone.evaluate(LAST_SEEN) for seat, phone in phones.items()}
    finally:
        for context in contexts:
            context.close()
    return summarise(state, shown, delays, from_phones, heap)


def summarise(state: dict, shown: dict, delays: list[dict], from_phones: list[dict], heap: dict) -> dict:
    python = session.new("gurps", CHARACTERS["characters"])
    for event in state["done"]:
        faces: list[list[int]] = [list(used[2]) for used in event["dice"]]

        def kept(count: int, sides: int, faces: list[list[int]] = faces) -> list[int]:
            return faces.pop(0)
        python = session.apply(python, event["action"], roll=kept)
    expected = json.loads(json.dumps(session.view(python, log_tail=session.LOG_TAIL)))
    same = {seat: view == expected for seat, view in shown.items()}
    per_phone = {seat: [one["phones"][seat]["drawn"] - one["gm"]["at"] for one in delays] for seat in SEATS}
    requested = [max(one["phones"][seat]["drawn"] for seat in SEATS) - one["phone_at"] for one in from_phones]

    def both(values: list[float]) -> dict:
        return {"median": statistics.median(values), "p95": percentile(values, 0.95)} if values else {}

    gm_own = [one["gm"]["drawn"] - one["gm"]["at"] for one in delays]
    return {"gm_actions": len(delays), "phone_requests": len(from_phones), "done": len(state["done"]),
            "phone_drawn_ms": {seat: both(values) for seat, values in per_phone.items()},
            "gm_own_drawn_ms": both(gm_own), "phone_request_all_drawn_ms": both(requested),
            "heap_mb": heap, "same_as_python": same}


def lines(results: dict) -> list[str]:
    heap = results["heap_mb"]
    first_stretch = next(value for key, value in heap.items() if key.startswith("before reload"))
    growth = first_stretch / heap["start"] - 1
    out = [f"\nAn evening: {results['gm_actions']} GM actions, {results['phone_requests']} phone requests, "
           f"{len(results['phone_drawn_ms'])} phones each asleep once, 2 GM reloads; {results['done']} actions saved",
           f"  {'delay: the GM click -> drawn (ms)':44} {'median':>8} {'p95':>8}",
           f"  {'the GM page itself (baseline)':44} {results['gm_own_drawn_ms']['median']:8.1f} "
           f"{results['gm_own_drawn_ms']['p95']:8.1f}"]
    out += [f"  {'phone ' + seat:44} {one['median']:8.1f} {one['p95']:8.1f}"
            for seat, one in results["phone_drawn_ms"].items()]
    asked = results["phone_request_all_drawn_ms"]
    if asked:
        out.append(f"  {'a phone ends its turn -> all phones drawn':44} {asked['median']:8.1f} {asked['p95']:8.1f}")
    out.append("  GM page heap (MB, after a collection): "
               + ", ".join(f"{key} {value:.1f}" for key, value in heap.items()))
    out.append(f"  heap growth over the first stretch without a reload: {growth * 100:+.1f} % (target under 20 %)")
    lost = [seat for seat, same in results["same_as_python"].items() if not same]
    out.append("  every phone's last view equals the saved session replayed in CPython: "
               + ("yes" if not lost else f"NO for {', '.join(lost)}"))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="An evening at the table: a GM and six phones.")
    parser.add_argument("--actions", type=int, default=600, help="the GM's actions (Next turn)")
    parser.add_argument("--requests", type=int, default=60, help="the phones' requests (End my turn)")
    parser.add_argument("--out", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.actions < 20 or args.requests < 0:
        parser.error("--actions: at least 20; --requests: 0 or more")
    results = measured(lambda browser, url: evening(browser, url, args.actions, args.requests))
    print("\n".join(lines(results)))
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2))
    return 0 if all(results["same_as_python"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
