"""The one table through which each game gives the play layer its session and fight rules.

The imports run one way, games -> play -> core. The play layer never imports a game module, not
even inside a function: a game's package registers itself here when it is imported
(``register("gurps", load)`` in rulescore/gurps/__init__.py), and the play layer asks
:func:`rules_of` for a system's :class:`GameRules` when a session needs them. ``load`` is the
game's own function: it imports the game's session and fight modules and returns their
``RULES``, once, the first time they are asked for, so a page that only calculates never loads
a fight. Importing any module of rulescore imports the package ``rulescore``, which imports the
three games' packages: all three are registered whatever is imported first.

>>> rules_of("gurps").forms[0].id, rules_of("bfrpg").attack_roll
('advance_turns', (1, 20))
>>> rules_of("chess")
Traceback (most recent call last):
...
rulescore.core.RulesInputError: system: received 'chess'; use one of bfrpg, gurps, shell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..core import unknown_name
from .common import Action, State
from .dice_asks import Dice
from .fight_hooks import FightHooks

Handler = Callable[[State, dict[str, Any], Dice], None]  # an action: changes the state in place
Preview = Callable[[State, dict[str, Any], bool], dict[str, Any]]  # what session.preview adds for an action


class GameRules(NamedTuple):
    """A game's rules for sessions, as the play layer calls them."""

    fight: FightHooks  # the game's fights (its rulescore.play.fight.Fight subclass): hooks the view reads
    actions: Mapping[str, Handler]  # every action by its "do", the fight's and the game's own
    forms: tuple[Action, ...]  # the action forms, in the order a page offers them (the party's comings last)
    start: Callable[[list[dict[str, Any]], dict[str, dict[str, Any]]], State]  # the rules' part of a new session
    view: Callable[[State, bool], dict[str, Any]]  # what a screen shows, the fight's part included
    at: Callable[[State], str]  # the time, as a log entry gives it
    previews: Mapping[str, Preview]  # by "do": more for session.preview (an attack's odds)
    sheet_fields: tuple[str, ...]  # the sheet fields a session writes back (rulescore.play.write_back)
    # The sheet fields as the session leaves a member (their sheet as they came in, their state now),
    # brought within what a sheet holds, and why a value was ("" when none was).
    leaving: Callable[[Mapping[str, Any], Mapping[str, Any]], tuple[dict[str, int], str]]
    player_actions: tuple[str, ...]  # what a player's phone may ask for (rulescore.play.seats)
    player_attack_fields: tuple[str, ...]  # the keys of an attack that are the player's to say
    attack_roll: tuple[int, int]  # the attack roll a player may roll with their own dice: (count, sides)
    # Behaviours an earlier version of the game's rules had, by name: an action saved then whose
    # dice no longer fit today's rules is replayed with one of them on (``state["legacy"]``), as
    # it was played (rulescore.play.session, undo).
    legacy: tuple[str, ...] = ()
    # The party's map (rulescore.play.map): the time a walk of ``distance`` (in the map's unit) over
    # ``squares`` squares takes, the game's log line for it written and its clock moved (the line
    # returned); None where the game keeps no exploring pace (no time passes).
    walk: Callable[[State, int, int], str] | None = None
    # The map's unit and scale: (unit, the scale a new map starts at, the least, the most, the step).
    map_unit: tuple[str, int, int, int, int] = ("yd", 1, 1, 50, 1)


_LOADERS: dict[str, Callable[[], GameRules]] = {}
_LOADED: dict[str, GameRules] = {}


def register(system: str, load: Callable[[], GameRules]) -> None:
    """Give the play layer a game's rules: ``load()`` returns them, called the first time a
    session of ``system`` needs them."""
    if system in _LOADERS:
        raise ValueError(f"the session rules of {system} registered twice")
    _LOADERS[system] = load


def rules_of(system: Any) -> GameRules:
    """The session and fight rules of ``system``; RulesInputError (field "system") if no game
    of that name registered."""
    rules = _LOADED.get(system) if isinstance(system, str) else None
    if rules is None:
        if not isinstance(system, str) or system not in _LOADERS:
            raise unknown_name("system", system, _LOADERS)
        rules = _LOADED[system] = _LOADERS[system]()
    return rules


def systems() -> list[str]:
    """The games registered, sorted."""
    return sorted(_LOADERS)
