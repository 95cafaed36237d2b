"""SHELL rules: the source's own examples, the edges of each rule, and our readings."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import rulescore
from rulescore import RulesInputError, calculate


def run(calc_id, **inputs):
    return calculate(calc_id, inputs)


# ---------------------------------------------------------------- Primary Attribute Chart

def test_primary_chart_cost_and_encumbrance_climb_with_level():
    rows = rulescore.table("shell.primary_attributes")["rows"]
    assert [row[0] for row in rows] == list(range(7, 21))
    costs = [row[1] for row in rows]
    encs = [row[2] for row in rows]
    assert costs == sorted(costs) and len(set(costs)) == 14
    assert encs == sorted(encs) and len(set(encs)) == 14
    assert rows[3][1:4] == [0, 200, "1d"]  # level 10, the human base, is free
    assert rows[-1][1:] == [300, 800, "3d+2", "+5", "+5"]
    assert rows[0][1:] == [-30, 140, "1d−3", "−2", "−1"]  # shown with the true minus sign


@pytest.mark.parametrize("st, damage", [(7, "1d-3"), (10, "1d"), (13, "1d+3"), (14, "2d"), (17, "2d+3"),
                                        (18, "3d"), (20, "3d+2")])
def test_base_damage_by_st(st, damage):
    assert run("shell.combat", st=st)["base_damage"] == damage


# ---------------------------------------------------------------- Characters

def test_human_of_all_tens_costs_nothing():
    result = run("shell.character")
    assert result["total_chp"] == 0 and result["remaining_chp"] == 100
    assert [result[k] for k in ("ht", "hp", "end", "wp", "cha", "per", "mv")] == [10, 10, 10, 10, 10, 10, 5]


def test_primary_costs_add_up():
    result = run("shell.character", st=13, ag=12, iq=9)
    assert result["primary_chp"] == 50 + 30 - 10


def test_orc_pays_for_the_level_before_its_racial_bonus():
    # Source: an orc with ST 13 pays only for ST 12 when orcs get +1 ST.
    result = run("shell.character", st=12, st_race=1)
    assert result["primary_chp"] == 30 and result["st_final"] == 13
    assert result["hp"] == 13 and result["end"] == 13  # HP and END follow the final ST


def test_secondary_purchases_cost_their_rates():
    result = run("shell.character", ht_bought=1, end_bought=1, wp_bought=1, cha_bought=1, per_bought=1, mv_bought=1)
    assert result["secondary_chp"] == 10 + 8 + 10 + 8 + 4 + 10
    lowered = run("shell.character", ht_bought=-2, per_bought=-3)
    assert lowered["secondary_chp"] == -20 - 12 and lowered["ht"] == 8 and lowered["per"] == 7


def test_pcs_may_buy_at_most_two_points_of_mv():
    assert run("shell.character", mv_bought=2)["mv"] == 7
    with pytest.raises(RulesInputError) as caught:
        run("shell.character", mv_bought=3)
    assert caught.value.field == "mv_bought"


@pytest.mark.parametrize("st, ag, iq, cha, mv", [
    (11, 10, 10, 10, 5),   # (11 + 10) / 2 = 10.5 -> 10; (11 + 10) / 4 = 5.25 -> 5
    (11, 12, 12, 11, 5),   # 11.5 -> 11; 23 / 4 = 5.75 -> 5
    (20, 20, 20, 20, 10),
    (7, 7, 7, 7, 3),       # 14 / 4 = 3.5 -> 3
])
def test_our_reading_divided_bases_drop_fractions(st, ag, iq, cha, mv):
    result = run("shell.character", st=st, ag=ag, iq=iq)
    assert (result["cha"], result["mv"]) == (cha, mv)


@pytest.mark.parametrize("wealth, chp", [("tenth", -10), ("two_fifths", -5), ("standard", 0), ("double", 5),
                                         ("five_times", 10)])
def test_wealth(wealth, chp):
    assert run("shell.character", wealth=wealth)["other_chp"] == chp


def test_ambidexterity_race_advantages_and_budget():
    result = run("shell.character", ambidextrous=True, race_chp=20, advantages_chp=30, disadvantages_chp=-60,
                 budget_chp=125)
    assert result["other_chp"] == 25 and result["advantages_net_chp"] == -30
    assert result["total_chp"] == -5 and result["remaining_chp"] == 130


def test_npc_attribute_costs():
    result = run("shell.npc_attributes", hp_bought=5, flight=6, dr=2, dm_percent=10, mr=2, at_mod=1, def_mod=-1)
    assert result["hp_chp"] == 50 and result["flight_chp"] == 60
    assert result["dr_chp"] == 30      # as a primary attribute of 12
    assert result["mr_chp"] == 75      # as a primary attribute of 10 + 2 x 2 = 14
    assert result["dm_chp"] == 50 and result["at_mod_chp"] == 20 and result["def_mod_chp"] == -20
    assert result["npc_total_chp"] == 50 + 60 + 30 + 50 + 75 + 20 - 20
    top = run("shell.npc_attributes", dr=10, mr=5)
    assert top["dr_chp"] == 300 and top["mr_chp"] == 300  # both reach the chart's level 20


# ---------------------------------------------------------------- Attribute rolls and contests

@pytest.mark.parametrize("difficulty, target", [("easy", 15), ("average", 13), ("hard", 10)])
def test_attribute_roll_difficulty(difficulty, target):
    # Source: ST 13 breaks the door on 13 or less; easy +2, hard -3.
    assert run("shell.contest", attribute=13, difficulty=difficulty)["target"] == target


def test_attribute_roll_odds_are_exact_3d6():
    assert run("shell.contest", attribute=10)["success"] == Fraction(108, 216)
    assert run("shell.contest", attribute=3)["success"] == pytest.approx(1 / 216)
    assert run("shell.contest", attribute=1)["success"] == 0     # no automatic success
    assert run("shell.contest", attribute=18)["success"] == 1    # no automatic failure


def test_contest_is_fair_between_equals_and_sums_to_one():
    even = run("shell.contest", attribute=11, opponent=11)
    assert even["win"] == even["lose"]
    assert Fraction(str(even["win"])) > 0
    for a, b in [(8, 14), (12, 10), (1, 30)]:
        result = calculate("shell.contest", {"attribute": a, "opponent": b})
        assert abs(result["win"] + result["tie"] + result["lose"] - 1) < 1e-12


def test_contest_higher_attribute_wins_more_often():
    wins = [run("shell.contest", attribute=a, opponent=10)["win"] for a in range(6, 16)]
    assert wins == sorted(wins) and wins[0] < wins[-1]


# ---------------------------------------------------------------- Advantages

@pytest.mark.parametrize("kind, severity, frequency, cost", [
    ("disadvantage", "extreme", "always", -60),        # blindness
    ("advantage", "significant", "often", 30),         # danger sense
    ("advantage", "extreme", "always", 60),            # the vampire's immunity to normal weapons
    ("disadvantage", "significant", "occasionally", -15),
    ("disadvantage", "significant", "often", -30),
    ("advantage", "extreme", "often", 40),             # shape-change into a bat
    ("advantage", "slight", "occasionally", 5),
])
def test_source_examples(kind, severity, frequency, cost):
    assert run("shell.advantage_cost", kind=kind, severity=severity, frequency=frequency)["cost_chp"] == cost


def test_our_reading_rare_advantages_keep_their_half_point():
    assert run("shell.advantage_cost", severity="slight", frequency="rarely")["cost_chp"] == 2.5
    assert run("shell.advantage_cost", kind="disadvantage", severity="significant", frequency="rarely")[
        "cost_chp"] == -7.5


def test_disadvantages_mirror_advantages_and_grow_with_both_factors():
    severities = ["slight", "moderate", "significant", "extreme"]
    frequencies = ["rarely", "occasionally", "often", "always"]
    for sev, freq in product(severities, frequencies):
        plus = run("shell.advantage_cost", kind="advantage", severity=sev, frequency=freq)["cost_chp"]
        minus = run("shell.advantage_cost", kind="disadvantage", severity=sev, frequency=freq)["cost_chp"]
        assert plus == -minus > 0
    costs = [run("shell.advantage_cost", severity=s, frequency="often")["cost_chp"] for s in severities]
    assert costs == sorted(costs)


# ---------------------------------------------------------------- Encumbrance

@pytest.mark.parametrize("load, level", [(0, 0), (20, 0), ("20.01", 1), (40, 1), (41, 2), (60, 2), (61, 3),
                                         (120, 3), ("120.5", 4), (200, 4)])
def test_encumbrance_level_limits_are_inclusive(load, level):
    result = run("shell.encumbrance", st=10, load_lb=load)
    assert result["encumbrance_level"] == level and result["can_carry"]


def test_encumbrance_effects_follow_the_level():
    for load, level in [(0, 0), (40, 1), (60, 2), (120, 3), (200, 4)]:
        result = run("shell.encumbrance", st=10, load_lb=load)
        assert result["initiative_modifier"] == -2 * level
        assert result["mv_points_modifier"] == -level
        assert result["dodge_modifier"] == -(1 + level)
        assert result["rounds_per_end"] == 25 - 5 * level


def test_more_load_never_lowers_the_level():
    levels = [run("shell.encumbrance", st=13, load_lb=load)["encumbrance_level"] for load in range(0, 301, 3)]
    assert levels == sorted(levels)


def test_exact_limits_with_an_odd_maximum():
    # ST 11: maximum 230 lb, EL 0 up to exactly 23 lb, EL 2 up to exactly 69 lb.
    assert run("shell.encumbrance", st=11, load_lb=23)["encumbrance_level"] == 0
    assert run("shell.encumbrance", st=11, load_lb=23.01)["encumbrance_level"] == 1
    assert run("shell.encumbrance", st=11, load_lb=69)["encumbrance_level"] == 2
    assert run("shell.encumbrance", st=11, load_lb="69.1")["encumbrance_level"] == 3


def test_overweight_body_weight_counts_above_three_quarters_of_maximum():
    result = run("shell.encumbrance", st=10, load_lb=10, body_weight_lb=180)  # 180 - 150 = 30 lb counted
    assert result["overweight_lb"] == 30 and result["encumbrance_lb"] == 40 and result["encumbrance_level"] == 1
    assert run("shell.encumbrance", st=10, load_lb=10, body_weight_lb=150)["overweight_lb"] == 0


def test_over_maximum_cannot_be_carried():
    result = run("shell.encumbrance", st=7, load_lb=141)
    assert not result["can_carry"] and result["encumbrance_level"] == 4
    assert run("shell.encumbrance", st=7, load_lb=140)["can_carry"]


@pytest.mark.parametrize("st", [6, 21, 0])
def test_st_outside_the_chart_is_an_input_error(st):
    with pytest.raises(RulesInputError) as caught:
        run("shell.encumbrance", st=st)
    assert caught.value.field == "st" and "7 to 20" in caught.value.message


# ---------------------------------------------------------------- Skills

MAJOR = [4, 12, 24, 40, 60, 84, 112, 144, 180, 220]


@pytest.mark.parametrize("level", range(1, 11))
def test_skill_costs_match_the_source_table(level):
    assert run("shell.skill_cost", level=level)["exp"] == MAJOR[level - 1]
    assert run("shell.skill_cost", level=level, skill_type="minor")["exp"] == MAJOR[level - 1] // 2


def test_each_level_past_ten_adds_4n_or_2n():
    for level in range(2, 21):
        major = run("shell.skill_cost", level=level)["exp"] - run("shell.skill_cost", level=level - 1)["exp"]
        minor = (run("shell.skill_cost", level=level, skill_type="minor")["exp"]
                 - run("shell.skill_cost", level=level - 1, skill_type="minor")["exp"])
        assert (major, minor) == (4 * level, 2 * level)


def test_grouped_skill_costs_level_times_level_one_cost():
    assert run("shell.skill_cost", level=4, grouped=True)["exp"] == 16
    assert run("shell.skill_cost", level=4, skill_type="minor", grouped=True)["exp"] == 8
    assert run("shell.skill_cost", level=4, grouped=True)["next_level_exp"] == 4
    assert run("shell.skill_cost", level=0)["exp"] == 0


@pytest.mark.parametrize("level, training", [(0, "none"), (2, "rudimentary"), (3, "adequate"), (6, "advanced"),
                                             (9, "exceptional"), (11, "mastery"), (20, "mastery")])
def test_expertise(level, training):
    assert run("shell.skill_cost", level=level)["training"] == training


def test_two_fourth_level_combat_skills_cost_56():
    # Source example: a group of two level-4 combat skills, 40 + 16 exp.
    result = run("shell.skill_list")
    assert result["total_exp"] == 56 and (result["skill1_exp"], result["skill2_exp"]) == (40, 16)


def test_skill_list_groups_are_separate_and_ungrouped_skills_pay_full():
    result = run("shell.skill_list", skill1_level=5, skill1_group="a", skill2_level=3, skill2_group="a",
                 skill3_level=4, skill3_group="b", skill4_level=2, skill4_group="b",
                 skill5_level=2, skill5_type="minor", skill5_group="none", budget_exp=100)
    assert [result[f"skill{i}_exp"] for i in range(1, 6)] == [60, 12, 40, 8, 6]
    assert result["total_exp"] == 126 and result["remaining_exp"] == -26


def test_our_reading_highest_level_pays_full_and_a_major_skill_wins_a_tie():
    mixed = run("shell.skill_list", skill1_level=5, skill1_type="minor", skill2_level=4, skill2_type="major")
    assert (mixed["skill1_exp"], mixed["skill2_exp"]) == (30, 16)  # the level-5 minor skill is the highest
    tie = run("shell.skill_list", skill1_level=4, skill1_type="minor", skill2_level=4, skill2_type="major")
    assert (tie["skill1_exp"], tie["skill2_exp"]) == (8, 40)


def test_skill_roll_source_example():
    # IQ 12, level 5, minimum 3, average task: 12 + 2 = 14 or less.
    result = run("shell.skill_roll", attribute=12, skill_level=5, minimum_level=3)
    assert result["target"] == 14 and result["success"] == pytest.approx(196 / 216)


@pytest.mark.parametrize("difficulty, target", [("easy", 16), ("average", 14), ("hard", 11)])
def test_skill_roll_difficulty(difficulty, target):
    assert run("shell.skill_roll", attribute=12, skill_level=5, difficulty=difficulty)["target"] == target


def test_below_the_minimum_level_there_is_no_chance():
    result = run("shell.skill_roll", attribute=18, difficulty="easy", skill_level=2, minimum_level=3)
    # No roll can succeed, so there is no roll to make: the "roll needed" does not apply (hidden).
    assert result["success"] == 0 and result["target"] is None and result["odds"] == "no chance"
    at_minimum = run("shell.skill_roll", attribute=12, skill_level=3, minimum_level=3)
    assert at_minimum["target"] == 12 and at_minimum["success"] > 0


def test_untrained_task_has_minimum_zero():
    assert run("shell.skill_roll", attribute=10, skill_level=0, minimum_level=0)["target"] == 10


# ---------------------------------------------------------------- Combat values

@pytest.mark.parametrize("level, blocks", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (7, 4), (20, 10)])
def test_blocks_per_round(level, blocks):
    assert run("shell.combat", combat_level=level)["blocks_per_round"] == blocks


@pytest.mark.parametrize("level, bonus", [(0, 0), (1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (10, 3)])
def test_combat_damage_bonus(level, bonus):
    assert run("shell.combat", combat_level=level)["damage_bonus"] == bonus


def test_initiative_at_def_and_mv_points():
    result = run("shell.combat", st=12, ag=15, combat_level=4, encumbrance_level=2)
    assert result["initiative"] == 15 - 4
    assert result["at_value"] == 4 + 2 and result["block_def"] == 4 + 3
    assert result["dodge_def"] == 4 + 3 - (1 + 2)
    assert result["mv_points"] == (12 + 15) // 4 - 2


def test_dodge_uses_the_best_combat_level():
    result = run("shell.combat", combat_level=2, best_combat_level=6)
    assert result["dodge_def"] == 6 - 1 and result["block_def"] == 2
    assert run("shell.combat", combat_level=5, best_combat_level=2)["dodge_def"] == 5 - 1


@pytest.mark.parametrize("maneuver, at, block", [("attack", 3, 3), ("guard", 4, 3), ("defend", 3, 5),
                                                 ("disarm", 1, 2), ("aim", 3, 1)])
def test_maneuvers(maneuver, at, block):
    result = run("shell.combat", maneuver=maneuver)
    assert (result["at_value"], result["block_def"]) == (at, block)


def test_knocked_down_only_dodges_at_minus_4():
    result = run("shell.combat", knocked_down=True)
    assert not result["can_block"] and result["dodge_def"] == run("shell.combat")["dodge_def"] - 4


def test_mv_points_never_go_below_zero():
    assert run("shell.combat", mv=2, encumbrance_level=4)["mv_points"] == 0
