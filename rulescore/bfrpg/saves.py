"""Saving throws: 1d20 plus a bonus against a target number, where a natural 1 always fails
and a natural 20 always succeeds (used by the forced march).

docs: bfrpg/wilderness.md#forced-march

>>> save_chance(12, 1), save_chance(1, 3), save_chance(20, -3)
(Fraction(1, 2), Fraction(19, 20), Fraction(1, 20))
>>> save_result(Working(), 20, -3, 20, "Save", "#forced-march")
{'outcome': 'success', 'margin': 0}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..core import Working
from ..notation import number_text, term
from ..rolls import signed_margin

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


def save_result(step: Working, roll: int, bonus: int, save_target: int, what: str, rule: str) -> dict[str, Any]:
    """A saving throw made: ``outcome`` success or failure, ``margin`` the roll + bonus − the
    target (a save rolls high, so 0 or more saves); a natural 1 that the numbers would save
    reads −1, a natural 20 that they would fail reads 0.

    >>> save_result(Working(), 1, 3, 2, "Save", "#forced-march")
    {'outcome': 'failure', 'margin': -1}
    """
    saved = save_succeeds(roll, bonus, save_target)
    outcome = "success" if saved else "failure"
    bonus_text = f" {term(bonus)}" if bonus else ""
    step(f"{what}: 1d20 rolled {roll}{bonus_text} = {number_text(roll + bonus)} against {save_target}: "
         f"{'saved' if saved else 'failed'}.", rule=rule)
    if roll in (NATURAL_FAIL, NATURAL_SUCCESS):
        step(f"A natural {roll} always {'fails' if roll == NATURAL_FAIL else 'succeeds'}, whatever the bonus "
             f"and the target.", rule=rule)
    return {"outcome": outcome, "margin": signed_margin(roll + bonus - save_target, saved)}
