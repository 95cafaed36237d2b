"""What a screen shows of a session: the game's view of the state, the log (the players' without
what the GM keeps to themself, cut to its newest entries where asked), the actions open now
(:mod:`rulescore.play.actions_now`), and every negative number written with the site's minus
sign (:func:`minus_signs`), in one place, so that sessions saved before read alike.

>>> minus_signs("12 → -1 of 12 HP; c-1, 3-5 and -4")
'12 → −1 of 12 HP; c-1, 3-5 and −4'
"""

from __future__ import annotations

import re
from typing import Any

from ..core import MINUS
from .actions_now import actions_now
from .common import State
from .party import SESSION_FORMS
from .registry import rules_of

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
    :func:`shown` builds them)."""
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


def shown(state: State, gm: bool = False, log_tail: int | None = None) -> dict[str, Any]:
    """What a screen shows of ``state``, a session of this version (``session.view`` checks it
    first): see :func:`rulescore.play.session.view`."""
    rules = rules_of(state["system"])
    view: dict[str, Any] = rules.view(state, gm)
    # The log, the longest part by far, is built with its minus signs in one pass.
    entries = state["log"] if gm else [entry for entry in state["log"] if not entry.get("gm_only")]
    log = [{"at": entry["at"], "text": minus_signs(entry.get("gm_text", entry["text"]) if gm else entry["text"]),
            "rule": entry["rule"]} for entry in (entries if log_tail is None else entries[-log_tail:])]
    if log_tail is not None:
        view["log_count"] = len(entries)
    view = _one_minus({"system": state["system"], **view, "log_let_go": state["history"]["log_before"],
                       "can_undo": bool(state["done"]), "can_redo": bool(state["undone"]),
                       "actions_now": actions_now(state, rules.fight, (*rules.forms, *SESSION_FORMS))})
    return {**view, "log": log}
