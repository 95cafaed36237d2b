"""Throwing (docs: gurps/throwing.md): what you can throw, with how many hands, how far (the
distance table by weight ratio), how hard (thrust damage changed by weight), and the roll to hit.

>>> distance_modifier(Fraction(3, 29)), thrown_damage_change(Fraction(3), 2)
(Fraction(2, 1), -1)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, Result, RulesInputError, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import dice, dice_shown, percent_text, signed
from ..notation import number_text as n
from ..rolls import declare_roll
from .common import SYSTEM, damage_chart, fine_text, ratio_text, roll_chart, rolled_success, success_odds
from .damage import ST_TOP, damage_for_st
from .encumbrance import basic_lift

THROW_LIMIT_MULTIPLE = 8      # anything you can pick up: 8 x BL
ONE_HAND_THROW_MULTIPLE = 2   # up to 2 x BL in one hand
SPECIFIC_TARGET_PENALTY = 3   # DX-3 to hit a chosen target, DX to lob into an area


class DistanceRow(NamedTuple):
    up_to: Fraction  # weight ratio (weight / BL) up to
    modifier: Fraction  # distance = ST x modifier, in yards


THROW_DISTANCE = tuple(DistanceRow(Fraction(ratio), Fraction(modifier)) for ratio, modifier in (
    ("0.05", "3.5"), ("0.10", "2.5"), ("0.15", "2.0"), ("0.20", "1.5"), ("0.40", "1.0"), ("0.50", "0.8"),
    ("1.0", "0.60"), ("1.5", "0.40"), ("2.0", "0.30"), ("2.5", "0.25"), ("3.0", "0.20"), ("4.0", "0.15"),
    ("6.0", "0.10"), ("10", "0.06"), ("12", "0.05"),
))


class DamageRow(NamedTuple):
    up_to: Fraction  # weight up to, as a multiple of BL
    per_die: Fraction  # damage change per die of thrust
    label: str


THROW_DAMAGE = (
    DamageRow(Fraction(1, 8), Fraction(-2), "Thrust, −2 per die"),
    DamageRow(Fraction(1, 4), Fraction(-1), "Thrust, −1 per die"),
    DamageRow(Fraction(1, 2), Fraction(0), "Thrust"),
    DamageRow(Fraction(1), Fraction(1), "Thrust, +1 per die"),
    DamageRow(Fraction(2), Fraction(0), "Thrust"),
    DamageRow(Fraction(4), Fraction(-1, 2), "Thrust, −½ per die (round down)"),
    DamageRow(Fraction(8), Fraction(-1), "Thrust, −1 per die"),
)
# The ratios a weight ratio is shown "just over" rather than rounded onto.
RATIO_LIMITS = {row.up_to for row in THROW_DISTANCE} | {row.up_to for row in THROW_DAMAGE}


def distance_modifier(ratio: Fraction) -> Fraction:
    """The table's modifier for a weight ratio; between two rows, the higher ratio's row."""
    for row in THROW_DISTANCE:
        if ratio <= row.up_to:
            return row.modifier
    raise ValueError(f"weight ratio {ratio} is past the table")


def thrown_damage_change(ratio: Fraction, dice_count: int) -> int:
    """The adds a thrown object's weight gives to thrust damage of ``dice_count`` dice.

    Our reading of "-1/2 per die (round down)": the total penalty is half the dice with the
    fraction dropped, so 1 die loses nothing, 2 or 3 dice lose 1.
    """
    for row in THROW_DAMAGE:
        if ratio <= row.up_to:
            total = row.per_die * dice_count
            return -math.floor(-total) if total < 0 else math.floor(total)
    raise ValueError(f"weight ratio {ratio} is over 8 × BL: too heavy to throw")


@declare_table("gurps.throwing_distance")
def throwing_distance_table() -> TableContent:
    rows = tuple((f"{float(row.up_to):g}", n(row.modifier)) for row in THROW_DISTANCE)
    return TableContent("Throwing distance", ("Weight ratio up to", "Distance modifier"), rows,
                        "Weight ratio = weight / BL; between two rows use the higher ratio. Distance = ST × "
                        "modifier, in yards. Nothing over 8 × BL can be thrown, so a ratio over 6 reads the row "
                        "for 10 and the row for 12 is never reached.")


@declare_table("gurps.throwing_damage")
def throwing_damage_table() -> TableContent:
    def weight(up_to: Fraction) -> str:
        if up_to < 1:
            return f"BL/{up_to.denominator}"
        return "BL" if up_to == 1 else f"{up_to} × BL"
    rows = tuple((f"up to {weight(row.up_to)}", row.label) for row in THROW_DAMAGE)
    return TableContent("Throwing damage", ("Weight", "Damage"), rows,
                        "Thrust is the thrust damage for your ST. Usually crushing. Over 8 × BL nothing can be "
                        "thrown.")


@declare_calculator(
    id="gurps.throwing",
    system=SYSTEM,
    title="Throwing",
    summary="How far you can throw an object, the damage it does, and whether it takes one hand or two.",
    page="gurps/throwing/",
    inputs=[
        Input("st", "ST", "int", 10, min=1, max=ST_TOP, help="Strength"),
        Input("weight_lb", "Object's weight", "number", 2, unit="lb", min=Fraction(1, 100), max=1_000_000),
        Input("dx", "DX", "int", 10, min=1, max=30, help="Dexterity, for the roll to hit"),
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb", min=0),
        Output("weight_ratio", "Weight ratio", help="weight / BL"),
        Output("can_throw", "Can throw it"),
        Output("hands", "Hands"),
        Output("distance_modifier", "Distance modifier", min=0, max=THROW_DISTANCE[0].modifier),
        Output("distance_yd", "Distance", "yd", min=0),
        Output("damage", "Damage", help="usually crushing", format="dice"),
        Output("target_roll", "Roll to hit a chosen target", help="DX − 3, before size, speed and range",
               min=1 - SPECIFIC_TARGET_PENALTY, max=30 - SPECIFIC_TARGET_PENALTY),
        Output("target_odds", "Chance to hit a chosen target", format="percent"),
        Output("area_roll", "Roll to lob into an area", help="DX, before size, speed and range", min=1, max=30),
        Output("area_odds", "Chance to land in the area", format="percent"),
    ],
)
def throwing(step: Working, st: int, weight_lb: Fraction, dx: int) -> dict[str, Any]:
    """Whether you can throw an object (up to 8 × BL) and with one hand or two, how far (ST × the
    distance modifier for its weight ratio), the damage it does, and the rolls to hit a chosen
    target or an area (docs: gurps/throwing.md#what-you-can-throw, #throwing-in-combat,
    #throwing-distance, #throwing-damage).

    The page's example, ST 12 throwing a 3 lb rock: ratio 3/29 reads the 0.15 row, 2 × 12 = 24 yd.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.throwing", {"st": 12, "weight_lb": 3})
    >>> r["weight_ratio"], r["distance_yd"], r["damage"], r["hands"]
    ('0.103', 24, '1d-3', 'one hand')
    """
    bl = basic_lift(st, step)
    ratio = weight_lb / bl
    step(f"Weight ratio = weight / BL = {fine_text(weight_lb)} / {n(bl)} = {ratio_text(ratio, RATIO_LIMITS)}.",
         rule="#throwing-distance")
    limit = THROW_LIMIT_MULTIPLE * bl
    target, area = dx - SPECIFIC_TARGET_PENALTY, dx
    if weight_lb > limit:
        step(f"Too heavy: only what you can pick up (8 × BL = {n(limit)} lb) can be thrown, "
             f"and {fine_text(weight_lb)} lb is more.", rule="#what-you-can-throw")
        # Nothing is thrown, so distance, damage and the rolls to hit do not apply.
        return {
            "basic_lift_lb": bl, "weight_ratio": ratio_text(ratio, RATIO_LIMITS), "can_throw": False,
            "hands": "too heavy to throw", "distance_modifier": None, "distance_yd": None, "damage": None,
            "target_roll": None, "target_odds": None, "area_roll": None, "area_odds": None,
        }
    one_hand = weight_lb <= ONE_HAND_THROW_MULTIPLE * bl
    hands = "one hand" if one_hand else "two hands"
    step(f"Hands: up to 2 × BL = {n(ONE_HAND_THROW_MULTIPLE * bl)} lb goes in one hand, heavier needs two: "
         f"{hands}.", rule="#throwing-in-combat")
    modifier = distance_modifier(ratio)
    row = next(row.up_to for row in THROW_DISTANCE if ratio <= row.up_to)
    distance = st * modifier
    step(f"Distance: ratio {ratio_text(ratio, RATIO_LIMITS)} reads the row for {float(row):g} (the next one up if "
         f"between rows), modifier {n(modifier)}; ST × modifier = {st} × {n(modifier)} = {n(distance)} yd.",
         rule="#throwing-distance")
    dice_count, adds = damage_for_st(st).thrust
    change = thrown_damage_change(ratio, dice_count)
    label = next(row.label for row in THROW_DAMAGE if ratio <= row.up_to)
    damage = dice(dice_count, adds + change)
    step(f"Damage: thrust for ST {st} is {dice_shown(dice_count, adds)}; this weight gives "
         f"\"{label}\", a change of {signed(change)}: {dice_shown(dice_count, adds + change)}.",
         rule="#throwing-damage")
    damage_chart(step, "Damage", dice_count, adds + change)
    target_odds = success_odds(target)["success"]
    area_odds = success_odds(area)["success"]
    step(f"To hit: DX − 3 = {n(target)} for a chosen target ({n(target_odds * 100)}%), DX = {n(area)} to lob "
         f"into an area ({n(area_odds * 100)}%), before size, speed and range modifiers.",
         rule="#throwing-in-combat")
    roll_chart(step, target, "DX − 3 =", f"hits a chosen target {percent_text(target_odds)} of the time")
    roll_chart(step, area, "DX", f"lands in the area {percent_text(area_odds)} of the time")
    return {
        "basic_lift_lb": bl, "weight_ratio": ratio_text(ratio, RATIO_LIMITS), "can_throw": True, "hands": hands,
        "distance_modifier": modifier, "distance_yd": distance, "damage": damage,
        "target_roll": target, "target_odds": target_odds, "area_roll": area, "area_odds": area_odds,
    }


THROWS = (("target", "At a chosen target (DX − 3)"), ("area", "Into an area (DX)"))


@declare_roll("gurps.throwing", "3d6",
              choice=Input("throw", "Throw", "choice", "target", choices=THROWS),
              notations=tuple((value, "3d6") for value, _ in THROWS))
def resolve_throwing(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """The roll to hit with a throw made: at a chosen target (DX − 3, unless the extra input
    ``throw`` is "area": DX), before size, speed and range.

    >>> from rulescore import resolve
    >>> resolve("gurps.throwing", {"dx": 12}, dice=[3, 3, 3])["margin"]
    0
    """
    target = result["target_roll" if which == "target" else "area_roll"]
    if target is None:
        raise RulesInputError("weight_lb", "Object's weight: too heavy to throw, so there is no roll to hit.")
    return rolled_success(step, rolled, target, "Roll to hit" if which == "target" else "Roll to land in the area")
