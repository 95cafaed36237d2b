"""Damage and hit locations (docs: shell/damage.md): damage resistance and modifier, the
damage types' effects, each hit location's AT modifier and crippling threshold, stun,
unconsciousness and death, and damage to objects. The damage roll itself is in :mod:`.weapons`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import signed
from .common import SYSTEM
from .weapons import DAMAGE_TYPE_CHOICES


class HitLocation(NamedTuple):
    value: str  # the choice's value
    name: str
    at: int  # AT modifier for aiming at it
    crippling_percent: int | None  # % of base HP that cripples it; None: it cannot be crippled
    effect: str


HIT_LOCATIONS = (
    HitLocation("torso", "Torso", 0, None, "no special effect; general (area) damage goes here"),
    HitLocation("arm", "Arm", -1, 40, "hand damage counts toward it; damage past it is not counted"),
    HitLocation("leg", "Leg", -1, 40, "foot damage counts toward it; damage past it is not counted"),
    HitLocation("head", "Head", -2, None, "skull gives +2 natural DR; all damage × 4 (brain hit)"),
    HitLocation("heart", "Heart", -2, None, "impaling damage × 1.5"),
    HitLocation("groin", "Groin", -2, None, "impaling damage × 1.5"),
    HitLocation("face", "Face", -3, None, "no special effect"),
    HitLocation("hand", "Hand", -3, 20, "damage past it counts neither in the total nor for the arm"),
    HitLocation("foot", "Foot", -3, 20, "damage past it counts neither in the total nor for the leg"),
    HitLocation("neck", "Neck", -4, None, "all damage × 4"),
    HitLocation("eye", "Eye", -5, 10, "blinded; damage past it × 4 (brain hit)"),
)
LOCATION = {row.value: row for row in HIT_LOCATIONS}
LOCATION_CHOICES = tuple((row.value, row.name) for row in HIT_LOCATIONS)
WEAPON_TARGET_AT = -2
FAR_SIDE_AT = -3
LIMBS = ("arm", "leg", "hand", "foot")


def crippling_needed(location: str, base_hp: int) -> int | None:
    """Whole HP of damage at a location that cripples it: the percentage, rounded up.

    >>> crippling_needed("arm", 12), crippling_needed("torso", 12)
    (5, None)
    """
    pct = LOCATION[location].crippling_percent
    if pct is None:
        return None
    return math.ceil(Fraction(pct * base_hp, 100))


def object_breaks(damage: int, object_hp: int, impaling: bool = False) -> bool:
    """Damage to objects: the object breaks only on damage MORE than its HP (our reading:
    damage equal to its HP does nothing); impaling weapons do half damage to objects, with
    fractions dropped as for all damage (docs: shell/damage.md#damage-to-objects).

    >>> object_breaks(10, 10), object_breaks(11, 10), object_breaks(21, 10, impaling=True)
    (False, True, False)
    """
    done = damage // 2 if impaling else damage
    return done > object_hp


def is_lethal(non_lethal: bool, damage_type: str, location: str) -> bool:
    """Whether a blow's damage is lethal: non-lethal damage needs a crushing blow to the torso or
    head (docs: shell/damage.md#crushing).

    >>> is_lethal(True, "crushing", "head"), is_lethal(True, "cutting", "head"), is_lethal(False, "crushing", "torso")
    (False, True, True)
    """
    return not (non_lethal and damage_type == "crushing" and location in ("torso", "head"))


@declare_calculator(
    id="shell.damage",
    system=SYSTEM,
    title="Damage and hit location",
    summary="HP lost at a hit location after DR, damage type and location; crippling, stun, "
            "unconsciousness and death.",
    page="shell/damage/",
    inputs=[
        Input("damage", "Damage rolled", "int", 8, min=0, max=200),
        Input("damage_type", "Damage type", "choice", "cutting", choices=DAMAGE_TYPE_CHOICES),
        Input("location", "Hit location", "choice", "torso", choices=LOCATION_CHOICES),
        Input("armour_dr", "Armour DR", "int", 0, min=0, max=30),
        Input("armour_piercing", "Armour-piercing", "bool", False, help="halves armour DR"),
        Input("natural_dr", "Natural DR", "int", 0, min=0, max=30, help="the skull's +2 is added for you"),
        Input("dm_percent", "Damage Modifier (DM)", "int", 0, unit="%", min=0, max=100),
        Input("base_hp", "Base HP", "int", 10, min=1, max=100),
        Input("location_damage_before", "Damage already at this location", "int", 0, min=0, max=400,
              help="for an arm or leg, include its hand or foot"),
        Input("lethal_before", "Lethal damage already taken", "int", 0, min=0, max=400),
        Input("stun_before", "Non-lethal damage already taken", "int", 0, min=0, max=400),
        Input("non_lethal", "Non-lethal", "bool", False, help="crushing to the torso or head only"),
    ],
    outputs=[
        Output("hp_lost", "HP lost at the location", min=0),
        Output("counted", "Counts toward total damage", min=0),
        Output("location_damage", "Damage at the location", min=0),
        Output("total_damage", "Total damage", min=0),
        Output("crippling", "Crippling", help="arms, legs, hands, feet and eyes only"),
        Output("stunned", "Stunned"),
        Output("rolls", "Rolls to make"),
        Output("unconscious", "Unconscious"),
        Output("dead", "Dead"),
    ],
)
def damage(step: Working, damage: int, damage_type: str, location: str, armour_dr: int, armour_piercing: bool,
           natural_dr: int, dm_percent: int, base_hp: int, location_damage_before: int, lethal_before: int,
           stun_before: int, non_lethal: bool) -> dict[str, Any]:
    """What one hit does: the HP it takes off the location it struck after DR, DM, the damage
    type and the location's factor; how much of it counts toward the total; and whether the
    location is crippled, the victim stunned, unconscious (total damage reaches base HP) or dead
    (lethal damage reaches twice base HP), with the rolls to make (docs: shell/damage.md#damage
    and #hit-location).

    >>> from rulescore import calculate
    >>> arm = calculate("shell.damage", {"damage": 7, "location": "arm", "armour_dr": 2, "base_hp": 12,
    ...                                  "location_damage_before": 2})
    >>> arm["hp_lost"], arm["counted"], arm["crippling"], arm["stunned"]
    (5, 3, 'crippled: HT+2 roll, fail = permanent', True)
    >>> head = calculate("shell.damage", {"damage": 6, "damage_type": "crushing", "location": "head",
    ...                                   "armour_dr": 1, "base_hp": 11})
    >>> head["hp_lost"], head["stunned"], head["rolls"], head["unconscious"]
    (12, True, 'WP roll to stay conscious', True)
    """
    name = LOCATION[location].name
    armour = armour_dr // 2 if armour_piercing else armour_dr
    skull = 2 if location == "head" else 0
    dr = armour + natural_dr + skull
    parts = [f"armour {armour_dr}" + (f" halved to {armour}" if armour_piercing else "")]
    if natural_dr:
        parts.append(f"natural {natural_dr}")
    if skull:
        parts.append("skull 2")
    value = Fraction(max(damage - dr, 0))
    step(f"DR = {' + '.join(parts)} = {dr}; {damage} − {dr} = {n(value)} gets through.", rule="#damage")
    if dm_percent and value:
        value = value * (100 - dm_percent) / 100
        step(f"DM {dm_percent}% reduces it to {n(value)}.", rule="#damage")
    if damage_type == "impaling" and location in ("heart", "groin"):
        value *= Fraction(3, 2)
        step(f"Impaling damage to the {location} × 1.5 = {n(value)}.", rule="#impaling")
    elif damage_type == "impaling" and location in LIMBS:
        value /= 2
        step(f"Impaling damage to a limb is halved: {n(value)}.", rule="#impaling")
    needed = crippling_needed(location, base_hp)
    if location in ("head", "neck"):
        value *= 4
        step(f"{name}: all damage × 4 = {n(value)}.", rule="#hit-location")
    elif location == "eye" and value and needed is not None:  # an eye has a threshold
        room = Fraction(max(needed - location_damage_before, 0))
        normal = min(value, room)
        excess = value - normal
        if excess:
            value = normal + 4 * excess
            step(f"Eye: damage past the {needed} HP that blinds it is × 4 (brain hit): "
                 f"{n(normal)} + 4 × {n(excess)} = {n(value)}.", rule="#hit-location")
    lost = math.floor(value)
    if lost != value:
        step(f"Fractions dropped: {lost} HP.", rule="#damage-type")
    after = location_damage_before + lost
    if location in LIMBS and needed is not None:  # every limb has a threshold
        counted = min(after, needed) - min(location_damage_before, needed)
        step(f"{name}: only damage up to the {needed} HP that cripples it ({LOCATION[location].crippling_percent}% of "
             f"{base_hp}, rounded up) counts toward total damage: {counted} of {lost}.", rule="#hit-location")
        if location in ("hand", "foot") and counted:
            limb = "arm" if location == "hand" else "leg"
            step(f"The {counted} HP also count toward the {limb}'s 40%.", rule="#hit-location")
    else:
        counted = lost
    lethal = is_lethal(non_lethal, damage_type, location)
    if non_lethal and lethal:
        step("Non-lethal damage needs a crushing blow to the torso or head; this blow is lethal.", rule="#crushing")
    lethal_total = lethal_before + (counted if lethal else 0)
    stun_total = stun_before + (0 if lethal else counted)
    total = lethal_total + stun_total
    step(f"Total damage = lethal {lethal_total} + non-lethal {stun_total} = {total} of {base_hp} HP.",
         rule="#hit-location")

    rolls: list[str] = []
    crippling = "no effect" if needed is not None else None  # None: this location cannot be crippled
    stunned = False
    if needed is not None:
        permanent_at = 2 * needed
        what = "blinded" if location == "eye" else "crippled"
        if after >= needed:
            stunned_now = location_damage_before < needed
            if after >= permanent_at:
                crippling = f"{what}, permanent"
                if location_damage_before < permanent_at:
                    rolls.append("WP roll to stay conscious")
            elif lost >= needed:
                crippling = f"{what}: HT+2 roll, fail = permanent"
                rolls.append("HT roll at +2 (failure: permanent, then WP roll to stay conscious)")
            else:
                crippling = f"{what}, temporary"
            if stunned_now:
                stunned = True
            step(f"{name}: {after} HP of damage there against {needed} to cripple and {permanent_at} for a "
                 f"permanent injury: {crippling}" + ("; crippling stuns." if stunned_now else "."),
                 rule="#hit-location")
        else:
            step(f"{name}: {after} HP of damage there, {needed} needed to cripple it.", rule="#hit-location")
    half = Fraction(base_hp, 2)
    third = Fraction(base_hp, 3)
    if damage_type == "crushing" and location in ("head", "torso", "groin"):
        if lost >= third:
            stunned = True
            step(f"Crushing blow to the {location}: {lost} HP is at least a third of {base_hp} ({n(third)}): stunned.",
                 rule="#crushing")
            if location in ("head", "groin"):
                rolls.append("WP roll to stay conscious")
    if lost >= half and not stunned:
        stunned = True
        step(f"One blow of {lost} HP is at least half of {base_hp} ({n(half)}): stunned, losing the next turn.",
             rule="#damage")
    unconscious = total >= base_hp
    dead = lethal_total >= 2 * base_hp
    if dead:
        step(f"Lethal damage {lethal_total} is at least twice base HP ({2 * base_hp}): dead.", rule="#damage")
    elif unconscious:
        step(f"Total damage {total} is at least base HP ({base_hp}): unconscious, and END drops to 0.", rule="#damage")
    return {"hp_lost": lost, "counted": counted, "location_damage": after, "total_damage": total,
            "crippling": crippling, "stunned": stunned, "rolls": "; ".join(dict.fromkeys(rolls)) or "none",
            "unconscious": unconscious, "dead": dead}


@declare_table("shell.hit_locations")
def hit_locations_table() -> TableContent:
    rows = tuple((row.name, signed(row.at), f"{row.crippling_percent}% of base HP" if row.crippling_percent else "—",
                  row.effect) for row in HIT_LOCATIONS)
    rows += (("Weapon", signed(WEAPON_TARGET_AT), "—", "damage to objects"),
             ("Far side (extra)", signed(FAR_SIDE_AT), "—", "a limb on the side turned away"))
    return TableContent("Hit locations", ("Location", "AT", "Cripples at", "Effect"), rows,
                        "A crippled location stuns; double the crippling damage makes it permanent.")
