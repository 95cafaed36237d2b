"""Characters from other programs on the Characters page (issue 28): a GURPS Character Sheet file
and a Codex Quest export imported through "Import from GCS or Codex Quest" (chosen or dropped),
shown before anything is saved with what comes in, what is left out and the cross-check, then
picked in the calculators: the GURPS character's Move and Dodge at its load equal GCS's own
figures from the file, the BFRPG character's movement and saves follow its class and level. A
second import of the same character asks (keep the one here, take the file's figures on the same
record, keep both); a bad file is refused with rulescore's sentence and nothing changes; all of
it offline after one visit; and a tablet screenshot of the preview with its cross-check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulescore
from tests.browser.helpers import kept, screenshot, shown_outputs
from tests.browser.test_characters import (
    characters_of,
    editor,
    expected_for,
    open_calculator_page,
    open_characters,
    pick,
    stored,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"
GCS = FIXTURES / "gcs-v5.gcs"  # Sir Aldous: Lifting ST and Combat Reflexes from traits, a wagon not carried
CODEX = FIXTURES / "codex-quest-current.json"  # Ilyra, an elf Magic-User/Thief of level 3
PREVIEW = "[data-foreign-preview]"
STATE = "s => document.querySelector('[data-foreign-preview]').dataset.foreignState === s"


@pytest.fixture
def url(site_url):
    return site_url


def choose(page, path: Path, state: str = "asking"):
    """The file chosen with "Import from GCS or Codex Quest"; waits for the preview's state."""
    page.locator("[data-foreign-import-file]").set_input_files(str(path))
    page.wait_for_function(STATE, arg=state, timeout=60_000)
    return page.locator(PREVIEW)


def drop(page, path: Path, state: str = "asking"):
    """The file dropped onto the control, as a reader drags it from the desktop."""
    page.evaluate("""([name, text]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], name, {type: "application/json"}));
        const zone = document.querySelector("[data-foreign-drop]");
        for (const type of ["dragenter", "dragover", "drop"]) {
            zone.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true}));
        }
    }""", [path.name, path.read_text(encoding="utf-8")])
    page.wait_for_function(STATE, arg=state, timeout=60_000)
    return page.locator(PREVIEW)


def press(page, action: str, state: str):
    page.locator(f'{PREVIEW} [data-action="{action}"]').click()
    page.wait_for_function(STATE, arg=state)


def checks_shown(preview) -> list[dict]:
    """The cross-check table as the page shows it, by column header."""
    return preview.locator("[data-foreign-checks]").evaluate("""table => {
        const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent);
        return [...table.querySelectorAll('tbody tr')].map(tr => Object.fromEntries(
            [...tr.children].map((cell, i) => [heads[i], cell.textContent])));
    }""")


def as_shown(value) -> str:
    return "—" if value is None else str(value).replace("-", "\u2212")


def imported(path: Path) -> dict:
    return rulescore.import_character(path.read_text(encoding="utf-8"))


def stored_fields(found: dict) -> dict:
    """The fields as the page keeps them: text, as a form gives them (a list, the weapons, as JSON text)."""
    def kept(value):  # JSON.stringify's text: no spaces, characters as they are
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    return {name: value if isinstance(value, bool) else kept(value) if isinstance(value, list) else str(value)
            for name, value in found["fields"].items()}


def check_gcs_preview(preview, found: dict):
    text = preview.inner_text()
    assert "Sir Aldous" in text and "GURPS" in text and "GCS" in text
    fields = preview.locator("[data-foreign-fields]")
    assert fields.locator('[data-field="st"] dt').inner_text() == "ST"
    assert fields.locator('[data-field="st"] dd').inner_text() == "12"
    assert fields.locator('[data-field="lifting_st"] dt').inner_text() == "Lifting ST"
    assert fields.locator('[data-field="load_lb"] dd').inner_text() == "25.2 lb"
    skipped = preview.locator("[data-foreign-skipped] li").all_text_contents()
    assert skipped == found["skipped"]
    table = preview.locator("[data-foreign-checks]")
    assert table.locator("thead th").evaluate_all("ths => ths.map(th => [th.scope, th.textContent])") == [
        ["col", "Figure"], ["col", "GCS's"], ["col", "Ours"], ["col", "Why they differ"]]
    assert table.locator("tbody th").evaluate_all("ths => ths.every(th => th.scope === 'row')")
    assert checks_shown(preview) == [
        {"Figure": check["figure"], "GCS's": as_shown(check["theirs"]), "Ours": as_shown(check["ours"]),
         "Why they differ": "the same" if check["agrees"] else check["why"] or ""}
        for check in found["checks"]]


def check_gcs_in_encumbrance(page, url):
    """Sir Aldous picked in Encumbrance: Move and Dodge at his load are GCS's own (the file's calc)."""
    calc = json.loads(GCS.read_text(encoding="utf-8"))["calc"]
    found = imported(GCS)
    open_calculator_page(page, url, "gurps.encumbrance")
    form = pick(page, "gurps.encumbrance", "Sir Aldous")
    shown = shown_outputs(form)
    level = shown["encumbrance_level"][0]
    assert shown["move"][0] == calc["move"][level] and shown["dodge"][0] == calc["dodge"][level]
    assert shown == expected_for("gurps.encumbrance", "gurps", stored_fields(found))


def check_codex_in_calculators(page, url):
    """Ilyra picked in Encumbrance (movement) and Overland travel (movement, her Death Ray save):
    as rulescore.derive gives them for her class, level and race."""
    fields = stored_fields(imported(CODEX))
    figures = rulescore.derive("bfrpg", fields)
    open_calculator_page(page, url, "bfrpg.encumbrance")
    form = pick(page, "bfrpg.encumbrance", "Ilyra")
    assert shown_outputs(form) == expected_for("bfrpg.encumbrance", "bfrpg", fields)
    assert shown_outputs(form)["movement_ft"][0] == figures["movement_ft"]
    open_calculator_page(page, url, "bfrpg.overland")
    form = pick(page, "bfrpg.overland", "Ilyra")
    assert form.locator('[name="death_ray_save"]').input_value() == str(figures["save_death_ray"])
    assert form.locator('[name="movement_ft"]').input_value() == str(figures["movement_ft"])
    assert shown_outputs(form) == expected_for("bfrpg.overland", "bfrpg", fields)


def check_codex_saves_on_the_sheet(page):
    """Her sheet on the Characters page: the five saves and the attack bonus of an elf
    Magic-User/Thief of level 3, as rulescore.derive gives them."""
    fields = stored_fields(imported(CODEX))
    figures = rulescore.derive("bfrpg", fields)
    form = editor(page, "bfrpg")
    ilyra = kept_id(page, "bfrpg", "Ilyra")
    form.locator(f'[data-action="edit-character"][data-id="{ilyra}"]').click()
    page.wait_for_function("f => f.querySelector('[name=\"name\"]').value === 'Ilyra'", arg=form.element_handle())
    page.wait_for_function("f => f.dataset.state === 'ready'", arg=form.element_handle())
    for save in ("save_death_ray", "save_wands", "save_paralysis", "save_breath", "save_spells", "attack_bonus"):
        assert form.locator(f'[data-output="{save}"]').get_attribute("data-value") == json.dumps(figures[save]), save


def kept_id(page, system: str, name: str) -> str:
    return next(c["id"] for c in kept(page, "characters") if c["system"] == system and c["name"] == name)


def import_both(page):
    """Sir Aldous chosen, Ilyra dropped; each shown and saved only on "Import"."""
    found = imported(GCS)
    preview = choose(page, GCS)
    check_gcs_preview(preview, found)
    assert stored(page) is None  # nothing saved before the player says so
    press(page, "confirm-foreign-import", "done")
    assert "Imported Sir Aldous" in preview.inner_text()
    preview = drop(page, CODEX)
    text = preview.inner_text()
    assert "Ilyra" in text and "Basic Fantasy" in text and "Codex Quest" in text
    assert preview.locator('[data-field="class"] dd').inner_text() == "Magic-User/Thief"
    assert preview.locator('[data-field="level"] dd').inner_text() == "3"
    assert preview.locator("[data-foreign-checks-none]").count() == 1  # Codex Quest computes no figures
    press(page, "confirm-foreign-import", "done")
    assert characters_of(stored(page)) == [("bfrpg", "Ilyra", stored_fields(imported(CODEX))),
                                           ("gurps", "Sir Aldous", stored_fields(found))]
    assert editor(page, "gurps").locator(".rc-roster-name").all_text_contents() == ["Sir Aldous"]


def test_gcs_and_codex_quest_characters_imported_and_picked_in_the_calculators(page, url):
    open_characters(page, url)
    import_both(page)
    check_codex_saves_on_the_sheet(page)
    check_gcs_in_encumbrance(page, url)
    check_codex_in_calculators(page, url)


def test_a_second_import_asks_and_changes_only_what_was_chosen(page, url, tmp_path):
    open_characters(page, url)
    choose(page, GCS)
    press(page, "confirm-foreign-import", "done")
    first = kept(page, "characters")[0]
    # Edited here since: ST 14.
    changed = {**first, "fields": {**first["fields"], "st": "14"}}
    page.evaluate("""async (record) => {
        const db = await new Promise((ok, no) => { const r = indexedDB.open('rules-at-the-table');
            r.onsuccess = () => ok(r.result); r.onerror = no; });
        await new Promise((ok) => { const tx = db.transaction('characters', 'readwrite');
            tx.objectStore('characters').put({...record, rev: record.rev + 1}); tx.oncomplete = ok; });
        db.close(); }""", changed)
    open_characters(page, url)
    before = kept(page, "characters")

    # Keep the one here: nothing changes.
    preview = choose(page, GCS)
    assert preview.locator(f'[data-foreign-existing="{first["id"]}"]').count() == 1
    assert preview.locator('[data-action="confirm-foreign-import"]').count() == 0
    here = preview.locator('[data-field="st"]')
    assert here.get_attribute("data-differs") == "" and "here: 14" in here.inner_text()
    assert kept(page, "characters") == before  # asking changes nothing
    press(page, "foreign-keep-local", "cancelled")
    assert kept(page, "characters") == before

    # Keep both: the file's under a numbered name, the one here untouched.
    choose(page, GCS)
    press(page, "foreign-keep-both", "done")
    after = kept(page, "characters")
    assert [c for c in after if c["id"] == first["id"]] == before
    [copy] = [c for c in after if c["id"] != first["id"]]
    assert copy["name"] == "Sir Aldous (2)" and copy["fields"] == stored_fields(imported(GCS))
    page.wait_for_function("() => [...document.querySelectorAll('form[data-character-editor=\"gurps\"] "
                           ".rc-roster-name')].map(e => e.textContent).join() === 'Sir Aldous,Sir Aldous (2)'")

    # Take the file's figures: the same record (its id), a newer revision, ST back to the file's 12.
    choose(page, GCS)
    press(page, "foreign-take-file", "done")
    taken = next(c for c in kept(page, "characters") if c["id"] == first["id"])
    assert taken["name"] == "Sir Aldous" and taken["fields"] == stored_fields(imported(GCS))
    assert taken["rev"] == before[0]["rev"] + 1
    assert len(kept(page, "characters")) == 2
    check_gcs_in_encumbrance(page, url)  # the calculators follow the figures taken

    # Cancel on a new character: nothing saved.
    open_characters(page, url)
    before = kept(page, "characters")
    choose(page, CODEX)
    press(page, "cancel-foreign-import", "cancelled")
    assert kept(page, "characters") == before


BAD = ["not-json.txt", "gcs-old-xml.gcs", "gcs-template.gct", "gcs-equipment-list.eqp", "gcs-newer.gcs",
       "gcs-no-attributes.gcs", "gcs-outside-limits.gcs", "codex-quest-newer.json",
       "codex-quest-supplement-class.json", "other-tool.json"]


def refused_message(path: Path) -> str:
    with pytest.raises(rulescore.RulesInputError) as refused:
        rulescore.import_character(path.read_text(encoding="utf-8", errors="replace"))
    return refused.value.message


def check_bad_files(page, tmp_path):
    """Each bad file refused with rulescore's own sentence; what is kept is unchanged."""
    before = kept(page, "characters")
    big = tmp_path / "huge.gcs"
    big.write_text(" " * (5 * 1024 * 1024 + 10))
    for path in [FIXTURES / name for name in BAD] + [big]:
        preview = choose(page, path, "refused")
        message = preview.inner_text()
        said = "5.0 MB" if path == big else refused_message(path)
        assert said in message and "Nothing on this device was changed" in message, (path.name, message)
        assert preview.locator('[role="alert"]').count() == 1
        assert kept(page, "characters") == before
        page.evaluate("document.querySelector('[data-foreign-preview]').dataset.foreignState = ''")


def test_a_bad_file_is_refused_with_rulescores_sentence_and_nothing_changes(page, url, tmp_path):
    open_characters(page, url)
    choose(page, GCS)
    press(page, "confirm-foreign-import", "done")
    check_bad_files(page, tmp_path)
    drop(page, FIXTURES / "gcs-old-xml.gcs", "refused")  # dropped, the same
    assert "older GURPS Character Sheet" in page.locator(PREVIEW).inner_text()


@pytest.mark.fresh_device
def test_importing_works_offline_after_one_visit(page, context, url, tmp_path):
    open_characters(page, url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    context.set_offline(True)
    open_characters(page, url)
    import_both(page)
    check_bad_files(page, tmp_path)
    check_gcs_in_encumbrance(page, url)
    check_codex_in_calculators(page, url)


def test_the_preview_on_a_tablet(page, url):
    """The preview with its cross-check at 768x1024: no sideways scrolling, 44 px buttons, and a
    screenshot for the README (media/import-preview-tablet.png)."""
    page.set_viewport_size({"width": 768, "height": 1024})
    open_characters(page, url)
    preview = choose(page, FIXTURES / "gcs-v4.gcs")  # Grumm the Giant: Striking ST, so two figures differ
    assert preview.locator('[data-agrees="false"]').count() == 2
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for action in ("confirm-foreign-import", "cancel-foreign-import"):
        assert preview.locator(f'[data-action="{action}"]').bounding_box()["height"] >= 44
    # The preview's foot (the differing figures and the question) at the foot of the screen.
    page.evaluate("el => scrollTo(0, el.getBoundingClientRect().bottom + scrollY - innerHeight + 8)",
                  preview.element_handle())
    page.wait_for_timeout(500)  # the theme's header title settles after a scroll
    screenshot(page, "import-preview-tablet.png")
    # On a phone the cross-check keeps all four columns in sight (the figure's name wraps).
    page.set_viewport_size({"width": 390, "height": 844})
    table = preview.locator("table[data-foreign-checks]")
    assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1")
    table.scroll_into_view_if_needed()
    screenshot(page, "import-preview-phone.png")
