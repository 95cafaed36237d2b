"""Encumbrance (docs: shell/encumbrance.md): maximum encumbrance for ST, the encumbrance
level (EL) of a load, overweight characters, and what each level costs, including the rounds
of combat per point of END (combat fatigue, docs: shell/fatigue-and-recovery.md#combat-fatigue),
which combat values and fatigue read from here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text, signed
from .common import CHART_RANGE, SYSTEM, max_encumbrance


class EncumbranceLevel(NamedTuple):
    level: int  # EL
    share: Fraction  # the heaviest load of this level, as a share of maximum encumbrance


ENCUMBRANCE_LEVELS = (EncumbranceLevel(0, Fraction(1, 10)), EncumbranceLevel(1, Fraction(2, 10)),
                      EncumbranceLevel(2, Fraction(3, 10)), EncumbranceLevel(3, Fraction(6, 10)),
                      EncumbranceLevel(4, Fraction(1)))
OVERWEIGHT_FRACTION = Fraction(3, 4)

# Combat fatigue: rounds of moving, attacking or defending per point of END, by EL
ROUNDS_PER_END = {0: 25, 1: 20, 2: 15, 3: 10, 4: 5}


def encumbrance_level(load: Fraction | int, maximum: int) -> int | None:
    """EL 0-4 for a load against maximum encumbrance, or None when it is over the maximum.

    >>> encumbrance_level(70, 260), encumbrance_level(261, 260)
    (2, None)
    """
    for row in ENCUMBRANCE_LEVELS:
        if Fraction(load) <= row.share * maximum:
            return row.level
    return None


@declare_calculator(
    id="shell.encumbrance",
    system=SYSTEM,
    title="Encumbrance level",
    summary="Maximum encumbrance for ST, the encumbrance level (EL) of a load, and what the level costs "
            "in initiative, MV points, dodging and combat fatigue.",
    page="shell/encumbrance/",
    inputs=[
        Input("st", "ST", "int", 10, min=CHART_RANGE.low, max=CHART_RANGE.high,
              help="the Primary Attribute Chart covers ST 7 to 20"),
        Input("load_lb", "Load carried", "number", 30, unit="lb", min=0, max=2000,
              help="everything carried, armour included"),
        Input("body_weight_lb", "Body weight", "number", 0, unit="lb", min=0, max=2000,
              help="only the part over 75% of maximum encumbrance counts; leave at 0 to leave it out"),
    ],
    outputs=[
        Output("max_encumbrance_lb", "Maximum encumbrance", "lb", min=140, max=800),
        Output("overweight_lb", "Body weight counted", "lb", min=0),
        Output("encumbrance_lb", "Total encumbrance", "lb", min=0),
        Output("percent_of_max", "Share of maximum", format="share", min=0),
        Output("encumbrance_level", "Encumbrance level (EL)", min=0, max=4),
        Output("initiative_modifier", "Initiative", min=-8, max=0),
        Output("mv_points_modifier", "MV points", min=-4, max=0),
        Output("dodge_modifier", "Dodge DEF", "", "a dodge always loses 1 + EL", min=-5, max=-1),
        Output("rounds_per_end", "Rounds per END point", "rounds", min=5, max=25),
        Output("limit_el0_lb", "EL 0 up to", "lb", min=14, max=80),
        Output("limit_el1_lb", "EL 1 up to", "lb", min=28, max=160),
        Output("limit_el2_lb", "EL 2 up to", "lb", min=42, max=240),
        Output("limit_el3_lb", "EL 3 up to", "lb", min=84, max=480),
        Output("can_carry", "Can carry it"),
    ],
)
def encumbrance(step: Working, st: int, load_lb: Fraction, body_weight_lb: Fraction) -> dict[str, Any]:
    """The encumbrance level (EL) of a load for a given ST: the load, plus any body weight
    over 75% of maximum encumbrance, against the EL limits (10%, 20%, 30%, 60% and 100% of
    maximum encumbrance), and what that level costs in initiative, MV points, dodge DEF and
    combat fatigue (docs: shell/encumbrance.md#encumbrance-level).

    >>> from rulescore import calculate
    >>> loaded = calculate("shell.encumbrance", {"st": 12, "load_lb": 70})
    >>> loaded["max_encumbrance_lb"], loaded["encumbrance_level"], loaded["initiative_modifier"]
    (260, 2, -4)
    >>> calculate("shell.encumbrance", {"st": 10, "load_lb": 20, "body_weight_lb": 190})["overweight_lb"]
    40
    """
    maximum = max_encumbrance(st)
    step(f"Maximum encumbrance for ST {st} (Primary Attribute Chart) = {maximum} lb.", rule="#maximum-encumbrance")
    overweight = None  # body weight not given: the output does not apply
    if body_weight_lb:
        threshold = OVERWEIGHT_FRACTION * maximum
        overweight = max(Fraction(0), body_weight_lb - threshold)
        step(f"Overweight: body weight {n(body_weight_lb)} lb against 75% of maximum = {n(threshold)} lb, "
             + (f"so {n(overweight)} lb of it counts as encumbrance." if overweight else "so none of it counts."),
             rule="#overweight-characters")
    total = load_lb + (overweight or 0)
    share = total / maximum
    limits = {row.level: row.share * maximum for row in ENCUMBRANCE_LEVELS}
    found = encumbrance_level(total, maximum)
    can_carry = found is not None
    if found is not None:
        level = found
        step(f"Encumbrance {n(total)} lb is {percent_text(share)} of {maximum} lb, within "
             f"{percent_text(ENCUMBRANCE_LEVELS[level].share)} ({n(limits[level])} lb): EL {level}.",
             rule="#encumbrance-level")
    else:
        level = 4
        step(f"Encumbrance {n(total)} lb is {percent_text(share)} of {maximum} lb, over the maximum: the character "
             f"cannot carry it. The figures below are those of EL 4, the heaviest level.", rule="#maximum-encumbrance")
    rounds = ROUNDS_PER_END[level]
    step(f"EL {level}: initiative − 2 × EL = {signed(-2 * level)}; MV points − EL = {signed(-level)}; "
         f"dodge DEF − (1 + EL) = {signed(-(1 + level))}; 1 END every {rounds} rounds of combat.",
         rule="#what-the-level-does")
    return {
        "max_encumbrance_lb": maximum, "overweight_lb": overweight, "encumbrance_lb": total,
        "percent_of_max": share, "encumbrance_level": level, "initiative_modifier": -2 * level,
        "mv_points_modifier": -level, "dodge_modifier": -(1 + level), "rounds_per_end": rounds,
        "limit_el0_lb": limits[0], "limit_el1_lb": limits[1], "limit_el2_lb": limits[2],
        "limit_el3_lb": limits[3], "can_carry": can_carry,
    }


@declare_table("shell.encumbrance_levels")
def encumbrance_levels_table() -> TableContent:
    rows = tuple((row.level, percent_text(row.share), signed(-2 * row.level), signed(-row.level),
                  signed(-(1 + row.level)), ROUNDS_PER_END[row.level]) for row in ENCUMBRANCE_LEVELS)
    return TableContent("Encumbrance levels", ("EL", "Load up to (of maximum)", "Initiative", "MV points",
                                               "Dodge DEF", "Rounds per END"), rows,
                        "A load exactly on a limit belongs to that level. The dodge column includes the −1 every "
                        "dodge takes.")
