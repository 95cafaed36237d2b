"""The GURPS attack in a fight (issue 34): ``{"do": "attack", ...}``, one action and one undo, with
fixed dice. Each modifier in force reaches the attack roll, each defence its score, criticals,
thrust and swing from ST, DR and the wounding multipliers, the refusals by field, undo, and the
preview's odds against exact 3d6 counts."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction

import pytest

from rulescore import RulesInputError, session
from rulescore.core import get_calculator
from rulescore.web import respond_session
from tests.test_session import _anchors

BROADSWORD = {"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "sw+1 cut", "parry": "10"}
BOW = {"name": "Bow", "usage": "Shoot", "skill": 12, "damage": "1d+1 imp", "acc": "2", "range": "150/200"}
SHIELD = {"name": "Medium Shield", "usage": "Bash", "skill": 13, "damage": "thr cr", "parry": "No", "block": "9"}
# Kara: ST 12 (swing 1d+2, thrust 1d−1), Basic Speed 6.25 (Dodge 9), HP 12, DR 2, a shield of DB 1.
KARA = {"id": "k", "name": "Kara", "system": "gurps",
        "fields": {"st": 12, "dx": 13, "ht": 12, "dr": 2, "shield_db": 1, "weapons": [BROADSWORD, BOW, SHIELD]}}
# Goblins: Speed 5 (Dodge 8), attack skill 11 (Parry 8 from it), a spear, DR 1, HP 20.
GOBLIN = {"name": "Goblin", "count": 2, "hp": 20, "basic_speed": 5, "skill": 11, "weapon": "Spear",
          "damage": "1d+1 imp", "dr": 1}


def faces(*rolls):
    """A roll function handing out these faces, roll by roll (each the number of dice asked)."""
    queue = [list(one) for one in rolls]

    def roll(count, sides):
        assert queue, f"no faces left for {count}d{sides}"
        given = queue.pop(0)
        assert len(given) == count and sides == 6, (given, count, sides)
        return given
    return roll


def fight(kara=KARA, foes=(GOBLIN,)):
    """Kara (Speed 6.25) acts first, then Goblin 1 and Goblin 2 (Speed 5)."""
    return session.apply(session.new("gurps", [kara]), {"do": "fight", "foes": list(foes)})


def with_fields(**fields):
    return {**KARA, "fields": {**KARA["fields"], **fields}}


def act(state, *actions, roll=None):
    for action in actions:
        state = session.apply(state, action, roll=roll)
    return state


def turns(state, count):
    return act(state, *[{"do": "next_turn"}] * count)


def maneuver(state, who, name, **more):
    return session.apply(state, {"do": "maneuver", "who": who, "maneuver": name, **more})


def attack(**action):
    return {"do": "attack", "who": "k", "target": "f1", **action}


def odds(state, **action):
    return session.preview(state, attack(**action))["attack"]


def last(state, gm=True, count=1):
    lines = [entry["text"] for entry in session.view(state, gm=gm)["log"]]
    return lines[-1] if count == 1 else lines[-count:]


def attack_line(state, gm=True):
    """The attack's own line, the last of its kind in the log."""
    return [entry["text"] for entry in session.view(state, gm=gm)["log"] if " attacks " in entry["text"]][-1]


def refused(state, action, field, roll=None):
    before = copy.deepcopy(state)
    with pytest.raises(RulesInputError) as caught:
        session.apply(state, action, roll=roll or faces(*[[3, 3, 3]] * 6))
    assert caught.value.field == field, caught.value
    assert state == before  # nothing changed
    message = caught.value.message
    assert message.endswith(".") and "{" not in message and "_" not in message.split(":")[0]
    return message


# --------------------------------------------------------------------------- the effective skill

def test_each_modifier_in_force_reaches_the_attack_roll():
    start = fight()
    assert odds(start)["to_hit"]["skill"] == 14  # the Broadsword's own
    cases = {  # (state before the attack, the action's extras): effective skill
        "All-Out Attack (Determined), melee +4": (maneuver(start, "k", "all_out_attack"), {}, 18),
        "All-Out Attack (Determined), ranged +1": (maneuver(start, "k", "all_out_attack"), {"weapon": 1}, 13),
        "Move and Attack, melee −4 and 9 at most": (maneuver(start, "k", "move_and_attack"), {}, 9),
        "Move and Attack, ranged −2": (maneuver(start, "k", "move_and_attack"), {"weapon": 1}, 10),
        "the GM's modifier": (start, {"modifier": -3}, 11),
        "shock": (act(start, {"do": "damage", "who": "k", "damage": 2, "dr": 0, "type": "crushing"}), {}, 12),
        "Evaluate, one turn": (turns(maneuver(start, "k", "evaluate", target="f1"), 3), {}, 15),
        "Evaluate against another foe: nothing": (turns(maneuver(start, "k", "evaluate", target="f2"), 3), {}, 14),
        "Aim with the bow: Accuracy 2": (turns(maneuver(start, "k", "aim", target="f1"), 3), {"weapon": 1}, 14),
        "Aim with a sword: nothing": (turns(maneuver(start, "k", "aim", target="f1"), 3), {}, 14),
    }
    evaluated = turns(maneuver(turns(maneuver(start, "k", "evaluate", target="f1"), 3), "k", "evaluate",
                               target="f1"), 3)
    cases["Evaluate, two turns in a row"] = (evaluated, {}, 16)
    aimed = start
    for _ in range(3):
        aimed = turns(maneuver(aimed, "k", "aim", target="f1"), 3)
    cases["Aim, three turns: Accuracy 2 + 2"] = (aimed, {"weapon": 1}, 16)
    for why, (state, extra, skill) in cases.items():
        preview = odds(state, **extra)["to_hit"]
        assert preview["skill"] == skill, (why, preview["working"])
        assert preview["working"][-1] == f"Effective skill {skill}.", why
        hit = session.apply(state, attack(defence="none", **extra), roll=faces([6, 6, 5], [1]))  # 17: a miss
        assert f": 17 against {skill}, a" in last(hit), (why, last(hit))


def test_melee_figures_agree_with_the_melee_attack_calculator():
    calc = get_calculator("gurps.melee_attack")
    start = fight()
    for state, maneuver_id, evaluated in (
            (maneuver(start, "k", "all_out_attack"), "all_out_determined", 0),
            (maneuver(start, "k", "move_and_attack"), "move_and_attack", 0),
            (turns(maneuver(start, "k", "evaluate", target="f1"), 3), "attack", 1)):
        expected = calc.run({"skill": 14, "maneuver": maneuver_id, "evaluate_turns": evaluated})["effective_skill"]
        assert odds(state)["to_hit"]["skill"] == expected


def test_all_out_attack_strong_adds_its_damage_and_double_allows_two_attacks():
    strong = maneuver(fight(), "k", "all_out_attack", option="strong")
    assert odds(strong)["damage"]["dice"] == "1d+5 cut"  # swing 1d+2, +1 the sword, +2 Strong
    assert odds(strong, weapon=1)["damage"]["dice"] == "1d+1 imp"  # not at range
    double = maneuver(fight(), "k", "all_out_attack", option="double")
    once = session.apply(double, attack(defence="none"), roll=faces([6, 6, 5]))
    twice = session.apply(once, attack(defence="none"), roll=faces([6, 6, 5]))
    assert "attack" not in session.view(twice)["actions_now"]
    assert "every attack their All-Out Attack allows" in refused(twice, attack(defence="none"), "who")
    plain = session.apply(fight(), attack(defence="none"), roll=faces([6, 6, 5]))
    assert "every attack their Attack allows" in refused(plain, attack(defence="none"), "who")


def test_no_maneuver_yet_makes_an_attack_and_a_wait_attacks_out_of_turn():
    state = session.apply(fight(), attack(defence="none"), roll=faces([6, 6, 5]))
    assert last(state, count=2) == ["Kara: Attack.",
                                    "Kara attacks Goblin 1 with Broadsword (Swung): 17 against 14, a critical miss."]
    kara = next(one for one in session.view(state)["fight"]["combatants"] if one["id"] == "k")
    assert kara["maneuver"] == "attack"
    waiting = turns(maneuver(fight(), "k", "wait"), 1)  # Goblin 1's turn
    assert "attack" in session.view(waiting)["actions_now"]
    struck = session.apply(waiting, attack(defence="none"), roll=faces([6, 6, 5]))
    assert last(struck).startswith("Kara attacks Goblin 1")
    assert "after a Wait" in refused(struck, attack(defence="none"), "who")  # the Wait is spent
    assert "it is Goblin 1's turn" in refused(turns(fight(), 1), attack(defence="none"), "who")


# --------------------------------------------------------------------------- the defences

def goblin_attacks(state, **action):
    """The state with Goblin 1 about to attack Kara."""
    return {"do": "attack", "who": "f1", "target": "k", **action}


def defences(state, **action):
    return {one["id"]: one["score"] for one in session.preview(state, goblin_attacks(state, **action))["attack"][
        "defences"]}


def test_each_defence_with_the_shield_retreat_all_out_defense_stun_and_wounds():
    state = turns(fight(), 1)
    # Dodge 9, Parry 10 (the Broadsword), Block 9 (the shield), each +1 for the shield's DB
    assert defences(state) == {"dodge": 10, "parry": 11, "block": 10}
    assert defences(state, defence="dodge", retreat=True) == {"dodge": 13, "parry": 12, "block": 11}
    guarded = turns(maneuver(fight(), "k", "all_out_defense", option="increased_parry"), 1)
    assert defences(guarded) == {"dodge": 10, "parry": 13, "block": 10}
    stunned = act(state, {"do": "damage", "who": "k", "damage": 7, "dr": 0, "type": "crushing"},
                  roll=faces([6, 5, 3]))  # a major wound: HT 12 rolled 14, failed by 2: stunned
    assert defences(stunned) == {"dodge": 6, "parry": 7, "block": 6}
    reeling = act(state, {"do": "damage", "who": "k", "damage": 9, "dr": 0, "type": "crushing"}, roll=faces([1, 1, 1]))
    assert defences(reeling)["dodge"] == 5 + 1  # Dodge 9 halved, rounded up, then the shield
    fencer = with_fields(weapons=[{"name": "Rapier", "usage": "Thrust", "skill": 15, "damage": "thr+1 imp",
                                   "parry": "11F"}], shield_db=0)
    assert defences(turns(fight(fencer), 1), defence="parry", retreat=True)["parry"] == 14  # +3 for a fencing weapon
    feinted = turns(maneuver(fight(), "k", "feint", target="f1", margin=3), 3)
    assert {one["id"]: one["score"] for one in odds(feinted)["defences"]} == {"dodge": 5, "parry": 5}


def test_the_defences_a_target_cannot_make_are_refused_by_the_defence_field():
    all_out = turns(maneuver(fight(), "k", "all_out_attack"), 1)
    preview = session.preview(all_out, goblin_attacks(all_out))["attack"]
    assert preview["defences"] == [] and "All-Out Attack" in preview["no_defence"]
    for defence in ("dodge", "parry", "block"):
        assert "no active defence until their next turn" in refused(all_out, goblin_attacks(all_out, defence=defence),
                                                                    "defence")
    hit = session.apply(all_out, goblin_attacks(all_out), roll=faces([3, 3, 3], [2]))
    assert "a hit; Kara cannot defend; 1d+1 imp = 3, DR 2: 2 HP of injury" in last(hit)
    moved = turns(maneuver(fight(), "k", "move_and_attack"), 1)
    assert "may only Dodge or Block" in refused(moved, goblin_attacks(moved, defence="parry"), "defence")
    assert "a Parry stops only melee attacks and thrown weapons" in refused(
        fight(), attack(weapon=1, defence="parry"), "defence")
    bare = with_fields(weapons=[], shield_skill=0)
    assert "no Block" in refused(turns(fight(bare), 1), goblin_attacks(None, defence="block"), "defence")
    assert "Retreat" in refused(fight(), attack(defence="none", retreat=True), "retreat")


def test_a_foes_parry_and_block_from_its_row():
    rows = [{**GOBLIN, "count": 1, "name": "Blank"}, {**GOBLIN, "count": 1, "name": "Clumsy", "parry": 0},
            {**GOBLIN, "count": 1, "name": "Guard", "parry": 12, "block": 9, "dodge": 9}]
    state = fight(foes=rows)
    scores = {target: {one["id"]: one["score"] for one in odds(state, target=target)["defences"]}
              for target in ("f1", "f2", "f3")}
    assert scores == {"f1": {"dodge": 8, "parry": 8}, "f2": {"dodge": 8}, "f3": {"dodge": 9, "parry": 12, "block": 9}}
    assert "no Parry" in refused(state, attack(target="f2", defence="parry"), "defence")


def test_a_defence_roll_that_succeeds_stops_the_blow_and_a_failed_one_lets_it_through():
    state = fight()
    parried = session.apply(state, attack(defence="parry"), roll=faces([3, 3, 3], [2, 2, 2]))
    assert last(parried) == ("Kara attacks Goblin 1 with Broadsword (Swung): 9 against 14, a hit; Goblin 1 tries "
                             "to parry: 6 against 8, succeeds.")
    assert last(parried, gm=False) == ("Kara attacks Goblin 1 with Broadsword (Swung): 9 against 14, a hit; Goblin 1 "
                                       "tries to parry: 6, succeeds.")
    through = session.apply(state, attack(defence="dodge"), roll=faces([3, 3, 3], [6, 6, 2], [4]))
    assert last(through) == ("Kara attacks Goblin 1 with Broadsword (Swung): 9 against 14, a hit; Goblin 1 tries to "
                             "dodge: 14 against 8, fails; 1d+3 cut = 7, DR 1: 9 HP of injury; Goblin 1 at 11 of 20 HP.")
    assert last(through, gm=False) == ("Kara attacks Goblin 1 with Broadsword (Swung): 9 against 14, a hit; Goblin 1 "
                                       "tries to dodge: 14, fails; 1d+3 cut = 7: an injury; Goblin 1 looks "
                                       "wounded.")


def test_the_players_log_never_gives_a_foes_dr_away_by_arithmetic():
    """Issue 42: "1d+5 cut = 6: 6 HP of injury" let the players work out DR (and the wounding
    multiplier). Our reading: the players keep their own roll and read the foe's injury in words ("an
    injury", "no injury"), never in HP; the GM's line is unchanged. Two goblins alike but for DR 1 and
    DR 4 read alike to the players, for the attack and for Damage to a foe."""
    seen, told = [], []
    for dr in (1, 4):
        state = fight(foes=({**GOBLIN, "dr": dr, "hp": 40},))
        through = session.apply(state, attack(defence="dodge"), roll=faces([3, 3, 3], [6, 6, 2], [4]))
        damaged = session.apply(state, {"do": "damage", "who": "f1", "damage": 6, "type": "cutting"})
        seen.append((last(through, gm=False), last(damaged, gm=False)))
        told.append((last(through), last(damaged)))
    assert seen[0] == seen[1]
    assert seen[0] == ("Kara attacks Goblin 1 with Broadsword (Swung): 9 against 14, a hit; Goblin 1 tries to "
                       "dodge: 14, fails; 1d+3 cut = 7: an injury; Goblin 1 looks lightly wounded.",
                       "Goblin 1 takes an injury.")
    stopped = session.apply(fight(foes=({**GOBLIN, "dr": 4},)), {"do": "damage", "who": "f1", "damage": 3})
    assert last(stopped, gm=False) == "Goblin 1 takes no injury."
    assert told[0][0].endswith("1d+3 cut = 7, DR 1: 9 HP of injury; Goblin 1 at 31 of 40 HP.")
    assert told[1][0].endswith("1d+3 cut = 7, DR 4: 4 HP of injury; Goblin 1 at 36 of 40 HP.")
    assert told[1][1].startswith("Goblin 1 takes 2 penetrating damage (DR 4): 3 HP of injury")


def test_a_defence_spoils_the_defenders_aim():
    aiming = turns(maneuver(fight(), "k", "aim", target="f1"), 1)
    dodged = session.apply(aiming, goblin_attacks(aiming, defence="dodge"), roll=faces([3, 3, 3], [1, 1, 1]))
    assert last(dodged, count=2)[1] == "Kara's aim is spoiled by the active defence."
    assert not any(e["name"] == "Aim" for e in dodged["fight"]["effects"])


# --------------------------------------------------------------------------- criticals

@pytest.mark.parametrize("roll, extra, said", [
    ([1, 1, 1], {}, "3 against 14, a critical hit: no defence, maximum damage; 1d+3 cut at its most = 9, DR 1: "
                    "12 HP of injury"),
    ([1, 1, 2], {}, "4 against 14, a critical hit: no defence; 1d+3 cut = 5, DR 1: 6 HP of injury"),
    ([1, 2, 2], {"modifier": 1}, "5 against 15, a critical hit: no defence; 1d+3 cut = 5"),
    ([2, 2, 2], {"modifier": 2}, "6 against 16, a critical hit: no defence; 1d+3 cut = 5"),
])
def test_critical_hits_allow_no_defence_and_a_3_does_the_most(roll, extra, said):
    # No defence roll is asked for: the damage (2, where rolled) comes next, then a major wound's HT.
    state = session.apply(fight(), attack(defence="dodge", **extra),
                          roll=faces(roll, [1, 1, 1]) if roll == [1, 1, 1] else faces(roll, [2]))
    assert said in attack_line(state)


@pytest.mark.parametrize("roll, extra, said", [
    ([1, 2, 2], {}, "5 against 14, a hit"),  # 5 is critical only at 15 or more
    ([2, 2, 2], {"modifier": 1}, "6 against 15, a hit"),
    ([6, 6, 5], {}, "17 against 14, a critical miss."),
    ([6, 6, 5], {"modifier": 2}, "17 against 16, a miss."),  # 17 fails, critically only at 15 or less
    ([6, 6, 6], {"modifier": 4}, "18 against 18, a critical miss."),
    ([6, 5, 4], {}, "15 against 14, a miss."),
])
def test_other_rolls_follow_the_success_roll_rules(roll, extra, said):
    state = session.apply(fight(), attack(defence="parry", **extra), roll=faces(roll, [1, 1, 1]))  # parried
    assert said in last(state)


# --------------------------------------------------------------------------- damage

def test_thrust_and_swing_come_from_the_wielders_st():
    assert odds(fight())["damage"] == {"dice": "1d+3 cut", "least": 4, "most": 9, "average": 6.5}
    assert odds(fight(), weapon=2)["damage"]["dice"] == "1d-1 cr"  # the shield bash: thrust 1d−1
    strong = with_fields(st=15, weapons=[{"name": "Long Axe", "usage": "Swung", "skill": 13, "damage": "sw+2 cut",
                                          "parry": "9U"}])
    assert odds(fight(strong))["damage"]["dice"] == "2d+3 cut"  # swing 2d+1 at ST 15
    giant = with_fields(st=25, hp=25, weapons=[{"name": "Club", "skill": 12, "damage": "sw cr"}])
    assert odds(fight(giant))["damage"]["dice"] == "5d-1 cr"  # the Basic Set table past ST 20
    state = session.apply(fight(strong), attack(defence="none"), roll=faces([3, 3, 3], [1, 2]))
    assert "2d+3 cut = 6, DR 1: 7 HP of injury" in last(state)


@pytest.mark.parametrize("damage, rolled, dr, said, injury", [
    ("1d+2 cut", [5], 1, "1d+2 cut = 7, DR 1: 9 HP of injury", 9),  # ×1.5
    ("1d+2 imp", [5], 1, "1d+2 imp = 7, DR 1: 12 HP of injury", 12),  # ×2
    ("1d+2 cr", [5], 1, "1d+2 cr = 7, DR 1: 6 HP of injury", 6),
    ("1d pi-", [3], 1, "1d pi- = 3, DR 1: 1 HP of injury", 1),  # ×0.5
    ("1d pi-", [2], 1, "1d pi- = 2, DR 1: 1 HP of injury", 1),  # 0.5, but at least 1
    ("1d pi+", [5], 1, "1d pi+ = 5, DR 1: 6 HP of injury", 6),  # ×1.5
    ("1d pi++", [5], 1, "1d pi++ = 5, DR 1: 8 HP of injury", 8),  # ×2
    ("1d burn", [5], 1, "1d burn = 5, DR 1: 4 HP of injury", 4),
    ("1d(2) pi", [4], 3, "1d(2) pi = 4, DR 3 ÷ 2 = 1: 3 HP of injury", 3),  # the armour divisor
    ("1d cut", [3], 3, "1d cut = 3, DR 3: no injury", 0),
    ("1d-4 cr", [1], 0, "1d−4 cr = 0: no injury", 0),  # crushing may do 0
    ("1d-4 cut", [1], 0, "1d−4 cut = 1: 1 HP of injury", 1),  # any other type at least 1
])
def test_dr_and_the_wounding_multipliers(damage, rolled, dr, said, injury):
    kara = with_fields(weapons=[{"name": "Test", "skill": 14, "damage": damage}])
    state = session.apply(fight(kara, [{**GOBLIN, "count": 1, "dr": dr}]), attack(defence="none"),
                          roll=faces([3, 3, 3], rolled, [1, 1, 1]))  # a major wound's HT roll, made
    assert said in attack_line(state)
    assert state["fight"]["combatants"]["f1"]["hp_lost"] == injury


def test_the_damage_actions_own_code_does_the_wound():
    """Major wounds, knockdown and death checks, shock and the Will roll of someone aiming: the damage
    action's, called by the attack (its own first line folded into the attack's)."""
    state = turns(maneuver(fight(), "k", "aim", target="f1"), 1)
    hurt = session.apply(state, goblin_attacks(state, defence="none"), roll=faces(
        [3, 3, 3], [6], [6, 6, 3], [6, 6, 6]))  # 9 hits; 7 imp − DR 2 = 10 HP; HT 12 rolls 15: stunned; Will 18
    assert last(hurt, count=3) == [
        "Goblin 1 attacks Kara with Spear: 9 against 11, a hit; Kara does not defend; 1d+1 imp = 7, DR 2: 10 HP of "
        "injury; Kara at 2 of 12 HP, stunned.",
        "Major wound to the torso: Kara rolls HT 12: 15, failed by 1 to 4: stunned (−4 to active defences, Do Nothing "
        "next turn).",
        "Kara is hurt while aiming: Will 10 rolled 18, loses it."]
    kara = hurt["characters"]["k"]
    assert (kara["hp_lost"], kara["shock"], kara["stunned"]) == (10, -4, True)
    dead = session.apply(fight(with_fields(weapons=[{"name": "Cannon", "skill": 14, "damage": "6d+120 cr"}])),
                         attack(defence="none"), roll=faces([3, 3, 3], [6] * 6))
    assert last(dead, count=2) == ["Kara attacks Goblin 1 with Cannon: 9 against 14, a hit; Goblin 1 does not defend; "
                                   "6d+120 cr = 156, DR 1: 155 HP of injury; Goblin 1 is dead.", "Goblin 1 dies."]


def test_a_weapon_with_no_damage_on_record_and_a_character_with_no_weapons():
    unarmed = with_fields(weapons=[], weapon_skill=11)
    state = session.apply(fight(unarmed), attack(defence="none"), roll=faces([3, 3, 3]))
    assert last(state) == ("Kara attacks Goblin 1: 9 against 11, a hit; Goblin 1 does not defend; roll the damage and "
                           "enter it with Damage to a foe.")
    assert odds(fight(unarmed))["damage"] is None
    nameless = fight(foes=[{"name": "Wolf", "skill": 13}])
    wolf = session.apply(turns(nameless, 1), {"do": "attack", "who": "f1", "target": "k", "defence": "none"},
                         roll=faces([3, 3, 3]))
    assert last(wolf, gm=False) == ("Wolf attacks Kara: 9, a hit; Kara does not defend; roll the damage and enter it "
                                    "with Damage.")


# --------------------------------------------------------------------------- refusals, undo, views

def test_bad_input_is_refused_by_field_and_changes_nothing():
    state = fight()
    assert "no fight going on" in refused(session.new("gurps", [KARA]), attack(), "do")
    assert "cannot attack themselves" in refused(state, attack(target="k"), "target")
    assert "not in the fight" in refused(state, attack(target="zz"), "target")
    assert "no weapon number 5" in refused(state, attack(weapon=5), "weapon")
    assert "no weapon" in refused(state, attack(weapon="Halberd"), "weapon")
    assert "Modifier" in refused(state, attack(modifier=25), "modifier")
    assert refused(state, attack(defence="duck"), "defence").startswith("Defence:")
    assert refused(state, attack(defence="none"), "roll", roll=faces([7, 1, 1])).startswith("Dice:")
    assert "This action takes no" in refused(state, attack(charge=True), "charge")
    tired = with_fields(weapons=[{"name": "Sap", "skill": 12, "damage": "1d fat"}])
    assert "fatigue damage" in refused(fight(tired), attack(), "weapon")
    aiming = maneuver(state, "k", "aim", target="f1")
    assert "makes no attack" in refused(aiming, attack(), "who")
    down = act(state, {"do": "damage", "who": "f1", "damage": 200, "type": "crushing"}, roll=faces([6, 6, 6]))
    assert "out of the fight" in refused(down, attack(), "target")
    stunned = act(turns(state, 2), {"do": "damage", "who": "k", "damage": 7, "dr": 0, "type": "crushing"},
                  roll=faces([6, 5, 3]))
    assert "stunned and must Do Nothing" in refused(turns(stunned, 1), attack(), "who")
    hit = {"do": "attack", "who": "k", "target": "f1"}  # no defence chosen: asked for once the hit lands
    assert "unless Goblin 1 defends" in refused(state, hit, "defence")
    assert session.apply(state, hit, roll=faces([6, 6, 5]))  # a miss needs none


def test_undo_returns_the_state_before_the_attack():
    state = turns(maneuver(fight(), "k", "evaluate", target="f1"), 3)
    after = session.apply(state, attack(defence="dodge"), roll=faces([3, 3, 3], [6, 6, 6], [6], [1, 1, 1]))
    assert after["fight"]["combatants"]["f1"]["hp_lost"] > 0
    undone = session.undo(after)
    assert {**undone, "undone": []} == {**state, "undone": []}
    assert session.view(session.redo(undone), gm=True)["log"] == session.view(after, gm=True)["log"]


def test_the_table_rolls_its_own_dice_roll_by_roll():
    state = fight()
    action = attack(defence="dodge")
    asked = []
    for dice in ([], [[3, 3, 3]], [[3, 3, 3], [6, 6, 6]], [[3, 3, 3], [6, 6, 6], [4]]):
        answer = respond_session({"op": "apply", "state": state, "action": action, "dice": dice})
        asked.append(answer.get("need"))
    assert [need and (need["count"], need["sides"], need["text"]) for need in asked] == [
        (3, 6, "Kara's attack roll (to hit Goblin 1): roll 3d6"), (3, 6, "Goblin 1's Dodge: roll 3d6"),
        (1, 6, "Kara's damage (1d+3 cut): roll 1d6"), None]
    assert answer["ok"] and "1d+3 cut = 7" in answer["gm_view"]["log"][-1]["text"]


def test_the_fight_view_carries_each_combatants_weapons():
    state = fight()
    gm = {one["id"]: one["weapons"] for one in session.view(state, gm=True)["fight"]["combatants"]}
    players = {one["id"]: one["weapons"] for one in session.view(state)["fight"]["combatants"]}
    assert gm["k"] == players["k"] == [
        {"index": 0, "name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "1d+3 cut",
         "label": "Broadsword (Swung)"},
        {"index": 1, "name": "Bow", "usage": "Shoot", "skill": 12, "damage": "1d+1 imp", "label": "Bow (Shoot)"},
        {"index": 2, "name": "Medium Shield", "usage": "Bash", "skill": 13, "damage": "1d-1 cr",
         "label": "Medium Shield (Bash)"}]
    assert gm["f1"] == [{"index": 0, "name": "Spear", "usage": "", "skill": 11, "damage": "1d+1 imp", "label": "Spear"}]
    assert players["f1"] == [{"index": 0, "name": "Spear", "usage": "", "skill": None, "damage": None,
                              "label": "Spear"}]


def test_the_attack_is_offered_in_a_fight_to_whoever_can_attack_now():
    assert "attack" not in session.view(session.new("gurps", [KARA]))["actions_now"]
    assert "attack" in session.view(fight())["actions_now"]
    assert "attack" not in session.view(maneuver(fight(), "k", "evaluate", target="f1"))["actions_now"]


def test_a_foes_weapon_figures_are_checked_in_its_row():
    for row, field in (({"damage": "sw+1 cut"}, "damage"), ({"damage": "lots"}, "damage"), ({"parry": 40}, "parry"),
                       ({"weapon": "x" * 41}, "weapon")):
        with pytest.raises(RulesInputError) as caught:
            session.apply(session.new("gurps", [KARA]), {"do": "fight", "foes": [{"name": "Orc", **row}]})
        assert caught.value.field == field, caught.value


@pytest.mark.parametrize("damage", ["lots", "2d+1 bananas", "sw+2", "thr+1 imp", ""])
def test_a_foes_damage_refused_suggests_only_what_a_foe_takes(damage):
    """Issue 42: the foe row's refusal suggested "sw+3 cut", itself refused for a foe (no ST kept)."""
    fields = next(a for a in session.actions("gurps") if a["id"] == "fight")["fields"]
    hint = next(inner for field in fields for inner in field.get("fields", []) if inner["name"] == "damage")["help"]
    said = [hint]
    if damage:
        with pytest.raises(RulesInputError) as caught:
            session.apply(session.new("gurps", [KARA]), {"do": "fight", "foes": [{"name": "Orc", "damage": damage}]})
        assert caught.value.field == "damage"
        said.append(str(caught.value))
    for text in said:
        assert "“1d+2 cut”" in text or "“2d+1 cut”" in text, text
        assert "sw+" not in text.replace(damage, "") and "thr+" not in text.replace(damage, ""), text
    with pytest.raises(RulesInputError, match="sw"):  # a character's weapon still takes swing
        session.apply(session.new("gurps", [with_fields(weapons=[{"name": "Axe", "skill": 12, "damage": "lots"}])]),
                      {"do": "fight", "foes": [{"name": "Orc"}]})


def test_every_rule_the_attack_names_is_a_heading_of_the_site():
    state = session.apply(fight(), attack(defence="dodge"), roll=faces([3, 3, 3], [6, 6, 6], [4]))
    for entry in session.view(state, gm=True)["log"]:
        if entry["rule"]:
            page, _, anchor = entry["rule"].partition("#")
            assert not anchor and _anchors(page) or anchor in _anchors(page), entry["rule"]


# --------------------------------------------------------------------------- the preview's odds

def three_dice():
    return [sum(faces_) for faces_ in itertools.product(range(1, 7), repeat=3)]


def hits(skill):
    return Fraction(sum(1 for total in three_dice() if total <= 4 or (total <= skill and total <= 16)), 216)


def criticals(skill):
    return Fraction(sum(1 for total in three_dice()
                        if total <= 4 or (total == 5 and skill >= 15) or (total == 6 and skill >= 16)), 216)


def test_the_preview_gives_exact_3d6_odds_before_any_die():
    for state, extra in ((fight(), {}), (maneuver(fight(), "k", "all_out_attack"), {}),
                         (fight(), {"modifier": -8}), (fight(), {"weapon": 1})):
        preview = session.preview(state, attack(defence="dodge", **extra))
        assert preview["rolls"] and preview["lines"] in ([], ["Kara: Attack."])  # nothing rolled yet
        to_hit = preview["attack"]["to_hit"]
        assert to_hit["chance"] == float(hits(to_hit["skill"]))
        assert to_hit["critical"] == float(criticals(to_hit["skill"]))
        for one in preview["attack"]["defences"]:
            assert one["chance"] == float(hits(one["score"]))
        count, adds = (1, 3) if not extra.get("weapon") else (1, 1)
        totals = [max(face + adds, 1) for face in range(1, 7)]
        damage = preview["attack"]["damage"]
        assert (damage["least"], damage["most"], damage["average"]) == (min(totals), max(totals),
                                                                        float(Fraction(sum(totals), 6)))
    low = session.preview(fight(with_fields(weapons=[{"name": "Dagger", "skill": 12, "damage": "1d-3 cut"}])),
                          attack())["attack"]["damage"]
    assert (low["least"], low["most"], low["average"]) == (1, 3, float(Fraction(1 + 1 + 1 + 1 + 2 + 3, 6)))
    assert json.loads(json.dumps(low)) == low


def test_the_players_preview_keeps_a_foes_numbers_back():
    state = turns(fight(), 1)
    foe = session.preview(state, goblin_attacks(state, defence="dodge"), gm=False)["attack"]
    # The goblin's skill, and the chance drawn from it (3d6's odds give the skill back), the GM's only.
    assert "skill" not in foe["to_hit"] and foe["to_hit"]["chance"] is None
    assert foe["to_hit"]["working"] == ["The foe's figures are the GM's: the GM's screen shows the odds."]
    assert all("score" in one and "chance" in one for one in foe["defences"])  # Kara's own
    mine = session.preview(fight(), attack(defence="dodge"), gm=False)["attack"]
    assert mine["to_hit"]["skill"] == 14 and mine["to_hit"]["chance"] > 0.5
    assert mine["defences"] and all(set(one) == {"id", "label"} for one in mine["defences"])  # the goblin's


def test_damage_to_a_character_starts_from_the_armour_on_their_sheet():
    """Like a foe's DR fills the damage to it, a character's sheet DR fills theirs unless the form gives one."""
    party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"st": 12, "dr": 2}}]
    start = session.new("gurps", party)
    worn = session.apply(start, {"do": "damage", "who": "k", "damage": 5, "type": "crushing"})
    bare = session.apply(start, {"do": "damage", "who": "k", "damage": 5, "dr": 0, "type": "crushing"})
    assert session.view(worn)["characters"][0]["figures"][0] == "HP 9 of 12"
    assert session.view(bare)["characters"][0]["figures"][0] == "HP 7 of 12"
