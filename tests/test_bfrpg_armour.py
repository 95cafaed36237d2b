"""Basic Fantasy armour gives the Armor Class (issue item 7). The figures are the rulebook's, as
../shared/facts/rules-facts.md lists them ("Weapons and damage": no armour AC 11, leather 13,
chain mail 15, plate mail 17, shield +1; "Ability score bonus": the Dexterity bonus), with the
rulebook's own magic armour examples (magicItems.qmd: Plate Mail +2 is AC 19, Plate Mail −1 is 16).
A typed Armor Class counts instead; older characters ("metal" armour, the AC typed) keep theirs."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, calculate, session
from rulescore.characters import derive
from rulescore.core import get_calculator

# The rulebook's armour table and the ability bonus table, from the facts file.
ARMOUR_AC = {"none": 11, "leather": 13, "chain": 15, "plate": 17}
DEX_BONUS = {3: -3, 4: -2, 5: -2, 6: -1, 8: -1, 9: 0, 12: 0, 13: 1, 15: 1, 16: 2, 17: 2, 18: 3}


def ac_of(fields):
    """The Armor Class the sheet gives (typed or from the armour), and what the armour alone gives."""
    result = derive("bfrpg", fields)
    return result.inputs["ac"], result["armour_ac"]


@pytest.mark.parametrize("armor", sorted(ARMOUR_AC))
@pytest.mark.parametrize("dexterity", sorted(DEX_BONUS))
def test_each_armour_with_each_dexterity(armor, dexterity):
    assert ac_of({"armor": armor, "dexterity": dexterity}) == (ARMOUR_AC[armor] + DEX_BONUS[dexterity],) * 2
    with_shield = ac_of({"armor": armor, "dexterity": dexterity, "shield": True})
    assert with_shield == (ARMOUR_AC[armor] + 1 + DEX_BONUS[dexterity],) * 2


def test_the_figures_the_issue_names():
    assert ac_of({"armor": "leather", "dexterity": 13}) == (14, 14)  # 13 + 1, not the old 11
    assert ac_of({"armor": "chain", "shield": True}) == (16, 16)
    assert ac_of({"armor": "plate", "dexterity": 8}) == (16, 16)
    # The rulebook's magic armour: Plate Mail +2 gives 19, a cursed Plate Mail −1 gives 16.
    assert ac_of({"armor": "plate", "armor_bonus": 2}) == (19, 19)
    assert ac_of({"armor": "plate", "armor_bonus": -1}) == (16, 16)
    # A +1 shield on chain mail +1: both bonuses, with the shield's own +1 and Dexterity 16.
    assert ac_of({"armor": "chain", "shield": True, "armor_bonus": 2, "dexterity": 16}) == (15 + 1 + 2 + 2,) * 2
    assert ac_of({"armor": "none", "shield": True, "armor_bonus": 1}) == (13, 13)  # a magic shield alone


def test_the_working_says_where_the_armor_class_comes_from():
    steps = " ".join(derive("bfrpg", {"armor": "chain", "shield": True, "dexterity": 16}).steps)
    assert "Armor Class from armour: chain mail 15, shield +1, Dexterity 16 +2 = 18." in steps
    assert "typed" not in steps


def test_a_typed_armor_class_counts_and_says_so():
    result = derive("bfrpg", {"armor": "plate", "dexterity": 13, "ac": "12"})
    assert (result.inputs["ac"], result["armour_ac"]) == (12, 18)
    assert any("typed as 12" in step and "18" in step for step in result.steps)
    # Typed as what the armour gives: nothing to say.
    same = derive("bfrpg", {"armor": "plate", "dexterity": 13, "ac": 18})
    assert not any("typed" in step for step in same.steps)


def test_an_older_character_with_metal_armour_keeps_its_typed_armor_class_and_its_movement():
    older = {"race": "dwarf", "strength": "16", "dexterity": "13", "armor": "metal", "load_lb": "95", "ac": "17"}
    result = derive("bfrpg", older)
    assert result.inputs["ac"] == 17  # plate mail 17 once, Dexterity +1 left out by its player: kept as typed
    assert result["armour_movement"] == "metal"
    moved = calculate("bfrpg.encumbrance", {"race": "dwarf", "strength": 16, "armor": "metal", "load_lb": 95})
    assert (result["movement_ft"], result["load"]) == (moved["movement_ft"], moved["load"])
    # Without a typed Armor Class, metal counts as chain mail (the lower of the two) and the working says so.
    untyped = derive("bfrpg", {key: value for key, value in older.items() if key != "ac"})
    assert untyped.inputs["ac"] == ARMOUR_AC["chain"] + 1
    assert any("counted as chain mail" in step for step in untyped.steps)


@pytest.mark.parametrize("armor, row", [("none", "none"), ("leather", "leather"), ("chain", "metal"),
                                        ("plate", "metal"), ("metal", "metal")])
def test_chain_and_plate_move_as_metal_armour(armor, row):
    for magic in (False, True):
        fields = {"armor": armor, "magic_armor": magic, "load_lb": 70, "strength": 13}
        result = derive("bfrpg", fields)
        moved = calculate("bfrpg.encumbrance", {"armor": row, "magic_armor": magic, "load_lb": 70, "strength": 13})
        assert (result["armour_movement"], result["movement_ft"]) == (row, moved["movement_ft"])
    # The encumbrance calculator a character fills takes the movement row, not the sheet's armour.
    assert get_calculator("bfrpg.encumbrance").inputs[2].character == "armour_movement"


@pytest.mark.parametrize("fields, field, words", [
    ({"armor": "mithril"}, "armor", ["Armour worn", "none, leather, chain, plate, metal"]),
    ({"shield": "maybe"}, "shield", ["Carries a shield", "yes or no"]),
    ({"armor": "chain", "armor_bonus": 9}, "armor_bonus", ["Magic bonus to Armor Class", "from -6 to 6"]),
    ({"armor_bonus": 1}, "armor_bonus", ["Magic bonus to Armor Class", "no armour and no shield"]),
    ({"ac": "thirteen"}, "ac", ["Armor Class", "whole number from 0 to 40"]),
])
def test_bad_armour_figures_are_refused_by_label(fields, field, words):
    with pytest.raises(RulesInputError) as refused:
        derive("bfrpg", fields)
    assert refused.value.field == field
    for word in words:
        assert word.replace("-", "−") in refused.value.message.replace("-", "−"), refused.value.message


def party(**fields):
    return [{"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"dexterity": "13", **fields}}]


def goblin_attacks(state, d20):
    """Ana against a goblin (its HP 1d8 − 1 = 2, nobody surprised, initiative 6 and 5); then the
    goblin attacks Ana with ``d20`` (and 4 on its damage die). Returns the log's last line."""
    rolled = iter([3, 3, 6, 6, 5])
    state = session.apply(state, {"do": "fight", "foes": [{"monster": "goblin"}]},
                          roll=lambda count, sides: [next(rolled) for _ in range(count)])
    faces = iter([d20, 4])
    hit = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"},
                        roll=lambda count, sides: [next(faces) for _ in range(count)])
    return session.view(hit, gm=True)["log"][-1]["text"]


def test_a_foe_attacks_a_character_at_the_armor_class_their_armour_gives():
    leather = session.new("bfrpg", party(armor="leather"))  # 13 + Dexterity 13's +1 = 14
    assert "against AC 14: a miss" in goblin_attacks(leather, 13)  # 13 would hit the old AC 11
    assert "against AC 14: a hit" in goblin_attacks(leather, 14)
    shielded = session.new("bfrpg", party(armor="chain", shield=True))  # 15 + 1 + 1
    assert "against AC 17: a miss" in goblin_attacks(shielded, 16)
    typed = session.new("bfrpg", party(armor="chain", ac="12"))  # typed: a ring of weakness, say
    assert "against AC 12: a hit" in goblin_attacks(typed, 12)


def test_a_session_begun_before_armour_counted_keeps_the_armor_class_it_was_played_with():
    """Rules version 1: the Armor Class typed on the sheet, or 11 where none was typed."""
    older = session.new("bfrpg", party(armor="leather"))
    del older["rules_version"]
    assert "against AC 11: a hit" in goblin_attacks(older, 13)
    typed = session.new("bfrpg", party(armor="metal", ac="16"))
    typed["rules_version"] = 1
    assert "against AC 16: a miss" in goblin_attacks(typed, 15)
    assert "against AC 16: a hit" in goblin_attacks(typed, 16)
