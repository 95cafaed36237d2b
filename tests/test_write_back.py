"""rulescore.session.write_back(state) and write_back_changes(state): the wounds each member
carries out of a session, in their sheet's own fields, for all three games; and the SHELL
sheet's damage taken, which a session starts from as GURPS and Basic Fantasy start from HP lost.
"""

from __future__ import annotations

import copy
import json

import pytest

from rulescore import RulesInputError, session
from rulescore.characters import character_fields, derive
from tests.test_session import no_dice


def character(ident, name, system, **fields):
    return {"id": ident, "name": name, "system": system, "fields": fields}


KARA = character("kara", "Kara", "gurps", st=12, ht=11)  # HP 12, FP 11
LEE = character("lee", "Lee", "gurps", st=10)  # HP 10, FP 10
ANA = character("ana", "Ana", "bfrpg", hp=9)
BRUNO = character("bruno", "Bruno", "bfrpg", hp=11)
ORLA = character("orla", "Orla", "shell")  # HP 10
PIM = character("pim", "Pim", "shell")
HURT = {"gurps": {"damage": 3, "type": "crushing"}, "bfrpg": {"hp": 3}, "shell": {"damage": 3, "type": "crushing",
                                                                                  "location": "torso"}}
FIELD = {"gurps": "hp_lost", "bfrpg": "hp_lost", "shell": "damage_taken"}
PARTIES = {"gurps": [KARA, LEE], "bfrpg": [ANA, BRUNO], "shell": [ORLA, PIM]}
GOBLINS = {"do": "fight", "foes": [{"name": "Goblin", "count": 2, "hp": 5}]}


def low(count, sides):
    """Every die a 1: GURPS HT rolls made, nobody's hit points rolled (the foes' are given)."""
    return [1] * count


def hurt(state, who, **more):
    action = {"do": "damage", "who": who, **HURT[state["system"]], **more}
    return session.apply(state, action, roll=low)


def checked(state):
    """write_back and write_back_changes, checked to leave the state as it was and to be plain JSON."""
    before = copy.deepcopy(state)
    carried, lines = session.write_back(state), session.write_back_changes(state)
    assert state == before
    assert json.loads(json.dumps(carried)) == carried and json.loads(json.dumps(lines)) == lines
    assert len(lines) == len(carried)
    return carried, lines


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_a_session_with_no_wounds_writes_nothing_back(system):
    state = session.new(system, PARTIES[system])
    assert checked(state) == ({}, [])
    state = session.apply(state, GOBLINS, roll=low)
    assert checked(state) == ({}, [])


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_damage_out_of_a_fight_and_in_one_is_written_back_in_the_sheets_field(system):
    first, second = (member["id"] for member in PARTIES[system])
    state = hurt(session.new(system, PARTIES[system]), first)
    carried, lines = checked(state)
    assert carried == {first: {FIELD[system]: 3}}  # the other member, unhurt, is absent
    label = next(field["label"] for field in character_fields(system) if field["name"] == FIELD[system])
    assert lines == [f"{PARTIES[system][0]['name']}: {label} 0 → 3."]
    fighting = session.apply(state, GOBLINS, roll=low)
    fighting = hurt(fighting, second)
    fighting = hurt(fighting, "f1")  # a foe's wounds are nobody's sheet's
    assert checked(fighting)[0] == {first: {FIELD[system]: 3}, second: {FIELD[system]: 3}}
    ended = session.apply(fighting, {"do": "end_fight"}, roll=low)
    assert checked(ended)[0] == {first: {FIELD[system]: 3}, second: {FIELD[system]: 3}}


def test_gurps_fatigue_is_written_back_beside_the_wounds():
    state = session.apply(session.new("gurps", [KARA]), {"do": "fatigue", "who": "kara", "fp": 4}, roll=no_dice)
    assert checked(state) == ({"kara": {"fp_lost": 4}}, ["Kara: FP lost 0 → 4."])
    state = hurt(state, "kara")
    assert checked(state) == ({"kara": {"hp_lost": 3, "fp_lost": 4}}, ["Kara: HP lost 0 → 3, FP lost 0 → 4."])
    rested = session.apply(state, {"do": "rest", "minutes": 40}, roll=no_dice)  # 1 FP back per 10 minutes
    assert checked(rested)[0] == {"kara": {"hp_lost": 3}}


def test_healing_back_to_how_they_came_in_writes_nothing():
    gurps = hurt(session.new("gurps", [KARA]), "kara")
    gurps = session.apply(gurps, {"do": "heal", "who": "kara", "hp": 3}, roll=no_dice)
    assert checked(gurps) == ({}, [])
    bfrpg = hurt(session.new("bfrpg", [ANA]), "ana")
    bfrpg = session.apply(bfrpg, {"do": "heal", "who": "ana", "hp": 3}, roll=no_dice)
    assert checked(bfrpg) == ({}, [])
    # SHELL has no healing in a session: a wound undone, or damage that was only ever non-lethal
    # (its tally is wiped after each fight), leaves the sheet as it was.
    shell = hurt(session.new("shell", [ORLA]), "orla")
    assert checked(session.undo(shell)) == ({}, [])
    stunned = hurt(session.new("shell", [ORLA]), "orla", non_lethal=True)
    assert session.view(stunned)["characters"][0]["stun"] == 3
    assert checked(stunned) == ({}, [])


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_a_character_who_came_in_hurt_and_took_more_writes_back_the_sum(system):
    member = {**PARTIES[system][0], "fields": {**PARTIES[system][0]["fields"], FIELD[system]: 2}}
    state = session.new(system, [member])
    assert checked(state) == ({}, [])  # came in hurt, left as hurt
    state = hurt(state, member["id"])
    carried, lines = checked(state)
    assert carried == {member["id"]: {FIELD[system]: 5}}
    assert lines[0].startswith(f"{member['name']}: ") and lines[0].endswith(" 2 → 5.")
    if system != "shell":  # healed back to how they came in, not to unhurt
        healed = session.apply(state, {"do": "heal", "who": member["id"], "hp": 3}, roll=no_dice)
        assert checked(healed) == ({}, [])
        more = session.apply(state, {"do": "heal", "who": member["id"], "hp": 4}, roll=no_dice)
        assert checked(more)[0] == {member["id"]: {"hp_lost": 1}}


def test_a_member_who_left_is_written_back_and_one_who_came_back_from_their_new_sheet():
    state = hurt(session.new("gurps", [KARA, LEE]), "lee")
    left = session.apply(state, {"do": "leave", "who": "lee"}, roll=no_dice)
    carried, lines = checked(left)
    assert carried == {"lee": {"hp_lost": 3}} and lines == ["Lee (left the party): HP lost 0 → 3."]
    left = hurt(left, "kara")
    assert list(checked(left)[0]) == ["kara", "lee"]  # the party first, then those who left
    # Lee's sheet written back meanwhile: back in the party, they came in as that sheet says.
    written = {**LEE, "fields": {**LEE["fields"], **carried["lee"]}}
    back = session.apply(left, {"do": "join", "character": written}, roll=no_dice)
    assert checked(back)[0] == {"kara": {"hp_lost": 3}}
    # Not written back: they come back with their wounds, against the sheet they came in with.
    unwritten = session.apply(left, {"do": "join", "character": LEE}, roll=no_dice)
    assert checked(unwritten)[0] == {"kara": {"hp_lost": 3}, "lee": {"hp_lost": 3}}


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_leavers_of_every_game_are_written_back(system):
    first, second = (member["id"] for member in PARTIES[system])
    state = session.apply(hurt(session.new(system, PARTIES[system]), second), {"do": "leave", "who": second},
                          roll=no_dice)
    assert checked(state)[0] == {second: {FIELD[system]: 3}}
    assert checked(session.undo(state))[0] == {second: {FIELD[system]: 3}}  # back in the party, as hurt
    assert checked(session.undo(session.undo(state))) == ({}, [])


def test_a_value_the_sheet_cannot_hold_is_brought_within_it_and_said_why():
    gurps = session.apply(session.new("gurps", [LEE]), {"do": "damage", "who": "lee", "damage": 70,
                                                         "type": "crushing"}, roll=no_dice)  # −60: dead at −50
    assert session.view(gurps)["characters"][0]["dead"]
    carried, lines = checked(gurps)
    assert carried == {"lee": {"hp_lost": 59}}
    derive("gurps", {**LEE["fields"], **carried["lee"]})  # the sheet takes it
    assert lines == ["Lee: HP lost 0 → 59 (dead in the session, which a sheet does not record; it holds 59 HP "
                     "lost at most)."]
    bfrpg = session.apply(session.new("bfrpg", [ANA]), {"do": "damage", "who": "ana", "hp": 12}, roll=no_dice)
    carried, lines = checked(bfrpg)
    assert carried == {"ana": {"hp_lost": 8}}  # 9 HP: a sheet keeps 1 at least
    derive("bfrpg", {**ANA["fields"], **carried["ana"]})
    assert lines == ["Ana: Hit points lost 0 → 8 (−3 HP in the session, dead or knocked out; a sheet keeps 1 HP at "
                     "least)."]
    shell = session.apply(session.new("shell", [ORLA]), {"do": "damage", "who": "orla", "damage": 25},
                          roll=no_dice)  # 25 cutting to the torso: 25 of 10 HP, dead at 20
    assert session.view(shell)["characters"][0]["dead"]
    carried, lines = checked(shell)
    assert carried == {"orla": {"damage_taken": 19}}
    derive("shell", carried["orla"])
    assert lines[0].startswith("Orla: Damage taken 0 → 19 (dead in the session")


def test_the_shell_sheet_keeps_damage_taken_and_a_session_begins_with_it():
    field = next(field for field in character_fields("shell") if field["name"] == "damage_taken")
    assert (field["label"], field["default"], field["min"], field["kind"]) == ("Damage taken", 0, 0, "int")
    figures = derive("shell", {"damage_taken": 7})
    assert figures.inputs["damage_taken"] == 7 and any("damage taken 7 of 10 HP" in step for step in figures.steps)
    with pytest.raises(RulesInputError) as caught:
        derive("shell", {"damage_taken": 20})  # twice HP 10: dead
    assert caught.value.field == "damage_taken"
    assert caught.value.message == ("Damage taken: 20 of 10 HP is twice HP or more, and at twice HP of lethal damage "
                                    "a character is dead; enter at most 19.")
    hurt_orla = {**ORLA, "fields": {"damage_taken": 7}}
    started = session.view(session.new("shell", [hurt_orla]))["characters"][0]
    assert (started["lethal"], started["total_damage"], started["condition"]) == (7, 7, "hurt")
    joined = session.apply(session.new("shell", [PIM]), {"do": "join", "character": hurt_orla}, roll=no_dice)
    assert session.view(joined)["characters"][1]["lethal"] == 7
    # the damage calculator starts from it, as GURPS's injury starts from HP lost
    damage_input = next(spec for calc in __import__("rulescore").catalogue() if calc["id"] == "shell.damage"
                        for spec in calc["inputs"] if spec["name"] == "lethal_before")
    assert damage_input["character"] == "damage_taken"


def test_write_back_refuses_what_is_not_a_session():
    with pytest.raises(RulesInputError) as caught:
        session.write_back({"party": []})
    assert caught.value.field == "state"


def test_the_session_page_asks_the_engine_for_both():
    from rulescore.web import respond_session
    state = hurt(session.new("bfrpg", [ANA]), "ana")
    assert respond_session({"op": "write_back", "state": state}) == {
        "ok": True, "write_back": {"ana": {"hp_lost": 3}}, "changes": ["Ana: Hit points lost 0 → 3."],
        "members": {"ana": {"name": "Ana", "came": {"hp_lost": 0}, "labels": {"hp_lost": "Hit points lost"}}}}
    assert respond_session({"op": "write_back", "state": None})["field"] == "state"
    view = respond_session({"op": "view", "state": state})
    assert view["view"]["actions_now"] == view["gm_view"]["actions_now"]
