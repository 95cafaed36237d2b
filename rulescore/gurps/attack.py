"""GURPS attacks in a fight (docs: gurps/maneuvers.md#attacks-in-the-session), one action:

``{"do": "attack", "who": id, "target": id, "weapon": index or name, "defence": "dodge" | "parry" |
"block" | "none", "retreat": false, "modifier": 0}``: the attack roll (3d6) against the effective
skill (:mod:`rulescore.gurps.attack_plan`), with GURPS Lite's critical hits and misses; on a hit the
target's defence roll, unless the hit is critical; then the weapon's damage (thrust or swing from
the wielder's ST), the target's DR, and the injury by the damage action's own code (shock, a
major wound's HT roll, death checks). One line the GM reads aloud; a foe's figures are the GM's, and
the players read a foe's injury in words ("an injury"), not in HP: the damage they rolled less the
injury would give its DR away.

Kara (Broadsword, skill 14, 1d+2 cut) attacks an orc, which tries to dodge:

>>> from rulescore import session
>>> kara = {"id": "k", "name": "Kara", "system": "gurps", "fields": {"dx": 13, "ht": 12, "weapons": [
...     {"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "1d+2 cut", "parry": "10"}]}}
>>> state = session.apply(session.new("gurps", [kara]), {"do": "fight", "foes": [{"name": "Orc", "hp": 20, "dr": 1}]})
>>> faces = iter([[3, 3, 4], [6, 5, 4], [5]])  # the attack 10, the Dodge 15, the damage 5
>>> state = session.apply(state, {"do": "attack", "who": "k", "target": "f1", "defence": "dodge"},
...                       roll=lambda count, sides: next(faces))
>>> print(session.view(state, gm=True)["log"][-1]["text"])
Kara attacks Orc with Broadsword (Swung): 10 against 14, a hit; Orc tries to dodge: 15 against 8, fails; \
1d+2 cut = 7, DR 1: 9 HP of injury; Orc at 11 of 20 HP.
>>> print(session.view(state)["log"][-1]["text"])
Kara attacks Orc with Broadsword (Swung): 10 against 14, a hit; Orc tries to dodge: 15, fails; 1d+2 cut = 7: an \
injury; Orc looks wounded.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .. import dice as odds
from ..core import Input, RulesInputError
from ..notation import dice, dice_shown
from ..play.attacks import HELD
from ..play.common import Action, State, keys, note
from ..play.dice_asks import Dice
from ..play.fight import effect, ends_at_turn, looks
from ..play.form_specs import Shown
from .attack_plan import (
    ATTACKER,
    DEFENCE_LABELS,
    DEFENCES,
    MODIFIER,
    RETREAT,
    SECOND,
    TARGET,
    WEAPON,
    Plan,
    attacker_refusal,
    plan,
)
from .common import chance_of_success, roll_outcome, succeeds, success_odds
from .defend import after_defence
from .fighters import GurpsFighters as GurpsFight
from .weapons import INJURY_TYPE, TYPE_WORDS, Damage, least_damage, title

RULE = "gurps/maneuvers/#attacks-in-the-session"
UNBALANCED_RULE = "gurps/attacking-and-defending/#parrying"
HIT_WORDS = {"critical success": "a critical hit", "success": "a hit", "failure": "a miss",
             "critical failure": "a critical miss"}
TRIES = {"dodge": "dodge", "parry": "parry", "block": "block"}
DEFENCE = Input("defence", "Defence", "choice", "dodge", choices=DEFENCES,
                help="the target's side chooses; a critical hit allows none")


ACTIVE = ("dodge", "parry", "block")
FIELDS = (ATTACKER, TARGET, WEAPON, DEFENCE, Shown(RETREAT, "defence", ACTIVE), Shown(SECOND, "defence", ACTIVE),
          MODIFIER)
KEYS = tuple(field.name for field in FIELDS)
FORM = Action("attack", "attack", "Attack",
              "An attack in the fight: the attack roll at the effective skill, the target's defence, the weapon's "
              "damage through DR and the injury it does, in one go.", FIELDS)


class Said:
    """The attack's line as it is built: the GM's words and the players' (a foe's numbers left out)."""

    def __init__(self) -> None:
        self.gm: list[str] = []
        self.players: list[str] = []

    def add(self, gm: str, players: str | None = None) -> None:
        self.gm.append(gm)
        self.players.append(gm if players is None else players)

    def put(self, entry: dict[str, Any]) -> None:
        entry["text"], entry["gm_text"] = "; ".join(self.players) + ".", "; ".join(self.gm) + "."


def damage_text(count: int, adds: int, damage: Damage, shown: bool = False) -> str:
    """The damage rolled: "2d+2 cut", "1d(2) pi" as data, or with the true minus (``shown``)."""
    return f"{dice_shown(count, adds) if shown else dice(count, adds)}{damage.divided} {damage.type}"


def attack_with(rules: GurpsFight) -> Callable[[State, dict[str, Any], Dice], None]:
    hurt = rules.damage(rules.rules.ACTIONS["damage"])  # the damage action's own code, party or foe

    def attack(state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, KEYS)
        settled = plan(rules, state, action)
        fight = state["fight"]
        who, target = settled.who, settled.target
        if settled.take_attack:
            rules.maneuver(state, {"who": who, "maneuver": "attack"}, dice)
        one = fight["combatants"][who]
        if settled.waiting:  # the Wait is spent
            fight["effects"] = [e for e in fight["effects"] if not (e["who"] == who and e["name"] == "Wait")]
        else:
            made = one.get("attacks") or {}
            one["attacks"] = {"round": fight["round"],
                              "count": (made.get("count", 0) if made.get("round") == fight["round"] else 0) + 1}
        name, aimed = rules.name(state, who), rules.name(state, target)
        unbalanced(fight, who, settled.weapon, name)
        foe_attacking, foe_hit = one["side"] == "foes", fight["combatants"][target]["side"] == "foes"
        weapon = settled.weapon
        said = Said()
        roll = sum(dice(3, 6, purpose=f"{name}'s attack roll (to hit {aimed})"))
        outcome = roll_outcome(roll, settled.skill)
        words = HIT_WORDS[outcome] + (": no defence" if outcome == "critical success" else "") \
            + (", maximum damage" if roll == 3 and settled.damage else "")
        head = f"{name} attacks {aimed}" + (f" with {title(weapon)}" if weapon["name"] else "")
        said.add(f"{head}: {roll} against {settled.skill}, {words}",
                 f"{head}: {roll}, {words}" if foe_attacking else None)
        note(state, rules.at(state), "", RULE)
        entry = state["log"][-1]
        if outcome not in ("success", "critical success"):
            said.put(entry)
            return
        if outcome == "success" and not _defended(rules, state, settled, said, dice, foe_hit):
            said.put(entry)
            return
        if settled.damage is None and weapon.get("effect"):  # an affliction or the like: the GM's to resolve
            said.add(f"the GM resolves its effect ({weapon['effect']}); enter any damage or fatigue it does by hand")
        elif settled.damage is None:
            said.add(f"roll the damage and enter it with {'Damage to a foe' if foe_hit else 'Damage'}")
        if settled.damage is None:
            said.put(entry)
            return
        total, rolled = _damage_roll(settled, dice, roll == 3, name)
        shown_dr = f", {settled.dr_shown}" if settled.dr_shown else ""
        before, start = rules.wounds(state, target)["hp_lost"], len(state["log"])
        hurt(state, {"do": "damage", "who": target, "damage": total, "dr": settled.dr,
                     "type": INJURY_TYPE[settled.damage.type], "torso": True}, dice)
        del state["log"][start]  # the damage action's own first line: this line says it
        injury = rules.wounds(state, target)["hp_lost"] - before
        through = f"{injury} HP of injury" if total > settled.dr else "no injury"
        # The players read a foe's injury in words: the damage rolled less the injury would give its DR away.
        felt = ("an injury" if injury else "no injury") if foe_hit else through
        said.add(f"{rolled}{shown_dr}: {through}",
                 (f"{total} {TYPE_WORDS[settled.damage.type]}" if foe_attacking else rolled)
                 + ("" if foe_hit else shown_dr) + f": {felt}")
        _outcome(rules, state, target, said, foe_hit)
        said.put(entry)
    return attack


def unbalanced(fight: dict[str, Any], who: str, weapon: dict[str, Any], name: str) -> None:
    """A weapon whose Parry is marked U that has just attacked cannot parry until its wielder's
    next turn (the source: not after attacking "on your turn"; our reading counts an attack made
    after a Wait the same way)."""
    if "U" in str(weapon.get("parry", "")).upper() and weapon["name"]:
        fight["effects"].append({**effect(who, "Unbalanced weapon", f"{name} cannot parry with {title(weapon)}, "
                                          f"which has attacked", ends_at_turn(fight, who), UNBALANCED_RULE, "attack"),
                                 "weapon": weapon["name"]})


def _defended(rules: GurpsFight, state: State, settled: Plan, said: Said, dice: Dice, foe_hit: bool) -> bool:
    """The target's defence against a hit (not a critical one): True when the attack goes home."""
    aimed, fight = rules.name(state, settled.target), state["fight"]
    if settled.shut:
        said.add(f"{aimed} cannot defend")
        return True
    defence = settled.defence
    if defence is None:
        choices = ", ".join(DEFENCE_LABELS[one] for one in (*settled.defences, "none"))
        raise RulesInputError("defence", f"Defence: the attack hits unless {aimed} defends; choose {choices}.")
    if defence == "none":
        said.add(f"{aimed} does not defend")
        return True
    for tried in (defence, settled.second):
        if tried is None:
            break
        score = settled.defences[tried][0]
        roll = sum(dice(3, 6, purpose=f"{aimed}'s {TRIES[tried].capitalize()}"
                                      + ("" if tried == defence else " (the second defence)")))
        saved = succeeds(roll, score)
        result = "succeeds" if saved else "fails"
        first = f"{aimed} tries to {TRIES[tried]}" if tried == defence else f"then to {TRIES[tried]}"
        said.add(f"{first}: {roll} against {score}, {result}", f"{first}: {roll}, {result}" if foe_hit else None)
        if tried == defence:
            after_defence(rules, state, fight, settled.target, dice)
        if saved:
            return False
    return True


def _damage_roll(settled: Plan, dice: Dice, at_most: bool, name: str) -> tuple[int, str]:
    """The damage rolled (every die a 6 after an attack roll of 3) and how it reads."""
    damage = settled.damage
    assert damage is not None
    count, adds = settled.dice
    shown = damage_text(count, adds, damage, shown=True)
    total = max((6 * count if at_most else sum(dice(count, 6, purpose=f"{name}'s damage ({shown})"))) + adds,
                least_damage(damage.type))
    return total, f"{shown}{' at its most' if at_most else ''} = {total}"


def _outcome(rules: GurpsFight, state: State, who: str, said: Said, foe: bool) -> None:
    """Where the target stands after the hit: dead, down, or its HP (a foe's looks for the players)."""
    wounds, figures, name = rules.wounds(state, who), rules.figures(state, who), rules.name(state, who)
    if wounds["dead"]:
        said.add(f"{name} is dead")
        return
    if not wounds["conscious"]:
        said.add(f"{name} is down")
        return
    hp, stunned = figures["hp"], ", stunned" if wounds["stunned"] else ""
    now = hp - wounds["hp_lost"]
    said.add(f"{name} at {now} of {hp} HP{stunned}", f"{name} looks {looks(now, hp)}{stunned}" if foe else None)


# --------------------------------------------------------------------------- before the dice

def preview_with(rules: GurpsFight) -> Callable[[State, dict[str, Any], bool], dict[str, Any]]:
    def preview(state: State, action: dict[str, Any], gm: bool) -> dict[str, Any]:
        """``{"attack": {"to_hit", "defences", "damage"}}``: the attack's odds before its dice. A
        foe's skill, its defences' scores and every chance drawn from them are in the GM's view
        only (a chance on 3d6 gives the score back), as in the other games (attacks.HELD)."""
        settled = plan(rules, state, action)
        fight = state["fight"]
        foe_attacking = fight["combatants"][settled.who]["side"] == "foes"
        foe_hit = fight["combatants"][settled.target]["side"] == "foes"
        chances = success_odds(settled.skill)
        to_hit: dict[str, Any] = {"skill": settled.skill, "chance": float(chances["success"]),
                                  "critical": float(chances["critical success"]), "working": settled.working}
        if foe_attacking and not gm:
            to_hit = dict(HELD)
        defences = [{"id": defence, "label": DEFENCE_LABELS[defence], "score": score,
                     "chance": float(chance_of_success(score))} for defence, (score, _) in settled.defences.items()]
        # The defence the GM's form starts on: the best the target can make now (the highest score,
        # the first of Dodge, Parry, Block among equals), "none" when none is open; a foe's is the
        # GM's to know (None in the players' view).
        best = max(settled.defences, key=lambda one: settled.defences[one][0], default="none")
        if foe_hit and not gm:
            defences = [{"id": one["id"], "label": one["label"]} for one in defences]
        return {"attack": {"to_hit": to_hit, "defences": defences, "no_defence": settled.shut or None,
                           "defence_best": None if foe_hit and not gm else best,
                           "double_defence": settled.double, "damage": spread(settled)}}
    return preview


def spread(settled: Plan) -> dict[str, Any] | None:
    """The damage's dice, least, most and average (the least a roll does counted), or None when the
    GM rolls it."""
    if settled.damage is None:
        return None
    count, adds = settled.dice
    least = least_damage(settled.damage.type)
    totals = {max(total + adds, least): Fraction(0) for total in range(count, 6 * count + 1)}
    for total, p in odds.distribution(count, 6).items():
        totals[max(total + adds, least)] += p
    average = sum((total * p for total, p in totals.items()), Fraction(0))
    return {"dice": damage_text(count, adds, settled.damage), "least": min(totals), "most": max(totals),
            "average": float(average)}


# --------------------------------------------------------------------------- what can be done now

def attacker_can(rules: GurpsFight, state: State, who: str) -> bool:
    """Whether ``who`` could attack now: in the fight and able to act, on their turn with an attack
    left, or waiting."""
    return not attacker_refusal(rules, state, who)


def target_can(rules: GurpsFight, state: State, who: str) -> bool:
    return not rules.out(state, state["fight"], who)


def open_to_attack(rules: GurpsFight, state: State) -> bool:
    fight = state["fight"]
    return any(attacker_can(rules, state, who) and any(target_can(rules, state, other)
                                                       for other in fight["combatants"] if other != who)
               for who in fight["combatants"])
