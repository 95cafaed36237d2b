"""rulescore.session.actions(system): the forms a page builds, each field a key its handler takes.

Split from tests/test_session.py (the same helpers); fight actions are tried in a fight.
"""

from __future__ import annotations

import json

import pytest

from rulescore import RulesInputError, session
from rulescore.characters import SYSTEMS
from rulescore.core import Input
from tests.test_session import ANA, BRUNO, KARA, ORLA, character, dice

# --------------------------------------------------------------------------- the actions a page offers

TWO = {"bfrpg": [ANA, BRUNO], "gurps": [KARA, character("lee", "Lee", "gurps", ht=9)],
       "shell": [ORLA, character("pim", "Pim", "shell")]}
ENTRIES = [(system, entry) for system in SYSTEMS for entry in session.actions(system)]
ENTRY_IDS = [f"{system}-{entry['id']}" for system, entry in ENTRIES]
DESCRIBED = set(Input("x", "X", "int", 0).describe()) | {"who"}
OPTIONAL = {"shown_when", "choices_when",  # rulescore/form_specs.py: a field shown for some values of another
            "figure_of"}  # rulescore/foe_edit.py: a field the page fills with the chosen foe's figure
WORDS = {"movement", "attacks", "notes"}  # a monster's figures the page shows, not fields of its row

# Built from its defaults alone (a field with no default left out, as an empty form sends it), an
# action is refused only here, by the field named, each for the reason given.
NEEDS_MORE_THAN_DEFAULTS = {
    # a foe typed with the defaults already has every figure the form's defaults give (a Basic
    # Fantasy foe's hit points 0 are rolled again: a change)
    ("gurps", "edit_foe"): "who", ("shell", "edit_foe"): "who",
    ("bfrpg", "wandering"): "every",  # how often is the GM's to say: our texts give no interval
    ("bfrpg", "wandering_check"): "do",  # a check only once the checks are set
    # an encounter and a random table are the GM's own words
    **{(system, "encounter"): "encounter" for system in SYSTEMS},
    **{(system, "roll_table"): "table" for system in SYSTEMS},
    ("bfrpg", "advance_turns"): "turns",  # how much time passes is the GM's to say
    ("bfrpg", "advance_rounds"): "turns",  # the same; with neither key given, advance names turns
    ("bfrpg", "light"): "source",  # a torch, a lantern or a candle: no light is the usual one
    ("bfrpg", "force"): "door",  # a stuck door, a locked one or bars: the door decides
    ("bfrpg", "damage"): "hp",  # hit points lost are rolled at the table
    ("bfrpg", "heal"): "hp",  # and so are hit points healed
    ("gurps", "advance_turns"): "turns",  # how much time passes is the GM's to say
    ("gurps", "damage"): "damage",  # damage is rolled at the table
    ("gurps", "heal"): "hp",  # how much healing is the GM's to say
    ("gurps", "fatigue"): "fp",  # FP spent depend on what was done
    ("gurps", "rest"): "minutes",  # how long the party rests is theirs to say
    ("shell", "advance_rounds"): "rounds",  # how much time passes is the GM's to say
    ("shell", "damage"): "damage",  # damage is rolled at the table
    ("shell", "recover"): "who",  # only a stunned character recovers, and a new session has none
    ("shell", "spend_end"): "end",  # END spent depend on the spell or feat
    ("shell", "rest"): "hours",  # how long the party rests is theirs to say
    ("shell", "day"): "days",  # and how many days of healing pass
}


# Fight actions are tried in a fight: the party against two goblins, the first in the order acting.
FIGHT_ONLY = {"next_turn", "maneuver", "join_fight", "leave_fight", "end_fight", "block", "attack", "defend",
              "run", "flee", "edit_foe"}
NEEDS_MORE_IN_A_FIGHT = {
    "fight": "foes",  # which foes is the GM's to say (tried outside a fight)
    "maneuver": "maneuver",  # the maneuver is the player's choice
    "join_fight": "foes",  # and so are the reinforcements
    "join_fight_character": "who",  # the whole party is already fighting
    "attack": "target",  # whom to attack is the attacker's choice (the test's default: themselves)
}
DAMAGE_NEEDS = {"bfrpg": "hp", "gurps": "damage", "shell": "damage"}


def fighting(system, party):
    return session.apply(session.new(system, party), {"do": "fight", "foes": [{"name": "Goblin", "count": 2}]},
                         roll=lambda count, sides: [2] * count)


def state_for(system, entry, party):
    return fighting(system, party) if entry["do"] in FIGHT_ONLY or entry["id"] == "damage_foe" \
        else session.new(system, party)


def party_value(field, party, state=None):
    fight = (session.view(state)["fight"] if state else None) or {"current": "f1"}
    newcomer = character("zed", "Zed", party[0]["system"])  # a saved character not in the party
    return {"one": party[0]["id"], "many": [party[0]["id"]], "fighter": fight["current"], "foe": "f1",
            "saved": newcomer}[field["who"]]


def from_defaults(entry, party, state=None):
    action = {"do": entry["do"], **entry["fixed"]}
    for field in entry["fields"]:
        if field["who"]:
            action[field["name"]] = party_value(field, party, state)
        elif field["default"] is not None:
            action[field["name"]] = field["default"]
    return action


def values_to_try(field, party, state=None):
    """Values of the field's own kind, as a form would send them: each choice, or its default and
    its least and greatest values."""
    if field["who"]:
        return [party_value(field, party, state)]
    if field["kind"] == "foes":
        return [[{"name": "Orc"}], [{"name": "Orc", "count": 3}]]
    if field["kind"] == "choice":
        return field["choices"][:40]
    if field["kind"] == "bool":
        return [True, False]
    if field["kind"] == "text":
        return [field["default"], "x" * field["max"]]
    return [value for value in (field["default"], field["min"], field["max"]) if value is not None]


def test_actions_are_json_with_unique_snake_case_ids_and_fields_shaped_as_input_describe():
    for system in SYSTEMS:
        entries = session.actions(system)
        assert json.loads(json.dumps(entries)) == entries
        ids = [entry["id"] for entry in entries]
        assert len(set(ids)) == len(ids)
        assert entries[0]["do"] == "advance"  # time passing first
        for entry in entries:
            assert set(entry) == {"id", "do", "label", "help", "fixed", "fields"}
            assert entry["id"].isidentifier() and entry["id"] == entry["id"].lower()
            assert entry["label"] and entry["help"].endswith(".")
            names = [field["name"] for field in entry["fields"]]
            assert len(set(names)) == len(names) and not set(names) & set(entry["fixed"])
            for field in entry["fields"]:
                if field["kind"] == "foes":  # a list of foes: each foe's own fields, shaped the same
                    assert set(field) == DESCRIBED | {"fields"}
                    for inner in field["fields"]:  # a monster list may say what each fills in
                        assert set(inner) - {"choice_figures"} == DESCRIBED - {"who"}
                        figures = inner.get("choice_figures", {})
                        assert set(figures) <= set(inner["choices"] or ()) and all(
                            set(row) <= {spec["name"] for spec in field["fields"]} | WORDS for row in figures.values())
                else:  # a field shown only for some values of another may say so, and its choices for each
                    assert set(field) - OPTIONAL == DESCRIBED and set(field) >= DESCRIBED
                    for name, values in field.get("shown_when", {}).items():
                        other = next(spec for spec in entry["fields"] if spec["name"] == name)
                        assert set(values) <= set(other["choices"])
                        for value, choices in field.get("choices_when", {}).get(name, {}).items():
                            assert value in values and set(choices) <= set(field["choices"])
                assert field["who"] in (None, "one", "many", "fighter", "foe", "saved")
                if field["who"]:
                    assert field["kind"] == "choice" and field["choices"] == []
                if field["default"] is not None and field["kind"] == "choice" and not field["who"]:
                    assert field["default"] in field["choices"]


def test_every_action_the_dispatcher_takes_is_offered():
    # but the party's map's: its widget draws them (lists of squares), not a form
    from rulescore.bfrpg.map_walk import ACTIONS as BFRPG_MAP
    from rulescore.play.map import MAP_DOS

    widget = set(MAP_DOS) | set(BFRPG_MAP)
    assert widget & set(session.SESSION_ACTIONS) == set(MAP_DOS)
    for system in SYSTEMS:
        offered = {entry["do"] for entry in session.actions(system)}
        assert not offered & widget
        assert offered == (set(session._rules(system).actions) | set(session.SESSION_ACTIONS)) - widget


def test_actions_of_an_unknown_system_are_refused_like_new():
    for system in ("chess", None, 3):
        with pytest.raises(RulesInputError) as error:
            session.actions(system)
        assert error.value.field == "system"


def test_the_fields_are_the_very_specs_the_handlers_read():
    from rulescore.bfrpg import session as bfrpg_rules
    from rulescore.gurps import session as gurps_rules

    light = next(entry for entry in session.actions("bfrpg") if entry["id"] == "light")
    assert light["fields"][0] == {**bfrpg_rules.SOURCE.describe(), "who": None}
    assert "candle" in light["fields"][1]["help"]
    hurt = next(entry for entry in session.actions("gurps") if entry["id"] == "damage")
    assert {**gurps_rules.FORM_DAMAGE_TYPE.describe(), "who": None} in hurt["fields"]
    assert gurps_rules.FORM_DAMAGE_TYPE.default == "crushing"  # the form starts unmultiplied
    assert [entry["fixed"] for entry in session.actions("bfrpg") if entry["do"] == "search"] == [
        {"for": "secret_doors"}, {"for": "traps"}]


@pytest.mark.parametrize("system, entry", ENTRIES, ids=ENTRY_IDS)
def test_an_action_built_from_its_defaults_applies_or_asks_only_for_what_has_no_default(system, entry):
    party = TWO[system]
    state = state_for(system, entry, party)
    action = from_defaults(entry, party, state)
    roll = dice(*[1] * 60)
    expected = NEEDS_MORE_THAN_DEFAULTS.get((system, entry["id"])) or NEEDS_MORE_IN_A_FIGHT.get(entry["id"]) or (
        DAMAGE_NEEDS[system] if entry["id"] == "damage_foe" else None)
    if expected is None:
        after = session.apply(state, action, roll=roll)
        assert after["done"][-1]["action"] == action
    else:
        with pytest.raises(RulesInputError) as error:
            session.apply(state, action, roll=roll)
        assert error.value.field == expected


# With every field filled (a field with no default by its first value), an action applies but
# for these, refused by the field named: a torch, the first light source, takes no candle height,
# a new SHELL session has no one stunned to recover, Do Nothing (GURPS's first maneuver) takes no
# target, the whole party is already in the fight, and nobody is hurt yet to heal in GURPS.
REFUSED_FILLED = {("bfrpg", "light"): "height_in", ("shell", "recover"): "who", ("gurps", "maneuver"): "target",
                  ("gurps", "heal"): "who", ("bfrpg", "attack"): "target", ("shell", "attack"): "target",
                  ("gurps", "attack"): "target", ("gurps", "edit_foe"): "who", ("shell", "edit_foe"): "who",
                  **{(system, "join_fight_character"): "who" for system in SYSTEMS},
                  ("bfrpg", "wandering_check"): "do",  # no checks set in a new session
                  # a text that is not a table or an encounter is refused by its field
                  **{(system, "encounter"): "encounter" for system in SYSTEMS},
                  **{(system, "roll_table"): "table" for system in SYSTEMS}}
# Fields whose value may be refused because of another field's value.
DEPENDS = {("gurps", "maneuver", "option"), ("gurps", "maneuver", "target"), ("gurps", "maneuver", "margin"),
           ("gurps", "heal", "who"), ("bfrpg", "attack", "target"), ("bfrpg", "attack", "who"),
           ("shell", "attack", "target"), ("shell", "attack", "who"),
           *(("gurps", "attack", name) for name in ("who", "target", "weapon", "defence", "retreat")),
           *((system, "join_fight_character", "who") for system in SYSTEMS),
           ("bfrpg", "wandering", "chance"), ("bfrpg", "wandering", "table"),  # words read as a chance, a table
           *((system, form, name) for system in SYSTEMS for form, name in (("encounter", "encounter"),
                                                                           ("roll_table", "table"))),
           # a change of figures naming only the foe, or figures it has already, changes nothing
           *((system, "edit_foe", "who") for system in SYSTEMS),
           # texts read as dice: a word in them is refused by its own field, as it should be
           *((system, "edit_foe", name) for system in SYSTEMS for name in ("damage", "hit_dice", "acc"))}


@pytest.mark.parametrize("system, entry", ENTRIES, ids=ENTRY_IDS)
def test_every_field_is_a_key_its_handler_takes_of_the_kind_described(system, entry):
    party = TWO[system]
    state = state_for(system, entry, party)
    filled = from_defaults(entry, party, state)
    for field in entry["fields"]:
        filled.setdefault(field["name"], values_to_try(field, party, state)[0])

    def refusal(action):
        try:
            session.apply(state, action, roll=dice(*[1] * 200))
        except RulesInputError as error:
            return error
        return None

    error = refusal(filled)
    assert (error and error.field) == REFUSED_FILLED.get((system, entry["id"])), error
    # The check below works: a key the handler does not take is refused as such.
    stranger = refusal({**filled, "not_a_key": 1})
    assert stranger is not None and stranger.field == "not_a_key"
    assert stranger.message.startswith("This action takes no")
    for field in entry["fields"]:
        for value in values_to_try(field, party, state):
            alone = {"do": entry["do"], **entry["fixed"], field["name"]: value}
            for action in (alone, {**filled, field["name"]: value}):
                error = refusal(action)
                assert not (error and error.message.startswith("This action takes no")), f"{field['name']}: {error}"
                # A value of the kind described is read, and refused only for the reasons above.
                assert not (error and error.field == field["name"]) or (
                    (system, entry["id"], field["name"]) == ("bfrpg", "light", "height_in")
                    and action.get("source") != "candle") or (system, entry["id"]) == ("shell", "recover") or (
                    (system, entry["id"], field["name"]) in DEPENDS), f"{field['name']}={value!r}: {error}"
