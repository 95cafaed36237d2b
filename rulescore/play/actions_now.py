"""Which actions a session can take right now: ``view(state)["actions_now"]``, the ids of
``actions(system)`` the page offers, in the same order. An action is left out when the state
alone refuses it, whatever its other fields say:

- a fight's actions (Next turn, a maneuver, damage to a foe, End the fight...) outside a fight;
  starting a fight, and time passing by itself (time, rest, a day, a search), during one;
- an action whose character or combatant field has nobody it would take: nobody in the party,
  only the dead to hurt or heal (GURPS, SHELL), nobody stunned for "Stun over", no foe still
  standing for damage to a foe, nobody but the current fighter for a maneuver, nobody out of
  the fight for a latecomer or a leaver, and each game's own (``Fight.can_now``,
  ``Fight.open_now``).

So an action left out never works, whatever is sent (tests/test_actions_now.py tries); one
offered may still be refused for its other fields (a searcher who has searched that place).

>>> from rulescore import session
>>> party = [{"id": "o", "name": "Orla", "system": "shell", "fields": {}}]
>>> state = session.new("shell", party)
>>> [id_ for id_ in session.view(state)["actions_now"]]
['advance_rounds', 'damage', 'spend_end', 'rest', 'day', 'fight', 'join', 'leave', 'encounter', 'roll_table']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .common import Action, Member, State
from .fight_hooks import TIME_ACTIONS, Fighter
from .fight_hooks import FightHooks as Fight

FIGHT_DOS = ("next_turn", "join_fight", "end_fight")  # and every action naming a fighter


def needs_fight(form: Action) -> bool:
    return form.do in FIGHT_DOS or any(isinstance(field, Fighter) for field in form.fields)


def _candidates(state: State, fight: Fight, form: Action, field: Any) -> list[str]:
    """Who a required character or combatant field of ``form`` could name now."""
    going = state.get("fight")
    if isinstance(field, Member):
        ids = [character["id"] for character in state["party"]]
        if going and (form.id == "leave" or form.do == "join_fight"):  # only those out of the fight
            ids = [who for who in ids if who not in going["combatants"]]
        if form.do == "join_fight":
            ids = [who for who in ids if fight.party_can_fight(state, who)]
    else:  # a fighter: only asked for in a fight
        assert going is not None
        ids = [who for who, one in going["combatants"].items() if field.among != "foe" or one["side"] == "foes"]
        if form.do == "maneuver":
            ids = [who for who in ids if who == fight.current(going)]
    return [who for who in ids if fight.can_now(state, form.id, field.name, who)]


def _open(state: State, fight: Fight, form: Action) -> bool:
    going = bool(state.get("fight"))
    if needs_fight(form) and not going:
        return False
    if going and (form.do in ("fight", "encounter") or form.do in TIME_ACTIONS):
        return False
    for field in form.fields:
        required = isinstance(field, Fighter) or (isinstance(field, Member) and not field.many)
        if required and not field.optional and not _candidates(state, fight, form, field):
            return False
    return fight.open_now(state, form.id)


def actions_now(state: State, fight: Fight, forms: Sequence[Action]) -> list[str]:
    """The ids of ``forms`` open in ``state`` (see the module's docstring)."""
    return [form.id for form in forms if _open(state, fight, form)]
