"""SHELL's two rolls, shared by several topics: 3d6 roll-under for attributes and skills
(docs: shell/characters.md#attribute-rolls, shell/skills.md#skill-rolls) and the 2d10 attack
roll (docs: shell/combat.md#the-attack-roll), which takedowns and pins use too.

>>> success_chance(10), chance_text(success_chance(3))
(Fraction(1, 2), '1 in 216')
>>> [attack_result(total, shield_pr=2) for total in (8, 11, 13, 14)]
['miss', 'defended', 'shield_hit', 'hit']
>>> attack_odds(0, None)["hit"]
Fraction(9, 20)
>>> roll_span([2, 3, 4]), roll_span([7]), roll_span([]), roll_span(list(range(2, 21)))
('2–4', '7', 'none', 'any')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Working
from ..notation import number_text, percent_text, signed, span, term

# ---------------------------------------------------------------- 3d6: attribute and skill rolls


def success_chance(target: int) -> Fraction:
    """3d6 roll of the target or less; SHELL has no automatic successes or failures."""
    return dice.at_most(3, 6, target)


def chance_text(p: Fraction) -> str:
    """A chance as a player says it: "no chance", "certain" or "x in y"."""
    if p == 0:
        return "no chance"
    if p == 1:
        return "certain"
    return dice.x_in_y(p)


def roll_chart(step: Working, target: int) -> None:
    """The 3d6 roll of ``target`` or less (attribute and skill rolls); no automatic results."""
    if not step.charts_wanted:
        return
    bars = roll_bars(dice.distribution(3, 6), lambda total: "success" if total <= target else "failure")
    step.chart(f"3d6 against {number_text(target)}", bars,
               f"succeeds {percent_text(success_chance(target))} of the time")


# ---------------------------------------------------------------- 2d10: the attack roll

ATTACK_RESULTS = ("miss", "defended", "shield_hit", "hit")
ATTACK_CHART_KINDS = {"miss": "failure", "defended": "failure", "shield_hit": "neutral", "hit": "success"}


def attack_result(total: int, shield_pr: int | None) -> str:
    """What 2d10 + AT − DEF = ``total`` does: 8 or less misses, 9–11 is defended, up to
    11 + PR hits the shield (if there is one), more hits the defender."""
    if total <= 8:
        return "miss"
    if total <= 11:
        return "defended"
    if shield_pr is not None and total <= 11 + shield_pr:
        return "shield_hit"
    return "hit"


def attack_odds(margin: int, shield_pr: int | None) -> dict[str, Fraction]:
    """Exact chances of each attack result on 2d10 + AT − DEF (margin = AT − DEF)."""
    odds = dict.fromkeys(ATTACK_RESULTS, Fraction(0))
    for roll, p in dice.distribution(2, 10).items():
        odds[attack_result(roll + margin, shield_pr)] += p
    return odds


def attack_chart(step: Working, margin: int, shield_pr: int | None, title: str, summary: str) -> None:
    """The 2d10 attack roll, each total marked by its result once AT − DEF (``margin``) is added."""
    if not step.charts_wanted:
        return
    bars = roll_bars(dice.distribution(2, 10),
                     lambda roll: ATTACK_CHART_KINDS[attack_result(roll + margin, shield_pr)])
    step.chart(title, bars, summary)


def roll_span(rolls: list[int]) -> str:
    """The 2d10 rolls that give one result, as a range: "2–7", "none" or "any"."""
    if not rolls:
        return "none"
    if rolls == list(range(2, 21)):
        return "any"
    return span(min(rolls), max(rolls))


# ---------------------------------------------------------------- rolls made (resolve)

ATTACK_NEEDED = 12  # 2d10 + AT − DEF of 12 or more gets past the defence (the shield or the defender)


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """The faces of a roll and their sum.

    >>> faces_text([3, 4, 5])
    '3 + 4 + 5 = 12'
    """
    return " + ".join(str(face) for face in faces) + f" = {sum(faces)}"


def attribute_roll_result(step: Working, faces: tuple[int, ...], target: int, what: str,
                          rule: str) -> dict[str, Any]:
    """A 3d6 roll-under made against ``target``: ``outcome`` success or failure (SHELL has no
    criticals), ``margin`` target − roll.

    >>> attribute_roll_result(Working(), (6, 6, 6), 18, "IQ roll", "#attribute-rolls")
    {'outcome': 'success', 'margin': 0}
    """
    total = sum(faces)
    outcome = "success" if total <= target else "failure"
    step(f"{what}: 3d6 rolled {faces_text(faces)} against {number_text(target)}: {outcome}, margin "
         f"{signed(target - total)} (SHELL has no automatic successes or failures).", rule=rule)
    return {"outcome": outcome, "margin": target - total}


def attack_roll_result(step: Working, faces: tuple[int, ...], margin: int, shield_pr: int | None,
                       rule: str) -> dict[str, Any]:
    """A 2d10 attack roll made with AT − DEF = ``margin``: ``outcome`` miss, defended,
    shield_hit or hit (the calculator's words); ``margin`` the total − 12, so 0 or more gets
    past the defence (to the shield or the defender) and a miss or a defence is negative.

    >>> attack_roll_result(Working(), (4, 6), 1, 2, "#the-attack-roll")["outcome"]
    'defended'
    >>> attack_roll_result(Working(), (5, 6), 1, 2, "#the-attack-roll")
    {'outcome': 'shield_hit', 'margin': 0}
    """
    roll = sum(faces)
    total = roll + margin
    result = attack_result(total, shield_pr)
    step(f"Attack roll: 2d10 rolled {faces_text(faces)} {term(margin)} (AT − DEF) = {number_text(total)}: "
         f"{result.replace('_', ' ')}.", rule=rule)
    return {"outcome": result, "margin": total - ATTACK_NEEDED}
