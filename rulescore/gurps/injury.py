"""Damage and injury (docs: gurps/injury.md): basic damage by ST (the table itself is in
:mod:`.damage`), Damage Resistance, wounding by damage type, shock, major wounds, and what the
HP left mean, down to death checks.

Thresholds are compared in exact arithmetic: "less than 1/3 of your HP" is tested as
3 x current HP < HP, never with a rounded third.

>>> injury_from(9, "impaling"), shock_penalty(4, 25), hp_state(3, 10)
(18, -2, 'reeling: half Move and Dodge')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import dice, dice_shown, signed
from ..notation import number_text as n
from ..notation import percent_text as pct
from .common import SYSTEM, chance_of_success, damage_chart, roll_chart
from .damage import DAMAGE_ST_RANGE, LITE_DAMAGE_TOP_ST, ST_TOP, damage_for_st


def strong_bonus(dice_count: int) -> int:
    """All-Out Attack (Strong): +2 damage, or +1 per die if that is better."""
    return max(2, dice_count)


@declare_calculator(
    id="gurps.damage",
    system=SYSTEM,
    title="Basic damage by ST",
    summary="Thrust and swing damage for a ST of 1 to 1000, with the All-Out Attack (Strong) bonus and the maximum.",
    page="gurps/injury/",
    inputs=[Input("st", "ST", "int", 10, min=DAMAGE_ST_RANGE[0], max=ST_TOP,
                  help="Strength, 1 to 1000; past 20 from the GURPS Basic Set table, past 100 by its rule (+1d "
                       "to both for each 10 ST more)")],
    outputs=[
        Output("thrust", "Thrust", format="dice"),
        Output("swing", "Swing", format="dice"),
        Output("thrust_strong", "Thrust, All-Out Attack (Strong)", format="dice"),
        Output("swing_strong", "Swing, All-Out Attack (Strong)", format="dice"),
        Output("thrust_max", "Thrust, roll of 3 (maximum)", min=0),
        Output("swing_max", "Swing, roll of 3 (maximum)", min=0),
    ],
)
def damage(step: Working, st: int) -> dict[str, Any]:
    """Thrust and swing damage for a ST of 1 to 1000 (past 20 from the GURPS Basic Set, past 100 by
    its rule: +1d to both for each 10 ST more), with the
    All-Out Attack (Strong) bonus and the maximum a roll of 3 does (docs:
    gurps/injury.md#basic-damage-by-st, gurps/maneuvers.md#melee-options).

    From the table on the page, ST 13: thrust 1d, swing 2d−1.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.damage", {"st": 13})
    >>> r["thrust"], r["swing"], r["swing_strong"], r["swing_max"]
    ('1d', '2d-1', '2d+1', 11)
    """
    (t_dice, t_adds), (s_dice, s_adds) = damage_for_st(st)
    thrust, swing = dice(t_dice, t_adds), dice(s_dice, s_adds)
    source = "" if st <= LITE_DAMAGE_TOP_ST else " (the GURPS Basic Set table past ST 20)" \
        if st <= DAMAGE_ST_RANGE[1] else f" (past ST {DAMAGE_ST_RANGE[1]}: +1d to both for each 10 ST more)"
    step(f"Damage table{source}: ST {st} gives thrust {dice_shown(t_dice, t_adds)} and swing "
         f"{dice_shown(s_dice, s_adds)}.", rule="#basic-damage-by-st")
    damage_chart(step, "Thrust", t_dice, t_adds)
    damage_chart(step, "Swing", s_dice, s_adds)
    t_bonus, s_bonus = strong_bonus(t_dice), strong_bonus(s_dice)
    step(f"All-Out Attack (Strong): +2 damage, or +1 per die if more: thrust {dice_shown(t_dice, t_adds)} "
         f"+{t_bonus} = {dice_shown(t_dice, t_adds + t_bonus)}, swing {dice_shown(s_dice, s_adds)} +{s_bonus} = "
         f"{dice_shown(s_dice, s_adds + s_bonus)}.",
         rule="gurps/maneuvers/#melee-options")
    t_max, s_max = 6 * t_dice + t_adds, 6 * s_dice + s_adds
    step(f"An attack roll of 3 does maximum damage: every die a 6, so thrust {t_max} and swing {s_max}.",
         rule="gurps/attacking-and-defending/#critical-hits")
    return {"thrust": thrust, "swing": swing, "thrust_strong": dice(t_dice, t_adds + t_bonus),
            "swing_strong": dice(s_dice, s_adds + s_bonus), "thrust_max": t_max, "swing_max": s_max}


WOUNDING = {"crushing": Fraction(1), "cutting": Fraction(3, 2), "impaling": Fraction(2)}
# The other damage types weapons deal (GURPS Lite's weapon tables name them; their wounding to the
# torso is the Basic Set's): id, the words a reader sees, the multiple.
OTHER_WOUNDING = (("small_piercing", "small piercing", Fraction(1, 2)), ("piercing", "piercing", Fraction(1)),
                  ("large_piercing", "large piercing", Fraction(3, 2)), ("huge_piercing", "huge piercing", Fraction(2)),
                  ("burning", "burning", Fraction(1)), ("corrosion", "corrosion", Fraction(1)),
                  ("toxic", "toxic", Fraction(1)))
WOUNDING.update({kind: multiple for kind, _, multiple in OTHER_WOUNDING})
DAMAGE_TYPE_WORDS = {kind: kind for kind in ("crushing", "cutting", "impaling")} | \
    {kind: words for kind, words, _ in OTHER_WOUNDING}
SHOCK_CAP = 4
DEATH_MULTIPLES = (1, 2, 3, 4)  # HT rolls at -1, -2, -3, -4 x HP
DEAD_MULTIPLE = 5


@declare_table("gurps.wounding")
def wounding_table() -> TableContent:
    rows = tuple((DAMAGE_TYPE_WORDS[kind].capitalize(),
                  f"{n(multiple)} × penetrating damage" if multiple != 1 else "penetrating damage")
                 for kind, multiple in WOUNDING.items())
    return TableContent("Injury by damage type", ("Damage type", "Injury (HP lost)"), rows,
                        "Drop fractions. Crushing, cutting and impaling are GURPS Lite's; the others, which its "
                        "weapons deal, wound as the Basic Set says (to the torso).")


def injury_from(penetrating: int, damage_type: str) -> int:
    """Penetrating damage times the wounding multiple, fractions dropped; damage that gets through
    does at least 1 HP (small piercing's ×0.5 only: the Basic Set's rule)."""
    hurt = math.floor(penetrating * WOUNDING[damage_type])
    return max(hurt, 1) if penetrating > 0 else hurt


SHOCK_BIG_HP = 20  # from 20 HP up, shock counts HP / 10 at a time


def shock_step(hp: int) -> int:
    """How many HP lost cost −1 of shock: 1, or HP / 10 rounded down from 20 HP up."""
    return 1 if hp < SHOCK_BIG_HP else hp // 10


def shock_penalty(injury: int, hp: int) -> int:
    """Shock for an injury: −1 per shock_step(hp) HP lost, never worse than −4.

    Our reading for 20+ HP: HP / 10 is rounded down first (25 HP: −1 per 2 HP lost), and since any
    injury that costs HP causes shock, any injury at all gives at least −1.
    """
    if injury <= 0:
        return 0
    return -min(SHOCK_CAP, max(1, injury // shock_step(hp)))


def reeling(current: int, hp: int) -> bool:
    """Under 1/3 of your HP: reeling."""
    return 3 * current < hp


def death_checks_crossed(before: int, after: int, hp: int) -> list[int]:
    """The multiples k of −k × HP that a fall from ``before`` to ``after`` HP reaches or passes:
    one HT roll to survive for each.

    >>> death_checks_crossed(5, -21, 10), death_checks_crossed(-10, -12, 10)
    ([1, 2], [])
    """
    return [k for k in DEATH_MULTIPLES if after <= -k * hp < before]


def hp_state(current: int, hp: int) -> str:
    """What the HP left mean, in words."""
    if current <= -DEAD_MULTIPLE * hp:
        return "dead"
    if current <= -hp:
        return "at −1 × HP or below: death checks"
    if current <= 0:
        return "0 HP or less: HT roll each turn to stay conscious"
    if reeling(current, hp):
        return "reeling: half Move and Dodge"
    return "fighting fit" if current == hp else "hurt, still in the fight"


@declare_calculator(
    id="gurps.injury",
    system=SYSTEM,
    title="Injury from a hit",
    summary="Penetrating damage, injury, shock and major wounds, and what the new HP total means.",
    page="gurps/injury/",
    inputs=[
        Input("damage", "Damage rolled", "int", 8, min=0, max=1000),
        Input("dr", "Target's DR", "int", 0, min=0, max=1000, help="Damage Resistance; leave at 0 for none"),
        Input("damage_type", "Damage type", "choice", "cutting",
              choices=tuple((kind, f"{DAMAGE_TYPE_WORDS[kind]} (×{n(multiple)})")
                            for kind, multiple in WOUNDING.items())),
        Input("hp", "Hit Points (HP)", "int", 10, min=1, max=200, help="the full score"),
        Input("hp_lost_before", "HP already lost", "int", 0, min=0, max=2000,
              help="injury taken before this hit; leave at 0 if unhurt"),
        Input("ht", "HT", "int", 10, min=1, max=30, help="for the odds of the HT rolls"),
        Input("torso", "Hit in the torso", "bool", True, help="a major wound to the torso calls for a HT roll"),
    ],
    outputs=[
        Output("penetrating", "Penetrating damage", min=0),
        Output("injury", "Injury", "HP", min=0),
        Output("shock", "Shock", help="penalty to DX, IQ and skills on the next turn", min=-SHOCK_CAP, max=0),
        Output("major_wound", "Major wound"),
        Output("new_hp", "HP left"),
        Output("condition", "Condition"),
        Output("reeling", "Reeling (half Move and Dodge)"),
        Output("knockdown_roll", "Major wound HT roll succeeds", format="percent",
               help="shown when a major wound to the torso calls for it"),
        Output("conscious_roll", "HT roll to stay conscious", format="percent", help="shown at 0 HP or less"),
        Output("death_checks", "Death checks now", min=0, max=len(DEATH_MULTIPLES)),
        Output("survives", "Survives this hit", format="percent"),
    ],
)
def injury(step: Working, damage: int, dr: int, damage_type: str, hp: int, hp_lost_before: int, ht: int,
           torso: bool) -> dict[str, Any]:
    """What a hit does: penetrating damage after DR, injury by damage type, shock, whether it is a
    major wound, the HP left and what they mean, and the HT rolls it calls for, death checks
    included (docs: gurps/injury.md#damage-resistance, #from-damage-to-injury, #general-damage,
    #major-wounds, #shock).

    The page's example, 11 impaling against DR 2 on someone with 12 HP: 9 × 2 = 18 HP of injury.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.injury", {"damage": 11, "dr": 2, "damage_type": "impaling", "hp": 12, "ht": 11})
    >>> r["penetrating"], r["injury"], r["shock"], r["major_wound"], r["new_hp"], r["death_checks"]
    (9, 18, -4, True, -6, 0)
    """
    before = hp - hp_lost_before
    ht_chance = chance_of_success(ht)
    if before <= -DEAD_MULTIPLE * hp:
        step(f"HP before the hit: {hp} − {hp_lost_before} = {n(before)}, already at or below −5 × HP "
             f"= {n(-DEAD_MULTIPLE * hp)}: the character is already dead.", rule="#1-hp-and-below-death-checks")
        return {"penetrating": None, "injury": None, "shock": None, "major_wound": None, "new_hp": before,
                "condition": "dead", "reeling": None, "knockdown_roll": None, "conscious_roll": None,
                "death_checks": None, "survives": 0}
    penetrating = max(damage - dr, 0)
    step(f"Penetrating damage = damage − DR = {damage} − {dr} = {n(damage - dr)}"
         + (" → 0 (it bounces off)." if damage <= dr else "."), rule="#damage-resistance")
    hurt = injury_from(penetrating, damage_type)
    multiple = WOUNDING[damage_type]
    step(f"Injury ({DAMAGE_TYPE_WORDS[damage_type]}) = {n(multiple)} × {penetrating} = {n(penetrating * multiple)}"
         + ("" if hurt == penetrating * multiple else f", at least 1 → {hurt}" if hurt > penetrating * multiple
            else f", fractions dropped → {hurt}") + " HP.",
         rule="#from-damage-to-injury")
    shock = shock_penalty(hurt, hp)
    if hurt == 0:
        step("Shock: no HP lost, so no shock.", rule="#shock")
    elif hp < SHOCK_BIG_HP:
        step(f"Shock: −1 per HP lost, at most −{SHOCK_CAP}: {hurt} HP → {signed(shock)}.", rule="#shock")
    else:
        per = shock_step(hp)
        least = " (any injury causes at least −1)" if hurt < per else ""
        step(f"Shock with {hp} HP (20 or more): −1 for each full {per} HP lost (HP / 10, rounded down), "
             f"at most −{SHOCK_CAP}: {hurt} / {per} → {signed(shock)}{least}.", rule="#shock")
    major = hurt > Fraction(hp, 2)
    step(f"Major wound: a single injury over HP / 2 = {hp} / 2 = {n(Fraction(hp, 2))}; "
         f"{hurt} HP {'is' if major else 'is not'} over it, so {'yes' if major else 'no'}.", rule="#major-wounds")
    knockdown = None  # no roll unless a major wound hits the torso
    if major and torso:
        knockdown = ht_chance
        step(f"Major wound to the torso: HT roll at {ht}, made {pct(ht_chance)} of the time; failure by 1–4 "
             f"stuns, failure by 5 or more knocks the character out.", rule="#major-wounds")
        roll_chart(step, ht, "HT", f"shrugs off the major wound {pct(ht_chance)} of the time")
    after = before - hurt
    step(f"HP left = {n(before)} − {hurt} = {n(after)}.", rule="#general-damage")
    crossed = death_checks_crossed(before, after, hp)
    dead = after <= -DEAD_MULTIPLE * hp
    conscious = None  # no roll above 0 HP
    if dead:
        step(f"At or below −5 × HP = {n(-DEAD_MULTIPLE * hp)}: automatic death.", rule="#1-hp-and-below-death-checks")
        survives = Fraction(0)
    else:
        if reeling(after, hp):
            step(f"Under 1/3 of HP ({n(after)} × 3 < {hp}): reeling, so Move and Dodge are halved, rounded up.",
                 rule="#reeling-under-13-of-your-hp")
        if after <= 0:
            conscious = ht_chance
            step(f"At 0 HP or less: a HT roll ({ht}) every turn to stay conscious, made {pct(ht_chance)} of the time.",
                 rule="#0-hp-or-less-staying-conscious")
            roll_chart(step, ht, "HT", f"stays conscious {pct(ht_chance)} of the time, each turn")
        survives = ht_chance ** len(crossed)
        if crossed:
            marks = ", ".join(f"−{k} × HP = {n(-k * hp)}" for k in crossed)
            step(f"Death checks: this hit crossed {marks}; {len(crossed)} HT roll{'s' if len(crossed) > 1 else ''} "
                 f"to survive, all made {pct(survives)} of the time.", rule="#1-hp-and-below-death-checks")
            roll_chart(step, ht, "HT", f"each death check succeeds {pct(ht_chance)} of the time"
                       + (f"; all {len(crossed)} succeed {pct(survives)}" if len(crossed) > 1 else ""))
    return {"penetrating": penetrating, "injury": hurt, "shock": shock, "major_wound": major, "new_hp": after,
            "condition": hp_state(after, hp), "reeling": reeling(after, hp), "knockdown_roll": knockdown,
            "conscious_roll": conscious, "death_checks": len(crossed), "survives": survives}


def below_a_third(score: int) -> int:
    """The highest whole number that is under a third of ``score``."""
    return math.ceil(Fraction(score, 3)) - 1


def hp_thresholds(hp: int) -> tuple[int, str, int]:
    """(reeling at or below, death checks at, dead at) for a HP score."""
    return (below_a_third(hp), ", ".join(n(-k * hp) for k in DEATH_MULTIPLES), -DEAD_MULTIPLE * hp)


@declare_table("gurps.hp_thresholds")
def hp_thresholds_table() -> TableContent:
    rows = tuple((hp, *hp_thresholds(hp)) for hp in range(8, 21))
    return TableContent("Where injury starts to bite, by HP",
                        ("HP", "Reeling at or below", "Death checks at", "Dead at"),
                        rows, "Reeling means under 1/3 of HP. Rolls to stay conscious start at 0 HP, whatever the "
                        "score.")


@declare_table("gurps.shock")
def shock_table() -> TableContent:
    hps = (10, 19, 20, 25, 30, 40)
    rows = tuple((injury_hp, *(shock_penalty(injury_hp, hp) for hp in hps)) for injury_hp in range(1, 11))
    return TableContent("Shock penalty by injury", ("Injury (HP)", *(f"{hp} HP" for hp in hps)), rows,
                        "Under 20 HP: −1 per HP lost. With 20 or more: −1 for each full HP/10 lost, HP/10 rounded "
                        "down first, and at least −1 for any injury. Never worse than −4.")
