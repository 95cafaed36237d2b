"""Issue 34: every figure of a foe editable during the fight (``{"do": "edit_foe"}``): the new
figure is the one the next action reads, the wounds stay, the GM's view gives the figures the form
starts on and the players' view none, undo takes the change back, bad input is refused by field."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session

GURPS_PARTY = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"st": 10}}]


def ones(count, sides):
    return [1] * count


def gurps_fight():
    return session.apply(session.new("gurps", GURPS_PARTY), {"do": "fight", "foes": [{"name": "Orc", "dr": 1}]})


def test_a_gurps_foes_dr_changed_mid_fight_is_the_dr_its_next_damage_goes_through():
    state = gurps_fight()
    hurt = session.apply(state, {"do": "damage", "who": "f1", "damage": 7, "type": "crushing"})
    assert hurt["fight"]["combatants"]["f1"]["hp_lost"] == 6  # 7 − DR 1
    changed = session.apply(hurt, {"do": "edit_foe", "who": "f1", "dr": 4, "hp": 15})
    orc = changed["fight"]["combatants"]["f1"]
    shock = hurt["fight"]["combatants"]["f1"]["shock"]
    assert (orc["dr"], orc["hp"], orc["hp_lost"], orc["shock"]) == (4, 15, 6, shock)
    again = session.apply(changed, {"do": "damage", "who": "f1", "damage": 7, "type": "crushing"})
    assert again["fight"]["combatants"]["f1"]["hp_lost"] == 6 + 3  # 7 − DR 4
    assert session.view(changed, gm=True)["log"][-1]["text"] == "Orc’s figures changed: HP 10 → 15, DR 1 → 4."
    assert session.view(changed)["log"][-1]["text"] == "The GM changed Orc’s figures."
    assert session.undo(changed)["fight"] == hurt["fight"]


def test_the_gm_view_gives_each_foes_figures_as_the_form_takes_them_and_the_players_view_none():
    state = session.apply(gurps_fight(), {"do": "edit_foe", "who": "f1", "weapon": "Axe", "damage": "2d cut",
                                          "parry": 9, "name": "Orc chief"})
    gm = {one["id"]: one for one in session.view(state, gm=True)["fight"]["combatants"]}
    assert gm["f1"]["foe_row"]["dr"] == 1 and gm["f1"]["foe_row"]["parry"] == 9
    assert gm["f1"]["foe_row"]["name"] == gm["f1"]["name"] == "Orc chief"
    assert "foe_row" not in gm["k"]
    players = session.view(state)["fight"]["combatants"]
    assert all("foe_row" not in one for one in players)
    assert session.view(state)["log"][-1]["text"] == "The GM changed Orc’s figures. Orc is now called Orc chief."
    form = next(entry for entry in session.actions("gurps") if entry["id"] == "edit_foe")
    assert [field["name"] for field in form["fields"]][:3] == ["who", "name", "hp"]
    assert all(field.get("figure_of") == "who" for field in form["fields"][1:])


def test_the_attack_after_the_change_uses_the_new_weapon():
    state = session.apply(gurps_fight(), {"do": "edit_foe", "who": "f1", "skill": 15, "damage": "1d+2 cut",
                                          "weapon": "Axe"})
    while session.view(state, gm=True)["fight"]["current"] != "f1":
        state = session.apply(state, {"do": "next_turn"}, roll=ones)
    preview = session.preview(state, {"do": "attack", "who": "f1", "target": "k"})["attack"]
    assert preview["to_hit"]["skill"] == 15 and preview["damage"]["dice"] == "1d+2 cut"


def test_a_basic_fantasy_monster_keeps_its_damage_taken_and_its_attacks_names():
    party = [{"id": "b", "name": "Bo", "system": "bfrpg", "fields": {"hp": 20}}]
    state = session.apply(session.new("bfrpg", party), {"do": "fight", "surprise": "none",
                                                         "foes": [{"monster": "bugbear", "hp": 12}]}, roll=ones)
    state = session.apply(state, {"do": "damage", "who": "f1", "hp": 5})
    assert state["fight"]["combatants"]["f1"]["hp"] == 7
    changed = session.apply(state, {"do": "edit_foe", "who": "f1", "hp": 20, "ac": 13, "damage": "2d6"})
    bugbear = changed["fight"]["combatants"]["f1"]
    assert (bugbear["hp"], bugbear["max_hp"], bugbear["ac"]) == (15, 20, 13)
    assert [(one["name"], one["damage"]) for one in bugbear["routine"]] == [("weapon", "2d6")]
    unchanged_damage = session.apply(state, {"do": "edit_foe", "who": "f1", "morale": 12})["fight"]["combatants"]["f1"]
    assert unchanged_damage["routine"] == state["fight"]["combatants"]["f1"]["routine"]


def test_a_shell_foes_shield_reads_by_its_label_in_the_log():
    party = [{"id": "s", "name": "Sal", "system": "shell", "fields": {}}]
    state = session.apply(session.new("shell", party), {"do": "fight", "foes": [{"name": "Thug"}]}, roll=ones)
    changed = session.apply(state, {"do": "edit_foe", "who": "f1", "pr": "2", "dr": 3})
    assert changed["fight"]["combatants"]["f1"]["pr"] == 2
    assert session.view(changed, gm=True)["log"][-1]["text"] == (
        "Thug’s figures changed: Armour DR 0 → 3, Shield No shield (or an attack aimed at the weapon) → Medium shield "
        "(PR 2).")


@pytest.mark.parametrize(("action", "field", "words"), [
    ({"who": "f1"}, "who", "give at least one figure"),
    ({"who": "f1", "dr": 1}, "who", "nothing was changed"),
    ({"who": "f1", "dr": "lots"}, "dr", "DR: received"),
    ({"who": "f1", "count": 3}, "count", "takes no"),
    ({"who": "k", "dr": 2}, "who", "not a foe in the fight"),
    ({"who": "f1", "damage": "sw+2 cut"}, "damage", "in dice"),
    ({"who": "f1", "name": " "}, "name", "Name"),
])
def test_a_bad_change_is_refused_by_field_and_changes_nothing(action, field, words):
    state = gurps_fight()
    with pytest.raises(RulesInputError) as refused:
        session.apply(state, {"do": "edit_foe", **action})
    assert refused.value.field == field and words in refused.value.message


def test_no_change_of_figures_outside_a_fight():
    state = session.new("gurps", GURPS_PARTY)
    assert "edit_foe" not in session.view(state, gm=True)["actions_now"]
    with pytest.raises(RulesInputError) as refused:
        session.apply(state, {"do": "edit_foe", "who": "f1", "dr": 2})
    assert refused.value.field == "do"
