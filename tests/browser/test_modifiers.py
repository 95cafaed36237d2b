"""The modifier pickers (gurps.modifiers, shell.modifiers, bfrpg.modifiers): chips picked by
tapping them show, on every chip, the odds rulescore gives with that chip picked, and the
total odds equal rulescore.calculate for the inputs the chips set."""

from __future__ import annotations

import pytest

import rulescore
from rulescore.web import respond
from tests.browser.helpers import calculator, expected_outputs, screenshot, settled, shown_outputs, wait_live

CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}

# Chips tapped in order, as (input, value); a yes/no chip's value is "true".
TAPS = {
    "gurps.modifiers": [("roll", "ranged"), ("aim", "3"), ("range_yd", "20"), ("off_hand", "true"),
                        ("shock", "-2"), ("maneuver", "all_out_determined"), ("off_hand", "true")],
    "shell.modifiers": [("attacker_maneuver", "guard"), ("higher", "true"), ("stunned", "true"),
                        ("defender_maneuver", "defend"), ("knocked_down", "true")],
    "bfrpg.modifiers": [("roll", "secret_door"), ("race", "elf"), ("roll", "save"), ("save_bonus", "2")],
}

CHIPS = """form => Object.fromEntries([...form.querySelectorAll('[data-chips-for]')].map(group => [
    group.dataset.chipsFor, Object.fromEntries([...group.querySelectorAll('[data-chip-value]')].map(chip => [
        chip.dataset.chipValue, [chip.querySelector('[data-chip-odds]').textContent,
                                 chip.getAttribute('aria-pressed') === 'true']]))]))"""


def expected_chips(calc_id: str, inputs: dict) -> dict:
    """Each chip's odds text and whether it is picked, from rulescore for these inputs."""
    answer = respond(calc_id, inputs)
    chips = {}
    for spec in CATALOGUE[calc_id]["inputs"]:
        if spec["name"] not in answer["alternatives"]:
            continue
        odds = answer["alternatives"][spec["name"]]
        value = answer["inputs"][spec["name"]]
        if spec["kind"] == "bool":
            chips[spec["name"]] = {"true": [odds["true"]["text"], value is True]}
        else:
            chips[spec["name"]] = {choice: [odds[choice]["text"], choice == value] for choice in spec["choices"]}
    return chips


@pytest.mark.parametrize("calc_id", sorted(TAPS))
def test_chips_show_the_odds_rulescore_gives_and_the_total_follows(live, calc_id):
    calc = CATALOGUE[calc_id]
    page = live.open(calc["page"])
    form = calculator(page, calc_id)
    settled(form)
    assert form.locator("[data-chips-for]").first.is_visible()
    inputs: dict = {}
    for name, value in TAPS[calc_id]:
        spec = next(spec for spec in calc["inputs"] if spec["name"] == name)
        form.locator(f'[data-chips-for="{name}"] [data-chip-value="{value}"]').click()
        if spec["kind"] == "bool":  # a yes/no chip toggles
            inputs[name] = not inputs.get(name, spec["default"])
        else:
            inputs[name] = value
        shown = settled(form)
        # The native control holds what the chips picked (it is what links and storage keep).
        assert shown["values"][name] == (str(inputs[name]).lower() if spec["kind"] == "bool" else value)
        assert shown_outputs(form) == expected_outputs(respond(calc_id, inputs)), (name, value)
        assert form.evaluate(CHIPS) == expected_chips(calc_id, inputs), (name, value)
    # The picked chips survive a reset back to the defaults: every chip then reads as built.
    form.locator('[data-action="reset"]').click()
    settled(form)
    assert form.evaluate(CHIPS) == expected_chips(calc_id, {})


def test_a_chip_that_does_nothing_for_the_roll_says_so(live):
    page = live.open(CATALOGUE["gurps.modifiers"]["page"])
    form = calculator(page, "gurps.modifiers")
    settled(form)  # a melee attack: Aim and range do nothing, the maneuver does
    assert form.locator('[data-chips-for="aim"]').get_attribute("data-no-effect") is not None
    assert form.locator('[data-chips-for="maneuver"]').get_attribute("data-no-effect") is None
    better = form.locator('[data-chips-for="maneuver"] [data-chip-value="all_out_determined"]')
    worse = form.locator('[data-chips-for="maneuver"] [data-chip-value="move_and_attack"]')
    assert (better.get_attribute("data-effect"), worse.get_attribute("data-effect")) == ("better", "worse")


def test_picker_mid_use_at_tablet_size(live):
    page = live.open(CATALOGUE["gurps.modifiers"]["page"], screen="tablet")
    form = calculator(page, "gurps.modifiers")
    settled(form)
    form.locator('[name="skill"]').fill("15")
    for name, value in TAPS["gurps.modifiers"][:3]:
        form.locator(f'[data-chips-for="{name}"] [data-chip-value="{value}"]').click()
        settled(form)
    assert shown_outputs(form)["effective_skill"][0] == 13  # 15 + 4 for Aim − 6 for 20 yd
    width = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert width, "the picker makes the page scroll sideways"
    for chip in form.locator(".rc-chip").all():
        box = chip.bounding_box()
        assert box is None or box["height"] >= 44, "a chip is smaller than a finger"
    # The viewport as a player sees it, the picker's top under the theme's header.
    page.evaluate("f => window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY - 60)",
                  form.element_handle())
    screenshot(page, "modifier-picker-tablet.png")


# Counts what the page asks the engine worker, by calculator (installed before the page's scripts).
COUNT_ASKS = """(() => {
    window.__asked = {};
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
        const id = message && message.id;
        if (typeof id === 'string') window.__asked[id] = (window.__asked[id] || 0) + 1;
        return send.call(this, message, ...rest);
    };
})();"""


def test_inputs_changed_while_the_engine_works_are_asked_for_once_newest_only(page, site_url):
    """Issue 45: a form has one request at a time; what changes meanwhile is asked for once,
    when it answers. Ten quick changes cost two requests, and the result is the last one's."""
    page.add_init_script(COUNT_ASKS)
    calc = CATALOGUE["gurps.modifiers"]
    page.goto(site_url + calc["page"])
    wait_live(page)
    form = calculator(page, "gurps.modifiers")
    settled(form)
    before = page.evaluate("window.__asked['gurps.modifiers']")
    # Ten changes in one task (as a shared link or a burst of typing gives them): the first is
    # asked at once, the other nine wait for its answer and are asked for together.
    skills = [str(skill) for skill in range(5, 15)]
    form.evaluate("""(form, skills) => { const field = form.querySelector('[name="skill"]');
        for (const skill of skills) {
            field.value = skill;
            field.dispatchEvent(new Event('input', { bubbles: true }));
        } }""", skills)
    shown = settled(form)
    assert page.evaluate("window.__asked['gurps.modifiers']") - before == 2
    assert shown["values"]["skill"] == skills[-1]
    assert shown["outputs"] == expected_outputs(respond("gurps.modifiers", {"skill": skills[-1]}))
