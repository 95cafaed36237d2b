"""Issue 43, item 5: encounters and random tables rolled with fixed dice: the table's row, the
counts in dice, the fight they start (Basic Fantasy names matched to its monster list), the log
line the players never see, and refusals by field that change nothing."""

from __future__ import annotations

import copy

import pytest

from rulescore import RulesInputError, session
from rulescore.play.tables import read_encounter, read_table, singular
from tests.test_session import ANA, character

TABLE = "1d8: 1-3 2d4 goblins; 4-5 1d6 orcs; 6 a black bear; 7-8 nothing"


def faces(*first):
    """These faces first, one by one, then 3s (or the die's top, if smaller): the rest of a fight's start."""
    queue = list(first)

    def roll(count, sides):
        return [queue.pop(0) if queue else min(3, sides) for _ in range(count)]
    return roll


def bfrpg():
    return session.new("bfrpg", [ANA])


def gm_log(state):
    return [entry["text"] for entry in session.view(state, gm=True)["log"]]


def foes(state):
    return [(one["name"]) for one in session.view(state, gm=True)["fight"]["combatants"] if one["side"] == "foes"]


def test_the_table_reads_its_rows_and_refuses_gaps_and_overlaps():
    assert [row.text for row in read_table(TABLE).rows] == ["2d4 goblins", "1d6 orcs", "a black bear", "nothing"]
    with pytest.raises(RulesInputError, match="no row for 7, 8"):
        read_table("1d8: 1-3 goblins; 4-6 orcs")
    with pytest.raises(RulesInputError, match="more than one row for 3"):
        read_table("1d6: 1-3 goblins; 3-6 orcs")
    with pytest.raises(RulesInputError, match="outside what 1d6 rolls"):
        read_table("1d6: 1-6 goblins; 7 orcs")
    assert read_encounter("(a rustle in the dark)") == read_encounter("nothing") == read_encounter("what?") == []
    assert [singular(w) for w in ("wolves", "goblins", "harpies", "men", "bass")] == [
        "Wolf", "Goblin", "Harpy", "Man", "Bass"]


def test_a_table_row_of_goblins_starts_a_fight_with_their_count_rolled():
    # 1d8 rolls 2: 2d4 goblins; the 2d4 rolls 3 and 2: five goblins, each the list's Goblin
    state = session.apply(bfrpg(), {"do": "roll_table", "table": TABLE}, roll=faces(2, 3, 2))
    assert foes(state) == [f"Goblin {n}" for n in range(1, 6)]
    goblin = session.view(state, gm=True)["fight"]["combatants"][1]
    assert goblin["foe_row"]["ac"] == 14  # the monster list's Goblin
    assert "Random table (1d8): 2, 2d4 goblins: 5 × Goblin." in gm_log(state)
    assert not any(text.startswith("Random table") for text in
                   (entry["text"] for entry in session.view(state)["log"]))  # the GM's alone
    # undo takes the fight and the line back together; redo rolls the same
    undone = session.undo(state)
    assert undone.get("fight") is None and session.redo(undone)["log"] == state["log"]


def test_a_black_bear_is_the_lists_and_nothing_is_a_log_line():
    bear = session.apply(bfrpg(), {"do": "roll_table", "table": TABLE}, roll=faces(6))
    assert foes(bear) == ["Black bear"]
    row = session.view(bear, gm=True)["fight"]["combatants"][1]["foe_row"]
    assert (row["ac"], row["hit_dice"]) == (14, "4")  # the list's Bear, Black
    quiet = session.apply(bfrpg(), {"do": "roll_table", "table": TABLE}, roll=faces(8))
    assert quiet.get("fight") is None and gm_log(quiet)[-1] == "Random table (1d8): 8, nothing."
    logged = session.apply(bfrpg(), {"do": "roll_table", "table": TABLE, "fight": False}, roll=faces(4, 5))
    assert logged.get("fight") is None and gm_log(logged)[-1] == "Random table (1d8): 4, 1d6 orcs: 5 × Orc."


def test_an_encounter_starts_a_fight_in_any_game():
    party = [character("k", "Kara", "gurps")]
    state = session.apply(session.new("gurps", party), {"do": "encounter", "encounter": "1d3 wolves and an ogre"},
                          roll=faces(2))
    assert foes(state) == ["Wolf 1", "Wolf 2", "Ogre"]
    assert gm_log(state)[0] == "Encounter “1d3 wolves and an ogre”: 2 × Wolf, 1 × Ogre."
    assert "encounter" not in session.view(state, gm=True)["actions_now"]  # not during a fight


@pytest.mark.parametrize(("action", "field", "words"), [
    ({"do": "roll_table", "table": "goblins"}, "table", "Random table: received"),
    ({"do": "roll_table", "table": "1d6: 1-5 goblins"}, "table", "no row for 6"),
    ({"do": "roll_table", "table": "d: 1 goblin"}, "table", "Random table: its die"),
    ({"do": "roll_table", "table": "1d4: 1-4 goblins" + " " * 3000}, "table", "(2000 characters at most)"),
    ({"do": "encounter", "encounter": "nothing much"}, "encounter", "Encounter: received"),
    ({"do": "encounter", "encounter": "2d4 goblins", "extra": 1}, "extra", ""),
])
def test_bad_tables_and_encounters_are_refused_by_field_and_change_nothing(action, field, words):
    state = bfrpg()
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, action, roll=faces())
    assert caught.value.field == field and words in caught.value.message, caught.value.message
    assert state == before
