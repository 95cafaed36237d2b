"""Basic Fantasy fights (docs: bfrpg/combat.md): surprise, initiative every round, morale and
hit points, for foes typed in or picked from the rulebook's monsters (:mod:`.monsters`, read into
a foe's row by :mod:`.foes`). The machinery is :mod:`rulescore.play.fight`; the party's hit points are the session's
(:mod:`rulescore.bfrpg.session`).

Each round every combatant rolls 1d6 plus their Dexterity bonus (a monster none unless given),
higher first; equal numbers act at the same time. Three goblins rolling once as a group:

>>> from rulescore import session
>>> party = [{"id": "a", "name": "Ana", "system": "bfrpg", "fields": {"dexterity": 13}}]
>>> faces = iter([2, 5,  6, 6,  4, 3])  # goblins' HP 1d8−1; surprise (party, foes); initiative
>>> state = session.apply(session.new("bfrpg", party), {"do": "fight", "foes": [
...     {"monster": "goblin", "count": 2}]}, roll=lambda n, s: [next(faces) for _ in range(n)])
>>> fight = session.view(state, gm=True)["fight"]
>>> fight["order"], [(c["name"], c["initiative"], c["hp"]) for c in fight["combatants"]]
(['a', 'f1', 'f2'], [('Ana', 5, 8), ('Goblin 1', 3, 1), ('Goblin 2', 3, 4)])

Our readings, where the rules leave a choice (also in the docs):

- Surprise: one 1d6 for each side that may be surprised, the party's first; an elf is surprised
  only on a roll one lower than the rest of the party. Surprised combatants keep their place in
  the order but cannot move or attack in round 1.
- Initiative ties: the party's rolls are asked for first, then the foes' in the order listed;
  tied combatants act at the same time, shown party first. The dead and the down roll no more
  (a group all fallen rolls nothing) and are listed last. Someone killed by a combatant acting
  on the same number still takes their turn that round.
- Morale: checked for each group of foes listed together (one row of the form). "First meet
  opposition" is read as the end of round 1; half strength as half the group's number out of
  the fight (dead or gone) or, for a lone foe, half its hit points lost. A check comes at the
  end of the turn in which it became due. A score of 12 never fails and is not rolled.
- A monster's hit points are rolled per hit die when the form gives none ("1-1": 1d8 − 1, at
  least 1); a latecomer rolls initiative as it joins and acts this round if its number has not
  come yet.
- Time: once a fight ends, the rest of the turn it ended in passes (catching breath, looking
  over the fallen), so the clock reads whole turns again; lights burn through it.
- A character short of sleep (:mod:`.rest`) attacks with the penalty added to the roll.
"""

from __future__ import annotations

from typing import Any

from ..core import Input, RulesInputError
from ..notation import signed, span
from ..play.common import Action, State, keys, note, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import effect, looks
from ..play.registry import GameRules
from ..play.weapon_choice import remembered
from ..wording import listed
from . import attack_action as attacks
from . import map_walk, running
from . import session as rules
from .clock import DUNGEON, pass_time
from .foes import BfrpgFoes
from .rest import SESSION_RULE as REST_RULE
from .rest import penalty as sleep_penalty
from .running import MONSTER_RUN_ROUNDS
from .time_scale import ROUNDS_PER_TURN

PAGE = "bfrpg/combat/"
# Before stop 34 the dead and the down rolled initiative each round too: sessions saved then
# replay their rounds so (rulescore.play.registry's legacy).
DEAD_ROLL = "bfrpg_dead_roll_initiative"
SURPRISE = Input("surprise", "May be surprised", "choice", "both", help="1d6 for each side that may be: 1-2 surprised",
                 choices=(("both", "both sides"), ("party", "the party"), ("foes", "the foes"), ("none", "neither")))
AMBUSH = Input("ambush", "Lying in ambush", "choice", "none", help="the other side is surprised on 1-4",
               choices=(("none", "neither side"), ("party", "the party"), ("foes", "the foes")))
SUBDUE = Input("subdue", "Subduing damage", "bool", False, help="at 0 HP unconscious, not dead")


class BfrpgFight(BfrpgFoes):
    """A Basic Fantasy fight: its order, surprise, morale, what can be done now and the view, on its foes."""

    weapon_to_hit = "magic"
    rules = rules
    fight_fields = (SURPRISE, AMBUSH)
    page = PAGE

    # ------------------------------------------------------------ who fights
    def party_can_fight(self, state: State, who: str) -> bool:
        hp: int = state["characters"][who]["hp"]
        return hp > 0

    # ------------------------------------------------------------ order
    def _roll(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> None:
        rolled: dict[str, int] = fight.setdefault("initiative", {})
        shared: dict[str, int] = {}
        words = []
        for who in ids:
            one = fight["combatants"][who]
            group = one.get("group") if one.get("group_initiative") else None
            if group in shared:
                rolled[who] = shared[group]
                continue
            bonus = one["dexterity_bonus"] if one["side"] == "foes" else sheet(state, who)["dexterity_bonus"]
            label = fight["groups"][group]["name"] if group and fight["groups"][group]["count"] > 1 else one["name"]
            face = dice.one(6, purpose=f"Initiative, {label}" + (" (one roll for the group)" if label != one["name"]
                                                                else ""))
            rolled[who] = face + bonus
            if group:
                shared[group] = rolled[who]
            words.append(f"{label} {face}" + (f" {bonus:+d} = {rolled[who]}" if bonus else ""))
        if words:
            note(state, self.at(state), "Initiative (1d6 + Dexterity bonus): " + listed(words) + ".",
                 PAGE + "#initiative")

    def _rank(self, fight: dict[str, Any], listed: list[str], who: str) -> tuple[bool, int, bool, int]:
        """Higher numbers first; ties shown party first, then in the order listed; the fallen, who
        roll no more, last."""
        number = fight["initiative"].get(who)
        return number is None, -(number or 0), fight["combatants"][who]["side"] != "party", listed.index(who)

    def _order(self, fight: dict[str, Any]) -> None:
        listed = list(fight["combatants"])
        fight["order"] = sorted(listed, key=lambda who: self._rank(fight, listed, who))

    def begin(self, state: State, fight: dict[str, Any], action: dict[str, Any], dice: Dice) -> None:
        for who, one in fight["combatants"].items():  # still exhausted from running in an earlier fight
            if one["side"] == "party" and state["characters"][who].get("exhausted"):
                one["rounds_run"] = 2 * sheet(state, who)["constitution"]
                fight["effects"].append(effect(who, "Exhausted", "can only walk until they rest a turn",
                                               {"at": "rest"}, PAGE + "#running", "run"))
        self._surprise(state, fight, dice)
        self._roll(state, fight, list(fight["combatants"]), dice)
        self._order(fight)
        for group, data in fight["groups"].items():
            data.update(due=["first opposition"] if self._morale_of(fight, group) < 12 else [], checked=[],
                        broken=False)

    def _surprise(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        options = fight["options"]
        sides = ("party", "foes") if options["surprise"] == "both" else () if options["surprise"] == "none" \
            else (options["surprise"],)
        for side in sides:
            ambushed = options["ambush"] not in ("none", side)
            top = 4 if ambushed else 2
            face = dice.one(6, purpose=f"Surprise, {'the party' if side == 'party' else 'the foes'}")
            caught = []
            for who, one in fight["combatants"].items():
                if one["side"] != side:
                    continue
                elf = side == "party" and sheet(state, who).get("race") == "elf"
                if face <= top - (1 if elf else 0):
                    caught.append(who)
                    fight["effects"].append(effect(who, "Surprised", "cannot move or attack this round; defends as "
                                                                     "usual", {"at": "round_start", "round": 2},
                                                   PAGE + "#surprise"))
            has_elf = side == "party" and any(sheet(state, who).get("race") == "elf"
                                              for who, one in fight["combatants"].items() if one["side"] == side)
            elves = f", an elf {span(1, top - 1)}" if has_elf else ""
            who_side = "the party" if side == "party" else "the foes"
            outcome = listed([self.name(state, c) for c in caught]) + " surprised." if caught else "not surprised."
            note(state, self.at(state), f"Surprise, {who_side}: 1d6 = {face} (surprised on {span(1, top)}{elves}): "
                                        f"{outcome}", PAGE + "#surprise")

    def place(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> None:
        """Latecomers roll at once; those whose number has not come yet act this round, the others
        from the next (they stay out of this round's order)."""
        self._roll(state, fight, ids, dice)
        current = self.current(fight)
        number = fight["initiative"].get(current) if current else None
        done = fight["order"][:fight["turn"] + 1]
        rest = fight["order"][fight["turn"] + 1:] + [who for who in ids
                                                     if number is None or fight["initiative"][who] < number]
        listed = list(fight["combatants"])
        fight["order"] = done + sorted(rest, key=lambda who: self._rank(fight, listed, who))
        for group in {fight["combatants"][who].get("group") for who in ids} - {None}:
            fight["groups"][group].update(due=[], checked=[], broken=False)

    def add_foes(self, state: State, fight: dict[str, Any], entries: list[dict[str, Any]], dice: Dice) -> list[str]:
        added = super().add_foes(state, fight, entries, dice)
        for data in fight["groups"].values():
            data.setdefault("label", data["name"] if data["count"] == 1 else f"{data['name']} ×{data['count']}")
        return added

    def tick(self, state: State, fight: dict[str, Any]) -> None:
        pass_time(state, 1)

    def new_round(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        if fight["round"] == 2:
            self._morale(state, fight, dice, "first opposition")
        standing = [who for who in fight["combatants"] if not self.out(state, fight, who)]
        if DEAD_ROLL in state.get("legacy", ()):  # a round saved before the fallen stopped rolling
            standing = list(fight["combatants"])
        for who in fight["combatants"]:  # the dead and the down roll no more (a group all fallen: no roll)
            if who not in standing:
                fight["initiative"].pop(who, None)
        self._roll(state, fight, standing, dice)
        self._order(fight)

    # ------------------------------------------------------------ who can act
    def out(self, state: State, fight: dict[str, Any], who: str) -> bool:
        return self._hp(state, who) <= 0

    def can_act(self, state: State, fight: dict[str, Any], who: str) -> bool:
        if self._hp(state, who) > 0:
            return True
        fell = fight["combatants"][who].get("fell")  # [round, number acting]: fell to someone acting with them
        return bool(fell == [fight["round"], fight["initiative"].get(who)])

    def _hp(self, state: State, who: str) -> int:
        one = state["fight"]["combatants"][who]
        hp: int = one["hp"] if one["side"] == "foes" else state["characters"][who]["hp"]
        return hp

    def end_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        self._morale(state, fight, dice, "half strength")

    # ------------------------------------------------------------ damage and morale
    def foe_damage(self, state: State, fight: dict[str, Any], who: str, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ("who", "hp", "subdue"))
        foe = fight["combatants"][who]
        if foe["hp"] <= 0:
            raise RulesInputError("who", f"Foe: {foe['name']} is already down.")
        amount, subdue = take(action, rules.HP), take(action, SUBDUE)
        foe["hp"] -= amount
        foe["subdued"] = foe["subdued"] or subdue
        down = foe["hp"] <= 0
        note(state, self.at(state), f"{foe['name']} takes {amount} damage" + (
            (": unconscious (subdued), waking with 1 HP in 1d4 turns." if foe["subdued"] else ": dead.") if down
            else "."), PAGE + "#hit-points", gm_text=f"{foe['name']} takes {amount} damage: {foe['hp']} of "
                                                    f"{foe['max_hp']} HP" + (", down." if down else "."))

    def hurt_marker(self, state: State, who: str) -> Any:
        return self._hp(state, who)

    def after_damage(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        one = fight["combatants"][who]
        current = self.current(fight)
        if self._hp(state, who) <= 0 and "fell" not in one and current is not None:
            one["fell"] = [fight["round"], fight["initiative"].get(current)]
            if one["side"] == "party":
                note(state, self.at(state), f"{one['name']} falls at {self._hp(state, who)} HP: dead (0 hit points "
                                            f"or less).", PAGE + "#hit-points")
        if one["side"] == "foes":
            self._half_strength(fight, one["group"])

    def _half_strength(self, fight: dict[str, Any], group: str) -> None:
        data = fight["groups"][group]
        members = [one for one in fight["combatants"].values() if one.get("group") == group]
        standing = [one for one in members if one["hp"] > 0]
        if data["count"] > 1:
            half = 2 * len(standing) <= data["count"]
        else:
            half = not members or 2 * members[0]["hp"] <= members[0]["max_hp"]
        if half and "half strength" not in data["checked"] + data["due"] and standing \
                and self._morale_of(fight, group) < 12 and not data["broken"]:
            data["due"].append("half strength")

    def _morale_of(self, fight: dict[str, Any], group: str) -> int:
        scores = [one["morale"] for one in fight["combatants"].values() if one.get("group") == group]
        return scores[0] if scores else 12

    def _morale(self, state: State, fight: dict[str, Any], dice: Dice, which: str) -> None:
        for group, data in fight["groups"].items():
            for why in [due for due in data.get("due", []) if due == which]:
                data["due"].remove(why)
                data["checked"].append(why)
                standing = [who for who, one in fight["combatants"].items()
                            if one.get("group") == group and one["hp"] > 0]
                if data["broken"] or not standing:
                    continue
                score = self._morale_of(fight, group)
                roll = sum(dice(2, 6, purpose=f"Morale of {data['label']} ({why})"))
                kept = roll <= score
                note(state, self.at(state), f"Morale of {data['label']} ({why}): "
                     + ("they fight on." if kept else "they lose their nerve and flee or surrender."),
                     PAGE + "#morale", gm_text=f"Morale of {data['label']} ({why}): 2d6 = {roll} against "
                                               f"{score}: " + ("they fight on." if kept else "broken."))
                if not kept:
                    data["broken"] = True
                    for who in standing:
                        fight["effects"].append(effect(who, "Broken", "flees or surrenders, as the GM decides",
                                                       {"at": "round_start", "round": 10 ** 6}, PAGE + "#morale"))

    def leave(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        fight = self.need_fight(state)
        who = action.get("who")
        one = fight["combatants"].get(who, {}) if isinstance(who, str) else {}
        super().leave(state, action, dice)
        if one.get("group"):
            self._half_strength(fight, one["group"])

    # ------------------------------------------------------------ what can be done now
    def can_now(self, state: State, form_id: str, field: str, who: str) -> bool:
        fight = state.get("fight")
        if not fight or form_id not in ("damage_foe", "attack", "run"):
            return True
        if self.out(state, fight, who):
            return False  # a foe already down, an attacker or a target out of the fight, a fallen runner
        held = {e["name"] for e in fight["effects"] if e["who"] == who}
        if form_id == "attack" and field == "who":
            return not held & {"Surprised", "Running"}
        if form_id == "run":
            one = fight["combatants"][who]
            limit = 2 * sheet(state, who)["constitution"] if one["side"] == "party" else MONSTER_RUN_ROUNDS
            return not held & {"Surprised", "Running"} and one.get("rounds_run", 0) < limit
        return True

    def open_now(self, state: State, form_id: str) -> bool:
        if form_id in ("day_travel", "day_forced_march"):
            return bool(state["party"])  # nobody to travel
        if form_id == "wandering_check":  # once the checks are set
            return bool(state.get("wandering"))
        if form_id == "attack":  # someone able to attack someone else standing
            fight = state["fight"]
            return any(self.can_now(state, "attack", "who", who) and self.can_now(state, "attack", "target", other)
                       for who in fight["combatants"] for other in fight["combatants"] if other != who)
        return True

    def no_attack(self, state: State, fight: dict[str, Any], who: str) -> str:
        return attacks.attacker_refusal(self, state, who)

    # ------------------------------------------------------------ the view
    def conditions(self, state: State, fight: dict[str, Any], who: str) -> list[dict[str, Any]]:
        one = fight["combatants"][who]
        if self._hp(state, who) > 0:
            tired = sleep_penalty(state["characters"][who]) if one["side"] == "party" else 0
            return [{"name": "Short of sleep", "text": f"{signed(tired)} to attack rolls and saving throws",
                     "ends": "after a full night's sleep", "rule": REST_RULE}] if tired else []
        if one.get("subdued"):
            return [{"name": "Unconscious", "text": "subdued: wakes with 1 HP in 1d4 turns", "ends": "on waking",
                     "rule": PAGE + "#hit-points"}]
        return [{"name": "Dead", "text": "0 hit points or less", "ends": "never", "rule": PAGE + "#hit-points"}]

    def calculator_inputs(self, state: State, fight: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
        one = fight["combatants"][who]
        if one["side"] == "foes":
            return {"bfrpg.attack": {"attack_bonus": one["attack_bonus"]}}
        figures, tired = sheet(state, who), sleep_penalty(state["characters"][who])
        return {"bfrpg.attack": {"attack_bonus": figures["attack_bonus"], "ability_bonus": figures["strength_bonus"],
                                 **({"other_modifier": max(tired, -10)} if tired else {})}}

    def shown(self, state: State, fight: dict[str, Any], who: str, gm: bool) -> dict[str, Any]:
        one = fight["combatants"][who]
        number = fight["initiative"].get(who)
        shown: dict[str, Any] = {"initiative": number, "together": [
            other for other in fight["order"] if number is not None and other != who
            and fight["initiative"].get(other) == number]}
        ranked = [f"initiative {number}"] if number is not None else []
        shown["weapons"] = attacks.weapons_shown(state, one, gm)
        if one["side"] == "party":
            hp, top = self._hp(state, who), sheet(state, who)["hp"]
            return {**shown, "hp": hp, "max_hp": top, "figures": [f"HP {hp} of {top}", *ranked]}
        shown["looks"] = looks(one["hp"], one["max_hp"], one["hp"] <= 0 and not one["subdued"],
                               one["hp"] <= 0 and one["subdued"])
        shown["figures"] = ranked
        if gm:
            shown.update({key: one[key] for key in ("hp", "max_hp", "ac", "attack_bonus", "morale", "hit_dice")},
                         **{key: one[key] for key in ("attacks", "movement", "notes") if key in one})
            shown["figures"] = [f"HP {one['hp']} of {one['max_hp']}", f"AC {one['ac']}",
                                f"attack bonus {signed(one['attack_bonus'])}", f"morale {one['morale']}", *ranked]
        return shown

    def due(self, state: State, fight: dict[str, Any], gm: bool) -> list[dict[str, Any]]:
        if not gm:
            return []
        items = []
        for data in fight["groups"].values():
            for why in data.get("due", []):
                when = "at the end of round 1" if why == "first opposition" else "at the end of this turn"
                items.append({"who": None, "text": f"Morale check for {data['label']} ({why}) {when}.",
                              "rule": PAGE + "#morale"})
        return items

    def finish(self, state: State, fight: dict[str, Any]) -> None:
        """A runner exhausted in the fight stays so after it, until the party rests a turn; the
        rest of the turn passes, so the clock reads whole turns again (our reading)."""
        for e in fight["effects"]:
            if e["name"] == "Exhausted" and fight["combatants"][e["who"]]["side"] == "party" \
                    and e["who"] in state["characters"]:
                state["characters"][e["who"]]["exhausted"] = True
        into = state["clock"]["rounds"] % ROUNDS_PER_TURN
        if into:
            rest = ROUNDS_PER_TURN - into
            note(state, self.at(state), f"The rest of the turn passes ({rest} rounds) as the party catches its breath: "
                                        f"after a fight the clock counts whole turns again (our reading).",
                 DUNGEON + "#time-and-scale")
            pass_time(state, rest)


FIGHT = BfrpgFight()

# --------------------------------------------------------------------------- attacks (.attack_action)

def attack_action(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "attack", "who", "target", "weapon", ...}``: :mod:`.attack_action`."""
    attacks.attack(FIGHT, state, action, dice)


def preview_attack(state: State, action: dict[str, Any], gm: bool) -> dict[str, Any]:
    """session.preview's ``attack`` for Basic Fantasy: :func:`.attack_action.preview`."""
    return {"attack": attacks.preview(FIGHT, state, action, gm)}


PREVIEWS = {"attack": preview_attack}  # what session.preview adds for an action, by its "do"


# --------------------------------------------------------------------------- running and fleeing (.running)

def run_action(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "run", "who": id}``: :func:`.running.run`."""
    running.run(FIGHT, state, action, dice)


def flee_action(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "flee", "who": id}``: :func:`.running.flee`."""
    running.flee(FIGHT, state, action, dice)


ACTIONS = {**FIGHT.actions(), "attack": remembered(FIGHT, attack_action), "run": run_action, "flee": flee_action,
           **map_walk.ACTIONS}
FORMS = (*rules.FORMS, *FIGHT.forms((rules.HP, SUBDUE)),
         Action("attack", "attack", "Attack roll",
                "An attack in the fight: 1d20 with the attacker's bonus against the target's Armor Class; a hit "
                "rolls the weapon's damage (a monster makes every attack of its routine) and takes it off the "
                "target.", attacks.FIELDS),
         *running.FORMS)
assert ROUNDS_PER_TURN == 60  # a fight's rounds move the clock as "advance" rounds do


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    return FIGHT.wrap_start(party, sheets)


def view(state: State, gm: bool) -> dict[str, Any]:
    return FIGHT.wrap_view(state, gm)


_at = rules._at

# What the play layer calls (rulescore.play.registry; registered by rulescore/bfrpg/__init__.py).
RULES = GameRules(fight=FIGHT, actions=ACTIONS, forms=FORMS, start=start, view=view, at=_at, previews=PREVIEWS,
                  legacy=(DEAD_ROLL, attacks.DAMAGE_ENTERED),
                  sheet_fields=rules.SHEET_FIELDS, leaving=rules.leaving, player_actions=("attack", "next_turn"),
                  player_attack_fields=("who", "target", "weapon", "range", "from_behind", "charge", "subdue"),
                  attack_roll=(1, 20), walk=map_walk.walk, map_unit=map_walk.UNIT)
