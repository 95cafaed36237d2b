"""Issue 34, Basic Fantasy and SHELL: weapons on the sheet, foes' attacks, and the attack as one
action of the session (to hit, damage, the wound by the damage action), with fixed dice.

BFRPG (../shared/facts, "Combat encounters" and "Weapons and damage"): 1d20 + attack bonus +
Strength (melee) or Dexterity (thrown, missile) + adjustments against AC, natural 1 and 20; damage
+ Strength (melee, thrown) + magic, doubled charging, halved subduing, at least 1. SHELL (the
text's COMBAT and DAMAGE): 2d10 + AT − DEF, 8 or less a miss, 9–11 defended, to 11 + PR the
shield, past it the defender, damage by hit location past the armour there.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulescore import RulesInputError, character_fields, derive, import_character, session, table
from rulescore.bfrpg.routines import routine, with_damage
from rulescore.bfrpg.weapons import WEAPONS, find_weapon, hit_damage
from rulescore.shell.arms import read_damage
from tests.test_import import FIXTURES
from tests.test_session import _anchors


def faces(*rolled):
    """A roll callback handing out the faces given, in order, as each die is asked for."""
    left = list(rolled)

    def roll(count, sides):
        taken, left[:] = left[:count], left[count:]
        return taken  # the session checks the faces
    return roll


def last(state, gm=True):
    return session.view(state, gm=gm)["log"][-1]["text"]


# --------------------------------------------------------------------------- Basic Fantasy

ANA = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {
    "strength": 16, "dexterity": 13, "ac": 13, "hp": 20, "weapons": [
        {"name": "Longsword", "damage": "1d8", "magic": 1}, {"name": "Shortbow", "damage": "1d6", "kind": "missile"},
        {"name": "Dagger", "damage": "1d4", "kind": "thrown"}]}}
WEAK = {"id": "wil", "name": "Wil", "system": "bfrpg", "fields": {"strength": 3, "hp": 6, "weapons": [
    {"name": "Club", "damage": "1d4"}]}}


def bfrpg_fight(party=(ANA,), foes=({"name": "Orc", "hp": 30, "ac": 12, "morale": 12},)):
    """Nobody surprised; initiative and hit points as the foes' rows give them (1s for the rest)."""
    return session.apply(session.new("bfrpg", list(party)), {"do": "fight", "surprise": "none", "foes": list(foes)},
                         roll=lambda count, sides: [1] * count)


def test_a_character_hits_with_a_weapon_from_their_sheet_and_the_damage_is_taken_off_in_one_action():
    state = bfrpg_fight()
    after = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0}, roll=faces(9, 5))
    # +1 attack bonus, +2 Strength 16, +1 magic; 1d8 + 2 Strength + 1 magic
    assert last(after) == ("Ana attacks Orc with Longsword: 1d20 9 + 4 = 13 against AC 12: a hit; 1d8+3 rolled 5 + 3 "
                           "= 8 damage. Orc takes 8 damage: 22 of 30 HP.")
    assert last(after, gm=False) == ("Ana attacks Orc with Longsword: 1d20 9 + 4 = 13: a hit; 1d8+3 rolled 5 + 3 = 8 "
                                     "damage. Orc takes 8 damage.")
    assert len(after["done"]) == len(state["done"]) + 1 and len(after["log"]) == len(state["log"]) + 1
    assert after["done"][-1]["dice"] == [[1, 20, [9]], [1, 8, [5]]]
    assert session.undo(after)["fight"] == state["fight"] and session.undo(after)["log"] == state["log"]
    # The weapon by its name, any case, works the same.
    by_name = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": "LONGSWORD"},
                            roll=faces(9, 5))
    assert last(by_name) == last(after)


@pytest.mark.parametrize("weapon, extra, added, damage", [
    (0, {}, 4, "1d8+3"),  # melee: Strength +2 to hit and to damage, magic +1 both
    (1, {"range": "medium"}, 2, "1d6"),  # missile: Dexterity +1 to hit, no Strength to damage
    (2, {"range": "medium"}, 2, "1d4+2"),  # thrown: Dexterity to hit, Strength to damage
    (1, {"range": "short"}, 3, "1d6"), (1, {"range": "long"}, 0, "1d6"), (1, {"range": "within_5_ft"}, -3, "1d6"),
    (0, {"from_behind": True}, 6, "1d8+3"), (0, {"charge": True}, 6, "1d8+3"), (0, {"subdue": True}, 0, "1d8+3"),
    (0, {"other_modifier": -3}, 1, "1d8+3"), (0, {"ac": 20}, 4, "1d8+3"),
])
def test_each_ability_bonus_modifier_and_magic_reaches_the_roll(weapon, extra, added, damage):
    state = bfrpg_fight()
    action = {"do": "attack", "who": "ana", "target": "f1", "weapon": weapon, **extra}
    shown = session.preview(state, action)["attack"]
    ac = extra.get("ac", 12)
    assert shown["to_hit"]["needed"] == min(max(ac - added, 2), 20)
    hits = sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + added >= ac))
    assert shown["to_hit"]["chance"] == float(Fraction(hits, 20))
    assert shown["damage"]["dice"] == damage.replace("-", "−")
    rolled = session.apply(state, action, roll=faces(10, 1))
    sign = "+" if added >= 0 else "−"
    assert f"1d20 10 {sign} {abs(added)} = {10 + added} against AC {ac}" in last(rolled)


def test_a_melee_weapon_the_table_says_may_be_thrown_is_thrown_at_a_range():
    knife = {**ANA, "fields": {**ANA["fields"], "weapons": [{"name": "Dagger", "damage": "1d4"}]}}
    state = bfrpg_fight((knife,))
    thrown = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0, "range": "short"},
                           roll=faces(10, 2))
    # Dexterity +1 and short range +1 to hit; Strength +2 to damage, as a thrown weapon.
    assert "1d20 10 + 3 = 13 against AC 12: a hit; 1d4+2 rolled 2 + 2 = 4 damage." in last(thrown)


def test_a_charge_doubles_subduing_halves_and_a_hit_does_at_least_1():
    state = bfrpg_fight()
    charged = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0, "charge": True},
                            roll=faces(10, 4))
    assert "1d8+3 rolled 4 + 3 = 7 (doubled for the charge, at least 1): 14 damage. Orc takes 14 damage" in \
        last(charged)
    subdued = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0, "subdue": True},
                            roll=faces(19, 4))
    assert "1d8+3 rolled 4 + 3 = 7 (halved for subduing, at least 1): 3 damage." in last(subdued)
    assert session.view(subdued, gm=True)["fight"]["combatants"][1]["hp"] == 27
    weak = bfrpg_fight((WEAK,))
    hit = session.apply(weak, {"do": "attack", "who": "wil", "target": "f1", "weapon": 0}, roll=faces(20, 1))
    assert "(a natural 20): a hit; 1d4−3 rolled 1 − 3 = −2" in last(hit) and ": 1 damage. Orc takes 1 damage" in \
        last(hit)
    assert [hit_damage(7, charge=True), hit_damage(7, subdue=True), hit_damage(7, True, True), hit_damage(0)] == \
        [14, 3, 7, 1]


def test_subduing_a_foe_to_0_knocks_it_out_and_the_naturals_decide():
    state = bfrpg_fight(foes=({"name": "Orc", "hp": 3, "ac": 30, "morale": 12},))
    missed = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0}, roll=faces(19))
    assert last(missed).endswith("= 23 against AC 30: a miss.")
    natural = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0, "subdue": True},
                            roll=faces(20, 8))
    assert "(a natural 20): a hit" in last(natural) and "unconscious" in last(natural, gm=False)
    easy = bfrpg_fight(foes=({"name": "Orc", "hp": 3, "ac": 2, "morale": 12},))
    fumbled = session.apply(easy, {"do": "attack", "who": "ana", "target": "f1", "weapon": 0}, roll=faces(1))
    assert last(fumbled).endswith("(a natural 1): a miss.")


def test_a_monster_makes_its_whole_routine_in_one_action_each_attack_its_own_roll():
    state = bfrpg_fight(foes=({"monster": "bear_black", "hp": 20},))
    before = json.loads(json.dumps(state))
    shown = session.preview(state, {"do": "attack", "who": "f1", "target": "ana"})["attack"]
    assert [(one["name"], one["damage"]["dice"]) for one in shown["routine"]] == \
        [("claw", "1d4"), ("claw", "1d4"), ("bite", "1d6")]
    # The hug is its own roll after the routine (rules version 2): the bite no longer carries it.
    assert shown["to_hit"]["needed"] == 13 - 4 and shown["routine"][2]["note"] == ""
    assert shown["hug"] == {"dice": "2d6", "when": "both claws hit the target"}
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(15, 3, 2, 12, 6))
    assert state == before  # apply never changes its argument
    assert last(after) == ("Bear, Black attacks Ana: claw: 1d20 15 + 4 = 19 against AC 13: a hit; 1d4 rolled 3 "
                           "damage. Ana takes 3 damage: 17 of 20 HP. claw: 1d20 2 + 4 = 6 against AC 13: a miss. "
                           "bite: 1d20 12 + 4 = 16 against AC 13: a hit; 1d6 rolled 6 damage. Ana takes "
                           "6 damage: 11 of 20 HP.")  # one claw missed: no hug
    assert last(after, gm=False).startswith("Bear, Black attacks Ana: claw: 1d20 rolled 15 against AC 13: a hit; 3 "
                                            "damage.")
    assert len(after["done"]) == len(state["done"]) + 1 and session.undo(after)["characters"] == state["characters"]
    # One attack named: that one alone.
    bite = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "weapon": "bite"}, roll=faces(12, 6))
    assert last(bite).startswith("Bear, Black attacks Ana (bite): 1d20 12 + 4 = 16")


def test_a_routine_stops_once_its_target_is_down():
    frail = {**ANA, "fields": {**ANA["fields"], "hp": 2}}
    state = bfrpg_fight((frail,), ({"monster": "bear_black", "hp": 20},))
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(15, 4))
    assert "Ana is down: the rest of the attacks go unmade." in last(after)
    assert after["done"][-1]["dice"] == [[1, 20, [15]], [1, 4, [4]]]


def test_a_foe_row_takes_typed_damage_and_a_line_without_dice_is_the_gms():
    typed = bfrpg_fight(foes=({"name": "Brute", "hp": 9, "damage": "1d4/2d6", "morale": 12},))
    attacks = [one["name"] for one in session.view(typed, gm=True)["fight"]["combatants"][1]["weapons"]]
    assert attacks == ["attack 1", "attack 2"]
    hit = session.apply(typed, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(18, 2, 18, 3, 4))
    assert "attack 2: 1d20 18 + 1 = 19 against AC 13: a hit; 2d6 rolled 3 + 4 = 7 damage." in last(hit)
    # The monster's own dice in its row, changed by the GM: names kept, dice replaced.
    bigger = bfrpg_fight(foes=({"monster": "bear_black", "hp": 9, "damage": "1d6/1d6/2d6"},))
    assert [one["damage"] for one in session.view(bigger, gm=True)["fight"]["combatants"][1]["weapons"]] == \
        ["1d6", "1d6", "2d6"]
    gaze = bfrpg_fight(foes=({"monster": "basilisk_common", "hp": 9},))
    looked = session.apply(gaze, {"do": "attack", "who": "f1", "target": "ana", "weapon": "gaze"}, roll=faces(18))
    assert last(looked).endswith("a hit (petrification): the GM decides what it does and enters any damage with "
                                 "Damage. Ana meets the gaze: a save vs. Petrify, or Ana is turned to stone.")
    entered = session.apply(gaze, {"do": "attack", "who": "f1", "target": "ana", "weapon": "gaze", "damage": 5},
                            roll=faces(18))
    assert "5 damage (as entered). Ana takes 5 damage: 15 of 20 HP." in last(entered)
    with pytest.raises(RulesInputError) as error:
        bfrpg_fight(foes=({"name": "Brute", "damage": "a lot"},))
    assert error.value.field == "damage" and "“a lot”" in error.value.message


def test_without_a_weapon_the_attack_still_rolls_to_hit_only_as_before():
    state = bfrpg_fight()
    to_hit = session.apply(state, {"do": "attack", "who": "ana", "target": "f1"}, roll=faces(11))
    assert last(to_hit) == ("Ana attacks Orc: 1d20 11 + 3 = 14 against AC 12: a hit: roll the damage, at least 1 "
                            "point, and enter it with Damage.")
    assert session.preview(state, {"do": "attack", "who": "ana", "target": "f1"})["attack"]["damage"] is None
    typed = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "damage": 6}, roll=faces(11))
    assert "a hit; 6 damage (as entered). Orc takes 6 damage: 24 of 30 HP." in last(typed)


@pytest.mark.parametrize("action, field, words", [
    ({"who": "ana", "target": "f1", "weapon": 7}, "weapon", "Ana has no weapon number 7; choose 0 (Longsword)"),
    ({"who": "ana", "target": "f1", "weapon": "Axe"}, "weapon", "Ana has no weapon “Axe”"),
    ({"who": "ana", "target": "f1", "weapon": 1}, "range", "Ana's Shortbow is a missile weapon: choose its range"),
    ({"who": "ana", "target": "f1", "weapon": 0, "range": "short"}, "range", "Longsword is a melee weapon"),
    ({"who": "ana", "target": "ana", "weapon": 0}, "target", "Ana cannot attack themselves"),
    ({"who": "f1", "target": "ana", "weapon": "claw"}, "weapon", "Orc has no weapon “claw”"),
    ({"who": "ana", "target": "f1", "damage": -1}, "damage", "Damage (typed)"),
])
def test_bad_attacks_are_refused_by_field_and_change_nothing(action, field, words):
    state = bfrpg_fight()
    before = json.loads(json.dumps(state))
    for attempt in (lambda: session.apply(state, {"do": "attack", **action}, roll=faces(10, 5)),
                    lambda: session.preview(state, {"do": "attack", **action})):
        with pytest.raises(RulesInputError) as error:
            attempt()
        assert error.value.field == field and words in error.value.message, error.value.message
    assert state == before


def test_attackers_and_targets_out_of_the_fight_and_wrong_dice_are_refused():
    state = bfrpg_fight(foes=({"name": "Orc", "hp": 3, "ac": 5, "morale": 12}, {"name": "Imp", "hp": 5}))
    down = session.apply(state, {"do": "damage", "who": "f1", "hp": 5})
    for action, field in (({"who": "f1", "target": "ana"}, "who"), ({"who": "ana", "target": "f1"}, "target")):
        with pytest.raises(RulesInputError) as error:
            session.apply(down, {"do": "attack", "weapon": 0, **action} if action["who"] == "ana" else
                          {"do": "attack", **action}, roll=faces(10, 5))
        assert error.value.field == field and "is out of the fight" in error.value.message
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "attack", "who": "ana", "target": "f2", "weapon": 0}, roll=faces(10, 9))
    assert error.value.field == "roll" and "1d8 is rolled here; received 9" in error.value.message


def test_the_fight_view_lists_weapons_and_keeps_a_foes_damage_to_the_gm():
    state = bfrpg_fight(foes=({"monster": "bear_black", "hp": 20},))
    assert state["characters"]["ana"]["weapons"][0] == {"name": "Longsword", "damage": "1d8", "kind": "melee",
                                                        "magic": 1}
    gm, players = (session.view(state, gm=gm)["fight"]["combatants"] for gm in (True, False))
    assert gm[0]["weapons"][0] == {"index": 0, "name": "Longsword", "damage": "1d8", "kind": "melee", "magic": 1,
                                   "roll": "1d8+3", "label": "Longsword"}
    assert gm[1]["weapons"][2] == {"index": 2, "name": "bite", "routine": True, "damage": "1d6", "note": "2d6 hug",
                                   "label": "bite"}
    assert players[1]["weapons"][2] == {"index": 2, "name": "bite", "routine": True, "label": "bite"}
    hidden = session.preview(state, {"do": "attack", "who": "f1", "target": "ana"}, gm=False)["attack"]
    assert hidden["to_hit"]["chance"] is None and hidden["damage"] is None
    form = next(entry for entry in session.actions("bfrpg") if entry["id"] == "attack")
    assert [field["name"] for field in form["fields"]][:3] == ["who", "target", "weapon"]


def test_the_weapons_table_the_sheet_and_the_monster_routines():
    assert (WEAPONS["longsword"].damage, WEAPONS["longbow"].kind, WEAPONS["sling"].kind) == ("1d8", "missile",
                                                                                             "thrown")
    assert find_weapon("Longsword/Scimitar").key == "longsword" and find_weapon("Silver† Dagger").key == "dagger"
    assert find_weapon("Morningstar") is None
    assert table("bfrpg.weapons")["rows"][0][:3] == ["Hand axe", "1d6", "melee, or thrown"]
    spec = next(field for field in character_fields("bfrpg") if field["name"] == "weapons")
    assert spec["kind"] == "list" and [item["name"] for item in spec["items"]] == ["name", "damage", "kind", "magic"]
    assert "Longsword" in spec["items"][0]["suggestions"] and spec["items"][0]["table"] == "bfrpg.weapons"
    assert derive("bfrpg", {"weapons": '[{"name": "Axe", "damage": "1D6 + 1"}]'}).inputs["weapons"] == [
        {"name": "Axe", "damage": "1d6+1", "kind": "melee", "magic": 0}]
    with pytest.raises(RulesInputError) as error:
        derive("bfrpg", {"weapons": [{"name": "Axe", "damage": "lots"}]})
    assert error.value.field == "weapons" and "item 1 (Axe): Damage" in error.value.message
    read = routine("2 claws/1 bite: 1d4/1d4/1d6")
    assert [(one.name, one.damage) for one in read.attacks] == [("claw", "1d4"), ("claw", "1d4"), ("bite", "1d6")]
    assert routine("5 to 12 bites: 1d10 per bite").read is False
    assert with_damage(None, "")[0] == []


def test_codex_quest_weapons_come_in_matched_to_the_table():
    current = import_character((FIXTURES / "codex-quest-current.json").read_text(encoding="utf-8"))
    assert current["fields"]["weapons"] == [{"name": "Dagger", "damage": "1d4", "kind": "melee", "magic": 0}]
    older = import_character((FIXTURES / "codex-quest-older.json").read_text(encoding="utf-8"))
    assert older["fields"]["weapons"] == [{"name": "Battle Axe", "damage": "1d8", "kind": "melee", "magic": 0}]
    data = json.loads((FIXTURES / "codex-quest-current.json").read_text(encoding="utf-8"))
    data["equipment"] += [
        {"name": "Longsword/Scimitar +1", "weight": 4, "category": "swords", "amount": 1, "damage": "1d8"},
        {"name": "Shortbow", "weight": 2, "category": "bows", "amount": 1},
        {"name": "Morningstar", "weight": 7, "category": "hammers-and-maces", "damage": "1d8", "type": "melee"},
        {"name": "Net (E)", "weight": 5, "category": "slings-and-hurled-weapons", "type": "missile"}]
    answer = import_character(json.dumps(data))
    assert answer["fields"]["weapons"][1:] == [
        {"name": "Longsword/Scimitar +1", "damage": "1d8", "kind": "melee", "magic": 1},
        {"name": "Shortbow", "damage": "1d6", "kind": "missile", "magic": 0},
        {"name": "Morningstar", "damage": "1d8", "kind": "melee", "magic": 0}]  # Codex Quest's own damage
    assert any("Net (E)" in entry for entry in answer["skipped"])
    derive("bfrpg", answer["fields"])  # the sheet takes them


# --------------------------------------------------------------------------- SHELL

ORLA = {"id": "o", "name": "Orla", "system": "shell", "fields": {
    "st": 12, "ag": 12, "combat_level": 4, "dr_torso": 3, "dr_arm": 1, "pr": "2", "weapons": [
        {"name": "Sword", "damage": "+0 cut/imp", "at": 1, "def": 1}, {"name": "Bow", "damage": "+1 imp", "speed": 2}]}}
BANDIT = {"name": "Bandit", "ag": 11, "st": 12, "damage": "+1 cut", "dr": 2, "pr": "1"}


def shell_fight(party=(ORLA,), foes=(BANDIT,)):
    return session.apply(session.new("shell", list(party)), {"do": "fight", "foes": list(foes)},
                         roll=lambda count, sides: [1] * count)


def shell_attack(state, roll, **given):
    return session.apply(state, {"do": "attack", "who": "o", "target": "f1", "weapon": 0, **given}, roll=roll)


@pytest.mark.parametrize("rolled, outcome", [((2, 4), "a miss."), ((4, 5), "blocked"), ((4, 6), "hits the shield"),
                                             ((5, 6), "a hit in the torso")])
def test_shell_the_roll_against_the_defence_decides_miss_defence_shield_and_hit(rolled, outcome):
    # AT 4 + 1 (AG 12) + 1 (sword) = 6 against the bandit's block DEF 3 + 1 (AG 11) = 4: 2d10 + 2.
    state = shell_fight()
    after = shell_attack(state, faces(*rolled, 4), defence="block")
    assert f"2d10 {rolled[0]} + {rolled[1]} + 2 (AT 6 − DEF 4) = {sum(rolled) + 2}: {outcome}" in last(after)
    assert f"2d10 {rolled[0]} + {rolled[1]}, AT 6: {outcome}" in last(after, gm=False)  # the foe's DEF is the GM's


def test_shell_a_hit_does_its_damage_at_the_location_past_the_armour_there():
    state = shell_fight()
    after = shell_attack(state, faces(9, 9, 5), location="arm", side="left", defence="block")
    # 1d+2 for ST 12, +1 for combat level 4: 5 + 3 = 8, less the bandit's DR 2 = 6 at the left arm,
    # 4 of them counting (40% of 10), which cripples it.
    assert "= 19: a hit in the left arm; 1d+3 cut rolled 5 + 3 = 8. Bandit is hit in the left arm: 4 lethal " \
           "counted" in last(after)
    assert session.view(after, gm=True)["fight"]["combatants"][1]["damage"] == 4
    assert after["fight"]["combatants"]["f1"]["locations"] == {"left arm": 6}
    # A foe's blow on Orla: her torso armour (DR 3) first, as the Damage action does.
    struck = session.apply(state, {"do": "attack", "who": "f1", "target": "o"}, roll=faces(10, 9, 6))
    assert "1d+3 cut rolled 6 + 3 = 9. Orla is hit in the torso: 6 HP there" in last(struck)
    assert "a hit in the torso; 9 damage. Orla is hit in the torso" in last(struck, gm=False)
    assert session.undo(struck)["characters"] == state["characters"]
    impaling = shell_attack(state, faces(9, 9, 5), damage_type="impaling")
    assert "1d+3 imp rolled" in last(impaling)
    with pytest.raises(RulesInputError) as error:
        shell_attack(state, faces(9, 9, 5), damage_type="crushing")
    assert error.value.field == "damage_type" and "cut or imp" in error.value.message


def test_shell_maneuvers_and_modifiers_reach_at_and_def():
    state = shell_fight()
    base = session.preview(state, {"do": "attack", "who": "o", "target": "f1", "weapon": 0})["attack"]
    assert base["to_hit"]["working"][:2] == ["AT = 5 + 1 (weapon) = 6.", "Dodge DEF = 3."]
    current = session.view(state)["fight"]["current"]
    guarded = session.apply(state, {"do": "maneuver", "who": current, "maneuver": "guard" if current == "o"
                                    else "defend"})
    shown = session.preview(guarded, {"do": "attack", "who": "o", "target": "f1", "weapon": 0, "moved": True,
                                      "location": "head", "at_modifier": 1, "def_modifier": -1,
                                      "knocked_down": True})["attack"]["to_hit"]
    at, defence = shown["working"][:2]
    if current == "o":
        assert at == "AT = 5 + 1 (guard maneuver) + 1 (weapon) − 2 (head) − 2 (moved more than a step) + 1 (other) = 4."
        assert defence == "Dodge DEF = 3 − 4 (knocked down) − 1 (other) = −2."
    else:
        assert at == "AT = 5 + 1 (weapon) − 2 (head) − 2 (moved more than a step) + 1 (other) = 3."
        assert defence == "Dodge DEF = 3 + 2 (defend maneuver) − 4 (knocked down) − 1 (other) = 0."
    margin = int(at.split("= ")[-1][:-1].replace("−", "-")) - int(defence.split("= ")[-1][:-1].replace("−", "-"))
    hits = sum(1 for a in range(1, 11) for b in range(1, 11) if a + b + margin >= 12)  # no shield reached: PR 1
    shielded = sum(1 for a in range(1, 11) for b in range(1, 11) if a + b + margin == 12)
    assert shown["chance"] == float(Fraction(hits - shielded, 100))
    assert shown["needed"] == 13 - margin


def test_shell_blocks_are_counted_each_round_and_ranged_attacks_divide_def():
    state = shell_fight()
    for used in (1, 2):
        state = shell_attack(state, faces(1, 1), defence="block")  # misses: the block still counts
        assert state["fight"]["combatants"]["f1"]["blocks_used"] == used
    with pytest.raises(RulesInputError) as error:
        shell_attack(state, faces(1, 1), defence="block")
    assert error.value.field == "defence" and "has used all 2 blocks this round" in error.value.message
    dodged = shell_attack(state, faces(1, 1))
    assert "(Bandit dodges)" in last(dodged)
    while session.view(state)["fight"]["round"] == 1:
        state = session.apply(state, {"do": "next_turn"})
    assert "blocks_used" not in state["fight"]["combatants"]["f1"]
    ranged = session.preview(state, {"do": "attack", "who": "o", "target": "f1", "weapon": "Bow", "range_units": 8})
    assert "Ranged attack: speed 2 divides the base DEF: 3 / 2 = 1.5, fractions dropped 1." in \
        ranged["attack"]["to_hit"]["working"]
    bare = shell_fight(foes=({**BANDIT, "pr": "-1"},))
    with pytest.raises(RulesInputError) as error:
        session.apply(bare, {"do": "attack", "who": "o", "target": "f1", "weapon": 1, "defence": "block"})
    assert error.value.field == "defence" and "only a shield blocks a ranged attack" in error.value.message


def test_shell_an_unaware_defender_is_hit_without_a_roll():
    state = shell_fight()
    after = shell_attack(state, faces(3), defender_state="unaware")
    assert "(Bandit unaware): no roll: a hit in the torso; 1d+3 cut rolled 3 + 3 = 6." in last(after)
    assert after["done"][-1]["dice"] == [[1, 6, [3]]]
    shown = session.preview(state, {"do": "attack", "who": "o", "target": "f1", "weapon": 0,
                                    "defender_state": "immobile"})["attack"]
    assert shown["to_hit"]["chance"] == 1.0 and shown["damage"] == {"dice": "1d+3 cut", "least": 4, "most": 9,
                                                                    "average": 6.5}


def test_shell_refusals_name_the_field_and_leave_the_state():
    state = shell_fight()
    before = json.loads(json.dumps(state))
    stunned = session.apply(state, {"do": "damage", "who": "o", "damage": 9})
    down = session.apply(state, {"do": "damage", "who": "f1", "damage": 14})
    for source, action, field in (
            (state, {"who": "o", "target": "f1", "weapon": 3}, "weapon"),
            (state, {"who": "o", "target": "o", "weapon": 0}, "target"),
            (stunned, {"who": "o", "target": "f1", "weapon": 0}, "who"),
            (down, {"who": "o", "target": "f1", "weapon": 0}, "target"),
            (state, {"who": "o", "target": "f1", "weapon": 0, "location": "tail"}, "location"),
            (state, {"who": "o", "target": "f1", "weapon": 0, "def_modifier": 12}, "def_modifier")):
        with pytest.raises(RulesInputError) as error:
            session.apply(source, {"do": "attack", **action}, roll=faces(5, 5, 3))
        assert error.value.field == field, (action, error.value.message)
    with pytest.raises(RulesInputError) as error:
        shell_attack(state, faces(5, 11))
    assert error.value.field == "roll" and "2d10" in error.value.message
    assert state == before


def test_shell_sheet_weapons_armour_foe_figures_and_the_fight_view():
    fields = derive("shell", ORLA["fields"]).inputs
    assert fields["weapons"][0] == {"name": "Sword", "damage": "+0 cut/imp", "at": 1, "def": 1, "speed": 0,
                                    "min_st": 0}
    assert (fields["dr_torso"], fields["dr_head"], fields["pr"]) == (3, 0, "2")
    with pytest.raises(RulesInputError) as error:
        derive("shell", {"weapons": [{"name": "Club", "damage": "+9 cr"}]})
    assert error.value.field == "weapons" and "item 1 (Club): Damage" in error.value.message
    assert read_damage("−4 cr").adds == -4 and read_damage("1d+2 cut").dice == 1
    state = shell_fight()
    assert state["characters"]["o"]["armour"]["dr"]["torso"] == 3 and state["characters"]["o"]["armour"]["pr"] == 2
    bandit = state["fight"]["combatants"]["f1"]
    assert (bandit["at"], bandit["def"], bandit["pr"]) == (3, 4, 1)  # combat level 3 + AG 11's modifiers
    gm, players = (session.view(state, gm=gm)["fight"]["combatants"] for gm in (True, False))
    assert gm[0]["weapons"][1]["name"] == "Bow" and gm[1]["weapons"] == [{"index": 0, "name": "its attack",
                                                                            "damage": "+1 cut", "label": "its attack"}]
    assert players[1]["weapons"] == [{"index": 0, "name": "its attack", "label": "its attack"}]
    with pytest.raises(RulesInputError) as error:
        shell_fight(foes=({"name": "Wolf", "damage": "a bite"},))
    assert error.value.field == "damage"
    own = shell_fight(foes=({"name": "Wolf", "at": 7, "def": 1, "damage": "1d+1 cut"},))
    assert (own["fight"]["combatants"]["f1"]["at"], own["fight"]["combatants"]["f1"]["def"]) == (7, 1)
    bitten = session.apply(own, {"do": "attack", "who": "f1", "target": "o"}, roll=faces(9, 9, 4))
    assert "1d+1 cut rolled 4 + 1 = 5." in last(bitten)
    with pytest.raises(RulesInputError) as error:
        session.apply(own, {"do": "attack", "who": "f1", "target": "o", "weapon": 1})
    assert error.value.field == "weapon" and "choose 0 (its attack)" in error.value.message
    # No weapon on the sheet: bare hands, −4 cr on ST 10 (1d), combat level 3 adds nothing.
    empty = shell_fight(({"id": "o", "name": "Orla", "system": "shell", "fields": {}},))
    punched = shell_attack(empty, faces(9, 9, 6), defence="dodge")
    assert "Orla attacks Bandit with bare hands" in last(punched) and "1d−4 cr rolled 6 − 4 = 2." in last(punched)


def test_every_rule_an_attack_names_is_a_heading_of_the_site():
    rules = {"bfrpg/combat/#attacking", "shell/combat/#the-attack-roll", "bfrpg/combat/#weapons",
             "bfrpg/combat/#attacks-in-the-session", "shell/combat/#attacks-in-the-session",
             "shell/genres/#weapons-on-the-sheet"}
    state = shell_attack(shell_fight(), faces(9, 9, 5))
    rules.add(session.view(state)["log"][-1]["rule"])
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert anchor in _anchors(page), rule



@pytest.mark.parametrize("damage, result", [(3, "not more than its 10 HP: the shield holds."),
                                            (6, "not more than its 10 HP: the shield holds.")])
def test_shell_a_hit_on_the_shield_rolls_its_damage_against_the_shields_hp(damage, result):
    # The bandit's small shield (PR 1, 10 HP): 4 + 6 + 2 = 12 hits it; Orla's 1d+3 cut does 9 at most.
    after = shell_attack(shell_fight(), faces(4, 6, damage), defence="block")
    assert last(after).endswith(f"hits the shield: 1d+3 cut rolled {damage + 3}, {result}")
    assert "shield_broken" not in after["fight"]["combatants"]["f1"]
    impaled = shell_attack(shell_fight(), faces(4, 6, 6), defence="block", damage_type="impaling")
    assert last(impaled).endswith("1d+3 imp rolled 9, halved against an object: 4, not more than its 10 HP: the "
                                  "shield holds.")


def test_shell_a_shield_broken_by_a_blow_is_gone_for_the_rest_of_the_fight():
    # An ogre's 3d+2 cut on Orla's medium shield (PR 2, 13 HP): the ogre's AT 3 + 0 against her
    # block DEF 4 + 1 + 1 = 6: 2d10 − 3; 9 + 6 − 3 = 12 up to 13 hits the shield.
    ogre = {"name": "Ogre", "ag": 10, "st": 16, "damage": "3d+2 cut"}
    state = session.apply(shell_fight(foes=(ogre,)), {"do": "next_turn"}, roll=faces(1))
    assert session.view(state, gm=True)["fight"]["current"] == "f1"
    broke = session.apply(state, {"do": "attack", "who": "f1", "target": "o", "defence": "block"},
                          roll=faces(9, 6, 5, 5, 4))
    assert last(broke).endswith("hits the shield: 3d+2 cut rolled 16, more than its 13 HP: the shield breaks.")
    assert broke["fight"]["combatants"]["o"]["shield_broken"] is True
    after = session.preview(broke, {"do": "attack", "who": "f1", "target": "o", "defence": "dodge"}, gm=True)
    assert after["attack"]["to_hit"]["odds"]["shield_hit"] == 0.0
    before = session.preview(state, {"do": "attack", "who": "f1", "target": "o", "defence": "dodge"}, gm=True)
    assert before["attack"]["to_hit"]["odds"]["shield_hit"] > 0.0
    assert session.undo(broke)["fight"] == state["fight"]
