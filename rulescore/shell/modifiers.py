"""The modifier picker for an attack (docs: shell/combat.md#modifier-picker): the AT and DEF
modifiers of the reference's tables and maneuver chart as chips, the attack's exact 2d10 odds
with them, and the AT needed for the chance you want. The modifiers are read from
:mod:`.combat` and :mod:`.ranged`, the odds from the attack roll itself (:mod:`.attack`).

>>> at_and_def(3, 3, dict(DEFAULTS, attacker_maneuver="guard", off_hand=True, stunned=True))[:2]
(1, -2)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ..core import Input, Output, Result, RulesInputError, Working, declare_calculator, get_calculator
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from ..rolls import declare_roll
from .attack import NO_SHIELD, SHIELD_CHOICES, NumberChoice, attack
from .combat import ATTACK_MODIFIERS, DEFENCE_MODIFIERS, MANEUVER, MANEUVERS
from .common import AT_DEFAULT, BLOCK_DEF_DEFAULT, SYSTEM
from .ranged import COVER_PENALTY, MAX_AIM_BONUS, range_limits
from .rolls import attack_roll_result

AT_CHIPS = {row.key: row for row in ATTACK_MODIFIERS if row.key}
DEF_CHIPS = {row.key: row for row in DEFENCE_MODIFIERS if row.key}
RANGE_BANDS = range_limits(12)
MAX_COVER = 3
WANTED_RANGE = (1, 99)  # 2d10 + AT − DEF: a high enough AT always hits
AT_SEARCH = range(-40, 81)  # AT values tried for the reverse question


def _band_label(index: int) -> str:
    low = 1 if index == 0 else RANGE_BANDS[index - 1].farthest
    high = RANGE_BANDS[index].farthest
    low_text = str(int(low) + 1) if index else "1"
    return f"{low_text}–{int(high)} units ({signed(RANGE_BANDS[index].modifier)})"


def at_and_def(attack_value: int, defence_value: int, picked: dict[str, Any]) -> tuple[int, int, list[str]]:
    """AT and DEF with the picked modifiers, and a sentence for each one that counts. A ranged
    attack (weapon speed over 0) takes the range, aim and cover chips; a hand-to-hand one does
    not. The DEF modifiers are added after a ranged weapon's speed divides the base DEF (the
    attack roll does that), as the attack calculator reads it."""
    ranged = picked["weapon_speed"] > 0
    at_total, def_mod, said = attack_value, 0, []
    maneuver, guarding = MANEUVER[picked["attacker_maneuver"]], MANEUVER[picked["defender_maneuver"]]
    if maneuver.at:
        at_total += maneuver.at
        said.append(f"AT {signed(maneuver.at)} for the attacker's {maneuver.name}")
    for key, row in AT_CHIPS.items():
        if picked[key] and not (ranged and key == "cannot_see"):
            at_total += row.value
            said.append(f"AT {signed(row.value)}: {row.situation.lower()}")
    if ranged:
        band = RANGE_BANDS[int(picked["range_band"])]
        aim = min(int(picked["aiming"]), MAX_AIM_BONUS)
        cover = COVER_PENALTY * int(picked["obstructions"])
        for amount, why in ((band.modifier, "range"), (aim, "aiming"), (cover, "cover")):
            if amount:
                at_total += amount
                said.append(f"AT {signed(amount)} for {why}")
    if guarding.defence:
        def_mod += guarding.defence
        said.append(f"DEF {signed(guarding.defence)} for the defender's last maneuver, {guarding.name}")
    for key, row in DEF_CHIPS.items():
        if picked[key]:
            def_mod += row.value
            said.append(f"DEF {signed(row.value)}: {row.situation.lower()}")
    return at_total, def_mod, said


@cache  # the picker asks again for every chip's odds: the same few attacks, many times
def _hit(at_total: int, defence_value: int, def_mod: int, shield_pr: str, weapon_speed: int) -> Fraction:
    odds = attack(Working(), at_total, defence_value, shield_pr, weapon_speed, def_mod, "aware")
    return Fraction(odds["hit"])


def needed_at(defence_value: int, picked: dict[str, Any], wanted: Fraction) -> int | None:
    """The lowest base AT that hits the defender at least ``wanted`` of the time with these
    modifiers (the chance never falls as AT rises: a binary search), or None."""
    low, high = 0, len(AT_SEARCH)
    while low < high:
        middle = (low + high) // 2
        at_total, def_mod, _ = at_and_def(AT_SEARCH[middle], defence_value, picked)
        if _hit(at_total, defence_value, def_mod, picked["shield_pr"], picked["weapon_speed"]) >= wanted:
            high = middle
        else:
            low = middle + 1
    return AT_SEARCH[low] if low < len(AT_SEARCH) else None


@declare_calculator(
    id="shell.modifiers",
    system=SYSTEM,
    title="Attack modifier picker",
    summary="Pick the AT and DEF modifiers that apply: each shows the chance to hit it would give, and the AT "
            "needed for the chance you want.",
    page="shell/combat/",
    inputs=[
        Input("attack_value", "Attacker's AT", "int", AT_DEFAULT, min=-20, max=40,
              help="combat skill level + the AG modifier, before these modifiers"),
        Input("defence_value", "Defender's DEF", "int", BLOCK_DEF_DEFAULT, min=-20, max=40,
              help="block or dodge DEF before these modifiers; a knocked-down defender can only dodge"),
        NumberChoice("shield_pr", "Defender's shield", "choice", str(NO_SHIELD), choices=SHIELD_CHOICES),
        Input("weapon_speed", "Ranged weapon speed", "int", 0, min=0, max=5,
              help="0 for a hand-to-hand attack; thrown 1, bows 2, guns and magic 3"),
        Input("attacker_maneuver", "Attacker's maneuver", "choice", "attack",
              choices=tuple((row.value, f"{row.name} ({signed(row.at)})") for row in MANEUVERS)),
        *(Input(key, row.situation, "bool", False) for key, row in AT_CHIPS.items()),
        Input("range_band", "Range", "choice", "0",
              choices=tuple((str(i), _band_label(i)) for i in range(len(RANGE_BANDS))), help="ranged attacks only"),
        Input("aiming", "Aiming", "choice", "0",
              choices=tuple((str(t), f"{t} turn{'s' if t > 1 else ''} ({signed(t)})" if t else "none")
                            for t in range(MAX_AIM_BONUS + 1)), help="ranged attacks only"),
        Input("obstructions", "Cover", "choice", "0",
              choices=tuple((str(c), f"{c} obstruction{'s' if c > 1 else ''} ({signed(COVER_PENALTY * c)})" if c
                             else "none") for c in range(MAX_COVER + 1)), help="ranged attacks only"),
        Input("defender_maneuver", "Defender's last maneuver", "choice", "attack",
              choices=tuple((row.value, f"{row.name} ({signed(row.defence)})") for row in MANEUVERS)),
        *(Input(key, row.situation, "bool", False) for key, row in DEF_CHIPS.items()),
        Input("wanted", "Chance you want", "int", 90, unit="%", min=WANTED_RANGE[0], max=WANTED_RANGE[1],
              help="for the AT needed"),
    ],
    outputs=[
        Output("at_total", "AT with modifiers", min=-40, max=50),
        Output("def_modifier", "DEF modifiers", min=-20, max=10),
        Output("hit", "Hits the defender", format="percent"),
        Output("shield_hit", "Hits the shield", format="percent"),
        Output("defended", "Defended", format="percent"),
        Output("miss", "Miss", format="percent"),
        Output("at_needed", "AT needed for the chance you want", help="none when no AT reaches it",
               min=AT_SEARCH.start, max=AT_SEARCH.stop - 1),
    ],
    chips=("attacker_maneuver", *AT_CHIPS, "range_band", "aiming", "obstructions", "defender_maneuver", *DEF_CHIPS),
    odds="hit",
)
def modifiers(step: Working, attack_value: int, defence_value: int, wanted: int, **picked: Any) -> dict[str, Any]:
    """AT and DEF after the picked modifiers and the exact odds of the attack roll with them,
    plus the base AT needed to hit the defender as often as you want (docs:
    shell/combat.md#modifier-picker, #attack-modifiers, #defence-modifiers).

    The page's example, AT 5 against block DEF 4, the attacker on Guard and higher, the
    defender stunned:

    >>> from rulescore import calculate
    >>> r = calculate("shell.modifiers", {"attack_value": 5, "defence_value": 4, "attacker_maneuver": "guard",
    ...                                   "higher": True, "stunned": True})
    >>> r["at_total"], r["def_modifier"], r["at_needed"]
    (7, -2, 6)
    """
    at_total, def_mod, said = at_and_def(attack_value, defence_value, picked)
    if picked["cannot_see"] and picked["weapon_speed"] > 0:
        step("A ranged attack on a defender the attacker cannot see is not possible at all: no roll, no hit.",
             rule="#attack-modifiers")
        return {"at_total": at_total, "def_modifier": def_mod, "hit": Fraction(0), "shield_hit": Fraction(0),
                "defended": Fraction(0), "miss": Fraction(1), "at_needed": None}
    step(f"Start from AT {n(attack_value)} and DEF {n(defence_value)}.", rule="#attacks")
    for sentence in said:
        step(sentence + ".", rule="#defence-modifiers" if sentence.startswith("DEF") else "#attack-modifiers")
    odds = attack(step, at_total, defence_value, picked["shield_pr"], picked["weapon_speed"], def_mod, "aware")
    needed = needed_at(defence_value, picked, Fraction(wanted, 100))
    if needed is None:
        step(f"No AT reaches a {wanted}% chance to hit the defender with these modifiers.", rule="#modifier-picker")
    else:
        step(f"To hit the defender at least {wanted}% of the time you need AT {n(needed)} with these modifiers "
             f"(now {pct(odds['hit'])}).", rule="#modifier-picker")
    return {"at_total": at_total, "def_modifier": def_mod, "hit": odds["hit"], "shield_hit": odds["shield_hit"],
            "defended": odds["defended"], "miss": odds["miss"], "at_needed": needed}


@declare_roll("shell.modifiers", "2d10")
def resolve_modifiers(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The attack the picker is for, rolled: 2d10 + AT − DEF with the AT and DEF it worked out,
    read by the attack roll's own rule (shell.attack), so nothing is retyped elsewhere.

    >>> from rulescore import resolve
    >>> r = resolve("shell.modifiers", {"attack_value": 5, "defence_value": 4, "higher": True}, dice=[6, 5])
    >>> r["at_total"], r["outcome"], r["margin"]
    (6, 'hit', 1)
    """
    picked = result.inputs
    if result["at_needed"] is None and result["hit"] == 0 and picked["cannot_see"] and picked["weapon_speed"] > 0:
        raise RulesInputError("cannot_see", "Cannot see the defender: a ranged attack on a defender the attacker "
                                            "cannot see is not possible, so there is nothing to roll.")
    plain = get_calculator("shell.attack").run({
        "attack_value": result["at_total"], "defence_value": picked["defence_value"], "shield_pr": picked["shield_pr"],
        "weapon_speed": picked["weapon_speed"], "defence_modifier": result["def_modifier"]})
    shield = None if int(picked["shield_pr"]) == NO_SHIELD else int(picked["shield_pr"])
    return attack_roll_result(step, rolled.faces, result["at_total"] - plain["def_used"], shield, "#the-attack-roll")


# Every input at its declared default (the declaration above states them once).
DEFAULTS: dict[str, Any] = {spec.name: spec.parse(spec.default) for spec in get_calculator("shell.modifiers").inputs}
