"""rulescore.seats: what the GM's device sends a phone (the players' view, never a foe's number,
and the seat's character in full) and how it checks what a phone asks for (issue 36, the
protocol's GM side; the transport and pages are not built yet)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulescore import session
from rulescore.seats import (
    BURST,
    MAX_REQUEST_CHARS,
    PER_SECOND,
    PROTOCOL,
    TableRefusal,
    admit,
    check_applies,
    checked_request,
    players_roll,
    request_action,
    seat_message,
)
from rulescore.web_session import LOG_SENT

PARTY = [{"id": "a", "name": "Ana", "system": "gurps", "fields": {"st": 12, "dx": 12}},
         {"id": "b", "name": "Bruno", "system": "gurps", "fields": {"ht": 12}}]
FOES = [{"name": "Orc", "count": 2, "hp": 17, "dr": 2, "basic_speed": 5, "dodge": 7}]


def fight() -> dict[str, Any]:
    state = session.new("gurps", PARTY)
    return session.apply(state, {"do": "fight", "foes": FOES}, roll=lambda count, sides: [3] * count)


def request(action: Any, **extra: Any) -> str:
    return json.dumps({"v": PROTOCOL, "type": "request", "id": "r1", "seen": 1, "action": action, **extra})


def test_a_seat_is_sent_the_players_view_and_its_own_character_only() -> None:
    state = fight()
    message = seat_message(state, "a", 7, "snapshot")
    assert message["type"] == "snapshot" and message["seq"] == 7 and message["seat"] == "a"
    view = session.view(state)
    assert message["view"]["log"] == view["log"][-LOG_SENT:] and message["view"]["log_count"] == len(view["log"])
    assert {key: value for key, value in message["view"].items() if key not in ("log", "log_count")} == \
        {key: value for key, value in view.items() if key != "log"}
    assert message["me"]["name"] == "Ana" and message["me"]["sheet"] == session.sheet(state, "a")
    sent = json.dumps(message)
    assert '"hp": 17' not in sent and '"dr": 2' not in sent and "Bruno" in sent  # foes' figures stay on the GM's side
    assert '"sheet"' in sent and sent.count('"sheet"') == 1  # one character in full: the seat's
    with pytest.raises(TableRefusal, match="not in the session's party"):
        seat_message(state, "f1", 8)


def test_a_request_is_checked_on_arrival_and_becomes_the_session_action() -> None:
    state = fight()
    assert session.view(state, gm=True)["fight"]["current"] == "a"
    assert request_action(state, "a", request({"do": "next_turn"})) == {"do": "next_turn", "current": "a"}
    maneuver = {"do": "maneuver", "who": "a", "maneuver": "all_out_defense", "option": "dodge"}
    assert request_action(state, "a", request(maneuver)) == maneuver
    refusals = [
        ("b", request({"do": "next_turn"}), "turn", "not Bruno's turn"),
        ("b", request({**maneuver, "who": "a"}), "who", "you play Bruno; only the GM acts for others"),
        ("a", request({"do": "damage", "who": "f1", "damage": 30}), "action", "ask the GM for anything else"),
        ("a", request({"do": "heal", "who": "a", "hp": 5}), "action", "ask the GM"),
        ("a", "{oops", "shape", "not a message of this site"),
        ("a", json.dumps({"type": "hello"}), "shape", "not a request"),
        ("a", json.dumps({"v": 99, "type": "request", "action": {"do": "next_turn"}}), "version", "reload the page"),
        ("a", request({"do": "next_turn"}, padding="x" * MAX_REQUEST_CHARS), "size", "longer than"),
        ("a", 12, "size", "longer than"),
        ("f1", request({"do": "next_turn"}), "seat", "not in the session's party"),
    ]
    for seat, text, field, words in refusals:
        with pytest.raises(TableRefusal) as refused:
            request_action(state, seat, text)
        assert refused.value.field == field and words in refused.value.message, (field, refused.value.message)
    calm = session.new("gurps", PARTY)
    with pytest.raises(TableRefusal, match="no fight under way"):
        request_action(calm, "a", request({"do": "next_turn"}))


def test_a_request_from_an_old_state_is_refused_by_the_rules_and_nothing_changes() -> None:
    state = fight()
    action = request_action(state, "a", request({"do": "next_turn"}))
    moved = session.apply(state, {"do": "next_turn"})  # the GM ended Ana's turn meanwhile
    with pytest.raises(TableRefusal) as refused:
        check_applies(moved, action)
    assert refused.value.field == "current" and "has already ended" in refused.value.message
    assert session.view(moved, gm=True) == session.view(session.apply(state, {"do": "next_turn"}), gm=True)
    bad = {"do": "maneuver", "who": "a", "maneuver": "fly"}
    with pytest.raises(TableRefusal) as wrong:
        check_applies(state, request_action(state, "a", request(bad)))
    assert wrong.value.field == "maneuver"


def test_a_stale_request_is_applied_on_the_newest_state_where_it_still_makes_sense() -> None:
    """A phone asks from the state it drew (``seen``); the GM's device has sent more since."""
    state = fight()
    maneuver = {"do": "maneuver", "who": "a", "maneuver": "all_out_defense", "option": "increased_dodge"}
    # The GM changed something else meanwhile (message 2 on its way): still Ana's turn, so taken.
    newer = session.apply(state, {"do": "damage", "who": "b", "damage": 2, "type": "crushing"})
    assert checked_request(newer, "a", request(maneuver, seen=1), sent=2) == maneuver
    # Her turn ended meanwhile: her old "End my turn" is refused, and said why, nothing changed.
    moved = session.apply(state, {"do": "next_turn"})
    with pytest.raises(TableRefusal) as refused:
        checked_request(moved, "a", request({"do": "next_turn"}, seen=1), sent=2)
    assert refused.value.field == "turn" and "not Ana's turn" in refused.value.message
    assert refused.value.message.endswith("The table had moved on before your request arrived.")
    back = moved
    while session.view(back, gm=True)["fight"]["current"] != "a":  # round 2: Ana's turn again
        back = session.apply(back, {"do": "next_turn"})
    with pytest.raises(TableRefusal) as behind:
        checked_request(back, "a", request({**maneuver, "maneuver": "fly"}, seen=1), sent=3)
    assert behind.value.field == "maneuver" and behind.value.message.endswith("before your request arrived.")
    with pytest.raises(TableRefusal) as plain:  # the same from a phone that is up to date: the rules' words
        checked_request(back, "a", request({**maneuver, "maneuver": "fly"}, seen=3), sent=3)
    assert plain.value.field == "maneuver" and "moved on" not in plain.value.message
    for seen in (4, -1, "2", True, None):  # a number this device never sent
        with pytest.raises(TableRefusal) as never:
            checked_request(back, "a", request(maneuver, seen=seen), sent=3)
        assert never.value.field == "seen", seen


def test_a_flood_of_requests_is_held_back_and_the_seat_recovers() -> None:
    bucket = None
    taken = []
    for _ in range(BURST + 4):
        ok, bucket = admit(bucket, 100.0)
        taken.append(ok)
    assert taken == [True] * BURST + [False] * 4
    ok, bucket = admit(bucket, 100.0 + 1 / PER_SECOND)
    assert ok  # one more, once its time has come
    assert admit(bucket, 100.0 + 1 / PER_SECOND)[0] is False


def test_the_worker_answers_for_the_table_from_the_session_it_holds() -> None:
    from rulescore.web_session import new_held, respond_held

    held = new_held()
    state = fight()

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(respond_held(held, json.dumps(request), "k1"))
        return answer

    record = {"id": "s", "stamp": ask({"op": "view", "session": {"id": "s", "stamp": ""}, "state": state})["stamp"]}
    sent, other = ask({"op": "seats", "session": record, "seats": [
        {"seat": "a", "seq": 1, "kind": "snapshot"}, {"seat": "b", "seq": 4}]})["seat_messages"]
    assert sent == json.loads(json.dumps(seat_message(state, "a", 1, "snapshot")))
    assert other == json.loads(json.dumps(seat_message(state, "b", 4)))
    assert {"id": "all_out_defense", "label": "All-Out Defense"} in sent["maneuvers"]
    asked = ask({"op": "table_request", "session": record, "seat": "a", "text": request({"do": "next_turn"}),
                 "sent": 1, "bucket": None, "now": 5})
    assert asked["ok"] and asked["action"] == {"do": "next_turn", "current": "a"} and asked["bucket"]["tokens"] < BURST
    refused = ask({"op": "table_request", "session": record, "seat": "b", "text": request({"do": "next_turn"}),
                   "sent": 1, "bucket": asked["bucket"], "now": 5})
    assert refused["ok"] is False and refused["field"] == "turn" and "Bruno" in refused["message"]
    bucket = refused["bucket"]
    for _ in range(BURST):
        last = ask({"op": "table_request", "session": record, "seat": "a", "text": request({"do": "next_turn"}),
                    "sent": 1, "bucket": bucket, "now": 5})
        bucket = last["bucket"]
    assert last["field"] == "rate" and "too many" in last["message"]
    assert ask({"op": "seats", "session": record, "seats": [{"seat": "f1", "seq": 2}]})["seat_messages"] == []
    # An action asked with the seats to tell: the phones' messages come with the page's own answer.
    done = ask({"op": "apply", "session": record, "action": {"do": "damage", "who": "b", "damage": 3,
                                                              "type": "crushing"}, "seats": [{"seat": "a", "seq": 5}]})
    moved = session.apply(state, {"do": "damage", "who": "b", "damage": 3, "type": "crushing"})
    assert done["seat_messages"] == [json.loads(json.dumps(seat_message(moved, "a", 5)))]


ARMED = [{"id": "a", "name": "Ana", "system": "gurps",
          "fields": {"st": 12, "dx": 12, "weapons": [{"name": "Broadsword", "damage": "sw+1 cut", "skill": 14}]}},
         PARTY[1]]


def test_a_player_attacks_from_their_phone_with_their_own_dice_and_sees_only_their_own_odds() -> None:
    from rulescore.web_session import new_held, respond_held

    state = session.apply(session.new("gurps", ARMED), {"do": "fight", "foes": FOES}, roll=lambda c, s: [3] * c)
    mine = seat_message(state, "a", 1)["attack"]
    assert mine["weapons"] == [{"index": 0, "name": "Broadsword"}] and mine["roll"] == {"count": 3, "sides": 6}
    order = state["fight"]["order"]
    assert [one["id"] for one in mine["targets"]] == [who for who in order if who.startswith("f")] + ["b"]
    assert seat_message(state, "b", 1)["attack"] is None  # not Bruno's turn
    attack = {"do": "attack", "who": "a", "target": "f1", "weapon": 0}
    with pytest.raises(TableRefusal, match="modifier of an attack is the GM's to say"):
        request_action(state, "a", request({**attack, "modifier": 10}))
    for rolled in ([6, 6], [7, 1, 1], "14", [5, 5, True]):
        with pytest.raises(TableRefusal, match="give the 3d6 you rolled, 3 faces"):
            players_roll(state, request(attack, rolled=rolled))
    assert players_roll(state, request(attack)) is None and players_roll(state, request(attack, rolled=[])) is None

    held = new_held()

    def ask(one: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(respond_held(held, json.dumps(one), "k1"))
        return answer

    record = {"id": "s", "stamp": ask({"op": "view", "session": {"id": "s", "stamp": ""}, "state": state})["stamp"]}
    shown = ask({"op": "table_odds", "session": record, "seat": "a", "now": 1,
                 "text": json.dumps({"v": PROTOCOL, "type": "odds", "id": "o1", "seen": 1, "action": attack})})
    assert shown["ok"] and shown["attack"]["to_hit"]["skill"] == 14 and shown["attack"]["damage"]["dice"]
    assert shown["attack"]["defences"] and all(set(one) == {"id", "label"} for one in shown["attack"]["defences"])
    odds_refused = ask({"op": "table_odds", "session": record, "seat": "a", "now": 1, "text": request(attack)})
    assert odds_refused["field"] == "shape"  # a request to act is not a question of odds
    taken = ask({"op": "table_request", "session": record, "seat": "a", "sent": 1, "now": 2,
                 "text": request(attack, rolled=[5, 5, 4])})
    assert taken["ok"] and taken["action"] == attack and taken["dice"] == [[5, 5, 4]]
    # The orc's defence is the GM's to choose (its side's): offered from what it can do.
    assert taken["defences"] == [{"id": "dodge", "label": "Dodge"}, {"id": "parry", "label": "Parry"},
                                 {"id": "none", "label": "No defence"}]
    done = ask({"op": "apply", "session": record, "action": {**taken["action"], "defence": "parry"},
                "dice": taken["dice"], "then_roll": True})
    assert done["ok"], done
    # Her 5 + 5 + 4 is the attack roll; the orc's parry and the damage are rolled on the GM's device.
    assert "Ana attacks Orc 1 with Broadsword: 14 against 14" in " ".join(e["text"] for e in done["view"]["log"])


def test_a_player_declares_how_they_defend_and_only_the_games_defences_are_kept() -> None:
    from rulescore.seats import defence_declared

    state = fight()
    offered = seat_message(state, "b", 1)["defence"]
    assert offered == {"choices": [{"id": "dodge", "label": "Dodge"}, {"id": "parry", "label": "Parry"},
                                   {"id": "block", "label": "Block"}, {"id": "none", "label": "No defence"}],
                       "retreat": True}

    def said(**fields: Any) -> str:
        return json.dumps({"v": PROTOCOL, "type": "defence", **fields})

    assert defence_declared(state, said(defence="parry", retreat=True)) == {"defence": "parry", "retreat": True}
    assert defence_declared(state, said(defence="", retreat=True)) == {"defence": "", "retreat": False}
    for bad, field in ((said(defence="fly"), "defence"), (said(defence=3), "defence"), ("{x", "shape"),
                       (json.dumps({"v": 9, "type": "defence", "defence": "dodge"}), "shape"), ("x" * 5000, "size")):
        with pytest.raises(TableRefusal) as refused:
            defence_declared(state, bad)
        assert refused.value.field == field
    bfrpg = session.new("bfrpg", [{"id": "c", "name": "Cora", "system": "bfrpg", "fields": {}}])
    assert seat_message(bfrpg, "c", 1)["defence"] is None  # the target does not choose in Basic Fantasy
    with pytest.raises(TableRefusal, match="the target does not choose"):
        defence_declared(bfrpg, said(defence="dodge"))


def test_the_gm_chooses_the_targets_defence_where_the_game_lets_it_choose() -> None:
    from rulescore.seats import defences_to_choose

    shell = session.apply(session.new("shell", [{"id": "s", "name": "Sol", "system": "shell", "fields": {}}]),
                          {"do": "fight", "foes": [{"name": "Thug", "count": 1}]}, roll=lambda c, s: [5] * c)
    attack = {"do": "attack", "who": "s", "target": "f1"}
    assert defences_to_choose(shell, attack) == [{"id": "dodge", "label": "dodge"},
                                                 {"id": "block", "label": "block (parry or shield)"}]
    assert defences_to_choose(shell, {**attack, "defence": "block"}) is None  # already chosen
    bfrpg = session.apply(session.new("bfrpg", [{"id": "c", "name": "Cora", "system": "bfrpg", "fields": {}}]),
                          {"do": "fight", "foes": [{"monster": "goblin", "count": 1}]}, roll=lambda c, s: [3] * c)
    assert defences_to_choose(bfrpg, {"do": "attack", "who": "c", "target": "f1"}) is None
