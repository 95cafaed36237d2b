"""Exact dice odds and the GURPS success roll they feed."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rulescore import dice
from rulescore.core import percent_text
from rulescore.gurps import roll_outcome, success_odds


@pytest.mark.parametrize("count, sides", [(1, 6), (2, 6), (3, 6), (2, 10), (1, 100)])
def test_distribution_matches_brute_force(count, sides):
    brute = {}
    for faces in product(range(1, sides + 1), repeat=count):
        brute[sum(faces)] = brute.get(sum(faces), 0) + 1
    whole = sides ** count
    assert dice.distribution(count, sides) == {t: Fraction(n, whole) for t, n in brute.items()}
    assert sum(dice.distribution(count, sides).values()) == 1


def test_at_most_and_x_in_y():
    assert dice.at_most(3, 6, 10) == Fraction(1, 2)
    assert dice.at_most(3, 6, 2) == 0 and dice.at_most(3, 6, 18) == 1
    assert dice.x_in_y(dice.at_most(1, 6, 2)) == "1 in 3"
    assert dice.x_in_y(Fraction(5, 216)) == "5 in 216"


@pytest.mark.parametrize("skill", range(-5, 30))
def test_success_odds_sum_to_one_and_match_each_roll(skill):
    odds = success_odds(skill)
    assert odds["success"] + odds["failure"] + odds["critical failure"] == 1
    brute = Fraction(sum(1 for f in product(range(1, 7), repeat=3)
                         if roll_outcome(sum(f), skill) in ("success", "critical success")), 216)
    assert odds["success"] == brute


def test_success_roll_criticals():
    assert roll_outcome(4, 3) == "critical success"       # 3-4 always
    assert roll_outcome(5, 14) == "success" and roll_outcome(5, 15) == "critical success"
    assert roll_outcome(6, 15) == "success" and roll_outcome(6, 16) == "critical success"
    assert roll_outcome(17, 15) == "critical failure" and roll_outcome(17, 16) == "failure"
    assert roll_outcome(17, 30) == "failure" and roll_outcome(18, 30) == "critical failure"
    assert roll_outcome(15, 5) == "critical failure"      # 10 or more over skill
    assert roll_outcome(14, 5) == "failure"
    assert success_odds(10)["success"] == Fraction(1, 2)


def test_percent_text():
    assert percent_text(Fraction(1, 216)) == "0.46%"
    assert percent_text(Fraction(1, 2)) == "50%"
    assert percent_text(0.625) == "62.5%"


# ---------------------------------------------------------------- notation: parse, distribution, roll

import random  # noqa: E402

from rulescore import RulesInputError  # noqa: E402

NOTATIONS = {
    "3d6": (3, 6, 0, None, 1), "2d10": (2, 10, 0, None, 1), "1d4+4": (1, 4, 4, None, 1),
    "3d-1": (3, 6, -1, None, 1), "3d\u22121": (3, 6, -1, None, 1), "2d": (2, 6, 0, None, 1),
    "d%": (1, 100, 0, None, 1), "1d20": (1, 20, 0, None, 1), "d6": (1, 6, 0, None, 1),
    "1 in 6": (1, 6, 0, (1,), 1), "1-2 in 6": (1, 6, 0, (1, 2), 1), "1\u20132 in 6": (1, 6, 0, (1, 2), 1),
    "2 in 6": (1, 6, 0, (1, 2), 1), "0 in 6": (1, 6, 0, (), 1), "1\u20133 on 1d6": (1, 6, 0, (1, 2, 3), 1),
    "2x3d6": (3, 6, 0, None, 2), "2\u00d73d6": (3, 6, 0, None, 2), " 1D8 - 2 ": (1, 8, -2, None, 1),
}


@pytest.mark.parametrize("text", NOTATIONS)
def test_parse_reads_each_notation(text):
    read = dice.parse(text)
    assert (read.number, read.sides, read.adds, read.wins, read.times) == NOTATIONS[text]
    assert dice.parse(dice.notation_text(read))[:5] == read[:5]  # written out again, it reads the same


@pytest.mark.parametrize("text", NOTATIONS)
def test_distribution_of_each_notation_sums_to_one_and_matches_brute_force(text):
    read = dice.parse(text)
    brute: dict[int, int] = {}
    for faces in product(range(1, read.sides + 1), repeat=read.number):
        total = sum(faces) + read.adds
        brute[total] = brute.get(total, 0) + 1
    whole = read.sides ** read.number
    dist = dice.distribution(text)
    assert sum(dist.values()) == 1
    assert dist == {total: Fraction(n, whole) for total, n in brute.items()}
    assert dice.distribution(read) == dist


def test_old_distribution_signature_is_unchanged():
    assert dice.distribution(3, 6) == dice.distribution("3d6")
    assert dice.distribution(1, 100) == dice.distribution("d%")
    assert min(dice.distribution("3d-1")) == 2 and max(dice.distribution("3d-1")) == 17


@pytest.mark.parametrize("bad", ["", "d", "3d6+", "0d6", "3d1", "101d6", "7 in 6", "2-1 in 6", "0-1 in 6", "abc",
                                 "3d6+1d4", "11x3d6", "0x3d6", "1d6+1001", "3d6" + " " * 50, None, 36, 3.5, ["3d6"]])
def test_bad_notation_raises_naming_it(bad):
    with pytest.raises(RulesInputError) as error:
        dice.parse(bad)
    assert error.value.field == "notation"
    assert repr(bad)[:10] in error.value.message or (isinstance(bad, str) and len(bad) > 40)
    with pytest.raises(RulesInputError):
        dice.roll(bad, faces=[1])


def test_roll_with_faces_gives_the_faces_and_total():
    assert dice.roll("3d6", faces=[6, 5, 1])[1:] == ((6, 5, 1), 12, (12,), None)
    assert dice.roll("3d-1", faces=[1, 1, 1]).total == 2
    assert dice.roll("1d4+4", faces=(4,)).total == 8
    assert dice.roll("d%", faces=[100]).total == 100
    assert [dice.roll("1-2 in 6", faces=[face]).won for face in range(1, 7)] == [True, True] + [False] * 4
    assert dice.roll("0 in 6", faces=[1]).won is False
    contest = dice.roll("2x3d6", faces=[1, 2, 3, 4, 5, 6])
    assert contest.totals == (6, 15) and contest.total == 6


@pytest.mark.parametrize("notation, faces, says", [
    ("3d6", [1, 2], "rolls 3 dice; received 2 faces"),
    ("3d6", [1, 2, 3, 4], "received 4 faces"),
    ("2x3d6", [1, 2, 3], "rolls 6 dice"),
    ("3d6", [1, 2, 7], "7 is not a face of a d6"),
    ("3d6", [0, 2, 3], "0 is not a face of a d6"),
    ("1d20", [21], "21 is not a face of a d20"),
    ("3d6", [1, 2, 3.5], "3.5 is not a face"),
    ("3d6", [1, 2, 3.0], "3.0 is not a face"),
    ("3d6", [1, 2, "3"], "'3' is not a face"),
    ("3d6", [1, 2, True], "True is not a face"),
    ("3d6", "123", "needs a list of faces"),
    ("3d6", 12, "needs a list of faces"),
])
def test_wrong_faces_raise_naming_dice(notation, faces, says):
    with pytest.raises(RulesInputError) as error:
        dice.roll(notation, faces=faces)
    assert error.value.field == "dice"
    assert says in error.value.message and "give " in error.value.message


def test_roll_asks_the_roll_callable_and_checks_what_it_gives():
    asked = []

    def roller(count, sides):
        asked.append((count, sides))
        return [sides] * count

    assert dice.roll("2x3d6", roll=roller).faces == (6,) * 6 and asked == [(3, 6), (3, 6)]
    with pytest.raises(RulesInputError) as error:
        dice.roll("3d6", roll=lambda count, sides: [7] * count)
    assert error.value.field == "dice"


def test_real_roll_imports_random_only_when_rolling():
    assert "random" not in vars(dice)  # no module-level RNG: the browser engine starts without it
    rolled = dice.roll("3d6")
    assert len(rolled.faces) == 3 and all(1 <= face <= 6 for face in rolled.faces)
    assert rolled.total == sum(rolled.faces)


# Chi-square critical values at p = 0.001 (so a fair roller fails one seed in a thousand).
CHI_SQUARE_001 = {5: 20.515, 15: 37.697}
ROLLS_FOR_FAIRNESS = 60_000


def chi_square(notation, roll):
    counts: dict[int, int] = {}
    for _ in range(ROLLS_FOR_FAIRNESS):
        total = dice.roll(notation, roll=roll).total
        counts[total] = counts.get(total, 0) + 1
    dist = dice.distribution(notation)
    statistic = sum((counts.get(total, 0) - ROLLS_FOR_FAIRNESS * p) ** 2 / (ROLLS_FOR_FAIRNESS * p)
                    for total, p in dist.items())
    return statistic, len(dist) - 1


@pytest.mark.parametrize("notation", ["1d6", "3d6"])
def test_roller_is_fair_chi_square(notation):
    rng = random.Random(20261123)
    statistic, freedom = chi_square(notation, lambda count, sides: [rng.randint(1, sides) for _ in range(count)])
    assert statistic < CHI_SQUARE_001[freedom]
    # The test can fail: a die that never shows a 6 fails it.
    biased = random.Random(1)
    statistic, _ = chi_square(notation, lambda count, sides: [biased.randint(1, sides - 1) for _ in range(count)])
    assert statistic > CHI_SQUARE_001[freedom]
