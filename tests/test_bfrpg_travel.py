"""Basic Fantasy travel rules (split from tests/test_bfrpg.py): overland travel and the forced
march, waterborne travel, the journey planner, and what the travel pages say."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import pytest

import rulescore
from rulescore import calculate
from rulescore.bfrpg.saves import save_chance
from rulescore.bfrpg.shared import multiplier_text
from rulescore.bfrpg.water import TACKING_IMPOSSIBLE, VESSELS, WINDS
from rulescore.bfrpg.wilderness import TERRAINS
from rulescore.core import get_calculator
from tests.test_bfrpg import Exact, bars_of, page_text, run, table_rows

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
    assert set(by_page) == {"bfrpg/dungeon/", "bfrpg/wilderness/", "bfrpg/waterborne/", "bfrpg/combat/"}


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
    elif calc["id"] == "bfrpg.attack":
        (chart,) = charts
        assert bars_of(chart, "success") == result["hit_chance"]
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
        assert calc["id"] in ("bfrpg.encumbrance", "bfrpg.rest") and not charts  # no dice decide these


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
