"""Basic Fantasy attack rolls (issue 29): the bfrpg.attack calculator and the fight's "attack"
action, with fixed dice (../shared/facts, "Combat encounters": 1d20 + attack bonus + Strength
in melee or Dexterity with missiles + adjustments against AC; natural 1 misses, 20 hits)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulescore import RulesInputError, calculate, resolve, session

ANA = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"strength": "16", "dexterity": "6"}}


@pytest.mark.parametrize("given, bonus, needed", [
    ({}, 1, 10),  # +1 against AC 11
    ({"ability_bonus": 2, "target_ac": 14}, 3, 11),
    ({"range": "short"}, 2, 9), ({"range": "long"}, -1, 12), ({"range": "within_5_ft"}, -4, 15),
    ({"from_behind": True}, 3, 8), ({"charge": True}, 3, 8), ({"subdue": True}, -3, 14),
    ({"charge": True, "range": "long"}, -1, 12),  # a charge is melee: no bonus with a missile
    ({"attack_bonus": 0, "target_ac": 30}, 0, 20),  # only a natural 20 hits
    ({"attack_bonus": 16, "target_ac": 2}, 16, 2),  # a natural 1 still misses
])
def test_the_bonus_and_the_face_needed(given, bonus, needed):
    result = calculate("bfrpg.attack", given)
    assert (result["total_bonus"], result["needed"]) == (bonus, needed)
    hits = sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + bonus >= result.inputs["target_ac"]))
    assert result["hit_chance"] == pytest.approx(float(Fraction(hits, 20)))


@pytest.mark.parametrize("face, outcome", [(1, "failure"), (9, "failure"), (10, "success"), (20, "success")])
def test_the_roll_decides_with_the_naturals(face, outcome):
    assert resolve("bfrpg.attack", {"attack_bonus": 1}, dice=[face])["outcome"] == outcome
    assert resolve("bfrpg.attack", {"attack_bonus": 16, "target_ac": 2}, dice=[1])["outcome"] == "failure"
    assert resolve("bfrpg.attack", {"attack_bonus": 0, "target_ac": 30}, dice=[20])["outcome"] == "success"


def fight(faces=(3, 3, 6, 6, 5)):
    """Ana against a goblin: its HP 1d8 − 1 = 2; surprise 1d6 for the party (3), then the goblin
    (6): nobody surprised; initiative Ana 6 − 1 (Dexterity 6), the goblin 5."""
    rolled = iter(faces)
    return session.apply(session.new("bfrpg", [ANA]), {"do": "fight", "foes": [{"monster": "goblin"}]},
                         roll=lambda count, sides: [next(rolled) for _ in range(count)])


def test_a_character_attacks_with_their_sheet_and_strength_in_melee_dexterity_with_missiles():
    state = fight()
    melee = session.apply(state, {"do": "attack", "who": "ana", "target": "f1"}, roll=lambda count, sides: [11])
    said = session.view(melee, gm=True)["log"][-1]["text"]
    assert said.startswith("Ana attacks Goblin: 1d20 11 + 3 = 14 against AC 14: a hit")
    # The players read their own roll and bonus, not the goblin's AC.
    assert session.view(melee)["log"][-1]["text"].startswith("Ana attacks Goblin: 1d20 11 + 3 = 14: a hit")
    missile = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "range": "short"},
                            roll=lambda count, sides: [13])
    assert "1d20 13 + 1 = 14 against AC 14: a hit" in session.view(missile, gm=True)["log"][-1]["text"]  # +1 −1 +1


def test_a_foe_attacks_a_character_at_the_armor_class_on_their_sheet_or_the_one_given():
    state = fight()
    faces = iter([11, 4])  # the d20, then the goblin's weapon, 1d6 (issue 34: a monster rolls its own damage)
    hit = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"},
                        roll=lambda count, sides: [next(faces)])
    # Ana wears no armour and has Dexterity 6 (−1): her sheet's Armor Class is 11 − 1 = 10.
    assert session.view(hit)["log"][-1]["text"] == ("Goblin attacks Ana (weapon): 1d20 rolled 11 against AC 10: a hit; "
                                                    "4 damage. Ana takes 4 damage: 4 of 8 HP.")
    missed = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "ac": 15},
                           roll=lambda count, sides: [14])
    assert session.view(missed, gm=True)["log"][-1]["text"].endswith("= 14 against AC 15: a miss.")
    assert session.view(missed)["log"][-1]["text"] == "Goblin attacks Ana (weapon): 1d20 rolled 14 against AC 15: " \
                                                      "a miss."


def test_a_monsters_damage_by_weapon_reads_as_words_and_the_rulebooks_alternative_stays_with_the_gm():
    """Issue 42: "1d6 or by weapon" read "a hit (or by weapon)". Our reading of the rulebook's line: the
    monster does the dice given, or the damage of the weapon it wields (+1 where the line says so); the
    fight rolls the dice, and the alternative is the GM's to use, said after the damage in the GM's log."""
    def hit(monster: str, **action) -> tuple[str, str]:
        state = session.apply(session.new("bfrpg", [ANA]), {"do": "fight", "foes": [{"monster": monster}]},
                              roll=lambda count, sides: [4] * count)  # nobody surprised
        state = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", **action},
                              roll=lambda count, sides: [20 if sides == 20 else 3] * count)
        return session.view(state, gm=True)["log"][-1]["text"], session.view(state)["log"][-1]["text"]

    gm, players = hit("bugbear")
    assert "a hit; 1d8+1 rolled 3 + 1 = 4 damage (the rulebook allows instead the damage of the weapon it " \
           "wields +1). Ana takes 4 damage" in gm
    assert "a hit; 4 damage. Ana takes 4 damage" in players
    gm, players = hit("barkling", weapon="weapon")  # "1 bite or 1 weapon: 1d4 bite, or by weapon"
    assert gm.endswith("a hit: it does the damage of the weapon it wields; the GM enters it with Damage.")
    assert players.endswith("a hit: it does the damage of the weapon it wields; the GM enters it with Damage.")
    gm, players = hit("doppleganger")  # "1 fist or Weapon: 1d12 or by weapon": the weapon said once
    assert "(the rulebook allows instead the damage of the weapon it wields). Ana" in gm
    gm, players = hit("harpy")  # "1d4/1d4/1d6 or by weapon + special": the special comes with the hit
    assert "weapon: 1d20 20 + 2 = 22 against AC 10 (a natural 20): a hit (special); 1d6 rolled 3 damage (the " \
           "rulebook allows instead the damage of the weapon it wields)." in gm
    assert "a hit (special); 3 damage." in players
    for text in (*hit("goblin"), *hit("zombie"), *hit("caveman"), *hit("gnoll")):
        assert "a hit (or" not in text and "by weapon" not in text, text


def test_a_charge_leaves_the_charger_at_minus_2_ac_until_the_next_round():
    state = session.apply(fight(), {"do": "attack", "who": "ana", "target": "f1", "charge": True},
                          roll=lambda count, sides: [2])
    assert "(a natural" not in session.view(state)["log"][-1]["text"]
    ana = next(one for one in session.view(state, gm=True)["fight"]["combatants"] if one["id"] == "ana")
    charging = [e for e in ana["effects"] if e["name"] == "Charging"]
    assert charging and charging[0]["ends"] == "at the start of round 2"


def test_attacks_the_rules_forbid_are_refused_by_field_and_leave_the_state():
    state = fight()
    for action, field in (({"who": "ana", "target": "ana"}, "target"), ({"who": "ana", "target": "f9"}, "target"),
                          ({"who": "ana", "target": "f1", "range": "thrown"}, "range")):
        with pytest.raises(RulesInputError) as error:
            session.apply(state, {"do": "attack", **action}, roll=lambda count, sides: [10])
        assert error.value.field == field
    with pytest.raises(RulesInputError, match="no fight going on"):
        session.apply(session.new("bfrpg", [ANA]), {"do": "attack", "who": "ana", "target": "f1"})
    surprised = fight((3, 1, 6, 6, 5))  # the party surprised on a 1
    with pytest.raises(RulesInputError, match="Ana is surprised"):
        session.apply(surprised, {"do": "attack", "who": "ana", "target": "f1"}, roll=lambda count, sides: [10])
    with pytest.raises(RulesInputError, match="Ana is surprised and cannot move"):
        session.apply(surprised, {"do": "run", "who": "ana"})


def test_running_counts_2_x_constitution_rounds_forbids_attacking_and_then_exhausts():
    slow = {**ANA, "fields": {**ANA["fields"], "constitution": "3"}}  # 2 × 3 = 6 rounds of running
    state = session.apply(session.new("bfrpg", [slow]), {"do": "fight", "foes": [{"monster": "goblin"}]},
                          roll=lambda count, sides: [3] * count)
    for round_ in range(1, 7):
        state = session.apply(state, {"do": "run", "who": "ana"})
        assert f"round {round_} of 6" in session.view(state)["log"][-1]["text"]
        with pytest.raises(RulesInputError, match="Ana is running"):
            session.apply(state, {"do": "attack", "who": "ana", "target": "f1"}, roll=lambda count, sides: [10])
        with pytest.raises(RulesInputError, match="already running this round"):
            session.apply(state, {"do": "run", "who": "ana"})
        while session.view(state, gm=True)["fight"]["round"] == round_:  # on to the next round
            state = session.apply(state, {"do": "next_turn"}, roll=lambda count, sides: [3] * count)
    ana = next(one for one in session.view(state, gm=True)["fight"]["combatants"] if one["id"] == "ana")
    assert [e["ends"] for e in ana["effects"] if e["name"] == "Exhausted"] == [
        "after a turn of rest, once the fight is over"]
    with pytest.raises(RulesInputError, match="exhausted after 6 rounds"):
        session.apply(state, {"do": "run", "who": "ana"})
    assert session.view(session.apply(state, {"do": "run", "who": "f1"}))["log"][-1]["text"] == \
        "Goblin runs: round 1 of 24 they can run."  # a monster: 24 rounds
    # Still exhausted after the fight, and in the next one, until the party rests a turn.
    after = session.apply(state, {"do": "end_fight"})
    tired = [e["text"] for e in session.view(after)["characters"][0]["effects"]]
    assert "exhausted from running: walks only until they have rested a turn" in tired
    again = session.apply(after, {"do": "fight", "foes": [{"monster": "goblin"}]},
                          roll=lambda count, sides: [3] * count)
    with pytest.raises(RulesInputError, match="exhausted after 6 rounds"):
        session.apply(again, {"do": "run", "who": "ana"})
    walked = session.apply(after, {"do": "advance", "turns": 1})  # exploring is not resting
    assert session.view(walked)["characters"][0]["effects"] == session.view(after)["characters"][0]["effects"]
    rested = session.apply(walked, {"do": "advance", "turns": 1, "resting": True})
    assert session.view(rested)["log"][-1]["text"] == "Ana has had a turn of rest: no longer exhausted from running."
    assert not any("exhausted" in e["text"] for e in session.view(rested)["characters"][0]["effects"])
    assert session.view(session.apply(rested, {"do": "fight", "foes": [{"monster": "goblin"}]},
                                      roll=lambda count, sides: [3] * count))["fight"] is not None


def test_fleeing_leaves_the_fight_and_notes_the_parting_attacks():
    state = session.apply(fight(), {"do": "flee", "who": "f1"})
    texts = [entry["text"] for entry in session.view(state)["log"][-2:]]
    assert texts[0].startswith("Goblin flees from melee: each foe engaged with them may make one parting attack at +2")
    assert texts[1] == "Goblin leaves the fight."
    assert [one["id"] for one in session.view(state, gm=True)["fight"]["combatants"]] == ["ana"]
