"""GURPS damage, injury, recovery and fatigue (split from tests/test_gurps_combat.py): damage by
ST, penetration and wounding, shock, major wounds, what HP lost mean, waking, healing, FP."""

from __future__ import annotations

import itertools

import pytest

import rulescore
from rulescore import RulesInputError, calculate
from rulescore.gurps.injury import shock_penalty
from tests.test_gurps_combat import calc, exact, share

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


def test_damage_table_goes_on_past_100_by_its_rule():
    assert calc("gurps.damage", st=100)["swing_max"] == 78        # 13d: 13 x 6
    # Past 100, +1d to thrust and swing for each 10 ST more; the ST between as the table's last ten.
    for st, thrust, swing in ((105, "11d+2", "13d+2"), (110, "12d", "14d"),
                              (120, "13d", "15d"), (1000, "101d", "103d")):
        result = calc("gurps.damage", st=st)
        assert (result["thrust"], result["swing"]) == (thrust, swing), st
        assert result["thrust"] != calc("gurps.damage", st=st - 10)["thrust"]
    with pytest.raises(RulesInputError):
        calc("gurps.damage", st=1001)


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
