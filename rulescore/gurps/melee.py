"""Melee attacks (docs: gurps/attacking-and-defending.md#attack-roll and gurps/maneuvers.md): the
attacking maneuvers, Evaluate, the off hand, and the attack roll with its critical hits.

>>> attack_chances(12)
(Fraction(20, 27), Fraction(1, 54))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from ..rolls import declare_roll
from .common import ROLLS, SKILL_RANGE, SYSTEM, roll_chart, roll_ranges, rolled_success, skill_input, success_odds


class Maneuver(NamedTuple):
    value: str
    label: str
    modifier: int  # to hit
    cap: int | None  # best effective skill allowed, if any
    defenses: str  # active defences left until your next turn
    movement: str


MANEUVERS = (
    Maneuver("attack", "Attack", 0, None, "any", "a step"),
    Maneuver("all_out_determined", "All-Out Attack (Determined)", 4, None, "none", "half Move, forward only"),
    Maneuver("all_out_strong", "All-Out Attack (Strong)", 0, None, "none", "half Move, forward only"),
    Maneuver("all_out_double", "All-Out Attack (Double)", 0, None, "none", "half Move, forward only"),
    Maneuver("all_out_feint", "All-Out Attack (Feint)", 0, None, "none", "half Move, forward only"),
    Maneuver("move_and_attack", "Move and Attack", -4, 9, "Dodge or Block only", "full Move"),
)
RANGED_DETERMINED_BONUS = 1  # All-Out Attack (Determined) with a ranged weapon
MOVE_AND_ATTACK_RANGED = -2  # or the weapon's Bulk, whichever is worse
EVALUATE_BONUS, EVALUATE_MAX_TURNS = 1, 3
OFF_HAND_PENALTY = -4
CONCENTRATE_WILL = -3


def attack_chances(skill: int) -> tuple[Fraction, Fraction]:
    """(hit, critical hit) for an attack roll against ``skill``."""
    odds = success_odds(skill)
    return odds["success"], odds["critical success"]


@declare_calculator(
    id="gurps.melee_attack",
    system=SYSTEM,
    title="Melee attack roll",
    summary="Your skill after the maneuver and Evaluate bonuses, and the exact chance to hit and to score a "
            "critical hit.",
    page="gurps/attacking-and-defending/",
    inputs=[
        skill_input("skill", "Weapon skill", 12, "your skill with the weapon or unarmed attack"),
        Input("maneuver", "Maneuver", "choice", "attack",
              choices=tuple((row.value, row.label) for row in MANEUVERS)),
        Input("evaluate_turns", "Evaluate turns before", "int", 0, min=0, max=EVALUATE_MAX_TURNS,
              help="Evaluate maneuvers in a row against this foe, up to 3"),
        Input("off_hand", "Off-hand weapon", "bool", False, help="the usual −4"),
        Input("other_modifier", "Other modifiers", "int", 0, min=-20, max=20,
              help="the total of any other bonuses and penalties"),
    ],
    outputs=[
        Output("effective_skill", "Effective skill", min=SKILL_RANGE[0] - 4 + OFF_HAND_PENALTY - 20,
               max=SKILL_RANGE[1] + 4 + EVALUATE_BONUS * EVALUATE_MAX_TURNS + 20),
        Output("hit", "Attack roll succeeds", format="percent"),
        Output("critical_hit", "Critical hit (no defence allowed)", format="percent"),
        Output("maximum_damage", "Roll of 3: maximum damage", format="percent"),
        Output("defenses", "Your active defences until your next turn"),
        Output("movement", "Movement"),
    ],
)
def melee_attack(step: Working, skill: int, maneuver: str, evaluate_turns: int, off_hand: bool,
                 other_modifier: int) -> dict[str, Any]:
    """Your effective skill for a melee attack after the maneuver, Evaluate, the off hand and other
    modifiers (Move and Attack caps it at 9), the exact chance to hit and to hit critically, and
    what the maneuver leaves you (docs: gurps/attacking-and-defending.md#attack-roll,
    gurps/maneuvers.md#all-out-attack, #move-and-attack).

    The page's example, skill 13, All-Out Attack (Determined) after two turns of Evaluate:

    >>> from rulescore import calculate
    >>> r = calculate("gurps.melee_attack", {"skill": 13, "maneuver": "all_out_determined", "evaluate_turns": 2})
    >>> r["effective_skill"], r["defenses"], r["movement"]
    (19, 'none', 'half Move, forward only')
    """
    row = next(m for m in MANEUVERS if m.value == maneuver)
    label, modifier, cap = row.label, row.modifier, row.cap
    total = skill + modifier
    parts = [f"skill {n(skill)}"]
    if modifier:
        parts.append(f"{signed(modifier)} for {label}")
    if evaluate_turns:
        total += EVALUATE_BONUS * evaluate_turns
        parts.append(f"+{EVALUATE_BONUS * evaluate_turns} for {evaluate_turns} "
                     f"turn{'s' if evaluate_turns > 1 else ''} of Evaluate")
    if off_hand:
        total += OFF_HAND_PENALTY
        parts.append(f"{signed(OFF_HAND_PENALTY)} for the off hand")
    if other_modifier:
        total += other_modifier
        parts.append(f"{signed(other_modifier)} other modifiers")
    step(f"Effective skill: {', '.join(parts)} = {n(total)}.", rule="#attack-roll")
    if cap is not None and total > cap:
        step(f"Move and Attack: a melee attack made while moving cannot be at better than {cap}, "
             f"so {n(total)} becomes {cap}.", rule="gurps/maneuvers/#move-and-attack")
        total = cap
    hit, critical = attack_chances(total)
    ranges = roll_ranges(total)
    step(f"Attack roll: 3d6 against {n(total)} hits on {ranges['success']} ({pct(hit)}); a critical hit on "
         f"{ranges['critical success']} ({pct(critical)}) gives the foe no defence roll, and a 3 does maximum "
         f"damage.", rule="#attack-roll")
    roll_chart(step, total, "", f"hits {pct(hit)} of the time, critically {pct(critical)}")
    if maneuver == "all_out_strong":
        step("All-Out Attack (Strong): a hit does +2 damage, or +1 per die if that is more.",
             rule="gurps/maneuvers/#melee-options")
    if maneuver == "all_out_double":
        step("All-Out Attack (Double): make two such attacks on the same foe.", rule="gurps/maneuvers/#melee-options")
    if maneuver == "all_out_feint":
        step("All-Out Attack (Feint): a Feint (a Quick Contest) comes first, then this one attack.",
             rule="gurps/maneuvers/#melee-options")
    return {"effective_skill": total, "hit": hit, "critical_hit": critical, "maximum_damage": ROLLS[3],
            "defenses": row.defenses, "movement": row.movement}


@declare_table("gurps.melee_maneuvers")
def melee_maneuvers_table() -> TableContent:
    rows = tuple((row.label, signed(row.modifier) + (f", at most {row.cap}" if row.cap is not None else ""),
                  row.defenses, row.movement) for row in MANEUVERS)
    return TableContent("Attacking maneuvers in melee",
                        ("Maneuver", "To hit", "Active defences afterwards", "Movement"), rows,
                        f"Each Evaluate turn adds +{EVALUATE_BONUS} (up to {EVALUATE_MAX_TURNS} turns). Ranged: "
                        f"All-Out Attack (Determined) gives +{RANGED_DETERMINED_BONUS}; Move and Attack gives "
                        f"{signed(MOVE_AND_ATTACK_RANGED)} or the weapon's Bulk, whichever is worse, with no cap.")


@declare_roll("gurps.melee_attack", "3d6")
def resolve_melee_attack(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The attack roll made, against the effective skill: a critical success is a critical hit
    (no defence; a 3 does maximum damage).

    >>> from rulescore import resolve
    >>> resolve("gurps.melee_attack", {"skill": 13}, dice=[1, 1, 1])["outcome"]
    'critical success'
    """
    out = rolled_success(step, rolled, result["effective_skill"], "Attack roll")
    if out["outcome"] == "critical success":
        maximum = "; a 3 does maximum damage." if rolled.total == 3 else "."
        step(f"A critical hit: the foe gets no defence roll{maximum}", rule="#attack-roll")
    return out
