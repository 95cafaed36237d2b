"""What the character importers share: the refusal every bad file gets, reading numbers out of
JSON without trusting their types, and the last step that checks the figures with ``derive``.

The readers themselves are ``rulescore.gurps.gcs_import`` (GURPS Character Sheet) and
``rulescore.bfrpg.codex_quest`` (Codex Quest); ``rulescore.importers`` chooses between them.

>>> whole(14.0), whole("12"), whole(True), whole(5.5)
(14, 12, None, None)
>>> number("5.75"), number(None)
(Fraction(23, 4), None)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .characters import character_fields, derive
from .core import RulesInputError, number_text, plain

FILE = "file"  # the field every import refusal names: the file as a whole


def refuse(message: str) -> RulesInputError:
    """The error for a file the site cannot import: one sentence naming the problem and what to do."""
    return RulesInputError(FILE, message)


def number(value: Any) -> Fraction | None:
    """A JSON number (or a number written as text) as an exact Fraction; None for anything else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value)) if value == value and abs(value) != float("inf") else None
    if isinstance(value, str):
        text = value.strip().replace(",", "")
        try:
            return Fraction(text) if text and len(text) < 40 else None
        except (ValueError, ZeroDivisionError):
            return None
    return None


def whole(value: Any) -> int | None:
    """A JSON number that is a whole number (14, 14.0, "14"), as an int; None otherwise."""
    exact = number(value)
    return exact.numerator if exact is not None and exact.denominator == 1 else None


def mapping(value: Any) -> dict[str, Any]:
    """A JSON object, or an empty one for anything else."""
    return value if isinstance(value, dict) else {}


def text(value: Any, default: str = "") -> str:
    """A JSON string, stripped; ``default`` for anything else."""
    return value.strip() if isinstance(value, str) and value.strip() else default


def finish(system: str, program: str, name: str, fields: dict[str, Any], skipped: list[str],
           checks: list[dict[str, Any]]) -> dict[str, Any]:
    """The import's answer, once ``derive`` accepts the fields: a figure outside what the site's
    characters hold is refused, naming the character, the figure and the limits."""
    fields = {key: plain(value) for key, value in fields.items()}
    try:
        derive(system, fields)
    except RulesInputError as error:
        spec = next((field for field in character_fields(system) if field["name"] == error.field), None)
        if spec is None:  # not a figure of the sheet: a bug in a reader, never the file's doing
            raise
        shown = spec["choice_labels"].get(fields.get(error.field), fields.get(error.field)) \
            if spec["choices"] else number_text(fields.get(error.field))
        allowed = ("one of " + ", ".join(spec["choice_labels"].values()) if spec["choices"] else
                   f"{number_text(spec['min'])} to {number_text(spec['max'])}")
        raise refuse(f"{name} cannot be imported: the file's {spec['label']} is {shown}, and the site's characters "
                     f"take {allowed} (what its calculators work with). If the figure is a mistake, correct it in "
                     f"{program} and import the file again.") from None
    return {"system": system, "name": name, "fields": fields, "skipped": skipped, "checks": checks}


def check(figure: str, theirs: Any, ours: Any, why: str | None = None) -> dict[str, Any]:
    """One line of the cross-check: the other program's figure beside ours, and why they differ
    (None where they agree)."""
    agrees = theirs == ours
    return {"figure": figure, "theirs": plain(theirs), "ours": plain(ours), "agrees": agrees,
            "why": None if agrees else (why or "not explained by the file: compare the two by hand")}


def listing(what: str, names: list[str], limit: int = 40) -> str:
    """A skipped-list entry: "3 traits: Fit, Combat Reflexes, Luck" (long lists cut short; one
    of a kind reads "1 trait").

    >>> listing("traits", ["Fit"]), listing("beasts of burden", ["Mule", "Camel"])
    ('1 trait: Fit', '2 beasts of burden: Mule, Camel')
    """
    shown = ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")
    first, _, rest = what.partition(" ")
    if len(names) == 1 and first.endswith("s"):
        what = first[:-1] + (" " + rest if rest else "")
    return f"{len(names)} {what}: {shown}"
