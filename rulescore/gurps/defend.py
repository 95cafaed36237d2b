"""GURPS active defences in a fight (docs: gurps/maneuvers.md, "Fights in the session"):
``{"do": "defend", "who": id, "defence": "dodge" | "parry" | "block"}`` on anyone's turn, kept
for what it changes, and logged with the defence's score as the defences calculator works it
out from the defender's figures (the same inputs as the GM's link to it): reeling or very tired
halve Dodge, All-Out Defense adds 2, a stun takes 4.

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"dx": 13, "ht": 11}}]
>>> state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [{"name": "Orc"}]})
>>> session.preview(state, {"do": "defend", "who": "k", "defence": "dodge"})["lines"]
['Kara defends: Dodge 9.']

A foe's score is the GM's: the players' view reads "Orc defends: Dodge." The roll itself is the
GM's (the defences calculator gives its odds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..play.common import Action, State, keys, note, take
from ..play.dice_asks import Dice
from ..play.fight import Fighter
from .common import succeeds
from .fighters import GurpsFighters as GurpsFight
from .kit import fencing_parry

PAGE = "gurps/maneuvers/"
DEFENDING = "gurps/attacking-and-defending/#active-defences"
DEFENDER = Fighter("who", "Defender", help="anyone in the fight, on any turn")
DEFENCE = Input("defence", "Defence", "choice", "dodge",
                choices=(("dodge", "Dodge"), ("parry", "Parry"), ("block", "Block")))
NEEDS = {"parry": "weapon skill", "block": "Shield or Cloak skill"}
RETREAT_DODGE, RETREAT_OTHER = 3, 1


def defence_score(rules: GurpsFight, state: State, fight: dict[str, Any], who: str,
                  defence: str, retreat: bool = False) -> tuple[int | None, list[str]]:
    """``who``'s score for ``defence`` now (None without the skill it needs) and what it includes;
    with ``retreat``, a step back adds +3 to Dodge, +1 to Parry or Block (+3 to a fencing weapon's
    Parry: the Basic Set's rule)."""
    inputs = rules.calculator_inputs(state, fight, who)["gurps.defense"]
    score: int | None = get_calculator("gurps.defense").run(inputs)[defence]
    back = (RETREAT_DODGE if defence == "dodge" or (defence == "parry" and fencing_parry(state, who))
            else RETREAT_OTHER) if retreat else 0
    included = [words for words, on in (
        ("halved: reeling", defence == "dodge" and inputs["halved"]),
        ("halved: very tired", defence == "dodge" and inputs.get("very_tired", False)),
        (f"+{inputs.get('shield_db', 0)}: shield", inputs.get("shield_db", 0)),
        ("+2: All-Out Defense", inputs["increased_defense"] == defence),
        ("−4: stunned", inputs["stunned"]),
        (f"+{back}: retreat", back and score is not None)) if on]
    return (None if score is None else score + back), included


def after_defence(rules: GurpsFight, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
    """What an active defence changes for the defender: it spoils an Aim, and someone concentrating
    rolls Will − 3 or loses it."""
    name = rules.name(state, who)
    mine = {e["name"]: e for e in fight["effects"] if e["who"] == who}
    if "Aim" in mine:
        fight["effects"].remove(mine["Aim"])
        note(state, rules.at(state), f"{name}'s aim is spoiled by the active defence.", PAGE + "#aim")
    if "Concentrate" in mine and rules.figures(state, who).get("iq") == 0:  # mindless: no Will roll (our reading)
        said = f"{name} is forced to defend while concentrating: mindless (IQ 0), no Will roll; keeps it."
        rules.note_figures(state, who, said, PAGE + "#concentrate", said)
    elif "Concentrate" in mine:
        will = rules.figures(state, who)["will"] - 3
        roll = sum(dice(3, 6, purpose=f"{name}'s Will − 3 roll to keep concentrating"))
        kept = succeeds(roll, will)
        rules.note_figures(state, who, f"{name} is forced to defend while concentrating: Will − 3 = {will} "
                                       f"rolled {roll}, " + ("keeps it." if kept else "loses it."),
                           PAGE + "#concentrate",
                           f"{name} is forced to defend while concentrating and rolls Will − 3: "
                           + ("keeps it." if kept else "loses it."))
        if not kept:
            fight["effects"].remove(mine["Concentrate"])


def defend_with(rules: GurpsFight) -> Callable[[State, dict[str, Any], Dice], None]:
    def defend(state: State, action: dict[str, Any], dice: Dice) -> None:
        """An active defence, kept for what it changes: refused after an All-Out Attack (none at
        all) and, after a Move and Attack, for a Parry; it spoils an Aim, and calls for the Will − 3
        roll of someone concentrating."""
        keys(action, ("who", "defence"))
        fight = state.get("fight")
        if not fight:
            raise RulesInputError("do", "Active defence: there is no fight going on; start one with “Start a fight” "
                                        "first.")
        who = rules.fighter(state, fight, action, DEFENDER)
        defence, name = take(action, DEFENCE), rules.name(state, who)
        if rules.out(state, fight, who) or not rules.wounds(state, who)["conscious"]:
            raise RulesInputError("who", f"Defender: {name} is out of the fight or unconscious and cannot defend.")
        mine = {e["name"]: e for e in fight["effects"] if e["who"] == who}
        if "All-Out Attack" in mine:
            raise RulesInputError("defence", f"Defence: {name} made an All-Out Attack: no active defence at all "
                                             f"until their next turn.")
        if "Move and Attack" in mine and defence == "parry":
            raise RulesInputError("defence", f"Defence: after a Move and Attack {name} may only Dodge or Block.")
        label = dict(DEFENCE.choices)[defence]
        score, included = defence_score(rules, state, fight, who, defence)
        scored = f"{label} (no {label} score: no {NEEDS[defence]} on record)" if score is None else \
            f"{label} {score}" + (f" ({'; '.join(included)})" if included else "")
        stunned = " (stunned: −4)" if rules.wounds(state, who)["stunned"] else ""
        rules.note_figures(state, who, f"{name} defends: {scored}.", DEFENDING, f"{name} defends: {label}{stunned}.")
        after_defence(rules, state, fight, who, dice)
    return defend


FORM = Action("defend", "defend", "Active defence",
              "Someone defends (Dodge, Parry or Block), logged with its score: refused after an All-Out Attack, a "
              "Parry after a Move and Attack; it spoils an Aim and tests a concentration.", (DEFENDER, DEFENCE))
