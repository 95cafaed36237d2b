"""Basic damage by ST: thrust and swing for ST 1 to 100, and the two tables that print them.

The ``gurps.damage`` calculator that reads this table is in :mod:`rulescore.gurps.injury`
(its page, docs: gurps/injury.md#basic-damage-by-st); throwing uses it too.

>>> damage_for_st(13)
Damage(thrust=Dice(dice_count=1, adds=0), swing=Dice(dice_count=2, adds=-1))
>>> damage_for_st(100).thrust
Dice(dice_count=11, adds=0)
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import TableContent, declare_table
from ..notation import dice_shown, span


class Dice(NamedTuple):
    """GURPS dice: ``dice_count`` six-sided dice plus ``adds``."""

    dice_count: int
    adds: int


class DamageRow(NamedTuple):
    """A row of GURPS Lite's damage table: the ST it covers, thrust and swing."""

    low_st: int
    high_st: int
    thrust: Dice
    swing: Dice


def _row(low: int, high: int, thrust: tuple[int, int], swing: tuple[int, int]) -> DamageRow:
    return DamageRow(low, high, Dice(*thrust), Dice(*swing))


# ST 1-20 as GURPS Lite's damage table gives it; nothing is extrapolated.
DAMAGE_ROWS = (
    _row(1, 2, (1, -6), (1, -5)), _row(3, 4, (1, -5), (1, -4)), _row(5, 6, (1, -4), (1, -3)),
    _row(7, 8, (1, -3), (1, -2)), _row(9, 9, (1, -2), (1, -1)), _row(10, 10, (1, -2), (1, 0)),
    _row(11, 11, (1, -1), (1, 1)), _row(12, 12, (1, -1), (1, 2)), _row(13, 13, (1, 0), (2, -1)),
    _row(14, 14, (1, 0), (2, 0)), _row(15, 15, (1, 1), (2, 1)), _row(16, 16, (1, 1), (2, 2)),
    _row(17, 17, (1, 2), (3, -1)), _row(18, 18, (1, 2), (3, 0)), _row(19, 19, (2, -1), (3, 1)),
    _row(20, 20, (2, -1), (3, 2)),
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


def parse_dice(text: str) -> Dice:
    """GURPS dice notation back to (dice, adds): "4d-1" -> (4, -1), "2d" -> (2, 0)."""
    count, _, adds = text.partition("d")
    return Dice(int(count), int(adds or 0))


class Damage(NamedTuple):
    """Basic damage for one ST."""

    thrust: Dice
    swing: Dice


_DAMAGE_BY_ST = {st: Damage(row.thrust, row.swing) for row in DAMAGE_ROWS
                 for st in range(row.low_st, row.high_st + 1)}
_DAMAGE_BY_ST.update({
    LITE_DAMAGE_TOP_ST + 1 + i: Damage(*(parse_dice(text) for text in pair.split()))
    for i, pair in enumerate(_DAMAGE_ABOVE_20.split(", "))
})
DAMAGE_ST_RANGE = (min(_DAMAGE_BY_ST), max(_DAMAGE_BY_ST))


ST_TOP = 1000  # the highest ST the site takes (a huge creature's); past 100 the table goes on by its rule
PAST_TOP_STEP = 10  # past ST 100, +1d to thrust and swing for each 10 ST more


def damage_for_st(st: int) -> Damage:
    """Thrust and swing, each (dice, adds), for ST 1-1000: the table to 100; past it, the Basic
    Set's rule (+1d to both for each 10 ST more), the ST in between as the table's last ten steps
    them (ST 105 as ST 95 with 1d more).

    >>> [tuple(damage_for_st(st).thrust) + tuple(damage_for_st(st).swing) for st in (100, 105, 120)]
    [(11, 0, 13, 0), (11, 2, 13, 2), (13, 0, 15, 0)]
    """
    if DAMAGE_ST_RANGE[1] < st <= ST_TOP:
        more = -(-(st - DAMAGE_ST_RANGE[1]) // PAST_TOP_STEP)  # the tens of ST past 100, a part counted whole
        (thrust, thrust_adds), (swing, swing_adds) = _DAMAGE_BY_ST[st - PAST_TOP_STEP * more]
        return Damage(Dice(thrust + more, thrust_adds), Dice(swing + more, swing_adds))
    if st not in _DAMAGE_BY_ST:
        raise ValueError(f"the damage table covers ST {DAMAGE_ST_RANGE[0]}-{ST_TOP}, not {st}")
    return _DAMAGE_BY_ST[st]


@declare_table("gurps.damage_by_st")
def damage_table() -> TableContent:
    rows = tuple((span(row.low_st, row.high_st), dice_shown(*row.thrust), dice_shown(*row.swing))
                 for row in DAMAGE_ROWS)
    return TableContent("Basic damage by ST", ("ST", "Thrust", "Swing"), rows,
                        "GURPS Lite's table stops at ST 20; the GURPS Basic Set continues it to ST 100 "
                        "(Basic damage by ST, 21 to 100).")


DAMAGE_TABLE_COLUMNS = 4  # ST 21-100 in four side-by-side blocks of 20


@declare_table("gurps.damage_by_st_above_20")
def damage_above_20_table() -> TableContent:
    per_block = (DAMAGE_ST_RANGE[1] - LITE_DAMAGE_TOP_ST) // DAMAGE_TABLE_COLUMNS
    rows = []
    for i in range(per_block):
        row: list[int | str] = []
        for block in range(DAMAGE_TABLE_COLUMNS):
            st = LITE_DAMAGE_TOP_ST + 1 + block * per_block + i
            thrust, swing = _DAMAGE_BY_ST[st]
            row += [st, dice_shown(*thrust), dice_shown(*swing)]
        rows.append(tuple(row))
    return TableContent("Basic damage by ST, 21 to 100", ("ST", "Thrust", "Swing") * DAMAGE_TABLE_COLUMNS,
                        tuple(rows), "From the GURPS Basic Set, which continues the table past GURPS Lite's ST 20.")
