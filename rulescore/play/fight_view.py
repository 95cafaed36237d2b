"""What a screen shows of a fight: ``view(state)["fight"]`` (:meth:`rulescore.play.fight.Fight.view`),
built from the fight's state and its game's hooks. ``None`` outside a fight, else:

- ``round``, ``current`` (whose turn, or None), ``order``, ``acted`` (ids), ``due``;
- ``maneuvers_open``: the maneuver ids (the maneuver form's choices) the current fighter may
  choose now: every one, only Do Nothing for a stunned or surprised GURPS fighter, none when
  the maneuver form is closed (a stunned SHELL fighter, nobody's turn, a game without maneuvers);
  the page offers only these, as every other is refused;
- ``combatants``, each: ``id``, ``name``, ``side``, ``effects`` (name, text, ends in words, rule),
  ``out`` (dead, down or otherwise done for: passed over in the order), ``maneuver`` and
  ``maneuver_name`` (this round's, once chosen; None until then), ``maneuver_last_round`` (the
  one chosen the round before, or None), ``maneuver_default`` (the maneuver the form starts on
  for them: their last one if they may choose it, else Attack, else the first open to them;
  None in a game without maneuvers), the game's own figures (``shown``) and, in the GM's view,
  ``calculators`` and for a foe ``foe_row`` (its figures as "Change a foe's figures" takes them);
  each weapon's ``label``, ``weapon_default`` and ``no_attack`` (:mod:`rulescore.play.weapon_choice`).

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {}}]
>>> state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [{"name": "Orc"}]})
>>> fight = session.view(state)["fight"]
>>> fight["maneuvers_open"][:3], [one["maneuver_default"] for one in fight["combatants"]]
(['do_nothing', 'move', 'change_posture'], ['attack', 'attack'])
"""

from __future__ import annotations

from typing import Any

from ..core import get_calculator
from . import weapon_choice
from .common import State
from .fight_hooks import FightHooks as Fight

ATTACK = "attack"  # the maneuver a form starts on for someone who has chosen none yet


def maneuvers_open(rules: Fight, state: State, fight: dict[str, Any]) -> list[str]:
    """The maneuvers the current fighter may choose now (none when the maneuver form is closed)."""
    current = rules.current(fight)
    if current is None or not rules.maneuver_fields or not rules.can_now(state, "maneuver", "who", current):
        return []
    return rules.maneuver_choices(state, fight, current)


def maneuver_default(rules: Fight, state: State, fight: dict[str, Any], who: str, last: str | None) -> str | None:
    """The maneuver the form starts on for ``who``: their last one, else Attack, else the first open."""
    choices = rules.maneuver_choices(state, fight, who)
    for wanted in (last, ATTACK):
        if wanted in choices:
            return wanted
    return choices[0] if choices else None


def view(rules: Fight, state: State, gm: bool) -> dict[str, Any] | None:
    fight = state.get("fight")
    if not fight:
        return None
    combatants = []
    for who, one in fight["combatants"].items():
        timed = [{"name": e["name"], "text": e["text"], "ends": rules.ends_text(state, e["ends"]),
                  "rule": e["rule"]} for e in fight["effects"] if e["who"] == who]
        now, before = rules.maneuvers(one, fight)
        maneuver = now.get("id")  # this round's only: none shown until they choose one
        last_round = before.get("id") if before.get("round") == fight["round"] - 1 else None
        shown = {"id": who, "name": one["name"], "side": one["side"],
                 "effects": timed + rules.conditions(state, fight, who),
                 "maneuver": maneuver, "maneuver_name": rules.maneuver_name(maneuver),
                 "maneuver_last_round": last_round,
                 "maneuver_default": maneuver_default(rules, state, fight, who, maneuver or before.get("id")),
                 "out": rules.out(state, fight, who), **rules.shown(state, fight, who, gm),
                 **({"foe_row": {**rules.foe_row(one), "name": one["name"]}} if gm and one["side"] == "foes" else {}),
                 "calculators": [{"id": calc, "title": get_calculator(calc).title,
                                  "page": get_calculator(calc).page, "inputs": inputs}
                                 for calc, inputs in rules.calculator_inputs(state, fight, who).items()]
                 if gm else []}
        weapon_choice.add(rules, state, fight, who, shown)  # weapons' labels, weapon_default, no_attack
        combatants.append(shown)
    return {"round": fight["round"], "current": rules.current(fight), "order": list(fight["order"]),
            "acted": fight["order"][:fight["turn"]], "maneuvers_open": maneuvers_open(rules, state, fight),
            "combatants": combatants, "due": rules.due(state, fight, gm)}
