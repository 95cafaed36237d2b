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
from .map import map_view
from .party import SESSION_FORMS
from .registry import rules_of

_HYPHEN_BEFORE_NUMBER = re.compile(r"(?<![\w.\-])-(?=\d)")


def minus_signs(text: str) -> str:
    """``text`` with a negative number's hyphen made the minus sign the site prints everywhere
    ("12 → −1"), ids and ranges ("c-1", "3-5") left alone."""
    return _HYPHEN_BEFORE_NUMBER.sub(MINUS, text) if "-" in text else text


def _texts(item: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``item`` with the texts under ``keys`` given :func:`minus_signs` (a copy where one changed)."""
    changed = {key: minus_signs(item[key]) for key in keys if isinstance(item.get(key), str) and "-" in item[key]}
    return {**item, **changed} if changed else item


def _due(items: Any) -> Any:
    """A list of what falls due: texts, or dicts with a ``text``."""
    if not isinstance(items, list):
        return items
    return [minus_signs(one) if isinstance(one, str) else _texts(one, ("text",)) if isinstance(one, dict) else one
            for one in items]


def _someone(one: Any) -> Any:
    """A character's or a combatant's part of a view: its conditions, figures, effects and due."""
    if not isinstance(one, dict):
        return one
    shown = _texts(one, ("condition", "fatigue", "state", "text"))
    lists = {key: _due(shown[key]) for key in ("due", "figures") if isinstance(shown.get(key), list)}
    if isinstance(shown.get("effects"), list):
        lists["effects"] = [_texts(effect, ("text",)) if isinstance(effect, dict) else effect
                            for effect in shown["effects"]]
    return {**shown, **lists} if lists else shown


def _one_minus(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with every text a person reads in it (effects, conditions, figures, lights, what is
    due) given :func:`minus_signs`, in one place, so that sessions saved before keep reading alike
    (the log's entries are given theirs as :func:`shown` builds them). Only the parts that hold
    such texts are visited, and copied only where a text changes: a fight's view holds hundreds
    of values, and walking them all was a third of an action's time in the engine worker."""
    shown = {**view, "due": _due(view.get("due"))} if "due" in view else dict(view)
    for key in ("characters", "lights"):
        if isinstance(view.get(key), list):
            shown[key] = [_someone(one) for one in view[key]]
    fight = view.get("fight")
    if isinstance(fight, dict):
        shown["fight"] = {**fight, "due": _due(fight.get("due")),
                          "combatants": [_someone(one) for one in fight.get("combatants", [])]}
    return shown


# The newest log entries a page is sent (the Session page and a player's phone draw the last 100;
# the whole log on request): a long evening's log does not cross at every action.
LOG_TAIL = 100


def shown(state: State, gm: bool = False, log_tail: int | None = None) -> dict[str, Any]:
    """What a screen shows of ``state``, a session of this version (``session.view`` checks it
    first): see :func:`rulescore.play.session.view`."""
    rules = rules_of(state["system"])
    return _built(state, gm, log_tail, actions_now(state, rules.fight, (*rules.forms, *SESSION_FORMS)))


def shown_pair(state: State, log_tail: int | None = None, players: bool = True
               ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The GM's view of ``state`` and the players' (None unless ``players``: a page showing the
    GM's view does not draw it), the actions open now worked out once for both."""
    rules = rules_of(state["system"])
    now = actions_now(state, rules.fight, (*rules.forms, *SESSION_FORMS))
    return _built(state, True, log_tail, now), _built(state, False, log_tail, now) if players else None


def _built(state: State, gm: bool, log_tail: int | None, now: list[str]) -> dict[str, Any]:
    view: dict[str, Any] = rules_of(state["system"]).view(state, gm)
    # The log, the longest part by far, is built with its minus signs in one pass.
    entries = state["log"] if gm else [entry for entry in state["log"] if not entry.get("gm_only")]
    log = [{"at": entry["at"], "text": minus_signs(entry.get("gm_text", entry["text"]) if gm else entry["text"]),
            "rule": entry["rule"]} for entry in (entries if log_tail is None else entries[-log_tail:])]
    if log_tail is not None:
        view["log_count"] = len(entries)
    view = _one_minus({"system": state["system"], **view, "log_let_go": state["history"]["log_before"],
                       "can_undo": bool(state["done"]), "can_redo": bool(state["undone"]), "actions_now": now})
    return {**view, "map": map_view(state, gm), "log": log}
