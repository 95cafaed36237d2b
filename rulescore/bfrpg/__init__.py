"""Basic Fantasy RPG: dungeon and wilderness adventuring, one module per topic of the
reference (docs/bfrpg/*.md).

Limits are compared in exact arithmetic (Fractions): a load exactly at a limit is inside it,
and every chance decided by dice is an exact Fraction.

Where each rule lives:

- ``shared``: the system's name, its pages, one default per quantity, multipliers as text.
- ``time_scale``: turns and rounds; movement per turn, and miles per day from the movement
  rate (dungeon.md#time-and-scale, wilderness.md#wilderness-movement-rates).
- ``abilities``: the ability bonus table and carrying capacity (dungeon.md#carrying-capacity).
- ``encumbrance``: load, movement by armour and load, beasts of burden; the
  ``bfrpg.encumbrance`` calculator (dungeon.md#movement-and-encumbrance).
- ``light``: torches, lanterns, candles; ``bfrpg.light`` (dungeon.md#light).
- ``doors_and_traps``: stuck and locked doors, bars, traps, secret doors, listening;
  ``bfrpg.chances`` (dungeon.md#doors, #traps, #secret-doors).
- ``modifiers``: the chance picker, each roll's modifiers as chips; ``bfrpg.modifiers``
  (dungeon.md#chances-at-the-table).
- ``survival``: hunger and thirst; ``bfrpg.survival`` (dungeon.md#dungeon-survival).
- ``rest``: sleep, healing and the short-sleep penalty; ``bfrpg.rest`` (dungeon.md#healing-and-rest),
  and the nights of a session's days.
- ``saves``: saving throws, natural 1 and 20 (used by the forced march).
- ``forced_march``: the forced march toll both travel calculators share
  (wilderness.md#forced-march).
- ``wilderness``: terrain, travel by air; ``bfrpg.overland`` (wilderness.md#overland-travel).
- ``water``: vessels, winds, gales; ``bfrpg.sailing`` (waterborne.md).
- ``armour``: the armour table and the Armor Class armour, shield, magic and Dexterity give
  (combat.md#armour-and-armor-class).
- ``sheet``: a character's fields and what they imply (``rulescore.derive``); which calculator
  inputs a character fills.
- ``planner``: a journey in legs; ``bfrpg.travel`` (wilderness.md#planning-a-journey).
- ``quick_reference``: the Strength-at-a-glance table (quick-reference.md).
- ``attack``: the attack roll against an Armor Class; ``bfrpg.attack`` (combat.md#attacking).
- ``weapons``: the rulebook's weapon table (``bfrpg.weapons``), the sheet's weapons list and a
  weapon's damage roll (combat.md#weapons).
- ``routines``: a monster's attacks and damage read into the routine a fight makes
  (combat.md#the-monster-list).
- ``attack_action``: the fight's attack, to hit and damage in one action
  (combat.md#attacks-in-the-session); the fight itself is ``fight``.
"""

# Importing a topic module registers its calculators and tables: the order below is the order
# of the catalogue and of the pages, so keep it (and keep isort from sorting it).
# isort: off
from . import time_scale
from . import abilities
from . import encumbrance
from . import light
from . import doors_and_traps
from . import modifiers  # the chance picker: reads doors_and_traps and saves
from . import survival
from . import rest  # healing and rest: reads survival
from . import wilderness
from . import water
from . import planner
from . import quick_reference
from . import attack  # the attack roll (combat.md): reads saves
from . import armour  # the armour table and the Armor Class it gives (combat.md)
from . import sheet  # noqa: F401  (the character sheet; binds calculator inputs)
# isort: on
from ..play.registry import GameRules, register  # noqa: E402  (after the rules, in their order)

__all__ = ["sheet", "time_scale", "abilities", "encumbrance", "light", "doors_and_traps", "modifiers", "survival",
           "rest", "wilderness", "water", "planner", "quick_reference", "attack", "armour"]


def _session_rules() -> GameRules:
    """Basic Fantasy's session and fight rules (``bfrpg.fight.RULES``), for the play layer: loaded the
    first time a session of Basic Fantasy needs them, so a page that only calculates never loads them."""
    from .fight import RULES

    return RULES


register("bfrpg", _session_rules)  # the play layer reaches a game's rules only through its registry
