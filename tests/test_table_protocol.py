"""The table's protocol as a phone reads it (widgets/assets/table/table-protocol.js, run under
Node) and as the GM's device checks it (rulescore.seats): numbered messages drawn in order, a
gap answered by asking for a snapshot, a late old change left alone, another version refused;
and the phone's own requests are ones rulescore takes (the two sides agree), a request made
from an older state applied where the rules still take it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rulescore import seats, session

ROOT = Path(__file__).parent.parent
MODULE = ROOT / "widgets" / "assets" / "table" / "table-protocol.js"
RUN = """
const { phoneHears, requestMessage } = await import(process.argv[2]);
const steps = JSON.parse(process.argv[3]);
const out = steps.map(([seq, data]) => phoneHears(seq, data));
const requests = JSON.parse(process.argv[4]).map(([asked, seen, action]) => requestMessage(asked, seen, action));
console.log(JSON.stringify({ out, requests }));
"""
PARTY = [{"id": "a", "name": "Ana", "system": "gurps", "fields": {"st": 12, "dx": 12}},
         {"id": "b", "name": "Bruno", "system": "gurps", "fields": {"ht": 12}}]


def run(tmp_path: Path, steps: list[Any], requests: list[Any] | None = None) -> dict[str, Any]:
    script = tmp_path / "protocol.mjs"
    script.write_text(RUN, encoding="utf-8")
    done = subprocess.run(["node", str(script), MODULE.as_uri(), json.dumps(steps), json.dumps(requests or [])],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def fight() -> dict[str, Any]:
    state = session.new("gurps", PARTY)
    return session.apply(state, {"do": "fight", "foes": [{"name": "Orc", "count": 2, "hp": 17, "basic_speed": 5}]},
                         roll=lambda count, sides: [3] * count)


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js runs the page's own code")
def test_a_phone_draws_numbered_messages_in_order_and_asks_again_after_a_gap(tmp_path: Path) -> None:
    state = fight()
    sent = [json.dumps(seats.seat_message(state, "a", seq, "snapshot" if seq == 1 else "change")) for seq in (1, 2, 4)]
    snapshot_after_gap = json.dumps(seats.seat_message(state, "a", 5, "snapshot"))
    steps = [
        [0, sent[0]],  # the first snapshot: drawn
        [1, sent[1]],  # the next change: drawn
        [2, sent[2]],  # 3 never came: ask for everything again
        [2, snapshot_after_gap],  # the snapshot answers it, whatever its number
        [5, sent[1]],  # change 2 arriving late, after snapshot 5: left alone
        [5, json.dumps({**json.loads(sent[1]), "v": 2})],  # another version of the site
        [5, "{not json"],
        [5, json.dumps({"v": 1, "type": "refused", "id": "r1", "message": "Request: it is not Ana's turn."})],
        [5, json.dumps({"v": 1, "type": "done", "id": "r1"})],
        [5, json.dumps({"v": 1, "type": "change", "seq": 6})],  # no view: not a message to draw
    ]
    out = run(tmp_path, steps)["out"]
    assert [step["do"] for step in out] == ["draw", "draw", "snapshot", "draw", "nothing", "say", "say", "say", "say",
                                            "nothing"]
    assert out[0]["message"]["seq"] == 1 and out[3]["message"]["seq"] == 5
    assert out[0]["message"]["view"] == session.view(state, log_tail=session.LOG_TAIL)  # drawn as rulescore gave it
    assert "another version" in out[5]["text"] and out[5]["text"] == out[6]["text"]
    assert out[7]["text"] == "Not done: Request: it is not Ana's turn." and out[8]["text"] == "Done."


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js runs the page's own code")
def test_the_phones_requests_are_what_the_gm_device_takes_and_stale_ones_are_judged_on_the_newest(
        tmp_path: Path) -> None:
    state = fight()
    maneuver = {"do": "maneuver", "who": "a", "maneuver": "all_out_attack", "option": "determined"}
    made = run(tmp_path, [], [[0, 1, maneuver], [1, 1, {"do": "next_turn"}], [2, 3, {"do": "next_turn"}]])["requests"]
    assert [one["id"] for one in made] == ["r1", "r2", "r3"]
    assert seats.checked_request(state, "a", json.dumps(made[0]), sent=1) == maneuver
    moved = session.apply(state, {"do": "next_turn"})  # the GM ended Ana's turn; message 2 sent
    with pytest.raises(seats.TableRefusal) as stale:
        seats.checked_request(moved, "a", json.dumps(made[1]), sent=2)
    assert "not Ana's turn" in stale.value.message and "moved on before your request arrived" in stale.value.message
    with pytest.raises(seats.TableRefusal) as never:
        seats.checked_request(moved, "a", json.dumps(made[2]), sent=2)  # "seen 3": never sent
    assert never.value.field == "seen"
