"""Range and aiming (docs: shell/combat.md#range-and-aiming): the range chart, a moving
target, aiming, cover, and a low-tech weapon's speed at long range.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import signed, span, term
from .common import SYSTEM


class RangeBand(NamedTuple):
    farthest: Fraction  # units; a distance exactly on the limit belongs to the band
    modifier: int  # to AT


RANGE_BANDS = (RangeBand(Fraction(2), 0), RangeBand(Fraction(5), -1), RangeBand(Fraction(10), -2),
               RangeBand(Fraction(16), -3), RangeBand(Fraction(25), -4), RangeBand(Fraction(40), -5))
RANGE_GROWTH = Fraction(3, 2)
MAX_AIM_BONUS = 3
COVER_PENALTY = -3


def range_limits(count: int = 14) -> list[RangeBand]:
    """The bands of the range chart, the listed ones first, up to ``count`` of them.

    Our reading: past 40 units each band reaches 1.5 times as far as the one before
    (60, 90, 135, 202.5 ...); a distance exactly on a limit belongs to that band.

    >>> [(float(band.farthest), band.modifier) for band in range_limits(9)[6:]]
    [(60.0, -6), (90.0, -7), (135.0, -8)]
    """
    bands = list(RANGE_BANDS)
    while len(bands) < count:
        last = bands[-1]
        bands.append(RangeBand(last.farthest * RANGE_GROWTH, last.modifier - 1))
    return bands


def range_modifier(units: Fraction | int) -> int:
    """AT modifier for a distance (or a target's move) in units; 0 up to 2 units.

    >>> range_modifier(8), range_modifier(40), range_modifier(41), range_modifier(203)
    (-2, -5, -6, -10)
    """
    units = Fraction(units)
    if units <= 0:
        return 0
    for band in RANGE_BANDS:
        if units <= band.farthest:
            return band.modifier
    limit, mod = RANGE_BANDS[-1].farthest, RANGE_BANDS[-1].modifier
    while units > limit:
        limit *= RANGE_GROWTH
        mod -= 1
    return mod


@declare_calculator(
    id="shell.ranged",
    system=SYSTEM,
    title="Ranged attack modifiers",
    summary="The AT modifier for range, a moving target, aiming and cover, and the weapon's speed at that range.",
    page="shell/combat/",
    inputs=[
        Input("range_units", "Range", "int", 8, unit="units", min=1, max=2000),
        Input("aim_turns", "Turns spent aiming", "int", 0, min=0, max=10, help="+1 a turn, at most +3"),
        Input("cover", "Obstructions", "int", 0, min=0, max=5, help="−3 for each"),
        Input("target_moved_units", "Target's move", "int", 0, unit="units", min=0, max=100,
              help="units the target moved in its last turn; 0 if it stood still"),
        Input("can_see_target", "Can see the target", "bool", True),
        Input("weapon_speed", "Weapon speed", "int", 2, min=1, max=5, help="thrown 1, bows 2, guns 3"),
        Input("low_tech", "Low-tech weapon", "bool", True, help="bows, slings, thrown weapons"),
        Input("max_range_units", "Weapon's maximum range", "int", 0, unit="units", min=0, max=2000,
              help="leave at 0 when the weapon's maximum range is not known"),
    ],
    outputs=[
        Output("range_modifier", "Range", min=-15, max=0),
        Output("moving_modifier", "Moving target", min=-8, max=0),
        Output("aim_bonus", "Aim", min=0, max=MAX_AIM_BONUS),
        Output("cover_modifier", "Cover", min=5 * COVER_PENALTY, max=0),
        Output("total_modifier", "Total AT modifier", min=-38, max=MAX_AIM_BONUS),
        Output("effective_speed", "Weapon speed at this range", min=1, max=5),
        Output("attack_possible", "Attack possible"),
    ],
)
def ranged(step: Working, range_units: int, aim_turns: int, cover: int, target_moved_units: int,
           can_see_target: bool, weapon_speed: int, low_tech: bool, max_range_units: int) -> dict[str, Any]:
    """The AT modifier of a ranged attack: the range chart (read again for the units a moving
    target moved), +1 a turn of aiming up to +3, −3 per obstruction of cover; and the weapon's
    speed at that range, a low-tech weapon dropping to speed 1 beyond half its maximum range
    (docs: shell/combat.md#range-and-aiming).

    >>> from rulescore import calculate
    >>> shot = calculate("shell.ranged", {"range_units": 60, "aim_turns": 2, "cover": 1})
    >>> shot["range_modifier"], shot["aim_bonus"], shot["cover_modifier"], shot["total_modifier"]
    (-6, 2, -3, -7)
    """
    rng = range_modifier(range_units)
    step(f"Range chart: {range_units} units gives {signed(rng)}.", rule="#range-and-aiming")
    moving = range_modifier(target_moved_units)
    if target_moved_units:
        step(f"Moving target: its move of {target_moved_units} units read on the range chart gives {signed(moving)}.",
             rule="#range-and-aiming")
    aim = min(aim_turns, MAX_AIM_BONUS)
    if aim_turns:
        step(f"Aim: +1 a turn, at most +3: {aim_turns} turns give {signed(aim)}.", rule="#attack-modifiers")
    cov = COVER_PENALTY * cover
    if cover:
        step(f"Cover: −3 per obstruction × {cover} = {signed(cov)}.", rule="#attack-modifiers")
    total = rng + moving + aim + cov
    step(f"Total AT modifier = {signed(rng)} {term(moving)} {term(aim)} {term(cov)} = {signed(total)}.",
         rule="#range-and-aiming")
    speed = weapon_speed
    if low_tech and max_range_units and Fraction(range_units) > Fraction(max_range_units, 2) and speed > 1:
        speed = 1
        step(f"A low-tech weapon beyond half its maximum range ({n(Fraction(max_range_units, 2))} units) "
             f"has speed 1.", rule="#ranged-attacks")
    possible = can_see_target and (max_range_units == 0 or range_units <= max_range_units)
    if not can_see_target:
        step("The attacker cannot see the defender: no ranged attack is possible.", rule="#attack-modifiers")
    elif not possible:
        step(f"{range_units} units is beyond the weapon's maximum range of {max_range_units}: no attack.",
             rule="#range-and-aiming")
    return {"range_modifier": rng, "moving_modifier": moving, "aim_bonus": aim, "cover_modifier": cov,
            "total_modifier": total, "effective_speed": speed, "attack_possible": possible}


@declare_table("shell.range_modifiers")
def range_modifiers_table() -> TableContent:
    rows = []
    low = 1
    for band in range_limits(12):
        high = math.floor(band.farthest)
        rows.append((span(low, high), signed(band.modifier)))
        low = high + 1
    return TableContent("Range modifiers", ("Range (units)", "AT"), tuple(rows),
                        "Past 40 units each band reaches 1.5 times as far as the one before (our reading).")
