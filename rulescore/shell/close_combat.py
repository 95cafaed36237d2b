"""Close combat (docs: shell/close-combat.md): the takedown and the pin, attack rolls changed
by the difference in ST (and, for a pin, in weight) against a dodge, the only defence there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, Working, declare_calculator
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, signed, term
from ..rolls import declare_roll
from .common import AT_DEFAULT, ATTRIBUTE_DEFAULT, DODGE_DEF_DEFAULT, SYSTEM
from .rolls import attack_chart, attack_odds, attack_roll_result

LB_PER_PIN_MODIFIER = 20


@declare_calculator(
    id="shell.close_combat",
    system=SYSTEM,
    title="Takedown and pin",
    summary="The modifier and the exact 2d10 odds of a takedown or a pin in close combat.",
    page="shell/close-combat/",
    inputs=[
        Input("maneuver", "Maneuver", "choice", "takedown",
              choices=(("takedown", "Takedown (or breaking a pin)"), ("pin", "Pin"))),
        Input("attack_value", "Attacker's AT", "int", AT_DEFAULT, min=-20, max=40),
        Input("dodge_def", "Defender's dodge DEF", "int", DODGE_DEF_DEFAULT, min=-20, max=40,
              help="close combat allows only a dodge"),
        Input("attacker_st", "Attacker's ST", "int", ATTRIBUTE_DEFAULT, min=1, max=40),
        Input("defender_st", "Defender's ST", "int", ATTRIBUTE_DEFAULT, min=1, max=40),
        Input("weight_difference_lb", "Attacker heavier by", "int", 0, unit="lb", min=-1000, max=1000,
              help="negative when the attacker is lighter; counts for a pin only"),
    ],
    outputs=[
        Output("modifier", "Roll modifier", min=-89, max=89),
        Output("success", "Succeeds", format="percent"),
        Output("dodged", "Dodged", format="percent"),
        Output("miss", "Misses", format="percent"),
    ],
)
def close_combat(step: Working, maneuver: str, attack_value: int, dodge_def: int, attacker_st: int,
                 defender_st: int, weight_difference_lb: int) -> dict[str, Any]:
    """The exact odds of a takedown or a pin: an attack roll against the defender's dodge
    DEF, ±1 for each point of ST the attacker has over or under the defender, and for a pin
    ±1 for every full 20 lb of weight difference; 12 or more succeeds, 9–11 is dodged (docs:
    shell/close-combat.md#takedown and #pin).

    >>> from rulescore import calculate
    >>> pin = calculate("shell.close_combat", {"maneuver": "pin", "attack_value": 4, "dodge_def": 3,
    ...                                        "attacker_st": 12, "defender_st": 11, "weight_difference_lb": 45})
    >>> pin["modifier"], pin["success"]
    (3, 0.79)
    """
    st_mod = attacker_st - defender_st
    step(f"ST: ±1 for each point of difference: {attacker_st} − {defender_st} = {signed(st_mod)}.", rule="#takedown")
    weight_mod = 0
    if maneuver == "pin":
        weight_mod = int(Fraction(weight_difference_lb, LB_PER_PIN_MODIFIER))  # whole 20 lb steps, toward zero
        step(f"Pin: ±1 for every full 20 lb of weight difference: {n(weight_difference_lb)} lb gives "
             f"{signed(weight_mod)}.",
             rule="#pin")
    mod = st_mod + weight_mod
    margin = attack_value + mod - dodge_def
    odds = attack_odds(margin, None)
    step(f"Roll 2d10 + AT + modifier − DEF = 2d10 {term(margin)}: 12 or more succeeds ({percent_text(odds['hit'])}), "
         f"9–11 is dodged ({percent_text(odds['defended'])}), 8 or less misses ({percent_text(odds['miss'])}).",
         rule="#pin" if maneuver == "pin" else "#takedown")
    attack_chart(step, margin, None, f"2d10 {term(margin)} for a {maneuver}",
                 f"succeeds {percent_text(odds['hit'])} of the time")
    return {"modifier": mod, "success": odds["hit"], "dodged": odds["defended"], "miss": odds["miss"]}


CLOSE_COMBAT_WORDS = {"hit": "success", "defended": "dodged", "miss": "miss"}  # the calculator's own outputs


@declare_roll("shell.close_combat", "2d10")
def resolve_close_combat(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The takedown or pin rolled: 2d10 + AT + modifier − DEF; ``outcome`` success, dodged or
    miss, ``margin`` the total − 12 (0 or more succeeds).

    >>> from rulescore import resolve
    >>> r = resolve("shell.close_combat", {"maneuver": "pin", "attack_value": 4, "dodge_def": 3}, dice=[5, 6])
    >>> r["outcome"], r["margin"]
    ('success', 0)
    """
    margin = result.inputs["attack_value"] + result["modifier"] - result.inputs["dodge_def"]
    rule = "#pin" if result.inputs["maneuver"] == "pin" else "#takedown"
    out = attack_roll_result(step, rolled.faces, margin, None, rule)
    out["outcome"] = CLOSE_COMBAT_WORDS[out["outcome"]]
    return out
