"""The one answer shape both the site build and the browser worker use.

``respond`` returns plain JSON-ready data: every output's exact value and its display text,
the working, and the inputs used; or the input error. Display text is made here, once, so
the page shows the same text whether CPython rendered it at build time or Pyodide live.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .characters import character_fields, character_sheet
from .core import MINUS, Calculator, Result, RulesInputError, get_calculator, percent_text
from .importers import import_character
from .rolls import resolve
from .web_session import respond_session, respond_session_json


def respond(calculator_id: Any, inputs: Any = None) -> dict[str, Any]:
    """A calculator's answer for ``inputs``, or the input error."""
    return _respond(lambda: get_calculator(calculator_id), inputs)


def respond_sheet(system: Any, inputs: Any = None) -> dict[str, Any]:
    """What a character's fields imply (``rulescore.derive``), in the same shape."""
    return _respond(lambda: character_sheet(system), inputs)


def _respond(find: Callable[[], Calculator], inputs: Any) -> dict[str, Any]:
    try:
        calc = find()
        result = calc.run(inputs)
    except RulesInputError as error:
        return {"ok": False, "field": error.field, "message": error.message}
    return _answer(calc, result)


def _answer(calc: Calculator, result: Result) -> dict[str, Any]:
    """The shape the page shows: each declared output's value and text, the working with its
    rule links, the charts, and the inputs used."""
    answer = {
        "ok": True,
        "outputs": {spec.name: {"value": result[spec.name], "text": spec.text(result[spec.name])}
                    for spec in calc.outputs},
        "steps": result.steps,
        "rules": [rule_link(calc.page, rule) for rule in result.step_rules],
        "charts": [chart_svg(chart) for chart in result.charts],
        "inputs": result.inputs,
    }
    if calc.chips:
        # A modifier picker: the odds each chip would give, shown on the chip before it is picked.
        odds = next(spec for spec in calc.outputs if spec.name == calc.odds)
        answer["alternatives"] = {name: {value: {"value": chance, "text": odds.text(chance)}
                                         for value, chance in values.items()}
                                  for name, values in calc.alternatives(result).items()}
    return answer


def respond_roll(calculator_id: Any, inputs: Any = None, dice: Any = None) -> dict[str, Any]:
    """A roll for a calculator whose answer a roll decides (``rulescore.resolve``): rolled here
    (``dice`` None) or with the faces a player rolled. The answer is ``respond``'s plus ``roll``:
    the notation, the faces, the total, the outcome and margin, and the sentence that says so."""
    try:
        result = resolve(calculator_id, inputs, dice=dice)
        calc = get_calculator(calculator_id)
    except RulesInputError as error:
        return {"ok": False, "field": error.field, "message": error.message}
    answer = _answer(calc, result)
    answer["roll"] = {"notation": result["notation"], "dice": result["dice"], "total": result["total"],
                      "outcome": result["outcome"], "margin": result["margin"], "text": result.steps[-1],
                      "rule": answer["rules"][-1]}
    return answer


def respond_roll_json(calculator_id: str, inputs_json: str, dice_json: str) -> str:
    """The worker's entry point for a roll: JSON in, JSON out."""
    try:
        inputs, dice = json.loads(inputs_json), json.loads(dice_json)
    except ValueError:
        return json.dumps({"ok": False, "field": "inputs", "message": "inputs: not valid JSON."})
    return json.dumps(respond_roll(calculator_id, inputs, dice), allow_nan=False)


def rule_link(page: str, rule: str | None) -> str | None:
    """A step's rule as a site-relative link: "#anchor" means on the calculator's own page."""
    if not rule:
        return None
    return f"{page}{rule}" if rule.startswith("#") else rule


# Not html.escape: importing the html package loads its table of 2,000 named entities, which
# costs the browser engine about 40 ms at start-up for five replacements.
_MARKUP = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """Text made safe to place in HTML content and quoted attribute values."""
    return str(text).translate(_MARKUP)


# What each kind of bar means, for the legend, in the order rulescore's CHART_KINDS gives.
KIND_NAMES = {"critical-success": "critical success", "success": "success", "failure": "failure",
              "critical-failure": "critical failure", "neutral": "neither"}
# The drawing area in SVG units: every chart has the same shape and text size on the page,
# whatever its number of bars (the stylesheet caps its width).
_W, _H, _LEFT, _RIGHT, _TOP, _BASE = 160, 96, 16, 4, 16, 70


def chart_summary(chart: dict[str, Any]) -> str:
    """The chart's one-line summary; a chart drawn without one gets the share of each kind
    of result (or the range of a plain distribution), so no chart goes without words."""
    if chart.get("summary"):
        return str(chart["summary"])
    bars = chart["bars"]
    if not bars:
        return ""
    shares = _shares(bars)
    if set(shares) == {"neutral"}:
        return f"{_tick(bars[0]['label'])} to {_tick(bars[-1]['label'])}"
    return ", ".join(f"{KIND_NAMES[kind]} {percent_text(p)}" for kind, p in shares.items())


def _shares(bars: list[dict[str, Any]]) -> dict[str, Any]:
    shares = {kind: 0 for kind in KIND_NAMES}
    for bar in bars:
        shares[bar["kind"]] = shares.get(bar["kind"], 0) + bar["p"]
    return {kind: p for kind, p in shares.items() if any(bar["kind"] == kind for bar in bars)}


def _tick(label: str) -> str:
    """A bar's label as the page shows numbers: "−3" with the minus sign, "20–21" with a dash."""
    text = str(label)
    if text[:1] == "-" and text[1:2].isdigit():
        text = MINUS + text[1:]
    if "-" in text and text.replace("-", "").isdigit():
        text = text.replace("-", "\u2013")
    return text


def chart_svg(chart: dict[str, Any]) -> str:
    """A roll's distribution as a small inline SVG bar chart with its axes named ("roll",
    "chance"), a legend of the kinds of result it shows and a caption; colours come from
    CSS classes (rc-bar-success, ...), so it follows the light and dark palettes."""
    bars = chart["bars"]
    count = max(len(bars), 1)
    plot = _W - _LEFT - _RIGHT
    step = plot / count
    tallest = max((bar["p"] for bar in bars), default=0) or 1
    longest = max((len(bar["label"]) for bar in bars), default=1)
    # Label every bar when the labels fit side by side, else every 2nd, 5th or 10th, and
    # the last one too where it does not crowd the one before.
    room = longest * 3.4 + 1  # a label's width at the stylesheet's 6-unit font
    every = next((n for n in (1, 2, 5, 10) if step * n >= room), 20)
    last = len(bars) - 1
    shapes = [f'<line class="rc-axis" x1="{_LEFT}" y1="{_BASE}" x2="{_W - _RIGHT}" y2="{_BASE}"/>',
              f'<line class="rc-axis" x1="{_LEFT}" y1="{_TOP - 6}" x2="{_LEFT}" y2="{_BASE}"/>']
    peak_done = False
    for i, bar in enumerate(bars):
        h = (_BASE - _TOP) * bar["p"] / tallest
        label = escape(_tick(bar["label"]))
        x = _LEFT + i * step
        shapes.append(
            f'<rect class="rc-bar rc-bar-{bar["kind"]}" x="{x + 0.4:.1f}" y="{_BASE - h:.1f}" '
            f'width="{max(step - 0.8, 0.4):.1f}" height="{h:.1f}">'
            f'<title>{label}: {percent_text(bar["p"])}</title></rect>')
        if i % every == 0 or i == last and (last % every) * step >= room:
            shapes.append(f'<text x="{x + step / 2:.1f}" y="{_BASE + 8}" text-anchor="middle">{label}</text>')
        if bar["p"] == tallest and not peak_done:
            peak_done = True  # the tallest bar's chance gives the vertical axis its scale
            anchor = "start" if i < count / 2 else "end"
            shapes.append(f'<text class="rc-peak" x="{x + (0 if anchor == "start" else step):.1f}" y="{_TOP - 2}" '
                          f'text-anchor="{anchor}">{percent_text(bar["p"])}</text>')
    shapes.append(f'<text class="rc-axis-name" x="{_LEFT + plot / 2:.1f}" y="{_H - 2}" '
                  f'text-anchor="middle">roll</text>')
    shapes.append(f'<text class="rc-axis-name" transform="translate(7 {(_TOP + _BASE) / 2:.0f}) rotate(-90)" '
                  f'text-anchor="middle">chance</text>')
    title = escape(chart["title"])
    summary = escape(chart_summary(chart))
    shares = _shares(bars)
    legend = ""
    if set(shares) - {"neutral"}:  # a plain distribution (one colour) needs no legend
        legend = '<ul class="rc-legend">' + "".join(
            f'<li><span class="rc-swatch rc-bar-{kind}" aria-hidden="true"></span>'
            f'{KIND_NAMES[kind]} {percent_text(p)}</li>'
            for kind, p in shares.items()) + "</ul>"
    return (
        f'<figure class="rc-chart"><svg viewBox="0 0 {_W} {_H}" width="{_W * 2}" height="{_H * 2}" role="img" '
        f'aria-label="{title}. {summary}">{"".join(shapes)}</svg>{legend}'
        f"<figcaption>{title}{': ' if summary else ''}{summary}</figcaption></figure>"
    )


def respond_json(calculator_id: str, inputs_json: str, sheet: bool = False) -> str:
    """The worker's entry point: JSON in, JSON out, so no Python objects cross into JavaScript.
    With ``sheet``, ``calculator_id`` is a system and the answer is its character's figures."""
    try:
        inputs = json.loads(inputs_json)
    except ValueError:
        return json.dumps({"ok": False, "field": "inputs", "message": "inputs: not valid JSON."})
    answer = respond_sheet(calculator_id, inputs) if sheet else respond(calculator_id, inputs)
    return json.dumps(answer, allow_nan=False)


# The program each system's imported files come from, as the preview's cross-check names it.
IMPORTED_FROM = {"gurps": "GCS", "bfrpg": "Codex Quest"}


def _shown_value(spec: dict[str, Any], value: Any) -> str:
    """A field's value as the import preview shows it: a choice by its label, a number with its
    unit and the site's minus sign."""
    if spec["choices"]:
        return str(spec["choice_labels"].get(value, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):  # a list the sheet keeps (weapons): each item by its name, and its usage if any
        return ", ".join(str(item.get("name") or "unnamed") + (f" ({item['usage']})" if item.get("usage") else "")
                         for item in value if isinstance(item, dict)) or "none"
    shown = str(value).replace("-", MINUS)
    return f"{shown} {spec['unit']}" if spec["unit"] else shown


def respond_import(text: Any) -> dict[str, Any]:
    """The Characters page's import from another program: ``rulescore.import_character(text)``
    plus, for the preview, ``program`` (whose figures the cross-check shows) and ``shown``, each
    imported field as ``{"field", "label", "text", "unit", "choices"}`` in the sheet's order
    (``choices``: a choice's labels, to show a value kept on the device the same way); or ``{"ok": false,
    "field": "file", "message"}`` for a file the site cannot import."""
    try:
        found = import_character(text)
    except RulesInputError as error:
        return {"ok": False, "field": error.field, "message": error.message}
    fields = found["fields"]
    shown = [{"field": spec["name"], "label": spec["label"], "text": _shown_value(spec, fields[spec["name"]]),
              "unit": spec["unit"], "choices": spec["choice_labels"]}
             for spec in character_fields(found["system"]) if spec["name"] in fields]
    return {"ok": True, **found, "program": IMPORTED_FROM.get(found["system"], "the file"), "shown": shown}


def respond_import_json(text: str) -> str:
    """The worker's entry point for an import: the file's text in, JSON out."""
    return json.dumps(respond_import(text), allow_nan=False)


__all__ = ["respond", "respond_import", "respond_import_json", "respond_json", "respond_roll", "respond_roll_json",
           "respond_session", "respond_session_json", "respond_sheet"]
