"""Encumbrance and Move (docs: gurps/encumbrance.md): Basic Lift, the five encumbrance levels,
Move and Dodge under a load, and loads over Extra-Heavy. The other feats take their
encumbrance input and their encumbered Move from here.

Limits are compared in exact arithmetic (Fractions): a load exactly at a limit is inside it.

>>> basic_lift(6), basic_lift(12)
(Fraction(36, 5), Fraction(29, 1))
>>> encumbrance_level(Fraction(576, 10), Fraction(29)), encumbered_move(5, 1)
(1, 4)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from .common import SYSTEM


class EncumbranceLevel(NamedTuple):
    level: int
    name: str
    multiple: int  # heaviest load, as a multiple of Basic Lift
    move_factor: Fraction  # Move multiplier


ENCUMBRANCE_LEVELS = (
    EncumbranceLevel(0, "None", 1, Fraction(1)),
    EncumbranceLevel(1, "Light", 2, Fraction(8, 10)),
    EncumbranceLevel(2, "Medium", 3, Fraction(6, 10)),
    EncumbranceLevel(3, "Heavy", 6, Fraction(4, 10)),
    EncumbranceLevel(4, "Extra-Heavy", 10, Fraction(2, 10)),
)
CARRY_ON_BACK_MULTIPLE = 15  # more than Extra-Heavy, at 1 FP a second
SHIFT_SLIGHTLY_MULTIPLE = 50
EXTRA_HEAVY_MULTIPLE = 10
TOO_HEAVY_TO_CARRY = "Too heavy to carry"

# Our reading of loads over 10 x BL, in the one wording every calculator that takes a load shows
# (and the Encumbrance and Lifting pages quote). The table stops at Extra-Heavy (10 x BL), but the
# carry-on-back rule lets you carry up to 15 x BL and calls a load over 10 x BL Extra-Heavy.
OVER_10_BL_SENTENCE = ("A load over 10 × BL, up to the 15 × BL you can carry on your back, counts as "
                       "Extra-Heavy (Move × 0.2, at least 1; Dodge −4) and costs 1 FP every second; over 15 × BL "
                       "you cannot carry it at all, so your Move with it is 0.")
OVER_10_BL_READING = "Our reading: " + OVER_10_BL_SENTENCE[0].lower() + OVER_10_BL_SENTENCE[1:]

ENCUMBRANCE_LEVEL_HELP = "None is 0, Light 1, Medium 2, Heavy 3, Extra-Heavy 4"
LIFTING_ST_MAX = 100  # extra ST for Basic Lift only (the Lifting ST trait)
DODGE_BONUS_MAX = 10  # Dodge from traits (Combat Reflexes, Enhanced Dodge...)


def lifting_st_input() -> Input:
    """Extra ST for Basic Lift only, which encumbrance and lifting share (0 for most people)."""
    return Input("lifting_st", "Lifting ST", "int", 0, min=0, max=LIFTING_ST_MAX,
                 help="extra ST for Basic Lift only, from a trait; 0 for most people")


def dodge_bonus_input() -> Input:
    """Dodge added by traits, which encumbrance and the defences share."""
    return Input("dodge_bonus", "Dodge bonus", "int", 0, min=0, max=DODGE_BONUS_MAX,
                 help="from traits such as Combat Reflexes (+1) or Enhanced Dodge; 0 for most people")


def basic_lift(st: int, step: Working | None = None) -> Fraction:
    """Basic Lift = ST x ST / 5 lb; from 10 lb up it is rounded to the nearest pound."""
    raw = Fraction(st * st, 5)
    # ST x ST / 5 always ends in .0, .2, .4, .6 or .8, so there is never a half to break.
    bl = Fraction(math.floor(raw + Fraction(1, 2))) if raw >= 10 else raw
    if step is not None:
        rounded = f", rounded to {n(bl)}" if bl != raw else ""
        kept = " (under 10 lb it keeps its fraction)" if raw < 10 and raw.denominator != 1 else ""
        step(f"Basic Lift = ST × ST / 5 = {st} × {st} / 5 = {n(raw)}{rounded} lb{kept}.",
             rule="gurps/encumbrance/#basic-lift")
    return bl


def lifting_basic_lift(st: int, lifting_st: int, step: Working) -> Fraction:
    """Basic Lift with Lifting ST added to ST for lifting only, with the step that says so.

    >>> lifting_basic_lift(12, 3, Working())
    Fraction(45, 1)
    """
    if lifting_st:
        step(f"Lifting ST {lifting_st}: Basic Lift uses ST {st} + {lifting_st} = {st + lifting_st} "
             f"(ST for everything else stays {st}).", rule="gurps/encumbrance/#basic-lift")
    return basic_lift(st + lifting_st, step)


def encumbrance_level(load: Fraction, bl: Fraction) -> int | None:
    """The level (0-4) whose limit holds the load, or None when it exceeds 10 x BL."""
    for row in ENCUMBRANCE_LEVELS:
        if load <= row.multiple * bl:
            return row.level
    return None


def encumbered_move(basic_move: int, level: int) -> int:
    """Move at an encumbrance level: fractions dropped, never pushed below 1 by encumbrance."""
    reduced = math.floor(basic_move * ENCUMBRANCE_LEVELS[level].move_factor)
    # Our reading: encumbrance cannot lower Move below 1, but a Basic Move of 0 stays 0.
    return max(reduced, 1) if basic_move >= 1 else 0


def encumbered_dodge(basic_speed: Fraction, level: int, bonus: int = 0) -> int:
    """Dodge = Basic Speed + 3, fractions dropped, + any bonus from traits − encumbrance level;
    never below 1."""
    return max(math.floor(basic_speed) + 3 + bonus - level, 1)


def dodge_step(step: Working, basic_speed: Fraction, level: int, bonus: int, rule: str) -> int:
    """Dodge at an encumbrance level with the step that shows it (encumbrance and defences)."""
    dodge = encumbered_dodge(basic_speed, level, bonus)
    plus = f" + {bonus} from traits" if bonus else ""
    step(f"Dodge = Basic Speed + 3, fractions dropped{', + bonus' if bonus else ''}, − encumbrance level = "
         f"{n(basic_speed)} + 3 → {math.floor(basic_speed) + 3}{plus} − {level} = {dodge}"
         + (" (never below 1)." if math.floor(basic_speed) + 3 + bonus - level < 1 else "."), rule=rule)
    return dodge


def encumbrance_input(default: int = 0) -> Input:
    """The encumbrance level input that running, swimming, hiking and climbing share."""
    return Input("encumbrance_level", "Encumbrance level", "int", default, min=0, max=4,
                 help=ENCUMBRANCE_LEVEL_HELP)


def level_name(level: int) -> str:
    return f"{ENCUMBRANCE_LEVELS[level].name} ({level})"


def encumbered_move_step(step: Working, basic_move: int, level: int) -> int:
    """Move at an encumbrance level, with the step that shows it (for the other feats' pages)."""
    move = encumbered_move(basic_move, level)
    factor = ENCUMBRANCE_LEVELS[level].move_factor
    floor_note = " (a load never lowers Move below 1)" if move > math.floor(basic_move * factor) else ""
    step(f"Move = Basic Move × {n(factor)} for {level_name(level)} encumbrance, fractions dropped "
         f"= {basic_move} × {n(factor)} = {n(basic_move * factor)} → {move} yd/s{floor_note}.",
         rule="gurps/encumbrance/#move-and-dodge")
    return move


def _move_step(step: Working, basic_move: int, level: int, move: int) -> None:
    factor = ENCUMBRANCE_LEVELS[level].move_factor
    floor_note = " (encumbrance never lowers Move below 1)" if move > math.floor(basic_move * factor) else ""
    step(f"Move = Basic Move × {n(factor)}, fractions dropped = {basic_move} × {n(factor)} "
         f"= {n(basic_move * factor)} → {move} yd/s{floor_note}.", rule="#move-and-dodge")


@declare_calculator(
    id="gurps.encumbrance",
    system=SYSTEM,
    title="Encumbrance and Move",
    summary="Basic Lift, the load limit of each encumbrance level, and the Move and Dodge your load leaves you.",
    page="gurps/encumbrance/",
    inputs=[
        Input("st", "ST", "int", 10, min=1, max=1000, help="Strength"),
        Input("basic_speed", "Basic Speed", "number", 5, min=0, max=100, step=Fraction(1, 4),
              help="(DX + HT) / 4, fractions kept"),
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100,
              derived="Basic Speed with fractions dropped",
              derive=lambda values: math.floor(values["basic_speed"])),
        Input("load_lb", "Load carried", "number", 25, unit="lb", min=0, max=1_000_000,
              help="everything you carry, armour included"),
        lifting_st_input(),
        dodge_bonus_input(),
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb", min=0),
        Output("encumbrance_level", "Encumbrance level", "", "0 (None) to 4 (Extra-Heavy)", min=0, max=4),
        Output("encumbrance", "Encumbrance"),
        Output("move", "Move", "yd/s", min=0),
        Output("dodge", "Dodge", min=1),
        Output("limit_none_lb", "None up to", "lb", min=0),
        Output("limit_light_lb", "Light up to", "lb", min=0),
        Output("limit_medium_lb", "Medium up to", "lb", min=0),
        Output("limit_heavy_lb", "Heavy up to", "lb", min=0),
        Output("limit_extra_heavy_lb", "Extra-Heavy up to", "lb", min=0),
        Output("carry_on_back_lb", "Carry on back up to", "lb", min=0),
        Output("note", "What the rules allow"),
    ],
)
def encumbrance(step: Working, st: int, basic_speed: Fraction, basic_move: int, load_lb: Fraction,
                lifting_st: int, dodge_bonus: int) -> dict[str, Any]:
    """Basic Lift, the load limits, the encumbrance level of a load, and the Move and Dodge it
    leaves; loads over 10 × BL as our reading has them (docs: gurps/encumbrance.md#basic-lift,
    #the-five-encumbrance-levels, #move-and-dodge, #loads-over-extra-heavy).

    The page's example, ST 12, Basic Speed 5.75 and a 57.6 lb load: BL 28.8 lb,
    rounded to 29; the load is within 2 × BL, so Light: Move 5 × 0.8 = 4, Dodge 5 + 3 − 1 = 7.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.encumbrance", {"st": 12, "basic_speed": "5.75", "load_lb": "57.6"})
    >>> r["basic_lift_lb"], r["encumbrance"], r["move"], r["dodge"]
    (29, 'Light', 4, 7)

    Lifting ST counts for Basic Lift only; a Dodge bonus from traits adds to Dodge:

    >>> r = calculate("gurps.encumbrance", {"st": 12, "basic_speed": "5.75", "load_lb": "40", "lifting_st": 3,
    ...                                     "dodge_bonus": 1})
    >>> r["basic_lift_lb"], r["encumbrance"], r["move"], r["dodge"]
    (45, 'None', 5, 9)
    """
    bl = lifting_basic_lift(st, lifting_st, step)
    limits = {row.name: row.multiple * bl for row in ENCUMBRANCE_LEVELS}
    step("Load limits = 1, 2, 3, 6 and 10 × BL: "
         + ", ".join(f"{name} {n(limit)} lb" for name, limit in limits.items()) + ".",
         rule="#the-five-encumbrance-levels")
    level = encumbrance_level(load_lb, bl)
    on_back = CARRY_ON_BACK_MULTIPLE * bl
    if level is None and load_lb <= on_back:
        # Over 10 x BL but within what you can carry on your back: Extra-Heavy, at 1 FP a second.
        level = 4
        name = "Extra-Heavy, over 10 × BL"
        move = encumbered_move(basic_move, level)
        step(f"Encumbrance: {n(load_lb)} lb is over 10 × BL = {n(limits['Extra-Heavy'])} lb but within "
             f"15 × BL = {n(on_back)} lb, what you can carry on your back: Extra-Heavy (4), losing 1 FP "
             f"every second.", rule="#loads-over-extra-heavy")
        _move_step(step, basic_move, level, move)
        step(OVER_10_BL_READING, rule="#loads-over-extra-heavy")
        note = (f"{n(load_lb)} lb is more than 10 × BL ({n(limits['Extra-Heavy'])} lb): on your back, "
                f"Move {move}, −4 to Dodge, and 1 FP lost every second. " + OVER_10_BL_READING)
    elif level is None:
        # More than the rules let anyone carry: no Move with it, whatever the Basic Move.
        level = 4
        name = TOO_HEAVY_TO_CARRY
        move = 0
        note = (f"{n(load_lb)} lb is more than you can carry on your back (15 × BL = {n(on_back)} lb); "
                f"braced well, you might shift or rock up to 50 × BL ({n(SHIFT_SLIGHTLY_MULTIPLE * bl)} lb). "
                + OVER_10_BL_READING)
        step(f"Encumbrance: {n(load_lb)} lb is over 15 × BL = {n(on_back)} lb, more than you can carry, "
             f"so Move with it is 0.", rule="#loads-over-extra-heavy")
        step(OVER_10_BL_READING, rule="#loads-over-extra-heavy")
    else:
        row = ENCUMBRANCE_LEVELS[level]
        name = row.name
        step(f"Encumbrance: {n(load_lb)} lb is within {row.multiple} × BL = {n(row.multiple * bl)} lb, "
             f"so the level is {name} ({level}).", rule="#the-five-encumbrance-levels")
        move = encumbered_move(basic_move, level)
        _move_step(step, basic_move, level, move)
        note = (f"{name} encumbrance: Move {move}; −{level} to Dodge, Climbing and Stealth; "
                f"−{2 * level} to Swimming." if level else "No encumbrance: full Move and Dodge, no penalties.")
    dodge: int | None
    if name == TOO_HEAVY_TO_CARRY:
        dodge = None  # nobody carries such a load, so there is no Dodge under it to give
    else:
        dodge = dodge_step(step, basic_speed, level, dodge_bonus, "gurps/encumbrance/#move-and-dodge")
    return {
        "basic_lift_lb": bl,
        "encumbrance_level": level,
        "encumbrance": name,
        "move": move,
        "dodge": dodge,
        "limit_none_lb": limits["None"],
        "limit_light_lb": limits["Light"],
        "limit_medium_lb": limits["Medium"],
        "limit_heavy_lb": limits["Heavy"],
        "limit_extra_heavy_lb": limits["Extra-Heavy"],
        "carry_on_back_lb": CARRY_ON_BACK_MULTIPLE * bl,
        "note": note,
    }


@declare_table("gurps.encumbrance_levels")
def encumbrance_levels_table() -> TableContent:
    rows = tuple(
        (row.level, row.name, f"{row.multiple} × BL" if row.multiple > 1 else "BL",
         f"Basic Move × {n(row.move_factor)}", f"−{row.level}" if row.level else "none")
        for row in ENCUMBRANCE_LEVELS
    )
    return TableContent("Encumbrance levels", ("Level", "Encumbrance", "Load up to", "Move", "Dodge penalty"), rows,
                        "Drop fractions. Encumbrance never lowers Move or Dodge below 1.")


MOVE_TABLE_BASIC_MOVES = tuple(range(1, 13))


@declare_table("gurps.move_by_encumbrance")
def move_by_encumbrance_table() -> TableContent:
    """Move and Dodge by encumbrance, for the quick look-up table."""
    columns = ("Basic Move",) + tuple(f"{row.name} ({row.level})" for row in ENCUMBRANCE_LEVELS)
    rows = tuple((bm,) + tuple(encumbered_move(bm, row.level) for row in ENCUMBRANCE_LEVELS)
                 for bm in MOVE_TABLE_BASIC_MOVES)
    return TableContent("Move at each encumbrance level", columns, rows,
                        "Fractions dropped; a load never lowers Move below 1. Dodge loses the level number "
                        "(0 to −4), and never falls below 1 either.")
