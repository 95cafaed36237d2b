"""The chance picker (docs: bfrpg/dungeon.md#chances-at-the-table): the dungeon's x-in-y rolls
and a saving throw, with the modifiers the rules give them as chips: race, the ability bonus
of a save. The ranges come from :mod:`.doors_and_traps`, the save from :mod:`.saves`.

>>> calculate_chance("secret_door", "elf", 10, 15, 12, 0)
(Fraction(1, 2), '1–3 on 1d6')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import dice
from ..charts import roll_bars
from ..core import Input, Output, Result, Working, declare_calculator
from ..dice import Rolled
from ..notation import percent_text, signed
from ..rolls import declare_roll
from .abilities import BONUS_HIGHEST, BONUS_LOWEST, RACES
from .doors_and_traps import CHANCE_ROLLS, chance_range, range_text
from .saves import NATURAL_FAIL, NATURAL_SUCCESS, save_chance, save_result, save_succeeds
from .shared import DUNGEON_PAGE, SAVE_DEFAULT, SCORE_DEFAULT, SYSTEM

ROLLS = (*((value, label) for value, label, _, _ in CHANCE_ROLLS), ("save", "Saving throw (1d20)"))
RULES = {value: rule for value, _, _, rule in CHANCE_ROLLS} | {"save": "bfrpg/wilderness/#forced-march"}


def calculate_chance(roll: str, race: str, strength: int, intelligence: int, save_target: int,
                     save_bonus: int) -> tuple[Fraction, str]:
    """The chance of ``roll`` succeeding and the winning rolls in words."""
    if roll == "save":
        lowest = max(save_target - save_bonus, NATURAL_FAIL + 1)
        wins = ("a natural 20 only" if lowest >= NATURAL_SUCCESS else f"{lowest}–20 on 1d20")
        return save_chance(save_target, save_bonus), wins
    sides = next(sides for value, _, sides, _ in CHANCE_ROLLS if value == roll)
    wins_up_to = chance_range(roll, race, strength, intelligence)
    return Fraction(max(wins_up_to, 0), sides), range_text(wins_up_to, sides)


@declare_calculator(
    id="bfrpg.modifiers",
    system=SYSTEM,
    title="Chance picker",
    summary="Pick the roll and what changes it: each chip shows the chance it would give.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("roll", "Roll for", "choice", "stuck_door", choices=ROLLS),
        Input("race", "Race", "choice", "human", choices=RACES, help="elves find secret doors, dwarves traps"),
        Input("strength", "Strength", "int", SCORE_DEFAULT, min=3, max=18, help="doors and bars"),
        Input("intelligence", "Intelligence", "int", SCORE_DEFAULT, min=3, max=18, help="secret doors"),
        Input("save_target", "Save target number", "int", SAVE_DEFAULT, min=2, max=20,
              help="saving throws: from the character's table"),
        Input("save_bonus", "Ability bonus to the save", "choice", "0",
              choices=tuple((str(b), signed(b) if b else "none") for b in range(BONUS_LOWEST, BONUS_HIGHEST + 1)),
              help="Constitution against a forced march, Dexterity against a pit"),
    ],
    outputs=[
        Output("chance", "Chance of success", format="percent"),
        Output("winning_rolls", "Succeeds on"),
    ],
    chips=("roll", "race", "save_bonus"),
    odds="chance",
)
def modifiers(step: Working, roll: str, race: str, strength: int, intelligence: int, save_target: int,
              save_bonus: str) -> dict[str, Any]:
    """The chance of one dungeon roll or saving throw with its modifiers (docs:
    bfrpg/dungeon.md#chances-at-the-table, and the sections of each roll).

    The page's example, a dwarf with Strength 16 at a stuck door:

    >>> from rulescore import calculate
    >>> r = calculate("bfrpg.modifiers", {"race": "dwarf", "strength": 16})
    >>> r["winning_rolls"], round(r["chance"], 3)
    ('1–3 on 1d6', 0.5)
    """
    bonus = int(save_bonus)
    chance, wins = calculate_chance(roll, race, strength, intelligence, save_target, bonus)
    label = dict(ROLLS)[roll]
    if roll == "save":
        step(f"{label}: 1d20 {signed(bonus)} against {save_target}; a natural 1 always fails and a natural 20 "
             f"always succeeds, so it succeeds on {wins}, {percent_text(chance)} of the time.", rule=RULES[roll])
    else:
        step(f"{label}: {wins}, {percent_text(chance)} of the time, for a "
             f"{dict(RACES)[race].lower()} with Strength {strength} and Intelligence {intelligence}.",
             rule=RULES[roll])
    sides = 20 if roll == "save" else next(sides for value, _, sides, _ in CHANCE_ROLLS if value == roll)
    won = (lambda face: save_succeeds(face, bonus, save_target)) if roll == "save" else \
        (lambda face: face <= chance_range(roll, race, strength, intelligence))
    step.chart(f"1d{sides}", roll_bars(dice.distribution(1, sides), lambda face: "success" if won(face) else "failure"),
               f"succeeds {percent_text(chance)} of the time")
    return {"chance": chance, "winning_rolls": wins}


@declare_roll("bfrpg.modifiers", "1d6", follows="roll",
              notations=(*((value, f"1d{sides}") for value, _, sides, _ in CHANCE_ROLLS), ("save", "1d20")))
def resolve_modifiers(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """The roll picked, with what the chips and numbers make of it: a dungeon chance succeeds on 1 to
    its range (``margin`` the range − the roll), a saving throw on the target or more with the
    natural 1 and 20 (``margin`` the roll + bonus − the target), as bfrpg.chances and the saves do.

    >>> from rulescore import resolve
    >>> [resolve("bfrpg.modifiers", {"race": "dwarf", "strength": 16}, dice=[d])["outcome"] for d in (3, 4)]
    ['success', 'failure']
    >>> resolve("bfrpg.modifiers", {"roll": "save", "save_target": 12, "save_bonus": "1"}, dice=[11])["margin"]
    0
    """
    inputs, face = result.inputs, rolled.total
    if which == "save":
        return save_result(step, face, int(inputs["save_bonus"]), inputs["save_target"], "Saving throw", RULES[which])
    label, sides = next((label, sides) for value, label, sides, _ in CHANCE_ROLLS if value == which)
    wins = chance_range(which, inputs["race"], inputs["strength"], inputs["intelligence"])
    success = face <= wins
    step(f"{label.split(' (')[0]}: 1d{sides} rolled {face}, against {range_text(wins, sides)}: "
         f"{'success' if success else 'failure'}.", rule=RULES[which])
    return {"outcome": "success" if success else "failure", "margin": wins - face}
