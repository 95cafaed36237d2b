"""Weapons (docs: bfrpg/combat.md#weapons): the rulebook's weapon table as data (damage, kind,
size, weight, missile ranges), the character sheet's ``weapons`` list, and a weapon's damage
roll: the weapon's dice, the Strength bonus for melee and thrown weapons (not bows or
crossbows), the magic bonus, double for a charge, half when subduing, and at least 1 point on a
hit.

A weapon's kind decides the ability bonuses: melee (Strength to hit and to damage), thrown
(Dexterity to hit, Strength to damage: daggers, hand axes, spears, warhammers thrown, and sling
stones and bullets, which the rulebook gives the Strength bonus) and missile (Dexterity to hit,
no Strength to damage: bows and crossbows).

>>> WEAPONS["longsword"].damage, WEAPONS["sling"].kind, find_weapon("Silver† Dagger").name
('1d8', 'thrown', 'Dagger')
>>> damage_notation("1d8", strength=2, magic=1)
'1d8+3'
>>> hit_damage(5, charge=True, subdue=True), hit_damage(-2)
(5, 1)
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core import Input, RulesInputError, TableContent, declare_table
from ..lists import list_input
from ..notation import dice_text, signed

KINDS = (("melee", "melee"), ("thrown", "thrown"), ("missile", "missile (bow or crossbow)"))
STRENGTH_TO_DAMAGE = ("melee", "thrown")  # bows and crossbows add no Strength to damage
DEXTERITY_TO_HIT = ("thrown", "missile")
MAGIC_RANGE = (-5, 5)


class Weapon(NamedTuple):
    key: str
    name: str
    damage: str  # the weapon's dice ("1d8"); a bow's or crossbow's are its arrows' or quarrels'
    kind: str  # as a character usually wields it: melee, thrown or missile
    size: str  # S, M or L
    weight_lb: int | None
    ranges_ft: tuple[int, int, int] | None  # short (+1), medium (0), long (−2)
    thrown: bool = False  # a melee weapon that can also be thrown (its ranges are for that)


_THROWN = (10, 20, 30)
WEAPON_ROWS = (
    Weapon("hand_axe", "Hand axe", "1d6", "melee", "S", 5, _THROWN, thrown=True),
    Weapon("battle_axe", "Battle axe", "1d8", "melee", "M", 7, None),
    Weapon("great_axe", "Great axe", "1d10", "melee", "L", 15, None),
    Weapon("shortbow", "Shortbow", "1d6", "missile", "M", 2, (50, 100, 150)),
    Weapon("longbow", "Longbow", "1d8", "missile", "L", 3, (70, 140, 210)),
    Weapon("light_crossbow", "Light crossbow", "1d6", "missile", "M", 7, (60, 120, 180)),
    Weapon("heavy_crossbow", "Heavy crossbow", "1d8", "missile", "L", 14, (80, 160, 240)),
    Weapon("dagger", "Dagger", "1d4", "melee", "S", 1, _THROWN, thrown=True),
    Weapon("shortsword", "Shortsword", "1d6", "melee", "S", 3, None),
    Weapon("longsword", "Longsword", "1d8", "melee", "M", 4, None),
    Weapon("scimitar", "Scimitar", "1d8", "melee", "M", 4, None),
    Weapon("two_handed_sword", "Two-handed sword", "1d10", "melee", "L", 10, None),
    Weapon("warhammer", "Warhammer", "1d6", "melee", "S", 6, _THROWN, thrown=True),
    Weapon("mace", "Mace", "1d8", "melee", "M", 10, None),
    Weapon("maul", "Maul", "1d10", "melee", "L", 16, None),
    Weapon("club", "Club, cudgel or walking staff", "1d4", "melee", "M", 1, None),
    Weapon("quarterstaff", "Quarterstaff", "1d6", "melee", "L", 4, None),
    Weapon("pole_arm", "Pole arm", "1d10", "melee", "L", 15, None),
    Weapon("sling", "Sling (bullet)", "1d4", "thrown", "S", None, (30, 60, 90)),
    Weapon("sling_stone", "Sling (stone)", "1d3", "thrown", "S", None, (30, 60, 90)),
    Weapon("spear", "Spear", "1d6", "melee", "M", 5, _THROWN, thrown=True),
    Weapon("spear_two_handed", "Spear, two-handed", "1d8", "melee", "M", 5, None),
)
WEAPONS = {row.key: row for row in WEAPON_ROWS}
# Other names a sheet or another program gives a weapon of the table (lower case, no marks).
ALIASES = {"cutlass": "shortsword", "short sword": "shortsword", "long sword": "longsword",
           "two handed sword": "two_handed_sword", "great mace": "maul", "cudgel": "club", "walking staff": "club",
           "walking stick": "club", "staff": "quarterstaff", "polearm": "pole_arm", "axe": "battle_axe",
           "hammer": "warhammer", "war hammer": "warhammer", "sling": "sling", "bow": "shortbow",
           "short bow": "shortbow", "long bow": "longbow", "crossbow": "light_crossbow"}
_DICE = re.compile(r"([1-9][0-9]?)d([1-9][0-9]?)(?:\s*([+\-−])\s*([0-9]{1,2}))?")


def _plain(name: str) -> str:
    """A weapon's name without marks, bonuses or notes: "Silver† Dagger +1" → "silver dagger"."""
    name = re.sub(r"[+\-−]\s*\d+.*$", "", name.lower())
    name = re.sub(r"\(.*?\)|[^a-z /-]", " ", name).replace("-", " ")
    return " ".join(name.split())


def find_weapon(name: str) -> Weapon | None:
    """The table's weapon a name means ("Longsword/Scimitar", "Silver† Dagger", "Spear +1"),
    or None. A name listing several ("Shortsword/Cutlass") means its first that the table has."""
    for part in _plain(name).split("/"):
        words = part.strip().removeprefix("silver ").strip()
        for row in WEAPON_ROWS:
            if words in (row.name.lower(), row.key.replace("_", " "), _plain(row.name)):
                return row
        if words in ALIASES:
            return WEAPONS[ALIASES[words]]
    return None


def magic_of(name: str) -> int:
    """The bonus a magic weapon's name gives ("Longsword +1" → 1, "Dagger −1" → −1), else 0."""
    found = re.search(r"(?<![\w])([+\-−])\s*(\d)\b", name)
    if not found:
        return 0
    return int(found.group(2)) * (-1 if found.group(1) != "+" else 1)


def read_dice(text: str) -> tuple[int, int, int]:
    """(count, sides, adds) of a damage notation ("1d8", "2d4+1", "1d6−1"); ValueError if not one."""
    found = _DICE.fullmatch(text.strip().lower())
    if not found:
        raise ValueError(text)
    count, sides, sign, adds = found.groups()
    return int(count), int(sides), int(adds or 0) * (-1 if sign in ("-", "−") else 1)


def damage_notation(dice: str, strength: int = 0, magic: int = 0) -> str:
    """The damage roll as the rules write it: the weapon's dice plus the bonuses added."""
    count, sides, adds = read_dice(dice)
    total = adds + strength + magic
    return f"{count}d{sides}" + (f"{total:+d}" if total else "")


def hit_damage(rolled: int, charge: bool = False, subdue: bool = False) -> int:
    """A hit's damage from the rolled total (dice and bonuses): doubled for a charge, halved
    (fractions dropped, our reading) for subduing, and at least 1."""
    done = rolled * 2 if charge else rolled
    done = done // 2 if subdue else done
    return max(done, 1)


def _check(item: dict[str, Any]) -> dict[str, Any]:
    try:
        read_dice(item["damage"])
    except ValueError:
        raise RulesInputError("damage", f"Damage: received “{item['damage'][:20]}”; write the weapon's dice as "
                                        f"“1d8”, “2d4” or “1d6+1”.") from None
    count, sides, adds = read_dice(item["damage"])
    item["damage"] = f"{count}d{sides}" + (f"{adds:+d}" if adds else "")
    return item


class Suggested(Input):
    """A text field with suggestions a page may offer (the table's weapon names), each with the
    figures it fills in its item: described with ``"suggestions"`` and ``"suggestion_figures"``
    ({name: {field: value}}) and ``"table"``, the table's id."""

    def describe(self) -> dict[str, Any]:
        shown = Input.describe(self)
        shown.update(suggestions=[row.name for row in WEAPON_ROWS], table="bfrpg.weapons",
                     suggestion_figures={row.name: {"damage": row.damage, "kind": row.kind} for row in WEAPON_ROWS})
        return shown


ITEMS = (
    Suggested("name", "Name", "text", "", max=40, help="pick one of the rulebook's weapons, or type any name"),
    Input("damage", "Damage", "text", "1d6", max=12, help="the weapon's dice: “1d8”, “2d4”"),
    Input("kind", "Kind", "choice", "melee", choices=KINDS,
          help="melee: Strength to hit and to damage; thrown: Dexterity to hit, Strength to damage; "
               "missile: Dexterity to hit"),
    Input("magic", "Magic bonus", "int", 0, min=MAGIC_RANGE[0], max=MAGIC_RANGE[1],
          help="added to attack and damage rolls; a cursed weapon's penalty below 0"),
)
WEAPONS_INPUT = list_input("weapons", "Weapons", ITEMS, check=_check,
                           help="each weapon the character fights with: the Session page's attacks roll with them")


@declare_table("bfrpg.weapons")
def weapons_table() -> TableContent:
    kinds = {"melee": "melee", "thrown": "thrown", "missile": "missile"}
    rows = tuple((row.name, dice_text(row.damage), kinds[row.kind] + (", or thrown" if row.thrown else ""), row.size,
                  f"{row.weight_lb} lb" if row.weight_lb is not None else "—",
                  "/".join(str(feet) for feet in row.ranges_ft) + " ft" if row.ranges_ft else "—")
                 for row in WEAPON_ROWS)
    return TableContent("Weapons", ("Weapon", "Damage", "Kind", "Size", "Weight", "Range short/medium/long"), rows,
                        f"Ranges: short {signed(1)}, medium 0, long {signed(-2)} to hit; outdoors read yards. Bows "
                        f"and crossbows do their arrows' or quarrels' damage; silver ones do the same.")
