"""How numbers, modifiers and dice read on the site: one place for every system.

The site shows one minus sign, U+2212 ("−3"); values kept as data (dice such as "1d-2")
stay ASCII. Number and percent text for outputs live in :mod:`rulescore.core`
(``number_text``, ``percent_text``, ``dice_text``) and are re-exported here.

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

from .core import MINUS, dice_text, number_text, percent_text

__all__ = ["MINUS", "dice", "dice_shown", "dice_text", "minus", "number_text", "percent_text", "signed", "span",
           "term"]


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
