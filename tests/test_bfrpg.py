"""Basic Fantasy RPG rules: the source's own figures, the edges of each rule, and our readings."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

import rulescore
from rulescore import calculate
from rulescore.bfrpg.abilities import BASE_CAPACITY, capacity_factor
from rulescore.bfrpg.saves import save_chance
from rulescore.bfrpg.shared import multiplier_text
from rulescore.bfrpg.water import TACKING_IMPOSSIBLE, VESSELS, WINDS
from rulescore.bfrpg.wilderness import TERRAINS
from rulescore.core import Working, get_calculator

RACES = ("human", "elf", "dwarf", "halfling")
DOCS = Path(__file__).resolve().parent.parent / "docs" / "bfrpg"


def page_text(name):
    """A BFRPG page's text with its line breaks folded, as a reader sees the sentences."""
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def run(calc_id, **inputs):
    return calculate(calc_id, inputs)


def table_rows(table_id):
    return rulescore.table(table_id)["rows"]


# --- Ability bonus and carrying capacity ---------------------------------------------------

# The book's ability bonus table, score by score.
BONUS_BY_SCORE = {3: -3, 4: -2, 5: -2, 6: -1, 7: -1, 8: -1, 9: 0, 10: 0, 11: 0, 12: 0,
                  13: 1, 14: 1, 15: 1, 16: 2, 17: 2, 18: 3}

# The book's carrying capacity table (facts file): Strength -> (H/E/D light, heavy, Halfling light, heavy).
BOOK_CAPACITY = {3: (25, 60, 20, 40), 4: (35, 90, 30, 60), 6: (50, 120, 40, 80), 9: (60, 150, 50, 100),
                 13: (65, 165, 55, 110), 16: (70, 180, 60, 120), 18: (80, 195, 65, 130)}


def book_capacity(strength):
    key = max(k for k in BOOK_CAPACITY if k <= strength)
    return BOOK_CAPACITY[key]


@pytest.mark.parametrize("strength", range(3, 19))
def test_strength_bonus_follows_the_ability_table(strength):
    assert run("bfrpg.encumbrance", strength=strength)["strength_bonus"] == BONUS_BY_SCORE[strength]
    assert run("bfrpg.chances", strength=strength)["door_strength_bonus"] == BONUS_BY_SCORE[strength]


@pytest.mark.parametrize("strength", range(3, 19))
@pytest.mark.parametrize("race", RACES)
def test_carrying_capacity_matches_the_book_table(race, strength):
    # The formula (+10 % per +1, -20 % per -1, nearest 5 lb) must give the book's printed figures.
    result = run("bfrpg.encumbrance", race=race, strength=strength)
    light, heavy, h_light, h_heavy = book_capacity(strength)
    expected = (h_light, h_heavy) if race == "halfling" else (light, heavy)
    assert (result["light_limit_lb"], result["heavy_limit_lb"]) == expected


def test_capacity_rounding_never_meets_a_half():
    # Our reading: "nearest 5 lb" needs no tie rule, because no unrounded figure ends in 2.5 or 7.5.
    for bonus in range(-3, 4):
        for light, heavy in BASE_CAPACITY.values():
            for pounds in (light * capacity_factor(bonus), heavy * capacity_factor(bonus)):
                assert pounds % 5 != Fraction(5, 2)


def test_capacity_table_rows_agree_with_the_calculator():
    for row in table_rows("bfrpg.carrying_capacity"):
        low = int(str(row[0]).split("–")[0])
        human = run("bfrpg.encumbrance", race="human", strength=low)
        halfling = run("bfrpg.encumbrance", race="halfling", strength=low)
        assert row[2:] == [human["light_limit_lb"], human["heavy_limit_lb"],
                           halfling["light_limit_lb"], halfling["heavy_limit_lb"]]


# --- Loads and movement ---------------------------------------------------------------------

@pytest.mark.parametrize("load, category, movement", [
    (0, "light", 40), (60, "light", 40), ("60.1", "heavy", 30), (150, "heavy", 30),
    ("150.01", "over", 0), (2000, "over", 0),
])
def test_a_load_exactly_at_a_limit_is_inside_it(load, category, movement):
    result = run("bfrpg.encumbrance", strength=10, load_lb=load)
    assert (result["load"], result["movement_ft"]) == (category, movement)


def test_halfling_limits_are_lower():
    assert run("bfrpg.encumbrance", race="halfling", strength=10, load_lb=50)["load"] == "light"
    assert run("bfrpg.encumbrance", race="halfling", strength=10, load_lb=51)["load"] == "heavy"
    assert run("bfrpg.encumbrance", race="halfling", strength=10, load_lb=101)["load"] == "over"


@pytest.mark.parametrize("armor, magic, light, heavy", [
    ("none", False, 40, 30), ("leather", False, 30, 20), ("metal", False, 20, 10),
    ("leather", True, 40, 30), ("metal", True, 30, 20),
    ("none", True, 40, 30),  # our reading: no armour, nothing to be magic
])
def test_movement_by_armour_and_load(armor, magic, light, heavy):
    light_result = run("bfrpg.encumbrance", armor=armor, magic_armor=magic, load_lb=60)
    heavy_result = run("bfrpg.encumbrance", armor=armor, magic_armor=magic, load_lb=61)
    assert light_result["movement_ft"] == light and heavy_result["movement_ft"] == heavy
    assert light_result["movement_per_turn_ft"] == 3 * light
    assert heavy_result["movement_per_turn_ft"] == 3 * heavy


def test_magic_armour_never_slows_and_more_load_never_speeds():
    for armor in ("none", "leather", "metal"):
        for load in range(0, 200, 5):
            plain = run("bfrpg.encumbrance", armor=armor, load_lb=load)["movement_ft"]
            magic = run("bfrpg.encumbrance", armor=armor, magic_armor=True, load_lb=load)["movement_ft"]
            heavier = run("bfrpg.encumbrance", armor=armor, load_lb=load + 5)["movement_ft"]
            assert magic >= plain >= heavier


def test_over_the_heavy_limit_invents_no_penalty():
    result = run("bfrpg.encumbrance", strength=18, load_lb=196)
    assert result["load"] == "over"
    assert (result["movement_ft"], result["movement_per_turn_ft"], result["miles_per_day"]) == (0, 0, 0)
    assert "195 lb" in result["note"] and "no movement rate" in result["note"]


@pytest.mark.parametrize("feet, miles", [(10, 6), (20, 12), (30, 18), (40, 24), (50, 30), (60, 36),
                                         (70, 42), (80, 48), (90, 54), (100, 60), (110, 66), (120, 72)])
def test_wilderness_rates_match_the_book(feet, miles):
    assert run("bfrpg.overland", movement_ft=feet)["miles_per_day"] == miles


def test_encumbrance_gives_miles_in_open_terrain():
    assert run("bfrpg.encumbrance", armor="metal", load_lb=100)["miles_per_day"] == 6  # 10' heavily loaded


def test_movement_table_agrees_with_the_calculator():
    armours = [("none", False), ("leather", False), ("metal", False)]
    for row, (armor, magic) in zip(table_rows("bfrpg.movement"), armours, strict=True):
        light = run("bfrpg.encumbrance", armor=armor, magic_armor=magic, load_lb=0)
        heavy = run("bfrpg.encumbrance", armor=armor, magic_armor=magic, load_lb=100)
        assert row[1:] == [f"{light['movement_ft']}'", f"{heavy['movement_ft']}'",
                           f"{light['movement_per_turn_ft']}'", f"{heavy['movement_per_turn_ft']}'"]


# --- Doors, traps, secret doors, listening -----------------------------------------------

def test_source_example_bonus_two_opens_stuck_doors_on_one_to_three():
    result = run("bfrpg.chances", strength=16)  # Strength 16: bonus +2
    assert result["stuck_door"] == 0.5 and result["stuck_door_x_in_y"] == "3 in 6"
    assert result["locked_door"] == 0.3 and result["locked_door_x_in_y"] == "3 in 10"
    assert result["bend_bars"] == 0.15 and result["bend_bars_x_in_y"] == "3 in 20"


@pytest.mark.parametrize("strength", [3, 4, 5, 6, 7, 8])
def test_our_reading_a_strength_penalty_leaves_no_winning_roll(strength):
    result = run("bfrpg.chances", strength=strength)
    assert result["stuck_door"] == result["locked_door"] == result["bend_bars"] == 0
    assert result["stuck_door_x_in_y"] == "0 in 6"


def test_strongest_character():
    result = run("bfrpg.chances", strength=18)
    assert (result["stuck_door"], result["locked_door"], result["bend_bars"]) == (4 / 6, 0.4, 0.2)


@pytest.mark.parametrize("race, intelligence, wins", [
    ("human", 3, 1), ("human", 14, 1), ("human", 15, 2), ("human", 18, 2),
    ("dwarf", 15, 2), ("halfling", 10, 1), ("elf", 10, 2), ("elf", 14, 2), ("elf", 15, 3), ("elf", 18, 3),
])
def test_secret_doors(race, intelligence, wins):
    result = run("bfrpg.chances", race=race, intelligence=intelligence)
    assert result["secret_door"] == pytest.approx(wins / 6)
    assert result["secret_door_x_in_y"] == f"{wins} in 6"


@pytest.mark.parametrize("race", ["human", "elf", "halfling"])
def test_traps_and_listening_are_one_in_six(race):
    result = run("bfrpg.chances", race=race, strength=18, intelligence=18)
    assert result["find_trap"] == result["listen"] == pytest.approx(0.1667, abs=5e-5)  # "about 16.7%"
    assert result["find_trap_x_in_y"] == result["listen_x_in_y"] == "1 in 6"
    assert "Dwarf" not in result["special_cases"]


@pytest.mark.parametrize("strength, intelligence", [(3, 3), (10, 10), (18, 18)])
def test_dwarves_find_traps_on_one_or_two(strength, intelligence):
    # Race rules (facts file): a Dwarf who searches finds traps on 1-2 on 1d6; listening stays 1 in 6.
    result = Exact("bfrpg.chances", {"race": "dwarf", "strength": strength, "intelligence": intelligence})
    assert result["find_trap"] == Fraction(2, 6) and result["find_trap_x_in_y"] == "2 in 6"
    assert result["listen"] == Fraction(1, 6)
    assert any("Dwarf" in s and "1–2 on 1d6" in s for s in result.steps)
    trap_chart = result.charts[4]
    assert trap_chart["title"].startswith("Find a trap") and bars_of(trap_chart, "success") == Fraction(2, 6)
    assert "Dwarf" in result["special_cases"] and "Thief" in result["special_cases"]
    assert "1–2 on 1d6 for a Dwarf" in rulescore.table("bfrpg.search_chances")["note"]


def test_a_trap_search_covers_at_most_one_square_a_turn():
    # "At least a turn per 10' square" is the least time, so a turn covers at most one square.
    steps = run("bfrpg.chances").steps
    assert any("at most one 10' square a turn" in s for s in steps)
    page = page_text("dungeon.md")
    assert "at the least" not in page and "at most one 10' square" in page
    quick = page_text("quick-reference.md")
    assert "at most one 10' square" in quick


def test_a_strength_penalty_door_reading_is_stated_where_0_in_6_is_shown():
    # The quick reference shows "0 in 6"; the table that shows it must say what that means.
    table = rulescore.table("bfrpg.quick_strength")
    assert "0 in 6" in [row[4] for row in table["rows"]]
    assert "no roll wins" in table["note"] and "penalty" in table["note"]
    quick = page_text("quick-reference.md")
    assert "0 in 6" in quick and "our reading" in quick.lower()


def test_door_table_agrees_with_the_calculator():
    for row in table_rows("bfrpg.door_chances"):
        strength = int(str(row[0]).split("–")[0])
        result = run("bfrpg.chances", strength=strength)
        wins = [int(result[f"{name}_x_in_y"].split()[0]) for name in ("stuck_door", "locked_door", "bend_bars")]
        for cell, won in zip(row[2:], wins, strict=True):
            wins_text = "1" if won == 1 else f"1–{won}"
            assert cell == ("no roll succeeds" if won == 0 else wins_text + cell[cell.index(" on"):])


# --- Light -----------------------------------------------------------------------------------

@pytest.mark.parametrize("source, lit, dim, low, high", [
    ("torch", 30, 50, 5, 8), ("lantern", 30, 50, 19, 24),
])
def test_torch_and_lantern(source, lit, dim, low, high):
    result = run("bfrpg.light", source=source, turns=0)
    assert (result["lit_radius_ft"], result["dim_radius_ft"]) == (lit, dim)
    assert (result["burn_min_turns"], result["burn_max_turns"]) == (low, high)
    assert (result["burn_min_minutes"], result["burn_max_minutes"]) == (10 * low, 10 * high)
    assert result["burn_average_turns"] == (low + high) / 2


@pytest.mark.parametrize("turns, chance, odds", [(0, 1, "1 in 1"), (4, 1, "1 in 1"), (5, 0.75, "3 in 4"),
                                                 (6, 0.5, "1 in 2"), (7, 0.25, "1 in 4"), (8, 0, "0 in 1"),
                                                 (100, 0, "0 in 1")])
def test_torch_still_burning(turns, chance, odds):
    # 1d4+4 turns: after 5 turns only a roll of 2-4 is still alight.
    result = run("bfrpg.light", source="torch", turns=turns)
    assert result["still_burning"] == chance and result["still_burning_x_in_y"] == odds


def test_lantern_burning_odds_fall_by_sixths():
    chances = [Fraction(run("bfrpg.light", source="lantern", turns=t)["still_burning"]).limit_denominator(6)
               for t in range(18, 25)]
    assert chances == [Fraction(k, 6) for k in range(6, -1, -1)]


def test_candle_burns_three_turns_an_inch():
    result = run("bfrpg.light", source="candle", candle_height_in=6, turns=17)
    assert (result["lit_radius_ft"], result["dim_radius_ft"]) == (5, 10)
    assert result["burn_min_turns"] == result["burn_max_turns"] == 18
    assert result["burn_max_minutes"] == 180
    assert result["still_burning"] == 1
    assert run("bfrpg.light", source="candle", candle_height_in=6, turns=18)["still_burning"] == 0
    assert run("bfrpg.light", source="candle", candle_height_in="0.5", turns=1)["burn_max_turns"] == 1.5


def test_light_table_agrees_with_the_calculator():
    rows = {row[0]: row for row in table_rows("bfrpg.light_sources")}
    torch = run("bfrpg.light", source="torch")
    assert rows["Torch"][1:3] == [f"{torch['lit_radius_ft']}'", f"{torch['dim_radius_ft']}'"]
    assert rows["Torch"][4] == f"{torch['burn_min_minutes']}–{torch['burn_max_minutes']}"


# --- Survival -------------------------------------------------------------------------------

@pytest.mark.parametrize("days, lost, healing", [(0, 0, True), (1, 0, True), (2, 0, True), (3, 1, False),
                                                 (10, 8, False), (60, 58, False)])
def test_hunger(days, lost, healing):
    result = run("bfrpg.survival", days_without_food=days, days_without_water=0, current_hp=100)
    assert result["hp_lost_least"] == result["hp_lost_average"] == result["hp_lost_most"] == lost
    assert result["natural_healing"] is healing


@pytest.mark.parametrize("days", [1, 2, 5, 30])
def test_thirst(days):
    result = run("bfrpg.survival", days_without_food=0, days_without_water=days, current_hp=300)
    assert (result["hp_lost_least"], result["hp_lost_most"]) == (days, 4 * days)
    assert result["hp_lost_average"] == 2.5 * days
    assert result["natural_healing"] is False  # lost with the first die


def test_hunger_and_thirst_add_up():
    result = run("bfrpg.survival", days_without_food=4, days_without_water=2, current_hp=10)
    assert (result["hp_lost_least"], result["hp_lost_average"], result["hp_lost_most"]) == (4, 7, 10)
    assert (result["hp_left_least"], result["hp_left_most"]) == (0, 6)
    assert result["chance_hp_gone"] == 1 / 16  # only 4 + 4 on 2d4 reaches 10


def test_chance_of_running_out_of_hp():
    assert run("bfrpg.survival", days_without_food=0, days_without_water=1, current_hp=4)["chance_hp_gone"] == 0.25
    assert run("bfrpg.survival", days_without_food=0, days_without_water=1, current_hp=1)["chance_hp_gone"] == 1
    assert run("bfrpg.survival", days_without_food=3, days_without_water=0, current_hp=1)["chance_hp_gone"] == 1
    assert run("bfrpg.survival", days_without_food=3, days_without_water=0, current_hp=2)["chance_hp_gone"] == 0


def test_survival_table_agrees_with_the_calculator():
    for day, food, healing, water in table_rows("bfrpg.survival"):
        hungry = run("bfrpg.survival", days_without_food=day, days_without_water=0, current_hp=300)
        thirsty = run("bfrpg.survival", days_without_food=0, days_without_water=day, current_hp=300)
        assert food == hungry["hp_lost_most"] and (healing == "yes") == hungry["natural_healing"]
        assert water.startswith(f"{thirsty['hp_lost_least']}–{thirsty['hp_lost_most']} ")


# --- Overland travel ------------------------------------------------------------------------

@pytest.mark.parametrize("terrain, miles", [
    ("clear", 24), ("plains", 24), ("trail", 24), ("road", 32), ("desert", 16), ("forest", 16), ("hills", 16),
    ("jungle", 8), ("mountains", 8), ("swamp", 8),
])
def test_terrain(terrain, miles):
    assert run("bfrpg.overland", movement_ft=40, terrain=terrain)["miles_per_day"] == miles
    # Flying doubles the open-terrain rate and ignores the ground below.
    assert run("bfrpg.overland", movement_ft=40, terrain=terrain, by_air=True)["miles_per_day"] == 48


def test_forced_march_adds_half():
    result = run("bfrpg.overland", movement_ft=30, terrain="forest", forced_march=True, days=1)
    assert result["miles_per_day"] == 18 and result["hours_per_day"] == 12
    assert result["damage_chance"] == 0 and result["most_damage"] == 0  # the first day is free


def test_fractional_miles_are_kept_exact():
    assert run("bfrpg.overland", movement_ft=5, terrain="jungle")["miles_per_day"] == 1
    assert run("bfrpg.overland", movement_ft=10, terrain="hills")["miles_per_day"] == 4
    assert run("bfrpg.overland", movement_ft=20, terrain="road")["miles_per_day"] == 16
    assert run("bfrpg.overland", movement_ft=25, terrain="forest")["miles_per_day"] == 10
    assert run("bfrpg.overland", movement_ft=35, terrain="hills")["miles_per_day"] == 14


def march_by_states(days, p):
    """Walk the days one by one over (save already failed?, damage days) states: (chance hurt, expected days)."""
    states = {(False, 0): Fraction(1)}
    for _ in range(max(days - 1, 0)):
        nxt = {}
        for (failed, hurt_days), prob in states.items():
            if failed:  # no more saves: the 1d6 simply comes
                moves = [((True, hurt_days + 1), prob)]
            else:
                moves = [((False, hurt_days), prob * p), ((True, hurt_days + 1), prob * (1 - p))]
            for state, q in moves:
                nxt[state] = nxt.get(state, 0) + q
        states = nxt
    hurt = sum((q for (failed, _), q in states.items() if failed), Fraction(0))
    expected = sum((q * d for (_, d), q in states.items()), Fraction(0))
    return hurt, expected


def book_save(save, bonus):
    """Chance to save on 1d20: a natural 1 always fails, a natural 20 always succeeds (facts file)."""
    return Fraction(sum(1 for roll in range(1, 21) if roll == 20 or (roll != 1 and roll + bonus >= save)), 20)


@pytest.mark.parametrize("days", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("save, con", [(12, 10), (14, 3), (9, 18), (2, 10), (20, 3), (1, 18), (4, 18)])
def test_forced_march_damage(days, save, con):
    bonus = {3: -3, 10: 0, 18: 3}[con]
    p = book_save(save, bonus)
    hurt, expected_days = march_by_states(days, p)
    result = run("bfrpg.overland", forced_march=True, days=days, death_ray_save=save, constitution=con)
    assert result["damage_chance"] == pytest.approx(float(hurt), abs=1e-12)
    assert result["expected_damage"] == pytest.approx(float(expected_days * Fraction(7, 2)), abs=1e-12)
    assert result["most_damage"] == 6 * (days - 1)


def test_forced_march_hand_worked():
    # Save 11, Constitution 10: half the saves succeed. Three days: two at risk, 3/4 chance of damage;
    # the first save fails (1/2) for two damage days, or the second (1/4) for one: 5/4 days x 3.5 HP.
    result = run("bfrpg.overland", forced_march=True, days=3, death_ray_save=11, constitution=10)
    assert result["damage_chance"] == 0.75
    assert result["expected_damage"] == 35 / 8


@pytest.mark.parametrize("calc_id", ["bfrpg.overland", "bfrpg.travel"])
def test_a_natural_1_always_fails_and_a_natural_20_always_saves(calc_id):
    # The GM's figures: save 1, two forced days: 5 % (not 0 %); save 20, Constitution 3, three
    # days: 1 − (1/20)² = 99.75 % (not 100 %). Both calculators, one shared rule.
    def chance(days, save, con):
        if calc_id == "bfrpg.overland":
            return Exact(calc_id, {"forced_march": True, "days": days, "death_ray_save": save,
                                   "constitution": con})["damage_chance"]
        return Exact(calc_id, {"leg_1_forced": True, "leg_1_days": days, "leg_2_days": 0, "leg_3_days": 0,
                               "death_ray_save": save, "constitution": con})["march_damage_chance"]
    assert chance(2, 1, 10) == Fraction(1, 20)
    assert chance(3, 20, 3) == 1 - Fraction(1, 20) ** 2 == Fraction(9975, 10000)
    assert chance(2, 1, 18) == Fraction(1, 20)    # even 1 + 3 against 1 fails on a natural 1
    assert chance(2, 20, 10) == Fraction(19, 20)  # only the natural 20 saves


def test_both_travel_calculators_share_one_forced_march_rule():
    for save, con, days in itertools.product([1, 2, 11, 19, 20], [3, 10, 18], [0, 1, 2, 4]):
        overland = Exact("bfrpg.overland", {"forced_march": bool(days), "days": max(days, 1),
                                            "death_ray_save": save, "constitution": con})
        travel = Exact("bfrpg.travel", {"leg_1_forced": bool(days), "leg_1_days": max(days, 1), "leg_2_days": 0,
                                        "leg_3_days": 0, "death_ray_save": save, "constitution": con})
        assert (overland["damage_chance"], overland["expected_damage"], overland["most_damage"]) == \
            (travel["march_damage_chance"], travel["march_damage_average"], travel["march_damage_most"])
        assert [s for s in overland.steps if "Death Ray" in s] == [s for s in travel.steps if "Death Ray" in s]
    assert save_chance(1, 3) == Fraction(19, 20)
    assert save_chance(20, -3) == Fraction(1, 20)


def test_save_chart_marks_the_natural_rolls():
    result = Exact("bfrpg.overland", {"forced_march": True, "days": 3, "death_ray_save": 20, "constitution": 3})
    (chart,) = result.charts
    kinds = {bar["label"]: bar["kind"] for bar in chart["bars"]}
    assert kinds["20"] == "success" and kinds["19"] == "failure" and kinds["1"] == "failure"
    low = Exact("bfrpg.overland", {"forced_march": True, "days": 3, "death_ray_save": 1, "constitution": 18})
    (chart,) = low.charts
    assert {bar["label"]: bar["kind"] for bar in chart["bars"]}["1"] == "failure"
    page = page_text("wilderness.md")
    assert "natural 1" in page and "natural 20" in page


def test_save_extremes():
    best = run("bfrpg.overland", forced_march=True, days=10, death_ray_save=4, constitution=18)
    assert best["damage_chance"] == pytest.approx(1 - 0.95 ** 9)  # only a natural 1 fails
    worst = run("bfrpg.overland", forced_march=True, days=10, death_ray_save=20, constitution=3)
    assert worst["damage_chance"] == pytest.approx(1 - 0.05 ** 9)  # only a natural 20 saves
    assert 0 < best["damage_chance"] < worst["damage_chance"] < 1


def test_no_forced_march_no_damage_and_no_damage_outputs():
    result = run("bfrpg.overland", days=30, death_ray_save=20, constitution=3)
    assert result["hours_per_day"] == 8 and result["total_miles"] == 720
    # The forced march outputs do not apply: None, which the page hides.
    assert result["damage_chance"] is None and result["expected_damage"] is None and result["most_damage"] is None
    assert result["min_airborne_ft"] is None  # not flying
    one_day = run("bfrpg.overland", forced_march=True, days=1)
    assert one_day["damage_chance"] == 0 and one_day["most_damage"] == 0  # the first day is free: 0 applies


def test_air_travel_and_staying_aloft():
    result = run("bfrpg.overland", movement_ft=120, terrain="mountains", by_air=True, forced_march=True)
    assert result["miles_per_day"] == 72 * 2 * 1.5  # our reading: a forced march works in the air too
    assert result["min_airborne_ft"] == 40
    assert run("bfrpg.overland", movement_ft=50, by_air=True)["min_airborne_ft"] == pytest.approx(50 / 3)


def test_terrain_and_rates_tables_agree_with_the_calculator():
    for row in table_rows("bfrpg.wilderness_rates"):
        feet = int(row[0].rstrip("'"))
        assert float(row[1]) == run("bfrpg.overland", movement_ft=feet)["miles_per_day"]
        assert float(row[2]) == run("bfrpg.overland", movement_ft=feet, forced_march=True)["miles_per_day"]
        assert float(row[3]) == run("bfrpg.overland", movement_ft=feet, by_air=True)["miles_per_day"]
    labels = {terrain.label: terrain.key for terrain in TERRAINS}
    for row in table_rows("bfrpg.terrain"):
        for label in row[0].split(", "):
            assert float(row[2]) == run("bfrpg.overland", movement_ft=40, terrain=labels[label])["miles_per_day"]


# --- Waterborne travel ----------------------------------------------------------------------

def sail(**inputs):
    return run("bfrpg.sailing", **inputs)


@pytest.mark.parametrize("wind, with_wind, tacking", [
    ("becalmed", 0, 0), ("very_light_breeze", 14, 0), ("light_breeze", 21, 14), ("moderate_breeze", 28, 14),
    ("average", 42, 21), ("strong", 56, 28), ("very_strong", 63, 0), ("gale", 84, 0),
])
def test_caravel_in_every_wind(wind, with_wind, tacking):
    assert sail(vessel="caravel", wind=wind)["miles_per_day"] == with_wind
    assert sail(vessel="caravel", wind=wind, against_wind=True)["miles_per_day"] == tacking


@pytest.mark.parametrize("wind", ["very_strong", "gale"])
def test_tacking_impossible_is_said_plainly(wind):
    result = sail(vessel="carrack", wind=wind, against_wind=True, navigator_24h=True)
    assert result["miles_per_day"] == 0 and "not possible" in result["note"]


def test_becalmed_sailing_ship_cannot_move_but_a_galley_rows():
    assert sail(vessel="carrack", wind="becalmed")["miles_per_day"] == 0
    assert "cannot move" in sail(vessel="carrack", wind="becalmed")["note"]
    galley = sail(vessel="small_galley", wind="becalmed")  # our reading: it takes to the oars unasked
    assert galley["miles_per_day"] == 24 and galley["propulsion"] == "oars"


def test_navigator_doubles_sailing_only():
    assert sail(vessel="carrack", navigator_24h=True)["miles_per_day"] == 96
    assert sail(vessel="carrack", navigator_24h=True)["hours_per_day"] == 24
    assert sail(vessel="carrack", wind="strong", navigator_24h=True)["miles_per_day"] == 128
    rowed = sail(vessel="longship", rowing=True, navigator_24h=True)
    assert rowed["miles_per_day"] == 24 and rowed["hours_per_day"] == 12
    assert sail(vessel="rowboat", navigator_24h=True)["miles_per_day"] == 24


@pytest.mark.parametrize("vessel, miles", [("canoe", 30), ("raft", 18), ("riverboat", 30), ("rowboat", 24)])
def test_boats_without_sails_ignore_the_wind(vessel, miles):
    for wind in ("becalmed", "average", "gale"):
        for against in (False, True):
            assert sail(vessel=vessel, wind=wind, against_wind=against)["miles_per_day"] == miles


def test_rowing_ignores_wind_and_sail_only_ships_cannot_row():
    assert sail(vessel="large_galley", wind="strong", rowing=True, against_wind=True)["miles_per_day"] == 24
    assert sail(vessel="sailboat", rowing=True)["miles_per_day"] == 36


def test_gale_damage():
    day = sail(vessel="caravel", wind="gale")
    assert day["gale_damage"].startswith("2d8 per hour") and day["gale_damage_average"] == 12 * 9
    assert sail(vessel="caravel", wind="gale", navigator_24h=True)["gale_damage_average"] == 24 * 9
    calm = sail(vessel="caravel", wind="strong")
    assert calm["gale_damage_average"] is None and calm["gale_damage"] is None  # no gale: hidden


@pytest.mark.parametrize("vessel", ["longship", "small_galley", "large_galley"])
@pytest.mark.parametrize("wind", ["very_strong", "gale", "very_light_breeze"])
def test_oared_ships_row_when_sailing_against_the_wind_gets_nowhere(vessel, wind):
    # Our reading: where tacking is not possible (or makes no headway), a ship with oars rows
    # at its rowing rate, as it does when becalmed.
    result = sail(vessel=vessel, wind=wind, against_wind=True)
    assert result["miles_per_day"] == 24 and result["propulsion"] == "oars"
    assert result["wind_multiplier"] is None and "rows" in result["note"]
    assert sail(vessel=vessel, wind=wind)["propulsion"] == "sails"  # with the wind it still sails
    if wind == "gale":
        assert result["gale_damage_average"] == 12 * 9
    sail_only = sail(vessel="carrack", wind=wind, against_wind=True)
    assert sail_only["miles_per_day"] == 0 and sail_only["propulsion"] == "sails"


def test_a_ship_that_could_row_faster_says_so():
    result = sail(vessel="longship", wind="light_breeze", against_wind=True)  # 42 × 1/3 = 14 < 24 rowed
    assert result["miles_per_day"] == 14 and "Rowing would be faster" in result["note"]
    assert "Rowing would be faster" not in sail(vessel="longship")["note"]


def test_sailing_tables_agree_with_the_calculator():
    rows = table_rows("bfrpg.sailing_winds")
    assert [r[0] for r in rows] == ["01–05", "06–13", "14–25", "26–40", "41–70", "71–85", "86–96", "97–00"]
    for row, key in zip(rows, (wind.key for wind in WINDS), strict=True):
        assert row[2] == multiplier_text(Fraction(sail(vessel="carrack", wind=key)["miles_per_day"]) / 48)
        tack = Fraction(sail(vessel="carrack", wind=key, against_wind=True)["miles_per_day"]) / 48
        assert row[3] == ("not possible" if key in TACKING_IMPOSSIBLE else multiplier_text(tack))
    keys = {vessel.label: vessel.key for vessel in VESSELS}
    for label, under_sail, rowed, _ in table_rows("bfrpg.vessels"):
        if under_sail != "—":
            assert sail(vessel=keys[label])["miles_per_day"] == under_sail
        if rowed != "—":
            assert sail(vessel=keys[label], rowing=True, wind="gale")["miles_per_day"] == rowed


# --- Travel planner --------------------------------------------------------------------------

def test_slowest_member_sets_the_pace_and_empty_slots_are_ignored():
    result = run("bfrpg.travel", member_1_ft=40, member_2_ft=0, member_3_ft=20, member_4_ft=0,
                 leg_1_terrain="clear", leg_1_days=2, leg_2_days=0, leg_3_days=0)
    assert result["pace_ft"] == 20 and result["journey_miles"] == 24 and result["journey_days"] == 2


def test_legs_add_up_and_forced_march_days_count_across_legs():
    result = run("bfrpg.travel", member_1_ft=30, member_2_ft=0,
                 leg_1_terrain="road", leg_1_days=2, leg_1_forced=True,
                 leg_2_terrain="hills", leg_2_days=1,
                 leg_3_terrain="swamp", leg_3_days=3, leg_3_forced=True,
                 death_ray_save=11, constitution=10)
    assert result["leg_1_miles"] == 18 * Fraction(4, 3) * Fraction(3, 2) * 2  # 72
    assert result["leg_2_miles"] == 12
    assert result["leg_3_miles"] == 6 * Fraction(3, 2) * 3  # 27
    assert result["journey_miles"] == 72 + 12 + 27 and result["journey_days"] == 6
    assert result["forced_march_days"] == 5
    # Our reading: an ordinary travel day is no rest, so the five forced days run as one progression.
    alone = run("bfrpg.overland", forced_march=True, days=5, death_ray_save=11, constitution=10)
    assert result["march_damage_chance"] == alone["damage_chance"]
    assert result["march_damage_average"] == alone["expected_damage"]
    assert result["march_damage_most"] == 24


def test_planner_by_air():
    result = run("bfrpg.travel", member_1_ft=60, member_2_ft=0, leg_1_terrain="mountains", leg_1_days=1,
                 leg_2_days=0, by_air=True)
    assert result["journey_miles"] == 72


def test_planner_with_no_days():
    result = run("bfrpg.travel", leg_1_days=0, leg_2_days=0, leg_3_days=0)
    assert result["journey_miles"] == 0 and result["journey_days"] == 0 and result["forced_march_days"] == 0
    assert result["march_damage_chance"] is None and result["march_damage_average"] is None
    assert result["march_damage_most"] is None
    assert result["leg_1_miles"] is None and result["leg_3_miles"] is None  # no such legs: hidden


def test_planner_asks_for_the_worst_save_in_plain_words():
    # In BFRPG the worst save is the highest target number, not the lowest.
    spec = {i["name"]: i for i in get_calculator("bfrpg.travel").describe()["inputs"]}["death_ray_save"]
    assert "lowest" not in spec["help"]
    assert "worst save" in spec["help"] and "highest save target number" in spec["help"]
    page = page_text("wilderness.md")
    assert "highest save target number" in page and "lowest save" not in page


# --- Every calculator at every choice --------------------------------------------------------

@pytest.mark.parametrize("calc", [c for c in rulescore.catalogue() if c["id"].startswith("bfrpg.")],
                         ids=lambda c: c["id"])
def test_every_choice_and_extreme_runs_with_finite_outputs_and_working(calc):
    spec = get_calculator(calc["id"])
    assert spec.system == "Basic Fantasy RPG" and spec.page.startswith("bfrpg/")
    cases = [{}]
    for item in calc["inputs"]:
        if item["kind"] == "choice":
            cases += [{item["name"]: value} for value in item["choices"]]
        elif item["kind"] == "bool":
            cases += [{item["name"]: True}]
        else:
            assert item["min"] is not None and item["max"] is not None
            cases += [{item["name"]: item["min"]}, {item["name"]: item["max"]}]
    for case in cases:
        result = calculate(calc["id"], case)
        assert result.steps
        for value in result.values():
            if isinstance(value, float):
                assert math.isfinite(value)
        for name in (o["name"] for o in calc["outputs"] if o["format"] == "percent"):
            assert result[name] is None or 0 <= result[name] <= 1


def test_contract_names():
    names = {c["id"]: ({i["name"] for i in c["inputs"]}, {o["name"] for o in c["outputs"]})
             for c in rulescore.catalogue()}
    assert {"race", "strength", "armor", "magic_armor", "load_lb"} <= names["bfrpg.encumbrance"][0]
    assert {"light_limit_lb", "heavy_limit_lb", "load", "movement_ft", "movement_per_turn_ft",
            "miles_per_day"} <= names["bfrpg.encumbrance"][1]
    assert {"movement_ft", "terrain", "forced_march", "by_air"} <= names["bfrpg.overland"][0]
    assert "miles_per_day" in names["bfrpg.overland"][1]
    assert {"vessel", "wind", "against_wind", "navigator_24h"} <= names["bfrpg.sailing"][0]
    assert "miles_per_day" in names["bfrpg.sailing"][1]
    assert {"race", "strength", "intelligence"} <= names["bfrpg.chances"][0]
    assert {"stuck_door", "locked_door", "bend_bars", "secret_door", "find_trap", "listen"} <= names["bfrpg.chances"][1]
    assert {"bfrpg.light", "bfrpg.survival", "bfrpg.travel"} <= set(names)


def test_calculators_sharing_a_page_share_no_output_name():
    # The site's checks find an output on a page by its name, so two forms on one page must not clash.
    by_page = {}
    for calc in rulescore.catalogue():
        if calc["id"].startswith("bfrpg."):
            names = by_page.setdefault(calc["page"], set())
            outputs = {o["name"] for o in calc["outputs"]}
            assert not names & outputs, (calc["id"], names & outputs)
            names |= outputs
    assert set(by_page) == {"bfrpg/dungeon/", "bfrpg/wilderness/", "bfrpg/waterborne/"}


def test_quick_strength_table_agrees_with_the_calculators():
    for row in table_rows("bfrpg.quick_strength"):
        strength = int(str(row[0]).split("–")[0])
        human = run("bfrpg.encumbrance", race="human", strength=strength)
        halfling = run("bfrpg.encumbrance", race="halfling", strength=strength)
        odds = run("bfrpg.chances", strength=strength)
        assert row[2] == f"{human['light_limit_lb']} / {human['heavy_limit_lb']}"
        assert row[3] == f"{halfling['light_limit_lb']} / {halfling['heavy_limit_lb']}"
        assert row[4:] == [odds["stuck_door_x_in_y"], odds["locked_door_x_in_y"], odds["bend_bars_x_in_y"]]
        assert row[1].replace("−", "-").lstrip("+") == str(human["strength_bonus"])


# --- Working: rule links, dice charts, output ranges -------------------------------------------

def bfrpg_cases():
    from tests.samples import sample_cases
    for calc in rulescore.catalogue():
        if calc["id"].startswith("bfrpg."):
            for inputs in [{}, *sample_cases(calc)]:
                yield calc, inputs


BFRPG_CASES = list(bfrpg_cases())


class ExactWorking(Working):
    """Keeps each chart's probabilities as exact Fractions (the Result holds them as floats)."""

    def __init__(self):
        super().__init__()
        self.exact_charts = []

    def chart(self, title, bars, summary=""):
        bars = [(str(label), Fraction(p), kind) for label, p, kind in bars]
        super().chart(title, bars, summary)
        self.exact_charts.append({"title": title, "summary": summary,
                                  "bars": [{"label": label, "p": p, "kind": kind} for label, p, kind in bars]})


class Exact:
    """A calculator's exact outputs, inputs and charts."""

    def __init__(self, calc_id, inputs):
        spec = get_calculator(calc_id)
        self.inputs = spec.resolve(inputs)
        working = ExactWorking()
        self.outputs = spec.function(working, **self.inputs)
        self.steps, self.step_rules, self.charts = working.steps, working.step_rules, working.exact_charts

    def __getitem__(self, name):
        return self.outputs[name]


def bars_of(chart, *kinds):
    return sum((bar["p"] for bar in chart["bars"] if bar["kind"] in kinds), Fraction(0))


@pytest.mark.parametrize("calc, inputs", BFRPG_CASES, ids=lambda v: v["id"] if "id" in v else "")
def test_every_step_links_a_rule_and_every_chart_is_a_whole_distribution(calc, inputs):
    result = Exact(calc["id"], inputs)
    assert len(result.step_rules) == len(result.steps) and all(result.step_rules), result.steps
    for chart in result.charts:
        assert sum(Fraction(bar["p"]) for bar in chart["bars"]) == 1, chart["title"]
        assert 1 < len(chart["bars"]) <= 41 and chart["title"] and chart["summary"]


@pytest.mark.parametrize("calc, inputs", BFRPG_CASES, ids=lambda v: v["id"] if "id" in v else "")
def test_numeric_outputs_stay_in_their_declared_ranges(calc, inputs):
    result = calculate(calc["id"], inputs)
    for out in calc["outputs"]:
        value = result[out["name"]]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if out["min"] is not None:
                assert value >= out["min"], out["name"]
            if out["max"] is not None:
                assert value <= out["max"], out["name"]


@pytest.mark.parametrize("calc, inputs", BFRPG_CASES, ids=lambda v: v["id"] if "id" in v else "")
def test_chart_success_matches_the_chance_outputs(calc, inputs):
    result = Exact(calc["id"], inputs)
    charts = result.charts
    if calc["id"] == "bfrpg.light":
        if result.inputs["source"] == "candle":
            assert not charts
        else:
            (chart,) = charts
            assert bars_of(chart, "success") == result["still_burning"]
    elif calc["id"] == "bfrpg.chances":
        names = ["stuck_door", "locked_door", "bend_bars", "secret_door", "find_trap", "listen"]
        assert len(charts) == len(names)
        for chart, name in zip(charts, names, strict=True):
            assert bars_of(chart, "success") == result[name], name
    elif calc["id"] == "bfrpg.modifiers":
        (chart,) = charts
        assert bars_of(chart, "success") == result["chance"]
    elif calc["id"] == "bfrpg.survival":
        if result.inputs["days_without_water"]:
            (chart,) = charts
            assert bars_of(chart, "failure") == result["chance_hp_gone"]
            assert bars_of(chart, "success") == 1 - result["chance_hp_gone"]
        else:
            assert not charts
    elif calc["id"] in ("bfrpg.overland", "bfrpg.travel"):
        if calc["id"] == "bfrpg.overland":
            forced_days = result.inputs["days"] if result.inputs["forced_march"] else 0
            chance = result["damage_chance"]
        else:
            forced_days, chance = result["forced_march_days"], result["march_damage_chance"]
        if forced_days > 1:
            (chart,) = charts
            save = bars_of(chart, "success")
            assert 1 - save ** (forced_days - 1) == chance
        else:
            assert not charts
    elif calc["id"] == "bfrpg.sailing":
        if result.inputs["wind"] == "gale":
            (chart,) = charts
            assert bars_of(chart, "neutral") == 1
            assert sum(int(b["label"]) * Fraction(b["p"]) for b in chart["bars"]) == 9
        else:
            assert not charts
    else:
        assert calc["id"] == "bfrpg.encumbrance" and not charts


def test_long_thirst_rolls_are_grouped_without_mixing_outcomes():
    result = Exact("bfrpg.survival", {"days_without_food": 0, "days_without_water": 30, "current_hp": 75})
    (chart,) = result.charts
    assert len(chart["bars"]) <= 41
    for bar in chart["bars"]:
        low = int(bar["label"].split("–")[0])
        high = int(bar["label"].split("–")[-1])
        assert bar["kind"] == ("failure" if low >= 75 else "success")
        assert (high >= 75) == (low >= 75)  # no bar straddles the 0 HP line
    assert bars_of(chart, "failure") == result["chance_hp_gone"]


def test_strength_penalty_leaves_door_charts_without_a_winning_roll():
    result = Exact("bfrpg.chances", {"strength": 3})
    assert all(bars_of(chart, "success") == 0 for chart in result.charts[:3])
    assert [c["summary"] for c in result.charts[:3]] == ["succeeds 0% of the time"] * 3


# --- One minus sign, one default per quantity --------------------------------------------------

# An ASCII hyphen used as a minus: before a digit, not inside a range ("9-11") or dice ("1d-3").
ASCII_MINUS = re.compile(r"(?<![0-9A-Za-z])-\s?[0-9]")


def test_steps_labels_help_and_tables_use_the_true_minus_sign():
    for calc in (c for c in rulescore.catalogue() if c["id"].startswith("bfrpg.")):
        texts = [t for spec in calc["inputs"] for t in (spec["label"], spec["help"] or "",
                                                       *(spec["choice_labels"] or {}).values())]
        texts += [t for spec in calc["outputs"] for t in (spec["label"], spec["help"])]
        for inputs in [{}, *sample_cases_of(calc)]:
            result = calculate(calc["id"], inputs)
            texts += result.steps + [chart["title"] + chart["summary"] for chart in result.charts]
            texts += [v for v in result.values() if isinstance(v, str)]
        for text in texts:
            assert not ASCII_MINUS.search(text), (calc["id"], text)
    for table_id in (t for t in rulescore.tables() if t.startswith("bfrpg.")):
        data = rulescore.table(table_id)
        for text in [data["note"], *data["columns"], *(c for row in data["rows"] for c in row if isinstance(c, str))]:
            assert not ASCII_MINUS.search(text), (table_id, text)


def test_survival_working_shows_negative_hit_points_with_a_true_minus():
    steps = run("bfrpg.survival", days_without_food=5, days_without_water=2, current_hp=4).steps
    assert any("leaves −" in s for s in steps)


def sample_cases_of(calc):
    from tests.samples import sample_cases
    return sample_cases(calc, 20)


def test_one_default_per_quantity():
    # The same input name means the same quantity: every BFRPG calculator starts it alike.
    seen = {}
    for calc in (c for c in rulescore.catalogue() if c["id"].startswith("bfrpg.")):
        for spec in calc["inputs"]:
            seen.setdefault(spec["name"], set()).add(spec["default"])
    assert all(len(defaults) == 1 for defaults in seen.values()), seen
    travel = {i["name"]: i["default"] for i in get_calculator("bfrpg.travel").describe()["inputs"]}
    overland = {i["name"]: i["default"] for i in get_calculator("bfrpg.overland").describe()["inputs"]}
    assert travel["member_1_ft"] == overland["movement_ft"]
