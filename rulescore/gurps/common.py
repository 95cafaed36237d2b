"""What several GURPS topics share: the system's name, 3d6 success rolls and their exact odds,
the charts of those rolls, and a few readings and texts used on more than one page.

Every chance is exact: Fractions over the 216 equally likely rolls of 3d6.

>>> roll_outcome(5, 15), roll_outcome(17, 15), roll_outcome(17, 16)
('critical success', 'critical failure', 'failure')
>>> success_odds(10)["success"]
Fraction(1, 2)
>>> roll_ranges(12)["success"], roll_ranges(12)["critical failure"]
('3–12', '17–18')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Set
from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Input, Working
from ..dice import Rolled
from ..notation import dice_shown, number_text, percent_text, signed, span
from ..rolls import signed_margin

SYSTEM = "GURPS Lite"

ROLLS = dice.distribution(3, 6)  # {3: 1/216, ..., 18: 1/216}
SKILL_RANGE = (-10, 30)  # effective skill or attribute the calculators accept
SUCCESSES = ("critical success", "success")

# Where the site says once why "under 1/3 of your FP" is read as strictly less than a third.
ONE_THIRD_FP_RULE = "gurps/recovery-and-fatigue/#exactly-a-third"


# --------------------------------------------------------------------------- 3d6 success rolls

def roll_outcome(roll: int, effective_skill: int) -> str:
    """What a 3d6 roll against effective skill gives, criticals included."""
    if roll <= 4 or (roll == 5 and effective_skill >= 15) or (roll == 6 and effective_skill >= 16):
        return "critical success"
    if roll == 18 or (roll == 17 and effective_skill <= 15) or roll - effective_skill >= 10:
        return "critical failure"
    if roll >= 17 or roll > effective_skill:
        return "failure"
    return "success"


def succeeds(roll: int, target: int) -> bool:
    """A 3d6 roll against a target: 3-4 always succeed, 17-18 always fail."""
    return roll_outcome(roll, target) in SUCCESSES


def success_odds(effective_skill: int) -> dict[str, Fraction]:
    """Exact chances of each outcome on 3d6; "success" includes critical successes."""
    return dict(_success_odds(effective_skill))


@functools.lru_cache(maxsize=128)
def _success_odds(effective_skill: int) -> tuple[tuple[str, Fraction], ...]:
    # Kept per effective skill: a modifier picker's odds run the calculator once for every chip
    # (core.Calculator.alternatives), each asking these sums of Fractions again (issue 45).
    odds = {"critical success": Fraction(0), "success": Fraction(0), "failure": Fraction(0),
            "critical failure": Fraction(0)}
    for roll, p in ROLLS.items():
        odds[roll_outcome(roll, effective_skill)] += p
    odds["success"] += odds["critical success"]
    return tuple(odds.items())


def chance_of_success(target: int) -> Fraction:
    """Chance that a 3d6 success roll against ``target`` succeeds (critical successes included)."""
    return success_odds(target)["success"]


def failure_chance(target: int) -> Fraction:
    """Chance that a 3d6 success roll against ``target`` fails (critical failures included)."""
    return 1 - success_odds(target)["success"]


def roll_ranges(target: int) -> dict[str, str]:
    """The rolls giving each outcome, as the text a player reads ("3–4", "5–10", "none")."""
    found: dict[str, list[int]] = {"critical success": [], "success": [], "failure": [], "critical failure": []}
    for roll in ROLLS:
        outcome = roll_outcome(roll, target)
        found[outcome].append(roll)
        if outcome == "critical success":
            found["success"].append(roll)
        if outcome == "critical failure":
            found["failure"].append(roll)
    return {name: span_text(rolls) for name, rolls in found.items()}


def span_text(rolls: list[int]) -> str:
    """Rolls in order as text: "none", "7", "3–12", or a list when they are not a run."""
    if not rolls:
        return "none"
    if rolls == list(range(rolls[0], rolls[-1] + 1)):
        return span(rolls[0], rolls[-1])
    return ", ".join(str(r) for r in rolls)


def skill_input(name: str = "effective_skill", label: str = "Effective skill", default: int = 12,
                help: str = "") -> Input:
    """An effective skill or attribute, from −10 to 30."""
    return Input(name, label, "int", default, min=SKILL_RANGE[0], max=SKILL_RANGE[1], help=help)


# --------------------------------------------------------------------------- a roll made (resolve)

SUCCESS_ROLL_RULE = "gurps/success-rolls/#success-rolls"
CRITICAL_SUCCESS_RULE = "gurps/success-rolls/#critical-successes"
CRITICAL_FAILURE_RULE = "gurps/success-rolls/#critical-failures"


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """The faces of a roll and their sum, as the working shows them.

    >>> faces_text((3, 4, 5))
    '3 + 4 + 5 = 12'
    """
    return " + ".join(str(face) for face in faces) + f" = {sum(faces)}"


def critical_reason(roll: int, effective_skill: int) -> tuple[str, str] | None:
    """Why a 3d6 roll is a critical (or fails although it is under the skill), and the rule;
    None for a roll the skill alone decides.

    >>> critical_reason(4, 2)[0]
    '3 and 4 are always critical successes'
    >>> critical_reason(17, 16)[0]
    '17 always fails; at effective skill 16 or more it is an ordinary failure'
    >>> critical_reason(10, 12) is None
    True
    """
    outcome = roll_outcome(roll, effective_skill)
    if outcome == "critical success":
        if roll <= 4:
            return "3 and 4 are always critical successes", CRITICAL_SUCCESS_RULE
        return (f"{roll} is a critical success at effective skill {15 if roll == 5 else 16} or more",
                CRITICAL_SUCCESS_RULE)
    if outcome == "critical failure":
        if roll == 18:
            return "18 is always a critical failure", CRITICAL_FAILURE_RULE
        if roll == 17 and effective_skill <= 15:
            return "17 is a critical failure at effective skill 15 or less", CRITICAL_FAILURE_RULE
        return (f"a roll 10 or more over effective skill (here {effective_skill + 10} or more) is a critical "
                f"failure", CRITICAL_FAILURE_RULE)
    if roll >= 17:
        return "17 always fails; at effective skill 16 or more it is an ordinary failure", CRITICAL_FAILURE_RULE
    return None


def success_roll_result(step: Working, faces: tuple[int, ...], target: int, what: str) -> dict[str, Any]:
    """A 3d6 success roll made against ``target``: its working, ``outcome`` (success, failure,
    critical success, critical failure) and ``margin`` (target − roll, 0 or more on a success;
    an automatic result against the numbers reads 0 or −1, see core.signed_margin).

    >>> from ..core import Working
    >>> success_roll_result(Working(), (1, 1, 2), 2, "Skill")
    {'outcome': 'critical success', 'margin': 0}
    """
    total = sum(faces)
    outcome = roll_outcome(total, target)
    step(f"{what}: 3d6 rolled {faces_text(faces)} against {number_text(target)}: {outcome}, margin "
         f"{signed(target - total)}.", rule=SUCCESS_ROLL_RULE)
    reason = critical_reason(total, target)
    if reason is not None:
        step(f"{reason[0][0].upper()}{reason[0][1:]}.", rule=reason[1])
    return {"outcome": outcome, "margin": signed_margin(target - total, outcome in SUCCESSES)}


def rolled_success(step: Working, rolled: Rolled, target: int, what: str) -> dict[str, Any]:
    """:func:`success_roll_result` for a resolved roll of 3d6.

    >>> from ..dice import roll
    >>> rolled_success(Working(), roll("3d6", faces=[6, 6, 6]), 30, "Skill")
    {'outcome': 'critical failure', 'margin': -1}
    """
    return success_roll_result(step, rolled.faces, target, what)


# --------------------------------------------------------------------------- charts of rolls

CHART_KIND = {"critical success": "critical-success", "success": "success", "failure": "failure",
              "critical failure": "critical-failure"}


def roll_chart(step: Working, target: int, against: str = "", summary: str = "") -> Fraction:
    """Chart a 3d6 success roll against ``target``; returns its chance of success."""
    odds = success_odds(target)["success"]
    if not step.charts_wanted:
        return odds
    bars = roll_bars(ROLLS, lambda roll: CHART_KIND[roll_outcome(roll, target)])
    step.chart(f"3d6 against {against + ' ' if against else ''}{number_text(target)}", bars,
               summary or f"succeeds {percent_text(odds)} of the time")
    return odds


MAX_CHART_BARS = 40  # 7 dice give 36 totals; 8 or more are summed up in words instead


def damage_chart(step: Working, title: str, dice_count: int, adds: int) -> None:
    """Chart a damage roll (no pass or fail): every total of the dice plus adds.

    With too many totals for a readable chart (8 dice or more, from ST 43 up), a step gives
    the range and the average instead."""
    low, high = dice_count + adds, 6 * dice_count + adds
    mean = Fraction(7, 2) * dice_count + adds
    summary = f"{number_text(low)} to {number_text(high)}, {number_text(mean)} on average"
    if high - low + 1 > MAX_CHART_BARS:
        step(f"{title} {dice_shown(dice_count, adds)}: {summary} (too many totals to chart).",
             rule="gurps/injury/#basic-damage-by-st")
        return
    totals = {total + adds: p for total, p in dice.distribution(dice_count, 6).items()}
    step.chart(f"{title} {dice_shown(dice_count, adds)}", roll_bars(totals, lambda total: "neutral"), summary)


# --------------------------------------------------------------------------- shared readings and texts

def halved_round_up(value: int) -> int:
    """Half of a whole number, rounded up: the Fatigue and injury rules' "halve (round up)"."""
    return math.ceil(Fraction(value, 2))


def fine_text(value: Fraction | int) -> str:
    """A number with up to four decimals when two would hide part of it (a 0.0123 lb pebble)."""
    text = number_text(value)
    if Fraction(text) == Fraction(value):
        return text
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def ratio_text(ratio: Fraction, limits: Set[Fraction | int]) -> str:
    """A weight ratio to three decimals, so it never looks as if it sat on one of the ``limits``
    it is past ("just over 2")."""
    exact = number_text(ratio)
    if Fraction(exact) == ratio:
        return exact
    shown = f"{float(ratio):.3f}".rstrip("0").rstrip(".")
    if Fraction(shown) in limits and ratio > Fraction(shown):
        return f"just over {shown}"
    return shown
