"""The public contract of rulescore: catalogue, calculate, errors, CLI."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction

import pytest

import rulescore
from rulescore import RulesInputError, calculate, catalogue

CATALOGUE = catalogue()
IDS = [calc["id"] for calc in CATALOGUE]


def test_catalogue_is_json_and_complete():
    assert json.loads(json.dumps(CATALOGUE)) == CATALOGUE
    assert {"gurps.encumbrance", "gurps.jump"} <= set(IDS)
    assert len(IDS) == len(set(IDS))
    for calc in CATALOGUE:
        assert {"id", "system", "title", "summary", "inputs", "outputs"} <= set(calc)
        assert calc["title"] and calc["summary"] and calc["system"]
        for spec in calc["inputs"]:
            assert {"name", "label", "kind", "unit", "min", "max", "step", "default", "choices"} <= set(spec)
            assert spec["kind"] in ("int", "number", "choice", "bool")
            assert spec["default"] is not None, f"{calc['id']}.{spec['name']} has no default"
            if spec["kind"] == "choice":
                assert spec["default"] in spec["choices"]
        for spec in calc["outputs"]:
            assert {"name", "label", "unit"} <= set(spec)


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_defaults_match_the_declared_defaults(calc):
    """Calling with no inputs equals calling with every declared default."""
    declared = {spec["name"]: spec["default"] for spec in calc["inputs"]}
    empty = calculate(calc["id"], {})
    assert dict(empty) == dict(calculate(calc["id"], declared))
    assert dict(empty) == dict(calculate(calc["id"]))
    assert set(empty) == {spec["name"] for spec in calc["outputs"]}
    assert empty.steps and all(isinstance(step, str) and step for step in empty.steps)
    assert json.loads(json.dumps(dict(empty))) == dict(empty)


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_form_strings_equal_numbers(calc):
    numbers = {s["name"]: s["default"] for s in calc["inputs"] if s["kind"] in ("int", "number")}
    strings = {name: str(value) for name, value in numbers.items()}
    assert dict(calculate(calc["id"], strings)) == dict(calculate(calc["id"], numbers))


BAD_VALUES = [None, math.nan, math.inf, -math.inf, 10**400, -1e300, "", "abc", "١٢", "1e400", "NaN",
              "x" * 10_000, [], {}, [1], object(), b"6", "0x10", " ", "6,5,1", "6.5,1", "--6"]


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_bad_values_raise_rules_input_error_naming_the_field(calc):
    for spec in calc["inputs"]:
        for bad in BAD_VALUES:
            with pytest.raises(RulesInputError) as caught:
                calculate(calc["id"], {spec["name"]: bad})
            error = caught.value
            assert isinstance(error, ValueError)
            assert spec["label"] in str(error) and f"({spec['name']})" not in str(error)
            assert "enter" in str(error) and len(str(error)) < 400


def test_error_message_names_field_value_and_what_is_allowed():
    with pytest.raises(RulesInputError) as caught:
        calculate("gurps.encumbrance", {"st": "0"})
    assert caught.value.field == "st"
    assert "'0'" in caught.value.message and "1 to 1000" in caught.value.message
    with pytest.raises(RulesInputError, match="steps of 0.25"):
        calculate("gurps.encumbrance", {"basic_speed": "5.3"})


def test_unknown_calculator_and_unknown_input():
    with pytest.raises(RulesInputError) as caught:
        calculate("gurps.nothing", {})
    assert caught.value.field == "calculator" and "gurps.jump" in caught.value.message
    for bad_id in (None, 3, ["gurps.jump"]):
        with pytest.raises(RulesInputError):
            calculate(bad_id, {})
    with pytest.raises(RulesInputError) as caught:
        calculate("gurps.jump", {"basic_mvoe": 6})
    assert caught.value.field == "basic_mvoe" and "basic_move" in caught.value.message
    for bad_inputs in ([1, 2], "basic_move=6", 7):
        with pytest.raises(RulesInputError) as caught:
            calculate("gurps.jump", bad_inputs)
        assert caught.value.field == "inputs"


def test_declarations_with_an_unknown_kind_or_format_are_refused():
    # A typo in a rule module must stop the build, not produce a form nothing can read.
    from rulescore.core import Input, Output, declare_calculator, get_calculator
    with pytest.raises(TypeError, match="kind must be one of"):
        declare_calculator("test.bad_kind", "test", "t", "s", [Input("x", "X", "integer", 1)], [Output("y", "Y")])
    with pytest.raises(TypeError, match="format must be one of"):
        declare_calculator("test.bad_format", "test", "t", "s", [Input("x", "X", "int", 1)],
                           [Output("y", "Y", format="%")])
    for refused in ("test.bad_kind", "test.bad_format"):
        with pytest.raises(RulesInputError):
            get_calculator(refused)


def test_unknown_calculator_and_table_ids_raise_the_same_error():
    for lookup, field in ((rulescore.calculate, "calculator"), (rulescore.table, "table")):
        for unknown in ("gurps.nothing", None, 7):
            with pytest.raises(RulesInputError) as caught:
                lookup(unknown)
            assert caught.value.field == field and "use one of" in caught.value.message


def test_rulescore_imports_only_what_the_browser_engine_can_load_quickly():
    # The browser imports rulescore at every engine start; dataclasses and html (its entity
    # table) each cost about 40 ms there.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, rulescore.web; print(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True).stdout.split()
    assert not {"dataclasses", "html"} & set(loaded)


def test_decimal_strings_are_exact():
    # 5.25 as text and 5.25 as a float must mean the same quarter-step value.
    assert dict(calculate("gurps.encumbrance", {"basic_speed": "5.25"})) == dict(
        calculate("gurps.encumbrance", {"basic_speed": 5.25}))


def test_table_ids_build():
    for table_id in rulescore.tables():
        data = rulescore.table(table_id)
        assert data["rows"] and all(len(row) == len(data["columns"]) for row in data["rows"])
        json.dumps(data)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "rulescore", *args], capture_output=True, text=True)


def test_cli_list_run_and_json():
    listed = run_cli("--list")
    assert listed.returncode == 0
    for calc_id in IDS:
        assert calc_id in listed.stdout
    shown = run_cli("gurps.jump", "basic_move=6")
    assert shown.returncode == 0
    assert "High jump: 2 ft 2 in\n" in shown.stdout and "Working:" in shown.stdout
    as_json = json.loads(run_cli("gurps.jump", "basic_move=7", "--json").stdout)
    assert as_json["outputs"] == dict(calculate("gurps.jump", {"basic_move": 7}))
    assert as_json["steps"] == calculate("gurps.jump", {"basic_move": 7}).steps
    assert json.loads(run_cli("--list", "--json").stdout) == CATALOGUE
    bad = run_cli("gurps.jump", "basic_move=abc")
    assert bad.returncode == 2 and "Basic Move" in bad.stderr and "Traceback" not in bad.stderr


def test_decimal_comma_and_true_minus_are_read_as_numbers():
    from rulescore.core import Input

    weight = Input("w", "Weight", "number", 1, min=-10, max=10)
    assert weight.parse("5,75") == Fraction(23, 4)
    assert weight.parse("\u22122,5") == Fraction(-5, 2)
    with pytest.raises(RulesInputError):
        Input("n", "Count", "int", 1).parse("5,75")


def test_negative_numbers_and_dice_show_one_minus_sign():
    from rulescore.core import dice_text, number_text

    assert number_text(-2) == "\u22122" and number_text(Fraction(-5, 2)) == "\u22122.5"
    assert dice_text("1d-2") == "1d\u22122"
    assert number_text(None) == "" and "-" not in number_text(-0.001)


def test_error_message_names_the_label_not_the_internal_name():
    with pytest.raises(RulesInputError) as caught:
        rulescore.calculate("gurps.encumbrance", {"st": ""})
    assert caught.value.message.startswith("ST: ") and "(st)" not in caught.value.message


@pytest.mark.parametrize("calc", CATALOGUE, ids=IDS)
def test_a_run_without_charts_gives_the_same_outputs_and_steps(calc):
    """What a modifier picker's odds for each chip use (Calculator.alternatives): the same
    outputs and steps as the full run, without its charts."""
    from rulescore.core import get_calculator
    from tests.samples import sample_cases

    calculator = get_calculator(calc["id"])
    ran = 0
    for case in sample_cases(calc):
        try:
            full = calculator.run(case)
        except RulesInputError:
            continue
        bare = calculator.run(case, charts=False)
        assert (dict(bare), bare.steps, bare.charts) == (dict(full), full.steps, []), case
        ran += 1
    assert ran
