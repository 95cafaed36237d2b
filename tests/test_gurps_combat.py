"""GURPS Lite success rolls, mental feats, combat, injury, recovery and fatigue.

Odds are checked against a brute-force count over the 216 rolls of three real dice, so
the tests do not lean on the distribution code they are checking.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import rulescore
from rulescore import RulesInputError, calculate
from rulescore.gurps.ranged import range_modifier

THREE_DICE = [sum(faces) for faces in itertools.product(range(1, 7), repeat=3)]


def share(predicate) -> Fraction:
    return Fraction(sum(1 for total in THREE_DICE if predicate(total)), 216)


def exact(value) -> Fraction:
    """An output (float for non-whole Fractions) back to the Fraction it must equal closely."""
    return Fraction(value).limit_denominator(216 * 216)


def calc(calc_id, **inputs):
    return calculate(calc_id, inputs)


# ----------------------------------------------------------------- success rolls

@pytest.mark.parametrize("skill, crit_low, crit_high", [
    (-10, 5, 18), (0, 10, 18), (3, 13, 18), (6, 16, 18), (7, 17, 18), (8, 17, 18), (15, 17, 18), (16, 18, 18),
    (30, 18, 18)])
def test_critical_failure_ranges(skill, crit_low, crit_high):
    result = calc("gurps.success_roll", effective_skill=skill)
    assert exact(result["critical_failure"]) == share(lambda t: crit_low <= t <= crit_high)


@pytest.mark.parametrize("skill, top", [(3, 4), (10, 4), (14, 4), (15, 5), (16, 6), (25, 6)])
def test_critical_success_ranges(skill, top):
    result = calc("gurps.success_roll", effective_skill=skill)
    assert exact(result["critical_success"]) == share(lambda t: t <= top)
    assert result["critical_success_rolls"] == f"3–{top}"


@pytest.mark.parametrize("skill", range(-10, 31))
def test_success_is_roll_at_most_skill_within_4_and_16(skill):
    result = calc("gurps.success_roll", effective_skill=skill)
    assert exact(result["success"]) == share(lambda t: t <= max(4, min(skill, 16)))
    assert exact(result["success"]) + exact(result["failure"]) == 1
    assert result["critical_failure"] <= result["failure"]


def test_success_roll_text_ranges():
    assert calc("gurps.success_roll", effective_skill=12)["success_rolls"] == "3–12"
    assert calc("gurps.success_roll", effective_skill=1)["success_rolls"] == "3–4"   # 3 and 4 always succeed
    assert calc("gurps.success_roll", effective_skill=20)["success_rolls"] == "3–16"  # 17 and 18 always fail
    assert calc("gurps.success_roll", effective_skill=15)["critical_failure_rolls"] == "17–18"
    assert calc("gurps.success_roll", effective_skill=16)["critical_failure_rolls"] == "18"


def test_success_never_falls_as_skill_rises():
    chances = [calc("gurps.success_roll", effective_skill=s)["success"] for s in range(-10, 31)]
    assert chances == sorted(chances)


def test_success_table_agrees_with_the_calculator():
    data = rulescore.table("gurps.success_roll_ranges")
    for row in data["rows"]:
        skill = int(str(row[0]).rstrip("+"))
        result = calc("gurps.success_roll", effective_skill=skill)
        assert row[1] == result["critical_success_rolls"] and row[2] == result["success_rolls"]
        assert row[4] == result["critical_failure_rolls"]


# ----------------------------------------------------------------- quick contests

def brute_contest(a, b):
    def standing(roll, skill):
        ok = roll <= 4 or (roll <= 16 and roll <= skill)
        return (ok, skill - roll)
    wins = ties = 0
    for ra in THREE_DICE:
        for rb in THREE_DICE:
            x, y = standing(ra, a), standing(rb, b)
            wins += x > y
            ties += x == y
    return Fraction(wins, 216 * 216), Fraction(ties, 216 * 216)


@pytest.mark.parametrize("a, b", [(12, 10), (10, 10), (3, 18), (18, 18), (-5, 2), (16, 20)])
def test_quick_contest_matches_brute_force(a, b):
    result = calc("gurps.quick_contest", skill_a=a, skill_b=b)
    wins, ties = brute_contest(a, b)
    assert exact(result["a_wins"]) == wins and exact(result["tie"]) == ties
    assert exact(result["a_wins"]) + exact(result["tie"]) + exact(result["b_wins"]) == 1


def test_quick_contest_is_symmetric_and_fair_between_equals():
    one = calc("gurps.quick_contest", skill_a=13, skill_b=9)
    other = calc("gurps.quick_contest", skill_a=9, skill_b=13)
    assert one["a_wins"] == other["b_wins"] and one["tie"] == other["tie"]
    even = calc("gurps.quick_contest", skill_a=11, skill_b=11)
    assert even["a_wins"] == even["b_wins"]


def test_both_failing_is_won_by_the_smaller_miss():
    # Our reading of a Quick Contest: with both rolls failed, the smaller miss wins.
    # Skill 3 against skill 3: no ordinary success exists, so ties must be rare but present.
    result = calc("gurps.quick_contest", skill_a=3, skill_b=3)
    assert 0 < result["tie"] < 0.2


@pytest.mark.parametrize("skill_used, good, bad", [
    ("sex_appeal", "Very Good", "Bad"), ("intimidation", "Good", "Very Bad"), ("fast_talk", "Good", "Bad")])
def test_influence_reactions(skill_used, good, bad):
    result = calc("gurps.influence", skill_used=skill_used, skill=14, will=11)
    assert (result["win_reaction"], result["other_reaction"]) == (good, bad)
    assert exact(result["win"]) == brute_contest(14, 11)[0]  # a tie is not a win


def test_influence_diplomacy_is_safe():
    assert "better" in calc("gurps.influence", skill_used="diplomacy")["other_reaction"]


# ----------------------------------------------------------------- fright checks

def test_fright_check_odds_and_margins():
    result = calc("gurps.fright_check", will=12, modifier=-2, roll="14")
    assert result["effective_will"] == 10
    assert exact(result["success"]) == share(lambda t: t <= 10)
    assert exact(result["faints"]) == share(lambda t: t >= 17)
    assert result["margin"] == 4 and "4 + 2d" in result["outcome"] and "6–16 seconds" in result["outcome"]


def test_fright_check_critical_failure_faints():
    result = calc("gurps.fright_check", will=10, roll="18")
    assert result["margin"] == 8 and "8 + 1d minutes" in result["outcome"] and "9–14" in result["outcome"]
    low = calc("gurps.fright_check", will=3, roll="13")  # 10 over the target: critical
    assert "faints" in low["outcome"]


def test_fright_check_our_reading_margin_never_below_zero():
    # Will 20 still fails on 17; the margin of failure counts as 0, not -3.
    result = calc("gurps.fright_check", will=20, roll="17")
    assert result["margin"] == 0 and "2–12 seconds" in result["outcome"]
    assert calc("gurps.fright_check", will=20, roll="16")["outcome"].startswith("success")
    # With no roll entered there is no margin and no result to show: None, hidden on the page.
    unrolled = calc("gurps.fright_check", will=10, roll="none")
    assert unrolled["margin"] is None and unrolled["outcome"] is None
    assert calc("gurps.fright_check", will=10, roll="5")["margin"] is None     # a success has no margin


def test_fright_check_roll_must_be_a_3d6_total():
    with pytest.raises(RulesInputError):
        calc("gurps.fright_check", roll="2")


# ----------------------------------------------------------------- attacks

@pytest.mark.parametrize("maneuver, evaluate, off_hand, other, skill, expected", [
    ("attack", 0, False, 0, 12, 12),
    ("all_out_determined", 0, False, 0, 12, 16),
    ("all_out_strong", 3, False, 0, 12, 15),
    ("all_out_double", 0, True, 0, 12, 8),
    ("move_and_attack", 0, False, 0, 12, 8),
    ("move_and_attack", 0, False, 0, 14, 9),   # 14 - 4 = 10, capped at 9
    ("move_and_attack", 0, False, 0, 13, 9),   # exactly at the cap
    ("move_and_attack", 3, False, 2, 20, 9),   # the cap comes after every modifier
    ("move_and_attack", 0, False, -3, 10, 3),
])
def test_melee_effective_skill(maneuver, evaluate, off_hand, other, skill, expected):
    result = calc("gurps.melee_attack", skill=skill, maneuver=maneuver, evaluate_turns=evaluate,
                  off_hand=off_hand, other_modifier=other)
    assert result["effective_skill"] == expected
    assert exact(result["hit"]) == share(lambda t: t <= max(4, min(expected, 16)))


def test_attack_critical_hits_and_defences():
    result = calc("gurps.melee_attack", skill=16)
    assert exact(result["critical_hit"]) == share(lambda t: t <= 6)
    assert exact(result["maximum_damage"]) == Fraction(1, 216)
    assert calc("gurps.melee_attack", maneuver="all_out_determined")["defenses"] == "none"
    assert "Dodge or Block" in calc("gurps.melee_attack", maneuver="move_and_attack")["defenses"]


def test_evaluate_is_capped_at_three_turns():
    with pytest.raises(RulesInputError):
        calc("gurps.melee_attack", evaluate_turns=4)


@pytest.mark.parametrize("yards, modifier", [
    (0, 0), (1, 0), (2, 0), ("2.1", -1), (3, -1), (4, -2), (5, -2), (6, -3), (7, -3), (10, -4), (11, -5),
    (15, -5), (16, -6), (20, -6), (30, -7), (50, -8), (70, -9), (100, -10), (150, -11), (151, -12),
    (200, -12), (1500, -17), (2000, -18), (1_000_000, -34)])
def test_speed_range_modifier(yards, modifier):
    assert range_modifier(Fraction(yards))[0] == modifier
    assert calc("gurps.range_modifier", distance_yd=yards)["range_modifier"] == modifier


def test_speed_is_added_to_range():
    # Our reading: speed in yd/s adds to the distance before the table is read.
    assert calc("gurps.range_modifier", distance_yd=8, speed_yps=2)["range_modifier"] == -4   # 10 yd
    assert calc("gurps.range_modifier", distance_yd=8, speed_yps="2.5")["range_modifier"] == -5


@pytest.mark.parametrize("seconds, bonus", [(0, 0), (1, 3), (2, 4), (3, 5), (10, 5)])
def test_aim_adds_accuracy_and_up_to_two(seconds, bonus):
    result = calc("gurps.range_modifier", distance_yd=2, skill=10, accuracy=3, aim_seconds=seconds)
    assert result["adjusted_skill"] == 10 + bonus


def test_ranged_effective_skill_sums_every_step():
    result = calc("gurps.range_modifier", distance_yd=20, skill=14, accuracy=2, aim_seconds=1,
                  size_modifier=-1, other_modifier=-2)
    assert result["adjusted_skill"] == 14 + 2 - 1 - 6 - 2
    assert exact(result["hit_chance"]) == share(lambda t: t <= 7)


def test_speed_range_table_agrees():
    for entry, shown in rulescore.table("gurps.speed_range")["rows"]:
        yards = 2 if entry == "2 or less" else entry
        assert int(shown.replace("−", "-")) == range_modifier(yards)[0]


# ----------------------------------------------------------------- defences

@pytest.mark.parametrize("speed, level, dodge", [(5, 0, 8), ("5.75", 0, 8), (6, 2, 7), (0, 4, 1), ("1.5", 3, 1)])
def test_dodge(speed, level, dodge):
    assert calc("gurps.defense", basic_speed=speed, encumbrance_level=level)["dodge"] == dodge


@pytest.mark.parametrize("skill, parry", [(1, 3), (11, 8), (12, 9), (13, 9), (30, 18)])
def test_parry_and_block_are_three_plus_half_skill(skill, parry):
    result = calc("gurps.defense", weapon_skill=skill, shield_skill=skill)
    assert result["parry"] == parry and result["block"] == parry


def test_no_skill_no_parry_or_block():
    # Without the skill Parry and Block do not apply: None, which the page hides, rather than 0.
    result = calc("gurps.defense", weapon_skill=0, shield_skill=0, stunned=True, increased_defense="parry")
    assert result["parry"] is None and result["parry_chance"] is None
    assert result["block"] is None and result["block_chance"] is None


def test_defence_odds_respect_3_4_and_17_18():
    low = calc("gurps.defense", basic_speed=0, encumbrance_level=4, stunned=True)  # Dodge 1 - 4 = -3
    assert low["dodge"] == -3 and exact(low["dodge_chance"]) == share(lambda t: t <= 4)
    high = calc("gurps.defense", weapon_skill=30, parry_bonus=2, increased_defense="parry")
    assert high["parry"] == 3 + 15 + 2 + 2 and exact(high["parry_chance"]) == share(lambda t: t <= 16)


def test_halved_dodge_rounds_up_and_bonuses_follow():
    assert calc("gurps.defense", basic_speed=6, halved=True)["dodge"] == 5        # 9 / 2 = 4.5 -> 5
    assert calc("gurps.defense", basic_speed=5, halved=True)["dodge"] == 4        # 8 / 2
    result = calc("gurps.defense", basic_speed=5, halved=True, increased_defense="dodge", stunned=True)
    assert result["dodge"] == 4 + 2 - 4
    blocked = calc("gurps.defense", shield_skill=0, increased_defense="block")
    assert blocked["block"] is None  # nothing to add the +2 to


def test_dodge_table_agrees_with_calculator():
    for row in rulescore.table("gurps.dodge_by_speed")["rows"]:
        for level, dodge in enumerate(row[1:]):
            assert calc("gurps.defense", basic_speed=row[0], encumbrance_level=level)["dodge"] == dodge
