"""How numbers, modifiers and dice read on the site: one place for every system.

The site shows one minus sign, U+2212 ("−3"); values kept as data (dice such as "1d-2")
stay ASCII. Outputs read through ``number_text``, ``percent_text``, ``dice_text`` and
``feet_inches_text`` (the formats of :mod:`rulescore.outputs`); ``plain`` gives a value as JSON
keeps it. This module imports nothing of rulescore: everything else reads numbers through it.

>>> number_text(28.8), number_text(-2), percent_text(0.625), dice_text("1d-2")
('28.8', '−2', '62.5%', '1d−2')

>>> signed(3), signed(0), signed(-2)
('+3', '0', '−2')
>>> term(-3), term(2)
('− 3', '+ 2')
>>> dice(1, -2), dice(2, 0), dice(3, 1)
('1d-2', '2d', '3d+1')
>>> dice_shown(1, -2)
'1d−2'
>>> span(3, 5), span(4, 4), span(-3, -1)
('3–5', '4', '−3 to −1')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["INCHES_PER_FOOT", "MINUS", "dice", "dice_shown", "dice_text", "feet_inches_text", "minus", "number_text",
           "percent_text", "plain", "signed", "span", "term"]

MINUS = "\u2212"  # the one minus sign the site shows: "−3", never "-3"


def plain(value: Any) -> Any:
    """A value as JSON and readers want it: whole Fractions as int, others as float."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def number_text(value: Any) -> str:
    """A number for reading: at most two decimals, no trailing zeros, a true minus sign
    ("28.8", "7", "0.33", "−2"). ``None`` (an output that does not apply) reads as ""."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value).replace("-", MINUS)
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text.replace("-", MINUS)
    return str(value)


def dice_text(dice: Any) -> str:
    """Dice notation for reading: "1d-2" shows as "1d−2" (the value itself stays ASCII)."""
    return "" if dice is None else str(dice).replace("-", MINUS)


INCHES_PER_FOOT = 12


def feet_inches_text(inches: Any) -> str:
    """A length kept in inches, read as feet and inches: "2 ft 8 in" (32), "8 in", "3 ft",
    "0 in"; ``None`` reads as "".

    >>> feet_inches_text(32), feet_inches_text(8), feet_inches_text(36), feet_inches_text(0)
    ('2 ft 8 in', '8 in', '3 ft', '0 in')
    """
    value = plain(inches)
    if value is None:
        return ""
    amount = Fraction(value) if not isinstance(value, float) else Fraction(repr(value))
    sign, amount = (MINUS, -amount) if amount < 0 else ("", amount)
    feet, rest = divmod(amount, INCHES_PER_FOOT)
    parts = ([f"{feet} ft"] if feet else []) + ([f"{number_text(rest)} in"] if rest or not feet else [])
    return sign + " ".join(parts)


def percent_text(probability: Any) -> str:
    """A probability 0-1 as a percentage with up to two decimals ("62.5%", "0.46%", "100%")."""
    if probability is None:
        return ""
    return number_text(Fraction(probability) * 100 if not isinstance(probability, float) else probability * 100) + "%"


def minus(text: str) -> str:
    """Text with every ASCII hyphen-minus made a true minus sign (for numbers and dice only)."""
    return text.replace("-", MINUS)


def signed(value: int | Fraction) -> str:
    """A modifier as the rules print it: "+5", "0", "−3"."""
    value = Fraction(value)
    if value == 0:
        return "0"
    return ("+" if value > 0 else MINUS) + number_text(abs(value))


def term(value: int | Fraction) -> str:
    """A term of a sum in the working: "+ 2", "− 3", "+ 0"."""
    value = Fraction(value)
    return (f"{MINUS} " if value < 0 else "+ ") + number_text(abs(value))


def dice(count: int, adds: int = 0) -> str:
    """Dice notation as data (ASCII): (1, -2) -> "1d-2", (2, 0) -> "2d", (1, 1) -> "1d+1"."""
    return f"{count}d" + (f"{adds:+d}" if adds else "")


def dice_shown(count: int, adds: int = 0) -> str:
    """Dice notation as a sentence shows it: (1, -2) -> "1d−2"."""
    return dice_text(dice(count, adds))


def span(low: int, high: int) -> str:
    """A range of rolls or scores: "3–5" (en dash), "4"; with negatives, "−3 to −1"."""
    if low == high:
        return number_text(low)
    if low < 0 or high < 0:
        return f"{number_text(low)} to {number_text(high)}"
    return f"{low}–{high}"
