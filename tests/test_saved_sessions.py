"""Saved evenings read the same after an update (issue 45 item 7): sessions saved by an earlier
version of the site (tests/fixtures/saved/: an evening in each game, a fight with attacks,
lights, rests, made by tests/fixtures/saved/make_saved.py run on that version) show, under
today's rules, what they showed then: both views, and both views after one undo. A later
version may add to a view (a new figure, a new field), never change or drop what was shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulescore import session

NEXT = {"bfrpg": {"do": "advance", "rounds": 1}, "gurps": {"do": "rest", "minutes": 10},
        "shell": {"do": "rest", "hours": 1}}
SAVED = sorted((Path(__file__).parent / "fixtures" / "saved").glob("*.json"))


MENU = ("actions_now",)  # the actions this version offers now: a newer version may offer more


def differences(then: Any, now: Any, where: str = "") -> list[str]:
    """Where `now` does not show what `then` showed: a value changed or dropped (keys added to
    an object are allowed; the menu of actions offered is this version's own)."""
    if isinstance(then, dict):
        then = {key: value for key, value in then.items() if key not in MENU}
        if not isinstance(now, dict):
            return [f"{where}: was an object, now {now!r:.60}"]
        return [line for key, value in then.items()
                for line in (differences(value, now[key], f"{where}.{key}") if key in now
                             else [f"{where}.{key}: dropped"])]
    if isinstance(then, list):
        if not isinstance(now, list) or len(now) != len(then):
            return [f"{where}: {len(then)} items then, now {now!r:.80}"]
        return [line for i, (one, two) in enumerate(zip(then, now, strict=True))
                for line in differences(one, two, f"{where}[{i}]")]
    return [] if then == now else [f"{where}: {then!r:.80} then, {now!r:.80} now"]


def test_there_are_saved_evenings_of_each_game() -> None:
    assert {json.loads(path.read_text(encoding="utf-8"))["system"] for path in SAVED} == {"gurps", "bfrpg", "shell"}


@pytest.mark.parametrize("path", SAVED, ids=[path.stem for path in SAVED])
def test_a_saved_evening_shows_what_it_showed(path: Path) -> None:
    saved = json.loads(path.read_text(encoding="utf-8"))
    state = saved["state"]
    assert any("attack" in entry["text"] for entry in saved["gm_view"]["log"])  # a fight with attacks
    assert len(saved["undone"]) >= 4  # undo steps back into the fight
    for gm, name in ((False, "view"), (True, "gm_view")):
        assert differences(saved[name], json.loads(json.dumps(session.view(state, gm=gm)))) == []
    undone, count = state, 0
    for steps, then in sorted(saved["undone"].items(), key=lambda item: int(item[0])):
        while count < int(steps):
            undone, count = session.undo(undone), count + 1
        for gm, name in ((False, "view"), (True, "gm_view")):
            assert differences(then[name], json.loads(json.dumps(session.view(undone, gm=gm)))) == [], steps
    # And it goes on: redo brings back all that was undone, and a new action is taken.
    for _ in range(count):
        undone = session.redo(undone)
    assert differences(saved["gm_view"], json.loads(json.dumps(session.view(undone, gm=True)))) == []
    # Undo reaches as far back as it did, every action replayed as it was played (a Basic Fantasy
    # fight saved before the fallen stopped rolling initiative and hits rolled their damage too).
    while session.view(undone, gm=True)["can_undo"]:
        undone = session.undo(undone)
    assert session.view(undone, gm=True)["clock"] == session.view(session.new(saved["system"], state["party"]),
                                                                   gm=True)["clock"] or state["history"]["done_before"]
    later = session.apply(state, NEXT[saved["system"]])
    shown = session.view(later, gm=True)
    assert len(shown["log"]) + shown["log_let_go"] > len(saved["gm_view"]["log"]) + saved["gm_view"]["log_let_go"]
