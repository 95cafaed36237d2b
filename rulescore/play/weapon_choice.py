"""How the attack form and a player's phone offer a fighter's weapons, and whether they may attack
at all (issue 42): what :mod:`rulescore.play.fight_view` adds to each combatant of
``view(state)["fight"]``, and what a fight keeps for it.

- Each of a combatant's ``weapons`` gets ``label``, how it is named to a person: its name, and its
  usage where it has one ("Spear (Thrust)", "Natural Attacks (Bite)": a GURPS sheet lists each
  usage of a weapon as its own row, so each is its own choice); just the name otherwise.
- ``weapon_default``: the index the attack form's Weapon starts on, or None for the form's first
  choice (a monster's whole routine, or no weapon at all): the weapon the combatant last attacked
  with in this fight (:func:`remembered` keeps it on the combatant as ``weapon_last``), else
  their best. Our reading of "best": the weapon with the best chance to hit as the sheet lists
  it (the game's ``Fight.weapon_to_hit``: GURPS's skill, SHELL's weapon AT, Basic Fantasy's magic bonus), the first
  listed among equals (the sheet's order is the player's); a monster's routine stays whole.
- ``no_attack``: why the combatant cannot attack now, a sentence (surprised, out of the fight,
  a maneuver that makes no attack, nobody left standing to attack), or None when they can. The
  reasons are each game's attack's own (``Fight.no_attack``), so the page and the phone never
  offer an attack the rules would refuse for its attacker.

>>> from rulescore import session
>>> kara = {"id": "k", "name": "Kara", "system": "gurps", "fields": {"weapons": [
...     {"name": "Spear", "usage": "Thrust", "skill": 12, "damage": "thr+2 imp"},
...     {"name": "Spear", "usage": "Swung", "skill": 13, "damage": "sw+1 cut"}]}}
>>> state = session.apply(session.new("gurps", [kara]), {"do": "fight", "foes": [{"name": "Orc", "basic_speed": 6}]})
>>> one = session.view(state)["fight"]["combatants"][0]
>>> [weapon["label"] for weapon in one["weapons"]], one["weapon_default"]
(['Spear (Thrust)', 'Spear (Swung)'], 1)
>>> one["no_attack"]
"It is Orc's turn; Kara attacks on their own turn, or after a Wait when its trigger comes."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import RulesInputError
from .attacks import weapon_label, weapon_named
from .common import State
from .dice_asks import Dice
from .fight_hooks import FightHooks as Fight

LAST = "weapon_last"  # the combatant's key: the index of the weapon they last attacked with (None: none named)


def best(to_hit: str, weapons: Sequence[dict[str, Any]]) -> int | None:
    """The index of the weapon with the best chance to hit, by its figure ``to_hit`` (higher:
    better; the game's ``Fight.weapon_to_hit``), the first among equals; None when there is
    none, or the weapons are a monster's routine (the form's first choice: all of it)."""
    if not weapons or any(weapon.get("routine") for weapon in weapons):
        return None
    key = to_hit

    def score(weapon: dict[str, Any]) -> float:
        value = weapon.get(key)
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0

    index: int = max(weapons, key=score)["index"]
    return index


def weapon_default(to_hit: str, one: dict[str, Any], weapons: Sequence[dict[str, Any]]) -> int | None:
    """The index the attack form's Weapon starts on for combatant ``one``: the weapon they last
    attacked with in this fight, else their best."""
    if LAST in one and (one[LAST] is None or any(weapon["index"] == one[LAST] for weapon in weapons)):
        last: int | None = one[LAST]
        return last
    return best(to_hit, weapons)


def no_attack(rules: Fight, state: State, fight: dict[str, Any], who: str) -> str | None:
    """Why ``who`` cannot attack now, as a sentence; None when they can."""
    why = rules.no_attack(state, fight, who)
    if not why and not any(other != who and not rules.out(state, fight, other) for other in fight["combatants"]):
        why = f"there is nobody left standing in the fight for {rules.name(state, who)} to attack."
    return why[:1].upper() + why[1:] if why else None


def add(rules: Fight, state: State, fight: dict[str, Any], who: str, shown: dict[str, Any]) -> None:
    """A combatant's view ``shown`` with its weapons' labels, ``weapon_default`` and ``no_attack``."""
    weapons = shown.get("weapons")
    if weapons is not None:
        for weapon in weapons:
            weapon["label"] = weapon_label(weapon)
        shown["weapon_default"] = weapon_default(rules.weapon_to_hit, fight["combatants"][who], weapons)
    shown["no_attack"] = no_attack(rules, state, fight, who)


def remembered(rules: Fight, handler: Callable[[State, dict[str, Any], Dice], None]
               ) -> Callable[[State, dict[str, Any], Dice], None]:
    """The attack action ``handler``, which once done keeps on the attacker the weapon it named
    (its index in the fight view's list; None when it named none), for their next attack's form."""
    def attack(state: State, action: dict[str, Any], dice: Dice) -> None:
        handler(state, action, dice)
        fight, who = state.get("fight"), action.get("who")
        if not fight or not isinstance(who, str) or who not in fight["combatants"]:
            return
        weapons = rules.shown(state, fight, who, True).get("weapons", [])
        try:
            fight["combatants"][who][LAST] = weapon_named(action, weapons, rules.name(state, who))
        except RulesInputError:  # the game took a weapon its view does not list: nothing to keep
            return
    return attack


__all__ = ["LAST", "add", "best", "no_attack", "remembered", "weapon_default"]
