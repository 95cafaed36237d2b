"""Lifting and moving things (docs: gurps/lifting.md): one- and two-handed lifts, shoving,
carrying on your back and shifting, all as multiples of Basic Lift.

>>> LIFT_MULTIPLE["two_handed"], LIFT_SECONDS["two_handed"]
(8, 4)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from .common import SYSTEM, fine_text, ratio_text
from .encumbrance import (
    CARRY_ON_BACK_MULTIPLE,
    ENCUMBRANCE_LEVELS,
    EXTRA_HEAVY_MULTIPLE,
    OVER_10_BL_READING,
    SHIFT_SLIGHTLY_MULTIPLE,
    lifting_basic_lift,
    lifting_st_input,
)


class Lift(NamedTuple):
    key: str
    name: str
    multiple: int  # of Basic Lift
    seconds: int | None  # how long it takes, where the rules say


LIFTS = (
    Lift("one_handed", "One-handed lift", 2, 2),
    Lift("two_handed", "Two-handed lift", 8, 4),
    Lift("shove", "Shove and knock over", 12, None),
    Lift("shove_running", "Shove with a running start", 24, None),
    Lift("carry_on_back", "Carry on back", CARRY_ON_BACK_MULTIPLE, None),
    Lift("shift_slightly", "Shift slightly", SHIFT_SLIGHTLY_MULTIPLE, None),
)
LIFT_MULTIPLE = {lift.key: lift.multiple for lift in LIFTS}
LIFT_SECONDS = {lift.key: lift.seconds for lift in LIFTS if lift.seconds}


@declare_table("gurps.lifting_multiples")
def lifting_multiples_table() -> TableContent:
    notes = {
        "one_handed": "takes 2 seconds",
        "two_handed": "takes 4 seconds",
        "shove": "knock over or push aside",
        "shove_running": "twice the shove, after a run-up",
        "carry_on_back": "1 FP a second while over 10 × BL",
        "shift_slightly": "rock or budge it; depends on footing and bracing",
    }
    rows = tuple((lift.name, f"{lift.multiple} × BL", notes[lift.key]) for lift in LIFTS)
    return TableContent("Lifting and moving things", ("Feat", "Up to", "Notes"), rows,
                        "BL is Basic Lift, ST × ST / 5 lb. Helpers may pool their BL (never their ST) "
                        "when the GM agrees.")


@declare_calculator(
    id="gurps.lifting",
    system=SYSTEM,
    title="Lifting and moving things",
    summary="How much you can lift with one or two hands, shove, carry on your back or just shift.",
    page="gurps/lifting/",
    inputs=[
        Input("st", "ST", "int", 10, min=1, max=1000, help="Strength"),
        Input("helpers_bl_lb", "Helpers' Basic Lift", "number", 0, unit="lb", min=0, max=100_000,
              help="the total Basic Lift of anyone helping, if the GM allows it; leave at 0 when alone"),
        Input("weight_lb", "Object's weight", "number", 0, unit="lb", min=0, max=1_000_000,
              help="enter a weight to see what you can do with it"),
        lifting_st_input(),
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb", "your own, ST × ST / 5", min=0),
        Output("combined_bl_lb", "Basic Lift used", "lb", "yours plus your helpers'", min=0),
        Output("one_handed_lift_lb", "One-handed lift", "lb", "2 × BL", min=0),
        Output("one_handed_time_s", "One-handed lift takes", "s", min=0),
        Output("two_handed_lift_lb", "Two-handed lift", "lb", "8 × BL", min=0),
        Output("two_handed_time_s", "Two-handed lift takes", "s", min=0),
        Output("shove_lb", "Shove and knock over", "lb", "12 × BL", min=0),
        Output("shove_running_lb", "Shove with a running start", "lb", "24 × BL", min=0),
        Output("carry_on_back_lb", "Carry on back", "lb", "15 × BL; 1 FP a second over 10 × BL", min=0),
        Output("shift_slightly_lb", "Shift slightly", "lb", "50 × BL", min=0),
        Output("verdict", "With this object you can"),
    ],
)
def lifting(step: Working, st: int, helpers_bl_lb: Fraction, weight_lb: Fraction, lifting_st: int) -> dict[str, Any]:
    """How much you can lift one- or two-handed, shove, carry on your back or shift, alone or with
    helpers pooling their Basic Lift, and what you can do with a given object (docs:
    gurps/lifting.md#the-lifts, #working-together, #shove-and-knock-over, #carry-on-back).

    The page's example, ST 12 and a 250 lb object:

    >>> from rulescore import calculate
    >>> r = calculate("gurps.lifting", {"st": 12, "weight_lb": 250})
    >>> r["two_handed_lift_lb"], r["verdict"]
    (232, 'carry it on your back; shove it; shift it slightly')
    """
    own = lifting_basic_lift(st, lifting_st, step)
    bl = own + helpers_bl_lb
    if helpers_bl_lb:
        step(f"Helpers add their Basic Lift, not their ST: {n(own)} + {n(helpers_bl_lb)} = {n(bl)} lb.",
             rule="#working-together")
    limits = {key: multiple * bl for key, multiple in LIFT_MULTIPLE.items()}
    step(f"Lifts: one-handed 2 × BL = {n(limits['one_handed'])} lb (2 s); "
         f"two-handed 8 × BL = {n(limits['two_handed'])} lb (4 s).", rule="#the-lifts")
    step(f"Shove and knock over 12 × BL = {n(limits['shove'])} lb, doubled with a running start "
         f"= {n(limits['shove_running'])} lb.", rule="#shove-and-knock-over")
    step(f"Carry on back 15 × BL = {n(limits['carry_on_back'])} lb; shift slightly 50 × BL "
         f"= {n(limits['shift_slightly'])} lb.", rule="#carry-on-back")
    verdict: str | None
    if weight_lb == 0:
        verdict = None  # no object given: nothing to judge
    else:
        can = []
        if weight_lb <= limits["one_handed"]:
            can.append("lift it one-handed (2 s)")
        elif weight_lb <= limits["two_handed"]:
            can.append("lift it two-handed (4 s)")
        if weight_lb <= CARRY_ON_BACK_MULTIPLE * bl:
            tiring = weight_lb > EXTRA_HEAVY_MULTIPLE * bl
            can.append("carry it on your back" + (" at 1 FP a second" if tiring else ""))
        if weight_lb <= limits["shove"]:
            can.append("shove it")
        elif weight_lb <= limits["shove_running"]:
            can.append("shove it with a running start")
        if weight_lb <= limits["shift_slightly"]:
            can.append("shift it slightly")
        verdict = "; ".join(can) if can else "nothing: it is over 50 × BL"
        multiple = ratio_text(weight_lb / bl, set(LIFT_MULTIPLE.values()) | {ENCUMBRANCE_LEVELS[-1].multiple})
        step(f"Object: {fine_text(weight_lb)} lb is {multiple} × BL, so you can: {verdict}.", rule="#the-lifts")
        if weight_lb > EXTRA_HEAVY_MULTIPLE * bl:
            step(OVER_10_BL_READING, rule="gurps/encumbrance/#loads-over-extra-heavy")
    return {
        "basic_lift_lb": own,
        "combined_bl_lb": bl,
        "one_handed_lift_lb": limits["one_handed"],
        "one_handed_time_s": LIFT_SECONDS["one_handed"],
        "two_handed_lift_lb": limits["two_handed"],
        "two_handed_time_s": LIFT_SECONDS["two_handed"],
        "shove_lb": limits["shove"],
        "shove_running_lb": limits["shove_running"],
        "carry_on_back_lb": limits["carry_on_back"],
        "shift_slightly_lb": limits["shift_slightly"],
        "verdict": verdict,
    }
