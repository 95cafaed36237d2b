"""Form fields that depend on another field of the same form, for ``actions(system)``: the
page shows such a field only while the other holds one of the values named, and offers the
choices named for that value. The GURPS maneuver form's Option (All-Out Attack and All-Out
Defense only), Target (Aim, Evaluate, Feint, All-Out Attack) and Feint won by (Feint, All-Out Attack):

>>> from rulescore import session
>>> form = next(entry for entry in session.actions("gurps") if entry["id"] == "maneuver")
>>> {field["name"]: field["shown_when"] for field in form["fields"] if "shown_when" in field}["margin"]
{'maneuver': ['feint', 'all_out_attack']}
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import Input


class Shown(NamedTuple):
    """A form's field that applies only when the form's field ``field`` holds one of ``values`` (a
    maneuver's options): described as ``spec`` is, with ``"shown_when": {field: [values]}`` and,
    where its choices depend on that field too, ``"choices_when": {field: {value: [choices]}}``."""

    spec: Any  # an Input or a Fighter
    field: str
    values: tuple[str, ...]
    choices_when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def name(self) -> str:
        return str(self.spec.name)

    def describe(self) -> dict[str, Any]:
        shown: dict[str, Any] = self.spec.describe()
        if isinstance(self.spec, Input):
            shown["who"] = None
        shown["shown_when"] = {self.field: list(self.values)}
        if self.choices_when:
            shown["choices_when"] = {self.field: {value: list(choices) for value, choices in self.choices_when}}
        return shown


class Filled(NamedTuple):
    """A choice whose every value fills in other fields of its row (a monster picked from the list
    fills in its figures): described as ``spec`` is, with ``"choice_figures": {value: {field:
    value}}`` (the figures the row takes for that choice, keyed by the row's field names, and
    words such as movement and attacks for the page to show)."""

    spec: Any
    figures: dict[str, dict[str, Any]]

    @property
    def name(self) -> str:
        return str(self.spec.name)

    def describe(self) -> dict[str, Any]:
        shown: dict[str, Any] = self.spec.describe()
        shown["choice_figures"] = self.figures
        return shown
