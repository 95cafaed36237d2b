"""Running and fleeing in a Basic Fantasy fight (docs: bfrpg/combat.md#running-and-fleeing):
``{"do": "run", "who": id}``, a round of running, and ``{"do": "flee", "who": id}``, fleeing
from melee out of the fight. Each takes the game's fight (:mod:`rulescore.bfrpg.fight`) as
``rules``.

Our reading: the rounds a fighter can run count over the whole fight; exhausted, they walk until
they have rested a turn (once the fight is over).
"""

from __future__ import annotations

from typing import Any

from ..core import RulesInputError
from ..play.common import Action, State, keys, note, sheet
from ..play.dice_asks import Dice
from ..play.fight import Fight, Fighter, effect
from .shared import COMBAT_PAGE as PAGE

RUNNER = Fighter("who", "Runner")
MONSTER_RUN_ROUNDS = 24  # a monster has no Constitution score


def run(rules: Fight, state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "run", "who": id}``: a round of running, double movement and no attack. A
    character runs 2 × Constitution rounds, a monster 24, in all; then they are exhausted and
    walk until they have rested a turn (our reading: the rounds count over the whole fight)."""
    keys(action, ("who",))
    fight = rules.need_fight(state)
    who = rules.fighter(state, fight, action, RUNNER)
    name, one = rules.name(state, who), fight["combatants"][who]
    if rules.out(state, fight, who):
        raise RulesInputError("who", f"Runner: {name} is out of the fight.")
    limit = 2 * sheet(state, who)["constitution"] if one["side"] == "party" else MONSTER_RUN_ROUNDS
    ran = one.get("rounds_run", 0)
    if any(e["who"] == who and e["name"] == "Surprised" for e in fight["effects"]):
        raise RulesInputError("who", f"Runner: {name} is surprised and cannot move this round.")
    if any(e["who"] == who and e["name"] == "Running" for e in fight["effects"]):
        raise RulesInputError("who", f"Runner: {name} is already running this round.")
    if ran >= limit:
        raise RulesInputError("who", f"Runner: {name} is exhausted after {ran} rounds of running and can only walk "
                                     f"until they rest a turn.")
    one["rounds_run"] = ran + 1
    fight["effects"].append(effect(who, "Running", "double movement; no attack this round",
                                   {"at": "round_start", "round": fight["round"] + 1}, PAGE + "#running", "run"))
    note(state, rules.at(state), f"{name} runs: round {ran + 1} of {limit} they can run"
                                 + ("; exhausted after this one: walking only until a turn of rest."
                                    if ran + 1 == limit else "."), PAGE + "#running")
    if ran + 1 == limit:
        fight["effects"].append(effect(who, "Exhausted", "can only walk until they rest a turn",
                                       {"at": "rest"}, PAGE + "#running", "run"))


def flee(rules: Fight, state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "flee", "who": id}``: someone flees from melee and leaves the fight; each foe
    engaged with them may first make one parting attack at +2 (an Attack with +2 in other
    adjustments). Backing away at half movement instead ("leave_fight") draws none."""
    keys(action, ("who",))
    fight = rules.need_fight(state)
    who = rules.fighter(state, fight, action, RUNNER._replace(label="Fleeing"))
    note(state, rules.at(state), f"{rules.name(state, who)} flees from melee: each foe engaged with them may make "
                                 f"one parting attack at +2 (Attack, other adjustments +2) before they go.",
         PAGE + "#running-and-fleeing")
    rules.leave(state, {"who": who}, dice)


FORMS = (Action("run", "run", "Runs", "A round of running: double movement, no attack; 2 × Constitution rounds for a "
                                      "character, 24 for a monster, then exhausted.", (RUNNER,)),
         Action("flee", "flee", "Flees from melee", "Someone flees and leaves the fight; each foe engaged with them "
                                                    "may first make a parting attack at +2.", (RUNNER,)))
