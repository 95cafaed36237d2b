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
