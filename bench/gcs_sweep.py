"""Import every .gcs file under a folder (a checkout of richardwilkes/gcs_master_library, say)
and count how they went: imported with our Basic Lift, Move and Dodge equal to GCS's, imported
with differences (and why), or refused (and why); then the weapons: each usage of each weapon row
GCS lists (traits not disabled, skills, spells, equipment equipped; rows GCS hides included),
found on the imported sheet by its name and usage with GCS's own figures (``calc``), with other
figures (and why, as the import's cross-check says), or missing.

    python -m bench.gcs_sweep PATH [--show N]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulescore import RulesInputError, import_character
from rulescore.gurps.gcs_weapons import gcs_figures, is_melee

LOAD_FIGURES = ("Basic Lift", "Move", "Dodge")
FIGURES = ("skill", "damage", "parry", "block", "reach", "acc", "range", "bulk")


def _rows(items: Any, skip: Any = lambda row: False) -> Iterator[dict[str, Any]]:
    for row in items if isinstance(items, list) else []:
        if isinstance(row, dict) and not skip(row):
            yield row
            yield from _rows(row.get("children"), skip)


def gcs_usages(data: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each weapon usage GCS lists: its owner's name, its usage, GCS's figures."""
    def named(row: dict[str, Any], key: str = "name") -> str:
        name = str(row.get(key) or "(unnamed)").strip()
        return f"{name} ({row['specialization'].strip()})" if str(row.get("specialization") or "").strip() else name

    owners = [(named(row), row) for row in _rows(data.get("traits"), lambda r: r.get("disabled") is True)]
    owners += [(named(row), row) for key in ("skills", "spells") for row in _rows(data.get(key))]
    owners += [(named(row, "description"), row) for row in _rows(
        data.get("equipment"), lambda r: r.get("equipped") is not True or not r.get("quantity", 1))]
    for name, row in owners:
        for weapon in row.get("weapons") or []:
            if isinstance(weapon, dict) and isinstance(weapon.get("calc"), dict):
                yield name, " ".join(str(weapon.get("usage") or "").split()), gcs_figures(weapon, is_melee(weapon))


def _same(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    return all(ours[key] == theirs[key] for key in FIGURES if key != "damage") and (
        ours["damage"] or ours.get("effect", "")) == theirs["damage"]


def weapons_of(data: dict[str, Any], answer: dict[str, Any]) -> tuple[int, int, list[str], list[str]]:
    """Usages in all, exact, the titles of those missing, the reasons of those that differ."""
    kept = answer["fields"].get("weapons", [])
    whys = {c["figure"].split(": ", 1)[1]: c["why"] for c in answer["checks"] if c["figure"].startswith("Weapon:")}
    total = exact = 0
    missing: list[str] = []
    reasons: list[str] = []
    for name, usage, theirs in gcs_usages(data):
        total += 1
        title = f"{name} ({usage})" if usage else name
        found = [one for one in kept if one["usage"] == usage[:60] and (
            one["name"] == name[:60] or one["name"].rsplit(" ", 1)[0] == name[:57])]
        if any(_same(one, theirs) for one in found):
            exact += 1
        elif not found:
            missing.append(title)
        else:
            reasons.append(next((why for figure, why in whys.items() if figure.startswith(title) and why),
                                "other figures, not explained by the import"))
    return total, exact, missing, reasons


def sweep(root: Path, show: int) -> int:
    files = sorted(root.rglob("*.gcs"))
    same = differ = refused = 0
    reasons: collections.Counter[str] = collections.Counter()
    refusals: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    damage_differ = 0
    armed = armed_exact = usages = usages_exact = 0
    weapon_reasons: collections.Counter[str] = collections.Counter()
    missing: collections.Counter[str] = collections.Counter()
    for path in files:
        content = path.read_text(encoding="utf-8", errors="replace")
        try:
            answer = import_character(content)
        except RulesInputError as error:
            refused += 1
            key = error.message.split(":")[0] if "cannot be imported" not in error.message else \
                "figure outside the limits: " + error.message.split("the file's ")[1].split(" is ")[0]
            refusals[key] += 1
            examples.setdefault(key, f"{path.relative_to(root)}: {error.message}")
            continue
        total, exact, lost, whys = weapons_of(json.loads(content), answer)
        if total:
            armed += 1
            armed_exact += exact == total
            usages += total
            usages_exact += exact
            for title in lost:
                missing[title] += 1
                examples.setdefault(title, str(path.relative_to(root)))
            for why in whys:
                weapon_reasons[why] += 1
                examples.setdefault(why, str(path.relative_to(root)))
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
    share = f" ({100 * armed_exact / armed:.1f} %)" if armed else ""
    print(f"Weapons: {armed} imported files with weapons, {armed_exact} with every usage exact{share}; "
          f"{usages} usages, {usages_exact} exact, {sum(weapon_reasons.values())} with other figures, "
          f"{sum(missing.values())} missing.")
    for title, counter in (("differences (figure lines)", reasons), ("refusals", refusals),
                           ("weapon usages with other figures than GCS's (why)", weapon_reasons),
                           ("weapon usages missing", missing)):
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
