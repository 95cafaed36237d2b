"""Jumping (docs: gurps/jumping.md): standing and running high and broad jumps by Basic Move.
A high jump is worked in inches and read in feet and inches (the outputs keep the inches).

>>> high_jump_inches(6), broad_jump_feet(6), height_text(high_jump_inches(6))
(26, 9, '26 in = 2 ft 2 in')
"""

from __future__ import annotations

from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table, feet_inches_text
from ..notation import number_text as n
from .common import SYSTEM


def high_jump_inches(basic_move: int) -> int:
    """(6 x Basic Move) - 10 inches, never negative."""
    return max(6 * basic_move - 10, 0)


def broad_jump_feet(basic_move: int) -> int:
    """(2 x Basic Move) - 3 feet, never negative."""
    return max(2 * basic_move - 3, 0)


def height_text(inches: int) -> str:
    """The formula's inches, then feet and inches once there is a foot or more: "26 in = 2 ft 2 in"."""
    return f"{n(inches)} in" if abs(inches) < 12 else f"{n(inches)} in = {feet_inches_text(inches)}"


@declare_calculator(
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
        Output("high_jump_in", "High jump", "in", format="feet_inches", min=0),
        Output("broad_jump_ft", "Broad jump", "ft", min=0),
        Output("standing_high_jump_in", "Standing high jump", "in", format="feet_inches", min=0),
        Output("standing_broad_jump_ft", "Standing broad jump", "ft", min=0),
        Output("max_high_jump_in", "Highest running high jump", "in", format="feet_inches", min=0),
        Output("max_broad_jump_ft", "Longest running broad jump", "ft", min=0),
    ],
)
def jump(step: Working, basic_move: int, running_yards: int) -> dict[str, Any]:
    """How high and how far you jump from a standstill, and with a running start of some yards,
    which adds to Basic Move but can at most double the standing jump (docs:
    gurps/jumping.md#standing-jumps, #running-jumps).

    The page's examples, Basic Move 6 standing and then after a 4-yard run:

    >>> from rulescore import calculate
    >>> calculate("gurps.jump", {"basic_move": 6})["high_jump_in"]
    26
    >>> r = calculate("gurps.jump", {"basic_move": 6, "running_yards": 4})
    >>> r["high_jump_in"], r["broad_jump_ft"]
    (50, 17)
    """
    standing_high = high_jump_inches(basic_move)
    standing_broad = broad_jump_feet(basic_move)
    step(f"Standing high jump = 6 × Basic Move − 10 = 6 × {basic_move} − 10 = {height_text(6 * basic_move - 10)}"
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
             f"= {height_text(high_jump_inches(effective))}, at most twice the standing jump "
             f"({feet_inches_text(2 * standing_high)}): {feet_inches_text(high)}.", rule="#running-jumps")
        step(f"Running broad jump = 2 × (Basic Move + yards run) − 3 = 2 × ({basic_move} + {running_yards}) − 3 "
             f"= {broad_jump_feet(effective)} ft, at most twice the standing jump ({2 * standing_broad} ft): "
             f"{broad} ft.", rule="#running-jumps")
    return {
        "high_jump_in": high,
        "broad_jump_ft": broad,
        "standing_high_jump_in": standing_high,
        "standing_broad_jump_ft": standing_broad,
        "max_high_jump_in": 2 * standing_high,
        "max_broad_jump_ft": 2 * standing_broad,
    }


@declare_table("gurps.jump_distances")
def jump_distances_table() -> TableContent:
    rows = tuple(
        (bm, feet_inches_text(high_jump_inches(bm)), feet_inches_text(2 * high_jump_inches(bm)), broad_jump_feet(bm),
         2 * broad_jump_feet(bm))
        for bm in range(1, 11)
    )
    return TableContent("Jumping distance by Basic Move",
                        ("Basic Move", "Standing high jump", "Best running high jump",
                         "Standing broad jump (ft)", "Best running broad jump (ft)"),
                        rows,
                        "A running start adds the yards run to Basic Move, up to the doubled figure.")
