"""The one answer shape both the site build and the browser worker use.

``respond`` returns plain JSON-ready data: every output's exact value and its display text,
the working, and the inputs used; or the input error. Display text is made here, once, so
the page shows the same text whether CPython rendered it at build time or Pyodide live.
"""

from __future__ import annotations

import json

from . import calculate
from .core import RulesInputError, get, percent_text


def respond(calculator_id, inputs=None) -> dict:
    try:
        result = calculate(calculator_id, inputs)
    except RulesInputError as error:
        return {"ok": False, "field": error.field, "message": error.message}
    calc = get(calculator_id)
    return {
        "ok": True,
        "outputs": {spec.name: {"value": result[spec.name], "text": spec.text(result[spec.name])}
                    for spec in calc.outputs},
        "steps": result.steps,
        "rules": [rule_link(calc.page, rule) for rule in result.step_rules],
        "charts": [chart_svg(chart) for chart in result.charts],
        "inputs": result.inputs,
    }


def rule_link(page: str, rule):
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


def chart_svg(chart: dict) -> str:
    """A roll's distribution as a small inline SVG bar chart; colours come from CSS classes
    (rc-bar-success, ...), so it follows the light and dark palettes."""
    bars = chart["bars"]
    width, height, base = max(8 * len(bars), 120), 70, 56
    step = width / len(bars)
    tallest = max((bar["p"] for bar in bars), default=0) or 1
    every = 1 if len(bars) <= 20 else 5
    shapes = []
    for i, bar in enumerate(bars):
        h = 50 * bar["p"] / tallest
        label = escape(bar["label"])
        shapes.append(
            f'<rect class="rc-bar rc-bar-{bar["kind"]}" x="{i * step + 0.5:.1f}" y="{base - h:.1f}" '
            f'width="{step - 1:.1f}" height="{h:.1f}"><title>{label}: {percent_text(bar["p"])}</title></rect>')
        if i % every == 0 or i == len(bars) - 1:
            shapes.append(f'<text x="{i * step + step / 2:.1f}" y="{height - 2}" text-anchor="middle">{label}</text>')
    title = escape(chart["title"])
    summary = escape(chart["summary"])
    return (
        f'<figure class="rc-chart"><svg viewBox="0 0 {width:.0f} {height}" role="img" '
        f'aria-label="{title}. {summary}">{"".join(shapes)}</svg>'
        f"<figcaption>{title}{': ' if summary else ''}{summary}</figcaption></figure>"
    )


def respond_json(calculator_id: str, inputs_json: str) -> str:
    """The worker's entry point: JSON in, JSON out, so no Python objects cross into JavaScript."""
    try:
        inputs = json.loads(inputs_json)
    except ValueError:
        return json.dumps({"ok": False, "field": "inputs", "message": "inputs: not valid JSON."})
    return json.dumps(respond(calculator_id, inputs), allow_nan=False)


__all__ = ["respond", "respond_json"]
