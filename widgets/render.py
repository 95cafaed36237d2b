"""Build-time HTML for the two fenced blocks the rules pages use.

```calculator       ```table                    ```example
gurps.jump          gurps.encumbrance_levels    gurps.jump basic_move=6 running_yards=4
```                 ```                         ```

A calculator becomes a real, labelled form whose result area already holds the default
result computed by CPython, so the page is useful before (or without) the browser engine.
The browser's one generic renderer (assets/calculators.js) only fills in what this writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any

from mkdocs.utils import get_relative_url
from pymdownx.superfences import SuperFencesException

import rulescore
import rulescore.dice
from rulescore.core import UNIT_IN_TEXT
from rulescore.notation import number_text
from rulescore.web import respond
from widgets.render_fields import _attrs, _field
from widgets.render_fields import input_text as input_text
from widgets.render_fields import keypad as keypad

_CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}
SYSTEM_NAMES = {"bfrpg": "Basic Fantasy RPG", "gurps": "GURPS Lite", "shell": "SHELL"}


class FenceError(SuperFencesException, ValueError):
    """A fence names something rulescore does not have. Superfences lets only this kind of
    exception through (others quietly turn the block into code), so the build fails on it."""


def fence_id(source: str) -> str:
    """A fence's one line: an id, or for an example an id and its inputs."""
    lines = [line.strip() for line in source.strip().splitlines() if line.strip()]
    if len(lines) != 1:
        raise FenceError(f"a fence holds exactly one id, got {source!r}")
    return lines[0]


def _outputs(calc: dict, answer: dict) -> str:
    rows = []
    for spec in calc["outputs"]:
        shown = answer["outputs"][spec["name"]]
        # A text that names its own units ("2 ft 8 in") gets no unit after it.
        named = spec["unit"] and spec["format"] not in UNIT_IN_TEXT
        unit = f' <span class="rc-unit">{escape(spec["unit"])}</span>' if named else ""
        value = _attrs(data_names_member=spec.get("names_member"), data_output=spec["name"],
                       data_value=rulescore_json(shown["value"]))
        title = f' title="{escape(spec["help"])}"' if spec["help"] else ""
        # An output that does not apply to these inputs (None) is left out of sight; the
        # renderer shows its row again when a result has a value for it.
        hidden = " hidden" if shown["value"] is None else ""
        rows.append(
            f'<div class="rc-output rc-output-{spec["name"]}"{hidden}><dt{title}>{escape(spec["label"])}</dt>'
            f'<dd><span {value}>{escape(shown["text"])}</span>{unit}</dd></div>'
        )
    return "".join(rows)


def _result_line(calc: dict, answer: dict) -> str:
    """The first two results in one line at the top of the inputs: on a phone it stays in sight under
    the site's bar while the inputs are edited (calculators.js keeps it; hidden from screen
    readers, which hear the results region)."""
    shown = [spec for spec in calc["outputs"] if answer["outputs"][spec["name"]]["value"] is not None][:2]
    text = " · ".join(f'{spec["label"]}: {_with_unit(spec, answer["outputs"][spec["name"]]["text"])}' for spec in shown)
    return f'<p class="rc-result-line" data-result-line aria-hidden="true">{escape(text)}</p>'


def _with_unit(spec: dict, text: str) -> str:
    """An output's text as its row reads: the unit after it, unless the text names its own."""
    return f'{text} {spec["unit"]}' if spec["unit"] and spec["format"] not in UNIT_IN_TEXT else text


def rulescore_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def calculator_html(page: PageFences, calc_id: str) -> str:
    if calc_id not in _CATALOGUE:
        raise FenceError(f"no calculator {calc_id!r} in rulescore; known: {', '.join(_CATALOGUE)}")
    calc = _CATALOGUE[calc_id]
    page.calculators.append(calc_id)
    answer = respond(calc_id)  # the default result, computed now by CPython
    title_id = f"{calc_id}-title".replace(".", "-")
    odds = answer.get("alternatives", {})
    fields = "".join(_field(calc_id, spec, odds.get(spec["name"])) for spec in calc["inputs"])
    # data-search-exclude: the search indexes the calculator's title and summary, not its
    # controls, default figures and status lines (they read as gibberish in a result). The
    # theme's indexer ends an excluded element at the first closing tag of the same name, so
    # each excluded element is one that never holds its own kind (fieldset, section, p).
    form = _attrs(id=form_anchor(calc_id), class_="rc-calculator", data_calculator=calc_id, data_state="static",
                  novalidate=True, aria_labelledby=title_id)
    return (
        f"<form {form}>"
        f'<p class="rc-title" id="{title_id}"><strong>{escape(calc["title"])}</strong> '
        f'<span class="rc-summary">{escape(calc["summary"])}</span></p>'
        f"{_character_bar(page, calc)}"
        f'<fieldset class="rc-inputs" data-search-exclude="true">'
        f'<legend class="rc-visually-hidden">Inputs</legend>{_result_line(calc, answer)}{fields}</fieldset>'
        f'<section class="rc-results" data-search-exclude="true">'
        # One sentence per settled result for screen readers (calculators.js), not every keystroke.
        f'<p class="rc-visually-hidden" data-announce aria-live="polite" aria-atomic="true"></p>'
        # Whose figures the results are for (calculators.js keeps it true): on a GM screen's
        # tiles results of different characters stand side by side.
        f'<p class="rc-figures-for" data-figures-for>Default figures</p>'
        f'<dl class="rc-outputs">{_outputs(calc, answer)}</dl>'
        f'<div class="rc-party" data-party-view hidden></div>'
        f'<div class="rc-charts" data-charts>{"".join(answer["charts"])}</div>'
        f'<details class="rc-working"><summary>Show the working</summary><ol data-steps>{_steps(page, answer)}</ol>'
        f"</details></section>"
        f"{_roll_box(calc)}"
        f'<p class="rc-actions" hidden data-search-exclude="true">'
        f'<button type="button" data-action="copy-link">Copy link</button> '
        f'<button type="button" data-action="reset">Reset</button></p>'
        f'<p class="rc-status" data-status role="status" data-search-exclude="true">'
        f"Showing the result for the default inputs. "
        f"The live calculator starts once the page has loaded (it needs JavaScript).</p>"
        f"</form>"
    )


def _roll_box(calc: dict) -> str:
    """Roll here or enter the dice rolled at the table, for a calculator a roll decides
    (rolls.js fills in the faces and shows the outcome and the last rolls)."""
    if not calc["roll"]:
        return ""
    notations = dict(calc["roll_for"]["notations"]) if calc["roll_for"] else {}
    dice_of = {}
    for notation in {calc["roll"], *notations.values()}:
        parsed = rulescore.dice.parse(notation)
        dice_of[notation] = [parsed.number * parsed.times, parsed.sides]
    chooser = ""
    follows = calc["roll_for"]["follows"] if calc["roll_for"] else None
    if calc["roll_for"] and not follows:  # a roll that follows one of the form's own inputs needs no chooser
        spec = calc["roll_for"]["input"]
        chooser_id = f"{calc['id']}-roll-for".replace(".", "-")
        options = "".join(f'<option {_attrs(value=value, selected=value == spec["default"])}>'
                          f'{escape(spec["choice_labels"][value])}</option>' for value in spec["choices"])
        chooser = (f'<label for="{chooser_id}">{escape(spec["label"])}</label> '
                   f'<select id="{chooser_id}" data-roll-for="{escape(spec["name"])}">{options}</select> ')
    box = _attrs(class_="rc-roll", data_roll_box=True, data_roll=calc["roll"], data_roll_dice=json.dumps(dice_of),
                 data_roll_notations=json.dumps(notations) if notations else None, data_roll_follows=follows,
                 hidden=True,
                 data_search_exclude="true")
    return (
        f"<div {box}>"
        f'<p class="rc-roll-controls">{chooser}<button type="button" data-action="roll">Roll</button></p>'
        f'<details class="rc-rolled"><summary>I rolled…</summary><p class="rc-faces" data-faces></p>'
        f'<p><button type="button" data-action="use-faces">Use these dice</button></p></details>'
        f'<p class="rc-roll-outcome" data-roll-outcome aria-live="polite" hidden></p>'
        f'<details class="rc-roll-history"><summary>Last rolls</summary><ol data-roll-history></ol>'
        f'<p><button type="button" data-action="share-rolls">Share as a link</button> '
        f'<button type="button" data-action="clear-rolls">Clear</button></p>'
        f'<p class="rc-roll-share" data-roll-share hidden></p></details>'
        f"</div>"
    )


def _character_bar(page: PageFences, calc: dict) -> str:
    """The character picker of a calculator that a character's figures feed (characters.js
    fills and shows it): that system's characters and parties, or none."""
    if not any(spec["character"] for spec in calc["inputs"]):
        return ""
    picker_id = f"{calc['id']}-character".replace(".", "-")
    system = calc["id"].split(".")[0]
    editor = page.rule_href(f"characters/#character-{system}")
    return (
        f'<p class="rc-character" data-character-bar hidden data-search-exclude="true">'
        f'<label for="{picker_id}">Character</label> '
        f'<select id="{picker_id}" data-character-picker data-system="{escape(system)}">'
        f'<option value="">none</option></select> '
        f'<button type="button" data-action="save-to-character" hidden></button> '
        f'<a class="rc-character-link" href="{escape(editor)}">Characters</a>'
        f'<span class="rc-character-note" data-character-note></span></p>'
    )


def example_html(page: PageFences, source: str) -> str:
    """A worked example: ``id name=value ...``, its working written out by rulescore."""
    calc_id, *assignments = source.split()
    if calc_id not in _CATALOGUE:
        raise FenceError(f"example names no calculator: {calc_id!r}")
    inputs = dict(assignment.split("=", 1) for assignment in assignments)
    answer = respond(calc_id, inputs)
    if not answer["ok"]:
        raise FenceError(f"example {source!r}: {answer['message']}")
    specs = {spec["name"]: spec for spec in _CATALOGUE[calc_id]["inputs"]}
    given = ", ".join(_given(specs[name], value) for name, value in answer["inputs"].items())
    return (
        f'<div class="rc-example" data-example="{escape(calc_id)}"><p><strong>Worked example</strong> '
        f"({escape(given)}):</p><ol>{_steps(page, answer)}</ol></div>"
    )


def _given(spec: dict, value) -> str:
    """One input of a worked example as a reader says it: "Type of climb: stone wall"."""
    if spec["kind"] == "choice":
        return f"{spec['label']}: {spec['choice_labels'][value]}"
    if spec["kind"] == "bool":
        return f"{spec['label']}: {'yes' if value else 'no'}"
    unit = f" {spec['unit']}" if spec["unit"] else ""
    return f"{spec['label']} {number_text(value)}{unit}"


class PageFences:
    """One page's fences as the hook renders them: the page's URL (rule links are made
    relative to it), the calculators placed so far in page order (the hook lists them under
    the title) and the element ids already used. The hook makes one per page and hands its
    ``custom_fences()`` to superfences, so no state outlives the page."""

    def __init__(self, url: str):
        self.url = url
        self.calculators: list[str] = []
        self.ids: set[str] = set()

    def unique_id(self, base: str) -> str:
        """An id not yet used by a fence on this page (a table may appear twice)."""
        candidate, n = base, 1
        while candidate in self.ids:
            n += 1
            candidate = f"{base}-{n}"
        self.ids.add(candidate)
        return candidate

    def rule_href(self, link: str) -> str:
        """A site-relative rule link ("gurps/encumbrance/#basic-lift") as an href from this page."""
        path, _, anchor = link.partition("#")
        if path == self.url:
            return f"#{anchor}"
        return get_relative_url(path or ".", self.url or ".") + (f"#{anchor}" if anchor else "")

    def custom_fences(self) -> list[dict[str, Any]]:
        """pymdownx.superfences' custom_fences, each formatter bound to this page."""
        def formatter(render: Callable[[PageFences, str], str]) -> Callable[..., str]:
            # superfences calls formatter(source, language, css_class, options, md, **kwargs)
            return lambda source, *args, **kwargs: render(self, fence_id(source))

        return [{"name": name, "class": name, "format": formatter(render)} for name, render in fences()]


def _steps(page: PageFences, answer: dict[str, Any]) -> str:
    items = []
    for text, link in zip(answer["steps"], answer["rules"], strict=True):
        rule = f' <a class="rc-rule" href="{escape(page.rule_href(link))}">§ rule</a>' if link else ""
        items.append(f'<li><span class="rc-step">{escape(text)}</span>{rule}</li>')
    return "".join(items)


def form_anchor(calc_id: str) -> str:
    return "calc-" + calc_id.replace(".", "-")


def calculators_strip(calc_ids: list[str]) -> str:
    """The "Calculators on this page" strip the hook puts under a page's title."""
    links = "".join(
        f'<li><a href="#{form_anchor(calc_id)}">{escape(_CATALOGUE[calc_id]["title"])}</a></li>' for calc_id in calc_ids
    )
    heading = "Calculator on this page" if len(calc_ids) == 1 else "Calculators on this page"
    # "Calculators only" (screen.js, which shows it) folds the prose away and lays the page's
    # calculators out as the GM screen's tiles.
    only = ('<p class="rc-only-toggle"><button type="button" data-action="calculator-only" aria-pressed="false" '
            'hidden>Calculators only</button></p>')
    return (
        f'<nav class="rc-on-this-page" aria-label="{heading}" data-search-exclude="true">'
        f'<p class="rc-on-this-page-title">{heading}</p><ul>{links}</ul>{only}</nav>'
    )


def calculator_list_html(page: PageFences, which: str) -> str:
    """Every calculator, grouped by system, each linking to the form on its rules page."""
    if which != "all":
        raise FenceError("a calculators fence holds the single word: all")
    systems: dict[str, list[dict]] = {}
    for calc in _CATALOGUE.values():
        systems.setdefault(calc["system"], []).append(calc)
    groups = []
    for system, calcs in systems.items():
        items = "".join(
            f'<li data-filter-text="{escape(" ".join((system, c["title"], c["summary"], c["id"])).lower())}">'
            f'<a href="{escape(page.rule_href(c["page"] + "#" + form_anchor(c["id"])))}">{escape(c["title"])}</a>'
            f' <span class="rc-summary">{escape(c["summary"])}</span></li>'
            for c in calcs
        )
        groups.append(f'<section class="rc-calculator-group"><h2>{escape(system)}</h2><ul>{items}</ul></section>')
    return (
        '<p class="rc-filter" hidden data-search-exclude="true"><label for="calculator-filter">Filter</label> '
        '<input type="search" id="calculator-filter" data-calculator-filter autocomplete="off" '
        'placeholder="jump, encumbrance, damage…"> <span data-filter-count role="status"></span></p>'
        f'<div class="rc-calculator-list">{"".join(groups)}</div>'
    )


def screen_html(page: PageFences, system: str) -> str:
    """A system's GM screen: every calculator of the system as a tile (its title, its first
    results and a "§" link to the rules it sits beside), each the full live form, which
    screen.js opens in a panel; a strip for the open session's summary. No rules prose."""
    if system not in SYSTEM_NAMES:
        raise FenceError(f"a screen fence holds a system id, one of {', '.join(SYSTEM_NAMES)}; got {system!r}")
    tiles = []
    for calc in _CATALOGUE.values():
        if calc["id"].split(".")[0] != system:
            continue
        rules = page.rule_href(f"{calc['page']}#{form_anchor(calc['id'])}")
        # The button opens the tile (shown by screen.js: without scripts the tile is the
        # static form's first results and its link to the rules page, where it is whole).
        tiles.append(
            f'<section class="rc-tile" data-screen-tile="{escape(calc["id"])}">'
            f'<p class="rc-tile-head" data-search-exclude="true">'
            f'<button type="button" class="rc-tile-open" data-action="open-tile" aria-expanded="false" '
            f'aria-controls="{form_anchor(calc["id"])}" hidden>{escape(calc["title"])}</button>'
            f'<a class="rc-tile-rule" href="{escape(rules)}" title="The rules: {escape(calc["title"])}" '
            f'aria-label="{escape(calc["title"])}: the rules">§</a>'
            f'<button type="button" class="rc-tile-close" data-action="close-tile" aria-label="Close" hidden>×</button>'
            f"</p>{calculator_html(page, calc['id'])}</section>"
        )
    links = (f'<a href="{escape(page.rule_href(f"{system}/"))}">The rules</a> '
             f'<a href="{escape(page.rule_href("session/"))}">Session</a>')
    return (
        f'<div class="rc-screen" data-screen="{escape(system)}">'
        f'<p class="rc-screen-links" data-search-exclude="true">{links}</p>'
        f'<div class="rc-screen-session" data-screen-session hidden data-search-exclude="true"></div>'
        f'<div class="rc-screen-grid">{"".join(tiles)}</div></div>'
    )


def table_html(page: PageFences, table_id: str) -> str:
    try:
        data = rulescore.table(table_id)
    except rulescore.RulesInputError as error:
        raise FenceError(error.message) from None
    # Cells are separated by line breaks so the search index reads "Level Encumbrance",
    # not "LevelEncumbrance".
    head = "\n".join(f"<th>{escape(str(column))}</th>" for column in data["columns"])
    body = "\n".join(
        "<tr>" + "\n".join(f"<td>{escape(number_text(cell))}</td>" for cell in row) + "</tr>" for row in data["rows"]
    )
    note = f'<p class="rc-table-note">{escape(data["note"])}</p>' if data["note"] else ""
    caption_id = page.unique_id("table-" + table_id.replace(".", "-"))
    # The table has a class, so mkdocs-material leaves it alone: the theme would otherwise
    # wrap it in its own scroller once its script runs (moving it about while the page
    # loads). It scrolls sideways in its own region; calculators.js shows the cue below
    # it when the columns do not fit.
    return (
        f'<div class="rc-table" data-table="{escape(table_id)}">'
        f'<div class="rc-scroll" data-scroll tabindex="0" role="region" aria-labelledby="{caption_id}">'
        f'<table class="rc-grid"><caption id="{caption_id}">{escape(data["title"])}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        f'<p class="rc-scroll-cue" data-scroll-cue hidden>More columns: scroll the table sideways →</p>'
        f"{note}</div>"
    )


def fences() -> tuple[tuple[str, Callable[[PageFences, str], str]], ...]:
    """Fence name -> what renders it; example fences keep their whole text (id and inputs)."""
    from widgets import render_tools  # the Characters and Session pages' fences; it builds on this module

    return (
        ("calculator", calculator_html),
        ("table", table_html),
        ("example", example_html),
        ("calculators", calculator_list_html),
        ("character-editor", render_tools.character_editor_html),
        ("character-library", render_tools.character_library_html),
        ("session", render_tools.session_html),
        ("screen", screen_html),
    )
