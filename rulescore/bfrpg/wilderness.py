"""Overland travel: miles a day from the movement rate, terrain, forced marches and travel
by air. (The rate itself, 0.6 × feet per round, is in time_scale.py; the forced march toll
in forced_march.py; the journey planner in planner.py.)

docs: bfrpg/wilderness.md#overland-travel
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..rolls import declare_roll
from .forced_march import FORCED_MARCH_FACTOR, FORCED_MARCH_HOURS, forced_march_save, forced_march_toll
from .shared import (
    MOVEMENT_DEFAULT,
    SAVE_DEFAULT,
    SCORE_DEFAULT,
    SYSTEM,
    WILDERNESS_PAGE,
    fraction_text,
    multiplier_text,
)
from .time_scale import wilderness_miles

DAY_HOURS = 8
AIR_FACTOR = 2
AIRBORNE_MINIMUM = Fraction(1, 3)


class Terrain(NamedTuple):
    """A kind of ground and what it multiplies the day's distance by."""

    key: str
    label: str
    factor: Fraction


TERRAINS = (
    Terrain("clear", "Clear", Fraction(1)), Terrain("plains", "Plains", Fraction(1)),
    Terrain("trail", "Trail", Fraction(1)),
    Terrain("road", "Road (paved)", Fraction(4, 3)),
    Terrain("desert", "Desert", Fraction(2, 3)), Terrain("forest", "Forest", Fraction(2, 3)),
    Terrain("hills", "Hills", Fraction(2, 3)),
    Terrain("jungle", "Jungle", Fraction(1, 3)), Terrain("mountains", "Mountains", Fraction(1, 3)),
    Terrain("swamp", "Swamp", Fraction(1, 3)),
)
TERRAIN = {terrain.key: terrain for terrain in TERRAINS}
TERRAIN_CHOICES = tuple((terrain.key, terrain.label) for terrain in TERRAINS)


@declare_table("bfrpg.wilderness_rates")
def wilderness_rates_table() -> TableContent:
    rows = tuple((f"{ft}'", n(wilderness_miles(ft)), n(FORCED_MARCH_FACTOR * wilderness_miles(ft)),
                  n(AIR_FACTOR * wilderness_miles(ft)))
                 for ft in range(10, 130, 10))
    return TableContent("Wilderness movement rates (miles per day)",
                        ("Movement per round", "Normal (8 hours)", "Forced march (12 hours)", "By air"), rows,
                        "For open, clear terrain: miles per day = 0.6 × feet per round. "
                        "A group moves at its slowest member's rate.")


@declare_table("bfrpg.terrain")
def terrain_table() -> TableContent:
    groups: dict[Fraction, list[str]] = {}
    for terrain in TERRAINS:
        groups.setdefault(terrain.factor, []).append(terrain.label)
    rows = tuple((", ".join(labels), multiplier_text(factor), n(factor * wilderness_miles(40)))
                 for factor, labels in sorted(groups.items(), reverse=True))
    return TableContent("Terrain", ("Terrain", "Distance", "Miles per day at 40'"), rows,
                        "Flying ignores terrain.")


@declare_calculator(
    id="bfrpg.overland",
    system=SYSTEM,
    title="Overland travel",
    summary="Miles covered in a day by terrain, forced march or flight, and what a forced march costs in hit points.",
    page=WILDERNESS_PAGE,
    inputs=[
        Input("movement_ft", "Movement rate", "int", MOVEMENT_DEFAULT, unit="ft/round", min=5, max=480,
              help="the slowest member's rate per combat round"),
        Input("terrain", "Terrain", "choice", "clear", choices=TERRAIN_CHOICES),
        Input("forced_march", "Forced march", "bool", False, help="12 hours a day instead of 8"),
        Input("by_air", "Travelling by air", "bool", False),
        Input("days", "Days of travel", "int", 3, unit="days", min=1, max=60,
              help="days in a row, for the forced march risk"),
        Input("death_ray_save", "Save vs. Death Ray", "int", SAVE_DEFAULT, min=1, max=20,
              help="the target number from the character's saving throw table"),
        Input("constitution", "Constitution", "int", SCORE_DEFAULT, min=3, max=18),
    ],
    outputs=[
        Output("miles_per_day", "Miles per day", "miles", min=0),
        Output("total_miles", "Miles over all the days", "miles", min=0),
        Output("hours_per_day", "Hours of travel a day", "h", min=DAY_HOURS, max=FORCED_MARCH_HOURS),
        Output("min_airborne_ft", "Slowest speed that stays aloft", "ft/round",
               help="winged fliers; shown only when travelling by air", min=0),
        Output("damage_chance", "Chance of forced march damage", format="percent"),
        Output("expected_damage", "Forced march damage, average", "HP", min=0),
        Output("most_damage", "Forced march damage, at most", "HP", min=0),
    ],
)
def overland(step: Working, movement_ft: int, terrain: str, forced_march: bool, by_air: bool, days: int,
             death_ray_save: int, constitution: int) -> dict[str, Any]:
    """Miles a party covers in a day and over several days, by terrain, forced march or flight,
    and what a forced march costs in hit points (the save vs. Death Ray each day after the
    first). The rules of docs: bfrpg/wilderness.md#overland-travel,
    bfrpg/wilderness.md#forced-march and bfrpg/wilderness.md#travelling-by-air; the page's
    worked example, a 30' party force-marching four days through hills, save 12,
    Constitution 13:

    >>> from rulescore import calculate
    >>> result = calculate("bfrpg.overland", {"movement_ft": 30, "terrain": "hills", "forced_march": True,
    ...                                       "days": 4, "death_ray_save": 12, "constitution": 13})
    >>> result["miles_per_day"], result["total_miles"], result["hours_per_day"]
    (18, 72, 12)
    >>> result["damage_chance"], result["expected_damage"], result["most_damage"]
    (0.875, 7.4375, 18)
    """
    base = wilderness_miles(movement_ft)
    step(f"Wilderness rate = 0.6 × feet per round = 0.6 × {movement_ft} = {n(base)} miles in an 8-hour day.",
         rule="#wilderness-movement-rates")
    ground = TERRAIN[terrain]
    if by_air:
        miles = AIR_FACTOR * base
        step(f"By air: double the rate and ignore terrain = 2 × {n(base)} = {n(miles)} miles.",
             rule="#travelling-by-air")
    else:
        miles = ground.factor * base
        step(f"Terrain: {ground.label.lower()} is {multiplier_text(ground.factor)}: {n(base)} × "
             f"{fraction_text(ground.factor)} = {n(miles)} miles.", rule="#terrain")
    hours = DAY_HOURS
    if forced_march:
        hours = FORCED_MARCH_HOURS
        step(f"Forced march: 12 hours instead of 8 adds 50% = {n(miles)} × 1.5 = "
             f"{n(miles * FORCED_MARCH_FACTOR)} miles.",
             rule="#forced-march")
        miles = miles * FORCED_MARCH_FACTOR
    any_damage, expected, most = forced_march_toll(step, days if forced_march else 0, death_ray_save, constitution)
    total = miles * days
    step(f"Over {days} day{'s' if days != 1 else ''}: {n(miles)} × {days} = {n(total)} miles.",
         rule="#overland-travel")
    airborne = Fraction(movement_ft) * AIRBORNE_MINIMUM if by_air else None
    if by_air:
        step(f"Staying aloft: most winged creatures need at least a third of their movement = "
             f"{movement_ft} / 3 = {n(airborne)}' per round.", rule="#travelling-by-air")
    return {
        "miles_per_day": miles,
        "total_miles": total,
        "hours_per_day": hours,
        "min_airborne_ft": airborne,
        "damage_chance": any_damage,
        "expected_damage": expected,
        "most_damage": most,
    }


@declare_roll("bfrpg.overland", "1d20")
def resolve_overland(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """A forced march day's save vs. Death Ray, rolled: 1d20 + the Constitution bonus against
    the save, a natural 1 failing and a natural 20 succeeding.

    >>> from rulescore import resolve
    >>> r = resolve("bfrpg.overland", {"forced_march": True, "death_ray_save": 12, "constitution": 13}, dice=[11])
    >>> r["outcome"], r["margin"]
    ('success', 0)
    """
    return forced_march_save(step, rolled, result, result.inputs["forced_march"])
