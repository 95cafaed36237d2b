"""Armour and Armor Class (docs: bfrpg/combat.md#armour-and-armor-class): the rulebook's armour
table as data, and the Armor Class a character's armour, shield, magic bonus and Dexterity give.

The figures are the rulebook's (BFRPG 4th edition, ``equipment.qmd``, as our
``shared/facts/rules-facts.md`` "Weapons and damage" lists them): no armour AC 11, leather armour
13, chain mail 15, plate mail 17, a shield +1. The Dexterity bonus (the one ability table,
:mod:`.abilities`) is added to the Armor Class (``abilities.qmd``), and magic armour or a magic
shield adds its bonus, a cursed one its penalty (``magicItems.qmd``: Plate Mail +2 gives 19).

The sheet keeps "metal" too, the armour older sheets named (chain or plate not said): for the
movement it is metal armour, as before; for the Armor Class it counts as chain mail, the lighter
of the two, unless the sheet's Armor Class is typed (older sheets kept it typed).

>>> armour_class("leather", False, 0, 13), armour_class("chain", True, 0, 10), armour_class("plate", False, 2, 18)
(14, 16, 22)
>>> MOVEMENT_KIND["plate"], MOVEMENT_KIND["metal"], ARMOURS["metal"].ac == ARMOURS["chain"].ac
('metal', 'metal', True)
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import TableContent, Working, declare_table
from ..notation import signed
from .abilities import ability_bonus


class Armour(NamedTuple):
    """One row of the armour table: what the sheet calls it, its Armor Class and weight, and the
    row of the movement table it moves in (encumbrance.py: none, leather or metal)."""

    name: str
    ac: int
    weight_lb: int
    movement: str


ARMOURS = {
    "none": Armour("No armour", 11, 0, "none"),
    "leather": Armour("Leather armour", 13, 15, "leather"),
    "chain": Armour("Chain mail", 15, 40, "metal"),
    "plate": Armour("Plate mail", 17, 50, "metal"),
}
LEGACY_METAL = "metal"  # older sheets' metal armour: counted as chain mail for the Armor Class
LEGACY_NAME = "Metal armour"
ARMOURS[LEGACY_METAL] = ARMOURS["chain"]._replace(name=f"{LEGACY_NAME} (an older sheet's, chain or plate not said)")
# The sheet's choices: the rulebook's armours, then the older sheets' "metal".
ARMOUR_CHOICES = tuple((key, armour.name) for key, armour in ARMOURS.items())
MOVEMENT_KIND = {key: armour.movement for key, armour in ARMOURS.items()}
SHIELD_AC, SHIELD_WEIGHT_LB = 1, 5
MAGIC_AC_RANGE = (-6, 6)  # armour and shield together: each +1 to +3, a cursed one -1 to -3 (magicItems.qmd)
NO_ARMOUR_AC = ARMOURS["none"].ac
RULE = "bfrpg/combat/#armour-and-armor-class"


def armour_class(armor: str, shield: bool, magic_bonus: int, dexterity: int) -> int:
    """The Armor Class armour gives: the armour's, +1 for a shield, the magic bonus (armour and
    shield together) and the Dexterity bonus."""
    return ARMOURS[armor].ac + (SHIELD_AC if shield else 0) + magic_bonus + ability_bonus(dexterity)


def armour_class_steps(step: Working, armor: str, shield: bool, magic_bonus: int, dexterity: int, ac: int) -> int:
    """The working of the Armor Class armour gives, and a line when the sheet's Armor Class (typed)
    differs from it; returns what armour gives."""
    worn = ARMOURS[armor]
    parts = [f"{(LEGACY_NAME if armor == LEGACY_METAL else worn.name).lower()} {worn.ac}"
             + (" (counted as chain mail: choose Plate mail for plate)" if armor == LEGACY_METAL else "")]
    if shield:
        parts.append(f"shield {signed(SHIELD_AC)}")
    if magic_bonus:
        parts.append(f"magic {signed(magic_bonus)}")
    bonus = ability_bonus(dexterity)
    parts.append(f"Dexterity {dexterity} {signed(bonus)}")
    given = armour_class(armor, shield, magic_bonus, dexterity)
    step(f"Armor Class from armour: {', '.join(parts)} = {given}.", rule=RULE)
    if ac != given:
        step(f"Armor Class typed as {ac}: it counts instead of the {given} the armour gives (empty the field to "
             f"follow the armour).", rule=RULE)
    return given


@declare_table("bfrpg.armour")
def armour_table() -> TableContent:
    rows = tuple((armour.name, armour.ac, armour.weight_lb or "-", armour.movement.capitalize())
                 for key, armour in ARMOURS.items() if key != LEGACY_METAL)
    return TableContent("Armour and Armor Class",
                        ("Armour", "Armor Class", "Weight (lb)", "Movement row"),
                        (*rows, ("Shield", f"{signed(SHIELD_AC)}", SHIELD_WEIGHT_LB, "-")),
                        "Add the Dexterity bonus, and a magic bonus (a cursed item's penalty). Halflings' armour "
                        "weighs about a quarter of this.")
