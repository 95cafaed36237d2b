"""The wilderness travel planner: a journey in up to three legs, at the slowest member's
pace, with the forced march toll over all the forced days together.

docs: bfrpg/wilderness.md#planning-a-journey
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, Working, declare_calculator
from ..dice import Rolled
from ..notation import number_text as n
from ..rolls import declare_roll
from .forced_march import FORCED_MARCH_FACTOR, forced_march_save, forced_march_toll
from .shared import MOVEMENT_DEFAULT, SAVE_DEFAULT, SCORE_DEFAULT, SYSTEM, WILDERNESS_PAGE, multiplier_text
from .time_scale import wilderness_miles
from .wilderness import AIR_FACTOR, TERRAIN, TERRAIN_CHOICES

LEGS = 3
MEMBERS = 4


def _planner_inputs() -> list[Input]:
    inputs = [Input("member_1_ft", "Member 1 movement", "int", MOVEMENT_DEFAULT, unit="ft/round", min=5, max=480)]
    for i in range(2, MEMBERS + 1):
        inputs.append(Input(f"member_{i}_ft", f"Member {i} movement", "int", 30 if i == 2 else 0,
                            unit="ft/round", min=0, max=480, help="leave at 0 when the party is smaller"))
    for i in range(1, LEGS + 1):
        inputs.append(Input(f"leg_{i}_terrain", f"Leg {i} terrain", "choice",
                            ("trail", "forest", "hills")[i - 1], choices=TERRAIN_CHOICES))
        inputs.append(Input(f"leg_{i}_days", f"Leg {i} days", "int", (2, 1, 0)[i - 1], unit="days",
                            min=0, max=60, help="leave at 0 when the journey has fewer legs"))
        inputs.append(Input(f"leg_{i}_forced", f"Leg {i} forced march", "bool", False))
    inputs += [
        Input("by_air", "Travelling by air", "bool", False),
        Input("death_ray_save", "Save vs. Death Ray", "int", SAVE_DEFAULT, min=1, max=20,
              help="for forced march damage, the party member with the worst save: the highest save target "
                   "number once the Constitution bonus is counted"),
        Input("constitution", "Constitution", "int", SCORE_DEFAULT, min=3, max=18,
              help="of that same party member"),
    ]
    return inputs


@declare_calculator(
    id="bfrpg.travel",
    system=SYSTEM,
    title="Wilderness travel planner",
    summary="A journey in up to three legs: the slowest member's pace, miles per leg, total miles and days, "
            "and the forced march toll.",
    page=WILDERNESS_PAGE,
    inputs=_planner_inputs(),
    outputs=[
        Output("pace_ft", "Party pace", "ft/round", min=1, max=480),
        Output("slowest_member", "Slowest member", help="whose movement sets the pace (the first, on a tie)",
               min=1, max=MEMBERS, names_member=True),
        *(Output(f"leg_{i}_miles", f"Leg {i}", "miles", min=0) for i in range(1, LEGS + 1)),
        Output("journey_miles", "Total distance", "miles", min=0),
        Output("journey_days", "Total days", "days", min=0, max=60 * LEGS),
        Output("forced_march_days", "Forced march days", "days", min=0, max=60 * LEGS),
        Output("march_damage_chance", "Chance of forced march damage", format="percent"),
        Output("march_damage_average", "Forced march damage, average", "HP", min=0),
        Output("march_damage_most", "Forced march damage, at most", "HP", min=0),
    ],
)
def travel(step: Working, by_air: bool, death_ray_save: int, constitution: int, **inputs: Any) -> dict[str, Any]:
    """A journey of up to three legs for a party of up to four: the pace of its slowest
    member, the miles of each leg by its terrain (or by air) and forced march, the totals, and
    the forced march toll over all the forced days as one run. The rules of docs:
    bfrpg/wilderness.md#planning-a-journey; the page's worked example, a 40' and a 30'
    member taking two days of road, two forced days of forest and a day of mountains:

    >>> from rulescore import calculate
    >>> result = calculate("bfrpg.travel", {
    ...     "member_1_ft": 40, "member_2_ft": 30, "leg_1_terrain": "road", "leg_1_days": 2,
    ...     "leg_2_terrain": "forest", "leg_2_days": 2, "leg_2_forced": True,
    ...     "leg_3_terrain": "mountains", "leg_3_days": 1})
    >>> result["pace_ft"], result["slowest_member"], result["leg_1_miles"], result["leg_2_miles"]
    (30, 2, 48, 36)
    >>> result["journey_miles"], result["journey_days"], result["forced_march_days"]
    (90, 5, 2)
    >>> result["march_damage_chance"]
    0.55
    """
    speeds = [inputs[f"member_{i}_ft"] for i in range(1, MEMBERS + 1) if inputs[f"member_{i}_ft"] > 0]
    pace = min(speeds)
    slowest = next(i for i in range(1, MEMBERS + 1) if inputs[f"member_{i}_ft"] == pace)
    step(f"Pace: a group moves at its slowest member's rate = the least of {', '.join(map(str, speeds))} "
         f"= {pace}' per round.", rule="#wilderness-movement-rates")
    base = wilderness_miles(pace)
    step(f"Wilderness rate = 0.6 × {pace} = {n(base)} miles in an 8-hour day of open, clear terrain.",
         rule="#wilderness-movement-rates")
    out: dict[str, Any] = {"pace_ft": pace, "slowest_member": slowest}
    total_miles, total_days, forced_days = Fraction(0), 0, 0
    for i in range(1, LEGS + 1):
        days = inputs[f"leg_{i}_days"]
        ground = TERRAIN[inputs[f"leg_{i}_terrain"]]
        forced = inputs[f"leg_{i}_forced"]
        if not days:
            out[f"leg_{i}_miles"] = None  # no such leg: the page hides it
            continue
        daily = AIR_FACTOR * base if by_air else ground.factor * base
        how = "by air (×2, terrain ignored)" if by_air else f"{ground.label.lower()} {multiplier_text(ground.factor)}"
        if forced:
            daily *= FORCED_MARCH_FACTOR
            how += ", forced march ×1.5"
            forced_days += days
        miles = daily * days
        out[f"leg_{i}_miles"] = miles
        total_miles += miles
        total_days += days
        step(f"Leg {i}: {how} = {n(daily)} miles a day × {days} = {n(miles)} miles.",
             rule="#travelling-by-air" if by_air else "#terrain")
    step(f"Journey: {n(total_miles)} miles in {total_days} days.", rule="#planning-a-journey")
    any_damage, expected, most = forced_march_toll(step, forced_days, death_ray_save, constitution)
    out.update({
        "journey_miles": total_miles,
        "journey_days": total_days,
        "forced_march_days": forced_days,
        "march_damage_chance": any_damage,
        "march_damage_average": expected,
        "march_damage_most": most,
    })
    return out


@declare_roll("bfrpg.travel", "1d20")
def resolve_travel(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """A forced march day's save vs. Death Ray for the party's member, rolled (as on
    bfrpg.overland).

    >>> from rulescore import resolve
    >>> resolve("bfrpg.travel", {"leg_1_forced": True}, dice=[20])["outcome"]
    'success'
    """
    forced = any(result.inputs[f"leg_{leg}_forced"] and result.inputs[f"leg_{leg}_days"] for leg in (1, 2, 3))
    return forced_march_save(step, rolled, result, bool(forced))
