"""GURPS Lite physical feats: lifting, running, swimming, throwing, hiking and climbing.

Expected values are worked out here from the rules' own numbers (multiples of BL, table rows,
3d6 counts), never copied from the calculators' output.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import rulescore
from rulescore import calculate
from rulescore.core import get_calculator
from rulescore.gurps import climbing


def run(calc_id, **inputs):
    return calculate(calc_id, inputs)


def bl_of(st):
    raw = Fraction(st * st, 5)
    return raw if raw < 10 else Fraction(int(raw + Fraction(1, 2)))


# 3d6: ways to roll each total, out of 216.
WAYS = {3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27, 11: 27, 12: 25, 13: 21, 14: 15, 15: 10, 16: 6,
        17: 3, 18: 1}


def chance_at_most(target):
    """Plain success chance (no criticals), good for effective levels 5 to 14."""
    return Fraction(sum(w for total, w in WAYS.items() if total <= target), 216)


# --- Lifting --------------------------------------------------------------------------------

@pytest.mark.parametrize("st", [1, 3, 7, 8, 10, 12, 14, 20, 35])
def test_every_lift_is_its_multiple_of_basic_lift(st):
    r = run("gurps.lifting", st=st)
    bl = bl_of(st)
    def approx(multiple):
        return pytest.approx(float(multiple * bl))
    assert r["basic_lift_lb"] == r["combined_bl_lb"] == approx(1)
    assert r["one_handed_lift_lb"] == approx(2) and r["two_handed_lift_lb"] == approx(8)
    assert r["shove_lb"] == approx(12) and r["shove_running_lb"] == approx(24)
    assert r["carry_on_back_lb"] == approx(15) and r["shift_slightly_lb"] == approx(50)
    assert (r["one_handed_time_s"], r["two_handed_time_s"]) == (2, 4)


def test_helpers_add_basic_lift_not_st():
    r = run("gurps.lifting", st=10, helpers_bl_lb=29)   # a helper with ST 12
    assert r["basic_lift_lb"] == 20 and r["combined_bl_lb"] == 49
    assert r["two_handed_lift_lb"] == 8 * 49
    # Adding ST instead (10 + 12 = 22 -> BL 97) would be far more: the rule forbids it.
    assert r["combined_bl_lb"] < bl_of(22)


@pytest.mark.parametrize("weight, has, lacks", [
    (40, ["one-handed", "carry it on your back", "shove it", "shift"], ["two-handed", "FP"]),
    (40.01, ["two-handed"], ["one-handed"]),
    (160, ["two-handed"], []),
    (160.01, ["carry it on your back", "shove it"], ["one-handed", "two-handed"]),
    (200, ["carry it on your back"], ["FP"]),                       # exactly 10 x BL: no fatigue
    (200.01, ["at 1 FP a second"], []),
    (240, ["shove it;"], ["running start"]),
    (241, ["shove it with a running start"], []),
    (300, ["carry it on your back at 1 FP a second"], []),
    (301, ["running start", "shift"], ["on your back"]),
    (480, ["running start"], []),
    (481, ["shift it slightly"], ["shove"]),
    (1000, ["shift it slightly"], []),
    (1001, ["nothing"], ["shift"]),
])
def test_what_you_can_do_with_an_object_at_each_limit(weight, has, lacks):
    verdict = run("gurps.lifting", st=10, weight_lb=weight)["verdict"]   # BL 20 lb
    for text in has:
        assert text in verdict, (weight, verdict)
    for text in lacks:
        assert text not in verdict, (weight, verdict)


def test_no_object_no_verdict():
    # With no weight entered the verdict does not apply: None, which the page hides.
    assert run("gurps.lifting")["verdict"] is None
    assert run("gurps.lifting", weight_lb=1)["verdict"]


# --- Running --------------------------------------------------------------------------------

def test_source_sprint_example():
    # A Move of 7 sprints at 8.4 yd/s; paced running is half that.
    r = run("gurps.running", basic_move=7)
    assert r["move"] == 7 and r["sprint_yps"] == 8.4 and r["paced_yps"] == 4.2


@pytest.mark.parametrize("basic_move, level, move", [(7, 1, 5), (7, 2, 4), (7, 3, 2), (7, 4, 1), (1, 4, 1), (0, 0, 0)])
def test_running_uses_encumbered_move(basic_move, level, move):
    r = run("gurps.running", basic_move=basic_move, encumbrance_level=level)
    assert r["move"] == move
    assert r["sprint_yps"] == pytest.approx(move * 1.2) and r["paced_yps"] == pytest.approx(move * 0.6)


@pytest.mark.parametrize("basic_move, move", [(7, 4), (6, 3), (1, 1), (0, 0)])
def test_very_tired_halves_move_rounding_up(basic_move, move):
    # Our reading: "halve (round up)" from the Fatigue rules, applied before the sprint bonus.
    r = run("gurps.running", basic_move=basic_move, very_tired=True)
    assert r["move"] == move and r["sprint_yps"] == pytest.approx(move * 1.2)


def test_paced_mph_and_fatigue_schedule():
    r = run("gurps.running", basic_move=5)
    assert r["paced_mph"] == pytest.approx(3 * 3600 / 1760)
    assert (r["sprint_ht_every_s"], r["paced_ht_every_s"]) == (15, 60)


@pytest.mark.parametrize("ht, fail", [(10, Fraction(1, 2)), (12, 1 - chance_at_most(12)), (3, Fraction(212, 216)),
                                      (16, Fraction(4, 216)), (20, Fraction(4, 216))])
def test_ht_roll_failure_odds(ht, fail):
    # 3 and 4 always succeed; 17 and 18 always fail.
    assert run("gurps.running", ht=ht)["ht_fail_odds"] == pytest.approx(float(fail))


def test_more_load_never_speeds_a_runner():
    for basic_move in range(0, 16):
        sprints = [run("gurps.running", basic_move=basic_move, encumbrance_level=lvl)["sprint_yps"] for lvl in range(5)]
        assert sprints == sorted(sprints, reverse=True)


# --- Swimming -------------------------------------------------------------------------------

@pytest.mark.parametrize("basic_move, wm", [(0, 1), (4, 1), (5, 1), (9, 1), (10, 2), (14, 2), (15, 3), (100, 20)])
def test_water_move_is_a_fifth_rounded_down_at_least_1(basic_move, wm):
    assert run("gurps.swimming", basic_move=basic_move)["water_move"] == wm


@pytest.mark.parametrize("skill, level, intentional, target", [
    (12, 0, False, 12), (12, 0, True, 15), (12, 2, True, 11), (12, 4, False, 4), (0, 4, False, -8),
])
def test_swimming_roll_target(skill, level, intentional, target):
    r = run("gurps.swimming", swimming_skill=skill, encumbrance_level=level, intentional=intentional)
    assert r["roll_target"] == target


def test_swimming_odds():
    assert run("gurps.swimming", swimming_skill=11)["roll_odds"] == pytest.approx(135 / 216)
    assert run("gurps.swimming", swimming_skill=8, intentional=True)["roll_odds"] == pytest.approx(135 / 216)
    # Hopeless rolls still succeed on 3 or 4.
    assert run("gurps.swimming", swimming_skill=0, encumbrance_level=4)["roll_odds"] == pytest.approx(4 / 216)


def test_swimming_fatigue_roll_uses_the_higher_of_ht_and_skill_without_encumbrance():
    # Our reading: the fatigue roll uses Swimming skill as it stands, not the encumbered target.
    r = run("gurps.swimming", swimming_skill=14, ht=10, encumbrance_level=4)
    assert r["fatigue_roll_target"] == 14
    assert r["fatigue_fail_odds"] == pytest.approx(float(1 - chance_at_most(14)))
    assert run("gurps.swimming", swimming_skill=6, ht=11)["fatigue_roll_target"] == 11


@pytest.mark.parametrize("basic_move, wm", [(15, 2), (10, 1), (5, 1)])
def test_very_tired_halves_water_move_rounding_up(basic_move, wm):
    assert run("gurps.swimming", basic_move=basic_move, very_tired=True)["water_move"] == wm


def test_one_reading_of_a_third_of_your_fp_on_every_page_and_calculator():
    # Our reading: "very tired" starts strictly under 1/3 of FP (the Fatigue chart, which the running
    # and swimming rules point to). 3 FP left of 9 is not yet very tired; 2 is.
    import re
    from pathlib import Path

    from rulescore.gurps.common import ONE_THIRD_FP_RULE

    assert run("gurps.fatigue", fp=9, fp_lost=6)["halved"] is False
    assert run("gurps.fatigue", fp=9, fp_lost=7)["halved"] is True
    anchor = ONE_THIRD_FP_RULE.split("#")[1]
    for calc_id in ("gurps.running", "gurps.swimming", "gurps.hiking", "gurps.defense"):
        spec = next(i for i in get_calculator(calc_id).inputs if i.name == "very_tired")
        assert spec.label == "Under 1/3 of your FP", calc_id
        result = calculate(calc_id, {"very_tired": True})
        assert ONE_THIRD_FP_RULE in result.step_rules or calc_id == "gurps.hiking", calc_id
    assert ONE_THIRD_FP_RULE in calculate("gurps.fatigue", {"fp": 9, "fp_lost": 6}).step_rules
    docs = Path(__file__).resolve().parent.parent / "docs" / "gurps"
    fatigue_page = (docs / "recovery-and-fatigue.md").read_text(encoding="utf-8")
    assert "{#" + anchor + "}" in fatigue_page
    for page in ("running.md", "swimming.md"):
        text = " ".join((docs / page).read_text(encoding="utf-8").split())
        assert f"recovery-and-fatigue.md#{anchor}" in text, page
        assert not re.search(r"third (of your FP )?or less", text), page
        assert "already slowed" not in text, page


# --- Throwing -------------------------------------------------------------------------------

TABLE = [("0.05", "3.5"), ("0.10", "2.5"), ("0.15", "2.0"), ("0.20", "1.5"), ("0.40", "1.0"), ("0.50", "0.8"),
         ("1.0", "0.60"), ("1.5", "0.40"), ("2.0", "0.30"), ("2.5", "0.25"), ("3.0", "0.20"), ("4.0", "0.15"),
         ("6.0", "0.10"), ("10", "0.06"), ("12", "0.05")]


@pytest.mark.parametrize("ratio, modifier", TABLE[:-1])
def test_a_ratio_exactly_on_a_row_uses_that_row_and_just_over_uses_the_next(ratio, modifier):
    # ST 10, BL 20 lb; weight = ratio x 20.
    weight = Fraction(ratio) * 20
    if weight > 160:
        return
    r = run("gurps.throwing", st=10, weight_lb=str(float(weight)))
    assert r["distance_modifier"] == pytest.approx(float(modifier))
    assert r["distance_yd"] == pytest.approx(10 * float(modifier))
    following = TABLE[[row for row, _ in TABLE].index(ratio) + 1][1]
    over = run("gurps.throwing", st=10, weight_lb=str(float(weight) + 0.01))
    assert over["distance_modifier"] == pytest.approx(float(following))


def test_between_6_and_8_bl_reads_the_10_row():
    # A ratio over 6 (up to the 8 x BL limit) reads the row for 10; only the row for 12 is out of reach.
    for weight in (121, 140, 150, 160):                                  # ratios 6.05, 7, 7.5, 8
        r = run("gurps.throwing", st=10, weight_lb=weight)
        assert r["distance_modifier"] == pytest.approx(0.06) and r["distance_yd"] == pytest.approx(0.6)


def test_the_throwing_table_note_and_page_say_only_the_row_for_12_is_unreachable():
    from pathlib import Path

    note = rulescore.table("gurps.throwing_distance")["note"]
    assert "row for 10" in note and "row for 12 is never reached" in note and "past 8 never apply" not in note
    page = " ".join((Path(__file__).resolve().parent.parent / "docs" / "gurps" / "throwing.md")
                    .read_text(encoding="utf-8").split())
    assert "rows for 10 and 12 never apply" not in page
    assert "a ratio of 7 reads the row for 10" in page and "row for 12" in page


@pytest.mark.parametrize("weight, hands", [(40, "one hand"), (40.01, "two hands"), (160, "two hands")])
def test_one_hand_up_to_2_bl(weight, hands):
    r = run("gurps.throwing", st=10, weight_lb=weight)
    assert r["hands"] == hands and r["can_throw"] is True


def test_over_8_bl_is_too_heavy_to_throw():
    r = run("gurps.throwing", st=10, weight_lb=160.01)
    assert r["can_throw"] is False and "too heavy" in r["hands"]
    # Nothing is thrown, so distance, damage and the rolls to hit do not apply: None, hidden on the page.
    assert all(r[name] is None for name in ("distance_modifier", "distance_yd", "damage", "target_roll",
                                            "target_odds", "area_roll", "area_odds"))
    assert "8 × BL = 160 lb" in " ".join(calculate("gurps.throwing", {"st": 10, "weight_lb": 161}).steps)


@pytest.mark.parametrize("weight, damage", [
    (2.5, "1d-4"), (2.6, "1d-3"), (5, "1d-3"), (5.1, "1d-2"), (10, "1d-2"), (10.1, "1d-1"), (20, "1d-1"),
    (20.1, "1d-2"), (40, "1d-2"),
    (40.1, "1d-2"), (80, "1d-2"),          # our reading: -1/2 per die rounds to no change for one die
    (80.1, "1d-3"), (160, "1d-3"),
])
def test_thrown_damage_for_st_10(weight, damage):
    # ST 10 thrusts for 1d-2; BL 20 lb.
    assert run("gurps.throwing", st=10, weight_lb=weight)["damage"] == damage


@pytest.mark.parametrize("weight, damage", [(0.5, "2d-5"), (72, "2d+1"), (200, "2d-2"), (400, "2d-3")])
def test_thrown_damage_with_two_dice(weight, damage):
    # ST 19 thrusts for 2d-1; BL 72 lb. Two dice at up to 4 x BL lose exactly 1.
    assert run("gurps.throwing", st=19, weight_lb=weight)["damage"] == damage


@pytest.mark.parametrize("st, weight, damage", [
    (21, 5, "2d-4"),       # BL 88 lb, ratio under 1/8: thrust 2d, -2 per die = 2d-4
    (25, 2, "2d-2"),       # BL 125 lb, ratio under 1/8: thrust 2d+2, -2 per die = 2d-2
    (25, 125, "2d+4"),     # exactly BL: +1 per die
    (40, 1280, "4d-1"),    # BL 320 lb, 4 x BL: thrust 4d+1, -1/2 per die = -2
    (100, 16000, "11d-11"),  # BL 2000 lb, 8 x BL: thrust 11d, -1 per die
])
def test_thrown_damage_above_st_20_uses_the_basic_set_table(st, weight, damage):
    assert run("gurps.throwing", st=st, weight_lb=weight)["damage"] == damage


def test_throwing_rolls():
    r = run("gurps.throwing", dx=10)
    assert (r["target_roll"], r["area_roll"]) == (7, 10)
    assert r["target_odds"] == pytest.approx(float(chance_at_most(7))) and r["area_odds"] == pytest.approx(0.5)


def test_tiny_st_and_tiny_weights():
    r = run("gurps.throwing", st=1, weight_lb=0.01)          # BL 0.2 lb, ratio exactly 0.05
    assert r["distance_yd"] == pytest.approx(3.5) and r["damage"] == "1d-8"
    assert run("gurps.throwing", st=1, weight_lb=1.6)["can_throw"] is True
    assert run("gurps.throwing", st=1, weight_lb=1.61)["can_throw"] is False


def test_a_heavier_object_never_flies_farther():
    for st in (5, 10, 13):
        results = [run("gurps.throwing", st=st, weight_lb=w / 4) for w in range(1, 4 * 8 * 34)]
        distances = [r["distance_yd"] for r in results if r["can_throw"]]
        assert len(distances) > 10 and distances == sorted(distances, reverse=True)


# --- Hiking ---------------------------------------------------------------------------------

@pytest.mark.parametrize("terrain, miles", [("very_bad", 10), ("bad", 25), ("average", 50), ("good", 62.5)])
def test_miles_per_day_by_terrain(terrain, miles):
    r = run("gurps.hiking", basic_move=5, terrain=terrain)
    assert r["miles_per_day"] == pytest.approx(miles) and r["miles_without_roll"] == pytest.approx(miles)
    assert r["miles_with_roll"] == pytest.approx(miles * 1.2)
    assert run("gurps.hiking", basic_move=5, terrain=terrain, hiking_success=True)["miles_per_day"] == \
        pytest.approx(miles * 1.2)


def test_reeling_and_very_tired_halve_dodge_and_move_alike():
    # Our reading, the same on every calculator: each condition halves (rounded up), so both halve twice.
    assert run("gurps.defense", basic_speed=5, halved=True)["dodge"] == 4                     # 8 -> 4
    assert run("gurps.defense", basic_speed=5, very_tired=True)["dodge"] == 4
    assert run("gurps.defense", basic_speed=5, halved=True, very_tired=True)["dodge"] == 2    # 8 -> 4 -> 2
    assert run("gurps.defense", basic_speed=6, halved=True, very_tired=True)["dodge"] == 3    # 9 -> 5 -> 3
    assert run("gurps.hiking", basic_move=9, reeling=True, very_tired=True)["move"] == 3      # 9 -> 5 -> 3


def test_hiking_uses_encumbered_move_and_halvings():
    assert run("gurps.hiking", basic_move=5, encumbrance_level=2)["miles_per_day"] == 30       # Move 3
    assert run("gurps.hiking", basic_move=5, reeling=True)["move"] == 3                         # 2.5 up
    both = run("gurps.hiking", basic_move=5, reeling=True, very_tired=True)                     # 5 -> 3 -> 2
    assert both["move"] == 2 and both["miles_per_day"] == 20
    assert run("gurps.hiking", basic_move=0)["miles_per_day"] == 0


def test_hiking_odds():
    assert run("gurps.hiking", hiking_skill=12)["hiking_odds"] == pytest.approx(float(chance_at_most(12)))


# --- Climbing -------------------------------------------------------------------------------

MODIFIERS = {"tree": 5, "mountain": 0, "stone_wall": -3, "building": -3, "rope_up": -2, "rope_down": -1,
             "rope_down_equipment": -1}


@pytest.mark.parametrize("climb, modifier", MODIFIERS.items())
def test_climb_modifiers_and_encumbrance(climb, modifier):
    for level in range(5):
        r = run("gurps.climbing", climb=climb, climbing_skill=12, encumbrance_level=level)
        assert r["roll_target"] == 12 + modifier - level


def test_untrained_climbers_use_dx_minus_5_or_the_better_of_the_two():
    assert run("gurps.climbing", climbing_skill=0, dx=12)["roll_target"] == 7
    assert run("gurps.climbing", climbing_skill=5, dx=14)["roll_target"] == 9    # default 9 beats skill 5
    assert run("gurps.climbing", climbing_skill=11, dx=14)["roll_target"] == 11
    # Untrained with a very low DX: the default itself, below 0, not a skill of "0".
    untrained = calculate("gurps.climbing", {"climbing_skill": 0, "dx": 3})
    assert untrained["roll_target"] == -2 and "DX − 5 = 3 − 5 = −2" in untrained.steps[1]


@pytest.mark.parametrize("climb", ["ladder_up", "ladder_down"])
def test_ladders_need_no_roll_and_cost_no_fp(climb):
    r = run("gurps.climbing", climb=climb, climbing_skill=0, dx=1, encumbrance_level=4, height=30)
    assert r["roll_target"] == "no roll" and r["success_odds"] == 1
    assert r["combat_rolls"] == r["combat_fp"] == 0 and r["combat_all_odds"] == 1


def test_ladder_speeds_in_rungs():
    up = run("gurps.climbing", climb="ladder_up", height=30)
    down = run("gurps.climbing", climb="ladder_down", height=30)
    assert (up["combat_time"], up["regular_time"]) == ("10 s", "30 s")
    assert (down["combat_time"], down["regular_time"]) == ("15 s", "30 s")


@pytest.mark.parametrize("climb, height, combat, regular", [
    ("mountain", 20, "40 s", "2 min"),
    ("tree", 60, "1 min", "3 min"),                 # read "1 ft./3" as 1 ft per 3 s
    ("building", 30, "5 min", "15 min"),            # read "1ft. 10/sec" as 1 ft per 10 s
    ("stone_wall", 12, "1 min", "3 min"),
    ("rope_up", 20, "20 s", "1 min"),
    ("rope_down", 60, "30 s", "2 min"),
    ("rope_down_equipment", 120, "10 s", "10 s"),   # 12 ft/s at either pace, as printed
])
def test_climbing_times(climb, height, combat, regular):
    r = run("gurps.climbing", climb=climb, height=height)
    assert (r["combat_time"], r["regular_time"]) == (combat, regular)


def test_combat_speed_is_three_times_regular_where_the_table_is_clean():
    # The pattern that supports our reading of the tree and modern-building cells.
    for climb in ("mountain", "stone_wall", "rope_up", "tree", "building"):
        row = climbing.CLIMB[climb]
        assert row.combat_rate == 3 * row.regular_rate, climb


@pytest.mark.parametrize("height, rolls", [(30, 3), (29, 3), (20, 2), (10, 1), (11, 2)])
def test_one_roll_to_start_and_one_per_full_five_minutes(height, rolls):
    # Modern building, regular speed 2 ft/min: 10 ft is exactly 5 minutes -> only the starting roll.
    r = run("gurps.climbing", climb="building", height=height)
    assert r["regular_rolls"] == rolls


def test_combat_speed_costs_1_fp_per_roll_and_all_rolls_must_succeed():
    r = run("gurps.climbing", climb="building", height=31, climbing_skill=12)   # 310 s at combat speed
    assert r["combat_rolls"] == 2 and r["combat_fp"] == 2
    p = chance_at_most(9)
    assert r["success_odds"] == pytest.approx(float(p))
    assert r["combat_all_odds"] == pytest.approx(float(p ** 2))
    assert r["regular_rolls"] == 4 and r["regular_all_odds"] == pytest.approx(float(p ** 4))


def test_critical_failure_odds():
    # Effective 9: 17 and 18 are critical failures, 19+ impossible.
    assert run("gurps.climbing", climb="building", climbing_skill=12)["critical_failure_odds"] == \
        pytest.approx(4 / 216)
    # Effective 5 (untrained, DX 10): 15 and up is 10 over -> 10 + 6 + 3 + 1 ways.
    assert run("gurps.climbing", climbing_skill=0)["critical_failure_odds"] == pytest.approx(20 / 216)


def test_time_text():
    assert climbing.time_text(3725) == "1 h 2 min 5 s"
    assert climbing.time_text(Fraction(10, 3)) == "3.33 s"
    assert climbing.time_text(7200) == "2 h"


# --- Tables agree with the calculators ----------------------------------------------------

def test_throwing_distance_table_is_the_calculators_table():
    t = rulescore.table("gurps.throwing_distance")
    assert [(row[0], row[1]) for row in t["rows"]] == [(f"{float(r):g}", f"{float(m):g}") for r, m in TABLE]


def test_throwing_damage_table():
    t = rulescore.table("gurps.throwing_damage")
    assert [row[0] for row in t["rows"]] == ["up to BL/8", "up to BL/4", "up to BL/2", "up to BL", "up to 2 × BL",
                                            "up to 4 × BL", "up to 8 × BL"]


def test_lifting_table_matches_the_calculator():
    t = rulescore.table("gurps.lifting_multiples")
    r = run("gurps.lifting", st=10)
    keys = ["one_handed_lift_lb", "two_handed_lift_lb", "shove_lb", "shove_running_lb", "carry_on_back_lb",
            "shift_slightly_lb"]
    for row, key in zip(t["rows"], keys, strict=True):
        assert int(row[1].split(" ")[0]) * 20 == r[key]


def test_move_table_matches_the_encumbrance_calculator():
    t = rulescore.table("gurps.move_by_encumbrance")
    limits = [0, 40, 60, 120, 200]  # ST 10: a load at each level
    for row in t["rows"]:
        for level, load in enumerate(limits):
            assert row[1 + level] == calculate("gurps.encumbrance", {"st": 10, "basic_move": row[0],
                                                                    "load_lb": load})["move"]


def test_running_and_hiking_tables_match_the_calculators():
    for row in rulescore.table("gurps.running_speeds")["rows"]:
        r = run("gurps.running", basic_move=row[0])
        assert (row[1], row[2]) == (r["sprint_yps"], r["paced_yps"])
    terrains = ["very_bad", "bad", "average", "good"]
    for row in rulescore.table("gurps.hiking_miles")["rows"]:
        for terrain, miles in zip(terrains, row[1:], strict=True):
            assert miles == run("gurps.hiking", basic_move=row[0], terrain=terrain)["miles_per_day"]


def test_climbing_table_rows_and_readings():
    rows = rulescore.table("gurps.climbing")["rows"]
    assert len(rows) == 9
    by_name = {row[0]: row for row in rows}
    assert by_name["Ordinary tree"][1:] == ["+5", "1 ft/s", "1 ft per 3 s"]
    assert by_name["Modern building"][2] == "1 ft per 10 s"
    assert by_name["Rope, going down with equipment"][1:] == ["−1", "12 ft/s", "12 ft/s"]
    assert by_name["Ladder, going up"][1] == "no roll"


@pytest.mark.parametrize("calc_id", ["gurps.lifting", "gurps.running", "gurps.swimming", "gurps.throwing",
                                     "gurps.hiking", "gurps.climbing"])
def test_extreme_inputs_give_finite_answers(calc_id):
    calc = get_calculator(calc_id)
    ends = []
    for spec in calc.inputs:
        if spec.kind in ("int", "number"):
            ends.append([spec.min, spec.max])
        elif spec.kind == "bool":
            ends.append([False, True])
        else:
            ends.append([value for value, _ in spec.choices])
    names = [spec.name for spec in calc.inputs]
    for combo in product(*ends):
        r = calculate(calc_id, dict(zip(names, combo, strict=True)))
        for value in r.values():
            assert value == value and value not in (float("inf"), float("-inf"))
        assert r.steps


def test_ratios_just_past_a_limit_never_read_as_on_it():
    r = calculate("gurps.throwing", {"st": 10, "weight_lb": "1.0001"})
    assert r["weight_ratio"] == "just over 0.05" and r["distance_modifier"] == 2.5
    assert calculate("gurps.throwing", {"st": 10, "weight_lb": 1})["weight_ratio"] == "0.05"
    assert calculate("gurps.throwing", {"st": 12, "weight_lb": 3})["weight_ratio"] == "0.103"
    steps = calculate("gurps.lifting", {"st": 10, "weight_lb": "40.001"}).steps
    assert "40.001 lb is just over 2 × BL" in steps[-1] and "two-handed" in steps[-1]


# --- Dice charts: each roll's bars add up to the chance the calculator reports ---------------

from tests.test_gurps import exact_run, share_of  # noqa: E402

FEAT_CASES = [dict(zip(("basic_move", "encumbrance_level", "ht", "skill"), values, strict=True))
              for values in product((0, 5, 9), (0, 2, 4), (1, 10, 16), (0, 7, 12, 30))]


def test_running_chart_is_the_ht_roll():
    for case in FEAT_CASES:
        outputs, [chart] = exact_run("gurps.running", {"basic_move": case["basic_move"], "ht": case["ht"],
                                                       "encumbrance_level": case["encumbrance_level"]})
        assert chart[0] == f"3d6 against HT {case['ht']}"
        assert share_of(chart, "failure") == outputs["ht_fail_odds"]


def test_swimming_charts_are_the_swimming_and_fatigue_rolls():
    for case in FEAT_CASES:
        for intentional in (False, True):
            outputs, [swim, tiring] = exact_run("gurps.swimming", {
                "swimming_skill": case["skill"], "encumbrance_level": case["encumbrance_level"], "ht": case["ht"],
                "intentional": intentional})
            assert share_of(swim, "success") == outputs["roll_odds"]
            assert share_of(tiring, "failure") == outputs["fatigue_fail_odds"]


def test_throwing_charts_damage_then_both_rolls_to_hit():
    for st, weight, dx in product((1, 10, 20, 40), (Fraction(1, 100), 2, 30, 79), (1, 10, 14, 30)):
        outputs, charts = exact_run("gurps.throwing", {"st": st, "weight_lb": weight, "dx": dx})
        if not outputs["can_throw"]:
            assert charts == []
            continue
        *damage, target, area = charts
        assert len(damage) == 1                     # ST past 20 reads the Basic Set table
        assert all(kind == "neutral" for chart in damage for _, _, kind in chart[1])
        assert share_of(target, "success") == outputs["target_odds"]
        assert share_of(area, "success") == outputs["area_odds"]


def test_thrown_damage_chart_is_the_damage_dice():
    # ST 10 thrusts 1d-2; 2 lb (up to BL/8 is 2.5 lb) is -2 per die: 1d-4, totals -3 to 2.
    _, [damage, _, _] = exact_run("gurps.throwing", {"st": 10, "weight_lb": 2})
    assert damage[0] == "Damage 1d−4"                    # shown with a true minus sign
    assert [label for label, _, _ in damage[1]] == ["−3", "−2", "−1", "0", "1", "2"]
    assert all(p == Fraction(1, 6) for _, p, _ in damage[1])


def test_hiking_chart_is_the_daily_roll():
    for case in FEAT_CASES:
        outputs, [chart] = exact_run("gurps.hiking", {"hiking_skill": case["skill"]})
        assert share_of(chart, "success") == outputs["hiking_odds"]


def test_climbing_chart_is_each_roll_and_ladders_have_none():
    for climb, skill, level in product([row.value for row in climbing.CLIMBS], (0, 8, 14, 30), (0, 4)):
        outputs, charts = exact_run("gurps.climbing", {"climb": climb, "climbing_skill": skill,
                                                       "encumbrance_level": level})
        if climb.startswith("ladder"):
            assert charts == []
            continue
        [chart] = charts
        assert share_of(chart, "success") == outputs["success_odds"]
        assert share_of(chart, "critical-failure") == outputs["critical_failure_odds"]
        assert chart[0] == f"3d6 against Climbing {outputs['roll_target']}".replace("-", "−")


def test_feat_steps_link_to_their_own_page_or_a_named_gurps_page():
    for calc_id in ("gurps.lifting", "gurps.running", "gurps.swimming", "gurps.throwing", "gurps.hiking",
                    "gurps.climbing"):
        for inputs in ({}, {"helpers_bl_lb": 20, "weight_lb": 30} if calc_id == "gurps.lifting" else {}):
            rules = calculate(calc_id, inputs).step_rules
            assert rules and all(rule.startswith("#") or rule.startswith("gurps/") for rule in rules)
