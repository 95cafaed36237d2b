"""A GURPS character's weapons, DR and shield DB (issue 34): the sheet's fields and their checks,
what a session takes from them, the defences calculator's shield DB, and the weapons GCS files
hold, with GCS's own figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulescore
from rulescore import RulesInputError, calculate, derive, import_character, session
from rulescore.gurps.weapons import parse_damage

FIXTURES = Path(__file__).parent / "fixtures" / "import"
AXE = {"name": "Long Axe", "usage": "Swung", "skill": 13, "damage": "sw+2 cut", "parry": "9U"}


def test_the_sheet_keeps_weapons_dr_and_a_shield_db():
    fields = {field["name"]: field for field in rulescore.character_fields("gurps")}
    assert fields["weapons"]["kind"] == "list" and fields["weapons"]["max"] == 24
    assert [item["name"] for item in fields["weapons"]["items"]] == [
        "name", "usage", "skill", "damage", "parry", "block", "reach", "acc", "range", "bulk", "effect"]
    assert (fields["dr"]["default"], fields["dr"]["min"], fields["dr"]["max"]) == (0, 0, 100)
    assert (fields["shield_db"]["default"], fields["shield_db"]["min"], fields["shield_db"]["max"]) == (0, 0, 3)
    figures = derive("gurps", {"st": 15, "weapons": json.dumps([AXE, {"name": "Knife", "skill": "12",
                                                                      "damage": "thr−1 IMP", "parry": "8f",
                                                                      "block": " no "}]), "dr": 3})
    assert figures.inputs["weapons"] == [
        {"name": "Long Axe", "usage": "Swung", "skill": 13, "damage": "sw+2 cut", "parry": "9U", "block": "",
         "reach": "", "acc": "", "range": "", "bulk": "", "effect": ""},
        {"name": "Knife", "usage": "", "skill": 12, "damage": "thr-1 imp", "parry": "8F", "block": "No",
         "reach": "", "acc": "", "range": "", "bulk": "", "effect": ""}]
    assert (figures.inputs["dr"], figures.inputs["shield_db"]) == (3, 0)
    assert derive("gurps", {}).inputs["weapons"] == []


@pytest.mark.parametrize("weapon, words", [
    ({"name": "Axe", "skill": 12, "damage": "2d+2"}, "Weapons, item 1 (Axe): Damage: “2d+2” has no damage type"),
    ({"name": "Axe", "skill": 12, "damage": "lots cut"}, "is not a damage GURPS writes"),
    ({"name": "Axe", "skill": 12, "damage": "0d+2 cut"}, "rolls no dice"),
    ({"name": "Axe", "damage": "2d cut"}, "Skill: missing"),
    ({"name": "Axe", "skill": 31, "damage": "2d cut"}, "Skill: received 31"),
    ({"name": "", "skill": 12, "damage": "2d cut"}, "Name: give the weapon a name"),
    ({"name": "Axe", "skill": 12, "damage": "2d cut", "parry": "eleven"}, "is not a Parry"),
    ({"name": "Axe", "skill": 12, "damage": "2d cut", "block": "9U"}, "is not a Block"),
    ({"name": "Axe", "skill": 12, "damage": "2d cut", "heft": 3}, "it has no field “heft”"),
])
def test_a_bad_weapon_is_refused_naming_the_list_the_item_and_the_field(weapon, words):
    with pytest.raises(RulesInputError) as caught:
        derive("gurps", {"weapons": [weapon]})
    assert caught.value.field == "weapons" and words in caught.value.message, caught.value.message


def test_dr_and_shield_db_are_checked_and_fill_the_calculators():
    for field, value in (("dr", 101), ("shield_db", 4), ("dr", -1)):
        with pytest.raises(RulesInputError) as caught:
            derive("gurps", {field: value})
        assert caught.value.field == field
    inputs = {calc["id"]: {spec["name"]: spec["character"] for spec in calc["inputs"]} for calc in
              rulescore.catalogue()}
    assert inputs["gurps.defense"]["shield_db"] == "shield_db" and inputs["gurps.injury"]["dr"] == "dr"


def test_a_shields_db_adds_to_every_defence_in_the_calculator():
    plain = calculate("gurps.defense", {"basic_speed": 6, "weapon_skill": 14, "shield_skill": 13})
    shield = calculate("gurps.defense", {"basic_speed": 6, "weapon_skill": 14, "shield_skill": 13, "shield_db": 2})
    assert (plain["dodge"], plain["parry"], plain["block"]) == (9, 10, 9)
    assert (shield["dodge"], shield["parry"], shield["block"]) == (11, 12, 11)
    assert any("Defense Bonus adds +2 to Dodge, Parry, Block" in step for step in shield.steps)


def test_the_damage_notation():
    assert parse_damage("2d+1(2) pi+").text == "2d+1(2) pi+"
    assert parse_damage(" 1d  -  1 (0.5) cr ").text == "1d-1(0.5) cr"
    assert parse_damage("thr imp").text == "thr imp" and parse_damage("SW+3 CUT").text == "sw+3 cut"
    for bad in ("", "2d+2 zap", "3d6+1 cut x", "d cut", "1d+2(0) cut"):
        with pytest.raises(RulesInputError):
            parse_damage(bad)


def test_a_session_takes_the_weapons_dr_and_shield_from_the_sheet():
    kara = {"id": "k", "name": "Kara", "system": "gurps", "fields": {"weapons": [AXE], "dr": 2, "shield_db": 1}}
    state = session.new("gurps", [kara])
    character = state["characters"]["k"]
    assert character["weapons"][0]["name"] == "Long Axe" and (character["dr"], character["shield_db"]) == (2, 1)
    joined = session.apply(session.new("gurps", []), {"do": "join", "character": kara})
    assert joined["characters"]["k"]["dr"] == 2


# --------------------------------------------------------------------------- GCS files

def load(name):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def gcs_weapons(data):
    """Every weapon a GCS character lists, by (item, usage): the weapon's own JSON. Traits not
    disabled; equipment carried and equipped, containers too."""
    found = {}

    def traits(items):
        for trait in items or []:
            if trait.get("disabled"):
                continue
            for weapon in trait.get("weapons", []):
                found[(trait["name"], weapon.get("usage", ""))] = weapon
            traits(trait.get("children"))

    def equipment(items):
        for item in items or []:
            if item.get("equipped"):
                for weapon in item.get("weapons", []):
                    found[(item["description"], weapon.get("usage", ""))] = weapon
                equipment(item.get("children"))

    traits(data.get("traits", data.get("advantages")))
    equipment(data.get("equipment"))
    return found


@pytest.mark.parametrize("name", ["gcs-v2.gcs", "gcs-v4.gcs", "gcs-v5-before-5.36.gcs", "gcs-v5.gcs"])
def test_every_weapon_of_a_gcs_file_comes_in_with_gcss_own_figures(name):
    data = load(name)
    expected = gcs_weapons(data)
    imported = import_character(json.dumps(data))["fields"]["weapons"]
    assert len(imported) == len(expected) > 0
    for weapon in imported:
        own = expected[(weapon["name"], weapon["usage"])]
        calc = own["calc"]
        assert weapon["skill"] == calc.get("level", 0)
        assert weapon["damage"] == calc["damage"]
        ranged = own.get("type") == "ranged_weapon" or own.get("id", "").startswith("W")
        assert weapon["range"] == (calc.get("range") or own.get("range", "") if ranged else "")
        for key in ("parry", "block"):  # GCS leaves a Parry or Block it shows none of out of calc
            assert weapon[key] == ("" if ranged else calc.get(key) or "")


def test_gcs_weapons_by_hand():
    aldous = import_character((FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8"))["fields"]
    assert aldous["weapons"] == [
        {"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "1d+3 cut", "parry": "10", "block": "",
         "reach": "1", "acc": "", "range": "", "bulk": "", "effect": ""},
        {"name": "Broadsword", "usage": "Thrust", "skill": 14, "damage": "1d cr", "parry": "10", "block": "",
         "reach": "1", "acc": "", "range": "", "bulk": "", "effect": ""}]
    assert aldous["dr"] == 4  # the torso's, as GCS worked it out (the mail shirt)
    grumm = import_character((FIXTURES / "gcs-v4.gcs").read_text(encoding="utf-8"))["fields"]
    boulder = next(weapon for weapon in grumm["weapons"] if weapon["name"] == "Boulder")
    assert boulder == {"name": "Boulder", "usage": "Thrown", "skill": 11, "damage": "3d+3 cr", "parry": "", "block": "",
                       "reach": "", "acc": "0", "range": "16/32", "bulk": "-6", "effect": ""}
    kick = next(weapon for weapon in grumm["weapons"] if weapon["usage"] == "Kick")
    assert (kick["skill"], kick["damage"], kick["parry"], kick["reach"]) == (8, "3d+1 cr", "No", "C,1")  # GCS 4's
    old = import_character((FIXTURES / "gcs-v1.gcs").read_text(encoding="utf-8"))
    assert "weapons" not in old["fields"]
    assert any("Sword (Swung)" in entry and "version 1" in entry for entry in old["skipped"])


def test_gcs_weapons_left_out_and_a_shields_db():
    data = load("gcs-v5.gcs")
    data["equipment"] += [
        {"id": "e8", "description": "Dagger", "quantity": 1, "base_weight": "0.25 lb", "weapons": [  # not equipped
            {"id": "wD1", "usage": "Thrust", "calc": {"level": 12, "damage": "1d-1 imp", "parry": "8"}}]},
        {"id": "e9", "description": "Buckler", "quantity": 1, "equipped": True, "base_weight": "2 lb",
         "features": [{"type": "conditional_modifier", "amount": 1,
                       "situation": "to Dodge, Parry & Block against attacks from the front or shield side"}],
         "weapons": [{"id": "wB1", "usage": "Shield Bash", "reach": "1", "block": "0",
                      "calc": {"level": 13, "damage": "1d-1 cr", "block": "9"}}]},
        {"id": "e10", "description": "Net", "quantity": 1, "equipped": True, "base_weight": "5 lb", "weapons": [
            {"id": "WN1", "usage": "Thrown", "accuracy": "1", "range": "x1/x1", "calc": {"level": 12,
                                                                                        "damage": "spec."}}]},
        {"id": "e11", "description": "Crossbow", "quantity": 1, "equipped": True, "base_weight": "6 lb", "weapons": [
            {"id": "WX1", "usage": "Shoot", "accuracy": "4", "range": "300/400", "hide": True,
             "calc": {"level": 10, "damage": "3d imp"}}]}]
    data["traits"].append({"id": "t9", "name": "Claws", "disabled": True, "weapons": [
        {"id": "wC1", "usage": "Claw", "calc": {"level": 13, "damage": "1d cut", "parry": "9"}}]})
    answer = import_character(json.dumps(data))
    names = [(weapon["name"], weapon["usage"]) for weapon in answer["fields"]["weapons"]]
    assert names == [("Broadsword", "Swung"), ("Broadsword", "Thrust"), ("Buckler", "Shield Bash"), ("Net", "Thrown"),
                     ("Crossbow", "Shoot")]  # not the Dagger (not equipped) nor the Claws (disabled); hidden rows too
    buckler, net, crossbow = answer["fields"]["weapons"][2:]
    assert (buckler["parry"], buckler["block"], buckler["damage"]) == ("", "9", "1d-1 cr")
    assert (net["damage"], net["effect"], net["acc"], net["range"]) == ("", "spec.", "1", "x1/x1")  # the GM's
    assert (crossbow["skill"], crossbow["damage"], crossbow["acc"]) == (10, "3d imp", "4")
    assert answer["fields"]["shield_db"] == 1
    lines = {line["figure"]: line for line in answer["checks"] if line["figure"].startswith("Weapon:")}
    assert lines["Weapon: Crossbow (Shoot) (hidden on GCS's sheet)"]["agrees"] is True
    net_line = next(line for figure, line in lines.items() if figure.startswith("Weapon: Net (Thrown) (the fight"))
    assert net_line["agrees"] is True and "spec." in net_line["ours"]
    session.new("gurps", [{"id": "a", "name": "Aldous", "system": "gurps", "fields": answer["fields"]}])
