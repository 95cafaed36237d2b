"""Reading a Basic Fantasy character exported from Codex Quest (JSON) into the site's BFRPG
character fields.

Two shapes: the current one (``settings.version`` 2.x: ``abilities.<score>.value``,
``hp.current`` and ``hp.max``, a ``currency`` object, one ``class`` such as "fighter" or
"fighter-magic-user", ``wearing`` on each armour and shield) and the older one
(``abilities.scores``, ``hp.points``, top-level ``gold`` and other coins, ``class`` as a list,
a top-level ``wearing`` naming the armour and shield, and the saves it showed).

The load is what Codex Quest counts: each item's weight (lb each) × amount, beasts of burden
left out, and coins at 20 to the pound unless the file says not to count them
(``useCoinWeight`` false; the older shape counted them only when it said true). Codex Quest
keeps no saving throws in the current shape: they follow from class, level and race. The
weapons carried come in matched to the rulebook's weapon table (:mod:`.weapons`).

The armour worn becomes the sheet's (leather, chain or plate, with a shield and a magic bonus
read from the names, "Chain Mail +1"), so the Armor Class follows from it; where the file's own
figures give another Armor Class (an armour not in the rulebook, such as studded leather), the
sheet keeps the file's, typed, and the cross-check says why.

>>> armour_kind("Chain Mail"), armour_kind("Studded Leather Armor"), armour_kind("Plate Mail +1")
('chain', 'leather', 'plate')
>>> is_magic("Leather Armor +1"), is_magic("Plate Mail")
(True, False)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..import_common import check, finish, listing, mapping, number, refuse, text, whole
from .abilities import RACE_NAMES, ability_bonus
from .armour import NO_ARMOUR_AC, armour_class
from .classes import CLASS_NAMES, SAVES, saving_throws
from .weapons import WEAPONS_INPUT, find_weapon, magic_of, read_dice

COINS = ("platinum", "gold", "electrum", "silver", "copper")
COINS_PER_LB = 20
ABILITIES = ("strength", "intelligence", "wisdom", "dexterity", "constitution", "charisma")
BEASTS = "beasts-of-burden"
NEWEST_MAJOR = 2  # Codex Quest's data version 2.x (settings.version)
LEATHER_WORDS = ("leather", "padded", "quilted", "hide")
# The older shape's saves, as Codex Quest showed them, by our save names.
OLD_SAVES = {"death_ray": "deathRayOrPoison", "wands": "magicWands", "paralysis": "paralysisOrPetrify",
             "breath": "dragonBreath", "spells": "spells"}
MARKERS = ("abilities", "race", "class", "hp")
# Codex Quest's equipment categories that hold weapons (ammunition is the bows' and slings' damage).
WEAPON_CATEGORIES = ("axes", "bows", "daggers", "swords", "hammers-and-maces", "other-weapons", "spears-and-polearms",
                     "improvised-weapons", "chain-and-flail", "slings-and-hurled-weapons")


def looks_like_codex_quest(data: dict[str, Any]) -> bool:
    """A Codex Quest character: abilities, race, class and hit points at the top."""
    return all(key in data for key in MARKERS) and isinstance(data.get("abilities"), dict)


def armour_kind(name: str) -> str:
    """The sheet's armour: leather (padded, quilted, hide, leather, studded leather), plate (any
    plate) or chain (every other mail)."""
    lowered = name.lower()
    return "leather" if any(word in lowered for word in LEATHER_WORDS) else "plate" if "plate" in lowered else "chain"


def is_magic(name: str) -> bool:
    """Magic armour is named with its bonus ("Chain Mail +1")."""
    return re.search(r"\+\s*\d", name) is not None


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9-]", "", re.sub(r"[\s/]+", "-", value.strip().lower()))


def _class(raw: Any) -> str:
    """The class id, from one id ("fighter-magic-user"), a name ("Magic-User") or the older list."""
    parts = sorted(_slug(part) for part in raw if isinstance(part, str)) if isinstance(raw, list) \
        else [_slug(raw)] if isinstance(raw, str) else []
    joined = "-".join(part for part in parts if part)
    for class_id in CLASS_NAMES:
        if joined == class_id:
            return class_id
    shown = " and ".join(parts) if parts else "none"
    raise refuse(f"This Codex Quest character's class is {shown}; the site knows the Basic Fantasy rulebook's "
                 f"classes ({', '.join(CLASS_NAMES.values())}), not supplement or custom ones, so it cannot "
                 f"work out its saves.")


def _race(raw: Any) -> str:
    race = _slug(raw) if isinstance(raw, str) else ""
    if race in RACE_NAMES:
        return race
    raise refuse(f"This Codex Quest character's race is {raw if isinstance(raw, str) and raw else 'not given'}; "
                 f"the site knows the Basic Fantasy rulebook's races ({', '.join(RACE_NAMES.values())}), not "
                 f"supplement or custom ones.")


def _abilities(raw: dict[str, Any]) -> dict[str, int]:
    scores = raw.get("scores") if isinstance(raw.get("scores"), dict) else None
    values: dict[str, int] = {}
    for ability in ABILITIES:
        entry = scores.get(ability) if scores is not None else raw.get(ability)
        value = whole(entry.get("value")) if isinstance(entry, dict) else whole(entry)
        if value is None:
            raise refuse(f"This Codex Quest character has no {ability.capitalize()} score, so it cannot be "
                         f"imported: open it in Codex Quest, check its abilities, export it again and import the "
                         f"new file.")
        values[ability] = value
    return values


def _version(data: dict[str, Any]) -> Fraction | None:
    settings = data.get("settings")
    return number(settings.get("version")) if isinstance(settings, dict) else None


def _coins(data: dict[str, Any], old: bool) -> int:
    purse: dict[str, Any] = mapping(data.get("currency")) or (data if old else {})
    return sum(max(whole(purse.get(coin)) or 0, 0) for coin in COINS)


def _coins_count(data: dict[str, Any], old: bool) -> bool:
    settings = mapping(data.get("settings"))
    flag = settings.get("useCoinWeight", data.get("useCoinWeight"))
    return flag is not False if not old else flag is True


def _armour(data: dict[str, Any], items: list[dict[str, Any]], old: bool) -> tuple[str, str | None]:
    """The armour worn (the heaviest if the file marks several) and its name, or "none"."""
    worn_name = None
    if old and isinstance(data.get("wearing"), dict):
        worn_name = text(data["wearing"].get("armor")) or None
    worn = [item for item in items if text(item.get("category")) == "armor"
            and (item.get("wearing") is True or (worn_name is not None and text(item.get("name")) == worn_name))]
    if worn:
        worn.sort(key=lambda item: number(item.get("weight")) or 0, reverse=True)
        return armour_kind(text(worn[0].get("name"))), text(worn[0].get("name"))
    if worn_name:
        return armour_kind(worn_name), worn_name
    return "none", None


def _armour_class(items: list[dict[str, Any]], armour_name: str | None, shields: list[dict[str, Any]],
                  dexterity: int | None) -> int:
    """Armor Class: the worn armour's AC as Codex Quest gives it (11 without armour), a worn
    shield's bonus ("+1"), and the Dexterity bonus."""
    armour = next((item for item in items if text(item.get("category")) == "armor"
                   and text(item.get("name")) == armour_name), None)
    base = whole(armour.get("AC")) if armour is not None else None
    shield = sum(whole(str(item.get("AC", "")).replace("+", "")) or 0 for item in shields[:1])
    return (base or NO_ARMOUR_AC) + shield + (ability_bonus(dexterity) if dexterity is not None else 0)


def _armour_fields(fields: dict[str, Any], checks: list[dict[str, Any]], items: list[dict[str, Any]],
                   armour_name: str | None, shields: list[dict[str, Any]]) -> None:
    """The shield and the magic bonus (armour's and shield's, read from their names) for the sheet;
    the file's Armor Class typed only where it is not what the sheet's armour gives."""
    bonus = (magic_of(armour_name) if armour_name else 0) \
        + sum(magic_of(text(item.get("name"))) for item in shields[:1])
    if shields:
        fields["shield"] = True
    if bonus:
        fields["armor_bonus"] = bonus
    dexterity = fields["dexterity"]
    theirs = _armour_class(items, armour_name, shields, dexterity) + bonus
    ours = armour_class(fields["armor"], bool(shields), bonus, dexterity)
    if theirs != ours:
        fields["ac"] = theirs
        checks.append(check("Armor Class", theirs, ours, f"Codex Quest's figures for {armour_name or 'no armour'}"
                                                         + (" and the shield" if shields else "")
                                                         + " are not the rulebook's armour table's: the sheet keeps "
                                                           "Codex Quest's Armor Class, typed"))


def _weapons(items: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The weapons the equipment names, each matched to the rulebook's table (its damage and
    kind; a magic bonus read from the name, "Longsword +1"); one Codex Quest has but the table
    has not keeps the damage Codex Quest gives it, and one with none is left out (named)."""
    weapons: list[dict[str, Any]] = []
    unknown: list[str] = []
    for item in items:
        name, category = text(item.get("name")), text(item.get("category"))
        if category not in WEAPON_CATEGORIES or not name or any(w["name"] == name for w in weapons):
            continue
        found = find_weapon(name)
        if found is not None:
            damage, kind = found.damage, found.kind
        else:
            damage = text(item.get("damage"))
            kind = "missile" if category == "bows" else "thrown" if text(item.get("type")) == "missile" else "melee"
            try:
                read_dice(damage)
            except ValueError:
                unknown.append(name)
                continue
        if len(weapons) < WEAPONS_INPUT.max:
            weapons.append({"name": name[:40], "damage": damage, "kind": kind, "magic": magic_of(name)})
    return weapons, unknown


def read_codex_quest(data: dict[str, Any]) -> dict[str, Any]:
    """A Codex Quest character (parsed JSON) as the site's BFRPG character: ``fields`` for
    ``derive("bfrpg", ...)``, what is ``skipped``, and ``checks`` (the older shape's own saves)."""
    version = _version(data)
    if version is not None and version >= NEWEST_MAJOR + 1:
        raise refuse(f"This file was exported by a newer Codex Quest (data version {float(version):g}) than the "
                     f"site reads (2.x): reload the site for its latest version; if that does not help, the site "
                     f"cannot read this version yet.")
    abilities = data["abilities"]
    old = "scores" in abilities or isinstance(data.get("class"), list) or "points" in (data.get("hp") or {}) \
        or (version is None and "currency" not in data)
    name = text(data.get("name"), "Unnamed Codex Quest character")
    race, class_id = _race(data.get("race")), _class(data.get("class"))
    level = whole(data.get("level"))
    fields: dict[str, Any] = {"race": race, "class": class_id, "level": level if level is not None else 1,
                              **_abilities(abilities)}
    skipped: list[str] = []
    hp = mapping(data.get("hp"))
    most = whole(hp.get("max"))
    now = whole(hp.get("current", hp.get("points")))
    if most is None or most < 1:
        most = now
    if most is not None:
        fields["hp"] = most
    if now is not None and most is not None and now < most:  # wounds now, as the sheet keeps them
        fields["hp_lost"] = min(most - now, most - 1)
        if now < 1:
            skipped.append(f"hit points now: {now} of {most}; a living character keeps 1 at least, so the sheet "
                           f"says 1 (the Session page tracks a fight's worst)")
    items = [item for item in data.get("equipment", []) if isinstance(item, dict)] \
        if isinstance(data.get("equipment"), list) else []
    load = Fraction(0)
    beasts: list[str] = []
    for item in items:
        amount = number(item.get("amount", 1))
        weight = number(item.get("weight", 0))
        if text(item.get("category")) == BEASTS:
            beasts.append(text(item.get("name"), "a beast of burden"))
        elif amount is not None and weight is not None and amount > 0 and weight > 0:
            load += amount * weight
    coins = _coins(data, old)
    if coins and _coins_count(data, old):
        load += Fraction(coins, COINS_PER_LB)
    elif coins:
        skipped.append(f"{coins} coins: left out of the load, as Codex Quest does for this file "
                       + ("(its coin weight is switched off)" if not old else "(older files counted coins only when "
                                                                              "asked to)"))
    fields["load_lb"] = load
    armor, armour_name = _armour(data, items, old)
    fields["armor"] = armor
    if armour_name is not None and is_magic(armour_name):
        fields["magic_armor"] = True
    if beasts:
        skipped.append(listing("beasts of burden (they carry, they are not carried: left out of the load)", beasts))
    checks: list[dict[str, Any]] = []
    worn_shield = text(data["wearing"].get("shield")) if old and isinstance(data.get("wearing"), dict) else ""
    shields = [item for item in items if text(item.get("category")) == "shields"
               and (item.get("wearing") is True or (worn_shield and text(item.get("name")) == worn_shield))]
    _armour_fields(fields, checks, items, armour_name, shields)
    weapons, unknown = _weapons(items)
    if weapons:
        fields["weapons"] = weapons
    if unknown:
        skipped.append(listing("weapons with no damage the site knows (add them on the sheet by hand)", unknown))
    for key, what in (("spells", "spells"), ("cantrips", "cantrips"), ("languages", "languages")):
        listed = data.get(key)
        if isinstance(listed, list) and listed:
            skipped.append(listing(what, [text(entry.get("name")) if isinstance(entry, dict) else str(entry)
                                          for entry in listed]))
    for key, what in (("xp", "experience points"), ("desc", "description"), ("avatar", "portrait")):
        if data.get(key):
            skipped.append(what)
    shown_load = number(data.get("weight")) if old else None
    if shown_load is not None:
        checks.append(check("Load carried (lb)", shown_load, load, "Codex Quest's older versions counted the load "
                                                                  "their own way (coins, beasts of burden)"))
    old_saves = data.get("savingThrows")
    if isinstance(old_saves, dict) and fields["level"] is not None:
        ours = saving_throws(class_id, fields["level"], race)
        for save, label in SAVES:
            theirs = whole(old_saves.get(OLD_SAVES[save]))
            if theirs is not None:
                checks.append(check(f"Save vs. {label}", theirs, ours[save],
                                    "Codex Quest's older versions kept the save of the class and level without "
                                    "the race bonus" if theirs - ours[save] in (1, 2, 3, 4) and race != "human"
                                    else None))
    return finish("bfrpg", "Codex Quest", name, fields, skipped, checks)
