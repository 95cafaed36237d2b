"""rulescore.session: the session clock's contract and each rule it keeps, with fixed dice.

Every expected figure below is worked from the rule in the comment beside it, not copied from
the code's output.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulescore import RulesInputError, session


def dice(*faces):
    """A roll function that hands out ``faces`` in order, as many as each roll asks for."""
    queue = list(faces)

    def roll(count, sides):
        taken = queue[:count]
        del queue[:count]
        assert len(taken) == count, f"the test gave too few dice for {count}d{sides}"
        assert all(1 <= face <= sides for face in taken), f"the test gave a face outside 1d{sides}"
        return taken

    return roll


def no_dice(count, sides):
    raise AssertionError(f"no roll expected, but {count}d{sides} was asked for")


def character(ident, name, system, **fields):
    return {"id": ident, "name": name, "system": system, "fields": fields}


ANA = character("ana", "Ana", "bfrpg", race="elf", strength=16, intelligence=15, wisdom=13, constitution=13,
                hp=9, death_ray_save=12)
BRUNO = character("bruno", "Bruno", "bfrpg", race="dwarf", strength=8, armor="metal", load_lb=100, hp=11)


def bfrpg(*party):
    return session.new("bfrpg", list(party))


def lights(state, gm=False):
    return session.view(state, gm=gm)["lights"]


def log_text(state, gm=False):
    return " ".join(entry["text"] for entry in session.view(state, gm=gm)["log"])


# --------------------------------------------------------------------------- time

def test_a_new_session_starts_at_turn_0_with_no_lights():
    shown = session.view(bfrpg(ANA))
    assert (shown["turn"], shown["round"], shown["lights"]) == (0, 0, [])
    assert shown["characters"][0]["hp"] == 9


def test_turns_and_rounds_60_rounds_a_turn():
    state = session.apply(bfrpg(), {"do": "advance", "turns": 2})
    assert (session.view(state)["turn"], session.view(state)["round"]) == (2, 0)
    state = session.apply(state, {"do": "advance", "rounds": 90})  # 60 rounds make a turn: 1 turn and 30 rounds
    assert (session.view(state)["turn"], session.view(state)["round"]) == (3, 30)
    state = session.apply(state, {"do": "advance", "rounds": 30})
    assert (session.view(state)["turn"], session.view(state)["round"]) == (4, 0)
    assert session.view(state)["minutes"] == 40  # a turn is about 10 minutes
    assert session.view(state)["log"][0]["rule"] == "bfrpg/dungeon/#time-and-scale"


# --------------------------------------------------------------------------- light

def test_torch_rolling_3_lasts_7_turns_and_the_players_only_see_it_go_out():
    state = session.apply(bfrpg(ANA), {"do": "light", "source": "torch", "by": "ana"}, roll=dice(3))  # 1d4+4 = 7
    assert lights(state, gm=True)[0]["turns_left"] == 7
    assert "turns_left" not in lights(state)[0]
    assert "7" not in log_text(state) and "rolled 3 + 4 = 7" in log_text(state, gm=True)
    at6 = session.apply(state, {"do": "advance", "turns": 6})
    assert lights(at6)[0]["burning"] is True
    assert lights(at6, gm=True)[0]["turns_left"] == 1
    at7 = session.apply(at6, {"do": "advance", "turns": 1})
    assert lights(at7)[0] == {"id": 1, "source": "torch", "by": "ana", "burning": False, "state": "went out"}
    assert lights(at7, gm=True)[0]["turns_left"] == 0
    assert "went out" in log_text(at7)
    assert "7 turns are up" in log_text(at7, gm=True) and "7 turns are up" not in log_text(at7)


def test_a_torch_burns_low_once_it_could_go_out_within_a_turn():
    # A torch burns at least 1 + 4 = 5 turns; from 4 turns burnt it may go out within the turn,
    # whatever it rolled. A roll of 4 (8 turns) shows "burning low" at 4 turns, still burning at 7.
    state = session.apply(bfrpg(), {"do": "light", "source": "torch"}, roll=dice(4))
    states = [lights(session.apply(state, {"do": "advance", "turns": t}))[0]["state"] for t in (3, 4, 7, 8)]
    assert states == ["burning", "burning low", "burning low", "went out"]


@pytest.mark.parametrize("face, turns", [(1, 19), (6, 24)])  # 1d6+18
def test_a_lantern_flask_burns_1d6_plus_18_turns(face, turns):
    state = session.apply(bfrpg(), {"do": "light", "source": "lantern"}, roll=dice(face))
    assert lights(state, gm=True)[0]["turns_left"] == turns
    assert lights(session.apply(state, {"do": "advance", "turns": turns - 1}))[0]["burning"] is True
    assert lights(session.apply(state, {"do": "advance", "turns": turns}))[0]["burning"] is False


def test_a_candle_burns_3_turns_per_inch_without_a_roll():
    state = session.apply(bfrpg(), {"do": "light", "source": "candle", "height_in": 2}, roll=no_dice)
    assert lights(state, gm=True)[0]["turns_left"] == 6  # 3 turns per inch x 2 in
    assert lights(session.apply(state, {"do": "advance", "turns": 5}))[0]["state"] == "burning low"
    assert lights(session.apply(state, {"do": "advance", "turns": 6}))[0]["state"] == "went out"
    half = session.apply(bfrpg(), {"do": "light", "source": "candle", "height_in": "0.5"})
    assert lights(half, gm=True)[0]["rounds_left"] == 90  # 1.5 turns


def test_advancing_time_puts_out_every_light_whose_time_is_up():
    state = session.apply(bfrpg(), {"do": "light", "source": "torch"}, roll=dice(1))  # 5 turns
    state = session.apply(state, {"do": "light", "source": "lantern"}, roll=dice(1))  # 19 turns
    later = session.apply(state, {"do": "advance", "turns": 10})
    assert [light["burning"] for light in lights(later)] == [False, True]


# --------------------------------------------------------------------------- bad actions

BAD_BFRPG = [
    ({"do": "dance"}, "do"),
    ({"go": "advance"}, "do"),
    ({"do": "advance", "turns": -1}, "turns"),
    ({"do": "advance", "rounds": -5}, "rounds"),
    ({"do": "advance", "turns": 1.5}, "turns"),
    ({"do": "advance"}, "turns"),
    ({"do": "advance", "turns": 1, "rounds": 1}, "turns"),
    ({"do": "advance", "turns": 1, "minutes": 1}, "minutes"),
    ({"do": "light", "source": "candle"}, "height_in"),
    ({"do": "light", "source": "candle", "height_in": 0}, "height_in"),
    ({"do": "light", "source": "torch", "height_in": 2}, "height_in"),
    ({"do": "light", "source": "glowworm"}, "source"),
    ({"do": "light"}, "source"),
    ({"do": "light", "source": "torch", "by": "zed"}, "by"),
    ({"do": "listen", "by": "zed"}, "by"),
    ({"do": "search", "for": "traps", "by": "ana", "wall_ft": 10}, "wall_ft"),
    ({"do": "search", "for": "gold", "by": "ana"}, "for"),
    ({"do": "search", "for": "secret_doors", "by": "ana", "wall_ft": 15}, "wall_ft"),
    ({"do": "force", "door": "window", "by": "ana"}, "door"),
    ({"do": "damage", "who": "ana", "hp": -3}, "hp"),
    ({"do": "day", "activity": "travel", "without_food": ["zed"]}, "without_food"),
    ({"do": "day", "activity": "sleepwalk"}, "activity"),
    ({"do": "day", "activity": "rest", "terrain": "forest"}, "terrain"),
    ({"do": "lost"}, "leader"),
    ("advance", "action"),
    ({"do": "advance", "turns": float("nan")}, "action"),
]


@pytest.mark.parametrize("action, field", BAD_BFRPG, ids=[str(a) for a, _ in BAD_BFRPG])
def test_a_bad_action_is_refused_by_field_and_changes_nothing(action, field):
    state = session.apply(bfrpg(ANA), {"do": "light", "source": "torch"}, roll=dice(2))
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, action, roll=dice(1, 1, 1))
    assert error.value.field == field
    assert str(error.value)
    assert state == before


@pytest.mark.parametrize("faces", [[5], [0], [1, 2], ["3"], [True], "3", None, [2.0]])
def test_dice_that_do_not_fit_the_roll_are_refused(faces):
    state = bfrpg()
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "light", "source": "torch"}, roll=lambda count, sides: faces)
    assert error.value.field == "roll" and "1d4" in str(error.value)
    assert state == bfrpg()


def test_a_party_member_of_another_system_or_with_bad_fields_is_refused():
    with pytest.raises(RulesInputError) as error:
        session.new("bfrpg", [character("k", "Kara", "gurps")])
    assert error.value.field == "system"
    with pytest.raises(RulesInputError) as error:
        session.new("bfrpg", [character("a", "Ana", "bfrpg", strength=40)])
    assert error.value.field == "strength" and "Ana" in str(error.value)
    with pytest.raises(RulesInputError) as error:
        session.new("bfrpg", [ANA, ANA])
    assert error.value.field == "id"
    with pytest.raises(RulesInputError) as error:
        session.new("chess", [])
    assert error.value.field == "system"


def test_undo_and_redo_with_nothing_to_undo_or_redo_are_refused():
    with pytest.raises(RulesInputError):
        session.undo(bfrpg())
    with pytest.raises(RulesInputError):
        session.redo(bfrpg())


# --------------------------------------------------------------------------- searching, listening, doors

def test_secret_doors_elf_with_intelligence_15_finds_on_1_to_3_one_turn_per_10_feet():
    search = {"do": "search", "for": "secret_doors", "by": "ana", "wall_ft": 20, "area": "hall"}
    found = session.apply(bfrpg(ANA), search, roll=dice(3))  # 1 + 1 (Int 15) + 1 (Elf) = 1-3
    assert "finds any secret door" in log_text(found, gm=True)
    assert "Rolled" not in log_text(found)  # the GM rolls; the players see the time only
    assert session.view(found)["turn"] == 2  # 20' of wall, a turn per 10'
    missed = session.apply(bfrpg(ANA), search, roll=dice(4))
    assert "finds nothing" in log_text(missed, gm=True)


def test_secret_doors_the_third_searcher_takes_two_turns_and_later_ones_an_hour():
    state = bfrpg(ANA, BRUNO)
    turns = []
    for by in ("ana", "bruno", "ana", "bruno"):
        before = session.view(state)["turn"]
        state = session.apply(state, {"do": "search", "for": "secret_doors", "by": by, "area": "crypt"},
                              roll=dice(6))
        turns.append(session.view(state)["turn"] - before)
    assert turns == [1, 1, 2, 6]  # an hour is six 10-minute turns


def test_traps_dwarf_finds_on_1_to_2_and_one_search_per_character_and_place():
    state = session.apply(bfrpg(ANA, BRUNO), {"do": "search", "for": "traps", "by": "bruno", "squares": 3,
                                              "area": "stairs"}, roll=dice(2))
    assert "Rolled 2 on 1d6 against 1–2" in log_text(state, gm=True) and "finds any trap" in log_text(state, gm=True)
    assert session.view(state)["turn"] == 3  # at least a turn per 10' square
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "search", "for": "traps", "by": "bruno", "area": "stairs"}, roll=dice(1))
    assert error.value.field == "by"
    elf = session.apply(state, {"do": "search", "for": "traps", "by": "ana", "area": "stairs"}, roll=dice(2))
    assert "finds nothing" in log_text(elf, gm=True).split("Ana searches")[1]  # anyone else: 1 on 1d6


def test_listening_is_1_on_1d6_rolled_by_the_gm_and_takes_no_time():
    heard = session.apply(bfrpg(BRUNO), {"do": "listen", "by": "bruno"}, roll=dice(1))
    assert "hears whatever there is" in log_text(heard, gm=True)
    assert "rolled" not in log_text(heard)
    assert session.view(heard)["turn"] == 0
    silent = session.apply(bfrpg(BRUNO), {"do": "listen", "by": "bruno"}, roll=dice(2))
    assert "hears nothing" in log_text(silent, gm=True)


@pytest.mark.parametrize("door, face, opens", [("stuck", 3, True), ("stuck", 4, False), ("locked", 3, True),
                                               ("locked", 4, False), ("bend_bars", 3, True)])
def test_forcing_doors_strength_16_gives_1_to_3(door, face, opens):
    state = session.apply(bfrpg(ANA), {"do": "force", "door": door, "by": "ana"}, roll=dice(face))  # 1 + 2
    assert ("gives way" in log_text(state)) is opens


def test_forcing_a_door_with_a_strength_penalty_rolls_nothing():
    state = session.apply(bfrpg(BRUNO), {"do": "force", "door": "stuck", "by": "bruno"}, roll=no_dice)  # Str 8: 0
    assert "cannot force it alone" in log_text(state)


# --------------------------------------------------------------------------- wilderness days

def test_travel_goes_at_the_slowest_members_pace_by_terrain():
    state = session.apply(bfrpg(ANA, BRUNO), {"do": "day", "activity": "travel", "terrain": "forest"})
    # Bruno, a dwarf in metal armour with 100 lb, moves 10' a round; 0.6 x 10 x 2/3 (forest) = 4 miles
    assert "Bruno's pace (10' a round" in log_text(state) and ": 4 miles" in log_text(state)
    assert session.view(state)["day"] == 2
    fast = session.apply(bfrpg(ANA), {"do": "day", "activity": "forced_march", "terrain": "road"}, roll=no_dice)
    assert ": 48 miles" in log_text(fast)  # 0.6 x 40 x 4/3 x 1.5


def test_forced_march_first_day_free_then_save_then_1d6_every_day_until_rest():
    state = bfrpg(ANA)  # save vs. Death Ray 12, Constitution 13: +1
    march = {"do": "day", "activity": "forced_march"}
    state = session.apply(state, march, roll=no_dice)
    state = session.apply(state, march, roll=dice(11))  # 11 + 1 = 12: saved
    assert session.view(state)["characters"][0]["hp"] == 9
    state = session.apply(state, march, roll=dice(10, 4))  # 10 + 1 = 11 < 12: failed, 1d6 = 4
    assert session.view(state)["characters"][0]["hp"] == 6  # 9 − 4, and 1 back for the night's sleep
    state = session.apply(state, march, roll=dice(2))  # no save any more: 1d6 = 2 straight away
    assert session.view(state)["characters"][0]["hp"] == 5  # 6 − 2 + 1
    state = session.apply(state, {"do": "day", "activity": "rest"}, roll=no_dice)  # + 1: 6
    state = session.apply(state, march, roll=no_dice)  # the count restarts: a first day again
    assert session.view(state)["characters"][0]["hp"] == 7  # no damage, and the night's 1 HP


def test_natural_20_saves_and_natural_1_fails_whatever_the_target():
    weak = character("w", "Wen", "bfrpg", constitution=3, death_ray_save=20, hp=20)
    march = {"do": "day", "activity": "forced_march"}
    state = session.apply(bfrpg(weak), march)
    assert session.view(session.apply(state, march, roll=dice(20)))["characters"][0]["hp"] == 20
    strong = character("s", "Sol", "bfrpg", constitution=18, death_ray_save=1, hp=20)
    state = session.apply(bfrpg(strong), march)
    assert session.view(session.apply(state, march, roll=dice(1, 6)))["characters"][0]["hp"] == 15  # 20 − 6 + 1


def test_hunger_costs_1_hp_a_day_after_two_days_and_stops_natural_healing():
    state = bfrpg(ANA)
    hungry = {"do": "day", "activity": "rest", "without_food": ["ana"]}
    for _ in range(2):
        state = session.apply(state, hungry, roll=no_dice)
    assert session.view(state)["characters"][0]["hp"] == 9
    assert session.view(state)["characters"][0]["natural_healing"] is True
    state = session.apply(state, hungry, roll=no_dice)
    ana = session.view(state)["characters"][0]
    assert (ana["hp"], ana["natural_healing"]) == (8, False)
    with pytest.raises(RulesInputError) as error:
        session.apply(state, {"do": "heal", "who": "ana", "hp": 1})
    assert error.value.field == "magic"
    healed = session.apply(state, {"do": "heal", "who": "ana", "hp": 5, "magic": True})
    assert session.view(healed)["characters"][0]["hp"] == 9  # never above the full score
    fed = session.apply(state, {"do": "day", "activity": "rest"})
    assert session.view(fed)["characters"][0]["natural_healing"] is True


def test_thirst_costs_1d4_from_the_first_day():
    state = session.apply(bfrpg(ANA), {"do": "day", "activity": "rest", "without_water": ["ana"]}, roll=dice(3))
    ana = session.view(state)["characters"][0]
    assert (ana["hp"], ana["natural_healing"]) == (6, False)


def test_becoming_lost_is_a_secret_save_with_the_leaders_wisdom_bonus():
    kept = session.apply(bfrpg(ANA), {"do": "lost", "leader": "ana"}, roll=dice(11))  # 11 + 1 (Wis 13) = 12
    assert "keeps its way" in log_text(kept, gm=True) and "11" not in log_text(kept)
    astray = session.apply(bfrpg(ANA), {"do": "lost", "leader": "ana"}, roll=dice(10))
    assert "the party is lost" in log_text(astray, gm=True)


# --------------------------------------------------------------------------- GURPS

KARA = character("kara", "Kara", "gurps", st=12, dx=13, ht=11)  # HP 12, FP 11, Move 6, Dodge 9


def gurps(*party):
    return session.new("gurps", list(party) or [KARA])


def hit(state, damage, roll=no_dice, **more):
    return session.apply(state, {"do": "damage", "who": "kara", "damage": damage, "type": "crushing", **more},
                         roll=roll)


def kara(state):
    return session.view(state)["characters"][0]


def test_gurps_reeling_is_strictly_under_a_third_of_hp():
    state = hit(gurps(), 8, roll=dice(3, 3, 4))  # 12 - 8 = 4: 4 x 3 = 12 is not under 12 (major wound: HT 10 made)
    assert (kara(state)["hp"], kara(state)["move"], kara(state)["dodge"]) == (4, 6, 9)
    state = hit(state, 1)  # 3: 9 < 12, reeling: Move 6 / 2 = 3, Dodge 9 / 2 = 4.5 -> 5 (round up)
    assert (kara(state)["hp"], kara(state)["move"], kara(state)["dodge"]) == (3, 3, 5)
    assert kara(state)["condition"] == "reeling: half Move and Dodge"


def test_gurps_shock_lasts_one_turn_and_never_passes_minus_4():
    state = hit(gurps(), 3)
    assert kara(state)["shock"] == -3  # -1 per HP lost under 20 HP
    assert kara(session.apply(state, {"do": "advance", "turns": 1}))["shock"] == 0
    assert kara(hit(state, 3))["shock"] == -4


def test_gurps_at_0_hp_a_ht_roll_each_turn_to_stay_conscious():
    state = hit(gurps(), 12, roll=dice(3, 3, 4))  # 0 HP; a major wound (12 > 6): HT 11 rolled 10, no effect
    assert kara(state)["hp"] == 0 and kara(state)["conscious"] is True
    assert any("stay conscious" in due for due in session.view(state)["due"])
    stays = session.apply(state, {"do": "advance", "turns": 2}, roll=dice(3, 3, 5, 4, 4, 3))  # 11, 11 vs HT 11
    assert kara(stays)["conscious"] is True
    falls = session.apply(state, {"do": "advance", "turns": 2}, roll=dice(3, 3, 5, 4, 4, 4))  # 11, then 12: fails
    assert kara(falls)["conscious"] is False
    assert session.view(falls)["turn"] == 2


def test_gurps_minus_hp_calls_for_a_ht_roll_to_survive():
    # 25 crushing: 12 - 25 = -13, past -1 x HP = -12: one death check, then the major wound roll
    lives = hit(gurps(), 25, roll=dice(3, 3, 4, 3, 3, 4))
    assert (kara(lives)["hp"], kara(lives)["dead"]) == (-13, False)
    dies = hit(gurps(), 25, roll=dice(6, 6, 6))
    assert kara(dies)["dead"] is True and kara(dies)["condition"] == "dead"
    # 37: -25, past -12 and -24: two death checks
    two = hit(gurps(), 37, roll=dice(1, 1, 1, 1, 1, 1, 1, 1, 1))
    assert sum("to survive" in entry["text"] for entry in session.view(two)["log"]) == 2


def test_gurps_minus_5_times_hp_is_death_without_a_roll():
    state = hit(gurps(), 72, roll=no_dice)  # 12 - 72 = -60 = -5 x 12
    assert kara(state)["dead"] is True
    with pytest.raises(RulesInputError):
        hit(state, 1)
    just_above = hit(gurps(), 71, roll=dice(*[1] * 15))  # -59: four death checks, survived, then the major wound
    assert kara(just_above)["dead"] is False


@pytest.mark.parametrize("faces, stunned, conscious", [((3, 3, 4), False, True), ((4, 4, 5), True, True),
                                                       ((6, 6, 4), False, False)])
def test_gurps_major_wound_to_the_torso(faces, stunned, conscious):
    # 7 HP on 12 HP is over half: HT 11; 10 succeeds, 13 fails by 2 (stunned), 16 fails by 5 (out)
    state = hit(gurps(), 7, roll=dice(*faces))
    assert (kara(state)["stunned"], kara(state)["conscious"]) == (stunned, conscious)


def test_gurps_fatigue_very_tired_strictly_under_a_third_and_hp_past_zero():
    state = session.apply(gurps(), {"do": "fatigue", "who": "kara", "fp": 7, "cause": "running"})
    assert (kara(state)["fp"], kara(state)["move"]) == (4, 6)  # 4 x 3 = 12 is not under 11
    state = session.apply(state, {"do": "fatigue", "who": "kara", "fp": 1})
    assert (kara(state)["fp"], kara(state)["move"], kara(state)["st"]) == (3, 3, 6)  # 9 < 11: halved
    state = session.apply(state, {"do": "fatigue", "who": "kara", "fp": 5})  # 3 - 5 = -2: 2 FP at 0 or less
    assert (kara(state)["fp"], kara(state)["hp"]) == (-2, 10)
    rested = session.apply(state, {"do": "rest", "minutes": 30})  # 1 FP per 10 minutes
    assert kara(rested)["fp"] == 1


def test_gurps_a_day_of_rest_heals_1_hp_on_a_ht_roll():
    state = hit(gurps(), 4)  # 4 is not over half of 12: no major wound roll
    healed = session.apply(state, {"do": "day"}, roll=dice(3, 4, 4))  # 11 vs HT 11
    assert kara(healed)["hp"] == 9
    not_healed = session.apply(state, {"do": "day"}, roll=dice(4, 4, 4))
    assert kara(not_healed)["hp"] == 8


def test_gurps_refuses_rounds():
    with pytest.raises(RulesInputError) as error:
        session.apply(gurps(), {"do": "advance", "rounds": 3})
    assert error.value.field == "rounds"


# --------------------------------------------------------------------------- SHELL

ORLA = character("orla", "Orla", "shell")  # HP 10, END 10, EL 0


def test_shell_an_arm_cripples_at_40_percent_and_only_that_counts():
    state = session.apply(session.new("shell", [ORLA]), {"do": "damage", "who": "orla", "damage": 6,
                                                         "location": "arm", "side": "left"})
    orla = session.view(state)["characters"][0]
    assert (orla["lethal"], orla["locations"], orla["stunned"]) == (4, {"left arm": 6}, True)


def test_shell_non_lethal_crushing_to_the_torso_and_unconscious_at_base_hp():
    state = session.apply(session.new("shell", [ORLA]), {"do": "damage", "who": "orla", "damage": 10,
                                                         "type": "crushing", "non_lethal": True})
    orla = session.view(state)["characters"][0]
    assert (orla["stun"], orla["lethal"], orla["unconscious"], orla["end"]) == (10, 0, True, 0)


def test_shell_combat_fatigue_1_end_every_25_rounds_at_el_0_and_rest():
    state = session.apply(session.new("shell", [ORLA]), {"do": "advance", "rounds": 30})
    state = session.apply(state, {"do": "advance", "rounds": 20})  # 50 rounds in all: 2 END
    assert session.view(state)["characters"][0]["end"] == 8
    state = session.apply(state, {"do": "spend_end", "who": "orla", "end": 5})
    orla = session.view(state)["characters"][0]
    assert orla["end"] == 3 and "ST and AG −1" in orla["effects"][0]["text"]  # 3 <= 10 / 3
    rested = session.apply(state, {"do": "rest", "hours": 2})  # 20% of 10 = 2 an hour
    assert session.view(rested)["characters"][0]["end"] == 7


# --------------------------------------------------------------------------- undo, redo, JSON

def test_undo_and_redo_replay_the_same_dice():
    state = session.apply(bfrpg(ANA), {"do": "light", "source": "torch"}, roll=dice(1))
    state = session.apply(state, {"do": "advance", "turns": 3})
    back = session.undo(state)
    assert session.view(back)["turn"] == 0 and session.view(back)["can_redo"] is True
    again = session.redo(back)
    assert again == state
    assert session.view(session.apply(back, {"do": "advance", "turns": 1}))["can_redo"] is False


PARTIES = {"bfrpg": [ANA, BRUNO], "gurps": [KARA, character("lee", "Lee", "gurps", ht=9)], "shell": [ORLA]}
WHO = {system: st.sampled_from([member["id"] for member in party]) for system, party in PARTIES.items()}
ACTIONS = {
    "bfrpg": st.one_of(
        st.builds(lambda n: {"do": "advance", "turns": n}, st.integers(1, 30)),
        st.builds(lambda n: {"do": "advance", "rounds": n}, st.integers(1, 200)),
        st.sampled_from([{"do": "light", "source": "torch"}, {"do": "light", "source": "lantern"},
                         {"do": "light", "source": "candle", "height_in": 1.5}]),
        st.builds(lambda who, what, area: {"do": "search", "for": what, "by": who, "area": area},
                  WHO["bfrpg"], st.sampled_from(["secret_doors"]), st.sampled_from(["a", "b"])),
        st.builds(lambda who: {"do": "listen", "by": who}, WHO["bfrpg"]),
        st.builds(lambda who, door: {"do": "force", "door": door, "by": who}, WHO["bfrpg"],
                  st.sampled_from(["stuck", "locked", "bend_bars"])),
        st.builds(lambda who, n: {"do": "damage", "who": who, "hp": n}, WHO["bfrpg"], st.integers(0, 5)),
        st.builds(lambda activity, food: {"do": "day", "activity": activity, "without_food": food,
                                          "without_water": food[:1]},
                  st.sampled_from(["travel", "forced_march", "rest"]),
                  st.lists(WHO["bfrpg"], max_size=2)),
        st.builds(lambda who: {"do": "lost", "leader": who}, WHO["bfrpg"]),
    ),
    "gurps": st.one_of(
        st.builds(lambda n: {"do": "advance", "turns": n}, st.integers(1, 5)),
        st.builds(lambda who, n, kind: {"do": "damage", "who": who, "damage": n, "type": kind},
                  WHO["gurps"], st.integers(0, 20), st.sampled_from(["crushing", "cutting", "impaling"])),
        st.builds(lambda who, n: {"do": "fatigue", "who": who, "fp": n}, WHO["gurps"], st.integers(1, 8)),
        st.builds(lambda n: {"do": "rest", "minutes": 10 * n}, st.integers(1, 12)),
        st.just({"do": "day"}),
    ),
    "shell": st.one_of(
        st.builds(lambda n: {"do": "advance", "rounds": n}, st.integers(1, 60)),
        st.builds(lambda n, where: {"do": "damage", "who": "orla", "damage": n, "location": where},
                  st.integers(0, 8), st.sampled_from(["torso", "arm", "hand", "head", "eye"])),
        st.builds(lambda n: {"do": "spend_end", "who": "orla", "end": n}, st.integers(1, 4)),
        st.builds(lambda n: {"do": "rest", "hours": n}, st.integers(1, 3)),
    ),
}


@st.composite
def sessions(draw):
    system = draw(st.sampled_from(sorted(PARTIES)))
    actions = draw(st.lists(ACTIONS[system], max_size=12))
    rng = draw(st.randoms(use_true_random=False))
    return system, actions, lambda count, sides: [rng.randint(1, sides) for _ in range(count)]


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_any_valid_actions_undone_return_the_start_and_every_state_round_trips_through_json(drawn):
    system, actions, roll = drawn
    start = session.new(system, PARTIES[system])
    state = start
    for action in actions:
        before = copy.deepcopy(state)
        try:
            after = session.apply(state, action, roll=roll)
        except RulesInputError as error:  # a dead character can no longer be hurt, and the like
            assert state == before and error.field in ("who", "by", "magic")
            continue
        assert state == before  # never changed in place
        state = after
        assert json.loads(json.dumps(state)) == state
        assert json.loads(json.dumps(session.view(state, gm=True))) == session.view(state, gm=True)
        shown = session.view(state)
        assert all(set(light) <= {"id", "source", "by", "burning", "state"} for light in shown["lights"])
    final = state
    while state["done"]:
        state = session.undo(state)
        assert json.loads(json.dumps(state)) == state
    assert {**state, "undone": []} == start
    while state["undone"]:
        state = session.redo(state)
    assert state == final


def _anchors(page):
    """The heading ids of a docs page, slugged as the site's table of contents does."""
    import re
    import unicodedata
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / (page.rstrip("/") + ".md")).read_text(encoding="utf-8")
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        explicit = re.search(r"\{#([\w-]+)\}", heading)
        if explicit:
            found.add(explicit.group(1))
            continue
        plain = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
        found.add(re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", plain).strip().lower()))
    return found


def test_every_rule_a_log_entry_names_is_a_heading_of_the_site():
    runs = [
        ("bfrpg", [ANA, BRUNO], [{"do": "light", "source": "torch"}, {"do": "advance", "turns": 9},
                                 {"do": "search", "for": "secret_doors", "by": "ana"},
                                 {"do": "search", "for": "secret_doors", "by": "bruno"},
                                 {"do": "search", "for": "secret_doors", "by": "ana"},
                                 {"do": "search", "for": "traps", "by": "ana"}, {"do": "listen", "by": "ana"},
                                 {"do": "force", "door": "stuck", "by": "ana"},
                                 {"do": "force", "door": "locked", "by": "bruno"},
                                 {"do": "heal", "who": "ana", "hp": 1, "magic": True},
                                 {"do": "day", "activity": "travel", "without_food": ["ana"], "without_water": ["ana"]},
                                 {"do": "day", "activity": "forced_march"}, {"do": "day", "activity": "forced_march"},
                                 {"do": "day", "activity": "rest"}, {"do": "lost", "leader": "bruno"}]),
        ("gurps", [KARA], [{"do": "damage", "who": "kara", "damage": 13}, {"do": "advance", "turns": 3},
                           {"do": "fatigue", "who": "kara", "fp": 12, "cause": "running"},
                           {"do": "rest", "minutes": 20},
                           {"do": "day"}, {"do": "damage", "who": "kara", "damage": 40}]),
        ("shell", [ORLA], [{"do": "damage", "who": "orla", "damage": 5, "location": "hand"},
                           {"do": "advance", "rounds": 30}, {"do": "spend_end", "who": "orla", "end": 2},
                           {"do": "rest", "hours": 1}, {"do": "recover", "who": "orla"}]),
    ]
    for system, party, actions in runs:
        state = session.new(system, party)
        for action in actions:
            state = session.apply(state, action, roll=lambda count, sides: [1] * count)
        named = {entry["rule"] for entry in session.view(state, gm=True)["log"] if entry["rule"]}
        assert len(named) >= 3
        for rule in named:
            page, _, anchor = rule.partition("#")
            assert not anchor and _anchors(page) or anchor in _anchors(page), f"{rule}: no such heading"
