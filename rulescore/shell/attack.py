"""The attack roll (docs: shell/combat.md#the-attack-roll): 2d10 + AT − DEF against a block
or dodge, with or without a shield, hand-to-hand or ranged (the weapon's speed divides the
base DEF, docs: shell/combat.md#ranged-attacks), and the defender who is unaware or immobile.
The roll's odds themselves are in :mod:`.rolls`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core import Input, Output, Result, RulesInputError, TableContent, Working, declare_calculator, declare_table
from ..dice import Rolled
from ..notation import number_text as n
from ..notation import percent_text, signed, term
from ..rolls import declare_roll
from .common import AT_DEFAULT, BLOCK_DEF_DEFAULT, SYSTEM
from .rolls import attack_chart, attack_odds, attack_result, attack_roll_result, roll_span

NO_SHIELD = -1
SHIELD_CHOICES = ((str(NO_SHIELD), "No shield (or an attack aimed at the weapon)"), ("0", "Buckler (PR 0)"),
                  ("1", "Small shield (PR 1)"), ("2", "Medium shield (PR 2)"), ("3", "Large (tower) shield (PR 3)"),
                  *((str(pr), f"Magic or unusual shield, PR {pr}") for pr in range(4, 11)))


class NumberChoice(Input):
    """A choice whose values are whole numbers, each with a label a player would use ("No
    shield", "Small shield (PR 1)"). It still takes the number itself given any way a
    whole-number field took it (2, "2", "+2", "−1"), so links and calls made when the input
    was a plain number keep working; the value used is always one of the choices.

    >>> shield = NumberChoice("pr", "Shield", "choice", "-1", choices=SHIELD_CHOICES)
    >>> shield.parse("Small shield (PR 1)"), shield.parse("+2"), shield.parse("−1")
    ('1', '2', '-1')
    """

    def allowed(self) -> str:
        low, high = int(self.choices[0][0]), int(self.choices[-1][0])
        return f"one of the choices, or a whole number from {n(low)} to {n(high)}"

    def parse(self, raw: Any) -> Any:
        try:
            return Input.parse(self, raw)
        except RulesInputError:
            pass
        as_number = self._replace(kind="int", min=int(self.choices[0][0]), max=int(self.choices[-1][0]))
        try:
            return str(Input.parse(as_number, raw))
        except RulesInputError:
            raise self._reject(raw) from None


@declare_calculator(
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
def attack(step: Working, attack_value: int, defence_value: int, shield_pr: str, weapon_speed: int,
           defence_modifier: int, defender_state: str) -> dict[str, Any]:
    """The exact odds of an attack roll, 2d10 + AT − DEF: 8 or less misses, 9–11 is
    defended, up to 11 + the shield's PR hits the shield, more hits the defender; a ranged
    weapon's speed divides the base DEF (fractions dropped, our reading), and a hand-to-hand
    attack on a defender who is unaware or immobile hits without a roll (docs:
    shell/combat.md#the-attack-roll and #ranged-attacks).

    >>> from rulescore import calculate
    >>> shielded = calculate("shell.attack", {"attack_value": 6, "defence_value": 4, "shield_pr": 2})
    >>> shielded["miss_rolls"], shielded["defended_rolls"], shielded["shield_rolls"], shielded["hit_rolls"]
    ('2–6', '7–9', '10–11', '12–20')
    >>> calculate("shell.attack", {"attack_value": 5, "defence_value": 7, "weapon_speed": 2})["def_used"]
    3
    """
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
    spans: dict[str, list[int]] = {key: [] for key in odds}
    for roll in range(2, 21):
        spans[attack_result(roll + margin, shield)].append(roll)
    step(f"Exact odds on 2d10: miss {percent_text(odds['miss'])}, defended {percent_text(odds['defended'])}, "
         f"shield {percent_text(odds['shield_hit'])}, hit {percent_text(odds['hit'])}.", rule="#the-attack-roll")
    attack_chart(step, margin, shield, f"2d10 {term(margin)} (AT {n(attack_value)} − DEF {n(def_used)})",
                 f"hits the defender {percent_text(odds['hit'])} of the time"
                 + (f", the shield {percent_text(odds['shield_hit'])}" if shield is not None else ""))
    return {**odds, "def_used": def_used, "miss_rolls": roll_span(spans["miss"]),
            "defended_rolls": roll_span(spans["defended"]),
            "shield_rolls": roll_span(spans["shield_hit"]) if shield is not None else None,
            "hit_rolls": roll_span(spans["hit"])}


# ---------------------------------------------------------------- Tables on the page

@declare_table("shell.attack_results")
def attack_results_table() -> TableContent:
    rows = (("8 or less", "miss", "miss"), ("9–11", "defended (dodge or block)", "defended (dodge or block)"),
            ("12 to 11 + PR", "hit", "hits the shield"), ("over 11 + PR", "hit", "hits the defender"))
    return TableContent("Attack roll: 2d10 + AT − DEF", ("Total", "No shield (or attack on a weapon)", "Shield"), rows,
                        "A block or a shield hit damages the weapon or shield (see damage to objects).")


@declare_table("shell.attack_odds")
def attack_odds_table() -> TableContent:
    rows = []
    for margin in range(-8, 11):
        odds = attack_odds(margin, None)
        shielded = attack_odds(margin, 2)
        rows.append((signed(margin), percent_text(odds["miss"]), percent_text(odds["defended"]),
                     percent_text(odds["hit"]), percent_text(shielded["hit"])))
    return TableContent("Attack odds by AT − DEF",
                        ("AT − DEF", "Miss", "Defended", "Hit (no shield)", "Hit past a PR 2 shield"),
                        tuple(rows), "Exact odds on 2d10.")


@declare_roll("shell.attack", "2d10")
def resolve_attack(step: Working, rolled: Rolled, result: Result, which: None) -> dict[str, Any]:
    """The attack roll made: 2d10 + AT − DEF; ``outcome`` miss, defended, shield_hit or hit,
    ``margin`` the total − 12 (0 or more gets past the defence). A hand-to-hand attack on an
    unaware or immobile defender hits without a roll (RulesInputError).

    >>> from rulescore import resolve
    >>> r = resolve("shell.attack", {"attack_value": 6, "defence_value": 4, "shield_pr": 2}, dice=[5, 5])
    >>> r["outcome"], r["margin"]
    ('shield_hit', 0)
    """
    if result["def_used"] is None:
        raise RulesInputError("defender_state", "Defender: a hand-to-hand attack on a defender who is unaware or "
                                                "immobile hits without a roll.")
    shield = None if int(result.inputs["shield_pr"]) == NO_SHIELD else int(result.inputs["shield_pr"])
    return attack_roll_result(step, rolled.faces, result.inputs["attack_value"] - result["def_used"], shield,
                              "#the-attack-roll")
