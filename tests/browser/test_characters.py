"""Characters at the table, as a player uses them: made on the Characters page, picked in the
calculators (whose results equal rulescore's for the character's figures), changed and
followed after a reload, exported and imported, shared by link to another browser, refused
with a clear message when a file or link is bad (nothing saved is lost), and all of it with
the network cut."""

from __future__ import annotations

import json

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    expected_outputs,
    forget_kept,
    kept,
    set_inputs,
    shown_outputs,
    wait_live,
    wait_settled,
)

STORE_KEY = "rules-at-the-table:characters"
EDITORS_READY = """() => [...document.querySelectorAll('form[data-character-editor]')]
    .every(f => f.dataset.state === 'ready')"""
IMPORTED = "() => document.querySelector('[data-import-preview]').dataset.importState === 'done'"
BRUNO = {"st": "12", "dx": "13", "iq": "10", "ht": "11", "load_lb": "31"}
CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}


def open_characters(page, url: str, suffix: str = ""):
    page.goto(url + "characters/" + suffix)
    page.wait_for_function(EDITORS_READY, timeout=60_000)


def editor(page, system: str):
    return page.locator(f'form[data-character-editor="{system}"]')


def make_character(page, system: str, name: str, values: dict):
    form = editor(page, system)
    form.locator('[data-action="new-character"]').click()
    form.locator('[name="name"]').fill(name)
    set_inputs(form, values)
    wait_settled(form)
    form.locator('[data-action="save-character"]').click()
    page.wait_for_function("([f, name]) => f.querySelector('[data-status]').textContent === `Saved ${name}.`",
                           arg=[form.element_handle(), name])


def stored(page) -> dict | None:
    """The characters and parties kept on the device (None when nothing is)."""
    found = {"characters": kept(page, "characters"), "parties": kept(page, "parties")}
    return found if found["characters"] or found["parties"] else None


def characters_of(store: dict) -> list[tuple[str, str, dict]]:
    return sorted((c["system"], c["name"], c["fields"]) for c in store["characters"])


def expected_for(calc_id: str, system: str, values: dict, shown: dict | None = None) -> dict:
    """What the calculator shows for a character: its bound inputs from rulescore.derive,
    the rest as the form has them."""
    figures = rulescore.derive(system, values)
    inputs = dict(shown or {})
    for spec in CATALOGUE[calc_id]["inputs"]:
        figure = spec["character"]
        if figure and (spec["party_member"] or 1) == 1:
            value = figures[figure] if figure in figures else figures.inputs[figure]
            if value is not None:
                inputs[spec["name"]] = value
    return expected_outputs(respond(calc_id, inputs))


def pick(page, calc_id: str, label: str):
    form = calculator(page, calc_id)
    form.locator("[data-character-picker]").select_option(label=label)
    page.wait_for_function("([f, name]) => f.dataset.character === name", arg=[form.element_handle(), label])
    wait_settled(form)
    return form


def open_calculator_page(page, url: str, calc_id: str):
    page.goto(url + CATALOGUE[calc_id]["page"])
    wait_live(page)
    return calculator(page, calc_id)


@pytest.fixture
def url(site_url):
    return site_url


def test_a_character_feeds_jumping_encumbrance_and_throwing(page, url):
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    figures = rulescore.derive("gurps", BRUNO)
    shown = editor(page, "gurps")
    assert shown.locator('[data-output="basic_lift_lb"]').get_attribute("data-value") == str(figures["basic_lift_lb"])
    for calc_id in ("gurps.jump", "gurps.encumbrance", "gurps.throwing"):
        open_calculator_page(page, url, calc_id)
        form = pick(page, calc_id, "Bruno")
        assert shown_outputs(form) == expected_for(calc_id, "gurps", BRUNO), calc_id
    # A change for this roll only: marked against the character, who stays as saved.
    form = calculator(page, "gurps.throwing")
    form.locator('[name="st"]').fill("14")
    wait_settled(form)
    mark = form.locator('[data-character-for="st"]')
    assert mark.is_visible() and "Bruno: 12" in mark.inner_text()
    assert form.locator('[data-action="save-to-character"]').inner_text() == "Save to Bruno"
    assert characters_of(stored(page))[0][2]["st"] == "12"
    mark.locator('[data-action="use-character-value"]').click()
    wait_settled(form)
    assert form.locator('[name="st"]').input_value() == "12" and not mark.is_visible()


def test_calculators_follow_the_character_after_it_changes(page, url):
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    for calc_id in ("gurps.jump", "gurps.encumbrance", "gurps.throwing"):
        open_calculator_page(page, url, calc_id)
        pick(page, calc_id, "Bruno")
    open_characters(page, url)
    form = editor(page, "gurps")
    form.locator('[data-action="edit-character"]').click()
    stronger = {**BRUNO, "st": "15", "dx": "14"}
    set_inputs(form, {"st": "15", "dx": "14"})
    wait_settled(form)
    form.locator('[data-action="save-character"]').click()
    page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Bruno.'",
                           arg=form.element_handle())
    for calc_id in ("gurps.jump", "gurps.encumbrance", "gurps.throwing"):
        form = open_calculator_page(page, url, calc_id)  # a full load: the choice is remembered
        page.wait_for_function("f => f.dataset.character === 'Bruno'", arg=form.element_handle())
        wait_settled(form)
        assert shown_outputs(form) == expected_for(calc_id, "gurps", stronger), calc_id


def test_saving_back_to_the_character_on_purpose(page, url):
    open_characters(page, url)
    make_character(page, "bfrpg", "Alda", {"race": "dwarf", "strength": "16", "armor": "metal", "load_lb": "95"})
    open_calculator_page(page, url, "bfrpg.encumbrance")
    form = pick(page, "bfrpg.encumbrance", "Alda")
    assert form.locator('[name="strength"]').input_value() == "16"
    form.locator('[name="strength"]').fill("17")
    wait_settled(form)
    form.locator('[data-action="save-to-character"]').click()
    page.wait_for_function("f => f.querySelector('[data-character-note]').textContent.includes('Saved to Alda')",
                           arg=form.element_handle())
    assert characters_of(stored(page))[0][2]["strength"] == "17"


def test_a_whole_party_in_the_travel_planner_and_in_rows(page, url):
    open_characters(page, url)
    make_character(page, "bfrpg", "Alda", {"race": "dwarf", "armor": "metal", "load_lb": "95", "strength": "16"})
    make_character(page, "bfrpg", "Pip", {"race": "halfling", "load_lb": "10"})
    form = editor(page, "bfrpg")
    form.locator("[data-party-name]").fill("Tuesday group")
    form.locator('[data-action="new-party"]').click()
    for added in range(2):  # each addition drawn before the next tap (a tap before it adds nothing new)
        form.locator('[data-action="member-add"]').click()
        form.locator(".rc-party-card ol li").nth(added).wait_for()
    assert form.locator(".rc-party-card ol li").all_inner_texts()[0].startswith("Alda")
    # Everyone is in: the card says so instead of an empty list with a button doing nothing.
    form.locator(".rc-party-card .rc-party-full").wait_for()
    assert form.locator('.rc-party-card [data-action="member-add"]').count() == 0
    open_calculator_page(page, url, "bfrpg.travel")
    travel = calculator(page, "bfrpg.travel")
    travel.locator("[data-character-picker]").select_option(label="Whole party: Tuesday group")
    page.wait_for_function("f => !f.querySelector('[data-party-view]').hidden", arg=travel.element_handle())
    wait_settled(travel)
    alda = rulescore.derive("bfrpg", {"race": "dwarf", "armor": "metal", "load_lb": "95", "strength": "16"})
    pip = rulescore.derive("bfrpg", {"race": "halfling", "load_lb": "10"})
    assert travel.locator('[name="member_1_ft"]').input_value() == str(alda["movement_ft"])
    assert travel.locator('[name="member_2_ft"]').input_value() == str(pip["movement_ft"])
    assert travel.locator('[name="member_3_ft"]').input_value() == "0"
    view = travel.locator("[data-party-view]").inner_text()
    assert "Alda" in view and "Pip" in view
    pace = shown_outputs(travel)["pace_ft"][0]
    assert pace == min(alda["movement_ft"], pip["movement_ft"])
    slowest = "Alda" if alda["movement_ft"] <= pip["movement_ft"] else "Pip"
    named = travel.locator("[data-member-named]")
    named.wait_for()
    assert named.inner_text().startswith(f"Slowest member: {slowest}")
    assert travel.locator('[data-output="slowest_member"]').inner_text().startswith(slowest)  # named, not a number
    assert travel.locator("[data-figures-for]").inner_text() == "Party: Tuesday group"
    form = open_calculator_page(page, url, "bfrpg.encumbrance")
    form.locator("[data-character-picker]").select_option(label="Whole party: Tuesday group")
    table = form.locator("[data-party-table]")
    table.wait_for()
    rows = table.locator("tbody tr").all_inner_texts()
    assert [row.split("\t")[0] for row in rows] == ["Alda", "Pip"]
    light = respond("bfrpg.encumbrance", {"race": "halfling", "strength": 10, "load_lb": 40})["outputs"]
    assert light["strength_bonus"]["text"] in rows[1]


def test_export_clear_import_gives_the_same_characters(page, url, tmp_path):
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    make_character(page, "shell", "Kess", {"st": "12", "st_race": "1", "race_chp": "10"})
    before = characters_of(stored(page))
    page.locator("[data-everything] summary").click()  # export, backup and restore fold under it
    with page.expect_download() as download:
        page.locator('[data-action="export-characters"]').click()
    saved = tmp_path / "characters.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "rules-at-the-table/characters"
    forget_kept(page)
    open_characters(page, url)
    assert not page.locator("[data-character-roster] li").count()
    page.locator("[data-import-file]").set_input_files(str(saved))
    preview = page.locator("[data-import-preview]")
    page.wait_for_function("() => document.querySelector('[data-import-preview]').dataset.importState === 'asking'")
    assert "Bruno" in preview.inner_text() and "Kess" in preview.inner_text()
    assert stored(page) is None  # nothing saved before the player says so
    preview.locator('[data-action="confirm-import"]').click()
    page.wait_for_function(IMPORTED)
    assert characters_of(stored(page)) == before
    assert editor(page, "shell").locator("[data-character-roster]").inner_text().startswith("Kess")


def test_a_shared_link_imports_in_another_browser_after_confirmation(page, url, browser):
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    editor(page, "gurps").locator('[data-action="share-character"]').click()
    link = page.locator("[data-share-link]").input_value()
    assert "#import=" in link
    page.locator("[data-share-qr]").wait_for()  # drawn on the page, offline, by the vendored library
    other = browser.new_context()
    try:
        second = other.new_page()
        second.goto(link)
        second.wait_for_function(
            "() => document.querySelector('[data-import-preview]')?.dataset.importState === 'asking'", timeout=60_000)
        assert stored(second) is None
        second.locator('[data-action="confirm-import"]').click()
        second.wait_for_function(IMPORTED)
        assert characters_of(stored(second)) == characters_of(stored(page))
        assert "#import" not in second.url
    finally:
        other.close()


def bad_files(tmp_path):
    newer = {"format": "rules-at-the-table/characters", "version": 99, "characters": []}
    other = {"format": "someone-else", "version": 1, "characters": []}
    out_of_range = {"format": "rules-at-the-table/characters", "version": 1,
                    "characters": [{"name": "Huge", "system": "gurps", "fields": {"st": "201"}}]}
    unknown = {"format": "rules-at-the-table/characters", "version": 1,
               "characters": [{"name": "Elric", "system": "stormbringer", "fields": {}}]}
    padded = json.dumps({"format": "rules-at-the-table/characters", "version": 1, "characters": []})
    cases = {"other.json": (json.dumps(other), "not a Rules at the Table characters file"),
             "newer.json": (json.dumps(newer), "newer version"),
             "range.json": (json.dumps(out_of_range), "Huge (GURPS): ST: received '201'; enter a whole number from 0"),
             "system.json": (json.dumps(unknown), 'unknown game system "stormbringer"'),
             "big.json": (padded + " " * (5 * 1024 * 1024), "5.0 MB")}
    for name, (text, _) in cases.items():
        (tmp_path / name).write_text(text)
    return {tmp_path / name: words for name, (_, words) in cases.items()}


def check_bad_inputs(page, url, tmp_path):
    before = characters_of(stored(page))
    for path, words in bad_files(tmp_path).items():
        page.locator("[data-import-file]").set_input_files(str(path))
        page.wait_for_function(
            "() => document.querySelector('[data-import-preview]').dataset.importState === 'refused'")
        message = page.locator("[data-import-preview]").inner_text()
        assert words in message and "unchanged" in message, (path.name, message)
        assert characters_of(stored(page)) == before
        page.evaluate("document.querySelector('[data-import-preview]').dataset.importState = ''")
    # Text that is not JSON is none of the site's own files: the reader of other programs' files says why.
    (tmp_path / "not-json.json").write_text("{not json")
    page.locator("[data-import-file]").set_input_files(str(tmp_path / "not-json.json"))
    page.wait_for_function("() => document.querySelector('[data-foreign-preview]').dataset.foreignState === 'refused'")
    assert "not JSON" in page.locator("[data-foreign-preview]").inner_text()
    assert characters_of(stored(page)) == before
    link = page.evaluate("""() => { document.querySelector('[data-action="share-character"]').click();
        return document.querySelector('[data-share-link]').value; }""")
    payload = link.split("#import=")[1]
    tampered = payload[:10] + ("A" if payload[10] != "A" else "B") + payload[11:]
    for broken in (payload[: len(payload) // 2], tampered):
        open_characters(page, url, "#import=" + broken)
        page.wait_for_function(
            "() => document.querySelector('[data-import-preview]').dataset.importState === 'refused'")
        assert "damaged" in page.locator("[data-import-preview]").inner_text()
        assert characters_of(stored(page)) == before
    form = editor(page, "gurps")
    form.locator('[data-action="new-character"]').click()
    form.locator('[name="name"]').fill("Bruno")
    form.locator('[data-action="save-character"]').click()
    error = form.locator('[data-error-for="name"]')
    error.wait_for()
    assert "already a GURPS character called Bruno" in error.inner_text()
    # A live result that comes after the refusal (another figure typed) leaves the name's message.
    form.locator('[name="st"]').fill("11")
    wait_settled(form)
    assert error.is_visible() and "already a GURPS character" in error.inner_text()
    assert characters_of(stored(page)) == before


def test_bad_files_and_links_are_refused_and_nothing_is_lost(page, url, tmp_path):
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    check_bad_inputs(page, url, tmp_path)


@pytest.mark.fresh_device
def test_characters_offline_after_one_visit(page, context, url, tmp_path):
    open_characters(page, url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    context.set_offline(True)
    open_characters(page, url)
    make_character(page, "gurps", "Bruno", BRUNO)
    form = open_calculator_page(page, url, "gurps.encumbrance")
    form = pick(page, "gurps.encumbrance", "Bruno")
    assert shown_outputs(form) == expected_for("gurps.encumbrance", "gurps", BRUNO)
    open_characters(page, url)
    check_bad_inputs(page, url, tmp_path)


def test_a_site_update_keeps_characters_stored_before_a_field_was_added(page, url):
    """Stored with this version's format but without a field a later build added (and with a
    field a later build dropped): the character loads, the missing field takes its default."""
    old = {"format": "rules-at-the-table/characters", "version": 1, "parties": [],
           "characters": [{"id": "c-old", "name": "Bruno", "system": "gurps",
                           "fields": {"st": "12", "dx": "13", "ht": "11", "retired_field": "3"}}]}
    page.goto(url)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORE_KEY, json.dumps(old)])
    open_characters(page, url)
    form = editor(page, "gurps")
    form.locator('[data-action="edit-character"]').click()
    wait_settled(form)
    assert form.locator('[name="swimming_skill"]').input_value() == "10"  # the default
    assert form.get_attribute("data-state") == "ready"
    form = open_calculator_page(page, url, "gurps.encumbrance")
    form = pick(page, "gurps.encumbrance", "Bruno")
    assert shown_outputs(form) == expected_for("gurps.encumbrance", "gurps", {"st": "12", "dx": "13", "ht": "11"})
    assert form.locator("[data-figures-for]").inner_text() == "Bruno's figures"  # whose, said beside them
    assert stored(page)["characters"][0]["fields"]["retired_field"] == "3"  # kept, not thrown away


def test_the_shell_attack_takes_at_from_the_character(page, url):
    """Issue 27, item 7: the SHELL attack calculator has the character picker, AT from the
    character (shell.combat's AT on the sheet), not the calculator's default."""
    kess = {"ag": "14", "combat_level": "6", "best_combat_level": "6"}
    open_characters(page, url)
    make_character(page, "shell", "Kess", kess)
    at_value = rulescore.derive("shell", kess)["at_value"]
    assert at_value != CATALOGUE["shell.attack"]["inputs"][0]["default"]
    for calc_id in ("shell.attack", "shell.modifiers"):
        open_calculator_page(page, url, calc_id)
        form = pick(page, calc_id, "Kess")
        assert form.locator('[name="attack_value"]').input_value() == str(at_value), calc_id
        assert shown_outputs(form) == expected_for(calc_id, "shell", kess), calc_id


def test_a_worked_out_field_left_empty_follows_the_others_again(page, url):
    """The Death Ray save follows class, level and race until changed; emptied and left, it
    follows them again (the audit: "received nothing" and no save)."""
    open_characters(page, url)
    form = editor(page, "bfrpg")
    form.locator('[data-action="new-character"]').click()
    form.locator('[name="name"]').fill("Dorn")
    wait_settled(form)
    save = form.locator('[name="death_ray_save"]')
    worked_out = save.input_value()
    assert worked_out == str(rulescore.derive("bfrpg", {}).inputs["death_ray_save"])
    save.fill("5")
    wait_settled(form)
    save.fill("")
    save.press("Tab")  # left empty
    page.wait_for_function("([f, v]) => f.querySelector('[name=death_ray_save]').value === v",
                           arg=[form.element_handle(), worked_out])
    wait_settled(form)
    form.locator('[data-action="save-character"]').click()
    page.wait_for_function("f => f.querySelector('[data-status]').textContent === 'Saved Dorn.'",
                           arg=form.element_handle())
