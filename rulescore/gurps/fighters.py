"""Who is who in a GURPS fight, and who acts when: :class:`GurpsFighters`, the part of the
fight (:mod:`rulescore.gurps.fight`) that the attack, the defences and their plan read
(:mod:`rulescore.gurps.attack`, :mod:`rulescore.gurps.defend`, :mod:`rulescore.gurps.attack_plan`):
a fighter's figures and wounds, a foe's row, the order of turns, who is out, who must Do Nothing.

The order is set once, at the start: higher Basic Speed first. Foes tied on Speed keep the order
the GM listed them in; where a character is among those tied, higher DX goes first, and those
still tied roll 1d6 each, higher first (again while tied, three times at most, then the order
listed). Kara (Speed 6, DX 12) and Bruno (Speed 6, DX 11) against two goblins at Speed 6:

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"dx": 12, "ht": 12}},
...          {"id": "b", "name": "Bruno", "system": "gurps", "fields": {"dx": 11, "ht": 13}}]
>>> state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [
...     {"name": "Goblin", "count": 2, "basic_speed": 6, "dx": 13}]})
>>> session.view(state)["fight"]["order"]
['f1', 'f2', 'k', 'b']
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core import Input
from ..play.common import State, note, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import COUNT, FOE_NAME, Fight, effect
from ..play.foe_sheet import SHEET, sheet_figures, with_sheet
from ..wording import listed
from . import session as rules
from .common import succeeds
from .kit import FOE_WEAPON_FIELDS, SHEET_KIT, foe_row_of, read_foe_weapon, sheet_kit

PAGE = "gurps/maneuvers/"
FIGHTS = PAGE + "#fights-in-the-session"
INJURY = rules.INJURY
FOE_FIELDS = (
    Input("hp", "HP", "int", 10, min=1, max=500),
    Input("ht", "HT", "int", 10, min=1, max=30),
    Input("basic_speed", "Basic Speed", "number", 5, min=0, max=30, step=Fraction(1, 4)),
    Input("dx", "DX", "int", 10, min=1, max=30, help="breaks ties on Basic Speed where a character is tied too"),
    Input("dodge", "Dodge", "int", 0, min=0, max=30, help="0: Basic Speed + 3, fractions dropped"),
    Input("dr", "DR", "int", 0, min=0, max=100),
    Input("will", "Will", "int", 10, min=1, max=30, help="for Aim and Concentrate when hurt"),
    Input("skill", "Attack skill", "int", 12, min=3, max=30, help="the foe's best melee attack skill"),
    *FOE_WEAPON_FIELDS,  # its weapon, damage, Parry and Block (gurps.kit)
)

MANEUVERS = (("do_nothing", "Do Nothing"), ("move", "Move"), ("change_posture", "Change Posture"),
             ("aim", "Aim"), ("evaluate", "Evaluate"), ("attack", "Attack"), ("feint", "Feint"),
             ("all_out_attack", "All-Out Attack"), ("all_out_defense", "All-Out Defense"),
             ("move_and_attack", "Move and Attack"), ("concentrate", "Concentrate"), ("ready", "Ready"),
             ("wait", "Wait"))


def _number(value: Any) -> Any:
    return int(value) if Fraction(value).denominator == 1 else float(value)


class GurpsFighters(Fight):
    """A GURPS fight's fighters and their order; :class:`rulescore.gurps.fight.GurpsFight` adds
    the turns, maneuvers, damage to foes and the view."""

    rules = rules
    weapon_to_hit = "skill"
    foe_fields = FOE_FIELDS
    foe_extra_keys = (SHEET,)
    wound_keys = ("hp_lost", "shock", "stunned", "conscious", "dead")
    page = FIGHTS

    # ------------------------------------------------------------ who is who
    def figures(self, state: State, who: str) -> dict[str, Any]:
        """HP, HT, Speed, DX, Will (and a character's IQ) of anyone in the fight, and their wounds (a
        dict to change)."""
        one: dict[str, Any] = state["fight"]["combatants"][who]
        if one["side"] == "foes":
            return one
        figures = sheet(state, who)
        return {**state["characters"][who], "hp": figures["hp"], "ht": figures["ht"], "dx": figures["dx"],
                "basic_speed": figures["basic_speed"], "will": figures["will"], "iq": figures["iq"]}

    def wounds(self, state: State, who: str) -> dict[str, Any]:
        one = state["fight"]["combatants"][who]
        wounds: dict[str, Any] = one if one["side"] == "foes" else state["characters"][who]
        return wounds

    def party_can_fight(self, state: State, who: str) -> bool:
        return not state["characters"][who]["dead"]

    def foe(self, state: State, entry: dict[str, Any], dice: Dice) -> dict[str, Any]:
        speed = entry["basic_speed"]
        return {"hp": entry["hp"], "ht": entry["ht"], "basic_speed": _number(speed), "dx": entry["dx"],
                "dodge": entry["dodge"] or int(speed) + 3, "dr": entry["dr"], "will": entry["will"],
                "skill": entry["skill"], **{key: entry[key] for key in ("weapon", "damage", "parry", "block", "acc")},
                **{key: entry[key] for key in SHEET_KIT if key in entry},  # a foe from a sheet (gurps.kit)
                "hp_lost": 0, "shock": 0, "stunned": False, "conscious": True, "dead": False}

    def read_foe(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A foe row, its weapon, damage, Parry and Block optional (gurps.kit); or a row with a
        ``sheet`` (play.foe_sheet): the sheet's figures and all its weapons (gurps.kit.from_sheet)."""
        kept: dict[str, Any] = {}
        if SHEET in row:
            figures = sheet_figures("gurps", row[SHEET])
            row, kept = with_sheet(row, foe_row_of(figures)), sheet_kit(figures)
        entry = {spec.name: take(row, spec) for spec in FOE_FIELDS if spec not in FOE_WEAPON_FIELDS}
        return {**entry, **read_foe_weapon(row), **kept, "name": take(row, FOE_NAME).strip(),
                "count": take(row, COUNT)}

    # ------------------------------------------------------------ the order
    def _sorted(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> list[str]:
        """``ids`` in turn order: Speed, then (characters among the tied) DX, then a roll-off."""
        speed = {who: self.figures(state, who)["basic_speed"] for who in ids}
        ordered: list[str] = []
        for value in sorted(set(speed.values()), reverse=True):
            tied = [who for who in ids if speed[who] == value]
            if len(tied) > 1 and any(fight["combatants"][who]["side"] == "party" for who in tied):
                tied = self._dx_then_roll(state, fight, tied, dice)
            ordered += tied
        return ordered

    def _dx_then_roll(self, state: State, fight: dict[str, Any], tied: list[str], dice: Dice) -> list[str]:
        dx = {who: self.figures(state, who)["dx"] for who in tied}
        result: list[str] = []
        for value in sorted(set(dx.values()), reverse=True):
            group = [who for who in tied if dx[who] == value]
            rolls: dict[str, list[int]] = {who: [] for who in group}
            # foes alone tied on DX too: the GM's order, as listed
            still = group if any(fight["combatants"][who]["side"] == "party" for who in group) else []
            for _ in range(3):
                if len(still) < 2:
                    break
                for who in still:
                    rolls[who].append(dice.one(6, purpose=f"Tied initiative, {self.name(state, who)}"))
                still = [who for who in still if any(rolls[other] == rolls[who] for other in group if other != who)]
            if any(rolls.values()):
                note(state, self.at(state), f"Tied on Basic Speed and DX {value}: "
                     + listed([f"{self.name(state, who)} rolls {'-'.join(map(str, rolls[who]))}" for who in group])
                     + "; higher first.", PAGE + "#who-goes-first")
            result += sorted(group, key=lambda who: [-face for face in rolls[who]])
        return result

    def place(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> None:
        """A latecomer goes after everyone already in the order with the same Speed (and DX)."""
        for who in ids:
            mine = self.figures(state, who)
            key = (mine["basic_speed"], mine["dx"])
            index = next((number for number, other in enumerate(fight["order"])
                          if (self.figures(state, other)["basic_speed"], self.figures(state, other)["dx"]) < key),
                         len(fight["order"]))
            fight["order"].insert(index, who)
            if index <= fight["turn"]:
                fight["turn"] += 1

    def tick(self, state: State, fight: dict[str, Any]) -> None:
        state["clock"]["turns"] += 1  # a round is one second

    def begin(self, state: State, fight: dict[str, Any], action: dict[str, Any], dice: Dice) -> None:
        fight["order"] = self._sorted(state, fight, list(fight["combatants"]), dice)
        side = fight["options"]["surprised"]
        if side != "none":
            fight["surprised"] = {who: 1 for who, one in fight["combatants"].items() if one["side"] == side}
            for who in fight["surprised"]:
                fight["effects"].append(effect(who, "Surprised", "must Do Nothing",  # on their first turn
                                               {"at": "turn_end", "who": who, "round": 1}, PAGE + "#do-nothing"))
            note(state, self.at(state), f"The {'party is' if side == 'party' else 'foes are'} surprised: Do Nothing on "
                                        f"the first turn.", PAGE + "#do-nothing")

    # ------------------------------------------------------------ who may act
    def out(self, state: State, fight: dict[str, Any], who: str) -> bool:
        wounds = self.wounds(state, who)
        return bool(wounds["dead"] or not wounds["conscious"])

    def can_act(self, state: State, fight: dict[str, Any], who: str) -> bool:
        return not self.out(state, fight, who)

    def _ht(self, dice: Dice, target: int, purpose: str) -> tuple[int, bool]:
        roll = sum(dice(3, 6, purpose=purpose))
        return roll, succeeds(roll, target)

    def hurt_marker(self, state: State, who: str) -> Any:
        return self.wounds(state, who)["hp_lost"]

    def maneuver_choices(self, state: State, fight: dict[str, Any], who: str) -> list[str]:
        """Only Do Nothing for someone stunned or surprised this round; else every maneuver."""
        if self._must_do_nothing(state, fight, who):
            return ["do_nothing"]
        return [value for value, _ in MANEUVERS]

    def _must_do_nothing(self, state: State, fight: dict[str, Any], who: str) -> str:
        """Why ``who`` must Do Nothing on their turn ("stunned", "surprised"), or ""."""
        if self.wounds(state, who)["stunned"]:
            return "stunned"
        return "surprised" if fight.get("surprised", {}).get(who) == fight["round"] else ""
