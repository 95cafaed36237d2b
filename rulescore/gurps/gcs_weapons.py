"""The weapons, armour DR and shield DB of a character saved by GURPS Character Sheet, for the
sheet's ``weapons``, ``dr`` and ``shield_db`` (:mod:`rulescore.gurps.gcs_import` calls it).

Every weapon GCS lists on the character: those of the traits (not disabled) and of the equipment
carried and equipped (its containers equipped too), melee and ranged, each named after the item
that carries it, with GCS's own figures from the weapon's ``calc``: its skill level, damage,
Parry, Block, reach, Accuracy, range and Bulk, so each reads as GCS shows it. GCS leaves a figure out
of ``calc`` where it is the same as the weapon's own (a reach of 1, a Parry of "No"): then the
weapon's own is read. Version 1 files keep no ``calc``, so their weapons are listed as left out.

The DR is GCS's for the torso (``settings.body_type``, the location's ``calc.dr.all``); the
shield's DB is the largest bonus "to Dodge, Parry & Block" an equipped item gives.

>>> melee = {"id": "wA", "usage": "Swung", "reach": "1", "parry": "0", "block": "No",
...          "calc": {"level": 14, "damage": "2d-1 cut", "parry": "10"}}
>>> one_weapon("Broadsword", melee, melee=True)
{'name': 'Broadsword', 'usage': 'Swung', 'skill': 14, 'damage': '2d-1 cut', 'parry': '10', 'block': 'No', \
'reach': '1', 'acc': '', 'range': '', 'bulk': ''}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core import RulesInputError
from ..import_common import listing, mapping, text, whole
from .defense import SHIELD_DB_MAX
from .weapons import DR_INPUT, weapons_input

MOST = 12  # the sheet keeps 12 weapons at most
RANGED_KEYS = ("accuracy", "range", "rate_of_fire", "shots", "bulk", "recoil")
_WEAPONS = weapons_input()


def _items(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _equipped(items: Any, parents_equipped: bool = True) -> Iterator[dict[str, Any]]:
    """Every carried item GCS counts as equipped: equipped itself, its containers too, and at least one."""
    for item in _items(items):
        really = parents_equipped and item.get("equipped") is True and (whole(item.get("quantity", 1)) or 0) > 0
        if really:
            yield item
        yield from _equipped(item.get("children"), really)


def _enabled(traits: Any) -> Iterator[dict[str, Any]]:
    """Every trait not disabled (nor inside a disabled container); containers' own weapons aside."""
    for trait in _items(traits):
        if trait.get("disabled") is True:
            continue
        children = trait.get("children")
        if isinstance(children, list) and (children or str(trait.get("type", "")).endswith("_container")):
            yield from _enabled(children)
        else:
            yield trait


def is_melee(weapon: dict[str, Any]) -> bool:
    """GCS's melee weapons: "type" melee_weapon (files before 5.x's ids), an id starting with "w"
    (ranged: "W"), else one without a ranged weapon's figures."""
    kind, ident = weapon.get("type"), str(weapon.get("id", ""))
    if kind in ("melee_weapon", "ranged_weapon"):
        return bool(kind == "melee_weapon")
    if ident[:1] in ("w", "W") and len(ident) > 1:
        return ident[0] == "w"
    return not any(key in weapon for key in RANGED_KEYS)


def _figure(weapon: dict[str, Any], calc: dict[str, Any], key: str, calc_key: str | None = None) -> str:
    value = calc.get(calc_key or key)
    if value in (None, ""):
        value = weapon.get(key)
    return str(value).strip() if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""


def one_weapon(name: str, weapon: dict[str, Any], melee: bool) -> dict[str, Any]:
    """One GCS weapon in the sheet's shape (not yet checked)."""
    calc = mapping(weapon.get("calc"))
    parry, block = (_figure(weapon, calc, "parry") or "No", _figure(weapon, calc, "block") or "No") if melee \
        else ("", "")
    return {"name": name[:60], "usage": text(weapon.get("usage"))[:40], "skill": whole(calc.get("level", 0)),
            "damage": text(calc.get("damage")), "parry": parry[:10], "block": block[:10],
            "reach": _figure(weapon, calc, "reach")[:20] if melee else "",
            "acc": "" if melee else _figure(weapon, calc, "accuracy")[:10],
            "range": "" if melee else _figure(weapon, calc, "range")[:30],
            "bulk": "" if melee else _figure(weapon, calc, "bulk")[:5]}


def read_weapons(data: dict[str, Any], version: int, fields: dict[str, Any], skipped: list[str]) -> None:
    """Put the character's weapons, DR and shield DB into ``fields``; what cannot be read into ``skipped``."""
    owners = [(text(trait.get("name"), "(unnamed)"), trait) for trait in _enabled(data.get("traits",
                                                                                         data.get("advantages")))]
    carried = list(_equipped(data.get("equipment")))
    owners += [(text(item.get("description", item.get("name")), "(unnamed)"), item) for item in carried]
    found: list[dict[str, Any]] = []
    no_calc: list[str] = []
    unread: list[str] = []
    for name, owner in owners:
        for weapon in _items(owner.get("weapons")):
            if weapon.get("hide") is True:
                continue
            usage = text(weapon.get("usage"))
            called = f"{name} ({usage})" if usage else name
            if not isinstance(weapon.get("calc"), dict):
                no_calc.append(called)
                continue
            entry = one_weapon(name, weapon, is_melee(weapon))
            try:
                [checked] = _WEAPONS.parse([entry])
            except RulesInputError as error:
                unread.append(f"{called} ({error.message.split(': ', 1)[-1].rstrip('.')})")
                continue
            if checked not in found:
                found.append(checked)
    if found:
        fields["weapons"] = found[:MOST]
    if len(found) > MOST:
        skipped.append(listing(f"weapons past the {MOST} a sheet keeps", [w["name"] for w in found[MOST:]]))
    if no_calc:
        skipped.append(listing(f"weapons without GCS's skill levels and damage (a version {version} file keeps "
                               f"none: enter them by hand)", no_calc))
    if unread:
        skipped.append(listing("weapons the site cannot read", unread))
    _armour(data, carried, fields, skipped)


def _armour(data: dict[str, Any], carried: list[dict[str, Any]], fields: dict[str, Any], skipped: list[str]) -> None:
    settings = mapping(data.get("settings"))
    body = mapping(settings.get("body_type") or settings.get("hit_locations") or data.get("body_type"))
    torso = next((location for location in _items(body.get("locations")) if location.get("id") == "torso"), {})
    dr = whole(mapping(mapping(torso.get("calc")).get("dr")).get("all"))
    if dr is not None and 0 < dr <= DR_INPUT.max:
        fields["dr"] = dr
    elif dr is not None and dr > DR_INPUT.max:
        skipped.append(f"DR {dr} on the torso: past the {DR_INPUT.max} the sheet takes")
    bonus = max((whole(feature.get("amount")) or 0 for item in carried for feature in _items(item.get("features"))
                 if feature.get("type") == "conditional_modifier"
                 and all(word in str(feature.get("situation", "")).lower() for word in ("dodge", "parry", "block"))),
                default=0)
    if bonus > 0:
        fields["shield_db"] = min(bonus, SHIELD_DB_MAX)
