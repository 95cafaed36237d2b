"""rulescore.play.history through rulescore.session: checkpoints, bounds, the version-1 migration.

No timing here (./run bench measures speed): these tests check that the shortcuts give the very
states the long way gives.
"""

from __future__ import annotations

import copy
import json

import pytest

from rulescore import RulesInputError, session
from rulescore.play import history


def seeded(seed=7):
    import random

    rng = random.Random(seed)
    return lambda count, sides: [rng.randint(1, sides) for _ in range(count)]


PARTY = [{"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"hp": 9}}]
STEPS = [{"do": "light", "source": "torch"}, {"do": "advance", "rounds": 7}, {"do": "listen", "by": "ana"},
         {"do": "damage", "who": "ana", "hp": 1}, {"do": "heal", "who": "ana", "hp": 1}]


def long_session(count, roll=None):
    roll = roll or seeded()
    state = session.new("bfrpg", PARTY)
    for number in range(count):
        state = session.apply(state, STEPS[number % len(STEPS)], roll=roll)
    return state


def as_version_1(state):
    """What the site saved before version 2: the same keys, no history, every action kept."""
    old = {key: value for key, value in copy.deepcopy(state).items()
           if key not in ("history", "fight", "rules_version")}
    old["version"] = 1
    return old


def test_a_new_session_has_its_base_checkpoint_and_nothing_let_go():
    state = session.new("bfrpg", PARTY)
    assert state["version"] == 2
    assert state["history"]["done_before"] == 0 and state["history"]["log_before"] == 0
    assert [point["at"] for point in state["history"]["checkpoints"]] == [0]
    assert "sheets" not in state["history"]["checkpoints"][0]["rules"]


def test_a_checkpoint_every_25_actions_and_undo_gives_what_replaying_from_the_start_gives():
    state = long_session(60)
    assert [point["at"] for point in state["history"]["checkpoints"]] == [0, 25, 50]
    back = session.undo(state)
    again = long_session(59)
    assert {**back, "undone": []} == again
    assert session.redo(back) == state


def test_apply_shares_the_log_entries_and_never_changes_its_argument():
    state = long_session(30)
    kept = copy.deepcopy(state)
    after = session.apply(state, {"do": "advance", "turns": 1})
    assert state == kept
    assert after["log"][0] is state["log"][0] and after["done"][0] is state["done"][0]


def test_undo_depth_and_log_are_bounded_and_undo_stops_at_the_base(monkeypatch):
    monkeypatch.setattr(history, "UNDO_DEPTH", 40)
    monkeypatch.setattr(history, "LOG_KEPT", 30)
    state = long_session(130)
    points = [point["at"] for point in state["history"]["checkpoints"]]
    assert points[0] == state["history"]["done_before"] and 130 - points[0] >= 40 and len(state["done"]) < 40 + 25
    base_log = state["history"]["checkpoints"][0]["log_at"] - state["history"]["log_before"]
    # Only entries older than the base are let go, down to the last 30 kept.
    assert state["history"]["log_before"] > 0 and (base_log == 0 or len(state["log"]) == 30)
    assert session.view(state)["log_let_go"] == state["history"]["log_before"]
    json.loads(json.dumps(state))
    while state["done"]:
        state = session.undo(state)
    assert history.actions_done(state) == points[0]
    with pytest.raises(RulesInputError) as error:
        session.undo(state)
    assert error.value.field == "undo" and "reaches" in error.value.message


def unversioned(state):
    """``state`` without the rules' version, wherever it is kept (a version-1 session was played
    before versions)."""
    if isinstance(state, dict):
        return {key: unversioned(value) for key, value in state.items() if key != "rules_version"}
    return [unversioned(value) for value in state] if isinstance(state, list) else state


def test_a_version_1_session_still_applies_undoes_and_redoes():
    final = long_session(40)
    old = as_version_1(final)
    old["undone"] = []
    view = session.view(old)
    assert view["turn"] == session.view(final)["turn"] and view["fight"] is None
    after = session.apply(old, {"do": "advance", "turns": 1})
    assert after["version"] == 2 and old["version"] == 1 and "rules_version" not in after
    assert after == unversioned(session.apply(final, {"do": "advance", "turns": 1}))
    assert {**session.undo(old), "undone": []} == unversioned(long_session(39))
    assert unversioned(session.redo(session.undo(old))) == unversioned(final)


def test_a_version_1_session_keeps_its_undone_actions():
    state = long_session(6)
    back = session.undo(state)
    old = as_version_1(back)
    assert session.redo(old) == unversioned(state)


def test_a_newer_or_unknown_version_is_refused():
    state = session.new("bfrpg", PARTY)
    for version in (3, None, "2"):
        with pytest.raises(RulesInputError) as error:
            session.apply({**state, "version": version}, {"do": "advance", "turns": 1})
        assert error.value.field == "state"
