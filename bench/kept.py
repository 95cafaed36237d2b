"""The Characters page with a device full of kept data (issue 26): 200 characters and 20
sessions of 1,000 actions each in IndexedDB, against the same page with nothing kept, in
one browser, the two alternated round by round. Measures navigation -> the roster shown
and navigation -> a new character's save done (tapped as soon as the roster shows, so it waits
for the engine), and a save alone once the engine is up (the tap -> "Saved"). Figures only:
nothing here passes or fails."""

from __future__ import annotations

import json
import statistics

from rulescore import session

CHARACTERS = 200
SESSIONS = 20
ACTIONS = 1000

ROSTER_SHOWN = """(count) => document.querySelectorAll('[data-character-roster] li').length === count
    && document.documentElement.dataset.charactersReady !== undefined && performance.now()"""
SAVED = """(name) => document.querySelector('form[data-character-editor="gurps"] [data-status]')
    ?.textContent === `Saved ${name}.` && performance.now()"""
# The site's database, opened from a page's script (the benchmarks seed it directly).
OPEN_DB = """const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('rules-at-the-table');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });"""
SEED = """async ({characters, sessions}) => {
    """ + OPEN_DB + """
    const tx = db.transaction(['characters', 'sessions', 'heads'], 'readwrite');
    for (const character of characters) tx.objectStore('characters').put(character);
    for (const kept of sessions) {
        tx.objectStore('sessions').put(kept);
        tx.objectStore('heads').put({id: kept.id, name: kept.name, system: kept.system, updated: kept.updated});
    }
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
    db.close();
    return JSON.stringify(sessions[0]).length;
}"""


def long_session() -> dict:
    """A BFRPG session of ACTIONS actions (turns, damage, healing, lights) with fixed dice."""
    party = [{"id": f"b{i}", "name": f"Delver {i}", "system": "bfrpg", "fields": {"hp": "12"}} for i in range(4)]
    state = session.new("bfrpg", party)
    cycle = [{"do": "advance", "turns": 1}, {"do": "damage", "who": "b0", "hp": 1},
             {"do": "heal", "who": "b0", "hp": 1}, {"do": "light", "source": "torch", "by": "b1"}]
    for i in range(ACTIONS):
        state = session.apply(state, cycle[i % len(cycle)], roll=lambda count, sides: [1] * count)
    return state


def seeded_records() -> dict:
    systems = ("bfrpg", "gurps", "shell")
    fields = {"bfrpg": {"strength": "13"}, "gurps": {"st": "11", "dx": "12"}, "shell": {"st": "12"}}
    characters = [{"id": f"c-bench{i:04d}", "name": f"Hero {i}", "system": systems[i % 3],
                   "fields": fields[systems[i % 3]], "rev": 1} for i in range(CHARACTERS)]
    state = long_session()
    sessions = [{"id": f"s-bench{i:03d}", "name": f"Delve {i}", "system": "bfrpg",
                 "updated": f"2026-11-{1 + i % 28:02d}T20:00:00Z", "state": state, "rev": 1} for i in range(SESSIONS)]
    return {"characters": characters, "sessions": sessions}


def save(page, name: str) -> tuple[float, float]:
    """Types a new character's name and taps Save: (tapped, saved) in ms since navigation."""
    form = page.locator('form[data-character-editor="gurps"]')
    form.locator('[data-action="new-character"]').click()
    form.locator('[name="name"]').fill(name)
    tapped = page.evaluate("() => { document.querySelector('form[data-character-editor=\"gurps\"] "
                           "[data-action=\"save-character\"]').click(); return performance.now(); }")
    return tapped, page.wait_for_function(SAVED, arg=name, timeout=120_000).json_value()


def visit(page, url: str, count: int, name: str) -> tuple[float, float, float]:
    """navigation -> roster shown; navigation -> a save tapped as soon as the roster shows is
    done (it waits for the engine); a second save's tap -> saved, the engine up (ms)."""
    page.goto(url + "characters/")
    shown = page.wait_for_function(ROSTER_SHOWN, arg=count, timeout=120_000).json_value()
    _, saved = save(page, name)
    tapped_again, saved_again = save(page, name + " again")
    return shown, saved, saved_again - tapped_again


def measure_kept(browser, site_url: str, rounds: int, new_context) -> dict:
    """Alternates a device holding CHARACTERS characters and SESSIONS long sessions with an
    empty one; each round saves two more characters, so the counts grow by two a round."""
    records = seeded_records()
    full_context, full = new_context()
    empty_context, empty = new_context()
    for page in (full, empty):
        page.goto(site_url + "characters/")  # the app makes the database; then the seed goes in
        page.wait_for_function("() => document.documentElement.dataset.charactersReady !== undefined")
    session_bytes = full.evaluate(SEED, records)
    times: dict[str, list[tuple[float, float, float]]] = {"full": [], "empty": []}
    for round_ in range(rounds):
        for label, page, before in (("full", full, CHARACTERS), ("empty", empty, 0)):
            times[label].append(visit(page, site_url, before + 2 * round_, f"Bench {round_}"))
    full_context.close()
    empty_context.close()
    med = statistics.median

    def column(label: str, at: int) -> list[float]:
        return [measured[at] for measured in times[label]]

    return {
        "characters": CHARACTERS, "sessions": SESSIONS, "actions_per_session": ACTIONS,
        "session_json_bytes": session_bytes,
        "roster_shown_ms": {"full": column("full", 0), "empty": column("empty", 0),
                            "ratio": med(column("full", 0)) / med(column("empty", 0))},
        "save_done_ms": {"full": column("full", 1), "empty": column("empty", 1),
                         "ratio": med(column("full", 1)) / med(column("empty", 1))},
        "tap_to_saved_ms": {"full": column("full", 2), "empty": column("empty", 2),
                            "ratio": med(column("full", 2)) / med(column("empty", 2))},
    }


def report(results: dict) -> list[tuple[str, str, str, float, str]]:
    """Rows for the benchmark's table."""
    med = statistics.median
    rows = []
    for key, name, target in (("roster_shown_ms", "6. Characters: roster shown", "<= 1.25x"),
                              ("save_done_ms", "6. Characters: save done", "<= 1.25x"),
                              ("tap_to_saved_ms", "6. Characters: tap Save -> saved", "< 100 ms")):
        figures = results[key]
        rows.append((name, f"{med(figures['full']):.0f} ms", f"{med(figures['empty']):.0f} ms (nothing kept)",
                     figures["ratio"], target))
    return rows


if __name__ == "__main__":  # the seed's size, for a quick look
    print(json.dumps({"session_json_bytes": len(json.dumps(long_session()))}))
