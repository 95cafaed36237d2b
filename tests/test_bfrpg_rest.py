"""Basic Fantasy healing and rest (issue 33, items 11, 13 and 15), with fixed dice: the bfrpg.rest
calculator and the session's nights (../shared/facts, "Healing and rest": 1 HP a day with a
night's normal sleep, 1 more for full bed rest; sleep needed 6 hours less the Constitution
bonus, so 3 hours at Constitution 18 and 9 at 3; a short night heals nothing and gives −1 to
attack rolls and saving throws, 1 worse for each further short night, until one full night;
starving past two days or a day without water stops natural healing). Also the clock after a
fight (item 13) and the words a person reads for BFRPG loads and GURPS jumps (item 15).

Every expected figure is worked from the rule in the comment beside it."""

from __future__ import annotations

import pytest

import rulescore
from rulescore import RulesInputError, calculate, derive, session
from rulescore.web import respond, respond_sheet
from tests.test_session import dice, no_dice


def character(ident, name, **fields):
    return {"id": ident, "name": name, "system": "bfrpg", "fields": fields}


# Constitution 18 (+3) needs 3 hours, Constitution 3 (−3) 9, Constitution 10 (0) 6.
TOUGH = character("t", "Tova", constitution=18, hp=10, hp_lost=5)
FRAIL = character("f", "Fen", constitution=3, hp=6, hp_lost=4)
ANA = character("ana", "Ana", strength=13, constitution=13, death_ray_save=12, wisdom=13, hp=9, hp_lost=3)

REST = {"do": "day", "activity": "rest"}


def hp(state, who):
    return next(c["hp"] for c in session.view(state)["characters"] if c["id"] == who)


def person(state, who, gm=False):
    return next(c for c in session.view(state, gm=gm)["characters"] if c["id"] == who)


def log(state, gm=False):
    return [entry for entry in session.view(state, gm=gm)["log"]]


# --------------------------------------------------------------------------- the calculator

@pytest.mark.parametrize("constitution, need", [(3, 9), (4, 8), (8, 7), (10, 6), (13, 5), (17, 4), (18, 3)])
def test_sleep_needed_is_6_hours_less_the_constitution_bonus(constitution, need):
    result = calculate("bfrpg.rest", {"constitution": constitution})
    assert result["sleep_needed_hours"] == need
    assert any(f"= {need} hours in every 24" in step for step in result.steps)


@pytest.mark.parametrize("constitution, hours", [(18, 3), (3, 9), (10, 6)])
def test_exactly_enough_sleep_heals_and_one_hour_short_does_not(constitution, hours):
    night = {"constitution": constitution, "days": 1, "hp_lost": 5}
    enough = calculate("bfrpg.rest", {**night, "hours_slept": hours})
    assert (enough["enough_sleep"], enough["hp_per_day"], enough["hp_healed"], enough["penalty"]) == (True, 1, 1, 0)
    short = calculate("bfrpg.rest", {**night, "hours_slept": hours - 1})
    assert (short["enough_sleep"], short["hp_per_day"], short["hp_healed"]) == (False, 0, 0)
    assert (short["penalty"], short["short_nights_after"], short["hp_lost_after"]) == (-1, 1, 5)
    half = calculate("bfrpg.rest", {**night, "hours_slept": hours - 0.5})
    assert half["enough_sleep"] is False  # half an hour short is short


def test_bed_rest_gives_one_more_a_day_and_healing_stops_at_what_was_lost():
    bed = calculate("bfrpg.rest", {"hours_slept": 8, "bed_rest": True, "days": 3, "hp_lost": 10})
    assert (bed["hp_per_day"], bed["hp_healed"], bed["hp_lost_after"]) == (2, 6, 4)  # 2 × 3
    capped = calculate("bfrpg.rest", {"hours_slept": 8, "bed_rest": True, "days": 3, "hp_lost": 5})
    assert (capped["hp_healed"], capped["hp_lost_after"]) == (5, 0)  # 6 would pass the 5 lost
    nothing = calculate("bfrpg.rest", {"hp_lost": 0, "days": 5})
    assert nothing["hp_healed"] == 0 and "nothing to heal" in " ".join(nothing.steps)
    short_in_bed = calculate("bfrpg.rest", {"hours_slept": 2, "bed_rest": True, "days": 2, "hp_lost": 5})
    assert (short_in_bed["hp_healed"], short_in_bed["penalty"]) == (0, -2)  # bed rest needs the night's sleep too


def test_short_nights_in_a_row_add_up_and_one_full_night_ends_them():
    more = calculate("bfrpg.rest", {"hours_slept": 4, "days": 2, "short_nights": 3})
    assert (more["penalty"], more["short_nights_after"]) == (-5, 5)  # 3 before and 2 now: −5
    reset = calculate("bfrpg.rest", {"hours_slept": 6, "days": 1, "short_nights": 4, "hp_lost": 2})
    assert (reset["penalty"], reset["short_nights_after"], reset["hp_healed"]) == (0, 0, 1)
    assert any("ends the −4" in step for step in reset.steps)


def test_the_working_names_the_healing_rule_and_the_sheet_fills_constitution_and_wounds():
    result = calculate("bfrpg.rest", {"constitution": 18, "hours_slept": 2})
    assert "#healing-and-rest" in result.step_rules
    calc = next(c for c in rulescore.catalogue() if c["id"] == "bfrpg.rest")
    filled = {spec["name"]: spec["character"] for spec in calc["inputs"] if spec["character"]}
    assert filled == {"constitution": "constitution", "hp_lost": "hp_lost"}
    assert rulescore.table("bfrpg.sleep_needed")["rows"][0] == ["3", "−3", "9 hours"]


# --------------------------------------------------------------------------- the session's nights

def test_a_day_with_a_full_night_heals_1_hp_and_bed_rest_1_more():
    state = session.new("bfrpg", [TOUGH, FRAIL])  # 5 of 10 and 2 of 6
    travelled = session.apply(state, {"do": "day", "activity": "travel"}, roll=no_dice)
    assert (hp(travelled, "t"), hp(travelled, "f")) == (6, 3)  # travel days heal too
    rested = session.apply(state, REST, roll=no_dice)
    assert (hp(rested, "t"), hp(rested, "f")) == (6, 3)  # "full" is the default, bed rest is not
    in_bed = session.apply(state, {**REST, "sleep": "full", "bed_rest": True}, roll=no_dice)
    assert (hp(in_bed, "t"), hp(in_bed, "f")) == (7, 4)
    lines = [entry for entry in log(in_bed) if entry["rule"] == "bfrpg/dungeon/#healing-and-rest"]
    assert [line["text"] for line in lines] == [
        "Tova sleeps the 3 hours they need and heals 1 HP for the day and 1 for full bed rest: 7 of 10 HP.",
        "Fen sleeps the 9 hours they need and heals 1 HP for the day and 1 for full bed rest: 4 of 6 HP."]


def test_healing_never_passes_the_full_score():
    nearly = character("n", "Nim", hp=8, hp_lost=1)
    state = session.apply(session.new("bfrpg", [nearly]), {**REST, "bed_rest": True}, roll=no_dice)
    assert hp(state, "n") == 8 and "(never above the full score)" in log(state)[-1]["text"]
    again = session.apply(state, REST, roll=no_dice)
    assert hp(again, "n") == 8 and "already at full hit points (8)" in log(again)[-1]["text"]


def test_the_full_score_is_said_only_where_it_held_the_healing_back():
    """Issue 42: "never above the full score" was said whenever the healing reached it, even exactly."""
    nearly = character("n", "Nim", hp=8, hp_lost=1)
    night = session.apply(session.new("bfrpg", [nearly]), REST, roll=no_dice)  # 7 + 1 = 8: reached, not capped
    assert log(night)[-1]["text"] == "Nim sleeps the 6 hours they need and heals 1 HP for the day: 8 of 8 HP."
    hurt = session.new("bfrpg", [character("n", "Nim", hp=8, hp_lost=3)])  # 5 of 8
    exact = session.apply(hurt, {"do": "heal", "who": "n", "hp": 3, "magic": True})
    assert log(exact)[-1]["text"] == "Nim is healed by magic: 8 of 8 HP."
    over = session.apply(hurt, {"do": "heal", "who": "n", "hp": 4, "magic": True})
    assert log(over)[-1]["text"] == "Nim is healed by magic: 8 of 8 HP (never above the full score)."


def test_the_dead_do_not_heal():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "damage", "who": "ana", "hp": 6})  # 6 − 6 = 0
    state = session.apply(state, {**REST, "bed_rest": True}, roll=no_dice)
    assert hp(state, "ana") == 0 and "Ana is dead (0 hit points or less): rest heals nothing." in log(state)[-1]["text"]


def test_starving_past_two_days_or_a_day_without_water_stops_the_nights_healing():
    state = session.new("bfrpg", [ANA])  # 6 of 9
    hungry = {**REST, "without_food": ["ana"]}
    for expected in (7, 8):  # the first two days without food do no harm, and the nights heal
        state = session.apply(state, hungry, roll=no_dice)
        assert hp(state, "ana") == expected
    state = session.apply(state, {**hungry, "bed_rest": True}, roll=no_dice)
    assert hp(state, "ana") == 7  # day 3: 1 HP lost, and the night heals nothing
    assert "hunger or thirst stops natural healing" in log(state)[-1]["text"]
    fed = session.apply(state, REST, roll=no_dice)
    assert hp(fed, "ana") == 8  # fed again: the night heals
    thirsty = session.apply(session.new("bfrpg", [ANA]), {**REST, "without_water": ["ana"]}, roll=dice(2))
    assert hp(thirsty, "ana") == 4  # 6 − 1d4 (2), and no healing that night


def test_short_nights_heal_nothing_and_add_up_until_a_full_night():
    state = session.new("bfrpg", [ANA])  # 6 of 9
    state = session.apply(state, {**REST, "sleep": "short"}, roll=no_dice)
    ana = person(state, "ana")
    assert ana["hp"] == 6
    assert {"text": "short of sleep: −1 to attack rolls and saving throws until a full night's sleep",
            "rule": "bfrpg/dungeon/#healing-and-rest"} in ana["effects"]
    assert "attacks and saves −1 (short sleep)" in ana["figures"]
    assert log(state)[-1]["text"] == ("Ana sleeps less than the 5 hours they need: no healing today; −1 to attack "
                                      "rolls and saving throws until a full night's sleep.")
    state = session.apply(state, {"do": "day", "activity": "travel", "sleep": "short"}, roll=no_dice)
    assert "attacks and saves −2 (short sleep)" in person(state, "ana")["figures"]  # 1 worse
    assert "(2 short nights in a row)" in log(state)[-1]["text"]
    state = session.apply(state, REST, roll=no_dice)
    ana = person(state, "ana")
    assert ana["hp"] == 7 and not any("short of sleep" in e["text"] for e in ana["effects"])
    assert ana["figures"] == ["HP 7 of 9"]
    assert "which ends the −2 of short sleep" in log(state)[-1]["text"]


def test_bad_sleep_and_bed_rest_on_the_move_are_refused_by_field():
    state = session.new("bfrpg", [ANA])
    for action, field in (({**REST, "sleep": "none"}, "sleep"),
                          ({"do": "day", "activity": "travel", "bed_rest": True}, "bed_rest"),
                          ({"do": "day", "activity": "forced_march", "bed_rest": True}, "bed_rest"),
                          ({**REST, "bed_rest": "maybe"}, "bed_rest")):
        with pytest.raises(RulesInputError) as error:
            session.apply(state, action, roll=no_dice)
        assert error.value.field == field
    assert session.apply(state, {"do": "day", "activity": "travel", "bed_rest": False}, roll=no_dice)


def test_a_session_saved_before_counts_no_short_nights():
    state = session.new("bfrpg", [ANA])
    del state["characters"]["ana"]["short_nights"]  # as sessions were kept before issue 33
    shown = person(state, "ana")
    assert shown["figures"] == ["HP 6 of 9"]
    assert hp(session.apply(state, REST, roll=no_dice), "ana") == 7


def test_the_day_forms_offer_sleep_and_the_rest_day_bed_rest():
    forms = {entry["id"]: entry for entry in session.actions("bfrpg")}
    for form_id in ("day_travel", "day_forced_march", "day_rest"):
        sleep = next(field for field in forms[form_id]["fields"] if field["name"] == "sleep")
        assert (sleep["label"], sleep["default"], sleep["choices"]) == ("Sleep that night", "full", ["full", "short"])
    bed = next(field for field in forms["day_rest"]["fields"] if field["name"] == "bed_rest")
    assert (bed["label"], bed["kind"], bed["default"]) == ("Full bed rest", "bool", False)
    assert all(field["name"] != "bed_rest" for field in forms["day_travel"]["fields"])


# --------------------------------------------------------------------------- the penalty on rolls

def test_short_sleep_counts_against_the_forced_march_save():
    march = {"do": "day", "activity": "forced_march"}
    state = session.apply(session.new("bfrpg", [ANA]), {**march, "sleep": "short"}, roll=no_dice)  # first day free
    saved = session.apply(state, {**march, "sleep": "short"}, roll=dice(12))  # 12 + 1 − 1 = 12: saved
    assert "rolled 12 +1 (Constitution) −1 (short sleep) against 12: saved" in log(saved)[-2]["text"]
    failed = session.apply(state, march, roll=dice(11, 3))  # 11 + 1 − 1 = 11 < 12: failed, 1d6 = 3
    assert "rolled 11 +1 (Constitution) −1 (short sleep) against 12: failed" in log(failed)[-2]["text"]
    assert hp(failed, "ana") == 4  # 6 − 3 + 1 for the full night that ends the day


def test_short_sleep_counts_against_the_save_not_to_become_lost():
    state = session.apply(session.new("bfrpg", [ANA]), {**REST, "sleep": "short"}, roll=no_dice)
    lost = session.apply(state, {"do": "lost", "leader": "ana"}, roll=dice(11))  # 11 + 1 − 1 = 11 < 12
    assert "failed: the party is lost" in log(lost, gm=True)[-1]["text"]


def fight(state, faces=(4, 2)):
    """Ana against an orc that never breaks (morale 12), nobody surprised: initiative Ana 4, orc 2."""
    return session.apply(state, {"do": "fight", "surprise": "none", "foes": [
        {"name": "Orc", "hp": 5, "ac": 12, "morale": 12}]}, roll=dice(*faces))


def test_a_character_short_of_sleep_attacks_with_the_penalty_and_the_fight_shows_it():
    rested = fight(session.new("bfrpg", [ANA]))
    hit = session.apply(rested, {"do": "attack", "who": "ana", "target": "f1"}, roll=dice(10))
    assert "1d20 10 + 2 = 12 against AC 12: a hit" in log(hit, gm=True)[-1]["text"]  # +1 attack, +1 Strength 13
    tired = fight(session.apply(session.new("bfrpg", [ANA]), {**REST, "sleep": "short"}, roll=no_dice))
    missed = session.apply(tired, {"do": "attack", "who": "ana", "target": "f1"}, roll=dice(10))
    assert "1d20 10 + 1 (short sleep −1 included) = 11 against AC 12: a miss." in log(missed, gm=True)[-1]["text"]
    shown = session.view(tired, gm=True)["fight"]["combatants"][0]
    assert {"name": "Short of sleep", "text": "−1 to attack rolls and saving throws",
            "ends": "after a full night's sleep", "rule": "bfrpg/dungeon/#healing-and-rest"} in shown["effects"]
    assert shown["calculators"][0]["inputs"]["other_modifier"] == -1


# --------------------------------------------------------------------------- the clock after a fight (item 13)

def test_after_a_fight_of_3_rounds_the_clock_reads_whole_turns():
    state = fight(session.apply(session.new("bfrpg", [ANA]), {"do": "advance", "turns": 150}))
    for _ in range(2):  # Ana's turn, the orc's turn: a new round and its initiative
        state = session.apply(state, {"do": "next_turn"}, roll=dice(4, 2))
        state = session.apply(state, {"do": "next_turn"}, roll=dice(4, 2))
    shown = session.view(state)
    assert (shown["fight"]["round"], shown["turn"], shown["round"]) == (3, 150, 2)
    assert shown["clock"] == "Turn 150, round 2, day 2, 1500 minutes in"  # two rounds have passed
    ended = session.apply(state, {"do": "end_fight"}, roll=no_dice)
    shown = session.view(ended)
    assert (shown["turn"], shown["round"]) == (151, 0)  # the third round, then the turn's other 57
    assert shown["clock"] == "Turn 151, day 2, 1510 minutes in" and "round" not in shown["clock"]
    assert "The rest of the turn passes (57 rounds)" in log(ended)[-1]["text"]
    assert log(ended)[-1]["rule"] == "bfrpg/dungeon/#time-and-scale"


def test_a_fight_ending_on_a_whole_turn_adds_nothing_and_rounds_passed_by_hand_still_show():
    state = session.apply(session.new("bfrpg", [ANA]), {"do": "advance", "rounds": 59})
    state = session.apply(fight(state), {"do": "end_fight"}, roll=no_dice)  # its one round makes the turn whole
    assert (session.view(state)["turn"], session.view(state)["round"]) == (1, 0)
    assert session.view(state)["clock"] == "Turn 1, day 1, 10 minutes in"  # no "round 0"
    assert not any("rest of the turn" in entry["text"] for entry in log(state))
    by_hand = session.apply(session.new("bfrpg", [ANA]), {"do": "advance", "rounds": 6})
    assert session.view(by_hand)["clock"] == "Turn 0, round 6, day 1, 1 minute in"


# --------------------------------------------------------------------------- words a person reads (item 15)

@pytest.mark.parametrize("load_lb, value, text", [(40, "light", "Light"), (100, "heavy", "Heavy"),
                                                  (200, "over", "Over the limit")])
def test_bfrpg_load_levels_read_with_a_capital_and_keep_their_ids(load_lb, value, text):
    result = calculate("bfrpg.encumbrance", {"load_lb": load_lb})  # a human of Strength 10: 60 / 150 lb
    assert result["load"] == value
    answer = respond("bfrpg.encumbrance", {"load_lb": load_lb})
    assert answer["outputs"]["load"] == {"value": value, "text": text}
    sheet = respond_sheet("bfrpg", {"load_lb": load_lb})
    assert sheet["outputs"]["load"] == {"value": value, "text": text}
    assert derive("bfrpg", {"load_lb": load_lb})["load"] == value


def test_bfrpg_tables_name_the_load_levels_with_a_capital():
    assert "Human, Elf, Dwarf: Light" in rulescore.table("bfrpg.carrying_capacity")["columns"]
    assert "Load lb, Light / Heavy" in rulescore.table("bfrpg.quick_strength")["columns"]
    working = " ".join(calculate("bfrpg.encumbrance", {"load_lb": 100}).steps)
    assert 'column "Heavy load"' in working


def test_gurps_high_jumps_read_in_feet_and_inches():
    result = calculate("gurps.jump", {"basic_move": 7})  # 6 × 7 − 10 = 32 inches
    assert result["high_jump_in"] == 32  # the number stays in inches
    answer = respond("gurps.jump", {"basic_move": 7})
    assert answer["outputs"]["high_jump_in"]["text"] == "2 ft 8 in"
    assert answer["outputs"]["max_high_jump_in"]["text"] == "5 ft 4 in"
    assert answer["outputs"]["broad_jump_ft"]["text"] == "11"
    assert "= 32 in = 2 ft 8 in." in result.steps[0]
    running = calculate("gurps.jump", {"basic_move": 6, "running_yards": 4})
    assert running.steps[2].endswith("(4 ft 4 in): 4 ft 2 in.")
    short = respond("gurps.jump", {"basic_move": 3})  # 8 inches: under a foot
    assert short["outputs"]["high_jump_in"]["text"] == "8 in"
    calc = next(c for c in rulescore.catalogue() if c["id"] == "gurps.jump")
    high = next(spec for spec in calc["outputs"] if spec["name"] == "high_jump_in")
    assert (high["unit"], high["format"]) == ("in", "feet_inches")
    table = rulescore.table("gurps.jump_distances")
    assert table["columns"][1:3] == ["Standing high jump", "Best running high jump"]
    assert table["rows"][6][:3] == [7, "2 ft 8 in", "5 ft 4 in"] and table["rows"][0][1] == "0 in"
