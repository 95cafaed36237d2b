"""A GURPS character's weapons and armour (docs: characters.md#gurps, gurps/injury.md): the sheet's
``weapons`` list (each weapon's name, usage, skill, damage, Parry, Block, reach, and a ranged
weapon's Acc and range, as GURPS Character Sheet shows them), the DR of the armour worn and a
shield's defence bonus; and the damage notation a weapon's damage is written in.

A weapon's damage is dice ("2d+2 cut", "1d-1 imp") or thrust or swing for the wielder's ST
("sw+3 cut", "thr+1 imp"), an armour divisor if any ("1d(2) pi"), and the damage type by its
abbreviation:

>>> parse_damage("sw+3 cut"), parse_damage("1d−1 imp").text
(Damage(st='sw', dice_count=0, adds=3, divisor=Fraction(1, 1), type='cut'), '1d-1 imp')
>>> parse_damage("2d+1(2) pi+").text, rolled_dice(parse_damage("sw+3 cut"), 12)
('2d+1(2) pi+', (1, 5))
>>> parse_damage("2d+2")
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Damage: “2d+2” has no damage type; end it with one of cr, cut, imp, pi-, pi, pi+, \
pi++, burn, cor, tox, fat (“2d+2 cut”).

Parry and Block read as GCS prints them: a score, with F (fencing) or U (unbalanced) after a Parry,
"No" when the weapon cannot, or nothing:

>>> defence_text("10f"), defence_text(" no "), defence_text(""), defence_number("9U"), defence_number("No")
('10F', 'No', '', 9, None)
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import MINUS, Input, RulesInputError
from ..lists import list_input
from ..wording import received
from .damage import damage_for_st
from .defense import SHIELD_DB_MAX

# The damage types a weapon's damage may name: abbreviation, the injury calculator's damage type
# (gurps.injury; None: fatigue, which comes off FP) and the words a sentence uses.
DAMAGE_TYPES = (
    ("cr", "crushing", "crushing"), ("cut", "cutting", "cutting"), ("imp", "impaling", "impaling"),
    ("pi-", "small_piercing", "small piercing"), ("pi", "piercing", "piercing"),
    ("pi+", "large_piercing", "large piercing"), ("pi++", "huge_piercing", "huge piercing"),
    ("burn", "burning", "burning"), ("cor", "corrosion", "corrosion"), ("tox", "toxic", "toxic"),
    ("fat", None, "fatigue"),
)
INJURY_TYPE = {abbreviation: kind for abbreviation, kind, _ in DAMAGE_TYPES}
TYPE_WORDS = {abbreviation: words for abbreviation, _, words in DAMAGE_TYPES}
TYPE_LIST = ", ".join(abbreviation for abbreviation, _, _ in DAMAGE_TYPES)
ST_BASED = {"thr": "thrust", "sw": "swing"}

_DAMAGE = re.compile(
    r"(?:(?P<st>thr|sw)|(?P<count>\d{1,2})d6?)\s*(?P<adds>[+-]\s*\d{1,3})?"
    r"\s*(?:\((?P<divisor>\d{1,3}(?:\.\d{1,2})?)\))?\s*(?P<type>pi\+\+|pi\+|pi-|pi|cr|cut|imp|burn|cor|tox|fat)?",
    re.IGNORECASE)


class Damage(NamedTuple):
    """A weapon's damage: thrust or swing (``st``, "thr" or "sw") or ``dice_count`` dice, plus ``adds``,
    an armour ``divisor`` (1 for none) and the damage ``type`` (its abbreviation)."""

    st: str
    dice_count: int
    adds: int
    divisor: Fraction
    type: str

    @property
    def base(self) -> str:
        """The dice or thrust/swing with adds, as data: "sw+3", "2d-1", "thr"."""
        start = self.st or f"{self.dice_count}d"
        return start + (f"{self.adds:+d}" if self.adds else "")

    @property
    def divided(self) -> str:
        """The armour divisor as written after the dice: "(2)", "(0.5)", or "" for none."""
        return f"({fraction_text(self.divisor)})" if self.divisor != 1 else ""

    @property
    def text(self) -> str:
        """The whole damage as data (ASCII): "sw+3 cut", "2d+1(2) pi+"."""
        return f"{self.base}{self.divided} {self.type}"


def fraction_text(value: Fraction) -> str:
    """A divisor as GCS writes it: "2", "0.5"."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def parse_damage(raw: Any, label: str = "Damage", dice_only: bool = False) -> Damage:
    """A damage text read, or RulesInputError naming ``label``; ``dice_only`` for a foe's row, which
    keeps no ST for thrust or swing (its refusals suggest dice only)."""
    examples = "“2d+1 cut”, “1d+2 imp”, “3d cr”" if dice_only else "“2d+2 cut”, “sw+3 cut”, “thr+1 imp”"
    if not isinstance(raw, str) or not raw.strip():
        raise RulesInputError("damage", f"{label}: give the weapon's damage, as {examples}.")
    text = " ".join(raw.replace(MINUS, "-").replace("–", "-").split())
    found = _DAMAGE.fullmatch(text)
    if not found:
        raise RulesInputError("damage", f"{label}: “{text[:30]}” is not a damage GURPS writes; give " + (
            "dice with adds" if dice_only else "dice or thrust or swing with adds") + f", then the damage type "
                                        f"({examples}).")
    if dice_only and found["st"]:
        raise RulesInputError("damage", f"{label}: give a foe's damage in dice (“1d+2 cut”): thrust and swing "
                                        f"follow a ST, which a foe's row does not keep.")
    if not found["type"]:
        raise RulesInputError("damage", f"{label}: “{text}” has no damage type; end it with one of {TYPE_LIST} "
                                        f"(“{text} cut”).")
    count = int(found["count"] or 0)
    if not found["st"] and not count:
        raise RulesInputError("damage", f"{label}: “{text}” rolls no dice; give 1d or more.")
    divisor = Fraction(found["divisor"]) if found["divisor"] else Fraction(1)
    if divisor <= 0:
        raise RulesInputError("damage", f"{label}: an armour divisor of {found['divisor']} divides by nothing; give "
                                        f"2, 3, 5 or 10 (or 0.5).")
    adds = int(found["adds"].replace(" ", "")) if found["adds"] else 0
    return Damage((found["st"] or "").lower(), count, adds, divisor, found["type"].lower())


def rolled_dice(damage: Damage, st: int) -> tuple[int, int]:
    """The dice and adds rolled for ``damage`` by a wielder of ``st``: thrust or swing from the
    damage table (gurps.damage's), plus the weapon's adds."""
    if not damage.st:
        return damage.dice_count, damage.adds
    basic = damage_for_st(st)
    count, adds = basic.thrust if damage.st == "thr" else basic.swing
    return count, adds + damage.adds


def resolved(damage: Damage, st: int, bonus: int = 0) -> str:
    """The damage as dice for a wielder of ``st`` (``bonus`` more adds), as data: "sw+1 cut" at ST 12
    is "1d+3 cut"; thrust or swing as written for ST 0 (no body to strike with: no dice)."""
    if damage.st and st < 1:
        return damage.text
    count, adds = rolled_dice(damage, st)
    adds += bonus
    return f"{count}d" + (f"{adds:+d}" if adds else "") + f"{damage.divided} {damage.type}"


def least_damage(damage_type: str) -> int:
    """The least a damage roll does: 0 for crushing, 1 for any other type (the Basic Set's rule)."""
    return 0 if damage_type == "cr" else 1


def divided_dr(dr: int, divisor: Fraction) -> int:
    """DR against an armour divisor: divided by it, fractions dropped (the Basic Set's rule)."""
    return math.floor(Fraction(dr) / divisor)


_DEFENCE = re.compile(r"(?P<score>\d{1,2})\s*(?P<flags>[fu]{0,2})|(?P<no>no|-|—)", re.IGNORECASE)
_ASKED = {"parry": "give the score (“11”), with F for a fencing weapon or U for an unbalanced one (“10F”, “9U”), "
                   "or “No”", "block": "give the score (“9”) or “No”"}


def defence_text(raw: str, key: str = "parry") -> str:
    """A Parry (``key`` "parry") or Block as GCS prints it: "11", "9U", "10F" (F and U for a Parry
    only), "No", or "" for none given."""
    text = raw.strip()
    if not text:
        return ""
    found = _DEFENCE.fullmatch(text)
    if not found or key == "block" and found["flags"]:
        label = key.capitalize()
        raise RulesInputError(key, f"{label}: “{text[:12]}” is not a {label}; {_ASKED[key]}.")
    return "No" if found["no"] else found["score"] + found["flags"].upper()


def defence_number(text: str) -> int | None:
    """The score in a Parry or Block as the sheet keeps it ("10F": 10); None for "No" or nothing."""
    found = re.match(r"\d+", text or "")
    return int(found.group()) if found else None


def bulk(text: str) -> int | None:
    """A ranged weapon's Bulk as a number ("-4" or "−4": −4); None when it has none."""
    found = re.fullmatch(r"\s*[-−]\s*(\d{1,2})\s*", text or "")
    return -int(found[1]) if found else None


def accuracy(text: str) -> int | None:
    """A ranged weapon's Accuracy as a number ("3", "2+1" with a scope: 3); None when it has none."""
    found = re.fullmatch(r"\s*(\d{1,2})\s*(?:\+\s*(\d{1,2}))?\s*", text or "")
    return int(found[1]) + int(found[2] or 0) if found else None


def is_ranged(weapon: dict[str, Any]) -> bool:
    """A ranged weapon: one with a range or an Accuracy."""
    return bool(weapon.get("range") or weapon.get("acc"))


def is_thrown(weapon: dict[str, Any]) -> bool:
    return "throw" in str(weapon.get("usage", "")).lower()


def title(weapon: dict[str, Any]) -> str:
    """A weapon as a sentence names it: "Long Axe (Swung)", "Bow"."""
    usage = str(weapon.get("usage") or "").strip()
    return f"{weapon['name']} ({usage})" if usage else str(weapon["name"])


# --------------------------------------------------------------------------- the sheet's fields

SKILL_TOP = 30
WEAPON_ITEMS = (
    Input("name", "Name", "text", "", max=60, help="the weapon, as the sheet names it"),
    Input("usage", "Usage", "text", "", max=60, help="Swung, Thrust, Shoot, Thrown..."),
    Input("skill", "Skill", "int", None, min=0, max=SKILL_TOP, help="the skill level with this weapon"),
    Input("damage", "Damage", "text", "", max=30, help="“2d+2 cut”, “sw+3 cut”, “thr+1 imp”"),
    Input("parry", "Parry", "text", "", max=10, help="“11”, “9U”, “10F”, “No”, or blank"),
    Input("block", "Block", "text", "", max=10, help="“9”, “No”, or blank"),
    Input("reach", "Reach", "text", "", max=20, help="melee weapons: “1”, “C,1”, “1-2*”"),
    Input("acc", "Acc", "text", "", max=10, help="ranged weapons: Accuracy, added after an Aim"),
    Input("range", "Range", "text", "", max=30, help="ranged weapons: “100/150”"),
    Input("bulk", "Bulk", "text", "", max=5, help="ranged weapons: Bulk (“−4”), taken by Move and Attack if worse "
                                                  "than −2"),
    Input("effect", "Effect (the GM's)", "text", "", max=60,
          help="what the attack does that the fight does not roll (an affliction, “HT-2 (or KO)”): the GM resolves "
               "it; leave Damage blank when this is all it does"),
)
WEAPONS_MOST = 24  # a sheet keeps this many weapons (each usage of a GCS weapon row is one)
ITEM_LABELS = {item.name: item.label for item in WEAPON_ITEMS}


def check_weapon(entry: dict[str, Any]) -> dict[str, Any]:
    """One weapon's fields checked and written as the sheet keeps them."""
    if not entry.get("name"):
        raise RulesInputError("name", "Name: give the weapon a name.")
    if "skill" not in entry:
        raise RulesInputError("skill", f"Skill: missing; give the skill level with the {entry['name']}, a whole "
                                       f"number from 0 to {SKILL_TOP}.")
    if entry["damage"] or not entry.get("effect"):  # a weapon whose effect the GM resolves may roll no damage
        entry["damage"] = parse_damage(entry["damage"]).text
    entry["parry"] = defence_text(entry["parry"], "parry")
    entry["block"] = defence_text(entry["block"], "block")
    if entry.get("bulk") and bulk(entry["bulk"]) is None:
        raise RulesInputError("bulk", f"Bulk: received {received(entry['bulk'])}; give a ranged weapon's Bulk as "
                                      f"GCS shows it (“−4”), or leave it blank.")
    entry["bulk"] = str(bulk(entry.get("bulk", ""))) if entry.get("bulk") else ""
    return entry


def weapons_input() -> Input:
    """The sheet's ``weapons``: up to 24 weapons (a usage each), each as GCS shows it."""
    return list_input("weapons", "Weapons", WEAPON_ITEMS, check_weapon, most=WEAPONS_MOST,
                      help="each weapon's skill, damage, Parry and Block, as GCS shows them")


DR_TOP = 100
DR_INPUT = Input("dr", "DR", "int", 0, min=0, max=DR_TOP, help="Damage Resistance of the armour worn (torso); 0 for "
                                                                "none")
SHIELD_DB_INPUT = Input("shield_db", "Shield DB", "int", 0, min=0, max=SHIELD_DB_MAX,
                        help="a ready shield's Defense Bonus: added to Dodge, Parry and Block; 0 for none")
