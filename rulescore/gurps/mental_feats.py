"""Mental feats (docs: gurps/mental-feats.md): Influence rolls (a Quick Contest against Will)
and Fright Checks (a Will roll, and what failing it costs).

>>> failure_margin(13, 8), fright_failure(5, False)
(5, 'stunned for 5 + 2d seconds (7–17 seconds)')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import span, term
from ..rolls import declare_roll
from .common import (
    SUCCESSES,
    SYSTEM,
    chance_of_success,
    damage_chart,
    roll_chart,
    roll_outcome,
    roll_ranges,
    rolled_success,
    skill_input,
    success_odds,
)
from .success_rolls import contest_odds, contest_result


class InfluenceSkill(NamedTuple):
    value: str
    label: str
    win: str  # reaction on a win
    other: str  # reaction on a tie or a loss


INFLUENCE_SKILLS = (
    InfluenceSkill("diplomacy", "Diplomacy", "Good", "Bad, or the GM's regular reaction roll if that is better"),
    InfluenceSkill("fast_talk", "Fast-Talk", "Good", "Bad"),
    InfluenceSkill("intimidation", "Intimidation", "Good", "Very Bad"),
    InfluenceSkill("savoir_faire", "Savoir-Faire", "Good", "Bad"),
    InfluenceSkill("sex_appeal", "Sex Appeal", "Very Good", "Bad"),
    InfluenceSkill("streetwise", "Streetwise", "Good", "Bad"),
    InfluenceSkill("other", "Another skill the GM allows", "Good", "Bad"),
)


@declare_calculator(
    id="gurps.influence",
    system=SYSTEM,
    title="Influence roll",
    summary="Your Influence skill against the subject's Will: the chance of the reaction you want.",
    page="gurps/mental-feats/",
    inputs=[
        Input("skill_used", "Influence skill", "choice", "diplomacy",
              choices=tuple((row.value, row.label) for row in INFLUENCE_SKILLS)),
        skill_input("skill", "Your skill level", 12, "effective level of the Influence skill"),
        skill_input("will", "Subject's Will", 10),
    ],
    outputs=[
        Output("win", "You win the contest", format="percent"),
        Output("win_reaction", "Reaction if you win"),
        Output("other_reaction", "Reaction on a tie or a loss"),
    ],
)
def influence(step: Working, skill_used: str, skill: int, will: int) -> dict[str, Any]:
    """The chance an Influence skill wins its Quick Contest against the subject's Will, and the
    reaction a win or anything else gives with that skill (docs: gurps/mental-feats.md#influence-rolls).

    As the page says, a win with Sex Appeal gives a Very Good reaction, and a failed
    Intimidation a Very Bad one:

    >>> from rulescore import calculate
    >>> calculate("gurps.influence", {"skill_used": "sex_appeal"})["win_reaction"]
    'Very Good'
    >>> calculate("gurps.influence", {"skill_used": "intimidation"})["other_reaction"]
    'Very Bad'
    """
    chosen = next(row for row in INFLUENCE_SKILLS if row.value == skill_used)
    label, good, bad = chosen.label, chosen.win, chosen.other
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
    """What a failed Fright Check does, by its margin: stunned, or fainting on a critical failure."""
    if critical:
        return f"faints for {margin} + 1d minutes ({span(margin + 1, margin + 6)} minutes)"
    return f"stunned for {margin} + 2d seconds ({span(margin + 2, margin + 12)} seconds)"


@declare_calculator(
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
def fright_check(step: Working, will: int, modifier: int, roll: str) -> dict[str, Any]:
    """The odds of a Fright Check (Will with every modifier), and once a roll is entered, what it
    does: a failure stuns for the margin + 2d seconds, a critical failure faints for the margin +
    1d minutes (docs: gurps/mental-feats.md#fright-checks, #modifiers, #failure).

    The page's example, Will 11 at −3 and a roll of 13: failed by 5.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.fright_check", {"will": 11, "modifier": -3, "roll": "13"})
    >>> r["effective_will"], r["margin"], r["outcome"]
    (8, 5, 'stunned for 5 + 2d seconds (7–17 seconds)')
    """
    target = will + modifier
    odds = success_odds(target)
    step(f"Fright Check: a Will roll with every modifier, {n(will)} {term(modifier)} = {n(target)}; "
         f"it succeeds {pct(odds['success'])} of the time.", rule="#modifiers")
    roll_chart(step, target, "Will", f"keeps their nerve {pct(odds['success'])} of the time, "
               f"faints {pct(odds['critical failure'])}")
    step(f"Failure stuns for the margin of failure + 2d seconds "
         f"({pct(1 - odds['success'] - odds['critical failure'])}); a critical failure "
         f"({roll_ranges(target)['critical failure']}, {pct(odds['critical failure'])}) "
         f"means fainting for the margin + 1d minutes.", rule="#failure")
    # Until a roll is entered, and the margin only for a failure:
    margin: int | None = None
    outcome: str | None = None
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


@declare_table("gurps.fright_check_failures")
def fright_check_table() -> TableContent:
    rows = tuple((margin, f"{margin} + 2d: {span(margin + 2, margin + 12)}",
                  f"{margin} + 1d: {span(margin + 1, margin + 6)}") for margin in range(0, 11))
    return TableContent("Failed Fright Checks by margin of failure",
                        ("Failed by", "Stunned for (seconds)", "Critical failure: faints for (minutes)"),
                        rows,
                        "The pattern goes on past 10. A margin of 0 is a roll that fails only because 17 and 18 "
                        "always fail.")


@declare_roll("gurps.influence", "2x3d6")
def resolve_influence(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The Influence roll made: a Quick Contest of your skill (your three dice) against the
    subject's Will (the next three); ``reaction`` is what the outcome gives with that skill.

    >>> from rulescore import resolve
    >>> r = resolve("gurps.influence", {"skill_used": "intimidation"}, dice=[6, 6, 5, 2, 2, 2])
    >>> r["outcome"], r["reaction"]
    ('loss', 'Very Bad')
    """
    chosen = next(row for row in INFLUENCE_SKILLS if row.value == result.inputs["skill_used"])
    out = contest_result(step, rolled, result.inputs["skill"], result.inputs["will"], chosen.label, "Will")
    out["reaction"] = result["win_reaction"] if out["outcome"] == "win" else result["other_reaction"]
    step(f"Reaction: {out['reaction']} ({'a win' if out['outcome'] == 'win' else 'a tie or a loss'} with "
         f"{chosen.label}).", rule="gurps/mental-feats/#influence-rolls")
    return out


@declare_roll("gurps.fright_check", "3d6", feed=lambda rolled: {"roll": str(rolled.total)})
def resolve_fright_check(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The Fright Check made: the roll fills the calculator's "Your 3d6 roll", so ``outcome`` is
    its result in the page's words (no effect, stunned or faints for...). ``margin`` follows
    resolve's rule (Will − roll, negative on a failure); the calculator's margin of failure is
    kept as ``margin_of_failure``.

    >>> from rulescore import resolve
    >>> r = resolve("gurps.fright_check", {"will": 11, "modifier": -3}, dice=[4, 4, 5])
    >>> r["outcome"], r["margin"], r["margin_of_failure"], r["success_roll"]
    ('stunned for 5 + 2d seconds (7–17 seconds)', -5, 5, 'failure')
    """
    made = rolled_success(step, rolled, result["effective_will"], "Fright Check")
    return {"success_roll": made["outcome"], "outcome": result["outcome"], "margin": made["margin"],
            "margin_of_failure": result["margin"]}
