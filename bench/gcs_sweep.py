"""Import every .gcs file under a folder (a checkout of richardwilkes/gcs_master_library, say)
and count how they went: imported with our Basic Lift, Move and Dodge equal to GCS's, imported
with differences (and why), or refused (and why).

    python -m bench.gcs_sweep PATH [--show N]
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from rulescore import RulesInputError, import_character

LOAD_FIGURES = ("Basic Lift", "Move", "Dodge")


def sweep(root: Path, show: int) -> int:
    files = sorted(root.rglob("*.gcs"))
    same = differ = refused = 0
    reasons: collections.Counter[str] = collections.Counter()
    refusals: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    damage_differ = 0
    for path in files:
        try:
            answer = import_character(path.read_text(encoding="utf-8", errors="replace"))
        except RulesInputError as error:
            refused += 1
            key = error.message.split(":")[0] if "cannot be imported" not in error.message else \
                "figure outside the limits: " + error.message.split("the file's ")[1].split(" is ")[0]
            refusals[key] += 1
            examples.setdefault(key, f"{path.relative_to(root)}: {error.message}")
            continue
        load = [c for c in answer["checks"] if c["figure"].startswith(LOAD_FIGURES)]
        if any(c["agrees"] is False for c in load) or not load or load[0]["agrees"] is None:
            differ += 1
            for c in load:
                if c["agrees"] is not True:
                    reasons[c["why"] or "?"] += 1
                    examples.setdefault(c["why"] or "?", f"{path.relative_to(root)}: {c}")
        else:
            same += 1
        if any(c["agrees"] is False for c in answer["checks"] if c["figure"] in ("Thrust", "Swing")):
            damage_differ += 1
            why = next(c["why"] for c in answer["checks"] if c["figure"] in ("Thrust", "Swing") and not c["agrees"])
            reasons["(thrust/swing) " + why.split(";")[0]] += 1
            examples.setdefault("(thrust/swing) " + why.split(";")[0], str(path.relative_to(root)))
    print(f"{len(files)} files: {same} imported with Basic Lift, Move and Dodge equal to GCS's at every "
          f"encumbrance level; {differ} imported with differences; {refused} refused. "
          f"Thrust or swing differ in {damage_differ}.")
    for title, counter in (("differences (figure lines)", reasons), ("refusals", refusals)):
        print(f"\n{title}:")
        for why, count in counter.most_common():
            print(f"  {count:4d}  {why}")
            if show:
                print(f"        e.g. {examples.get(why, '')[:show]}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print an example of each, cut to N characters")
    args = parser.parse_args()
    sys.exit(sweep(args.root, args.show))
