"""Characters and attributes (docs: shell/characters.md): what primary and secondary
attributes, race, handedness and wealth cost in chp; the NPC-only attributes; attribute
rolls and contests. The Primary Attribute Chart itself is in :mod:`.common`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from .. import dice
from ..core import Input, Output, Result, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import dice_shown, percent_text, signed, term
from ..notation import number_text as n
from ..rolls import declare_roll
from .common import (
    ATTRIBUTE_DEFAULT,
    DIFFICULTY,
    DIFFICULTY_CHOICES,
    HUMAN_BASE,
    PRIMARY_CHART,
    SYSTEM,
    attribute_cost,
    attribute_input,
)
from .rolls import attribute_roll_result, roll_chart, success_chance


class SecondaryAttribute(NamedTuple):
    """A row of the Secondary Attributes chart."""

    abbr: str
    name: str
    base: str  # in words
    cost: str  # in words
    chp_per_point: int | None  # None when the cost is worked out another way
    who: str  # who may buy it


SECONDARY_ATTRIBUTES = (
    SecondaryAttribute("HT", "Health", "10", "10 chp per point", 10, "PCs and NPCs"),
    SecondaryAttribute("HP", "Hit Points", "ST", "10 chp per point", 10, "NPCs only"),
    SecondaryAttribute("END", "Endurance", "ST", "8 chp per point", 8, "PCs and NPCs"),
    SecondaryAttribute("WP", "Willpower", "IQ", "10 chp per point", 10, "PCs and NPCs"),
    SecondaryAttribute("CHA", "Charisma", "(ST + IQ) / 2", "8 chp per point", 8, "PCs and NPCs"),
    SecondaryAttribute("PER", "Perception", "IQ", "4 chp per point", 4, "PCs and NPCs"),
    SecondaryAttribute("MV", "Move", "(ST + AG) / 4", "10 chp per point", 10, "PCs up to +2"),
    SecondaryAttribute("Flight", "Flight", "0", "10 chp per point", 10, "NPCs only"),
    SecondaryAttribute("DR", "Damage Resistance", "0", "as a primary attribute of 10 + DR", None, "NPCs only"),
    SecondaryAttribute("DM", "Damage Modifier", "0%", "5 chp per %", 5, "NPCs only"),
    SecondaryAttribute("MR", "Magic Resistance", "0", "as a primary attribute of 10 + 2 × MR", None, "NPCs only"),
    SecondaryAttribute("AT Mod", "Attack modifier", "0", "20 chp per point", 20, "NPCs only"),
    SecondaryAttribute("DEF Mod", "Defence modifier", "0", "20 chp per point", 20, "NPCs only"),
)
SECONDARY_COST = {row.abbr: row.chp_per_point for row in SECONDARY_ATTRIBUTES if row.chp_per_point is not None}
PC_MV_LIMIT = 2
AMBIDEXTERITY_CHP = 5


class WealthLevel(NamedTuple):
    value: str  # the choice's value
    label: str
    multiple: Fraction  # of standard starting wealth
    chp: int


WEALTH_LEVELS = (
    WealthLevel("tenth", "10% of standard", Fraction(1, 10), -10),
    WealthLevel("two_fifths", "40% of standard", Fraction(2, 5), -5),
    WealthLevel("standard", "standard", Fraction(1), 0),
    WealthLevel("double", "double", Fraction(2), 5),
    WealthLevel("five_times", "5 × standard", Fraction(5), 10),
)
WEALTH = {row.value: row for row in WEALTH_LEVELS}


def _bought(name: str, label: str, low: int = -3, high: int = 10,
            help_text: str = "levels bought above the base; negative to lower it") -> Input:
    return Input(name, label, "int", 0, min=low, max=high, help=help_text)


@declare_calculator(
    id="shell.character",
    system=SYSTEM,
    title="Character points",
    summary="The chp cost of attributes, secondary attributes, wealth, advantages and disadvantages, "
            "and the secondary attributes that follow.",
    page="shell/characters/",
    inputs=[
        attribute_input("st", "ST (bought)", help_text="Strength as bought, before racial modifiers"),
        attribute_input("ag", "AG (bought)", help_text="Agility as bought, before racial modifiers"),
        attribute_input("iq", "IQ (bought)", help_text="Intelligence as bought, before racial modifiers"),
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
              choices=tuple((row.value, row.label) for row in WEALTH_LEVELS)),
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
def character(step: Working, st: int, ag: int, iq: int, st_race: int, ag_race: int, iq_race: int, race_chp: int,
              ht_bought: int, end_bought: int, wp_bought: int, cha_bought: int, per_bought: int, mv_bought: int,
              ambidextrous: bool, wealth: str, advantages_chp: int, disadvantages_chp: int,
              budget_chp: int) -> dict[str, Any]:
    """What a character costs in chp (primary and secondary attributes, race, handedness,
    wealth, advantages and disadvantages) against the campaign's budget, and the secondary
    attributes that follow from the final ST, AG and IQ; racial modifiers come on top of the
    levels paid for (docs: shell/characters.md#character-races).

    >>> from rulescore import calculate
    >>> orc = calculate("shell.character", {"st": 12, "st_race": 1, "race_chp": 10})
    >>> orc["primary_chp"], orc["st_final"], orc["total_chp"], orc["hp"]
    (30, 13, 40, 13)
    """
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
    level = WEALTH[wealth]
    other = race_chp + (AMBIDEXTERITY_CHP if ambidextrous else 0) + level.chp
    step(f"Other characteristics: race {n(race_chp)} chp, ambidexterity {AMBIDEXTERITY_CHP if ambidextrous else 0} "
         f"chp, wealth {level.label} {n(level.chp)} chp: {n(other)} chp.", rule="#other-characteristics")
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


@declare_calculator(
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
def npc_attributes(step: Working, hp_bought: int, flight: int, dr: int, dm_percent: int, mr: int, at_mod: int,
                   def_mod: int) -> dict[str, Any]:
    """What the NPC-only secondary attributes cost in chp: bought HP, Flight, DM and the AT
    and DEF Mods at their rates, DR as a primary attribute of 10 + DR and MR as one of
    10 + 2 × MR (docs: shell/characters.md#secondary-attributes).

    >>> from rulescore import calculate
    >>> npc = calculate("shell.npc_attributes", {"dr": 2, "mr": 1})
    >>> npc["dr_chp"], npc["mr_chp"], npc["npc_total_chp"]
    (30, 30, 60)
    """
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


def contest_distribution() -> dict[int, Fraction]:
    """{your 3d6 − the opponent's 3d6: probability}, from −15 to 15."""
    dist = dice.distribution(3, 6)
    out: dict[int, Fraction] = {}
    for mine, p in dist.items():
        for theirs, q in dist.items():
            out[mine - theirs] = out.get(mine - theirs, Fraction(0)) + p * q
    return dict(sorted(out.items()))


@declare_calculator(
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
def contest(step: Working, attribute: int, difficulty: str, opponent: int) -> dict[str, Any]:
    """The exact 3d6 odds of an attribute roll at a task's difficulty (easy +2, hard −3),
    and of winning, tying or losing a contest against an opponent's attribute, the bigger
    margin winning (docs: shell/characters.md#attribute-rolls and #attribute-contests).

    >>> from rulescore import calculate
    >>> roll = calculate("shell.contest", {"attribute": 13, "difficulty": "hard"})
    >>> roll["target"], roll["success"]
    (10, 0.5)
    """
    target = attribute + DIFFICULTY[difficulty]
    success = success_chance(target)
    step(f"Attribute roll: {attribute} {term(DIFFICULTY[difficulty])} ({difficulty} task) = {n(target)}; "
         f"3d6 gives {n(target)} or less {percent_text(success)} of the time.", rule="#attribute-rolls")
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
         f"win {percent_text(win)}, tie {percent_text(tie)}, lose {percent_text(1 - win - tie)}.",
         rule="#attribute-contests")
    edge = attribute - opponent  # you win when your roll minus theirs is below this, tie on it
    # Not charts.roll_bars: these bars are labelled as modifiers ("+3", "−2"), which its labels are not.
    step.chart(f"Contest: your 3d6 − the opponent's 3d6 ({attribute} against {opponent})",
               [(signed(d), p, "success" if d < edge else "neutral" if d == edge else "failure")
                for d, p in contest_distribution().items()],
               f"you win {percent_text(win)} of the time, tie {percent_text(tie)}")
    return {"target": target, "success": success, "win": win, "tie": tie, "lose": 1 - win - tie}


# ---------------------------------------------------------------- Tables on the page

@declare_table("shell.primary_attributes")
def primary_attributes_table() -> TableContent:
    rows = tuple((level, row.cost, row.max_encumbrance, dice_shown(*row.damage), signed(row.at_modifier),
                  signed(row.def_modifier)) for level, row in PRIMARY_CHART.items())
    return TableContent("Primary Attribute Chart", ("Level", "Cost (chp)", "ST: max encumbrance (lb)", "ST: damage",
                                                    "AG: AT modifier", "AG: DEF modifier"), rows,
                        "The cost column applies to ST, AG and IQ alike. The chart covers levels 7 to 20.")


@declare_table("shell.secondary_attributes")
def secondary_attributes_table() -> TableContent:
    rows = tuple((f"{row.name} ({row.abbr})" if row.abbr != row.name else row.name, row.base, row.cost, row.who)
                 for row in SECONDARY_ATTRIBUTES)
    return TableContent("Secondary attributes", ("Attribute", "Base", "Cost", "Who may buy it"), rows,
                        "Bases that divide drop fractions (our reading). Lowering an attribute refunds its cost.")


@declare_table("shell.wealth")
def wealth_table() -> TableContent:
    rows = tuple((row.label, f"× {n(row.multiple)}", row.chp) for row in WEALTH_LEVELS)
    return TableContent("Starting wealth", ("Wealth", "Of standard", "Cost (chp)"), rows, "")


CONTEST_ROLLS = (("attribute", "Attribute roll (3d6)"), ("contest", "Contest (3d6 each)"))


@declare_roll("shell.contest", "3d6",
              choice=Input("shell_roll", "Roll", "choice", "attribute", choices=CONTEST_ROLLS),
              notations=(("attribute", "3d6"), ("contest", "2x3d6")))
def resolve_contest(step: Working, rolled: Rolled, result: Result, which: str) -> dict[str, Any]:
    """The attribute roll made (3d6 against the roll needed), or, with the extra input
    ``shell_roll`` "contest", the contest ("2x3d6": your dice, then the opponent's): ``outcome``
    win, tie or loss, ``margin`` your margin − theirs (positive on a win, 0 on a tie).

    >>> from rulescore import resolve
    >>> r = resolve("shell.contest", {"attribute": 12, "opponent": 10, "shell_roll": "contest"},
    ...             dice=[2, 2, 2, 3, 3, 3])
    >>> r["outcome"], r["margin"], r["opponent_total"]
    ('win', 5, 9)
    """
    if which == "attribute":
        return attribute_roll_result(step, rolled.faces, result["target"], "Attribute roll", "#attribute-rolls")
    attribute, opponent = result.inputs["attribute"], result.inputs["opponent"]
    mine, theirs = rolled.totals
    attribute_roll_result(step, rolled.faces[:3], attribute, "Your roll", "#attribute-contests")
    attribute_roll_result(step, rolled.faces[3:], opponent, "The opponent's roll", "#attribute-contests")
    margin = (attribute - mine) - (opponent - theirs)
    outcome = "win" if margin > 0 else "tie" if margin == 0 else "loss"
    step(f"Contest: margins {attribute - mine} and {opponent - theirs}; the bigger margin wins: a {outcome}.",
         rule="#attribute-contests")
    return {"outcome": outcome, "margin": margin, "opponent_total": theirs}
