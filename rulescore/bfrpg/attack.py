"""Attack rolls (docs: bfrpg/combat.md#attacking): 1d20 plus the attack bonus, the Strength
bonus in melee or the Dexterity bonus with missiles, and the adjustments, against the
target's Armor Class; a natural 1 always misses and a natural 20 always hits. The same d20
rule as a saving throw (:mod:`.saves`), so its functions decide it.

A fighter with +1 and Strength 16 (+2) swinging at AC 14 needs 11 or more:

>>> from rulescore import calculate
>>> r = calculate("bfrpg.attack", {"attack_bonus": 1, "ability_bonus": 2, "target_ac": 14})
>>> r["total_bonus"], r["needed"], r["hit_chance"]
(3, 11, 0.5)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, Result, Working, declare_calculator
from ..dice import Rolled
from ..notation import percent_text, signed, term
from ..rolls import declare_roll
from .saves import NATURAL_FAIL, NATURAL_SUCCESS, save_chance, save_result, save_succeeds
from .shared import COMBAT_PAGE as PAGE
from .shared import SYSTEM

RULE = "#attacking"
RANGES = (("melee", "melee", 0), ("short", "missile, short range", 1), ("medium", "missile, medium range", 0),
          ("long", "missile, long range", -2), ("within_5_ft", "missile at a foe within 5 ft", -5))
RANGE_BONUS = {key: bonus for key, _, bonus in RANGES}
FROM_BEHIND, CHARGE, SUBDUE = 2, 2, -4
AC_DEFAULT = 11  # no armour

INPUTS = (
    Input("attack_bonus", "Attack bonus", "int", 1, min=0, max=16,
          help="by class and level, or from a monster's hit dice"),
    Input("ability_bonus", "Strength or Dexterity bonus", "int", 0, min=-3, max=3,
          help="Strength in melee, Dexterity with missiles; 0 for monsters"),
    Input("target_ac", "Target's Armor Class", "int", AC_DEFAULT, min=0, max=30),
    Input("range", "Attack", "choice", "melee", choices=tuple((key, label) for key, label, _ in RANGES),
          help="missiles: short +1, medium 0, long −2, a foe within 5 ft −5"),
    Input("from_behind", "From behind", "bool", False, help="+2"),
    Input("charge", "Charging", "bool", False, help="+2 to hit, double damage; −2 to your AC for the round"),
    Input("subdue", "Subduing (flat of the blade)", "bool", False, help="−4 to hit, half damage"),
    Input("other_modifier", "Other adjustments", "int", 0, min=-10, max=10, help="the GM's, for anything else"),
)


def adjustments(range: str, from_behind: bool, charge: bool, subdue: bool) -> list[tuple[str, int]]:
    """The adjustments that apply, each named with its bonus."""
    found = [(label, RANGE_BONUS[range]) for key, label, _ in RANGES if key == range and RANGE_BONUS[range]]
    if from_behind:
        found.append(("from behind", FROM_BEHIND))
    if charge:
        found.append(("charging", CHARGE))
    if subdue:
        found.append(("subduing", SUBDUE))
    return found


@declare_calculator(
    id="bfrpg.attack",
    system=SYSTEM,
    title="Attack roll",
    summary="What a d20 must show to hit an Armor Class, and the chance of it.",
    page=PAGE,
    inputs=list(INPUTS),
    outputs=[
        Output("total_bonus", "Added to the d20"),
        Output("needed", "Hits on a d20 of", help="a natural 20 always hits, a natural 1 always misses"),
        Output("hit_chance", "Chance to hit", format="percent"),
    ],
)
def attack(step: Working, attack_bonus: int, ability_bonus: int, target_ac: int, range: str, from_behind: bool,
           charge: bool, subdue: bool, other_modifier: int) -> dict[str, Any]:
    """The bonus, the lowest d20 face that hits, and the chance.

    >>> from rulescore import calculate
    >>> calculate("bfrpg.attack", {"attack_bonus": 0, "target_ac": 30})["needed"]  # only a natural 20
    20
    >>> calculate("bfrpg.attack", {"attack_bonus": 16, "target_ac": 2, "range": "short"})["needed"]
    2
    """
    if charge and range != "melee":
        step("A charge is a melee attack: the charging bonus is for melee only.", rule=RULE)
    found = adjustments(range, from_behind, charge and range == "melee", subdue)
    total = attack_bonus + ability_bonus + sum(bonus for _, bonus in found) + other_modifier
    parts = [f"attack bonus {signed(attack_bonus)}", f"ability bonus {signed(ability_bonus)}",
             *(f"{label} {signed(bonus)}" for label, bonus in found)]
    if other_modifier:
        parts.append(f"other {signed(other_modifier)}")
    step(f"Added to the d20: {', '.join(parts)} = {signed(total)}.", rule=RULE)
    needed = min(max(target_ac - total, NATURAL_FAIL + 1), NATURAL_SUCCESS)
    step(f"Hits when d20 {term(total)} reaches AC {target_ac}: a roll of {needed} or more; a natural 1 always "
         f"misses and a natural 20 always hits.", rule=RULE)
    chance: Fraction = save_chance(target_ac, total)
    step.chart(f"1d20 {term(total)} against AC {target_ac}",
               roll_bars(dice.distribution(1, 20),
                         lambda roll: "success" if save_succeeds(roll, total, target_ac) else "failure"),
               f"hits {percent_text(chance)} of the time")
    return {"total_bonus": total, "needed": needed, "hit_chance": chance}


@declare_roll("bfrpg.attack", "1d20")
def resolve_attack(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The attack rolled: a success is a hit (then roll damage), the margin the total − AC.

    >>> from rulescore import resolve
    >>> r = resolve("bfrpg.attack", {"attack_bonus": 1, "target_ac": 14}, dice=[13])
    >>> r["outcome"], r["margin"]
    ('success', 0)
    >>> resolve("bfrpg.attack", {"attack_bonus": 1, "target_ac": 2}, dice=[1])["outcome"]
    'failure'
    """
    return save_result(step, rolled.total, result["total_bonus"], result.inputs["target_ac"], "Attack roll",
                       RULE)
