"""Movement and encumbrance: which load a character carries, the movement rate that armour
and load allow, and beasts of burden.

docs: bfrpg/dungeon.md#movement-and-encumbrance (load limits: abilities.py)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import signed
from .abilities import (
    BASE_CAPACITY,
    BONUS_HIGHEST,
    BONUS_LOWEST,
    RACE_NAMES,
    RACES,
    ability_bonus,
    capacity_factor,
    carrying_capacity,
)
from .shared import DUNGEON_PAGE, SCORE_DEFAULT, SYSTEM
from .time_scale import TURN_MOVE_MULTIPLE, wilderness_miles


class MovementRow(NamedTuple):
    """One row of the movement table: the armour worn, and feet per round by load."""

    armor: str
    light: int
    heavy: int


ARMORS = (("none", "No armour"), ("leather", "Leather armour"), ("metal", "Metal armour"))
ARMOR_ROW = {"none": 0, "leather": 1, "metal": 2}
MOVEMENT_ROWS = (
    MovementRow("None, or magic leather", 40, 30),
    MovementRow("Leather, or magic metal", 30, 20),
    MovementRow("Metal", 20, 10),
)
LOADS = ("light", "heavy", "over")
# What a person reads for each load level (the values stay these lowercase ids).
LOAD_LABELS = (("light", "Light"), ("heavy", "Heavy"), ("over", "Over the limit"))
LOAD_NAMES = dict(LOAD_LABELS)
LOAD_OUTPUT = Output("load", "Load", help="Light, Heavy, or Over the limit (more than the heavy limit)",
                     labels=LOAD_LABELS)
FASTEST_MOVE = max(row.light for row in MOVEMENT_ROWS)


def movement_row(armor: str, magic_armor: bool) -> int:
    """The row of the movement table: magic armour moves the wearer up one row."""
    row = ARMOR_ROW[armor]
    return row - 1 if magic_armor and row > 0 else row


def load_category(load_lb: Fraction, light_limit: int, heavy_limit: int) -> str:
    if load_lb <= light_limit:
        return "light"
    if load_lb <= heavy_limit:
        return "heavy"
    return "over"


def movement_rate(armor: str, magic_armor: bool, load: str) -> int:
    """Feet per round; 0 for a load past the heavy limit, which the rules give no rate for."""
    if load == "over":
        return 0
    row = MOVEMENT_ROWS[movement_row(armor, magic_armor)]
    return row.light if load == "light" else row.heavy


@declare_table("bfrpg.movement")
def movement_table() -> TableContent:
    rows = tuple((row.armor, f"{row.light}'", f"{row.heavy}'", f"{TURN_MOVE_MULTIPLE * row.light}'",
                  f"{TURN_MOVE_MULTIPLE * row.heavy}'")
                 for row in MOVEMENT_ROWS)
    return TableContent("Movement rate by armour and load",
                        ("Armour worn", "Light load, per round", "Heavy load, per round",
                         "Light load, per turn", "Heavy load, per turn"),
                        rows,
                        "' = feet. Magic armour weighs its full weight but moves the wearer up one row.")


class Animal(NamedTuple):
    """A beast of burden: its load limits in pounds and its movement unloaded (as printed)."""

    name: str
    light_lb: int
    heavy_lb: int
    movement: str


ANIMALS = (
    Animal("Camel", 400, 800, "50' (Bactrian 40')"),
    Animal("Donkey", 70, 140, "40'"),
    Animal("Draft horse", 350, 700, "60'"),
    Animal("Riding horse", 250, 500, "80'"),
    Animal("War horse", 350, 700, "60'"),
    Animal("Mule", 300, 600, "40'"),
    Animal("Pony", 275, 550, "40'"),
    Animal("Riding dog", 150, 300, "not given"),
)


@declare_table("bfrpg.beasts_of_burden")
def beasts_table() -> TableContent:
    return TableContent("Beasts of burden",
                        ("Animal", "Light load (lb)", "Heavy load (lb)", "Movement (unloaded)"),
                        ANIMALS,
                        "How far a heavy load slows an animal is not reproduced here: our sources lack that table.")


@declare_calculator(
    id="bfrpg.encumbrance",
    system=SYSTEM,
    title="Encumbrance and movement",
    summary="Your light and heavy load limits, which one your gear falls under, and how far that lets you move.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("race", "Race", "choice", "human", choices=RACES),
        Input("strength", "Strength", "int", SCORE_DEFAULT, min=3, max=18),
        Input("armor", "Armour worn", "choice", "none", choices=ARMORS),
        Input("magic_armor", "The armour is magic", "bool", False),
        Input("load_lb", "Load carried", "number", 40, unit="lb", min=0, max=2000,
              help="everything carried, armour included"),
    ],
    outputs=[
        Output("strength_bonus", "Strength bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST),
        Output("light_limit_lb", "Light load up to", "lb", min=0),
        Output("heavy_limit_lb", "Heavy load up to", "lb", min=0),
        LOAD_OUTPUT,
        Output("movement_ft", "Movement per round", "ft", min=0, max=FASTEST_MOVE),
        Output("movement_per_turn_ft", "Movement per turn", "ft", min=0, max=TURN_MOVE_MULTIPLE * FASTEST_MOVE),
        Output("miles_per_day", "Travel per day, open clear terrain", "miles", min=0),
        Output("note", "What the rules say"),
    ],
)
def encumbrance(step: Working, race: str, strength: int, armor: str, magic_armor: bool,
                load_lb: Fraction) -> dict[str, Any]:
    """How much a character of this race and Strength can carry, whether the load is light,
    heavy or too much, and how fast armour and load let them move per round, per turn and per
    day. The carrying capacity and movement tables of docs: bfrpg/dungeon.md#carrying-capacity
    and bfrpg/dungeon.md#movement-and-encumbrance; the page's worked example, a Dwarf of
    Strength 16 in magic metal armour carrying 95 lb:

    >>> from rulescore import calculate
    >>> result = calculate("bfrpg.encumbrance", {"race": "dwarf", "strength": 16, "armor": "metal",
    ...                                          "magic_armor": True, "load_lb": 95})
    >>> result["light_limit_lb"], result["heavy_limit_lb"], result["load"], result["movement_ft"]
    (70, 180, 'heavy', 20)
    >>> result["note"]
    "Heavily loaded: 20' per round; lighten to 70 lb or less for 30'."
    """
    bonus = ability_bonus(strength)
    step(f"Ability bonus table: Strength {strength} gives a bonus of {signed(bonus)}.", rule="#carrying-capacity")
    factor = capacity_factor(bonus)
    base_light, base_heavy = BASE_CAPACITY[race]
    light_limit, heavy_limit = carrying_capacity(race, strength)
    if bonus > 0:
        rule = f"each +1 of Strength bonus adds 10%, so × {n(factor)}"
    elif bonus < 0:
        rule = f"each −1 of Strength bonus takes away 20%, so × {n(factor)}"
    else:
        rule = "no Strength bonus, so the base figures stand"
    article = "an" if race == "elf" else "a"
    if bonus:
        step(f"Carrying capacity: {article} {RACE_NAMES[race]} starts at {base_light} lb light and {base_heavy} lb "
             f"heavy; {rule}: {n(base_light * factor)} and {n(base_heavy * factor)} lb, rounded to the nearest "
             f"5 lb = {light_limit} lb and {heavy_limit} lb.", rule="#carrying-capacity")
    else:
        step(f"Carrying capacity: {article} {RACE_NAMES[race]} carries {light_limit} lb as a light load and "
             f"{heavy_limit} lb as a heavy one; {rule}.", rule="#carrying-capacity")
    load = load_category(load_lb, light_limit, heavy_limit)
    if load == "light":
        step(f"Load: {n(load_lb)} lb is no more than {light_limit} lb, so the character is lightly loaded.",
             rule="#carrying-capacity")
    elif load == "heavy":
        step(f"Load: {n(load_lb)} lb is over {light_limit} lb but no more than {heavy_limit} lb, "
             f"so the character is heavily loaded.", rule="#carrying-capacity")
    else:
        step(f"Load: {n(load_lb)} lb is over the heavy limit of {heavy_limit} lb: more than this character can carry.",
             rule="#carrying-capacity")
    row = MOVEMENT_ROWS[movement_row(armor, magic_armor)]
    armor_words = {"none": "no armour", "leather": "leather armour", "metal": "metal armour"}[armor]
    if armor == "none" and magic_armor:
        step("Armour: with no armour worn, the magic armour box changes nothing.", rule="#armour-counts-twice")
    elif magic_armor:
        step(f"Armour: magic {armor_words} moves the wearer up one row, to \"{row.armor}\".",
             rule="#armour-counts-twice")
    else:
        step(f"Armour: {armor_words} uses the row \"{row.armor}\".", rule="#armour-counts-twice")
    movement = movement_rate(armor, magic_armor, load)
    per_turn = TURN_MOVE_MULTIPLE * movement
    miles = wilderness_miles(movement)
    if load == "over":
        note = (f"Over {heavy_limit} lb the rules give no movement rate: the load is beyond this character's "
                f"carrying capacity. Lighten it to {heavy_limit} lb or less to move.")
        step("Movement: the movement table stops at a heavy load, so no movement rate applies (shown as 0).",
             rule="#movement-and-encumbrance")
    else:
        step(f"Movement table, row \"{row.armor}\", column \"{LOAD_NAMES[load]} load\": {movement}' per round.",
             rule="#movement-and-encumbrance")
        step(f"Movement per turn = {TURN_MOVE_MULTIPLE} × the rate per round = {TURN_MOVE_MULTIPLE} × {movement} "
             f"= {per_turn}'.", rule="#movement-and-encumbrance")
        step(f"Wilderness rate = 0.6 × feet per round = 0.6 × {movement} = {n(miles)} miles in an 8-hour day "
             f"of open, clear terrain.", rule="bfrpg/wilderness/#wilderness-movement-rates")
        note = (f"Lightly loaded: {movement}' per round." if load == "light" else
                f"Heavily loaded: {movement}' per round; lighten to {light_limit} lb or less for "
                f"{row.light}'.")
    return {
        "strength_bonus": bonus,
        "light_limit_lb": light_limit,
        "heavy_limit_lb": heavy_limit,
        "load": load,
        "movement_ft": movement,
        "movement_per_turn_ft": per_turn,
        "miles_per_day": miles,
        "note": note,
    }
