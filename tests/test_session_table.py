"""What a GM hit running sessions (issue 27, items 2, 3, 5 and 6), each at its root in rulescore:
every condition said beside the character, and HP labelled so it cannot be misread; the dead
show nothing that no longer matters; characters join and leave a session under way, and GURPS
HP can be given back; messages name characters, forms start where a GM expects, time that does
not pass is refused, and one minus sign everywhere."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, session
from rulescore.core import MINUS
from tests.test_session import ANA, BRUNO, KARA, ORLA, character, dice

LEE = character("lee", "Lee", "gurps", ht=9)
PIM = character("pim", "Pim", "shell")


def person(state, who, gm=True):
    return next(one for one in session.view(state, gm=gm)["characters"] if one["id"] == who)


# --------------------------------------------------------------------------- item 2: every condition, HP labelled

def test_shell_says_stunned_unconscious_and_dead_beside_the_character_and_hp_is_the_damage_measured():
    state = session.new("shell", [ORLA])
    hp = person(state, "orla")["hp"]
    assert person(state, "orla")["condition"] == "unhurt"
    assert person(state, "orla")["figures"][0] == f"damage taken 0 of {hp} HP"
    state = session.apply(state, {"do": "damage", "who": "orla", "damage": 6, "location": "arm"})
    orla = person(state, "orla")
    assert orla["condition"] == "stunned" and any("stunned" in e["text"] for e in orla["effects"])
    assert orla["figures"][0] == f"damage taken 4 of {hp} HP (4 lethal)"  # never a bare "HP 10"
    state = session.apply(state, {"do": "damage", "who": "orla", "damage": hp, "type": "crushing"})
    orla = person(state, "orla")
    assert orla["condition"] in ("unconscious", "dead") and orla["condition"] in session.view(state)["log"][-1]["text"]


@pytest.mark.parametrize("system, party", [("bfrpg", [ANA]), ("gurps", [KARA]), ("shell", [ORLA])])
def test_every_game_gives_each_character_a_condition_figures_and_what_is_due(system, party):
    for gm in (True, False):
        for shown in session.view(session.new(system, party), gm=gm)["characters"]:
            assert isinstance(shown["condition"], str) and shown["condition"]
            assert shown["figures"] and all(isinstance(text, str) and " of " in text for text in shown["figures"][:1])
            assert shown["due"] == []


def test_bfrpg_at_0_hp_says_so_as_its_condition():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "damage", "who": "ana", "hp": 9})
    assert person(state, "ana")["condition"] == "0 HP or less"
    assert person(state, "ana")["figures"] == ["HP 0 of 9"]


# --------------------------------------------------------------------------- item 3: what still matters

def test_gurps_dead_shows_no_reeling_shock_or_move_and_what_is_due_sits_with_the_character():
    state = session.apply(session.new("gurps", [KARA, LEE]), {"do": "damage", "who": "kara", "damage": 9,
                                                              "type": "cutting"}, roll=dice(3, 3, 3))  # HT made
    kara = person(state, "kara")
    assert kara["hp"] < 0 and {"reeling", "shock"} <= {e["text"].split(":")[0].split(" ")[0] for e in kara["effects"]}
    assert kara["due"] == ["Kara: HT roll to stay conscious at the next turn."]
    assert session.view(state)["due"] == kara["due"] and person(state, "lee")["due"] == []
    dead = session.apply(state, {"do": "damage", "who": "kara", "damage": 200, "type": "crushing"}, roll=dice(3, 3, 3))
    kara = person(dead, "kara")
    assert kara["condition"] == "dead" and kara["effects"] == [] and kara["due"] == []
    assert not any(text.startswith(("Move", "Dodge")) for text in kara["figures"])


def test_gurps_unconscious_keeps_no_shock_or_stun():
    state = session.apply(session.new("gurps", [LEE]), {"do": "damage", "who": "lee", "damage": 14,
                                                       "type": "crushing"}, roll=dice(3, 3, 3))  # no roll fails
    state = session.apply(state, {"do": "advance", "turns": 1}, roll=dice(6, 6, 6))  # fails HT 9: out
    lee = person(state, "lee")
    assert lee["condition"].startswith("unconscious") and lee["effects"] == [] and lee["due"] == []


# --------------------------------------------------------------------------- item 5: joining, leaving, healing

def test_a_character_joins_a_session_under_way_and_undo_takes_them_out_again():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "advance", "turns": 2})
    joined = session.apply(state, {"do": "join", "character": BRUNO})
    assert [c["name"] for c in session.view(joined)["characters"]] == ["Ana", "Bruno"]
    assert session.view(joined)["log"][-1]["text"] == "Bruno joins the party."
    hurt = session.apply(joined, {"do": "damage", "who": "bruno", "hp": 3})
    assert person(hurt, "bruno")["hp"] == person(joined, "bruno")["hp"] - 3
    assert [c["id"] for c in session.view(session.undo(session.undo(hurt)))["characters"]] == ["ana"]
    with pytest.raises(RulesInputError, match="Bruno is already in the party"):
        session.apply(joined, {"do": "join", "character": BRUNO})
    with pytest.raises(RulesInputError, match="Kara: a GURPS character cannot join a Basic Fantasy session"):
        session.apply(state, {"do": "join", "character": KARA})


def test_a_character_leaves_with_their_light_and_comes_back_as_they_left():
    state = session.new("bfrpg", [ANA, BRUNO])
    state = session.apply(state, {"do": "light", "source": "torch", "by": "bruno"}, roll=dice(2))
    state = session.apply(state, {"do": "damage", "who": "bruno", "hp": 4})
    gone = session.apply(state, {"do": "leave", "who": "bruno"})
    assert [c["id"] for c in session.view(gone)["characters"]] == ["ana"] and session.view(gone)["lights"] == []
    assert session.view(gone)["log"][-1]["text"] == "Bruno leaves the party, taking light 1 (torch) with them."
    with pytest.raises(RulesInputError) as error:
        session.apply(gone, {"do": "damage", "who": "bruno", "hp": 1})
    assert "Ana" in error.value.message and "bruno" not in error.value.message  # a name, never an id
    back = session.apply(gone, {"do": "join", "character": BRUNO})
    assert person(back, "bruno")["hp"] == person(state, "bruno")["hp"]  # the wounds kept
    assert "comes back" in session.view(back)["log"][-1]["text"]
    assert session.undo(session.undo(back)) == session.undo(session.undo(back))  # replays whole


def test_nobody_leaves_a_fight_in_progress_by_leaving_the_session():
    fight = session.apply(session.new("shell", [ORLA, PIM]), {"do": "fight", "foes": [{"name": "Goblin"}]},
                          roll=lambda count, sides: [5] * count)
    with pytest.raises(RulesInputError, match="Pim is in the fight"):
        session.apply(fight, {"do": "leave", "who": "pim"})


def test_gurps_heal_gives_hp_back_up_to_the_full_score_and_never_to_the_dead():
    state = session.apply(session.new("gurps", [KARA]), {"do": "damage", "who": "kara", "damage": 5,
                                                         "type": "crushing", "torso": False})
    healed = session.apply(state, {"do": "heal", "who": "kara", "hp": 3, "how": "first aid"})
    assert person(healed, "kara")["hp"] == person(state, "kara")["hp"] + 3
    assert "(first aid)" in session.view(healed)["log"][-1]["text"]
    full = session.apply(healed, {"do": "heal", "who": "kara", "hp": 50})
    assert person(full, "kara")["hp"] == person(full, "kara")["max_hp"]
    with pytest.raises(RulesInputError, match="Kara has lost no HP"):
        session.apply(full, {"do": "heal", "who": "kara", "hp": 1})
    dead = session.apply(state, {"do": "damage", "who": "kara", "damage": 200, "type": "crushing"})
    with pytest.raises(RulesInputError, match="Kara is dead"):
        session.apply(dead, {"do": "heal", "who": "kara", "hp": 1})


# --------------------------------------------------------------------------- item 6: words and starting points

def test_messages_name_characters_never_their_ids():
    state = session.new("gurps", [KARA, LEE])
    for action in ({"do": "damage", "damage": 3}, {"do": "damage", "who": "c-mwucekif-x", "damage": 3}):
        with pytest.raises(RulesInputError) as error:
            session.apply(state, action)
        assert "Kara, Lee" in error.value.message and "kara" not in error.value.message.replace("Kara", "")


def test_member_fields_start_on_the_first_member_unless_optional_and_gurps_damage_starts_unmultiplied():
    for system in ("bfrpg", "gurps", "shell"):
        for entry in session.actions(system):
            for field in entry["fields"]:
                if field["who"] == "one":
                    optional = (system, entry["id"], field["name"]) == ("bfrpg", "light", "by")
                    assert field["default"] == ("" if optional else None), (system, entry["id"], field["name"])
    damage = next(entry for entry in session.actions("gurps") if entry["id"] == "damage")
    assert next(field for field in damage["fields"] if field["name"] == "type")["default"] == "crushing"


@pytest.mark.parametrize("system, party, unit", [("bfrpg", [ANA], "turns"), ("gurps", [KARA], "turns"),
                                                 ("shell", [ORLA], "rounds")])
def test_time_that_does_not_pass_is_refused_and_one_passes_in_good_english(system, party, unit):
    state = session.new(system, party)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "advance", unit: 0})
    assert error.value.field == unit
    one = session.view(session.apply(state, {"do": "advance", unit: 1}))["log"][-1]["text"]
    assert f"1 {unit[:-1]} passes" in one or "1 combat round passes" in one


def test_one_minus_sign_in_the_log_and_the_view():
    state = session.apply(session.new("gurps", [KARA]), {"do": "damage", "who": "kara", "damage": 9,
                                                         "type": "cutting"}, roll=dice(3, 3, 3))
    text = session.view(state)["log"][0]["text"]
    assert f"→ {MINUS}1 of 12 HP" in text and " -1" not in text
    assert session.minus_signs("c-1, 3-5 and -4") == f"c-1, 3-5 and {MINUS}4"


def test_a_preview_says_the_injury_before_it_is_applied_and_changes_nothing():
    state = session.new("gurps", [KARA])
    shown = session.preview(state, {"do": "damage", "who": "kara", "damage": 9, "type": "cutting", "torso": False})
    assert shown["lines"][0].startswith("Kara takes 9 penetrating damage: 13 HP of injury")
    assert shown["rolls"] is False and session.view(state)["log"] == []
    rolled = session.preview(state, {"do": "damage", "who": "kara", "damage": 30, "type": "crushing"})
    assert rolled["rolls"] is True  # a death check follows: the dice are not rolled in a preview
    with pytest.raises(RulesInputError):
        session.preview(state, {"do": "damage", "who": "kara"})
