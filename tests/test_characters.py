"""Characters: the fields each system's sheet stores, what derive makes of them, and the
calculator inputs a character fills (the catalogue's "character" key)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulescore
from rulescore import RulesInputError, calculate, character_fields, derive

SYSTEMS = ("bfrpg", "gurps", "shell")
CATALOGUE = rulescore.catalogue()
FIELD_KEYS = {"name", "label", "kind", "default", "min", "max", "choices", "derived"}


def sheet_names(system: str) -> set[str]:
    """Every figure a character of ``system`` offers: its fields and derive's outputs."""
    return {field["name"] for field in character_fields(system)} | set(derive(system, {}))


def bound(system: str) -> list[tuple[dict, dict]]:
    """(calculator, input) for every input of ``system``'s calculators that a character fills."""
    return [(calc, spec) for calc in CATALOGUE if calc["id"].startswith(system + ".")
            for spec in calc["inputs"] if spec["character"]]


def fill(calc: dict, character: dict, figures) -> dict:
    """The inputs a calculator gets from a character: fields first, derived figures after."""
    return {spec["name"]: character.get(spec["character"], figures.get(spec["character"]))
            for spec in calc["inputs"] if spec["character"]}


@pytest.mark.parametrize("system", SYSTEMS)
def test_fields_are_shaped_like_catalogue_inputs(system):
    fields = character_fields(system)
    assert fields and all(FIELD_KEYS <= set(field) for field in fields)
    assert len({field["name"] for field in fields}) == len(fields)
    json.dumps(fields)  # the page gets them as JSON


def test_an_unknown_system_is_refused_by_name():
    for system in ("dnd", "", None, 3, "GURPS"):
        with pytest.raises(RulesInputError) as caught:
            character_fields(system)
        assert caught.value.field == "system"
        with pytest.raises(RulesInputError):
            derive(system, {})


def test_the_gurps_example_of_the_facts():
    """ST 12, DX 13, IQ 10, HT 11 (rules-facts.md, "GURPS characters")."""
    result = derive("gurps", {"st": 12, "dx": 13, "iq": 10, "ht": 11})
    assert {name: result[name] for name in ("hp", "fp", "will", "per", "basic_speed", "basic_move",
                                            "basic_lift_lb", "dodge", "thrust", "swing")} == {
        "hp": 12, "fp": 11, "will": 10, "per": 10, "basic_speed": 6, "basic_move": 6,
        "basic_lift_lb": 29, "dodge": 9, "thrust": "1d-1", "swing": "1d+2"}
    assert all(rule for rule in result.step_rules), "every step names its rule"
    assert not any(rule.startswith("#") for rule in result.step_rules), "rules point at pages, not this one"


def test_secondary_characteristics_follow_until_bought_and_past_lite_is_advice():
    assert derive("gurps", {"st": 14})["hp"] == 14  # follows ST while not bought
    assert derive("gurps", {"st": 14, "hp": 18})["hp"] == 18  # 30 % of 14 is 4.2: up to 4
    assert derive("gurps", {"st": 14, "hp": 18})["advice"] is None
    assert derive("gurps", {"dx": 12, "ht": 11, "basic_speed": "6.5"})["basic_move"] == 6
    # Past what GURPS Lite's points buy: traits do that, so the sheet holds it and says so.
    for values, field, word in (({"st": 14, "hp": 19}, "hp", "more"), ({"st": 14, "hp": 9}, "hp", "less"),
                                ({"ht": 10, "fp": 14}, "fp", "more"), ({"iq": 10, "will": 5}, "will", "less"),
                                ({"iq": 9, "per": 30}, "per", "more"),
                                ({"dx": 10, "ht": 10, "basic_speed": "7.25"}, "basic_speed", "more"),
                                ({"dx": 10, "ht": 10, "basic_move": 9}, "basic_move", "more"),
                                ({"st": 4, "hp": 13}, "hp", "more"), ({"st": 60}, None, None)):
        result = derive("gurps", values)
        if field is None:
            assert result["advice"] is None and result["hp"] == 60
            continue
        label = next(f["label"] for f in character_fields("gurps") if f["name"] == field)
        assert result["advice"].startswith(f"{label} "), result["advice"]
        assert f"{word} than Lite lets you buy" in result["advice"]
        assert any(result["advice"] in sentence for sentence in result.steps), "the working says it too"
    # Outside the wide limits every calculator takes, still refused by label.
    for values, field in (({"iq": 10, "per": 31}, "per"), ({"st": 201}, "st"), ({"st": -1}, "st"),
                          ({"st": 20, "hp": 201}, "hp"),
                          ({"basic_speed": "5.1"}, "basic_speed"), ({"basic_move": 31}, "basic_move"),
                          ({"lifting_st": -1}, "lifting_st"), ({"dodge_bonus": 11}, "dodge_bonus")):
        with pytest.raises(RulesInputError) as caught:
            derive("gurps", values)
        assert caught.value.field == field, values
        label = next(f["label"] for f in character_fields("gurps") if f["name"] == field)
        assert caught.value.message.startswith(label + ":"), caught.value.message


def test_bad_fields_are_refused_by_label():
    for system, values, field in (("bfrpg", {"strength": 19}, "strength"), ("bfrpg", {"race": "orc"}, "race"),
                                  ("shell", {"st": 20, "st_race": 2}, "st"),
                                  ("shell", {"combat_level": 5, "best_combat_level": 4}, "best_combat_level"),
                                  ("gurps", {"st": "abc"}, "st"), ("gurps", {"name": "Bruno"}, "name")):
        with pytest.raises(RulesInputError) as caught:
            derive(system, values)
        assert caught.value.field == field


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_bound_input_names_a_figure_of_its_system(system):
    names = sheet_names(system)
    pairs = bound(system)
    assert pairs
    for calc, spec in pairs:
        assert spec["character"] in names, (calc["id"], spec["name"], spec["character"])


# Inputs named like a sheet figure that a character still does not fill, and why.
NOT_FROM_THE_SHEET = {
    ("gurps.influence", "skill"): "which skill depends on the influence chosen",
    ("shell.skill_roll", "attribute"): "the attribute the skill rolls against",
    ("shell.contest", "attribute"): "the attribute the contest is about",
    ("shell.npc_attributes", "dr"): "NPC-only attributes",
    ("shell.npc_attributes", "dm_percent"): "NPC-only attributes",
    ("shell.damage", "dm_percent"): "NPC-only attributes",
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_input_the_sheet_determines_is_bound(system):
    names = sheet_names(system)
    for calc in CATALOGUE:
        if not calc["id"].startswith(system + "."):
            continue
        for spec in calc["inputs"]:
            if spec["name"] in names and (calc["id"], spec["name"]) not in NOT_FROM_THE_SHEET:
                assert spec["character"], f"{calc['id']} {spec['name']} is on the sheet but not filled from it"


def test_the_contract_examples_of_the_issue():
    inputs = {calc["id"]: {spec["name"]: spec["character"] for spec in calc["inputs"]} for calc in CATALOGUE}
    assert inputs["gurps.jump"]["basic_move"] == "basic_move"
    assert inputs["gurps.throwing"]["st"] == "st"
    assert inputs["bfrpg.chances"]["strength"] == "strength"
    assert inputs["shell.combat"]["mv"] == "mv"
    assert inputs["gurps.range_modifier"]["distance_yd"] is None  # situational


def test_derive_is_the_calculators_own_answer():
    gurps = derive("gurps", {"st": 15, "dx": 12, "ht": 12, "load_lb": 100, "basic_speed": "6.5"})
    loaded = calculate("gurps.encumbrance", {"st": 15, "basic_speed": "6.5", "load_lb": 100})
    assert [gurps[name] for name in ("basic_lift_lb", "encumbrance_level", "move", "dodge")] == \
        [loaded[name] for name in ("basic_lift_lb", "encumbrance_level", "move", "dodge")]
    damage = calculate("gurps.damage", {"st": 15})
    assert (gurps["thrust"], gurps["swing"]) == (damage["thrust"], damage["swing"])
    bfrpg = derive("bfrpg", {"race": "halfling", "strength": 7, "armor": "leather", "load_lb": 30})
    carried = calculate("bfrpg.encumbrance", {"race": "halfling", "strength": 7, "armor": "leather", "load_lb": 30})
    for name in ("light_limit_lb", "heavy_limit_lb", "movement_ft", "movement_per_turn_ft"):
        assert bfrpg[name] == carried[name]
    assert bfrpg["strength_bonus"] == carried["strength_bonus"]
    shell_values = {"st": 14, "ag": 12, "st_race": 1, "mv_bought": 1, "end_bought": 2}
    shell = derive("shell", shell_values)
    sheet = calculate("shell.character", shell_values)
    assert all(shell[name] == sheet[name] for name in sheet)


def characters(system: str):
    """Random characters of ``system``, as a player might enter them (every field in range)."""
    strategies: dict[str, st.SearchStrategy] = {}
    for field in character_fields(system):
        if field["derived"]:
            continue  # follows the attributes, as on a new sheet
        if field["kind"] == "bool":
            strategies[field["name"]] = st.booleans()
        elif field["kind"] == "choice":
            strategies[field["name"]] = st.sampled_from(field["choices"])
        elif field["kind"] == "int":
            strategies[field["name"]] = st.integers(field["min"], min(field["max"], 1000))
        elif field["kind"] == "list":  # weapons: each item's fields checked on their own (rulescore.lists)
            strategies[field["name"]] = st.just([])
        else:
            strategies[field["name"]] = st.integers(0, 4 * min(field["max"], 10**4)).map(lambda k: Fraction(k, 4))
    return st.fixed_dictionaries(strategies)


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_calculator_accepts_what_a_character_gives_it(system, data):
    character = data.draw(characters(system))
    try:
        figures = derive(system, character)
    except RulesInputError as error:
        # (GURPS: HP that follows ST 0 is refused by HP, which the form shows though the character left it out)
        assert error.field in character or (system, error.field) == ("gurps", "hp") and character["st"] == 0
        # SHELL: racial modifiers past the chart; BFRPG: no hit points left
        # GURPS: HP lost past −5 × HP (dead), FP lost past −FP (where fatigue comes off HP); SHELL: damage
        # taken at twice HP (dead)
        assert (system, error.field) in (("shell", "st"), ("shell", "ag"), ("gurps", "hp_lost"), ("gurps", "fp_lost"),
                                         ("shell", "damage_taken")) \
            or (system, error.field) == ("bfrpg", "hp_lost") and character["hp_lost"] >= character["hp"] \
            or (system, error.field) == ("bfrpg", "armor_bonus") and character["armor"] == "none" \
            and not character["shield"] \
            or (system, error.field) in (("gurps", "load_lb"), ("gurps", "hp")) and character["st"] == 0
        # (Basic Fantasy: a magic bonus with nothing to carry it; GURPS: no body carries nothing, and HP
        # that follows ST 0 is none)
        return
    for calc, _ in {calc["id"]: (calc, None) for calc, _ in bound(system)}.values():
        given_inputs = fill(calc, character, figures)
        if system == "bfrpg" and figures["load"] == "over":
            # No movement rate for a load past the heavy limit: the travel calculators say so.
            given_inputs = {name: value for name, value in given_inputs.items() if value != 0}
        try:
            calculate(calc["id"], {name: value for name, value in given_inputs.items() if value is not None})
        except RulesInputError as error:
            # A creature's ST 0 (no body), FP 0 (no fatigue) or Will 0 (mindless) is no figure the lifting,
            # load, throwing, damage, fatigue and Fright Check calculators work with: they refuse it by the
            # field's label, nothing worse.
            assert system == "gurps" and error.field in ("st", "fp", "will") and given_inputs[error.field] == 0, error
            assert error.message.startswith(next(spec["label"] for spec in calc["inputs"]
                                                 if spec["name"] == error.field) + ":")


def test_the_command_line_derives():
    run = subprocess.run([sys.executable, "-m", "rulescore", "derive", "gurps", "st=12", "dx=13", "--json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout)["outputs"]["basic_lift_lb"] == derive("gurps", {"st": 12, "dx": 13})["basic_lift_lb"]
    refused = subprocess.run([sys.executable, "-m", "rulescore", "derive", "gurps", "hp=999"],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and refused.stderr.startswith("error: HP:")


def test_bfrpg_class_and_level_give_the_saves_and_attack_bonus_of_the_facts():
    """rules-facts.md, "Classes, levels and saving throws" and the attack bonus table."""
    saves = ("death_ray", "wands", "paralysis", "breath", "spells")
    for values, expected, attack in (
        ({"class": "fighter", "level": 1}, [12, 13, 14, 15, 17], 1),
        ({"class": "cleric", "level": 9}, [8, 9, 12, 14, 13], 5),
        ({"class": "magic-user", "level": 20}, [8, 6, 5, 11, 8], 7),
        ({"class": "thief", "level": 12}, [9, 10, 10, 10, 11], 6),
        ({"class": "fighter", "level": 20}, [5, 6, 8, 9, 10], 10),
        # Dwarves and halflings: +4, +4, +4, +3, +4 taken off; elves +0, +2, +1, +0, +2.
        ({"class": "fighter", "level": 1, "race": "halfling"}, [8, 9, 10, 12, 13], 1),
        ({"class": "fighter-magic-user", "level": 6, "race": "elf"}, [10, 9, 10, 14, 11], 4),
    ):
        result = derive("bfrpg", values)
        assert [result[f"save_{name}"] for name in saves] == expected, values
        assert result["attack_bonus"] == attack, values
        assert result.inputs["death_ray_save"] == expected[0]  # the forced march's save follows them
    # Changed by hand, it stays (and the working says so); the other saves still follow the class.
    result = derive("bfrpg", {"class": "thief", "level": 4, "death_ray_save": 9})
    assert result["save_death_ray"] == 9 and result["save_wands"] == 13
    assert any("set by hand" in step for step in result.steps)
    overland = calculate("bfrpg.overland", {"death_ray_save": result.inputs["death_ray_save"]})
    assert overland.inputs["death_ray_save"] == 9
    for values, field in (({"level": 0}, "level"), ({"level": 21}, "level"), ({"class": "barbarian"}, "class")):
        with pytest.raises(RulesInputError) as caught:
            derive("bfrpg", values)
        assert caught.value.field == field


def test_gurps_lifting_st_and_dodge_bonus_reach_the_calculators_they_fill():
    values = {"st": 12, "dx": 13, "ht": 11, "lifting_st": 3, "dodge_bonus": 1, "load_lb": 80}
    sheet = derive("gurps", values)
    loaded = calculate("gurps.encumbrance", {"st": 12, "basic_speed": 6, "load_lb": 80, "lifting_st": 3,
                                             "dodge_bonus": 1})
    assert [sheet[name] for name in ("basic_lift_lb", "encumbrance_level", "move", "dodge")] == \
        [loaded[name] for name in ("basic_lift_lb", "encumbrance_level", "move", "dodge")] == [45, 1, 4, 9]
    assert calculate("gurps.lifting", {"st": 12, "lifting_st": 3})["basic_lift_lb"] == 45
    assert calculate("gurps.defense", {"basic_speed": 6, "encumbrance_level": 1, "dodge_bonus": 1})["dodge"] == 9
    assert (sheet["thrust"], sheet["swing"]) == ("1d-1", "1d+2")  # damage follows ST, not Lifting ST


def test_gurps_wounds_and_fatigue_stay_within_what_a_living_character_carries():
    """HP lost to −5 × HP (dead) and FP lost past −FP (fatigue then comes off HP) are refused by
    label, as Basic Fantasy refuses hit points lost down to 0."""
    assert derive("gurps", {"st": 10, "hp_lost": 59, "fp_lost": 20}).inputs["hp_lost"] == 59
    for field, value, said in (("hp_lost", 60, "HP lost: 60 of HP 10 leaves −50, and at −5 × HP (−50) a character "
                                                "is dead; enter at most 59."),
                               ("fp_lost", 21, "FP lost: 21 of FP 10 goes past −FP (−10), where fatigue comes off "
                                               "HP instead; enter at most 20.")):
        with pytest.raises(RulesInputError) as caught:
            derive("gurps", {"st": 10, field: value})
        assert (caught.value.field, caught.value.message) == (field, said)
