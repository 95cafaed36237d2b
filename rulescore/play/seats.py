"""The table (issue 36): what the GM's device sends each player's phone, and what it accepts
from one, by the rules. The transport (a WebRTC data channel today, a relay later) only
carries these messages; the GM's device, the table's one authority, builds and checks them
here, with the session it holds, and a phone draws what it is sent (it needs no engine).

GM to a phone: ``seat_message(state, seat, seq, "snapshot")``, then after every change
``seat_message(state, seat, seq)``: the players' view (``session.view(state, gm=False)``,
foes' numbers never in it; its log cut to the newest entries, as the Session page draws it)
with the seat's own character in full (``"me"``), numbered in sequence; a phone that sees a
gap in the sequence asks for a snapshot. On the seat's turn ``"attack"`` offers its attack
(targets, weapons by label, ``weapon_default``, the roll), or is None and ``"no_attack"`` says
why it cannot attack now ("Ana is surprised and must Do Nothing this turn.").

A phone to the GM: ``{"v": 1, "type": "snapshot"}`` or ``{"v": 1, "type": "request", "id",
"seen", "action": {...}}``, ``seen`` the number of the last message it drew.
``request_action(state, seat, text)`` checks one on arrival (its size, its shape, its version,
that it acts for the seat's own character, and only what a player may do) and returns the
session action to apply, or raises ``TableRefusal`` with a sentence for the phone; the session
is untouched either way. ``checked_request(state, seat, text, sent)`` adds the rules' own check
on the newest state: a request made from an older state (``seen`` below ``sent``, the last
number sent to that seat) is applied on top of the newest where the rules still take it, and
otherwise refused with a sentence that says the phone was behind. ``admit(bucket, now)``
rate-limits each seat's requests.

An attack from a phone: the request may carry ``"rolled"``, the faces of the player's own
attack roll (``players_roll``; the GM's device rolls the rest); ``{"type": "odds", "action"}``
asks for its odds first (``odds``, the players' view of ``session.preview``); where the target
chooses its defence (GURPS), ``defences_to_choose`` gives the GM the choices before it is done.
``{"type": "defence", "defence", "retreat"}`` says how the player defends when attacked
(``defence_declared``). The party's map (:mod:`rulescore.play.map`): the seat the GM gave the
pen (``state["map"]["mapper"]``) may ask to draw and erase (``map_draw``, ``map_erase``; never a
note for the GM alone), and the walker's seat to walk the party's marker (``map_move``), with or
without a fight; any other map action from a phone is refused. ``map_needs_approval(state,
action)`` says when the GM approves a drawing first (the GM set ``ask``). The GM's device answers
a request with ``done``, ``refused`` (with the
sentence), ``waiting`` (for the GM) or, to the others, ``odds`` and ``noted``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..core import RulesInputError
from . import session
from .common import name_of, sheet
from .fight_hooks import FightHooks
from .registry import rules_of

PROTOCOL = 1
MAX_REQUEST_CHARS = 4_000  # a request is a few hundred characters; more is not a phone of ours
BURST, PER_SECOND = 6, 2.0  # requests a seat may make at once, and how fast they come back
# Each game says, in its rules (rulescore.play.registry.GameRules): what a player may ask for
# (``player_actions``: their own maneuver, attack and end of turn, each only on their own turn; the
# rules refuse it otherwise, in their own words), what of an attack is the player's to say
# (``player_attack_fields``; the rest, the GM's modifiers, the target's defence, a foe's Armor
# Class, stays the GM's: left out, the rules take their defaults, as the Session page's form
# does), and its attack roll (``attack_roll``), which a player may roll with their own dice ("I
# rolled 14") and give face by face; the rules check the faces against the roll they make
# (session.Dice).
# The key of each action that names who acts.
ACTOR_KEYS = {"maneuver": "who", "attack": "who"}


class TableRefusal(Exception):
    """A message from a phone the GM's device does not act on: ``field`` names what is wrong,
    ``message`` says it to the player."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field, self.message = field, message


def _me(state: dict[str, Any], seat: str) -> dict[str, Any]:
    """The seat's own character in full: name, sheet fields and every figure they imply."""
    return {"id": seat, "name": name_of(state, seat), "sheet": sheet(state, seat)}


def _seat_checked(state: dict[str, Any], seat: Any) -> str:
    members = [member["id"] for member in state["party"]]
    if not isinstance(seat, str) or seat not in members:
        raise TableRefusal("seat", "Seat: this character is not in the session's party (any more).")
    return seat


def seat_message(state: dict[str, Any], seat: Any, seq: int, kind: str = "change") -> dict[str, Any]:
    """What the seat's phone shows, numbered ``seq``: the players' view with its log's newest
    ``LOG_SENT`` entries (``log_count`` says how many there are) and the seat's own character in
    full. ``kind`` is "snapshot" for the first message and the answer to a phone that asks for
    one, "change" after each action."""
    seat = _seat_checked(state, seat)
    return seat_messages(state, [(seat, seq, kind)])[0]


def seat_messages(state: dict[str, Any], wanted: list[tuple[str, int, str]],
                  view: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``seat_message`` for each ``(seat, seq, kind)`` after one change, the players' view built
    once for them all (six phones cost one view, not six), or ``view`` if the caller has just
    built it (``session.view(state, log_tail=session.LOG_TAIL)``). Seats are checked by the caller."""
    view = view if view is not None else session.view(state, log_tail=session.LOG_TAIL)
    maneuvers = _maneuvers(state, view)
    defences = _defence_field(state)
    labels = defences.get("choice_labels", {}) if defences else {}
    standing = {"choices": [{"id": one, "label": labels.get(one, one)} for one in defences["choices"] if one],
                "retreat": _has_retreat(state)} if defences else None
    return [{"v": PROTOCOL, "type": kind, "seq": seq, "seat": seat, "view": view, "me": _me(state, seat),
             "maneuvers": maneuvers, "attack": _attack_choices(state, view, seat), "no_attack": _no_attack(view, seat),
             "defence": standing}
            for seat, seq, kind in wanted]


def _attack_form(state: dict[str, Any]) -> dict[str, Any]:
    return next(entry for entry in session.actions(state["system"]) if entry["id"] == "attack")


def _defence_field(state: dict[str, Any]) -> dict[str, Any] | None:
    """The attack's Defence field (the target's choice), where the game has one."""
    return next((one for one in _attack_form(state)["fields"] if one["name"] == "defence"), None)


def _has_retreat(state: dict[str, Any]) -> bool:
    return any(one["name"] == "retreat" for one in _attack_form(state)["fields"])


def defence_declared(state: dict[str, Any], text: Any) -> dict[str, Any]:
    """A player's standing answer to "how do you defend?" (``{"v", "type": "defence", "defence",
    "retreat"}``), checked: the GM's attack form starts on it when their character is the target
    (the GM still sees it and may change it). ``defence`` "" takes it back: the GM asks."""
    message = _message(text, "Defence", "nothing was kept")
    field = _defence_field(state)
    if message.get("type") != "defence" or message.get("v") != PROTOCOL:
        raise TableRefusal("shape", "Defence: not a message of this site; nothing was kept.")
    choices = [one for one in field["choices"] if one] if field else []
    defence = message.get("defence")
    if defence != "" and defence not in choices:
        raise TableRefusal("defence", "Defence: choose " + (", ".join(choices) if choices else
                                                            "nothing: in this game the target does not choose") + ".")
    return {"defence": defence, "retreat": message.get("retreat") is True and _has_retreat(state) and defence != ""}


def _no_attack(view: dict[str, Any], seat: str) -> str | None:
    """On the seat's turn in a fight, why it cannot attack (surprised, out, its maneuver...), a
    sentence for the phone to show instead of the attack; None otherwise."""
    fight = view.get("fight")
    if not fight or fight["current"] != seat:
        return None
    reason: str | None = next((one.get("no_attack") for one in fight["combatants"] if one["id"] == seat), None)
    return reason


def _attack_choices(state: dict[str, Any], view: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """On the seat's turn in a fight, when it may attack: whom (every other fighter still standing,
    by the name the players see), with which of its weapons (each usage its own, by its label, and
    the one its form starts on, ``weapon_default``: the last used, else the best), and its game's
    attack roll."""
    fight = view.get("fight")
    if not fight or fight["current"] != seat or "attack" not in rules_of(state["system"]).player_actions \
            or _no_attack(view, seat):
        return None
    fighters = {one["id"]: one for one in fight["combatants"]}
    count, sides = rules_of(state["system"]).attack_roll
    standing = [who for who in fight["order"] if who != seat and not fighters[who].get("out")]
    standing.sort(key=lambda who: fighters[who]["side"] != "foes")  # the foes first, in the fight's order
    return {"targets": [{"id": who, "name": fighters[who]["name"]} for who in standing],
            "weapons": [{"index": weapon["index"], "name": weapon["label"]}
                        for weapon in fighters[seat].get("weapons", []) if not weapon.get("routine")],
            "weapon_default": fighters[seat].get("weapon_default"), "roll": {"count": count, "sides": sides}}


def _maneuvers(state: dict[str, Any], view: dict[str, Any]) -> list[dict[str, str]]:
    """The maneuvers the fight lets its current fighter choose now, each with its label (none
    outside a fight, or in a game without maneuvers)."""
    form = next((entry for entry in session.actions(state["system"]) if entry["id"] == "maneuver"), None)
    fight = view.get("fight")
    if not form or not fight:
        return []
    labels = next(field for field in form["fields"] if field["name"] == "maneuver")["choice_labels"]
    return [{"id": one, "label": labels.get(one, one)} for one in fight.get("maneuvers_open", [])]


def _message(text: Any, what: str, untouched: str) -> dict[str, Any]:
    """A phone's message read: JSON text of an object no longer than MAX_REQUEST_CHARS; or
    TableRefusal, ``what`` ("Request") naming it and ``untouched`` saying nothing happened."""
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        raise TableRefusal("size", f"{what}: longer than {MAX_REQUEST_CHARS} characters; {untouched}.")
    try:
        message = json.loads(text)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        raise TableRefusal("shape", f"{what}: not a message of this site; {untouched}.")
    return message


def request_action(state: dict[str, Any], seat: Any, text: Any, kind: str = "request") -> dict[str, Any]:
    """The session action a phone's request asks for (``kind`` "request"; "odds" when it asks
    for an attack's odds only), checked for the seat; or TableRefusal."""
    message = _message(text, "Request", "nothing was done")
    if message.get("type") != kind:
        raise TableRefusal("shape", "Request: not a request of this site; nothing was done.")
    if message.get("v") != PROTOCOL:
        raise TableRefusal("version", f"Request: made by another version of the site (protocol "
                                      f"{str(message.get('v'))[:10]}, this one speaks {PROTOCOL}): reload the page.")
    seat = _seat_checked(state, seat)
    action = message.get("action")
    if isinstance(action, dict) and isinstance(action.get("do"), str) and action["do"].startswith("map_"):
        return _map_request(state, seat, action)
    allowed = rules_of(state["system"]).player_actions
    if not isinstance(action, dict) or action.get("do") not in allowed:
        raise TableRefusal("action", "Request: a player may choose their maneuver, attack or end their turn; "
                                     "ask the GM for anything else.")
    actor = ACTOR_KEYS.get(action["do"])
    if actor and action.get(actor) != seat:
        raise TableRefusal("who", f"Request: you play {name_of(state, seat)}; only the GM acts for others.")
    fight = state.get("fight")
    if not fight:
        raise TableRefusal("fight", "Request: there is no fight under way.")
    if FightHooks.current(fight) != seat:
        raise TableRefusal("turn", f"Request: it is not {name_of(state, seat)}'s turn.")
    if action["do"] == "next_turn":
        # Named, so a request made from an old state cannot end the next fighter's turn.
        return {"do": "next_turn", "current": seat}
    if action["do"] == "attack":
        theirs = rules_of(state["system"]).player_attack_fields
        extra = sorted(key for key in action if key not in (*theirs, "do"))
        if extra:
            raise TableRefusal("action", f"Request: {str(extra[0])[:30]} of an attack is the GM's to say; "
                                         "ask the GM.")
    return dict(action)


# The party's map (rulescore.play.map): what the mapper's seat may do to it, and the walker's.
MAPPER_DOS = ("map_draw", "map_erase")
WALKER_DOS = ("map_move",)


def _map_request(state: dict[str, Any], seat: str, action: dict[str, Any]) -> dict[str, Any]:
    """A map action from a phone: drawing and erasing from the mapper's seat, the walk from the
    walker's, fight or no fight; a note for the GM alone is the GM's to write."""
    pen = state.get("map") or {}
    if action["do"] in MAPPER_DOS and pen.get("mapper") == seat:
        if action["do"] == "map_draw" and "gm" in action and action["gm"] is not False:
            raise TableRefusal("gm", "Request: a note for the GM alone is the GM's to write; draw your note for "
                                     "everyone, or ask the GM.")
        return dict(action)
    if action["do"] in WALKER_DOS and pen.get("walker") == seat:
        return dict(action)
    raise TableRefusal("action", "Request: the GM has not given you the pen; ask the GM.")


def map_needs_approval(state: dict[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether a phone's map action waits for the GM's approval before it is applied: the GM asked
    for it (``ask``) and the action is the mapper's drawing or erasing."""
    return bool((state.get("map") or {}).get("ask")) and action.get("do") in MAPPER_DOS


def players_roll(state: dict[str, Any], text: str) -> list[list[int]] | None:
    """The faces of the attack roll a player rolled with their own dice (a request's
    ``"rolled"``), checked against their game's roll; None when the GM's device rolls."""
    rolled = json.loads(text).get("rolled")
    if rolled is None or rolled == []:
        return None
    count, sides = rules_of(state["system"]).attack_roll
    if (not isinstance(rolled, list) or len(rolled) != count
            or any(isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides for face in rolled)):
        faces = f"{count} faces, each" if count > 1 else "1 face"
        raise TableRefusal("rolled", f"Your dice: give the {count}d{sides} you rolled, {faces} a whole number from 1 "
                                     f"to {sides}, or leave it empty for the GM's device to roll.")
    return [list(rolled)]


def defences_to_choose(state: dict[str, Any], action: Mapping[str, Any]) -> list[dict[str, str]] | None:
    """The target's defences for the GM to choose from before a player's attack is rolled (the
    target's side chooses its defence, and a player asks only for their own attack), each with
    its label; None where the game's attack has no such choice."""
    if action.get("do") != "attack" or "defence" in action:
        return None
    field = _defence_field(state)
    if field is None:
        return None
    shown = (session.preview(state, dict(action), gm=True).get("attack") or {}).get("defences")
    choices = [one["id"] for one in shown] if shown else [one for one in field["choices"] if one]
    choices += [one for one in field["choices"] if one == "none" and one not in choices]
    labels = field.get("choice_labels", {})
    return [{"id": one, "label": labels.get(one, one)} for one in choices]


def odds(state: dict[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """An attack's odds as the players may see them (``session.preview`` in the players' view:
    a foe's figures, and every chance drawn from them, stay on the GM's device)."""
    try:
        seen = session.preview(state, dict(action), gm=False)
    except RulesInputError as error:
        raise TableRefusal(error.field, error.message) from None
    return {"lines": seen["lines"], "attack": seen.get("attack")}


def check_applies(state: dict[str, Any], action: Mapping[str, Any]) -> None:
    """Raises TableRefusal with the rules' own sentence if ``action`` would be refused."""
    try:
        session.preview(state, dict(action))
    except RulesInputError as error:
        raise TableRefusal(error.field, error.message) from None


def checked_request(state: dict[str, Any], seat: Any, text: Any, sent: int) -> dict[str, Any]:
    """The session action a phone's request asks for, checked on arrival and by the rules on the
    newest state (``sent``: the number of the last message sent to the seat); or TableRefusal,
    which says so when the phone had not yet drawn the newest state."""
    refusal = None
    try:
        action = request_action(state, seat, text)
    except TableRefusal as error:
        if error.field not in ("turn", "fight"):  # the message itself is wrong, whenever it was made
            raise
        refusal = error
    seen = json.loads(text).get("seen")  # request_action found it a request of ours
    if isinstance(seen, bool) or not isinstance(seen, int) or not 0 <= seen <= sent:
        raise TableRefusal("seen", f"Request: it names a state this device never sent (seen {str(seen)[:12]}); "
                                   "nothing was done.")
    if refusal is None:
        try:
            check_applies(state, action)
            return action
        except TableRefusal as error:
            refusal = error
    if seen < sent:  # asked from an older state, which the newest no longer takes
        raise TableRefusal(refusal.field, f"{refusal.message} The table had moved on before your request arrived.")
    raise refusal


def admit(bucket: Mapping[str, float] | None, now: float) -> tuple[bool, dict[str, float]]:
    """A seat's rate limit (a token bucket): whether a request arriving at ``now`` (seconds) is
    taken, and the bucket to keep for the next one."""
    tokens, at = (BURST, now) if not bucket else (bucket["tokens"], bucket["at"])
    tokens = min(BURST, tokens + max(0.0, now - at) * PER_SECOND)
    if tokens < 1:
        return False, {"tokens": tokens, "at": now}
    return True, {"tokens": tokens - 1, "at": now}


__all__ = ["ACTOR_KEYS", "BURST", "MAPPER_DOS", "MAX_REQUEST_CHARS", "PER_SECOND", "PROTOCOL", "WALKER_DOS",
           "TableRefusal", "admit", "check_applies", "checked_request", "defence_declared", "defences_to_choose",
           "map_needs_approval", "odds", "players_roll", "request_action", "seat_message", "seat_messages"]
