"""Sessions: the clock, the lights, the wounds and the log of one game, kept by the rules.

A session is plain JSON data: ``new(system, party)`` starts one, ``apply(state, action,
roll=None)`` returns the next state (the one given is never changed), ``view(state,
gm=False)`` says what a screen shows, and ``undo(state)`` / ``redo(state)`` step back and
forth. This module only dispatches and keeps the undo log; the rules are in
``rulescore/bfrpg/session.py``, ``rulescore/gurps/session.py`` and
``rulescore/shell/session.py``.

The state is event-sourced: it keeps the party, every action applied with the dice it
used, and the state those actions led to. Undo rebuilds the state before the last action by
replaying actions with the same dice, so nothing is ever rolled twice; fights (``{"do":
"fight"}``, ``next_turn``, ``maneuver``...) are part of the same log, in each system's
``fight.py`` (``rulescore/fight.py`` holds what the three share).

How long sessions stay fast and small (format version 2; :mod:`rulescore.history`): ``apply``
copies only the rules' part of the state (the clock, the characters, the fight: its size does
not grow with the session) and shares the log and the list of actions done with the state it
was given, appending to copies of those lists, never to the originals. Every
``CHECKPOINT_EVERY`` actions the rules' part is kept as a checkpoint, and undo replays only
the actions since the last one. The state stays bounded: undo reaches back ``UNDO_DEPTH``
actions at least (older actions and checkpoints are let go, a checkpoint becoming the new
base) and the log keeps its last ``LOG_KEPT`` entries (``view`` says how many earlier ones
were let go). A version-1 session saved before this is migrated on first use by replaying
its actions once.

``view`` also lists the actions the state allows now (:mod:`rulescore.actions_now`), and
``write_back(state)`` says what the session changed on each member's sheet, for the page to
write back (:mod:`rulescore.write_back`). Every refusal is a sentence for a person
(:mod:`rulescore.wording`).

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
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from . import history
from . import write_back as sheets_out
from .characters import SYSTEMS, derive
from .core import MINUS, Input, RulesInputError, unknown_name
from .dice_asks import Dice as Dice
from .dice_asks import Roll as Roll
from .wording import game_name, listed, received, wanted

FORMAT = "rules-at-the-table/session"
VERSION = 2

State = dict[str, Any]


# --------------------------------------------------------------------------- reading actions

def keys(action: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """Refuse an action key the action does not take (a typo would otherwise be ignored)."""
    for key in action:
        if key != "do" and key not in allowed:
            raise RulesInputError(str(key)[:40], f"This action takes no {received(str(key))}; leave it out.")


def take(action: Mapping[str, Any], spec: Input) -> Any:
    """The validated value of ``spec.name`` in ``action``; its default when missing, or an error
    naming it when it has none. A "text" spec takes a short text that is not empty: ``spec.max``
    characters at most, ``spec.help`` saying what it names."""
    if spec.kind == "text":
        text = action.get(spec.name, spec.default)
        if not isinstance(text, str) or not text.strip() or len(text) > spec.max:
            raise RulesInputError(spec.name, f"{spec.label}: give {spec.help} ({spec.max} characters at most).")
        return text
    if spec.name not in action:
        if spec.default is None:
            raise RulesInputError(spec.name, f"{spec.label}: missing; {wanted(spec)}.")
        return spec.parse(spec.default)
    try:
        return spec.parse(action[spec.name])
    except RulesInputError:
        raise RulesInputError(spec.name, f"{spec.label}: received {received(action[spec.name])}; "
                                         f"{wanted(spec)}.") from None


class Member(NamedTuple):
    """An action key naming party members: one id (``{"by": "ana"}``) or, when ``many``, a list of
    ids (``{"without_food": ["ana"]}``, none when left out). A form offers the party to pick from,
    starting on its first member unless the key is ``optional`` (then on nobody)."""

    name: str
    label: str = "Character"
    many: bool = False
    help: str = ""
    optional: bool = False

    def describe(self) -> dict[str, Any]:
        """Input.describe()'s shape, a choice whose choices the page fills in from the party, and
        "who": "one" or "many". The default says where the form starts: none for the first member,
        "" (nobody) for an optional key, no one ticked for a list."""
        default: list[str] | str | None = [] if self.many else "" if self.optional else None
        return {**Input(self.name, self.label, "choice", default, help=self.help).describe(),
                "who": "many" if self.many else "one"}


def party_names(state: Mapping[str, Any]) -> str:
    """The party's names for a message ("Ana, Bruno"; never their ids)."""
    return listed([str(character["name"]) for character in state["party"]]) or "nobody (the party is empty)"


def member(state: Mapping[str, Any], action: Mapping[str, Any], spec: Member) -> str:
    """The id of the party member named by ``action[spec.name]``; an error if missing or not in the party."""
    key, label = spec.name, spec.label
    ids = [character["id"] for character in state["party"]]
    if key not in action:
        raise RulesInputError(key, f"{label}: missing; choose one of the party: {party_names(state)}.")
    wanted = action[key]
    if not isinstance(wanted, str) or wanted not in ids:
        raise RulesInputError(key, f"{label}: the character chosen is not in the party; choose one of "
                                   f"{party_names(state)}.")
    return wanted


def members(state: Mapping[str, Any], action: Mapping[str, Any], spec: Member) -> list[str]:
    """The ids listed in ``action[spec.name]`` (none when missing), each checked against the party."""
    key = spec.name
    given = action.get(key, [])
    if not isinstance(given, list):
        raise RulesInputError(key, f"{spec.label}: give a list of characters of the party ({party_names(state)}).")
    return [member(state, {key: wanted}, spec) for wanted in dict.fromkeys(given)]


class Action(NamedTuple):
    """One entry of the actions a system's session takes, as a form shows it: ``do`` with the
    ``fixed`` keys always sent, and ``fields`` for the rest, the very specs the handler reads."""

    id: str
    do: str
    label: str
    help: str
    fields: tuple[Any, ...]  # Input, Member, or another spec with describe() (rulescore.fight: FoeList, Fighter)
    fixed: tuple[tuple[str, str], ...] = ()

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "do": self.do, "label": self.label, "help": self.help, "fixed": dict(self.fixed),
                "fields": [{**field.describe(), "who": None} if isinstance(field, Input) else field.describe()
                           for field in self.fields]}


def name_of(state: Mapping[str, Any], character_id: str) -> str:
    for character in state["party"]:
        if character["id"] == character_id:
            return str(character["name"])
    raise KeyError(character_id)


def sheet(state: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    """A character's fields (defaults filled in) and every figure they imply, as derive gave them."""
    figures: dict[str, Any] = state["sheets"][character_id]
    return figures


def passing(count: int, unit: str) -> str:
    """"1 turn passes", "3 rounds pass": time passing, said as English says it."""
    return f"{count} {unit} passes" if count == 1 else f"{count} {unit}s pass"


def passed(count: int, unit: str) -> str:
    """"1 round", "3 rounds": a count of time units, said as English says it."""
    return f"{count} {unit}" + ("" if count == 1 else "s")


def note(state: State, at: str, text: str, rule: str | None, gm_text: str | None = None,
         gm_only: bool = False) -> None:
    """Add a log entry: ``text`` for everyone, ``gm_text`` in its place in the GM's view (a roll the
    players do not see); ``gm_only`` hides the entry from the players altogether."""
    entry: dict[str, Any] = {"at": at, "text": text, "rule": rule}
    if gm_text is not None:
        entry["gm_text"] = gm_text
    if gm_only:
        entry["gm_only"] = True
    state["log"].append(entry)


# --------------------------------------------------------------------------- joining and leaving

class Saved(NamedTuple):
    """An action key taking a whole saved character, ``{"id", "name", "system", "fields"}`` as the
    Characters page keeps it, one not in the party: the page offers the device's characters of
    the session's game ("who": "saved")."""

    name: str = "character"
    label: str = "Character"
    help: str = "a saved character of this game, not in the party"

    def describe(self) -> dict[str, Any]:
        return {**Input(self.name, self.label, "choice", None, help=self.help).describe(), "who": "saved"}


JOINER = Saved()
LEAVER = Member("who", "Character", help="their wounds are kept should they come back")


def join(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "join", "character": {...}}``: a character joins the session under way (not a
    fight in progress: "join_fight" does that). One who left earlier comes back as they left."""
    keys(action, (JOINER.name,))
    given = action.get(JOINER.name)
    if not isinstance(given, Mapping):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: missing; choose {JOINER.help}.")
    name, ident = given.get("name"), given.get("id")
    if any(character["id"] == ident for character in state["party"]):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: {name} is already in the party.")
    if ident in (state.get("fight") or {}).get("combatants", {}):
        raise RulesInputError(JOINER.name, f"{JOINER.label}: {name} cannot join: their saved record shares its "
                                           f"number with a foe in the fight; save the character again to give it a "
                                           f"new one.")
    [joined], sheets = _party(state["system"], [given])
    ident = joined["id"]
    state["party"].append(joined)
    state["sheets"][ident] = sheets[ident]
    left = state.get("left", {})
    back = left.pop(ident, None)
    state.get("leavers", {}).pop(ident, None)
    state["characters"][ident] = back if back is not None else \
        _rules(state["system"]).start([joined], sheets)["characters"][ident]
    note(state, _rules(state["system"])._at(state), f"{joined['name']} " + (
        "comes back to the party, as they left it." if back is not None else "joins the party."), None)


def leave(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "leave", "who": id}``: a character leaves the session (not in a fight: they leave
    it first). What they carry goes with them; their state is kept should they come back."""
    keys(action, (LEAVER.name,))
    who = member(state, action, LEAVER)
    name = name_of(state, who)
    if who in (state.get("fight") or {}).get("combatants", {}):
        raise RulesInputError(LEAVER.name, f"{LEAVER.label}: {name} is in the fight; take them out of it first "
                                           f"(“Leaves the fight”).")
    at = _rules(state["system"])._at(state)
    carried = [light for light in state.get("lights", []) if light.get("by") == who]
    for light in carried:
        state["lights"].remove(light)
    note(state, at, f"{name} leaves the party" + "".join(
        f", taking light {light['id']} ({light['source']}) with them" for light in carried) + ".", None)
    state.setdefault("leavers", {})[who] = next(c for c in state["party"] if c["id"] == who)  # as they came in
    state["party"] = [character for character in state["party"] if character["id"] != who]
    del state["sheets"][who]
    state.setdefault("left", {})[who] = state["characters"].pop(who)


SESSION_ACTIONS: dict[str, Callable[[State, dict[str, Any], Dice], None]] = {"join": join, "leave": leave}
SESSION_FORMS = (
    Action("join", "join", "A character joins", "A saved character joins the party; one who left comes back as "
                                                "they left.", (JOINER,)),
    Action("leave", "leave", "A character leaves", "A character leaves the party, taking what they carry; their "
                                                   "wounds are kept should they come back.", (LEAVER,)),
)


# --------------------------------------------------------------------------- the public functions

def _rules(system: str) -> Any:
    """The rules module of a system (imported here: each imports this module's helpers)."""
    if system == "bfrpg":
        from .bfrpg import fight as bfrpg_rules  # the session's rules, and its fights
        return bfrpg_rules
    if system == "gurps":
        from .gurps import fight as gurps_rules
        return gurps_rules
    if system == "shell":
        from .shell import fight as shell_rules
        return shell_rules
    raise unknown_name("system", system, SYSTEMS)


def _party(system: str, party: Any) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The party as stored, checked, and each member's sheet (fields with defaults, and figures)."""
    if not isinstance(party, list):
        raise RulesInputError("party", f"Party: received {received(party)}; give a list of characters.")
    members_: list[dict[str, Any]] = []
    sheets: dict[str, dict[str, Any]] = {}
    for number, character in enumerate(party, 1):
        where = f"Party member {number}"
        if not isinstance(character, Mapping):
            raise RulesInputError("party", f"{where}: received {received(character)}; give a character as the "
                                           f"Characters page keeps it (its name, game and figures).")
        ident, name = character.get("id"), character.get("name")
        if not isinstance(ident, str) or not ident or ident in sheets:
            raise RulesInputError("id", f"{where}: " + (f"{name} is in the party already; each character comes once."
                                                        if ident in sheets else "the character has no record of its "
                                                        "own; give one as the Characters page keeps it."))
        if not isinstance(name, str) or not name.strip():
            raise RulesInputError("name", f"{where}: give the character a name.")
        if character.get("system") != system:
            raise RulesInputError("system", f"{name}: {game_name(character.get('system'))} character cannot join "
                                            f"{game_name(system)} session.")
        fields = character.get("fields", {})
        try:
            result = derive(system, fields)
        except RulesInputError as error:
            raise RulesInputError(error.field, f"{name}: {error.message}") from error
        members_.append(json.loads(json.dumps({"id": ident, "name": name, "system": system, "fields": fields})))
        sheets[ident] = {**result.inputs, **dict(result)}
    return members_, sheets


def actions(system: Any) -> list[dict[str, Any]]:
    """Every action a session of ``system`` takes, as plain JSON data a page builds a form from,
    the ones a table uses most (time passing) first. Each entry: ``id`` (unique in the system),
    ``do``, ``label``, ``help``, ``fixed`` (keys always sent with it) and ``fields``, each in
    Input.describe()'s shape with one more key, ``who``: None, or "one" or "many" for a field
    naming party members (a choice with no choices: the page offers the party).

    >>> [entry["id"] for entry in actions("gurps")][:6]
    ['advance_turns', 'damage', 'heal', 'fatigue', 'rest', 'day']
    >>> [entry["id"] for entry in actions("gurps")][6:11]  # fights (rulescore/fight.py), then the party's comings
    ['fight', 'next_turn', 'maneuver', 'damage_foe', 'edit_foe']
    >>> [entry["id"] for entry in actions("gurps")][11:]
    ['join_fight', 'join_fight_character', 'leave_fight', 'end_fight', 'attack', 'defend', 'join', 'leave']
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
    forms: tuple[Action, ...] = _rules(system).FORMS
    return [form.describe() for form in (*forms, *SESSION_FORMS)]


def new(system: Any, party: Any) -> State:
    """A new session of ``system`` ("bfrpg", "gurps" or "shell") for ``party``, a list of
    characters as the Characters page stores them: ``{"id", "name", "system", "fields"}``."""
    rules = _rules(system)
    members_, sheets = _party(system, party)
    state: State = {"format": FORMAT, "version": VERSION, "system": system, "party": members_, "sheets": sheets,
                    "log": [], "done": [], "undone": []}
    state.update(rules.start(members_, sheets))
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
    for event in state["done"]:
        work = history.fork(work)
        _apply_into(work, event["action"], Dice(recorded=event["dice"]))
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
    rules = _rules(work["system"])
    handlers: dict[str, Callable[..., None]] = {**rules.ACTIONS, **SESSION_ACTIONS}
    do = action.get("do")
    if not isinstance(do, str) or do not in handlers:
        labels = dict.fromkeys(form.label for form in (*rules.FORMS, *SESSION_FORMS))
        raise RulesInputError("do", f"Action: received {received(do)}, not an action of this session; choose one of "
                                    f"{', '.join(labels)}.")
    handlers[do](work, action, dice)
    work["done"].append({"action": action, "dice": dice.used})


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
                                   lambda party: _party(state["system"], party)[1])
    for event in replay:
        _apply_into(work, event["action"], Dice(recorded=event["dice"]))
    work["undone"].append(state["done"][-1])
    return work


def redo(state: State) -> State:
    """The session with its last undone action applied again, with the same dice."""
    state = _current(state)
    if not state["undone"]:
        raise RulesInputError("redo", "Redo: there is no undone action to do again.")
    work = history.fork(state)
    event = work["undone"].pop()
    _apply_into(work, event["action"], Dice(recorded=event["dice"]))
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
    more = getattr(_rules(work["system"]), "PREVIEWS", {}).get(action.get("do"))  # a game's odds (an attack's)
    return {**answer, **more(_current(state), action, gm)} if more else answer


class _FirstRoll(Exception):
    """A preview reached the action's first roll: it stops there."""


_HYPHEN_BEFORE_NUMBER = re.compile(r"(?<![\w.\-])-(?=\d)")
_TEXT_KEYS = ("text", "condition", "fatigue", "state")
_TEXT_LISTS = ("due", "figures")


def minus_signs(text: str) -> str:
    """``text`` with a negative number's hyphen made the minus sign the site prints everywhere
    ("12 → −1"), ids and ranges ("c-1", "3-5") left alone."""
    return _HYPHEN_BEFORE_NUMBER.sub(MINUS, text) if "-" in text else text


def _one_minus(value: Any) -> Any:
    """A view with every text in it (effects, conditions, what is due) given :func:`minus_signs`:
    one place, so sessions saved before keep reading alike (the log's entries are given theirs as
    :func:`view` builds them)."""
    # Scalars are passed over in place, not through a call each: a fight's view holds hundreds,
    # and this walk was a third of an action's time in the engine worker.
    if isinstance(value, list):
        return [_one_minus(item) if isinstance(item, (dict, list)) else item for item in value]
    if not isinstance(value, dict):
        return value
    shown: dict[str, Any] = {}
    for key, item in value.items():
        if isinstance(item, str):
            shown[key] = minus_signs(item) if key in _TEXT_KEYS else item
        elif key in _TEXT_LISTS and isinstance(item, list):
            shown[key] = [minus_signs(line) if isinstance(line, str) else _one_minus(line) for line in item]
        elif isinstance(item, (dict, list)):
            shown[key] = _one_minus(item)
        else:
            shown[key] = item
    return shown


# The newest log entries a page is sent (the Session page and a player's phone draw the last 100;
# the whole log on request): a long evening's log does not cross at every action.
LOG_TAIL = 100


def view(state: State, gm: bool = False, log_tail: int | None = None) -> dict[str, Any]:
    """What a screen shows: the time ("turn", "round"), each light ("source", "burning", and
    "turns_left" for the GM only), each character's condition and the effects now in force,
    what is due next, the log, and "actions_now", the ids of ``actions(system)`` the state does not
    refuse outright (:mod:`rulescore.actions_now`). The players' view never shows a rolled
    duration or a roll the GM makes in secret. With ``log_tail``, the log holds its newest
    ``log_tail`` entries only and ``log_count`` says how many there are (a page draws the tail)."""
    from .actions_now import actions_now  # it imports this module
    state = _current(state)
    rules = _rules(state["system"])
    shown: dict[str, Any] = rules.view(state, gm)
    # The log, the longest part by far, is built with its minus signs in one pass.
    entries = state["log"] if gm else [entry for entry in state["log"] if not entry.get("gm_only")]
    log = [{"at": entry["at"], "text": minus_signs(entry.get("gm_text", entry["text"]) if gm else entry["text"]),
            "rule": entry["rule"]} for entry in (entries if log_tail is None else entries[-log_tail:])]
    if log_tail is not None:
        shown["log_count"] = len(entries)
    shown = _one_minus({"system": state["system"], **shown, "log_let_go": state["history"]["log_before"],
                        "can_undo": bool(state["done"]), "can_redo": bool(state["undone"]),
                        "actions_now": actions_now(state, rules.FIGHT, (*rules.FORMS, *SESSION_FORMS))})
    return {**shown, "log": log}


def write_back(state: State) -> dict[str, dict[str, int]]:
    """``{member id: {sheet field: value}}``: what the session changed on each member's sheet (GURPS
    ``hp_lost``, ``fp_lost``; BFRPG ``hp_lost``; SHELL ``damage_taken``), leavers included, an
    unchanged member absent (:mod:`rulescore.write_back`). ``state`` is left as it was."""
    return sheets_out.write_back(_current(state))


def write_back_changes(state: State) -> list[str]:
    """:func:`write_back` in words, one line a member ("Ana: Hit points lost 0 → 3."), for the GM
    to read before the sheets are written."""
    return sheets_out.write_back_changes(_current(state))


def write_back_from(state: State) -> dict[str, dict[str, Any]]:
    """Each member :func:`write_back` names: their ``name``, the fields as they ``came`` in and
    the fields' ``labels`` (the page tells a sheet changed elsewhere since the session by them)."""
    return sheets_out.came_in(_current(state))
