"""A SHELL character's weapons and armour (docs: shell/genres.md#weapons-on-the-sheet): each
weapon's damage as the genre writes it, on the wielder's ST ("+1 cut", "−4 cr" bare hands,
"+0 cut/imp" a long sword that cuts or thrusts), its AT and DEF modifiers, a ranged weapon's
speed and its minimum ST; the armour's DR at each hit location it covers; the shield's PR.

>>> read_damage("+0 cut/imp")
Damage(dice=None, adds=0, types=('cutting', 'impaling'))
>>> read_damage("2d+1 cr"), read_damage("−4 cr").adds
(Damage(dice=2, adds=1, types=('crushing',)), -4)
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core import Input, RulesInputError
from ..lists import list_input
from .attack import NO_SHIELD, SHIELD_CHOICES, NumberChoice
from .damage import HIT_LOCATIONS
from .weapons import DAMAGE_TYPES

ABBREVIATIONS = {row.abbr: row.value for row in DAMAGE_TYPES}
WEAPON_ADDS = (-6, 6)  # shell.weapon's range for a weapon's own adjustment
_DAMAGE = re.compile(r"(?:(\d{1,2})\s*d)?\s*([+\-]\s*\d{1,2}|\d{1,2})?\s*((?:cut|cr|imp)(?:\s*/\s*(?:cut|cr|imp))*)")


class Damage(NamedTuple):
    """A weapon's damage: ``dice`` None for damage on the wielder's ST plus ``adds``; else
    ``dice``d6 + ``adds`` as it stands (a beast's bite); the ``types`` it may do, first the usual."""

    dice: int | None
    adds: int
    types: tuple[str, ...]


def read_damage(text: str) -> Damage:
    """A damage as a genre writes it; ValueError if it is not one."""
    found = _DAMAGE.fullmatch(text.strip().lower().replace("\u2212", "-"))
    if not found or (found.group(1) is None and found.group(2) is None):
        raise ValueError(text)
    count, adds, kinds = found.groups()
    types = tuple(dict.fromkeys(ABBREVIATIONS[kind.strip()] for kind in kinds.split("/")))
    added = int(adds.replace(" ", "")) if adds else 0
    if count is None and not WEAPON_ADDS[0] <= added <= WEAPON_ADDS[1]:
        raise ValueError(text)
    if count is not None and not 1 <= int(count) <= 20:
        raise ValueError(text)
    return Damage(int(count) if count is not None else None, added, types)


def _check(item: dict[str, Any]) -> dict[str, Any]:
    try:
        read_damage(item["damage"])
    except ValueError:
        raise RulesInputError("damage", f"Damage: received “{item['damage'][:20]}”; write it as the genre does, on "
                                        f"the wielder's ST: “+1 cut”, “−4 cr”, “+0 cut/imp” (adds from −6 to +6), or "
                                        f"as dice for a beast: “2d+1 cr”.") from None
    return item


ITEMS = (
    Input("name", "Name", "text", "", max=40),
    Input("damage", "Damage", "text", "+0 cut", max=20,
          help="on the wielder's ST: “+1 cut”, “−4 cr” (bare hands), “+0 cut/imp”"),
    Input("at", "AT modifier", "int", 0, min=-10, max=10, help="the weapon's own modifier to AT"),
    Input("def", "DEF modifier", "int", 0, min=-10, max=10,
          help="the weapon's own modifier to DEF when blocking with it"),
    Input("speed", "Speed", "int", 0, min=0, max=5,
          help="a ranged weapon's: thrown 1, bows 2, guns and magic 3; 0 for a hand-to-hand weapon"),
    Input("min_st", "Minimum ST", "int", 0, min=0, max=20, help="0 for a weapon with no minimum"),
)
WEAPONS_INPUT = list_input("weapons", "Weapons", ITEMS, check=_check,
                           help="each weapon the character fights with: the Session page's attacks roll with them")
DR_INPUTS = tuple(Input(f"dr_{row.value}", f"Armour DR: {row.name.lower()}", "int", 0, min=0, max=30,
                        help="the DR of the armour covering it" + ("; general (area) damage strikes here"
                                                                   if row.value == "torso" else ""))
                  for row in HIT_LOCATIONS)
SHIELD_INPUT = NumberChoice("pr", "Shield", "choice", str(NO_SHIELD), choices=SHIELD_CHOICES,
                            help="its protection rating (PR): a roll of 12 up to 11 + PR hits the shield")
FIELDS = (WEAPONS_INPUT, *DR_INPUTS, SHIELD_INPUT)


def armour(fields: dict[str, Any]) -> dict[str, Any]:
    """A sheet's armour as a session keeps it: ``dr`` by location and the shield's ``pr`` (None: no shield)."""
    pr = int(fields.get("pr", NO_SHIELD))
    return {"dr": {row.value: fields.get(f"dr_{row.value}", 0) for row in HIT_LOCATIONS},
            "pr": None if pr == NO_SHIELD else pr}
