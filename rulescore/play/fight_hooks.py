"""What a game's fight fills in, and what every fight action reads with: :class:`FightHooks`,
the base of :class:`rulescore.play.fight.Fight` (which adds the actions), and the keys a fight's
forms take (:class:`FoeList`, :class:`Fighter`).

The hooks say who acts when, what a maneuver leaves in force, what a foe's damage does and what
the view shows of a combatant; their defaults do nothing. The helpers name combatants, read
foe rows and tell whose turn it is. The modules that only read a fight (its view,
:mod:`rulescore.play.fight_view`; a foe's figures changed, :mod:`rulescore.play.foe_edit`; the
weapons offered, :mod:`rulescore.play.weapon_choice`; :mod:`rulescore.play.actions_now`) take a
``FightHooks``, so none of them imports the actions that use them.

An effect ending at someone's next turn ends this round if they have yet to act in it:

>>> fight = {"order": ["a", "b"], "turn": 0, "round": 2}
>>> ends_at_turn(fight, "b")["round"], ends_at_turn(fight, "a", "turn_end")["round"]
(2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core import Input, RulesInputError
from ..wording import listed, received
from .common import Member, State, name_of, note, take
from .dice_asks import Dice

MAX_FOES = 50
MAX_GROUPS = 20
FOE_NAME = Input("name", "Name", "text", None, max=40, help="the foe's name, as the table calls it")
COUNT = Input("count", "How many", "int", 1, min=1, max=MAX_FOES, help="3 makes “Goblin 1” to “Goblin 3”")
TIME_ACTIONS = ("advance", "rest", "day", "search")


class FoeList(NamedTuple):
    """The ``foes`` key: a list of foes, each a dict of ``fields`` (name, count, the game's figures).
    Described as a field of kind "foes" whose ``fields`` are each foe's own."""

    fields: tuple[Any, ...]  # Input, or another spec with describe() (rulescore.play.form_specs.Filled)
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


class FightHooks:
    """The hooks a game's fight fills in (the defaults do nothing) and the helpers every fight
    action reads with; :class:`rulescore.play.fight.Fight` adds the actions."""

    rules: Any = None  # the game's session module: ACTIONS, FORMS, start, view, _at
    foe_fields: tuple[Input, ...] = ()
    foe_extra_keys: tuple[str, ...] = ()  # a foe row's keys beside its fields ("sheet": play.foe_sheet)
    fight_fields: tuple[Input, ...] = ()  # further keys of {"do": "fight"}
    maneuver_fields: tuple[Input | Fighter, ...] = ()  # "maneuver" first, then its options
    page = ""  # the docs page of the fight section
    weapon_to_hit = ""  # the figure of a weapon in the fight view that says how well it hits (weapon_choice)

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

    def hurt_marker(self, state: State, who: str) -> Any:
        """Something that changes when ``who`` is hurt (HP lost, say): after_damage follows a change."""
        return None

    def finish(self, state: State, fight: dict[str, Any]) -> None:
        """What the end of a fight leaves behind (by default nothing)."""

    def ends_text(self, state: State, ends: Mapping[str, Any]) -> str:
        if ends["at"] == "round_start":
            return f"at the start of round {ends['round']}"
        if ends["at"] == "rest":  # lasts the fight out: a turn of rest comes after it
            return "after a turn of rest, once the fight is over"
        name = self.name(state, ends["who"])
        return f"at the {'start' if ends['at'] == 'turn_start' else 'end'} of {name}'s turn in round {ends['round']}"

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

    def foe_named(self, name: str) -> dict[str, Any]:
        """A foe row's figures for a foe known by ``name`` (an encounter's "goblins" names a
        Goblin): none by default, the row's defaults."""
        return {}

    def read_foes(self, action: Mapping[str, Any], key: str = "foes") -> list[dict[str, Any]]:
        """The foe rows of ``action[key]``, each checked: an error names the field at fault."""
        rows = action.get(key)
        if not isinstance(rows, list) or not rows or len(rows) > MAX_GROUPS:
            raise RulesInputError(key, f"Foes: received {received(rows)}; give 1 to {MAX_GROUPS} rows of foes, each "
                                       f"with a name and how many.")
        read = []
        allowed = ("name", "count", *(spec.name for spec in self.foe_fields), *self.foe_extra_keys)
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
