"""What every game's session view says (issue 27): one shape for effects, {"text", "rule"},
in the GM's and the players' view, and no text a page would show as "undefined", "NaN" or
"None", after the actions that change a character most."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session

PARTY = {
    "bfrpg": [{"id": "a", "name": "Alda", "system": "bfrpg", "fields": {"hp": "9"}},
              {"id": "p", "name": "Pip", "system": "bfrpg", "fields": {}}],
    "gurps": [{"id": "b", "name": "Bruno", "system": "gurps", "fields": {"st": "12", "ht": "11"}}],
    "shell": [{"id": "k", "name": "Kess", "system": "shell", "fields": {"st": "12"}}],
}
ACTIONS = {
    "bfrpg": [{"do": "day", "activity": "travel", "terrain": "clear", "without_food": ["a"], "without_water": ["a"]},
              {"do": "day", "activity": "forced_march", "terrain": "clear", "without_food": ["a"], "without_water": []},
              {"do": "damage", "who": "a", "hp": 30}, {"do": "light", "source": "torch", "by": "p"}],
    "gurps": [{"do": "damage", "who": "b", "damage": 6, "type": "crushing", "torso": False},
              {"do": "fatigue", "who": "b", "fp": 8}, {"do": "damage", "who": "b", "damage": 30, "type": "crushing",
                                                        "torso": False}],
    "shell": [{"do": "damage", "who": "k", "damage": 9, "type": "crushing"}, {"do": "spend_end", "who": "k", "end": 9}],
}
WORDS = ("undefined", "NaN", "None")


def texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


@pytest.mark.parametrize("system", sorted(PARTY))
def test_every_effect_has_one_shape_and_no_view_text_is_a_placeholder(system):
    state = session.new(system, PARTY[system])
    effects_seen = 0
    for action in [None, *ACTIONS[system]]:
        if action:
            state = session.apply(state, action, roll=lambda count, sides: [2] * count)
        for gm in (False, True):
            shown = session.view(state, gm=gm)
            for person in shown["characters"]:
                for effect in person["effects"]:
                    assert set(effect) >= {"text", "rule"} and all(isinstance(effect[k], str) and effect[k]
                                                                   for k in ("text", "rule")), effect
                    effects_seen += 1
            for text in texts(shown):
                assert not any(word in text for word in WORDS), text
    assert effects_seen, f"{system}: the actions gave no effect to check"


def test_each_games_clock_reads_in_its_own_units():
    """The clock's words come from rulescore, in each game's units and as time passed (a fight's
    rounds are counted apart): Basic Fantasy turns of ten minutes and rounds, GURPS one-second
    turns, SHELL rounds (a page used to print "round 0" for GURPS and "Turn 0" for SHELL)."""
    bfrpg = session.apply(session.new("bfrpg", PARTY["bfrpg"]), {"do": "advance", "turns": 2})
    assert session.view(bfrpg)["clock"] == "Turn 2, day 1, 20 minutes in"  # no "round 0" (issue 33, item 13)
    gurps = session.new("gurps", PARTY["gurps"])
    assert session.view(gurps)["clock"] == "0 seconds of action so far"
    gurps = session.apply(gurps, {"do": "advance", "turns": 1})
    assert session.view(gurps, gm=True)["clock"] == "1 second of action so far"
    shell = session.apply(session.new("shell", PARTY["shell"]), {"do": "advance", "rounds": 3})
    assert session.view(shell)["clock"] == "3 rounds so far"
    bfrpg = session.apply(session.new("bfrpg", PARTY["bfrpg"]), {"do": "advance", "rounds": 6})
    assert session.view(bfrpg)["clock"] == "Turn 0, round 6, day 1, 1 minute in"


@pytest.mark.parametrize("system", sorted(PARTY))
def test_a_list_of_names_with_a_comma_in_one_reads_one_way(system):
    """Issue 42: "A fight begins: Smith, John, Ana, Ant, Giant" could be four or five fighters. Our
    reading: a name may hold a comma (a character "Smith, John", the rulebook's "Ant, Giant"); a list
    where one name does is joined with "; " instead, in the log and in every refusal listing names."""
    smith = {**PARTY[system][0], "id": "s", "name": "Smith, John"}
    state = session.new(system, [smith, *PARTY[system]])
    foes = [{"monster": "ant_giant"}] if system == "bfrpg" else [{"name": "Orc, the tall", "count": 2}]
    state = session.apply(state, {"do": "fight", "foes": foes}, roll=lambda count, sides: [4] * count)
    names = [one["name"] for one in session.view(state, gm=True)["fight"]["combatants"]]
    begun = next(e["text"] for e in session.view(state)["log"] if e["text"].startswith("A fight begins"))
    assert begun.startswith("A fight begins: " + "; ".join(names) + " ("), begun
    order = next(e["text"] for e in session.view(state)["log"] if e["text"].startswith("Fight round 1"))
    assert order.count("; ") == len(names) - 1 and ", John;" in order, order
    with pytest.raises(RulesInputError, match="choose one of Smith, John; "):
        session.apply(state, {"do": "damage", "who": "nobody"})
    plain = session.apply(session.new(system, PARTY[system]), {"do": "fight", "foes": [{"name": "Orc", "count": 2}]},
                          roll=lambda count, sides: [4] * count)
    assert "; " not in next(e["text"] for e in session.view(plain)["log"] if e["text"].startswith("A fight begins"))
