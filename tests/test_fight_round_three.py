"""Issue 34: a fight on a tablet. What the page reads to offer only what will be accepted, and
the lines a fight's actions log (rulescore/fight_view.py, rulescore/form_specs.py,
rulescore/gurps/defend.py, rulescore/gurps/wounds.py and the games' fight.py).
"""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session
from tests.test_session import dice, no_dice


def pc(system, ident, name, **fields):
    return {"id": ident, "name": name, "system": system, "fields": fields}


KARA = pc("gurps", "kara", "Kara", st=12, dx=13, ht=11)  # Speed 6, Dodge 9, HP 12
LEE = pc("gurps", "lee", "Lee", dx=13, ht=11)  # Speed 6, HP 10
GOBLINS = {"name": "Goblin", "count": 2, "basic_speed": 6, "dx": 12, "hp": 8, "ht": 10}


def gurps_fight(*foes, party=(KARA, LEE), roll=no_dice, **options):
    return session.apply(session.new("gurps", list(party)), {"do": "fight", "foes": list(foes), **options}, roll=roll)


def shown(state, gm=True):
    return session.view(state, gm=gm)["fight"]


def one(state, who, gm=True):
    return next(c for c in shown(state, gm)["combatants"] if c["id"] == who)


def form(system, action_id):
    return next(entry for entry in session.actions(system) if entry["id"] == action_id)


def field(system, action_id, name):
    return next(spec for spec in form(system, action_id)["fields"] if spec["name"] == name)


def next_turns(state, count, roll=no_dice):
    for _ in range(count):
        state = session.apply(state, {"do": "next_turn"}, roll=roll)
    return state


# --------------------------------------------------------------------------- 1. the active defence's preview

def test_a_defence_previews_as_the_defence_and_its_score_never_a_maneuver():
    state = gurps_fight(GOBLINS, roll=dice(2, 5))  # Lee, Kara, goblin 1, goblin 2
    lines = session.preview(state, {"do": "defend", "who": "kara", "defence": "dodge"})["lines"]
    assert lines == ["Kara defends: Dodge 9."]  # Speed (13 + 11) / 4 = 6, + 3
    assert session.preview(state, {"do": "defend", "who": "kara", "defence": "parry"})["lines"] == [
        "Kara defends: Parry 9."]  # 3 + weapon skill 12 / 2
    # A foe's score is the GM's: the players read the defence alone.
    assert session.preview(state, {"do": "defend", "who": "f1", "defence": "dodge"})["lines"] == [
        "Goblin 1 defends: Dodge 9."]
    assert session.preview(state, {"do": "defend", "who": "f1", "defence": "dodge"}, gm=False)["lines"] == [
        "Goblin 1 defends: Dodge."]
    assert "Do Nothing" not in " ".join(lines)


def test_the_defence_score_counts_a_stun_reeling_all_out_defense_and_a_foes_own_dodge():
    state = gurps_fight(GOBLINS, {"name": "Ogre", "dodge": 7}, roll=dice(2, 5))  # Lee first
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_defense"})
    assert session.preview(state, {"do": "defend", "who": "lee", "defence": "dodge"})["lines"] == [
        "Lee defends: Dodge 11 (+2: All-Out Defense)."]
    hurt = session.apply(state, {"do": "damage", "who": "kara", "damage": 9, "type": "crushing", "torso": False})
    assert session.preview(hurt, {"do": "defend", "who": "kara", "defence": "dodge"})["lines"] == [
        "Kara defends: Dodge 5 (halved: reeling)."]  # 3 of 12 HP
    assert session.preview(state, {"do": "defend", "who": "f3", "defence": "dodge"})["lines"] == [
        "Ogre defends: Dodge 7."]  # its Dodge as given, not Speed 5 + 3
    assert session.preview(state, {"do": "defend", "who": "f3", "defence": "block"})["lines"] == [
        "Ogre defends: Block (no Block score: no Shield or Cloak skill on record)."]


# --------------------------------------------------------------------------- 2. the maneuvers open now

def test_the_view_names_the_maneuvers_the_current_fighter_may_choose_and_only_those_are_taken():
    everything = field("gurps", "maneuver", "maneuver")["choices"]
    state = gurps_fight(GOBLINS, roll=dice(2, 5))  # Lee first
    assert shown(state)["maneuvers_open"] == everything
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "attack"})
    assert shown(state)["maneuvers_open"] == everything  # a change of mind replaces the Attack
    for maneuver, target in (("aim", "f1"), ("evaluate", "f1"), ("feint", "f2")):
        changed = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": maneuver, "target": target})
        assert one(changed, "lee")["maneuver"] == maneuver
    surprised = gurps_fight(GOBLINS, roll=dice(2, 5), surprised="party")
    assert shown(surprised)["maneuvers_open"] == ["do_nothing"]
    for maneuver in everything:
        action = {"do": "maneuver", "who": "lee", "maneuver": maneuver}
        if maneuver in shown(surprised)["maneuvers_open"]:
            session.apply(surprised, action)
        else:
            with pytest.raises(RulesInputError) as refused:
                session.apply(surprised, action)
            assert refused.value.message == "Maneuver: Lee is surprised and must Do Nothing."


def test_a_stunned_fighter_may_only_do_nothing_and_a_game_without_maneuvers_opens_none():
    state = gurps_fight(GOBLINS, roll=dice(2, 5))
    stunned = session.apply(state, {"do": "damage", "who": "lee", "damage": 6, "type": "crushing"},
                            roll=dice(4, 4, 4))  # a major wound: HT 11 rolled 12, failed by 1: stunned
    assert shown(stunned)["maneuvers_open"] == ["do_nothing"]
    assert one(stunned, "lee")["maneuver_default"] == "do_nothing"
    ana = pc("bfrpg", "ana", "Ana")
    bfrpg = session.apply(session.new("bfrpg", [ana]), {"do": "fight", "surprise": "none", "foes": [
        {"name": "Orc", "hp": 5}]}, roll=dice(3, 2))
    assert shown(bfrpg)["maneuvers_open"] == [] and one(bfrpg, "ana")["maneuver_default"] is None


# --------------------------------------------------------------------------- 3. fields shown for some maneuvers

def test_each_maneuver_option_says_which_maneuvers_it_is_for_and_the_rules_agree():
    assert "shown_when" not in field("gurps", "maneuver", "maneuver")
    option, target, margin = (field("gurps", "maneuver", name) for name in ("option", "target", "margin"))
    assert option["shown_when"] == {"maneuver": ["all_out_attack", "all_out_defense"]}
    assert option["choices_when"]["maneuver"]["all_out_defense"] == [
        "increased_dodge", "increased_parry", "increased_block", "double_defense"]
    assert target["shown_when"] == {"maneuver": ["aim", "evaluate", "feint", "all_out_attack"]}
    assert margin["shown_when"] == {"maneuver": ["feint", "all_out_attack"]}  # All-Out Attack: its Feint option
    state = gurps_fight(GOBLINS, roll=dice(2, 5))
    values = {"target": "f1", "margin": 2}
    for maneuver in field("gurps", "maneuver", "maneuver")["choices"]:
        for spec in (option, target, margin):
            choices = spec.get("choices_when", {}).get("maneuver", {}).get(maneuver, [])
            value = choices[-1] if choices else values.get(spec["name"], "strong")
            action = {"do": "maneuver", "who": "lee", "maneuver": maneuver, spec["name"]: value}
            if (maneuver, spec["name"]) == ("all_out_attack", "margin"):
                with pytest.raises(RulesInputError):  # a margin only with the Feint option
                    session.apply(state, action)
                action["option"] = "feint"
            if maneuver in spec["shown_when"]["maneuver"]:
                session.apply(state, action)
            else:
                with pytest.raises(RulesInputError):
                    session.apply(state, action)


# ------------------------------------------------------------------ 4, 5. where the form starts; this round's only

def test_the_form_starts_on_the_last_maneuver_or_attack_and_a_new_round_shows_none_chosen_yet():
    state = gurps_fight(GOBLINS, roll=dice(2, 5))  # Lee, Kara, goblin 1, goblin 2
    assert [c["maneuver_default"] for c in shown(state)["combatants"]] == ["attack"] * 4
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "all_out_defense"})
    lee = one(state, "lee")
    assert (lee["maneuver"], lee["maneuver_name"], lee["maneuver_default"]) == (
        "all_out_defense", "All-Out Defense", "all_out_defense")
    state = next_turns(state, 4)  # round 2, Lee's turn: nothing chosen this round yet
    lee = one(state, "lee")
    assert shown(state)["round"] == 2 and shown(state)["current"] == "lee"
    assert (lee["maneuver"], lee["maneuver_name"]) == (None, None)
    assert lee["maneuver_last_round"] == "all_out_defense" and lee["maneuver_default"] == "all_out_defense"
    state = session.apply(state, {"do": "maneuver", "who": "lee", "maneuver": "move"})
    assert (one(state, "lee")["maneuver"], one(state, "lee")["maneuver_last_round"]) == ("move", "all_out_defense")


# --------------------------------------------------------------------------- 6. reeling, said once

def test_the_fight_and_the_party_agree_that_someone_at_minus_1_hp_is_reeling():
    state = gurps_fight(GOBLINS, roll=dice(2, 5))
    hurt = session.apply(state, {"do": "damage", "who": "kara", "damage": 13, "type": "crushing", "torso": False})
    kara = next(c for c in session.view(hurt)["characters"] if c["id"] == "kara")
    assert kara["hp"] == -1 and "reeling: Move and Dodge halved" in [e["text"] for e in kara["effects"]]
    fought = {e["name"]: e for e in one(hurt, "kara")["effects"]}
    assert "0 HP or less" in fought and fought["Reeling"]["text"] == "Move and Dodge halved"


# --------------------------------------------------------------------------- 7. healing the unconscious

def test_healing_someone_unconscious_never_says_they_are_still_in_the_fight():
    state = session.new("gurps", [KARA])
    state = session.apply(state, {"do": "damage", "who": "kara", "damage": 9, "type": "crushing"},
                          roll=dice(6, 5, 5))  # 12 → 3: a major wound, HT 11 rolled 16: knocked out
    assert session.view(state)["characters"][0]["condition"] == "unconscious"
    healed = session.apply(state, {"do": "heal", "who": "kara", "hp": 5, "how": "first aid"})
    line = session.view(healed)["log"][-1]["text"]
    assert line == "Kara gets 5 HP back (first aid): 8 of 12 HP (still unconscious)."
    awake = session.apply(session.new("gurps", [KARA]), {"do": "damage", "who": "kara", "damage": 4,
                                                          "type": "crushing"})
    line = session.view(session.apply(awake, {"do": "heal", "who": "kara", "hp": 1}))["log"][-1]["text"]
    assert line.endswith("(hurt, still in the fight).")


# --------------------------------------------------------------------------- 8. the fallen roll no initiative

def test_a_group_all_fallen_rolls_no_initiative_and_the_fallen_are_marked_out():
    ana = pc("bfrpg", "ana", "Ana")
    state = session.apply(session.new("bfrpg", [ana]), {"do": "fight", "surprise": "none", "foes": [
        {"name": "Goblin", "count": 2, "hp": 3}, {"name": "Orc", "hp": 8, "morale": 12}]},  # no morale roll
        roll=dice(4, 3, 2))  # initiative: Ana, the goblins, the orc
    state = session.apply(state, {"do": "damage", "who": "f1", "hp": 3})
    state = session.apply(state, {"do": "damage", "who": "f2", "hp": 5})
    assert [c["out"] for c in shown(state)["combatants"]] == [False, True, True, False]
    state = next_turns(state, 1)  # Ana's turn ends; the goblins are passed over; the orc's turn
    state = next_turns(state, 1, roll=dice(5, 6))  # round 2: Ana and the orc roll, the goblins do not
    log = session.view(state, gm=True)["log"]
    assert "Initiative (1d6 + Dexterity bonus): Ana 5, Orc 6." in [entry["text"] for entry in log]
    fight = shown(state)
    assert fight["order"] == ["f3", "ana", "f1", "f2"] and fight["current"] == "f3"
    goblin = one(state, "f1")
    assert goblin["out"] and goblin["initiative"] is None and goblin["together"] == []


# --------------------------------------------------------------------------- 9. a monster's figures; a foe's DR

def test_a_monster_picked_from_the_list_carries_the_figures_its_row_takes():
    foes = field("bfrpg", "fight", "foes")
    monster = next(spec for spec in foes["fields"] if spec["name"] == "monster")
    figures = monster["choice_figures"]
    assert set(figures) == set(monster["choices"]) - {""}
    ana = pc("bfrpg", "ana", "Ana")
    for key in ("goblin", "bugbear", "bat"):
        state = session.apply(session.new("bfrpg", [ana]), {"do": "fight", "surprise": "none", "foes": [
            {"monster": key}]}, roll=lambda count, sides: [1] * count)
        foe = one(state, "f1")
        row = figures[key]
        assert (monster["choice_labels"][key], row["hit_dice"], row["ac"], row["attack_bonus"], row["morale"]) == (
            foe["name"], foe["hit_dice"], foe["ac"], foe["attack_bonus"], foe["morale"])
        assert (row["movement"], row["attacks"]) == (foe["movement"], foe["attacks"])
    assert figures["goblin"]["ac"] == 14 and figures["goblin"]["hit_dice"] == "1-1"


def test_damage_to_a_gurps_foe_starts_on_its_own_dr_and_the_preview_says_it():
    dr = field("gurps", "damage_foe", "dr")
    assert dr["default"] == "" and "foe's own DR" in dr["help"]
    state = gurps_fight({**GOBLINS, "dr": 3}, roll=dice(2, 5))
    assert one(state, "f1")["dr"] == 3 and "DR 3" in one(state, "f1")["figures"]
    for blank in ({}, {"dr": ""}):  # the form's DR left blank
        lines = session.preview(state, {"do": "damage", "who": "f1", "damage": 5, "type": "crushing", **blank})
        assert lines["lines"][0].startswith("Goblin 1 takes 2 penetrating damage (DR 3): 2 HP of injury")
    lines = session.preview(state, {"do": "damage", "who": "f1", "damage": 5, "type": "crushing", "dr": 0})
    assert lines["lines"][0].startswith("Goblin 1 takes 5 penetrating damage (DR 0)")


def test_damage_to_a_shell_foe_says_its_natural_dr_in_the_gms_line():
    orla = pc("shell", "orla", "Orla")
    state = session.apply(session.new("shell", [orla]), {"do": "fight", "foes": [
        {"name": "Troll", "natural_dr": 2, "ag": 14}]})
    action = {"do": "damage", "who": "f1", "damage": 6, "type": "crushing", "location": "torso"}
    assert "(natural DR 2)" in session.preview(state, action)["lines"][0]
    assert "natural DR" not in session.preview(state, action, gm=False)["lines"][0]
