"""Classes and levels: the five saving throws by class and level, the race bonuses to them,
and the attack bonus by class and level. One table for each rule; the character sheet and
the importers read them from here.

docs: characters.md#basic-fantasy

A first-level human fighter saves vs. Death Ray on 12; a dwarf fighter of level 4 on 11 − 4:

>>> saving_throws("fighter", 1, "human")["death_ray"], saving_throws("fighter", 4, "dwarf")["death_ray"]
(12, 7)
>>> attack_bonus("fighter", 4), attack_bonus("magic-user", 4), attack_bonus("magic-user-thief", 5)
(3, 2, 3)

Combination classes (elves only) take the better of their two classes, save by save:

>>> saving_throws("fighter-magic-user", 1, "elf")
{'death_ray': 12, 'wands': 11, 'paralysis': 12, 'breath': 15, 'spells': 13}
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import TableContent, declare_table
from ..notation import signed, span

CLASSES = (("fighter", "Fighter"), ("cleric", "Cleric"), ("magic-user", "Magic-User"), ("thief", "Thief"),
           ("fighter-magic-user", "Fighter/Magic-User"), ("magic-user-thief", "Magic-User/Thief"))
CLASS_NAMES = dict(CLASSES)
BASIC_CLASSES = ("cleric", "fighter", "magic-user", "thief")
# A combination class takes the better figure of its two classes (the rulebook allows them to elves).
COMBINATIONS = {"fighter-magic-user": ("fighter", "magic-user"), "magic-user-thief": ("magic-user", "thief")}
LEVEL_RANGE = (1, 20)

SAVES = (("death_ray", "Death Ray or Poison"), ("wands", "Magic Wands"), ("paralysis", "Paralysis or Petrify"),
         ("breath", "Dragon Breath"), ("spells", "Spells"))
SAVE_NAMES = dict(SAVES)


class SaveRow(NamedTuple):
    """Saving throw targets from level ``low`` to ``high``: Death Ray, Wands, Paralysis, Breath, Spells."""

    low: int
    high: int
    targets: tuple[int, int, int, int, int]


def _rows(text: str) -> tuple[SaveRow, ...]:
    """Rows written "low-high: a b c d e; ..." (the rulebook's table, one class at a time)."""
    rows = []
    for part in text.split(";"):
        levels, numbers = part.split(":")
        low, _, high = levels.strip().partition("-")
        a, b, c, d, e = (int(x) for x in numbers.split())
        rows.append(SaveRow(int(low), int(high or low), (a, b, c, d, e)))
    return tuple(rows)


# Basic Fantasy RPG, class chapter: saving throws by class and level (roll this or higher on 1d20).
SAVE_TABLE = {
    "cleric": _rows("1: 11 12 14 16 15; 2-3: 10 11 13 15 14; 4-5: 9 10 13 15 14; 6-7: 9 10 12 14 13; "
                    "8-9: 8 9 12 14 13; 10-11: 8 9 11 13 12; 12-13: 7 8 11 13 12; 14-15: 7 8 10 12 11; "
                    "16-17: 6 7 10 12 11; 18-19: 6 7 9 11 10; 20: 5 6 9 11 10"),
    "fighter": _rows("1: 12 13 14 15 17; 2-3: 11 12 14 15 16; 4-5: 11 11 13 14 15; 6-7: 10 11 12 14 15; "
                     "8-9: 9 10 12 13 14; 10-11: 9 9 11 12 13; 12-13: 8 9 10 12 13; 14-15: 7 8 10 11 12; "
                     "16-17: 7 7 9 10 11; 18-19: 6 7 8 10 11; 20: 5 6 8 9 10"),
    "magic-user": _rows("1: 13 14 13 16 15; 2-3: 13 14 13 15 14; 4-5: 12 13 12 15 13; 6-7: 12 12 11 14 13; "
                        "8-9: 11 11 10 14 12; 10-11: 11 10 9 13 11; 12-13: 10 10 9 13 11; 14-15: 10 9 8 12 10; "
                        "16-17: 9 8 7 12 9; 18-19: 9 7 6 11 9; 20: 8 6 5 11 8"),
    "thief": _rows("1: 13 14 13 16 15; 2-3: 12 14 12 15 14; 4-5: 11 13 12 14 13; 6-7: 11 13 11 13 13; "
                   "8-9: 10 12 11 12 12; 10-11: 9 12 10 11 11; 12-13: 9 10 10 10 11; 14-15: 8 10 9 9 10; "
                   "16-17: 7 9 9 8 9; 18-19: 7 9 8 7 9; 20: 6 8 8 6 8"),
}

# Race bonuses to the saving throw roll (the rulebook's races chapter), in the order of SAVES.
RACE_SAVE_BONUS = {"human": (0, 0, 0, 0, 0), "elf": (0, 2, 1, 0, 2), "dwarf": (4, 4, 4, 3, 4),
                   "halfling": (4, 4, 4, 3, 4)}

# Attack bonus by level: (bonus, fighter levels, cleric or thief levels, magic-user levels).
ATTACK_ROWS = ((1, (1, 1), (1, 2), (1, 3)), (2, (2, 3), (3, 4), (4, 5)), (3, (4, 4), (5, 6), (6, 8)),
               (4, (5, 6), (7, 8), (9, 12)), (5, (7, 7), (9, 11), (13, 15)), (6, (8, 10), (12, 14), (16, 18)),
               (7, (11, 12), (15, 17), (19, 20)), (8, (13, 15), (18, 20), None), (9, (16, 17), None, None),
               (10, (18, 20), None, None))
_ATTACK_COLUMN = {"fighter": 1, "cleric": 2, "thief": 2, "magic-user": 3}


def _basic_saves(class_id: str, level: int) -> tuple[int, ...]:
    for row in SAVE_TABLE[class_id]:
        if row.low <= level <= row.high:
            return row.targets
    raise ValueError(f"levels run from {LEVEL_RANGE[0]} to {LEVEL_RANGE[1]}, not {level}")


def class_saves(class_id: str, level: int) -> dict[str, int]:
    """The class's saving throw targets at ``level`` (the better of two for a combination class),
    before any race bonus."""
    parts = COMBINATIONS.get(class_id, (class_id,))
    best = [min(values) for values in zip(*(_basic_saves(part, level) for part in parts), strict=True)]
    return {name: target for (name, _), target in zip(SAVES, best, strict=True)}


def saving_throws(class_id: str, level: int, race: str) -> dict[str, int]:
    """The five targets a character rolls against on 1d20, the race bonus taken off each (a
    dwarf's +4 vs. Death Ray makes a 12 an 8). A natural 1 still fails, a natural 20 still
    succeeds (rulescore.bfrpg.saves)."""
    saves = class_saves(class_id, level)
    return {name: saves[name] - bonus for (name, _), bonus in zip(SAVES, RACE_SAVE_BONUS[race], strict=True)}


def attack_bonus(class_id: str, level: int) -> int:
    """The attack bonus at ``level`` (the better of two for a combination class)."""
    best = 0
    for part in COMBINATIONS.get(class_id, (class_id,)):
        column = _ATTACK_COLUMN[part]
        for row in ATTACK_ROWS:
            levels = row[column]
            if isinstance(levels, tuple) and levels[0] <= level <= levels[1]:
                best = max(best, row[0])
    return best


@declare_table("bfrpg.saving_throws")
def saving_throws_table() -> TableContent:
    rows = tuple((CLASS_NAMES[class_id], span(row.low, row.high), *row.targets)
                 for class_id in BASIC_CLASSES for row in SAVE_TABLE[class_id])
    return TableContent("Saving throws by class and level", ("Class", "Level", *SAVE_NAMES.values()), rows,
                        "Roll 1d20 and get the number or more. A natural 1 always fails and a natural 20 always "
                        "succeeds. Fighter/Magic-Users and Magic-User/Thieves take the better number of their "
                        "two classes.")


@declare_table("bfrpg.race_save_bonus")
def race_save_bonus_table() -> TableContent:
    rows = tuple((race.capitalize(), *(signed(bonus) for bonus in bonuses))
                 for race, bonuses in RACE_SAVE_BONUS.items())
    return TableContent("Race bonuses to saving throws", ("Race", *SAVE_NAMES.values()), rows,
                        "Added to the roll; on a character sheet they lower the number to roll.")


@declare_table("bfrpg.attack_bonus")
def attack_bonus_table() -> TableContent:
    def levels(value: tuple[int, int] | None) -> str:
        return "—" if value is None else span(*value)

    rows = tuple((levels(fighter), levels(cleric_thief), levels(magic_user), signed(bonus))
                 for bonus, fighter, cleric_thief, magic_user in ATTACK_ROWS)
    return TableContent("Attack bonus by class and level", ("Fighter", "Cleric or Thief", "Magic-User",
                                                            "Attack bonus"), rows,
                        "Combination classes take the better bonus of their two classes.")
