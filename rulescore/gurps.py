"""GURPS Lite game mechanics: encumbrance and Move, jumping.

Limits are compared in exact arithmetic (Fractions): a load exactly at a limit is inside it.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import dice
from .core import Input, Output, calculator, number_text, percent_text, table
from .core import dice_text as core_dice_text
from .core import number_text as n

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
EXTRA_HEAVY_MULTIPLE = 10
TOO_HEAVY_TO_CARRY = "Too heavy to carry"

# Our reading of loads over 10 x BL, in the one wording every calculator that takes a load shows
# (and the Encumbrance and Lifting pages quote). The table stops at Extra-Heavy (10 x BL), but the
# carry-on-back rule lets you carry up to 15 x BL and calls a load over 10 x BL Extra-Heavy.
OVER_10_BL_SENTENCE = ("A load over 10 × BL, up to the 15 × BL you can carry on your back, counts as "
                       "Extra-Heavy (Move × 0.2, at least 1; Dodge −4) and costs 1 FP every second; over 15 × BL "
                       "you cannot carry it at all, so your Move with it is 0.")
OVER_10_BL_READING = "Our reading: " + OVER_10_BL_SENTENCE[0].lower() + OVER_10_BL_SENTENCE[1:]


# Thrust and swing damage by ST, (dice, adds). ST 1-20 as GURPS Lite's damage table gives it;
# nothing is extrapolated.
_DAMAGE_ROWS = (  # (lowest ST, highest ST, thrust, swing)
    (1, 2, (1, -6), (1, -5)), (3, 4, (1, -5), (1, -4)), (5, 6, (1, -4), (1, -3)), (7, 8, (1, -3), (1, -2)),
    (9, 9, (1, -2), (1, -1)), (10, 10, (1, -2), (1, 0)), (11, 11, (1, -1), (1, 1)), (12, 12, (1, -1), (1, 2)),
    (13, 13, (1, 0), (2, -1)), (14, 14, (1, 0), (2, 0)), (15, 15, (1, 1), (2, 1)), (16, 16, (1, 1), (2, 2)),
    (17, 17, (1, 2), (3, -1)), (18, 18, (1, 2), (3, 0)), (19, 19, (2, -1), (3, 1)), (20, 20, (2, -1), (3, 2)),
)
# ST 21-100: the GURPS Basic Set table goes on past ST 20. "thrust swing" for ST 21, 22, ... 100 in
# turn, copied from the published table (as GURPS Character Sheet reproduces it), not computed.
_DAMAGE_ABOVE_20 = (
    "2d 4d-1, 2d 4d, 2d+1 4d+1, 2d+1 4d+2, 2d+2 5d-1, 2d+2 5d, 3d-1 5d+1, 3d-1 5d+1, 3d 5d+2, 3d 5d+2, "
    "3d+1 6d-1, 3d+1 6d-1, 3d+2 6d, 3d+2 6d, 4d-1 6d+1, 4d-1 6d+1, 4d 6d+2, 4d 6d+2, 4d+1 7d-1, 4d+1 7d-1, "
    "4d+2 7d, 4d+2 7d, 5d-1 7d+1, 5d-1 7d+1, 5d 7d+1, 5d 7d+2, 5d+1 7d+2, 5d+1 8d-1, 5d+2 8d-1, 5d+2 8d-1, "
    "5d+2 8d, 6d-1 8d, 6d-1 8d+1, 6d 8d+1, 6d 8d+1, 6d+1 8d+2, 6d+1 8d+2, 6d+2 9d-1, 6d+2 9d-1, 7d-1 9d, "
    "7d-1 9d, 7d 9d+1, 7d 9d+1, 7d+1 9d+2, 7d+1 9d+2, 7d+2 9d+2, 7d+2 10d-1, 8d-1 10d-1, 8d-1 10d, 8d 10d, "
    "8d 10d, 8d+1 10d+1, 8d+1 10d+1, 8d+2 10d+2, 8d+2 10d+2, 9d-1 10d+2, 9d-1 11d-1, 9d 11d-1, 9d 11d, 9d 11d, "
    "9d+1 11d, 9d+1 11d+1, 9d+2 11d+1, 9d+2 11d+2, 9d+2 11d+2, 10d-1 11d+2, 10d-1 12d-1, 10d 12d-1, 10d 12d, "
    "10d 12d, 10d+1 12d, 10d+1 12d+1, 10d+2 12d+1, 10d+2 12d+2, 10d+2 12d+2, 11d-1 12d+2, 11d-1 13d-1, "
    "11d 13d-1, 11d 13d, 11d 13d"
)
LITE_DAMAGE_TOP_ST = 20


def parse_dice(text: str) -> tuple[int, int]:
    """GURPS dice notation back to (dice, adds): "4d-1" -> (4, -1), "2d" -> (2, 0)."""
    count, _, adds = text.partition("d")
    return int(count), int(adds or 0)


_DAMAGE_BY_ST = {st: (thrust, swing) for low, high, thrust, swing in _DAMAGE_ROWS for st in range(low, high + 1)}
_DAMAGE_BY_ST.update({
    LITE_DAMAGE_TOP_ST + 1 + i: tuple(parse_dice(dice_) for dice_ in pair.split())
    for i, pair in enumerate(_DAMAGE_ABOVE_20.split(", "))
})
DAMAGE_ST_RANGE = (min(_DAMAGE_BY_ST), max(_DAMAGE_BY_ST))


def dice_text(dice_count: int, adds: int) -> str:
    """GURPS dice notation, the value kept in ASCII: (1, -2) -> "1d-2", (2, 0) -> "2d", (1, 1) -> "1d+1"."""
    return f"{dice_count}d" + (f"{adds:+d}" if adds else "")


def dice_shown(dice_count: int, adds: int) -> str:
    """Dice as a sentence shows them, with a true minus sign: (1, -2) -> "1d−2"."""
    return core_dice_text(dice_text(dice_count, adds))


def damage_for_st(st: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """((thrust dice, adds), (swing dice, adds)) for ST 1-100."""
    if st not in _DAMAGE_BY_ST:
        raise ValueError(f"the damage table covers ST {DAMAGE_ST_RANGE[0]}-{DAMAGE_ST_RANGE[1]}, not {st}")
    return _DAMAGE_BY_ST[st]


@table("gurps.damage_by_st")
def damage_table():
    rows = tuple((f"{low}" if low == high else f"{low}–{high}", dice_shown(*thrust), dice_shown(*swing))
                 for low, high, thrust, swing in _DAMAGE_ROWS)
    return ("Basic damage by ST", ("ST", "Thrust", "Swing"), rows,
            "GURPS Lite's table stops at ST 20; the GURPS Basic Set continues it to ST 100 "
            "(Basic damage by ST, 21 to 100).")


DAMAGE_TABLE_COLUMNS = 4  # ST 21-100 in four side-by-side blocks of 20


@table("gurps.damage_by_st_above_20")
def damage_above_20_table():
    per_block = (DAMAGE_ST_RANGE[1] - LITE_DAMAGE_TOP_ST) // DAMAGE_TABLE_COLUMNS
    rows = []
    for i in range(per_block):
        row = []
        for block in range(DAMAGE_TABLE_COLUMNS):
            st = LITE_DAMAGE_TOP_ST + 1 + block * per_block + i
            thrust, swing = _DAMAGE_BY_ST[st]
            row += [st, dice_shown(*thrust), dice_shown(*swing)]
        rows.append(tuple(row))
    return ("Basic damage by ST, 21 to 100", ("ST", "Thrust", "Swing") * DAMAGE_TABLE_COLUMNS, tuple(rows),
            "From the GURPS Basic Set, which continues the table past GURPS Lite's ST 20.")


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


CHART_KIND = {"critical success": "critical-success", "success": "success", "failure": "failure",
              "critical failure": "critical-failure"}


def roll_bars(target: int) -> list:
    """The 3d6 distribution as chart bars, each roll marked with its outcome against ``target``."""
    return [(str(roll), p, CHART_KIND[roll_outcome(roll, target)]) for roll, p in dice.distribution(3, 6).items()]


def roll_chart(step, target: int, against: str = "", summary: str = "") -> Fraction:
    """Chart a 3d6 success roll against ``target``; returns its chance of success."""
    odds = success_odds(target)["success"]
    step.chart(f"3d6 against {against + ' ' if against else ''}{n(target)}", roll_bars(target),
               summary or f"succeeds {percent_text(odds)} of the time")
    return odds


MAX_CHART_BARS = 40  # 7 dice give 36 totals; 8 or more are summed up in words instead


def damage_chart(step, title: str, dice_count: int, adds: int) -> None:
    """Chart a damage roll (no pass or fail): every total of the dice plus adds.

    With too many totals for a readable chart (8 dice or more, from ST 43 up), a step gives
    the range and the average instead."""
    low, high = dice_count + adds, 6 * dice_count + adds
    mean = Fraction(7, 2) * dice_count + adds
    summary = f"{n(low)} to {n(high)}, {n(mean)} on average"
    if high - low + 1 > MAX_CHART_BARS:
        step(f"{title} {dice_shown(dice_count, adds)}: {summary} (too many totals to chart).",
             rule="gurps/injury/#basic-damage-by-st")
        return
    totals = {total + adds: p for total, p in dice.distribution(dice_count, 6).items()}
    bars = [(n(total), p, "neutral") for total, p in totals.items()]
    step.chart(f"{title} {dice_shown(dice_count, adds)}", bars, summary)


def basic_lift(st: int, step=None) -> Fraction:
    """Basic Lift = ST x ST / 5 lb; from 10 lb up it is rounded to the nearest pound."""
    raw = Fraction(st * st, 5)
    # ST x ST / 5 always ends in .0, .2, .4, .6 or .8, so there is never a half to break.
    bl = Fraction(math.floor(raw + Fraction(1, 2))) if raw >= 10 else raw
    if step:
        rounded = f", rounded to {n(bl)}" if bl != raw else ""
        kept = " (under 10 lb it keeps its fraction)" if raw < 10 and raw.denominator != 1 else ""
        step(f"Basic Lift = ST × ST / 5 = {st} × {st} / 5 = {n(raw)}{rounded} lb{kept}.",
             rule="gurps/encumbrance/#basic-lift")
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


def _move_step(step, basic_move: int, level: int, move: int) -> None:
    factor = ENCUMBRANCE_LEVELS[level][3]
    floor_note = " (encumbrance never lowers Move below 1)" if move > math.floor(basic_move * factor) else ""
    step(f"Move = Basic Move × {n(factor)}, fractions dropped = {basic_move} × {n(factor)} "
         f"= {n(basic_move * factor)} → {move} yd/s{floor_note}.", rule="#move-and-dodge")


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
def encumbrance(step, st, basic_speed, basic_move, load_lb):
    bl = basic_lift(st, step)
    limits = {name: multiple * bl for _, name, multiple, _ in ENCUMBRANCE_LEVELS}
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
        _, name, multiple, factor = ENCUMBRANCE_LEVELS[level]
        step(f"Encumbrance: {n(load_lb)} lb is within {multiple} × BL = {n(multiple * bl)} lb, "
             f"so the level is {name} ({level}).", rule="#the-five-encumbrance-levels")
        move = encumbered_move(basic_move, level)
        _move_step(step, basic_move, level, move)
        note = (f"{name} encumbrance: Move {move}; −{level} to Dodge, Climbing and Stealth; "
                f"−{2 * level} to Swimming." if level else "No encumbrance: full Move and Dodge, no penalties.")
    if name == TOO_HEAVY_TO_CARRY:
        dodge = None  # nobody carries such a load, so there is no Dodge under it to give
    else:
        dodge = encumbered_dodge(basic_speed, level)
        step(f"Dodge = Basic Speed + 3, fractions dropped, − encumbrance level = "
             f"{n(basic_speed)} + 3 → {math.floor(basic_speed) + 3} − {level} = {dodge}"
             + (" (never below 1)." if math.floor(basic_speed) + 3 - level < 1 else "."),
             rule="gurps/encumbrance/#move-and-dodge")
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
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        Input("running_yards", "Running start", "int", 0, unit="yd", min=0, max=1000,
              help="yards run before the jump; leave at 0 for a standing jump"),
    ],
    outputs=[
        Output("high_jump_in", "High jump", "in", min=0),
        Output("broad_jump_ft", "Broad jump", "ft", min=0),
        Output("standing_high_jump_in", "Standing high jump", "in", min=0),
        Output("standing_broad_jump_ft", "Standing broad jump", "ft", min=0),
        Output("max_high_jump_in", "Highest running high jump", "in", min=0),
        Output("max_broad_jump_ft", "Longest running broad jump", "ft", min=0),
    ],
)
def jump(step, basic_move, running_yards):
    standing_high = high_jump_inches(basic_move)
    standing_broad = broad_jump_feet(basic_move)
    step(f"Standing high jump = 6 × Basic Move − 10 = 6 × {basic_move} − 10 = {n(6 * basic_move - 10)} in"
         + (" → 0 in (a jump is never negative)." if 6 * basic_move - 10 < 0 else "."),
         rule="#standing-jumps")
    step(f"Standing broad jump = 2 × Basic Move − 3 = 2 × {basic_move} − 3 = {n(2 * basic_move - 3)} ft"
         + (" → 0 ft (a jump is never negative)." if 2 * basic_move - 3 < 0 else "."),
         rule="#standing-jumps")
    high, broad = standing_high, standing_broad
    if running_yards:
        effective = basic_move + running_yards
        high = min(high_jump_inches(effective), 2 * standing_high)
        broad = min(broad_jump_feet(effective), 2 * standing_broad)
        step(f"Running high jump = 6 × (Basic Move + yards run) − 10 = 6 × ({basic_move} + {running_yards}) − 10 "
             f"= {high_jump_inches(effective)} in, at most twice the standing jump ({2 * standing_high} in): {high} in.",
             rule="#running-jumps")
        step(f"Running broad jump = 2 × (Basic Move + yards run) − 3 = 2 × ({basic_move} + {running_yards}) − 3 "
             f"= {broad_jump_feet(effective)} ft, at most twice the standing jump ({2 * standing_broad} ft): {broad} ft.",
             rule="#running-jumps")
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


# ---------------------------------------------------------------------------------------------
# Move and Dodge by encumbrance, for the quick look-up table.

MOVE_TABLE_BASIC_MOVES = tuple(range(1, 13))


@table("gurps.move_by_encumbrance")
def move_by_encumbrance_table():
    columns = ("Basic Move",) + tuple(f"{name} ({level})" for level, name, _, _ in ENCUMBRANCE_LEVELS)
    rows = tuple((bm,) + tuple(encumbered_move(bm, level) for level, _, _, _ in ENCUMBRANCE_LEVELS)
                 for bm in MOVE_TABLE_BASIC_MOVES)
    return ("Move at each encumbrance level", columns, rows,
            "Fractions dropped; a load never lowers Move below 1. Dodge loses the level number "
            "(0 to −4), and never falls below 1 either.")


ENCUMBRANCE_LEVEL_HELP = "None is 0, Light 1, Medium 2, Heavy 3, Extra-Heavy 4"
# Where the site says once why "under 1/3 of your FP" is read as strictly less than a third.
ONE_THIRD_FP_RULE = "gurps/recovery-and-fatigue/#exactly-a-third"


def _encumbrance_input(default: int = 0) -> Input:
    return Input("encumbrance_level", "Encumbrance level", "int", default, min=0, max=4,
                 help=ENCUMBRANCE_LEVEL_HELP)


def _level_name(level: int) -> str:
    return f"{ENCUMBRANCE_LEVELS[level][1]} ({level})"


def _encumbered_move_step(step, basic_move: int, level: int) -> int:
    move = encumbered_move(basic_move, level)
    factor = ENCUMBRANCE_LEVELS[level][3]
    floor_note = " (a load never lowers Move below 1)" if move > math.floor(basic_move * factor) else ""
    step(f"Move = Basic Move × {n(factor)} for {_level_name(level)} encumbrance, fractions dropped "
         f"= {basic_move} × {n(factor)} = {n(basic_move * factor)} → {move} yd/s{floor_note}.",
         rule="gurps/encumbrance/#move-and-dodge")
    return move


def halved_round_up(value) -> int:
    """Half of a whole number, rounded up: the Fatigue and injury rules' "halve (round up)"."""
    return math.ceil(Fraction(value, 2))


def signed(value: int) -> str:
    """A modifier as printed in the rules: "+5", "0", "−3" (a true minus sign)."""
    return "0" if value == 0 else f"{value:+d}".replace("-", "−")


def failure_chance(target: int) -> Fraction:
    """Chance that a 3d6 success roll against ``target`` fails (critical failures included)."""
    return 1 - success_odds(target)["success"]


# ---------------------------------------------------------------------------------------------
# Lifting and moving things

# (key, name, multiple of BL, seconds it takes or None)
LIFTS = (
    ("one_handed", "One-handed lift", 2, 2),
    ("two_handed", "Two-handed lift", 8, 4),
    ("shove", "Shove and knock over", 12, None),
    ("shove_running", "Shove with a running start", 24, None),
    ("carry_on_back", "Carry on back", CARRY_ON_BACK_MULTIPLE, None),
    ("shift_slightly", "Shift slightly", SHIFT_SLIGHTLY_MULTIPLE, None),
)
LIFT_MULTIPLE = {key: multiple for key, _, multiple, _ in LIFTS}
LIFT_SECONDS = {key: seconds for key, _, _, seconds in LIFTS if seconds}


@table("gurps.lifting_multiples")
def lifting_multiples_table():
    notes = {
        "one_handed": "takes 2 seconds",
        "two_handed": "takes 4 seconds",
        "shove": "knock over or push aside",
        "shove_running": "twice the shove, after a run-up",
        "carry_on_back": "1 FP a second while over 10 × BL",
        "shift_slightly": "rock or budge it; depends on footing and bracing",
    }
    rows = tuple((name, f"{multiple} × BL", notes[key]) for key, name, multiple, _ in LIFTS)
    return ("Lifting and moving things", ("Feat", "Up to", "Notes"), rows,
            "BL is Basic Lift, ST × ST / 5 lb. Helpers may pool their BL (never their ST) when the GM agrees.")


@calculator(
    id="gurps.lifting",
    system=SYSTEM,
    title="Lifting and moving things",
    summary="How much you can lift with one or two hands, shove, carry on your back or just shift.",
    page="gurps/lifting/",
    inputs=[
        Input("st", "ST", "int", 10, min=1, max=1000, help="Strength"),
        Input("helpers_bl_lb", "Helpers' Basic Lift", "number", 0, unit="lb", min=0, max=100_000,
              help="the total Basic Lift of anyone helping, if the GM allows it; leave at 0 when alone"),
        Input("weight_lb", "Object's weight", "number", 0, unit="lb", min=0, max=1_000_000,
              help="enter a weight to see what you can do with it"),
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb", "your own, ST × ST / 5", min=0),
        Output("combined_bl_lb", "Basic Lift used", "lb", "yours plus your helpers'", min=0),
        Output("one_handed_lift_lb", "One-handed lift", "lb", "2 × BL", min=0),
        Output("one_handed_time_s", "One-handed lift takes", "s", min=0),
        Output("two_handed_lift_lb", "Two-handed lift", "lb", "8 × BL", min=0),
        Output("two_handed_time_s", "Two-handed lift takes", "s", min=0),
        Output("shove_lb", "Shove and knock over", "lb", "12 × BL", min=0),
        Output("shove_running_lb", "Shove with a running start", "lb", "24 × BL", min=0),
        Output("carry_on_back_lb", "Carry on back", "lb", "15 × BL; 1 FP a second over 10 × BL", min=0),
        Output("shift_slightly_lb", "Shift slightly", "lb", "50 × BL", min=0),
        Output("verdict", "With this object you can"),
    ],
)
def lifting(step, st, helpers_bl_lb, weight_lb):
    own = basic_lift(st, step)
    bl = own + helpers_bl_lb
    if helpers_bl_lb:
        step(f"Helpers add their Basic Lift, not their ST: {n(own)} + {n(helpers_bl_lb)} = {n(bl)} lb.",
             rule="#working-together")
    limits = {key: multiple * bl for key, multiple in LIFT_MULTIPLE.items()}
    step(f"Lifts: one-handed 2 × BL = {n(limits['one_handed'])} lb (2 s); "
         f"two-handed 8 × BL = {n(limits['two_handed'])} lb (4 s).", rule="#the-lifts")
    step(f"Shove and knock over 12 × BL = {n(limits['shove'])} lb, doubled with a running start "
         f"= {n(limits['shove_running'])} lb.", rule="#shove-and-knock-over")
    step(f"Carry on back 15 × BL = {n(limits['carry_on_back'])} lb; shift slightly 50 × BL "
         f"= {n(limits['shift_slightly'])} lb.", rule="#carry-on-back")
    if weight_lb == 0:
        verdict = None  # no object given: nothing to judge
    else:
        can = []
        if weight_lb <= limits["one_handed"]:
            can.append("lift it one-handed (2 s)")
        elif weight_lb <= limits["two_handed"]:
            can.append("lift it two-handed (4 s)")
        if weight_lb <= CARRY_ON_BACK_MULTIPLE * bl:
            tiring = weight_lb > EXTRA_HEAVY_MULTIPLE * bl
            can.append("carry it on your back" + (" at 1 FP a second" if tiring else ""))
        if weight_lb <= limits["shove"]:
            can.append("shove it")
        elif weight_lb <= limits["shove_running"]:
            can.append("shove it with a running start")
        if weight_lb <= limits["shift_slightly"]:
            can.append("shift it slightly")
        verdict = "; ".join(can) if can else "nothing: it is over 50 × BL"
        multiple = ratio_text(weight_lb / bl, set(LIFT_MULTIPLE.values()) | {ENCUMBRANCE_LEVELS[-1][2]})
        step(f"Object: {fine_text(weight_lb)} lb is {multiple} × BL, so you can: {verdict}.", rule="#the-lifts")
        if weight_lb > EXTRA_HEAVY_MULTIPLE * bl:
            step(OVER_10_BL_READING, rule="gurps/encumbrance/#loads-over-extra-heavy")
    return {
        "basic_lift_lb": own,
        "combined_bl_lb": bl,
        "one_handed_lift_lb": limits["one_handed"],
        "one_handed_time_s": LIFT_SECONDS["one_handed"],
        "two_handed_lift_lb": limits["two_handed"],
        "two_handed_time_s": LIFT_SECONDS["two_handed"],
        "shove_lb": limits["shove"],
        "shove_running_lb": limits["shove_running"],
        "carry_on_back_lb": limits["carry_on_back"],
        "shift_slightly_lb": limits["shift_slightly"],
        "verdict": verdict,
    }


# ---------------------------------------------------------------------------------------------
# Running

SPRINT_FACTOR = Fraction(6, 5)        # +20% after the first second
PACED_FACTOR = Fraction(1, 2)         # half the sprinting speed
SPRINT_HT_EVERY_S = 15
PACED_HT_EVERY_S = 60
YARDS_PER_MILE = 1760


def sprint_speed(move: int) -> Fraction:
    return move * SPRINT_FACTOR


def paced_speed(move: int) -> Fraction:
    return sprint_speed(move) * PACED_FACTOR


def yps_to_mph(yards_per_second) -> Fraction:
    return Fraction(yards_per_second) * 3600 / YARDS_PER_MILE


@table("gurps.running_speeds")
def running_speeds_table():
    rows = tuple((move, sprint_speed(move), paced_speed(move), round(float(yps_to_mph(paced_speed(move))), 1))
                 for move in range(1, 13))
    return ("Running speeds by Move", ("Move (yd/s)", "Sprint (yd/s)", "Paced (yd/s)", "Paced (mph)"), rows,
            "Sprint = Move + 20%, from the second second on; paced running is half the sprint. "
            "The mph column is rounded to one decimal.")


@calculator(
    id="gurps.running",
    system=SYSTEM,
    title="Running",
    summary="Your ground Move, sprinting and paced speeds, and when running costs fatigue.",
    page="gurps/running/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        _encumbrance_input(),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: Move is halved for any running, rounded up"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="Health, for the fatigue rolls"),
    ],
    outputs=[
        Output("move", "Move", "yd/s", "ground Move, for the first second of a run", min=0),
        Output("sprint_yps", "Sprint", "yd/s", "from the second second on", min=0),
        Output("paced_yps", "Paced running", "yd/s", min=0),
        Output("paced_mph", "Paced running", "mph", min=0),
        Output("sprint_ht_every_s", "HT roll while sprinting, every", "s", min=0),
        Output("paced_ht_every_s", "HT roll while paced, every", "s", min=0),
        Output("ht_fail_odds", "Chance to lose 1 FP on each HT roll", format="percent"),
    ],
)
def running(step, basic_move, encumbrance_level, very_tired, ht):
    move = _encumbered_move_step(step, basic_move, encumbrance_level)
    if very_tired:
        halved = halved_round_up(move)
        step(f"Very tired (under 1/3 of FP, not at exactly 1/3): Move is halved, rounded up: "
             f"{move} / 2 → {halved} yd/s.", rule=ONE_THIRD_FP_RULE)
        move = halved
    sprint = sprint_speed(move)
    paced = paced_speed(move)
    step(f"Sprint = Move + 20% = {move} × 1.2 = {n(sprint)} yd/s, after one second at {move} yd/s.", rule="#sprinting")
    mph = yps_to_mph(paced)
    step(f"Paced running = half the sprint = {n(sprint)} / 2 = {n(paced)} yd/s "
         f"(× 3600 / 1760 = {n(mph)} mph).", rule="#paced-running")
    fail = failure_chance(ht)
    step(f"Fatigue: roll against HT {ht} every 15 s of sprinting or every minute of paced running; "
         f"it fails {n(fail * 100)}% of the time, costing 1 FP.", rule="#fatigue-cost")
    roll_chart(step, ht, "HT", f"succeeds {percent_text(1 - fail)} of the time; "
               f"each failure ({percent_text(fail)}) costs 1 FP")
    return {
        "move": move,
        "sprint_yps": sprint,
        "paced_yps": paced,
        "paced_mph": mph,
        "sprint_ht_every_s": SPRINT_HT_EVERY_S,
        "paced_ht_every_s": PACED_HT_EVERY_S,
        "ht_fail_odds": fail,
    }


# ---------------------------------------------------------------------------------------------
# Swimming

INTENTIONAL_ENTRY_BONUS = 3


def water_move(basic_move: int) -> int:
    """Basic Move / 5, rounded down, at least 1 yd/s."""
    return max(basic_move // 5, 1)


def swimming_target(swimming_skill: int, level: int, intentional: bool) -> int:
    return swimming_skill - 2 * level + (INTENTIONAL_ENTRY_BONUS if intentional else 0)


@calculator(
    id="gurps.swimming",
    system=SYSTEM,
    title="Swimming",
    summary="Your roll to stay afloat, its odds, your water Move and the fatigue roll for swimming hard.",
    page="gurps/swimming/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        Input("swimming_skill", "Swimming skill", "int", 10, min=0, max=30),
        _encumbrance_input(),
        Input("intentional", "Went into the water on purpose", "bool", False, help="+3 to the roll"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="Health, for the fatigue roll"),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: water Move is halved, rounded up"),
    ],
    outputs=[
        Output("water_move", "Water Move", "yd/s", min=1),
        Output("roll_target", "Swimming roll against", min=-8, max=33),
        Output("roll_odds", "Chance to succeed", format="percent"),
        Output("fatigue_roll_target", "Fatigue roll against", help="higher of HT and Swimming", min=1, max=30),
        Output("fatigue_fail_odds", "Chance to lose 1 FP each minute at top speed", format="percent"),
    ],
)
def swimming(step, basic_move, swimming_skill, encumbrance_level, intentional, ht, very_tired):
    target = swimming_target(swimming_skill, encumbrance_level, intentional)
    bonus = f" + {INTENTIONAL_ENTRY_BONUS} (entered on purpose)" if intentional else ""
    step(f"Swimming roll = skill − 2 × encumbrance level{' + 3' if intentional else ''} "
         f"= {swimming_skill} − 2 × {encumbrance_level}{bonus} = {n(target)}.", rule="#modifiers")
    odds = success_odds(target)["success"]
    step(f"Success on 3d6 against {n(target)}: {n(odds * 100)}% (criticals included).",
         rule="gurps/success-rolls/#success-rolls")
    roll_chart(step, target, "Swimming", f"succeeds {percent_text(odds)} of the time; a failure costs 1 FP")
    wm = water_move(basic_move)
    step(f"Water Move = Basic Move / 5, rounded down, at least 1 = {basic_move} / 5 → {wm} yd/s.",
         rule="#water-move")
    if very_tired:
        halved = halved_round_up(wm)
        step(f"Very tired (under 1/3 of FP, not at exactly 1/3): water Move is halved, rounded up: "
             f"{wm} / 2 → {halved} yd/s.", rule=ONE_THIRD_FP_RULE)
        wm = halved
    fatigue_target = max(ht, swimming_skill)
    fail = failure_chance(fatigue_target)
    step(f"Fatigue roll after each minute at top speed: the higher of HT {ht} and Swimming {swimming_skill} "
         f"= {fatigue_target}; it fails {n(fail * 100)}% of the time, costing 1 FP.",
         rule="#fatigue-from-fast-swimming")
    roll_chart(step, fatigue_target, "HT or Swimming", f"succeeds {percent_text(1 - fail)} of the time; "
               f"each failure ({percent_text(fail)}) costs 1 FP")
    return {
        "water_move": wm,
        "roll_target": target,
        "roll_odds": odds,
        "fatigue_roll_target": fatigue_target,
        "fatigue_fail_odds": fail,
    }


# ---------------------------------------------------------------------------------------------
# Throwing

THROW_LIMIT_MULTIPLE = 8      # anything you can pick up: 8 x BL
ONE_HAND_THROW_MULTIPLE = 2   # up to 2 x BL in one hand
SPECIFIC_TARGET_PENALTY = 3   # DX-3 to hit a chosen target, DX to lob into an area

# (weight ratio up to, distance modifier)
THROW_DISTANCE = tuple((Fraction(ratio), Fraction(modifier)) for ratio, modifier in (
    ("0.05", "3.5"), ("0.10", "2.5"), ("0.15", "2.0"), ("0.20", "1.5"), ("0.40", "1.0"), ("0.50", "0.8"),
    ("1.0", "0.60"), ("1.5", "0.40"), ("2.0", "0.30"), ("2.5", "0.25"), ("3.0", "0.20"), ("4.0", "0.15"),
    ("6.0", "0.10"), ("10", "0.06"), ("12", "0.05"),
))

# (weight up to, as a multiple of BL; damage change per die, as a Fraction; label)
THROW_DAMAGE = (
    (Fraction(1, 8), Fraction(-2), "Thrust, −2 per die"),
    (Fraction(1, 4), Fraction(-1), "Thrust, −1 per die"),
    (Fraction(1, 2), Fraction(0), "Thrust"),
    (Fraction(1), Fraction(1), "Thrust, +1 per die"),
    (Fraction(2), Fraction(0), "Thrust"),
    (Fraction(4), Fraction(-1, 2), "Thrust, −½ per die (round down)"),
    (Fraction(8), Fraction(-1), "Thrust, −1 per die"),
)


def fine_text(value) -> str:
    """A number with up to four decimals when two would hide part of it (a 0.0123 lb pebble)."""
    text = number_text(value)
    if Fraction(text) == Fraction(value):
        return text
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def ratio_text(ratio: Fraction, limits=None) -> str:
    """A weight ratio to three decimals, so it never looks as if it sat on a limit it is past."""
    exact = number_text(ratio)
    if Fraction(exact) == ratio:
        return exact
    shown = f"{float(ratio):.3f}".rstrip("0").rstrip(".")
    if limits is None:
        limits = {row for row, _ in THROW_DISTANCE} | {up_to for up_to, _, _ in THROW_DAMAGE}
    if Fraction(shown) in limits and ratio > Fraction(shown):
        return f"just over {shown}"
    return shown


def distance_modifier(ratio: Fraction) -> Fraction:
    """The table's modifier for a weight ratio; between two rows, the higher ratio's row."""
    for up_to, modifier in THROW_DISTANCE:
        if ratio <= up_to:
            return modifier
    raise ValueError(f"weight ratio {ratio} is past the table")


def thrown_damage_change(ratio: Fraction, dice_count: int) -> int:
    """The adds a thrown object's weight gives to thrust damage of ``dice_count`` dice.

    Our reading of "-1/2 per die (round down)": the total penalty is half the dice with the
    fraction dropped, so 1 die loses nothing, 2 or 3 dice lose 1.
    """
    for up_to, per_die, _ in THROW_DAMAGE:
        if ratio <= up_to:
            total = per_die * dice_count
            return -math.floor(-total) if total < 0 else math.floor(total)
    raise ValueError(f"weight ratio {ratio} is over 8 × BL: too heavy to throw")


@table("gurps.throwing_distance")
def throwing_distance_table():
    rows = tuple((f"{float(ratio):g}", n(modifier)) for ratio, modifier in THROW_DISTANCE)
    return ("Throwing distance", ("Weight ratio up to", "Distance modifier"), rows,
            "Weight ratio = weight / BL; between two rows use the higher ratio. Distance = ST × modifier, "
            "in yards. Nothing over 8 × BL can be thrown, so a ratio over 6 reads the row for 10 and the "
            "row for 12 is never reached.")


@table("gurps.throwing_damage")
def throwing_damage_table():
    def weight(up_to):
        if up_to < 1:
            return f"BL/{up_to.denominator}"
        return "BL" if up_to == 1 else f"{up_to} × BL"
    rows = tuple((f"up to {weight(up_to)}", label) for up_to, _, label in THROW_DAMAGE)
    return ("Throwing damage", ("Weight", "Damage"), rows,
            "Thrust is the thrust damage for your ST. Usually crushing. Over 8 × BL nothing can be thrown.")


@calculator(
    id="gurps.throwing",
    system=SYSTEM,
    title="Throwing",
    summary="How far you can throw an object, the damage it does, and whether it takes one hand or two.",
    page="gurps/throwing/",
    inputs=[
        Input("st", "ST", "int", 10, min=1, max=100, help="Strength"),
        Input("weight_lb", "Object's weight", "number", 2, unit="lb", min=Fraction(1, 100), max=1_000_000),
        Input("dx", "DX", "int", 10, min=1, max=30, help="Dexterity, for the roll to hit"),
    ],
    outputs=[
        Output("basic_lift_lb", "Basic Lift (BL)", "lb", min=0),
        Output("weight_ratio", "Weight ratio", help="weight / BL"),
        Output("can_throw", "Can throw it"),
        Output("hands", "Hands"),
        Output("distance_modifier", "Distance modifier", min=0, max=THROW_DISTANCE[0][1]),
        Output("distance_yd", "Distance", "yd", min=0),
        Output("damage", "Damage", help="usually crushing", format="dice"),
        Output("target_roll", "Roll to hit a chosen target", help="DX − 3, before size, speed and range",
               min=1 - SPECIFIC_TARGET_PENALTY, max=30 - SPECIFIC_TARGET_PENALTY),
        Output("target_odds", "Chance to hit a chosen target", format="percent"),
        Output("area_roll", "Roll to lob into an area", help="DX, before size, speed and range", min=1, max=30),
        Output("area_odds", "Chance to land in the area", format="percent"),
    ],
)
def throwing(step, st, weight_lb, dx):
    bl = basic_lift(st, step)
    ratio = weight_lb / bl
    step(f"Weight ratio = weight / BL = {fine_text(weight_lb)} / {n(bl)} = {ratio_text(ratio)}.",
         rule="#throwing-distance")
    limit = THROW_LIMIT_MULTIPLE * bl
    target, area = dx - SPECIFIC_TARGET_PENALTY, dx
    if weight_lb > limit:
        step(f"Too heavy: only what you can pick up (8 × BL = {n(limit)} lb) can be thrown, "
             f"and {fine_text(weight_lb)} lb is more.", rule="#what-you-can-throw")
        # Nothing is thrown, so distance, damage and the rolls to hit do not apply.
        return {
            "basic_lift_lb": bl, "weight_ratio": ratio_text(ratio), "can_throw": False, "hands": "too heavy to throw",
            "distance_modifier": None, "distance_yd": None, "damage": None,
            "target_roll": None, "target_odds": None, "area_roll": None, "area_odds": None,
        }
    one_hand = weight_lb <= ONE_HAND_THROW_MULTIPLE * bl
    hands = "one hand" if one_hand else "two hands"
    step(f"Hands: up to 2 × BL = {n(ONE_HAND_THROW_MULTIPLE * bl)} lb goes in one hand, heavier needs two: "
         f"{hands}.", rule="#throwing-in-combat")
    modifier = distance_modifier(ratio)
    row = next(up_to for up_to, m in THROW_DISTANCE if ratio <= up_to)
    distance = st * modifier
    step(f"Distance: ratio {ratio_text(ratio)} reads the row for {float(row):g} (the next one up if between rows), "
         f"modifier {n(modifier)}; ST × modifier = {st} × {n(modifier)} = {n(distance)} yd.",
         rule="#throwing-distance")
    (dice_count, adds), _ = damage_for_st(st)
    change = thrown_damage_change(ratio, dice_count)
    label = next(lab for up_to, _, lab in THROW_DAMAGE if ratio <= up_to)
    damage = dice_text(dice_count, adds + change)
    step(f"Damage: thrust for ST {st} is {dice_shown(dice_count, adds)}; this weight gives "
         f"\"{label}\", a change of {signed(change)}: {dice_shown(dice_count, adds + change)}.",
         rule="#throwing-damage")
    damage_chart(step, "Damage", dice_count, adds + change)
    target_odds = success_odds(target)["success"]
    area_odds = success_odds(area)["success"]
    step(f"To hit: DX − 3 = {n(target)} for a chosen target ({n(target_odds * 100)}%), DX = {n(area)} to lob "
         f"into an area ({n(area_odds * 100)}%), before size, speed and range modifiers.",
         rule="#throwing-in-combat")
    roll_chart(step, target, "DX − 3 =", f"hits a chosen target {percent_text(target_odds)} of the time")
    roll_chart(step, area, "DX", f"lands in the area {percent_text(area_odds)} of the time")
    return {
        "basic_lift_lb": bl, "weight_ratio": ratio_text(ratio), "can_throw": True, "hands": hands,
        "distance_modifier": modifier, "distance_yd": distance, "damage": damage,
        "target_roll": target, "target_odds": target_odds, "area_roll": area, "area_odds": area_odds,
    }


# ---------------------------------------------------------------------------------------------
# Hiking

MILES_PER_MOVE = 10
HIKING_BONUS = Fraction(6, 5)  # +20% on a successful daily Hiking roll
# (value, label, multiplier, examples)
TERRAIN = (
    ("very_bad", "Very bad", Fraction(1, 5), "deep snow, dense forest, jungle, mountains, soft sand, swamp"),
    ("bad", "Bad", Fraction(1, 2), "broken ground (streams included), forest, steep hills"),
    ("average", "Average", Fraction(1), "light forest, rolling hills"),
    ("good", "Good", Fraction(5, 4), "hard-packed desert, level plains"),
)
TERRAIN_FACTOR = {value: factor for value, _, factor, _ in TERRAIN}


def miles_per_day(move: int, terrain: str, hiking_success: bool) -> Fraction:
    return MILES_PER_MOVE * move * (HIKING_BONUS if hiking_success else 1) * TERRAIN_FACTOR[terrain]


@table("gurps.hiking_terrain")
def hiking_terrain_table():
    rows = tuple((label, examples, f"× {n(factor)}") for _, label, factor, examples in TERRAIN)
    return ("Terrain", ("Terrain", "For example", "Daily distance"), rows,
            "Rain, snow or ice often cut the distance further; the rules give no figure for weather.")


@table("gurps.hiking_miles")
def hiking_miles_table():
    rows = tuple((move, *(miles_per_day(move, value, False) for value, _, _, _ in TERRAIN))
                 for move in range(1, 11))
    return ("Miles per day by Move and terrain",
            ("Move",) + tuple(label for _, label, _, _ in TERRAIN), rows,
            "10 × Move miles on average ground; a successful Hiking roll adds 20%.")


@calculator(
    id="gurps.hiking",
    system=SYSTEM,
    title="Hiking",
    summary="How many miles a day you can march, by Move, terrain and the daily Hiking roll.",
    page="gurps/hiking/",
    inputs=[
        Input("basic_move", "Basic Move", "int", 5, unit="yd/s", min=0, max=100),
        _encumbrance_input(),
        Input("terrain", "Terrain", "choice", "average",
              choices=tuple((value, f"{label} (× {n(factor)})") for value, label, factor, _ in TERRAIN)),
        Input("hiking_success", "Made today's Hiking roll", "bool", False, help="+20% distance"),
        Input("hiking_skill", "Hiking skill", "int", 10, min=0, max=30,
              help="for the odds of the daily roll; without training, use HT − 5"),
        Input("reeling", "Under 1/3 of your HP", "bool", False, help="reeling: Move is halved, rounded up"),
        Input("very_tired", "Under 1/3 of your FP", "bool", False,
              help="very tired: Move is halved, rounded up (again, if you are reeling too)"),
    ],
    outputs=[
        Output("move", "Move for marching", "yd/s", min=0),
        Output("miles_per_day", "Miles per day", "mi", min=0),
        Output("miles_without_roll", "Without a Hiking success", "mi", min=0),
        Output("miles_with_roll", "With a Hiking success", "mi", min=0),
        Output("hiking_odds", "Chance of the Hiking roll", format="percent"),
    ],
)
def hiking(step, basic_move, encumbrance_level, terrain, hiking_success, hiking_skill, reeling, very_tired):
    move = _encumbered_move_step(step, basic_move, encumbrance_level)
    for flag, why in ((reeling, "Reeling from injury (under 1/3 HP)"), (very_tired, "Very tired (under 1/3 FP)")):
        if flag:
            halved = halved_round_up(move)
            step(f"{why}: Move is halved, rounded up: {move} / 2 → {halved} yd/s.", rule="#daily-distance")
            move = halved
    ideal = MILES_PER_MOVE * move
    step(f"Ideal day's march = 10 × Move = 10 × {move} = {ideal} miles.", rule="#daily-distance")
    factor = TERRAIN_FACTOR[terrain]
    without = miles_per_day(move, terrain, False)
    with_roll = miles_per_day(move, terrain, True)
    label = next(lab for value, lab, _, _ in TERRAIN if value == terrain)
    step(f"Terrain: {label} ground × {n(factor)}: {ideal} × {n(factor)} = {n(without)} miles; "
         f"with a Hiking success, × 1.2 as well: {n(with_roll)} miles.", rule="#terrain")
    odds = success_odds(hiking_skill)["success"]
    step(f"Hiking roll against {hiking_skill}, once a day: {n(odds * 100)}% to succeed.", rule="#the-hiking-roll")
    roll_chart(step, hiking_skill, "Hiking", f"succeeds {percent_text(odds)} of the time, for 20% farther")
    return {
        "move": move,
        "miles_per_day": with_roll if hiking_success else without,
        "miles_without_roll": without,
        "miles_with_roll": with_roll,
        "hiking_odds": odds,
    }


# ---------------------------------------------------------------------------------------------
# Climbing

CLIMB_DEFAULT_PENALTY = 5          # Climbing defaults to DX-5
CLIMB_ROLL_EVERY_S = 5 * 60        # a roll to start, then one every five minutes
COMBAT_CLIMB_FP_PER_ROLL = 1

# (value, name, modifier or None for no roll, unit, combat speed and regular speed in units per second,
#  how the speeds read)
CLIMBS = (
    ("ladder_up", "Ladder, going up", None, "rung", Fraction(3), Fraction(1), "3 rungs/s", "1 rung/s"),
    ("ladder_down", "Ladder, going down", None, "rung", Fraction(2), Fraction(1), "2 rungs/s", "1 rung/s"),
    ("tree", "Ordinary tree", 5, "ft", Fraction(1), Fraction(1, 3), "1 ft/s", "1 ft per 3 s"),
    ("mountain", "Ordinary mountain", 0, "ft", Fraction(1, 2), Fraction(10, 60), "1 ft per 2 s", "10 ft/min"),
    ("stone_wall", "Vertical stone wall", -3, "ft", Fraction(1, 5), Fraction(4, 60), "1 ft per 5 s", "4 ft/min"),
    ("building", "Modern building", -3, "ft", Fraction(1, 10), Fraction(2, 60), "1 ft per 10 s", "2 ft/min"),
    ("rope_up", "Rope, going up", -2, "ft", Fraction(1), Fraction(20, 60), "1 ft/s", "20 ft/min"),
    ("rope_down", "Rope, going down without equipment", -1, "ft", Fraction(2), Fraction(30, 60),
     "2 ft/s", "30 ft/min"),
    ("rope_down_equipment", "Rope, going down with equipment", -1, "ft", Fraction(12), Fraction(12),
     "12 ft/s", "12 ft/s"),
)
CLIMB = {row[0]: row for row in CLIMBS}


def climbing_base(climbing_skill: int, dx: int) -> int:
    """The better of Climbing skill and its default, DX-5; a skill of 0 means never learned, so DX-5
    alone (even when that is below 0)."""
    default = dx - CLIMB_DEFAULT_PENALTY
    return max(climbing_skill, default) if climbing_skill else default


def climbing_rolls(seconds: Fraction) -> int:
    """One roll to start, then one at each full five minutes still spent climbing."""
    return max(math.ceil(Fraction(seconds) / CLIMB_ROLL_EVERY_S), 1)


def time_text(seconds) -> str:
    """A duration as a reader says it: "45 s", "2 min 30 s", "1 h 5 min"."""
    seconds = Fraction(seconds)
    hours = math.floor(seconds / 3600)
    minutes = math.floor((seconds - 3600 * hours) / 60)
    rest = seconds - 3600 * hours - 60 * minutes
    parts = []
    if hours:
        parts.append(f"{hours} h")
    if minutes:
        parts.append(f"{minutes} min")
    if rest or not parts:
        parts.append(f"{n(rest)} s")
    return " ".join(parts)


@table("gurps.climbing")
def climbing_table():
    rows = tuple((name, "no roll" if modifier is None else signed(modifier), combat, regular)
                 for _, name, modifier, _, _, _, combat, regular in CLIMBS)
    return ("Climbing", ("Type of climb", "Modifier", "Combat speed", "Regular speed"), rows,
            "Subtract your encumbrance level as well. Climbing at combat speed costs 1 FP per Climbing roll. "
            "Some cells are read from a damaged source table: see the note below it.")


@calculator(
    id="gurps.climbing",
    system=SYSTEM,
    title="Climbing",
    summary="Your Climbing roll and its odds, how fast you climb at combat and regular speed, "
            "and how many rolls a climb takes.",
    page="gurps/climbing/",
    inputs=[
        Input("climb", "Type of climb", "choice", "mountain", choices=tuple((row[0], row[1]) for row in CLIMBS)),
        Input("climbing_skill", "Climbing skill", "int", 12, min=0, max=30,
              help="leave at 0 if you never learned it: you then roll against DX − 5"),
        Input("dx", "DX", "int", 10, min=1, max=30, help="Dexterity; without the skill you roll against DX − 5"),
        _encumbrance_input(),
        Input("height", "Height to climb", "int", 20, unit="ft", min=1, max=10_000,
              help="in rungs for a ladder"),
    ],
    outputs=[
        Output("roll_target", "Climbing roll against"),
        Output("success_odds", "Chance of each roll", format="percent"),
        Output("critical_failure_odds", "Chance of a critical failure", format="percent",
               help="a rope you tied yourself to does not save you"),
        Output("combat_speed", "Combat speed"),
        Output("regular_speed", "Regular speed"),
        Output("combat_time", "Time at combat speed"),
        Output("regular_time", "Time at regular speed"),
        Output("combat_rolls", "Rolls at combat speed", min=0),
        Output("regular_rolls", "Rolls at regular speed", min=0),
        Output("combat_fp", "FP spent at combat speed", "FP", min=0),
        Output("combat_all_odds", "Chance to make every roll, combat speed", format="percent"),
        Output("regular_all_odds", "Chance to make every roll, regular speed", format="percent"),
    ],
)
def climbing(step, climb, climbing_skill, dx, encumbrance_level, height):
    _, name, modifier, unit, combat_rate, regular_rate, combat_speed, regular_speed = CLIMB[climb]
    units = unit + ("s" if height != 1 else "") if unit == "rung" else unit
    combat_s = Fraction(height) / combat_rate
    regular_s = Fraction(height) / regular_rate
    step(f"{name}: combat speed {combat_speed}, regular speed {regular_speed}: {height} {units} take "
         f"{time_text(combat_s)} at combat speed, {time_text(regular_s)} at regular speed.",
         rule="#types-of-climb-and-speeds")
    if modifier is None:
        step("Ladders need no Climbing roll, so they cost no rolls and no FP.", rule="#the-climbing-roll")
        return {
            "roll_target": "no roll", "success_odds": 1, "critical_failure_odds": 0,
            "combat_speed": combat_speed, "regular_speed": regular_speed,
            "combat_time": time_text(combat_s), "regular_time": time_text(regular_s),
            "combat_rolls": 0, "regular_rolls": 0, "combat_fp": 0, "combat_all_odds": 1, "regular_all_odds": 1,
        }
    base = climbing_base(climbing_skill, dx)
    if base == climbing_skill and climbing_skill:
        source = f"Climbing skill {climbing_skill}"
    else:
        source = f"the default DX − 5 = {dx} − 5 = {n(base)}"
        if climbing_skill:
            source += f" (better than skill {climbing_skill})"
    target = base + modifier - encumbrance_level
    step(f"Climbing roll = {source}, {signed(modifier)} for the climb, − {encumbrance_level} encumbrance = {n(target)}.",
         rule="#the-climbing-roll")
    odds = success_odds(target)
    step(f"Each roll on 3d6 against {n(target)}: {n(odds['success'] * 100)}% success, "
         f"{n(odds['critical failure'] * 100)}% critical failure; any failure is a fall.", rule="#falling")
    roll_chart(step, target, "Climbing", f"succeeds {percent_text(odds['success'])} of the time; "
               f"critical failure {percent_text(odds['critical failure'])}")
    combat_rolls, regular_rolls = climbing_rolls(combat_s), climbing_rolls(regular_s)
    step(f"Rolls: one to start and one more for each full 5 minutes still climbing: {combat_rolls} at combat "
         f"speed (costing {combat_rolls} FP, 1 per roll), {regular_rolls} at regular speed.",
         rule="#how-often-to-roll")
    return {
        "roll_target": target, "success_odds": odds["success"],
        "critical_failure_odds": odds["critical failure"],
        "combat_speed": combat_speed, "regular_speed": regular_speed,
        "combat_time": time_text(combat_s), "regular_time": time_text(regular_s),
        "combat_rolls": combat_rolls, "regular_rolls": regular_rolls,
        "combat_fp": COMBAT_CLIMB_FP_PER_ROLL * combat_rolls,
        "combat_all_odds": odds["success"] ** combat_rolls,
        "regular_all_odds": odds["success"] ** regular_rolls,
    }
