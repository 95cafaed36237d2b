"""A Basic Fantasy character (docs: characters.md#basic-fantasy): race, the six ability scores,
armour, load, hit points and the save the forced march rolls; and what they imply: the six
ability bonuses, the load limits and movement (bfrpg.encumbrance's own rules). Also which
calculator inputs a character fills.

The dungeon page's example, a Dwarf of Strength 16 in magic metal armour carrying 95 lb:

>>> from rulescore.characters import derive
>>> r = derive("bfrpg", {"race": "dwarf", "strength": 16, "armor": "metal", "magic_armor": True, "load_lb": 95})
>>> r["strength_bonus"], r["light_limit_lb"], r["heavy_limit_lb"], r["movement_ft"], r["movement_per_turn_ft"]
(2, 70, 180, 20, 60)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..characters import declare_character, use
from ..core import Input, Output, Working, bind_character
from ..notation import signed
from .abilities import BONUS_HIGHEST, BONUS_LOWEST, RACES, SCORE_RANGE, ability_bonus
from .encumbrance import ARMORS
from .planner import MEMBERS as TRAVEL_MEMBERS
from .shared import SAVE_DEFAULT, SCORE_DEFAULT, SYSTEM

ABILITIES = ("strength", "intelligence", "wisdom", "dexterity", "constitution", "charisma")

FIELDS = (
    Input("race", "Race", "choice", "human", choices=RACES),
    *(Input(ability, ability.capitalize(), "int", SCORE_DEFAULT, min=SCORE_RANGE[0], max=SCORE_RANGE[1])
      for ability in ABILITIES),
    Input("armor", "Armour worn", "choice", "none", choices=ARMORS),
    Input("magic_armor", "The armour is magic", "bool", False),
    Input("load_lb", "Load carried", "number", 0, unit="lb", min=0, max=2000,
          help="everything carried, armour included"),
    Input("hp", "Hit points", "int", 8, unit="HP", min=1, max=300),
    Input("death_ray_save", "Save vs. Death Ray", "int", SAVE_DEFAULT, min=1, max=20,
          help="the target number from your class and level, before the Constitution bonus"),
)


@declare_character(
    "bfrpg", SYSTEM, FIELDS,
    outputs=[
        *(Output(f"{ability}_bonus", f"{ability.capitalize()} bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST)
          for ability in ABILITIES),
        Output("light_limit_lb", "Light load up to", "lb", min=0),
        Output("heavy_limit_lb", "Heavy load up to", "lb", min=0),
        Output("load", "Load", help="light, heavy, or over (more than the heavy limit)"),
        Output("movement_ft", "Movement per round", "ft", min=0),
        Output("movement_per_turn_ft", "Movement per turn", "ft", min=0),
        Output("miles_per_day", "Travel per day, open clear terrain", "miles", min=0),
    ],
)
def bfrpg_character(step: Working, race: str, strength: int, intelligence: int, wisdom: int, dexterity: int,
                    constitution: int, charisma: int, armor: str, magic_armor: bool, load_lb: Fraction, hp: int,
                    death_ray_save: int) -> dict[str, Any]:
    """The six ability bonuses (one table for all), then load limits and movement as
    bfrpg.encumbrance works them out."""
    scores = {"strength": strength, "intelligence": intelligence, "wisdom": wisdom, "dexterity": dexterity,
              "constitution": constitution, "charisma": charisma}
    bonuses = {f"{ability}_bonus": ability_bonus(score) for ability, score in scores.items()}
    step("Ability bonus table: " + ", ".join(f"{ability.capitalize()} {score} {signed(ability_bonus(score))}"
                                             for ability, score in scores.items()) + ".",
         rule="bfrpg/dungeon/#carrying-capacity")
    loaded = use(step, "bfrpg.encumbrance", {"race": race, "strength": strength, "armor": armor,
                                             "magic_armor": magic_armor, "load_lb": load_lb})
    return {**bonuses, **{name: loaded[name] for name in ("light_limit_lb", "heavy_limit_lb", "load", "movement_ft",
                                                          "movement_per_turn_ft", "miles_per_day")}}


# Which calculator inputs a character fills: {calculator: {input: field or derived figure}}.
# The survival calculator takes the character's hit points (full health; a session tracks wounds).
FILLS = {
    "bfrpg.encumbrance": {"race": "race", "strength": "strength", "armor": "armor", "magic_armor": "magic_armor",
                          "load_lb": "load_lb"},
    "bfrpg.chances": {"race": "race", "strength": "strength", "intelligence": "intelligence"},
    "bfrpg.modifiers": {"race": "race", "strength": "strength", "intelligence": "intelligence"},
    "bfrpg.survival": {"current_hp": "hp"},
    "bfrpg.overland": {"movement_ft": "movement_ft", "death_ray_save": "death_ray_save",
                       "constitution": "constitution"},
    "bfrpg.travel": {**{f"member_{n}_ft": "movement_ft" for n in range(1, TRAVEL_MEMBERS + 1)},
                     "death_ray_save": "death_ray_save", "constitution": "constitution"},
}
# A whole party fills the travel planner's members, one each, in the party's order.
PARTY_SLOTS = {"bfrpg.travel": {f"member_{n}_ft": n for n in range(1, TRAVEL_MEMBERS + 1)}}
for _calculator_id, _figures in FILLS.items():
    bind_character(_calculator_id, _figures, PARTY_SLOTS.get(_calculator_id))
