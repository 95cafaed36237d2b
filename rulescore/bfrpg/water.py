"""Waterborne travel: vessels and their 12-hour day, navigators sailing round the clock,
what each wind does to a sailing ship, and gale damage.

docs: bfrpg/waterborne.md
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from .shared import SYSTEM, WATER_PAGE, multiplier_text

WATER_DAY_HOURS = 12
NAVIGATOR_HOURS = 24
GALE_DICE = (2, 8)


class Wind(NamedTuple):
    """A row of the wind table: its d% range and the multipliers on a sailing ship's rate."""

    key: str
    label: str
    low: int  # d%, 100 read as "00"
    high: int
    sail: Fraction  # with the wind
    tack: Fraction  # against it


WINDS = (
    Wind("becalmed", "Becalmed", 1, 5, Fraction(0), Fraction(0)),
    Wind("very_light_breeze", "Very light breeze", 6, 13, Fraction(1, 3), Fraction(0)),
    Wind("light_breeze", "Light breeze", 14, 25, Fraction(1, 2), Fraction(1, 3)),
    Wind("moderate_breeze", "Moderate breeze", 26, 40, Fraction(2, 3), Fraction(1, 3)),
    Wind("average", "Average winds", 41, 70, Fraction(1), Fraction(1, 2)),
    Wind("strong", "Strong winds", 71, 85, Fraction(4, 3), Fraction(2, 3)),
    Wind("very_strong", "Very strong winds", 86, 96, Fraction(3, 2), Fraction(0)),
    Wind("gale", "Gale", 97, 100, Fraction(2), Fraction(0)),
)
WIND = {wind.key: wind for wind in WINDS}
TACKING_IMPOSSIBLE = ("very_strong", "gale")  # the rules say so outright; other ×0 cases just make no headway


class Vessel(NamedTuple):
    """A boat or ship: miles per 12-hour day under sail and rowed (paddled, poled), None where it can't."""

    key: str
    label: str
    sail: int | None
    row: int | None


VESSELS = (
    Vessel("canoe", "Canoe", None, 30),
    Vessel("caravel", "Caravel", 42, None),
    Vessel("carrack", "Carrack", 48, None),
    Vessel("small_galley", "Small galley", 36, 24),
    Vessel("large_galley", "Large galley", 42, 24),
    Vessel("longship", "Longship", 42, 24),
    Vessel("raft", "Raft or barge", None, 18),
    Vessel("riverboat", "Riverboat", None, 30),
    Vessel("rowboat", "Rowboat", None, 24),
    Vessel("sailboat", "Sailboat", 36, None),
)
VESSEL = {vessel.key: vessel for vessel in VESSELS}
WIND_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _d100_range(low: int, high: int) -> str:
    """"06–13", "97–00": d% as read off the dice (notation.span writes neither the 0 nor the 00)."""
    def text(value: int) -> str:
        return "00" if value == 100 else f"{value:02d}"
    return f"{text(low)}–{text(high)}"


@declare_table("bfrpg.sailing_winds")
def sailing_winds_table() -> TableContent:
    rows = tuple((_d100_range(wind.low, wind.high), wind.label, multiplier_text(wind.sail),
                  "not possible" if wind.key in TACKING_IMPOSSIBLE else multiplier_text(wind.tack))
                 for wind in WINDS)
    return TableContent("Wind and sailing speed", ("d%", "Wind", "With the wind", "Against the wind (tacking)"),
                        rows,
                        "Multipliers apply to a sailing ship's miles per day. Where sailing makes no headway (×0 or "
                        "not possible), a ship that has oars rows at its rowing rate instead. "
                        "A gale deals 2d8 damage per hour to a ship exposed to it.")


@declare_table("bfrpg.wind_direction")
def wind_direction_table() -> TableContent:
    rows = tuple((str(i + 1), d) for i, d in enumerate(WIND_DIRECTIONS)) + (("9–12", "the local prevailing wind"),)
    return TableContent("Wind direction (1d12)", ("d12", "Wind from"), rows, "")


@declare_table("bfrpg.vessels")
def vessels_table() -> TableContent:
    rows = tuple((vessel.label, vessel.sail if vessel.sail is not None else "—",
                  vessel.row if vessel.row is not None else "—",
                  "sails and oars" if vessel.sail and vessel.row else ("sails" if vessel.sail else "no sails"))
                 for vessel in VESSELS)
    return TableContent("Vessels (miles per 12-hour day)",
                        ("Vessel", "Under sail", "Rowed, paddled or poled", "Moved by"),
                        rows, "Wind changes only the sailing figure.")


@declare_calculator(
    id="bfrpg.sailing",
    system=SYSTEM,
    title="Travel by water",
    summary="Miles a boat or ship covers in a day for the wind it meets, rowing, tacking or sailing round the clock.",
    page=WATER_PAGE,
    inputs=[
        Input("vessel", "Vessel", "choice", "caravel", choices=tuple((v.key, v.label) for v in VESSELS)),
        Input("wind", "Wind", "choice", "average", choices=tuple((w.key, w.label) for w in WINDS)),
        Input("against_wind", "Against the wind (tacking)", "bool", False),
        Input("navigator_24h", "Qualified navigator, sailing day and night", "bool", False,
              help="not for ships that stop each night or lack their minimum crew"),
        Input("rowing", "Rowing instead of sailing", "bool", False, help="galleys and longships"),
    ],
    outputs=[
        Output("miles_per_day", "Miles per day", "miles", min=0),
        Output("hours_per_day", "Hours of travel a day", "h", min=WATER_DAY_HOURS, max=NAVIGATOR_HOURS),
        Output("propulsion", "Moving by"),
        Output("wind_multiplier", "Wind multiplier", help="on the sailing rate; shown only under sail",
               min=0, max=max(w.sail for w in WINDS)),
        Output("gale_damage", "Gale damage"),
        Output("gale_damage_average", "Gale damage a day, average", "HP", min=0),
        Output("note", "What the rules say"),
    ],
)
def sailing(step: Working, vessel: str, wind: str, against_wind: bool, navigator_24h: bool,
            rowing: bool) -> dict[str, Any]:
    """Miles a boat or ship covers in a day: its rate under sail (times the wind's multiplier,
    with or against the wind, doubled by a navigator sailing round the clock) or rowed, and
    the damage a gale does. The rules of docs: bfrpg/waterborne.md#vessels-and-the-sailing-day
    and bfrpg/waterborne.md#wind-and-weather; the page's worked examples, a carrack with a
    navigator in strong winds, and a longship against very strong winds:

    >>> from rulescore import calculate
    >>> carrack = calculate("bfrpg.sailing", {"vessel": "carrack", "wind": "strong", "navigator_24h": True})
    >>> carrack["miles_per_day"], carrack["hours_per_day"], carrack["propulsion"]
    (128, 24, 'sails')
    >>> longship = calculate("bfrpg.sailing", {"vessel": "longship", "wind": "very_strong", "against_wind": True})
    >>> longship["miles_per_day"], longship["propulsion"]
    (24, 'oars')
    >>> longship["note"]
    'Very strong winds: sailing against the wind is not possible; the longship rows instead.'
    """
    boat = VESSEL[vessel]
    sail_rate, oar_rate = boat.sail, boat.row
    name = boat.label.lower()
    weather = WIND[wind]
    wind_label = weather.label
    factor = weather.tack if against_wind else weather.sail  # what the wind does to sailing
    notes = []
    if sail_rate is None:
        use_sail = False
        step(f"Vessel: a {name} has no sails; it makes {oar_rate} miles in a 12-hour day whatever the wind.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "oars, paddles or poles"
    elif oar_rate is None:
        use_sail = True
        step(f"Vessel: a {name} has no oars, so it sails ({sail_rate} miles in a 12-hour day)."
             if rowing else f"Vessel: a {name} sails {sail_rate} miles in a 12-hour day.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "sails"
    elif rowing:
        use_sail = False
        step(f"Vessel: a {name} makes {sail_rate} miles a day under sail or {oar_rate} rowed; it is rowing.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "oars"
    elif not factor:
        # Our reading: a ship that has oars rows whenever its sails cannot carry it.
        use_sail = False
        if wind == "becalmed":
            why = "Becalmed: sails are useless"
        elif against_wind and wind in TACKING_IMPOSSIBLE:
            why = f"{wind_label}: sailing against the wind is not possible"
        else:
            why = f"{wind_label}: too little wind to make headway against it"
        step(f"{why}, so the {name} takes to its oars and rows at its rowing rate ({oar_rate} miles a day).",
             rule="#wind-and-weather")
        notes.append(f"{why}; the {name} rows instead.")
        propulsion = "oars"
    else:
        use_sail = True
        step(f"Vessel: a {name} makes {sail_rate} miles a day under sail or {oar_rate} rowed; it is sailing.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "sails"
    wind_multiplier: Fraction | None
    if use_sail:
        assert sail_rate is not None  # a vessel without sails never sails
        direction = "against the wind (tacking)" if against_wind else "with the wind"
        step(f"Wind: {wind_label.lower()}, {direction} = {multiplier_text(factor)}"
             + (" (no headway)." if not factor else "."), rule="#wind-and-weather")
        if not factor:
            if wind == "becalmed":
                notes.append("Becalmed: a ship with only sails cannot move.")
            elif against_wind and wind in TACKING_IMPOSSIBLE:
                notes.append(f"{wind_label}: sailing against the wind is not possible.")
            else:
                notes.append(f"{wind_label}: too little wind to make headway against it.")
        rate = sail_rate * factor
        hours = NAVIGATOR_HOURS if navigator_24h and factor else WATER_DAY_HOURS
        if navigator_24h and factor:
            step(f"Navigator aboard, sailing day and night: 24 hours instead of 12 doubles the distance "
                 f"= 2 × {n(rate)} = {n(2 * rate)} miles.", rule="#vessels-and-the-sailing-day")
            rate *= 2
        if oar_rate is not None and rate < oar_rate:
            notes.append(f"Rowing would be faster in this wind: {oar_rate} miles a day.")
        wind_multiplier = factor
    else:
        assert oar_rate is not None  # a vessel that does not sail has oars, paddles or poles
        wind_multiplier = None  # the wind does not change a rowed vessel's rate
        rate = Fraction(oar_rate)
        hours = WATER_DAY_HOURS
        if against_wind and sail_rate is not None and factor:
            step("Tacking is a sailing matter: rowing ignores the wind's direction.", rule="#wind-and-weather")
        if navigator_24h:
            notes.append("Only sailing ships travel day and night with a navigator; 12 hours used.")
    dice_count, sides = GALE_DICE
    per_day: Fraction | None
    gale: str | None
    if wind == "gale":
        per_day = Fraction(dice_count * (sides + 1), 2) * hours
        gale = f"{dice_count}d{sides} per hour ({dice_count * hours}d{sides} a day)"
        step(f"Gale: a ship out in it takes {dice_count}d{sides} damage per hour, "
             f"{hours} hours × 9 = {n(per_day)} on average a day.", rule="#wind-and-weather")
        step.chart(f"{dice_count}d{sides} gale damage each hour",
                   roll_bars(dice.distribution(dice_count, sides), lambda total: "neutral"),
                   f"{n(Fraction(dice_count * (sides + 1), 2))} on average, rolled for each of {hours} hours")
        notes.append("A gale may damage or sink the ship.")
    else:
        per_day, gale = None, None  # no gale, no gale damage: the page hides both
    step(f"Distance = {n(rate)} miles in a {hours}-hour day.", rule="#vessels-and-the-sailing-day")
    if not notes:
        notes.append(f"{n(rate)} miles a day.")
    return {
        "miles_per_day": rate,
        "hours_per_day": hours,
        "propulsion": propulsion,
        "wind_multiplier": wind_multiplier,
        "gale_damage": gale,
        "gale_damage_average": per_day,
        "note": " ".join(notes),
    }
