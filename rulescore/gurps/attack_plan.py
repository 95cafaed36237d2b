"""An attack in a GURPS fight before its dice (docs: gurps/maneuvers.md#attacks-in-the-session):
who may attack whom with which weapon, the effective skill with everything in force, the
defences the target can make with their scores, and the damage the weapon rolls. The action
(:mod:`rulescore.gurps.attack`) and its preview read the same :class:`Plan`.

Our readings, where the sources leave a choice:

- An attack comes with the attacker's maneuver on their own turn (Attack, All-Out Attack, Move
  and Attack), or after a Wait, when its trigger comes; one attack a turn, two after an All-Out
  Attack (Double). Someone who has chosen no maneuver yet makes an Attack.
- All-Out Attack (Determined) gives +4 with a melee weapon, +1 with a ranged one, whichever
  option was named; (Strong) adds its damage to melee weapons. Move and Attack: −4 and 9 at most
  in melee, −2 at range or the weapon's Bulk where it is worse.
- Evaluate, Aim and a won Feint count against the foe they were taken against (any foe, when
  none was named). Aim adds a ranged weapon's Accuracy, +1 after two turns, +2 after three.
- Shock counts against the attack as it stands when it is made. Reeling halves Move and Dodge
  only, so it leaves the attack roll alone; a very tired fighter's halved ST leaves damage alone
  (the fatigue rules say so), and thrust and swing follow the sheet's ST.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core import Input, RulesInputError
from ..notation import signed
from ..play.attacks import WEAPON as SHARED_WEAPON
from ..play.attacks import weapon_named
from ..play.common import State, sheet, take
from ..play.fight import Fighter
from .defend import defence_score
from .fighters import GurpsFighters as GurpsFight
from .injury import strong_bonus
from .kit import character_kit, weapons_of
from .melee import EVALUATE_BONUS, MANEUVERS, MOVE_AND_ATTACK_RANGED, RANGED_DETERMINED_BONUS
from .weapons import (
    INJURY_TYPE,
    Damage,
    accuracy,
    bulk,
    divided_dr,
    fraction_text,
    is_ranged,
    is_thrown,
    parse_damage,
    rolled_dice,
    title,
)

ATTACKING = ("attack", "all_out_attack", "move_and_attack")
MANEUVER_NAMES = {"attack": "Attack", "all_out_attack": "All-Out Attack", "move_and_attack": "Move and Attack"}
_MELEE = {row.value: row for row in MANEUVERS}
DETERMINED = ("determined", "ranged_determined")
DEFENCES = (("dodge", "Dodge"), ("parry", "Parry"), ("block", "Block"), ("none", "No defence"))
DEFENCE_LABELS = dict(DEFENCES)
ATTACKER = Fighter("who", "Attacker", help="on their turn, or after a Wait")
WEAPON = SHARED_WEAPON._replace(help="one of the attacker's own weapons, as their sheet or figures list them; with "
                                     "none listed, a character's melee weapon skill")
TARGET = Fighter("target", "Target")
MODIFIER = Input("modifier", "Modifier", "int", 0, min=-20, max=20,
                 help="the GM's modifiers to hit: range, darkness, posture, cover...")
SECOND = Input("second_defence", "Second defence", "choice", "none", choices=DEFENCES,
               help="after All-Out Defense (Double Defense) only: another defence, tried if the first fails")
RETREAT = Input("retreat", "Retreat", "bool", False,
                help="the target steps back: +3 to Dodge, +1 to Parry or Block (+3 with a fencing weapon)")


class Plan(NamedTuple):
    """An attack settled before its dice."""

    who: str
    target: str
    weapon: dict[str, Any]  # a sheet weapon's shape; name "" for none named
    skill: int  # effective skill
    working: list[str]  # how the effective skill comes about, a sentence each
    take_attack: bool  # no maneuver chosen yet this turn: the attack is an Attack maneuver
    waiting: bool  # attacking out of turn, after a Wait
    defences: dict[str, tuple[int, list[str]]]  # the target's defences open now: score, what it includes
    shut: str  # why the target has no active defence at all ("" when it has)
    defence: str | None  # the defence chosen, None when not (yet) given
    second: str | None  # a second defence if the first fails (All-Out Defense, Double Defense), or None
    double: bool  # the target took All-Out Defense (Double Defense): a second defence is open
    damage: Damage | None  # None: the GM rolls the damage
    dice: tuple[int, int]  # dice and adds rolled for damage, All-Out Attack (Strong) included
    dr: int  # the target's DR against this weapon (its armour divisor counted)
    dr_shown: str  # how that DR reads: "DR 3", "DR 4 ÷ 2 = 2"; "" for none


def effects_of(fight: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
    return {e["name"]: e for e in fight["effects"] if e["who"] == who}


def aimed_at(effect: dict[str, Any] | None, target: str) -> bool:
    """An Evaluate, Aim or Feint effect that counts against ``target``."""
    return effect is not None and effect.get("target") in (None, target)


def attacks_left(rules: GurpsFight, state: State, who: str) -> int:
    """How many attacks ``who`` may still make on their turn (their maneuver's, once chosen)."""
    fight = state["fight"]
    one = fight["combatants"][who]
    now, _ = rules.maneuvers(one, fight)
    chosen = now.get("id")
    if chosen is None:
        return 1
    if chosen not in ATTACKING:
        return 0
    allowed = 2 if chosen == "all_out_attack" and \
        effects_of(fight, who).get("All-Out Attack", {}).get("option") == "double" else 1
    made = one.get("attacks") or {}
    return allowed - (made.get("count", 0) if made.get("round") == fight["round"] else 0)


def attacker_refusal(rules: GurpsFight, state: State, who: str) -> str:
    """Why ``who`` cannot attack now, as the Attacker field's refusal says it ("" when they can):
    out of the fight, stunned or surprised, not their turn and no Wait, a maneuver that makes no
    attack, or every attack of theirs made this turn."""
    fight = state["fight"]
    name = rules.name(state, who)
    if rules.out(state, fight, who):
        return f"{name} is out of the fight."
    must = rules._must_do_nothing(state, fight, who)
    if must:
        return f"{name} is {must} and must Do Nothing this turn."
    current = rules.current(fight)
    if who != current:
        return "" if "Wait" in effects_of(fight, who) else (
            f"it is {rules.name(state, current) if current else 'nobody'}'s turn; {name} attacks on their own turn, "
            f"or after a Wait when its trigger comes.")
    now, _ = rules.maneuvers(fight["combatants"][who], fight)
    if now.get("id") not in (None, *ATTACKING):
        return (f"{name}'s maneuver this turn is {rules.maneuver_name(now['id'])}, which makes no attack; attacks "
                f"come with Attack, All-Out Attack or Move and Attack.")
    if attacks_left(rules, state, who) <= 0:
        return f"{name} has made every attack their {MANEUVER_NAMES[now.get('id') or 'attack']} allows this turn."
    return ""


def weapon_of(rules: GurpsFight, state: State, who: str, action: Mapping[str, Any]) -> dict[str, Any]:
    """The weapon ``action["weapon"]`` names (its index in the attacker's list, or its name), the
    first one when none is named; a character with none attacks with the sheet's melee weapon skill."""
    weapons = weapons_of(state, who)
    index = weapon_named(action, weapons, rules.name(state, who))
    if index is not None:
        return weapons[index]
    if weapons:
        return weapons[0]
    return {"name": "", "usage": "", "skill": sheet(state, who)["weapon_skill"], "damage": "", "parry": "",
            "block": "", "reach": "", "acc": "", "range": ""}


def effective_skill(rules: GurpsFight, state: State, fight: dict[str, Any], who: str, target: str,
                    weapon: dict[str, Any], maneuver: str, modifier: int) -> tuple[int, list[str]]:
    """The skill the attack roll is made against, and a sentence for each part of it."""
    mine, ranged = effects_of(fight, who), is_ranged(weapon)
    skill: int = weapon["skill"]
    what = title(weapon) if weapon["name"] else "Melee weapon skill"
    working = [f"{what}: skill {skill}."]

    def add(amount: int, why: str) -> None:
        nonlocal skill
        if amount:
            skill += amount
            working.append(f"{why}: {signed(amount)}.")

    cap = None
    if maneuver == "all_out_attack":
        option = mine.get("All-Out Attack", {}).get("option") or "determined"
        if option in DETERMINED:
            add(RANGED_DETERMINED_BONUS if ranged else _MELEE["all_out_determined"].modifier,
                f"All-Out Attack (Determined), {'ranged' if ranged else 'melee'}")
    elif maneuver == "move_and_attack":
        if ranged:
            worse = min(MOVE_AND_ATTACK_RANGED, bulk(weapon.get("bulk", "")) or 0)
            add(worse, "Move and Attack at range" + (f" (Bulk {signed(worse)})" if worse < MOVE_AND_ATTACK_RANGED
                                                      else ""))
        else:
            add(_MELEE["move_and_attack"].modifier, "Move and Attack in melee")
            cap = _MELEE["move_and_attack"].cap
    evaluate, aim = mine.get("Evaluate"), mine.get("Aim")
    if aimed_at(evaluate, target):
        turns = (evaluate or {}).get("bonus") or 1
        add(EVALUATE_BONUS * turns, f"Evaluate, {turns} turn{'s' if turns > 1 else ''}")
    acc = accuracy(weapon.get("acc", ""))
    if aimed_at(aim, target) and ranged and maneuver in ("attack", "all_out_attack", "wait") and acc is not None:
        streak = (aim or {}).get("bonus") or 1
        extra = 1 if streak == 2 else 2 if streak >= 3 else 0
        add(acc + extra, f"Aim, {streak} turn{'s' if streak > 1 else ''}: Accuracy {acc}"
            + (f" +{extra}" if extra else ""))
    add(rules.wounds(state, who)["shock"], "Shock")
    add(modifier, "The GM's modifier")
    if cap is not None and skill > cap:
        working.append(f"Move and Attack in melee: {cap} at most.")
        skill = cap
    working.append(f"Effective skill {skill}.")
    return skill, working


def open_defences(rules: GurpsFight, state: State, fight: dict[str, Any], target: str, weapon: dict[str, Any],
                  feint: int, retreat: bool) -> tuple[dict[str, tuple[int, list[str]]], str]:
    """The defences ``target`` can make against ``weapon`` now, with their scores (a won Feint's
    margin taken off), and why there is none at all when none is open."""
    theirs, name = effects_of(fight, target), rules.name(state, target)
    if "All-Out Attack" in theirs:
        return {}, f"{name} made an All-Out Attack: no active defence until their next turn"
    found: dict[str, tuple[int, list[str]]] = {}
    for defence in ("dodge", "parry", "block"):
        if defence == "parry" and ("Move and Attack" in theirs or is_ranged(weapon) and not is_thrown(weapon)):
            continue
        score, included = defence_score(rules, state, fight, target, defence, retreat)
        if score is None:
            continue
        if feint:
            score -= feint
            included = [*included, f"−{feint}: Feint"]
        found[defence] = (score, included)
    return found, "" if found else f"{name} has no active defence open"


def defence_refusal(rules: GurpsFight, state: State, fight: dict[str, Any], target: str, defence: str,
                    defences: Mapping[str, Any], shut: str, weapon: dict[str, Any]) -> RulesInputError:
    """Why ``target`` cannot make ``defence``, as a refusal naming the Defence field."""
    name, theirs = rules.name(state, target), effects_of(fight, target)
    if shut:
        why = shut
    elif defence == "parry" and "Move and Attack" in theirs:
        why = f"after a Move and Attack {name} may only Dodge or Block"
    elif defence == "parry" and is_ranged(weapon):
        why = "a Parry stops only melee attacks and thrown weapons"
    elif defence == "parry" and "Unbalanced weapon" in theirs:
        why = f"{theirs['Unbalanced weapon']['text']}, until their next turn"
    else:
        why = f"{name} has no {DEFENCE_LABELS[defence]} " + ("(no weapon to parry with on record)" if defence == "parry"
                                                             else "(no shield or cloak on record)")
    choices = ", ".join(DEFENCE_LABELS[one] for one in (*defences, "none"))
    return RulesInputError("defence", f"Defence: {why}; choose {choices}.")


def plan(rules: GurpsFight, state: State, action: Mapping[str, Any]) -> Plan:
    """The attack ``action`` describes, checked: every refusal names its field, before any die."""
    fight = state.get("fight")
    if not fight:
        raise RulesInputError("do", "Attack: there is no fight going on; start one with “Start a fight” first.")
    who, target = rules.fighter(state, fight, action, ATTACKER), rules.fighter(state, fight, action, TARGET)
    name, aimed = rules.name(state, who), rules.name(state, target)
    if who == target:
        raise RulesInputError("target", f"Target: {name} cannot attack themselves; choose someone else.")
    why = attacker_refusal(rules, state, who)
    if why:
        raise RulesInputError("who", f"Attacker: {why}")
    current, mine = rules.current(fight), effects_of(fight, who)
    waiting = who != current
    now, _ = rules.maneuvers(fight["combatants"][who], fight)
    chosen = "wait" if waiting else now.get("id") or "attack"
    if rules.out(state, fight, target):
        raise RulesInputError("target", f"Target: {aimed} is out of the fight.")
    weapon = weapon_of(rules, state, who, action)
    damage = parse_damage(weapon["damage"], f"Weapon: {title(weapon)}'s damage") if weapon["damage"] else None
    if damage is not None and damage.st and fight["combatants"][who]["side"] == "party" and not sheet(state, who)["st"]:
        raise RulesInputError("weapon", f"Weapon: {title(weapon)}'s damage follows ST ({damage.base}), and {name} has "
                                        f"ST 0, no physical body to strike with; give the weapon's damage in dice on "
                                        f"the sheet, or choose another weapon.")
    if damage is not None and INJURY_TYPE[damage.type] is None:
        raise RulesInputError("weapon", f"Weapon: {title(weapon)} does fatigue damage, which comes off FP: the attack "
                                        f"works out injury to HP only; roll it and enter it with Spend FP.")
    modifier, retreat = take(action, MODIFIER), take(action, RETREAT)
    skill, working = effective_skill(rules, state, fight, who, target, weapon, chosen, modifier)
    feint = mine.get("Feint")
    defences, shut = open_defences(rules, state, fight, target, weapon,
                                   (feint or {}).get("bonus", 0) if aimed_at(feint, target) else 0, retreat)
    defence = action.get("defence")
    if defence in (None, ""):
        defence = None
    elif not isinstance(defence, str) or defence not in DEFENCE_LABELS:
        raise RulesInputError("defence", f"Defence: choose one of {', '.join(DEFENCE_LABELS.values())}.")
    elif defence != "none" and defence not in defences:
        raise defence_refusal(rules, state, fight, target, defence, defences, shut, weapon)
    if retreat and defence in ("none", None) or retreat and shut:
        raise RulesInputError("retreat", "Retreat: only a Dodge, Parry or Block takes a retreat.")
    double = effects_of(fight, target).get("All-Out Defense", {}).get("option") == "double_defense" and not shut
    second = second_defence(action, defence, defences, double, aimed)
    dice, dr, dr_shown = (0, 0), 0, ""
    if damage is not None:
        attacker = fight["combatants"][who]  # a typed foe's damage is in dice; a foe from a sheet has its ST
        count, adds = rolled_dice(damage, sheet(state, who)["st"] if attacker["side"] == "party"
                                  else attacker.get("st", 10))
        if chosen == "all_out_attack" and mine.get("All-Out Attack", {}).get("option") == "strong" \
                and not is_ranged(weapon):
            adds += strong_bonus(count)
        dice = (count, adds)
        one = fight["combatants"][target]
        armour = one["dr"] if one["side"] == "foes" else character_kit(state, target)["dr"]
        dr = divided_dr(armour, damage.divisor)
        dr_shown = "" if not armour else f"DR {armour}" + (f" ÷ {fraction_text(damage.divisor)} = {dr}"
                                                           if damage.divisor != 1 else "")
    return Plan(who, target, weapon, skill, working, not waiting and now.get("id") is None, waiting, defences, shut,
                defence, second, double, damage, dice, dr, dr_shown)


def second_defence(action: Mapping[str, Any], defence: str | None, defences: Mapping[str, Any], double: bool,
                   aimed: str) -> str | None:
    """The second defence named (None for none): only after All-Out Defense (Double Defense), a
    defence open to the target other than the first (our reading: a different kind of defence;
    two Parries with two weapons are the GM's to call)."""
    second: str = take(action, SECOND)
    if second == "none":
        return None
    if not double:
        raise RulesInputError("second_defence", f"Second defence: only after All-Out Defense (Double Defense) does "
                                                f"{aimed} get a second defence; choose No defence.")
    if defence in (None, "none") or second == defence or second not in defences:
        others = [DEFENCE_LABELS[one] for one in defences if one != defence]
        raise RulesInputError("second_defence", "Second defence: choose another defence than the first, among "
                                                f"{', '.join([*others, 'No defence'])}.")
    return second
