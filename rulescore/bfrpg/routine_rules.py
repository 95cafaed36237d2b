"""What each Basic Fantasy routine line means beyond its dice (docs: bfrpg/monsters.md): the
rulebook's stat lines mark a bear's hug, a swallow, a poison, a breath, and the monster's
description says what they do. :mod:`.routines` reads a line into attacks; this module says,
for every distinct line of :mod:`.monsters`, how a session fight plays it (:mod:`.monster_play`):

- ``played``: every attack has its dice and nothing comes with a hit;
- ``conditional``: the dice decide an extra, which the fight rolls (a hug after both claws hit
  one target) or names to the GM at the moment it comes (a swallow on a natural 19 or 20);
- ``alternative``: the line offers another mode ("or 1 trample", "or by weapon", "or breath"),
  selectable as its own attack or named beside the damage;
- ``gm``: what the rulebook leaves to the table (a poison's saving throw, a hold, an aura) is
  named to the GM in the log when it applies: on a hit, or each time the routine is made.

>>> rule_of("2 claws/1 bite + hug: 1d4/1d4/1d6 + 2d6 hug").hug
'2d6'
>>> rule_of("1 bite: 2d6").kind, rule_of("1 butt or 1 trample: 2d6 or 2d8").kind
('played', 'alternative')
>>> rule_of("1 sting: 1d4 + poison").on_hit
(('sting', 'Poison: {target} saves vs. Poison or dies.'),)

The readings, with the rulebook's figures, are ours: where a line or its description leaves a
choice, the reading says which we took (and docs/bfrpg/monsters.md says so too).
"""

from __future__ import annotations

import re

from .monsters import MONSTERS
from .routine_readings import SPECIAL, Rule
from .routines import Attack, Routine, routine

KINDS = ("played", "conditional", "alternative", "gm")
# What a note may say and still be no more than the attack's dice: a count's "each", the weapon
# a giant swings, a rock thrown.
COSMETIC = frozenset({"", "each", "(club)", "(thrown)"})
# An attack offered in another's place ("or 1d6 or by weapon", "or bite"): named after the damage.
_INSTEAD = re.compile(r"or (?:\d+d\d+(?:\s*\+\s*\d+)? or )*(?:by )?(?:weapon|fist|bite|special)(?:\s*\+\s*\d+)?")


def _listed(attacks: tuple[Attack, ...]) -> str:
    """"Claw 1d4 twice, bite 1d6, each with its own roll to hit" (one attack: "Bite 2d6, rolled")."""
    groups: list[tuple[str, str | None, int]] = []
    for one in attacks:
        if groups and groups[-1][:2] == (one.name, one.damage):
            groups[-1] = (one.name, one.damage, groups[-1][2] + 1)
        else:
            groups.append((one.name, one.damage, 1))
    text = ", ".join(f"{name} {damage}" + ("" if count == 1 else " twice" if count == 2 else f" ×{count}")
                     for name, damage, count in groups)
    return text[0].upper() + text[1:] + (", each with its own roll to hit" if len(attacks) > 1 else ", rolled")


def _automatic(read: Routine) -> Rule | None:
    """A line whose attacks all have their dice: ``played``, or ``alternative`` where it offers
    another mode; None where it needs a reading of its own."""
    every = (*read.attacks, *read.others)
    if not read.read or any(one.damage is None and not _INSTEAD.fullmatch(one.note) for one in every):
        return None
    if any(one.note not in COSMETIC and not _INSTEAD.fullmatch(one.note) for one in every):
        return None
    rolled = _listed(read.attacks)
    if not read.others and all(one.note in COSMETIC for one in every):
        return Rule("played", f"{rolled}.")
    instead = [one.note[3:] for one in read.attacks if one.note.startswith("or ")]
    others = [f"{one.name} {one.damage or '(by weapon)'}" for one in read.others]
    words = [f"{rolled}."]
    if others:
        words.append(f"Or, as its own attack: {', '.join(others)}.")
    if instead:
        words.append(f"The line's other figure ({'; '.join(instead)}) is named beside the damage.")
    return Rule("alternative", " ".join(words))


def rule_of(text: str) -> Rule:
    """How a session fight plays a routine line (a KeyError for a line no reading covers)."""
    if text in SPECIAL:
        return SPECIAL[text]
    found = _automatic(routine(text))
    if found is None:
        raise KeyError(text)
    return found


def words_on_hit(rule: Rule, attack: str) -> str:
    """What the GM is told when ``attack`` hits ("" for nothing)."""
    return " ".join(words for name, words in rule.on_hit if name in (attack, "*"))


CLASS_WORDS = {"played": "played", "conditional": "played, with an extra the dice bring",
               "alternative": "another mode offered", "gm": "named to the GM"}


def lines() -> dict[str, list[str]]:
    """Every distinct routine line of the monster list, with the monsters that have it, in the
    list's order."""
    found: dict[str, list[str]] = {}
    for monster in MONSTERS.values():
        found.setdefault(monster.attacks, []).append(monster.name)
    return found


def table() -> list[str]:
    """The docs' table (docs/bfrpg/monsters.md): one row for each line, with our reading."""
    rows = ["| Routine line | Monsters | How it is played | Our reading |", "|---|---|---|---|"]
    for text, names in lines().items():
        rule = rule_of(text)
        rows.append(f"| `{text}` | {'; '.join(names)} | {CLASS_WORDS[rule.kind]} | {rule.reading} |")
    return rows
