"""Advantages and disadvantages (docs: shell/advantages.md): the cost guideline, 5 chp (or
−5) × severity × how often it comes into play.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from ..core import Input, Output, TableContent, Working, declare_calculator, declare_table
from ..notation import number_text as n
from .common import SYSTEM


class Multiplier(NamedTuple):
    """One step of a cost-guideline scale: its choice value and what it multiplies the base by."""

    value: str
    multiplier: Fraction


ADVANTAGE_BASE = {"advantage": 5, "disadvantage": -5}
SEVERITY = (Multiplier("slight", Fraction(1)), Multiplier("moderate", Fraction(2)),
            Multiplier("significant", Fraction(3)), Multiplier("extreme", Fraction(4)))
FREQUENCY = (Multiplier("rarely", Fraction(1, 2)), Multiplier("occasionally", Fraction(1)),
             Multiplier("often", Fraction(2)), Multiplier("always", Fraction(3)))
SEVERITY_MULTIPLIER = {row.value: row.multiplier for row in SEVERITY}
FREQUENCY_MULTIPLIER = {row.value: row.multiplier for row in FREQUENCY}
FREQUENCY_WORDS = {"rarely": "rarely comes into play", "occasionally": "occasionally comes into play",
                   "often": "often comes into play", "always": "always comes into play"}


@declare_calculator(
    id="shell.advantage_cost",
    system=SYSTEM,
    title="Advantage and disadvantage cost",
    summary="The guideline cost: 5 chp (or −5) × severity × how often it comes into play.",
    page="shell/advantages/",
    inputs=[
        Input("kind", "Kind", "choice", "advantage",
              choices=(("advantage", "Advantage (+5)"), ("disadvantage", "Disadvantage (−5)"))),
        Input("severity", "Severity", "choice", "moderate",
              choices=tuple((row.value, f"{row.value.capitalize()} (× {n(row.multiplier)})") for row in SEVERITY)),
        Input("frequency", "Comes into play", "choice", "occasionally",
              choices=tuple((row.value, f"{row.value.capitalize()} (× {n(row.multiplier)})") for row in FREQUENCY)),
    ],
    outputs=[Output("cost_chp", "Cost", "chp", min=-60, max=60)],
)
def advantage_cost(step: Working, kind: str, severity: str, frequency: str) -> dict[str, Any]:
    """The guideline chp cost of an advantage (base 5) or a disadvantage (base −5): the base
    × its severity (slight 1 to extreme 4) × how often it comes into play (rarely ½ to
    always 3); the source does not round a half point (docs: shell/advantages.md#cost-guideline).

    >>> from rulescore import calculate
    >>> calculate("shell.advantage_cost", {"kind": "disadvantage", "severity": "moderate",
    ...                                    "frequency": "rarely"})["cost_chp"]
    -5
    >>> calculate("shell.advantage_cost", {"severity": "significant", "frequency": "often"})["cost_chp"]
    30
    """
    base = ADVANTAGE_BASE[kind]
    sev, freq = SEVERITY_MULTIPLIER[severity], FREQUENCY_MULTIPLIER[frequency]
    cost = base * sev * freq
    article = "an" if kind == "advantage" else "a"
    step(f"Cost = base {n(base)} for {article} {kind} × {n(sev)} ({severity}) × {n(freq)} "
         f"({FREQUENCY_WORDS[frequency]}) = {n(cost)} chp.", rule="#cost-guideline")
    if cost.denominator != 1:
        step("The guideline gives a half point here; the source does not round it, so the GM may.",
             rule="#cost-guideline")
    return {"cost_chp": cost}


@declare_table("shell.advantage_multipliers")
def advantage_multipliers_table() -> TableContent:
    rows = tuple((sev.value.capitalize(), sev.multiplier, freq.value.capitalize(), n(freq.multiplier))
                 for sev, freq in zip(SEVERITY, FREQUENCY, strict=True))
    return TableContent("Advantage and disadvantage multipliers", ("Severity", "× base", "Comes into play", "× base"),
                        rows, "Base 5 chp for an advantage, −5 chp for a disadvantage.")


@declare_table("shell.advantage_costs")
def advantage_costs_table() -> TableContent:
    rows = tuple((sev.value.capitalize(), *(n(5 * sev.multiplier * freq.multiplier) for freq in FREQUENCY))
                 for sev in SEVERITY)
    return TableContent("Advantage costs (chp)", ("Severity", *(freq.value.capitalize() for freq in FREQUENCY)),
                        rows, "A disadvantage costs the same amount, negative.")
