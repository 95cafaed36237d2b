"""What players met on phones and tablets: results shown before the engine had computed
them, an engine start with no end, an empty field flagged as an error, decimal commas and
minus keys, outputs that do not apply, printing, search results, the back-to-top button
and wide tables."""

from __future__ import annotations

import re

import pytest

import rulescore
from rulescore.core import MINUS
from rulescore.web import respond
from tests.browser.helpers import (
    calculator,
    expected_outputs,
    set_input,
    shown_outputs,
    theme_search,
    theme_settled,
    wait_for_python,
    wait_live,
    wait_settled,
)
from widgets.mkdocs_hook import THEME_SEARCH_FILE

CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}
SPECS = {calc_id: {spec["name"]: spec for spec in calc["inputs"]} for calc_id, calc in CATALOGUE.items()}
IS_PENDING_HIDDEN = """form => [...form.querySelectorAll('.rc-output:not([hidden]) dd')].every(dd =>
    getComputedStyle(dd, '::before').content.includes('working')
    && [...dd.children].every(child => getComputedStyle(child).visibility === 'hidden'))"""


@pytest.mark.fresh_device
def test_shared_inputs_show_as_pending_until_the_engine_has_computed_them(page, site_url):
    """A link's inputs sit beside the build's default result until the engine is up: that
    result must not pass for theirs. Inputs equal to the defaults keep the static result."""
    held = []
    page.route("**/pyodide/pyodide.asm.wasm*", lambda route: held.append(route))
    melee, defense, ranged = "gurps.melee_attack", "gurps.defense", "gurps.range_modifier"
    link = {"skill": "15", "other_modifier": "-2"}
    defaults = {name: str(spec["default"]).lower() for name, spec in SPECS[defense].items()}
    query = ("?" + melee + "=" + ",".join(f"{k}:{v}" for k, v in link.items())
             + "&" + defense + "=" + ",".join(f"{k}:{v}" for k, v in defaults.items()))
    page.goto(site_url + CATALOGUE[melee]["page"] + query)
    page.wait_for_function("() => [...document.querySelectorAll('form[data-calculator]')]"
                           ".every(f => f.dataset.state === 'loading')")
    form, same, untouched = calculator(page, melee), calculator(page, defense), calculator(page, ranged)
    assert form.locator('[name="skill"]').input_value() == "15"
    assert form.get_attribute("data-pending") == "engine"
    assert form.evaluate(IS_PENDING_HIDDEN), "the defaults' figures must not show beside the link's inputs"
    assert not form.locator(".rc-charts").is_visible() and not form.locator(".rc-working").is_visible()
    assert "follows" in form.locator("[data-status]").text_content()
    # Inputs that equal the defaults: the build's result is theirs, and stays on show.
    for quiet in (same, untouched):
        assert quiet.get_attribute("data-pending") is None
        assert quiet.locator("[data-output]").first.is_visible()
    wait_for_python(page, lambda: held, "the engine to ask for its runtime (held back)")
    for route in held:
        route.continue_()
    wait_live(page)
    wait_settled(form)
    assert form.get_attribute("data-pending") is None and form.get_attribute("data-state") == "ready"
    assert not form.evaluate(IS_PENDING_HIDDEN)
    assert form.locator("[data-output]").first.is_visible()
    assert shown_outputs(form) == expected_outputs(respond(melee, link))


@pytest.mark.fresh_device
def test_an_engine_that_never_answers_fails_at_its_deadline_and_try_again_works(page, site_url):
    page.add_init_script("window.rulesEngineDeadlineMs = 2000;")
    held = []
    page.route("**/pyodide/pyodide.asm.wasm*", lambda route: held.append(route))  # never answered
    calc = CATALOGUE["gurps.jump"]
    page.goto(site_url + calc["page"])
    form = calculator(page, calc["id"])
    failed = "() => document.querySelector('form[data-calculator]').dataset.state === 'error'"
    page.wait_for_function(failed, timeout=30_000)  # well short of the 60 s default deadline
    status = form.locator("[data-status]").text_content()
    assert form.get_attribute("data-error") == "engine" and form.get_attribute("aria-busy") is None
    assert "could not start" in status and "2 seconds" in status and "Starting" not in status
    assert shown_outputs(form) == expected_outputs(respond(calc["id"]))
    # The first worker did ask for the runtime and is still waiting (its request is held).
    wait_for_python(page, lambda: held, "the first worker to ask for its runtime")
    retry = form.locator("[data-retry]")
    assert retry.count() == 1 and retry.is_visible()
    page.unroute("**/pyodide/pyodide.asm.wasm*")
    page.evaluate("window.rulesEngineDeadlineMs = 60000")  # a real start takes longer than 2 s
    retry.click()
    wait_live(page)
    assert form.get_attribute("data-state") == "ready" and form.get_attribute("data-error") is None
    set_input(form, SPECS[calc["id"]]["basic_move"], "7")
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond(calc["id"], {"basic_move": "7"}))


def test_an_empty_field_while_typing_is_pending_and_a_decimal_comma_is_read(live):
    calc_id = "gurps.encumbrance"
    page = live.open(CATALOGUE[calc_id]["page"])
    form = calculator(page, calc_id)
    wait_settled(form)
    good = shown_outputs(form)
    load = form.locator('[name="load_lb"]')
    load.fill("")  # cleared to type a new load
    wait_settled(form)
    assert form.get_attribute("data-state") == "ready" and form.get_attribute("data-error") is None
    assert form.get_attribute("data-pending") == "input" and "rc-stale" in form.get_attribute("class")
    assert not form.locator('[data-error-for="load_lb"]').is_visible()
    assert load.get_attribute("aria-invalid") is None
    assert form.locator('[data-needed-for="load_lb"]').is_visible()
    status = form.locator("[data-status]").text_content()
    assert "Load carried" in status and "load_lb" not in status and "received" not in status
    assert shown_outputs(form) == good  # the last result stays, greyed
    form.locator('[data-action="copy-link"]').click()  # writes the link at once
    assert "gurps.encumbrance=" in page.url and "load_lb:" not in page.url  # not shared or remembered
    # Typed key by key with a decimal comma, as a German or French keypad gives it.
    load.press_sequentially("5,75")
    wait_settled(form)
    assert load.input_value() == "5,75"
    assert form.get_attribute("data-state") == "ready" and form.get_attribute("data-pending") is None
    assert not form.locator('[data-needed-for="load_lb"]').is_visible()
    assert shown_outputs(form) == expected_outputs(respond(calc_id, {"load_lb": "5.75"}))
    assert "rc-stale" not in form.get_attribute("class")
    # A stepper keeps the reader's comma; an error names the field by its label only.
    speed = form.locator('[name="basic_speed"]')
    speed.fill("5,25")
    wait_settled(form)
    speed.locator("xpath=following-sibling::button").click()
    wait_settled(form)
    assert speed.input_value() == "5,5"
    assert shown_outputs(form) == expected_outputs(respond(calc_id, {"load_lb": "5.75", "basic_speed": "5.5"}))
    form.locator('[name="st"]').fill("abc")
    wait_settled(form)
    message = form.locator('[data-error-for="st"]').text_content()
    assert form.get_attribute("data-error") == "input" and message.startswith("ST: ")
    assert message == respond(calc_id, {"st": "abc"})["message"]
    modes = {name: form.locator(f'[name="{name}"]').get_attribute("inputmode") for name in ("st", "basic_speed")}
    assert modes == {"st": "numeric", "basic_speed": "decimal"}


def test_a_field_that_allows_negatives_has_a_minus_key_and_shows_one_minus_sign(live):
    calc_id = "gurps.success_roll"
    page = live.open(CATALOGUE[calc_id]["page"])
    form = calculator(page, calc_id)
    field = form.locator('[name="effective_skill"]')
    # iPhone and iPad number pads have no minus key: this field gets the full keyboard.
    assert field.get_attribute("inputmode") == "text" and field.get_attribute("type") == "text"
    assert f"{MINUS}10 to 30" in form.locator(".rc-hint").first.text_content()
    field.fill("0")
    wait_settled(form)
    field.locator("xpath=preceding-sibling::button").click()
    wait_settled(form)
    assert field.input_value() == f"{MINUS}1"
    assert shown_outputs(form) == expected_outputs(respond(calc_id, {"effective_skill": "-1"}))
    field.fill("-3")  # a hyphen typed on a keyboard is read the same
    wait_settled(form)
    assert shown_outputs(form) == expected_outputs(respond(calc_id, {"effective_skill": "-3"}))
    shown = " ".join(form.locator("[data-output], .rc-hint, [data-error-for]").all_text_contents())
    assert MINUS in shown and not re.search(r"(?<![A-Za-z0-9])-\d", shown), "numbers show U+2212, not a hyphen"


def _calculator_with_an_output_that_comes_and_goes():
    """(id, bool input) whose toggle makes some output go from not applying (None) to a value."""
    for calc_id, specs in SPECS.items():
        for name, spec in specs.items():
            if spec["kind"] != "bool":
                continue
            off = respond(calc_id, {name: "false"})
            on = respond(calc_id, {name: "true"})
            applies = [{o: shown["value"] is not None for o, shown in answer["outputs"].items()}
                       for answer in (off, on) if answer["ok"]]
            if len(applies) == 2 and applies[0] != applies[1]:
                return calc_id, name
    raise AssertionError("no calculator has an output that applies only for some inputs")


def test_outputs_that_do_not_apply_are_hidden_and_come_back(live):
    """(The build hides them too: test_static_result_is_there_without_javascript.)"""
    calc_id, switch = _calculator_with_an_output_that_comes_and_goes()
    page = live.open(CATALOGUE[calc_id]["page"])
    form = calculator(page, calc_id)

    def rows_match(answer):
        for name, shown in answer["outputs"].items():
            row = form.locator(f'[data-output="{name}"]').locator("xpath=ancestor::div[contains(@class,'rc-output')]")
            assert row.is_visible() == (shown["value"] is not None), (name, shown)
        assert shown_outputs(form) == expected_outputs(answer)

    default = str(SPECS[calc_id][switch]["default"]).lower()
    rows_match(respond(calc_id))
    for value in ("true" if default == "false" else "false", default):
        set_input(form, SPECS[calc_id][switch], value)
        wait_settled(form)
        rows_match(respond(calc_id, {switch: value}))


def test_printing_shows_each_calculators_inputs_results_and_working_without_controls(live):
    calc_id = "gurps.jump"
    page = live.open(CATALOGUE[calc_id]["page"] + "?gurps.jump=basic_move:7,running_yards:3")
    form = calculator(page, calc_id)
    wait_settled(form)
    answer = respond(calc_id, {"basic_move": "7", "running_yards": "3"})
    page.emulate_media(media="print")
    steps = form.locator("[data-steps] li .rc-step")
    assert steps.count() == len(answer["steps"]) and all(steps.nth(i).is_visible() for i in range(steps.count()))
    assert steps.all_text_contents() == answer["steps"]
    assert all(form.locator(f'[data-output="{name}"]').is_visible() for name in answer["outputs"])
    for name, value in (("basic_move", "7"), ("running_yards", "3")):
        field = form.locator(f'[name="{name}"]')
        assert field.is_visible() and field.input_value() == value
        assert field.evaluate("f => getComputedStyle(f).borderTopStyle") == "none"  # printed as text
    hidden = [".rc-stepper", "[data-action]", "[data-status]", ".rc-working > summary", ".rc-hint",
              ".rc-on-this-page", ".md-header", ".md-sidebar", ".md-top"]
    for selector in hidden:
        shown = page.locator(selector)
        assert not any(shown.nth(i).is_visible() for i in range(shown.count())), selector
    page.emulate_media(media="screen")
    assert not steps.first.is_visible()  # folded again on screen
    assert form.locator(".rc-stepper").first.is_visible()


def test_search_names_the_game_and_leaves_out_calculator_controls(live):
    page = live.open(CATALOGUE["gurps.encumbrance"]["page"])
    assert page.title() == "Encumbrance and Move · GURPS Lite · Rules at the Table"
    theme_settled(page)  # the theme closes the search just after a page change
    theme_search(page, "encumbrance")
    titles = page.locator(".md-search-result__article h1").all_text_contents()
    assert "Encumbrance and Move · GURPS Lite" in titles and "Encumbrance · SHELL" in titles, titles
    texts = " ".join(page.locator(".md-search-result__list").all_text_contents())
    for control in ("Starting the live calculator", "Copy link", "Calculators on this page", "Enter a value"):
        assert control not in texts, control
    page.keyboard.press("Escape")  # the search closed again for the next reader of this page


# Whether the theme's own search worker (the one that builds the index) has been loaded into the
# page's search worker (widgets/search-on-demand.js).
THEME_SEARCH_LOADED = f"""() => performance.getEntriesByType('resource')
    .some(entry => /workers\\/{THEME_SEARCH_FILE}$/.test(entry.name))"""


def test_the_search_index_is_built_when_a_reader_first_searches(page, site_url):
    page.goto(site_url + "gurps/jumping/")
    wait_live(page)
    # The theme starts the search worker: on a calculator page, after the engine's first answers.
    def searching():
        return [w for w in page.workers if w.url.endswith("/search-on-demand.js")]

    wait_for_python(page, searching, "the theme's search worker", timeout=10)
    (worker,) = searching()
    assert worker.evaluate(THEME_SEARCH_LOADED) is False  # a page read without searching builds nothing
    theme_search(page, "jump")
    assert "Jumping · GURPS Lite" in page.locator(".md-search-result__article h1").all_text_contents()
    assert page.locator("input.md-search__input").input_value() == "jump"
    assert worker.evaluate(THEME_SEARCH_LOADED) is True


SCROLLED_TO = """y => new Promise(done => {
    const to = Math.max(0, Math.min(y, document.documentElement.scrollHeight - window.innerHeight));
    if (Math.abs(window.scrollY - to) < 1) return done();  // no scroll, no event
    window.addEventListener('scroll', () => done(), { once: true });
    window.scrollTo(0, y);
})"""


def test_the_back_to_top_button_stands_aside_over_a_calculator(live):
    page = live.open(CATALOGUE["gurps.encumbrance"]["page"], screen="phone")
    top = page.locator(".md-top")

    def scroll_up_to(y):  # the theme shows its button when the reader scrolls back up
        for to in (y + 300, y):  # two scrolls the theme sees one after the other (one event each)
            page.evaluate(SCROLLED_TO, to)
        page.wait_for_function("() => !document.querySelector('.md-top').hidden")

    form_y = page.evaluate("() => document.querySelector('form[data-calculator]').getBoundingClientRect().top"
                           " + window.scrollY")
    scroll_up_to(form_y + 150)  # the form's fields and steppers under the button
    page.wait_for_function("() => document.querySelector('.md-top').classList.contains('rc-top-aside')")
    assert not top.is_visible()
    covered = page.evaluate("""() => [...document.querySelectorAll('form[data-calculator] .rc-stepper, '
            + 'form[data-calculator] input')].filter(el => {
                const r = el.getBoundingClientRect();
                if (r.bottom < 0 || r.top > innerHeight) return false;
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return hit && hit.closest('.md-top');
            }).length""")
    assert covered == 0
    # Over plain text, the button is there as the theme intends.
    text_y = page.evaluate("""() => {
        const forms = [...document.querySelectorAll('form[data-calculator]')].map(f => {
            const r = f.getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY]; });
        for (let y = 600; y < document.body.scrollHeight - 2 * innerHeight; y += 50) {
            if (forms.every(([top, bottom]) => bottom < y - 50 || top > y + 250)) return y;
        }
        return null;
    }""")
    assert text_y is not None
    scroll_up_to(text_y)
    page.wait_for_function("() => !document.querySelector('.md-top').classList.contains('rc-top-aside')")
    assert top.is_visible()


def test_wide_tables_scroll_in_place_with_a_cue_and_do_not_move_while_loading(live):
    path = "bfrpg/dungeon/"  # several tables, some wider than a phone
    where = """() => [...document.querySelectorAll('.rc-table')].map(t => {
        const table = t.querySelector('table').getBoundingClientRect();
        return [Math.round(table.left), t.scrollWidth - t.clientWidth];
    })"""
    # Per run: [each table's left, and how far the box around it scrolls], without and with scripts.
    layouts = {False: live.load(path, screen="nojs-phone").evaluate(where)}
    page = live.open(path, screen="phone")
    layouts[True] = page.evaluate(where)
    assert page.locator(".rc-table .md-typeset__scrollwrap").count() == 0  # the theme left them alone
    wide = page.locator(".rc-table:has([data-scroll][data-overflow=true])")
    narrow = page.locator(".rc-table:has([data-scroll][data-overflow=false])")
    assert wide.count() and narrow.count()
    assert wide.first.locator("[data-scroll]").evaluate("s => s.scrollWidth > s.clientWidth")
    assert wide.first.locator("[data-scroll-cue]").is_visible()
    assert "sideways" in wide.first.locator("[data-scroll-cue]").text_content()
    assert not narrow.first.locator("[data-scroll-cue]").is_visible()
    table_id = wide.first.get_attribute("data-table")
    cue = f"document.querySelector('[data-table=\"{table_id}\"] [data-scroll-cue]').hidden"
    page.set_viewport_size({"width": 1280, "height": 900})  # it fits: the cue goes
    page.wait_for_function(f"() => {cue}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(f"() => !{cue}")
    # The same place with and without the scripts, and the box around a table never scrolls
    # (the theme's wrapper inside it once let it slide 16 px).
    assert layouts[True] and layouts[True] == layouts[False]
    assert all(extra == 0 for _, extra in layouts[True])
