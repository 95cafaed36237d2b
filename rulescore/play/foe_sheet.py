"""A foe from a sheet (issue 43): a foe row may carry ``"sheet"``, a character's or creature's
fields as :func:`rulescore.import_character` and the Characters page keep them, instead of typed
figures. The sheet is worked out as a party member's is (:func:`rulescore.characters.derive`),
and each game's fight takes the foe's figures from it (``Fight.foe_from_sheet``); figures typed
beside the sheet in the row override the sheet's (the GM's changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..characters import derive
from ..core import RulesInputError
from ..wording import received

SHEET = "sheet"


def sheet_figures(system: str, fields: Any) -> dict[str, Any]:
    """The sheet ``fields`` worked out for ``system``: its fields with defaults, and its figures."""
    if not isinstance(fields, Mapping):
        raise RulesInputError(SHEET, f"Sheet: received {received(fields)}; give the figures of a character or "
                                     f"creature as the Characters page keeps them.")
    try:
        result = derive(system, dict(fields))
    except RulesInputError as error:
        raise RulesInputError(error.field, f"Sheet: {error.message}") from error
    return {**result.inputs, **dict(result)}


def with_sheet(row: Mapping[str, Any], from_sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The row's figures over the sheet's: what the GM typed beside the sheet wins."""
    return {**from_sheet, **{key: value for key, value in row.items() if key != SHEET}}
