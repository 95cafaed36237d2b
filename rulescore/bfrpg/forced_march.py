"""The forced march: 12 hours a day for half as far again, at the price of 1d6 a day after
the first unless a save vs. Death Ray succeeds. One toll for both travel calculators
(wilderness.py and planner.py).

docs: bfrpg/wilderness.md#forced-march

>>> forced_march_damage(3, Fraction(1, 2))  # two days at risk: (days at risk, chance hurt, damage-days)
(2, Fraction(3, 4), Fraction(5, 4))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Result, Working
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, term
from .abilities import ability_bonus
from .saves import save_chance, save_result, save_succeeds

FORCED_MARCH_HOURS = 12
FORCED_MARCH_FACTOR = Fraction(3, 2)


def forced_march_damage(days: int, p_save: Fraction) -> tuple[int, Fraction, Fraction]:
    """(days at risk, chance of any damage, expected damage-days) over ``days`` days of forced
    march in a row.

    The first day is free. Each later day a save is rolled until one fails; from then on the
    1d6 comes every day without a save.
    """
    at_risk = max(days - 1, 0)
    p_fail = 1 - p_save
    expected_days = Fraction(0)
    for first_fail in range(1, at_risk + 1):  # position of the first failed save
        expected_days += p_save ** (first_fail - 1) * p_fail * (at_risk - first_fail + 1)
    return at_risk, 1 - p_save ** at_risk, expected_days


def forced_march_toll(step: Working, forced_days: int, save_target: int,
                      constitution: int) -> tuple[Fraction | None, Fraction | None, int | None]:
    """(chance of any damage, average HP, most HP) over ``forced_days`` forced march days in a
    row, or (None, None, None) when there is no forced march. The one place both travel
    calculators work out the daily save vs. Death Ray and its damage."""
    if not forced_days:
        step("No forced march, so no damage from marching.", rule="#forced-march")
        return None, None, None
    bonus = ability_bonus(constitution)
    p = save_chance(save_target, bonus)
    at_risk, any_damage, expected_days = forced_march_damage(forced_days, p)
    modifier = f" {term(bonus)}" if bonus else ""
    plain_odds = sum(1 for roll in range(2, 20) if roll + bonus >= save_target)
    step(f"Save vs. Death Ray: 1d20{modifier} (Constitution {constitution}) against {save_target}; a natural 1 "
         f"always fails and a natural 20 always succeeds, so {plain_odds + 1} of the 20 rolls save: "
         f"{n(p * 100)}% a day.", rule="#forced-march")
    expected, most = expected_days * Fraction(7, 2), 6 * at_risk
    step(f"Forced march damage: {forced_days} day{'s' if forced_days != 1 else ''} in a row "
         f"put{'s' if forced_days == 1 else ''} {at_risk} day{'s' if at_risk != 1 else ''} at risk (the first is "
         f"free); chance of taking any damage = 1 − {n(p)}^{at_risk} = {n(any_damage * 100)}%; on average "
         f"{n(expected_days)} days of 1d6 (3.5 each) = {n(expected)} HP; at most {at_risk} × 6 = {most} HP.",
         rule="#forced-march")
    if at_risk:
        step.chart(f"Save vs. Death Ray: 1d20{modifier} against {save_target}",
                   roll_bars(dice.distribution(1, 20),
                             lambda roll: "success" if save_succeeds(roll, bonus, save_target) else "failure"),
                   f"saves {percent_text(p)} of the time, each day at risk until a save fails")
    return any_damage, expected, most


def forced_march_save(step: Working, rolled: Rolled, result: Result, forced: bool) -> dict[str, Any]:
    """One day's save vs. Death Ray on a forced march, rolled (1d20 + the Constitution bonus);
    a failure costs 1d6 that day and every later day of the march without a save. ``forced``
    False: the step says that no save is due without a forced march.

    >>> from ..dice import roll
    >>> r = forced_march_save(Working(), roll("1d20", faces=[1]),
    ...                       Result("x", {}, [], {"death_ray_save": 2, "constitution": 18}), True)
    >>> r
    {'outcome': 'failure', 'margin': -1}
    """
    bonus = ability_bonus(result.inputs["constitution"])
    if not forced:
        step("No forced march is set, so no save is due: this is the save a forced march day after the first "
             "would ask for.", rule="#forced-march")
    out = save_result(step, rolled.total, bonus, result.inputs["death_ray_save"],
                      f"Save vs. Death Ray (Constitution {result.inputs['constitution']})", "#forced-march")
    step("Saved: no damage from marching today." if out["outcome"] == "success" else
         "Failed: 1d6 damage today, and every later day of this forced march without a save.", rule="#forced-march")
    return out
