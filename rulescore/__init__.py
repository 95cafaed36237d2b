"""rulescore: every rule calculation of the rules reference, in pure Python.

Public contract (used by the site, the browser and checks outside this repository):
``catalogue()``, ``calculate(id, inputs)``, ``resolve(id, inputs, dice=None)`` (a calculator
decided by one roll, rolled or read from the faces a player rolled; its catalogue entry has
``"roll": "<notation>"``), ``RulesInputError``; plus ``table(id)`` for the
tables printed on the rules pages. ``rulescore.notation`` (how numbers and dice read) and
``rulescore.web.respond`` (the answer shape the site shows) are public too. Characters:
``character_fields(system)`` and ``derive(system, values)`` for "bfrpg", "gurps" and "shell";
a calculator input a character fills says which figure in its catalogue entry ("character").
``import_character(text)`` reads a GURPS Character Sheet or Codex Quest file into those fields,
with what it skips and GCS's figures checked against ours (``rulescore.importers``).
Sessions: ``session.new(system, party)``, ``session.apply(state, action, roll=None)``,
``session.view(state, gm=False)``, ``session.undo(state)`` and ``session.redo(state)``: the
clock, lights, wounds and log of a game, as plain JSON data.

Where the rules live: ``rulescore/bfrpg``, ``rulescore/gurps`` and ``rulescore/shell``, one
module per topic of the reference; ``core`` declares calculators and tables, ``dice`` the
exact odds, ``charts`` the odds charts, ``notation`` signed numbers, dice and ranges. Sessions,
fights and the table's seats are the play layer, ``rulescore/play``; the imports run one way,
games -> play -> core (:mod:`rulescore.play` draws the layers): each game's package registers
its session and fight rules with the play layer (``rulescore.play.registry``) as it is imported
here.
"""

from typing import Any

# Importing a rules package registers its calculators and tables, in this order, and its session
# rules with the play layer (loaded when a session first needs them).
from . import bfrpg, gurps, shell  # noqa: F401
from .characters import character_fields, character_outputs, derive
from .core import Result, RulesInputError, all_calculators, all_table_ids, get_calculator, get_table
from .importers import import_character
from .rolls import resolve

# Sessions (new, apply, view, undo, redo): the play layer's public path, after the rules.
from . import session  # isort: skip

__version__ = "0.1.0"
__all__ = ["catalogue", "calculate", "resolve", "table", "tables", "character_fields", "character_outputs", "derive",
           "import_character", "Result",
           "RulesInputError", "session", "__version__"]


def catalogue() -> list[dict[str, Any]]:
    """JSON-serialisable descriptions of every calculator, in the order they are declared."""
    return [calc.describe() for calc in all_calculators()]


def calculate(calculator_id: Any, inputs: Any = None) -> Result:
    """Run one calculator. Missing inputs take their defaults; bad ones raise RulesInputError."""
    return get_calculator(calculator_id).run(inputs)


def table(table_id: str) -> dict[str, Any]:
    """A rules table (title, columns, rows, note) built from the same data as the calculators."""
    return get_table(table_id).describe()


def tables() -> list[str]:
    """The ids of every table, sorted."""
    return all_table_ids()
