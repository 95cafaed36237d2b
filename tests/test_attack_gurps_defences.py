"""GURPS defences against the attack action beyond one plain roll (issue 34): All-Out Defense
(Double Defense) tries a second, different defence when the first fails; an unbalanced weapon
(Parry marked U) that has attacked cannot parry until its wielder's next turn; a foe's ranged
weapon (its Accuracy) takes Aim and cannot be parried."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session
from tests.test_attack_gurps import KARA, attack, faces, fight, goblin_attacks, last, maneuver, refused, turns

AXE = {"name": "Long Axe", "usage": "Swung", "skill": 14, "damage": "sw+3 cut", "parry": "10U", "block": "No"}
KNIFE = {"name": "Knife", "usage": "Swung", "skill": 12, "damage": "sw-3 cut", "parry": "8"}


def axeman(*weapons):
    return {**KARA, "fields": {**KARA["fields"], "weapons": list(weapons), "shield_db": 0}}


def scores(state, **action):
    return {one["id"]: one["score"] for one in session.preview(state, goblin_attacks(state, **action))["attack"][
        "defences"]}


def test_double_defense_tries_the_second_defence_when_the_first_fails():
    guarded = turns(maneuver(fight(), "k", "all_out_defense", option="double_defense"), 1)
    preview = session.preview(guarded, goblin_attacks(guarded))["attack"]
    assert preview["double_defence"] is True
    # Goblin 1 hits on 9 (skill 11); Kara's Dodge 10 fails on 12, her Parry 11 holds on 10.
    held = session.apply(guarded, goblin_attacks(guarded, defence="dodge", second_defence="parry"),
                         roll=faces([3, 3, 3], [4, 4, 4], [4, 3, 3]))
    assert last(held) == ("Goblin 1 attacks Kara with Spear: 9 against 11, a hit; Kara tries to dodge: 12 against 10, "
                          "fails; then to parry: 10 against 11, succeeds.")
    assert held["party"] == guarded["party"] and held["characters"] == guarded["characters"]
    # Both fail: the blow goes home as after one failed defence.
    through = session.apply(guarded, goblin_attacks(guarded, defence="dodge", second_defence="block"),
                            roll=faces([3, 3, 3], [4, 4, 4], [6, 6, 6], [5], [3, 3, 3]))
    assert "then to block: 18 against 10, fails; 1d+1 imp = 6, DR 2: 8 HP of injury" in last(through, count=2)[0]
    # The first defence succeeding ends it: no second roll is asked for.
    first = session.apply(guarded, goblin_attacks(guarded, defence="parry", second_defence="dodge"),
                          roll=faces([3, 3, 3], [1, 1, 1]))
    assert last(first).endswith("Kara tries to parry: 3 against 11, succeeds.")


def test_a_second_defence_is_refused_without_double_defense_or_when_it_is_the_first_again():
    state = turns(fight(), 1)
    assert session.preview(state, goblin_attacks(state))["attack"]["double_defence"] is False
    assert "only after All-Out Defense (Double Defense)" in refused(
        state, goblin_attacks(state, defence="dodge", second_defence="parry"), "second_defence")
    guarded = turns(maneuver(fight(), "k", "all_out_defense", option="double_defense"), 1)
    assert "another defence than the first" in refused(
        guarded, goblin_attacks(guarded, defence="parry", second_defence="parry"), "second_defence")
    assert "another defence than the first" in refused(
        guarded, goblin_attacks(guarded, defence="none", second_defence="parry"), "second_defence")
    # "none" as the second is always taken: one defence, as usual.
    session.apply(state, goblin_attacks(state, defence="dodge", second_defence="none"),
                  roll=faces([3, 3, 3], [1, 1, 1]))


def test_an_unbalanced_weapon_that_attacked_cannot_parry_until_its_wielders_next_turn():
    state = fight(axeman(AXE))
    assert scores(turns(state, 1)) == {"dodge": 9, "parry": 10}
    swung = session.apply(state, attack(defence="none"), roll=faces([3, 3, 3], [1]))
    effects = {e["name"]: e for one in session.view(swung)["fight"]["combatants"] if one["id"] == "k"
               for e in one["effects"]}
    assert effects["Unbalanced weapon"]["ends"] == "at the start of Kara's turn in round 2"
    after = turns(swung, 1)
    assert scores(after) == {"dodge": 9}
    message = refused(after, goblin_attacks(after, defence="parry"), "defence")
    assert "cannot parry with Long Axe (Swung), which has attacked, until their next turn" in message
    # Her next turn comes: the axe parries again.
    assert scores(turns(after, 3)) == {"dodge": 9, "parry": 10}


def test_a_balanced_weapon_in_the_other_hand_still_parries():
    state = session.apply(fight(axeman(AXE, KNIFE)), attack(defence="none"), roll=faces([3, 3, 3], [1]))
    assert scores(turns(state, 1)) == {"dodge": 9, "parry": 8}
    # Attacking with the knife leaves the axe's Parry as it was.
    knifed = session.apply(fight(axeman(AXE, KNIFE)), attack(weapon=1, defence="none"), roll=faces([3, 3, 3], [1]))
    assert scores(turns(knifed, 1)) == {"dodge": 9, "parry": 10}


def test_a_foes_ranged_weapon_takes_its_aim_and_cannot_be_parried():
    archer = {"name": "Archer", "basic_speed": 7, "skill": 12, "weapon": "Bow", "damage": "1d+1 imp", "acc": "2"}
    state = session.apply(fight(foes=(archer,)), {"do": "maneuver", "who": "f1", "maneuver": "aim", "target": "k"})
    state = turns(state, 2)  # Kara's turn, then the archer's again
    preview = session.preview(state, goblin_attacks(state), gm=True)["attack"]
    assert preview["to_hit"]["skill"] == 12 + 2  # Aim: the bow's Accuracy
    assert [one["id"] for one in preview["defences"]] == ["dodge", "block"]
    assert "a Parry stops only melee attacks" in refused(state, goblin_attacks(state, defence="parry"), "defence")
    assert "Accuracy: received" in refused(state, {"do": "join_fight", "foes": [{**archer, "acc": "far"}]}, "acc")


def test_move_and_attack_at_range_takes_the_bulk_when_it_is_worse_than_minus_2():
    bow = {"name": "Bow", "usage": "Shoot", "skill": 12, "damage": "1d+1 imp", "acc": "2", "range": "150/200",
           "bulk": "−6"}
    pistol = {**bow, "name": "Pistol", "bulk": "-1"}
    for weapon, penalty in ((bow, -6), (pistol, -2), ({**bow, "bulk": ""}, -2)):
        state = maneuver(fight(axeman(weapon)), "k", "move_and_attack")
        preview = session.preview(state, attack())["attack"]
        assert preview["to_hit"]["skill"] == 12 + penalty, weapon
    assert "Bulk −6" in " ".join(session.preview(maneuver(fight(axeman(bow)), "k", "move_and_attack"),
                                                 attack())["attack"]["to_hit"]["working"])
    with_bad = {**KARA, "fields": {**KARA["fields"], "weapons": [{**bow, "bulk": "heavy"}]}}
    with pytest.raises(RulesInputError, match="Bulk: received “heavy”"):
        session.new("gurps", [with_bad])


def test_all_out_attack_feint_counts_against_the_attack_of_the_same_turn_only():
    state = maneuver(fight(), "k", "all_out_attack", option="feint", target="f1", margin=3)
    preview = session.preview(state, attack())["attack"]
    assert {one["id"]: one["score"] for one in preview["defences"]} == {"dodge": 8 - 3, "parry": 8 - 3}
    assert preview["to_hit"]["skill"] == 14  # no Determined +4 with the Feint option
    other = session.preview(state, attack(target="f2"))["attack"]  # Goblin 2 was not feinted
    assert {one["id"]: one["score"] for one in other["defences"]} == {"dodge": 8, "parry": 8}
    later = turns(state, 3)  # Kara's next turn: the Feint is spent
    assert all(e["name"] != "Feint" for e in later["fight"]["effects"])
    assert "only a Feint, or All-Out Attack with its Feint option" in refused(
        fight(), {"do": "maneuver", "who": "k", "maneuver": "all_out_attack", "option": "strong", "margin": 2},
        "margin")
