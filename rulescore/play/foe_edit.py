"""A foe's figures changed during a fight: ``{"do": "edit_foe", "who": foe id, ...}`` with any of
the figures its row took when it joined (and its name); those left out stay as they were.

Our reading: the change is the GM correcting or revealing a figure, not something happening in
the fight. Its wounds stay as they are (HP lost, shock, a stun; a Basic Fantasy foe keeps the
damage it has taken, so more hit points leave it as many fewer short of them), and no roll is made
for the change. The log gives the old and new figures to the GM; the players read only that the
GM changed them (and a new name).

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {}}]
>>> state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [{"name": "Orc", "dr": 1}]})
>>> state = session.apply(state, {"do": "edit_foe", "who": "f1", "dr": 3, "name": "Orc chief"})
>>> state["log"][-1]["gm_text"]
'Orc’s figures changed: name Orc chief, DR 1 → 3.'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import RulesInputError
from .common import Action, State, keys
from .dice_asks import Dice
from .fight_hooks import FOE, FOE_NAME
from .fight_hooks import FightHooks as Fight


class FigureOf(NamedTuple):
    """A figure of the foe chosen in the form's ``who``: described as ``spec`` is, with
    ``"figure_of": "who"``, so the page fills it with that foe's figure (``foe_row`` in the
    GM's fight view) and the GM changes only what is wrong."""

    spec: Any

    @property
    def name(self) -> str:
        return str(self.spec.name)

    def describe(self) -> dict[str, Any]:
        shown: dict[str, Any] = self.spec.describe()
        return {**shown, "who": None, "figure_of": "who"}


def editable(rules: Fight) -> tuple[Any, ...]:
    """The figures a foe's row takes that can change in a fight: all but how many, and the
    monster a Basic Fantasy row was filled from."""
    return (FOE_NAME, *(spec for spec in rules.foe_fields if spec.name not in ("count", "monster")))


def shown_figure(spec: Any, value: Any) -> str:
    """A figure as the log gives it: a choice by its label, a blank as "blank", yes or no."""
    labels = dict(getattr(spec, "choices", None) or ())
    if str(value) in labels:
        return str(labels[str(value)])
    if value is None or value == "":
        return "blank"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value).replace("-", "−")


def edit(rules: Fight, state: State, action: dict[str, Any], dice: Dice) -> None:
    fields = editable(rules)
    keys(action, ("who", *(spec.name for spec in fields)))
    fight = rules.need_fight(state)
    who = rules.fighter(state, fight, action, FOE)
    one = fight["combatants"][who]
    given = {key: value for key, value in action.items() if key not in ("do", "who") and value not in (None, "")}
    if not given:
        raise RulesInputError("who", "Change a foe's figures: give at least one figure to change.")
    before = {"name": one["name"], **rules.foe_row(one)}
    row = {**before, **given, "count": 1}
    entry = rules.read_foe(row)
    changed = rules.refigured(one, rules.foe(state, entry, dice), given)
    changed["name"] = entry["name"]
    after = {"name": changed["name"], **rules.foe_row(changed)}
    specs = {spec.name: spec for spec in fields}
    differences = [(name, before.get(name), value) for name, value in after.items()
                   if name in specs and str(before.get(name)) != str(value)]
    if not differences:
        raise RulesInputError("who", f"Change a foe's figures: every figure given is {one['name']}'s already; "
                                     f"nothing was changed.")
    fight["combatants"][who] = changed
    words = [f"name {new}" if name == "name" else
             f"{specs[name].label} {shown_figure(specs[name], old)} → {shown_figure(specs[name], new)}"
             for name, old, new in differences]
    renamed = f" {one['name']} is now called {changed['name']}." if changed["name"] != one["name"] else ""
    rules.note_figures(state, who, f"{one['name']}’s figures changed: {', '.join(words)}.", rules.page,
                       f"The GM changed {one['name']}’s figures.{renamed}")


def form(rules: Fight) -> Action:
    return Action("edit_foe", "edit_foe", "Change a foe's figures",
                  "Correct or reveal a foe's figures during the fight (its name too): each starts on the foe's own, "
                  "and a field left empty stays as it was; its wounds stay as they are.",
                  (FOE, *(FigureOf(spec) for spec in editable(rules))))
