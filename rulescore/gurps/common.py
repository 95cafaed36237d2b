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

import math
from collections.abc import Set
from fractions import Fraction

from .. import dice
from ..charts import roll_bars
from ..core import Input, Working
from ..notation import dice_shown, number_text, percent_text, span

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
    odds = {"critical success": Fraction(0), "success": Fraction(0), "failure": Fraction(0),
            "critical failure": Fraction(0)}
    for roll, p in ROLLS.items():
        odds[roll_outcome(roll, effective_skill)] += p
    odds["success"] += odds["critical success"]
    return odds


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


# --------------------------------------------------------------------------- charts of rolls

CHART_KIND = {"critical success": "critical-success", "success": "success", "failure": "failure",
              "critical failure": "critical-failure"}


def roll_chart(step: Working, target: int, against: str = "", summary: str = "") -> Fraction:
    """Chart a 3d6 success roll against ``target``; returns its chance of success."""
    odds = success_odds(target)["success"]
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
