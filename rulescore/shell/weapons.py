"""Weapon damage (docs: shell/damage.md#damage, shell/genres.md#weapons): ST's base damage
plus the weapon's adjustment, grip, combat skill and charge; a weapon's minimum ST; the three
damage types.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, Working, declare_calculator
from ..notation import dice as dice_notation
from ..notation import dice_shown, dice_text, signed
from ..notation import number_text as n
from .common import CHART_RANGE, COMBAT_LEVEL_DEFAULT, SYSTEM, attribute_input, st_damage
from .skills import combat_damage_bonus


class DamageType(NamedTuple):
    value: str  # the choice's value
    label: str
    abbr: str  # as a weapon lists it: "+1 cr"


DAMAGE_TYPES = (DamageType("cutting", "Cutting (cut)", "cut"), DamageType("crushing", "Crushing (cr)", "cr"),
                DamageType("impaling", "Impaling (imp)", "imp"))
DAMAGE_ABBR = {row.value: row.abbr for row in DAMAGE_TYPES}
DAMAGE_TYPE_CHOICES = tuple((row.value, row.label) for row in DAMAGE_TYPES)

TWO_HANDED_MIN_ST = -2  # two hands on a one-or-two-handed weapon: minimum ST −2 ...
TWO_HANDED_DAMAGE = 1  # ... and damage +1
ST_OVER_MINIMUM = 5  # damage uses at most ST = minimum ST + 5
CHARGE_UNITS_PER_DAMAGE = 5
BARE_HAND_ADDS = -4


class WeaponST(NamedTuple):
    damage_st: int  # the ST the damage uses
    skill_modifier: int  # to skill, for ST below the minimum
    judged_min_st: int  # the minimum ST that judges the skill


def weapon_st(st: int, min_st: int, two_handed: bool) -> WeaponST:
    """The ST a wielder's damage uses, and the skill penalty for a weapon too heavy for them.

    Our reading of two-handed use: the lowered minimum (−2) is the one low ST is judged
    against, but the damage cap stays at the weapon's own minimum + 5. Lowering the cap as
    well would take damage away from a strong wielder, so that two hands did less than one;
    the rule means two hands to help, never to hurt.

    >>> weapon_st(18, 12, two_handed=True)
    WeaponST(damage_st=17, skill_modifier=0, judged_min_st=10)
    """
    judged = max(min_st + TWO_HANDED_MIN_ST, 0) if two_handed else min_st
    skill_mod = st - judged if judged and st < judged else 0
    damage_st = st
    if min_st and st > min_st + ST_OVER_MINIMUM:
        damage_st = max(min_st + ST_OVER_MINIMUM, CHART_RANGE.low)
    return WeaponST(damage_st, skill_mod, judged)


def damage_distribution(dice_count: int, adds: int) -> dict[int, Fraction]:
    """{HP of damage: probability} for ``dice_count``d6 + ``adds``; a total below 0 does no damage.

    >>> damage_distribution(1, -5)
    {0: Fraction(5, 6), 1: Fraction(1, 6)}
    """
    out: dict[int, Fraction] = {}
    for total, p in dice.distribution(dice_count, 6).items():
        done = max(total + adds, 0)
        out[done] = out.get(done, Fraction(0)) + p
    return out


@declare_calculator(
    id="shell.weapon",
    system=SYSTEM,
    title="Weapon damage",
    summary="The damage roll for a weapon in a character's hands: ST, minimum ST, grip, skill and charge.",
    page="shell/damage/",
    inputs=[
        attribute_input("st", "ST"),
        Input("weapon_adds", "Weapon damage", "int", 0, min=-6, max=6, help="+0 long sword; −4 bare hand"),
        Input("damage_type", "Damage type", "choice", "cutting", choices=DAMAGE_TYPE_CHOICES),
        Input("min_st", "Minimum ST", "int", 0, min=0, max=20, help="0 for a weapon with no minimum"),
        Input("two_handed", "Two hands on a one-or-two-handed weapon", "bool", False,
              help="minimum ST −2 for wielding it, damage +1"),
        Input("combat_level", "Combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20),
        Input("charge_units", "Units moved to attack", "int", 0, unit="units", min=0, max=50,
              help="a charge: +1 damage for every 5"),
    ],
    outputs=[
        Output("damage", "Damage roll", format="dice"),
        Output("damage_st", "ST the damage uses", min=CHART_RANGE.low, max=CHART_RANGE.high),
        Output("total_adds", "Total adds", min=-6, max=23),
        Output("skill_modifier", "Skill modifier for low ST", min=-13, max=0),
    ],
)
def weapon(step: Working, st: int, weapon_adds: int, damage_type: str, min_st: int, two_handed: bool,
           combat_level: int, charge_units: int) -> dict[str, Any]:
    """The damage roll of a weapon in a character's hands: the base damage for ST (at most
    the weapon's minimum ST + 5), plus the weapon's adjustment, +1 for two hands on a
    one-or-two-handed weapon, the combat skill's bonus and +1 for every 5 units of a charge;
    and the skill penalty for ST below the minimum (docs: shell/damage.md#damage,
    shell/genres.md#weapons).

    >>> from rulescore import calculate
    >>> one = calculate("shell.weapon", {"st": 18, "min_st": 12, "combat_level": 1})
    >>> two = calculate("shell.weapon", {"st": 18, "min_st": 12, "combat_level": 1, "two_handed": True})
    >>> one["damage_st"], one["damage"], two["damage"]
    (17, '2d+3 cut', '2d+4 cut')
    """
    damage_st, skill_mod, judged = weapon_st(st, min_st, two_handed)
    grip = TWO_HANDED_DAMAGE if two_handed else 0
    if two_handed:
        step(f"Two-handed use: minimum ST for wielding it {min_st} − 2 = {judged}"
             + (" (none)" if min_st and not judged else "") + ", damage +1.", rule="shell/genres/#weapons")
    if skill_mod:
        step(f"ST {st} is below the minimum {judged}: {signed(skill_mod)} to skill.", rule="shell/genres/#weapons")
    if damage_st != st:
        cap = min_st + ST_OVER_MINIMUM
        step(f"ST {st} is more than 5 over the weapon's minimum ST: damage uses ST {min_st} + 5 = {cap}"
             + (f", and the chart starts at ST {CHART_RANGE.low}" if cap < CHART_RANGE.low else "")
             + (" (two hands do not lower this cap: our reading)." if two_handed else "."),
             rule="shell/genres/#weapons")
    dice_count, base_adds = st_damage(damage_st)
    skill_bonus = combat_damage_bonus(combat_level)
    charge = charge_units // CHARGE_UNITS_PER_DAMAGE
    adds = weapon_adds + grip + skill_bonus + charge
    step(f"Base damage for ST {damage_st} = {dice_shown(dice_count, base_adds)}; weapon "
         f"{signed(weapon_adds)}, grip {signed(grip)}, combat level {combat_level} {signed(skill_bonus)}, charge "
         f"{charge_units} units {signed(charge)}: {signed(adds)} in all.", rule="#damage")
    text = f"{dice_notation(dice_count, base_adds + adds)} {DAMAGE_ABBR[damage_type]}"
    step(f"Damage roll = {dice_text(text)} (a roll below 0 does no damage).", rule="#damage")
    spread = damage_distribution(dice_count, base_adds + adds)
    mean = sum((hp * p for hp, p in spread.items()), Fraction(0))
    step.chart(f"Damage {dice_text(text)}", roll_bars(spread, lambda hp: "neutral"),
               f"averages {n(mean)} HP before DR")
    return {"damage": text, "damage_st": damage_st, "total_adds": adds, "skill_modifier": skill_mod}
