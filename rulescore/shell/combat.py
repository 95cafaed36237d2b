"""Rounds, maneuvers and combat values (docs: shell/combat.md): initiative and MV points, the
five maneuvers, AT, block and dodge DEF, blocks a round, and the tables of AT and DEF
modifiers. The attack roll itself is in :mod:`.attack`, ranged modifiers in :mod:`.ranged`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import dice, dice_shown, signed, term
from ..notation import number_text as n
from .common import COMBAT_LEVEL_DEFAULT, SYSTEM, ag_at_modifier, ag_def_modifier, attribute_input, st_damage
from .encumbrance import ROUNDS_PER_END
from .skills import combat_damage_bonus


class Maneuver(NamedTuple):
    value: str  # the choice's value
    name: str
    at: int  # AT modifier
    defence: int  # DEF modifier
    in_short: str


MANEUVERS = (
    Maneuver("attack", "Attack", 0, 0, "may move any distance first"),
    Maneuver("guard", "Guard", 1, 0, "counterattack after a successful defence"),
    Maneuver("defend", "Defend", 0, 2, "no attack"),
    Maneuver("disarm", "Disarm", -2, -1, "an attack at the weapon"),
    Maneuver("aim", "Aim", 0, -2, "aim bonus goes on AT"),
)
MANEUVER = {row.value: row for row in MANEUVERS}


class Modifier(NamedTuple):
    situation: str
    modifier: str  # in words: "−2", "as the maneuver chart"
    key: str = ""  # for a modifier that is one fixed number: its name in the modifier picker
    value: int = 0  # and that number


ATTACK_MODIFIERS = (
    Modifier("Maneuver", "as the maneuver chart"),
    Modifier("Moved more than 1 step before attacking", "−2", "moved", -2),
    Modifier("Wild swing (target on the wrong side)", "−2", "wild_swing", -2),
    Modifier("Attacking with the off hand", "−3", "off_hand", -3),
    Modifier("Higher than the defender", "+1", "higher", 1),
    Modifier("Cannot see the defender (hand-to-hand)", "−4", "cannot_see", -4),
    Modifier("Aiming (ranged)", "+1 a turn, at most +3"),
    Modifier("Range (ranged)", "range chart"),
    Modifier("Moving target (ranged)", "range chart, by the target's move"),
    Modifier("Cover (ranged)", "−3 per obstruction"),
    Modifier("Cannot see the defender (ranged)", "no attack possible"),
)
DEFENCE_MODIFIERS = (
    Modifier("Last maneuver", "as the maneuver chart"),
    Modifier("Wild block or parry", "−2", "wild_block", -2),
    Modifier("Blocking with the off hand", "−3", "off_hand_block", -3),
    Modifier("Higher than the attacker", "+1", "defender_higher", 1),
    Modifier("Stunned", "−2", "stunned", -2),
    Modifier("Cannot see the attacker (but aware of the attack)", "−4", "cannot_see_attacker", -4),
    Modifier("Knocked down (dodge only)", "−4", "knocked_down", -4),
)


def blocks_per_round(combat_level: int) -> int:
    """One block a round, one more for every 2 levels above the first (2 at 3, 3 at 5)."""
    return 1 + max(combat_level - 1, 0) // 2


@declare_calculator(
    id="shell.combat",
    system=SYSTEM,
    title="Combat values",
    summary="Initiative, AT, block and dodge DEF, blocks a round, damage bonus and MV points.",
    page="shell/combat/",
    inputs=[
        attribute_input("st", "ST"),
        attribute_input("ag", "AG"),
        Input("combat_level", "Combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20,
              help="the fighting style in use"),
        Input("best_combat_level", "Best combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20,
              help="used for dodging", derived="the combat skill level",
              derive=lambda values: values["combat_level"]),
        Input("encumbrance_level", "Encumbrance level (EL)", "int", 0, min=0, max=4),
        Input("mv", "MV", "int", 5, min=0, max=20, derived="(ST + AG) / 4, fractions dropped",
              derive=lambda values: (values["st"] + values["ag"]) // 4),
        Input("maneuver", "Maneuver", "choice", "attack",
              choices=tuple((row.value, f"{row.name} ({signed(row.at)}/{signed(row.defence)})")
                            for row in MANEUVERS)),
        Input("knocked_down", "Knocked down", "bool", False, help="dodge only, at −4"),
    ],
    outputs=[
        Output("initiative", "Initiative", min=-1, max=20),
        Output("at_value", "AT", min=-4, max=26),
        Output("block_def", "Block DEF", min=-3, max=27),
        Output("dodge_def", "Dodge DEF", min=-12, max=26),
        Output("can_block", "Can block"),
        Output("blocks_per_round", "Blocks a round", min=1, max=10),
        Output("damage_bonus", "Damage bonus", min=0, max=6),
        Output("base_damage", "Base damage for ST", format="dice"),
        Output("mv_points", "MV points", "units", min=0, max=20),
        Output("rounds_per_end", "Rounds per END point", "rounds", min=5, max=25),
    ],
)
def combat(step: Working, st: int, ag: int, combat_level: int, best_combat_level: int, encumbrance_level: int,
           mv: int, maneuver: str, knocked_down: bool) -> dict[str, Any]:
    """A fighter's values for a round: initiative (AG − 2 × EL), AT and block DEF (combat
    level + AG's modifier + the maneuver's), dodge DEF (best combat level + AG's modifier
    − (1 + EL)), blocks a round, the combat skill's damage bonus, ST's base damage and MV
    points (docs: shell/combat.md#rounds and #attacks).

    >>> from rulescore import calculate
    >>> [calculate("shell.combat", {"combat_level": level})["blocks_per_round"] for level in (3, 5)]
    [2, 3]
    >>> fighter = calculate("shell.combat", {"ag": 12, "combat_level": 4, "encumbrance_level": 1})
    >>> fighter["initiative"], fighter["at_value"], fighter["dodge_def"], fighter["damage_bonus"]
    (10, 5, 3, 1)
    """
    el = encumbrance_level
    initiative = ag - 2 * el
    step(f"Initiative = AG − 2 × EL = {ag} − 2 × {el} = {n(initiative)}.", rule="#rounds")
    chosen = MANEUVER[maneuver]
    at_mod, def_mod = ag_at_modifier(ag), ag_def_modifier(ag)
    at_value = combat_level + at_mod + chosen.at
    step(f"AT = combat level + AG modifier + maneuver = {combat_level} {term(at_mod)} {term(chosen.at)} "
         f"({chosen.name}) = {n(at_value)}.", rule="#attacks")
    block = combat_level + def_mod + chosen.defence
    step(f"Block DEF = combat level + AG modifier + maneuver = {combat_level} {term(def_mod)} {term(chosen.defence)} "
         f"= {n(block)}.", rule="#attacks")
    best = max(best_combat_level, combat_level)
    if best_combat_level < combat_level:
        step(f"The best combat level cannot be below the level in use, so {combat_level} is used for dodging.",
             rule="#attacks")
    dodge = best + def_mod - (1 + el) + chosen.defence
    step(f"Dodge DEF = best combat level + AG modifier − (1 + EL) + maneuver = {best} {term(def_mod)} "
         f"− {1 + el} {term(chosen.defence)} = {n(dodge)}.", rule="#attacks")
    if knocked_down:
        dodge -= 4
        step(f"Knocked down: no block, and dodging is at −4: dodge DEF {n(dodge)}.", rule="#defences")
    blocks = blocks_per_round(combat_level)
    step(f"Blocks a round = 1 + 1 for every 2 levels above the first = {blocks} at level {combat_level}; "
         f"dodges are unlimited.", rule="#defences")
    bonus = combat_damage_bonus(combat_level)
    step(f"Damage bonus = +1 for every 3 levels above the first = {signed(bonus)} at level {combat_level}.",
         rule="shell/skills/#combat-skills")
    points = max(mv - el, 0)
    step(f"Base damage for ST {st} = {dice_shown(*st_damage(st))}. MV points = MV − EL = {mv} − {el} = {n(mv - el)}"
         + (" → 0 (never below 0)." if mv - el < 0 else "."), rule="#rounds")
    return {"initiative": initiative, "at_value": at_value, "block_def": block, "dodge_def": dodge,
            "can_block": not knocked_down, "blocks_per_round": blocks, "damage_bonus": bonus,
            "base_damage": dice(*st_damage(st)), "mv_points": points, "rounds_per_end": ROUNDS_PER_END[el]}


# ---------------------------------------------------------------- Tables on the page

@declare_table("shell.maneuvers")
def maneuvers_table() -> TableContent:
    rows = tuple((row.name, signed(row.at), signed(row.defence), row.in_short) for row in MANEUVERS)
    return TableContent("Maneuvers", ("Maneuver", "AT", "DEF", "In short"), rows,
                        "The modifiers last until the character's next action.")


@declare_table("shell.attack_modifiers")
def attack_modifiers_table() -> TableContent:
    return TableContent("AT modifiers", ("Situation", "AT"), tuple(row[:2] for row in ATTACK_MODIFIERS),
                        "The GM may add others.")


@declare_table("shell.defence_modifiers")
def defence_modifiers_table() -> TableContent:
    return TableContent("DEF modifiers", ("Situation", "DEF"), tuple(row[:2] for row in DEFENCE_MODIFIERS),
                        "The GM may add others.")
