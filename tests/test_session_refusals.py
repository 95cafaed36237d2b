"""Every refusal of a session action reads as a sentence for a person: a battery of bad actions in
each game (and bad sessions, parties and dice), each refused with the field at fault and a
message that shows no snake_case id, no "do:" prefix, no braces or brackets, no Python repr and
no Python value, naming fields and actions by their labels and characters by their names.
"""

from __future__ import annotations

import copy
import re

import pytest

from rulescore import RulesInputError, session
from tests.test_actions_now import FOES, PARTIES, check, fight, instances, ones
from tests.test_session import ANA, BAD_BFRPG, bfrpg, character, dice

SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
REPR = re.compile(r"'[^'\s]+'|\"[^\"\s]*\"")  # 'chess', "do": an id quoted as Python shows it
PYTHON = re.compile(r"\b(None|True|False|dict|NoneType)\b|\((int|str|float|list|bool)\)|\w\(\)")


def plain(error: RulesInputError) -> str:
    """The refusal's message, once it is checked to read as a sentence for a person."""
    message = error.message
    assert isinstance(error.field, str) and error.field
    assert message and (message[0].isupper() or message[0].isdigit()), message
    assert not message.startswith("do:") and " do:" not in message, message
    assert not set(message) & set("{}[]"), message
    assert not SNAKE.search(message), message
    assert not REPR.search(message), message
    assert not PYTHON.search(message), message
    return message


def refused(state, action, field=None, roll=ones):
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, action, roll=roll)
    assert state == before
    assert field is None or caught.value.field == field, (action, caught.value.field, caught.value.message)
    return plain(caught.value)


def current(state):
    return session.view(state)["fight"]["current"]


# --------------------------------------------------------------------------- the battery, game by game

COMMON = [
    ({"do": "dance"}, "do"), ({"go": "advance"}, "do"), ({"do": 3}, "do"), ("advance", "action"),
    ({"do": "advance", "turns": float("nan")}, "action"), ({"do": "join"}, "character"),
    ({"do": "join", "character": "zed"}, "character"), ({"do": "leave"}, "who"), ({"do": "leave", "who": "zed"}, "who"),
    ({"do": "next_turn"}, "do"), ({"do": "end_fight"}, "do"), ({"do": "leave_fight", "who": "f1"}, "do"),
    ({"do": "join_fight", "foes": [{"name": "Orc"}]}, "do"),
    ({"do": "fight"}, "foes"), ({"do": "fight", "foes": "goblins"}, "foes"), ({"do": "fight", "foes": []}, "foes"),
    ({"do": "fight", "foes": ["goblin"]}, "foes"), ({"do": "fight", "foes": [{"count": 2}]}, "name"),
    ({"do": "fight", "foes": [{"name": "Orc", "colour": "green"}]}, "colour"),
    ({"do": "fight", "foes": [{"name": "Orc", "count": 0}]}, "count"),
    ({"do": "fight", "foes": [{"name": "Orc", "count": 30}, {"name": "Elf", "count": 30}]}, "count"),
    ({"do": "fight", "foes": [{"name": "Orc", "count": "many"}]}, "count"),
    ({"do": "fight", "foes": [{"name": ""}]}, "name"),
]
IN_A_FIGHT = [
    ({"do": "fight", "foes": [{"name": "Orc"}]}, "do"), ({"do": "advance", "turns": 1}, "do"),
    ({"do": "advance", "rounds": 1}, "do"), ({"do": "join_fight", "foes": [{"name": "Orc"}], "who": "x"}, "foes"),
    ({"do": "join_fight"}, "foes"), ({"do": "leave_fight", "who": "zed"}, "who"), ({"do": "leave_fight"}, "who"),
    ({"do": "damage", "who": "zed", "damage": 1, "hp": 1}, "who"), ({"do": "next_turn", "current": "f9"}, "current"),
    ({"do": "end_fight", "now": True}, "now"),
]
GAME = {
    "bfrpg": [
        *BAD_BFRPG,
        ({"do": "light", "source": "candle", "height_in": "0.3"}, "height_in"),
        ({"do": "search", "for": "secret_doors", "by": "ana", "squares": 2}, "squares"),
        ({"do": "search", "for": "traps", "by": "ana", "area": ""}, "area"),
        ({"do": "day", "activity": "travel", "without_water": "ana"}, "without_water"),
        ({"do": "heal", "who": "ana", "hp": 1, "magic": "maybe"}, "magic"),
        ({"do": "fight", "foes": [{"monster": "dragonfly"}]}, "monster"),
        ({"do": "fight", "foes": [{"name": "Orc", "hit_dice": "lots"}]}, "hit_dice"),
        ({"do": "fight", "foes": [{"name": "Orc"}], "surprise": "always"}, "surprise"),
        ({"do": "attack", "who": "ana", "target": "f1"}, "do"), ({"do": "run", "who": "ana"}, "do"),
        ({"do": "flee", "who": "ana"}, "do"),
    ],
    "gurps": [
        ({"do": "advance", "rounds": 3}, "rounds"), ({"do": "advance", "turns": 0}, "turns"),
        ({"do": "damage", "who": "kara", "damage": 3, "type": "sonic"}, "type"),
        ({"do": "damage", "who": "kara"}, "damage"), ({"do": "heal", "who": "kara", "hp": 2}, "who"),
        ({"do": "heal", "who": "kara", "hp": 2, "how": ""}, "how"), ({"do": "fatigue", "who": "kara", "fp": 0}, "fp"),
        ({"do": "fatigue", "who": "kara", "fp": 1, "cause": "dancing"}, "cause"),
        ({"do": "rest", "minutes": 15}, "minutes"),
        ({"do": "day", "conditions": 50}, "conditions"), ({"do": "maneuver", "who": "kara", "maneuver": "aim"}, "do"),
        ({"do": "defend", "who": "kara"}, "do"),
        ({"do": "fight", "foes": [{"name": "Orc", "basic_speed": 5.1}]}, "basic_speed"),
    ],
    "shell": [
        ({"do": "advance", "turns": 3}, "turns"), ({"do": "advance", "rounds": 2, "combat": "often"}, "combat"),
        ({"do": "damage", "who": "orla", "damage": 3, "location": "tail"}, "location"),
        ({"do": "damage", "who": "orla", "damage": 3, "side": "middle"}, "side"),
        ({"do": "recover", "who": "orla"}, "who"), ({"do": "spend_end", "who": "orla", "end": -2}, "end"),
        ({"do": "rest", "hours": 30}, "hours"), ({"do": "block", "who": "orla"}, "do"),
        ({"do": "maneuver", "who": "orla", "maneuver": "guard"}, "do"),
    ],
}
GAME_IN_A_FIGHT = {
    "bfrpg": [({"do": "day", "activity": "rest"}, "do"), ({"do": "search", "for": "traps", "by": "ana"}, "do"),
              ({"do": "attack", "who": "ana", "target": "ana"}, "target"), ({"do": "attack", "who": "ana"}, "target"),
              ({"do": "leave", "who": "ana"}, "who")],
    "gurps": [({"do": "rest", "minutes": 10}, "do"), ({"do": "day"}, "do"), ({"do": "defend", "who": "x"}, "who"),
              ({"do": "defend", "who": "f1", "defence": "duck"}, "defence"), ({"do": "leave", "who": "kara"}, "who")],
    "shell": [({"do": "rest", "hours": 1}, "do"), ({"do": "block", "who": "zed"}, "who"),
              ({"do": "leave", "who": "orla"}, "who")],
}


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_every_refusal_outside_a_fight_reads_as_a_sentence(system):
    state = session.new(system, PARTIES[system] if system != "bfrpg" else [ANA, PARTIES["bfrpg"][1]])
    messages = [refused(state, action, field) for action, field in COMMON + GAME[system]]
    assert len(messages) == len(COMMON + GAME[system])


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_every_refusal_in_a_fight_reads_as_a_sentence(system):
    state = fight(system, PARTIES[system] if system != "bfrpg" else [ANA, PARTIES["bfrpg"][1]])
    for action, field in IN_A_FIGHT + GAME_IN_A_FIGHT[system]:
        refused(state, action, field)
    # Time waits for the fight to end, said by the action's label as its form shows it.
    time = {"bfrpg": {"do": "advance", "rounds": 5}, "gurps": {"do": "advance", "turns": 2},
            "shell": {"do": "advance", "rounds": 2}}[system]
    label = {"bfrpg": "Time passes (rounds)", "gurps": "Time passes (turns)", "shell": "Time passes (rounds)"}
    assert refused(state, time, "do") == (f"{label[system]}: a fight is going on, and until it ends (“End the "
                                          f"fight”) time passes only by its rounds (“Next turn”).")


@pytest.mark.parametrize("system", sorted(PARTIES))
def test_every_action_left_out_of_actions_now_is_refused_in_words(system):
    for state in (session.new(system, PARTIES[system]), session.new(system, []), fight(system)):
        offered = check(state)
        for entry in session.actions(system):
            if entry["id"] not in offered:
                for action in instances(state, entry, system):
                    refused(state, action)


def test_refusals_of_fighters_name_them_and_their_turns():
    gurps = fight("gurps")
    who = current(gurps)
    other = next(one["id"] for one in session.view(gurps)["fight"]["combatants"] if one["id"] != who)
    refused(gurps, {"do": "maneuver", "who": other, "maneuver": "attack"}, "who")
    refused(gurps, {"do": "maneuver", "who": who, "maneuver": "attack", "option": "double"}, "option")
    refused(gurps, {"do": "maneuver", "who": who, "maneuver": "attack", "target": "f1"}, "target")
    refused(gurps, {"do": "maneuver", "who": who, "maneuver": "attack", "margin": 2}, "margin")
    refused(gurps, {"do": "maneuver", "who": who}, "maneuver")
    all_out = session.apply(gurps, {"do": "maneuver", "who": who, "maneuver": "all_out_attack"})
    refused(all_out, {"do": "defend", "who": who}, "defence")
    moved = session.apply(gurps, {"do": "maneuver", "who": who, "maneuver": "move_and_attack"})
    refused(moved, {"do": "defend", "who": who, "defence": "parry"}, "defence")
    dead = session.apply(gurps, {"do": "damage", "who": "f1", "damage": 80})
    refused(dead, {"do": "damage", "who": "f1", "damage": 1}, "who")
    refused(session.apply(session.new("gurps", PARTIES["gurps"]), {"do": "damage", "who": "kara", "damage": 80}),
            {"do": "damage", "who": "kara", "damage": 1}, "who")
    refused(session.apply(gurps, {"do": "next_turn"}), {"do": "next_turn", "current": who}, "current")

    shell = session.apply(session.new("shell", PARTIES["shell"]), {"do": "fight", "foes": FOES["shell"]})
    blocker = current(shell)
    blocks = session.view(shell)["fight"]["combatants"]
    for _ in range(next(one["blocks"] for one in blocks if one["id"] == blocker)):
        shell = session.apply(shell, {"do": "block", "who": blocker})
    refused(shell, {"do": "block", "who": blocker}, "who")
    stunned = session.apply(shell, {"do": "damage", "who": blocker, "damage": 6, "location": "arm"})
    refused(stunned, {"do": "maneuver", "who": blocker, "maneuver": "attack"}, "maneuver")
    refused(stunned, {"do": "maneuver", "who": blocker, "maneuver": "sing"}, "maneuver")
    killed = session.apply(shell, {"do": "damage", "who": "f1", "damage": 60})
    refused(killed, {"do": "damage", "who": "f1", "damage": 1}, "who")

    bfrpg_fight = fight("bfrpg", [ANA])  # surprised all round on 1s
    refused(bfrpg_fight, {"do": "attack", "who": "ana", "target": "f1"}, "who")
    refused(bfrpg_fight, {"do": "run", "who": "ana"}, "who")
    down = session.apply(bfrpg_fight, {"do": "damage", "who": "f1", "hp": 10})
    refused(down, {"do": "damage", "who": "f1", "hp": 1}, "who")
    refused(down, {"do": "attack", "who": "ana", "target": "f1"}, "target")


def test_bfrpg_refusals_of_searches_healing_and_travel_read_as_sentences():
    searched = session.apply(bfrpg(ANA), {"do": "search", "for": "traps", "by": "ana"}, roll=dice(6))
    assert refused(searched, {"do": "search", "for": "traps", "by": "ana"}, "by").endswith(
        "(Dungeon adventures, “Searching for traps”).")
    thirsty = session.apply(bfrpg(ANA), {"do": "day", "activity": "rest", "without_water": ["ana"]}, roll=dice(1))
    refused(thirsty, {"do": "heal", "who": "ana", "hp": 1}, "magic")
    refused(bfrpg(), {"do": "day", "activity": "travel"}, "activity")
    assert refused(bfrpg(ANA), {"do": "light", "source": "glowworm"}, "source") == \
        "Light source: received “glowworm”; choose Torch, Lantern (one flask of oil) or Candle."


def test_refusals_of_sessions_parties_undo_and_dice_read_as_sentences():
    for party, field in (("Ana", "party"), ([3], "party"), ([{"id": 3, "name": "Ana", "system": "bfrpg"}], "id"),
                         ([{"id": "a", "name": " ", "system": "bfrpg"}], "name"),
                         ([character("k", "Kara", "gurps")], "system"), ([ANA, ANA], "id")):
        with pytest.raises(RulesInputError) as caught:
            session.new("bfrpg", party)
        assert caught.value.field == field
        plain(caught.value)
    for state in ({"format": "chess"}, {**bfrpg(), "version": 9}, "state"):
        with pytest.raises(RulesInputError) as caught:
            session.view(state)
        assert caught.value.field == "state"
        plain(caught.value)
    for step in (session.undo, session.redo):
        with pytest.raises(RulesInputError) as caught:
            step(bfrpg())
        plain(caught.value)
    for faces in ([5], [0], [1, 2], ["3"], [True], "3", None, [2.0], []):
        with pytest.raises(RulesInputError) as caught:
            session.apply(bfrpg(), {"do": "light", "source": "torch"}, roll=lambda count, sides, f=faces: f)
        assert caught.value.field == "roll" and "1d4" in plain(caught.value)
    lit = session.undo(session.apply(bfrpg(), {"do": "light", "source": "torch"}, roll=dice(2)))
    for kept in ([[1, 6, [3]]], []):  # dice kept for another roll, or none at all
        tampered = {**lit, "undone": [{**lit["undone"][-1], "dice": kept}]}
        with pytest.raises(RulesInputError) as caught:
            session.redo(tampered)
        assert caught.value.field == "roll"
        plain(caught.value)
    refused(bfrpg(ANA), {"do": "join", "character": ANA}, "character")
    clash = fight("bfrpg", [ANA])
    refused(clash, {"do": "join", "character": character("f1", "Fen", "bfrpg")}, "character")
