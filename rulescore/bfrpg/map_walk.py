"""The party's map in Basic Fantasy (issue 44; docs: bfrpg/dungeon.md#the-partys-map): a walk
across the map keeps dungeon time, and a stretch of wall on it is searched for secret doors.

Exploring, a character moves three times their movement rate in a turn (``movement_per_turn_ft``
on their sheet), and the party goes at its slowest member's pace. A walk of ``feet`` takes
``feet × 60 / pace`` combat rounds: 120' at 120' a turn is 60 rounds, one turn. The part of a
round left over is carried to the next walk (our reading: the clock counts whole rounds), so two
walks of 5' at 120' a turn make 2 × 2.5 = 5 rounds.

``{"do": "map_search", "by": id, "at": [x, y], "to": [x, y]}`` searches the wall along the
squares from ``at`` to ``to`` (one row or one column) for secret doors: it is the session's own
search (:func:`rulescore.bfrpg.session.search`), its wall the squares times the map's scale,
rounded up to whole 10' (a turn per searcher per 10'), the GM rolling.

>>> from fractions import Fraction
>>> rounds_walked(120, 120), rounds_walked(5, 120), rounds_walked(120, 60)
(Fraction(60, 1), Fraction(5, 2), Fraction(120, 1))
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core import RulesInputError
from ..play.common import State, keys, name_of, note, passed, sheet, take
from ..play.dice_asks import Dice
from ..play.map import carry, distance_text, keep_carry, on_the_map, party_level, the_map
from ..play.map_shapes import LEVEL, said, square
from .clock import DUNGEON, log_time, pass_time
from .doors_and_traps import SEARCH_SQUARE_FT
from .session import WALL, search
from .time_scale import ROUNDS_PER_TURN

UNIT = ("ft", 10, 5, 100, 5)  # the map in feet: 10' squares to start with, 5' to 100' in steps of 5'
RULE = DUNGEON + "#the-partys-map"


def rounds_walked(feet: int, pace: int) -> Fraction:
    """Combat rounds a walk of ``feet`` takes at ``pace`` feet a turn."""
    return Fraction(feet * ROUNDS_PER_TURN, pace)


def _time_text(rounds: int) -> str:
    turns, extra = divmod(rounds, ROUNDS_PER_TURN)
    parts = ([passed(turns, "turn")] if turns else []) + ([passed(extra, "round")] if extra else [])
    return " and ".join(parts) or "no whole round"


def walk(state: State, feet: int, squares: int) -> str:
    """The party walks ``feet`` over ``squares`` squares at its slowest member's pace: logged, and
    the clock moved by the whole rounds (lights burning), the part of a round carried."""
    if not state["party"]:
        raise RulesInputError("path", "Path: the party has nobody in it to walk; a character joins first.")
    paces = [(int(sheet(state, one["id"])["movement_per_turn_ft"]), one["id"]) for one in state["party"]]
    pace, slowest = min(paces, key=lambda item: item[0])
    who = name_of(state, slowest)
    if pace <= 0:
        raise RulesInputError("path", f"Path: {who} carries too much to move; lighten their load first.")
    rounds = rounds_walked(feet, pace) + carry(state)
    whole = math.floor(rounds)
    keep_carry(state, rounds - whole)
    kept = rounds - whole
    text = (f"The party walks {distance_text(feet, 'ft')} ({squares} square{'' if squares == 1 else 's'}) at "
            f"{pace}' a turn, {who}'s pace" + (" (the slowest)" if len(paces) > 1 else "") + f": {_time_text(whole)}"
            + (f" ({kept} of a round carried to the next walk)." if kept else "."))
    note(state, log_time(state), text, RULE)
    pass_time(state, whole)
    return text


SEARCHER_KEYS = ("by", "at", "to", "level")


def map_search(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "map_search", "by": id, "at": [x, y], "to": [x, y], "level": n}``: the wall along
    the squares from ``at`` to ``to`` searched for secret doors, as the session's search."""
    keys(action, SEARCHER_KEYS)
    if state.get("fight"):
        raise RulesInputError("by", "Searcher: a search keeps exploration time; end the fight first.")
    start, end = square(action, "at", "Square"), square(action, "to", "Square")
    level: int = take(action, LEVEL._replace(default=party_level(state)))
    if start[0] != end[0] and start[1] != end[1]:
        raise RulesInputError("to", f"Square: {said(start)} to {said(end)} is not one stretch of wall; give two "
                                    f"squares in the same row or column.")
    low, high = min(start, end), max(start, end)
    stretch = [(x, y) for x in range(low[0], high[0] + 1) for y in range(low[1], high[1] + 1)]
    for at in stretch:
        on_the_map(state, at, level, "at" if at == start else "to")
    feet = math.ceil(len(stretch) * the_map(state)["scale"] / SEARCH_SQUARE_FT) * SEARCH_SQUARE_FT
    if feet > WALL.max:
        raise RulesInputError("to", f"Square: the stretch is {feet}' of wall; search {WALL.max}' at most at a time.")
    area = f"the wall from {said(low)} to {said(high)}" + ("" if level == 1 else f" on level {level}")
    wanted = {"for": "secret_doors", "wall_ft": feet, "area": area}
    if "by" in action:
        wanted["by"] = action["by"]
    search(state, wanted, dice)


ACTIONS = {"map_search": map_search}
