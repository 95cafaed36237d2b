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
from rulescore.gurps.injury import shock_penalty
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


# ----------------------------------------------------------------- damage and injury

@pytest.mark.parametrize("st, thrust, swing, thrust_strong, swing_max", [
    (1, "1d-6", "1d-5", "1d-4", 1), (10, "1d-2", "1d", "1d", 6), (13, "1d", "2d-1", "1d+2", 11),
    (17, "1d+2", "3d-1", "1d+4", 17), (20, "2d-1", "3d+2", "2d+1", 20)])
def test_damage(st, thrust, swing, thrust_strong, swing_max):
    result = calc("gurps.damage", st=st)
    assert (result["thrust"], result["swing"], result["thrust_strong"], result["swing_max"]) == (
        thrust, swing, thrust_strong, swing_max)


def test_strong_gives_one_per_die_when_better():
    assert calc("gurps.damage", st=20)["swing_strong"] == "3d+5"   # 3 dice: +3 beats +2
    assert calc("gurps.damage", st=14)["swing_strong"] == "2d+2"   # 2 dice: +2 either way


@pytest.mark.parametrize("st, thrust, swing", [
    # Rows of the Basic Set table past ST 20, as the project's facts file lists them.
    (21, "2d", "4d-1"), (22, "2d", "4d"), (27, "3d-1", "5d+1"), (35, "4d-1", "6d+1"), (41, "4d+2", "7d"),
    (50, "5d+2", "8d-1"), (51, "5d+2", "8d"), (61, "7d-1", "9d"), (66, "7d+2", "9d+2"), (77, "9d-1", "11d-1"),
    (86, "10d-1", "11d+2"), (97, "11d-1", "13d-1"), (100, "11d", "13d")])
def test_damage_past_st_20_follows_the_basic_set_table(st, thrust, swing):
    result = calc("gurps.damage", st=st)
    assert (result["thrust"], result["swing"]) == (thrust, swing)
    row = rulescore.table("gurps.damage_by_st_above_20")["rows"][(st - 21) % 20]
    assert tuple(row[3 * ((st - 21) // 20):][:3]) == (st, thrust.replace("-", "−"), swing.replace("-", "−"))


def test_damage_table_stops_at_100():
    assert calc("gurps.damage", st=100)["swing_max"] == 78        # 13d: 13 x 6
    with pytest.raises(RulesInputError):
        calc("gurps.damage", st=101)


@pytest.mark.parametrize("damage, dr, kind, penetrating, injury", [
    (8, 3, "crushing", 5, 5), (8, 3, "cutting", 5, 7), (8, 3, "impaling", 5, 10),
    (3, 3, "impaling", 0, 0), (2, 5, "cutting", 0, 0), (1, 0, "cutting", 1, 1), (0, 0, "crushing", 0, 0)])
def test_penetration_and_wounding(damage, dr, kind, penetrating, injury):
    result = calc("gurps.injury", damage=damage, dr=dr, damage_type=kind)
    assert (result["penetrating"], result["injury"]) == (penetrating, injury)


@pytest.mark.parametrize("injury, hp, shock", [
    (0, 10, 0), (1, 10, -1), (3, 10, -3), (4, 10, -4), (9, 10, -4), (19, 19, -4),
    (1, 20, -1), (2, 20, -1), (3, 20, -1), (4, 20, -2), (5, 25, -2), (8, 20, -4), (30, 40, -4),
    (4, 25, -2), (2, 21, -1),            # the examples of the GM's report: HP/10 rounded down first
    (1, 21, -1), (2, 30, -1), (5, 30, -1), (6, 30, -2), (39, 100, -3), (40, 100, -4)])
def test_shock(injury, hp, shock):
    # Our reading for 20+ HP: HP / 10 rounded down first, then -1 per full step lost (25 HP: -1 per
    # 2 HP, so 4 HP lost is -2), and any injury causes at least -1, since every injury causes shock.
    assert shock_penalty(injury, hp) == shock
    assert calc("gurps.injury", damage=injury, damage_type="crushing", hp=hp)["shock"] == shock


@pytest.mark.parametrize("hp, injury, major", [(10, 5, False), (10, 6, True), (9, 4, False), (9, 5, True),
                                               (1, 1, True), (1, 0, False)])
def test_major_wound_is_more_than_half_hp(hp, injury, major):
    result = calc("gurps.injury", damage=injury, damage_type="crushing", hp=hp)
    assert result["major_wound"] is major
    assert (result["knockdown_roll"] is not None) is major


def test_major_wound_off_the_torso_needs_no_roll():
    result = calc("gurps.injury", damage=8, damage_type="crushing", hp=10, torso=False)
    assert result["major_wound"] and result["knockdown_roll"] is None


@pytest.mark.parametrize("lost, hurt, reeling, conscious_roll, checks, dead", [
    (0, 6, False, False, 0, False),    # 4 HP left: not under 1/3 of 12
    (0, 9, True, False, 0, False),     # 3 HP: 3 x 3 < 12
    (0, 12, True, True, 0, False),     # exactly 0 HP
    (0, 23, True, True, 0, False),     # -11: above -1 x HP
    (0, 24, True, True, 1, False),     # exactly -12: the first death check
    (0, 48, True, True, 3, False),     # -36 in one blow: checks at -12, -24 and -36
    (13, 11, True, True, 1, False),    # from -1 to -12
    (12, 12, True, True, 1, False),    # from 0 to exactly -12
    (24, 12, True, True, 1, False),    # from -12 to -24: only the new multiple
    (60, 11, True, True, 0, False),    # from -48 to -59: nothing crossed, not yet -60
    (60, 12, True, True, 0, True),     # exactly -5 x HP: dead
])
def test_hp_consequences(lost, hurt, reeling, conscious_roll, checks, dead):
    result = calc("gurps.injury", damage=hurt, damage_type="crushing", hp=12, hp_lost_before=lost, ht=11)
    assert result["new_hp"] == 12 - lost - hurt
    assert result["reeling"] is reeling
    assert (result["conscious_roll"] is not None) is (conscious_roll and not dead)
    assert result["death_checks"] == checks
    assert (result["condition"] == "dead") is dead
    ht_roll = share(lambda t: t <= 11)
    assert exact(result["survives"]) == (0 if dead else ht_roll ** checks)


def test_already_dead_is_not_an_error():
    result = calc("gurps.injury", hp=1, hp_lost_before=2000)
    assert result["condition"] == "dead" and result["survives"] == 0


def test_hp_threshold_table_agrees_with_the_calculator():
    for hp, reel_at, checks, dead_at in rulescore.table("gurps.hp_thresholds")["rows"]:
        assert calc("gurps.injury", damage=hp - reel_at, damage_type="crushing", hp=hp)["reeling"]
        assert not calc("gurps.injury", damage=hp - reel_at - 1, damage_type="crushing", hp=hp)["reeling"]
        assert calc("gurps.injury", damage=hp - dead_at, damage_type="crushing", hp=hp)["condition"] == "dead"
        assert checks.split(", ")[0] == f"−{hp}"


# ----------------------------------------------------------------- recovery

def test_waking_up():
    assert calc("gurps.recovery", hp=10, hp_lost=9)["wake_chance"] == 1           # 1 HP left
    hourly = calc("gurps.recovery", hp=10, hp_lost=10, ht=12)                      # exactly 0 HP
    assert "every hour" in hourly["waking"] and exact(hourly["wake_chance"]) == share(lambda t: t <= 12)
    assert "every hour" in calc("gurps.recovery", hp=10, hp_lost=19)["waking"]      # -9, above -10
    assert "12 hours" in calc("gurps.recovery", hp=10, hp_lost=20)["waking"]        # exactly -1 x HP
    dead = calc("gurps.recovery", hp=10, hp_lost=60)                                # exactly -5 x HP
    assert dead["waking"] == "dead"
    assert all(dead[name] is None for name in ("wake_chance", "daily_roll", "fewest_days", "average_days"))


def test_natural_recovery_days():
    result = calc("gurps.recovery", hp=10, hp_lost=6, ht=10, conditions=2)
    daily = share(lambda t: t <= 12)
    assert exact(result["daily_roll"]) == daily
    assert result["fewest_days"] == 6 and exact(result["average_days"]) == 6 / daily
    assert calc("gurps.recovery", hp_lost=0)["average_days"] == 0


# ----------------------------------------------------------------- fatigue

@pytest.mark.parametrize("lost, current, condition, halved, will_roll, hp_injury, wake", [
    (0, 10, "rested", False, False, 0, None),
    (6, 4, "tired, no penalty yet", False, False, 0, None),
    (7, 3, "very tired", True, False, 0, None),        # 3 x 3 < 10: less than 1/3
    (10, 0, "on the verge of collapse", True, True, 0, None),
    (13, -3, "on the verge of collapse", True, True, 3, None),
    (20, -10, "unconscious", True, False, 10, 110),
    (25, -10, "unconscious", True, False, 15, 110),  # past -1 x FP it all comes off HP
])
def test_fatigue(lost, current, condition, halved, will_roll, hp_injury, wake):
    result = calc("gurps.fatigue", fp=10, fp_lost=lost, will=11)
    assert result["current_fp"] == current and result["condition"] == condition
    assert result["halved"] is halved
    if will_roll:
        assert exact(result["will_roll"]) == share(lambda t: t <= 11)
    else:
        assert result["will_roll"] is None      # no roll needed: hidden on the page
    assert result["hp_injury"] == hp_injury and result["wake_minutes"] == wake
    assert result["rest_minutes"] == 10 * (10 - current)


def test_very_tired_is_strictly_less_than_a_third():
    # Our reading: the fatigue chart's "less than 1/3" wins over "1/3 or less" elsewhere.
    assert not calc("gurps.fatigue", fp=9, fp_lost=6)["halved"]   # 3 of 9 is exactly a third
    assert calc("gurps.fatigue", fp=9, fp_lost=7)["halved"]


def test_fp_threshold_table_agrees():
    for fp, tired_at, unconscious_at, minutes in rulescore.table("gurps.fp_thresholds")["rows"]:
        assert calc("gurps.fatigue", fp=fp, fp_lost=fp - tired_at)["halved"]
        assert not calc("gurps.fatigue", fp=fp, fp_lost=fp - tired_at - 1)["halved"]
        assert calc("gurps.fatigue", fp=fp, fp_lost=fp - unconscious_at)["rest_minutes"] == minutes


def test_every_calculator_here_runs_at_its_input_limits():
    for entry in rulescore.catalogue():
        if entry["page"].split("/")[1] not in ("success-rolls", "mental-feats", "attacking-and-defending",
                                               "injury", "recovery-and-fatigue"):
            continue
        for spec in entry["inputs"]:
            if spec["kind"] in ("int", "number"):
                for value in (spec["min"], spec["max"]):
                    result = calculate(entry["id"], {spec["name"]: value})
                    assert result.steps


def test_reeling_with_10_hp_starts_at_3():
    assert not calc("gurps.injury", damage=6, damage_type="crushing", hp=10)["reeling"]   # 4 HP left
    assert calc("gurps.injury", damage=7, damage_type="crushing", hp=10)["reeling"]       # 3 HP left


def test_major_wound_reading_stun_then_pass_out():
    # Our reading of "stunned or knocked out": failure by 1-4 stuns, by 5 or more knocks out.
    steps = " ".join(calc("gurps.injury", damage=6, damage_type="crushing", hp=10).steps)
    assert "failure by 1–4 stuns" in steps and "5 or more knocks the character out" in steps


# ----------------------------------------------------------------- dice charts

from tests.test_gurps import exact_run, share_of  # noqa: E402

SKILLS = (-10, 0, 4, 5, 9, 14, 15, 16, 17, 30)


@pytest.mark.parametrize("skill", SKILLS)
def test_success_roll_chart_matches_every_output(skill):
    outputs, [chart] = exact_run("gurps.success_roll", {"effective_skill": skill})
    assert share_of(chart, "success") == outputs["success"]
    assert share_of(chart, "critical-success") == outputs["critical_success"]
    assert share_of(chart, "failure") == outputs["failure"]
    assert share_of(chart, "critical-failure") == outputs["critical_failure"]
    # Each bar is one total of three real dice.
    assert [p for _, p, _ in chart[1]] == [share(lambda total, r=roll: total == r) for roll in range(3, 19)]


def test_contest_charts_are_each_sides_roll():
    for a, b in itertools.product(SKILLS[::3], SKILLS[1::3]):
        outputs, [mine, theirs] = exact_run("gurps.quick_contest", {"skill_a": a, "skill_b": b})
        assert share_of(mine, "success") == outputs["a_succeeds"]
        assert share_of(theirs, "success") == outputs["b_succeeds"]
        _, [skill_roll, will_roll] = exact_run("gurps.influence", {"skill": a, "will": max(b, 1)})
        assert skill_roll[1] == mine[1] and will_roll[0] == f"3d6 against Will {max(b, 1)}"


@pytest.mark.parametrize("will, modifier, roll", [(10, 0, "none"), (14, -3, "13"), (11, 5, "18"), (3, -8, "9"),
                                                  (30, 0, "17")])
def test_fright_check_charts(will, modifier, roll):
    outputs, charts = exact_run("gurps.fright_check", {"will": will, "modifier": modifier, "roll": roll})
    nerve = charts[0]
    assert share_of(nerve, "success") == outputs["success"]
    assert share_of(nerve, "failure") - share_of(nerve, "critical-failure") == outputs["stunned"]
    assert share_of(nerve, "critical-failure") == outputs["faints"]
    failed = roll != "none" and outputs["outcome"].split(":")[0] not in ("success", "critical success")
    assert len(charts) == 1 + failed
    if failed:  # margin + 2d seconds, or margin + 1d minutes
        labels = [int(label) for label, _, _ in charts[1][1]]
        dice_count = 1 if "faints" in outputs["outcome"] else 2
        assert labels == list(range(outputs["margin"] + dice_count, outputs["margin"] + 6 * dice_count + 1))


def test_attack_charts():
    for maneuver, skill, other in itertools.product(("attack", "all_out_determined", "move_and_attack"),
                                                    (3, 12, 18), (-6, 0, 4)):
        outputs, [chart] = exact_run("gurps.melee_attack", {"skill": skill, "maneuver": maneuver,
                                                            "other_modifier": other})
        assert share_of(chart, "success") == outputs["hit"]
        assert share_of(chart, "critical-success") == outputs["critical_hit"]
    for distance, aim in itertools.product((1, 10, 80), (0, 3)):
        outputs, [chart] = exact_run("gurps.range_modifier", {"distance_yd": distance, "aim_seconds": aim})
        assert share_of(chart, "success") == outputs["hit_chance"]
        assert share_of(chart, "critical-success") == outputs["critical_chance"]


def test_defence_charts_one_per_defence_you_have():
    for weapon, shield, stunned in itertools.product((0, 12), (0, 14), (False, True)):
        outputs, charts = exact_run("gurps.defense", {"weapon_skill": weapon, "shield_skill": shield,
                                                      "stunned": stunned})
        names = ["dodge"] + (["parry"] if weapon else []) + (["block"] if shield else [])
        assert [title for title, _ in charts] == \
            [f"3d6 against {name.capitalize()} {outputs[name]}".replace("-", "−") for name in names]
        for name, chart in zip(names, charts, strict=True):
            assert share_of(chart, "success") == outputs[f"{name}_chance"]


@pytest.mark.parametrize("st", range(1, 21))
def test_damage_charts_are_the_dice(st):
    outputs, [thrust, swing] = exact_run("gurps.damage", {"st": st})
    for chart, name in ((thrust, "thrust"), (swing, "swing")):
        assert chart[0] == f"{name.capitalize()} {outputs[name].replace('-', '−')}"
        assert all(kind == "neutral" for _, _, kind in chart[1])
        assert int(chart[1][-1][0].replace("−", "-")) == outputs[f"{name}_max"]


def test_injury_charts_are_the_ht_rolls():
    ht_chance = share(lambda total: total <= 11)
    for damage, damage_type, torso in itertools.product((3, 6, 11, 25, 45), ("crushing", "impaling"), (True, False)):
        outputs, charts = exact_run("gurps.injury", {"damage": damage, "damage_type": damage_type, "hp": 10,
                                                     "ht": 11, "torso": torso})
        alive = outputs["condition"] != "dead"  # past -5 x HP no roll is made
        rolls = [outputs["knockdown_roll"] is not None, outputs["conscious_roll"] is not None,
                 alive and bool(outputs["death_checks"])]
        assert len(charts) == sum(rolls)
        assert all(share_of(chart, "success") == ht_chance for chart in charts)
        if outputs["knockdown_roll"]:
            assert share_of(charts[0], "success") == outputs["knockdown_roll"]
        if alive and outputs["death_checks"]:
            assert share_of(charts[-1], "success") ** outputs["death_checks"] == outputs["survives"]


def test_recovery_and_fatigue_charts():
    for hp_lost, conditions in itertools.product((0, 5, 10, 15, 25, 50), (-3, 0, 2)):
        outputs, charts = exact_run("gurps.recovery", {"hp": 10, "hp_lost": hp_lost, "ht": 10,
                                                       "conditions": conditions})
        if outputs["waking"] == "dead":
            assert charts == []
            continue
        assert share_of(charts[-1], "success") == outputs["daily_roll"]
        if outputs["wake_chance"] != 1:
            assert len(charts) == 2 and share_of(charts[0], "success") == outputs["wake_chance"]
    for fp_lost in range(0, 25):
        outputs, charts = exact_run("gurps.fatigue", {"fp": 10, "fp_lost": fp_lost, "will": 12})
        assert len(charts) == (outputs["will_roll"] is not None)
        if charts:
            assert share_of(charts[0], "success") == outputs["will_roll"]


# ----------------------------------------------------------------- what the pages say

from pathlib import Path  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"


def page_text(name: str) -> str:
    """A docs page with its line breaks folded, so a sentence can be found across lines."""
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def test_turn_order_ties_with_any_pc_in_them_go_to_dx():
    # The tie rule applies whenever PCs are involved, a PC tied with an NPC included.
    text = page_text("gurps/maneuvers.md")
    assert "Where player characters are tied" not in text
    assert "Any other tie with a player character in it, whether two PCs or a PC and an NPC, goes to the higher" in text


def test_quick_reference_shock_and_healing_lines_leave_nothing_out():
    text = page_text("gurps/quick-reference.md")
    shock = text[text.index("- Shock:"):text.index("- A major wound")]
    assert "20 or more HP" in shock and "tenth of your HP" in shock and "−4" in shock
    healing = text[text.index("Quiet rest restores"):]
    assert "rest" in healing and "decent food" in healing and "HT roll" in healing


def test_injury_page_states_the_shock_reading_with_its_examples():
    text = page_text("gurps/injury.md")
    assert "Our reading: shock with 20 or more HP" in text
    assert "with 25 HP a tenth is 2 HP, so a 4-HP injury gives −2" in text
    assert "with 21 HP, a 2-HP injury gives −1" in text and "at least −1" in text
    assert "An injury too small to reach a whole point of shock causes none" not in text
    assert shock_penalty(4, 25) == -2 and shock_penalty(2, 21) == -1


def test_credits_name_the_basic_set_and_carry_the_sjg_notice():
    text = page_text("credits.md")
    assert "GURPS Basic Set**, fourth edition" in text
    for table_name in ("critical hit", "speed/range table", "past ST 20"):
        assert table_name in text
    assert ("GURPS is a trademark of Steve Jackson Games, and its rules and art are copyrighted by Steve Jackson "
            "Games. All rights are reserved by Steve Jackson Games. This game aid is the original creation of "
            "Rules at the Table and is released for free distribution, and not for resale, under the permissions "
            "granted in the [Steve Jackson Games Online Policy]") in text
    assert "not endorsed by Steve Jackson Games" in text
