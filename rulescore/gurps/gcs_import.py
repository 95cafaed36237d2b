"""Reading a character saved by GURPS Character Sheet (GCS, a ``.gcs`` file, JSON) into the
site's GURPS character fields, with GCS's own computed figures checked against ours.

Every format version GCS has written as JSON: 1 (flat ``ST``, ``DX``, ``IQ``, ``HT`` and
``*_adj`` keys, nothing computed), 2 and 4 (an ``attributes`` list with each final value in
``calc.value``; a top-level ``calc`` from version 4) and 5 (the current one: from GCS 5.36 an
item's ``weight``, ``value`` and ``notes`` are ``base_weight``, ``base_value`` and
``local_notes``; both are read). The figures are GCS's final values, traits included. The load
is the carried ``equipment`` (not ``other_equipment``): each top-level item's
``calc.extended_weight`` (quantities and contents counted), or, where a file has none,
weight × quantity plus its contents. GCS counts 1 kg as 2 lb.

Lifting ST and a Dodge bonus from traits are read back from GCS's own Basic Lift and Dodge, so
Basic Lift, encumbrance, Move and Dodge come out as GCS has them. The weapons, each usage of each
row with GCS's own skill levels, damage, Parry and Block, the torso's DR and a shield's DB:
:mod:`.gcs_weapons`. A creature's ST 0, ST past 100, IQ 0 and FP 0 (or no FP in the file) come in
with GURPS's meanings, said in the cross-check: :mod:`.gcs_creatures`.

>>> weight_lb("1,900 lb"), weight_lb("8 oz"), weight_lb("3 kg"), weight_lb("500 g"), weight_lb("0.5 tn")
(Fraction(1900, 1), Fraction(1, 2), Fraction(6, 1), Fraction(1, 1), Fraction(1000, 1))
>>> carried_lb([{"quantity": 2, "weight": "3 lb", "children": [{"quantity": 4, "weight": "8 oz"}]}], "lb")
Fraction(10, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from ..import_common import check, finish, listing, mapping, number, refuse, text, whole
from .damage import DAMAGE_ST_RANGE, ST_TOP, damage_for_st
from .encumbrance import (
    DODGE_BONUS_MAX,
    ENCUMBRANCE_LEVELS,
    LIFTING_ST_MAX,
    basic_lift,
    encumbered_dodge,
    encumbered_move,
)
from .gcs_creatures import creature_checks
from .gcs_weapons import read_weapons
from .injury import DEAD_MULTIPLE

NEWEST_VERSION = 5  # the newest GCS data version the site reads (GCS 5.x writes 5)
# GCS's own weight units, longest suffix first ("kg" before "g"); GCS counts 1 kg as 2 lb.
WEIGHT_UNITS = (("lb", Fraction(1)), ("oz", Fraction(1, 16)), ("tn", Fraction(2000)), ("kg", Fraction(2)),
                ("#", Fraction(1)), ("t", Fraction(2000)), ("g", Fraction(1, 500)))
# GCS file types (the "type" key of versions 1 to 4) that are not characters, as a player knows them.
OTHER_FILES = {"template": "a template (.gct)", "equipment_list": "an equipment list (.eqp)",
               "advantage_list": "a trait list (.adq)", "trait_list": "a trait list (.adq)",
               "skill_list": "a skill list (.skl)", "spell_list": "a spell list (.spl)",
               "note_list": "a notes list (.not)", "eqp_modifier_list": "an equipment modifier list (.eqm)",
               "modifier_list": "a trait modifier list (.adm)", "advantage_modifier_list": "a trait modifier list"}
MARKERS = ("attributes", "profile", "ST", "traits", "advantages", "rows", "total_points", "skills", "equipment")
ATTRIBUTES = ("st", "dx", "iq", "ht", "hp", "fp", "will", "per", "basic_speed", "basic_move")

# Skills the site's character uses, by GCS name (lower case): one field each, or the best of a group.
SKILL_FIELDS = {"swimming": "swimming_skill", "climbing": "climbing_skill", "hiking": "hiking_skill",
                "shield": "shield_skill", "cloak": "shield_skill"}
MELEE_SKILLS = frozenset((
    "axe/mace", "broadsword", "flail", "force sword", "jitte/sai", "knife", "kusari", "lance", "main-gauche",
    "polearm", "rapier", "saber", "shortsword", "smallsword", "spear", "staff", "tonfa", "two-handed axe/mace",
    "two-handed flail", "two-handed sword", "whip", "brawling", "boxing", "karate", "garrote", "force whip"))
RANGED_SKILLS = frozenset((
    "bow", "crossbow", "sling", "blowpipe", "throwing", "thrown weapon", "guns", "beam weapons", "gunner",
    "innate attack", "spear thrower", "liquid projector", "bolas", "lasso", "net", "dropping", "artillery"))
SKILL_RANGE = {"ranged_skill": (-10, 30)}  # the others take 0 to 30
LEVEL_NAMES = [row.name for row in ENCUMBRANCE_LEVELS]


def looks_like_gcs(data: dict[str, Any]) -> bool:
    """A GCS file of any kind: a whole-number ``version`` and one of GCS's own keys."""
    return whole(data.get("version")) is not None and not isinstance(data.get("version"), str) \
        and (str(data.get("type")) in OTHER_FILES or data.get("type") == "character" or any(k in data for k in MARKERS))


def weight_lb(raw: Any, default_unit: str = "lb") -> Fraction | None:
    """A GCS weight ("1,900 lb", "8 oz", "3 kg", "12") in pounds; None when it is not a number."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        raw = str(raw)
    if not isinstance(raw, str):
        return None
    written = raw.strip().lower().lstrip("+").replace(",", "")
    factor = dict(WEIGHT_UNITS).get(default_unit.lower(), Fraction(1))
    for suffix, per_unit in WEIGHT_UNITS:
        if written.endswith(suffix):
            written, factor = written[: -len(suffix)].strip(), per_unit
            break
    value = number(written)
    return None if value is None else value * factor


def _items(items: Any) -> list[dict[str, Any]]:
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def item_lb(item: dict[str, Any], unit: str, unread: list[str]) -> Fraction:
    """One item's weight with its quantity and contents: GCS's ``calc.extended_weight`` where the
    file has it, else weight × quantity + contents (``base_weight`` from GCS 5.36, ``weight`` before)."""
    calc = item.get("calc")
    if isinstance(calc, dict) and "extended_weight" in calc:
        extended = weight_lb(calc["extended_weight"], unit)
        if extended is not None:
            return extended
    quantity = number(item.get("quantity", 1))
    if quantity is None or quantity <= 0:
        return Fraction(0)
    raw = item.get("base_weight", item.get("weight", "0"))
    own = weight_lb(raw, unit)
    if own is None:
        unread.append(f"{text(item.get('description'), 'an item')} ({raw!r})")
        own = Fraction(0)
    return quantity * (own + sum((item_lb(child, unit, unread) for child in _items(item.get("children"))),
                                 Fraction(0)))


def carried_lb(equipment: Any, unit: str, unread: list[str] | None = None) -> Fraction:
    """The load: every top-level carried item with its quantity and contents."""
    unread = [] if unread is None else unread
    return sum((item_lb(item, unit, unread) for item in _items(equipment)), Fraction(0))


def _leaves(items: Any) -> Iterator[dict[str, Any]]:
    """Every row of a GCS list that is not a container (containers hold ``children``)."""
    for item in _items(items):
        children = item.get("children")
        if isinstance(children, list) and (children or str(item.get("type", "")).endswith("_container")):
            yield from _leaves(children)
        else:
            yield item


def _name(item: dict[str, Any], key: str = "name") -> str:
    name = text(item.get(key), "(unnamed)")
    special = text(item.get("specialization"))
    return f"{name} ({special})" if special else name


def _attributes(data: dict[str, Any], version: int) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """The final attribute values and the HP and FP lost, from either shape of the file."""
    values: dict[str, Fraction] = {}
    lost: dict[str, Fraction] = {}
    if version == 1 or "attributes" not in data:
        flat = {key: number(data.get(key.upper())) for key in ("st", "dx", "iq", "ht")}
        if any(value is None for value in flat.values()):
            raise _no_attributes()
        st, dx, iq, ht = (flat[key] or Fraction(0) for key in ("st", "dx", "iq", "ht"))
        on_10 = bool(mapping(data.get("settings")).get("base_will_and_per_on_10"))

        def adj(key: str) -> Fraction:
            return number(data.get(key)) or Fraction(0)

        speed = (dx + ht) / 4 + adj("speed_adj")
        values = {"st": st, "dx": dx, "iq": iq, "ht": ht, "hp": st + adj("HP_adj"), "fp": ht + adj("FP_adj"),
                  "will": (10 if on_10 else iq) + adj("will_adj"), "per": (10 if on_10 else iq) + adj("per_adj"),
                  "basic_speed": speed, "basic_move": math.floor(speed) + adj("move_adj")}
        lost = {key: adj(f"{key.upper()}_damage") for key in ("hp", "fp")}
        return values, lost
    for attribute in _items(data.get("attributes")):
        key = attribute.get("attr_id")
        calc = attribute.get("calc")
        value = number(calc.get("value")) if isinstance(calc, dict) else None
        if key in ATTRIBUTES and value is not None:
            values[key] = value
        if key in ("hp", "fp"):
            damage = number(attribute.get("damage"))
            current = number(calc.get("current")) if isinstance(calc, dict) else None
            if damage is None and current is not None and value is not None:
                damage = value - current
            if damage:
                lost[key] = damage
    if any(key not in values for key in ("st", "dx", "iq", "ht")):
        raise _no_attributes()
    for key, base in (("hp", values["st"]), ("will", values["iq"]), ("per", values["iq"]),
                      ("basic_speed", (values["dx"] + values["ht"]) / 4)):
        values.setdefault(key, base)  # a figure the file leaves out follows its formula, as the sheet's does
    values.setdefault("basic_move", Fraction(math.floor(values["basic_speed"])))
    return values, lost


def _no_attributes() -> Exception:
    return refuse("This GCS character has no attributes (ST, DX, IQ and HT), so there is nothing to import: "
                  "open it in GURPS Character Sheet, check it, save it again and import the new file.")


def _kind_of_list(data: dict[str, Any]) -> str:
    rows = _items(data.get("rows"))
    first = rows[0] if rows else {}
    if "casting_cost" in first or "spell_class" in first:
        return "a spell list (.spl)"
    if "difficulty" in first:
        return "a skill list (.skl)"
    if "description" in first:
        return "an equipment list (.eqp)"
    if "markdown" in first or "text" in first:
        return "a notes list (.not)"
    return "a list of traits or modifiers"


def _refuse_other_files(data: dict[str, Any], version: int) -> None:
    kind = data.get("type")
    if isinstance(kind, str) and kind != "character":
        what = OTHER_FILES.get(kind, f"a {kind.replace('_', ' ')} file")
    elif "rows" in data:
        what = _kind_of_list(data)
    elif "attributes" not in data and "ST" not in data and "profile" not in data \
            and any(key in data for key in ("traits", "advantages", "skills", "spells", "equipment")):
        what = "a template (.gct)"
    else:
        what = ""
    if what:
        raise refuse(f"This is {what} from GURPS Character Sheet, not a character: open a character in GCS and "
                     f"import its .gcs file.")
    if version > NEWEST_VERSION:
        raise refuse(f"This file was saved by a newer GURPS Character Sheet (file version {version}) than the site "
                     f"reads (up to version {NEWEST_VERSION}): reload the site for its latest version; if that does "
                     f"not help, the site cannot read this version yet.")
    if version < 1:
        raise refuse(f"This GCS file says it is version {version}, which GURPS Character Sheet never wrote: open it "
                     f"in GCS, save it again and import the new file.")


def _skills(data: dict[str, Any], fields: dict[str, Any], skipped: list[str]) -> None:
    """The skills the site uses, by name (the best of each group), the others listed as skipped."""
    best: dict[str, tuple[int, str]] = {}
    others: list[str] = []
    no_level: list[str] = []
    for skill in _leaves(data.get("skills")):
        name = text(skill.get("name")).lower()
        calc = skill.get("calc")
        level = whole(calc.get("level")) if isinstance(calc, dict) else None
        field = SKILL_FIELDS.get(name) or ("weapon_skill" if name in MELEE_SKILLS else
                                           "ranged_skill" if name in RANGED_SKILLS else None)
        if skill.get("type") == "technique" or "default" in skill and "difficulty" in skill and field is None:
            field = None
        if field is None or level is None:
            (no_level if field is not None else others).append(
                _name(skill) + (f" {level}" if level is not None else ""))
            continue
        low, high = SKILL_RANGE.get(field, (0, 30))
        if not low <= level <= high:
            skipped.append(f"{_name(skill)} {level}: outside the {low} to {high} the calculators take")
            continue
        if field not in best or level > best[field][0]:
            best[field] = (level, _name(skill))
    for field, (level, _) in best.items():
        fields[field] = level
    if no_level:
        skipped.append(listing("skills with no level in the file (this GCS version keeps none)", no_level))
    if others:
        skipped.append(listing("other skills and techniques", others))


def _skipped(data: dict[str, Any], unit: str, skipped: list[str]) -> None:
    traits = [_name(trait) for trait in _leaves(data.get("traits", data.get("advantages")))]
    if traits:
        skipped.append(listing("traits (their effects are in the figures already)", traits))
    spells = [_name(spell) for spell in _leaves(data.get("spells"))]
    if spells:
        skipped.append(listing("spells", spells))
    other = _items(data.get("other_equipment"))
    if other:
        skipped.append(listing(f"items not carried ({_lb(carried_lb(other, unit))} lb, left out of the load)",
                               [text(item.get("description"), "(unnamed)") for item in other]))
    if _items(data.get("notes")):
        skipped.append("notes")


def _lb(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _figures_from_calc(data: dict[str, Any], values: dict[str, Fraction], fields: dict[str, Any],
                       unit: str) -> dict[str, Any]:
    """GCS's computed figures (version 4 and 5 files), and Lifting ST and the Dodge bonus read back
    from them; an empty dict where the file has none."""
    calc = data.get("calc")
    if not isinstance(calc, dict):
        return {}
    st, speed = int(values["st"]), values["basic_speed"]
    gcs_bl = weight_lb(calc.get("basic_lift"), unit)
    gcs = {"basic_lift": gcs_bl, "move": calc.get("move"), "dodge": calc.get("dodge"),
           "thrust": text(calc.get("thrust")), "swing": text(calc.get("swing"))}
    # The least extra ST whose Basic Lift is GCS's; where none is (another Basic Lift rule, ST
    # halved while tired), GCS's own Lifting ST bonus, and the check says why they differ.
    lifting = None
    if gcs_bl is not None and 1 <= st <= ST_TOP:
        lifting = next((extra for extra in range(LIFTING_ST_MAX + 1) if basic_lift(st + extra) >= gcs_bl), None)
        if lifting is not None and basic_lift(st + lifting) != gcs_bl:
            lifting = None
    if lifting is None:
        lifting = min(max(whole(calc.get("lifting_st_bonus")) or 0, 0), LIFTING_ST_MAX)
    if lifting and st:  # no Lifting ST without a body (ST 0)
        fields["lifting_st"] = lifting
    dodges = calc.get("dodge")
    bonus = None
    if isinstance(dodges, list) and dodges and whole(dodges[0]) is not None:
        bonus = (whole(dodges[0]) or 0) - (math.floor(speed) + 3)
    if bonus is None or not 0 <= bonus <= DODGE_BONUS_MAX:
        bonus = whole(calc.get("dodge_bonus")) or 0
    if 0 < bonus <= DODGE_BONUS_MAX:
        fields["dodge_bonus"] = bonus
    return gcs


def _checks(data: dict[str, Any], values: dict[str, Fraction], lost: dict[str, Fraction], fields: dict[str, Any],
            gcs: dict[str, Any], version: int, no_fp: bool = False) -> list[dict[str, Any]]:
    """Each figure GCS computed beside ours, and why they differ where they do."""
    if not gcs:
        traits = " (version 1 files keep attributes before traits: check ST, DX, IQ and HT)" if version == 1 else ""
        return [{"figure": "Basic Lift, Move, Dodge, thrust and swing", "theirs": None, "ours": None, "agrees": None,
                 "why": f"this GCS file (version {version}) keeps no computed figures to check ours against; "
                        f"Lifting ST and a Dodge bonus from traits are not in it: enter them by hand{traits}."}]
    st = int(values["st"])
    speed, move = values["basic_speed"], int(fields.get("basic_move", values["basic_move"]))
    settings = mapping(data.get("settings"))
    progression = text(settings.get("damage_progression"), "basic_set")
    hp, fp = values.get("hp"), values.get("fp")
    hurt = bool(hp and lost.get("hp") and 3 * (hp - lost["hp"]) < hp)
    tired = bool(fp and lost.get("fp") and 3 * (fp - lost["fp"]) < fp)
    zero_fp = fp == 0 and not no_fp  # GCS counts FP 0 as exhausted; GURPS's FP 0 is no fatigue at all
    halved = ("GCS halves it: the file's character is " + " and ".join(
        part for part, flag in (("below 1/3 of its HP", hurt), ("below 1/3 of its FP", tired)) if flag)
              + "; the sheet keeps the unhurt, rested figure (a session halves it)") if hurt or tired else \
        ("GCS halves it for FP 0 as if the creature were exhausted; FP 0 means no fatigue, so the sheet keeps the "
         "whole figure") if zero_fp else None
    lifting, bonus = fields.get("lifting_st", 0), fields.get("dodge_bonus", 0)
    ours_bl = basic_lift(st + lifting) if st + lifting >= 1 else Fraction(0)
    bl_why = ("the file uses GCS's 'Knowing Your Own Strength' option, whose Basic Lift differs"
              if progression == "knowing_your_own_strength" else
              "GCS halves ST for Basic Lift while below 1/3 of FP" if tired else
              "GCS halves ST for Basic Lift at FP 0 as if the creature were exhausted; FP 0 means no fatigue, so the "
              "sheet keeps the whole figure" if zero_fp else None)
    checks = [check("Basic Lift (lb)", gcs["basic_lift"], ours_bl, bl_why)]
    for key, label in (("move", "Move"), ("dodge", "Dodge")):
        row = gcs[key] if isinstance(gcs[key], list) else []
        for level, name in enumerate(LEVEL_NAMES):
            theirs = whole(row[level]) if level < len(row) else None
            ours = encumbered_move(move, level) if key == "move" else encumbered_dodge(speed, level, bonus)
            why = halved or (f"GCS's Dodge includes {theirs - encumbered_dodge(speed, level)} from traits, more "
                             f"than the {DODGE_BONUS_MAX} the sheet's Dodge bonus takes"
                             if key == "dodge" and theirs is not None and theirs > ours else None)
            checks.append(check(f"{label}, encumbrance {name} ({level})", theirs, ours, why))
    if not st:
        for key in ("thrust", "swing"):
            checks.append(check(key.capitalize(), gcs[key] or None, None, "ST 0 means no physical body: the sheet has "
                                                                          "no thrust or swing (GCS's formula goes on "
                                                                          "below ST 1)"))
    if DAMAGE_ST_RANGE[0] <= st <= ST_TOP:
        damage = damage_for_st(st)
        striking = whole(mapping(data.get("calc")).get("striking_st_bonus")) or 0
        why = (f"GCS adds Striking ST {striking:+d} for damage; the site's damage uses ST {st}" if striking else
               f"the file uses GCS's '{progression.replace('_', ' ')}' damage option; the site follows the Basic "
               f"Set table" if progression != "basic_set" else
               "GCS writes dice with its 'modifying dice + adds' option" if settings.get("use_modifying_dice_plus_adds")
               else None)
        for key, dice in (("thrust", damage.thrust), ("swing", damage.swing)):
            written = f"{dice.dice_count}d" + (f"{dice.adds:+d}" if dice.adds else "")
            checks.append(check(key.capitalize(), gcs[key] or None, written, why))
    return checks


def read_gcs(data: dict[str, Any]) -> dict[str, Any]:
    """A GCS character file (parsed JSON) as the site's GURPS character: ``fields`` for
    ``derive("gurps", ...)``, what is ``skipped``, and the ``checks`` against GCS's figures."""
    version = whole(data.get("version")) or 0
    _refuse_other_files(data, version)
    profile = mapping(data.get("profile"))
    name = text(profile.get("name"), "Unnamed GCS character")
    settings = mapping(data.get("settings"))
    unit = text(settings.get("default_weight_units"), "lb")
    values, lost = _attributes(data, version)
    fields: dict[str, Any] = {key: value for key, value in values.items()}
    skipped: list[str] = []
    no_fp = "fp" not in values
    if no_fp:  # GCS's sheet settings can leave FP out: a creature that does not tire
        values["fp"] = fields["fp"] = Fraction(0)
    unread: list[str] = []
    fields["load_lb"] = carried_lb(data.get("equipment"), unit, unread)
    if not values["st"] and fields["load_lb"]:
        skipped.append(f"the load ({_lb(fields['load_lb'])} lb): ST 0 means no physical body, which carries nothing")
        fields["load_lb"] = Fraction(0)
    if unread:
        skipped.append(listing("weights the site could not read (counted as 0)", unread))
    _skills(data, fields, skipped)
    weapon_checks = read_weapons(data, version, fields, skipped)  # weapons, armour DR, shield DB (gcs_weapons)
    _skipped(data, unit, skipped)
    for key, most in (("hp", (DEAD_MULTIPLE + 1) * values.get("hp", values["st"]) - 1),
                      ("fp", 2 * values["fp"])):  # GCS's damage: wounds and fatigue now
        amount = lost.get(key, Fraction(0))
        if 0 < amount <= most:
            fields[f"{key}_lost"] = int(amount)
        elif amount > most > 0:
            skipped.append(f"{key.upper()} lost: {_lb(amount)}, past what a living character carries (the sheet "
                           f"takes {most} at most)")
    gcs = _figures_from_calc(data, values, fields, unit)
    checks = creature_checks(values, no_fp) + _checks(data, values, lost, fields, gcs, version, no_fp) \
        + weapon_checks
    return finish("gurps", "GURPS Character Sheet", name, fields, skipped, checks)
