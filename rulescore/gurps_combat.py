"""GURPS Lite: success rolls, contests, mental feats, combat, injury, recovery and fatigue.

Every chance is exact (Fractions over the 216 outcomes of 3d6, or 216 x 216 for a contest).
Thresholds are compared in exact arithmetic: "less than 1/3 of your HP" is tested as
3 x current HP < HP, never with a rounded third.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from . import dice
from .core import Input, Output, calculator, number_text as n, percent_text as pct, table
from .gurps import (DAMAGE_ST_RANGE, ENCUMBRANCE_LEVEL_HELP, ONE_THIRD_FP_RULE, SYSTEM, damage_chart, damage_for_st,
                    dice_shown, dice_text, encumbered_dodge, halved_round_up, roll_chart, roll_outcome, success_odds)

ROLLS = dice.distribution(3, 6)  # {3: 1/216, ..., 18: 1/216}
SKILL_RANGE = (-10, 30)  # effective skill or attribute the calculators accept
SUCCESSES = ("critical success", "success")


def succeeds(roll: int, target: int) -> bool:
    """A 3d6 roll against a target: 3-4 always succeed, 17-18 always fail."""
    return roll_outcome(roll, target) in SUCCESSES


def chance_of_success(target: int) -> Fraction:
    return success_odds(target)["success"]


def roll_ranges(target: int) -> dict[str, str]:
    """The rolls giving each outcome, as the text a player reads ("3-4", "5-10", "none")."""
    found = {"critical success": [], "success": [], "failure": [], "critical failure": []}
    for roll in ROLLS:
        outcome = roll_outcome(roll, target)
        found[outcome].append(roll)
        if outcome == "critical success":
            found["success"].append(roll)
        if outcome == "critical failure":
            found["failure"].append(roll)
    return {name: span_text(rolls) for name, rolls in found.items()}


def span_text(rolls: list[int]) -> str:
    if not rolls:
        return "none"
    if rolls == list(range(rolls[0], rolls[-1] + 1)):
        return str(rolls[0]) if len(rolls) == 1 else f"{rolls[0]}–{rolls[-1]}"
    return ", ".join(str(r) for r in rolls)


def skill_input(name="effective_skill", label="Effective skill", default=12, help=""):
    return Input(name, label, "int", default, min=SKILL_RANGE[0], max=SKILL_RANGE[1], help=help)


# --------------------------------------------------------------------------- success rolls

@calculator(
    id="gurps.success_roll",
    system=SYSTEM,
    title="Success roll odds",
    summary="The exact chance of success, critical success and critical failure on 3d6 against an effective skill.",
    page="gurps/success-rolls/",
    inputs=[skill_input(help="skill or attribute after every modifier")],
    outputs=[
        Output("success", "Success (criticals included)", format="percent"),
        Output("critical_success", "Critical success", format="percent"),
        Output("failure", "Failure (criticals included)", format="percent"),
        Output("critical_failure", "Critical failure", format="percent"),
        Output("success_rolls", "Succeeds on"),
        Output("critical_success_rolls", "Critical success on"),
        Output("critical_failure_rolls", "Critical failure on"),
    ],
)
def success_roll(step, effective_skill):
    odds = success_odds(effective_skill)
    ranges = roll_ranges(effective_skill)
    failure = 1 - odds["success"]
    step(f"Success roll: roll 3d6 and succeed on {n(effective_skill)} or less; 3 and 4 always succeed and "
         f"17 and 18 always fail, so effective skill {n(effective_skill)} succeeds on {ranges['success']}.",
         rule="#success-rolls")
    roll_chart(step, effective_skill)
    crit_rule = ("3–6, since effective skill is 16 or more" if effective_skill >= 16 else
                 "3–5, since effective skill is 15" if effective_skill == 15 else
                 "3–4 only, since effective skill is under 15")
    step(f"Critical success: {crit_rule}.", rule="#critical-successes")
    parts = ["18 always"]
    parts.append("17 too, since effective skill is 15 or less" if effective_skill <= 15
                 else "17 is an ordinary failure, since effective skill is over 15")
    if effective_skill + 10 <= 16:
        parts.append(f"any roll 10 or more over the skill ({effective_skill + 10} or more)")
    step(f"Critical failure: {'; '.join(parts)}, giving {ranges['critical failure']}.", rule="#critical-failures")
    step(f"Chances out of 216 equally likely rolls: success {odds['success'] * 216} "
         f"({pct(odds['success'])}), critical success {odds['critical success'] * 216}, "
         f"critical failure {odds['critical failure'] * 216}.", rule="#success-rolls")
    return {
        "success": odds["success"],
        "critical_success": odds["critical success"],
        "failure": failure,
        "critical_failure": odds["critical failure"],
        "success_rolls": ranges["success"],
        "critical_success_rolls": ranges["critical success"],
        "critical_failure_rolls": ranges["critical failure"],
    }


SUCCESS_TABLE_SKILLS = range(3, 17)


@table("gurps.success_roll_ranges")
def success_roll_table():
    rows = []
    for skill in SUCCESS_TABLE_SKILLS:
        ranges = roll_ranges(skill)
        rows.append((f"{skill}+" if skill == SUCCESS_TABLE_SKILLS[-1] else skill, ranges["critical success"],
                     ranges["success"], ranges["failure"], ranges["critical failure"],
                     pct(chance_of_success(skill))))
    return ("Success rolls on 3d6 by effective skill",
            ("Effective skill", "Critical success", "Success", "Failure", "Critical failure", "Chance of success"),
            tuple(rows),
            "Success and Failure include the criticals. Above 16 nothing changes: 17 and 18 always fail.")


# --------------------------------------------------------------------------- quick contests

def _standing(roll: int, skill: int) -> tuple[bool, int]:
    """How a contestant did: success first, then the margin (skill - roll)."""
    return succeeds(roll, skill), skill - roll


@lru_cache(maxsize=None)
def contest_odds(skill_a: int, skill_b: int) -> tuple[Fraction, Fraction, Fraction]:
    """(A wins, tie, B wins) of a Quick Contest, exactly."""
    a_wins = tie = Fraction(0)
    for roll_a, p_a in ROLLS.items():
        mine = _standing(roll_a, skill_a)
        for roll_b, p_b in ROLLS.items():
            theirs = _standing(roll_b, skill_b)
            if mine > theirs:
                a_wins += p_a * p_b
            elif mine == theirs:
                tie += p_a * p_b
    return a_wins, tie, 1 - a_wins - tie


@calculator(
    id="gurps.quick_contest",
    system=SYSTEM,
    title="Quick Contest odds",
    summary="Two sides roll once each; the exact chance that each side wins, or that neither does.",
    page="gurps/success-rolls/",
    inputs=[
        skill_input("skill_a", "Your skill", 12, "your effective skill or attribute"),
        skill_input("skill_b", "Opponent's skill", 10, "the other side's effective skill or attribute"),
    ],
    outputs=[
        Output("a_wins", "You win", format="percent"),
        Output("tie", "Tie (nobody wins)", format="percent"),
        Output("b_wins", "Opponent wins", format="percent"),
        Output("a_succeeds", "Your roll succeeds", format="percent"),
        Output("b_succeeds", "Opponent's roll succeeds", format="percent"),
    ],
)
def quick_contest(step, skill_a, skill_b):
    a_wins, tie, b_wins = contest_odds(skill_a, skill_b)
    step(f"Quick Contest: both roll 3d6, you against {n(skill_a)} and the opponent against {n(skill_b)}; "
         f"alone each succeeds {pct(chance_of_success(skill_a))} and {pct(chance_of_success(skill_b))} of the time.",
         rule="#quick-contests")
    roll_chart(step, skill_a, "your skill", f"you succeed {pct(chance_of_success(skill_a))} of the time")
    roll_chart(step, skill_b, "the opponent's skill",
               f"the opponent succeeds {pct(chance_of_success(skill_b))} of the time")
    step("If one succeeds and the other fails, the success wins; if both succeed or both fail, the larger "
         "margin (skill − roll) wins; equal margins are a tie.", rule="#quick-contests")
    step(f"Over all 216 × 216 pairs of rolls: you win {pct(a_wins)}, tie {pct(tie)}, "
         f"the opponent wins {pct(b_wins)}.", rule="#quick-contests")
    return {"a_wins": a_wins, "tie": tie, "b_wins": b_wins,
            "a_succeeds": chance_of_success(skill_a), "b_succeeds": chance_of_success(skill_b)}


# --------------------------------------------------------------------------- influence rolls

INFLUENCE_SKILLS = (  # (value, label, reaction on a win, reaction otherwise)
    ("diplomacy", "Diplomacy", "Good", "Bad, or the GM's regular reaction roll if that is better"),
    ("fast_talk", "Fast-Talk", "Good", "Bad"),
    ("intimidation", "Intimidation", "Good", "Very Bad"),
    ("savoir_faire", "Savoir-Faire", "Good", "Bad"),
    ("sex_appeal", "Sex Appeal", "Very Good", "Bad"),
    ("streetwise", "Streetwise", "Good", "Bad"),
    ("other", "Another skill the GM allows", "Good", "Bad"),
)


@calculator(
    id="gurps.influence",
    system=SYSTEM,
    title="Influence roll",
    summary="Your Influence skill against the subject's Will: the chance of the reaction you want.",
    page="gurps/mental-feats/",
    inputs=[
        Input("skill_used", "Influence skill", "choice", "diplomacy",
              choices=tuple((value, label) for value, label, _, _ in INFLUENCE_SKILLS)),
        skill_input("skill", "Your skill level", 12, "effective level of the Influence skill"),
        skill_input("will", "Subject's Will", 10),
    ],
    outputs=[
        Output("win", "You win the contest", format="percent"),
        Output("win_reaction", "Reaction if you win"),
        Output("other_reaction", "Reaction on a tie or a loss"),
    ],
)
def influence(step, skill_used, skill, will):
    _, label, good, bad = next(row for row in INFLUENCE_SKILLS if row[0] == skill_used)
    win, tie, lose = contest_odds(skill, will)
    step(f"Influence roll: a Quick Contest of {label} {n(skill)} against Will {n(will)}; "
         f"you win {pct(win)} of the time (tie {pct(tie)}, loss {pct(lose)}).", rule="#influence-rolls")
    roll_chart(step, skill, label)
    roll_chart(step, will, "Will", f"the subject's Will roll succeeds {pct(chance_of_success(will))} of the time")
    step(f"With {label}, a win gives a {good} reaction; a tie or a loss gives {bad}.", rule="#influence-rolls")
    return {"win": win, "win_reaction": good, "other_reaction": bad}


# --------------------------------------------------------------------------- fright checks

FRIGHT_ROLL_CHOICES = (("none", "not rolled yet"),) + tuple((str(r), str(r)) for r in range(3, 19))


def failure_margin(roll: int, target: int) -> int:
    """How far a failed roll missed; a roll that fails only because 17-18 always fail missed by 0."""
    return max(roll - target, 0)


def fright_failure(margin: int, critical: bool) -> str:
    if critical:
        return f"faints for {margin} + 1d minutes ({margin + 1}–{margin + 6} minutes)"
    return f"stunned for {margin} + 2d seconds ({margin + 2}–{margin + 12} seconds)"


@calculator(
    id="gurps.fright_check",
    system=SYSTEM,
    title="Fright Check",
    summary="A Will roll against terror: the odds, and what a failure by a given margin costs.",
    page="gurps/mental-feats/",
    inputs=[
        Input("will", "Will", "int", 10, min=1, max=30),
        Input("modifier", "Modifiers", "int", 0, min=-20, max=20,
              help="the total of every bonus and penalty from circumstances, advantages and disadvantages"),
        Input("roll", "Your 3d6 roll", "choice", "none", choices=FRIGHT_ROLL_CHOICES,
              help="enter the roll to see its result"),
    ],
    outputs=[
        Output("effective_will", "Roll against", min=-19, max=50),
        Output("success", "Keeps their nerve", format="percent"),
        Output("stunned", "Stunned (ordinary failure)", format="percent"),
        Output("faints", "Faints (critical failure)", format="percent"),
        Output("margin", "Margin of failure", help="shown once a failed roll is entered", min=0),
        Output("outcome", "Result of the roll"),
    ],
)
def fright_check(step, will, modifier, roll):
    target = will + modifier
    odds = success_odds(target)
    step(f"Fright Check: a Will roll with every modifier, {n(will)} {'+' if modifier >= 0 else '−'} "
         f"{abs(modifier)} = {n(target)}; it succeeds {pct(odds['success'])} of the time.", rule="#modifiers")
    roll_chart(step, target, "Will", f"keeps their nerve {pct(odds['success'])} of the time, "
               f"faints {pct(odds['critical failure'])}")
    step(f"Failure stuns for the margin of failure + 2d seconds ({pct(1 - odds['success'] - odds['critical failure'])}); "
         f"a critical failure ({roll_ranges(target)['critical failure']}, {pct(odds['critical failure'])}) "
         f"means fainting for the margin + 1d minutes.", rule="#failure")
    margin = outcome = None  # until a roll is entered, and the margin only for a failure
    if roll != "none":
        rolled = int(roll)
        result = roll_outcome(rolled, target)
        if result in SUCCESSES:
            outcome = f"{result}: no effect"
            step(f"A roll of {n(rolled)} against {n(target)} is a {result}: the character keeps their nerve.",
                 rule="#fright-checks")
        else:
            margin = failure_margin(rolled, target)
            outcome = fright_failure(margin, result == "critical failure")
            step(f"A roll of {n(rolled)} against {n(target)} is a {result} by {margin}: the character {outcome}.",
                 rule="#failure")
            if result == "critical failure":
                damage_chart(step, "Minutes fainted:", 1, margin)
            else:
                damage_chart(step, "Seconds stunned:", 2, margin)
    return {"effective_will": target, "success": odds["success"],
            "stunned": 1 - odds["success"] - odds["critical failure"], "faints": odds["critical failure"],
            "margin": margin, "outcome": outcome}


@table("gurps.fright_check_failures")
def fright_check_table():
    rows = tuple((margin, f"{margin} + 2d: {margin + 2}–{margin + 12}", f"{margin} + 1d: {margin + 1}–{margin + 6}")
                 for margin in range(0, 11))
    return ("Failed Fright Checks by margin of failure",
            ("Failed by", "Stunned for (seconds)", "Critical failure: faints for (minutes)"),
            rows,
            "The pattern goes on past 10. A margin of 0 is a roll that fails only because 17 and 18 always fail.")


# --------------------------------------------------------------------------- maneuvers and attacks

# (value, label, skill modifier, skill cap, defences left, movement)
MANEUVERS = (
    ("attack", "Attack", 0, None, "any", "a step"),
    ("all_out_determined", "All-Out Attack (Determined)", 4, None, "none", "half Move, forward only"),
    ("all_out_strong", "All-Out Attack (Strong)", 0, None, "none", "half Move, forward only"),
    ("all_out_double", "All-Out Attack (Double)", 0, None, "none", "half Move, forward only"),
    ("all_out_feint", "All-Out Attack (Feint)", 0, None, "none", "half Move, forward only"),
    ("move_and_attack", "Move and Attack", -4, 9, "Dodge or Block only", "full Move"),
)
RANGED_DETERMINED_BONUS = 1  # All-Out Attack (Determined) with a ranged weapon
MOVE_AND_ATTACK_RANGED = -2  # or the weapon's Bulk, whichever is worse
EVALUATE_BONUS, EVALUATE_MAX_TURNS = 1, 3
OFF_HAND_PENALTY = -4
AIM_EXTRA = {0: 0, 1: 0, 2: 1}  # seconds of Aim -> bonus on top of Acc; 3 or more gives +2
AIM_EXTRA_MAX = 2
STUNNED_DEFENSE = -4
INCREASED_DEFENSE = 2
CONCENTRATE_WILL = -3


def signed(value) -> str:
    return f"+{n(value)}" if value > 0 else ("0" if value == 0 else f"−{n(-value)}")


def attack_chances(skill: int) -> tuple[Fraction, Fraction]:
    odds = success_odds(skill)
    return odds["success"], odds["critical success"]


@calculator(
    id="gurps.melee_attack",
    system=SYSTEM,
    title="Melee attack roll",
    summary="Your skill after the maneuver and Evaluate bonuses, and the exact chance to hit and to score a critical hit.",
    page="gurps/attacking-and-defending/",
    inputs=[
        skill_input("skill", "Weapon skill", 12, "your skill with the weapon or unarmed attack"),
        Input("maneuver", "Maneuver", "choice", "attack",
              choices=tuple((value, label) for value, label, *_ in MANEUVERS)),
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
def melee_attack(step, skill, maneuver, evaluate_turns, off_hand, other_modifier):
    _, label, modifier, cap, defenses, movement = next(m for m in MANEUVERS if m[0] == maneuver)
    total = skill + modifier
    parts = [f"skill {n(skill)}"]
    if modifier:
        parts.append(f"{signed(modifier)} for {label}")
    if evaluate_turns:
        total += EVALUATE_BONUS * evaluate_turns
        parts.append(f"+{EVALUATE_BONUS * evaluate_turns} for {evaluate_turns} turn{'s' if evaluate_turns > 1 else ''} of Evaluate")
    if off_hand:
        total += OFF_HAND_PENALTY
        parts.append(f"{signed(OFF_HAND_PENALTY)} for the off hand")
    if other_modifier:
        total += other_modifier
        parts.append(f"{signed(other_modifier)} other modifiers")
    step(f"Effective skill: {', '.join(parts)} = {n(total)}.", rule="#attack-roll")
    if cap is not None and total > cap:
        step(f"Move and Attack: a melee attack made while moving cannot be at better than {cap}, so {n(total)} becomes {cap}.",
             rule="gurps/maneuvers/#move-and-attack")
        total = cap
    hit, critical = attack_chances(total)
    ranges = roll_ranges(total)
    step(f"Attack roll: 3d6 against {n(total)} hits on {ranges['success']} ({pct(hit)}); a critical hit on "
         f"{ranges['critical success']} ({pct(critical)}) gives the foe no defence roll, and a 3 does maximum damage.",
         rule="#attack-roll")
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
            "defenses": defenses, "movement": movement}


@table("gurps.melee_maneuvers")
def melee_maneuvers_table():
    rows = tuple((label, signed(modifier) + (f", at most {cap}" if cap is not None else ""), defenses, movement)
                 for _, label, modifier, cap, defenses, movement in MANEUVERS)
    return ("Attacking maneuvers in melee", ("Maneuver", "To hit", "Active defences afterwards", "Movement"), rows,
            f"Each Evaluate turn adds +{EVALUATE_BONUS} (up to {EVALUATE_MAX_TURNS} turns). Ranged: All-Out Attack "
            f"(Determined) gives +{RANGED_DETERMINED_BONUS}; Move and Attack gives {signed(MOVE_AND_ATTACK_RANGED)} "
            f"or the weapon's Bulk, whichever is worse, with no cap.")


# --------------------------------------------------------------------------- range, speed and size

RANGE_STEPS = (2, 3, 5, 7, 10, 15)  # then x10 each cycle


def range_entries():
    """(distance in yards, modifier) for every entry of the speed/range table, without end."""
    index = 0
    scale = 1
    while True:
        for base in RANGE_STEPS:
            yield base * scale, -index
            index += 1
        scale *= 10


def range_modifier(yards) -> tuple[int, int]:
    """(modifier, table entry used): the first entry at least as far as ``yards``."""
    yards = Fraction(yards)
    for entry, modifier in range_entries():
        if yards <= entry:
            return modifier, entry
    raise AssertionError("unreachable")  # pragma: no cover


def aim_bonus(accuracy: int, seconds: int) -> int:
    if seconds <= 0:
        return 0
    return accuracy + AIM_EXTRA.get(seconds, AIM_EXTRA_MAX)


@calculator(
    id="gurps.range_modifier",
    system=SYSTEM,
    title="Ranged attack: range, speed and size",
    summary="The speed/range modifier for a target's distance and speed, and your adjusted chance to hit.",
    page="gurps/attacking-and-defending/",
    inputs=[
        Input("distance_yd", "Distance to the target", "number", 10, unit="yd", min=0, max=1_000_000),
        Input("speed_yps", "Target's speed", "number", 0, unit="yd/s", min=0, max=100_000,
              help="leave at 0 for a target standing still"),
        skill_input("skill", "Ranged weapon skill", 12, "your base skill with the weapon"),
        Input("accuracy", "Weapon Accuracy (Acc)", "int", 2, min=0, max=20, help="counts only after an Aim"),
        Input("aim_seconds", "Seconds of Aim", "int", 0, min=0, max=10, help="leave at 0 if you did not Aim"),
        Input("size_modifier", "Target's Size Modifier (SM)", "int", 0, min=-15, max=15,
              help="a human-sized target is 0"),
        Input("other_modifier", "Other modifiers", "int", 0, min=-20, max=20,
              help="the total for rapid fire, movement, darkness, cover and the like"),
    ],
    outputs=[
        Output("range_modifier", "Speed/range modifier", max=0),
        Output("adjusted_skill", "Adjusted skill"),
        Output("hit_chance", "Attack roll succeeds", format="percent"),
        Output("critical_chance", "Critical hit", format="percent"),
    ],
)
def ranged_attack(step, distance_yd, speed_yps, skill, accuracy, aim_seconds, size_modifier, other_modifier):
    combined = distance_yd + speed_yps
    modifier, entry = range_modifier(combined)
    if speed_yps:
        step(f"Speed/range: distance + speed = {n(distance_yd)} yd + {n(speed_yps)} yd/s = {n(combined)}.",
             rule="#speedrange-table")
    where = ("2 yards or less gives no penalty" if entry == 2 else
             f"the first table entry at least that far is {entry} yd")
    step(f"Speed/range table: for {n(combined)}, {where}: {signed(modifier)}.", rule="#speedrange-table")
    aim = aim_bonus(accuracy, aim_seconds)
    total = skill + aim + size_modifier + modifier + other_modifier
    aim_text = (f"{signed(aim)} for {aim_seconds} s of Aim (Acc {accuracy}"
                + (f" {signed(aim - accuracy)}" if aim > accuracy else "") + ")") if aim_seconds else "no Aim"
    step(f"Adjusted skill = skill {n(skill)}, {aim_text}, SM {signed(size_modifier)}, speed/range {signed(modifier)}, "
         f"other {signed(other_modifier)} = {n(total)}.", rule="#your-chance-to-hit")
    hit, critical = attack_chances(total)
    step(f"Attack roll: 3d6 against {n(total)} hits {pct(hit)} of the time, critically {pct(critical)}.",
         rule="#attack-roll")
    roll_chart(step, total, "", f"hits {pct(hit)} of the time, critically {pct(critical)}")
    return {"range_modifier": modifier, "adjusted_skill": total, "hit_chance": hit, "critical_chance": critical}


RANGE_TABLE_CYCLES = 3


@table("gurps.speed_range")
def speed_range_table():
    rows = []
    for entry, modifier in range_entries():
        if len(rows) == len(RANGE_STEPS) * RANGE_TABLE_CYCLES:
            break
        rows.append((f"{entry} or less" if entry == 2 else entry, signed(modifier)))
    return ("Speed/range modifiers", ("Speed + range (yd), up to", "Modifier"), tuple(rows),
            "Between two entries, use the farther one. The pattern goes on: each cycle is ten times the last "
            "(200, 300, 500, 700, 1000, 1500 yd, and so on), one more −1 at each entry.")


# --------------------------------------------------------------------------- active defences

@calculator(
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
    ],
    outputs=[
        Output("dodge", "Dodge", min=1 + STUNNED_DEFENSE, max=30 + 3 + INCREASED_DEFENSE),
        Output("dodge_chance", "Dodge roll succeeds", format="percent"),
        Output("parry", "Parry", help="shown when you have a weapon skill", min=3 + STUNNED_DEFENSE,
               max=3 + 30 // 2 + 2 + INCREASED_DEFENSE),
        Output("parry_chance", "Parry roll succeeds", format="percent"),
        Output("block", "Block", help="shown when you have a Shield or Cloak skill", min=3 + STUNNED_DEFENSE,
               max=3 + 30 // 2 + INCREASED_DEFENSE),
        Output("block_chance", "Block roll succeeds", format="percent"),
    ],
)
def defense(step, basic_speed, encumbrance_level, weapon_skill, shield_skill, parry_bonus, halved,
            increased_defense, stunned, very_tired):
    dodge = encumbered_dodge(basic_speed, encumbrance_level)
    step(f"Dodge = Basic Speed + 3, fractions dropped, − encumbrance level = {n(basic_speed)} + 3 → "
         f"{math.floor(basic_speed) + 3} − {encumbrance_level} = {dodge}"
         + (" (never below 1)." if math.floor(basic_speed) + 3 - encumbrance_level < 1 else "."), rule="#dodging")
    # Our reading: reeling and very tired each halve Dodge, so both together halve it twice (as
    # Move is halved twice on the Hiking page).
    for flag, why, rule in ((halved, "Reeling (under 1/3 of HP)", "gurps/injury/#reeling-under-13-of-your-hp"),
                            (very_tired, "Very tired (under 1/3 of FP)", ONE_THIRD_FP_RULE)):
        if flag:
            halved_dodge = halved_round_up(dodge)
            step(f"{why}: Dodge halved, rounded up: {dodge} / 2 → {halved_dodge}.", rule=rule)
            dodge = halved_dodge
    # Parry and Block do not apply without the skill: None, and the page hides them.
    scores = {"dodge": dodge, "parry": None, "block": None}
    if weapon_skill:
        scores["parry"] = 3 + weapon_skill // 2 + parry_bonus
        bonus = f" + {parry_bonus} weapon bonus" if parry_bonus else ""
        step(f"Parry = 3 + half weapon skill, fractions dropped{bonus} = 3 + {weapon_skill} / 2{bonus} = {scores['parry']}.",
             rule="#parrying")
    else:
        step("Parry: no weapon skill entered, so no parry.", rule="#parrying")
    if shield_skill:
        scores["block"] = 3 + shield_skill // 2
        step(f"Block = 3 + half Shield or Cloak skill, fractions dropped = 3 + {shield_skill} / 2 = {scores['block']}.",
             rule="#blocking")
    else:
        step("Block: no Shield or Cloak skill entered, so no block.", rule="#blocking")
    if increased_defense != "none" and scores[increased_defense] is not None:
        scores[increased_defense] += INCREASED_DEFENSE
        step(f"All-Out Defense (Increased {increased_defense.capitalize()}): "
             f"+{INCREASED_DEFENSE}, to {n(scores[increased_defense])}.", rule="gurps/maneuvers/#all-out-defense")
    elif increased_defense != "none":
        step(f"All-Out Defense: with no {increased_defense}, the +{INCREASED_DEFENSE} has nothing to add to.",
             rule="gurps/maneuvers/#all-out-defense")
    available = [name for name in ("dodge", "parry", "block") if scores[name] is not None]
    if stunned:
        for name in available:
            scores[name] += STUNNED_DEFENSE
        step(f"Stunned: {signed(STUNNED_DEFENSE)} to each active defence.", rule="gurps/injury/#stunning")
    chances = {"dodge": None, "parry": None, "block": None}
    for name in available:
        chances[name] = chance_of_success(scores[name])
    step("Defence roll: 3d6 against the score; 3 and 4 always succeed, 17 and 18 always fail: "
         + ", ".join(f"{name.capitalize()} {n(scores[name])} → {pct(chances[name])}" for name in available) + ".",
         rule="#active-defence-rolls")
    for name in available:
        roll_chart(step, scores[name], name.capitalize(), f"succeeds {pct(chances[name])} of the time")
    return {"dodge": scores["dodge"], "dodge_chance": chances["dodge"], "parry": scores["parry"],
            "parry_chance": chances["parry"], "block": scores["block"], "block_chance": chances["block"]}


@table("gurps.dodge_by_speed")
def dodge_table():
    rows = tuple((speed, *(encumbered_dodge(Fraction(speed), level) for level in range(5))) for speed in range(3, 10))
    return ("Dodge by Basic Speed and encumbrance",
            ("Basic Speed (fractions dropped)", "None (0)", "Light (1)", "Medium (2)", "Heavy (3)", "Extra-Heavy (4)"),
            rows, "Dodge never falls below 1 from encumbrance.")


@table("gurps.parry_block")
def parry_block_table():
    rows = tuple((skill, 3 + skill // 2) for skill in range(6, 21))
    return ("Parry and Block by skill", ("Weapon, Shield or Cloak skill", "Parry or Block"), rows,
            "3 + half the skill, fractions dropped. Some weapons add +1 or +2 to Parry.")


# --------------------------------------------------------------------------- damage and injury

def strong_bonus(dice_count: int) -> int:
    """All-Out Attack (Strong): +2 damage, or +1 per die if that is better."""
    return max(2, dice_count)


@calculator(
    id="gurps.damage",
    system=SYSTEM,
    title="Basic damage by ST",
    summary="Thrust and swing damage for a ST of 1 to 100, with the All-Out Attack (Strong) bonus and the maximum.",
    page="gurps/injury/",
    inputs=[Input("st", "ST", "int", 10, min=DAMAGE_ST_RANGE[0], max=DAMAGE_ST_RANGE[1],
                  help="Strength, 1 to 100; past 20 from the GURPS Basic Set table")],
    outputs=[
        Output("thrust", "Thrust", format="dice"),
        Output("swing", "Swing", format="dice"),
        Output("thrust_strong", "Thrust, All-Out Attack (Strong)", format="dice"),
        Output("swing_strong", "Swing, All-Out Attack (Strong)", format="dice"),
        Output("thrust_max", "Thrust, roll of 3 (maximum)", min=0),
        Output("swing_max", "Swing, roll of 3 (maximum)", min=0),
    ],
)
def damage(step, st):
    (t_dice, t_adds), (s_dice, s_adds) = damage_for_st(st)
    thrust, swing = dice_text(t_dice, t_adds), dice_text(s_dice, s_adds)
    source = "" if st <= 20 else " (the GURPS Basic Set table past ST 20)"
    step(f"Damage table{source}: ST {st} gives thrust {dice_shown(t_dice, t_adds)} and swing "
         f"{dice_shown(s_dice, s_adds)}.", rule="#basic-damage-by-st")
    damage_chart(step, "Thrust", t_dice, t_adds)
    damage_chart(step, "Swing", s_dice, s_adds)
    t_bonus, s_bonus = strong_bonus(t_dice), strong_bonus(s_dice)
    step(f"All-Out Attack (Strong): +2 damage, or +1 per die if more: thrust {dice_shown(t_dice, t_adds)} "
         f"+{t_bonus} = {dice_shown(t_dice, t_adds + t_bonus)}, swing {dice_shown(s_dice, s_adds)} +{s_bonus} = "
         f"{dice_shown(s_dice, s_adds + s_bonus)}.",
         rule="gurps/maneuvers/#melee-options")
    t_max, s_max = 6 * t_dice + t_adds, 6 * s_dice + s_adds
    step(f"An attack roll of 3 does maximum damage: every die a 6, so thrust {t_max} and swing {s_max}.",
         rule="gurps/attacking-and-defending/#critical-hits")
    return {"thrust": thrust, "swing": swing, "thrust_strong": dice_text(t_dice, t_adds + t_bonus),
            "swing_strong": dice_text(s_dice, s_adds + s_bonus), "thrust_max": t_max, "swing_max": s_max}


WOUNDING = {"crushing": Fraction(1), "cutting": Fraction(3, 2), "impaling": Fraction(2)}
SHOCK_CAP = 4
DEATH_MULTIPLES = (1, 2, 3, 4)  # HT rolls at -1, -2, -3, -4 x HP
DEAD_MULTIPLE = 5


@table("gurps.wounding")
def wounding_table():
    rows = tuple((kind.capitalize(), f"{n(multiple)} × penetrating damage" if multiple != 1 else "penetrating damage")
                 for kind, multiple in WOUNDING.items())
    return ("Injury by damage type", ("Damage type", "Injury (HP lost)"), rows, "Drop fractions.")


def injury_from(penetrating: int, damage_type: str) -> int:
    """Penetrating damage times the wounding multiple, fractions dropped."""
    return math.floor(penetrating * WOUNDING[damage_type])


SHOCK_BIG_HP = 20  # from 20 HP up, shock counts HP / 10 at a time


def shock_step(hp: int) -> int:
    """How many HP lost cost −1 of shock: 1, or HP / 10 rounded down from 20 HP up."""
    return 1 if hp < SHOCK_BIG_HP else hp // 10


def shock_penalty(injury: int, hp: int) -> int:
    """Shock for an injury: −1 per shock_step(hp) HP lost, never worse than −4.

    Our reading for 20+ HP: HP / 10 is rounded down first (25 HP: −1 per 2 HP lost), and since any
    injury that costs HP causes shock, any injury at all gives at least −1.
    """
    if injury <= 0:
        return 0
    return -min(SHOCK_CAP, max(1, injury // shock_step(hp)))


def reeling(current: int, hp: int) -> bool:
    return 3 * current < hp


def hp_state(current: int, hp: int) -> str:
    if current <= -DEAD_MULTIPLE * hp:
        return "dead"
    if current <= -hp:
        return "at −1 × HP or below: death checks"
    if current <= 0:
        return "0 HP or less: HT roll each turn to stay conscious"
    if reeling(current, hp):
        return "reeling: half Move and Dodge"
    return "fighting fit" if current == hp else "hurt, still in the fight"


@calculator(
    id="gurps.injury",
    system=SYSTEM,
    title="Injury from a hit",
    summary="Penetrating damage, injury, shock and major wounds, and what the new HP total means.",
    page="gurps/injury/",
    inputs=[
        Input("damage", "Damage rolled", "int", 8, min=0, max=1000),
        Input("dr", "Target's DR", "int", 0, min=0, max=1000, help="Damage Resistance; leave at 0 for none"),
        Input("damage_type", "Damage type", "choice", "cutting",
              choices=(("crushing", "crushing (×1)"), ("cutting", "cutting (×1.5)"), ("impaling", "impaling (×2)"))),
        Input("hp", "Hit Points (HP)", "int", 10, min=1, max=200, help="the full score"),
        Input("hp_lost_before", "HP already lost", "int", 0, min=0, max=2000,
              help="injury taken before this hit; leave at 0 if unhurt"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="for the odds of the HT rolls"),
        Input("torso", "Hit in the torso", "bool", True, help="a major wound to the torso calls for a HT roll"),
    ],
    outputs=[
        Output("penetrating", "Penetrating damage", min=0),
        Output("injury", "Injury", "HP", min=0),
        Output("shock", "Shock", help="penalty to DX, IQ and skills on the next turn", min=-SHOCK_CAP, max=0),
        Output("major_wound", "Major wound"),
        Output("new_hp", "HP left"),
        Output("condition", "Condition"),
        Output("reeling", "Reeling (half Move and Dodge)"),
        Output("knockdown_roll", "Major wound HT roll succeeds", format="percent",
               help="shown when a major wound to the torso calls for it"),
        Output("conscious_roll", "HT roll to stay conscious", format="percent", help="shown at 0 HP or less"),
        Output("death_checks", "Death checks now", min=0, max=len(DEATH_MULTIPLES)),
        Output("survives", "Survives this hit", format="percent"),
    ],
)
def injury(step, damage, dr, damage_type, hp, hp_lost_before, ht, torso):
    before = hp - hp_lost_before
    ht_chance = chance_of_success(ht)
    if before <= -DEAD_MULTIPLE * hp:
        step(f"HP before the hit: {hp} − {hp_lost_before} = {n(before)}, already at or below −5 × HP "
             f"= {n(-DEAD_MULTIPLE * hp)}: the character is already dead.", rule="#1-hp-and-below-death-checks")
        return {"penetrating": None, "injury": None, "shock": None, "major_wound": None, "new_hp": before,
                "condition": "dead", "reeling": None, "knockdown_roll": None, "conscious_roll": None,
                "death_checks": None, "survives": 0}
    penetrating = max(damage - dr, 0)
    step(f"Penetrating damage = damage − DR = {damage} − {dr} = {n(damage - dr)}"
         + (" → 0 (it bounces off)." if damage <= dr else "."), rule="#damage-resistance")
    hurt = injury_from(penetrating, damage_type)
    step(f"Injury ({damage_type}) = {n(WOUNDING[damage_type])} × {penetrating} = {n(penetrating * WOUNDING[damage_type])}"
         + (f", fractions dropped → {hurt}" if hurt != penetrating * WOUNDING[damage_type] else "") + " HP.",
         rule="#from-damage-to-injury")
    shock = shock_penalty(hurt, hp)
    if hurt == 0:
        step("Shock: no HP lost, so no shock.", rule="#shock")
    elif hp < SHOCK_BIG_HP:
        step(f"Shock: −1 per HP lost, at most −{SHOCK_CAP}: {hurt} HP → {signed(shock)}.", rule="#shock")
    else:
        per = shock_step(hp)
        least = " (any injury causes at least −1)" if hurt < per else ""
        step(f"Shock with {hp} HP (20 or more): −1 for each full {per} HP lost (HP / 10, rounded down), "
             f"at most −{SHOCK_CAP}: {hurt} / {per} → {signed(shock)}{least}.", rule="#shock")
    major = hurt > Fraction(hp, 2)
    step(f"Major wound: a single injury over HP / 2 = {hp} / 2 = {n(Fraction(hp, 2))}; "
         f"{hurt} HP {'is' if major else 'is not'} over it, so {'yes' if major else 'no'}.", rule="#major-wounds")
    knockdown = None  # no roll unless a major wound hits the torso
    if major and torso:
        knockdown = ht_chance
        step(f"Major wound to the torso: HT roll at {ht}, made {pct(ht_chance)} of the time; failure by 1–4 "
             f"stuns, failure by 5 or more knocks the character out.", rule="#major-wounds")
        roll_chart(step, ht, "HT", f"shrugs off the major wound {pct(ht_chance)} of the time")
    after = before - hurt
    step(f"HP left = {n(before)} − {hurt} = {n(after)}.", rule="#general-damage")
    crossed = [k for k in DEATH_MULTIPLES if after <= -k * hp < before]
    dead = after <= -DEAD_MULTIPLE * hp
    conscious = None  # no roll above 0 HP
    if dead:
        step(f"At or below −5 × HP = {n(-DEAD_MULTIPLE * hp)}: automatic death.", rule="#1-hp-and-below-death-checks")
        survives = Fraction(0)
    else:
        if reeling(after, hp):
            step(f"Under 1/3 of HP ({n(after)} × 3 < {hp}): reeling, so Move and Dodge are halved, rounded up.",
                 rule="#reeling-under-13-of-your-hp")
        if after <= 0:
            conscious = ht_chance
            step(f"At 0 HP or less: a HT roll ({ht}) every turn to stay conscious, made {pct(ht_chance)} of the time.",
                 rule="#0-hp-or-less-staying-conscious")
            roll_chart(step, ht, "HT", f"stays conscious {pct(ht_chance)} of the time, each turn")
        survives = ht_chance ** len(crossed)
        if crossed:
            marks = ", ".join(f"−{k} × HP = {n(-k * hp)}" for k in crossed)
            step(f"Death checks: this hit crossed {marks}; {len(crossed)} HT roll{'s' if len(crossed) > 1 else ''} "
                 f"to survive, all made {pct(survives)} of the time.", rule="#1-hp-and-below-death-checks")
            roll_chart(step, ht, "HT", f"each death check succeeds {pct(ht_chance)} of the time"
                       + (f"; all {len(crossed)} succeed {pct(survives)}" if len(crossed) > 1 else ""))
    return {"penetrating": penetrating, "injury": hurt, "shock": shock, "major_wound": major, "new_hp": after,
            "condition": hp_state(after, hp), "reeling": reeling(after, hp), "knockdown_roll": knockdown,
            "conscious_roll": conscious, "death_checks": len(crossed), "survives": survives}


def below_a_third(score: int) -> int:
    """The highest whole number that is under a third of ``score``."""
    return math.ceil(Fraction(score, 3)) - 1


def hp_thresholds(hp: int) -> tuple:
    """(reeling at or below, death checks at, dead at) for a HP score."""
    return (below_a_third(hp), ", ".join(n(-k * hp) for k in DEATH_MULTIPLES), -DEAD_MULTIPLE * hp)


@table("gurps.hp_thresholds")
def hp_thresholds_table():
    rows = tuple((hp, *hp_thresholds(hp)) for hp in range(8, 21))
    return ("Where injury starts to bite, by HP",
            ("HP", "Reeling at or below", "Death checks at", "Dead at"),
            rows, "Reeling means under 1/3 of HP. Rolls to stay conscious start at 0 HP, whatever the score.")


@table("gurps.shock")
def shock_table():
    hps = (10, 19, 20, 25, 30, 40)
    rows = tuple((injury_hp, *(shock_penalty(injury_hp, hp) for hp in hps)) for injury_hp in range(1, 11))
    return ("Shock penalty by injury", ("Injury (HP)", *(f"{hp} HP" for hp in hps)), rows,
            "Under 20 HP: −1 per HP lost. With 20 or more: −1 for each full HP/10 lost, HP/10 rounded down "
            "first, and at least −1 for any injury. Never worse than −4.")


# --------------------------------------------------------------------------- recovery

UNCONSCIOUS_AWAKE_MINUTES = 15
UNCONSCIOUS_ROLL_HOURS = 1
GRAVE_ROLL_HOURS = 12
FP_REST_MINUTES = 10


@calculator(
    id="gurps.recovery",
    system=SYSTEM,
    title="Waking up and healing",
    summary="How someone knocked unconscious comes round, and how many days of rest heal the lost HP.",
    page="gurps/recovery-and-fatigue/",
    inputs=[
        Input("hp", "Hit Points (HP)", "int", 10, min=1, max=200, help="the full score"),
        Input("hp_lost", "HP lost", "int", 6, min=0, max=2000, help="all the injury not yet healed"),
        Input("ht", "HT", "int", 10, min=1, max=30),
        Input("conditions", "GM's modifier for rest", "int", 0, min=-10, max=10,
              help="a penalty for bad conditions, a bonus for very good ones; leave at 0 for ordinary rest"),
    ],
    outputs=[
        Output("current_hp", "HP now"),
        Output("waking", "If unconscious"),
        Output("wake_chance", "Chance of waking at the next check", format="percent"),
        Output("daily_roll", "Daily HT roll to heal 1 HP", format="percent"),
        Output("fewest_days", "Fewest days to full HP", "days", min=0),
        Output("average_days", "Average days to full HP", "days", min=0),
    ],
)
def recovery(step, hp, hp_lost, ht, conditions):
    current = hp - hp_lost
    ht_chance = chance_of_success(ht)
    step(f"HP now = {hp} − {hp_lost} = {n(current)}.", rule="#recovering-from-unconsciousness")
    if current <= -DEAD_MULTIPLE * hp:
        step(f"At or below −5 × HP = {n(-DEAD_MULTIPLE * hp)} the character is dead; nothing heals.",
             rule="gurps/injury/#1-hp-and-below-death-checks")
        return {"current_hp": current, "waking": "dead", "wake_chance": None, "daily_roll": None,
                "fewest_days": None, "average_days": None}
    if current >= 1:
        waking = f"wakes on their own after {UNCONSCIOUS_AWAKE_MINUTES} minutes"
        wake_chance = Fraction(1)
        step(f"Unconscious with 1 HP or more: wakes automatically after {UNCONSCIOUS_AWAKE_MINUTES} minutes.",
             rule="#recovering-from-unconsciousness")
    elif current > -hp:
        waking = f"HT roll every hour to wake; about {n(1 / ht_chance)} hours on average"
        wake_chance = ht_chance
        step(f"Unconscious at 0 HP or less but above −1 × HP = {n(-hp)}: a HT roll ({ht}) every hour, "
             f"made {pct(ht_chance)} of the time, so {n(1 / ht_chance)} hours on average.",
             rule="#recovering-from-unconsciousness")
        roll_chart(step, ht, "HT", f"wakes {pct(ht_chance)} of the time, each hour")
    else:
        waking = "one HT roll after 12 hours; failure means no waking without medical care, and a HT roll every 12 hours to live"
        wake_chance = ht_chance
        step(f"Unconscious at −1 × HP = {n(-hp)} or below: a single HT roll after 12 hours ({pct(ht_chance)}); "
             f"on a failure, only medical care wakes them, and until it comes each 12 hours brings a HT roll or death.",
             rule="#recovering-from-unconsciousness")
        roll_chart(step, ht, "HT", f"wakes after 12 hours {pct(ht_chance)} of the time")
    target = ht + conditions
    daily = chance_of_success(target)
    mod = f" {signed(conditions)} for conditions = {n(target)}" if conditions else ""
    step(f"Natural recovery: after each day of rest and decent food, a HT roll ({ht}{mod}) restores 1 HP; "
         f"it succeeds {pct(daily)} of the time.", rule="#natural-recovery")
    roll_chart(step, target, "HT", f"heals 1 HP {pct(daily)} of the time, each day")
    average = hp_lost / daily
    if hp_lost:
        step(f"{hp_lost} HP to heal: at least {hp_lost} days, {hp_lost} / {n(daily)} = {n(average)} days on average.",
             rule="#natural-recovery")
    return {"current_hp": current, "waking": waking, "wake_chance": wake_chance, "daily_roll": daily,
            "fewest_days": hp_lost, "average_days": average}


# --------------------------------------------------------------------------- fatigue

def very_tired(current: int, fp: int) -> bool:
    return 3 * current < fp


def fp_state(current: int, fp: int) -> str:
    if current <= -fp:
        return "unconscious"
    if current <= 0:
        return "on the verge of collapse"
    if very_tired(current, fp):
        return "very tired"
    return "rested" if current == fp else "tired, no penalty yet"


@calculator(
    id="gurps.fatigue",
    system=SYSTEM,
    title="Lost Fatigue Points",
    summary="What a loss of FP does to you, what it costs in HP, and how long rest takes to put it back.",
    page="gurps/recovery-and-fatigue/",
    inputs=[
        Input("fp", "Fatigue Points (FP)", "int", 10, min=1, max=100, help="the full score"),
        Input("fp_lost", "FP lost", "int", 7, min=0, max=500, help="all the fatigue not yet rested off"),
        Input("will", "Will", "int", 10, min=1, max=30, help="for the roll to act at 0 FP or less"),
    ],
    outputs=[
        Output("current_fp", "FP now", min=-100, max=100),
        Output("condition", "Condition"),
        Output("halved", "Move, Dodge and ST halved"),
        Output("will_roll", "Will roll to act", format="percent", help="shown at 0 FP or less"),
        Output("hp_injury", "HP of injury from fatigue", min=0),
        Output("wake_minutes", "Minutes of rest to wake", "min", help="shown when unconscious", min=0),
        Output("rest_minutes", "Minutes of rest to full FP", "min", min=0),
    ],
)
def fatigue(step, fp, fp_lost, will):
    raw = fp - fp_lost
    current = max(raw, -fp)
    step(f"FP now = {fp} − {fp_lost} = {n(raw)}" + (f", but FP never drops below −1 × FP, so {n(current)}." if raw < -fp else "."),
         rule="#lost-fatigue-points")
    hp_injury = max(fp_lost - fp, 0)
    if hp_injury:
        below = min(fp_lost - fp, fp)
        beyond = hp_injury - below
        text = f"{below} FP lost at 0 FP or less cost 1 HP each"
        if beyond:
            text += f", and {beyond} more FP past −1 × FP came off HP instead"
        step(f"Injury from fatigue: {text}: {hp_injury} HP.", rule="#lost-fatigue-points")
    halved = very_tired(current, fp)
    if halved:
        step(f"Under 1/3 of FP ({n(current)} × 3 < {fp}): very tired, so Move, Dodge and ST are halved, rounded up.",
             rule=ONE_THIRD_FP_RULE)
    elif 3 * current == fp:
        step(f"Exactly 1/3 of FP ({n(current)} × 3 = {fp}): not yet under a third, so not yet very tired.",
             rule=ONE_THIRD_FP_RULE)
    will_roll = None  # no roll above 0 FP, nor while unconscious
    if -fp < current <= 0:
        will_roll = chance_of_success(will)
        step(f"At 0 FP or less: a Will roll ({n(will)}) before any action beyond talking or resting, made "
             f"{pct(will_roll)} of the time; a failure means collapse until FP is positive again.",
             rule="#lost-fatigue-points")
        roll_chart(step, will, "Will", f"acts {pct(will_roll)} of the time; otherwise collapses")
    wake = None  # awake
    if current <= -fp:
        wake = FP_REST_MINUTES * (1 - current)
        step(f"At −1 × FP = {n(-fp)}: unconscious, waking at 1 FP after {1 - current} FP of rest "
             f"× {FP_REST_MINUTES} minutes = {wake} minutes.", rule="#lost-fatigue-points")
    rest = FP_REST_MINUTES * (fp - current)
    step(f"Rest restores 1 FP per {FP_REST_MINUTES} minutes: {fp - current} FP × {FP_REST_MINUTES} = {rest} minutes "
         f"to full FP (a decent meal may give one FP more).", rule="#recovering-from-fatigue")
    return {"current_fp": current, "condition": fp_state(current, fp), "halved": halved, "will_roll": will_roll,
            "hp_injury": hp_injury, "wake_minutes": wake, "rest_minutes": rest}


@table("gurps.fp_thresholds")
def fp_thresholds_table():
    rows = tuple((fp, below_a_third(fp), -fp, FP_REST_MINUTES * 2 * fp) for fp in range(8, 21))
    return ("Where fatigue starts to bite, by FP",
            ("FP", "Very tired at or below", "Unconscious at", "Rest from −1 × FP to full (minutes)"),
            rows, "Very tired means under 1/3 of FP. Will rolls to act start at 0 FP, whatever the score; "
            "each FP lost from there on also costs 1 HP.")
