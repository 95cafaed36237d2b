"""A SHELL foe from a sheet (issue 43; :mod:`rulescore.play.foe_sheet`): the figures a foe row
takes from a worked-out character sheet; :class:`rulescore.shell.fight.ShellFight` keeps the
sheet's weapons beside them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def from_sheet(figures: Mapping[str, Any]) -> dict[str, Any]:
    """A foe row's figures from a worked-out SHELL sheet (play.foe_sheet): its final AG and ST,
    encumbrance level (4 when it cannot carry its load), HP, combat level, MV, END, natural DR, the
    shield's PR, and as its one armour DR the torso's (our reading: a foe row keeps one DR for
    every location); AT and DEF follow the combat level and AG as a character's do; its damage
    is its first weapon's, and the fight offers every weapon of the sheet."""
    level = figures["encumbrance_level"]
    weapons = figures["weapons"]
    return {"ag": figures["ag_final"], "el": 4 if level is None else level, "hp": figures["hp"],
            "combat_level": figures["combat_level"], "mv": figures["mv"], "end": figures["end"],
            "natural_dr": figures["natural_dr"], "st": figures["st_final"], "dr": figures["dr_torso"],
            "pr": figures["pr"], "damage": weapons[0]["damage"] if weapons else "+0 cr"}
