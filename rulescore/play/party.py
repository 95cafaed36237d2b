"""The party of a session: the party a session starts with, checked and its sheets derived
(:func:`party_checked`), and the two actions every game's session takes, a character joining
and a character leaving (``SESSION_ACTIONS``, ``SESSION_FORMS``: after the game's own forms),
with the encounters and random tables of :mod:`.tables` and the party's map of :mod:`.map` (its
actions have no forms: the map's widget draws them).

>>> party_checked("gurps", [{"id": "k", "name": "Kara", "system": "bfrpg", "fields": {}}])
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Kara: a Basic Fantasy character cannot join a GURPS session.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..characters import derive
from ..core import Input, RulesInputError
from ..wording import game_name, received
from .common import Action, Member, State, keys, member, name_of, note
from .dice_asks import Dice
from .map import MAP_ACTIONS
from .registry import rules_of
from .tables import TABLE_ACTIONS, TABLE_FORMS


class Saved(NamedTuple):
    """An action key taking a whole saved character, ``{"id", "name", "system", "fields"}`` as the
    Characters page keeps it, one not in the party: the page offers the device's characters of
    the session's game ("who": "saved")."""

    name: str = "character"
    label: str = "Character"
    help: str = "a saved character of this game, not in the party"

    def describe(self) -> dict[str, Any]:
        return {**Input(self.name, self.label, "choice", None, help=self.help).describe(), "who": "saved"}


JOINER = Saved()
LEAVER = Member("who", "Character", help="their wounds are kept should they come back")


def join(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "join", "character": {...}}``: a character joins the session under way (not a
    fight in progress: "join_fight" does that). One who left earlier comes back as they left."""
    keys(action, (JOINER.name,))
    given = action.get(JOINER.name)
    if not isinstance(given, Mapping):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: missing; choose {JOINER.help}.")
    name, ident = given.get("name"), given.get("id")
    if any(character["id"] == ident for character in state["party"]):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: {name} is already in the party.")
    if ident in (state.get("fight") or {}).get("combatants", {}):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: {name} cannot join: their saved record shares its "
                                           f"number with a foe in the fight; save the character again to give it a "
                                           f"new one.")
    [joined], sheets = party_checked(state["system"], [given])
    ident = joined["id"]
    state["party"].append(joined)
    state["sheets"][ident] = sheets[ident]
    left = state.get("left", {})
    back = left.pop(ident, None)
    state.get("leavers", {}).pop(ident, None)
    state["characters"][ident] = back if back is not None else \
        rules_of(state["system"]).start([joined], sheets)["characters"][ident]
    note(state, rules_of(state["system"]).at(state), f"{joined['name']} " + (
        "comes back to the party, as they left it." if back is not None else "joins the party."), None)


def leave(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "leave", "who": id}``: a character leaves the session (not in a fight: they leave
    it first). What they carry goes with them; their state is kept should they come back."""
    keys(action, (LEAVER.name,))
    who = member(state, action, LEAVER)
    name = name_of(state, who)
    if who in (state.get("fight") or {}).get("combatants", {}):
        raise RulesInputError(LEAVER.name, f"{LEAVER.label}: {name} is in the fight; take them out of it first "
                                           f"(“Leaves the fight”).")
    at = rules_of(state["system"]).at(state)
    carried = [light for light in state.get("lights", []) if light.get("by") == who]
    for light in carried:
        state["lights"].remove(light)
    note(state, at, f"{name} leaves the party" + "".join(
        f", taking light {light['id']} ({light['source']}) with them" for light in carried) + ".", None)
    state.setdefault("leavers", {})[who] = next(c for c in state["party"] if c["id"] == who)  # as they came in
    state["party"] = [character for character in state["party"] if character["id"] != who]
    del state["sheets"][who]
    state.setdefault("left", {})[who] = state["characters"].pop(who)


SESSION_ACTIONS: dict[str, Callable[[State, dict[str, Any], Dice], None]] = {"join": join, "leave": leave,
                                                                           **TABLE_ACTIONS, **MAP_ACTIONS}
SESSION_FORMS = (
    Action("join", "join", "A character joins", "A saved character joins the party; one who left comes back as "
                                                "they left.", (JOINER,)),
    Action("leave", "leave", "A character leaves", "A character leaves the party, taking what they carry; their "
                                                   "wounds are kept should they come back.", (LEAVER,)),
    *TABLE_FORMS,
)


def party_checked(system: str, party: Any) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The party as stored, checked, and each member's sheet (fields with defaults, and figures)."""
    if not isinstance(party, list):
        raise RulesInputError("party", f"Party: received {received(party)}; give a list of characters.")
    members_: list[dict[str, Any]] = []
    sheets: dict[str, dict[str, Any]] = {}
    for number, character in enumerate(party, 1):
        where = f"Party member {number}"
        if not isinstance(character, Mapping):
            raise RulesInputError("party", f"{where}: received {received(character)}; give a character as the "
                                           f"Characters page keeps it (its name, game and figures).")
        ident, name = character.get("id"), character.get("name")
        if not isinstance(ident, str) or not ident or ident in sheets:
            raise RulesInputError("id", f"{where}: " + (f"{name} is in the party already; each character comes once."
                                                        if ident in sheets else "the character has no record of its "
                                                        "own; give one as the Characters page keeps it."))
        if not isinstance(name, str) or not name.strip():
            raise RulesInputError("name", f"{where}: give the character a name.")
        if character.get("system") != system:
            raise RulesInputError("system", f"{name}: {game_name(character.get('system'))} character cannot join "
                                            f"{game_name(system)} session.")
        fields = character.get("fields", {})
        try:
            result = derive(system, fields)
        except RulesInputError as error:
            raise RulesInputError(error.field, f"{name}: {error.message}") from error
        members_.append(json.loads(json.dumps({"id": ident, "name": name, "system": system, "fields": fields})))
        sheets[ident] = {**result.inputs, **dict(result)}
    return members_, sheets
