"""How a session's refusals read: every ``RulesInputError`` an action meets is a sentence for a
person, naming fields and actions by the labels the action form shows and characters by name,
never by an id, a Python value or a key. These helpers word what an action sent and what it
should have sent.

>>> received(-1), received("sword"), received(""), received(None), received([2, 7])
('−1', '“sword”', 'nothing', 'nothing', 'a list')
>>> from rulescore.core import Input
>>> wanted(Input("for", "Searching for", "choice", None, choices=(("secret_doors", "secret doors"),
...                                                                 ("traps", "traps"))))
'choose secret doors or traps'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import Input, number_text

LONG_CHOICE = 12  # a longer list of choices (the monsters) is not spelt out


def listed(items: Sequence[str], last: str = "") -> str:
    """Names (or "Ana 6", a name with its figure) in a list: joined with ", ", or with "; " where
    one holds a comma itself, so that a character "Smith, John" or a monster "Ant, Giant" reads as
    one; ``last`` ("or", "and") before the last.

    >>> listed(["Ana", "Bruno"]), listed(["Smith, John", "Ana", "Ant, Giant 1"], "and")
    ('Ana, Bruno', 'Smith, John; Ana and Ant, Giant 1')
    """
    comma = "; " if any("," in item for item in items) else ", "
    if last and len(items) > 1:
        return f"{comma.join(items[:-1])} {last} {items[-1]}"
    return comma.join(items)


def received(value: Any) -> str:
    """A value an action sent, as a message quotes it for a person: "−1", "“sword”", "nothing"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return number_text(value)
    if isinstance(value, str):
        return f"“{value[:40]}”" if value.strip() else "nothing"
    if isinstance(value, (list, tuple)):
        return "a list" if value else "an empty list"
    return "nothing" if value is None else "something else"


def wanted(spec: Input) -> str:
    """What ``spec`` takes, by the labels its form shows: "choose torch, lantern or candle"."""
    if spec.kind == "choice":
        labels = [label for _, label in spec.choices]
        if len(labels) > LONG_CHOICE:
            return "choose one from the list"
        return "choose " + listed(labels, "or")
    return "enter yes or no" if spec.kind == "bool" else f"enter {spec.allowed()}"


GAMES = {"bfrpg": "Basic Fantasy", "gurps": "GURPS", "shell": "SHELL"}


def game_name(system: Any) -> str:
    """"a GURPS", "a Basic Fantasy": a game as a message names it."""
    return f"a {GAMES[system]}" if system in GAMES else "another game's"


def action_label(forms: Sequence[Any], action: Mapping[str, Any]) -> str:
    """The label the action form shows for ``action`` ("Time passes (rounds)"): of the forms
    (``rulescore.play.common.Action``) sending its "do" and the fixed keys it carries, the first whose
    fields take every key it gives."""
    fitting = [form for form in forms if form.do == action.get("do")
               and all(action.get(key) == value for key, value in form.fixed)]
    for form in fitting:
        taken = {field.name for field in form.fields} | {key for key, _ in form.fixed} | {"do"}
        if taken >= set(action):
            return str(form.label)
    return str(fitting[0].label) if fitting else "This action"
