"""What every game's session rules build on: the state's type, reading an action's keys (and
the party members it names), an action's form entry, the log, and time said in words.

The games' session and fight modules import these (games -> play -> core); nothing here knows a
game. An action is read key by key: ``keys`` refuses a key the action does not take, ``take``
gives a key's value checked against its spec (an ``Input``: its default when missing), and
``member`` and ``members`` the party members a :class:`Member` key names. Every refusal is a
sentence for a person (:mod:`rulescore.wording`).

>>> from rulescore.core import Input
>>> take({"do": "advance", "turns": "3"}, Input("turns", "Turns", "int", None, min=1, max=10))
3
>>> take({"do": "advance"}, Input("turns", "Turns", "int", None, min=1, max=10))
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Turns: missing; enter a whole number from 1 to 10.
>>> passing(1, "turn"), passing(3, "round"), passed(3, "round")
('1 turn passes', '3 rounds pass', '3 rounds')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core import Input, RulesInputError
from ..wording import listed, received, wanted

State = dict[str, Any]


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
    fields: tuple[Any, ...]  # Input, Member, or another spec with describe() (play.fight_hooks: FoeList, Fighter)
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
