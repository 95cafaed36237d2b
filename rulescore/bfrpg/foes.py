"""A Basic Fantasy fight's foes (docs: bfrpg/combat.md): a foe's row, typed in or filled from
the rulebook's monsters (:mod:`.monsters`, their attacks read by :mod:`.routines`), its hit points
rolled per hit die when the row gives none ("1-1": 1d8 − 1, at least 1), and its figures changed
during the fight (:mod:`rulescore.play.foe_edit`) with its damage kept. :class:`BfrpgFoes` is
the base of :class:`rulescore.bfrpg.fight.BfrpgFight`.

>>> row = BfrpgFoes().read_foe({"monster": "goblin"})
>>> row["name"], row["hit_dice"], row["ac"], row["damage"]
('Goblin', '1-1', 14, '1d6')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError, dice_text
from ..play.common import State, take
from ..play.dice_asks import Dice
from ..play.fight import FOE_NAME, Fight
from ..play.foe_sheet import SHEET, sheet_figures, with_sheet
from ..play.form_specs import Filled
from ..wording import received
from .monsters import MONSTERS, RENAMED, attack_bonus, hit_dice_roll
from .routines import Attack, Routine, damage_figure, routine, with_damage

MONSTER = Input("monster", "Monster", "choice", "", help="from the rulebook's list: fills in every figure below",
                choices=(("", "none (type the figures)"), *((key, m.name) for key, m in MONSTERS.items())))
HIT_DICE = Input("hit_dice", "Hit dice", "text", "1", max=8, help='"4" is 4d8, "3+2", "1-1", "1/2" (1d4) or "1hp"')
FOE_FIELDS = (
    MONSTER,
    Input("hp", "Hit points", "int", 0, min=0, max=1000, help="0: rolled from the hit dice, for each foe"),
    HIT_DICE,
    Input("ac", "Armor Class", "int", 11, min=0, max=40),
    Input("attack_bonus", "Attack bonus", "int", 0, min=-5, max=20, help="from the hit dice when left out"),
    Input("dexterity_bonus", "Dexterity bonus", "int", 0, min=-3, max=3, help="added to initiative"),
    Input("morale", "Morale", "int", 7, min=2, max=12, help="2d6 at or under it to fight on; 12 never fails"),
    Input("group_initiative", "One initiative roll for the group", "bool", True),
)
DAMAGE = Input("damage", "Damage", "text", "", max=60,
               help="each attack's dice, “1d8” or “1d4/1d4/1d6”; left empty, a monster's own (then a foe typed in "
                    "rolls to hit only)")
# A monster by its name as written ("giant ant") or as the list gives it ("ant, giant"), lower case
MONSTER_NAMED = {name: key for key, m in MONSTERS.items()
                 for name in (m.name.lower(), " ".join(reversed(m.name.lower().split(", ", 1))))}
# A monster's figures the form shows as soon as it is picked (the fields its row takes, and words)
SHOWN = ("hit_dice", "ac", "attack_bonus", "morale", "damage", "movement", "attacks", "notes")  # the name: its label


SHEET_KIT = ("weapons", "sheet")  # what a foe from a sheet keeps beside its row's figures


def from_sheet(figures: Mapping[str, Any]) -> dict[str, Any]:
    """A foe row's figures from a worked-out Basic Fantasy sheet: its hit points now, Armor Class,
    attack bonus (its class and level's), Dexterity bonus (initiative) and its level as hit dice;
    morale stays the row's (a character has none: the GM's, 7 unless typed)."""
    return {"hp": max(figures["current_hp"], 1), "ac": figures["ac"], "attack_bonus": figures["attack_bonus"],
            "dexterity_bonus": figures["dexterity_bonus"], "hit_dice": str(figures["level"])}


def sheet_kit(figures: Mapping[str, Any]) -> dict[str, Any]:
    """What a foe from a sheet fights with, as a character does (attack_action): its weapons, and
    the bonuses its attacks and damage add by each weapon's kind."""
    return {"weapons": [dict(weapon) for weapon in figures["weapons"]],
            "sheet": {key: figures[key] for key in ("attack_bonus", "strength_bonus", "dexterity_bonus")}}


class BfrpgFoes(Fight):
    """A Basic Fantasy fight's foes: their rows read, their hit points, their figures changed."""

    foe_fields = (*FOE_FIELDS, DAMAGE)
    foe_extra_keys = (SHEET,)

    def foe_named(self, name: str) -> dict[str, Any]:
        """The monster of the list an encounter's name gives ("Black bear" is "Bear, Black")."""
        key = MONSTER_NAMED.get(name.strip().lower())
        return {"monster": key} if key else {}

    def read_foe(self, row: Mapping[str, Any]) -> dict[str, Any]:
        kept: dict[str, Any] = {}
        if SHEET in row:  # a kept character fighting as a foe (play.foe_sheet): its sheet's figures
            figures = sheet_figures("bfrpg", row[SHEET])
            row, kept = with_sheet(row, from_sheet(figures)), sheet_kit(figures)
        return {**self._read_row(row), **kept}

    def _read_row(self, row: Mapping[str, Any]) -> dict[str, Any]:
        if row.get("monster") in RENAMED:  # a session saved before the line was renamed
            row = {**row, "monster": RENAMED[row["monster"]]}
        monster = MONSTERS.get(take(row, MONSTER))
        entry = {spec.name: take(row, spec) for spec in FOE_FIELDS if spec.name in row}
        if monster:
            given = {"hit_dice": monster.hit_dice or None, "ac": monster.ac, "morale": monster.morale,
                     "attack_bonus": monster.given_attack_bonus}
            entry = {**{key: value for key, value in given.items() if value is not None}, **entry}
            entry.setdefault("name", monster.name)
            entry.update(attacks=monster.attacks, movement=monster.movement, notes=monster.notes)
        entry["name"] = take({"name": row.get("name", entry.get("name"))}, FOE_NAME).strip()
        for spec in FOE_FIELDS:
            entry.setdefault(spec.name, take({}, spec))
        try:
            hit_dice_roll(entry["hit_dice"])
        except ValueError:
            raise RulesInputError("hit_dice", f"Hit dice: received {received(entry['hit_dice'])}; give them as “4”, "
                                              f"“3+2”, “1-1”, “1/2” or “1hp”.") from None
        if "attack_bonus" not in row and not (monster and monster.given_attack_bonus is not None):
            entry["attack_bonus"] = attack_bonus(entry["hit_dice"])
        entry["count"] = take(row, Input("count", "How many", "int", 1, min=1, max=50))
        read = routine(monster.attacks) if monster else None
        typed = row.get("damage", "")
        try:
            if not isinstance(typed, str) or len(typed) > DAMAGE.max:
                raise ValueError(typed)
            entry["routine"], entry["others"] = with_damage(read, typed)
        except ValueError:
            raise RulesInputError("damage", f"Damage: received {received(typed)}; give each attack's dice, “1d8” "
                                            f"or “1d4/1d4/1d6”, or leave it empty.") from None
        entry["damage"] = typed.strip() or (damage_figure(read) if read else "")
        return entry

    def foe(self, state: State, entry: dict[str, Any], dice: Dice) -> dict[str, Any]:
        hp = entry["hp"]
        if not hp:
            count, sides, added = hit_dice_roll(entry["hit_dice"])
            asked = f"{entry['name']}'s hit points (hit dice {dice_text(entry['hit_dice'])})"
            hp = max(sum(dice(count, sides, purpose=asked)) + added, 1) if sides else added
        return {"hp": hp, "max_hp": hp, "subdued": False, "ac": entry["ac"], "attack_bonus": entry["attack_bonus"],
                "dexterity_bonus": entry["dexterity_bonus"], "morale": entry["morale"],
                "group_initiative": entry["group_initiative"], "hit_dice": entry["hit_dice"],
                "routine": entry["routine"], "others": entry["others"],
                **{key: entry[key] for key in SHEET_KIT if key in entry},  # a foe from a sheet
                **{key: entry[key] for key in ("attacks", "movement", "notes") if key in entry}}

    def foe_row(self, one: dict[str, Any]) -> dict[str, Any]:
        # A foe saved before monsters kept their routine has none: its damage is typed at each attack.
        shown = damage_figure(Routine(tuple(Attack(**a) for a in one.get("routine", [])), (), "", True))
        return {**super().foe_row(one), "hp": one["max_hp"], "damage": shown}

    def refigured(self, one: dict[str, Any], new: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
        """The damage taken stays (as many HP short of the new most); the attacks keep their names
        when the dice typed are as many as they are, and stay as they were when no dice are given."""
        changed = {**super().refigured(one, new, given), "hp": one["hp"] + new["max_hp"] - one["max_hp"],
                   "subdued": one["subdued"]}
        typed = str(given.get("damage", "")).strip()
        if not typed or typed == self.foe_row(one)["damage"]:
            changed.update(routine=one.get("routine", []), others=one.get("others", []))
        elif len(new["routine"]) == len(one.get("routine", [])):
            changed["routine"] = [{**old, "damage": made["damage"]} for old, made in zip(one["routine"], new["routine"],
                                                                                         strict=True)]
        return changed

    def foe_fields_described(self) -> tuple[Any, ...]:
        """The monster field carries each monster's figures, as a row naming it takes them."""
        figures = {key: {name: value for name, value in self.read_foe({"monster": key}).items() if name in SHOWN}
                   for key in MONSTERS}
        return tuple(Filled(spec, figures) if spec is MONSTER else spec for spec in super().foe_fields_described())
