"""Odds charts for the working: one builder of bars for every system's rolls.

A chart is a roll's distribution, each total marked by what it decides (a kind from
``core.CHART_KINDS``); ``Working.chart`` stores it and ``web.chart_svg`` draws it.

>>> from fractions import Fraction
>>> roll_bars({1: Fraction(1, 2), 2: Fraction(1, 2)}, lambda roll: "success" if roll == 1 else "failure")
[('1', Fraction(1, 2), 'success'), ('2', Fraction(1, 2), 'failure')]
>>> [label for label, _, _ in roll_bars({t: Fraction(1, 6) for t in range(1, 7)}, lambda t: "neutral", most=3)]
['1–2', '3–4', '5–6']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from .notation import span

MOST_BARS = 40  # past this many totals, neighbouring totals share a bar

Bar = tuple[str, Fraction, str]  # (label, probability, kind)


def roll_bars(distribution: Mapping[int, Fraction], kind_of: Callable[[int], str], most: int = MOST_BARS) -> list[Bar]:
    """Bars for a roll's {total: probability}, in roll order. Past ``most`` totals, runs of
    neighbouring totals share a bar ("12–14"), and a bar never mixes two kinds."""
    width = -(-len(distribution) // most)
    bars: list[Bar] = []
    run: list[tuple[int, Fraction]] = []

    def close() -> None:
        bars.append((span(run[0][0], run[-1][0]), sum((p for _, p in run), Fraction(0)), kind_of(run[0][0])))

    for total, p in sorted(distribution.items()):
        if run and (len(run) == width or kind_of(total) != kind_of(run[0][0])):
            close()
            run = []
        run.append((total, p))
    if run:
        close()
    return bars
