"""A GURPS character (docs: characters.md#gurps): the four attributes, the secondary
characteristics bought up or down from their formulas, the skills the feats roll against, and
what they imply: Basic Lift, encumbrance, Move, Dodge and basic damage, by the calculators' own
rules. Also which calculator inputs a character fills.

The worked example of the facts we follow: ST 12, DX 13, IQ 10, HT 11.

>>> from rulescore.characters import derive
>>> r = derive("gurps", {"st": 12, "dx": 13, "iq": 10, "ht": 11})
>>> r["hp"], r["fp"], r["will"], r["per"], r["basic_speed"], r["basic_move"]
(12, 11, 10, 10, 6, 6)
>>> r["basic_lift_lb"], r["dodge"], r["thrust"], r["swing"]
(29, 9, '1d-1', '1d+2')

Final values are what the sheet holds, traits included: what GURPS Lite's points could not buy
is advice, not a refusal (a cat's Basic Move 10, HP 13 on ST 4):

>>> r = derive("gurps", {"st": 4, "hp": 13, "dx": 14, "ht": 11, "basic_move": 10})
>>> r["hp"], r["move"]
(13, 10)
>>> print(*r["advice"].split("? "), sep="?" + chr(10))
HP 13: more than Lite lets you buy on ST 4 (up to 5): from a trait?
Basic Move 10: more than Lite lets you buy on Basic Speed 6.25 (up to 9): from a trait?

A creature's figures keep GURPS's meanings: ST 0 is no physical body (Basic Lift 0, no thrust or
swing), IQ 0 mindless, FP 0 no fatigue:

>>> r = derive("gurps", {"st": 0, "hp": 6, "iq": 0, "fp": 0})
>>> r["basic_lift_lb"], r["thrust"], r["will"], r["fp"]
(0, None, 0, 0)

Lifting ST counts for Basic Lift only (and so for encumbrance, Move and Dodge); a Dodge bonus
from traits adds to Dodge:

>>> r = derive("gurps", {"st": 12, "dx": 13, "ht": 11, "lifting_st": 3, "dodge_bonus": 1, "load_lb": 57})
>>> r["basic_lift_lb"], r["encumbrance"], r["dodge"], r["advice"] is None
(45, 'Light', 9, True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..characters import declare_character, use
from ..core import Input, Output, RulesInputError, Working, bind_character
from ..notation import number_text as n
from .common import SYSTEM
from .damage import DAMAGE_ST_RANGE
from .encumbrance import dodge_bonus_input, encumbered_dodge, lifting_st_input
from .injury import DEAD_MULTIPLE
from .weapons import DR_INPUT, SHIELD_DB_INPUT, weapons_input

ATTRIBUTE_TOP = 30  # DX, IQ and HT as high as the calculators take them
# Final values, traits included, as wide as the calculators take them (a dragon's ST 60, a giant's
# HP 150, a cat's Basic Move 10). What GURPS Lite's points can buy from the formulas is advice.
HP_TOP, FP_TOP = 200, 100
SHEET_ST_TOP = HP_TOP  # a huge creature's ST past 100; HP starts at ST, and the injury calculators take HP to 200
HP_LOST_TOP, FP_LOST_TOP = 2000, 500  # as the injury, recovery and fatigue calculators take them
SPEED_TOP, MOVE_TOP = 25, 30
SPEED_STEP = Fraction(1, 4)
SPEED_SHIFT = 2  # Basic Speed bought up or down by at most 2.00
MOVE_SHIFT = 3  # Basic Move bought up or down by at most 3 yards
SECONDARY_SHARE = Fraction(3, 10)  # HP and FP: up to 30 % of ST or HT either way
WILL_PER_UP, WILL_PER_DOWN = 20, 4
SKILL_RANGE = (0, 30)  # the skills as the calculators take them
DAMAGE_TOP_ST = DAMAGE_ST_RANGE[1]  # the damage table's last row
RULE = "characters/#gurps"


def _speed(values: dict[str, Any]) -> Fraction:
    return Fraction(values["dx"] + values["ht"], 4)


def _skill_default(values: dict[str, Any], attribute: str, minus: int) -> int:
    score: int = values[attribute]
    return max(score - minus, SKILL_RANGE[0])


FIELDS = (
    Input("st", "ST", "int", 10, min=0, max=SHEET_ST_TOP, help="Strength: 0 for a creature with no physical body "
                                                         "(nothing to lift or strike with), past 100 for a huge one"),
    Input("dx", "DX", "int", 10, min=1, max=ATTRIBUTE_TOP, help="Dexterity"),
    Input("iq", "IQ", "int", 10, min=0, max=ATTRIBUTE_TOP, help="Intelligence: 0 for a mindless creature (no Will "
                                                                "roll)"),
    Input("ht", "HT", "int", 10, min=1, max=ATTRIBUTE_TOP, help="Health"),
    Input("hp", "HP", "int", None, min=1, max=HP_TOP, derived="ST, bought up or down by up to 30 % of ST",
          derive=lambda v: v["st"]),
    Input("fp", "FP", "int", None, min=0, max=FP_TOP, derived="HT, bought up or down by up to 30 % of HT; 0 for a "
                                                              "creature without fatigue", derive=lambda v: v["ht"]),
    Input("will", "Will", "int", None, min=0, max=ATTRIBUTE_TOP, derived="IQ, bought up by up to 20 or down by 4",
          derive=lambda v: v["iq"]),
    Input("per", "Per", "int", None, min=0, max=ATTRIBUTE_TOP, derived="IQ, bought up by up to 20 or down by 4",
          derive=lambda v: v["iq"]),
    Input("basic_speed", "Basic Speed", "number", None, min=0, max=SPEED_TOP, step=SPEED_STEP,
          derived="(DX + HT) / 4, bought up or down by up to 2.00 in steps of 0.25", derive=_speed),
    Input("basic_move", "Basic Move", "int", None, unit="yd/s", min=0, max=MOVE_TOP,
          derived="Basic Speed with fractions dropped, bought up or down by up to 3",
          derive=lambda v: math.floor(v["basic_speed"])),
    Input("load_lb", "Load carried", "number", 0, unit="lb", min=0, max=1_000_000,
          help="everything carried, armour included"),
    Input("climbing_skill", "Climbing skill", "int", None, min=SKILL_RANGE[0], max=SKILL_RANGE[1],
          derived="DX − 5 without training (0 at least)", derive=lambda v: _skill_default(v, "dx", 5)),
    Input("hiking_skill", "Hiking skill", "int", None, min=SKILL_RANGE[0], max=SKILL_RANGE[1],
          derived="HT − 5 without training (0 at least)", derive=lambda v: _skill_default(v, "ht", 5)),
    Input("swimming_skill", "Swimming skill", "int", 10, min=SKILL_RANGE[0], max=SKILL_RANGE[1]),
    Input("weapon_skill", "Melee weapon skill", "int", 12, min=SKILL_RANGE[0], max=SKILL_RANGE[1],
          help="the skill of the weapon you fight and parry with"),
    Input("shield_skill", "Shield skill", "int", 0, min=SKILL_RANGE[0], max=SKILL_RANGE[1],
          help="0 for no shield"),
    Input("ranged_skill", "Ranged weapon skill", "int", 12, min=-10, max=SKILL_RANGE[1],
          help="the skill of the bow, gun or thrown weapon you shoot with"),
    lifting_st_input(),
    dodge_bonus_input(),
    # Wounds and fatigue now: what the injury, recovery and fatigue calculators and a new session
    # start from (an imported GCS character's HP and FP damage).
    Input("hp_lost", "HP lost", "int", 0, min=0, max=HP_LOST_TOP, help="injury not yet healed; 0 when unhurt"),
    Input("fp_lost", "FP lost", "int", 0, min=0, max=FP_LOST_TOP, help="fatigue not yet rested off; 0 when rested"),
    # What a fight's attack uses (gurps.weapons): the weapons carried, the armour's DR, a shield's DB.
    weapons_input(),
    DR_INPUT,
    SHIELD_DB_INPUT,
)
_BY_NAME = {field.name: field for field in FIELDS}


@declare_character(
    "gurps", SYSTEM, FIELDS,
    outputs=[
        Output("hp", "HP", min=1), Output("fp", "FP", min=0), Output("will", "Will", min=0),
        Output("per", "Per", min=0), Output("basic_speed", "Basic Speed", min=0),
        Output("basic_move", "Basic Move", "yd/s", min=0), Output("basic_lift_lb", "Basic Lift (BL)", "lb", min=0),
        Output("encumbrance_level", "Encumbrance level", min=0, max=4), Output("encumbrance", "Encumbrance"),
        Output("move", "Move", "yd/s", min=0), Output("dodge", "Dodge", min=1),
        Output("thrust", "Thrust", format="dice"), Output("swing", "Swing", format="dice"),
        Output("advice", "Beyond what Lite lets you buy",
               help="figures points alone could not buy in GURPS Lite: usually a trait's doing"),
    ],
)
def gurps_character(step: Working, st: int, dx: int, iq: int, ht: int, hp: int, fp: int, will: int, per: int,
                    basic_speed: Fraction, basic_move: int, load_lb: Fraction, climbing_skill: int,
                    hiking_skill: int, swimming_skill: int, weapon_skill: int, shield_skill: int,
                    ranged_skill: int, lifting_st: int, dodge_bonus: int, hp_lost: int, fp_lost: int,
                    weapons: list[dict[str, Any]], dr: int, shield_db: int) -> dict[str, Any]:
    """HP, FP, Will, Per, Basic Speed and Basic Move against what GURPS Lite lets you buy from
    their formulas (outside it: advice, since traits do that); then Basic Lift, encumbrance,
    Move and Dodge at the load carried (gurps.encumbrance) and thrust and swing (gurps.damage)."""
    if hp < 1:  # HP follows ST when not given: a bodiless creature's has nothing to follow
        raise RulesInputError("hp", f"HP: {hp} with ST {st}, and a character or creature needs 1 HP at least; give "
                                    f"its HP (a creature of ST 0 has its own, as its file says).")
    advice: list[str] = []

    def bought(name: str, value: Fraction | int, low: Fraction | int, high: Fraction | int, formula: str,
               sentence: str) -> None:
        label = _BY_NAME[name].label
        if value > high or value < low:
            more = value > high
            advice.append(f"{label} {n(value)}: {'more' if more else 'less'} than Lite lets you buy on {formula} "
                          f"({'up to ' + n(high) if more else 'down to ' + n(low)}): "
                          f"{'from a trait?' if more else 'from a disadvantage?'}")
            step(sentence + f" {advice[-1]}", rule=RULE)
        else:
            step(sentence, rule=RULE)

    creature(step, st, iq, fp, load_lb)
    for name, value, base, down, up, formula in (
        ("hp", hp, st, math.floor(SECONDARY_SHARE * st), math.floor(SECONDARY_SHARE * st), f"ST {st}"),
        ("fp", fp, ht, math.floor(SECONDARY_SHARE * ht), math.floor(SECONDARY_SHARE * ht), f"HT {ht}"),
        ("will", will, iq, WILL_PER_DOWN, WILL_PER_UP, f"IQ {iq}"),
        ("per", per, iq, WILL_PER_DOWN, WILL_PER_UP, f"IQ {iq}"),
    ):
        if name == "fp" and not fp or name == "hp" and not st or name == "will" and not iq:
            continue  # no fatigue, no body, no mind: said above, nothing bought
        field = _BY_NAME[name]
        low, high = max(base - down, field.min), min(base + up, field.max)
        bought(name, value, low, high, formula,
               f"{field.label} {value}: {formula}" + (f" {'+' if value > base else '−'} {abs(value - base)}"
                                                      if value != base else "") + ".")
    speed = _speed({"dx": dx, "ht": ht})
    bought("basic_speed", basic_speed, max(speed - SPEED_SHIFT, Fraction(0)), speed + SPEED_SHIFT,
           f"(DX + HT) / 4 = {n(speed)}",
           f"Basic Speed = (DX + HT) / 4 = ({dx} + {ht}) / 4 = {n(speed)}"
           + (f", {n(basic_speed)} on the sheet." if basic_speed != speed else "."))
    move_base = math.floor(basic_speed)
    bought("basic_move", basic_move, max(move_base - MOVE_SHIFT, 0), move_base + MOVE_SHIFT,
           f"Basic Speed {n(basic_speed)}",
           f"Basic Move = Basic Speed without fractions = {move_base}"
           + (f", {basic_move} on the sheet." if basic_move != move_base else "."))
    loaded: dict[str, Any] = {"basic_lift_lb": 0, "encumbrance_level": 0, "encumbrance": "None", "move": basic_move,
                              "dodge": encumbered_dodge(basic_speed, 0, dodge_bonus)} if not st else \
        dict(use(step, "gurps.encumbrance", {"st": st, "basic_speed": basic_speed, "basic_move": basic_move,
                                             "load_lb": load_lb, "lifting_st": lifting_st,
                                             "dodge_bonus": dodge_bonus}))
    damage: dict[str, Any] = dict(use(step, "gurps.damage", {"st": st})) if st else {"thrust": None, "swing": None}
    if hp - hp_lost <= -DEAD_MULTIPLE * hp:
        raise RulesInputError("hp_lost", f"HP lost: {hp_lost} of HP {hp} leaves {n(hp - hp_lost)}, and at "
                                         f"−{DEAD_MULTIPLE} × HP ({n(-DEAD_MULTIPLE * hp)}) a character is dead; "
                                         f"enter at most {(DEAD_MULTIPLE + 1) * hp - 1}.")
    if fp_lost and not fp:
        raise RulesInputError("fp_lost", f"FP lost: {fp_lost}, but FP 0 means no fatigue, so nothing to lose; enter 0.")
    if fp_lost > 2 * fp:
        raise RulesInputError("fp_lost", f"FP lost: {fp_lost} of FP {fp} goes past −FP ({n(-fp)}), where fatigue comes "
                                         f"off HP instead; enter at most {2 * fp}.")
    if hp_lost or fp_lost:
        step(f"Now: HP {hp - hp_lost} of {hp}, FP {fp - fp_lost} of {fp}; the figures above are the unhurt, rested "
             f"ones (a session halves Move and Dodge when they are low).", rule=RULE)
    return {"hp": hp, "fp": fp, "will": will, "per": per, "basic_speed": basic_speed, "basic_move": basic_move,
            "basic_lift_lb": loaded["basic_lift_lb"], "encumbrance_level": loaded["encumbrance_level"],
            "encumbrance": loaded["encumbrance"], "move": loaded["move"], "dodge": loaded["dodge"],
            "thrust": damage["thrust"], "swing": damage["swing"], "advice": " ".join(advice) or None}


def creature(step: Working, st: int, iq: int, fp: int, load_lb: Fraction) -> None:
    """What a creature's ST 0, ST past 100, IQ 0 or FP 0 mean, as GURPS has it, each said in a step;
    a load carried on ST 0 is refused."""
    if not st:
        if load_lb:
            raise RulesInputError("load_lb", f"Load carried: {n(load_lb)} lb, but ST 0 means no physical body, "
                                             f"which carries nothing; enter 0.")
        step("ST 0: no physical body. Nothing to lift or strike with ST: Basic Lift 0, no load, no thrust or "
             "swing; Move and Dodge as unencumbered (Lifting ST does not count without a body).", rule=RULE)
    elif st > DAMAGE_TOP_ST:
        step(f"ST {st}: a huge creature, past the damage table's {DAMAGE_TOP_ST}; thrust and swing go on at +1d each "
             f"for every 10 ST more.", rule=RULE)
    if not iq:
        step("IQ 0: mindless. No Will roll (a mindless creature keeps its Aim when hurt, and a Fright Check or an "
             "Influence roll does not apply to it); Will and Per are what the sheet holds.", rule=RULE)
    if not fp:
        step("FP 0: no fatigue. No FP to spend or lose, so nothing tires it (a session refuses FP spent).", rule=RULE)


# Which calculator inputs a character fills: {calculator: {input: field or derived figure}}.
# Situational inputs (a distance, a roll, a modifier, damage taken, being very tired) are not.
FILLS = {
    "gurps.encumbrance": {"st": "st", "basic_speed": "basic_speed", "basic_move": "basic_move", "load_lb": "load_lb",
                          "lifting_st": "lifting_st", "dodge_bonus": "dodge_bonus"},
    "gurps.jump": {"basic_move": "basic_move"},
    "gurps.lifting": {"st": "st", "lifting_st": "lifting_st"},
    "gurps.running": {"basic_move": "basic_move", "encumbrance_level": "encumbrance_level", "ht": "ht"},
    "gurps.swimming": {"basic_move": "basic_move", "swimming_skill": "swimming_skill",
                       "encumbrance_level": "encumbrance_level", "ht": "ht"},
    "gurps.throwing": {"st": "st", "dx": "dx"},
    "gurps.hiking": {"basic_move": "basic_move", "encumbrance_level": "encumbrance_level",
                     "hiking_skill": "hiking_skill"},
    "gurps.climbing": {"climbing_skill": "climbing_skill", "dx": "dx", "encumbrance_level": "encumbrance_level"},
    "gurps.influence": {"will": "will"},
    "gurps.fright_check": {"will": "will"},
    "gurps.melee_attack": {"skill": "weapon_skill"},
    "gurps.range_modifier": {"skill": "ranged_skill"},
    "gurps.defense": {"basic_speed": "basic_speed", "encumbrance_level": "encumbrance_level",
                      "weapon_skill": "weapon_skill", "shield_skill": "shield_skill", "dodge_bonus": "dodge_bonus",
                      "shield_db": "shield_db"},
    "gurps.damage": {"st": "st"},
    "gurps.injury": {"hp": "hp", "ht": "ht", "hp_lost_before": "hp_lost", "dr": "dr"},
    "gurps.recovery": {"hp": "hp", "ht": "ht", "hp_lost": "hp_lost"},
    "gurps.fatigue": {"fp": "fp", "will": "will", "fp_lost": "fp_lost"},
}
for _calculator_id, _figures in FILLS.items():
    bind_character(_calculator_id, _figures)
