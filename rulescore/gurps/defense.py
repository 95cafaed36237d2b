"""Active defences (docs: gurps/attacking-and-defending.md#defending): Dodge, Parry and Block,
what lowers or raises them, and the chance each defence roll succeeds.

>>> parry_or_block(13), parry_or_block(12)
(9, 9)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, RulesInputError, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from ..rolls import declare_roll
from .common import ONE_THIRD_FP_RULE, SYSTEM, chance_of_success, halved_round_up, roll_chart, rolled_success
from .encumbrance import DODGE_BONUS_MAX, ENCUMBRANCE_LEVEL_HELP, dodge_bonus_input, dodge_step, encumbered_dodge

STUNNED_DEFENSE = -4
INCREASED_DEFENSE = 2
SHIELD_DB_MAX = 3  # the largest shield's Defense Bonus


def parry_or_block(skill: int) -> int:
    """3 + half the weapon, Shield or Cloak skill, fractions dropped."""
    return 3 + skill // 2


@declare_calculator(
    id="gurps.defense",
    system=SYSTEM,
    title="Active defences",
    summary="Dodge, Parry and Block scores and the exact chance each defence roll succeeds.",
    page="gurps/attacking-and-defending/",
    inputs=[
        Input("basic_speed", "Basic Speed", "number", 5, min=0, max=30, step=Fraction(1, 4),
              help="(DX + HT) / 4, fractions kept"),
        Input("encumbrance_level", "Encumbrance level", "int", 0, min=0, max=4, help=ENCUMBRANCE_LEVEL_HELP),
        Input("weapon_skill", "Weapon skill", "int", 12, min=0, max=30,
              help="for Parry; leave at 0 if you have nothing to parry with"),
        Input("shield_skill", "Shield or Cloak skill", "int", 0, min=0, max=30,
              help="for Block; leave at 0 without a ready shield or cloak"),
        Input("parry_bonus", "Weapon's parry bonus", "int", 0, min=0, max=2,
              help="+1 or +2 for long, well-balanced weapons such as the quarterstaff"),
        Input("halved", "Under 1/3 of your HP", "bool", False, help="reeling: Dodge is halved, rounded up"),
        Input("increased_defense", "All-Out Defense (Increased)", "choice", "none",
              choices=(("none", "not taken"), ("dodge", "+2 Dodge"), ("parry", "+2 Parry"), ("block", "+2 Block"))),
        Input("stunned", "Stunned", "bool", False, help="−4 to every active defence"),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: Dodge is halved, rounded up (again, if you are reeling too)"),
        dodge_bonus_input(),
        Input("shield_db", "Shield's Defense Bonus (DB)", "int", 0, min=0, max=SHIELD_DB_MAX,
              help="a ready shield adds its DB to Dodge, Parry and Block; 0 without one"),
    ],
    outputs=[
        Output("dodge", "Dodge", min=1 + STUNNED_DEFENSE,
               max=30 + 3 + DODGE_BONUS_MAX + INCREASED_DEFENSE + SHIELD_DB_MAX),
        Output("dodge_chance", "Dodge roll succeeds", format="percent"),
        Output("parry", "Parry", help="shown when you have a weapon skill", min=3 + STUNNED_DEFENSE,
               max=3 + 30 // 2 + 2 + INCREASED_DEFENSE + SHIELD_DB_MAX),
        Output("parry_chance", "Parry roll succeeds", format="percent"),
        Output("block", "Block", help="shown when you have a Shield or Cloak skill", min=3 + STUNNED_DEFENSE,
               max=3 + 30 // 2 + INCREASED_DEFENSE + SHIELD_DB_MAX),
        Output("block_chance", "Block roll succeeds", format="percent"),
    ],
)
def defense(step: Working, basic_speed: Fraction, encumbrance_level: int, weapon_skill: int, shield_skill: int,
            parry_bonus: int, halved: bool, increased_defense: str, stunned: bool,
            very_tired: bool, dodge_bonus: int, shield_db: int) -> dict[str, Any]:
    """Your Dodge (Basic Speed + 3 − encumbrance, halved when reeling or very tired), Parry and
    Block (3 + half the skill), a shield's Defense Bonus on all three, after All-Out Defense and
    stunning, and the exact chance each defence roll succeeds (docs:
    gurps/attacking-and-defending.md#dodging, #parrying, #blocking, #a-shields-defense-bonus,
    #active-defence-rolls).

    The page's example, Basic Speed 6.25 at Light encumbrance, weapon skill 13, Shield 12,
    Increased Block:

    >>> from rulescore import calculate
    >>> r = calculate("gurps.defense", {"basic_speed": "6.25", "encumbrance_level": 1, "weapon_skill": 13,
    ...                                 "shield_skill": 12, "increased_defense": "block"})
    >>> r["dodge"], r["parry"], r["block"]
    (8, 9, 11)
    """
    dodge = dodge_step(step, basic_speed, encumbrance_level, dodge_bonus, "#dodging")
    # Our reading: reeling and very tired each halve Dodge, so both together halve it twice (as
    # Move is halved twice on the Hiking page).
    for flag, why, rule in ((halved, "Reeling (under 1/3 of HP)", "gurps/injury/#reeling-under-13-of-your-hp"),
                            (very_tired, "Very tired (under 1/3 of FP)", ONE_THIRD_FP_RULE)):
        if flag:
            halved_dodge = halved_round_up(dodge)
            step(f"{why}: Dodge halved, rounded up: {dodge} / 2 → {halved_dodge}.", rule=rule)
            dodge = halved_dodge
    # The defences you have, in this order; Parry and Block do not apply without the skill (the
    # outputs are then None, and the page hides them).
    scores = {"dodge": dodge}
    if weapon_skill:
        scores["parry"] = parry_or_block(weapon_skill) + parry_bonus
        bonus = f" + {parry_bonus} weapon bonus" if parry_bonus else ""
        step(f"Parry = 3 + half weapon skill, fractions dropped{bonus} = 3 + {weapon_skill} / 2{bonus} "
             f"= {scores['parry']}.", rule="#parrying")
    else:
        step("Parry: no weapon skill entered, so no parry.", rule="#parrying")
    if shield_skill:
        scores["block"] = parry_or_block(shield_skill)
        step(f"Block = 3 + half Shield or Cloak skill, fractions dropped = 3 + {shield_skill} / 2 "
             f"= {scores['block']}.", rule="#blocking")
    else:
        step("Block: no Shield or Cloak skill entered, so no block.", rule="#blocking")
    if shield_db:
        for name in scores:
            scores[name] += shield_db
        step(f"Shield: its Defense Bonus adds +{shield_db} to " + ", ".join(name.capitalize() for name in scores)
             + ".", rule="#a-shields-defense-bonus")
    if increased_defense in scores:
        scores[increased_defense] += INCREASED_DEFENSE
        step(f"All-Out Defense (Increased {increased_defense.capitalize()}): "
             f"+{INCREASED_DEFENSE}, to {n(scores[increased_defense])}.", rule="gurps/maneuvers/#all-out-defense")
    elif increased_defense != "none":
        step(f"All-Out Defense: with no {increased_defense}, the +{INCREASED_DEFENSE} has nothing to add to.",
             rule="gurps/maneuvers/#all-out-defense")
    if stunned:
        for name in scores:
            scores[name] += STUNNED_DEFENSE
        step(f"Stunned: {signed(STUNNED_DEFENSE)} to each active defence.", rule="gurps/injury/#stunning")
    chances = {name: chance_of_success(score) for name, score in scores.items()}
    step("Defence roll: 3d6 against the score; 3 and 4 always succeed, 17 and 18 always fail: "
         + ", ".join(f"{name.capitalize()} {n(score)} → {pct(chances[name])}" for name, score in scores.items())
         + ".", rule="#active-defence-rolls")
    for name, score in scores.items():
        roll_chart(step, score, name.capitalize(), f"succeeds {pct(chances[name])} of the time")
    return {"dodge": scores["dodge"], "dodge_chance": chances["dodge"], "parry": scores.get("parry"),
            "parry_chance": chances.get("parry"), "block": scores.get("block"), "block_chance": chances.get("block")}


@declare_table("gurps.dodge_by_speed")
def dodge_table() -> TableContent:
    rows = tuple((speed, *(encumbered_dodge(Fraction(speed), level) for level in range(5))) for speed in range(3, 10))
    return TableContent("Dodge by Basic Speed and encumbrance",
                        ("Basic Speed (fractions dropped)", "None (0)", "Light (1)", "Medium (2)", "Heavy (3)",
                         "Extra-Heavy (4)"),
                        rows, "Dodge never falls below 1 from encumbrance.")


@declare_table("gurps.parry_block")
def parry_block_table() -> TableContent:
    rows = tuple((skill, parry_or_block(skill)) for skill in range(6, 21))
    return TableContent("Parry and Block by skill", ("Weapon, Shield or Cloak skill", "Parry or Block"), rows,
                        "3 + half the skill, fractions dropped. Some weapons add +1 or +2 to Parry.")


DEFENCES = (("dodge", "Dodge"), ("parry", "Parry"), ("block", "Block"))


@declare_roll("gurps.defense", "3d6",
              choice=Input("defence", "Defence rolled", "choice", "dodge", choices=DEFENCES,
                           help="the active defence you roll against this attack"),
              notations=tuple((value, "3d6") for value, _ in DEFENCES))
def resolve_defense(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """One defence roll made: the defence chosen by the extra input ``defence`` (Dodge unless
    told; Parry needs a weapon skill, Block a Shield or Cloak skill), 3d6 against its score.

    >>> from rulescore import resolve
    >>> resolve("gurps.defense", {"defence": "parry"}, dice=[5, 5, 5])["outcome"]  # Parry 9
    'failure'
    """
    score = result[which]
    if score is None:
        needs = "a weapon skill" if which == "parry" else "a Shield or Cloak skill"
        raise RulesInputError("defence", f"Defence rolled: no {which.capitalize()} without {needs}; roll Dodge "
                                         f"or enter the skill.")
    return rolled_success(step, rolled, score, f"{which.capitalize()} roll")
