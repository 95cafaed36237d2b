"""Issue 43, item 3: a foe from a sheet. A GURPS creature imported from a GCS file (a fixture we
wrote: a cave wolf with Natural Attacks, Bite and Claw) fights as two foes with the sheet's own
figures and both its usages, every figure still editable, none of them in the players' view."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rulescore import RulesInputError, import_character, session
from tests.test_attack_bfrpg_shell import ORLA, last
from tests.test_attack_bfrpg_shell import faces as shell_faces
from tests.test_attack_gurps import faces
from tests.test_session import ANA
from tests.test_tables import faces as some_faces

WOLF = import_character((Path(__file__).parent / "fixtures" / "import" / "gcs-creature-foe.gcs").read_text())
# Nell: Speed 5 (DX 10, HT 10), HP 10, no weapons: the wolves (Speed 6.25) go first.
NELL = {"id": "n", "name": "Nell", "system": "gurps", "fields": {}}


def wolves(**row):
    return session.apply(session.new("gurps", [NELL]), {"do": "fight", "foes": [
        {"name": "Cave Wolf", "count": 2, "sheet": WOLF["fields"], **row}]})


def line_of(state, start):
    """The GM's text of the log's last line that starts ``start``."""
    return next(text for text in (e.get("gm_text") or e["text"] for e in reversed(state["log"]))
                if text.startswith(start))


def combatant(state, who, gm=True):
    return next(one for one in session.view(state, gm=gm)["fight"]["combatants"] if one["id"] == who)


def test_the_sheet_gives_the_foes_figures_and_all_their_usages():
    assert WOLF["name"] == "Cave Wolf" and WOLF["checks"] and all(c["agrees"] for c in WOLF["checks"])
    state = wolves()
    assert session.view(state, gm=True)["fight"]["order"] == ["f1", "f2", "n"]  # Speed 6.25 before 5
    wolf = combatant(state, "f1")
    assert (wolf["hp"], wolf["dr"]) == (14, 1)
    assert [(w["label"], w["skill"], w["damage"]) for w in wolf["weapons"]] == [
        ("Natural Attacks (Bite)", 13, "1d+1 cut"), ("Natural Attacks (Claw)", 12, "1d cr")]
    assert wolf["weapon_default"] == 0  # the better to hit
    row = wolf["foe_row"]
    assert {key: row[key] for key in ("hp", "ht", "basic_speed", "dx", "dodge", "dr", "will", "skill")} == {
        "hp": 14, "ht": 12, "basic_speed": 6.25, "dx": 13, "dodge": 9, "dr": 1, "will": 10, "skill": 13}


def test_a_wolf_bites_and_the_other_claws():
    state = wolves()
    # Cave Wolf 1 bites: 9 against 13 hits; no defence; 1d+1 cut rolls 4: 5 cutting, x1.5 = 7 injury
    bitten = session.apply(state, {"do": "attack", "who": "f1", "target": "n", "weapon": "Natural Attacks (Bite)",
                                   "defence": "none"},
                           roll=faces([3, 3, 3], [4], [3, 3, 3]))  # a major wound: HT 10 rolled 9, no knockdown
    assert line_of(bitten, "Cave Wolf 1 attacks").startswith(
        "Cave Wolf 1 attacks Nell with Natural Attacks (Bite): 9 against 13, a hit; Nell does not defend; "
        "1d+1 cut = 5: 7 HP of injury")
    assert combatant(bitten, "n")["hp"] == 10 - 7
    clawed = session.apply(session.apply(bitten, {"do": "next_turn"}),
                           {"do": "attack", "who": "f2", "target": "n", "weapon": 1, "defence": "none"},
                           roll=faces([4, 4, 4], [5], [3, 3, 3], [3, 3, 3]))  # 12 against 12 hits; 1d cr: 5 crushing
    assert line_of(clawed, "Cave Wolf 2 attacks").startswith(
        "Cave Wolf 2 attacks Nell with Natural Attacks (Claw): 12 against 12, a hit")
    assert combatant(clawed, "n")["hp"] == 10 - 7 - 5


def test_no_parry_with_natural_attacks_that_cannot_parry():
    state = session.apply(wolves(), {"do": "next_turn"})
    state = session.apply(state, {"do": "next_turn"})  # Nell's turn
    preview = session.preview(state, {"do": "attack", "who": "n", "target": "f1"})["attack"]
    assert {one["id"]: one["score"] for one in preview["defences"]} == {"dodge": 9}


def test_the_row_overrides_the_sheet_and_figures_stay_editable():
    state = wolves(hp=20)
    assert combatant(state, "f1")["hp"] == 20
    edited = session.apply(state, {"do": "edit_foe", "who": "f2", "dr": 3})
    assert combatant(edited, "f2")["dr"] == 3
    assert [w["label"] for w in combatant(edited, "f2")["weapons"]][1] == "Natural Attacks (Claw)"


def test_the_players_view_shows_none_of_the_sheets_figures():
    state = wolves()
    shown = json.dumps(session.view(state)["fight"])
    wolf = combatant(state, "f1", gm=False)
    assert "hp" not in wolf and "foe_row" not in wolf and "dr" not in wolf
    assert all(w["skill"] is None and w["damage"] is None for w in wolf["weapons"])
    assert "1d+1 cut" not in shown and '"st"' not in shown and '"fp"' not in shown


@pytest.mark.parametrize(("sheet", "words"), [
    ("a wolf", "Sheet: received"),
    ({"st": 0.5}, "Sheet: "),
])
def test_a_bad_sheet_is_refused_by_field_and_nothing_changes(sheet, words):
    state = session.new("gurps", [NELL])
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, {"do": "fight", "foes": [{"name": "Wolf", "sheet": sheet}]})
    assert caught.value.message.startswith("Foe 1: " + words), caught.value.message
    assert state == before


def test_reinforcements_from_a_sheet():
    state = session.apply(wolves(count=1), {"do": "join_fight",
                                            "foes": [{"name": "Cave Wolf", "sheet": WOLF["fields"]}]})
    assert [w["label"] for w in combatant(state, "f2")["weapons"]] == ["Natural Attacks (Bite)",
                                                                       "Natural Attacks (Claw)"]


# --------------------------------------------------------------------------- SHELL

def test_a_shell_foe_from_a_sheet_has_its_figures_and_every_weapon():
    sheet = ORLA["fields"]  # ST 12, AG 12, combat level 4, torso DR 3, a shield of PR 2, a sword and a bow
    party = [{"id": "p", "name": "Pim", "system": "shell", "fields": {}}]
    state = session.apply(session.new("shell", party), {"do": "fight", "foes": [
        {"name": "Orla's double", "count": 2, "sheet": sheet}]}, roll=lambda count, sides: [1] * count)
    double = state["fight"]["combatants"]["f1"]
    assert (double["ag"], double["st"], double["combat_level"], double["dr"], double["pr"]) == (12, 12, 4, 3, 2)
    gm, players = (session.view(state, gm=gm)["fight"]["combatants"] for gm in (True, False))
    mine = next(one for one in gm if one["id"] == "f1")
    assert [w["label"] for w in mine["weapons"]] == ["Sword", "Bow"] and mine["weapons"][1]["speed"] == 2
    theirs = next(one for one in players if one["id"] == "f1")
    assert theirs["weapons"] == [{"index": 0, "name": "Sword", "label": "Sword"},
                                 {"index": 1, "name": "Bow", "label": "Bow"}]
    shot = session.apply(state, {"do": "attack", "who": "f1", "target": "p", "weapon": "Bow"},
                         roll=shell_faces(9, 9, 4))
    assert "Orla's double 1 attacks Pim with Bow" in last(shot)
    typed = session.apply(session.new("shell", party), {"do": "fight", "foes": [
        {"name": "Double", "sheet": sheet, "hp": 20}]}, roll=lambda count, sides: [1] * count)
    assert typed["fight"]["combatants"]["f1"]["hp"] == 20  # the row's figure over the sheet's


# --------------------------------------------------------------------------- Basic Fantasy

BRUNO = {"class": "fighter", "level": "3", "strength": "16", "hp": "20", "weapons": [
    {"name": "Longsword", "damage": "1d8", "kind": "melee", "magic": 0},
    {"name": "Shortbow", "damage": "1d6", "kind": "missile", "magic": 0}]}


def test_a_basic_fantasy_character_fights_as_a_foe_with_their_sheets_bonuses():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "fight", "foes": [
        {"name": "Bruno the Black", "sheet": BRUNO}]}, roll=some_faces())
    bruno = combatant(state, "f1")
    assert {key: bruno["foe_row"][key] for key in ("hp", "ac", "attack_bonus", "hit_dice")} == {
        "hp": 20, "ac": 11, "attack_bonus": 2, "hit_dice": "3"}  # a fighter of level 3, unarmoured
    assert [(w["label"], w["roll"]) for w in bruno["weapons"]] == [("Longsword", "1d8+2"), ("Shortbow", "1d6")]
    assert combatant(state, "f1", gm=False)["weapons"] == [{"index": 0, "name": "Longsword", "label": "Longsword"},
                                                            {"index": 1, "name": "Shortbow", "label": "Shortbow"}]
    # melee: attack bonus 2 + Strength 2; damage 1d8 + Strength 2
    cut = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "weapon": "Longsword"},
                        roll=some_faces(15, 5))
    assert line_of(cut, "Bruno the Black attacks Ana") == (
        "Bruno the Black attacks Ana (Longsword): 1d20 15 + 4 = 19 against AC 11: a hit; 1d8+2 rolled 5 + 2 = 7 "
        "damage. Ana takes 7 damage: 2 of 9 HP.")
    # a bow: attack bonus 2 + Dexterity 0 + short range 1; no Strength to damage
    shot = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "weapon": 1, "range": "short"},
                         roll=some_faces(15, 5))
    assert "1d20 15 + 3 = 18 against AC 11: a hit; 1d6 rolled 5 damage" in line_of(shot, "Bruno the Black attacks")
    players = [entry["text"] for entry in session.view(cut)["log"]]
    assert "Bruno the Black attacks Ana (Longsword): 1d20 rolled 15 against AC 11: a hit; 7 damage." in players[-1]
