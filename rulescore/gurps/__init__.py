"""GURPS Lite: one module per topic, as the reference's pages (docs/gurps/*.md) have them.

Where each rule lives:

- ``common``: what several topics share: the system's name, 3d6 success rolls and their exact
  odds, the charts of rolls, and a few shared readings and texts.
- ``damage``: basic damage by ST, the table for ST 1 to 100 (its calculator is in ``injury``).
- ``encumbrance``: Basic Lift, encumbrance levels, Move and Dodge under a load
  (gurps.encumbrance).
- ``jumping``: high and broad jumps (gurps.jump).
- ``lifting``: lifting, shoving, carrying on your back, shifting (gurps.lifting).
- ``running``: sprinting, paced running, their fatigue rolls (gurps.running).
- ``swimming``: the Swimming roll, water Move, fatigue from swimming (gurps.swimming).
- ``throwing``: throwing distance, damage and the roll to hit (gurps.throwing).
- ``hiking``: miles per day by Move and terrain (gurps.hiking).
- ``climbing``: the Climbing roll, speeds and rolls per climb (gurps.climbing).
- ``success_rolls``: success rolls and Quick Contests (gurps.success_roll, gurps.quick_contest).
- ``mental_feats``: Influence rolls and Fright Checks (gurps.influence, gurps.fright_check).
- ``melee``: attacking maneuvers and the melee attack roll (gurps.melee_attack).
- ``ranged``: the speed/range table, Aim and size (gurps.range_modifier).
- ``defense``: Dodge, Parry and Block (gurps.defense).
- ``modifiers``: the modifier picker: every modifier above as a chip, with its odds
  (gurps.modifiers).
- ``injury``: damage by ST, DR, wounding, shock, major wounds, death checks
  (gurps.damage, gurps.injury).
- ``recovery``: waking up, natural healing, lost FP and rest (gurps.recovery, gurps.fatigue).
- ``sheet``: a character's fields and what they imply (``rulescore.derive``); which calculator
  inputs a character fills.

The imports below run in the order the calculators and tables are declared, which is the
order ``rulescore.catalogue()`` lists them in: keep it.
"""

# isort: off
from . import damage  # noqa: F401  (the two damage tables come first)
from . import encumbrance, jumping, lifting, running, swimming, throwing, hiking, climbing  # noqa: F401
from . import success_rolls, mental_feats  # noqa: F401
from . import melee, ranged, defense  # noqa: F401
from . import modifiers  # noqa: F401  (the picker reads the modules above)
from . import injury, recovery  # noqa: F401
from . import sheet  # noqa: F401  (the character sheet; binds calculator inputs)
# isort: on
from ..play.registry import GameRules, register  # noqa: E402  (after the rules, in their order)

# The 3d6 odds, for checks outside the package (tests/test_dice.py).
from .common import roll_outcome, success_odds

__all__ = ["roll_outcome", "success_odds"]


def _session_rules() -> GameRules:
    """GURPS's session and fight rules (``gurps.fight.RULES``), for the play layer: loaded the
    first time a session of GURPS needs them, so a page that only calculates never loads them."""
    from .fight import RULES

    return RULES


register("gurps", _session_rules)  # the play layer reaches a game's rules only through its registry
