"""Property tests over the whole catalogue, with no code per calculator.

Any value for any input gives either a result whose numbers are finite and inside the ranges
the outputs declare, or a RulesInputError naming the field. Rule properties follow.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulescore
from rulescore import RulesInputError, calculate
from rulescore.web import respond

CATALOGUE = rulescore.catalogue()
IDS = [calc["id"] for calc in CATALOGUE]
EXAMPLES = 150
TRIED: Counter = Counter()  # examples per calculator, reported at the end of the run

HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**400, max_value=10**400),
    st.floats(allow_nan=True, allow_infinity=True), st.just(-0.0), st.fractions(),
    st.text(max_size=30), st.text(alphabet="0123456789.-+eE ", max_size=12),
    st.sampled_from(["", " ", "NaN", "inf", "-inf", "1e400", "١٢", "６", "0x10", "1_000", "5,5", "x" * 10_000]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=5),
)


def plausible(spec: dict):
    """Values an honest form might send, valid or just outside the range."""
    if spec["kind"] == "bool":
        return st.one_of(st.booleans(), st.sampled_from(["true", "false", "yes", "no"]))
    if spec["kind"] == "choice":
        return st.one_of(st.sampled_from(spec["choices"]), st.text(max_size=12))
    low = spec["min"] if spec["min"] is not None else -1000
    high = spec["max"] if spec["max"] is not None else 10**6
    numbers = st.integers(min_value=math.floor(low) - 2, max_value=math.ceil(high) + 2)
    if spec["kind"] == "number":
        step = Fraction(str(spec["step"])) if spec["step"] else Fraction(1, 100)
        steps = int((Fraction(str(high)) - Fraction(str(low))) / step)
        numbers = st.one_of(numbers, st.integers(min_value=0, max_value=steps)
                            .map(lambda k: float(Fraction(str(low)) + k * step)))
    return st.one_of(numbers, numbers.map(str))


def check(calc: dict, inputs: dict):
    TRIED[calc["id"]] += 1
    try:
        result = calculate(calc["id"], inputs)
    except RulesInputError as error:
        assert error.field in inputs or error.field == "inputs", (error.field, inputs)
        labels = {spec["name"]: spec["label"] for spec in calc["inputs"]}
        assert isinstance(error.message, str) and labels.get(error.field, error.field) in error.message
        assert "Traceback" not in error.message and len(error.message) < 400
        return
    outputs = {spec["name"]: spec for spec in calc["outputs"]}
    assert set(result) == set(outputs)
    for name, value in result.items():
        assert json.loads(json.dumps(value, allow_nan=False)) == value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            assert math.isfinite(value), (name, value)
            low, high = outputs[name]["min"], outputs[name]["max"]
            assert low is None or value >= low, (name, value, low)
            assert high is None or value <= high, (name, value, high)
    answer = respond(calc["id"], inputs)
    for chart in result.charts:
        assert sum(Fraction(bar["p"]).limit_denominator(10**12) for bar in chart["bars"]) == 1 or \
            math.isclose(sum(bar["p"] for bar in chart["bars"]), 1, rel_tol=1e-9)
    assert len(answer["rules"]) == len(answer["steps"])


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_value_for_any_input_is_a_result_or_a_named_error(calc, data):
    spec = data.draw(st.sampled_from(calc["inputs"]))
    check(calc, {spec["name"]: data.draw(HOSTILE)})


# Each calculator's form as a whole: any of its fields filled, with a plausible value each. Built
# once: a strategy made afresh at every draw cost Hypothesis more than the rules (about half of
# this file's time).
PLAUSIBLE_FORMS = {calc["id"]: st.fixed_dictionaries({}, optional={spec["name"]: plausible(spec)
                                                                   for spec in calc["inputs"]})
                   for calc in CATALOGUE}


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_plausible_forms_give_sound_results(calc, data):
    check(calc, data.draw(PLAUSIBLE_FORMS[calc["id"]]))


def test_calculate_survives_anything_as_id_or_inputs():
    for calculator_id in (None, 1, "", "x" * 10_000, ["gurps.jump"], "gurps.jump\x00"):
        with pytest.raises(RulesInputError):
            calculate(calculator_id, {})
    for inputs in ([], "x", 5, object(), {1: 2}, {None: 1}):
        with pytest.raises(RulesInputError):
            calculate("gurps.jump", inputs)


# Rule properties -----------------------------------------------------------------------

@given(st_=st.integers(1, 200), load=st.fractions(0, 5000), more=st.fractions(0, 500))
def test_more_load_never_lowers_the_gurps_encumbrance_level(st_, load, more):
    before = calculate("gurps.encumbrance", {"st": st_, "load_lb": load})
    after = calculate("gurps.encumbrance", {"st": st_, "load_lb": load + more})
    assert after["encumbrance_level"] >= before["encumbrance_level"]
    assert after["move"] <= before["move"]


@given(st_=st.integers(1, 999))
def test_more_st_never_lowers_basic_lift(st_):
    assert calculate("gurps.encumbrance", {"st": st_ + 1})["basic_lift_lb"] >= \
        calculate("gurps.encumbrance", {"st": st_})["basic_lift_lb"]


@given(move=st.integers(0, 100), yards=st.integers(0, 999), extra=st.integers(0, 100))
def test_a_running_start_never_shortens_a_jump(move, yards, extra):
    shorter = calculate("gurps.jump", {"basic_move": move, "running_yards": yards})
    longer = calculate("gurps.jump", {"basic_move": move, "running_yards": min(yards + extra, 1000)})
    assert longer["high_jump_in"] >= shorter["high_jump_in"] >= 0
    assert longer["broad_jump_ft"] >= shorter["broad_jump_ft"] >= 0


PERCENT_GROUPS = [
    (calc["id"], [o["name"] for o in calc["outputs"]])
    for calc in CATALOGUE
    if {"miss", "defended", "shield_hit", "hit"} <= {o["name"] for o in calc["outputs"]}
]


@pytest.mark.parametrize("calc_id, names", PERCENT_GROUPS, ids=[g[0] for g in PERCENT_GROUPS])
@given(attack=st.integers(-10, 30), defence=st.integers(-10, 30))
def test_attack_odds_sum_to_one(calc_id, names, attack, defence):
    try:
        result = calculate(calc_id, {"attack_value": attack, "defence_value": defence})
    except RulesInputError:
        return
    assert Fraction(str(result["miss"])) + Fraction(str(result["defended"])) + \
        Fraction(str(result["shield_hit"])) + Fraction(str(result["hit"])) == pytest.approx(1)


@given(skill=st.integers(-10, 30))
def test_success_roll_odds_sum_to_one(skill):
    result = calculate("gurps.success_roll", {"effective_skill": skill})
    assert 0 <= result["critical_success"] <= result["success"] <= 1
    assert result["success"] + result["critical_failure"] <= 1 + 1e-12


def test_report_examples_tried():
    """Runs last in this file: the count of examples shows in the test output."""
    assert TRIED and all(TRIED[calc_id] > 0 for calc_id in IDS)
    print(f"\nproperty tests: {sum(TRIED.values())} examples over {len(TRIED)} calculators "
          f"(min {min(TRIED.values())} per calculator)")
