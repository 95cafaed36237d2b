"""The party's map (issue 44): shapes drawn and erased, the party walked, time kept by the rules.

Every expected figure is worked from the rule in the comment beside it: Basic Fantasy explores
at 3 × the movement rate a turn (a human unarmoured with a light load 3 × 40' = 120'; a dwarf in
leather with a heavy load 3 × 20' = 60'), a turn is 60 rounds, and a search for secret doors takes
a turn per searcher per 10' of wall.
"""

from __future__ import annotations

import json

import pytest

from rulescore import RulesInputError, session
from rulescore.seats import PROTOCOL, TableRefusal, map_needs_approval, request_action
from tests.test_session import character, dice, no_dice

ANA = character("ana", "Ana", "bfrpg")  # a human, no armour, no load: 40' a round, 120' a turn
BEN = character("ben", "Ben", "bfrpg")
DAIN = character("dain", "Dain", "bfrpg", race="dwarf", armor="leather", load_lb=100)  # light load to 60 lb


def drawn(state, **shape):
    return session.apply(state, {"do": "map_draw", **shape}, roll=no_dice)


def corridor(*party, system="bfrpg", length=13):
    """A session with a corridor 1 square high along y = 0, from x = 0 to x = length - 1."""
    return drawn(session.new(system, list(party)), shape="room", at=[0, 0], size=[length, 1])


def walked(state, *squares, **more):
    return session.apply(state, {"do": "map_move", "path": [list(one) for one in squares], **more}, roll=no_dice)


def along(start, end):
    return [(x, 0) for x in range(start, end + 1)]


def clock(state):
    shown = session.view(state)
    return shown["turn"], shown["round"]


def refused(state, action, field):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, action, roll=no_dice)
    assert error.value.field == field
    assert json.dumps(state, sort_keys=True) == before
    return error.value.message


def last_text(state, gm=False):
    return session.view(state, gm=gm)["log"][-1]["text"]


# --------------------------------------------------------------------------- drawing and erasing

def test_rooms_doors_stairs_and_notes_are_drawn_with_ids_and_logged():
    state = drawn(session.new("bfrpg", [ANA]), shape="room", at=[4, 5], size=[3, 2])
    assert last_text(state) == "The map: a room 3 × 2 at (4, 5), level 1."
    state = drawn(state, shape="door", at=[6, 5], side="e", door="stuck")
    state = drawn(state, shape="stairs", at=[4, 6], way="down", level=1)
    shown = session.view(state)["map"]
    assert shown["rooms"] == [{"id": 1, "at": [4, 5], "size": [3, 2], "level": 1}]
    assert shown["doors"] == [{"id": 2, "at": [6, 5], "side": "e", "door": "stuck", "level": 1}]
    assert shown["stairs"] == [{"id": 3, "at": [4, 6], "way": "down", "level": 1}]
    assert (shown["scale"], shown["unit"], shown["size"], shown["levels"]) == (10, "ft", [100, 100], [1])
    assert last_text(state) == "The map: stairs down at (4, 6), level 1."
    again = refused(state, {"do": "map_draw", "shape": "door", "at": [6, 5], "side": "e", "door": "stuck"}, "shape")
    assert "already drawn" in again
    # The same edge named from the square beside it is the same door.
    assert "already drawn" in refused(state, {"do": "map_draw", "shape": "door", "at": [7, 5], "side": "w",
                                              "door": "stuck"}, "shape")
    state = drawn(state, shape="room", at=[0, 0], size=[2, 2], level=3)
    assert session.view(state)["map"]["levels"] == [1, 3]


def test_erase_takes_the_newest_shape_touching_the_square_and_names_an_empty_one():
    state = drawn(session.new("bfrpg", []), shape="room", at=[4, 5], size=[3, 2])
    state = drawn(state, shape="door", at=[5, 6], side="s")
    state = session.apply(state, {"do": "map_erase", "at": [5, 6]})  # the door, drawn after the room
    shown = session.view(state)["map"]
    assert (len(shown["rooms"]), shown["doors"]) == (1, [])
    state = session.apply(state, {"do": "map_erase", "at": [6, 6], "level": 1})  # inside the room: the room
    assert session.view(state)["map"]["rooms"] == []
    assert last_text(state) == "The map: a room 3 × 2 at (4, 5) erased, level 1."
    message = refused(state, {"do": "map_erase", "at": [3, 4]}, "at")
    assert message == "Square (3, 4): nothing is drawn there on level 1."


def test_undo_and_redo_of_a_draw_and_of_a_walk():
    state = corridor(ANA, BEN)
    walk = walked(state, *along(0, 12))  # placed at (0, 0), then 12 squares: 120' at 120' a turn
    assert clock(walk) == (1, 0)
    back = session.undo(walk)
    assert clock(back) == (0, 0) and session.view(back)["map"]["party"] is None
    again = session.redo(back)
    assert clock(again) == (1, 0) and session.view(again)["map"]["party"] == [12, 0]
    undrawn = session.undo(back)
    assert session.view(undrawn)["map"]["rooms"] == []
    assert session.view(session.redo(undrawn))["map"]["rooms"][0]["size"] == [13, 1]


# --------------------------------------------------------------------------- walking, by the rules

def test_two_humans_walk_120_feet_in_one_turn_and_a_torch_burns_a_turn():
    state = session.apply(corridor(ANA, BEN), {"do": "light", "source": "torch", "by": "ana"}, roll=dice(2))
    left = session.view(state, gm=True)["lights"][0]["turns_left"]  # 1d4 + 4 = 6
    assert left == 6
    state = walked(state, (0, 0))  # placed: no time
    assert clock(state) == (0, 0)
    state = walked(state, *along(0, 12))  # (0, 0) again is the marker's own square, dropped: 12 steps
    assert clock(state) == (1, 0)  # 12 × 10' = 120' at 120' a turn: 60 rounds
    assert session.view(state, gm=True)["lights"][0]["turns_left"] == left - 1
    assert last_text(state) == "The party walks 120' (12 squares) at 120' a turn, Ana's pace (the slowest): 1 turn."


def test_a_dwarf_in_leather_carrying_a_heavy_load_takes_two_turns_for_120_feet():
    state = walked(corridor(ANA, DAIN), *along(0, 12))
    assert clock(state) == (2, 0)  # 120' at 3 × 20' = 60' a turn: 120 rounds
    assert "at 60' a turn, Dain's pace (the slowest): 2 turns." in last_text(state)


def test_a_part_turn_is_carried_to_the_next_walk():
    state = walked(corridor(ANA, BEN), *along(0, 6))  # 60' at 120' a turn: 30 rounds
    assert clock(state) == (0, 30)
    state = walked(state, *along(6, 12))
    assert clock(state) == (1, 0)
    # At a 15' scale a step of 15' at 120' a turn is 15 × 60 / 120 = 7.5 rounds: 7 now, the half carried.
    state = session.apply(state, {"do": "map_scale", "scale": 15})
    state = walked(state, (11, 0))
    assert clock(state) == (1, 7) and "1/2 of a round carried" in last_text(state)
    state = walked(state, (10, 0))  # 7.5 + the half carried = 8 rounds
    assert clock(state) == (1, 15)


def test_a_step_off_the_map_a_diagonal_step_and_a_step_through_a_wall_are_refused():
    state = drawn(corridor(ANA), shape="room", at=[0, 1], size=[3, 1])
    state = walked(state, (0, 0))
    assert refused(state, {"do": "map_move", "path": [[0, 0], [1, 0], [2, 0], [9, 2]]}, "path").startswith(
        "Path: from (2, 0) to (9, 2)")
    assert refused(state, {"do": "map_move", "path": [[1, 0], [2, 0], [3, 0], [3, 1]]}, "path") == \
        "Square (3, 1) is not on the map yet: draw it first."
    assert "(1, 0) to (2, 1)" in refused(state, {"do": "map_move", "path": [[1, 0], [2, 1]]}, "path")
    state = drawn(state, shape="wall", at=[1, 0], side="s")
    assert "a wall stands between (1, 0) and (1, 1)" in refused(state, {"do": "map_move",
                                                                      "path": [[1, 0], [1, 1]]}, "path")
    # A door in that wall: the party goes through (our reading: a door on their map is one they can open).
    state = drawn(state, shape="door", at=[1, 1], side="n", door="locked")
    assert session.view(walked(state, (1, 0), (1, 1)))["map"]["party"] == [1, 1]


def test_a_walk_is_refused_in_a_fight():
    state = walked(corridor(ANA), (0, 0))
    state = session.apply(state, {"do": "fight", "foes": [{"name": "Goblin", "count": 1}]},
                          roll=lambda count, sides: [2] * count)
    assert "end the fight first" in refused(state, {"do": "map_move", "path": [[1, 0]]}, "path")


def test_placing_the_party_takes_no_time_and_only_on_a_drawn_square():
    state = drawn(corridor(ANA), shape="room", at=[5, 5], size=[2, 2], level=2)
    state = session.apply(state, {"do": "map_place", "at": [5, 6], "level": 2})
    shown = session.view(state)["map"]
    assert (shown["party"], shown["party_level"], clock(state)) == ([5, 6], 2, (0, 0))
    assert refused(state, {"do": "map_place", "at": [5, 6], "level": 1}, "at").startswith("Square (5, 6) is not")


def test_searching_30_feet_of_wall_takes_one_searcher_3_turns_and_the_gm_sees_the_roll():
    state = session.apply(corridor(ANA), {"do": "map_search", "by": "ana", "at": [5, 0], "to": [3, 0]},
                          roll=dice(1))
    assert clock(state) == (3, 0)  # 3 squares × 10' = 30' of wall, a turn per 10'
    gm = last_text(state, gm=True)
    assert gm.startswith("Ana searches the wall from (3, 0) to (5, 0) for secret doors: 30' of wall")
    assert "Rolled 1 on 1d6" in gm and "Rolled" not in last_text(state)
    assert "same row or column" in refused(state, {"do": "map_search", "by": "ana", "at": [0, 0], "to": [1, 1]},
                                           "to")
    assert refused(state, {"do": "map_search", "by": "ana", "at": [12, 0], "to": [14, 0]}, "to") == \
        "Square (13, 0) is not on the map yet: draw it first."  # (13, 0) is the first square past the corridor
    assert refused(state, {"do": "map_search", "by": "nobody", "at": [0, 0], "to": [1, 0]}, "by").startswith(
        "Searcher:")


# --------------------------------------------------------------------------- hostile input

@pytest.mark.parametrize("action, field", [
    ({"do": "map_draw", "shape": "room", "at": [0, 0], "size": [1000, 1000]}, "size"),
    ({"do": "map_draw", "shape": "room", "at": [90, 0], "size": [20, 1]}, "size"),  # off the sheet
    ({"do": "map_draw", "shape": "note", "at": [0, 0], "text": "x" * 50_000}, "text"),
    ({"do": "map_draw", "shape": "note", "at": [0, 0], "text": ""}, "text"),
    ({"do": "map_move", "path": [[0, 0]] * 10_000}, "path"),
    ({"do": "map_move", "path": []}, "path"),
    ({"do": "map_move", "path": "north"}, "path"),
    ({"do": "map_move", "path": [[0, True]]}, "path"),
    ({"do": "map_draw", "shape": "wall", "at": [-1, 0], "side": "n"}, "at"),
    ({"do": "map_draw", "shape": "wall", "at": [0, 100], "side": "n"}, "at"),
    ({"do": "map_draw", "shape": "wall", "at": [True, 0], "side": "n"}, "at"),
    ({"do": "map_draw", "shape": "wall", "at": "3, 4", "side": "n"}, "at"),
    ({"do": "map_draw", "shape": "wall", "at": [1.5, 0], "side": "n"}, "at"),
    ({"do": "map_draw", "shape": "wall", "at": [0, 0], "side": "up"}, "side"),
    ({"do": "map_draw", "shape": "door", "at": [0, 0], "side": "n", "door": "glass"}, "door"),
    ({"do": "map_draw", "shape": "stairs", "at": [0, 0], "way": "sideways"}, "way"),
    ({"do": "map_draw", "shape": "wall", "at": [0, 0], "side": "n", "level": 21}, "level"),
    ({"do": "map_draw", "shape": "wall", "at": [0, 0], "side": "n", "level": True}, "level"),
    ({"do": "map_draw", "shape": "circle", "at": [0, 0]}, "shape"),
    ({"do": "map_draw", "shape": "wall", "at": [0, 0], "side": "n", "size": [1, 1]}, "size"),
    ({"do": "map_erase", "at": [0, 0], "level": 0}, "level"),
    ({"do": "map_scale", "scale": 7}, "scale"),  # feet in steps of 5
    ({"do": "map_scale", "scale": 500}, "scale"),
    ({"do": "map_pen", "mapper": "zed"}, "mapper"),
    ({"do": "map_pen", "walker": 3}, "walker"),
])
def test_hostile_input_is_refused_by_field_and_changes_nothing(action, field):
    message = refused(corridor(ANA), action, field)
    assert "Traceback" not in message and message.endswith(".")


def test_the_labels_name_each_field():
    state = corridor(ANA)
    assert refused(state, {"do": "map_draw", "shape": "room", "at": [0, 0], "size": [61, 1]}, "size").startswith(
        "Size:")
    assert refused(state, {"do": "map_draw", "shape": "wall", "at": [0, -1], "side": "n"}, "at").startswith(
        "Square: received (0, -1); give two whole numbers from 0 to 99")
    assert refused(state, {"do": "map_move", "path": [[0, 0]] * 10_000}, "path").startswith("Path: received 10000")
    assert refused(state, {"do": "map_pen", "mapper": "zed"}, "mapper").startswith("Mapper:")
    assert refused(state, {"do": "map_pen", "walker": "zed"}, "walker").startswith("Party marker:")


def test_a_map_holds_3000_shapes_at_most():
    state = session.new("gurps", [])
    state = session.apply(state, {"do": "map_draw", "shape": "wall", "at": [0, 0], "side": "n"})
    state["map"]["shapes"] = [{"id": n, "shape": "wall", "at": [n % 100, n // 100], "side": "e", "level": 1}
                              for n in range(3000)]
    assert "3000 shapes" in refused(state, {"do": "map_draw", "shape": "wall", "at": [0, 99], "side": "s"}, "shape")


# --------------------------------------------------------------------------- what each screen shows

def test_the_gms_note_is_in_the_gms_view_and_log_only():
    state = drawn(corridor(ANA), shape="note", at=[2, 0], text="The idol is cursed.", gm=True)
    state = drawn(state, shape="note", at=[3, 0], text="Goblin tracks")
    players, gm = session.view(state)["map"], session.view(state, gm=True)["map"]
    assert [note["text"] for note in players["notes"]] == ["Goblin tracks"]
    assert [note["gm"] for note in gm["notes"]] == [True, False]
    assert "cursed" not in json.dumps(session.view(state)) and "cursed" in json.dumps(session.view(state, gm=True))


def test_a_session_saved_before_the_map_views_an_empty_one():
    state = session.new("bfrpg", [ANA])
    assert "map" not in state
    shown = session.view(state)["map"]
    assert shown == {"scale": 10, "unit": "ft", "size": [100, 100], "rooms": [], "walls": [], "doors": [],
                     "stairs": [], "notes": [], "party": None, "party_level": 1, "levels": [1], "mapper": None,
                     "mapper_name": None, "walker": None, "ask": False}
    assert session.view(session.new("shell", []))["map"]["unit"] == "yd"


@pytest.mark.parametrize("system, member", [("gurps", character("kara", "Kara", "gurps")),
                                            ("shell", character("orla", "Orla", "shell"))])
def test_gurps_and_shell_walks_log_yards_and_leave_the_clock_alone(system, member):
    state = session.apply(corridor(member, system=system), {"do": "map_scale", "scale": 2})
    before = {key: value for key, value in session.view(state).items() if key in ("turn", "round", "clock")}
    state = walked(state, *along(0, 12))
    after = {key: value for key, value in session.view(state).items() if key in ("turn", "round", "clock")}
    assert after == before and before
    assert last_text(state).startswith("The party walks 24 yd (12 squares); no time passes")  # 12 × 2 yd


# --------------------------------------------------------------------------- the pen, from a phone

def request(action):
    return json.dumps({"v": PROTOCOL, "type": "request", "id": "r1", "seen": 1, "action": action})


def test_the_mapper_draws_from_their_phone_and_nobody_else_does():
    state = session.apply(corridor(ANA, BEN), {"do": "map_pen", "mapper": "ana", "walker": "ben", "ask": True})
    assert session.view(state)["map"]["mapper_name"] == "Ana"
    assert last_text(state) == ("The map: Ana holds the pen (each drawing waits for the GM's approval); Ben moves "
                                "the party's marker.")
    draw = {"do": "map_draw", "shape": "wall", "at": [1, 0], "side": "n"}
    assert request_action(state, "ana", request(draw)) == draw
    assert map_needs_approval(state, draw) and not map_needs_approval(state, {"do": "map_move", "path": [[0, 0]]})
    with pytest.raises(TableRefusal) as error:
        request_action(state, "ben", request(draw))
    assert (error.value.field, error.value.message) == ("action", "Request: the GM has not given you the pen; ask "
                                                                  "the GM.")
    with pytest.raises(TableRefusal) as error:
        request_action(state, "ana", request({**draw, "shape": "note", "text": "x", "gm": True}))
    assert error.value.field == "gm"
    move = {"do": "map_move", "path": [[0, 0]]}
    assert request_action(state, "ben", request(move)) == move
    for seat, action in (("ana", move), ("ben", {"do": "map_scale", "scale": 5}), ("ana", {"do": "map_pen"})):
        with pytest.raises(TableRefusal):
            request_action(state, seat, request(action))
    state = session.apply(state, {"do": "map_pen", "mapper": "", "ask": False})
    assert not map_needs_approval(state, draw) and session.view(state)["map"]["walker"] == "ben"
    with pytest.raises(TableRefusal):
        request_action(state, "ana", request(draw))


def test_the_walks_rule_is_a_heading_of_the_dungeon_page():
    from tests.test_session import _anchors

    state = walked(corridor(ANA), *along(0, 1))
    rule = session.view(state)["log"][-1]["rule"]
    page, _, anchor = rule.partition("#")
    assert page == "bfrpg/dungeon/" and anchor in _anchors(page)


def test_a_torch_whose_time_runs_out_on_the_walk_goes_out_after_the_walk_is_logged():
    state = drawn(corridor(ANA, length=60), shape="room", at=[60, 0], size=[1, 1])  # 61 squares: 60 at most a room
    state = session.apply(state, {"do": "light", "source": "torch"}, roll=dice(1))  # 1d4 + 4 = 5 turns
    state = walked(state, *[(x, 0) for x in range(61)])  # 60 squares: 600' at 120' a turn, 5 turns
    texts = [entry["text"] for entry in session.view(state)["log"]]
    assert clock(state) == (5, 0) and texts[-2].startswith("The party walks 600' (60 squares)")
    assert texts[-1] == "The torch (light 1) went out."


def test_a_mapper_who_leaves_the_party_holds_the_pen_no_more():
    state = session.apply(corridor(ANA, BEN), {"do": "map_pen", "mapper": "ben", "walker": "ana"})
    state = session.apply(state, {"do": "leave", "who": "ben"})
    shown = session.view(state)["map"]
    assert (shown["mapper"], shown["mapper_name"], shown["walker"]) == (None, None, "ana")
    state = session.apply(state, {"do": "map_pen", "ask": True})  # Ben's pen is let go, Ana keeps the marker
    assert last_text(state) == "The map: the GM alone draws; Ana moves the party's marker."
    assert state["map"]["mapper"] is None and state["map"]["walker"] == "ana"
