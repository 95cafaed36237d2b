"""The GURPS session: HP and FP for each character, with what each threshold now means, shock for
the next turn, stunning, rolls to stay conscious and to survive, FP spent and rested off, and
HP healed day by day. Dispatched by :mod:`rulescore.play.session`; each figure comes from the injury
and recovery modules (gurps.injury, gurps.fatigue and their functions).

The clock counts one-second combat turns. A fighter with 12 HP (ST 12) hit for 9 cutting
(× 1.5: 13 HP of injury) goes from 12 to −1 HP: under a third, so Move 5 and Dodge 8 are halved,
rounding up, and shock is −4 at most:

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"st": 12}}]
>>> state = session.apply(session.new("gurps", party), {"do": "damage", "who": "k", "damage": 9},
...                       roll=lambda count, sides: [3] * count)  # the major wound's HT roll: 9, made
>>> kara = session.view(state)["characters"][0]
>>> kara["hp"], kara["move"], kara["dodge"], kara["shock"]
(-1, 3, 4, -4)

Our readings, where the sources leave a choice:

- Shock from several injuries before the next turn adds up, never past −4.
- Reeling (under 1/3 HP) and very tired (under 1/3 FP) each halve Move and Dodge, rounding up;
  both at once halve twice.
- The HT roll to stay conscious at 0 HP or less comes each turn of ``advance``; resting is
  doing nothing, and calls for none.
- A failed major-wound roll by 1 to 4 stuns; by 5 or more knocks out (the site's source note).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import signed
from ..play.common import Action, Member, State, keys, member, name_of, note, passed, passing, sheet, take
from ..play.dice_asks import Dice
from .common import ONE_THIRD_FP_RULE, halved_round_up, succeeds
from .injury import DEAD_MULTIPLE, SHOCK_CAP, death_checks_crossed, hp_state, reeling
from .recovery import FP_REST_MINUTES, UNCONSCIOUS_AWAKE_MINUTES, fp_state, very_tired
from .sheet import FP_LOST_TOP, HP_LOST_TOP
from .wounds import hp_words, reeling_effect

INJURY = "gurps/injury/"
RECOVERY = "gurps/recovery-and-fatigue/"
MINUTE = 60  # turns of one second
HOUR, DAY = 60 * MINUTE, 24 * 60 * MINUTE
MAX_TURNS = DAY

_HIT = {spec.name: spec for spec in get_calculator("gurps.injury").inputs}
DAMAGE = _HIT["damage"]._replace(default=None)
DR, TORSO = _HIT["dr"], _HIT["torso"]
CHARACTER_DR = DR._replace(default="", help="blank: the armour on the character's sheet; a number replaces it")
DAMAGE_TYPE = _HIT["damage_type"]._replace(name="type")
# The damage form starts on crushing (×1): a GM typing the injury already worked out gets exactly
# that, never multiplied by a type nobody chose. (An action sent without a type keeps the
# calculator's default, cutting, as it always has.)
FORM_DAMAGE_TYPE = DAMAGE_TYPE._replace(default="crushing")
TURNS = Input("turns", "Turns", "int", None, min=1, max=MAX_TURNS, help="one second each")
HEALED = Input("hp", "HP back", "int", None, min=1, max=200)
HOW = Input("how", "By", "text", "healing", max=40, help="first aid, a potion, a spell: whatever the GM rules")
FP = Input("fp", "FP spent", "int", None, min=1, max=200)
CAUSES = {"running": "gurps/running/", "swimming": "gurps/swimming/", "hiking": "gurps/hiking/",
          "other": RECOVERY + "#lost-fatigue-points"}
CAUSE = Input("cause", "Spent on", "choice", "other", choices=tuple((cause, cause) for cause in CAUSES))
MINUTES = Input("minutes", "Minutes of rest", "number", None, unit="min", min=FP_REST_MINUTES, max=24 * 60,
                step=FP_REST_MINUTES)
CONDITIONS = get_calculator("gurps.recovery").inputs[3]  # the GM's modifier for rest
WHO = Member("who")


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    """Each character as their sheet has them now: the HP and FP they have lost (0 unless entered,
    or imported from GCS), dead already at −5 × HP; the weapons they carry, their armour's DR and
    their shield's DB, for a fight's attacks (gurps.attack)."""
    def now(figures: dict[str, Any]) -> dict[str, Any]:
        hp, lost = figures["hp"], figures.get("hp_lost", 0)
        return {"hp_lost": lost, "fp_lost": figures.get("fp_lost", 0), "shock": 0, "stunned": False,
                "conscious": True, "dead": hp - lost <= -DEAD_MULTIPLE * hp, "down_at": None, "wake_rolls": 0,
                "needs_care": False, "weapons": list(figures.get("weapons", [])), "dr": figures.get("dr", 0),
                "shield_db": figures.get("shield_db", 0)}
    return {"clock": {"turns": 0}, "characters": {c["id"]: now(sheets[c["id"]]) for c in party}}


def _at(state: State) -> str:
    return f"turn {state['clock']['turns']}"


def _living(state: State, who: str) -> dict[str, Any]:
    character: dict[str, Any] = state["characters"][who]
    if character["dead"]:
        raise RulesInputError("who", f"Character: {name_of(state, who)} is dead.")
    return character


def _ht_roll(dice: Dice, ht: int, purpose: str) -> tuple[int, bool]:
    roll = sum(dice(3, 6, purpose=purpose))
    return roll, succeeds(roll, ht)


def _knock_out(state: State, who: str, why: str, rule: str) -> None:
    character = state["characters"][who]
    character.update(conscious=False, stunned=False, down_at=state["clock"]["turns"], wake_rolls=0)
    note(state, _at(state), f"{name_of(state, who)} falls unconscious: {why}.", rule)


# --------------------------------------------------------------------------- time

def _pass_time(state: State, turns: int, dice: Dice, acting: bool) -> None:
    """Move the clock on by ``turns``. In action (``acting``) each turn brings the HT rolls to stay
    conscious at 0 HP or less and to shake off a stun; shock lasts one turn; the unconscious wake
    by the recovery rules."""
    if turns and any(c["shock"] for c in state["characters"].values()):
        for character in state["characters"].values():
            character["shock"] = 0
    done = 0
    while acting and done < turns:
        rollers = [c["id"] for c in state["party"] if _rolls_each_turn(state, c["id"])]
        if not rollers:
            break
        state["clock"]["turns"] += 1
        done += 1
        for who in rollers:
            character, figures, name = state["characters"][who], sheet(state, who), name_of(state, who)
            ht = figures["ht"]
            if character["stunned"]:
                roll, ok = _ht_roll(dice, ht, f"{name}'s HT roll to recover from stun")
                character["stunned"] = not ok
                note(state, _at(state), f"{name} rolls HT {ht} to recover from the stun: {roll}, "
                                        + ("recovered." if ok else "still stunned (another turn of Do Nothing)."),
                     INJURY + "#stunning")
            if character["conscious"] and figures["hp"] - character["hp_lost"] <= 0:
                roll, ok = _ht_roll(dice, ht, f"{name}'s HT roll to stay conscious (0 HP or less)")
                if ok:
                    note(state, _at(state), f"{name} is at 0 HP or less: HT {ht} rolled {roll}, stays conscious.",
                         INJURY + "#0-hp-or-less-staying-conscious")
                else:
                    _knock_out(state, who, f"at 0 HP or less, HT {ht} rolled {roll}",
                               INJURY + "#0-hp-or-less-staying-conscious")
    start_ = state["clock"]["turns"]
    state["clock"]["turns"] += turns - done
    for character in state["party"]:
        _wake(state, character["id"], start_, dice)


def _rolls_each_turn(state: State, who: str) -> bool:
    character = state["characters"][who]
    if character["dead"]:
        return False
    at_zero = sheet(state, who)["hp"] - character["hp_lost"] <= 0
    return bool(character["stunned"] or (character["conscious"] and at_zero))


def _wake(state: State, who: str, since: int, dice: Dice) -> None:
    """The recovery rules for someone unconscious, over the time from ``since`` to now."""
    character = state["characters"][who]
    if character["conscious"] or character["dead"] or character["needs_care"]:
        return
    figures, name, now = sheet(state, who), name_of(state, who), state["clock"]["turns"]
    hp, ht = figures["hp"], figures["ht"]
    current = hp - character["hp_lost"]
    if figures["fp"] and figures["fp"] - character["fp_lost"] <= -figures["fp"]:
        return  # out from fatigue: rest brings FP back, then they wake (see rest)
    rule = RECOVERY + "#recovering-from-unconsciousness"
    if current >= 1:
        if now - character["down_at"] >= UNCONSCIOUS_AWAKE_MINUTES * MINUTE:
            character.update(conscious=True, down_at=None)
            note(state, _at(state), f"{name} wakes: at 1 HP or more, after {UNCONSCIOUS_AWAKE_MINUTES} minutes.", rule)
        return
    every = HOUR if current > -hp else 12 * HOUR
    due = (now - character["down_at"]) // every
    while character["wake_rolls"] < due:
        character["wake_rolls"] += 1
        roll, ok = _ht_roll(dice, ht, f"{name}'s HT roll to wake")
        if ok:
            character.update(conscious=True, down_at=None)
            note(state, _at(state), f"{name} rolls HT {ht} to wake: {roll}, awake.", rule)
            return
        if current <= -hp:
            character["needs_care"] = True
            note(state, _at(state), f"{name} rolls HT {ht} after 12 hours: {roll}, failed; only medical care will "
                                    f"wake them, and each 12 hours brings a HT roll to live.", rule)
            return
        note(state, _at(state), f"{name} rolls HT {ht} to wake: {roll}, still unconscious.", rule)


def advance(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "advance", "turns": N}``: N one-second turns of action."""
    keys(action, ("turns",))
    if "rounds" in action:
        raise RulesInputError("rounds", "Rounds: GURPS counts time in turns of one second; give turns.")
    turns = take(action, TURNS)
    note(state, _at(state), f"{passing(turns, 'turn')} (a second each); shock wears off after one.",
         INJURY + "#shock")
    _pass_time(state, turns, dice, acting=True)


# --------------------------------------------------------------------------- injury

def damage(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "damage", "who": id, "damage": N, "dr": 0, "type": "crushing" | "cutting" |
    "impaling", "torso": true}``: the injury, shock, a major wound's HT roll, death checks."""
    keys(action, ("who", "damage", "dr", "type", "torso"))
    who = member(state, action, WHO)
    character, figures, name = _living(state, who), sheet(state, who), name_of(state, who)
    hp, ht = figures["hp"], figures["ht"]
    before = hp - character["hp_lost"]
    # Blank DR: the armour on the character's sheet (0 for a sheet from before it had one).
    dr = take(action, DR) if action.get("dr", "") != "" else character.get("dr", 0)
    hit = get_calculator("gurps.injury").run({"damage": take(action, DAMAGE), "dr": dr,
                                              "damage_type": take(action, DAMAGE_TYPE), "hp": hp,
                                              "hp_lost_before": character["hp_lost"], "ht": ht,
                                              "torso": take(action, TORSO)})
    injury = hit["injury"]
    character["hp_lost"] += injury
    after = hp - character["hp_lost"]
    shock = max(character["shock"] + hit["shock"], -SHOCK_CAP)
    character["shock"] = shock
    note(state, _at(state), f"{name} takes {hit['penetrating']} penetrating damage: {injury} HP of injury, "
                            f"{before} → {after} of {hp} HP ({hp_state(after, hp)}); shock {signed(shock)} on the "
                            f"next turn.", INJURY + "#general-damage")
    if after <= -DEAD_MULTIPLE * hp:
        character.update(dead=True, conscious=False, stunned=False)
        note(state, _at(state), f"{name} dies: at or below −{DEAD_MULTIPLE} × HP = {-DEAD_MULTIPLE * hp}.",
             INJURY + "#1-hp-and-below-death-checks")
        return
    for k in death_checks_crossed(before, after, hp):
        roll, ok = _ht_roll(dice, ht, f"{name}'s HT roll to survive (−{k} × HP)")
        note(state, _at(state), f"{name} reaches −{k} × HP = {-k * hp}: HT {ht} to survive rolled {roll}, "
                                + ("survives." if ok else "dies."), INJURY + "#1-hp-and-below-death-checks")
        if not ok:
            character.update(dead=True, conscious=False, stunned=False)
            return
    if hit["major_wound"] and hit["knockdown_roll"] is not None and character["conscious"]:
        roll, ok = _ht_roll(dice, ht, f"{name}'s HT roll against knockdown (major wound)")
        rule = INJURY + "#major-wounds"
        if ok:
            note(state, _at(state), f"Major wound to the torso: {name} rolls HT {ht}: {roll}, no further effect.", rule)
        elif roll - ht >= 5:
            _knock_out(state, who, f"a major wound, HT {ht} rolled {roll}, failed by 5 or more", rule)
        else:
            character["stunned"] = True
            note(state, _at(state), f"Major wound to the torso: {name} rolls HT {ht}: {roll}, failed by 1 to 4: "
                                    f"stunned (−4 to active defences, Do Nothing next turn).", rule)


def heal(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "heal", "who": id, "hp": N, "how": "first aid"}``: HP given back by any means the
    GM rules, never past the full score. Care given ends the wait for medical care; waking still
    follows the recovery rules as time passes."""
    keys(action, ("who", "hp", "how"))
    who = member(state, action, WHO)
    character, figures, name = _living(state, who), sheet(state, who), name_of(state, who)
    points, how = take(action, HEALED), take(action, HOW)
    if not character["hp_lost"]:
        raise RulesInputError("who", f"Character: {name} has lost no HP, so there is nothing to heal.")
    back = min(points, character["hp_lost"])
    character["hp_lost"] -= back
    hp, now = figures["hp"], figures["hp"] - character["hp_lost"]
    note(state, _at(state), f"{name} gets {back} HP back ({how.strip()}): {now} of {hp} HP "
                            f"({hp_words(now, hp, character['conscious'])}).",
         RECOVERY + "#natural-recovery")
    if character["needs_care"]:
        character["needs_care"] = False
        note(state, _at(state), f"{name} has had care: they may wake by the recovery rules as time passes.",
             RECOVERY + "#recovering-from-unconsciousness")


def _fp_hp_injury(fp: int, fp_lost: int) -> int:
    injury: int = get_calculator("gurps.fatigue").run({"fp": fp, "fp_lost": fp_lost})["hp_injury"]
    return injury


def fatigue(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "fatigue", "who": id, "fp": N, "cause": "running" | "swimming" | "hiking" |
    "other"}``: FP spent; past 0 FP each costs 1 HP as well, at −1 × FP the character drops."""
    keys(action, ("who", "fp", "cause"))
    who = member(state, action, WHO)
    character, figures, name = _living(state, who), sheet(state, who), name_of(state, who)
    spent, cause = take(action, FP), take(action, CAUSE)
    fp = figures["fp"]
    if not fp:
        raise RulesInputError(FP.name, f"{FP.label}: {name} has FP 0, no fatigue (a creature that does not tire): "
                                       f"there are no FP to spend.")
    old = character["fp_lost"]
    raw = old + spent
    hurt = _fp_hp_injury(fp, raw) - _fp_hp_injury(fp, old)
    character["fp_lost"] = min(raw, 2 * fp)  # FP stop at −1 × FP; the rest came off HP
    character["hp_lost"] += hurt
    now = fp - character["fp_lost"]
    note(state, _at(state), f"{name} spends {spent} FP ({cause}): {now} of {fp} FP ({fp_state(now, fp)})"
                            + (f", and {hurt} HP of injury from fatigue." if hurt else "."), CAUSES[cause])
    if now <= -fp and character["conscious"]:
        _knock_out(state, who, f"FP at −1 × FP = {-fp}", RECOVERY + "#lost-fatigue-points")


def rest(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "rest", "minutes": M}``: everyone rests; 1 FP back per 10 minutes."""
    keys(action, ("minutes",))
    minutes = int(take(action, MINUTES))
    note(state, _at(state), f"The party rests {minutes} minutes: 1 FP back per {FP_REST_MINUTES} minutes.",
         RECOVERY + "#recovering-from-fatigue")
    _recover_fp(state, minutes // FP_REST_MINUTES)
    _pass_time(state, minutes * MINUTE, dice, acting=False)


def _recover_fp(state: State, points: int) -> None:
    for member_ in state["party"]:
        who = member_["id"]
        character, fp = state["characters"][who], sheet(state, who)["fp"]
        if character["dead"] or not character["fp_lost"]:
            continue
        back = min(points, character["fp_lost"])
        out_from_fatigue = not character["conscious"] and fp - character["fp_lost"] <= -fp
        character["fp_lost"] -= back
        note(state, _at(state), f"{member_['name']} gets {back} FP back: {fp - character['fp_lost']} of {fp}.",
             RECOVERY + "#recovering-from-fatigue")
        if out_from_fatigue and fp - character["fp_lost"] >= 1 and sheet(state, who)["hp"] > character["hp_lost"]:
            character.update(conscious=True, down_at=None)
            note(state, _at(state), f"{member_['name']} wakes, back at 1 FP or more.",
                 RECOVERY + "#lost-fatigue-points")


def day(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "day", "conditions": 0}``: a day of rest and decent food: a HT roll each to heal
    1 HP (at the GM's modifier for conditions), and every FP back."""
    keys(action, ("conditions",))
    conditions = take(action, CONDITIONS)
    note(state, _at(state), "A day of rest and decent food.", RECOVERY + "#natural-recovery")
    _recover_fp(state, DAY // MINUTE // FP_REST_MINUTES)
    for member_ in state["party"]:
        who = member_["id"]
        character, figures = state["characters"][who], sheet(state, who)
        if character["dead"] or not character["hp_lost"]:
            continue
        target = figures["ht"] + conditions
        roll, ok = _ht_roll(dice, target, f"{member_['name']}'s HT roll to heal (a day of rest)")
        if ok:
            character["hp_lost"] -= 1
        note(state, _at(state), f"{member_['name']} rolls HT {target} to heal: {roll}, "
                                + (f"1 HP back ({figures['hp'] - character['hp_lost']} of {figures['hp']})." if ok
                                   else "no HP back today."), RECOVERY + "#natural-recovery")
    _pass_time(state, DAY, dice, acting=False)


ACTIONS = {"advance": advance, "damage": damage, "heal": heal, "fatigue": fatigue, "rest": rest, "day": day}

FORMS = (
    Action("advance_turns", "advance", "Time passes (turns)",
           "One-second turns pass: shock wears off, and each turn brings the HT rolls to stay conscious at 0 HP "
           "or less and to recover from a stun.", (TURNS,)),
    Action("damage", "damage", "Damage",
           "Damage past DR, times the wounding modifier, comes off HP: shock, a major wound's HT roll and the "
           "death checks follow.", (WHO, DAMAGE, CHARACTER_DR, FORM_DAMAGE_TYPE, TORSO)),
    Action("heal", "heal", "Healing",
           "HP given back by first aid, a potion, a spell or anything else the GM rules, up to the full score.",
           (WHO, HEALED, HOW)),
    Action("fatigue", "fatigue", "Spend FP",
           "FP spent; at 0 FP or less each one lost also costs 1 HP, and at −1 × FP the character drops.",
           (WHO, FP, CAUSE)),
    Action("rest", "rest", "Rest (minutes)",
           f"Everyone rests: 1 FP back per {FP_REST_MINUTES} minutes, and the unconscious may wake.", (MINUTES,)),
    Action("day", "day", "A day of rest",
           "A day of rest and decent food: a HT roll each to heal 1 HP, and every FP back.", (CONDITIONS,)),
)


# --------------------------------------------------------------------------- the view

SHEET_FIELDS = ("hp_lost", "fp_lost")  # what a session writes back to a GURPS sheet (rulescore.play.write_back)


def leaving(sheet: Mapping[str, Any], now: Mapping[str, Any]) -> tuple[dict[str, int], str]:
    """The sheet's HP and FP lost as the session leaves a member (``sheet`` as they came in,
    ``now`` their state), within what a sheet holds, and why a value was brought within it."""
    hp, fp = sheet["hp"], sheet["fp"]
    most = min((DEAD_MULTIPLE + 1) * hp - 1, HP_LOST_TOP)
    fields = {"hp_lost": min(now["hp_lost"], most), "fp_lost": min(now["fp_lost"], 2 * fp, FP_LOST_TOP)}
    why = ("dead in the session, which a sheet does not record"
           + (f"; it holds {most} HP lost at most" if now["hp_lost"] > most else "")) if now["dead"] else ""
    return fields, why


def view(state: State, gm: bool) -> dict[str, Any]:
    characters = []
    for member_ in state["party"]:
        who = member_["id"]
        character, figures = state["characters"][who], sheet(state, who)
        hp, fp = figures["hp"], figures["fp"]
        current_hp, current_fp = hp - character["hp_lost"], fp - character["fp_lost"]
        move, dodge, st = figures["move"], figures["dodge"], figures["st"]
        awake = character["conscious"] and not character["dead"]
        # Only what still matters: the dead and the unconscious neither move nor defend.
        effects = []
        if reeling(current_hp, hp):  # the figures follow the rules whatever happens; what is shown, below
            move, dodge = halved_round_up(move), halved_round_up(dodge)
        reeled = reeling_effect(current_hp, hp, awake)  # the fight's line says the same (.fight)
        if reeled:
            effects.append({"text": f"reeling: {reeled['text']}", "rule": reeled["rule"]})
        if very_tired(current_fp, fp):
            move, dodge, st = halved_round_up(move), halved_round_up(dodge), halved_round_up(st)
            if awake:
                effects.append({"text": "very tired: Move, Dodge and ST halved", "rule": ONE_THIRD_FP_RULE})
        if awake and character["shock"]:
            effects.append({"text": f"shock {signed(character['shock'])} to DX, IQ and skills on the next turn",
                            "rule": INJURY + "#shock"})
        if awake and character["stunned"]:
            effects.append({"text": "stunned: −4 to active defences, Do Nothing, HT roll each turn to recover",
                            "rule": INJURY + "#stunning"})
        if awake and current_fp <= 0 < current_fp + fp:
            effects.append({"text": "0 FP or less: Will roll to do more than talk or rest; each FP lost costs 1 HP",
                            "rule": RECOVERY + "#lost-fatigue-points"})
        if character["dead"]:
            condition = "dead"
        elif not character["conscious"]:
            condition = "unconscious" + (": needs medical care" if character["needs_care"] else "")
        else:
            condition = hp_state(current_hp, hp) + (", stunned" if character["stunned"] else "")
        due = []
        if awake and current_hp <= 0:
            due.append(f"{member_['name']}: HT roll to stay conscious at the next turn.")
        if awake and character["stunned"]:
            due.append(f"{member_['name']}: HT roll to recover from the stun at the end of the next turn.")
        shown = [f"HP {current_hp} of {hp}", f"FP {current_fp} of {fp}"] + ([f"Move {move}", f"Dodge {dodge}"]
                                                                           if awake else [])
        characters.append({"id": who, "name": member_["name"], "hp": current_hp, "max_hp": hp, "fp": current_fp,
                           "max_fp": fp, "condition": condition, "fatigue": fp_state(current_fp, fp),
                           "move": move, "dodge": dodge, "st": st, "shock": character["shock"],
                           "stunned": character["stunned"], "conscious": character["conscious"],
                           "dead": character["dead"], "figures": shown, "effects": effects, "due": due})
    turns = state["clock"]["turns"]
    # The clock counts only one-second turns of action; rests and days are logged, not counted.
    return {"turn": turns, "round": 0, "clock": f"{passed(turns, 'second')} of action so far", "lights": [],
            "characters": characters,
            "due": [line for person in characters for line in person["due"]]}
