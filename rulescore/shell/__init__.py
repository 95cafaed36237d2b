"""The SHELL roleplaying system (Chris Harwood-Jones, 1992): one module per topic, as the
reference's pages (docs/shell/*.md) are organised.

Where each rule lives:

- ``common``: the system's name, one default per quantity, the Primary Attribute Chart
  (attribute costs, ST's maximum encumbrance and damage, AG's AT and DEF modifiers) and
  task difficulty.
- ``rolls``: the 3d6 roll-under (attribute and skill rolls) and the 2d10 attack roll, with
  their exact odds and dice charts.
- ``characters``: character points, secondary attributes, wealth, NPC-only attributes,
  attribute rolls and contests (characters.md).
- ``advantages``: the advantage and disadvantage cost guideline (advantages.md).
- ``encumbrance``: maximum encumbrance, encumbrance levels, overweight characters, and the
  rounds of combat per point of END by level (encumbrance.md).
- ``skills``: skill exp costs, skill groups, what a level means, skill rolls, the combat
  skills' damage bonus, experience awards (skills.md).
- ``combat``: initiative, MV points, maneuvers, AT and DEF, blocks a round, the AT and DEF
  modifier tables (combat.md).
- ``attack``: the attack roll, shields, ranged weapon speed, unaware defenders (combat.md).
- ``modifiers``: the attack modifier picker, AT and DEF modifiers as chips (combat.md).
- ``ranged``: the range chart, moving targets, aiming and cover (combat.md).
- ``close_combat``: takedowns and pins (close-combat.md).
- ``weapons``: a weapon's damage roll, minimum ST, two-handed use, charges, damage types
  (damage.md, genres.md).
- ``damage``: DR and DM, damage types' effects, hit locations and crippling, stun,
  unconsciousness and death, damage to objects (damage.md).
- ``recovery``: fatigue and combat fatigue, HP and END recovery (fatigue-and-recovery.md).
- ``genres``: typical armour and shields (genres.md).
- ``arms``: a character's weapons, armour DR by hit location and shield (genres.md#weapons-on-the-sheet).
- ``attack_action``: the fight's attack, roll and damage by location in one action
  (combat.md#attacks-in-the-session); the fight itself is ``fight``.
- ``sheet``: a character's fields and what they imply (``rulescore.derive``); which calculator
  inputs a character fills.

Limits are compared in exact arithmetic (Fractions): a value exactly at a limit is inside
it. Our readings of unclear passages are marked "Our reading" and tested in
tests/test_shell.py.

Importing a topic module declares its calculators and tables; the catalogue lists the
calculators in the order they are declared, so the imports below are in the reference's
order, and a topic module imports only ``common``, ``rolls`` and topic modules imported
before it (tests/test_snapshot.py notices a change of order).
"""

# Registration order: keep these in the reference's order (isort would sort them).
# isort: off
from . import characters
from . import advantages
from . import encumbrance
from . import skills
from . import combat
from . import attack
from . import modifiers  # the attack modifier picker: reads combat, attack and ranged
from . import ranged
from . import close_combat
from . import weapons
from . import damage
from . import recovery
from . import genres
from . import sheet  # noqa: F401  (the character sheet; binds calculator inputs)
# isort: on
from ..play.registry import GameRules, register  # noqa: E402  (after the rules, in their order)
from . import common, rolls

__all__ = ["sheet", "common", "rolls", "characters", "advantages", "encumbrance", "skills", "combat", "attack",
           "modifiers", "ranged", "close_combat", "weapons", "damage", "recovery", "genres"]


def _session_rules() -> GameRules:
    """SHELL's session and fight rules (``shell.fight.RULES``), for the play layer: loaded the
    first time a session of SHELL needs them, so a page that only calculates never loads them."""
    from .fight import RULES

    return RULES


register("shell", _session_rules)  # the play layer reaches a game's rules only through its registry
