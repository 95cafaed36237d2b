"""Genres (docs: shell/genres.md): the typical armour and shield figures a genre supplies.
The weapon rules the genre page sets out (minimum ST, two-handed use) are in :mod:`.weapons`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import TableContent, declare_table


class Armour(NamedTuple):
    name: str
    dr: int


class Shield(NamedTuple):
    size: str
    pr: int  # protection rating
    hp: int


ARMOUR_DR = (Armour("cloth", 1), Armour("leather", 2), Armour("studded", 3), Armour("chain", 4), Armour("scale", 5),
             Armour("banded", 6), Armour("plate", 7))
SHIELDS = (Shield("small", 1, 10), Shield("medium", 2, 13), Shield("large (tower)", 3, 16))


@declare_table("shell.armour")
def armour_table() -> TableContent:
    return TableContent("Typical fantasy armour", ("Armour", "DR"), ARMOUR_DR,
                        "Each armour protects the locations it covers.")


@declare_table("shell.shields")
def shields_table() -> TableContent:
    return TableContent("Typical medieval shields", ("Shield", "PR", "HP"), SHIELDS,
                        "A buckler has PR 0. Reinforcing a shield raises its HP, at a price.")
