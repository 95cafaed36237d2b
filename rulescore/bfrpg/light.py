"""Light: how far a torch, lantern or candle lights, and how long it burns.

docs: bfrpg/dungeon.md#light
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text, span
from .shared import DUNGEON_PAGE, SYSTEM
from .time_scale import TURN_MINUTES


class BurnDice(NamedTuple):
    """A burn time in turns: ``number``d``sides`` + ``add``."""

    number: int
    sides: int
    add: int

    @property
    def least(self) -> int:
        return self.number + self.add

    @property
    def most(self) -> int:
        return self.number * self.sides + self.add


class LightSource(NamedTuple):
    """A light: its bright radius and how far dim light reaches, in feet; burn dice or None."""

    key: str
    label: str
    lit_ft: int
    dim_ft: int
    burn: BurnDice | None


LIGHT_SOURCES = (
    LightSource("torch", "Torch", 30, 50, BurnDice(1, 4, 4)),
    LightSource("lantern", "Lantern (one flask of oil)", 30, 50, BurnDice(1, 6, 18)),
    LightSource("candle", "Candle", 5, 10, None),
)
LIGHT = {source.key: source for source in LIGHT_SOURCES}
CANDLE_TURNS_PER_INCH = 3


def burn_dice_text(burn: BurnDice) -> str:
    """"1d4+4": the book's notation, with the die's sides (notation.dice writes d6 dice only)."""
    return f"{burn.number}d{burn.sides}+{burn.add}"


def burns_longer_than(burn: BurnDice, turns: int) -> Fraction:
    """Exact chance a torch or lantern still burns after ``turns`` turns (burn time > turns)."""
    return dice.chance(burn.number, burn.sides, lambda total: total + burn.add > turns)


@declare_calculator(
    id="bfrpg.light",
    system=SYSTEM,
    title="Light sources",
    summary="How far a torch, lantern or candle lights, how long it lasts, and the chance it is still alight.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("source", "Light source", "choice", "torch",
              choices=tuple((source.key, source.label) for source in LIGHT_SOURCES)),
        Input("candle_height_in", "Candle height", "number", 6, unit="in", min=Fraction(1, 2), max=24,
              step=Fraction(1, 2), help="only for a candle"),
        Input("turns", "Turns already burning", "int", 6, unit="turns", min=0, max=100,
              help="a turn is about 10 minutes"),
    ],
    outputs=[
        Output("lit_radius_ft", "Light out to", "ft", min=min(s.lit_ft for s in LIGHT_SOURCES),
               max=max(s.lit_ft for s in LIGHT_SOURCES)),
        Output("dim_radius_ft", "Dim light out to", "ft", min=min(s.dim_ft for s in LIGHT_SOURCES),
               max=max(s.dim_ft for s in LIGHT_SOURCES)),
        Output("burn_min_turns", "Burns at least", "turns", min=0),
        Output("burn_max_turns", "Burns at most", "turns", min=0),
        Output("burn_average_turns", "Burns on average", "turns", min=0),
        Output("burn_min_minutes", "Burns at least", "minutes", min=0),
        Output("burn_max_minutes", "Burns at most", "minutes", min=0),
        Output("still_burning", "Chance it is still alight", format="percent"),
        Output("still_burning_x_in_y", "Still alight, as odds"),
    ],
)
def light(step: Working, source: str, candle_height_in: Fraction, turns: int) -> dict[str, Any]:
    """How far a torch, lantern or candle lights, how long it burns, and the chance that it is
    still alight after a number of turns. The light rules of docs: bfrpg/dungeon.md#light; the
    page's worked example, a lantern after 20 turns (1d6+18 turns: a roll of 3 or more):

    >>> from rulescore import calculate
    >>> result = calculate("bfrpg.light", {"source": "lantern", "turns": 20})
    >>> result["lit_radius_ft"], result["dim_radius_ft"], result["burn_min_turns"], result["burn_max_turns"]
    (30, 50, 19, 24)
    >>> result["still_burning_x_in_y"]
    '2 in 3'
    """
    lamp = LIGHT[source]
    label, lit, dim, burn = lamp.label, lamp.lit_ft, lamp.dim_ft, lamp.burn
    step(f"Light: a {label.lower()} lights a {lit}' radius; dim light reaches {dim - lit}' further, to {dim}'.",
         rule="#light")
    low: int | Fraction
    high: int | Fraction
    average: int | Fraction
    if burn is None:
        low = high = CANDLE_TURNS_PER_INCH * candle_height_in
        average = low
        still = Fraction(1) if low > turns else Fraction(0)
        step(f"Burn time: a taper candle burns about {CANDLE_TURNS_PER_INCH} turns per inch = "
             f"{CANDLE_TURNS_PER_INCH} × {n(candle_height_in)} in = {n(low)} turns.", rule="#light")
        step(f"After {turns} turns: {n(low)} turns of burning is "
             + ("more, so it is still alight." if still else "not more, so it has burned out."), rule="#light")
    else:
        low, high = burn.least, burn.most
        average = Fraction(burn.number * (burn.sides + 1), 2) + burn.add
        step(f"Burn time = {burn_dice_text(burn)} turns: {low} to {high}, {n(average)} on average.", rule="#light")
        still = burns_longer_than(burn, turns)
        step(f"After {turns} turns it is still alight if its burn time is more than {turns}: "
             f"chance {dice.x_in_y(still)} ({n(still * 100)}%).", rule="#light")
        step.chart(f"{burn_dice_text(burn)} turns of burning against {turns} turns",
                   roll_bars({total + burn.add: p for total, p in dice.distribution(burn.number, burn.sides).items()},
                             lambda total: "success" if total > turns else "failure"),
                   f"still alight {percent_text(still)} of the time")
    return {
        "lit_radius_ft": lit,
        "dim_radius_ft": dim,
        "burn_min_turns": low,
        "burn_max_turns": high,
        "burn_average_turns": average,
        "burn_min_minutes": TURN_MINUTES * low,
        "burn_max_minutes": TURN_MINUTES * high,
        "still_burning": still,
        "still_burning_x_in_y": dice.x_in_y(still),
    }


@declare_table("bfrpg.light_sources")
def light_table() -> TableContent:
    rows = []
    for lamp in LIGHT_SOURCES:
        if lamp.burn is None:
            turns = f"about {CANDLE_TURNS_PER_INCH} per inch of height"
            minutes = f"about {CANDLE_TURNS_PER_INCH * TURN_MINUTES} per inch"
        else:
            turns = f"{burn_dice_text(lamp.burn)} ({span(lamp.burn.least, lamp.burn.most)})"
            minutes = span(TURN_MINUTES * lamp.burn.least, TURN_MINUTES * lamp.burn.most)
        rows.append((lamp.label, f"{lamp.lit_ft}'", f"{lamp.dim_ft}'", turns, minutes))
    return TableContent("Light sources",
                        ("Source", "Light radius", "Dim light to", "Burns (turns)", "Burns (minutes)"),
                        tuple(rows), "' = feet. Dim light is the ring beyond the lit radius.")
