"""Healing and rest: a hit point back each day for a character who sleeps as long as they need,
one more for full bed rest; the sleep needed is 6 hours less the Constitution bonus; a short
night heals nothing that day and costs −1 on attack rolls and saving throws, 1 worse for each
further short night, until one full night's sleep ends it. Hunger past two days or any day
without water stops natural healing (:mod:`.survival`).

docs: bfrpg/dungeon.md#healing-and-rest. The ``bfrpg.rest`` calculator, and the nights of a
session's days (:mod:`rulescore.bfrpg.session` calls :func:`night`).

>>> sleep_needed(3), sleep_needed(0), sleep_needed(-3)  # Constitution 18, 10, 3
(3, 6, 9)
>>> short_sleep_penalty(1), short_sleep_penalty(3), short_sleep_penalty(0)
(-1, -3, 0)

Our readings, where the rules leave a choice (also on the docs page):

- A day's hit point comes with the night's sleep that ends it; full bed rest's extra point is
  given the same evening and needs the same sleep: a short night heals nothing that day, bed
  rest or not.
- The penalty counts short nights in a row: the first gives −1, each further one 1 more; it
  holds through the day after a short night, and the next full night ends it whole.
- A character at 0 hit points or less heals nothing by rest (in Basic Fantasy they are dead).
- In a session, sleep is the party's: one "full" or "short" for everyone that night; bed rest
  only on a day of rest.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import signed, span
from ..play.common import State, name_of, note, sheet
from .abilities import ABILITY_BONUSES, BONUS_HIGHEST, BONUS_LOWEST, SCORE_RANGE, ability_bonus
from .shared import DUNGEON_PAGE, SCORE_DEFAULT, SYSTEM
from .survival import FOOD_GRACE_DAYS

BASE_SLEEP_HOURS = 6  # in 24, less the Constitution bonus
DAY_HP = 1  # a day with a night's normal sleep
BED_REST_HP = 1  # more for full bed rest
MAX_DAYS = 60
RULE = "#healing-and-rest"
SESSION_RULE = DUNGEON_PAGE + RULE


def sleep_needed(constitution_bonus: int) -> int:
    """Hours of sleep a character needs in 24: 6 less the Constitution bonus."""
    return BASE_SLEEP_HOURS - constitution_bonus


def short_sleep_penalty(short_nights: int) -> int:
    """The attack and saving throw adjustment after ``short_nights`` short nights in a row."""
    return -short_nights


def _hours(value: Any) -> str:
    hours = Fraction(value)
    return f"{n(hours)} hour{'' if hours == 1 else 's'}"


@declare_table("bfrpg.sleep_needed")
def sleep_table() -> TableContent:
    rows = tuple((span(band.low, band.high), signed(band.bonus), _hours(sleep_needed(band.bonus)))
                 for band in ABILITY_BONUSES)
    return TableContent("Sleep needed by Constitution", ("Constitution", "Bonus", "Sleep needed in 24 hours"), rows,
                        "Less sleep than that: no healing that day, and −1 to attack rolls and saving throws, "
                        "1 worse for each further short night, until a full night's sleep.")


@declare_calculator(
    id="bfrpg.rest",
    system=SYSTEM,
    title="Healing and rest",
    summary="The sleep a character needs, the hit points days of rest give back, and what short nights cost.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("constitution", "Constitution", "int", SCORE_DEFAULT, min=SCORE_RANGE[0], max=SCORE_RANGE[1]),
        Input("hours_slept", "Sleep each night", "number", 8, unit="hours", min=0, max=24, step=0.5,
              help="hours slept in each 24"),
        Input("bed_rest", "Full bed rest", "bool", False, help="the whole day in bed: 1 more HP a day"),
        Input("days", "Days", "int", 3, unit="days", min=1, max=MAX_DAYS),
        Input("short_nights", "Short nights just before", "int", 0, unit="nights", min=0, max=MAX_DAYS,
              help="nights in a row with less sleep than needed, before these days"),
        Input("hp_lost", "Hit points lost", "int", 4, unit="HP", min=0, max=299,
              help="wounds to heal; healing stops at full hit points"),
    ],
    outputs=[
        Output("constitution_bonus", "Constitution bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST),
        Output("sleep_needed_hours", "Sleep needed each night", "hours", min=sleep_needed(BONUS_HIGHEST),
               max=sleep_needed(BONUS_LOWEST)),
        Output("enough_sleep", "Enough sleep"),
        Output("hp_per_day", "Hit points back a day", "HP", min=0, max=DAY_HP + BED_REST_HP),
        Output("hp_healed", "Hit points back over the days", "HP", min=0, max=299),
        Output("hp_lost_after", "Hit points still lost", "HP", min=0, max=299),
        Output("penalty", "Attack rolls and saving throws", min=-2 * MAX_DAYS, max=0,
               help="the short-sleep penalty after these days; 0 after a full night"),
        Output("short_nights_after", "Short nights in a row", "nights", min=0, max=2 * MAX_DAYS),
    ],
)
def rest(step: Working, constitution: int, hours_slept: Fraction, bed_rest: bool, days: int, short_nights: int,
         hp_lost: int) -> dict[str, Any]:
    """The hours of sleep a character needs (6 less the Constitution bonus), whether the hours
    slept are enough, the hit points that many days give back (1 a day, 1 more with full bed
    rest, never more than were lost) and the attack and saving throw penalty of short nights.
    The rules of docs: bfrpg/dungeon.md#healing-and-rest; the page's worked examples, a
    Constitution of 16 sleeping 5 hours for 3 days in bed with 5 HP lost, and a Constitution of
    7 sleeping 6 hours for 2 nights after one short night already:

    >>> from rulescore import calculate
    >>> r = calculate("bfrpg.rest", {"constitution": 16, "hours_slept": 5, "bed_rest": True, "days": 3,
    ...                              "hp_lost": 5})
    >>> r["sleep_needed_hours"], r["enough_sleep"], r["hp_per_day"], r["hp_healed"], r["hp_lost_after"]
    (4, True, 2, 5, 0)
    >>> r = calculate("bfrpg.rest", {"constitution": 7, "hours_slept": 6, "days": 2, "short_nights": 1})
    >>> r["sleep_needed_hours"], r["enough_sleep"], r["hp_healed"], r["penalty"], r["short_nights_after"]
    (7, False, 0, -3, 3)
    """
    bonus = ability_bonus(constitution)
    need = sleep_needed(bonus)
    step(f"Ability bonus table: Constitution {constitution} gives {signed(bonus)}.", rule="#carrying-capacity")
    less = f"{BASE_SLEEP_HOURS} − {bonus}" if bonus >= 0 else f"{BASE_SLEEP_HOURS} + {-bonus}"
    step(f"Sleep needed = {BASE_SLEEP_HOURS} hours − Constitution bonus = {less} = {_hours(need)} in every 24.",
         rule=RULE)
    enough = hours_slept >= need
    nights = f"{days} night{'s' if days != 1 else ''}"
    if enough:
        per_day = DAY_HP + (BED_REST_HP if bed_rest else 0)
        step(f"{_hours(hours_slept)} a night is at least the {_hours(need)} needed: each day heals {DAY_HP} HP"
             + (f", and full bed rest {BED_REST_HP} more: {per_day} HP a day." if bed_rest else "."), rule=RULE)
        if short_nights:
            step(f"The first full night ends the {signed(short_sleep_penalty(short_nights))} of the "
                 f"{short_nights} short night{'s' if short_nights != 1 else ''} before.", rule=RULE)
        healed = min(per_day * days, hp_lost)
        step(f"Over {days} day{'s' if days != 1 else ''}: {per_day} × {days} = {per_day * days} HP, never more "
             f"than the {hp_lost} lost: {healed} HP back, {hp_lost - healed} still lost."
             if hp_lost else "No hit points lost: nothing to heal.", rule=RULE)
        after = 0
    else:
        per_day, healed = 0, 0
        after = short_nights + days
        step(f"{_hours(hours_slept)} a night is less than the {_hours(need)} needed: no healing on these days"
             + (", full bed rest or not." if bed_rest else "."), rule=RULE)
        step(f"Short nights: {short_nights} before and {nights} now make {after} in a row; the first costs −1 on "
             f"attack rolls and saving throws, each further one 1 more: {signed(short_sleep_penalty(after))} until "
             f"a full night's sleep.", rule=RULE)
    return {
        "constitution_bonus": bonus,
        "sleep_needed_hours": need,
        "enough_sleep": enough,
        "hp_per_day": per_day,
        "hp_healed": healed,
        "hp_lost_after": hp_lost - healed,
        "penalty": short_sleep_penalty(after),
        "short_nights_after": after,
    }


# --------------------------------------------------------------------------- in a session

SLEEP = Input("sleep", "Sleep that night", "choice", "full",
              choices=(("full", "full: as long as each needs"), ("short", "short: less than each needs")),
              help="each needs 6 hours less their Constitution bonus; a short night heals nothing and costs −1 "
                   "on attacks and saves")
BED_REST = Input("bed_rest", "Full bed rest", "bool", False, help="the whole day in bed: 1 more hit point each")


def heals_naturally(character: dict[str, Any]) -> bool:
    """Natural healing stops after two days without enough food, or any day without water."""
    fed: bool = character["days_without_food"] <= FOOD_GRACE_DAYS
    return fed and character["days_without_water"] == 0


def penalty(character: dict[str, Any]) -> int:
    """A session character's attack and saving throw adjustment for short sleep (0 if none)."""
    return short_sleep_penalty(character.get("short_nights", 0))  # sessions saved before count none


def penalty_text(adjustment: int) -> str:
    return f"short of sleep: {signed(adjustment)} to attack rolls and saving throws until a full night's sleep"


def night(state: State, at: str, short: bool, bed_rest: bool) -> None:
    """The night that ends a session's day, for each character: a full night heals 1 HP (2 with
    bed rest) and ends the short-sleep penalty; a short night heals nothing and worsens it.
    Logged per character with the rule."""
    for member_ in state["party"]:
        who = member_["id"]
        character, name, figures = state["characters"][who], name_of(state, who), sheet(state, who)
        need, top = sleep_needed(figures["constitution_bonus"]), figures["hp"]
        if character["hp"] <= 0:
            note(state, at, f"{name} is dead (0 hit points or less): rest heals nothing.", SESSION_RULE)
            continue
        if short:
            character["short_nights"] = character.get("short_nights", 0) + 1
            nights = character["short_nights"]
            note(state, at, f"{name} sleeps less than the {_hours(need)} they need: no healing today"
                            + (", bed rest or not" if bed_rest else "") + f"; {signed(penalty(character))} to attack "
                            f"rolls and saving throws" + (f" ({nights} short nights in a row)" if nights > 1 else "")
                            + " until a full night's sleep.", SESSION_RULE)
            continue
        ended = character.get("short_nights", 0)
        character["short_nights"] = 0
        slept = f"{name} sleeps the {_hours(need)} they need" + (
            f", which ends the {signed(short_sleep_penalty(ended))} of short sleep" if ended else "")
        if not heals_naturally(character):
            note(state, at, f"{slept}; hunger or thirst stops natural healing: no hit points back.", SESSION_RULE)
            continue
        if character["hp"] >= top:
            note(state, at, f"{slept}; already at full hit points ({top}).", SESSION_RULE)
            continue
        gain = DAY_HP + (BED_REST_HP if bed_rest else 0)
        capped = character["hp"] + gain > top  # said only where the full score held the healing back
        character["hp"] = min(character["hp"] + gain, top)
        how = f"{DAY_HP} HP for the day" + (f" and {BED_REST_HP} for full bed rest" if bed_rest else "")
        note(state, at, f"{slept} and heals {how}: {character['hp']} of {top} HP"
                        + (" (never above the full score)." if capped else "."), SESSION_RULE)


def effects(character: dict[str, Any]) -> list[dict[str, str]]:
    """The short-sleep penalty as a view's effect, ``{"text", "rule"}``, if there is one."""
    adjustment = penalty(character)
    return [{"text": penalty_text(adjustment), "rule": SESSION_RULE}] if adjustment else []


def figures(character: dict[str, Any]) -> list[str]:
    """The penalty as a labelled figure ("attacks and saves −2"), if there is one."""
    adjustment = penalty(character)
    return [f"attacks and saves {signed(adjustment)} (short sleep)"] if adjustment else []
