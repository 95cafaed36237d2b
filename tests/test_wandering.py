"""Issue 43, item 5: wandering-monster checks in a Basic Fantasy session, with fixed dice: the
GM's interval and chance, the reminder in the GM's view alone once due, the check rolled, what
comes rolled on the GM's table into a fight (or the log during one), undo, and refusals."""

from __future__ import annotations

import copy

import pytest

from rulescore import RulesInputError, session
from tests.test_session import ANA
from tests.test_tables import TABLE, faces

SET = {"do": "wandering", "every": 3, "chance": "1 in 6", "table": TABLE}


def gm_texts(state):
    return [entry["text"] for entry in session.view(state, gm=True)["log"]]


def players_texts(state):
    return [entry["text"] for entry in session.view(state)["log"]]


def test_the_reminder_falls_due_after_the_turns_set_and_only_the_gm_sees_it():
    state = session.apply(session.new("bfrpg", [ANA]), SET)
    assert "wandering_check" in session.view(state, gm=True)["actions_now"]
    state = session.apply(state, {"do": "advance", "turns": 2})
    assert session.view(state, gm=True)["due"] == []
    state = session.apply(state, {"do": "advance", "turns": 1})
    assert session.view(state, gm=True)["due"] == [
        "A wandering-monster check is due (every 3 turns, 1 in 6): Wandering-monster check."]
    assert session.view(state)["due"] == [] and not any("andering" in text for text in players_texts(state))


def test_a_check_that_comes_up_rolls_the_table_into_a_fight():
    state = session.apply(session.new("bfrpg", [ANA]), SET)
    state = session.apply(state, {"do": "advance", "turns": 3})
    # the chance rolls 1: something comes; the table rolls 6: a black bear
    came = session.apply(state, {"do": "wandering_check"}, roll=faces(1, 6))
    texts = gm_texts(came)
    check = texts.index("Wandering-monster check (1 in 6): 1, something comes.")
    assert texts[check + 1] == "Random table (1d8): 6, a black bear: 1 × Black bear."
    assert [one["name"] for one in session.view(came, gm=True)["fight"]["combatants"] if one["side"] == "foes"] == [
        "Black bear"]
    assert not any("wandering" in due for due in session.view(came, gm=True)["due"])  # the next: three turns on
    assert session.undo(came)["log"] == state["log"]


def test_a_check_that_comes_up_empty_and_one_without_a_table():
    state = session.apply(session.new("bfrpg", [ANA]), {**SET, "table": ""})
    quiet = session.apply(state, {"do": "wandering_check"}, roll=faces(4))
    assert gm_texts(quiet)[-1] == "Wandering-monster check (1 in 6): 4, nothing comes." and quiet.get("fight") is None
    came = session.apply(state, {"do": "wandering_check"}, roll=faces(1))
    assert gm_texts(came)[-1] == "Wandering-monster check (1 in 6): 1, something comes." and came.get("fight") is None
    stopped = session.apply(came, {"do": "wandering", "every": 0})
    assert "wandering_check" not in session.view(stopped, gm=True)["actions_now"]


@pytest.mark.parametrize(("action", "field"), [
    ({**SET, "chance": "often"}, "chance"),
    ({**SET, "chance": "3d6"}, "chance"),
    ({**SET, "every": -1}, "every"),
    ({**SET, "table": "1d6: 1-5 goblins"}, "table"),
    ({"do": "wandering_check"}, "do"),
])
def test_refusals_name_the_field_and_change_nothing(action, field):
    state = session.new("bfrpg", [ANA])
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, action, roll=faces())
    assert caught.value.field == field, caught.value
    assert state == before
