"""Ability scores and carrying capacity: the one bonus table every ability uses, and the
light and heavy load limits that Strength moves.

docs: bfrpg/dungeon.md#carrying-capacity

>>> ability_bonus(16), carrying_capacity("dwarf", 16)
(2, Capacity(light=70, heavy=180))
>>> carrying_capacity("halfling", 3)
Capacity(light=20, heavy=40)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from ..core import TableContent, declare_table
from ..notation import signed, span


class AbilityBand(NamedTuple):
    """One row of the ability bonus table: scores ``low`` to ``high`` give ``bonus``."""

    low: int
    high: int
    bonus: int


ABILITY_BONUSES = (AbilityBand(3, 3, -3), AbilityBand(4, 5, -2), AbilityBand(6, 8, -1), AbilityBand(9, 12, 0),
                   AbilityBand(13, 15, 1), AbilityBand(16, 17, 2), AbilityBand(18, 18, 3))
SCORE_RANGE = (3, 18)
BONUS_LOWEST = min(band.bonus for band in ABILITY_BONUSES)
BONUS_HIGHEST = max(band.bonus for band in ABILITY_BONUSES)


def ability_bonus(score: int) -> int:
    """The bonus (or penalty) of an ability score 3-18; the same table serves every ability."""
    for band in ABILITY_BONUSES:
        if band.low <= score <= band.high:
            return band.bonus
    raise ValueError(f"ability scores run from 3 to 18, not {score}")


@declare_table("bfrpg.ability_bonus")
def ability_bonus_table() -> TableContent:
    rows = tuple((span(band.low, band.high), signed(band.bonus)) for band in ABILITY_BONUSES)
    return TableContent("Ability score bonus", ("Score", "Bonus"), rows,
                        "One table for every ability: Strength, Intelligence, Wisdom, Dexterity, Constitution "
                        "and Charisma.")


# --- Carrying capacity ------------------------------------------------------------------
class Capacity(NamedTuple):
    """A load limit pair in pounds: up to ``light`` is a light load, up to ``heavy`` a heavy one."""

    light: int
    heavy: int


RACES = (("human", "Human"), ("elf", "Elf"), ("dwarf", "Dwarf"), ("halfling", "Halfling"))
RACE_NAMES = dict(RACES)
BASE_CAPACITY = {"human": Capacity(60, 150), "elf": Capacity(60, 150), "dwarf": Capacity(60, 150),
                 "halfling": Capacity(50, 100)}
CAPACITY_ROUNDING = 5  # pounds


def capacity_factor(bonus: int) -> Fraction:
    """+10 % of capacity for each +1 of Strength bonus, −20 % for each −1."""
    return 1 + Fraction(bonus, 10) if bonus >= 0 else 1 + Fraction(2 * bonus, 10)


def round_to_five(pounds: Fraction) -> int:
    """Nearest 5 lb. A value exactly halfway never arises from the book's figures; it would round up."""
    return CAPACITY_ROUNDING * math.floor(Fraction(pounds) / CAPACITY_ROUNDING + Fraction(1, 2))


def carrying_capacity(race: str, strength: int) -> Capacity:
    """(light limit, heavy limit) in pounds."""
    factor = capacity_factor(ability_bonus(strength))
    base = BASE_CAPACITY[race]
    return Capacity(round_to_five(base.light * factor), round_to_five(base.heavy * factor))


@declare_table("bfrpg.carrying_capacity")
def carrying_capacity_table() -> TableContent:
    rows = []
    for band in ABILITY_BONUSES:
        human = carrying_capacity("human", band.low)
        halfling = carrying_capacity("halfling", band.low)
        rows.append((span(band.low, band.high),
                     f"{signed(band.bonus)} ({signed(int(100 * (capacity_factor(band.bonus) - 1)))}%)",
                     *human, *halfling))
    return TableContent("Carrying capacity (pounds)",
                        ("Strength", "Bonus (capacity)", "Human, Elf, Dwarf: Light", "Human, Elf, Dwarf: Heavy",
                         "Halfling: Light", "Halfling: Heavy"),
                        tuple(rows),
                        "A load up to the light figure is Light; up to the heavy figure, Heavy; past it, Over the "
                        "limit. "
                        "Figures are rounded to the nearest 5 pounds. Armour worn counts in the load.")
