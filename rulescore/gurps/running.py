"""Running (docs: gurps/running.md): ground Move under a load, sprinting, paced running and the
HT rolls that cost fatigue.

>>> sprint_speed(7), paced_speed(7)
(Fraction(42, 5), Fraction(21, 5))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text
from .common import ONE_THIRD_FP_RULE, SYSTEM, failure_chance, halved_round_up, roll_chart
from .encumbrance import encumbered_move_step, encumbrance_input

SPRINT_FACTOR = Fraction(6, 5)        # +20% after the first second
PACED_FACTOR = Fraction(1, 2)         # half the sprinting speed
SPRINT_HT_EVERY_S = 15
PACED_HT_EVERY_S = 60
YARDS_PER_MILE = 1760


def sprint_speed(move: int) -> Fraction:
    return move * SPRINT_FACTOR


def paced_speed(move: int) -> Fraction:
    return sprint_speed(move) * PACED_FACTOR


def yps_to_mph(yards_per_second: Fraction) -> Fraction:
    return Fraction(yards_per_second) * 3600 / YARDS_PER_MILE


@declare_table("gurps.running_speeds")
def running_speeds_table() -> TableContent:
    rows = tuple((move, sprint_speed(move), paced_speed(move), round(float(yps_to_mph(paced_speed(move))), 1))
                 for move in range(1, 13))
    return TableContent("Running speeds by Move", ("Move (yd/s)", "Sprint (yd/s)", "Paced (yd/s)", "Paced (mph)"),
                        rows,
                        "Sprint = Move + 20%, from the second second on; paced running is half the sprint. "
                        "The mph column is rounded to one decimal.")


@declare_calculator(
    id="gurps.running",
    system=SYSTEM,
    title="Running",
    summary="Your ground Move, sprinting and paced speeds, and when running costs fatigue.",
    page="gurps/running/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        encumbrance_input(),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: Move is halved for any running, rounded up"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="Health, for the fatigue rolls"),
    ],
    outputs=[
        Output("move", "Move", "yd/s", "ground Move, for the first second of a run", min=0),
        Output("sprint_yps", "Sprint", "yd/s", "from the second second on", min=0),
        Output("paced_yps", "Paced running", "yd/s", min=0),
        Output("paced_mph", "Paced running", "mph", min=0),
        Output("sprint_ht_every_s", "HT roll while sprinting, every", "s", min=0),
        Output("paced_ht_every_s", "HT roll while paced, every", "s", min=0),
        Output("ht_fail_odds", "Chance to lose 1 FP on each HT roll", format="percent"),
    ],
)
def running(step: Working, basic_move: int, encumbrance_level: int, very_tired: bool, ht: int) -> dict[str, Any]:
    """Your Move under a load (halved when very tired), the sprint (+20% after the first second)
    and paced running (half the sprint) speeds, and how often a HT roll risks 1 FP (docs:
    gurps/running.md#ground-move, #sprinting, #paced-running, #fatigue-cost).

    The page's example, Basic Move 7: a sprint of 8.4 yd/s, paced 4.2 yd/s.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.running", {"basic_move": 7})
    >>> r["sprint_yps"], r["paced_yps"]
    (8.4, 4.2)
    """
    move = encumbered_move_step(step, basic_move, encumbrance_level)
    if very_tired:
        halved = halved_round_up(move)
        step(f"Very tired (under 1/3 of FP, not at exactly 1/3): Move is halved, rounded up: "
             f"{move} / 2 → {halved} yd/s.", rule=ONE_THIRD_FP_RULE)
        move = halved
    sprint = sprint_speed(move)
    paced = paced_speed(move)
    step(f"Sprint = Move + 20% = {move} × 1.2 = {n(sprint)} yd/s, after one second at {move} yd/s.", rule="#sprinting")
    mph = yps_to_mph(paced)
    step(f"Paced running = half the sprint = {n(sprint)} / 2 = {n(paced)} yd/s "
         f"(× 3600 / 1760 = {n(mph)} mph).", rule="#paced-running")
    fail = failure_chance(ht)
    step(f"Fatigue: roll against HT {ht} every 15 s of sprinting or every minute of paced running; "
         f"it fails {n(fail * 100)}% of the time, costing 1 FP.", rule="#fatigue-cost")
    roll_chart(step, ht, "HT", f"succeeds {percent_text(1 - fail)} of the time; "
               f"each failure ({percent_text(fail)}) costs 1 FP")
    return {
        "move": move,
        "sprint_yps": sprint,
        "paced_yps": paced,
        "paced_mph": mph,
        "sprint_ht_every_s": SPRINT_HT_EVERY_S,
        "paced_ht_every_s": PACED_HT_EVERY_S,
        "ht_fail_odds": fail,
    }
