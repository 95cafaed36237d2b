"""Basic Fantasy RPG rules: the source's own figures, the edges of each rule, and our readings."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import rulescore
from rulescore import calculate
from rulescore.bfrpg.abilities import BASE_CAPACITY, capacity_factor
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
