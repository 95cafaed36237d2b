"""The SHELL session: damage by hit location, lethal and non-lethal, stunning, unconsciousness
and death; END lost to rounds of combat and spent otherwise, with what low END does; END back
by rest; HP back by days of healing (:mod:`.healing`). Dispatched by
:mod:`rulescore.play.session`; each figure comes from shell.damage, shell.fatigue and
shell.recovery.

A character with 10 HP (the default sheet) hit in the arm for 6 cutting: 4 HP cripple an arm
(40% of 10), so 4 of the 6 count toward the total, and crippling stuns:

>>> from rulescore import session
>>> party = [{"id": "o", "name": "Orla", "system": "shell", "fields": {}}]
>>> state = session.apply(session.new("shell", party), {"do": "damage", "who": "o", "damage": 6, "location": "arm"})
>>> orla = session.view(state)["characters"][0]
>>> orla["lethal"], orla["locations"], orla["stunned"]
(4, {'arm': 6}, True)

Our readings: a hand's or foot's counted damage also counts toward its arm or leg (the
calculator's working says so); locations on two sides are told apart by an optional "side";
an hour of rest gives back 20% of base END with fractions dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import signed
from ..play.common import Action, Member, State, keys, member, name_of, note, passed, passing, sheet, take
from ..play.dice_asks import Dice
from ..play.history import copy_json
from .arms import armour
from .damage import is_lethal
from .encumbrance import ROUNDS_PER_END
from .healing import FORM as DAYS_FORM
from .healing import days

DAMAGE_PAGE = "shell/damage/"
FATIGUE_PAGE = "shell/fatigue-and-recovery/"
_HIT = {spec.name: spec for spec in get_calculator("shell.damage").inputs}
HIT_INPUTS = (_HIT["damage"]._replace(default=None), _HIT["damage_type"]._replace(name="type"), _HIT["location"],
              _HIT["armour_dr"], _HIT["armour_piercing"], _HIT["dm_percent"], _HIT["non_lethal"])
SIDE = Input("side", "Side", "choice", "", choices=(("", "not said"), ("left", "left"), ("right", "right")))
ROUNDS = Input("rounds", "Rounds", "int", None, min=1, max=10_000)
COMBAT = Input("combat", "Rounds of combat", "bool", True, help="moving, attacking or defending")
END = Input("end", "END spent", "int", None, min=1, max=200)
HOURS = Input("hours", "Hours of rest", "int", None, unit="h", min=1, max=24)
PARENT = {"hand": "arm", "foot": "leg"}
WHO = Member("who")


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    """Each character as their sheet has them now: the lethal damage they have taken (0 unless
    entered; where on the body is not kept), none of it non-lethal; the weapons and armour they
    fight with (.arms)."""
    return {"clock": {"rounds": 0}, "characters": {
        c["id"]: {"lethal": sheets[c["id"]].get("damage_taken", 0), "stun": 0, "locations": {}, "combat_rounds": 0,
                  "end_lost": 0, "stunned": False, "unconscious": False, "dead": False, "crippled": {},
                  "weapons": copy_json(sheets[c["id"]].get("weapons", [])), "armour": armour(sheets[c["id"]])}
        for c in party}}


def _at(state: State) -> str:
    return f"round {state['clock']['rounds']}"


def damage(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "damage", "who": id, "damage": N, "type": "cutting", "location": "torso", "side":
    "left" | "right", "armour_dr": 0, "armour_piercing": false, "dm_percent": 0, "non_lethal": false}``."""
    keys(action, ("who", "side", *(spec.name for spec in HIT_INPUTS)))
    who = member(state, action, WHO)
    character, figures, name = state["characters"][who], sheet(state, who), name_of(state, who)
    if character["dead"]:
        raise RulesInputError("who", f"Character: {name} is dead.")
    given = {spec.name: take(action, spec) for spec in HIT_INPUTS}
    location, side = given["location"], take(action, SIDE)
    key = f"{side} {location}" if side else location
    hit = get_calculator("shell.damage").run({
        "damage": given["damage"], "damage_type": given["type"], "location": location,
        "armour_dr": given["armour_dr"], "armour_piercing": given["armour_piercing"],
        "natural_dr": figures["natural_dr"], "dm_percent": given["dm_percent"], "base_hp": figures["hp"],
        "location_damage_before": character["locations"].get(key, 0), "lethal_before": character["lethal"],
        "stun_before": character["stun"], "non_lethal": given["non_lethal"]})
    lethal = is_lethal(given["non_lethal"], given["type"], location)
    # Non-lethal damage also lies at its location until the tally is wiped (healing.wipe_stun).
    added = {key: hit["location_damage"] - character["locations"].get(key, 0)}
    character["locations"][key] = hit["location_damage"]
    if location in PARENT and hit["counted"]:
        limb = f"{side} {PARENT[location]}" if side else PARENT[location]
        character["locations"][limb] = character["locations"].get(limb, 0) + hit["counted"]
        added[limb] = hit["counted"]
    if not lethal:
        stun_at = character.setdefault("stun_locations", {})
        for place, more in added.items():
            stun_at[place] = stun_at.get(place, 0) + more
    character["lethal" if lethal else "stun"] += hit["counted"]
    if hit["crippling"] not in (None, "no effect"):
        character["crippled"][key] = hit["crippling"]
    character["stunned"] = character["stunned"] or hit["stunned"]
    character["unconscious"] = character["unconscious"] or hit["unconscious"]
    character["dead"] = hit["dead"]
    states = [word for word, on in (("stunned", hit["stunned"]), ("unconscious", hit["unconscious"]),
                                    ("dead", hit["dead"])) if on]
    note(state, _at(state), f"{name} is hit in the {key}: {hit['hp_lost']} HP there, {hit['counted']} "
                            f"{'lethal' if lethal else 'non-lethal'} counted; total {hit['total_damage']} of "
                            f"{figures['hp']} HP" + (f"; {', '.join(states)}" if states else "")
                            + (f"; {key}: {hit['crippling']}" if key in character["crippled"] else "")
                            + (f". Rolls to make: {hit['rolls']}." if hit["rolls"] != "none" else "."),
         DAMAGE_PAGE + "#hit-location")
    if hit["unconscious"]:
        character["end_lost"] = max(character["end_lost"], _end_base(state, who))  # END drops to 0


def _end_base(state: State, who: str) -> int:
    base: int = sheet(state, who)["end"]
    return base


def _end_now(state: State, who: str) -> int:
    character = state["characters"][who]
    lost: int = character["end_lost"]
    return _end_base(state, who) - lost


def _end_effects(state: State, who: str) -> dict[str, Any]:
    current = _end_now(state, who)
    base = _end_base(state, who)
    effects = get_calculator("shell.fatigue").run({"base_end": base, "rounds": 0,
                                                   "other_end_spent": min(base - current, 200)})
    return dict(effects)


def advance(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "advance", "rounds": N, "combat": true}``: rounds pass; in combat each conscious
    character loses 1 END every so many rounds by encumbrance level (rounds carried over)."""
    keys(action, ("rounds", "combat"))
    if "turns" in action:
        raise RulesInputError("turns", "Turns: SHELL counts combat time in rounds; give rounds.")
    rounds, combat = take(action, ROUNDS), take(action, COMBAT)
    note(state, _at(state), passing(rounds, "round")
                            + (" in combat." if combat else ", out of combat."), FATIGUE_PAGE + "#combat-fatigue")
    state["clock"]["rounds"] += rounds
    if not combat:
        return
    for member_ in state["party"]:
        who = member_["id"]
        character, level = state["characters"][who], sheet(state, who)["encumbrance_level"]
        if character["dead"] or character["unconscious"]:
            continue
        if level is None:
            note(state, _at(state), f"{member_['name']} cannot carry their load, so no encumbrance level and no "
                                    f"combat fatigue is counted.", FATIGUE_PAGE + "#combat-fatigue")
            continue
        per = ROUNDS_PER_END[level]
        before = character["combat_rounds"] // per
        character["combat_rounds"] += rounds
        lost = character["combat_rounds"] // per - before
        if lost:
            character["end_lost"] += lost
            note(state, _at(state), f"{member_['name']} loses {lost} END (1 every {per} rounds at EL {level}): "
                                    f"{_end_now(state, who)} of {_end_base(state, who)}.",
                 FATIGUE_PAGE + "#combat-fatigue")


def spend(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "spend_end", "who": id, "end": N}``: END spent on spells and the like."""
    keys(action, ("who", "end"))
    who = member(state, action, WHO)
    points = take(action, END)
    state["characters"][who]["end_lost"] += points
    note(state, _at(state), f"{name_of(state, who)} spends {points} END: {_end_now(state, who)} of "
                            f"{_end_base(state, who)}.", FATIGUE_PAGE + "#fatigue")


def rest(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "rest", "hours": H}``: 20% of base END back an hour of rest or sleep."""
    keys(action, ("hours",))
    hours = take(action, HOURS)
    note(state, _at(state), f"The party rests {hours} hour{'s' if hours != 1 else ''}.", FATIGUE_PAGE + "#endurance")
    for member_ in state["party"]:
        who = member_["id"]
        character = state["characters"][who]
        if character["dead"] or not character["end_lost"]:
            continue
        per_hour = get_calculator("shell.recovery").run({"base_end": _end_base(state, who)})["end_per_hour"]
        back = min(int(per_hour * hours), character["end_lost"])
        character["end_lost"] -= back
        note(state, _at(state), f"{member_['name']} gets {back} END back ({per_hour:g} an hour, fractions dropped): "
                                f"{_end_now(state, who)} of {_end_base(state, who)}.", FATIGUE_PAGE + "#endurance")


def recover(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "recover", "who": id}``: the stun is over (the character has lost their turn)."""
    keys(action, ("who",))
    who = member(state, action, WHO)
    character = state["characters"][who]
    if not character["stunned"]:
        raise RulesInputError("who", f"Character: {name_of(state, who)} is not stunned.")
    character["stunned"] = False
    note(state, _at(state), f"{name_of(state, who)} has lost a turn to the stun and acts again.",
         DAMAGE_PAGE + "#damage")


ACTIONS = {"advance": advance, "damage": damage, "spend_end": spend, "rest": rest, "recover": recover, "day": days}

_DAMAGE, _TYPE, _LOCATION, *_ARMOUR = HIT_INPUTS
FORMS = (
    Action("advance_rounds", "advance", "Time passes (rounds)",
           "Rounds pass; in combat each conscious character loses 1 END every so many rounds, by encumbrance "
           "level.", (ROUNDS, COMBAT)),
    Action("damage", "damage", "Damage",
           "Damage to a hit location, past armour, lethal or non-lethal: crippling, stunning, unconsciousness "
           "and death by the total.", (WHO, _DAMAGE, _TYPE, _LOCATION, SIDE, *_ARMOUR)),
    Action("recover", "recover", "Stun over",
           "A stunned character has lost their turn to the stun and acts again.", (WHO,)),
    Action("spend_end", "spend_end", "Spend END", "END spent on spells and the like.", (WHO, END)),
    Action("rest", "rest", "Rest (hours)", "Everyone rests: 20% of base END back for each hour of rest or sleep.",
           (HOURS,)),
    DAYS_FORM,
)


def _condition(character: dict[str, Any], total: int) -> str:
    for word in ("dead", "unconscious", "stunned"):
        if character[word]:
            return word
    return "hurt" if total else "unhurt"


SHEET_FIELDS = ("damage_taken",)  # what a session writes back to a SHELL sheet (lethal damage only)


def leaving(sheet: Mapping[str, Any], now: Mapping[str, Any]) -> tuple[dict[str, int], str]:
    """The sheet's damage taken as the session leaves a member (``sheet`` as they came in, ``now``
    their state): lethal damage only, short of twice HP (dead is not a sheet's), and why."""
    hp = sheet["hp"]
    most = 2 * hp - 1
    why = f"dead in the session, which a sheet does not record; it holds {most} damage taken at most" \
        if now["lethal"] > most else ""
    return {"damage_taken": min(now["lethal"], most)}, why


def view(state: State, gm: bool) -> dict[str, Any]:
    characters = []
    for member_ in state["party"]:
        who = member_["id"]
        character = state["characters"][who]
        end = _end_effects(state, who)
        awake = not character["dead"] and not character["unconscious"]
        effects = []
        if awake and end["st_ag_modifier"]:
            effects.append({"text": f"low END: ST and AG {signed(end['st_ag_modifier'])}, MV {end['mv_effect']}",
                            "rule": FATIGUE_PAGE + "#fatigue"})
        if awake and character["stunned"]:
            effects.append({"text": "stunned: loses the next turn (then \"Stun over\")",
                            "rule": DAMAGE_PAGE + "#damage"})
        if not character["dead"]:
            for place, what in character["crippled"].items():
                effects.append({"text": f"{place}: {what}", "rule": DAMAGE_PAGE + "#hit-location"})
        due = [f"{member_['name']}: {end['wp_roll']} to stay conscious."] if awake and end["wp_roll"] != "no roll" \
            else []
        hp, total = sheet(state, who)["hp"], character["lethal"] + character["stun"]
        # HP is the total the damage taken is measured against, not what is left: said so.
        kinds = ", ".join(f"{amount} {kind}" for kind, amount in (("lethal", character["lethal"]),
                                                                  ("stun", character["stun"])) if amount)
        shown = [f"damage taken {total} of {hp} HP" + (f" ({kinds})" if kinds else ""),
                 f"END {end['current_end']} of {_end_base(state, who)}"]
        characters.append({"id": who, "name": member_["name"], "hp": hp,
                           "lethal": character["lethal"], "stun": character["stun"], "total_damage": total,
                           "locations": dict(character["locations"]), "end": end["current_end"],
                           "max_end": _end_base(state, who), "stunned": character["stunned"],
                           "unconscious": character["unconscious"], "dead": character["dead"],
                           "condition": _condition(character, total), "figures": shown, "effects": effects,
                           "due": due})
    # SHELL gives a round no length in time, so the clock counts rounds only.
    rounds = state["clock"]["rounds"]
    return {"turn": 0, "round": rounds, "clock": f"{passed(rounds, 'round')} so far", "lights": [],
            "characters": characters,
            "due": [line for person in characters for line in person["due"]]}
