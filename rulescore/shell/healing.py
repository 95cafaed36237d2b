"""SHELL healing in a session (docs: shell/fatigue-and-recovery.md, "Days of healing"): days
pass, and each injured location of each living character gets back the day's share of base HP
that shell.recovery gives by HT, fractions carried from day to day at each location.

Our readings, where the rule says only how fast a location heals:

- The total damage taken heals with the locations: it falls by what the locations get back,
  but for a hand or a foot, whose damage also lies on its arm or leg and comes off the total
  with it; lethal damage that no location holds (brought from the sheet, which keeps no place)
  heals as one more injured location would. The total never falls below 0.
- Days pass long after any fight, so the non-lethal tally is gone first, and with it the
  non-lethal damage its hits left at their locations: what the locations then hold is lethal.
- A temporary crippling ends once its location has all its HP back; a permanent one stays, and
  so does one whose HT roll is still the GM's to settle.
- A stun is long over.
- The unconscious come round once their damage taken is below base HP.
- END comes back by "Rest (hours)", not by this action.

Orla (10 HP, HT 11: 11.5% a day, 1.15 HP) with 4 HP on her torso heals 2 in two days (2.3, the
0.3 carried to the next day):

>>> from rulescore import session
>>> party = [{"id": "o", "name": "Orla", "system": "shell", "fields": {"ht_bought": 1}}]
>>> state = session.apply(session.new("shell", party), {"do": "damage", "who": "o", "damage": 4})
>>> state = session.apply(state, {"do": "day", "days": 2})
>>> orla = session.view(state)["characters"][0]
>>> orla["lethal"], orla["locations"]
(2, {'torso': 2})
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core import Input
from ..notation import number_text as n
from ..play.common import Action, State, keys, note, passed, sheet, take
from ..play.dice_asks import Dice
from .common import CHART_RANGE
from .damage import LOCATION, crippling_needed
from .recovery import hp_per_day, hp_recovery_percent

PAGE = "shell/fatigue-and-recovery/#days-of-healing"
DAYS = Input("days", "Days", "int", None, unit="days", min=1, max=365,
             help="each injured location heals the day's share of base HP by HT")
NO_PLACE = "(place not kept)"  # lethal damage no location holds: the sheet's, say
BOTH_COUNTS = ("hand", "foot")  # their damage also lies on the arm or leg, and comes off the total with it


def _base(key: str) -> str:
    """The location of a tally's key ("left arm" → "arm")."""
    return key.rsplit(" ", 1)[-1]


def _carry(character: dict[str, Any], key: str) -> Fraction:
    return Fraction(character.get("heal_carry", {}).get(key, "0"))


def _heal(character: dict[str, Any], key: str, damage: int, per_day: Fraction, days: int) -> int:
    """Whole HP back at ``key`` over ``days``, its fraction kept for the next day."""
    grown = _carry(character, key) + per_day * days
    back = min(math.floor(grown), damage)
    carry = character.setdefault("heal_carry", {})
    if back == damage:
        carry.pop(key, None)
    else:
        carry[key] = str(grown - back)
    return back


def wipe_stun(character: dict[str, Any]) -> int:
    """The non-lethal tally wiped, and the non-lethal damage it left at each location with it
    (so the locations hold lethal damage only, which healing then takes off the total);
    returns what was wiped."""
    gone: int = character["stun"]
    character["stun"] = 0
    for key, stun in character.pop("stun_locations", {}).items():
        if key in character["locations"]:
            character["locations"][key] = max(character["locations"][key] - stun, 0)
    return gone


def heal_character(state: State, who: str, name: str, days: int) -> None:
    """``days`` of healing for one living character, logged."""
    character, figures = state["characters"][who], sheet(state, who)
    hp = figures["hp"]
    ht = min(max(figures["ht"], CHART_RANGE.low), CHART_RANGE.high)
    per_day = hp_per_day(ht, hp)
    before = character["lethal"] + character["stun"]
    parts, off_total = [], 0
    if character["stun"] or character.get("stun_locations"):
        parts.append(f"non-lethal {wipe_stun(character)} gone")
    if character["stunned"]:
        parts.append("no longer stunned")
        character["stunned"] = False
    placed = sum(damage for key, damage in character["locations"].items() if _base(key) not in BOTH_COUNTS)
    unplaced = max(character["lethal"] - placed, 0)
    for key, damage in list(character["locations"].items()):
        if not damage:
            continue
        back = _heal(character, key, damage, per_day, days)
        character["locations"][key] = damage - back
        off_total += 0 if _base(key) in BOTH_COUNTS else back
        parts.append(f"{key} {damage} → {damage - back}")
        needed = crippling_needed(_base(key), hp) if _base(key) in LOCATION else None
        if damage - back == 0 and key in character["crippled"] \
                and character["crippled"][key].endswith("temporary"):
            del character["crippled"][key]
            parts.append(f"{key} no longer {'blinded' if _base(key) == 'eye' else 'crippled'}"
                         + (f" ({needed} HP cripple it)" if needed else ""))
    if unplaced:
        back = _heal(character, NO_PLACE, unplaced, per_day, days)
        off_total += back
        parts.append(f"damage with no place kept {unplaced} → {unplaced - back}")
    character["lethal"] = max(character["lethal"] - off_total, 0)
    total = character["lethal"] + character["stun"]
    woke = character["unconscious"] and total < hp
    if woke:
        character["unconscious"] = False
    if not parts and not woke:
        return
    note(state, f"round {state['clock']['rounds']}",
         f"{name} heals {n(hp_recovery_percent(ht))}% of {hp} HP a day ({n(per_day)} HP) at each injured "
         f"location: {'; '.join(parts)}; damage taken {before} → {total} of {hp} HP"
         + ("; comes round." if woke else "."), PAGE)


def days(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "day", "days": N}``: days of healing for the whole party (the dead excepted)."""
    keys(action, ("days",))
    count = take(action, DAYS)
    note(state, f"round {state['clock']['rounds']}", f"The party heals for {passed(count, 'day')}.", PAGE)
    for member_ in state["party"]:
        if not state["characters"][member_["id"]]["dead"]:
            heal_character(state, member_["id"], member_["name"], count)


FORM = Action("day", "day", "Days of healing",
              "Days pass: each injured location heals a share of base HP a day by HT; the total damage taken "
              "heals with the locations. END comes back by resting.", (DAYS,))
