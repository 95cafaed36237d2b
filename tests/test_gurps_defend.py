"""GURPS active defences in a fight (issue 29): what a defence changes, with fixed dice. An
All-Out Attack leaves no active defence until the attacker's next turn, a Move and Attack only
Dodge or Block; a defence spoils an Aim and calls for a concentrating fighter's Will − 3 roll."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session

KARA = {"id": "k", "name": "Kara", "system": "gurps", "fields": {"dx": "13", "ht": "12"}}


def fight():
    """Kara (Speed 6.25) acts first, then the orc (Speed 5)."""
    return session.apply(session.new("gurps", [KARA]), {"do": "fight", "foes": [{"name": "Orc"}]},
                         roll=lambda count, sides: [3] * count)


def maneuver(state, maneuver: str, **more):
    return session.apply(state, {"do": "maneuver", "who": "k", "maneuver": maneuver, **more})


def effects(state, who="k"):
    return {e["name"] for e in next(one for one in session.view(state, gm=True)["fight"]["combatants"]
                                    if one["id"] == who)["effects"]}


def test_no_active_defence_after_an_all_out_attack_and_no_parry_after_a_move_and_attack():
    state = session.apply(maneuver(fight(), "all_out_attack"), {"do": "next_turn"})
    for defence in ("dodge", "parry", "block"):
        with pytest.raises(RulesInputError, match="no active defence at all") as error:
            session.apply(state, {"do": "defend", "who": "k", "defence": defence})
        assert error.value.field == "defence"
    state = session.apply(maneuver(fight(), "move_and_attack"), {"do": "next_turn"})
    with pytest.raises(RulesInputError, match="may only Dodge or Block"):
        session.apply(state, {"do": "defend", "who": "k", "defence": "parry"})
    dodged = session.apply(state, {"do": "defend", "who": "k", "defence": "dodge"})
    assert session.view(dodged)["log"][-1]["text"] == "Kara defends: Dodge 9."  # its score (Speed 6 + 3)


def test_a_defence_spoils_an_aim():
    state = session.apply(maneuver(fight(), "aim", target="f1"), {"do": "next_turn"})
    assert "Aim" in effects(state)
    defended = session.apply(state, {"do": "defend", "who": "k", "defence": "dodge"})
    assert "Aim" not in effects(defended)
    assert session.view(defended)["log"][-1]["text"] == "Kara's aim is spoiled by the active defence."


@pytest.mark.parametrize("faces, kept", [([3, 3, 1], True), ([6, 6, 6], False)])  # Will 10 − 3 = 7
def test_defending_while_concentrating_calls_for_will_minus_3(faces, kept):
    state = session.apply(maneuver(fight(), "concentrate"), {"do": "next_turn"})
    defended = session.apply(state, {"do": "defend", "who": "k", "defence": "dodge"},
                             roll=lambda count, sides: faces)
    assert ("Concentrate" in effects(defended)) is kept
    assert "Will − 3 = 7" in session.view(defended)["log"][-1]["text"]


def test_a_defence_outside_a_fight_or_by_someone_out_is_refused():
    with pytest.raises(RulesInputError, match="no fight going on"):
        session.apply(session.new("gurps", [KARA]), {"do": "defend", "who": "k"})
    down = session.apply(fight(), {"do": "damage", "who": "f1", "damage": 200, "type": "crushing"},
                         roll=lambda count, sides: [6] * count)
    with pytest.raises(RulesInputError) as error:
        session.apply(down, {"do": "defend", "who": "f1"})
    assert error.value.field == "who"


def test_at_0_fp_a_fighter_is_due_a_will_roll_to_act():
    tired = session.apply(session.new("gurps", [KARA]), {"do": "fatigue", "who": "k", "fp": 12})
    state = session.apply(tired, {"do": "fight", "foes": [{"name": "Orc"}]}, roll=lambda count, sides: [3] * count)
    assert any(line.startswith("Kara: at 0 FP or less, a Will roll") for line in session.view(state, gm=True)["due"])
    rested = session.apply(session.new("gurps", [KARA]), {"do": "fight", "foes": [{"name": "Orc"}]},
                           roll=lambda count, sides: [3] * count)
    assert not any("Will roll" in line for line in session.view(rested, gm=True)["due"])
