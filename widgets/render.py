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
from html import escape

from mkdocs.utils import get_relative_url
from pymdownx.superfences import SuperFencesException

import rulescore
from rulescore.core import number_text
from rulescore.web import respond

_CATALOGUE = {calc["id"]: calc for calc in rulescore.catalogue()}


class FenceError(SuperFencesException, ValueError):
    """A fence names something rulescore does not have. Superfences lets only this kind of
    exception through (others quietly turn the block into code), so the build fails on it."""


def fence_id(source: str) -> str:
    lines = [line.strip() for line in source.strip().splitlines() if line.strip()]
    if len(lines) != 1:
        raise FenceError(f"a fence holds exactly one id, got {source!r}")
    return lines[0]


def _attrs(**values) -> str:
    """HTML attributes from keywords; ``data_x`` -> ``data-x``; None and False are left out."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def _field(calc_id: str, spec: dict) -> str:
    dom_id = f"{calc_id}-{spec['name']}".replace(".", "-")
    hint_id, error_id = f"{dom_id}-hint", f"{dom_id}-error"
    unit = f' <span class="rc-unit">{escape(spec["unit"])}</span>' if spec["unit"] else ""
    label = f'<label for="{dom_id}">{escape(spec["label"])}{unit}</label>'
    hint_parts = [spec["help"]] if spec["help"] else []
    if spec["derived"]:
        hint_parts.append(f"follows {spec['derived']} until you change it")
    kind = spec["kind"]
    common = dict(id=dom_id, name=spec["name"], aria_describedby=f"{hint_id} {error_id}")
    if kind == "choice":
        options = "".join(
            f'<option {_attrs(value=value, selected=value == spec["default"])}>'
            f'{escape(spec["choice_labels"][value])}</option>'
            for value in spec["choices"]
        )
        control = f"<select {_attrs(**common)}>{options}</select>"
    elif kind == "bool":
        control = f'<input {_attrs(type="checkbox", value="true", checked=bool(spec["default"]), **common)}>'
    else:
        # Text, not type=number: the field must pass on exactly what was typed ("abc",
        # "1e400") so rulescore can say what is wrong; inputmode still brings up a keypad.
        whole = kind == "int" and (spec["min"] is None or spec["min"] >= 0)
        field = _attrs(type="text", inputmode="numeric" if whole else "decimal", autocomplete="off",
                       spellcheck="false", value=spec["default"], data_derived=bool(spec["derived"]),
                       data_step=spec["step"] or 1, data_min=spec["min"], data_max=spec["max"], **common)
        # Steppers need JavaScript, so they stay hidden until the renderer shows them.
        control = (
            f'<span class="rc-number"><button type="button" class="rc-stepper" data-stepper="-1" hidden '
            f'aria-label="Decrease {escape(spec["label"])}">−</button><input {field}>'
            f'<button type="button" class="rc-stepper" data-stepper="1" hidden '
            f'aria-label="Increase {escape(spec["label"])}">+</button></span>'
        )
        hint_parts.append(_allowed(spec))
    hint = f'<span class="rc-hint" id="{hint_id}">{escape("; ".join(hint_parts))}</span>'
    error = f'<span class="rc-error" id="{error_id}" data-error-for="{escape(spec["name"])}" hidden></span>'
    return f'<div class="rc-field rc-field-{kind}">{label}{control}{hint}{error}</div>'


def _allowed(spec: dict) -> str:
    what = "whole number" if spec["kind"] == "int" else "number"
    if spec["kind"] == "number" and spec["step"] is not None:
        what += f" in steps of {spec['step']}"
    return f"{what}, {spec['min']} to {spec['max']}" if spec["max"] is not None else f"{what}, {spec['min']} or more"


def _outputs(calc: dict, answer: dict) -> str:
    rows = []
    for spec in calc["outputs"]:
        shown = answer["outputs"][spec["name"]]
        unit = f' <span class="rc-unit">{escape(spec["unit"])}</span>' if spec["unit"] else ""
        value = _attrs(data_output=spec["name"], data_value=rulescore_json(shown["value"]))
        title = f' title="{escape(spec["help"])}"' if spec["help"] else ""
        rows.append(
            f'<div class="rc-output rc-output-{spec["name"]}"><dt{title}>{escape(spec["label"])}</dt>'
            f'<dd><span {value}>{escape(shown["text"])}</span>{unit}</dd></div>'
        )
    return "".join(rows)


def rulescore_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def calculator_html(calc_id: str) -> str:
    if calc_id not in _CATALOGUE:
        raise FenceError(f"no calculator {calc_id!r} in rulescore; known: {', '.join(_CATALOGUE)}")
    calc = _CATALOGUE[calc_id]
    answer = respond(calc_id)  # the default result, computed now by CPython
    title_id = f"{calc_id}-title".replace(".", "-")
    fields = "".join(_field(calc_id, spec) for spec in calc["inputs"])
    return (
        f'<form {_attrs(id=form_anchor(calc_id), class_="rc-calculator", data_calculator=calc_id, data_state="static", novalidate=True, aria_labelledby=title_id)}>'
        f'<p class="rc-title" id="{title_id}"><strong>{escape(calc["title"])}</strong> '
        f'<span class="rc-summary">{escape(calc["summary"])}</span></p>'
        f'<fieldset class="rc-inputs"><legend class="rc-visually-hidden">Inputs</legend>{fields}</fieldset>'
        f'<div class="rc-results" aria-live="polite"><dl class="rc-outputs">{_outputs(calc, answer)}</dl>'
        f'<div class="rc-charts" data-charts>{"".join(answer["charts"])}</div>'
        f'<details class="rc-working"><summary>Show the working</summary><ol data-steps>{_steps(answer)}</ol>'
        f"</details></div>"
        f'<p class="rc-actions" hidden><button type="button" data-action="copy-link">Copy link</button> '
        f'<button type="button" data-action="reset">Reset</button></p>'
        f'<p class="rc-status" data-status role="status">Showing the result for the default inputs. '
        f"The live calculator starts once the page has loaded (it needs JavaScript).</p>"
        f"</form>"
    )


def example_html(source: str) -> str:
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
        f"({escape(given)}):</p><ol>{_steps(answer)}</ol></div>"
    )


def _given(spec: dict, value) -> str:
    """One input of a worked example as a reader says it: "Type of climb: stone wall"."""
    if spec["kind"] == "choice":
        return f"{spec['label']}: {spec['choice_labels'][value]}"
    if spec["kind"] == "bool":
        return f"{spec['label']}: {'yes' if value else 'no'}"
    unit = f" {spec['unit']}" if spec["unit"] else ""
    return f"{spec['label']} {number_text(value)}{unit}"


# The page being rendered, set by the MkDocs hook, so rule links can be made relative.
current_page_url = ""


def rule_href(link: str) -> str:
    """A site-relative rule link ("gurps/encumbrance/#basic-lift") as an href from this page."""
    path, _, anchor = link.partition("#")
    if path == current_page_url:
        return f"#{anchor}"
    return get_relative_url(path or ".", current_page_url or ".") + (f"#{anchor}" if anchor else "")


def _steps(answer: dict) -> str:
    items = []
    for text, link in zip(answer["steps"], answer["rules"]):
        rule = f' <a class="rc-rule" href="{escape(rule_href(link))}">§ rule</a>' if link else ""
        items.append(f'<li><span class="rc-step">{escape(text)}</span>{rule}</li>')
    return "".join(items)


def form_anchor(calc_id: str) -> str:
    return "calc-" + calc_id.replace(".", "-")


def calculator_list_html() -> str:
    """Every calculator, grouped by system, each linking to the form on its rules page."""
    systems: dict[str, list[dict]] = {}
    for calc in _CATALOGUE.values():
        systems.setdefault(calc["system"], []).append(calc)
    groups = []
    for system, calcs in systems.items():
        items = "".join(
            f'<li data-filter-text="{escape((system + " " + c["title"] + " " + c["summary"] + " " + c["id"]).lower())}">'
            f'<a href="{escape(rule_href(c["page"] + "#" + form_anchor(c["id"])))}">{escape(c["title"])}</a>'
            f' <span class="rc-summary">{escape(c["summary"])}</span></li>'
            for c in calcs
        )
        groups.append(f'<section class="rc-calculator-group"><h2>{escape(system)}</h2><ul>{items}</ul></section>')
    return (
        '<p class="rc-filter" hidden><label for="calculator-filter">Filter</label> '
        '<input type="search" id="calculator-filter" data-calculator-filter autocomplete="off" '
        'placeholder="jump, encumbrance, damage…"> <span data-filter-count role="status"></span></p>'
        f'<div class="rc-calculator-list">{"".join(groups)}</div>'
    )


def table_html(table_id: str) -> str:
    try:
        data = rulescore.table(table_id)
    except KeyError as error:
        raise FenceError(str(error)) from None
    head = "".join(f"<th>{escape(str(column))}</th>" for column in data["columns"])
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(number_text(cell))}</td>" for cell in row) + "</tr>" for row in data["rows"]
    )
    note = f'<p class="rc-table-note">{escape(data["note"])}</p>' if data["note"] else ""
    return (
        f'<div class="rc-table" data-table="{escape(table_id)}"><table>'
        f'<caption>{escape(data["title"])}</caption><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>{note}</div>"
    )


# pymdownx.superfences custom fence formatters: (source, language, css_class, options, md, **kwargs)
def calculator_fence(source, language, css_class, options, md, **kwargs):
    return calculator_html(fence_id(source))


def table_fence(source, language, css_class, options, md, **kwargs):
    return table_html(fence_id(source))


def example_fence(source, language, css_class, options, md, **kwargs):
    return example_html(fence_id(source))


def calculator_list_fence(source, language, css_class, options, md, **kwargs):
    if fence_id(source) != "all":
        raise FenceError("a calculators fence holds the single word: all")
    return calculator_list_html()
