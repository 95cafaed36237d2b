"""Recovery and fatigue (docs: gurps/recovery-and-fatigue.md): waking up after being knocked
out, natural healing, lost Fatigue Points and resting them off.

>>> fp_state(3, 9), fp_state(2, 9), very_tired(2, 9)
('tired, no penalty yet', 'very tired', True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from ..notation import percent_text as pct
from ..notation import signed
from .common import ONE_THIRD_FP_RULE, SYSTEM, chance_of_success, roll_chart
from .injury import DEAD_MULTIPLE, below_a_third

UNCONSCIOUS_AWAKE_MINUTES = 15
UNCONSCIOUS_ROLL_HOURS = 1
GRAVE_ROLL_HOURS = 12
FP_REST_MINUTES = 10


@declare_calculator(
    id="gurps.recovery",
    system=SYSTEM,
    title="Waking up and healing",
    summary="How someone knocked unconscious comes round, and how many days of rest heal the lost HP.",
    page="gurps/recovery-and-fatigue/",
    inputs=[
        Input("hp", "Hit Points (HP)", "int", 10, min=1, max=200, help="the full score"),
        Input("hp_lost", "HP lost", "int", 6, min=0, max=2000, help="all the injury not yet healed"),
        Input("ht", "HT", "int", 10, min=1, max=30),
        Input("conditions", "GM's modifier for rest", "int", 0, min=-10, max=10,
              help="a penalty for bad conditions, a bonus for very good ones; leave at 0 for ordinary rest"),
    ],
    outputs=[
        Output("current_hp", "HP now"),
        Output("waking", "If unconscious"),
        Output("wake_chance", "Chance of waking at the next check", format="percent"),
        Output("daily_roll", "Daily HT roll to heal 1 HP", format="percent"),
        Output("fewest_days", "Fewest days to full HP", "days", min=0),
        Output("average_days", "Average days to full HP", "days", min=0),
    ],
)
def recovery(step: Working, hp: int, hp_lost: int, ht: int, conditions: int) -> dict[str, Any]:
    """How someone knocked unconscious comes round (on their own at 1 HP or more, otherwise by HT
    rolls), and how many days of rest, one HT roll a day, heal the HP lost (docs:
    gurps/recovery-and-fatigue.md#recovering-from-unconsciousness, #natural-recovery).

    The page's example, 12 HP with 20 lost and HT 11: at −8, a HT roll every hour to wake.

    >>> from rulescore import calculate
    >>> r = calculate("gurps.recovery", {"hp": 12, "hp_lost": 20, "ht": 11})
    >>> r["current_hp"], r["waking"], r["fewest_days"]
    (-8, 'HT roll every hour to wake; about 1.6 hours on average', 20)
    """
    current = hp - hp_lost
    ht_chance = chance_of_success(ht)
    step(f"HP now = {hp} − {hp_lost} = {n(current)}.", rule="#recovering-from-unconsciousness")
    if current <= -DEAD_MULTIPLE * hp:
        step(f"At or below −5 × HP = {n(-DEAD_MULTIPLE * hp)} the character is dead; nothing heals.",
             rule="gurps/injury/#1-hp-and-below-death-checks")
        return {"current_hp": current, "waking": "dead", "wake_chance": None, "daily_roll": None,
                "fewest_days": None, "average_days": None}
    if current >= 1:
        waking = f"wakes on their own after {UNCONSCIOUS_AWAKE_MINUTES} minutes"
        wake_chance = Fraction(1)
        step(f"Unconscious with 1 HP or more: wakes automatically after {UNCONSCIOUS_AWAKE_MINUTES} minutes.",
             rule="#recovering-from-unconsciousness")
    elif current > -hp:
        waking = f"HT roll every hour to wake; about {n(1 / ht_chance)} hours on average"
        wake_chance = ht_chance
        step(f"Unconscious at 0 HP or less but above −1 × HP = {n(-hp)}: a HT roll ({ht}) every hour, "
             f"made {pct(ht_chance)} of the time, so {n(1 / ht_chance)} hours on average.",
             rule="#recovering-from-unconsciousness")
        roll_chart(step, ht, "HT", f"wakes {pct(ht_chance)} of the time, each hour")
    else:
        waking = ("one HT roll after 12 hours; failure means no waking without medical care, and a HT roll "
                  "every 12 hours to live")
        wake_chance = ht_chance
        step(f"Unconscious at −1 × HP = {n(-hp)} or below: a single HT roll after 12 hours ({pct(ht_chance)}); "
             f"on a failure, only medical care wakes them, and until it comes each 12 hours brings a HT roll "
             f"or death.", rule="#recovering-from-unconsciousness")
        roll_chart(step, ht, "HT", f"wakes after 12 hours {pct(ht_chance)} of the time")
    target = ht + conditions
    daily = chance_of_success(target)
    mod = f" {signed(conditions)} for conditions = {n(target)}" if conditions else ""
    step(f"Natural recovery: after each day of rest and decent food, a HT roll ({ht}{mod}) restores 1 HP; "
         f"it succeeds {pct(daily)} of the time.", rule="#natural-recovery")
    roll_chart(step, target, "HT", f"heals 1 HP {pct(daily)} of the time, each day")
    average = hp_lost / daily
    if hp_lost:
        step(f"{hp_lost} HP to heal: at least {hp_lost} days, {hp_lost} / {n(daily)} = {n(average)} days on average.",
             rule="#natural-recovery")
    return {"current_hp": current, "waking": waking, "wake_chance": wake_chance, "daily_roll": daily,
            "fewest_days": hp_lost, "average_days": average}


# --------------------------------------------------------------------------- fatigue

def very_tired(current: int, fp: int) -> bool:
    """Under 1/3 of your FP: very tired."""
    return 3 * current < fp


def fp_state(current: int, fp: int) -> str:
    """What the FP left mean, in words ("no fatigue" for FP 0: a creature that does not tire)."""
    if not fp:
        return "no fatigue"
    if current <= -fp:
        return "unconscious"
    if current <= 0:
        return "on the verge of collapse"
    if very_tired(current, fp):
        return "very tired"
    return "rested" if current == fp else "tired, no penalty yet"


@declare_calculator(
    id="gurps.fatigue",
    system=SYSTEM,
    title="Lost Fatigue Points",
    summary="What a loss of FP does to you, what it costs in HP, and how long rest takes to put it back.",
    page="gurps/recovery-and-fatigue/",
    inputs=[
        Input("fp", "Fatigue Points (FP)", "int", 10, min=1, max=100, help="the full score"),
        Input("fp_lost", "FP lost", "int", 7, min=0, max=500, help="all the fatigue not yet rested off"),
        Input("will", "Will", "int", 10, min=0, max=30, help="for the roll to act at 0 FP or less"),
    ],
    outputs=[
        Output("current_fp", "FP now", min=-100, max=100),
        Output("condition", "Condition"),
        Output("halved", "Move, Dodge and ST halved"),
        Output("will_roll", "Will roll to act", format="percent", help="shown at 0 FP or less"),
        Output("hp_injury", "HP of injury from fatigue", min=0),
        Output("wake_minutes", "Minutes of rest to wake", "min", help="shown when unconscious", min=0),
        Output("rest_minutes", "Minutes of rest to full FP", "min", min=0),
    ],
)
def fatigue(step: Working, fp: int, fp_lost: int, will: int) -> dict[str, Any]:
    """What a loss of FP does: very tired under a third (strictly), Will rolls to act at 0 FP or
    less, HP lost past that, unconscious at −1 × FP, and the minutes of rest to wake and to recover
    (docs: gurps/recovery-and-fatigue.md#lost-fatigue-points, #exactly-a-third,
    #recovering-from-fatigue).

    The page's examples, 11 FP with 14 lost, and 9 FP with 6 lost (exactly a third left):

    >>> from rulescore import calculate
    >>> r = calculate("gurps.fatigue", {"fp": 11, "fp_lost": 14, "will": 12})
    >>> r["current_fp"], r["condition"], r["hp_injury"], r["rest_minutes"]
    (-3, 'on the verge of collapse', 3, 140)
    >>> calculate("gurps.fatigue", {"fp": 9, "fp_lost": 6})["halved"]
    False
    """
    raw = fp - fp_lost
    current = max(raw, -fp)
    step(f"FP now = {fp} − {fp_lost} = {n(raw)}"
         + (f", but FP never drops below −1 × FP, so {n(current)}." if raw < -fp else "."),
         rule="#lost-fatigue-points")
    hp_injury = max(fp_lost - fp, 0)
    if hp_injury:
        below = min(fp_lost - fp, fp)
        beyond = hp_injury - below
        text = f"{below} FP lost at 0 FP or less cost 1 HP each"
        if beyond:
            text += f", and {beyond} more FP past −1 × FP came off HP instead"
        step(f"Injury from fatigue: {text}: {hp_injury} HP.", rule="#lost-fatigue-points")
    halved = very_tired(current, fp)
    if halved:
        step(f"Under 1/3 of FP ({n(current)} × 3 < {fp}): very tired, so Move, Dodge and ST are halved, "
             f"rounded up.", rule=ONE_THIRD_FP_RULE)
    elif 3 * current == fp:
        step(f"Exactly 1/3 of FP ({n(current)} × 3 = {fp}): not yet under a third, so not yet very tired.",
             rule=ONE_THIRD_FP_RULE)
    will_roll = None  # no roll above 0 FP, nor while unconscious
    if -fp < current <= 0 and not will:
        step("At 0 FP or less, but Will 0 is a mindless creature's (IQ 0): no Will roll to act; it goes on until "
             "it drops at −1 × FP.", rule="#lost-fatigue-points")
    elif -fp < current <= 0:
        will_roll = chance_of_success(will)
        step(f"At 0 FP or less: a Will roll ({n(will)}) before any action beyond talking or resting, made "
             f"{pct(will_roll)} of the time; a failure means collapse until FP is positive again.",
             rule="#lost-fatigue-points")
        roll_chart(step, will, "Will", f"acts {pct(will_roll)} of the time; otherwise collapses")
    wake = None  # awake
    if current <= -fp:
        wake = FP_REST_MINUTES * (1 - current)
        step(f"At −1 × FP = {n(-fp)}: unconscious, waking at 1 FP after {1 - current} FP of rest "
             f"× {FP_REST_MINUTES} minutes = {wake} minutes.", rule="#lost-fatigue-points")
    rest = FP_REST_MINUTES * (fp - current)
    step(f"Rest restores 1 FP per {FP_REST_MINUTES} minutes: {fp - current} FP × {FP_REST_MINUTES} = {rest} minutes "
         f"to full FP (a decent meal may give one FP more).", rule="#recovering-from-fatigue")
    return {"current_fp": current, "condition": fp_state(current, fp), "halved": halved, "will_roll": will_roll,
            "hp_injury": hp_injury, "wake_minutes": wake, "rest_minutes": rest}


@declare_table("gurps.fp_thresholds")
def fp_thresholds_table() -> TableContent:
    rows = tuple((fp, below_a_third(fp), -fp, FP_REST_MINUTES * 2 * fp) for fp in range(8, 21))
    return TableContent("Where fatigue starts to bite, by FP",
                        ("FP", "Very tired at or below", "Unconscious at", "Rest from −1 × FP to full (minutes)"),
                        rows, "Very tired means under 1/3 of FP. Will rolls to act start at 0 FP, whatever the "
                        "score; each FP lost from there on also costs 1 HP.")
