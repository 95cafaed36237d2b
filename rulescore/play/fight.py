"""Fights inside a session: what the three games share. Each game's rules are in its own
``fight.py`` (``rulescore/gurps/fight.py``, ``rulescore/bfrpg/fight.py``,
``rulescore/shell/fight.py``), a subclass of :class:`Fight` whose hooks
(:class:`rulescore.play.fight_hooks.FightHooks`) say who acts when, what a maneuver leaves in
force and what a foe's damage does. This module holds the actions: the order and the turns,
maneuvers, damage, comings and goings, and the module's tables (``actions()``, ``forms()``).

A fight is part of the session state, ``state["fight"]`` (``None`` outside one), kept by the
same event log, undo and recorded dice as everything else. Its actions:

- ``{"do": "fight", "foes": [{"name": "Goblin", "count": 3, ...}]}`` starts a fight of the whole
  party (but the dead) against the foes; a count of 3 makes "Goblin 1" to "Goblin 3".
- ``{"do": "next_turn"}`` ends the current combatant's turn and starts the next one's; after the
  last, a new round begins and the session clock moves on by one round. With ``"current": id``
  (whose turn the screen showed) it is refused once that turn has ended elsewhere.
- ``{"do": "maneuver", "who": id, "maneuver": id}`` (GURPS and SHELL): the current combatant's
  maneuver and what it leaves in force.
- ``{"do": "damage", "who": id, ...}`` takes a foe's id as well as a character's.
- ``{"do": "join_fight", "foes": [...]}`` or ``{"do": "join_fight", "who": id}``: reinforcements,
  or a character not yet in the fight; ``{"do": "leave_fight", "who": id}``: fled, dead and
  cleared away; ``{"do": "end_fight"}``: the fight is over, wounds and conditions stay.

Effects carry when they end (``{"at": "turn_start" | "turn_end", "who": id, "round": R}`` or
``{"at": "round_start", "round": R}``), and ``next_turn`` is the one place that ends them.
Readings shared by the three games:

- Someone who cannot act (dead, unconscious, gone) is passed over in the order; what would
  end at their turn ends when it is passed.
- A latecomer takes their place in the order by their game's rule; if that place is already
  past this round, they first act next round. Someone who leaves on their own turn ends it.
- A round's time passes as it ends: the next round starting, or the fight ending during it.
- While a fight goes on, time moves only by its rounds: actions that pass time by themselves
  (advance, rest, a day, searching) are refused until the fight ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Input, RulesInputError
from ..wording import action_label, listed
from . import fight_view, foe_edit
from .common import Action, State, keys, member, name_of, note, take
from .dice_asks import Dice
from .fight_hooks import COUNT as COUNT
from .fight_hooks import FOE as FOE
from .fight_hooks import FOE_NAME as FOE_NAME
from .fight_hooks import MAX_FOES as MAX_FOES
from .fight_hooks import MAX_GROUPS as MAX_GROUPS
from .fight_hooks import PARTY_MEMBER as PARTY_MEMBER
from .fight_hooks import TIME_ACTIONS as TIME_ACTIONS
from .fight_hooks import WHO as WHO
from .fight_hooks import Fighter as Fighter
from .fight_hooks import FightHooks as FightHooks
from .fight_hooks import FoeList as FoeList
from .fight_hooks import effect as effect
from .fight_hooks import ends_at_turn as ends_at_turn
from .fight_hooks import looks as looks


class Fight(FightHooks):
    """The fight machinery: the actions every game's fight takes, on the hooks its subclass fills in."""

    # ------------------------------------------------------------------ the actions
    def start(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ("foes", *(spec.name for spec in self.fight_fields)))
        if state.get("fight"):
            raise RulesInputError("do", "A fight is already going on: add foes with “Reinforcements”, or “End the "
                                        "fight” first.")
        entries = self.read_foes(action)
        options = {spec.name: take(action, spec) for spec in self.fight_fields}
        fight: dict[str, Any] = {"round": 1, "turn": 0, "order": [], "combatants": {}, "groups": {}, "effects": [],
                                 "next_foe": 1, "next_group": 1, "options": options}
        state["fight"] = fight
        for character in state["party"]:
            if self.party_can_fight(state, character["id"]):
                fight["combatants"][character["id"]] = {"id": character["id"], "name": character["name"],
                                                        "side": "party"}
        foes = self.add_foes(state, fight, entries, dice)
        note(state, self.at(state), f"A fight begins: {listed([self.name(state, c) for c in fight['combatants']])}"
                                    f" ({len(foes)} foe{'s' if len(foes) != 1 else ''}).", self.page)
        self.begin(state, fight, action, dice)
        self._note_order(state, fight)
        self._begin_turn(state, fight, dice)

    def _note_order(self, state: State, fight: dict[str, Any]) -> None:
        acting = [c for c in fight["order"] if not self.out(state, fight, c)]  # the dead and the down pass
        note(state, self.at(state), f"Fight round {fight['round']}: " + listed([self.name(state, c) for c in acting])
             + ".", self.page)

    def _begin_turn(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        """Start the current combatant's turn, passing over those who cannot act."""
        passed = 0
        while fight["order"]:
            who = self.current(fight)
            if who is None:
                self._new_round(state, fight, dice)
                continue
            self._expire(fight, "turn_start", who)
            if self.can_act(state, fight, who) or passed > len(fight["order"]):
                break
            self._expire(fight, "turn_end", who)
            passed += 1
            fight["turn"] += 1
        else:
            return  # no one left in the order
        self.start_turn(state, fight, who, dice)

    def _new_round(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        self.tick(state, fight)
        fight["round"] += 1
        fight["turn"] = 0
        fight["effects"] = [one for one in fight["effects"]
                            if not (one["ends"]["at"] == "round_start" and one["ends"]["round"] <= fight["round"])
                            and not (one["ends"]["at"] in ("turn_start", "turn_end")
                                     and one["ends"]["round"] < fight["round"])]
        self.new_round(state, fight, dice)
        self._note_order(state, fight)

    def _expire(self, fight: dict[str, Any], at: str, who: str) -> None:
        fight["effects"] = [one for one in fight["effects"]
                            if not (one["ends"]["at"] == at and one["ends"].get("who") == who
                                    and one["ends"]["round"] <= fight["round"])]

    def next_turn(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        """Ends the current turn. ``"current"`` (optional) names whose turn the screen showed: a tap
        made on a screen that had not yet caught up (another tab ended that turn) ends nobody else's."""
        keys(action, ("current",))
        fight = self.need_fight(state)
        who = self.current(fight)
        if "current" in action and action["current"] != who:
            shown = fight["combatants"].get(action["current"])
            ended = f"{shown['name']}'s turn" if shown else "that turn"
            now = f"{self.name(state, who)}'s turn" if who else "nobody's turn"
            raise RulesInputError("current", f"Next turn: {ended} has already ended (another screen moved the fight "
                                             f"on); it is {now} now, and nothing was changed.")
        if who is not None:
            self.end_turn(state, fight, who, dice)
            self._expire(fight, "turn_end", who)
        fight["turn"] += 1
        self._begin_turn(state, fight, dice)

    def maneuver(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ("who", *(spec.name for spec in self.maneuver_fields)))
        fight = self.need_fight(state)
        who = self.fighter(state, fight, action)
        first = self.maneuver_fields[0]
        assert isinstance(first, Input)
        chosen = take(action, first)
        current = self.current(fight)
        if who != current:
            raise RulesInputError("who", f"Combatant: it is {self.name(state, current) if current else 'nobody'}'s "
                                         f"turn; {self.name(state, who)} chooses a maneuver on their own turn.")
        one = fight["combatants"][who]
        _, before = self.maneuvers(one, fight)
        streak = before["streak"] + 1 if before and before["id"] == chosen and before["round"] == fight["round"] - 1 \
            else 1
        made = self.maneuver_effects(state, fight, who, chosen, streak, action, dice)
        one["maneuver"] = {"id": chosen, "round": fight["round"], "streak": streak,
                           "before": {key: value for key, value in (before or {}).items() if key != "before"} or None}
        fight["effects"] = [kept for kept in fight["effects"] if not (kept["who"] == who
                                                                      and kept["source"] == "maneuver")] + made

    def damage(self, party_damage: Callable[..., None]) -> Callable[..., None]:
        def handler(state: State, action: dict[str, Any], dice: Dice) -> None:
            fight: dict[str, Any] | None = state.get("fight")
            who = action.get("who")
            if not fight:
                party_damage(state, action, dice)
                return
            party = [character["id"] for character in state["party"]]
            if not isinstance(who, str) or who not in fight["combatants"]:
                if who in party:  # a character not in the fight
                    party_damage(state, action, dice)
                    return
                names = [*(c["name"] for c in state["party"]), *(c["name"] for c in fight["combatants"].values())]
                raise RulesInputError("who", f"Character: the one chosen is neither in the party nor in the fight; "
                                             f"choose one of {listed(list(dict.fromkeys(names)))}.")
            before = self.hurt_marker(state, who)
            if fight["combatants"][who]["side"] == "foes":
                self.foe_damage(state, fight, who, action, dice)
            else:
                party_damage(state, action, dice)
            if self.hurt_marker(state, who) != before:
                self.after_damage(state, fight, who, dice)
        return handler

    def join(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ("foes", "who"))
        fight = self.need_fight(state)
        if ("foes" in action) == ("who" in action):
            raise RulesInputError("foes", "Reinforcements: give foes joining the fight, or a character joining it "
                                          "(“A latecomer”), not both.")
        if "who" in action:
            who = member(state, action, PARTY_MEMBER)
            if who in fight["combatants"] or not self.party_can_fight(state, who):
                raise RulesInputError("who", f"Character: {name_of(state, who)} is "
                                             + ("already in the fight." if who in fight["combatants"]
                                                else "in no state to fight."))
            fight["combatants"][who] = {"id": who, "name": name_of(state, who), "side": "party"}
            joined = [who]
        else:
            joined = self.add_foes(state, fight, self.read_foes(action), dice)
        self.place(state, fight, joined, dice)
        note(state, self.at(state), f"Joining the fight: {listed([self.name(state, c) for c in joined])}.",
             self.page)

    def leave(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ("who",))
        fight = self.need_fight(state)
        who = self.fighter(state, fight, action)
        name = self.name(state, who)
        was_current = who == self.current(fight)
        index = fight["order"].index(who) if who in fight["order"] else None
        if index is not None:
            fight["order"].pop(index)
            if index < fight["turn"]:
                fight["turn"] -= 1
        del fight["combatants"][who]
        fight["effects"] = [one for one in fight["effects"] if one["who"] != who and one["ends"].get("who") != who]
        fight.setdefault("gone", {})[who] = name
        note(state, self.at(state), f"{name} leaves the fight.", self.page)
        if was_current:
            self._begin_turn(state, fight, dice)

    def end(self, state: State, action: dict[str, Any], dice: Dice) -> None:
        keys(action, ())
        fight = self.need_fight(state)
        note(state, self.at(state), f"The fight ends after {fight['round']} round{'s' if fight['round'] != 1 else ''};"
                                    f" wounds and conditions stay with the party.", self.page)
        self.tick(state, fight)  # the round in progress
        self.finish(state, fight)
        state["fight"] = None

    def refuse_in_fight(self, handler: Callable[..., None]) -> Callable[..., None]:
        def wrapped(state: State, action: dict[str, Any], dice: Dice) -> None:
            if state.get("fight"):
                raise RulesInputError("do", f"{action_label(self.rules.FORMS, action)}: a fight is going on, and "
                                            f"until it ends (“End the fight”) time passes only by its rounds "
                                            f"(“Next turn”).")
            handler(state, action, dice)
        return wrapped

    # ------------------------------------------------------------------ the module's tables
    def actions(self) -> dict[str, Callable[..., None]]:
        handlers = dict(self.rules.ACTIONS)
        for do in TIME_ACTIONS:
            if do in handlers:
                handlers[do] = self.refuse_in_fight(handlers[do])
        handlers["damage"] = self.damage(handlers["damage"])
        handlers.update(fight=self.start, next_turn=self.next_turn, join_fight=self.join, leave_fight=self.leave,
                        end_fight=self.end)
        if self.maneuver_fields:
            handlers["maneuver"] = self.maneuver
        handlers["edit_foe"] = lambda state, action, dice: foe_edit.edit(self, state, action, dice)
        return handlers

    def forms(self, damage_fields: tuple[Any, ...]) -> tuple[Action, ...]:
        foes = FoeList(tuple(self.foe_fields_described()))
        forms = [
            Action("fight", "fight", "Start a fight",
                   "The whole party against the foes listed: the order of the first round, and what comes before it.",
                   (foes, *self.fight_fields)),
            Action("next_turn", "next_turn", "Next turn",
                   "Ends the current combatant's turn and starts the next one's, with what ends or is due then; after "
                   "the last, a new round.", ()),
        ]
        if self.maneuver_fields:
            forms.append(Action("maneuver", "maneuver", "Maneuver",
                                "The current combatant's maneuver for this turn, and what it leaves in force.",
                                (WHO, *self.maneuver_form_fields())))
        forms += [
            Action("damage_foe", "damage", "Damage to a foe", "Damage to a foe in the fight, by the same rules.",
                   (FOE, *damage_fields)),
            foe_edit.form(self),
            Action("join_fight", "join_fight", "Reinforcements",
                   "Foes joining the fight in progress; they take their place in the order.",
                   (FoeList(foes.fields, optional=True),)),
            Action("join_fight_character", "join_fight", "A latecomer",
                   "A character joining the fight in progress.", (PARTY_MEMBER,)),
            Action("leave_fight", "leave_fight", "Leaves the fight",
                   "Fled, dead and cleared away: out of the order and the fight.", (WHO,)),
            Action("end_fight", "end_fight", "End the fight",
                   "The fight is over; wounds and conditions stay with the party.", ()),
        ]
        return tuple(forms)

    def foe_fields_described(self) -> tuple[Any, ...]:
        return (FOE_NAME, COUNT, *self.foe_fields)

    # ------------------------------------------------------------------ the view
    def view(self, state: State, gm: bool) -> dict[str, Any] | None:
        """``view(state)["fight"]``: :mod:`rulescore.play.fight_view` says what it holds."""
        return fight_view.view(self, state, gm)

    def wrap_view(self, state: State, gm: bool) -> dict[str, Any]:
        shown: dict[str, Any] = self.rules.view(state, gm)
        fight = self.view(state, gm)
        if fight:
            shown["due"] = [*shown["due"], *(f"{item['text']}" for item in fight["due"])]
        shown["fight"] = fight
        return shown

    def wrap_start(self, party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
        started: State = self.rules.start(party, sheets)
        return {**started, "fight": None}
