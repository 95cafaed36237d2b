"""Exact dice odds, as Fractions: the distributions every "roll against" rule needs."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache


@cache
def _counts(count: int, sides: int) -> tuple[int, ...]:
    """Ways to roll each total of ``count`` dice with ``sides`` sides, from total ``count`` up."""
    ways = [1]  # zero dice: one way to total 0
    for _ in range(count):
        nxt = [0] * (len(ways) + sides - 1)
        for total, n in enumerate(ways):
            for face in range(sides):
                nxt[total + face] += n
        ways = nxt
    return tuple(ways)


def distribution(count: int, sides: int) -> dict[int, Fraction]:
    """{total: probability} for ``count``d``sides``."""
    ways = _counts(count, sides)
    whole = sides ** count
    return {count + i: Fraction(n, whole) for i, n in enumerate(ways)}


def chance(count: int, sides: int, wins: Callable[[int], bool]) -> Fraction:
    """Probability that a roll of ``count``d``sides`` satisfies ``wins(total)``."""
    return sum((p for total, p in distribution(count, sides).items() if wins(total)), Fraction(0))


def at_most(count: int, sides: int, target: int) -> Fraction:
    """Probability of rolling ``target`` or less: the usual "roll under" success."""
    return chance(count, sides, lambda total: total <= target)


def x_in_y(probability: Fraction) -> str:
    """A probability as the "x in y" a player says at the table ("1 in 6", "5 in 216")."""
    probability = Fraction(probability)
    return f"{probability.numerator} in {probability.denominator}"
