"""Issue 42 item 7, "Dice that say what they are for": with the table's own dice, the Session page
asks for each roll the rules make by whose roll it is and what for ("Goblin 1's attack roll (to
hit Kara): roll 3d6"), never a bare "Roll 3d6". Each game's fights, attacks, defences, damage, HT
rolls, morale, lights and days are applied here through the worker's requests (web_session),
roll by roll as a table rolls them; the recorded dice stay as they were."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from rulescore import session
from rulescore.play.dice_asks import Dice, DiceWanted
from rulescore.web_session import respond_session
from tests.test_attack_bfrpg_shell import ANA as ANA_ARMED
from tests.test_attack_bfrpg_shell import BANDIT, ORLA
from tests.test_attack_gurps import BOW, BROADSWORD, GOBLIN, KARA, SHIELD

State = dict[str, Any]
BRUNO = {"id": "b", "name": "Bruno", "system": "gurps",
         "fields": {"st": 12, "dx": 13, "ht": 12, "shield_db": 1, "weapons": [BROADSWORD, BOW, SHIELD]}}
ANA = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"dexterity": 13, "constitution": 13, "hp": 9}}
BO = {"id": "bo", "name": "Bo", "system": "bfrpg", "fields": {"race": "elf", "hp": 6}}


def table(state: State, action: dict[str, Any], *rolls: list[int], face: int | None = None) -> tuple[list[str], State]:
    """``action`` applied with the table's dice: the engine asks for each roll in turn (the page
    sends the faces so far each time); ``rolls`` are the faces given, then every die shows
    ``face`` (its most, if None). What was asked for, and the state after."""
    queue = [list(one) for one in rolls]
    dice: list[list[int]] = []
    asked: list[str] = []
    for _ in range(100):
        answer = respond_session({"op": "apply", "state": state, "action": action, "dice": dice})
        need = answer.get("need")
        if need is None:
            assert answer["ok"], answer
            assert queue == [], f"faces left over: {queue}"
            return asked, answer["state"]
        _check(need, answer["message"])
        asked.append(need["text"])
        dice.append(queue.pop(0) if queue else [face or need["sides"]] * need["count"])
    raise AssertionError("the action asked for more than 100 rolls")


def _check(need: dict[str, Any], message: str) -> None:
    """Every roll says what it is for; a roll asked without (a call site without its purpose)
    would come back as the bare "Roll 3d6"."""
    purpose = need["for"]
    assert isinstance(purpose, str) and purpose.strip(), f"a roll asked with no purpose: {need}"
    assert need["text"] == f"{purpose}: roll {need['count']}d{need['sides']}"
    assert message == f"{need['text']}, and enter the faces."
    assert not need["text"].startswith("Roll ") and all(
        word not in need["text"] for word in ("None", "nan", "NaN", "undefined", "{", "''s"))


def test_dice_keep_the_same_record_and_add_the_purpose_only_when_asking():
    dice = Dice(lambda count, sides: [2] * count)
    assert dice(3, 6, purpose="Kara's HT roll to wake") == [2, 2, 2] and dice.one(4) == 2
    assert dice.used == [[3, 6, [2, 2, 2]], [1, 4, [2]]]  # what a session keeps: no purpose

    def none_left(count: int, sides: int) -> list[int]:
        raise DiceWanted(count, sides)
    with pytest.raises(DiceWanted) as wanted:
        Dice(none_left).one(20, purpose="Ana's roll to hit Orc")
    assert (wanted.value.count, wanted.value.sides, wanted.value.text) == (1, 20, "Ana's roll to hit Orc: roll 1d20")
    with pytest.raises(DiceWanted) as bare:
        Dice(none_left)(2, 6)
    assert bare.value.text == "Roll 2d6"  # the words when no purpose is given: never asked so by the rules


def test_every_roll_the_rules_make_passes_its_purpose():
    """The source itself: in every function given the session's dice (a ``Dice`` argument),
    each roll, ``dice(count, sides)`` or ``dice.one(sides)``, says what it is for."""
    bare = []
    for path in sorted(Path(session.__file__).parent.rglob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            names = {arg.arg for arg in function.args.args if ast.unparse(arg.annotation or ast.Constant(0)) == "Dice"}
            for call in (node for node in ast.walk(function) if isinstance(node, ast.Call) and names):
                rolled = call.func.value if isinstance(call.func, ast.Attribute) and call.func.attr == "one" \
                    else call.func
                if isinstance(rolled, ast.Name) and rolled.id in names and not any(
                        keyword.arg == "purpose" and not (isinstance(keyword.value, ast.Constant)
                                                          and not keyword.value.value) for keyword in call.keywords):
                    bare.append(f"{path.name}:{call.lineno}")
    assert bare == []


def test_the_recorded_dice_replay_the_same_with_the_purposes():
    asked, state = table(session.new("gurps", [KARA]), {"do": "fight", "foes": [GOBLIN]})
    assert asked == []  # Kara is faster than the goblins: no roll
    action = {"do": "attack", "who": "k", "target": "f1", "defence": "dodge"}
    asked, after = table(state, action, [3, 3, 4], [6, 6, 6], [6])
    assert after["done"][-1]["dice"] == [[3, 6, [3, 3, 4]], [3, 6, [6, 6, 6]], [1, 6, [6]], [3, 6, [6, 6, 6]]]
    assert session.view(session.redo(session.undo(after)), gm=True)["log"] == session.view(after, gm=True)["log"]


# --------------------------------------------------------------------------- GURPS

def test_gurps_ties_attack_defence_damage_and_ht_rolls_each_name_the_roller():
    state = session.new("gurps", [KARA, BRUNO])
    asked, state = table(state, {"do": "fight", "foes": [GOBLIN]}, [5], [3])
    assert asked == ["Tied initiative, Kara: roll 1d6", "Tied initiative, Bruno: roll 1d6"]
    # Kara hits (10), Goblin 1 fails its Dodge (18), 1d+3 cut rolls 9: past DR 1, 12 HP of injury, a major wound.
    asked, state = table(state, {"do": "attack", "who": "k", "target": "f1", "defence": "dodge"},
                         [3, 3, 4], [6, 6, 6], [6], [3, 3, 3])
    assert asked == ["Kara's attack roll (to hit Goblin 1): roll 3d6", "Goblin 1's Dodge: roll 3d6",
                     "Kara's damage (1d+3 cut): roll 1d6",
                     "Goblin 1's HT roll against knockdown (major wound): roll 3d6"]
    asked, state = table(state, {"do": "next_turn"})
    asked, state = table(state, {"do": "next_turn"})  # Bruno's turn ends: Goblin 1's
    assert session.view(state, gm=True)["fight"]["current"] == "f1"
    # 7 hits (shock takes 4 from Goblin 1's skill 11), the Block fails, 1d+1 imp rolls 6: 14 HP of injury.
    asked, state = table(state, {"do": "attack", "who": "f1", "target": "b", "defence": "block"},
                         [2, 2, 3], [6, 6, 6], [6], [3, 3, 3])
    assert asked == ["Goblin 1's attack roll (to hit Bruno): roll 3d6", "Bruno's Block: roll 3d6",
                     "Goblin 1's damage (1d+1 imp): roll 1d6",
                     "Bruno's HT roll against knockdown (major wound): roll 3d6"]
    # Bruno from −2 to −12 HP: a HT roll to survive at −1 × HP, and one against knockdown.
    asked, state = table(state, {"do": "damage", "who": "b", "damage": 10, "type": "crushing"}, face=3)
    assert asked == ["Bruno's HT roll to survive (−1 × HP): roll 3d6",
                     "Bruno's HT roll against knockdown (major wound): roll 3d6"]
    asked, state = table(state, {"do": "damage", "who": "f2", "damage": 45, "type": "crushing"}, [3, 3, 3], [4, 4, 4])
    assert asked == ["Goblin 2's HT roll to survive (−1 × HP): roll 3d6",
                     "Goblin 2's HT roll against knockdown (major wound): roll 3d6"]  # 12 against 10: stunned
    asked, state = table(state, {"do": "next_turn"}, face=3)  # Goblin 2's turn: at 0 HP or less
    assert asked == ["Goblin 2's HT roll to stay conscious (0 HP or less): roll 3d6"]
    asked, state = table(state, {"do": "next_turn"}, face=3)  # its turn ends, stunned
    assert asked == ["Goblin 2's HT roll to recover from stun: roll 3d6"]
    asked, state = table(state, {"do": "maneuver", "who": "k", "maneuver": "concentrate"})
    asked, state = table(state, {"do": "damage", "who": "k", "damage": 5, "type": "crushing"}, [1, 1, 2])
    assert asked == ["Kara's Will − 3 roll to keep concentrating: roll 3d6"]
    asked, state = table(state, {"do": "next_turn"}, face=3)
    assert asked == ["Bruno's HT roll to stay conscious (0 HP or less): roll 3d6"]
    asked, state = table(state, {"do": "next_turn"})
    asked, state = table(state, {"do": "attack", "who": "f1", "target": "k", "defence": "dodge"},
                         [2, 2, 3], [3, 3, 3], [1, 1, 2])
    assert asked == ["Goblin 1's attack roll (to hit Kara): roll 3d6", "Kara's Dodge: roll 3d6",
                     "Kara's Will − 3 roll to keep concentrating: roll 3d6"]


def test_gurps_time_and_rest_name_whose_ht_roll_it_is():
    state = session.new("gurps", [KARA])
    asked, state = table(state, {"do": "damage", "who": "k", "damage": 14, "type": "crushing"}, [5, 4, 4])
    assert asked == ["Kara's HT roll against knockdown (major wound): roll 3d6"]  # 13 against 12: stunned
    asked, state = table(state, {"do": "advance", "turns": 1}, [3, 3, 3], [6, 6, 6])  # 18 fails: unconscious
    assert asked == ["Kara's HT roll to recover from stun: roll 3d6",
                     "Kara's HT roll to stay conscious (0 HP or less): roll 3d6"]
    asked, state = table(state, {"do": "advance", "turns": 3600}, face=3)
    assert asked == ["Kara's HT roll to wake: roll 3d6"]
    asked, _ = table(state, {"do": "day", "conditions": 0}, face=3)
    assert asked == ["Kara's HT roll to heal (a day of rest): roll 3d6"]


# --------------------------------------------------------------------------- Basic Fantasy

def test_bfrpg_surprise_initiative_hit_points_morale_attack_and_damage():
    state = session.new("bfrpg", [ANA_ARMED, BO])
    goblins = {"monster": "goblin", "count": 2}
    asked, state = table(state, {"do": "fight", "surprise": "both", "foes": [goblins, {"name": "Ogre", "hp": 20}]},
                         face=4)
    assert asked == ["Goblin 1's hit points (hit dice 1−1): roll 1d8", "Goblin 2's hit points (hit dice 1−1): roll 1d8",
                     "Surprise, the party: roll 1d6", "Surprise, the foes: roll 1d6",
                     "Initiative, Ana: roll 1d6", "Initiative, Bo: roll 1d6",
                     "Initiative, Goblin (one roll for the group): roll 1d6", "Initiative, Ogre: roll 1d6"]
    current = session.view(state, gm=True)["fight"]["current"]
    asked, state = table(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0}, [15], [3])
    assert current == "ana" and asked == ["Ana's roll to hit Goblin 1 (Longsword): roll 1d20",
                                          "Ana's damage to Goblin 1 (1d8+3): roll 1d8"]
    asked, state = table(state, {"do": "next_turn"}, face=4)  # Goblin 1 down: the goblins' morale
    assert asked == ["Morale of Goblin ×2 (half strength): roll 2d6"]
    for _ in range(2):
        asked, state = table(state, {"do": "next_turn"}, face=4)
    asked, state = table(state, {"do": "next_turn"}, face=4)  # round 2: morale, then initiative again
    assert asked == ["Morale of Ogre (first opposition): roll 2d6", "Initiative, Ana: roll 1d6",
                     "Initiative, Bo: roll 1d6", "Initiative, Goblin (one roll for the group): roll 1d6",
                     "Initiative, Ogre: roll 1d6"]


def test_bfrpg_lights_searches_doors_and_days_name_who():
    state = session.new("bfrpg", [ANA, BO])
    asked, state = table(state, {"do": "light", "source": "torch", "by": "ana"})
    assert asked == ["How long Ana's torch burns (rolled in secret): roll 1d4"]
    asked, state = table(state, {"do": "light", "source": "lantern"})
    assert asked == ["How long the party's lantern (one flask of oil) burns (rolled in secret): roll 1d6"]
    asked, state = table(state, {"do": "search", "for": "traps", "by": "bo", "squares": 1, "area": "hall"})
    assert asked == ["Bo's search for traps (the GM rolls): roll 1d6"]
    asked, state = table(state, {"do": "listen", "by": "ana"})
    assert asked == ["Ana listens at a door (the GM rolls): roll 1d6"]
    asked, state = table(state, {"do": "force", "door": "stuck", "by": "ana"})
    assert asked == ["Ana's roll to force the stuck door: roll 1d6"]
    asked, state = table(state, {"do": "force", "door": "bend_bars", "by": "bo"})
    assert asked == ["Bo's roll to bend the bars: roll 1d20"]
    asked, state = table(state, {"do": "lost", "leader": "bo"})
    assert asked == ["Bo's save vs. Death Ray, to keep the party's way (the GM rolls): roll 1d20"]
    march = {"do": "day", "activity": "forced_march", "without_water": ["ana"]}
    asked, state = table(state, march, face=1)
    assert asked == ["Ana's damage from thirst (day 1): roll 1d4"]  # a first day of forced march: no save
    asked, state = table(state, march, face=1)
    assert asked == ["Ana's save vs. Death Ray (day 2 of forced march): roll 1d20",
                     "Ana's damage from forced march (day 2): roll 1d6",
                     "Bo's save vs. Death Ray (day 2 of forced march): roll 1d20",
                     "Bo's damage from forced march (day 2): roll 1d6",
                     "Ana's damage from thirst (day 2): roll 1d4"]


# --------------------------------------------------------------------------- SHELL

def test_shell_ties_attack_shield_and_damage_name_the_roller():
    twin = {**ORLA, "id": "t", "name": "Tam"}
    asked, state = table(session.new("shell", [ORLA, twin]), {"do": "fight", "foes": [BANDIT]}, [7], [3])
    assert asked == ["Tied initiative, Orla: roll 1d10", "Tied initiative, Tam: roll 1d10"]
    attack = {"do": "attack", "who": "o", "target": "f1", "weapon": 0, "defence": "block"}
    asked, _ = table(state, attack, [4, 6], [4])
    assert asked == ["Orla's attack roll against Bandit with Sword: roll 2d10",
                     "Orla's damage to Bandit's shield (1d+3 cut): roll 1d6"]
    asked, _ = table(state, attack, [5, 6], [4])
    assert asked == ["Orla's attack roll against Bandit with Sword: roll 2d10",
                     "Orla's damage to Bandit (1d+3 cut, torso): roll 1d6"]

