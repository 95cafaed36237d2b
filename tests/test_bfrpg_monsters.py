"""Basic Fantasy's monster list (issue 33, item 14): monsters printed in one block of columns
carry every figure, a cell printed once across the columns (or "-same-") read as the figure it
repeats; every monster has a morale, a movement and attacks a fight can use; names are distinct."""

from __future__ import annotations

import re

import pytest

from rulescore import dice, session
from rulescore.bfrpg.monsters import MONSTERS, Monster, hit_dice_roll

# A dice term inside the damage text ("2d8", "1d4+1"); an add is taken only when it is a number,
# not the start of another term ("2d4 + 2d4/round" is two terms).
DICE_TERM = re.compile(r"\d*d\d+(?:\s*[+-]\s*\d+(?![\dd]))?")

# Damage that is an effect or a fixed figure, not a roll: what the rulebook prints.
NOT_ROLLED = {
    "bat": "Confusion", "centipede_giant": "poison bite", "ironbane": "special", "jelly_green": "special",
    "rot_grub": "special", "rust_monster": "special", "shrieker": "None", "snake_sea": "1 + poison",
    "spectre": "Energy drain 2 levels/touch", "tentacle_worm": "paralysis", "water_termite_giant": "Stun",
    "wight": "Energy drain (1 level)", "yellow_mold": "See below",
}


def attacks_and_damage(monster: Monster) -> tuple[str, str]:
    """The fight shows "attacks: damage"; split there."""
    how, colon, damage = monster.attacks.partition(": ")
    assert colon, f"{monster.name}: attacks {monster.attacks!r} give no damage after 'attacks: '"
    return how.strip(), damage.strip()


@pytest.mark.parametrize("key", list(MONSTERS))
def test_every_monster_has_every_figure_a_fight_uses(key):
    monster = MONSTERS[key]
    for field, value in monster._asdict().items():
        assert "same" not in str(value).lower(), f"{monster.name}: {field} reads {value!r}"
    assert isinstance(monster.morale, int) and 2 <= monster.morale <= 12, f"{monster.name}: morale {monster.morale!r}"
    assert monster.movement.strip() and re.search(r"\d", monster.movement), f"{monster.name}: no movement"
    assert monster.hit_dice, f"{monster.name}: no hit dice"
    hit_dice_roll(monster.hit_dice)
    how, damage = attacks_and_damage(monster)
    assert how and damage, f"{monster.name}: attacks {monster.attacks!r}"
    terms = DICE_TERM.findall(damage)
    for term in terms:  # every roll in the damage is one the dice roller reads
        dice.parse(term.replace(" ", ""))
    if key in NOT_ROLLED:
        assert damage == NOT_ROLLED[key] and not terms
    else:
        assert terms, f"{monster.name}: no damage roll in {damage!r}"


def test_names_and_keys_are_unique():
    names = [monster.name for monster in MONSTERS.values()]
    assert len(names) == len(set(names)) == len(MONSTERS) == 248
    assert not [name for name in names if re.search(r"\(\d+\)$", name)]


def test_the_ants_share_the_giant_ants_attacks_and_morale():
    huge, large = MONSTERS["ant_huge"], MONSTERS["ant_large"]
    assert (huge.morale, huge.movement, huge.attacks) == (7, "50'", "1 bite: 1d10")
    assert (large.morale, large.movement, large.attacks) == (7, "40'", "1 bite: 1d6")
    assert "12 after engaged" in huge.notes and "12 after engaged" in large.notes


def test_a_fire_elemental_from_a_device_moves_and_holds_like_the_staffs():
    device, staff = MONSTERS["device_elemental_fire"], MONSTERS["staff_elemental_fire"]
    assert (device.name, device.ac, device.hit_dice, device.morale, device.movement, device.attacks) == (
        "Device Elemental, Fire", 20, "12", 10, "40' Fly 30'", "1: 2d8")
    assert (staff.morale, staff.movement) == (device.morale, device.movement)


def test_the_earth_elementals_are_three_and_the_cold_and_wood_ones_are_named_so():
    earth = {monster.name: monster for monster in MONSTERS.values() if "Earth" in monster.name}
    assert sorted(earth) == ["Device Elemental, Earth", "Spell Elemental, Earth", "Staff Elemental, Earth"]
    assert {(m.movement, m.morale) for m in earth.values()} == {("20' (10')", 10)}
    assert [earth[f"{how} Elemental, Earth"].hit_dice for how in ("Staff", "Device", "Spell")] == ["8", "12", "16"]
    cold, wood = MONSTERS["staff_elemental_cold"], MONSTERS["spell_elemental_wood"]
    assert (cold.name, cold.ac, cold.movement) == ("Staff Elemental, Cold", 18, "40'")
    assert (wood.name, wood.ac, wood.movement) == ("Spell Elemental, Wood", 21, "40'")
    for element in ("Air", "Cold", "Earth", "Fire", "Lightning", "Metal", "Water", "Wood"):
        for how in ("Staff", "Device", "Spell"):
            assert MONSTERS[f"{how.lower()}_elemental_{element.lower()}"].morale == 10


def test_an_african_elephant_attacks_as_the_asiatic_one():
    african = MONSTERS["african_elephant"]
    assert african.attacks == MONSTERS["asiatic_elephant"].attacks == (
        "2 tusks, 1 trunk grab, 2 tramples: 2d4 tusk, 2d6 grab, 2d8 trample")
    assert (african.ac, african.movement) == (18, "50' (15')")


@pytest.mark.parametrize("key, movement, attacks, morale", [
    ("large_crocodile", "30' (10') Swim 30' (10')", "1 bite: 2d8", 8),
    ("giant_crocodile", "30' (10') Swim 30' (10')", "1 bite: 3d8", 9),
    ("aurochs", "50' (10')", "1 horn/head butt or 1 trample: 1d4 butt, 2d4 trample", 7),
    ("bison", "50' (10')", "1 horn/head butt or 1 trample: 1d4 butt, 2d4 trample", 7),
    ("mastodon", "50' (15')", "2 tusks, 1 trunk grab, 2 tramples: 2d6 tusk, 2d4 trunk, 2d8 trample", 8),
    ("woolly_rhino", "40' (15')", "1 butt or 1 trample: 2d8 or 2d12", 6),
    ("large_roc", "20' Fly 160' (10')", "2 claws/1 bite: 1d8/1d8/2d10", 9),
    ("giant_roc", "20' Fly 160' (10')", "2 claws/1 bite: 3d6/3d6/6d6", 10),
    ("trollkin_juvenile", "50'", "2 claws, 1 bite: 1d4 claw, 1d6 bite", 9),
    ("trollkin_adolescent", "40'", "2 claws, 1 bite: 1d6 claw, 1d6 bite", 9),
])
def test_the_other_blocks_repeat_their_shared_cells(key, movement, attacks, morale):
    monster = MONSTERS[key]
    assert (monster.movement, monster.attacks, monster.morale) == (movement, attacks, morale)


def test_ostrich_and_emu_hit_dice_read_apart():
    assert (MONSTERS["ostrich"].hit_dice, MONSTERS["emu"].hit_dice) == ("3", "2")
    assert MONSTERS["ostrich"].notes == ""


def test_a_fight_takes_the_shared_figures():
    party = [{"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"dexterity": 13, "hp": 9}}]
    state = session.apply(session.new("bfrpg", party), {"do": "fight", "foes": [
        {"monster": "device_elemental_fire"}, {"monster": "ant_huge"}]},
        roll=lambda count, sides: [4] * count)  # every die a 4: hit points 12 × 4 and 2 × 4
    foes = {c["name"]: c for c in session.view(state, gm=True)["fight"]["combatants"] if c["id"] != "ana"}
    elemental, ant = foes["Device Elemental, Fire"], foes["Ant, Huge"]
    assert (elemental["morale"], elemental["movement"], elemental["attacks"], elemental["hp"]) == (
        10, "40' Fly 30'", "1: 2d8", 48)
    assert (ant["morale"], ant["movement"], ant["attacks"], ant["hp"]) == (7, "50'", "1 bite: 1d10", 8)


def test_a_fight_saved_with_a_renamed_monster_key_still_starts():
    """Sessions saved before the repeated Earth elementals were told apart name them
    ``*_elemental_earth_2`` and ``_3``; those keys read as the lines they were."""
    from rulescore import session

    state = session.apply(session.new("bfrpg", []), {"do": "fight", "foes": [
        {"monster": "device_elemental_earth_3", "count": 1}]}, roll=lambda count, sides: [1] * count)
    foe = session.view(state, gm=True)["fight"]["combatants"][0]
    assert foe["name"] == MONSTERS["device_elemental_wood"].name
