"""A monster's attack routine, read from its stat line's attacks and damage (:mod:`.monsters`):
"2 claws/1 bite: 1d4/1d4/1d6" is three attacks, each with its own roll to hit and its own damage,
made one after the other in one action of the fight.

>>> [(one.name, one.damage) for one in routine("2 claws/1 bite: 1d4/1d4/1d6").attacks]
[('claw', '1d4'), ('claw', '1d4'), ('bite', '1d6')]

Another mode of attack the line offers instead ("1 butt or 1 trample") is kept apart, each
attack of it made alone when the action names it; whatever comes with a hit ("+ poison", a
hug) is the attack's note:

>>> butt = routine("1 butt or 1 trample: 2d6 or 2d8")
>>> [one.name for one in butt.attacks], [(one.name, one.damage) for one in butt.others]
(['butt'], [('trample', '2d8')])
>>> routine("1 sting: 1d4 + poison").attacks[0].note
'poison'

What is not dice (a gaze's petrification, "by weapon") leaves the attack's damage to the GM
(``damage`` None, the words kept in its note), and a line the reading cannot split into attacks
(a count "5 to 12") is kept whole as one attack of the GM's, ``read`` False:

>>> routine("1 bite/1 gaze: 1d10/petrification").attacks[1]
Attack(name='gaze', damage=None, note='petrification')
>>> hydra = routine("5 to 12 bites: 1d10 per bite")
>>> hydra.read, hydra.attacks[0].damage, hydra.attacks[0].note
(False, None, '5 to 12 bites: 1d10 per bite')
"""

from __future__ import annotations

import re
from typing import NamedTuple

_DICE = r"\d+d\d+(?:\s*[+\-]\s*\d+(?!\s*(?:d|point)))?"
_PART = re.compile(rf"({_DICE}|\d+(?=\s*(?:\+|$)))(.*)", re.IGNORECASE)
_MODES = re.compile(r"\s+or\s+(?=\d)")
_SLOT = re.compile(r"(\d+)\s+(?!to\b)(.*)")
_EXTRA = re.compile(r"\s*\+\s*")
_NAMELESS = "attack"


class Attack(NamedTuple):
    name: str
    damage: str | None  # dice ("1d6", "2d8+1") or a fixed number; None: the GM says
    note: str = ""  # what comes with a hit, or the line's words where it gives no dice


class Routine(NamedTuple):
    attacks: tuple[Attack, ...]  # made one after the other in one action
    others: tuple[Attack, ...]  # another mode's attacks, each made alone when named
    text: str  # the line as the rulebook gives it
    read: bool  # every attack found; False: one attack of the GM's holding the whole line

    def listed(self) -> list[dict[str, str | None]]:
        """Every attack a fight offers (the routine's, then the other modes'), as plain data."""
        return [one._asdict() for one in (*self.attacks, *self.others)]


def _singular(name: str) -> str:
    words = name.split()
    if not words:
        return name
    last = words[-1]
    if last.endswith("ves"):
        last = last[:-3] + "f"
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return " ".join([*words[:-1], last])


def _clean(text: str) -> str:
    return " ".join(text.replace("*", " ").split()).strip(" ,")


def _slots(left: str) -> list[tuple[int, str, str]] | None:
    """(count, name, note) of each kind of attack in one mode ("2 claws/1 bite + hug"); None if
    a slot cannot be read (a count "1 to 3")."""
    found: list[tuple[int, str, str]] = []
    for raw in re.split(r"\s*/\s*|\s*,\s*(?=\d)", left.strip()):
        note = " ".join(re.findall(r"\(.*?\)", raw))
        head, *extras = _EXTRA.split(re.sub(r"\(.*?\)", " ", raw).strip())
        head = head.strip()
        slot = _SLOT.fullmatch(head)
        if slot is None and found and head and not head[0].isdigit():
            count, name, before = found.pop()  # "horn/head butt": one attack named with a slash
            found.append((count, f"{name}/{head}", before))
            continue
        if slot is None and not found and head and not head[0].isdigit():
            slot = _SLOT.fullmatch("1 " + head)  # "special: 1d12"
        if slot is None and head.isdigit():
            slot = _SLOT.fullmatch(head + " " + _NAMELESS)  # "1: 3d6", "1 + special"
        if slot is None:
            return None
        count, name = int(slot.group(1)), slot.group(2).strip()
        if " or " in name:
            name, alternative = name.split(" or ", 1)
            note = f"or {alternative} {note}"
        extra = ", ".join(_clean(e) for e in extras if _clean(e))
        note = _clean(f"{note} {('+ ' + extra) if extra else ''}")
        found.append((count, _singular(name.strip()) if count > 1 else name.strip(), note))
    return found or None


def _part(text: str) -> tuple[str | None, str]:
    """(dice, the rest) of one damage ("1d6 + poison" → ("1d6", "poison")); (None, words) if no dice."""
    text = text.strip()
    found = _PART.match(text)
    if not found:
        return None, _clean(text)
    rest = _clean(found.group(2))
    rest = re.sub(r"^\+\s*", "", rest)
    return found.group(1).replace(" ", ""), rest


def _named(part: str) -> str:
    dice, rest = _part(part)
    words = re.sub(r"\(.*?\)|\+.*$", "", rest).replace(" per ", " ").split()
    return " ".join(words)


def _matches(slot: str, named: str) -> bool:
    slot_words, part_words = set(_singular(slot).lower().split()), set(_singular(named).lower().split())
    return bool(part_words) and (part_words <= slot_words or slot_words <= part_words)


def _by_name(expanded: list[tuple[str, str]], parts: list[str],
             slots: list[tuple[int, str, str]]) -> tuple[list[str], list[str]] | None:
    """Each attack's damage where the line names them ("1d4 claw, 2d4 bite"), and the damages
    naming an extra ("1d8/round lightning"); None if an attack has none or a damage fits none."""
    extras = {word for _, _, note in slots for word in note.replace("+", " ").split()}
    chosen, used = [], set()
    for name, _ in expanded:
        index = next((i for i, part in enumerate(parts) if _matches(name, _named(part))), None)
        if index is None:
            return None
        chosen.append(parts[index])
        used.add(index)
    left_over = [part for i, part in enumerate(parts) if i not in used]
    if any(not set(_named(part).split()) & extras for part in left_over):
        return None
    return chosen, left_over


def _note(name: str, slot_note: str, rest: str) -> str:
    """What the attack's line says beside its dice: the damage's words (not just the attack's
    name again), then the attack's own ("or breath", "+ hug") unless the damage already says it (the
    Doppleganger's "1 fist or Weapon: 1d12 or by weapon" keeps "or by weapon" alone)."""
    named = set(_singular(name).lower().replace("/", " ").split())
    rest = re.sub(rf"\bper\s+{re.escape(_singular(name).lower())}\b", "each", rest, flags=re.IGNORECASE)
    if rest and set(_singular(rest).lower().split()) <= named:
        rest = ""
    extra_words = set(slot_note.replace("+", " ").lower().split())
    kept = slot_note if not (slot_note.startswith(("+", "or ")) and extra_words <= set(rest.lower().split())) \
        and slot_note.lower() not in rest.lower() else ""
    return _clean(f"{rest} {kept}") if rest else _clean(kept)


def _mode(left: str, right: str) -> tuple[Attack, ...] | None:
    slots = _slots(left)
    if slots is None:
        return None
    expanded = [(name, note) for count, name, note in slots for _ in range(count)]
    parts = [p for p in re.split(r"\s*/\s*", right.strip()) if p.strip()]
    left_over: list[str] = []
    if len(parts) == 1 and len(expanded) > 1 and "," in parts[0]:
        found = _by_name(expanded, [p for p in parts[0].split(",") if p.strip()], slots)
        if found is None:
            return None
        chosen, left_over = found
    elif len(parts) == len(expanded):
        chosen = parts
    elif len(parts) == len(slots):
        chosen = [part for (count, _, _), part in zip(slots, parts, strict=True) for _ in range(count)]
    elif len(parts) == 1 and re.search(r"\ball\b", parts[0]):
        chosen = [parts[0].replace(" all", "")] * len(expanded)
    else:
        return None
    attacks = []
    for (name, slot_note), part in zip(expanded, chosen, strict=True):
        dice, rest = _part(part)
        attacks.append(Attack(name or _NAMELESS, dice, _note(name, slot_note, rest)))
    if left_over:
        last = attacks[-1]
        attacks[-1] = last._replace(note=_clean(f"{last.note}; {', '.join(_clean(p) for p in left_over)}"))
    return tuple(attacks)


def routine(text: str) -> Routine:
    """A monster's routine read from its attacks and damage ("2 claws/1 bite: 1d4/1d4/1d6")."""
    whole = (Attack(_NAMELESS, None, text),)
    if ":" not in text:
        return Routine(whole, (), text, False)
    left, right = text.split(":", 1)
    protected = re.sub(r"/\s*(round|touch)\b", r" per \1", right)
    left_modes = _MODES.split(left.strip())
    right_modes = [part for part in re.split(r"\s+or\s+", protected.strip())] if len(left_modes) > 1 else [protected]
    if len(left_modes) > 1 and len(right_modes) != len(left_modes):
        by_comma = [part for part in protected.split(",") if part.strip()]
        right_modes = by_comma if len(by_comma) == len(left_modes) else [protected] + [""] * (len(left_modes) - 1)
    first = _mode(left_modes[0], right_modes[0])
    if first is None:
        return Routine(whole, (), text, False)
    others: list[Attack] = []
    for left_mode, right_mode in zip(left_modes[1:], right_modes[1:], strict=True):
        read = _mode(left_mode, right_mode) if right_mode.strip() else None
        if read is None:
            slots = _slots(left_mode)
            name = slots[0][1] if slots else _clean(left_mode)
            read = (Attack(name, None, _clean(right_mode) or text),)
        others.extend(read)
    return Routine(first, tuple(others), text, True)


def with_damage(read: Routine | None, typed: str) -> tuple[list[dict[str, str | None]], list[dict[str, str | None]]]:
    """A foe's attacks (its routine, then the other modes') as plain data, the dice of ``typed``
    ("1d8", or one an attack: "1d4/1d4/1d6") in place of its monster's: in order, where they are
    as many as the routine's attacks, else as attacks of their own. ValueError names a bad one.

    >>> with_damage(routine("2 claws/1 bite: 1d4/1d4/1d6"), "1d6/1d6/2d6")[0][2]
    {'name': 'bite', 'damage': '2d6', 'note': ''}
    >>> with_damage(None, "1d8")
    ([{'name': 'attack', 'damage': '1d8', 'note': ''}], [])
    """
    attacks = list(read.attacks) if read else []
    others = list(read.others) if read else []
    if typed.strip():
        parts = [part.strip().lower() for part in typed.split("/")]
        for part in parts:
            if not re.fullmatch(r"[1-9][0-9]?d[1-9][0-9]?(?:[+\-][0-9]{1,2})?|[0-9]{1,3}", part):
                raise ValueError(part)
        if len(parts) == len(attacks) and read and read.read:
            attacks = [one._replace(damage=part) for one, part in zip(attacks, parts, strict=True)]
        else:
            attacks = [Attack(_NAMELESS if len(parts) == 1 else f"{_NAMELESS} {number}", part)
                       for number, part in enumerate(parts, 1)]
    return [dict(one._asdict()) for one in attacks], [dict(one._asdict()) for one in others]


def damage_figure(read: Routine) -> str:
    """The damage a monster's row shows, each attack's dice ("1d4/1d4/1d6"); "" where one has none."""
    if not read.read or any(one.damage is None for one in read.attacks):
        return ""
    return "/".join(str(one.damage) for one in read.attacks)
