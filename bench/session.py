"""Session speed: ``./run bench session`` (or ``.venv/bin/python -m bench.session``); also the
first part of ``./run bench``.

An evening is long: four fights of twelve rounds with eight combatants, with time and wounds
between them, is about 2,000 actions. For a session of each game at 600 and at 2,000 actions
this times, in CPython:

- ``apply`` of one more action (a next turn), and ``undo`` of the last one, as rulescore does
  them now (format version 2: only the rules' part copied, a checkpoint every 25 actions);
- the same two done the version-1 way, measured in the same run as the baseline: a deep copy
  of the whole state for ``apply``, and for ``undo`` a replay of every action from the start.

Each figure is the median of several runs, ours and the baseline's alternated so that machine
drift cancels; the ratio is ours over the baseline. Figures only: nothing here passes or fails
(the targets from issue 29: apply under 5 ms and undo under 50 ms at 2,000 actions).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulescore import session  # noqa: E402

PARTIES = {
    "gurps": [{"id": f"p{n}", "name": f"Hero {n}", "system": "gurps", "fields": {"dx": 10 + n, "ht": 11}}
              for n in range(4)],
    "bfrpg": [{"id": f"p{n}", "name": f"Hero {n}", "system": "bfrpg", "fields": {"dexterity": 9 + 2 * n, "hp": 30}}
              for n in range(4)],
}
FOES = {"gurps": [{"name": "Goblin", "count": 4, "basic_speed": 5.5, "hp": 40, "ht": 12}],
        "bfrpg": [{"name": "Orc", "count": 4, "hp": 60, "morale": 12}]}


def evening(system: str, count: int, seed: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A session of ``count`` actions: fights of twelve rounds (a maneuver, some damage and a next
    turn for each of eight combatants) with time passing between them. Returns the state and
    every action done with its dice (the state keeps only those undo can reach)."""
    rng = random.Random(seed)

    def roll(dice: int, sides: int) -> list[int]:
        return [rng.randint(1, sides) for _ in range(dice)]

    state = session.new(system, PARTIES[system])
    done = 0
    events: list[dict[str, Any]] = []

    def act(action: dict[str, Any]) -> None:
        nonlocal state, done
        if done < count:
            state = session.apply(state, action, roll=roll)
            events.append(state["done"][-1])
            done += 1

    while done < count:
        act({"do": "fight", "foes": FOES[system]})
        while done < count and session.view(state)["fight"]["round"] <= 12:
            fight = session.view(state)["fight"]
            who = fight["current"]
            if system == "gurps":
                act({"do": "maneuver", "who": who, "maneuver": "attack"})
            if rng.random() < 0.3:
                target = rng.choice([c["id"] for c in fight["combatants"] if not c["out"]] or [who])
                act({"do": "damage", "who": target, **({"damage": 1, "type": "crushing"} if system == "gurps"
                                                       else {"hp": 1})})
            act({"do": "next_turn"})
        act({"do": "end_fight"})
        if system == "gurps":
            act({"do": "rest", "minutes": 20})
        else:
            act({"do": "advance", "turns": 3})
    return state, events


def timed(function: Any, *args: Any) -> float:
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def v1_apply(state: dict[str, Any], action: dict[str, Any]) -> None:
    """The version-1 apply: the whole state deep-copied, then the action applied."""
    work = copy.deepcopy(state)
    session._apply_into(work, action, session.Dice(lambda count, sides: [1] * count))


def v1_undo(state: dict[str, Any]) -> None:
    """The version-1 undo: every action but the last replayed from a new session (a version-1
    state kept every action)."""
    work = session.new(state["system"], state["party"])
    for event in state["done"][:-1]:
        session._apply_into(work, event["action"], session.Dice(recorded=event["dice"]))


def measure(system: str, count: int, runs: int) -> dict[str, Any]:
    state, events = evening(system, count)
    old = {key: value for key, value in state.items() if key != "history"}  # as version 1 kept it
    old.update(version=1, done=events)
    ours_apply, base_apply, ours_undo, base_undo = [], [], [], []
    step = {"do": "next_turn"} if session.view(state)["fight"] else {"do": "advance", "turns": 1}
    fixed = lambda dice, sides: [1] * dice  # noqa: E731
    for _ in range(runs):
        ours_apply.append(timed(session.apply, state, step, fixed))
        base_apply.append(timed(v1_apply, old, step))
        ours_undo.append(timed(session.undo, state))
        base_undo.append(timed(v1_undo, old))
    median = statistics.median
    return {"system": system, "actions": count, "state_kb": round(len(json.dumps(state)) / 1000),
            "kept_actions": len(state["done"]), "checkpoints": len(state["history"]["checkpoints"]),
            "apply_ms": median(ours_apply), "apply_v1_ms": median(base_apply),
            "undo_ms": median(ours_undo), "undo_v1_ms": median(base_undo)}


def run(runs: int = 7, sizes: tuple[int, ...] = (600, 2000), systems: tuple[str, ...] = ("gurps", "bfrpg")
        ) -> list[dict[str, Any]]:
    rows = [measure(system, size, runs) for system in systems for size in sizes]
    print(f"Session speed, CPython {sys.version.split()[0]} (median of {runs}; ratio = ours / version-1 baseline, "
          f"same run)")
    print("| game | actions | apply | baseline | ratio | undo | baseline | ratio | state | kept actions |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['system']} | {row['actions']} | {row['apply_ms']:.2f} ms | {row['apply_v1_ms']:.2f} ms | "
              f"{row['apply_ms'] / row['apply_v1_ms']:.2f}x | {row['undo_ms']:.2f} ms | {row['undo_v1_ms']:.1f} ms | "
              f"{row['undo_ms'] / row['undo_v1_ms']:.3f}x | {row['state_kb']} kB | {row['kept_actions']} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Session apply/undo speed against the version-1 way.")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", default=str(ROOT / "bench" / "session-results.json"))
    args = parser.parse_args(argv)
    rows = run(args.runs)
    Path(args.out).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
