"""rulescore.resolve: a calculator decided by one roll, rolled or read from the player's dice,
against each rule it applies (criticals, natural rolls, contests, attacks), and its errors."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import product

import pytest

import rulescore
from rulescore import RulesInputError, calculate, catalogue, resolve
from rulescore import dice as dice_module
from rulescore.bfrpg.abilities import ability_bonus
from rulescore.bfrpg.saves import save_chance, save_succeeds
from rulescore.gurps.common import roll_outcome
from rulescore.gurps.success_rolls import contest_odds
from rulescore.shell.rolls import attack_result

CATALOGUE = {calc["id"]: calc for calc in catalogue()}
ROLLED = [calc_id for calc_id, calc in CATALOGUE.items() if calc["roll"]]
NOT_ROLLED = [calc_id for calc_id, calc in CATALOGUE.items() if not calc["roll"]]
SUCCESSES = {"success", "critical success", "win", "hit", "shield_hit"}  # "dodged", "miss"... are failures

EXPECTED_ROLLS = {
    "gurps.success_roll": "3d6", "gurps.quick_contest": "2x3d6", "gurps.influence": "2x3d6",
    "gurps.fright_check": "3d6", "gurps.melee_attack": "3d6", "gurps.range_modifier": "3d6",
    "gurps.defense": "3d6", "gurps.throwing": "3d6", "gurps.swimming": "3d6", "gurps.climbing": "3d6",
    "bfrpg.chances": "1d6", "bfrpg.overland": "1d20", "bfrpg.travel": "1d20", "bfrpg.attack": "1d20",
    "shell.skill_roll": "3d6", "shell.contest": "3d6", "shell.attack": "2d10", "shell.close_combat": "2d10",
    "gurps.modifiers": "3d6", "shell.modifiers": "2d10", "bfrpg.modifiers": "1d6",
}


def three(total):
    """Three d6 faces summing to ``total`` (3 to 18)."""
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def ways3(total):
    return sum(1 for faces in product(range(1, 7), repeat=3) if sum(faces) == total)


def seeded(seed=7):
    rng = random.Random(seed)
    return lambda count, sides: [rng.randint(1, sides) for _ in range(count)]


# ---------------------------------------------------------------- the catalogue and the contract

def test_the_catalogue_marks_exactly_the_roll_calculators():
    assert {calc_id: CATALOGUE[calc_id]["roll"] for calc_id in ROLLED} == EXPECTED_ROLLS
    assert all(CATALOGUE[calc_id]["roll"] is None and CATALOGUE[calc_id]["roll_for"] is None
               for calc_id in NOT_ROLLED)
    for calc_id in ROLLED:
        dice_module.parse(CATALOGUE[calc_id]["roll"])  # every notation reads


@pytest.mark.parametrize("calc_id", ROLLED)
def test_every_roll_calculator_resolves_with_its_defaults(calc_id):
    result = resolve(calc_id, {}, roll=seeded())
    plain = calculate(calc_id, {})
    notation = dice_module.parse(CATALOGUE[calc_id]["roll"])
    assert result["notation"] == CATALOGUE[calc_id]["roll"]
    assert len(result["dice"]) == notation.number * notation.times
    assert all(1 <= face <= notation.sides for face in result["dice"])
    assert result["total"] == sum(result["dice"][:notation.number]) + notation.adds
    assert isinstance(result["outcome"], str) and result["outcome"]
    assert isinstance(result["margin"], int)
    assert set(plain) <= set(result)
    kept = {name for name in plain if name not in ("margin", "outcome")}  # the Fright Check's own, see below
    assert {name: result[name] for name in kept} == {name: plain[name] for name in kept}
    assert result.steps[:len(plain.steps)] == plain.steps and len(result.steps) > len(plain.steps)
    assert all(rule for rule in result.step_rules[len(plain.steps):]), "every step of the roll names its rule"
    assert json.loads(json.dumps(dict(result))) == dict(result)
    # dice=None rolls for real too
    assert resolve(calc_id)["notation"] == CATALOGUE[calc_id]["roll"]


@pytest.mark.parametrize("calc_id", NOT_ROLLED)
def test_every_other_calculator_refuses_to_resolve(calc_id):
    with pytest.raises(RulesInputError) as error:
        resolve(calc_id, {}, dice=[3, 3, 3])
    assert error.value.field == "calculator" and calc_id in error.value.message


def test_unknown_calculator_and_bad_inputs_raise_before_any_roll():
    asked = []

    def roller(count, sides):
        asked.append((count, sides))
        return [1] * count

    with pytest.raises(RulesInputError) as error:
        resolve("gurps.nothing", {}, roll=roller)
    assert error.value.field == "calculator"
    with pytest.raises(RulesInputError) as error:
        resolve("gurps.success_roll", {"effective_skill": 99}, roll=roller)
    assert error.value.field == "effective_skill"
    with pytest.raises(RulesInputError) as error:
        resolve("gurps.success_roll", "skill 12", roll=roller)
    assert error.value.field == "inputs"
    with pytest.raises(RulesInputError) as error:
        resolve("bfrpg.chances", {"chance": "pick_lock"}, roll=roller)
    assert error.value.field == "chance"
    assert asked == []


@pytest.mark.parametrize("calc_id", ROLLED)
@pytest.mark.parametrize("faces, says", [("short", "received"), ("high", "is not a face"), ("half", "is not a face"),
                                         ("text", "needs a list")])
def test_wrong_dice_raise_naming_dice(calc_id, faces, says):
    notation = dice_module.parse(CATALOGUE[calc_id]["roll"])
    every = notation.number * notation.times
    given = {"short": [1] * (every - 1), "high": [1] * (every - 1) + [notation.sides + 1],
             "half": [1] * (every - 1) + [1.5], "text": "1" * every}[faces]
    with pytest.raises(RulesInputError) as error:
        resolve(calc_id, {}, dice=given)
    assert error.value.field == "dice" and says in error.value.message


@pytest.mark.parametrize("calc_id", ROLLED)
def test_margin_sign_follows_the_outcome_for_every_roll(calc_id):
    notation = dice_module.parse(CATALOGUE[calc_id]["roll"])
    choices = [None]
    if CATALOGUE[calc_id]["roll_for"]:
        choices = list(CATALOGUE[calc_id]["roll_for"]["notations"])
    for choice in choices:
        inputs = {"shield_skill": 12} if calc_id == "gurps.defense" else {}  # so that Block exists
        if choice is not None:
            inputs[CATALOGUE[calc_id]["roll_for"]["input"]["name"]] = choice
        used = dice_module.parse(CATALOGUE[calc_id]["roll_for"]["notations"][choice]) if choice else notation
        totals = range(used.number, used.number * used.sides + 1)
        for total in totals:
            if used.number == 3:
                faces = three(total) * used.times
            elif used.number == 2:
                faces = [min(used.sides, total - 1), total - min(used.sides, total - 1)]
            else:
                faces = [total]
            result = resolve(calc_id, inputs, dice=faces)
            if result["outcome"] == "tie":
                assert result["margin"] == 0
            elif result["outcome"] in SUCCESSES or result["outcome"].startswith(("success", "critical success")):
                assert result["margin"] >= 0, (calc_id, choice, faces, result["outcome"])
            else:
                assert result["margin"] < 0, (calc_id, choice, faces, result["outcome"])


# ---------------------------------------------------------------- GURPS: 3d6 against a target, criticals

GURPS_TARGETS = [  # (calculator, inputs, the output that is the roll's target)
    ("gurps.success_roll", {"effective_skill": 12}, None),
    ("gurps.melee_attack", {"skill": 13, "maneuver": "all_out_determined"}, "effective_skill"),
    ("gurps.range_modifier", {"distance_yd": 25, "speed_yps": 5, "skill": 13, "aim_seconds": 3}, "adjusted_skill"),
    ("gurps.defense", {"basic_speed": 6, "weapon_skill": 14, "shield_skill": 12, "defence": "dodge"}, "dodge"),
    ("gurps.defense", {"weapon_skill": 14, "defence": "parry"}, "parry"),
    ("gurps.defense", {"shield_skill": 12, "defence": "block"}, "block"),
    ("gurps.throwing", {"dx": 12}, "target_roll"),
    ("gurps.throwing", {"dx": 12, "throw": "area"}, "area_roll"),
    ("gurps.swimming", {"swimming_skill": 12, "encumbrance_level": 2}, "roll_target"),
    ("gurps.swimming", {"ht": 13, "swim_roll": "fatigue"}, "fatigue_roll_target"),
    ("gurps.climbing", {"climb": "stone_wall", "climbing_skill": 13}, "roll_target"),
    ("gurps.fright_check", {"will": 11, "modifier": -3}, "effective_will"),
]


@pytest.mark.parametrize("calc_id, inputs, target_output", GURPS_TARGETS, ids=lambda v: str(v)[:30])
def test_gurps_resolve_equals_the_success_roll_rule_for_every_total(calc_id, inputs, target_output):
    plain_inputs = {k: v for k, v in inputs.items() if k not in ("defence", "throw", "swim_roll")}
    target = (calculate(calc_id, plain_inputs)[target_output] if target_output else inputs["effective_skill"])
    for total in range(3, 19):
        result = resolve(calc_id, inputs, dice=three(total))
        rule = roll_outcome(total, target)
        if calc_id == "gurps.fright_check":
            assert result["success_roll"] == rule
            assert result["outcome"] == calculate(calc_id, {**plain_inputs, "roll": str(total)})["outcome"]
        else:
            assert result["outcome"] == rule, (total, target)
        assert result["total"] == total
        if 5 <= total <= 16 and (total - target) < 10:
            assert result["margin"] == target - total  # the plain margin where the numbers decide


@pytest.mark.parametrize("skill, total, outcome", [
    (3, 3, "critical success"), (3, 4, "critical success"), (-5, 4, "critical success"),  # 3-4 always
    (14, 5, "success"), (15, 5, "critical success"), (15, 6, "success"), (16, 6, "critical success"),
    (30, 17, "failure"), (16, 17, "failure"), (15, 17, "critical failure"), (30, 18, "critical failure"),
    (5, 15, "critical failure"), (5, 14, "failure"),  # 10 or more over the skill
])
def test_gurps_criticals_at_the_edges(skill, total, outcome):
    result = resolve("gurps.success_roll", {"effective_skill": skill}, dice=three(total))
    assert result["outcome"] == outcome
    assert (result["margin"] >= 0) == (outcome in ("success", "critical success"))
    if outcome.startswith("critical") or total >= 17:
        assert any("critical" in step or "always" in step for step in result.steps[-1:])
        assert "critical" in result.step_rules[-1]


def test_gurps_automatic_results_keep_the_margin_sign():
    assert resolve("gurps.success_roll", {"effective_skill": 2}, dice=[1, 1, 2])["margin"] == 0  # 4 at skill 2
    assert resolve("gurps.success_roll", {"effective_skill": 20}, dice=[6, 6, 5])["margin"] == -1  # 17 at 20
    assert resolve("gurps.success_roll", {"effective_skill": 20}, dice=[6, 6, 4])["margin"] == 4


def contest_frequencies(calc_id, inputs, split=3):
    """(win, tie, loss) over every pair of 3d6 totals, each weighted by its number of ways."""
    freq = {"win": Fraction(0), "tie": Fraction(0), "loss": Fraction(0)}
    for mine in range(3, 19):
        for theirs in range(3, 19):
            result = resolve(calc_id, inputs, dice=three(mine) + three(theirs))
            assert result["total"] == mine and result["opponent_total"] == theirs
            freq[result["outcome"]] += Fraction(ways3(mine) * ways3(theirs), 216 * 216)
    return freq


def test_gurps_quick_contest_resolves_as_its_odds_say():
    freq = contest_frequencies("gurps.quick_contest", {"skill_a": 14, "skill_b": 11})
    assert (freq["win"], freq["tie"], freq["loss"]) == contest_odds(14, 11)
    # A success beats a failure whatever the margins: skill 3 rolling 4 beats skill 18 rolling 17.
    upset = resolve("gurps.quick_contest", {"skill_a": 3, "skill_b": 18}, dice=[1, 1, 2, 6, 6, 5])
    assert upset["outcome"] == "win" and upset["margin"] >= 1
    assert upset["your_roll"] == "critical success" and upset["opponent_roll"] == "failure"


def test_gurps_influence_gives_the_skill_s_reaction():
    freq = contest_frequencies("gurps.influence", {"skill_used": "sex_appeal", "skill": 13, "will": 12})
    assert freq["win"] == contest_odds(13, 12)[0]
    win = resolve("gurps.influence", {"skill_used": "sex_appeal"}, dice=[1, 1, 1, 6, 6, 6])
    assert win["outcome"] == "win" and win["reaction"] == "Very Good"
    tie = resolve("gurps.influence", {"skill_used": "intimidation", "skill": 10, "will": 10}, dice=[3, 3, 4] * 2)
    assert tie["outcome"] == "tie" and tie["margin"] == 0 and tie["reaction"] == "Very Bad"


def test_gurps_fright_check_keeps_the_page_s_words_and_margin_of_failure():
    result = resolve("gurps.fright_check", {"will": 11, "modifier": -3}, dice=[4, 4, 5])
    assert result["outcome"] == "stunned for 5 + 2d seconds (7–17 seconds)"
    assert result["margin"] == -5 and result["margin_of_failure"] == 5
    faint = resolve("gurps.fright_check", {"will": 12}, dice=[6, 6, 6])
    assert faint["success_roll"] == "critical failure" and faint["outcome"].startswith("faints")
    assert resolve("gurps.fright_check", {"will": 12}, dice=[1, 1, 1])["outcome"] == "critical success: no effect"
    # The roll the player gave replaces the calculator's "Your 3d6 roll".
    assert resolve("gurps.fright_check", {"will": 12, "roll": "18"}, dice=[1, 1, 1])["success_roll"] == \
        "critical success"


def test_gurps_rolls_that_cannot_be_made_raise():
    with pytest.raises(RulesInputError) as error:
        resolve("gurps.defense", {"shield_skill": 0, "defence": "block"}, dice=[3, 3, 3])
    assert error.value.field == "defence"
    with pytest.raises(RulesInputError) as error:
        resolve("gurps.throwing", {"st": 5, "weight_lb": 500}, dice=[3, 3, 3])
    assert error.value.field == "weight_lb"
    with pytest.raises(RulesInputError) as error:
        resolve("gurps.climbing", {"climb": "ladder"}, dice=[3, 3, 3])
    assert error.value.field == "climb"


def test_gurps_critical_hit_says_no_defence():
    result = resolve("gurps.melee_attack", {"skill": 12}, dice=[1, 1, 1])
    assert result["outcome"] == "critical success"
    assert "no defence" in result.steps[-1] and "maximum damage" in result.steps[-1]


# ---------------------------------------------------------------- BFRPG: chances and saves

CHANCES = {"stuck_door": 6, "locked_door": 10, "bend_bars": 20, "secret_door": 6, "find_trap": 6, "listen": 6}


@pytest.mark.parametrize("who", [{"race": "human", "strength": 3}, {"race": "elf", "strength": 13, "intelligence": 15},
                                 {"race": "dwarf", "strength": 18}, {"race": "halfling", "strength": 8}])
@pytest.mark.parametrize("chance", CHANCES)
def test_bfrpg_chances_resolve_as_the_odds_say(who, chance):
    plain = calculate("bfrpg.chances", who)
    wins = int(plain[f"{chance}_x_in_y"].split(" in ")[0])
    sides = CHANCES[chance]
    outcomes = []
    for face in range(1, sides + 1):
        result = resolve("bfrpg.chances", {**who, "chance": chance}, dice=[face])
        assert result["notation"] == f"1d{sides}"
        assert result["outcome"] == ("success" if face <= wins else "failure")
        assert result["margin"] == wins - face
        outcomes.append(result["outcome"])
    assert Fraction(outcomes.count("success"), sides) == Fraction(str(plain[chance])).limit_denominator(20)


@pytest.mark.parametrize("picked", [{"race": "dwarf", "strength": 16}, {"race": "elf", "intelligence": 15},
                                    {"save_target": 14, "save_bonus": "2"}, {"save_target": 2, "save_bonus": "-3"}])
@pytest.mark.parametrize("roll", [*CHANCES, "save"])
def test_the_bfrpg_picker_rolls_the_die_of_the_roll_picked_as_its_odds_say(picked, roll):
    """bfrpg.modifiers' roll follows its own "Roll for" input (1d6, 1d10, 1d20, a save's 1d20):
    over every face, the successes are the chance the picker shows."""
    inputs = {**picked, "roll": roll}
    sides = 20 if roll == "save" else CHANCES[roll]
    results = [resolve("bfrpg.modifiers", inputs, dice=[face]) for face in range(1, sides + 1)]
    assert {result["notation"] for result in results} == {f"1d{sides}"}
    assert all((result["margin"] >= 0) == (result["outcome"] == "success") for result in results)
    wins = sum(result["outcome"] == "success" for result in results)
    assert Fraction(wins, sides) == Fraction(str(calculate("bfrpg.modifiers", inputs)["chance"])).limit_denominator(20)
    assert CATALOGUE["bfrpg.modifiers"]["roll_for"]["follows"] == "roll"
    assert CATALOGUE["bfrpg.modifiers"]["roll_for"]["notations"]["save"] == "1d20"


def test_bfrpg_chances_natural_1_and_6():
    weak = {"strength": 3}  # range 0: not even a 1 opens the door (our reading)
    assert resolve("bfrpg.chances", weak, dice=[1])["outcome"] == "failure"
    assert "not even a 1" in resolve("bfrpg.chances", weak, dice=[1]).steps[-1]
    elf = {"race": "elf", "intelligence": 15, "chance": "secret_door"}  # 1-3 in 6
    assert resolve("bfrpg.chances", elf, dice=[1])["outcome"] == "success"
    assert resolve("bfrpg.chances", elf, dice=[6])["outcome"] == "failure"
    assert resolve("bfrpg.chances", {"chance": "listen"}, dice=[1])["outcome"] == "success"
    assert resolve("bfrpg.chances", {"chance": "listen"}, dice=[6])["outcome"] == "failure"
    assert resolve("bfrpg.chances", {"chance": "bend_bars"}, dice=[20])["notation"] == "1d20"


@pytest.mark.parametrize("calc_id", ["bfrpg.overland", "bfrpg.travel"])
@pytest.mark.parametrize("save, constitution", [(12, 10), (2, 18), (20, 3), (15, 13)])
def test_bfrpg_forced_march_save_with_natural_1_and_20(calc_id, save, constitution):
    inputs = {"death_ray_save": save, "constitution": constitution}
    inputs["forced_march" if calc_id == "bfrpg.overland" else "leg_1_forced"] = True
    bonus = ability_bonus(constitution)
    saved = 0
    for face in range(1, 21):
        result = resolve(calc_id, inputs, dice=[face])
        assert result["outcome"] == ("success" if save_succeeds(face, bonus, save) else "failure")
        assert (result["margin"] >= 0) == (result["outcome"] == "success")
        saved += result["outcome"] == "success"
    assert Fraction(saved, 20) == save_chance(save, bonus)
    assert resolve(calc_id, inputs, dice=[1])["outcome"] == "failure"  # a natural 1 always fails
    assert resolve(calc_id, inputs, dice=[20])["outcome"] == "success"  # a natural 20 always saves


def test_bfrpg_natural_rolls_against_the_numbers():
    easy = {"forced_march": True, "death_ray_save": 2, "constitution": 18}  # 1 + 3 would save
    result = resolve("bfrpg.overland", easy, dice=[1])
    assert result["outcome"] == "failure" and result["margin"] == -1 and "natural 1" in result.steps[-2]
    hard = {"forced_march": True, "death_ray_save": 20, "constitution": 3}  # 20 − 3 would fail
    result = resolve("bfrpg.overland", hard, dice=[20])
    assert result["outcome"] == "success" and result["margin"] == 0 and "natural 20" in result.steps[-2]
    assert "No forced march" in " ".join(resolve("bfrpg.overland", {}, dice=[10]).steps)


# ---------------------------------------------------------------- SHELL: skill rolls, contests, attacks

def test_shell_skill_roll_has_no_criticals():
    inputs = {"attribute": 12, "skill_level": 5, "minimum_level": 3}
    target = calculate("shell.skill_roll", inputs)["target"]
    for total in range(3, 19):
        result = resolve("shell.skill_roll", inputs, dice=three(total))
        assert result["outcome"] == ("success" if total <= target else "failure")
        assert result["margin"] == target - total
    assert resolve("shell.skill_roll", {"attribute": 1, "difficulty": "hard"}, dice=[1, 1, 1])["outcome"] == "failure"
    assert resolve("shell.skill_roll", {"attribute": 20}, dice=[6, 6, 6])["outcome"] == "success"
    with pytest.raises(RulesInputError) as error:
        resolve("shell.skill_roll", {"skill_level": 2, "minimum_level": 3}, dice=[1, 1, 1])
    assert error.value.field == "skill_level"


def test_shell_attribute_roll_and_contest():
    plain = calculate("shell.contest", {"attribute": 13, "difficulty": "hard", "opponent": 11})
    for total in range(3, 19):
        result = resolve("shell.contest", {"attribute": 13, "difficulty": "hard"}, dice=three(total))
        assert result["outcome"] == ("success" if total <= plain["target"] else "failure")
    freq = contest_frequencies("shell.contest", {"attribute": 13, "difficulty": "hard", "opponent": 11,
                                                 "shell_roll": "contest"})
    assert (float(freq["win"]), float(freq["tie"]), float(freq["loss"])) == \
        pytest.approx((plain["win"], plain["tie"], plain["lose"]), abs=1e-12)
    assert resolve("shell.contest", {"shell_roll": "contest"}, dice=[1, 1, 1, 1, 1, 1])["notation"] == "2x3d6"


@pytest.mark.parametrize("inputs", [{}, {"attack_value": 6, "defence_value": 4, "shield_pr": 2},
                                    {"attack_value": 2, "defence_value": 7, "weapon_speed": 2, "shield_pr": 1}])
def test_shell_attack_resolves_as_its_odds_say(inputs):
    plain = calculate("shell.attack", inputs)
    shield = None if int(calculate("shell.attack", inputs).inputs["shield_pr"]) < 0 else \
        int(calculate("shell.attack", inputs).inputs["shield_pr"])
    margin = plain.inputs["attack_value"] - plain["def_used"]
    freq = dict.fromkeys(("miss", "defended", "shield_hit", "hit"), Fraction(0))
    for first, second in product(range(1, 11), repeat=2):
        result = resolve("shell.attack", inputs, dice=[first, second])
        assert result["outcome"] == attack_result(first + second + margin, shield)
        assert result["margin"] == first + second + margin - 12
        freq[result["outcome"]] += Fraction(1, 100)
    assert {name: float(p) for name, p in freq.items()} == pytest.approx(
        {name: plain[name] for name in freq}, abs=1e-12)


@pytest.mark.parametrize("inputs", [{}, {"maneuver": "pin", "attack_value": 4, "dodge_def": 3, "attacker_st": 12,
                                     "defender_st": 11, "weight_difference_lb": 45}])
def test_shell_takedown_and_pin_resolve_as_their_odds_say(inputs):
    plain = calculate("shell.close_combat", inputs)
    words = {"success": "success", "dodged": "dodged", "miss": "miss"}
    freq = dict.fromkeys(words, Fraction(0))
    margin = plain.inputs["attack_value"] + plain["modifier"] - plain.inputs["dodge_def"]
    for first, second in product(range(1, 11), repeat=2):
        result = resolve("shell.close_combat", inputs, dice=[first, second])
        total = first + second + margin
        assert result["outcome"] == ("success" if total >= 12 else "dodged" if total >= 9 else "miss")
        freq[result["outcome"]] += Fraction(1, 100)
    assert {name: float(p) for name, p in freq.items()} == pytest.approx({name: plain[name] for name in words},
                                                                          abs=1e-12)


def test_shell_attack_without_a_roll_raises():
    with pytest.raises(RulesInputError) as error:
        resolve("shell.attack", {"defender_state": "unaware"}, dice=[5, 5])
    assert error.value.field == "defender_state"


def test_resolve_is_exported():
    assert "resolve" in rulescore.__all__ and rulescore.resolve is resolve
