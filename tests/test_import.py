"""Importing characters: GURPS Character Sheet files of every format version and Codex Quest
files of both shapes, read from our own small fixtures (tests/fixtures/import), and every bad
file refused with a sentence a player can act on."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import rulescore
from rulescore import RulesInputError, derive, import_character, session
from rulescore.gurps.gcs_import import carried_lb, weight_lb
from rulescore.web import respond_import, respond_import_json
from tests.test_characters import CATALOGUE, fill

BY_ID = {calc["id"]: calc for calc in CATALOGUE}

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "import"
KEYS = {"system", "name", "fields", "skipped", "checks"}


def load(name: str) -> dict:
    return import_character((FIXTURES / name).read_text(encoding="utf-8"))


def refused(raw) -> RulesInputError:
    with pytest.raises(RulesInputError) as caught:
        import_character(raw)
    assert caught.value.field == "file"
    assert caught.value.message.endswith(".") and "\n" not in caught.value.message
    return caught.value


def checks(answer: dict) -> dict[str, dict]:
    return {line["figure"]: line for line in answer["checks"]}


@pytest.mark.parametrize("name", sorted(path.name for path in FIXTURES.iterdir()
                                        if path.name.startswith(("gcs-v", "codex-quest-current", "codex-quest-old"))))
def test_every_import_answers_the_contract_and_derive_takes_its_fields(name):
    answer = load(name)
    assert set(answer) == KEYS
    assert answer["system"] in ("gurps", "bfrpg") and answer["name"]
    json.dumps(answer)  # the page gets it as JSON
    derive(answer["system"], answer["fields"])  # fields exactly as derive takes them
    field_names = {field["name"] for field in rulescore.character_fields(answer["system"])}
    assert set(answer["fields"]) <= field_names
    assert all(isinstance(entry, str) and entry for entry in answer["skipped"])
    for line in answer["checks"]:
        assert set(line) == {"figure", "theirs", "ours", "agrees", "why"}
        assert (line["why"] is None) == (line["agrees"] is True)


def test_gcs_version_5_from_5_36_on_each_figure_load_skills_and_traits():
    answer = load("gcs-v5.gcs")
    fields = answer["fields"]
    assert answer["system"] == "gurps" and answer["name"] == "Sir Aldous"
    assert {key: fields[key] for key in ("st", "dx", "iq", "ht", "hp", "fp", "will", "per", "basic_speed",
                                         "basic_move")} == {
        "st": 12, "dx": 13, "iq": 10, "ht": 11, "hp": 12, "fp": 11, "will": 10, "per": 10, "basic_speed": 6,
        "basic_move": 6}
    # Backpack 3 lb + 4 rations of 8 oz + a 100 g pouch holding 50 coins of 0.02 lb; a broadsword; 8 kg of mail.
    assert fields["load_lb"] == pytest.approx(25.2)
    assert {key: fields[key] for key in ("weapon_skill", "shield_skill", "swimming_skill", "climbing_skill",
                                         "hiking_skill", "ranged_skill")} == {
        "weapon_skill": 14, "shield_skill": 13, "swimming_skill": 12, "climbing_skill": 11, "hiking_skill": 12,
        "ranged_skill": 12}  # the best melee (Broadsword, not Knife) and ranged (Bow, not Crossbow) skills
    # Lifting ST 3 read back from GCS's Basic Lift (45 lb = ST 15), Combat Reflexes from its Dodge.
    assert fields["lifting_st"] == 3 and fields["dodge_bonus"] == 1
    assert all(line["agrees"] for line in answer["checks"]), answer["checks"]
    figures = derive("gurps", fields)
    assert (figures["basic_lift_lb"], figures["encumbrance"], figures["move"], figures["dodge"]) == (45, "None", 6, 10)
    skipped = " | ".join(answer["skipped"])
    for words in ("Accounting 9", "Feint 15", "Combat Reflexes", "Bad Temper", "Wagon", "1900 lb", "notes"):
        assert words in skipped, words
    assert fields["fp_lost"] == 3 and "hp_lost" not in fields  # GCS's FP damage: fatigue now; unhurt
    assert "Hiking" not in skipped and "Broadsword" not in skipped


def test_gcs_version_5_before_5_36_keys_units_and_trait_driven_figures():
    answer = load("gcs-v5-before-5.36.gcs")
    fields = answer["fields"]
    # No calc on the items: collar 4 oz + 2 saddlebags of 1 kg (the file's default unit; GCS's 2 lb) each
    # holding 3 bells of 10 g.
    assert fields["load_lb"] == pytest.approx(0.25 + 2 * (2 + 3 * 0.02))
    # HP 13 on ST 4 and Basic Move 10 on Basic Speed 6.5: traits, held as they are, with advice.
    assert (fields["st"], fields["hp"], fields["basic_move"], fields["basic_speed"]) == (4, 13, 10, 6.5)
    figures = derive("gurps", fields)
    assert "HP 13: more than Lite lets you buy" in figures["advice"]
    assert "Basic Move 10: more than Lite lets you buy" in figures["advice"]
    lines = checks(answer)
    assert lines["Basic Lift (lb)"]["theirs"] == lines["Basic Lift (lb)"]["ours"] == 3.2
    assert all(line["agrees"] for line in answer["checks"])
    assert [lines[f"Move, encumbrance {name} ({level})"]["ours"]
            for level, name in enumerate(("None", "Light", "Medium", "Heavy", "Extra-Heavy"))] == [10, 8, 6, 4, 2]
    assert fields["climbing_skill"] == 16 and "lifting_st" not in fields and "dodge_bonus" not in fields


def test_gcs_version_4_giant_with_striking_st_explains_the_damage_it_differs_on():
    answer = load("gcs-v4.gcs")
    fields = answer["fields"]
    assert (fields["st"], fields["hp"], fields["load_lb"]) == (30, 30, 215)  # 0.1 tn boulder + a sack of mutton
    assert fields["weapon_skill"] == 12 and fields["ranged_skill"] == 11
    lines = checks(answer)
    assert lines["Basic Lift (lb)"]["agrees"] and lines["Basic Lift (lb)"]["ours"] == 180
    for figure in ("Thrust", "Swing"):
        assert not lines[figure]["agrees"] and "Striking ST +2" in lines[figure]["why"]
    assert (lines["Thrust"]["ours"], lines["Swing"]["ours"]) == ("3d", "5d+2")
    assert all(line["agrees"] for figure, line in lines.items() if figure not in ("Thrust", "Swing"))
    assert fields["hp_lost"] == 4 and "fp_lost" not in fields  # GCS's HP damage: wounds now
    assert not any("lost" in entry for entry in answer["skipped"])


def test_gcs_versions_2_and_1_have_no_computed_figures_and_say_so():
    two = load("gcs-v2.gcs")
    assert (two["fields"]["st"], two["fields"]["hp"], two["fields"]["basic_move"], two["fields"]["load_lb"]) == \
        (14, 14, 7, 3)
    assert two["fields"]["weapon_skill"] == 13 and two["fields"]["swimming_skill"] == 13  # inside a container
    assert any("Kicking" in entry for entry in two["skipped"])  # a technique, not the site's
    assert any("Horizontal" in entry for entry in two["skipped"])  # "advantages", containers opened
    (line,) = [line for line in two["checks"] if not line["figure"].startswith("Weapon:")]  # the weapons: theirs
    assert line["agrees"] is None and "version 2" in line["why"]
    one = load("gcs-v1.gcs")
    fields = one["fields"]
    # ST 11 + HP_adj 2; (12 + 12) / 4 + 0.25; that without fractions − 1; Will IQ + 1; Per IQ + 2.
    assert (fields["hp"], fields["fp"], fields["basic_speed"], fields["basic_move"], fields["will"],
            fields["per"]) == (13, 12, 6.25, 5, 11, 12)
    assert fields["load_lb"] == 9  # a backpack holding three torches, and a sword; the tent is not carried
    assert "swimming_skill" not in fields and any("Swimming" in entry for entry in one["skipped"])
    assert "version 1" in one["checks"][0]["why"]


def test_weights_in_every_unit_gcs_writes():
    assert weight_lb("1,900 lb") == 1900
    assert weight_lb("12 oz") == Fraction(3, 4)
    assert weight_lb("1 kg") == 2  # GCS counts 1 kg as 2 lb
    assert weight_lb("250 g") == Fraction(1, 2)
    assert weight_lb("1.5 tn") == 3000 and weight_lb("1 t") == 2000
    assert weight_lb("3", "kg") == 6 and weight_lb(" +2 LB ") == 2 and weight_lb("4#") == 4
    assert weight_lb("entity.weightInPounds") is None and weight_lb(None) is None
    nested = [{"quantity": 2, "base_weight": "1 kg", "children": [
        {"quantity": 3, "weight": "8 oz", "children": [{"quantity": 10, "base_weight": "10 g"}]}]},
        {"quantity": 0, "weight": "50 lb"}]
    # Each of the 2 bags: 2 lb + 3 × (0.5 lb + 10 × 0.02 lb); nothing for a quantity of 0.
    assert carried_lb(nested, "lb") == 2 * (2 + 3 * (Fraction(1, 2) + 10 * Fraction(1, 50)))
    # calc.extended_weight wins where the file has it (it counts modifiers GCS applied).
    assert carried_lb([{"quantity": 1, "base_weight": "5 lb", "calc": {"extended_weight": "4 lb"}}], "lb") == 4


def test_lifting_st_and_dodge_bonus_give_gcs_figures_at_every_encumbrance_level():
    base = json.loads((FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8"))
    for lifting, basic_lift in ((0, "29 lb"), (5, "58 lb"), (12, "115 lb")):
        base["calc"]["basic_lift"] = basic_lift
        answer = import_character(json.dumps(base))
        assert answer["fields"].get("lifting_st", 0) == lifting
        assert derive("gurps", answer["fields"])["basic_lift_lb"] == int(basic_lift.split()[0])
        assert all(line["agrees"] for line in answer["checks"]), answer["checks"]


def test_gcs_figures_halved_by_wounds_or_kyos_basic_lift_are_explained():
    data = json.loads((FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8"))
    data["attributes"][-1].update(damage=9, calc={"value": 12, "current": 3})  # 3 of 12 HP: reeling
    data["calc"].update(move=[3, 2, 2, 1, 1], dodge=[5, 5, 4, 4, 3])
    lines = checks(import_character(json.dumps(data)))
    assert not lines["Move, encumbrance None (0)"]["agrees"]
    assert "below 1/3 of its HP" in lines["Move, encumbrance None (0)"]["why"]
    data = json.loads((FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8"))
    data["settings"]["damage_progression"] = "knowing_your_own_strength"
    data["calc"]["basic_lift"] = "40 lb"
    line = checks(import_character(json.dumps(data)))["Basic Lift (lb)"]
    assert not line["agrees"] and "Knowing Your Own Strength" in line["why"]


def test_codex_quest_current_shape():
    answer = load("codex-quest-current.json")
    fields = answer["fields"]
    assert answer["system"] == "bfrpg" and answer["name"] == "Ilyra"
    assert (fields["race"], fields["class"], fields["level"]) == ("elf", "magic-user-thief", 3)
    assert (fields["strength"], fields["dexterity"], fields["intelligence"], fields["hp"]) == (9, 16, 17, 9)
    # 15 + 40 (the chain mail carried, not worn) + 2 + 2 × 1 + 14, the mule left out, 60 coins at 20 a pound.
    assert fields["load_lb"] == 76
    assert fields["armor"] == "leather" and "magic_armor" not in fields
    figures = derive("bfrpg", fields)
    # Magic-User 2-3 (13 14 13 15 14) and Thief 2-3 (12 14 12 15 14), the better of each, less the elf's bonuses.
    assert [figures[f"save_{name}"] for name in ("death_ray", "wands", "paralysis", "breath", "spells")] == \
        [12, 12, 11, 15, 12]
    assert figures["attack_bonus"] == 2
    skipped = " | ".join(answer["skipped"])
    assert fields["hp_lost"] == 4  # hp.current 5 of 9: wounds now
    for words in ("Donkey", "Sleep", "Elvish"):
        assert words in skipped, words
    # The leather armour worn (not the chain mail carried) and the buckler: the AC follows from them, untyped.
    assert fields["shield"] is True and "ac" not in fields and "armor_bonus" not in fields
    assert figures.inputs["ac"] == 13 + 1 + 2  # leather, the buckler, Dex 16
    assert answer["checks"] == []


def test_codex_quest_older_shape_and_its_saves_checked():
    answer = load("codex-quest-older.json")
    fields = answer["fields"]
    assert (fields["race"], fields["class"], fields["level"], fields["strength"], fields["hp"]) == \
        ("dwarf", "fighter", 2, 16, 14)
    assert fields["armor"] == "chain" and fields["load_lb"] == 52  # coins not counted unless the file asked
    assert "ac" not in fields and derive("bfrpg", fields).inputs["ac"] == 15  # the chain mail, no shield, Dex 11
    assert any("120 coins" in entry for entry in answer["skipped"])
    lines = checks(answer)
    assert lines["Load carried (lb)"]["agrees"]
    death = lines["Save vs. Death Ray or Poison"]
    assert (death["theirs"], death["ours"]) == (11, 7) and "race bonus" in death["why"]
    assert derive("bfrpg", fields).inputs["death_ray_save"] == 7


def test_codex_quest_coins_armour_and_classes_read_every_way():
    data = json.loads((FIXTURES / "codex-quest-current.json").read_text(encoding="utf-8"))
    data["settings"]["useCoinWeight"] = False
    assert import_character(json.dumps(data))["fields"]["load_lb"] == 73
    del data["settings"]["useCoinWeight"]  # the current shape counts coins unless told not to
    assert import_character(json.dumps(data))["fields"]["load_lb"] == 76
    data["equipment"][0].update(name="Chain Mail +1", weight=40, AC=15)
    fields = import_character(json.dumps(data))["fields"]
    assert (fields["armor"], fields["magic_armor"], fields["armor_bonus"]) == ("chain", True, 1)
    assert "ac" not in fields and derive("bfrpg", fields).inputs["ac"] == 15 + 1 + 1 + 2  # +1 mail, buckler, Dex 16
    data["equipment"][0].update(name="Plate Mail", weight=50, AC=17)
    assert import_character(json.dumps(data))["fields"]["armor"] == "plate"
    data["equipment"][0].update(name="Studded Leather", weight=20, AC=14)  # not in the rulebook's table
    answer = import_character(json.dumps(data))
    assert (answer["fields"]["armor"], answer["fields"]["ac"]) == ("leather", 14 + 1 + 2)
    line = checks(answer)["Armor Class"]
    assert (line["theirs"], line["ours"]) == (17, 16) and "Studded Leather" in line["why"]
    assert derive("bfrpg", answer["fields"]).inputs["ac"] == 17  # the file's, typed
    data["class"], data["race"] = ["Magic-User", "Fighter"], "Elf"
    assert import_character(json.dumps(data))["fields"]["class"] == "fighter-magic-user"


@pytest.mark.parametrize("name, words", [
    ("gcs-old-xml.gcs", "XML file from an older GURPS Character Sheet"),
    ("gcs-equipment-list.eqp", "equipment list (.eqp) from GURPS Character Sheet, not a character"),
    ("gcs-skill-list.skl", "skill list (.skl)"),
    ("gcs-template.gct", "template (.gct)"),
    ("gcs-newer.gcs", "newer GURPS Character Sheet (file version 6)"),
    ("gcs-no-attributes.gcs", "no attributes (ST, DX, IQ and HT)"),
    ("gcs-outside-limits.gcs", "Spirit Skull cannot be imported: the file's HP is 0"),
    ("other-tool.json", "not a character from GURPS Character Sheet or Codex Quest"),
    ("not-json.txt", "not JSON (line 1"),
    ("codex-quest-newer.json", "newer Codex Quest (data version 3)"),
    ("codex-quest-supplement-class.json", "class is barbarian"),
])
def test_every_bad_file_is_refused_with_a_sentence_to_act_on(name, words):
    error = refused((FIXTURES / name).read_text(encoding="utf-8"))
    assert words in error.message, error.message


def test_bad_input_of_every_other_kind_is_refused():
    assert "5 MB" in refused(" " * (5 * 1024 * 1024 + 1)).message
    assert "5 MB" in refused(b"{" + b" " * (5 * 1024 * 1024)).message
    assert "empty" in refused("").message
    assert "not text" in refused(b"\xff\xfe\x00garbage").message
    assert "received" in refused(None).message and "received" in refused(42).message
    assert "not a character" in refused("[1, 2, 3]").message
    assert "web page" in refused("<html><body>hi</body></html>").message
    race = json.loads((FIXTURES / "codex-quest-current.json").read_text(encoding="utf-8"))
    race["race"] = "gnome"
    assert "race is gnome" in refused(json.dumps(race)).message
    big = json.loads((FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8"))
    big["attributes"][0]["calc"]["value"] = 250
    assert "the file's ST is 250" in refused(json.dumps(big)).message
    # A file as bytes with a byte-order mark reads like text.
    assert import_character(b"\xef\xbb\xbf" + (FIXTURES / "gcs-v5.gcs").read_bytes())["name"] == "Sir Aldous"


def test_import_is_pure_and_repeatable():
    text = (FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8")
    assert import_character(text) == import_character(text)


# --- The page's side: rulescore.web.respond_import (the engine worker's answer) ----------------

def test_the_pages_answer_carries_the_import_with_labelled_fields():
    text = (FIXTURES / "gcs-v5.gcs").read_text(encoding="utf-8")
    answer = json.loads(respond_import_json(text))
    assert answer == json.loads(json.dumps(respond_import(text)))
    assert answer["ok"] is True and answer["program"] == "GCS"
    assert {key: answer[key] for key in KEYS} == json.loads(json.dumps(import_character(text)))
    shown = {entry["field"]: entry for entry in answer["shown"]}
    assert set(shown) == set(answer["fields"])
    assert shown["st"]["label"] == "ST" and shown["st"]["text"] == "12"
    assert shown["load_lb"]["text"] == "25.2 lb" and shown["load_lb"]["unit"] == "lb"
    assert shown["weapons"]["text"] == ", ".join(f"{weapon['name']} ({weapon['usage']})"
                                                 for weapon in answer["fields"]["weapons"])
    assert shown["weapons"]["text"].startswith("Broadsword (Swung), Broadsword (Thrust)")
    codex = respond_import((FIXTURES / "codex-quest-current.json").read_text(encoding="utf-8"))
    assert codex["program"] == "Codex Quest"
    assert {entry["field"]: entry["text"] for entry in codex["shown"]}["class"] == "Magic-User/Thief"


@pytest.mark.parametrize("name", ["not-json.txt", "gcs-template.gct", "codex-quest-newer.json", "other-tool.json"])
def test_the_pages_answer_for_a_bad_file_is_rulescores_sentence(name):
    text = (FIXTURES / name).read_text(encoding="utf-8", errors="replace")
    assert json.loads(respond_import_json(text)) == {"ok": False, "field": "file", "message": refused(text).message}


def test_wounds_imported_are_where_a_new_session_starts_and_the_calculators_they_fill():
    """HP and FP lost in a GCS file, and a Codex Quest character's hit points now, are the
    character's state: a session started (or joined) with them begins there, and the injury,
    recovery, fatigue and survival calculators take them from the character."""
    gurps = load("gcs-v4.gcs")["fields"]  # HP 30, 4 lost
    giant = {"id": "g", "name": "Giant", "system": "gurps",  # as the page keeps them: text, a list as JSON
             "fields": {k: json.dumps(v) if isinstance(v, list) else str(v) for k, v in gurps.items()}}
    state = session.new("gurps", [giant])
    assert session.view(state)["characters"][0]["figures"][0] == "HP 26 of 30"
    assert fill(BY_ID["gurps.injury"], gurps, derive("gurps", gurps))["hp_lost_before"] == 4
    assert fill(BY_ID["gurps.recovery"], gurps, derive("gurps", gurps))["hp_lost"] == 4
    fatigued = load("gcs-v5.gcs")["fields"]
    assert fill(BY_ID["gurps.fatigue"], fatigued, derive("gurps", fatigued))["fp_lost"] == 3
    bfrpg = load("codex-quest-current.json")["fields"]  # hit points 5 of 9
    ilyra = {"id": "i", "name": "Ilyra", "system": "bfrpg",
             "fields": {k: json.dumps(v) if isinstance(v, list) else str(v) for k, v in bfrpg.items()}}
    assert derive("bfrpg", bfrpg)["current_hp"] == 5
    assert fill(BY_ID["bfrpg.survival"], bfrpg, derive("bfrpg", bfrpg))["current_hp"] == 5
    joined = session.apply(session.new("bfrpg", []), {"do": "join", "character": ilyra})
    assert session.view(joined)["characters"][0]["figures"][0] == "HP 5 of 9"
    with pytest.raises(RulesInputError) as caught:
        derive("bfrpg", {**bfrpg, "hp_lost": 9})
    assert caught.value.field == "hp_lost" and caught.value.message.startswith("Hit points lost: 9 of 9")
