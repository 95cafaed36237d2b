"""Sampled inputs for any calculator, read from its catalogue entry alone.

New calculators are covered by the catalogue-driven tests without new test code.
"""

from __future__ import annotations

import random
from fractions import Fraction


def _text(value) -> str:
    """A value as a person would type it into the form."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return str(value)


def _candidates(spec: dict, rng: random.Random) -> list:
    kind = spec["kind"]
    if kind == "bool":
        return [True, False]
    if kind == "choice":
        return list(spec["choices"])
    low = spec["min"] if spec["min"] is not None else spec["default"] - 20
    high = spec["max"] if spec["max"] is not None else spec["default"] * 10 + 100
    typical = min(high, max(spec["default"], 1) * 3 + 20)  # where play happens, not only the extremes
    if kind == "int":
        return [low, high, spec["default"], rng.randint(low, typical), rng.randint(low, typical)]
    step = Fraction(str(spec["step"])) if spec["step"] else Fraction(1, 10)
    steps = int((Fraction(str(typical)) - Fraction(str(low))) / step)
    pick = lambda: Fraction(str(low)) + step * rng.randint(0, steps)  # noqa: E731
    return [low, high, spec["default"], pick(), pick()]


def sample_cases(calc: dict, random_cases: int = 6) -> list[dict]:
    """Every input at its extremes one at a time, then random combinations; values as typed."""
    rng = random.Random(calc["id"])
    specs = calc["inputs"]
    defaults = {s["name"]: s["default"] for s in specs}
    pools = {s["name"]: _candidates(s, rng) for s in specs}
    cases = []
    for name, pool in pools.items():
        for value in pool[:2]:
            cases.append({**defaults, name: value})
    for _ in range(random_cases):
        cases.append({name: rng.choice(pool) for name, pool in pools.items()})
    unique = []
    for case in ({k: _text(v) for k, v in c.items()} for c in cases):
        if case not in unique:
            unique.append(case)
    return unique
