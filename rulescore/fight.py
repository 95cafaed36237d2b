"""Fights inside a session: what the three games share. Each game's rules are in its own
``fight.py`` (``rulescore/gurps/fight.py``, ``rulescore/bfrpg/fight.py``,
``rulescore/shell/fight.py``), a subclass of :class:`Fight` whose hooks say who acts when,
what a maneuver leaves in force and what a foe's damage does.

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

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .core import Input, RulesInputError
from .session import Action, Dice, Member, State, keys, member, name_of, note, take
from .wording import action_label, listed, received

MAX_FOES = 50
MAX_GROUPS = 20
FOE_NAME = Input("name", "Name", "text", None, max=40, help="the foe's name, as the table calls it")
COUNT = Input("count", "How many", "int", 1, min=1, max=MAX_FOES, help="3 makes “Goblin 1” to “Goblin 3”")
TIME_ACTIONS = ("advance", "rest", "day", "search")


class FoeList(NamedTuple):
    """The ``foes`` key: a list of foes, each a dict of ``fields`` (name, count, the game's figures).
    Described as a field of kind "foes" whose ``fields`` are each foe's own."""

    fields: tuple[Any, ...]  # Input, or another spec with describe() (rulescore.form_specs.Filled)
    name: str = "foes"
    label: str = "Foes"
    help: str = "one row per kind of foe"
    optional: bool = False

    def describe(self) -> dict[str, Any]:
        shown = Input(self.name, self.label, "foes", None, min=0 if self.optional else 1, max=MAX_GROUPS,
                      help=self.help).describe()
        return {**shown, "step": 1, "who": None, "fields": [field.describe() for field in self.fields]}


class Fighter(NamedTuple):
    """A key naming someone in the fight: ``who`` is "fighter" (anyone in it) or "foe" (a foe in
    it), for the page to offer the fight's combatants (``view(state)["fight"]["combatants"]``)."""

    name: str = "who"
    label: str = "Combatant"
    among: str = "fighter"
    help: str = ""
    optional: bool = False  # the form starts on nobody (default ""), else on whose turn it is

    def describe(self) -> dict[str, Any]:
        default = "" if self.optional else None
        return {**Input(self.name, self.label, "choice", default, help=self.help).describe(), "who": self.among}


WHO = Fighter()
FOE = Fighter(label="Foe", among="foe")
PARTY_MEMBER = Member("who", "Character", help="a character not yet in the fight")


def ends_at_turn(fight: dict[str, Any], who: str, at: str = "turn_start") -> dict[str, Any]:
    """When ``who``'s next turn starts (or ends, ``at="turn_end"``): this round if they have yet to
    act in it, else the next."""
    later = fight["order"][fight["turn"] + 1:]
    return {"at": at, "who": who, "round": fight["round"] if who in later else fight["round"] + 1}


def looks(current: int, top: int, dead: bool = False, down: bool = False) -> str:
    """How hurt someone looks, in words, for the players' view of a foe (never a number).

    >>> [looks(hp, 12) for hp in (12, 9, 5, 2, 0)]
    ['unhurt', 'lightly wounded', 'wounded', 'badly wounded', 'barely standing']
    """
    if dead:
        return "dead"
    if down:
        return "down"
    if current >= top:
        return "unhurt"
    if 3 * current > 2 * top:
        return "lightly wounded"
    if 3 * current >= top:
        return "wounded"
    return "badly wounded" if current > 0 else "barely standing"


def effect(who: str, name: str, text: str, ends: dict[str, Any], rule: str, source: str = "") -> dict[str, Any]:
    return {"who": who, "name": name, "text": text, "ends": ends, "rule": rule, "source": source}


class Fight:
    """The fight machinery; a game's subclass fills in the hooks (the defaults do nothing)."""

    rules: Any = None  # the game's session module: ACTIONS, FORMS, start, view, _at
    foe_fields: tuple[Input, ...] = ()
    fight_fields: tuple[Input, ...] = ()  # further keys of {"do": "fight"}
    maneuver_fields: tuple[Input | Fighter, ...] = ()  # "maneuver" first, then its options
    page = ""  # the docs page of the fight section

    # ------------------------------------------------------------------ hooks
    def party_can_fight(self, state: State, who: str) -> bool:
        return True

    def foe(self, state: State, entry: dict[str, Any], dice: Dice) -> dict[str, Any]:
        """A foe's own part (figures, wounds) from its validated entry; rolls hit points if need be."""
        return {}

    def begin(self, state: State, fight: dict[str, Any], action: dict[str, Any], dice: Dice) -> None:
        """Before the first turn: surprise, the order of round 1 (``fight["order"]``)."""
        fight["order"] = list(fight["combatants"])

    def place(self, state: State, fight: dict[str, Any], ids: list[str], dice: Dice) -> None:
        """Latecomers ``ids`` (already in ``combatants``) into the order; by default at its end."""
        fight["order"].extend(ids)

    def tick(self, state: State, fight: dict[str, Any]) -> None:
        """A round has passed: the session clock moves on (called as a round ends)."""

    def new_round(self, state: State, fight: dict[str, Any], dice: Dice) -> None:
        """The order of the new round (``fight["round"]`` already counts it), what comes before it."""

    def can_act(self, state: State, fight: dict[str, Any], who: str) -> bool:
        return True

    def start_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        """What comes at the start of ``who``'s turn (rolls due then)."""

    def end_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        """What comes at the end of ``who``'s turn (rolls due then)."""

    def foe_damage(self, state: State, fight: dict[str, Any], who: str, action: dict[str, Any], dice: Dice) -> None:
        raise NotImplementedError

    def after_damage(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        """After anyone in the fight took damage (party or foe)."""

    def maneuver_effects(self, state: State, fight: dict[str, Any], who: str, maneuver: str, streak: int,
                         action: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
        raise NotImplementedError

    def conditions(self, state: State, fight: dict[str, Any], who: str) -> list[dict[str, Any]]:
        """Effects that last as long as a condition does (stunned, 0 HP): name, text, ends (words), rule."""
        return []

    def out(self, state: State, fight: dict[str, Any], who: str) -> bool:
        """Dead or otherwise done for (passed over, shown as such)."""
        return False

    wound_keys: tuple[str, ...] = ()  # what foe() starts afresh that a change of figures keeps

    def foe_row(self, one: dict[str, Any]) -> dict[str, Any]:
        """A foe's figures as its row took them (``foe`` undone), for a change of figures."""
        return {spec.name: one[spec.name] for spec in self.foe_fields if spec.name in one}

    def refigured(self, one: dict[str, Any], new: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
        """A foe with the figures ``new`` (``foe``'s, from its changed row) and its wounds kept."""
        return {**one, **{key: value for key, value in new.items() if key not in self.wound_keys}}

    def maneuver_choices(self, state: State, fight: dict[str, Any], who: str) -> list[str]:
        """The maneuvers ``who`` may choose on their turn as things stand (every one by default)."""
        first = self.maneuver_fields[0] if self.maneuver_fields else None
        return [value for value, _ in first.choices] if isinstance(first, Input) else []

    def maneuver_form_fields(self) -> tuple[Any, ...]:
        """The maneuver form's fields after "who": ``maneuver_fields``, some shown only for some maneuvers."""
        return self.maneuver_fields

    def can_now(self, state: State, form_id: str, field: str, who: str) -> bool:
        """Whether the action form ``form_id`` could name ``who`` in ``field`` now (the view's actions_now)."""
        return True

    def open_now(self, state: State, form_id: str) -> bool:
        """Whether the action form ``form_id`` is open now, its fields' candidates aside (actions_now)."""
        return True

    def no_attack(self, state: State, fight: dict[str, Any], who: str) -> str:
        """Why ``who`` could not attack now, as the attack's refusal says it after "Attacker: "; "" if they could."""
        return ""

    def calculator_inputs(self, state: State, fight: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
        """The calculators a turn needs, each with the inputs this combatant's figures fill in
        (the GM's view links them, as a character picker would fill them)."""
        return {}

    def shown(self, state: State, fight: dict[str, Any], who: str, gm: bool) -> dict[str, Any]:
        """What the view adds for a combatant: hp (a foe's for the GM only), condition, looks..."""
        return {}

    def due(self, state: State, fight: dict[str, Any], gm: bool) -> list[dict[str, Any]]:
        return []

    # ------------------------------------------------------------------ helpers
    def at(self, state: State) -> str:
        text: str = self.rules._at(state)
        return text

    def maneuver_name(self, chosen: str | None) -> str | None:
        """A maneuver's id as the maneuver form names it (None: none chosen)."""
        if not chosen or not self.maneuver_fields:
            return None
        first = self.maneuver_fields[0]
        names = dict(first.choices) if isinstance(first, Input) else {}
        return str(names.get(chosen, chosen))

    @staticmethod
    def maneuvers(one: dict[str, Any], fight: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """A combatant's maneuver this round ({} until chosen) and the one before it ({} if none)."""
        record = one.get("maneuver") or {}
        now = record if record.get("round") == fight["round"] else {}
        before: dict[str, Any] = (record.get("before") if now else record) or {}
        return now, before

    def note_figures(self, state: State, who: str, text: str, rule: str, players: str) -> None:
        """Log ``text``, which gives ``who``'s figures (HT, Will, an attack bonus...): a foe's are
        the GM's, so the players' view reads ``players`` instead."""
        one = (state.get("fight") or {}).get("combatants", {}).get(who)
        if one is not None and one["side"] == "foes":
            note(state, self.at(state), players, rule, gm_text=text)
        else:
            note(state, self.at(state), text, rule)

    def name(self, state: State, who: str) -> str:
        fight = state.get("fight")
        if fight and who in fight["combatants"]:
            return str(fight["combatants"][who]["name"])
        return name_of(state, who)

    @staticmethod
    def current(fight: dict[str, Any]) -> str | None:
        """Whose turn it is (None once everyone has acted and the round has yet to turn)."""
        order = fight["order"]
        return order[fight["turn"]] if fight["turn"] < len(order) else None

    def need_fight(self, state: State, field: str = "do") -> dict[str, Any]:
        fight: dict[str, Any] | None = state.get("fight")
        if not fight:
            raise RulesInputError(field, "There is no fight going on; start one with “Start a fight” first.")
        return fight

    def fighter(self, state: State, fight: dict[str, Any], action: Mapping[str, Any], spec: Fighter = WHO) -> str:
        wanted = action.get(spec.name)
        pool = [ident for ident, one in fight["combatants"].items() if spec.among != "foe" or one["side"] == "foes"]
        if not isinstance(wanted, str) or wanted not in pool:
            names = listed([fight["combatants"][ident]["name"] for ident in pool]) or "nobody"
            among = "a foe in the fight" if spec.among == "foe" else "in the fight"
            raise RulesInputError(spec.name, f"{spec.label}: the one chosen is not {among}; choose one of {names}.")
        return wanted

    def read_foes(self, action: Mapping[str, Any], key: str = "foes") -> list[dict[str, Any]]:
        """The foe rows of ``action[key]``, each checked: an error names the field at fault."""
        rows = action.get(key)
        if not isinstance(rows, list) or not rows or len(rows) > MAX_GROUPS:
            raise RulesInputError(key, f"Foes: received {received(rows)}; give 1 to {MAX_GROUPS} rows of foes, each "
                                       f"with a name and how many.")
        read = []
        allowed = ("name", "count", *(spec.name for spec in self.foe_fields))
        for number, row in enumerate(rows, 1):
            if not isinstance(row, Mapping):
                raise RulesInputError(key, f"Foe {number}: received {received(row)}; give the foe's name, how many, "
                                           f"and their figures.")
            for key in row:
                if key not in allowed:
                    raise RulesInputError(str(key)[:40], f"Foe {number}: a foe takes no {received(str(key))}; leave "
                                                         f"it out.")
            try:
                entry = self.read_foe(row)
            except RulesInputError as error:
                raise RulesInputError(error.field, f"Foe {number}: {error.message}") from error
            read.append(entry)
        if sum(entry["count"] for entry in read) > MAX_FOES:
            raise RulesInputError("count", f"How many: {MAX_FOES} foes at most in a fight.")
        return read

    def read_foe(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """One foe row's values, defaults filled in."""
        entry = {spec.name: take(row, spec) for spec in self.foe_fields}
        entry["name"] = take(row, FOE_NAME).strip()
        entry["count"] = take(row, COUNT)
        return entry

    def add_foes(self, state: State, fight: dict[str, Any], entries: list[dict[str, Any]], dice: Dice) -> list[str]:
        added = []
        party = {character["id"] for character in state["party"]}
        for entry in entries:
            group = f"g{fight['next_group']}"
            fight["next_group"] += 1
            fight["groups"][group] = {"name": entry["name"], "count": entry["count"]}
            for number in range(1, entry["count"] + 1):
                while f"f{fight['next_foe']}" in party:
                    fight["next_foe"] += 1
                ident = f"f{fight['next_foe']}"
                fight["next_foe"] += 1
                name = entry["name"] if entry["count"] == 1 else f"{entry['name']} {number}"
                fight["combatants"][ident] = {"id": ident, "name": name, "side": "foes", "group": group,
                                              **self.foe(state, {**entry, "name": name}, dice)}
                added.append(ident)
        return added

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

    def hurt_marker(self, state: State, who: str) -> Any:
        """Something that changes when ``who`` is hurt (HP lost, say): after_damage follows a change."""
        return None

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

    def finish(self, state: State, fight: dict[str, Any]) -> None:
        """What the end of a fight leaves behind (by default nothing)."""

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
        from . import foe_edit  # it names this class
        handlers["edit_foe"] = lambda state, action, dice: foe_edit.edit(self, state, action, dice)
        return handlers

    def forms(self, damage_fields: tuple[Any, ...]) -> tuple[Action, ...]:
        from . import foe_edit
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
        """``view(state)["fight"]``: :mod:`rulescore.fight_view` says what it holds."""
        from . import fight_view  # it names this class
        return fight_view.view(self, state, gm)

    def ends_text(self, state: State, ends: Mapping[str, Any]) -> str:
        if ends["at"] == "round_start":
            return f"at the start of round {ends['round']}"
        if ends["at"] == "rest":  # lasts the fight out: a turn of rest comes after it
            return "after a turn of rest, once the fight is over"
        name = self.name(state, ends["who"])
        return f"at the {'start' if ends['at'] == 'turn_start' else 'end'} of {name}'s turn in round {ends['round']}"

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
