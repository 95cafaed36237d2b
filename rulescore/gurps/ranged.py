"""Ranged attacks (docs: gurps/attacking-and-defending.md#range-attacks): the speed/range table,
Aim, the target's size, and the chance to hit.

>>> range_modifier(25), range_modifier(2), aim_bonus(2, 3)
((-7, 30), (0, 2), 4)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from ..rolls import declare_roll
from .common import SYSTEM, roll_chart, rolled_success, skill_input
from .melee import attack_chances

RANGE_STEPS = (2, 3, 5, 7, 10, 15)  # then x10 each cycle
AIM_EXTRA = {0: 0, 1: 0, 2: 1}  # seconds of Aim -> bonus on top of Acc; 3 or more gives +2
AIM_EXTRA_MAX = 2


def range_entries() -> Iterator[tuple[int, int]]:
    """(distance in yards, modifier) for every entry of the speed/range table, without end."""
    index = 0
    scale = 1
    while True:
        for base in RANGE_STEPS:
            yield base * scale, -index
            index += 1
        scale *= 10


def range_modifier(yards: int | Fraction) -> tuple[int, int]:
    """(modifier, table entry used): the first entry at least as far as ``yards``."""
    yards = Fraction(yards)
    for entry, modifier in range_entries():
        if yards <= entry:
            return modifier, entry
    raise AssertionError("unreachable")  # pragma: no cover


def aim_bonus(accuracy: int, seconds: int) -> int:
    """Aim: the weapon's Acc after one second, +1 more after two, +2 after three or more."""
    if seconds <= 0:
        return 0
    return accuracy + AIM_EXTRA.get(seconds, AIM_EXTRA_MAX)


@declare_calculator(
    id="gurps.range_modifier",
    system=SYSTEM,
    title="Ranged attack: range, speed and size",
    summary="The speed/range modifier for a target's distance and speed, and your adjusted chance to hit.",
    page="gurps/attacking-and-defending/",
    inputs=[
        Input("distance_yd", "Distance to the target", "number", 10, unit="yd", min=0, max=1_000_000),
        Input("speed_yps", "Target's speed", "number", 0, unit="yd/s", min=0, max=100_000,
              help="leave at 0 for a target standing still"),
        skill_input("skill", "Ranged weapon skill", 12, "your base skill with the weapon"),
        Input("accuracy", "Weapon Accuracy (Acc)", "int", 2, min=0, max=20, help="counts only after an Aim"),
        Input("aim_seconds", "Seconds of Aim", "int", 0, min=0, max=10, help="leave at 0 if you did not Aim"),
        Input("size_modifier", "Target's Size Modifier (SM)", "int", 0, min=-15, max=15,
              help="a human-sized target is 0"),
        Input("other_modifier", "Other modifiers", "int", 0, min=-20, max=20,
              help="the total for rapid fire, movement, darkness, cover and the like"),
    ],
    outputs=[
        Output("range_modifier", "Speed/range modifier", max=0),
        Output("adjusted_skill", "Adjusted skill"),
        Output("hit_chance", "Attack roll succeeds", format="percent"),
        Output("critical_chance", "Critical hit", format="percent"),
    ],
)
def ranged_attack(step: Working, distance_yd: Fraction, speed_yps: Fraction, skill: int, accuracy: int,
                  aim_seconds: int, size_modifier: int, other_modifier: int) -> dict[str, Any]:
    """The speed/range modifier for a target's distance plus speed, and your skill adjusted for
    Aim, the target's Size Modifier, range and other modifiers, with the chance to hit (docs:
    gurps/attacking-and-defending.md#speedrange-table, #your-chance-to-hit).

    The page's example, 25 yd to a target moving 5 yd/s, skill 13, Acc 2 and three seconds of Aim:
    25 + 5 = 30 yd reads −7, and 13 + 4 for Aim − 7 = 10.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.range_modifier", {"distance_yd": 25, "speed_yps": 5, "skill": 13, "accuracy": 2,
    ...                                        "aim_seconds": 3})
    >>> r["range_modifier"], r["adjusted_skill"]
    (-7, 10)
    """
    combined = distance_yd + speed_yps
    modifier, entry = range_modifier(combined)
    if speed_yps:
        step(f"Speed/range: distance + speed = {n(distance_yd)} yd + {n(speed_yps)} yd/s = {n(combined)}.",
             rule="#speedrange-table")
    where = ("2 yards or less gives no penalty" if entry == 2 else
             f"the first table entry at least that far is {entry} yd")
    step(f"Speed/range table: for {n(combined)}, {where}: {signed(modifier)}.", rule="#speedrange-table")
    aim = aim_bonus(accuracy, aim_seconds)
    total = skill + aim + size_modifier + modifier + other_modifier
    aim_text = (f"{signed(aim)} for {aim_seconds} s of Aim (Acc {accuracy}"
                + (f" {signed(aim - accuracy)}" if aim > accuracy else "") + ")") if aim_seconds else "no Aim"
    step(f"Adjusted skill = skill {n(skill)}, {aim_text}, SM {signed(size_modifier)}, speed/range {signed(modifier)}, "
         f"other {signed(other_modifier)} = {n(total)}.", rule="#your-chance-to-hit")
    hit, critical = attack_chances(total)
    step(f"Attack roll: 3d6 against {n(total)} hits {pct(hit)} of the time, critically {pct(critical)}.",
         rule="#attack-roll")
    roll_chart(step, total, "", f"hits {pct(hit)} of the time, critically {pct(critical)}")
    return {"range_modifier": modifier, "adjusted_skill": total, "hit_chance": hit, "critical_chance": critical}


RANGE_TABLE_CYCLES = 3


@declare_table("gurps.speed_range")
def speed_range_table() -> TableContent:
    rows: list[tuple[int | str, str]] = []
    for entry, modifier in range_entries():
        if len(rows) == len(RANGE_STEPS) * RANGE_TABLE_CYCLES:
            break
        rows.append((f"{entry} or less" if entry == 2 else entry, signed(modifier)))
    return TableContent("Speed/range modifiers", ("Speed + range (yd), up to", "Modifier"), tuple(rows),
                        "Between two entries, use the farther one. The pattern goes on: each cycle is ten times the "
                        "last (200, 300, 500, 700, 1000, 1500 yd, and so on), one more −1 at each entry.")


@declare_roll("gurps.range_modifier", "3d6")
def resolve_ranged_attack(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The ranged attack roll made, against the adjusted skill.

    >>> from rulescore import resolve
    >>> r = resolve("gurps.range_modifier", {"distance_yd": 25, "speed_yps": 5, "skill": 13, "aim_seconds": 3},
    ...             dice=[3, 3, 4])
    >>> r["adjusted_skill"], r["outcome"], r["margin"]
    (10, 'success', 0)
    """
    return rolled_success(step, rolled, result["adjusted_skill"], "Attack roll")
