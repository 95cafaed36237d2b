"""The attack in a SHELL fight (docs: shell/combat.md#attacks-in-the-session): ``{"do": "attack",
"who", "target", "weapon", "defence", "defender_state", "location", "side", "far_side", "moved",
"range_units", "charge_units", "damage_type", "non_lethal", "knocked_down", "at_modifier",
"def_modifier"}``, one action of the session's log.

The roll is shell.attack's, 2d10 + AT − DEF: the attacker's AT (combat level + AG's modifier, or
a foe's own) with this round's maneuver, the weapon's modifier (a character with no weapon on
their sheet fights with bare hands, −4 cr), the aim of the turns before a shot, the hit location
aimed at (and the far side), moving more than a step, the range and the GM's modifiers;
against the defender's dodge or block DEF (a block also takes their first weapon's DEF modifier,
and uses one of the blocks their combat level gives a round), their last maneuver's modifier,
−2 stunned, −4 knocked down (a dodge only), a ranged weapon's speed dividing the base DEF. 8 or
less misses, 9–11 is defended, up to 11 + the shield's PR hits the shield, more hits the
defender, who takes the weapon's damage at the location aimed at, past the armour there, by the
session's Damage action (called, not repeated). A hand-to-hand attack on a defender unaware or
immobile hits without a roll.

>>> from rulescore import session
>>> party = [{"id": "o", "name": "Orla", "system": "shell", "fields": {"st": 12, "combat_level": 4, "weapons": [
...     {"name": "Sword", "damage": "+0 cut"}]}}]
>>> state = session.apply(session.new("shell", party), {"do": "fight", "foes": [{"name": "Wolf", "ag": 9}]})
>>> faces = iter([6, 5,  4])  # 2d10, then Orla's 1d+3 (ST 12 1d+2, combat level 4 +1)
>>> state = session.apply(state, {"do": "attack", "who": "o", "target": "f1", "weapon": 0},
...                       roll=lambda count, sides: [next(faces) for _ in range(count)])
>>> session.view(state, gm=True)["log"][-1]["text"]
'Orla attacks Wolf with Sword (Wolf dodges): 2d10 6 + 5 + 2 (AT 4 − DEF 2) = 13: a hit in the torso; 1d+3 cut \
rolled 4 + 3 = 7. Wolf is hit in the torso: 7 lethal counted; total 7 of 10 HP; stunned.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core import Input, RulesInputError, get_calculator
from ..notation import dice_shown, signed, term
from ..notation import number_text as n
from ..play.attacks import WEAPON, chance, folded, for_players, one_line, spread, weapon_named
from ..play.common import State, keys, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import Fighter
from . import session as rules_
from .arms import armour, read_damage
from .combat import MANEUVERS, blocks_per_round
from .common import CHART_RANGE, ag_at_modifier, ag_def_modifier, st_damage
from .damage import FAR_SIDE_AT, LOCATION, LOCATION_CHOICES
from .ranged import MAX_AIM_BONUS, range_modifier
from .rolls import attack_odds, attack_result
from .weapons import CHARGE_UNITS_PER_DAMAGE, DAMAGE_ABBR, DAMAGE_TYPES, damage_distribution

PAGE = "shell/combat/"
RULE = PAGE + "#the-attack-roll"
SHIELD_HP = {1: 10, 2: 13, 3: 16}  # the genre's typical HP of a small, medium and large shield, by PR
ATTACKER, TARGET = Fighter("who", "Attacker"), Fighter("target", "Target")
DEFENCE = Input("defence", "Defence", "choice", "dodge",
                choices=(("dodge", "dodge"), ("block", "block (parry or shield)")),
                help="the defender's, said as the attack is called; a block uses one of their blocks this round")
DEFENDER = Input("defender_state", "Defender", "choice", "aware",
                 choices=(("aware", "aware of the attack"), ("unaware", "unaware of the attack"),
                          ("immobile", "immobile (paralysed, asleep)")),
                 help="a hand-to-hand attack on one unaware or immobile hits without a roll")
LOCATION_INPUT = Input("location", "Hit location", "choice", "torso", choices=LOCATION_CHOICES,
                       help="aimed at: its AT modifier counts, and the armour there")
SIDE = Input("side", "Side", "choice", "", choices=(("", "not said"), ("left", "left"), ("right", "right")))
FAR_SIDE = Input("far_side", "The far side", "bool", False,
                 help=f"a limb on the side turned away: {signed(FAR_SIDE_AT)}")
MOVED = Input("moved", "Moved more than a step", "bool", False, help="−2 AT")
RANGE = Input("range_units", "Range", "int", 1, unit="units", min=1, max=1000,
              help="a ranged weapon's: the range chart")
CHARGE = Input("charge_units", "Units moved to attack", "int", 0, unit="units", min=0, max=50,
               help="a charge: +1 damage for every 5")
DAMAGE_TYPE = Input("damage_type", "Damage type", "choice", "",
                    choices=(("", "the weapon's first"), *((row.value, row.label) for row in DAMAGE_TYPES)),
                    help="for a weapon that does more than one (“+0 cut/imp”)")
NON_LETHAL = Input("non_lethal", "Non-lethal", "bool", False, help="crushing to the torso or head only")
KNOCKED_DOWN = Input("knocked_down", "Defender knocked down", "bool", False, help="a dodge only, at −4")
AT_MODIFIER = Input("at_modifier", "Other AT modifiers", "int", 0, min=-20, max=20,
                    help="wild swing −2, off hand −3, higher +1, can't see −4, cover −3 an obstruction...")
DEF_MODIFIER = Input("def_modifier", "Other DEF modifiers", "int", 0, min=-10, max=10,
                     help="wild block −2, off-hand block −3, higher +1, can't see the attacker −4...")
FIELDS = (ATTACKER, TARGET, WEAPON, DEFENCE, DEFENDER, LOCATION_INPUT, SIDE, FAR_SIDE, MOVED, RANGE, CHARGE,
          DAMAGE_TYPE, NON_LETHAL, KNOCKED_DOWN, AT_MODIFIER, DEF_MODIFIER)
MANEUVER_BY_NAME = {row.name: row for row in MANEUVERS}
# What a character with no weapon on their sheet fights with: the text's bare-hand damage.
BARE_HANDS = {"name": "bare hands", "damage": "-4 cr", "at": 0, "def": 0, "speed": 0, "min_st": 0}


class Plan(NamedTuple):
    who: str
    target: str
    weapon: str  # its name ("" for a foe's own)
    at: int
    at_parts: tuple[str, ...]
    defence: int  # DEF used (after a ranged weapon's speed); None-free: an automatic hit has ``auto``
    def_parts: tuple[str, ...]
    auto: bool  # a hand-to-hand hit without a roll
    shield: int | None
    dice: int  # the damage roll: dice d6 + adds (a total below 0 does nothing)
    adds: int
    damage_type: str
    options: dict[str, Any]
    working: tuple[str, ...]

    @property
    def margin(self) -> int:
        return self.at - self.defence

    @property
    def damage_text(self) -> str:
        return f"{dice_shown(self.dice, self.adds)} {DAMAGE_ABBR[self.damage_type]}"


def _weapons(rules: Any, state: State, who: str) -> list[dict[str, Any]]:
    one = state["fight"]["combatants"][who]
    if one["side"] == "foes":  # a foe from a sheet has its weapons; one typed in, its one attack
        return one.get("weapons") or [{"name": "", "damage": one.get("damage", "+0 cut"), "at": 0, "def": 0,
                                       "speed": 0, "min_st": 0}]
    kept = state["characters"][who].get("weapons")
    found: list[dict[str, Any]] = kept if kept is not None else sheet(state, who).get("weapons", [])
    return found


def _armour(state: State, who: str) -> dict[str, Any]:
    """DR by location and the shield's PR (None: no shield, or broken in this fight)."""
    one = state["fight"]["combatants"][who]
    if one["side"] == "foes":
        kept = {"dr": dict.fromkeys(LOCATION, one.get("dr", 0)), "pr": one.get("pr")}
    else:
        kept = state["characters"][who].get("armour") or armour(sheet(state, who))
    return {**kept, "pr": None} if one.get("shield_broken") else kept


def _shield_takes(state: State, made: Any, dice: Dice, purpose: str) -> str:
    """A hit on the shield: the blow's damage rolled against the shield (damage to objects: impaling
    halved, fractions dropped, our reading); more than its HP breaks it for the rest of the fight.
    The HP are the genre's typical ones for a small, medium or large shield (PR 1, 2, 3); a buckler's
    or a magic shield's are the GM's to say."""
    faces = dice(made.dice, 6, purpose=purpose)
    done = max(sum(faces) + made.adds, 0)
    taken = done // 2 if made.damage_type == "impaling" else done
    hp = SHIELD_HP.get(made.shield)
    words = f"hits the shield: {made.damage_text} rolled {done}" + (f", halved against an object: {taken}"
                                                                     if taken != done else "")
    if hp is None:
        return f"{words}; whether it breaks is the GM's call (its HP are not on record)."
    if taken > hp:
        state["fight"]["combatants"][made.target]["shield_broken"] = True
        return f"{words}, more than its {hp} HP: the shield breaks."
    return f"{words}, not more than its {hp} HP: the shield holds."


def _chart(value: int) -> int:
    return min(max(value, CHART_RANGE.low), CHART_RANGE.high)


def _maneuver(state: State, who: str) -> Any:
    """The maneuver in force for ``who`` (its AT/DEF modifiers last until their next turn), or None."""
    for e in state["fight"]["effects"]:
        if e["who"] == who and e["source"] == "maneuver" and e["name"] in MANEUVER_BY_NAME:
            return MANEUVER_BY_NAME[e["name"]]
    return None


def attacker_refusal(rules: Any, state: State, who: str) -> str:
    """Why ``who`` cannot attack now, as the Attacker field's refusal says it ("" when they can):
    out of the fight, or stunned."""
    name = rules.name(state, who)
    if rules.out(state, state["fight"], who):
        return f"{name} is out of the fight."
    return f"{name} is stunned and loses their turn." if rules.wounds(state, who)["stunned"] else ""


def plan(rules: Any, state: State, action: dict[str, Any]) -> Plan:
    """Everything the attack decides before its dice, or the refusal naming the field at fault."""
    keys(action, tuple(spec.name for spec in FIELDS))
    fight = rules.need_fight(state)
    who, target = rules.fighter(state, fight, action, ATTACKER), rules.fighter(state, fight, action, TARGET)
    name, aimed = rules.name(state, who), rules.name(state, target)
    if who == target:
        raise RulesInputError("target", f"Target: {name} cannot attack themselves; choose someone else.")
    for one, field, label in ((who, "who", "Attacker"), (target, "target", "Target")):
        if rules.out(state, fight, one):
            raise RulesInputError(field, f"{label}: {rules.name(state, one)} is out of the fight.")
    why = attacker_refusal(rules, state, who)
    if why:
        raise RulesInputError("who", f"Attacker: {why}")
    options = {spec.name: take(action, spec) for spec in FIELDS[3:]}
    weapons = _weapons(rules, state, who)
    foe = fight["combatants"][who]["side"] == "foes"
    sheet_foe = foe and bool(fight["combatants"][who].get("weapons"))
    index = weapon_named(action, [{"name": "its attack"}] if foe and not sheet_foe else weapons or [BARE_HANDS], name)
    weapon = (weapons or [BARE_HANDS])[index or 0]
    damage = read_damage(weapon["damage"])
    chosen_type = options["damage_type"] or damage.types[0]
    if chosen_type not in damage.types:
        does = " or ".join(DAMAGE_ABBR[kind] for kind in damage.types)
        raise RulesInputError("damage_type", f"Damage type: {name}'s {weapon['name'] or 'attack'} does {does} "
                                             f"damage; choose one of those.")
    figures, tired = rules.figures(state, who), rules.tired(state, who)["st_ag_modifier"]
    ranged = weapon["speed"] > 0
    # AT: the attacker's own, then each modifier in force.
    base_at = figures["at"] if foe else figures["combat_level"] + ag_at_modifier(_chart(figures["ag"] + tired))
    at_parts: list[tuple[str, int]] = [("AT", base_at)]
    maneuver = _maneuver(state, who)
    if maneuver and maneuver.at:
        at_parts.append((f"{maneuver.name.lower()} maneuver", maneuver.at))
    if weapon["at"]:
        at_parts.append(("weapon", weapon["at"]))
    now, before = rules.maneuvers(fight["combatants"][who], fight)
    aimed_turns = before.get("streak", 0) if before.get("id") == "aim" and now.get("id") != "aim" else 0
    if ranged and aimed_turns:
        at_parts.append((f"{aimed_turns} turn{'s' if aimed_turns > 1 else ''} of aiming",
                         min(aimed_turns, MAX_AIM_BONUS)))
    location = LOCATION[options["location"]]
    if location.at:
        at_parts.append((location.name.lower(), location.at))
    if options["far_side"]:
        at_parts.append(("the far side", FAR_SIDE_AT))
    if options["moved"]:
        at_parts.append(("moved more than a step", -2))
    if ranged and range_modifier(options["range_units"]):
        at_parts.append((f"range {options['range_units']} units", range_modifier(options["range_units"])))
    if options["at_modifier"]:
        at_parts.append(("other", options["at_modifier"]))
    at = sum(value for _, value in at_parts)
    # DEF: the defender's dodge or block, and what changes it.
    defender, defending = fight["combatants"][target], rules.figures(state, target)
    their = _weapons(rules, state, target)
    shield = _armour(state, target)["pr"]
    block = options["defence"] == "block"
    aware = options["defender_state"] == "aware"
    if aware and block:
        used, allowed = defender.get("blocks_used", 0), blocks_per_round(defending["combat_level"])
        if used >= allowed:
            raise RulesInputError("defence", f"Defence: {aimed} has used all {allowed} "
                                             f"block{'s' if allowed > 1 else ''} this round; dodging is unlimited.")
        if options["knocked_down"]:
            raise RulesInputError("defence", f"Defence: {aimed} is knocked down and can only dodge.")
        if ranged and shield is None:
            raise RulesInputError("defence", f"Defence: only a shield blocks a ranged attack, and {aimed} has none; "
                                             f"dodge instead.")
    def_parts = _defence(rules, state, target, defending, block, their, options)
    mods = sum(value for _, value in def_parts[1:])
    base_def = def_parts[0][1]
    calculator = get_calculator("shell.attack")
    if not -10 <= mods <= 10 or not -20 <= at <= 40 or not -20 <= base_def <= 40:
        raise RulesInputError("def_modifier" if not -10 <= mods <= 10 else "at_modifier",
                              f"{'DEF' if not -10 <= mods <= 10 else 'AT'} modifiers: they come to more than the "
                              f"attack roll takes (AT −20 to +40, DEF modifiers −10 to +10 in all); give fewer.")
    result = calculator.run({"attack_value": at, "defence_value": base_def, "shield_pr": str(-1 if shield is None
                                                                                               else shield),
                             "weapon_speed": weapon["speed"], "defence_modifier": mods,
                             "defender_state": options["defender_state"]})
    auto = result["def_used"] is None
    dice_count, adds = _damage_roll(rules, state, who, foe, damage, weapon, chosen_type, options["charge_units"])
    working = (_sum("AT", at_parts), _sum(def_parts[0][0][0].upper() + def_parts[0][0][1:], def_parts),
               *result.steps)
    return Plan(who, target, weapon["name"], at, tuple(f"{n} {signed(v)}" for n, v in at_parts[1:]),
                0 if auto else result["def_used"], tuple(f"{n} {signed(v)}" for n, v in def_parts[1:]), auto, shield,
                dice_count, adds, chosen_type, options, working)


def _sum(label: str, parts: list[tuple[str, int]]) -> str:
    """"AT = 5 + 1 (weapon) − 1 (arm) = 5.", or "Dodge DEF = 2." with nothing to add."""
    total = sum(value for _, value in parts)
    if len(parts) == 1:
        return f"{label} = {n(total)}."
    return f"{label} = {n(parts[0][1])} " + " ".join(f"{term(v)} ({name})" for name, v in parts[1:]) + f" = {n(total)}."


def _defence(rules: Any, state: State, target: str, defending: Mapping[str, Any], block: bool,
             their: list[dict[str, Any]], options: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The defender's base DEF (dodge or block), then each modifier in force, named."""
    one = state["fight"]["combatants"][target]
    if one["side"] == "foes":
        base = defending["def"] if block else defending["def"] - (1 + defending["el"])
    else:
        ag = _chart(defending["ag"] + rules.tired(state, target)["st_ag_modifier"])
        best = sheet(state, target)["best_combat_level"]
        base = (defending["combat_level"] + ag_def_modifier(ag) if block
                else max(best, defending["combat_level"]) + ag_def_modifier(ag) - (1 + defending["el"]))
    parts: list[tuple[str, int]] = [("block DEF" if block else "dodge DEF", base)]
    maneuver = _maneuver(state, target)
    if maneuver and maneuver.defence:
        parts.append((f"{maneuver.name.lower()} maneuver", maneuver.defence))
    if block and their and their[0]["def"]:
        parts.append((f"{their[0]['name'] or 'weapon'}", their[0]["def"]))
    if rules.wounds(state, target)["stunned"]:
        parts.append(("stunned", -2))
    if options["knocked_down"]:
        parts.append(("knocked down", -4))
    if options["def_modifier"]:
        parts.append(("other", options["def_modifier"]))
    return parts


def _damage_roll(rules: Any, state: State, who: str, foe: bool, damage: Any, weapon: Mapping[str, Any],
                 kind: str, charge: int) -> tuple[int, int]:
    """The damage roll's dice and adds: on the wielder's ST (shell.weapon: the minimum ST, the
    combat skill's bonus, the charge) or as the foe's line gives it, plus the charge."""
    if damage.dice is not None:
        return damage.dice, damage.adds + charge // CHARGE_UNITS_PER_DAMAGE
    figures = rules.figures(state, who)
    st = figures["st"] if foe else sheet(state, who)["st_final"] + rules.tired(state, who)["st_ag_modifier"]
    rolled = get_calculator("shell.weapon").run({
        "st": _chart(st), "weapon_adds": damage.adds, "damage_type": kind, "min_st": weapon["min_st"],
        "two_handed": False, "combat_level": figures["combat_level"], "charge_units": charge})
    count, base = st_damage(rolled["damage_st"])
    return count, base + rolled["total_adds"]


def preview(rules: Any, state: State, action: dict[str, Any], gm: bool = True) -> dict[str, Any]:
    """What session.preview gives before the dice: ``to_hit`` (``needed``, the least 2d10 that hits
    the defender, None if none does; ``chance`` of it; ``odds`` of each result; the ``working``)
    and the ``damage`` a hit does (``dice``, ``least``, ``most``, ``average``, before DR); the
    players' view (``gm`` False) leaves out what a foe's figures decide."""
    made = plan(rules, state, action)
    if made.auto:
        odds = {"miss": 0.0, "defended": 0.0, "shield_hit": 0.0, "hit": 1.0}
        needed = None
    else:
        exact = attack_odds(made.margin, made.shield)
        odds = {key: chance(value) for key, value in exact.items()}
        needed = next((roll for roll in range(2, 21) if attack_result(roll + made.margin, made.shield) == "hit"), None)
    damage = spread({hp: p for hp, p in damage_distribution(made.dice, made.adds).items()}, made.damage_text)
    to_hit = {"needed": needed, "chance": odds["hit"], "odds": odds, "working": list(made.working)}
    shown = {"to_hit": to_hit, "damage": damage, "routine": [{"name": made.weapon, "to_hit": to_hit, "damage": damage}]}
    sides = [state["fight"]["combatants"][one]["side"] == "foes" for one in (made.who, made.target)]
    return shown if gm else for_players(shown, *sides)


def attack(rules: Any, state: State, action: dict[str, Any], dice: Dice) -> None:
    """The action: the 2d10, a block counted, and on a hit the damage by location, one log entry."""
    made = plan(rules, state, action)
    fight = state["fight"]
    name, aimed = rules.name(state, made.who), rules.name(state, made.target)
    foe_attacks, foe_hit = (fight["combatants"][one]["side"] == "foes" for one in (made.who, made.target))
    options = made.options
    how = "dodges" if options["defence"] == "dodge" else "blocks"
    with_ = f" with {made.weapon}" if made.weapon else ""
    head = f"{name} attacks {aimed}{with_}" + (f" ({aimed} {how})" if options["defender_state"] == "aware" else
                                               f" ({aimed} {options['defender_state']})") + ": "
    if options["defender_state"] == "aware" and options["defence"] == "block":
        fight["combatants"][made.target]["blocks_used"] = fight["combatants"][made.target].get("blocks_used", 0) + 1
    key = f"{options['side']} {options['location']}" if options["side"] else options["location"]
    if made.auto:
        outcome, gm_roll, players_roll = "hit", "no roll", "no roll"
    else:
        faces = dice(2, 10, purpose=f"{name}'s attack roll against {aimed}{with_}")
        total = sum(faces) + made.margin
        outcome = attack_result(total, made.shield)
        rolled = f"2d10 {faces[0]} + {faces[1]} {term(made.margin)}"
        gm_roll = f"{rolled} (AT {made.at} − DEF {made.defence}) = {total}"
        players_roll = (f"2d10 {faces[0]} + {faces[1]} against DEF {made.defence}" if foe_attacks else
                        f"2d10 {faces[0]} + {faces[1]}, AT {made.at}" if foe_hit else gm_roll)
    said = {"miss": "a miss.", "defended": "dodged." if how == "dodges" else "blocked: the weapon or shield takes "
                                                                             "the blow (damage to objects)."}
    if outcome == "shield_hit":
        said[outcome] = _shield_takes(state, made, dice, f"{name}'s damage to {aimed}'s shield ({made.damage_text})")
    if outcome != "hit":
        one_line(state, rules.at(state), f"{head}{players_roll}: {said[outcome]}", f"{head}{gm_roll}: {said[outcome]}",
                 RULE)
        return
    faces = dice(made.dice, 6, purpose=f"{name}'s damage to {aimed} ({made.damage_text}, {key})")
    done = max(sum(faces) + made.adds, 0)
    rolled_damage = f"{made.damage_text} rolled {' + '.join(str(f) for f in faces)} {term(made.adds)} = {done}" \
        if made.adds else f"{made.damage_text} rolled {' + '.join(str(f) for f in faces)} = {done}"
    start = len(state["log"])
    hurt = {"who": made.target, "damage": done, "type": made.damage_type, "location": options["location"],
            "armour_dr": _armour(state, made.target)["dr"][options["location"]], "non_lethal": options["non_lethal"]}
    if options["side"]:
        hurt["side"] = options["side"]
    rules.damage(rules_.ACTIONS["damage"])(state, {"do": "damage", **hurt}, dice)
    seen, told = folded(state, start)
    hit = f"a hit in the {key}"
    one_line(state, rules.at(state), f"{head}{players_roll}: {hit}; {done if foe_attacks else rolled_damage}"
                                     f"{' damage' if foe_attacks else ''}. {seen}",
             f"{head}{gm_roll}: {hit}; {rolled_damage}. {told}", RULE)


def weapons_shown(state: State, one: Mapping[str, Any], gm: bool) -> list[dict[str, Any]]:
    """A combatant's weapons as the fight view lists them (``index``: what ``weapon`` takes): a
    character's ``name``, ``damage``, ``at``, ``def``, ``speed``, ``min_st``; a foe's one attack,
    its ``damage`` in the GM's view only."""
    if one["side"] == "foes" and one.get("weapons"):  # a foe from a sheet: each weapon's name; figures, the GM's
        return [{"index": index, "name": weapon["name"], **(weapon if gm else {})}
                for index, weapon in enumerate(one["weapons"])]
    if one["side"] == "foes":
        return [{"index": 0, "name": "its attack", **({"damage": one.get("damage", "+0 cut")} if gm else {})}]
    kept = state["characters"][one["id"]].get("weapons")
    weapons = kept if kept is not None else sheet(state, one["id"]).get("weapons", [])
    return [{"index": index, **weapon} for index, weapon in enumerate(weapons)]


__all__ = ["FIELDS", "attack", "plan", "preview", "weapons_shown"]
