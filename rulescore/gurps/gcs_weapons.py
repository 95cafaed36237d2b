"""The weapons, armour DR and shield DB of a character saved by GURPS Character Sheet, for the
sheet's ``weapons``, ``dr`` and ``shield_db`` (:mod:`rulescore.gurps.gcs_import` calls it).

Every weapon row GCS lists on the character, each usage of it a weapon of its own: the rows of the
traits (not disabled), of the skills and spells, and of the equipment carried and equipped (its
containers equipped too), melee and ranged, rows GCS hides on its sheet included. Each is named
after what carries it, with the row's usage ("Natural Attacks" (Bite), "Spear" (Thrown)), so a
fight names it "Natural Attacks (Bite)", and carries GCS's own figures from the row's ``calc``: its
skill level, damage, Parry, Block, reach, Accuracy, range and Bulk, so each reads as GCS shows
it. GCS leaves a figure out of ``calc`` where it is blank or the same as the row's own: reach,
Accuracy, range and Bulk are then the row's own; a Parry or Block is blank (GCS shows none: the
row cannot, or no skill gives it a level). A damage the fight cannot roll (an affliction,
"HT-2 (or KO)"; damage per point of a power; "Special") comes in as the weapon's Effect, which
the GM resolves, the damage left blank. Version 1 files keep no ``calc``, so their weapons are
listed as left out.

Each usage is a line of the import's cross-check: GCS's figures beside the sheet's, and why
they differ where they do.

The DR is GCS's for the torso (``settings.body_type``, the location's ``calc.dr.all``); the
shield's DB is the largest bonus "to Dodge, Parry & Block" an equipped item gives.

>>> melee = {"id": "wA", "usage": "Swung", "reach": "1", "parry": "0", "block": "No",
...          "calc": {"level": 14, "damage": "2d-1 cut", "parry": "10"}}
>>> one_weapon("Broadsword", melee, melee=True)
{'name': 'Broadsword', 'usage': 'Swung', 'skill': 14, 'damage': '2d-1 cut', 'parry': '10', 'block': '', \
'reach': '1', 'acc': '', 'range': '', 'bulk': '', 'effect': ''}
>>> stun = {"id": "WB", "usage": "Stun", "accuracy": "10", "range": "10/30", "calc": {"level": 12,
...         "damage": "HT-2 (or KO)"}}
>>> {key: value for key, value in one_weapon("Phaser", stun, melee=False).items() if value}
{'name': 'Phaser', 'usage': 'Stun', 'skill': 12, 'acc': '10', 'range': '10/30', 'effect': 'HT-2 (or KO)'}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core import RulesInputError
from ..import_common import check, listing, mapping, text, whole
from .defense import SHIELD_DB_MAX
from .weapons import DR_INPUT, ITEM_LABELS, WEAPON_ITEMS, WEAPONS_MOST, parse_damage, weapons_input

MOST = WEAPONS_MOST
RANGED_KEYS = ("accuracy", "range", "rate_of_fire", "shots", "bulk", "recoil")
FIGURES = ("skill", "damage", "parry", "block", "reach", "acc", "range", "bulk")
HIDDEN = "hidden on GCS's sheet"
GM_RESOLVES = "the fight does not roll its damage: the GM resolves its Effect"
NO_DAMAGE = "none in GCS: the GM's call"  # the Effect of a usage GCS gives no damage
LONGEST = {item.name: item.max or 60 for item in WEAPON_ITEMS}
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
    """Every trait not disabled (nor inside a disabled container), containers included (a
    container's own weapons count as GCS lists them)."""
    for trait in _items(traits):
        if trait.get("disabled") is True:
            continue
        yield trait
        yield from _enabled(trait.get("children"))


def _every(rows: Any) -> Iterator[dict[str, Any]]:
    """Every skill or spell row, containers and what they hold."""
    for row in _items(rows):
        yield row
        yield from _every(row.get("children"))


def _called(row: dict[str, Any], key: str = "name") -> str:
    name = text(row.get(key), "(unnamed)")
    special = text(row.get("specialization"))
    return f"{name} ({special})" if special else name


def owners(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What carries the weapons GCS lists, each with the name its weapons take: traits not
    disabled, skills, spells, and the equipment carried and equipped."""
    found = [(_called(row), row) for row in _enabled(data.get("traits", data.get("advantages")))]
    found += [(_called(row), row) for key in ("skills", "spells") for row in _every(data.get(key))]
    found += [(text(item.get("description", item.get("name")), "(unnamed)"), item)
              for item in _equipped(data.get("equipment"))]
    return [(name, owner) for name, owner in found if _items(owner.get("weapons"))]


def is_melee(weapon: dict[str, Any]) -> bool:
    """GCS's melee weapons: "type" melee_weapon (files before 5.x's ids), an id starting with "w"
    (ranged: "W"), else one without a ranged weapon's figures."""
    kind, ident = weapon.get("type"), str(weapon.get("id", ""))
    if kind in ("melee_weapon", "ranged_weapon"):
        return bool(kind == "melee_weapon")
    if ident[:1] in ("w", "W") and len(ident) > 1:
        return ident[0] == "w"
    return not any(key in weapon for key in RANGED_KEYS)


def _shown(value: Any) -> str:
    return " ".join(str(value).split()) if isinstance(value, (str, int, float)) and not isinstance(value, bool) \
        else ""


def gcs_figures(weapon: dict[str, Any], melee: bool) -> dict[str, Any]:
    """The figures GCS shows for one weapon row: ``calc``'s, else the row's own where GCS leaves
    the same figure out of ``calc`` (reach, Accuracy, range, Bulk); a Parry or Block only from
    ``calc`` (left out: GCS shows none)."""
    calc = mapping(weapon.get("calc"))

    def own(key: str, calc_key: str | None = None) -> str:
        return _shown(calc.get(calc_key or key)) or _shown(weapon.get(key))

    return {"skill": whole(calc.get("level", 0)), "damage": _shown(calc.get("damage")),
            "parry": _shown(calc.get("parry")) if melee else "", "block": _shown(calc.get("block")) if melee else "",
            "reach": own("reach") if melee else "", "acc": "" if melee else own("accuracy"),
            "range": "" if melee else own("range"), "bulk": "" if melee else own("bulk")}


def _playable(damage: str) -> bool:
    try:
        return parse_damage(damage).text == damage
    except RulesInputError:
        return False


def one_weapon(name: str, weapon: dict[str, Any], melee: bool) -> dict[str, Any]:
    """One GCS weapon row's usage in the sheet's shape (not yet checked): GCS's figures, a damage
    the fight cannot roll as the Effect the GM resolves."""
    gcs = gcs_figures(weapon, melee)
    damage = gcs["damage"]
    playable = _playable(damage)
    entry = {"name": name[:LONGEST["name"]], "usage": text(weapon.get("usage"))[:LONGEST["usage"]],
             "skill": gcs["skill"], "damage": damage if playable else ""}
    entry.update({key: gcs[key][:LONGEST[key]] for key in FIGURES[2:]})
    entry["effect"] = "" if playable else damage[:LONGEST["effect"]] or NO_DAMAGE
    return entry


def _read(entry: dict[str, Any]) -> tuple[dict[str, Any] | None, list[str]]:
    """The entry as the sheet checks it; a figure the sheet refuses is left blank (and named), and
    a weapon still refused is None."""
    blanked: list[str] = []
    for _ in range(len(FIGURES) + 1):
        try:
            [checked] = _WEAPONS.parse([entry])
            return checked, blanked
        except RulesInputError as error:
            field = next((key for key in FIGURES[1:] if f"{ITEM_LABELS[key]}:" in error.message and entry.get(key)),
                         None)
            if field is None:
                return None, [error.message.split(": ", 1)[-1].rstrip(".")]
            if field == "damage" and not entry.get("effect"):
                entry["effect"] = entry["damage"][:LONGEST["effect"]]
            blanked.append(f"the sheet does not take its {ITEM_LABELS[field]} “{entry[field]}”")
            entry[field] = ""
    return None, blanked


def _line(figures: dict[str, Any], effect: str = "") -> str:
    """A weapon's figures as a cross-check line shows them."""
    parts = [f"skill {figures['skill']}", figures["damage"] or effect or "no damage"]
    parts += [f"{ITEM_LABELS[key]} {figures[key]}" for key in FIGURES[2:] if figures[key]]
    return "; ".join(parts)


def _why(gcs: dict[str, Any], ours: dict[str, Any] | None, blanked: list[str]) -> str | None:
    if ours is None:
        return "the sheet cannot hold this weapon: " + "; ".join(blanked)
    cut = [ITEM_LABELS[key] for key in ("name", "usage", *FIGURES[2:], "effect") if key in gcs
           and len(str(gcs[key])) > LONGEST[key]]
    reasons = blanked + ([f"the sheet keeps its {', '.join(cut)} shorter (GCS's is longer than the sheet's "
                          f"field)"] if cut else [])
    if not gcs["damage"]:
        reasons.append("GCS gives this usage no damage: the sheet's Effect says so, for the GM to resolve")
    elif len(gcs["damage"]) > LONGEST["effect"] and not ours["damage"]:
        reasons.append(f"the sheet keeps the first {LONGEST['effect']} characters of GCS's damage as its Effect")
    if gcs["damage"] and ours["damage"] and ours["damage"] != gcs["damage"]:
        reasons.append(f"the sheet writes GCS's damage “{gcs['damage']}” as “{ours['damage']}”")
    if ours.get("bulk") and gcs.get("bulk") and ours["bulk"] != gcs["bulk"]:
        reasons.append(f"the sheet writes GCS's Bulk “{gcs['bulk']}” as “{ours['bulk']}”")
    return "; ".join(reasons) or None


def weapon_usages(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each usage of each weapon row GCS lists: ``id``, ``title`` ("Natural Attacks (Bite)"),
    ``gcs`` (GCS's figures), ``entry`` (the sheet's weapon, None when the sheet cannot hold it),
    ``hidden``, ``no_calc`` and the cross-check ``check``."""
    usages: list[dict[str, Any]] = []
    for name, owner in owners(data):
        for weapon in _items(owner.get("weapons")):
            usage = text(weapon.get("usage"))
            called = f"{name} ({usage})" if usage else name
            record: dict[str, Any] = {"id": str(weapon.get("id", "")), "title": called, "entry": None,
                                      "hidden": weapon.get("hide") is True, "no_calc": False, "check": None}
            usages.append(record)
            if not isinstance(weapon.get("calc"), dict):
                record["no_calc"] = True
                continue
            melee = is_melee(weapon)
            gcs = {"name": name, "usage": usage, **gcs_figures(weapon, melee)}
            record["gcs"] = gcs
            entry, blanked = _read(one_weapon(name, weapon, melee))
            record["entry"] = entry
            theirs = _line(gcs)
            ours = _line(entry, entry.get("effect", "")) if entry else "not on the sheet"
            notes = [note for note, flag in ((HIDDEN, record["hidden"]),
                                             (GM_RESOLVES, bool(entry and entry["effect"]))) if flag]
            record["check"] = check(f"Weapon: {called}" + "".join(f" ({note})" for note in notes), theirs, ours,
                                    _why(gcs, entry, blanked))
    return usages


def _unique(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Weapons as the sheet keeps them: each title ("Name (Usage)") once, so a fight can name each;
    the same weapon twice (two of an item) once, another of the same title numbered ("Knife 2")."""
    kept: list[dict[str, Any]] = []
    for weapon in found:
        if weapon in kept:
            continue
        named, number = weapon["name"], 2
        while any(one["name"] == weapon["name"] and one["usage"] == weapon["usage"] for one in kept):
            weapon = {**weapon, "name": f"{named[:LONGEST['name'] - 3]} {number}"}
            number += 1
        kept.append(weapon)
    return kept


def read_weapons(data: dict[str, Any], version: int, fields: dict[str, Any],
                 skipped: list[str]) -> list[dict[str, Any]]:
    """Put the character's weapons, DR and shield DB into ``fields``, what cannot be read into
    ``skipped``; the weapons' cross-check lines are returned."""
    usages = weapon_usages(data)
    found = _unique([usage["entry"] for usage in usages if usage["entry"] is not None])
    no_calc = [usage["title"] for usage in usages if usage["no_calc"]]
    if found:
        fields["weapons"] = found[:MOST]
    if len(found) > MOST:
        skipped.append(listing(f"weapons past the {MOST} a sheet keeps", [w["name"] for w in found[MOST:]]))
    if no_calc:
        skipped.append(listing(f"weapons without GCS's skill levels and damage (a version {version} file keeps "
                               f"none: enter them by hand)", no_calc))
    unskilled = [usage["title"] for usage in usages if usage["entry"] and not usage["entry"]["skill"]]
    if unskilled:
        skipped.append(listing("weapons GCS gives no skill level (no skill or default it uses): skill 0 and no "
                               "Parry, as GCS shows them", unskilled))
    carried = list(_equipped(data.get("equipment")))
    _armour(data, carried, fields, skipped)
    return [usage["check"] for usage in usages if usage["check"] is not None]


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
