"""Forms that start right (issue 42, items 6 and 8), in rulescore: each usage of a weapon is its
own choice named by it ("Natural Attacks (Kick)") in the fight view, on the phone and in the log;
the attack form starts on the attacker's last weapon, else their best; the preview names the best
defence the target can make now ("none" after an All-Out Attack); and whoever cannot attack now
is offered no attack, with rulescore's reason (the view's ``no_attack``, the phone's too)."""

from __future__ import annotations

import pytest

from rulescore import RulesInputError, import_character, session
from rulescore.seats import seat_message
from tests.test_import import FIXTURES


def imported(name: str, ident: str) -> dict:
    """A GCS fixture as a party member of a GURPS session."""
    answer = import_character((FIXTURES / name).read_text())
    return {"id": ident, "name": answer["name"], "system": "gurps", "fields": answer["fields"]}


GRUMM = imported("gcs-v4.gcs", "g")  # Natural Attacks (Punch 10, Kick 8), Boulder (Thrown 11)
ALDOUS = imported("gcs-v5.gcs", "a")  # Broadsword (Swung 14, Thrust 14)
ROOK = {"name": "Rook", "basic_speed": 1, "dx": 8, "hp": 40, "skill": 12, "weapon": "Club", "damage": "1d cr"}


def fight(*party: dict, surprised: str = "none", foes: tuple[dict, ...] = (ROOK,)) -> dict:
    """The party (Basic Speed above Rook's: they act first) against ``foes``, fixed dice."""
    return session.apply(session.new("gurps", list(party)), {"do": "fight", "surprised": surprised,
                                                             "foes": list(foes)}, roll=lambda count, sides: [3] * count)


def fighter(state: dict, who: str, gm: bool = True) -> dict:
    return next(one for one in session.view(state, gm=gm)["fight"]["combatants"] if one["id"] == who)


def to(state: dict, who: str) -> dict:
    """Next turn until it is ``who``'s."""
    for _ in range(10):
        if session.view(state)["fight"]["current"] == who:
            return state
        state = session.apply(state, {"do": "next_turn"}, roll=lambda count, sides: [3] * count)
    raise AssertionError(f"never {who}'s turn")


# --------------------------------------------------------------------------- each usage its own choice

def test_each_usage_of_an_imported_weapon_is_its_own_choice_named_by_it_in_the_view_and_on_the_phone():
    state = fight(GRUMM, ALDOUS)
    for gm in (True, False):
        grumm, aldous = fighter(state, "g", gm), fighter(state, "a", gm)
        assert [one["label"] for one in grumm["weapons"]] == [
            "Natural Attacks (Punch)", "Natural Attacks (Kick)", "Boulder (Thrown)"]
        assert [one["label"] for one in aldous["weapons"]] == ["Broadsword (Swung)", "Broadsword (Thrust)"]
        assert [one["name"] for one in grumm["weapons"]][:2] == ["Natural Attacks"] * 2  # the sheet's name stays
    assert fighter(state, "f1")["weapons"][0]["label"] == "Club"  # one usage or none: just the name
    state = to(state, "g")
    phone = seat_message(state, "g", 1)["attack"]
    assert phone["weapons"] == [{"index": 0, "name": "Natural Attacks (Punch)"},
                                {"index": 1, "name": "Natural Attacks (Kick)"},
                                {"index": 2, "name": "Boulder (Thrown)"}]
    assert len({one["name"] for one in phone["weapons"]}) == len(phone["weapons"])


def test_an_attack_names_its_usage_in_the_log_and_a_usage_may_be_named_by_its_label():
    state = to(fight(GRUMM), "g")
    kick = {"do": "attack", "who": "g", "target": "f1", "weapon": "natural attacks (kick)", "defence": "none"}
    preview = session.preview(state, kick)
    assert preview["attack"]["to_hit"]["working"][0] == "Natural Attacks (Kick): skill 8."
    after = session.apply(state, kick, roll=lambda count, sides: [6] * count)  # 18: a critical miss
    line = next(entry["text"] for entry in session.view(after)["log"] if " attacks " in entry["text"])
    assert line.startswith("Grumm the Giant attacks Rook with Natural Attacks (Kick): 18")
    assert session.preview(state, {**kick, "weapon": "Natural Attacks"})["attack"]["to_hit"]["working"][0] \
        == "Natural Attacks (Punch): skill 10."  # the name alone: its first usage, as before
    with pytest.raises(RulesInputError) as error:
        session.preview(state, {**kick, "weapon": "Natural Attacks (Bite)"})
    assert error.value.field == "weapon"
    assert "choose 0 (Natural Attacks, Punch); 1 (Natural Attacks, Kick); 2 (Boulder, Thrown)" in error.value.message


# --------------------------------------------------------------------------- the weapon the form starts on

def test_the_form_starts_on_the_best_weapon_then_on_the_last_one_used_in_this_fight():
    state = to(fight(GRUMM), "g")
    assert fighter(state, "g")["weapon_default"] == 2  # Boulder, skill 11: the best to hit
    assert seat_message(state, "g", 1)["attack"]["weapon_default"] == 2
    punched = session.apply(state, {"do": "attack", "who": "g", "target": "f1", "weapon": 0, "defence": "none"},
                            roll=lambda count, sides: [6] * count)
    assert fighter(punched, "g")["weapon_default"] == 0  # the last one used, turn after turn
    later = to(session.apply(punched, {"do": "next_turn"}, roll=lambda count, sides: [3] * count), "g")
    assert fighter(later, "g")["weapon_default"] == 0
    assert fighter(session.undo(punched), "g")["weapon_default"] == 2  # undone: as before
    assert fighter(fight(ALDOUS), "a")["weapon_default"] == 0  # equal skills: the first listed
    assert fighter(state, "f1")["weapon_default"] == 0  # a foe's one weapon
    bare = {"id": "b", "name": "Bare", "system": "gurps", "fields": {"dx": 14}}
    assert fighter(fight(bare), "b")["weapon_default"] is None  # no weapon: the form's first choice


def test_the_best_weapon_in_basic_fantasy_and_shell_is_the_one_that_hits_best():
    ana = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"hp": 20, "weapons": [
        {"name": "Dagger", "damage": "1d4"}, {"name": "Sword +1", "damage": "1d8", "magic": 1}]}}
    state = session.apply(session.new("bfrpg", [ana]), {"do": "fight", "surprise": "none",
                                                         "foes": [{"monster": "bear_black", "hp": 20}]},
                          roll=lambda count, sides: [1] * count)
    view = {one["id"]: one for one in session.view(state, gm=True)["fight"]["combatants"]}
    assert view["ana"]["weapon_default"] == 1 and view["f1"]["weapon_default"] is None  # the bear's whole routine
    after = session.apply(state, {"do": "attack", "who": "ana", "target": "f1", "weapon": "dagger"},
                          roll=lambda count, sides: [1] * count)
    assert fighter(after, "ana")["weapon_default"] == 0
    orla = {"id": "o", "name": "Orla", "system": "shell", "fields": {"weapons": [
        {"name": "Club", "damage": "+0 cr"}, {"name": "Sword", "damage": "+0 cut", "at": 1, "def": 1}]}}
    shell = session.apply(session.new("shell", [orla]), {"do": "fight", "foes": [{"name": "Bandit"}]},
                          roll=lambda count, sides: [1] * count)
    assert fighter(shell, "o")["weapon_default"] == 1


# --------------------------------------------------------------------------- the defence it starts on

def test_the_preview_names_the_best_defence_the_target_can_make_now():
    state = to(fight(GRUMM), "g")
    attack = {"do": "attack", "who": "g", "target": "f1", "weapon": 1}
    shown = session.preview(state, attack)["attack"]
    chances = {one["id"]: one["chance"] for one in shown["defences"]}
    assert shown["defence_best"] == "parry" == max(chances, key=lambda one: chances[one])  # Parry 9 over Dodge 4
    assert session.preview(state, attack, gm=False)["attack"]["defence_best"] is None  # a foe's: the GM's to know
    rook = to(state, "f1")
    on_grumm = session.preview(rook, {"do": "attack", "who": "f1", "target": "g"})["attack"]
    assert on_grumm["defence_best"] == max(on_grumm["defences"], key=lambda one: one["chance"])["id"]
    assert session.preview(rook, {"do": "attack", "who": "f1", "target": "g"}, gm=False)["attack"]["defence_best"] \
        == on_grumm["defence_best"]  # a character's own defences: the players see them


def test_after_an_all_out_attack_the_best_defence_is_none():
    state = to(fight(GRUMM), "g")
    state = session.apply(state, {"do": "maneuver", "who": "g", "maneuver": "all_out_attack"})
    state = to(session.apply(state, {"do": "next_turn"}, roll=lambda count, sides: [3] * count), "f1")
    shown = session.preview(state, {"do": "attack", "who": "f1", "target": "g"})["attack"]
    assert shown["defences"] == [] and shown["defence_best"] == "none" and "All-Out Attack" in shown["no_defence"]
    with pytest.raises(RulesInputError) as error:  # the form's old start: refused
        session.preview(state, {"do": "attack", "who": "f1", "target": "g", "defence": "dodge"})
    assert error.value.field == "defence"


# --------------------------------------------------------------------------- no attack offered, and why

def test_a_surprised_fighter_is_offered_no_attack_and_told_why_on_the_gms_screen_and_the_phone():
    state = fight(GRUMM, surprised="party")
    assert session.view(state)["fight"]["current"] == "g"
    assert "attack" not in session.view(state)["actions_now"]
    said = "Grumm the Giant is surprised and must Do Nothing this turn."
    assert fighter(state, "g")["no_attack"] == fighter(state, "g", gm=False)["no_attack"] == said
    message = seat_message(state, "g", 1)
    assert message["attack"] is None and message["no_attack"] == said
    with pytest.raises(RulesInputError) as error:
        session.preview(state, {"do": "attack", "who": "g", "target": "f1"})
    assert error.value.message == f"Attacker: {said}"  # the same reason as the refusal's


def test_no_attack_after_a_maneuver_that_makes_none_or_once_the_attack_is_made_or_with_nobody_standing():
    state = to(fight(GRUMM), "g")
    assert fighter(state, "g")["no_attack"] is None and seat_message(state, "g", 1)["no_attack"] is None
    moved = session.apply(state, {"do": "maneuver", "who": "g", "maneuver": "move"})
    assert fighter(moved, "g")["no_attack"].startswith("Grumm the Giant's maneuver this turn is Move, which makes no "
                                                       "attack")
    assert seat_message(moved, "g", 1)["attack"] is None
    done = session.apply(state, {"do": "attack", "who": "g", "target": "f1", "weapon": 0, "defence": "none"},
                         roll=lambda count, sides: [6] * count)
    assert fighter(done, "g")["no_attack"] == "Grumm the Giant has made every attack their Attack allows this turn."
    assert fighter(done, "f1")["no_attack"].startswith("It is Grumm the Giant's turn; Rook attacks on their own turn")
    assert seat_message(done, "g", 2)["no_attack"] == fighter(done, "g")["no_attack"]
    down = session.apply(state, {"do": "damage", "who": "f1", "damage": 200})
    assert fighter(down, "f1")["no_attack"] == "Rook is out of the fight."
    assert fighter(down, "g")["no_attack"] == ("There is nobody left standing in the fight for Grumm the Giant to "
                                               "attack.")


def test_basic_fantasy_and_shell_say_why_too():
    ana = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"hp": 20}}
    state = session.apply(session.new("bfrpg", [ana]), {"do": "fight", "surprise": "party",
                                                         "foes": [{"name": "Orc", "hp": 30}]},
                          roll=lambda count, sides: [1] * count)
    assert fighter(state, "ana")["no_attack"] == "Ana is surprised and cannot attack this round."
    assert fighter(state, "f1")["no_attack"] is None
    orla = {"id": "o", "name": "Orla", "system": "shell", "fields": {}}
    shell = session.apply(session.new("shell", [orla]), {"do": "fight", "foes": [{"name": "Bandit"}]},
                          roll=lambda count, sides: [1] * count)
    assert fighter(shell, "o")["no_attack"] is None
    down = session.apply(shell, {"do": "damage", "who": "f1", "damage": 100})
    assert fighter(down, "f1")["no_attack"] == "Bandit is out of the fight."
