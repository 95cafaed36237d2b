"""The table (issue 36): what the GM's device sends each player's phone, and what it accepts
from one, by the rules. The transport (a WebRTC data channel today, a relay later) only
carries these messages; the GM's device, the table's one authority, builds and checks them
here, with the session it holds, and a phone draws what it is sent (it needs no engine).

GM to a phone: ``seat_message(state, seat, seq, "snapshot")``, then after every change
``seat_message(state, seat, seq)``: the players' view (``session.view(state, gm=False)``,
foes' numbers never in it; its log cut to the newest entries, as the Session page draws it)
with the seat's own character in full (``"me"``), numbered in sequence; a phone that sees a
gap in the sequence asks for a snapshot.

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
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import session
from .core import RulesInputError
from .fight import Fight

PROTOCOL = 1
MAX_REQUEST_CHARS = 4_000  # a request is a few hundred characters; more is not a phone of ours
BURST, PER_SECOND = 6, 2.0  # requests a seat may make at once, and how fast they come back
# What a player may ask for, by game: their own maneuver, attack and end of turn, each only on
# their own turn (the rules refuse it otherwise, in their own words).
PLAYER_ACTIONS: dict[str, tuple[str, ...]] = {
    "gurps": ("maneuver", "attack", "next_turn"),
    "shell": ("maneuver", "attack", "next_turn"),
    "bfrpg": ("attack", "next_turn"),
}
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
    return {"id": seat, "name": session.name_of(state, seat), "sheet": session.sheet(state, seat)}


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
    view = session.view(state, log_tail=session.LOG_TAIL)
    return {"v": PROTOCOL, "type": kind, "seq": seq, "seat": seat, "view": view, "me": _me(state, seat),
            "maneuvers": _maneuvers(state, view)}


def _maneuvers(state: dict[str, Any], view: dict[str, Any]) -> list[dict[str, str]]:
    """The maneuvers the fight lets its current fighter choose now, each with its label (none
    outside a fight, or in a game without maneuvers)."""
    form = next((entry for entry in session.actions(state["system"]) if entry["id"] == "maneuver"), None)
    fight = view.get("fight")
    if not form or not fight:
        return []
    labels = next(field for field in form["fields"] if field["name"] == "maneuver")["choice_labels"]
    return [{"id": one, "label": labels.get(one, one)} for one in fight.get("maneuvers_open", [])]


def request_action(state: dict[str, Any], seat: Any, text: Any) -> dict[str, Any]:
    """The session action a phone's request asks for, checked for the seat; or TableRefusal."""
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        raise TableRefusal("size", f"Request: longer than {MAX_REQUEST_CHARS} characters; nothing was done.")
    try:
        message = json.loads(text)
    except ValueError:
        raise TableRefusal("shape", "Request: not a message of this site; nothing was done.") from None
    if not isinstance(message, dict) or message.get("type") != "request":
        raise TableRefusal("shape", "Request: not a request of this site; nothing was done.")
    if message.get("v") != PROTOCOL:
        raise TableRefusal("version", f"Request: made by another version of the site (protocol "
                                      f"{str(message.get('v'))[:10]}, this one speaks {PROTOCOL}): reload the page.")
    seat = _seat_checked(state, seat)
    action = message.get("action")
    allowed = PLAYER_ACTIONS[state["system"]]
    if not isinstance(action, dict) or action.get("do") not in allowed:
        raise TableRefusal("action", "Request: a player may choose their maneuver, attack or end their turn; "
                                     "ask the GM for anything else.")
    actor = ACTOR_KEYS.get(action["do"])
    if actor and action.get(actor) != seat:
        raise TableRefusal("who", f"Request: you play {session.name_of(state, seat)}; only the GM acts for others.")
    fight = state.get("fight")
    if not fight:
        raise TableRefusal("fight", "Request: there is no fight under way.")
    if Fight.current(fight) != seat:
        raise TableRefusal("turn", f"Request: it is not {session.name_of(state, seat)}'s turn.")
    if action["do"] == "next_turn":
        # Named, so a request made from an old state cannot end the next fighter's turn.
        return {"do": "next_turn", "current": seat}
    return dict(action)


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


__all__ = ["MAX_REQUEST_CHARS", "PLAYER_ACTIONS", "PROTOCOL", "TableRefusal", "admit", "check_applies",
           "checked_request", "request_action", "seat_message"]
