"""What a user sees, frozen: the catalogue, every table, and every calculator's answer for
its defaults and its sampled inputs (tests/samples.py), as one JSON file.

A refactoring must leave it unchanged (tests/test_snapshot.py). A deliberate change to a
rule or a text rewrites it: ``python -m tests.snapshot`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import rulescore
from rulescore.web import respond
from tests.samples import sample_cases

PATH = Path(__file__).resolve().parent / "snapshots" / "rulescore.json"


def current() -> dict:
    catalogue = rulescore.catalogue()
    return {
        "catalogue": catalogue,
        "tables": {table_id: rulescore.table(table_id) for table_id in rulescore.tables()},
        "answers": {calc["id"]: [respond(calc["id"])] + [respond(calc["id"], case) for case in sample_cases(calc)]
                    for calc in catalogue},
    }


def as_text(snapshot: dict) -> str:
    # Round-tripped so that tuples and lists compare alike; one line per answer keeps diffs readable.
    return json.dumps(json.loads(json.dumps(snapshot)), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    PATH.write_text(as_text(current()), encoding="utf-8")
    print(f"wrote {PATH.relative_to(Path.cwd()) if PATH.is_relative_to(Path.cwd()) else PATH}")
