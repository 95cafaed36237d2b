"""The Session page's requests, as the browser worker answers them.

``respond_session(request)`` takes the whole state with each request and returns the new one
with both views: simple, and what the tests and the build use. A long evening's state is
large (hundreds of kilobytes), so the worker keeps each open session between requests:
``respond_held(held, request_json, stamp)`` takes ``held``, a dict the worker made with
``new_held()`` and passes in every time (this module keeps nothing), and a request naming the
session record it acts on (``"session": {"id", "stamp"}``) instead of carrying its state. The
stamp is written into the record with each state this worker made: a record is answered from
the state held under its stamp (another tab's write bears another stamp); for any other the
answer is ``{"ok": false, "held": false}`` and the page sends the state once, which is then
held under the record's stamp (or a new one, for a record without: the answer says which).

A held request's answer carries the views with the newest ``LOG_SENT`` log entries only
(``log_count`` says how many there are; ``"whole_log": true`` asks for all of them), and the
new state's ``stamp``, not the state: once it has drawn the views, the page asks for the state's
JSON text (``held_state_json``) and writes the record with it. So a tap costs the same at the first action and the
two-thousandth.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..core import RulesInputError
from ..dice import real_roll
from . import seats, session
from .dice_asks import DiceWanted

# The newest log entries a held view carries: the Session page shows the last 100 (more on request).
LOG_SENT = session.LOG_TAIL
# Sessions held at once: the open one, and the one a second page of this visit may show.
HELD_MAX = 4

# The ops that act on a state, and those that make a new one.
_READS = ("apply", "undo", "redo", "view", "preview", "write_back", "seats", "table_request", "table_odds",
          "table_defence")
_MAKES = ("new", "apply", "undo", "redo")


def _players_dice(faces: Any, then_roll: bool = False) -> Callable[[int, int], list[Any]]:
    """A roll function that hands out the faces a player rolled at the table, one list per roll
    in the order the rules ask for them; when they run out, asks for the next roll (DiceWanted, to
    which the session's dice add whose roll it is and what for), or, with ``then_roll``, rolls the
    rest here (a player at the table gives their attack roll)."""
    if not isinstance(faces, list) or not all(isinstance(one, list) for one in faces):
        raise RulesInputError("dice", f"dice: received {faces!r:.40}; give a list of rolls, each a list of faces.")
    queue = list(faces)

    def roll(count: int, sides: int) -> list[Any]:
        if not queue:
            if then_roll:
                return real_roll(count, sides)
            raise DiceWanted(count, sides)
        return list(queue.pop(0))

    return roll


def _answer(request: dict[str, Any], given: Any, log_tail: int | None = None) -> tuple[dict[str, Any], Any]:
    """The answer to ``request`` acting on ``given``, and the new state when the op made one
    (its views' logs cut to ``log_tail`` entries, if given)."""
    op = request.get("op")
    if op == "actions":
        return {"ok": True, "actions": session.actions(request.get("system"))}, None
    if op == "preview":
        return {"ok": True, **session.preview(given, request.get("action"), gm=request.get("gm") is not False)}, None
    if op in ("seats", "table_request", "table_odds", "table_defence"):
        return _table(request, given), None
    if op == "write_back":
        return {"ok": True, "write_back": session.write_back(given), "changes": session.write_back_changes(given),
                "members": session.write_back_from(given)}, None
    state: dict[str, Any]
    if op == "new":
        state = session.new(request.get("system"), request.get("party"))
    elif op == "apply":
        dice = request.get("dice")
        roll = None if dice is None else _players_dice(dice, then_roll=request.get("then_roll") is True)
        state = session.apply(given, request.get("action"), roll=roll)
    elif op in ("undo", "redo"):
        state = session.undo(given) if op == "undo" else session.redo(given)
    elif op == "view":
        state = given
    else:
        raise RulesInputError("op", f"op: received {op!r:.40}; use actions, new, apply, preview, undo, redo, "
                                    f"view or write_back.")
    # The players' view only when asked for (a page showing the GM's view draws it only when
    # switched to) or the phones at the table are sent it; the GM's unless ``"gm_view": false``.
    players_too = request.get("players_view") is not False or "seats" in request
    gm_view: dict[str, Any] | None = None
    players: dict[str, Any] | None
    if request.get("gm_view") is False:
        players = session.view(state, log_tail=log_tail)
    else:
        gm_view, players = session.view_pair(state, log_tail, players_too)
    answer = {"ok": True, "state": state, "view": players, "gm_view": gm_view}
    if "seats" in request:  # the phones at the table, sent the change with the page's own answer
        answer["seat_messages"] = seats.seat_messages(state, _seats_wanted(state, request),
                                                      players if log_tail == session.LOG_TAIL else None)
    return answer, state if op in _MAKES else None


def _seats_wanted(state: dict[str, Any], request: dict[str, Any]) -> list[tuple[str, int, str]]:
    """A request's ``seats`` ([{seat, seq, kind}]) checked; a seat whose character has left the
    party is sent nothing (the GM's page ends it)."""
    wanted = request.get("seats")
    if not isinstance(wanted, list) or not all(isinstance(one, dict) for one in wanted):
        raise RulesInputError("seats", "seats: give a list of {seat, seq, kind}.")
    if any(not isinstance(one.get("seq"), int) or isinstance(one.get("seq"), bool) for one in wanted):
        raise RulesInputError("seq", "seq: give each message's sequence number.")
    members = {member["id"] for member in state["party"]}
    return [(one["seat"], one["seq"], "snapshot" if one.get("kind") == "snapshot" else "change")
            for one in wanted if one.get("seat") in members]


def _table(request: dict[str, Any], given: Any) -> dict[str, Any]:
    """The table's ops (rulescore.play.seats), on the session held: ``{"op": "seats", "seats": [{"seat",
    "seq", "kind"}, ...]}``, what each seat's phone is sent; ``{"op": "table_request", "seat", "text", "sent",
    "bucket", "now"}``, a phone's request checked (``sent``: the number of the last message sent to
    the seat; the rate limit's bucket passed in and returned): the session action to apply, or the
    refusal to send back."""
    if not isinstance(given, dict) or given.get("format") != session.FORMAT:
        raise RulesInputError("state", "Session: this is not a session the Session page made.")
    state = given
    if request["op"] == "seats":
        chosen = _seats_wanted(state, request)
        return {"ok": True, "seat_messages": seats.seat_messages(state, chosen) if chosen else []}
    bucket = request.get("bucket")
    now = request.get("now")
    taken, bucket = seats.admit(bucket if isinstance(bucket, dict) else None, float(now) if isinstance(
        now, (int, float)) else 0.0)
    try:
        if not taken:
            raise seats.TableRefusal("rate", "Request: too many at once; wait a moment and try again.")
        if request["op"] == "table_defence":  # how the player defends when attacked, kept by the GM's page
            _seat_member(state, request.get("seat"))
            return {"ok": True, "declared": seats.defence_declared(state, request.get("text")), "bucket": bucket}
        if request["op"] == "table_odds":  # an attack's odds, before the player taps Attack
            action = seats.request_action(state, request.get("seat"), request.get("text"), kind="odds")
            return {"ok": True, **seats.odds(state, action), "bucket": bucket}
        sent = request.get("sent")
        action = seats.checked_request(state, request.get("seat"), request.get("text"),
                                       sent if isinstance(sent, int) and not isinstance(sent, bool) else 0)
        dice = seats.players_roll(state, str(request.get("text"))) if action["do"] == "attack" else None
    except seats.TableRefusal as refusal:
        return {"ok": False, "field": refusal.field, "message": refusal.message, "bucket": bucket}
    return {"ok": True, "action": action, "dice": dice, "defences": seats.defences_to_choose(state, action),
            "bucket": bucket}


def _seat_member(state: dict[str, Any], seat: Any) -> None:
    if seat not in {member["id"] for member in state["party"]}:
        raise seats.TableRefusal("seat", "Seat: this character is not in the session's party (any more).")


def _refusal(error: Exception) -> dict[str, Any]:
    if isinstance(error, DiceWanted):  # "for": whose roll and what for; "text": the roll asked, in words
        return {"ok": False, "field": "dice", "need": {"count": error.count, "sides": error.sides,
                                                       "for": error.purpose, "text": error.text},
                "message": f"{error.text}, and enter the faces."}
    assert isinstance(error, RulesInputError)
    return {"ok": False, "field": error.field, "message": error.message}


def respond_session(request: Any) -> dict[str, Any]:
    """The Session page's requests, one shape for all: ``{"op": "actions", "system"}``,
    ``{"op": "new", "system", "party"}``, ``{"op": "apply", "state", "action", "dice"}`` (``dice``
    null to roll here, or the faces rolled at the table), ``{"op": "undo" | "redo" | "view",
    "state"}``, ``{"op": "preview", "state", "action"}`` (what the action would log, nothing done:
    ``lines`` and ``rolls``), ``{"op": "write_back", "state"}`` (``write_back``, the fields each
    member's sheet would take, ``changes``, the same in words, and ``members``: each one's name, fields as
    they came in and labels). The answer holds the new state and both
    views (players' and GM's; ``"players_view": false`` leaves the players' out, ``view`` null, and
    ``"gm_view": false`` the GM's, ``gm_view`` null), or the
    error; with the table's dice, ``need`` says which roll is wanted next."""
    try:
        if not isinstance(request, dict):
            raise RulesInputError("request", f"request: received {request!r:.40}; give a dict with an \"op\".")
        return _answer(request, request.get("state"))[0]  # session.* check it is a session
    except (DiceWanted, RulesInputError) as error:
        return _refusal(error)


def new_held() -> dict[str, Any]:
    """What a worker keeps between requests: the states it last made or was sent, by stamp."""
    return {}


def _stamp_named(request: dict[str, Any]) -> str | None:
    """The stamp of the record a request acts on ("" for a record without one); None when it names none."""
    named = request.get("session")
    if named is None:
        return None
    if not (isinstance(named, dict) and isinstance(named.get("id"), str) and isinstance(named.get("stamp"), str)):
        raise RulesInputError("session", f"session: received {named!r:.60}; give the record's id and stamp.")
    return str(named["stamp"])


def _hold(held: dict[str, Any], stamp: str, state: Any) -> None:
    held.pop(stamp, None)
    held[stamp] = state
    while len(held) > HELD_MAX:  # the one used longest ago goes (dicts keep their order)
        held.pop(next(iter(held)))


def respond_held(held: dict[str, Any], request_json: str, stamp: str) -> str:
    """The worker's entry point for the Session page: a request as ``respond_session`` takes it,
    in JSON, that may name its record (``"session": {"id", "stamp"}``) in place of its
    ``state``; ``stamp`` is the one a state this request makes will bear. JSON out: with a named
    record, the views' logs cut to their newest entries, the new ``stamp`` in place of the state
    (``held_state_json`` gives the state), or ``{"ok": false, "held": false}`` when the state is
    not held here. A state sent may be the JSON text a record keeps."""
    try:
        request = json.loads(request_json)
    except ValueError:
        return json.dumps({"ok": False, "field": "request", "message": "request: not valid JSON."})
    answer: dict[str, Any]
    try:
        if not isinstance(request, dict):
            raise RulesInputError("request", f"request: received {request!r:.40}; give a dict with an \"op\".")
        named = _stamp_named(request)
        given = request.get("state")
        if isinstance(given, str):  # a record keeps its state as JSON text
            try:
                given = json.loads(given)
            except ValueError:
                raise RulesInputError("state", "Session: its saved state is damaged (not JSON).") from None
        if named is not None and "state" not in request and request.get("op") in _READS:
            if named not in held:
                return json.dumps({"ok": False, "held": False, "field": "state",
                                   "message": "Session: this state is not held by the engine; send it."})
            given = held[named]
            _hold(held, named, given)  # used now: kept longest
        whole = request.get("whole_log") is True
        answer, made = _answer(request, given, None if whole or named is None else LOG_SENT)
        if named is not None and "view" in answer:
            answer = {key: value for key, value in answer.items() if key != "state"}
            if made is not None or "state" in request:  # a new state, or one sent: held from now on
                answer["stamp"] = stamp if made is not None or not named else named
                _hold(held, answer["stamp"], given if made is None else made)
    except (DiceWanted, RulesInputError) as error:
        answer = _refusal(error)
    # Compact, and its non-ASCII letters as they are: a long evening's answer is large, and
    # escaping and spacing made dumping and parsing it a third slower.
    return json.dumps(answer, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def held_state_json(held: dict[str, Any], stamp: str) -> str | None:
    """The JSON text of the state held under ``stamp``, as the record keeps it; None if not held."""
    state = held.get(stamp)
    return None if state is None else json.dumps(state, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def respond_session_json(request_json: str) -> str:
    """``respond_session`` in JSON, out in JSON (no session held)."""
    return respond_held(new_held(), request_json, "")


__all__ = ["HELD_MAX", "LOG_SENT", "held_state_json", "new_held", "respond_held", "respond_session",
           "respond_session_json"]
