"""Dungeon survival: hit points lost going without food or water, and natural healing.

docs: bfrpg/dungeon.md#dungeon-survival
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text, span
from .shared import DUNGEON_PAGE, SYSTEM

FOOD_GRACE_DAYS = 2  # no effect for the first two days without food
WATER_DIE = 4  # 1d4 hit points a day without water


@declare_calculator(
    id="bfrpg.survival",
    system=SYSTEM,
    title="Going without food or water",
    summary="Hit points lost to hunger and thirst, and whether natural healing still works.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("days_without_food", "Days without enough food", "int", 4, unit="days", min=0, max=60),
        Input("days_without_water", "Days without enough water", "int", 0, unit="days", min=0, max=30,
              help="days with less than a quart of water"),
        Input("current_hp", "Current hit points", "int", 8, unit="HP", min=1, max=300),
    ],
    outputs=[
        Output("hp_lost_least", "HP lost, at least", "HP", min=0),
        Output("hp_lost_average", "HP lost, on average", "HP", min=0),
        Output("hp_lost_most", "HP lost, at most", "HP", min=0),
        Output("hp_left_least", "HP left, worst case", "HP", max=300),
        Output("hp_left_most", "HP left, best case", "HP", max=300),
        Output("chance_hp_gone", "Chance HP fall to 0 or below", format="percent"),
        Output("natural_healing", "Natural healing works"),
    ],
)
def survival(step: Working, days_without_food: int, days_without_water: int, current_hp: int) -> dict[str, Any]:
    """Hit points lost going without enough food (1 a day after two days' grace) and water
    (1d4 a day from the first), the chance they reach 0, and whether natural healing still
    works. The rules of docs: bfrpg/dungeon.md#dungeon-survival; the page's worked example,
    five days without food and two without water from 12 HP:

    >>> from rulescore import calculate
    >>> result = calculate("bfrpg.survival", {"days_without_food": 5, "days_without_water": 2, "current_hp": 12})
    >>> result["hp_lost_least"], result["hp_lost_average"], result["hp_lost_most"]
    (5, 8, 11)
    >>> result["hp_left_least"], result["hp_left_most"], result["natural_healing"]
    (1, 7, False)
    """
    food_loss = max(days_without_food - FOOD_GRACE_DAYS, 0)
    step(f"Food: the first {FOOD_GRACE_DAYS} days without enough food do nothing; each later day costs 1 HP: "
         f"{days_without_food} days → {food_loss} HP.", rule="#going-hungry")
    d = days_without_water
    least, most = food_loss + d, food_loss + WATER_DIE * d
    average = food_loss + Fraction(WATER_DIE + 1, 2) * d
    if d:
        step(f"Water: every day without enough water costs 1d{WATER_DIE} HP: {d}d{WATER_DIE} = {d} to "
             f"{WATER_DIE * d}, {n(Fraction(WATER_DIE + 1, 2) * d)} on average.", rule="#going-thirsty")
        gone = dice.chance(d, WATER_DIE, lambda total: food_loss + total >= current_hp)
        step.chart(f"{d}d{WATER_DIE} thirst damage against {current_hp} HP"
                   + (f" less {food_loss} for hunger" if food_loss else ""),
                   roll_bars(dice.distribution(d, WATER_DIE),
                             lambda total: "failure" if food_loss + total >= current_hp else "success"),
                   f"HP stay above 0 {percent_text(1 - gone)} of the time")
    else:
        step("Water: no days without enough water, no loss.", rule="#going-thirsty")
        gone = Fraction(1 if food_loss >= current_hp else 0)
    step(f"Total HP lost: {least} to {most}, {n(average)} on average; from {current_hp} HP that leaves "
         f"{n(current_hp - most)} to {n(current_hp - least)}; chance of reaching 0 or less {n(gone * 100)}%.",
         rule="#dungeon-survival")
    hungry = days_without_food > FOOD_GRACE_DAYS
    healing = not hungry and d == 0
    why = []
    if hungry:
        why.append("hunger stops it once HP start to drop")
    if d:
        why.append("thirst stops it with the first die of damage")
    step("Natural healing: " + ("still works (magic healing always does)." if healing else
                                "lost, because " + " and ".join(why) + "; magic healing still works."),
         rule="#going-thirsty" if d and not hungry else "#going-hungry")
    return {
        "hp_lost_least": least,
        "hp_lost_average": average,
        "hp_lost_most": most,
        "hp_left_least": current_hp - most,
        "hp_left_most": current_hp - least,
        "chance_hp_gone": gone,
        "natural_healing": healing,
    }


@declare_table("bfrpg.survival")
def survival_table() -> TableContent:
    rows = []
    for day in range(1, 8):
        food = max(day - FOOD_GRACE_DAYS, 0)
        rows.append((day, food, "yes" if day <= FOOD_GRACE_DAYS else "no",
                     f"{span(day, WATER_DIE * day)} (average {n(Fraction(WATER_DIE + 1, 2) * day)})"))
    return TableContent("Hit points lost without food or water (running totals)",
                        ("Days", "No food: HP lost", "No food: natural healing", "No water: HP lost"), tuple(rows),
                        "Without water, natural healing stops from the first day. Magic healing always works.")
