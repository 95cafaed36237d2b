"""What a creature's figures mean when a GURPS Character Sheet file holds the ones GURPS gives a
special meaning: ST 0 (no physical body), ST past 100 (a huge creature), IQ 0 (mindless), FP 0
or no FP at all (no fatigue). The import takes them as they are and says what each means, in a
line of its cross-check (:mod:`rulescore.gurps.gcs_import` calls it); the sheet
(:mod:`rulescore.gurps.sheet`) and a session count them.

>>> from fractions import Fraction
>>> [line["figure"] for line in creature_checks({"st": Fraction(0), "iq": Fraction(0), "fp": Fraction(0)}, True)]
... # doctest: +NORMALIZE_WHITESPACE
['ST 0: no physical body (nothing to lift or strike with ST: Basic Lift 0, no load, no thrust or swing)',
 'IQ 0: mindless (no Will roll: Fright Checks and Influence rolls do not apply, an Aim is not lost to a Will roll)',
 'FP: none in the file, so FP 0: no fatigue (no FP to spend or lose)']
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..import_common import check
from .damage import DAMAGE_ST_RANGE

NO_BODY = "ST 0: no physical body (nothing to lift or strike with ST: Basic Lift 0, no load, no thrust or swing)"
MINDLESS = ("IQ 0: mindless (no Will roll: Fright Checks and Influence rolls do not apply, an Aim is not lost to a "
            "Will roll)")
NO_FATIGUE = "FP 0: no fatigue (no FP to spend or lose)"


def creature_checks(values: dict[str, Fraction], no_fp: bool) -> list[dict[str, Any]]:
    """A cross-check line for each figure with GURPS's special meaning, the file's figure beside
    the sheet's (the same: the meaning is the news)."""
    lines = []
    st, iq, fp = values["st"], values["iq"], values.get("fp", Fraction(0))
    if not st:
        lines.append(check(NO_BODY, 0, 0))
    elif st > DAMAGE_ST_RANGE[1]:
        lines.append(check(f"ST {st}: a huge creature (past the damage table's {DAMAGE_ST_RANGE[1]}, thrust and swing "
                           f"go on at +1d each for every 10 ST more)", st, st))
    if not iq:
        lines.append(check(MINDLESS, 0, 0))
    if no_fp:
        lines.append(check("FP: none in the file, so " + NO_FATIGUE, None, 0,
                           "GCS's sheet for this creature leaves FP out: the sheet reads that as FP 0"))
    elif not fp:
        lines.append(check(NO_FATIGUE, 0, 0))
    return lines
