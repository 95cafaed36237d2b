"""How a session keeps its past cheaply: copies of the rules' part only, checkpoints, and bounds.

A session state (see :mod:`rulescore.play.session`) has two kinds of keys:

- the **rules' part**: the party, their sheets, the clock, the characters, the lights, the
  fight... whatever each system's ``start`` made. It does not grow with the session, and each
  action is free to change it in place, so ``fork`` gives every action a fresh copy of it;
- the **history**: ``log``, ``done`` and ``undone``, lists that only grow at their end, and
  ``history``, the bookkeeping of the two below. ``fork`` copies those lists (a list of
  references: microseconds even at thousands of entries), never the entries in them, which
  nobody changes once written. A new state and the one it came from share those entries.

``history`` holds ``done_before`` (actions let go from the front of ``done``), ``log_before``
(log entries let go) and ``checkpoints``: the rules' part after action number ``at`` (counted
from the start of the session), with ``log_at``, the length the log had then. The first
checkpoint is the base: the oldest point undo can return to. The sheets are left out of a
checkpoint (they follow from the party: ``restore`` derives them again when the party has
changed since).

Bounds: a checkpoint is taken every ``CHECKPOINT_EVERY`` actions, so undo replays fewer
actions than that. Once more than ``UNDO_DEPTH`` actions lie after the second checkpoint, the
base and the actions before the second are let go; the log keeps its last ``LOG_KEPT`` entries,
never letting go of one written after the base. So a state holds at most about
``UNDO_DEPTH + CHECKPOINT_EVERY`` actions, ``UNDO_DEPTH / CHECKPOINT_EVERY + 2`` checkpoints
and ``LOG_KEPT`` entries plus the log of the actions undo can reach, whatever the session's
length.

>>> state = {"format": "rules-at-the-table/session", "version": 2, "system": "gurps", "clock": {"turns": 3},
...          "log": [{"text": "a"}], "done": [], "undone": [],
...          "history": {"done_before": 0, "log_before": 0, "checkpoints": []}}
>>> work = fork(state)
>>> work["clock"]["turns"] += 1; work["log"].append({"text": "b"})
>>> state["clock"]["turns"], len(state["log"]), work["log"][0] is state["log"][0]
(3, 1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

CHECKPOINT_EVERY = 25
UNDO_DEPTH = 1000
LOG_KEPT = 5000

# Keys that are not the rules' part: fixed ones and the history.
FIXED = ("format", "version", "system")
LISTS = ("log", "done", "undone")
HISTORY = (*FIXED, *LISTS, "history")


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists and immutable values), faster than
    copy.deepcopy, which keeps a memo this data never needs."""
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    return value


def rules_part(state: Mapping[str, Any], sheets: bool = True) -> dict[str, Any]:
    """The rules' part of ``state`` (not copied); without the sheets when ``sheets`` is false."""
    return {key: value for key, value in state.items()
            if key not in HISTORY and (sheets or key != "sheets")}


def fork(state: Mapping[str, Any]) -> dict[str, Any]:
    """A state an action may change in place without touching ``state``: the rules' part copied,
    the history's lists copied as lists of the same entries."""
    work = {key: copy_json(value) for key, value in rules_part(state).items()}
    for key in FIXED:
        work[key] = state[key]
    for key in LISTS:
        work[key] = list(state[key])
    history = state["history"]
    work["history"] = {**history, "checkpoints": list(history["checkpoints"])}
    return work


def actions_done(state: Mapping[str, Any]) -> int:
    """How many actions led to ``state`` since the session began (counting those let go)."""
    done: int = state["history"]["done_before"] + len(state["done"])
    return done


def checkpoint(state: Mapping[str, Any]) -> dict[str, Any]:
    return {"at": actions_done(state), "log_at": state["history"]["log_before"] + len(state["log"]),
            "rules": copy_json(rules_part(state, sheets=False))}


def start(state: dict[str, Any]) -> None:
    """Give a new session its history: the base checkpoint, nothing let go."""
    state["history"] = {"done_before": 0, "log_before": 0, "checkpoints": []}
    state["history"]["checkpoints"].append(checkpoint(state))


def after_action(work: dict[str, Any]) -> None:
    """Keep a checkpoint when one is due and let go of what the bounds no longer need (``work``
    came from ``fork``: its lists are its own)."""
    history = work["history"]
    done = actions_done(work)
    if done % CHECKPOINT_EVERY == 0 and history["checkpoints"][-1]["at"] != done:
        history["checkpoints"].append(checkpoint(work))
    points = history["checkpoints"]
    while len(points) >= 2 and done - points[1]["at"] >= UNDO_DEPTH:
        points.pop(0)
        base = points[0]
        del work["done"][:base["at"] - history["done_before"]]
        history["done_before"] = base["at"]
    extra = min(len(work["log"]) - LOG_KEPT, points[0]["log_at"] - history["log_before"])
    if extra > 0:
        del work["log"][:extra]
        history["log_before"] += extra


def restore(state: Mapping[str, Any], before: int,
            sheets_of: Callable[[Any], dict[str, Any]]) -> tuple[dict[str, Any], list[Mapping[str, Any]]]:
    """The state at the last checkpoint at or before action number ``before``, and the actions
    (``done`` entries) to replay from there to reach action number ``before``. ``sheets_of(party)``
    derives the sheets of a party that is not the one ``state`` has now."""
    history = state["history"]
    points = [point for point in history["checkpoints"] if point["at"] <= before]
    point = points[-1]
    rules = copy_json(point["rules"])
    rules["sheets"] = copy_json(state["sheets"]) if rules.get("party") == state.get("party") \
        else sheets_of(rules.get("party"))
    work: dict[str, Any] = {key: state[key] for key in FIXED}
    work.update(rules)
    work["log"] = state["log"][:point["log_at"] - history["log_before"]]  # never before the base's
    work["done"] = state["done"][:point["at"] - history["done_before"]]
    work["undone"] = list(state["undone"])
    work["history"] = {**history, "checkpoints": points}
    replay = state["done"][point["at"] - history["done_before"]:before - history["done_before"]]
    return work, replay


__all__ = ["CHECKPOINT_EVERY", "FIXED", "HISTORY", "LISTS", "LOG_KEPT", "UNDO_DEPTH", "actions_done", "after_action",
           "checkpoint", "copy_json", "fork", "restore", "rules_part", "start"]
