"""SHELL fights (docs: shell/combat.md, "Fights in the session"): the order by initiative rating
each round, one step and one maneuver a turn with its AT/DEF modifiers until the next action,
MV points, blocks a round, END lost to rounds of combat, and damage by location to foes by the
party's rules (:mod:`rulescore.shell.session`). The machinery is :mod:`rulescore.play.fight`.

Initiative rating = AG − 2 × EL, higher first, every round. Orla (AG 12, EL 1: 10) against a
wolf (AG 14, EL 0: 14):

>>> from rulescore import session
>>> party = [{"id": "o", "name": "Orla", "system": "shell", "fields": {"ag": 12, "load_lb": 30}}]
>>> state = session.apply(session.new("shell", party), {"do": "fight", "foes": [{"name": "Wolf", "ag": 14}]})
>>> fight = session.view(state)["fight"]
>>> fight["order"], [c["initiative"] for c in fight["combatants"]]
(['f1', 'o'], [10, 14])

Our readings, where the source leaves a choice (also in the docs):

- Ties on initiative rating: each tied combatant rolls 1d10 when the tie first arises (the
  party's dice asked for first, then the foes' in the order listed), higher first, rerolled
  while tied (three times at most, then the party first and the order listed). The rolls are
  kept for the whole fight.
- A maneuver's AT/DEF modifiers last until the start of that combatant's next turn. Aim adds
  +1 AT a turn of aiming, at most +3, to the shot that follows (a ranged attack modifier).
- A stunned combatant loses their next turn, and is over the stun when it ends.
- Blocks: the count resets when a round starts; dodges are unlimited. END: each round in the
  fight counts as a round of combat for everyone in it who is conscious (1 END every so many
  rounds by EL, as the session's "advance" counts them). Someone who cannot carry their load
  fights at EL 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import signed
from ..play.common import Action, State, keys, note, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import WHO, Fight, effect, ends_at_turn, looks
from ..play.foe_sheet import SHEET, sheet_figures, with_sheet
from ..play.registry import GameRules
from ..play.weapon_choice import remembered
from ..wording import listed, received
from . import attack_action as attacks
from . import session as rules
from .arms import SHIELD_INPUT, read_damage
from .attack import NO_SHIELD
from .combat import MANEUVER as SHELL_MANEUVERS
from .combat import blocks_per_round
from .common import CHART_RANGE, ag_at_modifier, ag_def_modifier
from .damage import is_lethal
from .encumbrance import ROUNDS_PER_END
from .foe_sheet import from_sheet
from .healing import wipe_stun

PAGE = "shell/combat/"
FIGHTS = PAGE + "#fights-in-the-session"
FOE_FIELDS = (
    Input("ag", "AG", "int", 10, min=1, max=30),
    Input("el", "EL", "int", 0, min=0, max=4, help="encumbrance level"),
    Input("hp", "HP", "int", 10, min=1, max=200),
    Input("combat_level", "Combat level", "int", 3, min=0, max=20),
    Input("mv", "MV", "int", 5, min=0, max=20),
    Input("end", "END", "int", 10, min=1, max=100),
    Input("natural_dr", "Natural DR", "int", 0, min=0, max=20),
    Input("st", "ST", "int", 10, min=1, max=30, help="what a damage on ST (“+1 cut”) is rolled on"),
    Input("at", "AT", "int", "", min=-20, max=40, help="left empty: combat level + AG's modifier"),
    Input("def", "DEF", "int", "", min=-20, max=40,
          help="its block DEF; left empty: combat level + AG's modifier; a dodge is 1 + EL lower"),
    Input("damage", "Damage", "text", "+0 cut", max=20,
          help="its weapon's: on its ST (“+1 cut”, “−4 cr”) or as dice (“1d+2 cut”)"),
    Input("dr", "Armour DR", "int", 0, min=0, max=30, help="the same at every location"),
    SHIELD_INPUT,
)
DERIVED = {"at": ag_at_modifier, "def": ag_def_modifier}  # combat level + AG's modifier when left empty
MANEUVERS = (*((row.value, row.name) for row in SHELL_MANEUVERS.values()), ("move", "Move (MV points)"),
             ("other", "Other (GM's call)"))
MANEUVER = Input("maneuver", "Maneuver", "choice", None, choices=MANEUVERS)
STUN_WIPED_FROM = 2  # the rules version from which a fight's end wipes the non-lethal tally



class ShellFight(Fight):
    weapon_to_hit = "at"
    rules = rules
    foe_fields = FOE_FIELDS
    foe_extra_keys = (SHEET,)
    maneuver_fields = (MANEUVER,)
    page = FIGHTS

    def figures(self, state: State, who: str) -> dict[str, Any]:
        one: dict[str, Any] = state["fight"]["combatants"][who]
        if one["side"] == "foes":
            return one
        figures = sheet(state, who)
        el = figures["encumbrance_level"]
        return {"ag": figures["ag_final"], "el": 4 if el is None else el, "hp": figures["hp"],
                "combat_level": figures["combat_level"], "mv": figures["mv"], "end": figures["end"],
                "natural_dr": figures["natural_dr"]}

    def wounds(self, state: State, who: str) -> dict[str, Any]:
        one = state["fight"]["combatants"][who]
        wounds: dict[str, Any] = one if one["side"] == "foes" else state["characters"][who]
        return wounds

    def party_can_fight(self, state: State, who: str) -> bool:
        return not state["characters"][who]["dead"]

    def read_foe(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """AT and DEF left empty follow the combat level and AG; the damage must read as a genre's.
        A row with a ``sheet`` (play.foe_sheet) takes its figures and all its weapons from it
        (:func:`from_sheet`), figures typed beside it overriding."""
        weapons = None
        if SHEET in row:
            figures = sheet_figures("shell", row[SHEET])
            row, weapons = with_sheet(row, from_sheet(figures)), [dict(one) for one in figures["weapons"]]
        given = {key: value for key, value in row.items() if not (key in DERIVED and value in ("", None))}
        entry = super().read_foe({**given, **{key: 0 for key in DERIVED if key not in given}})
        for key, modifier in DERIVED.items():
            if key not in given:
                entry[key] = entry["combat_level"] + modifier(min(max(entry["ag"], CHART_RANGE.low), CHART_RANGE.high))
        try:
            read_damage(entry["damage"])
        except ValueError:
            raise RulesInputError("damage", f"Damage: received {received(entry['damage'])}; write it on the foe's ST "
                                            f"(“+1 cut”, “−4 cr”) or as dice (“1d+2 cut”).") from None
        if weapons:
            entry["weapons"] = weapons
        return entry

    wound_keys = ("lethal", "stun", "locations", "crippled", "stunned", "unconscious", "dead", "end_lost",
                  "combat_rounds")

    def foe_row(self, one: dict[str, Any]) -> dict[str, Any]:
        return {**super().foe_row(one), "pr": str(NO_SHIELD if one["pr"] is None else one["pr"])}

    def foe(self, state: State, entry: dict[str, Any], dice: Dice) -> dict[str, Any]:
        return {**{spec.name: entry[spec.name] for spec in FOE_FIELDS},
                **({"weapons": entry["weapons"]} if entry.get("weapons") else {}),  # a foe from a sheet
                "pr": None if int(entry["pr"]) == NO_SHIELD
                else int(entry["pr"]), "lethal": 0, "stun": 0, "locations": {},
                "crippled": {}, "stunned": False, "unconscious": False, "dead": False, "end_lost": 0,
                "combat_rounds": 0}

    # ------------------------------------------------------------ order
    def tired(self, state: State, who: str) -> dict[str, Any]:
        """What low END does now (shell.fatigue's rule): the ST and AG modifier and the MV effect."""
        figures, wounds = self.figures(state, who), self.wounds(state, who)
        spent = min(max(wounds["end_lost"], 0), 200)
        return dict(get_calculator("shell.fatigue").run({"base_end": figures["end"], "rounds": 0,
                                                         "other_end_spent": spent}))

    def rating(self, state: State, who: str) -> int:
        """AG − 2 × EL, AG lowered by low END (our reading: the rating follows the AG of the moment)."""
        figures = self.figures(state, who)
        rating: int = figures["ag"] + self.tired(state, who)["st_ag_modifier"] - 2 * figures["el"]
        return rating

    def mv_points(self, state: State, who: str) -> int:
        """MV − EL, MV first lowered by low END (−1, or halved with fractions dropped: our reading)."""
        figures, effect_ = self.figures(state, who), self.tired(state, who)["mv_effect"]
        base, el = int(figures["mv"]), int(figures["el"])
        mv = base // 2 if effect_ == "halved" else base - 1 if effect_ == "−1" else base
        return max(mv - el, 0)

    def _ties(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        """Roll 1d10 for each combatant tied with another and not yet rolled for (kept for the fight)."""
        rolls: dict[str, list[int]] = fight.setdefault("tie_rolls", {})
        ids = list(fight["combatants"])
        for _ in range(3):
            rating = {who: self.rating(state, who) for who in ids}
            mine = {who: rolls.get(who, []) for who in ids}
            # tied: the same rating, and rolls so far that are the other's, or the start of them
            tied = [who for who in ids if any(other != who and rating[other] == rating[who]
                                              and mine[other][:len(mine[who])] == mine[who] for other in ids)]
            if not tied:
                return
            for who in tied:
                rolls.setdefault(who, []).append(dice.one(10, purpose=f"Tied initiative, {self.name(state, who)}"))
            note(state, self.at(state), "Tied initiative ratings: " + listed([
                f"{self.name(state, who)} rolls {rolls[who][-1]}" for who in tied]) + " on 1d10; higher first.",
                 FIGHTS)

    def _order(self, state: State, fight: dict[str, Any], ids: list[str]) -> list[str]:
        listed = list(fight["combatants"])
        rolls = fight.get("tie_rolls", {})
        return sorted(ids, key=lambda who: (-self.rating(state, who), [-face for face in rolls.get(who, [])],
                                            fight["combatants"][who]["side"] != "party", listed.index(who)))

    def begin(self, state: State, fight: dict[str, Any], action: dict[str, Any], dice: Dice) -> None:
        self._ties(state, fight, dice)
        fight["order"] = self._order(state, fight, list(fight["combatants"]))

    def place(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> None:
        """A latecomer acts this round if their place in the order is still to come."""
        self._ties(state, fight, dice)
        done = fight["order"][:fight["turn"] + 1]
        whole = self._order(state, fight, list(fight["combatants"]))
        cut = max(whole.index(who) for who in done) if done else -1
        fight["order"] = done + [who for who in whole if who not in done and (who not in ids or whole.index(who) > cut)]

    def new_round(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        fight["order"] = self._order(state, fight, list(fight["combatants"]))
        for one in fight["combatants"].values():
            one.pop("blocks_used", None)

    def tick(self, state: State, fight: dict[str, Any]) -> None:
        state["clock"]["rounds"] += 1
        for who in fight["combatants"]:
            wounds, level = self.wounds(state, who), self.figures(state, who)["el"]
            if wounds["dead"] or wounds["unconscious"]:
                continue
            per = ROUNDS_PER_END[level]
            wounds["combat_rounds"] += 1
            if wounds["combat_rounds"] % per == 0:
                wounds["end_lost"] += 1
                base = self.figures(state, who)["end"]
                self.note_figures(state, who, f"{self.name(state, who)} loses 1 END to {per} rounds of combat at EL "
                                              f"{level}: {base - wounds['end_lost']} of {base}.",
                                  rules.FATIGUE_PAGE + "#combat-fatigue",
                                  f"{self.name(state, who)} loses 1 END to {per} rounds of combat.")

    # ------------------------------------------------------------ turns
    def out(self, state: State, fight: dict[str, Any], who: str) -> bool:
        wounds = self.wounds(state, who)
        return bool(wounds["dead"] or wounds["unconscious"])

    def can_act(self, state: State, fight: dict[str, Any], who: str) -> bool:
        return not self.out(state, fight, who)

    def can_now(self, state: State, form_id: str, field: str, who: str) -> bool:
        """The dead take no damage, only the stunned recover, the stunned choose no maneuver, and
        blocks run out each round."""
        if form_id == "damage":
            return not state["characters"][who]["dead"]
        if form_id == "recover":
            return bool(state["characters"][who]["stunned"])
        if form_id == "damage_foe":
            return not state["fight"]["combatants"][who]["dead"]
        if form_id == "maneuver":
            return not self.wounds(state, who)["stunned"]
        if form_id == "block":
            one = state["fight"]["combatants"][who]
            return bool(one.get("blocks_used", 0) < blocks_per_round(self.figures(state, who)["combat_level"]))
        if form_id == "attack":  # an attacker able to act, a target still in the fight
            stunned = field == "who" and self.wounds(state, who)["stunned"]
            return not self.out(state, state["fight"], who) and not stunned
        return True

    def open_now(self, state: State, form_id: str) -> bool:
        if form_id == "attack":  # someone able to attack someone else still in the fight
            fight = state["fight"]
            return any(self.can_now(state, "attack", "who", who) and self.can_now(state, "attack", "target", other)
                       for who in fight["combatants"] for other in fight["combatants"] if other != who)
        return True

    def no_attack(self, state: State, fight: dict[str, Any], who: str) -> str:
        return attacks.attacker_refusal(self, state, who)

    def start_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        if self.wounds(state, who)["stunned"]:
            fight["combatants"][who]["stun_turn"] = fight["round"]
            note(state, self.at(state), f"{self.name(state, who)} is stunned and loses this turn.",
                 rules.DAMAGE_PAGE + "#damage")

    def end_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        one = fight["combatants"][who]
        if one.pop("stun_turn", None) == fight["round"] and self.wounds(state, who)["stunned"]:
            self.wounds(state, who)["stunned"] = False
            note(state, self.at(state), f"{one['name']} has lost a turn to the stun and acts again next turn.",
                 rules.DAMAGE_PAGE + "#damage")

    # ------------------------------------------------------------ damage, maneuvers, blocks
    def foe_damage(self, state: State, fight: dict[str, Any], who: str, action: dict[str, Any], dice: Dice) -> None:
        """The party's damage rules (shell.session.damage) with the foe's figures."""
        keys(action, ("who", "side", *(spec.name for spec in rules.HIT_INPUTS)))
        foe = fight["combatants"][who]
        if foe["dead"]:
            raise RulesInputError("who", f"Foe: {foe['name']} is dead.")
        given = {spec.name: take(action, spec) for spec in rules.HIT_INPUTS}
        location, side = given["location"], take(action, rules.SIDE)
        key = f"{side} {location}" if side else location
        hit = get_calculator("shell.damage").run({
            "damage": given["damage"], "damage_type": given["type"], "location": location,
            "armour_dr": given["armour_dr"], "armour_piercing": given["armour_piercing"],
            "natural_dr": foe["natural_dr"], "dm_percent": given["dm_percent"], "base_hp": foe["hp"],
            "location_damage_before": foe["locations"].get(key, 0), "lethal_before": foe["lethal"],
            "stun_before": foe["stun"], "non_lethal": given["non_lethal"]})
        foe["locations"][key] = hit["location_damage"]
        if location in rules.PARENT and hit["counted"]:
            limb = f"{side} {rules.PARENT[location]}" if side else rules.PARENT[location]
            foe["locations"][limb] = foe["locations"].get(limb, 0) + hit["counted"]
        lethal = is_lethal(given["non_lethal"], given["type"], location)
        foe["lethal" if lethal else "stun"] += hit["counted"]
        if hit["crippling"] not in (None, "no effect"):
            foe["crippled"][key] = hit["crippling"]
        foe.update(stunned=foe["stunned"] or hit["stunned"], unconscious=foe["unconscious"] or hit["unconscious"],
                   dead=hit["dead"])
        states = [word for word in ("stunned", "unconscious", "dead") if hit[word]]
        shown = f": {', '.join(states)}." if states else "."
        own_dr = f" (natural DR {foe['natural_dr']})" if foe["natural_dr"] else ""  # the foe's, always counted
        note(state, self.at(state), f"{foe['name']} is hit in the {key}" + shown,
             rules.DAMAGE_PAGE + "#hit-location",
             gm_text=f"{foe['name']} is hit in the {key}{own_dr}: {hit['counted']} "
                     f"{'lethal' if lethal else 'non-lethal'} counted; total {hit['total_damage']} of {foe['hp']} HP"
                     + shown.replace(":", ";"))

    def finish(self, state: State, fight: dict[str, Any]) -> None:
        """The non-lethal tally of each character in the fight is wiped as it ends (sessions begun
        under rules version 2 on: an older one replays its fights' ends as they were played)."""
        if state.get("rules_version", 0) < STUN_WIPED_FROM:
            return
        for who, one in fight["combatants"].items():
            wounds = state["characters"].get(who) if one["side"] == "party" else None
            if wounds and (wounds["stun"] or wounds.get("stun_locations")) and not wounds["dead"]:
                gone = wipe_stun(wounds)
                note(state, self.at(state), f"{one['name']}'s non-lethal damage ({gone}) is wiped with the fight's "
                                            f"end: damage taken {wounds['lethal']} of {self.figures(state, who)['hp']} "
                                            f"HP.", rules.DAMAGE_PAGE + "#crushing")

    def hurt_marker(self, state: State, who: str) -> Any:
        wounds = self.wounds(state, who)
        return wounds["lethal"] + wounds["stun"]

    def maneuver_effects(self, state: State, fight: dict[str, Any], who: str, maneuver: str, streak: int,
                         action: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
        name = self.name(state, who)
        if self.wounds(state, who)["stunned"]:
            raise RulesInputError("maneuver", f"Maneuver: {name} is stunned and loses this turn.")
        label = dict(MANEUVERS)[maneuver]
        note(state, self.at(state), f"{name}: {label}" + (f", turn {streak} of aiming" if maneuver == "aim" else "")
             + ".", PAGE + "#" + ("rounds" if maneuver == "move" else "maneuvers" if maneuver == "other"
                                  else maneuver))
        if maneuver not in SHELL_MANEUVERS:
            points = max(self.figures(state, who)["mv"] - self.figures(state, who)["el"], 0)
            return [] if maneuver == "other" else [effect(
                who, "Move", f"moves up to {points} units (MV − EL) instead of a step and a maneuver",
                ends_at_turn(fight, who, "turn_end"), PAGE + "#rounds", "maneuver")]
        row = SHELL_MANEUVERS[maneuver]
        text = f"AT {signed(row.at)}, DEF {signed(row.defence)}: {row.in_short}"
        if maneuver == "aim":
            text += f"; {signed(min(streak, 3))} AT to the shot that follows ({streak} turn{'s' if streak > 1 else ''})"
        return [effect(who, row.name, text + f", until {name}'s next turn", ends_at_turn(fight, who), PAGE + "#"
                       + maneuver, "maneuver")]

    def block(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        """``{"do": "block", "who": id}``: one of the blocks a round that the combat level allows."""
        keys(action, ("who",))
        fight = self.need_fight(state)
        who = self.fighter(state, fight, action)
        one, allowed = fight["combatants"][who], blocks_per_round(self.figures(state, who)["combat_level"])
        if one.get("blocks_used", 0) >= allowed:
            raise RulesInputError("who", f"Combatant: {one['name']} has used all {allowed} block"
                                         f"{'s' if allowed != 1 else ''} this round; dodging is unlimited.")
        one["blocks_used"] = one.get("blocks_used", 0) + 1
        note(state, self.at(state), f"{one['name']} blocks ({one['blocks_used']} of {allowed} this round).",
             PAGE + "#defences")

    def actions(self) -> dict[str, Any]:
        return {**super().actions(), "block": self.block}

    # ------------------------------------------------------------ the view
    def conditions(self, state: State, fight: dict[str, Any], who: str) -> list[dict[str, Any]]:
        wounds = self.wounds(state, who)
        rule = rules.DAMAGE_PAGE + "#damage"
        if wounds["dead"]:
            return [{"name": "Dead", "text": "out of the fight", "ends": "never", "rule": rule}]
        shown = []
        if wounds["unconscious"]:
            shown.append({"name": "Unconscious", "text": "can do nothing", "ends": "on waking", "rule": rule})
        if wounds["stunned"]:
            shown.append({"name": "Stunned", "text": "loses their next turn; DEF −2", "ends": "when that turn ends",
                          "rule": rule})
        return shown

    def calculator_inputs(self, state: State, fight: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
        """The attack (AT = combat level + the modifier of the AG of the moment, as the rating takes it;
        this turn's maneuver as the attacker's) and the damage the fighter takes."""
        figures, wounds = self.figures(state, who), self.wounds(state, who)
        ag = figures["ag"] + self.tired(state, who)["st_ag_modifier"]
        now, _ = self.maneuvers(fight["combatants"][who], fight)
        maneuver = now["id"] if now.get("id") in SHELL_MANEUVERS else "attack"
        return {"shell.modifiers": {"attack_value": figures["combat_level"] + ag_at_modifier(ag),
                                    "attacker_maneuver": maneuver},
                "shell.damage": {"base_hp": figures["hp"], "natural_dr": figures["natural_dr"],
                                 "lethal_before": wounds["lethal"], "stun_before": wounds["stun"]}}

    def shown(self, state: State, fight: dict[str, Any], who: str, gm: bool) -> dict[str, Any]:
        figures, wounds, one = self.figures(state, who), self.wounds(state, who), fight["combatants"][who]
        total = wounds["lethal"] + wounds["stun"]
        shown: dict[str, Any] = {
            "initiative": self.rating(state, who), "mv_points": self.mv_points(state, who),
            "blocks": blocks_per_round(figures["combat_level"]), "blocks_used": one.get("blocks_used", 0),
            "looks": looks(figures["hp"] - total, figures["hp"], wounds["dead"], wounds["unconscious"])}
        shown["figures"] = [f"initiative {shown['initiative']}"]
        shown["weapons"] = attacks.weapons_shown(state, one, gm)
        if gm or one["side"] == "party":
            shown.update(hp=figures["hp"], damage=total, end=figures["end"] - wounds["end_lost"])
            shown["figures"] = [f"damage taken {total} of {figures['hp']} HP", f"END {shown['end']}",
                                *shown["figures"]]
        return shown

    def due(self, state: State, fight: dict[str, Any], gm: bool) -> list[dict[str, Any]]:
        return [{"who": who, "text": f"{self.name(state, who)} is stunned: loses their next turn.",
                 "rule": rules.DAMAGE_PAGE + "#damage"} for who in fight["order"]
                if self.wounds(state, who)["stunned"] and not self.out(state, fight, who)]


FIGHT = ShellFight()


def attack_action(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "attack", "who", "target", "weapon", "defence", ...}``: :mod:`.attack_action`."""
    attacks.attack(FIGHT, state, action, dice)


def preview_attack(state: State, action: dict[str, Any], gm: bool) -> dict[str, Any]:
    """session.preview's ``attack`` for SHELL: :func:`.attack_action.preview`."""
    return {"attack": attacks.preview(FIGHT, state, action, gm)}


PREVIEWS = {"attack": preview_attack}  # what session.preview adds for an action, by its "do"


ACTIONS = {**FIGHT.actions(), "attack": remembered(FIGHT, attack_action)}
FORMS = (*rules.FORMS, *FIGHT.forms(next(form for form in rules.FORMS if form.id == "damage").fields[1:]),
         Action("block", "block", "Block", "One of the blocks a round the combat level allows; dodges are unlimited.",
                (WHO,)),
         Action("attack", "attack", "Attack roll",
                "An attack in the fight: 2d10 + AT − DEF against the defender's dodge or block; a hit rolls the "
                "weapon's damage and strikes the location aimed at, past the armour there.", attacks.FIELDS))


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    return FIGHT.wrap_start(party, sheets)


def view(state: State, gm: bool) -> dict[str, Any]:
    return FIGHT.wrap_view(state, gm)


_at = rules._at

# What the play layer calls (rulescore.play.registry; registered by rulescore/shell/__init__.py).
RULES = GameRules(fight=FIGHT, actions=ACTIONS, forms=FORMS, start=start, view=view, at=_at, previews=PREVIEWS,
                  sheet_fields=rules.SHEET_FIELDS, leaving=rules.leaving,
                  player_actions=("maneuver", "attack", "next_turn"),
                  player_attack_fields=("who", "target", "weapon", "location", "side", "moved", "range_units"),
                  attack_roll=(2, 10))
