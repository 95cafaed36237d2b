"""Counts the browser tests report at the end of the run (pages checked, bad values tried)."""

from collections import Counter

STATS: Counter = Counter()
