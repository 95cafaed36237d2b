"""view(state)["actions_now"]: the actions a page offers right now. An action left out must never
work: in many states of each game (a new session, an empty party, fights in every phase, the dead,
the stunned, a round's blocks used up, and random walks through fights), every plausible
instance of every action left out, with every character or combatant it could name, is refused.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import RulesInputError, session
from rulescore.characters import SYSTEMS
from tests.test_session import character

PARTIES = {"bfrpg": [character("ana", "Ana", "bfrpg", hp=9, constitution=3),
                     character("bo", "Bo", "bfrpg", race="elf")],
           "gurps": [character("kara", "Kara", "gurps", ht=11), character("lee", "Lee", "gurps", ht=9)],
           "shell": [character("orla", "Orla", "shell", ag=12), character("pim", "Pim", "shell")]}
FOES = {"bfrpg": [{"name": "Orc", "count": 2, "hp": 6}], "gurps": [{"name": "Goblin", "count": 2, "hp": 8}],
        "shell": [{"name": "Wolf", "ag": 14}, {"name": "Bandit", "hp": 8}]}
NEWCOMER = {system: character("zed", "Zed", system) for system in SYSTEMS}
FIGHTING = {"next_turn", "maneuver", "damage_foe", "join_fight", "join_fight_character", "leave_fight", "end_fight",
            "attack", "run", "flee", "defend", "block"}
TIME = {"advance_turns", "advance_rounds", "rest", "day", "day_travel", "day_forced_march", "day_rest",
        "search_secret_doors", "search_traps"}


def ones(count, sides):
    return [1] * count


def sixes(count, sides):
    return [sides] * count


def candidates(state, field, system):
    """Everyone a field naming people could name; [None] (the key left out) when nobody."""
    fight = session.view(state, gm=True)["fight"]
    combatants = fight["combatants"] if fight else []
    found = {"one": [member["id"] for member in state["party"]], "many": [[]],
             "fighter": [one["id"] for one in combatants],
             "foe": [one["id"] for one in combatants if one["side"] == "foes"],
             "saved": [NEWCOMER[system]]}[field["who"]]
    return found or [None]


def values(field, system):
    """The values worth trying for a field that names nobody: its default, else the least it takes,
    and for a maneuver every one of them."""
    if field["name"] == "maneuver":
        return field["choices"]
    if field["default"] is not None:
        return [field["default"]]
    if field["kind"] == "foes":
        return [FOES[system]]
    if field["kind"] == "choice":
        return field["choices"][:1]
    if field["name"] == "height_in":
        return [None]  # a candle's only
    return [field["min"] if field["min"] else 1]


def instances(state, entry, system):
    """Every plausible instance of an action entry: each combination of the people its fields
    could name, the other fields at plausible values."""
    options = []
    for field in entry["fields"]:
        if field["who"] and field["default"] == "":
            options.append([None])  # optional: nobody
        elif field["who"]:
            options.append(candidates(state, field, system))
        else:
            options.append(values(field, system))
    for combination in itertools.product(*options):
        action = {"do": entry["do"], **entry["fixed"]}
        action.update({field["name"]: value for field, value in zip(entry["fields"], combination, strict=True)
                       if value is not None})
        yield action


def check(state):
    """Every action left out of actions_now is refused, whatever it names; returns what is offered."""
    system = state["system"]
    offered = session.view(state)["actions_now"]
    entries = session.actions(system)
    assert offered == [entry["id"] for entry in entries if entry["id"] in offered]  # in the actions' order
    assert session.view(state, gm=True)["actions_now"] == offered
    for entry in entries:
        if entry["id"] in offered:
            continue
        for action in instances(state, entry, system):
            for roll in (ones, sixes):
                with pytest.raises(RulesInputError):
                    session.apply(state, action, roll=roll)
    return set(offered)


def fight(system, party=None):
    return session.apply(session.new(system, PARTIES[system] if party is None else party),
                         {"do": "fight", "foes": FOES[system]}, roll=ones)


def apply(state, *actions, roll=ones):
    for action in actions:
        state = session.apply(state, action, roll=roll)
    return state


@pytest.mark.parametrize("system", SYSTEMS)
def test_outside_a_fight_its_actions_are_left_out_and_in_one_time_passing_is(system):
    outside = check(session.new(system, PARTIES[system]))
    assert "fight" in outside and not outside & FIGHTING
    assert outside & TIME and {"join", "leave", "damage"} <= outside
    inside = check(fight(system))
    assert {"next_turn", "end_fight", "join_fight", "leave_fight", "damage_foe"} <= inside
    assert "fight" not in inside and not inside & TIME
    assert "leave" not in inside and "join_fight_character" not in inside  # the whole party is fighting
    ended = check(apply(fight(system), {"do": "end_fight"}))
    assert ended == outside


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_empty_party_leaves_out_what_needs_a_character(system):
    offered = check(session.new(system, []))
    assert {"fight", "join"} <= offered and "leave" not in offered and "damage" not in offered
    check(fight(system, []))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_fight_through_its_rounds_with_leavers_and_latecomers(system):
    state = fight(system)
    first = state["party"][0]["id"]
    state = apply(state, {"do": "leave_fight", "who": first})
    assert {"leave", "join_fight_character"} <= check(state)  # out of the fight: may leave, or come back
    state = apply(state, {"do": "leave", "who": first})
    check(state)
    for _ in range(6):
        state = apply(state, {"do": "next_turn"})
        check(state)
    for one in session.view(state, gm=True)["fight"]["combatants"]:
        if one["side"] == "foes":
            state = apply(state, {"do": "damage", "who": one["id"], {"bfrpg": "hp"}.get(system, "damage"): 40})
    assert "damage_foe" not in check(state)  # every foe down or dead
    state = apply(state, {"do": "join", "character": PARTIES[system][0]})
    assert "join_fight_character" in check(state)


def test_gurps_the_dead_are_neither_hurt_nor_healed_and_a_heal_needs_a_wound():
    party = PARTIES["gurps"][:1]
    state = session.new("gurps", party)
    assert "heal" not in check(state)  # nobody has lost HP
    hurt = apply(state, {"do": "damage", "who": "kara", "damage": 3})
    assert "heal" in check(hurt)
    dead = apply(state, {"do": "damage", "who": "kara", "damage": 80})
    offered = check(dead)
    assert not offered & {"damage", "heal", "fatigue"} and "advance_turns" in offered
    fighting = check(fight("gurps", party))
    assert "defend" in fighting
    attacked = apply(fight("gurps", party), *[{"do": "next_turn"}] * 2)
    current = session.view(attacked)["fight"]["current"]
    all_out = apply(attacked, {"do": "maneuver", "who": current, "maneuver": "all_out_attack"})
    check(all_out)


def test_shell_stun_over_only_for_the_stunned_and_blocks_run_out():
    party = PARTIES["shell"]
    assert "recover" not in check(session.new("shell", party))
    stunned = apply(session.new("shell", party), {"do": "damage", "who": "orla", "damage": 6, "location": "arm"})
    assert "recover" in check(stunned)
    state = fight("shell")
    blocker = session.view(state)["fight"]["current"]
    for _ in range(4):
        try:
            state = apply(state, {"do": "block", "who": blocker})
        except RulesInputError:
            break
        check(state)
    in_fight = apply(fight("shell"), {"do": "damage", "who": "orla", "damage": 6, "location": "arm"})
    for _ in range(5):
        check(in_fight)
        in_fight = apply(in_fight, {"do": "next_turn"})


def test_bfrpg_runners_attackers_and_travel():
    party = PARTIES["bfrpg"]
    assert {"day_travel", "day_forced_march"} & check(session.new("bfrpg", [])) == set()
    surprised = session.apply(session.new("bfrpg", party), {"do": "fight", "foes": FOES["bfrpg"]}, roll=ones)
    check(surprised)  # everyone surprised on 1s: nobody runs or attacks in round 1
    state = session.apply(session.new("bfrpg", party), {"do": "fight", "foes": FOES["bfrpg"]}, roll=sixes)
    for _ in range(8):  # Ana (Constitution 3) runs 6 rounds, then is exhausted
        check(state)
        try:
            state = apply(state, {"do": "run", "who": "ana"})
        except RulesInputError:
            pass
        for _ in range(4):
            state = apply(state, {"do": "next_turn"}, roll=sixes)


# --------------------------------------------------------------------------- random walks

STEPS = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(0, 30)), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None)
@given(system=st.sampled_from(SYSTEMS), steps=STEPS, seed=st.randoms(use_true_random=False))
def test_random_walks_offer_nothing_that_would_be_refused_outright(system, steps, seed):
    state = session.new(system, PARTIES[system])
    roll = lambda count, sides: [seed.randint(1, sides) for _ in range(count)]  # noqa: E731
    for which, pick, amount in steps:
        offered = check(state)
        entry = [entry for entry in session.actions(system) if entry["id"] in offered][which % len(offered)]
        options = list(instances(state, entry, system))
        action = dict(options[pick % len(options)])
        for key in ("damage", "hp"):
            if key in action:
                action[key] = amount
        try:
            state = session.apply(state, action, roll=roll)
        except RulesInputError:
            pass
    check(state)
