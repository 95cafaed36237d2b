"""Success rolls and contests (docs: gurps/success-rolls.md): 3d6 against an effective skill,
the critical ranges, and Quick Contests. The odds themselves are in :mod:`.common`.

Every chance is exact (Fractions over the 216 outcomes of 3d6, or 216 x 216 for a contest).

>>> contest_odds(10, 10)[0] == contest_odds(10, 10)[2]
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ..core import Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..rolls import declare_roll
from .common import (
    ROLLS,
    SYSTEM,
    chance_of_success,
    roll_chart,
    roll_ranges,
    rolled_success,
    skill_input,
    succeeds,
    success_odds,
    success_roll_result,
)


@declare_calculator(
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
def success_roll(step: Working, effective_skill: int) -> dict[str, Any]:
    """The exact chance of success, critical success, failure and critical failure on 3d6 against
    an effective skill, and the rolls that give each (docs: gurps/success-rolls.md#success-rolls,
    #critical-successes, #critical-failures).

    The page's example, effective skill 15: success on 3–15, critical success on 3–5.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.success_roll", {"effective_skill": 15})
    >>> r["success_rolls"], r["critical_success_rolls"], r["critical_failure_rolls"]
    ('3–15', '3–5', '17–18')
    """
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


@declare_roll("gurps.success_roll", "3d6")
def resolve_success_roll(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The success roll made: 3d6 against the effective skill, criticals included.

    >>> from rulescore import resolve
    >>> [resolve("gurps.success_roll", {"effective_skill": 15}, dice=d)["outcome"] for d in ([1, 1, 3], [6, 6, 5])]
    ['critical success', 'critical failure']
    """
    return rolled_success(step, rolled, result.inputs["effective_skill"], "Success roll")


SUCCESS_TABLE_SKILLS = range(3, 17)


@declare_table("gurps.success_roll_ranges")
def success_roll_table() -> TableContent:
    rows = []
    for skill in SUCCESS_TABLE_SKILLS:
        ranges = roll_ranges(skill)
        rows.append((f"{skill}+" if skill == SUCCESS_TABLE_SKILLS[-1] else skill, ranges["critical success"],
                     ranges["success"], ranges["failure"], ranges["critical failure"],
                     pct(chance_of_success(skill))))
    return TableContent("Success rolls on 3d6 by effective skill",
                        ("Effective skill", "Critical success", "Success", "Failure", "Critical failure",
                         "Chance of success"),
                        tuple(rows),
                        "Success and Failure include the criticals. Above 16 nothing changes: 17 and 18 always fail.")


# --------------------------------------------------------------------------- quick contests

def _standing(roll: int, skill: int) -> tuple[bool, int]:
    """How a contestant did: success first, then the margin (skill - roll)."""
    return succeeds(roll, skill), skill - roll


@cache
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


@declare_calculator(
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
def quick_contest(step: Working, skill_a: int, skill_b: int) -> dict[str, Any]:
    """The exact chance that each side of a Quick Contest wins, or that they tie: a success beats
    a failure, and otherwise the larger margin wins (docs: gurps/success-rolls.md#quick-contests).

    The page's example, skill 14 against 11:

    >>> from rulescore import calculate
    >>> r = calculate("gurps.quick_contest", {"skill_a": 14, "skill_b": 11})
    >>> round(r["a_wins"], 3), round(r["tie"], 3), round(r["b_wins"], 3)
    (0.721, 0.074, 0.206)
    """
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


CONTEST_RULE = "gurps/success-rolls/#quick-contests"


def contest_result(step: Working, rolled: Rolled, skill_a: int, skill_b: int, mine: str,
                   theirs: str) -> dict[str, Any]:
    """A Quick Contest rolled ("2x3d6": your three dice, then the other side's): ``outcome`` is
    "win", "tie" or "loss"; ``margin`` your margin minus theirs, but at least 1 on a win and at
    most −1 on a loss (a success beats a failure whatever the margins), 0 on a tie.

    >>> from ..dice import roll
    >>> contest_result(Working(), roll("2x3d6", faces=[2, 2, 2, 4, 4, 4]), 10, 12, "You", "Them")["outcome"]
    'win'
    """
    count = rolled.notation.number
    faces_a, faces_b = rolled.faces[:count], rolled.faces[count:]
    side_a = success_roll_result(step, faces_a, skill_a, mine)
    side_b = success_roll_result(step, faces_b, skill_b, theirs)
    standing_a, standing_b = _standing(sum(faces_a), skill_a), _standing(sum(faces_b), skill_b)
    difference = standing_a[1] - standing_b[1]
    if standing_a > standing_b:
        outcome, margin = "win", max(difference, 1)
    elif standing_a < standing_b:
        outcome, margin = "loss", min(difference, -1)
    else:
        outcome, margin = "tie", 0
    why = ("one side succeeds and the other fails" if standing_a[0] != standing_b[0] else
           f"both {'succeed' if standing_a[0] else 'fail'}, and the margins are {standing_a[1]} and {standing_b[1]}")
    step(f"Quick Contest: {why}, so it is a {outcome} for {mine.lower() if mine != 'You' else 'you'}.",
         rule=CONTEST_RULE)
    return {"outcome": outcome, "margin": margin, "opponent_total": sum(faces_b),
            "your_roll": side_a["outcome"], "opponent_roll": side_b["outcome"]}


@declare_roll("gurps.quick_contest", "2x3d6")
def resolve_quick_contest(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """Both sides' rolls: your three dice, then the opponent's.

    >>> from rulescore import resolve
    >>> r = resolve("gurps.quick_contest", {"skill_a": 14, "skill_b": 11}, dice=[3, 3, 3, 4, 4, 4])
    >>> r["outcome"], r["margin"], r["opponent_total"], r["opponent_roll"]
    ('win', 6, 12, 'failure')
    """
    return contest_result(step, rolled, result.inputs["skill_a"], result.inputs["skill_b"], "You", "Opponent")
