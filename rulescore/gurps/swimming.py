"""Swimming (docs: gurps/swimming.md): the roll to stay afloat, water Move and the fatigue roll
for swimming hard.

>>> water_move(10), swimming_target(12, 2, True)
(2, 11)
"""

from __future__ import annotations

from typing import Any

from ..core import Input, Output, Result, Working, declare_calculator
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text
from ..rolls import declare_roll
from .common import (
    ONE_THIRD_FP_RULE,
    SYSTEM,
    failure_chance,
    halved_round_up,
    roll_chart,
    rolled_success,
    success_odds,
)
from .encumbrance import encumbrance_input

INTENTIONAL_ENTRY_BONUS = 3


def water_move(basic_move: int) -> int:
    """Basic Move / 5, rounded down, at least 1 yd/s."""
    return max(basic_move // 5, 1)


def swimming_target(swimming_skill: int, level: int, intentional: bool) -> int:
    """Swimming skill − 2 × encumbrance level, +3 for going into the water on purpose."""
    return swimming_skill - 2 * level + (INTENTIONAL_ENTRY_BONUS if intentional else 0)


@declare_calculator(
    id="gurps.swimming",
    system=SYSTEM,
    title="Swimming",
    summary="Your roll to stay afloat, its odds, your water Move and the fatigue roll for swimming hard.",
    page="gurps/swimming/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        Input("swimming_skill", "Swimming skill", "int", 10, min=0, max=30),
        encumbrance_input(),
        Input("intentional", "Went into the water on purpose", "bool", False, help="+3 to the roll"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="Health, for the fatigue roll"),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: water Move is halved, rounded up"),
    ],
    outputs=[
        Output("water_move", "Water Move", "yd/s", min=1),
        Output("roll_target", "Swimming roll against", min=-8, max=33),
        Output("roll_odds", "Chance to succeed", format="percent"),
        Output("fatigue_roll_target", "Fatigue roll against", help="higher of HT and Swimming", min=1, max=30),
        Output("fatigue_fail_odds", "Chance to lose 1 FP each minute at top speed", format="percent"),
    ],
)
def swimming(step: Working, basic_move: int, swimming_skill: int, encumbrance_level: int, intentional: bool,
             ht: int, very_tired: bool) -> dict[str, Any]:
    """The Swimming roll to stay afloat (−2 per encumbrance level, +3 for entering on purpose) and
    its odds, water Move (Basic Move / 5, at least 1), and the fatigue roll against the higher of
    HT and Swimming (docs: gurps/swimming.md#modifiers, #water-move, #fatigue-from-fast-swimming).

    The page's example, Swimming 12 at Medium encumbrance, in on purpose: 12 − 4 + 3 = 11.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.swimming", {"swimming_skill": 12, "encumbrance_level": 2, "intentional": True})
    >>> r["roll_target"], r["roll_odds"]
    (11, 0.625)
    """
    target = swimming_target(swimming_skill, encumbrance_level, intentional)
    bonus = f" + {INTENTIONAL_ENTRY_BONUS} (entered on purpose)" if intentional else ""
    step(f"Swimming roll = skill − 2 × encumbrance level{' + 3' if intentional else ''} "
         f"= {swimming_skill} − 2 × {encumbrance_level}{bonus} = {n(target)}.", rule="#modifiers")
    odds = success_odds(target)["success"]
    step(f"Success on 3d6 against {n(target)}: {n(odds * 100)}% (criticals included).",
         rule="gurps/success-rolls/#success-rolls")
    roll_chart(step, target, "Swimming", f"succeeds {percent_text(odds)} of the time; a failure costs 1 FP")
    wm = water_move(basic_move)
    step(f"Water Move = Basic Move / 5, rounded down, at least 1 = {basic_move} / 5 → {wm} yd/s.",
         rule="#water-move")
    if very_tired:
        halved = halved_round_up(wm)
        step(f"Very tired (under 1/3 of FP, not at exactly 1/3): water Move is halved, rounded up: "
             f"{wm} / 2 → {halved} yd/s.", rule=ONE_THIRD_FP_RULE)
        wm = halved
    fatigue_target = max(ht, swimming_skill)
    fail = failure_chance(fatigue_target)
    step(f"Fatigue roll after each minute at top speed: the higher of HT {ht} and Swimming {swimming_skill} "
         f"= {fatigue_target}; it fails {n(fail * 100)}% of the time, costing 1 FP.",
         rule="#fatigue-from-fast-swimming")
    roll_chart(step, fatigue_target, "HT or Swimming", f"succeeds {percent_text(1 - fail)} of the time; "
               f"each failure ({percent_text(fail)}) costs 1 FP")
    return {
        "water_move": wm,
        "roll_target": target,
        "roll_odds": odds,
        "fatigue_roll_target": fatigue_target,
        "fatigue_fail_odds": fail,
    }


SWIM_ROLLS = (("swimming", "Swimming roll (stay afloat)"), ("fatigue", "Fatigue roll (a minute at top speed)"))


@declare_roll("gurps.swimming", "3d6",
              choice=Input("swim_roll", "Roll", "choice", "swimming", choices=SWIM_ROLLS),
              notations=tuple((value, "3d6") for value, _ in SWIM_ROLLS))
def resolve_swimming(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """The Swimming roll made (or, with the extra input ``swim_roll`` "fatigue", the fatigue roll
    after a minute at top speed); either costs 1 FP on a failure.

    >>> from rulescore import resolve
    >>> resolve("gurps.swimming", {}, dice=[6, 6, 6])["outcome"]
    'critical failure'
    """
    if which == "fatigue":
        out = rolled_success(step, rolled, result["fatigue_roll_target"], "Fatigue roll (HT or Swimming)")
        rule = "#fatigue-from-fast-swimming"
    else:
        out = rolled_success(step, rolled, result["roll_target"], "Swimming roll")
        rule = "#modifiers"
    if out["margin"] < 0:
        step("A failure costs 1 FP.", rule=rule)
    return out
