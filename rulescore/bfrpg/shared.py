"""What every BFRPG topic shares: the system's name, its pages, one default per quantity,
and how a multiplier reads.

>>> multiplier_text(Fraction(4, 3)), multiplier_text(Fraction(2, 3)), multiplier_text(Fraction(1))
('×1 1/3', '×2/3', '×1')
"""

from __future__ import annotations

from fractions import Fraction

SYSTEM = "Basic Fantasy RPG"

# The docs pages that place the calculators (docs/bfrpg/*.md).
DUNGEON_PAGE = "bfrpg/dungeon/"
WILDERNESS_PAGE = "bfrpg/wilderness/"
WATER_PAGE = "bfrpg/waterborne/"
COMBAT_PAGE = "bfrpg/combat/"

# One default per quantity, shared by every calculator that asks for it.
SCORE_DEFAULT = 10  # an average ability score (bonus 0)
SAVE_DEFAULT = 12  # a saving throw target number
MOVEMENT_DEFAULT = 40  # feet per round: every player character race unhindered


def fraction_text(value: Fraction) -> str:
    """1, 2/3, 1 1/3: a multiplier as the rules print it."""
    value = Fraction(value)
    whole, part = divmod(value.numerator, value.denominator)
    if part == 0:
        return str(whole)
    frac = f"{part}/{value.denominator}"
    return f"{whole} {frac}" if whole else frac


def multiplier_text(factor: Fraction) -> str:
    """×1, ×2/3, ×1 1/3 (terrain, winds)."""
    return "×" + fraction_text(factor)
