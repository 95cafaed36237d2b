"""Characters: what a character of each game system keeps on its sheet, and every figure those
fields imply.

``character_fields(system)`` lists the fields in the shape of a calculator input;
``derive(system, values)`` returns a :class:`~rulescore.core.Result` with the derived figures and
the working. Each system's ``sheet`` module declares its sheet with ``declare_character``
and says which calculator inputs a character fills (``core.bind_character``). Derive runs the
calculators themselves (``use``), so no figure is computed in two places.

>>> [field["name"] for field in character_fields("gurps")][:4]
['st', 'dx', 'iq', 'ht']
>>> derive("gurps", {"st": 12, "dx": 13, "ht": 11})["basic_lift_lb"]
29
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .core import Calculator, Input, Output, Result, RulesInputError, Working, get_calculator, unknown_name
from .notation import number_text

SYSTEMS = ("bfrpg", "gurps", "shell")  # the keys a character's "system" takes
CHARACTERS_PAGE = "characters/"

_SHEETS: dict[str, Calculator] = {}

SheetFunction = Callable[..., dict[str, Any]]


def declare_character(system: str, system_name: str, fields: Iterable[Input],
                      outputs: Iterable[Output]) -> Callable[[SheetFunction], SheetFunction]:
    """Declare a system's character sheet; the decorated function takes ``(step, **fields)``
    and returns the derived figures, like a calculator's."""

    def register(function: SheetFunction) -> SheetFunction:
        if system in _SHEETS or system not in SYSTEMS:
            raise ValueError(f"character sheet {system} declared twice or not in {SYSTEMS}")
        _SHEETS[system] = Calculator(f"{system}.character", system_name, f"{system_name} character",
                                     "Every figure a character's sheet implies.", tuple(fields), tuple(outputs),
                                     function, CHARACTERS_PAGE)
        return function

    return register


def character_sheet(system: Any) -> Calculator:
    """The declared sheet of ``system`` ("bfrpg", "gurps" or "shell"), or RulesInputError."""
    if isinstance(system, str) and system in _SHEETS:
        return _SHEETS[system]
    raise unknown_name("system", system, _SHEETS)


def character_fields(system: Any) -> list[dict[str, Any]]:
    """The fields a character of ``system`` stores, each shaped like a catalogue input."""
    return [field.describe() for field in character_sheet(system).inputs]


def character_outputs(system: Any) -> list[dict[str, Any]]:
    """The figures derive returns for ``system``, each shaped like a catalogue output."""
    return [output.describe() for output in character_sheet(system).outputs]


def derive(system: Any, values: Any = None) -> Result:
    """Every figure a character's fields imply, with the working. Missing fields take their
    defaults; a bad one raises RulesInputError naming it."""
    return character_sheet(system).run(values)


def use(step: Working, calculator_id: str, values: Mapping[str, Any]) -> Result:
    """Run a calculator for a character (its own validation included) and add its working to
    ``step``, each rule made to point at the calculator's page."""
    calc = get_calculator(calculator_id)
    result = calc.run(values)
    for sentence, rule in zip(result.steps, result.step_rules, strict=True):
        step(sentence, rule=calc.page + rule if rule and rule.startswith("#") else rule)
    return result


def out_of_range(field: Input, value: Any, low: Any, high: Any, why: str) -> RulesInputError:
    """The error for a field whose range depends on other fields (HP on ST, Basic Move on
    Basic Speed...), worded as every other input error is."""
    allowed = field._replace(min=low, max=high).allowed()
    return RulesInputError(field.name, f"{field.label}: received {number_text(value)}; enter {allowed} ({why}).")
