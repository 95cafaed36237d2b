"""GURPS Lite game mechanics: encumbrance and Move, jumping.

Limits are compared in exact arithmetic (Fractions): a load exactly at a limit is inside it.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import dice
from .core import Input, Output, calculator, number_text as n, table

SYSTEM = "GURPS Lite"

# (level, name, heaviest load as a multiple of Basic Lift, Move multiplier)
ENCUMBRANCE_LEVELS = (
    (0, "None", 1, Fraction(1)),
    (1, "Light", 2, Fraction(8, 10)),
    (2, "Medium", 3, Fraction(6, 10)),
    (3, "Heavy", 6, Fraction(4, 10)),
    (4, "Extra-Heavy", 10, Fraction(2, 10)),
)
CARRY_ON_BACK_MULTIPLE = 15  # more than Extra-Heavy, at 1 FP a second
SHIFT_SLIGHTLY_MULTIPLE = 50


# Thrust and swing damage by ST, (dice, adds). Only ST 1-20 is sourced; nothing is extrapolated.
_DAMAGE_ROWS = (  # (lowest ST, highest ST, thrust, swing)
    (1, 2, (1, -6), (1, -5)), (3, 4, (1, -5), (1, -4)), (5, 6, (1, -4), (1, -3)), (7, 8, (1, -3), (1, -2)),
    (9, 9, (1, -2), (1, -1)), (10, 10, (1, -2), (1, 0)), (11, 11, (1, -1), (1, 1)), (12, 12, (1, -1), (1, 2)),
    (13, 13, (1, 0), (2, -1)), (14, 14, (1, 0), (2, 0)), (15, 15, (1, 1), (2, 1)), (16, 16, (1, 1), (2, 2)),
    (17, 17, (1, 2), (3, -1)), (18, 18, (1, 2), (3, 0)), (19, 19, (2, -1), (3, 1)), (20, 20, (2, -1), (3, 2)),
)
DAMAGE_ST_RANGE = (1, 20)


def dice_text(dice_count: int, adds: int) -> str:
    """GURPS dice notation: (1, -2) -> "1d-2", (2, 0) -> "2d", (1, 1) -> "1d+1"."""
    return f"{dice_count}d" + (f"{adds:+d}" if adds else "")


def damage_for_st(st: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """((thrust dice, adds), (swing dice, adds)) for ST 1-20."""
    for low, high, thrust, swing in _DAMAGE_ROWS:
        if low <= st <= high:
            return thrust, swing
    raise ValueError(f"the damage table covers ST {DAMAGE_ST_RANGE[0]}-{DAMAGE_ST_RANGE[1]}, not {st}")


@table("gurps.damage_by_st")
def damage_table():
    rows = tuple((f"{low}" if low == high else f"{low}-{high}", dice_text(*thrust), dice_text(*swing))
                 for low, high, thrust, swing in _DAMAGE_ROWS)
    return ("Basic damage by ST", ("ST", "Thrust", "Swing"), rows,
            "The sources give the table up to ST 20 only.")


def roll_outcome(roll: int, effective_skill: int) -> str:
    """What a 3d6 roll against effective skill gives, criticals included."""
    if roll <= 4 or (roll == 5 and effective_skill >= 15) or (roll == 6 and effective_skill >= 16):
        return "critical success"
    if roll == 18 or (roll == 17 and effective_skill <= 15) or roll - effective_skill >= 10:
        return "critical failure"
    if roll >= 17 or roll > effective_skill:
        return "failure"
    return "success"


def success_odds(effective_skill: int) -> dict[str, Fraction]:
    """Exact chances of each outcome on 3d6; "success" includes critical successes."""
    odds = {"critical success": Fraction(0), "success": Fraction(0), "failure": Fraction(0),
            "critical failure": Fraction(0)}
    for roll, p in dice.distribution(3, 6).items():
        odds[roll_outcome(roll, effective_skill)] += p
    odds["success"] += odds["critical success"]
    return odds


def basic_lift(st: int, step=None) -> Fraction:
    """Basic Lift = ST x ST / 5 lb; from 10 lb up it is rounded to the nearest pound."""
    raw = Fraction(st * st, 5)
    # ST x ST / 5 always ends in .0, .2, .4, .6 or .8, so there is never a half to break.
    bl = Fraction(math.floor(raw + Fraction(1, 2))) if raw >= 10 else raw
    if step:
        rounded = f", rounded to {n(bl)}" if bl != raw else ""
        kept = " (under 10 lb it keeps its fraction)" if raw < 10 and raw.denominator != 1 else ""
        step(f"Basic Lift = ST × ST / 5 = {st} × {st} / 5 = {n(raw)}{rounded} lb{kept}.")
    return bl


def encumbrance_level(load: Fraction, bl: Fraction):
    """The level (0-4) whose limit holds the load, or None when it exceeds 10 x BL."""
    for level, _, multiple, _ in ENCUMBRANCE_LEVELS:
        if load <= multiple * bl:
            return level
    return None


def encumbered_move(basic_move: int, level: int) -> int:
    """Move at an encumbrance level: fractions dropped, never pushed below 1 by encumbrance."""
    reduced = math.floor(basic_move * ENCUMBRANCE_LEVELS[level][3])
    # Our reading: encumbrance cannot lower Move below 1, but a Basic Move of 0 stays 0.
    return max(reduced, 1) if basic_move >= 1 else 0


def encumbered_dodge(basic_speed: Fraction, level: int) -> int:
    return max(math.floor(basic_speed) + 3 - level, 1)


@calculator(
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
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb"),
        Output("encumbrance_level", "Encumbrance level", "", "0 (None) to 4 (Extra-Heavy)"),
        Output("encumbrance", "Encumbrance"),
        Output("move", "Move", "yd/s"),
        Output("dodge", "Dodge"),
        Output("limit_none_lb", "None up to", "lb"),
        Output("limit_light_lb", "Light up to", "lb"),
        Output("limit_medium_lb", "Medium up to", "lb"),
        Output("limit_heavy_lb", "Heavy up to", "lb"),
        Output("limit_extra_heavy_lb", "Extra-Heavy up to", "lb"),
        Output("carry_on_back_lb", "Carry on back up to", "lb"),
        Output("note", "What the rules allow"),
    ],
)
def encumbrance(step, st, basic_speed, basic_move, load_lb):
    bl = basic_lift(st, step)
    limits = {name: multiple * bl for _, name, multiple, _ in ENCUMBRANCE_LEVELS}
    step("Load limits = 1, 2, 3, 6 and 10 × BL: "
         + ", ".join(f"{name} {n(limit)} lb" for name, limit in limits.items()) + ".")
    level = encumbrance_level(load_lb, bl)
    over = level is None
    if over:
        # The rules stop at Extra-Heavy; past it nobody walks, whatever their Basic Move.
        level = 4
        name = "Over Extra-Heavy"
        move = 0
        on_back = CARRY_ON_BACK_MULTIPLE * bl
        if load_lb <= on_back:
            note = (f"{n(load_lb)} lb is more than 10 × BL ({n(limits['Extra-Heavy'])} lb): you cannot move with it. "
                    f"You can hold it on your back (up to 15 × BL = {n(on_back)} lb), losing 1 FP every second you do.")
        else:
            note = (f"{n(load_lb)} lb is more than you can carry on your back (15 × BL = {n(on_back)} lb). "
                    f"You cannot move with it; braced well, you might shift or rock up to 50 × BL "
                    f"({n(SHIFT_SLIGHTLY_MULTIPLE * bl)} lb).")
        step(f"Encumbrance: {n(load_lb)} lb is over 10 × BL = {n(limits['Extra-Heavy'])} lb, "
             f"so no encumbrance level applies and Move is 0.")
    else:
        _, name, multiple, factor = ENCUMBRANCE_LEVELS[level]
        step(f"Encumbrance: {n(load_lb)} lb is within {multiple} × BL = {n(multiple * bl)} lb, "
             f"so the level is {name} ({level}).")
        move = encumbered_move(basic_move, level)
        floor_note = " (encumbrance never lowers Move below 1)" if move > math.floor(basic_move * factor) else ""
        step(f"Move = Basic Move × {n(factor)}, fractions dropped = {basic_move} × {n(factor)} "
             f"= {n(basic_move * factor)} → {move} yd/s{floor_note}.")
        note = (f"{name} encumbrance: Move {move}; −{level} to Dodge, Climbing and Stealth; "
                f"−{2 * level} to Swimming." if level else "No encumbrance: full Move and Dodge, no penalties.")
    dodge = encumbered_dodge(basic_speed, level)
    step(f"Dodge = Basic Speed + 3, fractions dropped, − encumbrance level = "
         f"{n(basic_speed)} + 3 → {math.floor(basic_speed) + 3} − {level} = {dodge}"
         + (" (never below 1)." if math.floor(basic_speed) + 3 - level < 1 else "."))
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


@table("gurps.encumbrance_levels")
def encumbrance_levels_table():
    rows = tuple(
        (level, name, f"{multiple} × BL" if multiple > 1 else "BL", f"Basic Move × {n(factor)}",
         f"−{level}" if level else "none")
        for level, name, multiple, factor in ENCUMBRANCE_LEVELS
    )
    return ("Encumbrance levels", ("Level", "Encumbrance", "Load up to", "Move", "Dodge penalty"), rows,
            "Drop fractions. Encumbrance never lowers Move or Dodge below 1.")


def high_jump_inches(basic_move: int) -> int:
    """(6 x Basic Move) - 10 inches, never negative."""
    return max(6 * basic_move - 10, 0)


def broad_jump_feet(basic_move: int) -> int:
    """(2 x Basic Move) - 3 feet, never negative."""
    return max(2 * basic_move - 3, 0)


@calculator(
    id="gurps.jump",
    system=SYSTEM,
    title="Jumping",
    summary="How high and how far you jump, standing or with a running start.",
    page="gurps/jumping/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 6, unit="yd/s", min=0, max=100),
        Input("running_yards", "Running start", "int", 0, unit="yd", min=0, max=1000,
              help="yards run before the jump; 0 for a standing jump"),
    ],
    outputs=[
        Output("high_jump_in", "High jump", "in"),
        Output("broad_jump_ft", "Broad jump", "ft"),
        Output("standing_high_jump_in", "Standing high jump", "in"),
        Output("standing_broad_jump_ft", "Standing broad jump", "ft"),
        Output("max_high_jump_in", "Highest running high jump", "in"),
        Output("max_broad_jump_ft", "Longest running broad jump", "ft"),
    ],
)
def jump(step, basic_move, running_yards):
    standing_high = high_jump_inches(basic_move)
    standing_broad = broad_jump_feet(basic_move)
    step(f"Standing high jump = 6 × Basic Move − 10 = 6 × {basic_move} − 10 = {6 * basic_move - 10} in"
         + (" → 0 in (a jump is never negative)." if 6 * basic_move - 10 < 0 else "."))
    step(f"Standing broad jump = 2 × Basic Move − 3 = 2 × {basic_move} − 3 = {2 * basic_move - 3} ft"
         + (" → 0 ft (a jump is never negative)." if 2 * basic_move - 3 < 0 else "."))
    high, broad = standing_high, standing_broad
    if running_yards:
        effective = basic_move + running_yards
        high = min(high_jump_inches(effective), 2 * standing_high)
        broad = min(broad_jump_feet(effective), 2 * standing_broad)
        step(f"Running high jump = 6 × (Basic Move + yards run) − 10 = 6 × ({basic_move} + {running_yards}) − 10 "
             f"= {high_jump_inches(effective)} in, at most twice the standing jump ({2 * standing_high} in): {high} in.")
        step(f"Running broad jump = 2 × (Basic Move + yards run) − 3 = 2 × ({basic_move} + {running_yards}) − 3 "
             f"= {broad_jump_feet(effective)} ft, at most twice the standing jump ({2 * standing_broad} ft): {broad} ft.")
    return {
        "high_jump_in": high,
        "broad_jump_ft": broad,
        "standing_high_jump_in": standing_high,
        "standing_broad_jump_ft": standing_broad,
        "max_high_jump_in": 2 * standing_high,
        "max_broad_jump_ft": 2 * standing_broad,
    }


@table("gurps.jump_distances")
def jump_distances_table():
    rows = tuple(
        (bm, high_jump_inches(bm), 2 * high_jump_inches(bm), broad_jump_feet(bm), 2 * broad_jump_feet(bm))
        for bm in range(1, 11)
    )
    return ("Jumping distance by Basic Move",
            ("Basic Move", "Standing high jump (in)", "Best running high jump (in)",
             "Standing broad jump (ft)", "Best running broad jump (ft)"),
            rows,
            "A running start adds the yards run to Basic Move, up to the doubled figure.")
