"""Nothing a user sees changes by accident: catalogue, tables and answers match the
committed snapshot (tests/snapshot.py says how to update it after a deliberate change)."""

from __future__ import annotations

import difflib

from tests.snapshot import PATH, as_text, current


def test_catalogue_tables_and_answers_match_the_snapshot():
    expected = PATH.read_text(encoding="utf-8")
    actual = as_text(current())
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 "snapshot", "now", n=2))[:80])
        raise AssertionError("rulescore's output changed; if deliberate, run python -m tests.snapshot\n" + diff)
