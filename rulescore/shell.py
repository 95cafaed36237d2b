"""The SHELL roleplaying system (Chris Harwood-Jones, 1992).

Characters (attributes, advantages, wealth), encumbrance, skills and experience, combat
(initiative, maneuvers, the 2d10 attack roll, ranged attacks, close combat), damage and hit
locations, fatigue and recovery. Limits are compared in exact arithmetic (Fractions): a
value exactly at a limit is inside it. Our readings of unclear passages are marked
"Our reading" and tested in tests/test_shell.py.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import dice
from .core import Input, Output, RulesInputError, calculator, percent_text, table
from .core import dice_text as shown_dice
from .core import number_text as n

SYSTEM = "SHELL"

# --------------------------------------------------------------------------------------
# Data from the source's charts
# --------------------------------------------------------------------------------------

# Primary Attribute Chart: level -> (chp cost, ST max encumbrance lb, ST damage (dice, adds),
# AG modifier to AT, AG modifier to DEF). The chart covers levels 7 to 20 only.
PRIMARY_CHART = {
    7: (-30, 140, (1, -3), -2, -1),
    8: (-20, 160, (1, -2), -1, -1),
    9: (-10, 180, (1, -1), -1, 0),
    10: (0, 200, (1, 0), 0, 0),
    11: (15, 230, (1, 1), 0, 1),
    12: (30, 260, (1, 2), 1, 1),
    13: (50, 300, (1, 3), 1, 2),
    14: (75, 350, (2, 0), 2, 2),
    15: (100, 400, (2, 1), 2, 3),
    16: (130, 460, (2, 2), 3, 3),
    17: (160, 520, (2, 3), 3, 4),
    18: (200, 600, (3, 0), 4, 4),
    19: (250, 700, (3, 1), 4, 5),
    20: (300, 800, (3, 2), 5, 5),
}
CHART_RANGE = (7, 20)
HUMAN_BASE = 10
# One default per quantity, shared by every calculator that asks for it: an average human
# (all attributes 10) who fights at combat level 3, with the AT and DEF that gives.
ATTRIBUTE_DEFAULT = HUMAN_BASE
COMBAT_LEVEL_DEFAULT = 3
SKILL_LEVEL_DEFAULT = 4
AT_DEFAULT = 3  # combat level 3 + AG 10's modifier 0
BLOCK_DEF_DEFAULT = 3  # combat level 3 + AG 10's modifier 0
DODGE_DEF_DEFAULT = 2  # best combat level 3 + 0 − (1 + EL 0)


def attribute_cost(level: int) -> int:
    return PRIMARY_CHART[level][0]


def max_encumbrance(st: int) -> int:
    return PRIMARY_CHART[st][1]


def st_damage(st: int) -> tuple[int, int]:
    return PRIMARY_CHART[st][2]


def ag_at_modifier(ag: int) -> int:
    return PRIMARY_CHART[ag][3]


def ag_def_modifier(ag: int) -> int:
    return PRIMARY_CHART[ag][4]


def dice_text(dice_count: int, adds: int) -> str:
    """SHELL dice notation: (1, -3) -> "1d-3", (2, 0) -> "2d", (3, 2) -> "3d+2"."""
    return f"{dice_count}d" + (f"{adds:+d}" if adds else "")


def term(value) -> str:
    """A term of a sum in working: "+ 2", "− 3", "+ 0"."""
    value = Fraction(value)
    return ("− " if value < 0 else "+ ") + n(abs(value))


def signed(value) -> str:
    """A modifier as a table shows it: "+2", "−3", "0"."""
    value = Fraction(value)
    if value == 0:
        return "0"
    return ("+" if value > 0 else "−") + n(abs(value))


# Secondary Attributes chart: (abbreviation, name, base in words, cost in words, chp per point
# or None when the cost is worked out another way, who may buy it)
SECONDARY_ATTRIBUTES = (
    ("HT", "Health", "10", "10 chp per point", 10, "PCs and NPCs"),
    ("HP", "Hit Points", "ST", "10 chp per point", 10, "NPCs only"),
    ("END", "Endurance", "ST", "8 chp per point", 8, "PCs and NPCs"),
    ("WP", "Willpower", "IQ", "10 chp per point", 10, "PCs and NPCs"),
    ("CHA", "Charisma", "(ST + IQ) / 2", "8 chp per point", 8, "PCs and NPCs"),
    ("PER", "Perception", "IQ", "4 chp per point", 4, "PCs and NPCs"),
    ("MV", "Move", "(ST + AG) / 4", "10 chp per point", 10, "PCs up to +2"),
    ("Flight", "Flight", "0", "10 chp per point", 10, "NPCs only"),
    ("DR", "Damage Resistance", "0", "as a primary attribute of 10 + DR", None, "NPCs only"),
    ("DM", "Damage Modifier", "0%", "5 chp per %", 5, "NPCs only"),
    ("MR", "Magic Resistance", "0", "as a primary attribute of 10 + 2 × MR", None, "NPCs only"),
    ("AT Mod", "Attack modifier", "0", "20 chp per point", 20, "NPCs only"),
    ("DEF Mod", "Defence modifier", "0", "20 chp per point", 20, "NPCs only"),
)
SECONDARY_COST = {abbr: per for abbr, _, _, _, per, _ in SECONDARY_ATTRIBUTES}
PC_MV_LIMIT = 2
AMBIDEXTERITY_CHP = 5

# Wealth: (choice value, label, multiple of standard starting wealth, chp)
WEALTH_LEVELS = (
    ("tenth", "10% of standard", Fraction(1, 10), -10),
    ("two_fifths", "40% of standard", Fraction(2, 5), -5),
    ("standard", "standard", Fraction(1), 0),
    ("double", "double", Fraction(2), 5),
    ("five_times", "5 × standard", Fraction(5), 10),
)
WEALTH = {value: (label, multiple, chp) for value, label, multiple, chp in WEALTH_LEVELS}

# Advantage and disadvantage cost guideline
ADVANTAGE_BASE = {"advantage": 5, "disadvantage": -5}
SEVERITY = (("slight", 1), ("moderate", 2), ("significant", 3), ("extreme", 4))
FREQUENCY = (("rarely", Fraction(1, 2)), ("occasionally", Fraction(1)), ("often", Fraction(2)),
             ("always", Fraction(3)))
SEVERITY_MULTIPLIER = dict(SEVERITY)
FREQUENCY_MULTIPLIER = dict(FREQUENCY)
FREQUENCY_WORDS = {"rarely": "rarely comes into play", "occasionally": "occasionally comes into play",
                   "often": "often comes into play", "always": "always comes into play"}

# Encumbrance levels: (EL, heaviest load as a fraction of maximum encumbrance)
ENCUMBRANCE_LEVELS = ((0, Fraction(1, 10)), (1, Fraction(2, 10)), (2, Fraction(3, 10)),
                      (3, Fraction(6, 10)), (4, Fraction(1)))
OVERWEIGHT_FRACTION = Fraction(3, 4)

# Combat fatigue: rounds of moving, attacking or defending per point of END, by EL
ROUNDS_PER_END = {0: 25, 1: 20, 2: 15, 3: 10, 4: 5}

# Skills
SKILL_BASE = {"major": 4, "minor": 2}  # exp for level 1; level n costs base x n(n+1)/2
EXPERTISE = (  # (lowest level, highest level or None, training, karate belt, education)
    (0, 0, "none", "white", "elementary school"),
    (1, 2, "rudimentary", "coloured", "high school"),
    (3, 4, "adequate", "brown", "undergraduate study"),
    (5, 6, "advanced", "1st-2nd black", "graduate study"),
    (7, 8, "more advanced", "3rd-4th black", "post-graduate study"),
    (9, 10, "exceptional", "5th-6th black", "study under a world scholar"),
    (11, None, "mastery", "7th+ black", "world scholar"),
)
DIFFICULTY = {"easy": 2, "average": 0, "hard": -3}
DIFFICULTY_CHOICES = (("easy", "Easy (+2)"), ("average", "Average or medium (±0)"), ("hard", "Hard (−3)"))
EXPERIENCE_AWARDS = (
    (1, "little involvement, or poor roleplaying"),
    (2, "reasonable involvement, or average roleplaying"),
    (3, "a lot of involvement, or good roleplaying"),
    (4, "the hero of the session, or superb roleplaying"),
)

# Combat
MANEUVERS = (  # (value, name, AT modifier, DEF modifier)
    ("attack", "Attack", 0, 0),
    ("guard", "Guard", 1, 0),
    ("defend", "Defend", 0, 2),
    ("disarm", "Disarm", -2, -1),
    ("aim", "Aim", 0, -2),
)
MANEUVER = {value: (name, at, de) for value, name, at, de in MANEUVERS}
ATTACK_MODIFIERS = (  # (situation, modifier text)
    ("Maneuver", "as the maneuver chart"),
    ("Moved more than 1 step before attacking", "−2"),
    ("Wild swing (target on the wrong side)", "−2"),
    ("Attacking with the off hand", "−3"),
    ("Higher than the defender", "+1"),
    ("Cannot see the defender (hand-to-hand)", "−4"),
    ("Aiming (ranged)", "+1 a turn, at most +3"),
    ("Range (ranged)", "range chart"),
    ("Moving target (ranged)", "range chart, by the target's move"),
    ("Cover (ranged)", "−3 per obstruction"),
    ("Cannot see the defender (ranged)", "no attack possible"),
)
HIT_LOCATIONS = (  # (value, name, AT modifier, crippling threshold % of base HP or None, effect)
    ("torso", "Torso", 0, None, "no special effect; general (area) damage goes here"),
    ("arm", "Arm", -1, 40, "hand damage counts toward it; damage past it is not counted"),
    ("leg", "Leg", -1, 40, "foot damage counts toward it; damage past it is not counted"),
    ("head", "Head", -2, None, "skull gives +2 natural DR; all damage × 4 (brain hit)"),
    ("heart", "Heart", -2, None, "impaling damage × 1.5"),
    ("groin", "Groin", -2, None, "impaling damage × 1.5"),
    ("face", "Face", -3, None, "no special effect"),
    ("hand", "Hand", -3, 20, "damage past it counts neither in the total nor for the arm"),
    ("foot", "Foot", -3, 20, "damage past it counts neither in the total nor for the leg"),
    ("neck", "Neck", -4, None, "all damage × 4"),
    ("eye", "Eye", -5, 10, "blinded; damage past it × 4 (brain hit)"),
)
LOCATION = {value: (name, at, pct, effect) for value, name, at, pct, effect in HIT_LOCATIONS}
WEAPON_TARGET_AT = -2
FAR_SIDE_AT = -3
LIMBS = ("arm", "leg", "hand", "foot")
DEFENCE_MODIFIERS = (
    ("Last maneuver", "as the maneuver chart"),
    ("Wild block or parry", "−2"),
    ("Blocking with the off hand", "−3"),
    ("Higher than the attacker", "+1"),
    ("Stunned", "−2"),
    ("Cannot see the attacker (but aware of the attack)", "−4"),
    ("Knocked down (dodge only)", "−4"),
)
RANGE_BANDS = ((2, 0), (5, -1), (10, -2), (16, -3), (25, -4), (40, -5))  # (farthest units, modifier)
RANGE_GROWTH = Fraction(3, 2)
MAX_AIM_BONUS = 3
COVER_PENALTY = -3
CHARGE_UNITS_PER_DAMAGE = 5
BARE_HAND_ADDS = -4

ARMOUR_DR = (("cloth", 1), ("leather", 2), ("studded", 3), ("chain", 4), ("scale", 5), ("banded", 6),
             ("plate", 7))
SHIELDS = (("small", 1, 10), ("medium", 2, 13), ("large (tower)", 3, 16))  # (size, PR, HP)


# --------------------------------------------------------------------------------------
# Rules as functions
# --------------------------------------------------------------------------------------

def range_limits(count: int = 14) -> list[tuple[Fraction, int]]:
    """(farthest distance in units, AT modifier) for each band of the range chart.

    Our reading: past 40 units each band reaches 1.5 times as far as the one before
    (60, 90, 135, 202.5 ...); a distance exactly on a limit belongs to that band."""
    bands = [(Fraction(limit), mod) for limit, mod in RANGE_BANDS]
    while len(bands) < count:
        limit, mod = bands[-1]
        bands.append((limit * RANGE_GROWTH, mod - 1))
    return bands


def range_modifier(units) -> int:
    """AT modifier for a distance (or a target's move) in units; 0 up to 2 units."""
    units = Fraction(units)
    if units <= 0:
        return 0
    limit, mod = Fraction(RANGE_BANDS[-1][0]), RANGE_BANDS[-1][1]
    for band_limit, band_mod in RANGE_BANDS:
        if units <= band_limit:
            return band_mod
    while units > limit:
        limit *= RANGE_GROWTH
        mod -= 1
    return mod


def encumbrance_level(load, maximum) -> int | None:
    """EL 0-4 for a load against maximum encumbrance, or None when it is over the maximum."""
    for level, fraction in ENCUMBRANCE_LEVELS:
        if Fraction(load) <= fraction * maximum:
            return level
    return None


def skill_exp(level: int, skill_type: str) -> int:
    """Listed exp cost of a skill level: 4, 12, 24, 40 ... (major), half that (minor)."""
    return SKILL_BASE[skill_type] * level * (level + 1) // 2


def grouped_skill_exp(level: int, skill_type: str) -> int:
    """Cost of a skill that is not the highest of its group: level x the level-1 cost."""
    return SKILL_BASE[skill_type] * level


def expertise(level: int) -> tuple[str, str, str]:
    for low, high, training, belt, education in EXPERTISE:
        if level >= low and (high is None or level <= high):
            return training, belt, education
    raise ValueError(level)


def blocks_per_round(combat_level: int) -> int:
    """One block a round, one more for every 2 levels above the first (2 at 3, 3 at 5)."""
    return 1 + max(combat_level - 1, 0) // 2


def combat_damage_bonus(combat_level: int) -> int:
    """+1 damage for every 3 levels above the first (+1 at 4, +2 at 7)."""
    return max(combat_level - 1, 0) // 3


def hp_recovery_percent(ht: int) -> Fraction:
    """Daily HP recovery in percent: the maximum encumbrance for ST = HT, divided by 20."""
    return Fraction(max_encumbrance(ht), 20)


def attack_odds(margin: int, shield_pr: int | None) -> dict[str, Fraction]:
    """Exact chances of each attack result on 2d10 + AT − DEF (margin = AT − DEF)."""
    odds = {"miss": Fraction(0), "defended": Fraction(0), "shield_hit": Fraction(0), "hit": Fraction(0)}
    for roll, p in dice.distribution(2, 10).items():
        odds[attack_result(roll + margin, shield_pr)] += p
    return odds


def attack_result(total: int, shield_pr: int | None) -> str:
    if total <= 8:
        return "miss"
    if total <= 11:
        return "defended"
    if shield_pr is not None and total <= 11 + shield_pr:
        return "shield_hit"
    return "hit"


def _roll_span(rolls: list[int]) -> str:
    if not rolls:
        return "none"
    if rolls == list(range(2, 21)):
        return "any"
    low, high = min(rolls), max(rolls)
    return str(low) if low == high else f"{low}–{high}"


def success_chance(target: int) -> Fraction:
    """3d6 roll of the target or less; SHELL has no automatic successes or failures."""
    return dice.at_most(3, 6, target)


def chance_text(p: Fraction) -> str:
    if p == 0:
        return "no chance"
    if p == 1:
        return "certain"
    return dice.x_in_y(p)


# Dice charts for the working: each roll's exact distribution, marked by what it decides.

def roll_chart(step, target: int) -> None:
    """The 3d6 roll of ``target`` or less (attribute and skill rolls); no automatic results."""
    bars = [(total, p, "success" if total <= target else "failure")
            for total, p in dice.distribution(3, 6).items()]
    step.chart(f"3d6 against {n(target)}", bars, f"succeeds {percent_text(success_chance(target))} of the time")


ATTACK_CHART_KINDS = {"miss": "failure", "defended": "failure", "shield_hit": "neutral", "hit": "success"}


def attack_chart(step, margin: int, shield_pr: int | None, title: str, summary: str) -> None:
    """The 2d10 attack roll, each total marked by its result once AT − DEF (``margin``) is added."""
    bars = [(roll, p, ATTACK_CHART_KINDS[attack_result(roll + margin, shield_pr)])
            for roll, p in dice.distribution(2, 10).items()]
    step.chart(title, bars, summary)


def contest_distribution() -> dict[int, Fraction]:
    """{your 3d6 − the opponent's 3d6: probability}, from −15 to 15."""
    dist = dice.distribution(3, 6)
    out: dict[int, Fraction] = {}
    for mine, p in dist.items():
        for theirs, q in dist.items():
            out[mine - theirs] = out.get(mine - theirs, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def damage_distribution(dice_count: int, adds: int) -> dict[int, Fraction]:
    """{HP of damage: probability} for ``dice_count``d6 + ``adds``; a total below 0 does no damage."""
    out: dict[int, Fraction] = {}
    for total, p in dice.distribution(dice_count, 6).items():
        done = max(total + adds, 0)
        out[done] = out.get(done, Fraction(0)) + p
    return out


# --------------------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------------------

def _attr(name, label, default=ATTRIBUTE_DEFAULT, help_text=""):
    return Input(name, label, "int", default, min=CHART_RANGE[0], max=CHART_RANGE[1], help=help_text)


def _bought(name, label, low=-3, high=10, help_text="levels bought above the base; negative to lower it"):
    return Input(name, label, "int", 0, min=low, max=high, help=help_text)


@calculator(
    id="shell.character",
    system=SYSTEM,
    title="Character points",
    summary="The chp cost of attributes, secondary attributes, wealth, advantages and disadvantages, "
            "and the secondary attributes that follow.",
    page="shell/characters/",
    inputs=[
        _attr("st", "ST (bought)", help_text="Strength as bought, before racial modifiers"),
        _attr("ag", "AG (bought)", help_text="Agility as bought, before racial modifiers"),
        _attr("iq", "IQ (bought)", help_text="Intelligence as bought, before racial modifiers"),
        Input("st_race", "Racial ST modifier", "int", 0, min=-3, max=3, help="0 for a human"),
        Input("ag_race", "Racial AG modifier", "int", 0, min=-3, max=3, help="0 for a human"),
        Input("iq_race", "Racial IQ modifier", "int", 0, min=-3, max=3, help="0 for a human"),
        Input("race_chp", "Race cost", "int", 0, unit="chp", min=-100, max=200,
              help="the race's package cost set by the genre; 0 for a human"),
        _bought("ht_bought", "HT bought"),
        _bought("end_bought", "END bought"),
        _bought("wp_bought", "WP bought"),
        _bought("cha_bought", "CHA bought"),
        _bought("per_bought", "PER bought"),
        _bought("mv_bought", "MV bought", low=-2, high=PC_MV_LIMIT, help_text="PCs may buy at most +2"),
        Input("ambidextrous", "Ambidextrous", "bool", False),
        Input("wealth", "Starting wealth", "choice", "standard",
              choices=tuple((value, label) for value, label, _, _ in WEALTH_LEVELS)),
        Input("advantages_chp", "Advantages", "int", 0, unit="chp", min=0, max=500,
              help="sum of the advantages' costs"),
        Input("disadvantages_chp", "Disadvantages", "int", 0, unit="chp", min=-500, max=0,
              help="sum of the disadvantages' costs, negative (e.g. −60)"),
        Input("budget_chp", "Starting chp", "int", 100, unit="chp", min=0, max=500,
              help="set by the campaign: 100 typical, 125-150 powerful"),
    ],
    outputs=[
        Output("total_chp", "Total cost", "chp"),
        Output("remaining_chp", "Left to spend", "chp", "negative: over budget"),
        Output("primary_chp", "Primary attributes", "chp", min=-90, max=900),
        Output("secondary_chp", "Secondary attributes", "chp", min=-140, max=420),
        Output("other_chp", "Race, handedness, wealth", "chp"),
        Output("advantages_net_chp", "Advantages and disadvantages", "chp"),
        Output("st_final", "ST", min=4, max=23), Output("ag_final", "AG", min=4, max=23),
        Output("iq_final", "IQ", min=4, max=23),
        Output("ht", "HT", min=7, max=20), Output("hp", "HP", min=4, max=23), Output("end", "END", min=1, max=33),
        Output("wp", "WP", min=1, max=33), Output("cha", "CHA", min=1, max=33), Output("per", "PER", min=1, max=33),
        Output("mv", "MV", min=0, max=13),
    ],
)
def character(step, st, ag, iq, st_race, ag_race, iq_race, race_chp, ht_bought, end_bought, wp_bought,
              cha_bought, per_bought, mv_bought, ambidextrous, wealth, advantages_chp, disadvantages_chp,
              budget_chp):
    primary = attribute_cost(st) + attribute_cost(ag) + attribute_cost(iq)
    step(f"Primary attributes (Primary Attribute Chart): ST {st} costs {n(attribute_cost(st))}, "
         f"AG {ag} costs {n(attribute_cost(ag))}, IQ {iq} costs {n(attribute_cost(iq))}: {n(primary)} chp.",
         rule="#primary-attributes")
    fst, fag, fiq = st + st_race, ag + ag_race, iq + iq_race
    if st_race or ag_race or iq_race:
        step(f"Racial modifiers come on top of the levels paid for: ST {st} {term(st_race)} = {fst}, "
             f"AG {ag} {term(ag_race)} = {fag}, IQ {iq} {term(iq_race)} = {fiq}.", rule="#character-races")
    bought = {"HT": ht_bought, "END": end_bought, "WP": wp_bought, "CHA": cha_bought, "PER": per_bought,
              "MV": mv_bought}
    secondary = sum(SECONDARY_COST[abbr] * levels for abbr, levels in bought.items())
    parts = [f"{abbr} {signed(levels)} × {SECONDARY_COST[abbr]}" for abbr, levels in bought.items() if levels]
    step("Secondary attributes (Secondary Attributes chart): "
         + (" + ".join(parts) + f" = {n(secondary)} chp." if parts else "none bought, 0 chp."),
         rule="#secondary-attributes")
    label, multiple, wealth_chp = WEALTH[wealth]
    other = race_chp + (AMBIDEXTERITY_CHP if ambidextrous else 0) + wealth_chp
    step(f"Other characteristics: race {n(race_chp)} chp, ambidexterity {AMBIDEXTERITY_CHP if ambidextrous else 0} "
         f"chp, wealth {label} {n(wealth_chp)} chp: {n(other)} chp.", rule="#other-characteristics")
    net = advantages_chp + disadvantages_chp
    step(f"Advantages {advantages_chp} chp and disadvantages {n(disadvantages_chp)} chp: {n(net)} chp.",
         rule="shell/advantages/#cost-guideline")
    total = primary + secondary + other + net
    step(f"Total = {n(primary)} {term(secondary)} {term(other)} {term(net)} = {n(total)} chp, "
         f"leaving {budget_chp} {term(-total)} = {n(budget_chp - total)} chp of {budget_chp}.",
         rule="shell/#characters")
    base_cha = (fst + fiq) // 2
    base_mv = (fst + fag) // 4
    values = {"ht": HUMAN_BASE + ht_bought, "hp": fst, "end": fst + end_bought, "wp": fiq + wp_bought,
              "cha": base_cha + cha_bought, "per": fiq + per_bought, "mv": base_mv + mv_bought}
    step(f"Secondary values: HT 10 {term(ht_bought)} = {values['ht']}; HP = ST = {fst}; "
         f"END = ST {term(end_bought)} = {values['end']}; WP = IQ {term(wp_bought)} = {values['wp']}; "
         f"PER = IQ {term(per_bought)} = {values['per']}.", rule="#secondary-attributes")
    step(f"CHA = (ST + IQ) / 2 = ({fst} + {fiq}) / 2 = {n(Fraction(fst + fiq, 2))}, fractions dropped {base_cha}, "
         f"{term(cha_bought)} = {values['cha']}; MV = (ST + AG) / 4 = ({fst} + {fag}) / 4 = "
         f"{n(Fraction(fst + fag, 4))}, fractions dropped {base_mv}, {term(mv_bought)} = {values['mv']}.",
         rule="#secondary-attributes")
    return {"total_chp": total, "remaining_chp": budget_chp - total, "primary_chp": primary,
            "secondary_chp": secondary, "other_chp": other, "advantages_net_chp": net,
            "st_final": fst, "ag_final": fag, "iq_final": fiq, **values}


@calculator(
    id="shell.npc_attributes",
    system=SYSTEM,
    title="NPC-only attributes",
    summary="The chp cost of the secondary attributes that PCs normally keep at 0: bought HP, Flight, DR, DM, "
            "MR and AT/DEF modifiers.",
    page="shell/characters/",
    inputs=[
        Input("hp_bought", "HP bought", "int", 0, min=-5, max=30, help="above or below the base (ST)"),
        Input("flight", "Flight", "int", 0, min=0, max=30),
        Input("dr", "Damage Resistance (DR)", "int", 0, min=0, max=10,
              help="costs as a primary attribute of 10 + DR; the chart ends at 20"),
        Input("dm_percent", "Damage Modifier (DM)", "int", 0, unit="%", min=0, max=100),
        Input("mr", "Magic Resistance (MR)", "int", 0, min=0, max=5,
              help="costs as a primary attribute of 10 + 2 × MR; the chart ends at 20"),
        Input("at_mod", "AT Mod", "int", 0, min=-5, max=5),
        Input("def_mod", "DEF Mod", "int", 0, min=-5, max=5),
    ],
    outputs=[
        Output("npc_total_chp", "Total", "chp", min=-250, max=1900),
        Output("hp_chp", "HP", "chp", min=-50, max=300), Output("flight_chp", "Flight", "chp", min=0, max=300),
        Output("dr_chp", "DR", "chp", min=0, max=300), Output("dm_chp", "DM", "chp", min=0, max=500),
        Output("mr_chp", "MR", "chp", min=0, max=300), Output("at_mod_chp", "AT Mod", "chp", min=-100, max=100),
        Output("def_mod_chp", "DEF Mod", "chp", min=-100, max=100),
    ],
)
def npc_attributes(step, hp_bought, flight, dr, dm_percent, mr, at_mod, def_mod):
    costs = {
        "hp_chp": 10 * hp_bought,
        "flight_chp": 10 * flight,
        "dr_chp": attribute_cost(HUMAN_BASE + dr),
        "dm_chp": 5 * dm_percent,
        "mr_chp": attribute_cost(HUMAN_BASE + 2 * mr),
        "at_mod_chp": 20 * at_mod,
        "def_mod_chp": 20 * def_mod,
    }
    step(f"HP (NPCs only) 10 chp a point: {n(hp_bought)} × 10 = {n(costs['hp_chp'])} chp; "
         f"Flight 10 chp a point: {flight} × 10 = {costs['flight_chp']} chp.", rule="#secondary-attributes")
    step(f"DR {dr} costs as a primary attribute of 10 + {dr} = {HUMAN_BASE + dr}: {costs['dr_chp']} chp.",
         rule="#secondary-attributes")
    step(f"DM 5 chp per %: {dm_percent} × 5 = {costs['dm_chp']} chp.", rule="#secondary-attributes")
    step(f"MR {mr} costs as a primary attribute of 10 + 2 × {mr} = {HUMAN_BASE + 2 * mr}: {costs['mr_chp']} chp.",
         rule="#secondary-attributes")
    step(f"AT Mod and DEF Mod 20 chp a point: {n(at_mod)} × 20 = {n(costs['at_mod_chp'])} chp, "
         f"{n(def_mod)} × 20 = {n(costs['def_mod_chp'])} chp.", rule="#secondary-attributes")
    total = sum(costs.values())
    step(f"Total = {n(total)} chp.", rule="#secondary-attributes")
    return {"npc_total_chp": total, **costs}


@calculator(
    id="shell.contest",
    system=SYSTEM,
    title="Attribute roll and contest",
    summary="Exact 3d6 odds of an attribute roll, and of each side winning an attribute contest.",
    page="shell/characters/",
    inputs=[
        Input("attribute", "Your attribute", "int", ATTRIBUTE_DEFAULT, min=1, max=30),
        Input("difficulty", "Task", "choice", "average", choices=DIFFICULTY_CHOICES),
        Input("opponent", "Opponent's attribute", "int", ATTRIBUTE_DEFAULT, min=1, max=30,
              help="for a contest, which pits the two attributes as they stand"),
    ],
    outputs=[
        Output("target", "Roll needed", "", "roll this or less on 3d6", min=-2, max=32),
        Output("success", "Chance of success", format="percent"),
        Output("win", "You win the contest", format="percent"),
        Output("tie", "Tie", format="percent"),
        Output("lose", "Opponent wins", format="percent"),
    ],
)
def contest(step, attribute, difficulty, opponent):
    target = attribute + DIFFICULTY[difficulty]
    success = success_chance(target)
    step(f"Attribute roll: {attribute} {term(DIFFICULTY[difficulty])} ({difficulty} task) = {n(target)}; "
         f"3d6 gives {n(target)} or less {n(success * 100)}% of the time.", rule="#attribute-rolls")
    roll_chart(step, target)
    win = tie = Fraction(0)
    dist = dice.distribution(3, 6)
    for mine, p in dist.items():
        for theirs, q in dist.items():
            margin, other = attribute - mine, opponent - theirs
            if margin > other:
                win += p * q
            elif margin == other:
                tie += p * q
    step(f"Contest: each side rolls 3d6 against its own attribute ({attribute} against {opponent}); the bigger "
         f"margin of success (or the smaller margin of failure) wins, equal margins tie: "
         f"win {n(win * 100)}%, tie {n(tie * 100)}%, lose {n((1 - win - tie) * 100)}%.", rule="#attribute-contests")
    edge = attribute - opponent  # you win when your roll minus theirs is below this, tie on it
    step.chart(f"Contest: your 3d6 − the opponent's 3d6 ({attribute} against {opponent})",
               [(signed(d), p, "success" if d < edge else "neutral" if d == edge else "failure")
                for d, p in contest_distribution().items()],
               f"you win {percent_text(win)} of the time, tie {percent_text(tie)}")
    return {"target": target, "success": success, "win": win, "tie": tie, "lose": 1 - win - tie}


@calculator(
    id="shell.advantage_cost",
    system=SYSTEM,
    title="Advantage and disadvantage cost",
    summary="The guideline cost: 5 chp (or −5) × severity × how often it comes into play.",
    page="shell/advantages/",
    inputs=[
        Input("kind", "Kind", "choice", "advantage",
              choices=(("advantage", "Advantage (+5)"), ("disadvantage", "Disadvantage (−5)"))),
        Input("severity", "Severity", "choice", "moderate",
              choices=tuple((value, f"{value.capitalize()} (× {mult})") for value, mult in SEVERITY)),
        Input("frequency", "Comes into play", "choice", "occasionally",
              choices=tuple((value, f"{value.capitalize()} (× {n(mult)})") for value, mult in FREQUENCY)),
    ],
    outputs=[Output("cost_chp", "Cost", "chp", min=-60, max=60)],
)
def advantage_cost(step, kind, severity, frequency):
    base = ADVANTAGE_BASE[kind]
    sev, freq = SEVERITY_MULTIPLIER[severity], FREQUENCY_MULTIPLIER[frequency]
    cost = base * sev * freq
    article = "an" if kind == "advantage" else "a"
    step(f"Cost = base {n(base)} for {article} {kind} × {sev} ({severity}) × {n(freq)} ({FREQUENCY_WORDS[frequency]}) "
         f"= {n(cost)} chp.", rule="#cost-guideline")
    if cost.denominator != 1:
        step("The guideline gives a half point here; the source does not round it, so the GM may.",
             rule="#cost-guideline")
    return {"cost_chp": cost}


# --------------------------------------------------------------------------------------
# Encumbrance
# --------------------------------------------------------------------------------------

@calculator(
    id="shell.encumbrance",
    system=SYSTEM,
    title="Encumbrance level",
    summary="Maximum encumbrance for ST, the encumbrance level (EL) of a load, and what the level costs "
            "in initiative, MV points, dodging and combat fatigue.",
    page="shell/encumbrance/",
    inputs=[
        Input("st", "ST", "int", 10, min=CHART_RANGE[0], max=CHART_RANGE[1],
              help="the Primary Attribute Chart covers ST 7 to 20"),
        Input("load_lb", "Load carried", "number", 30, unit="lb", min=0, max=2000,
              help="everything carried, armour included"),
        Input("body_weight_lb", "Body weight", "number", 0, unit="lb", min=0, max=2000,
              help="only the part over 75% of maximum encumbrance counts; leave at 0 to leave it out"),
    ],
    outputs=[
        Output("max_encumbrance_lb", "Maximum encumbrance", "lb", min=140, max=800),
        Output("overweight_lb", "Body weight counted", "lb", min=0),
        Output("encumbrance_lb", "Total encumbrance", "lb", min=0),
        Output("percent_of_max", "Share of maximum", format="share", min=0),
        Output("encumbrance_level", "Encumbrance level (EL)", min=0, max=4),
        Output("initiative_modifier", "Initiative", min=-8, max=0),
        Output("mv_points_modifier", "MV points", min=-4, max=0),
        Output("dodge_modifier", "Dodge DEF", "", "a dodge always loses 1 + EL", min=-5, max=-1),
        Output("rounds_per_end", "Rounds per END point", "rounds", min=5, max=25),
        Output("limit_el0_lb", "EL 0 up to", "lb", min=14, max=80),
        Output("limit_el1_lb", "EL 1 up to", "lb", min=28, max=160),
        Output("limit_el2_lb", "EL 2 up to", "lb", min=42, max=240),
        Output("limit_el3_lb", "EL 3 up to", "lb", min=84, max=480),
        Output("can_carry", "Can carry it"),
    ],
)
def encumbrance(step, st, load_lb, body_weight_lb):
    maximum = max_encumbrance(st)
    step(f"Maximum encumbrance for ST {st} (Primary Attribute Chart) = {maximum} lb.", rule="#maximum-encumbrance")
    overweight = None  # body weight not given: the output does not apply
    if body_weight_lb:
        threshold = OVERWEIGHT_FRACTION * maximum
        overweight = max(Fraction(0), body_weight_lb - threshold)
        step(f"Overweight: body weight {n(body_weight_lb)} lb against 75% of maximum = {n(threshold)} lb, "
             + (f"so {n(overweight)} lb of it counts as encumbrance." if overweight else "so none of it counts."),
             rule="#overweight-characters")
    total = load_lb + (overweight or 0)
    share = total / maximum
    limits = {level: fraction * maximum for level, fraction in ENCUMBRANCE_LEVELS}
    level = encumbrance_level(total, maximum)
    can_carry = level is not None
    if can_carry:
        step(f"Encumbrance {n(total)} lb is {n(share * 100)}% of {maximum} lb, within "
             f"{n(ENCUMBRANCE_LEVELS[level][1] * 100)}% ({n(limits[level])} lb): EL {level}.",
             rule="#encumbrance-level")
    else:
        level = 4
        step(f"Encumbrance {n(total)} lb is {n(share * 100)}% of {maximum} lb, over the maximum: the character "
             f"cannot carry it. The figures below are those of EL 4, the heaviest level.", rule="#maximum-encumbrance")
    rounds = ROUNDS_PER_END[level]
    step(f"EL {level}: initiative − 2 × EL = {signed(-2 * level)}; MV points − EL = {signed(-level)}; "
         f"dodge DEF − (1 + EL) = {signed(-(1 + level))}; 1 END every {rounds} rounds of combat.",
         rule="#what-the-level-does")
    return {
        "max_encumbrance_lb": maximum, "overweight_lb": overweight, "encumbrance_lb": total,
        "percent_of_max": share, "encumbrance_level": level, "initiative_modifier": -2 * level,
        "mv_points_modifier": -level, "dodge_modifier": -(1 + level), "rounds_per_end": rounds,
        "limit_el0_lb": limits[0], "limit_el1_lb": limits[1], "limit_el2_lb": limits[2],
        "limit_el3_lb": limits[3], "can_carry": can_carry,
    }


# --------------------------------------------------------------------------------------
# Skills
# --------------------------------------------------------------------------------------

SKILL_TYPE_CHOICES = (("major", "Major skill"), ("minor", "Minor skill"))


@calculator(
    id="shell.skill_cost",
    system=SYSTEM,
    title="Skill experience cost",
    summary="The exp a skill level costs, alone or as a lesser skill of a group.",
    page="shell/skills/",
    inputs=[
        Input("level", "Skill level", "int", SKILL_LEVEL_DEFAULT, min=0, max=20),
        Input("skill_type", "Skill type", "choice", "major", choices=SKILL_TYPE_CHOICES),
        Input("grouped", "Lesser skill of a group", "bool", False,
              help="ticked: another skill of its group pays the full cost"),
    ],
    outputs=[
        Output("exp", "Cost", "exp", min=0, max=840),
        Output("full_exp", "Listed cost", "exp", min=0, max=840),
        Output("next_level_exp", "Next level costs", "exp", "extra exp to raise the skill one level", min=2, max=84),
        Output("training", "Training"),
    ],
)
def skill_cost(step, level, skill_type, grouped):
    base = SKILL_BASE[skill_type]
    full = skill_exp(level, skill_type)
    series = " + ".join(str(i) for i in range(1, level + 1)) if level <= 3 else f"1 + 2 + … + {level}"
    series = f"({series})" if level > 1 else series
    step(f"Listed cost of a {skill_type} skill at level {level} = {base} × {series} = {full} exp."
         if level else "Level 0 means the skill is not known: 0 exp.", rule="#skill-exp-costs")
    if grouped:
        exp = grouped_skill_exp(level, skill_type)
        nxt = base
        step(f"Skill group: a skill that is not the group's highest costs level × level-1 cost = "
             f"{level} × {base} = {exp} exp; each further level adds {base} exp.", rule="#skill-groups")
    else:
        exp = full
        nxt = skill_exp(level + 1, skill_type) - full
        step(f"Level {level + 1} would cost {skill_exp(level + 1, skill_type)} exp, {nxt} more.",
             rule="#skill-exp-costs")
    training = expertise(level)[0]
    step(f"Level {level} represents {training} training.", rule="#what-a-level-means")
    return {"exp": exp, "full_exp": full, "next_level_exp": nxt, "training": training}


SKILL_SLOTS = 5
GROUP_CHOICES = (("none", "No group"), ("a", "Group A"), ("b", "Group B"), ("c", "Group C"))
_SLOT_DEFAULTS = {1: (SKILL_LEVEL_DEFAULT, "major", "a"), 2: (SKILL_LEVEL_DEFAULT, "major", "a")}


def _slot_inputs():
    inputs = []
    for i in range(1, SKILL_SLOTS + 1):
        level, kind, group = _SLOT_DEFAULTS.get(i, (0, "major", "none"))
        inputs += [
            Input(f"skill{i}_level", f"Skill {i} level", "int", level, min=0, max=20,
                  help="leave at 0 for an empty line"),
            Input(f"skill{i}_type", f"Skill {i} type", "choice", kind, choices=SKILL_TYPE_CHOICES),
            Input(f"skill{i}_group", f"Skill {i} group", "choice", group, choices=GROUP_CHOICES),
        ]
    return inputs


def skill_list_costs(skills: list[tuple[int, str, str]]) -> list[tuple[int, bool]]:
    """(exp, pays full cost) for each (level, type, group) of a skill list.

    In each group only the highest skill pays the listed cost. Our reading: "highest" is the
    highest level; on a tie of levels a major skill before a minor one, then the earlier one."""
    full_payer = {}
    for index, (level, kind, group) in enumerate(skills):
        if group == "none" or level == 0:
            continue
        key = (level, SKILL_BASE[kind])
        if group not in full_payer or key > full_payer[group][0]:
            full_payer[group] = (key, index)
    payers = {index for _, index in full_payer.values()}
    costs = []
    for index, (level, kind, group) in enumerate(skills):
        if group == "none" or index in payers:
            costs.append((skill_exp(level, kind), True))
        else:
            costs.append((grouped_skill_exp(level, kind), False))
    return costs


@calculator(
    id="shell.skill_list",
    system=SYSTEM,
    title="Skill list",
    summary="The total exp of up to five skills, with skill groups.",
    page="shell/skills/",
    inputs=_slot_inputs() + [
        Input("budget_exp", "Starting exp", "int", 24, unit="exp", min=0, max=1000,
              help="set by the campaign: 16-24 beginners, 48-64 veterans"),
    ],
    outputs=[Output("total_exp", "Total cost", "exp", min=0, max=840 * SKILL_SLOTS),
             Output("remaining_exp", "Left to spend", "exp", max=1000)]
    + [Output(f"skill{i}_exp", f"Skill {i}", "exp", min=0, max=840) for i in range(1, SKILL_SLOTS + 1)],
)
def skill_list(step, budget_exp, **slots):
    skills = [(slots[f"skill{i}_level"], slots[f"skill{i}_type"], slots[f"skill{i}_group"])
              for i in range(1, SKILL_SLOTS + 1)]
    costs = skill_list_costs(skills)
    outputs = {}
    for i, ((level, kind, group), (exp, full)) in enumerate(zip(skills, costs, strict=True), start=1):
        outputs[f"skill{i}_exp"] = exp
        if level == 0:
            continue
        if group == "none":
            step(f"Skill {i}: {kind} level {level}, no group: listed cost {exp} exp.", rule="#skill-exp-costs")
        elif full:
            step(f"Skill {i}: {kind} level {level}, highest of group {group.upper()}: listed cost {exp} exp.",
                 rule="#skill-groups")
        else:
            step(f"Skill {i}: {kind} level {level} in group {group.upper()}: level × level-1 cost = "
                 f"{level} × {SKILL_BASE[kind]} = {exp} exp.", rule="#skill-groups")
    total = sum(exp for exp, _ in costs)
    if not any(level for level, _, _ in skills):
        step("No skills entered: 0 exp.", rule="#skill-exp-costs")
    step(f"Total = {total} exp, leaving {budget_exp} − {total} = {n(budget_exp - total)} exp.",
         rule="shell/#characters")
    return {"total_exp": total, "remaining_exp": budget_exp - total, **outputs}


@calculator(
    id="shell.skill_roll",
    system=SYSTEM,
    title="Skill roll",
    summary="The 3d6 roll a task needs: attribute, difficulty and the levels over the task's minimum.",
    page="shell/skills/",
    inputs=[
        Input("attribute", "Attribute", "int", ATTRIBUTE_DEFAULT, min=1, max=30,
              help="IQ for mental tasks, AG for physical ones"),
        Input("difficulty", "Task", "choice", "average", choices=DIFFICULTY_CHOICES),
        Input("skill_level", "Skill level", "int", SKILL_LEVEL_DEFAULT, min=0, max=20),
        Input("minimum_level", "Task's minimum level", "int", 3, min=0, max=20,
              help="0 when anyone may try; spells usually need 3 or more"),
        Input("modifier", "Other modifier", "int", 0, min=-10, max=10, help="any further GM modifier"),
    ],
    outputs=[
        Output("target", "Roll needed", "", "roll this or less on 3d6; none below the task's minimum level",
               min=-12, max=62),
        Output("success", "Chance of success", format="percent"),
        Output("odds", "Odds"),
    ],
)
def skill_roll(step, attribute, difficulty, skill_level, minimum_level, modifier):
    if skill_level < minimum_level:
        step(f"Minimum skill level: level {skill_level} is below the task's minimum {minimum_level}, "
             f"so there is no chance of success and no roll.", rule="#skill-rolls")
        return {"target": None, "success": Fraction(0), "odds": chance_text(Fraction(0))}
    over = skill_level - minimum_level
    target = attribute + DIFFICULTY[difficulty] + over + modifier
    extra = f" {term(modifier)} (other)" if modifier else ""
    step(f"Skill roll = attribute + difficulty + levels over the minimum = {attribute} "
         f"{term(DIFFICULTY[difficulty])} ({difficulty}) + {over} ({skill_level} − {minimum_level}){extra} "
         f"= {n(target)} or less on 3d6.", rule="#skill-rolls")
    success = success_chance(target)
    step(f"Chance of rolling {n(target)} or less on 3d6 = {chance_text(success)} = {n(success * 100)}%.",
         rule="#skill-rolls")
    roll_chart(step, target)
    return {"target": target, "success": success, "odds": chance_text(success)}


# --------------------------------------------------------------------------------------
# Combat
# --------------------------------------------------------------------------------------

@calculator(
    id="shell.combat",
    system=SYSTEM,
    title="Combat values",
    summary="Initiative, AT, block and dodge DEF, blocks a round, damage bonus and MV points.",
    page="shell/combat/",
    inputs=[
        _attr("st", "ST"),
        _attr("ag", "AG"),
        Input("combat_level", "Combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20,
              help="the fighting style in use"),
        Input("best_combat_level", "Best combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20,
              help="used for dodging", derived="the combat skill level",
              derive=lambda values: values["combat_level"]),
        Input("encumbrance_level", "Encumbrance level (EL)", "int", 0, min=0, max=4),
        Input("mv", "MV", "int", 5, min=0, max=20, derived="(ST + AG) / 4, fractions dropped",
              derive=lambda values: (values["st"] + values["ag"]) // 4),
        Input("maneuver", "Maneuver", "choice", "attack",
              choices=tuple((value, f"{name} ({signed(at)}/{signed(de)})") for value, name, at, de in MANEUVERS)),
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
def combat(step, st, ag, combat_level, best_combat_level, encumbrance_level, mv, maneuver, knocked_down):
    el = encumbrance_level
    initiative = ag - 2 * el
    step(f"Initiative = AG − 2 × EL = {ag} − 2 × {el} = {n(initiative)}.", rule="#rounds")
    name, m_at, m_def = MANEUVER[maneuver]
    at_mod, def_mod = ag_at_modifier(ag), ag_def_modifier(ag)
    at_value = combat_level + at_mod + m_at
    step(f"AT = combat level + AG modifier + maneuver = {combat_level} {term(at_mod)} {term(m_at)} ({name}) "
         f"= {n(at_value)}.", rule="#attacks")
    block = combat_level + def_mod + m_def
    step(f"Block DEF = combat level + AG modifier + maneuver = {combat_level} {term(def_mod)} {term(m_def)} "
         f"= {n(block)}.", rule="#attacks")
    best = max(best_combat_level, combat_level)
    if best_combat_level < combat_level:
        step(f"The best combat level cannot be below the level in use, so {combat_level} is used for dodging.",
             rule="#attacks")
    dodge = best + def_mod - (1 + el) + m_def
    step(f"Dodge DEF = best combat level + AG modifier − (1 + EL) + maneuver = {best} {term(def_mod)} "
         f"− {1 + el} {term(m_def)} = {n(dodge)}.", rule="#attacks")
    if knocked_down:
        dodge -= 4
        step(f"Knocked down: no block, and dodging is at −4: dodge DEF {n(dodge)}.", rule="#defences")
    blocks = blocks_per_round(combat_level)
    step(f"Blocks a round = 1 + 1 for every 2 levels above the first = {blocks} at level {combat_level}; "
         f"dodges are unlimited.", rule="#defences")
    bonus = combat_damage_bonus(combat_level)
    step(f"Damage bonus = +1 for every 3 levels above the first = {signed(bonus)} at level {combat_level}.",
         rule="shell/skills/#combat-skills")
    base = dice_text(*st_damage(st))
    points = max(mv - el, 0)
    step(f"Base damage for ST {st} = {shown_dice(base)}. MV points = MV − EL = {mv} − {el} = {n(mv - el)}"
         + (" → 0 (never below 0)." if mv - el < 0 else "."), rule="#rounds")
    return {"initiative": initiative, "at_value": at_value, "block_def": block, "dodge_def": dodge,
            "can_block": not knocked_down, "blocks_per_round": blocks, "damage_bonus": bonus,
            "base_damage": base, "mv_points": points, "rounds_per_end": ROUNDS_PER_END[el]}


NO_SHIELD = -1
SHIELD_CHOICES = ((str(NO_SHIELD), "No shield (or an attack aimed at the weapon)"), ("0", "Buckler (PR 0)"),
                  ("1", "Small shield (PR 1)"), ("2", "Medium shield (PR 2)"), ("3", "Large (tower) shield (PR 3)"),
                  *((str(pr), f"Magic or unusual shield, PR {pr}") for pr in range(4, 11)))


class NumberChoice(Input):
    """A choice whose values are whole numbers, each with a label a player would use ("No
    shield", "Small shield (PR 1)"). It still takes the number itself given any way a
    whole-number field took it (2, "2", "+2", "−1"), so links and calls made when the input
    was a plain number keep working; the value used is always one of the choices."""

    def allowed(self) -> str:
        low, high = int(self.choices[0][0]), int(self.choices[-1][0])
        return f"one of the choices, or a whole number from {n(low)} to {n(high)}"

    def parse(self, raw):
        try:
            return Input.parse(self, raw)
        except RulesInputError:
            pass
        as_number = self._replace(kind="int", min=int(self.choices[0][0]), max=int(self.choices[-1][0]))
        try:
            return str(Input.parse(as_number, raw))
        except RulesInputError:
            raise self._reject(raw) from None


@calculator(
    id="shell.attack",
    system=SYSTEM,
    title="Attack roll",
    summary="Exact 2d10 odds of a miss, a defence, a hit on the shield and a hit on the defender.",
    page="shell/combat/",
    inputs=[
        Input("attack_value", "Attacker's AT", "int", AT_DEFAULT, min=-20, max=40, help="with all AT modifiers"),
        Input("defence_value", "Defender's DEF", "int", BLOCK_DEF_DEFAULT, min=-20, max=40,
              help="block or dodge DEF; for a ranged attack the base DEF, before the speed divides it"),
        NumberChoice("shield_pr", "Defender's shield", "choice", str(NO_SHIELD), choices=SHIELD_CHOICES,
                     help="its protection rating (PR) decides which rolls hit the shield"),
        Input("weapon_speed", "Ranged weapon speed", "int", 0, min=0, max=5,
              help="leave at 0 for a hand-to-hand attack; a ranged weapon's speed: thrown 1, bows 2, "
                   "guns and magic 3"),
        Input("defence_modifier", "DEF modifiers", "int", 0, min=-10, max=10,
              help="maneuver and situation, added after the speed divides the base DEF"),
        Input("defender_state", "Defender", "choice", "aware",
              choices=(("aware", "Aware of the attack"), ("unaware", "Unaware of the attack"),
                       ("immobile", "Immobile (paralysed, asleep)"))),
    ],
    outputs=[
        Output("miss", "Miss", format="percent"),
        Output("defended", "Defended", format="percent"),
        Output("shield_hit", "Hits the shield", format="percent"),
        Output("hit", "Hits the defender", format="percent"),
        Output("def_used", "DEF used", help="none for an automatic hit", min=-30, max=50),
        Output("miss_rolls", "Miss on 2d10"),
        Output("defended_rolls", "Defended on 2d10"),
        Output("shield_rolls", "Shield hit on 2d10"),
        Output("hit_rolls", "Hit on 2d10"),
    ],
)
def attack(step, attack_value, defence_value, shield_pr, weapon_speed, defence_modifier, defender_state):
    shield = None if int(shield_pr) == NO_SHIELD else int(shield_pr)
    ranged = weapon_speed > 0
    if not ranged and defender_state != "aware":
        why = "unaware of the attack" if defender_state == "unaware" else "immobile"
        step(f"Hand-to-hand attack on a defender who is {why}: an automatic hit, no roll.", rule="#defences")
        # No roll and no DEF: the DEF and the rolls do not apply, so the page hides them.
        return {"miss": Fraction(0), "defended": Fraction(0), "shield_hit": Fraction(0), "hit": Fraction(1),
                "def_used": None, "miss_rolls": None, "defended_rolls": None, "shield_rolls": None,
                "hit_rolls": None}
    if ranged:
        if defender_state != "aware":
            base = 0
            step(f"Ranged attack on a defender who is {defender_state}: base DEF 0.", rule="#ranged-attacks")
        else:
            base = max(defence_value, 0)
            if defence_value < 0:
                step(f"Ranged attack: base DEF {n(defence_value)} is raised to 0, the lowest an active defender has.",
                     rule="#ranged-attacks")
        divided = Fraction(base, weapon_speed)
        def_used = math.floor(divided) + defence_modifier
        step(f"Ranged attack: speed {weapon_speed} divides the base DEF: {base} / {weapon_speed} = {n(divided)}"
             + (f", fractions dropped {math.floor(divided)}" if divided.denominator != 1 else "")
             + (f" {term(defence_modifier)} (DEF modifiers) = {n(def_used)}." if defence_modifier else "."),
             rule="#ranged-attacks")
    else:
        def_used = defence_value + defence_modifier
        if defence_modifier:
            step(f"DEF = {n(defence_value)} {term(defence_modifier)} = {n(def_used)}.", rule="#defence-modifiers")
    margin = attack_value - def_used
    odds = attack_odds(margin, shield)
    shield_text = f"12 to 11 + PR = {11 + shield}: shield; over {11 + shield}: hit" if shield is not None \
        else "12 or more: hit (no shield)"
    step(f"Attack roll: 2d10 + AT − DEF = 2d10 {term(margin)} ({n(attack_value)} {term(-def_used)}); "
         f"8 or less: miss; 9–11: defended; {shield_text}.", rule="#the-attack-roll")
    spans = {key: [] for key in odds}
    for roll in range(2, 21):
        spans[attack_result(roll + margin, shield)].append(roll)
    step(f"Exact odds on 2d10: miss {n(odds['miss'] * 100)}%, defended {n(odds['defended'] * 100)}%, "
         f"shield {n(odds['shield_hit'] * 100)}%, hit {n(odds['hit'] * 100)}%.", rule="#the-attack-roll")
    attack_chart(step, margin, shield, f"2d10 {term(margin)} (AT {n(attack_value)} − DEF {n(def_used)})",
                 f"hits the defender {percent_text(odds['hit'])} of the time"
                 + (f", the shield {percent_text(odds['shield_hit'])}" if shield is not None else ""))
    return {**odds, "def_used": def_used, "miss_rolls": _roll_span(spans["miss"]),
            "defended_rolls": _roll_span(spans["defended"]),
            "shield_rolls": _roll_span(spans["shield_hit"]) if shield is not None else None,
            "hit_rolls": _roll_span(spans["hit"])}


@calculator(
    id="shell.ranged",
    system=SYSTEM,
    title="Ranged attack modifiers",
    summary="The AT modifier for range, a moving target, aiming and cover, and the weapon's speed at that range.",
    page="shell/combat/",
    inputs=[
        Input("range_units", "Range", "int", 8, unit="units", min=1, max=2000),
        Input("aim_turns", "Turns spent aiming", "int", 0, min=0, max=10, help="+1 a turn, at most +3"),
        Input("cover", "Obstructions", "int", 0, min=0, max=5, help="−3 for each"),
        Input("target_moved_units", "Target's move", "int", 0, unit="units", min=0, max=100,
              help="units the target moved in its last turn; 0 if it stood still"),
        Input("can_see_target", "Can see the target", "bool", True),
        Input("weapon_speed", "Weapon speed", "int", 2, min=1, max=5, help="thrown 1, bows 2, guns 3"),
        Input("low_tech", "Low-tech weapon", "bool", True, help="bows, slings, thrown weapons"),
        Input("max_range_units", "Weapon's maximum range", "int", 0, unit="units", min=0, max=2000,
              help="leave at 0 when the weapon's maximum range is not known"),
    ],
    outputs=[
        Output("range_modifier", "Range", min=-15, max=0),
        Output("moving_modifier", "Moving target", min=-8, max=0),
        Output("aim_bonus", "Aim", min=0, max=MAX_AIM_BONUS),
        Output("cover_modifier", "Cover", min=5 * COVER_PENALTY, max=0),
        Output("total_modifier", "Total AT modifier", min=-38, max=MAX_AIM_BONUS),
        Output("effective_speed", "Weapon speed at this range", min=1, max=5),
        Output("attack_possible", "Attack possible"),
    ],
)
def ranged(step, range_units, aim_turns, cover, target_moved_units, can_see_target, weapon_speed, low_tech,
           max_range_units):
    rng = range_modifier(range_units)
    step(f"Range chart: {range_units} units gives {signed(rng)}.", rule="#range-and-aiming")
    moving = range_modifier(target_moved_units)
    if target_moved_units:
        step(f"Moving target: its move of {target_moved_units} units read on the range chart gives {signed(moving)}.",
             rule="#range-and-aiming")
    aim = min(aim_turns, MAX_AIM_BONUS)
    if aim_turns:
        step(f"Aim: +1 a turn, at most +3: {aim_turns} turns give {signed(aim)}.", rule="#attack-modifiers")
    cov = COVER_PENALTY * cover
    if cover:
        step(f"Cover: −3 per obstruction × {cover} = {signed(cov)}.", rule="#attack-modifiers")
    total = rng + moving + aim + cov
    step(f"Total AT modifier = {signed(rng)} {term(moving)} {term(aim)} {term(cov)} = {signed(total)}.",
         rule="#range-and-aiming")
    speed = weapon_speed
    if low_tech and max_range_units and Fraction(range_units) > Fraction(max_range_units, 2) and speed > 1:
        speed = 1
        step(f"A low-tech weapon beyond half its maximum range ({n(Fraction(max_range_units, 2))} units) "
             f"has speed 1.", rule="#ranged-attacks")
    possible = can_see_target and (max_range_units == 0 or range_units <= max_range_units)
    if not can_see_target:
        step("The attacker cannot see the defender: no ranged attack is possible.", rule="#attack-modifiers")
    elif not possible:
        step(f"{range_units} units is beyond the weapon's maximum range of {max_range_units}: no attack.",
             rule="#range-and-aiming")
    return {"range_modifier": rng, "moving_modifier": moving, "aim_bonus": aim, "cover_modifier": cov,
            "total_modifier": total, "effective_speed": speed, "attack_possible": possible}


@calculator(
    id="shell.close_combat",
    system=SYSTEM,
    title="Takedown and pin",
    summary="The modifier and the exact 2d10 odds of a takedown or a pin in close combat.",
    page="shell/close-combat/",
    inputs=[
        Input("maneuver", "Maneuver", "choice", "takedown",
              choices=(("takedown", "Takedown (or breaking a pin)"), ("pin", "Pin"))),
        Input("attack_value", "Attacker's AT", "int", AT_DEFAULT, min=-20, max=40),
        Input("dodge_def", "Defender's dodge DEF", "int", DODGE_DEF_DEFAULT, min=-20, max=40,
              help="close combat allows only a dodge"),
        Input("attacker_st", "Attacker's ST", "int", ATTRIBUTE_DEFAULT, min=1, max=40),
        Input("defender_st", "Defender's ST", "int", ATTRIBUTE_DEFAULT, min=1, max=40),
        Input("weight_difference_lb", "Attacker heavier by", "int", 0, unit="lb", min=-1000, max=1000,
              help="negative when the attacker is lighter; counts for a pin only"),
    ],
    outputs=[
        Output("modifier", "Roll modifier", min=-89, max=89),
        Output("success", "Succeeds", format="percent"),
        Output("dodged", "Dodged", format="percent"),
        Output("miss", "Misses", format="percent"),
    ],
)
def close_combat(step, maneuver, attack_value, dodge_def, attacker_st, defender_st, weight_difference_lb):
    st_mod = attacker_st - defender_st
    step(f"ST: ±1 for each point of difference: {attacker_st} − {defender_st} = {signed(st_mod)}.", rule="#takedown")
    weight_mod = 0
    if maneuver == "pin":
        weight_mod = int(Fraction(weight_difference_lb, 20))  # whole 20 lb steps, toward zero
        step(f"Pin: ±1 for every full 20 lb of weight difference: {n(weight_difference_lb)} lb gives "
             f"{signed(weight_mod)}.",
             rule="#pin")
    mod = st_mod + weight_mod
    margin = attack_value + mod - dodge_def
    odds = attack_odds(margin, None)
    step(f"Roll 2d10 + AT + modifier − DEF = 2d10 {term(margin)}: 12 or more succeeds ({n(odds['hit'] * 100)}%), "
         f"9–11 is dodged ({n(odds['defended'] * 100)}%), 8 or less misses ({n(odds['miss'] * 100)}%).",
         rule="#pin" if maneuver == "pin" else "#takedown")
    attack_chart(step, margin, None, f"2d10 {term(margin)} for a {maneuver}",
                 f"succeeds {percent_text(odds['hit'])} of the time")
    return {"modifier": mod, "success": odds["hit"], "dodged": odds["defended"], "miss": odds["miss"]}


# --------------------------------------------------------------------------------------
# Damage
# --------------------------------------------------------------------------------------

DAMAGE_TYPES = (("cutting", "Cutting (cut)", "cut"), ("crushing", "Crushing (cr)", "cr"),
                ("impaling", "Impaling (imp)", "imp"))
DAMAGE_ABBR = {value: abbr for value, _, abbr in DAMAGE_TYPES}


TWO_HANDED_MIN_ST = -2  # two hands on a one-or-two-handed weapon: minimum ST −2 ...
TWO_HANDED_DAMAGE = 1  # ... and damage +1
ST_OVER_MINIMUM = 5  # damage uses at most ST = minimum ST + 5


def weapon_st(st: int, min_st: int, two_handed: bool) -> tuple[int, int, int]:
    """(ST the damage uses, skill modifier for low ST, minimum ST that judges the skill).

    Our reading of two-handed use: the lowered minimum (−2) is the one low ST is judged
    against, but the damage cap stays at the weapon's own minimum + 5. Lowering the cap as
    well would take damage away from a strong wielder, so that two hands did less than one;
    the rule means two hands to help, never to hurt."""
    judged = max(min_st + TWO_HANDED_MIN_ST, 0) if two_handed else min_st
    skill_mod = st - judged if judged and st < judged else 0
    damage_st = st
    if min_st and st > min_st + ST_OVER_MINIMUM:
        damage_st = max(min_st + ST_OVER_MINIMUM, CHART_RANGE[0])
    return damage_st, skill_mod, judged


@calculator(
    id="shell.weapon",
    system=SYSTEM,
    title="Weapon damage",
    summary="The damage roll for a weapon in a character's hands: ST, minimum ST, grip, skill and charge.",
    page="shell/damage/",
    inputs=[
        _attr("st", "ST"),
        Input("weapon_adds", "Weapon damage", "int", 0, min=-6, max=6, help="+0 long sword; −4 bare hand"),
        Input("damage_type", "Damage type", "choice", "cutting",
              choices=tuple((value, label) for value, label, _ in DAMAGE_TYPES)),
        Input("min_st", "Minimum ST", "int", 0, min=0, max=20, help="0 for a weapon with no minimum"),
        Input("two_handed", "Two hands on a one-or-two-handed weapon", "bool", False,
              help="minimum ST −2 for wielding it, damage +1"),
        Input("combat_level", "Combat skill level", "int", COMBAT_LEVEL_DEFAULT, min=0, max=20),
        Input("charge_units", "Units moved to attack", "int", 0, unit="units", min=0, max=50,
              help="a charge: +1 damage for every 5"),
    ],
    outputs=[
        Output("damage", "Damage roll", format="dice"),
        Output("damage_st", "ST the damage uses", min=CHART_RANGE[0], max=CHART_RANGE[1]),
        Output("total_adds", "Total adds", min=-6, max=23),
        Output("skill_modifier", "Skill modifier for low ST", min=-13, max=0),
    ],
)
def weapon(step, st, weapon_adds, damage_type, min_st, two_handed, combat_level, charge_units):
    damage_st, skill_mod, judged = weapon_st(st, min_st, two_handed)
    grip = TWO_HANDED_DAMAGE if two_handed else 0
    if two_handed:
        step(f"Two-handed use: minimum ST for wielding it {min_st} − 2 = {judged}"
             + (" (none)" if min_st and not judged else "") + ", damage +1.", rule="shell/genres/#weapons")
    if skill_mod:
        step(f"ST {st} is below the minimum {judged}: {signed(skill_mod)} to skill.", rule="shell/genres/#weapons")
    if damage_st != st:
        cap = min_st + ST_OVER_MINIMUM
        step(f"ST {st} is more than 5 over the weapon's minimum ST: damage uses ST {min_st} + 5 = {cap}"
             + (f", and the chart starts at ST {CHART_RANGE[0]}" if cap < CHART_RANGE[0] else "")
             + (" (two hands do not lower this cap: our reading)." if two_handed else "."),
             rule="shell/genres/#weapons")
    dice_count, base_adds = st_damage(damage_st)
    skill_bonus = combat_damage_bonus(combat_level)
    charge = charge_units // CHARGE_UNITS_PER_DAMAGE
    adds = weapon_adds + grip + skill_bonus + charge
    step(f"Base damage for ST {damage_st} = {shown_dice(dice_text(dice_count, base_adds))}; weapon "
         f"{signed(weapon_adds)}, grip {signed(grip)}, combat level {combat_level} {signed(skill_bonus)}, charge "
         f"{charge_units} units {signed(charge)}: {signed(adds)} in all.", rule="#damage")
    text = f"{dice_text(dice_count, base_adds + adds)} {DAMAGE_ABBR[damage_type]}"
    step(f"Damage roll = {shown_dice(text)} (a roll below 0 does no damage).", rule="#damage")
    spread = damage_distribution(dice_count, base_adds + adds)
    mean = sum((hp * p for hp, p in spread.items()), Fraction(0))
    step.chart(f"Damage {shown_dice(text)}", [(hp, p, "neutral") for hp, p in spread.items()],
               f"averages {n(mean)} HP before DR")
    return {"damage": text, "damage_st": damage_st, "total_adds": adds, "skill_modifier": skill_mod}


def object_breaks(damage: int, object_hp: int, impaling: bool = False) -> bool:
    """Damage to objects: the object breaks only on damage MORE than its HP (our reading:
    damage equal to its HP does nothing); impaling weapons do half damage to objects, with
    fractions dropped as for all damage."""
    done = damage // 2 if impaling else damage
    return done > object_hp


LOCATION_CHOICES = tuple((value, name) for value, name, _, _, _ in HIT_LOCATIONS)


def crippling_needed(location: str, base_hp: int) -> int | None:
    """Whole HP of damage at a location that cripples it: the percentage, rounded up."""
    pct = LOCATION[location][2]
    if pct is None:
        return None
    return math.ceil(Fraction(pct * base_hp, 100))


@calculator(
    id="shell.damage",
    system=SYSTEM,
    title="Damage and hit location",
    summary="HP lost at a hit location after DR, damage type and location; crippling, stun, "
            "unconsciousness and death.",
    page="shell/damage/",
    inputs=[
        Input("damage", "Damage rolled", "int", 8, min=0, max=200),
        Input("damage_type", "Damage type", "choice", "cutting",
              choices=tuple((value, label) for value, label, _ in DAMAGE_TYPES)),
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
def damage(step, damage, damage_type, location, armour_dr, armour_piercing, natural_dr, dm_percent, base_hp,
           location_damage_before, lethal_before, stun_before, non_lethal):
    name = LOCATION[location][0]
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
    elif location == "eye" and value:
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
    if location in ("arm", "leg", "hand", "foot"):
        counted = min(after, needed) - min(location_damage_before, needed)
        step(f"{name}: only damage up to the {needed} HP that cripples it ({LOCATION[location][2]}% of "
             f"{base_hp}, rounded up) counts toward total damage: {counted} of {lost}.", rule="#hit-location")
        if location in ("hand", "foot") and counted:
            limb = "arm" if location == "hand" else "leg"
            step(f"The {counted} HP also count toward the {limb}'s 40%.", rule="#hit-location")
    else:
        counted = lost
    lethal = not (non_lethal and damage_type == "crushing" and location in ("torso", "head"))
    if non_lethal and lethal:
        step("Non-lethal damage needs a crushing blow to the torso or head; this blow is lethal.", rule="#crushing")
    lethal_total = lethal_before + (counted if lethal else 0)
    stun_total = stun_before + (0 if lethal else counted)
    total = lethal_total + stun_total
    step(f"Total damage = lethal {lethal_total} + non-lethal {stun_total} = {total} of {base_hp} HP.",
         rule="#hit-location")

    rolls = []
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


# --------------------------------------------------------------------------------------
# Recovery and fatigue
# --------------------------------------------------------------------------------------

@calculator(
    id="shell.recovery",
    system=SYSTEM,
    title="Recovery",
    summary="Hit points regained a day (by HT) at each injured location, and END regained an hour of rest.",
    page="shell/fatigue-and-recovery/",
    inputs=[
        Input("ht", "HT", "int", 10, min=CHART_RANGE[0], max=CHART_RANGE[1],
              help="read on the Primary Attribute Chart as if it were ST"),
        Input("base_hp", "Base HP", "int", 10, min=1, max=100),
        Input("damage", "Damage at the location", "int", 4, min=0, max=400, help="0 if the location is unhurt"),
        Input("base_end", "Base END", "int", 10, min=1, max=100),
    ],
    outputs=[
        Output("hp_recovery_percent", "HP recovery", "% a day", min=7, max=40),
        Output("hp_per_day", "HP a day", "HP", min=0, max=40),
        Output("days_to_heal", "Days to heal the location", "days", min=0),
        Output("end_per_hour", "END an hour of rest", "END", min=0, max=20),
    ],
)
def recovery(step, ht, base_hp, damage, base_end):
    pct = hp_recovery_percent(ht)
    step(f"HP recovery: maximum encumbrance for ST {ht} = {max_encumbrance(ht)} lb, / 20 = {n(pct)}% a day.",
         rule="#hit-points")
    per_day = base_hp * pct / 100
    step(f"HP a day = {base_hp} × {n(pct)}% = {n(per_day)} HP at each injured location.", rule="#hit-points")
    days = math.ceil(damage / per_day) if damage else 0
    if damage:
        step(f"{damage} HP at {n(per_day)} HP a day, fractions carried from day to day: {days} days.",
             rule="#hit-points")
    per_hour = Fraction(base_end, 5)
    step(f"END recovery = 20% of base END an hour of rest or sleep = {base_end} × 20% = {n(per_hour)} END.",
         rule="#endurance")
    return {"hp_recovery_percent": pct, "hp_per_day": per_day, "days_to_heal": days, "end_per_hour": per_hour}


@calculator(
    id="shell.fatigue",
    system=SYSTEM,
    title="Fatigue",
    summary="END lost in combat by encumbrance level, and what low END does to ST, AG, MV and consciousness.",
    page="shell/fatigue-and-recovery/",
    inputs=[
        Input("encumbrance_level", "Encumbrance level (EL)", "int", 0, min=0, max=4),
        Input("base_end", "Base END", "int", 10, min=1, max=100),
        Input("rounds", "Rounds of combat", "int", 0, min=0, max=1000, help="moving, attacking or defending"),
        Input("other_end_spent", "Other END spent", "int", 0, min=0, max=200, help="spells and the like"),
    ],
    outputs=[
        Output("rounds_per_end", "Rounds per END point", "rounds", min=5, max=25),
        Output("end_lost_in_combat", "END lost to combat", min=0, max=200),
        Output("current_end", "END left", min=-399, max=100),
        Output("one_third_end", "One third of base END", min=0, max=Fraction(100, 3)),
        Output("st_ag_modifier", "ST and AG", min=-2, max=0),
        Output("mv_effect", "MV"),
        Output("wp_roll", "To stay conscious"),
    ],
)
def fatigue(step, encumbrance_level, base_end, rounds, other_end_spent):
    per = ROUNDS_PER_END[encumbrance_level]
    lost = rounds // per
    step(f"Combat fatigue at EL {encumbrance_level}: 1 END every {per} rounds; {rounds} rounds cost {lost} END.",
         rule="#combat-fatigue")
    current = base_end - lost - other_end_spent
    step(f"END left = {base_end} − {lost} − {other_end_spent} = {n(current)}.", rule="#fatigue")
    third = Fraction(base_end, 3)
    if current <= 0:
        st_ag, mv, wp = -2, "halved", f"WP roll at {signed(current)}"
        step(f"END 0 or lower: ST and AG −2, MV halved, and a WP roll at {signed(current)} (the END total) "
             f"to stay conscious.", rule="#fatigue")
    elif current <= third:
        st_ag, mv, wp = -1, "−1", "no roll"
        step(f"END {current} is at or below a third of base END ({n(third)}): ST and AG −1, MV −1.", rule="#fatigue")
    else:
        st_ag, mv, wp = 0, "no effect", "no roll"
        step(f"END {current} is above a third of base END ({n(third)}): no effect.", rule="#fatigue")
    return {"rounds_per_end": per, "end_lost_in_combat": lost, "current_end": current, "one_third_end": third,
            "st_ag_modifier": st_ag, "mv_effect": mv, "wp_roll": wp}


# --------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------

@table("shell.primary_attributes")
def primary_attributes_table():
    rows = tuple((level, cost, enc, shown_dice(dice_text(*dmg)), signed(at), signed(de))
                 for level, (cost, enc, dmg, at, de) in PRIMARY_CHART.items())
    return ("Primary Attribute Chart", ("Level", "Cost (chp)", "ST: max encumbrance (lb)", "ST: damage",
                                        "AG: AT modifier", "AG: DEF modifier"), rows,
            "The cost column applies to ST, AG and IQ alike. The chart covers levels 7 to 20.")


@table("shell.secondary_attributes")
def secondary_attributes_table():
    rows = tuple((f"{name} ({abbr})" if abbr != name else name, base, cost, who)
                 for abbr, name, base, cost, _, who in SECONDARY_ATTRIBUTES)
    return ("Secondary attributes", ("Attribute", "Base", "Cost", "Who may buy it"), rows,
            "Bases that divide drop fractions (our reading). Lowering an attribute refunds its cost.")


@table("shell.advantage_multipliers")
def advantage_multipliers_table():
    rows = tuple((sev.capitalize(), mult, freq.capitalize(), n(fmult))
                 for (sev, mult), (freq, fmult) in zip(SEVERITY, FREQUENCY, strict=True))
    return ("Advantage and disadvantage multipliers", ("Severity", "× base", "Comes into play", "× base"), rows,
            "Base 5 chp for an advantage, −5 chp for a disadvantage.")


@table("shell.advantage_costs")
def advantage_costs_table():
    rows = tuple((sev.capitalize(), *(n(5 * mult * fmult) for _, fmult in FREQUENCY)) for sev, mult in SEVERITY)
    return ("Advantage costs (chp)", ("Severity", *(freq.capitalize() for freq, _ in FREQUENCY)), rows,
            "A disadvantage costs the same amount, negative.")


@table("shell.wealth")
def wealth_table():
    rows = tuple((label, f"× {n(multiple)}", chp) for _, label, multiple, chp in WEALTH_LEVELS)
    return ("Starting wealth", ("Wealth", "Of standard", "Cost (chp)"), rows, "")


@table("shell.encumbrance_levels")
def encumbrance_levels_table():
    rows = tuple((level, f"{n(fraction * 100)}%", signed(-2 * level), signed(-level), signed(-(1 + level)),
                  ROUNDS_PER_END[level]) for level, fraction in ENCUMBRANCE_LEVELS)
    return ("Encumbrance levels", ("EL", "Load up to (of maximum)", "Initiative", "MV points", "Dodge DEF",
                                   "Rounds per END"), rows,
            "A load exactly on a limit belongs to that level. The dodge column includes the −1 every dodge takes.")


@table("shell.skill_costs")
def skill_costs_table():
    rows = tuple((level, skill_exp(level, "major"), skill_exp(level, "minor"), grouped_skill_exp(level, "major"),
                  grouped_skill_exp(level, "minor")) for level in range(1, 13))
    return ("Skill experience costs (exp)", ("Level", "Major", "Minor", "Major, in a group",
                                             "Minor, in a group"), rows,
            "Level n adds 4n exp to a major skill and 2n to a minor one. In a group, every skill but the "
            "highest costs its level × 4 (major) or × 2 (minor).")


@table("shell.skill_expertise")
def skill_expertise_table():
    rows = tuple((f"{low}" if low == high else (f"{low}+" if high is None else f"{low}–{high}"), training, belt,
                  education) for low, high, training, belt, education in EXPERTISE)
    return ("What a skill level means", ("Level", "Training", "Karate belt", "Education"), rows, "")


@table("shell.experience_awards")
def experience_awards_table():
    return ("Experience awards per session", ("exp", "For"), EXPERIENCE_AWARDS, "")


@table("shell.skill_roll_odds")
def skill_roll_odds_table():
    rows = tuple((target, f"{n(success_chance(target) * 100)}%") for target in range(3, 19))
    return ("Chance to roll a target or less on 3d6", ("Target", "Chance"), rows,
            "Below 3 a roll never succeeds; from 18 up it always does.")


@table("shell.maneuvers")
def maneuvers_table():
    notes = {"attack": "may move any distance first", "guard": "counterattack after a successful defence",
             "defend": "no attack", "disarm": "an attack at the weapon", "aim": "aim bonus goes on AT"}
    rows = tuple((name, signed(at), signed(de), notes[value]) for value, name, at, de in MANEUVERS)
    return ("Maneuvers", ("Maneuver", "AT", "DEF", "In short"), rows,
            "The modifiers last until the character's next action.")


@table("shell.attack_results")
def attack_results_table():
    rows = (("8 or less", "miss", "miss"), ("9–11", "defended (dodge or block)", "defended (dodge or block)"),
            ("12 to 11 + PR", "hit", "hits the shield"), ("over 11 + PR", "hit", "hits the defender"))
    return ("Attack roll: 2d10 + AT − DEF", ("Total", "No shield (or attack on a weapon)", "Shield"), rows,
            "A block or a shield hit damages the weapon or shield (see damage to objects).")


@table("shell.attack_odds")
def attack_odds_table():
    rows = []
    for margin in range(-8, 11):
        odds = attack_odds(margin, None)
        shielded = attack_odds(margin, 2)
        rows.append((signed(margin), f"{n(odds['miss'] * 100)}%", f"{n(odds['defended'] * 100)}%",
                     f"{n(odds['hit'] * 100)}%", f"{n(shielded['hit'] * 100)}%"))
    return ("Attack odds by AT − DEF", ("AT − DEF", "Miss", "Defended", "Hit (no shield)", "Hit past a PR 2 shield"),
            tuple(rows), "Exact odds on 2d10.")


@table("shell.attack_modifiers")
def attack_modifiers_table():
    return ("AT modifiers", ("Situation", "AT"), ATTACK_MODIFIERS, "The GM may add others.")


@table("shell.hit_locations")
def hit_locations_table():
    rows = tuple((name, signed(at), f"{pct}% of base HP" if pct else "—", effect)
                 for _, name, at, pct, effect in HIT_LOCATIONS)
    rows += (("Weapon", signed(WEAPON_TARGET_AT), "—", "damage to objects"),
             ("Far side (extra)", signed(FAR_SIDE_AT), "—", "a limb on the side turned away"))
    return ("Hit locations", ("Location", "AT", "Cripples at", "Effect"), rows,
            "A crippled location stuns; double the crippling damage makes it permanent.")


@table("shell.range_modifiers")
def range_modifiers_table():
    rows = []
    low = Fraction(1)
    for limit, mod in range_limits(12):
        high = math.floor(limit)
        rows.append((f"{n(low)}–{high}", signed(mod)))
        low = Fraction(high + 1)
    return ("Range modifiers", ("Range (units)", "AT"), tuple(rows),
            "Past 40 units each band reaches 1.5 times as far as the one before (our reading).")


@table("shell.defence_modifiers")
def defence_modifiers_table():
    return ("DEF modifiers", ("Situation", "DEF"), DEFENCE_MODIFIERS, "The GM may add others.")


@table("shell.combat_fatigue")
def combat_fatigue_table():
    rows = tuple((level, rounds) for level, rounds in ROUNDS_PER_END.items())
    return ("Combat fatigue", ("EL", "Rounds per END point"), rows,
            "Rounds of moving, attacking or defending in hand-to-hand combat.")


@table("shell.hp_recovery")
def hp_recovery_table():
    rows = tuple((ht, f"{n(hp_recovery_percent(ht))}%") for ht in PRIMARY_CHART)
    return ("HP recovery by HT", ("HT", "HP regained a day"), rows,
            "Percent of base HP, at each injured location: maximum encumbrance for ST = HT, divided by 20.")


@table("shell.armour")
def armour_table():
    return ("Typical fantasy armour", ("Armour", "DR"), ARMOUR_DR, "Each armour protects the locations it covers.")


@table("shell.shields")
def shields_table():
    return ("Typical medieval shields", ("Shield", "PR", "HP"), SHIELDS,
            "A buckler has PR 0. Reinforcing a shield raises its HP, at a price.")
