"""Fatigue and recovery (docs: shell/fatigue-and-recovery.md): END lost in combat and what low
END does, HP regained a day by HT, and END regained an hour of rest. The rounds per point of
END by encumbrance level are in :mod:`.encumbrance`, whose table shows them too.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import signed
from .common import CHART_RANGE, PRIMARY_CHART, SYSTEM, max_encumbrance
from .encumbrance import ROUNDS_PER_END


def hp_recovery_percent(ht: int) -> Fraction:
    """Daily HP recovery in percent: the maximum encumbrance for ST = HT, divided by 20.

    >>> hp_recovery_percent(10), hp_recovery_percent(11)
    (Fraction(10, 1), Fraction(23, 2))
    """
    return Fraction(max_encumbrance(ht), 20)


def hp_per_day(ht: int, base_hp: int) -> Fraction:
    """HP an injured location regains a day: base HP × the daily share by HT.

    >>> hp_per_day(11, 10)
    Fraction(23, 20)
    """
    return base_hp * hp_recovery_percent(ht) / 100


@declare_calculator(
    id="shell.recovery",
    system=SYSTEM,
    title="Recovery",
    summary="Hit points regained a day (by HT) at each injured location, and END regained an hour of rest.",
    page="shell/fatigue-and-recovery/",
    inputs=[
        Input("ht", "HT", "int", 10, min=CHART_RANGE.low, max=CHART_RANGE.high,
              help="read on the Primary Attribute Chart as if it were ST"),
        Input("base_hp", "Base HP", "int", 10, min=1, max=100),
        Input("damage", "Damage at the location", "int", 4, min=0, max=400, help="0 if the location is unhurt"),
        Input("base_end", "Base END", "int", 10, min=1, max=100),
    ],
    outputs=[
        Output("hp_recovery_percent", "HP recovery", "% a day", min=7, max=40),
        Output("hp_per_day", "HP a day", "HP", min=0, max=40),
        Output("days_to_heal", "Days to heal the location", "days", min=0),
        Output("end_per_hour", "END an hour of rest", "END", min=0, max=20),
    ],
)
def recovery(step: Working, ht: int, base_hp: int, damage: int, base_end: int) -> dict[str, Any]:
    """How fast a character heals: each injured location regains (maximum encumbrance for
    ST = HT) / 20 percent of base HP a day, fractions carried from day to day (our reading),
    and rest restores 20% of base END an hour (docs: shell/fatigue-and-recovery.md#hit-points
    and #endurance).

    >>> from rulescore import calculate
    >>> healing = calculate("shell.recovery", {"ht": 11, "base_hp": 10, "damage": 4})
    >>> healing["hp_recovery_percent"], healing["hp_per_day"], healing["days_to_heal"], healing["end_per_hour"]
    (11.5, 1.15, 4, 2)
    """
    pct = hp_recovery_percent(ht)
    step(f"HP recovery: maximum encumbrance for ST {ht} = {max_encumbrance(ht)} lb, / 20 = {n(pct)}% a day.",
         rule="#hit-points")
    per_day = hp_per_day(ht, base_hp)
    step(f"HP a day = {base_hp} × {n(pct)}% = {n(per_day)} HP at each injured location.", rule="#hit-points")
    days = math.ceil(damage / per_day) if damage else 0
    if damage:
        step(f"{damage} HP at {n(per_day)} HP a day, fractions carried from day to day: {days} days.",
             rule="#hit-points")
    per_hour = Fraction(base_end, 5)
    step(f"END recovery = 20% of base END an hour of rest or sleep = {base_end} × 20% = {n(per_hour)} END.",
         rule="#endurance")
    return {"hp_recovery_percent": pct, "hp_per_day": per_day, "days_to_heal": days, "end_per_hour": per_hour}


@declare_calculator(
    id="shell.fatigue",
    system=SYSTEM,
    title="Fatigue",
    summary="END lost in combat by encumbrance level, and what low END does to ST, AG, MV and consciousness.",
    page="shell/fatigue-and-recovery/",
    inputs=[
        Input("encumbrance_level", "Encumbrance level (EL)", "int", 0, min=0, max=4),
        Input("base_end", "Base END", "int", 10, min=1, max=100),
        Input("rounds", "Rounds of combat", "int", 0, min=0, max=1000, help="moving, attacking or defending"),
        Input("other_end_spent", "Other END spent", "int", 0, min=0, max=200, help="spells and the like"),
    ],
    outputs=[
        Output("rounds_per_end", "Rounds per END point", "rounds", min=5, max=25),
        Output("end_lost_in_combat", "END lost to combat", min=0, max=200),
        Output("current_end", "END left", min=-399, max=100),
        Output("one_third_end", "One third of base END", min=0, max=Fraction(100, 3)),
        Output("st_ag_modifier", "ST and AG", min=-2, max=0),
        Output("mv_effect", "MV"),
        Output("wp_roll", "To stay conscious"),
    ],
)
def fatigue(step: Working, encumbrance_level: int, base_end: int, rounds: int, other_end_spent: int) -> dict[str, Any]:
    """What fighting and spending END do: 1 END lost every so many rounds of combat by
    encumbrance level (25 at EL 0 down to 5 at EL 4); at a third of base END or less ST and
    AG −1 and MV −1; at 0 or less ST and AG −2, MV halved and a WP roll at the END total to
    stay conscious (docs: shell/fatigue-and-recovery.md#fatigue and #combat-fatigue).

    >>> from rulescore import calculate
    >>> tired = calculate("shell.fatigue", {"encumbrance_level": 3, "base_end": 11, "rounds": 45,
    ...                                     "other_end_spent": 2})
    >>> tired["end_lost_in_combat"], tired["current_end"], tired["st_ag_modifier"], tired["mv_effect"]
    (4, 5, 0, 'no effect')
    """
    per = ROUNDS_PER_END[encumbrance_level]
    lost = rounds // per
    step(f"Combat fatigue at EL {encumbrance_level}: 1 END every {per} rounds; {rounds} rounds cost {lost} END.",
         rule="#combat-fatigue")
    current = base_end - lost - other_end_spent
    step(f"END left = {base_end} − {lost} − {other_end_spent} = {n(current)}.", rule="#fatigue")
    third = Fraction(base_end, 3)
    if current <= 0:
        st_ag, mv, wp = -2, "halved", f"WP roll at {signed(current)}"
        step(f"END 0 or lower: ST and AG −2, MV halved, and a WP roll at {signed(current)} (the END total) "
             f"to stay conscious.", rule="#fatigue")
    elif current <= third:
        st_ag, mv, wp = -1, "−1", "no roll"
        step(f"END {current} is at or below a third of base END ({n(third)}): ST and AG −1, MV −1.", rule="#fatigue")
    else:
        st_ag, mv, wp = 0, "no effect", "no roll"
        step(f"END {current} is above a third of base END ({n(third)}): no effect.", rule="#fatigue")
    return {"rounds_per_end": per, "end_lost_in_combat": lost, "current_end": current, "one_third_end": third,
            "st_ag_modifier": st_ag, "mv_effect": mv, "wp_roll": wp}


@declare_table("shell.combat_fatigue")
def combat_fatigue_table() -> TableContent:
    rows = tuple((level, rounds) for level, rounds in ROUNDS_PER_END.items())
    return TableContent("Combat fatigue", ("EL", "Rounds per END point"), rows,
                        "Rounds of moving, attacking or defending in hand-to-hand combat.")


@declare_table("shell.hp_recovery")
def hp_recovery_table() -> TableContent:
    rows = tuple((ht, f"{n(hp_recovery_percent(ht))}%") for ht in PRIMARY_CHART)
    return TableContent("HP recovery by HT", ("HT", "HP regained a day"), rows,
                        "Percent of base HP, at each injured location: maximum encumbrance for ST = HT, divided by 20.")
