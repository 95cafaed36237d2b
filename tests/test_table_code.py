"""The table codes (widgets/assets/table/table-code.js), run under Node: the offers and answers that
Chromium, Firefox and WebKit really write (captured by tests/fixtures/table/capture.py) go
through a code short enough for a QR read across a table and come back whole, the rebuilt
description reads back the same, and a damaged or foreign code is refused with a sentence."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "table"
CHECK = """
import { readFile } from "node:fs/promises";
const { CodeError, codeFromLink, linkFromCode, linkFromSdp, sdpFromLink } = await import(process.argv[2]);
const out = {};
for (const path of process.argv.slice(3)) {
  const captured = JSON.parse(await readFile(path, "utf8"));
  const invitation = linkFromSdp("offer", captured.offer).ufrag;
  for (const kind of ["offer", "answer"]) {
    // A reply names the invitation it answers (its user fragment); the description does not carry it.
    const named = kind === "answer" ? { answers: invitation } : {};
    const link = { ...linkFromSdp(kind, captured[kind]), ...named };
    const code = codeFromLink(link);
    const back = linkFromCode(code, kind);
    const again = { ...linkFromSdp(kind, sdpFromLink(back)), ...named };
    out[`${path.split("/").pop()} ${kind}`] = { link, code, back, again };
  }
}
const refused = {};
const good = Object.values(out)[0].code;
const reply = Object.values(out)[1].code;
const tries = {
  foreign: "https://example.com/?x=1",
  newer: good.replace("RT1~", "RT9~"),
  "cut short": good.slice(0, 30),
  "wrong kind": good,
  "bad fingerprint": good.split("~").map((part, i) => (i === 4 ? "AAAA" : part)).join("~"),
  "bad candidate": good.split("~").map((part, i) => (i === 6 ? "uexample.local|99999" : part)).join("~"),
  "no address": good.split("~").map((part, i) => (i === 6 ? "" : part)).join("~"),
  "old reply": reply.split("~").slice(0, 7).join("~"),
  "reply naming nothing": reply.split("~").map((part, i) => (i === 7 ? "" : part)).join("~"),
};
for (const [name, text] of Object.entries(tries)) {
  try {
    linkFromCode(text, name === "wrong kind" || name.includes("reply") ? "answer" : "offer");
    refused[name] = null;
  } catch (error) {
    refused[name] = { sentence: error instanceof CodeError, message: error.message };
  }
}
console.log(JSON.stringify({ out, refused }));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js runs the page's own code")
def test_real_offers_and_answers_cross_as_short_codes_and_bad_codes_are_refused(tmp_path):
    every = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in FIXTURES.glob("*.json")}
    assert set(every) >= {"chromium", "firefox", "webkit"}
    # Debian's WebKitGTK is built without WebRTC: recorded, and the Join page says so plainly.
    assert "RTCPeerConnection" in every["webkit"].get("error", ""), "WebKitGTK gained WebRTC: recapture its codes"
    captured = sorted(path for path in FIXTURES.glob("*.json") if "offer" in every[path.stem])
    assert {path.stem for path in captured} >= {"chromium", "firefox"}
    script = tmp_path / "check.mjs"
    script.write_text(CHECK, encoding="utf-8")
    module = (ROOT / "widgets" / "assets" / "table" / "table-code.js").as_uri()
    done = subprocess.run(["node", str(script), module, *map(str, captured)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    for name, one in result["out"].items():
        assert one["back"] == one["link"] and one["again"] == one["link"], name
        assert len(one["code"]) < 300, (name, len(one["code"]))
        assert one["link"]["candidates"], f"{name}: no host candidate captured"
        assert all(c["protocol"] == "udp" for c in one["link"]["candidates"])
    for name, refusal in result["refused"].items():
        assert refusal and refusal["sentence"] and refusal["message"].endswith((".", ")", "?")), (name, refusal)
        assert "undefined" not in refusal["message"] and "null" not in refusal["message"]
    assert "another version of the site" in result["refused"]["newer"]["message"]
    assert "not a table code" in result["refused"]["foreign"]["message"]
    assert "invitation" in result["refused"]["wrong kind"]["message"]
    assert "another version of the site" in result["refused"]["old reply"]["message"]
    assert "damaged" in result["refused"]["reply naming nothing"]["message"]
    answers = [one for name, one in result["out"].items() if name.endswith("answer")]
    assert all(one["code"].count("~") == 7 and one["back"]["answers"] for one in answers)
