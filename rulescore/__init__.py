"""rulescore: every rule calculation of the rules reference, in pure Python.

Public contract (used by the site, the browser and checks outside this repository):
``catalogue()``, ``calculate(id, inputs)``, ``RulesInputError``; plus ``table(id)`` for the
tables printed on the rules pages.
"""

# Importing a rules module registers its calculators and tables, in this order.
from . import bfrpg, gurps, gurps_combat, shell  # noqa: F401
from .core import Result, RulesInputError, all_calculators, get, get_table, table_ids

__version__ = "0.1.0"
__all__ = ["catalogue", "calculate", "table", "tables", "Result", "RulesInputError", "__version__"]


def catalogue() -> list[dict]:
    """JSON-serialisable descriptions of every calculator, in the order they are declared."""
    return [calc.describe() for calc in all_calculators()]


def calculate(calculator_id, inputs=None) -> Result:
    """Run one calculator. Missing inputs take their defaults; bad ones raise RulesInputError."""
    return get(calculator_id).run(inputs)


def table(table_id: str) -> dict:
    """A rules table (title, columns, rows, note) built from the same data as the calculators."""
    return get_table(table_id).describe()


def tables() -> list[str]:
    return table_ids()
