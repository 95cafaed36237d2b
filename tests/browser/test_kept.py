"""What the table keeps is never lost (issue 26): two tabs of one browser, a save or a roll
before the engine is up, a full or refused storage, a page closed mid-write, the move from
localStorage, and the backup of everything."""

from __future__ import annotations

import json

import pytest

from rulescore import session
from tests.browser.helpers import ARRIVES, kept, kept_meta, state_of, wait_for_python
from tests.browser.test_characters import BRUNO, editor, make_character, open_characters, stored
from tests.browser.test_session import CHARACTERS, open_session_page

ROSTER_HAS = """([system, name]) => [...document.querySelectorAll(
    `form[data-character-editor="${system}"] [data-character-roster] .rc-roster-name`)]
    .some(el => el.textContent === name)"""
KEPT_READ = "() => document.documentElement.dataset.charactersReady !== undefined"
OLD_ROLL = {"at": "2026-11-20T20:00:00Z", "id": "gurps.success_roll", "title": "Success roll", "inputs": {},
            "notation": "3d6", "dice": [3, 4, 5], "total": 12, "outcome": "success", "text": "12 against 12",
            "own": False}


@pytest.fixture
def url(site_url):
    return site_url


def names(page, system="gurps") -> list[str]:
    return sorted(c["name"] for c in kept(page, "characters") if c["system"] == system)


def roster(page, system="gurps") -> list[str]:
    return sorted(editor(page, system).locator("[data-character-roster] .rc-roster-name").all_text_contents())


def without_revisions(records: list[dict]) -> list[dict]:
    return [{key: value for key, value in record.items() if key != "rev"} for record in records]


def test_a_character_saved_in_each_of_two_tabs_is_kept_and_shown_in_both(context, url):
    first, second = context.new_page(), context.new_page()
    open_characters(first, url)
    open_characters(second, url)  # opened before Ana is saved
    make_character(first, "gurps", "Ana", {"st": "11"})
    second.wait_for_function(ROSTER_HAS, arg=["gurps", "Ana"], timeout=ARRIVES)
    make_character(second, "gurps", "Bruno", BRUNO)
    first.wait_for_function(ROSTER_HAS, arg=["gurps", "Bruno"], timeout=ARRIVES)
    assert names(first) == ["Ana", "Bruno"] == roster(first) == roster(second)
    second.reload()
    second.wait_for_function(KEPT_READ)
    assert roster(second) == ["Ana", "Bruno"]


def ana_open_in_two_tabs(context, url):
    """Ana saved in a first tab and open in the editor of a second: (first, second, the second's
    editor, the first's editor)."""
    first, second = context.new_page(), context.new_page()
    open_characters(first, url)
    open_characters(second, url)
    make_character(first, "gurps", "Ana", {"st": "11"})
    second.wait_for_function(ROSTER_HAS, arg=["gurps", "Ana"], timeout=ARRIVES)
    mine, theirs = editor(second, "gurps"), editor(first, "gurps")
    mine.locator('[data-action="edit-character"]').click()
    return first, second, mine, theirs


def test_the_same_character_edited_in_two_tabs_offers_both_versions_and_loses_neither(context, url):
    first, second, mine, theirs = ana_open_in_two_tabs(context, url)
    mine.locator('[name="st"]').fill("14")  # edited here, not saved yet
    theirs.locator('[name="st"]').fill("13")
    theirs.locator('[data-action="save-character"]').click()
    first.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Ana.'",
                            arg=theirs.element_handle())
    second.wait_for_function("f => f.querySelector('[data-status]').textContent.includes('another tab')",
                             arg=mine.element_handle(), timeout=ARRIVES)
    mine.locator('[data-action="save-character"]').click()
    conflict = mine.locator("[data-conflict]")
    conflict.wait_for()
    assert "changed in another tab" in conflict.inner_text()
    row = conflict.locator("tbody tr", has_text="ST")
    assert row.locator("[data-mine]").inner_text() == "14" and row.locator("[data-theirs]").inner_text() == "13"
    assert [c["fields"]["st"] for c in kept(second, "characters")] == ["13"]  # nothing written over
    conflict.locator('[data-action="conflict-keep-both"]').click()
    second.wait_for_function("f => !f.querySelector('[data-conflict]')", arg=mine.element_handle())
    kept_now = {c["name"]: c["fields"]["st"] for c in kept(second, "characters")}
    assert kept_now == {"Ana": "13", "Ana (2)": "14"}
    first.wait_for_function(ROSTER_HAS, arg=["gurps", "Ana (2)"], timeout=ARRIVES)


def test_keeping_this_tabs_version_replaces_the_other_only_when_chosen(context, url):
    first, second, mine, theirs = ana_open_in_two_tabs(context, url)
    mine.locator('[name="dx"]').fill("12")
    theirs.locator('[name="dx"]').fill("9")
    theirs.locator('[data-action="save-character"]').click()
    first.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Ana.'",
                            arg=theirs.element_handle())
    wait_for_python(second, lambda: kept(second, "characters")[0]["fields"]["dx"] == "9", "the first tab's save")
    mine.locator('[data-action="save-character"]').click()
    mine.locator("[data-conflict]").wait_for()
    mine.locator('[data-action="conflict-keep-mine"]').click()
    wait_for_python(second, lambda: kept(second, "characters")[0]["fields"]["dx"] == "12", "this tab's version")
    assert names(second) == ["Ana"]


def start_bfrpg_session(page, url):
    page.goto(url)
    page.evaluate("s => localStorage.setItem('rules-at-the-table:characters', s)", json.dumps(CHARACTERS))
    open_session_page(page, url)
    page.select_option('[name="session_system"]', "bfrpg")
    page.select_option("[data-session-party]", label="Tuesday group")
    page.click('[data-action="start-session"]')
    page.wait_for_selector("[data-session-active]:not([hidden])")


def do(page, action_id: str, fields: dict):
    """One session action through the page (the engine rolls any dice)."""
    page.select_option("[data-session-action]", action_id)
    for name, value in fields.items():
        control = page.locator(f'[data-session-fields] [data-field="{name}"]')
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(label=value)
        else:
            control.fill(value)
    page.click('[data-action="apply-action"]')


def open_state(page) -> dict:
    open_id = kept_meta(page, "open-session")
    return state_of(next(s for s in kept(page, "sessions") if s["id"] == open_id))


# Both tabs' actions in one state: a turn passed (turn 1) and Alda's 2 damage (HP 7 of 9).
MERGED = """() => document.querySelector('[data-session-clock]').dataset.turn === '1'
    && document.querySelector('[data-session-characters] [data-character-id="c1"]')
           ?.innerText.includes('HP 7 of 9')"""


def test_a_session_in_two_tabs_loses_no_action_and_each_tab_follows_the_other(context, url):
    first, second = context.new_page(), context.new_page()
    start_bfrpg_session(first, url)
    open_session_page(second, url)
    second.wait_for_selector("[data-session-active]:not([hidden])")
    # Damage in one tab and, straight after, a turn passing in the other (which has not yet
    # been told of the damage): both are kept, the damage first.
    do(first, "damage", {"who": "Alda", "hp": "2"})
    do(second, "advance_turns", {"turns": "1"})
    wait_for_python(first, lambda: len(open_state(first)["done"]) == 2, "both actions to be kept")
    done = [action["action"]["do"] for action in open_state(first)["done"]]
    assert sorted(done) == ["advance", "damage"]
    # The second tab first draws its own turn on the state it had (Alda unhurt), then the
    # merged one: wait for the merged state, whole, in each tab.
    for page in (first, second):
        page.wait_for_function(MERGED, timeout=ARRIVES)
    # A round passing in the first tab shows in the second.
    do(first, "advance_turns", {"turns": "2"})
    second.wait_for_function("() => document.querySelector('[data-session-clock]').dataset.turn === '3'",
                             timeout=ARRIVES)  # the action's own engine time, then the broadcast


# The next view the page asks its engine for is held until the test lets it go; the page's
# requests still unanswered are counted (each request carries a seq its answer repeats).
HOLD_NEXT_VIEW = """() => {
  const post = Worker.prototype.postMessage;
  const watched = new WeakSet();
  window.__engine = { hold: false, held: null, outstanding: 0 };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener('message', (event) => {
        if (typeof event.data?.seq === 'number') window.__engine.outstanding--;
      });
    }
    if (typeof message?.seq === 'number') window.__engine.outstanding++;
    if (window.__engine.hold && message?.inputs?.op === 'view') {
      window.__engine.hold = false;
      window.__engine.held = () => post.call(this, message, ...rest);
      return;
    }
    return post.call(this, message, ...rest);
  };
}"""


def test_an_older_state_answered_late_is_never_drawn_over_a_newer_one(context, url):
    """A tab hears of another tab's turn and asks its engine for that state's view; before the
    answer comes, its own damage draws the newer state (turn and damage). The late answer, for
    the older state, must not be drawn over it (session-actions.js follow)."""
    first, second = context.new_page(), context.new_page()
    first.add_init_script(script=f"({HOLD_NEXT_VIEW})()")
    start_bfrpg_session(first, url)
    open_session_page(second, url)
    second.wait_for_selector("[data-session-active]:not([hidden])")
    first.evaluate("() => { window.__engine.hold = true; }")
    do(second, "advance_turns", {"turns": "1"})
    first.wait_for_function("() => window.__engine.held !== null")  # heard, and asked for that view
    do(first, "damage", {"who": "Alda", "hp": "2"})
    first.wait_for_function(MERGED)
    first.wait_for_function("() => document.querySelector('[data-session-saving]') === null")
    first.evaluate("() => window.__engine.held()")  # the older state's view answered now
    first.wait_for_function("() => window.__engine.outstanding === 0")
    assert first.evaluate(MERGED), first.evaluate("() => document.querySelector('[data-session-characters]').innerText")
    assert sorted(a["action"]["do"] for a in open_state(first)["done"]) == ["advance", "damage"]


def test_the_gm_screens_session_strip_follows_the_session_live(context, url):
    tracker, screen = context.new_page(), context.new_page()
    start_bfrpg_session(tracker, url)
    screen.goto(url + "screen/bfrpg/")
    strip = screen.locator("[data-screen-session]")
    strip.locator("[data-screen-clock]").wait_for(timeout=60_000)
    assert strip.locator("[data-screen-clock]").get_attribute("data-turn") == "0"
    do(tracker, "advance_turns", {"turns": "10"})
    screen.wait_for_function("() => document.querySelector('[data-screen-clock]')?.dataset.turn === '10'",
                             timeout=ARRIVES)


def hold_engine(page) -> list:
    held: list = []
    page.route("**/pyodide/pyodide.asm.wasm*", lambda route: held.append(route))
    return held


def release(page, held: list):
    wait_for_python(page, lambda: held, "the engine to ask for its runtime (held back)")
    for route in held:
        route.continue_()


@pytest.mark.fresh_device  # the engine's download held back: a device without it
def test_save_tapped_before_the_engine_is_up_is_done_once_it_is(page, url):
    held = hold_engine(page)
    page.goto(url + "characters/")
    page.wait_for_function(KEPT_READ)
    form = editor(page, "gurps")
    form.locator('[name="name"]').fill("Early")
    form.locator('[data-action="save-character"]').click()
    status = form.locator("[data-status]")
    page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Checking Early…'",
                           arg=form.element_handle())
    assert "not running" not in status.text_content()
    assert stored(page) is None
    release(page, held)
    page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Early.'",
                           arg=form.element_handle(), timeout=60_000)
    assert names(page) == ["Early"]


@pytest.mark.fresh_device  # the engine's download held back: a device without it
def test_roll_tapped_before_the_engine_is_up_is_rolled_once_it_is(page, url):
    held = hold_engine(page)
    page.goto(url + "gurps/success-rolls/")
    form = page.locator('form[data-calculator="gurps.success_roll"]')
    box = form.locator("[data-roll-box]")
    box.wait_for()
    box.locator('[data-action="roll"]').click()
    outcome = box.locator("[data-roll-outcome]")
    assert "as soon as" in outcome.inner_text() and outcome.get_attribute("data-waiting") == ""
    release(page, held)
    page.wait_for_function("f => f.querySelector('[data-roll-outcome]').dataset.total", arg=form.element_handle(),
                           timeout=60_000)
    wait_for_python(page, lambda: len(kept_meta(page, "rolls") or []) == 1, "the roll to be kept")
    assert kept_meta(page, "rolls")[0]["total"] == int(outcome.get_attribute("data-total"))


QUOTA = """() => { IDBObjectStore.prototype.put = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""
REFUSED = """IDBFactory.prototype.open = function () {
    throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };"""


def backup_from(page, tmp_path, name="backup.json") -> dict:
    with page.expect_download() as download:
        page.locator('[data-action="download-backup"]').first.click()
    path = tmp_path / name
    download.value.save_as(path)
    return json.loads(path.read_text())


@pytest.mark.allow_page_errors
def test_a_full_storage_says_what_was_not_saved_keeps_working_and_offers_a_backup(page, url, tmp_path):
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    page.evaluate(QUOTA)  # the device fills up
    form = editor(page, "gurps")
    form.locator('[data-action="new-character"]').click()
    form.locator('[name="name"]').fill("Bruno")
    form.locator('[data-action="save-character"]').click()
    alert = page.locator("[data-storage-alert]")
    alert.wait_for()
    assert "Not saved: the character Bruno" in alert.inner_text() and "full" in alert.inner_text()
    assert roster(page) == ["Ana", "Bruno"]  # the page goes on from memory
    backup = backup_from(page, tmp_path)
    assert sorted(c["name"] for c in backup["characters"]) == ["Ana", "Bruno"]
    assert names(page) == ["Ana"] and kept(page, "characters")[0]["fields"]["st"] == "11"  # earlier data whole


@pytest.mark.allow_page_errors
def test_a_refused_storage_says_so_and_the_page_works_from_memory(page, url, tmp_path):
    page.add_init_script(REFUSED)
    open_characters(page, url)
    note = page.locator("[data-storage-alert]")
    note.wait_for()
    assert "Nothing can be saved on this device" in note.inner_text()
    make_character_unsaved = editor(page, "gurps")
    make_character_unsaved.locator('[name="name"]').fill("Ghost")
    make_character_unsaved.locator('[data-action="save-character"]').click()
    page.wait_for_function(ROSTER_HAS, arg=["gurps", "Ghost"], timeout=60_000)
    assert "Not saved: the character Ghost" in note.inner_text()
    assert [c["name"] for c in backup_from(page, tmp_path)["characters"]] == ["Ghost"]


def old_documents() -> dict[str, str]:
    """What the version before IndexedDB kept in localStorage: characters and parties, a
    session with a few actions, and the roll history."""
    party = [c for c in CHARACTERS["characters"] if c["system"] == "bfrpg"]
    state = session.new("bfrpg", party)
    for action in ({"do": "advance", "turns": 3}, {"do": "damage", "who": "c1", "hp": 2}):
        state = session.apply(state, action, roll=lambda count, sides: [1] * count)
    sessions = {"format": "rules-at-the-table/sessions", "version": 1, "open": "s-old",
                "sessions": [{"id": "s-old", "name": "The old delve", "system": "bfrpg",
                              "updated": "2026-11-20T20:00:00Z", "state": state}]}
    rolls = {"format": "rules-at-the-table/rolls", "version": 1, "rolls": [OLD_ROLL]}
    return {"rules-at-the-table:characters": json.dumps(CHARACTERS),
            "rules-at-the-table:sessions": json.dumps(sessions), "rules-at-the-table:rolls": json.dumps(rolls)}


SEED = "docs => { for (const [key, value] of Object.entries(docs)) localStorage.setItem(key, value); }"
OLD_KEYS = """() => Object.keys(localStorage).filter(k => k.startsWith('rules-at-the-table:')
    && !k.includes(':inputs:') && !k.includes(':picked:')).sort()"""


def test_what_localstorage_held_moves_in_once_and_the_old_copy_goes_only_after(page, url):
    page.goto(url)
    page.evaluate(SEED, old_documents())
    open_characters(page, url)
    assert sorted(c["name"] for c in kept(page, "characters")) == ["Alda", "Bruno", "Pip"]
    assert sorted(p["name"] for p in kept(page, "parties")) == ["Bruno alone", "Tuesday group"]
    assert [s["name"] for s in kept(page, "sessions")] == ["The old delve"]
    assert kept_meta(page, "open-session") == "s-old" and kept_meta(page, "rolls")[0]["total"] == 12
    assert page.evaluate(OLD_KEYS) == []
    open_session_page(page, url)
    page.wait_for_selector("[data-session-active]:not([hidden])")
    assert page.locator("[data-session-clock]").get_attribute("data-turn") == "3"
    assert "HP 7 of 9" in page.locator('[data-session-characters] [data-character-id="c1"]').inner_text()


@pytest.mark.allow_page_errors
def test_a_move_that_fails_keeps_the_old_copy_and_says_so(page, url):
    page.goto(url)
    page.evaluate(SEED, old_documents())
    page.add_init_script(f"({QUOTA})()")
    open_characters(page, url)
    alert = page.locator("[data-storage-alert]")
    alert.wait_for()
    assert "could not be moved" in alert.inner_text()
    assert len(page.evaluate(OLD_KEYS)) == 3  # the old copy stays
    assert roster(page, "bfrpg") == ["Alda", "Pip"]  # and the page works from it
    assert kept(page, "characters") == []


def test_back_up_delete_everything_restore_gives_the_same_data(page, url, tmp_path):
    page.goto(url)
    page.evaluate(SEED, old_documents())
    open_characters(page, url)
    before = {kind: without_revisions(kept(page, kind)) for kind in ("characters", "parties", "sessions")}
    before_rolls = kept_meta(page, "rolls")
    page.locator("[data-everything] summary").click()  # the backup folds under "Everything on this device"
    with page.expect_download() as download:
        page.locator('[data-action="backup-everything"]').click()
    path = tmp_path / "everything.json"
    download.value.save_as(path)
    page.wait_for_function("() => document.querySelector('[data-backup-note]').hasAttribute('data-last-backup')")
    assert kept_meta(page, "last-backup")
    clear = page.locator('[data-action="clear-everything"]')
    clear.click()
    clear.click()  # "Really delete everything?"
    wait_for_python(page, lambda: not kept(page, "characters"), "everything to be deleted")
    assert clear.inner_text() == "Delete everything"  # the button reads as before once it is done
    assert not kept(page, "sessions") and not kept_meta(page, "rolls") and roster(page, "bfrpg") == []
    page.locator("[data-restore-file]").set_input_files(str(path))
    preview = page.locator("[data-restore-preview]")
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'asking'")
    assert "3 characters" in preview.inner_text() and "1 session" in preview.inner_text()
    assert not kept(page, "characters")  # nothing before the reader says so
    preview.locator('[data-action="confirm-restore"]').click()
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'done'")
    after = {kind: without_revisions(kept(page, kind)) for kind in ("characters", "parties", "sessions")}
    assert after == before and kept_meta(page, "rolls") == before_rolls
    page.wait_for_function(ROSTER_HAS, arg=["bfrpg", "Alda"])


def test_restoring_over_changed_records_asks_and_replaces_only_when_told(page, url, tmp_path):
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    page.locator("[data-everything] summary").click()  # the backup folds under "Everything on this device"
    with page.expect_download() as download:
        page.locator('[data-action="backup-everything"]').click()
    path = tmp_path / "ana.json"
    download.value.save_as(path)
    form = editor(page, "gurps")
    form.locator('[name="st"]').fill("15")
    form.locator('[data-action="save-character"]').click()
    page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Ana.'",
                           arg=form.element_handle())
    page.locator("[data-restore-file]").set_input_files(str(path))
    preview = page.locator("[data-restore-preview]")
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'asking'")
    assert "Different here: Ana" in preview.inner_text()
    preview.locator('[data-action="confirm-restore"]').click()  # keeping both
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'done'")
    assert {c["name"]: c["fields"]["st"] for c in kept(page, "characters")} == {"Ana": "15", "Ana (2)": "11"}


@pytest.mark.parametrize("content, said", [
    (json.dumps({"format": "rules-at-the-table/backup", "version": 99, "characters": []}), "newer version"),
    ('{"format": "rules-at-the-table/backup", "version": 1, "characters": [', "not JSON"),
    (json.dumps({"format": "someone-else/backup", "version": 1, "characters": []}),
     "not a Rules at the Table backup"),
    (json.dumps({"format": "rules-at-the-table/backup", "version": 1, "characters": [{"name": "X", "system": "d20",
                                                                                      "fields": {}}], "sessions": []}),
     "unknown game system"),
])
def test_a_newer_or_damaged_backup_is_refused_and_nothing_changes(page, url, tmp_path, content, said):
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    before = kept(page, "characters")
    path = tmp_path / "bad.json"
    path.write_text(content)
    page.locator("[data-restore-file]").set_input_files(str(path))
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'refused'")
    text = page.locator("[data-restore-preview]").inner_text()
    assert said in text and "Nothing on this device was changed" in text
    assert kept(page, "characters") == before


def test_a_page_closed_in_the_middle_of_a_restore_leaves_the_earlier_version_whole(context, url, tmp_path):
    page = context.new_page()
    open_characters(page, url)
    make_character(page, "gurps", "Ana", {"st": "11"})
    many = [{"id": f"c-bulk-{i:04d}", "name": f"Extra {i}", "system": "bfrpg", "fields": {"strength": "12"}}
            for i in range(1500)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": "rules-at-the-table/backup", "version": 1, "made": "2026-11-24T00:00:00Z",
                                "characters": many, "parties": [], "sessions": [], "rolls": []}))
    page.locator("[data-restore-file]").set_input_files(str(path))
    page.wait_for_function("() => document.querySelector('[data-restore-preview]').dataset.restoreState === 'asking'")
    page.locator('[data-action="confirm-restore"]').click()
    page.close()  # mid-write
    other = context.new_page()
    other.goto(url)
    found = {c["name"] for c in kept(other, "characters")}
    assert found in ({"Ana"}, {"Ana", *(c["name"] for c in many)}), f"{len(found)} characters: half a write"
    assert next(c for c in kept(other, "characters") if c["name"] == "Ana")["fields"]["st"] == "11"
