"""The calculator machinery: declared inputs and their validation, the calculators and tables
and their registries.

Every rule module declares its calculators with :func:`declare_calculator`; nothing else in the
project knows how a value is parsed or checked, so the CLI, the site build and the browser
reject the same bad input with the same message.

Below this module: :mod:`rulescore.notation` (how numbers read) and :mod:`rulescore.outputs`
(declared outputs, results and their working), whose names are importable from here too. Above
it: :mod:`rulescore.rolls` (a calculator decided by one roll: ``declare_roll``, ``resolve``),
which reads the roll registry kept here (``RollSpec``, ``_ROLLS``) beside the calculators it
marks. This module imports neither rolls nor dice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

# Texts and outputs, importable from here as before (rulescore.core.MINUS, .Working, ...).
from .notation import MINUS as MINUS
from .notation import dice_text as dice_text
from .notation import feet_inches_text as feet_inches_text
from .notation import number_text as number_text
from .notation import percent_text as percent_text
from .notation import plain as plain
from .outputs import CHART_KINDS as CHART_KINDS
from .outputs import OUTPUT_FORMATS as OUTPUT_FORMATS
from .outputs import UNIT_IN_TEXT as UNIT_IN_TEXT
from .outputs import Chart as Chart
from .outputs import Output as Output
from .outputs import Result as Result
from .outputs import Working as Working

KINDS = ("int", "number", "choice", "bool", "list")

# ASCII only: Python's int() and float() also accept other scripts' digits ("١٢"), which a
# rules form should question rather than silently read.
_INT_TEXT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_NUMBER_TEXT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_MAX_SHOWN = 40  # characters of a bad value quoted back in a message


class RulesInputError(ValueError):
    """Bad input for a calculator. ``field`` names the input (or ``calculator``/``inputs``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _shown(raw: Any) -> str:
    """The received value as a message quotes it: short, and never a wall of text."""
    if isinstance(raw, str):
        text = raw if len(raw) <= _MAX_SHOWN else raw[:_MAX_SHOWN] + f"... ({len(raw)} characters)"
        return repr(text) if raw.strip() else "nothing (an empty field)"
    if raw is None:
        return "nothing (None)"
    text = repr(raw)
    if len(text) > _MAX_SHOWN:
        text = text[:_MAX_SHOWN] + "..."
    return f"{text} ({type(raw).__name__})"


# The declarations below are NamedTuples rather than dataclasses: importing dataclasses adds
# about 40 ms to the browser engine's start-up (measured in Pyodide 0.29).


class Input(NamedTuple):
    """One declared input. ``derived`` describes a default that follows other inputs."""

    name: str
    label: str
    kind: str
    default: Any
    unit: str = ""
    min: Any = None
    max: Any = None
    step: Any = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    help: str = ""
    derived: str = ""  # reader-facing description of a default computed from other inputs
    derive: Callable[[dict[str, Any]], Any] | None = None  # computes that default from the other inputs
    character: str = ""  # the character figure (a field or a derived output) that fills it, if any
    party_member: int = 0  # for a whole party: filled from the party's member number N (1, 2...)
    read_list: Callable[[Any], list[dict[str, Any]]] | None = None  # a "list" input's reader (rulescore.lists)
    items: tuple[Input, ...] = ()  # a "list" input's fields of one item, for forms

    def allowed(self) -> str:
        """What this input accepts, in words, for messages and form hints."""
        if self.kind == "bool":
            return "yes or no (true/false)"
        if self.kind == "list":
            return f"a list of up to {self.max} items"
        if self.kind == "choice":
            return "one of " + ", ".join(value for value, _ in self.choices)
        what = "a whole number" if self.kind == "int" else "a number"
        if self.step is not None and self.kind == "number":
            what += f" in steps of {number_text(self.step)}"
        if self.min is not None and self.max is not None:
            return f"{what} from {number_text(self.min)} to {number_text(self.max)}"
        if self.min is not None:
            return f"{what}, {number_text(self.min)} or more"
        if self.max is not None:
            return f"{what}, {number_text(self.max)} or less"
        return what

    def _reject(self, raw: Any) -> RulesInputError:
        return RulesInputError(
            self.name, f"{self.label}: received {_shown(raw)}; enter {self.allowed()}."
        )

    def parse(self, raw: Any) -> Any:
        """The validated value (int, Fraction, str, bool or a list's items), or RulesInputError."""
        if self.kind == "list" and self.read_list is not None:
            return self.read_list(raw)
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, int) and raw in (0, 1):
                return bool(raw)
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            raise self._reject(raw)
        if self.kind == "choice":
            if isinstance(raw, str):
                wanted = raw.strip().lower()
                for value, label in self.choices:
                    if wanted in (value, label.lower()):
                        return value
            raise self._reject(raw)
        value = self._parse_number(raw)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise self._reject(raw)
        if self.kind == "number" and self.step is not None and (value - (self.min or 0)) % Fraction(self.step):
            raise self._reject(raw)
        return value

    def _parse_number(self, raw: Any) -> Any:
        if isinstance(raw, bool):  # True is an int to Python, not a number to a reader
            raise self._reject(raw)
        if isinstance(raw, str):
            text = raw.strip().replace(MINUS, "-")
            if self.kind == "number" and text.count(",") == 1 and "." not in text:
                text = text.replace(",", ".")  # a decimal comma, as many keyboards type it: "5,75"
            if len(text) > 100 or not (_INT_TEXT if self.kind == "int" else _NUMBER_TEXT).fullmatch(text):
                raise self._reject(raw)
            if "e" in text.lower() and abs(int(text.lower().split("e")[1])) > 50:
                raise self._reject(raw)  # "1e400" is far outside every range; don't build it
            value = Fraction(text)
        elif isinstance(raw, int):
            value = Fraction(raw)
        elif isinstance(raw, float):
            if not math.isfinite(raw):
                raise self._reject(raw)
            value = Fraction(repr(raw))  # the decimal the caller meant, not the binary float
        elif isinstance(raw, Fraction):
            value = raw
        else:
            raise self._reject(raw)
        if self.kind == "int":
            if value.denominator != 1:
                raise self._reject(raw)
            return value.numerator
        return value

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "unit": self.unit,
            "min": plain(self.min),
            "max": plain(self.max),
            "step": plain(self.step) if self.step is not None else (1 if self.kind == "int" else None),
            "default": plain(self.default),
            "choices": [value for value, _ in self.choices] if self.kind == "choice" else None,
            "choice_labels": dict(self.choices) if self.kind == "choice" else None,
            "help": self.help,
            "derived": self.derived or None,
            "character": self.character or None,
            "party_member": self.party_member or None,
            **({"items": [item.describe() for item in self.items]} if self.kind == "list" else {}),
        }


class Calculator(NamedTuple):
    id: str
    system: str
    title: str
    summary: str
    inputs: tuple[Input, ...]
    outputs: tuple[Output, ...]
    function: Callable[..., dict[str, Any]]
    page: str = ""  # the docs page that places it, for links from elsewhere
    roll: str | None = None  # the dice notation resolve() rolls, for a calculator decided by one roll
    chips: tuple[str, ...] = ()  # choice and yes/no inputs the page offers as chips, each with its odds
    odds: str = ""  # the output each chip's odds are read from (a chance)

    def describe(self) -> dict[str, Any]:
        spec = _ROLLS.get(self.id)
        return {
            "id": self.id,
            "system": self.system,
            "title": self.title,
            "summary": self.summary,
            "page": self.page,
            "inputs": [i.describe() for i in self.inputs],
            "outputs": [o.describe() for o in self.outputs],
            "roll": self.roll,
            "roll_for": self._roll_for(spec),
            "chips": {"inputs": list(self.chips), "odds": self.odds} if self.chips else None,
        }

    def _roll_for(self, spec: RollSpec | None) -> dict[str, Any] | None:
        """Where the roll's notation depends on a choice: the extra input resolve() takes, or
        (``follows``) the calculator's own input whose value picks it."""
        if spec is None or (spec.choice is None and spec.follows is None):
            return None
        chosen = spec.choice or next(i for i in self.inputs if i.name == spec.follows)
        return {"input": chosen.describe(), "notations": dict(spec.notations), "follows": spec.follows}

    def alternatives(self, result: Result) -> dict[str, dict[str, Any]]:
        """What each chip would make the odds: for every chip input and each of its values,
        the ``odds`` output with only that input changed from ``result``'s inputs (None where
        the rules refuse that combination). A yes/no input's values are "true" and "false".

        >>> calc = get_calculator("gurps.modifiers")
        >>> odds = calc.alternatives(calc.run({"skill": 10}))
        >>> odds["off_hand"]["true"] < odds["off_hand"]["false"]
        True
        """
        answers: dict[str, dict[str, Any]] = {}
        for name in self.chips:
            spec = next(i for i in self.inputs if i.name == name)
            values: list[Any] = [value for value, _ in spec.choices] if spec.kind == "choice" else [True, False]
            answers[name] = {}
            for value in values:
                key = str(value).lower() if spec.kind == "bool" else value
                if value == result.inputs[name]:
                    answers[name][key] = result[self.odds]
                    continue
                try:
                    answers[name][key] = self.run({**result.inputs, name: value}, charts=False)[self.odds]
                except RulesInputError:
                    answers[name][key] = None
        return answers

    def resolve(self, given: Any) -> dict[str, Any]:
        """Validated values for every input, defaults (and derived defaults) filled in."""
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            raise RulesInputError("inputs",
                                  f"inputs: received {_shown(given)}; pass a mapping of input names to values.")
        known = {i.name: i for i in self.inputs}
        for name in given:
            if name not in known:
                raise RulesInputError(
                    str(name)[:_MAX_SHOWN],
                    f"{_shown(name)} is not an input of {self.id}; its inputs are {', '.join(known)}.",
                )
        values: dict[str, Any] = {}
        for spec in self.inputs:
            if spec.name in given:
                values[spec.name] = spec.parse(given[spec.name])
            elif spec.derive is None:
                values[spec.name] = spec.parse(spec.default)
        # Derived defaults come last: they read the other inputs.
        for spec in self.inputs:
            if spec.name not in values and spec.derive is not None:
                values[spec.name] = spec.derive(values)
        return values

    def run(self, given: Any, charts: bool = True) -> Result:
        values = self.resolve(given)
        working = Working(charts)
        outputs = self.function(working, **values)
        missing = [o.name for o in self.outputs if o.name not in outputs]
        if missing:  # a bug in a rule module, never the reader's doing
            raise AssertionError(f"{self.id} did not produce {missing}")
        return Result(self.id, outputs, working.steps, values, working.step_rules, working.charts)


_REGISTRY: dict[str, Calculator] = {}

CalculatorFunction = Callable[..., dict[str, Any]]


def declare_calculator(id: str, system: str, title: str, summary: str, inputs: Iterable[Input],
                       outputs: Iterable[Output], page: str = "", chips: Iterable[str] = (),
                       odds: str = "") -> Callable[[CalculatorFunction], CalculatorFunction]:
    """Declare a calculator; the decorated function takes ``(step, **inputs)`` and returns outputs.
    ``chips`` names choice and yes/no inputs offered as chips, each showing the ``odds`` output
    it would give (a modifier picker)."""

    inputs, outputs, chips = tuple(inputs), tuple(outputs), tuple(chips)
    for spec in inputs:
        if spec.kind not in KINDS:
            raise TypeError(f"{id}: input {spec.name}: kind must be one of {KINDS}")
    kinds = {spec.name: spec.kind for spec in inputs}
    if any(kinds.get(name) not in ("choice", "bool") for name in chips):
        raise TypeError(f"{id}: chips must name choice or bool inputs, got {chips}")
    if chips and odds not in {out.name for out in outputs}:
        raise TypeError(f"{id}: chips need odds, the name of an output")
    for out in outputs:
        if out.format not in OUTPUT_FORMATS:
            raise TypeError(f"{id}: output {out.name}: format must be one of {tuple(OUTPUT_FORMATS)}")

    def register(function: CalculatorFunction) -> CalculatorFunction:
        if id in _REGISTRY:
            raise ValueError(f"calculator {id} declared twice")
        _REGISTRY[id] = Calculator(id, system, title, summary, inputs, outputs, function, page, chips=chips,
                                   odds=odds)
        return function

    return register


def unknown_name(what: str, received: Any, known: Iterable[str]) -> RulesInputError:
    return RulesInputError(what, f"{what}: received {_shown(received)}; use one of {', '.join(sorted(known))}.")


def get_calculator(calculator_id: Any) -> Calculator:
    """The declared calculator, or RulesInputError (field "calculator") for an unknown id."""
    if isinstance(calculator_id, str) and calculator_id in _REGISTRY:
        return _REGISTRY[calculator_id]
    raise unknown_name("calculator", calculator_id, _REGISTRY)


def bind_character(calculator_id: str, figures: Mapping[str, str], party: Mapping[str, int] | None = None) -> None:
    """Mark inputs of a declared calculator as filled from a character: {input name: figure};
    ``party`` gives inputs that take one member each when a whole party is chosen
    ({input name: member number}); a single character fills only member 1's."""
    calc = get_calculator(calculator_id)
    party = party or {}
    unknown = (set(figures) | set(party)) - {spec.name for spec in calc.inputs}
    if unknown or not set(party) <= set(figures):
        raise ValueError(f"{calculator_id}: no inputs {sorted(unknown)}, or a party input with no figure")
    inputs = tuple(spec._replace(character=figures.get(spec.name, spec.character),
                                 party_member=party.get(spec.name, spec.party_member)) for spec in calc.inputs)
    _REGISTRY[calculator_id] = calc._replace(inputs=inputs)


def all_calculators() -> list[Calculator]:
    return list(_REGISTRY.values())


# Tables printed on the rules pages, produced from the same data the calculators use.
class TableContent(NamedTuple):
    """What a table builder returns: the table without its id."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


class Table(NamedTuple):
    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "columns": list(self.columns),
            "rows": [[plain(cell) for cell in row] for row in self.rows],
            "note": self.note,
        }


TableBuilder = Callable[[], "TableContent | tuple[Any, ...]"]
_TABLES: dict[str, TableBuilder] = {}


def declare_table(id: str) -> Callable[[TableBuilder], TableBuilder]:
    """Declare a table; the decorated function builds it from rule data."""

    def register(function: TableBuilder) -> TableBuilder:
        if id in _TABLES:
            raise ValueError(f"table {id} declared twice")
        _TABLES[id] = function
        return function

    return register


def get_table(table_id: Any) -> Table:
    """The built table, or RulesInputError (field "table") for an unknown id."""
    if not isinstance(table_id, str) or table_id not in _TABLES:
        raise unknown_name("table", table_id, _TABLES)
    content = TableContent(*_TABLES[table_id]())
    return Table(table_id, *content)


def all_table_ids() -> list[str]:
    return sorted(_TABLES)


# --------------------------------------------------------------------------- rolls (resolve)

RollFunction = Callable[..., dict[str, Any]]


class RollSpec(NamedTuple):
    """How a calculator decided by one roll reads its dice (see :func:`declare_roll`)."""

    notation: str
    function: RollFunction
    choice: Input | None = None
    notations: tuple[tuple[str, str], ...] = ()
    feed: Callable[[Any], dict[str, Any]] | None = None
    follows: str | None = None


_ROLLS: dict[str, RollSpec] = {}

