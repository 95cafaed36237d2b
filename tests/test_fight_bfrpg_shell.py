"""Basic Fantasy and SHELL fights in the session, each rule with fixed dice; the monster list."""

from __future__ import annotations

import copy

import pytest

from rulescore import RulesInputError, session
from rulescore.bfrpg.monsters import MONSTERS, attack_bonus, hit_dice_roll


def dice(*faces):
    queue = list(faces)

    def roll(count, sides):
        taken = queue[:count]
        del queue[:count]
        assert len(taken) == count, f"the test gave too few dice for {count}d{sides}"
        assert all(1 <= face <= sides for face in taken)
        return taken

    return roll


def member(ident, name, system, **fields):
    return {"id": ident, "name": name, "system": system, "fields": fields}


ANA = member("ana", "Ana", "bfrpg", dexterity=13, hp=9)  # Dexterity bonus +1
BO = member("bo", "Bo", "bfrpg", race="elf", hp=6)
ORCS = {"name": "Orc", "count": 3, "hp": 5, "morale": 8}


def bfrpg(*foes, party=(ANA, BO), roll=None, **options):
    return session.apply(session.new("bfrpg", list(party)), {"do": "fight", "foes": list(foes), **options}, roll=roll)


def fight_of(state, gm=True):
    return session.view(state, gm=gm)["fight"]


def one(state, who, gm=True):
    return next(c for c in fight_of(state, gm)["combatants"] if c["id"] == who)


def names(state, who):
    return [e["name"] for e in one(state, who)["effects"]]


# --------------------------------------------------------------------------- Basic Fantasy

def test_surprise_1_to_2_an_elf_1_only_and_the_ambushed_1_to_4():
    # Party rolls 2: Ana surprised, Bo the elf not (1 only); foes roll 5: not surprised. Then
    # initiative: Ana 3 + 1, Bo 2, the orcs as a group 4.
    state = bfrpg(ORCS, roll=dice(2, 5, 3, 2, 4))
    assert names(state, "ana") == ["Surprised"] and names(state, "bo") == [] and names(state, "f1") == []
    assert one(state, "ana")["effects"][0]["ends"] == "at the start of round 2"
    said = [entry["text"] for entry in session.view(state)["log"] if entry["text"].startswith("Surprise")]
    assert said == ["Surprise, the party: 1d6 = 2 (surprised on 1–2, an elf 1): Ana surprised.",
                    "Surprise, the foes: 1d6 = 5 (surprised on 1–2): not surprised."]
    ambushed = bfrpg(ORCS, roll=dice(4, 5, 3, 2, 4), ambush="foes")  # 4: surprised on 1-4 (the elf 1-3)
    assert names(ambushed, "ana") == ["Surprised"] and names(ambushed, "bo") == []
    ambushed = bfrpg(ORCS, roll=dice(3, 5, 3, 2, 4), ambush="foes")
    assert names(ambushed, "ana") == names(ambushed, "bo") == ["Surprised"]
    none = bfrpg(ORCS, roll=dice(3, 2, 4), surprise="none")
    assert all(not c["effects"] for c in fight_of(none)["combatants"])


def test_initiative_1d6_plus_dexterity_ties_act_together_party_shown_first():
    state = bfrpg(ORCS, roll=dice(6, 6, 3, 4, 4))  # Ana 3 + 1 = 4, Bo 4, orcs 4: all tied
    assert fight_of(state)["order"] == ["ana", "bo", "f1", "f2", "f3"]
    assert one(state, "f2")["initiative"] == 4 and set(one(state, "ana")["together"]) == {"bo", "f1", "f2", "f3"}


def test_initiative_is_rolled_again_every_round_and_a_group_may_roll_once_or_each():
    state = bfrpg(ORCS, roll=dice(6, 6, 1, 1, 6))  # round 1: the orcs (6) first
    assert fight_of(state)["order"][:3] == ["f1", "f2", "f3"]
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"}, roll=dice(5, 5, 6, 6, 6, 2))  # morale 6+6 > 8; round 2
    assert fight_of(state)["round"] == 2 and fight_of(state)["order"] == ["ana", "bo", "f1", "f2", "f3"]
    single = bfrpg({**ORCS, "group_initiative": False}, roll=dice(6, 6, 1, 1, 2, 6, 4))
    assert [c["initiative"] for c in fight_of(single)["combatants"]] == [2, 1, 2, 6, 4]


def test_rounds_move_the_clock_60_to_a_turn_so_a_torch_burns_out_in_a_fight():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "light", "source": "torch"}, roll=dice(1))  # 5 turns
    state = session.apply(state, {"do": "advance", "rounds": 299})
    state = session.apply(state, {"do": "fight", "foes": [{"name": "Rat", "hp": 1}]}, roll=dice(6, 6, 2, 1))
    assert session.view(state)["lights"][0]["burning"]
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"}, roll=dice(6, 6, 3, 1))  # round 2 begins: 300 rounds
    assert not session.view(state)["lights"][0]["burning"] and session.view(state)["turn"] == 5


def test_0_hp_is_dead_subduing_leaves_them_unconscious_and_the_dead_are_passed_over():
    state = bfrpg(ORCS, roll=dice(6, 6, 5, 4, 1))  # Ana 6, Bo 4, orcs 1
    dead = session.apply(state, {"do": "damage", "who": "f1", "hp": 5})
    assert names(dead, "f1") == ["Dead"] and one(dead, "f1", gm=False)["looks"] == "dead"
    subdued = session.apply(state, {"do": "damage", "who": "f1", "hp": 6, "subdue": True})
    assert names(subdued, "f1") == ["Unconscious"]
    dead = session.apply(dead, {"do": "next_turn"})  # Bo
    dead = session.apply(dead, {"do": "next_turn"})  # orc 1 is passed over
    assert fight_of(dead)["current"] == "f2"
    dead = session.apply(dead, {"do": "next_turn"})  # orc 3
    dead = session.apply(dead, {"do": "next_turn"}, roll=dice(3, 3, 2, 2, 2))  # morale 6 of 8, round 2's initiative
    said = [entry["text"] for entry in session.view(dead)["log"] if entry["text"].startswith("Fight round 2")]
    assert said and "Orc 1" not in said[0] and "Orc 2" in said[0]  # the dead are not in the order told
    with pytest.raises(RulesInputError) as error:
        session.apply(dead, {"do": "damage", "who": "f1", "hp": 1})
    assert error.value.field == "who"
    fallen = session.apply(state, {"do": "damage", "who": "bo", "hp": 6})
    assert names(fallen, "bo") == ["Dead"] and "dead" in session.view(fallen)["log"][-1]["text"]


def test_killed_by_someone_acting_on_the_same_number_one_still_acts():
    state = bfrpg(ORCS, party=(ANA,), roll=dice(6, 6, 3, 4))  # Ana 3 + 1 = 4, orcs 4: together
    state = session.apply(state, {"do": "damage", "who": "f2", "hp": 5})  # on Ana's turn
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"})
    assert fight_of(state)["current"] == "f2"  # dead, but it acts with Ana


def test_morale_at_first_opposition_end_of_round_1_and_again_at_half_strength():
    state = bfrpg(ORCS, party=(ANA,), roll=dice(6, 6, 6, 1))  # Ana first
    assert any("first opposition" in item for item in session.view(state, gm=True)["due"])
    assert not any("Morale" in item for item in session.view(state)["due"])  # the GM's roll
    state = session.apply(state, {"do": "damage", "who": "f1", "hp": 5})
    state = session.apply(state, {"do": "damage", "who": "f2", "hp": 5})  # 1 of 3 standing: half strength
    assert any("half strength" in item for item in session.view(state, gm=True)["due"])
    kept = session.apply(state, {"do": "next_turn"}, roll=dice(4, 4))  # 8: at or under 8, they fight on
    assert names(kept, "f3") == [] and "fight on" in session.view(kept)["log"][-1]["text"]
    broken = session.apply(state, {"do": "next_turn"}, roll=dice(4, 5))  # 9 > 8: broken
    assert names(broken, "f3") == ["Broken"]
    assert fight_of(kept)["current"] == "f3"  # the dead orcs are passed over
    state = session.apply(kept, {"do": "next_turn"}, roll=dice(6, 6, 2, 3))  # round 2: first opposition, 12 > 8
    assert names(state, "f3") == ["Broken"] and fight_of(state)["round"] == 2


def test_morale_12_never_fails_and_is_not_rolled():
    state = bfrpg({**ORCS, "morale": 12}, party=(ANA,), roll=dice(6, 6, 6, 1))
    assert not session.view(state, gm=True)["due"]


def test_a_monster_from_the_list_rolls_its_hit_dice_and_any_figure_can_be_changed():
    state = bfrpg({"monster": "ogre", "count": 1}, {"monster": "goblin", "name": "Snik", "ac": 16}, party=(ANA,),
                  roll=dice(1, 2, 3, 4, 5, 6, 6, 2, 3, 1))  # ogre 4d8, goblin 1d8; surprise; initiative
    ogre, snik = one(state, "f1"), one(state, "f2")
    assert (ogre["name"], ogre["hit_dice"], ogre["hp"], ogre["attack_bonus"]) == ("Ogre", "4+1", 1 + 2 + 3 + 4 + 1, 4)
    assert (snik["name"], snik["ac"], snik["hp"], snik["attack_bonus"], snik["morale"]) == ("Snik", 16, 4, 0, 7)


def test_the_monster_list_has_every_line_and_hit_dice_read_as_dice():
    assert len(MONSTERS) == 248 and MONSTERS["staff_elemental_cold"].name == "Staff Elemental, Cold"
    assert hit_dice_roll("1-1") == (1, 8, -1) and hit_dice_roll("12+3") == (12, 8, 3)
    assert [attack_bonus(hd) for hd in ("1-1", "1", "1+1", "9", "10", "16", "36")] == [0, 1, 1, 8, 9, 12, 16]
    for monster in MONSTERS.values():
        if monster.hit_dice:
            hit_dice_roll(monster.hit_dice)


@pytest.mark.parametrize("action, field", [
    ({"do": "maneuver", "who": "ana", "maneuver": "attack"}, "do"),
    ({"do": "fight", "foes": [{"monster": "dragon_of_doom"}]}, "monster"),
    ({"do": "fight", "foes": [{"name": "Orc", "hit_dice": "x"}]}, "hit_dice"),
    ({"do": "fight", "foes": [{"name": "Orc", "count": 51}]}, "count"),
])
def test_bfrpg_bad_actions_name_the_field(action, field):
    state = session.new("bfrpg", [ANA])
    kept = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, action)
    assert error.value.field == field and state == kept


# --------------------------------------------------------------------------- SHELL

ORLA = member("orla", "Orla", "shell", ag=12)  # AG 12, EL 0: rating 12; combat level 3: 2 blocks
PIM = member("pim", "Pim", "shell", ag=12)


def shell(*foes, party=(ORLA, PIM), roll=None):
    return session.apply(session.new("shell", list(party)), {"do": "fight", "foes": list(foes)}, roll=roll)


def test_shell_order_by_ag_minus_2_el_and_ties_roll_1d10_kept_for_the_fight():
    # Orla, Pim and the bandit all rate 12; the wolf 14 (AG 14), the brute 10 (AG 14, EL 2).
    state = shell({"name": "Wolf", "ag": 14}, {"name": "Bandit", "ag": 12}, {"name": "Brute", "ag": 14, "el": 2},
                  roll=dice(3, 7, 7, 2, 9))  # Orla 3, Pim 7, bandit 7; then Pim 2, bandit 9
    assert fight_of(state)["order"] == ["f1", "f2", "pim", "orla", "f3"]
    state = session.apply(session.apply(state, {"do": "next_turn"}), {"do": "next_turn"})
    for _ in range(3):
        state = session.apply(state, {"do": "next_turn"})
    assert fight_of(state)["round"] == 2 and fight_of(state)["order"] == ["f1", "f2", "pim", "orla", "f3"]


def test_shell_maneuvers_modify_at_and_def_until_the_next_action():
    state = shell({"name": "Wolf", "ag": 14}, party=(ORLA,))
    state = session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "guard"})
    guard = one(state, "f1")["effects"][0]
    assert guard["text"].startswith("AT +1, DEF 0") and guard["ends"] == "at the start of Wolf's turn in round 2"
    state = session.apply(state, {"do": "next_turn"})
    state = session.apply(state, {"do": "maneuver", "who": "orla", "maneuver": "defend"})
    assert one(state, "orla")["effects"][0]["text"].startswith("AT 0, DEF +2")
    state = session.apply(state, {"do": "next_turn"})
    assert names(state, "f1") == []
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "all_out_attack"})
    assert error.value.field == "maneuver"
    moved = session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "move"})
    assert "up to 5 units" in one(moved, "f1")["effects"][0]["text"] and one(moved, "f1")["mv_points"] == 5


def test_shell_blocks_a_round_by_combat_level_and_dodges_unlimited():
    state = shell({"name": "Wolf", "ag": 14}, party=(ORLA,))
    state = session.apply(state, {"do": "block", "who": "orla"})
    state = session.apply(state, {"do": "block", "who": "orla"})  # level 3: 2 blocks
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "block", "who": "orla"})
    assert error.value.field == "who" and "all 2 blocks" in error.value.message
    state = session.apply(session.apply(state, {"do": "next_turn"}), {"do": "next_turn"})
    assert one(state, "orla")["blocks_used"] == 0


def test_shell_each_round_is_a_round_of_combat_for_end():
    state = shell({"name": "Wolf", "ag": 14}, party=(ORLA,))
    for _ in range(50):  # 25 rounds at EL 0: 1 END
        state = session.apply(state, {"do": "next_turn"})
    assert session.view(state)["round"] == 25 and session.view(state)["characters"][0]["end"] == 9
    assert one(state, "f1")["end"] == 9


def test_shell_a_stunned_combatant_loses_the_next_turn_then_acts_again():
    state = shell({"name": "Wolf", "ag": 14, "hp": 10}, party=(ORLA,))
    state = session.apply(state, {"do": "damage", "who": "f1", "damage": 6, "location": "arm"})  # crippled: stunned
    assert "Stunned" in names(state, "f1")
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "attack"})
    assert error.value.field == "maneuver"
    state = session.apply(session.apply(state, {"do": "next_turn"}), {"do": "next_turn"})  # Orla; the wolf's
    assert fight_of(state)["current"] == "f1" and "loses this turn" in session.view(state)["log"][-1]["text"]
    state = session.apply(state, {"do": "next_turn"})  # the turn lost; the stun is over
    assert "Stunned" not in names(state, "f1") and one(state, "f1", gm=False)["looks"] == "wounded"
    assert "hp" not in one(state, "f1", gm=False) and one(state, "f1")["damage"] == 4
