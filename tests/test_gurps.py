"""GURPS Lite rules: the source's worked examples and the edges of each rule."""

from __future__ import annotations

import pytest

from rulescore import calculate


def enc(**inputs):
    return calculate("gurps.encumbrance", inputs)


def jump(**inputs):
    return calculate("gurps.jump", inputs)


@pytest.mark.parametrize("st, bl", [(1, 0.2), (3, 1.8), (5, 5), (6, 7.2), (7, 9.8), (8, 13), (10, 20),
                                    (12, 29), (13, 34), (15, 45), (20, 80)])
def test_basic_lift(st, bl):
    # ST x ST / 5, rounded to the nearest pound from 10 lb up (12 x 12 / 5 = 28.8 -> 29).
    assert enc(st=st)["basic_lift_lb"] == bl


def test_basic_lift_step_names_the_rule():
    steps = enc(st=12).steps
    assert steps[0] == "Basic Lift = ST × ST / 5 = 12 × 12 / 5 = 28.8, rounded to 29 lb."


def test_load_limits_are_multiples_of_basic_lift():
    result = enc(st=10)
    assert [result[f"limit_{name}_lb"] for name in ("none", "light", "medium", "heavy", "extra_heavy")] == [
        20, 40, 60, 120, 200]
    assert result["carry_on_back_lb"] == 300


@pytest.mark.parametrize("load, level, name", [
    (0, 0, "None"), (20, 0, "None"), (20.01, 1, "Light"), (40, 1, "Light"), (40.1, 2, "Medium"),
    (60, 2, "Medium"), (61, 3, "Heavy"), (120, 3, "Heavy"), (121, 4, "Extra-Heavy"), (200, 4, "Extra-Heavy"),
])
def test_a_load_exactly_at_a_limit_is_inside_it(load, level, name):
    result = enc(st=10, load_lb=load)
    assert (result["encumbrance_level"], result["encumbrance"]) == (level, name)


def test_exact_limits_with_a_fractional_basic_lift():
    # ST 6: BL 7.2 lb, so Light ends at 14.4 lb exactly; binary floats must not push it over.
    assert enc(st=6, load_lb="14.4")["encumbrance_level"] == 1
    assert enc(st=6, load_lb=14.4)["encumbrance_level"] == 1
    assert enc(st=6, load_lb="14.41")["encumbrance_level"] == 2
    assert enc(st=6, load_lb=21.6)["encumbrance_level"] == 2  # 3 x 7.2


@pytest.mark.parametrize("basic_move, load, move", [
    (5, 20, 5), (5, 40, 4), (5, 60, 3), (5, 120, 2), (5, 200, 1),
    (7, 40, 5), (7, 60, 4), (7, 120, 2), (7, 200, 1),   # 5.6 -> 5, 4.2 -> 4, 2.8 -> 2, 1.4 -> 1
    (2, 200, 1), (1, 120, 1),                           # 0.4 and 0.4 -> never below 1
    (0, 200, 0),                                        # our reading: Basic Move 0 stays 0
    (5, 250, 1), (10, 300, 2), (10, 301, 0),            # our reading: Extra-Heavy to 15 x BL, then 0
])
def test_move_by_encumbrance(basic_move, load, move):
    assert enc(st=10, basic_move=basic_move, load_lb=load)["move"] == move


@pytest.mark.parametrize("basic_speed, load, dodge", [
    (5, 0, 8), (5.75, 0, 8), (6, 40, 8), (5, 200, 4), (0, 200, 1), (1.5, 60, 2),
])
def test_dodge(basic_speed, load, dodge):
    assert enc(st=10, basic_speed=basic_speed, load_lb=load)["dodge"] == dodge


def test_basic_move_defaults_to_basic_speed_without_fractions():
    assert enc(basic_speed=6.75, load_lb=0)["move"] == 6
    assert enc(basic_speed="6.75").inputs["basic_move"] == 6
    assert enc(basic_speed=6.75, basic_move=4).inputs["basic_move"] == 4


def test_over_10_bl_counts_as_extra_heavy_up_to_15_bl():
    # Our reading: 10-15 x BL is what you can carry on your back, and the source calls a load over
    # 10 x BL Extra-Heavy, so it keeps Extra-Heavy's Move and Dodge, plus 1 FP a second.
    on_back = enc(st=10, basic_speed=5, basic_move=5, load_lb=250)          # BL 20 lb: 12.5 x BL
    assert (on_back["encumbrance_level"], on_back["move"], on_back["dodge"]) == (4, 1, 4)
    assert on_back["encumbrance"] == "Extra-Heavy, over 10 × BL"
    assert "1 FP" in on_back["note"]
    assert enc(st=10, basic_move=10, load_lb=300)["move"] == 2                # exactly 15 x BL: 10 x 0.2
    too_heavy = enc(st=10, basic_move=10, load_lb=301)
    assert too_heavy["move"] == 0 and too_heavy["dodge"] is None and too_heavy["encumbrance"] == "Too heavy to carry"
    assert "shift" in too_heavy["note"] and "1000 lb" in too_heavy["note"]    # 50 x BL


def test_the_over_10_bl_reading_is_one_sentence_on_every_calculator_and_page():
    from pathlib import Path

    from rulescore.gurps.encumbrance import OVER_10_BL_READING, OVER_10_BL_SENTENCE

    assert OVER_10_BL_READING.startswith("Our reading: a load over 10 × BL")
    assert OVER_10_BL_READING in enc(st=10, load_lb=250)["note"]
    assert OVER_10_BL_READING in enc(st=10, load_lb=400)["note"]
    assert OVER_10_BL_READING in enc(st=10, load_lb=250).steps
    assert OVER_10_BL_READING in calculate("gurps.lifting", {"st": 10, "weight_lb": 250}).steps
    assert OVER_10_BL_READING not in enc(st=10, load_lb=200).steps            # exactly 10 x BL: a level
    docs = Path(__file__).resolve().parent.parent / "docs" / "gurps"
    for page in ("encumbrance.md", "lifting.md"):
        text = " ".join((docs / page).read_text(encoding="utf-8").split())
        assert OVER_10_BL_SENTENCE in text, page
        assert "cannot move while carrying it" not in text


def test_source_jump_examples():
    # "A Basic Move of 6 lets you jump 26 inches straight up ... and 9 feet" standing.
    result = jump(basic_move=6)
    assert result["high_jump_in"] == 26 and result["broad_jump_ft"] == 9


@pytest.mark.parametrize("basic_move, yards, high, broad", [
    (6, 1, 32, 11), (6, 4, 50, 17), (6, 5, 52, 18), (6, 100, 52, 18),   # capped at twice standing
    (3, 0, 8, 3), (3, 2, 16, 6), (2, 0, 2, 1), (2, 5, 4, 2),
    (1, 0, 0, 0), (1, 10, 0, 0), (0, 0, 0, 0),                           # never negative
])
def test_running_jumps(basic_move, yards, high, broad):
    result = jump(basic_move=basic_move, running_yards=yards)
    assert (result["high_jump_in"], result["broad_jump_ft"]) == (high, broad)


def test_a_running_start_never_shortens_a_jump():
    for basic_move in range(0, 15):
        standing = jump(basic_move=basic_move)
        for yards in range(0, 20):
            running = jump(basic_move=basic_move, running_yards=yards)
            assert running["high_jump_in"] >= standing["high_jump_in"]
            assert running["broad_jump_ft"] >= standing["broad_jump_ft"]
            assert running["high_jump_in"] <= 2 * standing["high_jump_in"]


def test_more_load_never_lowers_the_level_and_more_st_never_lowers_basic_lift():
    levels = [enc(st=11, load_lb=load)["encumbrance_level"] for load in range(0, 300, 3)]
    assert levels == sorted(levels)
    lifts = [enc(st=st)["basic_lift_lb"] for st in range(1, 40)]
    assert lifts == sorted(lifts)


# --- Rule links, dice charts and output ranges (every GURPS calculator) ----------------------

def exact_run(calc_id, inputs):
    """Run a calculator keeping each chart's bars as exact Fractions: (outputs, charts), each
    chart a (title, [(label, probability, kind), ...]) pair."""
    from fractions import Fraction

    from rulescore.core import Working, get_calculator

    class Recorder(Working):
        def __init__(self):
            super().__init__()
            self.exact = []

        def chart(self, title, bars, summary=""):
            bars = [(str(label), Fraction(p), kind) for label, p, kind in bars]
            self.exact.append((title, bars))
            super().chart(title, bars, summary)

    calc = get_calculator(calc_id)
    step = Recorder()
    outputs = calc.function(step, **calc.resolve(inputs))
    assert len(step.steps) == len(step.step_rules)
    return outputs, step.exact


def share_of(chart, *kinds):
    """The chance of the bars of the given kinds; "success" counts critical successes too."""
    wanted = set(kinds) | ({"critical-success"} if "success" in kinds else set()) \
        | ({"critical-failure"} if "failure" in kinds else set())
    return sum((p for _, p, kind in chart[1] if kind in wanted), start=0)


# Cases that reach every roll: each branch that rolls dice, beside the sampled inputs.
BRANCH_CASES = {
    "gurps.fatigue": [{"fp": 10, "fp_lost": 10}, {"fp": 10, "fp_lost": 25}],
    "gurps.recovery": [{"hp": 10, "hp_lost": 12}, {"hp": 10, "hp_lost": 22}, {"hp": 10, "hp_lost": 3}],
    "gurps.injury": [{"damage": 30, "hp": 10, "damage_type": "crushing"}, {"damage": 6, "torso": False}],
    "gurps.fright_check": [{"will": 11, "roll": "13"}, {"will": 11, "roll": "18"}, {"will": 11, "roll": "5"}],
    "gurps.defense": [{"shield_skill": 12, "stunned": True, "halved": True},
                      {"weapon_skill": 0, "halved": True, "very_tired": True}],
    "gurps.throwing": [{"st": 25}, {"st": 10, "weight_lb": 200}, {"st": 100, "weight_lb": 1}],
    "gurps.damage": [{"st": 100}, {"st": 42}, {"st": 43}],
    "gurps.encumbrance": [{"st": 10, "load_lb": 250}, {"st": 10, "load_lb": 301}],
    "gurps.lifting": [{"st": 10, "weight_lb": 250}],
    "gurps.climbing": [{"climb": "ladder_up"}],
}


def gurps_cases():
    import rulescore
    from tests.samples import sample_cases
    for entry in rulescore.catalogue():
        if entry["id"].startswith("gurps."):
            for inputs in [{}, *sample_cases(entry), *BRANCH_CASES.get(entry["id"], [])]:
                yield entry, inputs


def test_every_chart_is_a_whole_distribution_and_every_step_names_its_rule():
    from rulescore.core import CHART_KINDS

    charted = set()
    for entry, inputs in gurps_cases():
        outputs, charts = exact_run(entry["id"], inputs)
        result = calculate(entry["id"], inputs)
        assert all(result.step_rules), f"{entry['id']} {inputs}: a step names no rule"
        for title, bars in charts:
            charted.add(entry["id"])
            assert sum(p for _, p, _ in bars) == 1, f"{entry['id']} {inputs}: {title}"
            assert 2 <= len(bars) <= 40 and all(kind in CHART_KINDS for _, _, kind in bars)
            assert all(p > 0 for _, p, _ in bars)
    # Everything that rolls dice shows the roll; the three calculators of plain arithmetic do not.
    assert charted == {entry["id"] for entry, _ in gurps_cases()} - {"gurps.encumbrance", "gurps.jump", "gurps.lifting"}


def test_3d6_charts_are_in_roll_order_and_colour_the_outcome():
    _, [(title, bars)] = exact_run("gurps.success_roll", {"effective_skill": 15})
    assert title == "3d6 against 15"
    assert [label for label, _, _ in bars] == [str(roll) for roll in range(3, 19)]
    kinds = [kind for _, _, kind in bars]
    assert kinds == ["critical-success"] * 3 + ["success"] * 10 + ["failure"] + ["critical-failure"] * 2


def test_every_numeric_output_lies_in_its_declared_range():
    from rulescore.core import get_calculator

    for entry, inputs in gurps_cases():
        result = calculate(entry["id"], inputs)
        for spec in get_calculator(entry["id"]).outputs:
            low, high = spec.describe()["min"], spec.describe()["max"]
            value = result[spec.name]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            assert low is None or value >= low, f"{entry['id']} {inputs}: {spec.name} = {value} < {low}"
            assert high is None or value <= high, f"{entry['id']} {inputs}: {spec.name} = {value} > {high}"


def test_encumbrance_and_jump_declare_their_ranges():
    from rulescore.core import get_calculator

    ranges = {o.name: (o.min, o.max) for o in get_calculator("gurps.encumbrance").outputs}
    assert ranges["encumbrance_level"] == (0, 4) and ranges["dodge"] == (1, None) and ranges["move"] == (0, None)
    assert all(o.min == 0 for o in get_calculator("gurps.jump").outputs)


# --- One default per quantity, inputs in words, a true minus sign ---------------------------

def gurps_specs():
    import rulescore

    for entry in rulescore.catalogue():
        if entry["id"].startswith("gurps."):
            for spec in entry["inputs"]:
                yield entry["id"], spec


SHARED_DEFAULTS = {"st": 10, "dx": 10, "ht": 10, "hp": 10, "fp": 10, "will": 10, "basic_speed": 5,
                   "basic_move": 5, "encumbrance_level": 0}


def test_every_gurps_calculator_gives_a_quantity_the_same_default():
    seen = {}
    for calc_id, spec in gurps_specs():
        if spec["name"] in SHARED_DEFAULTS:
            seen.setdefault(spec["name"], set()).add((calc_id, spec["default"]))
    for name, found in seen.items():
        assert {default for _, default in found} == {SHARED_DEFAULTS[name]}, (name, sorted(found))
    assert calculate("gurps.jump", {})["standing_high_jump_in"] == 20     # Basic Move 5: 6 x 5 - 10


def test_gurps_labels_and_help_read_as_words_not_code():
    import re

    for calc_id, spec in gurps_specs():
        for text in (spec["label"], spec["help"]):
            assert not re.search(r"\d\s*=|=\s*\d|\bX\b", text), (calc_id, spec["name"], text)
            assert not re.search(r"\d-\d|-\d", text), (calc_id, spec["name"], text)   # a true minus, −


def test_gurps_steps_and_charts_use_a_true_minus_sign():
    # Every negative number in the working is written "−3", never "-3"; dice too: "1d−2".
    import re

    import rulescore
    from tests.samples import sample_cases

    for entry in rulescore.catalogue():
        if not entry["id"].startswith("gurps."):
            continue
        for inputs in [{}, *sample_cases(entry, 20), *BRANCH_CASES.get(entry["id"], [])]:
            result = calculate(entry["id"], inputs)
            texts = list(result.steps) + [c["title"] for c in result.charts] + \
                [c["summary"] for c in result.charts] + [bar["label"] for c in result.charts for bar in c["bars"]]
            for text in texts:
                assert not re.search(r"-\d", text), (entry["id"], inputs, text)


def test_gurps_dice_outputs_are_dice_and_their_steps_show_a_true_minus():
    from rulescore.core import get_calculator

    formats = {o.name: o.format for o in get_calculator("gurps.damage").outputs}
    assert all(formats[name] == "dice" for name in ("thrust", "swing", "thrust_strong", "swing_strong"))
    assert {o.name: o.format for o in get_calculator("gurps.throwing").outputs}["damage"] == "dice"
    result = calculate("gurps.damage", {"st": 10})
    assert result["thrust"] == "1d-2"                                    # the value stays ASCII
    assert "thrust 1d−2" in result.steps[0]
    assert calculate("gurps.throwing", {"st": 10, "weight_lb": 2})["damage"] == "1d-4"
