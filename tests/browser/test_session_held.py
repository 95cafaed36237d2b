"""Issue 35: the session lives in the engine worker between actions. After an evening of 200
actions on the Session page (a fight, Next turn after Next turn, undo and redo, reloads, a
second tab acting in between), what is kept and what is drawn equal rulescore.session in
CPython, and the state crossed to the worker only when the worker did not hold it."""

from __future__ import annotations

from rulescore import session
from tests.browser.helpers import engine_workers, worker_name
from tests.browser.test_fight_page import begin_fight, check
from tests.browser.test_session import open_session_page
from tests.browser.test_session import saved_state as saved

REV = """async () => {
    const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('rules-at-the-table');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const read = (store, key) => new Promise((resolve) => {
        const request = db.transaction(store).objectStore(store).get(key);
        request.onsuccess = () => resolve(request.result);
    });
    const open = await read('meta', 'open-session');
    const record = await read('sessions', open);
    db.close();
    return record.rev;
}"""
# Until the open session's revision passes ``before``, waited for in the page: one call, not a
# round trip to the page every 20 ms (200 actions).
SAVED_AFTER = f"""async ({{before, what}}) => {{
    const rev = {REV};
    const deadline = Date.now() + 60_000;
    while ((await rev()) <= before) {{
        if (Date.now() > deadline) throw new Error(`timed out after 60 s waiting for ${{what}} to be saved`);
        await new Promise((resolve) => setTimeout(resolve, 20));
    }}
}}"""
# How often the page sent the worker a request to apply, undo or redo (each answered once when
# the worker held the state; twice when it asked for the state and got it).
SENT = """() => ['apply', 'undo', 'redo'].map(op =>
    performance.getEntriesByName('rc-session-worker-' + op).length).reduce((a, b) => a + b, 0)"""


def act(page, selector: str) -> None:
    """Taps Undo, Redo or Next turn (no dice wanted) and waits until the session is written."""
    before = page.evaluate(REV)
    page.click(selector)
    page.evaluate(SAVED_AFTER, {"before": before, "what": selector})
    message = page.locator("[data-session-message]")
    assert message.is_hidden(), message.inner_text()


def shown_log(page) -> tuple[int, list[str]]:
    log = page.locator("[data-session-log]")
    return int(log.get_attribute("start") or 0), log.locator("li").evaluate_all("els => els.map(e => e.textContent)")


def same_log(page) -> None:
    """The log drawn (its newest 100 entries, newest first) is rulescore's, numbered as its whole."""
    whole = session.view(saved(page), gm=True)["log"]
    count, lines = shown_log(page)
    assert count == len(whole) and len(lines) == min(100, len(whole))
    for line, entry in zip(lines, reversed(whole[-100:]), strict=True):
        assert line.startswith(f"{entry['at']} {entry['text']}"), (line, entry)


def test_an_evening_of_200_actions_held_by_the_worker_equals_rulescore(browser, site_url):
    context = browser.new_context()
    try:
        page = context.new_page()
        begin_fight(page, site_url, "The pair", [{"name": "Orc", "count": "3", "basic_speed": "5"}])
        sent = page.evaluate(SENT)
        taps = 0
        for number in range(1, 200):
            if number % 50 == 0:  # a reload: the page and its worker start again
                page.reload()
                page.wait_for_selector("[data-fight]:not([hidden])")
                sent, taps = page.evaluate(SENT), 0
            if number == 120:  # a second tab takes three turns, then this one goes on from there
                other = context.new_page()
                open_session_page(other, site_url)
                other.wait_for_selector("[data-fight]:not([hidden])")
                for _ in range(3):
                    act(other, '[data-fight] [data-action="next-turn"]')
                check(other, "gurps", ["g1", "g2"])
                other.close()
                page.wait_for_function("id => document.querySelector('[data-fight-current]').dataset.fightCurrent"
                                       " === id", arg=session.view(saved(page), gm=True)["fight"]["current"])
            selector = ('[data-action="undo"]' if number % 40 in (10, 11) else '[data-action="redo"]'
                        if number % 40 == 12 else '[data-fight] [data-action="next-turn"]')
            act(page, selector)
            taps += 1
            if number % 60 == 0:
                check(page, "gurps", ["g1", "g2"])
        python = check(page, "gurps", ["g1", "g2"])  # kept and drawn: rulescore's, in both views
        assert len(python["done"]) >= 150 and python["undone"] == saved(page)["undone"]
        same_log(page)
        # Since the last reload, every action crossed once, without the state: the worker held it,
        # from the view it was sent at opening (and after the second tab's turns, at following).
        assert page.evaluate(SENT) - sent == taps
    finally:
        context.close()


def test_a_tap_made_as_the_worker_dies_is_answered_by_the_new_one(browser, site_url):
    """Issue 45: the engine that stops answering is replaced after its 8 s watchdog, and the
    request it swallowed is asked again of the new worker (which holds no session, so the state is
    sent whole): the tap is saved, once, not lost."""
    context = browser.new_context()
    try:
        page = context.new_page()
        begin_fight(page, site_url, "The pair", [{"name": "Orc", "count": "2", "basic_speed": "5"}])
        before = len(saved(page)["done"])
        (engine,) = [w for w in engine_workers(page) if worker_name(w) == ""]
        engine.evaluate("self.close()")  # dies without a word: the watchdog must notice
        act(page, '[data-fight] [data-action="next-turn"]')
        assert len(saved(page)["done"]) == before + 1  # the tap applied once
        check(page, "gurps", ["g1", "g2"])
        same_log(page)
        act(page, '[data-fight] [data-action="next-turn"]')  # and the new worker goes on
        assert len(saved(page)["done"]) == before + 2
    finally:
        context.close()
