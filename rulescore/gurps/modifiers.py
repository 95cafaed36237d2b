"""The modifier picker (docs: gurps/success-rolls.md#modifiers-at-the-table): the modifiers the
reference defines for a roll, each offered as a chip, summed into an effective skill with its
exact odds, and the reverse question, the skill needed for a chance. Every modifier is read
from the module that states its rule (melee, ranged, defense, injury, encumbrance), never
restated here.

>>> effective_skill(12, dict(DEFAULTS, roll="melee", maneuver="all_out_determined", off_hand=True))[0]
12
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, Working, declare_calculator, get_calculator
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from ..rolls import declare_roll
from .common import (
    ONE_THIRD_FP_RULE,
    SKILL_RANGE,
    SYSTEM,
    chance_of_success,
    halved_round_up,
    roll_chart,
    rolled_success,
    success_odds,
)
from .defense import INCREASED_DEFENSE, STUNNED_DEFENSE
from .encumbrance import ENCUMBRANCE_LEVELS
from .injury import SHOCK_CAP
from .melee import (
    EVALUATE_BONUS,
    EVALUATE_MAX_TURNS,
    MANEUVERS,
    MOVE_AND_ATTACK_RANGED,
    OFF_HAND_PENALTY,
    RANGED_DETERMINED_BONUS,
)
from .ranged import aim_bonus, range_entries

ROLLS_PICKED = (("melee", "Melee attack"), ("ranged", "Ranged attack"), ("dodge", "Dodge"),
                ("dx_iq", "Another DX- or IQ-based roll"), ("st", "ST roll"), ("other", "Any other roll"))
ATTACKS = ("melee", "ranged")
# Which rolls each modifier changes; picked for another roll, it changes nothing.
APPLIES = {"maneuver": ATTACKS, "off_hand": ATTACKS, "evaluate": ("melee",), "aim": ("ranged",),
           "range_yd": ("ranged",), "size_modifier": ("ranged",),
           "shock": ("melee", "ranged", "dx_iq"),  # weapon skills are DX-based
           "dodge_encumbrance": ("dodge",), "reeling": ("dodge",), "very_tired": ("dodge", "st"),
           "stunned": ("dodge",), "all_out_defense": ("dodge",)}
MANEUVER = {row.value: row for row in MANEUVERS}
PICKED_MANEUVERS = ("attack", "all_out_determined", "move_and_attack")  # the ones that change the roll
RANGE_CHIPS = tuple(entry for (entry, _), _ in zip(range_entries(), range(14), strict=False))  # 2 to 300 yd
AIM_SECONDS = (("0", "No Aim"), ("1", "1 s"), ("2", "2 s"), ("3", "3 s or more"))
WANTED_RANGE = (1, 98)  # 16 or more succeeds 98.1% of the time: nothing gets higher
NEEDED_SEARCH = range(-60, 101)  # base skills tried for the reverse question

RULES = {
    "maneuver": "gurps/maneuvers/#all-out-attack", "move_and_attack": "gurps/maneuvers/#move-and-attack",
    "evaluate": "gurps/maneuvers/#evaluate", "aim": "gurps/maneuvers/#aim",
    "range": "gurps/attacking-and-defending/#speedrange-table",
    "size": "gurps/attacking-and-defending/#your-chance-to-hit", "off_hand": "gurps/maneuvers/#melee-options",
    "shock": "gurps/injury/#shock", "encumbrance": "gurps/encumbrance/#move-and-dodge",
    "reeling": "gurps/injury/#reeling-under-13-of-your-hp", "very_tired": ONE_THIRD_FP_RULE,
    "stunned": "gurps/injury/#stunning", "all_out_defense": "gurps/maneuvers/#all-out-defense",
    "other": "#success-rolls",
}


def _range_label(entry: int) -> str:
    return f"{'up to ' if entry == RANGE_CHIPS[0] else ''}{entry} yd"


def effective_skill(base: int, picked: dict[str, Any]) -> tuple[int, list[tuple[str, str]]]:
    """The effective skill for ``base`` with the ``picked`` modifiers (the calculator's inputs),
    and each change made as (sentence, rule), in the order the rules apply them: sums first,
    then halving, then the bonuses and penalties that come after it (a Dodge is halved before
    All-Out Defense and stunning, as on the Active defences calculator; Move and Attack caps
    the total at 9)."""
    roll, total, changes = picked["roll"], base, []

    def add(amount: int, why: str, rule: str) -> None:
        nonlocal total
        if amount:
            total += amount
            changes.append((f"{signed(amount)} {why}", RULES[rule]))

    if roll in ATTACKS:
        maneuver = MANEUVER[picked["maneuver"]]
        if maneuver.value == "all_out_determined":
            add(maneuver.modifier if roll == "melee" else RANGED_DETERMINED_BONUS, maneuver.label, "maneuver")
        elif maneuver.value == "move_and_attack":
            add(maneuver.modifier if roll == "melee" else MOVE_AND_ATTACK_RANGED, maneuver.label, "move_and_attack")
        if picked["off_hand"]:
            add(OFF_HAND_PENALTY, "for the off hand", "off_hand")
    if roll == "melee":
        turns = int(picked["evaluate"])
        add(EVALUATE_BONUS * turns, f"for {turns} turn{'s' if turns > 1 else ''} of Evaluate", "evaluate")
    if roll == "ranged":
        seconds = int(picked["aim"])
        add(aim_bonus(picked["accuracy"], seconds), f"for {seconds} s of Aim (Acc {picked['accuracy']})", "aim")
        yards = int(picked["range_yd"])
        add(-RANGE_CHIPS.index(yards), f"for range and speed, {_range_label(yards)}", "range")
        add(picked["size_modifier"], "for the target's Size Modifier", "size")
    if roll in APPLIES["shock"]:
        add(int(picked["shock"]), "shock this turn", "shock")
    if roll == "dodge":
        level = int(picked["dodge_encumbrance"])
        add(-level, f"for {ENCUMBRANCE_LEVELS[level].name} encumbrance", "encumbrance")
    for name, why in (("reeling", "reeling (under 1/3 of HP)"), ("very_tired", "very tired (under 1/3 of FP)")):
        if roll in APPLIES[name] and picked[name]:
            halved = halved_round_up(total)
            changes.append((f"halved, rounded up, for being {why}: {n(total)} → {n(halved)}", RULES[name]))
            total = halved
    if roll == "dodge":
        if picked["all_out_defense"]:
            add(INCREASED_DEFENSE, "for All-Out Defense (Increased Dodge)", "all_out_defense")
        if picked["stunned"]:
            add(STUNNED_DEFENSE, "for being stunned", "stunned")
    add(picked["other_modifier"], "other modifiers", "other")
    cap = MANEUVER["move_and_attack"].cap
    if roll == "melee" and picked["maneuver"] == "move_and_attack" and cap is not None and total > cap:
        changes.append((f"Move and Attack caps a melee attack at {cap}: {n(total)} → {cap}", RULES["move_and_attack"]))
        total = cap
    return total, changes


def needed_base(picked: dict[str, Any], wanted: Fraction) -> int | None:
    """The lowest base skill that reaches the ``wanted`` chance with these modifiers, or None
    when none does (Move and Attack's cap of 9, say). The chance never falls as the base skill
    rises, so a binary search over NEEDED_SEARCH finds it (the picker asks this for every chip)."""
    low, high = 0, len(NEEDED_SEARCH)
    while low < high:
        middle = (low + high) // 2
        if chance_of_success(effective_skill(NEEDED_SEARCH[middle], picked)[0]) >= wanted:
            high = middle
        else:
            low = middle + 1
    return NEEDED_SEARCH[low] if low < len(NEEDED_SEARCH) else None


def _choice(name: str, label: str, choices: tuple[tuple[str, str], ...], help: str = "") -> Input:
    """A chip group whose first choice is the default: no modifier, or the first kind of roll."""
    return Input(name, label, "choice", choices[0][0], choices=choices, help=help)


@declare_calculator(
    id="gurps.modifiers",
    system=SYSTEM,
    title="Modifier picker",
    summary="Pick the modifiers that apply: each shows the chance it would give, the total shows the odds, "
            "and the skill needed for the chance you want.",
    page="gurps/success-rolls/",
    inputs=[
        _choice("roll", "What you roll", ROLLS_PICKED, "which modifiers apply depends on the roll"),
        Input("skill", "Skill or score", "int", 12, min=SKILL_RANGE[0], max=SKILL_RANGE[1],
              help="your skill, attribute or Dodge before these modifiers"),
        _choice("maneuver", "Maneuver", tuple((value, MANEUVER[value].label) for value in PICKED_MANEUVERS),
                "attacks only"),
        _choice("evaluate", "Evaluate", tuple((str(t), f"{t} turn{'s' if t > 1 else ''}" if t else "none")
                                                    for t in range(EVALUATE_MAX_TURNS + 1)), "melee attacks only"),
        _choice("aim", "Aim", AIM_SECONDS, "ranged attacks only"),
        Input("accuracy", "Weapon Accuracy (Acc)", "int", 2, min=0, max=20,
              help="counts only after an Aim"),
        _choice("range_yd", "Range + speed", tuple((str(entry), _range_label(entry)) for entry in RANGE_CHIPS),
                "ranged attacks: the target's distance plus its speed"),
        Input("size_modifier", "Target's Size Modifier (SM)", "int", 0, min=-15, max=15,
              help="ranged attacks; a human-sized target is 0"),
        Input("off_hand", "Off hand", "bool", False, help="attacks only"),
        _choice("shock", "Shock", tuple((str(-p), f"{signed(-p)}" if p else "none") for p in range(SHOCK_CAP + 1)),
                "on your next turn after an injury: DX- and IQ-based rolls and attacks"),
        _choice("dodge_encumbrance", "Encumbrance", tuple((str(row.level), row.name) for row in ENCUMBRANCE_LEVELS),
                "Dodge only"),
        Input("reeling", "Reeling", "bool", False, help="under 1/3 of your HP: Dodge halved"),
        Input("very_tired", "Very tired", "bool", False, help="under 1/3 of your FP: Dodge and ST halved"),
        Input("stunned", "Stunned", "bool", False, help="Dodge only"),
        Input("all_out_defense", "All-Out Defense", "bool", False, help="Increased Dodge; Dodge only"),
        Input("other_modifier", "Other modifiers", "int", 0, min=-20, max=20,
              help="the GM's call for anything else"),
        Input("wanted", "Chance you want", "int", 90, unit="%", min=WANTED_RANGE[0], max=WANTED_RANGE[1],
              help="for the skill needed"),
    ],
    outputs=[
        Output("total_modifier", "Modifiers in all", help="effective skill minus your skill"),
        Output("effective_skill", "Effective skill"),
        Output("success", "Chance of success", format="percent"),
        Output("critical_success", "Critical success", format="percent"),
        Output("critical_failure", "Critical failure", format="percent"),
        Output("skill_needed", "Skill needed for the chance you want",
               help="none when no skill reaches it with these modifiers",
               min=NEEDED_SEARCH.start, max=NEEDED_SEARCH.stop - 1),
    ],
    chips=("roll", "maneuver", "evaluate", "aim", "range_yd", "off_hand", "shock", "dodge_encumbrance",
           "reeling", "very_tired", "stunned", "all_out_defense"),
    odds="success",
)
def modifiers(step: Working, roll: str, skill: int, wanted: int, **picked: Any) -> dict[str, Any]:
    """The effective skill after the picked modifiers, its exact odds, and the skill needed for
    the chance you want (docs: gurps/success-rolls.md#modifiers-at-the-table). A modifier that
    does not apply to the roll picked changes nothing and the working says so.

    The page's example, a melee attack at skill 13 with All-Out Attack (Determined), two turns of
    Evaluate, in the off hand:

    >>> from rulescore import calculate
    >>> r = calculate("gurps.modifiers", {"skill": 13, "maneuver": "all_out_determined", "evaluate": "2",
    ...                                   "off_hand": True})
    >>> r["effective_skill"], r["total_modifier"], r["skill_needed"]
    (15, 2, 12)
    """
    picked["roll"] = roll  # effective_skill reads every input from one mapping
    total, changes = effective_skill(skill, picked)
    what = dict(ROLLS_PICKED)[roll].lower()
    step(f"{what[0].upper() + what[1:]}: start from {n(skill)}.", rule="#success-rolls")
    for sentence, rule in changes:
        step(sentence[0].upper() + sentence[1:] + ".", rule=rule)
    unused = [LABELS[name] for name, rolls in APPLIES.items() if roll not in rolls and picked[name] != DEFAULTS[name]]
    if unused:
        step(f"Picked, but not for a {what}, so they change nothing here: {', '.join(unused)}.",
             rule="#modifiers-at-the-table")
    odds = success_odds(total)
    step(f"Effective skill {n(total)} ({signed(total - skill)} in all): 3d6 succeeds on {n(total)} or less, "
         f"{pct(odds['success'])} of the time.", rule="#success-rolls")
    roll_chart(step, total, "", f"succeeds {pct(odds['success'])} of the time")
    needed = needed_base(picked, Fraction(wanted, 100))
    if needed is None:
        step(f"No skill reaches {wanted}% with these modifiers.", rule="#modifiers-at-the-table")
    else:
        step(f"For at least {wanted}%, you need skill {n(needed)} with these modifiers "
             f"(effective {n(effective_skill(needed, picked)[0])}).", rule="#modifiers-at-the-table")
    return {"total_modifier": total - skill, "effective_skill": total, "success": odds["success"],
            "critical_success": odds["critical success"], "critical_failure": odds["critical failure"],
            "skill_needed": needed}


@declare_roll("gurps.modifiers", "3d6")
def resolve_modifiers(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The roll the picker is for, made: 3d6 against the effective skill it worked out, by the
    success roll's own rule (criticals included), so nothing is retyped elsewhere.

    >>> from rulescore import resolve
    >>> r = resolve("gurps.modifiers", {"skill": 12, "maneuver": "all_out_determined"}, dice=[6, 5, 5])
    >>> r["effective_skill"], r["outcome"], r["margin"]
    (16, 'success', 0)
    """
    return rolled_success(step, rolled, result["effective_skill"], "Roll")


# Read from the declaration above, so each input's label and default are stated once.
LABELS = {spec.name: spec.label for spec in get_calculator("gurps.modifiers").inputs}
DEFAULTS: dict[str, Any] = {spec.name: spec.parse(spec.default) for spec in get_calculator("gurps.modifiers").inputs}
