"""Hiking (docs: gurps/hiking.md): miles a day on foot, by Move, terrain and the daily Hiking roll.

>>> miles_per_day(5, "average", False), miles_per_day(6, "bad", True)
(Fraction(50, 1), Fraction(36, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text
from .common import SYSTEM, halved_round_up, roll_chart, success_odds
from .encumbrance import encumbered_move_step, encumbrance_input

MILES_PER_MOVE = 10
HIKING_BONUS = Fraction(6, 5)  # +20% on a successful daily Hiking roll


class Terrain(NamedTuple):
    value: str
    label: str
    factor: Fraction  # of the day's distance
    examples: str


TERRAIN = (
    Terrain("very_bad", "Very bad", Fraction(1, 5), "deep snow, dense forest, jungle, mountains, soft sand, swamp"),
    Terrain("bad", "Bad", Fraction(1, 2), "broken ground (streams included), forest, steep hills"),
    Terrain("average", "Average", Fraction(1), "light forest, rolling hills"),
    Terrain("good", "Good", Fraction(5, 4), "hard-packed desert, level plains"),
)
TERRAIN_FACTOR = {terrain.value: terrain.factor for terrain in TERRAIN}


def miles_per_day(move: int, terrain: str, hiking_success: bool) -> Fraction:
    """10 × Move miles, × 1.2 after a successful Hiking roll, × the terrain's factor."""
    return MILES_PER_MOVE * move * (HIKING_BONUS if hiking_success else 1) * TERRAIN_FACTOR[terrain]


@declare_table("gurps.hiking_terrain")
def hiking_terrain_table() -> TableContent:
    rows = tuple((terrain.label, terrain.examples, f"× {n(terrain.factor)}") for terrain in TERRAIN)
    return TableContent("Terrain", ("Terrain", "For example", "Daily distance"), rows,
                        "Rain, snow or ice often cut the distance further; the rules give no figure for weather.")


@declare_table("gurps.hiking_miles")
def hiking_miles_table() -> TableContent:
    rows = tuple((move, *(miles_per_day(move, terrain.value, False) for terrain in TERRAIN))
                 for move in range(1, 11))
    return TableContent("Miles per day by Move and terrain",
                        ("Move",) + tuple(terrain.label for terrain in TERRAIN), rows,
                        "10 × Move miles on average ground; a successful Hiking roll adds 20%.")


@declare_calculator(
    id="gurps.hiking",
    system=SYSTEM,
    title="Hiking",
    summary="How many miles a day you can march, by Move, terrain and the daily Hiking roll.",
    page="gurps/hiking/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        encumbrance_input(),
        Input("terrain", "Terrain", "choice", "average",
              choices=tuple((terrain.value, f"{terrain.label} (× {n(terrain.factor)})") for terrain in TERRAIN)),
        Input("hiking_success", "Made today's Hiking roll", "bool", False, help="+20% distance"),
        Input("hiking_skill", "Hiking skill", "int", 10, min=0, max=30,
              help="for the odds of the daily roll; without training, use HT − 5"),
        Input("reeling", "Under 1/3 of your HP", "bool", False, help="reeling: Move is halved, rounded up"),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: Move is halved, rounded up (again, if you are reeling too)"),
    ],
    outputs=[
        Output("move", "Move for marching", "yd/s", min=0),
        Output("miles_per_day", "Miles per day", "mi", min=0),
        Output("miles_without_roll", "Without a Hiking success", "mi", min=0),
        Output("miles_with_roll", "With a Hiking success", "mi", min=0),
        Output("hiking_odds", "Chance of the Hiking roll", format="percent"),
    ],
)
def hiking(step: Working, basic_move: int, encumbrance_level: int, terrain: str, hiking_success: bool,
           hiking_skill: int, reeling: bool, very_tired: bool) -> dict[str, Any]:
    """How many miles a day you march: 10 × Move (encumbered, halved when reeling or very tired),
    × 1.2 on a successful daily Hiking roll, × the terrain's factor (docs:
    gurps/hiking.md#daily-distance, #the-hiking-roll, #terrain).

    The page's examples, Basic Move 5 at Light encumbrance on average ground, and Basic Move 6
    on bad ground after a successful roll:

    >>> from rulescore import calculate
    >>> calculate("gurps.hiking", {"basic_move": 5, "encumbrance_level": 1})["miles_per_day"]
    40
    >>> calculate("gurps.hiking", {"basic_move": 6, "terrain": "bad", "hiking_success": True})["miles_per_day"]
    36
    """
    move = encumbered_move_step(step, basic_move, encumbrance_level)
    for flag, why in ((reeling, "Reeling from injury (under 1/3 HP)"), (very_tired, "Very tired (under 1/3 FP)")):
        if flag:
            halved = halved_round_up(move)
            step(f"{why}: Move is halved, rounded up: {move} / 2 → {halved} yd/s.", rule="#daily-distance")
            move = halved
    ideal = MILES_PER_MOVE * move
    step(f"Ideal day's march = 10 × Move = 10 × {move} = {ideal} miles.", rule="#daily-distance")
    factor = TERRAIN_FACTOR[terrain]
    without = miles_per_day(move, terrain, False)
    with_roll = miles_per_day(move, terrain, True)
    label = next(row.label for row in TERRAIN if row.value == terrain)
    step(f"Terrain: {label} ground × {n(factor)}: {ideal} × {n(factor)} = {n(without)} miles; "
         f"with a Hiking success, × 1.2 as well: {n(with_roll)} miles.", rule="#terrain")
    odds = success_odds(hiking_skill)["success"]
    step(f"Hiking roll against {hiking_skill}, once a day: {n(odds * 100)}% to succeed.", rule="#the-hiking-roll")
    roll_chart(step, hiking_skill, "Hiking", f"succeeds {percent_text(odds)} of the time, for 20% farther")
    return {
        "move": move,
        "miles_per_day": with_roll if hiking_success else without,
        "miles_without_roll": without,
        "miles_with_roll": with_roll,
        "hiking_odds": odds,
    }
