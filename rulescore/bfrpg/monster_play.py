"""A monster's own attack rules in a session fight (docs: bfrpg/monsters.md), as
:mod:`.routine_rules` reads each routine line: what the attack action (:mod:`.attack_action`)
makes of the routine before its dice, and what it tells the GM once they are rolled.

Sessions begun under rules version 2 on (:data:`RULES_FROM`) play them; an older session
replays its attacks as they were played (its foes' routines as read then, no hug rolled).

>>> foe = {"side": "foes", "attacks": "5 to 12 bites: 1d10 per bite", "hit_dice": "7",
...        "routine": [{"name": "attack", "damage": None, "note": "5 to 12 bites: 1d10 per bite"}]}
>>> [one.damage for one in made_attacks(rule_for({"rules_version": 2}, foe), foe)]
['1d10', '1d10', '1d10', '1d10', '1d10', '1d10', '1d10']
>>> rule_for({"rules_version": 1}, foe) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .monsters import hit_dice_roll
from .routine_readings import Rule
from .routine_rules import rule_of, words_on_hit
from .routines import Attack

RULES_FROM = 2  # the rules version from which a monster's routine line is played as read here
HUGGING = "claw"  # the attack both of which must hit one target for a hug


def rule_for(state: Mapping[str, Any], one: Mapping[str, Any]) -> Rule | None:
    """The reading of a foe's routine line, in a session that plays it (None: a character, a foe
    typed in without a monster, or a session begun before)."""
    if state.get("rules_version", 0) < RULES_FROM or one.get("side") != "foes" or not one.get("attacks"):
        return None
    try:
        return rule_of(str(one["attacks"]))
    except KeyError:  # a line the reading does not know (a row changed since): played as read
        return None


def _hit_dice(one: Mapping[str, Any]) -> int:
    try:
        count, sides, _ = hit_dice_roll(str(one.get("hit_dice", "1")))
    except ValueError:
        return 1
    return max(count if sides == 8 else 1, 1)


def made_attacks(rule: Rule | None, one: Mapping[str, Any]) -> list[Attack]:
    """The foe's routine as the fight makes it: a line kept whole by the reader made as our
    reading splits it (a hydra's bites as many as its hit dice); a breath of "1d6 per Hit Die"
    rolled as that many d6; the hug's words off the bite (the hug is rolled on its own)."""
    stored = [Attack(**entry) for entry in one.get("routine", [])]
    if rule is None:
        return stored
    whole = len(stored) == 1 and stored[0].damage is None and stored[0].note == one.get("attacks")
    attacks = list(rule.attacks) * (_hit_dice(one) if rule.heads else 1) if rule.attacks and whole else stored
    return [adjusted(rule, attack, one) for attack in attacks]


def adjusted(rule: Rule | None, attack: Attack, one: Mapping[str, Any]) -> Attack:
    """One attack as the fight makes it (see :func:`made_attacks`)."""
    if rule is None:
        return attack
    if attack.name in rule.hidden:
        attack = attack._replace(note="")
    if re.fullmatch(r"per hit die", attack.note, re.IGNORECASE) and attack.damage == "1d6":
        attack = attack._replace(damage=f"{_hit_dice(one)}d6", note="1d6 for each hit die")
    return attack


def said_on_hit(rule: Rule | None, attack: str, target: str, natural: int) -> str:
    """What the GM reads after a hit of ``attack``: the rulebook's effect, and a swallow when the
    natural roll brings it ("" for nothing)."""
    if rule is None:
        return ""
    words = [words_on_hit(rule, attack).replace("{target}", target)]
    if rule.swallow and rule.swallow[0] == attack and natural >= rule.swallow[1]:
        words.append(f"A natural {natural} on the {attack}: " + rule.swallow[2].replace("{target}", target))
    return " ".join(word for word in words if word)


def hugs(rule: Rule | None, hits: list[str]) -> str | None:
    """The hug's dice when both claws of the routine hit (``hits``: the attacks that hit, in turn)."""
    if rule is None or rule.hug is None:
        return None
    return rule.hug if hits.count(HUGGING) >= 2 else None


def each_time(rule: Rule | None) -> str:
    """What the GM is told each time the whole routine is made ("" for nothing)."""
    return rule.each_time if rule else ""
