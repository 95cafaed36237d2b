"""The attack in a Basic Fantasy fight (docs: bfrpg/combat.md#attacks-in-the-session): ``{"do":
"attack", "who", "target", "weapon", "ac", "range", "from_behind", "charge", "subdue",
"other_modifier", "damage"}``, one action of the session's log.

The roll to hit is bfrpg.attack's: 1d20 + the attack bonus + the Strength bonus (melee) or the
Dexterity bonus (thrown and missile weapons, or a missile range) + the adjustments, against the
target's Armor Class, a natural 1 missing and a natural 20 hitting; a magic weapon adds its
bonus, a character short of sleep their penalty. A hit rolls the weapon's damage (:mod:`.weapons`:
the Strength bonus for melee and thrown weapons, the magic bonus, double for a charge, half when
subduing, at least 1) and the session's Damage action takes it off the target.

A character names one of their weapons (``weapon``: its number or its name); naming none, they
roll to hit only, and enter the damage rolled at the table with Damage (or in ``damage``). A
monster attacks with its whole routine (:mod:`.routines`), each attack with its own roll to hit
and its own damage, unless ``weapon`` names one of its attacks; an attack whose line gives no dice
takes ``damage``, the GM's figure, or is left to the GM.

>>> from rulescore import session
>>> party = [{"id": "a", "name": "Ana", "system": "bfrpg", "fields": {"strength": 16, "weapons": [
...     {"name": "Longsword", "damage": "1d8"}]}}]
>>> faces = iter([7,  3, 6,  5, 2,  12,  6])  # the goblin's HP; surprise; initiative; d20; 1d8
>>> roll = lambda count, sides: [next(faces) for _ in range(count)]
>>> state = session.apply(session.new("bfrpg", party), {"do": "fight", "foes": [{"monster": "goblin"}]}, roll=roll)
>>> state = session.apply(state, {"do": "attack", "who": "a", "target": "f1", "weapon": 0}, roll=roll)
>>> session.view(state, gm=True)["log"][-1]["text"]
'Ana attacks Goblin with Longsword: 1d20 12 + 3 = 15 against AC 14: a hit; 1d8+2 rolled 6 + 2 = 8 damage. \
Goblin takes 8 damage: −2 of 6 HP, down.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice as dice_odds
from ..core import Input, RulesInputError
from ..notation import dice_text, number_text, signed, term
from ..play.attacks import WEAPON, chance, folded, for_players, one_line, spread, weapon_named
from ..play.common import State, keys, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import Fighter, effect
from . import monster_play
from .armour import NO_ARMOUR_AC
from .attack import INPUTS as ATTACK_INPUTS
from .attack import adjustments
from .rest import penalty as sleep_penalty
from .routines import Attack
from .saves import NATURAL_FAIL, NATURAL_SUCCESS, save_chance, save_succeeds
from .weapons import DEXTERITY_TO_HIT, STRENGTH_TO_DAMAGE, damage_notation, find_weapon, hit_damage, read_dice

PAGE = "bfrpg/combat/"
RULE = PAGE + "#attacking"
ATTACKER = Fighter("who", "Attacker")
TARGET = Fighter("target", "Target")
TARGET_AC = Input("ac", "Target's Armor Class", "int", 0, min=0, max=30,
                  help="0 takes the target's own: a character's from their sheet, a foe's from its figures")
TYPED = Input("damage", "Damage (typed)", "int", None, min=0, max=1000,
              help="the damage of a hit whose weapon or attack has no dice here (rolled at the table, or the "
                   "GM's figure); left empty, such a hit asks for Damage")
_ATTACK = {spec.name: spec for spec in ATTACK_INPUTS}
OPTIONS = (_ATTACK["range"], _ATTACK["from_behind"], _ATTACK["charge"], _ATTACK["subdue"], _ATTACK["other_modifier"])
FIELDS = (ATTACKER, TARGET, WEAPON, TARGET_AC, *OPTIONS, TYPED)
ARMOUR_AC_FROM = 2  # the rules version from which a character's armour gives their Armor Class


class Swing(NamedTuple):
    """One attack of the action: its roll to hit and its damage roll."""

    name: str  # the weapon's or the monster's attack's ("" for a character's attack with no weapon named)
    added: int  # to the d20
    parts: tuple[str, ...]  # what makes it up, in words
    damage: str | None  # the damage roll ("1d8+2"), None when there are no dice
    note: str  # what the monster's line says comes with it
    tired: int = 0  # a character's short-sleep penalty, included in ``added``


class Plan(NamedTuple):
    who: str
    target: str
    ac: int
    options: dict[str, Any]
    swings: tuple[Swing, ...]
    charge: bool  # a melee charge: double damage, the charger at −2 AC for the round
    typed: int | None
    whole: bool = False  # a monster making its whole routine (no attack of it named)


def _weapons(state: State, who: str) -> list[dict[str, Any]]:
    """A character's weapons as the session holds them (brought from the sheet at the start)."""
    kept = state["characters"][who].get("weapons")
    found: list[dict[str, Any]] = kept if kept is not None else sheet(state, who).get("weapons", [])
    return found


def weapons_shown(state: State, one: Mapping[str, Any], gm: bool) -> list[dict[str, Any]]:
    """A combatant's weapons as the fight view lists them, each with its ``index`` (what the attack's
    ``weapon`` takes): a character's ``name``, ``damage`` (the weapon's dice), ``kind``, ``magic``
    and ``roll`` (the damage roll with their bonuses); a foe's attacks, ``routine`` true for those
    its whole routine makes, with ``damage`` and ``note`` in the GM's view only."""
    if one["side"] == "foes" and not one.get("weapons"):
        main = len(one.get("routine", []))
        return [{"index": index, "name": attack.name, "routine": index < main,
                 **({"damage": attack.damage, "note": attack.note} if gm else {})}
                for index, attack in enumerate(foe_attacks(one))]
    if one["side"] == "foes":  # a foe from a sheet: its weapons' names; their figures, the GM's
        figures = one["sheet"]
        if not gm:
            return [{"index": index, "name": weapon["name"]} for index, weapon in enumerate(one["weapons"])]
        weapons = one["weapons"]
    else:
        figures = sheet(state, one["id"])
        weapons = _weapons(state, one["id"])
    return [{"index": index, "name": weapon["name"], "damage": weapon["damage"], "kind": weapon["kind"],
             "magic": weapon["magic"],
             "roll": dice_text(damage_notation(weapon["damage"], figures["strength_bonus"]
                                               if weapon["kind"] in STRENGTH_TO_DAMAGE else 0, weapon["magic"]))}
            for index, weapon in enumerate(weapons)]


def foe_attacks(one: Mapping[str, Any]) -> list[Attack]:
    """A foe's attacks: its routine's, then the other modes' (each made alone)."""
    return [Attack(**entry) for entry in (*one.get("routine", []), *one.get("others", []))]


def attacker_refusal(rules: Any, state: State, who: str) -> str:
    """Why ``who`` cannot attack now, as the Attacker field's refusal says it ("" when they can):
    out of the fight, surprised or running this round."""
    fight, name = state["fight"], rules.name(state, who)
    if rules.out(state, fight, who):
        return f"{name} is out of the fight."
    for e in fight["effects"]:
        if e["who"] == who and e["name"] in ("Surprised", "Running"):
            return f"{name} is {e['name'].lower()} and cannot attack this round."
    return ""


def plan(rules: Any, state: State, action: dict[str, Any]) -> Plan:
    """Everything the attack decides before its dice, or the refusal naming the field at fault."""
    keys(action, tuple(spec.name for spec in FIELDS))
    fight = state.get("fight")
    if not fight:
        raise RulesInputError("do", "Attack roll: there is no fight going on; start one with “Start a fight” first.")
    who, target = rules.fighter(state, fight, action, ATTACKER), rules.fighter(state, fight, action, TARGET)
    name = rules.name(state, who)
    if who == target:
        raise RulesInputError("target", f"Target: {name} cannot attack themselves; choose someone else.")
    for one, field, label in ((who, "who", "Attacker"), (target, "target", "Target")):
        if rules.out(state, fight, one):
            raise RulesInputError(field, f"{label}: {rules.name(state, one)} is out of the fight.")
    why = attacker_refusal(rules, state, who)
    if why:
        raise RulesInputError("who", f"Attacker: {why}")
    options = {spec.name: take(action, spec) for spec in OPTIONS}
    attacker, defender = fight["combatants"][who], fight["combatants"][target]
    given_ac = take(action, TARGET_AC)
    ac = given_ac or (party_ac(state, target) if defender["side"] == "party" else defender["ac"])
    typed = take(action, TYPED) if action.get(TYPED.name) not in (None, "") else None
    ranged = options["range"] != "melee"
    situation = [(label, bonus) for label, bonus in adjustments(options["range"], options["from_behind"],
                                                                options["charge"] and not ranged, options["subdue"])]
    if options["other_modifier"]:
        situation.append(("other", options["other_modifier"]))
    whole = False
    if attacker["side"] == "foes" and not attacker.get("weapons"):  # a monster's routine, or a foe typed in
        attacks, rule = foe_attacks(attacker), monster_play.rule_for(state, attacker)
        index = weapon_named(action, [one._asdict() for one in attacks], name)
        # A line kept whole, named: made as the reading splits it (a session of rules version 2 on).
        kept_whole = index is not None and attacks[index].damage is None and rule is not None \
            and attacks[index].note == attacker.get("attacks")
        whole = index is None or kept_whole
        chosen = monster_play.made_attacks(rule, attacker) if index is None or kept_whole else \
            [monster_play.adjusted(rule, attacks[index], attacker)]
        base = [(f"attack bonus {signed(attacker['attack_bonus'])}", attacker["attack_bonus"])]
        swings = tuple(Swing(one.name, attacker["attack_bonus"] + sum(b for _, b in situation),
                             (*(text for text, _ in base), *(f"{label} {signed(b)}" for label, b in situation)),
                             one.damage, one.note) for one in chosen) or (_bare(attacker["attack_bonus"], situation),)
    else:  # a character, or a foe from a character's sheet (foes.py): their weapons and bonuses
        figures, tired = (attacker["sheet"], 0) if attacker["side"] == "foes" else \
            (sheet(state, who), sleep_penalty(state["characters"][who]))
        weapons = attacker["weapons"] if attacker["side"] == "foes" else _weapons(state, who)
        index = weapon_named(action, weapons, name)
        weapon = weapons[index] if index is not None else None
        kind = weapon["kind"] if weapon else ("melee" if not ranged else "missile")
        thrown = find_weapon(weapon["name"]) if weapon and kind == "melee" and ranged else None
        if thrown is not None and thrown.thrown:
            kind = "thrown"  # a dagger, hand axe, spear or warhammer thrown
        if weapon and (kind == "melee") == ranged:
            what = "a melee weapon: choose melee (a dagger, hand axe, spear or warhammer may be thrown)" \
                if kind == "melee" else \
                f"a {kind} weapon: choose its range (short, medium or long, or a foe within 5 ft)"
            raise RulesInputError("range", f"Attack: {name}'s {weapon['name'] or 'weapon'} is {what}.")
        dexterity = kind in DEXTERITY_TO_HIT
        ability = figures["dexterity_bonus"] if dexterity else figures["strength_bonus"]
        magic = weapon["magic"] if weapon else 0
        parts = [f"attack bonus {signed(figures['attack_bonus'])}",
                 f"{'Dexterity' if dexterity else 'Strength'} bonus {signed(ability)}",
                 *(f"{label} {signed(b)}" for label, b in situation),
                 *([f"magic {signed(magic)}"] if magic else []),
                 *([f"short of sleep {signed(tired)}"] if tired else [])]
        added = figures["attack_bonus"] + ability + sum(b for _, b in situation) + magic + tired
        damage = damage_notation(weapon["damage"], figures["strength_bonus"] if kind in STRENGTH_TO_DAMAGE else 0,
                                 magic) if weapon else None
        swings = (Swing(weapon["name"] or "weapon" if weapon else "", added, tuple(parts), damage, "", tired),)
    return Plan(who, target, ac, options, swings, options["charge"] and not ranged, typed, whole)


def party_ac(state: State, who: str) -> int:
    """A character's Armor Class as a foe attacks it: the sheet's, which armour gives unless typed
    (sessions of rules version 2 on). A session begun before replays as it was played: the typed
    Armor Class, or 11 where the sheet typed none."""
    figures = sheet(state, who)
    if state.get("rules_version", 0) >= ARMOUR_AC_FROM:
        return int(figures["ac"])
    fields = next((one.get("fields") or {} for one in state["party"] if one["id"] == who), {})
    return int(figures["ac"]) if fields.get("ac") not in (None, "") else NO_ARMOUR_AC


def _bare(bonus: int, situation: list[tuple[str, int]]) -> Swing:
    """A foe with no attacks known: its roll to hit alone (the damage entered with Damage)."""
    return Swing("", bonus + sum(b for _, b in situation),
                 (f"attack bonus {signed(bonus)}", *(f"{label} {signed(b)}" for label, b in situation)), None, "")


def _needed(ac: int, added: int) -> int:
    return min(max(ac - added, NATURAL_FAIL + 1), NATURAL_SUCCESS)


def _spread(swing: Swing, plan_: Plan) -> dict[str, Any] | None:
    """The damage a hit of ``swing`` does: its least, most and average, doubling, halving and the
    least of 1 included."""
    if swing.damage is None:
        return None
    odds: dict[int, Fraction] = {}
    for total, p in _distribution(swing.damage).items():
        done = hit_damage(total, plan_.charge, plan_.options["subdue"])
        odds[done] = odds.get(done, Fraction(0)) + p
    return spread(odds, swing.damage)


def _distribution(notation: str) -> dict[int, Fraction]:
    if notation.isdigit():
        return {int(notation): Fraction(1)}
    count, sides, adds = read_dice(notation)
    return {total + adds: p for total, p in dice_odds.distribution(count, sides).items()}


def preview(rules: Any, state: State, action: dict[str, Any], gm: bool = True) -> dict[str, Any]:
    """What session.preview gives before the dice: ``to_hit`` (the d20 ``needed``, the exact
    ``chance``, the ``working``) and ``damage`` (``dice``, ``least``, ``most``, ``average``; None
    when there are no dice) of the first attack, and ``routine``, each attack's own (``name``,
    ``note``, ``to_hit``, ``damage``). The players' view (``gm`` False) leaves out what a foe's
    figures decide."""
    made = plan(rules, state, action)
    routine = []
    for swing in made.swings:
        needed = _needed(made.ac, swing.added)
        working = [f"Added to the d20: {', '.join(swing.parts)} = {signed(swing.added)}.",
                   f"Hits when d20 {term(swing.added)} reaches AC {made.ac}: a roll of {needed} or more; a natural 1 "
                   f"always misses and a natural 20 always hits."]
        routine.append({"name": swing.name, "note": swing.note,
                        "to_hit": {"needed": needed, "chance": chance(save_chance(made.ac, swing.added)),
                                   "working": working},
                        "damage": _spread(swing, made)})
    shown = {"to_hit": routine[0]["to_hit"], "damage": routine[0]["damage"], "routine": routine}
    hug = monster_play.rule_for(state, state["fight"]["combatants"][made.who])
    if made.whole and hug and hug.hug and gm:
        shown["hug"] = {"dice": hug.hug, "when": "both claws hit the target"}  # rolled after the routine
    sides = [state["fight"]["combatants"][one]["side"] == "foes" for one in (made.who, made.target)]
    return shown if gm else for_players(shown, *sides)


def attack(rules: Any, state: State, action: dict[str, Any], dice: Dice) -> None:
    """The action: each attack's d20, then its damage on a hit, all in one log entry."""
    made = plan(rules, state, action)
    fight = state["fight"]
    who, target = made.who, made.target
    name, aimed = rules.name(state, who), rules.name(state, target)
    foe_attacks_, foe_hit = fight["combatants"][who]["side"] == "foes", fight["combatants"][target]["side"] == "foes"
    players: list[str] = []
    gm: list[str] = []
    rule = monster_play.rule_for(state, fight["combatants"][who])
    hits: list[str] = []
    for number, swing in enumerate(made.swings):
        if number and rules.out(state, fight, target):
            players.append(f"{aimed} is down: the rest of the attacks go unmade.")
            gm.append(players[-1])
            break
        seen, told, natural, hit = _swing(rules, state, made, swing, dice, foe_attacks_, foe_hit)
        players.append(seen)
        gm.append(f"{told} {monster_play.said_on_hit(rule, swing.name, aimed, natural)}".strip() if hit else told)
        if hit:
            hits.append(swing.name)
    hug = monster_play.hugs(rule, hits) if made.whole else None
    if hug and not rules.out(state, fight, target):
        seen, told = _hug(rules, state, made, hug, dice)
        players.append(seen)
        gm.append(told)
    if made.whole and monster_play.each_time(rule):
        gm.append(monster_play.each_time(rule))
    single = made.swings[0].name if len(made.swings) == 1 else ""
    with_ = (f" ({single})" if foe_attacks_ else f" with {single}") if single else ""
    head = f"{name} attacks {aimed}{with_}: "
    one_line(state, rules.at(state), head + " ".join(players), head + " ".join(gm), RULE)
    if made.charge:
        fight["effects"].append(effect(who, "Charging", "−2 to Armor Class for the rest of the round",
                                       {"at": "round_start", "round": fight["round"] + 1}, RULE, "attack"))


def _hug(rules: Any, state: State, made: Plan, hug: str, dice: Dice) -> tuple[str, str]:
    """Both claws hit: the hug's dice rolled and taken off the target (the routine's charge or
    subduing applies to it as to each hit): (the players' words, the GM's)."""
    attacker, aimed = rules.name(state, made.who), rules.name(state, made.target)
    faces = _roll(hug, dice, f"{attacker}'s hug of {aimed} ({dice_text(hug)})")
    rolled = sum(faces) + read_dice(hug)[2]
    done = hit_damage(rolled, made.charge, made.options["subdue"])
    summed = f" = {number_text(rolled)}" if len(faces) > 1 else ""
    changed = f": {done}" if done != rolled else ""
    head = f"Both claws hit: {attacker} hugs {aimed}"
    seen, told = _hurt(rules, state, made, done, dice)
    return (f"{head}, {done} damage. {seen}",
            f"{head}, {dice_text(hug)} rolled {' + '.join(str(face) for face in faces)}{summed}{changed} damage. "
            f"{told}")


def _hurt(rules: Any, state: State, made: Plan, done: int, dice: Dice) -> tuple[str, str]:
    """``done`` damage taken off the target by the session's Damage action: its log words."""
    start = len(state["log"])
    hurt = {"who": made.target, "hp": done}
    if state["fight"]["combatants"][made.target]["side"] == "foes" and made.options["subdue"]:
        hurt["subdue"] = True
    rules.damage(rules.rules.ACTIONS["damage"])(state, {"do": "damage", **hurt}, dice)
    return folded(state, start)


def _swing(rules: Any, state: State, made: Plan, swing: Swing, dice: Dice, foe_attacks_: bool,
           foe_hit: bool) -> tuple[str, str, int, bool]:
    """One attack rolled and, on a hit, its damage done: (the players' words, the GM's, the d20's
    face, whether it hit)."""
    attacker, aimed = rules.name(state, made.who), rules.name(state, made.target)
    roll = dice.one(20, purpose=f"{attacker}'s roll to hit {aimed}" + (f" ({swing.name})" if swing.name else ""))
    hit = save_succeeds(roll, swing.added, made.ac)
    natural = f" (a natural {roll})" if roll in (NATURAL_FAIL, NATURAL_SUCCESS) else ""
    short = f" (short sleep {signed(swing.tired)} included)" if swing.tired else ""
    total, against = f"1d20 {roll} {term(swing.added)}{short} = {roll + swing.added}", f" against AC {made.ac}"
    # A foe's attack bonus and a foe's AC are the GM's; the players read the rest.
    shown = (f"1d20 rolled {roll}{against}" if foe_attacks_ else total if foe_hit else total + against)
    label = f"{swing.name}: " if len(made.swings) > 1 else ""
    if not hit:
        return f"{label}{shown}{natural}: a miss.", f"{label}{total}{against}{natural}: a miss.", roll, False
    how = [word for word, on in (("doubled for the charge", made.charge), ("halved for subduing",
                                                                          made.options["subdue"])) if on]
    howed = f" ({and_(how)}, at least 1)" if how else ""
    worded = _BY_WEAPON.sub(_weapon_words, swing.note)
    # What the monster's line offers in this attack's place ("or by weapon") is the GM's, said after
    # the damage; what comes with a hit ("poison", a harpy's "+ special") is said with it.
    instead, _, with_hit = worded.partition(" + ") if worded.startswith("or ") else ("", "", worded)
    extra = f" ({with_hit})" if with_hit else ""
    aside = f" (the rulebook allows instead {instead[3:]})" if instead else ""
    if (swing.damage is None and made.typed is None) or DAMAGE_ENTERED in state.get("legacy", ()):
        said = (f": a hit: roll the damage{f' ({and_(how)})' if how else ''}, at least 1 point, and enter it "
                f"with Damage.") if not swing.name else \
            f": a hit: it does {worded}; the GM enters it with Damage." if _BY_WEAPON.fullmatch(swing.note) else \
            f": a hit{extra}: the GM decides what it does and enters any damage with Damage."
        return f"{label}{shown}{natural}{said}", f"{label}{total}{against}{natural}{said}", roll, True
    if swing.damage is None or swing.damage.isdigit():
        done = made.typed or 0 if swing.damage is None else hit_damage(int(swing.damage), made.charge,
                                                                       made.options["subdue"])
        rolled_gm = rolled_players = f"{done} damage" + (" (as entered)" if swing.damage is None else "")
    else:
        faces = _roll(swing.damage, dice, f"{attacker}'s damage to {aimed} ({dice_text(swing.damage)})")
        count_adds = read_dice(swing.damage)[2]
        rolled = sum(faces) + count_adds
        done = hit_damage(rolled, made.charge, made.options["subdue"])
        shown_faces = " + ".join(str(face) for face in faces) + (f" {term(count_adds)}" if count_adds else "")
        summed = f" = {number_text(rolled)}" if len(faces) > 1 or count_adds else ""
        changed = f"{howed or ' (at least 1)'}: {done}" if how or done != rolled else ""
        rolled_gm = f"{dice_text(swing.damage)} rolled {shown_faces}{summed}{changed} damage"
        rolled_players = f"{done} damage" if foe_attacks_ else rolled_gm
    seen, told = _hurt(rules, state, made, done, dice)
    return (f"{label}{shown}{natural}: a hit{extra}; {rolled_players}. {seen}",
            f"{label}{total}{against}{natural}: a hit{extra}; {rolled_gm}{aside}. {told}", roll, True)


# Before stop 35 a hit rolled no damage (the GM entered it): sessions saved then replay their
# hits so (rulescore.play.registry's legacy).
DAMAGE_ENTERED = "bfrpg_hit_damage_entered"

# A monster's "1d6 or by weapon" ("or weapon + 1", "by weapon +1"): the damage of the weapon it carries.
_BY_WEAPON = re.compile(r"(?:(?<=\bor )|^)(?:by\s+)?weapon\b(?:\s*\+\s*(\d+))?", re.IGNORECASE)


def _weapon_words(found: re.Match[str]) -> str:
    return "the damage of the weapon it wields" + (f" +{found[1]}" if found[1] else "")


def and_(words: list[str]) -> str:
    return " and ".join(words)


def _roll(notation: str, dice: Dice, purpose: str) -> list[int]:
    count, sides, _ = read_dice(notation)
    return dice(count, sides, purpose=purpose)


__all__ = ["FIELDS", "attack", "foe_attacks", "plan", "preview"]
