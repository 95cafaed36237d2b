"""A calculator's input fields as the build writes them (render.calculator_html puts them in
the form; render_tools the character editor's): a labelled control per input, with its hint, its
error line, its steppers or chips, and the HTML attributes every fence writes (``_attrs``)."""

from __future__ import annotations

import json
from html import escape

from rulescore.notation import MINUS, number_text


def _attrs(**values) -> str:
    """HTML attributes from keywords; ``data_x`` -> ``data-x``; None and False are left out."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def _list_field(dom_id: str, spec: dict) -> str:
    """A sheet's list (a character's weapons): the list as JSON text in one hidden field the form
    sends, and an editor of its items that list-field.js draws from ``data-items`` (each item's
    fields as rulescore describes them). Without JavaScript the list is kept as it is."""
    items = escape(json.dumps(spec["items"], ensure_ascii=False), quote=True)
    hint = escape(spec["help"] or f"up to {spec['max']}")
    # A group, not a fieldset: the theme's search indexer would end the inputs' exclusion at the
    # first </fieldset> (render.calculator_html says why).
    return (
        f'<div class="rc-field rc-field-list" id="{dom_id}" role="group" aria-labelledby="{dom_id}-label" '
        f'data-list-field="{escape(spec["name"])}" data-items="{items}" '
        f'aria-describedby="{dom_id}-hint {dom_id}-error">'
        f'<p class="rc-list-title" id="{dom_id}-label">{escape(spec["label"])}</p>'
        f'<input type="hidden" name="{escape(spec["name"])}" value="">'
        f'<div class="rc-list-items" data-list-items></div>'
        f'<span class="rc-hint" id="{dom_id}-hint">{hint}</span>'
        f'<span class="rc-error" id="{dom_id}-error" data-error-for="{escape(spec["name"])}" hidden></span>'
        f"</div>"
    )


def _field(calc_id: str, spec: dict, odds: dict[str, dict] | None = None) -> str:
    dom_id = f"{calc_id}-{spec['name']}".replace(".", "-")
    if spec["kind"] == "list":
        return _list_field(dom_id, spec)
    hint_id, error_id = f"{dom_id}-hint", f"{dom_id}-error"
    unit = f' <span class="rc-unit">{escape(spec["unit"])}</span>' if spec["unit"] else ""
    label = f'<label for="{dom_id}">{escape(spec["label"])}{unit}</label>'
    hint_parts = [spec["help"]] if spec["help"] else []
    if spec["derived"]:
        hint_parts.append(f"follows {spec['derived']} until you change it")
    kind = spec["kind"]
    common = dict(id=dom_id, name=spec["name"], aria_describedby=f"{hint_id} {error_id}")
    needed = ""
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
        # "1e400", a decimal comma "5,75") so rulescore can read it or say what is wrong;
        # type=number drops such text in some browsers. inputmode picks the keypad.
        field = _attrs(type="text", inputmode=keypad(spec), autocomplete="off", autocapitalize="off",
                       autocorrect="off", spellcheck="false", enterkeyhint="done", value=input_text(spec["default"]),
                       data_derived=bool(spec["derived"]), data_step=spec["step"] or 1, data_min=spec["min"],
                       data_max=spec["max"], **common)
        # Steppers need JavaScript, so they stay hidden until the renderer shows them.
        control = (
            f'<span class="rc-number"><button type="button" class="rc-stepper" data-stepper="-1" hidden '
            f'aria-label="Decrease {escape(spec["label"])}">−</button><input {field}>'
            f'<button type="button" class="rc-stepper" data-stepper="1" hidden '
            f'aria-label="Increase {escape(spec["label"])}">+</button></span>'
        )
        hint_parts.append(_allowed(spec))
        # Shown (quietly, not as an error) while the field is empty, being retyped.
        needed = (f'<span class="rc-needed" data-needed-for="{escape(spec["name"])}" hidden>'
                  "Enter a value to update the result.</span>")
    if odds is not None:
        control += _chips(spec, odds)
    hint = f'<span class="rc-hint" id="{hint_id}">{escape("; ".join(hint_parts))}</span>'
    error = f'<span class="rc-error" id="{error_id}" data-error-for="{escape(spec["name"])}" hidden></span>'
    # Where a character fills the field: "Bruno: 12" and a button back to it, once changed.
    mark = ""
    if spec.get("character"):
        mark = "<span {}></span>".format(_attrs(
            class_="rc-from-character", data_character_for=spec["name"], data_figure=spec["character"],
            data_party_member=spec.get("party_member"), hidden=True))
    return f'<div class="rc-field rc-field-{kind}">{label}{control}{hint}{needed}{mark}{error}</div>'


def _chips(spec: dict, odds: dict[str, dict]) -> str:
    """A modifier picker's chips for a choice or yes/no input: one button per choice (one for a
    yes/no), each with the chance it would give (``odds``, from respond's alternatives).
    calculators.js shows them in place of the native control, which stays the value's home."""
    if spec["kind"] == "bool":
        values = [("true", spec["label"], bool(spec["default"]))]
    else:
        values = [(value, spec["choice_labels"][value], value == spec["default"]) for value in spec["choices"]]
    chips = "".join(
        f'<button type="button" class="rc-chip" data-chip-value="{escape(value)}" '
        f'aria-pressed="{"true" if pressed else "false"}">{escape(label)} '
        f'<span class="rc-chip-odds" data-chip-odds>{escape(odds[value]["text"])}</span></button>'
        for value, label, pressed in values)
    return (f'<span class="rc-chips" data-chips-for="{escape(spec["name"])}" role="group" '
            f'aria-label="{escape(spec["label"])}" hidden>{chips}</span>')


def keypad(spec: dict) -> str:
    """The on-screen keyboard for a number field (the inputmode attribute).

    Whole numbers that cannot be negative get the digit pad ("numeric"); other numbers that
    cannot be negative get digits and the decimal separator ("decimal": "." or "," by the
    device's language; rulescore reads both). Neither pad has a minus key on iPhone and
    iPad, so a field that allows negatives gets the full keyboard ("text"), whose number
    row has "−" and "."; its steppers also go below zero.
    """
    if spec["min"] is None or spec["min"] < 0:
        return "text"
    return "numeric" if spec["kind"] == "int" else "decimal"


def input_text(value) -> str:
    """A number as a field shows it: as typed, with the site's minus sign ("−2")."""
    return str(value).replace("-", MINUS)


def _allowed(spec: dict) -> str:
    what = "whole number" if spec["kind"] == "int" else "number"
    if spec["kind"] == "number" and spec["step"] is not None:
        what += f" in steps of {number_text(spec['step'])}"
    low, high = spec["min"], spec["max"]
    if low is not None and high is not None:
        return f"{what}, {number_text(low)} to {number_text(high)}"
    if low is not None:
        return f"{what}, {number_text(low)} or more"
    if high is not None:
        return f"{what}, {number_text(high)} or less"
    return what
