"""A SHELL character (docs: characters.md#shell): everything shell.character asks for (the
primary attributes, racial modifiers, secondary levels bought, wealth, chp), plus the combat
skill level, load and natural DR the combat and damage calculators read, and the damage taken now
(lethal, not yet healed), where the damage calculator and a new session start; the weapons,
armour DR by hit location and shield a fight's attacks use (:mod:`.arms`); and what they imply,
by shell.character's and shell.encumbrance's own rules. Also which calculator inputs a
character fills.

The characters page's orc: ST 12 with a racial +1, race worth 10 chp.

>>> from rulescore.characters import derive
>>> r = derive("shell", {"st": 12, "st_race": 1, "race_chp": 10, "load_lb": 40})
>>> r["st_final"], r["hp"], r["total_chp"], r["encumbrance_level"]
(13, 13, 40, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..characters import declare_character, use
from ..core import Input, RulesInputError, Working, bind_character, get_calculator
from .arms import FIELDS as ARMS
from .common import CHART_RANGE, COMBAT_LEVEL_DEFAULT, SYSTEM

_SHEET_CALCULATOR = get_calculator("shell.character")  # its inputs are the sheet's first fields
# Lethal damage kills at twice HP: the most a living character of the highest HP carries.
_HP_TOP = next(spec.max for spec in _SHEET_CALCULATOR.outputs if spec.name == "hp")
DAMAGE_TAKEN_TOP = 2 * _HP_TOP - 1
FIELDS = (
    *_SHEET_CALCULATOR.inputs,
    Input("combat_level", "Combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20,
          help="the skill of the weapon you fight with"),
    Input("best_combat_level", "Best combat skill level", "int", None, min=0, max=20,
          derived="the combat skill level, unless another combat skill is higher",
          derive=lambda v: v["combat_level"]),
    Input("load_lb", "Load carried", "number", 0, unit="lb", min=0, max=2000,
          help="everything carried, armour included"),
    Input("body_weight_lb", "Body weight", "number", 0, unit="lb", min=0, max=2000,
          help="counts only past 75% of maximum encumbrance; 0 leaves it out"),
    Input("natural_dr", "Natural DR", "int", 0, min=0, max=30),
    # Wounds now: what the damage calculator and a new session start from. Non-lethal damage is
    # not kept: its tally is wiped at the end of each fight (shell/damage.md, Crushing).
    Input("damage_taken", "Damage taken", "int", 0, unit="HP", min=0, max=DAMAGE_TAKEN_TOP,
          help="lethal damage not yet healed, fewer than twice HP (then a character is dead); 0 when unhurt"),
    # What they fight with (.arms): weapons, armour DR by hit location, the shield's PR.
    *ARMS,
)
_SHEET_FIELDS = tuple(spec.name for spec in _SHEET_CALCULATOR.inputs)
_ENCUMBRANCE_FIGURES = ("max_encumbrance_lb", "encumbrance_level", "can_carry")
_COMBAT_FIGURES = ("at_value",)  # the attack value the attack calculators start from


@declare_character(
    "shell", SYSTEM, FIELDS,
    outputs=[
        *_SHEET_CALCULATOR.outputs,
        *(spec for spec in get_calculator("shell.encumbrance").outputs if spec.name in _ENCUMBRANCE_FIGURES),
        *(spec for spec in get_calculator("shell.combat").outputs if spec.name in _COMBAT_FIGURES),
    ],
)
def shell_character(step: Working, combat_level: int, best_combat_level: int, load_lb: Fraction,
                    body_weight_lb: Fraction, natural_dr: int, damage_taken: int, **sheet: Any) -> dict[str, Any]:
    """shell.character's costs and secondary attributes, then the encumbrance the load gives
    at the final ST (shell.encumbrance)."""
    if best_combat_level < combat_level:
        raise RulesInputError("best_combat_level", f"Best combat skill level: received {best_combat_level}; "
                                                   f"enter {combat_level} or more (the combat skill level).")
    figures = use(step, "shell.character", {name: sheet[name] for name in _SHEET_FIELDS})
    for name, final, race in (("st", figures["st_final"], sheet["st_race"]),
                              ("ag", figures["ag_final"], sheet["ag_race"])):
        if not CHART_RANGE.low <= final <= CHART_RANGE.high:
            label = name.upper()
            raise RulesInputError(name, f"{label}: {sheet[name]} with the racial modifier {race:+d} is {final}; the "
                                        f"Primary Attribute Chart, and so every calculator, covers {label} "
                                        f"{CHART_RANGE.low} to {CHART_RANGE.high}.")
    hp = figures["hp"]
    if damage_taken >= 2 * hp:
        raise RulesInputError("damage_taken", f"Damage taken: {damage_taken} of {hp} HP is twice HP or more, and at "
                                              f"twice HP of lethal damage a character is dead; enter at most "
                                              f"{2 * hp - 1}.")
    loaded = use(step, "shell.encumbrance", {"st": figures["st_final"], "load_lb": load_lb,
                                             "body_weight_lb": body_weight_lb})
    at_value = None  # a load the character cannot carry gives no encumbrance level, so no AT
    if loaded["encumbrance_level"] is not None:
        at_value = use(step, "shell.combat", {
            "st": figures["st_final"], "ag": figures["ag_final"], "combat_level": combat_level,
            "best_combat_level": best_combat_level, "encumbrance_level": loaded["encumbrance_level"],
            "mv": figures["mv"]})["at_value"]
    if damage_taken:
        step(f"Now: damage taken {damage_taken} of {hp} HP (lethal, not yet healed); the figures above are the "
             f"unhurt ones.", rule="shell/damage/#damage")
    return {**figures, **{name: loaded[name] for name in _ENCUMBRANCE_FIGURES}, "at_value": at_value}


# Which calculator inputs a character fills: {calculator: {input: field or derived figure}}.
FILLS = {
    "shell.character": {name: name for name in _SHEET_FIELDS},
    "shell.encumbrance": {"st": "st_final", "load_lb": "load_lb", "body_weight_lb": "body_weight_lb"},
    "shell.combat": {"st": "st_final", "ag": "ag_final", "combat_level": "combat_level",
                     "best_combat_level": "best_combat_level", "encumbrance_level": "encumbrance_level", "mv": "mv"},
    "shell.close_combat": {"attacker_st": "st_final"},
    "shell.attack": {"attack_value": "at_value"},
    "shell.modifiers": {"attack_value": "at_value"},
    "shell.weapon": {"st": "st_final", "combat_level": "combat_level"},
    "shell.damage": {"natural_dr": "natural_dr", "base_hp": "hp", "lethal_before": "damage_taken"},
    "shell.recovery": {"ht": "ht", "base_hp": "hp", "base_end": "end"},
    "shell.fatigue": {"encumbrance_level": "encumbrance_level", "base_end": "end"},
}
for _calculator_id, _figures in FILLS.items():
    bind_character(_calculator_id, _figures)
