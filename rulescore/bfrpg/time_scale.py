"""Time and scale: turns and rounds, and how a movement rate in feet per round becomes
movement per turn (dungeon) and miles per day (wilderness).

docs: bfrpg/dungeon.md#time-and-scale, bfrpg/wilderness.md#wilderness-movement-rates

>>> wilderness_miles(40), TURN_MOVE_MULTIPLE * 40
(Fraction(24, 1), 120)
"""

from __future__ import annotations

from fractions import Fraction

from ..core import TableContent, declare_table

TURN_MINUTES = 10
ROUND_SECONDS = 10
ROUNDS_PER_TURN = 60
TURN_MOVE_MULTIPLE = 3  # movement per turn = 3 x movement per round

WILDERNESS_FACTOR = Fraction(3, 5)  # miles per 8-hour day per foot of movement per round


def wilderness_miles(movement_ft: int | Fraction) -> Fraction:
    """Miles per 8-hour day in open, clear terrain: 0.6 x feet per round."""
    return WILDERNESS_FACTOR * movement_ft


@declare_table("bfrpg.time_scale")
def time_scale_table() -> TableContent:
    rows = (
        ("Game turn (turn)", f"about {TURN_MINUTES} minutes", f"{ROUNDS_PER_TURN} combat rounds",
         f"exploring: {TURN_MOVE_MULTIPLE} × the movement rate"),
        ("Combat round (round)", f"about {ROUND_SECONDS} seconds", f"1/{ROUNDS_PER_TURN} of a turn",
         "the movement rate, in feet"),
    )
    return TableContent("Time and scale", ("Unit", "Length", "Equals", "Movement in it"), rows,
                        "Indoors distances are in feet; outdoors movement and ranges are read in yards, "
                        "while areas of effect stay in feet.")
