"""A Basic Fantasy character (docs: characters.md#basic-fantasy): race, class and level, the six
ability scores, armour and shield, load, hit points and the save the forced march rolls; and what
they imply: the six ability bonuses, the Armor Class the armour gives (:mod:`.armour`; a typed
one counts instead), the load limits and movement (bfrpg.encumbrance's own rules),
the five saving throws and the attack bonus (bfrpg.classes); the weapons the character fights
with (:mod:`.weapons`: name, damage, kind and magic bonus each). Also which calculator inputs a
character fills.

The dungeon page's example, a Dwarf of Strength 16 in magic metal armour carrying 95 lb:

>>> from rulescore.characters import derive
>>> r = derive("bfrpg", {"race": "dwarf", "strength": 16, "armor": "metal", "magic_armor": True, "load_lb": 95})
>>> r["strength_bonus"], r["light_limit_lb"], r["heavy_limit_lb"], r["movement_ft"], r["movement_per_turn_ft"]
(2, 70, 180, 20, 60)

Armour gives the Armor Class, with the shield, magic and the Dexterity bonus; a typed one counts:

>>> derive("bfrpg", {"armor": "leather", "dexterity": 13}).inputs["ac"]
14
>>> derive("bfrpg", {"armor": "chain", "shield": True, "ac": 12}).inputs["ac"]
12

Class and level give the saves; the Death Ray save the forced march rolls follows them until
it is changed by hand:

>>> r = derive("bfrpg", {"race": "dwarf", "class": "fighter", "level": 4})
>>> r["save_death_ray"], r["save_breath"], r["attack_bonus"]
(7, 11, 3)
>>> derive("bfrpg", {"race": "dwarf"}).inputs["death_ray_save"]
8
"""

from __future__ import annotations

from typing import Any

from ..characters import declare_character, use
from ..core import Input, Output, RulesInputError, Working, bind_character
from ..notation import signed
from .abilities import BONUS_HIGHEST, BONUS_LOWEST, RACE_NAMES, RACES, SCORE_RANGE, ability_bonus
from .armour import ARMOUR_CHOICES, LEGACY_NAME, MAGIC_AC_RANGE, MOVEMENT_KIND, armour_class, armour_class_steps
from .classes import CLASS_NAMES, CLASSES, COMBINATIONS, LEVEL_RANGE, SAVES, attack_bonus, class_saves, saving_throws
from .encumbrance import ARMORS, LOAD_OUTPUT
from .planner import MEMBERS as TRAVEL_MEMBERS
from .shared import SCORE_DEFAULT, SYSTEM
from .weapons import WEAPONS_INPUT

ABILITIES = ("strength", "intelligence", "wisdom", "dexterity", "constitution", "charisma")

FIELDS = (
    Input("race", "Race", "choice", "human", choices=RACES),
    Input("class", "Class", "choice", "fighter", choices=CLASSES,
          help="Fighter/Magic-User and Magic-User/Thief are for elves"),
    Input("level", "Level", "int", 1, min=LEVEL_RANGE[0], max=LEVEL_RANGE[1]),
    *(Input(ability, ability.capitalize(), "int", SCORE_DEFAULT, min=SCORE_RANGE[0], max=SCORE_RANGE[1])
      for ability in ABILITIES),
    Input("armor", "Armour worn", "choice", "none", choices=ARMOUR_CHOICES,
          help=f"it gives the Armor Class and the movement; {LEGACY_NAME} is what "
               f"older sheets kept: it counts as chain mail unless the Armor Class is typed"),
    Input("shield", "Carries a shield", "bool", False, help="+1 to the Armor Class"),
    Input("magic_armor", "The armour is magic", "bool", False, help="magic armour moves the wearer as lighter armour"),
    Input("armor_bonus", "Magic bonus to Armor Class", "int", 0, min=MAGIC_AC_RANGE[0], max=MAGIC_AC_RANGE[1],
          help="magic armour's and shield's bonuses added together (Plate Mail +2: 2); a cursed one's penalty "
               "below 0"),
    Input("load_lb", "Load carried", "number", 0, unit="lb", min=0, max=2000,
          help="everything carried, armour included"),
    Input("ac", "Armor Class", "int", None, min=0, max=40,
          help="a fight's attacks on the character use it; type another for a ring, a spell or cursed armour",
          derived="from armour, shield, magic bonus and the Dexterity bonus",
          derive=lambda v: armour_class(v["armor"], v["shield"], v["armor_bonus"], v["dexterity"])),
    Input("hp", "Hit points", "int", 8, unit="HP", min=1, max=300),
    Input("hp_lost", "Hit points lost", "int", 0, unit="HP", min=0, max=299,
          help="wounds not yet healed, fewer than the hit points (at 0 a character is dead): a new session "
               "starts from them"),
    Input("death_ray_save", "Save vs. Death Ray", "int", None, min=1, max=20,
          help="the target number, before the Constitution bonus",
          derived="from class, level and race (the race bonus taken off)",
          derive=lambda v: saving_throws(v["class"], v["level"], v["race"])["death_ray"]),
    WEAPONS_INPUT,
)
SAVES_RULE = "characters/#saving-throws-and-attack-bonus"
AC_LOWEST = armour_class("none", False, MAGIC_AC_RANGE[0], SCORE_RANGE[0])
AC_HIGHEST = armour_class("plate", True, MAGIC_AC_RANGE[1], SCORE_RANGE[1])


@declare_character(
    "bfrpg", SYSTEM, FIELDS,
    outputs=[
        *(Output(f"{ability}_bonus", f"{ability.capitalize()} bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST)
          for ability in ABILITIES),
        Output("armour_ac", "Armor Class from armour", min=AC_LOWEST, max=AC_HIGHEST,
               help="armour, shield, magic and Dexterity: the Armor Class unless one is typed"),
        Output("armour_movement", "Armour for movement", labels=ARMORS),
        Output("light_limit_lb", "Light load up to", "lb", min=0),
        Output("heavy_limit_lb", "Heavy load up to", "lb", min=0),
        LOAD_OUTPUT,
        Output("movement_ft", "Movement per round", "ft", min=0),
        Output("movement_per_turn_ft", "Movement per turn", "ft", min=0),
        Output("miles_per_day", "Travel per day, open clear terrain", "miles", min=0),
        *(Output(f"save_{name}", f"Save vs. {label}", min=1, max=20) for name, label in SAVES),
        Output("attack_bonus", "Attack bonus", min=0, max=10),
        Output("current_hp", "Hit points now", "HP", min=1),
    ],
)
def bfrpg_character(step: Working, **fields: Any) -> dict[str, Any]:
    """The six ability bonuses (one table for all), load limits and movement as
    bfrpg.encumbrance works them out, then the saves and attack bonus of the class and level.
    (The fields come as keywords: one of them is ``class``.)"""
    race: str = fields["race"]
    class_id: str = fields["class"]
    level: int = fields["level"]
    strength: int = fields["strength"]
    armor, magic_armor, load_lb = fields["armor"], fields["magic_armor"], fields["load_lb"]
    scores: dict[str, int] = {ability: fields[ability] for ability in ABILITIES}
    bonuses = {f"{ability}_bonus": ability_bonus(score) for ability, score in scores.items()}
    step("Ability bonus table: " + ", ".join(f"{ability.capitalize()} {score} {signed(ability_bonus(score))}"
                                             for ability, score in scores.items()) + ".",
         rule="bfrpg/dungeon/#carrying-capacity")
    if fields["armor_bonus"] and armor == "none" and not fields["shield"]:
        raise RulesInputError("armor_bonus", f"Magic bonus to Armor Class: received {signed(fields['armor_bonus'])} "
                                             f"with no armour and no shield to carry it; enter 0, or choose the armour "
                                             f"or tick Carries a shield (type the Armor Class for a ring or a spell).")
    from_armour = armour_class_steps(step, armor, fields["shield"], fields["armor_bonus"], scores["dexterity"],
                                     fields["ac"])
    movement_kind = MOVEMENT_KIND[armor]
    loaded = use(step, "bfrpg.encumbrance", {"race": race, "strength": strength, "armor": movement_kind,
                                             "magic_armor": magic_armor, "load_lb": load_lb})
    saves = _saves_steps(step, race, class_id, level, fields["death_ray_save"])
    hp, lost = fields["hp"], fields["hp_lost"]
    if lost >= hp:
        raise RulesInputError("hp_lost", f"Hit points lost: {lost} of {hp} leaves none, and at 0 hit points a "
                                         f"character is dead; enter at most {hp - 1} (the Session page keeps a fight's "
                                         f"worst).")
    bonus = attack_bonus(class_id, level)
    step(f"Attack bonus of a level {level} {CLASS_NAMES[class_id]}: {signed(bonus)}"
         + (" (the better of its two classes)." if class_id in COMBINATIONS else "."),
         rule=SAVES_RULE)
    return {**bonuses, "armour_ac": from_armour, "armour_movement": movement_kind,
            **{name: loaded[name] for name in ("light_limit_lb", "heavy_limit_lb", "load", "movement_ft",
                                               "movement_per_turn_ft", "miles_per_day")},
            **{f"save_{name}": target for name, target in saves.items()}, "attack_bonus": bonus,
            "current_hp": hp - lost}


def _saves_steps(step: Working, race: str, class_id: str, level: int, death_ray_save: int) -> dict[str, int]:
    """The five saves with their working; the Death Ray save is the field's (it follows class,
    level and race unless changed by hand)."""
    base, saves = class_saves(class_id, level), saving_throws(class_id, level, race)
    step(f"Saving throws of a level {level} {CLASS_NAMES[class_id]}"
         + (" (the better number of its two classes)" if class_id in COMBINATIONS else "") + ": "
         + ", ".join(f"{label} {base[name]}" for name, label in SAVES) + ".", rule=SAVES_RULE)
    if saves != base:
        step(f"{RACE_NAMES[race]} bonuses taken off the numbers to roll: "
             + ", ".join(f"{label} {saves[name]}" for name, label in SAVES if saves[name] != base[name]) + ".",
             rule=SAVES_RULE)
    if death_ray_save != saves["death_ray"]:
        step(f"Save vs. Death Ray set by hand to {death_ray_save} (class, level and race give "
             f"{saves['death_ray']}).", rule=SAVES_RULE)
    return {**saves, "death_ray": death_ray_save}


# Which calculator inputs a character fills: {calculator: {input: field or derived figure}}.
# The survival calculator takes the character's hit points (full health; a session tracks wounds).
FILLS = {
    # The encumbrance calculator's armour is the movement table's row: chain and plate mail are metal.
    "bfrpg.encumbrance": {"race": "race", "strength": "strength", "armor": "armour_movement",
                          "magic_armor": "magic_armor", "load_lb": "load_lb"},
    "bfrpg.chances": {"race": "race", "strength": "strength", "intelligence": "intelligence"},
    "bfrpg.modifiers": {"race": "race", "strength": "strength", "intelligence": "intelligence"},
    "bfrpg.survival": {"current_hp": "current_hp"},
    "bfrpg.rest": {"constitution": "constitution", "hp_lost": "hp_lost"},
    "bfrpg.overland": {"movement_ft": "movement_ft", "death_ray_save": "death_ray_save",
                       "constitution": "constitution"},
    "bfrpg.travel": {**{f"member_{n}_ft": "movement_ft" for n in range(1, TRAVEL_MEMBERS + 1)},
                     "death_ray_save": "death_ray_save", "constitution": "constitution"},
    # The attack's ability bonus is filled with Strength, as for the default melee attack (with a
    # missile the player puts the Dexterity bonus in its place).
    "bfrpg.attack": {"attack_bonus": "attack_bonus", "ability_bonus": "strength_bonus"},
}
# A whole party fills the travel planner's members, one each, in the party's order.
PARTY_SLOTS = {"bfrpg.travel": {f"member_{n}_ft": n for n in range(1, TRAVEL_MEMBERS + 1)}}
for _calculator_id, _figures in FILLS.items():
    bind_character(_calculator_id, _figures, PARTY_SLOTS.get(_calculator_id))
