"""The monsters' own attack rules (issue item 6): every Basic Fantasy routine line read and
played as the rulebook means it, with fixed dice. The bears' hug rolled when both claws hit
one target (2d6 for the black bear, 2d8 for the others); a swallow on a natural 19 or 20 named
to the GM; another mode picked on its own; whatever the rulebook leaves to the table named to
the GM when it applies; the docs' table holding every line with our reading. Sessions of
rules version 1 replay as they were played (no hug)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulescore import session
from rulescore.bfrpg import monster_play
from rulescore.bfrpg.monsters import MONSTERS
from rulescore.bfrpg.routine_readings import SPECIAL
from rulescore.bfrpg.routine_rules import COSMETIC, KINDS, lines, rule_of, table
from rulescore.bfrpg.routines import routine

DOCS = Path(__file__).parent.parent / "docs" / "bfrpg" / "monsters.md"
TOUGH = {"id": "ana", "name": "Ana", "system": "bfrpg", "fields": {"strength": 13, "ac": 13, "hp": 300}}
KEY = {monster.name: key for key, monster in MONSTERS.items()}
# What a line adds with "+" beyond dice ("+ hug", "+ poison", "+1d8/round"), and its other words
# that are more than an attack's name or a count.
EXTRA = re.compile(r"\+\s*(?!\d)([A-Za-z][A-Za-z ]*)")


def faces(*rolled):
    left = list(rolled)

    def roll(count, sides):
        taken, left[:] = left[:count], left[count:]
        return taken
    return roll


def fight(monster: str, version: int | None = None, **row):
    """Ana (AC 13, 300 HP) against one monster: nobody surprised, every initiative 1."""
    state = session.new("bfrpg", [TOUGH])
    if version is not None:
        state["rules_version"] = version
    return session.apply(state, {"do": "fight", "surprise": "none", "foes": [{"monster": monster, "hp": 50, **row}]},
                         roll=lambda count, sides: [1] * count)


def log(state, gm=True):
    return session.view(state, gm=gm)["log"][-1]["text"]


def hp(state):
    return state["characters"]["ana"]["hp"]


# --------------------------------------------------------------------------- every line

def test_the_list_has_188_distinct_lines_each_of_one_kind():
    kinds = Counter(rule_of(text).kind for text in lines())
    assert sum(kinds.values()) == len(lines()) == 188
    assert set(kinds) <= set(KINDS) and all(kinds[kind] for kind in KINDS)
    assert not [text for text in SPECIAL if text not in lines()]  # no reading for a line the list lacks


@pytest.mark.parametrize("text", list(lines()))
def test_every_line_is_played_or_named_none_silently_dropped(text):
    """Each line's attacks made in a session with every d20 a natural 20: each attack rolls its
    dice or is named; each "+" extra of the line is played (a hug) or named to the GM."""
    rule, read = rule_of(text), routine(text)
    assert rule.reading.strip()
    extras = {word.strip().lower() for word in EXTRA.findall(text)}
    if extras or not read.read or any(one.damage is None for one in (*read.attacks, *read.others)):
        assert text in SPECIAL, f"{text!r} needs a reading of its own"
        assert rule.hug or rule.swallow or rule.on_hit or rule.each_time or rule.kind == "alternative" \
            or rule.attacks, f"{text!r}: its extra ({extras}) is neither played nor named"
    if "hug" in extras:
        assert rule.hug and rule.kind == "conditional" and rule.hug in text.split(":", 1)[1]
    if "swallow" in text:
        assert rule.swallow and rule.kind == "conditional"
    notes = {one.note for one in (*read.attacks, *read.others)} - COSMETIC
    if rule.kind == "played":
        assert not notes - {""} or rule.attacks, f"{text!r} is 'played' but says {notes}"
    name = lines()[text][0]
    state = fight(KEY[name])
    foe = state["fight"]["combatants"]["f1"]
    made = monster_play.made_attacks(monster_play.rule_for(state, foe), foe)
    assert made and all(one.damage or one.note or rule.on_hit or rule.kind == "alternative" for one in made)
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"},
                          roll=lambda count, sides: [20 if sides == 20 else 1] * count)
    said = log(after)
    assert said.startswith(f"{name} attacks Ana")
    for one in made:  # every attack of the routine is made
        assert one.name in said or len(made) == 1
    for attack, words in rule.on_hit:
        if attack == "*" or attack in {one.name for one in made}:
            assert words.replace("{target}", "Ana") in said
    if rule.each_time:
        assert rule.each_time in said
    if rule.swallow and rule.swallow[0] in {one.name for one in made}:
        assert f"A natural 20 on the {rule.swallow[0]}: " in said
    if rule.hug:
        assert "Both claws hit: " in said and f"{rule.hug} rolled" in said


def test_the_docs_table_lists_every_line_with_our_reading():
    page = DOCS.read_text(encoding="utf-8")
    rows = table()
    assert len(rows) == 2 + 188
    for row in rows:
        assert row in page.splitlines(), row
    listed = re.findall(r"^\| `(.+?)` \|", page, re.M)
    assert sorted(listed) == sorted(lines()) and len(listed) == len(set(listed))
    assert "bfrpg/monsters.md" in (Path(__file__).parent.parent / "mkdocs.yml").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the hug

@pytest.mark.parametrize("monster, dice, sides", [("bear_black", "2d6", 6), ("bear_cave", "2d8", 8),
                                                   ("owlbear", "2d8", 8), ("lycanthrope_werebear", "2d8", 8)])
def test_both_claws_hit_the_hug_is_rolled_and_taken_off(monster, dice, sides):
    state = fight(monster)
    claw = routine(MONSTERS[monster].attacks).attacks[0].damage or ""
    count = int(claw.split("d")[0])  # each claw's dice, each die showing 1
    # claw hit, claw hit, bite missed (a natural 2): the hug still comes, rolled last
    rolled = [20, *[1] * count, 20, *[1] * count, 2, sides, sides - 1]
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(*rolled))
    hug = 2 * sides - 1
    assert hp(state) - hp(after) == 2 * count + hug
    assert after["done"][-1]["dice"][-1] == [2, sides, [sides, sides - 1]]
    said = log(after)
    assert f"Both claws hit: {MONSTERS[monster].name} hugs Ana, {dice} rolled {sides} + {sides - 1} = {hug} damage." \
        in said
    assert f"Both claws hit: {MONSTERS[monster].name} hugs Ana, {hug} damage." in log(after, gm=False)
    assert "hug)" not in said  # the bite no longer carries "(2d6 hug)" unrolled


def test_one_claw_missing_no_hug_and_a_single_attack_never_hugs():
    state = fight("bear_black")
    missed = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(20, 3, 2, 20, 5))
    assert "hugs" not in log(missed) and hp(state) - hp(missed) == 3 + 5
    assert len(missed["done"][-1]["dice"]) == 5  # three d20s, two damage rolls: no dice for a hug
    one_claw = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "weapon": 0}, roll=faces(20, 3))
    assert "hugs" not in log(one_claw)


def test_a_session_of_rules_version_1_replays_without_the_hug():
    state = fight("bear_black", version=1)
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(20, 3, 20, 3, 20, 5))
    assert "hugs" not in log(after) and "(2d6 hug)" in log(after)
    assert hp(state) - hp(after) == 3 + 3 + 5
    assert session.new("bfrpg", [TOUGH])["rules_version"] >= monster_play.RULES_FROM


# --------------------------------------------------------------------------- swallow, alternatives, named

@pytest.mark.parametrize("natural, swallowed", [(19, True), (20, True), (18, False)])
def test_a_caecilia_bite_on_a_natural_19_or_20_swallows_named_to_the_gm(natural, swallowed):
    state = fight("caecilia_giant")
    after = session.apply(state, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(natural, 4))
    assert hp(state) - hp(after) == 4  # the bite's 1d8, read from the line the reader kept whole
    assert (f"A natural {natural} on the bite: Ana is swallowed whole" in log(after)) is swallowed
    assert "swallowed" not in log(after, gm=False)


def test_a_swallow_needs_a_hit_and_the_frog_swallows_only_on_20():
    state = fight("caecilia_giant")
    high_ac = session.apply(state, {"do": "attack", "who": "f1", "target": "ana", "ac": 30}, roll=faces(19))
    assert "a miss" in log(high_ac) and "swallowed" not in log(high_ac)
    frog = fight(next(key for key, m in MONSTERS.items() if m.attacks.startswith("1 tongue or 1 bite: grab or 1d4")))
    bite = session.apply(frog, {"do": "attack", "who": "f1", "target": "ana", "weapon": "bite"}, roll=faces(19, 2))
    assert "swallowed" not in log(bite)
    bite = session.apply(frog, {"do": "attack", "who": "f1", "target": "ana", "weapon": "bite"}, roll=faces(20, 2))
    assert "A natural 20 on the bite: Ana is swallowed whole" in log(bite)


def test_another_mode_is_picked_on_its_own_and_a_breath_per_hit_die_rolls_as_many_dice():
    rhino = fight("black_rhino")
    trample = session.apply(rhino, {"do": "attack", "who": "f1", "target": "ana", "weapon": "trample"},
                            roll=faces(15, 3, 4))
    assert log(trample).startswith("Black Rhino attacks Ana (trample):") and hp(rhino) - hp(trample) == 7
    hound = fight("hellhound", hit_dice="5")
    breath = session.apply(hound, {"do": "attack", "who": "f1", "target": "ana", "weapon": "breath"},
                           roll=faces(15, 1, 2, 3, 4, 5))
    assert "5d6 rolled 1 + 2 + 3 + 4 + 5 = 15 damage" in log(breath) and hp(hound) - hp(breath) == 15


def test_poison_is_named_on_a_hit_only_and_a_hydra_bites_once_a_head():
    bee = fight("bee_giant")
    stung = session.apply(bee, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(15, 2))
    assert log(stung).endswith("Poison: Ana saves vs. Poison or dies.")
    assert "saves vs." not in log(stung, gm=False)
    missed = session.apply(bee, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(3))
    assert "Poison:" not in log(missed)
    hydra = fight("hydra", hit_dice="7")
    bitten = session.apply(hydra, {"do": "attack", "who": "f1", "target": "ana"}, roll=faces(*([2] * 7)))
    assert log(bitten).count("bite: ") == 7 and hp(bitten) == hp(hydra)
