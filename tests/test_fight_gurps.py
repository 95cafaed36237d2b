"""GURPS fights in the session (rulescore/gurps/fight.py), each rule with fixed dice.

Figures are worked from the rule beside them: Basic Speed = (HT + DX) / 4, HP = ST.
"""

from __future__ import annotations

import copy

import pytest

from rulescore import RulesInputError, session


def dice(*faces):
    queue = list(faces)

    def roll(count, sides):
        taken = queue[:count]
        del queue[:count]
        assert len(taken) == count, f"the test gave too few dice for {count}d{sides}"
        return taken

    return roll


def no_dice(count, sides):
    raise AssertionError(f"no roll expected, but {count}d{sides} was asked for")


def pc(ident, name, **fields):
    return {"id": ident, "name": name, "system": "gurps", "fields": fields}


KARA = pc("kara", "Kara", st=12, dx=13, ht=11)  # Speed 6, HP 12
LEE = pc("lee", "Lee", dx=13, ht=11)  # Speed 6, HP 10
CR = {"type": "crushing"}  # damage in these tests is crushing: injury = penetrating damage
GOBLINS = {"name": "Goblin", "count": 2, "basic_speed": 6, "dx": 12, "hp": 8, "ht": 10}


def fight(*foes, party=(KARA, LEE), roll=no_dice, **options):
    return session.apply(session.new("gurps", list(party)), {"do": "fight", "foes": list(foes), **options}, roll=roll)


def shown(state, gm=True):
    return session.view(state, gm=gm)["fight"]


def one(state, who, gm=True):
    return next(c for c in shown(state, gm)["combatants"] if c["id"] == who)


def names(state, who, gm=True):
    return [e["name"] for e in one(state, who, gm)["effects"]]


def next_turns(state, count, roll=no_dice):
    for _ in range(count):
        state = session.apply(state, {"do": "next_turn"}, roll=roll)
    return state


# --------------------------------------------------------------------------- the order

def test_order_speed_first_then_dx_where_characters_tie_then_a_roll_off():
    # All four at Speed 6. Characters among them: DX decides (13, 13 before the goblins' 12);
    # Kara and Lee still tied roll 1d6 each, Kara's asked first: 2 against Lee's 5, Lee first.
    # The goblins, tied with each other on DX too, keep the order the GM listed them in.
    state = fight(GOBLINS, roll=dice(2, 5))
    assert shown(state)["order"] == ["lee", "kara", "f1", "f2"]
    assert shown(state)["current"] == "lee" and shown(state)["round"] == 1


def test_foes_tied_on_speed_alone_keep_the_gms_order_without_a_roll():
    state = fight({"name": "Orc", "basic_speed": 7}, {"name": "Wolf", "basic_speed": 7},
                  {"name": "Imp", "basic_speed": 6.5}, party=(KARA,))
    assert shown(state)["order"] == ["f1", "f2", "f3", "kara"]


def test_the_order_is_fixed_for_the_fight_and_a_round_is_one_second_on_the_clock():
    state = fight(GOBLINS, roll=dice(2, 5))
    first = shown(state)["order"]
    state = next_turns(state, 4)
    assert shown(state)["round"] == 2 and shown(state)["order"] == first and shown(state)["acted"] == []
    assert session.view(state)["turn"] == 1
    state = session.apply(state, {"do": "end_fight"})
    assert session.view(state)["turn"] == 2 and session.view(state)["fight"] is None


# --------------------------------------------------------------------------- maneuvers

def test_all_out_attack_leaves_no_defence_until_the_start_of_the_next_turn():
    state = fight(GOBLINS, roll=dice(2, 5))  # Lee acts first
    assert one(state, "lee")["maneuver_name"] is None  # none chosen yet: nothing to show (not "None")
    with pytest.raises(RulesInputError) as wrong:
        session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_attack",
                              "option": "increased_dodge"})
    assert wrong.value.message == ("Option: increased dodge is not an option of All-Out Attack; use one of "
                                   "determined, double, feint, strong, ranged determined, suppression.")
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_attack", "option": "strong"})
    assert "gurps.defense" not in [link["id"] for link in one(state, "lee")["calculators"]]  # no defence to work out
    aoa = one(state, "lee")["effects"][0]
    assert aoa["name"] == "All-Out Attack" and "no active defence" in aoa["text"] and "+2 damage" in aoa["text"]
    assert aoa["ends"] == "at the start of Lee's turn in round 2" and aoa["rule"] == "gurps/maneuvers/#all-out-attack"
    assert (one(state, "lee")["maneuver"], one(state, "lee")["maneuver_name"]) == ("all_out_attack", "All-Out Attack")
    state = next_turns(state, 3)  # Kara, goblin 1, goblin 2: still in force
    assert names(state, "lee") == ["All-Out Attack"]
    state = next_turns(state, 1)  # Lee's turn in round 2 starts: gone
    assert shown(state)["current"] == "lee" and names(state, "lee") == []


def test_all_out_defense_gives_plus_2_to_the_defence_chosen_until_the_next_turn():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_defense",
                                  "option": "increased_parry"})
    assert "+2 to Parry" in one(state, "lee")["effects"][0]["text"]
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_defense", "option": "strong"})
    assert error.value.field == "option"


def test_evaluate_adds_1_a_consecutive_turn_up_to_3_for_the_next_turn_only():
    state = fight(GOBLINS, roll=dice(2, 5))
    texts = []
    for _ in range(4):
        state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "evaluate", "target": "f1"})
        texts.append(one(state, "lee")["effects"][0]["text"][:2])
        ends = one(state, "lee")["effects"][0]["ends"]
        state = next_turns(state, 4)
    assert texts == ["+1", "+2", "+3", "+3"]
    assert ends == "at the end of Lee's turn in round 5"
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "attack"})
    state = next_turns(state, 1)  # the end of the turn after the last Evaluate: its bonus is gone
    assert names(state, "lee") == []


def test_aim_counts_turns_and_an_injury_calls_for_a_will_roll_or_it_is_lost():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "aim"})
    state = next_turns(state, 4)
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "aim"})
    aim = one(state, "lee")["effects"][0]["text"]
    assert "2 turns of Aim" in aim and "Accuracy +1" in aim
    kept = session.apply(state, {"do": "damage", "who": "lee", **CR, "damage": 1}, roll=dice(3, 3, 4))  # Will 10: 10
    assert sorted(names(kept, "lee")) == ["Aim", "Shock"]
    lost = session.apply(state, {"do": "damage", "who": "lee", **CR, "damage": 1}, roll=dice(4, 4, 3))  # 11 fails
    assert names(lost, "lee") == ["Shock"]


def test_move_and_attack_feint_concentrate_and_wait_say_what_they_leave():
    state = fight(GOBLINS, roll=dice(2, 5))
    moved = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "move_and_attack"})
    assert "skill 9 at most" in one(moved, "lee")["effects"][0]["text"] and "only Dodge or Block" in \
        one(moved, "lee")["effects"][0]["text"]
    feint = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "feint", "target": "f1", "margin": 3})
    assert one(feint, "lee")["effects"][0]["text"] == "Goblin 1 defends at −3 against Lee's attack next turn"
    focus = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "concentrate"})
    hurt = session.apply(focus, {"do": "damage", "who": "lee", **CR, "damage": 1},
                         roll=dice(2, 2, 3))  # Will 10 − 3 = 7: 7 holds
    assert sorted(names(hurt, "lee")) == ["Concentrate", "Shock"]
    wait = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "wait"})
    assert names(wait, "lee") == ["Wait"]


def test_a_maneuver_is_chosen_on_ones_own_turn_and_a_change_replaces_it():
    state = fight(GOBLINS, roll=dice(2, 5))
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "kara", "maneuver": "attack"})
    assert error.value.field == "who" and "Lee's turn" in error.value.message
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_attack"})
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_defense"})
    assert names(state, "lee") == ["All-Out Defense"] and one(state, "lee")["maneuver"] == "all_out_defense"


# --------------------------------------------------------------------------- injury in a fight

def test_shock_lasts_the_victims_next_turn_only_and_adds_up_to_minus_4():
    state = fight(GOBLINS, roll=dice(2, 5))  # Lee, Kara, goblin 1, goblin 2
    state = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 3})  # 3 HP: −3
    state = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 2})  # −5, capped at −4
    shock = one(state, "f1")["effects"][0]
    assert shock["text"].startswith("−4") and shock["ends"] == "at the end of Goblin 1's turn in round 1"
    state = next_turns(state, 3)  # goblin 1's turn ends
    assert names(state, "f1") == []
    # Hurt on his own turn, Lee suffers the shock on his next one, in round 2.
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "damage", "who": "lee", **CR, "damage": 2})
    assert one(state, "lee")["effects"][0]["ends"] == "at the end of Lee's turn in round 2"
    assert session.view(state)["characters"][1]["shock"] == -2
    state = next_turns(state, 5)  # to the end of Lee's turn in round 2
    assert names(state, "lee") == [] and session.view(state)["characters"][1]["shock"] == 0


def test_a_major_wound_stuns_a_foe_who_must_do_nothing_and_rolls_ht_at_the_end_of_each_turn():
    state = fight(GOBLINS, roll=dice(2, 5))
    # 5 HP of injury to an 8 HP goblin: over half, a major wound; HT 10 rolled 12 (failed by 2): stunned.
    state = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 5}, roll=dice(4, 4, 4))
    assert "Stunned" in names(state, "f1")
    assert any("HT roll to recover" in item for item in session.view(state, gm=True)["due"])
    state = next_turns(state, 2)  # goblin 1's turn starts
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "attack"})
    assert error.value.field == "maneuver" and "stunned" in error.value.message
    still = session.apply(state, {"do": "next_turn"}, roll=dice(6, 6, 1))  # HT 10: 13 fails
    assert "Stunned" in names(still, "f1")
    free = session.apply(state, {"do": "next_turn"}, roll=dice(3, 3, 3))  # 9 succeeds
    assert "Stunned" not in names(free, "f1")


def test_at_0_hp_a_ht_roll_at_the_start_of_each_turn_to_stay_conscious():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "damage", "who": "f2", **CR, "damage": 8, "torso": False})  # 8 HP: 0 HP
    assert "0 HP or less" in names(state, "f2")
    state = next_turns(state, 2)  # to goblin 1
    awake = session.apply(state, {"do": "next_turn"}, roll=dice(3, 3, 4))  # goblin 2: HT 10, 10 holds
    assert shown(awake)["current"] == "f2" and not one(awake, "f2")["out"]
    down = session.apply(state, {"do": "next_turn"}, roll=dice(5, 5, 5))  # 15 fails: unconscious
    assert one(down, "f2")["out"] and "Unconscious" in names(down, "f2")
    later = next_turns(down, 3)  # round 2: Lee, Kara, goblin 1; goblin 2 is passed over
    assert shown(later)["current"] == "f1"
    assert shown(next_turns(later, 1))["current"] == "lee"


def test_death_checks_at_each_multiple_of_minus_hp_and_dead_at_minus_5_times():
    state = fight(GOBLINS, roll=dice(2, 5))
    # 16 HP of injury: 8 → −8 = −1 × HP: a HT roll to survive, 14 fails.
    dead = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 16, "torso": False}, roll=dice(5, 5, 4))
    assert "Dead" in names(dead, "f1") and one(dead, "f1", gm=False)["looks"] == "dead"
    alive = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 16, "torso": False}, roll=dice(3, 3, 3))
    assert "0 HP or less" in names(alive, "f1")
    gone = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 48, "torso": False}, roll=no_dice)
    assert "Dead" in names(gone, "f1")
    with pytest.raises(RulesInputError) as error:
        session.apply(gone, {"do": "damage", "who": "f1", **CR, "damage": 1})
    assert error.value.field == "who"


def test_foes_own_dr_counts_unless_the_damage_gives_one():
    state = fight({**GOBLINS, "dr": 2}, roll=dice(2, 5))
    hit = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 3})
    assert one(hit, "f1")["hp"] == 7  # 3 − DR 2 = 1
    bare = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 3, "dr": 0})
    assert one(bare, "f1")["hp"] == 5


def test_surprised_side_must_do_nothing_on_its_first_turn():
    state = fight(GOBLINS, roll=dice(2, 5), surprised="party")
    assert names(state, "lee") == ["Surprised"]
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "attack"})
    assert error.value.field == "maneuver"
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "do_nothing"})
    assert names(next_turns(state, 1), "lee") == []


# --------------------------------------------------------------------------- joining, leaving, views

def test_a_latecomer_takes_their_place_by_speed_this_round_if_it_is_still_to_come():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = next_turns(state, 1)  # Kara acting
    state = session.apply(state, {"do": "join_fight", "foes": [{"name": "Ogre", "basic_speed": 5}]})
    assert shown(state)["order"] == ["lee", "kara", "f1", "f2", "f3"] and shown(state)["current"] == "kara"
    state = session.apply(state, {"do": "join_fight", "foes": [{"name": "Sprite", "basic_speed": 9}]})
    assert shown(state)["order"][0] == "f4" and shown(state)["current"] == "kara"
    state = next_turns(state, 4)  # goblins, ogre; round 2 starts with the sprite
    assert shown(state)["round"] == 2 and shown(state)["current"] == "f4"


def test_leaving_on_ones_own_turn_passes_the_turn_on_and_foes_are_never_characters():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "leave_fight", "who": "lee"})
    assert shown(state)["current"] == "kara" and "lee" not in shown(state)["order"]
    assert [c["id"] for c in session.view(state)["characters"]] == ["kara", "lee"]
    state = session.apply(state, {"do": "join_fight", "who": "lee"})
    assert shown(state)["order"] == ["kara", "lee", "f1", "f2"]  # by Speed and DX, after Kara: still to act


def test_the_players_see_how_hurt_a_foe_looks_never_its_hp():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "damage", "who": "f1", **CR, "damage": 2})
    players, gm = one(state, "f1", gm=False), one(state, "f1")
    assert "hp" not in players and players["looks"] == "lightly wounded"
    assert gm["hp"] == 6 and one(state, "lee", gm=False)["hp"] == 10
    assert "8" not in " ".join(entry["text"] for entry in session.view(state)["log"][-1:])


def test_end_fight_keeps_the_partys_wounds():
    state = fight(GOBLINS, roll=dice(2, 5))
    state = session.apply(state, {"do": "damage", "who": "kara", **CR, "damage": 5}, roll=dice(3, 3, 3))
    state = session.apply(state, {"do": "end_fight"})
    assert session.view(state)["fight"] is None and session.view(state)["characters"][0]["hp"] == 7


@pytest.mark.parametrize("action, field", [
    ({"do": "next_turn"}, "do"),
    ({"do": "end_fight"}, "do"),
    ({"do": "maneuver", "who": "kara", "maneuver": "attack"}, "do"),
    ({"do": "fight", "foes": [{"count": 2}]}, "name"),
    ({"do": "fight", "foes": [{"name": "Orc", "count": 0}]}, "count"),
    ({"do": "fight", "foes": []}, "foes"),
    ({"do": "fight", "foes": [{"name": "Orc", "armor": 3}]}, "armor"),
])
def test_bad_actions_outside_a_fight_name_the_field_and_change_nothing(action, field):
    state = session.new("gurps", [KARA])
    kept = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, action)
    assert error.value.field == field and state == kept


@pytest.mark.parametrize("action, field", [
    ({"do": "damage", "who": "f9", **CR, "damage": 2}, "who"),
    ({"do": "maneuver", "who": "f9", "maneuver": "attack"}, "who"),
    ({"do": "maneuver", "who": "lee", "maneuver": "guard"}, "maneuver"),
    ({"do": "leave_fight", "who": "nobody"}, "who"),
    ({"do": "fight", "foes": [{"name": "Orc"}]}, "do"),
    ({"do": "advance", "turns": 3}, "do"),
])
def test_bad_actions_in_a_fight_name_the_field_and_change_nothing(action, field):
    state = fight(GOBLINS, roll=dice(2, 5))
    kept = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, action)
    assert error.value.field == field and state == kept


def test_a_next_turn_from_a_screen_that_had_not_caught_up_ends_nobody_elses_turn():
    """Two tabs showed Kara's turn; one ended it. The other's Next turn names Kara and is refused,
    so Goblin 1's turn is not skipped; without "current" it ends whoever's turn it is."""
    state = fight(dict(GOBLINS, basic_speed=5), party=(KARA,))  # Kara, Goblin 1, Goblin 2
    first = shown(state)["current"]
    moved = session.apply(state, {"do": "next_turn", "current": first})
    second = shown(moved)["current"]
    assert second != first
    with pytest.raises(RulesInputError) as caught:
        session.apply(moved, {"do": "next_turn", "current": first})
    assert caught.value.field == "current"
    assert caught.value.message == (f"Next turn: {one(state, first)['name']}'s turn has already ended (another screen "
                                    f"moved the fight on); it is {one(moved, second)['name']}'s turn now, and nothing "
                                    f"was changed.")
    assert shown(session.apply(moved, {"do": "next_turn"}))["current"] not in (first, second)


def test_the_players_view_never_reads_a_foes_figures_in_the_log_or_the_preview():
    """The GM's view logs a goblin's HT rolls and HP; the players' view and the preview the
    players' screen shows say what happened in words (HT 10 and HP 8 are the goblin's)."""
    state = fight(dict(GOBLINS, count=1, basic_speed=5), party=(KARA,))
    hit = {"do": "damage", "who": "f1", "damage": 14, **CR}  # 8 → −6 HP: a major wound
    assert "of 8 HP" in session.preview(state, hit)["lines"][0]
    assert not any("HP" in line and "8" in line for line in session.preview(state, hit, gm=False)["lines"])
    state = session.apply(state, hit, roll=dice(4, 4, 4))  # the major wound's HT roll: 12, stunned
    state = next_turns(state, 1, roll=dice(3, 3, 3))  # the goblin's turn: HT 10 at 0 HP or less, rolled 9
    gm_log = [entry["text"] for entry in session.view(state, gm=True)["log"]]
    players_log = [entry["text"] for entry in session.view(state)["log"]]
    assert any("HT 10" in line for line in gm_log)
    assert not any("HT 10" in line or "of 8 HP" in line for line in players_log), players_log
    assert any("Goblin" in line and "stays conscious" in line for line in players_log)
