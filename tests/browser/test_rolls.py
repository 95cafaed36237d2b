"""Rolling for the calculators a roll decides: "Roll" and "I rolled…" on three calculators per
game system give the outcome rulescore.resolve gives for those faces; the last rolls stay on
the device, can be shared as a link and cleared; a bad face is refused by name."""

from __future__ import annotations

import json

import pytest

import rulescore
from tests.browser.helpers import calculator, kept_meta, wait_for_python

CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}
ROLLED = ["gurps.success_roll", "gurps.defense", "gurps.quick_contest", "bfrpg.chances", "bfrpg.overland",
          "bfrpg.travel", "shell.skill_roll", "shell.contest", "shell.attack", "gurps.modifiers", "shell.modifiers",
          "bfrpg.attack", "bfrpg.modifiers"]


def outcome(form) -> dict:
    box = form.locator("[data-roll-outcome]")
    return {"dice": json.loads(box.get_attribute("data-dice")), "outcome": box.get_attribute("data-outcome"),
            "total": int(box.get_attribute("data-total")), "margin": int(box.get_attribute("data-margin"))}


def expected(calc_id: str, extra: dict, faces: list[int]) -> dict:
    result = rulescore.resolve(calc_id, extra, dice=faces)
    return {"dice": result["dice"], "outcome": result["outcome"], "total": result["total"], "margin": result["margin"]}


def wait_outcome(form):
    form.page.wait_for_function("f => { const o = f.querySelector('[data-roll-outcome]');"
                                " return !o.hidden && Boolean(o.dataset.dice); }", arg=form.element_handle())


@pytest.mark.parametrize("calc_id", ROLLED)
def test_roll_here_and_roll_at_the_table_give_what_resolve_gives(live, calc_id):
    calc = CATALOGUE[calc_id]
    page = live.open(calc["page"])
    form = calculator(page, calc_id)
    extra = {}
    if calc["roll_for"] and calc["roll_for"]["follows"]:  # the die follows the form's own input: its last value
        spec = calc["roll_for"]["input"]
        last = spec["choices"][-1]
        extra = {spec["name"]: last}  # for resolve; the form sends it as one of its inputs
        form.locator(f'[data-chips-for="{spec["name"]}"] [data-chip-value="{last}"]').click()
        form.locator('[data-action="roll"]', has_text=f'Roll {calc["roll_for"]["notations"][last]}').wait_for()
    elif calc["roll_for"]:  # the last of the rolls it offers, to try the chooser
        spec = calc["roll_for"]["input"]
        extra = {spec["name"]: spec["choices"][-1]}
        form.locator("[data-roll-for]").select_option(spec["choices"][-1])
        if _refused(calc_id, extra):
            extra = {spec["name"]: spec["default"]}
            form.locator("[data-roll-for]").select_option(spec["default"])
    form.locator('[data-action="roll"]').click()
    wait_outcome(form)
    rolled = outcome(form)
    assert rolled == expected(calc_id, extra, rolled["dice"])
    form.locator(".rc-rolled summary").click()
    faces = form.locator("[data-face]")
    sides = int(faces.first.get_attribute("data-sides"))
    mine = [(3 * i + 2) % sides + 1 for i in range(faces.count())]
    for i, face in enumerate(mine):
        faces.nth(i).fill(str(face))
    form.locator('[data-action="use-faces"]').click()
    page.wait_for_function("([f, dice]) => f.querySelector('[data-roll-outcome]').dataset.dice === dice",
                           arg=[form.element_handle(), json.dumps(mine).replace(" ", "")])
    assert outcome(form) == expected(calc_id, extra, mine)
    wait_for_python(page, lambda: (kept_meta(page, "rolls") or [{}])[0].get("dice") == mine, "the roll to be kept")
    history = kept_meta(page, "rolls")
    assert [r["dice"] for r in history[:2]] == [mine, rolled["dice"]] and history[0]["own"] is True


def _refused(calc_id: str, extra: dict) -> bool:
    try:
        rulescore.resolve(calc_id, extra)
    except rulescore.RulesInputError:
        return True
    return False


def test_a_bad_face_is_refused_and_the_history_shares_and_clears(live):
    page = live.open("gurps/success-rolls/")
    form = calculator(page, "gurps.success_roll")
    form.locator(".rc-rolled summary").click()
    for i, face in enumerate(["4", "7", "x"]):
        form.locator("[data-face]").nth(i).fill(face)
    form.locator('[data-action="use-faces"]').click()
    assert "whole number from 1 to 6" in form.locator("[data-roll-outcome]").inner_text()
    assert not kept_meta(page, "rolls")
    for _ in range(3):
        form.locator('[data-action="roll"]').click()
    wait_for_python(page, lambda: len(kept_meta(page, "rolls") or []) == 3, "three rolls to be kept")
    form.locator(".rc-roll-history summary").click()
    assert form.locator("[data-roll-history] li").count() == 3
    form.locator('[data-action="share-rolls"]').click()
    link = form.locator("[data-roll-share-link]").input_value()
    assert "#rolls=" in link
    form.locator('[data-action="clear-rolls"]').click()
    page.wait_for_function("f => !f.querySelector('[data-roll-history] li')", arg=form.element_handle())
    wait_for_python(page, lambda: kept_meta(page, "rolls") == [], "the history to be cleared on the device")
    shared = page.context.new_page()
    try:
        shared.goto(link)
        shared.wait_for_selector("[data-roll-history] li")
        # the heading line and the three rolls
        assert shared.locator("[data-roll-history]").first.locator("li").count() == 4
        broken = shared.context.new_page()
        broken.goto(link[:-3] + "xyz")
        broken.wait_for_selector("[data-roll-history] li")
        assert "damaged" in broken.locator("[data-roll-history]").first.inner_text()
        broken.close()
    finally:
        shared.close()
