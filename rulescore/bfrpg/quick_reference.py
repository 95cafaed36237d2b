"""The quick reference's own table: everything Strength decides, one row per bonus band.

docs: bfrpg/quick-reference.md#strength-loads-and-doors
"""

from __future__ import annotations

from ..core import TableContent, declare_table
from ..notation import signed, span
from .abilities import ABILITY_BONUSES, carrying_capacity
from .doors_and_traps import DOOR_DICE, door_range, odds_text


@declare_table("bfrpg.quick_strength")
def quick_strength_table() -> TableContent:
    """Everything Strength decides, one row per bonus band: the same data as the calculators."""
    rows = []
    for band in ABILITY_BONUSES:
        light, heavy = carrying_capacity("human", band.low)
        h_light, h_heavy = carrying_capacity("halfling", band.low)
        wins = door_range(band.low)
        rows.append((span(band.low, band.high), signed(band.bonus), f"{light} / {heavy}", f"{h_light} / {h_heavy}",
                     *(odds_text(wins, door.sides) for door in DOOR_DICE)))
    return TableContent("Strength at a glance",
                        ("Score", "Bonus", "Load lb, Light / Heavy", "Halfling lb", "Stuck door (d6)",
                         "Locked door (d10)", "Bend bars (d20)"),
                        tuple(rows), "The bonus column serves every ability score. Doors and bars: the range is 1 "
                                     "plus the Strength bonus, so a penalty leaves 0: as we read the rule, no roll "
                                     "wins (\"0 in 6\") and the character needs help, tools or another way through.")
