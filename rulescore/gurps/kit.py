"""What a fighter fights with in a GURPS fight (docs: gurps/maneuvers.md#attacks-in-the-session):
a character's weapons, armour DR and shield DB as the session took them from the sheet
(:func:`rulescore.gurps.session.start`), a foe's weapon, damage, Parry and Block from its row; and
the defences calculator's inputs that give the Parry and Block those figures say.

A Parry or Block figure (GCS's, or a foe's) becomes the weapon or Shield skill and parry bonus
that give it in gurps.defense, so the calculator still adds a shield's DB, All-Out Defense and a
stun to it:

>>> parry_inputs(11, 16), parry_inputs(11, 14), parry_inputs(11), block_inputs(9)
({'weapon_skill': 16, 'parry_bonus': 0}, {'weapon_skill': 14, 'parry_bonus': 1}, \
{'weapon_skill': 16, 'parry_bonus': 0}, {'shield_skill': 12})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError
from ..play.common import State, sheet, take
from ..wording import received
from .defense import parry_or_block
from .weapons import accuracy, defence_number, parse_damage, resolved

SKILL_TOP = 30
PARRY_BONUS_TOP = 2
# A foe row's weapon: all optional (blank: none given).
FOE_WEAPON_FIELDS = (
    Input("weapon", "Weapon", "text", "", max=40, help="its weapon's name, for the log; blank for none"),
    Input("damage", "Damage", "text", "", max=30,
          help="its weapon's damage in dice, as “1d+2 cut”; blank: the GM rolls it and enters it with Damage"),
    Input("parry", "Parry", "int", "", min=0, max=30, help="blank: 3 + half its attack skill; 0: it cannot parry"),
    Input("block", "Block", "int", "", min=0, max=30, help="its Block with a shield; blank or 0 for none"),
    Input("acc", "Accuracy", "text", "", max=5, help="a ranged weapon's Accuracy (“2”); blank for a melee weapon"),
)


def read_foe_weapon(row: Mapping[str, Any]) -> dict[str, Any]:
    """A foe row's weapon fields: a blank text is "", a blank number None; the damage in dice (a foe
    row keeps no ST for thrust or swing)."""
    read: dict[str, Any] = {}
    for spec in FOE_WEAPON_FIELDS:
        raw = row.get(spec.name)
        if raw is None or isinstance(raw, str) and not raw.strip():
            read[spec.name] = "" if spec.kind == "text" else None
        elif spec.kind == "text":
            if not isinstance(raw, str) or len(raw.strip()) > spec.max:
                raise RulesInputError(spec.name, f"{spec.label}: give a text of {spec.max} characters at most.")
            read[spec.name] = raw.strip()
        else:
            read[spec.name] = take(row, spec)
    if read["acc"] and accuracy(read["acc"]) is None:
        raise RulesInputError("acc", f"Accuracy: received {received(read['acc'])}; give a ranged weapon's Accuracy "
                                     f"as a number (“2”, “3+1” with a scope), or leave it blank for a melee weapon.")
    if read["damage"]:
        read["damage"] = parse_damage(read["damage"], dice_only=True).text
    return read


SHEET_KIT = ("weapons", "shield_db", "st", "fp")  # what a foe from a sheet keeps beside its row's figures


def foe_row_of(figures: Mapping[str, Any]) -> dict[str, Any]:
    """A foe row's figures from a worked-out sheet (play.foe_sheet): its HP, HT, Basic Speed, DX,
    Dodge, DR and Will, and as its attack skill its best weapon's (else the sheet's weapon skill)."""
    skills = [weapon["skill"] for weapon in figures["weapons"] if isinstance(weapon.get("skill"), int)]
    skill = max(skills) if skills else figures["weapon_skill"]
    return {"hp": figures["hp"], "ht": figures["ht"], "basic_speed": figures["basic_speed"], "dx": figures["dx"],
            "dodge": figures["dodge"], "dr": figures["dr"], "will": figures["will"],
            "skill": min(max(skill, 3), SKILL_TOP)}


def sheet_kit(figures: Mapping[str, Any]) -> dict[str, Any]:
    """What a foe from a sheet fights with: all the sheet's weapons, its shield's DB, its ST (for
    thrust and swing) and FP."""
    return {"weapons": [dict(weapon) for weapon in figures["weapons"]], "shield_db": figures["shield_db"],
            "st": figures["st"], "fp": figures["fp"]}


def _sheet_weapons(one: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """A foe's weapons from its sheet, or None for a foe of typed figures (or a sheet without any)."""
    weapons: list[dict[str, Any]] | None = one.get("weapons") or None
    return weapons


def character_kit(state: State, who: str) -> dict[str, Any]:
    """A character's ``weapons``, ``dr`` and ``shield_db`` in the session (the sheet's, for a
    session saved before the session kept them)."""
    character, figures = state["characters"][who], sheet(state, who)
    return {key: character.get(key, figures.get(key, default))
            for key, default in (("weapons", []), ("dr", 0), ("shield_db", 0))}


def foe_weapon(one: dict[str, Any]) -> dict[str, Any]:
    """A foe's one weapon, in a sheet weapon's shape: its name (blank: none given), attack skill
    and damage (blank: the GM rolls it)."""
    parry, block = one.get("parry"), one.get("block")
    return {"name": one.get("weapon") or "", "usage": "", "skill": one.get("skill", 12),
            "damage": one.get("damage") or "", "parry": "" if parry is None else str(parry) if parry else "No",
            "block": str(block) if block else "", "reach": "", "acc": one.get("acc") or "", "range": ""}


def weapons_of(state: State, who: str) -> list[dict[str, Any]]:
    """The weapons ``who`` may attack with: a character's from the sheet, a foe's one."""
    one = state["fight"]["combatants"][who]
    if one["side"] == "foes":
        return _sheet_weapons(one) or [foe_weapon(one)]
    weapons: list[dict[str, Any]] = character_kit(state, who)["weapons"]
    return weapons


def best(weapons: list[dict[str, Any]], key: str) -> dict[str, Any] | None:
    """The weapon with the best Parry (``key`` "parry") or Block among ``weapons``; None if none has one."""
    scored = [weapon for weapon in weapons if defence_number(weapon.get(key, "")) is not None]
    return max(scored, key=lambda weapon: defence_number(weapon[key]) or 0) if scored else None


def parry_inputs(score: int, skill: int | None = None) -> dict[str, int]:
    """The weapon skill and parry bonus gurps.defense turns into a Parry of ``score``: the weapon's
    own skill where its bonus is 0 to 2, else a skill that gives it."""
    if score <= 0:
        return {"weapon_skill": 0, "parry_bonus": 0}
    if skill and 0 <= score - parry_or_block(skill) <= PARRY_BONUS_TOP:
        return {"weapon_skill": skill, "parry_bonus": score - parry_or_block(skill)}
    weapon_skill = max(1, min(SKILL_TOP, 2 * (score - 3)))
    return {"weapon_skill": weapon_skill,
            "parry_bonus": min(PARRY_BONUS_TOP, max(0, score - parry_or_block(weapon_skill)))}


def block_inputs(score: int) -> dict[str, int]:
    """The Shield skill gurps.defense turns into a Block of ``score`` (0: none)."""
    return {"shield_skill": 0 if score <= 0 else max(1, min(SKILL_TOP, 2 * (score - 3)))}


def defence_inputs(state: State, who: str) -> dict[str, Any]:
    """What a fighter's Parry and Block figures and shield give gurps.defense beyond the defaults:
    a character's best Parry and Block among their weapons (else the sheet's weapon and Shield
    skills) and shield DB; a foe's Parry (blank: from its attack skill) and Block."""
    one = state["fight"]["combatants"][who]
    parry, block = one.get("parry"), one.get("block")
    if one["side"] == "foes" and (not _sheet_weapons(one) or parry is not None or block is not None):
        return {**(parry_inputs(parry) if parry is not None else {"weapon_skill": one.get("skill", 12)}),
                **block_inputs(block or 0)}
    if one["side"] == "foes":  # a foe from a sheet: its weapons' Parry and Block, as a character's
        kit: dict[str, Any] = {"weapons": one["weapons"], "shield_db": one.get("shield_db", 0)}
        figures: dict[str, Any] = {"weapon_skill": 0, "shield_skill": 0}
    else:
        kit, figures = character_kit(state, who), sheet(state, who)
    # an unbalanced weapon that has attacked does not parry until its wielder's next turn (gurps.attack)
    spent = {e.get("weapon") for e in state["fight"]["effects"] if e["who"] == who and e["name"] == "Unbalanced weapon"}
    parrying = best([weapon for weapon in kit["weapons"] if weapon["name"] not in spent], "parry")
    blocking = best(kit["weapons"], "block")
    return {**(parry_inputs(defence_number(parrying["parry"]) or 0, parrying["skill"]) if parrying else
               {"weapon_skill": 0} if spent else {"weapon_skill": figures["weapon_skill"]}),
            **(block_inputs(defence_number(blocking["block"]) or 0) if blocking else
               {"shield_skill": figures["shield_skill"]}),
            "shield_db": kit["shield_db"]}


def fencing_parry(state: State, who: str) -> bool:
    """Whether ``who`` parries with a fencing weapon (its Parry marked F): a retreat adds +3, not +1."""
    one = state["fight"]["combatants"][who]
    if one["side"] == "foes" and not _sheet_weapons(one):
        return False
    parrying = best(_sheet_weapons(one) or character_kit(state, who)["weapons"], "parry")
    return bool(parrying and "F" in parrying["parry"])


def weapons_shown(state: State, who: str, gm: bool) -> list[dict[str, Any]]:
    """The fight view's ``weapons`` of a combatant, for the attack form's Weapon: ``index``, ``name``,
    ``usage``, ``skill``, ``damage`` (as dice, thrust and swing worked out from the wielder's ST; a
    foe's skill and damage in the GM's view only; a foe's nameless weapon reads "Attack") and
    ``effect`` where it has one (what the GM resolves: an imported affliction's)."""
    one = state["fight"]["combatants"][who]
    foe = one["side"] == "foes"
    st = one.get("st", 10) if foe else sheet(state, who)["st"]  # a typed foe's damage is in dice; a sheet's has ST
    return [{"index": index, "name": weapon["name"] or "Attack", "usage": weapon["usage"],
             "skill": weapon["skill"] if gm or not foe else None,
             "damage": resolved(parse_damage(weapon["damage"]), st) if weapon["damage"] and (gm or not foe) else None,
             **({"effect": weapon["effect"]} if weapon.get("effect") else {})}
            for index, weapon in enumerate(weapons_of(state, who))]
