"""Doors, traps, secret doors and listening: the x-in-y rolls of dungeon exploration.

docs: bfrpg/dungeon.md#doors, bfrpg/dungeon.md#traps, bfrpg/dungeon.md#secret-doors
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, signed, span, term
from ..rolls import declare_roll
from .abilities import ABILITY_BONUSES, BONUS_HIGHEST, BONUS_LOWEST, RACES, ability_bonus
from .shared import DUNGEON_PAGE, SCORE_DEFAULT, SYSTEM


class DoorRoll(NamedTuple):
    """A Strength roll against a door or bars: output name, label, and the die's sides."""

    name: str
    label: str
    sides: int


DOOR_DICE = (DoorRoll("stuck_door", "Stuck door", 6), DoorRoll("locked_door", "Locked door", 10),
             DoorRoll("bend_bars", "Bend bars", 20))
SECRET_DOOR_INT = 15  # Intelligence from which the range grows by 1
TRAP_RANGE = {"dwarf": 2}  # searching for traps: 1-2 on 1d6 for a Dwarf (race rules), 1 for anyone else
SEARCH_SQUARE_FT = 10  # a trap search takes at least a turn for each 10' square


def door_range(strength: int) -> int:
    """The winning range for forcing doors and bars: 1 plus the Strength bonus, never below 0."""
    return max(1 + ability_bonus(strength), 0)


def secret_door_range(race: str, intelligence: int) -> int:
    return 1 + (intelligence >= SECRET_DOOR_INT) + (race == "elf")


def trap_range(race: str) -> int:
    """The winning range for a trap search on 1d6: Dwarves 1-2, everyone else 1."""
    return TRAP_RANGE.get(race, 1)


def range_text(wins: int, sides: int) -> str:
    """"1–3 on 1d6", "1 on 1d6", or "no roll succeeds" for a range of 0."""
    if wins <= 0:
        return "no roll succeeds"
    return f"{span(1, wins)} on 1d{sides}"


def _range_chart(step: Working, title: str, wins: int, sides: int) -> None:
    """The chart of an x-in-y roll: 1 to ``wins`` on 1d``sides`` succeeds."""
    p = Fraction(max(wins, 0), sides)
    step.chart(title, roll_bars(dice.distribution(1, sides), lambda roll: "success" if roll <= wins else "failure"),
               f"succeeds {percent_text(p)} of the time")


def odds_text(wins: int, sides: int) -> str:
    """Unreduced odds as players say them: "2 in 6" (dice.x_in_y reduces: "1 in 3")."""
    return f"{wins} in {sides}"


@declare_calculator(
    id="bfrpg.chances",
    system=SYSTEM,
    title="Doors, bars, traps, secret doors and listening",
    summary="Your odds of forcing doors and bars, finding traps and secret doors, and hearing through a door.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("race", "Race", "choice", "human", choices=RACES),
        Input("strength", "Strength", "int", SCORE_DEFAULT, min=3, max=18),
        Input("intelligence", "Intelligence", "int", SCORE_DEFAULT, min=3, max=18),
    ],
    outputs=[
        Output("door_strength_bonus", "Strength bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST),
        Output("stuck_door", "Open a stuck door", format="percent"),
        Output("stuck_door_x_in_y", "Stuck door, as odds", "on 1d6"),
        Output("locked_door", "Force a locked door", format="percent"),
        Output("locked_door_x_in_y", "Locked door, as odds", "on 1d10"),
        Output("bend_bars", "Bend metal bars", format="percent"),
        Output("bend_bars_x_in_y", "Bars, as odds", "on 1d20"),
        Output("secret_door", "Find a secret door", format="percent"),
        Output("secret_door_x_in_y", "Secret door, as odds", "on 1d6"),
        Output("find_trap", "Find a trap", format="percent"),
        Output("find_trap_x_in_y", "Trap, as odds", "on 1d6"),
        Output("listen", "Hear something at a door", format="percent"),
        Output("listen_x_in_y", "Listening, as odds", "on 1d6"),
        Output("special_cases", "Special cases"),
    ],
)
def chances(step: Working, race: str, strength: int, intelligence: int) -> dict[str, Any]:
    """The odds of forcing a stuck door, a locked door or metal bars (1 plus the Strength
    bonus), of finding a secret door (Intelligence 15+ and Elves do better), of finding a trap
    (Dwarves do better) and of hearing through a door. The rules of docs:
    bfrpg/dungeon.md#doors, bfrpg/dungeon.md#searching-for-traps and
    bfrpg/dungeon.md#secret-doors; the page's worked examples, an Elf of Strength 13 and
    Intelligence 15, and a Dwarf of Strength 8:

    >>> from rulescore import calculate
    >>> elf = calculate("bfrpg.chances", {"race": "elf", "strength": 13, "intelligence": 15})
    >>> elf["stuck_door_x_in_y"], elf["secret_door_x_in_y"], elf["find_trap_x_in_y"]
    ('2 in 6', '3 in 6', '1 in 6')
    >>> dwarf = calculate("bfrpg.chances", {"race": "dwarf", "strength": 8, "intelligence": 10})
    >>> dwarf["stuck_door_x_in_y"], dwarf["find_trap_x_in_y"]
    ('0 in 6', '2 in 6')
    """
    bonus = ability_bonus(strength)
    wins = door_range(strength)
    step(f"Ability bonus table: Strength {strength} gives {signed(bonus)}.", rule="#carrying-capacity")
    step(f"Forcing doors and bars: the range is 1 plus the Strength bonus = 1 {term(bonus)} = {n(1 + bonus)}"
         + (": no roll wins, so the character needs help, tools or another way through (our reading)."
            if 1 + bonus <= 0 else "."),
         rule="#stuck-doors")
    out: dict[str, Any] = {"door_strength_bonus": bonus}
    for door in DOOR_DICE:
        p = Fraction(wins, door.sides)
        out[door.name] = p
        out[f"{door.name}_x_in_y"] = odds_text(wins, door.sides)
        step(f"{door.label}: {range_text(wins, door.sides)} = {odds_text(wins, door.sides)} ({n(p * 100)}%).",
             rule="#stuck-doors" if door.name == "stuck_door" else "#locked-doors-and-metal-bars")
        _range_chart(step, f"{door.label}: 1d{door.sides}", wins, door.sides)
    secret = secret_door_range(race, intelligence)
    reasons = ["1 for anyone"]
    if intelligence >= SECRET_DOOR_INT:
        reasons.append(f"+1 for Intelligence {intelligence} (15 or more)")
    if race == "elf":
        reasons.append("+1 for an Elf")
    step(f"Secret doors: range = {', '.join(reasons)} = {range_text(secret, 6)} ({n(Fraction(secret, 6) * 100)}%).",
         rule="#secret-doors")
    _range_chart(step, "Secret door: 1d6", secret, 6)
    out["secret_door"] = Fraction(secret, 6)
    out["secret_door_x_in_y"] = odds_text(secret, 6)
    traps = trap_range(race)
    if race == "dwarf":
        step(f"Traps: a Dwarf searching for traps uses the race's own ability, {range_text(traps, 6)} = "
             f"{odds_text(traps, 6)} ({n(Fraction(traps, 6) * 100)}%), in place of the usual 1 on 1d6.",
             rule="#searching-for-traps")
    else:
        step(f"Traps: a search finds a trap on {range_text(traps, 6)} = {odds_text(traps, 6)} "
             f"({n(Fraction(traps, 6) * 100)}%).", rule="#searching-for-traps")
    step(f"Search time: each {SEARCH_SQUARE_FT}' square takes at least a turn, so one searcher covers at most one "
         f"{SEARCH_SQUARE_FT}' square a turn, and gets one useful search of it.", rule="#searching-for-traps")
    step("Listening: anyone who is not a Thief hears something on 1 on 1d6 (1 in 6, about 16.67%); "
         "the GM rolls it.", rule="#listening-at-doors")
    _range_chart(step, "Find a trap: 1d6", traps, 6)
    _range_chart(step, "Listen at a door: 1d6", 1, 6)
    out["find_trap"] = Fraction(traps, 6)
    out["find_trap_x_in_y"] = odds_text(traps, 6)
    out["listen"] = Fraction(1, 6)
    out["listen_x_in_y"] = odds_text(1, 6)
    notes = ["Thieves use their own Find Traps and Listen abilities instead."]
    if race == "dwarf":
        notes = ["A Dwarf who is also a Thief uses the better of the two trap rolls.",
                 "Thieves use their own Listen ability."]
    out["special_cases"] = " ".join(notes)
    return out


@declare_table("bfrpg.door_chances")
def door_chances_table() -> TableContent:
    rows = []
    for band in ABILITY_BONUSES:
        wins = door_range(band.low)
        rows.append((span(band.low, band.high), signed(band.bonus),
                     *(f"{range_text(wins, door.sides)}" for door in DOOR_DICE)))
    return TableContent("Forcing doors and bars by Strength",
                        ("Strength", "Bonus", "Stuck door", "Locked door", "Bend bars"), tuple(rows),
                        "The range is 1 plus the Strength bonus, rolled on 1d6, 1d10 or 1d20.")


@declare_table("bfrpg.search_chances")
def search_chances_table() -> TableContent:
    rows = []
    for label, intelligence in ((span(3, 14), 10), (span(15, 18), 15)):
        rows.append((label, range_text(secret_door_range("human", intelligence), 6),
                     range_text(secret_door_range("elf", intelligence), 6)))
    return TableContent("Finding secret doors", ("Intelligence", "Human, Dwarf, Halfling", "Elf"), tuple(rows),
                        f"Finding a trap: {range_text(trap_range('dwarf'), 6)} for a Dwarf, "
                        f"{range_text(trap_range('human'), 6)} for anyone else without a special ability; "
                        f"listening at a door: 1 on 1d6.")


# resolve(): which of the calculator's chances is rolled, its die and its rule.
CHANCE_ROLLS = (("stuck_door", "Open a stuck door (1d6)", 6, "#stuck-doors"),
                ("locked_door", "Force a locked door (1d10)", 10, "#locked-doors-and-metal-bars"),
                ("bend_bars", "Bend metal bars (1d20)", 20, "#locked-doors-and-metal-bars"),
                ("secret_door", "Find a secret door (1d6)", 6, "#secret-doors"),
                ("find_trap", "Find a trap (1d6)", 6, "#searching-for-traps"),
                ("listen", "Listen at a door (1d6)", 6, "#listening-at-doors"))


def chance_range(which: str, race: str, strength: int, intelligence: int) -> int:
    """The winning range (1 to this, on its die) of one of the chances, from the rules above.

    >>> chance_range("secret_door", "elf", 10, 15), chance_range("stuck_door", "human", 3, 10)
    (3, 0)
    """
    if which in ("stuck_door", "locked_door", "bend_bars"):
        return door_range(strength)
    if which == "secret_door":
        return secret_door_range(race, intelligence)
    if which == "find_trap":
        return trap_range(race)
    return 1  # listening: 1 on 1d6 for anyone who is not a Thief


@declare_roll("bfrpg.chances", "1d6",
              choice=Input("chance", "Roll for", "choice", "stuck_door",
                           choices=tuple((value, label) for value, label, _, _ in CHANCE_ROLLS)),
              notations=tuple((value, f"1d{sides}") for value, _, sides, _ in CHANCE_ROLLS))
def resolve_chances(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """One of the chances rolled, picked by the extra input ``chance`` (a stuck door unless told):
    1 to the range on its die succeeds. ``margin`` is the range − the roll (0 or more
    succeeds); a range of 0 (Strength 3 to 5 at a door) wins on no roll, not even a 1.

    >>> from rulescore import resolve
    >>> elf = {"race": "elf", "intelligence": 15, "chance": "secret_door"}
    >>> [resolve("bfrpg.chances", elf, dice=[face])["outcome"] for face in (1, 3, 4, 6)]
    ['success', 'success', 'failure', 'failure']
    """
    label, sides, rule = next((label, sides, rule) for value, label, sides, rule in CHANCE_ROLLS if value == which)
    wins = chance_range(which, result.inputs["race"], result.inputs["strength"], result.inputs["intelligence"])
    face = rolled.total
    success = face <= wins
    step(f"{label.split(' (')[0]}: 1d{sides} rolled {face}, against {range_text(wins, sides)} "
         f"({odds_text(wins, sides)}): {'success' if success else 'failure'}.", rule=rule)
    if wins <= 0:
        step("A range of 0: no roll wins, not even a 1 (our reading).", rule=rule)
    return {"outcome": "success" if success else "failure", "margin": wins - face}
