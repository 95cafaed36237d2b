"""Next turn on the Session page (issue 29): an evening's GURPS session of about 2,000 actions
(four fights of twelve rounds, eight combatants) against a fight just begun, in one browser,
the two alternated. Measures the tap on Next turn -> the new current fighter drawn, and how
much of that the engine took (its answer to "apply", a user-timing entry of engine.js); the
rest is the page's own work, which must fit in a frame (16 ms). Figures only."""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.kept import OPEN_DB
from rulescore import session

FIGHTS, ROUNDS = 4, 12
PARTY = [{"id": f"g{i}", "name": f"Fighter {i}", "system": "gurps", "fields": {"st": "12", "dx": "12", "ht": "12"}}
         for i in range(2)]
FOES = [{"name": "Bandit", "count": 6, "hp": 120, "basic_speed": 5.5, "dx": 11}]
BLOWS = 3  # damage actions a turn (several attackers' blows landing): about 2,000 actions in all

OPEN = """async ({kept, id}) => {
    """ + OPEN_DB + """
    const tx = db.transaction(['sessions', 'heads', 'meta'], 'readwrite');
    for (const one of kept) {
        tx.objectStore('sessions').put(one);
        tx.objectStore('heads').put({id: one.id, name: one.name, system: one.system, updated: one.updated});
    }
    tx.objectStore('meta').put(id, 'open-session');
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
    db.close();
}"""
TAP = """() => {
    performance.clearMeasures();
    const before = document.querySelector('[data-fight-current]').dataset.fightCurrent;
    window.rcTapped = {at: performance.now(), before};
    document.querySelector('[data-action="next-turn"]').click();
}"""
DRAWN = """() => {
    const now = document.querySelector('[data-fight-current]')?.dataset.fightCurrent;
    if (!window.rcTapped || now === undefined || now === window.rcTapped.before) return false;
    const engine = performance.getEntriesByName('rc-session-apply').reduce((sum, e) => sum + e.duration, 0);
    const worker = performance.getEntriesByName('rc-session-worker-apply').reduce((sum, e) => sum + e.duration, 0);
    return [performance.now() - window.rcTapped.at, engine, worker];
}"""


def evening() -> dict:
    """Four fights of twelve rounds: each turn a maneuver, BLOWS blows on the foes and Next turn."""
    state = session.new("gurps", PARTY)
    faces = iter(range(10**9))

    def roll(count: int, sides: int) -> list[int]:
        return [next(faces) % sides + 1 for _ in range(count)]

    for _ in range(FIGHTS):
        state = session.apply(state, {"do": "fight", "foes": FOES}, roll=roll)
        while session.view(state, gm=True)["fight"]["round"] <= ROUNDS:
            fight = session.view(state, gm=True)["fight"]
            state = session.apply(state, {"do": "maneuver", "who": fight["current"], "maneuver": "attack"}, roll=roll)
            for blow in range(BLOWS):
                foe = f"f{1 + (fight['round'] + blow) % 6}"
                state = session.apply(state, {"do": "damage", "who": foe, "damage": 1, "type": "crushing",
                                              "torso": False}, roll=roll)
            state = session.apply(state, {"do": "next_turn"}, roll=roll)
        state = session.apply(state, {"do": "end_fight"}, roll=roll)
    state = session.apply(state, {"do": "fight", "foes": FOES}, roll=roll)
    return state


def begun() -> dict:
    return session.apply(session.new("gurps", PARTY), {"do": "fight", "foes": FOES},
                         roll=lambda count, sides: [3] * count)


def kept(ident: str, state: dict) -> dict:
    return {"id": ident, "name": ident, "system": "gurps", "updated": "2026-11-25T20:00:00Z", "state": state,
            "rev": 1}


def taps(page, url: str, ident: str, records: list[dict], count: int) -> list[tuple[float, float, float]]:
    page.goto(url + "session/")
    page.wait_for_function("() => document.querySelector('[data-session-status]')?.textContent === 'Ready.'"
                           " || document.querySelector('[data-fight]:not([hidden])')", timeout=120_000)
    page.evaluate(OPEN, {"kept": records, "id": ident})
    page.reload()
    page.wait_for_selector("[data-fight]:not([hidden]) [data-action='next-turn']", timeout=120_000)
    page.wait_for_timeout(300)  # the first preview settles
    measured = []
    for _ in range(count):
        page.evaluate(TAP)
        measured.append(tuple(page.wait_for_function(DRAWN, timeout=60_000).json_value()))
        page.wait_for_timeout(100)
    return measured


def measure_fight(browser, site_url: str, rounds: int, new_context) -> dict:
    long_state = evening()
    records = [kept("evening", long_state), kept("begun", begun())]
    times: dict[str, list[tuple[float, float, float]]] = {"evening": [], "begun": []}
    for _ in range(rounds):
        for label in times:
            context, page = new_context()
            times[label] += taps(page, site_url, label, records, 5)
            context.close()
    med = statistics.median

    def column(label: str, at: int) -> list[float]:
        return [one[at] for one in times[label]]

    page_own = {label: [total - engine for total, engine, _ in times[label]] for label in times}
    return {"actions": len(long_state["done"]) + long_state["history"]["done_before"],
            "tap_to_drawn_ms": {"evening": column("evening", 0), "begun": column("begun", 0),
                                "ratio": med(column("evening", 0)) / med(column("begun", 0))},
            "engine_ms": {"evening": column("evening", 1), "begun": column("begun", 1)},
            "worker_ms": {"evening": column("evening", 2), "begun": column("begun", 2),
                          "ratio": med(column("evening", 2)) / max(med(column("begun", 2)), 0.1)},
            "page_own_ms": {**page_own, "ratio": med(page_own["evening"]) / max(med(page_own["begun"]), 0.1)}}


def report(results: dict) -> list[tuple[str, str, str, float, str]]:
    med = statistics.median
    tap, own, worker = results["tap_to_drawn_ms"], results["page_own_ms"], results["worker_ms"]
    return [
        (f"7. Next turn at {results['actions']} actions: tap -> drawn", f"{med(tap['evening']):.0f} ms",
         f"{med(tap['begun']):.0f} ms (a fight begun)", tap["ratio"], "report"),
        ("7. Next turn: the page's own share (tap -> drawn - engine)", f"{med(own['evening']):.0f} ms",
         f"{med(own['begun']):.0f} ms (a fight begun)", own["ratio"], "< 16 ms"),
        ("7. Next turn: the engine worker's own time", f"{med(worker['evening']):.1f} ms",
         f"{med(worker['begun']):.1f} ms (a fight begun)", worker["ratio"], "< 5 ms"),
    ]


def main() -> int:
    """``./run bench fight``: builds the site, serves it and measures this alone (3 rounds)."""
    import os
    import shutil

    from playwright.sync_api import sync_playwright

    from bench.benchmark import build
    from tests.browser.conftest import CHROMIUM_ARGS
    from widgets.serve import serve_in_thread

    site = Path(tempfile.mkdtemp(prefix="rules-bench-fight-")) / "site"
    site.mkdir()
    server, url = serve_in_thread(str(site))
    build(site, url)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("RULES_CHROMIUM")
                                             or shutil.which("chromium"), args=CHROMIUM_ARGS)

        def fresh():
            context = browser.new_context()
            return context, context.new_page()

        results = measure_fight(browser, url, 3, fresh)
        browser.close()
    server.shutdown()
    for name, value, baseline, ratio, target in report(results):
        print(f"{name:58} {value:>8} {baseline:>28} {ratio:6.2f}x  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
