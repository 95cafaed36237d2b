"""What every SHELL topic shares: the system's name, the one default per quantity, and the
Primary Attribute Chart (docs: shell/characters.md#primary-attributes), which prices the
three primary attributes and gives ST's maximum encumbrance and damage and AG's modifiers
to AT and DEF.

>>> PRIMARY_CHART[14].damage, max_encumbrance(12), ag_def_modifier(15)
(Damage(dice=2, adds=0), 260, 3)
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import Input

SYSTEM = "SHELL"


class Damage(NamedTuple):
    """ST's base damage: ``dice``d6 + ``adds``."""

    dice: int
    adds: int


class PrimaryLevel(NamedTuple):
    """One level of the Primary Attribute Chart."""

    cost: int  # chp, for ST, AG and IQ alike
    max_encumbrance: int  # lb, for ST
    damage: Damage  # for ST
    at_modifier: int  # for AG
    def_modifier: int  # for AG


# The chart covers levels 7 to 20 only.
PRIMARY_CHART = {
    7: PrimaryLevel(-30, 140, Damage(1, -3), -2, -1),
    8: PrimaryLevel(-20, 160, Damage(1, -2), -1, -1),
    9: PrimaryLevel(-10, 180, Damage(1, -1), -1, 0),
    10: PrimaryLevel(0, 200, Damage(1, 0), 0, 0),
    11: PrimaryLevel(15, 230, Damage(1, 1), 0, 1),
    12: PrimaryLevel(30, 260, Damage(1, 2), 1, 1),
    13: PrimaryLevel(50, 300, Damage(1, 3), 1, 2),
    14: PrimaryLevel(75, 350, Damage(2, 0), 2, 2),
    15: PrimaryLevel(100, 400, Damage(2, 1), 2, 3),
    16: PrimaryLevel(130, 460, Damage(2, 2), 3, 3),
    17: PrimaryLevel(160, 520, Damage(2, 3), 3, 4),
    18: PrimaryLevel(200, 600, Damage(3, 0), 4, 4),
    19: PrimaryLevel(250, 700, Damage(3, 1), 4, 5),
    20: PrimaryLevel(300, 800, Damage(3, 2), 5, 5),
}
class LevelRange(NamedTuple):
    low: int
    high: int


CHART_RANGE = LevelRange(7, 20)
HUMAN_BASE = 10

# One default per quantity, shared by every calculator that asks for it: an average human
# (all attributes 10) who fights at combat level 3, with the AT and DEF that gives.
ATTRIBUTE_DEFAULT = HUMAN_BASE
COMBAT_LEVEL_DEFAULT = 3
SKILL_LEVEL_DEFAULT = 4
AT_DEFAULT = 3  # combat level 3 + AG 10's modifier 0
BLOCK_DEF_DEFAULT = 3  # combat level 3 + AG 10's modifier 0
DODGE_DEF_DEFAULT = 2  # best combat level 3 + 0 − (1 + EL 0)

# Task difficulty, for attribute rolls and skill rolls alike.
DIFFICULTY = {"easy": 2, "average": 0, "hard": -3}
DIFFICULTY_CHOICES = (("easy", "Easy (+2)"), ("average", "Average or medium (±0)"), ("hard", "Hard (−3)"))


def attribute_cost(level: int) -> int:
    return PRIMARY_CHART[level].cost


def max_encumbrance(st: int) -> int:
    return PRIMARY_CHART[st].max_encumbrance


def st_damage(st: int) -> Damage:
    return PRIMARY_CHART[st].damage


def ag_at_modifier(ag: int) -> int:
    return PRIMARY_CHART[ag].at_modifier


def ag_def_modifier(ag: int) -> int:
    return PRIMARY_CHART[ag].def_modifier


def attribute_input(name: str, label: str, default: int = ATTRIBUTE_DEFAULT, help_text: str = "") -> Input:
    """An attribute read on the Primary Attribute Chart, so limited to the chart's 7 to 20."""
    return Input(name, label, "int", default, min=CHART_RANGE.low, max=CHART_RANGE.high, help=help_text)
