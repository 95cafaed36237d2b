"""SHELL combat rules (split from tests/test_shell.py): attack rolls, ranged and close combat,
weapons, damage by hit location, recovery; then, over every SHELL calculator, the tables, the
working and the wording."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest

import rulescore
from rulescore import RulesInputError, calculate


def run(calc_id, **inputs):
    return calculate(calc_id, inputs)


# ---------------------------------------------------------------- Attack roll

def ways(total):
    return total - 1 if total <= 11 else 21 - total


def test_attack_odds_with_no_shield_at_even_values():
    result = run("shell.attack", attack_value=4, defence_value=4)
    assert result["miss"] == pytest.approx(sum(ways(t) for t in range(2, 9)) / 100)   # 28%
    assert result["defended"] == pytest.approx(27 / 100)
    assert result["hit"] == pytest.approx(45 / 100) and result["shield_hit"] == 0
    assert result["miss_rolls"] == "2–8" and result["hit_rolls"] == "12–20"


def test_a_shield_takes_the_rolls_from_12_to_11_plus_pr():
    result = run("shell.attack", attack_value=4, defence_value=4, shield_pr=2)
    assert result["shield_hit"] == pytest.approx((ways(12) + ways(13)) / 100)
    assert result["hit"] == pytest.approx(sum(ways(t) for t in range(14, 21)) / 100)
    assert result["shield_rolls"] == "12–13"
    buckler = run("shell.attack", attack_value=4, defence_value=4, shield_pr=0)
    assert buckler["shield_hit"] == 0 and buckler["hit"] == pytest.approx(0.45)


@pytest.mark.parametrize("at, de, pr", [(0, 0, -1), (10, 0, 3), (-5, 12, 1), (30, -10, -1), (-20, 40, 10)])
def test_attack_odds_sum_to_one(at, de, pr):
    result = run("shell.attack", attack_value=at, defence_value=de, shield_pr=pr)
    assert sum(result[k] for k in ("miss", "defended", "shield_hit", "hit")) == pytest.approx(1)


def test_extreme_margins_are_certain():
    assert run("shell.attack", attack_value=30, defence_value=0)["hit"] == 1
    assert run("shell.attack", attack_value=0, defence_value=30)["miss"] == 1


def test_ranged_speed_divides_base_def_fractions_dropped():
    result = run("shell.attack", attack_value=4, defence_value=5, weapon_speed=2)
    assert result["def_used"] == 2  # 5 / 2 = 2.5 -> 2 (our reading)
    assert run("shell.attack", defence_value=9, weapon_speed=3)["def_used"] == 3
    assert run("shell.attack", defence_value=5, weapon_speed=2, defence_modifier=2)["def_used"] == 4


def test_ranged_base_def_is_never_below_zero():
    assert run("shell.attack", defence_value=-4, weapon_speed=1)["def_used"] == 0
    assert run("shell.attack", defence_value=-4)["def_used"] == -4  # hand-to-hand: no floor


def test_unaware_and_immobile_defenders():
    for state in ("unaware", "immobile"):
        assert run("shell.attack", defender_state=state)["hit"] == 1
        ranged = run("shell.attack", defence_value=8, weapon_speed=2, defender_state=state)
        assert ranged["def_used"] == 0 and ranged["hit"] < 1


# ---------------------------------------------------------------- Ranged modifiers

@pytest.mark.parametrize("units, mod", [(1, 0), (2, 0), (3, -1), (5, -1), (6, -2), (10, -2), (11, -3), (16, -3),
                                        (17, -4), (25, -4), (26, -5), (40, -5), (41, -6), (60, -6), (61, -7),
                                        (90, -7), (135, -8), (202, -9), (203, -10)])
def test_range_chart(units, mod):
    assert run("shell.ranged", range_units=units)["range_modifier"] == mod


def test_aim_cover_and_moving_target():
    result = run("shell.ranged", range_units=4, aim_turns=5, cover=2, target_moved_units=7)
    assert result["aim_bonus"] == 3 and result["cover_modifier"] == -6 and result["moving_modifier"] == -2
    assert result["total_modifier"] == -1 + 3 - 6 - 2
    assert run("shell.ranged", target_moved_units=2)["moving_modifier"] == 0


def test_low_tech_weapons_lose_speed_past_half_range():
    assert run("shell.ranged", range_units=50, max_range_units=100)["effective_speed"] == 2
    assert run("shell.ranged", range_units=51, max_range_units=100)["effective_speed"] == 1
    assert run("shell.ranged", range_units=51, max_range_units=100, low_tech=False)["effective_speed"] == 2


def test_when_no_ranged_attack_is_possible():
    assert not run("shell.ranged", can_see_target=False)["attack_possible"]
    assert not run("shell.ranged", range_units=101, max_range_units=100)["attack_possible"]
    assert run("shell.ranged", range_units=100, max_range_units=100)["attack_possible"]


# ---------------------------------------------------------------- Close combat

def test_takedown_uses_st_difference_only():
    result = run("shell.close_combat", attacker_st=14, defender_st=10, weight_difference_lb=100)
    assert result["modifier"] == 4


@pytest.mark.parametrize("weight, mod", [(0, 0), (19, 0), (20, 1), (39, 1), (40, 2), (-19, 0), (-20, -1), (-45, -2)])
def test_pin_adds_one_per_20_lb(weight, mod):
    assert run("shell.close_combat", maneuver="pin", attacker_st=10, defender_st=10,
               weight_difference_lb=weight)["modifier"] == mod


def test_close_combat_success_is_a_hit_of_12_or_more():
    result = run("shell.close_combat", attack_value=5, dodge_def=5, attacker_st=10, defender_st=10)
    assert result["success"] == pytest.approx(0.45) and result["dodged"] == pytest.approx(0.27)


# ---------------------------------------------------------------- Weapon damage

def test_weapon_damage_adds():
    assert run("shell.weapon", st=10, weapon_adds=-4, damage_type="crushing")["damage"] == "1d-4 cr"  # bare hand
    assert run("shell.weapon", st=12, combat_level=4)["damage"] == "1d+3 cut"
    assert run("shell.weapon", st=10, charge_units=14)["damage"] == "1d+2 cut"   # 14 units: +2


def test_weapon_minimum_st():
    capped = run("shell.weapon", st=18, min_st=10)
    assert capped["damage_st"] == 15 and capped["damage"] == "2d+1 cut"
    assert run("shell.weapon", st=15, min_st=10)["damage_st"] == 15
    low = run("shell.weapon", st=8, min_st=11)
    assert low["skill_modifier"] == -3 and low["damage_st"] == 8


def test_two_handed_use_lowers_minimum_st_and_adds_one():
    result = run("shell.weapon", st=10, min_st=12, two_handed=True, combat_level=1)
    assert result["skill_modifier"] == 0 and result["total_adds"] == 1
    one_hand = run("shell.weapon", st=10, min_st=12, combat_level=1)
    assert one_hand["skill_modifier"] == -2 and one_hand["total_adds"] == 0


def test_our_reading_two_hands_keep_the_one_handed_damage_cap():
    # ST 18 with a minimum-12 weapon: damage uses ST 17 either way; two hands add 1. Lowering the
    # cap with the minimum (to 15) would make two hands do less than one.
    two = run("shell.weapon", st=18, min_st=12, two_handed=True, combat_level=1)
    one = run("shell.weapon", st=18, min_st=12, combat_level=1)
    assert two["damage_st"] == one["damage_st"] == 17
    assert one["damage"] == "2d+3 cut" and two["damage"] == "2d+4 cut"


def damage_mean(result):
    from rulescore.shell.common import st_damage
    from rulescore.shell.weapons import damage_distribution
    dice_count, base = st_damage(result["damage_st"])
    spread = damage_distribution(dice_count, base + result["total_adds"])
    return sum(hp * p for hp, p in spread.items())


def test_two_hands_are_never_worse_than_one():
    # Every ST on the chart (7-20) against every minimum ST 0-20: the damage cap, the skill
    # modifier and the damage itself are at least as good with two hands as with one.
    for st, min_st in product(range(7, 21), range(0, 21)):
        one = run("shell.weapon", st=st, min_st=min_st)
        two = run("shell.weapon", st=st, min_st=min_st, two_handed=True)
        assert two["damage_st"] >= one["damage_st"], (st, min_st)
        assert two["skill_modifier"] >= one["skill_modifier"], (st, min_st)
        assert two["total_adds"] == one["total_adds"] + 1, (st, min_st)
        assert damage_mean(two) > damage_mean(one), (st, min_st)


def test_our_reading_the_cap_never_goes_below_the_chart():
    assert run("shell.weapon", st=12, min_st=1)["damage_st"] == 7


# ---------------------------------------------------------------- Damage and hit locations

def dmg(**inputs):
    return calculate("shell.damage", inputs)


def test_dr_and_armour_piercing():
    assert dmg(damage=8, armour_dr=4)["hp_lost"] == 4
    assert dmg(damage=8, armour_dr=5, armour_piercing=True)["hp_lost"] == 6      # 5 / 2 -> 2 (our reading)
    assert dmg(damage=8, armour_dr=4, natural_dr=2, armour_piercing=True)["hp_lost"] == 4  # natural not halved
    assert dmg(damage=3, armour_dr=6)["hp_lost"] == 0


def test_head_and_neck_quadruple_damage():
    assert dmg(damage=5, location="head", base_hp=40)["hp_lost"] == (5 - 2) * 4   # skull DR 2 first
    assert dmg(damage=5, location="neck", base_hp=40)["hp_lost"] == 20


def test_impaling_heart_and_limbs():
    assert dmg(damage=7, armour_dr=2, damage_type="impaling", location="heart", base_hp=40)["hp_lost"] == 7  # 7.5
    assert dmg(damage=8, damage_type="impaling", location="groin", base_hp=40)["hp_lost"] == 12
    assert dmg(damage=7, damage_type="impaling", location="leg", base_hp=40)["hp_lost"] == 3   # 3.5 -> 3
    assert dmg(damage=8, damage_type="impaling", location="hand", base_hp=40)["hp_lost"] == 4  # hands are limbs


def test_damage_modifier_applies_after_dr():
    assert dmg(damage=12, armour_dr=2, dm_percent=50, base_hp=40)["hp_lost"] == 5


def test_arm_cripples_at_40_percent_and_excess_does_not_count():
    result = dmg(damage=3, location="arm", base_hp=10)
    assert result["crippling"] == "no effect" and result["counted"] == 3
    crippled = dmg(damage=3, location="arm", base_hp=10, location_damage_before=1)
    assert crippled["crippling"] == "crippled, temporary" and crippled["stunned"]
    big = dmg(damage=6, location="arm", base_hp=10)
    assert big["counted"] == 4 and big["total_damage"] == 4 and big["location_damage"] == 6
    assert big["crippling"].startswith("crippled: HT+2 roll")     # the whole amount in one blow


def test_double_crippling_damage_is_permanent():
    result = dmg(damage=3, location="leg", base_hp=10, location_damage_before=5)
    assert result["crippling"] == "crippled, permanent" and "WP roll" in result["rolls"]
    assert result["counted"] == 0
    assert not result["stunned"]  # it was crippled already; 3 HP is under half of 10


def test_our_reading_crippling_thresholds_round_up():
    # 40% of 12 HP is 4.8: 5 HP of damage cripples, and 10 make it permanent.
    assert dmg(damage=4, location="arm", base_hp=12)["crippling"] == "no effect"
    assert dmg(damage=5, location="arm", base_hp=12)["counted"] == 5
    assert dmg(damage=5, location="arm", base_hp=12, location_damage_before=5)["crippling"] == "crippled, permanent"


def test_hand_cripples_at_20_percent():
    result = dmg(damage=5, location="hand", base_hp=10)
    assert result["counted"] == 2 and result["crippling"].startswith("crippled")


def test_eye_excess_is_quadrupled():
    result = dmg(damage=3, location="eye", base_hp=10)       # 1 blinds, 2 more x 4
    assert result["hp_lost"] == 1 + 8 and result["counted"] == 9
    assert result["crippling"].startswith("blinded")
    already = dmg(damage=2, location="eye", base_hp=10, location_damage_before=1)
    assert already["hp_lost"] == 8


def test_stun_thresholds():
    assert not dmg(damage=4, base_hp=10)["stunned"]
    assert dmg(damage=5, base_hp=10)["stunned"]                                 # half of base HP
    assert dmg(damage=4, base_hp=12, damage_type="crushing")["stunned"]         # a third, crushing to the torso
    assert not dmg(damage=4, base_hp=12, damage_type="crushing", location="face")["stunned"]
    groin = dmg(damage=4, base_hp=12, damage_type="crushing", location="groin")
    assert groin["stunned"] and "WP roll" in groin["rolls"]
    assert dmg(damage=4, base_hp=12, damage_type="crushing")["rolls"] == "none"


def test_unconsciousness_and_death():
    assert not dmg(damage=9, base_hp=10)["unconscious"]
    assert dmg(damage=10, base_hp=10)["unconscious"]
    assert not dmg(damage=9, base_hp=10, lethal_before=10)["dead"]
    assert dmg(damage=10, base_hp=10, lethal_before=10)["dead"]


def test_non_lethal_damage_never_kills():
    result = dmg(damage=10, base_hp=10, damage_type="crushing", non_lethal=True, stun_before=15)
    assert result["unconscious"] and not result["dead"] and result["total_damage"] == 25
    cut = dmg(damage=10, base_hp=10, non_lethal=True, lethal_before=10)     # cutting cannot be non-lethal
    assert cut["dead"]
    arm = dmg(damage=10, base_hp=10, damage_type="crushing", location="arm", non_lethal=True, lethal_before=16)
    assert arm["dead"]                                                        # only torso or head


def test_our_reading_objects_break_only_on_more_damage_than_their_hp():
    from rulescore.shell.damage import object_breaks
    assert not object_breaks(10, 10) and object_breaks(11, 10)
    assert not object_breaks(21, 10, impaling=True) and object_breaks(22, 10, impaling=True)  # 10.5 -> 10; 11
    assert object_breaks(21, 10, impaling=False)


# ---------------------------------------------------------------- Recovery and fatigue

@pytest.mark.parametrize("ht, pct", [(7, 7), (10, 10), (11, 11.5), (13, 15), (14, 17.5), (20, 40)])
def test_hp_recovery_percent(ht, pct):
    # Source example: HT 13 -> 300 / 20 = 15%.
    assert run("shell.recovery", ht=ht)["hp_recovery_percent"] == pct


def test_hp_a_day_and_days_to_heal():
    result = run("shell.recovery", ht=11, base_hp=10, damage=4)
    assert result["hp_per_day"] == 1.15 and result["days_to_heal"] == 4  # 4 / 1.15 = 3.48 -> 4 days
    assert run("shell.recovery", damage=0)["days_to_heal"] == 0
    assert run("shell.recovery", ht=10, base_hp=10, damage=5)["days_to_heal"] == 5   # exactly 5 days


def test_end_recovers_a_fifth_an_hour():
    assert run("shell.recovery", base_end=12)["end_per_hour"] == 2.4


@pytest.mark.parametrize("el, rounds", [(0, 25), (1, 20), (2, 15), (3, 10), (4, 5)])
def test_combat_fatigue(el, rounds):
    result = run("shell.fatigue", encumbrance_level=el, rounds=rounds * 3 - 1)
    assert result["rounds_per_end"] == rounds and result["end_lost_in_combat"] == 2


def test_end_thresholds():
    assert run("shell.fatigue", base_end=9, other_end_spent=5)["st_ag_modifier"] == 0      # 4 > 3
    third = run("shell.fatigue", base_end=9, other_end_spent=6)                            # exactly a third
    assert third["st_ag_modifier"] == -1 and third["mv_effect"] == "−1" and third["wp_roll"] == "no roll"
    zero = run("shell.fatigue", base_end=9, other_end_spent=9)
    assert zero["st_ag_modifier"] == -2 and zero["mv_effect"] == "halved" and zero["wp_roll"] == "WP roll at 0"
    assert run("shell.fatigue", base_end=9, other_end_spent=12)["wp_roll"] == "WP roll at −3"


# ---------------------------------------------------------------- Tables agree with the calculators

def test_encumbrance_table_agrees_with_the_calculator():
    rows = rulescore.table("shell.encumbrance_levels")["rows"]
    for level, share, initiative, _mv, _dodge, rounds in rows:
        load = Fraction(share.rstrip("%")) * 2  # of a 200 lb maximum (ST 10)
        result = run("shell.encumbrance", st=10, load_lb=str(load))
        assert result["encumbrance_level"] == level and result["rounds_per_end"] == rounds
        assert initiative.replace("−", "-") in (str(result["initiative_modifier"]), "0")


def test_skill_cost_table_agrees_with_the_calculator():
    for level, major, minor, g_major, g_minor in rulescore.table("shell.skill_costs")["rows"]:
        assert run("shell.skill_cost", level=level)["exp"] == major
        assert run("shell.skill_cost", level=level, skill_type="minor")["exp"] == minor
        assert run("shell.skill_cost", level=level, grouped=True)["exp"] == g_major
        assert run("shell.skill_cost", level=level, skill_type="minor", grouped=True)["exp"] == g_minor


def test_recovery_and_fatigue_tables_agree():
    for ht, pct in rulescore.table("shell.hp_recovery")["rows"]:
        assert f"{run('shell.recovery', ht=ht)['hp_recovery_percent']:g}%" == pct
    for el, rounds in rulescore.table("shell.combat_fatigue")["rows"]:
        assert run("shell.fatigue", encumbrance_level=el)["rounds_per_end"] == rounds


def test_range_table_agrees_with_the_calculator():
    for span, mod in rulescore.table("shell.range_modifiers")["rows"]:
        low, high = (int(x) for x in span.split("–"))
        for units in (low, high):
            if units <= 2000:
                shown = mod.replace("−", "-").lstrip("+")
                assert f"{run('shell.ranged', range_units=units)['range_modifier']}" == shown


def test_attack_odds_table_agrees_with_the_calculator():
    for margin, _miss, _defended, hit, shielded in rulescore.table("shell.attack_odds")["rows"]:
        m = int(margin.replace("−", "-"))
        result = run("shell.attack", attack_value=10 + m, defence_value=10)
        assert f"{result['hit'] * 100:.2f}".rstrip("0").rstrip(".") + "%" == hit
        assert f"{run('shell.attack', attack_value=10 + m, defence_value=10, shield_pr=2)['hit'] * 100:.2f}" \
            .rstrip("0").rstrip(".") + "%" == shielded


def test_all_shell_tables_build():
    shell_tables = [t for t in rulescore.tables() if t.startswith("shell.")]
    assert len(shell_tables) >= 20
    for table_id in shell_tables:
        data = rulescore.table(table_id)
        assert data["rows"] and all(len(row) == len(data["columns"]) for row in data["rows"])


def test_every_shell_table_and_calculator_is_on_a_shell_page():
    from pathlib import Path
    pages = (Path(__file__).parent.parent / "docs" / "shell").glob("*.md")
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    for table_id in (t for t in rulescore.tables() if t.startswith("shell.")):
        assert f"```table\n{table_id}\n```" in text, table_id
    for calc in (c for c in rulescore.catalogue() if c["id"].startswith("shell.")):
        assert calc["page"].startswith("shell/")
        assert f"```calculator\n{calc['id']}\n```" in text, calc["id"]


# ---------------------------------------------------------------- Working: rule links, dice charts, ranges

SHELL_CALCS = [c for c in rulescore.catalogue() if c["id"].startswith("shell.")]


class _ExactWorking(rulescore.core.Working):
    """Working that also keeps each chart's probabilities as exact Fractions."""

    def __init__(self):
        super().__init__()
        self.exact = []

    def chart(self, title, bars, summary=""):
        bars = list(bars)
        super().chart(title, bars, summary)
        self.exact.append((title, [(str(label), Fraction(p), kind) for label, p, kind in bars]))


def _work(calc_id, inputs):
    calc = rulescore.core.get_calculator(calc_id)
    working = _ExactWorking()
    outputs = calc.function(working, **calc.resolve(inputs))
    return outputs, working


def _cases(calc):
    from tests.samples import sample_cases
    return [{}, *sample_cases(calc)]


def _kind_sum(bars, *kinds):
    return sum((p for _, p, kind in bars if kind in kinds), Fraction(0))


@pytest.mark.parametrize("calc", SHELL_CALCS, ids=[c["id"] for c in SHELL_CALCS])
def test_every_step_names_its_rule_and_every_chart_sums_to_one(calc):
    for inputs in _cases(calc):
        _, working = _work(calc["id"], inputs)
        assert working.steps and all(working.step_rules), (inputs, working.steps, working.step_rules)
        for title, bars in working.exact:
            assert sum(p for _, p, _ in bars) == 1, (title, inputs)
            assert len(bars) <= 40 and len({label for label, _, _ in bars}) == len(bars), title


@pytest.mark.parametrize("calc", SHELL_CALCS, ids=[c["id"] for c in SHELL_CALCS])
def test_numeric_outputs_stay_in_their_declared_ranges(calc):
    for inputs in _cases(calc):
        result = calculate(calc["id"], inputs)
        for spec in calc["outputs"]:
            value = result[spec["name"]]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            assert spec["min"] is None or value >= spec["min"], (spec["name"], inputs)
            assert spec["max"] is None or value <= spec["max"], (spec["name"], inputs)


def test_roll_charts_agree_with_the_odds():
    for calc_id in ("shell.contest", "shell.skill_roll"):
        calc = rulescore.core.get_calculator(calc_id)
        for inputs in _cases(calc.describe()):
            outputs, working = _work(calc_id, inputs)
            rolls = [bars for title, bars in working.exact if title.startswith("3d6 against")]
            values = calc.resolve(inputs)
            rolled = calc_id == "shell.contest" or values["skill_level"] >= values["minimum_level"]
            assert len(rolls) == (1 if rolled else 0), inputs  # below the minimum level: no roll
            for bars in rolls:
                assert [label for label, _, _ in bars] == [str(t) for t in range(3, 19)]
                assert _kind_sum(bars, "success") == outputs["success"], inputs
                assert _kind_sum(bars, "failure") == 1 - outputs["success"]
            if calc_id == "shell.contest":
                (bars,) = [bars for title, bars in working.exact if title.startswith("Contest")]
                assert _kind_sum(bars, "success") == outputs["win"], inputs
                assert _kind_sum(bars, "neutral") == outputs["tie"]
                assert _kind_sum(bars, "failure") == outputs["lose"]


def test_no_roll_and_no_chart_below_the_minimum_skill_level():
    _, working = _work("shell.skill_roll", {"skill_level": 1, "minimum_level": 3})
    assert working.exact == []


def test_attack_chart_marks_each_2d10_total_by_its_result():
    calc = rulescore.core.get_calculator("shell.attack")
    for inputs in _cases(calc.describe()) + [{"shield_pr": 2}, {"attack_value": 6, "defence_value": 4, "shield_pr": 2}]:
        outputs, working = _work("shell.attack", inputs)
        if not working.exact:  # an automatic hit: no roll
            assert outputs["hit"] == 1
            continue
        (title, bars), = working.exact
        assert title.startswith("2d10") and [label for label, _, _ in bars] == [str(t) for t in range(2, 21)]
        assert _kind_sum(bars, "success") == outputs["hit"], inputs
        assert _kind_sum(bars, "neutral") == outputs["shield_hit"]
        assert _kind_sum(bars, "failure") == outputs["miss"] + outputs["defended"]


def test_attack_chart_example_with_a_shield():
    # AT 6 − DEF 4 = +2: 2-6 miss, 7-9 defended, 10-11 shield (PR 2: 12-13), 12-20 hit.
    _, working = _work("shell.attack", {"attack_value": 6, "defence_value": 4, "shield_pr": 2})
    (_, bars), = working.exact
    kinds = {label: kind for label, _, kind in bars}
    assert [kinds[str(t)] for t in (6, 7, 9, 10, 11, 12)] == ["failure", "failure", "failure", "neutral", "neutral",
                                                              "success"]


def test_close_combat_chart_agrees_with_the_odds():
    calc = rulescore.core.get_calculator("shell.close_combat")
    for inputs in _cases(calc.describe()):
        outputs, working = _work("shell.close_combat", inputs)
        (_, bars), = working.exact
        assert _kind_sum(bars, "success") == outputs["success"], inputs
        assert _kind_sum(bars, "failure") == outputs["dodged"] + outputs["miss"]


def test_weapon_damage_chart_counts_negative_totals_as_no_damage():
    outputs, working = _work("shell.weapon", {"st": 7, "weapon_adds": -2})  # 1d-5: 1-5 do nothing, 6 does 1
    (title, bars), = working.exact
    assert outputs["damage"] == "1d-5 cut" and title == "Damage 1d−5 cut"  # the value ASCII, the text shown "−"
    assert [(label, p, kind) for label, p, kind in bars] == [("0", Fraction(5, 6), "neutral"),
                                                             ("1", Fraction(1, 6), "neutral")]


# ---------------------------------------------------------------- Inputs in words, outputs that apply

@pytest.mark.parametrize("given, used", [(-1, None), ("-1", None), ("−1", None), ("No shield (or an attack aimed "
                                         "at the weapon)", None), (2, 2), ("2", 2), ("+2", 2), (2.0, 2),
                                         ("Small shield (PR 1)", 1), (0, 0), (10, 10)])
def test_shield_is_chosen_in_words_and_old_numbers_still_work(given, used):
    # Links and calls from when the shield was a bare number (−1 = none) must keep working.
    result = run("shell.attack", attack_value=6, defence_value=4, shield_pr=given)
    with_pr = run("shell.attack", attack_value=6, defence_value=4, shield_pr=str(used if used is not None else -1))
    assert dict(result) == dict(with_pr)
    assert (result["shield_rolls"] is None) == (used is None)


def test_shield_choices_read_as_a_player_would_say_them():
    spec = {i["name"]: i for i in rulescore.core.get_calculator("shell.attack").describe()["inputs"]}["shield_pr"]
    assert spec["kind"] == "choice" and spec["default"] == "-1"
    assert spec["choice_labels"]["-1"].startswith("No shield") and "Small shield" in spec["choice_labels"]["1"]
    assert "=" not in spec["help"] and "−1" not in spec["help"]
    for bad in (11, -2, "big", "1.5", None):
        with pytest.raises(RulesInputError) as error:
            run("shell.attack", shield_pr=bad)
        assert error.value.field == "shield_pr" and "Defender's shield" in error.value.message


def test_outputs_that_do_not_apply_are_none():
    assert run("shell.attack")["shield_rolls"] is None                       # no shield
    automatic = run("shell.attack", defender_state="unaware")                 # no roll, no DEF
    assert automatic["hit"] == 1 and automatic["def_used"] is None and automatic["hit_rolls"] is None
    assert dmg(damage=30, location="torso")["crippling"] is None              # a torso cannot be crippled
    assert dmg(damage=1, location="arm")["crippling"] == "no effect"          # an arm can, just not yet
    assert run("shell.encumbrance", body_weight_lb=0)["overweight_lb"] is None
    assert run("shell.encumbrance", st=10, body_weight_lb=100)["overweight_lb"] == 0


def test_dice_outputs_show_the_true_minus_sign():
    from rulescore.web import respond
    answer = respond("shell.weapon", {"st": 7})
    assert answer["outputs"]["damage"]["value"] == "1d-3 cut" and answer["outputs"]["damage"]["text"] == "1d−3 cut"
    assert respond("shell.combat", {"st": 8})["outputs"]["base_damage"]["text"] == "1d−2"


# ---------------------------------------------------------------- One minus sign, one default per quantity

ASCII_MINUS = re.compile(r"(?<![0-9A-Za-z])-\s?[0-9]|[0-9]d-[0-9]")


def test_steps_labels_help_charts_and_tables_use_the_true_minus_sign():
    from tests.samples import sample_cases
    for calc in SHELL_CALCS:
        texts = [t for spec in calc["inputs"] for t in (spec["label"], spec["help"] or "",
                                                       *(spec["choice_labels"] or {}).values())]
        texts += [t for spec in calc["outputs"] for t in (spec["label"], spec["help"])]
        for inputs in [{}, *sample_cases(calc, 20)]:
            result = calculate(calc["id"], inputs)
            texts += result.steps + [chart["title"] + chart["summary"] for chart in result.charts]
            outputs = rulescore.core.get_calculator(calc["id"]).outputs
            spec = {o["name"]: outputs[i] for i, o in enumerate(calc["outputs"])}
            texts += [spec[name].text(value) for name, value in result.items() if isinstance(value, str)]
        for text in texts:
            assert not ASCII_MINUS.search(text), (calc["id"], text)
    for table_id in (t for t in rulescore.tables() if t.startswith("shell.")):
        data = rulescore.table(table_id)
        for text in [data["note"], *data["columns"], *(c for row in data["rows"] for c in row if isinstance(c, str))]:
            assert not ASCII_MINUS.search(text), (table_id, text)


def test_working_shows_negative_values_with_a_true_minus():
    assert "−30 chp" in " ".join(run("shell.character", st=7).steps)
    assert "= −1." in " ".join(run("shell.combat", ag=7, encumbrance_level=4).steps)
    assert "−30." in " ".join(run("shell.fatigue", rounds=1000, base_end=10).steps)


# Inputs that share a name but not a quantity: each keeps its own default.
DIFFERENT_QUANTITIES = {
    "damage": "damage rolled (shell.damage) against damage already at a location (shell.recovery)",
    "maneuver": "combat maneuvers against close-combat maneuvers: different choices",
    "weapon_speed": "shell.attack also takes 0 for hand-to-hand; shell.ranged is about ranged weapons only",
}


def test_one_default_per_quantity():
    seen = {}
    for calc in SHELL_CALCS:
        for spec in calc["inputs"]:
            seen.setdefault(spec["name"], {})[calc["id"]] = spec["default"]
    for name, defaults in seen.items():
        if name not in DIFFERENT_QUANTITIES:
            assert len(set(defaults.values())) == 1, (name, defaults)
    # Attributes under other names start at the human base too, and the combat figures at those
    # of that human fighting at the default combat level.
    combat = run("shell.combat")
    inputs = {calc["id"]: {i["name"]: i["default"] for i in calc["inputs"]} for calc in SHELL_CALCS}
    for calc_id, name in [("shell.close_combat", "attacker_st"), ("shell.close_combat", "defender_st"),
                          ("shell.contest", "attribute"), ("shell.contest", "opponent"),
                          ("shell.skill_roll", "attribute"), ("shell.recovery", "ht")]:
        assert inputs[calc_id][name] == inputs["shell.character"]["st"] == 10, (calc_id, name)
    assert inputs["shell.weapon"]["combat_level"] == inputs["shell.combat"]["combat_level"]
    assert inputs["shell.attack"]["attack_value"] == inputs["shell.close_combat"]["attack_value"] == combat["at_value"]
    assert inputs["shell.attack"]["defence_value"] == combat["block_def"]
    assert inputs["shell.close_combat"]["dodge_def"] == combat["dodge_def"]
    assert inputs["shell.skill_roll"]["skill_level"] == inputs["shell.skill_cost"]["level"] == \
        inputs["shell.skill_list"]["skill1_level"]
