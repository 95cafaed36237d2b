"""The worked examples in rulescore's docstrings run, and every calculator has one."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rulescore
from rulescore.core import all_calculators

MODULES = sorted(info.name for info in pkgutil.walk_packages(rulescore.__path__, "rulescore.")
                 if info.name != "rulescore.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failed == 0, f"{failed} doctest(s) failed in {name}"


@pytest.mark.parametrize("calc", all_calculators(), ids=lambda calc: calc.id)
def test_every_calculator_says_what_it_answers_with_a_worked_example(calc):
    doc = calc.function.__doc__ or ""
    assert len(doc.split()) >= 12, f"{calc.id}: a one-paragraph docstring says what it answers and where"
    examples = doctest.DocTestParser().get_examples(doc)
    assert any(calc.id in example.source for example in examples), f"{calc.id}: no doctest runs it"
