"""Climbing (docs: gurps/climbing.md): the Climbing roll by type of climb, how often to roll,
and how fast you climb at combat and regular speed.

>>> climbing_base(0, 12), climbing_rolls(Fraction(450)), time_text(3725)
(7, 2, '1 h 2 min 5 s')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, Result, RulesInputError, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, signed
from ..rolls import declare_roll
from .common import SYSTEM, roll_chart, rolled_success, success_odds
from .encumbrance import encumbrance_input

CLIMB_DEFAULT_PENALTY = 5          # Climbing defaults to DX-5
CLIMB_ROLL_EVERY_S = 5 * 60        # a roll to start, then one every five minutes
COMBAT_CLIMB_FP_PER_ROLL = 1


class Climb(NamedTuple):
    value: str
    name: str
    modifier: int | None  # None: no roll needed
    unit: str
    combat_rate: Fraction  # units per second
    regular_rate: Fraction
    combat_speed: str  # how the speeds read
    regular_speed: str


CLIMBS = (
    Climb("ladder_up", "Ladder, going up", None, "rung", Fraction(3), Fraction(1), "3 rungs/s", "1 rung/s"),
    Climb("ladder_down", "Ladder, going down", None, "rung", Fraction(2), Fraction(1), "2 rungs/s", "1 rung/s"),
    Climb("tree", "Ordinary tree", 5, "ft", Fraction(1), Fraction(1, 3), "1 ft/s", "1 ft per 3 s"),
    Climb("mountain", "Ordinary mountain", 0, "ft", Fraction(1, 2), Fraction(10, 60), "1 ft per 2 s", "10 ft/min"),
    Climb("stone_wall", "Vertical stone wall", -3, "ft", Fraction(1, 5), Fraction(4, 60), "1 ft per 5 s",
          "4 ft/min"),
    Climb("building", "Modern building", -3, "ft", Fraction(1, 10), Fraction(2, 60), "1 ft per 10 s", "2 ft/min"),
    Climb("rope_up", "Rope, going up", -2, "ft", Fraction(1), Fraction(20, 60), "1 ft/s", "20 ft/min"),
    Climb("rope_down", "Rope, going down without equipment", -1, "ft", Fraction(2), Fraction(30, 60),
          "2 ft/s", "30 ft/min"),
    Climb("rope_down_equipment", "Rope, going down with equipment", -1, "ft", Fraction(12), Fraction(12),
          "12 ft/s", "12 ft/s"),
)
CLIMB = {climb.value: climb for climb in CLIMBS}


def climbing_base(climbing_skill: int, dx: int) -> int:
    """The better of Climbing skill and its default, DX-5; a skill of 0 means never learned, so DX-5
    alone (even when that is below 0)."""
    default = dx - CLIMB_DEFAULT_PENALTY
    return max(climbing_skill, default) if climbing_skill else default


def climbing_rolls(seconds: Fraction) -> int:
    """One roll to start, then one at each full five minutes still spent climbing."""
    return max(math.ceil(Fraction(seconds) / CLIMB_ROLL_EVERY_S), 1)


def time_text(seconds: int | Fraction) -> str:
    """A duration as a reader says it: "45 s", "2 min 30 s", "1 h 5 min"."""
    seconds = Fraction(seconds)
    hours = math.floor(seconds / 3600)
    minutes = math.floor((seconds - 3600 * hours) / 60)
    rest = seconds - 3600 * hours - 60 * minutes
    parts = []
    if hours:
        parts.append(f"{hours} h")
    if minutes:
        parts.append(f"{minutes} min")
    if rest or not parts:
        parts.append(f"{n(rest)} s")
    return " ".join(parts)


@declare_table("gurps.climbing")
def climbing_table() -> TableContent:
    rows = tuple((climb.name, "no roll" if climb.modifier is None else signed(climb.modifier), climb.combat_speed,
                  climb.regular_speed) for climb in CLIMBS)
    return TableContent("Climbing", ("Type of climb", "Modifier", "Combat speed", "Regular speed"), rows,
                        "Subtract your encumbrance level as well. Climbing at combat speed costs 1 FP per Climbing "
                        "roll. Some cells are read from a damaged source table: see the note below it.")


@declare_calculator(
    id="gurps.climbing",
    system=SYSTEM,
    title="Climbing",
    summary="Your Climbing roll and its odds, how fast you climb at combat and regular speed, "
            "and how many rolls a climb takes.",
    page="gurps/climbing/",
    inputs=[
        Input("climb", "Type of climb", "choice", "mountain", choices=tuple((row.value, row.name) for row in CLIMBS)),
        Input("climbing_skill", "Climbing skill", "int", 12, min=0, max=30,
              help="leave at 0 if you never learned it: you then roll against DX − 5"),
        Input("dx", "DX", "int", 10, min=1, max=30, help="Dexterity; without the skill you roll against DX − 5"),
        encumbrance_input(),
        Input("height", "Height to climb", "int", 20, unit="ft", min=1, max=10_000,
              help="in rungs for a ladder"),
    ],
    outputs=[
        Output("roll_target", "Climbing roll against"),
        Output("success_odds", "Chance of each roll", format="percent"),
        Output("critical_failure_odds", "Chance of a critical failure", format="percent",
               help="a rope you tied yourself to does not save you"),
        Output("combat_speed", "Combat speed"),
        Output("regular_speed", "Regular speed"),
        Output("combat_time", "Time at combat speed"),
        Output("regular_time", "Time at regular speed"),
        Output("combat_rolls", "Rolls at combat speed", min=0),
        Output("regular_rolls", "Rolls at regular speed", min=0),
        Output("combat_fp", "FP spent at combat speed", "FP", min=0),
        Output("combat_all_odds", "Chance to make every roll, combat speed", format="percent"),
        Output("regular_all_odds", "Chance to make every roll, regular speed", format="percent"),
    ],
)
def climbing(step: Working, climb: str, climbing_skill: int, dx: int, encumbrance_level: int,
             height: int) -> dict[str, Any]:
    """The Climbing roll for a type of climb (skill or DX − 5, the climb's modifier, − encumbrance)
    and its odds, the time a climb takes at combat and regular speed, and the rolls and FP it costs
    (docs: gurps/climbing.md#the-climbing-roll, #how-often-to-roll, #types-of-climb-and-speeds).

    The page's example, 30 ft up a stone wall with Climbing 13 at Light encumbrance: 13 − 3 − 1 = 9.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.climbing", {"climb": "stone_wall", "climbing_skill": 13, "encumbrance_level": 1,
    ...                                  "height": 30})
    >>> r["roll_target"], r["combat_time"], r["regular_time"], r["regular_rolls"]
    (9, '2 min 30 s', '7 min 30 s', 2)
    """
    row = CLIMB[climb]
    modifier = row.modifier
    units = row.unit + ("s" if height != 1 else "") if row.unit == "rung" else row.unit
    combat_s = Fraction(height) / row.combat_rate
    regular_s = Fraction(height) / row.regular_rate
    step(f"{row.name}: combat speed {row.combat_speed}, regular speed {row.regular_speed}: {height} {units} take "
         f"{time_text(combat_s)} at combat speed, {time_text(regular_s)} at regular speed.",
         rule="#types-of-climb-and-speeds")
    if modifier is None:
        step("Ladders need no Climbing roll, so they cost no rolls and no FP.", rule="#the-climbing-roll")
        return {
            "roll_target": "no roll", "success_odds": 1, "critical_failure_odds": 0,
            "combat_speed": row.combat_speed, "regular_speed": row.regular_speed,
            "combat_time": time_text(combat_s), "regular_time": time_text(regular_s),
            "combat_rolls": 0, "regular_rolls": 0, "combat_fp": 0, "combat_all_odds": 1, "regular_all_odds": 1,
        }
    base = climbing_base(climbing_skill, dx)
    if base == climbing_skill and climbing_skill:
        source = f"Climbing skill {climbing_skill}"
    else:
        source = f"the default DX − 5 = {dx} − 5 = {n(base)}"
        if climbing_skill:
            source += f" (better than skill {climbing_skill})"
    target = base + modifier - encumbrance_level
    step(f"Climbing roll = {source}, {signed(modifier)} for the climb, − {encumbrance_level} encumbrance "
         f"= {n(target)}.", rule="#the-climbing-roll")
    odds = success_odds(target)
    step(f"Each roll on 3d6 against {n(target)}: {n(odds['success'] * 100)}% success, "
         f"{n(odds['critical failure'] * 100)}% critical failure; any failure is a fall.", rule="#falling")
    roll_chart(step, target, "Climbing", f"succeeds {percent_text(odds['success'])} of the time; "
               f"critical failure {percent_text(odds['critical failure'])}")
    combat_rolls, regular_rolls = climbing_rolls(combat_s), climbing_rolls(regular_s)
    step(f"Rolls: one to start and one more for each full 5 minutes still climbing: {combat_rolls} at combat "
         f"speed (costing {combat_rolls} FP, 1 per roll), {regular_rolls} at regular speed.",
         rule="#how-often-to-roll")
    return {
        "roll_target": target, "success_odds": odds["success"],
        "critical_failure_odds": odds["critical failure"],
        "combat_speed": row.combat_speed, "regular_speed": row.regular_speed,
        "combat_time": time_text(combat_s), "regular_time": time_text(regular_s),
        "combat_rolls": combat_rolls, "regular_rolls": regular_rolls,
        "combat_fp": COMBAT_CLIMB_FP_PER_ROLL * combat_rolls,
        "combat_all_odds": odds["success"] ** combat_rolls,
        "regular_all_odds": odds["success"] ** regular_rolls,
    }


@declare_roll("gurps.climbing", "3d6")
def resolve_climbing(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """One Climbing roll made (a climb may need several: ``combat_rolls``, ``regular_rolls``);
    any failure is a fall. A ladder needs no roll.

    >>> from rulescore import resolve
    >>> resolve("gurps.climbing", {"climb": "stone_wall", "climbing_skill": 13}, dice=[2, 3, 4])["outcome"]
    'success'
    """
    if not isinstance(result["roll_target"], int):
        raise RulesInputError("climb", "Type of climb: ladders need no Climbing roll, so there is nothing to roll.")
    out = rolled_success(step, rolled, result["roll_target"], "Climbing roll")
    if out["margin"] < 0:
        step("Any failed Climbing roll is a fall.", rule="#falling")
    return out
