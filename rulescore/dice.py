"""Dice: the notations the three games use, their exact odds (as Fractions) and rolling them.

Every distribution on the site (the odds charts, the "roll against" chances) comes from
:func:`distribution`; :func:`parse` reads the notations the rules print, :func:`roll` rolls
one, or checks the faces a player rolled at the table.

>>> parse("3d-1")
Notation(number=3, sides=6, adds=-1, wins=None, times=1, text='3d-1')
>>> parse("1-2 in 6").wins, parse("d%").sides
((1, 2), 100)
>>> distribution("1d4+4")[8]
Fraction(1, 4)
>>> roll("3d6", faces=[6, 5, 1]).total
12
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, NamedTuple

from .core import MINUS, RulesInputError

MAX_COUNT, MAX_SIDES, MAX_ADDS, MAX_TIMES = 100, 1000, 1000, 10

Roller = Callable[[int, int], Sequence[Any]]  # (count, sides) -> the faces of that many dice


@cache
def _counts(count: int, sides: int) -> tuple[int, ...]:
    """Ways to roll each total of ``count`` dice with ``sides`` sides, from total ``count`` up."""
    ways = [1]  # zero dice: one way to total 0
    for _ in range(count):
        # Each new total sums the ways of the last ``sides`` totals before it (a sliding window).
        nxt = []
        window = 0
        for total in range(len(ways) + sides - 1):
            if total < len(ways):
                window += ways[total]
            if total >= sides:
                window -= ways[total - sides]
            nxt.append(window)
        ways = nxt
    return tuple(ways)


class Notation(NamedTuple):
    """A dice notation, read: ``number`` dice of ``sides`` sides plus ``adds`` ("3d6", "3d-1",
    "1d4+4", "d%"), or, when ``wins`` is not None, a chance: one die wins on those faces
    ("1-2 in 6" wins on 1 and 2; "0 in 6" never). ``times`` separate rolls of it ("2x3d6",
    both sides of a contest); ``text`` is the notation as written."""

    number: int  # how many dice (a tuple already has a count method)
    sides: int
    adds: int = 0
    wins: tuple[int, ...] | None = None
    times: int = 1
    text: str = ""


class Rolled(NamedTuple):
    """A roll: every face, in order; ``totals`` each separate roll's total (the faces plus
    adds; for a chance, the face); ``total`` the first of them; ``won`` whether a chance won
    (None for a total)."""

    notation: Notation
    faces: tuple[int, ...]
    total: int
    totals: tuple[int, ...]
    won: bool | None = None


_DASHES = str.maketrans({MINUS: "-", "\u2013": "-", "\u2014": "-", "\u00d7": "x"})
_TIMES = re.compile(r"([0-9]+)\s*x\s*(.+)")
_CHANCE = re.compile(r"([0-9]+)(?:\s*-\s*([0-9]+))?\s*(?:in\s*([0-9]+)|on\s*1?d([0-9]+))")
_DICE = re.compile(r"([0-9]*)d([0-9]*|%)(?:\s*([+-])\s*([0-9]+))?")


def _bad(notation: Any, why: str) -> RulesInputError:
    shown = repr(notation if not isinstance(notation, str) or len(notation) <= 40 else notation[:40] + "...")
    return RulesInputError("notation", f"dice notation: received {shown}; {why}.")


_HOW = ('write dice as "3d6", "2d10", "1d4+4", "3d-1" (GURPS: "2d" is 2d6), "d%", a chance as "1 in 6" '
        'or "1-2 in 6", or separate rolls as "2x3d6"')


def parse(notation: Any) -> Notation:
    """Read a dice notation; a bad one raises RulesInputError (field "notation") naming it.

    >>> parse("3d6"), parse("2d").sides, parse("3d−1").adds, parse("d%").sides
    (Notation(number=3, sides=6, adds=0, wins=None, times=1, text='3d6'), 6, -1, 100)
    >>> parse("1 in 6").wins, parse("2 in 6").wins, parse("1–2 on 1d6").wins, parse("0 in 6").wins
    ((1,), (1, 2), (1, 2), ())
    >>> parse("2x3d6").times
    2
    >>> parse("3d6+")
    Traceback (most recent call last):
    ...
    rulescore.core.RulesInputError: dice notation: received '3d6+'; write dice as "3d6", "2d10", \
"1d4+4", "3d-1" (GURPS: "2d" is 2d6), "d%", a chance as "1 in 6" or "1-2 in 6", or separate rolls as "2x3d6".
    """
    if isinstance(notation, Notation):
        return notation
    if not isinstance(notation, str) or len(notation) > 40:
        raise _bad(notation, _HOW)
    text = notation.strip()
    read = text.lower().translate(_DASHES)
    times = 1
    repeated = _TIMES.fullmatch(read)
    if repeated:
        times, read = int(repeated.group(1)), repeated.group(2)
        if not 1 <= times <= MAX_TIMES:
            raise _bad(notation, f"separate rolls go from 1 to {MAX_TIMES}")
    chance = _CHANCE.fullmatch(read)
    if chance:
        first, last, in_sides, on_sides = chance.groups()
        sides = int(in_sides or on_sides)
        low, high = (1, int(first)) if last is None else (int(first), int(last))
        if not 2 <= sides <= MAX_SIDES or high > sides or (last is not None and not 1 <= low <= high):
            raise _bad(notation, f"a chance wins on faces from 1 to the die's sides (2 to {MAX_SIDES}), "
                                 f"lowest first")
        return Notation(1, sides, 0, tuple(range(low, high + 1)), times, text)
    rolled = _DICE.fullmatch(read)
    if not rolled or (not rolled.group(1) and not rolled.group(2)):
        raise _bad(notation, _HOW)
    count_text, sides_text, sign, adds_text = rolled.groups()
    count = int(count_text) if count_text else 1
    sides = 100 if sides_text == "%" else int(sides_text) if sides_text else 6
    adds = int(adds_text or 0) * (-1 if sign == "-" else 1)
    if not 1 <= count <= MAX_COUNT or not 2 <= sides <= MAX_SIDES or abs(adds) > MAX_ADDS:
        raise _bad(notation, f"dice go from 1 to {MAX_COUNT} at a time, with 2 to {MAX_SIDES} sides, "
                             f"adds at most {MAX_ADDS} either way")
    return Notation(count, sides, adds, None, times, text)


def distribution(dice: int | str | Notation, sides: int | None = None) -> dict[int, Fraction]:
    """{total: probability} of a roll, summing to 1: ``distribution(3, 6)`` for 3d6, or of a
    notation ("1d4+4", "3d-1"). A chance ("1-2 in 6") gives its die's faces; separate rolls
    ("2x3d6") the distribution of each one.

    >>> distribution(2, 6)[7], distribution("3d-1")[2], distribution("1 in 6")[6]
    (Fraction(1, 6), Fraction(1, 216), Fraction(1, 6))
    """
    if isinstance(dice, int) and not isinstance(dice, bool) and sides is not None:
        count, adds = dice, 0
    else:
        read = parse(dice)
        count, sides, adds = read.number, read.sides, read.adds
    return dict(_distribution(count, sides, adds))


@lru_cache(maxsize=256)  # bounded: a reader may type any roll
def _distribution(count: int, sides: int, adds: int) -> tuple[tuple[int, Fraction], ...]:
    # Kept per roll: a modifier picker's odds run its calculator once for every chip, each
    # working out the same roll's odds again (issue 45). Fractions are immutable; the dict is
    # the caller's.
    whole = sides ** count
    return tuple((count + i + adds, Fraction(n, whole)) for i, n in enumerate(_counts(count, sides)))


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


def real_roll(count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` sides, rolled for real (``random`` is imported on first use:
    the browser engine starts without it).

    >>> all(1 <= face <= 6 for face in real_roll(3, 6))
    True
    """
    import random

    return [random.randint(1, sides) for _ in range(count)]


def _check_faces(faces: Any, count: int, sides: int, text: str) -> tuple[int, ...]:
    """The faces as a tuple, or RulesInputError (field "dice") saying what was wanted."""
    wanted = f"give {count} whole number{'s' if count != 1 else ''} from 1 to {sides}"
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
        raise RulesInputError("dice", f"dice: {text} needs a list of faces; received {faces!r:.60}; {wanted}.")
    if len(faces) != count:
        raise RulesInputError("dice", f"dice: {text} rolls {count} {'die' if count == 1 else 'dice'}; received "
                                      f"{len(faces)} face{'s' if len(faces) != 1 else ''} ({list(faces)!r:.60}); "
                                      f"{wanted}.")
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise RulesInputError("dice", f"dice: {face!r:.20} is not a face of a d{sides} (rolling {text}); "
                                          f"{wanted}.")
    return tuple(faces)


def roll(notation: str | Notation, faces: Sequence[int] | None = None, roll: Roller | None = None) -> Rolled:
    """Roll a notation, or read the ``faces`` a player rolled: every die in order (for "2x3d6",
    the first roll's three then the second's). ``roll(count, sides)`` returns faces; it
    defaults to :func:`real_roll`. Faces of the wrong count, out of range or not whole numbers
    raise RulesInputError (field "dice").

    >>> roll("1d4+4", faces=[3]).total, roll("1-2 in 6", faces=[2]).won, roll("2x3d6", faces=[1, 2, 3, 6, 6, 6]).totals
    (7, True, (6, 18))
    >>> roll("3d6", roll=lambda count, sides: [sides] * count).faces
    (6, 6, 6)
    >>> roll("3d6", faces=[1, 2])
    Traceback (most recent call last):
    ...
    rulescore.core.RulesInputError: dice: 3d6 rolls 3 dice; received 2 faces ([1, 2]); give 3 whole numbers \
from 1 to 6.
    """
    read = parse(notation)
    text = read.text or notation_text(read)
    every = read.number * read.times
    if faces is None:
        roller = roll or real_roll
        got: list[Any] = []
        for _ in range(read.times):
            one = roller(read.number, read.sides)
            got.extend(_check_faces(one, read.number, read.sides, text))
        faces = got
    checked = _check_faces(faces, every, read.sides, text)
    totals = tuple(sum(checked[i * read.number:(i + 1) * read.number]) + read.adds for i in range(read.times))
    won = None if read.wins is None else checked[0] in read.wins
    return Rolled(read, checked, totals[0], totals, won)


def notation_text(notation: Notation) -> str:
    """A parsed notation written out again ("3d6-1", "1-2 in 6", "2x3d6").

    >>> notation_text(parse("2d")), notation_text(parse("2 in 6")), notation_text(parse("2 x 3d6"))
    ('2d6', '1-2 in 6', '2x3d6')
    """
    if notation.wins is not None:
        wins = notation.wins
        one = "0" if not wins else str(wins[0]) if len(wins) == 1 else f"{wins[0]}-{wins[-1]}"
        body = f"{one} in {notation.sides}"
    else:
        body = f"{notation.number}d{notation.sides}" + (f"{notation.adds:+d}" if notation.adds else "")
    return (f"{notation.times}x" if notation.times > 1 else "") + body
