"""The calculators a turn needs, linked from each combatant with their figures (issue 29): in
every game, for characters and foes, hurt or not, each link's inputs are ones its calculator
takes, and only the GM's view has them (a foe's figures are the GM's)."""

from __future__ import annotations

import pytest

from rulescore import calculate, derive, session, web

PARTY = {"bfrpg": {"strength": "16"}, "gurps": {"st": "12"}, "shell": {}}
FOES = {"bfrpg": [{"monster": "orc", "count": 2}], "gurps": [{"name": "Orc", "count": 2, "dr": 2}],
        "shell": [{"name": "Orc", "count": 2}]}
HURT = {"bfrpg": {"hp": 3}, "gurps": {"damage": 7, "type": "cutting"}, "shell": {"damage": 6}}


@pytest.mark.parametrize("system", sorted(PARTY))
def test_every_combatants_links_are_taken_by_their_calculators(system):
    party = [{"id": "p", "name": "Pat", "system": system, "fields": PARTY[system]}]
    state = session.apply(session.new(system, party), {"do": "fight", "foes": FOES[system]},
                          roll=lambda count, sides: [2] * count)
    for who in ("p", "f1"):
        state = session.apply(state, {"do": "damage", "who": who, **HURT[system]},
                              roll=lambda count, sides: [min(6, sides)] * count)
    combatants = session.view(state, gm=True)["fight"]["combatants"]
    assert all(one["calculators"] for one in combatants)
    for one in combatants:
        for link in one["calculators"]:
            answer = web.respond(link["id"], {name: str(value).lower() if isinstance(value, bool) else str(value)
                                              for name, value in link["inputs"].items()})
            assert answer["ok"], (one["name"], link, answer)
            assert calculate(link["id"], link["inputs"]).inputs  # the same through the Python API
    assert all(one["calculators"] == [] for one in session.view(state)["fight"]["combatants"])


def inputs(state, who, calc):
    combatant = next(c for c in session.view(state, gm=True)["fight"]["combatants"] if c["id"] == who)
    return next(link["inputs"] for link in combatant["calculators"] if link["id"] == calc)


def no_dice(count, sides):
    raise AssertionError(f"no roll expected, but {count}d{sides} was asked for")


def test_the_gurps_attack_link_takes_the_skill_this_turns_maneuver_evaluate_and_shock():
    party = [{"id": "k", "name": "Kara", "system": "gurps",
              "fields": {"st": "12", "dx": "13", "ht": "11", "weapon_skill": "15"}}]  # Speed 6: first
    state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [
        {"name": "Orc", "basic_speed": 5, "skill": 11}]}, roll=no_dice)
    assert inputs(state, "k", "gurps.melee_attack") == {"skill": 15, "maneuver": "attack", "evaluate_turns": 0,
                                                        "other_modifier": 0}
    state = session.apply(state, {"do": "maneuver", "who": "k", "maneuver": "evaluate", "target": "f1"})
    state = session.apply(state, {"do": "next_turn"}, roll=no_dice)
    state = session.apply(state, {"do": "maneuver", "who": "f1", "maneuver": "all_out_attack", "option": "double"})
    assert inputs(state, "f1", "gurps.melee_attack")["skill"] == 11
    assert inputs(state, "f1", "gurps.melee_attack")["maneuver"] == "all_out_double"
    state = session.apply(state, {"do": "damage", "who": "k", "damage": 3, "type": "crushing"}, roll=no_dice)
    state = session.apply(state, {"do": "next_turn"}, roll=no_dice)  # round 2, Kara's turn
    before_choosing = inputs(state, "k", "gurps.melee_attack")
    state = session.apply(state, {"do": "maneuver", "who": "k", "maneuver": "move_and_attack"})
    assert before_choosing == {"skill": 15, "maneuver": "attack", "evaluate_turns": 1, "other_modifier": -3}
    assert inputs(state, "k", "gurps.melee_attack") == {**before_choosing, "maneuver": "move_and_attack"}
    assert calculate("gurps.melee_attack", inputs(state, "k", "gurps.melee_attack"))["effective_skill"] == 9


def test_the_shell_attack_link_takes_at_and_this_turns_maneuver():
    party = [{"id": "s", "name": "Sef", "system": "shell", "fields": {"ag": "12", "combat_level": "4"}}]
    state = session.apply(session.new("shell", party), {"do": "fight", "foes": [{"name": "Rat", "ag": 8}]},
                          roll=no_dice)
    assert inputs(state, "s", "shell.modifiers") == {"attack_value": 5, "attacker_maneuver": "attack"}  # 4 + 1
    state = session.apply(state, {"do": "maneuver", "who": "s", "maneuver": "guard"})
    assert inputs(state, "s", "shell.modifiers") == {"attack_value": 5, "attacker_maneuver": "guard"}
    assert inputs(state, "f1", "shell.modifiers")["attack_value"] == 3 - 1  # the foe's default level 3, AG 8


def test_the_gurps_defences_link_takes_the_characters_load_skills_traits_and_all_out_defense():
    """Dodge from the link equals the sheet's at its load (the audit found 9 against the session's
    8: the load was left out); skills, the Dodge bonus, very tired and All-Out Defense follow."""
    fields = {"st": "10", "dx": "13", "ht": "11", "load_lb": "30", "weapon_skill": "14", "shield_skill": "13",
              "dodge_bonus": "1"}
    party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": fields}]  # Speed 6: first
    state = session.apply(session.new("gurps", party), {"do": "fight", "foes": [{"name": "Orc", "basic_speed": 5}]},
                          roll=no_dice)
    link = inputs(state, "k", "gurps.defense")
    assert {key: link[key] for key in ("encumbrance_level", "weapon_skill", "shield_skill", "dodge_bonus",
                                       "very_tired", "increased_defense")} == {
        "encumbrance_level": 1, "weapon_skill": 14, "shield_skill": 13, "dodge_bonus": 1, "very_tired": False,
        "increased_defense": "none"}
    sheet = derive("gurps", fields)
    assert calculate("gurps.defense", link)["dodge"] == sheet["dodge"] == 9  # 6 + 3 − 1 (Light) + 1
    state = session.apply(state, {"do": "maneuver", "who": "k", "maneuver": "all_out_defense",
                                  "option": "increased_parry"})
    state = session.apply(state, {"do": "fatigue", "who": "k", "fp": 8}, roll=no_dice)  # 3 of 11 FP: very tired
    link = inputs(state, "k", "gurps.defense")
    assert (link["increased_defense"], link["very_tired"]) == ("parry", True)
    assert inputs(state, "f1", "gurps.defense")["weapon_skill"] == 12  # a foe's attack skill, default 12
