"""Sessions: the clock, the lights, the wounds and the log of one game, kept by the rules.

A session is plain JSON data: ``new(system, party)`` starts one, ``apply(state, action,
roll=None)`` returns the next state (the one given is never changed), ``view(state,
gm=False)`` says what a screen shows, and ``undo(state)`` / ``redo(state)`` step back and
forth. This module only dispatches and keeps the undo log; the rules are each game's, given
through :mod:`rulescore.play.registry` (``rulescore/bfrpg/session.py``,
``rulescore/gurps/session.py``, ``rulescore/shell/session.py`` and their ``fight.py``). The
callers' path is ``rulescore.session``, which re-exports this module.

The state is event-sourced: it keeps the party, every action applied with the dice it
used, and the state those actions led to. Undo rebuilds the state before the last action by
replaying actions with the same dice, so nothing is ever rolled twice; fights (``{"do":
"fight"}``, ``next_turn``, ``maneuver``...) are part of the same log, in each system's
``fight.py`` (``rulescore/play/fight.py`` holds what the three share).

How long sessions stay fast and small (format version 2; :mod:`rulescore.play.history`): ``apply``
copies only the rules' part of the state (the clock, the characters, the fight: its size does
not grow with the session) and shares the log and the list of actions done with the state it
was given, appending to copies of those lists, never to the originals. Every
``CHECKPOINT_EVERY`` actions the rules' part is kept as a checkpoint, and undo replays only
the actions since the last one. The state stays bounded: undo reaches back ``UNDO_DEPTH``
actions at least (older actions and checkpoints are let go, a checkpoint becoming the new
base) and the log keeps its last ``LOG_KEPT`` entries (``view`` says how many earlier ones
were let go). A version-1 session saved before this is migrated on first use by replaying
its actions once.

``view`` also lists the actions the state allows now (:mod:`rulescore.play.views`,
:mod:`rulescore.play.actions_now`), and ``write_back(state)`` says what the session changed on
each member's sheet, for the page to write back (:mod:`rulescore.play.write_back`). Every
refusal is a sentence for a person (:mod:`rulescore.wording`).

``roll(count, sides)`` returns a list of die faces; it defaults to a real random roll, and
tests or players with physical dice pass their own. A torch whose 1d4 comes up 3 burns
3 + 4 = 7 turns; the players see it burn, the GM sees how long it has left:

>>> state = new("bfrpg", [])
>>> state = apply(state, {"do": "light", "source": "torch"}, roll=lambda count, sides: [3])
>>> state = apply(state, {"do": "advance", "turns": 2})
>>> view(state)["turn"], view(state)["lights"][0]["burning"], view(state, gm=True)["lights"][0]["turns_left"]
(2, True, 5)
>>> view(undo(state))["turn"]
0
>>> apply(state, {"do": "advance", "turns": -1})
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Turns: received −1; enter a whole number from 1 to 100000.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..characters import SYSTEMS
from ..core import RulesInputError
from ..wording import received
from . import history, views
from . import write_back as sheets_out
from .common import Action, State
from .dice_asks import Dice, Roll
from .party import SESSION_ACTIONS, SESSION_FORMS, party_checked
from .registry import rules_of
from .views import minus_signs

FORMAT = "rules-at-the-table/session"
VERSION = 2

__all__ = ["FORMAT", "LOG_TAIL", "VERSION", "Dice", "Roll", "State", "actions", "apply", "migrate", "new", "preview",
           "redo", "undo", "view", "view_pair", "write_back", "write_back_changes", "write_back_from"]


def actions(system: Any) -> list[dict[str, Any]]:
    """Every action a session of ``system`` takes, as plain JSON data a page builds a form from,
    the ones a table uses most (time passing) first. Each entry: ``id`` (unique in the system),
    ``do``, ``label``, ``help``, ``fixed`` (keys always sent with it) and ``fields``, each in
    Input.describe()'s shape with one more key, ``who``: None, or "one" or "many" for a field
    naming party members (a choice with no choices: the page offers the party).

    >>> [entry["id"] for entry in actions("gurps")][:6]
    ['advance_turns', 'damage', 'heal', 'fatigue', 'rest', 'day']
    >>> [entry["id"] for entry in actions("gurps")][6:11]  # fights (rulescore/play/fight.py), the party's comings,
    ...                                                     # encounters and tables (rulescore/play/tables.py)
    ['fight', 'next_turn', 'maneuver', 'damage_foe', 'edit_foe']
    >>> [entry["id"] for entry in actions("gurps")][11:]
    ['join_fight', 'join_fight_character', 'leave_fight', 'end_fight', 'attack', 'defend', 'join', 'leave', \
'encounter', 'roll_table']
    >>> light = next(entry for entry in actions("bfrpg") if entry["id"] == "light")
    >>> light["do"], [(field["name"], field["kind"], field["who"]) for field in light["fields"]]
    ('light', [('source', 'choice', None), ('height_in', 'number', None), ('by', 'choice', 'one')])
    >>> traps = next(entry for entry in actions("bfrpg") if entry["id"] == "search_traps")
    >>> traps["fixed"], [field["name"] for field in traps["fields"]]
    ({'for': 'traps'}, ['by', 'squares', 'area'])
    >>> actions("chess")
    Traceback (most recent call last):
    ...
    rulescore.core.RulesInputError: system: received 'chess'; use one of bfrpg, gurps, shell.
    """
    forms: tuple[Action, ...] = rules_of(system).forms
    return [form.describe() for form in (*forms, *SESSION_FORMS)]


# The rules' version a new session is played under. Where a game's behaviour changes, the
# change says from which version it applies, and a session saved before replays its actions
# under the behaviour it was played with (GameRules.legacy; today: the changes made before
# versions were kept, for sessions that have no version). Version 2: a SHELL fight's end wipes the
# non-lethal tally (rulescore/shell/fight.py); a Basic Fantasy monster's routine line is played as
# the rulebook means it, a bear's hug rolled (rulescore/bfrpg/monster_play.py); a foe attacks a
# Basic Fantasy character's Armor Class from their armour (rulescore/bfrpg/attack_action.py).
RULES_VERSION = 2
FIRST_RULES_VERSION = 1  # sessions saved before versions were kept have none: the legacy switches are theirs


def new(system: Any, party: Any) -> State:
    """A new session of ``system`` ("bfrpg", "gurps" or "shell") for ``party``, a list of
    characters as the Characters page stores them: ``{"id", "name", "system", "fields"}``."""
    rules = rules_of(system)
    members_, sheets = party_checked(system, party)
    state: State = {"format": FORMAT, "version": VERSION, "system": system, "party": members_, "sheets": sheets,
                    "log": [], "done": [], "undone": []}
    state.update(rules.start(members_, sheets))
    state["rules_version"] = RULES_VERSION  # what it is played under (a session without one: before versions)
    history.start(state)
    return state


def _current(state: Any) -> State:
    """``state`` if it is a session of this version; a session of an earlier version migrated to
    this one (the argument left as it was); otherwise an error."""
    if not isinstance(state, Mapping) or state.get("format") != FORMAT or state.get("system") not in SYSTEMS:
        raise RulesInputError("state", "Session: this is not a session the Session page made.")
    version = state.get("version")
    if version == VERSION:
        return dict(state)
    if version == 1:
        return migrate(state)
    raise RulesInputError("state", f"Session: saved in format version {received(version)}, and this site reads "
                                   f"versions 1 to {VERSION} (a newer version of the site made it?).")


def migrate(state: Any) -> State:
    """A version-1 session (every action kept, undo replaying them all) as a version-2 one: its
    actions replayed once from its party, with the same dice, taking checkpoints on the way."""
    if not isinstance(state, Mapping) or state.get("version") != 1 or not isinstance(state.get("done"), list):
        raise RulesInputError("state", "Session: only a session saved in format version 1 is brought up to date.")
    work = new(state["system"], state["party"])
    del work["rules_version"]  # played before versions: its actions replay as they were played
    for point in work["history"]["checkpoints"]:
        point["rules"].pop("rules_version", None)
    for event in state["done"]:
        work = _replayed(history.fork(work), [event])
        history.after_action(work)
    work["undone"] = json.loads(json.dumps(state["undone"]))
    return work


def _apply_into(work: State, action: Any, dice: Dice) -> None:
    """Apply ``action`` to ``work`` in place (``work`` is a copy nobody else holds)."""
    if not isinstance(action, Mapping):
        raise RulesInputError("action", f"Action: received {received(action)}; give one of the actions the session "
                                        f"offers, with its fields.")
    try:
        action = json.loads(json.dumps(action, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise RulesInputError("action", "Action: it holds a value that cannot be kept (only numbers, texts, yes "
                                        "or no, and lists and groups of those can).") from error
    rules = rules_of(work["system"])
    handlers: dict[str, Callable[..., None]] = {**rules.actions, **SESSION_ACTIONS}
    do = action.get("do")
    if not isinstance(do, str) or do not in handlers:
        labels = dict.fromkeys(form.label for form in (*rules.forms, *SESSION_FORMS))
        raise RulesInputError("do", f"Action: received {received(do)}, not an action of this session; choose one of "
                                    f"{', '.join(labels)}.")
    log_from = work.get("history", {}).get("log_before", 0) + len(work["log"])
    handlers[do](work, action, dice)
    # Where its log entries begin: undo keeps the entries before it as they were written.
    work["done"].append({"action": action, "dice": dice.used, "log_from": log_from})


def apply(state: State, action: Any, roll: Roll | None = None) -> State:
    """The session after ``action``; ``state`` itself is left as it was. A bad action raises
    RulesInputError naming the field at fault."""
    work = history.fork(_current(state))
    _apply_into(work, action, Dice(roll))
    work["undone"] = []
    history.after_action(work)
    return work


def undo(state: State) -> State:
    """The session before its last action (that action can be redone)."""
    state = _current(state)
    if not state["done"]:
        raise RulesInputError("undo", "Undo: nothing has been done yet in this session"
                              + ("." if not state["history"]["done_before"] else
                                 f" that undo can still reach (it reaches {history.UNDO_DEPTH} actions back)."))
    work, replay = history.restore(state, history.actions_done(state) - 1,
                                   lambda party: party_checked(state["system"], party)[1])
    work = _replayed(work, replay)
    # What was shown stays shown: the log and the actions done as they were written (a newer
    # version may word a replayed entry differently); the undone action keeps its own entries
    # for a redo.
    last = state["done"][-1]
    start = last["log_from"] - state["history"]["log_before"] if "log_from" in last else len(work["log"])
    work["log"] = state["log"][:start]
    work["done"] = state["done"][:-1]
    work["undone"].append({**last, "shown": state["log"][start:]})
    return work


def _replayed(work: State, events: Sequence[Mapping[str, Any]]) -> State:
    """``work`` with ``events`` applied again, with the dice they kept. An action an earlier
    version of the site played under a behaviour its game has since changed (its dice no longer
    fit) is replayed under that behaviour, as it was played (the game's ``legacy`` switches, tried
    in turn); one that fits none says so, and nothing is changed."""
    start = history.fork(work)
    try:
        for event in events:
            _apply_into(work, event["action"], Dice(recorded=event["dice"]))
        return work
    except RulesInputError:
        work = start  # the careful way: each action on a copy, under each old behaviour if need be
    # The old behaviours only for a session played before rules versions were kept.
    legacy = rules_of(work["system"]).legacy if work.get("rules_version", 0) < FIRST_RULES_VERSION else ()
    for event in events:
        for switches in ((), *((one,) for one in legacy)):
            trial = history.fork(work)
            if switches:
                trial["legacy"] = list(switches)
            try:
                _apply_into(trial, event["action"], Dice(recorded=event["dice"]))
            except RulesInputError as error:
                refusal = error
                continue
            trial.pop("legacy", None)
            work = trial
            break
        else:
            raise RulesInputError("undo", "Undo: this session was played by an earlier version of the site, whose "
                                          "rules replay its earlier actions differently now; undo stops here, and the "
                                          f"session stays as it is ({refusal.message})")
    return work


def redo(state: State) -> State:
    """The session with its last undone action applied again, with the same dice."""
    state = _current(state)
    if not state["undone"]:
        raise RulesInputError("redo", "Redo: there is no undone action to do again.")
    work = history.fork(state)
    event = work["undone"].pop()
    start = len(work["log"])
    _apply_into(work, event["action"], Dice(recorded=event["dice"]))
    if "shown" in event:  # its entries as they were first written
        work["log"][start:] = event["shown"]
    history.after_action(work)
    return work


def preview(state: State, action: Any, gm: bool = True) -> dict[str, Any]:
    """What ``action`` would do, without doing it: ``lines``, the log entries (as the GM reads
    them, or with ``gm`` False as the players' view shows the log) it writes before its first
    roll, and ``rolls``, whether dice follow. So the damage form
    shows the injury it will apply before the GM taps. A game may add more for some actions (its
    ``PREVIEWS``): GURPS's attack adds ``attack``, its odds (:mod:`rulescore.gurps.attack`). A bad
    action raises RulesInputError, as ``apply`` would.

    >>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"st": 12}}]
    >>> state = new("gurps", party)
    >>> preview(state, {"do": "damage", "who": "k", "damage": 9, "type": "cutting"})["lines"]
    ['Kara takes 9 penetrating damage: 13 HP of injury, 12 → −1 of 12 HP (0 HP or less: HT roll each turn to \
stay conscious); shock −4 on the next turn.']
    >>> view(state)["log"]  # nothing was done
    []
    """
    work = history.fork(_current(state))
    start = len(work["log"])

    def stop(count: int, sides: int) -> Sequence[int]:
        raise _FirstRoll

    rolls = False
    try:
        _apply_into(work, action, Dice(stop))
    except _FirstRoll:
        rolls = True
    entries = [entry for entry in work["log"][start:] if gm or not entry.get("gm_only")]
    answer = {"lines": [minus_signs(entry.get("gm_text", entry["text"]) if gm else entry["text"]) for entry in entries],
              "rolls": rolls}
    more = rules_of(work["system"]).previews.get(action.get("do"))  # a game's odds (an attack's)
    return {**answer, **more(_current(state), action, gm)} if more else answer


class _FirstRoll(Exception):
    """A preview reached the action's first roll: it stops there."""


# The newest log entries a page is sent (the Session page and a player's phone draw the last 100;
# the whole log on request): a long evening's log does not cross at every action.
LOG_TAIL = views.LOG_TAIL


def view(state: State, gm: bool = False, log_tail: int | None = None) -> dict[str, Any]:
    """What a screen shows: the time ("turn", "round"), each light ("source", "burning", and
    "turns_left" for the GM only), each character's condition and the effects now in force,
    what is due next, the log, and "actions_now", the ids of ``actions(system)`` the state does not
    refuse outright (:mod:`rulescore.play.actions_now`). The players' view never shows a rolled
    duration or a roll the GM makes in secret. With ``log_tail``, the log holds its newest
    ``log_tail`` entries only and ``log_count`` says how many there are (a page draws the tail);
    :mod:`rulescore.play.views` builds it."""
    return views.shown(_current(state), gm, log_tail)


def view_pair(state: State, log_tail: int | None = None, players: bool = True
              ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``view(state, gm=True, log_tail)`` and, unless ``players`` is false (then None),
    ``view(state, log_tail=log_tail)``: both at once, what they share worked out once."""
    return views.shown_pair(_current(state), log_tail, players)


def write_back(state: State) -> dict[str, dict[str, int]]:
    """``{member id: {sheet field: value}}``: what the session changed on each member's sheet (GURPS
    ``hp_lost``, ``fp_lost``; BFRPG ``hp_lost``; SHELL ``damage_taken``), leavers included, an
    unchanged member absent (:mod:`rulescore.play.write_back`). ``state`` is left as it was."""
    return sheets_out.write_back(_current(state))


def write_back_changes(state: State) -> list[str]:
    """:func:`write_back` in words, one line a member ("Ana: Hit points lost 0 → 3."), for the GM
    to read before the sheets are written."""
    return sheets_out.write_back_changes(_current(state))


def write_back_from(state: State) -> dict[str, dict[str, Any]]:
    """Each member :func:`write_back` names: their ``name``, the fields as they ``came`` in and
    the fields' ``labels`` (the page tells a sheet changed elsewhere since the session by them)."""
    return sheets_out.came_in(_current(state))
