"""The one answer shape both the site build and the browser worker use.

``respond`` returns plain JSON-ready data: every output's exact value and its display text,
the working, and the inputs used; or the input error. Display text is made here, once, so
the page shows the same text whether CPython rendered it at build time or Pyodide live.
"""

from __future__ import annotations

import json

from . import calculate
from .core import RulesInputError, get


def respond(calculator_id, inputs=None) -> dict:
    try:
        result = calculate(calculator_id, inputs)
    except RulesInputError as error:
        return {"ok": False, "field": error.field, "message": error.message}
    outputs = get(calculator_id).outputs
    return {
        "ok": True,
        "outputs": {spec.name: {"value": result[spec.name], "text": spec.text(result[spec.name])} for spec in outputs},
        "steps": result.steps,
        "inputs": result.inputs,
    }


def respond_json(calculator_id: str, inputs_json: str) -> str:
    """The worker's entry point: JSON in, JSON out, so no Python objects cross into JavaScript."""
    try:
        inputs = json.loads(inputs_json)
    except ValueError:
        return json.dumps({"ok": False, "field": "inputs", "message": "inputs: not valid JSON."})
    return json.dumps(respond(calculator_id, inputs), allow_nan=False)


__all__ = ["respond", "respond_json"]
