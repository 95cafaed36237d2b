"""Property tests of fights (Hypothesis): any valid actions then undo of all of them gives the
start back; every state and view round-trips through JSON; within a round nobody acts twice,
and in a round nobody joined or left, everyone able to act does, once."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import RulesInputError, session


def member(ident, name, system, **fields):
    return {"id": ident, "name": name, "system": system, "fields": fields}


PARTIES = {"bfrpg": [member("ana", "Ana", "bfrpg", dexterity=13, hp=9), member("bo", "Bo", "bfrpg", race="elf")],
           "gurps": [member("kara", "Kara", "gurps", dx=13, ht=11), member("lee", "Lee", "gurps", dx=12)],
           "shell": [member("orla", "Orla", "shell", ag=12), member("pim", "Pim", "shell")]}
FOES = {"bfrpg": [{"name": "Orc", "count": 2, "hp": 6}, {"monster": "goblin", "count": 2}],
        "gurps": [{"name": "Goblin", "count": 2, "basic_speed": 6, "hp": 8}, {"name": "Ogre", "basic_speed": 5,
                                                                               "hp": 20}],
        "shell": [{"name": "Wolf", "ag": 14}, {"name": "Bandit", "count": 2, "ag": 12}]}
MANEUVERS = {"gurps": ["attack", "all_out_attack", "all_out_defense", "aim", "evaluate", "do_nothing", "move"],
             "shell": ["attack", "guard", "defend", "disarm", "aim", "move"]}

# A step is an instruction resolved against the state it meets (so it is valid there, or refused
# only for a reason of the rules: the stunned must Do Nothing, the dead take no more damage).
STEPS = st.one_of(
    st.just(("next",)), st.just(("next",)), st.just(("next",)),
    st.tuples(st.just("maneuver"), st.integers(0, 6)),
    st.tuples(st.just("damage"), st.integers(0, 10), st.integers(0, 12)),
    st.just(("join",)), st.tuples(st.just("leave"), st.integers(0, 10)), st.just(("end",)),
)


def resolve(system, state, step):
    fight = session.view(state, gm=True)["fight"]
    if fight is None:
        return {"do": "fight", "foes": FOES[system][:1 + len(step) % 2]}
    ids = [c["id"] for c in fight["combatants"]]
    kind = step[0]
    if kind == "next":
        return {"do": "next_turn"}
    if kind == "maneuver" and system in MANEUVERS and fight["current"]:
        return {"do": "maneuver", "who": fight["current"], "maneuver": MANEUVERS[system][step[1]
                                                                                       % len(MANEUVERS[system])]}
    if kind == "damage" and ids:
        key = {"bfrpg": "hp", "gurps": "damage", "shell": "damage"}[system]
        return {"do": "damage", "who": ids[step[1] % len(ids)], key: step[2]}
    if kind == "join":
        return {"do": "join_fight", "foes": FOES[system][1:]}
    if kind == "leave" and len(ids) > 1:
        return {"do": "leave_fight", "who": ids[step[1] % len(ids)]}
    if kind == "end":
        return {"do": "end_fight"}
    return {"do": "next_turn"}


@st.composite
def fights(draw):
    system = draw(st.sampled_from(sorted(PARTIES)))
    steps = draw(st.lists(STEPS, min_size=1, max_size=25))
    rng = draw(st.randoms(use_true_random=False))
    return system, steps, lambda count, sides: [rng.randint(1, sides) for _ in range(count)]


@settings(max_examples=40, deadline=None)
@given(fights())
def test_any_fight_undone_returns_the_start_and_round_trips_through_json(drawn):
    system, steps, roll = drawn
    start = session.new(system, PARTIES[system])
    state = start
    for step in steps:
        action = resolve(system, state, step)
        before = copy.deepcopy(state)
        try:
            after = session.apply(state, action, roll=roll)
        except RulesInputError as error:  # the stunned must Do Nothing, the dead are hurt no more...
            assert state == before and error.field in ("who", "maneuver"), (action, error.message)
            continue
        assert state == before
        state = after
        assert json.loads(json.dumps(state)) == state
        for gm in (False, True):
            shown = session.view(state, gm=gm)
            assert json.loads(json.dumps(shown)) == shown
            if shown["fight"] and not gm:
                assert all("hp" not in c for c in shown["fight"]["combatants"] if c["side"] == "foes")
            # foes never appear among the characters
            assert [c["id"] for c in shown["characters"]] == [m["id"] for m in PARTIES[system]]
    final = state
    while state["done"]:
        state = session.undo(state)
    assert {**state, "undone": []} == start
    while state["undone"]:
        state = session.redo(state)
    assert state == final


@st.composite
def rounds(draw):
    system = draw(st.sampled_from(sorted(PARTIES)))
    damage = draw(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 9)), max_size=4))
    rng = draw(st.randoms(use_true_random=False))
    return system, damage, lambda count, sides: [rng.randint(1, sides) for _ in range(count)]


@settings(max_examples=30, deadline=None)
@given(rounds())
def test_in_a_round_nobody_acts_twice_and_everyone_able_acts_once(drawn):
    system, damage, roll = drawn
    state = session.apply(session.new(system, PARTIES[system]), {"do": "fight", "foes": FOES[system]}, roll=roll)
    key = {"bfrpg": "hp", "gurps": "damage", "shell": "damage"}[system]
    for who, amount in damage:  # some hurt, stunned, down or dead before the rounds are counted
        ids = [c["id"] for c in session.view(state)["fight"]["combatants"]]
        try:
            state = session.apply(state, {"do": "damage", "who": ids[who % len(ids)], key: amount}, roll=roll)
        except RulesInputError:
            pass
    for _ in range(3):
        fight = session.view(state, gm=True)["fight"]
        start_round, acted = fight["round"], [fight["current"]]
        while True:
            state = session.apply(state, {"do": "next_turn"}, roll=roll)
            fight = session.view(state, gm=True)["fight"]
            if fight["round"] != start_round:
                break
            acted.append(fight["current"])
        assert len(acted) == len(set(acted)), acted  # nobody twice
        # everyone able to act now (no one joined or left, and no one gets back up in a fight)
        # took their turn in the round just ended
        able = {c["id"] for c in fight["combatants"] if not c["out"]}
        assert able <= set(acted), (able, acted)


def test_every_rule_a_fight_names_is_a_heading_of_the_site():
    from tests.test_session import _anchors

    script = {"gurps": [{"do": "maneuver", "maneuver": "aim"}, {"do": "damage", "target": 0, "damage": 9},
                        {"do": "next_turn"}, {"do": "maneuver", "maneuver": "all_out_attack"},
                        {"do": "damage", "target": 2, "damage": 30}, {"do": "next_turn"}, {"do": "next_turn"},
                        {"do": "maneuver", "maneuver": "concentrate"}, {"do": "damage", "target": 1, "damage": 5}],
              "bfrpg": [{"do": "damage", "target": 2, "hp": 30}, {"do": "damage", "target": 3, "hp": 30},
                        {"do": "next_turn"}, {"do": "next_turn"}, {"do": "next_turn"}, {"do": "next_turn"},
                        {"do": "damage", "target": 0, "hp": 40}],
              "shell": [{"do": "maneuver", "maneuver": "guard"}, {"do": "block", "target": 1},
                        {"do": "damage", "target": 2, "damage": 6, "location": "arm"}, {"do": "next_turn"},
                        {"do": "maneuver", "maneuver": "move"}, {"do": "next_turn"}]}
    for system, steps in script.items():
        state = session.apply(session.new(system, PARTIES[system]), {"do": "fight", "foes": FOES[system]},
                              roll=lambda count, sides: [1] * count)
        named = set()
        for step in steps:
            fight = session.view(state, gm=True)["fight"]
            action = {key: value for key, value in step.items() if key != "target"}
            if "target" in step:
                action["who"] = fight["order"][step["target"] % len(fight["order"])]
            elif step["do"] == "maneuver":
                action["who"] = fight["current"]
            state = session.apply(state, action, roll=lambda count, sides: [1] * count)
            named |= {e["rule"] for c in session.view(state, gm=True)["fight"]["combatants"] for e in c["effects"]}
        state = session.apply(state, {"do": "end_fight"})
        named |= {entry["rule"] for entry in session.view(state, gm=True)["log"] if entry["rule"]}
        assert len(named) >= 5, named
        for rule in named:
            page, _, anchor = rule.partition("#")
            assert not anchor and _anchors(page) or anchor in _anchors(page), f"{rule}: no such heading"
