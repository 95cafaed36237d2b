"""GCS creatures (the import's issue, item 1) and every usage of a weapon row (item 2): ST 0, IQ 0,
FP 0 and ST past 100 taken with GURPS's meanings, said in the import's cross-check, and counted by
the sheet, a session and a fight; each usage of each weapon row a weapon of its own, an affliction
one the GM resolves. The fixtures are small creatures written for these tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulescore import RulesInputError, derive, import_character, session
from tests.test_session import dice

FIXTURES = Path(__file__).parent / "fixtures" / "import"


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def imported(data: dict) -> dict:
    return import_character(json.dumps(data))


def lines(answer: dict) -> dict:
    return {line["figure"]: line for line in answer["checks"]}


GOBLIN = {"name": "Goblin", "count": 1, "basic_speed": 5, "dx": 12, "hp": 8, "ht": 10}


def party_of(answer: dict) -> list[dict]:
    return [{"id": "s", "name": answer["name"], "system": "gurps", "fields": answer["fields"]}]


def test_a_spirit_with_st_0_iq_0_and_fp_0_comes_in_with_what_they_mean():
    data = load("gcs-creature-spirit.gcs")
    answer = imported(data)
    fields = answer["fields"]
    assert (fields["st"], fields["iq"], fields["fp"], fields["will"]) == (0, 0, 0, 0)
    said = [figure for figure in lines(answer) if figure.startswith(("ST 0", "IQ 0", "FP 0"))]
    assert [figure.split(":")[0] for figure in said] == ["ST 0", "IQ 0", "FP 0"]
    assert "no physical body" in said[0] and "mindless" in said[1] and "no fatigue" in said[2]
    # The locket it carries: no body carries nothing, said among what is left out.
    assert fields["load_lb"] == 0 and any("ST 0" in entry and "2 lb" in entry for entry in answer["skipped"])
    # GCS halves Move and Dodge at FP 0 (as if exhausted); the sheet keeps the whole figure and says why.
    move = lines(answer)["Move, encumbrance None (0)"]
    assert (move["theirs"], move["ours"], move["agrees"]) == (3, 6, False) and "FP 0" in move["why"]
    thrust = lines(answer)["Thrust"]
    assert thrust["ours"] is None and thrust["theirs"] == "1d-6" and "no physical body" in thrust["why"]
    sheet = derive("gurps", fields)
    assert (sheet["basic_lift_lb"], sheet["thrust"], sheet["swing"], sheet["move"]) == (0, None, None, 6)
    assert any(step.startswith("IQ 0: mindless") for step in sheet.steps)
    assert any(step.startswith("FP 0: no fatigue") for step in sheet.steps)


def test_a_creature_without_fp_in_its_file_has_fp_0():
    data = load("gcs-creature-giant.gcs")
    data["attributes"] = [one for one in data["attributes"] if one["attr_id"] != "fp"]
    answer = imported(data)
    assert answer["fields"]["fp"] == 0
    line = next(line for figure, line in lines(answer).items() if figure.startswith("FP: none in the file"))
    assert line["ours"] == 0 and line["theirs"] is None and "leaves FP out" in line["why"]
    assert all(line["agrees"] for figure, line in lines(answer).items() if figure.startswith(("Move", "Dodge")))


def test_the_sheet_takes_creature_figures_and_refuses_what_they_rule_out():
    for values, field, words in (({"st": 0, "hp": 5, "load_lb": 3}, "load_lb", "ST 0 means no physical body"),
                                 ({"fp": 0, "fp_lost": 2}, "fp_lost", "FP 0 means no fatigue"),
                                 ({"st": 201}, "st", "0 to 200"), ({"iq": -1}, "iq", "0 to 30")):
        with pytest.raises(RulesInputError) as caught:
            derive("gurps", values)
        assert caught.value.field == field and words in caught.value.message, caught.value.message
    huge = derive("gurps", {"st": 120, "hp": 120})
    assert (huge["basic_lift_lb"], huge["thrust"], huge["swing"]) == (2880, "13d", "15d")
    assert derive("gurps", {"st": 110, "hp": 110})["thrust"] == "12d"  # +1d for each 10 ST past 100


def test_a_giant_of_st_120_agrees_with_gcs_and_brings_every_usage():
    answer = imported(load("gcs-creature-giant.gcs"))
    checked = lines(answer)
    assert checked["Thrust"]["agrees"] and checked["Swing"]["agrees"] and checked["Basic Lift (lb)"]["agrees"]
    assert next(figure for figure in checked if figure.startswith("ST 120")).endswith("more)")
    titles = [(weapon["name"], weapon["usage"]) for weapon in answer["fields"]["weapons"]]
    assert titles == [("Natural Attacks", "Bite"), ("Natural Attacks", "Punch"), ("Natural Attacks", "Kick"),
                      ("Great Club", "Swung"), ("Great Club", "Thrust"), ("Great Club", "Thrown"),
                      ("Phaser", "Stun")]
    weapons = {(weapon["name"], weapon["usage"]): weapon for weapon in answer["fields"]["weapons"]}
    thrown = weapons[("Great Club", "Thrown")]
    assert (thrown["range"], thrown["acc"], thrown["bulk"], thrown["parry"]) == ("60/120", "1", "-6", "")
    assert weapons[("Great Club", "Swung")]["parry"] == "9U" and weapons[("Natural Attacks", "Punch")]["parry"] == "8"
    stun = weapons[("Phaser", "Stun")]
    assert (stun["damage"], stun["effect"], stun["acc"]) == ("", "HT-2 (or KO)", "10")
    weapon_lines = [line for figure, line in checked.items() if figure.startswith("Weapon:")]
    assert len(weapon_lines) == len(titles) and all(line["agrees"] for line in weapon_lines)
    assert "Weapon: Natural Attacks (Punch) (hidden on GCS's sheet)" in checked
    assert any(figure.startswith("Weapon: Phaser (Stun) (") and "GM resolves" in figure for figure in checked)


def test_a_weapon_the_sheet_cannot_hold_as_gcs_has_it_says_why():
    data = load("gcs-creature-giant.gcs")
    club = data["equipment"][0]["weapons"]
    club[0]["calc"]["parry"] = "ten"  # no Parry the sheet reads: blanked, and said
    club[1]["calc"]["damage"] = ""  # GCS gives it none: the GM's
    club[2]["calc"]["level"] = 45  # past the skill the sheet takes: not on the sheet, and said
    answer = imported(data)
    checked = lines(answer)
    swung = checked["Weapon: Great Club (Swung)"]
    assert not swung["agrees"] and "Parry" in swung["why"] and "ten" in swung["why"]
    thrust = next(line for figure, line in checked.items() if figure.startswith("Weapon: Great Club (Thrust)"))
    assert not thrust["agrees"] and "no damage" in thrust["why"]
    thrown = checked["Weapon: Great Club (Thrown)"]
    assert thrown["ours"] == "not on the sheet" and "Skill" in thrown["why"]
    assert ("Great Club", "Thrown") not in [(w["name"], w["usage"]) for w in answer["fields"]["weapons"]]


def test_two_rows_of_the_same_name_and_usage_are_told_apart():
    data = load("gcs-creature-giant.gcs")
    second = json.loads(json.dumps(data["equipment"][0]))
    second["weapons"][0]["calc"]["level"] = 10  # another club, another skill
    data["equipment"].append(second)
    names = [(w["name"], w["usage"]) for w in imported(data)["fields"]["weapons"]]
    assert ("Great Club 2", "Swung") in names and names.count(("Great Club", "Swung")) == 1
    assert ("Great Club 2", "Thrust") not in names  # the same figures twice: kept once


def test_a_session_counts_no_fatigue_and_a_fight_no_will_roll_for_the_mindless():
    spirit = imported(load("gcs-creature-spirit.gcs"))
    state = session.new("gurps", party_of(spirit))
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, {"do": "fatigue", "who": "s", "fp": 1, "cause": "other"})
    assert caught.value.field == "fp" and "FP 0" in caught.value.message
    shown = session.view(state, gm=True)["characters"][0]
    assert shown["fatigue"] == "no fatigue" and shown["condition"] != "unconscious"
    rested = session.apply(state, {"do": "rest", "minutes": 30})
    assert session.view(rested, gm=True)["characters"][0]["fatigue"] == "no fatigue"
    state = session.apply(state, {"do": "fight", "foes": [GOBLIN]})
    assert not any("0 FP or less" in line["text"] for line in session.view(state, gm=True)["fight"]["due"])
    state = session.apply(state, {"do": "maneuver", "who": "s", "maneuver": "aim"})
    hurt = session.apply(state, {"do": "damage", "who": "s", "type": "crushing", "damage": 1}, roll=dice())
    assert "mindless (IQ 0), no Will roll; keeps it" in session.view(hurt, gm=True)["log"][-1]["text"]
    assert "Aim" in [effect["name"] for one in session.view(hurt, gm=True)["fight"]["combatants"] if one["id"] == "s"
                     for effect in one["effects"]]


def test_an_affliction_hits_and_the_gm_resolves_it_and_st_0_strikes_with_no_st():
    spirit = imported(load("gcs-creature-spirit.gcs"))
    state = session.apply(session.new("gurps", party_of(spirit)), {"do": "fight", "foes": [GOBLIN]})
    wail = session.apply(state, {"do": "attack", "who": "s", "target": "f1", "weapon": "Terrifying Wail (Wail)",
                                 "defence": "none"}, roll=dice(3, 3, 3))
    text = session.view(wail, gm=True)["log"][-1]["text"]
    assert "Terrifying Wail (Wail)" in text and "the GM resolves its effect (HT-2 (or KO))" in text
    shown = next(one for one in session.view(state, gm=True)["fight"]["combatants"] if one["id"] == "s")["weapons"]
    assert [weapon.get("effect") for weapon in shown] == [None, "HT-2 (or KO)"]
    swinger = {**spirit, "fields": {**spirit["fields"], "weapons": [
        {"name": "Ghost Blade", "usage": "Swung", "skill": 12, "damage": "sw+1 cut"}]}}
    state = session.apply(session.new("gurps", party_of(swinger)), {"do": "fight", "foes": [GOBLIN]})
    assert next(one for one in session.view(state, gm=True)["fight"]["combatants"]
                if one["id"] == "s")["weapons"][0]["damage"] == "sw+1 cut"  # no ST to work it out from
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, {"do": "attack", "who": "s", "target": "f1", "defence": "none"}, roll=dice(3, 3, 3))
    assert caught.value.field == "weapon" and "ST 0" in caught.value.message


@pytest.mark.parametrize("change", [
    lambda d: d.update(type={"a": 1}),  # a "type" that is no name
    lambda d: d.update(settings=3),
    lambda d: d.update(calc=[]),
    lambda d: d.update(attributes=[a for a in d["attributes"] if a["attr_id"] not in ("basic_move", "basic_speed")]),
    lambda d: d["equipment"][0]["weapons"][0].update(calc={"level": "high", "damage": {"x": 1}}),
    lambda d: d["equipment"][0]["weapons"][1].update(usage=7, reach=None, parry=["9"]),
    lambda d: d["equipment"][0].update(weapons={"not": "a list"}),
    lambda d: d["traits"][0]["weapons"].append("a weapon as text"),
])
def test_odd_shapes_in_a_file_never_crash_the_import(change):
    data = load("gcs-creature-giant.gcs")
    change(data)
    try:
        answer = imported(data)
    except RulesInputError as error:
        assert error.field == "file" and error.message.endswith(".")
        return
    assert all(set(line) == {"figure", "theirs", "ours", "agrees", "why"} for line in answer["checks"])
    derive("gurps", answer["fields"])  # what came in is a sheet the site takes


def test_a_bodiless_sheet_without_its_hp_is_refused_by_hp_in_words():
    with pytest.raises(RulesInputError) as caught:
        derive("gurps", {"st": 0})
    assert caught.value.field == "hp"
    assert caught.value.message == ("HP: 0 with ST 0, and a character or creature needs 1 HP at least; give its HP "
                                    "(a creature of ST 0 has its own, as its file says).")
    assert derive("gurps", {"st": 0, "hp": 6})["hp"] == 6
