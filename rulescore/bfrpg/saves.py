"""Saving throws: 1d20 plus a bonus against a target number, where a natural 1 always fails
and a natural 20 always succeeds (used by the forced march).

docs: bfrpg/wilderness.md#forced-march

>>> save_chance(12, 1), save_chance(1, 3), save_chance(20, -3)
(Fraction(1, 2), Fraction(19, 20), Fraction(1, 20))
"""

from __future__ import annotations

from fractions import Fraction

from .. import dice

NATURAL_FAIL, NATURAL_SUCCESS = 1, 20  # an unadjusted 1 always fails a save, an unadjusted 20 always succeeds


def save_succeeds(roll: int, bonus: int, save_target: int) -> bool:
    """One saving throw: the natural 1 and 20 decide first, then 1d20 + bonus against the target."""
    if roll == NATURAL_FAIL:
        return False
    if roll == NATURAL_SUCCESS:
        return True
    return roll + bonus >= save_target


def save_chance(save_target: int, bonus: int) -> Fraction:
    """Chance that a saving throw succeeds: between 1/20 and 19/20 whatever the target and bonus."""
    return dice.chance(1, 20, lambda roll: save_succeeds(roll, bonus, save_target))
