"""The worker's held sessions (rulescore/web_session.py): answered from the state the worker
made, with the same views and log as rulescore.session, the state crossing only when it is
not held."""

from __future__ import annotations

import json
from typing import Any

from rulescore import session
from rulescore.play import session as play_session
from rulescore.web_session import HELD_MAX, LOG_SENT, held_state_json, new_held, respond_held

PARTY = [{"id": "a", "name": "Ana", "system": "gurps", "fields": {"st": 12, "ht": 11}},
         {"id": "b", "name": "Bruno", "system": "gurps", "fields": {"dx": 12}}]
FOES = [{"name": "Orc", "count": 2, "hp": 12, "dr": 1}]


def fixed_dice(count: int, sides: int) -> list[int]:
    return [min(3, sides)] * count


def ask(held: dict[str, Any], request: dict[str, Any], stamp: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(respond_held(held, json.dumps(request), stamp))
    return answer


def evening_actions(count: int) -> list[dict[str, Any]]:
    """``count`` actions of a fight: maneuvers, blows on the orcs, Next turn, fights begun and ended."""
    actions: list[dict[str, Any]] = []
    while len(actions) < count:
        actions.append({"do": "fight", "foes": FOES})
        for turn in range(12):
            actions += [{"do": "damage", "who": f"f{1 + turn % 2}", "damage": 1, "type": "crushing", "torso": False},
                        {"do": "next_turn"}]
        actions.append({"do": "end_fight"})
    return actions[:count]


def the_same(answer: dict[str, Any], state: dict[str, Any]) -> None:
    """The held answer's views are rulescore.session's, the log cut to its newest entries."""
    for key, gm in (("view", False), ("gm_view", True)):
        whole = session.view(state, gm=gm)
        assert answer[key]["log_count"] == len(whole["log"])
        assert answer[key]["log"] == whole["log"][-LOG_SENT:]
        assert {k: v for k, v in answer[key].items() if k not in ("log", "log_count")} == \
            {k: v for k, v in whole.items() if k != "log"}


def test_a_200_action_evening_with_undo_and_redo_equals_rulescore_session() -> None:
    held = new_held()
    state = session.new("gurps", PARTY)
    record = {"id": "s1", "stamp": ""}
    first = ask(held, {"op": "view", "session": record, "state": state}, "st-0")
    assert first["stamp"] == "st-0" and "state" not in first  # a record without a stamp gets one
    record["stamp"] = first["stamp"]
    for number, action in enumerate(evening_actions(200)):
        if number % 37 == 36:  # now and then an undo, a redo, an undo that stays
            for op in ("undo", "redo", "undo"):
                answer = ask(held, {"op": op, "session": record}, f"st-{number}-{op}")
                state = session.undo(state) if op == "undo" else session.redo(state)
                record["stamp"] = answer["stamp"]
                the_same(answer, state)
        answer = ask(held, {"op": "apply", "session": record, "action": action, "dice": None}, f"st-{number}")
        assert answer["ok"], answer
        assert "state" not in answer and answer["stamp"] == f"st-{number}"
        # The worker rolled its own dice: the state it holds is the reference from here.
        text = held_state_json(held, answer["stamp"])
        assert text is not None
        state = json.loads(text)
        record["stamp"] = answer["stamp"]
        the_same(answer, state)
    # A reload: the page sends the state it kept with its stamp; a worker that holds it uses it.
    assert ask(held, {"op": "view", "session": record})["gm_view"]["log_count"] == len(state["log"])
    whole = ask(held, {"op": "view", "session": record, "whole_log": True})
    assert whole["gm_view"]["log"] == session.view(state, gm=True)["log"]
    # A fresh worker (another tab, a restarted engine) holds nothing: it asks for the state, once.
    other = new_held()
    refused = ask(other, {"op": "apply", "session": record, "action": {"do": "advance", "turns": 1}})
    assert refused == {"ok": False, "held": False, "field": "state",
                       "message": "Session: this state is not held by the engine; send it."}
    sent = ask(other, {"op": "view", "session": record, "state": json.dumps(state)}, "unused")  # as kept: text
    assert sent["stamp"] == record["stamp"]  # held under the record's own stamp
    the_same(sent, state)
    assert ask(other, {"op": "preview", "session": record, "action": {"do": "next_turn"}})["ok"]
    # A page showing the GM's view is not sent the players' (nor made to wait for it).
    gm_only = ask(other, {"op": "view", "session": record, "players_view": False})
    assert gm_only["view"] is None and gm_only["gm_view"]["log_count"] == len(session.view(state, gm=True)["log"])
    # ...which it asks for after, alone, when a screen may switch to it (engine.js playersView).
    players_only = ask(other, {"op": "view", "session": record, "gm_view": False})
    assert players_only["gm_view"] is None and players_only["view"] == session.view(state, log_tail=LOG_SENT)


def test_an_action_answered_with_the_gm_view_alone_makes_the_same_state_and_views() -> None:
    held = new_held()
    state = session.new("gurps", PARTY)
    record = {"id": "s1", "stamp": ask(held, {"op": "view", "session": {"id": "s1", "stamp": ""}, "state": state},
                                       "st-0")["stamp"]}
    for number, action in enumerate(evening_actions(60)):
        answer = ask(held, {"op": "apply", "session": record, "action": action, "dice": None,
                            "players_view": False}, f"st-{number}")
        state = json.loads(held_state_json(held, answer["stamp"]) or "null")
        record["stamp"] = answer["stamp"]
        assert answer["view"] is None and answer["gm_view"] == session.view(state, gm=True, log_tail=LOG_SENT)
        both = play_session.view_pair(state, LOG_SENT)
        assert both == (answer["gm_view"], session.view(state, log_tail=LOG_SENT))


def test_only_the_stamp_held_is_answered_and_the_oldest_goes() -> None:
    held = new_held()
    state = session.new("gurps", PARTY)
    stamps: list[str] = []
    for number in range(HELD_MAX + 1):
        answer = ask(held, {"op": "apply", "session": {"id": "s", "stamp": stamps[-1] if stamps else ""},
                            "state": state, "action": {"do": "advance", "turns": 1}}, f"k{number}")
        stamps.append(answer["stamp"])
        state = json.loads(held_state_json(held, answer["stamp"]) or "null")
    assert list(held) == stamps[1:]  # the first made is let go
    assert ask(held, {"op": "view", "session": {"id": "s", "stamp": stamps[0]}})["held"] is False
    assert ask(held, {"op": "view", "session": {"id": "s", "stamp": "another tab's"}})["held"] is False
    assert ask(held, {"op": "view", "session": {"id": "s", "stamp": stamps[-1]}})["gm_view"]["turn"] == HELD_MAX + 1


def test_a_refused_action_changes_nothing_held_and_bad_names_are_refused() -> None:
    held = new_held()
    made = ask(held, {"op": "new", "system": "gurps", "party": PARTY, "session": {"id": "s", "stamp": ""}}, "n1")
    assert made["stamp"] == "n1"
    refused = ask(held, {"op": "apply", "session": {"id": "s", "stamp": "n1"},
                         "action": {"do": "advance", "turns": -1}}, "n2")
    assert refused["ok"] is False and refused["field"] == "turns" and "n2" not in held
    assert ask(held, {"op": "view", "session": {"id": "s", "stamp": "n1"}})["gm_view"]["turn"] == 0
    bad = ask(held, {"op": "view", "session": {"id": 3}})
    assert bad["field"] == "session" and "id and stamp" in bad["message"]
    assert json.loads(respond_held(held, "{", "x"))["field"] == "request"
    damaged = ask(held, {"op": "view", "session": {"id": "s", "stamp": ""}, "state": "{not json"})
    assert damaged == {"ok": False, "field": "state", "message": "Session: its saved state is damaged (not JSON)."}
    assert held_state_json(held, "never made") is None
